/*
 * pkey: partition key definitions (path, hierarchical, synthetic), key
 * values and their rules. The rules and their sources are in pkey.h;
 * templates are parsed and built in pkey_template.c, queries routed in
 * pkey_route.c.
 */
#include "pksim/service/cosmos/pkey.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/decimal.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/trace.h"
#include "pksim/workload/workload.h"

#include "pkey_int.h"

/* ---- definition ---- */

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

int pkey_add_ref(struct pk_pkey *k, const char *path)
{
	size_t i;

	for (i = 0; i < k->n_refs; i++) {
		if (strcmp(k->refs[i], path) == 0) {
			return (int)i;
		}
	}
	if (k->n_refs == PK_KEY_MAX_REFS) {
		return -1;
	}
	k->refs[k->n_refs] = xstrdup(path);
	return (int)k->n_refs++;
}

struct pk_pkey *pkey_new(const struct pk_container_spec *cs,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w, uint64_t seed,
			 struct pk_diag *diag)
{
	const struct pk_key_spec *ks = &cs->key;
	struct pk_pkey *k = xcalloc(1, sizeof(*k));
	char *where = ks->line > 0 ? xstrdup(sc->file)
				   : xasprintf("--key '%s'", cs->partition_key);
	size_t i;
	int bad = 0;

	k->kind = ks->kind;
	k->version = ks->version == 1 ? 1 : 2;
	k->text = xstrdup(cs->partition_key);
	k->seed = seed;
	if (ks->kind == PK_KEY_SYNTHETIC) {
		bad = pkey_parse_template(k, diag, where, ks->line, ks->col,
					  ks->template_text);
	}
	for (i = 0; ks->kind != PK_KEY_SYNTHETIC && i < ks->n_paths; i++) {
		if (path_is_object(sc, ks->paths[i])) {
			diag_error(diag, where, ks->line, ks->col,
				   "partition key %s names an object in the "
				   "items; a key value must be a string, "
				   "number, true/false or null",
				   ks->paths[i]);
			bad = -1;
			break;
		}
		pkey_add_ref(k, ks->paths[i]);
	}
	free(where);
	if (bad) {
		pkey_free(k);
		return NULL;
	}
	for (i = 0; i < k->n_refs; i++) {
		k->ref_prop[i] = w ? workload_prop_index(w, k->refs[i]) : -1;
	}
	return k;
}

void pkey_free(struct pk_pkey *k)
{
	size_t i;

	if (!k) {
		return;
	}
	for (i = 0; i < k->n_refs; i++) {
		free(k->refs[i]);
	}
	for (i = 0; i < k->n_parts; i++) {
		free(k->parts[i].text);
	}
	free(k->parts);
	free(k->text);
	free(k);
}

/* ---- sources ---- */

static int workload_get(const struct pk_item_source *src, size_t ref,
			struct pk_value *out, char *buf, size_t cap)
{
	int prop = src->key->ref_prop[ref];
	int rc = prop < 0
		     ? -1
		     : workload_value(src->ctx, src->item, prop, out, buf, cap);

	if (rc == PK_WORKLOAD_NOT_SCALAR) {
		return -1; /* an object or array: not a key value (400) */
	}
	if (rc) {
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_UNDEFINED;
	}
	return 0;
}

void pkey_source_workload(const struct pk_pkey *k, const struct pk_workload *w,
			  uint64_t item, struct pk_item_source *src)
{
	src->get = workload_get;
	src->key = k;
	src->ctx = w;
	src->item = item;
}

static int json_get(const struct pk_item_source *src, size_t ref,
		    struct pk_value *out, char *buf, size_t cap)
{
	return trace_json_value(src->ctx, src->key->refs[ref], out, buf, cap);
}

void pkey_source_json(const struct pk_pkey *k, const void *obj, uint64_t item,
		      struct pk_item_source *src)
{
	src->get = json_get;
	src->key = k;
	src->ctx = obj;
	src->item = item;
}

/* ---- building a key ---- */

/* Bytes of the first PK_KEY_V1_CHARS UTF-16 code units of s (D-LPK):
   a character from U+10000 up takes two units. */
static size_t v1_cut(const char *s, size_t len)
{
	size_t i = 0, units = 0;

	while (i < len) {
		unsigned char c = (unsigned char)s[i];
		size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
		size_t u = n == 4 ? 2 : 1;

		if (units + u > PK_KEY_V1_CHARS || i + n > len) {
			break;
		}
		units += u;
		i += n;
	}
	return i;
}

void pkey_keyval_fail(struct pk_keyval *out, const char *why)
{
	out->status = 400;
	out->why = why;
}

/* Append number v (with its text) to out's identity: its double's
   encoding when the double keeps its value, else PK_KEY_MARK_DECIMAL,
   its decimal text and PK_EPK_V2_STRING_END (pkey.h). Not inlined: a
   rare path whose buffers would put a stack guard on every key built */
static __attribute__((noinline)) int append_decimal(const struct pk_value *v,
						    struct pk_keyval *out)
{
	struct pk_decimal d;
	struct pk_value x;
	size_t n;

	decimal_of_value(v, &d);
	if (decimal_fits_double(&d)) {
		x = *v;
		x.str = NULL;
		x.len = 0;
		if (epk_encode_v2(&x, out->id, sizeof(out->id), &out->id_len)) {
			pkey_keyval_fail(out,
					 "the partition key value is too long");
			return -1;
		}
		return 0;
	}
	if (sizeof(out->id) - out->id_len < PK_DECIMAL_TEXT_MAX + 1) {
		pkey_keyval_fail(out, "the partition key value is too long");
		return -1;
	}
	out->id[out->id_len++] = PK_KEY_MARK_DECIMAL;
	n = decimal_format(&d, (char *)out->id + out->id_len,
			   PK_DECIMAL_TEXT_MAX);
	out->id_len += n;
	out->id[out->id_len++] = PK_EPK_V2_STRING_END;
	return 0;
}

/* Append the identity bytes of v to out (cutting strings under V1). */
static int append_component(const struct pk_pkey *k, struct pk_value *v,
			    struct pk_keyval *out)
{
	if (v->type == PK_VALUE_STRING && v->len > PK_KEY_MAX_VALUE_BYTES) {
		pkey_keyval_fail(out, "the partition key value is longer than "
				      "2,048 bytes");
		return -1;
	}
	if (k->version == 1 && v->type == PK_VALUE_STRING) {
		v->len = v1_cut(v->str, v->len);
	}
	if (k->exact_numbers && v->type == PK_VALUE_NUMBER && v->str) {
		return append_decimal(v, out);
	}
	if (epk_encode_v2(v, out->id, sizeof(out->id), &out->id_len)) {
		pkey_keyval_fail(out, "the partition key value is too long");
		return -1;
	}
	return 0;
}

int pkey_get_value(const struct pk_item_source *src, size_t ref,
		   struct pk_value *v, char *buf, struct pk_keyval *out)
{
	if (src->get(src, ref, v, buf, PK_VALUE_MAX_BYTES)) {
		pkey_keyval_fail(out,
				 "the partition key value is an object or an "
				 "array; it must be a string, number, "
				 "true/false or null");
		return -1;
	}
	return 0;
}

/* pkey_build with the random parts of candidate pick (PK_PICK_DRAWN:
   the item's own draws). */
static void build_pick(const struct pk_pkey *k,
		       const struct pk_item_source *src, uint64_t pick,
		       struct pk_keyval *out)
{
	struct pk_value v[PK_KEY_MAX_LEVELS];
	char buf[PK_KEY_MAX_LEVELS][PK_VALUE_MAX_BYTES];
	size_t i, n = k->kind == PK_KEY_HIERARCHICAL ? k->n_refs : 1;
	int len;

	out->status = 0;
	out->why = NULL;
	out->id_len = 0;
	if (k->kind == PK_KEY_SYNTHETIC) {
		len = pkey_build_template(k, src, pick, buf[0],
					  PK_KEY_MAX_VALUE_BYTES, out);
		if (len < 0) {
			return;
		}
		memset(&v[0], 0, sizeof(v[0]));
		v[0].type = PK_VALUE_STRING;
		v[0].str = buf[0];
		v[0].len = (size_t)len;
	} else {
		for (i = 0; i < n; i++) {
			if (pkey_get_value(src, i, &v[i], buf[i], out)) {
				return;
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (append_component(k, &v[i], out)) {
			return;
		}
	}
	if (k->no_epk) {
		/* nothing reads it: skip the murmur3 of every build */
		out->epk = pk_epk_min;
	} else if (k->kind == PK_KEY_HIERARCHICAL) {
		out->epk = epk_hash_multi(v, n);
	} else if (k->version == 1) {
		out->epk = epk_hash_v1(v, 1);
	} else {
		out->epk = epk_from_encoded_v2(out->id, out->id_len);
	}
}

void pkey_build(const struct pk_pkey *k, const struct pk_item_source *src,
		struct pk_keyval *out)
{
	build_pick(k, src, PK_PICK_DRAWN, out);
}

void pkey_build_pick(const struct pk_pkey *k, const struct pk_item_source *src,
		     uint64_t pick, struct pk_keyval *out)
{
	if (pick >= pkey_random_values(k)) {
		PK_BUG("pkey_build_pick: candidate %llu of %llu",
		       (unsigned long long)pick,
		       (unsigned long long)pkey_random_values(k));
	}
	build_pick(k, src, pick, out);
}

/* ---- identities back to values ---- */

/* Decode the number kept as its decimal text (PK_KEY_MARK_DECIMAL,
   pkey.h) at id[*pos] into *v, its double the nearest to the text;
   advance *pos. -1 when malformed. Not inlined: a rare path whose
   buffer would put a stack guard on every identity decoded */
static __attribute__((noinline)) int decode_decimal(const unsigned char *id,
						    size_t len, size_t *pos,
						    struct pk_value *v)
{
	char text[PK_DECIMAL_TEXT_MAX];
	size_t p = *pos, e;

	for (e = p + 1; e < len && id[e] != PK_EPK_V2_STRING_END; e++) {
	}
	if (e >= len || e - p - 1 >= PK_DECIMAL_TEXT_MAX) {
		return -1;
	}
	v->type = PK_VALUE_NUMBER;
	v->str = (const char *)id + p + 1;
	v->len = e - p - 1;
	memcpy(text, v->str, v->len);
	text[v->len] = '\0';
	v->num = strtod(text, NULL);
	*pos = e + 1;
	return 0;
}

/* Decode the component at id[*pos]; advance *pos. -1 when malformed. */
static int decode_component(const unsigned char *id, size_t len, size_t *pos,
			    struct pk_value *v)
{
	size_t p = *pos, e;
	uint64_t bits = 0;
	int i;

	memset(v, 0, sizeof(*v));
	if (p >= len) {
		return -1;
	}
	switch (id[p]) {
	case PK_EPK_MARK_STRING:
		for (e = p + 1; e < len && id[e] != PK_EPK_V2_STRING_END; e++) {
		}
		if (e >= len) {
			return -1;
		}
		v->type = PK_VALUE_STRING;
		v->str = (const char *)id + p + 1;
		v->len = e - p - 1;
		*pos = e + 1;
		return 0;
	case PK_EPK_MARK_NUMBER:
		if (p + 9 > len) {
			return -1;
		}
		for (i = 8; i >= 1; i--) {
			bits = (bits << 8) | id[p + (size_t)i];
		}
		v->type = PK_VALUE_NUMBER;
		memcpy(&v->num, &bits, sizeof(v->num));
		*pos = p + 9;
		return 0;
	case PK_EPK_MARK_TRUE:
	case PK_EPK_MARK_FALSE:
		v->type = PK_VALUE_BOOL;
		v->boolean = id[p] == PK_EPK_MARK_TRUE;
		break;
	case PK_EPK_MARK_NULL:
		v->type = PK_VALUE_NULL;
		break;
	default:
		if (id[p] == PK_KEY_MARK_DECIMAL) {
			return decode_decimal(id, len, pos, v);
		}
		v->type = PK_VALUE_UNDEFINED;
		break;
	}
	*pos = p + 1;
	return 0;
}

int pkey_decode_single(const unsigned char *id, size_t len,
		       struct pk_value *out)
{
	size_t pos = 0;

	if (decode_component(id, len, &pos, out) || pos != len) {
		return -1;
	}
	return 0;
}

int pkey_id_is_undefined(const unsigned char *id, size_t len)
{
	return len == 1 && id[0] == PK_EPK_MARK_UNDEFINED;
}

/* pkey_format_id, with an undefined level of a hierarchical key written
   as undef ("undefined", or "{}" for pkey_format_id_json) */
static void format_id(const struct pk_pkey *k, const unsigned char *id,
		      size_t len, const char *undef, char *buf, size_t cap)
{
	struct pk_value v;
	size_t pos = 0, n = 0;
	int first = 1;

	if (cap == 0) {
		return;
	}
	buf[0] = '\0';
	if (!k || k->kind != PK_KEY_HIERARCHICAL) {
		if (pkey_decode_single(id, len, &v) == 0) {
			value_format(&v, buf, cap);
		}
		return;
	}
	/* n < cap throughout: value_format's count, like snprintf's, is
	   what the whole value needs and may pass the buffer */
	n = fmt_append(buf, cap, 0, "[");
	while (pos < len && n + 1 < cap &&
	       decode_component(id, len, &pos, &v) == 0) {
		size_t w;

		if (!first) {
			n = fmt_append(buf, cap, n, ", ");
		}
		first = 0;
		if (v.type == PK_VALUE_UNDEFINED) {
			n = fmt_append(buf, cap, n, "%s", undef);
			continue;
		}
		w = value_format(&v, buf + n, cap - n);
		n = w < cap - n ? n + w : cap - 1;
	}
	fmt_append(buf, cap, n, "]");
}

void pkey_format_id(const struct pk_pkey *k, const unsigned char *id,
		    size_t len, char *buf, size_t cap)
{
	format_id(k, id, len, "undefined", buf, cap);
}

void pkey_format_id_json(const struct pk_pkey *k, const unsigned char *id,
			 size_t len, char *buf, size_t cap)
{
	format_id(k, id, len, "{}", buf, cap);
}
