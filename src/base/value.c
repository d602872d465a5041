/*
 * value: typed JSON scalars (partition key components) and their text.
 */
#include "pksim/base/value.h"

#include "pksim/base/decimal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t put(char *buf, size_t cap, size_t n, char c)
{
	if (n + 1 < cap) {
		buf[n] = c;
	}
	return n + 1;
}

static size_t format_string(const struct pk_value *v, char *buf, size_t cap)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = 0, i;

	n = put(buf, cap, n, '"');
	for (i = 0; i < v->len; i++) {
		unsigned char c = (unsigned char)v->str[i];

		if (c == '"' || c == '\\') {
			n = put(buf, cap, n, '\\');
			n = put(buf, cap, n, (char)c);
		} else if (c < 0x20) {
			n = put(buf, cap, n, '\\');
			n = put(buf, cap, n, 'u');
			n = put(buf, cap, n, '0');
			n = put(buf, cap, n, '0');
			n = put(buf, cap, n, hex[c >> 4]);
			n = put(buf, cap, n, hex[c & 15]);
		} else {
			n = put(buf, cap, n, (char)c);
		}
	}
	n = put(buf, cap, n, '"');
	if (cap) {
		buf[n < cap ? n : cap - 1] = '\0';
	}
	return n;
}

/* the shortest of %.15g..%.17g that reads back as the same double */
static int format_number(double x, char *buf, size_t cap)
{
	char tmp[40];
	int prec, n = 0;

	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(tmp, sizeof(tmp), "%.*g", prec, x);
		if (strtod(tmp, NULL) == x) {
			break;
		}
	}
	return snprintf(buf, cap, "%s", tmp) < 0 ? 0 : n;
}

size_t value_format(const struct pk_value *v, char *buf, size_t cap)
{
	int n;

	switch (v->type) {
	case PK_VALUE_STRING:
		return format_string(v, buf, cap);
	case PK_VALUE_NUMBER:
		if (v->str) {
			struct pk_decimal d;

			decimal_of_value(v, &d);
			return decimal_format(&d, buf, cap);
		}
		n = format_number(v->num, buf, cap);
		break;
	case PK_VALUE_BOOL:
		n = snprintf(buf, cap, "%s", v->boolean ? "true" : "false");
		break;
	case PK_VALUE_NULL:
		n = snprintf(buf, cap, "null");
		break;
	default:
		n = snprintf(buf, cap, "undefined");
		break;
	}
	return n < 0 ? 0 : (size_t)n;
}

int value_equal(const struct pk_value *a, const struct pk_value *b)
{
	if (a->type != b->type) {
		return 0;
	}
	switch (a->type) {
	case PK_VALUE_STRING:
		return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
	case PK_VALUE_NUMBER:
		return decimal_value_cmp(a, b) == 0;
	case PK_VALUE_BOOL:
		return a->boolean == b->boolean;
	default:
		return 1;
	}
}
