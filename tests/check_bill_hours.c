/*
 * bill_hours: an Azure Cosmos DB container's month (docs/money.md) is
 * its run repeated back to back for 720 clock hours, each clock hour at
 * its highest RU/s, so the same workload gives the same month wherever
 * the clock starts. Figures at the shipped table's us-nongov prices
 * (pricing.md §2): $0.008 per 100 RU/s-hour manual, $0.012 autoscale.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The month (JSON money.month_cost) of one hour of phases: 50 minutes
   of `quiet`, then 10 of `busy`, on container `container`, the clock
   starting at 10:`minute` */
static double month_at(const char *container, const char *quiet,
		       const char *busy, const char *minute)
{
	char yaml[1024], args[512], *out;
	json_t *root, *m;
	double month;

	snprintf(yaml, sizeof(yaml),
		 "clock: {start: \"2026-03-04T10:%s:00Z\"}\n"
		 "container: {partition_key: /k, %s}\n"
		 "items: {k: {values: \"k{0000..9999}\"}}\n"
		 "pricing: {region: us-nongov}\n"
		 "phases:\n"
		 "  - {duration: 50m, %s, ops: {create: 1}, item_size: 100B}\n"
		 "  - {duration: 10m, %s, ops: {create: 1}, item_size: 100B}\n",
		 minute, container, quiet, busy);
	snprintf(args, sizeof(args), "run '%s' --format json",
		 tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(root);
	m = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0), "money");
	ck_assert(json_is_true(json_object_get(m, "priced")));
	month = json_number_value(json_object_get(m, "month_cost"));
	json_decref(root);
	return month;
}

/* Autoscale max 1,000 RU/s (one partition, floor 0.1 x 1,000 = 100,
   rule 17): 50 minutes of 10 creates a second (5 RU each: 50 RU/s,
   billed at the floor, 100) and 10 of 100 a second (500 RU/s, T = 500).
   Every clock hour of the hour repeated holds the 10 busy minutes: 5 x
   100 RU/s x $0.012 = $0.06 an hour, 720 x $0.06 = $43.20 a month,
   from 10:00 or 10:30 (90,000 items of 100 B store 0.01 GB: under a
   cent a month). From 10:30 the run touches two clock hours, one of
   30 quiet minutes at 100 and one at 500: their average made $25.92. */
START_TEST(test_month_autoscale_any_start)
{
	const char *c = "autoscale_max: 1000";

	ck_assert_double_eq_tol(month_at(c, "rate: 10/s", "rate: 100/s", "00"),
				43.20, 0.01);
	ck_assert_double_eq_tol(month_at(c, "rate: 10/s", "rate: 100/s", "30"),
				43.20, 0.01);
}
END_TEST

/* Manual 400 RU/s, raised to 1,000 for the last 10 minutes of the
   hour: every repeated clock hour holds them, 10 x $0.008 = $0.08 an
   hour, $57.60 a month from 10:00 or 10:30 (C-BILL: the hour's
   highest), where the two touched hours' average from 10:30, (4 + 10)
   / 2 x $0.008 x 720, made $40.32. */
START_TEST(test_month_manual_any_start)
{
	const char *c = "throughput: 400";

	ck_assert_double_eq_tol(
	    month_at(c, "rate: 10/s", "rate: 10/s, throughput: 1000", "00"),
	    57.60, 0.01);
	ck_assert_double_eq_tol(
	    month_at(c, "rate: 10/s", "rate: 10/s, throughput: 1000", "30"),
	    57.60, 0.01);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("bill_hours");
	TCase *tc = tcase_create("bill_hours");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_month_autoscale_any_start);
	tcase_add_test(tc, test_month_manual_any_start);
	suite_add_tcase(s, tc);
	return s;
}
