/*
 * runway_spill: the client's retries of the requests a range throttles
 * in one stretch are stored in the room of the next
 * (src/result/runway_spill.c). Each case's figures derived by hand
 * beside it, and what it gave before.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "testutil.h"

/* Scenario text's first variant's runway: its kind (enum pk_full_kind),
   its time to full (s, -1 none), its sentence into t */
static double runway_of(const char *text, int *kind, char *t, size_t cap)
{
	return tu_full_s("spill.yaml", text, kind, t, cap);
}

/*
 * A container: one key on one range of 400 RU/s, a 30-s cycle of 10 s
 * at 200 creates/s of 1 KB (5 RU each, rule 20: 1,000 RU/s asked) and
 * 20 s at 1 create/s. The busy 10 s store 400 / 5 = 80 a second and
 * throttle 120; the quiet 20 s use 5 of the 400 RU/s.
 * retries: none: 800 + 20 = 820 items of 1,024 B a cycle; 20 GiB =
 * 20,971,520 items: 25,575 cycles hold 20,971,500 at 767,250 s, the 20
 * left take 0.25 s of a busy 10 s: 767,250.25 s (8.9 days).
 * The default client retries a throttled write 9 times at the
 * retry-after, 9 s (rule 13), each retry at the next second's start
 * before its new requests (rule 12): the busy 10 s leave 1,200 creates
 * (6,000 RU) unserved, all sent within the last 9 s at the 1,000 RU/s
 * asked; the quiet slice serves them first, at the 400 RU/s the range
 * served them at, for its first 9 s: 3,600 RU = 720 creates, beside its
 * own 20 (3,700 of its 8,000 RU). 800 + 720 + 20 = 1,540 a cycle; pksim's
 * replay of 20 cycles stores 30,800 = 20 x 1,540. 13,617 cycles =
 * 408,510 s hold 20,970,180; the 1,340 left are the busy 10 s's 800
 * and 540 of the quiet slice's 740, at its mean within it: 540 / 740 x
 * 20 = 14.5946 s: 408,534.5946 s (4.7 days). Before: not projected.
 */
START_TEST(test_spill_container_busy_then_quiet)
{
	static const char fmt[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "%s"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {name: busy, duration: 10s, rate: 200/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: quiet, duration: 20s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char text[1024], t[1024];
	int kind;
	double s;

	snprintf(text, sizeof(text), fmt, "client: {retries: none}\n");
	s = runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 767250.25, 1e-9), "%f: %s", s, t);
	snprintf(text, sizeof(text), fmt, "");
	s = runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 408510.0 + 10.0 + 540.0 / 740.0 * 20.0, 1e-9),
		      "%f: %s", s, t);
}
END_TEST

/*
 * A DynamoDB table: /day with a keys_only local secondary index (its
 * item collection capped at 10 GiB, D18), 4,000 WCU, a 30-s cycle of
 * 10 s at 200 puts/s of 10 KB then 20 s at 1 read/s. A put and its index
 * entry take 11 WCU (D1), so the day's partition of 1,000 WCU stores 90
 * a second and throttles 110; the reads take read units (D3).
 * retries: none: 900 puts of 10 KiB a cycle; 10 GiB = 10,485,760 KiB:
 * 1,165 cycles hold 10,485,000 at 34,950 s, the 76 puts left take 0.84 s:
 * 34,950.84 s (9.7 h).
 * The busy 10 s leave 1,100 puts (12,100 WCU) unserved, all sent
 * within the last 9 s at the 2,200 WCU/s asked; the quiet slice
 * serves their retries first at the 990 WCU/s the partition served
 * them at (90 whole puts a second).
 * The default client (9 s of retries, rule 13): 9 x 990 = 8,910 WCU =
 * 810 puts: 1,710 a cycle, 17,100 KiB (pksim's replay: 1,710, trialF-2's
 * 346,000 - 4,000 reads over 200 cycles). 613 cycles = 18,390 s hold
 * 10,482,300 KiB; the 346 puts left take 3.8444 s of the next busy 10
 * s at 90 a second: 18,393.8444 s (5.1 h).
 * A table's `retry_mode: legacy` (25.55 s of waits, D16): the quiet
 * 20 s serve up to 19,800 WCU, all 1,100: 2,000 a cycle, 20,000 KiB (the
 * replay stores every put). 524 cycles = 15,720 s hold 10,480,000 KiB;
 * the 576 puts left take 6.4 s: 15,726.4 s (4.4 h).
 * Before: not projected under both.
 */
START_TEST(test_spill_table_busy_then_quiet)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /day\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 3000\n"
	    "  write_capacity_units: 4000\n"
	    "%s"
	    "  local_secondary_indexes:\n"
	    "    - {name: byTs, sort_key: /ts, projection: keys_only}\n"
	    "%s"
	    "items:\n"
	    "  day: {clock: \"%%Y-%%m-%%d\"}\n"
	    "  ts: {unique: \"s-\"}\n"
	    "phases:\n"
	    "  - {name: burst, duration: 10s, rate: 200/s, ops: {create: 1}, "
	    "item_size: 10KB}\n"
	    "  - {name: quiet, duration: 20s, rate: 1/s, ops: {read: 1}, "
	    "item_size: 10KB}\n";
	char text[1024], t[1024];
	int kind;
	double s;

	snprintf(text, sizeof(text), fmt, "", "client: {retries: none}\n");
	s = runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 34950.0 + 76.0 / 90.0, 1e-9), "%f: %s", s, t);
	snprintf(text, sizeof(text), fmt, "", "");
	s = runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 18390.0 + 346.0 / 90.0, 1e-9), "%f: %s", s, t);
	snprintf(text, sizeof(text), fmt, "  retry_mode: legacy\n", "");
	s = runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 15720.0 + 576.0 / 90.0, 1e-9), "%f: %s", s, t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_spill");
	TCase *tc = tcase_create("runway_spill");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_spill_container_busy_then_quiet);
	tcase_add_test(tc, test_spill_table_busy_then_quiet);
	suite_add_tcase(s, tc);
	return s;
}
