/*
 * plan_table_heat: what a DynamoDB table keeps for each partition-key
 * value a request asks and for its hot partitions' heat-split watches,
 * in the memory estimate (its partitions part), with the figures
 * derived by hand beside each test.
 */
#include <check.h>
#include <stdio.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* The partitions part of the estimate of a provisioned table of 1,000
   RCU and 1,000 WCU keyed by /id, its heat splits `heat` (on, with a
   window of 2 s, or off), taking `rate` creates a second of 1 KB for
   10 s, ids `ids` (a values pattern) drawn in turn */
static double table_partitions(int rate, const char *heat, const char *ids)
{
	struct pk_memory_estimate e;
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /id\n"
		 "  read_capacity_units: 1000\n"
		 "  write_capacity_units: 1000\n"
		 "  heat_split: %s\n"
		 "%s"
		 "client: {retries: off}\n"
		 "items:\n"
		 "  id: {values: \"%s\", distribution: sequential}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: %d/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 heat, heat[1] == 'n' ? "  heat_window_s: 2\n" : "", ids, rate);
	tu_estimate_text("t.yaml", text, &e);
	return e.partitions;
}

/*
 * Each of the 800 partition-key values 800 creates (80 a second) ask,
 * i000 to i799, keeps a heat
 * record (ddb_heat.c, PK_SCENARIO_DDB_HEAT_BYTES 200) and a value in the
 * on-demand comparison (ddb_demand.c, struct ddb_dval: 128 bytes, its
 * index byte, glibc's 8-byte header and up to 15 of rounding, up to 32
 * of hash buckets: 184), each beside the value's key, counted as
 * "i" and 3 digits and PK_SCENARIO_LP_LEVEL_BYTES 18 = 22 bytes; and
 * the table's partitions (D4: ceil((1,000 + 3 x 1,000) / 3,000) = 2) a
 * range's 700 bytes each. A table keeps no container's logical
 * partitions (lptable.c). At 80 creates a second no partition can be
 * hot (D7: 80 % of 1,000 WCU, 800 a second), so no watch:
 * 800 x (200 + 22 + 184 + 22) + 2 x 700 = 343,800. Before, 2,356,162:
 * 800 x (200 + 22) for the heat records, and a container's: 800 x (74
 * + 22 + 0.0124 of arena slack) of logical partitions, 3,200 of
 * per-value cache, the 2 MiB pool block; and the 1,400.
 */
START_TEST(test_table_values_keep_demand_records)
{
	ck_assert_double_eq_tol(table_partitions(80, "off", "i{000..799}"),
				800.0 * (200 + 22 + 184 + 22) + 2 * 700, 1e-6);
}
END_TEST

/*
 * At 2,000 creates a second, 1 WCU each, of 3 ids (i0 to i2) over 2
 * partitions, the busier takes at least half, 1,000 WCU a second, past
 * 800: it can be hot. Its watch weighs each first attempt (struct
 * ddb_wreq, 16 bytes, in an array that doubles: 32) for heat_window_s
 * = 2 seconds before it decides: at most 2 x 2,000 = 4,000 requests
 * (of the run's 20,000), 128,000 bytes. heat_split on also plans heat
 * splits, at most one fewer than the values (each split leaves a value
 * on both sides): 2 more partitions at 700 bytes. So on, less off:
 * 129,400 (1,400 before the watch was counted).
 */
START_TEST(test_table_watch_counts)
{
	ck_assert_double_eq_tol(table_partitions(2000, "on", "i{0..2}") -
				    table_partitions(2000, "off", "i{0..2}"),
				4000.0 * 32 + 2 * 700, 1e-6);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_table_heat");
	TCase *tc = tcase_create("table_heat");

	tcase_add_test(tc, test_table_values_keep_demand_records);
	tcase_add_test(tc, test_table_watch_counts);
	suite_add_tcase(s, tc);
	return s;
}
