/*
 * ddb_batch_get: a phase's `batch_get` replayed on a table as
 * BatchGetItem (src/service/dynamodb/ddb_batch_get.c), each figure
 * derived by hand beside its test from D1 (dynamodb-mechanics.md §1,
 * §15: a read of S bytes is ceil(S / 4,096) RCU strong, half that
 * eventual, a batch's keys each rounded alone) and AWS's BatchGetItem
 * reference for its unprocessed keys. 1 unit = 1,000 mCU; 1KB in a
 * scenario is 1,024 bytes. Partitions: ceil(RCU / 3,000 + WCU / 1,000)
 * (D4). A first phase of creates stores the items the batches read.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/*
 * Statement 2: a BatchGetItem of a 1.5 KB and a 6.5 KB item costs 3 RCU
 * strong (4 + 8 KB: 1 + 2), where one read of the combined 8 KB would
 * cost 2. One create of 1,536 B, then one of 6,656 B (1 s each, rate
 * 1/s), then 4 BatchGetItems of 2 keys: with 2 items stored, the two
 * keys are both (drawn distinct). 4 x 3 = 12 RCU read strong; eventual
 * halves each key: 4 x (0.5 + 1) = 6 RCU. Read whole, every batch is
 * one request succeeded: 2 creates + 4.
 */
static const char *const statement_2 =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /id, read_capacity_units: 100, "
    "write_capacity_units: 100, burst: off, read_consistency: %s}\n"
    "client: {retries: off}\n"
    "phases:\n"
    "- {duration: 1s, rate: 1/s, item_size: 1536}\n"
    "- {duration: 1s, rate: 1/s, item_size: 6656}\n"
    "- {duration: 1s, rate: 4/s, ops: {batch_get: 1}, batch_get: "
    "{size: 2}}\n";

START_TEST(test_ddb_batch_get_statement_2)
{
	static const char *const mode[] = {"strong", "eventual"};
	static const int64_t read_mcu[] = {4 * 3 * CU, 4 * 3 * CU / 2};
	char text[1024];
	struct pk_snapshot s;
	size_t k;

	for (k = 0; k < 2; k++) {
		struct pk_run *run;
		const struct pk_totals *t;

		snprintf(text, sizeof(text), statement_2, mode[k]);
		run = tu_sim_text("s2.yaml", text);
		t = &tu_metrics(run->variants[0].svc)->totals;
		ck_assert_uint_eq(t->succeeded, 2 + 4);
		ck_assert_uint_eq(t->throttled_429, 0);
		tu_snapshot(run, 0, &s);
		ck_assert_int_eq(s.ddb->read_used_mcu, read_mcu[k]);
		/* the creates: ceil(1.5) + ceil(6.5) = 2 + 7 WCU */
		ck_assert_int_eq(s.ddb->write_used_mcu, 9 * CU);
		snapshot_free(&s);
		tu_sim_free(run);
	}
}
END_TEST

/*
 * A throttled key comes back unprocessed; the request is throttled
 * whole only when no key was read (AWS's BatchGetItem reference). 10
 * RCU and 100 WCU lay out 1 partition (ceil(0.003 + 0.1)); burst off.
 * 10 creates of 4 KiB in the first second (4 WCU each), then 5 s of 4
 * BatchGetItems a second of 4 keys, strong (1 RCU a key, 16 asked a
 * second), no retries. Each second: the 1st and 2nd read their 4 keys
 * (8 RCU), the 3rd reads 2 and returns 2 unprocessed (10 RCU, the
 * bucket full), the 4th reads none: throttled whole, the only one
 * ThrottledRequests counts. Over 5 s: 10 read whole, 5 partly, 5
 * throttled; 5 x 10 = 50 RCU. The partly read ones' client gives up
 * the 2 keys left (retries off), as the throttled ones: 5 + 5 failed.
 */
START_TEST(test_ddb_batch_get_unprocessed)
{
	struct pk_run *run = tu_sim_text(
	    "partial.yaml", "seed: 1\n"
			    "service: dynamodb\n"
			    "table: {partition_key: /id, read_capacity_units: "
			    "10, write_capacity_units: 100, burst: off, "
			    "read_consistency: strong}\n"
			    "client: {retries: off}\n"
			    "phases:\n"
			    "- {duration: 1s, rate: 10/s, item_size: 4KB}\n"
			    "- {duration: 5s, rate: 4/s, ops: {batch_get: 1}, "
			    "batch_get: {size: 4}}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->attempts, 10 + 20);
	ck_assert_uint_eq(t->succeeded, 10 + 10);
	ck_assert_uint_eq(t->throttled_429, 5);
	ck_assert_uint_eq(t->failed_after_retries, 5 + 5);
	tu_snapshot(run, 0, &s);
	ck_assert_int_eq(s.ddb->read_used_mcu, 50 * CU);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * The client sends the unprocessed keys again, and only them. 10 RCU,
 * 100 WCU: 1 partition, burst off. 12 creates of 4 KiB in the first
 * second (48 WCU), then one BatchGetItem of the 12 keys, strong (1 RCU
 * each): its first attempt reads 10 (the bucket's 10 RCU) and returns
 * 2 unprocessed; the client's retry (1 s later, the next second) asks
 * those 2 alone: 2 RCU retried, 12 read in all, the request succeeded.
 * Sent again whole, the retry would ask 12 RCU and read 10 again.
 */
START_TEST(test_ddb_batch_get_resend)
{
	struct pk_run *run = tu_sim_text(
	    "resend.yaml", "seed: 1\n"
			   "service: dynamodb\n"
			   "table: {partition_key: /id, read_capacity_units: "
			   "10, write_capacity_units: 100, burst: off, "
			   "read_consistency: strong}\n"
			   "phases:\n"
			   "- {duration: 1s, rate: 12/s, item_size: 4KB}\n"
			   "- {duration: 1s, rate: 1/s, ops: {batch_get: 1}, "
			   "batch_get: {size: 12}}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->attempts, 12 + 2);
	ck_assert_uint_eq(t->retries, 1);
	ck_assert_uint_eq(t->succeeded, 12 + 1);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->retry_mru, 2 * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_int_eq(s.ddb->read_used_mcu, 12 * CU);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A response holds at most 16 MB (AWS's BatchGetItem reference;
 * 16,000,000 bytes, as its example below counts): the key that would
 * pass it and those after it come back unprocessed. An on-demand table
 * (a new one serves 12,000 RRU a second, 3,000 a partition); 100
 * creates of 400 KiB (409,600 B) at 2 a second, then one BatchGetItem
 * of the 100 keys, eventual: 39 items are 15,974,400 bytes, a 40th
 * would be 16,384,000, so each attempt reads 39 keys at most,
 * ceil(409,600 / 4,096) x 0.5 = 50 RRU each (1,950 RRU, under the
 * table's 12,000 and, 39 keys however they lie on its partitions, under
 * no 3,000). Attempts: 39 read, 39, then the last 22: 3 attempts, 2
 * retries, 100 x 50 = 5,000 RRU read in all, none throttled.
 */
START_TEST(test_ddb_batch_get_sixteen_mb)
{
	struct pk_run *run = tu_sim_text(
	    "large.yaml", "seed: 1\n"
			  "service: dynamodb\n"
			  "table: {partition_key: /id, capacity: on_demand}\n"
			  "phases:\n"
			  "- {duration: 50s, rate: 2/s, item_size: 400KB}\n"
			  "- {duration: 1s, rate: 1/s, ops: {batch_get: 1}, "
			  "batch_get: {size: 100}}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->attempts, 100 + 3);
	ck_assert_uint_eq(t->retries, 2);
	ck_assert_uint_eq(t->succeeded, 100 + 1);
	ck_assert_uint_eq(t->throttled_429, 0);
	tu_snapshot(run, 0, &s);
	ck_assert_int_eq(s.ddb->read_used_mcu, 5000 * CU);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * Hot-item isolation (D11) weighs each key as a GetItem: 6,000 RCU and
 * 1 WCU lay out ceil(2 + 0.001) = 3 partitions of 2,000 RCU, and the
 * items of key "a" and "h" share partition 0 (pksim's hash, as in
 * check_ddb_hsplit's test_isolate_hot_item). One create of each at t =
 * 0, then 3 s of 2,500 BatchGetItems a second of both keys, strong (1
 * RCU each), no retries: "a" and "h" ask 2,500 each of partition 0,
 * 5,000 against its 3,000 cap (the table's unused 4,000 lent up to it):
 * in second 1 the first 1,500 requests read both keys and the last
 * 1,000 none, throttled whole. The first item to ask 2,400 (80 % of
 * the cap) beside the other moves to a partition of its own at t = 2 s
 * (isolate_delay_s 0: two splits), and from then each asks 2,500 of
 * its own partition, lent the table's unused units: none throttled
 * after, 1,000 in all. Unweighed, 1,000 a second: 3,000.
 */
START_TEST(test_ddb_batch_get_isolate)
{
	struct pk_run *run = tu_sim_text(
	    "iso.yaml",
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 6000, "
	    "write_capacity_units: 1, read_consistency: strong, "
	    "hot_item_isolation: on}\n"
	    "streams:\n"
	    "  - {name: a, client: {retries: off}, items: {k: {const: a}}, "
	    "phases: [{duration: 1s, rate: 1/s, item_size: 1KB}, "
	    "{duration: 3s, rate: 2500/s, ops: {batch_get: 1}, "
	    "batch_get: {size: 2}}]}\n"
	    "  - {name: h, items: {k: {const: h}}, "
	    "phases: [{duration: 1s, rate: 1/s, item_size: 1KB}]}\n");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.throttled_429, 1000);
	ck_assert_uint_eq(m->n_splits, 2);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_ISOLATE);
	ck_assert_int_eq(m->splits[0].t_s, 2);
	tu_sim_free(run);
}
END_TEST

/* The shipped scenarios/dynamodb/batch-get.yaml (derived in its header:
   one partition of 110 RCU, 6 BatchGetItems a second of 10 keys of 6
   KiB, 2 RCU a key: the 6th of each second reads 5 keys and returns 5
   unprocessed; 100 key throttles, 2,800 units in all) passes `pksim
   check`, all 8 assertions. */
START_TEST(test_ddb_batch_get_scenario)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "check '%s'",
		 tu_src("scenarios/dynamodb/batch-get.yaml"));
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(strstr(out, "8        8        0  ok"));
	free(out);
}
END_TEST

/*
 * AWS's BatchGetItem reference: "if you ask to retrieve 100 items, but
 * each individual item is 300 KB in size, the system returns 52 items
 * (so as not to exceed the 16 MB limit)". 100 creates of 300 KiB
 * (307,200 B) at 2 a second on a new on-demand table, then one
 * BatchGetItem of the 100 keys, eventual, no retries: 52 x 307,200 =
 * 15,974,400 bytes, a 53rd would pass 16,000,000: 52 read, ceil(307,200
 * / 4,096) x 0.5 = 37.5 RRU each, 1,950 RRU; the 48 others unprocessed,
 * given up. Counted as 16 MiB (16,777,216) it read 54: 2,025 RRU.
 */
START_TEST(test_ddb_batch_get_aws_example)
{
	struct pk_run *run = tu_sim_text(
	    "aws52.yaml", "seed: 1\n"
			  "service: dynamodb\n"
			  "table: {partition_key: /id, capacity: on_demand}\n"
			  "client: {retries: off}\n"
			  "phases:\n"
			  "- {duration: 50s, rate: 2/s, item_size: 300KB}\n"
			  "- {duration: 1s, rate: 1/s, ops: {batch_get: 1}, "
			  "batch_get: {size: 100}}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->failed_after_retries, 1);
	tu_snapshot(run, 0, &s);
	ck_assert_int_eq(s.ddb->read_used_mcu, 1950 * CU);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_batch_get");
	TCase *tc = tcase_create("run");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ddb_batch_get_statement_2);
	tcase_add_test(tc, test_ddb_batch_get_unprocessed);
	tcase_add_test(tc, test_ddb_batch_get_resend);
	tcase_add_test(tc, test_ddb_batch_get_sixteen_mb);
	tcase_add_test(tc, test_ddb_batch_get_aws_example);
	tcase_add_test(tc, test_ddb_batch_get_isolate);
	tcase_add_test(tc, test_ddb_batch_get_scenario);
	suite_add_tcase(s, tc);
	return s;
}
