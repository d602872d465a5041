/*
 * pkey_route: where a query's filter routes (reference section 6, rules 21
 * and 22; the rule is stated at pkey_route in pkey.h): the full key to one
 * EPK, a hierarchical prefix or an IN list to some ranges, anything else to
 * every range.
 */
#include "pksim/service/cosmos/pkey.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

static const struct pk_cond_spec *cond_on(const struct pk_query_spec *q,
					  const char *path)
{
	size_t i;

	for (i = 0; i < q->n_conds; i++) {
		if (strcmp(q->conds[i].path, path) == 0) {
			return &q->conds[i];
		}
	}
	return NULL;
}

/* A source that reads reference in_ref from one item and every other
   reference from another: the values of one IN-list entry. */
struct pk_mix_source {
	struct pk_item_source base;
	const struct pk_item_source *eq; /* equality values */
	const struct pk_item_source *in; /* the IN value */
	size_t in_ref;
};

static int mix_get(const struct pk_item_source *src, size_t ref,
		   struct pk_value *out, char *buf, size_t cap)
{
	const struct pk_mix_source *m = (const struct pk_mix_source *)src;
	const struct pk_item_source *from = ref == m->in_ref ? m->in : m->eq;

	return from->get(from, ref, out, buf, cap);
}

static void mix_init(struct pk_mix_source *m, const struct pk_item_source *eq,
		     const struct pk_item_source *in, size_t in_ref)
{
	m->base = *eq;
	m->base.get = mix_get;
	m->base.item = in->item;
	m->eq = eq;
	m->in = in;
	m->in_ref = in_ref;
}

static void route_fanout(struct pk_route *out)
{
	out->kind = PK_ROUTE_FANOUT;
	out->n = 0;
}

void pkey_route_free(struct pk_route *r)
{
	if (!r) {
		return;
	}
	free(r->lo);
	free(r->hi);
	free(r->point);
	free(r->kv);
	memset(r, 0, sizeof(*r));
}

/* Room for n intervals in out. */
static void route_reserve(struct pk_route *out, size_t n)
{
	size_t cap = out->cap;

	if (n <= cap) {
		return;
	}
	mem_grow((void **)&out->lo, &cap, n, sizeof(*out->lo));
	cap = out->cap;
	mem_grow((void **)&out->hi, &cap, n, sizeof(*out->hi));
	cap = out->cap;
	mem_grow((void **)&out->point, &cap, n, sizeof(*out->point));
	out->cap = cap;
}

/* Add the point or prefix interval of the key (or its first `levels`
   levels) that src reads. */
static void route_add(const struct pk_pkey *k, const struct pk_item_source *src,
		      size_t levels, struct pk_route *out)
{
	struct pk_keyval *kv = out->kv;
	struct pk_value v[PK_KEY_MAX_LEVELS];
	char buf[PK_KEY_MAX_LEVELS][PK_VALUE_MAX_BYTES];
	size_t i, n = out->n;

	if (k->kind == PK_KEY_HIERARCHICAL && levels < k->n_refs) {
		for (i = 0; i < levels; i++) {
			if (src->get(src, i, &v[i], buf[i],
				     PK_VALUE_MAX_BYTES)) {
				return;
			}
		}
		out->lo[n] = epk_hash_multi(v, levels);
		/* the prefix's interval ends at EPK(prefix) + "FF" (§6) */
		out->hi[n] = out->lo[n];
		out->hi[n].b[out->hi[n].len++] = 0xFF;
		out->point[n] = 0;
	} else {
		pkey_build(k, src, kv);
		if (kv->status) {
			return;
		}
		out->lo[n] = kv->epk;
		out->hi[n] = kv->epk;
		out->point[n] = 1;
	}
	out->n++;
}

/* Leading levels (or template references) with equality, and the one
   with an IN list if any: returns how many leading refs are usable. */
static size_t usable_refs(const struct pk_pkey *k,
			  const struct pk_query_spec *q, size_t *in_ref)
{
	size_t i;

	*in_ref = SIZE_MAX;
	for (i = 0; i < k->n_refs; i++) {
		const struct pk_cond_spec *c = cond_on(q, k->refs[i]);

		if (!c || (c->kind != PK_COND_EQ && c->kind != PK_COND_IN) ||
		    (c->kind == PK_COND_IN && *in_ref != SIZE_MAX)) {
			break;
		}
		if (c->kind == PK_COND_IN) {
			*in_ref = i;
		}
	}
	return i;
}

void pkey_route(const struct pk_pkey *k, const struct pk_query_spec *q,
		const struct pk_item_source *src_items, size_t n_items,
		struct pk_route *out)
{
	size_t in_ref, levels = usable_refs(k, q, &in_ref), i;

	out->n = 0;
	if (levels == 0 || n_items == 0 ||
	    (k->kind != PK_KEY_HIERARCHICAL && levels < k->n_refs) ||
	    (k->kind == PK_KEY_SYNTHETIC && k->has_random)) {
		route_fanout(out);
		return;
	}
	if (in_ref != SIZE_MAX && in_ref >= levels) {
		in_ref = SIZE_MAX;
	}
	if (!out->kv) {
		out->kv = xmalloc(sizeof(*out->kv));
	}
	route_reserve(out, in_ref == SIZE_MAX ? 1 : n_items);
	if (in_ref == SIZE_MAX) {
		route_add(k, &src_items[0], levels, out);
	} else {
		for (i = 0; i < n_items; i++) {
			struct pk_mix_source m;

			mix_init(&m, &src_items[0], &src_items[i], in_ref);
			route_add(k, &m.base, levels, out);
		}
	}
	if (out->n == 0) {
		route_fanout(out);
		return;
	}
	out->kind =
	    out->n == 1 && out->point[0] ? PK_ROUTE_SINGLE : PK_ROUTE_TARGETED;
}
