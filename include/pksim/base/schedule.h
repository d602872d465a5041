/*
 * schedule: a phase's offered rate as a function of time,
 * and the arrival instants it makes. In base (C library only), so
 * the loader can count a schedule's operations with the arithmetic the
 * workload replays.
 *
 * The rate. r(t) = base(t) x daily(hour) x weekly(day) x holiday(day) x
 * spike(t), t in seconds since the phase start (0 <= t < D):
 *   base    CONST: rate_per_s; RAMP: from + (to - from) x t / D, linear
 *           over the whole phase; STEPS: the rate of the last step whose
 *           `at` is <= t (the first step is at 0);
 *   daily   daily[h], h the hour (0..23) of the simulated clock at t, in
 *           UTC, as the `{clock: ...}` properties and `{hour(ts)}` read it:
 *           wall = wall0_s + t, h = (wall mod 86,400) / 3,600; 1 without
 *           a daily curve;
 *   weekly  weekly[d], d the day of the week of wall in UTC, Monday 0 ..
 *           Sunday 6 (1970-01-01 was a Thursday, d = 3); 1 without;
 *   holiday 0 on a day (UTC date of wall) listed in holidays, else 1;
 *   spike   spike_factor while (t - spike_start_s) mod spike_every_s <
 *           spike_for_s for t >= spike_start_s (spikes are measured from
 *           the phase start, not the clock), else 1.
 * Every boundary (a step, an hour, a midnight, a spike's edge, the phase
 * end) is a whole second, because durations, the clock start and phase
 * starts are; between two boundaries r(t) is linear (constant but for a
 * ramp), so the expected count L(t) = integral of r over [0, t] is
 * exact per piece (a quadratic for a ramp).
 *
 * Arrivals (the rounding rule; docs in scenarios/README.md "Rate
 * schedules"). UNIFORM: operation j = 0, 1, 2, ... arrives at the first
 * instant t_j after which L exceeds j, t_j = inf{t : L(t) > j}, floored
 * to the millisecond; the phase sends every j < L(D), that is ceil(L(D))
 * operations (an L(D) within 1e-9, or 1e-12 relative, of an integer is
 * that integer). So the operations before t are ceil(L(t)), those in
 * [a, b) are ceil(L(b)) - ceil(L(a)): a ramp 100 -> 300/s over 10 s sends
 * L(1) = 110 in its first second, 130 in its second, ..., 290 in its
 * tenth, 2,000 in all. A constant rate gives t_j = j / rate, the stream
 * of a phase without a schedule; an operation never falls where the rate
 * is 0 (the first after a weekend comes at Monday 00:00, not at Friday
 * 24:00). POISSON: a Poisson process whose intensity is r(t): the k-th
 * arrival is at inf{t : L(t) > S_k}, S_k the sum of k exponential draws
 * of mean 1 from the workload's seeded generator, while S_k < L(D); so
 * the count in any interval is Poisson with mean its integral of r, and
 * the stream is the same for the same seed.
 *
 * Idle stretches cost nothing per second: the cursor walks pieces, never
 * seconds, and a day whose weekly multiplier or holiday is 0 is one piece
 * (daily hours and spikes are not looked at inside it), so a year of
 * weekdays is at most 8,784 hourly pieces with a daily curve and 366
 * without.
 */
#ifndef PKSIM_BASE_SCHEDULE_H
#define PKSIM_BASE_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

#define PK_SCHEDULE_HOURS 24
#define PK_SCHEDULE_DAYS 7
#define PK_SCHEDULE_S_PER_HOUR 3600
#define PK_SCHEDULE_S_PER_DAY 86400
/* 1970-01-01 (day 0) was a Thursday: Monday-based index 3 */
#define PK_SCHEDULE_EPOCH_WEEKDAY 3
/* At most this many steps and holiday entries (a bound on the scenario,
   not the service's) */
#define PK_SCHEDULE_MAX_STEPS 10000
#define PK_SCHEDULE_MAX_HOLIDAYS 10000

enum pk_schedule_base {
	PK_SCHEDULE_CONST = 0, /* `base: R` */
	PK_SCHEDULE_RAMP,      /* `from: A, to: B` */
	PK_SCHEDULE_STEPS,     /* `steps: [{at: T, rate: R}, ...]` */
};

/* One step: from at_s (seconds since the phase start) the base rate is
   rate_per_s, until the next step. */
struct pk_schedule_step {
	int64_t at_s;	   /* >= 0; steps[0].at_s == 0; increasing;
			      < the phase's duration */
	double rate_per_s; /* >= 0 */
	int line, col;	   /* where the step is written, 1-based */
};

/* Days without operations: first_day .. last_day, days since 1970-01-01
   (UTC dates), inclusive. */
struct pk_schedule_holiday {
	int64_t first_day, last_day; /* first_day <= last_day */
};

/* A phase's `rate:` when it is a mapping (scenarios/README.md "Rate
   schedules"); the loader checks every field. */
struct pk_schedule_spec {
	enum pk_schedule_base base;
	double rate_per_s;		/* CONST: > 0 */
	double from_per_s, to_per_s;	/* RAMP: each >= 0, not both 0 */
	struct pk_schedule_step *steps; /* STEPS: owned, n_steps >= 1
					   (<= PK_SCHEDULE_MAX_STEPS), some
					   rate > 0 */
	size_t n_steps;
	int has_daily;			 /* 1: daily[] applies */
	double daily[PK_SCHEDULE_HOURS]; /* multipliers >= 0, hour 0 =
					    00:00-01:00 UTC, not all 0 */
	int has_weekly;			 /* 1: weekly[] applies */
	double weekly[PK_SCHEDULE_DAYS]; /* multipliers >= 0, Monday first,
					    not all 0 */
	/* owned, n_holidays of them, sorted by first_day, none overlapping
	   or touching the next (schedule_holidays_sort) */
	struct pk_schedule_holiday *holidays;
	size_t n_holidays;
	size_t n_holiday_entries; /* the entries written, n_holidays or
				     more (schedule_describe says them) */
	int has_spikes;		  /* 1: the spike fields apply */
	int64_t spike_every_s;	  /* > spike_for_s */
	int64_t spike_for_s;	  /* > 0 */
	int64_t spike_start_s;	  /* >= 0, first spike's start */
	double spike_factor;	  /* >= 0, the rate is multiplied by it */
};

/* Free what spec owns (steps, holidays), not spec; NULL is allowed. */
void schedule_spec_free(struct pk_schedule_spec *spec);

/*
 * Sort spec's holidays (n_holidays entries, any order, overlapping or
 * not) by their first day and join the ones that overlap or touch into
 * one, in place: n_holidays becomes the ranges left, n_holiday_entries
 * the entries there were. A day is then looked up by halving them
 * (O(log n_holidays)), not by a pass over the list, whether a cursor's
 * day or schedule_wall_at's hour. The loader calls it once when it has
 * read the list; a spec with holidays built otherwise must call it
 * before any other schedule_* function reads it.
 */
void schedule_holidays_sort(struct pk_schedule_spec *spec);

/*
 * The holiday ranges looked at so far in this process by every
 * schedule_* function, every thread together: a day's lookup looks at
 * at most floor(log2 n_holidays) + 1 of them. A test holds them to
 * that.
 */
unsigned long schedule_holiday_looks(void);

/* A walk over a schedule's pieces in time order. Fields are the state
   of the current piece [t0_s, t1_s); read-only for callers. */
struct pk_schedule_cursor {
	const struct pk_schedule_spec *spec; /* borrowed */
	int64_t wall0_s;		     /* Unix seconds UTC at t = 0 */
	int64_t dur_s;			     /* the phase's length, > 0 */
	int64_t t0_s, t1_s;		     /* the current piece */
	double rate0;			     /* r(t0), operations/s */
	double slope;			     /* dr/dt inside the piece, /s^2 */
	double lam0;			     /* L(t0) = lam0 + lam0_c */
	double lam0_c;			     /* its Neumaier compensation */
	double lam1;			     /* L(t1) = lam1_s + lam1_c */
	double lam1_s, lam1_c;		     /* its two parts */
	size_t step;			     /* STEPS: the step in force */
	uint64_t pieces;		     /* pieces entered so far */
	/* the day (since 1970-01-01) last looked up in the weekly
	   multipliers and holidays, INT64_MIN before any; off: 1 when it
	   sends nothing; days_looked: the days looked up so far (the
	   holiday list is scanned once a day a piece starts in, not once a
	   piece: a day of 2-s spikes is 86,400 pieces) */
	int64_t off_day;
	int off;
	uint64_t days_looked;
	int trains; /* a counter (schedule_counter_init) */
	int train;  /* the piece is a spike train: rate0 + slope x times the
		       spikes' multiplier, integrated in closed form */
};

/*
 * Start a walk of spec over a phase of dur_s seconds (> 0) whose t = 0 is
 * wall0_s (Unix seconds UTC: the scenario's clock start plus the phase's
 * start). spec is borrowed for the cursor's life.
 */
void schedule_cursor_init(struct pk_schedule_cursor *c,
			  const struct pk_schedule_spec *spec, int64_t wall0_s,
			  int64_t dur_s);

/*
 * As schedule_cursor_init, for a cursor that only counts
 * (schedule_cursor_count, schedule_total), never places arrivals: from a
 * spike's start, two spike periods or more up to the next other boundary
 * (an hour with a daily curve, a day with a weekly one or holidays, a
 * step, the phase's end) are one piece, a spike train, integrated in
 * closed form; so a walk costs the other boundaries, not the spikes (a
 * year of 2-s spikes is 15,811,200 pieces one by one, 2 as a train).
 * The counts are the piece-by-piece walk's up to rounding.
 */
void schedule_counter_init(struct pk_schedule_cursor *c,
			   const struct pk_schedule_spec *spec, int64_t wall0_s,
			   int64_t dur_s);

/*
 * Move c to its next piece: 1, or 0 when the current piece ends the
 * phase (c unchanged). With the fields above, a walk of the pieces in
 * time order: [t0_s, t1_s) and L at each end (lam0 + lam0_c, lam1);
 * train set for a counter's spike train. Works for either kind of
 * cursor.
 */
int schedule_cursor_next(struct pk_schedule_cursor *c);

/*
 * The arrival of expected count `target`: the first instant t with
 * L(t) > target, as milliseconds since the phase start floored, into
 * *t_ms; targets must not decrease from one call to the next. With snap
 * (UNIFORM arrivals, integer targets) L(t) must pass target by more than
 * the rounding tolerance (max(1e-9, 1e-12 x target)), so a target equal
 * to L at the end of a piece arrives where the rate is next positive.
 * Returns 1, or 0 when L(D) does not pass target (the phase has no such
 * arrival; *t_ms untouched). c is schedule_cursor_init's, not a
 * counter.
 */
int schedule_cursor_time(struct pk_schedule_cursor *c, double target, int snap,
			 int64_t *t_ms);

/*
 * L(t), the expected operations from the phase start to t_s seconds
 * (clamped to [0, dur_s]), advancing the cursor; t_s must not decrease
 * from one call to the next (nor follow a schedule_cursor_time past it).
 * For a projection that steps through a phase (result/runway.h).
 */
double schedule_cursor_count(struct pk_schedule_cursor *c, double t_s);

/*
 * Walk the whole phase: L(D), the expected operations (returned), the
 * highest rate r(t) anywhere in it (*peak_per_s, may be NULL) and the
 * pieces walked (*pieces, may be NULL; spike trains are one,
 * schedule_counter_init). Arguments as schedule_cursor_init.
 */
double schedule_total(const struct pk_schedule_spec *spec, int64_t wall0_s,
		      int64_t dur_s, double *peak_per_s, uint64_t *pieces);

/*
 * The pieces a cursor that places arrivals (schedule_cursor_init) walks
 * over the whole phase: the counter's pieces (schedule_total's), each
 * spike train as the spikes and gaps it stands for (2 a period, and 1
 * or 2 for a part of one), counted in closed form. The workload walks
 * every one of them whatever the operations (a year of 2-s spikes is
 * 31,622,400 pieces), so the work bound counts them. Arguments as
 * schedule_cursor_init.
 */
double schedule_walk_pieces(const struct pk_schedule_spec *spec,
			    int64_t wall0_s, int64_t dur_s);

/*
 * The mean over [wall0_s, wall0_s + dur_s) (Unix seconds UTC, dur_s > 0)
 * of spec's wall-clock multipliers: the daily curve's hour times the
 * weekly day's, 0 on a holiday; 1 when spec has none. The parts that
 * follow the phase's own clock (base rate, ramp, steps, spikes) are not
 * in it.
 */
double schedule_wall_mean(const struct pk_schedule_spec *spec, int64_t wall0_s,
			  int64_t dur_s);

/*
 * spec without its wall-clock multipliers (daily, weekly, holidays) into
 * *out: the rate by the phase's own clock only. A shallow copy that
 * borrows spec's steps: never pass it to schedule_spec_free.
 */
void schedule_phase_part(const struct pk_schedule_spec *spec,
			 struct pk_schedule_spec *out);

/*
 * A phase's rate by its own clock (base, ramp or steps, times spikes;
 * no wall-clock multipliers: schedule_phase_part's) over any stretch of
 * the phase in closed form, so a projection that splits each hour into
 * its spikes' seconds and the rest pays for the steps it crosses, never
 * for the spikes in it (a year of 2-s spikes is 15,811,200 of them).
 * spec is borrowed for the object's life; sum is owned (STEPS:
 * n_steps + 1 entries, the own-clock count from the phase's start to
 * each step's start and to dur_s; NULL otherwise).
 */
struct pk_schedule_own {
	const struct pk_schedule_spec *spec; /* borrowed */
	int64_t dur_s;			     /* the phase's length, > 0 */
	double *sum;			     /* owned, see above */
};

/* A stretch [a, b) of one step split by the spikes: the seconds inside
   spikes and outside, and the expected operations of each by the own
   clock (the spike factor applied inside); a schedule without spikes
   has every second outside. */
struct pk_schedule_split {
	double in_s, out_s;	/* seconds, in_s + out_s = b - a */
	double in_ops, out_ops; /* operations, >= 0 */
};

/* Set up o for spec over a phase of dur_s seconds (> 0); the prefix
   sums are O(n_steps). schedule_own_free frees what it owns. */
void schedule_own_init(struct pk_schedule_own *o,
		       const struct pk_schedule_spec *spec, int64_t dur_s);

/* Free what o owns (not o); NULL and a zeroed o are allowed. */
void schedule_own_free(struct pk_schedule_own *o);

/* The step in force at phase second t (0 without steps; O(log
   n_steps)) and into *end the second it ends at (the next step's `at`,
   or dur_s). */
size_t schedule_own_step(const struct pk_schedule_own *o, double t,
			 double *end);

/* [a, b) of step `step` (a < b, inside the step: schedule_own_step's)
   split by the spikes into *out, in O(1) whatever the spikes in it.
   The counts are a piece-by-piece sum's up to rounding. */
void schedule_own_split(const struct pk_schedule_own *o, size_t step, double a,
			double b, struct pk_schedule_split *out);

/* The expected operations by the own clock over [a, b) (0 <= a <= b <=
   dur_s), across steps: O(log n_steps). */
double schedule_own_count(const struct pk_schedule_own *o, double a, double b);

/* The product of spec's wall-clock multipliers at Unix second wall_s
   (UTC): the daily curve's hour times the weekly day's, 0 on a holiday
   or a day whose weekly multiplier is 0; 1 when spec has none. Constant
   over each clock hour. */
double schedule_wall_at(const struct pk_schedule_spec *spec, int64_t wall_s);

/* UNIFORM arrivals of a phase with expected count total: ceil(total),
   with a total within the tolerance of an integer taken as it. */
uint64_t schedule_uniform_count(double total);

/* Room for schedule_describe's text. */
#define PK_SCHEDULE_DESC_BYTES 200

/* The schedule in a few words for reports, into buf (cap bytes, cut to
   fit; PK_SCHEDULE_DESC_BYTES is enough): "100 -> 300 ops/s", "3 steps
   from 10 ops/s", "2 ops/s x a daily curve on mon tue wed thu fri except
   4 holiday entries, x10 for 60s every 3,600s (1h) from 0s"; rates as
   fmt_rate writes them (under 0.1/s per hour or per day), spans as
   fmt_seconds. Returns buf. */
const char *schedule_describe(const struct pk_schedule_spec *spec, char *buf,
			      size_t cap);

#endif
