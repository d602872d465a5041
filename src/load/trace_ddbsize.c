/*
 * trace_ddbsize: a data file's record measured as Amazon DynamoDB
 * measures an item (reference §1, "Item size"; AWS's "Item sizes and
 * formats"): each attribute its name's UTF-8 bytes plus its value's:
 * - a string: its UTF-8 bytes (as decoded: escapes count as the
 *   characters they stand for);
 * - a number: 1 byte per 2 significant digits, plus 1 byte;
 * - true/false (boolean) and null: 1 byte;
 * - an object (map) or array (list): 3 bytes, plus each element's
 *   value and 1 byte an element (a map element's name too).
 * The item itself is its top-level attributes, names included: no
 * braces, no quotes, no system attributes (a table adds none).
 * ASSUMPTIONS (docs/dynamodb.md): a JSON file has no binary type, so
 * every string is a string (a base64 text meant as binary would count
 * its decoded bytes in DynamoDB); a number's significant digits are
 * those of the shortest decimal that reads back as the same double
 * (leading and trailing zeros trimmed, AWS's "approximately"), 0
 * counting as one digit.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "trace_int.h"

/* A list's or map's own bytes, and each element's (reference §1) */
#define DDB_CONTAINER_BYTES 3
#define DDB_ELEMENT_BYTES 1
/* A boolean's or a null's value bytes */
#define DDB_SCALAR_BYTES 1
/* %.17g reads back any double exactly */
#define DDB_MAX_DIGITS 17

/* Significant digits of the decimal text s: its digits, leading and
   trailing zeros (and the exponent) left out; at least 1 */
static int significant(const char *s)
{
	const char *e = strpbrk(s, "eE");
	const char *end = e ? e : s + strlen(s);
	const char *p, *first = NULL, *last = NULL;
	int n = 0;

	for (p = s; p < end; p++) {
		if (*p >= '1' && *p <= '9') {
			first = first ? first : p;
			last = p;
		}
	}
	for (p = first; p && p <= last; p++) {
		n += *p >= '0' && *p <= '9';
	}
	return n > 0 ? n : 1;
}

/* A number's bytes: ceil(digits / 2) + 1 */
static uint64_t number_bytes(const json_t *v)
{
	char buf[64];
	int digits, prec;

	if (json_is_integer(v)) {
		snprintf(buf, sizeof(buf), "%lld",
			 (long long)json_integer_value(v));
	} else {
		double x = json_real_value(v);

		/* the shortest text that reads back as x */
		for (prec = 1; prec <= DDB_MAX_DIGITS; prec++) {
			snprintf(buf, sizeof(buf), "%.*g", prec, x);
			if (strtod(buf, NULL) == x) {
				break;
			}
		}
	}
	digits = significant(buf);
	return (uint64_t)((digits + 1) / 2 + 1);
}

uint64_t trace_ddb_value_bytes(const json_t *v)
{
	uint64_t n = DDB_CONTAINER_BYTES;
	const char *name;
	json_t *e;
	size_t i;

	switch (json_typeof(v)) {
	case JSON_STRING:
		return json_string_length(v);
	case JSON_INTEGER:
	case JSON_REAL:
		return number_bytes(v);
	case JSON_OBJECT:
		json_object_foreach((json_t *)v, name, e)
		{
			n += strlen(name) + trace_ddb_value_bytes(e) +
			     DDB_ELEMENT_BYTES;
		}
		return n;
	case JSON_ARRAY:
		json_array_foreach(v, i, e)
		{
			n += trace_ddb_value_bytes(e) + DDB_ELEMENT_BYTES;
		}
		return n;
	default: /* true, false, null */
		return DDB_SCALAR_BYTES;
	}
}

uint64_t trace_ddb_item_bytes(const json_t *rec)
{
	const char *name;
	json_t *e;
	uint64_t n = 0;

	json_object_foreach((json_t *)rec, name, e)
	{
		n += strlen(name) + trace_ddb_value_bytes(e);
	}
	return n;
}
