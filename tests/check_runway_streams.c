/*
 * runway_streams: the storage runway (include/pksim/result/runway.h)
 * of several streams whose items differ in what they are: a time key in
 * one beside a constant in another, shares as the run drew them, each
 * stream's own. Each figure derived by hand beside its test; each says
 * what it gave before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11) */
#define CAP 21474836480.0

/* The first variant of scenario text: its scorecard's runway kind into
 *kind, the sentence into t; returns its time to full, s (-1 none) */
static double full_s(const char *text, int *kind, char *t, size_t cap)
{
	return tu_full_s("streams.yaml", text, kind, t, cap);
}

/* Stream w keyed by the weekday (`%A`), 100 creates/s of 1 KB; stream
   s keyed by the constant "misc", 1 create/s of 100 KB; the clock starts
   on Monday 2026-01-12 and the `/day` key reads each stream's own
   property. */
#define WEEKDAY_AND_MISC(fmt)                                                  \
	"clock: {start: \"2026-01-12T00:00:00Z\"}\n"                           \
	"container: {partition_key: /day, throughput: 100000}\n"               \
	"streams:\n"                                                           \
	"  - name: w\n"                                                        \
	"    items: {day: {clock: \"" fmt "\"}}\n"                             \
	"    phases:\n"                                                        \
	"      - {name: p, duration: 10m, rate: 100/s, ops: {create: 1}, "     \
	"item_size: 1KB}\n"                                                    \
	"  - name: s\n"                                                        \
	"    items: {day: {const: misc}}\n"                                    \
	"    phases:\n"                                                        \
	"      - {name: p, duration: 10m, rate: 1/s, ops: {create: 1}, "       \
	"item_size: 100KB}\n"

/*
 * "misc" is a constant key: it grows by s's 1 x 102,400 B/s for good, 20
 * GiB at 21,474,836,480 / 102,400 = 209,715.2 s (2.43 days). "Monday"
 * grows by w's 100 x 1,024 = 102,400 B/s only while it is Monday: 8.2
 * GiB a Monday, full on its third (day 14 + 3,715.2 s): later. So
 * "misc" first at 209,715.2 s, growing for good (no "while its day is
 * current"). Before: both streams' 200 KiB/s pooled and split by item
 * count, "Monday" at 198 KiB/s (7.2 days) and "misc" at 1.98 KiB/s.
 */
START_TEST(test_streams_time_key_beside_constant)
{
	char t[640];
	int kind;
	double s = full_s(WEEKDAY_AND_MISC("%A"), &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, CAP / 102400.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "\"misc\" first, growing 100.0 KiB/s)"), "%s",
		      t);
}
END_TEST

/*
 * The same with w keyed by the date (`%Y-%m-%d`): a day's bucket never
 * comes back and holds 102,400 x 86,400 B = 8.2 GiB, but "misc" still
 * fills at 209,715.2 s. Before: "bounded" (no days): the date buckets'
 * day-long reset applied to "misc" too, an unsafe "never".
 */
START_TEST(test_streams_date_key_beside_constant)
{
	char t[640];
	int kind;
	double s = full_s(WEEKDAY_AND_MISC("%Y-%m-%d"), &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, CAP / 102400.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "\"misc\" first"), "%s", t);
}
END_TEST

/*
 * The other way round: w 30 creates/s of 100 KB keyed by `%A` (3,072,000
 * B/s while its day is current), s 1,000 creates/s of 1 KB on "misc"
 * whose items live 60 s (`ttl: 60`): "misc" levels off near 1,024,000 x
 * 60 = 58.6 MiB. "Monday" fills at 21,474,836,480 / 3,072,000 =
 * 6,990.5 s, within its first day. Before: "misc" first at 0.066 days,
 * "growing 3.6 MiB/s" (the pooled bytes split by item count).
 */
START_TEST(test_streams_time_key_fills_beside_expiring)
{
	static const char text[] =
	    "clock: {start: \"2026-01-12T00:00:00Z\"}\n"
	    "container: {partition_key: /day, throughput: 1000000, "
	    "default_ttl: -1}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {day: {clock: \"%A\"}}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: 30/s, ops: {create: 1}, "
	    "item_size: 100KB}\n"
	    "  - name: s\n"
	    "    items: {day: {const: misc}, ttl: {const: 60}}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	int kind;
	double s = full_s(text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, CAP / 3072000.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "\"Monday\" first, growing 2.9 MiB/s while "
				"its day is current"),
		      "%s", t);
}
END_TEST

/*
 * Clock on Saturday 2026-01-10: w writes on weekdays only (`weekly:
 * weekdays`), 30 creates/s of 100 KB keyed by `%A`, so the run's 10
 * minutes give it no item; s 1 create/s of 1 KB on "misc". w is drawn
 * apart where it writes: "Monday" (2 days on) fills in 21,474,836,480 /
 * 3,072,000 = 6,990.5 s: at 172,800 + 6,990.5 s. Before: the right
 * figure under the wrong name ("misc", growing 2.9 MiB/s).
 */
START_TEST(test_streams_time_key_idle_in_the_run)
{
	static const char text[] =
	    "clock: {start: \"2026-01-10T00:00:00Z\"}\n"
	    "container: {partition_key: /day, throughput: 100000}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {day: {clock: \"%A\"}}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: {base: 30/s, weekly: "
	    "weekdays}, ops: {create: 1}, item_size: 100KB}\n"
	    "  - name: s\n"
	    "    items: {day: {const: misc}}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	int kind;
	double s = full_s(text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, 172800.0 + CAP / 3072000.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "\"Monday\" first"), "%s", t);
}
END_TEST

/* Stream a: 100 creates/s of 1 KB (1,024 B) on key "one"; stream b: 10
   replaces/s at 100 KB (102,400 B) of the stored items, its own ids a
   pool (POOL) or none */
#define CREATES_AND_REPLACES(pool)                                             \
	"container: {partition_key: /k, throughput: 100000}\n"                 \
	"streams:\n"                                                           \
	"  - name: a\n"                                                        \
	"    items: {k: {const: one}}\n"                                       \
	"    phases:\n"                                                        \
	"      - {name: p, duration: 10m, rate: 100/s, ops: {create: 1}, "     \
	"item_size: 1KB}\n"                                                    \
	"  - name: b\n"                                                        \
	"    items: {k: {const: one}" pool "}\n"                               \
	"    phases:\n"                                                        \
	"      - {name: p, duration: 10m, rate: 10/s, ops: {replace: 1}, "     \
	"item_size: 100KB}\n"

/*
 * A replace's target is drawn at the send from every stored item
 * (scenarios/README.md), so b's id pool bounds nothing: b grows a's
 * items as without it. By hand (a replace picks a stored item
 * uniformly): n = 100t items of mean m hold x = n m; dx/dt = 100 x 1,024
 * + 10 (102,400 - x / n), solved by x = C t with C = 1,126,400 - C / 10:
 * C = 1,024,000 B/s, full at 21,474,836,480 / 1,024,000 = 20,971.5 s.
 * The projection steps the rewrites an hour at a time (runway_rewritten:
 * e^(-r/n) of the items keep their size over a step), which runs about
 * 1.6 % early here: within 2 % of the hand figure, and exactly the
 * figure of the same workload without the pool. Before: 2.43 days,
 * a's creates alone (b's growth dropped with its pool).
 */
START_TEST(test_streams_replaces_ignore_their_pool)
{
	char t[640], t0[640];
	int kind, kind0;
	double s =
	    full_s(CREATES_AND_REPLACES(", id: {values: \"d{1..1000}\"}"),
		   &kind, t, sizeof(t));
	double s0 = full_s(CREATES_AND_REPLACES(""), &kind0, t0, sizeof(t0));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, CAP / 1024000.0, 0.02), "%f", s);
	ck_assert_msg(s == s0, "%f vs %f without the pool", s, s0);
}
END_TEST

/*
 * Stream a upserts among 1,000 ids (`upsert_new` 0 after the first) at
 * 1 KB, stream b replaces stored items at 100 KB: the key holds at most
 * the 1,000 ids, each at most 102,400 B: 102,400,000 B = 97.7 MiB, never
 * 20 GB. Before: "at most 1000.0 KiB" (a's own item size) while the run
 * held 10 MiB.
 */
START_TEST(test_streams_pool_bound_takes_replaced_size)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    items: {k: {const: one}, id: {values: \"d{1..1000}\"}}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: 100/s, ops: {upsert: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: b\n"
	    "    items: {k: {const: one}}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: 10/s, ops: {replace: 1}, "
	    "item_size: 100KB}\n";
	char t[640];
	int kind;

	full_s(text, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_NEVER);
	ck_assert_msg(strstr(t, "among 1000 ids, at most 97.7 MiB"), "%s", t);
}
END_TEST

/*
 * A transactional batch's items must share one logical partition; under
 * `{t}.{random 1..10}` each of a batch's 10 items draws its own suffix,
 * so a batch commits with probability (1/10)^9 and the replay refuses
 * them whole (400), storing nothing. 10 batches/s of 10 items of 1 KB
 * then store 10 x 10^-9 x 10 x 1,024 B/s over the 10 values: 1.024e-5
 * B/s a value, 1,615 B (1.6 KiB) by the 5-year horizon (1,825 days x
 * 86,400 s): not within 5 years. Before: 24.3 days, every batch's items
 * counted as stored.
 */
START_TEST(test_streams_batches_refused_whole)
{
	static const char text[] =
	    "container: {partition_key: \"{t}.{random 1..10}\", throughput: "
	    "50000, partitions: 5}\n"
	    "items:\n"
	    "  t: {const: a}\n"
	    "phases:\n"
	    "  - {name: p, duration: 10m, rate: 10/s, ops: {batch: 1}, batch: "
	    "{size: 10}, item_size: 1KB}\n";
	char t[640];
	int kind;

	full_s(text, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_BEYOND);
	ck_assert_msg(strstr(t, "holds 1.6 KiB by day 1,825"), "%s", t);
}
END_TEST

/*
 * A batch whose items together pass 2 MB is refused whole (413) and
 * stores nothing. One key value "a" (one range of 5,000 RU/s), 10
 * operations/s, half creates of 30 KB (30,720 B), half batches of 100
 * such items: 100 x 30,720 = 3,072,000 B > 2,097,152, every batch
 * refused. Only the creates grow "a": 5 x 30,720 = 153,600 B/s, 20 GiB
 * in 21,474,836,480 / 153,600 = 139,810.1 s (1.62 days). Before: "0.03
 * days (42.4 min) ... growing 8.1 MiB/s, bounded by range 1's 5,000
 * RU/s", the refused batches' 500 items/s counted as growth.
 */
START_TEST(test_streams_batches_too_large_store_nothing)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: /t, throughput: 10000}\n"
	    "items:\n"
	    "  t: {const: a}\n"
	    "phases:\n"
	    "  - {name: p, duration: 1m, rate: 10/s, ops: {create: 0.5, "
	    "batch: 0.5}, batch: {size: 100}, item_size: 30KB}\n";
	char t[640];
	int kind;
	double s = full_s(text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, CAP / 153600.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(!strstr(t, "bounded by"), "%s", t);
}
END_TEST

/*
 * Rule 30: one partition of 1,000 RU/s; stream r's High-priority point
 * reads take 500 x 1 RU/s, stream w's Low-priority creates of 1 KB (5 RU
 * each) get the other 500: 100 a second, 102,400 B/s, full at
 * 21,474,836,480 / 102,400 = 209,715.2 s. w's client budget of 800 RU/s
 * (160 creates/s) is above what the range leaves it, so it does not
 * bind and the sentence names the range only. Before: "... and by stream
 * w's client: ru_budget 800 RU/s" beside the right figure.
 */
START_TEST(test_streams_client_bound_not_binding)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000, partitions: 1}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {k: {const: one}}\n"
	    "    client: {retries: off, priority: low, ru_budget: 800}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: r\n"
	    "    items: {k: {const: one}}\n"
	    "    client: {retries: off, priority: high}\n"
	    "    phases:\n"
	    "      - {name: p, duration: 10m, rate: 500/s, ops: {read: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	int kind;
	double s = full_s(text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, CAP / 102400.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "bounded by range 0's 1,000 RU/s"), "%s", t);
	ck_assert_msg(!strstr(t, "client"), "%s", t);
}
END_TEST

/*
 * A reader stream's reads land where the writer's items lie: /date from
 * 00:00 on an empty container, 2 ranges of 1,000 RU/s, a 100 MB cap
 * (104,857,600 B). Stream w: 15 creates/s of 100 KB (50 RU each, rule
 * 20: 750 RU/s); stream r: 75 point reads/s, no item_size of its own,
 * of w's 100 KB items (10 RU each, rule 20: 750 RU/s). Every stored
 * item is the day's, on its one range: asked 1,500 RU/s on 1,000, the
 * creates get 1,000 x 750 / 1,500 = 500 RU/s, 10/s x 102,400 B =
 * 1,024,000 B/s: full at 104,857,600 / 1,024,000 = 102.4 s. Before:
 * r's reads spread over both ranges, each charged as a 1 KB read, the
 * creates unthrottled, 1,536,000 B/s: 68.3 s.
 */
START_TEST(test_streams_reader_follows_writer_items)
{
	static const char text[] =
	    "clock: {start: \"2026-03-04T00:00:00Z\"}\n"
	    "container: {partition_key: /date, throughput: 2000, "
	    "partitions: 2, logical_partition_storage: 100MB}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {date: {clock: \"%Y-%m-%d\"}}\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 15/s, ops: {create: 1}, "
	    "item_size: 100KB}\n"
	    "  - name: r\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 75/s, ops: {read: 1}}\n";
	char t[640];
	int kind;
	double s = full_s(text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, 102.4, 1e-6), "%f: %s", s, t);
}
END_TEST

/*
 * A reader stream that starts late: a fill inside the hour is timed by
 * the slices in order, not the hour's mean. The fixture above for an
 * hour, the reads from 1,800 s on (a step of 0/s, then 75/s), cap 3 GB
 * (3,221,225,472 B). Until 1,800 s the creates are alone on the day's
 * range, 750 RU/s of 1,000: 15 x 102,400 = 1,536,000 B/s, 2,764,800,000
 * B at 1,800 s; then 1,024,000 B/s (as above): the 456,425,472 B left in
 * 445.728 s, full at 2,245.728 s. Before: the hour's mean 1,280,000 B/s
 * from t = 0, 2,516.58 s (several streams' slices were not taken in
 * time order).
 */
START_TEST(test_streams_late_reader_timed_in_order)
{
	static const char text[] =
	    "clock: {start: \"2026-03-04T00:00:00Z\"}\n"
	    "container: {partition_key: /date, throughput: 2000, "
	    "partitions: 2, logical_partition_storage: 3GB}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {date: {clock: \"%Y-%m-%d\"}}\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 3600s, rate: 15/s, ops: {create: 1}, "
	    "item_size: 100KB}\n"
	    "  - name: r\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 3600s, rate: {steps: [{at: 0s, rate: 0/s}, "
	    "{at: 1800s, rate: 75/s}]}, ops: {read: 1}}\n";
	char t[640];
	int kind;
	double s = full_s(text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(
	    tu_near(s, 1800.0 + (3221225472.0 - 2764800000.0) / 1024000.0,
		    1e-6),
	    "%f: %s", s, t);
}
END_TEST

/*
 * The same with a reader whose cycle is shorter than an hour: 15 min of
 * 0 reads/s, then 15 min of 75/s, over and over (a cycle of 1,800 s).
 * Several streams' stretches under an hour are summed over a step, not
 * put in time order, so a fill inside the step takes the hour's mean,
 * (1,536,000 + 1,024,000) / 2 = 1,280,000 B/s: 3,221,225,472 /
 * 1,280,000 = 2,516.58 s, where in order it fills at 2,397.15 s (0 to
 * 900 s 1,382,400,000 B, to 1,800 s 921,600,000 more, then 917,225,472
 * at 1,536,000 B/s: 597.15 s). The sentence says it was timed at the
 * hour's mean. Before: the same figure, said as if timed.
 */
START_TEST(test_streams_short_cycles_fill_said_at_mean)
{
	static const char text[] =
	    "clock: {start: \"2026-03-04T00:00:00Z\"}\n"
	    "container: {partition_key: /date, throughput: 2000, "
	    "partitions: 2, logical_partition_storage: 3GB}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    items: {date: {clock: \"%Y-%m-%d\"}}\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 1800s, rate: 15/s, ops: {create: 1}, "
	    "item_size: 100KB}\n"
	    "  - name: r\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 1800s, rate: {steps: [{at: 0s, rate: 0/s}, "
	    "{at: 900s, rate: 75/s}]}, ops: {read: 1}}\n";
	char t[640];
	int kind;
	double s = full_s(text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, 3221225472.0 / 1280000.0, 1e-6), "%f: %s", s,
		      t);
	ck_assert_msg(strstr(t, "within the hour it fills in, timed at that "
				"hour's mean rate"),
		      "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_streams");
	TCase *tc = tcase_create("runway_streams");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_streams_time_key_beside_constant);
	tcase_add_test(tc, test_streams_date_key_beside_constant);
	tcase_add_test(tc, test_streams_time_key_fills_beside_expiring);
	tcase_add_test(tc, test_streams_time_key_idle_in_the_run);
	tcase_add_test(tc, test_streams_replaces_ignore_their_pool);
	tcase_add_test(tc, test_streams_pool_bound_takes_replaced_size);
	tcase_add_test(tc, test_streams_batches_refused_whole);
	tcase_add_test(tc, test_streams_batches_too_large_store_nothing);
	tcase_add_test(tc, test_streams_client_bound_not_binding);
	tcase_add_test(tc, test_streams_reader_follows_writer_items);
	tcase_add_test(tc, test_streams_late_reader_timed_in_order);
	tcase_add_test(tc, test_streams_short_cycles_fill_said_at_mean);
	suite_add_tcase(s, tc);
	return s;
}
