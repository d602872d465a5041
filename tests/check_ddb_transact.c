/*
 * ddb_transact: a scenario's transactional batches replayed on a table
 * with `batches: transact_write_items` as TransactWriteItems
 * (src/service/dynamodb/ddb_batch.c; D1, statement 6, E1's last line),
 * each figure derived by hand beside its test. 1 unit = 1,000 mCU; 1KB
 * in a scenario is 1,024 bytes; a transactional write of an item of S
 * bytes is 2 x ceil(S / 1,024) WCU, a BatchWriteItem's item 1 x. A
 * batch's items copy its first item's key value (`spanning: 0`), each
 * its own `id` (the sort key). Partitions: ceil(RCU / 3,000 + WCU /
 * 1,000) (D4).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/*
 * E1's last line: 5 transactional puts of 800 B are 2 x 5 = 10 WCU
 * (ceil(800 / 1,024) = 1, doubled). One batch of 5 a second for 10 s:
 * 100 WCU, 50 items. Statement 6: a transactional write of a 3 KB item
 * costs 6 WCU: one batch of 1 item of 3 KiB a second for 10 s, 60 WCU.
 * 1 RCU + 100 WCU: 1 partition, room for both.
 */
static const char units_text[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 1, "
    "write_capacity_units: 100, batches: transact_write_items}\n"
    "client: {retries: off}\n"
    "items: {k: {const: a}}\n"
    "phases:\n"
    "  - {name: e1, duration: 10s, rate: 1/s, ops: {batch: 1}, "
    "batch: {size: 5}, item_size: 800B}\n"
    "  - {name: s6, duration: 10s, rate: 1/s, ops: {batch: 1}, "
    "batch: {size: 1}, item_size: 3KB}\n";

START_TEST(test_ddb_transact_units)
{
	struct pk_run *run = tu_sim_text("tx.yaml", units_text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 20);
	ck_assert_uint_eq(t->batches_committed, 20);
	ck_assert_uint_eq(t->batch_items, 60);
	ck_assert_int_eq(t->ru_mru, (100 + 60) * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * All or nothing. 1 RCU + 20 WCU: 1 partition of 20 WCU a second, no
 * burst, no lending. Batches of 3 items of 3 KiB, 2 a second for 10 s.
 * - TransactWriteItems: 3 x 6 = 18 WCU a batch; the second's first fits
 *   (18 <= 20), its second does not (36 > 20): canceled whole, none of
 *   its items stored. 10 committed, 10 throttled (retries off), 30
 *   items of 3,072 B = 92,160 B stored, 180 WCU consumed.
 * - the same as BatchWriteItem: 3 x 3 = 9 WCU a batch, both fit (18 <=
 *   20): 20 committed, 60 items, 184,320 B, 180 WCU.
 */
static const char whole_text[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 1, "
    "write_capacity_units: 20, burst: off, adaptive_capacity: off, "
    "batches: %s}\n"
    "client: {retries: off}\n"
    "items: {k: {const: a}}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 2/s, ops: {batch: 1}, batch: {size: 3}, "
    "item_size: 3KB}\n";

START_TEST(test_ddb_transact_all_or_nothing)
{
	char text[1024];
	struct pk_run *run;
	const struct pk_totals *t;
	struct pk_snapshot s;

	snprintf(text, sizeof(text), whole_text, "transact_write_items");
	run = tu_sim_text("whole.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->batches_committed, 10);
	ck_assert_uint_eq(t->throttled_429, 10);
	ck_assert_uint_eq(t->batch_items, 30);
	ck_assert_int_eq(t->ru_mru, 180 * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 30 * 3072);
	snapshot_free(&s);
	tu_sim_free(run);

	snprintf(text, sizeof(text), whole_text, "batch_write_item");
	run = tu_sim_text("whole.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->batches_committed, 20);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(t->batch_items, 60);
	ck_assert_int_eq(t->ru_mru, 180 * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * TransactWriteItems takes up to 100 actions where BatchWriteItem takes
 * 25: a phase's batches of 100 items load and run on a table that
 * sends them as transactions. 100 items of 1 KiB: 2 x 100 = 200 WCU a
 * batch; 1 a second for 5 s on 1 RCU + 1,000 WCU (1 partition): 1,000
 * WCU, 500 items.
 */
START_TEST(test_ddb_transact_hundred)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "1, write_capacity_units: 1000, batches: transact_write_items}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 5s, rate: 1/s, ops: {batch: 1}, batch: {size: "
	    "100}, item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("hundred.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->batches_committed, 5);
	ck_assert_uint_eq(t->batch_items, 500);
	ck_assert_int_eq(t->ru_mru, 1000 * CU);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_transact");
	TCase *tc = tcase_create("run");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ddb_transact_units);
	tcase_add_test(tc, test_ddb_transact_all_or_nothing);
	tcase_add_test(tc, test_ddb_transact_hundred);
	suite_add_tcase(s, tc);
	return s;
}
