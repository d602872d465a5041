/*
 * plan_work: the units of work the up-front work bound counts
 * (scenario_work_units) for the terms only some scenarios have: finding
 * an item under a key's `{random A..B}` part (rule 38) and a batch's
 * items; and the logical partitions a random part makes in the memory
 * estimate. Each figure is worked out by hand beside its assertion.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/result/runway.h"
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
 * partitions at 1/4: 250. The 100 partitions' own set-up and report at
 * 128 each (PK_SCENARIO_RANGE_SETUP_WORK): 12,800. In all 20,300
 * (without the finding: 14,175).
 */
START_TEST(test_random_in_list)
{
	ck_assert_double_eq_tol(reads_work("{k}-{random 1..8}", ""), 20300,
				1e-9);
}
END_TEST

/*
 * The same reads with `suffix_reads: fan_out` visit every one of the 100
 * partitions at 1/8: 1,000 x (1 + 100 x 1/8) = 13,500, with the 250 of
 * their seconds, the creates' 125 and the partitions' own 12,800:
 * 26,675. So does an IN list past
 * PK_SCENARIO_FIND_IN_MAX (4,096) candidates, which pksim sends as a
 * fan-out: `{random 1..100}-{random 1..50}` has 100 x 50 = 5,000.
 */
START_TEST(test_random_fan_out)
{
	ck_assert_double_eq_tol(
	    reads_work("{k}-{random 1..8}", ", suffix_reads: fan_out"), 26675,
	    1e-9);
	ck_assert_double_eq_tol(
	    reads_work("{k}-{random 1..100}-{random 1..50}", ""), 26675, 1e-9);
}
END_TEST

/*
 * 100 transactional batches of 100 creates over 10 s: each batch 1 and
 * its 99 items beyond the first 1 each, 100 x 100 = 10,000; the 10
 * seconds on the 167 partitions 1,000,000 RU/s makes (1,000,000 / 6,000
 * = 166.7, rounded up) at 1/4: 417.5; those 167 partitions' own set-up
 * and report at 128: 21,376. In all 31,793.5 (a batch counted as 1:
 * 21,893.5).
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
	    31793.5, 1e-9);
}
END_TEST

/*
 * A preload costs a unit a value it fills, not a unit an item: one key is
 * built and stored a value (cosmos_preload.c), whatever its count. Three
 * values of 10^9 one-byte items (3 GB, 1 GB a logical partition): 3, and
 * one read (retries off: 1 attempt) and its second on the 1 partition of
 * 400 RU/s at 1/4, and that partition's own set-up and report at 128:
 * 3 + 1 + 0.25 + 128 = 132.25. Counted an item each, this was
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
	    132.25, 1e-9);
}
END_TEST

/*
 * A Poisson phase sends a Poisson count of mean L = rate x duration, not
 * L: 100 s at 25/s, L = 2,500 (standard deviation 50), and seeds 1 to 8
 * sent 2,417 to 2,529 (seed 8: 2,529, above 2,500). The bounds count
 * L + 6 sqrt(L) + 6 = 2,500 + 300 + 6 = 2,806 operations (ld_phase_count).
 * At 100,000 RU/s, 17 partitions (ceil(100,000 / 6,000)), each second of
 * the 100 at 1/4 a partition: 425, and the 17 partitions' own set-up and
 * report at 128: 2,176. Uniform arrivals: 2,500 + 425 + 2,176 = 5,101;
 * Poisson: 2,806 + 425 + 2,176 = 5,407 (5,101 before, which seed 8's
 * 2,529 creates, 5,130 units, passed).
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
	ck_assert_double_eq_tol(work_of(text), 5101.0, 1e-9);
	snprintf(text, sizeof(text), fmt, ", arrival: poisson");
	ck_assert_double_eq_tol(work_of(text), 5407.0, 1e-9);
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
 * and a gap every 2 s) x 1/16 = 5,400; the partition's own set-up and
 * report, 128. In all 5,744.25 (before: 344.25). A flat 0.002/s: 173 +
 * 43.25 + 128 = 344.25, no schedule; as `{base: 0.002/s}` one piece
 * more, 344.3125.
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
	ck_assert_double_eq_tol(work_of(text), 5744.25, 1e-9);
	snprintf(text, sizeof(text), "%s  - {duration: 1d, rate: 0.002/s}\n",
		 head);
	ck_assert_double_eq_tol(work_of(text), 344.25, 1e-9);
	snprintf(text, sizeof(text),
		 "%s  - {duration: 1d, rate: {base: 0.002/s}}\n", head);
	ck_assert_double_eq_tol(work_of(text), 344.3125, 1e-9);
}
END_TEST

/* The runway units of text (the loader must accept it), its slices and
   candidates into *slices and *cands */
static double runway_of(const char *text, double *slices, double *cands)
{
	struct pk_scenario *s;
	struct pk_diag d;
	double w;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	w = scenario_runway_units(s, slices, cands);
	scenario_free(s);
	diag_free(&d);
	return w;
}

/*
 * The storage runway's hourly steps (scenario_runway_units), counted by
 * hand: 43,801 steps (5 x 365 days x 24 + 1) x slices x (1 + cands) /
 * 16. One stream on 1 partition (400 RU/s) under a key of 1,000
 * values: candidates min(1,000, 64 + min(1 range, 64)) = 65.
 * - one constant phase of 1 s (a cycle shorter than the hour: its
 *   stretch repeated): 1 stretch, 2 slices: 43,801 x 2 x 66 / 16 =
 *   361,358.25;
 * - a 1-h phase with spikes, 2 pieces, its cycle a whole hour from a
 *   clock on the hour: 2 stretches, 3 slices: 43,801 x 3 x 66 / 16 =
 *   542,037.375; from 00:30 the hour crosses the cycle's end and the
 *   phase again: 4 stretches, 5 slices: 903,395.625;
 * - a 1-h phase with steps (8 pieces) and the 1-s phase: a cycle of
 *   3,601 s, 9 + 8 = 17 stretches, 18 slices: 43,801 x 18 x 66 / 16 =
 *   3,252,224.25;
 * - the 1-s phase under a default_ttl: stepped twice, 722,716.5;
 * - 10 key values: 10 candidates, 43,801 x 2 x 11 / 16 = 60,226.375;
 * - a DynamoDB table: 0 (the runway is Azure Cosmos DB's).
 */
START_TEST(test_runway_units)
{
	static const char head[] =
	    "%scontainer: {partition_key: /k, throughput: 400%s}\n"
	    "items: {k: {values: \"k{1..%s}\"}}\n"
	    "client: {retries: none}\n"
	    "phases:\n";
	static const char one[] =
	    "  - {duration: 1s, rate: 1/s, ops: {create: 1}}\n";
	static const char spikes[] =
	    "  - {duration: 1h, ops: {create: 1}, rate: {base: 0.001/s, "
	    "spikes: {every: 2s, for: 1s, factor: 3}}}\n";
	static const char steps[] =
	    "  - {duration: 1h, ops: {create: 1}, rate: {steps: [{at: 0s, "
	    "rate: 0.001/s}]}}\n";
	static const char table[] =
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, read_capacity_units: 10, "
	    "write_capacity_units: 10}\n"
	    "items: {k: {values: \"k{1..1000}\"}}\n"
	    "client: {retries: off}\n"
	    "phases:\n";
	static const char half[] = "clock: {start: \"2026-01-05T00:30:00Z\"}\n";
	char text[2048], h[512];
	double slices, cands;

	snprintf(h, sizeof(h), head, "", "", "1000");
	snprintf(text, sizeof(text), "%s%s", h, one);
	ck_assert_double_eq_tol(runway_of(text, &slices, &cands), 361358.25,
				1e-6);
	ck_assert_double_eq(slices, 2);
	ck_assert_double_eq(cands, 65);
	snprintf(text, sizeof(text), "%s%s", h, spikes);
	ck_assert_double_eq_tol(runway_of(text, &slices, NULL), 542037.375,
				1e-6);
	ck_assert_double_eq(slices, 3);
	snprintf(h, sizeof(h), head, half, "", "1000");
	snprintf(text, sizeof(text), "%s%s", h, spikes);
	ck_assert_double_eq_tol(runway_of(text, &slices, NULL), 903395.625,
				1e-6);
	ck_assert_double_eq(slices, 5);
	snprintf(h, sizeof(h), head, "", "", "1000");
	snprintf(text, sizeof(text), "%s%s%s", h, steps, one);
	ck_assert_double_eq_tol(runway_of(text, &slices, NULL), 3252224.25,
				1e-6);
	ck_assert_double_eq(slices, 18);
	snprintf(h, sizeof(h), head, "", ", default_ttl: 1h", "1000");
	snprintf(text, sizeof(text), "%s%s", h, one);
	ck_assert_double_eq_tol(runway_of(text, NULL, NULL), 722716.5, 1e-6);
	snprintf(h, sizeof(h), head, "", "", "10");
	snprintf(text, sizeof(text), "%s%s", h, one);
	ck_assert_double_eq_tol(runway_of(text, NULL, &cands), 60226.375, 1e-6);
	ck_assert_double_eq(cands, 10);
	snprintf(text, sizeof(text), "%s%s", table, one);
	ck_assert_double_eq(runway_of(text, NULL, NULL), 0);
}
END_TEST

/*
 * A paced client stretches the seconds with a request, each closing
 * with a pass over every partition: 20,000 creates arriving in 1 s on
 * 10,000 partitions, sent by a 1 RU/s budget one 5-RU create every 5 s
 * (100,000 s in all), each create in a second of its own: 20,000 x 1 +
 * 20,000 seconds x 10,000 partitions x 1/4 + the 10,000 partitions' own
 * set-up and report at 128 = 50,020,000 + 1,280,000 = 51,300,000 units
 * (the phase's 1 s counted 20,000 + 2,500 = 22,500). 1,000,000 such
 * creates are 1,000,000 + 1,000,000 x 2,500 + 1,280,000 = 2,502,280,000
 * (said to 3 digits): refused before any simulation.
 */
START_TEST(test_paced_seconds)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000000, "
	    "partitions: 10000}\n"
	    "items: {k: {values: \"k{1..100000}\"}}\n"
	    "client: {ru_budget: 1/s}\n"
	    "phases: [{duration: 1s, rate: %d/s, ops: {create: 1}}]\n";
	char buf[512], *out;
	struct pk_scenario *s;
	struct pk_diag d;

	snprintf(buf, sizeof(buf), text, 20000);
	ck_assert_double_eq_tol(work_of(buf), 51300000, 1e-6);
	snprintf(buf, sizeof(buf), text, 1000000);
	diag_init(&d);
	s = scenario_parse("t.yaml", buf, strlen(buf), &d);
	ck_assert_ptr_null(s);
	out = tu_diag_text(&d);
	ck_assert_msg(strstr(out, "take about 2,500,000,000 units of work"),
		      "%s", out);
	free(out);
	diag_free(&d);
}
END_TEST

/*
 * Each physical partition costs its set-up, metrics, snapshot and
 * report rows once, however short the run: 1,000,000 partitions
 * (1,000,000 RU/s at 1 RU/s each) and 100 creates in 1 s, no retries,
 * took 10.5 (csv) to 32.8 (json) s of CPU, which the 100 creates and
 * the second's pass over the partitions (100 + 1,000,000 x 1/4 =
 * 250,100 units, about 0.1 s) do not explain. With 128 a partition:
 * 100 + 250,000 + 128,000,000 = 128,250,100 units, 38 s at 0.30 us.
 */
START_TEST(test_partitions_set_up)
{
	ck_assert_double_eq_tol(
	    work_of("container: {partition_key: /k, throughput: 1000000, "
		    "initial_throughput_per_partition: 1}\n"
		    "items: {k: {values: \"k{0..999}\"}}\n"
		    "client: {retries: none}\n"
		    "phases: [{duration: 1s, rate: 100/s, ops: {create: 1}, "
		    "item_size: 1KB}]\n"),
	    128250100.0, 1e-6);
}
END_TEST

/*
 * A logical partition's key bytes past the first 64 cost 1/32 each,
 * once: 100 creates in 1 s of 100 distinct values of 998 'x' and 2
 * digits (1,000 bytes; with the level's 18, 1,018), no retries, on 400
 * RU/s (1 partition): 100 logical partitions x (1,018 - 64) / 32 =
 * 2,981.25, with the creates' 100, their second's 0.25 and the
 * partition's 128: 3,209.5. The same with 8-byte values (26 with the
 * level's, under 64): 228.25. 2,000-byte keys, uniform over 10^7
 * values at 45,000 creates a second, took 14.5 us more a logical
 * partition than 8-byte ones, 40 units the operation's 1 did not
 * count.
 */
START_TEST(test_long_keys)
{
	static const char fmt[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"%s{00..99}\", distribution: sequential}}\n"
	    "client: {retries: none}\n"
	    "phases: [{duration: 1s, rate: 100/s, ops: {create: 1}}]\n";
	char x[999], text[1400];

	memset(x, 'x', sizeof(x) - 1);
	x[sizeof(x) - 1] = '\0';
	snprintf(text, sizeof(text), fmt, x);
	ck_assert_double_eq_tol(work_of(text), 3209.5, 1e-9);
	snprintf(text, sizeof(text), fmt, "xxxxxx");
	ck_assert_double_eq_tol(work_of(text), 228.25, 1e-9);
}
END_TEST

/* The memory estimate's logical and physical partitions' bytes of
   1,000 creates of distinct keys under key, then a second of queries
   whose condition is where */
static double groups_of(const char *key, const char *where)
{
	char text[1024];
	struct pk_memory_estimate e;
	struct pk_scenario *s;
	struct pk_diag d;

	snprintf(text, sizeof(text),
		 "container: {partition_key: %s, throughput: 400}\n"
		 "items:\n"
		 "  a: {values: \"a{0..9}\"}\n"
		 "  b: {values: \"b{000..999}\", distribution: sequential}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 100/s, ops: {create: 1}}\n"
		 "  - {duration: 1s, rate: 10/s, ops: {query: 1}, queries: "
		 "[{where: %s}]}\n",
		 key, where);
	diag_init(&d);
	s = scenario_parse("g.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	scenario_memory_estimate(s, &e);
	scenario_free(s);
	diag_free(&d);
	return e.partitions;
}

/*
 * The first targeted query (an IN list on the key, or some levels of a
 * hierarchical key) builds an index of the logical partitions under
 * each prefix (lpgroup.c), 256 bytes a logical partition and level: on
 * /b, 1,000 logical partitions, an IN list 256,000 bytes more than an
 * eq (a point read, no index); on [/a, /b], a query on /a alone
 * 1,000 x 2 x 256 = 512,000 more than one on both levels. 1,000,000
 * logical partitions measured 248 B each (IN on the key) and 270 B
 * (/a of [/a, /b]) in the process's peak.
 */
START_TEST(test_query_index_memory)
{
	ck_assert_double_eq_tol(groups_of("/b", "{b: {in: 2}}") -
				    groups_of("/b", "{b: eq}"),
				256000, 1e-6);
	ck_assert_double_eq_tol(groups_of("[/a, /b]", "{a: eq}") -
				    groups_of("[/a, /b]", "{a: eq, b: eq}"),
				512000, 1e-6);
}
END_TEST

/*
 * A BatchGetItem reads each of its keys as a GetItem of its own
 * (ddb_batch_get.c), LD_TABLE_READ_WORK (6) a key: 100 creates, then
 * 100 BatchGetItems (10 a second for 10 s, no retries) of 100 keys take
 * 100 x 99 x 6 = 59,400 units more than the same of 1 key, every other
 * term alike. Counted as one read each, the 100-key run was 59,400
 * units short.
 */
START_TEST(test_table_batch_get_keys)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 1000, "
	    "write_capacity_units: 1000}\n"
	    "client: {retries: none}\n"
	    "phases:\n"
	    "- {duration: 1s, rate: 100/s}\n"
	    "- {duration: 10s, rate: 10/s, ops: {batch_get: 1}, batch_get: "
	    "{size: %d}}\n";
	char a[512], b[512];

	snprintf(a, sizeof(a), fmt, 100);
	snprintf(b, sizeof(b), fmt, 1);
	ck_assert_double_eq_tol(work_of(a) - work_of(b), 59400, 1e-6);
}
END_TEST

/* 1 when the scenario text can be rate limited; *refused: the loader
   refused it (then 1), with its message in *msg (caller frees) */
static int throttles(const char *text, int *refused, char **msg)
{
	struct pk_scenario *s;
	struct pk_diag d;
	int t = 1;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	*refused = s == NULL;
	*msg = tu_diag_text(&d);
	if (s) {
		t = scenario_can_throttle(s);
		scenario_free(s);
	}
	diag_free(&d);
	return t;
}

/*
 * Streams that each fit a partition's RU/s can pass it together, and a
 * lower throughput carries into the phases after it. Two streams of 60
 * creates of 1 KB a second (about 5.7 RU each: about 343 RU/s a stream)
 * on one partition of 400 RU/s: one alone cannot be rate limited, the
 * two together (about 686 RU/s) can, so each of their 432,000 creates
 * counts up to 100,001 attempts: about 4.3e10 units, refused before any
 * simulation (it ran 388,800,000 retries). One partition of 10,000 RU/s
 * lowered to 400 by a first phase, then 300 creates/s (about 1,714
 * RU/s): rate limited, refused; with the second phase raising it back
 * to 10,000, not.
 */
START_TEST(test_throttle_streams_and_carried)
{
	static const char stream[] =
	    "  - name: %c\n"
	    "    items: {k: {values: \"%c{0..999}\"}}\n"
	    "    client: {retries: {max_retries: 100000, max_wait: 1h}}\n"
	    "    phases:\n"
	    "      - {duration: 1h, rate: 60/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	static const char lower[] =
	    "container: {partition_key: /k, throughput: 10000, partitions: "
	    "1}\n"
	    "items: {k: {values: \"k{0..9999}\"}}\n"
	    "client: {retries: {max_retries: 100000, max_wait: 1h}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1/s, ops: {create: 1}, item_size: 1KB, "
	    "throughput: 400}\n"
	    "  - {duration: 10m, rate: 300/s, ops: {create: 1}, item_size: "
	    "1KB%s}\n";
	char text[2048], a[512], b[512], *msg;
	int refused;

	snprintf(a, sizeof(a), stream, 'a', 'a');
	snprintf(b, sizeof(b), stream, 'b', 'b');
	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: 400}\n"
		 "streams:\n%s",
		 a);
	ck_assert_int_eq(throttles(text, &refused, &msg), 0);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: 400}\n"
		 "streams:\n%s%s",
		 a, b);
	ck_assert_int_eq(throttles(text, &refused, &msg), 1);
	ck_assert_msg(refused && strstr(msg, "up to 100001"), "%s", msg);
	free(msg);
	snprintf(text, sizeof(text), lower, "");
	ck_assert_int_eq(throttles(text, &refused, &msg), 1);
	ck_assert_msg(refused && strstr(msg, "up to 100001"), "%s", msg);
	free(msg);
	snprintf(text, sizeof(text), lower, ", throughput: 10000");
	ck_assert_int_eq(throttles(text, &refused, &msg), 0);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
}
END_TEST

/*
 * On a DynamoDB table a client's ru_budget spends the table's capacity
 * units (D1): a put of 390 KB (399,360 bytes) takes ceil(399,360 /
 * 1,024) = 390 WCU, where Azure Cosmos DB's cost keys charge 195 RU. At
 * 1 unit a second, 100,000 such puts take 100,000 x 390 = 39,000,000 s,
 * past the 31,622,400 s (366 days) a run may simulate: refused before
 * any simulation (it ran 451 days); 80,000 take 31,200,000 s: accepted.
 */
START_TEST(test_table_budget_units)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 1000, "
	    "write_capacity_units: 40000}\n"
	    "items: {k: {values: \"k{0..99999}\"}}\n"
	    "client: {ru_budget: 1/s, retries: none}\n"
	    "phases: [{duration: 1s, rate: %d/s, ops: {create: 1}, "
	    "item_size: 390KB}]\n";
	char buf[512], *msg;
	int refused;

	snprintf(buf, sizeof(buf), text, 100000);
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "39,000,000"), "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, 80000);
	throttles(buf, &refused, &msg);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
}
END_TEST

/*
 * A write's local index writes are spent from a client's ru_budget with
 * it (the table's own capacity, D18): a put of 10 KB with 4 indexes
 * projecting all and 1 keys_only is 10 + 4 x 10 + 1 = 51 WCU when the
 * item is new (one entry each). At 1 unit a second, 700,000 such
 * creates take 700,000 x 51 = 35,700,000 s, past the 31,622,400 s (366
 * days) a run may simulate: refused; 600,000 take 30,600,000 s:
 * accepted. An upsert may change a stored item's entries, a delete and
 * a put each: 10 + 2 x (4 x 10 + 1) = 92 WCU, 350,000 of them
 * 32,200,000 s: refused. Before, the bound took the base put's 10 WCU
 * (7,000,000 s): a run of 600,000 puts with 5 indexes ran 417 days.
 */
START_TEST(test_table_budget_lsi_units)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 1000\n"
	    "  write_capacity_units: 40000\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: l1, sort_key: /s1}\n"
	    "    - {name: l2, sort_key: /s2}\n"
	    "    - {name: l3, sort_key: /s3}\n"
	    "    - {name: l4, sort_key: /s4}\n"
	    "    - {name: l5, sort_key: /s5, projection: keys_only}\n"
	    "items:\n"
	    "  k: {values: \"k{0..99999}\"}\n"
	    "  s1: {values: \"a{0..9999}\"}\n"
	    "  s2: {values: \"b{0..9999}\"}\n"
	    "  s3: {values: \"c{0..9999}\"}\n"
	    "  s4: {values: \"d{0..9999}\"}\n"
	    "  s5: {values: \"e{0..9999}\"}\n"
	    "client: {ru_budget: 1/s, retries: none}\n"
	    "phases: [{duration: 1s, rate: %d/s, ops: {%s: 1}, "
	    "item_size: 10KB}]\n";
	char buf[1024], *msg;
	int refused;

	snprintf(buf, sizeof(buf), text, 700000, "create");
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "35,700,000"), "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, 600000, "create");
	throttles(buf, &refused, &msg);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, 350000, "upsert");
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "32,200,000"), "%s", msg);
	free(msg);
}
END_TEST

/*
 * A TransactWriteItems is spent from a client's ru_budget at 2 WCU a
 * KiB of each item (D1, "a transactional write costs twice as much"):
 * a batch of 10 items of 10 KB is 2 x 10 x 10 = 200 WCU. At 1 unit a
 * second, 200,000 of them take 40,000,000 s: refused (it ran 463
 * days); 150,000 take 30,000,000 s: accepted. As BatchWriteItem (100
 * WCU), 200,000 take 20,000,000 s: accepted.
 */
START_TEST(test_table_budget_transact_units)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 1000, "
	    "write_capacity_units: 10000, batches: %s}\n"
	    "client: {ru_budget: 1/s, retries: none}\n"
	    "phases: [{duration: 1s, rate: %d/s, ops: {batch: 1}, "
	    "batch: {size: 10, spanning: 1}, item_size: 10KB}]\n";
	char buf[1024], *msg;
	int refused;

	snprintf(buf, sizeof(buf), text, "transact_write_items", 200000);
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "40,000,000"), "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, "transact_write_items", 150000);
	throttles(buf, &refused, &msg);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, "batch_write_item", 200000);
	throttles(buf, &refused, &msg);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
}
END_TEST

/*
 * A BatchGetItem is spent from a client's ru_budget at each key's read
 * (§1: "each item rounded, then summed"): 100 keys of items of 160 KB
 * (163,840 B: 40 RCU strong each) take 100 x 40 = 4,000 units (an
 * upper bound: past the answer's 16 MB a run reads 97 and sends the
 * other 3 again). 100 creates of them
 * first (160 WCU each, 16,000 units), then n BatchGetItems of 100 keys,
 * at 1 unit a second: 8,000 take 16,000 + 32,000,000 = 32,016,000 s,
 * past the 31,622,400 s (366 days) a run may simulate: refused; 7,000
 * take 16,000 + 28,000,000 = 28,016,000 s: accepted. Counted as no
 * units, the 8,000 were accepted (16,000 s). 100 keys is the most a
 * request asks: a key drawn twice is asked once.
 */
START_TEST(test_table_budget_batch_get_units)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 40000, "
	    "write_capacity_units: 40000, read_consistency: strong}\n"
	    "client: {ru_budget: 1/s, retries: none}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 100/s, item_size: 160KB}\n"
	    "  - {duration: 1s, rate: %d/s, ops: {batch_get: 1}, "
	    "batch_get: {size: 100}}\n";
	char buf[1024], *msg;
	int refused;

	snprintf(buf, sizeof(buf), text, 8000);
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "32,016,000"), "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, 7000);
	throttles(buf, &refused, &msg);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
}
END_TEST

/*
 * A BatchGetItem's keys are stored items drawn by the phase's `select`,
 * as a read's target is, so the hottest one's share of them is a
 * read's: under `select: latest` 1 (its newest item can take every
 * draw). 10,000 RCU and WCU make ceil(10,000 / 3,000 + 10,000 / 1,000)
 * = 14 partitions of 10,000 / 14 = 714 units (D4, D5). After 100,000
 * puts (100 a second, which no partition throttles), 1,000 one-key
 * BatchGetItems a second of a 1 KB item (1 RCU each) can all ask one
 * partition: 1,000 > 714, rate limited, as 1,000 GetItems are. Counted
 * as no stored item's, the plan put the busiest partition at its even
 * share, (1 / 14) x (1 + 3 / sqrt(100,000 / 14)) x 1,000 = 74 units:
 * not rate limited.
 */
START_TEST(test_table_batch_get_hot_share)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 10000, "
	    "write_capacity_units: 10000}\n"
	    "phases:\n"
	    "  - {duration: 1000s, rate: 100/s, item_size: 1KB}\n"
	    "  - {duration: 10s, rate: 1000/s, ops: {%s: 1}, "
	    "batch_get: {size: 1}, select: latest}\n";
	static const char *const op[] = {"read", "batch_get"};
	char buf[1024], *msg;
	int refused, k;

	for (k = 0; k < 2; k++) {
		snprintf(buf, sizeof(buf), text, op[k]);
		ck_assert_msg(throttles(buf, &refused, &msg) == 1, "%s: %s",
			      op[k], msg);
		ck_assert_msg(!refused, "%s", msg);
		free(msg);
	}
}
END_TEST

/* The estimate of a table of 1 RCU and 1 WCU (one partition of 1 unit
   a second, D4) after 100 puts, with 100 operations of kind op (10 a
   second for 10 s) of size keys each, retried up to 10 times within an
   hour */
static void batch_get_estimate(const char *op, int size,
			       struct pk_memory_estimate *e)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 1, "
	    "write_capacity_units: 1}\n"
	    "client: {retries: {max_retries: 10, max_wait: 1h}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 10/s}\n"
	    "  - {duration: 10s, rate: 10/s, ops: {%s: 1}, batch_get: "
	    "{size: %d}}\n";
	char text[512];
	struct pk_scenario *s;
	struct pk_diag d;

	snprintf(text, sizeof(text), fmt, op, size);
	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(s);
	scenario_memory_estimate(s, e);
	scenario_free(s);
	diag_free(&d);
}

/*
 * A BatchGetItem's keys are stored items drawn as a read's target is
 * (targets.h), so the run keeps the same draw set of written items for
 * it: its items' bytes are a GetItem phase's (before, 100 x 12 =
 * 1,200 bytes short, PK_SCENARIO_TARGET_BYTES). A retried one owns a
 * copy of its unread keys (retryq.h), 8 bytes each: on one partition of
 * 1 unit all 100 requests can wait at once (10 a second within an
 * hour's max_wait), 100 x 100 keys x 8 = 80,000 bytes more than 100
 * retried GetItems (before, none).
 */
START_TEST(test_table_batch_get_memory)
{
	struct pk_memory_estimate rd, bg;

	batch_get_estimate("read", 1, &rd);
	batch_get_estimate("batch_get", 100, &bg);
	ck_assert_double_eq_tol(bg.items, rd.items, 1e-9);
	ck_assert_double_eq_tol(bg.retries - rd.retries, 80000, 1e-6);
}
END_TEST

/*
 * A Scan on a DynamoDB table is spent from a client's ru_budget at the
 * items it reads (docs/dynamodb.md "Query and Scan"): at most every item
 * the run stores. 10,000 creates of 40 KB (40,960 B: 40 WCU each,
 * 400,000 units in all), then n Scans, on a table of 3,000 RCU and
 * 4,000 WCU: ceil(3,000 / 3,000 + 4,000 / 1,000) = 5 partitions (D4). A
 * strong Scan reads at most 10,000 x 40,960 / 4,096 = 100,000 units and
 * a unit more a partition (each rounds up): 100,005. At 1 unit a second,
 * 300 Scans take 400,000 + 30,001,500 = 30,401,500 s: accepted; 400
 * take 400,000 + 40,002,000 = 40,402,000 s, past the 31,622,400 s (366
 * days) a run may simulate: refused. Eventually consistent, half:
 * 50,002.5 a Scan, 700 of them 400,000 + 35,001,750 = 35,401,750 s:
 * refused. Before, a Scan was counted at the cost keys' query charge
 * (a few RU): trialW5's scanb.yaml ran 463 days. Heat splits are off
 * here: the partitions they can add (test_table_heat_partitions) would
 * add a unit each to a Scan.
 */
START_TEST(test_table_budget_scan_units)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 3000, "
	    "write_capacity_units: 4000, read_consistency: %s, "
	    "heat_split: off}\n"
	    "client: {ru_budget: 1/s, retries: none}\n"
	    "phases:\n"
	    "  - {duration: 100s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 40KB}\n"
	    "  - {duration: 1000s, rate: %g/s, ops: {query: 1}, "
	    "queries: [{name: all, where: {}}]}\n";
	char buf[1024], *msg;
	int refused;

	snprintf(buf, sizeof(buf), text, "strong", 0.3);
	throttles(buf, &refused, &msg);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, "strong", 0.4);
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "40,402,000"), "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, "eventual", 0.7);
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "35,401,750"), "%s", msg);
	free(msg);
}
END_TEST

/*
 * A request that asks more than its partition can admit in any second
 * (a second of its share and its burst bank, D9: 300 s of it) is
 * throttled at every try, however slowly its client sends. A table of
 * 1 RCU and 1 WCU (1 partition, a share of 1 unit a second), a closed
 * loop of 1 worker taking an hour an operation, 1,000 puts: of 10 KB
 * (10 WCU) with `burst: off`, or of 390 KB (390 WCU) with the bank's
 * 300 + 1: each is tried 10 times (`retry_mode: legacy`: 10 attempts,
 * 25.55 s of waits): 1,000 x (10 x 3,600 + 25.55) = 36,025,550 s, past
 * the 31,622,400 s a run may simulate: refused. Puts of 300 KB fit the
 * bank (300 <= 301): not rate limited, accepted (1,000 hours). Before,
 * both were judged by the workers' pace (10 WCU an hour) and ran 417
 * days.
 */
START_TEST(test_table_request_past_partition)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 1, "
	    "write_capacity_units: 1, %sretry_mode: legacy}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "client: {concurrency: 1, latency: 1h, retries: none}\n"
	    "phases: [{duration: 1s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: %s}]\n";
	static const char *const burst[] = {"burst: off, ", "", ""};
	static const char *const size[] = {"10KB", "390KB", "300KB"};
	char buf[1024], *msg;
	int refused, k;

	for (k = 0; k < 3; k++) {
		snprintf(buf, sizeof(buf), text, burst[k], size[k]);
		if (k < 2) {
			ck_assert_int_eq(throttles(buf, &refused, &msg), 1);
			ck_assert_msg(refused && strstr(msg, "36,025,550"),
				      "%s: %s", size[k], msg);
		} else {
			ck_assert_int_eq(throttles(buf, &refused, &msg), 0);
			ck_assert_msg(!refused, "%s", msg);
		}
		free(msg);
	}
}
END_TEST

/* The work message's "up to" partitions are the whole count, not
   rounded down to 3 digits: 1,000,000 RCU and WCU make ceil(1,000,000 /
   3,000 + 1,000,000 / 1,000) = ceil(1,333.3) = 1,334 partitions (D4),
   said "up to 1,330" before */
START_TEST(test_terms_partitions_whole)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 1000000, "
	    "write_capacity_units: 1000000}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "phases: [{duration: 10s, rate: 1/s, ops: {create: 1}}]\n";
	struct pk_scenario *s;
	struct pk_diag d;
	char buf[4096];

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	scenario_work_terms(s, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, "each of the up to 1,334 partitions"), "%s",
		      buf);
	scenario_free(s);
	diag_free(&d);
}
END_TEST

/* The copies plan_work.c counts with are the runway's own */
START_TEST(test_runway_constants)
{
	ck_assert_double_eq(
	    PK_SCENARIO_RUNWAY_STEPS,
	    (double)(PK_RUNWAY_HORIZON_S / PK_RUNWAY_STEP_S + 1));
	ck_assert_double_eq(PK_SCENARIO_RUNWAY_CANDIDATES,
			    (double)PK_RUNWAY_CANDIDATES);
}
END_TEST

/* The text of a run of 16 streams, each one phase of 1 s at 1/s under
   `steps:` (8 pieces; its cycle shorter than the hour: 8 stretches a
   stream, 16 x 8 + 1 = 129 slices), on n variants of 64 partitions
   (candidates 64 + min(64 ranges, 64) = 128), into buf */
static void runway_streams(char *buf, size_t cap, int n)
{
	size_t len = 0;
	int i;

	len += (size_t)snprintf(buf + len, cap - len,
				"container: {partition_key: /k, throughput: "
				"640000, partitions: 64}\n"
				"variants:\n");
	for (i = 0; i < n; i++) {
		len += (size_t)snprintf(buf + len, cap - len,
					"  - {name: v%d, partition_key: /k, "
					"throughput: 640000, partitions: "
					"64}\n",
					i);
	}
	len += (size_t)snprintf(buf + len, cap - len, "streams:\n");
	for (i = 0; i < 16; i++) {
		len += (size_t)snprintf(
		    buf + len, cap - len,
		    "  - name: s%d\n"
		    "    client: {retries: none}\n"
		    "    items: {k: {values: \"s%d-{1..1000}\"}}\n"
		    "    phases:\n"
		    "      - {duration: 1s, ops: {create: 1}, rate: {steps: "
		    "[{at: 0s, rate: 1/s}]}}\n",
		    i, i);
	}
	ck_assert_uint_lt(len, cap);
}

/*
 * The runway counts in the run's work bound, before any simulation. A
 * variant's runway: 43,801 x 129 x 129 / 16 = 45,555,777.5625 units;
 * its phases: 16 creates (1 unit each), their second on 64 partitions
 * at 1/4 (16 each) and the one piece each phase's steps walk (1/16),
 * 16 x 17.0625 = 273, and the 64 partitions' own set-up and report at
 * 128, 8,192: 8,465. 21 variants: 21 x (45,555,777.5625 + 8,465) =
 * 956,849,093.8, within 1,000,000,000: accepted; 22: 22 x
 * 45,555,777.5625 + 22 x 8,465 = 1,002,227,106.375 + 186,230 =
 * 1,002,413,336.4 above it (said rounded up, the phases' 186,230 to
 * 3 digits): refused, saying the runway.
 */
START_TEST(test_runway_work_bound)
{
	char text[8192], *out;
	struct pk_scenario *s;
	struct pk_diag d;
	double slices, cands;

	runway_streams(text, sizeof(text), 21);
	ck_assert_double_eq_tol(runway_of(text, &slices, &cands), 45555777.5625,
				1e-6);
	ck_assert_double_eq(slices, 129);
	ck_assert_double_eq(cands, 128);
	ck_assert_double_eq_tol(work_of(text), 8465, 1e-9);
	runway_streams(text, sizeof(text), 22);
	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_null(s);
	out = tu_diag_text(&d);
	ck_assert_msg(strstr(out, "the storage runway's projection takes "
				  "about 45,600,000 units of work a variant "
				  "(43,801 hourly steps over 5 years x up to "
				  "129 slices"),
		      "%s", out);
	ck_assert_msg(strstr(out, "with the phases' 186,000 that is about "
				  "1,002,413,337 for its 22 variants"),
		      "%s", out);
	free(out);
	diag_free(&d);
}
END_TEST

/* A provisioned DynamoDB table is judged by its partitions' units, as a
   container by its RU/s: 1,000 RCU and 1,000 WCU make ceil((1,000 +
   3 x 1,000) / 3,000) = 2 partitions of 500 units a side (D3). One put
   of 1 KB a second over 1,000 keys: at most 5 units (the RU a 1-KB
   create takes, above its 1 WCU) on the busiest partition's 0.57 of
   the operations (1/2 x (1 + 3 / sqrt(500)) and the hottest key's
   0.001): 2.8 of 500, never throttled, so the client's 100,000 retries
   add nothing: 3,600 attempts of a put, 10 units each and 3 more as a
   provisioned table lends unused capacity, and 2 partitions x 0.25 x
   3,600 seconds: 46,800 + 1,800 = 48,600 units (it was refused at
   112e9 units over a day). Four puts a
   second of 300 KB take 300 WCU each, 1,200 x 0.57 = 680 of 500: can
   be throttled. */
START_TEST(test_table_judged_by_units)
{
	static const char *const fmt =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 1000, "
	    "write_capacity_units: 1000}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "client: {retries: {max_retries: 100000, max_wait: 1h}}\n"
	    "phases: [{duration: 1h, rate: %s, ops: {create: 1}, "
	    "item_size: %s}]\n";
	char text[512];
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	snprintf(text, sizeof(text), fmt, "1/s", "1KB");
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(scenario_can_throttle(s), 0);
	ck_assert_double_eq_tol(scenario_work_units(s), 48600.0, 1e-6);
	scenario_free(s);
	snprintf(text, sizeof(text), fmt, "4/s", "300KB");
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_null(s); /* refused: 100,001 attempts an operation */
	diag_free(&d);
}
END_TEST

/*
 * Under a random-suffix key on a DynamoDB table (rule 38) each read is a
 * GetItem of each candidate key, the other 4,095 of `{random 1..4096}`
 * items that do not exist, 0.5 unit each eventually consistent
 * (docs/dynamodb.md), which a client's ru_budget spends: a read of a 1 KB
 * item is at most 1 + 4,095 x 0.5 = 2,048.5 units. 1,000 creates of 1 KB
 * (each counted at the larger of the table's 1 WCU and the cost keys' 5
 * RU a 1 KB write: 5,000) then 16,000 such reads at 1 unit a second take
 * 5,000 + 32,776,000 = 32,781,000 s, past the 31,622,400 s (366 days) a
 * run may simulate: refused; 15,000 take 5,000 + 30,727,500 =
 * 30,732,500 s: accepted. Before, a read was counted at its own item's
 * 1 unit.
 */
START_TEST(test_table_budget_random_suffix_reads)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 10000, "
	    "write_capacity_units: 10000}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "client: {ru_budget: 1/s, retries: none}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {duration: 1000s, rate: %d/s, ops: {read: 1}, "
	    "item_size: 1KB}\n";
	static const int rate[] = {16, 15};
	char buf[1024];
	int k;

	for (k = 0; k < 2; k++) {
		struct pk_scenario *s;
		struct pk_diag d;
		int rc;

		snprintf(buf, sizeof(buf), text, rate[k]);
		diag_init(&d);
		s = scenario_parse("t.yaml", buf, strlen(buf), &d);
		ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
		ck_assert_int_eq(
		    scenario_add_variant(s, "{k}.{random 1..4096}", &d), 0);
		rc = scenario_check_plan(s, &d);
		if (k == 0) {
			char *msg = tu_diag_text(&d);

			ck_assert_msg(rc != 0 && strstr(msg, "32,781,000"),
				      "%s", msg);
			/* the charge as the total multiplies it */
			ck_assert_msg(strstr(msg, "(up to 2,048.5 RU)"), "%s",
				      msg);
			free(msg);
		} else {
			ck_assert_msg(rc == 0, "%s", tu_diag_text(&d));
		}
		scenario_free(s);
		diag_free(&d);
	}
}
END_TEST

/*
 * A key that follows from an item's unique value is judged by the share
 * its hottest value can get, as a key of a pattern is. 10 creates of 1
 * KB a second for a day on 10,000 RU/s (2 partitions of 5,000): each
 * create names a new item, so a value of /id, of a `unique:` property
 * or of `{hash(id) mod 400}` takes about 1 / 864,000 or 1 / 400 of them;
 * the busiest partition at most 1 / 400 + 1 / 2 x (1 + 3 / sqrt(200))
 * = 0.61 of 10 x 5.7 RU/s = 35 RU/s, far under its 5,000: no retries
 * counted. Work: 864,000 attempts + 86,400 s x 2 partitions x 0.25 +
 * the 2 partitions' own set-up and report at 128 = 907,456 units
 * (before, 8,683,456: every create counted up to 10 attempts). 100
 * creates a second on /id at 400 RU/s (one partition) offer about 570
 * RU/s over its 400: rate limited still.
 *
 * Reads take a stored item's share of the select's draws: 1,000
 * creates in 10 s (100/s, evenly spaced, none throttled, so all stored
 * when the reads start), then 5 uniform reads a second for a day: an
 * item gets 1 / 1,000 of them, 0.57 x 5 RU/s on a partition of 5,000.
 * Work: 1,000 + 432,000 attempts + (10 + 86,400) s x 2 x 0.25 + 2 x 128
 * = 476,461 units. With `select: latest` (the newest item can be one just
 * stored) or deletes that can take every stored item first, a read's
 * item's share is not known: rate limited, as before. Reads in the
 * creates' own phase (none stored before them) can all go to one item:
 * half of 10 a second, (0.5 + 0.57) x 57 = 61 RU/s of 5,000, not rate
 * limited; of 2,000 a second, 1.07 x 2,000 x 5.7 = 12,200, rate
 * limited. The same 1,000 creates, then 100 s of
 * half deletes and half reads at 5/s: 500 operations, their kinds drawn
 * at random, so up to 250 + 6 sqrt(250) + 6 = 351 deletes; at least 649
 * items stored, a read's item 1 / 649: not rate limited. 400 s: 2,000
 * operations, up to 1,000 + 6 sqrt(1,000) + 6 = 1,196 deletes, past the
 * 1,000 stored: rate limited.
 *
 * A DynamoDB table on /id at 1,000 RCU and WCU (one partition), 10 puts
 * of 1 KB a second, each counted at the larger of its 1 WCU and the
 * cost keys' 5.7 RU: 1.0 x 57 of 1,000 units a second: not throttled.
 */
START_TEST(test_unique_key_shares)
{
	static const char *const creates =
	    "container: {partition_key: \"%s\", throughput: 10000}\n"
	    "items: {u: {unique: \"u-\"}}\n"
	    "phases:\n"
	    "  - {duration: 1d, rate: 10/s, ops: {create: 1}, item_size: "
	    "1KB}\n";
	static const char *const reads =
	    "container: {partition_key: /id, throughput: 10000}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, item_size: "
	    "1KB}\n"
	    "  - {duration: %s, rate: 5/s, ops: %s, item_size: 1KB%s}\n";
	static const char *const keys[] = {"/id", "/u", "{hash(id) mod 400}"};
	char text[1024], *msg;
	int refused;
	size_t k;

	for (k = 0; k < 3; k++) {
		snprintf(text, sizeof(text), creates, keys[k]);
		ck_assert_msg(throttles(text, &refused, &msg) == 0, "%s",
			      keys[k]);
		free(msg);
		ck_assert_double_eq_tol(work_of(text), 907456.0, 1e-6);
	}
	ck_assert_int_eq(
	    throttles("container: {partition_key: /id, throughput: 400}\n"
		      "phases:\n"
		      "  - {duration: 1h, rate: 100/s, ops: {create: 1}, "
		      "item_size: 1KB}\n",
		      &refused, &msg),
	    1);
	free(msg);

	snprintf(text, sizeof(text), reads, "1d", "{read: 1}", "");
	ck_assert_int_eq(throttles(text, &refused, &msg), 0);
	free(msg);
	ck_assert_double_eq_tol(work_of(text), 476461.0, 1e-6);
	snprintf(text, sizeof(text), reads, "1d", "{read: 1}",
		 ", select: latest");
	ck_assert_int_eq(throttles(text, &refused, &msg), 1);
	free(msg);
	snprintf(text, sizeof(text), reads, "100s", "{read: 0.5, delete: 0.5}",
		 "");
	ck_assert_int_eq(throttles(text, &refused, &msg), 0);
	free(msg);
	snprintf(text, sizeof(text), reads, "400s", "{read: 0.5, delete: 0.5}",
		 "");
	ck_assert_int_eq(throttles(text, &refused, &msg), 1);
	free(msg);
	for (k = 0; k < 2; k++) {
		snprintf(text, sizeof(text),
			 "container: {partition_key: /id, throughput: 10000}\n"
			 "phases:\n"
			 "  - {duration: 1h, rate: %s, ops: {create: 0.5, "
			 "read: 0.5}, item_size: 1KB}\n",
			 k ? "2000/s" : "10/s");
		ck_assert_int_eq(throttles(text, &refused, &msg), (int)k);
		free(msg);
	}
	ck_assert_int_eq(
	    throttles("service: dynamodb\n"
		      "table: {partition_key: /id, read_capacity_units: "
		      "1000, write_capacity_units: 1000}\n"
		      "phases:\n"
		      "  - {duration: 1d, rate: 10/s, ops: {create: 1}, "
		      "item_size: 1KB}\n",
		      &refused, &msg),
	    0);
	free(msg);
}
END_TEST

/* scenario_work_terms of the scenario text (the loader must accept it) */
static void terms_of(const char *text, char *buf, size_t cap)
{
	struct pk_scenario *s;
	struct pk_diag d;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	scenario_work_terms(s, buf, cap);
	scenario_free(s);
	diag_free(&d);
}

/*
 * An IN list's values are drawn from the items the run has written
 * (workload_targets.c, in_draw; a query is not sent before the first),
 * so they reach at most as many physical partitions as the run writes
 * items. 10,000 existing partitions, 20 operations a second for 60 s,
 * half creates and half queries of 6,000 IN values, no retries: 600
 * creates and 600 queries. A query: 6,000 values x 4 = 24,000 and
 * min(6,000 values, 10,000 partitions, 600 items) = 600 partitions x
 * 10 = 6,000 (above a fan-out's 10,000 x 1/2 = 5,000): 30,000. Work:
 * 1,200 attempts x 1 + 600 x 30,000 + 60 seconds x 10,000 x 1/4 =
 * 1,200 + 18,000,000 + 150,000 = 18,151,200, and the 10,000 partitions'
 * own set-up and report at 128, 1,280,000: 19,431,200 (counting 6,000
 * partitions reached it was 51,831,200; trialC's twin with retries ran
 * in 2.57 s, 6.9 M units at 0.37 us). For 1 s, 10 creates and 10
 * queries: the values reach at most 10 partitions (100), less than the
 * fan-out an IN list on a property that is not the key makes (5,000):
 * 24,000 + 5,000 = 29,000 a query, 20 + 290,000 + 2,500 + 1,280,000 =
 * 1,572,520.
 */
START_TEST(test_in_reach_written_items)
{
	static const char *const text =
	    "container: {partition_key: /c, throughput: 1000000, "
	    "partitions: 10000}\n"
	    "client: {retries: none}\n"
	    "items:\n"
	    "  c: {values: \"c{0000000..9999999}\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: %s, rate: 20/s, ops: {create: 0.5, "
	    "query: 0.5}, item_size: 1KB, queries: [{name: big, where: {c: "
	    "{in: 6000}}, results: 10}]}\n";
	char buf[1024];

	snprintf(buf, sizeof(buf), text, "60s");
	ck_assert_double_eq_tol(work_of(buf), 19431200.0, 1e-6);
	snprintf(buf, sizeof(buf), text, "1s");
	ck_assert_double_eq_tol(work_of(buf), 1572520.0, 1e-6);
}
END_TEST

/*
 * Heat splits (D7) and hot-item isolation (D11) add partitions to a
 * table, which the bounds count with its D4 ones.
 * - 100 RCU + 40,000 WCU: ceil((100 + 3 x 40,000) / 3,000) = 41
 *   partitions (D4). Heat at 1 % (10 WCU) for 1 s: 1,000 puts a second
 *   of 40 KB (40 WCU each) make any partition hot, and the run's
 *   3,600,000 puts consume at least 144,000,000 units, 14,400,000
 *   splits' worth; but each split leaves at least one of the 10,000
 *   key values on both its sides: up to 41 + 9,999 = 10,040 partitions.
 *   Each of those splits passes over the 10,000 items, 1 unit each, and
 *   each partition counts 0.25 a second with a request: 9,999 x 10,000
 *   + 9,999 x 0.25 x 3,600 = 108,989,100 units more than with
 *   heat_split off.
 * - 1,000 RCU + 1,000 WCU: ceil(4,000 / 3,000) = 2 partitions, shares
 *   of 500. At the default 80 % (800 WCU) for 300 s, with no retries to
 *   crowd a second, a partition is hot only with 800 units of first
 *   attempts in a second: puts of 1 KB, each counted at the cost keys'
 *   5 RU (more than its 1 WCU), over 10,000 values put at most 1 /
 *   10,000 + 1 / 2 x (1 + 3 / sqrt(5,000)) = 0.5213 of them on the
 *   busiest partition. 200 a second, 0.5213 x 1,000 = 521 units: none
 *   hot, 2. 400 a second, 1,043: hot, and the hour's 1,440,000 x 5 =
 *   7,200,000 units are 7,200,000 / (800 x 300) = 30 splits: 32.
 * - Isolation, without heat splits: 100 RCU + 1,000 WCU, 2 partitions of
 *   min(100, 1,000) / 2 = 50 units. 10 puts a second on 100 values (5
 *   units each) put at most (1 / 100 + 1 / 2 x (1 + 3 / sqrt(50))) x 50
 *   = 36 units a second on a partition: none passes its share, so no
 *   item is isolated: 2. 100 a second (361) can: an hour's 360,000 puts
 *   draw all 100 values, all but one isolated by up to 2 splits, 2 +
 *   198 = 200, each 0.25 a second with a request: 198 x 0.25 x 3,600
 *   = 178,200 units more than without isolation.
 * (Before, each said 41, 2, 2, 2 and 2, and the work was the same.)
 */
START_TEST(test_table_heat_partitions)
{
	static const char *const heat =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: %s, "
	    "write_capacity_units: %s%s}\n"
	    "items: {k: {values: \"k{0..%s}\"}}\n"
	    "client: {retries: none}\n"
	    "phases: [{duration: 1h, rate: %s, ops: {create: 1}, item_size: "
	    "%s}]\n";
	char text[1024], buf[2048];
	double w;

	snprintf(text, sizeof(text), heat, "100", "40000",
		 ", heat_threshold_pct: 1, heat_window_s: 1, split_delay_s: 0",
		 "9999", "1000/s", "40KB");
	terms_of(text, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, " up to 10,040 partitions "), "%s", buf);
	w = work_of(text);
	snprintf(text, sizeof(text), heat, "100", "40000", ", heat_split: off",
		 "9999", "1000/s", "40KB");
	ck_assert_double_eq_tol(w - work_of(text), 108989100.0, 1e-3);
	snprintf(text, sizeof(text), heat, "1000", "1000", "", "9999", "200/s",
		 "1KB");
	terms_of(text, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, " up to 2 partitions "), "%s", buf);
	snprintf(text, sizeof(text), heat, "1000", "1000", "", "9999", "400/s",
		 "1KB");
	terms_of(text, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, " up to 32 partitions "), "%s", buf);
	snprintf(text, sizeof(text), heat, "100", "1000",
		 ", heat_split: off, hot_item_isolation: on", "99", "10/s",
		 "1KB");
	terms_of(text, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, " up to 2 partitions "), "%s", buf);
	snprintf(text, sizeof(text), heat, "100", "1000",
		 ", heat_split: off, hot_item_isolation: on", "99", "100/s",
		 "1KB");
	terms_of(text, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, " up to 200 partitions "), "%s", buf);
	w = work_of(text);
	snprintf(text, sizeof(text), heat, "100", "1000", ", heat_split: off",
		 "99", "100/s", "1KB");
	ck_assert_double_eq_tol(w - work_of(text), 178200.0, 1e-6);
}
END_TEST

/*
 * A transaction's items on one partition are admitted together (docs/
 * dynamodb.md), and no partition admits more than 1,000 WCU in a second
 * (D3), whatever its share and bank. A table of 10,000 RCU and WCU has
 * ceil((10,000 + 3 x 10,000) / 3,000) = 14 partitions, shares of 714
 * units and banks of 300 s of them; TransactWriteItems of 100 items of
 * 10 KB under one key value ask 100 x 2 x 10 = 2,000 WCU of one
 * partition: throttled at every try, so with 1 worker at an hour and
 * legacy retries (10 attempts, 25.55 s of waits) 1,000 of them take
 * 1,000 x (10 x 3,600 + 25.55) = 36,025,550 s, past the 31,622,400 s a
 * run may simulate: refused (trialW6 ran it to 417 days). Of 50 items,
 * 1,000 WCU, they fit: 1,000 hours, accepted.
 */
START_TEST(test_table_transaction_past_cap)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "10000, write_capacity_units: 10000, retry_mode: legacy, "
	    "batches: transact_write_items}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "client: {concurrency: 1, latency: 1h, retries: none}\n"
	    "phases: [{duration: 1s, rate: 1000/s, ops: {batch: 1}, "
	    "batch: {size: %d}, item_size: 10KB}]\n";
	char buf[1024], *msg;
	int refused;

	snprintf(buf, sizeof(buf), text, 100);
	ck_assert_int_eq(throttles(buf, &refused, &msg), 1);
	ck_assert_msg(refused && strstr(msg, "36,025,550"), "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, 50);
	ck_assert_int_eq(throttles(buf, &refused, &msg), 0);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
}
END_TEST

/*
 * A 410 is answered only within split_gone of a split (or merge), so a
 * closed loop's operation, its attempts a latency apart, meets each
 * such window in at most floor(split_gone / (latency + 100 ms)) + 1 of
 * them. 10,000 RU/s on 2 partitions raised to 40,000 (4: 2 splits),
 * split_gone 30 s, 1 worker at an hour: floor(30 / 3,600.1) + 1 = 1
 * retry a split, 2 an operation, each holding the worker another hour
 * and waiting 100 ms: 3 x 3,600 + 0.2 = 10,800.2 s an operation. 2,800
 * creates take 30,240,560 s: accepted; 3,000 take 32,400,600 s, past
 * the 31,622,400 s a run may simulate: refused, with 2 retries of its
 * 410s. Before, every operation counted the client's 300 (its 30 s of
 * 100 ms waits), 1,083,630 s each: trialW6's sg1.yaml (200 creates)
 * was refused as 2,508 days, a run of 27 hours with 28 of them.
 */
START_TEST(test_gone_retries_closed_loop)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000, split_gone: "
	    "30s}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "client: {concurrency: 1, latency: 1h, retries: none}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: %d/s, ops: {create: 1}, item_size: "
	    "1KB}\n"
	    "  - {duration: 1s, throughput: 40000, rate: %d/s, ops: {create: "
	    "1}, item_size: 1KB}\n";
	char buf[1024], *msg;
	int refused;

	snprintf(buf, sizeof(buf), text, 1400, 1400);
	throttles(buf, &refused, &msg);
	ck_assert_msg(!refused, "%s", msg);
	free(msg);
	snprintf(buf, sizeof(buf), text, 1500, 1500);
	throttles(buf, &refused, &msg);
	ck_assert_msg(refused && strstr(msg, "up to 32,400,60") &&
			  strstr(msg, "up to 2 retries of its 410s"),
		      "%s", msg);
	free(msg);
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
	tcase_add_test(tc, test_runway_units);
	tcase_add_test(tc, test_paced_seconds);
	tcase_add_test(tc, test_partitions_set_up);
	tcase_add_test(tc, test_long_keys);
	tcase_add_test(tc, test_query_index_memory);
	tcase_add_test(tc, test_table_batch_get_keys);
	tcase_add_test(tc, test_throttle_streams_and_carried);
	tcase_add_test(tc, test_table_budget_units);
	tcase_add_test(tc, test_table_budget_lsi_units);
	tcase_add_test(tc, test_table_budget_transact_units);
	tcase_add_test(tc, test_table_budget_batch_get_units);
	tcase_add_test(tc, test_table_batch_get_hot_share);
	tcase_add_test(tc, test_table_batch_get_memory);
	tcase_add_test(tc, test_table_budget_scan_units);
	tcase_add_test(tc, test_table_request_past_partition);
	tcase_add_test(tc, test_table_budget_random_suffix_reads);
	tcase_add_test(tc, test_terms_partitions_whole);
	tcase_add_test(tc, test_runway_constants);
	tcase_add_test(tc, test_runway_work_bound);
	tcase_add_test(tc, test_table_judged_by_units);
	tcase_add_test(tc, test_unique_key_shares);
	tcase_add_test(tc, test_table_heat_partitions);
	tcase_add_test(tc, test_in_reach_written_items);
	tcase_add_test(tc, test_table_transaction_past_cap);
	tcase_add_test(tc, test_gone_retries_closed_loop);
	suite_add_tcase(s, tc);
	return s;
}
