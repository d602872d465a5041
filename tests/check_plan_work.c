/*
 * plan_work: the units of work the up-front work bound counts
 * (scenario_work_units) for the terms only some scenarios have: finding
 * an item under a key's `{random A..B}` part (rule 38) and a batch's
 * items; and the logical partitions a random part makes in the memory
 * estimate. Each figure is worked out by hand beside its assertion.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* The work units of the scenario text (the loader must accept it) */
static double work_of(const char *text)
{
	struct pk_scenario *s;
	struct pk_diag d;
	double w;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	w = scenario_work_units(s);
	scenario_free(s);
	diag_free(&d);
	return w;
}

/* A container of 100 partitions (1,000,000 RU/s asks for 167, the
   partitions: 100 it is created with are fewer: the work message's "up
   to 100"), key key, no retries (1 attempt an operation); 100 creates
   in 1 s, then 1,000 reads over 10 s with the phase's extra text */
static double reads_work(const char *key, const char *extra)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "container: {partition_key: \"%s\", throughput: 1000000, "
		 "partitions: 100}\n"
		 "items: {k: {values: \"k{1..10}\"}}\n"
		 "client: {retries: none}\n"
		 "phases:\n"
		 "  - {duration: 1s, rate: 100/s}\n"
		 "  - {duration: 10s, rate: 100/s, ops: {read: 1}%s}\n",
		 key, extra);
	return work_of(text);
}

/*
 * Reads under `{k}-{random 1..8}` first send an IN list of the 8
 * candidates. The creates: 100 x 1 = 100, and their second on the 100
 * partitions at 1/4: 25. The reads: 1,000 x (1 + 8 candidates x 1/4 + 8
 * partitions reached x 1/8 + 100 partitions passed over x 1/32) = 1,000
 * x (1 + 2 + 1 + 3.125) = 7,125, and their 10 seconds on the 100
 * partitions at 1/4: 250. In all 7,500 (without the finding: 1,375).
 */
START_TEST(test_random_in_list)
{
	ck_assert_double_eq_tol(reads_work("{k}-{random 1..8}", ""), 7500,
				1e-9);
}
END_TEST

/*
 * The same reads with `suffix_reads: fan_out` visit every one of the 100
 * partitions at 1/8: 1,000 x (1 + 100 x 1/8) = 13,500, with the 250 of
 * their seconds and the creates' 125: 13,875. So does an IN list past
 * PK_SCENARIO_FIND_IN_MAX (4,096) candidates, which pksim sends as a
 * fan-out: `{random 1..100}-{random 1..50}` has 100 x 50 = 5,000.
 */
START_TEST(test_random_fan_out)
{
	ck_assert_double_eq_tol(
	    reads_work("{k}-{random 1..8}", ", suffix_reads: fan_out"), 13875,
	    1e-9);
	ck_assert_double_eq_tol(
	    reads_work("{k}-{random 1..100}-{random 1..50}", ""), 13875, 1e-9);
}
END_TEST

/*
 * 100 transactional batches of 100 creates over 10 s: each batch 1 and
 * its 99 items beyond the first 1 each, 100 x 100 = 10,000; the 10
 * seconds on the 167 partitions 1,000,000 RU/s makes (1,000,000 / 6,000
 * = 166.7, rounded up) at 1/4: 417.5. In all 10,417.5 (a batch counted
 * as 1: 517.5).
 */
START_TEST(test_batch_items)
{
	ck_assert_double_eq_tol(
	    work_of("container: {partition_key: /k, throughput: 1000000}\n"
		    "items: {k: {values: \"k{1..100}\"}}\n"
		    "client: {retries: none}\n"
		    "phases:\n"
		    "  - {duration: 10s, rate: 10/s, ops: {batch: 1}, "
		    "batch: {size: 100, spanning: 0}}\n"),
	    10417.5, 1e-9);
}
END_TEST

/*
 * A preload costs a unit a value it fills, not a unit an item: one key is
 * built and stored a value (cosmos_preload.c), whatever its count. Three
 * values of 10^9 one-byte items (3 GB, 1 GB a logical partition): 3, and
 * one read (retries off: 1 attempt) and its second on the 1 partition of
 * 400 RU/s at 1/4: 3 + 1 + 0.25 = 4.25. Counted an item each, this was
 * 3,000,000,000 units and refused.
 */
START_TEST(test_preload_values)
{
	ck_assert_double_eq_tol(
	    work_of("container: {partition_key: /k, throughput: 400}\n"
		    "items: {k: {values: [a, b, c]}}\n"
		    "preload: {property: k, items_per_value: 1000000000, "
		    "item_size: 1B}\n"
		    "client: {retries: none}\n"
		    "phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}]\n"),
	    4.25, 1e-9);
}
END_TEST

/*
 * A Poisson phase sends a Poisson count of mean L = rate x duration, not
 * L: 100 s at 25/s, L = 2,500 (standard deviation 50), and seeds 1 to 8
 * sent 2,417 to 2,529 (seed 8: 2,529, above 2,500). The bounds count
 * L + 6 sqrt(L) + 6 = 2,500 + 300 + 6 = 2,806 operations (ld_phase_count).
 * At 100,000 RU/s, 17 partitions (ceil(100,000 / 6,000)), each second of
 * the 100 at 1/4 a partition: 425. Uniform arrivals: 2,500 + 425 =
 * 2,925; Poisson: 2,806 + 425 = 3,231 (2,925 before, which seed 8's
 * 2,529 creates, 2,954 units, passed).
 */
START_TEST(test_poisson_count)
{
	static const char *const fmt =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {values: \"k{1..100}\"}}\n"
	    "client: {retries: none}\n"
	    "phases:\n"
	    "  - {duration: 100s, rate: 25/s%s}\n";
	char text[512];

	snprintf(text, sizeof(text), fmt, "");
	ck_assert_double_eq_tol(work_of(text), 2925.0, 1e-9);
	snprintf(text, sizeof(text), fmt, ", arrival: poisson");
	ck_assert_double_eq_tol(work_of(text), 3231.0, 1e-9);
}
END_TEST

/* The partitions' bytes of the memory estimate of 100 creates under
   key key (10 values of k) */
static double partitions_of(const char *key)
{
	char text[512];
	struct pk_memory_estimate e;
	struct pk_scenario *s;
	struct pk_diag d;

	snprintf(text, sizeof(text),
		 "container: {partition_key: \"%s\", throughput: 400}\n"
		 "items: {k: {values: \"k{1..10}\"}}\n"
		 "client: {retries: none}\n"
		 "phases:\n"
		 "  - {duration: 1s, rate: 100/s}\n",
		 key);
	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	scenario_memory_estimate(s, &e);
	scenario_free(s);
	diag_free(&d);
	return e.partitions;
}

/*
 * A key's random part multiplies its logical partitions: 10 values of k
 * under `{k}-{random 1..8}` make up to 80 (of the 100 items), under
 * `{random 1..4}` 40 and under `{random 1..1}` 10; the three templates
 * are as long, so each logical partition costs the same bytes x and the
 * rest is the same: the estimates differ by 40x and 30x, a ratio of 4/3,
 * and x is at least PK_SCENARIO_LP_BYTES (74). (Read as one value, the
 * part made all three 10.)
 */
START_TEST(test_random_lps)
{
	double p8 = partitions_of("{k}-{random 1..8}");
	double p4 = partitions_of("{k}-{random 1..4}");
	double p1 = partitions_of("{k}-{random 1..1}");

	ck_assert_double_ge(p8 - p4, 40 * PK_SCENARIO_LP_BYTES);
	ck_assert_double_eq_tol((p8 - p4) / (p4 - p1), 4.0 / 3.0, 1e-12);
}
END_TEST

/* A provisioned table of 3,000 RCU + 1,000 WCU with adaptive capacity
   adaptive (its other keys in more), no retries (1 attempt an
   operation); 1,000 puts of 1 KB over 10 s keyed by key (10 values of
   k), then the phase extra, parsed into *sc */
static void table_of(const char *adaptive, const char *more, const char *key,
		     const char *extra, struct pk_scenario **sc)
{
	char text[1024];
	struct pk_diag d;

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: %s, read_capacity_units: 3000, "
		 "write_capacity_units: 1000, adaptive_capacity: %s%s}\n"
		 "client: {retries: none}\n"
		 "items: {k: {values: \"k{1..10}\"}}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 100/s, item_size: 1KB}\n%s",
		 key, adaptive, more, extra);
	diag_init(&d);
	*sc = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(*sc != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
}

/* table_of's work units */
static double table_work(const char *adaptive, const char *extra)
{
	struct pk_scenario *sc;
	double w;

	table_of(adaptive, "", "/id", extra, &sc);
	w = scenario_work_units(sc);
	scenario_free(sc);
	return w;
}

/*
 * A request on a DynamoDB table counts its own units (LD_TABLE_*_WORK,
 * measured beside creates), not an Azure Cosmos DB attempt's 1. The
 * table has ceil(3,000 / 3,000 + 1,000 / 1,000) = 2 partitions (D4),
 * so each of the 10 s with a request is 2 x 1/4 = 0.5: 5 a phase.
 * 1,000 puts, adaptive capacity off: 1,000 x 10 + 5 = 10,005 (before:
 * 1,000 x 1 + 10 s x 1 partition x 1/4 = 1,002.5); instant reads the
 * run ahead, 3 more a put: 13,005. 1,000 GetItems more over 10 s: 1,000
 * x 6 + 5 = 6,005 more, 16,010. 40 BatchWriteItems of 25 items (4 a
 * second) in place of the puts: 40 x 25 x 10 + 5 = 10,005 (before:
 * 40 x (1 + 24) + 2.5 = 1,002.5).
 */
START_TEST(test_table_units)
{
	const char *reads =
	    "  - {duration: 10s, rate: 100/s, ops: {read: 1}}\n";
	const char *batch =
	    "  - {duration: 10s, rate: 4/s, ops: {batch: 1}, batch: {size: "
	    "25}, item_size: 1KB}\n";
	struct pk_scenario *sc;

	ck_assert_double_eq_tol(table_work("off", ""), 10005, 1e-9);
	ck_assert_double_eq_tol(table_work("instant", ""), 13005, 1e-9);
	ck_assert_double_eq_tol(table_work("off", reads), 16010, 1e-9);
	ck_assert_double_eq_tol(
	    table_work("off", batch) - table_work("off", ""), 10005, 1e-9);
	/* no request kind is cheaper on a table than on a container */
	table_of("off", "", "/id", batch, &sc);
	ck_assert_double_ge(scenario_work_units(sc), 20010);
	scenario_free(sc);
}
END_TEST

/* The work message's partitions of table_of(adaptive, more) */
static void table_terms(const char *more, char *buf, size_t cap)
{
	struct pk_scenario *sc;

	table_of("off", more, "/id", "", &sc);
	scenario_work_terms(sc, buf, cap);
	scenario_free(sc);
}

/*
 * The work message names a table's partitions (it said "up to 1" for
 * every table): 3,000 RCU + 1,000 WCU make 2 (D4); auto scaling up to
 * 3,000 RCU + 4,000 WCU under the formula rule (a raise sets the count
 * D4 gives), ceil(1 + 4) = 5; auto scaling up to 40,000 RCU and
 * WCU needs ceil(40,000 / 3,000 + 40) = 54, reached by doubling the 2
 * it starts with: 64. A table without queries has no IN list to count:
 * the message leaves Azure Cosmos DB's query terms out.
 */
START_TEST(test_table_partitions)
{
	char buf[2048];

	table_terms("", buf, sizeof(buf));
	ck_assert_msg(!strstr(buf, "IN list") && !strstr(buf, "query"), "%s",
		      buf);
	ck_assert_msg(strstr(buf, " up to 2 partitions 0.25 in each "), "%s",
		      buf);
	table_terms(
	    ", burst: off, raise_rule: formula, auto_scaling: {target: 70, "
	    "max_read_units: 3000, max_write_units: 4000}",
	    buf, sizeof(buf));
	ck_assert_msg(strstr(buf, " up to 5 partitions 0.25 in each "), "%s",
		      buf);
	table_terms(", auto_scaling: {target: 70, max_read_units: 40000, "
		    "max_write_units: 40000}",
		    buf, sizeof(buf));
	ck_assert_msg(strstr(buf, " up to 64 partitions 0.25 in each "), "%s",
		      buf);
}
END_TEST

/* The items' bytes of the estimate of table_of(adaptive, more, key) with
   1,000 reads after the puts */
static double table_items(const char *adaptive, const char *more,
			  const char *key)
{
	struct pk_memory_estimate e;
	struct pk_scenario *sc;

	table_of(adaptive, more, key,
		 "  - {duration: 10s, rate: 100/s, ops: {read: 1}}\n", &sc);
	scenario_memory_estimate(sc, &e);
	scenario_free(sc);
	return e.items;
}

/*
 * The estimate counts what a table holds of its items. Its read-ahead
 * (adaptive capacity instant) keeps its own copy of the workload's
 * record of each item, here 4 bytes for the pattern k and 4 for the
 * reads naming an item: 1,000 items x 8 = 8,000 bytes over `off`
 * (measured, 1,000,000 such items: 7,832 KB). Its stored items, 112
 * bytes each (LD_DDB_ITEM_BYTES) and their primary key's: keyed by /k
 * without a sort key at most its 10 values, each "k10" at most, 3 bytes
 * + 18 of a level = 21: 10 x (112 + 21) = 1,330; with the sort key /id
 * each of the 1,000 puts is an item, its key also "item-" and up to 4
 * digits (9 + 18 = 27): 1,000 x (112 + 21 + 27) = 160,000, 158,670
 * more. Before, neither was counted (600,000 puts measured 268,304 KB
 * against a 219 MiB peak bound).
 */
START_TEST(test_table_items_memory)
{
	double off = table_items("off", "", "/k");

	ck_assert_double_eq_tol(table_items("instant", "", "/k") - off, 8000,
				1e-6);
	ck_assert_double_eq_tol(
	    table_items("off", ", sort_key: /id", "/k") - off, 158670, 1e-6);
}
END_TEST

/*
 * A rate schedule's arrivals walk every piece of it whatever the
 * operations, 1/16 unit each. One day at 400 RU/s (one partition, no
 * retries): 0.001/s x3 for 1 s every 2 s is L = 0.001 x (43,200 x 3 +
 * 43,200) = 172.8, 173 creates: 173 units; their seconds, min(86,400,
 * 173) x 1 partition x 1/4 = 43.25; the walk's 86,400 pieces (a spike
 * and a gap every 2 s) x 1/16 = 5,400. In all 5,616.25 (before:
 * 216.25). A flat 0.002/s: 173 + 43.25 = 216.25, no schedule; as
 * `{base: 0.002/s}` one piece more, 216.3125.
 */
START_TEST(test_schedule_pieces)
{
	static const char head[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{1..10}\"}}\n"
	    "client: {retries: none}\n"
	    "phases:\n";
	char text[1024];

	snprintf(text, sizeof(text),
		 "%s  - {duration: 1d, rate: {base: 0.001/s, spikes: {every: "
		 "2s, for: 1s, factor: 3}}}\n",
		 head);
	ck_assert_double_eq_tol(work_of(text), 5616.25, 1e-9);
	snprintf(text, sizeof(text), "%s  - {duration: 1d, rate: 0.002/s}\n",
		 head);
	ck_assert_double_eq_tol(work_of(text), 216.25, 1e-9);
	snprintf(text, sizeof(text),
		 "%s  - {duration: 1d, rate: {base: 0.002/s}}\n", head);
	ck_assert_double_eq_tol(work_of(text), 216.3125, 1e-9);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_work");
	TCase *tc = tcase_create("work");

	tcase_add_test(tc, test_random_in_list);
	tcase_add_test(tc, test_random_fan_out);
	tcase_add_test(tc, test_batch_items);
	tcase_add_test(tc, test_preload_values);
	tcase_add_test(tc, test_poisson_count);
	tcase_add_test(tc, test_random_lps);
	tcase_add_test(tc, test_table_units);
	tcase_add_test(tc, test_table_partitions);
	tcase_add_test(tc, test_table_items_memory);
	tcase_add_test(tc, test_schedule_pieces);
	suite_add_tcase(s, tc);
	return s;
}
