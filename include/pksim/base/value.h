/*
 * value: one typed JSON scalar, as a partition key component is typed in
 * Azure Cosmos DB: string, number, true/false, null, or undefined (the
 * property is missing). Objects and arrays are not key values.
 * Source: reference §7 (type markers), D-PART (key value types).
 */
#ifndef PKSIM_VALUE_H
#define PKSIM_VALUE_H

#include <stddef.h>

/* Largest property value pksim generates or accepts, in bytes (NUL
   included). Keys themselves are limited to 2,048 bytes (D-LIMITS). */
#define PK_VALUE_MAX_BYTES 4096

enum pk_value_type {
	PK_VALUE_UNDEFINED = 0, /* property missing from the item */
	PK_VALUE_NULL,
	PK_VALUE_BOOL,
	PK_VALUE_NUMBER,
	PK_VALUE_STRING,
};

struct pk_value {
	enum pk_value_type type;
	const char *str; /* STRING: UTF-8 bytes, borrowed; not NUL-terminated.
			    NUMBER: NULL, or the number's decimal text (a
			    JSON number, borrowed, not NUL-terminated) when
			    num does not keep its value: a data file's
			    number of more than 15 significant digits
			    (decimal.h; Amazon DynamoDB keeps 38) */
	size_t len;	 /* STRING: length of str in bytes; NUMBER: of its
			    text, 0 without */
	double num;	 /* NUMBER: IEEE-754 double (the nearest to the
			    text when there is one) */
	int boolean;	 /* BOOL: 0 or 1 */
};

/*
 * Write v as JSON text (strings quoted and escaped; undefined as the bare
 * word `undefined`; a number with its text as that text's digits,
 * decimal_format, else its double's shortest) into buf of cap bytes,
 * NUL-terminated, truncating if needed. Returns the length the full text
 * needs (like snprintf).
 */
size_t value_format(const struct pk_value *v, char *buf, size_t cap);

/* 1 if a and b are the same typed value, else 0 (numbers compare by
   value, exactly when either has its text: decimal_value_cmp). */
int value_equal(const struct pk_value *a, const struct pk_value *b);

#endif
