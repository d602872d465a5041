/*
 * ddb_scale: a provisioned DynamoDB table's auto scaling (D19; the
 * reference's §11, A-PT): target tracking on each side's consumed
 * units, by 1-minute points as CloudWatch gives them; each global
 * secondary index that follows it (not `auto_scaling: off`) the same
 * on its own consumed write units, with its own decisions, delay and
 * decreases a day (§11: "counted separately for the table and each
 * GSI"); its read units stay as given (ASSUMPTION: reads never touch
 * an index here, statement 26, so their consumption is not known). After 2
 * consecutive minutes whose consumed units over provisioned are above
 * the target, or 15 below the target less scale_in_margin_pct (20
 * points by default, PK_DDB_SCALE_IN_MARGIN_PCT: a table at 60 % of
 * its units under a target of 70 % keeps them), the side's units become the
 * minute's average consumed a second over the target, rounded up, within the
 * side's bounds (a raise only upward, a decrease only downward); the
 * new units apply update_delay_s after the decision (ASSUMPTION: the
 * UpdateTable "takes minutes"), through ddb_change_units (splits, never
 * a merge, the day's decrease limit: a decrease it refuses is dropped,
 * as AWS's scaling would fail). No decision is made while one waits.
 * Minutes are the run's: [60 k, 60 (k + 1)) s.
 */
#include "ddb_state.h"

#define MINUTE_S 60

/* The minute's average consumed a second over the target, rounded up,
   in [lo, hi] */
static int64_t wanted(int64_t used_mcu, int64_t pct, int64_t lo, int64_t hi)
{
	/* used / 60 s / 1,000 mCU / (pct / 100) */
	int64_t den = (int64_t)MINUTE_S * 1000 * pct;
	int64_t u = (used_mcu * 100 + den - 1) / den;

	return u < lo ? lo : u > hi ? hi : u;
}

/* One side's point for a minute of used consumed and cap provisioned
   mCU: its runs of minutes above (*out) and below (*in) the target
   counted; its new units (cur: none), within [lo, hi]. waiting: a
   decision of it is in flight, which keeps its units (none made) */
static int64_t point(const struct pk_ddb_autoscale_spec *a, int64_t used,
		     int64_t cap, int *out, int *in, int64_t cur, int64_t lo,
		     int64_t hi, int waiting)
{
	int64_t want = wanted(used, a->target_pct, lo, hi);

	*out = used * 100 > cap * a->target_pct ? *out + 1 : 0;
	*in = used * 100 < cap * (a->target_pct - a->scale_in_margin_pct)
		  ? *in + 1
		  : 0;
	if (waiting) {
		return cur;
	}
	if (*out >= PK_DDB_SCALE_OUT_POINTS && want > cur) {
		*out = 0;
		return want;
	}
	if (*in >= PK_DDB_SCALE_IN_POINTS && want < cur) {
		*in = 0;
		return want;
	}
	return cur;
}

/* Side k's point for the minute ending at t_s; its new units in
   d->sc_to[k] (a waiting decision keeps its own); 1 when they differ
   from today's */
static int decide(struct ddb *d, int k)
{
	const struct pk_ddb_autoscale_spec *a = &d->t->scale;
	int64_t cur = k ? d->wcu : d->rcu;
	int64_t to =
	    point(a, d->sc_used_mcu[k], d->sc_cap_mcu[k], &d->sc_out[k],
		  &d->sc_in[k], cur, k ? a->min_wcu : a->min_rcu,
		  k ? a->max_wcu : a->max_rcu, d->sc_pending_s >= 0);

	if (d->sc_pending_s >= 0) {
		return 0;
	}
	d->sc_to[k] = to;
	return to != cur;
}

/* Index gi's n closing seconds from t_s into its open minute (its
   partitions' write units used in the first, the rest idle), its point
   at the minute's end: a decision applies update_delay_s later */
static void index_close(struct ddb *d, struct ddb_gsi *gi, int64_t t_s,
			int64_t n)
{
	const struct pk_ddb_autoscale_spec *a = &d->t->scale;
	int64_t to;
	size_t k;

	for (k = 0; k < gi->n; k++) {
		gi->sc_used_mcu += gi->w[k].used_mcu;
	}
	gi->sc_cap_mcu += gi->wcu * 1000 * n;
	if ((t_s + n) % MINUTE_S != 0) {
		return;
	}
	to = point(a, gi->sc_used_mcu, gi->sc_cap_mcu, &gi->sc_out, &gi->sc_in,
		   gi->wcu, a->min_wcu, a->max_wcu, gi->sc_pending_s >= 0);
	if (gi->sc_pending_s < 0 && to != gi->wcu) {
		gi->sc_to = to;
		gi->sc_pending_s = t_s + n + a->update_delay_s;
	}
	gi->sc_used_mcu = gi->sc_cap_mcu = 0;
}

/* Index gi's decision, once its time has come: a decrease past its
   day's limit is dropped, as the table's is */
static void index_apply(struct ddb *d, struct ddb_gsi *gi)
{
	if (!gi->scaled || gi->sc_pending_s < 0 ||
	    d->now_s < gi->sc_pending_s) {
		return;
	}
	gi->sc_pending_s = -1;
	if (gi->sc_to < gi->wcu &&
	    !ddb_decrease_ok(d, &gi->dec_day, &gi->dec_in_day, &gi->dec_last_s,
			     d->now_s)) {
		return;
	}
	ddb_gsi_set_wcu(d, gi, gi->sc_to);
}

void ddb_scale_close(struct ddb *d, int64_t t_s, int64_t n,
		     const int64_t used[2])
{
	int k, changed = 0;
	size_t i;

	for (i = 0; i < d->n_gsis; i++) {
		if (d->gsis[i].scaled) {
			index_close(d, &d->gsis[i], t_s, n);
		}
	}
	for (k = 0; k < 2; k++) {
		d->sc_used_mcu[k] += used[k];
		d->sc_cap_mcu[k] += (k ? d->wcu : d->rcu) * 1000 * n;
	}
	if ((t_s + n) % MINUTE_S != 0) {
		return;
	}
	for (k = 0; k < 2; k++) {
		changed |= decide(d, k);
	}
	if (changed) {
		d->sc_pending_s = t_s + n + d->t->scale.update_delay_s;
	}
	for (k = 0; k < 2; k++) {
		d->sc_used_mcu[k] = d->sc_cap_mcu[k] = 0;
	}
}

int64_t ddb_scale_span(const struct ddb *d, int64_t n)
{
	int64_t edge = (d->now_s / MINUTE_S + 1) * MINUTE_S - d->now_s;
	size_t i;

	if (edge < n) {
		n = edge;
	}
	if (d->sc_pending_s > d->now_s && d->sc_pending_s - d->now_s < n) {
		n = d->sc_pending_s - d->now_s;
	}
	for (i = 0; i < d->n_gsis; i++) {
		int64_t p = d->gsis[i].sc_pending_s;

		if (p > d->now_s && p - d->now_s < n) {
			n = p - d->now_s;
		}
	}
	return n;
}

void ddb_scale_apply(struct ddb *d)
{
	int64_t r = d->sc_to[0], w = d->sc_to[1];
	size_t i;

	for (i = 0; i < d->n_gsis; i++) {
		index_apply(d, &d->gsis[i]);
	}
	if (d->sc_pending_s < 0 || d->now_s < d->sc_pending_s) {
		return;
	}
	d->sc_pending_s = -1;
	if (ddb_change_units(d, r, w, d->now_s) == 0) {
		return;
	}
	/* the decrease refused: a raise beside it still applies */
	(void)ddb_change_units(d, r > d->rcu ? r : d->rcu,
			       w > d->wcu ? w : d->wcu, d->now_s);
}
