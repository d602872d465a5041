/*
 * container: one container's logical and physical partitions, storage,
 * RU budgets and splits. The rules and their sources are listed in
 * container.h.
 */
#include "pksim/base/fmt.h"
#include "pksim/model/container.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

#define PK_MS_PER_S 1000
#define PK_MRU_PER_RU 1000

size_t container_initial_ranges(int64_t ru_per_s, int64_t ru_per_range)
{
	int64_t n = (ru_per_s + ru_per_range - 1) / ru_per_range;

	return n < 1 ? 1 : (size_t)n;
}

/* Give every range an equal share of the provisioned RU/s (rule 4); the
   mRU left over by integer division go one each to the first ranges, so
   the shares add up to the total exactly. */
static void reshare(struct pk_container *c)
{
	int64_t total = c->ru_per_s * PK_MRU_PER_RU;
	int64_t n = (int64_t)c->pmap.n, i;

	for (i = 0; i < n; i++) {
		c->pp[i].budget.share_mru = total / n + (i < total % n);
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

struct pk_container *container_new(const char *name,
				   const struct pk_container_spec *spec,
				   const struct pk_cost_spec *cost)
{
	struct pk_container *c = xcalloc(1, sizeof(*c));
	size_t n, i;

	c->name = xstrdup(name);
	c->spec = *spec;
	cost_init(&c->cost, cost);
	if (spec->serverless) {
		c->serverless = 1;
		n = PK_CONTAINER_SERVERLESS_INITIAL_RANGES;
	} else if (spec->autoscale_max_ru_per_s > 0) {
		c->autoscale = 1;
		n = provision_autoscale_ranges(spec->autoscale_max_ru_per_s);
	} else {
		n = container_created_ranges(spec);
	}
	/* MultiHash (hierarchical) keys are always version 2 (D-HPK) */
	pmap_init_version(&c->pmap, n,
			  spec->key.kind == PK_KEY_HIERARCHICAL ? 2
								: spec->key.version);
	mem_grow((void **)&c->pp, &c->pp_cap, n, sizeof(*c->pp));
	memset(c->pp, 0, n * sizeof(*c->pp));
	for (i = 0; i < n; i++) {
		throttle_init(&c->pp[i].budget, 0);
		throttle_set_burst(&c->pp[i].budget, spec->burst);
	}
	if (c->serverless) {
		c->ru_per_s = provision_serverless_ru_per_s(n);
	} else {
		c->ru_per_s = c->autoscale ? spec->autoscale_max_ru_per_s
					   : spec->throughput_ru_per_s;
	}
	c->highest_ru_per_s = c->ru_per_s;
	c->pending_ru_per_s = -1;
	c->merge_note_t_s = -1;
	reshare(c);
	metrics_init(&c->metrics);
	return c;
}

void container_free(struct pk_container *c)
{
	struct pk_lp *lp, *tmp;
	struct pk_id_entry *e, *etmp;

	if (!c) {
		return;
	}
	HASH_ITER(hh, c->ids, e, etmp)
	{
		HASH_DEL(c->ids, e);
		free(e);
	}
	HASH_ITER(hh, c->lps, lp, tmp)
	{
		HASH_DEL(c->lps, lp);
		free(lp);
	}
	pmap_free(&c->pmap);
	metrics_free(&c->metrics);
	free(c->pp);
	free(c->items);
	free(c->visit);
	free(c->scratch);
	free(c->hour_max_ru_per_s);
	free(c->name);
	free(c);
}

/* ---- the clock ---- */

/* Note that seconds [t_s, t_s + span) ran at ru_per_s, for autoscale's
   hourly billing: the highest RU/s of each hour (rule 17). */
static void note_hours(struct pk_container *c, int64_t t_s, int64_t span,
		       int64_t ru_per_s)
{
	size_t first = (size_t)(t_s / PK_CONTAINER_S_PER_HOUR);
	size_t last = (size_t)((t_s + span - 1) / PK_CONTAINER_S_PER_HOUR);
	size_t h;

	if (!c->autoscale || span <= 0) {
		return;
	}
	if (last >= c->n_hours) {
		size_t cap = c->n_hours;

		mem_grow((void **)&c->hour_max_ru_per_s, &cap, last + 1,
			 sizeof(*c->hour_max_ru_per_s));
		memset(c->hour_max_ru_per_s + c->n_hours, 0,
		       (cap - c->n_hours) * sizeof(*c->hour_max_ru_per_s));
		c->n_hours = cap;
	}
	for (h = first; h <= last; h++) {
		if (ru_per_s > c->hour_max_ru_per_s[h]) {
			c->hour_max_ru_per_s[h] = ru_per_s;
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
	metrics_close_idle(&c->metrics, c->now_s, seconds, idle_ru_per_s(c),
			   (uint32_t)c->pmap.n);
	note_hours(c, c->now_s, seconds, idle_ru_per_s(c));
	c->now_s += seconds;
}

/* Close the open second: its samples and figures go to the metrics, the
   per-second counters start again. */
static void close_second(struct pk_container *c)
{
	struct pk_second sec = {0};
	int64_t busiest = 0;
	size_t i;

	if (!c->sec_active) {
		close_idle(c, 1);
		return;
	}
	c->sec_active = 0;
	mem_grow((void **)&c->scratch, &c->scratch_cap, c->pmap.n,
		 sizeof(*c->scratch));
	sec.t_s = c->now_s;
	sec.span_s = 1;
	sec.offered_mru = c->sec_offered_mru;
	sec.served_mru = c->sec_served_mru;
	sec.ru_per_s = c->ru_per_s;
	sec.ranges = (uint32_t)c->pmap.n;
	for (i = 0; i < c->pmap.n; i++) {
		struct pk_pp *p = &c->pp[i];
		struct pk_sample *s = &c->scratch[i];
		double norm;

		s->t_s = c->now_s;
		s->range_id = c->pmap.ranges[i].id;
		s->requests = p->sec_requests;
		s->throttled_429 = p->sec_throttled;
		s->ru_mru = p->sec_ru_mru;
		s->ru_per_s_mru = p->budget.share_mru;
		s->storage_bytes = p->storage_bytes;
		norm = metrics_normalized(s);
		if (norm > p->peak_normalized) {
			p->peak_normalized = norm;
			p->peak_t_s = c->now_s;
		}
		if (p->sec_ru_mru > busiest) {
			busiest = p->sec_ru_mru;
		}
		p->sec_requests = 0;
		p->sec_throttled = 0;
		p->sec_ru_mru = 0;
	}
	if (c->autoscale) {
		sec.ru_per_s = provision_autoscale_current(c->ru_per_s, busiest,
							   c->pmap.n);
	}
	note_hours(c, sec.t_s, 1, sec.ru_per_s);
	metrics_close_second(&c->metrics, &sec, c->scratch, c->pmap.n);
	c->sec_offered_mru = 0;
	c->sec_served_mru = 0;
	c->now_s++;
}

/* ---- splits ---- */

/* Recount storage and logical partitions of ranges i and i + 1 from the
   logical partitions (after a split of one range into those two). */
static void recount_children(struct pk_container *c, size_t i)
{
	struct pk_lp *lp, *tmp;
	size_t k;

	for (k = i; k <= i + 1; k++) {
		c->pp[k].storage_bytes = 0;
		c->pp[k].logical_partitions = 0;
	}
	HASH_ITER(hh, c->lps, lp, tmp)
	{
		if (epk_cmp(&lp->epk, &c->pmap.ranges[i].min) < 0 ||
		    epk_cmp(&lp->epk, &c->pmap.ranges[i + 1].max) >= 0) {
			continue;
		}
		k = epk_cmp(&lp->epk, &c->pmap.ranges[i + 1].min) < 0 ? i
								   : i + 1;
		c->pp[k].storage_bytes += lp->storage_bytes;
		c->pp[k].logical_partitions += lp->items > 0;
	}
}

/* The time until which a range made now answers 410/1007 (0: off). */
static int64_t gone_until(const struct pk_container *c)
{
	return c->spec.split_gone_ms > 0
		       ? c->now_s * PK_MS_PER_S + c->spec.split_gone_ms
		       : 0;
}

/* Split range i at cut, record the event, give the children fresh
   counters and half the parent's share each (so the shares still add up
   to the total); the caller re-divides RU/s evenly where rule 4 says. */
static void split_range(struct pk_container *c, size_t i, struct pk_epk cut,
			enum pk_split_reason reason)
{
	struct pk_split_event e;
	uint32_t parent = c->pmap.ranges[i].id;
	int64_t share = c->pp[i].budget.share_mru;
	size_t k;

	if (pmap_split(&c->pmap, i, &cut)) {
		PK_BUG("split of range %u outside its bounds", parent);
	}
	mem_grow((void **)&c->pp, &c->pp_cap, c->pmap.n, sizeof(*c->pp));
	memmove(&c->pp[i + 2], &c->pp[i + 1],
		(c->pmap.n - i - 2) * sizeof(*c->pp));
	memset(&c->pp[i], 0, 2 * sizeof(*c->pp));
	for (k = i; k <= i + 1; k++) {
		throttle_init(&c->pp[k].budget,
			      share / 2 + (k == i ? share % 2 : 0));
		throttle_set_burst(&c->pp[k].budget, c->spec.burst);
		c->pp[k].budget.window_s = c->now_s;
		c->pp[k].gone_until_ms = gone_until(c);
	}
	recount_children(c, i);
	e.t_s = c->now_s;
	e.parent = parent;
	e.reason = reason;
	for (k = 0; k < 2; k++) {
		e.children[k] = c->pmap.ranges[i + k].id;
		e.min[k] = c->pmap.ranges[i + k].min;
		e.max[k] = c->pmap.ranges[i + k].max;
	}
	metrics_add_split(&c->metrics, &e);
}

static int cmp_lp_epk(const void *a, const void *b)
{
	const struct pk_lp *x = *(const struct pk_lp *const *)a;
	const struct pk_lp *y = *(const struct pk_lp *const *)b;

	return epk_cmp(&x->epk, &y->epk);
}

/*
 * Where a storage split of range i cuts: the start of the logical
 * partition (in EPK order) that makes the left child's storage nearest
 * half the range's (rule 9). Returns 0 and *cut, or -1 when the range
 * holds fewer than two logical partitions with data.
 */
static int storage_cut(const struct pk_container *c, size_t i,
		       struct pk_epk *cut)
{
	const struct pk_range *r = &c->pmap.ranges[i];
	struct pk_lp **v = NULL, *lp, *tmp;
	size_t n = 0, cap = 0, k, best = 0;
	uint64_t total = 0, left = 0, best_gap = UINT64_MAX;

	HASH_ITER(hh, c->lps, lp, tmp)
	{
		if (lp->storage_bytes > 0 && epk_cmp(&lp->epk, &r->min) >= 0 &&
		    epk_cmp(&lp->epk, &r->max) < 0) {
			mem_grow((void **)&v, &cap, n + 1, sizeof(*v));
			v[n++] = lp;
			total += lp->storage_bytes;
		}
	}
	if (n < 2) {
		free(v);
		return -1;
	}
	qsort(v, n, sizeof(*v), cmp_lp_epk);
	for (k = 1; k < n; k++) {
		uint64_t gap;

		left += v[k - 1]->storage_bytes;
		gap = left * 2 > total ? left * 2 - total : total - left * 2;
		if (gap < best_gap) {
			best_gap = gap;
			best = k;
		}
	}
	*cut = v[best]->epk;
	free(v);
	return 0;
}

/* Serverless RU/s follow the ranges (rule 19): set them for the ranges
   now, re-divided evenly, and note a change in the timeline. */
static void serverless_follow(struct pk_container *c)
{
	int64_t ru = provision_serverless_ru_per_s(c->pmap.n);
	char a[32], b[32];

	if (ru != c->ru_per_s) {
		metrics_add_action(&c->metrics, c->now_s,
				   PK_ACTION_SERVERLESS_RU,
				   "%zu physical partitions: serverless RU/s "
				   "%s -> %s",
				   c->pmap.n, fmt_thousands(c->ru_per_s, a),
				   fmt_thousands(ru, b));
	}
	c->ru_per_s = ru;
	reshare(c);
}

/* Split every range over its storage cap, repeatedly, at the current
   second; a range holding one logical partition cannot split. */
static void storage_splits(struct pk_container *c)
{
	size_t i = 0;
	int split = 0;

	while (i < c->pmap.n) {
		struct pk_epk cut;

		if (c->pp[i].storage_bytes <= c->spec.pp_storage_bytes) {
			i++;
			continue;
		}
		if (storage_cut(c, i, &cut)) {
			c->pp[i].split_blocked = 1;
			i++;
			continue;
		}
		split_range(c, i, cut, PK_SPLIT_STORAGE);
		split = 1;
		/* look at the left child again: it may still be over */
	}
	if (split && c->serverless) {
		serverless_follow(c);
	} else if (split && !c->redistributed) {
		reshare(c);
	}
}

static void finish_pending(struct pk_container *c);
static void autoscale_storage(struct pk_container *c);

void container_advance(struct pk_container *c, int64_t t_ms)
{
	int64_t s = t_ms / PK_MS_PER_S;

	while (c->now_s < s) {
		if (!c->sec_active) {
			/* nothing changes in idle seconds: close them at once */
			close_idle(c, s - c->now_s);
			break;
		}
		close_second(c);
		storage_splits(c);
		if (c->autoscale) {
			autoscale_storage(c);
		}
		if (c->pending_ru_per_s >= 0 &&
		    c->now_s >= c->pending_done_s) {
			finish_pending(c);
		}
	}
}

/* The widest range (lowest index among equals): the next a throughput
   split divides. ASSUMPTION: the service does not say which of the
   parents split; widest first keeps the key space even. */
static size_t widest_range(const struct pk_container *c)
{
	size_t i, best = 0;
	double w = -1.0;

	for (i = 0; i < c->pmap.n; i++) {
		double x = pmap_width(&c->pmap, i);

		if (x > w + 1e-12) {
			w = x;
			best = i;
		}
	}
	return best;
}

/* Split the widest ranges at their EPK midpoints until there are want
   (rule 6: each split turns one parent into two). */
static void split_to(struct pk_container *c, size_t want)
{
	while (c->pmap.n < want) {
		size_t i = widest_range(c);

		split_range(c, i, pmap_midpoint(&c->pmap, i),
			    PK_SPLIT_THROUGHPUT);
	}
}

/* The waiting scale-up's splits are done: new layout, new RU/s. */
static void finish_pending(struct pk_container *c)
{
	char a[32];
	size_t before = c->pmap.n;

	split_to(c, c->pending_ranges);
	c->ru_per_s = c->pending_ru_per_s;
	c->pending_ru_per_s = -1;
	c->redistributed = 0;
	reshare(c);
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_SPLITS_DONE,
			   "%zu -> %zu physical partitions; %s RU/s now "
			   "divided evenly",
			   before, c->pmap.n, fmt_thousands(c->ru_per_s, a));
}

/* Forget a waiting scale-up replaced by a later change. */
static void cancel_pending(struct pk_container *c)
{
	char a[32];

	if (c->pending_ru_per_s < 0) {
		return;
	}
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_SPLITS_CANCELLED,
			   "the scale-up to %s RU/s is replaced by a later "
			   "change before its splits finished",
			   fmt_thousands(c->pending_ru_per_s, a));
	/* the change that waited never took effect: say so in its event */
	if (c->metrics.n_changes > 0) {
		struct pk_throughput_event *e =
			&c->metrics.changes[c->metrics.n_changes - 1];

		e->effective_t_s = -1;
		e->ranges_after = e->ranges_before;
	}
	c->pending_ru_per_s = -1;
}

void container_set_throughput(struct pk_container *c, int64_t t_ms,
			      int64_t ru_per_s)
{
	struct pk_throughput_event e;
	int64_t delay_s = c->spec.split_delay_ms / PK_MS_PER_S;
	size_t want;
	char a[32], b[32];

	container_advance(c, t_ms);
	if (ru_per_s == c->ru_per_s && c->pending_ru_per_s < 0) {
		return; /* a phase that repeats the current RU/s changes nothing */
	}
	cancel_pending(c);
	e.t_s = c->now_s;
	e.effective_t_s = c->now_s;
	e.from_ru_per_s = c->ru_per_s;
	e.to_ru_per_s = ru_per_s;
	e.ranges_before = c->pmap.n;
	if (ru_per_s > c->highest_ru_per_s) {
		c->highest_ru_per_s = ru_per_s;
	}
	/* rule 5/6: instant up to ranges x cap; above, split to
	   ceil(RU / cap) */
	want = container_initial_ranges(ru_per_s, c->spec.pp_ru_per_s);
	if (want > c->pmap.n && delay_s > 0) {
		c->pending_ru_per_s = ru_per_s;
		c->pending_done_s = c->now_s + delay_s;
		c->pending_ranges = want;
		e.effective_t_s = c->pending_done_s;
		e.ranges_after = want;
		metrics_add_change(&c->metrics, &e);
		metrics_add_action(
			&c->metrics, c->now_s, PK_ACTION_SPLITS_STARTED,
			"%s RU/s needs %zu physical partitions: splits done "
			"at t=%llds; until then %zu x %s RU/s serve",
			fmt_thousands(ru_per_s, a), want,
			(long long)c->pending_done_s, c->pmap.n,
			fmt_thousands(c->pp[0].budget.share_mru / PK_MRU_PER_RU,
				  b));
		return;
	}
	split_to(c, want);
	c->ru_per_s = ru_per_s;
	c->redistributed = 0;
	reshare(c);
	e.ranges_after = c->pmap.n;
	metrics_add_change(&c->metrics, &e);
}

/* ---- redistribution and merge ---- */

/* Index of the range with id, or c->pmap.n when there is none. */
static size_t range_index(const struct pk_container *c, uint32_t id)
{
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		if (c->pmap.ranges[i].id == id) {
			break;
		}
	}
	return i;
}

/* Sum of the shares, whole RU/s (redistribution targets are whole). */
static int64_t shares_ru(const struct pk_container *c)
{
	int64_t sum = 0;
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		sum += c->pp[i].budget.share_mru;
	}
	return sum / PK_MRU_PER_RU;
}

/* Set range id's share to ru_per_s; above the cap, split it (rule 26). */
static void redistribute_one(struct pk_container *c, uint32_t id,
			     int64_t ru_per_s)
{
	size_t i = range_index(c, id);
	char a[32], b[32], d[32];

	if (ru_per_s <= c->spec.pp_ru_per_s) {
		c->pp[i].budget.share_mru = ru_per_s * PK_MRU_PER_RU;
		return;
	}
	/* the range gets the cap at once, then splits; split_range gives
	   each child half of its share */
	c->pp[i].budget.share_mru = ru_per_s * PK_MRU_PER_RU;
	split_range(c, i, pmap_midpoint(&c->pmap, i), PK_SPLIT_THROUGHPUT);
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_REDISTRIBUTE,
			   "range %u set to %s RU/s, above %s: it splits into "
			   "%u and %u at %s RU/s each",
			   id, fmt_thousands(ru_per_s, a),
			   fmt_thousands(c->spec.pp_ru_per_s, b),
			   c->pmap.ranges[i].id, c->pmap.ranges[i + 1].id,
			   fmt_thousands(c->pp[i + 1].budget.share_mru /
					     PK_MRU_PER_RU,
				     d));
}

int container_redistribute(struct pk_container *c, int64_t t_ms,
			   const struct pk_redist_spec *v, size_t n,
			   size_t *bad)
{
	struct pk_throughput_event e;
	char detail[PK_ACTION_DETAIL_BYTES], a[32], b[32];
	size_t k, len = 0;

	container_advance(c, t_ms);
	for (k = 0; k < n; k++) {
		if (range_index(c, v[k].range_id) == c->pmap.n ||
		    v[k].ru_per_s > 2 * c->spec.pp_ru_per_s) {
			*bad = k;
			return -1;
		}
	}
	cancel_pending(c);
	e.t_s = c->now_s;
	e.effective_t_s = c->now_s;
	e.from_ru_per_s = c->ru_per_s;
	e.ranges_before = c->pmap.n;
	detail[0] = '\0';
	for (k = 0; k < n; k++) {
		int w = snprintf(detail + len, sizeof(detail) - len,
				 "%s%u: %s", k ? ", " : "ranges ",
				 v[k].range_id,
				 fmt_thousands(v[k].ru_per_s, a));

		len += w > 0 && (size_t)w < sizeof(detail) - len
			       ? (size_t)w
			       : sizeof(detail) - len - 1;
	}
	for (k = 0; k < n; k++) {
		redistribute_one(c, v[k].range_id, v[k].ru_per_s);
	}
	c->ru_per_s = shares_ru(c);
	if (c->ru_per_s > c->highest_ru_per_s) {
		c->highest_ru_per_s = c->ru_per_s;
	}
	c->redistributed = 1;
	e.to_ru_per_s = c->ru_per_s;
	e.ranges_after = c->pmap.n;
	metrics_add_change(&c->metrics, &e);
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_REDISTRIBUTE,
			   "%s RU/s; container %s -> %s RU/s", detail,
			   fmt_thousands(e.from_ru_per_s, a),
			   fmt_thousands(c->ru_per_s, b));
	return 0;
}

/* Merge ranges i and i + 1 into one with fresh counters (D-MERGE). */
static void merge_pair(struct pk_container *c, size_t i)
{
	uint64_t storage = c->pp[i].storage_bytes + c->pp[i + 1].storage_bytes;
	uint64_t lps = c->pp[i].logical_partitions +
		       c->pp[i + 1].logical_partitions;
	int64_t share = c->pp[i].budget.share_mru +
			c->pp[i + 1].budget.share_mru;

	if (pmap_merge(&c->pmap, i)) {
		PK_BUG("merge of range %zu without a right neighbour", i);
	}
	memmove(&c->pp[i + 1], &c->pp[i + 2],
		(c->pmap.n - i - 1) * sizeof(*c->pp));
	memset(&c->pp[i], 0, sizeof(*c->pp));
	throttle_init(&c->pp[i].budget, share);
	throttle_set_burst(&c->pp[i].budget, c->spec.burst);
	c->pp[i].budget.window_s = c->now_s;
	c->pp[i].storage_bytes = storage;
	c->pp[i].logical_partitions = lps;
	c->pp[i].gone_until_ms = gone_until(c);
}

/* The adjacent pair (its left index) with the least combined storage
   that fits one range, or c->pmap.n when none does. */
static size_t lightest_pair(const struct pk_container *c)
{
	size_t i, best = c->pmap.n;
	uint64_t least = UINT64_MAX;

	for (i = 0; i + 1 < c->pmap.n; i++) {
		uint64_t sum = c->pp[i].storage_bytes +
			       c->pp[i + 1].storage_bytes;

		if (sum <= c->spec.pp_storage_bytes && sum < least) {
			least = sum;
			best = i;
		}
	}
	return best;
}

/* Note the first merge D-MERGE does not suit, for the findings. */
static void note_merge_suitability(struct pk_container *c)
{
	int64_t ru_per_pp = c->ru_per_s / (int64_t)c->pmap.n;
	uint64_t avg = container_storage(c) / c->pmap.n;

	if (c->merge_note_t_s >= 0 ||
	    (ru_per_pp < PK_CONTAINER_MERGE_MAX_RU_PER_PP &&
	     avg < PK_CONTAINER_MERGE_MAX_AVG_BYTES)) {
		return;
	}
	c->merge_note_t_s = c->now_s;
	c->merge_note_ru_per_pp = ru_per_pp;
	c->merge_note_avg_bytes = avg;
}

size_t container_merge(struct pk_container *c, int64_t t_ms, size_t want)
{
	size_t before, floor, i;
	char a[32];
	const char *why = "";

	container_advance(c, t_ms);
	cancel_pending(c);
	before = c->pmap.n;
	floor = container_initial_ranges(c->ru_per_s, c->spec.pp_ru_per_s);
	if (want < floor) {
		want = floor;
		why = "; no fewer: each range holds at most its RU/s cap";
	}
	if (c->pmap.n > want) {
		note_merge_suitability(c);
	}
	while (c->pmap.n > want) {
		i = lightest_pair(c);
		if (i == c->pmap.n) {
			why = "; no further: any other pair would pass the "
			      "storage cap";
			break;
		}
		merge_pair(c, i);
	}
	c->redistributed = 0;
	reshare(c);
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_MERGE,
			   "%zu -> %zu physical partitions%s; %s RU/s now "
			   "divided evenly",
			   before, c->pmap.n, why, fmt_thousands(c->ru_per_s, a));
	return before - c->pmap.n;
}

/* Rule 18: storage above 0.1 x Tmax GB raises Tmax (D-AUTO). */
static void autoscale_storage(struct pk_container *c)
{
	uint64_t storage = container_storage(c);
	int64_t max = provision_autoscale_max_for_storage(c->ru_per_s, storage);
	char a[32], b[32], d[32];

	if (max <= c->ru_per_s) {
		return;
	}
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_AUTOSCALE_MAX,
			   "%s GB stored passes 0.1 x %s: autoscale max "
			   "raised to %s RU/s",
			   fmt_thousands(provision_storage_gb(storage), d),
			   fmt_thousands(c->ru_per_s, a), fmt_thousands(max, b));
	container_set_throughput(c, c->now_s * PK_MS_PER_S, max);
}

int64_t container_hours(const struct pk_container *c)
{
	return (c->now_s + PK_CONTAINER_S_PER_HOUR - 1) /
	       PK_CONTAINER_S_PER_HOUR;
}

int64_t container_autoscale_billed(const struct pk_container *c,
				   int64_t hour)
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

/* ---- requests ---- */

static struct pk_lp *find_lp(const struct pk_container *c,
			     const unsigned char *key, size_t len)
{
	struct pk_lp *lp = NULL;

	HASH_FIND(hh, c->lps, key, len, lp);
	return lp;
}

const struct pk_lp *container_find_lp(const struct pk_container *c,
				      const unsigned char *key, size_t len)
{
	return find_lp(c, key, len);
}

static struct pk_lp *add_lp(struct pk_container *c, const unsigned char *key,
			    size_t len, struct pk_epk epk)
{
	struct pk_lp *lp = xcalloc(1, sizeof(*lp) + len);

	memcpy(lp->key, key, len);
	lp->key_len = len;
	lp->epk = epk;
	lp->full_at_ms = -1;
	lp->first_grow_ms = -1;
	lp->index = ++c->next_lp;
	HASH_ADD(hh, c->lps, key, len, lp);
	c->n_lps++;
	return lp;
}

static struct pk_item_slot *slot(struct pk_container *c, uint64_t item)
{
	if (item >= c->items_cap) {
		size_t old = c->items_cap;

		mem_grow((void **)&c->items, &c->items_cap, item + 1,
			 sizeof(*c->items));
		memset(c->items + old, 0,
		       (c->items_cap - old) * sizeof(*c->items));
	}
	return &c->items[item];
}

static uint32_t stored_bytes(const struct pk_container *c, uint64_t item)
{
	return item < c->items_cap ? c->items[item].bytes : 0;
}

/* Bytes an item of size_bytes takes with its index (index_factor). */
static uint32_t with_index(const struct pk_container *c, uint32_t size_bytes)
{
	double b = (double)llround((double)size_bytes * c->spec.index_factor);

	/* the loader keeps item size x index_factor within 32 bits */
	return b < 1 ? 1 : b > UINT32_MAX ? UINT32_MAX : (uint32_t)b;
}

/* What the request will be charged, before it runs. */
static int64_t charge_of(const struct pk_container *c,
			 const struct pk_request *r, uint32_t stored)
{
	switch (r->kind) {
	case PK_OP_READ:
		return stored ? cost_read_mru(&c->cost, stored)
			      : c->cost.not_found_mru;
	case PK_OP_DELETE:
		return stored ? cost_write_mru(&c->cost, stored)
			      : c->cost.not_found_mru;
	case PK_OP_REPLACE:
		return stored ? cost_write_mru(&c->cost, r->size_bytes)
			      : c->cost.not_found_mru;
	default:
		return cost_write_mru(&c->cost, r->size_bytes);
	}
}

/* Change item's stored bytes from old to new (either may be 0) in lp and
   its range pp; returns 403 if the logical partition would pass its cap
   (rule 11; *sub = 1014) or a serverless container its 1 TB (rule 19;
   *sub = 0), nothing changing then; else 0. */
static int store(struct pk_container *c, struct pk_lp *lp, struct pk_pp *pp,
		 uint64_t item, uint32_t old, uint32_t new_bytes, int *sub)
{
	if (new_bytes > old &&
	    lp->storage_bytes + (new_bytes - old) > c->spec.lp_storage_bytes) {
		*sub = PK_SUBSTATUS_PARTITION_KEY_QUOTA;
		return PK_HTTP_FORBIDDEN;
	}
	if (new_bytes > old && c->serverless &&
	    container_storage(c) + (new_bytes - old) >
		    PK_PROVISION_SERVERLESS_MAX_BYTES) {
		*sub = PK_SUBSTATUS_CONTAINER_FULL;
		return PK_HTTP_FORBIDDEN;
	}
	if (new_bytes > old) {
		if (lp->first_grow_ms < 0) {
			lp->first_grow_ms = c->now_ms;
		}
		lp->last_grow_ms = c->now_ms;
	}
	lp->storage_bytes = lp->storage_bytes - old + new_bytes;
	pp->storage_bytes = pp->storage_bytes - old + new_bytes;
	if (!old && new_bytes) {
		if (lp->items++ == 0) {
			pp->logical_partitions++;
		}
	} else if (old && !new_bytes) {
		if (--lp->items == 0) {
			pp->logical_partitions--;
		}
	}
	slot(c, item)->bytes = new_bytes;
	slot(c, item)->lp = new_bytes ? lp->index : 0;
	return 0;
}

/* A request for a stored item under another key value. The key is
   immutable (reference §3): a replace or upsert is refused with 400
   (ASSUMPTION: pksim keeps one copy per item, so an upsert under a new key
   is refused too rather than creating a second); a read or delete looks
   up (key, id) and finds nothing: 404. */
static int moved(const struct pk_request *r)
{
	return r->kind == PK_OP_REPLACE || r->kind == PK_OP_UPSERT
		       ? PK_HTTP_BAD_REQUEST
		       : PK_HTTP_NOT_FOUND;
}

/* ---- ids that may repeat: unique within a logical partition ---- */

static struct pk_id_key id_key(const struct pk_lp *lp,
			       const struct pk_request *r)
{
	struct pk_id_key k;
	uint64_t h2;

	memset(&k, 0, sizeof(k));
	k.lp = lp->index;
	epk_murmur3_x64_128(r->id, r->id_len, 0, &k.hash, &h2);
	return k;
}

static struct pk_id_entry *find_id(const struct pk_container *c,
				   const struct pk_id_key *k)
{
	struct pk_id_entry *e = NULL;

	HASH_FIND(hh, c->ids, k, sizeof(*k), e);
	return e;
}

/* 1 if another stored item of lp holds r's id (a create is a 409). */
static int id_taken(const struct pk_container *c, const struct pk_lp *lp,
		    const struct pk_request *r)
{
	struct pk_id_key k;
	const struct pk_id_entry *e;

	if (!r->id) {
		return 0;
	}
	k = id_key(lp, r);
	e = find_id(c, &k);
	return e && e->item != r->item && stored_bytes(c, e->item) > 0;
}

/* Record (stored = 1) or forget r's id in lp. */
static void note_id(struct pk_container *c, const struct pk_lp *lp,
		    const struct pk_request *r, int stored)
{
	struct pk_id_key k;
	struct pk_id_entry *e;

	if (!r->id) {
		return;
	}
	k = id_key(lp, r);
	e = find_id(c, &k);
	if (stored && !e) {
		e = xcalloc(1, sizeof(*e));
		e->k = k;
		HASH_ADD(hh, c->ids, k, sizeof(e->k), e);
	}
	if (stored) {
		e->item = r->item;
	} else if (e && e->item == r->item) {
		HASH_DEL(c->ids, e);
		free(e);
	}
}

/* Run an admitted request against the data; returns the status (and
   a 403's sub-status in *sub). */
static int execute(struct pk_container *c, const struct pk_request *r,
		   struct pk_lp *lp, struct pk_pp *pp, uint32_t old, int *sub)
{
	int unused;

	uint32_t bytes = r->size_bytes ? with_index(c, r->size_bytes) : 0;

	if (old && r->kind != PK_OP_CREATE && c->items[r->item].lp != lp->index) {
		return moved(r);
	}
	switch (r->kind) {
	case PK_OP_CREATE:
		/* (key, id) is unique: a create of a held id is a 409 */
		if (old || id_taken(c, lp, r)) {
			return PK_HTTP_CONFLICT;
		}
		break;
	case PK_OP_UPSERT:
		break;
	case PK_OP_REPLACE:
		if (!old) {
			return PK_HTTP_NOT_FOUND;
		}
		break;
	case PK_OP_DELETE:
		if (!old) {
			return PK_HTTP_NOT_FOUND;
		}
		store(c, lp, pp, r->item, old, 0, &unused);
		note_id(c, lp, r, 0);
		return PK_HTTP_NO_CONTENT;
	default:
		return old ? PK_HTTP_OK : PK_HTTP_NOT_FOUND;
	}
	if (store(c, lp, pp, r->item, old, bytes, sub)) {
		return PK_HTTP_FORBIDDEN;
	}
	note_id(c, lp, r, 1);
	return old ? PK_HTTP_OK : PK_HTTP_CREATED;
}

static void count_outcome(struct pk_container *c, struct pk_lp *lp,
			  struct pk_pp *pp, const struct pk_request *r,
			  struct pk_outcome *out)
{
	struct pk_totals *t = &c->metrics.totals;

	t->attempts++;
	c->sec_active = 1;
	pp->sec_requests++;
	pp->requests++;
	if (lp) {
		lp->requests++;
		lp->ru_mru += out->charge_mru;
	}
	if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
		t->throttled_429++;
		pp->sec_throttled++;
		pp->throttled_429++;
		if (lp) {
			lp->throttled_429++;
		}
		return;
	}
	if (lp) {
		lp->served++;
	}
	t->ru_mru += out->charge_mru;
	pp->sec_ru_mru += out->charge_mru;
	pp->ru_mru += out->charge_mru;
	c->sec_served_mru += out->charge_mru;
	if (out->status == PK_HTTP_FORBIDDEN &&
	    out->sub_status == PK_SUBSTATUS_CONTAINER_FULL) {
		t->container_full_403++;
	} else if (out->status == PK_HTTP_FORBIDDEN) {
		t->rejected_403++;
		pp->rejected_403++;
		lp->rejected_403++;
		if (lp->full_at_ms < 0) {
			lp->full_at_ms = r->t_ms;
		}
	} else if (out->status == PK_HTTP_NOT_FOUND) {
		t->not_found_404++;
	} else if (out->status == PK_HTTP_CONFLICT) {
		t->conflict_409++;
	} else if (out->status == PK_HTTP_BAD_REQUEST) {
		t->bad_request_400++;
	} else if (out->status == PK_HTTP_TOO_LARGE) {
		t->too_large_413++;
	} else {
		t->succeeded++;
	}
}

/* A request to a range in its 410 window (spec.split_gone_ms): 410/1007
   at no charge, counted as an attempt and a 410. */
static void gone(struct pk_container *c, struct pk_outcome *out)
{
	out->status = PK_HTTP_GONE;
	out->sub_status = PK_SUBSTATUS_COMPLETING_SPLIT;
	c->metrics.totals.attempts++;
	c->metrics.totals.gone_410++;
	c->sec_active = 1;
}

/* Refused before it touches data: an invalid item (400, from the
   client's check of key and id) or one over 2 MB (413). */
static int refused(const struct pk_request *r)
{
	if (r->reject) {
		return r->reject;
	}
	if (r->size_bytes > PK_MAX_ITEM_BYTES) {
		return PK_HTTP_TOO_LARGE;
	}
	return 0;
}

void container_apply(struct pk_container *c, const struct pk_request *r,
		     struct pk_outcome *out)
{
	struct pk_lp *lp;
	struct pk_pp *pp;
	uint32_t old;
	int64_t charge;
	int refuse = refused(r), sub = 0;

	container_advance(c, r->t_ms);
	c->now_ms = r->t_ms;
	lp = find_lp(c, r->key, r->key_len);
	memset(out, 0, sizeof(*out));
	out->range = pmap_find(&c->pmap, lp ? &lp->epk : r->epk);
	out->ranges = 1;
	pp = &c->pp[out->range];
	if (r->t_ms < pp->gone_until_ms) {
		gone(c, out);
		return;
	}
	old = stored_bytes(c, r->item);
	charge = refuse ? c->cost.not_found_mru : charge_of(c, r, old);
	c->sec_offered_mru += charge;
	c->metrics.totals.offered_mru += charge;
	if (!throttle_admit(&pp->budget, r->t_ms, charge,
			    &out->retry_after_ms)) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->sub_status = PK_SUBSTATUS_RU_BUDGET_EXCEEDED;
		count_outcome(c, lp, pp, r, out);
		return;
	}
	out->charge_mru = charge;
	if (refuse) {
		out->status = refuse;
		count_outcome(c, lp, pp, r, out);
		return;
	}
	if (!lp && old) {
		out->status = moved(r);
	} else {
		if (!lp && (r->kind == PK_OP_CREATE ||
			    r->kind == PK_OP_UPSERT)) {
			lp = add_lp(c, r->key, r->key_len, *r->epk);
		}
		out->status = lp ? execute(c, r, lp, pp, old, &sub)
				 : PK_HTTP_NOT_FOUND;
	}
	if (out->status == PK_HTTP_FORBIDDEN) {
		/* D-403: failed requests still use RUs; ASSUMPTION: the whole
		   write charge */
		out->sub_status = sub;
	}
	count_outcome(c, lp, pp, r, out);
}

/* ---- transactional batches ---- */

/* 1 if every item of the batch has the first item's key identity. */
static int batch_one_key(const struct pk_request *items, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++) {
		if (items[i].key_len != items[0].key_len ||
		    memcmp(items[i].key, items[0].key, items[0].key_len) != 0) {
			return 0;
		}
	}
	return 1;
}

/* 1 if an item before item i of the batch carries item i's id. */
static int batch_id_repeated(const struct pk_request *items, size_t i)
{
	size_t j;

	if (!items[i].id) {
		return 0;
	}
	for (j = 0; j < i; j++) {
		if (items[j].id && items[j].id_len == items[i].id_len &&
		    memcmp(items[j].id, items[i].id, items[i].id_len) == 0) {
			return 1;
		}
	}
	return 0;
}

/* Create the n items of an admitted batch in lp (range pp), all or
   nothing: every item is checked before anything is stored, so a failing
   item leaves the container as it was. Returns 201, or the first failing
   item's status (409, or 403 with *sub). */
static int batch_commit(struct pk_container *c, struct pk_lp *lp,
			struct pk_pp *pp, const struct pk_request *items,
			size_t n, int *sub)
{
	uint64_t grow = 0;
	size_t i;
	int unused;

	for (i = 0; i < n; i++) {
		const struct pk_request *r = &items[i];

		if (stored_bytes(c, r->item) || id_taken(c, lp, r) ||
		    batch_id_repeated(items, i)) {
			return PK_HTTP_CONFLICT;
		}
		grow += with_index(c, r->size_bytes);
		if (lp->storage_bytes + grow > c->spec.lp_storage_bytes) {
			*sub = PK_SUBSTATUS_PARTITION_KEY_QUOTA;
			return PK_HTTP_FORBIDDEN;
		}
		if (c->serverless && container_storage(c) + grow >
					     PK_PROVISION_SERVERLESS_MAX_BYTES) {
			*sub = PK_SUBSTATUS_CONTAINER_FULL;
			return PK_HTTP_FORBIDDEN;
		}
	}
	for (i = 0; i < n; i++) {
		/* cannot fail: the checks above covered the whole batch */
		if (store(c, lp, pp, items[i].item, 0,
			  with_index(c, items[i].size_bytes), &unused)) {
			PK_BUG("batch item %llu refused after its check",
			       (unsigned long long)items[i].item);
		}
		note_id(c, lp, &items[i], 1);
	}
	return PK_HTTP_CREATED;
}

void container_batch(struct pk_container *c, int64_t t_ms,
		     const struct pk_request *items, size_t n,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &c->metrics.totals;
	const struct pk_request *first = &items[0];
	struct pk_lp *lp;
	struct pk_pp *pp;
	uint64_t payload = 0;
	int64_t charge = 0;
	int refuse = 0, spans = 0, sub = 0;
	size_t i;

	if (n < 1 || n > PK_MAX_BATCH_OPS) {
		PK_BUG("batch of %zu operations", n);
	}
	container_advance(c, t_ms);
	c->now_ms = t_ms;
	memset(out, 0, sizeof(*out));
	lp = find_lp(c, first->key, first->key_len);
	out->range = pmap_find(&c->pmap, lp ? &lp->epk : first->epk);
	out->ranges = 1;
	pp = &c->pp[out->range];
	if (t_ms < pp->gone_until_ms) {
		gone(c, out);
		return;
	}
	for (i = 0; i < n; i++) {
		if (!refuse) {
			refuse = items[i].reject;
		}
		payload += items[i].size_bytes;
		charge += cost_write_mru(&c->cost, items[i].size_bytes);
	}
	if (!refuse && !batch_one_key(items, n)) {
		/* reference §3: a batch stays in one logical partition */
		refuse = PK_HTTP_BAD_REQUEST;
		spans = 1;
	} else if (!refuse && payload > PK_MAX_REQUEST_BYTES) {
		refuse = PK_HTTP_TOO_LARGE;
	}
	if (refuse) {
		charge = c->cost.not_found_mru;
	}
	c->sec_offered_mru += charge;
	t->offered_mru += charge;
	if (!throttle_admit(&pp->budget, t_ms, charge,
			    &out->retry_after_ms)) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->sub_status = PK_SUBSTATUS_RU_BUDGET_EXCEEDED;
		count_outcome(c, lp, pp, first, out);
		return;
	}
	out->charge_mru = charge;
	if (refuse) {
		out->status = refuse;
	} else {
		if (!lp) {
			lp = add_lp(c, first->key, first->key_len,
				    *first->epk);
		}
		out->status = batch_commit(c, lp, pp, items, n, &sub);
		if (out->status == PK_HTTP_FORBIDDEN) {
			out->sub_status = sub;
		}
	}
	count_outcome(c, lp, pp, first, out);
	t->batches++;
	t->batches_rejected_400 += (uint64_t)spans;
	if (out->status == PK_HTTP_CREATED) {
		t->batches_committed++;
		t->batch_items += n;
	}
}

/* ---- queries ---- */

/* Mark the ranges route visits in c->visit; returns how many. */
static size_t mark_ranges(struct pk_container *c, const struct pk_route *rt)
{
	size_t n = 0, i, k;

	mem_grow((void **)&c->visit, &c->visit_cap, c->pmap.n, 1);
	memset(c->visit, rt->kind == PK_ROUTE_FANOUT, c->pmap.n);
	if (rt->kind == PK_ROUTE_FANOUT) {
		return c->pmap.n;
	}
	for (i = 0; i < rt->n; i++) {
		k = pmap_find(&c->pmap, &rt->lo[i]);
		do {
			c->visit[k] = 1;
			k++;
		} while (!rt->point[i] && k < c->pmap.n &&
			 epk_cmp(&c->pmap.ranges[k].min, &rt->hi[i]) < 0);
	}
	for (i = 0; i < c->pmap.n; i++) {
		n += c->visit[i];
	}
	return n;
}

/* Share k of a charge split over n ranges (the remainder to the first) */
static int64_t share_of(int64_t charge, size_t n, size_t k)
{
	return charge / (int64_t)n + (k == 0 ? charge % (int64_t)n : 0);
}

void container_query(struct pk_container *c, int64_t t_ms,
		     const struct pk_route *route, uint32_t results,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &c->metrics.totals;
	size_t n, i, k = 0;
	int64_t charge, after;

	container_advance(c, t_ms);
	memset(out, 0, sizeof(*out));
	n = mark_ranges(c, route);
	for (i = 0; i < c->pmap.n; i++) {
		if (c->visit[i] && t_ms < c->pp[i].gone_until_ms) {
			out->range = i;
			out->ranges = n;
			gone(c, out);
			return;
		}
	}
	charge = cost_query_mru(&c->cost, n, results);
	out->ranges = n;
	c->sec_offered_mru += charge;
	t->offered_mru += charge;
	t->attempts++;
	c->sec_active = 1;
	/* all or nothing: every range must have room for its share */
	for (i = 0; i < c->pmap.n; i++) {
		struct pk_budget b;

		if (!c->visit[i]) {
			continue;
		}
		b = c->pp[i].budget;
		if (!throttle_admit(&b, t_ms, share_of(charge, n, k++),
				    &after)) {
			out->status = PK_HTTP_TOO_MANY_REQUESTS;
			out->sub_status = PK_SUBSTATUS_RU_BUDGET_EXCEEDED;
			out->retry_after_ms = after;
			out->range = i;
		}
	}
	k = 0;
	for (i = 0; i < c->pmap.n; i++) {
		struct pk_pp *pp = &c->pp[i];
		int64_t part;

		if (!c->visit[i]) {
			continue;
		}
		part = share_of(charge, n, k++);
		pp->sec_requests++;
		pp->requests++;
		if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
			if (i == out->range) {
				pp->sec_throttled++;
				pp->throttled_429++;
			}
			continue;
		}
		throttle_admit(&pp->budget, t_ms, part, &after);
		pp->sec_ru_mru += part;
		pp->ru_mru += part;
	}
	if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
		t->throttled_429++;
		return;
	}
	out->status = PK_HTTP_OK;
	out->charge_mru = charge;
	t->succeeded++;
	t->ru_mru += charge;
	c->sec_served_mru += charge;
	t->queries[route->kind]++;
	t->query_ranges += n;
	if (route->kind == PK_ROUTE_FANOUT) {
		t->fanout_mru += charge;
	}
}

int container_check(const struct pk_container *c)
{
	struct pk_lp *lp, *tmp;
	uint64_t *storage, *count;
	int64_t shares = 0;
	size_t i;
	int bad = 0;

	if (pmap_check(&c->pmap)) {
		return -1;
	}
	storage = xcalloc(c->pmap.n, sizeof(*storage));
	count = xcalloc(c->pmap.n, sizeof(*count));
	HASH_ITER(hh, c->lps, lp, tmp)
	{
		i = pmap_find(&c->pmap, &lp->epk);
		storage[i] += lp->storage_bytes;
		count[i] += lp->items > 0;
		bad |= lp->storage_bytes > c->spec.lp_storage_bytes;
	}
	for (i = 0; i < c->pmap.n; i++) {
		bad |= storage[i] != c->pp[i].storage_bytes;
		bad |= count[i] != c->pp[i].logical_partitions;
		shares += c->pp[i].budget.share_mru;
	}
	bad |= shares != c->ru_per_s * PK_MRU_PER_RU;
	free(storage);
	free(count);
	return bad ? -1 : 0;
}
