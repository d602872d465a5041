/*
 * ddb_service: Amazon DynamoDB replayed through the run (sim.h), each
 * figure derived by hand beside it from the reference's rules
 * (dynamodb-mechanics.md §15: D1, D3-D6, D9, D10, D12-D14) and statements
 * (§16). 1 unit = 1,000 mCU; 1KB in a scenario is 1,024 bytes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_text.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/* scenarios/dynamodb/hot-key.yaml run with its seed, the table's
   settings changed by adjust (NULL: as shipped) */
static struct pk_run *hot_key(void (*adjust)(struct pk_scenario *))
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;

	diag_init(&d);
	sc = scenario_load(tu_src("scenarios/dynamodb/hot-key.yaml"), &d);
	ck_assert_msg(sc, "%s", tu_diag_text(&d));
	if (adjust) {
		adjust(sc);
	}
	run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(run, "%s", tu_diag_text(&d));
	diag_free(&d);
	return run;
}

static void free_run(struct pk_run *run)
{
	struct pk_scenario *sc = (struct pk_scenario *)run->sc;

	sim_free(run);
	scenario_free(sc);
}

/* The partition the run's requests reached (the hot key's) */
static const struct pk_snapshot_range *hot_range(const struct pk_snapshot *s)
{
	size_t i, hot = 0;

	for (i = 1; i < s->n_ranges; i++) {
		if (s->ranges[i].requests > s->ranges[hot].requests) {
			hot = i;
		}
	}
	for (i = 0; i < s->n_ranges; i++) {
		ck_assert(i == hot || s->ranges[i].requests == 0);
	}
	return &s->ranges[hot];
}

/*
 * The shipped hot key: 3,000 RCU + 4,000 WCU lay out ceil(3,000 / 3,000
 * + 4,000 / 1,000) = 5 partitions (D4) of 600 RCU + 800 WCU (D5). One
 * customer's 1 KiB creates (1 WCU each, D1) at 1,500 a second for 60 s,
 * no retries. Adaptive capacity (instant, the default) lets the
 * partition use the table's unused 3,200 WCU, but its own cap is 1,000
 * (D3, statement 17): 500 a second refused by the key range (D14),
 * 30,000 in all; 60,000 admitted, 60,000 WCU.
 */
START_TEST(test_ddb_service_hot_key)
{
	struct pk_run *run = hot_key(NULL);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_metrics *m = tu_metrics(svc);
	const struct pk_totals *t = &m->totals;
	struct pk_snapshot s;
	const struct pk_snapshot_range *h;
	size_t i;

	ck_assert_str_eq(svc->ops->name, "dynamodb");
	ck_assert_uint_eq(t->operations, 90000);
	ck_assert_uint_eq(t->attempts, 90000);
	ck_assert_uint_eq(t->succeeded, 60000);
	ck_assert_uint_eq(t->throttled_429, 30000);
	ck_assert_uint_eq(t->failed_after_retries, 30000);
	ck_assert_int_eq(t->ru_mru, 60000LL * CU);
	ck_assert_int_eq(t->offered_mru, 90000LL * CU);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_KEY_RANGE), 30000);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_PROVISIONED), 0);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 0, PK_DDB_THROTTLE_KEY_RANGE), 0);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 5);
	ck_assert_uint_eq(s.created_ranges, 5);
	ck_assert_int_eq(s.ru_per_s, 7000);
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(s.ranges[i].ru_per_s_mru, (600 + 800) * CU);
	}
	h = hot_range(&s);
	ck_assert_uint_eq(h->requests, 90000);
	ck_assert_uint_eq(h->throttled_429, 30000);
	ck_assert_int_eq(h->ru_mru, 60000LL * CU);
	/* 60,000 items of 1 KiB stored */
	ck_assert_uint_eq(s.storage_bytes, 60000ull * 1024);
	ck_assert_uint_eq(h->storage_bytes, 60000ull * 1024);
	/* each second: 1,000 of the share's 800 WCU: normalized 100 %; the
	   other partitions idle at 0 */
	for (i = 0; i < m->n_samples; i++) {
		ck_assert_double_eq_tol(
		    metrics_normalized(&m->samples[i]),
		    m->samples[i].range_id == h->id ? 1.0 : 0.0, 1e-12);
	}
	snapshot_free(&s);
	free_run(run);
}
END_TEST

static void no_help(struct pk_scenario *sc)
{
	sc->table.adaptive = PK_DDB_ADAPTIVE_OFF;
	sc->table.burst = PK_DDB_BURST_OFF;
}

/*
 * The same without adaptive capacity or burst (D5 alone, the 2012-2017
 * table): the partition serves its even share, 800 WCU a second, and
 * refuses 700 of 1,500 by its key range while the table (800 of 4,000)
 * has room: 42,000 refused, 48,000 admitted.
 */
START_TEST(test_ddb_service_share_only)
{
	struct pk_run *run = hot_key(no_help);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_totals *t = &tu_metrics(svc)->totals;

	ck_assert_uint_eq(t->succeeded, 48000);
	ck_assert_uint_eq(t->throttled_429, 42000);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_KEY_RANGE), 42000);
	ck_assert_int_eq(t->ru_mru, 48000LL * CU);
	free_run(run);
}
END_TEST

static void burst_only(struct pk_scenario *sc)
{
	sc->table.adaptive = PK_DDB_ADAPTIVE_OFF;
}

/*
 * Burst without adaptive capacity (D9): the partition's bank starts full
 * at 300 x 800 = 240,000 WCU (ASSUMPTION: a new table's bank is full)
 * and pays 200 a second above the share up to the 1,000 cap: 1,200 s of
 * it, so the 60 s run looks as with adaptive capacity: 30,000 refused.
 */
START_TEST(test_ddb_service_burst_only)
{
	struct pk_run *run = hot_key(burst_only);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 60000);
	ck_assert_uint_eq(t->throttled_429, 30000);
	free_run(run);
}
END_TEST

/*
 * D6, storage split: 1 RCU + 999 WCU is one partition (ceil(1 / 3,000 +
 * 999 / 1,000) = 1). Writes of 400 KiB (400 WCU each, D1) at 2 a second
 * (800 WCU of 999: no throttle). The partition holds more than 10 GiB
 * after write ceil(10 x 2^30 / 409,600) = 26,215, sent at (26,215 - 1) /
 * 2 = 13,107 s: it splits into two of half its share, 0.5 RCU + 499.5
 * WCU = 500 units each. The run's 4 h = 28,800 writes store 28,800 x
 * 400 KiB in all (sort key /id: each create its own item, §1).
 * heat_split: off: 800 WCU a second is 80 % of the partition's 1,000,
 * which would split it for heat at 300 + 300 s (D7) before its storage.
 */
START_TEST(test_ddb_service_storage_split)
{
	static const char *const text =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, "
	    "read_capacity_units: 1, write_capacity_units: 999, "
	    "heat_split: off}\n"
	    "items: {k: {values: \"k-{0..9}\"}}\n"
	    "phases: [{duration: 4h, rate: 2/s, item_size: 400KB}]\n";
	struct pk_run *run = tu_sim_text("split.yaml", text);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	struct pk_snapshot s;

	ck_assert_uint_eq(m->totals.succeeded, 28800);
	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_int_eq(m->splits[0].t_s, 13107);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_STORAGE);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 2);
	ck_assert_uint_eq(s.created_ranges, 1);
	ck_assert_int_eq(s.ranges[0].ru_per_s_mru, 500 * CU);
	ck_assert_int_eq(s.ranges[1].ru_per_s_mru, 500 * CU);
	ck_assert_uint_eq(s.storage_bytes, 28800ull * 409600);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/* Report fn of r into a string (caller frees). */
static char *render(int (*fn)(const struct pk_result *, FILE *),
		    const struct pk_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(fn(r, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	return buf;
}

static int json_run(const struct pk_result *r, FILE *out)
{
	return report_json(r, 0, out);
}

/* A share that is not whole shows to two decimals: 1 RCU + 3,200 WCU
   lay out ceil(1 / 3,000 + 3,200 / 1,000) = 4 partitions (D4), each
   1 / 4 = 0.25 RCU and 3,200 / 4 = 800 WCU (D5); to a tenth the
   reads read 0.3 */
START_TEST(test_ddb_service_share_decimals)
{
	struct pk_run *run = tu_sim_text(
	    "e6.yaml", "service: dynamodb\n"
		       "table: {name: t, partition_key: /id, "
		       "read_capacity_units: 1, write_capacity_units: 3200}\n"
		       "phases: [{duration: 2s, rate: 10/s}]\n");
	struct pk_result *res = result_build(run);
	char *text = render(report_text, res);

	ck_assert_msg(strstr(text, "\nlayout: 4 partitions, 0.25 RCU / 800 "
				   "WCU a second each ("),
		      "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * The text and JSON reports of the shipped hot key say the service's
 * layout and units and name the reason of every throttle (D14): the
 * 30,000 above, all TableWriteKeyRangeThroughputExceeded; 5 partitions
 * of 600 RCU and 800 WCU each (D5), said apart (D3).
 */
START_TEST(test_ddb_service_reports)
{
	struct pk_run *run = hot_key(NULL);
	struct pk_result *res = result_build(run);
	char *text = render(report_text, res);
	char *json = render(json_run, res);

	ck_assert_msg(strstr(text, "\nlayout: 5 partitions, 600 RCU / 800 "
				   "WCU a second each (an even share of the "
				   "table's own units, D5; Amazon DynamoDB's "
				   "partitions)\n"),
		      "%s", text);
	ck_assert_msg(strstr(text, "\n  ... events by reason     30,000 "
				   "TableWriteKeyRangeThroughputExceeded\n"),
		      "%s", text);
	/* the table in its own words: 3,000 RCU + 4,000 WCU, its
	   consumption in capacity units (60 s x 1,000 admitted, 1 WCU
	   each, of 90,000 asked), no Azure Cosmos DB 403/1014 line */
	ck_assert_msg(strstr(text, "\ntable: partition key /customerId, "
				   "3,000 RCU and 4,000 WCU a second "
				   "(provisioned; reads and writes apart) -> "
				   "5 partitions at the start\n"),
		      "%s", text);
	ck_assert_msg(strstr(text, "\n  capacity units consumed  60,000 of "
				   "90,000 offered"),
		      "%s", text);
	ck_assert_ptr_null(strstr(text, "403/1014"));
	ck_assert_ptr_null(strstr(text, "\ncontainer:"));
	/* the key range's reason only: no table-level reason */
	ck_assert_ptr_null(strstr(text, "TableWriteProvisionedThroughput"));
	ck_assert_ptr_null(strstr(text, "TableReadProvisionedThroughput"));
	/* D14: a provisioned table's throttle is HTTP 400 with this name */
	ck_assert_msg(strstr(text, "\n  throttled                30,000 "
				   "service-side responses "
				   "(ProvisionedThroughputExceededException, "
				   "HTTP 400)\n"),
		      "%s", text);
	ck_assert_ptr_nonnull(
	    strstr(json, "\"reason\": "
			 "\"TableWriteKeyRangeThroughputExceeded\",\n"
			 "            \"count\": 30000"));
	free(text);
	free(json);
	result_free(res);
	free_run(run);
}
END_TEST

/* A 10 s on-demand run of creates of 1 KiB (1 WRU each, D1) at rate a
   second over 100,000 key values, no retries, with the table's extra
   settings more (", key: value" or "") */
static struct pk_run *on_demand(const char *more, int rate)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, capacity: on_demand%s}\n"
		 "client: {retries: off}\n"
		 "items: {k: {values: \"k{00000..99999}\"}}\n"
		 "phases: [{duration: 10s, rate: %d/s, item_size: 1KB}]\n",
		 more, rate);
	return tu_sim_text("od.yaml", text);
}

/* Every second's requests on every partition within lo .. hi */
static void each_second(const struct pk_metrics *m, uint32_t lo, uint32_t hi)
{
	size_t i;

	ck_assert_uint_gt(m->n_samples, 0);
	for (i = 0; i < m->n_samples; i++) {
		ck_assert_uint_ge(m->samples[i].requests, lo);
		ck_assert_uint_le(m->samples[i].requests, hi);
	}
}

/*
 * Statement 21 (KC-OD; A-WARM) through the run: a new on-demand table
 * has 4 partitions (D4) and serves 4,000 WRU a second at once (D12,
 * D13). 5,000 creates a second of 1 KiB over many key values reach each
 * partition about 1,250 times a second (at least 1,000: checked), so
 * every partition fills its 1,000 WRU cap (D3) and 4 x 1,000 = 4,000
 * are admitted: 1,000 a second refused, 10,000 in 10 s, by the key
 * range (ASSUMPTION of ddb_ondemand.h), reported as on demand's
 * ThrottlingException (reference §9).
 */
START_TEST(test_ddb_service_on_demand_new_table)
{
	struct pk_run *run = on_demand("", 5000);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_metrics *m = tu_metrics(svc);
	struct pk_snapshot s;

	ck_assert_uint_eq(m->totals.succeeded, 40000);
	ck_assert_uint_eq(m->totals.throttled_429, 10000);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_KEY_RANGE), 10000);
	each_second(m, 1000, 5000);
	ck_assert_int_eq(m->totals.ru_mru, 40000LL * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 4);
	ck_assert_uint_eq(s.created_ranges, 4);
	/* 12,000 RRU + 4,000 WRU, a quarter each: 3,000 + 1,000 */
	ck_assert_int_eq(s.ru_per_s, 16000);
	ck_assert_int_eq(s.ranges[0].ru_per_s_mru, 4000 * CU);
	ck_assert_str_eq(s.throttle_name, "ThrottlingException, HTTP 400");
	ck_assert_uint_eq(s.n_reasons, 6);
	ck_assert_str_eq(s.reasons[3].name,
			 "TableWriteKeyRangeThroughputExceeded");
	ck_assert_uint_eq(s.reasons[3].count, 10000);
	ck_assert_uint_eq(s.ddb->write_used_mcu, 40000LL * CU);
	ck_assert_uint_eq(s.ddb->write_demand_mcu, 50000LL * CU);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * D13 and D12's bounds: warmed to 8,000 WRU the table starts with 8
 * partitions (4 doubled once: 8 x 1,000 carries 8,000, D3), and 3,500
 * creates a second reach each about 440 times (at most 1,000: checked),
 * so no cap binds. A configured maximum of 3,000 (A-OD) admits 3,000 a
 * second and refuses 500 as TableWriteMaxOnDemandThroughputExceeded,
 * 5,000 in 10 s; a per-table quota of 3,000 (A-SQ) the same 5,000 as
 * TableWriteAccountLimitExceeded (A-REASON).
 */
/*
 * D12 through the run, on a short clock (peak_sustain_s 10, peak_lag_s
 * 20): 5,000 creates a second for 40 s. Seconds 0..24 serve 4,000 (as
 * above: 1,000 refused each, 25,000). The peak after second k is the
 * 10 s average, (k + 1) x 4,000 / 10 below k = 9, then 4,000 through
 * second 24; second t's limit is max(4,000, 2 x the peak after t - 20):
 * at 24, 2 x 2,000 = 4,000; at 25, 2 x 2,400 = 4,800, which 4
 * partitions of 1,000 cannot carry, so each splits for throughput at
 * t = 25 (8 partitions, D3). Each gets about 625 of the 5,000 a second,
 * under its 1,000 cap (checked), so the table's limit alone binds:
 * 4,800 admitted, 200 refused; from 26 the limit (5,600, then 8,000
 * from 29 to the last second, 39, whose t - 20 is at most 19) passes
 * all 5,000, and 8 partitions carry 8,000: no second split. 25,200
 * refused in all, of 40 x 5,000 = 200,000.
 */
START_TEST(test_ddb_service_on_demand_doubles)
{
	static const char *const text =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, capacity: on_demand, "
	    "peak_sustain_s: 10, peak_lag_s: 20}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{00000..99999}\"}}\n"
	    "phases: [{duration: 40s, rate: 5000/s, item_size: 1KB}]\n";
	struct pk_run *run = tu_sim_text("od.yaml", text);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	size_t i;

	ck_assert_uint_eq(m->totals.operations, 200000);
	ck_assert_uint_eq(m->totals.throttled_429, 25200);
	ck_assert_uint_eq(m->totals.succeeded, 200000 - 25200);
	ck_assert_uint_eq(m->n_splits, 4);
	for (i = 0; i < m->n_splits; i++) {
		ck_assert_int_eq(m->splits[i].t_s, 25);
		ck_assert_int_eq(m->splits[i].reason, PK_SPLIT_THROUGHPUT);
	}
	for (i = 0; i < m->n_samples; i++) {
		if (m->samples[i].t_s >= 25) {
			ck_assert_uint_le(m->samples[i].requests, 1000);
		}
	}
	tu_sim_free(run);
}
END_TEST

/* The shipped scenarios/dynamodb/on-demand-new-table.yaml (statement
   21 as a launch spike, derived in its header as in
   test_ddb_service_on_demand_new_table: 1,000 of 5,000 a second
   throttled, 0.24 M WRU at $0.625 a million; ~90,928 distinct ids
   stored) holds all 7 of its assertions: one `pksim run` says so on
   stderr (what `pksim check`'s row says, from the same evaluation),
   and its report is the one checked below. */
START_TEST(test_ddb_service_on_demand_scenario)
{
	char args[1024], *out = NULL, *err = NULL;
	int rc;

	snprintf(args, sizeof(args), "run '%s'",
		 tu_src("scenarios/dynamodb/on-demand-new-table.yaml"));
	rc = tu_run(args, &out, &err);
	ck_assert_msg(rc == 0, "exit %d\n%s", rc, err);
	/* all 7 held, none skipped (a skip would follow the count) */
	ck_assert_msg(strstr(err, "on-demand-new-table.yaml: all 7 "
				  "expectations hold\n"),
		      "%s", err);
	/* its text report measures each side against its own instant
	   limit (D3, D12): writes admitted 4,000 a second of a 4,000 WRU
	   limit, 100%; no reads, 0% */
	ck_assert_ptr_nonnull(strstr(out, "writes                 100.0% of "
					  "the on-demand write instant limit "
					  "over the run"));
	ck_assert_ptr_nonnull(strstr(out, "reads                  0.0% of "
					  "the on-demand read instant limit"));
	ck_assert_ptr_null(strstr(out, "of provisioned RU"));
	free(out);
	free(err);
}
END_TEST

/* The shipped scenarios/dynamodb/burst.yaml (statement 19, E3; derived
   in its header: 150 RCU bank 45,000, a spike of 200 strong 1 KiB
   reads a second rides it 45,000 / 50 = 900 s, then 50 a second are
   throttled for the last 300 s: 15,000) passes `pksim check`, all 8
   assertions. */
START_TEST(test_ddb_service_burst_scenario)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "check '%s'",
		 tu_src("scenarios/dynamodb/burst.yaml"));
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(strstr(out, "8        8        0  ok"));
	free(out);
}
END_TEST

/* The shipped scenarios/dynamodb/on-demand-ramp.yaml (E4's first 396 s;
   derived in its header: a ramp at 11.1 more writes a second every
   second meets the new table's 4,000 WRU limit at second 360, so
   seconds 240..299 serve all 180,000 and seconds 360..395 at most 36 x
   4,000 of their 151,200) passes `pksim check`, all 5 assertions. */
START_TEST(test_ddb_service_ramp_scenario)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "check '%s'",
		 tu_src("scenarios/dynamodb/on-demand-ramp.yaml"));
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(strstr(out, "5        5        0  ok"));
	free(out);
}
END_TEST

/* D2: an item over 400 KB (409,600 bytes) is refused with 400
   ValidationException, before capacity. 50 creates of 1 KB fit; 50 of
   uniform [400KB, 800KB] are each over 409,600 bytes unless drawn at
   exactly 409,600 (odds 1 in 409,601 each): 50 refused, all for size,
   and the reports say so in DynamoDB's words, not Azure Cosmos DB's
   (no key over 2,048 bytes or 2 MiB). */
START_TEST(test_ddb_service_item_too_large)
{
	char args[1024], *out;
	const char *path = tu_dir_file(
	    "big.yaml", "name: big\n"
			"seed: 3\n"
			"service: dynamodb\n"
			"table: {partition_key: /k, read_capacity_units: 1000, "
			"write_capacity_units: 40000}\n"
			"items: {k: {values: \"k{000..999}\"}}\n"
			"phases:\n"
			"  - {duration: 5s, rate: 10/s, ops: {create: 1}, "
			"item_size: 1KB}\n"
			"  - {duration: 5s, rate: 10/s, ops: {create: 1}, "
			"item_size: {uniform: [400KB, 800KB]}}\n");

	snprintf(args, sizeof(args), "run '%s' --no-remedies", path);
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "\n  bad request (400)        50 (50 with an "
				  "item over 400 KB, D2; 0 by a local "
				  "secondary index, D18; 0 BatchWriteItems "
				  "naming one key twice)\n"),
		      "%s", out);
	ck_assert_msg(strstr(out, "50 requests were refused with 400: 50 with "
				  "an item over DynamoDB's 400 KB (D2, "
				  "ValidationException), 0 by a local "
				  "secondary index"),
		      "%s", out);
	ck_assert_ptr_null(strstr(out, "2 MiB"));
	ck_assert_ptr_null(strstr(out, "invalid key value or id"));
	free(out);
}
END_TEST

/* A BatchWriteItem's first item is a whole request item, its reject flag
   set: 10 batches of 25 items of 500 B (25 x 1 WCU, each item rounded
   alone, D1) and 10 of 3.5 KB (25 x 4 WCU) on one key (sort key /id:
   each item its own, so no batch repeats a key), 5,000 WCU: all 20
   succeed, 10 x 25 + 10 x 100 = 1,250 WCU, none refused as a bad key.
   Run four times: an unset flag refused some runs and not others. */
START_TEST(test_ddb_service_batch)
{
	static const char *const text =
	    "name: batch\n"
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, "
	    "read_capacity_units: 1, write_capacity_units: 5000}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: s1}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 10/s, ops: {batch: 1}, batch: {size: "
	    "25}, "
	    "item_size: 500B}\n"
	    "  - {duration: 1s, rate: 10/s, ops: {batch: 1}, batch: {size: "
	    "25}, "
	    "item_size: 3.5KB}\n";
	int i;

	for (i = 0; i < 4; i++) {
		struct pk_run *run = tu_sim_text("batch.yaml", text);
		const struct pk_totals *t =
		    &tu_metrics(run->variants[0].svc)->totals;

		ck_assert_uint_eq(t->succeeded, 20);
		ck_assert_uint_eq(t->bad_request_400, 0);
		ck_assert_int_eq(t->ru_mru, 1250 * CU);
		tu_sim_free(run);
	}
}
END_TEST

/* BatchWriteItems naming one primary key twice: a table keyed by /k
   alone, each batch 3 puts. By default (spanning: 0) a batch's items
   copy the first item's drawn values, k included, so each batch names
   one key three times; with spanning: 1 each item draws k from 2 values,
   and 3 items of 2 values repeat one (pigeonhole). Either way DynamoDB
   refuses each batch whole, ValidationException ("multiple operations
   on the same item"), nothing written: 10 s x 10 = 100 batches, 100
   refused whole, each for the repeated key, not for a key value the
   table refuses. Only the copying batches' finding says why and what
   to give instead. */
START_TEST(test_ddb_service_batch_repeated_key)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 100, "
	    "write_capacity_units: 1000}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: [a, b]}}\n"
	    "phases: [{duration: 10s, rate: 10/s, ops: {batch: 1}, batch: "
	    "{size: 3%s}, item_size: 1KB}]\n";
	static const char copy[] = "; the batch's items copy the first "
				   "item's key values (spanning: 0); give "
				   "spanning: 1 for independent items";
	int spanning;

	for (spanning = 0; spanning < 2; spanning++) {
		char text[512], args[1024], *out;
		struct pk_run *run;
		const struct pk_totals *t;

		snprintf(text, sizeof(text), fmt,
			 spanning ? ", spanning: 1" : "");
		run = tu_sim_text("dup.yaml", text);
		t = &tu_metrics(run->variants[0].svc)->totals;
		ck_assert_uint_eq(t->bad_request_400, 100);
		ck_assert_uint_eq(t->ddb_dup_400, 100);
		ck_assert_uint_eq(t->batches, 100);
		ck_assert_uint_eq(t->batches_rejected_400, 100);
		ck_assert_uint_eq(t->batch_items, 0);
		tu_sim_free(run);
		snprintf(args, sizeof(args), "run '%s' --no-remedies",
			 tu_dir_file("dup.yaml", text));
		out = tu_run_ok(args);
		ck_assert_msg(
		    strstr(out, "100 BatchWriteItems naming one key twice)") &&
			!strstr(out, "the rest a key value the table "
				     "refuses") &&
			strstr(out, "100 answered: 0 written, 0 partly (0 "
				    "items written; the rest returned as "
				    "UnprocessedItems), 100 refused whole") &&
			strstr(out, "100 BatchWriteItems naming one primary "
				    "key twice (ValidationException: each "
				    "refused whole, nothing written") &&
			(strstr(out, copy) == NULL) == spanning,
		    "%s", out);
		free(out);
	}
}
END_TEST

/* A table keyed by the unique /id takes BatchWriteItem requests of
   several items: each item is charged on its own key value's partition
   (reference §14), and Azure Cosmos DB's rule 33 (a transactional batch
   holds one logical partition) does not apply. 10 batches a second of
   2 new items of 1 KiB (1 WCU each, D1) for 2 s on 1,000 WCU (one
   partition, D4): 20 batches, 40 items, 40 WCU, nothing refused. */
START_TEST(test_ddb_service_batch_unique_key)
{
	struct pk_run *run = tu_sim_text(
	    "byid.yaml", "seed: 1\n"
			 "service: dynamodb\n"
			 "table: {partition_key: /id, read_capacity_units: "
			 "1, write_capacity_units: 1000}\n"
			 "client: {retries: off}\n"
			 "phases: [{duration: 2s, rate: 10/s, ops: {batch: "
			 "1}, batch: {size: 2}, item_size: 1KB}]\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->batches_committed, 20);
	ck_assert_uint_eq(t->batch_items, 40);
	ck_assert_uint_eq(t->bad_request_400, 0);
	ck_assert_int_eq(t->ru_mru, 40 * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * BatchWriteItem is not atomic: each item fits or is throttled alone,
 * the rest returned as UnprocessedItems. 500 WCU lay out ceil(500 /
 * 1,000) = 1 partition of 500 WCU (D4); burst off. 22 batches a second
 * of 24 items of 1 KiB (1 WCU each, D1) for 10 s, no retries: 528 WCU
 * asked a second. Each second 20 batches are written whole (480 WCU),
 * the 21st writes 500 - 480 = 20 of its 24 items and returns 4
 * unprocessed, the 22nd finds no room and is throttled whole (the only
 * one ThrottledRequests counts). Over 10 s: 200 written whole, 10
 * partly, 10 throttled; 10 x 500 = 5,000 items and WCU. All or nothing
 * (a batch refused whole when it does not fit) wrote 480 a second.
 */
START_TEST(test_ddb_service_batch_unprocessed)
{
	struct pk_run *run = tu_sim_text(
	    "partial.yaml", "seed: 1\n"
			    "service: dynamodb\n"
			    "table: {partition_key: /k, sort_key: /id, "
			    "read_capacity_units: 1, write_capacity_units: "
			    "500, burst: off}\n"
			    "client: {retries: off}\n"
			    "items: {k: {const: s1}}\n"
			    "phases: [{duration: 10s, rate: 22/s, ops: "
			    "{batch: 1}, batch: {size: 24}, item_size: "
			    "1KB}]\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->attempts, 220);
	ck_assert_uint_eq(t->batches_committed, 200);
	ck_assert_uint_eq(t->ddb_batches_partial, 10);
	ck_assert_uint_eq(t->batches, 210);
	ck_assert_uint_eq(t->throttled_429, 10);
	ck_assert_uint_eq(t->batch_items, 5000);
	ck_assert_int_eq(t->ru_mru, 5000 * CU);
	/* the partial ones' 4 items each and the throttled ones given up */
	ck_assert_uint_eq(t->failed_after_retries, 20);
	tu_sim_free(run);
}
END_TEST

/*
 * Each item of a BatchWriteItem is charged on its own key value's
 * partition: 1 RCU + 1,900 WCU lay out ceil(0.0003 + 1.9) = 2
 * partitions of 950 WCU (D4, D5). Batches of 2 items of 1 KiB, their
 * keys drawn in order from "b-0", "b-1" (item 2j "b-0", item 2j + 1
 * "b-1"; the two values hash to different partitions: two partitions
 * are reached), 750 batches a second for 5 s: 750 WCU a second on each
 * partition, under its 950: nothing throttled, 5 x 750 = 3,750 WCU
 * each. Charged on its first item's partition, every batch would land
 * on "b-0"'s: 1,500 WCU a second against the cap of 1,000 (D3), 250
 * batches a second throttled.
 */
START_TEST(test_ddb_service_batch_item_partitions)
{
	struct pk_run *run = tu_sim_text(
	    "spread.yaml",
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, "
	    "read_capacity_units: 1, write_capacity_units: 1900, burst: "
	    "off}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"b-{0..1}\", distribution: sequential}}\n"
	    "phases: [{duration: 5s, rate: 750/s, ops: {batch: 1}, batch: "
	    "{size: 2, spanning: 1}, item_size: 1KB}]\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;
	size_t i, reached = 0;

	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 2);
	for (i = 0; i < s.n_ranges; i++) {
		reached += s.ranges[i].requests > 0;
		ck_assert_int_eq(s.ranges[i].ru_mru, 3750 * CU);
	}
	ck_assert_uint_eq(reached, 2);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(t->batch_items, 7500);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

START_TEST(test_ddb_service_on_demand_bounds)
{
	static const char *const more[] = {
	    ", warm_write_units: 8000, max_write_request_units: 3000",
	    ", warm_write_units: 8000, table_quota_units: 3000"};
	static const enum pk_ddb_verdict why[] = {PK_DDB_THROTTLE_MAX_ON_DEMAND,
						  PK_DDB_THROTTLE_ACCOUNT};
	size_t k;

	for (k = 0; k < 2; k++) {
		struct pk_run *run = on_demand(more[k], 3500);
		const struct pk_service *svc = run->variants[0].svc;
		const struct pk_metrics *m = tu_metrics(svc);

		ck_assert_uint_eq(m->totals.succeeded, 30000);
		ck_assert_uint_eq(m->totals.throttled_429, 5000);
		ck_assert_uint_eq(ddb_service_throttles(svc, 1, why[k]), 5000);
		each_second(m, 0, 1000);
		ck_assert_uint_eq(m->n_samples, 10 * (k == 0 ? 8 : 4));
		tu_sim_free(run);
	}
}
END_TEST

/* ASSUMPTION's hash: FNV-1a 64 of the bytes then splitmix64's
   finaliser. FNV-1a 64 of "" is its offset basis 0xcbf29ce484222325
   and of "a" 0xaf63dc4c8601ec8c (the published FNV test vectors); the
   finaliser of each, worked here: */
START_TEST(test_ddb_service_hash)
{
	uint64_t x[2] = {0xcbf29ce484222325ull, 0xaf63dc4c8601ec8cull};
	int i;

	for (i = 0; i < 2; i++) {
		uint64_t h = x[i];

		h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
		h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
		x[i] = h ^ (h >> 31);
	}
	ck_assert_uint_eq(ddb_key_hash((const unsigned char *)"", 0), x[0]);
	ck_assert_uint_eq(ddb_key_hash((const unsigned char *)"a", 1), x[1]);
}
END_TEST

/*
 * Burst and instant adaptive capacity spend one unused unit once (D9,
 * D10): 3,000 RCU + 20 WCU lay out ceil(1 + 0.02) = 2 partitions of 10
 * WCU, each with a full bank of 300 x 10 = 3,000 (D4, D5, D9). 30
 * writes of 1 KB a second for 900 s over uniform keys, no retries: each
 * second the table's 20 WCU serve the first 20 writes, whichever
 * partition they reach (adaptive capacity lends a partition's unused
 * share), and the rest draw on their partition's bank. A partition
 * whose share was lent banks none of it: the two banks hold at most
 * the 6,000 they start with, so at most 900 x 20 + 6,000 = 24,000
 * writes are served; both banks empty by about t = 600 s (5 a second
 * each), so exactly 24,000 are, and 3,000 throttled. (A tenth of the
 * trial's 300 writes a second on 200 WCU, where banking a lent share
 * again served 241,243 of 240,000.)
 */
START_TEST(test_ddb_service_lent_share_not_banked)
{
	struct pk_run *run =
	    tu_sim_text("lent.yaml",
			"service: dynamodb\n"
			"table: {partition_key: /k, read_capacity_units: 3000, "
			"write_capacity_units: 20}\n"
			"client: {retries: off}\n"
			"items: {k: {values: \"k{000000..999999}\"}}\n"
			"phases:\n"
			"  - {duration: 900s, rate: 30/s, item_size: 1KB}\n");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.operations, 27000);
	ck_assert_uint_eq(m->totals.succeeded, 24000);
	ck_assert_uint_eq(m->totals.throttled_429, 3000);
	tu_sim_free(run);
}
END_TEST

/* A table of 3,000 RCU + 20 WCU, delayed adaptive capacity after 10 s
   of throttling, burst as given: 2 partitions of 10 WCU (ceil(3,000 /
   3,000 + 20 / 1,000) = 2, D4, D5). Key k06 hashes to partition 0, k01
   to partition 1; each stream writes 1 KB items (1 WCU, D1) of its one
   key at its rate for the duration, with no retries. */
static struct pk_run *delayed_pair(const char *burst, int cold, int hot,
				   const char *dur)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 3000, "
		 "write_capacity_units: 20, adaptive_capacity: delayed, "
		 "adaptive_delay_s: 10, burst: %s}\n"
		 "streams:\n"
		 "  - {name: cold, client: {retries: off}, items: {k: {const: "
		 "k06}}, phases: [{name: a, duration: %s, rate: %d/s, ops: "
		 "{create: 1}, item_size: 1KB}]}\n"
		 "  - {name: hot, client: {retries: off}, items: {k: {const: "
		 "k01}}, phases: [{name: a, duration: %s, rate: %d/s, ops: "
		 "{create: 1}, item_size: 1KB}]}\n",
		 burst, dur, cold, dur, hot);
	return tu_sim_text("delayed.yaml", text);
}

/*
 * Delayed adaptive capacity holds the table to its units (D10, reference
 * §6: "as long as the table's total stays within provisioned
 * capacity"). Burst off, 9 writes a second on partition 0 and 15 on
 * partition 1 for 600 s: partition 1 is throttled from t = 0 (5 a
 * second above its 10) and lifted at t = 10, 10 s after its first
 * throttle. Seconds 0-9 serve 9 + 10 = 19; from t = 10 the two
 * partitions share the table's 20 WCU: 20 a second of the 24 asked.
 * 10 x 19 + 590 x 20 = 11,990 served of 600 x 24 = 14,400, 2,410
 * throttled. Before, the cold partition kept its share whatever the
 * lifted one took: 12,582 served, 21 a second on a 20 WCU table.
 */
START_TEST(test_ddb_service_delayed_table_bound)
{
	struct pk_run *run = delayed_pair("off", 9, 15, "600s");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.operations, 14400);
	ck_assert_uint_eq(m->totals.succeeded, 11990);
	ck_assert_uint_eq(m->totals.throttled_429, 2410);
	tu_sim_free(run);
}
END_TEST

/*
 * Burst and delayed adaptive capacity serve at most the table's units
 * plus the banks (D9, D10), and lend only what the other partition
 * leaves unused. 10 writes a second on partition 0 (its whole share: it
 * never banks, and leaves nothing to lend) and 15 on partition 1 for
 * 2,400 s, each bank starting full at 300 x 10 = 3,000. Partition 1
 * draws 5 a second and empties its bank at t = 600, is throttled from
 * then and lifted at t = 610, but partition 0 asks its whole share
 * every second: nothing to borrow, so partition 1 is held to its 10.
 * Served: 25 a second for 600 s, then 20 for 1,800 s: 15,000 + 36,000
 * = 51,000 of 60,000; the 9,000 throttled are all partition 1's, and
 * partition 0, at its share, is never throttled. Before, the lifted
 * partition took partition 0's share first come and partition 0 drew
 * its bank: 54,000 served, 2 a second of them partition 0's bank.
 */
START_TEST(test_ddb_service_delayed_lent_not_banked)
{
	struct pk_run *run = delayed_pair("partition", 10, 15, "2400s");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.operations, 60000);
	ck_assert_uint_eq(m->totals.succeeded, 51000);
	ck_assert_uint_eq(m->totals.throttled_429, 9000);
	tu_sim_free(run);
}
END_TEST

/* Statement 16's table under adaptive_capacity: off and burst as
   given: 9,000 RCU + 400 WCU lay out ceil(3 + 0.4) = 4 partitions of
   100 WCU (D4, D5); keys a, g, b and c hash to partitions 0-3, written
   150, 50, 50 and 50 times a second (1 WCU, D1) for 700 s, no retries */
static struct pk_run *statement_16(const char *burst)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 9000, "
		 "write_capacity_units: 400, adaptive_capacity: off, "
		 "burst: %s}\n"
		 "streams:\n"
		 "  - {name: hot, client: {retries: off}, items: {k: {const: "
		 "a}}, phases: "
		 "[{duration: 700s, rate: 150/s}]}\n"
		 "  - {name: g, client: {retries: off}, items: {k: {const: "
		 "g}}, phases: "
		 "[{duration: 700s, rate: 50/s}]}\n"
		 "  - {name: b, client: {retries: off}, items: {k: {const: "
		 "b}}, phases: "
		 "[{duration: 700s, rate: 50/s}]}\n"
		 "  - {name: c, client: {retries: off}, items: {k: {const: "
		 "c}}, phases: "
		 "[{duration: 700s, rate: 50/s}]}\n",
		 burst);
	return tu_sim_text("s16.yaml", text);
}

/*
 * Statement 16, `adaptive: off` with a full 300 s burst bank: partition
 * 0 draws 150 - 100 = 50 a second from its bank of 100 x 300 = 30,000,
 * first throttles after 30,000 / 50 = 600 s, then 50 of its 150 a
 * second: 100 s x 50 = 5,000 throttled of 700 x 300 = 210,000, under
 * either burst setting. `burst: table` banks the table's unused units
 * once, but without adaptive capacity a partition spends only what it
 * banked itself: the cold partitions' unused 150 a second are not lent
 * to partition 0 through the table's bank (it gave 0 throttled).
 */
START_TEST(test_ddb_service_statement_16_off)
{
	static const char *const burst[2] = {"partition", "table"};
	int k;

	for (k = 0; k < 2; k++) {
		struct pk_run *run = statement_16(burst[k]);
		const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

		ck_assert_uint_eq(m->totals.operations, 210000);
		ck_assert_uint_eq(m->totals.throttled_429, 5000);
		ck_assert_uint_eq(m->totals.succeeded, 205000);
		tu_sim_free(run);
	}
}
END_TEST

/* delayed_pair's table without burst: partition 0's key k06 written
   once a second, partition 1's k01 15 a second for 5 s, 5 a second for
   quiet_s, then 15 a second for 20 s (1 WCU each, no retries) */
static struct pk_run *delayed_gap(int quiet_s)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 3000, "
		 "write_capacity_units: 20, adaptive_capacity: delayed, "
		 "adaptive_delay_s: 10, burst: off}\n"
		 "streams:\n"
		 "  - {name: cold, client: {retries: off}, items: {k: {const: "
		 "k06}}, phases: "
		 "[{name: a, duration: %ds, rate: 1/s, item_size: 1KB}]}\n"
		 "  - {name: hot, client: {retries: off}, items: {k: {const: "
		 "k01}}, phases: "
		 "[{name: a, duration: 5s, rate: 15/s, item_size: 1KB}, "
		 "{name: b, duration: %ds, rate: 5/s, item_size: 1KB}, "
		 "{name: c, duration: 20s, rate: 15/s, item_size: 1KB}]}\n",
		 25 + quiet_s, quiet_s);
	return tu_sim_text("gap.yaml", text);
}

/*
 * Delayed adaptive capacity counts its delay from the start of
 * throttling (reference §6: "5 to 30 minutes between the start of
 * throttling and the boost"), not from the last second without one.
 * Partition 1 (share 10) is throttled 15 - 10 = 5 a second in seconds
 * 0-4, quiet (5 a second) for quiet_s, then asks 15 again.
 * - quiet 5 s, under a minute: the episode started at t = 0, so the
 *   first throttle at t = 10 (the 11th write) lifts it, and from then
 *   the 9 a second partition 0 leaves unused cover its 5 above the
 *   share: 5 x 5 + 1 = 26 throttled. Restarting the delay after any
 *   second without a throttle lifted it only at t = 20: 5 x 5 + 10 x 5
 *   + 1 = 76.
 * - quiet 65 s, a minute and more: the episode ended, the delay starts
 *   again at t = 70 and lifts at t = 80: 25 + 10 x 5 + 1 = 76.
 */
START_TEST(test_ddb_service_delayed_from_start)
{
	struct pk_run *run = delayed_gap(5);

	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 26);
	tu_sim_free(run);
	run = delayed_gap(65);
	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 76);
	tu_sim_free(run);
}
END_TEST

/*
 * Instant adaptive capacity lends what the other partitions leave
 * unused in the same second (D10, reference §6: "min(cap, its share +
 * the table's unused capacity that second)"). Statement 16's table
 * (4 partitions of 100 WCU, keys a, g, b, c on partitions 0-3), burst
 * off, no retries, 20 s: a writes 200 a second, b and c 100 each, g 100
 * in odd seconds and none in even ones.
 * - even second: asked 200 + 0 + 100 + 100 = 400, the table's units;
 *   g's 100 unused go to partition 0: 0 throttled (second 0 too: the
 *   run's first second lends as any other);
 * - odd second: asked 500, nothing unused: partition 0 held to its 100,
 *   100 throttled, the table serving exactly its 400.
 * 10 x 100 = 1,000 throttled and 20 x 400 = 8,000 served of 9,000.
 * Lending what was left unasked the second before gave 1,400: 100 in
 * even seconds (g's share was taken the second before), 40 in odd ones
 * (460 served on 400 WCU).
 */
START_TEST(test_ddb_service_lends_same_second)
{
	char text[4096], steps[2048];
	size_t n = 0;
	int t;
	struct pk_run *run;
	const struct pk_metrics *m;

	for (t = 0; t < 20; t++) {
		n += (size_t)snprintf(steps + n, sizeof(steps) - n,
				      "%s{at: %ds, rate: %d/s}", t ? ", " : "",
				      t, t % 2 ? 100 : 0);
	}
	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 9000, "
		 "write_capacity_units: 400, burst: off}\n"
		 "streams:\n"
		 "  - {name: hot, client: {retries: off}, items: {k: {const: "
		 "a}}, phases: [{duration: 20s, rate: 200/s}]}\n"
		 "  - {name: g, client: {retries: off}, items: {k: {const: "
		 "g}}, phases: [{duration: 20s, rate: {steps: [%s]}}]}\n"
		 "  - {name: b, client: {retries: off}, items: {k: {const: "
		 "b}}, phases: [{duration: 20s, rate: 100/s}]}\n"
		 "  - {name: c, client: {retries: off}, items: {k: {const: "
		 "c}}, phases: [{duration: 20s, rate: 100/s}]}\n",
		 steps);
	run = tu_sim_text("same.yaml", text);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.operations, 9000);
	ck_assert_uint_eq(m->totals.throttled_429, 1000);
	ck_assert_uint_eq(m->totals.succeeded, 8000);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_service");
	TCase *tc = tcase_create("run");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ddb_service_hot_key);
	tcase_add_test(tc, test_ddb_service_share_only);
	tcase_add_test(tc, test_ddb_service_burst_only);
	tcase_add_test(tc, test_ddb_service_lent_share_not_banked);
	tcase_add_test(tc, test_ddb_service_delayed_table_bound);
	tcase_add_test(tc, test_ddb_service_delayed_lent_not_banked);
	tcase_add_test(tc, test_ddb_service_statement_16_off);
	tcase_add_test(tc, test_ddb_service_delayed_from_start);
	tcase_add_test(tc, test_ddb_service_lends_same_second);
	tcase_add_test(tc, test_ddb_service_storage_split);
	tcase_add_test(tc, test_ddb_service_reports);
	tcase_add_test(tc, test_ddb_service_share_decimals);
	tcase_add_test(tc, test_ddb_service_on_demand_new_table);
	tcase_add_test(tc, test_ddb_service_on_demand_bounds);
	tcase_add_test(tc, test_ddb_service_on_demand_doubles);
	tcase_add_test(tc, test_ddb_service_on_demand_scenario);
	tcase_add_test(tc, test_ddb_service_burst_scenario);
	tcase_add_test(tc, test_ddb_service_ramp_scenario);
	tcase_add_test(tc, test_ddb_service_hash);
	suite_add_tcase(s, tc);
	tc = tcase_create("cli");
	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_ddb_service_item_too_large);
	tcase_add_test(tc, test_ddb_service_batch);
	tcase_add_test(tc, test_ddb_service_batch_unprocessed);
	tcase_add_test(tc, test_ddb_service_batch_unique_key);
	tcase_add_test(tc, test_ddb_service_batch_repeated_key);
	tcase_add_test(tc, test_ddb_service_batch_item_partitions);
	suite_add_tcase(s, tc);
	return s;
}
