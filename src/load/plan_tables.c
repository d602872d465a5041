/*
 * plan_tables: what the plan reckons of a DynamoDB table's partitions
 * before the run, for the memory and work bounds: the partitions its
 * units, auto scaling and storage give it (D4, D6), a global secondary
 * index's, and those heat splits (D7) and hot-item isolation (D11) can
 * add. Whether a table's requests can be throttled is plan_ranges.c's.
 */
#include "loader.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "pksim/base/mem.h"

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
		return fmax(LD_TABLE_ON_DEMAND_PARTS,
			    ceil((double)t->quota_units / 1000.0));
	}
	/* RCU / 3,000 + WCU / 1,000 = (RCU + 3 WCU) / 3,000 */
	n = fmax(1, ceil((r + 3.0 * w) / LD_TABLE_PART_RCU));
	if (t->scale.on && !g->fixed) {
		w = fmax(w, (double)t->scale.max_wcu);
	}
	return table_raised(n, fmax(1, ceil((r + 3.0 * w) / LD_TABLE_PART_RCU)),
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
double ld_table_ranges(const struct pk_scenario *s,
		       const struct pk_ddb_table_spec *t, double items,
		       double item_bytes)
{
	double r = (double)t->rcu, w = (double)t->wcu, n, need, split;
	size_t i;

	if (t->capacity == PK_DDB_ON_DEMAND) {
		n = LD_TABLE_ON_DEMAND_PARTS;
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
				 LD_TABLE_PART_RCU));
		need = ceil((r + 3.0 * w) / LD_TABLE_PART_RCU);
	}
	split = floor(2.0 * items * item_bytes * (1.0 + (double)t->n_lsis) /
		      LD_TABLE_PART_BYTES);
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
 *   busiest second (ld_busiest_share, as ld_plan_can_throttle takes it;
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
/* 1 when a second can make one of variant v's table's partitions hot
   (D7: heat_pct % of 1,000 WCU, the smaller cap, for reads too): a 429
   can crowd retries into a second, or the busiest partition's share of
   a phase's busiest second (ld_busiest_share, as ld_plan_can_throttle
   takes it; second_peak x its costliest operation, at most its client
   lets through; the other streams' busiest beside it) reaches the
   threshold, judged over r partitions. *units (when not NULL): the RU
   the run's operations can consume, each admitted once at
   ld_worst_op_ru_at; *ops: their count */
static int table_can_heat(const struct ld_throttle_plan *t, size_t v,
			  const struct pk_ddb_table_spec *tb, double r,
			  double *units, double *ops)
{
	const struct pk_scenario *s = t->s;
	size_t ns = s->n_streams, np = s->n_phases, i, k;
	double all = 0, own, thr, u = 0, n = 0, *most, *load;
	int can = 0, hot;

	most = xcalloc(ns ? ns : 1, sizeof(*most));
	load = xcalloc(np ? np : 1, sizeof(*load));
	for (i = 0; i < np; i++) {
		const struct pk_phase_spec *p = &s->phases[i];
		double one = ld_worst_op_ru_at(s, p, t->r[v], t->item_bytes,
					       t->table_bytes);

		n += ld_phase_count(p);
		u += ld_phase_count(p) * one;
		load[i] =
		    fmin(fmin(second_peak(p), ld_client_send_cap(s, i)) * one,
			 ld_client_ru_cap(s, i, one));
		most[t->stream[i]] = fmax(most[t->stream[i]], load[i]);
		can |= ld_plan_can_throttle(t, i);
	}
	for (k = 0; k < ns; k++) {
		all += most[k];
	}
	thr = (double)tb->heat_pct / 100.0 * LD_TABLE_PART_WCU;
	hot = can && ld_op_attempts(s) > 1;
	for (i = 0; i < np && !hot; i++) {
		own = all - most[t->stream[i]] + load[i];
		hot =
		    ld_busiest_share(t->h[v * np + i], r, t->lps[v], 0) * own >=
		    thr;
	}
	free(most);
	free(load);
	if (units) {
		*units = u;
	}
	if (ops) {
		*ops = n;
	}
	return hot;
}

static double table_heat_parts(const struct ld_throttle_plan *t, size_t v,
			       double *stored, double *heat)
{
	const struct pk_scenario *s = t->s;
	const struct pk_container_spec *c = &s->variants[v];
	const struct pk_ddb_table_spec *tb = scenario_variant_table(s, c);
	size_t ns = s->n_streams, np = s->n_phases, i, k;
	double values, units = 0, ops = 0, thr, extra = 0;
	double span = 0, gens, *secs;
	int can = 0, hot;

	if (!tb || s->items_file || !(tb->heat_split || tb->isolate)) {
		return 0;
	}
	values = tb->sort_key ? t->items : fmin(t->items, t->lps[v]);
	*stored = values;
	*heat = 0;
	/* each split leaves its two partitions an item (a value) each */
	values = fmax(0, values - 1);
	secs = xcalloc(ns ? ns : 1, sizeof(*secs));
	for (i = 0; i < np; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		secs[t->stream[i]] += (double)p->duration_ms / 1000.0;
		can |= ld_plan_can_throttle(t, i);
	}
	for (k = 0; k < ns; k++) {
		span = fmax(span, secs[k]);
	}
	free(secs);
	span += ld_retry_life_s(s);
	hot = table_can_heat(t, v, tb, t->r[v], &units, &ops);
	thr = (double)tb->heat_pct / 100.0 * LD_TABLE_PART_WCU;
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

/* The partitions table t is created with (ddb_parts.c, D4): on demand
   4; provisioned ceil(RCU / 3,000 + WCU / 1,000), at least 1 */
static double table_created_parts(const struct pk_ddb_table_spec *t)
{
	if (t->capacity == PK_DDB_ON_DEMAND) {
		return LD_TABLE_ON_DEMAND_PARTS;
	}
	return fmax(1, ceil(((double)t->rcu + 3.0 * (double)t->wcu) /
			    LD_TABLE_PART_RCU));
}

int ld_table_can_heat(const struct pk_scenario *s,
		      const struct pk_container_spec *c)
{
	const struct pk_ddb_table_spec *tb = scenario_variant_table(s, c);
	struct ld_throttle_plan t;
	size_t v = 0;
	int hot;

	if (!tb || s->items_file || !tb->heat_split) {
		return 0;
	}
	while (v < s->n_variants && &s->variants[v] != c) {
		v++;
	}
	assert(v < s->n_variants); /* c is one of s's variants */
	ld_throttle_plan_init(&t, s);
	/* a table's partitions only grow: its fewest, at creation (D4),
	   take the largest shares */
	hot = table_can_heat(&t, v, tb, table_created_parts(tb), NULL, NULL);
	ld_throttle_plan_free(&t);
	return hot;
}
