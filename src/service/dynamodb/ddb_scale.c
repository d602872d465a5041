/*
 * ddb_scale: a provisioned DynamoDB table's auto scaling (D19; the
 * reference's §11, A-PT): target tracking on each side's consumed
 * units, by 1-minute points as CloudWatch gives them. After 2
 * consecutive minutes whose consumed units over provisioned are above
 * the target, or 15 below it, the side's units become the minute's
 * average consumed a second over the target, rounded up, within the
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

/* Side k's point for the minute ending at t_s; its new units in
   d->sc_to[k]; 1 when they differ from today's */
static int decide(struct ddb *d, int k)
{
	const struct pk_ddb_autoscale_spec *a = &d->t->scale;
	int64_t used = d->sc_used_mcu[k], cap = d->sc_cap_mcu[k];
	int64_t cur = k ? d->wcu : d->rcu;
	int64_t want = wanted(used, a->target_pct, k ? a->min_wcu : a->min_rcu,
			      k ? a->max_wcu : a->max_rcu);

	d->sc_out[k] = used * 100 > cap * a->target_pct ? d->sc_out[k] + 1 : 0;
	d->sc_in[k] = used * 100 < cap * a->target_pct ? d->sc_in[k] + 1 : 0;
	if (d->sc_pending_s >= 0) {
		/* the waiting decision keeps its units */
		return 0;
	}
	d->sc_to[k] = cur;
	if (d->sc_out[k] >= PK_DDB_SCALE_OUT_POINTS && want > cur) {
		d->sc_out[k] = 0;
		d->sc_to[k] = want;
		return 1;
	}
	if (d->sc_in[k] >= PK_DDB_SCALE_IN_POINTS && want < cur) {
		d->sc_in[k] = 0;
		d->sc_to[k] = want;
		return 1;
	}
	return 0;
}

void ddb_scale_close(struct ddb *d, int64_t t_s, int64_t n,
		     const int64_t used[2])
{
	int k, changed = 0;

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

	if (edge < n) {
		n = edge;
	}
	if (d->sc_pending_s > d->now_s && d->sc_pending_s - d->now_s < n) {
		n = d->sc_pending_s - d->now_s;
	}
	return n;
}

void ddb_scale_apply(struct ddb *d)
{
	int64_t r = d->sc_to[0], w = d->sc_to[1];

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
