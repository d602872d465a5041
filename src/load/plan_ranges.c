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

/* A DynamoDB partition's most units a second (D3), its storage before a
   split (D6: 10 GiB) and an on-demand table's partitions at creation
   (D4, INFERRED), as ddb_layout.h has them for the service */
#define TABLE_PART_RCU 3000.0
#define TABLE_PART_WCU 1000.0
#define TABLE_PART_BYTES (10.0 * 1024 * 1024 * 1024)
#define TABLE_ON_DEMAND_PARTS 4.0
/* D9: a partition's burst bank holds at most 300 s of its share
   (ddb_admit.h PK_DDB_BANK_SECONDS), full from the start */
#define TABLE_BANK_S 300.0

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

/* The busiest physical partition's share of the operations: the hottest
   key value's (h) and an even share of the rest, 1 / r, with three
   spreads more for the k = lps / r values a range holds (1 + 3 /
   sqrt(k)). */
static double busiest_share(double h, double r, double lps)
{
	double k = fmax(lps / r, 1);

	return h + (1 / r) * (1 + 3 / sqrt(k));
}

/* The most operations a second phase i's stream's client can send: a
   closed loop of C workers at latency L sends at most C / L (each
   attempt holds a worker for L); infinity without workers. */
static double client_send_cap(const struct pk_scenario *s, size_t i)
{
	const struct pk_client_spec *c = &ld_phase_stream(s, i)->client;

	if (c->concurrency > 0 && c->latency_ms > 0) {
		return (double)c->concurrency * 1000.0 / (double)c->latency_ms;
	}
	return INFINITY;
}

/* The most RU a second phase i's stream's client can have charged,
   operations of at most one_ru each: with a ru_budget of R a second, R
   and one request's charge more (throughput control holds back every
   request, retries too, until the budget it spent has refilled: sim.c,
   budget_spend); infinity without a budget. */
static double client_ru_cap(const struct pk_scenario *s, size_t i,
			    double one_ru)
{
	const struct pk_client_spec *c = &ld_phase_stream(s, i)->client;

	if (c->ru_budget_per_s > 0) {
		return c->ru_budget_per_s + one_ru;
	}
	return INFINITY;
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

	return fmin(fmin(ld_phase_peak(p), client_send_cap(s, j)) * one,
		    client_ru_cap(s, j, one));
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
   variant: the phase's peak RU/s (its peak rate x ld_worst_op_ru, at
   most what its client's ru_budget lets through, client_ru_cap) on the
   busiest physical partition passes that partition's share of the RU/s.
   The busiest partition's share of the operations is taken as the
   hottest key value's share plus an even share (1 / r, r its most
   ranges, ranges_planned) three spreads up: keys spread over ranges by
   hash, a range holding about k = values / r of them with a spread of
   sqrt(k) (busiest_share). The RU/s are the lowest the phase can run
   under (ru_in_force: a lower `throughput` carried from an earlier
   phase, or set by another stream), and the other streams' peak RU/s
   add to the phase's (the plan's others: streams that each fit can pass a
   partition's share together). A serverless variant, a container with
   throughput buckets (a bucket holds its requests to a percentage of
   the RU/s), a redistribution, or a key whose hottest value is not
   known, can always be. A DynamoDB table's partitions are judged alike
   by their capacity units (table_share), each operation at the most
   units or RU it can take (ld_worst_op_ru). */
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
	}
	t->lps = xcalloc(nv ? nv : 1, sizeof(*t->lps));
	t->r = xcalloc(nv ? nv : 1, sizeof(*t->r));
	t->h =
	    xcalloc(nv * s->n_phases > 0 ? nv * s->n_phases : 1, sizeof(*t->h));
	t->others = xcalloc(nv * ns > 0 ? nv * ns : 1, sizeof(*t->others));
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
			}
		}
		for (k = 0; k < ns; k++) {
			for (o = 0; o < ns; o++) {
				t->others[v * ns + k] += o != k ? most[o] : 0;
			}
		}
		free(most);
	}
	ld_plan_shares(t);
}

void ld_throttle_plan_free(struct ld_throttle_plan *t)
{
	free(t->lps);
	free(t->r);
	free(t->h);
	free(t->others);
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
	return fmin(fmin((double)tb->rcu, (double)tb->wcu) / r, TABLE_PART_WCU);
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

int ld_plan_can_throttle(const struct ld_throttle_plan *t, size_t i)
{
	const struct pk_scenario *s = t->s;
	const struct pk_phase_spec *p = &s->phases[i];
	double peak = fmin(ld_phase_peak(p), client_send_cap(s, i));
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		const struct pk_container_spec *c = &s->variants[v];
		double ru = ru_in_force(t, i, c);
		double lps = t->lps[v], r = t->r[v];
		double h = t->h[v * s->n_phases + i];
		double one =
		    ld_worst_op_ru_at(s, p, r, t->item_bytes, t->table_bytes);
		double offered = fmin(peak * one, client_ru_cap(s, i, one)) +
				 t->others[v * s->n_streams + t->stream[i]];
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
			double most = fmin(
			    share * (1 + (tb->burst == PK_DDB_BURST_OFF
					      ? 0
					      : TABLE_BANK_S)),
			    phase_writes(p) ? TABLE_PART_WCU : TABLE_PART_RCU);

			if (!(share > 0) || h >= 1 ||
			    busiest_share(h, r, lps) * offered > share ||
			    one > most) {
				return 1;
			}
			continue;
		}
		if (c->serverless || !(ru > 0) || h >= 1 ||
		    scenario_has_buckets(c) || t->redistribute ||
		    busiest_share(h, r, lps) * offered > ru / r) {
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
 * RU/s / r (r its most ranges), the phase offers D RU/s at its peak, a
 * partition holds k = lps / r key values and gets an even share of the
 * operations three spreads up, e = (1 + 3 / sqrt(k)) / r. When e x D
 * passes s every partition can: all of them (1, lps). Else only one
 * holding a value whose share passes thr = s / D - e can (values_over:
 * m values, shares summing to at most S): m partitions (at most r) of k
 * (1 + 3 / sqrt(k)) values each, taking S + m x e of the operations.
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
	const struct pk_phase_spec *p = &s->phases[i];
	const struct pk_prop_spec *key;
	double peak = fmin(ld_phase_peak(p), client_send_cap(s, i));
	double ru = ru_in_force(t, i, c);
	double lps = t->lps[v], r = t->r[v], h = t->h[v * s->n_phases + i];
	double one = ld_worst_op_ru_at(s, p, r, t->item_bytes, t->table_bytes);
	double offered = fmin(peak * one, client_ru_cap(s, i, one)) +
			 t->others[v * s->n_streams + t->stream[i]];
	double k = fmax(lps / r, 1), e = (1 + 3 / sqrt(k)) / r, thr, m, sum;

	*lps_over = lps;
	if (c->serverless || !(ru > 0) || h >= 1 || scenario_has_buckets(c) ||
	    t->redistribute) {
		return 1;
	}
	if (!(busiest_share(h, r, lps) * offered > ru / r)) {
		*lps_over = 0;
		return 0;
	}
	thr = ru / r / offered - e;
	if (!(thr > 0)) {
		return 1;
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
	*lps_over = fmin(lps, m * k * (1 + 3 / sqrt(k)));
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
   share of the queries, on the busiest of r ranges (busiest_share, the
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
	       busiest_share(top, r, lps) * offered > ru / r;
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

/* The partitions n DynamoDB partitions become when a raise needs need
   (ddb_layout_raise_count): need itself under the formula rule, else n
   doubled until it holds need */
static double table_raised(double n, double need, int formula)
{
	if (need <= n) {
		return n;
	}
	if (formula) {
		return need;
	}
	while (n < need) {
		n *= 2;
	}
	return n;
}

double ld_gsi_parts(const struct pk_ddb_table_spec *t, size_t i)
{
	const struct pk_ddb_gsi_spec *g = &t->gsis[i];
	double r = (double)g->rcu, w = (double)g->wcu, n;

	if (t->capacity == PK_DDB_ON_DEMAND) {
		return fmax(TABLE_ON_DEMAND_PARTS,
			    ceil((double)t->quota_units / 1000.0));
	}
	/* RCU / 3,000 + WCU / 1,000 = (RCU + 3 WCU) / 3,000 */
	n = fmax(1, ceil((r + 3.0 * w) / TABLE_PART_RCU));
	if (t->scale.on && !g->fixed) {
		w = fmax(w, (double)t->scale.max_wcu);
	}
	return table_raised(n, fmax(1, ceil((r + 3.0 * w) / TABLE_PART_RCU)),
			    t->raise_formula);
}

/* The most partitions DynamoDB table t can reach in s (ddb_parts.c):
   provisioned, ceil(RCU / 3,000 + WCU / 1,000) (D4) at the most units
   the table, its phases and its auto scaling's maximum ask for, raised
   by doubling from the count it is created with (or set by the formula,
   raise: formula); on demand, 4 (D4) doubled until each side's quota
   (quota_units; a configured maximum adds none) fits at 3,000 RCU and
   1,000 WCU a partition (D13); and a storage split (D6) for each whole
   10 GiB in twice the items' bytes (a split leaves each child about half
   its parent's 10 GiB) (items stored items of item_bytes, with each
   local secondary index's entry as large again). A doubling raise after a
   storage split doubles the split partitions too, so with any storage
   split the raise counts 2 need - 1 (the most a doubling to need can
   give). */
static double table_ranges(const struct pk_scenario *s,
			   const struct pk_ddb_table_spec *t, double items,
			   double item_bytes)
{
	double r = (double)t->rcu, w = (double)t->wcu, n, need, split;
	size_t i;

	if (t->capacity == PK_DDB_ON_DEMAND) {
		n = TABLE_ON_DEMAND_PARTS;
		/* each side's quota at 1,000 WCU or 3,000 RCU a partition
		   (D3) */
		need = ceil((double)t->quota_units / 1000.0);
	} else {
		for (i = 0; i < s->n_phases; i++) {
			r = fmax(r, (double)s->phases[i].ddb_rcu);
			w = fmax(w, (double)s->phases[i].ddb_wcu);
		}
		if (t->scale.on) {
			r = fmax(r, (double)t->scale.max_rcu);
			w = fmax(w, (double)t->scale.max_wcu);
		}
		/* RCU / 3,000 + WCU / 1,000 = (RCU + 3 WCU) / 3,000 */
		n = fmax(1, ceil(((double)t->rcu + 3.0 * (double)t->wcu) /
				 TABLE_PART_RCU));
		need = ceil((r + 3.0 * w) / TABLE_PART_RCU);
	}
	split = floor(2.0 * items * item_bytes * (1.0 + (double)t->n_lsis) /
		      TABLE_PART_BYTES);
	if (split > 0 && need > n && !t->raise_formula) {
		return fmax(n, 2 * need - 1) + split;
	}
	return table_raised(n, need, t->raise_formula) + split;
}

/* The most first attempts a second phase p sends, for a partition's heat
   (D7: hot in a second): evenly spaced, the peak rate rounded up; a
   Poisson phase's, six spreads above it (a second's count of mean L
   passes L + 6 sqrt(L) + 6 with a chance under 1e-9, as ld_phase_count
   takes a phase's) */
static double second_peak(const struct pk_phase_spec *p)
{
	double rate = ld_phase_peak(p);

	if (p->arrival == PK_ARRIVAL_POISSON) {
		return rate + 6 * sqrt(rate) + 6;
	}
	return ceil(rate);
}

/*
 * The partitions heat splits (D7) and hot-item isolation (D11) can add
 * to variant v's DynamoDB table (0 for a container, or with items from
 * a data file), beyond table_ranges' count:
 * - A heat split starts after heat_window_s seconds in a row in which
 *   its partition consumed at least heat_pct % of a partition's cap
 *   (of 1,000 WCU, the smaller cap, for reads too: an upper bound), and
 *   no two splits share such a second, so the splits are at most the
 *   units the run's operations can consume (each admitted once, at
 *   ld_worst_op_ru_at) over heat_pct % x 1,000 x heat_window_s. None
 *   when no second can make a partition hot: no retries of a 429 to
 *   crowd a second, and the busiest partition's share of each phase's
 *   busiest second (busiest_share, as ld_plan_can_throttle takes it;
 *   second_peak x its costliest operation, at most its client lets
 *   through; the other streams' busiest beside it) under the
 *   threshold. A partition's split starts heat_window_s after its
 *   heat began at the soonest, so in a run of T seconds (its phases
 *   and retries) each partition makes at most 2^floor(T / window) - 1
 *   of them. A split is refused for one item (or key value
 *   without a sort key), so each split leaves an item (a value) on both
 *   its sides: of n the table can hold, at most n - 1 splits.
 * - Isolation moves one item to a partition of its own by up to two
 *   splits, each for an item asked past its partition's share in a
 *   second while another value's requests reach it: at most twice the
 *   fewer of the key values less one and the operations; none when no
 *   partition can pass its share (ld_plan_can_throttle) and no heat
 *   split can halve one.
 */
static double table_heat_parts(const struct ld_throttle_plan *t, size_t v,
			       double *stored, double *heat)
{
	const struct pk_scenario *s = t->s;
	const struct pk_container_spec *c = &s->variants[v];
	const struct pk_ddb_table_spec *tb = scenario_variant_table(s, c);
	size_t ns = s->n_streams, np = s->n_phases, i, k;
	double values, units = 0, ops = 0, thr, extra = 0, all = 0, own;
	double span = 0, gens, *most, *load, *secs;
	int can = 0, hot = 0;

	if (!tb || s->items_file || !(tb->heat_split || tb->isolate)) {
		return 0;
	}
	values = tb->sort_key ? t->items : fmin(t->items, t->lps[v]);
	*stored = values;
	*heat = 0;
	/* each split leaves its two partitions an item (a value) each */
	values = fmax(0, values - 1);
	most = xcalloc(ns ? ns : 1, sizeof(*most));
	load = xcalloc(np ? np : 1, sizeof(*load));
	secs = xcalloc(ns ? ns : 1, sizeof(*secs));
	for (i = 0; i < np; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		secs[t->stream[i]] += (double)p->duration_ms / 1000.0;
	}
	for (k = 0; k < ns; k++) {
		span = fmax(span, secs[k]);
	}
	free(secs);
	span += ld_retry_life_s(s);
	for (i = 0; i < np; i++) {
		const struct pk_phase_spec *p = &s->phases[i];
		double one = ld_worst_op_ru_at(s, p, t->r[v], t->item_bytes,
					       t->table_bytes);

		ops += ld_phase_count(p);
		units += ld_phase_count(p) * one;
		load[i] =
		    fmin(fmin(second_peak(p), client_send_cap(s, i)) * one,
			 client_ru_cap(s, i, one));
		most[t->stream[i]] = fmax(most[t->stream[i]], load[i]);
		can |= ld_plan_can_throttle(t, i);
	}
	for (k = 0; k < ns; k++) {
		all += most[k];
	}
	thr = (double)tb->heat_pct / 100.0 * TABLE_PART_WCU;
	/* a 429 can crowd retries into a second; else the busiest
	   partition's first attempts, each phase's with the other
	   streams' busiest beside it */
	hot = can && ld_op_attempts(s) > 1;
	for (i = 0; i < np && !hot; i++) {
		own = all - most[t->stream[i]] + load[i];
		hot =
		    busiest_share(t->h[v * np + i], t->r[v], t->lps[v]) * own >=
		    thr;
	}
	free(most);
	free(load);
	/* a partition splits heat_window_s after its heat began at the
	   soonest, and its two halves as long after: each of the r
	   partitions at most 2^g - 1 splits in g windows */
	gens = fmin(floor(span / (double)tb->heat_window_s), 60);
	if (tb->heat_split && hot) {
		extra += fmin(fmin(values, t->r[v] * (exp2(gens) - 1)),
			      floor(units / (thr * (double)tb->heat_window_s)));
	}
	*heat = extra;
	/* an item is isolated only past its partition's share: none when
	   no partition can pass its share and no heat split halves one */
	if (tb->isolate && (can || extra > 0)) {
		extra += 2 * fmin(values, ops);
	}
	return extra;
}

double ld_table_split_parts(const struct pk_scenario *s,
			    const struct pk_container_spec *c, double *stored,
			    double *heat)
{
	const struct pk_ddb_table_spec *tb = scenario_variant_table(s, c);
	struct ld_throttle_plan t;
	double extra;
	size_t v = 0;
	double values = 0, hs = 0;

	if (stored) {
		*stored = 0;
	}
	if (heat) {
		*heat = 0;
	}
	if (!tb || s->items_file || !(tb->heat_split || tb->isolate)) {
		return 0;
	}
	while (v < s->n_variants && &s->variants[v] != c) {
		v++;
	}
	assert(v < s->n_variants); /* c is one of s's variants */
	ld_throttle_plan_init(&t, s);
	extra = table_heat_parts(&t, v, &values, &hs);
	ld_throttle_plan_free(&t);
	if (stored) {
		*stored = values;
	}
	if (heat) {
		*heat = hs;
	}
	return extra;
}

/* The most physical partitions one variant can reach: its layout at
   creation (or an existing layout's N), phases raising throughput (rule
   6), and storage splits of the largest items, the data stored at the
   start and the preload's items at half-full partitions (rule 9), no
   more than the logical partitions the phases and the preload make; a
   DynamoDB table's by its own rules (table_ranges). */
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
		return table_ranges(
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
