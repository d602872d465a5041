/*
 * trace_ddbjson: recognising a record written in DynamoDB JSON, the
 * typed form of an item that DynamoDB's export to Amazon S3, the AWS
 * CLI's scan and get-item, and the low-level API write: every
 * attribute a map of one type descriptor to its value, {"S": "text"},
 * {"N": "12"}, {"M": {...}}, {"L": [...]}, ..., and an export's line
 * the item under "Item". pksim reads a data file's record as the plain
 * JSON item itself, so such a record would be sized with its type maps
 * as attributes (more units and storage than DynamoDB counts, §1) and
 * its numbers compared as the strings they are written as: the loader
 * refuses it instead (trace_json.c), saying what to give.
 * Only a record whose every attribute (at least one) is such a map
 * whose value has its descriptor's JSON type is taken for one: a plain
 * item that happens to hold a one-key map keeps loading. The AWS CLI's
 * scan and query answers, one object {"Items": [...], "Count": ...}
 * over the whole file, are recognised by their opening (trace.c refuses
 * the file before parsing it, as neither JSON lines nor an array).
 */
#include "trace_int.h"

#include <stdint.h>
#include <string.h>

/* 1 when v is {"T": x}, T one of DynamoDB's attribute type descriptors
   and x of the JSON type DynamoDB JSON writes it in (AWS's
   AttributeValue reference: S, N and B strings; BOOL a boolean; NULL
   true; M a map; L a list; SS, NS and BS lists of strings) */
static int typed_value(const json_t *v)
{
	const char *k;
	const json_t *x;
	void *it;

	if (!json_is_object(v) || json_object_size(v) != 1) {
		return 0;
	}
	it = json_object_iter((json_t *)v);
	k = json_object_iter_key(it);
	x = json_object_iter_value(it);
	if (!strcmp(k, "S") || !strcmp(k, "N") || !strcmp(k, "B")) {
		return json_is_string(x);
	}
	if (!strcmp(k, "BOOL")) {
		return json_is_boolean(x);
	}
	if (!strcmp(k, "NULL")) {
		return json_is_true(x);
	}
	if (!strcmp(k, "M")) {
		return json_is_object(x);
	}
	return (!strcmp(k, "L") || !strcmp(k, "SS") || !strcmp(k, "NS") ||
		!strcmp(k, "BS")) &&
	       json_is_array(x);
}

/* 1 when object o has at least one attribute and each is typed_value */
static int typed_item(const json_t *o)
{
	const char *k;
	json_t *v;

	if (!json_is_object(o) || json_object_size(o) == 0) {
		return 0;
	}
	json_object_foreach((json_t *)o, k, v)
	{
		(void)k;
		if (!typed_value(v)) {
			return 0;
		}
	}
	return 1;
}

int trace_ddb_json(const json_t *rec)
{
	const json_t *item = json_object_get(rec, "Item");

	if (json_object_size(rec) == 1 && item && typed_item(item)) {
		return 1;
	}
	return typed_item(rec);
}

size_t trace_ddb_scan_at(const char *s, size_t n, size_t start)
{
	size_t p = trace_skip_ws(s, n, start), at;

	if (p == n || s[p] != '{') {
		return SIZE_MAX;
	}
	at = p = trace_skip_ws(s, n, p + 1);
	if (n - p < 7 || memcmp(s + p, "\"Items\"", 7) != 0) {
		return SIZE_MAX;
	}
	p = trace_skip_ws(s, n, p + 7);
	if (p == n || s[p] != ':') {
		return SIZE_MAX;
	}
	p = trace_skip_ws(s, n, p + 1);
	return p < n && s[p] == '[' ? at : SIZE_MAX;
}
