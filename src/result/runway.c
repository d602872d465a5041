/*
 * runway: days to full projected from the workload, not extrapolated
 * from the run (include/pksim/result/runway.h has the rules): which
 * builder a variant's runway takes (runway_build: a data file's,
 * runway_data.c, every record at its own time; generated items' from
 * the schedules, runway_step.c), and what a projection of generated
 * items says (runway_say_rates: its kind, figures, the bound that held
 * it back, the key named). The report's sentences are made of these
 * fields (src/report).
 */
#include "pksim/result/runway.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"
#include "result_int.h"
#include "runway_int.h"

/* ---- shared ---- */

void runway_set_who(const struct pk_result_variant *v, const unsigned char *id,
		    size_t len, struct pk_runway *rw)
{
	result_key_text(v, id, len, rw->who, sizeof(rw->who));
}

/* Index in v->ranges of the range holding epk (ranges in key order) */
size_t runway_range_of(const struct pk_result_variant *v,
		       const struct pk_epk *e)
{
	size_t lo = 0, hi = v->n_ranges;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (epk_cmp(&v->ranges[mid].min, e) <= 0) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return v->n_ranges ? lo : SIZE_MAX;
}

double runway_range_share(const struct pk_result_variant *v, size_t r)
{
	if (r == SIZE_MAX || r >= v->n_ranges) {
		return v->n_ranges ? (double)v->ru_per_s / (double)v->n_ranges
				   : (double)v->ru_per_s;
	}
	return (double)v->ranges[r].ru_per_s_mru / 1000.0;
}

struct group *runway_group_get(struct group **tab, const unsigned char *id,
			       size_t len, int *fresh)
{
	struct group *g;

	HASH_FIND(hh, *tab, id, len, g);
	*fresh = g == NULL;
	if (!g) {
		g = xcalloc(1, sizeof(*g));
		g->key = xmalloc(len ? len : 1);
		memcpy(g->key, id, len);
		g->key_len = len;
		g->range = SIZE_MAX;
		g->value = UINT64_MAX;
		g->first_ms = -1;
		g->cross_ms = -1;
		HASH_ADD_KEYPTR(hh, *tab, g->key, g->key_len, g);
	}
	return g;
}

/* Slots a group index starts with when it takes its first group */
#define PK_RW_GINDEX_FIRST 1024

/* FNV-1a, 64 bits, over id's bytes */
static uint64_t gindex_hash(const unsigned char *id, size_t len)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h = (h ^ id[i]) * 1099511628211ULL;
	}
	return h;
}

/* Place g of hash h in x's first free slot from h's own (room for it) */
static void gindex_put(struct rw_gindex *x, uint64_t h, struct group *g)
{
	size_t at = (size_t)(h ^ (h >> 29)) & (x->cap - 1);

	while (x->slot[at].g) {
		at = (at + 1) & (x->cap - 1);
	}
	x->slot[at].h = h;
	x->slot[at].g = g;
	x->n++;
}

struct group *runway_gindex_get(struct rw_gindex *x, struct group **tab,
				const unsigned char *id, size_t len, int *fresh)
{
	const uint64_t h = gindex_hash(id, len);
	struct group *g;
	size_t at;

	if (x->cap) {
		at = (size_t)(h ^ (h >> 29)) & (x->cap - 1);
		for (; (g = x->slot[at].g) != NULL;
		     at = (at + 1) & (x->cap - 1)) {
			if (x->slot[at].h == h && g->key_len == len &&
			    memcmp(g->key, id, len) == 0) {
				*fresh = 0;
				return g;
			}
		}
	}
	/* not indexed yet: the table's own answer, new or not */
	g = runway_group_get(tab, id, len, fresh);
	if ((x->n + 1) * 2 > x->cap) {
		struct rw_gindex y = {
		    NULL, x->cap ? 2 * x->cap : PK_RW_GINDEX_FIRST, 0};
		size_t i;

		y.slot = xcalloc(y.cap, sizeof(*y.slot));
		for (i = 0; i < x->cap; i++) {
			if (x->slot[i].g) {
				gindex_put(&y, x->slot[i].h, x->slot[i].g);
			}
		}
		free(x->slot);
		*x = y;
	}
	gindex_put(x, h, g);
	return g;
}

void runway_gindex_free(struct rw_gindex *x)
{
	free(x->slot);
	memset(x, 0, sizeof(*x));
}

void runway_groups_free(struct group **tab)
{
	struct group *g, *tmp;

	HASH_ITER(hh, *tab, g, tmp)
	{
		HASH_DEL(*tab, g);
		free(g->smass);
		free(g->key);
		free(g);
	}
}

/* The bound that held candidate c back, its range's and bucket's, into
   rw */
static void say_bound(const struct pk_result_variant *v, const struct cand *c,
		      struct pk_runway *rw)
{
	size_t r = c->g->range;

	rw->bound_range = r < v->n_ranges ? v->ranges[r].id : 0;
	rw->bound_ru_per_s = (int64_t)llround(c->bit.ru);
	rw->bound_fill_ru_per_s =
	    c->fill_ru > 0 && llround(c->fill_ru) != rw->bound_ru_per_s
		? (int64_t)llround(c->fill_ru)
		: 0;
	rw->bound_shared = c->bit.shared;
	rw->bound_bucket = c->bit.bucket;
	rw->bound_burst = c->bit.burst;
	rw->bound_low = c->bit.low;
	rw->bound_table = c->bit.table ? (v->table_cap_quota ? 1 : 2) : 0;
	rw->bound_bucket_pct =
	    c->bit.bucket && v->spec ? v->spec->bucket_pct[c->bit.bucket] : 0;
}

/* What candidate c, levelling off under time to live, holds at a
   steady rate of creates into its id pool once its first lifetimes have
   passed (runway_pool_held_creates of a lifetime of p->level_written):
   one stream writing its pool by creates alone, one lifetime, no time
   key, no deletion left behind; 0 otherwise. Its level (bound_bytes) is
   the pool's distinct ids of a lifetime's writes, what upserts hold: a
   create only reaches it as a lifetime of creates lands on a pool
   holding few of its ids (the first lifetime), the most it holds. */
static double creates_level(const struct rw_proj *p, const struct cand *c)
{
	const struct rw_classes *cl = &p->cl;
	const struct rw_class *k = &cl->c[0];
	double held;

	if (p->ns != 1 || cl->n != 1 || !k->pool.creates || p->time_key ||
	    c->timed || k->lives.n != 1 || k->lives.never > 0 ||
	    p->level_written <= 0) {
		return 0;
	}
	held = runway_pool_held_creates(&k->pool,
					p->level_written * k->lives.s[0]);
	return held > 0 ? held : 0;
}

/* What p says when no candidate fills within the horizon: a time key's
   buckets that end before they fill, a level time to live holds it to,
   or beyond the horizon; the candidate it names into *who */
static void say_unfilled(const struct rw_proj *p, struct pk_runway *rw,
			 const struct cand **who)
{
	const struct rw_classes *cl = &p->cl;
	const struct cand *first = &p->c[0];
	double level = p->level;
	int for_good = 0, kept = 0;
	size_t i;

	/* the one holding most at the horizon (a time key's buckets counted
	   as holding none: each holds its own) */
	for (i = 0; i < p->n_c; i++) {
		const struct cand *c = &p->c[i];
		double a = c->timed ? 0 : runway_store_held(&c->held, cl, 0, 0);
		double b = first->timed
			       ? 0
			       : runway_store_held(&first->held, cl, 0, 0);

		if (a + c->g->start > b + first->g->start) {
			first = c;
		}
		for_good |= runway_store_for_good(&c->held, cl);
		kept |= !c->timed && a > 0;
	}
	if (p->time_key && rw->bucket.period_s == 0 && !kept) {
		rw->kind = PK_RUNWAY_BUCKETS;
		rw->bound_bytes = level;
	} else if (cl->ttl && !for_good) {
		/* every item expires: it levels off, and a cycle shorter
		   than a step at its peak */
		first = p->level_c ? p->level_c : first;
		rw->backlog_bytes =
		    p->secs ? p->pile
		    : p->ns == 1 && p->st[0].have_once && !first->timed
			? runway_cycle_backlog(
			      p->v, &p->st[0], first, &p->pool, p->scale,
			      runway_class_expiring(
				  cl, cl->of[0],
				  first->held.slot[cl->of[0]][0]))
			: 0;
		level += p->secs ? 0 : rw->backlog_bytes;
		/* a phase too busy to delete what expires, or a level at
		   the cap, stepped at the hour's mean: not a figure */
		rw->ttl_behind |=
		    !p->secs && (rw->backlog_bytes > 0 ||
				 level + first->g->start >=
				     (double)p->v->spec->lp_storage_bytes);
		if (!p->secs && rw->backlog_bytes <= 0 && first == p->level_c &&
		    p->level_pile > 0) {
			/* the hour steps' own pile at its peak, within
			   the level: said, not added */
			rw->backlog_bytes = p->level_pile;
		}
		rw->kind = level > 0 ? PK_RUNWAY_LEVELS : PK_RUNWAY_NEVER;
		rw->bound_bytes = level;
		rw->written_bytes_per_s = p->level_written;
		rw->creates_bytes = creates_level(p, first);
	} else if (level > 0) {
		rw->kind = PK_RUNWAY_BEYOND;
		rw->bound_bytes =
		    first->timed ? level
				 : runway_store_held(&first->held, cl, 0, 0) +
				       first->g->start;
	} else {
		rw->kind = PK_RUNWAY_NEVER;
	}
	*who = first;
}

/* rw->who: candidate c's key value at the instant it fills (at the
   clock's start when it does not), and a time key's bucket's own range
   as the bound's */
static void say_who(const struct rw_proj *p, const struct cand *c,
		    struct pk_runway *rw)
{
	const struct pk_result_variant *v = p->v;
	struct rw_key key;
	int64_t at, wall;

	if (c->g->item == UINT64_MAX) {
		runway_set_who(v, c->g->key, c->g->key_len, rw);
		return;
	}
	at = p->who_at >= 0		  ? (int64_t)floor(p->who_at)
	     : rw->kind == PK_RUNWAY_DAYS ? (int64_t)floor(rw->full_s)
					  : 0;
	wall = p->sc->clock_start_s + at;
	runway_key_init(v, &key);
	if (c->g->picked) {
		runway_item_key_pick(v, p->sc, c->g->w ? c->g->w : p->w,
				     c->g->item, &wall, c->g->pick, &key);
	} else {
		runway_item_key(v, p->sc, c->g->w ? c->g->w : p->w, c->g->item,
				&wall, &key);
	}
	runway_set_who(v, key.id, key.at.id_len, rw);
	if (c->timed && rw->bound_range != UINT32_MAX &&
	    runway_range_of(v, &key.at.epk) < v->n_ranges) {
		/* the bucket's own range */
		rw->bound_range = v->ranges[runway_range_of(v, &key.at.epk)].id;
	}
	runway_key_free(&key);
}

void runway_say_rates(const struct rw_proj *p, struct pk_runway *rw)
{
	const struct cand *first = p->first;

	if (first) {
		rw->kind = PK_RUNWAY_DAYS;
		rw->full_s = p->first_t;
		rw->written_bytes_per_s = p->cl.ttl ? first->written : 0;
		rw->rate_bytes_per_s = first->rate;
		rw->fill_at_mean = first->at_mean;
		rw->mean_bytes_per_s =
		    p->cl.ttl || p->secs || first->timed ? 0 : first->mean;
		rw->bound_client = (enum pk_runway_client)first->client;
		rw->bound_stream = first->client_stream;
		if (first->bit.held) {
			say_bound(p->v, first, rw);
		}
	} else if (p->renew && p->renew_c) {
		/* its expired items pile up, filling past the horizon */
		rw->kind = PK_RUNWAY_BEYOND;
		rw->bound_bytes = p->renew_held;
		first = p->renew_c;
	} else {
		say_unfilled(p, rw, &first);
	}
	if (rw->kind != PK_RUNWAY_NEVER) {
		say_who(p, first, rw);
		rw->untimed = p->time_key && !first->timed;
	}
}

/* 1 when some logical partition held its cap at t = 0 (preloaded to it):
   "full now" whatever the workload does. One the run filled is not: its
   time to the cap is projected from the workload's start like any
   other's, so the figure does not depend on how long the run lasted. */
static int full_at_start(const struct pk_snapshot *s,
			 const struct pk_result_variant *v)
{
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	double each, cap = (double)s->spec->lp_storage_bytes;

	if (v->preload_items == 0) {
		return 0;
	}
	each = (double)v->preload_bytes / (double)v->preload_items;
	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		if ((double)lp->preloaded_items * each >= cap) {
			return 1;
		}
	}
	return 0;
}

/* A projection with no figure whose run filled a logical partition: the
   first the replay filled (the earliest 403/1014 of those listed) as
   rw's who and replay_full_s, so the sentence says the replay filled
   it rather than asking for a longer replay */
static void replay_filled(const struct pk_result_variant *v,
			  struct pk_runway *rw)
{
	const struct pk_result_lp *first = NULL;
	size_t i;

	for (i = 0; i < v->n_full_listed; i++) {
		const struct pk_result_lp *lp = &v->full[i];

		if (lp->full_at_ms >= 0 &&
		    (!first || lp->full_at_ms < first->full_at_ms)) {
			first = lp;
		}
	}
	if (first) {
		runway_set_who(v, first->key, first->key_len, rw);
		rw->replay_full_s = (double)first->full_at_ms / PK_RW_MS_PER_S;
	}
}

/* The projection of snapshot s into rw by variant v's terms: a data
   file's, a window's or the workload's rates', checked by the guard */
static void project(const struct pk_snapshot *s, const struct pk_scenario *sc,
		    const struct pk_workload *w, struct pk_result_variant *v,
		    struct pk_runway *rw)
{
	const struct pk_items_file *f = sc->items_file;

	if (f) {
		runway_from_data(sc, w, v, rw);
	} else if (workload_items(w) == 0 && runway_writes(sc)) {
		runway_from_window(s, sc, v, rw);
	} else {
		runway_from_rates(s, sc, w, v, rw);
	}
	runway_guard(sc, w, v, rw);
}

/*
 * An Amazon DynamoDB table's runway (D18): with a local secondary index
 * one partition-key value's item collection (its items and their index
 * entries) holds at most 10 GiB, and it is projected as a container's
 * logical partition is, by the same modules, through a view of v in the
 * table's terms: the collection's cap, the bytes a new item adds to it
 * (pk_snapshot_ddb.coll_item_factor, as a container's index factor), the
 * write units one key value can take a second in place of each range's
 * RU/s (coll_write_mcu: a partition's 1,000 WCU, the table's own units;
 * under auto scaling the units it raises the table to, D19; a phase's
 * write_capacity_units from the phase's start, as a container phase's
 * throughput, through table_phases and pk_result_variant.phase_ru),
 * writes charged by D1 and reads by none (ddb_queries: reads take the
 * read bucket, D3), items identified within a collection by the sort
 * key (the table's primary key: a put of a stored sort key value
 * replaces its item); no burst bank, throughput bucket, fleet pool,
 * autoscale or time to live (a table keeps every item it is given).
 * Without a local index nothing caps a key value (a partition past 10
 * GiB splits, D6): not projected, basis PK_RUNWAY_NONE.
 */
/* The RU/s each phase of sc sets in the table's terms, by phase index
   (pk_result_variant.phase_ru, owned by the caller): a phase's
   write_capacity_units as the write units one key value takes from its
   start, the least of a partition's 1,000 WCU and the units, on each
   of the n partitions (pk_snapshot_ddb.coll_write_part_mcu); 0 for
   any other phase, a container's throughput or autoscale max (a
   compare's other variants) among them, as none is the table's.
   *unfollowed: 1 when a phase sets write units the bound does not
   follow (auto scaling holds its own; adaptive capacity off) */
static int64_t *table_phases(const struct pk_scenario *sc,
			     const struct pk_snapshot_ddb *x, size_t n,
			     int *unfollowed)
{
	int64_t *ru = xcalloc(sc->n_phases ? sc->n_phases : 1, sizeof(*ru));
	size_t i;

	*unfollowed = 0;
	for (i = 0; i < sc->n_phases; i++) {
		const int64_t units = sc->phases[i].ddb_wcu;

		if (units <= 0) {
			continue;
		}
		if (x->coll_write_part_mcu > 0) {
			const int64_t most = x->coll_write_part_mcu / 1000;

			ru[i] = (units < most ? units : most) * (int64_t)n;
		} else if (!x->coll_write_scaled_mcu) {
			*unfollowed = 1;
		}
	}
	return ru;
}

static void table_runway(const struct pk_snapshot *s,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w,
			 struct pk_result_variant *v)
{
	const struct pk_snapshot_ddb *x = s->ddb;
	struct pk_runway *rw = &v->runway;
	struct pk_container_spec spec;
	struct pk_metrics m;
	struct pk_result_variant tv;
	int64_t *phase_ru;
	const size_t n = v->n_ranges ? v->n_ranges : 1;
	const int64_t per = x->coll_write_scaled_mcu ? x->coll_write_scaled_mcu
						     : x->coll_write_mcu;
	int unfollowed;
	size_t i;

	if (!s->queries || !v->spec || x->coll_cap_bytes == 0 ||
	    x->colls.full_now) {
		return; /* no cap, or full in the run (scorecard_full) */
	}
	spec = *v->spec;
	spec.lp_storage_bytes = x->coll_cap_bytes;
	spec.index_factor = x->coll_item_factor;
	spec.burst = 0;
	spec.serverless = 0;
	memset(&spec.fleet, 0, sizeof(spec.fleet));
	memset(spec.bucket_pct, 0, sizeof(spec.bucket_pct));
	spec.default_bucket = 0;
	spec.throughput_ru_per_s = 0;
	spec.autoscale_max_ru_per_s = 0;
	spec.split_delay_ms = 0;
	spec.default_ttl_s = PK_TTL_OFF;
	/* a key's finds are Queries, on the read bucket (D3) */
	m = *v->metrics;
	m.totals.key_queries = 0;
	m.totals.key_query_mru = 0;
	tv = *v;
	tv.spec = &spec;
	tv.metrics = &m;
	tv.queries = NULL;
	tv.n_queries = 0;
	tv.id_path = x->sort_key ? x->sort_key : "/id";
	tv.ranges = xcalloc(n, sizeof(*tv.ranges));
	for (i = 0; i < v->n_ranges; i++) {
		tv.ranges[i] = v->ranges[i];
		tv.ranges[i].ru_per_s_mru = per;
	}
	tv.ru_per_s = per / 1000 * (int64_t)n;
	tv.table_write_cap = (double)x->coll_table_write_mcu / 1000.0;
	tv.table_cap_quota = x->table_wcu == 0;
	/* the units the projection starts from, as a container's RU/s,
	   over which a phase's are measured (runway_rates in_force) */
	spec.throughput_ru_per_s = tv.ru_per_s;
	phase_ru = table_phases(sc, x, n, &unfollowed);
	tv.phase_ru = phase_ru;
	if (sc->items_file && sc->items_file->from == PK_FROM_AT_ONCE) {
		rw->kind = PK_RUNWAY_AT_ONCE;
	} else {
		project(s, sc, w, &tv, rw);
	}
	if (rw->bound_range != UINT32_MAX) {
		rw->bound_scaled = x->coll_write_scaled_mcu > 0;
		rw->bound_start_units = unfollowed;
	}
	free(phase_ru);
	free(tv.ranges);
}

void runway_build(const struct pk_snapshot *s, const struct pk_scenario *sc,
		  const struct pk_workload *w, struct pk_result_variant *v)
{
	struct pk_runway *rw = &v->runway;
	const struct pk_items_file *f = sc->items_file;

	memset(rw, 0, sizeof(*rw));
	rw->full_s = -1;
	rw->replay_full_s = -1;
	rw->bound_range = UINT32_MAX;
	rw->bucket = s->key_bucket;
	rw->ttl_s = s->cosmos ? s->cosmos->ttl_lifetime_s : 0;
	if (s->ddb) {
		table_runway(s, sc, w, v);
		return;
	}
	if (!s->cosmos || !s->queries) {
		/* the cap is Azure Cosmos DB's (rule 11): another service's
		   is not known, nothing to project against */
		return;
	}
	if (v->fill.full_now && full_at_start(s, v)) {
		const struct pk_result_lp *lp =
		    v->n_full_listed ? &v->full[0] : &v->top_storage[0];

		rw->kind = PK_RUNWAY_FULL_NOW;
		rw->full_s = 0;
		runway_set_who(v, lp->key, lp->key_len, rw);
		return;
	}
	if (f && f->monitor) {
		rw->kind = PK_RUNWAY_NO_SIZES;
		return;
	}
	if (f && f->from == PK_FROM_AT_ONCE) {
		rw->kind = PK_RUNWAY_AT_ONCE;
		return;
	}
	project(s, sc, w, v, rw);
	if (rw->kind == PK_RUNWAY_UNTESTED) {
		replay_filled(v, rw);
	}
}
