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
 * A number is sized from its text in the record (jansson keeps only a
 * 64-bit integer or a double, and DynamoDB keeps up to 38 significant
 * digits: a 20-digit id read as a double would lose 3 of them): its
 * significant digits are those written, leading and trailing zeros and
 * the exponent left out, 0 counting as one digit. A number of more than
 * 38 significant digits is one DynamoDB refuses (ValidationException,
 * "Attribute value types and formats"); the record's first such number
 * is handed back for the loader to refuse for a table.
 * ASSUMPTIONS (docs/dynamodb.md): a JSON file has no binary type, so
 * every string is a string (a base64 text meant as binary would count
 * its decoded bytes in DynamoDB); AWS's "approximately" 1 byte per 2
 * digits is taken as ceil(digits / 2) + 1. A record whose object repeats
 * a property name (jansson keeps the last value) and so drops a number
 * has its numbers sized from the values kept: the shortest decimal that
 * reads back as each one's double.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "trace_int.h"

#include "pksim/base/mem.h"

#include "pksim/service/dynamodb/spec.h"

/* A list's or map's own bytes, and each element's (reference §1) */
#define DDB_CONTAINER_BYTES 3
#define DDB_ELEMENT_BYTES 1
/* A boolean's or a null's value bytes */
#define DDB_SCALAR_BYTES 1
/* %.17g reads back any double exactly */
#define DDB_MAX_DIGITS 17

/* Significant digits of the decimal text s[0..len): its digits, leading
   and trailing zeros (and the exponent) left out; at least 1 */
static int significant_n(const char *s, size_t len)
{
	const char *end = s + len, *p, *first = NULL, *last = NULL;
	int n = 0;

	for (p = s; p < end && *p != 'e' && *p != 'E'; p++) {
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

/* A number's bytes from its significant digits: ceil(digits / 2) + 1 */
static uint64_t digits_bytes(int digits)
{
	return (uint64_t)((digits + 1) / 2 + 1);
}

/* A number's bytes from its value: the shortest text that reads back */
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
	digits = significant_n(buf, strlen(buf));
	return digits_bytes(digits);
}

/* Keep the token s[i..j) of digits significant digits in L->toks */
static void keep_token(struct loader *L, size_t i, size_t j, int digits)
{
	struct trace_num_tok *t;

	mem_grow((void **)&L->toks, &L->toks_cap, L->n_toks + 1,
		 sizeof(*L->toks));
	t = &L->toks[L->n_toks++];
	t->off = i;
	t->len = j - i;
	t->digits = digits;
}

void trace_ddb_numbers(const char *s, size_t len, struct trace_ddb_nums *out,
		       struct loader *L)
{
	size_t i = 0, j, depth = 0; /* depth: arrays open around i */
	int in_str = 0, esc = 0, digits;

	memset(out, 0, sizeof(*out));
	out->wide_off = SIZE_MAX;
	if (L) {
		L->n_toks = 0;
	}
	while (i < len) {
		char c = s[i];

		if (in_str) {
			if (esc) {
				esc = 0;
			} else if (c == '\\') {
				esc = 1;
			} else if (c == '"') {
				in_str = 0;
			}
			i++;
			continue;
		}
		if (c == '"') {
			in_str = 1;
			i++;
			continue;
		}
		depth += c == '[';
		depth -= c == ']' && depth > 0;
		if (c != '-' && (c < '0' || c > '9')) {
			i++;
			continue;
		}
		/* jansson has validated the text: a number runs over its
		   digits, point, exponent and signs */
		for (j = i + 1; j < len; j++) {
			c = s[j];
			if (!(c >= '0' && c <= '9') && c != '.' && c != 'e' &&
			    c != 'E' && c != '+' && c != '-') {
				break;
			}
		}
		digits = significant_n(s + i, j - i);
		out->count++;
		out->bytes += digits_bytes(digits);
		if (digits > PK_DDB_NUMBER_MAX_DIGITS &&
		    out->wide_off == SIZE_MAX) {
			out->wide_off = i;
			out->wide_digits = digits;
		}
		if (L && depth == 0) {
			keep_token(L, i, j, digits);
			out->long_n += digits > PK_TRACE_DOUBLE_DIGITS;
		}
		i = j;
	}
}

/* v's bytes as trace_ddb_value_bytes gives them, with every number
   counted 0 bytes (nums: numbers met so far, added to) when text is 1 */
static uint64_t value_bytes(const json_t *v, int text, size_t *nums)
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
		++*nums;
		return text ? 0 : number_bytes(v);
	case JSON_OBJECT:
		json_object_foreach((json_t *)v, name, e)
		{
			n += strlen(name) + value_bytes(e, text, nums) +
			     DDB_ELEMENT_BYTES;
		}
		return n;
	case JSON_ARRAY:
		json_array_foreach(v, i, e)
		{
			n += value_bytes(e, text, nums) + DDB_ELEMENT_BYTES;
		}
		return n;
	default: /* true, false, null */
		return DDB_SCALAR_BYTES;
	}
}

uint64_t trace_ddb_value_bytes(const json_t *v)
{
	size_t nums = 0;

	return value_bytes(v, 0, &nums);
}

/* rec's attributes' bytes, numbers as value_bytes counts them */
static uint64_t item_bytes(const json_t *rec, int text, size_t *nums)
{
	const char *name;
	json_t *e;
	uint64_t n = 0;

	json_object_foreach((json_t *)rec, name, e)
	{
		n += strlen(name) + value_bytes(e, text, nums);
	}
	return n;
}

uint64_t trace_ddb_item_bytes(const json_t *rec,
			      const struct trace_ddb_nums *nums)
{
	size_t seen = 0;
	uint64_t n;

	if (nums) {
		n = item_bytes(rec, 1, &seen);
		if (seen == nums->count) {
			return n + nums->bytes;
		}
		/* a repeated name dropped a number: the text's numbers are
		   not the tree's */
		seen = 0;
	}
	return item_bytes(rec, 0, &seen);
}
