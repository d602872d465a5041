/*
 * runway_timekey: the throughput bound of the storage runway
 * (include/pksim/result/runway.h) under a key with a time part: the
 * range holding a value's current bucket serves the writes of every
 * other key value current with it there (src/result/runway_step.c).
 * Each figure derived by hand beside its test and checked against a
 * replay long enough to reach the cap; each says what it gave before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* A create of 10 KB is charged 5 + 45 x 9 / 99 = 9.0909 RU (reference
   rule 12's size curve, as the trial's x3 case works it), in whole
   milli-RU: 9.091; 10 KB stores 10,240 B */
#define CREATE_10KB 9.091
#define B_10KB 10240.0

/* The first variant of scenario text: its runway's time to full (s),
   the runway sentence into t, and the replay's first 403/1014 (s) into
   *replay_s (-1: none) */
static double full_s(const char *text, char *t, size_t cap, double *replay_s)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("timekey.yaml", text), text, &run, &res);
	const struct pk_result_variant *v = &res->variants[0];
	double s;

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	s = c[0].days_to_full * 86400.0;
	scorecard_full_text(res, &c[0], 0, t, cap);
	*replay_s = v->n_full_listed > 0 && v->full[0].full_at_ms >= 0
			? (double)v->full[0].full_at_ms / 1000.0
			: -1.0;
	tu_cards_free(c, run, res);
	return s;
}

/*
 * Key "{t}-{day}" (`%A`) from Monday 2026-01-05 00:00 UTC: t over a ..
 * f weighted 4 : 1 : 1 : 1 : 1 : 1, 1,000 creates/s of 10 KB, 10,000
 * RU/s on 2 ranges of 5,000, a 30 MiB cap. pksim locate: "a-Monday",
 * "c-Monday" and "d-Monday" on range 1, the others on range 0. Range 1
 * is asked (4 + 1 + 1) / 9 x 1,000 x 9.091 = 6,060.7 RU/s of its 5,000:
 * it admits a write whole when its 9.091 RU fit the second's rest
 * (rule 12), floor(5,000 / 9.091) = 549 a second, and every write gets
 * the same part, so "a" (4 of the 6) stores 366 a second, 3,747,840
 * B/s: 30 MiB = 31,457,280 B in 8.393 s. The replay reaches the cap in
 * its 9th second (t = 8 s). Before: 6.912 s, "a" given range 1's RU/s
 * alone (4,040 RU/s asked, all served: 444.4 creates/s).
 */
START_TEST(test_timekey_other_values_share_the_range)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: \"{t}-{day}\", throughput: 10000, "
	    "logical_partition_storage: 30MB}\n"
	    "items:\n"
	    "  t: {values: [a, b, c, d, e, f], weights: [4, 1, 1, 1, 1, 1]}\n"
	    "  day: {clock: \"%A\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 15s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	const double creates = floor(5000.0 / CREATE_10KB) * 4.0 / 6.0;
	const double want = 31457280.0 / (creates * B_10KB);
	char t[640];
	double replay, s = full_s(text, t, sizeof(t), &replay);

	ck_assert_msg(tu_near(s, want, 1e-6), "%f (want %f): %s", s, want, t);
	ck_assert_msg(strstr(t, "\"a-Monday\" first"), "%s", t);
	ck_assert_msg(strstr(t, "bounded by range 1's 5,000 RU/s"), "%s", t);
	ck_assert_msg(replay >= 8.0 && replay < 10.0, "replay %f", replay);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_timekey");
	TCase *tc = tcase_create("runway_timekey");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_timekey_other_values_share_the_range);
	suite_add_tcase(s, tc);
	return s;
}
