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
 * them, as a throttling table does). Each global secondary index that
 * follows the table's auto scaling is replayed beside it on its own
 * write demand by minute (pk_ddb_index.minute_demand_mcu), with its own
 * points, decision and decreases a day, as ddb_scale.c scales it; every
 * clock hour bills the most the table and its indexes held together.
 * A client with an RU budget sends the run's demand at its pace
 * (paced_at): in the run its throttled first attempts spent none of
 * the budget, so a cold start sent faster than the workload does.
 * Auto scaling's points, decisions, delay and decreases a UTC day are
 * ddb_scale.c's and ddb_change.c's, replayed from the run's end with
 * its end units: one month of repetitions settles it, the next two
 * months are billed clock hour by clock hour (each at its highest
 * units, as the run's hours), and when those two differ by more than
 * PK_BILL_SCALE_SETTLED the replay has not settled and the month is
 * the dearer of them.
 *
 * Left out: a phase that sets the units (the workload then sets them
 * each repetition): bill_ddb.c's repetition of the run prices it; and
 * several streams under RU budgets (the minutes hold no stream's own
 * demand to pace apart: their run's minutes are replayed as sent).
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

/* Auto scaling's state, ddb_scale.c's and ddb_change.c's, of the
   table or of one index that follows it (its read side held: lo, hi
   and units 0, no demand) */
struct scaler {
	int64_t units[2];  /* its own read, write units a second */
	int64_t to[2];	   /* a decision in flight's units */
	int64_t pending_s; /* when it applies; -1 none */
	int out[2], in[2]; /* points above and below target in a row */
	int64_t dec_day, dec_last_s;
	int dec_in_day;
	int64_t lo[2], hi[2];	 /* its bounds, read and write */
	const struct demand *q;	 /* its read and write demand, 2 */
	int64_t cap[2], used[2]; /* the open minute's units held and
				    consumed, mCU */
};

/* The table and the indexes that follow it, at most */
#define SCALERS (1 + PK_DDB_MAX_GSIS)

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

/* Repetitions whose starting states are compared for a cycle */
#define STARTS 64

/* One scaler's state at the first minute's start of a repetition */
struct start_one {
	int64_t units[2], to[2], pending_in; /* pending_s - t, or -1 */
	int out[2], in[2];
};

/* Auto scaling's state at the first minute's start of a repetition,
   every scaler's, with where in the run that minute starts: two alike
   start alike */
struct start {
	struct start_one s[SCALERS];
	int64_t at_s; /* t mod the run's seconds */
};

/* What the replay gives the month */
struct replay {
	struct start starts[STARTS]; /* the last STARTS repetitions'
					starts in the billed hours, a
					ring at n_starts % STARTS */
	size_t n_starts;
	int64_t (*most)[2]; /* each billed clock hour's most units of the
			       scalers together, read [0] and write [1] */
	int64_t hours;	    /* billed clock hours: 2 months */
	int64_t first_s;    /* the first billed hour's start, run seconds */
	double held[2];	    /* own unit-seconds held in the first billed
			       month, read and write */
	double asked[2];    /* the table's units asked in the first
			       billed month's minutes, read and write,
			       mCU */
	double over[2];	    /* ... of them past the units it held in
			       their minute, mCU */
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

/* Note the n scalers' state s at minute t, the first of a repetition */
static void note_start(struct replay *r, const struct scaler *s, size_t n,
		       int64_t t, int64_t d_s)
{
	struct start *x = &r->starts[r->n_starts++ % STARTS];
	size_t j;

	memset(x, 0, sizeof(*x));
	for (j = 0; j < n; j++) {
		struct start_one *o = &x->s[j];

		memcpy(o->units, s[j].units, sizeof(o->units));
		memcpy(o->to, s[j].to, sizeof(o->to));
		memcpy(o->out, s[j].out, sizeof(o->out));
		memcpy(o->in, s[j].in, sizeof(o->in));
		o->pending_in = s[j].pending_s >= 0 ? s[j].pending_s - t : -1;
		if (o->pending_in < 0) {
			o->to[0] = o->to[1] = 0;
		}
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

/* Hold the n scalers' units together over [a, b) in the billed hours */
static void hold_all(struct replay *r, const struct scaler *s, size_t n,
		     int64_t a, int64_t b)
{
	int64_t u[2] = {0, 0};
	size_t j;
	int k;

	for (j = 0; j < n; j++) {
		u[0] += s[j].units[0];
		u[1] += s[j].units[1];
	}
	for (k = 0; k < 2; k++) {
		hold(r, k, u[k], a, b);
	}
}

/* The earliest decision of the n scalers in flight after a and before
   b, or b */
static int64_t next_change(const struct scaler *s, size_t n, int64_t a,
			   int64_t b)
{
	size_t j;

	for (j = 0; j < n; j++) {
		if (s[j].pending_s > a && s[j].pending_s < b) {
			b = s[j].pending_s;
		}
	}
	return b;
}

/* Note the table's side k asking `asked` mCU in minute [t, t + 60) of
   the units cap mCU it held: in the first billed month, what it asked
   and the part past cap, which a minute does not consume (one_minute:
   a throttling table consumes its units) */
static void note_over(struct replay *r, int k, int64_t t, double asked,
		      int64_t cap)
{
	if (t < r->first_s || t >= r->first_s + PK_BILL_MONTH_HOURS * HOUR_S) {
		return;
	}
	r->asked[k] += asked;
	r->over[k] += asked > (double)cap ? asked - (double)cap : 0;
}

/* Minute [t, t + 60) of the n scalers s: a decision in flight applies
   at its second (the units held before and after it each over their
   seconds, as ddb_scale.c's), the minute's units held summed into the
   billed hours, each scaler's point at the minute's end */
static void one_minute(const struct pk_ddb_autoscale_spec *a, struct scaler *s,
		       size_t n, int64_t clock_s, int64_t t, struct replay *r)
{
	int64_t at = t, next;
	size_t j;
	int k;

	for (j = 0; j < n; j++) {
		if (s[j].pending_s >= 0 && s[j].pending_s <= t) {
			apply(&s[j], clock_s, t);
		}
		s[j].cap[0] = s[j].cap[1] = 0;
	}
	while (at < t + MINUTE_S) {
		next = next_change(s, n, at, t + MINUTE_S);
		hold_all(r, s, n, at, next);
		for (j = 0; j < n; j++) {
			for (k = 0; k < 2; k++) {
				s[j].cap[k] +=
				    s[j].units[k] * 1000 * (next - at);
			}
			if (s[j].pending_s == next) {
				apply(&s[j], clock_s, next);
			}
		}
		at = next;
	}
	for (j = 0; j < n; j++) {
		int waiting = s[j].pending_s >= 0, changed = 0;
		int64_t to[2];

		for (k = 0; k < 2; k++) {
			double asked = asked_upto(&s[j].q[k], t + MINUTE_S) -
				       asked_upto(&s[j].q[k], t);

			s[j].used[k] = asked < (double)s[j].cap[k]
					   ? (int64_t)(asked + 0.5)
					   : s[j].cap[k];
			if (j == 0) {
				note_over(r, k, t, asked, s[j].cap[k]);
			}
			to[k] = point(a, s[j].used[k], s[j].cap[k],
				      &s[j].out[k], &s[j].in[k], s[j].units[k],
				      s[j].lo[k], s[j].hi[k], waiting);
			changed |= to[k] != s[j].units[k];
		}
		if (!waiting && changed) {
			s[j].to[0] = to[0];
			s[j].to[1] = to[1];
			s[j].pending_s = t + MINUTE_S + a->update_delay_s;
		}
	}
}

/* Replay minutes [from, r->first_s + r->hours x 3,600) of the workload
   repeated with auto scaling a, the n scalers s from their state */
static void run_minutes(const struct pk_ddb_autoscale_spec *a, struct scaler *s,
			size_t n, int64_t clock_s, int64_t from,
			struct replay *r)
{
	int64_t end = r->first_s + r->hours * HOUR_S, t;
	int64_t d_s = s[0].q[0].d_s;

	for (t = from; t < end; t += MINUTE_S) {
		if (t >= r->first_s && (t - MINUTE_S) / d_s < t / d_s) {
			note_start(r, s, n, t, d_s);
		}
		one_minute(a, s, n, clock_s, t, r);
	}
}

/* A demand by minute over the run's d_s from the n minutes of u, the
   minute k's at u[stride k] (u NULL: none asked) */
static void demand_of(const int64_t *u, size_t n, size_t stride, int64_t d_s,
		      struct demand *q)
{
	int64_t i;

	q->d_s = d_s;
	q->n = (d_s + MINUTE_S - 1) / MINUTE_S;
	q->cum = xcalloc((size_t)q->n + 1, sizeof(*q->cum));
	for (i = 0; i < q->n; i++) {
		int64_t a = u && (size_t)i < n ? u[stride * (size_t)i] : 0;

		q->cum[i + 1] = q->cum[i] + (double)a;
	}
}

/* The run's units sent by t, both sides (milli-units), 0 <= t */
static double both_upto(const struct demand q[2], int64_t t)
{
	return run_upto(&q[0], t < q[0].d_s ? t : q[0].d_s) +
	       run_upto(&q[1], t < q[1].d_s ? t : q[1].d_s);
}

/* Where the run had sent x of both sides' units (0 <= x <= all), in
   its minutes: minute m and the share f of it, as m + f (each minute's
   units spread evenly over it, as run_upto spreads them). *i is the
   run's minute the search starts from, moved to x's: calls with x
   growing walk the run's minutes once. */
static double sent_at(const struct demand q[2], double x, int64_t *i)
{
	double lo, hi, f;
	int64_t m;

	while (*i < q[0].n && q[0].cum[*i + 1] + q[1].cum[*i + 1] < x) {
		(*i)++;
	}
	m = *i;
	if (m >= q[0].n) {
		return (double)q[0].n;
	}
	lo = q[0].cum[m] + q[1].cum[m];
	hi = q[0].cum[m + 1] + q[1].cum[m + 1];
	f = hi > lo ? (x - lo) / (hi - lo) : 1;
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	return (double)m + f;
}

/*
 * The run's demand q (the table's own, both sides) sent at a client's
 * pace of budget_mcu milli-units a second, over cycle_s seconds (at
 * least the run's): client.ru_budget spends a table's capacity units,
 * reads and writes alike, and in the run a throttled first attempt
 * spent none of it (scenarios/README.md), so while auto scaling had not
 * caught up the client sent faster than its pace, and the run's first
 * minutes ask more than the workload asks of a table that holds its
 * units. The paced sends are S(t) = min over s <= t of D(s) + budget (t
 * - s), D the run's sends of both sides: at most the budget a second,
 * each unit no earlier than the run sent it, all of them by the pace's
 * own seconds (pk_result_variant.workload_s, the budget's time for
 * every first attempt). Returns, for each paced minute's end k = 0 ..
 * *n (ceil(cycle_s / 60)), where in the run's minutes its sends had got
 * to (sent_at); owned by the caller.
 */
static double *paced_at(const struct demand q[2], double budget_mcu,
			int64_t cycle_s, int64_t *n)
{
	int64_t k, j = 0, at = 0;
	double all = q[0].cum[q[0].n] + q[1].cum[q[1].n], *pos;
	/* min over the run's breakpoints s <= t of D(s) - budget s */
	double least = 0;

	*n = (cycle_s + MINUTE_S - 1) / MINUTE_S;
	pos = xcalloc((size_t)*n + 1, sizeof(*pos));
	for (k = 1; k <= *n; k++) {
		int64_t t = k * MINUTE_S < cycle_s ? k * MINUTE_S : cycle_s;
		double sent, here;

		/* the run's breakpoints (its minutes' ends, its last
		   second) up to t: D is linear between them */
		while (j <= q[0].n) {
			int64_t b =
			    j * MINUTE_S < q[0].d_s ? j * MINUTE_S : q[0].d_s;

			if (b > t) {
				break;
			}
			here = both_upto(q, b) - budget_mcu * (double)b;
			least = here < least ? here : least;
			j++;
		}
		here = both_upto(q, t) - budget_mcu * (double)t;
		sent = budget_mcu * (double)t + (here < least ? here : least);
		pos[k] = sent_at(q, sent > all ? all : sent, &at);
	}
	return pos;
}

/* q's minutes moved to where pos (paced_at, n + 1 entries) says they
   were sent, over cycle_s seconds: each unit at its paced time */
static void remap(struct demand *q, const double *pos, int64_t n,
		  int64_t cycle_s)
{
	double *cum = xcalloc((size_t)n + 1, sizeof(*cum));
	int64_t k;

	for (k = 1; k <= n; k++) {
		int64_t m = (int64_t)pos[k];
		double f = pos[k] - (double)m;

		cum[k] = m >= q->n
			     ? q->cum[q->n]
			     : q->cum[m] + (q->cum[m + 1] - q->cum[m]) * f;
	}
	free(q->cum);
	q->cum = cum;
	q->n = n;
	q->d_s = cycle_s;
}

/* The RU budget (client.ru_budget) that paces every operation of sc's
   one stream, units a second; 0 for none, or with several streams
   (the minutes hold no stream's own demand to pace apart) */
static double one_budget(const struct pk_scenario *sc)
{
	return sc->n_streams == 1 ? sc->streams[0].client.ru_budget_per_s : 0;
}

/* The scalers of x, s[0] the table's, then each index that follows it
   (D19), each from its units at the run's end, its demand by minute
   over d_s in q (2 a scaler); *fixed the units of what does not scale
   (every index's reads, the writes of an index that does not follow),
   read and write. Returns how many. */
static size_t scalers_of(const struct pk_ddb_autoscale_spec *a,
			 const struct pk_snapshot_ddb *x, int64_t d_s,
			 struct demand (*q)[2], struct scaler *s,
			 int64_t fixed[2])
{
	const struct pk_ddb_step *end = &x->steps[x->n_steps - 1];
	size_t n = 1, i;

	memset(s, 0, SCALERS * sizeof(*s));
	fixed[0] = x->rcu - x->table_rcu;
	fixed[1] = 0;
	s[0].units[0] = end->rcu - fixed[0];
	s[0].units[1] = end->wcu;
	s[0].lo[0] = a->min_rcu;
	s[0].hi[0] = a->max_rcu;
	for (i = 0; i < x->n_indexes; i++) {
		const struct pk_ddb_index *g = &x->indexes[i];

		/* the step's write units are the table's and every
		   index's as they are now */
		s[0].units[1] -= g->now_wcu;
		if (!g->scaled) {
			fixed[1] += g->now_wcu;
			continue;
		}
		s[n].units[1] = g->now_wcu;
		s[n].lo[1] = a->min_wcu;
		s[n].hi[1] = a->max_wcu;
		demand_of(NULL, 0, 1, d_s, &q[n][0]);
		demand_of(g->minute_demand_mcu, g->n_minute_demand, 1, d_s,
			  &q[n][1]);
		n++;
	}
	s[0].lo[1] = a->min_wcu;
	s[0].hi[1] = a->max_wcu;
	demand_of(x->minute_demand_mcu, x->n_minute_demand, 2, d_s, &q[0][0]);
	demand_of(x->minute_demand_mcu + 1, x->n_minute_demand, 2, d_s,
		  &q[0][1]);
	for (i = 0; i < n; i++) {
		s[i].pending_s = -1;
		s[i].dec_last_s = INT64_MIN;
		s[i].q = q[i];
	}
	return n;
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
	int64_t fixed[2], from, h, i;
	struct demand(*q)[2];
	struct scaler *s;
	struct replay *r;
	double month[2] = {0, 0}, dear;
	size_t n, j;
	int k;

	if (!t || !t->scale.on || d_s <= 0 || x->n_steps == 0 ||
	    !x->minute_demand_mcu) {
		return 0;
	}
	for (i = 0; i < (int64_t)sc->n_phases; i++) {
		if (sc->phases[i].ddb_rcu > 0 || sc->phases[i].ddb_wcu > 0) {
			return 0;
		}
	}
	q = xcalloc(SCALERS, sizeof(*q));
	s = xcalloc(SCALERS, sizeof(*s));
	n = scalers_of(&t->scale, x, d_s, q, s, fixed);
	if (one_budget(sc) > 0) {
		/* the workload at its client's pace, over the run's seconds
		   or the pace's when longer: the table's units and its
		   indexes' writes where the pace sends their base writes */
		int64_t m;
		double *pos;

		d_s = v->workload_s > d_s ? v->workload_s : d_s;
		pos = paced_at(q[0], one_budget(sc) * 1000.0, d_s, &m);
		for (j = n; j-- > 0;) {
			remap(&q[j][0], pos, m, d_s);
			remap(&q[j][1], pos, m, d_s);
		}
		free(pos);
	}
	/* from the first minute after the run; billed from the first
	   clock hour after WARM_MONTHS months of repetitions */
	from = (d_s + MINUTE_S - 1) / MINUTE_S * MINUTE_S;
	r = xcalloc(1, sizeof(*r));
	r->first_s = from + WARM_MONTHS * PK_BILL_MONTH_HOURS * HOUR_S;
	r->first_s = ((r->first_s + off + HOUR_S - 1) / HOUR_S) * HOUR_S - off;
	r->hours = 2 * PK_BILL_MONTH_HOURS;
	r->most = xcalloc((size_t)r->hours, sizeof(*r->most));
	run_minutes(&t->scale, s, n, sc->clock_start_s, from, r);
	for (h = 0; h < r->hours; h++) {
		double w = (double)(r->most[h][1] + fixed[1] > free_u
					? r->most[h][1] + fixed[1] - free_u
					: 0);
		double rr = (double)(r->most[h][0] + fixed[0] > free_u
					 ? r->most[h][0] + fixed[0] - free_u
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
			       (double)fixed[k];
		out->last[k] = r->most[r->hours - 1][k] + fixed[k];
		out->over[k] = r->asked[k] > 0 ? r->over[k] / r->asked[k] : 0;
	}
	for (j = 0; j < n; j++) {
		free(q[j][0].cum);
		free(q[j][1].cum);
	}
	free(q);
	free(s);
	free(r->most);
	free(r);
	return 1;
}
