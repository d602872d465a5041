/*
 * ddb_lsi: a DynamoDB table's local secondary indexes through the run
 * (D18, reference §13), each figure derived by hand beside it from
 * statement 28 (§16). 1 unit = 1,000 mCU; 1KB in a scenario is 1,024
 * bytes (D1: 1 WCU), 10 GiB = 10 x 2^30 = 10,737,418,240 bytes.
 */
#include <check.h>
#include <stdlib.h>

#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

#define CU 1000

/*
 * Statement 28. A table keyed by /k with sort key /id and one local
 * index projecting all: 1 partition (ceil(1 / 3,000 + 999 / 1,000),
 * D4) of 999 WCU. Stream "full" writes key value "big" twice a second
 * for 13,200 s (26,400 creates) with items of 200 KB = 204,800 B: each
 * is 200 WCU on the table and 200 more for its index entry, on the
 * same partition (D18: 400 WCU, 800 a second of the 999), and adds
 * 2 x 204,800 = 409,600 B to the collection (item plus entry; 409,600
 * B is also the 400 KiB item limit, which item plus projection just
 * fit). 10,737,418,240 / 409,600 = 26,214.4: 26,214 writes fit, every
 * later one would take the collection past 10 GiB and fails with 400
 * (ItemCollectionSizeLimitExceededException): 26,400 - 26,214 = 186.
 * Stream "other" writes 10 other key values once a minute (220
 * creates of 1 KB, 1 + 1 WCU) and is never refused. Units consumed:
 * 26,214 x 400 + 220 x 2 = 10,486,040.
 */
START_TEST(test_lsi_collection_limit)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 1\n"
	    "  write_capacity_units: 999\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-status, sort_key: /status}\n"
	    "streams:\n"
	    "  - name: full\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: big}, status: {const: open}}\n"
	    "    phases: [{duration: 13200s, rate: 2/s, ops: {create: 1}, "
	    "item_size: 200KB}]\n"
	    "  - name: other\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {values: \"o{0..9}\"}, status: {const: open}}\n"
	    "    phases: [{duration: 13200s, rate: 1/m, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run = tu_sim_text("lsi.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->operations, 26400 + 220);
	ck_assert_uint_eq(t->succeeded, 26214 + 220);
	ck_assert_uint_eq(t->bad_request_400, 186);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, (26214LL * 400 + 220 * 2) * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * Statement 28's second half (A-LSI, reference §13): deletes on a key
 * value whose collection is full still work, and writes resume once it
 * is back under 10 GiB. The table of the test above, one stream on key
 * value "big": 13,200 s of 2 creates a second of 200 KB fill it as
 * there (26,214 stored, 186 refused: 26,214 x 409,600 =
 * 10,737,254,400 B). Then 10 deletes (1 a second; each an item the
 * table stored, 200 WCU + 200 for its index entry, D18) free 10 x
 * 409,600 B: none is refused. Then 20 creates (1 a second): the
 * collection holds 26,204 x 409,600 = 10,733,158,400 B, 4,259,840 B
 * under 10 GiB = 10.4 writes of 409,600: 10 fit, 10 are refused. 400 on
 * the table: 186 + 10; units (400 each): (26,214 + 10 + 10) x 400.
 */
START_TEST(test_lsi_full_collection_deletes)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 1\n"
	    "  write_capacity_units: 999\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-status, sort_key: /status}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: big}, status: {const: open}}\n"
	    "phases:\n"
	    "  - {duration: 13200s, rate: 2/s, ops: {create: 1}, "
	    "item_size: 200KB}\n"
	    "  - {duration: 10s, rate: 1/s, ops: {delete: 1}, "
	    "item_size: 200KB}\n"
	    "  - {duration: 20s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 200KB}\n";
	struct pk_run *run = tu_sim_text("lsi-del.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->operations, 26400 + 10 + 20);
	ck_assert_uint_eq(t->succeeded, 26214 + 10 + 10);
	ck_assert_uint_eq(t->bad_request_400, 186 + 10);
	ck_assert_uint_eq(t->ddb_lsi_400, 186 + 10);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, (26214LL + 10 + 10) * 400 * CU);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_lsi");
	TCase *tc = tcase_create("run");

	tcase_add_test(tc, test_lsi_collection_limit);
	tcase_add_test(tc, test_lsi_full_collection_deletes);
	suite_add_tcase(s, tc);
	return s;
}
