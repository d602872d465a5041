/*
 * bill_autoscale: the month of an auto-scaled provisioned DynamoDB
 * table (D19, reference §11): auto scaling replayed on the run's
 * workload repeated back to back, its state carried from one
 * repetition to the next, until it settles; the month bills the units
 * it holds then.
 *
 * A run is one cycle of the workload (bill_ddb.c); a short run never
 * holds the 15 minutes below target a decrease needs, so repeating the
 * run's own units would bill its starting units all month however far
 * under them the workload runs. Here each minute of the repeated
 * workload asks the table's own demand of the matching minute of the
 * run (pk_snapshot_ddb.minute_demand_mcu, spread evenly over its
 * seconds when the run's length is not whole minutes) and consumes it
 * up to the units held (ASSUMPTION: no burst credit lent and no
 * retries carried into later minutes: a minute over its units consumes
 * them, as a throttling table does). Auto scaling's points, decisions,
 * delay and decreases a UTC day are ddb_scale.c's and ddb_change.c's,
 * replayed from the run's end with its end units: one month of
 * repetitions settles it, the next two months are billed clock hour
 * by clock hour (each at its highest units, as the run's hours), and
 * when those two differ by more than PK_BILL_SCALE_SETTLED the replay
 * has not settled and the month is the dearer of them.
 *
 * Left out: an index that follows the table's auto scaling (its
 * consumption by minute is not kept) and a phase that sets the units
 * (the workload then sets them each repetition): bill_ddb.c's
 * repetition of the run prices those.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/result/bill.h"
#include "pksim/service/snapshot.h"
#include "result_int.h"

#define MINUTE_S 60
#define HOUR_S 3600
#define DAY_S 86400
/* decreases a UTC day that need no quiet hour before them (§11), as
   ddb_change.c's */
#define DECREASES_FREE 4
/* months replayed before the two billed: auto scaling settles in them */
#define WARM_MONTHS 1

/* The run's demand of one side, its cumulative milli-units by minute:
   cum[k] asked in [0, 60 k) of the run, k = 0 .. n */
struct demand {
	double *cum;
	int64_t n;   /* minutes the run touched: ceil(d_s / 60) */
	int64_t d_s; /* the run's seconds: one cycle */
};

/* Milli-units asked in [0, t) of the run, 0 <= t <= d_s: minute k's
   spread evenly over its seconds of the run */
static double run_upto(const struct demand *q, int64_t t)
{
	int64_t k = t / MINUTE_S, len;

	if (k >= q->n) {
		return q->cum[q->n];
	}
	len =
	    q->d_s - k * MINUTE_S < MINUTE_S ? q->d_s - k * MINUTE_S : MINUTE_S;
	return q->cum[k] + (q->cum[k + 1] - q->cum[k]) *
			       (double)(t - k * MINUTE_S) / (double)len;
}

/* Milli-units asked in [0, t) of the run repeated back to back */
static double asked_upto(const struct demand *q, int64_t t)
{
	return (double)(t / q->d_s) * q->cum[q->n] + run_upto(q, t % q->d_s);
}

/* Auto scaling's state, ddb_scale.c's and ddb_change.c's */
struct scaler {
	int64_t units[2];  /* the table's own read, write units a second */
	int64_t to[2];	   /* a decision in flight's units */
	int64_t pending_s; /* when it applies; -1 none */
	int out[2], in[2]; /* points above and below target in a row */
	int64_t dec_day, dec_last_s;
	int dec_in_day;
};

/* ddb_change.c's decrease limit (§11): 4 a UTC day, then one more only
   an hour after the last */
static int decrease_ok(struct scaler *s, int64_t clock_s, int64_t t_s)
{
	int64_t u = clock_s + t_s;
	int64_t today = u >= 0 ? u / DAY_S : -((-u + DAY_S - 1) / DAY_S);

	if (s->dec_last_s == INT64_MIN || today != s->dec_day) {
		s->dec_day = today;
		s->dec_in_day = 0;
	}
	if (s->dec_in_day >= DECREASES_FREE && s->dec_last_s != INT64_MIN &&
	    t_s - s->dec_last_s < HOUR_S) {
		return 0;
	}
	s->dec_in_day++;
	s->dec_last_s = t_s;
	return 1;
}

/* The decision in flight applied at t_s (ddb_scale_apply): a decrease
   the day's limit refuses is dropped, a raise beside it applies */
static void apply(struct scaler *s, int64_t clock_s, int64_t t_s)
{
	int k;

	s->pending_s = -1;
	if (s->to[0] == s->units[0] && s->to[1] == s->units[1]) {
		return;
	}
	if ((s->to[0] < s->units[0] || s->to[1] < s->units[1]) &&
	    !decrease_ok(s, clock_s, t_s)) {
		for (k = 0; k < 2; k++) {
			if (s->to[k] > s->units[k]) {
				s->units[k] = s->to[k];
			}
		}
		return;
	}
	s->units[0] = s->to[0];
	s->units[1] = s->to[1];
}

/* One side's point for a minute of used consumed and cap provisioned
   mCU (ddb_scale.c's point): its new units, cur when none */
static int64_t point(const struct pk_ddb_autoscale_spec *a, int64_t used,
		     int64_t cap, int *out, int *in, int64_t cur, int64_t lo,
		     int64_t hi, int waiting)
{
	int64_t den = (int64_t)MINUTE_S * 1000 * a->target_pct;
	int64_t want = (used * 100 + den - 1) / den;

	want = want < lo ? lo : want > hi ? hi : want;
	*out = used * 100 > cap * a->target_pct ? *out + 1 : 0;
	*in = used * 100 < cap * a->target_pct ? *in + 1 : 0;
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

/* Repetitions whose starting states are compared for a cycle */
#define STARTS 64

/* Auto scaling's state at the first minute's start of a repetition,
   with where in the run that minute starts: two alike start alike */
struct start {
	int64_t units[2], to[2], pending_in; /* pending_s - t, or -1 */
	int out[2], in[2];
	int64_t at_s; /* t mod the run's seconds */
};

/* What the replay gives the month */
struct replay {
	struct start starts[STARTS]; /* the last STARTS repetitions'
					starts in the billed hours, a
					ring at n_starts % STARTS */
	size_t n_starts;
	int64_t (*most)[2]; /* each billed clock hour's most own units,
			       read [0] and write [1] */
	int64_t hours;	    /* billed clock hours: 2 months */
	int64_t first_s;    /* the first billed hour's start, run seconds */
	double held[2];	    /* own unit-seconds held in the first billed
			       month, read and write */
};

/* Note units u of side k held over [a, b) in the billed hours */
static void hold(struct replay *r, int k, int64_t u, int64_t a, int64_t b)
{
	int64_t h, end = r->first_s + r->hours * HOUR_S;

	if (b <= r->first_s || a >= end || b <= a) {
		return;
	}
	a = a < r->first_s ? r->first_s : a;
	b = b > end ? end : b;
	for (h = (a - r->first_s) / HOUR_S; h <= (b - 1 - r->first_s) / HOUR_S;
	     h++) {
		if (u > r->most[h][k]) {
			r->most[h][k] = u;
		}
	}
	if (a < r->first_s + PK_BILL_MONTH_HOURS * HOUR_S) {
		int64_t e = r->first_s + PK_BILL_MONTH_HOURS * HOUR_S;

		r->held[k] += (double)u * (double)((b < e ? b : e) - a);
	}
}

/* Note state s at minute t, the first of a repetition */
static void note_start(struct replay *r, const struct scaler *s, int64_t t,
		       int64_t d_s)
{
	struct start *x = &r->starts[r->n_starts++ % STARTS];

	memset(x, 0, sizeof(*x));
	memcpy(x->units, s->units, sizeof(x->units));
	memcpy(x->to, s->to, sizeof(x->to));
	memcpy(x->out, s->out, sizeof(x->out));
	memcpy(x->in, s->in, sizeof(x->in));
	x->pending_in = s->pending_s >= 0 ? s->pending_s - t : -1;
	if (x->pending_in < 0) {
		x->to[0] = x->to[1] = 0;
	}
	x->at_s = t % d_s;
}

/* 1 when the last repetition started as one of the STARTS - 1 before
   it: auto scaling has settled into a cycle of repetitions */
static int cycled(const struct replay *r)
{
	size_t last, i;

	if (r->n_starts < 2) {
		return 0;
	}
	last = (r->n_starts - 1) % STARTS;
	for (i = 1; i < STARTS && i < r->n_starts; i++) {
		size_t j = (r->n_starts - 1 - i) % STARTS;

		if (memcmp(&r->starts[last], &r->starts[j],
			   sizeof(r->starts[j])) == 0) {
			return 1;
		}
	}
	return 0;
}

/* Replay minutes [from, r->first_s + r->hours x 3,600) of the workload
   repeated with auto scaling a from state s */
static void run_minutes(const struct pk_ddb_autoscale_spec *a,
			const struct demand q[2], struct scaler *s,
			int64_t clock_s, int64_t from, struct replay *r)
{
	int64_t lo[2] = {a->min_rcu, a->min_wcu},
		hi[2] = {a->max_rcu, a->max_wcu};
	int64_t end = r->first_s + r->hours * HOUR_S, t;
	int k;

	for (t = from; t < end; t += MINUTE_S) {
		int64_t cap[2], used[2], to[2];
		int waiting, changed = 0;

		if (t >= r->first_s &&
		    (t - MINUTE_S) / q[0].d_s < t / q[0].d_s) {
			note_start(r, s, t, q[0].d_s);
		}

		if (s->pending_s >= 0 && s->pending_s <= t) {
			apply(s, clock_s, t);
		}
		for (k = 0; k < 2; k++) {
			cap[k] = s->units[k] * 1000 * MINUTE_S;
		}
		if (s->pending_s > t && s->pending_s < t + MINUTE_S) {
			int64_t p = s->pending_s, before[2];

			for (k = 0; k < 2; k++) {
				before[k] = s->units[k];
				hold(r, k, s->units[k], t, p);
			}
			apply(s, clock_s, p);
			for (k = 0; k < 2; k++) {
				cap[k] = (before[k] * (p - t) +
					  s->units[k] * (t + MINUTE_S - p)) *
					 1000;
				hold(r, k, s->units[k], p, t + MINUTE_S);
			}
		} else {
			for (k = 0; k < 2; k++) {
				hold(r, k, s->units[k], t, t + MINUTE_S);
			}
		}
		waiting = s->pending_s >= 0;
		for (k = 0; k < 2; k++) {
			double asked = asked_upto(&q[k], t + MINUTE_S) -
				       asked_upto(&q[k], t);

			used[k] = asked < (double)cap[k]
				      ? (int64_t)(asked + 0.5)
				      : cap[k];
			to[k] = point(a, used[k], cap[k], &s->out[k], &s->in[k],
				      s->units[k], lo[k], hi[k], waiting);
			changed |= to[k] != s->units[k];
		}
		if (!waiting && changed) {
			s->to[0] = to[0];
			s->to[1] = to[1];
			s->pending_s = t + MINUTE_S + a->update_delay_s;
		}
	}
}

/* Side k's (write 1) demand by minute from x, over the run's d_s */
static void demand_of(const struct pk_snapshot_ddb *x, int k, int64_t d_s,
		      struct demand *q)
{
	int64_t i;

	q->d_s = d_s;
	q->n = (d_s + MINUTE_S - 1) / MINUTE_S;
	q->cum = xcalloc((size_t)q->n + 1, sizeof(*q->cum));
	for (i = 0; i < q->n; i++) {
		int64_t u =
		    (size_t)i < x->n_minute_demand
			? x->minute_demand_mcu[2 * (size_t)i + (size_t)k]
			: 0;

		q->cum[i + 1] = q->cum[i] + (double)u;
	}
}

int bill_ddb_autoscale(const struct pk_scenario *sc,
		       const struct pk_result_variant *v,
		       const struct pk_snapshot_ddb *x, double wp, double rp,
		       int64_t free_u, struct bill_scaled *out)
{
	const struct pk_ddb_table_spec *t =
	    sc && v->spec ? scenario_variant_table(sc, v->spec) : NULL;
	int64_t d_s = v->end_s,
		off = v->metrics ? v->metrics->hour_offset_s : 0;
	int64_t idx[2], from, h, i;
	struct demand q[2];
	struct scaler s = {{0, 0}, {0, 0}, -1, {0, 0}, {0, 0}, 0, INT64_MIN, 0};
	struct replay *r;
	double month[2] = {0, 0}, dear;
	int k;

	if (!t || !t->scale.on || d_s <= 0 || x->n_steps == 0 ||
	    !x->minute_demand_mcu) {
		return 0;
	}
	for (i = 0; i < (int64_t)x->n_indexes; i++) {
		if (x->indexes[i].scaled) {
			return 0;
		}
	}
	for (i = 0; i < (int64_t)sc->n_phases; i++) {
		if (sc->phases[i].ddb_rcu > 0 || sc->phases[i].ddb_wcu > 0) {
			return 0;
		}
	}
	/* the indexes' units stay as given; the table's own from the
	   run's end */
	idx[0] = x->rcu - x->table_rcu;
	idx[1] = x->wcu - x->table_wcu;
	s.units[0] = x->steps[x->n_steps - 1].rcu - idx[0];
	s.units[1] = x->steps[x->n_steps - 1].wcu - idx[1];
	for (k = 0; k < 2; k++) {
		demand_of(x, k, d_s, &q[k]);
	}
	/* from the first minute after the run; billed from the first
	   clock hour after WARM_MONTHS months of repetitions */
	from = (d_s + MINUTE_S - 1) / MINUTE_S * MINUTE_S;
	r = xcalloc(1, sizeof(*r));
	r->first_s = from + WARM_MONTHS * PK_BILL_MONTH_HOURS * HOUR_S;
	r->first_s = ((r->first_s + off + HOUR_S - 1) / HOUR_S) * HOUR_S - off;
	r->hours = 2 * PK_BILL_MONTH_HOURS;
	r->most = xcalloc((size_t)r->hours, sizeof(*r->most));
	run_minutes(&t->scale, q, &s, sc->clock_start_s, from, r);
	for (h = 0; h < r->hours; h++) {
		double w = (double)(r->most[h][1] + idx[1] > free_u
					? r->most[h][1] + idx[1] - free_u
					: 0);
		double rr = (double)(r->most[h][0] + idx[0] > free_u
					 ? r->most[h][0] + idx[0] - free_u
					 : 0);

		month[h / PK_BILL_MONTH_HOURS] += w * wp + rr * rp;
	}
	dear = month[0] > month[1] ? month[0] : month[1];
	out->settled = cycled(r) || fabs(month[0] - month[1]) <=
					PK_BILL_SCALE_SETTLED * dear;
	/* settled: the first billed month; else the dearer of the two */
	out->cost = out->settled ? month[0] : dear;
	out->other_cost = month[0] + month[1] - out->cost;
	for (k = 0; k < 2; k++) {
		out->held[k] = r->held[k] / (PK_BILL_MONTH_HOURS * HOUR_S) +
			       (double)idx[k];
		out->last[k] = r->most[r->hours - 1][k] + idx[k];
		free(q[k].cum);
	}
	free(r->most);
	free(r);
	return 1;
}
