/*
 * plan_table_memory: what a DynamoDB table keeps in a run, in the memory
 * estimate (scenario_memory_estimate's items part), with the figures
 * derived by hand beside each test.
 */
#include <check.h>
#include <stdio.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* The items part of the estimate of a table keyed by /id taking n
   creates of distinct ids (n / 10 a second for 10 s) */
static double table_items_bytes(int n)
{
	struct pk_memory_estimate e;
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /id\n"
		 "  read_capacity_units: 1000\n"
		 "  write_capacity_units: 1000\n"
		 "client: {retries: off}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: %d/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 n / 10);
	tu_estimate_text("t.yaml", text, &e);
	return e.items;
}

/*
 * The memo of a table's item keys (ddb_items.c: 2,048 slots of 80
 * bytes, 163,840 bytes in one calloc that glibc maps on its own with a
 * 16-byte header, 41 pages of 4,096 = 167,936 bytes) counts once a
 * table, whatever its items. Every other term of the items part is so
 * much an item (800 and 400 ids of "item-" and up to 3 digits alike:
 * their key's bytes are counted at the largest id's digits), so twice
 * 400 items' part less 800 items' is the memo alone: 167,936 (0 before
 * it was counted).
 */
START_TEST(test_table_key_memo_counts_once)
{
	double half = table_items_bytes(400), all = table_items_bytes(800);

	ck_assert_double_eq_tol(2 * half - all, 167936.0, 1e-6);
}
END_TEST

/* The items part of the estimate of a table keyed by /id taking 800
   creates of ids i000 to i799, then 10 requests of `op` */
static double table_then(const char *op)
{
	struct pk_memory_estimate e;
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /id\n"
		 "  read_capacity_units: 1000\n"
		 "  write_capacity_units: 1000\n"
		 "client: {retries: off}\n"
		 "items:\n"
		 "  id: {values: \"i{000..799}\", distribution: sequential}\n"
		 "phases:\n"
		 "  - {duration: 8s, rate: 100/s, ops: {create: 1}, "
		 "item_size: 1KB}\n"
		 "  - duration: 1s\n"
		 "    rate: 10/s\n"
		 "    ops: {%s: 1}\n"
		 "%s",
		 op,
		 op[0] == 'q' ? "    queries:\n"
				"      - {name: one, where: {id: eq}, "
				"results: 1}\n"
			      : "");
	tu_estimate_text("t.yaml", text, &e);
	return e.items;
}

/*
 * A scenario that sends queries keeps each partition-key value's item
 * collection (ddb_query.c: an 88-byte record, 8 of glibc's header, up
 * to 15 of rounding, up to 32 of hash buckets: 144 bytes) beside the
 * value's key, counted as a logical partition's: the id's 4 characters
 * and 18 (PK_SCENARIO_LP_LEVEL_BYTES). 800 values x (144 + 22) =
 * 132,800 bytes more than the same run reading its items by GetItem
 * (0 before they were counted: the two were equal).
 */
START_TEST(test_table_query_collections_count)
{
	ck_assert_double_eq_tol(table_then("query") - table_then("read"),
				800.0 * (144 + 4 + 18), 1e-6);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_table_memory");
	TCase *tc = tcase_create("table_memory");

	tcase_add_test(tc, test_table_key_memo_counts_once);
	tcase_add_test(tc, test_table_query_collections_count);
	suite_add_tcase(s, tc);
	return s;
}
