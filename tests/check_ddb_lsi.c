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

#include "pksim/report/report_json.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
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
 * most 10 GiB), projected from the workload (runway.h), not from what
 * the run stored. Each create adds its item, 1,024 B, and its index
 * entry (projection all: the item's bytes), 1,024 B: 2,048 B, 50 a
 * second: 102,400 B/s = 100 KiB/s, the 60-s phase repeated. 10 GiB =
 * 10,737,418,240 B: 10,737,418,240 / 102,400 = 104,857.6 s from the
 * workload's start = 1.213630 days. Before: the run's growth as a
 * straight line from its end, 104,797.6 s.
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
	ck_assert_msg(tu_near(c[0].full_rate, 102400, 1e-9), "%f",
		      c[0].full_rate);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, 104857.6, 1e-9),
		      "%f", c[0].days_to_full * 86400.0);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "1.21 days") &&
			  strstr(t, "projected from the workload's rates") &&
			  strstr(t, "\"dev\"'s item collection first") &&
			  strstr(t, "100.0 KiB/s") &&
			  strstr(t, "its items and local secondary index "
				    "entries against 10 GiB, D18"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The same 60 s of creates into "dev" (2,048 B each with its index
 * entry, 50 a second: 102,400 B/s), then 60 s of point reads (1 a
 * second) that add nothing and take no write unit (reads have their
 * own bucket, D3): the phases repeat as a 120-s cycle (as the Azure
 * Cosmos DB runway takes a workload), each adding 60 x 102,400 =
 * 6,144,000 B over its first 60 s. After 1,747 cycles (209,640 s) it
 * holds 10,733,568,000 B; the rest, 10,737,418,240 - 10,733,568,000 =
 * 3,850,240 B, takes 3,850,240 / 102,400 = 37.6 s of the next busy
 * phase: 209,677.6 s from the start, 2.42683 days; the cycle, under
 * an hour, is said at its mean, 6,144,000 / 120 = 51,200 B/s (50.0
 * KiB/s), as a container's is.
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
	ck_assert_msg(tu_near(c[0].full_rate, 51200, 1e-9), "%f",
		      c[0].full_rate);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, 209677.6, 1e-9),
		      "%f", c[0].days_to_full * 86400.0);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "2.4 days projected from the workload's "
				"rates (\"dev\"'s item collection first, "
				"growing 50.0 KiB/s); the phases last only "
				"2.0 min, repeated for the projection"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The 60 s of creates of test_lsi_days_to_full under `time_scale: 1s =
 * 1m`: 102,400 B a simulated second are 102,400 B a real minute,
 * 1,706.667 B/s, and the 104,857.6 simulated seconds to 10 GiB are
 * 104,857.6 real minutes: 6,291,456 s = 72.81778 days, said at its
 * time scale (no storage-growth finding: past 90 days). Under `1s =
 * 3d`, 104,857.6 x 3 days, past 5 years: not within 5 years, holding
 * 102,400 / 259,200 x 157,680,000 = 62,293,333 B then.
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
	ck_assert_msg(tu_near(c[0].days_to_full, 72.81778, 1e-6), "%f",
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
	ck_assert_msg(tu_near((double)c[0].full_lp_bytes, 62293333.0, 1e-6),
		      "%f", (double)c[0].full_lp_bytes);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A workload that rewrites a bounded set of ids: the sort key /id takes
 * 200 values ("i000".."i199"), so "dev"'s collection holds at most 200
 * items and their index entries, 200 x (1,024 + 1,024) = 409,600 B
 * (400.0 KiB), far under 10 GiB: it never fills (3,000 creates of 200
 * ids, a PutItem each: the rest replace them).
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
	ck_assert_msg(strstr(t, "never: an item collection holds at most 200 "
				"sort key values, at most 400.0 KiB, under "
				"its 10 GiB (D18)"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/* A table keyed by /k (sort key /id), one value "a", with a local index
   of projection all by /t: 1 KB creates (2,048 B each with its entry)
   at RATE, a 10-min phase, from the clock's START */
#define SCHED_TABLE                                                            \
	"clock: {start: \"%s\"}\n" DAYS_TABLE "  local_secondary_indexes:\n"   \
	"    - {name: by-t, sort_key: /t, projection: all}\n"                  \
	"client: {retries: off}\n"                                             \
	"items: {k: {const: a}, t: {values: \"t{000..999}\"}}\n"               \
	"phases: [{duration: 10m, rate: %s, ops: {create: 1}, "                \
	"item_size: 1KB}]\n"

/* The runway of SCHED_TABLE from start at rate: its seconds to full (-1
   none), its sentence into t */
static double sched_full_s(const char *start, const char *rate, char *t,
			   size_t cap, int *kind)
{
	char yaml[2048];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	double s;

	snprintf(yaml, sizeof(yaml), SCHED_TABLE, start, rate);
	c = tu_cards("lsi-sched.yaml", yaml, &run, &res);
	*kind = (int)c[0].full_kind;
	s = c[0].full_kind == PK_FULL_DAYS ? c[0].days_to_full * 86400.0 : -1;
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
	return s;
}

/*
 * A table's days to full follow the rate schedule, as a container's do.
 * 10 GiB / 2,048 B = 5,242,880 creates.
 * - 50/s on weekdays from Saturday 2026-01-03: nothing written until
 *   Monday (2 days = 172,800 s), then 102,400 B/s: 10,737,418,240 /
 *   102,400 = 104,857.6 s later, 277,657.6 s = 3.2136 days (Tuesday
 *   05:07). Before: "never: no item collection grew" (the run, on a
 *   Saturday, wrote nothing).
 * - 5/s on weekdays from Monday 2026-01-05: 10,240 B/s, 1,048,576 s of
 *   weekday writing = 2 weeks of 5 weekdays (864,000 s, 14 days =
 *   1,209,600 s) and 184,576 s of the third Monday on:
 *   1,209,600 + 184,576 = 1,394,176 s = 16.1363 days (a replay of the
 *   same workload refuses its first put at 1,394,176 s). Before: a
 *   straight line through the weekends, 12.1 days.
 * - 50/s from 09:00 to 17:00 (a daily curve) from Monday 09:00: 8 h =
 *   28,800 s of writing a day, 104,857.6 / 28,800 = 3 days and
 *   18,457.6 s of Thursday's from 09:00: 3 x 86,400 + 18,457.6 =
 *   277,657.6 s. Before: 1.21 days.
 */
START_TEST(test_lsi_days_to_full_schedule)
{
	char t[1024];
	int kind;
	double s;

	s = sched_full_s("2026-01-03", "{base: 50/s, weekly: weekdays}", t,
			 sizeof(t), &kind);
	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, 277657.6, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "3.2 days projected from the workload's "
				"rates") &&
			  strstr(t, "\"a\"'s item collection first"),
		      "%s", t);
	s = sched_full_s("2026-01-05", "{base: 5/s, weekly: weekdays}", t,
			 sizeof(t), &kind);
	ck_assert_msg(tu_near(s, 1394176.0, 1e-9), "%f: %s", s, t);
	s = sched_full_s("2026-01-05T09:00:00Z",
			 "{base: 50/s, daily: [0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,"
			 "1,1,0,0,0,0,0,0,0]}",
			 t, sizeof(t), &kind);
	ck_assert_msg(tu_near(s, 277657.6, 1e-9), "%f: %s", s, t);
}
END_TEST

/*
 * A table keyed by the date (/d = clock "%Y-%m-%d", sort key /id, a
 * local index of projection all) at 50 creates/s of 1 KB from Monday
 * 2026-01-05: a date's collection grows only on its day, 50 x 2,048 x
 * 86,400 = 8,847,360,000 B (8.24 GiB) when its day ends, under 10 GiB:
 * bounded, none ever fills. Before: "2026-01-05" said to fill in 1.21
 * days (a 30-h run: 5.1 h after its end), a day after it stopped
 * growing.
 */
START_TEST(test_lsi_days_to_full_date_key_bounded)
{
	static const char yaml[] =
	    "clock: {start: 2026-01-05}\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /d\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 10\n"
	    "  write_capacity_units: 1000\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-t, sort_key: /t, projection: all}\n"
	    "client: {retries: off}\n"
	    "items: {d: {clock: \"%Y-%m-%d\"}, t: {values: \"t{000..999}\"}}\n"
	    "phases: [{duration: 10m, rate: 50/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("lsi-date.yaml", yaml, &run, &res);
	char t[1024];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_BOUNDED);
	ck_assert_msg(tu_near(c[0].bucket_reach_bytes, 8847360000.0, 1e-9),
		      "%f", c[0].bucket_reach_bytes);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "bounded: a day's item collection stops "
				"growing when its day ends, holding at most "
				"8.2 GiB of its 10 GiB (D18), projected from "
				"the workload's rates"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The table's own throughput bounds a collection's growth: 5,000 WCU
 * (D4: ceil(1 / 3,000 + 5,000 / 1,000) = 6 partitions), "dev" sent
 * 2,000 creates/s of 1 KB, each 1 WCU for its item and 1 for its index
 * entry (D1, D18): 4,000 WCU a second asked of one partition, which
 * serves one key value at most 1,000 WCU (D3): 500 creates a second,
 * 500 x 2,048 = 1,024,000 B/s (1000.0 KiB/s), 10,737,418,240 /
 * 1,024,000 = 10,485.76 s. The sentence names the partition that holds
 * "dev" and its 1,000 WCU. Before: the run's stored growth, which the
 * throttling happened to allow.
 */
START_TEST(test_lsi_days_to_full_wcu_bound)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 1\n"
	    "  write_capacity_units: 5000\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-ts, sort_key: /ts}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: dev}, ts: {values: \"t{0..99}\"}}\n"
	    "phases: [{duration: 60s, rate: 2000/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("lsi-wcu.yaml", yaml, &run, &res);
	char t[1024], want[96];
	uint32_t held = UINT32_MAX;
	size_t i;

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, 10485.76, 1e-9),
		      "%f", c[0].days_to_full * 86400.0);
	ck_assert_msg(tu_near(c[0].full_rate, 1024000.0, 1e-9), "%f",
		      c[0].full_rate);
	/* the partition the run stored "dev"'s items on */
	for (i = 0; i < res->variants[0].n_ranges; i++) {
		if (res->variants[0].ranges[i].storage_bytes > 0) {
			held = res->variants[0].ranges[i].id;
		}
	}
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	snprintf(want, sizeof(want), "bounded by partition %u's 1,000 WCU",
		 held);
	ck_assert_msg(strstr(t, want), "%s", t);
	/* the JSON report's basis in the table's words */
	ck_assert_str_eq(report_json_full_basis(&c[0]),
			 "workload_rates_bounded_by_partition");
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

/* The seconds to full of a table of 100 WCU keyed /k (one value "a")
   with a projection-all local index, 60 puts/s of 10 KB (10,240 B:
   10 WCU for the item and 10 for its index entry, D1, D18; 20,480 B
   a put counted against the collection's 10 GiB), its table settings
   extra and its phase's phase_extra; *t the sentence */
static double units_full_s(const char *extra, const char *phase_extra, char *t,
			   size_t cap)
{
	char yaml[1024];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	double s;

	snprintf(yaml, sizeof(yaml),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /k\n"
		 "  sort_key: /id\n"
		 "  read_capacity_units: 10\n"
		 "%s"
		 "  local_secondary_indexes:\n"
		 "    - {name: by-t, sort_key: /t}\n"
		 "client: {retries: off}\n"
		 "items: {k: {const: a}, t: {values: \"t{000..999}\"}}\n"
		 "phases: [{duration: 2m, rate: 60/s, ops: {create: 1}, "
		 "item_size: 10KB%s}]\n",
		 extra, phase_extra);
	c = tu_cards("lsi-units.yaml", yaml, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	s = c[0].days_to_full * 86400.0;
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
	return s;
}

/*
 * The write units a key value takes are the table's in force, not the
 * ones it starts with. 60 puts/s of 20 WCU ask 1,200 WCU a second.
 * - 100 WCU under auto scaling (target 70 %, D19): target tracking
 *   raises the table while its writes consume what it has (100, 143,
 *   205, ... past 1,000 within minutes; a replay of 14,000 s narrates
 *   1,429 WCU at t = 1,020 s), so the key takes its partition's 1,000
 *   WCU (D3): 50 puts/s, 50 x 20,480 = 1,024,000 B/s, 10,737,418,240 /
 *   1,024,000 = 10,485.76 s (the replay fills at 11,035 s, the minutes
 *   of raising left out). Before: the starting 100 WCU, 5 puts/s,
 *   104,857.6 s, 9.5x late.
 * - the same with max_write_units: 400: 20 puts/s, 409,600 B/s,
 *   26,214.4 s.
 * - 100 WCU, its phase raising them to 2,000 from t = 0: 1,000 WCU a
 *   key, 10,485.76 s (a 2-min replay stores 6,000 puts, 50 a second).
 *   Before: 104,857.6 s.
 * - 2,000 WCU, its phase lowering them to 100: 5 puts/s, 102,400 B/s,
 *   104,857.6 s. Before: 10,485.76 s, 10x early.
 * - adaptive capacity off, 1,000 WCU on 1 partition lowered to 100 by
 *   its phase: the even share the partitions divide is not followed,
 *   and the sentence says the bound is the starting units.
 */
START_TEST(test_lsi_days_to_full_units_in_force)
{
	char t[1024];
	double s;

	s = units_full_s("  write_capacity_units: 100\n"
			 "  auto_scaling: {target: 70}\n",
			 "", t, sizeof(t));
	ck_assert_msg(tu_near(s, 10485.76, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "'s 1,000 WCU as auto scaling raises the "
				"table's units (D19"),
		      "%s", t);
	s = units_full_s("  write_capacity_units: 100\n"
			 "  auto_scaling: {target: 70, max_write_units: "
			 "400}\n",
			 "", t, sizeof(t));
	ck_assert_msg(tu_near(s, 26214.4, 1e-9), "%f: %s", s, t);
	s = units_full_s("  write_capacity_units: 100\n",
			 ", write_capacity_units: 2000", t, sizeof(t));
	ck_assert_msg(tu_near(s, 10485.76, 1e-9), "%f: %s", s, t);
	s = units_full_s("  write_capacity_units: 2000\n",
			 ", write_capacity_units: 100", t, sizeof(t));
	ck_assert_msg(tu_near(s, 104857.6, 1e-9), "%f: %s", s, t);
	s = units_full_s("  write_capacity_units: 1000\n"
			 "  adaptive_capacity: off\n",
			 ", write_capacity_units: 100", t, sizeof(t));
	ck_assert_msg(strstr(t, "the table's starting units"), "%s", t);
}
END_TEST

/*
 * A table's own cap on all its writes together bounds a collection as
 * a partition's does. On demand with table_quota_units: 400 (D12): 10
 * key values k0..k9 written in turn, 300 puts/s of 1 KB, each 1 WRU for
 * its item and 1 for its projection-all index entry (D1, D18): 600 asked
 * a second, 400 served, every write the same part, 2/3: k0 stores 30 x
 * 2/3 = 20 puts/s, 20 x 2,048 = 40,960 B/s, 10,737,418,240 / 40,960 =
 * 262,144 s (3.03 days). A 5-min replay stores 60,000 puts (200 a
 * second) and refuses 30,000 for the quota. Before: the quota left
 * out, 30 x 2,048 = 61,440 B/s, 174,762.67 s, 1.5x early.
 */
START_TEST(test_lsi_days_to_full_table_quota)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  capacity: on_demand\n"
	    "  table_quota_units: 400\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-t, sort_key: /t}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{0..9}\", distribution: sequential}, "
	    "t: {values: \"t{000..999}\"}}\n"
	    "phases: [{duration: 5m, rate: 300/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("lsi-quota.yaml", yaml, &run, &res);
	char t[1024];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, 262144.0, 1e-9),
		      "%f", c[0].days_to_full * 86400.0);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "bounded by the table's 400 write units a "
				"second, every partition's writes together "
				"(its on-demand quota"),
		      "%s", t);
	tu_cards_free(c, run, res);
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
	tcase_add_test(tc, test_lsi_days_to_full_schedule);
	tcase_add_test(tc, test_lsi_days_to_full_date_key_bounded);
	tcase_add_test(tc, test_lsi_days_to_full_wcu_bound);
	tcase_add_test(tc, test_lsi_days_to_full_units_in_force);
	tcase_add_test(tc, test_lsi_days_to_full_table_quota);
	tcase_add_test(tc, test_lsi_none_no_cap);
	tcase_add_test(tc, test_lsi_changed_value_two_writes);
	tcase_add_test(tc, test_lsi_keys_only_kept_value_no_write);
	tcase_add_test(tc, test_lsi_entries_in_partition_storage);
	suite_add_tcase(s, tc);
	return s;
}
