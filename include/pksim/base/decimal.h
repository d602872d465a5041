/*
 * decimal: a number as its decimal digits, compared and written by value.
 *
 * Amazon DynamoDB keeps a number to 38 significant digits and compares
 * numbers by value (AWS's "Supported data types and naming rules":
 * "Numbers can have up to 38 digits of precision"; 1, 1.0 and 1e0 are
 * one key value), where an IEEE-754 double keeps 15 to 17: the ids
 * 9007199254740993 and 9007199254740992 are one double and two numbers.
 * A decimal here is a sign, up to PK_DECIMAL_DIGITS significant digits
 * and a power of ten, so the same value always has the same digits
 * (leading and trailing zeros dropped) and one text.
 *
 * The text (decimal_format) is JavaScript's layout of the digits
 * (Number.prototype.toString): a plain integer or a point up to 21
 * integer digits, down to 6 zeros after the point, an exponent past
 * those ("1e+21", "1e-7"); so the text of a double's shortest digits is
 * the text pkey_template writes for it, and a longer number keeps every
 * digit ("9007199254740993").
 */
#ifndef PKSIM_DECIMAL_H
#define PKSIM_DECIMAL_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/value.h"

/* Significant digits a decimal holds: DynamoDB's 38 and room to say a
   number passes them (the loader refuses one of more than 38 for a
   table before a run) */
#define PK_DECIMAL_DIGITS 40
/* Bytes of decimal_format's longest text, NUL included: a sign, 40
   digits, a point, "0." and 5 zeros before them, or "e-" and 10 digits
   of exponent after them */
#define PK_DECIMAL_TEXT_MAX 64

struct pk_decimal {
	int neg;		   /* 1 below zero; 0 for zero */
	int n;			   /* significant digits in d; 0 is zero */
	long exp;		   /* the value is 0.d[0]d[1]..d[n-1] x
				      10^exp (any when n is 0) */
	char d[PK_DECIMAL_DIGITS]; /* '1'..'9' first and last, '0'..'9'
				       between; not NUL-terminated */
};

/*
 * Read the JSON number text s[0..len) (RFC 8259 §6: an optional '-',
 * digits, an optional fraction and exponent; not NUL-terminated) into
 * *out. Returns 0, or -1 when s is not such a number, has more than
 * PK_DECIMAL_DIGITS significant digits, or an exponent past +-10^9
 * (*out then undefined).
 */
int decimal_parse(const char *s, size_t len, struct pk_decimal *out);

/* The shortest digits that read back as double x (1 to 17; x finite)
   into *out, as JavaScript writes x: 0.1 is 1 x 10^-1, not the double's
   55 exact digits. A non-finite x is written as zero. */
void decimal_of_double(double x, struct pk_decimal *out);

/* Write d as text (the layout above) into buf of cap bytes,
   NUL-terminated, cut if needed; returns the length the whole text needs
   (like snprintf), less than PK_DECIMAL_TEXT_MAX. */
size_t decimal_format(const struct pk_decimal *d, char *buf, size_t cap);

/* 1 with *out when d is an integer from INT64_MIN to INT64_MAX (a JSON
   writer's exact integer), else 0. */
int decimal_int64(const struct pk_decimal *d, int64_t *out);

/* -1, 0 or 1 as a is below, equal to or above b by value. */
int decimal_cmp(const struct pk_decimal *a, const struct pk_decimal *b);

/* 1 when the double nearest d reads back as d (its shortest digits are
   d's), so the double alone keeps the value; else 0. */
int decimal_fits_double(const struct pk_decimal *d);

/*
 * The decimal of a NUMBER value: its text v->str when it has one (a
 * data file's number the double does not keep, value.h), else its
 * double's shortest digits. v must be a NUMBER (else a bug: aborts).
 */
void decimal_of_value(const struct pk_value *v, struct pk_decimal *out);

/* -1, 0 or 1 as NUMBER a is below, equal to or above NUMBER b by value,
   exactly when either carries its text (decimal_of_value), else by
   their doubles. */
int decimal_value_cmp(const struct pk_value *a, const struct pk_value *b);

#endif
