/*
 * ddb_hsplit: a DynamoDB table's splits for heat (D7; dynamodb-mechanics.md
 * §5, "Split for heat in detail" and its pksim proposal), through the
 * run (its hot-item isolation, D11, is check_ddb_isolate.c's).
 * Each figure derived by hand beside its test. The tables here are
 * 3 RCU + 2,000 WCU: ceil((3 + 3 x 2,000) / 3,000) = 3 partitions (D4)
 * of 1 RCU and 666.67 WCU each (D5), each capped at 1,000 WCU a second
 * (D3); adaptive capacity `instant` (the default) lends a partition the
 * table's unused units up to that cap (D10). Writes are 1 KiB puts, 1
 * WCU each (D1); no retries, so every throttle is one failed write.
 * The heat windows are short (heat_window_s: 10, split_delay_s: 5) so
 * the runs stay short; the rule is the same at 300 and 300.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/report/report_json.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/* Two key values, "a" and "h", each written rate times a second for
   30 s on a table whose extra settings are table (a flow mapping's
   entries, may be ""). pksim's hash puts both on the first partition
   (test_hsplit_two_values checks it). */
static void two_values(struct tu_fx *f, int rate, const char *table)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
		 "seed: 1\n"
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 3, "
		 "write_capacity_units: 2000%s}\n"
		 "streams:\n"
		 "  - {name: a, client: {retries: off}, items: {k: {const: "
		 "a}}, phases: [{duration: 30s, rate: %d/s, item_size: "
		 "1KB}]}\n"
		 "  - {name: h, client: {retries: off}, items: {k: {const: "
		 "h}}, phases: [{duration: 30s, rate: %d/s, item_size: "
		 "1KB}]}\n",
		 table, rate, rate);
	tu_fx_run(f, "two.yaml", yaml);
}

static const struct pk_ddb_heat_splits *heat_of(const struct tu_fx *f)
{
	return &f->r->variants[0].ddb->heat;
}

/*
 * "a" and "h" at 600 writes a second each share partition 0: 1,200 WCU
 * asked of its 1,000 cap, so 1,000 admitted and 200 throttled a second
 * (TableWriteKeyRangeThroughputExceeded), its consumption 1,000 = 100 %
 * of its cap, above the 80 % threshold, from second 0. Hot in seconds 0
 * to 9, the 10-second window: the split starts after second 9. The
 * weights (from the request that took second 0 past 800, then 600 x 3
 * = 1,800 a second each value) are about half and half, and neither
 * alone asks the 80 % that makes a partition hot: the cut is between the
 * two values, at "h"'s hash (the upper of the two). It completes 5 s
 * later, from second 9 + 1 + 5 = 15: 15 seconds x 200 = 3,000
 * throttled, 36,000 - 3,000 = 33,000 admitted. Then each value has a
 * partition of its own (333.33 WCU each, half its parent's 666.67, D5)
 * and 600 a second fits its 1,000 cap with the table's unused units
 * lent (2,000 - 1,200 = 800 unused): no throttle. 4 partitions at the
 * end, 3 + 1.
 */
START_TEST(test_hsplit_two_values)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	struct pk_snapshot s;
	char *text;

	two_values(&f, 600, ", heat_window_s: 10, split_delay_s: 5");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->totals.operations, 36000);
	ck_assert_uint_eq(m->totals.throttled_429, 3000);
	ck_assert_uint_eq(m->totals.succeeded, 33000);
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_HEAT);
	ck_assert_int_eq(m->splits[0].t_s, 15);
	ck_assert_int_eq(m->splits[0].by_sort_key, 0);
	/* partition 0 (the first of ids 0, 1, 2) split into 3 and 4 */
	ck_assert_uint_eq(m->splits[0].parent, 0);
	ck_assert_uint_eq(heat_of(&f)->started, 1);
	ck_assert_uint_eq(heat_of(&f)->done, 1);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_ONE_ITEM], 0);
	tu_snapshot(f.run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 4);
	/* the children: 1 / 2 RCU + 2,000 / 3 / 2 WCU = 333.83 units a
	   second each, in mCU rounded per side: 500 + 333,333 */
	ck_assert_int_eq(s.ranges[0].ru_per_s_mru, 500 + 333333);
	ck_assert_int_eq(s.ranges[1].ru_per_s_mru, 500 + 333333);
	/* each child took one value's 600 a second from second 15 */
	ck_assert_uint_eq(s.ranges[0].requests, 15 * 600);
	ck_assert_uint_eq(s.ranges[1].requests, 15 * 600);
	snapshot_free(&s);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "1 for heat"), "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * A window of one second: hot in second 0 (its 800th unit), weighed
 * from that request on, so the split starts after second 0 and, with
 * split_delay_s: 0, serves from second 1: only second 0's 200 are
 * throttled (with 200 a second for 30 s where it never split).
 */
START_TEST(test_hsplit_window_one)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	two_values(&f, 600, ", heat_window_s: 1, split_delay_s: 0");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].t_s, 1);
	ck_assert_uint_eq(m->totals.throttled_429, 200);
	tu_fx_free(&f);
}
END_TEST

/*
 * Two values of unequal load: "a" at 600 and "h" at 601 writes a
 * second: the busier carries 601 / 1,201 of the weight, more than half,
 * but alone it asks 601 WCU a second, 60.1 % of a partition's cap, under
 * the 80 % that makes one hot: a split helps (each child under its cap),
 * so it is made, between the two. 1,201 asked of the 1,000 cap, 201
 * throttled a second in seconds 0 to 14: 3,015; none after.
 */
START_TEST(test_hsplit_unequal_values)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	tu_fx_run(&f, "unequal.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3, "
		  "write_capacity_units: 2000, heat_window_s: 10, "
		  "split_delay_s: 5}\n"
		  "streams:\n"
		  "  - {name: a, client: {retries: off}, items: {k: {const: "
		  "a}}, phases: [{duration: 30s, rate: 600/s, item_size: "
		  "1KB}]}\n"
		  "  - {name: h, client: {retries: off}, items: {k: {const: "
		  "h}}, phases: [{duration: 30s, rate: 601/s, item_size: "
		  "1KB}]}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].t_s, 15);
	ck_assert_uint_eq(m->totals.throttled_429, 3015);
	tu_fx_free(&f);
}
END_TEST

/*
 * The hot-partition finding of a partition that split for heat: the
 * trial's hs-bc, heat settings at their defaults. 1 RCU + 1,990 WCU:
 * ceil((1 + 3 x 1,990) / 3,000) = 2 partitions (D4) of 995 WCU (D5),
 * each capped at 1,000 (D3); "b" and "c" at 600 puts a second each share
 * partition 1 (pksim's hash): 1,200 asked of its 1,000 cap, 200 a second
 * throttled, hot (1,000 >= 80 % of 1,000) from second 0. After 300 hot
 * seconds (0 to 299) the split starts; it completes 300 s later, at
 * t = 600 s: 600 x 200 = 120,000 throttled, none after (one value a
 * child, 600 under its cap). Neither value asked more than a cap, and
 * each throttled second asked 1,200, more than one value's 600: the
 * finding says several key values shared it and a heat split cut them
 * apart, not "a key problem".
 */
START_TEST(test_hsplit_finding_shared)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	char *text;

	tu_fx_run(&f, "hs-bc.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 1, "
		  "write_capacity_units: 1990, burst: off}\n"
		  "streams:\n"
		  "  - {name: s1, client: {retries: off}, items: {k: {const: "
		  "b}}, phases: [{duration: 900s, rate: 600/s, item_size: "
		  "1KB}]}\n"
		  "  - {name: s2, client: {retries: off}, items: {k: {const: "
		  "c}}, phases: [{duration: 900s, rate: 600/s, item_size: "
		  "1KB}]}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->totals.throttled_429, 120000);
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_HEAT);
	ck_assert_int_eq(m->splits[0].t_s, 600);
	ck_assert_uint_eq(m->splits[0].parent, 1);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "partition 1 (split at t = 600 s"), "%s",
		      text);
	ck_assert_msg(strstr(text, "several key values sharing it"), "%s",
		      text);
	ck_assert_msg(strstr(text, "those before its split"), "%s", text);
	ck_assert_msg(!strstr(text, "a key problem"), "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/* One key value "a" of a table with a sort key on the tables of this
   file, put rate times a second for 30 s with its sort key drawn zipf
   (s 2) over s000..s999: s000, the lowest, is drawn 1 / H(1,000, 2) =
   1 / 1.64393 = 60.83 % of the time, each draw naming the same item */
static void hot_item_in_collection(struct tu_fx *f, int rate)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
		 "seed: 1\n"
		 "service: dynamodb\n"
		 "table: {partition_key: /k, sort_key: /s, "
		 "read_capacity_units: 3, write_capacity_units: 2000, "
		 "heat_window_s: 10, split_delay_s: 5}\n"
		 "client: {retries: off}\n"
		 "items: {k: {const: a}, s: {values: \"s{000..999}\", "
		 "distribution: zipf, s: 2}}\n"
		 "phases: [{duration: 30s, rate: %d/s, item_size: 1KB}]\n",
		 rate);
	tu_fx_run(f, "coll.yaml", yaml);
}

/*
 * One hot item inside a collection (trialY7's hs17, 30 s): "a" put 1,500
 * times a second, 1,500 WCU asked of partition 0's 1,000 cap: 500
 * throttled a second, hot from second 0. Every put of s000 names one
 * item, one unit no cut divides: it carries 60.8 % of the weight and
 * alone asks 0.608 x 1,500 = 912 WCU a second, above the 800 that makes
 * a partition hot, so the split is refused (its child would be as hot)
 * at the end of each 10-second window: seconds 9, 19, 29, 3 refusals, no
 * split, 500 x 30 = 15,000 throttled. The hot key finding says the split
 * was refused and its throttles go on, not "those before the split".
 */
START_TEST(test_hsplit_hot_item_in_collection)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	char *text;

	hot_item_in_collection(&f, 1500);
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->totals.throttled_429, 15000);
	ck_assert_uint_eq(m->n_splits, 0);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_ONE_ITEM], 3);
	ck_assert_uint_eq(heat_of(&f)->n_at, 1);
	ck_assert_uint_eq(heat_of(&f)->at[0].part, 0);
	ck_assert_uint_eq(heat_of(&f)->at[0].count, 3);
	ck_assert_int_eq(heat_of(&f)->at[0].first_s, 9);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "pksim refused it (3 times): one item"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "those before"), "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The same at 1,100 puts a second (trialY7's hs19): 100 throttled a
 * second; s000 carries 60.8 % of the weight but alone asks 669 WCU a
 * second, under the 800 that makes a partition hot: the split is made,
 * cut at the median of the weight, just after s000 (the units in
 * sort-key order s000, s001, ...: s000 alone is nearest half). From
 * second 15 the lower child holds s000 alone (669 a second) and the
 * upper the rest (431), each under its cap with the table's unused units
 * lent (2,000 - 1,100 = 900): 100 x 15 = 1,500 throttled, none after.
 * The lower child took s000's puts of seconds 15 to 29: 0.6083 x 1,100
 * x 15 = 10,037 on average (one standard deviation 63).
 */
START_TEST(test_hsplit_cut_after_hot_item)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	struct pk_snapshot s;

	hot_item_in_collection(&f, 1100);
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].t_s, 15);
	ck_assert_int_eq(m->splits[0].by_sort_key, 1);
	ck_assert_uint_eq(m->totals.throttled_429, 1500);
	tu_snapshot(f.run, 0, &s);
	ck_assert_uint_gt(s.ranges[0].requests, 10037 - 4 * 63);
	ck_assert_uint_lt(s.ranges[0].requests, 10037 + 4 * 63);
	ck_assert_uint_eq(s.ranges[0].requests + s.ranges[1].requests,
			  1100 * 15);
	snapshot_free(&s);
	tu_fx_free(&f);
}
END_TEST

/*
 * A collection loaded once along a rising sort key, then read at random
 * (trialY7's hs11, 30 s of reads): 9,000 RCU + 100 WCU, ceil(9,000 /
 * 3,000 + 100 / 1,000) = 4 partitions of 2,250 RCU (D4, D5). 100 puts a
 * second for 10 s load s000..s999 in order (each above the one before:
 * puts that follow a rising sort key); then 4,500 strong reads a second
 * of 1 KiB items (1 RCU each) drawn over them: 4,500 asked of the 3,000
 * cap, 1,500 throttled a second, hot from second 10. The heat is reads of
 * stored items, which a cut by sort key spreads (every later put would
 * land past a cut, but none comes): the split is made at the end of
 * second 19 and completes 5 s later, from second 25, each child asked
 * about 2,250 of its 3,000 cap: 1,500 x 15 = 22,500 throttled (with the
 * split refused for the rising puts: 1,500 x 30 = 45,000).
 */
START_TEST(test_hsplit_reads_after_rising_load)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	tu_fx_run(&f, "rise.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, sort_key: /s, "
		  "read_capacity_units: 9000, write_capacity_units: 100, "
		  "read_consistency: strong, heat_window_s: 10, "
		  "split_delay_s: 5}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: a}, s: {values: \"s{000..999}\", "
		  "distribution: sequential}}\n"
		  "phases:\n"
		  "  - {name: load, duration: 10s, rate: 100/s, ops: {create: "
		  "1}, item_size: 1KB}\n"
		  "  - {name: reads, duration: 30s, rate: 4500/s, ops: {read: "
		  "1}}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_HEAT);
	ck_assert_int_eq(m->splits[0].t_s, 25);
	ck_assert_uint_eq(m->totals.throttled_429, 22500);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_FOLLOWS], 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * Two key values on partition 0 of a table without a sort key (trialY7's
 * hs5): "a" at 900 puts a second and "h" at 300, 200 throttled a second.
 * "a" is one item carrying 75 % of the weight and alone above the 800
 * that makes a partition hot: refused at seconds 9, 19, 29, 6,000
 * throttled, no split. Neither value asked more than the cap, and each
 * throttled second asked 1,200, more than one value's 900: several
 * values shared it, and the finding says the split was refused, its
 * throttles go on, and names hot-item isolation (D11), not "those before
 * its split".
 */
START_TEST(test_hsplit_finding_refused)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	char *text;

	tu_fx_run(&f, "hs5.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3, "
		  "write_capacity_units: 2000, heat_window_s: 10, "
		  "split_delay_s: 5}\n"
		  "streams:\n"
		  "  - {name: a, client: {retries: off}, items: {k: {const: "
		  "a}}, phases: [{duration: 30s, rate: 900/s, item_size: "
		  "1KB}]}\n"
		  "  - {name: h, client: {retries: off}, items: {k: {const: "
		  "h}}, phases: [{duration: 30s, rate: 300/s, item_size: "
		  "1KB}]}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->totals.throttled_429, 6000);
	ck_assert_uint_eq(m->n_splits, 0);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_ONE_ITEM], 3);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "several key values sharing it, each under "
				   "a partition's cap, but no heat split "
				   "(D7): one item") &&
			  strstr(text, "(pksim refused the split 3 times, "
				       "first at t = 9 s)") &&
			  strstr(text, "hot_item_isolation: on"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "those before"), "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/* heat_split: off is the classic table: the partition stays shared, 200
   a second throttled for the whole 30 s, 6,000 */
START_TEST(test_hsplit_off)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	two_values(&f, 600, ", heat_split: off");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->totals.throttled_429, 6000);
	ck_assert_uint_eq(m->n_splits, 0);
	ck_assert_int_eq(heat_of(&f)->on, 0);
	ck_assert_uint_eq(heat_of(&f)->started, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * The threshold: at 390 a second each the partition consumes 780 WCU,
 * 78 % of its 1,000 cap: under the default 80 %, never hot, no split in
 * 30 s; with heat_threshold_pct: 78 it is hot from second 0 (780 x 100
 * >= 78 x 1,000), split from second 15 as above. No throttle either way
 * (780 <= 1,000 with the table's units lent).
 */
START_TEST(test_hsplit_threshold)
{
	struct tu_fx f;

	two_values(&f, 390, ", heat_window_s: 10, split_delay_s: 5");
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 0);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	tu_fx_free(&f);
	two_values(&f, 390,
		   ", heat_window_s: 10, split_delay_s: 5, "
		   "heat_threshold_pct: 78");
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 1);
	ck_assert_int_eq(f.r->variants[0].metrics->splits[0].t_s, 15);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * One hot item (reference §5: DynamoDB "avoids splitting" for "traffic
 * on one item"): "a" alone at 900 writes a second, no sort key, so the
 * value is one item: 900 WCU consumed, 90 % of the cap, hot from second
 * 0. At each window's end (after seconds 9, 19 and 29) the item carries
 * all the weight, more than half: no split, the refusal counted and the
 * partition watched anew from its next hot second. 3 refusals, the
 * first after second 9; no throttle (900 <= 1,000).
 */
START_TEST(test_hsplit_one_item)
{
	struct tu_fx f;

	tu_fx_run(&f, "item.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3, "
		  "write_capacity_units: 2000, heat_window_s: 10, "
		  "split_delay_s: 5}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: a}}\n"
		  "phases: [{duration: 30s, rate: 900/s, item_size: 1KB}]\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 0);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_ONE_ITEM], 3);
	ck_assert_int_eq(heat_of(&f)->first_refused_s[PK_DDB_HEAT_ONE_ITEM], 9);
	ck_assert_uint_eq(heat_of(&f)->started, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * A monotonic sort key (reference §4, §5: a key range "written in
 * sequence"): the shipped hot key (scenarios/dynamodb/hot-key.yaml: one
 * customer's puts at 1,500 a second along a rising /id, 3,000 RCU +
 * 4,000 WCU, 5 partitions of 800 WCU) with 10-second windows. Its
 * partition consumes its 1,000 cap every second (hot); at the end of
 * each window (seconds 9, 19, ..., 59: 6) the value's puts rise in at
 * least 99 % of cases (89,995 of 89,999 over the run), so its items are
 * one unit no cut helps: refused 6 times, no split, and the run is the
 * shipped one's: 30,000 throttled. The hot key finding says the same.
 */
START_TEST(test_hsplit_monotonic)
{
	struct tu_fx f;
	char *text,
	    *yaml =
		tu_read_file(tu_src("scenarios/dynamodb/hot-key.yaml"), NULL);
	char *at;

	ck_assert_ptr_nonnull(yaml);
	at = strstr(yaml, "  write_capacity_units: 4000\n");
	char *both;

	ck_assert_ptr_nonnull(at);
	both = xasprintf("%.*s  heat_window_s: 10\n  split_delay_s: 5\n%s",
			 (int)(at - yaml), yaml, at);
	tu_fx_run(&f, "hot-key.yaml", both);
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 0);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429,
			  30000);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_FOLLOWS], 6);
	ck_assert_int_eq(heat_of(&f)->first_refused_s[PK_DDB_HEAT_FOLLOWS], 9);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_ONE_ITEM], 0);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "no split can fix it: its writes follow a "
				   "steadily rising sort key"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
	free(both);
	free(yaml);
}
END_TEST

/*
 * A split inside one key value's items, by sort key (reference §4: on
 * a table without local indexes a value's item collection "can be cut
 * into segments by sort key" unless its traffic follows the sort key):
 * "one" at 1,500 puts a second along a sort key drawn from 1,000
 * values, in no steady order. 1,000 admitted and 500 throttled a second
 * (its partition's cap) until the split; no item carries more than half
 * the weight (each about 1 / 1,000), so the cut is inside the value's
 * collection at the sort key with half the weight below it. From second
 * 15 each child takes about 750 a second (its sort keys' half), under
 * its 1,000 cap with the table's unused units lent: 15 x 500 = 7,500
 * throttled, no more.
 */
START_TEST(test_hsplit_by_sort_key)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	tu_fx_run(&f, "sk.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, sort_key: /s, "
		  "read_capacity_units: 3, write_capacity_units: 2000, "
		  "heat_window_s: 10, split_delay_s: 5}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: one}, s: {values: \"s{000..999}\"}}\n"
		  "phases: [{duration: 30s, rate: 1500/s, "
		  "item_size: 1KB}]\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_HEAT);
	ck_assert_int_eq(m->splits[0].t_s, 15);
	ck_assert_int_eq(m->splits[0].by_sort_key, 1);
	ck_assert_uint_eq(m->totals.throttled_429, 7500);
	tu_fx_free(&f);
}
END_TEST

/*
 * TransactWriteItems route each item by its sort key too: the shape of
 * test_hsplit_by_sort_key with `batches: transact_write_items`, one item
 * a transaction at 750 a second, 2 WCU each (D1: 2 x ceil(1 KiB / 1 KiB)),
 * 1,500 WCU asked of the partition's 1,000 cap: 500 admitted and 250
 * throttled a second until the split inside "one"'s collection serves,
 * from second 15. Each child then takes the items below or above the cut
 * (about 375 a second, 750 WCU, under its 1,000 cap with the table's
 * unused units lent): 15 x 250 = 3,750 throttled. Routed by the key
 * value alone every item went to the upper child, which throttled 250 a
 * second for the whole 30 s: 7,500.
 */
START_TEST(test_hsplit_transact_by_sort_key)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	tu_fx_run(&f, "sktx.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, sort_key: /s, "
		  "read_capacity_units: 3, write_capacity_units: 2000, "
		  "heat_window_s: 10, split_delay_s: 5, "
		  "batches: transact_write_items}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: one}, s: {values: \"s{000..999}\"}}\n"
		  "phases: [{duration: 30s, rate: 750/s, ops: {batch: 1}, "
		  "batch: {size: 1}, item_size: 1KB}]\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_HEAT);
	ck_assert_int_eq(m->splits[0].t_s, 15);
	ck_assert_int_eq(m->splits[0].by_sort_key, 1);
	ck_assert_uint_eq(m->totals.throttled_429, 3750);
	tu_fx_free(&f);
}
END_TEST

/*
 * A local secondary index keeps a key value's item collection on one
 * partition (reference §6: isolation "not done across an LSI's item
 * collection"; D18): "one" at 450 puts a second along a spread sort key,
 * each 1 WCU for its item and 1 for its index entry (projection all),
 * 900 WCU a second on its partition, hot. The value carries all the
 * weight and no cut divides it: 3 refusals in 30 s (after seconds 9, 19,
 * 29), by the index.
 */
START_TEST(test_hsplit_lsi)
{
	struct tu_fx f;

	tu_fx_run(&f, "lsi.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table:\n"
		  "  partition_key: /k\n"
		  "  sort_key: /s\n"
		  "  read_capacity_units: 3\n"
		  "  write_capacity_units: 2000\n"
		  "  heat_window_s: 10\n"
		  "  split_delay_s: 5\n"
		  "  local_secondary_indexes:\n"
		  "    - {name: by-type, sort_key: /type}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: one}, s: {values: \"s{000..999}\"}, "
		  "type: {const: t}}\n"
		  "phases: [{duration: 30s, rate: 450/s, "
		  "item_size: 1KB}]\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 0);
	ck_assert_uint_eq(heat_of(&f)->refused[PK_DDB_HEAT_LSI], 3);
	tu_fx_free(&f);
}
END_TEST

/*
 * A heat split under delayed adaptive capacity: "a" and "h" at 600 puts
 * a second share partition 0 (666.67 WCU, burst off), throttled from
 * second 0, lifted to instant adaptive_delay_s = 5 s later; from the
 * lift the partition consumes its 1,000 cap (the table's unused 800
 * lent), hot, and splits for heat 10 + 5 s after. Each child holds one
 * value (600 a second on a 333.33 share) and goes on with its parent's
 * lifted episode, so it is lent the table's unused units at once: no
 * throttle from the split on (a child starting its own delay would
 * throttle 600 - 333.33 a second for 5 s).
 */
START_TEST(test_hsplit_delayed_lift)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	uint64_t after = 0;
	size_t k;

	tu_fx_run(&f, "lift.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3, "
		  "write_capacity_units: 2000, burst: off, "
		  "adaptive_capacity: delayed, adaptive_delay_s: 5, "
		  "heat_window_s: 10, split_delay_s: 5}\n"
		  "streams:\n"
		  "  - {name: a, client: {retries: off}, items: {k: {const: "
		  "a}}, phases: [{duration: 40s, rate: 600/s, item_size: "
		  "1KB}]}\n"
		  "  - {name: h, client: {retries: off}, items: {k: {const: "
		  "h}}, phases: [{duration: 40s, rate: 600/s, item_size: "
		  "1KB}]}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_HEAT);
	ck_assert_int_lt(m->splits[0].t_s, 40);
	for (k = 0; k < m->n_seconds; k++) {
		if (m->seconds[k].t_s >= m->splits[0].t_s) {
			after += m->seconds[k].throttled_429;
		}
	}
	ck_assert_uint_eq(after, 0);
	tu_fx_free(&f);
}
END_TEST

/* The JSON report of f's run, parsed; its first variant in *v */
static json_t *json_of(const struct tu_fx *f, json_t **v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	json_t *root;

	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(report_json(f->r, 0, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	root = json_loadb(buf, len, 0, NULL);
	free(buf);
	ck_assert_ptr_nonnull(root);
	*v = json_array_get(json_object_get(root, "variants"), 0);
	ck_assert_ptr_nonnull(*v);
	return root;
}

/* Integer member name of o (which must be one) */
static json_int_t int_at(json_t *o, const char *name)
{
	json_t *x = json_object_get(o, name);

	ck_assert_msg(json_is_integer(x), "%s: no integer", name);
	return json_integer_value(x);
}

/*
 * The JSON report's heat_splits, with the figures of the runs above:
 * - test_hsplit_two_values: one split decided after second 9 and done
 *   from second 15, partition 0 into 3 and 4 (ids 0, 1, 2 taken),
 *   reason heat in splits[]; nothing refused or isolated;
 * - test_hsplit_one_item: 3 windows refused for one item, the first
 *   after second 9; the other reasons 0 with a null first second;
 * - test_isolate_hot_item: 1 item isolated, its two cuts at second 1
 *   in splits[] with reason isolation;
 * - test_hsplit_off: on false.
 */
START_TEST(test_hsplit_json)
{
	struct tu_fx f;
	json_t *root, *v, *h, *sp, *r;

	two_values(&f, 600, ", heat_window_s: 10, split_delay_s: 5");
	root = json_of(&f, &v);
	h = json_object_get(v, "heat_splits");
	ck_assert_ptr_nonnull(h);
	ck_assert(json_is_true(json_object_get(h, "on")));
	ck_assert_int_eq(int_at(h, "started"), 1);
	ck_assert_int_eq(int_at(h, "done"), 1);
	ck_assert_int_eq(int_at(h, "isolated"), 0);
	ck_assert_int_eq(int_at(h, "refused"), 0);
	sp = json_array_get(json_object_get(v, "splits"), 0);
	ck_assert_int_eq(json_array_size(json_object_get(v, "splits")), 1);
	ck_assert_int_eq(int_at(sp, "t_s"), 15);
	ck_assert_str_eq(json_string_value(json_object_get(sp, "parent")), "0");
	ck_assert_str_eq(
	    json_string_value(json_object_get(
		json_array_get(json_object_get(sp, "children"), 0), "id")),
	    "3");
	ck_assert_str_eq(
	    json_string_value(json_object_get(
		json_array_get(json_object_get(sp, "children"), 1), "id")),
	    "4");
	ck_assert_str_eq(json_string_value(json_object_get(sp, "reason")),
			 "heat");
	json_decref(root);
	tu_fx_free(&f);

	tu_fx_run(&f, "item.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3, "
		  "write_capacity_units: 2000, heat_window_s: 10, "
		  "split_delay_s: 5}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: a}}\n"
		  "phases: [{duration: 30s, rate: 900/s, item_size: 1KB}]\n");
	root = json_of(&f, &v);
	h = json_object_get(v, "heat_splits");
	ck_assert_int_eq(int_at(h, "started"), 0);
	ck_assert_int_eq(int_at(h, "refused"), 3);
	ck_assert_int_eq(
	    json_array_size(json_object_get(h, "refused_by_reason")), 3);
	r = json_array_get(json_object_get(h, "refused_by_reason"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(r, "reason")),
			 "one_item");
	ck_assert_int_eq(int_at(r, "count"), 3);
	ck_assert_int_eq(int_at(r, "first_t_s"), 9);
	r = json_array_get(json_object_get(h, "refused_by_reason"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(r, "reason")),
			 "lsi_collection");
	ck_assert_int_eq(int_at(r, "count"), 0);
	ck_assert(json_is_null(json_object_get(r, "first_t_s")));
	r = json_array_get(json_object_get(h, "refused_by_reason"), 2);
	ck_assert_str_eq(json_string_value(json_object_get(r, "reason")),
			 "follows_sort_key");
	json_decref(root);
	tu_fx_free(&f);

	tu_fx_run(&f, "iso.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3, "
		  "write_capacity_units: 2000, hot_item_isolation: on}\n"
		  "streams:\n"
		  "  - {name: a, client: {retries: off}, items: {k: {const: "
		  "a}}, phases: [{duration: 30s, rate: 900/s, item_size: "
		  "1KB}]}\n"
		  "  - {name: h, client: {retries: off}, items: {k: {const: "
		  "h}}, phases: [{duration: 30s, rate: 300/s, item_size: "
		  "1KB}]}\n");
	root = json_of(&f, &v);
	h = json_object_get(v, "heat_splits");
	ck_assert_int_eq(int_at(h, "isolated"), 1);
	ck_assert_int_eq(json_array_size(json_object_get(v, "splits")), 2);
	sp = json_array_get(json_object_get(v, "splits"), 1);
	ck_assert_int_eq(int_at(sp, "t_s"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(sp, "reason")),
			 "isolation");
	json_decref(root);
	tu_fx_free(&f);

	two_values(&f, 600, ", heat_split: off");
	root = json_of(&f, &v);
	h = json_object_get(v, "heat_splits");
	ck_assert(json_is_false(json_object_get(h, "on")));
	json_decref(root);
	tu_fx_free(&f);
}
END_TEST

/*
 * A partition made hot by Query pages alone: 100 items of 4 KiB under
 * "q" (one page of 400 KiB, 409,600 / 4,096 = 100 RCU strong, D1),
 * written in the first second at 100 a second (4 WCU each, 400 WCU,
 * under the partition's 1,000 WCU cap with the table's unused units
 * lent), then 25 Queries a second of "q" for 30 s: 2,500 RCU a second,
 * above
 * the 80 % of the 3,000 RCU cap (2,400) that makes a partition hot and
 * under the cap, so none is throttled. Query units are not weighed for
 * a heat split (docs/dynamodb-heat.md "Heat splits"): the window closes with
 * no request to weigh and no split. 100 + 25 x 30 = 850 succeeded.
 * The table is 6,000 RCU + 1,000 WCU: ceil((6,000 + 3 x 1,000) / 3,000)
 * = 3 partitions (D4) of 2,000 RCU.
 */
START_TEST(test_hsplit_hot_by_query_pages)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	tu_fx_run(&f, "qhot.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, sort_key: /s, "
		  "read_capacity_units: 6000, write_capacity_units: 1000, "
		  "read_consistency: strong, heat_window_s: 10, "
		  "split_delay_s: 5}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: q}, s: {values: \"s{000..999}\", "
		  "distribution: sequential}}\n"
		  "phases:\n"
		  "  - {duration: 1s, rate: 100/s, ops: {create: 1}, "
		  "item_size: 4KB}\n"
		  "  - {duration: 30s, rate: 25/s, ops: {query: 1}, queries: "
		  "[{name: coll, where: {k: eq}}]}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->n_splits, 0);
	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_uint_eq(m->totals.succeeded, 850);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_hsplit");
	TCase *tc = tcase_create("hsplit");

	tcase_add_test(tc, test_hsplit_two_values);
	tcase_add_test(tc, test_hsplit_off);
	tcase_add_test(tc, test_hsplit_window_one);
	tcase_add_test(tc, test_hsplit_unequal_values);
	tcase_add_test(tc, test_hsplit_finding_shared);
	tcase_add_test(tc, test_hsplit_hot_item_in_collection);
	tcase_add_test(tc, test_hsplit_cut_after_hot_item);
	tcase_add_test(tc, test_hsplit_reads_after_rising_load);
	tcase_add_test(tc, test_hsplit_finding_refused);
	tcase_add_test(tc, test_hsplit_delayed_lift);
	tcase_add_test(tc, test_hsplit_threshold);
	tcase_add_test(tc, test_hsplit_one_item);
	tcase_add_test(tc, test_hsplit_monotonic);
	tcase_add_test(tc, test_hsplit_by_sort_key);
	tcase_add_test(tc, test_hsplit_transact_by_sort_key);
	tcase_add_test(tc, test_hsplit_lsi);
	tcase_add_test(tc, test_hsplit_hot_by_query_pages);
	suite_add_tcase(s, tc);
	tc = tcase_create("json");
	tcase_add_test(tc, test_hsplit_json);
	suite_add_tcase(s, tc);
	return s;
}
