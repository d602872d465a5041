/*
 * runway_sub: the storage runway of a key whose time part changes
 * faster than the projection's hourly step and comes back ("%H:%M",
 * "%M:%S", "%d %H:%M"; src/result/runway_hash_time.c,
 * include/pksim/result/runway.h): each value grows only in its own
 * buckets, at the rate of that moment, or the runway says it does not
 * time them. Figures by hand beside each test; each says what it gave
 * before.
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
/* An item of 2 MiB stores 2,097,152 B (index_factor 1) */
#define MIB2 2097152.0

/* Hour 0 of each day at 5 creates/s of 2 MiB, nothing the other 23:
   10,485,760 B/s while it writes, 1,024 RU a create (5,120 RU/s),
   under each range's 400,000 / 67 = 5,970 RU/s. KEY is the clock
   format of d. */
#define HOUR0(KEY)                                                             \
	"seed: 1\n"                                                            \
	"clock: {start: 2026-01-01}\n"                                         \
	"container: {partition_key: /d, throughput: 400000}\n"                 \
	"items:\n"                                                             \
	"  d: {clock: \"" KEY "\"}\n"                                          \
	"phases:\n"                                                            \
	"  - name: w\n"                                                        \
	"    duration: 1d\n"                                                   \
	"    item_size: 2MiB\n"                                                \
	"    rate: {base: 5/s, daily: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "   \
	"0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}\n"

/* A "%M" key, 30 minutes of each hour at 10 creates/s of 100 KB and 30
   at 0.001/s; CONT adds to the container's mapping */
#define HALF(CONT)                                                             \
	"seed: 1\n"                                                            \
	"clock: {start: 2026-01-01}\n"                                         \
	"container: {partition_key: /m, throughput: 100000" CONT "}\n"         \
	"items: {m: {clock: \"%M\"}}\n"                                        \
	"phases:\n"                                                            \
	"  - {name: on, duration: 30m, rate: 10/s, item_size: 100KB}\n"        \
	"  - {name: off, duration: 30m, rate: 0.001/s, item_size: 100KB}\n"

/* The first variant of scenario text: its runway's time to full (s),
   the runway sentence into t */
static double full_s(const char *text, char *t, size_t cap)
{
	int kind;
	double s = tu_full_s("sub.yaml", text, &kind, t, cap);

	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	return s;
}

/*
 * A minute of the day ("%H:%M", 1,440 values a day, past the 1,024 the
 * projection once stepped one by one) written in hour 0 only: "00:00"
 * .. "00:59" each get their own minute a day, 60 x 10,485,760 =
 * 629,145,600 B. After 34 days "00:00" holds 21,390,950,400 B and needs
 * 83,886,080 B more, 8.0 s at 10,485,760 B/s into its minute of day 34:
 * t = 34 x 86,400 + 8 = 2,937,608 s (34.0 days). A replay of this
 * workload for 35 days says "/d = "00:00" reached its 20.0 GiB limit
 * at t = 2,937,608 s", "00:01" at 2,937,668 s. Before: 819.0 days,
 * "00:12" first, growing 7.1 KiB/s: each step gave slot 0 a day's
 * share (60 / 86,400) of its hour's writes, so the hour that writes
 * gave a minute 1/24 of what it does.
 */
START_TEST(test_sub_minute_of_day_hour0)
{
	static const char text[] = HOUR0("%H:%M");
	char t[640];
	double s = full_s(text, t, sizeof(t));

	/* (CAP - 34 x 60 x 5 x MIB2) / (5 x MIB2) = 8.0 s */
	ck_assert_msg(
	    tu_near(s, 34 * 86400.0 + (CAP - 34 * 60 * 5 * MIB2) / (5 * MIB2),
		    1e-9),
	    "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"00:00\" first, growing 10.0 MiB/s while "
				"its minute is current"),
		      "%s", t);
}
END_TEST

/*
 * A second of the hour ("%M:%S", 3,600 values an hour), 10 creates/s of
 * 100 KB (1,024,000 B/s) all day: each value is current 1 s an hour and
 * gains 1,024,000 B an hour. After 20,971 hours "00:00" holds
 * 21,474,304,000 B and needs 532,480 B, 0.52 s into its second of hour
 * 20,971: t = 20,971 x 3,600 + 0.52 = 75,495,600.52 s (873.8 days).
 * Before: 873.8 days at the hour's mean, "31:12" named, "growing 284
 * B/s while its second is current" (1,024,000 / 3,600: the mean, not
 * its rate while current).
 */
START_TEST(test_sub_second_of_hour)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: /d, throughput: 100000}\n"
	    "items:\n"
	    "  d: {clock: \"%M:%S\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1h, rate: 10/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 20971 * 3600.0 + 0.52, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"00:00\" first, growing 1000.0 KiB/s while "
				"its second is current"),
		      "%s", t);
}
END_TEST

/*
 * A minute of the month ("%d %H:%M") comes back on a month, not a
 * cycle the projection steps one by one, and written in hour 0 only
 * each "DD 00:MM" value gains 629,145,600 B a month: "01 00:00" fills
 * in its 35th month (34.13 months of its minute), within 5 years. The
 * runway says it does not time such a key, and why, with no figure and
 * no value named. Before: "not within 5 years ("01 00:00" holds 1.4
 * GiB by then)", each value at its mean share of every hour, 1/24 of
 * what hour 0 writes into it.
 */
START_TEST(test_sub_minute_of_month_not_projected)
{
	static const char text[] = HOUR0("%d %H:%M");
	char t[640];
	int kind;

	tu_full_s("sub.yaml", text, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_NOT_PROJECTED);
	ck_assert_msg(strstr(t, "not projected: its key's buckets of 60 s "
				"come back, but on a cycle or with more "
				"values than the projection steps one at a "
				"time"),
		      "%s", t);
	ck_assert_msg(strstr(t, "is not timed"), "%s", t);
}
END_TEST

/*
 * Ten customers each with a second of the hour ("{c}-{d}", "%M:%S"):
 * 10 x 3,600 values a step, past the 28,800 the steps update; each
 * "c-MM:SS" takes a tenth, 1,024,000 B/s in its second, 1,024,000 B
 * an hour, and would fill within 5 years (20,971 hours). Not
 * projected, said so. Before: 873.8 days, "a-31:12" named, "growing 284
 * B/s while its second is current".
 */
START_TEST(test_sub_seconds_past_step_budget)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{c}-{d}\", throughput: 100000}\n"
	    "items:\n"
	    "  c: {values: [a, b, c, d, e, f, g, h, i, j]}\n"
	    "  d: {clock: \"%M:%S\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1h, rate: 100/s, item_size: 100KB}\n";
	char t[640];
	int kind;

	tu_full_s("sub.yaml", text, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_NOT_PROJECTED);
	ck_assert_msg(strstr(t, "buckets of 1 s come back"), "%s", t);
}
END_TEST

/*
 * A "%M" key written half of each hour: 30 minutes at 10 creates/s of
 * 100 KB (1,024,000 B/s), 30 at 0.001/s, from 00:00. "00" .. "29" are
 * current while it writes: "00" gains 60 x 1,024,000 = 61,440,000 B an
 * hour. After 349 hours it holds 21,442,560,000 B and needs 32,276,480
 * B, 31.52 s into minute 00 of hour 349: t = 349 x 3,600 + 31.52 =
 * 1,256,431.52 s (14.5 days), growing 1,024,000 B/s (1000.0 KiB/s)
 * while its minute is current; a replay of 350 such hours says "/m =
 * "00" reached its 20.0 GiB limit at t = 1,256,431 s". Before: 29.1
 * days, "growing 500.0 KiB/s": the step's writes taken as even over its
 * hour, the quiet half's minutes given as much as the busy half's.
 */
START_TEST(test_sub_minute_half_hour_busy)
{
	static const char text[] = HALF("");
	char t[640];
	double s = full_s(text, t, sizeof(t));

	/* (CAP - 349 x 60 x 1,024,000) / 1,024,000 = 31.52 s */
	ck_assert_msg(
	    tu_near(s, 349 * 3600.0 + (CAP - 349 * 60 * 1024000.0) / 1024000.0,
		    1e-9),
	    "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"00\" first, growing 1000.0 KiB/s while "
				"its minute is current"),
		      "%s", t);
}
END_TEST

/*
 * The same under a default_ttl of 100,000 s: "00" holds its last
 * lifetime's writes, 100,000 / 3,600 x 61,440,000 = 1,706,666,667 B
 * (1.59 GiB), "45" next to none. The steps under time to live keep one
 * mean share of each hour for every minute (1/60 of it: 0.79 GiB, half
 * the truth), so the runway says it does not time such a key. Before:
 * "never: levels off at 813.9 MiB under time to live".
 */
START_TEST(test_sub_minute_half_hour_ttl_not_projected)
{
	static const char text[] = HALF(", default_ttl: 100000");
	char t[640];
	int kind;

	tu_full_s("sub.yaml", text, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_NOT_PROJECTED);
	ck_assert_msg(strstr(t, "not projected: its key's buckets of 60 s "
				"come back and its writes vary within an "
				"hour"),
		      "%s", t);
}
END_TEST

/*
 * A "%M" key under a default_ttl of 7,200 s (the trial's mk-5h-ttl7200s
 * case): 500 ops/s, 10 % creates of 10 KB and 90 % point reads of a
 * stored item, 2,500 RU/s on 5 ranges of 500, a 100 MiB cap (10,240
 * items). A minute grows only while it is current, at most 50 creates
 * a second, 29.3 MiB an occurrence; its items live 2 h, two of its
 * occurrences, so it holds at most 58.6 MiB plus the expired items its
 * busy range has not yet deleted (rule 28: deletion takes only the RU
 * the requests leave). Its replay of 12 h fills no minute (the largest,
 * "57", 87.8 MiB at its end). The steps under time to live take each
 * minute at its mean share of each hour, 1/60 of the range's writes
 * (6.7 KiB/s), and cannot follow that backlog, so the runway says it
 * does not time such a key. Before: "13" full in 4.2 h, "growing 6.7
 * KiB/s while its minute is current", a date its own replay
 * contradicts.
 */
START_TEST(test_sub_minute_ttl_not_timed)
{
	static const char text[] =
	    "seed: 7\n"
	    "clock: {start: \"2026-03-05T00:00:00Z\"}\n"
	    "container: {partition_key: /minute, throughput: 2500, "
	    "partitions: 5, logical_partition_storage: 100MB, default_ttl: "
	    "7200s}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{0000..0999}\"}\n"
	    "  minute: {clock: \"%M\"}\n"
	    "phases:\n"
	    "  - {name: t, duration: 60s, rate: 500/s, ops: {create: 0.1, "
	    "read: 0.9}, item_size: 10KB}\n";
	char t[640];
	int kind;

	tu_full_s("sub.yaml", text, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_NOT_PROJECTED);
	ck_assert_msg(strstr(t, "not projected: its key's buckets of 60 s "
				"come back under time to live"),
		      "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_sub");
	TCase *tc = tcase_create("runway_sub");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_sub_minute_of_day_hour0);
	tcase_add_test(tc, test_sub_second_of_hour);
	tcase_add_test(tc, test_sub_minute_of_month_not_projected);
	tcase_add_test(tc, test_sub_seconds_past_step_budget);
	tcase_add_test(tc, test_sub_minute_half_hour_busy);
	tcase_add_test(tc, test_sub_minute_half_hour_ttl_not_projected);
	tcase_add_test(tc, test_sub_minute_ttl_not_timed);
	suite_add_tcase(s, tc);
	return s;
}
