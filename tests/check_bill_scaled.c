/*
 * bill_scaled: an auto-scaled DynamoDB table's month (docs/money.md, D19)
 * is what auto scaling settles at for the workload's demand, whatever
 * the run's set-up: its client's pace, its length. Each figure is
 * derived beside its test from the us-east-1 prices of the shipped
 * table (third-party quotes, pricing.md §5): $0.00065 per WCU-hour,
 * $0.00013 per RCU-hour.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The month of one run of yaml (JSON report, money.month_cost), and
   into *use (NULL: not asked) its money.write_used_share */
static double month_use(const char *yaml, double *use)
{
	char args[512], *out;
	json_t *root, *m;
	double month;

	snprintf(args, sizeof(args), "run '%s' --format json",
		 tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(root);
	m = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0), "money");
	ck_assert_ptr_nonnull(m);
	ck_assert(json_is_true(json_object_get(m, "priced")));
	month = json_number_value(json_object_get(m, "month_cost"));
	if (use) {
		*use =
		    json_number_value(json_object_get(m, "write_used_share"));
	}
	json_decref(root);
	return month;
}

static double month_of(const char *yaml)
{
	return month_use(yaml, NULL);
}

/* A paced client's cold start is not the month: 100 WCU (burst off),
   auto scaling at 50 % (reads held at 10 RCU), 600 puts a second of 1
   KiB (1 WCU each, D1) for 600 s under `ru_budget: 300/s`. The workload
   is its 360,000 puts at the pace: 300 WCU a second. In the run the
   table throttles until auto scaling has raised it (200, 400, 600 WCU
   by t = 420 s), and a throttled put spends none of the budget, so for
   its first 300 s the client sends at the arrivals' 600 a second, then
   at 300. Auto scaling settles where 300 is 50 %: 600 WCU, every hour
   720 x (600 x $0.00065 + 10 x $0.00013) = $281.736, as the same
   workload with no budget at 300 a second gives. Repeating the run's
   own minutes (5 of every 15 at 600 a second) settled at 1,200 WCU:
   720 x (1,200 x $0.00065 + $0.0013) = $562.536. */
START_TEST(test_month_scaled_paced_cold_start)
{
	static const char paced[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 10, "
	    "write_capacity_units: 100, burst: off, auto_scaling: {target: "
	    "50, min_read_units: 10, max_read_units: 10}}\n"
	    "client: {retries: off, ru_budget: 300/s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 600s, rate: 600/s, item_size: 1KB}\n";
	static const char open[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 10, "
	    "write_capacity_units: 100, burst: off, auto_scaling: {target: "
	    "50, min_read_units: 10, max_read_units: 10}}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 600s, rate: 300/s, item_size: 1KB}\n";

	ck_assert_double_eq_tol(month_of(paced), 281.736, 0.005);
	ck_assert_double_eq_tol(month_of(open), 281.736, 0.005);
}
END_TEST

/* A steady workload of `seconds` on a table and an index that follows
   its auto scaling: 10 RCU + 1,000 WCU each (the index's reads stay as
   given), auto scaling at 50 % (the table's reads held at 10), 100
   creates a second of 1 KiB, each 1 WCU on the table and 1 on the index
   (D1, D17; one index key value takes 100 of its 1,000 WRU, D3) */
static double index_month(int seconds, double *use)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /id\n"
		 "  read_capacity_units: 10\n"
		 "  write_capacity_units: 1000\n"
		 "  auto_scaling: {target: 50, min_read_units: 10, "
		 "max_read_units: 10}\n"
		 "  global_secondary_indexes:\n"
		 "    - {name: by-kind, partition_key: /kind, "
		 "read_capacity_units: 10, write_capacity_units: 1000}\n"
		 "client: {retries: off}\n"
		 "pricing: {region: us-east-1, date: 2026-11-30}\n"
		 "items: {kind: {values: [a]}}\n"
		 "phases:\n"
		 "  - {duration: %ds, rate: 100/s, item_size: 1KB}\n",
		 seconds);
	return month_use(yaml, use);
}

/* The index's month settles as the table's, whatever the run's length:
   the table and the index each consume 100 WCU a second, so after 15
   points below 50 % each falls to ceil(100 / 0.5) = 200 WCU and stays,
   every hour (200 + 200) x $0.00065 + (10 + 10) x $0.00013 = $0.2626,
   720 x $0.2626 = $189.072 a month, on demand's use 200 of 400 WCU,
   50 %, from a run of 10 minutes (too short for 15 points) as of 30.
   Repeating the 10-minute run's own units (the table and the index at
   1,000 WCU throughout) billed 720 x (2,000 x $0.00065 + $0.0026) =
   $937.87 at 10 % use, where 30 minutes gave $189.07 at 25.9 %: a
   compare's ranking could flip with `duration`. */
START_TEST(test_month_scaled_index_any_length)
{
	double use10, use30;

	ck_assert_double_eq_tol(index_month(600, &use10), 189.072, 0.005);
	ck_assert_double_eq_tol(index_month(1800, &use30), 189.072, 0.005);
	ck_assert_double_eq_tol(use10, 0.5, 1e-9);
	ck_assert_double_eq_tol(use30, 0.5, 1e-9);
}
END_TEST

/* A table used between its target and 20 points below it keeps its
   units all month (trialA-17): 1 RCU + 100 WCU, auto scaling at 70 %,
   60 puts a second of 1,000 B (1 WCU each, D1): 60 % of 100 WCU is not
   below 70 - 20 = 50 % (PK_DDB_SCALE_IN_MARGIN_PCT), so every hour
   bills 100 x $0.00065 + 1 x $0.00013 = $0.06513, 720 x $0.06513 =
   $46.8936 a month. Lowering below the target itself settled at
   ceil(60 / 0.7) = 86 WCU: 720 x (86 x $0.00065 + $0.00013) =
   $40.3416. */
START_TEST(test_month_scaled_within_margin)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 1, "
	    "write_capacity_units: 100, auto_scaling: {target: 70}}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 60/s, item_size: 1000B}\n";

	ck_assert_double_eq_tol(month_of(yaml), 46.8936, 0.005);
}
END_TEST

/* out from its section named head on (a whole report passes what a
   Check message holds), or all of it when there is none */
static const char *section(const char *out, const char *head)
{
	const char *at = strstr(out, head);

	return at ? at : out;
}

/* A cyclic workload whose first cycle throttles none throttles in every
   later one, and the month's replay says so (trialA-5): 1 RCU (held) +
   40 WCU, auto scaling at 50 %, 1 KiB puts (1 WCU each, D1), 20 a
   second for 20 minutes then 0.5 a second for 60. The run starts at 40
   WCU (20 of 40 is the target: nothing throttles). Repeated back to
   back, each low phase lowers the table after 15 minutes below 50 - 20
   = 30 % (0.5 of 40 is 1.25 %) to ceil(0.5 / 0.5) = 1 WCU (one decrease
   every 80 minutes, within the day's limits), and each high phase
   starts at 1: its first 2 points decide at t = 120 s, applied at 180
   s, then one doubling every 2 minutes (a throttled table consumes its
   units, 100 % > 50 %): 1 WCU over [0, 180) s, 2 over [180, 300), 4,
   8, 16 over the next 120 s each, 32 from 660 s. Asked 20 a second,
   each minute's part past the units held is 19 x 180 + 18 x 120 + 16 x
   120 + 12 x 120 + 4 x 120 = 9,420 WCU of the cycle's 20 x 1,200 + 0.5
   x 3,600 = 25,800: 36.5 %, every cycle of the month (720 h is 540
   cycles). The money note and the findings both say it; neither says
   the table is not short of capacity. */
START_TEST(test_month_scaled_cycle_throttles)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 1, "
	    "write_capacity_units: 40, auto_scaling: {target: 50, "
	    "min_read_units: 1, max_read_units: 1}}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 20m, rate: 20/s, item_size: 1KB}\n"
	    "  - {duration: 60m, rate: 0.5/s, item_size: 1KB}\n";
	char args[512], *out;

	snprintf(args, sizeof(args), "run '%s'",
		 tu_dir_file("cycle.yaml", yaml));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "in that month 36.5% of the write units "
				  "the table asks come in minutes past the "
				  "units it holds then") &&
			  !strstr(out, "of the read units"),
		      "%s", section(out, "\nmoney"));
	/* the whole note, not cut short by its buffer */
	ck_assert_msg(strstr(out, "throttled in every repetition of this "
				  "workload, whatever the run's own start "
				  "showed"),
		      "%s", section(out, "\nmoney"));
	/* the findings read the same 36.5 % and do not say the table
	   lacks no capacity beside it */
	ck_assert_msg(strstr(out, "auto scaling trails this workload "
				  "repeated: in its month") &&
			  strstr(out, "36.5% of the write units the table "
				      "asks come in minutes past the units it "
				      "holds then") &&
			  strstr(out, "the service throttles those requests "
				      "in those minutes") &&
			  strstr(out, "no throttling in this run, from the "
				      "table's own starting units") &&
			  !strstr(out, "not short of table capacity") &&
			  !strstr(out, "no throttling:"),
		      "%s", section(out, "\nfindings"));
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("bill_scaled");
	TCase *tc = tcase_create("bill_scaled");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_month_scaled_paced_cold_start);
	tcase_add_test(tc, test_month_scaled_index_any_length);
	tcase_add_test(tc, test_month_scaled_within_margin);
	tcase_add_test(tc, test_month_scaled_cycle_throttles);
	suite_add_tcase(s, tc);
	return s;
}
