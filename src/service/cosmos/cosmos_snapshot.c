/*
 * cosmos_snapshot: a container's end of run as a pk_snapshot
 * (cosmos_snapshot.h): its partition map and ranges, every range id's
 * bounds and width, its logical partitions through lp_read, and the
 * extension of what only Azure Cosmos DB has.
 */
#include "pksim/service/cosmos/cosmos_snapshot.h"

#include <stdlib.h>
#include <string.h>

#include "container.h"
#include "pksim/base/mem.h"
#include "pksim/service/cosmos/provision.h"
#include "pmap.h"

/* Logical partition lp of container c as the snapshot says it. */
static inline void lp_fill(const struct pk_container *c, const struct pk_lp *lp,
			   struct pk_snapshot_lp *out)
{
	const struct pk_lp_rare *x = container_lp_rare(c, lp);

	out->key = lp->key;
	out->key_len = lp->key_len;
	if (lp->epk_len == PK_LP_EPK_OF_KEY) {
		/* none kept: the V2 hash of the key bytes, computed where a
		   reader copies the logical partition (container_lp_epk) */
		out->epk = NULL;
		out->epk_len = 0;
		out->epk_of_key = epk_from_encoded_v2;
	} else {
		/* the EPK's bytes follow the key's (container_lp_epk) */
		out->epk = lp->key + lp->key_len;
		out->epk_len = lp->epk_len;
		out->epk_of_key = NULL;
	}
	out->range = container_lp_range(c, lp);
	out->storage_bytes = container_lp_count(c, lp, PK_LP_STORAGE);
	out->items = container_lp_count(c, lp, PK_LP_ITEMS);
	out->requests = container_lp_count(c, lp, PK_LP_REQUESTS);
	out->retries = x->retries;
	out->throttled_429 = x->throttled_429;
	out->rejected_403 = x->rejected_403;
	out->ru_mru = (int64_t)container_lp_count(c, lp, PK_LP_RU);
	out->full_at_ms = x->full_at_ms;
	out->first_grow_ms = lp->first_grow_ms;
	out->last_write_ms = lp->last_write_ms;
	out->grow_base_bytes = container_lp_count(c, lp, PK_LP_GROW_BASE);
	out->ttl_freed_bytes = container_ttl_freed(c, lp);
	out->preloaded_items = container_lp_preloaded(c, lp);
}

/* lp_read of a container: its logical partitions first + 1 .. first +
   n (the pool's numbering starts at 1). */
static void lp_read(const void *lps, uint64_t first, size_t n,
		    struct pk_snapshot_lp *out)
{
	const struct pk_container *c = lps;
	size_t k;

	for (k = 0; k < n; k++) {
		lp_fill(c, container_lp(c, first + k + 1), &out[k]);
	}
}

/* lp_place of a container: lp_read's numbering, only where each is. */
static void lp_place(const void *lps, uint64_t first, size_t n,
		     struct pk_snapshot_lp_place *out)
{
	const struct pk_container *c = lps;
	size_t k;

	for (k = 0; k < n; k++) {
		const struct pk_lp *lp = container_lp(c, first + k + 1);

		out[k].key = lp->key;
		out[k].key_len = lp->key_len;
		out[k].range = container_lp_range(c, lp);
		out[k].preloaded_items = container_lp_preloaded(c, lp);
	}
}

/* The ranges at the end, key order. */
static void ranges(const struct pk_container *c, struct pk_snapshot *s)
{
	size_t i;

	s->n_ranges = c->pmap.n;
	s->ranges = xcalloc(c->pmap.n ? c->pmap.n : 1, sizeof(*s->ranges));
	for (i = 0; i < c->pmap.n; i++) {
		const struct pk_pp *p = &c->pp[i];
		struct pk_snapshot_range *r = &s->ranges[i];

		r->id = c->pmap.ranges[i].id;
		r->min = c->pmap.ranges[i].min;
		r->max = c->pmap.ranges[i].max;
		r->ru_per_s_mru = p->budget.share_mru;
		r->storage_bytes = p->storage_bytes;
		r->logical_partitions = p->logical_partitions;
		r->requests = p->requests;
		r->retries = p->retries;
		r->throttled_429 = p->throttled_429;
		r->ru_mru = p->ru_mru;
		r->offered_mru = p->offered_mru;
		r->changes = p->changes;
		r->split_blocked = p->split_blocked;
		r->ttl_pending_bytes = p->ttl_pending_bytes;
	}
}

static void set_bounds(struct pk_snapshot *s, uint32_t id,
		       const struct pk_epk *min, const struct pk_epk *max)
{
	if (id < s->n_ids) {
		s->ids[id].min = *min;
		s->ids[id].max = *max;
		s->ids[id].known = 1;
	}
}

/* Each id's last bounds: the ranges at creation (pmap_init_version's
   layout, at the log's cuts when it has them), split parents and
   children (the split events), ranges made by merges, then the ranges
   at the end, later ones replacing earlier. */
static void bounds(const struct pk_container *c, struct pk_snapshot *s)
{
	const struct pk_metrics *m = &c->metrics;
	struct pk_pmap first;
	size_t i;

	pmap_init_version(&first, c->created_ranges, c->pmap.version);
	if (c->created_cuts) {
		pmap_set_cuts(&first, c->created_cuts);
	}
	for (i = 0; i < first.n; i++) {
		set_bounds(s, first.ranges[i].id, &first.ranges[i].min,
			   &first.ranges[i].max);
	}
	pmap_free(&first);
	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];

		set_bounds(s, e->children[0], &e->min[0], &e->max[0]);
		set_bounds(s, e->children[1], &e->min[1], &e->max[1]);
		set_bounds(s, e->parent, &e->min[0], &e->max[1]);
	}
	for (i = 0; i < m->n_fuses; i++) {
		const struct pk_fuse_event *e = &m->fuses[i];

		set_bounds(s, e->range, &e->min, &e->max);
	}
	for (i = 0; i < c->pmap.n; i++) {
		set_bounds(s, c->pmap.ranges[i].id, &c->pmap.ranges[i].min,
			   &c->pmap.ranges[i].max);
	}
}

/* The hash-space share of [min, max) as pmap_width measures it under
   the map's hash version. */
static double width(int version, const struct pk_snapshot_id *x)
{
	struct pk_range r;
	struct pk_pmap one;

	memset(&one, 0, sizeof(one));
	r.id = 0;
	r.min = x->min;
	r.max = x->max;
	one.ranges = &r;
	one.n = 1;
	one.version = version;
	return pmap_width(&one, 0);
}

/* Every range id of the run: bounds, width, and for a range of the
   creation layout its preloaded bytes and its even share of the RU/s at
   t = 0 (rule 4: the first ranges take one mRU/s more when the total
   does not divide). */
static void ids(const struct pk_container *c, struct pk_snapshot *s)
{
	int64_t total = c->created_ru_per_s * PK_MRU_PER_RU;
	int64_t n = (int64_t)c->created_ranges;
	size_t i;

	s->n_ids = c->metrics.n_ranges;
	for (i = 0; i < s->n_ranges; i++) {
		if (s->ranges[i].id >= s->n_ids) {
			s->n_ids = (size_t)s->ranges[i].id + 1;
		}
	}
	s->ids = xcalloc(s->n_ids ? s->n_ids : 1, sizeof(*s->ids));
	bounds(c, s);
	for (i = 0; i < s->n_ids; i++) {
		struct pk_snapshot_id *x = &s->ids[i];

		if (x->known) {
			x->width = width(c->pmap.version, x);
		}
		if (i < c->created_ranges) {
			x->created_bytes = container_preloaded_at_creation(
			    &c->spec, c->created_ranges, i);
			x->created_share_mru =
			    total / n + ((int64_t)i < total % n);
		}
	}
}

/* Autoscale's bills per hour (rule 17, D-AUTO; rule 27). */
static void bills(const struct pk_container *c, struct pk_snapshot_cosmos *x)
{
	int64_t hours = container_hours(c), h;
	size_t n = hours > 0 ? (size_t)hours : 1;

	x->autoscale_floor = provision_autoscale_floor(c->ru_per_s);
	x->billed_classic = xcalloc(n, sizeof(*x->billed_classic));
	x->billed_dynamic = xcalloc(n, sizeof(*x->billed_dynamic));
	for (h = 0; h < hours; h++) {
		x->billed_classic[h] = container_autoscale_billed(c, h);
		x->billed_dynamic[h] = container_autoscale_dynamic_billed(c, h);
	}
}

static struct pk_snapshot_cosmos *extension(const struct pk_container *c)
{
	struct pk_snapshot_cosmos *x = xcalloc(1, sizeof(*x));

	x->autoscale = c->autoscale;
	x->autoscale_dynamic = c->spec.autoscale_dynamic;
	x->serverless = c->serverless;
	x->custom_policy = c->redistributed;
	x->ttl_lifetime_s = container_ttl_lifetime_s(c);
	x->autoscale_ru_per_pp = PK_PROVISION_AUTOSCALE_RU_PER_PP;
	x->serverless_ru_per_pp = PK_PROVISION_SERVERLESS_RU_PER_PP;
	if (c->spec.autoscale_max_ru_per_s > 0) {
		x->spec_autoscale_floor =
		    provision_autoscale_floor(c->spec.autoscale_max_ru_per_s);
	}
	x->merge_max_ru_per_pp = PK_CONTAINER_MERGE_MAX_RU_PER_PP;
	x->merge_max_avg_bytes = PK_CONTAINER_MERGE_MAX_AVG_BYTES;
	if (c->autoscale) {
		bills(c, x);
	}
	x->minute_ru_per_s = c->minute_ru_per_s;
	x->n_minute_ru = c->n_minute_ru;
	return x;
}

void cosmos_snapshot_fill(const struct pk_container *c,
			  const struct pk_pkey *key,
			  const struct pk_scenario *sc, struct pk_snapshot *out)
{
	memset(out, 0, sizeof(*out));
	out->name = c->name;
	out->key = key;
	out->key_text = key->text;
	out->queries = &cosmos_queries;
	out->key_reach = pk_epk_v2_reach;
	out->spec = &c->spec;
	out->metrics = &c->metrics;
	pkey_time_bucket(key, sc, &out->key_bucket);
	out->end_s = c->now_s;
	out->ru_per_s = c->ru_per_s;
	out->effective_ru_per_s = container_effective_ru_per_s(c);
	out->created_ranges = c->created_ranges;
	out->storage_bytes = container_storage(c);
	out->preload_items = c->preload_items;
	out->preload_bytes = c->preload_bytes;
	out->preload_lps = c->preload_lps;
	out->preload_refused = c->preload_refused;
	out->preload_spread = c->preload_spread;
	ranges(c, out);
	ids(c, out);
	out->n_lps = c->n_lps;
	out->lp_read = lp_read;
	out->lp_place = lp_place;
	out->lps = c;
	out->value_prop = -1;
	out->cosmos = extension(c);
}
