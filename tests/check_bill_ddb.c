/*
 * bill_ddb: pricing.md's statements on Amazon DynamoDB bills (§9,
 * P14-P18, P20) on runs of `service: dynamodb` tables, each figure
 * derived beside its test. us-east-1 prices of the shipped table
 * (third-party quotes, pricing.md §5): $0.00065 per WCU-hour, $0.00013
 * per RCU-hour, on demand $0.625 per million WRU and $0.125 per million
 * RRU from 2024-11-01 ($1.25 and $0.25 before), storage $0.25 per
 * GB-month after 25 GB free.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define EPS 1e-9

/* The JSON report's money object of one run of yaml (owned by the
   returned root, which the caller frees) */
static json_t *money_json(const char *yaml, json_t **root)
{
	char args[512], *out;
	json_t *m;

	snprintf(args, sizeof(args), "run '%s' --format json",
		 tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	*root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(*root);
	m = json_object_get(
	    json_array_get(json_object_get(*root, "variants"), 0), "money");
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

/* The text report's money block of one run of yaml. Owned. */
static char *money_text(const char *yaml)
{
	char args[512], *out, *m;

	snprintf(args, sizeof(args), "run '%s'", tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	m = strstr(out, "\nmoney");
	ck_assert_ptr_nonnull(m);
	m = strndup(m, (size_t)(strstr(m, "\ntimeline") - m));
	free(out);
	return m;
}

/* P14: 100 RCU + 100 WCU for 720 h: reads 100 x $0.00013 x 720 =
   $9.36, writes 100 x $0.00065 x 720 = $46.80, $56.16 in all. A run of
   720 hours from 00:00 bills 720 clock hours; 1 create of 1 KB a minute (1/m)
   (43,200 items, 42 MiB) stores nothing past the 25 GB free. */
START_TEST(test_p14_provisioned_month)
{
	json_t *root;
	json_t *m = money_json(
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 100, "
	    "write_capacity_units: 100}\n"
	    "pricing: {region: us-east-1}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "phases: [{duration: 720h, rate: 1/m, item_size: 1KB}]\n",
	    &root);

	ck_assert_int_eq((int)num(m, "hours"), 720);
	ck_assert_double_eq_tol(num(m, "throughput_cost"), 46.80, EPS);
	ck_assert_double_eq_tol(num(m, "reads_cost"), 9.36, EPS);
	ck_assert_double_eq_tol(num(m, "storage_cost"), 0, EPS);
	ck_assert_double_eq_tol(num(m, "cost"), 56.16, EPS);
	ck_assert_double_eq_tol(num(m, "month_cost"), 56.16, EPS);
	json_decref(root);
}
END_TEST

/* Any part of a wall-clock hour bills the hour: 60 s from 23:59:30
   touch the 23:00 and 00:00 hours: 2 x (100 x $0.00065 + 100 x
   $0.00013) = $0.156. */
START_TEST(test_wall_clock_hours)
{
	json_t *root;
	json_t *m =
	    money_json("service: dynamodb\n"
		       "clock: {start: \"2026-11-30T23:59:30Z\"}\n"
		       "table: {partition_key: /k, read_capacity_units: 100, "
		       "write_capacity_units: 100}\n"
		       "pricing: {region: us-east-1, date: 2026-11-30}\n"
		       "items: {k: {values: \"k{000..999}\"}}\n"
		       "phases: [{duration: 60s, rate: 1/s, item_size: 1KB}]\n",
		       &root);

	ck_assert_int_eq((int)num(m, "hours"), 2);
	ck_assert_double_eq_tol(num(m, "cost"), 0.156, EPS);
	json_decref(root);
}
END_TEST

/* The free tier takes 25 WCU and 25 RCU off each hour: 75 x $0.00065 +
   75 x $0.00013 = $0.0585 an hour against $0.078 without. */
START_TEST(test_free_tier_capacity)
{
	json_t *root;
	json_t *m =
	    money_json("service: dynamodb\n"
		       "table: {partition_key: /k, read_capacity_units: 100, "
		       "write_capacity_units: 100}\n"
		       "pricing: {region: us-east-1, free_tier: true}\n"
		       "items: {k: {values: \"k{000..999}\"}}\n"
		       "phases: [{duration: 60s, rate: 1/s, item_size: 1KB}]\n",
		       &root);

	ck_assert_double_eq_tol(num(m, "cost"), 0.0585, EPS);
	json_decref(root);
}
END_TEST

/* The free tier's line says what it took off: 25 of each, but no more
   than the table holds: a table of 100 WCU and 15 RCU is given 25 WCU
   and 15 RCU an hour (25 x $0.00065 + 15 x $0.00013 = $0.01820 an
   hour off). */
START_TEST(test_free_tier_words)
{
	char *m = money_text(
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 15, "
	    "write_capacity_units: 100}\n"
	    "pricing: {region: us-east-1, free_tier: true}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "phases: [{duration: 60s, rate: 1/s, item_size: 1KB}]\n");

	ck_assert_msg(strstr(m, "25 WCU and 15 RCU") &&
			  !strstr(m, "25 WCU and 25 RCU"),
		      "%s", m);
	/* the writes and reads lines are already net of it */
	ck_assert_msg(strstr(m, "15 RCU (off the lines above)"), "%s", m);
	free(m);
}
END_TEST

/* P17: storage with 100 bytes an item. 250,000 creates of 129,148 B
   (250 a second for 1,000 s, 127 WCU each (129,148 / 1,024 = 126.1,
   rounded up): 31,750 WCU a second on a table of 400,000: 401 partitions
   of ~998 WCU (D4, D5), ~0.6 writes a second each against the 7 one can
   take (7 x 127 = 889), so none is throttled: 8 in one partition's
   second, at a mean of 0.62, has odds of about 3e-7, some 0.1 in the
   run's 401,000, and the count below checks it) store (sort key /id:
   each create its own item, §1)
   250,000 x 129,148 B + 250,000 x 100 B = 32,312,000,000 B = 30.0929 GB
   (2^30 B), 5.0929 GB past the 25 free: $1.2732 a month. In a 1-hour run
   that is the month's storage: the hour's GB-months (5.0929 / 720) x
   $0.25 x 720 hours. The same bytes as a million items of 32,212 B, in
   a quarter of the operations to replay. */
START_TEST(test_p17_storage_item_overhead)
{
	const double gb = 32312000000.0 / 1073741824.0;
	json_t *root;
	json_t *m = money_json(
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, "
	    "read_capacity_units: 100, write_capacity_units: 400000}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1}\n"
	    "items: {k: {values: \"k{000000..099999}\"}}\n"
	    "phases: [{duration: 1000s, rate: 250/s, item_size: 129148B}]\n",
	    &root);
	json_t *t = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0), "totals");

	ck_assert_int_eq(json_integer_value(json_object_get(t, "succeeded")),
			 250000);
	ck_assert_double_eq_tol(gb, 30.0929, 0.0001);
	ck_assert_double_eq_tol(num(m, "storage_cost") * 720, (gb - 25) * 0.25,
				EPS);
	ck_assert_double_eq_tol(num(m, "storage_cost") * 720, 1.2732, 0.0001);
	json_decref(root);
}
END_TEST

/* A table of 4,000 RCU and WCU: 10,000 creates of 1 KB (1 WRU
   each; 10 s at 1,000 a second), then 10,000 reads of them (10 s
   more), strong (a 1 KB item is 1 RRU: a strong read is 1 RRU per 4
   KB) or eventual (half), on date. A hundredth of the reference's
   million of each keeps the replays short; the figures scale by a
   hundredth. */
static json_t *reads_run(const char *consistency, const char *date,
			 const char *size, json_t **root)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 4000, "
		 "write_capacity_units: 4000, read_consistency: %s}\n"
		 "client: {retries: off}\n"
		 "pricing: {region: us-east-1, date: %s}\n"
		 "items: {k: {values: \"k{000000..099999}\"}}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 1000/s, item_size: %s, "
		 "ops: {create: 1}}\n"
		 "  - {duration: 10s, rate: 1000/s, ops: {read: 1}}\n",
		 consistency, date, size);
	return money_json(yaml, root);
}

/* P15: 10,000 one-KB writes and 10,000 strong reads of up to 4 KB
   on demand: 0.01 M WRU x $0.625 + 0.01 M RRU x $0.125 = $0.00625 +
   $0.00125 = $0.0075 with the 2024-11-01 table, and 0.01 x $1.25 +
   0.01 x $0.25 = $0.015 before it (the reference's million of each:
   $0.75).
   P18: provisioned costs less than on demand above $0.00065 / (3,600 x
   $0.625 / 10^6) = 28.9 % average use with the 2024-11-01 table, and
   $0.00065 / (3,600 x $1.25 / 10^6) = 14.4 % before; reads give the
   same ratio ($0.00013 / $0.00045). The run's use: 10,000 WRU over
   4,000 WCU x 20 s = 12.5 %. */
START_TEST(test_p15_p18_ondemand_strong)
{
	json_t *ra, *rb;
	json_t *a = reads_run("strong", "2024-11-01", "1000B", &ra);
	json_t *b = reads_run("strong", "2024-10-31", "1000B", &rb);

	ck_assert_double_eq_tol(num(a, "ondemand_wru_millions"), 0.01, EPS);
	ck_assert_double_eq_tol(num(a, "ondemand_rru_millions"), 0.01, EPS);
	ck_assert_double_eq_tol(num(a, "ondemand_cost"), 0.0075, EPS);
	ck_assert_double_eq_tol(num(b, "ondemand_cost"), 0.015, EPS);
	/* the month on demand: $0.0075 in 20 s x 2,592,000 / 20 = $972 */
	ck_assert_double_eq_tol(num(a, "ondemand_month_cost"),
				0.0075 * 2592000 / 20, 1e-6);
	ck_assert_double_eq_tol(num(a, "breakeven_write_share"),
				0.00065 / (3600 * 0.625e-6), EPS);
	ck_assert_double_eq_tol(num(a, "breakeven_write_share"), 0.2889,
				0.0001);
	ck_assert_double_eq_tol(num(a, "breakeven_read_share"), 0.2889, 0.0001);
	ck_assert_double_eq_tol(num(b, "breakeven_write_share"), 0.1444,
				0.0001);
	ck_assert_double_eq_tol(num(a, "write_used_share"), 0.125, EPS);
	json_decref(ra);
	json_decref(rb);
}
END_TEST

/* P16: 10,000 eventual reads of 4 KB = 5,000 RRU = 0.005 M x $0.125
   = $0.000625 (the 4 KB creates are 4 WRU each: 0.04 M WRU x $0.625 =
   $0.025; 4,000 WCU a second on the table's 4,000, none throttled).
   The reference's million reads: 500,000 RRU, $0.0625. */
START_TEST(test_p16_ondemand_eventual)
{
	json_t *root;
	json_t *m = reads_run("eventual", "2024-11-01", "4KB", &root);

	ck_assert_double_eq_tol(num(m, "ondemand_rru_millions"), 0.005, EPS);
	ck_assert_double_eq_tol(num(m, "ondemand_wru_millions"), 0.04, EPS);
	ck_assert_double_eq_tol(num(m, "ondemand_cost"), 0.025 + 0.000625, EPS);
	json_decref(root);
}
END_TEST

/*
 * P15 and P20 on an on-demand table (pricing.md §4: billed per request
 * unit consumed), a hundredth of P15's requests to keep the test short:
 * warmed to 20,000 RRU and WRU (D13; 20 partitions' worth, doubled from
 * 4 to 32), far above the 1,000 a second asked (about 31 a partition,
 * far under its caps): none is throttled. 10,000 one-KB creates consume
 * 0.01 M WRU x $0.625 = $0.00625 and 10,000 strong reads of them
 * 0.01 M RRU x $0.125 = $0.00125: $0.0075 (storage 0.01 GB, free), and
 * the month $0.0075 / 20 s x 2,592,000 s = $972. With the table before
 * 2024-11-01, $0.0125 + $0.0025 = $0.015: both lines halve.
 */
START_TEST(test_p15_p20_on_demand_table)
{
	static const char *const dates[] = {"2024-11-01", "2024-10-31"};
	static const double want[2][2] = {{0.00625, 0.00125}, {0.0125, 0.0025}};
	char yaml[1024];
	size_t k;

	for (k = 0; k < 2; k++) {
		json_t *root, *m;

		snprintf(yaml, sizeof(yaml),
			 "service: dynamodb\n"
			 "table: {partition_key: /k, capacity: on_demand, "
			 "warm_read_units: 20000, warm_write_units: 20000, "
			 "read_consistency: strong}\n"
			 "client: {retries: off}\n"
			 "pricing: {region: us-east-1, date: %s}\n"
			 "items: {k: {values: \"k{000000..099999}\"}}\n"
			 "phases:\n"
			 "  - {duration: 10s, rate: 1000/s, item_size: 1000B, "
			 "ops: {create: 1}}\n"
			 "  - {duration: 10s, rate: 1000/s, ops: {read: 1}}\n",
			 dates[k]);
		m = money_json(yaml, &root);
		ck_assert_str_eq(json_string_value(json_object_get(m, "mode")),
				 "on-demand");
		ck_assert_double_eq_tol(num(m, "throughput_cost"), want[k][0],
					EPS);
		ck_assert_double_eq_tol(num(m, "reads_cost"), want[k][1], EPS);
		ck_assert_double_eq_tol(num(m, "storage_cost"), 0, EPS);
		ck_assert_double_eq_tol(num(m, "cost"), want[k][0] + want[k][1],
					EPS);
		ck_assert_double_eq_tol(
		    num(m, "month_cost"),
		    (want[k][0] + want[k][1]) / 20 * 2592000, 1e-6);
		/* no comparison with itself */
		ck_assert_ptr_null(json_object_get(m, "ondemand_cost"));
		json_decref(root);
	}
}
END_TEST

/*
 * An on-demand table's month is its workload's, on the warm table: a
 * new table's instant limit of 4,000 WRU (D12, statement 21) throttles
 * a launch of 5,000 creates a second of 1 KiB (1 WRU each, D1) over
 * 100,000 ids, but twice a peak is the limit 30 minutes after it, so a
 * month of them is served: 5,000 x 2,592,000 s = 12,960 M WRU x $0.625
 * = $8,100 (what a provisioned table's on-demand line prints for the
 * same requests). The run itself bills what it consumed: 4,000 x 10 s =
 * 40,000 WRU x $0.625 / 1e6 = $0.025. (Projecting that: $6,480.) A
 * configured maximum of 2,000 WRU a second (max_write_request_units)
 * holds every second of the month: 2,000 x 2,592,000 x $0.625 / 1e6 =
 * $3,240.
 */
START_TEST(test_ondemand_month_warm)
{
	static const char *const more[] = {"",
					   ", max_write_request_units: 2000"};
	static const double month[] = {8100, 3240};
	char yaml[1024];
	size_t k;

	for (k = 0; k < 2; k++) {
		json_t *root, *m;

		snprintf(yaml, sizeof(yaml),
			 "service: dynamodb\n"
			 "table: {partition_key: /k, capacity: on_demand%s}\n"
			 "client: {retries: off}\n"
			 "pricing: {region: us-east-1, date: 2026-11-30}\n"
			 "items: {k: {values: \"k{00000..99999}\"}}\n"
			 "phases:\n"
			 "  - {duration: 10s, rate: 5000/s, item_size: 1KB, "
			 "ops: {create: 1}}\n",
			 more[k]);
		m = money_json(yaml, &root);
		if (k == 0) {
			ck_assert_double_eq_tol(num(m, "throughput_cost"),
						0.025, EPS);
		}
		ck_assert_double_eq_tol(num(m, "month_cost"), month[k], 1e-6);
		json_decref(root);
	}
}
END_TEST

/*
 * D17 with P15/P18: the same requests on demand are the table's writes
 * and their index writes, and the use the comparison reports divides
 * them by the table's WCU plus its indexes' (all billed). 60 s of 10
 * creates a second with status (in both indexes) and 10 without (in
 * neither: sparse), 2 KB each (2 WCU, D1): the table 20 x 2 x 60 =
 * 2,400 WRU, index "all" (projects the item: 2 WCU) 10 x 2 x 60 =
 * 1,200, index "keys" (keys_only: 1 WCU) 10 x 1 x 60 = 600; 4,200 WRU
 * = 0.0042 M. Use: 4,200 / ((100 + 100 + 100) WCU x 60 s) = 23.3 %
 * (counting the table's writes alone gave 2,400 / 18,000 = 13.3 %).
 */
START_TEST(test_ondemand_counts_index_writes)
{
	json_t *root;
	json_t *m = money_json(
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 100\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: all, partition_key: /status, read_capacity_units: "
	    "1, write_capacity_units: 100}\n"
	    "    - {name: keys, partition_key: /status, read_capacity_units: "
	    "1, write_capacity_units: 100, projection: keys_only}\n"
	    "pricing: {region: us-east-1, date: 2024-11-01}\n"
	    "streams:\n"
	    "  - name: open\n"
	    "    items: {status: {const: open}}\n"
	    "    phases: [{duration: 60s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 2KB}]\n"
	    "  - name: closed\n"
	    "    phases: [{duration: 60s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 2KB}]\n",
	    &root);

	ck_assert_double_eq_tol(num(m, "ondemand_wru_millions"), 0.0042, EPS);
	ck_assert_double_eq_tol(num(m, "write_used_share"),
				4200.0 / (300.0 * 60), EPS);
	ck_assert_double_eq_tol(num(m, "ondemand_rru_millions"), 0, EPS);
	json_decref(root);
}
END_TEST

/* The on-demand comparison counts only what on demand would serve: a
   partition serves at most 1,000 WRU a second in either capacity mode
   (reference §2, §7; statement 17). hot-key.yaml priced: 1,500 writes a
   second of 1 KB to one partition-key value for 60 s on 3,000 RCU +
   4,000 WCU. On demand the value takes 1,000 a second: 60,000 WRU =
   0.06 M x $0.625 = $0.0375, a month $0.0375 / 60 s x 2,592,000 s =
   $1,620 (1,000/s x 2,592,000 s x $0.625/M), as the same table run on
   demand bills. Its use: 60,000 / (4,000 WCU x 60 s) = 25 %, under
   the 28.9 % break-even. Counting every first attempt gave 90,000 WRU
   and $2,430, dearer than provisioned's $2,152.80 (4,000 x $0.00065 x
   720 + 3,000 x $0.00013 x 720). */
START_TEST(test_ondemand_hot_key_capped)
{
	json_t *root;
	json_t *m = money_json(
	    "service: dynamodb\n"
	    "table: {name: orders, partition_key: /customerId, sort_key: "
	    "/id, read_capacity_units: 3000, write_capacity_units: 4000}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1, date: 2024-11-01}\n"
	    "items: {customerId: {const: customer-0042}}\n"
	    "phases:\n"
	    "  - {name: hot, duration: 60s, rate: 1500/s, item_size: 1KB}\n",
	    &root);

	ck_assert_double_eq_tol(num(m, "ondemand_wru_millions"), 0.06, EPS);
	ck_assert_double_eq_tol(num(m, "ondemand_cost"), 0.0375, EPS);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 1620, 1e-6);
	ck_assert_double_eq_tol(num(m, "month_cost"), 2152.80, 1e-6);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 0.25, EPS);
	json_decref(root);
}
END_TEST

/* GSI back-pressure holds on demand too (E5, statement 25): 300 creates
   a second of 3.5 KB (4 WCU on the table, 4 on an index of projection
   all) whose index key is one value, "pending". The value takes 1,000
   WRU a second, 250 creates; a create it cannot take is throttled whole,
   its table units too. 250 x 60 s x (4 + 4) = 120,000 WRU = 0.12 M x
   $0.625 = $0.075, a month $0.075 / 60 x 2,592,000 = $3,240, below
   provisioned's (4,000 + 4,000) x $0.00065 x 720 + (1,000 + 100) x
   $0.00013 x 720 = $3,846.96. Counting every first attempt gave 300 x
   8 a second, $3,888. */
START_TEST(test_ondemand_index_value_capped)
{
	json_t *root;
	json_t *m = money_json(
	    "service: dynamodb\n"
	    "table:\n"
	    "  name: outbox\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 1000\n"
	    "  write_capacity_units: 4000\n"
	    "  burst: off\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-status, partition_key: /status, "
	    "read_capacity_units: 100, write_capacity_units: 4000, "
	    "projection: all}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1, date: 2024-11-01}\n"
	    "items: {status: {const: pending}}\n"
	    "phases:\n"
	    "  - {name: events, duration: 60s, rate: 300/s, ops: {create: 1}, "
	    "item_size: 3.5KB}\n",
	    &root);

	ck_assert_double_eq_tol(num(m, "ondemand_wru_millions"), 0.12, EPS);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 3240, 1e-6);
	ck_assert_double_eq_tol(num(m, "month_cost"), 3846.96, 1e-6);
	json_decref(root);
}
END_TEST

/* The line of money block m starting with label, up to its tag. Owned. */
static char *line_of(const char *m, const char *label)
{
	char want[64];
	const char *p, *e;

	snprintf(want, sizeof(want), "\n  %s", label);
	p = strstr(m, want);
	ck_assert_ptr_nonnull(p);
	e = strstr(p, " (prices of");
	ck_assert_ptr_nonnull(e);
	return strndup(p, (size_t)(e - p));
}

/* P20: moving the billing date from 2024-10-31 to 2024-11-01 halves
   the on-demand lines and changes no other: 60 s of 100 creates of 1 KB
   a second = 6,000 WRU: $0.0075 before, $0.0038 after (0.006 M x
   $0.625 = $0.00375, printed to four decimals). */
START_TEST(test_p20_ondemand_halves_only)
{
	static const char *const same[] = {"writes",  "reads",	 "storage",
					   "the run", "an hour", "a month"};
	char yaml[2][512];
	char *m[2];
	size_t i, k;

	for (k = 0; k < 2; k++) {
		snprintf(yaml[k], sizeof(yaml[k]),
			 "service: dynamodb\n"
			 "table: {partition_key: /k, read_capacity_units: "
			 "100, write_capacity_units: 200}\n"
			 "pricing: {region: us-east-1, date: %s}\n"
			 "items: {k: {values: \"k{000..999}\"}}\n"
			 "phases: [{duration: 60s, rate: 100/s, item_size: "
			 "1000B}]\n",
			 k ? "2024-11-01" : "2024-10-31");
		m[k] = money_text(yaml[k]);
	}
	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		char *a = line_of(m[0], same[i]), *b = line_of(m[1], same[i]);

		ck_assert_str_eq(a, b);
		free(a);
		free(b);
	}
	ck_assert_ptr_nonnull(strstr(m[0], "0.006 M WRU, 0 M RRU"));
	ck_assert_ptr_nonnull(strstr(m[0], "$0.0075 (prices of 2024-10-31"));
	ck_assert_ptr_nonnull(strstr(m[1], "$0.0038 (prices of 2024-11-01"));
	free(m[0]);
	free(m[1]);
}
END_TEST

/*
 * GSI storage is billed (pricing.md §4: storage counts "all GSI and LSI
 * data"; §8: "100 B per item and index entry"). 600 creates of 40,000
 * B (10 a second for 60 s, 40 WCU each: 400 WCU a second against the
 * table's and index by-s's 8,000, and 1 WCU each on keys_only index
 * by-t's 100: none throttled), every item in both indexes (sort key
 * /id: each create its own item, §1). A table
 * whose storage_free is 0 and no clock (one hour, 1/720 of a month):
 * the table holds 600 x (40,000 + 100) = 24,060,000 B, by-s
 * (projection all) the same, by-t (keys_only) 600 x 100 = 60,000 B
 * (ASSUMPTION: its key attributes are not counted). 48,180,000 B =
 * 0.044871 GB (2^30 B) / 720 x $0.25; the table alone (what was billed
 * before) is under half of it.
 */
START_TEST(test_gsi_storage_billed)
{
	static const char table[] =
	    "provider,region,meter,unit,price,currency,effective_from,"
	    "effective_to,source,read_on,status\n"
	    "dynamodb,r1,provisioned_wcu_standard,WCU-hour,0.00065,USD,,,t,"
	    "2026-11-30,third-party\n"
	    "dynamodb,r1,provisioned_rcu_standard,RCU-hour,0.00013,USD,,,t,"
	    "2026-11-30,third-party\n"
	    "dynamodb,r1,storage_standard,GB-month,0.25,USD,,,t,2026-11-30,"
	    "official-page\n"
	    "dynamodb,r1,storage_free,GB-month,0,GB,,,t,2026-11-30,"
	    "official-page\n";
	const double gb = 48180000.0 / 1073741824.0;
	char yaml[1024];
	json_t *root, *m, *t;

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /k\n"
		 "  sort_key: /id\n"
		 "  read_capacity_units: 100\n"
		 "  write_capacity_units: 8000\n"
		 "  global_secondary_indexes:\n"
		 "    - {name: by-s, partition_key: /s, "
		 "read_capacity_units: 100, write_capacity_units: 8000}\n"
		 "    - {name: by-t, partition_key: /t, projection: keys_only, "
		 "read_capacity_units: 100, write_capacity_units: 100}\n"
		 "client: {retries: off}\n"
		 "pricing: {region: r1, table: '%s', date: 2026-11-30}\n"
		 "items:\n"
		 "  k: {values: \"k{0000..9999}\"}\n"
		 "  s: {values: \"s{0000..9999}\"}\n"
		 "  t: {values: \"t{0000..9999}\"}\n"
		 "phases: [{duration: 60s, rate: 10/s, ops: {create: 1}, "
		 "item_size: 40000B}]\n",
		 tu_dir_file("t.csv", table));
	m = money_json(yaml, &root);
	t = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0), "totals");
	ck_assert_int_eq(json_integer_value(json_object_get(t, "succeeded")),
			 600);
	ck_assert_double_eq_tol(gb, 0.044871, 0.000001);
	ck_assert_double_eq_tol(num(m, "storage_cost"), gb / 720 * 0.25, EPS);
	json_decref(root);
}
END_TEST

/* A table with a local secondary index (D18) bills the index's writes
   with the table's and its entries' bytes with its partitions' storage,
   but not their 100 bytes each (pricing.md §8): the money block says the
   storage line is short by those, also beside the warm-throughput note;
   without an index it says nothing. */
START_TEST(test_lsi_storage_said)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, capacity: "
	    "on_demand%s}\n"
	    "pricing: {region: us-east-1}\n"
	    "items: {k: {values: \"k{0..99}\"}, status: {values: [a, b]}}\n"
	    "phases: [{duration: 10s, rate: 10/s}]\n";
	static const char lsi[] =
	    ", local_secondary_indexes: [{name: by-status, sort_key: /status}]";
	char yaml[512], more[256], *m;

	snprintf(yaml, sizeof(yaml), fmt, lsi);
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "the local secondary indexes' entries are in "
				"the storage line by their bytes but not by "
				"the 100 bytes each"),
		      "%s", m);
	free(m);
	snprintf(more, sizeof(more), "%s, warm_write_units: 40000", lsi);
	snprintf(yaml, sizeof(yaml), fmt, more);
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "(pricing.md §4, A-WARM; its rate is not in "
				"the table); the local secondary indexes'"),
		      "%s", m);
	free(m);
	snprintf(yaml, sizeof(yaml), fmt, "");
	m = money_text(yaml);
	ck_assert_msg(!strstr(m, "local secondary"), "%s", m);
	free(m);
}
END_TEST

/* A short run's month bills the storage the run held, not a month of
   its writes (trial U2): the money block says so. 1,000 puts a second of
   1 KiB for 60 s, each a new item (partition key /id), no throttle
   (2,000 WCU): 60,000 items of 1,024 B plus 100 B each (pricing.md §4)
   = 67,440,000 B = 67,440,000 / 2^30 = 0.063 GB at the end; that growth
   over 720 h (x 2,592,000 / 60 = 43,200) is 2,913,408,000,000 B = 2,713
   GB, not billed. */
START_TEST(test_storage_month_said)
{
	char *m = money_text("service: dynamodb\n"
			     "table: {partition_key: /id, read_capacity_units: "
			     "100, write_capacity_units: 2000}\n"
			     "pricing: {region: us-east-1}\n"
			     "client: {retries: off}\n"
			     "phases: [{duration: 60s, rate: 1000/s, "
			     "item_size: 1KB}]\n");

	ck_assert_msg(strstr(m, "storage: a month bills the GB this run held "
				"(its hours' average), not a month of this "
				"workload's writes: the table held 0.063 GB "
				"after the run's 60 s; were that growth to go "
				"on, 720 h would end at about 2,713 GB, not "
				"billed here"),
		      "%s", m);
	free(m);
}
END_TEST

/* The storage projection stops where the key space is full (trial X's
   L5): a table keyed by /dev alone holds one item per value, and a put of
   a held value replaces it. /dev takes 10,000 values, so at most 10,000
   items of 1,024 B plus 100 B each (pricing.md §4) = 11,240,000 B =
   11,240,000 / 2^30 = 0.010468 GB: "0.010 GB". The run: 100 puts a second
   of 1 KiB for 60 s = 6,000 puts, about 10,000 x (1 - e^(-0.6)) = 4,512
   items, 4,512 x 1,124 / 2^30 = 0.0047 GB, x 43,200 (720 h / 60 s) =
   about 204 GB unbounded: past the 0.010 GB bound, so the bound is said.
   With a sort key of unique ids the key space is not bounded: the
   growth's figure stays. */
START_TEST(test_storage_month_bounded_by_keys)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /dev%s, read_capacity_units: 100, "
	    "write_capacity_units: 2000}\n"
	    "pricing: {region: us-east-1}\n"
	    "client: {retries: off}\n"
	    "items: {dev: {values: \"d{0000..9999}\"}}\n"
	    "phases: [{duration: 60s, rate: 100/s, item_size: 1KB}]\n";
	char yaml[512];
	char *m;

	snprintf(yaml, sizeof(yaml), fmt, "");
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "were that growth to go on, it would stop at "
				"about 0.010 GB, all that 10,000 key values "
				"of at most 1,024 B each (and 100 B) can "
				"hold"),
		      "%s", m);
	ck_assert_msg(!strstr(m, "720 h would end"), "%s", m);
	free(m);
	snprintf(yaml, sizeof(yaml), fmt, ", sort_key: /id");
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "720 h would end at about"), "%s", m);
	ck_assert_msg(!strstr(m, "it would stop at"), "%s", m);
	free(m);
}
END_TEST

/* An on-demand table warmer than a new table's default (D13: 4,000
   WRU/s, 12,000 RRU/s) may have been pre-warmed, which AWS charges for
   (pricing.md §4, A-WARM) at a rate the table does not hold: the money
   block says so. At the defaults it says nothing. */
START_TEST(test_warm_above_default_said)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, capacity: on_demand%s}\n"
	    "pricing: {region: us-east-1}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases: [{duration: 10s, rate: 10/s}]\n";
	char yaml[512], *m;

	snprintf(yaml, sizeof(yaml), fmt, ", warm_write_units: 40000");
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "warm throughput above a new table's default "
				"(4000 WRU/s, 12000 RRU/s) is not priced"),
		      "%s", m);
	ck_assert_ptr_nonnull(strstr(m, "a pre-warm is charged"));
	free(m);
	snprintf(yaml, sizeof(yaml), fmt, "");
	m = money_text(yaml);
	ck_assert_msg(!strstr(m, "warm throughput"), "%s", m);
	free(m);
}
END_TEST

/* A table without the on-demand rows still bills a provisioned table
   (its WCU, RCU and storage rows are there), but the comparison is lost:
   the money block says which row is missing instead of dropping it in
   silence (docs/money.md: pksim never falls back). */
START_TEST(test_no_ondemand_rows_said)
{
	static const char table[] =
	    "provider,region,meter,unit,price,currency,effective_from,"
	    "effective_to,source,read_on,status\n"
	    "dynamodb,r1,provisioned_wcu_standard,WCU-hour,0.00065,USD,,,t,"
	    "2026-11-30,third-party\n"
	    "dynamodb,r1,provisioned_rcu_standard,RCU-hour,0.00013,USD,,,t,"
	    "2026-11-30,third-party\n"
	    "dynamodb,r1,storage_standard,GB-month,0.25,USD,,,t,2026-11-30,"
	    "official-page\n"
	    "dynamodb,r1,storage_free,GB-month,25,GB,,,t,2026-11-30,"
	    "official-page\n";
	char yaml[512], *m;

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 100, "
		 "write_capacity_units: 100}\n"
		 "pricing: {region: r1, table: '%s', date: 2026-11-30}\n"
		 "items: {k: {values: \"k{0..9}\"}}\n"
		 "phases: [{duration: 10s, rate: 10/s}]\n",
		 tu_dir_file("t.csv", table));
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "no on-demand comparison: clock hour 0 of "
				"the run is on 2026-11-30, when "),
		      "%s", m);
	ck_assert_ptr_nonnull(strstr(m, "has no ondemand_wru_standard row"));
	ck_assert_ptr_null(strstr(m, "(on demand)"));
	free(m);
}
END_TEST

/* pricing.md §7's workload, shipped as scenarios/money/: `pksim check`
   loads their price table (as `run` does) and their expectations, each
   derived in the scenario's header, hold: $748.80 provisioned and
   $2,592.00 on demand on DynamoDB (here), and $460.80, $691.20 and
   $3,240 a month of throughput on Azure Cosmos DB, each plus the
   storage its 60 s run left ($0.0140, $0.0140, $0.0100)
   (test_one_workload_cosmos). */
START_TEST(test_one_workload_dynamodb)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "check '%s'",
		 tu_src("scenarios/money/one-workload-dynamodb.yaml"));
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(strstr(out, " ok"));
	free(out);
}
END_TEST

START_TEST(test_one_workload_cosmos)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "check '%s'",
		 tu_src("scenarios/money/one-workload-cosmos.yaml"));
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(strstr(out, " ok"));
	free(out);
}
END_TEST

/* Units changed inside clock hours (pricing.md §4: billed per hour for
   the units provisioned; ASSUMPTION the highest in the hour, as P4's
   Cosmos DB hour): 100 WCU from 09:00, 1,000 from 09:30, 100 again from
   10:45 to 11:00 bill two hours at 1,000 WCU and 100 RCU: 2 x (1,000 x
   $0.00065 + 100 x $0.00013) = $1.326 ($1.30 writes, $0.026 reads),
   where the starting units would bill $0.156. The 7,200 one-KB writes
   use 7,200 of the 100 x 1,800 + 1,000 x 4,500 + 100 x 900 = 4,770,000
   WCU-seconds held. */
START_TEST(test_capacity_change_hourly_max)
{
	json_t *root;
	json_t *m =
	    money_json("service: dynamodb\n"
		       "clock: {start: \"2026-11-30T09:00:00Z\"}\n"
		       "table: {partition_key: /k, read_capacity_units: 100, "
		       "write_capacity_units: 100}\n"
		       "pricing: {region: us-east-1, date: 2026-11-30}\n"
		       "items: {k: {values: \"k{000..999}\"}}\n"
		       "phases:\n"
		       "  - {duration: 30m, rate: 1/s, item_size: 1KB}\n"
		       "  - {duration: 75m, rate: 1/s, item_size: 1KB, "
		       "write_capacity_units: 1000}\n"
		       "  - {duration: 15m, rate: 1/s, item_size: 1KB, "
		       "write_capacity_units: 100}\n",
		       &root);

	ck_assert_int_eq((int)num(m, "hours"), 2);
	ck_assert_double_eq_tol(num(m, "throughput_cost"), 1.30, EPS);
	ck_assert_double_eq_tol(num(m, "reads_cost"), 0.026, EPS);
	ck_assert_double_eq_tol(num(m, "cost"), 1.326, EPS);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 7200.0 / 4770000.0,
				EPS);
	json_decref(root);
}
END_TEST

/* The month of phases (yaml) with the clock starting at start */
static double month_from(const char *start, const char *phases)
{
	char yaml[1024];
	json_t *root, *m;
	double month;

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "clock: {start: \"2026-01-01T%s:00Z\"}\n"
		 "table: {partition_key: /k, read_capacity_units: 100, "
		 "write_capacity_units: 100}\n"
		 "pricing: {region: us-east-1, date: 2026-11-30}\n"
		 "client: {retries: off}\n"
		 "items: {k: {values: \"k{000..999}\"}}\n"
		 "phases:\n%s",
		 start, phases);
	m = money_json(yaml, &root);
	month = num(m, "month_cost");
	json_decref(root);
	return month;
}

/* A month repeats the run back to back for 720 clock hours, each
   billing its highest units (docs/money.md). One hour of 50 min at 100
   WCU, then 10 min at 1,000, 100 RCU throughout: every repeated clock
   hour holds a 10-minute stretch at 1,000 wherever the clock starts, so
   each bills 1,000 x $0.00065 + 100 x $0.00013 = $0.663, 720 x $0.663 =
   $477.36 from 00:00 and from 00:30 (the run from 00:30 touches two
   clock hours, 100 + 1,000 WCU; their average, $0.3705, made $266.76).
   Where a stretch falls in the clock hour still matters, as on AWS's
   bill: two hours of 55 min at 100, 10 min at 1,000 and 55 min at 100
   hold the 1,000 across a clock hour's end from 00:00 (every hour
   $0.663: $477.36) but inside every other hour from 00:30 (360 x $0.663
   + 360 x (100 x $0.00065 + 100 x $0.00013 = $0.078) = $266.76). */
START_TEST(test_month_repeats_the_run)
{
	const char *one =
	    "  - {duration: 50m, rate: 1/s, ops: {create: 1}, item_size: 1KB}\n"
	    "  - {duration: 10m, rate: 1/s, ops: {create: 1}, item_size: 1KB, "
	    "write_capacity_units: 1000}\n";
	const char *two =
	    "  - {duration: 55m, rate: 1/s, ops: {create: 1}, item_size: 1KB}\n"
	    "  - {duration: 10m, rate: 1/s, ops: {create: 1}, item_size: 1KB, "
	    "write_capacity_units: 1000}\n"
	    "  - {duration: 55m, rate: 1/s, ops: {create: 1}, item_size: 1KB, "
	    "write_capacity_units: 100}\n";

	ck_assert_double_eq_tol(month_from("00:00", one), 477.36, 1e-6);
	ck_assert_double_eq_tol(month_from("00:30", one), 477.36, 1e-6);
	ck_assert_double_eq_tol(month_from("00:00", two), 477.36, 1e-6);
	ck_assert_double_eq_tol(month_from("00:30", two), 266.76, 1e-6);
}
END_TEST

/* An auto-scaled table's month (trialX4 F1): 10 RCU + 1,000 WCU, auto
   scaling at 50 % (reads held at 10 by their bounds), a steady 100
   writes a second of 1 KiB (100 WCU) for 30 min. Minutes 1 and 2 use
   10 % of 1,000, so the units fall, after 15 one-minute points below the
   target and 60 s (reference §11), to ceil(100 / 0.5) = 200 WCU at
   t = 960 s, and stay there (50 %). Its starting 1,000 WCU are the
   table's state when made: the run repeated starts each time with the
   200 the one before ended with, so every hour of the month bills 200
   WCU + 10 RCU: 720 x (200 x $0.00065 + 10 x $0.00013) = $94.536
   ($468.94 when each repetition went back to 1,000 WCU for 16 minutes;
   $281.74 and $131.98 for runs of 2 h and 10 h). On demand would use
   100 of the 200 WCU held a second: 50 %. The same in 10 minutes:
   test_month_auto_scaled_short. */
START_TEST(test_month_auto_scaled)
{
	json_t *root;
	const json_t *m =
	    money_json("service: dynamodb\n"
		       "table: {partition_key: /id, read_capacity_units: 10, "
		       "write_capacity_units: 1000, auto_scaling: {target: 50, "
		       "min_read_units: 10, max_read_units: 10}}\n"
		       "client: {retries: off}\n"
		       "pricing: {region: us-east-1, date: 2026-11-30}\n"
		       "phases:\n"
		       "  - {duration: 1800s, rate: 100/s, item_size: 1KB}\n",
		       &root);

	ck_assert_double_eq_tol(num(m, "month_cost"), 94.536, 0.005);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 0.5, 1e-9);
	json_decref(root);
}
END_TEST

/* The scenario of test_month_auto_scaled run for 10 minutes only
   (trialX6 X6-5): no run of 10 minutes holds the 15 points below target
   a decrease needs, so the run keeps its 1,000 WCU throughout. The
   workload repeated back to back does: the table settles at 200 WCU as
   above, and the month is the same $94.536 and 50 % use, not 1,000 WCU
   all month (720 x (1,000 x $0.00065 + 10 x $0.00013) = $468.94, 10 %
   use: "switch to on demand", on demand's $162.00 against provisioned's
   $94.54). */
START_TEST(test_month_auto_scaled_short)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 10, "
	    "write_capacity_units: 1000, auto_scaling: {target: 50, "
	    "min_read_units: 10, max_read_units: 10}}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 600s, rate: 100/s, item_size: 1KB}\n";
	json_t *root;
	const json_t *m = money_json(yaml, &root);
	char *t = money_text(yaml);

	ck_assert_double_eq_tol(num(m, "month_cost"), 94.536, 0.005);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 0.5, 1e-9);
	ck_assert_msg(strstr(t, "settles at with this workload repeated back "
				"to back") &&
			  strstr(t, "(200 WCU and 10 RCU;") &&
			  strstr(t, "720 h at this workload"),
		      "%s", t);
	free(t);
	json_decref(root);
}
END_TEST

/* Upward (trialX6 X6-5): 100 WCU (burst off) under a steady 300 writes
   a second of 1 KiB for 2 minutes, auto scaling at 50 %. The run only
   throttles (200 a second), its minutes consuming the 100 WCU held
   (above 50 %), and the decision after its 2 points lands at t = 180 s,
   past its end. Repeated, auto scaling raises it to 100 / 0.5 = 200,
   then 200 / 0.5 = 400, then 300 / 0.5 = 600 WCU, where 300 of 600 is
   the target and it stays: 720 x (600 x $0.00065 + 10 x $0.00013) =
   $281.736 (the same workload run for 30 minutes reaches 600 at
   t = 420 s), not 100 WCU all month ($47.74) for a table that throttles
   two writes in three. On demand would use 300 of the 600 WCU: 50 %. */
START_TEST(test_month_auto_scaled_up)
{
	json_t *root;
	const json_t *m =
	    money_json("service: dynamodb\n"
		       "table: {partition_key: /id, read_capacity_units: 10, "
		       "write_capacity_units: 100, burst: off, auto_scaling: "
		       "{target: 50, min_read_units: 10, max_read_units: "
		       "10}}\n"
		       "client: {retries: off}\n"
		       "pricing: {region: us-east-1, date: 2026-11-30}\n"
		       "phases:\n"
		       "  - {duration: 120s, rate: 300/s, item_size: 1KB}\n",
		       &root);

	ck_assert_double_eq_tol(num(m, "month_cost"), 281.736, 0.005);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 0.5, 1e-9);
	json_decref(root);
}
END_TEST

/* Under a time scale the money stays the replay's, and says so (trialX6
   X6-12): `time_scale: 1s = 1m`, an on-demand table, 1,000 puts a second
   of 1 KiB for 60 s. The month is 1,000 WRU a simulated second x
   2,592,000 s x $0.625 a million = $1,620.00, as without the scale (the
   real time it stands for, 1,000 puts a minute, would be $27.00), and
   its line and a note say it is of simulated time. */
START_TEST(test_time_scale_money_said)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "time_scale: 1s = 1m\n"
	    "table: {partition_key: /k, capacity: on_demand}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "client: {retries: off}\n"
	    "items: {k: {unique: \"k-\"}}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 1000/s, item_size: 1KB}\n";
	json_t *root;
	const json_t *m = money_json(yaml, &root);
	char *t = money_text(yaml);

	ck_assert_double_eq_tol(num(m, "month_cost"), 1620.00, 0.005);
	ck_assert_msg(strstr(t, "a month     720 h of simulated time") &&
			  strstr(t, "time_scale (1s = 1m) is not applied to "
				    "money"),
		      "%s", t);
	free(t);
	json_decref(root);
}
END_TEST

/* A burst on one key value that the retries store (trialX6 X6-6): a warm
   on-demand table, key value "h" with a random sort key, 3,000 puts of
   1 KB in second 0, then 1 a second for 59 s, the client's default
   retries. The value takes 1,000 WRU in second 0 (D3); the retries store
   the other 2,000 in seconds 1 to 3, so the run consumes and bills all
   3,059 WRU in its 60 s, and so does each repetition: 3,059 / 60 x
   2,592,000 x $0.625 a million = $82.593 a month (the capped first
   attempts alone, 1,059 / 60 s, gave $28.59). With retries off only
   1,059 are stored: $28.593. */
START_TEST(test_ondemand_month_burst_stored)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /s, capacity: on_demand}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "%s"
	    "items: {k: {const: h}, s: {values: \"{000000..999999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 3000/s, item_size: 1KB}\n"
	    "  - {duration: 59s, rate: 1/s, item_size: 1KB}\n";
	char yaml[1024];
	json_t *root;
	const json_t *m;

	snprintf(yaml, sizeof(yaml), fmt, "");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "month_cost"), 82.593, 0.005);
	json_decref(root);
	snprintf(yaml, sizeof(yaml), fmt, "client: {retries: off}\n");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "month_cost"), 28.593, 0.005);
	json_decref(root);
}
END_TEST

/* A month's storage nets the free 25 GB off its average GB (trialX4 F4;
   pricing.md §4: "the first 25 GB per month is free"): an on-demand
   table, 5 puts a second of 300 KiB (300 WRU each) for 21,000 s from
   2026-11-01 00:00, its 6 clock hours holding at most 5.15, 10.30,
   15.45, 20.61, 25.76 and 30.05 GB (307,200 B and 100 B an item, 18,000
   items an hour; GiB as the reference's GB): on average 17.9 GB, under
   the free 25, so the month bills no storage: 1,500 WRU a second x
   2,592,000 s x $0.625 a million = $2,430.00. Netting the free GB off
   each hour first averaged (0.76 + 5.05) / 6 = 0.968 GB: $0.24 more. */
START_TEST(test_month_storage_free_per_month)
{
	json_t *root;
	const json_t *m = money_json(
	    "service: dynamodb\n"
	    "clock: {start: \"2026-11-01T00:00:00Z\"}\n"
	    "table: {partition_key: /k, sort_key: /id, capacity: on_demand}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "items: {k: {values: \"k{0000..9999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 21000s, rate: 5/s, item_size: 307200B}\n",
	    &root);

	ck_assert_double_eq_tol(num(m, "month_cost"), 2430.00, 0.005);
	json_decref(root);
}
END_TEST

/* Two streams writing the same 10,000 values of /dev (the pattern
   d{0000..9999} in each) hold at most 10,000 items, not 20,000: the
   union, 0.010 GB as above (summing each stream's pool said 0.021 GB).
   With a global index of projection all, each item's entry holds at
   most its 1,024 B and 100 B (pricing.md §4): 10,000 x (1,124 + 1,124)
   = 22,480,000 B = 0.020936 GB, "0.021 GB"; keys_only: 10,000 x (1,124
   + 100) = 12,240,000 B = 0.011399 GB, "0.011 GB" (no bound was given
   with an index). */
START_TEST(test_storage_month_bounded_union_index)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /dev\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 4000\n"
	    "%s"
	    "pricing: {region: us-east-1}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    client: {retries: off}\n"
	    "    items: {dev: {values: \"d{0000..9999}\"}, s: {values: [x, "
	    "y]}}\n"
	    "    phases: [{duration: 60s, rate: 100/s, item_size: 1KB}]\n"
	    "  - name: b\n"
	    "    client: {retries: off}\n"
	    "    items: {dev: {values: \"d{0000..9999}\"}, s: {values: [x, "
	    "y]}}\n"
	    "    phases: [{duration: 60s, rate: 100/s, item_size: 1KB}]\n";
	static const char all[] =
	    "  global_secondary_indexes:\n"
	    "    - {name: g, partition_key: /s, read_capacity_units: 100, "
	    "write_capacity_units: 4000}\n";
	static const char keys[] =
	    "  global_secondary_indexes:\n"
	    "    - {name: g, partition_key: /s, read_capacity_units: 100, "
	    "write_capacity_units: 4000, projection: keys_only}\n";
	char yaml[2048];
	char *m;

	snprintf(yaml, sizeof(yaml), fmt, "");
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "it would stop at about 0.010 GB, all that "
				"10,000 key values of at most 1,024 B each "
				"(and 100 B) can hold"),
		      "%s", m);
	free(m);
	snprintf(yaml, sizeof(yaml), fmt, all);
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "it would stop at about 0.021 GB, all that "
				"10,000 key values of at most 1,024 B each "
				"(and 100 B), with their entries in 1 index, "
				"can hold"),
		      "%s", m);
	free(m);
	snprintf(yaml, sizeof(yaml), fmt, keys);
	m = money_text(yaml);
	ck_assert_msg(strstr(m, "it would stop at about 0.011 GB"), "%s", m);
	free(m);
}
END_TEST

/*
 * A month of what the workload asked projects over the seconds it
 * asked in, not over its SDK's retry tail: the same workload gives the
 * same month whatever retry_mode its table sets. A new on-demand table
 * asked 6,000 puts a second of 1 KiB (1 WRU each, D1) for 10 s, over
 * 100,000 key values (each far under a partition's 1,000 WRU, D3): its
 * instant limit of 4,000 WRU (D12) throttles a third of them, and under
 * `retry_mode: legacy` (up to 25.55 s of waits, D16) the run goes on
 * past the 10 s. The warm table of a month serves the 6,000 WRU a
 * second: 6,000 x 2,592,000 s = 15,552 M WRU x $0.625 = $9,720.00,
 * with retries off and with legacy retries; the items stored (at most
 * 60,000 x (1,024 + 100) B = 0.063 GB) are under the 25 GB free.
 */
START_TEST(test_ondemand_month_not_the_tail)
{
	char yaml[1024];
	size_t k;

	for (k = 0; k < 2; k++) {
		json_t *root, *m;

		snprintf(yaml, sizeof(yaml),
			 "service: dynamodb\n"
			 "table: {partition_key: /k, capacity: on_demand%s}\n"
			 "%s"
			 "pricing: {region: us-east-1, date: 2026-11-30}\n"
			 "items: {k: {values: \"k{00000..99999}\"}}\n"
			 "phases:\n"
			 "  - {duration: 10s, rate: 6000/s, item_size: 1KB, "
			 "ops: {create: 1}}\n",
			 k ? ", retry_mode: legacy" : "",
			 k ? "" : "client: {retries: off}\n");
		m = money_json(yaml, &root);
		ck_assert_double_eq_tol(num(m, "month_cost"), 9720, 1e-6);
		json_decref(root);
	}
}
END_TEST

/*
 * With no retries, a month bills only what the instant limit the
 * repeated workload settles at serves (D12; pricing.md §4 bills units
 * consumed). A new on-demand table (warm 4,000 WRU, P 0) is asked 10
 * puts a second of 1 KiB (1 WRU each, D1) over 100,000 key values for
 * 60 s, then 5,000 a second for 2 s. The highest 60-s average served,
 * a window holding both burst seconds at the limit, is (2 x 4,000 + 58
 * x 10) / 60 = 143 WRU, so the limit stays max(4,000, 2 x 143) = 4,000
 * in every repetition and each burst second is served 4,000 of its
 * 5,000 (the 4 partitions' 1,000 each, D3). A 62-s cycle serves 60 x
 * 10 + 2 x 4,000 = 8,600 WRU of the 10,600 asked: 8,600 / 62 x
 * 2,592,000 s x $0.625 / 1e6 = $224.7097 a month (every first attempt,
 * 10,600 / 62, would be $276.9677). The run bills 8,600 WRU, $0.005375.
 */
START_TEST(test_ondemand_month_burst_not_retried)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, capacity: on_demand}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "items: {k: {values: \"k{00000..99999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 10/s, item_size: 1KB, "
	    "ops: {create: 1}}\n"
	    "  - {duration: 2s, rate: 5000/s, item_size: 1KB, "
	    "ops: {create: 1}}\n";
	json_t *root, *m = money_json(yaml, &root);

	ck_assert_double_eq_tol(num(m, "throughput_cost"), 0.005375, EPS);
	ck_assert_double_eq_tol(num(m, "month_cost"),
				8600.0 / 62 * 2592000 * 0.625 / 1e6, 1e-6);
	json_decref(root);
}
END_TEST

/*
 * A weekly schedule's on-demand month is its week's from any run that
 * holds a whole week: 1 put of 1 KiB (1 WRU, D1) every 100 s on
 * weekdays only, from Monday 2026-11-02 00:00, for 10 days. Its first
 * 168 clock hours hold the week once: 5 x 864 = 4,320 WRU, and the
 * month is 4,320 x 30/7 x $0.625 / 1e6 = $0.0115714, as a 7-day run
 * gives. Over 720 h the 10 days' 8 weekdays gave 6,912 WRU / 240 h x
 * 720 x $0.625 / 1e6 = $0.01296.
 */
START_TEST(test_ondemand_month_from_week)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "clock: {start: 2026-11-02T00:00:00Z}\n"
	    "table: {partition_key: /id, capacity: on_demand}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 10d, rate: {base: 0.01/s, weekly: weekdays}, "
	    "ops: {create: 1}, item_size: 1KB}\n";
	json_t *root, *m = money_json(yaml, &root);

	ck_assert_double_eq_tol(num(m, "month_cost"),
				4320.0 * 30 / 7 * 0.625 / 1e6, EPS);
	json_decref(root);
}
END_TEST

/*
 * A one-off import (items.file at_once: every record at t = 0) is a
 * month's once, not repeated every second of it. Ten records of 3 B
 * ("k" and a 2-byte value: 1 WRU each, D1) on an on-demand table: the
 * month is 10 x $0.625 / 1e6 = $0.00000625 (stored bytes under the 25
 * GB free), not 10 WRU a second x 2,592,000 s = $16.20. On 5 WCU and
 * 1 RCU provisioned the units still bill their 720 h, as the table
 * holds them, while the on-demand comparison's month is the same
 * $0.00000625, not $16.20.
 */
START_TEST(test_month_import_once)
{
	static const char *const table[] = {
	    "capacity: on_demand",
	    "read_capacity_units: 1, write_capacity_units: 5"};
	static const char *const key[] = {"month_cost", "ondemand_month_cost"};
	char yaml[1024], data[256];
	size_t k, n = 0;
	int i;

	for (i = 0; i < 10; i++) {
		n += (size_t)snprintf(data + n, sizeof(data) - n,
				      "{\"k\":\"a%d\"}\n", i);
	}
	for (k = 0; k < 2; k++) {
		json_t *root, *m;

		snprintf(yaml, sizeof(yaml),
			 "service: dynamodb\n"
			 "table: {partition_key: /k, %s}\n"
			 "pricing: {region: us-east-1, date: 2026-11-30}\n"
			 "items: {file: '%s', at_once: true}\n",
			 table[k], tu_dir_file("import.jsonl", data));
		m = money_json(yaml, &root);
		ck_assert_double_eq_tol(num(m, key[k]), 10 * 0.625 / 1e6, EPS);
		json_decref(root);
	}
}
END_TEST

/*
 * The same for a provisioned table's on-demand line and its use: 100
 * WCU (one partition, burst off) asked 200 puts a second of 1 KiB for
 * 60 s under `retry_mode: legacy`, so half are throttled and retried
 * past the 60 s. On demand the workload's first attempts, 200 WRU a
 * second, cost 200 x 2,592,000 x $0.625 / 1e6 = $324.00 a month, and
 * they are 12,000 WRU over 100 WCU x 60 s = 6,000 held in the
 * workload's seconds: 200 % of the units ("on demand this run would
 * use"), not the 12,000 over the run's longer tail. The storage note
 * names the workload's seconds beside the run's. The same with a
 * closed-loop client of 100 workers of 10 ms (k = 1): they could send
 * 100 x 1,000 / 10 = 10,000 puts a second, so their pace alone sends
 * each put at its arrival, the last in second 59; the throttled puts'
 * retries hold workers (up to 25.55 s each) and later puts wait for
 * one, past the 60 s, but that wait is the retries', not the
 * workload's: the same $324.00 and 200 %.
 */
START_TEST(test_ondemand_line_not_the_tail)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 10, "
	    "write_capacity_units: 100, burst: off, retry_mode: legacy}\n"
	    "%s"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 200/s, item_size: 1KB, "
	    "ops: {create: 1}}\n";
	char yaml[1024];
	size_t k;

	for (k = 0; k < 2; k++) {
		json_t *root, *m;
		char *t;

		snprintf(yaml, sizeof(yaml), fmt,
			 k ? "client: {concurrency: 100, latency: 10ms}\n"
			   : "");
		m = money_json(yaml, &root);
		ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 324,
					1e-6);
		ck_assert_double_eq_tol(num(m, "write_used_share"), 2.0, EPS);
		json_decref(root);
		t = money_text(yaml);
		ck_assert_msg(strstr(t, "(its workload's 60 s); were that "
					"growth") != NULL,
			      "%s", t);
		free(t);
	}
}
END_TEST

/*
 * Several streams: each stream's first attempts over its own seconds,
 * the rates summed. Stream app puts 1,000 items of 1 KiB a second for
 * 10 s, open loop: 10,000 WRU over its 10 s, 1,000 WRU a second.
 * Stream audit offers 10 puts a second for 10 s to one closed-loop
 * worker of 1 s: its k-th put goes at k s, the 100th at 99 s, so its
 * 100 WRU take 100 s: 1 WRU a second. The workload asks 1,001 WRU a
 * second: 1,001 x 2,592,000 s = 2,594.592 M WRU x $0.625 = $1,621.62 a
 * month, on an on-demand table (k = 0; its 10,100 items of 1,124 B,
 * 11 MB, are under the 25 GB free) and on a provisioned table's
 * on-demand line (k = 1), whose 2,000 WCU that workload would use at
 * 1,001 / 2,000 = 50.05 %. Every stream's units over the audit's 100 s
 * would be 10,100 / 100 = 101 WRU a second: $163.62 and 5.05 %.
 * The storage note grows the same way: app stores 1,000 items of
 * 1,124 B (1 KiB and its 100 B) a second and audit 1, 1,125,124 B a
 * second, x 2,592,000 s / 2^30 = 2,716.03 GB in 720 h ("about 2,716
 * GB"), not the 10,100 items' 11,352,400 B over 100 s, 274 GB.
 */
START_TEST(test_ondemand_month_streams_rates)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, %s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "streams:\n"
	    "  - name: app\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 1000/s, item_size: 1KB, "
	    "ops: {create: 1}}\n"
	    "  - name: audit\n"
	    "    client: {retries: off, concurrency: 1, latency: 1s}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 10/s, item_size: 1KB, "
	    "ops: {create: 1}}\n";
	char yaml[1024], *t;
	json_t *root, *m;

	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "month_cost"), 1621.62, 1e-6);
	json_decref(root);
	t = money_text(yaml);
	ck_assert_msg(strstr(t, "720 h would end at about 2,716 GB") != NULL,
		      "%s", t);
	free(t);

	snprintf(yaml, sizeof(yaml), fmt,
		 "read_capacity_units: 10, write_capacity_units: 2000, "
		 "burst: off");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 1621.62, 1e-6);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 0.5005, EPS);
	json_decref(root);
}
END_TEST

/*
 * A client's ru_budget paces its first attempts whether the table
 * throttles them or not. 6,000 puts of 1 KiB a second for 10 s under
 * `ru_budget: 5000/s` (retries off) spend 1 unit each: at the budget's
 * pace they go 5,000 a second and take 60,000 / 5,000 = 12 s, so a
 * month asks 5,000 WRU a second: 5,000 x 2,592,000 x $0.625 / 1e6 =
 * $8,100.00. Here the table throttles (k = 0: a new on-demand table's
 * 4,000 WRU a second; k = 1: 2,000 WCU, burst off) and a throttled put
 * spends none of the budget, so the run's first sends follow their
 * arrivals for 10 s; the month is still the pace's 12 s, and on the
 * provisioned table the 60,000 WRU over its 2,000 WCU held for those
 * 12 s (the run's 10 s, then 2 s more at its units) are 250 %. Over
 * the run's 10 s they would be $9,720.00 and 300 %.
 */
START_TEST(test_ondemand_month_budget_pace)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, %s}\n"
	    "client: {retries: off, ru_budget: 5000/s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 6000/s, item_size: 1KB, "
	    "ops: {create: 1}}\n";
	char yaml[1024];
	json_t *root, *m;

	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "month_cost"), 8100, 1e-6);
	json_decref(root);

	snprintf(yaml, sizeof(yaml), fmt,
		 "read_capacity_units: 10, write_capacity_units: 2000, "
		 "burst: off");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 8100, 1e-6);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 2.5, EPS);
	json_decref(root);
}
END_TEST

/*
 * A pace's seconds are its work over its pace, not the second its last
 * send falls in. On a warm table (no throttle), 6,000 puts of 1 KiB a
 * second for 10 s under `ru_budget: 5000/s` go at ceil(0.2 n) ms, the
 * last (n = 59,999) at 12,000 ms, the start of second 12; the budget's
 * work is 60,000 x 200 us = 12 s, so the month asks 5,000 WRU a second:
 * $8,100.00 (through second 12, 13 s, it would be $7,476.92). The same
 * pace as 50 workers of 10 ms (k = 1: 50 x 1,000 / 10 = 5,000 a
 * second): 60,000 x 10 ms / 50 = 12 s, $8,100.00.
 */
START_TEST(test_ondemand_month_pace_seconds)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, capacity: on_demand, "
	    "warm_write_units: 10000}\n"
	    "client: {retries: off, %s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 6000/s, item_size: 1KB, "
	    "ops: {create: 1}}\n";
	static const char *const clients[] = {"ru_budget: 5000/s",
					      "concurrency: 50, latency: 10ms"};
	size_t k;

	for (k = 0; k < 2; k++) {
		char yaml[1024];
		json_t *root, *m;

		snprintf(yaml, sizeof(yaml), fmt, clients[k]);
		m = money_json(yaml, &root);
		ck_assert_double_eq_tol(num(m, "month_cost"), 8100, 1e-6);
		json_decref(root);
	}
}
END_TEST

/*
 * The pace's work is not rounded to a whole second: 60,001 puts (6,000.1
 * a second for 10 s) under `ru_budget: 5000/s` take 60,001 x 200 us =
 * 12.0002 s, and under 50 workers of 10 ms 60,001 x 10 ms / 50 = the
 * same: 60,001 / 12.0002 = 5,000 WRU a second, $8,100.00 a month, as
 * 60,000 puts give. Over 13 whole seconds it would be $7,477.05.
 */
START_TEST(test_ondemand_month_pace_exact)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, capacity: on_demand, "
	    "warm_write_units: 10000}\n"
	    "client: {retries: off, %s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 6000.1/s, item_size: 1KB, "
	    "ops: {create: 1}}\n";
	static const char *const clients[] = {"ru_budget: 5000/s",
					      "concurrency: 50, latency: 10ms"};
	size_t k;

	for (k = 0; k < 2; k++) {
		char yaml[1024];
		json_t *root, *m;

		snprintf(yaml, sizeof(yaml), fmt, clients[k]);
		m = money_json(yaml, &root);
		ck_assert_double_eq_tol(num(m, "month_cost"), 8100, 1e-6);
		json_decref(root);
	}
}
END_TEST

/*
 * A closed loop that keeps up on average: 10 workers of 10 ms send at
 * most 1,000 puts a second; the workload offers 10 a second for 60 s,
 * then 10,000 in its 61st second, 10,600 in all. The burst drains for
 * 10 s past the phases, but repeated back to back the workload takes
 * 61 s: the workers' work is 10,600 x 10 ms / 10 = 10.6 s a repetition
 * and the drain overlaps the next one's quiet minute, which needs 1 %
 * of them. A month asks 10,600 WRU every 61 s: 10,600 / 61 x 2,592,000
 * x $0.625 / 1e6 = 17,172 / 61 = $281.51 (its 10,600 items of 1,124 B
 * are under the 25 GB free). Through the drain's last send, 70 s, it
 * would be $245.31.
 */
START_TEST(test_ondemand_month_burst_drained)
{
	json_t *root,
	    *m = money_json(
		"service: dynamodb\n"
		"table: {partition_key: /id, capacity: on_demand}\n"
		"client: {retries: off, concurrency: 10, latency: 10ms}\n"
		"pricing: {region: us-east-1, date: 2026-11-30}\n"
		"phases:\n"
		"  - {duration: 60s, rate: 10/s, item_size: 1KB, "
		"ops: {create: 1}}\n"
		"  - {duration: 1s, rate: 10000/s, item_size: 1KB, "
		"ops: {create: 1}}\n",
		&root);

	ck_assert_double_eq_tol(num(m, "month_cost"), 17172.0 / 61, 1e-6);
	json_decref(root);
}
END_TEST

/*
 * Streams repeat together, with the workload's phases: stream app puts
 * 100 items of 1 KiB a second for 60 s, stream warmup 1,000 a second
 * for its first 10 s, both open loop. Repeated, the workload asks
 * 6,000 + 10,000 = 16,000 WRU every 60 s, 266.67 a second: 16,000 / 60
 * x 2,592,000 x $0.625 / 1e6 = $432.00 a month, on demand (k = 0) and
 * on a 1,200 WCU table's line (k = 1), which that would use at 16,000
 * / (1,200 x 60) = 22.22 %; the same arrivals as one stream give the
 * same. Each stream over its own phases (warmup's 10,000 over 10 s)
 * would be 1,100 WRU a second: $1,782.00 and 91.67 %. The storage
 * note: 16,000 items of 1,124 B over 60 s, x 2,592,000 s / 2^30 =
 * 724.2 GB in 720 h.
 */
START_TEST(test_ondemand_month_streams_cycle)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, %s}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "streams:\n"
	    "  - name: app\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 100/s, item_size: 1KB, "
	    "ops: {create: 1}}\n"
	    "  - name: warmup\n"
	    "    client: {retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 1000/s, item_size: 1KB, "
	    "ops: {create: 1}}\n";
	char yaml[1024], *t;
	json_t *root, *m;

	snprintf(yaml, sizeof(yaml), fmt, "capacity: on_demand");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "month_cost"), 432, 1e-6);
	json_decref(root);
	t = money_text(yaml);
	ck_assert_msg(strstr(t, "720 h would end at about 724 GB") != NULL,
		      "%s", t);
	free(t);

	snprintf(yaml, sizeof(yaml), fmt,
		 "read_capacity_units: 10, write_capacity_units: 1200, "
		 "burst: off");
	m = money_json(yaml, &root);
	ck_assert_double_eq_tol(num(m, "ondemand_month_cost"), 432, 1e-6);
	ck_assert_double_eq_tol(num(m, "write_used_share"), 16000.0 / 72000,
				EPS);
	json_decref(root);
}
END_TEST

/* A bill line's millions without an exponent: one put of 1 KiB on an
   on-demand table consumes 1 WRU, 0.000001 million ("0.000001 M WRU
   consumed", not "1e-06 M WRU"). */
START_TEST(test_ondemand_small_units_said)
{
	char *t =
	    money_text("service: dynamodb\n"
		       "table: {partition_key: /id, capacity: on_demand}\n"
		       "pricing: {region: us-east-1, date: 2026-11-30}\n"
		       "phases:\n"
		       "  - {duration: 1s, rate: 1/s, item_size: 1KB, "
		       "ops: {create: 1}}\n");

	ck_assert_msg(strstr(t, "0.000001 M WRU consumed") != NULL, "%s", t);
	free(t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("bill_ddb");
	TCase *tc = tcase_create("bill_ddb");
	/* tagged plain_only: tools/test's asan stage skips them, for each
	   replays far more than the code it checks needs there, and a
	   smaller case runs that code under the sanitizers:
	   test_p17_storage_item_overhead's 250,000 creates of 129 KB on
	   401 partitions (30 GB, past the 25 free): the storage line of
	   item bytes + 100 B an item at the GB-month price runs in
	   test_gsi_storage_billed (600 items), the free 25 GB netted off
	   in test_month_storage_free_per_month;
	   test_one_workload_cosmos's three Azure Cosmos DB variants of
	   240,000 requests: `pksim check` of a money scenario runs in
	   test_one_workload_dynamodb, and the standard, autoscale and
	   serverless bills in check_bill (test_p1_full_month,
	   test_p5_autoscale_floor_and_multiplier, test_p13_serverless) */
	TCase *plain = tcase_create("bill_ddb_plain_only");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_checked_fixture(plain, tu_dir_setup, tu_dir_teardown);
	tcase_set_tags(plain, "plain_only");
	tcase_add_test(tc, test_p14_provisioned_month);
	tcase_add_test(tc, test_capacity_change_hourly_max);
	tcase_add_test(tc, test_month_repeats_the_run);
	tcase_add_test(tc, test_month_auto_scaled);
	tcase_add_test(tc, test_month_auto_scaled_short);
	tcase_add_test(tc, test_month_auto_scaled_up);
	tcase_add_test(tc, test_time_scale_money_said);
	tcase_add_test(tc, test_month_storage_free_per_month);
	tcase_add_test(tc, test_free_tier_capacity);
	tcase_add_test(tc, test_free_tier_words);
	tcase_add_test(tc, test_wall_clock_hours);
	tcase_add_test(plain, test_p17_storage_item_overhead);
	tcase_add_test(tc, test_gsi_storage_billed);
	tcase_add_test(tc, test_warm_above_default_said);
	tcase_add_test(tc, test_lsi_storage_said);
	tcase_add_test(tc, test_storage_month_said);
	tcase_add_test(tc, test_storage_month_bounded_by_keys);
	tcase_add_test(tc, test_storage_month_bounded_union_index);
	tcase_add_test(tc, test_p15_p18_ondemand_strong);
	tcase_add_test(tc, test_p16_ondemand_eventual);
	tcase_add_test(tc, test_p15_p20_on_demand_table);
	tcase_add_test(tc, test_ondemand_month_warm);
	tcase_add_test(tc, test_p20_ondemand_halves_only);
	tcase_add_test(tc, test_one_workload_dynamodb);
	tcase_add_test(plain, test_one_workload_cosmos);
	tcase_add_test(tc, test_no_ondemand_rows_said);
	tcase_add_test(tc, test_ondemand_counts_index_writes);
	tcase_add_test(tc, test_ondemand_hot_key_capped);
	tcase_add_test(tc, test_ondemand_index_value_capped);
	tcase_add_test(tc, test_ondemand_month_not_the_tail);
	tcase_add_test(tc, test_ondemand_month_burst_not_retried);
	tcase_add_test(tc, test_ondemand_month_from_week);
	tcase_add_test(tc, test_month_import_once);
	tcase_add_test(tc, test_ondemand_line_not_the_tail);
	tcase_add_test(tc, test_ondemand_month_streams_rates);
	tcase_add_test(tc, test_ondemand_month_streams_cycle);
	tcase_add_test(tc, test_ondemand_small_units_said);
	tcase_add_test(tc, test_ondemand_month_budget_pace);
	tcase_add_test(tc, test_ondemand_month_pace_seconds);
	tcase_add_test(tc, test_ondemand_month_pace_exact);
	tcase_add_test(tc, test_ondemand_month_burst_drained);
	tcase_add_test(tc, test_ondemand_month_burst_stored);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, plain);
	return s;
}
