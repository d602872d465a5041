/*
 * fuzz_epk: libFuzzer harness for the EPK encoder and hash.
 *
 * The input is read as JSON (jansson); a top-level array gives the
 * partition key components: strings, numbers, true/false, null map to
 * struct pk_value; an object or array element maps to undefined (a key
 * component that is not a scalar has no value). Any other input is
 * ignored. epk_hash_v2 must hash any component list without a crash or
 * sanitizer report, and give the same EPK twice (it is a pure function);
 * epk_hash_multi gets the first three components as hierarchical levels.
 */
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/value.h"
#include "pksim/service/cosmos/epk.h"

/* Components hashed at most; more are ignored (keys have 1..3 levels, a
   few more exercise the encoder without slowing the fuzzer) */
#define FUZZ_EPK_MAX_COMPONENTS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void to_value(json_t *j, struct pk_value *v)
{
	memset(v, 0, sizeof(*v));
	switch (json_typeof(j)) {
	case JSON_STRING:
		v->type = PK_VALUE_STRING;
		v->str = json_string_value(j);
		v->len = json_string_length(j);
		break;
	case JSON_INTEGER:
		v->type = PK_VALUE_NUMBER;
		v->num = (double)json_integer_value(j);
		break;
	case JSON_REAL:
		v->type = PK_VALUE_NUMBER;
		v->num = json_real_value(j);
		break;
	case JSON_TRUE:
	case JSON_FALSE:
		v->type = PK_VALUE_BOOL;
		v->boolean = json_is_true(j);
		break;
	case JSON_NULL:
		v->type = PK_VALUE_NULL;
		break;
	default:
		v->type = PK_VALUE_UNDEFINED;
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pk_value comps[FUZZ_EPK_MAX_COMPONENTS];
	struct pk_epk a, b;
	json_error_t err;
	json_t *root;
	size_t n, i;

	root = json_loadb((const char *)data, size,
			  JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
	if (!root) {
		return 0;
	}
	n = json_is_array(root) ? json_array_size(root) : 0;
	if (n > FUZZ_EPK_MAX_COMPONENTS) {
		n = FUZZ_EPK_MAX_COMPONENTS;
	}
	for (i = 0; i < n; i++) {
		to_value(json_array_get(root, i), &comps[i]);
	}
	if (n > 0) {
		a = epk_hash_v2(comps, n);
		b = epk_hash_v2(comps, n);
		if (memcmp(&a, &b, sizeof(a)) != 0) {
			abort();
		}
		/* hierarchical keys: MultiHash of up to 3 levels */
		(void)epk_hash_multi(comps, n < 3 ? n : 3);
	}
	json_decref(root);
	return 0;
}
