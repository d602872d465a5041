/*
 * ddb_sides: a DynamoDB table's reads and writes each against its own
 * units, never pooled (dynamodb-mechanics.md D3: separate read and
 * write buckets; separate prices, pricing.md), in the run's utilisation
 * and in the findings' diagnosis.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/ddb_sides.h"
#include "pksim/report/findings.h"
#include "pksim/result/result.h"
#include "testutil.h"

/*
 * 10,000 RCU + 1,000 WCU, burst off: ceil(10,000 / 3,000 + 1,000 /
 * 1,000) = 5 partitions of 2,000 RCU / 200 WCU (D4, D5). 1,100 uniform
 * creates of 1 KB a second (1 WCU each, D1) for 60 s: the table's
 * 1,000 WCU bind every second (D3), so writes consume 60 x 1,000 =
 * 60,000 of 60,000 WCU-seconds: 100%; reads 0 of 600,000 RCU-seconds:
 * 0%. Pooled, the two would read 60,000 / 660,000 = 9.1%: wrong.
 */
static const char wcu_exhausted[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {name: t, partition_key: /k, read_capacity_units: 10000, "
    "write_capacity_units: 1000, burst: off}\n"
    "client: {retries: off}\n"
    "items: {k: {values: \"k{00000..99999}\"}}\n"
    "phases:\n"
    "  - {name: w, duration: 60s, rate: 1100/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

START_TEST(test_sides_apart)
{
	struct tu_fx f;
	const struct pk_result_variant *v;

	tu_fx_run(&f, "c17.yaml", wcu_exhausted);
	v = tu_fx_variant(&f, "t");
	ck_assert_uint_eq(v->metrics->totals.ru_mru, 60000 * 1000);
	ck_assert_double_eq_tol(v->write_utilisation, 1.0, 1e-9);
	ck_assert_double_eq_tol(v->read_utilisation, 0.0, 1e-9);
	/* the busier side is the run's figure */
	ck_assert_double_eq_tol(v->utilisation, 1.0, 1e-9);
	tu_fx_free(&f);
}
END_TEST

/* The findings blame the table's WCU, not a key: every throttle is the
   table's provisioned total (TableWriteProvisionedThroughputExceeded) */
START_TEST(test_sides_diagnosis)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	char **s;
	size_t i, n, wcu = 0, pooled = 0;

	tu_fx_run(&f, "c17.yaml", wcu_exhausted);
	v = tu_fx_variant(&f, "t");
	s = findings_make(f.r, v, &n);
	for (i = 0; i < n; i++) {
		wcu +=
		    strstr(s[i], "writes used 100% of its 1,000 WCU") != NULL;
		pooled += strstr(s[i], "used 9%") != NULL;
		free(s[i]);
	}
	free(s);
	ck_assert_uint_gt(wcu, 0);
	ck_assert_uint_eq(pooled, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * Statement 11: 5,000 RCU + 2,000 WCU make ceil(5,000 / 3,000 + 2,000 /
 * 1,000) = 4 partitions (D4), each with 1,250 RCU and 500 WCU (D5): the
 * layout says each, never a pooled 1,750.
 */
static const char stmt11[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {name: t, partition_key: /k, read_capacity_units: 5000, "
    "write_capacity_units: 2000}\n"
    "items: {k: {values: \"k{0..9}\"}}\n"
    "phases: [{name: w, duration: 1s, rate: 1/s, ops: {create: 1}, "
    "item_size: 1KB}]\n";

START_TEST(test_sides_layout)
{
	const char *path = tu_dir_file("s11.yaml", stmt11);
	char args[1024], *s;

	snprintf(args, sizeof(args), "run %s", path);
	s = tu_run_ok(args);
	ck_assert_msg(strstr(s, "\nlayout: 4 partitions, 1,250 RCU / 500 WCU "
				"a second each (") != NULL,
		      "%s", s);
	free(s);
}
END_TEST

/*
 * The table line of the text report, the Markdown partitions cell and
 * the HTML throughput row say the table's reads and writes apart, each
 * its own figure (D3): statement 11's 5,000 RCU and 2,000 WCU, never a
 * pooled 7,000; a new on-demand table's first instant limits, 12,000
 * RRU and 4,000 WRU (reference §7: a new on-demand table serves 12,000
 * RRU/s and 4,000 WRU/s at once), on max(12,000 / 3,000, 4,000 / 1,000)
 * = 4 partitions, never a pooled 16,000.
 */
START_TEST(test_sides_table_line)
{
	static const char od[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, capacity: on_demand}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases: [{name: w, duration: 1s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	static const char *const want[][2] = {
	    {"", "\ntable: partition key /k, 5,000 RCU and 2,000 WCU a "
		 "second (provisioned; reads and writes apart) -> 4 "
		 "partitions at the start\n"},
	    {" --format markdown",
	     "| partitions | 4, at 5,000 RCU and 2,000 WCU a second |"},
	    {" --format html", "<tr><th>throughput</th><td>5,000 RCU and "
			       "2,000 WCU a second (provisioned) at the "
			       "start</td></tr>"},
	    {"", "\ntable: partition key /k, 12,000 RRU and 4,000 WRU a "
		 "second (on demand: its instant limits; reads and writes "
		 "apart) -> 4 partitions at the start\n"},
	    {" --format markdown",
	     "| partitions | 4, at 12,000 RRU and 4,000 WRU a second |"},
	    {" --format html", "<tr><th>throughput</th><td>12,000 RRU and "
			       "4,000 WRU a second (on demand: its instant "
			       "limits) at the start</td></tr>"},
	};
	const char *path[2];
	char args[1024], *s;
	size_t i;

	path[0] = tu_dir_file("s11.yaml", stmt11);
	path[1] = tu_dir_file("od.yaml", od);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		snprintf(args, sizeof(args), "run %s%s", path[i / 3],
			 want[i][0]);
		s = tu_run_ok(args);
		/* the want only: a whole HTML page passes Check's limit */
		ck_assert_msg(strstr(s, want[i][1]) != NULL,
			      "pksim %s: no \"%s\"", args, want[i][1]);
		/* the pooled figures the reports printed */
		ck_assert_ptr_null(strstr(s, "7,000 capacity units"));
		ck_assert_ptr_null(strstr(s, "16,000 capacity units"));
		ck_assert_ptr_null(strstr(s, "16,000 request units"));
		free(s);
	}
}
END_TEST

/*
 * A table whose units change: 100 RCU + 100 WCU (1 partition, D4),
 * burst off, 300 uniform 1 KB writes a second (1 WCU each, D1) for
 * 60 s, then raised to 400 WCU for 60 s more. The first minute serves
 * 100 a second and throttles 200 (12,000 in all); the second serves all
 * 300. Writes consume 60 x 100 + 60 x 300 = 24,000 WCU of the 60 x 100
 * + 60 x 400 = 30,000 WCU-seconds held: 80%, an average of 30,000 /
 * 120 = 250 WCU a second, 100 at the start and 400 at the end. The
 * throttled seconds are the first minute's: 100% of the 100 WCU held
 * in them. "80% of its 100 WCU" would put a use of 250 a second against
 * the start's units.
 */
static const char raised[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {name: t, partition_key: /k, read_capacity_units: 100, "
    "write_capacity_units: 100, burst: off}\n"
    "client: {retries: off}\n"
    "items: {k: {values: \"k{00000..99999}\"}}\n"
    "phases:\n"
    "  - {name: w, duration: 60s, rate: 300/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - {name: up, duration: 60s, rate: 300/s, ops: {create: 1}, "
    "item_size: 1KB, write_capacity_units: 400}\n";

START_TEST(test_sides_changed_units)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	struct pk_ddb_held h;
	char buf[PK_DDB_SIDES_BYTES], **s;
	size_t i, n, run = 0, those = 0, start = 0;

	tu_fx_run(&f, "raised.yaml", raised);
	v = tu_fx_variant(&f, "t");
	ck_assert_uint_eq(v->metrics->totals.throttled_429, 12000);
	ck_assert_double_eq_tol(v->write_utilisation, 0.8, 1e-9);
	ddb_sides_held(v, 1, &h);
	ck_assert_int_eq(h.start, 100);
	ck_assert_int_eq(h.end, 400);
	ck_assert_int_eq(h.most, 400);
	ck_assert_int_eq(h.changed, 1);
	ddb_sides_held(v, 0, &h);
	ck_assert_int_eq(h.changed, 0);
	ck_assert_double_eq_tol(ddb_sides_mean(v, 1), 250.0, 1e-9);
	ck_assert_str_eq(ddb_sides_of(v, 0, ddb_sides_mean(v, 0),
				      "over the run", buf, sizeof(buf)),
			 "its 100 RCU over the run");
	/* each side's units at the start and at the end, apart */
	ck_assert_str_eq(ddb_sides_start(v, buf, sizeof(buf)),
			 "100 RCU and 100 WCU a second");
	ck_assert_str_eq(ddb_sides_end(v, buf, sizeof(buf)),
			 "100 RCU and 400 WCU a second");
	s = findings_make(f.r, v, &n);
	for (i = 0; i < n; i++) {
		run +=
		    strstr(s[i], "writes used 80% of the WCU it held over "
				 "the run: 250 a second on average, 100 "
				 "at the run's start, 400 at its end") != NULL;
		those += strstr(s[i], "writes used 100% of the WCU it held in "
				      "those seconds: 100 a second on "
				      "average") != NULL;
		start += strstr(s[i], "of its 100 WCU") != NULL;
		free(s[i]);
	}
	free(s);
	ck_assert_uint_eq(run, 1);
	ck_assert_uint_eq(those, 1);
	ck_assert_uint_eq(start, 0);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_sides");
	TCase *tc = tcase_create("sides");

	tcase_add_test(tc, test_sides_apart);
	tcase_add_test(tc, test_sides_diagnosis);
	tcase_add_test(tc, test_sides_changed_units);
	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_sides_layout);
	tcase_add_test(tc, test_sides_table_line);
	suite_add_tcase(s, tc);
	return s;
}
