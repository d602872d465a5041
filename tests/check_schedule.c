/*
 * check_schedule: rate schedules (include/pksim/workload/
 * schedule.h): the expected count L, the per-second counts of uniform
 * arrivals, the instants of single operations, the calendar (daily hours
 * and weekdays of the simulated clock in UTC, holidays), spikes, Poisson
 * arrivals, the pieces an idle stretch costs, and the loader's counts
 * (ops_planned, peak) and bounds. Every expected number is derived by
 * hand beside its assertion.
 *
 * Rounding rule under test: operation j arrives at the first instant L(t)
 * passes j, floored to the ms, and the phase sends ceil(L(D)); so the
 * operations in second k are ceil(L(k + 1)) - ceil(L(k)).
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "pksim/load/scenario.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/workload/workload.h"
#include "testutil.h"

/* 2026-01-01T00:00:00Z, a Thursday: the default clock start */
#define JAN1 1767225600LL
#define DAY 86400LL
#define HOUR 3600LL

/* A scenario from text that must load. */
static struct pk_scenario *load(const char *text)
{
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	if (!s) {
		char *e = tu_diag_text(&d);

		ck_abort_msg("does not load: %s", e);
	}
	diag_free(&d);
	return s;
}

/* The first line of the errors of text, which must not load; caller
   frees. */
static char *error_of(const char *text)
{
	struct pk_diag d;
	struct pk_scenario *s;
	char *out, *nl;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_null(s);
	out = tu_diag_text(&d);
	nl = strchr(out, '\n');
	if (nl) {
		*nl = '\0';
	}
	diag_free(&d);
	return out;
}

#define HEAD "container: {partition_key: /id, throughput: 100000}\n"

/* Every arrival of s's stream: times into *t (caller frees), count
   returned. */
static size_t arrivals(const struct pk_scenario *s, uint64_t seed, int64_t **t)
{
	struct pk_workload *w = workload_new(s, seed);
	struct pk_op op;
	size_t n = 0, cap = 1024;

	*t = malloc(cap * sizeof(**t));
	while (workload_next(w, &op)) {
		if (n == cap) {
			cap *= 2;
			*t = realloc(*t, cap * sizeof(**t));
		}
		(*t)[n++] = op.t_ms;
	}
	workload_free(w);
	return n;
}

/* Arrivals in [from_ms, to_ms). */
static size_t in_window(const int64_t *t, size_t n, int64_t from_ms,
			int64_t to_ms)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		k += t[i] >= from_ms && t[i] < to_ms;
	}
	return k;
}

/* A ramp 100 -> 300/s over 10 s: r(t) = 100 + 20 t, L(t) = 100 t + 10 t^2.
   L(10) = 1,000 + 1,000 = 2,000 operations; second k gets L(k + 1) - L(k)
   = 100 + 10 (2k + 1) = 110 + 20 k (all L(k) are integers): 110, 130,
   ..., 290, which sum to 10 x 110 + 20 x 45 = 2,000. */
START_TEST(test_schedule_ramp_counts)
{
	struct pk_scenario *s =
	    load(HEAD "phases: [{duration: 10s, rate: {from: 100/s, to: "
		      "300/s}}]\n");
	int64_t *t;
	size_t n = arrivals(s, 1, &t), k;

	ck_assert_uint_eq(n, 2000);
	for (k = 0; k < 10; k++) {
		ck_assert_uint_eq(
		    in_window(t, n, (int64_t)k * 1000, (int64_t)(k + 1) * 1000),
		    110 + 20 * k);
	}
	/* op 0 at 0; op 1 where 100 t + 10 t^2 = 1: t = (-100 +
	   sqrt(10,040)) / 20 = (100.1998 - 100) / 20 = 0.00999 s, 9 ms;
	   op 110 where L = 110: t = 1 s exactly (100 + 10 = 110) */
	ck_assert_int_eq(t[0], 0);
	ck_assert_int_eq(t[1], 9);
	ck_assert_int_eq(t[110], 1000);
	/* the loader's count and peak: L(10) = 2,000, the rate at the end
	   300/s, the mean 2,000 / 10 = 200/s */
	ck_assert_double_eq_tol(s->phases[0].ops_planned, 2000, 1e-9);
	ck_assert_double_eq_tol(s->phases[0].peak_rate_per_s, 300, 1e-9);
	ck_assert_double_eq_tol(s->phases[0].rate_per_s, 200, 1e-9);
	free(t);
	scenario_free(s);

	/* down 300 -> 100/s: L(t) = 300 t - 10 t^2; second k gets 300 -
	   10 (2k + 1) = 290 - 20 k: 290, 270, ..., 110; 2,000 in all */
	s = load(HEAD "phases: [{duration: 10s, rate: {from: 300/s, to: "
		      "100/s}}]\n");
	n = arrivals(s, 1, &t);
	ck_assert_uint_eq(n, 2000);
	for (k = 0; k < 10; k++) {
		ck_assert_uint_eq(
		    in_window(t, n, (int64_t)k * 1000, (int64_t)(k + 1) * 1000),
		    290 - 20 * k);
	}
	free(t);
	scenario_free(s);
}
END_TEST

/* A schedule that is a constant rate makes the stream of the plain
   rate: op j at floor(j x 1000 / rate) ms; 7/s over 10 s = 70 ops, op 3
   at floor(3,000 / 7) = 428 ms. And the old rounding: {90s, 1/m} sends
   ceil(1.5) = 2, at 0 and 60 s, with a schedule too. */
START_TEST(test_schedule_constant_is_plain_rate)
{
	static const char *const forms[] = {
	    "rate: 7/s",
	    "rate: {base: 7/s}",
	    "rate: {steps: [{at: 0s, rate: 7/s}]}",
	    "rate: {from: 7/s, to: 7/s}",
	    "rate: {base: 7/s, weekly: {mon: 1, tue: 1, wed: 1, thu: 1, fri: "
	    "1, sat: 1, sun: 1}}",
	};
	char text[512];
	int64_t *t, *t0 = NULL;
	size_t i, n, n0 = 0;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		struct pk_scenario *s;

		snprintf(text, sizeof(text),
			 HEAD "phases: [{duration: 10s, %s, ops: {create: "
			      "0.5, upsert: 0.5}}]\n",
			 forms[i]);
		s = load(text);
		n = arrivals(s, 3, &t);
		ck_assert_uint_eq(n, 70);
		ck_assert_int_eq(t[3], 428);
		if (i == 0) {
			t0 = t;
			n0 = n;
		} else {
			ck_assert_uint_eq(n, n0);
			ck_assert_mem_eq(t, t0, n * sizeof(*t));
			free(t);
		}
		scenario_free(s);
	}
	free(t0);

	{
		struct pk_scenario *s =
		    load(HEAD "phases: [{duration: 90s, rate: {base: 1/m}}]\n");

		n = arrivals(s, 1, &t);
		ck_assert_uint_eq(n, 2);
		ck_assert_int_eq(t[0], 0);
		ck_assert_int_eq(t[1], 60000);
		free(t);
		scenario_free(s);
	}
}
END_TEST

/* Steps 10/s from 0 s, 0/s from 5 s, 20/s from 8 s, over 10 s: L(5) =
   50, flat to 8 s, then 20 a second: L(10) = 50 + 40 = 90. Op 49 at
   4,900 ms; op 50 comes when the rate is back, at 8 s (not at 5 s, where
   L reaches 50 but the rate is 0), op 51 at 8,050 ms. */
START_TEST(test_schedule_steps)
{
	struct pk_scenario *s = load(
	    HEAD "phases:\n  - duration: 10s\n    rate:\n      steps:\n"
		 "        - {at: 0s, rate: 10/s}\n        - {at: 5s, rate: "
		 "0/s}\n        - {at: 8s, rate: 20/s}\n");
	int64_t *t;
	size_t n = arrivals(s, 1, &t);

	ck_assert_uint_eq(n, 90);
	ck_assert_int_eq(t[49], 4900);
	ck_assert_int_eq(t[50], 8000);
	ck_assert_int_eq(t[51], 8050);
	ck_assert_uint_eq(in_window(t, n, 5000, 8000), 0);
	/* peak: the 20/s step */
	ck_assert_double_eq_tol(s->phases[0].peak_rate_per_s, 20, 1e-9);
	free(t);
	scenario_free(s);
}
END_TEST

/* Daily curve over the simulated clock (UTC), base 1/s: hours 0-5 x0,
   6-17 x1, 18-21 x5, 22-23 x0.5. One day: 12 x 3,600 + 4 x 3,600 x 5 +
   2 x 3,600 x 0.5 = 43,200 + 72,000 + 3,600 = 118,800; two days from the
   default clock (2026-01-01T00:00Z) 237,600. The first op at 06:00 =
   21,600,000 ms; op 43,200 (the first of the evening) at 18:00 =
   64,800,000 ms. */
#define CURVE                                                                  \
	"[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5, 5, "  \
	"0.5, 0.5]"
START_TEST(test_schedule_daily)
{
	struct pk_scenario *s =
	    load(HEAD "phases: [{duration: 2d, rate: {base: 1/s, daily: " CURVE
		      "}}]\n");
	int64_t *t;
	size_t n = arrivals(s, 1, &t);

	ck_assert_uint_eq(n, 237600);
	ck_assert_int_eq(t[0], 21600000LL);
	ck_assert_int_eq(t[43200], 64800000LL);
	/* 18:00-19:00: 5/s x 3,600 = 18,000 */
	ck_assert_uint_eq(in_window(t, n, 18 * HOUR * 1000, 19 * HOUR * 1000),
			  18000);
	ck_assert_double_eq_tol(s->phases[0].ops_planned, 237600, 1e-6);
	ck_assert_double_eq_tol(s->phases[0].peak_rate_per_s, 5, 1e-12);
	free(t);
	scenario_free(s);

	/* The hours are the clock's, in UTC: a clock starting at 17:00+02:00
	   is 15:00Z, so a 6-hour phase covers 15-17 (3 x 3,600 x 1 = 10,800)
	   and 18-20 (3 x 3,600 x 5 = 54,000): 64,800; its first evening op
	   (op 10,800) at 3 h = 10,800,000 ms. */
	s = load("clock: {start: \"2026-01-01T17:00:00+02:00\"}\n" HEAD
		 "phases: [{duration: 6h, rate: {base: 1/s, daily: " CURVE
		 "}}]\n");
	n = arrivals(s, 1, &t);
	ck_assert_uint_eq(n, 64800);
	ck_assert_int_eq(t[10800], 10800000LL);
	free(t);
	scenario_free(s);
}
END_TEST

/* Weekdays only, base 1/s, from Friday 2026-01-09 00:00Z for 4 days:
   Friday 86,400 and Monday 86,400 = 172,800. The last op of Friday at
   23:59:59 (op 86,399 at 86,399,000 ms); the next at Monday 00:00:00 =
   3 days = 259,200,000 ms, not at Friday 24:00 where L is already
   86,400 but the rate drops to 0. */
START_TEST(test_schedule_weekend)
{
	struct pk_scenario *s =
	    load("clock: {start: 2026-01-09}\n" HEAD
		 "phases: [{duration: 4d, rate: {base: 1/s, weekly: "
		 "weekdays}}]\n");
	int64_t *t;
	size_t n = arrivals(s, 1, &t);

	ck_assert_uint_eq(n, 172800);
	ck_assert_int_eq(t[86399], 86399000LL);
	ck_assert_int_eq(t[86400], 3 * DAY * 1000);
	ck_assert_uint_eq(in_window(t, n, DAY * 1000, 3 * DAY * 1000), 0);
	free(t);
	scenario_free(s);

	/* A list of days is the same calendar: [mon, fri] on the same 4
	   days (Fri, Sat, Sun, Mon) sends the same 172,800 */
	s = load("clock: {start: 2026-01-09}\n" HEAD
		 "phases: [{duration: 4d, rate: {base: 1/s, weekly: [mon, "
		 "fri]}}]\n");
	ck_assert_double_eq_tol(s->phases[0].ops_planned, 172800, 1e-6);
	scenario_free(s);
}
END_TEST

/* The seed-002 lesson's 230 working days in 2026. 2026 has 365 days from
   Thursday, January 1: 52 weeks hold 260 weekdays and December 31 is a
   Thursday again, so 261 weekdays. The holidays below fall on 31 of
   them: Jan 1 (Thu), 2 (Fri): 2; Apr 3 (Fri), 6 (Mon): 2; May 1 (Fri):
   1; Jul 13 (Mon) .. Aug 7 (Fri), four working weeks: 20; Dec 24 (Thu)
   .. 31 (Thu): 24, 25, 28, 29, 30, 31: 6; Jan 3 is a Saturday (no
   change) and Dec 26 repeats a day of the range. 261 - 31 = 230 working
   days; at 1/h, 230 x 24 = 5,520 operations. Idle days cost one piece
   each: without a daily curve, one piece a day, 365; with one, 230 x 24
   hours + 135 idle days = 5,655 (never a piece per second). */
#define HOLIDAYS                                                               \
	"[2026-01-01, 2026-01-02, 2026-01-03, 2026-04-03, 2026-04-06, "        \
	"2026-05-01, 2026-07-13..2026-08-07, 2026-12-24..2026-12-31, "         \
	"2026-12-26]"
START_TEST(test_schedule_working_days)
{
	struct pk_scenario *s =
	    load(HEAD "phases: [{duration: 365d, rate: {base: 1/h, weekly: "
		      "weekdays, holidays: " HOLIDAYS "}}]\n");
	struct pk_schedule_spec daily;
	uint64_t pieces;
	double total;
	int64_t *t;
	size_t n = arrivals(s, 1, &t), h;

	ck_assert_uint_eq(n, 5520);
	/* the first working day is Monday, January 5 (day 4) */
	ck_assert_int_eq(t[0], 4 * DAY * 1000);
	total = schedule_total(s->phases[0].schedule, JAN1, 365 * DAY, NULL,
			       &pieces);
	ck_assert_double_eq_tol(total, 5520, 1e-9);
	ck_assert_uint_eq(pieces, 365);

	daily = *s->phases[0].schedule;
	daily.has_daily = 1;
	for (h = 0; h < PK_SCHEDULE_HOURS; h++) {
		daily.daily[h] = 1;
	}
	total = schedule_total(&daily, JAN1, 365 * DAY, NULL, &pieces);
	ck_assert_double_eq_tol(total, 5520, 1e-9);
	ck_assert_uint_eq(pieces, 230 * 24 + 135);
	free(t);
	scenario_free(s);
}
END_TEST

/* Spikes: base 10/s, x4 for 5 s every 60 s, over 120 s: 1,200 plus two
   spikes of 5 s x 10/s x 3 extra = 300: 1,500. From start 30 s the
   spikes are 30-35 s and 90-95 s: 1,500 as well; second 30 gets 40
   operations 25 ms apart, second 29 gets 10. */
START_TEST(test_schedule_spikes)
{
	struct pk_scenario *s =
	    load(HEAD "phases: [{duration: 2m, rate: {base: 10/s, spikes: "
		      "{every: 1m, for: 5s, factor: 4}}}]\n");
	int64_t *t;
	size_t n = arrivals(s, 1, &t);

	ck_assert_uint_eq(n, 1500);
	ck_assert_uint_eq(in_window(t, n, 0, 1000), 40);
	ck_assert_uint_eq(in_window(t, n, 5000, 6000), 10);
	ck_assert_uint_eq(in_window(t, n, 60000, 65000), 200);
	free(t);
	scenario_free(s);

	s = load(HEAD "phases: [{duration: 2m, rate: {base: 10/s, spikes: "
		      "{every: 1m, for: 5s, factor: 4, start: 30s}}}]\n");
	n = arrivals(s, 1, &t);
	ck_assert_uint_eq(n, 1500);
	ck_assert_uint_eq(in_window(t, n, 29000, 30000), 10);
	ck_assert_uint_eq(in_window(t, n, 30000, 31000), 40);
	/* op 300 (L(30) = 300) at 30 s, op 301 25 ms later */
	ck_assert_int_eq(t[300], 30000);
	ck_assert_int_eq(t[301], 30025);
	ck_assert_uint_eq(in_window(t, n, 90000, 95000), 200);
	ck_assert_double_eq_tol(s->phases[0].peak_rate_per_s, 40, 1e-12);
	free(t);
	scenario_free(s);
}
END_TEST

/* Poisson arrivals under a schedule: none where the rate is 0 (steps 0/s
   for 50 s, then 200/s for 50 s: L = 10,000), a count within 5 standard
   deviations of 10,000 (sqrt(10,000) = 100: 9,500 .. 10,500), the same
   stream for the same seed and another for another seed. */
START_TEST(test_schedule_poisson)
{
	struct pk_scenario *s =
	    load(HEAD "phases: [{duration: 100s, arrival: poisson, rate: "
		      "{steps: [{at: 0s, rate: 0/s}, {at: 50s, rate: "
		      "200/s}]}}]\n");
	int64_t *t, *u;
	size_t n = arrivals(s, 7, &t), m, i;

	ck_assert_uint_ge(n, 9500);
	ck_assert_uint_le(n, 10500);
	ck_assert_int_ge(t[0], 50000);
	for (i = 1; i < n; i++) {
		ck_assert_int_ge(t[i], t[i - 1]);
	}
	ck_assert_int_lt(t[n - 1], 100000);
	m = arrivals(s, 7, &u);
	ck_assert_uint_eq(m, n);
	ck_assert_mem_eq(t, u, n * sizeof(*t));
	free(u);
	m = arrivals(s, 8, &u);
	ck_assert(m != n || memcmp(t, u, n * sizeof(*t)) != 0);
	free(u);
	free(t);
	scenario_free(s);

	/* a ramp 0 -> 200/s over 100 s: L(50) = 2,500 of L(100) = 10,000;
	   each half within 5 sigma: 2,250 .. 2,750 and 7,067 .. 7,933 */
	s = load(HEAD "phases: [{duration: 100s, arrival: poisson, rate: "
		      "{from: 0/s, to: 200/s}}]\n");
	n = arrivals(s, 11, &t);
	m = in_window(t, n, 0, 50000);
	ck_assert_uint_ge(m, 2250);
	ck_assert_uint_le(m, 2750);
	ck_assert_uint_ge(n - m, 7067);
	ck_assert_uint_le(n - m, 7933);
	free(t);
	scenario_free(s);
}
END_TEST

/* L(t) by a cursor walked piece by piece (spike by spike) */
static double walked_count(const struct pk_schedule_spec *sp, int64_t dur_s,
			   double t)
{
	struct pk_schedule_cursor c;

	schedule_cursor_init(&c, sp, JAN1, dur_s);
	return schedule_cursor_count(&c, t);
}

/*
 * A counter (schedule_counter_init, schedule_total) takes a run of whole
 * spike periods as one piece integrated in closed form; the counts are
 * the spike-by-spike walk's.
 * - 10/s x4 for 5 s every 60 s over 2 h: 120 periods of 5 x 40 + 55 x 10
 *   = 750: 90,000, peak 40; one piece, not 240.
 * - a ramp 0 -> 100/s over 100 s (r(t) = t), x3 for 5 s every 10 s:
 *   period k's spike adds 3 x ((10k + 5)^2 - (10k)^2) / 2 = 3 (50k +
 *   12.5), its gap ((10k + 10)^2 - (10k + 5)^2) / 2 = 50k + 37.5: 200k +
 *   75 a period, 200 x 45 + 750 = 9,750 over k = 0 .. 9. L(37.5): periods
 *   0 .. 2, 825; the spike at 30 s, 3 x 162.5 = 487.5; the gap to 37.5,
 *   (37.5^2 - 35^2) / 2 = 90.625: 1,403.125. The peak: the last spike
 *   ends at 95 s, 3 x 95 = 285 (the last gap ends at 100/s).
 * - trialS's sp1: 0.00001/s stopped (x0) every other second of 366 days:
 *   15,811,200 seconds of 0.00001, 158.112; one piece where the walk took
 *   31,622,400 (the load spent 0.4 s a stream on them).
 */
START_TEST(test_schedule_spike_trains)
{
	struct pk_schedule_spec sp;
	struct pk_schedule_cursor c;
	double peak;
	uint64_t pieces;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 10;
	sp.has_spikes = 1;
	sp.spike_every_s = 60;
	sp.spike_for_s = 5;
	sp.spike_factor = 4;
	ck_assert_double_eq_tol(schedule_total(&sp, JAN1, 7200, &peak, &pieces),
				90000, 1e-9);
	ck_assert_uint_eq(pieces, 1);
	ck_assert_double_eq_tol(peak, 40, 1e-12);
	ck_assert_double_eq_tol(walked_count(&sp, 7200, 7200), 90000, 1e-9);

	sp.base = PK_SCHEDULE_RAMP;
	sp.from_per_s = 0;
	sp.to_per_s = 100;
	sp.spike_every_s = 10;
	sp.spike_factor = 3;
	ck_assert_double_eq_tol(schedule_total(&sp, JAN1, 100, &peak, NULL),
				9750, 1e-9);
	ck_assert_double_eq_tol(peak, 285, 1e-9);
	ck_assert_double_eq_tol(walked_count(&sp, 100, 100), 9750, 1e-9);
	schedule_counter_init(&c, &sp, JAN1, 100);
	ck_assert_double_eq_tol(schedule_cursor_count(&c, 37.5), 1403.125,
				1e-9);
	ck_assert_double_eq_tol(walked_count(&sp, 100, 37.5), 1403.125, 1e-9);

	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 0.00001;
	sp.spike_every_s = 2;
	sp.spike_for_s = 1;
	sp.spike_factor = 0;
	ck_assert_double_eq_tol(
	    schedule_total(&sp, JAN1, 366 * DAY, &peak, &pieces), 158.112,
	    1e-9);
	ck_assert_uint_eq(pieces, 1);
	ck_assert_double_eq_tol(peak, 0.00001, 1e-18);
}
END_TEST

/* o's split of [a, b) in the step at a, checked against the seconds
   and operations inside spikes and outside */
static void split_is(const struct pk_schedule_own *o, double a, double b,
		     double in_s, double out_s, double in_ops, double out_ops)
{
	struct pk_schedule_split x;
	double end;
	size_t step = schedule_own_step(o, a, &end);

	ck_assert_msg(b <= end, "[%g, %g) past its step's end %g", a, b, end);
	schedule_own_split(o, step, a, b, &x);
	ck_assert_double_eq_tol(x.in_s, in_s, 1e-9);
	ck_assert_double_eq_tol(x.out_s, out_s, 1e-9);
	ck_assert_double_eq_tol(x.in_ops, in_ops, 1e-9 * fmax(1, in_ops));
	ck_assert_double_eq_tol(x.out_ops, out_ops, 1e-9 * fmax(1, out_ops));
}

/*
 * The own clock in closed form (schedule_own_*): a stretch's spike
 * seconds and the rest, each with its operations.
 * - 2/s, x5 for 3 s every 10 s from 4 s: [1, 30) holds the spikes
 *   [4, 7), [14, 17), [24, 27): 9 s at 10/s = 90, 20 s at 2/s = 40;
 *   [5, 25.5) starts inside one: [5, 7), [14, 17), [24, 25.5) = 6.5 s,
 *   65, and 14 s, 28; [0, 4) is before the first: 4 s, 8.
 * - A ramp 0 -> 10/s over 100 s (r(t) = t / 10), x2 for 5 s every 10 s:
 *   the integral of r over [p, q) is (q^2 - p^2) / 20. [0, 20): spikes
 *   [0, 5) 1.25 and [10, 15) 6.25, x2 = 15; gaps [5, 10) 3.75 and
 *   [15, 20) 8.75 = 12.5. [3, 12): spikes [3, 5) 0.8 and [10, 12) 2.2,
 *   x2 = 6; the gap [5, 10) 3.75.
 * - Steps 1/s from 0, 4/s from 10 s, 0 from 25 s over 40 s, x3 for 1 s
 *   every 4 s from 2 s: step 0 [0, 10) has the spikes at 2 and 6, 2 s x
 *   3 + 8 s = 14; step 1 [10, 25) the spikes at 10, 14, 18, 22: 4 s x
 *   12 + 11 s x 4 = 92; step 2 none: L(40) = 106. Over [5, 30): the
 *   spike at 6 (3) and 4 s (4) of step 0, step 1 whole (92), 0: 99.
 * - A year (365 days) of 2-s spikes, 1/s x3 for 1 s: 15,768,000 s
 *   inside at 3/s = 47,304,000 and as many outside at 1/s, without a
 *   step per spike.
 */
START_TEST(test_schedule_own_split)
{
	struct pk_schedule_step steps[3] = {
	    {0, 1.0, 0, 0}, {10, 4.0, 0, 0}, {25, 0.0, 0, 0}};
	struct pk_schedule_spec sp;
	struct pk_schedule_own o;
	double end;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 2;
	sp.has_spikes = 1;
	sp.spike_every_s = 10;
	sp.spike_for_s = 3;
	sp.spike_start_s = 4;
	sp.spike_factor = 5;
	schedule_own_init(&o, &sp, 100);
	split_is(&o, 1, 30, 9, 20, 90, 40);
	split_is(&o, 5, 25.5, 6.5, 14, 65, 28);
	split_is(&o, 0, 4, 0, 4, 0, 8);
	ck_assert_double_eq_tol(schedule_own_count(&o, 1, 30), 130, 1e-9);
	schedule_own_free(&o);

	sp.base = PK_SCHEDULE_RAMP;
	sp.from_per_s = 0;
	sp.to_per_s = 10;
	sp.spike_every_s = 10;
	sp.spike_for_s = 5;
	sp.spike_start_s = 0;
	sp.spike_factor = 2;
	schedule_own_init(&o, &sp, 100);
	split_is(&o, 0, 20, 10, 10, 15, 12.5);
	split_is(&o, 3, 12, 4, 5, 6, 3.75);
	schedule_own_free(&o);

	sp.base = PK_SCHEDULE_STEPS;
	sp.steps = steps;
	sp.n_steps = 3;
	sp.spike_every_s = 4;
	sp.spike_for_s = 1;
	sp.spike_start_s = 2;
	sp.spike_factor = 3;
	schedule_own_init(&o, &sp, 40);
	ck_assert_uint_eq(schedule_own_step(&o, 12, &end), 1);
	ck_assert_double_eq(end, 25);
	ck_assert_uint_eq(schedule_own_step(&o, 39.5, &end), 2);
	ck_assert_double_eq(end, 40);
	split_is(&o, 0, 10, 2, 8, 6, 8);
	split_is(&o, 10, 25, 4, 11, 48, 44);
	ck_assert_double_eq_tol(schedule_own_count(&o, 0, 40), 106, 1e-9);
	ck_assert_double_eq_tol(schedule_own_count(&o, 5, 30), 99, 1e-9);
	schedule_own_free(&o);

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 1;
	sp.has_spikes = 1;
	sp.spike_every_s = 2;
	sp.spike_for_s = 1;
	sp.spike_factor = 3;
	schedule_own_init(&o, &sp, 365 * DAY);
	split_is(&o, 0, 365 * DAY, 15768000, 15768000, 47304000, 15768000);
	schedule_own_free(&o);
}
END_TEST

/*
 * The wall-clock multiplier at a second: 2026-01-05 (a Monday) 10:30
 * UTC under weekdays and a daily curve of h / 10 at hour h is 1.0; the
 * Saturday 2026-01-10 is 0; a holiday on Tuesday 2026-01-06 is 0 all
 * day; without any multiplier 1.
 */
START_TEST(test_schedule_wall_at)
{
	const int64_t mon = JAN1 + 4 * DAY;
	struct pk_schedule_holiday hol = {(JAN1 + 5 * DAY) / DAY,
					  (JAN1 + 5 * DAY) / DAY};
	struct pk_schedule_spec sp;
	int h;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 1;
	ck_assert_double_eq(schedule_wall_at(&sp, mon), 1.0);
	sp.has_daily = 1;
	for (h = 0; h < PK_SCHEDULE_HOURS; h++) {
		sp.daily[h] = h / 10.0;
	}
	sp.has_weekly = 1;
	for (h = 0; h < PK_SCHEDULE_DAYS; h++) {
		sp.weekly[h] = h < 5;
	}
	sp.holidays = &hol;
	sp.n_holidays = 1;
	ck_assert_double_eq_tol(schedule_wall_at(&sp, mon + 10 * HOUR + 1800),
				1.0, 1e-15);
	ck_assert_double_eq(schedule_wall_at(&sp, mon + 5 * DAY + 12 * HOUR),
			    0.0);
	ck_assert_double_eq(schedule_wall_at(&sp, mon + DAY + 12 * HOUR), 0.0);
}
END_TEST

/*
 * A walk looks a day up in the holiday list once, not once a piece:
 * 1/s with x3 for 1 s every 2 s over 10 days from 2026-01-01, 1,000
 * single-day holidays on every third day from it (days 0, 3, 6 and 9 of
 * the walk off, then 2,988 more past it). The 6 working days are a
 * spike and a gap every 2 s, 86,400 pieces each, the 4 holidays one
 * each: 518,404 pieces, L = 6 x 43,200 x (3 + 1) = 1,036,800, and 10
 * days looked up, each against the list once. Before, the list was
 * scanned at every piece (518,404 scans of up to 1,000 entries; a year
 * with 10,000 entries ran minutes of CPU that the work bound does not
 * count). A counter walks the spikes as trains, the same days.
 */
START_TEST(test_schedule_holidays_once_a_day)
{
	struct pk_schedule_holiday *hol = xcalloc(1000, sizeof(*hol));
	struct pk_schedule_spec sp;
	struct pk_schedule_cursor c;
	size_t k;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 1;
	sp.has_spikes = 1;
	sp.spike_every_s = 2;
	sp.spike_for_s = 1;
	sp.spike_factor = 3;
	for (k = 0; k < 1000; k++) {
		hol[k].first_day = hol[k].last_day =
		    JAN1 / DAY + 3 * (int64_t)k;
	}
	sp.holidays = hol;
	sp.n_holidays = 1000;
	schedule_cursor_init(&c, &sp, JAN1, 10 * DAY);
	while (schedule_cursor_next(&c)) {
	}
	ck_assert_uint_eq(c.pieces, 518404);
	ck_assert_uint_eq(c.days_looked, 10);
	ck_assert_double_eq_tol(c.lam1, 1036800, 1e-6);
	schedule_counter_init(&c, &sp, JAN1, 10 * DAY);
	while (schedule_cursor_next(&c)) {
	}
	ck_assert_uint_eq(c.days_looked, 10);
	ck_assert_double_eq_tol(c.lam1, 1036800, 1e-6);
	free(hol);
}
END_TEST

/*
 * The holidays are sorted and joined once (schedule_holidays_sort) and
 * a day looked up by halving them.
 * - Entries 10..20, 5..12, 21, 30 and 30 (days) join into 5..21 (10..20
 *   overlaps 5..12, 21 starts the day after 20) and 30: 2 ranges, the 5
 *   entries still said. Days 4 and 22 work; 5, 21 and 30 are off.
 * - The loader sorts and joins a list as read: 2026-01-21,
 *   2026-01-10..2026-01-20 and 2026-01-05..2026-01-12 are one range,
 *   January 5 to 21, three entries: January 4 and 22 work, 5 and 21 are
 *   off.
 * - 10,000 single days every third day from 2026-01-01, written
 *   latest first, and schedule_wall_at at every hour of 366 days from
 *   it: days 0, 3, .., 363 of them (122) are off, so 122 x 24 = 2,928
 *   hours give 0 and 8,784 - 2,928 = 5,856 give 1. Each hour halves
 *   10,000 ranges: at least 1 and at most floor(log2 10,000) + 1 = 14
 *   looks, 8,784 .. 122,976 in all. Before, each hour scanned the list:
 *   a working day's hour all 10,000 entries, 58,560,000 for the year.
 */
START_TEST(test_schedule_holidays_halved)
{
	struct pk_schedule_holiday few[] = {
	    {10, 20}, {5, 12}, {21, 21}, {30, 30}, {30, 30}};
	struct pk_schedule_holiday *hol = xcalloc(10000, sizeof(*hol));
	struct pk_schedule_spec sp;
	struct pk_scenario *sc;
	char buf[PK_SCHEDULE_DESC_BYTES];
	unsigned long before;
	double sum = 0;
	int64_t k;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 1;
	sp.holidays = few;
	sp.n_holidays = 5;
	schedule_holidays_sort(&sp);
	ck_assert_uint_eq(sp.n_holidays, 2);
	ck_assert_uint_eq(sp.n_holiday_entries, 5);
	ck_assert_int_eq(few[0].first_day, 5);
	ck_assert_int_eq(few[0].last_day, 21);
	ck_assert_int_eq(few[1].first_day, 30);
	ck_assert_int_eq(few[1].last_day, 30);
	ck_assert_ptr_nonnull(strstr(schedule_describe(&sp, buf, sizeof(buf)),
				     "except 5 holiday entries"));
	ck_assert_double_eq(schedule_wall_at(&sp, 4 * DAY), 1.0);
	ck_assert_double_eq(schedule_wall_at(&sp, 5 * DAY), 0.0);
	ck_assert_double_eq(schedule_wall_at(&sp, 21 * DAY + 3 * HOUR), 0.0);
	ck_assert_double_eq(schedule_wall_at(&sp, 22 * DAY), 1.0);
	ck_assert_double_eq(schedule_wall_at(&sp, 30 * DAY), 0.0);

	sc = load(HEAD "phases: [{duration: 30d, rate: {base: 1/h, holidays: "
		       "[2026-01-21, 2026-01-10..2026-01-20, "
		       "2026-01-05..2026-01-12]}}]\n");
	ck_assert_uint_eq(sc->phases[0].schedule->n_holidays, 1);
	ck_assert_uint_eq(sc->phases[0].schedule->n_holiday_entries, 3);
	ck_assert_double_eq(
	    schedule_wall_at(sc->phases[0].schedule, JAN1 + 3 * DAY), 1.0);
	ck_assert_double_eq(
	    schedule_wall_at(sc->phases[0].schedule, JAN1 + 4 * DAY), 0.0);
	ck_assert_double_eq(
	    schedule_wall_at(sc->phases[0].schedule, JAN1 + 20 * DAY), 0.0);
	ck_assert_double_eq(
	    schedule_wall_at(sc->phases[0].schedule, JAN1 + 21 * DAY), 1.0);
	scenario_free(sc);

	for (k = 0; k < 10000; k++) {
		hol[k].first_day = hol[k].last_day =
		    JAN1 / DAY + 3 * (9999 - k);
	}
	sp.holidays = hol;
	sp.n_holidays = 10000;
	schedule_holidays_sort(&sp);
	ck_assert_uint_eq(sp.n_holidays, 10000);
	before = schedule_holiday_looks();
	for (k = 0; k < 366 * 24; k++) {
		sum += schedule_wall_at(&sp, JAN1 + k * HOUR);
	}
	ck_assert_double_eq(sum, 5856);
	ck_assert_uint_ge(schedule_holiday_looks() - before, 8784);
	ck_assert_uint_le(schedule_holiday_looks() - before, 122976);
	free(hol);
}
END_TEST

/*
 * The pieces an arrivals' walk crosses, counted without walking them
 * (schedule_walk_pieces):
 * - x2 for 1 s every 3 s over 7 s: [0, 1), [1, 3), [3, 4), [4, 6),
 *   [6, 7): 5;
 * - the same from 2 s: [0, 2) before the first, then [2, 3), [3, 5),
 *   [5, 6), [6, 7): 5;
 * - 2-s spikes over a day: a spike and a gap every 2 s, 86,400;
 * - with a daily curve over 2 h, each hour's 1,800 periods: 7,200;
 * - a daily curve alone over a day: its 24 hours; a constant rate: 1.
 */
START_TEST(test_schedule_walk_pieces)
{
	struct pk_schedule_spec sp;
	int h;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 1;
	ck_assert_double_eq(schedule_walk_pieces(&sp, JAN1, DAY), 1);
	sp.has_spikes = 1;
	sp.spike_every_s = 3;
	sp.spike_for_s = 1;
	sp.spike_factor = 2;
	ck_assert_double_eq(schedule_walk_pieces(&sp, JAN1, 7), 5);
	sp.spike_start_s = 2;
	ck_assert_double_eq(schedule_walk_pieces(&sp, JAN1, 7), 5);
	sp.spike_start_s = 0;
	sp.spike_every_s = 2;
	ck_assert_double_eq(schedule_walk_pieces(&sp, JAN1, DAY), 86400);
	sp.has_daily = 1;
	for (h = 0; h < PK_SCHEDULE_HOURS; h++) {
		sp.daily[h] = 1 + h;
	}
	ck_assert_double_eq(schedule_walk_pieces(&sp, JAN1, 2 * HOUR), 7200);
	sp.has_spikes = 0;
	ck_assert_double_eq(schedule_walk_pieces(&sp, JAN1, DAY), 24);
}
END_TEST

/*
 * schedule_cursor_next walks a counter's pieces in time order, a spike
 * train as one: 1/s with x3 for 1 s every 3 s from 2 s, over 10 s: [0, 2)
 * before the first spike (L 2), then from 2 s three periods or more up
 * to the end, one train [2, 10): its spikes at 2, 5, 8 (3 each) and gaps
 * [3, 5), [6, 8), [9, 10) (2 + 2 + 1): L(10) = 2 + 9 + 5 = 16. Then no
 * more pieces, and the cursor stays where it is.
 */
START_TEST(test_schedule_cursor_next)
{
	struct pk_schedule_spec sp;
	struct pk_schedule_cursor c;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 1;
	sp.has_spikes = 1;
	sp.spike_every_s = 3;
	sp.spike_for_s = 1;
	sp.spike_start_s = 2;
	sp.spike_factor = 3;
	schedule_counter_init(&c, &sp, JAN1, 10);
	ck_assert_int_eq(c.t0_s, 0);
	ck_assert_int_eq(c.t1_s, 2);
	ck_assert_int_eq(c.train, 0);
	ck_assert_double_eq_tol(c.lam1, 2, 1e-12);
	ck_assert_int_eq(schedule_cursor_next(&c), 1);
	ck_assert_int_eq(c.t0_s, 2);
	ck_assert_int_eq(c.t1_s, 10);
	ck_assert_int_eq(c.train, 1);
	ck_assert_double_eq_tol(c.lam0 + c.lam0_c, 2, 1e-12);
	ck_assert_double_eq_tol(c.lam1, 16, 1e-12);
	ck_assert_int_eq(schedule_cursor_next(&c), 0);
	ck_assert_int_eq(c.t0_s, 2);
	ck_assert_int_eq(c.t1_s, 10);
}
END_TEST

/* Rounding: base 3/s x 0.1 every hour of 366 days is 0.3/s; L = 0.3 x
   31,622,400 = 9,486,720, an integer that 0.1's binary value and 8,784
   hourly sums miss by a few ulps: the count is 9,486,720, not 9,486,721.
   And the rule on non-integer totals: 1.5 -> 2, 2.0000001 -> 3 (past the
   1e-9 tolerance), 2 + 1e-12 -> 2, 0 -> 0. */
START_TEST(test_schedule_rounding)
{
	struct pk_schedule_spec sp;
	double total;
	size_t h;

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 3;
	sp.has_daily = 1;
	for (h = 0; h < PK_SCHEDULE_HOURS; h++) {
		sp.daily[h] = 0.1;
	}
	total = schedule_total(&sp, JAN1, 366 * DAY, NULL, NULL);
	ck_assert_uint_eq(schedule_uniform_count(total), 9486720);
	ck_assert_uint_eq(schedule_uniform_count(1.5), 2);
	ck_assert_uint_eq(schedule_uniform_count(2.0000001), 3);
	ck_assert_uint_eq(schedule_uniform_count(2 + 1e-12), 2);
	ck_assert_uint_eq(schedule_uniform_count(0), 0);
}
END_TEST

/* The loader's bounds count scheduled operations. A ramp 0 -> 300,000/s
   over 2 h: L = 300,000 / 2 x 7,200 = 1.08e9, above the 1e9 a run may
   send, though it starts at 0/s; to 250,000/s: 9e8, within it. */
START_TEST(test_schedule_run_bound)
{
	char *e = error_of(
	    HEAD "phases: [{duration: 2h, rate: {from: 0/s, to: 300000/s}}]\n"
		 "client: {retries: off}\n");
	struct pk_scenario *s;

	ck_assert_msg(strstr(e, "t.yaml:2:10: error: the phases up to "
				"'phase-1' send about 1,080,000,000 "
				"operations") != NULL,
		      "%s", e);
	free(e);
	/* items: 9e8 creates of 1 KB are more memory than pksim takes;
	   reads of nothing keep the estimate to the samples */
	s = load(HEAD "phases: [{duration: 2h, rate: {from: 0/s, to: 1/s}, "
		      "ops: {read: 1}}]\n");
	ck_assert_double_eq_tol(s->phases[0].ops_planned, 3600, 1e-9);
	scenario_free(s);
}
END_TEST

/* The weekly calendar's ops_planned under the loader follows each
   phase's own start: phase 1 lasts Thursday and Friday (2 days), phase 2
   starts on Saturday 2026-01-03 and lasts 3 days (Sat, Sun, Mon): 1/s on
   weekdays gives 2 x 86,400 = 172,800 and 86,400. */
START_TEST(test_schedule_phase_clock)
{
	struct pk_scenario *s = load(
	    HEAD "phases:\n  - {duration: 2d, rate: {base: 1/s, weekly: "
		 "weekdays}}\n  - {duration: 3d, rate: {base: 1/s, weekly: "
		 "weekdays}}\n");

	ck_assert_double_eq_tol(s->phases[0].ops_planned, 172800, 1e-6);
	ck_assert_double_eq_tol(s->phases[1].ops_planned, 86400, 1e-6);
	/* mean rate of phase 2: 86,400 / (3 x 86,400) */
	ck_assert_double_eq_tol(s->phases[1].rate_per_s, 1.0 / 3, 1e-12);
	scenario_free(s);
}
END_TEST

/* The engine over an idle weekend: its timed actions run at their own
   seconds though no operation comes until Monday. Clock from Friday
   2026-01-09 00:00Z; 6,000 RU/s (1 physical partition, rule 2),
   split_delay 1 d. Phase 1 (Fri 00:00 - Sat 12:00, 129,600 s) and
   phase 3 (Mon, 86,400 s) send 1 create/s on weekdays: 86,400 on
   Friday, 86,400 on Monday = 172,800, all of 5 RU within 6,000 RU/s.
   Phase 2 starts Sat 12:00 (t = 129,600 s) with throughput 30,000: more
   than 1 x 10,000, so ceil(30,000 / 10,000) = 3 partitions by 2 splits,
   done split_delay later at Sun 12:00 (t = 216,000 s), both splits then.
   Provisioned RU over the run: 6,000 until the splits are done (the old
   RU/s serve meanwhile) x 216,000 s + 30,000 x (345,600 - 216,000) s =
   1,296,000,000 + 3,888,000,000 = 5,184,000,000; the run ends with the
   phases at 4 d = 345,600 s. */
START_TEST(test_schedule_idle_weekend_actions)
{
	struct pk_scenario *sc = load(
	    "clock: {start: 2026-01-09}\n"
	    "container: {partition_key: /id, throughput: 6000, split_delay: "
	    "1d}\n"
	    "phases:\n"
	    "  - {duration: 36h, rate: {base: 1/s, weekly: weekdays}}\n"
	    "  - {duration: 36h, rate: {base: 1/s, weekly: weekdays}, "
	    "throughput: 30000}\n"
	    "  - {duration: 1d, rate: {base: 1/s, weekly: weekdays}}\n");
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_metrics *m;

	diag_init(&d);
	run = sim_run(sc, 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.operations, 172800);
	ck_assert_uint_eq(m->totals.succeeded, 172800);
	ck_assert_uint_eq(m->n_changes, 1);
	ck_assert_int_eq(m->changes[0].t_s, 129600);
	ck_assert_int_eq(m->changes[0].effective_t_s, 216000);
	ck_assert_uint_eq(m->n_splits, 2);
	ck_assert_int_eq(m->splits[0].t_s, 216000);
	ck_assert_int_eq(m->splits[1].t_s, 216000);
	ck_assert_double_eq_tol(m->provisioned_ru, 5184000000.0, 1e-3);
	ck_assert_int_eq(run->end_ms, 345600000LL);
	sim_free(run);
	diag_free(&d);
	scenario_free(sc);
}
END_TEST

/* Bounds on the list lengths, and the retry memory at a schedule's peak.
   Base 100/s with x20,000 spikes of 30 s each hour: a peak of 2,000,000
   operations a second; one hour sends 100 x 3,600 + 30 x (2,000,000 -
   100) = 60,357,000. The retries that can wait at once: min(peak x
   max_wait 30 s = 60,000,000, 60,357,000) = 60,000,000, x 200 bytes =
   12,000,000,000 bytes = 11.2 GiB, past the 8 GiB pksim takes. (Reads:
   no items, so the estimate of everything else stays small.) */
START_TEST(test_schedule_bounds)
{
	char *text, *e;
	size_t i, len = 0, cap = 400000;

	text = malloc(cap);
	len += (size_t)snprintf(text, cap,
				HEAD "phases: [{duration: 1h, rate: {base: "
				     "1/s, holidays: [");
	for (i = 0; i <= PK_SCHEDULE_MAX_HOLIDAYS; i++) {
		len += (size_t)snprintf(text + len, cap - len, "%s2026-01-01",
					i ? ", " : "");
	}
	snprintf(text + len, cap - len, "]}}]\n");
	e = error_of(text);
	ck_assert_msg(strstr(e, "error: holidays has 10001 entries; at most "
				"10,000") != NULL,
		      "%s", e);
	free(e);

	len = (size_t)snprintf(text, cap,
			       HEAD "phases: [{duration: 1h, rate: {steps: [");
	for (i = 0; i <= PK_SCHEDULE_MAX_STEPS; i++) {
		len += (size_t)snprintf(text + len, cap - len,
					"%s{at: %zus, rate: 1/s}",
					i ? ", " : "", i);
	}
	snprintf(text + len, cap - len, "]}}]\n");
	e = error_of(text);
	ck_assert_msg(strstr(e, "error: steps has 10001 entries; give 1 to "
				"10,000, the first at 0s") != NULL,
		      "%s", e);
	free(e);
	free(text);

	e = error_of(HEAD "phases: [{duration: 1h, ops: {read: 1}, rate: "
			  "{base: 100/s, spikes: {every: 1h, for: 10s, factor: "
			  "90000}}}]\n");
	/* 9,000,000/s x 9 s (the SDK's 9 retries, each waiting a
	   retry-after of at most 1 s, to the next whole second: each due in
	   the order it was queued, 121 bytes in the queue's FIFO run) =
	   81,000,000 retries x 121 bytes = 9,801,000,000 bytes = 9.128 GiB,
	   one decimal under 10: 9.1 GiB. The spike lasts 10 s: 90,000,000
	   reads and 359,000 more at 100/s, each up to 10 attempts of work,
	   903,590,000 units, within the work bound */
	ck_assert_str_eq(e, "pksim: t.yaml:2:10: error: at a peak of "
			    "9,000,000 operations a second, rate-limited "
			    "operations could queue about 81,000,000 "
			    "retries, 9.1 GiB (pksim stops at 8 GiB); lower "
			    "the rate, or the client's max_wait");
	free(e);
}
END_TEST

/* Errors name the place and what is allowed (the corpus in tests/bad/
   has one file per message; these check positions inside flow
   mappings). */
START_TEST(test_schedule_errors)
{
	char *e;

	e = error_of(HEAD "phases: [{duration: 10s, rate: {from: 1/s}}]\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:32: error: a ramp needs both "
			    "ends: from: RATE at the phase's start and to: "
			    "RATE at its end (missing 'to')");
	free(e);
	e = error_of(HEAD "phases: [{duration: 10s, rate: {base: 1/s, "
			  "daily: [1, 2]}}]\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:51: error: daily must be a list "
			    "of 24 multipliers, one per hour of the "
			    "simulated clock in UTC from 00:00 (got a list "
			    "of 2)");
	free(e);
	e = error_of(HEAD "phases: [{duration: 10s, rate: {base: 1/s, "
			  "weekly: [mon, funday]}}]\n");
	ck_assert_msg(strstr(e, "t.yaml:2:58: error: unknown day 'funday' "
				"in weekly") != NULL,
		      "%s", e);
	free(e);
}
END_TEST

/* The words a report prints for a schedule: a slow rate per hour
   (0.25 / 3,600 s is 6.94444e-05/s, printed 0.25 ops/h), spike spans
   from 1,000 s with their parts (7,200 s = 2 h). */
START_TEST(test_schedule_describe_words)
{
	struct pk_schedule_spec sp;
	char buf[PK_SCHEDULE_DESC_BYTES];

	memset(&sp, 0, sizeof(sp));
	sp.base = PK_SCHEDULE_CONST;
	sp.rate_per_s = 0.25 / 3600.0;
	sp.has_spikes = 1;
	sp.spike_factor = 0;
	sp.spike_for_s = 600;
	sp.spike_every_s = 7200;
	ck_assert_str_eq(schedule_describe(&sp, buf, sizeof(buf)),
			 "0.25 ops/h, x0 for 600s every 7,200s (2h) from 0s");
	/* a ramp of ordinary rates reads as before */
	sp.base = PK_SCHEDULE_RAMP;
	sp.from_per_s = 0.5;
	sp.to_per_s = 3.7;
	sp.has_spikes = 0;
	ck_assert_str_eq(schedule_describe(&sp, buf, sizeof(buf)),
			 "0.5 -> 3.7 ops/s");
	/* one slow end: both in fmt_rate's words, 0 ops/s -> 0.5/h */
	sp.from_per_s = 0;
	sp.to_per_s = 0.5 / 3600.0;
	ck_assert_str_eq(schedule_describe(&sp, buf, sizeof(buf)),
			 "0 ops/s -> 0.5 ops/h");
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("schedule");
	TCase *tc = tcase_create("schedule");

	tcase_add_test(tc, test_schedule_ramp_counts);
	tcase_add_test(tc, test_schedule_constant_is_plain_rate);
	tcase_add_test(tc, test_schedule_steps);
	tcase_add_test(tc, test_schedule_daily);
	tcase_add_test(tc, test_schedule_weekend);
	tcase_add_test(tc, test_schedule_working_days);
	tcase_add_test(tc, test_schedule_spikes);
	tcase_add_test(tc, test_schedule_spike_trains);
	tcase_add_test(tc, test_schedule_own_split);
	tcase_add_test(tc, test_schedule_wall_at);
	tcase_add_test(tc, test_schedule_holidays_once_a_day);
	tcase_add_test(tc, test_schedule_holidays_halved);
	tcase_add_test(tc, test_schedule_walk_pieces);
	tcase_add_test(tc, test_schedule_cursor_next);
	tcase_add_test(tc, test_schedule_poisson);
	tcase_add_test(tc, test_schedule_rounding);
	tcase_add_test(tc, test_schedule_run_bound);
	tcase_add_test(tc, test_schedule_phase_clock);
	tcase_add_test(tc, test_schedule_idle_weekend_actions);
	tcase_add_test(tc, test_schedule_errors);
	tcase_add_test(tc, test_schedule_bounds);
	tcase_add_test(tc, test_schedule_describe_words);
	suite_add_tcase(s, tc);
	return s;
}
