/*
 * bill_days: each clock hour of a run is priced by the rows in effect on
 * its own day (C-BILL bills each wall-clock hour at its price; a row's
 * effective_from and effective_to are whole days), and the hour and the
 * month project the workload at the last hour's rows. Figures derived
 * beside each test.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define EPS 1e-9

/* A table whose standard rate is $0.008 per 100 RU/s-hour up to
   2026-10-31 and $0.010 from 2026-11-01; storage $0.25 a GB-month. */
static const char change_csv[] =
    "provider,region,meter,unit,price,currency,effective_from,"
    "effective_to,source,read_on,status\n"
    "cosmos,r1,provisioned_single_write,100RU/s-hour,0.008,USD,,"
    "2026-10-31,t,2026-11-30,doc-example\n"
    "cosmos,r1,provisioned_single_write,100RU/s-hour,0.010,USD,"
    "2026-11-01,,t,2026-11-30,doc-example\n"
    "cosmos,r1,storage_transactional,GB-month,0.25,USD,,,t,2026-11-30,"
    "doc-example\n";

/* `pksim run` of yaml with args: its one variant's money (the root is
 *root, decref'd by the caller). */
static json_t *money_json(const char *yaml, json_t **root)
{
	char args[512], *out;
	json_t *m;

	snprintf(args, sizeof(args), "run '%s' --no-remedies --format json",
		 tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	*root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(*root);
	m = json_object_get(
	    json_array_get(json_object_get(*root, "variants"), 0), "money");
	ck_assert(json_is_true(json_object_get(m, "priced")));
	return m;
}

static double num(const json_t *m, const char *key)
{
	const json_t *j = json_object_get(m, key);

	ck_assert_msg(json_is_number(j), "money.%s", key);
	return json_number_value(j);
}

/* The manual run: 1,000 RU/s for 60 s from 23:59:30 on 2026-10-31
   (reads only: no storage), priced by change_csv, pricing.date given
   when date is not NULL */
static const char *manual_yaml(const char *date)
{
	static char yaml[1024];
	const char *csv = tu_dir_file("change.csv", change_csv);

	snprintf(yaml, sizeof(yaml),
		 "container: {partition_key: /k, throughput: 1000}\n"
		 "clock: {start: 2026-10-31T23:59:30Z}\n"
		 "items: {k: {values: \"k{0..9}\"}}\n"
		 "phases: [{duration: 60s, rate: 10/s, ops: {read: 1}}]\n"
		 "pricing: {region: r1, table: '%s'%s%s}\n",
		 csv, date ? ", date: " : "", date ? date : "");
	return yaml;
}

/* 1,000 RU/s across midnight bills the 23:00 hour of 2026-10-31 and
   the 00:00 hour of 2026-11-01 (C-BILL): 10 units x $0.008 + 10 x
   $0.010 = $0.18, not 20 x $0.008 = $0.16. An hour and the month are
   the workload at the last hour's rows: 10 x $0.010 = $0.10 an hour,
   x 720 = $72.00. Both rows are listed. */
START_TEST(test_manual_hours_at_their_days)
{
	json_t *root, *m = money_json(manual_yaml(NULL), &root);
	const json_t *rows = json_object_get(m, "rows");
	char args[512], *out;

	ck_assert_int_eq(num(m, "hours"), 2);
	ck_assert_double_eq_tol(num(m, "throughput_cost"), 0.18, EPS);
	ck_assert_double_eq_tol(num(m, "cost_per_hour"), 0.10, EPS);
	ck_assert_double_eq_tol(num(m, "month_cost"), 72.0, 1e-6);
	ck_assert_int_eq(json_array_size(rows), 3);
	ck_assert_int_eq(num(json_array_get(rows, 0), "line"), 3);
	ck_assert_int_eq(num(json_array_get(rows, 2), "line"), 2);
	json_decref(root);
	snprintf(args, sizeof(args), "run '%s' --no-remedies",
		 tu_dir_file("s.yaml", manual_yaml(NULL)));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "$0.1800 (prices of 2026-10-31 to "
				  "2026-11-01, r1, USD)"),
		      "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "at the rows of 2026-11-01, its "
					  "last hour's"));
	free(out);
}
END_TEST

/* The run across the change (above) says in its JSON and money-csv the
   day whose rows price each line: the run's lines both days
   ("2026-10-31..2026-11-01": $0.18 = 10 x 0.008 + 10 x 0.010); an hour
   and the month, $0.10 and $72.00, the rows of 2026-11-01 (at
   2026-10-31's $0.008 the month would be $57.60). With pricing.date
   every line is that one date's. */
START_TEST(test_prices_of_each_line)
{
	json_t *root, *m = money_json(manual_yaml(NULL), &root);
	char args[512], *out;

	ck_assert_str_eq(
	    json_string_value(json_object_get(m, "month_prices_of")),
	    "2026-11-01");
	ck_assert_str_eq(json_string_value(json_object_get(m, "billing_date")),
			 "2026-10-31");
	json_decref(root);
	snprintf(args, sizeof(args),
		 "run '%s' --no-remedies --format money-csv",
		 tu_dir_file("s.yaml", manual_yaml(NULL)));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "\"the run\",\"2 clock hours billed\",0.18,"
				  "\"USD\",2026-10-31..2026-11-01,"),
		      "%s", out);
	ck_assert_msg(strstr(out, "\"a month\",\"720 h at this workload\",72,"
				  "\"USD\",2026-11-01,"),
		      "%s", out);
	ck_assert_msg(strstr(out, "\"an hour\",\"a month / 720\",0.1,"
				  "\"USD\",2026-11-01,"),
		      "%s", out);
	free(out);
	m = money_json(manual_yaml("2026-10-31"), &root);
	ck_assert_str_eq(
	    json_string_value(json_object_get(m, "month_prices_of")),
	    "2026-10-31");
	json_decref(root);
}
END_TEST

/* pricing.date is the date the user asked for: every hour at its rows,
   2 x 10 x $0.008 = $0.16, month 10 x $0.008 x 720 = $57.60. */
START_TEST(test_pricing_date_prices_every_hour)
{
	json_t *root, *m = money_json(manual_yaml("2026-10-31"), &root);

	ck_assert_double_eq_tol(num(m, "throughput_cost"), 0.16, EPS);
	ck_assert_double_eq_tol(num(m, "month_cost"), 57.6, 1e-6);
	ck_assert_int_eq(json_array_size(json_object_get(m, "rows")), 2);
	json_decref(root);
}
END_TEST

/* An on-demand DynamoDB table across the shipped table's 2024-11-01
   cut (P20: $1.25 then $0.625 per million WRU): 100 creates of 1,000 B
   (1 WRU each, D1) a second for 60 s from 23:59:30 = 3,000 WRU on
   2024-10-31 x $1.25 / M + 3,000 on 2024-11-01 x $0.625 / M =
   $0.00375 + $0.001875 = $0.005625 (not 6,000 x $1.25 / M =
   $0.0075). The month is 100 WRU/s x 2,592,000 s = 259.2 M WRU at the
   last hour's $0.625 = $162.00 (not $324). */
START_TEST(test_on_demand_across_the_cut)
{
	json_t *root, *m = money_json(
			  "service: dynamodb\n"
			  "table: {partition_key: /k, capacity: on_demand}\n"
			  "clock: {start: 2024-10-31T23:59:30Z}\n"
			  "pricing: {region: us-east-1}\n"
			  "items: {k: {values: \"k{00000..99999}\"}}\n"
			  "phases: [{duration: 60s, rate: 100/s, ops: "
			  "{create: 1}, item_size: 1000B, arrival: uniform}]\n",
			  &root);

	ck_assert_double_eq_tol(num(m, "throughput_cost"), 0.005625, EPS);
	/* an hour is the month's 1/720 (the hour of consumption at this
	   rate: 360,000 WRU x $0.625 / M), not the run's cost over its 2
	   clock hours */
	ck_assert_double_eq_tol(num(m, "cost_per_hour"), 0.225, EPS);
	/* 6 MB stored, under the 25 GB free: no storage line */
	ck_assert_double_eq_tol(num(m, "storage_cost"), 0, EPS);
	ck_assert_double_eq_tol(num(m, "month_cost"), 162.0, 1e-6);
	json_decref(root);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("bill_days");
	TCase *tc = tcase_create("bill_days");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_manual_hours_at_their_days);
	tcase_add_test(tc, test_pricing_date_prices_every_hour);
	tcase_add_test(tc, test_prices_of_each_line);
	tcase_add_test(tc, test_on_demand_across_the_cut);
	suite_add_tcase(s, tc);
	return s;
}
