/*
 * ddb_findings: the findings an Amazon DynamoDB table's run gives in its
 * own words (src/report/findings_ddb.c; the hot key's figures from
 * src/service/dynamodb/ddb_heat.c), each figure derived by hand
 * beside its assertion from the reference's rules (D-numbers, §16
 * statements, §17 examples). 1 unit = 1,000 mCU.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/findings.h"
#include "pksim/report/report_text.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"

#include "../src/report/findings_ddb.h"
#include "testutil.h"

#define CU 1000

/*
 * The shipped scenarios/dynamodb/on-demand-new-table.yaml: a new
 * on-demand table serves at once 4,000 WRU a second (statement 21, D13:
 * its warm throughput; no peak yet, so 2 x P is 0), and is sent 5,000
 * creates of 1 KiB (1 WRU each, D1) a second for 60 s, no retries. Every
 * second asks 5,000 WRU against a 4,000 limit: 60 seconds past it, the
 * first at t = 0, and the 1,000 writes a second the partitions (4 x
 * 1,000, D3) do not admit are throttled in them: 60,000. Reads: none,
 * so no finding for them. The finding says it in DynamoDB's words: the
 * table has no provisioned throughput (D12).
 */
START_TEST(test_ddb_findings_past_peak)
{
	struct pk_run *run = tu_sim_shipped("dynamodb/on-demand-new-table");
	struct pk_result *res = result_build(run);
	const struct pk_ddb_past_peak *w = &res->variants[0].ddb->past_peak[1];
	const struct pk_ddb_past_peak *r = &res->variants[0].ddb->past_peak[0];
	char *text = tu_findings_text(res);

	ck_assert_int_eq(w->seconds, 60);
	ck_assert_int_eq(w->first_s, 0);
	ck_assert_int_eq(w->first_limit_mcu, 4000 * CU);
	ck_assert_int_eq(w->first_asked_mcu, 5000 * CU);
	ck_assert_int_eq(w->peak_asked_mcu, 5000 * CU);
	ck_assert_uint_eq(w->throttled, 60000);
	ck_assert_int_eq(r->seconds, 0);
	ck_assert_msg(strstr(text, "the on-demand table's writes met its "
				   "instant limit: 5,000 WRU asked at t = 0s "
				   "against an instant limit of 4,000 WRU a "
				   "second") &&
			  strstr(text, "60 seconds past the limit in all") &&
			  strstr(text, "60,000 requests were throttled"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "reads met its"), "%s", text);
	ck_assert_msg(!strstr(text, "provisioned throughput"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * The same launch, its first 10 seconds, with the scenario's default
 * client retries (retry_mode: client, up to 9 retries a throttle): the
 * demand is still 5,000 creates of 1 WRU a second (D1), 5,000 WRU
 * against the 4,000 limit in each of the 10 seconds of the phase, and
 * what pre-warming must cover (warm throughput 5,000). A retry asks
 * again for units its first attempt asked, so counted as asked it would
 * pile the throttled 1,000 a second of earlier seconds on top: up to
 * 10 x 5,000 = 50,000 "asked" in one second, and retry-only seconds past
 * the phase's end. First attempts: first and most asked 5,000 WRU, 10
 * seconds (the retries' tail after t = 9 s asks no new demand). Ten
 * seconds, not longer: 50,000 creates and their 63,000 retries show the
 * pile-up (a minute's 300,000 bring 1.9 million retries).
 */
START_TEST(test_ddb_findings_past_peak_retries)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /deviceId, capacity: on_demand}\n"
	    "items: {deviceId: {values: \"dev-{00000..99999}\"}}\n"
	    "phases: [{duration: 10s, rate: 5000/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct tu_fx f;
	const struct pk_ddb_past_peak *w;
	char *text;

	tu_fx_run(&f, "past-peak-retries.yaml", yaml);
	w = &f.r->variants[0].ddb->past_peak[1];
	ck_assert_uint_gt(tu_metrics(f.run->variants[0].svc)->totals.retries,
			  0);
	ck_assert_int_eq(w->seconds, 10);
	ck_assert_int_eq(w->first_s, 0);
	ck_assert_int_eq(w->first_limit_mcu, 4000 * CU);
	ck_assert_int_eq(w->first_asked_mcu, 5000 * CU);
	ck_assert_int_eq(w->peak_asked_mcu, 5000 * CU);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "(the most asked in one 5,000 WRU, first "
				   "attempts"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The same new table sent exactly its instant limit, 4,000 creates a
 * second: no second asks more than 4,000 WRU, so the table never met
 * traffic past twice its peak and there is no such finding, whatever
 * its partitions' caps throttle of an uneven hash.
 */
START_TEST(test_ddb_findings_at_limit)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, capacity: on_demand}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{0..9999}\"}}\n"
	    "phases: [{duration: 10s, rate: 4000/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "at-limit.yaml", yaml);
	ck_assert_int_eq(f.r->variants[0].ddb->past_peak[1].seconds, 0);
	text = tu_findings_text(f.r);
	ck_assert_msg(!strstr(text, "met its instant limit"), "%s", text);
	/* 10,000 key values: none near a partition's 1,000 WCU */
	ck_assert_msg(!strstr(text, "hot key:"), "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The shipped scenarios/dynamodb/hot-key.yaml: one customer's 1,500
 * orders a second of 1 KiB (1 WCU each, D1), no retries, for 60 s: its
 * key value is asked 1,500 write units in its busiest second (the
 * first, t = 0, is as busy as any), above the 1,000 WCU a partition
 * serves (D3, statement 17). The sort key /id is the item's number as
 * a decimal string, "0" to "89999": in DynamoDB's order (UTF-8 bytes)
 * each put's id sorts after the one before except where the string
 * grows a digit ("9" < "10" is false: "10" sorts first), 4 times ("9",
 * "99", "999", "9999" then "10", "100", "1000", "10000"): 89,995 of the
 * 89,999 puts after the first rose, so its writes follow a rising
 * sort key and no heat split would cut them (D7).
 */
START_TEST(test_ddb_findings_hot_key_monotonic)
{
	struct pk_run *run = tu_sim_shipped("dynamodb/hot-key");
	struct pk_result *res = result_build(run);
	const struct pk_ddb_hot_key *k = &res->variants[0].ddb->hot[1];
	char *text = tu_findings_text(res);

	ck_assert_str_eq(k->key, "\"customer-0042\"");
	ck_assert_int_eq(k->peak_mcu, 1500 * CU);
	ck_assert_int_eq(k->peak_s, 0);
	ck_assert_uint_eq(k->puts, 90000);
	ck_assert_uint_eq(k->rising, 89995);
	ck_assert_uint_eq(k->falling, 4);
	ck_assert_msg(strstr(text, "hot key: \"customer-0042\" was asked "
				   "1,500 write units in one second (t = "
				   "0s), above the 1,000 WCU one partition "
				   "serves") &&
			  strstr(text, "no split can fix it: its writes "
				       "follow a steadily rising sort key "
				       "(/id rose in 89,995 of its 89,999 "
				       "puts after the first)") &&
			  strstr(text, "that sort key is pksim's `unique` "
				       "generator (the id pksim adds when "
				       "items give none)") &&
			  strstr(text, "Spread its writes over more "
				       "partition-key values (write "
				       "sharding") &&
			  !strstr(text, "DAX"),
		      "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A rising sort key that is the application's own (a pattern drawn in
 * sequence, 100000, 100001, ...) against one drawn at random: one key
 * value put 1,100 times a second for 2 s, 1 KiB each (1 WCU, D1), is
 * asked 1,100 write units in a second, above the 1,000 a partition
 * serves (D3). Along /seq every put after the first rises (2,199 of
 * 2,199): the finding says no split can fix it, and names no pksim
 * sequence (the scenario chose the order). Along an id drawn uniformly
 * from 10^9 values a put rises over the one before about half the
 * time, far under 99 %: the finding does not call it rising, and DynamoDB
 * could split the value for heat.
 */
START_TEST(test_ddb_findings_hot_key_own_sequence)
{
	static const char seq[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /seq, "
	    "read_capacity_units: 10, write_capacity_units: 4000}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: {const: one}\n"
	    "  seq: {values: \"{100000..999999}\", distribution: sequential}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 1100/s, ops: {create: 1}, item_size: "
	    "1KB}\n";
	static const char rnd[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, "
	    "read_capacity_units: 10, write_capacity_units: 4000}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: {const: one}\n"
	    "  id: {values: \"{0..999999999}\"}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 1100/s, ops: {create: 1}, item_size: "
	    "1KB}\n";
	struct tu_fx f;
	const struct pk_ddb_hot_key *k;
	char *text;

	tu_fx_run(&f, "own-sequence.yaml", seq);
	k = &f.r->variants[0].ddb->hot[1];
	ck_assert_int_eq(k->peak_mcu, 1100 * CU);
	ck_assert_uint_eq(k->rising, 2199);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "follow a steadily rising sort key (/seq "
				   "rose in 2,199 of its 2,199 puts") &&
			  !strstr(text, "pksim's `unique`"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);

	tu_fx_run(&f, "random-id.yaml", rnd);
	k = &f.r->variants[0].ddb->hot[1];
	ck_assert_int_eq(k->peak_mcu, 1100 * CU);
	ck_assert_uint_gt(k->rising, 2199 / 4);
	ck_assert_uint_lt(k->rising, 3 * 2199 / 4);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "hot key: \"one\" was asked 1,100 write") &&
			  !strstr(text, "steadily rising") &&
			  !strstr(text, "pksim's `unique`"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * One item on an on-demand table under `partition_limit: linear` (D3,
 * reference §2: a partition serves reads / 3,000 + writes / 1,000 at
 * most 1 a second): from t = 1 s, 1,500 strong reads and 600 puts a
 * second of 1 KiB (1 RRU and 1 WRU each, D1). Neither side passes its
 * own cap (1,500 of 3,000; 600 of 1,000), but together they ask
 * 1,500 / 3,000 + 600 / 1,000 = 1.10 budgets a second, so about
 * 0.10 / 1.10 = 9 % of their units are refused whatever the table's
 * capacity (a new table's 4,000 WRU and 12,000 RRU hold them). The
 * hot-key finding names the item and the combination; without a sort
 * key the item is one item, and no split helps it (D7).
 */
START_TEST(test_ddb_findings_hot_key_linear)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /id, capacity: on_demand, "
	    "read_consistency: strong, partition_limit: linear}\n"
	    "streams:\n"
	    "  - name: w\n"
	    "    client: {retries: off}\n"
	    "    items: {id: {const: hot}}\n"
	    "    phases:\n"
	    "      - {name: a, duration: 1s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "      - {name: w, duration: 5s, rate: 600/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: r\n"
	    "    client: {retries: off}\n"
	    "    items: {id: {const: hot}}\n"
	    "    phases:\n"
	    "      - {name: a, duration: 1s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "      - {name: r, duration: 5s, rate: 1500/s, ops: {read: 1}}\n";
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "linear.yaml", yaml);
	ck_assert_int_eq(f.r->variants[0].ddb->hot[0].peak_mcu, 1500 * CU);
	ck_assert_int_eq(f.r->variants[0].ddb->hot[1].peak_mcu, 600 * CU);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "hot key: \"hot\" was asked 1,500 read "
				   "units (t = 1s) and 600 write units (t = "
				   "1s) in its busiest seconds, 1.10 of the "
				   "one budget a partition serves under "
				   "partition_limit: linear") &&
			  strstr(text, "about 9% of its units are refused") &&
			  strstr(text, "without a sort key each key value is "
				       "one item"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * A table without a sort key: one item (key "one", 1 KiB) read 3,500
 * times a second, strong (ceil(1,024 / 4,096) = 1 RCU each, D1): 3,500
 * read units asked a second, above the 3,000 RCU a partition serves
 * (D3). Without a sort key the key value is one item, and DynamoDB
 * never splits for one hot item (D7): no split can fix it. What helps
 * a read-hot item: eventually consistent reads at half the units (D1,
 * statement 17: 6,000 a second where 3,000 strong) and a cache (DAX);
 * write sharding spreads writes, not one item's reads, so the finding
 * does not advise it.
 */
START_TEST(test_ddb_findings_hot_item_reads)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_consistency: strong, "
	    "read_capacity_units: 12000, write_capacity_units: 10}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 1KB}\n"
	    "  - {duration: 5s, rate: 3500/s, ops: {read: 1}}\n";
	struct tu_fx f;
	const struct pk_ddb_hot_key *k;
	char *text;

	tu_fx_run(&f, "hot-read.yaml", yaml);
	k = &f.r->variants[0].ddb->hot[0];
	ck_assert_str_eq(k->key, "\"one\"");
	ck_assert_int_eq(k->peak_mcu, 3500 * CU);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "hot key: \"one\" was asked 3,500 read "
				   "units in one second") &&
			  strstr(text, "above the 3,000 RCU") &&
			  strstr(text, "without a sort key each key value is "
				       "one item"),
		      "%s", text);
	ck_assert_msg(strstr(text, "Its reads are strongly consistent: an "
				   "eventually consistent read costs half the "
				   "units (D1)") &&
			  strstr(text, "DynamoDB Accelerator, DAX") &&
			  !strstr(text, "Spread its"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The same item read 7,000 times a second, eventually consistent (the
 * default): ceil(1,024 / 4,096) x 0.5 = 0.5 RCU each (D1), 3,500 read
 * units asked a second, above 3,000 (D3, statement 17: 6,000 eventual
 * reads a second at most). The reads are already at half the units:
 * the finding says so and names the cache, not write sharding.
 */
START_TEST(test_ddb_findings_hot_item_eventual)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 12000, "
	    "write_capacity_units: 10}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 1KB}\n"
	    "  - {duration: 5s, rate: 7000/s, ops: {read: 1}}\n";
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "hot-read-eventual.yaml", yaml);
	ck_assert_int_eq(f.r->variants[0].ddb->hot[0].peak_mcu, 3500 * CU);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "hot key: \"one\" was asked 3,500 read "
				   "units in one second") &&
			  strstr(text, "Its reads are already eventually "
				       "consistent") &&
			  strstr(text, "DAX") && !strstr(text, "Spread its"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * One key value written 1,500 times a second (1 KiB, 1 WCU) along a
 * sort key drawn at random from 1,000 values: about half its puts rise
 * and half fall, no steady direction, so DynamoDB could split its items
 * apart by sort key for heat (D7, reference §4: "such a key may exceed
 * 1,000 WCU in total after splits"), which pksim replays after 300 s
 * of heat and 300 s more (heat_split's defaults; this 5 s run ends
 * before): the finding says its throttles are those before the split,
 * not that no split helps. With heat_split: off it says they are an
 * upper bound.
 */
START_TEST(test_ddb_findings_hot_key_spread)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /s, "
	    "read_capacity_units: 10, write_capacity_units: 4000}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: one}, s: {values: \"s{000..999}\"}}\n"
	    "phases: [{duration: 5s, rate: 1500/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct tu_fx f;
	const struct pk_ddb_hot_key *k;
	char *text;

	tu_fx_run(&f, "spread.yaml", yaml);
	k = &f.r->variants[0].ddb->hot[1];
	ck_assert_int_eq(k->peak_mcu, 1500 * CU);
	ck_assert_uint_lt(k->rising, k->puts * 6 / 10);
	ck_assert_uint_lt(k->falling, k->puts * 6 / 10);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "cuts its items apart by sort key "
				   "(/s)") &&
			  strstr(text, "0 heat splits in the run") &&
			  strstr(text, "those before the split") &&
			  !strstr(text, "upper bound") &&
			  !strstr(text, "no split can fix it"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
	{
		char off[sizeof(yaml) + 32];
		const char *at = strstr(yaml, "write_capacity_units");

		/* the same table with heat_split: off */
		snprintf(off, sizeof(off), "%.*sheat_split: off, %s",
			 (int)(at - yaml), yaml, at);
		tu_fx_run(&f, "spread-off.yaml", off);
	}
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "could cut its items apart by sort key "
				   "(/s)") &&
			  strstr(text, "heat_split: off does not replay") &&
			  strstr(text, "upper bound") &&
			  !strstr(text, "no split can fix it"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The hot key's writes in BatchWriteItem items: 100 batches a second of
 * 15 items of 1 KiB on one customer (1 WCU an item, D1: each item
 * rounded on its own), no retries, for 10 s. Each item asks its own key
 * value: 1,500 write units in the first second (and every one), above
 * the 1,000 WCU a partition serves (D3, statement 17). Its puts: 15,000
 * items, admitted or not; their ids "0".."14999" rise but where a digit
 * is added (after "9", "99", "999", "9999"): 14,995 of the 14,999 after
 * the first rose, 4 fell (D7). Each item is admitted on its own
 * (BatchWriteItem is not atomic): the partition writes 66 batches a
 * second whole (990 units), 10 items of the 67th (to its cap of 1,000,
 * the other 5 returned unprocessed) and throttles the 33 after it
 * whole: 500 of its 1,500 item writes a second, 5,000 of 15,000 over
 * the run (33.3 %), said as a partition's in DynamoDB's words.
 */
START_TEST(test_ddb_findings_hot_key_batch)
{
	struct tu_fx f;
	const struct pk_ddb_hot_key *k;
	char *text;

	tu_fx_run(&f, "batch.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /customer, sort_key: /id, "
		  "read_capacity_units: 3000, write_capacity_units: 4000}\n"
		  "client: {retries: off}\n"
		  "items: {customer: {const: customer-0042}}\n"
		  "phases: [{duration: 10s, rate: 100/s, ops: {batch: 1}, "
		  "batch: {size: 15}, item_size: 1KB}]\n");
	k = &f.r->variants[0].ddb->hot[1];
	ck_assert_str_eq(k->key, "\"customer-0042\"");
	ck_assert_int_eq(k->peak_mcu, 1500 * CU);
	ck_assert_int_eq(k->peak_s, 0);
	ck_assert_uint_eq(k->puts, 15000);
	ck_assert_uint_eq(k->rising, 14995);
	ck_assert_uint_eq(k->falling, 4);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "hot key: \"customer-0042\" was asked "
				   "1,500 write units in one second") &&
			  strstr(text, "partition 1 throttled 33.3% of its "
				       "requests (5,000 of 15,000)"),
		      "%s", text);
	free(text);
	/* the text report's batch line in DynamoDB's words: 66 batches a
	   second written whole and 1 partly for 10 s, 1,000 items a
	   second */
	text = tu_report(f.r, report_text);
	ck_assert_msg(strstr(text, "BatchWriteItem           670 answered: 660 "
				   "written, 10 partly (10,000 items written; "
				   "the rest returned as UnprocessedItems), 0 "
				   "refused whole"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The hot key weighs first attempts, not retries (trial G's hkr.yaml,
 * shortened, burst off so the share binds from the first second): one
 * key sends 800 puts of 1 KiB a second (1 WCU each, D1) for 20 s to a
 * table of 1 RCU + 400 WCU: ceil(1 / 3,000 + 400 / 1,000) = 1 partition
 * (D4) of 400 WCU, which admits 400 and throttles 400 a second. The
 * client retries each throttle the next second, so from t = 1 s the key
 * is sent 800 + 400 = 1,200 write units a second, above 1,000; but its
 * demand is 800 WCU a second, under the 1,000 WCU cap (D3, statement 17
 * does not apply): raising the table to 800 WCU serves it all. So the
 * key's busiest second weighs 800 write units and there is no hot-key
 * finding ("no split can fix it ... write sharding" would send the
 * team to re-key a table whose fix is its units).
 */
START_TEST(test_ddb_findings_hot_key_first_attempts)
{
	struct tu_fx f;
	const struct pk_ddb_hot_key *k;
	char *text;

	tu_fx_run(&f, "retried.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, sort_key: /id, "
		  "read_capacity_units: 1, write_capacity_units: 400, "
		  "burst: off}\n"
		  "items: {k: {const: sensor-1}}\n"
		  "phases: [{duration: 20s, rate: 800/s, ops: {create: 1}, "
		  "item_size: 1KB}]\n");
	ck_assert_uint_gt(f.r->variants[0].metrics->totals.retries, 0);
	k = &f.r->variants[0].ddb->hot[1];
	ck_assert_str_eq(k->key, "\"sensor-1\"");
	ck_assert_int_eq(k->peak_mcu, 800 * CU);
	text = tu_findings_text(f.r);
	ck_assert_msg(!strstr(text, "hot key:") &&
			  !strstr(text, "no split can fix it"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * A new on-demand table's mixed load (trial G's odm.yaml, its second
 * phase cut from 60 s to 10 s): 1,000 creates a second for 10 s, then
 * 12,000 requests a second for 10 s, a quarter creates and three
 * quarters strong reads, of 1 KiB (1 WRU a create, 1 RRU a strong read,
 * D1), no retries. The mix asks 3,000 WRU + 9,000 RRU a second: 3,000 /
 * 4,000 + 9,000 / 12,000 = 1.5 of what a new table serves at once,
 * "4,000 WRU/s and 12,000 RRU/s, or a linear combination" (reference
 * §7, CONFIRMED; the peak cannot raise the limit within the run: 1,800
 * s of lag). Each second admits, in arrival order, until reads + 3 x
 * writes reaches 12,000 (within one write's 3 of it), so 12,000 / 1.5 =
 * 8,000 requests and 4,000 are throttled: 10 x 4,000 = 40,000 (the
 * random mix of the first 8,000 moves a second's count by about 2 x 39,
 * sqrt(8,000 x 0.25 x 0.75) writes, 10 seconds by about 78 x sqrt(10) =
 * +-250: 38,750 to 41,250 allowed, five times that). The seed phase's
 * 10,000 WRU are within the limit. The finding says the two limits bound
 * together.
 */
START_TEST(test_ddb_findings_on_demand_linear)
{
	struct tu_fx f;
	const struct pk_snapshot_ddb *b;
	int64_t reads, writes;
	uint64_t thr;
	char *text;

	tu_fx_run(&f, "odm.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /deviceId, capacity: on_demand, "
		  "read_consistency: strong}\n"
		  "client: {retries: off}\n"
		  "items: {deviceId: {values: \"dev-{00000..09999}\"}}\n"
		  "phases:\n"
		  "  - {duration: 10s, rate: 1000/s, ops: {create: 1}, "
		  "item_size: 1KB}\n"
		  "  - {duration: 10s, rate: 12000/s, ops: {create: 0.25, "
		  "read: 0.75}, item_size: 1KB}\n");
	b = f.r->variants[0].ddb;
	reads = b->read_used_mcu / CU;
	writes = b->write_used_mcu / CU - 10000;
	ck_assert_int_le(reads + 3 * writes, 10 * 12000);
	ck_assert_int_ge(reads + 3 * writes, 10 * (12000 - 2));
	thr = f.r->variants[0].metrics->totals.throttled_429;
	ck_assert_uint_ge(thr, 38750);
	ck_assert_uint_le(thr, 41250);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "reads met its instant limit") &&
			  strstr(text, "of the two limits taken together"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * Two key values that each stay under the cap but share a partition by
 * pksim's hash (trial G's hs.yaml, 20 s): 3,000 RCU + 3,000 WCU make
 * ceil(1 + 3) = 4 partitions (D4), and "a" and "h" both land on the
 * first. Each sends 600 puts of 1 KiB a second (1 WCU each, D1), no
 * retries: the partition is asked 1,200 WCU a second against its 1,000
 * cap (D3, which neither adaptive capacity nor burst lifts), so 200 a
 * second are throttled, 4,000 in 20 s. Neither value passes 1,000 (no
 * hot-key finding), and one value asks at most 600 a second while the
 * partition averaged 1,200: several values share it. DynamoDB splits
 * it for heat (D7) after minutes of heat, which pksim replays (after
 * 300 + 300 s by default; this 20 s run ends before), so the finding
 * calls its throttles those before the split, not "a key problem".
 */
START_TEST(test_ddb_findings_shared_partition)
{
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "hs.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3000, "
		  "write_capacity_units: 3000}\n"
		  "streams:\n"
		  "  - {name: a, client: {retries: off}, items: {k: {const: "
		  "a}}, phases: [{duration: 20s, rate: 600/s}]}\n"
		  "  - {name: h, client: {retries: off}, items: {k: {const: "
		  "h}}, phases: [{duration: 20s, rate: 600/s}]}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 4000);
	ck_assert_int_eq(f.r->variants[0].ddb->hot[1].peak_mcu, 600 * CU);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "one hot partition, several key values "
				   "sharing it") &&
			  strstr(text, "splits it for heat") &&
			  strstr(text, "those before its split") &&
			  !strstr(text, "a key problem") &&
			  !strstr(text, "hot key:"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * One key value with a local index (projection all): 600 creates a
 * second of 1 KiB, each 1 WCU for its item and 1 for its index entry,
 * both on the value's partition (D1, D18): 1,200 WCU a second asked of
 * one value, above the 1,000 a partition serves (D3): 500 creates
 * served a second, 100 throttled, 6,000 in 60 s. A local index keeps
 * the value's item collection on one partition, so no split helps: a
 * hot key, not "several key values sharing it" (counting the items'
 * units alone, 600, gave that and "upper bound").
 */
START_TEST(test_ddb_findings_hot_key_lsi)
{
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "hl.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table:\n"
		  "  partition_key: /dev\n"
		  "  sort_key: /id\n"
		  "  read_capacity_units: 10\n"
		  "  write_capacity_units: 4000\n"
		  "  local_secondary_indexes:\n"
		  "    - {name: by-type, sort_key: /type}\n"
		  "client: {retries: off}\n"
		  "items:\n"
		  "  dev: {const: d1}\n"
		  "  type: {values: [a, b]}\n"
		  "phases:\n"
		  "  - {duration: 60s, rate: 600/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 6000);
	ck_assert_int_eq(f.r->variants[0].ddb->hot[1].peak_mcu, 1200 * CU);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "hot key: \"d1\" was asked 1,200 write "
				   "units in one second") &&
			  strstr(text, "a local secondary index keeps") &&
			  !strstr(text, "several key values") &&
			  !strstr(text, "upper bound"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * A storage split of one key written along a rising sort key (/id, the
 * items' numbers): 3 puts a second of 200 KiB (200 WCU each, D1) on 900
 * WCU, adaptive capacity and burst off. 10 GiB / 600 KiB/s = 17,476 s
 * to the split (D6); then each child holds 450 WCU, and every later
 * put's /id is above the cut, so in DynamoDB too all 600 WCU a second
 * go to one child: 2 of 3 fit, one throttled a second, and the
 * throttles are DynamoDB's, not an upper bound (the random sort key's
 * caveat).
 */
START_TEST(test_ddb_findings_split_rising)
{
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "sr.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /dev, sort_key: /id, "
		  "read_capacity_units: 1, write_capacity_units: 900, "
		  "adaptive_capacity: off, burst: off}\n"
		  "client: {retries: off}\n"
		  "items:\n"
		  "  dev: {const: big}\n"
		  "phases:\n"
		  "  - {duration: 24000s, rate: 3/s, ops: {create: 1}, "
		  "item_size: 200KB}\n");
	ck_assert_uint_gt(f.r->variants[0].metrics->totals.throttled_429, 0);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "it came from a storage split") &&
			  strstr(text, "steadily rising sort key") &&
			  strstr(text, "these throttles are DynamoDB's") &&
			  !strstr(text, "upper bound"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * Reads spread over a key value's items after its storage split (trial
 * N's n-onekey-split). 300 RCU + 900 WCU: ceil(300 / 3,000 + 900 /
 * 1,000) = 1 partition (D4). Fill: 2 puts a second of 200 KiB items
 * (200 WCU each, D1), /id "item-0", "item-1", ...: 400 WCU. The
 * partition passes 10 GiB with item ceil(10 x 2^30 / 204,800) = 52,429
 * (item-52428), sent at 52,428 / 2 = 26,214 s (D6). One key value holds
 * all of it, so DynamoDB cuts its items by sort key into two halves by
 * data: the lower child takes the items in string order while they hold
 * at most half the bytes, 26,214 of the 52,429 (5,368,627,200 B), the
 * upper one the rest from the 26,215th id in string order, "item-33590"
 * (sorted by hand: "item-1", "item-10", "item-100", ... byte order).
 * Each child has 150 RCU / 450 WCU (D5); the puts until 26,400 s (all
 * ids from item-52429 on sort above "item-33590", so 400 of 450 WCU on
 * the upper child) are never throttled. Reads: 10 a second of held
 * items drawn uniformly, eventually consistent: ceil(200 / 4) / 2 = 25
 * RCU each (D1), so a child admits 150 / 25 = 6 a second. Of the 52,800
 * ids held, 26,214 sort below the cut (p = 0.49648): a second's 10
 * reads split X ~ Binomial(10, p), throttled max(0, X - 6) + max(0, 4 -
 * X) a second, mean 0.47681 (2 x 244 / 1,024 at p = 1/2), sd 0.7520:
 * 600 s give 286.1 +- 18.4; asserted within 3 sd (231 .. 341). Keeping
 * the key value on one child gave 4 x 600 = 2,400.
 */
START_TEST(test_ddb_findings_split_reads_spread)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	uint64_t thr;
	char *text;

	tu_fx_run(&f, "rs.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /dev, sort_key: /id, "
		  "read_capacity_units: 300, write_capacity_units: 900, "
		  "adaptive_capacity: off, burst: off}\n"
		  "client: {retries: off}\n"
		  "items:\n"
		  "  dev: {const: big}\n"
		  "phases:\n"
		  "  - {duration: 26400s, rate: 2/s, ops: {create: 1}, "
		  "item_size: 200KB}\n"
		  "  - {duration: 600s, rate: 10/s, ops: {read: 1}, "
		  "item_size: 200KB}\n");
	v = &f.r->variants[0];
	thr = v->metrics->totals.throttled_429;
	ck_assert_msg(thr >= 231 && thr <= 341, "%llu",
		      (unsigned long long)thr);
	ck_assert_uint_eq(v->metrics->n_splits, 1);
	ck_assert_int_eq(v->metrics->splits[0].t_s, 26214);
	ck_assert_int_eq(v->metrics->splits[0].by_sort_key, 1);
	ck_assert_uint_eq(v->n_ranges, 2);
	ck_assert_uint_eq(v->ranges[0].storage_bytes, 26214ull * 204800);
	ck_assert_uint_eq(v->ranges[1].storage_bytes, 26586ull * 204800);
	text = tu_findings_text(f.r);
	ck_assert_msg(!strstr(text, "upper bound"), "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The shipped hot-key table in the Markdown report, in DynamoDB's words:
 * its one customer's 1,500 writes a second all land on one partition
 * (100 % of the units served there, normalized 100 %), which admits
 * 1,000 and throttles 500 a second (D3): 33.33 % of its requests. Its
 * cells and its reading name a partition, never a Cosmos DB range.
 */
START_TEST(test_ddb_findings_markdown_words)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "run '%s' --format markdown",
		 tu_src("scenarios/dynamodb/hot-key.yaml"));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "| hottest partition unit share | 100.00% "
				  "(partition 1) |") &&
			  strstr(out, "| worst partition throttled | 33.33% "
				      "(partition 1) |") &&
			  strstr(out, "orders: partition 1 throttled 33.3% "
				      "of its requests"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "(range ") && !strstr(out, ": range "), "%s",
		      out);
	free(out);
}
END_TEST

/*
 * The shipped scale-up-down table's splits and heat strip in its words:
 * raised at t = 60 s from 1 partition to 16 (doubling, D4), its first
 * split cuts partition 0 at the middle of the hash space (80000000..)
 * into partitions 1 and 2; the strip's note explains rows made by
 * splits only (a table's partitions never merge, D8); the HTML heat
 * map of outbox-gsi has a band per partition.
 */
START_TEST(test_ddb_split_words)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "run '%s'",
		 tu_src("scenarios/dynamodb/scale-up-down.yaml"));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "t=60s  partition 0 -> 1 [\"\", 80000000..) "
				  "+ 2 [80000000.., \"FF\")  (throughput)"),
		      "split");
	ck_assert_msg(strstr(out, "(before a partition existed, its row "
				  "shows the partitions it came from"),
		      "strip");
	ck_assert_msg(strstr(out, "partitions split away (figures until "
				  "then)"),
		      "gone");
	ck_assert_msg(!strstr(out, "range 0 ->") &&
			  !strstr(out, "merged away") &&
			  !strstr(out, "until they merged"),
		      "cosmos words");
	free(out);
	snprintf(args, sizeof(args), "run '%s' --format html",
		 tu_src("scenarios/dynamodb/outbox-gsi.yaml"));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "one band per partition, its height"),
		      "html");
	free(out);
}
END_TEST

/*
 * A table's storage growth in its own words (D18, reference §13): one
 * key value d1, 10 creates a second of 2 KiB, a local index projecting
 * all, so 2 + 2 = 4 KiB a create and 40 KiB/s into d1's collection.
 * 10 GiB / 40 KiB/s = 10,485,760 / 40 = 262,144 s = 3.0 days, under
 * the 7 days the finding warns within. The cap is the collection's
 * 10 GiB, refused with ItemCollectionSizeLimitExceededException; a table
 * has no logical partition, no 20 GiB and no 403/1014.
 */
START_TEST(test_ddb_findings_growth_words)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /dev\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 10\n"
	    "  write_capacity_units: 100\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-type, sort_key: /type}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  dev: {const: d1}\n"
	    "  type: {const: a}\n"
	    "phases: [{duration: 60s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 2KB}]\n";
	struct pk_run *run = tu_sim_text("growth.yaml", yaml);
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	ck_assert_msg(strstr(text, "storage growth: item collection /dev = "
				   "\"d1\" (its items and local secondary "
				   "index entries) reaches its 10 GiB limit "
				   "in 3.0 days"),
		      "%s", text);
	ck_assert_msg(strstr(text, "ItemCollectionSizeLimitExceededException"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "403/1014") &&
			  !strstr(text, "logical partition") &&
			  !strstr(text, "20.0 GiB"),
		      "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A table whose growth pksim does not project says so in its own words
 * too: with a local secondary index a key value's item collection holds
 * at most 10 GiB (D18, reference §13), not a logical partition's 20 GiB
 * (Azure Cosmos DB's rule 11). Batches of 5 items of 1 to 3 KB spanning
 * key values (BatchWriteItem) are a combination the runway has no tested
 * projection of, so the sentence gives no date: its cap and its words
 * are what is asserted.
 */
START_TEST(test_ddb_findings_growth_untested_words)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /c\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 1000\n"
	    "  local_secondary_indexes: [{name: l1, sort_key: /t}]\n"
	    "items:\n"
	    "  c: {values: \"c{0..9}\"}\n"
	    "  t: {values: \"t{0..9999}\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: 20s, rate: 100/s, ops: {create: 0.8, "
	    "batch: 0.2}, batch: {size: 5, spanning: 1}, item_size: "
	    "{uniform: [1KB, 3KB]}}\n";
	struct pk_run *run = tu_sim_text("lsi-batch.yaml", yaml);
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	ck_assert_msg(strstr(text, "storage growth: when an item collection "
				   "of /c (a key value's items and local "
				   "secondary index entries) reaches its 10.0 "
				   "GiB limit (D18) is not projected"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "20.0 GiB") &&
			  !strstr(text, "storage growth: when a logical "
					"partition"),
		      "%s", text);
	/* the reason names the table's batches as DynamoDB does: its
	   `batches:` default is BatchWriteItem, not atomic (ddb_batch.c),
	   not Azure Cosmos DB's transactional batch */
	ck_assert_msg(strstr(text, "not projected: BatchWriteItem batches "
				   "(each item a put of its own), batch "
				   "items of varying size with "
				   "BatchWriteItem items spanning key values "
				   "(pksim has no tested projection of it)"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "transactional batch") &&
			  !strstr(text, "logical partitions"),
		      "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A write larger than its partition can ever admit (trial L's l-big2).
 * 1 WCU: one partition (ceil(5 / 3,000 + 1 / 1,000), D4), a bank of 300 s
 * of its 1 WCU (D9), nothing to lend beyond the table's 1 WCU (D10): at
 * most 1 + 300 = 301 WCU in one second. 12 creates of 350 KB = 358,400
 * B, 350 WCU each (D1), one every 600 s: never admitted, 12 throttled,
 * and the finding says so rather than "too few WCU". 300 KB items (300
 * WCU) fit the 301 with the bank full (600 s refill it between them): all
 * 12 written.
 */
static struct pk_run *big_run_set(const char *size, const char *more)
{
	char yaml[512];

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "table: {name: t, partition_key: /id, read_capacity_units: "
		 "5, write_capacity_units: 1%s}\n"
		 "client: {retries: off}\n"
		 "phases: [{name: docs, duration: 2h, rate: 6/h, ops: "
		 "{create: 1}, item_size: %s}]\n",
		 more, size);
	return tu_sim_text("big.yaml", yaml);
}

static struct pk_run *big_run(const char *size)
{
	return big_run_set(size, "");
}

START_TEST(test_ddb_findings_never_fits)
{
	struct pk_run *run = big_run("350KB");
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->totals.succeeded,
			  0);
	ck_assert_uint_eq(res->variants[0].ddb->never_fit[1], 12);
	ck_assert_msg(strstr(text, "12 writes each asked more units than a "
				   "partition can admit in any one second "
				   "(its share, what adaptive capacity lends, "
				   "300 s of it banked, at most its cap"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "too few WCU"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
	run = big_run("300KB");
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->totals.succeeded,
			  12);
	tu_sim_free(run);
}
END_TEST

/*
 * The same table with burst off (trial U7): a partition admits at most
 * its 1 WCU share a second and what the table's 1 WCU lends, 1 WCU in
 * all (D5, D10); 12 creates of 2 KB (2,048 B, 2 WCU each, D1) never fit.
 * The finding names what the partition may use as the table is set: no
 * bank (D9 off).
 */
START_TEST(test_ddb_findings_never_fits_no_burst)
{
	struct pk_run *run = big_run_set("2KB", ", burst: off");
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	ck_assert_uint_eq(res->variants[0].ddb->never_fit[1], 12);
	ck_assert_msg(strstr(text, "12 writes each asked more units than a "
				   "partition can admit in any one second "
				   "(its share, what adaptive capacity lends, "
				   "at most its cap") &&
			  !strstr(text, "banked"),
		      "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * The verdict "too few WCU" over the seconds it compares (trialX2's
 * as-dilute-instant): 1,000 WCU (2 partitions, D4), 1,000 writes a
 * second of 1 KiB (1 WCU each, D1) for 300 s, auto scaling at 20 %:
 * minutes 1 and 2 above it, so at t = 120 s + update_delay_s 60 s the
 * units rise and the partitions split at t = 180 s. The partitions are
 * compared while partition 1 ran at 90 % or more, t = 0 s to 180 s, where
 * the table held 1,000 WCU a second and its writes used 1,000 a second
 * (180,000 of 180,000: 100 %); over the whole run (3,000 s, 50 writes a
 * second after t = 300 s, the units scaled down to 250 with
 * scale_in_margin: 0, a decrease after 15 points below the target
 * itself) it used 7 % of what it held, which the bracket said beside a
 * verdict about the first 180 s.
 */
START_TEST(test_ddb_findings_short_window)
{
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "adi.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {name: t, partition_key: /k, "
		  "read_capacity_units: 10, write_capacity_units: 1000, "
		  "adaptive_capacity: instant, burst: off, "
		  "auto_scaling: {target: 20, min_write_units: 100, "
		  "scale_in_margin: 0}}\n"
		  "streams:\n"
		  "  - name: spread\n"
		  "    client: {retries: off}\n"
		  "    items: {k: {unique: \"u-\"}}\n"
		  "    phases:\n"
		  "      - {name: a, duration: 300s, rate: 1000/s, "
		  "ops: {create: 1}, item_size: 1KB}\n"
		  "  - name: hot\n"
		  "    client: {retries: off}\n"
		  "    items: {k: {const: hot}}\n"
		  "    phases:\n"
		  "      - {name: idle, duration: 300s, rate: 1/h, "
		  "ops: {create: 1}, item_size: 1KB}\n"
		  "      - {name: b, duration: 2700s, rate: 50/s, "
		  "ops: {create: 1}, item_size: 1KB}\n");
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "alive from t = 0 s to t = 180 s") &&
			  strstr(text, "too few WCU for this load (the "
				       "table's writes used 100% of its 1,000 "
				       "WCU from t = 0 s to t = 180 s)") &&
			  !strstr(text, "used 7%"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * A steady load past the units, carried by the bank (trialX4 F3): 100
 * WCU (1 partition, D4), burst on by default, a steady 150 writes a
 * second of 1 KiB (150 WCU, D1) for 300 s: nothing throttled, as the
 * bank, full at the start with 300 x 100 = 30,000 units (ASSUMPTION),
 * pays the 50 a second above the 100: 150 % of the units over the run.
 * At that rate it is empty at t = 30,000 / 50 = 600 s = 300 / (1.5 -
 * 1), and then 50 of the 150 writes a second (33 %) are throttled: not
 * "not short of table capacity".
 */
START_TEST(test_ddb_findings_on_bank)
{
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "bank.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {name: t, partition_key: /id, "
		  "read_capacity_units: 10, write_capacity_units: 100}\n"
		  "client: {retries: off}\n"
		  "phases:\n"
		  "  - {name: p, duration: 300s, rate: 150/s, "
		  "item_size: 1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "busy on its burst bank: the table's "
				   "writes used 150% of its 100 WCU over the "
				   "run") &&
			  strstr(text, "empties at t = 600 s; from then about "
				       "33% of its writes are throttled") &&
			  !strstr(text, "not short"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * "In those seconds" says those seconds' units (trialX4 F6): 3,999 WCU
 * (4 partitions, D4) lowered to 2,000 at t = 1 s (4 x 500, D8), a hot
 * key at 800 writes a second and 1,600 spread ones, adaptive capacity
 * instant, burst off: the table's 2,000 WCU a second bind from t = 1 s
 * (2,400 asked, 400 throttled a second, 24,000 in 60 s), and every
 * throttled second held 2,000 WCU: 100 % of 2,000 a second on average.
 * The run's start (3,999) describes the second before any throttle.
 */
START_TEST(test_ddb_findings_those_seconds)
{
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "lt.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {name: t, partition_key: /k, read_capacity_units: 1, "
		  "write_capacity_units: 3999, burst: off}\n"
		  "streams:\n"
		  "  - name: uni\n"
		  "    client: {retries: off}\n"
		  "    items: {k: {values: \"u{000000..999999}\"}}\n"
		  "    phases:\n"
		  "      - {name: big, duration: 1s, rate: 1/s, "
		  "item_size: 1KB}\n"
		  "      - {name: low, duration: 60s, rate: 1600/s, "
		  "item_size: 1KB, write_capacity_units: 2000}\n"
		  "  - name: hot\n"
		  "    client: {retries: off}\n"
		  "    items: {k: {const: hotkey}}\n"
		  "    phases:\n"
		  "      - {name: w, duration: 1s, rate: 1/s, item_size: 1KB}\n"
		  "      - {name: hot, duration: 60s, rate: 800/s, "
		  "item_size: 1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429,
			  24000);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "while the table's writes used 100% of the "
				   "WCU it held in those seconds: 2,000 a "
				   "second on average") &&
			  !strstr(text, "3,999 at the run's start"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * Auto scaling on the table, a global index with fixed units (trial
 * U8). 100 RCU + 100 WCU, burst off, target 70 %; index by-kind of 100
 * WCU with auto_scaling: off. 200 creates of 1 KiB a second for 300 s: 1 WCU
 * each on the table and 1 on the index (projection all, D1, D17). The table
 * serves its 100 a second (100 % of its units): two 1-minute points above 70 %
 * decide at t = 120 s on ceil(100 / 0.70) = 143 WCU, applied 60 s later
 * (update_delay_s, D19): t = 180 s. Before it the table refuses 100 a
 * second (180 x 100 = 18,000); after it the table would take 143 but
 * the index still takes 100: it refuses 100 a second, 120 x 100 =
 * 12,000 base writes (IndexWriteProvisionedThroughputExceeded). The
 * finding says the index's units stayed fixed while the table's moved.
 */
START_TEST(test_ddb_findings_index_fixed)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 100\n"
	    "  burst: off\n"
	    "  auto_scaling: {target: 70}\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-kind, partition_key: /kind, "
	    "read_capacity_units: 100, write_capacity_units: 100, "
	    "auto_scaling: off}\n"
	    "client: {retries: off}\n"
	    "items: {kind: {values: [a, b, c, d]}}\n"
	    "phases:\n"
	    "  - {duration: 300s, rate: 200/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct tu_fx f;
	const struct pk_ddb_index *x;
	char *text;

	tu_fx_run(&f, "index-fixed.yaml", yaml);
	x = &f.r->variants[0].ddb->indexes[0];
	ck_assert_uint_eq(x->throttled[0], 0);
	ck_assert_uint_eq(x->throttled[1], 12000);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429,
			  18000 + 12000);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "auto scaling moved only the table's "
				   "write units (100 to 143 WCU, D19): global "
				   "secondary index by-kind, with "
				   "auto_scaling: off, kept its 100 WCU the "
				   "whole run and refused 12,000 base writes"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * BatchWriteItem partly throttled: a table of 5 WCU (one partition, no
 * burst, no adaptive capacity), one batch a second of 10 puts of 1 KiB
 * (1 WCU each, D1) for 60 s, no retries. Each second the first 5 items
 * fit and the other 5 are returned as UnprocessedItems: 60 x 5 = 300
 * items written and 300 write throttle events, and no batch refused
 * whole, so ThrottledRequests (the "throttled" line, throttled_429) is
 * 0. The text says the 300 are events; the findings must not say "no
 * throttling" beside the partition's 50 % (300 of 600 puts).
 */
START_TEST(test_ddb_findings_batch_events_not_none)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 10, "
	    "write_capacity_units: 5, burst: off, adaptive_capacity: off}\n"
	    "client: {retries: off}\n"
	    "phases: [{duration: 60s, rate: 1/s, ops: {batch: 1}, "
	    "batch: {size: 10}, item_size: 1KB}]\n";
	struct tu_fx f;
	char *text, *report;

	tu_fx_run(&f, "batch-events.yaml", yaml);
	ck_assert_uint_eq(
	    tu_metrics(f.run->variants[0].svc)->totals.throttled_429, 0);
	report = tu_report(f.r, report_text);
	ck_assert_msg(strstr(report, "\n  ... events by reason     300 "
				     "TableWriteProvisionedThroughputExceeded"
				     "\n"),
		      "%s", report);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "(300 of 600)"), "%s", text);
	ck_assert_msg(!strstr(text, "no throttling"), "%s", text);
	free(report);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * The finding names the lag the table was given: a new on-demand table
 * (warm 4,000 WRU, D13) sent 5,000 creates of 1 KiB a second for 10 s
 * meets its instant limit at t = 0 whatever the lag; with peak_lag_s:
 * 60 the rule it states is 60 s, not the reference's 30 minutes, which
 * the same table without the setting says.
 */
START_TEST(test_ddb_findings_past_peak_lag_named)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /deviceId, capacity: on_demand%s}\n"
	    "client: {retries: off}\n"
	    "items: {deviceId: {values: \"dev-{00000..99999}\"}}\n"
	    "phases: [{duration: 10s, rate: 5000/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	char text[512];
	struct tu_fx f;
	char *said;

	snprintf(text, sizeof(text), yaml, ", peak_lag_s: 60");
	tu_fx_run(&f, "past-peak-lag.yaml", text);
	said = tu_findings_text(f.r);
	ck_assert_msg(strstr(said, "twice the peak it served 60s (the "
				   "table's peak_lag_s) before") &&
			  strstr(said, "only 60s later is the table's "
				       "peak_lag_s (the reference proposes "
				       "30 minutes, an ASSUMPTION)"),
		      "%s", said);
	ck_assert_msg(!strstr(said, "30 minutes before"), "%s", said);
	free(said);
	tu_fx_free(&f);
	snprintf(text, sizeof(text), yaml, "");
	tu_fx_run(&f, "past-peak-default.yaml", text);
	said = tu_findings_text(f.r);
	ck_assert_msg(strstr(said, "twice the peak it served 30 minutes "
				   "before"),
		      "%s", said);
	free(said);
	tu_fx_free(&f);
}
END_TEST

/*
 * A table busy near its units that throttled none of its own requests
 * (trial X's L3: auto scaled to its 70% target, or a GSI's throttles
 * only) is not short of table capacity. By hand: 100 WCU + 10 RCU is one
 * partition (ceil(10 / 3,000 + 100 / 1,000) = 1, D4) with all 100 WCU;
 * 95 creates of 1 KB a second are 95 WCU a second (D1), 95% of its share
 * every second, so its p99 is 95% (>= 90%) and nothing is throttled. The
 * finding must not say "too few WCU".
 */
START_TEST(test_ddb_findings_busy_not_short)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /id, read_capacity_units: 10, "
	    "write_capacity_units: 100}\n"
	    "client: {retries: off}\n"
	    "phases: [{duration: 120s, rate: 95/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run = tu_sim_text("busy.yaml", yaml);
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	ck_assert_uint_eq(res->variants[0].metrics->totals.throttled_429, 0);
	ck_assert_uint_eq(res->variants[0].n_ranges, 1);
	ck_assert_msg(strstr(text, "the one partition, partition 0, ran at "
				   "p99 95% normalized consumption"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "too few WCU"), "%s", text);
	ck_assert_msg(strstr(text, "the table throttled none of its own "
				   "requests, so not short of table "
				   "capacity"),
		      "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * One hot item's partition behind capped p99s (trial X's L1). By hand:
 * 9,000 RCU + 400 WCU is 4 partitions (ceil(9,000 / 3,000 + 400 /
 * 1,000) = 4, D4) of 2,250 RCU and 100 WCU each (D5). The seed, 333.34
 * creates of 1 KiB a second for 60 s (20,000 items), is about 83 WCU a
 * second per partition, its busiest seconds near 100 WCU: every
 * partition's p99 at 90% or more. Then 8,600 strong 1 KiB reads a
 * second (1 RCU each, D1) for 30 s, 11.63% of them (about 1,000/s) to
 * one item (hot_data 0.00005 x 20,000 = 1): its partition is asked about
 * 1,000 + 7,600 / 4 = 2,900 RCU a second against its 2,250 (burst and
 * adaptive capacity off: about 650 x 30 = 19,500 throttled), the others
 * about 1,900, under theirs. Offered units over the run, per partition:
 * about 2,900 x 30 + 83 x 60 = 92,000 against 1,900 x 30 + 83 x 60 =
 * 62,000, 1.48 x, past 90 / 70 = 1.29 x: one hot partition, not too few
 * RCU.
 */
START_TEST(test_ddb_findings_hot_behind_cap)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "seed: 1\n"
	    "table: {name: t, partition_key: /id, read_capacity_units: 9000, "
	    "write_capacity_units: 400, read_consistency: strong, burst: "
	    "off, adaptive_capacity: off}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 333.34/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {duration: 30s, rate: 8600/s, ops: {read: 1}, select: "
	    "{distribution: hotspot, hot_data: 0.00005, hot_ops: 0.1163}}\n";
	struct pk_run *run = tu_sim_text("hotcap.yaml", yaml);
	struct pk_result *res = result_build(run);
	const struct pk_result_variant *v = &res->variants[0];
	char *text = tu_findings_text(res);
	double ratio = 0;
	const struct pk_result_range *hot = findings_ddb_offered_hot(v, &ratio);
	size_t i;

	ck_assert_uint_eq(v->n_ranges, 4);
	for (i = 0; i < v->n_lineage; i++) {
		if (v->lineage[i].busy_seconds > 0) {
			ck_assert_int_ge(v->lineage[i].nru_p99_pct, 90);
		}
	}
	ck_assert_ptr_nonnull(hot);
	ck_assert_msg(ratio > 1.35 && ratio < 1.65, "%f", ratio);
	/* about 19,500 read throttles, nearly all the table's */
	ck_assert_uint_gt(hot->throttled_429, 17000);
	ck_assert_uint_lt(hot->throttled_429, 22000);
	ck_assert_msg(strstr(text, "one hot partition, a key problem, not "
				   "too few units"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "too few RCU"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/* The lend-off shape of test_ddb_findings_hot_behind_cap with adaptive
   capacity `adaptive` and phases after the seed's `reads`, its findings'
   text */
static char *hot_shape(const char *adaptive, const char *reads)
{
	char yaml[1024];
	struct pk_run *run;
	struct pk_result *res;
	char *text;

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "seed: 1\n"
		 "table: {name: t, partition_key: /id, read_capacity_units: "
		 "9000, write_capacity_units: 400, read_consistency: strong, "
		 "burst: off, adaptive_capacity: %s}\n"
		 "client: {retries: off}\n"
		 "phases:\n"
		 "  - {duration: 60s, rate: 333.34/s, ops: {create: 1}, "
		 "item_size: 1KB}\n"
		 "%s",
		 adaptive, reads);
	run = tu_sim_text("hotshape.yaml", yaml);
	res = result_build(run);
	text = tu_findings_text(res);
	result_free(res);
	tu_sim_free(run);
	return text;
}

/*
 * Statement 16's table (reference §16; §6's adaptive-capacity example):
 * 9,000 RCU + 400 WCU lay out ceil(9,000 / 3,000 + 400 / 1,000) = 4
 * partitions (D4) of 100 WCU (D5). Keys k0, k6, k3, k2 land one on each
 * partition (0, 1, 2, 3); their puts of 1 KiB (1 WCU, D1) at 50, 50,
 * 50 and 150 a second: partition 3 asks 150 of its 100 WCU share
 * (normalized p99 100 %, capped), the others 50 (50 %). Adaptive
 * capacity (instant, D10) lends it 50 of the 150 unused: 0 throttled.
 * Its busiest second used 150 of the 1,000 WCU one partition serves
 * (D3): 15 %. The finding says the partition was absorbed below its cap,
 * not "hot partition risk ... a key problem". With adaptive capacity
 * off, the same load throttles 50 a second on partition 3 and the risk
 * finding stays.
 */
static char *stmt16_findings(const char *adaptive, uint64_t *throttled)
{
	char yaml[2048];
	struct pk_run *run;
	struct pk_result *res;
	char *text;
	static const char *const keys[] = {"k0", "k6", "k3", "k2"};
	static const int rate[] = {50, 50, 50, 150};
	size_t n, i;

	n = (size_t)snprintf(
	    yaml, sizeof(yaml),
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, read_capacity_units: 9000, "
	    "write_capacity_units: 400, burst: off, adaptive_capacity: %s}\n"
	    "streams:\n",
	    adaptive);
	for (i = 0; i < 4; i++) {
		n += (size_t)snprintf(
		    yaml + n, sizeof(yaml) - n,
		    "  - {name: s%zu, client: {retries: off}, items: {k: "
		    "{const: %s}}, phases: [{name: w, duration: 10s, rate: "
		    "%d/s, ops: {create: 1}, item_size: 1KB}]}\n",
		    i, keys[i], rate[i]);
	}
	run = tu_sim_text("stmt16.yaml", yaml);
	res = result_build(run);
	*throttled = res->variants[0].metrics->totals.throttled_429;
	text = tu_findings_text(res);
	result_free(res);
	tu_sim_free(run);
	return text;
}

START_TEST(test_ddb_findings_absorbed_below_cap)
{
	uint64_t thr;
	char *text = stmt16_findings("instant", &thr);

	ck_assert_uint_eq(thr, 0);
	ck_assert_msg(strstr(text, "busy past its share, absorbed: partition "
				   "3 ran at p99 100% normalized "
				   "consumption") &&
			  strstr(text, "its busiest second used 15% of that "
				       "(150 write units)") &&
			  !strstr(text, "hot partition risk") &&
			  !strstr(text, "one hot partition, a key problem"),
		      "%s", text);
	free(text);
	/* off: 150 - 100 = 50 throttled a second for 10 s */
	text = stmt16_findings("off", &thr);
	ck_assert_uint_eq(thr, 500);
	ck_assert_msg(strstr(text, "hot partition risk") &&
			  !strstr(text, "busy past its share"),
		      "%s", text);
	free(text);
}
END_TEST

/*
 * The same hot item with adaptive capacity `instant` (trial X's
 * lend-instant): the hot partition asks about 2,900 RCU a second against
 * its 2,250, the others about 1,900 each, leaving 3 x 350 = 1,050 unused
 * that instant adaptive capacity lends it (D10): 0 throttled. Offered
 * units per unit of share as before, 1.48 x: the finding names the hot
 * partition and what absorbed it, not "not a key problem": it throttles
 * only when the table is asked past its units or it nears one
 * partition's 3,000 RCU (D3), and its busiest second, about 2,900 RCU,
 * is past 90 % of that cap.
 */
START_TEST(test_ddb_findings_hot_absorbed)
{
	char *text = hot_shape("instant",
			       "  - {duration: 30s, rate: 8600/s, ops: {read: "
			       "1}, select: {distribution: hotspot, hot_data: "
			       "0.00005, hot_ops: 0.1163}}\n");

	ck_assert_msg(strstr(text, "hot partition, absorbed") &&
			  strstr(text, "adaptive capacity (D10) lent it the "
				       "units the other partitions left "
				       "unused") &&
			  strstr(text, "One hot key or key range, not too few "
				       "units"),
		      "%s", text);
	ck_assert_msg(strstr(text, "so it throttles only when the table is "
				   "asked past its own units (whatever the "
				   "key) or it nears what one partition "
				   "serves (1,000 WCU and 3,000 RCU a second, "
				   "D3) (its busiest second used "),
		      "%s", text);
	{
		const char *u = strstr(text, "(its busiest second used ");
		int pct = -1;

		/* about 2,900 of 3,000 RCU: at least 90 %, at most 100 % */
		ck_assert_int_eq(sscanf(u + strlen("(its busiest second used "),
					"%d%% of that", &pct),
				 1);
		ck_assert_int_ge(pct, 90);
		ck_assert_int_le(pct, 100);
	}
	ck_assert_msg(!strstr(text, "not a key problem"), "%s", text);
	ck_assert_ptr_null(strstr(text, "once they use their own shares"));
	free(text);
}
END_TEST

/*
 * The hot item behind capped p99s on a table that split (the brief's L1
 * after a split): the read phase raises the table to 18,000 RCU, so its
 * 4 partitions double to 8 (D4: ceil(18,000 / 3,000 + 400 / 1,000) = 7
 * > 4) at t = 60 s, 18,000 / 8 = 2,250 RCU each (D5). 17,600 strong 1
 * KiB reads a second, 1,000 of them (hot_ops 0.0568) to one item: its
 * partition is asked about 1,000 + 16,600 / 8 = 3,075 RCU a second, the
 * others about 2,075 (92% of their share: every p99 at 90% or more);
 * adaptive capacity and burst off: about (3,075 - 2,250) x 30 = 24,750
 * throttled, all the hot partition's. Over the seconds the 8 lived
 * (from t = 60 s), offered units per unit of share: 3,075 / 2,075 =
 * 1.48 x the others': the finding names it. (Skipped once a partition
 * split: "too few RCU ... not a key problem".)
 */
START_TEST(test_ddb_findings_hot_after_split)
{
	char *text = hot_shape(
	    "off", "  - {duration: 30s, rate: 17600/s, ops: {read: 1}, "
		   "read_capacity_units: 18000, select: {distribution: "
		   "hotspot, hot_data: 0.00005, hot_ops: 0.0568}}\n");

	ck_assert_msg(strstr(text, "since t = 60 s, when the partitions at "
				   "the end were made") &&
			  strstr(text, "one hot partition, a key problem, not "
				       "too few units"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "not a key problem"), "%s", text);
	free(text);
}
END_TEST

/*
 * A hot partition on a table asked past its units (trialX2's M-d): 9,000
 * RCU + 400 WCU is 4 partitions of 100 WCU (D4, D5); a hot key's 175
 * creates of 1 KiB a second and 300 others spread over the 4 (75 each)
 * ask 475 WCU a second of the table's 400. Instant adaptive capacity
 * lends the hot partition the others' 3 x 25 unused: 175 of its 250 a
 * second, the table's 400 in all; burst off: 75 refused a second by the
 * table's total (TableWriteProvisionedThroughputExceeded), 60 x 75 =
 * 4,500. The key decides which partition throttles, but the table is
 * short of 75 WCU a second: the finding says both, not "not too few
 * units".
 */
START_TEST(test_ddb_findings_hot_and_short)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "seed: 1\n"
	    "table: {name: t, partition_key: /k, read_capacity_units: 9000, "
	    "write_capacity_units: 400, burst: off}\n"
	    "streams:\n"
	    "  - name: hot\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: hotkey}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 175/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: spread\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {unique: \"u-\"}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 300/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("short.yaml", yaml);
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	ck_assert_uint_eq(res->variants[0].metrics->totals.throttled_429, 4500);
	ck_assert_msg(strstr(text, "holds 4,500 of the table's 4,500 "
				   "throttles; 4,500 of them the table's "
				   "provisioned total's") &&
			  strstr(text, "too few units for this load as well as "
				       "one hot partition"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "not too few units"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A read-hot value that is an item collection (trialX2's L-e): table
 * keyed /c with sort key /id, one value "c1" holding 1,000 items (100
 * creates a second for 10 s), then read 4,000 times a second (strong, 1
 * KiB: 4,000 RCU, past the 3,000 one partition serves, D3). The advice
 * speaks of its items, spread by a key suffix computed from the sort key,
 * not of one item's reads.
 */
START_TEST(test_ddb_findings_hot_collection_reads)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "seed: 1\n"
	    "table: {name: t, partition_key: /c, sort_key: /id, "
	    "read_capacity_units: 12000, write_capacity_units: 1000, "
	    "read_consistency: strong}\n"
	    "client: {retries: off}\n"
	    "items: {c: {const: c1}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {duration: 10s, rate: 4000/s, ops: {read: 1}}\n";
	struct pk_run *run = tu_sim_text("coll.yaml", yaml);
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	ck_assert_msg(strstr(text, "answers its items' repeated reads") &&
			  strstr(text, "the value is an item collection (its "
				       "sort key)"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "one item's reads"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/* The findings text of yaml (named name) */
static char *findings_of(const char *name, const char *yaml)
{
	struct pk_run *run = tu_sim_text(name, yaml);
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	result_free(res);
	tu_sim_free(run);
	return text;
}

/*
 * One item behind dilution (trialX2's M-a): 10 RCU + 1,000 WCU (2
 * partitions, D4) raised for 120 s to 4,000 WCU (doubled to 8, D4/D5)
 * with 2,000 unique 1 KiB puts a second, then lowered to 250 WCU (8 x
 * 31.25: partitions never merge, D8) while one key (no sort key: one
 * item) takes 50 puts a second for 300 s; adaptive capacity and burst
 * off: 50 - 31.25 = 18.75 refused a second, 300 x 18.75 = 5,625, every
 * one that item's. Each throttled second's 50 first attempts are the
 * one value's 50 WCU: the finding must not call it several key values
 * (an upper bound, D7) nor its width's doing (1.49 x over the
 * partition's whole life, the uniform phase's load with the item's).
 */
START_TEST(test_ddb_findings_one_item_diluted)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, read_capacity_units: 10, "
	    "write_capacity_units: 1000, adaptive_capacity: off, burst: "
	    "off}\n"
	    "streams:\n"
	    "  - name: spread\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {unique: \"u-\"}}\n"
	    "    phases:\n"
	    "      - {name: a, duration: 120s, rate: 2000/s, ops: {create: "
	    "1}, item_size: 1KB, write_capacity_units: 4000}\n"
	    "  - name: hot\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: hot}}\n"
	    "    phases:\n"
	    "      - {name: wait, duration: 120s, rate: 1/h, ops: {create: "
	    "1}, item_size: 1KB}\n"
	    "      - {name: b, duration: 300s, rate: 50/s, ops: {create: 1}, "
	    "item_size: 1KB, write_capacity_units: 250}\n";
	char *text = findings_of("onekey.yaml", yaml);

	ck_assert_msg(strstr(text, "5,625 of"), "%s", text);
	ck_assert_msg(!strstr(text, "several key values sharing it"), "%s",
		      text);
	ck_assert_msg(!strstr(text, "the layout, not the key"), "%s", text);
	ck_assert_msg(strstr(text, "one hot partition, a key problem"), "%s",
		      text);
	free(text);
}
END_TEST

/*
 * A p99 of the partitions alive before a raise split them (trialX2's
 * L-c): 10 RCU + 1,000 WCU is 2 partitions of 500 WCU (D4, D5); 1,000
 * unique 1 KiB puts a second for 60 s hold both at 100%; then 4,000 WCU
 * doubles them to 8 (D4: ceil(4.003) = 5 > 2, 2 to 4 to 8), and 100
 * puts a second keep the 8 near 12.5 of their 500 (2.5%). "Every partition ran
 * at p99 90% or more" is true of the 2 alive in the first 60 s only: the
 * finding says so, and that the partitions made after were not compared.
 */
START_TEST(test_ddb_findings_p99_window)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, read_capacity_units: 10, "
	    "write_capacity_units: 1000, burst: off}\n"
	    "client: {retries: off}\n"
	    "items: {k: {unique: \"u-\"}}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 1000/s, ops: {create: 1}, item_size: "
	    "1KB}\n"
	    "  - {duration: 600s, rate: 100/s, ops: {create: 1}, item_size: "
	    "1KB, write_capacity_units: 4000}\n";
	char *text = findings_of("window.yaml", yaml);

	ck_assert_msg(strstr(text, "every partition alive from t = 0 s to t "
				   "= 60 s (while partition"),
		      "%s", text);
	ck_assert_msg(strstr(text, "made after or gone before not compared"),
		      "%s", text);
	free(text);
}
END_TEST

/*
 * A Query over a collection past 12 MB (trialX6's q-big2, 30 s of
 * queries): 6,000 RCU + 1,000 WCU, ceil(6,000 / 3,000 + 1,000 / 1,000) =
 * 3 partitions (D4) of 2,000 RCU, each capped at 3,000 (D3), adaptive
 * capacity lending up to the cap (D10), burst off. One value "q" holds
 * 208 x 16 = 3,328 items of 4 KiB (4 WCU each, 832 WCU a second, under
 * the cap: all stored): 3,328 x 4,096 B = 13 MiB, 13 pages of 1 MiB, 256
 * RCU each strong (D1): 3,328 RCU a Query, its pages asked one after the
 * other in its second. 11 pages (2,816) fit the 3,000 cap; the 12th takes
 * the second's asked units to 3,072, past it, and is throttled, so the
 * 13th is never asked: each of the 30 Queries (one a second, retries
 * off) is throttled, though every page alone fits (none never fits).
 * The hot key's busiest read second is all Query units, which pksim's
 * heat splits do not weigh: no split comes, and the hot key finding
 * calls its throttles an upper bound, not "those before the split".
 */
static const char big_query[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {name: t, partition_key: /k, sort_key: /s, "
    "read_capacity_units: 6000, write_capacity_units: 1000, "
    "read_consistency: strong, burst: off}\n"
    "client: {retries: off}\n"
    "items: {k: {const: q}, s: {values: \"{000000..999999}\", "
    "distribution: sequential}}\n"
    "phases:\n"
    "  - {duration: 16s, rate: 208/s, ops: {create: 1}, item_size: 4KB}\n"
    "  - {duration: 30s, rate: 1/s, ops: {query: 1}, queries: [{name: "
    "coll, where: {k: eq}}]}\n";

START_TEST(test_ddb_findings_query_hot_key)
{
	struct pk_run *run;
	struct pk_result *res;
	char *text;

	run = tu_sim_text("q-big.yaml", big_query);
	res = result_build(run);
	text = tu_findings_text(res);
	ck_assert_uint_eq(res->variants[0].metrics->totals.throttled_429, 30);
	ck_assert_uint_eq(res->variants[0].ddb->never_fit_q, 0);
	ck_assert_int_eq(res->variants[0].ddb->hot[0].peak_mcu, 3072 * CU);
	ck_assert_int_eq(res->variants[0].ddb->hot[0].q_mcu, 3072 * CU);
	ck_assert_msg(strstr(text, "\"q\" was asked 3,072 read units") &&
			  strstr(text, "replays none for them: its throttles "
				       "here are an upper bound"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "those before the split"), "%s", text);
	ck_assert_msg(!strstr(text, "Scan pages each"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * A Query page that never fits (statement 3 on a small table): 10 RCU +
 * 100 WCU, one partition (D4) of 10 RCU, adaptive capacity off, burst
 * off: it admits at most 10 RCU in any second. One value holds 10 items
 * of 4,178 B = 41,780 B, one page: ceil(41,780 / 4,096) = 11 RCU strong
 * (statement 3). Each of 10 Queries (one a second, retries off) asks 11
 * > 10: never fits, 10 throttled, 10 pages that never fit; the finding
 * counts them and names a page Limit and eventual reads. Eventually
 * consistent the page is 5.5 RCU (D1): it fits, no such finding.
 */
static const char small_query[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 10, "
    "write_capacity_units: 100, read_consistency: %s, burst: off, "
    "adaptive_capacity: off}\n"
    "client: {retries: off}\n"
    "items: {k: {const: c1}}\n"
    "phases:\n"
    "  - {name: load, duration: 1s, rate: 10/s, item_size: 4178B}\n"
    "  - {name: read, duration: 10s, rate: 1/s, ops: {query: 1}, "
    "queries: [{where: {k: eq}}]}\n";

START_TEST(test_ddb_findings_query_never_fits)
{
	char yaml[sizeof(small_query) + 16];
	struct pk_run *run;
	struct pk_result *res;
	char *text;

	snprintf(yaml, sizeof(yaml), small_query, "strong");
	run = tu_sim_text("q-small.yaml", yaml);
	res = result_build(run);
	text = tu_findings_text(res);
	ck_assert_uint_eq(res->variants[0].metrics->totals.throttled_429, 10);
	ck_assert_uint_eq(res->variants[0].ddb->never_fit[0], 10);
	ck_assert_uint_eq(res->variants[0].ddb->never_fit_q, 10);
	ck_assert_msg(strstr(text, "10 Query or Scan pages each asked more "
				   "read units than a partition can admit in "
				   "any one second (its share, at most its "
				   "3,000 RCU cap, D3)") &&
			  strstr(text, "a page Limit") &&
			  strstr(text, "eventually consistent reads, half"),
		      "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);

	snprintf(yaml, sizeof(yaml), small_query, "eventual");
	run = tu_sim_text("q-small.yaml", yaml);
	res = result_build(run);
	text = tu_findings_text(res);
	ck_assert_uint_eq(res->variants[0].metrics->totals.throttled_429, 0);
	ck_assert_uint_eq(res->variants[0].ddb->never_fit_q, 0);
	ck_assert_msg(!strstr(text, "Scan pages each"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * The same trap the other way (trialY7's as2): 10 RCU + 1,000 WCU, burst
 * off, target 70 %; index by-g of 100 WCU with auto_scaling: off; 150
 * creates a second for 1,000 s. The index takes 100 a second and refuses
 * the rest (the table gives back the units of a write the index
 * refuses): 50 x 1,000 = 50,000 base writes throttled. The table's
 * writes use 100 of its 1,000 WCU (10 %): 15 minutes below the target
 * decide at t = 900 s on ceil(100 / 0.70) = 143 WCU, applied 60 s later
 * (D19), 40 s before the run ends: the finding says the table went from
 * 1,000 down to 143, not "143 to 1,000". (150 a second for 1,000 s keeps
 * the replay short: it need only pass t = 960 s with writes the index
 * refuses.)
 */
START_TEST(test_ddb_findings_index_fixed_down)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 10\n"
	    "  write_capacity_units: 1000\n"
	    "  burst: off\n"
	    "  auto_scaling: {target: 70}\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-g, partition_key: /g, read_capacity_units: 10, "
	    "write_capacity_units: 100, auto_scaling: off}\n"
	    "client: {retries: off}\n"
	    "items: {g: {values: \"g{0000..9999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 1000s, rate: 150/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "index-down.yaml", yaml);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429,
			  50000);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "auto scaling moved only the table's "
				   "write units (1,000 down to 143 WCU, "
				   "D19)"),
		      "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * An on-demand index past its instant limit on a table whose peak_lag_s
 * is 120 s (trialY7's g1, cut from 60 s to 10 s to keep the replay
 * short): the table warm at 10,000 WRU, the index at its default 4,000;
 * 5,000 puts a second of 1 KiB over 10,000 index values (its 40
 * partitions asked about 125 each, under their caps): 1,000 a second
 * past the index's limit, which a peak raises 120 s later, after this
 * run: 10 x 1,000 = 10,000 refused. The finding names the table's lag,
 * not the reference's 30 minutes.
 */
START_TEST(test_ddb_findings_index_lag_named)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  capacity: on_demand\n"
	    "  warm_write_units: 10000\n"
	    "  peak_lag_s: 120\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-g, partition_key: /g}\n"
	    "client: {retries: off}\n"
	    "items: {g: {values: \"g{0000..9999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 5000/s, item_size: 1KB}\n";
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "index-lag.yaml", yaml);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429,
			  10000);
	text = tu_findings_text(f.r);
	ck_assert_msg(strstr(text, "(the table's peak_lag_s) before and at "
				   "least its warm throughput"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "30 minutes"), "%s", text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_findings");
	TCase *tc = tcase_create("traps");

	tcase_add_test(tc, test_ddb_findings_past_peak);
	tcase_add_test(tc, test_ddb_findings_past_peak_retries);
	tcase_add_test(tc, test_ddb_findings_past_peak_lag_named);
	tcase_add_test(tc, test_ddb_split_words);
	tcase_add_test(tc, test_ddb_findings_markdown_words);
	tcase_add_test(tc, test_ddb_findings_hot_key_batch);
	tcase_add_test(tc, test_ddb_findings_at_limit);
	tcase_add_test(tc, test_ddb_findings_hot_key_monotonic);
	tcase_add_test(tc, test_ddb_findings_hot_key_own_sequence);
	tcase_add_test(tc, test_ddb_findings_hot_key_linear);
	tcase_add_test(tc, test_ddb_findings_hot_item_reads);
	tcase_add_test(tc, test_ddb_findings_hot_item_eventual);
	tcase_add_test(tc, test_ddb_findings_hot_key_spread);
	tcase_add_test(tc, test_ddb_findings_hot_key_first_attempts);
	tcase_add_test(tc, test_ddb_findings_on_demand_linear);
	tcase_add_test(tc, test_ddb_findings_shared_partition);
	tcase_add_test(tc, test_ddb_findings_split_rising);
	tcase_add_test(tc, test_ddb_findings_split_reads_spread);
	tcase_add_test(tc, test_ddb_findings_hot_key_lsi);
	tcase_add_test(tc, test_ddb_findings_growth_words);
	tcase_add_test(tc, test_ddb_findings_growth_untested_words);
	tcase_add_test(tc, test_ddb_findings_never_fits);
	tcase_add_test(tc, test_ddb_findings_never_fits_no_burst);
	tcase_add_test(tc, test_ddb_findings_query_never_fits);
	tcase_add_test(tc, test_ddb_findings_query_hot_key);
	tcase_add_test(tc, test_ddb_findings_short_window);
	tcase_add_test(tc, test_ddb_findings_on_bank);
	tcase_add_test(tc, test_ddb_findings_those_seconds);
	tcase_add_test(tc, test_ddb_findings_index_fixed);
	tcase_add_test(tc, test_ddb_findings_index_fixed_down);
	tcase_add_test(tc, test_ddb_findings_index_lag_named);
	tcase_add_test(tc, test_ddb_findings_batch_events_not_none);
	tcase_add_test(tc, test_ddb_findings_busy_not_short);
	tcase_add_test(tc, test_ddb_findings_hot_behind_cap);
	tcase_add_test(tc, test_ddb_findings_hot_absorbed);
	tcase_add_test(tc, test_ddb_findings_absorbed_below_cap);
	tcase_add_test(tc, test_ddb_findings_hot_after_split);
	tcase_add_test(tc, test_ddb_findings_hot_and_short);
	tcase_add_test(tc, test_ddb_findings_hot_collection_reads);
	tcase_add_test(tc, test_ddb_findings_one_item_diluted);
	tcase_add_test(tc, test_ddb_findings_p99_window);
	suite_add_tcase(s, tc);
	return s;
}
