/*
 * report: the scorecard and ranking of compare, and the CSV series, on a
 * small scenario whose figures follow from its definition.
 */
/* fopencookie: a stream whose writes fail, for the CSV error test */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/report/report_csv.h"
#include "pksim/report/report_html.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_streams.h"
#include "pksim/report/report_text.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "testutil.h"

/*
 * 1,000 creates/s of 1 KB (5 RU) for 10 s on 30,000 RU/s (5 ranges of
 * 6,000). Variant "one-key" puts every item in one logical partition:
 * 5,000 RU/s offered on one range of 6,000, so no 429 but 100% of the
 * requests, RU and storage in that logical partition. Variant "by-id"
 * gives every item its own logical partition (10,000 of them).
 * Variant "hot-3" keys by a constant with 3 ranges' worth: it is the
 * same as one-key but on 6,000 RU/s (1 range): 5,000 RU/s offered fits.
 * Variant "overloaded" on 3,000 RU/s (1 range) is rate limited.
 */
static const char *const text =
    "name: cards\n"
    "seed: 3\n"
    "container: {partition_key: /k, throughput: 30000}\n"
    "variants:\n"
    "  - {name: one-key, partition_key: /k}\n"
    "  - {name: by-id, partition_key: /id}\n"
    "  - {name: overloaded, partition_key: /k, throughput: 3000}\n"
    "items: {k: same}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 1000/s, item_size: 1KB}\n";

/* The cards scenario run keeping every variant's per-second records
   (sim_run_detail); free with tu_sim_free. */
static struct pk_run *run_cards_detail(void)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;

	diag_init(&d);
	sc = scenario_parse("cards.yaml", text, strlen(text), &d);
	ck_assert_msg(sc != NULL, "%s", tu_diag_text(&d));
	run = sim_run_detail(sc, sc->seed, 1, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	return run;
}

START_TEST(test_report_scorecard_figures)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *cards = tu_cards("cards.yaml", text, &run, &res);

	ck_assert_uint_eq(run->n_variants, 3);
	/* one-key: one logical partition holds everything */
	ck_assert_uint_eq(cards[0].logical_partitions, 1);
	ck_assert(cards[0].hottest_share_requests == 1.0);
	ck_assert(cards[0].hottest_share_ru == 1.0);
	ck_assert(cards[0].hottest_share_storage == 1.0);
	ck_assert_str_eq(cards[0].hottest_key, "\"same\"");
	/* 5 ranges, all data in one: max / mean = 5 */
	ck_assert(cards[0].storage_max_over_mean > 4.999 &&
		  cards[0].storage_max_over_mean < 5.001);
	/* 1,000 x 5 RU a second on a range of 6,000: 5,000 / 6,000 */
	ck_assert(cards[0].peak_normalized_ru > 0.833 &&
		  cards[0].peak_normalized_ru < 0.834);
	ck_assert_uint_eq(cards[0].throttled_429, 0);
	/* by-id: 10,000 items, one per logical partition */
	ck_assert_uint_eq(cards[1].logical_partitions, 10000);
	ck_assert(cards[1].hottest_share_requests == 1.0 / 10000);
	/* a logical partition of one item, written once, shows no growth:
	   it never fills */
	ck_assert(cards[1].full_kind == PK_FULL_NEVER);
	/* one-key: 1,000 creates/s of 1,024 B projected from t = 0
	   (runway.h): 1,024,000 B/s, 20 GB (21,474,836,480 B) in 20,971.52
	   s = 0.242726 days */
	ck_assert(cards[0].full_kind == PK_FULL_DAYS);
	ck_assert(cards[0].days_to_full > 0.242725 &&
		  cards[0].days_to_full < 0.242727);
	/* overloaded: 5,000 RU/s offered on 3,000: 429s */
	ck_assert_uint_gt(cards[2].throttled_429, 0);
	/* ranking: overloaded last (most 429s); by-id before one-key (lower
	   peak normalized RU consumption) */
	ck_assert_uint_eq(cards[1].rank, 1);
	ck_assert_uint_eq(cards[0].rank, 2);
	ck_assert_uint_eq(cards[2].rank, 3);
	ck_assert_ptr_nonnull(strstr(cards[2].verdict, "overloaded: one "
						       "logical partition"));
	ck_assert_ptr_nonnull(strstr(cards[2].verdict, "3,000 RU/s"));
	tu_cards_free(cards, run, res);
}
END_TEST

START_TEST(test_report_json_scorecards)
{
	struct tu_fx f;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	json_t *root, *v;

	tu_fx_run(&f, "cards.yaml", text);
	ck_assert_int_eq(report_json(f.r, 1, mem), 0);
	tu_fx_free(&f);
	fclose(mem);
	root = json_loads(buf, 0, NULL);
	ck_assert_ptr_nonnull(root);
	v = json_array_get(json_object_get(root, "variants"), 0);
	/* the same variant objects as run, with a scorecard */
	ck_assert_ptr_nonnull(json_object_get(v, "totals"));
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_object_get(v, "scorecard"), "hottest_key")),
			 "same");
	ck_assert_int_eq(json_integer_value(json_object_get(
			     json_object_get(v, "scorecard"), "rank")),
			 2);
	json_decref(root);
	free(buf);
}
END_TEST

START_TEST(test_report_csv_series)
{
	struct pk_run *run = run_cards_detail();
	struct pk_result *res = result_build(run);
	char *buf = tu_report(res, report_csv), *line;
	size_t rows = 0;

	result_free(res);
	ck_assert_int_eq(strncmp(buf,
				 "variant,t_s,range_id,ru,ru_per_s,"
				 "normalized_ru,requests,throttled_429,"
				 "storage_bytes,retries\n",
				 88),
			 0);
	for (line = strchr(buf, '\n'); line && line[1];
	     line = strchr(line + 1, '\n')) {
		rows++;
	}
	/* a row per range and second the range saw requests: one-key,
	   10 seconds x the 1 range holding its key; by-id,
	   10 seconds x 5 ranges (1,000 ids a second reach all 5); the
	   overloaded variant (1 range) goes on retrying after t = 10 s, one
	   row per second it saw requests */
	ck_assert_uint_eq(rows,
			  10 * 1 + 10 * 5 +
			      tu_metrics(run->variants[2].svc)->n_samples);
	ck_assert_uint_gt(tu_metrics(run->variants[2].svc)->n_samples, 10);
	/* one-key, second 0, the range with the key: 1,000 creates of 5 RU
	   on 6,000 RU/s */
	ck_assert_ptr_nonnull(strstr(buf, ",5000,6000,0.833333,1000,0,"));
	free(buf);
	tu_sim_free(run);
}
END_TEST

/* A writer that fails every write, counting them */
static ssize_t failing_write(void *cookie, const char *buf, size_t n)
{
	(void)buf;
	(void)n;
	++*(int *)cookie;
	errno = ENOMEM;
	return -1;
}

/*
 * A stream that fails (a memory stream out of memory) stops the series
 * at its first failed write: the cards run has 60 + rows, over 4 KB,
 * so a 64-byte buffer would be written and failed again at least 60
 * times if every row went on writing; stopping at the first row after
 * the failure leaves it at the header's few.
 */
START_TEST(test_report_csv_stops_on_error)
{
	struct pk_run *run = run_cards_detail();
	struct pk_result *res = result_build(run);
	cookie_io_functions_t io = {.write = failing_write};
	int writes = 0;
	FILE *f = fopencookie(&writes, "w", io);
	char vb[64];

	ck_assert_ptr_nonnull(f);
	setvbuf(f, vb, _IOFBF, sizeof(vb));
	ck_assert_int_eq(report_csv(res, f), -1);
	ck_assert_msg(writes >= 1 && writes <= 4, "%d writes", writes);
	fclose(f); /* before vb goes */
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * The frozen result (result.h) of the cards scenario without the
 * overloaded variant (its retries would stretch the run past 10 s), each
 * figure from the scenario: 30,000 RU/s -> max(ceil(30,000 / 6,000),
 * ceil(30,000 / 10,000)) = 5 ranges (rule 2). 10 s x 1,000 creates of 1 KB (5
 * RU): 10,000 items, 10,240,000 bytes (index factor 1), 50,000 RU. Provisioned
 * over the 10 closed seconds: 300,000 RU, so utilisation 50,000 /
 * 300,000 = 1/6. one-key holds it all in one logical partition, served
 * 10,000 times; nothing waited for a retry: p50 = p99 = 0 ms. by-id has
 * 10,000 logical partitions, the top PK_RESULT_TOP (10) kept. No
 * autoscale: no bills, 1 hour started (ceil(10 / 3,600)); no merge.
 */
START_TEST(test_report_result_figures)
{
	static const char *const two =
	    "name: cards\n"
	    "seed: 3\n"
	    "container: {partition_key: /k, throughput: 30000}\n"
	    "variants:\n"
	    "  - {name: one-key, partition_key: /k}\n"
	    "  - {name: by-id, partition_key: /id}\n"
	    "items: {k: same}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1000/s, item_size: 1KB}\n";
	struct tu_fx f;
	const struct pk_result_variant *one, *by_id;
	uint64_t range_bytes = 0;
	size_t i;

	tu_fx_run(&f, "two.yaml", two);
	one = &f.r->variants[0];
	by_id = &f.r->variants[1];
	ck_assert_uint_eq(f.r->n_variants, 2);
	ck_assert_int_eq(f.r->end_ms, 10000);
	ck_assert_uint_eq(f.r->items_created, 10000);
	ck_assert_int_eq(f.r->phase_start_ms[0], 0);
	ck_assert_int_eq(f.r->sends_batches, 0);
	ck_assert_str_eq(one->name, "one-key");
	ck_assert_uint_eq(one->created_ranges, 5);
	ck_assert_uint_eq(one->n_ranges, 5);
	ck_assert_int_eq(one->end_s, 10);
	ck_assert_uint_eq(one->lps_seen, 1);
	ck_assert_uint_eq(one->lps_live, 1);
	ck_assert_uint_eq(one->requests_served, 10000);
	ck_assert_uint_eq(one->storage_bytes, 10240000);
	for (i = 0; i < one->n_ranges; i++) {
		range_bytes += one->ranges[i].storage_bytes;
	}
	ck_assert_uint_eq(range_bytes, 10240000);
	ck_assert(one->utilisation > 0.16666 && one->utilisation < 0.16667);
	ck_assert_int_eq(one->wait_p50_ms, 0);
	ck_assert_int_eq(one->wait_p99_ms, 0);
	ck_assert_uint_eq(one->n_top_ru, 1);
	ck_assert_uint_eq(one->top_ru[0].served, 10000);
	ck_assert_int_eq(one->top_ru[0].ru_mru, 50000LL * 1000);
	/* the range holding it holds all the bytes, at 6,000 RU/s */
	ck_assert_uint_eq(one->ranges[one->top_ru[0].range].storage_bytes,
			  10240000);
	ck_assert_int_eq(result_lp_range_ru_per_s(one, &one->top_ru[0]), 6000);
	ck_assert_uint_eq(one->n_full, 0);
	ck_assert_ptr_null(one->billed_ru_per_s);
	ck_assert_int_eq(one->n_hours, 1);
	ck_assert_int_eq(one->merge_note.t_s, -1);
	ck_assert_uint_eq(by_id->lps_live, 10000);
	ck_assert_uint_eq(by_id->n_top_ru, PK_RESULT_TOP);
	ck_assert_uint_eq(by_id->n_top_storage, PK_RESULT_TOP);
	tu_fx_free(&f);
}
END_TEST

/*
 * Per-range rows after a split: 6,000 RU/s (1 range, id 0)
 * raised to 12,000 at t = 10 s splits it into ranges 1 and 2
 * (ceil(12,000 / 10,000) = 2, rule 6; no split delay). 10 creates/s of
 * 1 KB (5 RU) for 10 s reach range 0 before the split: 100 requests, no
 * 429 (50 RU a second of 6,000); its peak 50 / 6,000 = 0.8% and p99 0%
 * (0.83% rounded down). Rows of ranges 1 and 2 say "split of 0 at
 * t=10s"; range 0 is listed with its figures until the split.
 */
START_TEST(test_report_split_lineage)
{
	static const char *const split =
	    "container: {partition_key: /k, throughput: 6000}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 10/s, item_size: 1KB}\n"
	    "  - {duration: 10s, rate: 10/s, throughput: 12000}\n";
	struct tu_fx f;
	const struct pk_result_variant *v;
	char *buf = NULL, row[160];
	size_t i;

	tu_fx_run(&f, "split.yaml", split);
	v = &f.r->variants[0];
	ck_assert_uint_eq(v->n_ranges, 2);
	for (i = 0; i < 2; i++) {
		ck_assert_uint_eq(v->ranges[i].id, i + 1);
		ck_assert_uint_eq(v->ranges[i].parent, 0);
		ck_assert_int_eq(v->ranges[i].born_s, 10);
	}
	ck_assert_int_eq(result_lineage(v, 0)->split_s, 10);
	ck_assert_uint_eq(result_lineage(v, 0)->requests, 100);
	ck_assert_uint_eq(result_lineage(v, 0)->children[1], 2);
	ck_assert_int_eq(result_lineage(v, 0)->nru_p99_pct, 0);
	buf = tu_report(f.r, report_text);
	ck_assert_ptr_nonnull(strstr(buf, "%  split of 0 at t=10s\n"));
	snprintf(row, sizeof(row), "  %-5u %-26s %6.1f%% %6d%% %12s %10s\n", 0,
		 "t=10s, into 1 and 2", 0.8, 0, "100", "0");
	ck_assert_ptr_nonnull(strstr(buf, row));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/* RU consumed above the provisioned RU over the run are named: one query
   of 1,000,000 results (1 + 2.5 + 0.5 x 1,000,000 = 500,003.5 RU, the
   default query charges) on 400 RU/s, sent at t = 0 of a 10-s phase, is
   admitted whole and its charge carried into the next seconds:
   500,003.5 of 400 x 10 = 4,000 RU provisioned over the run,
   12,500.1 %; 100 creates of 5 RU over the same 10 s, 500 RU, are
   12.5 % and say nothing more. */
START_TEST(test_report_utilisation_over)
{
	static const char *const over =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "client: {retries: none}\n"
	    "phases: [{duration: 10s, rate: 0.1/s, ops: {query: 1}, "
	    "queries: [{name: all, where: {}, results: 1000000}]}]\n";
	static const char *const under =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases: [{duration: 10s, rate: 10/s, item_size: 1KB}]\n";
	static const char more[] = "more than it was provisioned";
	struct tu_fx f;
	char *buf;

	tu_fx_run(&f, "over.yaml", over);
	buf = tu_report(f.r, report_text);
	ck_assert_msg(
	    strstr(buf, "(12500.1% of provisioned RU over the run: ") &&
		strstr(buf, more),
	    "%s", buf);
	free(buf);
	tu_fx_free(&f);
	tu_fx_run(&f, "under.yaml", under);
	buf = tu_report(f.r, report_text);
	ck_assert_msg(strstr(buf, "(12.5% of provisioned RU over the run)\n") &&
			  !strstr(buf, more),
		      "%s", buf);
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * Query names in the reports: 18,000 RU/s (3 ranges), 100
 * creates of keys k0..k9, then phase "point" sends 50 queries "by-k" (an
 * equality on the key: single partition, 1 range, 2 results) and phase
 * "scan" 50 queries "all" (no filter: fan-out to the 3 ranges, 2
 * results). Charges (defaults: 1 RU + 2.5 a range + 0.5 a result):
 * by-k 1 + 2.5 + 1 = 4.5 RU, 225 in all; all 1 + 7.5 + 1 = 9.5 RU, 475
 * in all, 150 ranges visited. No 429 (at most 10 a second).
 */
START_TEST(test_report_query_names)
{
	static const char *const yaml =
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 10s, rate: 10/s}\n"
	    "  - {name: point, duration: 5s, rate: 10/s, ops: {query: 1},\n"
	    "     queries: [{name: by-k, where: {k: eq}, results: 2}]}\n"
	    "  - {name: scan, duration: 5s, rate: 10/s, ops: {query: 1},\n"
	    "     queries: [{name: all, results: 2}]}\n";
	struct tu_fx f;
	const struct pk_result_variant *v;
	char *buf = NULL, row[200];

	tu_fx_run(&f, "q.yaml", yaml);
	v = &f.r->variants[0];
	ck_assert_uint_eq(v->n_queries, 2);
	ck_assert_str_eq(v->queries[0].name, "by-k");
	ck_assert_int_eq(v->queries[0].route, PK_ROUTE_SINGLE);
	ck_assert_uint_eq(v->queries[0].served, 50);
	ck_assert_uint_eq(v->queries[0].ranges_visited, 50);
	ck_assert_int_eq(v->queries[0].ru_mru, 225 * 1000);
	ck_assert_str_eq(v->queries[1].name, "all");
	ck_assert_int_eq(v->queries[1].route, PK_ROUTE_FANOUT);
	ck_assert_uint_eq(v->queries[1].served, 50);
	ck_assert_uint_eq(v->queries[1].ranges_visited, 150);
	ck_assert_int_eq(v->queries[1].ru_mru, 475 * 1000);
	buf = tu_report(f.r, report_text);
	/* two phases have queries: named phase/name, the column as wide as
	   "point/by-k" (10) */
	snprintf(row, sizeof(row),
		 "  %-10s %-16s %10s %13.2f %12s %10.2f %10s\n", "point/by-k",
		 "single partition", "50", 1.0, "225", 4.5, "0");
	ck_assert_ptr_nonnull(strstr(buf, row));
	snprintf(row, sizeof(row),
		 "  %-10s %-16s %10s %13.2f %12s %10.2f %10s\n", "scan/all",
		 "fan-out", "50", 3.0, "475", 9.5, "0");
	ck_assert_ptr_nonnull(strstr(buf, row));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * The timeline keeps idle stretches and splits a 10 s
 * spike: 500 RU/s (1 range); phase "wait" sends reads for 50 s while no
 * item exists (every one skipped: the container is idle), then "burst"
 * 10 creates/s of 1 KB (5 RU) for 10 s: 10 busy seconds, so 5 s buckets
 * (the smallest step), the idle 50 s on one line, and the spike in two
 * rows at t = 50 and 55, each 10 x 5 = 50 RU/s offered and served, none
 * retried, peak 50 / 500 = 10%. The RU/s columns always have one
 * decimal (one number format per column): "50.0".
 */
START_TEST(test_report_timeline_idle)
{
	static const char *const yaml =
	    "container: {partition_key: /k, throughput: 500}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {name: wait, duration: 50s, rate: 1/s, ops: {read: 1}}\n"
	    "  - {name: burst, duration: 10s, rate: 10/s, item_size: 1KB}\n";
	struct tu_fx f;
	char *buf = NULL, row[200], *tl;

	tu_fx_run(&f, "idle.yaml", yaml);
	buf = tu_report(f.r, report_text);
	tl = strstr(buf, "\ntimeline (per 5s:");
	ck_assert_ptr_nonnull(tl);
	ck_assert_ptr_nonnull(
	    strstr(tl, "peak\n  ... 50 s idle (t = 0 s to 50 s) ...\n"));
	snprintf(row, sizeof(row),
		 "  %-10d %9s %6u %12s %12s %12s %10s %5.0f%%\n"
		 "  %-10d %9s %6u %12s %12s %12s %10s %5.0f%%\n\n",
		 50, "500", 1, "50.0", "0.0", "50.0", "0", 10.0, 55, "500", 1,
		 "50.0", "0.0", "50.0", "0", 10.0);
	ck_assert_ptr_nonnull(strstr(tl, row));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/* The text report of yaml (a scenario) into a new string. */
static char *text_of(const char *yaml, int compare)
{
	struct tu_fx f;
	char *buf;

	tu_fx_run(&f, "t.yaml", yaml);
	buf = tu_report(f.r, compare ? report_text_compare : report_text);
	tu_fx_free(&f);
	return buf;
}

/* A rate schedule of one operation (1/s for 1 s: 1 x 1 = 1) says "1
   operation", not "1 operations". */
START_TEST(test_report_schedule_one_operation)
{
	char *txt = text_of("seed: 1\n"
			    "container: {partition_key: /k, throughput: 4000}\n"
			    "items: {k: {values: \"x{0..9}\"}}\n"
			    "phases:\n"
			    "  - {duration: 1s, rate: {steps: [{at: 0s, rate: "
			    "1/s}]}, ops: {create: 1}}\n",
			    0);

	ck_assert_ptr_nonnull(strstr(txt, "(1 operation, peak 1 ops/s)"));
	ck_assert_ptr_null(strstr(txt, "1 operations"));
	free(txt);
}
END_TEST

/* The retry wait line says what the figure is (it read
   "latency retries added to operations that succeeded"). 400 RU/s, 100
   creates of 5 RU in second 0, one every 10 ms, default retries:
   creates 0 .. 79 fit (400 RU), 80 .. 99 (at 800 .. 990 ms) get a 429
   and retry at 1,000 ms, having waited 200 .. 10 ms. The 100 waits
   sorted: 80 x 0, then 10, 20, .. 200; p50 (rank 50) 0 ms, p99 (rank
   99, the 19th of the 20) 190 ms. */
START_TEST(test_report_retry_wait_line)
{
	char *txt = text_of("seed: 1\n"
			    "container: {partition_key: /k, throughput: 400}\n"
			    "items: {k: {values: \"k{0..99}\"}}\n"
			    "phases:\n"
			    "  - {duration: 1s, rate: 100/s, ops: {create: 1}, "
			    "item_size: 1KB}\n",
			    0);

	ck_assert_msg(strstr(txt, "  retry wait (succeeded)   p50 0 ms, p99 "
				  "190 ms (per operation that succeeded, the "
				  "time it waited in all before its "
				  "retries)\n"),
		      "%s", txt);
	free(txt);
}
END_TEST

/* Rule 28: an item's ttl with the container's default_ttl off is
   ignored by the service, so nothing expires: a finding
   says so and how to turn it on; with default_ttl: -1 it does not (and
   the 60 s ttl has not passed in the 2 s run either way). */
#define TTL_YAML(CONTAINER)                                                    \
	"seed: 1\n"                                                            \
	"container: {partition_key: /k, throughput: 400" CONTAINER "}\n"       \
	"items:\n"                                                             \
	"  k: {values: \"k{0..9}\"}\n"                                         \
	"  ttl: {values: [60, 3600]}\n"                                        \
	"phases:\n"                                                            \
	"  - {duration: 2s, rate: 10/s, ops: {create: 1}}\n"
START_TEST(test_report_item_ttl_ignored)
{
	char *txt = text_of(TTL_YAML(""), 0);

	ck_assert_msg(strstr(txt, "the items carry a ttl (line 5) but the "
				  "container has no default_ttl: the service "
				  "ignores an item's ttl unless the "
				  "container's time to live is on (rule 28), "
				  "so nothing expired; set default_ttl: -1"),
		      "%s", txt);
	free(txt);
	txt = text_of(TTL_YAML(", default_ttl: -1"), 0);
	ck_assert_msg(!strstr(txt, "the items carry a ttl"), "%s", txt);
	free(txt);
}
END_TEST

/*
 * Closed-loop workers beside an open-loop stream (as check_sim's
 * test_sim_closed_loop_one_stream): bulk's 2 workers of 20 ms answer its
 * 2,000 creates by 2,000 / 2 x 20 ms = 20,000 ms, 2,000 x 1,000 / 20,000
 * = 100.0 a second; the line names the stream (reads' 100 are open loop).
 */
START_TEST(test_report_closed_loop_stream)
{
	char *txt =
	    text_of("seed: 1\n"
		    "container: {partition_key: /k, throughput: 2000}\n"
		    "streams:\n"
		    "  - name: bulk\n"
		    "    items: {k: {values: \"k{0..99}\"}}\n"
		    "    client: {concurrency: 2, latency: 20ms}\n"
		    "    phases:\n"
		    "      - {duration: 1s, rate: 2000/s, ops: {create: 1}, "
		    "item_size: 1KB}\n"
		    "  - name: reads\n"
		    "    items: {k: {values: \"r{0..99}\"}}\n"
		    "    phases:\n"
		    "      - {duration: 10s, rate: 10/s, ops: {create: 1}, "
		    "item_size: 1KB}\n",
		    0);

	ck_assert_ptr_nonnull(strstr(txt,
				     "  achieved (succeeded/s)   100.0 "
				     "(closed loop, stream bulk: 2,000 "
				     "succeeded of 2,000 answered, 0.000 s "
				     "to 20.000 s)\n"));
	free(txt);
}
END_TEST

/* Two closed-loop streams on 4,000 RU/s (as check_sim's
   test_sim_closed_loop_per_stream): a's 2 workers of 20 ms answer its
   2,000 creates by 20,000 ms, b's 4 workers of 10 ms its 1,000 by 2,503
   ms. */
static const char two_loops[] =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 4000}\n"
    "streams:\n"
    "  - name: a\n"
    "    items: {k: {values: \"a{0..99}\"}}\n"
    "    client: {concurrency: 2, latency: 20ms}\n"
    "    phases:\n"
    "      - {duration: 1s, rate: 2000/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - name: b\n"
    "    items: {k: {values: \"b{0..99}\"}}\n"
    "    client: {concurrency: 4, latency: 10ms}\n"
    "    phases:\n"
    "      - {duration: 1s, rate: 1000/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

/*
 * Each closed-loop stream's achieved operations/s, and the totals' over
 * both: a 2,000 x 1,000 / 20,000 = 100.0, b 1,000 x
 * 1,000 / 2,503 = 399.52 (399.5; 399.521 in CSV), together (2,000 +
 * 1,000) x 1,000 / 20,000 = 150.0 by the last answer at 20.000 s. The
 * old report named only the first closed-loop stream on the totals line.
 */
START_TEST(test_report_closed_loop_two_streams)
{
	char *txt = text_of(two_loops, 0);
	struct tu_fx f;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	json_t *root, *st;
	json_error_t err;

	ck_assert_ptr_nonnull(strstr(txt,
				     "  achieved (succeeded/s)   150.0 "
				     "(closed loop, streams a, b: 3,000 "
				     "succeeded of 3,000 answered, 0.000 s to "
				     "20.000 s)\n"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  achieved (succeeded/s), stream a: 100.0 "
			"(closed loop: 2,000 succeeded of 2,000 answered, "
			"0.000 s to 20.000 s)\n"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  achieved (succeeded/s), stream b: 399.5 "
			"(closed loop: 1,000 succeeded of 1,000 answered, "
			"0.000 s to 2.503 s)\n"));
	free(txt);

	tu_fx_run(&f, "t.yaml", two_loops);
	buf = tu_report(f.r, report_streams_csv);
	/* 2,000 creates of 5 RU: 10,000 RU; 1,000: 5,000 RU; no retry */
	ck_assert_ptr_nonnull(strstr(
	    buf,
	    "\n\"/"
	    "k\",\"a\",\"all\",2000,2000,0,0,0,0,0,0,10000,0,0,100.000\n"));
	ck_assert_ptr_nonnull(strstr(
	    buf,
	    "\n\"/k\",\"b\",\"all\",1000,1000,0,0,0,0,0,0,5000,0,0,399.521\n"));
	free(buf);
	buf = NULL;
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(report_json(f.r, 0, mem), 0);
	fclose(mem);
	root = json_loads(buf, 0, &err);
	ck_assert_ptr_nonnull(root);
	st = json_object_get(
	    json_array_get(
		json_object_get(
		    json_array_get(json_object_get(root, "variants"), 0),
		    "streams"),
		1),
	    "totals");
	ck_assert_int_eq(
	    json_integer_value(json_object_get(st, "last_answer_ms")), 2503);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(st, "achieved_succeeded_per_s")),
	    1000.0 * 1000.0 / 2503.0, 1e-9);
	json_decref(root);
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/* The CSV (report_streams_csv) of yaml's run into a new string. */
static char *streams_csv_of(const char *yaml)
{
	struct tu_fx f;
	char *buf;

	tu_fx_run(&f, "t.yaml", yaml);
	buf = tu_report(f.r, report_streams_csv);
	tu_fx_free(&f);
	return buf;
}

/* The streams of the two tests below: etl 100 creates a second in
   bucket 1, app 200 a second at Low priority, 10 s each, no retries. */
#define ETL_AND_LOW_APP                                                        \
	"streams:\n"                                                           \
	"  - name: etl\n"                                                      \
	"    items: {k: {values: \"e{0..99}\"}}\n"                             \
	"    client: {throughput_bucket: 1, retries: off}\n"                   \
	"    phases:\n"                                                        \
	"      - {duration: 10s, rate: 100/s, ops: {create: 1}, item_size: "   \
	"1KB}\n"                                                               \
	"  - name: app\n"                                                      \
	"    items: {k: {values: \"a{0..99}\"}}\n"                             \
	"    client: {priority: low, retries: off}\n"                          \
	"    phases:\n"                                                        \
	"      - {duration: 10s, rate: 200/s, ops: {create: 1}, item_size: "   \
	"1KB}\n"

/*
 * Per-stream 429/3212 and Low 429s (rules 30 and 31), on one
 * partition of 1,000 RU/s with bucket 1 at 20 % (200 RU a second), no
 * retries, 10 s. etl (High, bucket 1): 100 creates of 5 RU a second, one
 * every 10 ms: creates 0..39 fit the bucket (200 RU), 40..99 get
 * 429/3212 before they count as High demand: 400 succeed, 600 3212s.
 * app (Low): 200 creates a second, one every 5 ms (k at 5k ms, after
 * etl's at the same ms). High asked 200 RU the second before, so a Low
 * create needs used + 5 <= 1,000 - (200 - High so far): up to 390 ms
 * etl has asked 5(j + 1) and used holds it, so app's k-th needs 5k + 5
 * <= 800, true for the k <= 78 sent by then; from 390 ms nothing is
 * reserved. The partition fills at 200 + 160 x 5 = 1,000 RU with app's
 * create 159 at 795 ms; creates 160..199 get 429 (3200, to Low): 1,600
 * succeed, 400 Low 429s, 8,000 RU; etl 2,000 RU. Second 0 (no High the
 * second before) comes to the same. Before, the stream tables had only
 * the 429s.
 */
START_TEST(test_report_stream_429_classes)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 1000,\n"
	    "            throughput_buckets: [{id: 1, max_percent: "
	    "20}]}\n" ETL_AND_LOW_APP;
	char *csv = streams_csv_of(yaml), *txt = text_of(yaml, 0);

	ck_assert_ptr_nonnull(
	    strstr(csv, "\n\"/k\",\"etl\",\"all\",1000,400,600,600,0,600,0,0,"
			"2000,0,0,\n"));
	ck_assert_ptr_nonnull(
	    strstr(csv, "\n\"/k\",\"app\",\"all\",2000,1600,400,0,400,400,0,0,"
			"8000,0,0,\n"));
	/* the text table's columns, as the totals split them */
	ck_assert_ptr_nonnull(strstr(
	    txt, "  stream         kind      operations   succeeded "
		 "      429s   429/3212   Low 429s failed 429   failed"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  etl            all            1,000         "
			"400        600        600          0        600"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  app            all            2,000       "
			"1,600        400          0        400        400"));
	/* ... and the totals: 600 + 400 429s, 600 of them 3212, 400 Low */
	ck_assert_ptr_nonnull(strstr(txt, "  rate limited (429/3200)  400 "));
	ck_assert_ptr_nonnull(strstr(txt, "  rate limited (429/3212)  600 "));
	ck_assert_ptr_nonnull(strstr(txt, "  ... to Low priority     400 "));
	free(csv);
	free(txt);
}
END_TEST

/*
 * compare with streams: a "streams by variant" table in text and HTML.
 * test_report_stream_429_classes's scenario in two variants:
 * "bucket" as there (etl 400 ok, 600 429/3212; app 1,600 ok, 400 Low
 * 429s) and "open" without buckets, so etl is not capped (a variant
 * that does not declare the client's bucket does not cap it). In open's
 * second 0 nothing is reserved for High: etl's 5 RU every 10 ms and
 * app's every 5 ms fill 1,000 RU at 660 ms (etl 67 creates, app 133);
 * the rest get 429: etl 33 (3200, High), app 67 (Low). From second 1
 * High asked 500 RU the second before (all 100 of etl's count as
 * asked), so a Low create needs app's admitted RU + 5 <= 500: app gets
 * 100 a second and 100 Low 429s; etl's 100 fit (500 + 500). open: etl
 * 67 + 900 = 967 ok, 33 429s; app 133 + 900 = 1,033 ok, 67 + 900 = 967
 * Low 429s. RU: etl 4,835, app 5,165.
 */
START_TEST(test_report_compare_streams)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 1000,\n"
	    "            throughput_buckets: [{id: 1, max_percent: 20}]}\n"
	    "variants:\n"
	    "  - {name: bucket}\n"
	    "  - {name: open, throughput_buckets: []}\n" ETL_AND_LOW_APP;
	char *txt = text_of(yaml, 1), *html = NULL;
	struct tu_fx f;
	size_t len = 0;
	FILE *mem;

	ck_assert_ptr_nonnull(strstr(txt, "\nstreams by variant (operations "
					  "offered; 429s: "));
	ck_assert_ptr_nonnull(strstr(
	    txt,
	    "\n  etl            bucket         1,000         400        "
	    "600        600          0        600        0          2,000"));
	ck_assert_ptr_nonnull(strstr(
	    txt,
	    "\n                 open           1,000         967        "
	    " 33          0          0         33        0          4,835"));
	ck_assert_ptr_nonnull(strstr(
	    txt,
	    "\n  app            bucket         2,000       1,600        "
	    "400          0        400        400        0          8,000"));
	ck_assert_ptr_nonnull(strstr(
	    txt,
	    "\n                 open           2,000       1,033        "
	    "967          0        967        967        0          5,165"));
	free(txt);

	tu_fx_run(&f, "t.yaml", yaml);
	mem = open_memstream(&html, &len);
	ck_assert_int_eq(report_html(f.r, 1, 0, mem), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(html, "<h2>Streams by variant</h2>"));
	ck_assert_ptr_nonnull(strstr(
	    html, "<tr><td>app</td><td>open</td><td class=\"n\">2,000</td>"
		  "<td class=\"n\">1,033</td><td class=\"n\">967</td>"
		  "<td class=\"n\">0</td><td class=\"n\">967</td>"
		  "<td class=\"n\">967</td><td class=\"n\">0</td>"
		  "<td class=\"n\">0</td><td class=\"n\">5,165</td>"));
	free(html);
	html = NULL;
	/* a run's page: each variant its own table */
	mem = open_memstream(&html, &len);
	ck_assert_int_eq(report_html(f.r, 0, 0, mem), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(html, "id=\"streams\"><h2>Streams</h2>"));
	ck_assert_ptr_nonnull(
	    strstr(html, "id=\"streams-v2\"><h2>Streams</h2>"));
	ck_assert_ptr_nonnull(strstr(
	    html, "<tr><td>etl</td><td>all</td><td class=\"n\">1,000</td>"
		  "<td class=\"n\">400</td><td class=\"n\">600</td>"
		  "<td class=\"n\">600</td>"));
	free(html);
	tu_fx_free(&f);
}
END_TEST

/*
 * A `streams:` list of one named stream keeps its stream:
 * "bulk/import", "(stream bulk)" and the streams table, as with two.
 * 100 creates of 1 KB (5 RU) in 1 s on 1,000 RU/s: 100 succeed, 500 RU.
 */
START_TEST(test_report_one_named_stream)
{
	char *txt = text_of("seed: 1\n"
			    "container: {partition_key: /k, throughput: 1000}\n"
			    "streams:\n"
			    "  - name: bulk\n"
			    "    items: {k: {values: \"k{0..99}\"}}\n"
			    "    phases:\n"
			    "      - {name: early, duration: 2s, rate: 1/s, "
			    "ops: {read: 1}}\n"
			    "      - {name: import, duration: 1s, rate: 100/s, "
			    "ops: {create: 1}, item_size: 1KB}\n",
			    0);

	/* the 2 reads of phase early (1/s for 2 s) find no item to target
	   yet: not sent, and said under the streams table */
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  not sent, stream bulk: 2 (read 2; no item "
			"written yet to target, so in no row)\n"));
	ck_assert_ptr_nonnull(strstr(txt, "\n  bulk/import  t=2s"));
	ck_assert_ptr_nonnull(strstr(txt, "\nclient retries (stream bulk): "));
	ck_assert_ptr_nonnull(strstr(txt, "\nstreams (operations offered"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  bulk           all              100         100"));
	free(txt);
}
END_TEST

/*
 * Each stream that sets a priority or a bucket gets its own line, named:
 * etl in bucket 1, app Low in bucket 2; read only the
 * header, so the load is small (10 creates each).
 */
START_TEST(test_report_client_lines_per_stream)
{
	char *txt =
	    text_of("seed: 1\n"
		    "container: {partition_key: /k, throughput: 1000, "
		    "throughput_buckets: [{id: 1, max_percent: 20}, "
		    "{id: 2, max_percent: 10}]}\n"
		    "streams:\n"
		    "  - name: etl\n"
		    "    items: {k: {values: \"k{0..9}\"}}\n"
		    "    client: {throughput_bucket: 1}\n"
		    "    phases:\n"
		    "      - {duration: 1s, rate: 10/s, ops: {create: 1}}\n"
		    "  - name: app\n"
		    "    items: {k: {values: \"a{0..9}\"}}\n"
		    "    client: {priority: low, throughput_bucket: 2}\n"
		    "    phases:\n"
		    "      - {duration: 1s, rate: 10/s, ops: {create: 1}}\n",
		    0);

	ck_assert_ptr_nonnull(
	    strstr(txt, "\nclient throughput bucket (stream etl): 1 "));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\nclient priority (stream app): low"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\nclient throughput bucket (stream app): 2 "));
	ck_assert_ptr_null(strstr(txt, "client priority (stream etl)"));
	free(txt);
}
END_TEST

/*
 * Actions but no throughput change (a serverless container whose storage
 * splits raise its RU/s): "(none)" belongs under "throughput changes",
 * before "actions", not after the actions. 10 keys of 1 KB items at
 * 10/s over a 4 KB partition cap split in the first second.
 */
START_TEST(test_report_none_before_actions)
{
	static const char *const yaml =
	    "container: {partition_key: /k, serverless: true, "
	    "physical_partition_storage: 4KB}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 10/s}\n";
	char *out = text_of(yaml, 0);

	ck_assert_ptr_nonnull(strstr(out, "\nthroughput changes\n  (none)\n"
					  "\nactions\n"));
	/* and none between the actions and the splits */
	ck_assert_ptr_nonnull(strstr(out, "serverless_ru"));
	ck_assert_ptr_null(strstr(out, "  (none)\n\nsplits\n"));
	free(out);
}
END_TEST

/*
 * No truncation that hides meaning: keys
 * "tenant-0000000000000000000000000000-01" and "...-02" (38 characters,
 * 40 with the quotes) share their first 36; the key column widens to 40
 * and both are printed whole, never cut with "..". A variant named with
 * 40 characters is printed whole in compare's header row (the column
 * widens to 41).
 */
START_TEST(test_report_no_hiding_cuts)
{
	static const char *const keys =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: "
	    "\"tenant-0000000000000000000000000000-{01..02}\"}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 10/s}\n";
	static const char *const names =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "variants:\n"
	    "  - {name: by-k-with-a-long-descriptive-name-of-40ch}\n"
	    "  - {name: by-id, partition_key: /id}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 10/s}\n";
	char *out = text_of(keys, 0);

	ck_assert_ptr_nonnull(strstr(out, "\n  \"tenant-00000000000000000000"
					  "00000000-01\" "));
	ck_assert_ptr_nonnull(strstr(out, "\n  \"tenant-00000000000000000000"
					  "00000000-02\" "));
	ck_assert_ptr_null(strstr(out, "\"tenant-0000000.."));
	free(out);
	out = text_of(names, 1);
	ck_assert_ptr_nonnull(
	    strstr(out, " by-k-with-a-long-descriptive-name-of-40ch "));
	ck_assert_ptr_null(strstr(out, "by-k-with-a-long-de.."));
	free(out);
}
END_TEST

/*
 * Hierarchical EPKs (scenarios/hierarchical.yaml) split inside one
 * tenant's 32-digit level-1 hash: 8 digits show four ranges starting
 * with the same "0EB87785..". Cut to the digits that tell them apart,
 * no two ranges print the same min; with --wide each min is the whole
 * EPK the JSON report gives.
 */
/*
 * Grammar: 400 RU/s (1 range) raised to 800 at t = 2 s
 * stays on 1 range (800 <= 1 x 10,000, rule 5): "1 -> 1 physical
 * partition", and the summary's "1 physical partition".
 */
START_TEST(test_report_grammar)
{
	static const char *const yaml =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 10/s}\n"
	    "  - {duration: 2s, rate: 10/s, throughput: 800}\n";
	char *out = text_of(yaml, 0);

	ck_assert_ptr_nonnull(strstr(out, "  t=2s  400 -> 800 RU/s, 1 -> 1 "
					  "physical partition\n"));
	ck_assert_ptr_nonnull(strstr(out, "-> 1 physical partition "));
	ck_assert_ptr_null(strstr(out, " 1 physical partitions"));
	free(out);
}
END_TEST

START_TEST(test_report_epks_differ)
{
	char *out = NULL, *json = NULL, *p;
	char mins[16][128];
	size_t n = 0, i, k;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	ck_assert_int_eq(tu_run("run scenarios/hierarchical.yaml", &out, NULL),
			 0);
	p = strstr(out, "\n  range min");
	ck_assert_ptr_nonnull(p);
	p = strchr(p + 1, '\n') + 1;
	while (strncmp(p, "  (peak", 7) != 0 && n < 16) {
		unsigned id;

		ck_assert_int_eq(sscanf(p, " %u %127s", &id, mins[n]), 2);
		n++;
		p = strchr(p, '\n') + 1;
	}
	ck_assert_uint_eq(n, 7);
	for (i = 0; i < n; i++) {
		for (k = i + 1; k < n; k++) {
			ck_assert_str_ne(mins[i], mins[k]);
		}
	}
	free(out);
	ck_assert_int_eq(
	    tu_run("run scenarios/hierarchical.yaml --wide", &out, NULL), 0);
	ck_assert_int_eq(tu_run("run scenarios/hierarchical.yaml --format json",
				&json, NULL),
			 0);
	p = strstr(out, "\n  range min");
	p = strchr(p + 1, '\n') + 1;
	for (i = 0; i < n; i++) {
		char min[512], quoted[540];

		ck_assert_int_eq(sscanf(p, " %*u %511s", min), 1);
		if (min[0] != '"') {
			ck_assert_ptr_null(strstr(min, ".."));
			snprintf(quoted, sizeof(quoted), "\"min\": \"%s\"",
				 min);
			ck_assert_ptr_nonnull(strstr(json, quoted));
		}
		p = strchr(p, '\n') + 1;
	}
	free(out);
	free(json);
}
END_TEST

/*
 * Range ids are one type everywhere: strings, as the
 * service's partition key range feed gives them ("id": "0"). By hand,
 * from throughput-split.yaml: created at 18,000 RU/s, 18,000 / 6,000 = 3
 * ranges, ids 0, 1, 2 (rule 2); raised at t = 40 s to 45,000:
 * ceil(45,000 / 10,000) = 5, so 2 parents split (rule 6), 0 into 3 and 4,
 * 1 into 5 and 6; 2 stays. The JSON report names them as strings; the CSV
 * writes the same text quoted (text quoted, numbers not), so every row's
 * range_id is "0" .. "6", and from t = 41 s (after the splits) one of the
 * 5 at the end.
 */
START_TEST(test_report_range_id_strings)
{
	static const char *const end_ids[] = {"3", "4", "5", "6", "2"};
	static const char *const parents[] = {"0", "0", "1", "1", NULL};
	char *csv = NULL, *json = NULL, *line, *save = NULL;
	json_t *root, *v, *pp, *sp;
	size_t i, rows = 0;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	ck_assert_int_eq(tu_run("run scenarios/throughput-split.yaml "
				"--format json",
				&json, NULL),
			 0);
	root = json_loads(json, 0, NULL);
	ck_assert_ptr_nonnull(root);
	v = json_array_get(json_object_get(root, "variants"), 0);
	pp = json_object_get(v, "physical_partitions");
	ck_assert_uint_eq(json_array_size(pp), 5);
	for (i = 0; i < 5; i++) {
		json_t *p = json_array_get(pp, i);
		json_t *parent = json_object_get(p, "parent");

		ck_assert(json_is_string(json_object_get(p, "id")));
		ck_assert_str_eq(json_string_value(json_object_get(p, "id")),
				 end_ids[i]);
		if (parents[i]) {
			ck_assert(json_is_string(parent));
			ck_assert_str_eq(json_string_value(parent), parents[i]);
		} else {
			ck_assert(json_is_null(parent));
		}
	}
	sp = json_object_get(v, "splits");
	ck_assert_uint_eq(json_array_size(sp), 2);
	for (i = 0; i < 2; i++) {
		json_t *s = json_array_get(sp, i);
		json_t *ch = json_object_get(s, "children");

		ck_assert(json_is_string(json_object_get(s, "parent")));
		ck_assert(json_is_string(
		    json_object_get(json_array_get(ch, 0), "id")));
		ck_assert(json_is_string(
		    json_object_get(json_array_get(ch, 1), "id")));
	}
	ck_assert(json_is_string(json_object_get(
	    json_array_get(json_object_get(v, "hot_logical_partitions"), 0),
	    "range")));
	json_decref(root);
	free(json);

	ck_assert_int_eq(
	    tu_run("run scenarios/throughput-split.yaml --format csv", &csv,
		   NULL),
	    0);
	line = strtok_r(csv, "\n", &save); /* the header */
	ck_assert_str_eq(line, "variant,t_s,range_id,ru,ru_per_s,"
			       "normalized_ru,requests,throttled_429,"
			       "storage_bytes,retries");
	while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
		char id[8], tail[2];
		long long t;
		int found = 0;

		ck_assert_msg(sscanf(line, "\"/deviceId\",%lld,\"%7[0-9]%1[\"]",
				     &t, id, tail) == 3,
			      "row not variant,t_s,\"id\": %s", line);
		ck_assert_msg(strlen(id) == 1 && id[0] >= '0' && id[0] <= '6',
			      "range id %s", id);
		for (i = 0; i < 5; i++) {
			found |= strcmp(id, end_ids[i]) == 0;
		}
		ck_assert_msg(t < 41 || found, "t = %lld: range %s", t, id);
		rows++;
	}
	ck_assert_uint_gt(rows, 0);
	free(csv);
}
END_TEST

/* The report of `pksim run FILE` for a scenario of container settings
   con (10 keys, 20 creates in 2 s), in format fmt; caller frees. */
static char *layout_report(const char *con, const char *fmt)
{
	char *dir = tu_tmpdir(), *path, yaml[512], args[1024];
	char *out = NULL, *err = NULL;

	snprintf(yaml, sizeof(yaml),
		 "container: {partition_key: /k, %s}\n"
		 "items: {k: {values: \"k{0..9}\"}}\n"
		 "phases: [{duration: 2s, rate: 10/s}]\n",
		 con);
	path = tu_write_file(dir, "l.yaml", yaml);
	snprintf(args, sizeof(args), "run %s --format %s", path, fmt);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	free(err);
	return out;
}

/* The report of `pksim run FILE` for scenario text yaml in format fmt;
   caller frees. */
static char *yaml_report(const char *yaml, const char *fmt)
{
	char *dir = tu_tmpdir(), *path, args[1024];
	char *out = NULL, *err = NULL;

	path = tu_write_file(dir, "cf.yaml", yaml);
	snprintf(args, sizeof(args), "run %s --format %s", path, fmt);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	free(err);
	return out;
}

/* The change_feed object of yaml's JSON report (one variant). */
static json_t *cf_json(const char *yaml)
{
	char *out = yaml_report(yaml, "json");
	json_t *root = json_loads(out, 0, NULL), *cf;

	ck_assert_ptr_nonnull(root);
	cf = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0),
	    "change_feed");
	ck_assert_ptr_nonnull(cf);
	json_incref(cf);
	json_decref(root);
	free(out);
	return cf;
}

#define CF_INT(o, k) json_integer_value(json_object_get((o), (k)))

/*
 * Rule 39 (D-CFP): one lease per physical partition, so at most as many
 * consumers do work as there are physical partitions. 400 RU/s is one
 * range (rule 2), 4 consumers: 1 has work. 20 creates of 10 keys at
 * 10/s for 2 s (5 RU each, 50 RU/s: no 429) are 20 changes, 10 a
 * second, all on the one lease. Every report carries the table.
 */
START_TEST(test_report_change_feed_one_lease)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "change_feed: {consumers: 4}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases: [{duration: 2s, rate: 10/s}]\n";
	json_t *cf = cf_json(yaml), *l, *root;
	char *out;

	ck_assert_int_eq(CF_INT(cf, "leases"), 1);
	ck_assert_int_eq(CF_INT(cf, "consumers"), 4);
	ck_assert_int_eq(CF_INT(cf, "consumers_with_work"), 1);
	ck_assert_int_eq(CF_INT(cf, "changes"), 20);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(cf, "busiest_lease_share")), 1.0,
	    1e-12);
	json_decref(cf);
	/* each lease's figures are its physical partition's */
	out = yaml_report(yaml, "json");
	root = json_loads(out, 0, NULL);
	l = json_array_get(
	    json_object_get(
		json_array_get(json_object_get(root, "variants"), 0),
		"physical_partitions"),
	    0);
	ck_assert_int_eq(json_integer_value(json_object_get(l, "changes")), 20);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(l, "changes_per_s")), 10.0, 1e-12);
	json_decref(root);
	free(out);
	out = yaml_report(yaml, "text");
	ck_assert_ptr_nonnull(
	    strstr(out, "1 of 4 consumers has work: 1 lease"));
	free(out);
	out = yaml_report(yaml, "markdown");
	ck_assert_ptr_nonnull(strstr(out, "## Change feed"));
	ck_assert_ptr_nonnull(
	    strstr(out, "| 1 | 1 | 4 | 1 | 0 | 100.0% | 10.0 |"));
	free(out);
	out = yaml_report(yaml, "html");
	ck_assert_ptr_nonnull(strstr(out, "id=\"change-feed\""));
	ck_assert_ptr_nonnull(strstr(out, "1 of 4 consumers has work"));
	free(out);
}
END_TEST

/*
 * "Why does only one of my change feed processors do anything": one key
 * value at 12,000 RU/s (2 ranges, rule 2) and 2 consumers. Every change
 * is in the range holding the key: 2 leases, 1 with changes, holding
 * 100 % of them; 1 of the 2 consumers has work. A default scenario has 1
 * consumer (the loader's default).
 */
START_TEST(test_report_change_feed_hot_lease)
{
	json_t *cf = cf_json("container: {partition_key: /k, throughput: "
			     "12000}\n"
			     "change_feed: {consumers: 2}\n"
			     "items: {k: {values: [hot]}}\n"
			     "phases: [{duration: 2s, rate: 10/s}]\n");

	ck_assert_int_eq(CF_INT(cf, "leases"), 2);
	ck_assert_int_eq(CF_INT(cf, "leases_with_changes"), 1);
	ck_assert_int_eq(CF_INT(cf, "consumers_with_work"), 1);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(cf, "busiest_lease_share")), 1.0,
	    1e-12);
	json_decref(cf);
	cf = cf_json("container: {partition_key: /k, throughput: 12000}\n"
		     "items: {k: {values: [hot]}}\n"
		     "phases: [{duration: 2s, rate: 10/s}]\n");
	ck_assert_int_eq(CF_INT(cf, "consumers"), 1);
	json_decref(cf);
}
END_TEST

/*
 * Each way a layout is set says what set it, in the text, Markdown and
 * HTML reports (one layout_sentence) and in the merge candidate's note:
 * - 12,000 RU/s: ceil(12,000 / 6,000) = 2 (rule 2);
 * - initial_throughput_per_partition 10,000 at 20,000: 2, the setting's
 *   (before: "rule 2: one per 10,000 RU/s");
 * - physical_partition_throughput 2,000 at 6,000: ceil(6,000 / 2,000) =
 *   3, more than ceil(6,000 / 6,000) = 1: the cap's (before: "rule 2:
 *   one per 6,000 RU/s" beside 3 partitions);
 * - partitions: 4 at 4,000: existing, 1,000 each (rules 5, 7);
 * - autoscale max 20,000: ceil(20,000 / 10,000) = 2 (rule 3).
 * Merge candidate: initial 2,000 at 4,000 makes 2 of 2,000 (rule 36
 * suits it, 1 would do, rule 32): created so, the note cites the setting
 * (before: "(6,000 a partition, rule 2)"); the same 2 as `partitions: 2`
 * are no creation: no note (before: the same rule 2 note).
 */
START_TEST(test_report_layout_rule)
{
	static const struct {
		const char *con, *line;
	} cases[] = {
	    {"throughput: 12000",
	     "2 physical partitions, created at 12,000 RU/s (rule 2: one per "
	     "6,000 RU/s), 6,000 RU/s each"},
	    {"throughput: 20000, initial_throughput_per_partition: 10000",
	     "2 physical partitions, created at 20,000 RU/s (one per 10,000 "
	     "RU/s: the scenario's initial"},
	    {"throughput: 6000, physical_partition_throughput: 2000",
	     "3 physical partitions, created at 6,000 RU/s (at most 2,000 "
	     "RU/s a partition: the scenario's physical"},
	    {"throughput: 4000, partitions: 4",
	     "4 physical partitions, existing, 1,000 RU/s each (4,000 RU/s on "
	     "the partitions it has: rules 5, 7)"},
	    {"autoscale_max: 20000",
	     "2 physical partitions, created at autoscale max 20,000 RU/s "
	     "(rule 3: one per 10,000), up to 10,000 RU/s each"},
	};
	static const char *const fmts[] = {"text", "markdown", "html"};
	char *out;
	size_t i, k;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (k = 0; k < 3; k++) {
			out = layout_report(cases[i].con, fmts[k]);
			ck_assert_msg(strstr(out, cases[i].line), "%s %s: %s",
				      cases[i].con, fmts[k], out);
			if (i > 0) {
				ck_assert_msg(!strstr(out, "one per 6,000") &&
						  !strstr(out, "rule 2: one "
							       "per 10,000"),
					      "%s %s", cases[i].con, fmts[k]);
			}
			free(out);
		}
	}
	out = layout_report(
	    "throughput: 20000, initial_throughput_per_partition: 10000",
	    "text");
	ck_assert_msg(strstr(out, "(one per 10,000 RU/s: the scenario's "
				  "initial_throughput_per_partition, not "
				  "rule 2's 6,000), 10,000 RU/s each"),
		      "%s", out);
	free(out);
	out = layout_report(
	    "throughput: 4000, initial_throughput_per_partition: 2000", "text");
	ck_assert_msg(strstr(out, "; a new container at these RU/s gets as "
				  "many (one per 2,000 RU/s: the scenario's "
				  "initial_throughput_per_partition, not rule "
				  "2's 6,000), so the advisory flags it from "
				  "creation"),
		      "%s", out);
	ck_assert_ptr_null(strstr(out, "6,000 a partition"));
	free(out);
	out = layout_report("throughput: 4000, "
			    "initial_throughput_per_partition: 2000, "
			    "partitions: 2",
			    "text");
	ck_assert_msg(strstr(out, "merge candidate: 2 physical partitions"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "from creation"), "%s", out);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("compare");

	tcase_add_test(tc, test_report_scorecard_figures);
	tcase_add_test(tc, test_report_json_scorecards);
	tcase_add_test(tc, test_report_csv_series);
	tcase_add_test(tc, test_report_csv_stops_on_error);
	tcase_add_test(tc, test_report_result_figures);
	tcase_add_test(tc, test_report_split_lineage);
	tcase_add_test(tc, test_report_query_names);
	tcase_add_test(tc, test_report_timeline_idle);
	tcase_add_test(tc, test_report_no_hiding_cuts);
	tcase_add_test(tc, test_report_none_before_actions);
	tcase_add_test(tc, test_report_closed_loop_stream);
	tcase_add_test(tc, test_report_closed_loop_two_streams);
	tcase_add_test(tc, test_report_stream_429_classes);
	tcase_add_test(tc, test_report_compare_streams);
	tcase_add_test(tc, test_report_one_named_stream);
	tcase_add_test(tc, test_report_client_lines_per_stream);
	tcase_add_test(tc, test_report_epks_differ);
	tcase_add_test(tc, test_report_grammar);
	tcase_add_test(tc, test_report_range_id_strings);
	tcase_add_test(tc, test_report_schedule_one_operation);
	tcase_add_test(tc, test_report_retry_wait_line);
	tcase_add_test(tc, test_report_layout_rule);
	tcase_add_test(tc, test_report_change_feed_one_lease);
	tcase_add_test(tc, test_report_change_feed_hot_lease);
	tcase_add_test(tc, test_report_item_ttl_ignored);
	tcase_add_test(tc, test_report_utilisation_over);
	suite_add_tcase(s, tc);
	return s;
}
