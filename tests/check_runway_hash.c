/*
 * runway_hash: the storage runway of keys with a {hash(p) mod N} part
 * (src/result/runway_shares.c, include/pksim/result/runway.h): each key
 * value's share is the probability mass of every value of p that hashes
 * to it, not of the values a short run happened to draw. Figures by
 * hand beside each test; each says what it gave before.
 *
 * The hash classes of the vins below, counted apart from pksim (FNV-1a
 * 32, offset basis 2166136261, prime 16777619, over each value's bytes,
 * as pkey_fnv1a32): "VIN000000" .. "VIN099999" fall 25,000 / 25,000 /
 * 25,000 / 25,000 into mod 4's values 0 .. 3, so each holds exactly a
 * quarter of a uniform draw.
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

/* The first variant of scenario text: its runway's time to full (s),
   the runway sentence into t */
static double full_s(const char *text, char *t, size_t cap)
{
	int kind;
	double s = tu_full_s("hash.yaml", text, &kind, t, cap);

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	return s;
}

/*
 * "{date}.{hash(vin) mod 4}" over 100,000 vins drawn uniformly (the key
 * lesson 4 recommends), 100 creates/s of 10 KB (10,240 B) from Monday
 * 2026-05-04 00:00 UTC for 30 s. Each suffix takes a quarter of the
 * writes: 25 x 10,240 = 256,000 B/s while its day is current, 20 GiB
 * at t = 21,474,836,480 / 256,000 = 83,886.08 s (0.971 days), inside
 * the day's 86,400 s. 100,000 RU/s leave every write room. Before:
 * "bounded: a day's bucket ends before it fills, holding at most 634.5
 * MiB": each suffix only the mass of the ~750 vins of its class the
 * 3,000 creates drew.
 */
START_TEST(test_runway_hash_day_bucket_large_pool)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: \"2026-05-04T00:00:00Z\"}\n"
	    "container: {partition_key: \"{date}.{hash(vin) mod 4}\", "
	    "throughput: 100000}\n"
	    "items:\n"
	    "  vin: {values: \"VIN{000000..099999}\"}\n"
	    "  date: {clock: \"%Y-%m-%d\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: 30s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 256000.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "projected from the workload's rates"), "%s",
		      t);
	ck_assert_msg(strstr(t, "while its day is current"), "%s", t);
}
END_TEST

/*
 * "{hash(vin) mod 4}" alone, 10 creates/s of 10 KB for 30 s: each value
 * a quarter, 2.5 x 10,240 = 25,600 B/s, 20 GiB in 21,474,836,480 /
 * 25,600 = 838,860.8 s (9.71 days), however few of the vins the 300
 * creates drew. Before: "not within 5 years ("2" holds 12.0 GiB by
 * then)", the mass of the ~75 vins each value drew.
 */
START_TEST(test_runway_hash_plain_large_pool)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{hash(vin) mod 4}\", throughput: "
	    "10000}\n"
	    "items:\n"
	    "  vin: {values: \"VIN{000000..099999}\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: 30s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 25600.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "projected from the workload's rates"), "%s",
		      t);
}
END_TEST

/*
 * The same figure whatever the run's length: 30 s or 10 min of the
 * same rate draw 300 or 6,000 vins and say the same 838,860.8 s.
 */
START_TEST(test_runway_hash_run_length)
{
	static const char fmt[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{hash(vin) mod 4}\", throughput: "
	    "10000}\n"
	    "items:\n"
	    "  vin: {values: \"VIN{000000..099999}\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: %s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char text[400], t[640];
	double a, b;

	snprintf(text, sizeof(text), fmt, "30s");
	a = full_s(text, t, sizeof(t));
	snprintf(text, sizeof(text), fmt, "10m");
	b = full_s(text, t, sizeof(t));
	ck_assert_msg(tu_near(a, CAP / 25600.0, 1e-6), "%f", a);
	ck_assert_msg(tu_near(b, CAP / 25600.0, 1e-6), "%f", b);
}
END_TEST

/*
 * "{t}-{hash(id) mod 10}" with t always "a" and the id unique: ten key
 * values, each a tenth of 400 creates/s of 1 KB (5 RU each): 40
 * creates/s, 200 RU/s, 40,960 B/s a value. 5 ranges of 400 RU/s; the
 * values lie 6 / 1 / 3 / 0 / 0 on ranges 0 .. 4 (the run's table: a-7
 * alone on range 1; a-0, a-2, a-6 on range 2). a-7 is asked 200 < 400
 * RU/s and grows its whole 40,960 B/s: 20 GiB in 21,474,836,480 /
 * 40,960 = 524,288 s (6.07 days), first; range 2's three get 400 / 600
 * of it (9.1 days), range 0's six 400 / 1,200 (18.2 days). Before:
 * "8.5 days ("a-8" first, growing 28.6 KiB/s, bounded by range 0's 400
 * RU/s)", one value for the key, on range 0, the others' shares spread
 * over every range.
 */
START_TEST(test_runway_hash_unique_each_on_its_range)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{t}-{hash(id) mod 10}\", "
	    "throughput: 2000, partitions: 5}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  t: {const: a}\n"
	    "phases:\n"
	    "  - {name: p, duration: 2m, rate: 400/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 40960.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"a-7\" first"), "%s", t);
	ck_assert_msg(!strstr(t, "bounded by"), "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_hash");
	TCase *tc = tcase_create("runway_hash");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_runway_hash_day_bucket_large_pool);
	tcase_add_test(tc, test_runway_hash_plain_large_pool);
	tcase_add_test(tc, test_runway_hash_run_length);
	tcase_add_test(tc, test_runway_hash_unique_each_on_its_range);
	suite_add_tcase(s, tc);
	return s;
}
