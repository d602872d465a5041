/*
 * ddb_sides: a DynamoDB table's reads and writes each against its own
 * units, never pooled (dynamodb-mechanics.md D3: separate read and
 * write buckets; separate prices, pricing.md), in the run's utilisation
 * and in the findings' diagnosis.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

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
START_TEST(test_sides_layout)
{
	static const char stmt11[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, read_capacity_units: 5000, "
	    "write_capacity_units: 2000}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases: [{name: w, duration: 1s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
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

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_sides");
	TCase *tc = tcase_create("sides");

	tcase_add_test(tc, test_sides_apart);
	tcase_add_test(tc, test_sides_diagnosis);
	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_sides_layout);
	suite_add_tcase(s, tc);
	return s;
}
