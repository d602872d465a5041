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

/* Unix s of Monday 2026-01-05 00:00 UTC, and a week */
#define MON 1767571200.0
#define WEEK 604800.0

/*
 * A {weekday(ts)} bucket that fills after 5 years: a record of 8 KB
 * (8,192 B) every 10 s through Monday 2026-01-05 and Monday 01-12
 * (8,640 each), by the time field. Monday holds 17,280 x 8,192 =
 * 141,557,760 B and grows (17,279 x 8,192) / 172,790 s current = 819.2
 * B/s while current (the first Monday's 86,400 s and the second's
 * 86,390). Its record ends 10 s before day 8; the Mondays after it
 * within the horizon's 1,825 days are days 14, 21, .., 1,820: 259 of
 * them. By then it holds 141,557,760 + 819.2 x (259 x 86,400 + 10) =
 * 18,473,295,872 B (17.2 GiB); cap / 70,778,880 B a Monday puts its
 * fill at about 5.8 years. Before: "never: it does not grow".
 */
START_TEST(test_runway_data_bucket_beyond_horizon)
{
	static const char yaml[] =
	    "container: {partition_key: \"{weekday(ts)}\", "
	    "throughput: 10000}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 8KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char t[640];
	int id = 0;

	records("w", "x", 8640, MON, 10, &id);
	records("a", "x", 8640, MON + WEEK, 10, &id);
	c = tu_cards(tu_dir_file("runway.yaml", yaml), yaml, &run, &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_int_eq(c[0].full_kind, PK_FULL_BEYOND);
	ck_assert_msg(tu_near((double)c[0].full_lp_bytes, 18473295872.0, 1e-9),
		      "%llu", (unsigned long long)c[0].full_lp_bytes);
	ck_assert_msg(strstr(t, "(\"Monday\" holds 17.2 GiB by day 1,825, "
				"the horizon of 5 x 365 days)"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The same bucket from a file arriving at 1 record/s: Monday 01-05
 * (1,000 records), Tuesday 01-06 (1,000), Monday 01-12, Tuesday 01-13,
 * 4,000 records of 2 MB (2,097,152 B) in 4,000 s. The records' days are
 * their own, not the arrival's: Monday takes half of each copy of the
 * file, 2,000 x 2,097,152 = 4,194,304,000 B. Coming again, 5 copies
 * hold 20,971,520,000 B and the 240 x 2,097,152 = 503,316,480 B left
 * come with the sixth copy's 240th record, 239 s into it: t = 5 x
 * 4,000 + 239 = 20,239 s. Its rate is its share of the file,
 * 4,194,304,000 / 4,000 s = 1,048,576 B/s. Before: its own span's rate
 * (1,999 x 2,097,152 B over 0 .. 2,999 s) divided by 7 again, about
 * 89,500 s (1.04 days).
 */
START_TEST(test_runway_data_rate_bucket_share)
{
	static const char yaml[] =
	    "container: {partition_key: \"{weekday(ts)}\", "
	    "throughput: 100000}\n"
	    "items: {file: data.jsonl, rate: 1/s, item_size: 2MB}\n";
	char t[640];
	int id = 0;
	double s;

	records("w", "x", 1000, MON, 10, &id);
	records("a", "x", 1000, MON + 86400, 10, &id);
	records("a", "x", 1000, MON + WEEK, 10, &id);
	records("a", "x", 1000, MON + WEEK + 86400, 10, &id);
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, 20239.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"Monday\" first, growing 1.0 MiB/s, its "
				"share of the file's 66.7 min, the file taken "
				"as coming again)"),
		      "%s", t);
}
END_TEST

/*
 * A {weekday(ts)} bucket that fills inside the file: 10,300 Monday
 * records of 2 MB at 10/s. The 10,240th (21,474,836,480 B) fills it at t
 * = 1,023.9 s; its rate then is 10,239 x 2,097,152 B / 1,023.9 s =
 * 20,971,520 B/s (20.0 MiB/s). Before: "growing 0 B/s while its day is
 * current".
 */
START_TEST(test_runway_data_rate_bucket_fills_inside)
{
	static const char yaml[] =
	    "container: {partition_key: \"{weekday(ts)}\", "
	    "throughput: 400000}\n"
	    "items: {file: data.jsonl, rate: 10/s, item_size: 2MB}\n";
	char t[640];
	int id = 0;
	double s;

	records("w", "x", 10300, MON, 1, &id);
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, 1023.9, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "growing 20.0 MiB/s over its own 17.1 min"),
		      "%s", t);
}
END_TEST

/*
 * An {hour(ts)} bucket that ends before it fills: a record of 100 KB
 * every 10 s through the hour from Monday 2026-01-05 00:00 UTC, 360
 * records (ts 0 .. 3,590 s into it). The next record at their spacing
 * would come at 3,600 s, the next hour's: the hour holds at most its
 * 360 x 102,400 = 36,864,000 B (35.16 MiB, said "at most 35.2 MiB").
 * Before: 36,966,400 B ("at most 35.3 MiB"), the records' rate run on
 * for the 10 s after the last one.
 */
START_TEST(test_runway_data_hour_bucket_holds_its_records)
{
	static const char yaml[] =
	    "container: {partition_key: \"{hour(ts)}\", "
	    "throughput: 10000}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 100KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char t[640];
	int id = 0;

	records("w", "x", 360, MON, 10, &id);
	c = tu_cards(tu_dir_file("runway.yaml", yaml), yaml, &run, &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_int_eq(c[0].full_kind, PK_FULL_BOUNDED);
	ck_assert_msg(tu_near(c[0].runway.bound_bytes, 36864000.0, 1e-12), "%f",
		      c[0].runway.bound_bytes);
	ck_assert_msg(strstr(t, "holding at most 35.2 MiB"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A key busy only at the data's start is not projected at its burst
 * rate. Key A: 3,600 records of 1 KB (1,024 B) at 1/s, ts 0 .. 3,599
 * (the data's end); key E: 1,200 records 0.1 s apart, ts 0 .. 119.9,
 * then silent. E's mean gap is 119.9 / 1,199 = 0.1 s and it is silent
 * 3,599 - 119.9 = 3,479.1 s, so 3,479.0 s past one gap count as time it
 * wrote nothing: its span is 119.9 + 3,479.0 = 3,598.9 s and it grows
 * 1,199 x 1,024 / 3,598.9 = 341.15 B/s (about 60 days x 12 to fill). A,
 * silent nowhere, grows 3,599 x 1,024 / 3,599 = 1,024 B/s and fills
 * first at 3,599 + (21,474,836,480 - 3,686,400) / 1,024 = 20,971,519 s
 * (242.7 days). Before: E first at its burst's 10,240 B/s, 119.9 +
 * (21,474,836,480 - 1,228,800) / 10,240 = 2,097,151.9 s (24.3 days).
 *
 * Alone beside a key Z of two records (ts 0 and 3,599: a 3,599 s gap,
 * 1,024 B over it), E is first, and the sentence says its basis: E
 * fills at 3,598.9 + (21,474,836,480 - 1,228,800) / (1,227,776 /
 * 3,598.9) s, growing 341 B/s over the 60.0 min to the data's end.
 *
 * Keys taking turns keep their own span: "a" at ts 0, 2 .. 18 and "b"
 * at 1, 3 .. 19 (1 KB each); "a" is silent 1 s after its last record,
 * under its 2-s gap, so it grows 9 x 1,024 / 18 = 512 B/s and fills at
 * 18 + (21,474,836,480 - 10,240) / 512 = 41,943,038 s (485.45 days),
 * not over the data's 19 s (512.4 days).
 */
START_TEST(test_runway_data_quiet_after_burst)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";
	const double e_rate = 1199.0 * 1024.0 / 3598.9;
	char t[640];
	int id = 0, i;
	double s;

	records("w", "A", 3600, 0, 1, &id);
	records("a", "E", 1200, 0, 0.1, &id);
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, 20971519.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "\"A\" first, growing 1.0 KiB/s over its "
				"own 60.0 min"),
		      "%s", t);

	id = 0;
	records("w", "E", 1200, 0, 0.1, &id);
	records("a", "Z", 2, 0, 3599, &id);
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, 3598.9 + (CAP - 1228800.0) / e_rate, 1e-9),
		      "%f: %s", s, t);
	ck_assert_msg(strstr(t, "\"E\" first, growing 341 B/s over 60.0 "
				"min to the data's end: its own 119.9 s, then "
				"58.0 min without a record"),
		      "%s", t);
	/* Z's last record, 3,599 - 119.9 = 3,479.1 s after every other,
	   past their 119.9 s span, sets the data's end: said */
	ck_assert_msg(strstr(t, "; the data's end is one record (\"Z\") "
				"58.0 min after every other one"),
		      "%s", t);

	id = 0;
	records("w", "a", 0, 0, 1, &id);
	for (i = 0; i < 10; i++) {
		records("a", "a", 1, 2.0 * i, 1, &id);
		records("a", "b", 1, 2.0 * i + 1.0, 1, &id);
	}
	s = full_s(yaml, t, sizeof(t));
	ck_assert_msg(tu_near(s, 41943038.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "\"a\" first, growing 512 B/s over its own "
				"18.0 s"),
		      "%s", t);
}
END_TEST

/*
 * Key A: 600 records of 1 KB at 1/s (ts 0 .. 599), then ONE record of
 * key X 30 days after A's last (ts 2,592,599: a clock set wrong). The
 * data's end is X's record, so A, silent past one of its own 1-s gaps,
 * counts 2,592,000 - 1 = 2,591,999 s without a record in its span:
 * 599 + 2,591,999 = 2,592,598 s (30.0 days; its own 10.0 min), growing
 * 599 x 1,024 / 2,592,598 = 0.2366 B/s, and holds 614,400 + 0.2366 x
 * (157,680,000 - 2,592,598) = 37,306,124 B = 35.6 MiB by day 1,825: not
 * within 5 years (without X: 1,024 B/s, 242.7 days). The figure hangs
 * on X's one record, 2,592,000 s = 30.0 days after every other, further
 * than the rest's 599 s span, so the sentence says so and keeps the
 * silence it counted ("then 30.0 days without a record"). Before: "A"
 * holds 35.6 MiB by day 1,825 and nothing else: neither the silence
 * nor the lone record that set the data's end.
 */
START_TEST(test_runway_data_lone_far_record_said)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";
	char t[1024];
	int id = 0, kind;

	records("w", "A", 600, 0, 1, &id);
	records("a", "X", 1, 599.0 + 2592000.0, 1, &id);
	tu_full_s("runway.yaml", yaml, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_BEYOND);
	ck_assert_msg(strstr(t, "\"A\" holds 35.6 MiB by day 1,825"), "%s", t);
	ck_assert_msg(strstr(t, "over 30.0 days to the data's end: its own "
				"10.0 min, then 30.0 days without a record"),
		      "%s", t);
	ck_assert_msg(strstr(t, "the data's end is one record (\"X\") 30.0 "
				"days after every other one"),
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
	tcase_add_test(tc, test_runway_data_bucket_beyond_horizon);
	tcase_add_test(tc, test_runway_data_rate_bucket_share);
	tcase_add_test(tc, test_runway_data_rate_bucket_fills_inside);
	tcase_add_test(tc, test_runway_data_hour_bucket_holds_its_records);
	tcase_add_test(tc, test_runway_data_quiet_after_burst);
	tcase_add_test(tc, test_runway_data_lone_far_record_said);
	suite_add_tcase(s, tc);
	return s;
}
