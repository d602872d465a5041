/*
 * container_layout: how a container's ranges change: storage splits
 * (rule 9), throughput splits with their delay (rule 6), serverless RU/s
 * following the ranges (rule 19), autoscale's storage floor (rule 18),
 * redistribution (rule 26) and merge (D-MERGE). The rules and their
 * sources are listed in container.h.
 */
#include "container.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "container_int.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

/* ---- splits ---- */

/* Recount storage and logical partitions of ranges i and i + 1 from
   their logical partitions (after a split of one range into those two),
   whose preloaded bytes are set. */
static void recount_children(struct pk_container *c, size_t i)
{
	size_t k, j, n;

	for (k = i; k <= i + 1; k++) {
		const uint32_t *v = rangelps_of(c, k, &n);

		c->pp[k].storage_bytes = c->pp[k].preloaded_bytes;
		c->pp[k].logical_partitions = 0;
		for (j = 0; j < n; j++) {
			const struct pk_lp *lp = container_lp(c, v[j]);

			c->pp[k].storage_bytes +=
			    container_lp_count(c, lp, PK_LP_STORAGE);
			c->pp[k].logical_partitions +=
			    container_lp_count(c, lp, PK_LP_ITEMS) > 0;
		}
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
	int64_t weight = c->pp[i].weight_mru;
	int64_t dyn_hour = c->pp[i].dyn_hour, dyn_peak = c->pp[i].dyn_peak_mru;
	uint64_t pre = c->pp[i].preloaded_bytes, left;
	uint64_t changes = c->pp[i].changes;
	struct pk_ttl_fifo pending = c->pp[i].ttl_pending;
	double wl, wr;
	size_t k;

	container_busy_gone(c, i);
	if (pmap_split(&c->pmap, i, &cut)) {
		PK_BUG("split of range %u outside its bounds", parent);
	}
	rangelps_split(c, i);
	mem_grow((void **)&c->pp, &c->pp_cap, c->pmap.n, sizeof(*c->pp));
	memmove(&c->pp[i + 2], &c->pp[i + 1],
		(c->pmap.n - i - 2) * sizeof(*c->pp));
	memset(&c->pp[i], 0, 2 * sizeof(*c->pp));
	/* preloaded data is spread evenly over the key space (container.h):
	   each child keeps its width's share of it */
	wl = pmap_width(&c->pmap, i);
	wr = pmap_width(&c->pmap, i + 1);
	left = wl + wr > 0 ? (uint64_t)((double)pre * (wl / (wl + wr)) + 0.5)
			   : pre;
	c->pp[i].preloaded_bytes = left > pre ? pre : left;
	c->pp[i + 1].preloaded_bytes = pre - c->pp[i].preloaded_bytes;
	for (k = i; k <= i + 1; k++) {
		throttle_init(&c->pp[k].budget,
			      share / 2 + (k == i ? share % 2 : 0));
		container_budget_opts(c, &c->pp[k].budget);
		c->pp[k].budget.window_s = c->now_s;
		c->pp[k].gone_until_ms = gone_until(c);
		/* custom policy: each child keeps half the parent's fraction */
		c->pp[k].weight_mru = weight / 2 + (k == i ? weight % 2 : 0);
		/* ASSUMPTION (rule 27 does not say): each child carries half
		   the parent's highest RU/s of the hour, so a split bills the
		   hour no more than the parent did */
		c->pp[k].dyn_hour = dyn_hour;
		c->pp[k].dyn_peak_mru =
		    dyn_peak / 2 + (k == i ? dyn_peak % 2 : 0);
		container_busy_born(c, k);
	}
	recount_children(c, i);
	if (c->ttl) {
		container_ttl_relocate(c, &pending);
	}
	e.t_s = c->now_s;
	e.parent = parent;
	e.reason = reason;
	e.changes = changes;
	for (k = 0; k < 2; k++) {
		e.children[k] = c->pmap.ranges[i + k].id;
		e.min[k] = c->pmap.ranges[i + k].min;
		e.max[k] = c->pmap.ranges[i + k].max;
	}
	metrics_add_split(&c->metrics, &e);
}

/* A logical partition with data in a range storage_cut divides, and its
   EPK's first bytes: all of a V2 hash of its key (PK_LP_EPK_OF_KEY),
   computed once for the sort, not once a comparison. */
struct cut_lp {
	struct pk_lp *lp;
	uint8_t b[PK_EPK_V2_BYTES];
};

/* x's EPK bytes (*len of them): its own copy or the arena's. */
static const uint8_t *cut_epk(const struct cut_lp *x, size_t *len)
{
	if (x->lp->epk_len == PK_LP_EPK_OF_KEY) {
		*len = PK_EPK_V2_BYTES;
		return x->b;
	}
	*len = x->lp->epk_len;
	return x->lp->key + x->lp->key_len;
}

/* EPK order, of equal EPKs the order of creation */
static int cmp_lp_epk(const void *a, const void *b)
{
	const struct cut_lp *p = a, *q = b;
	size_t pn, qn;
	const uint8_t *pb = cut_epk(p, &pn), *qb = cut_epk(q, &qn);
	int d = memcmp(pb, qb, pn < qn ? pn : qn);

	if (d != 0) {
		return d;
	}
	if (pn != qn) {
		return pn < qn ? -1 : 1;
	}
	return (p->lp->index > q->lp->index) - (p->lp->index < q->lp->index);
}

/*
 * Where a storage split of range i cuts: the start of the logical
 * partition (in EPK order) that makes the left child's storage nearest
 * half the range's (rule 9). Returns 0 and *cut, or -1 when the range
 * holds fewer than two logical partitions with data.
 */
static int storage_cut(struct pk_container *c, size_t i, struct pk_epk *cut)
{
	struct cut_lp *v = NULL;
	size_t n = 0, cap = 0, k, best = 0, m;
	const uint32_t *in = rangelps_of(c, i, &m);
	uint64_t total = 0, left = 0, best_gap = UINT64_MAX;

	for (k = 0; k < m; k++) {
		struct pk_lp *lp = container_lp(c, in[k]);

		if (container_lp_count(c, lp, PK_LP_STORAGE) == 0) {
			continue;
		}
		mem_grow((void **)&v, &cap, n + 1, sizeof(*v));
		v[n].lp = lp;
		if (lp->epk_len == PK_LP_EPK_OF_KEY) {
			struct pk_epk e = container_lp_epk(lp);

			memcpy(v[n].b, e.b, sizeof(v[n].b));
		}
		n++;
		total += container_lp_count(c, lp, PK_LP_STORAGE);
	}
	if (n < 2) {
		free(v);
		return -1;
	}
	qsort(v, n, sizeof(*v), cmp_lp_epk);
	for (k = 1; k < n; k++) {
		uint64_t gap;

		left += container_lp_count(c, v[k - 1].lp, PK_LP_STORAGE);
		gap = left * 2 > total ? left * 2 - total : total - left * 2;
		if (gap < best_gap) {
			best_gap = gap;
			best = k;
		}
	}
	*cut = container_lp_epk(v[best].lp);
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
	container_reshare(c);
}

/* Split every range over its storage cap, repeatedly, at the current
   second; a range holding one logical partition cannot split. */
void container_storage_splits(struct pk_container *c)
{
	size_t i = 0;
	int split = 0;

	while (i < c->pmap.n) {
		struct pk_epk cut;

		if (c->pp[i].storage_bytes <= c->spec.pp_storage_bytes) {
			i++;
			continue;
		}
		if (c->pp[i].preloaded_bytes > 0 &&
		    c->pp[i].storage_bytes - c->pp[i].preloaded_bytes <=
			c->spec.pp_storage_bytes) {
			/* mostly preloaded, evenly spread data: its median is
			   the midpoint (container.h) */
			cut = pmap_midpoint(&c->pmap, i);
		} else if (storage_cut(c, i, &cut)) {
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
		container_reshare(c);
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
void container_finish_pending(struct pk_container *c)
{
	char a[32];
	size_t before = c->pmap.n;

	split_to(c, c->pending_ranges);
	c->ru_per_s = c->pending_ru_per_s;
	c->pending_ru_per_s = -1;
	c->redistributed = 0;
	container_reshare(c);
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

int64_t container_autoscale_dynamic_billed(const struct pk_container *c,
					   int64_t hour)
{
	if (!c->autoscale || hour < 0 || (size_t)hour >= c->n_hours) {
		return 0;
	}
	return (c->hour_dyn_mru[hour] + PK_MRU_PER_RU - 1) / PK_MRU_PER_RU;
}

int64_t container_effective_ru_per_s(const struct pk_container *c)
{
	int64_t sum = 0;
	size_t i;

	if (c->autoscale || c->serverless) {
		return c->ru_per_s;
	}
	for (i = 0; i < c->pmap.n; i++) {
		sum += c->pp[i].budget.share_mru;
	}
	return sum / PK_MRU_PER_RU;
}

/* A new total under the custom policy (rule 26, the redistribution FAQ):
   each range gets its fraction of it, at most the per-range cap; no
   range splits. ASSUMPTION: the FAQ's MIN(fraction x total, 10,000)
   replaces rule 6's splits while the policy is custom; what passes the
   caps is paid for and unusable, and the action says how much. */
static void keep_fractions(struct pk_container *c, int64_t ru_per_s)
{
	int64_t cap = c->spec.pp_ru_per_s * PK_MRU_PER_RU, sum = 0, left;
	int64_t total = ru_per_s * PK_MRU_PER_RU, s;
	char a[32], b[32], d[32], e[32];
	int capped = 0;
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		/* weight x total / weight_total: below 1e7 x 1e9 = 1e16 */
		s = c->pp[i].weight_mru * total / c->weight_total_mru;
		capped |= s >= cap;
		sum += s < cap ? s : cap;
	}
	/* uncapped, the mRU the divisions rounded off go one each to the
	   first ranges, so the shares add up to the total */
	left = capped ? 0 : total - sum;
	sum = 0;
	for (i = 0; i < c->pmap.n; i++) {
		s = c->pp[i].weight_mru * total / c->weight_total_mru;
		if (s > cap) {
			s = cap;
		}
		if (left > 0) {
			s++;
			left--;
		}
		throttle_set_share(&c->pp[i].budget, c->now_s, s);
		sum += s;
	}
	c->ru_per_s = ru_per_s;
	if (sum / PK_MRU_PER_RU < ru_per_s) {
		metrics_add_action(
		    &c->metrics, c->now_s, PK_ACTION_REDISTRIBUTE,
		    "%s RU/s kept as each partition's fraction (custom "
		    "policy): %s RU/s usable, %s unusable above %s a "
		    "partition",
		    fmt_thousands(ru_per_s, a),
		    fmt_thousands(sum / PK_MRU_PER_RU, b),
		    fmt_thousands(ru_per_s - sum / PK_MRU_PER_RU, d),
		    fmt_thousands(c->spec.pp_ru_per_s, e));
	} else {
		metrics_add_action(&c->metrics, c->now_s,
				   PK_ACTION_REDISTRIBUTE,
				   "%s RU/s kept as each partition's fraction "
				   "(custom policy)",
				   fmt_thousands(ru_per_s, a));
	}
}

void container_set_policy_equal(struct pk_container *c, int64_t t_ms)
{
	char a[32];
	size_t want;

	container_advance(c, t_ms);
	if (!c->redistributed) {
		return;
	}
	cancel_pending(c);
	want = container_initial_ranges(c->ru_per_s, c->spec.pp_ru_per_s);
	split_to(c, want);
	c->redistributed = 0;
	c->weight_total_mru = 0;
	container_reshare(c);
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_REDISTRIBUTE,
			   "throughput policy equal: %s RU/s divided evenly "
			   "over %zu physical partitions",
			   fmt_thousands(c->ru_per_s, a), c->pmap.n);
}

void container_end(struct pk_container *c)
{
	char a[32];
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		container_dyn_flush(c, i); /* the last hour's dynamic bill */
		container_busy_settle(c, i);
	}
	if (c->merge_want > 0) {
		metrics_add_action(
		    &c->metrics, c->now_s, PK_ACTION_MERGE_UNFINISHED,
		    "the run ends before the merge to %zu "
		    "physical partitions is done (t=%llds); %zu "
		    "at the end",
		    c->merge_want, (long long)c->merge_done_s, c->pmap.n);
		c->merge_want = 0;
	}

	if (c->pending_ru_per_s < 0) {
		return;
	}
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_SPLITS_UNFINISHED,
			   "the run ends before the splits of the scale-up to "
			   "%s RU/s are done (t=%llds); %zu physical "
			   "partitions at the end",
			   fmt_thousands(c->pending_ru_per_s, a),
			   (long long)c->pending_done_s, c->pmap.n);
	if (c->metrics.n_changes > 0) {
		struct pk_throughput_event *e =
		    &c->metrics.changes[c->metrics.n_changes - 1];

		e->ranges_after = e->ranges_before;
		/* the new RU/s and layout never applied: no effective time */
		e->planned_t_s = e->effective_t_s;
		e->effective_t_s = PK_EFFECTIVE_UNFINISHED;
	}
	c->pending_ru_per_s = -1;
}

void container_set_throughput(struct pk_container *c, int64_t t_ms,
			      int64_t ru_per_s)
{
	struct pk_throughput_event e = {0};
	int64_t delay_s = c->spec.split_delay_ms / PK_MS_PER_S;
	size_t want;
	char a[32], b[32];

	container_advance(c, t_ms);
	if (ru_per_s == c->ru_per_s && c->pending_ru_per_s < 0) {
		return; /* a phase that repeats the current RU/s changes nothing
			 */
	}
	if (ru_per_s > c->ru_per_s) {
		/* rule 36: a raise cancels a merge in flight; a lowering
		   does not, nor changes its count */
		char x[32], y[32], because[96];

		snprintf(because, sizeof(because),
			 "RU/s raised from %s to %s during it (rule 36)",
			 fmt_thousands(c->ru_per_s, x),
			 fmt_thousands(ru_per_s, y));
		container_merge_cancel(c, because);
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
	if (c->redistributed && c->weight_total_mru > 0) {
		keep_fractions(c, ru_per_s);
		e.ranges_after = c->pmap.n;
		metrics_add_change(&c->metrics, &e);
		return;
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
	container_reshare(c);
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

/* Sum of the shares in whole RU/s, rounded up: redistribution targets are
   whole, but ranges it leaves alone may hold a fraction (2,000 RU/s over 6
   ranges is 333.333 each), and the container's total may not fall below
   what its ranges hold (container_check). */
static int64_t shares_ru(const struct pk_container *c)
{
	int64_t sum = 0;
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		sum += c->pp[i].budget.share_mru;
	}
	return (sum + PK_MRU_PER_RU - 1) / PK_MRU_PER_RU;
}

/* Set range id's share to ru_per_s; above the cap, split it (rule 26). */
static void redistribute_one(struct pk_container *c, uint32_t id,
			     int64_t ru_per_s)
{
	size_t i = range_index(c, id);
	char a[32], b[32], d[32];

	if (ru_per_s <= c->spec.pp_ru_per_s) {
		throttle_set_share(&c->pp[i].budget, c->now_s,
				   ru_per_s * PK_MRU_PER_RU);
		return;
	}
	/* the range gets the cap at once, then splits; split_range gives
	   each child half of its share */
	c->pp[i].budget.share_mru = ru_per_s * PK_MRU_PER_RU;
	split_range(c, i, pmap_midpoint(&c->pmap, i), PK_SPLIT_THROUGHPUT);
	metrics_add_action(
	    &c->metrics, c->now_s, PK_ACTION_REDISTRIBUTE,
	    "range %u set to %s RU/s, above %s: it splits into "
	    "%u and %u at %s RU/s each",
	    id, fmt_thousands(ru_per_s, a),
	    fmt_thousands(c->spec.pp_ru_per_s, b), c->pmap.ranges[i].id,
	    c->pmap.ranges[i + 1].id,
	    fmt_thousands(c->pp[i + 1].budget.share_mru / PK_MRU_PER_RU, d));
}

int container_redistribute(struct pk_container *c, int64_t t_ms,
			   const struct pk_redist_spec *v, size_t n,
			   size_t *bad)
{
	struct pk_throughput_event e = {0};
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
	/* ASSUMPTION: a redistribution replaces a merge in flight (the
	   merge would divide RU/s evenly again at its end) */
	container_merge_cancel(c, "a redistribution replaces it");
	e.t_s = c->now_s;
	e.effective_t_s = c->now_s;
	e.from_ru_per_s = c->ru_per_s;
	e.ranges_before = c->pmap.n;
	detail[0] = '\0';
	for (k = 0; k < n; k++) {
		len = fmt_append(detail, sizeof(detail), len, "%s%u: %s",
				 k ? ", " : "ranges ", v[k].range_id,
				 fmt_thousands(v[k].ru_per_s, a));
	}
	for (k = 0; k < n; k++) {
		redistribute_one(c, v[k].range_id, v[k].ru_per_s);
	}
	c->ru_per_s = shares_ru(c);
	if (c->ru_per_s > c->highest_ru_per_s) {
		c->highest_ru_per_s = c->ru_per_s;
	}
	c->redistributed = 1;
	/* the fractions a later change of the total keeps (rule 26) */
	c->weight_total_mru = 0;
	for (k = 0; k < c->pmap.n; k++) {
		c->pp[k].weight_mru = c->pp[k].budget.share_mru;
		c->weight_total_mru += c->pp[k].weight_mru;
	}
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
	uint64_t pre = c->pp[i].preloaded_bytes + c->pp[i + 1].preloaded_bytes;
	uint64_t lps =
	    c->pp[i].logical_partitions + c->pp[i + 1].logical_partitions;
	int64_t share =
	    c->pp[i].budget.share_mru + c->pp[i + 1].budget.share_mru;
	int64_t hour = metrics_hour_of(&c->metrics, c->now_s), peak = 0;
	int64_t dyn = -1;
	struct pk_ttl_fifo pending[2] = {c->pp[i].ttl_pending,
					 c->pp[i + 1].ttl_pending};
	struct pk_fuse_event fe;
	size_t k;

	/* rule 27: the merged partition carries both highest RU/s of this
	   hour (the sum); older hours are billed as they were */
	for (k = i; k <= i + 1; k++) {
		if (c->pp[k].dyn_hour != hour) {
			container_dyn_flush(c, k);
		} else {
			peak += c->pp[k].dyn_peak_mru;
			dyn = hour;
		}
	}
	fe.t_s = c->now_s;
	fe.parents[0] = c->pmap.ranges[i].id;
	fe.parents[1] = c->pmap.ranges[i + 1].id;
	fe.changes[0] = c->pp[i].changes;
	fe.changes[1] = c->pp[i + 1].changes;
	container_busy_gone(c, i);
	container_busy_gone(c, i + 1);
	if (pmap_merge(&c->pmap, i)) {
		PK_BUG("merge of range %zu without a right neighbour", i);
	}
	rangelps_merge(c, i);
	fe.range = c->pmap.ranges[i].id;
	fe.min = c->pmap.ranges[i].min;
	fe.max = c->pmap.ranges[i].max;
	metrics_add_fuse(&c->metrics, &fe);
	memmove(&c->pp[i + 1], &c->pp[i + 2],
		(c->pmap.n - i - 1) * sizeof(*c->pp));
	memset(&c->pp[i], 0, sizeof(*c->pp));
	throttle_init(&c->pp[i].budget, share);
	container_budget_opts(c, &c->pp[i].budget);
	c->pp[i].budget.window_s = c->now_s;
	c->pp[i].storage_bytes = storage;
	c->pp[i].preloaded_bytes = pre;
	c->pp[i].logical_partitions = lps;
	c->pp[i].gone_until_ms = gone_until(c);
	c->pp[i].dyn_hour = dyn;
	c->pp[i].dyn_peak_mru = peak;
	container_busy_born(c, i);
	for (k = 0; c->ttl && k < 2; k++) {
		container_ttl_relocate(c, &pending[k]);
	}
}

/* Widths closer than this are equal (EPK fractions of even splits) */
#define PK_CONTAINER_PAIR_WIDTH_EPS 1e-9

/* The share of the reachable hash space ranges i and i + 1 hold
   together (0 .. 1, pmap_width) */
static double pair_width(const struct pk_container *c, size_t i)
{
	return pmap_width(&c->pmap, i) + pmap_width(&c->pmap, i + 1);
}

/*
 * The adjacent pair (its left index) with the least combined storage
 * that fits one range, of equals the narrowest together (the first of
 * those), or c->pmap.n when none fits. The width breaks ties so that a
 * container without stored data (an existing one merged at t = 0)
 * merges into ranges of even width, as hashing spreads its keys, rather
 * than folding range after range into the first. ASSUMPTION: the merge
 * docs do not say which partitions a merge combines.
 */
static size_t lightest_pair(const struct pk_container *c)
{
	size_t i, best = c->pmap.n;
	uint64_t least = UINT64_MAX;
	double narrow = 2;

	for (i = 0; i + 1 < c->pmap.n; i++) {
		uint64_t sum =
		    c->pp[i].storage_bytes + c->pp[i + 1].storage_bytes;
		double w = pair_width(c, i);

		if (sum <= c->spec.pp_storage_bytes &&
		    (sum < least ||
		     (sum == least &&
		      w < narrow - PK_CONTAINER_PAIR_WIDTH_EPS))) {
			least = sum;
			narrow = w;
			best = i;
		}
	}
	return best;
}

/* Merge down to want ranges now (fewer when no pair fits); why ends the
   action's sentence. Returns the ranges it took away. */
static size_t merge_now(struct pk_container *c, size_t want, const char *why)
{
	struct pk_merge_event e;
	size_t before = c->pmap.n, i;
	char a[32];

	e.t_s = c->now_s;
	e.ranges_before = before;
	e.ru_per_s = c->ru_per_s;
	e.storage_bytes = container_storage(c);
	while (c->pmap.n > want) {
		i = lightest_pair(c);
		if (i == c->pmap.n) {
			why = "; no further: any other pair would pass the "
			      "storage cap";
			break;
		}
		merge_pair(c, i);
	}
	if (before > want) {
		/* asked to merge: recorded even when no pair fitted */
		e.ranges_after = c->pmap.n;
		metrics_add_merge(&c->metrics, &e);
	}
	c->redistributed = 0;
	container_reshare(c);
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_MERGE,
			   "%zu -> %zu physical partitions%s; %s RU/s now "
			   "divided evenly",
			   before, c->pmap.n, why,
			   fmt_thousands(c->ru_per_s, a));
	return before - c->pmap.n;
}

void container_merge_cancel(struct pk_container *c, const char *because)
{
	if (c->merge_want == 0) {
		return;
	}
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_MERGE_CANCELLED,
			   "the merge to %zu physical partitions (due at "
			   "t=%llds) is cancelled: %s",
			   c->merge_want, (long long)c->merge_done_s, because);
	c->merge_want = 0;
}

void container_merge_finish(struct pk_container *c)
{
	size_t want = c->merge_want;

	c->merge_want = 0;
	merge_now(c, want, c->merge_why);
}

size_t container_merge(struct pk_container *c, int64_t t_ms, size_t want)
{
	int64_t delay_s = c->spec.merge_delay_ms / PK_MS_PER_S;
	size_t floor;
	char a[32];
	const char *why = "";

	container_advance(c, t_ms);
	cancel_pending(c);
	container_merge_cancel(c, "a later merge replaces it");
	/* rule 36: the count after the merge is fixed from the RU/s in
	   force now, whatever they become before it ends */
	floor = container_initial_ranges(c->ru_per_s, c->spec.pp_ru_per_s);
	if (want < floor) {
		want = floor;
		why = "; no fewer: each range holds at most its RU/s cap";
	}
	if (delay_s == 0 || want >= c->pmap.n) {
		return merge_now(c, want, why);
	}
	c->merge_want = want;
	c->merge_done_s = c->now_s + delay_s;
	c->merge_why = why;
	metrics_add_action(&c->metrics, c->now_s, PK_ACTION_MERGE_STARTED,
			   "%zu -> %zu physical partitions at t=%llds, fixed "
			   "from %s RU/s now (rule 36); raising RU/s before "
			   "then cancels it",
			   c->pmap.n, want, (long long)c->merge_done_s,
			   fmt_thousands(c->ru_per_s, a));
	return 0;
}

/* Rule 18: storage above 0.1 x Tmax GB raises Tmax (D-AUTO). */
void container_autoscale_storage(struct pk_container *c)
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
			   fmt_thousands(c->ru_per_s, a),
			   fmt_thousands(max, b));
	container_set_throughput(c, c->now_s * PK_MS_PER_S, max);
}
