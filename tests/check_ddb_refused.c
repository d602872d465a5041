/*
 * ddb_refused: units foreseen for a request that is then refused come
 * back to the second's pool (D10, reference §6: a partition may use "the
 * table's unused capacity that second"; a refused write consumes
 * nothing, D17: a base write the index cannot take fails and is not
 * stored). Each figure derived by hand beside its test from D1, D4,
 * D5, D10, D17. Keys a, g, b, c fall on a 4-partition table's
 * partitions 0, 1, 2, 3 (as in check_ddb_foresee.c). 1 unit = 1,000
 * mCU; 1KB is 1,024 bytes, a create of it 1 WCU (D1).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

/*
 * BatchWriteItems refused whole: a table without a sort key, each batch
 * of 10 items copying its first item's key value, so its 10 items share
 * one primary key and DynamoDB refuses it with 400, nothing written or
 * consumed. 400 WCU: ceil(9,000 / 3,000 + 400 / 1,000) = 4 partitions
 * of 100 (D4, D5). The cold batches (24 a second on a, b, c) ask
 * nothing, so partitions 0, 2, 3 leave their 300 unused; g's 400
 * creates a second may use its 100 plus those 300 (D10): all 24,000
 * served, 0 throttled, 1,440 batches refused. (With the batches' items
 * held as foreseen, about 80 WCU a second stayed held on each cold
 * partition: 13,850 of g's creates throttled on a table serving 169 a
 * second.)
 */
START_TEST(test_refused_batch_frees)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 9000, "
	    "write_capacity_units: 400, burst: off}\n"
	    "streams:\n"
	    "  - name: cold\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {values: [a, b, c]}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 24/s, ops: {batch: 1}, "
	    "batch: {size: 10}, item_size: 1KB}\n"
	    "  - name: hot\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: g}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 400/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("dup.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	uint64_t hot, cold;

	tu_hot_throttles(run, &hot, &cold);
	ck_assert_uint_eq(t->bad_request_400, 1440);
	ck_assert_uint_eq(hot, 0);
	ck_assert_uint_eq(cold, 0);
	ck_assert_uint_eq(t->succeeded, 24000);
	tu_sim_free(run);
}
END_TEST

/*
 * Base writes a global index refuses: the index by-s has 1 partition of
 * 100 WCU (ceil(10 / 3,000 + 100 / 1,000) = 1, D4); every cold create
 * has s = p, so of the cold's 240 creates a second on a, b, c the index
 * takes 100 and refuses 140 (D17): 60 x 140 = 8,400 throttled by the
 * index. Only the 100 it took consume base units, about 33 on each of
 * partitions 0, 2, 3, which leave 300 - 100 = 200 unused; g (no s: not
 * in the index) asks 400 a second and may use its 100 plus those 200
 * (D10): 300 served, 100 throttled a second, 60 x 100 = 6,000, the
 * table at 400. (With the refused writes' units held, the cold
 * partitions kept 80 a second each: 14,400 of g's throttled.)
 */
START_TEST(test_index_refused_frees_base)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 9000\n"
	    "  write_capacity_units: 400\n"
	    "  burst: off\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-s, partition_key: /s, read_capacity_units: 10, "
	    "write_capacity_units: 100}\n"
	    "streams:\n"
	    "  - name: cold\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {values: [a, b, c]}, s: {const: p}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 240/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: hot\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: g}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 400/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("gsi-waste.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	uint64_t hot, cold;

	tu_hot_throttles(run, &hot, &cold);
	ck_assert_uint_eq(hot, 6000);
	ck_assert_uint_eq(cold, 0);
	ck_assert_uint_eq(t->throttled_429, 8400 + 6000);
	tu_sim_free(run);
}
END_TEST

/*
 * Base writes the table refuses hold no index units. The index by-s
 * (9,000 RCU, 400 WCU: 4 partitions of 100) mirrors the table (400
 * WCU, 4 of 100): a's 80 creates a second (s = a) and b1..b1000's 360
 * (s = g). The table is asked 440 of its 400 a second, so 40 a second
 * are refused by it: 60 x 40 = 2,400. Every write it admits is one
 * index write, so the index is asked 400 a second, its total, and its
 * partition of g may use its 100 plus what a's partition (80 asked,
 * less the table's refusals) and the two idle ones leave: by hand 0
 * index throttles. pksim lends first come (docs/dynamodb.md,
 * ASSUMPTION): a second's g writes arriving before that second's a
 * writes the table refuses find the index's pool not yet grown by them;
 * 10 are refused so, none in 57 of the 60 seconds. (With the index
 * units of the table's refusals held on a's index partition: 1,126
 * index throttles, the index at 382 a second.)
 */
START_TEST(test_table_refused_frees_index)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 9000\n"
	    "  write_capacity_units: 400\n"
	    "  burst: off\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-s, partition_key: /s, read_capacity_units: "
	    "9000, write_capacity_units: 400}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: a}, s: {const: a}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 80/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: b\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {values: \"b{1..1000}\"}, s: {const: g}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 360/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("gsi-mirror.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	const struct pk_ddb_index *ix;
	struct pk_snapshot s;

	tu_snapshot(run, 0, &s);
	ix = &s.ddb->indexes[0];
	ck_assert_uint_eq(t->throttled_429, 2400);
	ck_assert_uint_le(ix->throttled[0] + ix->throttled[1], 10);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_refused");
	TCase *tc = tcase_create("run");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_refused_batch_frees);
	tcase_add_test(tc, test_index_refused_frees_base);
	tcase_add_test(tc, test_table_refused_frees_index);
	suite_add_tcase(s, tc);
	return s;
}
