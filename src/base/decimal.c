/*
 * decimal: numbers by their decimal digits (decimal.h). A decimal is
 * kept normalized (no leading or trailing zero digit), so two texts of
 * one value ("1", "1.0", "1e0", "10e-1") give the same struct and the
 * same text, and comparing is by sign, exponent, then digits.
 */
#include "pksim/base/decimal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"

/* An exponent beyond this is refused (no DynamoDB number comes near:
   its range is 1E-130 to 9.9999999999999999999999999999999999999E+125) */
#define DECIMAL_EXP_MAX 1000000000L
/* Significant digits every decimal of which a double keeps (DBL_DIG):
   two such decimals are two doubles, and the double's shortest digits
   give the decimal back */
#define DECIMAL_DOUBLE_DIGITS 15
/* A double reads back from its first 17 significant digits */
#define DECIMAL_DOUBLE_MAX_DIGITS 17
/* JavaScript's layout: plain up to 21 integer digits, a point with up to
   6 zeros after it (ECMA-262 Number::toString: 21 and -6) */
#define DECIMAL_PLAIN_MAX 21
#define DECIMAL_ZEROS_MAX 6

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Add digit c of the number's digits (leading zeros already skipped)
   to out; -1 when there are more than PK_DECIMAL_DIGITS significant */
static int put_digit(struct pk_decimal *out, char c, int *zeros)
{
	if (c == '0') {
		++*zeros; /* kept only when a nonzero digit follows */
		return 0;
	}
	if (out->n + *zeros + 1 > PK_DECIMAL_DIGITS) {
		return -1;
	}
	memset(out->d + out->n, '0', (size_t)*zeros);
	out->n += *zeros;
	*zeros = 0;
	out->d[out->n++] = c;
	return 0;
}

/* The exponent part s[*i..len) after 'e' or 'E': its value into *e */
static int parse_exp(const char *s, size_t len, size_t *i, long *e)
{
	int neg = 0;
	long x = 0;

	if (*i < len && (s[*i] == '+' || s[*i] == '-')) {
		neg = s[(*i)++] == '-';
	}
	if (*i >= len || !is_digit(s[*i])) {
		return -1;
	}
	for (; *i < len && is_digit(s[*i]); ++*i) {
		if (x > DECIMAL_EXP_MAX) {
			return -1;
		}
		x = x * 10 + (s[*i] - '0');
	}
	*e = neg ? -x : x;
	return 0;
}

int decimal_parse(const char *s, size_t len, struct pk_decimal *out)
{
	size_t i = 0;
	long e = 0, point = 0; /* point: integer digits after the first
				  nonzero digit, minus fraction zeros
				  before it */
	int zeros = 0, seen = 0, lead = 1;

	memset(out, 0, sizeof(*out));
	if (i < len && s[i] == '-') {
		out->neg = 1;
		i++;
	}
	if (i >= len || !is_digit(s[i]) ||
	    (s[i] == '0' && i + 1 < len && is_digit(s[i + 1]))) {
		return -1; /* JSON: no leading zero before other digits */
	}
	for (; i < len && is_digit(s[i]); i++) {
		lead = lead && s[i] == '0';
		if (!lead) {
			point++;
			if (put_digit(out, s[i], &zeros) < 0) {
				return -1;
			}
		}
		seen = 1;
	}
	if (i < len && s[i] == '.') {
		if (++i >= len || !is_digit(s[i])) {
			return -1;
		}
		for (; i < len && is_digit(s[i]); i++) {
			lead = lead && s[i] == '0';
			if (lead) {
				point--;
			} else if (put_digit(out, s[i], &zeros) < 0) {
				return -1;
			}
		}
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (parse_exp(s, len, &i, &e) < 0) {
			return -1;
		}
	}
	if (i != len || !seen) {
		return -1;
	}
	if (out->n == 0) {
		out->neg = 0; /* -0 is 0 */
		return 0;
	}
	out->exp = point + e;
	return 0;
}

void decimal_of_double(double x, struct pk_decimal *out)
{
	char e[48];
	int prec;

	if (!isfinite(x) || x == 0) {
		memset(out, 0, sizeof(*out));
		return;
	}
	/* %.{prec}e is correctly rounded: the first that reads back is the
	   shortest */
	for (prec = 0; prec < DECIMAL_DOUBLE_MAX_DIGITS - 1; prec++) {
		snprintf(e, sizeof(e), "%.*e", prec, x);
		if (strtod(e, NULL) == x) {
			break;
		}
	}
	snprintf(e, sizeof(e), "%.*e", prec, x);
	if (decimal_parse(e, strlen(e), out) < 0) {
		PK_BUG("decimal: %s does not parse", e);
	}
}

size_t decimal_format(const struct pk_decimal *d, char *buf, size_t cap)
{
	char t[PK_DECIMAL_TEXT_MAX];
	const int k = d->n;
	const long n = d->exp;
	int w;

	if (k == 0) {
		w = snprintf(t, sizeof(t), "0");
	} else if (k <= n && n <= DECIMAL_PLAIN_MAX) {
		w = snprintf(t, sizeof(t), "%s%.*s%.*s", d->neg ? "-" : "", k,
			     d->d, (int)(n - k), "000000000000000000000");
	} else if (0 < n && n <= DECIMAL_PLAIN_MAX) {
		w = snprintf(t, sizeof(t), "%s%.*s.%.*s", d->neg ? "-" : "",
			     (int)n, d->d, (int)(k - n), d->d + n);
	} else if (-DECIMAL_ZEROS_MAX < n && n <= 0) {
		w = snprintf(t, sizeof(t), "%s0.%.*s%.*s", d->neg ? "-" : "",
			     (int)-n, "000000", k, d->d);
	} else {
		w = snprintf(t, sizeof(t), "%s%c%s%.*se%c%ld",
			     d->neg ? "-" : "", d->d[0], k > 1 ? "." : "",
			     k - 1, d->d + 1, n - 1 >= 0 ? '+' : '-',
			     labs(n - 1));
	}
	if (w < 0 || (size_t)w >= sizeof(t)) {
		PK_BUG("decimal: a text of %d bytes", w);
	}
	if (cap > 0) {
		snprintf(buf, cap, "%s", t);
	}
	return (size_t)w;
}

int decimal_int64(const struct pk_decimal *d, int64_t *out)
{
	uint64_t x = 0, lim = d->neg ? (uint64_t)INT64_MAX + 1 : INT64_MAX;
	long i;

	if (d->n == 0) {
		*out = 0;
		return 1;
	}
	if (d->exp < d->n || d->exp > 19) {
		return 0; /* a fraction, or 20 digits or more */
	}
	for (i = 0; i < d->exp; i++) {
		unsigned dig = i < d->n ? (unsigned)(d->d[i] - '0') : 0;

		if (x > (lim - dig) / 10) {
			return 0;
		}
		x = x * 10 + dig;
	}
	*out = d->neg ? (int64_t)(0 - x) : (int64_t)x;
	return 1;
}

/* Magnitudes: -1, 0, 1 as |a| is below, equal to or above |b| */
static int cmp_abs(const struct pk_decimal *a, const struct pk_decimal *b)
{
	int n = a->n < b->n ? a->n : b->n, c;

	if (a->n == 0 || b->n == 0) {
		return (a->n > 0) - (b->n > 0);
	}
	if (a->exp != b->exp) {
		return a->exp > b->exp ? 1 : -1;
	}
	c = memcmp(a->d, b->d, (size_t)n);
	if (c != 0) {
		return c > 0 ? 1 : -1;
	}
	/* no trailing zeros: the one with more digits is the larger */
	return (a->n > b->n) - (a->n < b->n);
}

int decimal_cmp(const struct pk_decimal *a, const struct pk_decimal *b)
{
	if (a->neg != b->neg) {
		return a->neg ? -1 : 1;
	}
	return a->neg ? -cmp_abs(a, b) : cmp_abs(a, b);
}

int decimal_fits_double(const struct pk_decimal *d)
{
	char t[PK_DECIMAL_TEXT_MAX];
	struct pk_decimal back;

	if (d->n <= DECIMAL_DOUBLE_DIGITS && d->exp > DBL_MIN_10_EXP + 1 &&
	    d->exp < DBL_MAX_10_EXP) {
		return 1;
	}
	decimal_format(d, t, sizeof(t));
	decimal_of_double(strtod(t, NULL), &back);
	return decimal_cmp(d, &back) == 0;
}

void decimal_of_value(const struct pk_value *v, struct pk_decimal *out)
{
	if (v->type != PK_VALUE_NUMBER) {
		PK_BUG("decimal: a value of type %d", (int)v->type);
	}
	if (v->str && decimal_parse(v->str, v->len, out) == 0) {
		return;
	}
	decimal_of_double(v->num, out);
}

int decimal_value_cmp(const struct pk_value *a, const struct pk_value *b)
{
	struct pk_decimal x, y;

	if (!a->str && !b->str) {
		return (a->num > b->num) - (a->num < b->num);
	}
	decimal_of_value(a, &x);
	decimal_of_value(b, &y);
	return decimal_cmp(&x, &y);
}
