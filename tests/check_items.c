/*
 * check_items: items from data files, end to end: the loader's `items: {file:
 * ...}`, the file-backed operation stream, and runs through sim_run on the real
 * data in scenarios/data/ (MIT; provenance and SHA-256 in
 * scenarios/data/SOURCES.md).
 *
 * Where the numbers come from: the logical-partition counts and sizes are
 * the ones scenarios/data/SOURCES.md lists, computed with
 * Python on the same files; the transactions-lab numbers are worked out
 * in the comment of each test from the budget and retry rules
 * (throttle.h) and match what the engine does.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/load/trace.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/workload/workload.h"
#include "testutil.h"

#define PRODUCTS "scenarios/data/cosmicworks_products_v4.json"

/* mRU of one lab insert: write_1kb set to 6 RU, and every transaction
   record is under 1 KB (about 82 bytes, SOURCES.md), where the charge is
   flat */
#define LAB_INSERT_MRU 6000

/* ------------------------------------------------------------------ */
/* Helpers */

/* Line n (0-based) of what diag_print writes for d; caller frees. */
static char *diag_line(const struct pk_diag *d, int n)
{
	char *all = tu_diag_text(d), *p = all, *nl, *out;

	while (n-- > 0 && (nl = strchr(p, '\n'))) {
		p = nl + 1;
	}
	nl = strchr(p, '\n');
	out = nl ? strndup(p, (size_t)(nl - p)) : strdup(p);
	free(all);
	return out;
}

/* Scenario text with %s for the scenarios/data folder, made whole. */
static struct pk_scenario *parse_fmt(const char *fmt, struct pk_diag *d)
{
	char dir[4096], text[8192];
	struct pk_scenario *s;

	snprintf(dir, sizeof(dir), "%s", tu_src("scenarios/data"));
	snprintf(text, sizeof(text), fmt, dir);
	s = scenario_parse("t.yaml", text, strlen(text), d);
	return s;
}

/* As parse_fmt; the scenario must load. */
static struct pk_scenario *load_fmt(const char *fmt)
{
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	s = parse_fmt(fmt, &d);
	if (!s) {
		diag_print(&d, stderr);
	}
	ck_assert_ptr_nonnull(s);
	diag_free(&d);
	return s;
}

/* The first line of the errors fmt gives (it must fail); caller frees. */
static char *first_error(const char *fmt)
{
	struct pk_diag d;
	struct pk_scenario *s;
	char *line;

	diag_init(&d);
	s = parse_fmt(fmt, &d);
	ck_assert_ptr_null(s);
	line = diag_line(&d, 0);
	diag_free(&d);
	return line;
}

static struct pk_run *run_of(const struct pk_scenario *sc)
{
	struct pk_diag d;
	struct pk_run *run;

	diag_init(&d);
	run = sim_run(sc, sc->seed, &d);
	if (!run) {
		diag_print(&d, stderr);
	}
	ck_assert_ptr_nonnull(run);
	diag_free(&d);
	return run;
}

static void free_run(struct pk_run *run)
{
	struct pk_scenario *sc = (struct pk_scenario *)run->sc;

	sim_free(run);
	scenario_free(sc);
}

/* Logical partitions holding items, read from the service's snapshot. */
struct lp_stats {
	uint64_t n;	/* logical partitions with items */
	uint64_t max;	/* items in the largest */
	uint64_t min;	/* items in the smallest */
	uint64_t items; /* items in all */
};

static struct lp_stats lp_stats(const struct pk_run *run, size_t v)
{
	struct lp_stats st = {0, 0, UINT64_MAX, 0};
	struct pk_snapshot s;
	uint64_t x, items;

	tu_snapshot(run, v, &s);
	for (x = 0; x < s.n_lps; x++) {
		items = tu_lp(&s, x).items;
		if (items == 0) {
			continue;
		}
		st.n++;
		st.items += items;
		if (items > st.max) {
			st.max = items;
		}
		if (items < st.min) {
			st.min = items;
		}
	}
	snapshot_free(&s);
	return st;
}

static const struct pk_totals *totals_of(const struct pk_run *run, size_t v)
{
	ck_assert_uint_lt(v, run->n_variants);
	return &tu_metrics(run->variants[v].svc)->totals;
}

/* A file named name in dir holding text; returns its path (static). */
static const char *write_file(const char *dir, const char *name,
			      const char *text)
{
	static char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return path;
}

/* ------------------------------------------------------------------ */
/* Real data: logical partitions */

/*
 * IoT telemetry (tests/good/items-iot.yaml, which names the file relative
 * to its own folder): 9,995 readings of 3 devices on one day. By /device:
 * 3 logical partitions, device-03 the hottest with 4,671 = 46.73%
 * (SOURCES.md). By the day of ts: every reading falls on 2020-07-13, so
 * one logical partition holds all 9,995 (100%). At 6,000 RU/s nothing is
 * throttled (about 7 readings a second at compression 60, 5 RU each), so
 * every reading is stored.
 */
START_TEST(test_items_iot)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;
	struct lp_stats st;
	const char *resolved;
	size_t v;

	diag_init(&d);
	sc = scenario_load(tu_src("tests/good/items-iot.yaml"), &d);
	if (!sc) {
		diag_print(&d, stderr);
	}
	ck_assert_ptr_nonnull(sc);
	diag_free(&d);
	ck_assert_ptr_nonnull(sc->items_file);
	ck_assert_str_eq(sc->items_file->path,
			 "../../scenarios/data/iot_telemetry_3devices.json");
	resolved = sc->items_file->resolved;
	ck_assert_msg(strstr(resolved, "tests/good/../../scenarios/data/"
				       "iot_telemetry_3devices.json") != NULL,
		      "resolved %s", resolved);
	ck_assert_int_eq(sc->items_file->format, PK_TRACE_FORMAT_JSON);
	ck_assert_int_eq(sc->items_file->from, PK_FROM_TIME_FIELD);
	ck_assert_str_eq(sc->items_file->time_field, "/ts");
	ck_assert(fabs(sc->items_file->time_compression - 60) < 1e-12);
	ck_assert_uint_eq(sc->n_phases, 0);
	ck_assert_uint_eq(sc->n_props, 0);

	run = run_of(sc);
	for (v = 0; v < 2; v++) {
		ck_assert_uint_eq(totals_of(run, v)->operations, 9995);
		ck_assert_uint_eq(totals_of(run, v)->succeeded, 9995);
		ck_assert_uint_eq(totals_of(run, v)->throttled_429, 0);
	}
	st = lp_stats(run, 0);
	ck_assert_uint_eq(st.n, 3);
	ck_assert_uint_eq(st.max, 4671);
	ck_assert_uint_eq(st.items, 9995);
	/* 4,671 / 9,995 = 46.73% */
	ck_assert_int_eq((int)lround(10000.0 * (double)st.max / 9995), 4673);
	st = lp_stats(run, 1);
	ck_assert_uint_eq(st.n, 1);
	ck_assert_uint_eq(st.max, 9995);
	free_run(run);
}
END_TEST

/*
 * Transactions (50,000, no timestamp): at 1,000/s in file order and
 * 6,000 RU/s (one range; 1,000 x 5 RU a second fits), all are stored.
 * /costCenter: 22 logical partitions, the largest 2,400 items, the
 * smallest 2,200. /processed: 2, true 29,993 and false 20,007
 * (SOURCES.md).
 */
START_TEST(test_items_transactions)
{
	struct pk_scenario *sc = load_fmt(
	    "container: {partition_key: /costCenter, throughput: 6000}\n"
	    "variants:\n"
	    "  - partition_key: /costCenter\n"
	    "  - partition_key: /processed\n"
	    "items: {file: '%s/cosmoslabs_transactions.json', rate: 1000/s}\n");
	struct pk_run *run = run_of(sc);
	struct lp_stats st;

	ck_assert_uint_eq(totals_of(run, 0)->succeeded, 50000);
	ck_assert_uint_eq(totals_of(run, 1)->succeeded, 50000);
	/* 50,000 at 1,000/s: the last at floor(49,999 x 1000 / 1000) ms */
	ck_assert_int_eq(run->end_ms, 50000);
	st = lp_stats(run, 0);
	ck_assert_uint_eq(st.n, 22);
	ck_assert_uint_eq(st.max, 2400);
	ck_assert_uint_eq(st.min, 2200);
	st = lp_stats(run, 1);
	ck_assert_uint_eq(st.n, 2);
	ck_assert_uint_eq(st.max, 29993);
	ck_assert_uint_eq(st.min, 20007);
	free_run(run);
}
END_TEST

/*
 * Cosmic Works products (295), all at once at 6,000 RU/s (295 x 5 RU =
 * 1,475 RU fits in the first second): /categoryId gives 37 logical
 * partitions, the largest 43 items = 14.6% (SOURCES.md).
 */
START_TEST(test_items_products)
{
	struct pk_scenario *sc = load_fmt(
	    "container: {partition_key: /categoryId, throughput: 6000}\n"
	    "items:\n"
	    "  file: '%s/cosmicworks_products_v4.json'\n"
	    "  at_once: true\n");
	struct pk_run *run = run_of(sc);
	struct lp_stats st = lp_stats(run, 0);

	ck_assert_uint_eq(totals_of(run, 0)->succeeded, 295);
	ck_assert_uint_eq(st.n, 37);
	ck_assert_uint_eq(st.max, 43);
	ck_assert_int_eq((int)lround(1000.0 * (double)st.max / 295), 146);
	free_run(run);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Real data: the transactions lab (Cosmos DB labs, lab 09) */

#define LAB_HEAD                                                               \
	"container: {partition_key: /costCenter, throughput: 400}\n"           \
	"cost: {write_1kb: 6}\n"                                               \
	"items:\n"                                                             \
	"  file: '%s/cosmoslabs_transactions.json'\n"                          \
	"  at_once: true\n"                                                    \
	"  limit: 5000\n"

/* Successes in second s of variant 0: served mRU / 6,000 mRU a create. */
static int64_t served_in(const struct pk_run *run, size_t s)
{
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_lt(s, m->n_seconds);
	ck_assert_int_eq(m->seconds[s].t_s, (int64_t)s);
	ck_assert_int_eq(m->seconds[s].served_mru % LAB_INSERT_MRU, 0);
	return m->seconds[s].served_mru / LAB_INSERT_MRU;
}

/*
 * 5,000 inserts of 6 RU at t = 0 on 400 RU/s (one range). Second 0: 66
 * fit (66 x 6 = 396 <= 400 < 402); the other 4,934 get a 429 with
 * retry-after 1,000 ms (to the next second). The retries keep their
 * stream order, so each second serves the next 66 and rate-limits the
 * rest. With the default policy (9 retries, 30 s total wait; the waits
 * total 9 s) an operation gets 10 attempts, in seconds 0..9: 10 x 66 =
 * 660 succeed and 4,340 fail after their 9th retry. 429s: in second k
 * (0..9) 5,000 - 66k attempts of which all but 66 fail, 4,934 - 66k;
 * summed over k = 0..9: 49,340 - 66 x 45 = 46,370.
 */
START_TEST(test_items_lab_default_retries)
{
	struct pk_scenario *sc = load_fmt(LAB_HEAD);
	struct pk_run *run;
	const struct pk_totals *t;
	struct pk_epk lo, hi;
	uint32_t id;
	size_t s;

	ck_assert_uint_eq(sc->items_file->limit, 5000);
	ck_assert_uint_eq(
	    cosmos_created_range(&sc->variants[0], &pk_epk_min, &id, &lo, &hi),
	    1);
	run = run_of(sc);
	t = totals_of(run, 0);
	ck_assert_uint_eq(t->operations, 5000);
	ck_assert_uint_eq(t->succeeded, 660);
	ck_assert_uint_eq(t->failed_after_retries, 4340);
	ck_assert_uint_eq(t->throttled_429, 46370);
	ck_assert_uint_eq(t->attempts, 660 + 46370);
	for (s = 0; s < 10; s++) {
		ck_assert_int_eq(served_in(run, s), 66);
	}
	ck_assert_int_eq(run->end_ms, 10000);
	free_run(run);
}
END_TEST

/*
 * The same with retries unlimited for the purpose (1,000 retries, an
 * hour of wait, pksim's longest): 66 a second drain the 5,000 in ceil(5,000 /
 * 66) = 76 seconds (0..75; 75 x 66 = 4,950, so the last second serves 50).
 */
START_TEST(test_items_lab_unlimited_retries)
{
	struct pk_scenario *sc =
	    load_fmt(LAB_HEAD "client: {retries: {max_retries: 1000, "
			      "max_wait: 1h}}\n");
	struct pk_run *run = run_of(sc);
	const struct pk_totals *t = totals_of(run, 0);

	ck_assert_uint_eq(t->succeeded, 5000);
	ck_assert_uint_eq(t->failed_after_retries, 0);
	ck_assert_int_eq(served_in(run, 0), 66);
	ck_assert_int_eq(served_in(run, 74), 66);
	ck_assert_int_eq(served_in(run, 75), 50);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->n_seconds, 76);
	ck_assert_int_eq(run->end_ms, 76000);
	free_run(run);
}
END_TEST

/*
 * Raised to 10,000 RU/s at t = 0 (a phase; the container is created at
 * 400, so it has one range, and 10,000 does not pass 1 x 10,000 RU/s, so
 * it stays one range): 1,666 fit a second (1,666 x 6 = 9,996), so the
 * 5,000 take seconds 0..3 (1,666 x 3 = 4,998, then 2), all within 4 s
 * and the default 9 retries.
 */
START_TEST(test_items_lab_raised)
{
	struct pk_scenario *sc =
	    load_fmt(LAB_HEAD "phases: [{duration: 1s, throughput: 10000}]\n");
	struct pk_run *run;
	const struct pk_totals *t;

	ck_assert_uint_eq(sc->n_phases, 1);
	ck_assert_int_eq(sc->phases[0].throughput_ru_per_s, 10000);
	run = run_of(sc);
	t = totals_of(run, 0);
	ck_assert_uint_eq(tu_end(run, 0).ranges, 1);
	ck_assert_int_eq(tu_end(run, 0).ru_per_s, 10000);
	ck_assert_uint_eq(t->succeeded, 5000);
	ck_assert_uint_eq(t->failed_after_retries, 0);
	ck_assert_int_eq(served_in(run, 0), 1666);
	ck_assert_int_eq(served_in(run, 1), 1666);
	ck_assert_int_eq(served_in(run, 2), 1666);
	ck_assert_int_eq(served_in(run, 3), 2);
	ck_assert_int_eq(run->end_ms, 4000);
	free_run(run);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The file-backed stream */

/* Out of order on purpose: ts 10, 5, 5, 20 s; one record has an object
   and one a long id. */
static const char stream_jsonl[] =
    "{\"id\": \"a\", \"ts\": 10, \"dev\": \"d1\"}\n"
    "{\"id\": \"b\", \"ts\": 5, \"dev\": \"d2\", \"obj\": {\"x\": 1}}\n"
    "\n"
    "{\"id\": \"c\", \"ts\": \"1970-01-01T00:00:05Z\", \"dev\": 7}\n"
    "{\"id\": \"d\", \"ts\": 20}\n";

static struct pk_scenario *stream_scenario(const char *dir, const char *rule)
{
	char text[2048];
	struct pk_diag d;
	struct pk_scenario *s;

	write_file(dir, "s.jsonl", stream_jsonl);
	snprintf(text, sizeof(text),
		 "container: {partition_key: /dev, throughput: 400}\n"
		 "items: {file: '%s/s.jsonl', %s}\n",
		 dir, rule);
	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	if (!s) {
		diag_print(&d, stderr);
	}
	ck_assert_ptr_nonnull(s);
	diag_free(&d);
	return s;
}

/* The id of item `item` as text (static). */
static const char *id_of(struct pk_workload *w, uint64_t item)
{
	static char buf[PK_VALUE_MAX_BYTES];
	struct pk_value v;

	ck_assert_int_eq(workload_value(w, item, workload_prop_index(w, "/id"),
					&v, buf, sizeof(buf)),
			 0);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_ptr_eq(v.str, buf);
	return buf;
}

/*
 * time_field ts with compression 2: earliest 5 s; records b (5 s) and c
 * (5 s, ISO 8601) tie at 0 and keep file order; a at (10 - 5) / 2 =
 * 2.5 s; d at (20 - 5) / 2 = 7.5 s. Items are numbered in that order.
 */
START_TEST(test_items_stream_time_field)
{
	char *dir = tu_tmpdir();
	struct pk_scenario *sc =
	    stream_scenario(dir, "time_field: /ts, time_compression: 2");
	struct pk_workload *w = workload_new(sc, 1);
	static const int64_t want_t[] = {0, 0, 2500, 7500};
	static const char *const want_id[] = {"b", "c", "a", "d"};
	struct pk_op op;
	int i;

	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(workload_next(w, &op), 1);
		ck_assert_int_eq(op.t_ms, want_t[i]);
		ck_assert_int_eq(op.kind, PK_OP_CREATE);
		ck_assert_uint_eq(op.item, (uint64_t)i);
		ck_assert_uint_eq(op.seq, (uint64_t)i);
		ck_assert_uint_eq(op.phase, 0);
		ck_assert_uint_eq(workload_items(w), (uint64_t)i + 1);
		ck_assert_str_eq(id_of(w, op.item), want_id[i]);
	}
	ck_assert_int_eq(workload_next(w, &op), 0);
	/* the run ends with the last arrival (no phases) */
	ck_assert_int_eq(workload_phase_start_ms(w, 0), 7500);
	ck_assert_uint_eq(workload_skipped(w), 0);
	workload_free(w);
	scenario_free(sc);
	unlink(write_file(dir, "s.jsonl", ""));
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * rate: file order at floor(j x 1000 / 3) ms = 0, 333, 666, 1000;
 * at_once: all at 0, file order. Sizes: the record's minified bytes,
 * {"id":"a","ts":10,"dev":"d1"} = 29, or item_size for every item.
 */
START_TEST(test_items_stream_rate_at_once)
{
	char *dir = tu_tmpdir();
	struct pk_scenario *sc = stream_scenario(dir, "rate: 3/s");
	struct pk_workload *w = workload_new(sc, 1);
	static const int64_t want_t[] = {0, 333, 666, 1000};
	static const char *const want_id[] = {"a", "b", "c", "d"};
	struct pk_op op;
	int i;

	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(workload_next(w, &op), 1);
		ck_assert_int_eq(op.t_ms, want_t[i]);
		ck_assert_str_eq(id_of(w, op.item), want_id[i]);
		if (i == 0) {
			ck_assert_uint_eq(op.size_bytes, 29);
			ck_assert_uint_eq(workload_item_size(w, 0), 29);
		}
	}
	ck_assert_int_eq(workload_next(w, &op), 0);
	workload_free(w);
	scenario_free(sc);

	sc = stream_scenario(dir, "at_once: true, item_size: 2KB, limit: 3");
	w = workload_new(sc, 1);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(workload_next(w, &op), 1);
		ck_assert_int_eq(op.t_ms, 0);
		ck_assert_uint_eq(op.size_bytes, 2048);
		ck_assert_str_eq(id_of(w, op.item), want_id[i]);
	}
	/* limit: 3 takes the first three records in file order */
	ck_assert_int_eq(workload_next(w, &op), 0);
	workload_free(w);
	scenario_free(sc);

	/* a limit past the end takes every record */
	sc = stream_scenario(dir, "at_once: true, limit: 100");
	w = workload_new(sc, 1);
	for (i = 0; workload_next(w, &op); i++) {
	}
	ck_assert_int_eq(i, 4);
	workload_free(w);
	scenario_free(sc);
	unlink(write_file(dir, "s.jsonl", ""));
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * A record without an id is stored with the id it gets, so
 * its size counts the member "id":"<36-character GUID>" (4 + 1 + 38 = 43
 * bytes) and the comma before the next member (44; 43 in an empty {}):
 * - {"k":"a","v":1}: 15 bytes minified + 44 = 59;
 * - {"id":"x","k":"a"}: 18 bytes, an id of its own: 18;
 * - {}: 2 + 43 = 45, the size of {"id":"00000000-0000-4000-8000-
 *   000000000003"} (2 + 43);
 * - {"k":"b","id":{"o":1}}: an object at /id gets no id (the key check
 *   refuses it): 22.
 * A file's item_size (2 KB = 2,048) is the size whatever the record.
 */
START_TEST(test_items_stream_generated_id_size)
{
	char *dir = tu_tmpdir();
	static const uint32_t want[] = {59, 18, 45, 22};
	char text[512];
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_workload *w;
	struct pk_op op;
	int i;

	write_file(dir, "ids.jsonl",
		   "{\"k\": \"a\", \"v\": 1}\n"
		   "{\"id\": \"x\", \"k\": \"a\"}\n"
		   "{}\n"
		   "{\"k\": \"b\", \"id\": {\"o\": 1}}\n");
	ck_assert_uint_eq(strlen("\"id\":\"00000000-0000-4000-8000-"
				 "000000000003\""),
			  PK_WORKLOAD_FILE_ID_BYTES);
	for (i = 0; i < 2; i++) {
		snprintf(text, sizeof(text),
			 "container: {partition_key: /k, throughput: 400}\n"
			 "items: {file: '%s/ids.jsonl', rate: 1/s%s}\n",
			 dir, i ? ", item_size: 2KB" : "");
		diag_init(&d);
		sc = scenario_parse("t.yaml", text, strlen(text), &d);
		ck_assert_ptr_nonnull(sc);
		diag_free(&d);
		w = workload_new(sc, 1);
		while (workload_next(w, &op)) {
			ck_assert_uint_eq(op.size_bytes,
					  i ? 2048 : want[op.item]);
			ck_assert_uint_eq(workload_item_size(w, op.item),
					  op.size_bytes);
		}
		ck_assert_uint_eq(workload_items(w), 4);
		workload_free(w);
		scenario_free(sc);
	}
	unlink(write_file(dir, "ids.jsonl", ""));
	rmdir(dir);
	free(dir);
}
END_TEST

/* workload_file_ids_distinct on the records in text (JSON lines), with
   `extra` after the file's name in items: and the id limit max_bytes. */
static int ids_distinct_of(const char *dir, const char *text, const char *extra,
			   size_t max_bytes)
{
	char yaml[1024];
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_workload *w;
	int rc;

	write_file(dir, "ids.jsonl", text);
	snprintf(yaml, sizeof(yaml),
		 "container: {partition_key: /k, throughput: 400}\n"
		 "items: {file: '%s/ids.jsonl', rate: 1/s%s}\n",
		 dir, extra);
	diag_init(&d);
	sc = scenario_parse("t.yaml", yaml, strlen(yaml), &d);
	ck_assert_ptr_nonnull(sc);
	diag_free(&d);
	w = workload_new(sc, 1);
	/* not asked yet: not known */
	ck_assert_int_eq(workload_file_ids_known_distinct(w), 0);
	rc = workload_file_ids_distinct(w, max_bytes);
	/* the answer is kept: the same on a second call, and known */
	ck_assert_int_eq(workload_file_ids_distinct(w, max_bytes), rc);
	ck_assert_int_eq(workload_file_ids_known_distinct(w), rc);
	workload_free(w);
	scenario_free(sc);
	return rc;
}

/*
 * A data file whose used records' ids are distinct valid
 * strings needs no id tracking (no create can be a 409 or a 400 for its
 * id); anything else keeps it. Each case by its definition: a repeat, a
 * number, '/' or '\\', an id past the limit (4 bytes over a limit of
 * 3; 3 is allowed), an object, and an explicit id shaped as the GUID a
 * record without an id gets while one lacks it (it might equal it) are
 * 0; records without ids, distinct ids, the GUID shape with every record
 * carrying its own id, and a repeat past `limit:` (not used) are 1.
 */
START_TEST(test_items_ids_distinct)
{
	char *dir = tu_tmpdir();
	static const char guid1[] = "00000000-0000-4000-8000-000000000001";
	char text[256];

	ck_assert_int_eq(ids_distinct_of(dir,
					 "{\"id\":\"a\",\"k\":\"x\"}\n"
					 "{\"id\":\"b\",\"k\":\"x\"}\n{}\n",
					 "", 3),
			 1);
	ck_assert_int_eq(ids_distinct_of(dir, "{\"k\":1}\n{\"k\":1}\n", "", 3),
			 1);
	ck_assert_int_eq(ids_distinct_of(dir,
					 "{\"id\":\"a\"}\n{\"id\":\"b\"}\n"
					 "{\"id\":\"a\"}\n",
					 "", 3),
			 0);
	ck_assert_int_eq(
	    ids_distinct_of(dir,
			    "{\"id\":\"a\"}\n{\"id\":\"b\"}\n{\"id\":\"a\"}\n",
			    ", limit: 2", 3),
	    1);
	ck_assert_int_eq(ids_distinct_of(dir, "{\"id\":1}\n", "", 3), 0);
	ck_assert_int_eq(ids_distinct_of(dir, "{\"id\":\"a/b\"}\n", "", 3), 0);
	ck_assert_int_eq(ids_distinct_of(dir, "{\"id\":\"a\\\\b\"}\n", "", 3),
			 0);
	ck_assert_int_eq(ids_distinct_of(dir, "{\"id\":\"abc\"}\n", "", 3), 1);
	ck_assert_int_eq(ids_distinct_of(dir, "{\"id\":\"abcd\"}\n", "", 3), 0);
	ck_assert_int_eq(ids_distinct_of(dir, "{\"id\":{\"o\":1}}\n", "", 3),
			 0);
	snprintf(text, sizeof(text), "{\"k\":1}\n{\"id\":\"%s\"}\n", guid1);
	ck_assert_int_eq(ids_distinct_of(dir, text, "", 100), 0);
	snprintf(text, sizeof(text), "{\"id\":\"x\"}\n{\"id\":\"%s\"}\n",
		 guid1);
	ck_assert_int_eq(ids_distinct_of(dir, text, "", 100), 1);
	unlink(write_file(dir, "ids.jsonl", ""));
	rmdir(dir);
	free(dir);
}
END_TEST

/* Creates, successes and 409s of the records in text (JSON lines) at
   1/s into 400 RU/s keyed by /k. */
static void file_conflicts(const char *dir, const char *text, uint64_t *ops,
			   uint64_t *ok, uint64_t *conflicts)
{
	char yaml[512];
	struct pk_run *run;
	const struct pk_totals *t;

	write_file(dir, "ids.jsonl", text);
	snprintf(yaml, sizeof(yaml),
		 "container: {partition_key: /k, throughput: 400}\n"
		 "items: {file: '%s/ids.jsonl', rate: 1/s}\n",
		 dir);
	run = run_of(load_fmt(yaml));
	t = totals_of(run, 0);
	ck_assert_uint_eq(t->throttled_429, 0);
	*ops = t->operations;
	*ok = t->succeeded;
	*conflicts = t->conflict_409;
	free_run(run);
}

/*
 * Rule: (key, id) is unique within a logical partition, for a data
 * file's ids too, whether or not the run tracks ids (it does not when
 * they are distinct). Creates into logical partition "a" at 1/s, 5 RU
 * each of 400 RU/s (nothing throttled):
 * - "x", "x", "y": the second "x" is a 409: 2 stored, 1 conflict;
 * - a record without an id (it gets 00000000-0000-4000-8000-000000000001,
 *   its record number 1), then that id written out: the second is a
 *   409: 1 stored, 1 conflict;
 * - "x", "y", "z": 3 stored, no conflict.
 */
START_TEST(test_items_file_repeated_ids)
{
	char *dir = tu_tmpdir();
	uint64_t ops, ok, conflicts;

	file_conflicts(
	    dir,
	    "{\"id\":\"x\",\"k\":\"a\"}\n{\"id\":\"x\",\"k\":\"a\"}\n"
	    "{\"id\":\"y\",\"k\":\"a\"}\n",
	    &ops, &ok, &conflicts);
	ck_assert_uint_eq(ops, 3);
	ck_assert_uint_eq(ok, 2);
	ck_assert_uint_eq(conflicts, 1);
	file_conflicts(dir,
		       "{\"k\":\"a\"}\n"
		       "{\"id\":\"00000000-0000-4000-8000-000000000001\","
		       "\"k\":\"a\"}\n",
		       &ops, &ok, &conflicts);
	ck_assert_uint_eq(ops, 2);
	ck_assert_uint_eq(ok, 1);
	ck_assert_uint_eq(conflicts, 1);
	file_conflicts(
	    dir,
	    "{\"id\":\"x\",\"k\":\"a\"}\n{\"id\":\"y\",\"k\":\"a\"}\n"
	    "{\"id\":\"z\",\"k\":\"a\"}\n",
	    &ops, &ok, &conflicts);
	ck_assert_uint_eq(ops, 3);
	ck_assert_uint_eq(ok, 3);
	ck_assert_uint_eq(conflicts, 0);
	unlink(write_file(dir, "ids.jsonl", ""));
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * Property indexes: any path gets one (the same path the same index),
 * values come typed from the record, a missing property is undefined,
 * an object is PK_WORKLOAD_NOT_SCALAR, and an item not yet created or an
 * unknown index is -1.
 */
START_TEST(test_items_stream_values)
{
	char *dir = tu_tmpdir();
	struct pk_scenario *sc = stream_scenario(dir, "at_once: true");
	struct pk_workload *w = workload_new(sc, 1);
	char buf[PK_VALUE_MAX_BYTES];
	struct pk_value v;
	struct pk_op op;
	int dev = workload_prop_index(w, "/dev");
	int obj = workload_prop_index(w, "/obj");
	int none = workload_prop_index(w, "/nothing");

	ck_assert_int_ge(dev, 0);
	ck_assert_int_ne(dev, obj);
	ck_assert_int_ne(obj, none);
	ck_assert_int_eq(workload_prop_index(w, "/dev"), dev);
	/* nothing created yet */
	ck_assert_int_eq(workload_value(w, 0, dev, &v, buf, sizeof(buf)), -1);
	while (workload_next(w, &op)) {
	}
	ck_assert_int_eq(workload_value(w, 0, dev, &v, buf, sizeof(buf)), 0);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_uint_eq(v.len, 2);
	ck_assert_int_eq(memcmp(v.str, "d1", 2), 0);
	/* record c: "dev": 7 is a number */
	ck_assert_int_eq(workload_value(w, 2, dev, &v, buf, sizeof(buf)), 0);
	ck_assert_int_eq(v.type, PK_VALUE_NUMBER);
	ck_assert(v.num == 7);
	/* record d has no dev */
	ck_assert_int_eq(workload_value(w, 3, dev, &v, buf, sizeof(buf)), 0);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	ck_assert_int_eq(workload_value(w, 0, none, &v, buf, sizeof(buf)), 0);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	/* record b: "obj" is an object, not a key value */
	ck_assert_int_eq(workload_value(w, 1, obj, &v, buf, sizeof(buf)),
			 PK_WORKLOAD_NOT_SCALAR);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	/* the nested property under it is a scalar */
	ck_assert_int_eq(workload_value(w, 1, workload_prop_index(w, "/obj/x"),
					&v, buf, sizeof(buf)),
			 0);
	ck_assert_int_eq(v.type, PK_VALUE_NUMBER);
	ck_assert_int_eq(workload_value(w, 4, dev, &v, buf, sizeof(buf)), -1);
	ck_assert_int_eq(workload_value(w, 0, 99, &v, buf, sizeof(buf)), -1);
	workload_free(w);
	scenario_free(sc);
	unlink(write_file(dir, "s.jsonl", ""));
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * The IoT readings at compression 60: arrivals never go backwards, the
 * first is at 0 and the last at floor((latest - earliest) / 60) ms, with
 * earliest and latest read from the trace itself.
 */
START_TEST(test_items_stream_iot_compression)
{
	struct pk_scenario *sc = load_fmt(
	    "container: {partition_key: /device, throughput: 400}\n"
	    "items: {file: '%s/iot_telemetry_3devices.json', time_field: ts,"
	    " time_compression: 60}\n");
	const struct pk_trace *t = sc->items_file->trace;
	struct pk_workload *w = workload_new(sc, 1);
	int64_t lo = INT64_MAX, hi = INT64_MIN, ms, prev = 0;
	struct pk_diag d;
	struct pk_op op;
	size_t i, n = 0;

	diag_init(&d);
	for (i = 0; i < trace_count(t); i++) {
		tu_loop_int(trace_time_ms(t, i, "/ts", &ms, &d), ==, 0);
		lo = ms < lo ? ms : lo;
		hi = ms > hi ? ms : hi;
	}
	diag_free(&d);
	while (workload_next(w, &op)) {
		tu_loop_int(op.t_ms, >=, prev);
		if (n == 0) {
			ck_assert_int_eq(op.t_ms, 0);
		}
		prev = op.t_ms;
		n++;
	}
	ck_assert_uint_eq(n, 9995);
	ck_assert_int_eq(prev, (int64_t)floor((double)(hi - lo) / 60));
	/* about 85,730 s of readings in about 1,429 s */
	ck_assert_int_gt(prev, 1428000);
	ck_assert_int_lt(prev, 1430000);
	workload_free(w);
	scenario_free(sc);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Loader */

/* Phases with a file: optional; when given they only change throughput,
   and the run lasts to the later of their end and the last arrival. */
START_TEST(test_items_phases)
{
	char *dir = tu_tmpdir();
	char text[2048];
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_workload *w;
	struct pk_op op;

	write_file(dir, "s.jsonl", stream_jsonl);
	snprintf(text, sizeof(text),
		 "container: {partition_key: /dev, throughput: 400}\n"
		 "items: {file: '%s/s.jsonl', rate: 1/s}\n"
		 "phases:\n"
		 "  - {duration: 2s, throughput: 800}\n"
		 "  - {name: later, duration: 10s, throughput: 1200}\n",
		 dir);
	diag_init(&d);
	sc = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(sc);
	ck_assert_uint_eq(sc->n_phases, 2);
	ck_assert_str_eq(sc->phases[1].name, "later");
	w = workload_new(sc, 1);
	/* arrivals at 0, 1, 2, 3 s: phases start at 0 and 2 s */
	ck_assert_int_eq(workload_next(w, &op), 1);
	ck_assert_uint_eq(op.phase, 0);
	ck_assert_int_eq(workload_next(w, &op), 1);
	ck_assert_uint_eq(op.phase, 0);
	ck_assert_int_eq(workload_next(w, &op), 1);
	ck_assert_int_eq(op.t_ms, 2000);
	ck_assert_uint_eq(op.phase, 1);
	/* phases end at 12 s, after the last arrival at 3 s */
	ck_assert_int_eq(workload_phase_start_ms(w, 2), 12000);
	workload_free(w);
	scenario_free(sc);
	/* a file's phases take the phase actions too: redistribute, merge
	   and throughput_policy are checked against the key, never dropped
	   without a word */
	snprintf(text, sizeof(text),
		 "container: {partition_key: /dev, throughput: 12000, "
		 "partitions: 2}\n"
		 "items: {file: '%s/s.jsonl', rate: 1/s}\n"
		 "phases:\n"
		 "  - {duration: 2s, redistribute: {\"0\": 8000, \"1\": "
		 "4000}}\n"
		 "  - {duration: 2s, throughput_policy: equal}\n"
		 "  - {duration: 2s, merge: 1}\n",
		 dir);
	sc = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(sc);
	ck_assert_uint_eq(sc->phases[0].n_redistribute, 2);
	ck_assert_int_eq(sc->phases[0].redistribute[0].ru_per_s, 8000);
	ck_assert_int_eq(sc->phases[1].policy_equal, 1);
	ck_assert_int_eq(sc->phases[2].merge_to, 1);
	scenario_free(sc);
	diag_free(&d);
	unlink(write_file(dir, "s.jsonl", ""));
	rmdir(dir);
	free(dir);
}
END_TEST

/* A data file that cannot be opened: line 0 (an environment error for
   the CLI, which exits 1), with a note naming the scenario's line. */
START_TEST(test_items_missing_file)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	char *line;
	static const char text[] =
	    "container: {partition_key: /id, throughput: 400}\n"
	    "items: {file: no-such-file.json, at_once: true}\n";

	diag_init(&d);
	sc = scenario_parse("dir/t.yaml", text, strlen(text), &d);
	ck_assert_ptr_null(sc);
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_int_eq(d.entries[0].line, 0);
	ck_assert_str_eq(d.entries[0].file, "dir/no-such-file.json");
	line = diag_line(&d, 0);
	ck_assert_str_eq(line, "pksim: dir/no-such-file.json: error: cannot "
			       "open: No such file or directory");
	free(line);
	line = diag_line(&d, 1);
	ck_assert_str_eq(line, "pksim: note: the data file named by "
			       "items.file at dir/t.yaml:2:15");
	free(line);
	diag_free(&d);
}
END_TEST

/* Messages of the file mapping beyond the tests/bad corpus. */
START_TEST(test_items_loader_errors)
{
	char *e;

	e = first_error("container: {partition_key: /id, throughput: 400}\n"
			"items: {file: x.json, at_once: true, rate: 1/s}\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:32: error: give only one of "
			    "time_field, rate and at_once (got rate and "
			    "at_once)");
	free(e);
	e = first_error("container: {partition_key: /id, throughput: 400}\n"
			"items: {file: x.json, rate: 1/s,"
			" time_compression: 2}\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:52: error: time_compression "
			    "applies only with time_field (arrival by "
			    "timestamp)");
	free(e);
	e = first_error("container: {partition_key: /id, throughput: 400}\n"
			"items: {file: x.json, at_once: yes}\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:32: error: at_once must be true "
			    "or false (got 'yes')");
	free(e);
	e = first_error("container: {partition_key: /id, throughput: 400}\n"
			"items: {file: x.json, at_once: true, limit: 0}\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:45: error: limit must be a whole "
			    "number of records >= 1 (got '0')");
	free(e);
	e = first_error("container: {partition_key: /id, throughput: 400}\n"
			"items: {file: x.json, at_once: true, "
			"format: xml}\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:46: error: unknown format 'xml' "
			    "in items; allowed: auto, json, jsonl, ndjson, "
			    "csv");
	free(e);
	e = first_error("container: {partition_key: /id, throughput: 400}\n"
			"items: {file: x.json, at_once: true, "
			"deviceId: {values: [a]}}\n");
	ck_assert_str_eq(e, "pksim: t.yaml:2:38: error: unknown key "
			    "'deviceId' in items (with file); allowed: file, "
			    "format, time_field, time_compression, rate, "
			    "at_once, item_size, limit");
	free(e);
	e = first_error("container: {partition_key: /id, throughput: 400}\n"
			"items: {file: '%s/cosmicworks_products_v4.json', "
			"at_once: true}\n"
			"phases: []\n");
	ck_assert_str_eq(e, "pksim: t.yaml:3:9: error: phases is empty; give "
			    "at least one phase with duration and "
			    "throughput, or leave phases out");
	free(e);
}
END_TEST

/* An empty data file has no records to replay. */
START_TEST(test_items_empty_file)
{
	char *dir = tu_tmpdir();
	char text[2048], want[2048];
	struct pk_diag d;
	struct pk_scenario *sc;
	char *line;
	const char *path = write_file(dir, "empty.json", "[]\n");

	snprintf(text, sizeof(text),
		 "container: {partition_key: /id, throughput: 400}\n"
		 "items: {file: '%s', at_once: true}\n",
		 path);
	snprintf(want, sizeof(want),
		 "pksim: %s: error: the data file holds no records; give a "
		 "JSON array of objects, JSON lines or CSV with a header and "
		 "at least one row",
		 path);
	diag_init(&d);
	sc = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_null(sc);
	line = diag_line(&d, 0);
	ck_assert_str_eq(line, want);
	free(line);
	diag_free(&d);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Command line: scenario_for_items and scenario_add_variant */

/* The first error of scenario_add_variant(s, key); caller frees. */
static char *variant_error(struct pk_scenario *s, const char *key)
{
	struct pk_diag d;
	size_t before = s->n_variants;
	char *line;

	diag_init(&d);
	ck_assert_int_eq(scenario_add_variant(s, key, &d), -1);
	ck_assert_uint_eq(s->n_variants, before);
	line = diag_line(&d, 0);
	diag_free(&d);
	return line;
}

/*
 * The products at once through the command-line constructor, with four
 * keys: /categoryId (37 logical partitions, SOURCES.md); [/categoryId,
 * /id] and /categoryId,/id (the same hierarchical key twice, written both
 * ways: one logical partition per product, 295, as ids are unique); a
 * template over categoryName (37 names for 37 ids, SOURCES.md).
 */
START_TEST(test_items_command_line)
{
	static const char *const keys[] = {
	    "/categoryId",
	    "[/categoryId, /id]",
	    "/categoryId,/id",
	    "{categoryName}-x",
	};
	static const uint64_t want_lps[] = {37, 295, 295, 37};
	char path[4096];
	struct pk_diag d;
	struct pk_scenario *s;
	struct pk_run *run;
	size_t i;

	snprintf(path, sizeof(path), "%s", tu_src(PRODUCTS));
	diag_init(&d);
	s = scenario_for_items(path, PK_TRACE_FORMAT_AUTO, NULL, 0, 0, 1, 6000,
			       &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s->name, "cosmicworks_products_v4");
	ck_assert_uint_eq(s->seed, 1);
	ck_assert_uint_eq(s->n_variants, 0);
	ck_assert_str_eq(s->container.partition_key, "/id");
	ck_assert_int_eq(s->container.throughput_ru_per_s, 6000);
	ck_assert_int_eq(s->items_file->from, PK_FROM_AT_ONCE);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(scenario_add_variant(s, keys[i], &d), 0);
		ck_assert_str_eq(s->variants[i].name, keys[i]);
	}
	ck_assert_uint_eq(diag_count(&d), 0);
	ck_assert_int_eq(s->variants[0].key.kind, PK_KEY_PATH);
	ck_assert_str_eq(s->container.partition_key, "/categoryId");
	ck_assert_int_eq(s->variants[1].key.kind, PK_KEY_HIERARCHICAL);
	ck_assert_str_eq(s->variants[1].partition_key, "[/categoryId, /id]");
	ck_assert_str_eq(s->variants[2].partition_key, "[/categoryId, /id]");
	ck_assert_uint_eq(s->variants[2].key.n_paths, 2);
	ck_assert_str_eq(s->variants[2].key.paths[1], "/id");
	ck_assert_int_eq(s->variants[3].key.kind, PK_KEY_SYNTHETIC);
	ck_assert_str_eq(s->variants[3].key.template_text, "{categoryName}-x");
	ck_assert_int_eq(s->variants[3].throughput_ru_per_s, 6000);
	run = run_of(s);
	for (i = 0; i < 4; i++) {
		struct lp_stats st = lp_stats(run, i);

		ck_assert_uint_eq(st.items, 295);
		ck_assert_uint_eq(st.n, want_lps[i]);
	}
	sim_free(run);
	scenario_free(s);
	diag_free(&d);
}
END_TEST

START_TEST(test_items_command_line_errors)
{
	char path[4096];
	struct pk_diag d;
	struct pk_scenario *s;
	char *e;

	snprintf(path, sizeof(path), "%s", tu_src(PRODUCTS));
	diag_init(&d);
	s = scenario_for_items(path, PK_TRACE_FORMAT_JSON, NULL, 0, 0, 1, 400,
			       &d);
	ck_assert_ptr_nonnull(s);
	diag_free(&d);

	e = variant_error(s, "deviceId");
	ck_assert_str_eq(e, "pksim: --key 'deviceId': error: partition_key "
			    "must be a JSON path that starts with '/' and "
			    "has non-empty segments, e.g. /deviceId or "
			    "/address/city; a list of 2-3 such paths, e.g. "
			    "[/tenantId, /userId]; or a template with "
			    "{property}, e.g. '{deviceId}-{date}' (got "
			    "'deviceId')");
	free(e);
	e = variant_error(s, "/a,/b,/c,/d");
	ck_assert_str_eq(e, "pksim: --key '/a,/b,/c,/d': error: a "
			    "hierarchical partition key has at most 3 levels "
			    "(rule 22); a fourth is allowed only when it is "
			    "/id, a unique last level (rule 33), got '/d'");
	free(e);
	e = variant_error(s, "/a, /a");
	ck_assert_str_eq(e, "pksim: --key '/a, /a': error: partition_key "
			    "level '/a' is listed twice; each level is a "
			    "different property");
	free(e);
	e = variant_error(s, "/a,");
	ck_assert_str_eq(e, "pksim: --key '/a,': error: each level of a "
			    "hierarchical partition_key must be a JSON path "
			    "that starts with '/' and has non-empty "
			    "segments, e.g. /tenantId (got nothing)");
	free(e);
	e = variant_error(s, "[]");
	ck_assert_str_eq(e, "pksim: --key '[]': error: partition_key is an "
			    "empty list; give 1 to 3 paths, e.g. [/tenantId, "
			    "/userId]");
	free(e);
	e = variant_error(s, "");
	ck_assert_str_eq(e, "pksim: --key '': error: partition_key must not "
			    "be empty; give a JSON path that starts with '/' "
			    "and has non-empty segments, e.g. /deviceId or "
			    "/address/city; a list of 2-3 such paths, e.g. "
			    "[/tenantId, /userId]; or a template with "
			    "{property}, e.g. '{deviceId}-{date}'");
	free(e);
	diag_init(&d);
	ck_assert_int_eq(scenario_add_variant(s, "[/sku]", &d), 0);
	ck_assert_int_eq(s->variants[0].key.kind, PK_KEY_PATH);
	ck_assert_str_eq(s->variants[0].partition_key, "/sku");
	diag_free(&d);
	e = variant_error(s, "[/sku]");
	ck_assert_str_eq(e, "pksim: --key '[/sku]': error: this key is given "
			    "twice; each --key adds one variant named after "
			    "it");
	free(e);
	scenario_free(s);

	/* arrival rules and the file itself */
	diag_init(&d);
	ck_assert_ptr_null(scenario_for_items(path, PK_TRACE_FORMAT_AUTO, NULL,
					      0, 0, 0, 400, &d));
	e = diag_line(&d, 0);
	ck_assert_str_eq(e, "pksim: --items: error: give how records arrive: "
			    "one of --time-field F (a timestamp property), "
			    "--rate R (e.g. 100/s, in file order) or "
			    "--at-once");
	free(e);
	diag_free(&d);
	diag_init(&d);
	ck_assert_ptr_null(scenario_for_items(path, PK_TRACE_FORMAT_AUTO, "ts",
					      1, 10, 0, 400, &d));
	e = diag_line(&d, 0);
	ck_assert_str_eq(e, "pksim: --items: error: give only one of "
			    "--time-field, --rate and --at-once");
	free(e);
	diag_free(&d);
	/* products have no timestamp: the first record's line is named */
	diag_init(&d);
	ck_assert_ptr_null(scenario_for_items(path, PK_TRACE_FORMAT_AUTO, "ts",
					      1, 0, 0, 400, &d));
	ck_assert_int_gt(d.entries[0].line, 0);
	ck_assert_str_eq(d.entries[0].msg,
			 "record 1 has no time field \"/ts\"; every record "
			 "needs one: epoch seconds or an ISO 8601 "
			 "date-time");
	diag_free(&d);
	diag_init(&d);
	ck_assert_ptr_null(scenario_for_items(
	    "/no/such.json", PK_TRACE_FORMAT_AUTO, NULL, 0, 0, 1, 400, &d));
	ck_assert_int_eq(d.entries[0].line, 0);
	e = diag_line(&d, 0);
	ck_assert_str_eq(e, "pksim: /no/such.json: error: cannot open: No "
			    "such file or directory");
	free(e);
	diag_free(&d);
	diag_init(&d);
	ck_assert_ptr_null(scenario_for_items(path, PK_TRACE_FORMAT_AUTO, NULL,
					      0, 0, 1, 0, &d));
	e = diag_line(&d, 0);
	ck_assert_str_eq(e, "pksim: --throughput: error: must be a whole "
			    "number of RU/s from 1 to 1,000,000 (got 0)");
	free(e);
	diag_free(&d);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("items");
	struct {
		const char *name;
		const TTest *fn;
	} cases[] = {
#define CASE(fn) {#fn, fn}
	    CASE(test_items_iot),
	    CASE(test_items_transactions),
	    CASE(test_items_products),
	    CASE(test_items_lab_default_retries),
	    CASE(test_items_lab_unlimited_retries),
	    CASE(test_items_lab_raised),
	    CASE(test_items_stream_time_field),
	    CASE(test_items_stream_rate_at_once),
	    CASE(test_items_stream_generated_id_size),
	    CASE(test_items_ids_distinct),
	    CASE(test_items_file_repeated_ids),
	    CASE(test_items_stream_values),
	    CASE(test_items_stream_iot_compression),
	    CASE(test_items_phases),
	    CASE(test_items_missing_file),
	    CASE(test_items_loader_errors),
	    CASE(test_items_empty_file),
	    CASE(test_items_command_line),
	    CASE(test_items_command_line_errors),
#undef CASE
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TCase *tc = tcase_create(cases[i].name);

		tcase_add_test(tc, cases[i].fn);
		suite_add_tcase(s, tc);
	}
	return s;
}
