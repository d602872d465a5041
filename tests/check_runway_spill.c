/*
 * runway_spill: a figure is not given when the client's retries of the
 * writes a range throttles in one stretch could store more than a
 * hundredth more in the room of the next (src/result/runway_spill.c).
 * Each case's figures derived by hand beside it, and what it gave
 * before.
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
 * retry-after, 9 s (rule 13): the quiet 20 s's first 9 s have 395 x 9 =
 * 3,555 RU for 711 of the last 9 busy seconds' 1,080 throttled creates,
 * 87 % of the 820 a cycle stores: not projected. Before: 767,250.25 s,
 * the figure without retries (pksim's replay of the cycle stores the
 * retried creates too).
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
	runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "%d: %s", kind, t);
	ck_assert_msg(strstr(t, "retried by the client for up to 9.0 s"), "%s",
		      t);
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
 * The default client (9 s of retries) could put min(110 x 9, 1,000 x 9
 * / 11) = 818 more in the quiet 20 s, a table's `retry_mode: legacy`
 * (25.55 s, D16) as many: 91 % of 900, not projected. Before: 34,950.84
 * s under both, where pksim's replay stores 1,710 puts a cycle (default
 * client) or all 2,000 (legacy).
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
	runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "%d: %s", kind, t);
	ck_assert_msg(strstr(t, "for up to 9.0 s"), "%s", t);
	snprintf(text, sizeof(text), fmt, "  retry_mode: legacy\n", "");
	runway_of(text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "%d: %s", kind, t);
	ck_assert_msg(strstr(t, "for up to 25.6 s"), "%s", t);
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
