/*
 * runway_shares: each key value's share of a generated workload's new
 * items, from the distributions (their probability mass, not the sampled
 * counts) or, where the key cannot be read that way, from the run; and
 * what `preload:` put in each (runway.h has the rules).
 */
#include "runway_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "pksim/service/cosmos/cost.h"
#include "result_int.h"

/* The key's item source with the time fixed and unique values hidden
   (so one group is one key value less its time part) */
struct fixed_src {
	struct pk_item_source inner;
	const struct pk_scenario *sc;
	const struct refinfo *refs;
	int64_t wall_s;
};

static int fixed_get(const struct pk_item_source *src, size_t ref,
		     struct pk_value *out, char *buf, size_t cap)
{
	const struct fixed_src *f = src->ctx;
	const struct refinfo *r = &f->refs[ref];

	if (r->prop >= 0 && (r->clock || r->unique)) {
		time_t t = (time_t)f->wall_s;
		struct tm tm;
		size_t len = 0;

		if (r->clock) {
			gmtime_r(&t, &tm);
			len = strftime(buf, cap,
				       f->sc->props[r->prop].clock_format, &tm);
		} else {
			len = (size_t)snprintf(buf, cap, "u");
		}
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_STRING;
		out->str = buf;
		out->len = len;
		return 0;
	}
	return f->inner.get(&f->inner, ref, out, buf, cap);
}

/* Build into kv the key of item with its time at wall_s */
void runway_fixed_key(const struct pk_result_variant *v,
		      const struct pk_scenario *sc, const struct pk_workload *w,
		      const struct refinfo *refs, uint64_t item, int64_t wall_s,
		      struct pk_keyval *kv)
{
	struct fixed_src f;
	struct pk_item_source src;

	pkey_source_workload(v->key, w, item, &f.inner);
	f.sc = sc;
	f.refs = refs;
	f.wall_s = wall_s;
	src = f.inner;
	src.get = fixed_get;
	src.ctx = &f;
	src.item = 0;
	pkey_build(v->key, &src, kv);
}

/* The key's references (refs[], n) and the share each value of a hashed
   or random part leaves one key value (*spread); 0 when the shares must
   come from the run; *whole_unique 1 when the key reads a unique
   property whole (every item its own logical partition). */
int runway_key_refs(const struct pk_result_variant *v,
		    const struct pk_scenario *sc, const struct pk_workload *w,
		    struct refinfo *refs, double *spread, int *whole_unique)
{
	const struct pk_pkey *k = v->key;
	size_t i;
	uint64_t radix = 1;

	*spread = 1;
	*whole_unique = 0;
	for (i = 0; i < k->n_refs; i++) {
		struct refinfo *r = &refs[i];

		memset(r, 0, sizeof(*r));
		r->prop = k->ref_prop[i];
		if (r->prop < 0 || (size_t)r->prop >= sc->n_props) {
			r->prop = -1;
			continue;
		}
		r->clock = sc->props[r->prop].kind == PK_GEN_CLOCK;
		r->unique = sc->props[r->prop].kind == PK_GEN_UNIQUE;
		if (r->clock || r->unique) {
			continue;
		}
		r->count = workload_value_indexes(w, r->prop);
		if (r->count == 0 || radix > UINT64_MAX / r->count) {
			return 0;
		}
		r->norm = dist_norm(&sc->props[r->prop].dist, r->count);
		r->radix = radix;
		radix *= r->count;
	}
	if (k->kind != PK_KEY_SYNTHETIC) {
		for (i = 0; i < k->n_refs; i++) {
			*whole_unique |= refs[i].unique;
		}
		return 1;
	}
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];

		if (p->kind == PK_TPL_RANDOM) {
			*spread /= (double)(p->b - p->a + 1);
		} else if ((p->kind == PK_TPL_HASH ||
			    p->kind == PK_TPL_CRC32) &&
			   refs[p->ref].unique) {
			/* ASSUMPTION: a hash spreads unique values evenly */
			*spread /= (double)p->b;
		} else if (p->kind == PK_TPL_PROP && refs[p->ref].unique) {
			*whole_unique = 1;
		}
	}
	return 1;
}

/* The groups from the distributions: every distinct value code among
   the items, its mass, summed by key value less time. */
void runway_groups_from_dists(const struct pk_result_variant *v,
			      const struct pk_scenario *sc,
			      const struct pk_workload *w,
			      const struct refinfo *refs, double spread,
			      int64_t wall0, struct group **tab)
{
	const struct pk_pkey *k = v->key;
	uint64_t n = workload_items(w), i, codes = 1;
	unsigned char *bits = NULL;
	struct codeent *seen = NULL, *ce, *ctmp;
	struct pk_keyval *kv = xmalloc(sizeof(*kv));
	struct pk_item_source src;
	size_t j;
	int fresh;

	for (j = 0; j < k->n_refs; j++) {
		if (refs[j].count) {
			codes = refs[j].radix * refs[j].count;
		}
	}
	if (codes <= PK_RW_BITMAP_CODES) {
		bits = xcalloc((size_t)(codes / 8 + 1), 1);
	}
	for (i = 0; i < n; i++) {
		uint64_t code = 0;
		double mass = spread;
		struct group *g;

		for (j = 0; j < k->n_refs; j++) {
			if (refs[j].count) {
				code +=
				    workload_value_index(w, i, refs[j].prop) *
				    refs[j].radix;
			}
		}
		if (bits) {
			if (bits[code / 8] & (1u << (code % 8))) {
				continue;
			}
			bits[code / 8] |= (unsigned char)(1u << (code % 8));
		} else {
			HASH_FIND(hh, seen, &code, sizeof(code), ce);
			if (ce) {
				continue;
			}
			ce = xmalloc(sizeof(*ce));
			ce->code = code;
			HASH_ADD(hh, seen, code, sizeof(ce->code), ce);
		}
		for (j = 0; j < k->n_refs; j++) {
			if (refs[j].count) {
				const struct pk_prop_spec *p =
				    &sc->props[refs[j].prop];

				mass *= dist_pmf(
				    &p->dist, refs[j].count, refs[j].norm,
				    workload_value_index(w, i, refs[j].prop));
			}
		}
		runway_fixed_key(v, sc, w, refs, i, wall0, kv);
		if (kv->status != 0) {
			continue;
		}
		g = runway_group_get(tab, kv->id, kv->id_len, &fresh);
		g->mass += mass;
		if (fresh) {
			g->item = i;
			/* the range of the item's own key value */
			pkey_source_workload(k, w, i, &src);
			pkey_build(k, &src, kv);
			g->range = runway_range_of(v, &kv->epk);
		}
	}
	HASH_ITER(hh, seen, ce, ctmp)
	{
		HASH_DEL(seen, ce);
		free(ce);
	}
	free(bits);
	free(kv);
}

/* The groups from the run: each logical partition's items written over
   all written (several streams, or a property the key reads not drawn
   from a distribution). */
void runway_groups_from_run(const struct pk_snapshot *s,
			    const struct pk_result_variant *v,
			    struct group **tab)
{
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	uint64_t all = 0;
	struct group *g, *tmp;
	int fresh;

	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		all += lp->items > lp->preloaded_items
			   ? lp->items - lp->preloaded_items
			   : 0;
	}
	result_lps_start(&r, s);
	while (all && (lp = result_lps_next(&r)) != NULL) {
		if (lp->items <= lp->preloaded_items) {
			continue;
		}
		g = runway_group_get(tab, lp->key, lp->key_len, &fresh);
		g->mass +=
		    (double)(lp->items - lp->preloaded_items) / (double)all;
		g->range = lp->range;
		g->item = UINT64_MAX;
	}
	(void)v;
	(void)tmp;
}

/* Preloaded bytes at t = 0, into the groups of those logical partitions */
void runway_preload_start(const struct pk_snapshot *s,
			  const struct pk_result_variant *v, struct group **tab)
{
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	struct group *g;
	double each;

	if (v->preload_items == 0) {
		return;
	}
	each = (double)v->preload_bytes / (double)v->preload_items;
	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		if (lp->preloaded_items == 0) {
			continue;
		}
		HASH_FIND(hh, *tab, lp->key, lp->key_len, g);
		if (g) {
			g->start = (double)lp->preloaded_items * each;
		}
	}
}
