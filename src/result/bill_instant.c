/*
 * bill_instant: the share of an on-demand DynamoDB table's demand a
 * month serves when no client retries a throttle (result_int.h
 * bill_instant_share). A month is the run's workload repeated back to
 * back; on demand each second admits at most the instant limit,
 * max(warm, 2 x P), P the highest sustain_s average of units served,
 * which never falls (D12, dynamodb-mechanics.md §7: the pksim rule). A
 * workload whose averages raise P enough is served whole once warm
 * (twice a peak 30 minutes after it); a short burst that never lifts a
 * sustain_s average is refused past the limit in every repetition, and
 * with no retries those units are never consumed, so never billed
 * (pricing.md §4: on demand bills the units consumed).
 *
 * The limit the repeated workload settles at is the least fixed point
 * of L = max(L0, 2 x P(L)), L0 = max(warm, 2 x the run's own P at its
 * end), P(L) the highest sustain_s average, over the cycle wrapped
 * round, of each second's demand served up to L: L only rises, so the
 * loop ends when P(L) no longer lifts it. ASSUMPTIONS: each side alone
 * (the linear combination of reads and writes is not applied); the
 * table's partitions, even shares of the limit, carry it evenly; a
 * global secondary index's writes are refused in the table's writes'
 * share.
 */
#include <stdlib.h>

#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "result_int.h"

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* Second s's demand on side w (1 writes) of x, mCU, served up to l */
static int64_t served(const struct pk_snapshot_ddb *x, size_t s, int w,
		      int64_t l)
{
	return min64(x->second_demand_mcu[2 * s + (size_t)w], l);
}

/* P(l): the highest sustain_s average of x's demand on side w served
   up to l, over the n-second cycle repeated (a window longer than the
   cycle holds its whole repetitions), mCU */
static int64_t peak_at(const struct pk_snapshot_ddb *x, int w, int64_t l,
		       int64_t sustain_s)
{
	size_t n = x->n_second_demand, s, whole = (size_t)sustain_s / n,
	       part = (size_t)sustain_s % n;
	int64_t cycle = 0, win = 0, best;

	for (s = 0; s < n; s++) {
		cycle += served(x, s, w, l);
	}
	for (s = 0; s < part; s++) {
		win += served(x, s, w, l);
	}
	best = win;
	for (s = 1; s < n && part > 0; s++) {
		/* the window [s, s + part) of the cycle wrapped round */
		win += served(x, (s + part - 1) % n, w, l) -
		       served(x, s - 1, w, l);
		if (win > best) {
			best = win;
		}
	}
	return ((int64_t)whole * cycle + best) / sustain_s;
}

double bill_instant_share(const struct pk_scenario *sc,
			  const struct pk_result_variant *v,
			  const struct pk_snapshot_ddb *x, int write)
{
	const struct pk_ddb_table_spec *t =
	    sc && v->spec ? scenario_variant_table(sc, v->spec) : NULL;
	int w = write != 0;
	int64_t warm, l, most = 0, asked = 0, got = 0, next;
	size_t s;

	if (!t || !x->on_demand || !x->second_demand_mcu ||
	    x->n_second_demand == 0 || t->peak_sustain_s <= 0) {
		return 1;
	}
	warm = (w ? t->warm_wru : t->warm_rru) * 1000;
	l = 2 * x->od_peak_mcu[w] > warm ? 2 * x->od_peak_mcu[w] : warm;
	for (s = 0; s < x->n_second_demand; s++) {
		int64_t d = x->second_demand_mcu[2 * s + (size_t)w];

		asked += d;
		most = d > most ? d : most;
	}
	/* L rises to 2 x P(L) until that lifts it no more, or serves every
	   second */
	while (l < most &&
	       (next = 2 * peak_at(x, w, l, t->peak_sustain_s)) > l) {
		l = next;
	}
	if (asked == 0 || l >= most) {
		return 1;
	}
	for (s = 0; s < x->n_second_demand; s++) {
		got += served(x, s, w, l);
	}
	return (double)got / (double)asked;
}
