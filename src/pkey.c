/*
 * pkey: single-path partition keys: resolving the path against the item
 * properties and encoding an item's key value.
 */
#include "pksim/pkey.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/mem.h"

/* 1 if some property lives under path, so path names an object */
static int path_is_object(const struct pk_scenario *sc, const char *path)
{
	size_t len = strlen(path), i;

	for (i = 0; i < sc->n_props; i++) {
		const char *p = sc->props[i].path;

		if (strncmp(p, path, len) == 0 && p[len] == '/') {
			return 1;
		}
	}
	return 0;
}

struct pk_pkey *pkey_new(const char *path, const struct pk_scenario *sc,
			 const struct pk_workload *w, struct pk_diag *diag)
{
	struct pk_pkey *k;

	if (path_is_object(sc, path)) {
		diag_error(diag, sc->file, sc->container.line,
			   sc->container.col,
			   "partition key %s names an object in the items; a "
			   "key value must be a string, number, true/false or "
			   "null",
			   path);
		return NULL;
	}
	k = xcalloc(1, sizeof(*k));
	k->path = xstrdup(path);
	k->prop = workload_prop_index(w, path);
	return k;
}

void pkey_free(struct pk_pkey *k)
{
	if (!k) {
		return;
	}
	free(k->path);
	free(k);
}

size_t pkey_encode(const struct pk_pkey *k, const struct pk_workload *w,
		   uint64_t item, unsigned char *buf, size_t cap)
{
	char vbuf[PK_VALUE_MAX_BYTES];
	struct pk_value v = {0};
	size_t len = 0;

	if (k->prop < 0 ||
	    workload_value(w, item, k->prop, &v, vbuf, sizeof(vbuf))) {
		v.type = PK_VALUE_UNDEFINED;
	}
	if (epk_encode_v2(&v, buf, cap, &len)) {
		PK_BUG("key value of %zu bytes does not fit", v.len);
	}
	return len;
}

void pkey_decode(const unsigned char *enc, size_t len, struct pk_value *out)
{
	struct pk_value v = {0};
	uint64_t bits = 0;
	int i;

	if (len == 0) {
		v.type = PK_VALUE_UNDEFINED;
	} else if (enc[0] == 0x08 && len >= 2) {
		v.type = PK_VALUE_STRING;
		v.str = (const char *)enc + 1;
		v.len = len - 2;
	} else if (enc[0] == 0x05 && len == 9) {
		for (i = 8; i >= 1; i--) {
			bits = (bits << 8) | enc[i];
		}
		v.type = PK_VALUE_NUMBER;
		memcpy(&v.num, &bits, sizeof(v.num));
	} else if (enc[0] == 0x02 || enc[0] == 0x03) {
		v.type = PK_VALUE_BOOL;
		v.boolean = enc[0] == 0x03;
	} else if (enc[0] == 0x01) {
		v.type = PK_VALUE_NULL;
	} else {
		v.type = PK_VALUE_UNDEFINED;
	}
	*out = v;
}

void pkey_format_encoded(const unsigned char *enc, size_t len, char *buf,
			 size_t cap)
{
	struct pk_value v;

	pkey_decode(enc, len, &v);
	value_format(&v, buf, cap);
}
