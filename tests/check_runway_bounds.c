/*
 * runway_bounds: the throughput bound of the storage runway
 * (include/pksim/result/runway.h) as the RU/s change over the workload:
 * each phase's own setting, and a fleet pool's max shared by the ranges
 * that draw on it in one second (rule 40). Each figure derived by hand
 * beside its test; each says what it gave before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/report_json.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11); an
   item of 1 KB stores 1,024 B, so 20,971,520 of them fill it */
#define CAP 21474836480.0
#define ITEMS_1KB 20971520.0

/* The JSON report's days_to_full_basis of the last full_s */
static char basis[64];

/* The first variant of scenario text: its runway's time to full (s),
   the runway sentence into t, its JSON basis into basis */
static double full_s(const char *text, char *t, size_t cap)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("bounds.yaml", text), text, &run, &res);
	double s;

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	s = c[0].days_to_full * 86400.0;
	scorecard_full_text(res, &c[0], 0, t, cap);
	snprintf(basis, sizeof(basis), "%s", report_json_full_basis(&c[0]));
	tu_cards_free(c, run, res);
	return s;
}

/*
 * One key, 100 creates/s of 1 KB (5 RU each), phase `low` an hour at
 * 400 RU/s, `high` an hour at 4,000; the phases repeat as a 2 h cycle.
 * At 400 RU/s 400 / 5 = 80 creates/s succeed, at 4,000 all 100: a cycle
 * stores 80 x 3,600 + 100 x 3,600 = 648,000 items. 32 cycles hold
 * 20,736,000 at t = 230,400 s; the 235,520 left take 235,520 / 80 =
 * 2,944 s of the next `low` hour: full at t = 233,344 s (2.70 days),
 * bounded by range 0's 400 RU/s. Before: every phase at the end's 4,000
 * RU/s, 20,971,520 / 100 = 209,715.2 s and no bound named.
 */
START_TEST(test_bounds_each_phase_its_ru)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: low, duration: 1h, rate: 100/s, throughput: 400, "
	    "ops: {create: 1}, item_size: 1KB}\n"
	    "  - {name: high, duration: 1h, rate: 100/s, throughput: 4000, "
	    "ops: {create: 1}, item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(
	    tu_near(s, 32 * 7200.0 + (ITEMS_1KB - 32 * 648000.0) / 80.0, 1e-6),
	    "%f", s);
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s"), "%s", t);
}
END_TEST

/*
 * The same, `low` setting nothing: the container's own 400 RU/s hold in
 * the first hour only, and from the second cycle on `low` keeps the
 * 4,000 the cycle ended with. First hour: 80 x 3,600 = 288,000 items;
 * then 100/s for the 20,683,520 left: 206,835.2 s; full at t =
 * 210,435.2 s. Before: 209,715.2 s (4,000 RU/s from t = 0).
 */
START_TEST(test_bounds_first_cycle_keeps_the_container)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: low, duration: 1h, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: high, duration: 1h, rate: 100/s, throughput: 4000, "
	    "ops: {create: 1}, item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 3600.0 + (ITEMS_1KB - 288000.0) / 100.0, 1e-6),
		      "%f", s);
}
END_TEST

/*
 * Rule 40: 3 ranges of 1,000 RU/s, a fleet pool of max 3,000. Keys a, d
 * and b land on ranges 2, 0 and 1 (`pksim locate`), one each; 6,000
 * creates/s of 1 KB ask each range for 2,000 x 5 = 10,000 RU/s. The
 * pool lends all partitions together 3,000 RU/s in a second: 1,000 each,
 * so a range has 2,000 RU/s, 400 creates/s, 409,600 B/s: 20 GiB in
 * 21,474,836,480 / 409,600 = 52,428.8 s (0.61 days). Before: each range
 * drew the pool's full 3,000 extra, 4,000 RU/s, 26,214.4 s.
 */
START_TEST(test_bounds_pool_max_shared)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 3000, partitions: 3, "
	    "fleet_pool: {max: 3000}}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: {values: [a, b, d]}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 6000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 409600.0, 1e-6), "%f", s);
	ck_assert_msg(strstr(t, "'s 2,000 RU/s"), "%s", t);
}
END_TEST

/*
 * The same container with one key (a, range 2): the only range with
 * writes draws the pool's 3,000 extra alone, within the 8,000 cap:
 * 4,000 RU/s, 800 creates/s, 819,200 B/s: 26,214.4 s.
 */
START_TEST(test_bounds_pool_one_range_draws)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 3000, partitions: 3, "
	    "fleet_pool: {max: 3000}}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: a\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 6000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 819200.0, 1e-6), "%f", s);
	ck_assert_msg(strstr(t, "bounded by range 2's 4,000 RU/s"), "%s", t);
}
END_TEST

/*
 * The client's throughput control bounds what its stream sends: one
 * key, 1,000 creates/s of 1 KB offered (5 RU each) on 1,000 RU/s, the
 * client's ru_budget 200 RU/s: it sends 200 / 5 = 40 creates/s, 40,960
 * B/s (the range's 1,000 RU/s would let 200/s through): 20 GiB in
 * 21,474,836,480 / 40,960 = 524,288 s (6.07 days). Before: 200 creates/s,
 * the range's bound, 104,857.6 s (1.21 days).
 */
START_TEST(test_bounds_client_ru_budget)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000}\n"
	    "client: {ru_budget: 200, retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 40960.0, 1e-6), "%f", s);
	/* the client held it, not the range: said so, and in JSON */
	ck_assert_msg(strstr(t, "bounded by the stream's client: ru_budget "
				"200 RU/s"),
		      "%s", t);
	ck_assert_str_eq(basis, "workload_rates_bounded_by_client");
}
END_TEST

/*
 * A closed-loop client sends at most its workers' N x 1,000 / latency
 * operations a second (client.h): one worker at 10 ms, 100 creates/s
 * of the 1,000 offered, 102,400 B/s on 100,000 RU/s: 20 GiB in
 * 21,474,836,480 / 102,400 = 209,715.2 s (2.43 days). Before: the
 * 1,000/s offered, 20,971.52 s (0.24 days).
 */
START_TEST(test_bounds_client_workers)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "client: {retries: off, concurrency: 1, latency: 10ms}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 102400.0, 1e-6), "%f", s);
	ck_assert_msg(strstr(t, "bounded by the stream's client: 1 worker at "
				"10 ms = 100 requests/s"),
		      "%s", t);
	ck_assert_str_eq(basis, "workload_rates_bounded_by_client");
}
END_TEST

/*
 * What a client cannot send waits in its queue and goes out in a quieter
 * stretch, as the replay's client sends it. One key, 10,000 RU/s, a
 * client ru_budget of 200 RU/s (40 creates/s of 1 KB at 5 RU); a 20-s
 * cycle: 10 s at 60 creates/s, 10 s at 1/s. The busy 10 s send 400 of
 * the 600 offered; the quiet 10 s have room for 400 and send the 200
 * waiting and their own 10: all 610 a cycle, 30.5 a second, 31,232 B/s
 * (7.96 days), said to be the client's bound. The cap holds 20,971,520
 * items of 1,024 B; an hour 180 cycles, 109,800: 190 hours hold
 * 20,862,000, the 109,520 left are 179 cycles (3,580 s, 109,190) and
 * 330 of the next busy 10 s's 400: 8.25 s. Full at 684,000 + 3,588.25
 * = 687,588.25 s. Before: 410 a cycle (the 200 never sent), 20.5 a
 * second, 11.8 days; then 687,590.2 s, the hour's mean rate.
 */
START_TEST(test_bounds_client_queue_carried)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "client: {ru_budget: 200, retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: busy, duration: 10s, rate: 60/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: quiet, duration: 10s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 684000.0 + 3580.0 + 330.0 / 40.0, 1e-6), "%f",
		      s);
	ck_assert_msg(strstr(t, "bounded by the stream's client: ru_budget "
				"200 RU/s"),
		      "%s", t);
}
END_TEST

/*
 * The same across the projection's hour steps (a cycle of an hour is
 * walked phase by phase, not averaged): ru_budget 10 RU/s, 2 creates/s
 * of 1 KB; 30 min at 3/s, 30 min at 1/s. The busy half sends 3,600 of
 * its 5,400; the quiet half has room for 3,600 and sends the 1,800
 * waiting and its own 1,800: 7,200 an hour, 2 a second from t = 0:
 * 2,048 B/s, 20 GiB in 10,485,760 s (121.4 days). Before: 5,400 an
 * hour, 161.8 days.
 */
START_TEST(test_bounds_client_queue_across_steps)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "client: {ru_budget: 10, retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: busy, duration: 30m, rate: 3/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: quiet, duration: 30m, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 2048.0, 1e-6), "%f", s);
}
END_TEST

/*
 * A client's queue goes out in a schedule's zeros too, when a short
 * phase stands for the whole day or week (repeated for the projection).
 * One key, 10,000 RU/s, ru_budget 200 RU/s: 40 creates/s of 1 KB (5 RU,
 * 1,024 B); 60 offered a second; the clock starts on Monday 2026-01-05
 * 00:00; a 10-min phase. 20 GiB is 20,971,520 items.
 * - daily, 12 busy hours then 12 at 0: the busy half sends 40 x 43,200
 *   = 1,728,000 of its 2,592,000, the 864,000 left go out in the first
 *   6 quiet hours: 2,592,000 a day. 8 days hold 20,736,000; the 235,520
 *   left take 5,888 s of the 9th: 697,088 s (8.07 days). Before: the
 *   quiet hours sent nothing, 1,728,000 a day, 12.07 days.
 * - weekly, weekdays only: Monday to Friday queue 20 a second, 8,640,000
 *   by Saturday 00:00, more than the weekend's 172,800 s x 40 =
 *   6,912,000 can send: the key grows 40 a second without a break,
 *   20,971,520 / 40 = 524,288 s (6.07 days). Before: 8.07 days, the
 *   weekend counted as zero.
 */
START_TEST(test_bounds_client_queue_into_schedule_zeros)
{
	static const char daily[] =
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "client: {ru_budget: 200, retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, ops: {create: 1}, item_size: 1KB,\n"
	    "     rate: {base: 60/s, daily: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,\n"
	    "     1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}}\n";
	static const char weekly[] =
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "client: {ru_budget: 200, retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, ops: {create: 1}, item_size: 1KB,\n"
	    "     rate: {base: 60/s, weekly: weekdays}}\n";
	char t[640];
	double s = full_s(daily, t, sizeof(t));

	ck_assert_msg(tu_near(s, 8 * 86400.0 + 235520.0 / 40.0, 1e-6), "%f", s);
	ck_assert_msg(strstr(t, "bounded by the stream's client: ru_budget "
				"200 RU/s"),
		      "%s", t);
	s = full_s(weekly, t, sizeof(t));
	ck_assert_msg(tu_near(s, ITEMS_1KB / 40.0, 1e-6), "%f", s);
}
END_TEST

/*
 * A random-suffix key's values each on their own range, and a reader's
 * IN list (rule 38) charged where the replay runs it. "{t}.{random
 * 1..10}" with t always "a": ten values, each 1/10 of 100 creates/s of
 * 1 KB (5 RU), 10 creates/s, 10,240 B/s. 5 ranges of 400 RU/s; the
 * values lie 2 / 0 / 2 / 4 / 2 on ranges 0 .. 4 (rs4's `pksim locate`).
 * 120 reads/s each send an IN list over the 4 ranges holding values:
 * 1 + 4 x 2.5 + 0.5 = 11.5 RU (scenarios/README.md), 2.875 RU on each
 * of them: 345 RU/s a range. Range 0, 2 or 4: 2 x 10 x 5 = 100 RU/s of
 * writes + 345 = 445 > 400, every request gets 400 / 445: a value grows
 * 10,240 x 400 / 445 = 9,204.5 B/s, 20 GiB in 2,333,081 s (27.0 days).
 * Range 3: 200 + 345 = 545, 7,515.6 B/s, 33.1 days: not first. Before:
 * one value for the key (a.3, on range 3) with the others' shares
 * spread over all 5 ranges and the IN list charged by those shares:
 * 31.9 days, the slowest value named.
 */
START_TEST(test_bounds_suffix_reads_where_they_run)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{t}.{random 1..10}\", throughput: "
	    "2000, partitions: 5}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  t: {const: a}\n"
	    "phases:\n"
	    "  - {name: p, duration: 2m, rate: 220/s, ops: {create: "
	    "0.4545454545, read: 0.5454545455}, item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / (10240.0 * 400.0 / 445.0), 1e-3), "%f",
		      s);
	ck_assert_msg(!strstr(t, "range 3's"), "%s", t);
	ck_assert_msg(strstr(t, "400 RU/s shared with the reads"), "%s", t);
}
END_TEST

/*
 * Rule 31: writes in a throughput bucket capped at 40 % use at most 40 %
 * of their range's RU/s (throttle.h: each range caps the bucket at that
 * share of its own). One key, 1,000 RU/s, 1,000 creates/s of 1 KB (5 RU)
 * in bucket 1: 400 RU/s, 80 creates/s, 81,920 B/s: 20 GiB in
 * 21,474,836,480 / 81,920 = 262,144 s (3.03 days). Before: the range's
 * 1,000 RU/s, 200 creates/s, 104,857.6 s (1.21 days).
 */
START_TEST(test_bounds_throughput_bucket)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000, "
	    "throughput_buckets: [{id: 1, max_percent: 40}]}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB, throughput_bucket: 1}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 81920.0, 1e-6), "%f", s);
	ck_assert_msg(strstr(t, "bounded by throughput bucket 1's 40 % of "
				"range 0's 1,000 RU/s"),
		      "%s", t);
	ck_assert_str_eq(basis, "workload_rates_bounded_by_bucket");
}
END_TEST

/*
 * Rule 30 as the replay throttles (throttle.h: Low gets what High
 * leaves): one key on one range of 1,000 RU/s; stream w sends 180
 * creates/s of 1 KB as High (5 RU each: 900 RU/s), stream r 500 point
 * reads/s of 1 KB as Low (1 RU each: 500 RU/s). The range is asked
 * 1,400 RU/s; High's 900 fit, so every create succeeds: 180 x 1,024 =
 * 184,320 B/s, 20 GiB in 21,474,836,480 / 184,320 = 116,508.4 s (1.35
 * days), and the writes were never held back (no bound said). Before:
 * every request got 1,000 / 1,400 of what it asked, 128.6 creates/s,
 * 1.89 days.
 */
START_TEST(test_bounds_priority_high_writes_first)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {k: {const: one}}\n"
	    "    client: {retries: off, priority: high}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 180/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: r\n"
	    "    items: {k: {const: one}}\n"
	    "    client: {retries: off, priority: low}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 500/s, ops: {read: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 184320.0, 1e-6), "%f", s);
	ck_assert_msg(!strstr(t, "bounded by range"), "%s", t);
}
END_TEST

/*
 * The roles swapped: w sends 1,000 creates/s of 1 KB as Low (5,000
 * RU/s), r 500 reads/s as High (500 RU/s). High's reads take 500 RU/s;
 * the Low creates get the other 500: 100 creates/s, 102,400 B/s, 20 GiB
 * in 209,715.2 s (2.43 days), bounded by the range with Low getting what
 * High leaves. Before: 1,000 / 5,500 of each, 181.8 creates/s, 1.33
 * days.
 */
START_TEST(test_bounds_priority_low_writes_get_the_rest)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {k: {const: one}}\n"
	    "    client: {retries: off, priority: low}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: r\n"
	    "    items: {k: {const: one}}\n"
	    "    client: {retries: off, priority: high}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 500/s, ops: {read: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 102400.0, 1e-6), "%f", s);
	ck_assert_msg(strstr(t, "range 0's 1,000 RU/s, its Low-priority "
				"writes getting what the High-priority "
				"requests leave"),
		      "%s", t);
}
END_TEST

/*
 * Rule 14 (burst) as pksim models it (throttle.h): a range below 3,000
 * RU/s banks what it leaves unused, at most 300 s of its RU/s, and
 * spends it on top of its RU/s up to 3,000 RU/s. One key, 400 RU/s, a
 * 10-min cycle: 5 min at 1 create/s of 1 KB (5 RU), 5 min at 600/s.
 * The idle 5 min bank 300 x (400 - 5) = 118,500 RU (below the 120,000
 * cap); the busy 5 min ask 3,000 RU/s and get 400 x 300 + 118,500 =
 * 238,500 RU, 47,700 creates: 48,000 items a cycle, 81,920 B/s. The
 * hour step holds 6 cycles, 288,000 items: 72 steps hold 20,736,000 at
 * t = 259,200 s; the 235,520 left are 4 cycles (2,400 s, 192,000), the
 * next idle 5 min's 300 and 43,220 of its busy 5 min's 47,700 (159/s):
 * 271.82 s, full at 259,200 + 2,400 + 300 + 271.82 = 262,171.82 s
 * (3.03 days). Before: the bank was not counted, 400 RU/s in the busy
 * half, 24,300 a cycle, 6.0 days; then 262,144 s, the hour's mean.
 */
START_TEST(test_bounds_burst_short_cycle)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, burst: true}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: idle, duration: 5m, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: busy, duration: 5m, rate: 600/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(
	    tu_near(s, 259200.0 + 2400.0 + 300.0 + 43220.0 / 159.0, 1e-6), "%f",
	    s);
	ck_assert_msg(strstr(t, "400 RU/s and its burst credit"), "%s", t);
}
END_TEST

/*
 * Rules 14 and 28 together: time to live's deletions take the unused
 * RU first, so the bank earns only what they leave (throttle.h: one
 * second's leftover is spent once, as the replay does). The cycle above
 * in 1-min phases with default_ttl 60 s: the idle minute's 60 creates
 * (5 RU) leave 395 x 60 = 23,700 RU, and the busy minute's items
 * (expiring 60 s after their write) take all of it: 23,700 / 5 = 4,740
 * deletions, nothing banked. The busy minute gets 400 x 60 = 24,000 RU,
 * 4,800 creates. Net 60 + 4,800 - 4,740 = 120 items a 120-s cycle, 1 a
 * second. Only the first idle minute, before anything expires, banks
 * its 23,700 RU, and the first busy minute spends them: 47,700 / 5 =
 * 9,540 creates, 9,600 items at t = 120 s (the 2-min replay stores 9.4
 * MiB = 9,600 items). So each cycle ends at 9,480 + 120 n items, a busy
 * minute gaining 80 a second from 4,800 below that: the cap's
 * 20,971,520 items (1 KB each) in cycle n = 174,684 (20,971,560 at its
 * end), 4,760 items into its busy minute, 59.5 s: t = 120 x 174,684 -
 * 60 + 59.5 = 20,962,079.5 s (242.6 days; stepped a second at a time).
 * Before: the hour steps at the cycle's mean, 20,971,520 s; earlier the
 * 23,700 RU banked every cycle and past 16 cycles an hour step the
 * deletions were not counted: 4.1 days.
 */
START_TEST(test_bounds_burst_after_deletions)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, burst: true, "
	    "default_ttl: 60}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: idle, duration: 1m, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: busy, duration: 1m, rate: 600/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 20962079.5, 1e-9), "%f", s);
	/* no credit was left to spend: the bound is the range's own */
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s)"), "%s", t);
}
END_TEST

/*
 * The bank carries from one hour step to the next: the same with hour
 * phases. The idle hour leaves 395 RU/s unused, banked up to the cap of
 * 300 x 400 = 120,000 RU; the busy hour gets 400 x 3,600 + 120,000 =
 * 1,560,000 RU, 312,000 creates; the cycle 315,600 items. 66 cycles hold
 * 20,829,600 at t = 475,200 s; the idle hour adds 3,600, and the busy
 * hour's 312,000 (linear in it) the 138,320 left in 1,596 s: full at
 * 480,396 s (5.56 days). Before: 291,600 a cycle, 71.9 cycles, 6.0 days.
 */
START_TEST(test_bounds_burst_carried)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, burst: true}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: idle, duration: 1h, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: busy, duration: 1h, rate: 600/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s,
			      66 * 7200.0 + 3600.0 +
				  (ITEMS_1KB - 66 * 315600.0 - 3600.0) /
				      312000.0 * 3600.0,
			      1e-6),
		      "%f", s);
}
END_TEST

/*
 * The bank grows over hour steps whose writes are alike: a step's
 * growth given again (runway_again.c) only from the credit it was found
 * for. 400 RU/s, 100 KB creates at 50 RU (rule 20): an idle 2 h at 7.5/s
 * (375 RU/s) banks 25 RU/s, 90,000 RU in its first hour, the cap of 300
 * x 400 = 120,000 in its second; the busy 10 min at 60/s (3,000 RU/s)
 * get 400 x 600 + 120,000 = 360,000 RU, 7,200 creates. A 7,800-s cycle
 * adds 54,000 + 7,200 = 61,200 items of 102,400 B; 20 GiB is 209,715.2
 * of them: 3 cycles (183,600) and 26,115.2 / 7.5 = 3,482.03 s of the
 * fourth's idle hours, full at 26,882.03 s. The same figure before the
 * growth was kept; 26,962.03 with a kept growth that ignores the credit
 * (an idle hour given the one before's, its bank left at 90,000: a busy
 * 10 min get 330,000 RU, 600 creates fewer, 80 s of idle writes).
 */
START_TEST(test_bounds_burst_banked_over_steps)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, burst: true}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: idle, duration: 2h, rate: 450/m, ops: {create: 1}, "
	    "item_size: 100KB}\n"
	    "  - {name: busy, duration: 10m, rate: 60/s, ops: {create: 1}, "
	    "item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(
	    tu_near(s, 3 * 7800.0 + (CAP / 102400.0 - 3 * 61200.0) / 7.5, 1e-9),
	    "%f", s);
}
END_TEST

/* n pairs of an idle 15 s (1 create/s) and a busy 15 s (60/s) of 100
   KB on 400 RU/s with burst capacity, into buf */
static void burst_pairs(char *buf, size_t cap, int n)
{
	size_t at = (size_t)snprintf(buf, cap,
				     "container: {partition_key: /k, "
				     "throughput: 400, burst: true}\n"
				     "client: {retries: off}\n"
				     "items:\n"
				     "  k: only\n"
				     "phases:\n");
	int i;

	for (i = 0; i < n && at < cap; i++) {
		at += (size_t)snprintf(
		    buf + at, cap - at,
		    "  - {name: i%d, duration: 15s, rate: 1/s, "
		    "ops: {create: 1}, item_size: 100KB}\n"
		    "  - {name: b%d, duration: 15s, rate: 60/s, "
		    "ops: {create: 1}, item_size: 100KB}\n",
		    i, i);
	}
	ck_assert_uint_lt(at, cap);
}

/*
 * Burst credit is banked stretch by stretch, and a phase list longer
 * than the 64 stretches a step keeps apart goes round in turn.
 * A pair: the idle 15 s use 50 RU/s (a 100-KB create, rule 20) and bank
 * 350 x 15 = 5,250 RU; the busy 15 s ask 3,000 RU/s and get 400 x 15 +
 * 5,250 = 11,250 RU, 225 creates: 240 items of 102,400 B a 30-s pair.
 * 20 GiB = 209,715.2 items: 873 pairs (209,520) at 26,190 s, an idle 15
 * s (15 more) and 180.2 of the busy 15 s's 225, 12.01 s: full at
 * 26,217.01 s; the same written as 32 pairs (64 stretches), and as 60
 * or 200 pairs (120, 400 stretches: the 28 or 168 past the 32nd pair
 * join the 32nd's idle and busy stretch, which then go round 29 or 169
 * times in turn, each idle 15 s banking for the busy 15 s after it).
 * Taken as one, a 435-s idle stretch would bank at most 300 x 400 =
 * 120,000 RU of the 152,250 its 29 idle 15 s bank apart: 13,995 items a
 * 1,800-s cycle, not 14,400, full at 27,388 s (7.6 h). Thirty triples
 * of idle (1/s), busy (60/s) and a third 15 s (2/s) fold unevenly (the
 * 26 past the 64 kept join the 21st triple's busy and third stretch 9
 * times each, its idle 8): their turns are not one order, so not
 * projected.
 */
START_TEST(test_bounds_burst_long_phase_list)
{
	char text[65536], t[1024];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	size_t at;
	int i;

	burst_pairs(text, sizeof(text), 1);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 26217.01, 1e-5), "%s",
		      t);
	burst_pairs(text, sizeof(text), 32);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 26217.01, 1e-5), "%s",
		      t);
	burst_pairs(text, sizeof(text), 60);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 26217.01, 1e-5), "%s",
		      t);
	burst_pairs(text, sizeof(text), 200);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 26217.01, 1e-5), "%s",
		      t);
	at = (size_t)snprintf(text, sizeof(text),
			      "container: {partition_key: /k, "
			      "throughput: 400, burst: true}\n"
			      "client: {retries: off}\n"
			      "items:\n"
			      "  k: only\n"
			      "phases:\n");
	for (i = 0; i < 30 && at < sizeof(text); i++) {
		at += (size_t)snprintf(
		    text + at, sizeof(text) - at,
		    "  - {name: i%d, duration: 15s, rate: 1/s, "
		    "ops: {create: 1}, item_size: 100KB}\n"
		    "  - {name: b%d, duration: 15s, rate: 60/s, "
		    "ops: {create: 1}, item_size: 100KB}\n"
		    "  - {name: m%d, duration: 15s, rate: 2/s, "
		    "ops: {create: 1}, item_size: 100KB}\n",
		    i, i, i);
	}
	ck_assert_uint_lt(at, sizeof(text));
	c = tu_cards(tu_dir_file("bounds.yaml", text), text, &run, &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(c[0].full_kind == PK_FULL_NOT_PROJECTED, "%d: %s",
		      c[0].full_kind, t);
	ck_assert_msg(strstr(t, "burst credit (rule 14) banks in each quiet "
				"stretch"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The same under one spiking phase: 3 creates/s of 100 KB (150 RU/s),
 * x 20 for 10 s every 30 s (3,000 RU/s), the first spike at 0 s. The
 * 20 s between spikes bank 250 x 20 = 5,000 RU; a spike gets 400 x 10
 * + 5,000 = 9,000 RU, 180 creates: 240 items a 30 s, as the pairs, but
 * the first spike 80 (4,000 RU, nothing banked yet): 100 fewer. A 60-s
 * phase is a cycle shorter than an hour, its two spikes one 20-s piece,
 * the rest one 40-s piece, taken in turn: 480 items a cycle, the first
 * 380. 7 steps hold 7 x 28,800 - 100 = 201,500 items at 25,200 s, 17
 * cycles 8,160 more at 26,220 s; the 55.2 left at the cycle's mean 8/s,
 * 6.9 s: 26,226.9 s. A 3,600-s phase is walked by the hour: its 120
 * spikes one 1,200-s piece, the gaps one 2,400-s piece, taken in turn
 * the same (taken as one, the gaps would bank at most 120,000 RU of the
 * 600,000 they bank apart: 39,663 s, 11.0 h); its spikes' seconds in
 * order time the fill: the 55.2 left at 26,220 s are 55.2 / 180 of the
 * next spike's 10 s, 3.0667 s: 26,223.0667 s.
 */
START_TEST(test_bounds_burst_spikes_taken_together)
{
	static const char fmt[] =
	    "container: {partition_key: /k, throughput: 400, burst: true}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: s, duration: %ds, rate: {base: 3/s, spikes: {every: "
	    "30s, for: 10s, factor: 20}}, ops: {create: 1}, "
	    "item_size: 100KB}\n";
	char text[512], t[1024];

	snprintf(text, sizeof(text), fmt, 60);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 26226.9, 1e-9), "%s",
		      t);
	snprintf(text, sizeof(text), fmt, 3600);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)),
			      26220.0 + 55.2 / 180.0 * 10.0, 1e-9),
		      "%s", t);
}
END_TEST

/*
 * A targeted query is charged on the ranges that hold its prefix, not
 * spread over all of them. Key [/t, /u], t always "a", u one of 10
 * values: every logical partition shares the prefix "a", so its items
 * and its `where: {t: eq}` queries are on one range of 400 RU/s. 100
 * creates/s of 1 KB (5 RU) and 100 queries/s of 1 + 2.5 x 1 range + 0.5
 * x 1 result = 4 RU (scenarios/README's query charges) ask that range
 * for 900 RU/s; every request gets 400 / 900 of what it asked: 44.4
 * creates/s, 4.44 a logical partition, 4,551.1 B/s: 20 GiB in
 * 4,718,592 s (54.6 days), whatever the partitions. Before: the queries
 * spread over the ranges, half on the hot one with 2 partitions (42.5
 * days), a fifth with 5 (35.2).
 */
START_TEST(test_bounds_targeted_query_where_it_runs)
{
	static const char fmt[] =
	    "container: {partition_key: [/t, /u], throughput: %d, "
	    "partitions: %d}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  t: {const: a}\n"
	    "  u: {values: \"u{1..10}\"}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 200/s, ops: {create: 0.5, query: 0.5}, "
	    "item_size: 1KB, queries: [{name: q, where: {t: eq}, results: "
	    "1}]}\n";
	static const int parts[] = {2, 5};
	size_t i;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		char text[512], t[640];
		double s;

		snprintf(text, sizeof(text), fmt, 400 * parts[i], parts[i]);
		s = full_s(text, t, sizeof(t));
		ck_assert_msg(
		    tu_near(s, CAP / (100.0 * 400.0 / 900.0 / 10.0 * 1024.0),
			    1e-6),
		    "%d partitions: %f", parts[i], s);
	}
}
END_TEST

/*
 * Rule 40, the pool shared by need: each range draws what it is offered
 * beyond its own RU/s, at most 3,000, and the draws are scaled down to
 * the pool's max when together they pass it. 2 ranges of 1,000 RU/s,
 * pool max 3,000; keys a 800 : b 240 : c, d, e, f 1 each of 1,044
 * creates/s of 1 KB (5 RU); a, c, e on range 1, b, d, f on range 0
 * (`pksim locate`). Range 0 is offered 242 x 5 = 1,210 RU/s and draws
 * 210; range 1 is offered 802 x 5 = 4,010 and draws at most 3,000: 3,210
 * in all, scaled by 3,000 / 3,210: range 1 has 1,000 + 2,803.7 RU/s, of
 * which "a" gets 800 / 802: 758.9 creates/s, 20 GiB in 27,635.9 s (0.32
 * days). Before: the max split evenly, range 1 at 2,500 RU/s, 0.49 days.
 */
START_TEST(test_bounds_pool_by_need)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 2000, partitions: 2, "
	    "fleet_pool: {max: 3000}}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: {values: [a, b, c, d, e, f], weights: [800, 240, 1, 1, 1, "
	    "1]}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1044/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	const double ru = 1000.0 + 3000.0 * 3000.0 / 3210.0;
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(
	    tu_near(s, CAP / (ru / 5.0 * 800.0 / 802.0 * 1024.0), 1e-6), "%f",
	    s);
	ck_assert_msg(strstr(t, "bounded by range 1's 3,804 RU/s"), "%s", t);
}
END_TEST

/*
 * The service admits a request whole, only when its charge fits what
 * its second has left (rule 12). One key, 15 creates/s of 1 MB
 * (1,048,576 B stored; rule 20's 100 KB write is 50 RU, so 1 MB is 512
 * RU) on one partition of 5,000 RU/s: 9 fit a second (4,608 RU; the
 * 10th would need 5,120), 9 x 1,048,576 = 9,437,184 B/s, 20 GiB in
 * 21,474,836,480 / 9,437,184 = 2,275.6 s. The same workload replayed
 * for 40 min refuses its first write with 403/1014 at t = 2,275 s.
 * Before: 5,000 / 512 = 9.77 a second, full at 2,097.2 s.
 */
START_TEST(test_bounds_whole_writes)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 5000}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 2m, rate: 15/s, ops: {create: 1}, "
	    "item_size: 1MB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / (9.0 * 1048576.0), 1e-6), "%f: %s", s,
		      t);
	ck_assert_msg(strstr(t, "bounded by range 0's 5,000 RU/s"), "%s", t);
}
END_TEST

/*
 * A write dearer than its range's whole second runs alone in an
 * untouched second and leaves the rest as a debt the next seconds pay
 * off (throttle.h's ASSUMPTION): one key, 1 create/s of 1 MiB
 * (1,048,576 B; 512 RU, as above) on 400 RU/s. Second 0 admits one
 * (512 used, a debt of 112); second 1 opens with 112 used and refuses
 * 512; second 2 opens clean (112 - 400 < 0) and admits the next: one
 * write every ceil(512 / 400) = 2 s, 524,288 B/s, 20 GiB in
 * 21,474,836,480 / 524,288 = 40,960 s. A 42,000-s replay refuses its
 * first write with 403/1014 at t = 40,960 s. Before: 400 / 512 = 0.78
 * a second, 26,214.4 s, 36 % early. 2 MiB (1,024 RU) at 400 RU/s: a
 * debt of 624, 224 after second 1, paid in second 2: one every
 * ceil(2.56) = 3 s, 2,097,152 / 3 = 699,050.7 B/s, 30,720 s.
 */
START_TEST(test_bounds_write_dearer_than_a_second)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1MiB}\n";
	static const char text2[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 1/s, ops: {create: 1}, "
	    "item_size: 2MiB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 40960.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "growing 512.0 KiB/s, bounded by range 0's "
				"400 RU/s"),
		      "%s", t);
	s = full_s(text2, t, sizeof(t));
	ck_assert_msg(tu_near(s, CAP / (2097152.0 / 3.0), 1e-6), "%f: %s", s,
		      t);
}
END_TEST

/*
 * Ranges offered only queries draw from the pool too. 3 ranges of 1,000
 * RU/s, pool max 3,000; stream w writes 2,000 creates/s of 1 KB to one
 * key (10,000 RU/s on its range); stream q sends 3,000 fan-out queries/s
 * of 1 + 2.5 x 3 ranges + 0.5 x 1 result = 9 RU, 3 on each range: 9,000
 * RU/s each. Every range asks for more than 3,000 beyond its own: 9,000
 * in all, scaled to 3,000, 1,000 each: 2,000 RU/s. The key's range
 * serves its writes 10,000 / 19,000 of it: 1,052.6 RU/s, 210.5 creates/s,
 * 20 GiB in 99,614.7 s (1.15 days). Before: the ranges without writes
 * drew nothing, the key's range 4,000 RU/s, 0.58 days.
 */
START_TEST(test_bounds_pool_queries_draw)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 3000, partitions: 3, "
	    "fleet_pool: {max: 3000}}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: a}}\n"
	    "    phases:\n"
	    "      - {duration: 5s, rate: 2000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: q\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {values: \"k{00..29}\"}}\n"
	    "    phases:\n"
	    "      - {duration: 5s, rate: 3000/s, ops: {query: 1}, queries: "
	    "[{name: scan, where: {}, results: 1}]}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(
	    tu_near(s, CAP / (2000.0 * 10000.0 / 19000.0 / 5.0 * 1024.0), 1e-6),
	    "%f", s);
	ck_assert_msg(strstr(t, "'s 2,000 RU/s shared"), "%s", t);
}
END_TEST

/*
 * Point reads land where the items are stored, and under a range's
 * bound that is not where the writes are sent. Key /k over [a, b]
 * weighted 3 : 1 ("a" on range 1 and "b" on range 0 of 12,000 RU/s,
 * 6,000 each: pksim locate); 8,000 ops/s, 20 % creates of 1 KB (5 RU),
 * 80 % point reads of one stored item (1 RU). Range 1 is asked for
 * 0.75 x 1,600 x 5 = 6,000 RU/s of creates and 6,400 x s of reads, s
 * its share of the stored items; range 0 for 2,000 + 6,400 x (1 - s),
 * under its 6,000 while s >= 0.375, so it serves all. Range 1 serves
 * the part f = 6,000 / (6,000 + 6,400 s) of its requests, and the items
 * stored there are s = 0.75 f / (0.75 f + 0.25) = 3f / (3f + 1). Then
 * f (6,000 (3f + 1) + 19,200 f) = 6,000 (3f + 1), 31 f^2 - 10 f - 5 = 0,
 * f = (10 + sqrt(720)) / 62 = 0.5940768 (s = 0.6405710): "a" stores
 * 1,200 f = 712.89 creates/s, 729,999.3 B/s, full in 21,474,836,480 /
 * (1,200 x 1,024 x f) = 29,417.5 s (8.17 h). A 10-minute replay stores
 * 433,564 items in "a" (722.6 a second, 64.4 % of the items). Before:
 * reads shared by the writes' 75 %, f = 6,000 / 10,800, 31,457.3 s.
 */
START_TEST(test_bounds_reads_where_items_are)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 12000}\n"
	    "items:\n"
	    "  k: {values: [a, b], weights: [3, 1]}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1m, rate: 8000/s, ops: {create: 0.2, "
	    "read: 0.8}, item_size: 1KB}\n";
	const double f = (10.0 + sqrt(720.0)) / 62.0;
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / (1200.0 * 1024.0 * f), 1e-6), "%f: %s",
		      s, t);
	ck_assert_msg(strstr(t, "\"a\" first"), "%s", t);
	ck_assert_msg(strstr(t, "range 1's 6,000 RU/s"), "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_bounds");
	TCase *tc = tcase_create("runway_bounds");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_bounds_each_phase_its_ru);
	tcase_add_test(tc, test_bounds_first_cycle_keeps_the_container);
	tcase_add_test(tc, test_bounds_pool_max_shared);
	tcase_add_test(tc, test_bounds_pool_one_range_draws);
	tcase_add_test(tc, test_bounds_client_ru_budget);
	tcase_add_test(tc, test_bounds_client_workers);
	tcase_add_test(tc, test_bounds_client_queue_carried);
	tcase_add_test(tc, test_bounds_client_queue_across_steps);
	tcase_add_test(tc, test_bounds_client_queue_into_schedule_zeros);
	tcase_add_test(tc, test_bounds_suffix_reads_where_they_run);
	tcase_add_test(tc, test_bounds_throughput_bucket);
	tcase_add_test(tc, test_bounds_priority_high_writes_first);
	tcase_add_test(tc, test_bounds_priority_low_writes_get_the_rest);
	tcase_add_test(tc, test_bounds_burst_short_cycle);
	tcase_add_test(tc, test_bounds_burst_after_deletions);
	tcase_add_test(tc, test_bounds_burst_carried);
	tcase_add_test(tc, test_bounds_burst_banked_over_steps);
	tcase_add_test(tc, test_bounds_burst_long_phase_list);
	tcase_add_test(tc, test_bounds_burst_spikes_taken_together);
	tcase_add_test(tc, test_bounds_targeted_query_where_it_runs);
	tcase_add_test(tc, test_bounds_reads_where_items_are);
	tcase_add_test(tc, test_bounds_pool_by_need);
	tcase_add_test(tc, test_bounds_pool_queries_draw);
	tcase_add_test(tc, test_bounds_whole_writes);
	tcase_add_test(tc, test_bounds_write_dearer_than_a_second);
	suite_add_tcase(s, tc);
	return s;
}
