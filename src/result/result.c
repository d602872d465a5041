/*
 * result: the frozen per-variant model of a finished run (see result.h).
 * Everything here reads the container once, after the clock stopped;
 * nothing else above the run stage looks inside a container.
 */
#include "pksim/result/result.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/container.h"
#include "pksim/service/cosmos/provision.h"

/* 1 if a ranks before b: more RU (by_storage = 0) or more bytes (1),
   ties by key bytes, then the shorter key */
static int lp_before(const struct pk_container *c, const struct pk_lp *a,
		     const struct pk_lp *b, int by_storage)
{
	enum pk_lp_count k = by_storage ? PK_LP_STORAGE : PK_LP_RU;
	uint64_t x = container_lp_count(c, a, k);
	uint64_t y = container_lp_count(c, b, k);
	size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
	int d;

	if (x != y) {
		return x > y;
	}
	d = memcmp(a->key, b->key, n);
	return d != 0 ? d < 0 : a->key_len < b->key_len;
}

/* The k hottest logical partitions of c (see lp_before) into out, by
   insertion into a sorted window; returns how many. */
static size_t top_lps(const struct pk_container *c, int by_storage,
		      const struct pk_lp **out, size_t k)
{
	size_t n = 0, i;
	uint64_t x;

	if (k == 0) {
		return 0;
	}
	for (x = 1; x <= c->n_lps; x++) {
		const struct pk_lp *lp = container_lp(c, x);

		if (n == k && !lp_before(c, lp, out[n - 1], by_storage)) {
			continue;
		}
		i = n < k ? n++ : n - 1;
		while (i > 0 && lp_before(c, lp, out[i - 1], by_storage)) {
			out[i] = out[i - 1];
			i--;
		}
		out[i] = lp;
	}
	return n;
}

void result_copy_lp(const struct pk_container *c, const struct pk_lp *lp,
		    struct pk_result_lp *out)
{
	const struct pk_lp_rare *x = container_lp_rare(c, lp);

	out->key = lp->key;
	out->key_len = lp->key_len;
	out->epk = container_lp_epk(lp);
	out->range = container_lp_range(c, lp);
	out->storage_bytes = container_lp_count(c, lp, PK_LP_STORAGE);
	out->items = container_lp_count(c, lp, PK_LP_ITEMS);
	out->requests = container_lp_count(c, lp, PK_LP_REQUESTS);
	out->retries = x->retries;
	out->served = out->requests - x->throttled_429;
	out->throttled_429 = x->throttled_429;
	out->rejected_403 = x->rejected_403;
	out->ru_mru = (int64_t)container_lp_count(c, lp, PK_LP_RU);
	out->full_at_ms = x->full_at_ms;
	out->first_grow_ms = lp->first_grow_ms;
	out->last_write_ms = lp->last_write_ms;
	out->grow_base_bytes = container_lp_count(c, lp, PK_LP_GROW_BASE);
}

static size_t top(const struct pk_container *c, int by_storage,
		  struct pk_result_lp *out)
{
	const struct pk_lp *v[PK_RESULT_TOP];
	size_t n = top_lps(c, by_storage, v, PK_RESULT_TOP), i;

	for (i = 0; i < n; i++) {
		result_copy_lp(c, v[i], &out[i]);
	}
	return n;
}

/* One pass over the logical partitions: those that refused a write (the
   first PK_RESULT_TOP in order of creation, the pool's order: logical
   partitions are never removed). */
static void scan_lps(const struct pk_container *c, struct pk_result_variant *v)
{
	uint64_t x;

	for (x = 1; x <= c->n_lps; x++) {
		const struct pk_lp *lp = container_lp(c, x);

		if (container_lp_rare(c, lp)->rejected_403 == 0) {
			continue;
		}
		if (v->n_full_listed < PK_RESULT_TOP) {
			result_copy_lp(c, lp, &v->full[v->n_full_listed++]);
		}
		v->n_full++;
	}
}

static void ranges(const struct pk_container *c, struct pk_result_variant *v)
{
	size_t i;

	v->n_ranges = c->pmap.n;
	v->ranges = xcalloc(c->pmap.n, sizeof(*v->ranges));
	for (i = 0; i < c->pmap.n; i++) {
		const struct pk_pp *p = &c->pp[i];
		struct pk_result_range *r = &v->ranges[i];

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
		/* range ids are never reused: the metrics' statistics of
		   this id cover exactly this range's life */
		r->peak_normalized =
		    r->id < c->metrics.n_ranges
			? c->metrics.ranges[r->id].peak_normalized
			: 0.0;
		r->throttled_bucket =
		    r->id < c->metrics.n_ranges
			? c->metrics.ranges[r->id].throttled_bucket
			: 0;
		r->throttled_held =
		    r->id < c->metrics.n_ranges
			? c->metrics.ranges[r->id].throttled_held
			: 0;
		r->split_blocked = p->split_blocked;
		r->ttl_pending_bytes = p->ttl_pending_bytes;
		v->lps_live += p->logical_partitions;
	}
	v->storage_bytes = container_storage(c);
}

/* Each range's hottest logical partition by RU (lp_before), from every
   logical partition whose key lies in the range at the end: one pass
   (the container's top_ru holds only PK_RESULT_TOP). A
   logical partition charged no RU is no range's hottest. */
static void range_hottest(const struct pk_container *c,
			  struct pk_result_variant *v)
{
	const struct pk_lp **best;
	uint64_t x;
	size_t i;

	if (v->n_ranges == 0) {
		return;
	}
	best = xcalloc(v->n_ranges, sizeof(*best));
	for (x = 1; x <= c->n_lps; x++) {
		const struct pk_lp *lp = container_lp(c, x);

		if (container_lp_count(c, lp, PK_LP_RU) == 0) {
			continue;
		}
		i = container_lp_range(c, lp);
		if (i < v->n_ranges &&
		    (!best[i] || lp_before(c, lp, best[i], 0))) {
			best[i] = lp;
		}
	}
	for (i = 0; i < v->n_ranges; i++) {
		if (best[i]) {
			v->ranges[i].has_hottest = 1;
			result_copy_lp(c, best[i], &v->ranges[i].hottest);
		}
	}
	free(best);
}

/* Every range id's history: split parents and children (the metrics'
   split events), the seconds it was busy, its p99 normalized RU
   (rule 32), and the birth and parent of each range at the end. */
static void lineage(const struct pk_container *c, struct pk_result_variant *v)
{
	const struct pk_metrics *m = &c->metrics;
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
		l->born_s = i < c->created_ranges ? 0 : -1;
		l->split_s = -1;
		l->merged_from[0] = l->merged_from[1] = PK_RESULT_NO_RANGE;
		l->merged_s = -1;
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

		if (e->range < n) {
			v->lineage[e->range].merged_from[0] = e->parents[0];
			v->lineage[e->range].merged_from[1] = e->parents[1];
			v->lineage[e->range].merged_s = e->t_s;
		}
	}
	for (i = 0; i < v->n_ranges; i++) {
		struct pk_result_lineage *l = &v->lineage[v->ranges[i].id];

		l->at = i;
		v->ranges[i].parent = l->parent;
		v->ranges[i].born_s = l->born_s;
	}
	for (i = 0; i < n; i++) {
		struct pk_result_lineage *l = &v->lineage[i];

		l->merged_away = l->at == SIZE_MAX && l->split_s < 0 &&
				 (l->busy_seconds > 0 || i < c->created_ranges);
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
static void peak(const struct pk_container *c, struct pk_result_variant *v)
{
	const struct pk_metrics *m = &c->metrics;
	size_t i;

	v->peak_normalized = 0;
	v->peak_range = c->pmap.ranges[0].id;
	for (i = 0; i < m->n_ranges; i++) {
		if (m->ranges[i].peak_normalized > v->peak_normalized) {
			v->peak_normalized = m->ranges[i].peak_normalized;
			v->peak_range = (uint32_t)i;
		}
	}
}

/* Autoscale billing per hour (rule 17, D-AUTO). */
static void billing(const struct pk_container *c, struct pk_result_variant *v)
{
	int64_t h;

	v->n_hours = container_hours(c);
	if (!c->autoscale) {
		return;
	}
	v->autoscale_floor = provision_autoscale_floor(c->ru_per_s);
	v->billed_ru_per_s = xcalloc(v->n_hours > 0 ? (size_t)v->n_hours : 1,
				     sizeof(*v->billed_ru_per_s));
	v->billed_classic = xcalloc(v->n_hours > 0 ? (size_t)v->n_hours : 1,
				    sizeof(*v->billed_classic));
	v->billed_dynamic = xcalloc(v->n_hours > 0 ? (size_t)v->n_hours : 1,
				    sizeof(*v->billed_dynamic));
	v->autoscale_dynamic = c->spec.autoscale_dynamic;
	for (h = 0; h < v->n_hours; h++) {
		v->billed_classic[h] = container_autoscale_billed(c, h);
		v->billed_dynamic[h] = container_autoscale_dynamic_billed(c, h);
		v->billed_ru_per_s[h] = v->autoscale_dynamic
					    ? v->billed_dynamic[h]
					    : v->billed_classic[h];
	}
}

/* The first merge D-MERGE does not suit (>= 3,000 RU/s or >= 20 GB a
   range before it). */
static void merge_note(const struct pk_metrics *m,
		       struct pk_result_merge_note *out)
{
	size_t i;

	out->t_s = -1;
	for (i = 0; i < m->n_merges; i++) {
		const struct pk_merge_event *e = &m->merges[i];
		int64_t ru_per_pp = e->ru_per_s / (int64_t)e->ranges_before;
		uint64_t avg = e->storage_bytes / e->ranges_before;

		if (ru_per_pp < PK_CONTAINER_MERGE_MAX_RU_PER_PP &&
		    avg < PK_CONTAINER_MERGE_MAX_AVG_BYTES) {
			continue;
		}
		out->t_s = e->t_s;
		out->ru_per_pp = ru_per_pp;
		out->avg_bytes = avg;
		return;
	}
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

static void variant(const struct pk_variant *pv, struct pk_result_variant *v)
{
	const struct pk_container *c = pv->container;
	const struct pk_metrics *m = &c->metrics;

	v->name = c->name;
	v->key = pv->key;
	v->spec = &c->spec;
	v->metrics = m;
	v->created_ranges = c->created_ranges;
	v->preload_items = c->preload_items;
	v->preload_bytes = c->preload_bytes;
	v->preload_lps = c->preload_lps;
	v->preload_refused = c->preload_refused;
	v->preload_spread = c->preload_spread;
	v->autoscale = c->autoscale;
	v->serverless = c->serverless;
	v->ru_per_s = c->ru_per_s;
	/* container_end marks a scale-up the run did not see finish on
	   the last change event */
	if (m->n_changes > 0 && m->changes[m->n_changes - 1].effective_t_s ==
				    PK_EFFECTIVE_UNFINISHED) {
		v->pending_ru_per_s = m->changes[m->n_changes - 1].to_ru_per_s;
	}
	v->custom_policy = c->redistributed;
	v->effective_ru_per_s = container_effective_ru_per_s(c);
	v->end_s = c->now_s;
	v->lps_seen = c->n_lps;
	v->requests_served =
	    m->totals.attempts - m->totals.throttled_429 - m->totals.gone_410;
	ranges(c, v);
	range_hottest(c, v);
	lineage(c, v);
	scan_lps(c, v);
	v->n_top_ru = top(c, 0, v->top_ru);
	v->n_top_storage = top(c, 1, v->top_storage);
	v->utilisation = m->provisioned_ru > 0
			     ? metrics_ru(m->totals.ru_mru) / m->provisioned_ru
			     : 0.0;
	peak(c, v);
	v->wait_p50_ms = metrics_wait_percentile(m, 50);
	v->wait_p99_ms = metrics_wait_percentile(m, 99);
	billing(c, v);
	merge_note(m, &v->merge_note);
	result_heat_build(c, v);
}

struct pk_result *result_build(const struct pk_run *run)
{
	struct pk_result *r = xcalloc(1, sizeof(*r));
	size_t i;

	r->sc = run->sc;
	r->seed = run->seed;
	r->end_ms = run->end_ms;
	r->items_created = workload_items(run->workload);
	/* generation skips none now (targets.h); each variant counts what
	   it did not send, and the scenario figure is the largest */
	r->operations_skipped = workload_skipped(run->workload);
	for (i = 0; i < run->n_variants; i++) {
		uint64_t n = run->variants[i]
				 .container->metrics.totals.not_sent_no_target;

		if (n > r->operations_skipped) {
			r->operations_skipped = n;
		}
	}
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
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_keycheck *kc = &run->variants[i].keycheck;
		struct pk_result_variant *v = &r->variants[i];

		variant(&run->variants[i], v);
		queries(run->sc, &run->variants[i], v);
		result_streams_build(run->sc, &run->variants[i], v);
		result_achieved_build(run->sc, &run->variants[i], v);
		result_fill_build(run->variants[i].container, run->sc, v);
		/* keycheck.h: a data file's records counted one by one;
		   generated items have every generated property */
		v->key_items = kc->from_file ? kc->items : r->items_created;
		v->key_missing = kc->from_file ? kc->missing
				 : kc->absent  ? r->items_created
					       : 0;
	}
	return r;
}

void result_free(struct pk_result *r)
{
	size_t i;

	if (!r) {
		return;
	}
	for (i = 0; i < r->n_variants; i++) {
		free(r->variants[i].ranges);
		free(r->variants[i].lineage);
		free(r->variants[i].queries);
		free(r->variants[i].streams);
		free(r->variants[i].billed_ru_per_s);
		free(r->variants[i].billed_classic);
		free(r->variants[i].billed_dynamic);
		result_heat_free(&r->variants[i].heat);
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
