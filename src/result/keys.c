/*
 * keys: a variant's key values as the reports print them, asked of the
 * service that ran it (service/queries.h), so no report reads a
 * service's key format.
 */
#include <string.h>

#include "pksim/result/result.h"

void result_key_text(const struct pk_result_variant *v, const unsigned char *id,
		     size_t len, char *buf, size_t cap)
{
	if (v->service_queries) {
		v->service_queries->key_text(v->key, id, len, buf, cap);
	} else if (cap > 0) {
		buf[0] = '\0';
	}
}

void result_key_json(const struct pk_result_variant *v, const unsigned char *id,
		     size_t len, char *buf, size_t cap)
{
	if (v->service_queries) {
		v->service_queries->key_json(v->key, id, len, buf, cap);
	} else if (cap > 0) {
		buf[0] = '\0';
	}
}

int result_key_single(const struct pk_result_variant *v,
		      const unsigned char *id, size_t len, struct pk_value *out)
{
	if (!v->service_queries) {
		memset(out, 0, sizeof(*out));
		return -1;
	}
	return v->service_queries->key_single(id, len, out);
}

int result_key_undefined(const struct pk_result_variant *v,
			 const unsigned char *id, size_t len)
{
	return v->service_queries ? v->service_queries->key_undefined(id, len)
				  : 0;
}
