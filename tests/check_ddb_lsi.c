/*
 * ddb_lsi: a DynamoDB table's local secondary indexes through the run
 * (D18, reference §13), each figure derived by hand beside it from
 * statement 28 (§16). 1 unit = 1,000 mCU; 1KB in a scenario is 1,024
 * bytes (D1: 1 WCU), 10 GiB = 10 x 2^30 = 10,737,418,240 bytes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/scorecard.h"
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
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("lsi-del.yaml", yaml, &run, &res);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	/* the last 10 creates were refused: "big"'s collection is full at
	   the end, so days to full is 0 (full now), the key named */
	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_int_eq(c[0].full_collection, 1);
	ck_assert(c[0].days_to_full == 0);
	ck_assert_str_eq(c[0].full_key, "\"big\"");
	ck_assert_uint_eq(t->operations, 26400 + 10 + 20);
	ck_assert_uint_eq(t->succeeded, 26214 + 10 + 10);
	ck_assert_uint_eq(t->bad_request_400, 186 + 10);
	ck_assert_uint_eq(t->ddb_lsi_400, 186 + 10);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, (26214LL + 10 + 10) * 400 * CU);
	tu_cards_free(c, run, res);
}
END_TEST

/* A table keyed by /k (sort key /id) whose one key value "dev" takes 50
   creates a second of 1KB = 1,024 B for 60 s, evenly spaced (every
   20 ms, 0 .. 59,980 ms), with or without a local index by /ts. */
#define DAYS_TABLE                                                             \
	"service: dynamodb\n"                                                  \
	"table:\n"                                                             \
	"  partition_key: /k\n"                                                \
	"  sort_key: /id\n"                                                    \
	"  read_capacity_units: 1\n"                                           \
	"  write_capacity_units: 999\n"
#define DAYS_LOAD                                                              \
	"client: {retries: off}\n"                                             \
	"items: {k: {const: dev}, ts: {values: \"t{0..99}\"}}\n"               \
	"phases: [{duration: 60s, rate: 50/s, ops: {create: 1}, "              \
	"item_size: 1KB}]\n"

/*
 * Days to full of a table with a local secondary index (D18, statement
 * 28: one partition-key value's items and their index entries hold at
 * most 10 GiB). Each create adds its item, 1,024 B, and its index
 * entry (projection all: the item's bytes), 1,024 B: 2,048 B, 50 a
 * second: 102,400 B/s = 100 KiB/s. Over the run (from the first
 * write's instant, 2,048 B, to the last at 59,980 ms) 2,999 x 2,048 B in
 * 59.98 s: exactly 102,400 B/s. At the end it holds 3,000 x 2,048 =
 * 6,144,000 B; 10 GiB = 10,737,418,240 B: (10,737,418,240 - 6,144,000)
 * / 102,400 = 104,797.6 s = 1.21293 days (10 GiB / 100 KiB/s =
 * 104,857.6 s from the start, less the 60 s written).
 */
START_TEST(test_lsi_days_to_full)
{
	static const char yaml[] =
	    DAYS_TABLE "  local_secondary_indexes:\n"
		       "    - {name: by-ts, sort_key: /ts}\n" DAYS_LOAD;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("lsi-days.yaml", yaml, &run, &res);
	char t[1024];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_int_eq(c[0].full_collection, 1);
	ck_assert_str_eq(c[0].full_key, "\"dev\"");
	ck_assert_uint_eq(c[0].full_lp_bytes, 3000 * 2048);
	ck_assert_msg(c[0].full_rate > 102400 - 1e-6 &&
			  c[0].full_rate < 102400 + 1e-6,
		      "%f", c[0].full_rate);
	ck_assert_msg(c[0].days_to_full > 104797.6 / 86400 - 1e-9 &&
			  c[0].days_to_full < 104797.6 / 86400 + 1e-9,
		      "%f", c[0].days_to_full);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "1.21 days") &&
			  strstr(t, "\"dev\"'s item collection first") &&
			  strstr(t, "100.0 KiB/s"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The same 60 s of creates into "dev" (2,048 B each with its index
 * entry, 50 a second: 102,400 B/s from its first write at 0 ms to its
 * last at 59,980 ms), then 60 s of point reads (1 a second) that add
 * nothing: the run ends at 120 s, and its phases repeat as a 120-s
 * cycle (as the Azure Cosmos DB runway takes a workload). Each cycle
 * adds 6,144,000 B: 2,048 at its first instant, then 102,400 B/s for
 * 59.98 s. After k = ceil((10,737,418,240 - 6,144,000) / 6,144,000) =
 * 1,747 cycles it holds 10,733,568,000 B; the next cycle's first write
 * adds 2,048 and the rest (10,737,418,240 - 10,733,568,000 - 2,048) /
 * 102,400 = 37.58 s of its growth: 1,747 x 120 + 37.58 = 209,677.58 s
 * from the start, 209,557.58 s after the run's end, 2.42543 days; the
 * cycle's mean 6,144,000 / 120 = 51,200 B/s (50.0 KiB/s). Before: the
 * busy phase's straight line, 1.21293 days, half that.
 */
START_TEST(test_lsi_days_to_full_busy_phase_said)
{
	static const char yaml[] =
	    DAYS_TABLE "  local_secondary_indexes:\n"
		       "    - {name: by-ts, sort_key: /ts}\n"
		       "client: {retries: off}\n"
		       "items: {k: {const: dev}, ts: {values: \"t{0..99}\"}}\n"
		       "phases:\n"
		       "  - {duration: 60s, rate: 50/s, ops: {create: 1}, "
		       "item_size: 1KB}\n"
		       "  - {duration: 60s, rate: 1/s, ops: {read: 1}}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("lsi-busy.yaml", yaml, &run, &res);
	char t[1024];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(c[0].full_rate > 102400 - 1e-6 &&
			  c[0].full_rate < 102400 + 1e-6,
		      "%f", c[0].full_rate);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, 209557.58, 1e-7),
		      "%f", c[0].days_to_full * 86400.0);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "2.4 days (") &&
			  strstr(t, "(\"dev\"'s item collection first, "
				    "growing 50.0 KiB/s on average over its "
				    "2.0 min cycle, 100.0 KiB/s as it fills: "
				    "its items and local secondary index "
				    "entries against 10 GiB, D18)"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The 60 s of creates of test_lsi_days_to_full under `time_scale: 1s =
 * 1m`: the run's 102,400 B a simulated second are 102,400 B a real
 * minute, 1,706.7 B/s, and the 104,797.6 simulated seconds after the
 * run's end are 104,797.6 real minutes: 6,287,856 s = 72.7761 days,
 * said at its time scale (no storage-growth finding: past 90 days).
 * Under `1s = 3d`, 104,797.6 x 3 days, past 5 years: not within 5
 * years, holding 6,144,000 + 102,400 / 259,200 x 157,680,000 =
 * 68,437,333 B then. Before: 1.21 days whatever the scale.
 */
START_TEST(test_lsi_days_to_full_time_scale)
{
	static const char fmt[] =
	    "time_scale: \"%s\"\n" DAYS_TABLE "  local_secondary_indexes:\n"
	    "    - {name: by-ts, sort_key: /ts}\n" DAYS_LOAD;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char yaml[1024], t[1024];

	snprintf(yaml, sizeof(yaml), fmt, "1s = 1m");
	c = tu_cards("lsi-ts.yaml", yaml, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full, 72.77611, 1e-6), "%f",
		      c[0].days_to_full);
	ck_assert_msg(tu_near(c[0].full_rate, 1706.667, 1e-6), "%f",
		      c[0].full_rate);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "72.8 days") &&
			  strstr(t, "at its time scale (1s = 1m)"),
		      "%s", t);
	tu_cards_free(c, run, res);
	snprintf(yaml, sizeof(yaml), fmt, "1s = 3d");
	c = tu_cards("lsi-ts.yaml", yaml, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_BEYOND);
	ck_assert_msg(tu_near((double)c[0].full_lp_bytes, 68437333.0, 1e-6),
		      "%f", (double)c[0].full_lp_bytes);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A workload that rewrites a bounded set of ids: the sort key /id takes
 * 200 values ("i000".."i199"), so "dev"'s collection holds at most 200
 * items and their index entries, 200 x (1,024 + 1,024) = 409,600 B,
 * far under 10 GiB: it never fills, though it grew over the run (3,000
 * creates of 200 ids, a PutItem each: every id written in the first
 * seconds, the rest replace them). Projected from its growth as if new ids kept
 * coming, it filled in days.
 */
START_TEST(test_lsi_bounded_ids_never)
{
	static const char yaml[] = DAYS_TABLE
	    "  local_secondary_indexes:\n"
	    "    - {name: by-ts, sort_key: /ts}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: dev}, id: {values: \"i{000..199}\"}, "
	    "ts: {values: \"t{0..99}\"}}\n"
	    "phases: [{duration: 60s, rate: 50/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("lsi-ids.yaml", yaml, &run, &res);
	char t[1024];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_NEVER);
	ck_assert(c[0].days_to_full < 0);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "never: the sort key takes 200 values, which "
				"bound every item collection under 10 GiB"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The same table without a local index: no key value's items are
 * capped (reference §13: "GSIs, and tables without LSIs, have no such
 * limit"); what does fill is a partition, and one past 10 GiB splits
 * (D6): no day count, "n/a" with that reason.
 */
START_TEST(test_lsi_none_no_cap)
{
	static const char yaml[] = DAYS_TABLE DAYS_LOAD;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("no-lsi.yaml", yaml, &run, &res);
	char t[1024];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_NO_CAP);
	ck_assert_int_eq(c[0].full_collection, 2);
	ck_assert(c[0].days_to_full < 0);
	ck_assert_str_eq(scorecard_full_text(res, &c[0], 1, t, sizeof(t)),
			 "n/a (no cap)");
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "n/a: no cap: a table without a local "
				"secondary index") &&
			  strstr(t, "splits in two (D6)"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/* Four puts of primary key (o1, r) a second apart (the two tests
   below), the index's projection given by proj ("" or ", projection:
   keys_only"); run (tu_sim_free it) */
static struct pk_run *run_lsi_puts(const char *proj)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  sort_key: /rev\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 100\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: s, sort_key: /status%s}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    items: {id: {const: o1}, rev: {const: r}, status: {const: "
	    "new}}\n"
	    "    phases: [{duration: 1s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n"
	    "  - name: b\n"
	    "    items: {id: {const: o1}, rev: {const: r}, status: {const: "
	    "paid}}\n"
	    "    phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}, "
	    "{duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 1KB}]\n"
	    "  - name: c\n"
	    "    items: {id: {const: o1}, rev: {const: r}, status: {const: "
	    "paid}}\n"
	    "    phases: [{duration: 2s, rate: 1/s, ops: {read: 1}}, "
	    "{duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 2KB}]\n"
	    "  - name: d\n"
	    "    items: {id: {const: o1}, rev: {const: r}}\n"
	    "    phases: [{duration: 3s, rate: 1/s, ops: {read: 1}}, "
	    "{duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 1KB}]\n";
	char yaml[sizeof(fmt) + 64];

	snprintf(yaml, sizeof(yaml), fmt, proj);
	return tu_sim_text("lsi-change.yaml", yaml);
}

/*
 * A local index's writes follow a global one's (reference §13: "same
 * write-cost rules as a GSI"; §12's table, statement 24's second
 * sentence), on the table's own units. Puts of one primary key (id o1,
 * rev r), a second apart, 1 KB = 1 WCU (D1), projection all:
 * - t = 0 s, status new, a new item: base 1 + index put 1 = 2 WCU;
 * - t = 1 s, status paid: the index sort key changes, base 1 + a delete
 *   of the stored 1 KB entry 1 + a put 1 = 3 WCU;
 * - t = 2 s, status paid again, 2 KB: the value stays, base 2 (the
 *   larger of 1 KB and 2 KB) + 1 index write of 2 = 4 WCU;
 * - t = 3 s, no status: the attribute is removed, base 2 (the stored
 *   2 KB) + 1 delete of the stored 2 KB entry 2 = 4 WCU.
 * 2 + 3 + 4 + 4 = 13 WCU, and the 6 reads of o1 between them (streams
 * b, c, d: 1 + 2 + 3; eventual, 0.5 RCU each whether o1 is stored yet
 * or not, §1) 3 RCU: 16 units. Counting one index write a put, as the
 * put's item alone has it: 2 + 2 + 4 + 2 + 3 = 13.
 */
START_TEST(test_lsi_changed_value_two_writes)
{
	struct pk_run *run = run_lsi_puts("");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 4 + 6);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, 16 * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * The same four puts with `projection: keys_only` (statement 24: "1 for
 * the other if its projected attributes changed"; §13: a local index
 * writes by a global one's rules): an entry holds only keys, each index
 * write 1 WCU whatever the item's size:
 * - t = 0 s, a new item: base 1 + index put 1 = 2 WCU;
 * - t = 1 s, status new -> paid: base 1 + a delete 1 + a put 1 = 3 WCU;
 * - t = 2 s, status paid again, 2 KB: base 2 (the larger of 1 KB and 2
 *   KB); only keys projected and none changed: no index write, 2 WCU;
 * - t = 3 s, no status: base 2 (the stored 2 KB) + 1 delete 1 = 3 WCU.
 * 2 + 3 + 2 + 3 = 10 WCU and the 6 reads' 3 RCU: 13 units. Charging
 * the kept value 1 index write as projection all does: 14.
 */
START_TEST(test_lsi_keys_only_kept_value_no_write)
{
	struct pk_run *run = run_lsi_puts(", projection: keys_only");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 4 + 6);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, 13 * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * A partition's 10 GB holds its items' local index entries too
 * (reference §2: "10 GB is a partition's maximum size, which is why an
 * LSI item collection cannot exceed it"; §13), so its storage split
 * (D6) comes at items plus entries past 10 GiB. One partition
 * (ceil(1 / 3,000 + 900 / 1,000), D4) of 900 WCU; key values d1 and d2
 * in turn, 2 creates a second of 200 KB = 204,800 B, projection all:
 * 409,600 B a create (item plus entry), 400 WCU (800 a second). Each
 * collection holds half, never near its own 10 GiB. 10,737,418,240 /
 * 409,600 = 26,214.4: after 13,100 s (26,200 creates, 10,731,520,000 B)
 * no split; after 13,110 s (26,220, 10,739,712,000 B) one, 2 partitions.
 * Counting the items alone (204,800 B each) the split would wait for
 * 52,429 creates, t = 26,214 s. heat_split: off: 800 WCU a second is
 * 80 % of the partition's 1,000, which would split it for heat first
 * (D7: d1 and d2 each half its weight).
 */
static struct tu_end lsi_split_run(const char *duration)
{
	char yaml[1024];
	struct pk_run *run;
	struct tu_end e;

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /dev\n"
		 "  sort_key: /id\n"
		 "  read_capacity_units: 1\n"
		 "  write_capacity_units: 900\n"
		 "  heat_split: off\n"
		 "  local_secondary_indexes:\n"
		 "    - {name: by-type, sort_key: /type}\n"
		 "client: {retries: off}\n"
		 "items:\n"
		 "  dev: {values: [\"d1\", \"d2\"], distribution: "
		 "sequential}\n"
		 "  type: {const: a}\n"
		 "phases: [{duration: %s, rate: 2/s, ops: {create: 1}, "
		 "item_size: 200KB}]\n",
		 duration);
	run = tu_sim_text("lsi-split.yaml", yaml);
	e = tu_end(run, 0);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->totals.succeeded,
			  tu_metrics(run->variants[0].svc)->totals.operations);
	tu_sim_free(run);
	return e;
}

START_TEST(test_lsi_entries_in_partition_storage)
{
	struct tu_end before = lsi_split_run("13100s");
	struct tu_end after = lsi_split_run("13110s");

	ck_assert_uint_eq(before.ranges, 1);
	ck_assert_uint_eq(before.storage, 26200ULL * 409600);
	ck_assert_uint_eq(after.ranges, 2);
	ck_assert_uint_eq(after.storage, 26220ULL * 409600);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_lsi");
	TCase *tc = tcase_create("run");

	tcase_add_test(tc, test_lsi_collection_limit);
	tcase_add_test(tc, test_lsi_full_collection_deletes);
	tcase_add_test(tc, test_lsi_days_to_full);
	tcase_add_test(tc, test_lsi_days_to_full_busy_phase_said);
	tcase_add_test(tc, test_lsi_days_to_full_time_scale);
	tcase_add_test(tc, test_lsi_bounded_ids_never);
	tcase_add_test(tc, test_lsi_none_no_cap);
	tcase_add_test(tc, test_lsi_changed_value_two_writes);
	tcase_add_test(tc, test_lsi_keys_only_kept_value_no_write);
	tcase_add_test(tc, test_lsi_entries_in_partition_storage);
	suite_add_tcase(s, tc);
	return s;
}
