/*
 * plan_ranges: what the plan reckons of a variant's physical partitions
 * before the run, for both bounds: the items the phases create, the most
 * physical partitions a variant can reach, and whether its requests can
 * be rate limited (a 429 on the busiest partition) or its partitions
 * merged.
 */
#include "loader.h"

#include <assert.h>
#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/load/monitor.h"
#include "pksim/load/trace.h"

/* Items the phases create (creates, upserts and batches' items), or the
   data file's. */
double ld_items_planned(const struct pk_scenario *s)
{
	double n = 0;
	size_t i;

	if (s->items_file && s->items_file->monitor) {
		return 0; /* a monitor log's requests store nothing */
	}
	if (s->items_file) {
		return (double)trace_count(s->items_file->trace);
	}
	ld_count_phase_pass();
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		n += ld_phase_ops(p) *
		     (p->mix[PK_OP_CREATE] + p->mix[PK_OP_UPSERT] +
		      p->mix[PK_OP_BATCH] * (double)p->batch_size);
	}
	return n;
}

/* The lowest RU/s phase i of s can run under on variant c: the last
   `throughput` its own stream set at or before it (else the container's,
   its autoscale max for an autoscale container), and any a phase of
   another stream sets, which can come while phase i runs (t's, carried
   over the phases once) */
static double ru_in_force(const struct ld_throttle_plan *t, size_t i,
			  const struct pk_container_spec *c)
{
	double ru =
	    (double)(c->autoscale_max_ru_per_s ? c->autoscale_max_ru_per_s
					       : c->throughput_ru_per_s);

	if (t->own_ru[i] > 0) {
		ru = t->own_ru[i];
	}
	return fmin(ru, t->other_ru[t->stream[i]]);
}

/* The most RU/s phase j of s offers on r partitions: its peak rate (at
   most its client's workers send) x its costliest operation (the run's
   largest item of item_bytes), at most what its client's ru_budget lets
   through */
static double phase_offered(const struct pk_scenario *s, size_t j, double r,
			    double item_bytes, double table_bytes)
{
	const struct pk_phase_spec *p = &s->phases[j];
	double one = ld_worst_op_ru_at(s, p, r, item_bytes, table_bytes);

	return fmin(fmin(ld_phase_peak(p), ld_client_send_cap(s, j)) * one,
		    ld_client_ru_cap(s, j, one));
}

/* 1 when some phase of s redistributes the RU/s over the partitions
   (D-REDIST): a partition's share is then the phase's percentage, not
   an even one */
static int some_redistribute(const struct pk_scenario *s)
{
	size_t j;

	for (j = 0; j < s->n_phases; j++) {
		if (s->phases[j].n_redistribute > 0) {
			return 1;
		}
	}
	return 0;
}

/* 1 when an operation of phase i can be rate limited (a 429) in some
   variant: the most RU the busiest physical partition takes in one
   second of the phase (partition_second_ru: its peak rate, at most its
   closed loop's attempts in a second, x ld_worst_op_ru, at most what
   its client's ru_budget lets through, with the other streams' peak
   RU/s beside it) passes that partition's share of the RU/s. The
   busiest partition's share of the operations is taken as the hottest
   key value's share plus an even share (1 / r, r its most ranges,
   ranges_planned) three spreads up: keys spread over ranges by hash, a
   range holding about k = values / r of them with a spread of sqrt(k)
   (ld_busiest_share, doubled where splits leave ranges uneven), and a
   second's count a high quantile of its mean where arrivals or key
   draws are random (plan_second.c). The RU/s are the lowest the phase
   can run under (ru_in_force: a lower `throughput` carried from an
   earlier phase, or set by another stream), and the other streams'
   peak RU/s add to the phase's (the plan's others: streams that each
   fit can pass a partition's share together). A serverless variant, a
   container with throughput buckets (a bucket holds its requests to a
   percentage of the RU/s), a redistribution, or a key whose hottest
   value is not known, can always be. A DynamoDB table's partitions are
   judged alike by their capacity units (table_share), each operation
   at the most units or RU it can take (ld_worst_op_ru). */
int ld_phase_can_throttle(const struct pk_scenario *s, size_t i)
{
	struct ld_throttle_plan t;
	int can;

	ld_throttle_plan_init(&t, s);
	can = ld_plan_can_throttle(&t, i);
	ld_throttle_plan_free(&t);
	return can;
}

static _Atomic unsigned long phase_passes;

unsigned long scenario_plan_passes(void)
{
	return atomic_load_explicit(&phase_passes, memory_order_relaxed);
}

void ld_count_phase_pass(void)
{
	atomic_fetch_add_explicit(&phase_passes, 1, memory_order_relaxed);
}

void ld_throttle_plan_init(struct ld_throttle_plan *t,
			   const struct pk_scenario *s)
{
	size_t nv = s->n_variants, ns = s->n_streams, v, k, j, o;
	double *least;

	memset(t, 0, sizeof(*t));
	t->s = s;
	t->items = ld_items_planned(s);
	t->item_bytes = (double)ld_largest_item(s);
	t->table_bytes = ld_table_bytes(s, t->items, t->item_bytes);
	t->redistribute = some_redistribute(s);
	for (k = 0; k < s->n_phases; k++) {
		if (s->phases[k].ddb_rcu > 0 || s->phases[k].ddb_wcu > 0) {
			t->table_units_set = 1;
		}
		t->others_random |= s->phases[k].arrival == PK_ARRIVAL_POISSON;
	}
	t->lps = xcalloc(nv ? nv : 1, sizeof(*t->lps));
	t->r = xcalloc(nv ? nv : 1, sizeof(*t->r));
	t->h =
	    xcalloc(nv * s->n_phases > 0 ? nv * s->n_phases : 1, sizeof(*t->h));
	t->others = xcalloc(nv * ns > 0 ? nv * ns : 1, sizeof(*t->others));
	t->others_one =
	    xcalloc(nv * ns > 0 ? nv * ns : 1, sizeof(*t->others_one));
	t->own_ru = xcalloc(s->n_phases ? s->n_phases : 1, sizeof(*t->own_ru));
	t->stream = xcalloc(s->n_phases ? s->n_phases : 1, sizeof(*t->stream));
	t->other_ru = xcalloc(ns ? ns : 1, sizeof(*t->other_ru));
	least = xcalloc(ns ? ns : 1, sizeof(*least));
	for (k = 0; k < ns; k++) {
		const struct pk_stream_spec *st = &s->streams[k];
		double ru = 0;

		/* each stream's phases in order: the last throughput set
		   carried forward, and the stream's lowest */
		least[k] = INFINITY;
		for (j = st->phase_first; j < st->phase_first + st->n_phases;
		     j++) {
			if (s->phases[j].throughput_ru_per_s > 0) {
				ru = (double)s->phases[j].throughput_ru_per_s;
				least[k] = fmin(least[k], ru);
			}
			t->own_ru[j] = ru;
			t->stream[j] = k;
		}
	}
	for (k = 0; k < ns; k++) {
		t->other_ru[k] = INFINITY;
		for (o = 0; o < ns; o++) {
			if (o != k) {
				t->other_ru[k] = fmin(t->other_ru[k], least[o]);
			}
		}
	}
	free(least);
	for (v = 0; v < nv; v++) {
		const struct pk_container_spec *c = &s->variants[v];
		double *most = xcalloc(ns ? ns : 1, sizeof(*most));
		double *one = xcalloc(ns ? ns : 1, sizeof(*one));

		t->lps[v] = ld_lps_planned(s, c, t->items);
		t->r[v] =
		    ld_ranges_planned(s, c, t->items, t->item_bytes, t->lps[v]);
		/* each stream's costliest phase's RU/s, any of them running
		   beside a phase of another stream */
		for (k = 0; k < ns; k++) {
			const struct pk_stream_spec *st = &s->streams[k];

			for (j = st->phase_first;
			     j < st->phase_first + st->n_phases; j++) {
				most[k] = fmax(most[k],
					       phase_offered(s, j, t->r[v],
							     t->item_bytes,
							     t->table_bytes));
				one[k] = fmax(
				    one[k], ld_worst_op_ru_at(
						s, &s->phases[j], t->r[v],
						t->item_bytes, t->table_bytes));
			}
		}
		for (k = 0; k < ns; k++) {
			for (o = 0; o < ns; o++) {
				t->others[v * ns + k] += o != k ? most[o] : 0;
				t->others_one[v * ns + k] =
				    fmax(t->others_one[v * ns + k],
					 o != k ? one[o] : 0);
			}
		}
		free(most);
		free(one);
	}
	ld_plan_shares(t);
}

void ld_throttle_plan_free(struct ld_throttle_plan *t)
{
	free(t->lps);
	free(t->r);
	free(t->h);
	free(t->others);
	free(t->others_one);
	free(t->own_ru);
	free(t->other_ru);
	free(t->stream);
	memset(t, 0, sizeof(*t));
}

/* The capacity units a second each of table tb's r partitions serves at
   least of either side, for phase p: the table's provisioned units split
   evenly over its partitions (D3), at most a partition's own 1,000 WCU
   (3,000 RCU) a second, the lower side's. 0 (it can be throttled as far
   as the plan knows) for an on-demand table (its limits follow its
   peaks), one with indexes (their own units take its writes) or auto
   scaling (units that fall), a scenario whose phases set its units, and
   a phase with queries (charged by the bytes they read, which the plan's
   per-operation units do not bound). */
static double table_share(const struct ld_throttle_plan *t,
			  const struct pk_ddb_table_spec *tb,
			  const struct pk_phase_spec *p, double r)
{
	if (tb->capacity == PK_DDB_ON_DEMAND || tb->n_gsis > 0 ||
	    tb->n_lsis > 0 || tb->scale.on || p->mix[PK_OP_QUERY] > 0 ||
	    t->table_units_set) {
		return 0;
	}
	return fmin(fmin((double)tb->rcu, (double)tb->wcu) / r,
		    LD_TABLE_PART_WCU);
}

/* 1 when phase p writes: its requests are then judged against a
   partition's 1,000 WCU a second (the smaller cap; a phase of reads
   only, 3,000 RCU) */
static int phase_writes(const struct pk_phase_spec *p)
{
	return p->mix[PK_OP_CREATE] > 0 || p->mix[PK_OP_UPSERT] > 0 ||
	       p->mix[PK_OP_REPLACE] > 0 || p->mix[PK_OP_DELETE] > 0 ||
	       p->mix[PK_OP_BATCH] > 0;
}

/*
 * The most RU variant v's busiest physical partition takes in one
 * second of phase i, against its share of share RU a second, the
 * hottest key value's share of the operations taken as h: the phase's
 * RU in its busiest second (its peak rate, at most its closed loop's
 * attempts in a second, x its costliest operation, at most its
 * ru_budget lets through) and the other streams' beside it, at the
 * partition's share of them (ld_busiest_share; uneven for a container
 * whose ranges can split past those it starts with), raised to a high
 * quantile of a second's count (ld_second_high) when the count is
 * random: Poisson arrivals, keys drawn over more than one range, or
 * another stream's Poisson phase beside it. Without another stream, no
 * more than the phase sends in a second: its peak rate rounded up
 * (Poisson: at the quantile), at most its client lets through. A lone
 * request is admitted into an empty window (throttle.c): at most one
 * in the second is no 429 when it fits the share, nor when it does not
 * but the run sends no other request for its debt to meet (0 then). A
 * table's partition takes one a second past its share from its burst
 * bank (D9), so there at most one a second is judged by the mean, the
 * closed loop's workers at C / L a second (and a request past what the
 * partition admits at all by ld_plan_can_throttle).
 */
static double partition_second_ru(const struct ld_throttle_plan *t, size_t i,
				  size_t v, double h, double share)
{
	const struct pk_scenario *s = t->s;
	const struct pk_phase_spec *p = &s->phases[i];
	const struct pk_container_spec *c = &s->variants[v];
	size_t o = v * s->n_streams + t->stream[i];
	double r = t->r[v], others = t->others[o], peak = ld_phase_peak(p);
	double one = ld_worst_op_ru_at(s, p, r, t->item_bytes, t->table_bytes);
	double unit = fmax(one, t->others_one[o]);
	double own = fmin(fmin(peak, ld_client_send_cap(s, i)) * one,
			  ld_client_ru_cap(s, i, one));
	double sent = p->arrival == PK_ARRIVAL_POISSON
			  ? ld_second_high(peak, 1, 1)
			  : ceil(peak);
	int uneven = !scenario_variant_table(s, c) && r > ld_ranges_at_start(c);
	int random = p->arrival == PK_ARRIVAL_POISSON || r > 1 ||
		     (others > 0 && t->others_random);
	double high = ld_second_high(ld_busiest_share(h, r, t->lps[v], uneven) *
					 (own + others),
				     unit, random);

	if (others > 0) {
		return high;
	}
	sent = fmin(fmin(sent, ld_client_send_cap(s, i)),
		    ld_client_ru_cap(s, i, one) / one);
	high = fmin(high, sent * one);
	if (high < 2 * one && scenario_variant_table(s, c)) {
		return ld_busiest_share(h, r, t->lps[v], 0) *
		       fmin(fmin(peak, ld_client_mean_cap(s, i)) * one,
			    ld_client_ru_cap(s, i, one));
	}
	if (high < 2 * one && (one <= share || ld_phase_count(p) < 2)) {
		return one <= share ? fmin(high, share) : 0;
	}
	return high;
}

int ld_plan_can_throttle(const struct ld_throttle_plan *t, size_t i)
{
	const struct pk_scenario *s = t->s;
	const struct pk_phase_spec *p = &s->phases[i];
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		const struct pk_container_spec *c = &s->variants[v];
		double ru = ru_in_force(t, i, c);
		double r = t->r[v];
		double h = t->h[v * s->n_phases + i];
		double one =
		    ld_worst_op_ru_at(s, p, r, t->item_bytes, t->table_bytes);
		const struct pk_ddb_table_spec *tb =
		    scenario_variant_table(s, c);

		if (tb) {
			double share = table_share(t, tb, p, r);
			/* what a partition admits of one request: a
			   second of its share and its full bank, at most
			   its cap (D3: burst and adaptive capacity never
			   pass it; a transaction's items on one partition
			   are admitted together); a request asking more
			   is throttled at every try (docs/dynamodb.md
			   "Query and Scan"), however slowly its client
			   sends */
			double most =
			    fmin(share * (1 + (tb->burst == PK_DDB_BURST_OFF
						   ? 0
						   : LD_TABLE_BANK_S)),
				 phase_writes(p) ? LD_TABLE_PART_WCU
						 : LD_TABLE_PART_RCU);

			if (!(share > 0) || h >= 1 ||
			    partition_second_ru(t, i, v, h, share) > share ||
			    one > most) {
				return 1;
			}
			continue;
		}
		if (c->serverless || !(ru > 0) || h >= 1 ||
		    scenario_has_buckets(c) || t->redistribute ||
		    partition_second_ru(t, i, v, h, ru / r) > ru / r) {
			return 1;
		}
	}
	return 0;
}

/* The rank-th hottest value's index of p: LATEST's newest first, the
   others' (whose shares fall with the index) in order */
static uint64_t rank_index(const struct pk_prop_spec *p, uint64_t rank)
{
	return p->dist.kind == PK_DIST_LATEST ? p->count - 1 - rank : rank;
}

/* How many values of generated property p (a pattern or a list) get a
   share of the draws above thr, and the most their shares sum to (into
   *sum): a weighted list's by a pass over its weights; a hotspot whose
   cold values are the hotter, all (sum 1); the others by rank, hottest
   first (dist_pmf falls with the rank), the count by halving, the sum
   exact over the first PK_PLAN_OVER_EXACT ranks and each rank past
   them at the last one's share (an upper bound). */
#define PK_PLAN_OVER_EXACT 4096
static double values_over(const struct pk_prop_spec *p, double thr, double *sum)
{
	uint64_t n = p->count, lo = 0, hi = n, mid, i;
	double norm = dist_norm(&p->dist, n), m = 0, last = 0;

	*sum = 0;
	if (p->dist.kind == PK_DIST_WEIGHTED ||
	    (p->dist.kind == PK_DIST_HOTSPOT &&
	     dist_pmf(&p->dist, n, norm, 0) <
		 dist_pmf(&p->dist, n, norm, n - 1))) {
		for (i = 0; p->dist.kind == PK_DIST_WEIGHTED && i < n; i++) {
			last = dist_pmf(&p->dist, n, norm, i);
			m += last > thr;
			*sum += last > thr ? last : 0;
		}
		if (p->dist.kind != PK_DIST_WEIGHTED) {
			*sum = 1;
			return (double)n;
		}
		return m;
	}
	/* lo: the ranks known above thr; hi: the first known not */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (dist_pmf(&p->dist, n, norm, rank_index(p, mid)) > thr) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	for (i = 0; i < lo && i < PK_PLAN_OVER_EXACT; i++) {
		last = dist_pmf(&p->dist, n, norm, rank_index(p, i));
		*sum += last;
	}
	*sum += (double)(lo - i) * last;
	return (double)lo;
}

/*
 * The share of phase i's operations variant c sends to physical
 * partitions that can pass their share of the RU/s, and into *lps_over
 * the logical partitions those partitions hold, of c's lps. As
 * ld_phase_can_throttle has it: a partition's share of the RU/s is s =
 * RU/s / r (r its most ranges), a partition holds k = lps / r key values
 * (u k where splits can leave it whole beside split ones, u = 2, else
 * u = 1) and gets an even share of the operations three spreads up, e =
 * u (1 + 3 / sqrt(k)) / r; its busiest second's RU with a value of share
 * x on it beside them is partition_second_ru's, which rises with x.
 * When a partition without a hot value passes s in its busiest second,
 * every partition can: all of them (1, lps). Else only one holding a
 * value whose share passes thr can, thr the largest share found not to
 * pass s by halving [0, h] (values_over: m values, shares summing to at
 * most S): m partitions (at most r) of u k (1 + 3 / sqrt(k)) values
 * each, taking S + m x e of the operations.
 * ASSUMPTION: two values each below thr that share a partition do not
 * pass it together (m / r of a partition's values are hot ones). 0
 * when ld_phase_can_throttle finds no partition of c can pass its share;
 * all when the key is not one generated property or c is serverless.
 */
static double over_share(const struct ld_throttle_plan *t, size_t i, size_t v,
			 double *lps_over)
{
	const struct pk_scenario *s = t->s;
	const struct pk_container_spec *c = &s->variants[v];
	const struct pk_prop_spec *key;
	double ru = ru_in_force(t, i, c);
	double lps = t->lps[v], r = t->r[v], h = t->h[v * s->n_phases + i];
	double u =
	    !scenario_variant_table(s, c) && r > ld_ranges_at_start(c) ? 2 : 1;
	double k = fmax(lps / r, 1), e = ld_busiest_share(0, r, lps, u > 1);
	double thr = 0, hi = h, mid, m, sum;
	int n;

	*lps_over = lps;
	if (c->serverless || !(ru > 0) || h >= 1 || scenario_has_buckets(c) ||
	    t->redistribute) {
		return 1;
	}
	if (!(partition_second_ru(t, i, v, h, ru / r) > ru / r)) {
		*lps_over = 0;
		return 0;
	}
	if (partition_second_ru(t, i, v, 0, ru / r) > ru / r) {
		return 1;
	}
	/* thr does not pass, hi does: 60 halvings leave hi - thr under
	   h / 2^60 */
	for (n = 0; n < 60; n++) {
		mid = thr + (hi - thr) / 2;
		if (partition_second_ru(t, i, v, mid, ru / r) > ru / r) {
			hi = mid;
		} else {
			thr = mid;
		}
	}
	key = c->key.kind == PK_KEY_PATH && c->key.n_paths == 1
		  ? scenario_find_prop(s, c->key.paths[0])
		  : NULL;
	if (key && (key->kind == PK_GEN_PATTERN || key->kind == PK_GEN_LIST)) {
		m = fmax(1, values_over(key, thr, &sum));
	} else {
		/* a key on an item's unique value (plan_shares): its
		   hottest value, h, alone can pass thr */
		if (h > thr) {
			return 1;
		}
		m = 1;
		sum = h;
	}
	m = fmin(m, r);
	*lps_over = fmin(lps, m * u * k * (1 + 3 / sqrt(k)));
	return fmin(1, fmax(sum, h) + m * e);
}

double ld_plan_over_share(const struct ld_throttle_plan *t, size_t i)
{
	double most = 0, lps;
	size_t v;

	for (v = 0; v < t->s->n_variants; v++) {
		most = fmax(most, over_share(t, i, v, &lps));
	}
	return most;
}

double ld_phase_over_share(const struct pk_scenario *s, size_t i)
{
	struct ld_throttle_plan t;
	double most;

	ld_throttle_plan_init(&t, s);
	most = ld_plan_over_share(&t, i);
	ld_throttle_plan_free(&t);
	return most;
}

double ld_lps_over_share(const struct pk_scenario *s,
			 const struct pk_container_spec *c)
{
	struct ld_throttle_plan t;
	double most = 0, lps;
	size_t i, v = 0;

	while (v < s->n_variants && &s->variants[v] != c) {
		v++;
	}
	assert(v < s->n_variants); /* c is one of s's variants */
	ld_throttle_plan_init(&t, s);
	for (i = 0; i < s->n_phases; i++) {
		over_share(&t, i, v, &lps);
		most = fmax(most, lps);
	}
	ld_throttle_plan_free(&t);
	return most;
}

/* 1 when a data file's records can be rate limited in variant c, as
   phase_can_throttle says for a phase: its records arriving within one
   second, each a create of its largest item (ld_worst_op_ru) with its
   share of the queries, on the busiest of r ranges (ld_busiest_share, the
   busiest key's share top from the records, lps their keys). */
int ld_file_can_throttle(const struct pk_scenario *s,
			 const struct pk_container_spec *c, double r,
			 double top, double lps)
{
	const struct pk_items_file *f = s->items_file;
	double recs = ld_file_records(f);
	double ru =
	    (double)(c->autoscale_max_ru_per_s ? c->autoscale_max_ru_per_s
					       : c->throughput_ru_per_s);
	double per_rec =
	    recs > 0 ? (recs + ld_file_queries(f, recs)) / recs : 1;
	double offered =
	    ld_file_records_within(f, 1) * per_rec * ld_worst_op_ru(s, NULL, r);

	return c->serverless || !(ru > 0) || top >= 1 ||
	       ld_busiest_share(top, r, lps, r > ld_ranges_at_start(c)) *
		       offered >
		   ru / r;
}

double ld_preload_items(const struct pk_scenario *s)
{
	const struct pk_preload_spec *p = s->preload;

	if (!p) {
		return 0;
	}
	if (p->file) {
		return p->file->trace ? (double)trace_count(p->file->trace) : 0;
	}
	switch (p->count_kind) {
	case PK_PRELOAD_UNIFORM:
		return (double)p->values * (double)p->count_max;
	case PK_PRELOAD_ZIPF:
		return (double)p->count;
	default:
		return (double)p->values * (double)p->count;
	}
}

double ld_preload_work(const struct pk_scenario *s)
{
	const struct pk_preload_spec *p = s->preload;

	if (!p) {
		return 0;
	}
	return p->file ? ld_preload_items(s) : (double)p->values;
}

/* The bytes the preload stores at t = 0: its items at preload.item_size,
   or a file's records each at its own size when item_size is 0 */
static double preload_bytes(const struct pk_scenario *s)
{
	const struct pk_preload_spec *p = s->preload;
	double b = 0;
	size_t i, n;

	if (!p || !p->file || p->size_bytes > 0) {
		return ld_preload_items(s) * (p ? (double)p->size_bytes : 0);
	}
	n = p->file->trace ? trace_count(p->file->trace) : 0;
	for (i = 0; i < n; i++) {
		b += (double)trace_size_bytes(p->file->trace, i);
	}
	return b;
}

/* The logical partitions the preload makes: one per value of a key of
   its property alone (or per record of a file, at most); none when its
   items are spread over the partitions (cosmos_preload.c) */
static double preload_lps(const struct pk_scenario *s)
{
	const struct pk_preload_spec *p = s->preload;

	if (!p) {
		return 0;
	}
	return p->file ? ld_preload_items(s) : (double)p->values;
}

double ld_ranges_at_start(const struct pk_container_spec *c)
{
	double ru =
	    (double)(c->serverless		 ? 0
		     : c->autoscale_max_ru_per_s ? c->autoscale_max_ru_per_s
						 : c->throughput_ru_per_s);
	/* rule 2: manual RU/s at initial_ru_per_pp a partition; autoscale
	   at its max over pp_ru_per_s (10,000 RU/s a partition, reference
	   cosmos-mechanics.md: "autoscale ... 10,000 RU/s per physical
	   partition") */
	double n = ceil(ru / (double)(c->autoscale_max_ru_per_s
					  ? c->pp_ru_per_s
					  : c->initial_ru_per_pp));

	if (c->existing_partitions > 0) {
		/* an existing layout starts with its own N */
		n = (double)c->existing_partitions;
	}
	return n < 1 ? 1 : n;
}

/* The most physical partitions one variant can reach: its layout at
   creation (or an existing layout's N), phases raising throughput (rule
   6), and storage splits of the largest items, the data stored at the
   start and the preload's items at half-full partitions (rule 9), no
   more than the logical partitions the phases and the preload make; a
   DynamoDB table's by its own rules (ld_table_ranges). */
double ld_ranges_planned(const struct pk_scenario *s,
			 const struct pk_container_spec *c, double items,
			 double item_bytes, double lps)
{
	const struct pk_ddb_table_spec *t = scenario_variant_table(s, c);
	double n = ld_ranges_at_start(c), storage;
	size_t i;

	if (t) {
		/* a put of a stored primary key replaces its item: without
		   a sort key, one item a partition-key value */
		return ld_table_ranges(
		    s, t, t->sort_key ? items : fmin(items, lps), item_bytes);
	}
	ld_count_phase_pass();
	for (i = 0; i < s->n_phases; i++) {
		double p = (double)s->phases[i].throughput_ru_per_s;

		if (ceil(p / (double)c->pp_ru_per_s) > n) {
			n = ceil(p / (double)c->pp_ru_per_s);
		}
	}
	storage = ceil((2.0 * items * item_bytes * c->index_factor +
			2.0 * preload_bytes(s) * c->index_factor +
			2.0 * (double)c->existing_bytes_total +
			2.0 * (double)c->existing_bytes_per_pp *
			    (double)c->existing_partitions) /
		       (double)c->pp_storage_bytes);
	/* a storage split never leaves a partition without a logical
	   partition: no more of them than logical partitions */
	lps += preload_lps(s);
	storage = storage < lps ? storage : lps;
	n = storage > n ? storage : n;
	return n < 1 ? 1 : n;
}

/* The most physical partitions any variant can reach (ranges_planned,
   and a table's heat splits and isolations, ld_table_split_parts): what
   a fan-out query or a rule-38 key query can visit at most, and the
   partitions each second with a request passes over. */
double ld_ranges_bound(const struct pk_scenario *s)
{
	double items = ld_items_planned(s), r = 1;
	double item_bytes = (double)ld_largest_item(s);
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		const struct pk_container_spec *c = &s->variants[i];

		r = fmax(r, ld_ranges_planned(s, c, items, item_bytes,
					      ld_lps_planned(s, c, items)) +
				ld_table_split_parts(s, c, NULL, NULL));
	}
	return r;
}

int scenario_can_throttle(const struct pk_scenario *s)
{
	double items = ld_items_planned(s), key, top;
	double item_bytes = (double)ld_largest_item(s);
	struct ld_throttle_plan t;
	int can = 0;
	size_t i;

	if (s->items_file && s->items_file->monitor) {
		return 1;
	}
	if (s->items_file && s->items_file->trace) {
		for (i = 0; i < s->n_variants; i++) {
			const struct pk_container_spec *c = &s->variants[i];
			double lps = ld_file_lps(
			    s->items_file, &c->key,
			    scenario_variant_table(s, c) != NULL, &key, &top);
			double r =
			    ld_ranges_planned(s, c, items, item_bytes,
					      ld_lps_planned(s, c, items));

			if (ld_file_can_throttle(s, c, r, top, lps)) {
				return 1;
			}
		}
		return 0;
	}
	ld_throttle_plan_init(&t, s);
	for (i = 0; i < s->n_phases && !can; i++) {
		can = ld_plan_can_throttle(&t, i);
	}
	ld_throttle_plan_free(&t);
	return can;
}

/* 1 when some phase of s changes the container at its start (its RU/s
   or autoscale max, a redistribution, a merge, the Equal policy), as the
   remedies read it (remedy.c, phases_act) */
static int phases_change(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *ph = &s->phases[i];

		if (ph->throughput_ru_per_s > 0 || ph->n_redistribute > 0 ||
		    ph->merge_to > 0 || ph->policy_equal ||
		    ph->autoscale_max_ru_per_s > 0) {
			return 1;
		}
	}
	return 0;
}

/* 1 when phase i of s sends its hottest key value, a share h of its
   operations, surely more than a partition's share of the RU/s (share)
   in one of its seconds: an open loop (no workers, no ru_budget) at a
   steady rate of creates only, of one item size, so each charged at
   least the least of a create's charge and a refusal's (not_found); the
   value's creates in a second, a count of mean mu = h x rate and spread
   at most sqrt(mu) (Poisson or evenly spaced arrivals, each drawing the
   value with chance h), pass mu - 6 sqrt(mu) - 1 but with a chance
   under 1e-9; two of them or more, their charges above share, make a
   429 (throttle.c: a window admits one request over its share only when
   it holds nothing). */
static int phase_must_pass(const struct pk_scenario *s, size_t i, double h,
			   double share, double r0)
{
	const struct pk_phase_spec *p = &s->phases[i];
	const struct pk_client_spec *cl = &ld_phase_stream(s, i)->client;
	double mu = h * p->rate_per_s, least, n;

	if (cl->concurrency > 0 || cl->ru_budget_per_s > 0 || p->schedule ||
	    p->mix[PK_OP_CREATE] < 1 || p->item_size.kind != PK_SIZE_FIXED) {
		return 0;
	}
	least = fmin(ld_worst_op_ru(s, p, r0), s->cost.not_found_ru);
	n = mu - 6 * sqrt(mu) - 1;
	return n >= 2 && n * least > share;
}

int scenario_must_throttle(const struct pk_scenario *s,
			   const struct pk_container_spec *c)
{
	double ru =
	    (double)(c->autoscale_max_ru_per_s ? c->autoscale_max_ru_per_s
					       : c->throughput_ru_per_s);
	double r0 = ld_ranges_at_start(c), h;
	size_t i;

	if (s->items_file || c->serverless || c->burst ||
	    c->fleet.max_ru_per_s > 0 || scenario_variant_table(s, c) ||
	    phases_change(s) || !(ru > 0)) {
		return 0;
	}
	h = ld_hottest_value_share(s, c);
	for (i = 0; h < 1 && i < s->n_phases; i++) {
		if (phase_must_pass(s, i, h, ru / r0, r0)) {
			return 1;
		}
	}
	return 0;
}

/* The least RU/s c is provisioned at in s: its own (autoscale: its
   max), or a phase's lower one */
static double least_ru(const struct pk_scenario *s,
		       const struct pk_container_spec *c)
{
	double ru =
	    (double)(c->autoscale_max_ru_per_s ? c->autoscale_max_ru_per_s
					       : c->throughput_ru_per_s);
	size_t i;

	for (i = 0; i < s->n_phases; i++) {
		double p = (double)s->phases[i].throughput_ru_per_s;

		ru = p > 0 && p < ru ? p : ru;
	}
	return ru;
}

int scenario_can_merge(const struct pk_scenario *s)
{
	double items = ld_items_planned(s);
	double item_bytes = (double)ld_largest_item(s);
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		const struct pk_container_spec *c = &s->variants[i];
		double r, stored, ru = least_ru(s, c);

		if (scenario_variant_table(s, c) || c->serverless || ru <= 0) {
			continue;
		}
		r = ld_ranges_planned(s, c, items, item_bytes,
				      ld_lps_planned(s, c, items));
		/* the least the run stores: an existing layout's data, which
		   no logical partition holds and nothing deletes */
		stored = (double)c->existing_bytes_total +
			 (double)c->existing_bytes_per_pp *
			     (double)c->existing_partitions;
		/* rule 32's count by RU/s and by that storage, and rule
		   36's RU/s and average storage a partition, on the most
		   partitions the variant can have */
		if (r > fmax(ceil(ru / (double)c->pp_ru_per_s),
			     ceil(stored / (double)c->pp_storage_bytes)) &&
		    ru < (double)PK_MERGE_MAX_RU_PER_PP * r &&
		    stored < (double)PK_MERGE_MAX_AVG_BYTES * r) {
			return 1;
		}
	}
	return 0;
}
