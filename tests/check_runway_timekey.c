/*
 * runway_timekey: the throughput bound of the storage runway
 * (include/pksim/result/runway.h) under a key with a time part: the
 * range holding the current bucket serves that bucket's reads, and the
 * writes of every other key value current with it on that range
 * (src/result/runway_keyed.c, runway_step.c). Each figure derived by
 * hand beside its test and checked against a replay long enough to
 * reach the cap; each says what it gave before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* A create of 10 KB is charged 5 + 45 x 9 / 99 = 9.0909 RU and a point
   read of it 1 + 9 x 9 / 99 = 1.8182 RU (reference rule 12's size
   curve, as the trial's x3 case works it), each in whole milli-RU:
   9.091 and 1.818; 10 KB stores 10,240 B */
#define CREATE_10KB 9.091
#define READ_10KB 1.818
#define B_10KB 10240.0
/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11) */
#define CAP 21474836480.0

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
 * Key /date (`%Y-%m-%d`) from 2026-03-05 00:00 UTC: 4,000 ops/s, 10 %
 * creates of 10 KB and 90 % point reads of a stored item, 30,000 RU/s
 * on 5 ranges of 6,000, a 20 MiB cap. From midnight every stored item
 * is in the day's bucket, so every read lands on its range: 400 x 9.091
 * = 3,636.4 RU/s of creates and 3,600 x 1.818 = 6,544.8 of reads ask
 * 10,181.2 of its 6,000. Every request gets the same part: the creates
 * 6,000 x 3,636.4 / 10,181.2 = 2,143.0 RU/s, 235.73 a second,
 * 2,413,865 B/s: 20 MiB = 20,971,520 B in 8.688 s (the trial's x3
 * works the same at 200 MiB: 86.9 s). The replay reaches the cap in its
 * 9th second (t = 8 s). Before: 5.12 s (400 creates/s unthrottled, the
 * reads spread a fifth to each range).
 */
START_TEST(test_timekey_reads_on_the_day_range)
{
	static const char text[] =
	    "seed: 7\n"
	    "clock: {start: \"2026-03-05T00:00:00Z\"}\n"
	    "container: {partition_key: /date, throughput: 30000, "
	    "logical_partition_storage: 20MB}\n"
	    "items:\n"
	    "  date: {clock: \"%Y-%m-%d\"}\n"
	    "phases:\n"
	    "  - {name: t, duration: 15s, rate: 4000/s, ops: {create: 0.1, "
	    "read: 0.9}, item_size: 10KB}\n";
	const double ru = 400 * CREATE_10KB + 3600 * READ_10KB;
	const double creates = 6000.0 * (400 * CREATE_10KB / ru) / CREATE_10KB;
	const double want = 20971520.0 / (creates * B_10KB);
	char t[640];
	double replay, s = full_s(text, t, sizeof(t), &replay);

	ck_assert_msg(tu_near(s, want, 1e-6), "%f (want %f): %s", s, want, t);
	ck_assert_msg(strstr(t, "'s 6,000 RU/s shared with the reads"), "%s",
		      t);
	ck_assert_msg(replay >= 8.0 && replay < 10.0, "replay %f", replay);
}
END_TEST

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

/*
 * scenarios/iot-by-day.yaml: 2,000 operations/s, 0.9 of them creates of
 * 1 KB, keyed by %A from Wednesday 23:58:30. Thursday is current from t
 * = 90 s; its range has 18,000 / 3 = 6,000 RU/s, and a 1 KB create
 * costs 5 RU: its 1,800 creates/s want 9,000 RU/s. The 200 reads/s of
 * 1 KB (1 RU) read the stored items, each range its part of them.
 * Wednesday's 90 s had every read on its own range (nothing else
 * stored): 1,800 x 6,000 / 9,200 = 1,173.9 creates/s stored, N0 =
 * 105,652 items there. Thursday's range (another) holds the part
 * n / (N0 + n) of the items once Thursday holds n: it is asked 9,000 +
 * 200 n / (N0 + n) RU/s and serves 6,000, every request alike, so n
 * grows 1,800 x 6,000 / that a second; walked in 10 ms steps below, 20
 * GiB (20,971,520 items of 1,024 B) at t = 17,944.3 s (0.2077 days,
 * 5.0 h), bounded by range 2's RU/s shared with the reads. Before:
 * 17,950.1 s (Wednesday's offered 162,000 items spread a third to each
 * range, Thursday's part taken at each hour's middle).
 */
START_TEST(test_timekey_iot_by_day)
{
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	const double n0 = 90.0 * 1800.0 * 6000.0 / 9200.0;
	double n = 0, want = 90.0;
	char t[640];

	while (n < CAP / 1024.0) {
		n += 0.01 * 1800.0 * 6000.0 / (9000.0 + 200.0 * n / (n0 + n));
		want += 0.01;
	}
	ck_assert_msg(tu_near(want, 17944.3, 1e-5), "%f", want);
	diag_init(&d);
	sc = scenario_load(tu_src("scenarios/iot-by-day.yaml"), &d);
	ck_assert_ptr_nonnull(sc);
	diag_free(&d);
	c = tu_cards_sc(sc, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, want, 1e-5), "%f",
		      c[0].days_to_full * 86400.0);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "bounded by range 2's 6,000 RU/s shared with "
				"the reads, queries and rewrites"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/* The 60 minute values' ranges under /minute on 5 ranges and on 3
   (pksim locate of "00" .. "59": 17 / 14 / 12 / 9 / 8 values on ranges
   0 .. 4; 25 / 20 / 15 on ranges 0 / 1 / 2) */
static const char ranges5[] =
    "140044312240012421040101223031402221020110021021014330031333";
static const char ranges3[] =
    "120022201120011210020100112021201110010000011011002220020121";

/* The replay's mechanics walked second by second for a "%M" key from
   00:00 on ranges of ru RU/s each (each minute's range in rng): 50
   creates of 10 KB and 450 point reads a second, a read on a range by
   its part of the stored items (none before the first is stored); each
   range's RU/s serves the retries first, then the second's new
   requests, every request of a group the same part (rule 12); a
   request throttled retries each second, 9 times at most (rule 13, the
   SDK's default), then fails. Returns the first second by whose end a
   minute holds 10,240 items (100 MiB), its minute in *first_min. */
static double minutes_queue(const char *rng, size_t n_r, double ru,
			    int *first_min)
{
	enum { W = 9, NR = 5 };
	/* each range's requests by age (0 new, a: retried a times so far):
	   creates and reads a second, and the minute of the creates */
	double cr[NR][W + 1] = {{0}}, rd[NR][W + 1] = {{0}};
	int mn[NR][W + 1] = {{0}};
	double items[60] = {0}, on[NR] = {0}, all = 0;
	int s, a;
	size_t r;

	for (s = 0; s < 6 * 3600; s++) {
		const int m = (s / 60) % 60;

		for (r = 0; r < n_r; r++) {
			double ask[2] = {0, 0}, f[2], left = ru;

			cr[r][0] = (size_t)(rng[m] - '0') == r ? 50.0 : 0.0;
			rd[r][0] = all > 0 ? 450.0 * on[r] / all : 0.0;
			mn[r][0] = m;
			for (a = 0; a <= W; a++) {
				ask[a > 0] += cr[r][a] * CREATE_10KB +
					      rd[r][a] * READ_10KB;
			}
			/* the retries first, then the new, each group
			   alike */
			f[1] = ask[1] > 0 ? fmin(1.0, left / ask[1]) : 0;
			left -= ask[1] * f[1];
			f[0] = ask[0] > 0 ? fmin(1.0, left / ask[0]) : 0;
			for (a = 0; a <= W; a++) {
				const double done = cr[r][a] * f[a > 0];
				const int k = mn[r][a];

				cr[r][a] -= done;
				rd[r][a] *= 1.0 - f[a > 0];
				if (items[k] >= 10240.0) {
					continue; /* full: 403, nothing stored
						   */
				}
				items[k] += done;
				on[r] += done;
				all += done;
				if (items[k] >= 10240.0) {
					*first_min = k;
					return s + 1;
				}
			}
			/* a second older; those retried W times fail */
			for (a = W; a > 0; a--) {
				cr[r][a] = cr[r][a - 1];
				rd[r][a] = rd[r][a - 1];
				mn[r][a] = mn[r][a - 1];
			}
		}
	}
	*first_min = -1;
	return -1;
}

/*
 * Key /minute = "%M" from 00:00 (the trial's mk case): 500 ops/s, 10 %
 * creates of 10 KB and 90 % point reads of a stored item, 2,500 RU/s on
 * 5 ranges of 500, a 100 MiB cap (10,240 items). The 60 minute values
 * lie 17 / 14 / 12 / 9 / 8 on ranges 0 .. 4 (pksim locate): "00" on
 * range 1, "01" on range 4. A read draws a stored item, so a range takes
 * the reads of the items its values hold: range 4's 8 values about 8 /
 * 60 of them, 60 reads/s; its value while current asks 50 x 9.091 + 60
 * x 1.818 = 563.6 RU/s of 500 and stores 44.4 creates/s, 443.6 KiB/s:
 * 100 MiB = 102,400 KiB in 231 s of its own minutes, 3 whole minutes and
 * 51 s, so "01" fills in its 4th occurrence, 03:01 to 03:02 (t = 10,860
 * to 10,920 s; at about 10,911 s). A value grows only in its own minute
 * and at most 50 creates/s, 3,000 items a minute, so no value can fill
 * before its 4th (3 x 3,000 < 10,240). The replay (mk.yaml run 5 h)
 * fills "01" at t = 10,903 s. Walked second by second with the
 * replay's retries (minutes_queue, below): "01" first at 10,915 s, its
 * first minute beside none of its range's items and each minute's last
 * retries served after it. Before: "00" (the start's minute) at 14,413
 * s (4.0 h), every value charged a fifth of the reads whatever its range
 * holds.
 */
START_TEST(test_timekey_minutes_read_by_their_items)
{
	static const char text[] =
	    "seed: 7\n"
	    "clock: {start: \"2026-03-05T00:00:00Z\"}\n"
	    "container: {partition_key: /minute, throughput: 2500, "
	    "partitions: 5, logical_partition_storage: 100MB}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{0000..0999}\"}\n"
	    "  minute: {clock: \"%M\"}\n"
	    "phases:\n"
	    "  - {name: t, duration: 60s, rate: 500/s, ops: {create: 0.1, "
	    "read: 0.9}, item_size: 10KB}\n";
	char t[640];
	int first = -2;
	const double want = minutes_queue(ranges5, 5, 500.0, &first);
	double replay, s = full_s(text, t, sizeof(t), &replay);

	ck_assert_int_eq(first, 1);
	ck_assert_msg(tu_near(want, 10915.0, 1e-9), "%f", want);
	ck_assert_msg(s >= 10860.0 && s < 10920.0 && fabs(s - want) < 15.0,
		      "%f (want %f): %s", s, want, t);
	ck_assert_msg(strstr(t, "\"01\" first"), "%s", t);
	ck_assert_msg(strstr(t, "range 4's 500 RU/s shared with the reads"),
		      "%s", t);
}
END_TEST

/*
 * Key /hour = "%Y-%m-%dT%H" from 00:55 (the trial's h1-55 case): 400
 * ops/s, 10 % creates of 10 KB and 90 % point reads of a stored item,
 * 2,000 RU/s on 5 ranges of 400, a 200 MiB cap (20,480 items). Hour 00
 * (range 3) is alone for 300 s: every read on its range, 40 x 9.091 +
 * 360 x 1.818 = 1,018.1 RU/s asked of 400, 15.715 creates/s stored: N0
 * = 4,714.6 items. Hour 01 lies on range 4 and starts empty: holding n
 * items it draws the part n / (N0 + n) of the 360 reads, so its creates
 * run at 40 a second until 363.6 + 360 x 1.818 x n / (N0 + n) passes
 * 400, then 40 x 400 / that. Walked in 1 ms steps below: full at t =
 * 1,280.3 s (the replay's 1,288 s). Before: 1,507 s, hour 01 charged a
 * mid-step share of the reads for its whole fill plus a fifth of hour
 * 00's.
 */
START_TEST(test_timekey_new_bucket_reads_grow_with_it)
{
	static const char text[] =
	    "seed: 7\n"
	    "clock: {start: \"2026-03-05T00:55:00Z\"}\n"
	    "container: {partition_key: /hour, throughput: 2000, "
	    "partitions: 5, logical_partition_storage: 200MB}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{0000..0999}\"}\n"
	    "  hour: {clock: \"%Y-%m-%dT%H\"}\n"
	    "phases:\n"
	    "  - {name: t, duration: 60s, rate: 400/s, ops: {create: 0.1, "
	    "read: 0.9}, item_size: 10KB}\n";
	const double w = 40 * CREATE_10KB;
	const double n0 = 300.0 * 40.0 * 400.0 / (w + 360.0 * READ_10KB);
	double n = 0, want = 300.0, replay, s;
	char t[640];

	while (n < 20480.0) {
		const double ask = w + 360.0 * READ_10KB * n / (n0 + n);

		n += 0.001 * 40.0 * fmin(1.0, 400.0 / ask);
		want += 0.001;
	}
	ck_assert_msg(tu_near(want, 1280.3, 1e-4), "%f", want);
	s = full_s(text, t, sizeof(t), &replay);
	ck_assert_msg(tu_near(s, want, 1e-4), "%f (want %f): %s", s, want, t);
	ck_assert_msg(strstr(t, "\"2026-03-05T01\" first"), "%s", t);
}
END_TEST

/*
 * Key /minute ("%M") on 3 ranges of 500 RU/s from 00:00 (the trial's
 * mk-p3-00 case; trialD-4's fixture above on 3 ranges): 500 ops/s, 10 %
 * creates of 10 KB and 90 % point reads of a stored item, a 100 MiB cap
 * (10,240 items); the minutes lie on the ranges as ranges3 says, "00" on
 * range 1, "01" on range 2. A range takes the part of the reads its
 * values' items are of all stored, so a minute's first hour is its own:
 * "00" alone on an empty container draws every read (50 x 9.091 + 450 x
 * 1.818 = 1,272.6 RU/s asked of 500: 19.6 creates/s), "01" just after it
 * starts beside none of its own range's items (50 creates/s until its
 * reads catch up). In steady state range 2 (15/60 of the items, 112.5
 * reads/s) stores 37.9 creates/s while current and range 1 (150 reads/s)
 * 34.4, and each minute's last retries (9 at most) are served after it
 * where its range then has room. Walked second by second
 * (minutes_queue): "01" fills first, at t = 14,483 s, in its 5th minute
 * (04:01 to 04:02); "00" does not fill in 5 h. The replay (5 h) fills
 * "01" first at 14,468 s and not "00" (92.2 MiB at 5 h). Before: "00"
 * at 4.0 h (14,458 s), each minute's first hour at its range's mean
 * share of the reads, the start's minute named.
 */
START_TEST(test_timekey_minutes_first_hour_walked)
{
	static const char text[] =
	    "seed: 7\n"
	    "clock: {start: \"2026-03-05T00:00:00Z\"}\n"
	    "container: {partition_key: /minute, throughput: 1500, "
	    "partitions: 3, logical_partition_storage: 100MB}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{0000..0999}\"}\n"
	    "  minute: {clock: \"%M\"}\n"
	    "phases:\n"
	    "  - {name: t, duration: 60s, rate: 500/s, ops: {create: 0.1, "
	    "read: 0.9}, item_size: 10KB}\n";
	char t[640];
	int first = -2;
	const double want = minutes_queue(ranges3, 3, 500.0, &first);
	double replay, s;

	ck_assert_int_eq(first, 1);
	ck_assert_msg(tu_near(want, 14483.0, 1e-9), "%f", want);
	s = full_s(text, t, sizeof(t), &replay);
	/* within its 5th minute and 15 s of the walk (14,479.4 s: the
	   projection's pieces of a minute and retries served as a whole
	   queue, not second by second) */
	ck_assert_msg(s >= 14460.0 && s < 14520.0 && fabs(s - want) < 15.0,
		      "%f (want %f): %s", s, want, t);
	ck_assert_msg(strstr(t, "\"01\" first"), "%s", t);
	ck_assert_msg(strstr(t, "range 2's 500 RU/s shared with the reads"),
		      "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_timekey");
	TCase *tc = tcase_create("runway_timekey");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_timekey_reads_on_the_day_range);
	tcase_add_test(tc, test_timekey_iot_by_day);
	tcase_add_test(tc, test_timekey_other_values_share_the_range);
	tcase_add_test(tc, test_timekey_minutes_read_by_their_items);
	tcase_add_test(tc, test_timekey_new_bucket_reads_grow_with_it);
	tcase_add_test(tc, test_timekey_minutes_first_hour_walked);
	suite_add_tcase(s, tc);
	return s;
}
