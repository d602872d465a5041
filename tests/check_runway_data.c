/*
 * runway_data: the storage runway of a data file (src/result/runway_data.c,
 * include/pksim/result/runway.h) in the sentences it prints and the
 * throughput bound over the data's own span. Figures by hand beside
 * each test; each says what it gave before.
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

/* data.jsonl in tu_dir: n records of key value k from ts t0, dt apart,
   appended (mode "a") or anew ("w") */
static void records(const char *mode, const char *k, int n, double t0,
		    double dt, int *id)
{
	char path[600];
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s/data.jsonl", tu_dir);
	f = fopen(path, mode);
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < n; i++) {
		fprintf(f, "{\"id\": \"r%d\", \"k\": \"%s\", \"ts\": %.2f}\n",
			(*id)++, k, t0 + i * dt);
	}
	fclose(f);
}

/* The first variant of yaml over data.jsonl: its time to full (s), the
   runway sentence into t */
static double full_s(const char *yaml, char *t, size_t cap)
{
	int kind;
	double s = tu_full_s("runway.yaml", yaml, &kind, t, cap);

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	return s;
}

/*
 * Key A: 200 records of 1 KB at 1/s (ts 0 .. 199); key B: 20 records
 * 0.5 s apart in the data's last 9.5 s (ts 190 .. 199.5). B grows over
 * its own span, 19 x 1,024 B / 9.5 s = 2,048 B/s (A 1,024 B/s), and
 * fills first at 199.5 + (21,474,836,480 - 20,480) / 2,048 =
 * 10,485,949.5 s (121.4 days) if those records went on: a span under a
 * minute, said so ("a burst that does not repeat is not a rate"), as the
 * generated workload's sentence says of phases that short. Before: the
 * same figure, the burst unsaid.
 */
START_TEST(test_runway_data_burst_said)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";
	char t[640];
	int id = 0;
	double s;

	records("w", "A", 200, 0, 1, &id);
	records("a", "B", 20, 190, 0.5, &id);
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, 199.5 + (CAP - 20480.0) / 2048.0, 1e-9), "%f",
		      s);
	ck_assert_msg(strstr(t, "\"B\" first, growing 2.0 KiB/s over its "
				"own 9.5 s"),
		      "%s", t);
	ck_assert_msg(strstr(t, "a burst that does not repeat is not a rate"),
		      "%s", t);
}
END_TEST

/*
 * One key, 1,000 records of 1 KB at 100/s (ts 0 .. 9.99) on 400 RU/s: a
 * 1 KB create costs 5 RU, so 80 a second succeed, 81,920 B/s, less than
 * the data's 102,400 B/s. The bound holds over the data's own span too:
 * from its first record (1,024 B) the key fills at (21,474,836,480 -
 * 1,024) / 81,920 = 262,143.99 s. Before: the data's 1,024,000 B counted
 * in its 9.99 s unbounded, then the bound: 9.99 + (21,474,836,480 -
 * 1,024,000) / 81,920 = 262,141.49 s.
 */
START_TEST(test_runway_data_span_bounded)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";
	char t[640];
	int id = 0;
	double s;

	records("w", "A", 1000, 0, 0.01, &id);
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, (CAP - 1024.0) / 81920.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s"), "%s", t);
}
END_TEST

/*
 * The same 1,000 records all at ts 0: no span, so no rate of their own,
 * but a range lets them in at its bound, 81,920 B/s as above, from the
 * first record: full at (21,474,836,480 - 1,024) / 81,920 = 262,143.99
 * s (3.03 days), a burst said to be no rate. Before: "n/a: all records
 * at once", the `--at-once` option's text, which the user never passed.
 */
START_TEST(test_runway_data_one_instant_bounded)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";
	char t[640];
	int id = 0;
	double s;

	records("w", "A", 1000, 0, 0, &id);
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, (CAP - 1024.0) / 81920.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s"), "%s", t);
	ck_assert_msg(strstr(t, "a burst that does not repeat is not a rate"),
		      "%s", t);
}
END_TEST

/*
 * A data file keyed by {weekday(ts)} (100 records a second from Thursday
 * 2026-01-01 00:00 UTC, 20 s of data): its bucket comes back each week
 * and grows only while its day is current, which the sentence says.
 * Before: "growing 100.0 KiB/s over its own 20.0 s", as if it grew
 * without pause.
 */
START_TEST(test_runway_data_bucket_while_current)
{
	static const char yaml[] =
	    "container: {partition_key: \"{weekday(ts)}\", "
	    "throughput: 400000}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";
	char t[640];
	int id = 0;

	records("w", "x", 2000, 1767225600.0, 0.01, &id);
	full_s(yaml, t, sizeof(t));
	ck_assert_msg(strstr(t, "\"Thursday\" first, growing 100.0 KiB/s "
				"while its day is current"),
		      "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_data");
	TCase *tc = tcase_create("runway_data");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_runway_data_burst_said);
	tcase_add_test(tc, test_runway_data_span_bounded);
	tcase_add_test(tc, test_runway_data_one_instant_bounded);
	tcase_add_test(tc, test_runway_data_bucket_while_current);
	suite_add_tcase(s, tc);
	return s;
}
