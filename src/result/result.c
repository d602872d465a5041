/*
 * result: the frozen per-variant model of a finished run (see result.h),
 * built once from each variant's service snapshot (service/snapshot.h)
 * after the clock stopped; the run's own per-stream figures come from
 * run/sim.h. Nothing above the service stage looks inside a container.
 */
#include "pksim/result/result.h"
#include "pksim/result/remedy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/run/sim.h"
#include "pksim/service/snapshot.h"
#include "result_int.h"

/* 1 if a ranks before b: more RU (by_storage = 0) or more bytes (1),
   ties by key bytes, then the shorter key */
static int lp_before(const struct pk_snapshot_lp *a,
		     const struct pk_snapshot_lp *b, int by_storage)
{
	uint64_t x = by_storage ? a->storage_bytes : (uint64_t)a->ru_mru;
	uint64_t y = by_storage ? b->storage_bytes : (uint64_t)b->ru_mru;
	size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
	int d;

	if (x != y) {
		return x > y;
	}
	d = memcmp(a->key, b->key, n);
	return d != 0 ? d < 0 : a->key_len < b->key_len;
}

/* The PK_RESULT_TOP hottest logical partitions seen so far (lp_before),
   most first. */
struct window {
	struct pk_snapshot_lp lp[PK_RESULT_TOP];
	size_t n;
	int by_storage;
};

/* Insert lp into w's sorted window when it ranks in it. */
static void window_add(struct window *w, const struct pk_snapshot_lp *lp)
{
	size_t i;

	if (w->n == PK_RESULT_TOP &&
	    !lp_before(lp, &w->lp[w->n - 1], w->by_storage)) {
		return;
	}
	i = w->n < PK_RESULT_TOP ? w->n++ : w->n - 1;
	while (i > 0 && lp_before(lp, &w->lp[i - 1], w->by_storage)) {
		w->lp[i] = w->lp[i - 1];
		i--;
	}
	w->lp[i] = *lp;
}

void result_copy_lp(const struct pk_snapshot_lp *lp, struct pk_result_lp *out)
{
	out->key = lp->key;
	out->key_len = lp->key_len;
	memset(&out->epk, 0, sizeof(out->epk));
	out->epk.len = (uint8_t)lp->epk_len;
	if (lp->epk_of_key) {
		out->epk = lp->epk_of_key(lp->key, lp->key_len);
	} else if (lp->epk_len > 0) {
		memcpy(out->epk.b, lp->epk, lp->epk_len);
	}
	out->range = lp->range;
	out->storage_bytes = lp->storage_bytes;
	out->items = lp->items;
	out->requests = lp->requests;
	out->retries = lp->retries;
	out->served = lp->requests - lp->throttled_429;
	out->throttled_429 = lp->throttled_429;
	out->rejected_403 = lp->rejected_403;
	out->ru_mru = lp->ru_mru;
	out->full_at_ms = lp->full_at_ms;
	out->first_grow_ms = lp->first_grow_ms;
	out->last_write_ms = lp->last_write_ms;
	out->grow_base_bytes = lp->grow_base_bytes;
}

/* When logical partition lp filled, for the order full[] keeps: its
   first 403/1014, ms; one with none known after every other */
static int64_t full_key(int64_t full_at_ms)
{
	return full_at_ms < 0 ? INT64_MAX : full_at_ms;
}

/* lp as one of those that refused a write: full[] keeps the
   PK_RESULT_TOP that filled first, earliest first (ties in order of
   creation, the snapshot's order), whatever the order they were made
   in. */
static void note_full(const struct pk_snapshot_lp *lp,
		      struct pk_result_variant *v)
{
	int64_t t = full_key(lp->full_at_ms);
	size_t i;

	if (lp->rejected_403 == 0) {
		return;
	}
	v->n_full++;
	if (v->n_full_listed == PK_RESULT_TOP &&
	    full_key(v->full[PK_RESULT_TOP - 1].full_at_ms) <= t) {
		return;
	}
	i = v->n_full_listed < PK_RESULT_TOP ? v->n_full_listed++
					     : PK_RESULT_TOP - 1;
	/* after every one that filled no later */
	for (; i > 0 && full_key(v->full[i - 1].full_at_ms) > t; i--) {
		v->full[i] = v->full[i - 1];
	}
	result_copy_lp(lp, &v->full[i]);
}

/* lp as its range's hottest by RU (lp_before) when it beats best[range]
   (has[range]: one is set); a logical partition charged no RU is no
   range's hottest. Every logical partition counts, not only the top. */
static void note_hottest(const struct pk_snapshot_lp *lp, size_t n_ranges,
			 struct pk_snapshot_lp *best, char *has)
{
	size_t i = lp->range;

	if (lp->ru_mru == 0 || i >= n_ranges) {
		return;
	}
	if (!has[i] || lp_before(lp, &best[i], 0)) {
		best[i] = *lp;
		has[i] = 1;
	}
}

/* One pass over the logical partitions: the hottest by RU and by
   storage, those that refused a write, each range's hottest, the RU they
   were charged and its sum of squares, and what days to full needs of
   all of them first (into *sp). */
static void scan_lps(const struct pk_snapshot *s, struct pk_result_variant *v,
		     struct pk_result_fill_span *sp)
{
	struct window ru = {.n = 0, .by_storage = 0};
	struct window st = {.n = 0, .by_storage = 1};
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	size_t n = v->n_ranges, i;
	struct pk_snapshot_lp *best = xcalloc(n ? n : 1, sizeof(*best));
	char *has = xcalloc(n ? n : 1, 1);
	const uint64_t cap = s->spec->lp_storage_bytes;

	result_fill_span_start(sp);
	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		window_add(&ru, lp);
		window_add(&st, lp);
		note_full(lp, v);
		note_hottest(lp, n, best, has);
		v->lp_ru_mru += lp->ru_mru;
		v->lp_ru_sq += (double)lp->ru_mru * (double)lp->ru_mru;
		result_fill_see(sp, lp, cap);
	}
	for (i = 0; i < ru.n; i++) {
		result_copy_lp(&ru.lp[i], &v->top_ru[i]);
	}
	v->n_top_ru = ru.n;
	for (i = 0; i < st.n; i++) {
		result_copy_lp(&st.lp[i], &v->top_storage[i]);
	}
	v->n_top_storage = st.n;
	for (i = 0; i < n; i++) {
		v->ranges[i].has_hottest = has[i];
		if (has[i]) {
			result_copy_lp(&best[i], &v->ranges[i].hottest);
		}
	}
	free(best);
	free(has);
}

/* The range's statistics over its life in the metrics, by id (range ids
   are never reused: they cover exactly this range's life), or NULL. */
static const struct pk_range_stats *stats_of(const struct pk_metrics *m,
					     uint32_t id)
{
	return id < m->n_ranges ? &m->ranges[id] : NULL;
}

static void ranges(const struct pk_snapshot *s, struct pk_result_variant *v)
{
	size_t i;

	v->n_ranges = s->n_ranges;
	v->ranges = xcalloc(s->n_ranges ? s->n_ranges : 1, sizeof(*v->ranges));
	for (i = 0; i < s->n_ranges; i++) {
		const struct pk_snapshot_range *p = &s->ranges[i];
		const struct pk_range_stats *st = stats_of(s->metrics, p->id);
		struct pk_result_range *r = &v->ranges[i];

		r->id = p->id;
		r->min = p->min;
		r->max = p->max;
		r->ru_per_s_mru = p->ru_per_s_mru;
		r->storage_bytes = p->storage_bytes;
		r->logical_partitions = p->logical_partitions;
		r->requests = p->requests;
		r->retries = p->retries;
		r->throttled_429 = p->throttled_429;
		r->ru_mru = p->ru_mru;
		r->offered_mru = p->offered_mru;
		r->changes = p->changes;
		r->peak_normalized = st ? st->peak_normalized : 0.0;
		r->throttled_bucket = st ? st->throttled_bucket : 0;
		r->throttled_held = st ? st->throttled_held : 0;
		r->split_blocked = p->split_blocked;
		r->ttl_pending_bytes = p->ttl_pending_bytes;
		v->lps_live += p->logical_partitions;
	}
	v->storage_bytes = s->storage_bytes;
}

/* Every range id's history: split parents and children (the metrics'
   split events), the seconds it was busy, its p99 normalized RU
   (rule 32), and the birth and parent of each range at the end. */
static void lineage(const struct pk_snapshot *s, struct pk_result_variant *v)
{
	const struct pk_metrics *m = s->metrics;
	size_t n = m->n_ranges, i;

	for (i = 0; i < v->n_ranges; i++) {
		if (v->ranges[i].id >= n) {
			n = (size_t)v->ranges[i].id + 1;
		}
	}
	v->n_lineage = n;
	v->lineage = xcalloc(n ? n : 1, sizeof(*v->lineage));
	for (i = 0; i < n; i++) {
		struct pk_result_lineage *l = &v->lineage[i];

		l->id = (uint32_t)i;
		l->at = SIZE_MAX;
		l->parent = PK_RESULT_NO_RANGE;
		/* ranges at creation are ids 0 .. created - 1; any other id
		   not made by a split was made by a merge */
		l->born_s = i < s->created_ranges ? 0 : -1;
		l->split_s = -1;
		l->merged_from[0] = l->merged_from[1] = PK_RESULT_NO_RANGE;
		l->merged_s = -1;
		l->gone_s = -1;
		l->nru_p99_pct = -1;
		if (i < m->n_ranges) {
			l->busy_seconds = m->ranges[i].busy_seconds;
			l->nru_p99_pct =
			    metrics_range_nru_percentile(&m->ranges[i], 99);
			l->requests = m->ranges[i].requests;
			l->throttled_429 = m->ranges[i].throttled_429;
		}
	}
	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];
		size_t k;

		if (e->parent < n) {
			v->lineage[e->parent].split_s = e->t_s;
			v->lineage[e->parent].children[0] = e->children[0];
			v->lineage[e->parent].children[1] = e->children[1];
			v->lineage[e->parent].changes = e->changes;
			v->lineage[e->parent].gone_s = e->t_s;
		}
		for (k = 0; k < 2; k++) {
			if (e->children[k] < n) {
				v->lineage[e->children[k]].parent = e->parent;
				v->lineage[e->children[k]].born_s = e->t_s;
			}
		}
	}
	for (i = 0; i < m->n_fuses; i++) {
		const struct pk_fuse_event *e = &m->fuses[i];
		size_t k;

		if (e->range < n) {
			v->lineage[e->range].merged_from[0] = e->parents[0];
			v->lineage[e->range].merged_from[1] = e->parents[1];
			v->lineage[e->range].merged_s = e->t_s;
		}
		for (k = 0; k < 2; k++) {
			if (e->parents[k] < n) {
				v->lineage[e->parents[k]].changes =
				    e->changes[k];
				v->lineage[e->parents[k]].gone_s = e->t_s;
			}
		}
	}
	for (i = 0; i < v->n_ranges; i++) {
		struct pk_result_lineage *l = &v->lineage[v->ranges[i].id];

		l->at = i;
		l->changes = v->ranges[i].changes;
		v->ranges[i].parent = l->parent;
		v->ranges[i].born_s = l->born_s;
	}
	for (i = 0; i < n; i++) {
		struct pk_result_lineage *l = &v->lineage[i];

		l->merged_away = l->at == SIZE_MAX && l->split_s < 0 &&
				 (l->busy_seconds > 0 || i < s->created_ranges);
	}
	/* and every range a merge took, busy or not */
	for (i = 0; i < m->n_fuses; i++) {
		size_t k;

		for (k = 0; k < 2; k++) {
			if (m->fuses[i].parents[k] < n) {
				v->lineage[m->fuses[i].parents[k]].merged_away =
				    1;
			}
		}
	}
}

/* Highest normalized RU consumption of any range id in any second, and
   the first range id at it. */
static void peak(const struct pk_snapshot *s, struct pk_result_variant *v)
{
	const struct pk_metrics *m = s->metrics;
	size_t i;

	v->peak_normalized = 0;
	v->peak_range = s->n_ranges > 0 ? s->ranges[0].id : 0;
	for (i = 0; i < m->n_ranges; i++) {
		if (m->ranges[i].peak_normalized > v->peak_normalized) {
			v->peak_normalized = m->ranges[i].peak_normalized;
			v->peak_range = (uint32_t)i;
		}
	}
}

/* Autoscale billing per hour (rule 17, D-AUTO; rule 27), copied from
   the Azure Cosmos DB extension; the wall-clock hours the run touched
   (metrics_hours_touched); and each minute's highest RU/s, which a
   month repeats (bill.c). */
static void billing(const struct pk_snapshot *s, struct pk_result_variant *v)
{
	const struct pk_snapshot_cosmos *x = s->cosmos;
	size_t n;

	v->n_hours = metrics_hours_touched(s->metrics, s->end_s);
	if (x && x->n_minute_ru > 0) {
		v->n_minute_ru = x->n_minute_ru;
		v->minute_ru_per_s =
		    xmalloc(x->n_minute_ru * sizeof(*v->minute_ru_per_s));
		memcpy(v->minute_ru_per_s, x->minute_ru_per_s,
		       x->n_minute_ru * sizeof(*v->minute_ru_per_s));
	}
	if (!x || !x->autoscale) {
		return;
	}
	n = v->n_hours > 0 ? (size_t)v->n_hours : 1;
	v->autoscale_floor = x->autoscale_floor;
	v->autoscale_dynamic = x->autoscale_dynamic;
	v->billed_classic = xcalloc(n, sizeof(*v->billed_classic));
	v->billed_dynamic = xcalloc(n, sizeof(*v->billed_dynamic));
	v->billed_ru_per_s = xcalloc(n, sizeof(*v->billed_ru_per_s));
	if (v->n_hours > 0) {
		memcpy(v->billed_classic, x->billed_classic,
		       n * sizeof(*v->billed_classic));
		memcpy(v->billed_dynamic, x->billed_dynamic,
		       n * sizeof(*v->billed_dynamic));
		memcpy(v->billed_ru_per_s,
		       v->autoscale_dynamic ? x->billed_dynamic
					    : x->billed_classic,
		       n * sizeof(*v->billed_ru_per_s));
	}
}

/* The first merge D-MERGE does not suit (the extension's bounds: >=
   3,000 RU/s or >= 20 GB a range before it); none without them. */
static void merge_note(const struct pk_snapshot *s,
		       struct pk_result_merge_note *out)
{
	const struct pk_metrics *m = s->metrics;
	size_t i;

	out->t_s = -1;
	for (i = 0; s->cosmos && i < m->n_merges; i++) {
		const struct pk_merge_event *e = &m->merges[i];
		int64_t ru_per_pp = e->ru_per_s / (int64_t)e->ranges_before;
		uint64_t avg = e->storage_bytes / e->ranges_before;

		if (ru_per_pp < s->cosmos->merge_max_ru_per_pp &&
		    avg < s->cosmos->merge_max_avg_bytes) {
			continue;
		}
		out->t_s = e->t_s;
		out->ru_per_pp = ru_per_pp;
		out->avg_bytes = avg;
		return;
	}
}

/* RU/s at t = 0 of the ranges at creation (ids 0 .. created_ranges -
   1), to the nearest RU/s. */
static int64_t created_ru_per_s(const struct pk_snapshot *s)
{
	int64_t mru = 0;
	size_t i;

	for (i = 0; i < s->created_ranges && i < s->n_ids; i++) {
		mru += s->ids[i].created_share_mru;
	}
	return (mru + PK_MRU_PER_RU / 2) / PK_MRU_PER_RU;
}

/* The snapshot's own figures: what the variant was and held. */
static void header(const struct pk_snapshot *s, struct pk_result_variant *v)
{
	const struct pk_metrics *m = s->metrics;

	v->name = s->name;
	v->key = s->key;
	v->key_text = s->key_text;
	v->service_queries = s->queries;
	v->service_state = s->lps;
	v->key_reach = s->key_reach.len ? s->key_reach : pk_epk_end;
	v->spec = s->spec;
	v->metrics = m;
	v->created_ranges = s->created_ranges;
	v->cosmos = s->cosmos != NULL;
	v->layout_note = s->layout_note;
	v->log_finding = s->log_finding;
	v->log_contradicts = s->log_contradicts;
	v->throttle_name = s->throttle_name;
	v->lps_none = s->lps_none;
	v->reasons = s->reasons;
	v->n_reasons = s->n_reasons;
	v->ddb = s->ddb;
	v->created_ru_per_s = created_ru_per_s(s);
	v->preload_items = s->preload_items;
	v->preload_bytes = s->preload_bytes;
	v->preload_lps = s->preload_lps;
	v->preload_refused = s->preload_refused;
	v->preload_spread = s->preload_spread;
	v->autoscale = s->cosmos ? s->cosmos->autoscale : 0;
	v->serverless = s->cosmos ? s->cosmos->serverless : 0;
	v->custom_policy = s->cosmos ? s->cosmos->custom_policy : 0;
	if (s->cosmos) {
		v->spec_autoscale_floor = s->cosmos->spec_autoscale_floor;
		v->autoscale_ru_per_pp = s->cosmos->autoscale_ru_per_pp;
		v->serverless_ru_per_pp = s->cosmos->serverless_ru_per_pp;
	}
	v->ru_per_s = s->ru_per_s;
	/* the run's end marks a scale-up it did not see finish on the last
	   change event */
	if (m->n_changes > 0 && m->changes[m->n_changes - 1].effective_t_s ==
				    PK_EFFECTIVE_UNFINISHED) {
		v->pending_ru_per_s = m->changes[m->n_changes - 1].to_ru_per_s;
	}
	v->effective_ru_per_s = s->effective_ru_per_s;
	v->end_s = s->end_s;
	v->lps_seen = s->n_lps;
	v->requests_served =
	    m->totals.attempts - m->totals.throttled_429 - m->totals.gone_410;
}

/* Amazon DynamoDB: reads and writes each against its own units (D3:
   separate buckets, never pooled); the run's utilisation is the busier
   side's, the one that runs out first */
static void sides(const struct pk_snapshot_ddb *x, struct pk_result_variant *v)
{
	double u[2];
	int k;

	for (k = 0; k < 2; k++) {
		u[k] = x->side_cap_mcu[k] > 0 ? (double)x->side_used_mcu[k] /
						    (double)x->side_cap_mcu[k]
					      : 0.0;
	}
	v->read_utilisation = u[0];
	v->write_utilisation = u[1];
	v->utilisation = u[0] > u[1] ? u[0] : u[1];
}

void result_variant_build(const struct pk_snapshot *s,
			  const struct pk_scenario *sc,
			  struct pk_result_variant *v)
{
	const struct pk_metrics *m = s->metrics;
	struct pk_result_fill_span sp;

	memset(v, 0, sizeof(*v));
	header(s, v);
	ranges(s, v);
	lineage(s, v);
	scan_lps(s, v, &sp);
	v->utilisation = m->provisioned_ru > 0
			     ? metrics_ru(m->totals.ru_mru) / m->provisioned_ru
			     : 0.0;
	if (s->ddb) {
		sides(s->ddb, v);
	}
	peak(s, v);
	v->wait_p50_ms = metrics_wait_percentile(m, 50);
	v->wait_p99_ms = metrics_wait_percentile(m, 99);
	billing(s, v);
	merge_note(s, &v->merge_note);
	result_heat_build(s, v);
	result_fill_build(s, sc, &sp, v);
}

/* The items the key was checked against, and of them those without a
   property it reads (keycheck.h): a data file's records counted one by
   one; generated items (items_created) have every generated property,
   so all of them lack one only when no item holds it. */
static void key_check(const struct pk_snapshot *s, uint64_t items_created,
		      struct pk_result_variant *v)
{
	v->key_items = s->key_from_file ? s->key_records : items_created;
	v->key_missing = s->key_from_file ? s->key_missing
			 : s->key_absent  ? items_created
					  : 0;
}

static void query_of(const struct pk_query_stats *qs, const char *name,
		     const char *phase, struct pk_result_query *out)
{
	out->name = name;
	out->phase = phase;
	out->route = qs->route;
	out->sent = qs->sent;
	out->served = qs->served;
	out->throttled_429 = qs->throttled_429;
	out->ranges_visited = qs->ranges_visited;
	out->ru_mru = qs->ru_mru;
}

/* Each query's route and cost (sim's qstats), named: the items file's
   `compare --query`s when it has any (they replace the phases'), else
   every phase's. */
static void queries(const struct pk_scenario *sc, const struct pk_variant *pv,
		    struct pk_result_variant *v)
{
	const struct pk_items_file *f = sc->items_file;
	size_t ph, q, k;

	v->n_queries = scenario_query_count(sc);
	if (v->n_queries == 0 || !pv->qstats) {
		v->n_queries = 0;
		return;
	}
	v->queries = xcalloc(v->n_queries, sizeof(*v->queries));
	if (f && f->n_queries > 0) {
		for (q = 0; q < f->n_queries; q++) {
			k = scenario_query_index(sc, 0, q);
			query_of(&pv->qstats[k], f->queries[q].name, NULL,
				 &v->queries[k]);
		}
		return;
	}
	for (ph = 0; ph < sc->n_phases; ph++) {
		for (q = 0; q < sc->phases[ph].n_queries; q++) {
			k = scenario_query_index(sc, ph, q);
			query_of(&pv->qstats[k], sc->phases[ph].queries[q].name,
				 sc->phases[ph].name, &v->queries[k]);
		}
	}
}

/* The whole seconds pacer p's pace alone takes for its stream's work,
   rounded up: the budget's microseconds its first attempts spend
   (pk_pacer.paced_work_us, client.ru_budget), or each operation sent
   holding one of its workers one latency (client.concurrency),
   whichever is longer; 0 for a client that paces nothing. Repeated
   back to back, a workload takes the longer of its phases and this:
   a pace that keeps up on average drains a late burst in the next
   repetition's quiet seconds. */
static double pace_exact_s(const struct pk_pacer *p)
{
	double us = (double)p->paced_work_us;

	if (p->workers.cap > 0) {
		double w = (double)p->first_sends *
			   (double)p->workers.latency_ms * 1000.0 /
			   (double)p->workers.cap;

		us = w > us ? w : us;
	}
	return us / 1e6;
}

static int64_t pace_seconds(const struct pk_pacer *p)
{
	return (int64_t)ceil(pace_exact_s(p));
}

/* The seconds through ms's second (ms -1: none, 0), or through from_s
   when later, at most cap_s */
static int64_t span_through(int64_t from_s, int64_t ms, int64_t cap_s)
{
	int64_t s = from_s;

	if (ms >= 0 && ms / PK_MS_PER_S + 1 > s) {
		s = ms / PK_MS_PER_S + 1;
	}
	return s < cap_s ? s : cap_s;
}

/* The seconds every stream's phases take, the scenario's cycle: its
   phases' whole seconds (w's end: the longest stream's, each from
   t = 0), or through the second of pv's last first send of a client
   that paces nothing when later (a data file's last record); at most
   end_s */
static int64_t phases_seconds(const struct pk_scenario *sc,
			      const struct pk_variant *pv,
			      const struct pk_workload *w, int64_t end_s)
{
	int64_t s =
	    (workload_phase_start_ms(w, sc->n_phases) + PK_MS_PER_S - 1) /
	    PK_MS_PER_S;

	if (pv->last_first_ms >= 0 && pv->last_first_ms / PK_MS_PER_S + 1 > s) {
		s = pv->last_first_ms / PK_MS_PER_S + 1;
	}
	return s < end_s ? s : end_s;
}

/* The seconds pv's workload asked in (pk_result_variant.workload_s):
   phases_seconds, or a paced client's pace_seconds when longer, which
   may pass end_s (its throttled first attempts spent none of its
   budget in the run) */
static int64_t workload_seconds(const struct pk_scenario *sc,
				const struct pk_variant *pv,
				const struct pk_workload *w, int64_t end_s)
{
	int64_t s = phases_seconds(sc, pv, w, end_s);
	size_t i;

	for (i = 0; pv->pacers && i < sc->n_streams; i++) {
		int64_t p = pace_seconds(&pv->pacers[i]);

		s = p > s ? p : s;
	}
	return s;
}

/* workload_seconds exactly: the pace's work not rounded up */
static double workload_span(const struct pk_scenario *sc,
			    const struct pk_variant *pv,
			    const struct pk_workload *w, int64_t end_s)
{
	double s = (double)phases_seconds(sc, pv, w, end_s);
	size_t i;

	for (i = 0; pv->pacers && i < sc->n_streams; i++) {
		double p = pace_exact_s(&pv->pacers[i]);

		s = p > s ? p : s;
	}
	return s;
}

/* With several streams, each one's seconds and RU into v->stream_spans
   (pk_stream_span). Every stream repeats with the scenario's cycle
   (phases_seconds: the longest stream's phases), so a stream busy for
   10 s of a 60 s workload asks its units over 60 s; a paced stream
   whose pace alone takes longer asks them over that (pace_seconds),
   and a stream was served through its last attempt when later
   (pv->stream_sent_ms) */
static void stream_spans(const struct pk_scenario *sc,
			 const struct pk_variant *pv,
			 const struct pk_workload *w,
			 struct pk_result_variant *v)
{
	int64_t cycle_s = phases_seconds(sc, pv, w, v->end_s);
	size_t i, k;

	if (sc->n_streams < 2 || !pv->stream_sent_ms || !pv->sstats) {
		return;
	}
	for (i = 0; i < sc->n_streams; i++) {
		struct pk_stream_span *o = &v->stream_spans[i];
		int64_t p = pv->pacers ? pace_seconds(&pv->pacers[i]) : 0;

		o->workload_s = p > cycle_s ? p : cycle_s;
		o->span_s = pv->pacers ? pace_exact_s(&pv->pacers[i]) : 0;
		if (o->span_s < (double)cycle_s) {
			o->span_s = (double)cycle_s;
		}
		o->served_s =
		    span_through(cycle_s, pv->stream_sent_ms[i], v->end_s);
		for (k = 0; k < PK_STREAM_KINDS; k++) {
			o->ru_mru += pv->sstats[i * PK_STREAM_KINDS + k].ru_mru;
		}
	}
	v->n_stream_spans = sc->n_streams;
}

/* Variant pv's model, through its service's snapshot (service.h). */
static void variant(const struct pk_scenario *sc, const struct pk_variant *pv,
		    const struct pk_workload *w, uint64_t items_created,
		    struct pk_result_variant *v)
{
	struct pk_snapshot s;

	pv->svc->ops->snapshot(pv->svc, sc, &s);
	result_variant_build(&s, sc, v);
	v->workload_s = workload_seconds(sc, pv, w, v->end_s);
	v->workload_span_s = workload_span(sc, pv, w, v->end_s);
	v->phases_s = phases_seconds(sc, pv, w, v->end_s);
	stream_spans(sc, pv, w, v);
	memcpy(v->not_sent_kind, pv->not_sent_kind, sizeof(v->not_sent_kind));
	v->not_sent_emptied = pv->not_sent_emptied;
	/* the runway reads each query's charge */
	queries(sc, pv, v);
	runway_build(&s, sc, w, v);
	bill_build(sc, v, &v->bill);
	key_check(&s, items_created, v);
	snapshot_free(&s);
}

struct pk_result *result_build(const struct pk_run *run)
{
	struct pk_result *r = xcalloc(1, sizeof(*r));
	size_t i;

	r->sc = run->sc;
	r->seed = run->seed;
	r->end_ms = run->end_ms;
	r->items_created = workload_items(run->workload);
	r->phase_start_ms = xcalloc(run->sc->n_phases ? run->sc->n_phases : 1,
				    sizeof(*r->phase_start_ms));
	for (i = 0; i < run->sc->n_phases; i++) {
		r->phase_start_ms[i] =
		    workload_phase_start_ms(run->workload, i);
		if (run->sc->phases[i].mix[PK_OP_BATCH] > 0) {
			r->sends_batches = 1;
		}
	}
	r->n_variants = run->n_variants;
	r->variants = xcalloc(run->n_variants ? run->n_variants : 1,
			      sizeof(*r->variants));
	/* generation skips none now (targets.h); each variant counts what
	   it did not send, and the scenario figure is the largest */
	r->operations_skipped = workload_skipped(run->workload);
	for (i = 0; i < run->n_variants; i++) {
		struct pk_result_variant *v = &r->variants[i];
		uint64_t skipped;

		variant(run->sc, &run->variants[i], run->workload,
			r->items_created, v);
		skipped = v->metrics->totals.not_sent_no_target;
		if (skipped > r->operations_skipped) {
			r->operations_skipped = skipped;
		}
		result_streams_build(run->sc, &run->variants[i], v);
		result_achieved_build(run->sc, &run->variants[i], v);
	}
	return r;
}

void result_variant_free(struct pk_result_variant *v)
{
	free(v->ranges);
	free(v->lineage);
	free(v->queries);
	free(v->streams);
	free(v->billed_ru_per_s);
	free(v->minute_ru_per_s);
	free(v->billed_classic);
	free(v->billed_dynamic);
	result_heat_free(&v->heat);
	remedies_free(v->remedies);
	memset(v, 0, sizeof(*v));
}

void result_free(struct pk_result *r)
{
	size_t i;

	if (!r) {
		return;
	}
	for (i = 0; i < r->n_variants; i++) {
		result_variant_free(&r->variants[i]);
	}
	free(r->variants);
	free(r->phase_start_ms);
	free(r);
}

int64_t result_lp_range_ru_per_s(const struct pk_result_variant *v,
				 const struct pk_result_lp *lp)
{
	return (v->ranges[lp->range].ru_per_s_mru + PK_MRU_PER_RU / 2) /
	       PK_MRU_PER_RU;
}

const struct pk_result_lineage *
result_lineage(const struct pk_result_variant *v, uint32_t id)
{
	return id < v->n_lineage ? &v->lineage[id] : NULL;
}
