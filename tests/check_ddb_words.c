/*
 * ddb_words: what a table's findings name as the reason it throttled
 * (src/report/findings.c, findings_ddb.c): the side that was throttled,
 * and an on-demand table's configured maximum or quota when that refused
 * it (D12, reference §7 "optional per-table maximum throughput"). Each
 * figure derived by hand beside its test. 1KB is 1,024 bytes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/findings.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

/*
 * An on-demand table held by its own max_write_request_units (trial N's
 * N4): a new table's instant limit is 4,000 WRU a second (statement 21,
 * D13), so 3,000 creates of 1 KiB a second (1 WRU each, D1; 750 a second
 * on each of 4 partitions, under their 1,000 cap, D3) never meet it; the
 * configured maximum of 2,000 admits 2,000 a second and refuses 1,000:
 * 60 x 1,000 = 60,000 TableWriteMaxOnDemandThroughputExceeded. The
 * finding names the maximum and its setting, not "too few WRU" or the
 * instant limit.
 */
START_TEST(test_ddb_words_max_on_demand)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /id, capacity: on_demand, "
	    "max_write_request_units: 2000}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {name: w, duration: 60s, rate: 3000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("max.yaml", text);
	struct pk_result *res = result_build(run);
	char *f = tu_findings_text(res);

	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 60000);
	ck_assert_msg(strstr(f, "60,000 writes refused by its configured "
				"maximum of 2,000 WRU a second "
				"(max_write_request_units)"),
		      "%s", f);
	ck_assert_msg(strstr(f, "writes used 100% of its configured maximum "
				"of 2,000 WRU a second"),
		      "%s", f);
	ck_assert_msg(!strstr(f, "too few WRU"), "%s", f);
	ck_assert_msg(!strstr(f, "write instant limit"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * An on-demand table held by its per-table quota (table_quota_units,
 * D12): 150 creates of 1,000 B a second (ceil(1,000 / 1,024) = 1 WRU
 * each, D1) never meet a new table's instant limit of 4,000 WRU
 * (statement 21); the quota of 100 admits 100 a second and refuses 50:
 * 10 x 50 = 500 TableWriteAccountLimitExceeded. The quota does not grow
 * with traffic as the instant limit does (reference §7): the finding
 * names it and its setting and says to ask AWS, not "too few WRU" (which
 * on demand reads as "wait for it to scale").
 */
START_TEST(test_ddb_words_quota)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /id, capacity: on_demand, "
	    "table_quota_units: 100}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10s, rate: 150/s, ops: {create: 1}, "
	    "item_size: 1000B}\n";
	struct pk_run *run = tu_sim_text("quota.yaml", text);
	struct pk_result *res = result_build(run);
	char *f = tu_findings_text(res);

	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 500);
	ck_assert_msg(strstr(f, "500 writes refused by the table's quota of "
				"100 WRU a second (table_quota_units, "
				"AccountLimitExceeded) (D12: a quota, not "
				"its on-demand instant limit: it does not "
				"grow with traffic; ask AWS to raise it"),
		      "%s", f);
	ck_assert_msg(strstr(f, "writes used 100% of the table's quota of 100 "
				"WRU a second"),
		      "%s", f);
	ck_assert_msg(!strstr(f, "too few WRU"), "%s", f);
	ck_assert_msg(!strstr(f, "used 100% of its on-demand write instant"),
		      "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * An on-demand table whose every put asks more than its configured
 * maximum: one put of 200KB = 204,800 B a second, ceil(204,800 / 1,024)
 * = 200 WRU (D1), against max_write_request_units 100 (D12). A request
 * waits for all its units and is never admitted into debt (docs/
 * dynamodb.md ASSUMPTION), and the maximum never grows: none of the 60
 * is ever served, at any rate. The finding says so and names the
 * maximum. Items of 100KB (100 WRU, at the maximum) are all served: 60,
 * none said to never fit.
 */
static const char od_never_text[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {name: t, partition_key: /id, capacity: on_demand, "
    "max_write_request_units: 100}\n"
    "client: {retries: off}\n"
    "phases:\n"
    "  - {name: w, duration: 60s, rate: 1/s, ops: {create: 1}, "
    "item_size: %s}\n";

START_TEST(test_ddb_words_od_never_fits)
{
	char text[512];
	struct pk_run *run;
	struct pk_result *res;
	char *f;

	snprintf(text, sizeof(text), od_never_text, "200KB");
	run = tu_sim_text("never.yaml", text);
	res = result_build(run);
	f = tu_findings_text(res);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->totals.succeeded,
			  0);
	ck_assert_uint_eq(res->variants[0].ddb->never_fit[1], 60);
	ck_assert_msg(strstr(f, "60 writes each asked more units than the "
				"table admits in any one second (its "
				"configured maximum of 100 WRU a second, "
				"max_write_request_units; D12), so they are "
				"never admitted at any rate"),
		      "%s", f);
	ck_assert_msg(strstr(f, "smaller items or a higher maximum"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);

	snprintf(text, sizeof(text), od_never_text, "100KB");
	run = tu_sim_text("fits.yaml", text);
	res = result_build(run);
	f = tu_findings_text(res);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->totals.succeeded,
			  60);
	ck_assert_uint_eq(res->variants[0].ddb->never_fit[1], 0);
	ck_assert_msg(!strstr(f, "never admitted"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A table's Scans are said in DynamoDB's words (trial A's scan1): 4,000
 * creates of 1,000 B, then 10 queries naming no key value, each a Scan
 * of every partition (an on-demand table's 4 at the start). The only
 * reads are the Scans, so their read units are 100.0% of the table's
 * read units; no RU, no physical partition, no per-range charge (Azure
 * Cosmos DB's rule 21: a Scan pays by the bytes it reads, D1).
 */
START_TEST(test_ddb_words_scans)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /id, capacity: on_demand}\n"
	    "phases:\n"
	    "  - {name: load, duration: 4s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1000B}\n"
	    "  - {name: scan, duration: 10s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{name: all, where: {}}]}\n";
	struct pk_run *run = tu_sim_text("scan.yaml", text);
	struct pk_result *res = result_build(run);
	char *f = tu_findings_text(res);

	ck_assert_msg(strstr(f, "Scans: 10 of the 10 Query and Scan requests "
				"served (100.0%) named no partition key "
				"value and read every partition"),
		      "%s", f);
	ck_assert_msg(strstr(f, "100.0% of the table's read units consumed"),
		      "%s", f);
	ck_assert_msg(!strstr(f, "rule 21") && !strstr(f, " RU") &&
			  !strstr(f, "physical partition"),
		      "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * An on-demand table's hot key is above 1,000 WRU a partition, not WCU
 * (reference §2: a partition serves 3,000 RRU and 1,000 WRU a second on
 * demand; there are no WCU to provision). 1,500 creates of 1 KB a
 * second (1 WRU each, D1) on one key value for 2 s: under a new table's
 * 4,000 WRU instant limit (statement 21), above its partition's 1,000.
 */
START_TEST(test_ddb_words_on_demand_hot_key_units)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, capacity: "
	    "on_demand}\n"
	    "items: {k: {const: a}}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 1500/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("odhot.yaml", text);
	struct pk_result *res = result_build(run);
	char *f = tu_findings_text(res);

	ck_assert_msg(strstr(f, "above the 1,000 WRU one partition serves"),
		      "%s", f);
	ck_assert_msg(!strstr(f, "WCU"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * On demand, only writes throttled (trial N's N3): 1,000 creates of 5
 * KiB a second (5 WRU each, D1) ask 5,000 WRU against a new table's
 * 4,000 (statement 21) for 10 s: 200 a second, 2,000 throttled, all
 * writes. Then 10,000 eventual reads a second of those items for 20 s,
 * ceil(5 / 4) x 0.5 = 1 RRU each: 10,000 of the 12,000 RRU, never
 * throttled. Reads used 10,000 / 12,000 x 20 / 30 = 56 % of their limit
 * over the run, writes 4,000 x 10 / (4,000 x 30) = 33 %: the busier side
 * is reads, but the finding names the side throttled, writes: its
 * instant limit and pre-warming (an on-demand table has no WRU to add).
 */
START_TEST(test_ddb_words_throttled_side)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /id, capacity: on_demand}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 5KB}\n"
	    "  - {name: r, duration: 20s, rate: 10000/s, ops: {read: 1}}\n";
	struct pk_run *run = tu_sim_text("side.yaml", text);
	struct pk_result *res = result_build(run);
	char *f = tu_findings_text(res);

	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 2000);
	ck_assert_double_gt(res->variants[0].read_utilisation,
			    res->variants[0].write_utilisation);
	ck_assert_msg(strstr(f, "its on-demand write instant limit bounds "
				"this load"),
		      "%s", f);
	ck_assert_msg(strstr(f, "pre-warm the table (warm_write_units, D13)"),
		      "%s", f);
	/* an on-demand table has no WRU to add (trialI-9) */
	ck_assert_msg(!strstr(f, "too few"), "%s", f);
	ck_assert_msg(!strstr(f, "RRU") && !strstr(f, "warm_read"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A storage split of a partition holding one key value's items (trial
 * N's N5): 3 puts a second of 200 KiB items (200 WCU each, D1) on one
 * key value with random sort keys (1,000,000 values), 900 WCU in one
 * partition (ceil(1 / 3,000 + 900 / 1,000) = 1, D4), adaptive capacity
 * and burst off. No throttle before the split: 600 of 900 WCU. About
 * 10 GiB / 200 KiB = 52,429 distinct items fill it (D6; about 53,850
 * puts with repeats, t ~ 17,950 s) and it splits into two of 450 WCU
 * (D5). DynamoDB cuts the collection by data at its middle sort key,
 * so each later put goes to either child with chance 1/2: a second's
 * 3 puts all on one child (chance 2 / 8) ask 600 of its 450 WCU and 1
 * is throttled, else none. Over the ~6,060 s left: about 0.25 x 6,060 =
 * 1,515 +- 34 throttled; asserted within 1,400 .. 1,630. Keeping the
 * key value on one child throttled 1 a second (~6,060), which the
 * finding had to call an upper bound: no longer.
 */
START_TEST(test_ddb_words_one_key_split)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /dev, sort_key: /s, "
	    "read_capacity_units: 1, write_capacity_units: 900, "
	    "adaptive_capacity: off, burst: off}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  dev: {const: big}\n"
	    "  s: {values: \"s{000000..999999}\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 24000s, rate: 3/s, ops: {create: 1}, "
	    "item_size: 200KB}\n";
	struct pk_run *run = tu_sim_text("cut.yaml", text);
	struct pk_result *res = result_build(run);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	char *f = tu_findings_text(res);

	ck_assert_msg(m->totals.throttled_429 >= 1400 &&
			  m->totals.throttled_429 <= 1630,
		      "%llu", (unsigned long long)m->totals.throttled_429);
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].by_sort_key, 1);
	ck_assert_msg(!strstr(f, "upper bound"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A sort key at one-second resolution (trial K's K7): every put of a
 * second carries the same /ts, so a second's puts are one primary key,
 * one item (reference §1), and one item is served at most 1,000 WRU a
 * second (reference §4, statement 17). An on-demand table starts with 4
 * partitions of 1,000 WRU (D4, D3); "d" sits on one of them. 1,200
 * creates of 1 KiB a second (1 WRU each, D1) for 30 s: 1,000 served and
 * 200 throttled each second, 30 x 200 = 6,000 throttled, whatever
 * splits. Of the 36,000 puts, 30 start a second (29 after the first,
 * each rising past the second before) and 35,970 put the sort key of
 * the one before again. A split would not help (D7: DynamoDB never
 * splits for one item nor along a rising sort key): with 10-second
 * windows the partition is hot in seconds 0-9, 10-19, 20-29 and each
 * window is refused (3, the first at second 9) as a value whose puts
 * follow a rising sort key (29 of 29 changes), none split. The hot key
 * finding says the puts were one item, 1,200 WRU in second 0.
 */
START_TEST(test_ddb_words_one_item_a_second)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "clock: {start: \"2026-03-04T00:00:00Z\"}\n"
	    "table: {name: t, partition_key: /dev, sort_key: /ts, "
	    "capacity: on_demand, heat_window_s: 10, split_delay_s: 5}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  dev: {const: d}\n"
	    "  ts: {clock: \"%Y-%m-%dT%H:%M:%S\"}\n"
	    "phases:\n"
	    "  - {duration: 30s, rate: 1200/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("ts.yaml", text);
	struct pk_result *res = result_build(run);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	const struct pk_snapshot_ddb *b = res->variants[0].ddb;
	char *f = tu_findings_text(res);

	ck_assert_uint_eq(m->totals.throttled_429, 6000);
	ck_assert_uint_eq(m->n_splits, 0);
	ck_assert_uint_eq(b->heat.refused[PK_DDB_HEAT_FOLLOWS], 3);
	ck_assert_int_eq(b->heat.first_refused_s[PK_DDB_HEAT_FOLLOWS], 9);
	ck_assert_uint_eq(b->hot[1].puts, 36000);
	ck_assert_uint_eq(b->hot[1].same, 35970);
	ck_assert_uint_eq(b->hot[1].rising, 29);
	ck_assert_int_eq(b->hot[1].item_mcu, 1200 * 1000);
	ck_assert_int_eq(b->hot[1].item_s, 0);
	ck_assert_msg(strstr(f, "its puts in second 0 carried one sort key "
				"value (/ts), so they were one item, one "
				"primary key, asked 1,200 WRU alone"),
		      "%s", f);
	ck_assert_msg(!strstr(f, "those before the split"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A compare of a container and a table (trial L's L6, M4): the "days to
 * full" heading spoke of "the first logical partition ... 20.0 GiB"
 * above the table's row, whose cap is its item collections' 10 GiB
 * (D18). 20 creates of 1 KiB a second over 10 key values for 10
 * minutes; the table with a local secondary index, so its row projects
 * a collection against 10 GiB. The heading names each service's cap.
 */
START_TEST(test_ddb_words_days_heading)
{
	const char *path = tu_dir_file(
	    "days.yaml",
	    "name: days\n"
	    "seed: 1\n"
	    "container: {partition_key: /deviceId, throughput: 400}\n"
	    "variants:\n"
	    "  - {name: cosmos}\n"
	    "  - {name: ddb, service: dynamodb, partition_key: /deviceId, "
	    "sort_key: /id, local_secondary_indexes: [{name: by-t, sort_key: "
	    "/type}], read_capacity_units: 10, write_capacity_units: 100}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{000..009}\"}\n"
	    "  type: {const: r}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, rate: 20/s, ops: {create: 1}, "
	    "item_size: 1KB}\n");
	char args[1024], *out;
	const char *day;

	snprintf(args, sizeof(args), "compare '%s' --no-remedies", path);
	out = tu_run_ok(args);
	day = strstr(out, "\ndays to full (");
	ck_assert_ptr_nonnull(day);
	ck_assert_msg(strncmp(day + 1,
			      "days to full (a container: until its first "
			      "logical partition reaches its cap, 20.0 GiB; a "
			      "table: as its row says;",
			      100) == 0,
		      "%.300s", day);
	ck_assert_msg(strstr(day, "against 10 GiB, D18"), "%.600s", day);
	free(out);
}
END_TEST

/*
 * An index value under the partition cap, refused by its partition's
 * share (trialX2's M-b). The index by-status of 1,000 RCU + 2,000 WCU
 * has ceil(1,000 / 3,000 + 2,000 / 1,000) = 3 partitions (D4) of 2,000
 * / 3 = 666.67 WCU (D5); every put of 1 KiB has status "pending" (one
 * value, one index partition): 800 index WCU a second asked, under the
 * 1,000 WCU cap (D3). Adaptive capacity and burst off: 666 or 667
 * admitted a second, about 133.33 refused (IndexWriteKeyRange...): 30 x
 * 133.33 = 4,000. The finding must not say the partition was past its
 * 1,000 WCU, nor that more units do not help: 2,400 index WCU (800 a
 * partition) or adaptive capacity take it. With 1,200 puts a second (E5's
 * value) the value asks past the cap: the cap words stay.
 */
static char *index_words(int rate)
{
	char text[1024];
	struct pk_run *run;
	struct pk_result *res;
	char *f;

	snprintf(text, sizeof(text),
		 "seed: 1\n"
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /id\n"
		 "  read_capacity_units: 100\n"
		 "  write_capacity_units: 4000\n"
		 "  burst: off\n"
		 "  adaptive_capacity: off\n"
		 "  global_secondary_indexes:\n"
		 "    - {name: by-status, partition_key: /status, "
		 "read_capacity_units: 1000, write_capacity_units: 2000}\n"
		 "client: {retries: off}\n"
		 "items: {status: {const: pending}}\n"
		 "phases:\n"
		 "  - {duration: 30s, rate: %d/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 rate);
	run = tu_sim_text("share.yaml", text);
	res = result_build(run);
	f = tu_findings_text(res);
	result_free(res);
	tu_sim_free(run);
	return f;
}

START_TEST(test_ddb_words_index_share)
{
	char *f = index_words(800);

	ck_assert_msg(strstr(f, "one of the index's partitions was asked past "
				"its share of the index's write units (D5), "
				"under its 1,000 WCU a second"),
		      "%s", f);
	ck_assert_msg(!strstr(f, "past its 1,000 WCU"), "%s", f);
	ck_assert_msg(!strstr(f, "do not help"), "%s", f);
	free(f);
	f = index_words(1200);
	ck_assert_msg(strstr(f, "one of the index's partitions was past its "
				"1,000 WCU a second"),
		      "%s", f);
	free(f);
}
END_TEST

/*
 * Asked past the instant limit, refused only by a partition's cap
 * (trialX2's L-f): a new on-demand table's limit is 4,000 WRU a second
 * (D13); one key asked 4,200 puts of 1 KiB a second (4,200 WRU) gets
 * 1,000 from its partition (D3), 3,200 refused a second by the cap
 * (10 x 3,200 = 32,000), and the table admits 1,000 of its 4,000: the
 * limit is not met. No "met its instant limit" finding (the shipped
 * on-demand-new-table's 5,000 a second spread over 4 partitions of
 * 1,000 admit 4,000, the limit: that one is met).
 */
START_TEST(test_ddb_words_limit_not_met)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, capacity: on_demand}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 4200/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("limit.yaml", text);
	struct pk_result *res = result_build(run);
	char *f = tu_findings_text(res);

	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 32000);
	ck_assert_msg(!strstr(f, "met its instant limit"), "%s", f);
	free(f);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_words");
	TCase *tc = tcase_create("words");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_ddb_words_max_on_demand);
	tcase_add_test(tc, test_ddb_words_quota);
	tcase_add_test(tc, test_ddb_words_od_never_fits);
	tcase_add_test(tc, test_ddb_words_scans);
	tcase_add_test(tc, test_ddb_words_throttled_side);
	tcase_add_test(tc, test_ddb_words_one_key_split);
	tcase_add_test(tc, test_ddb_words_index_share);
	tcase_add_test(tc, test_ddb_words_limit_not_met);
	tcase_add_test(tc, test_ddb_words_on_demand_hot_key_units);
	tcase_add_test(tc, test_ddb_words_one_item_a_second);
	suite_add_tcase(s, tc);
	tc = tcase_create("cli");
	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_ddb_words_days_heading);
	suite_add_tcase(s, tc);
	return s;
}
