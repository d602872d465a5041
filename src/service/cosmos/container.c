/*
 * container: one container's lifecycle (new, free, invariants) and its
 * clock: closing seconds into the metrics, autoscale's hourly figures.
 * Splits, merges and throughput changes are in container_layout.c,
 * requests in container_ops.c, the logical-partition and id tables in
 * lptable.c. The rules and their sources are listed in container.h.
 */
#include "container.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "container_int.h"
#include "pksim/base/mem.h"
#include "pksim/service/cosmos/cosmos_service.h"

/* What a partition of share share_mru may use in a second (rule 40):
   with the pool (on), its share plus the pool's lending to one
   partition (at most the pool's maximum), at most the pool's cap, never
   below its own share; without, its share */
static int64_t pool_usable(const struct pk_pool *pool, int64_t share_mru,
			   int on)
{
	int64_t extra, lim;

	if (!on) {
		return share_mru;
	}
	extra =
	    pool->extra_mru < pool->max_mru ? pool->extra_mru : pool->max_mru;
	lim = share_mru + extra;
	if (lim > pool->cap_mru) {
		lim = pool->cap_mru;
	}
	return lim > share_mru ? lim : share_mru;
}

size_t container_initial_ranges(int64_t ru_per_s, int64_t ru_per_range)
{
	int64_t n = (ru_per_s + ru_per_range - 1) / ru_per_range;

	return n < 1 ? 1 : (size_t)n;
}

/* Give every range an equal share of the provisioned RU/s (rule 4); the
   mRU left over by integer division go one each to the first ranges, so
   the shares add up to the total exactly. */
void container_reshare(struct pk_container *c)
{
	int64_t total = c->ru_per_s * PK_MRU_PER_RU;
	int64_t n = (int64_t)c->pmap.n, i;

	for (i = 0; i < n; i++) {
		throttle_set_share(&c->pp[i].budget, c->now_s,
				   total / n + (i < total % n));
	}
}

size_t container_created_ranges(const struct pk_container_spec *spec)
{
	/* rule 2, and never more RU/s per range than its cap (rule 1) */
	size_t n = container_initial_ranges(spec->throughput_ru_per_s,
					    spec->initial_ru_per_pp);
	size_t cap = container_initial_ranges(spec->throughput_ru_per_s,
					      spec->pp_ru_per_s);

	return cap > n ? cap : n;
}

uint64_t container_preloaded_at_creation(const struct pk_container_spec *spec,
					 size_t n, size_t i)
{
	if (spec->existing_bytes_total) {
		return spec->existing_bytes_total / n +
		       (i < spec->existing_bytes_total % n);
	}
	return spec->existing_bytes_per_pp;
}

/* The ranges a new container of spec gets: serverless's initial ranges,
   autoscale's (rule 3), a manual container's (rule 2), or an existing
   layout's N whatever the RU/s. */
static size_t creation_ranges(const struct pk_container_spec *spec)
{
	if (spec->existing_partitions > 0) {
		return spec->existing_partitions;
	}
	if (spec->serverless) {
		return PK_CONTAINER_SERVERLESS_INITIAL_RANGES;
	}
	if (spec->autoscale_max_ru_per_s > 0) {
		return provision_autoscale_ranges(spec->autoscale_max_ru_per_s);
	}
	return container_created_ranges(spec);
}

/* The hash version of spec's keys: MultiHash (hierarchical) keys are
   always version 2 (D-HPK). */
static int creation_version(const struct pk_container_spec *spec)
{
	return spec->key.kind == PK_KEY_HIERARCHICAL ? 2 : spec->key.version;
}

size_t cosmos_created_range(const struct pk_container_spec *spec,
			    const struct pk_epk *epk, uint32_t *id,
			    struct pk_epk *min, struct pk_epk *max)
{
	struct pk_pmap m;
	size_t i, n;

	pmap_init_version(&m, creation_ranges(spec), creation_version(spec));
	i = pmap_find(&m, epk);
	*id = m.ranges[i].id;
	*min = m.ranges[i].min;
	*max = m.ranges[i].max;
	n = m.n;
	pmap_free(&m);
	return n;
}

struct pk_container *container_new(const char *name,
				   const struct pk_container_spec *spec,
				   const struct pk_cost_spec *cost)
{
	struct pk_container *c = xcalloc(1, sizeof(*c));
	size_t n = creation_ranges(spec), i;

	c->name = xstrdup(name);
	c->spec = *spec;
	c->keep_items = 1;
	cost_init(&c->cost, cost);
	c->serverless = spec->serverless != 0;
	c->lp_epk_of_key =
	    spec->key.kind != PK_KEY_HIERARCHICAL && spec->key.version != 1;
	c->autoscale = !spec->serverless && spec->autoscale_max_ru_per_s > 0;
	pmap_init_version(&c->pmap, n, creation_version(spec));
	mem_grow((void **)&c->pp, &c->pp_cap, n, sizeof(*c->pp));
	memset(c->pp, 0, n * sizeof(*c->pp));
	c->pool.max_mru = spec->fleet.max_ru_per_s * PK_MRU_PER_RU;
	c->pool.extra_mru = spec->fleet.extra_ru_per_s * PK_MRU_PER_RU;
	c->pool.cap_mru = spec->fleet.cap_ru_per_s * PK_MRU_PER_RU;
	for (i = 0; i < n; i++) {
		throttle_init(&c->pp[i].budget, 0);
		container_budget_opts(c, &c->pp[i].budget);
		c->pp[i].preloaded_bytes =
		    container_preloaded_at_creation(spec, n, i);
		c->pp[i].storage_bytes = c->pp[i].preloaded_bytes;
	}
	if (c->serverless) {
		c->ru_per_s = provision_serverless_ru_per_s(n);
	} else {
		c->ru_per_s = c->autoscale ? spec->autoscale_max_ru_per_s
					   : spec->throughput_ru_per_s;
	}
	c->created_ranges = n;
	c->created_ru_per_s = c->ru_per_s;
	c->highest_ru_per_s = c->ru_per_s;
	c->pending_ru_per_s = -1;
	if (spec->default_bucket > 0) {
		/* rule 34: requests naming no bucket count against the
		   default one, whether or not any client names a class */
		c->classes = 1;
		c->attempt_bucket = spec->default_bucket;
	}
	container_reshare(c);
	metrics_init(&c->metrics);
	for (i = 0; i < n; i++) {
		container_busy_born(c, i);
	}
	container_ttl_new(c);
	return c;
}

int container_set_cuts(struct pk_container *c, struct pk_epk *cuts)
{
	if (c->pmap.n != c->created_ranges || pmap_set_cuts(&c->pmap, cuts)) {
		free(cuts);
		return -1;
	}
	free(c->created_cuts);
	c->created_cuts = cuts;
	return 0;
}

/* Bytes an item of size_bytes takes with its index (as container_ops'
   with_index). */
static uint64_t indexed(const struct pk_container *c, uint32_t size_bytes)
{
	double b =
	    (double)units_llround((double)size_bytes * c->spec.index_factor);

	return b < 1 ? 1 : (uint64_t)b;
}

int container_preload(struct pk_container *c, const unsigned char *key,
		      size_t len, const struct pk_epk *epk, uint64_t items,
		      uint32_t item_bytes)
{
	struct pk_lp *lp = lptable_find(c, key, len);
	uint64_t bytes = items * indexed(c, item_bytes);
	struct pk_pp *pp;

	if (items == 0) {
		return 0;
	}
	if ((lp ? container_lp_count(c, lp, PK_LP_STORAGE) : 0) + bytes >
	    c->spec.lp_storage_bytes) {
		c->preload_refused += items;
		return -1;
	}
	if (!lp) {
		lp = lptable_add(c, key, len, epk);
		c->preload_lps++;
	}
	pp = &c->pp[lptable_range(c, lp)];
	if (container_lp_count(c, lp, PK_LP_ITEMS) == 0) {
		pp->logical_partitions++;
	}
	/* not written in the run (days to full's item count, result.h) */
	if (lp->index >= c->lp_preloaded_cap) {
		size_t had = c->lp_preloaded_cap;

		mem_grow((void **)&c->lp_preloaded, &c->lp_preloaded_cap,
			 (size_t)lp->index + 1, sizeof(*c->lp_preloaded));
		memset(c->lp_preloaded + had, 0,
		       (c->lp_preloaded_cap - had) * sizeof(*c->lp_preloaded));
	}
	c->lp_preloaded[lp->index] += items;
	lptable_count_add(c, lp, PK_LP_ITEMS, items);
	lptable_count_add(c, lp, PK_LP_STORAGE, bytes);
	/* there before the clock: not growth (days to full, result.h) */
	lptable_count_add(c, lp, PK_LP_GROW_BASE, bytes);
	pp->storage_bytes += bytes;
	c->preload_items += items;
	c->preload_bytes += bytes;
	return 0;
}

void container_preload_spread(struct pk_container *c, uint64_t items,
			      uint32_t item_bytes)
{
	uint64_t bytes = items * indexed(c, item_bytes), left = bytes;
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		uint64_t b =
		    i + 1 == c->pmap.n
			? left
			: (uint64_t)((double)bytes * pmap_width(&c->pmap, i));

		b = b > left ? left : b;
		c->pp[i].preloaded_bytes += b;
		c->pp[i].storage_bytes += b;
		left -= b;
	}
	c->preload_items += items;
	c->preload_bytes += bytes;
	c->preload_spread = 1;
}

uint64_t container_lp_preloaded(const struct pk_container *c,
				const struct pk_lp *lp)
{
	return lp->index < c->lp_preloaded_cap ? c->lp_preloaded[lp->index] : 0;
}

void container_preload_done(struct pk_container *c)
{
	container_storage_splits(c);
	if (c->autoscale) {
		container_autoscale_storage(c);
	}
}

void container_free(struct pk_container *c)
{
	if (!c) {
		return;
	}
	container_ttl_free(c);
	lptable_free(c);
	rangelps_free(c);
	pmap_free(&c->pmap);
	free(c->created_cuts);
	metrics_free(&c->metrics);
	free(c->pp);
	free(c->lp_preloaded);
	free(c->items);
	free(c->gone);
	free(c->visit);
	free(c->reads);
	free(c->scratch);
	free(c->touched);
	free(c->newborn);
	free(c->hour_max_ru_per_s);
	free(c->hour_dyn_mru);
	free(c->hour_tmax_ru_per_s);
	free(c->minute_ru_per_s);
	free(c->name);
	free(c);
}

/* ---- the clock ---- */

void container_hours_grow(struct pk_container *c, size_t last)
{
	size_t cap = c->n_hours;

	if (last < c->n_hours) {
		return;
	}
	mem_grow((void **)&c->hour_max_ru_per_s, &cap, last + 1,
		 sizeof(*c->hour_max_ru_per_s));
	memset(c->hour_max_ru_per_s + c->n_hours, 0,
	       (cap - c->n_hours) * sizeof(*c->hour_max_ru_per_s));
	c->hour_dyn_mru =
	    xreallocarray(c->hour_dyn_mru, cap, sizeof(*c->hour_dyn_mru));
	memset(c->hour_dyn_mru + c->n_hours, 0,
	       (cap - c->n_hours) * sizeof(*c->hour_dyn_mru));
	c->hour_tmax_ru_per_s = xreallocarray(c->hour_tmax_ru_per_s, cap,
					      sizeof(*c->hour_tmax_ru_per_s));
	memset(c->hour_tmax_ru_per_s + c->n_hours, 0,
	       (cap - c->n_hours) * sizeof(*c->hour_tmax_ru_per_s));
	c->n_hours = cap;
}

/*
 * Partition i's highest RU/s of its hour into the hour's dynamic bill
 * (rule 27), at most its share now of the highest Tmax the hour had:
 * share_mru x tmax / ru_per_s (its share itself when Tmax did not fall
 * within the hour). The shares now add up to Tmax, so the hour never
 * bills more than its max, though a partition's peak was reached under
 * an earlier layout: a range that ran at Tmax / 2 before another split
 * holds Tmax / 3 now, and the split's children ran at Tmax / 3 each too.
 * A lowered Tmax keeps what the hour's earlier seconds cost (the hour's
 * highest Tmax, as rule 17 bills classic autoscale).
 */
void container_dyn_flush(struct pk_container *c, size_t i)
{
	struct pk_pp *p = &c->pp[i];
	int64_t peak, tmax, cap;

	if (!c->autoscale || p->dyn_hour < 0) {
		return;
	}
	container_hours_grow(c, (size_t)p->dyn_hour);
	peak = p->dyn_peak_mru;
	tmax = c->hour_tmax_ru_per_s[p->dyn_hour];
	if (tmax > 0 && c->ru_per_s > 0) {
		cap = p->budget.share_mru * tmax / c->ru_per_s;
		peak = peak > cap ? cap : peak;
	}
	c->hour_dyn_mru[p->dyn_hour] += peak;
	p->dyn_hour = -1;
	p->dyn_peak_mru = 0;
}

/* Partition i spent mru in second t_s (0 for an idle stretch starting
   there, whose share does not change): its highest RU/s of the hour, for
   dynamic autoscale (rule 27). Each second is clamped to [0.1, 1] x the
   share (Tmax / P) in force THAT second, before the highest is taken, so
   a phase that lowers autoscale_max within the hour does not lower what
   the hour's earlier seconds cost. */
static void dyn_note(struct pk_container *c, size_t i, int64_t t_s, int64_t mru)
{
	struct pk_pp *p = &c->pp[i];
	int64_t h = metrics_hour_of(&c->metrics, t_s);
	int64_t share = p->budget.share_mru;
	int64_t lo = (share + PK_PROVISION_AUTOSCALE_FLOOR_DIVISOR - 1) /
		     PK_PROVISION_AUTOSCALE_FLOOR_DIVISOR;
	int64_t v = mru < lo ? lo : mru;

	v = v > share ? share : v;
	if (p->dyn_hour != h) {
		container_dyn_flush(c, i);
		p->dyn_hour = h;
		p->dyn_peak_mru = 0;
	}
	if (v > p->dyn_peak_mru) {
		p->dyn_peak_mru = v;
	}
}

/* Every partition was idle in [now, now + seconds): each wall-clock
   hour it touches bills at least each partition's floor. */
static void dyn_idle(struct pk_container *c, int64_t seconds)
{
	int64_t t = c->now_s, end = c->now_s + seconds;
	size_t i;

	if (!c->autoscale) {
		return;
	}
	while (t < end) {
		for (i = 0; i < c->pmap.n; i++) {
			dyn_note(c, i, t, 0);
		}
		/* the next wall-clock hour's first second */
		t = (metrics_hour_of(&c->metrics, t) + 1) *
			PK_METRICS_S_PER_HOUR -
		    c->metrics.hour_offset_s;
	}
}

/* Note that seconds [t_s, t_s + span) ran at ru_per_s in the minutes
   kept (container.h minute_ru_per_s): each minute's highest */
static void note_minutes(struct pk_container *c, int64_t t_s, int64_t span,
			 int64_t ru_per_s)
{
	int64_t k = t_s / 60, last = (t_s + span - 1) / 60;

	if (last >= PK_CONTAINER_MINUTES_KEPT) {
		last = PK_CONTAINER_MINUTES_KEPT - 1;
	}
	if (span <= 0 || k > last) {
		return;
	}
	if ((size_t)last >= c->n_minute_ru) {
		size_t n = c->n_minute_ru;

		mem_grow((void **)&c->minute_ru_per_s, &c->cap_minute_ru,
			 (size_t)last + 1, sizeof(*c->minute_ru_per_s));
		memset(c->minute_ru_per_s + n, 0,
		       ((size_t)last + 1 - n) * sizeof(*c->minute_ru_per_s));
		c->n_minute_ru = (size_t)last + 1;
	}
	for (; k <= last; k++) {
		if (ru_per_s > c->minute_ru_per_s[k]) {
			c->minute_ru_per_s[k] = ru_per_s;
		}
	}
}

/* Note that seconds [t_s, t_s + span) ran at ru_per_s, for autoscale's
   hourly billing: the highest RU/s of each wall-clock hour (rule 17;
   C-BILL: the bill's hours are the clock's, as the metrics' hours);
   and of each minute, manual's too, for the month (note_minutes). */
static void note_hours(struct pk_container *c, int64_t t_s, int64_t span,
		       int64_t ru_per_s)
{
	size_t first = (size_t)metrics_hour_of(&c->metrics, t_s);
	size_t last = (size_t)metrics_hour_of(&c->metrics, t_s + span - 1);
	size_t h;

	note_minutes(c, t_s, span, ru_per_s);
	if (!c->autoscale || span <= 0) {
		return;
	}
	container_hours_grow(c, last);
	for (h = first; h <= last; h++) {
		if (ru_per_s > c->hour_max_ru_per_s[h]) {
			c->hour_max_ru_per_s[h] = ru_per_s;
		}
		if (c->ru_per_s > c->hour_tmax_ru_per_s[h]) {
			c->hour_tmax_ru_per_s[h] = c->ru_per_s;
		}
	}
}

/* The RU/s an idle second runs at: the provisioned RU/s, or autoscale's
   floor, 0.1 Tmax (no demand). */
static int64_t idle_ru_per_s(const struct pk_container *c)
{
	return c->autoscale
		   ? provision_autoscale_current(c->ru_per_s, 0, c->pmap.n)
		   : c->ru_per_s;
}

static void close_idle(struct pk_container *c, int64_t seconds)
{
	/* nothing served, so nothing stored or deleted: the hours it
	   touches hold what the container stores now (preloaded or
	   existing data before the first write too) */
	c->metrics.storage_bytes = container_storage(c);
	metrics_close_idle(&c->metrics, c->now_s, seconds, idle_ru_per_s(c),
			   (uint32_t)c->pmap.n);
	note_hours(c, c->now_s, seconds, idle_ru_per_s(c));
	dyn_idle(c, seconds);
	c->now_s += seconds;
}

/* Fewer reached ranges than 1 in this many: close_second sorts their
   indexes; more: it reads every range's counters (as cheap as the sort
   then, and the only way after a split or merge in the second) */
#define PK_CONTAINER_SORT_TOUCHED 16

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The open second's ranges a request reached, in index (key) order,
   into c->touched; their number */
static size_t touched_in_order(struct pk_container *c)
{
	size_t i, n = 0;

	if (c->touched_gen == c->pmap.gen &&
	    c->n_touched * PK_CONTAINER_SORT_TOUCHED < c->pmap.n) {
		qsort(c->touched, c->n_touched, sizeof(*c->touched), cmp_u32);
		return c->n_touched;
	}
	mem_grow((void **)&c->touched, &c->touched_cap, c->pmap.n,
		 sizeof(*c->touched));
	for (i = 0; i < c->pmap.n; i++) {
		if (c->pp[i].sec_requests > 0) {
			c->touched[n++] = (uint32_t)i;
		}
	}
	return n;
}

void container_touched(struct pk_container *c, const struct pk_pp *pp)
{
	if (c->n_touched == 0) {
		c->touched_gen = c->pmap.gen;
	}
	mem_grow((void **)&c->touched, &c->touched_cap, c->n_touched + 1,
		 sizeof(*c->touched));
	c->touched[c->n_touched++] = (uint32_t)(pp - c->pp);
}

void container_busy_settle(struct pk_container *c, size_t i)
{
	struct pk_pp *p = &c->pp[i];

	metrics_range_idle(&c->metrics, c->pmap.ranges[i].id,
			   c->busy_seconds - p->busy_mark, c->last_busy_s);
	p->busy_mark = c->busy_seconds;
}

void container_busy_born(struct pk_container *c, size_t i)
{
	c->pp[i].busy_mark = c->busy_seconds;
	mem_grow((void **)&c->newborn, &c->newborn_cap, c->n_newborn + 1,
		 sizeof(*c->newborn));
	c->newborn[c->n_newborn++] = c->pmap.ranges[i].id;
}

void container_busy_gone(struct pk_container *c, size_t i)
{
	uint32_t id = c->pmap.ranges[i].id;
	size_t k;

	container_busy_settle(c, i);
	/* made since the last busy second: it has none */
	for (k = 0; k < c->n_newborn; k++) {
		if (c->newborn[k] == id) {
			c->newborn[k] = c->newborn[--c->n_newborn];
			return;
		}
	}
}

/* A closing busy second t_s: the first of the ranges made since the
   last one */
static void busy_first(struct pk_container *c, int64_t t_s)
{
	size_t k;

	for (k = 0; k < c->n_newborn; k++) {
		metrics_range_first(&c->metrics, c->newborn[k], t_s);
	}
	c->n_newborn = 0;
}

/* Range i's sample of the open second into s; its counters start again.
   Its busy seconds no request reached go to the metrics first. */
static void take_sample(struct pk_container *c, size_t i, struct pk_sample *s)
{
	struct pk_pp *p = &c->pp[i];

	container_busy_settle(c, i);
	p->busy_mark = c->busy_seconds + 1; /* this one counts as sampled */
	s->t_s = c->now_s;
	s->range_id = c->pmap.ranges[i].id;
	s->requests = p->sec_requests;
	s->throttled_429 = p->sec_throttled;
	s->throttled_bucket = p->sec_bucket;
	s->throttled_held = p->sec_held;
	s->retries = p->sec_retries;
	s->ru_mru = p->sec_ru_mru;
	s->ru_per_s_mru = p->budget.share_mru;
	s->limit_mru =
	    pool_usable(&c->pool, p->budget.share_mru, p->budget.pool != NULL);
	s->storage_bytes = p->storage_bytes;
	p->sec_requests = 0;
	p->sec_throttled = 0;
	p->sec_bucket = 0;
	p->sec_held = 0;
	p->sec_retries = 0;
	p->sec_ru_mru = 0;
}

/* Close the open second: with TTL its expiries and deletions (rule 28)
   first, then the samples of the ranges a request reached and the
   second's figures go to the metrics, the per-second counters start
   again. A range no request reached is at 0% (metrics_close_touched):
   its busy second is counted later (container_busy_settle). Out of
   line: once a second, while container_advance runs for every
   request. */
static __attribute__((noinline)) void close_second(struct pk_container *c)
{
	struct pk_second sec = {0};
	int64_t busiest = 0;
	size_t i, n, kept;

	if (!c->sec_active) {
		close_idle(c, 1);
		return;
	}
	c->sec_active = 0;
	if (c->ttl) {
		/* expiries due by this second and the deletions with its
		   leftover RU (rule 28) first: a row of the per-second
		   series is the range at the end of its second, storage and
		   bytes awaiting deletion alike (report_csv.h) */
		container_ttl_second(c, c->now_s);
	}
	sec.t_s = c->now_s;
	sec.span_s = 1;
	sec.offered_mru = c->sec_offered_mru;
	sec.retry_mru = c->sec_retry_mru;
	sec.retries = c->sec_retries;
	sec.served_mru = c->sec_served_mru;
	sec.ru_per_s = c->ru_per_s;
	sec.ranges = (uint32_t)c->pmap.n;
	sec.pool_mru = c->pool.window_s == c->now_s ? c->pool.used_mru : 0;
	busy_first(c, c->now_s);
	for (i = 0; c->autoscale && i < c->pmap.n; i++) {
		/* every range's second, 0 RU too, bills its hour */
		if (c->pp[i].sec_ru_mru > busiest) {
			busiest = c->pp[i].sec_ru_mru;
		}
		dyn_note(c, i, c->now_s, c->pp[i].sec_ru_mru);
	}
	n = touched_in_order(c);
	mem_grow((void **)&c->scratch, &c->scratch_cap, n ? n : 1,
		 sizeof(*c->scratch));
	for (i = 0; i < n; i++) {
		take_sample(c, c->touched[i], &c->scratch[i]);
	}
	c->n_touched = 0;
	c->busy_seconds++;
	c->last_busy_s = c->now_s;
	if (c->autoscale) {
		sec.ru_per_s = provision_autoscale_current(c->ru_per_s, busiest,
							   c->pmap.n);
	}
	note_hours(c, sec.t_s, 1, sec.ru_per_s);
	kept = c->metrics.n_samples;
	metrics_close_touched(&c->metrics, &sec, c->scratch, n, c->pmap.n,
			      container_storage(c));
	for (i = 0; c->ttl && kept < c->metrics.n_samples && i < n; i++) {
		/* the samples it kept: the ranges with requests, in order */
		metrics_set_ttl_pending(&c->metrics, kept++,
					c->pp[c->touched[i]].ttl_pending_bytes);
	}
	c->sec_offered_mru = 0;
	c->sec_retry_mru = 0;
	c->sec_retries = 0;
	c->sec_served_mru = 0;
	c->now_s++;
}

void container_advance(struct pk_container *c, int64_t t_ms)
{
	int64_t s = t_ms / PK_MS_PER_S;

	while (c->now_s < s) {
		if (!c->sec_active) {
			/* nothing changes in idle seconds: close them at once,
			   but only up to a timed action (a scale-up's splits
			   finishing), which runs at its own second */
			int64_t to = s;

			if (c->pending_ru_per_s >= 0 &&
			    c->pending_done_s > c->now_s &&
			    c->pending_done_s < to) {
				to = c->pending_done_s;
			}
			if (c->merge_want > 0 && c->merge_done_s > c->now_s &&
			    c->merge_done_s < to) {
				to = c->merge_done_s;
			}
			if (c->ttl) {
				to = container_ttl_idle_until(c, to);
			}
			close_idle(c, to - c->now_s);
			if (c->ttl) {
				/* expiries and deletions with the closed
				   second's leftover RU (rule 28), before its
				   storage splits */
				container_ttl_second(c, c->now_s - 1);
			}
		} else {
			close_second(c); /* its TTL work too */
		}
		container_storage_splits(c);
		if (c->autoscale) {
			container_autoscale_storage(c);
		}
		if (c->pending_ru_per_s >= 0 && c->now_s >= c->pending_done_s) {
			container_finish_pending(c);
		}
		if (c->merge_want > 0 && c->now_s >= c->merge_done_s) {
			container_merge_finish(c);
		}
	}
}

int64_t container_hours(const struct pk_container *c)
{
	return metrics_hours_touched(&c->metrics, c->now_s);
}

int64_t container_autoscale_billed(const struct pk_container *c, int64_t hour)
{
	if (!c->autoscale || hour < 0 || (size_t)hour >= c->n_hours) {
		return 0;
	}
	return c->hour_max_ru_per_s[hour];
}

uint64_t container_storage(const struct pk_container *c)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		total += c->pp[i].storage_bytes;
	}
	return total;
}

int64_t container_min_ru_per_s(const struct pk_container *c,
			       enum pk_min_reason *why)
{
	return provision_min_manual(container_storage(c), c->highest_ru_per_s,
				    why);
}

/* 1 if the split lists (rangelps.c), when kept for this layout, place
   some logical partition in a range that does not hold it, or do not
   hold each of 1 .. rlps_upto exactly once. */
static int rangelps_bad(const struct pk_container *c)
{
	unsigned char *seen;
	uint64_t listed = 0;
	size_t i, k;
	int bad = 0;

	if (c->rlps_gen != c->pmap.gen || c->rlps_gen == 0) {
		return 0;
	}
	if (c->rlps_n != c->pmap.n || c->rlps_upto > c->n_lps) {
		return 1;
	}
	seen = xcalloc(c->rlps_upto + 1, 1);
	for (i = 0; i < c->rlps_n && !bad; i++) {
		for (k = 0; k < c->rlps[i].n && !bad; k++) {
			uint32_t x = c->rlps[i].lps[k];
			struct pk_epk e;

			bad = x == 0 || x > c->rlps_upto || seen[x];
			if (!bad) {
				seen[x] = 1;
				listed++;
				e = container_lp_epk(container_lp(c, x));
				bad = pmap_find(&c->pmap, &e) != i;
			}
		}
	}
	free(seen);
	return bad || listed != c->rlps_upto;
}

int container_check(const struct pk_container *c)
{
	uint64_t *storage, *count, x;
	int64_t shares = 0;
	uint64_t pending = 0;
	size_t i;
	int bad = 0;

	if (pmap_check(&c->pmap) || rangelps_bad(c)) {
		return -1;
	}
	storage = xcalloc(c->pmap.n, sizeof(*storage));
	count = xcalloc(c->pmap.n, sizeof(*count));
	for (x = 1; x <= c->n_lps; x++) {
		const struct pk_lp *lp = container_lp(c, x);
		struct pk_epk e = container_lp_epk(lp);

		i = pmap_find(&c->pmap, &e);
		storage[i] += container_lp_count(c, lp, PK_LP_STORAGE);
		count[i] += container_lp_count(c, lp, PK_LP_ITEMS) > 0;
		bad |= container_lp_count(c, lp, PK_LP_STORAGE) >
		       c->spec.lp_storage_bytes;
	}
	for (i = 0; i < c->pmap.n; i++) {
		bad |= storage[i] + c->pp[i].preloaded_bytes !=
		       c->pp[i].storage_bytes;
		bad |= count[i] != c->pp[i].logical_partitions;
		shares += c->pp[i].budget.share_mru;
		pending += c->pp[i].ttl_pending_bytes;
	}
	/* rule 28: the ranges' bytes awaiting deletion are the run's; what
	   expired was deleted or waits */
	bad |= pending != c->metrics.ttl.pending_bytes;
	bad |= c->metrics.ttl.expired !=
	       c->metrics.ttl.deleted + c->metrics.ttl.pending_items;
	/* a custom policy's shares stop at the per-range cap (rule 26) */
	bad |= c->redistributed ? shares > c->ru_per_s * PK_MRU_PER_RU
				: shares != c->ru_per_s * PK_MRU_PER_RU;
	free(storage);
	free(count);
	return bad ? -1 : 0;
}
