/*
 * report_field_key: a partition key value as the JSON report holds it
 * (report_field_int.h). A single value is read from its identity bytes; a
 * hierarchical key's levels, and a scorecard's keys, exist in the model
 * only as JSON text (result_key_json, result_key_text), which jansson
 * reads: text that is no JSON (a level written undefined, a key cut at
 * its buffer) is the string itself, as the writer has it.
 */
#include "report_field_int.h"
#include "report_json_int.h"

#include <jansson.h>

#include "pksim/base/value.h"

/* A JSON value of a key into o: a list as its length, {} (an undefined
   level) absent. */
static void of_json(json_t *j, struct pk_field_value *o)
{
	if (json_is_array(j)) {
		fv_int(o, (int64_t)json_array_size(j));
	} else if (json_is_integer(j)) {
		fv_int(o, json_integer_value(j));
	} else if (json_is_real(j)) {
		fv_real(o, json_real_value(j));
	} else if (json_is_string(j)) {
		fv_text(o, json_string_value(j));
	} else if (json_is_boolean(j)) {
		fv_bool(o, json_is_true(j));
	} else if (json_is_null(j)) {
		fv_null(o);
	}
}

/* Key JSON text, whole (level < 0) or its level-th level, into o. */
static void of_text(const char *text, long level, struct pk_field_value *o)
{
	json_t *j = json_loads(text, JSON_DECODE_ANY, NULL);

	if (!j) {
		if (level < 0) {
			fv_text(o, text);
		}
		return;
	}
	if (level < 0) {
		of_json(j, o);
	} else if (json_is_array(j)) {
		of_json(json_array_get(j, (size_t)level), o);
	}
	json_decref(j);
}

void field_key_lp(const struct pk_result_variant *k,
		  const struct pk_result_lp *lp, long level,
		  struct pk_field_value *o)
{
	struct pk_value v;
	char text[PK_VALUE_MAX_BYTES * 2];
	json_t *j;

	if (result_key_single(k, lp->key, lp->key_len, &v)) {
		result_key_json(k, lp->key, lp->key_len, text, sizeof(text));
		of_text(text, level, o);
		return;
	}
	if (level >= 0) {
		return; /* one value: no levels */
	}
	/* the writer's own constructors: a string that is no UTF-8 is none,
	   and the field is left out */
	switch (v.type) {
	case PK_VALUE_STRING:
		j = json_stringn(v.str, v.len);
		break;
	case PK_VALUE_NUMBER:
		j = report_json_number(&v);
		break;
	case PK_VALUE_BOOL:
		j = json_boolean(v.boolean);
		break;
	default:
		j = json_null(); /* null, or undefined: key_undefined says */
		break;
	}
	of_json(j, o);
	json_decref(j);
}

void field_key_text(const char *text, int have, long level,
		    struct pk_field_value *o)
{
	if (!have) {
		if (level < 0) {
			fv_null(o);
		}
		return;
	}
	of_text(text, level, o);
}
