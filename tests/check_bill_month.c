/*
 * bill_month: a month at this workload (docs/money.md) is of the
 * workload's own time and of what it stores, whatever the replay's
 * speed. Figures at the shipped table's us-east-1 prices (pricing.md
 * §5, third-party quotes): on demand $0.625 per million WRU, $0.00065
 * per WCU-hour, $0.00013 per RCU-hour; a 30-day month of 2,592,000 s.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The JSON report's money object of variant i of root */
static const json_t *money_of(const json_t *root, size_t i)
{
	const json_t *m = json_object_get(
	    json_array_get(json_object_get(root, "variants"), i), "money");

	ck_assert_ptr_nonnull(m);
	ck_assert(json_is_true(json_object_get(m, "priced")));
	return m;
}

static double num(const json_t *m, const char *key)
{
	const json_t *j = json_object_get(m, key);

	ck_assert_msg(json_is_number(j), "%s", key);
	return json_number_value(j);
}

/* pksim `cmd` on scenario yaml (written as s.yaml beside the data
   file) with `tail` after it, its stdout: caller frees */
static char *run_of(const char *cmd, const char *yaml, const char *tail)
{
	char args[600];

	snprintf(args, sizeof(args), "%s '%s'%s", cmd,
		 tu_dir_file("s.yaml", yaml), tail);
	return tu_run_ok(args);
}

/* The JSON report of run (caller frees the root) */
static json_t *run_json(const char *yaml)
{
	char *out = run_of("run", yaml, " --format json");
	json_t *root = json_loads(out, 0, NULL);

	free(out);
	ck_assert_ptr_nonnull(root);
	return root;
}

/* d.jsonl: 600 records one a second of the data's time (ts in epoch
   seconds), each well under 1 KB: 1 WRU a put (D1) */
static void write_data_file(void)
{
	char *text = malloc(600 * 80), *p = text;
	int i;

	for (i = 0; i < 600; i++) {
		p += sprintf(p,
			     "{\"id\": \"r%05d\", \"k\": \"k%05d\", "
			     "\"ts\": %d}\n",
			     i, i, 1762041600 + i);
	}
	tu_dir_file("d.jsonl", text);
	free(text);
}

/* A data file replayed compressed 60x (trialA-6): 600 puts, one a
   second over 600 s of the data's time, replayed in 10 s. A month of
   that workload is 1 WRU a second of real time: 2,592,000 WRU x $0.625
   a million = $1.62, on an on-demand table and as a provisioned
   table's on-demand comparison; priced at the replay's 60 WRU a second
   it was $97.20. The provisioned table of 100 WCU and 10 RCU bills its
   units as held, 100 x $0.00065 + 10 x $0.00013 = $0.0663 an hour,
   $47.736 a month, and on demand would use 1 of its 100 WCU (1%), not
   the replay's 60. Uncompressed (time_compression 1, a 600 s run) the
   same file gives the same $1.62. */
START_TEST(test_month_compressed_data_time)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "clock: {start: 2026-11-02T00:00:00Z}\n"
	    "table: {partition_key: /k, %s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "items: {file: d.jsonl, time_field: ts, time_compression: %s}\n";
	char yaml[600], *text;
	json_t *root;
	const json_t *m;

	write_data_file();
	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand", "60");
	root = run_json(yaml);
	m = money_of(root, 0);
	ck_assert_double_eq_tol(num(m, "month_cost"), 1.62, 0.005);
	json_decref(root);
	text = run_of("run", yaml, "");
	ck_assert_msg(strstr(text, "a month     720 h of the data's time") &&
			  strstr(text, "replayed compressed 60x") &&
			  strstr(text, "10 s, 600 s of the data's time"),
		      "%s", text);
	free(text);

	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand", "1");
	root = run_json(yaml);
	ck_assert_double_eq_tol(num(money_of(root, 0), "month_cost"), 1.62,
				0.005);
	json_decref(root);

	snprintf(yaml, sizeof(yaml), fmt,
		 "write_capacity_units: 100, read_capacity_units: 10", "60");
	root = run_json(yaml);
	m = money_of(root, 0);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 1.62, 0.005);
	ck_assert_double_eq_tol(num(m, "month_cost"), 47.736, 0.005);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 0.01, 1e-6);
	json_decref(root);
}
END_TEST

/* The same file on a serverless container beside an on-demand table
   (a compare across services): each one's month is the same compressed
   60x as not, the data's one put a second; the table's is $1.62 as
   above. */
START_TEST(test_month_compressed_serverless)
{
	static const char fmt[] =
	    "clock: {start: 2026-11-02T00:00:00Z}\n"
	    "container: {partition_key: /k, serverless: true}\n"
	    "pricing: {region: {cosmos: us-nongov, dynamodb: us-east-1}, "
	    "date: 2026-11-30}\n"
	    "items: {file: d.jsonl, time_field: ts, time_compression: %s}\n"
	    "variants:\n"
	    "  - {name: c}\n"
	    "  - {name: d, service: dynamodb, partition_key: /k, "
	    "capacity: on_demand}\n";
	char yaml[600], *out;
	json_t *root;
	double c1, d1;

	write_data_file();
	snprintf(yaml, sizeof(yaml), fmt, "1");
	out = run_of("compare", yaml, " --no-remedies --format json");
	root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(root);
	c1 = num(money_of(root, 0), "month_cost");
	d1 = num(money_of(root, 1), "month_cost");
	json_decref(root);
	ck_assert_double_eq_tol(d1, 1.62, 0.005);
	ck_assert(c1 > 0);

	snprintf(yaml, sizeof(yaml), fmt, "60");
	out = run_of("compare", yaml, " --no-remedies --format json");
	root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(root);
	ck_assert_double_eq_tol(num(money_of(root, 0), "month_cost"), c1,
				c1 * 1e-3);
	ck_assert_double_eq_tol(num(money_of(root, 1), "month_cost"), d1,
				0.005);
	json_decref(root);
}
END_TEST

/* The month of a table's yaml (JSON money: key) */
static double month_of(const char *yaml, const char *key)
{
	json_t *root = run_json(yaml);
	double v = num(money_of(root, 0), key);

	json_decref(root);
	return v;
}

/* A burst on one key value that the retries store (trialA-7, -8): key
   value "hot" with a random sort key, 3,000 puts of 1 KB in one second
   and 1 a second for 59 s, the client's default retries. The value
   takes 1,000 WRU a second (D3) in either capacity mode; the retries
   store the other 2,000 in the seconds after the burst, which the cycle
   repeated has free (59 puts in its other 59 s), so every minute stores
   and bills 3,059 WRU: 3,059 / 60 x 2,592,000 x $0.625 a million =
   $82.593 a month, with the burst first or last (last, its retries wait
   into the next repetition's seconds), on an on-demand table and as a
   provisioned table's on-demand comparison. The capped first attempts
   alone, 1,059 a minute, gave $28.593 (burst last, and the
   comparison). The provisioned table of 2,000 WCU and 10 RCU: on demand
   would use 3,059 of its 120,000 unit-seconds, 2.549%. With retries off
   only the 1,059 are stored: $28.593. The text report's "(on demand)"
   note says its month and use add what the retries store. */
START_TEST(test_month_burst_retried_any_order)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /s, %s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "%s"
	    "items: {k: {const: hot}, s: {values: \"{000000..999999}\"}}\n"
	    "phases:\n"
	    "  - {duration: %s, rate: %s, item_size: 1KB}\n"
	    "  - {duration: %s, rate: %s, item_size: 1KB}\n";
	const char *od = "capacity: on_demand";
	const char *prov =
	    "write_capacity_units: 2000, read_capacity_units: 10";
	char yaml[1024], *text;
	json_t *root;
	const json_t *m;

	snprintf(yaml, sizeof(yaml), fmt, od, "", "59s", "1/s", "1s", "3000/s");
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 82.593, 0.005);
	snprintf(yaml, sizeof(yaml), fmt, od, "", "1s", "3000/s", "59s", "1/s");
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 82.593, 0.005);
	snprintf(yaml, sizeof(yaml), fmt, od, "client: {retries: off}\n", "59s",
		 "1/s", "1s", "3000/s");
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 28.593, 0.005);

	snprintf(yaml, sizeof(yaml), fmt, prov, "", "1s", "3000/s", "59s",
		 "1/s");
	root = run_json(yaml);
	m = money_of(root, 0);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 82.593, 0.005);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 3059.0 / 120000,
				1e-6);
	json_decref(root);
	text = run_of("run", yaml, "");
	ck_assert_msg(strstr(text, "a month, and the use, add what that cap "
				   "refused that retries store where the "
				   "value's cycle has room") != NULL,
		      "%s", text);
	free(text);
}
END_TEST

/* One key value's writes after a heat split (trialA-1, D7): 1,500 puts
   of 1,000 B a second (1 WRU each) on "cust-42" with a random sort key,
   60 s, splits for heat after 10 hot seconds completing 10 s later
   (t = 20 s). Until then the value's partition takes 1,000 a second;
   after it the value spans two partitions and takes all 1,500 (on the
   on-demand table and on the provisioned table of 3,000 WCU alike).
   Partitions never merge (D8), so a month of the workload serves all
   1,500 WRU a second: 1,500 x 2,592,000 x $0.625 a million = $2,430.00,
   the on-demand table's month and the provisioned table's comparison;
   and in the run the comparison counts 20 x 1,000 + 40 x 1,500 =
   80,000 WRU, what the split partitions took, not the 60,000 of one
   partition's cap (the month counted 1,000 a second: $1,620.00, and the
   run's line 0.06 M WRU). */
START_TEST(test_month_heat_split_value)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /c, sort_key: /sk, %s, heat_window_s: "
	    "10, split_delay_s: 10}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "items: {c: cust-42, sk: {values: \"s{000000..999999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 1500/s, item_size: 1000B}\n";
	char yaml[1024];
	json_t *root;
	const json_t *m;

	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand");
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 2430.00, 0.005);
	snprintf(yaml, sizeof(yaml), fmt,
		 "write_capacity_units: 3000, read_capacity_units: 10");
	root = run_json(yaml);
	m = money_of(root, 0);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 2430.00, 0.005);
	ck_assert_double_eq_tol(num(m, "ondemand_wru_millions"), 0.08, 1e-9);
	json_decref(root);
}
END_TEST

/* The same value with every client's retries off (trialK-5), for 60 s
   and for 120 s: the split comes at t = 20 s either way, and until then
   the partition's cap refuses 500 puts a second that no retry stores.
   A month repeats the run back to back and partitions never merge
   (D8): from the second repetition the value spans two partitions from
   its first second, and its cap then, 2 x 1,000 WRU a second, takes
   all 1,500 puts of each second the run refused them in. So a month is
   1,500 WRU x 2,592,000 s x $0.625 a million = $2,430.00, whatever the
   run's length, the on-demand table's and the provisioned table's
   comparison alike. (Counting only what the run served, it was (20 x
   1,000 + 40 x 1,500) / 60 = 1,333.3 WRU a second, $2,160.00 for 60 s,
   and (20 x 1,000 + 100 x 1,500) / 120 = 1,416.7, $2,295.00 for 120
   s.) The run's own line still counts what it served: 80,000 WRU in 60
   s, 0.08 M. */
START_TEST(test_month_heat_split_no_retries)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /c, sort_key: /sk, %s, heat_window_s: "
	    "10, split_delay_s: 10}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "client: {retries: off}\n"
	    "items: {c: cust-42, sk: {values: \"s{000000..999999}\"}}\n"
	    "phases:\n"
	    "  - {duration: %ds, rate: 1500/s, item_size: 1000B}\n";
	char yaml[1024];
	json_t *root;
	const json_t *m;

	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand", 60);
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 2430.00, 0.005);
	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand", 120);
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 2430.00, 0.005);
	snprintf(yaml, sizeof(yaml), fmt,
		 "write_capacity_units: 3000, read_capacity_units: 10", 60);
	root = run_json(yaml);
	m = money_of(root, 0);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 2430.00, 0.005);
	ck_assert_double_eq_tol(num(m, "ondemand_wru_millions"), 0.08, 1e-9);
	json_decref(root);
}
END_TEST

/* An on-demand table whose configured maximum is below one put
   (trialD-5): max_write_request_units 100, one 200 KB put a second for
   10 s. A put of 200 KB is 204,800 / 1,024 = 200 WRU (D1), more than
   the 100 the table admits in any second (D12), and a request is never
   admitted into debt: every repetition serves none, so a month bills
   $0.00 (it priced the demand capped at the maximum: 100 WRU a second
   x 2,592,000 s x $0.625 a million = $162.00), and the caveat note says
   why. Puts of 100 KB, 100 WRU, fit: 100 x 2,592,000 x $0.625 a million
   = $162.00 a month. */
START_TEST(test_month_never_admitted)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, capacity: on_demand, "
	    "max_write_request_units: 100}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1/s, ops: {create: 1}, item_size: "
	    "%s}\n";
	char yaml[512], *text;

	snprintf(yaml, sizeof(yaml), fmt, "200KB");
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 0.0, 1e-9);
	text = run_of("run", yaml, "");
	ck_assert_msg(strstr(text, "10 writes each asked more units than the "
				   "table admits in any one second (its "
				   "max_write_request_units of 100 WRU a "
				   "second; D12)") != NULL,
		      "%s", text);
	free(text);
	snprintf(yaml, sizeof(yaml), fmt, "100KB");
	ck_assert_double_eq_tol(month_of(yaml, "month_cost"), 162.00, 0.005);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("bill_month");
	TCase *tc = tcase_create("bill_month");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_month_compressed_data_time);
	tcase_add_test(tc, test_month_compressed_serverless);
	tcase_add_test(tc, test_month_burst_retried_any_order);
	tcase_add_test(tc, test_month_heat_split_value);
	tcase_add_test(tc, test_month_heat_split_no_retries);
	tcase_add_test(tc, test_month_never_admitted);
	suite_add_tcase(s, tc);
	return s;
}
