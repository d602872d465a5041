/*
 * check_monitor: an Azure Monitor export of CDBPartitionKeyRUConsumption
 * as the workload (monitor.h, scenarios/README.md
 * `monitor_log`): the reader (monitor_from_trace) on CSV, JSON arrays and
 * JSON lines written here, its errors at their FILE:LINE:COL, and runs
 * through sim_run whose 429s are derived by hand from the budget rules
 * (throttle.h: a range spends its share each second; a 429 retries at
 * the next second's start) beside each test.
 *
 * Times: 2026-05-12T09:00:00Z is day 20,585 after 1970-01-01 (56 years to
 * 2026-01-01 with the 14 leap days of 1972 .. 2024: 56 x 365 + 14 =
 * 20,454; then January to April 31 + 28 + 31 + 30 = 120 and 11 more
 * days), so 20,585 x 86,400 + 9 x 3,600 = 1,778,576,400 s.
 */
#include <check.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/load/monitor.h"
#include "pksim/load/scenario.h"
#include "pksim/load/trace.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "testutil.h"

/* 2026-05-12T09:00:00Z in ms (the header's arithmetic) */
#define T0_MS 1778576400000LL

/* The rows of an export text (fmt as trace.h's), read for a key of
   levels components with split_mru; NULL with errors in *d. */
static struct pk_monitor_log *read_text(const char *text, int fmt,
					size_t levels, int64_t split_mru,
					const char *db, const char *coll,
					struct pk_diag *d)
{
	struct pk_trace *t = trace_parse("t.csv", text, strlen(text),
					 (enum pk_trace_format)fmt, d);
	struct pk_monitor_opts o;
	struct pk_monitor_log *m;

	ck_assert_msg(t != NULL, "trace: %s", tu_diag_text(d));
	memset(&o, 0, sizeof(o));
	o.levels = levels;
	o.split_mru = split_mru;
	o.database = db;
	o.collection = coll;
	o.where = "s.yaml";
	o.line = 7;
	o.col = 9;
	m = monitor_from_trace(t, text, strlen(text), &o, d);
	trace_free(t);
	return m;
}

/* The first line of d's text; caller frees. */
static char *first_line(const struct pk_diag *d)
{
	char *all = tu_diag_text(d), *nl = strchr(all, '\n');

	if (nl) {
		*nl = '\0';
	}
	return all;
}

static const char csv[] =
    "TimeGenerated,DatabaseName,CollectionName,RegionName,"
    "PartitionKeyRangeId,PartitionKey,RequestCharge\n"
    "2026-05-12T09:00:00.250Z,shop,orders,West Europe,0,\"[\"\"c-1\"\"]\",25\n"
    "2026-05-12T09:00:01Z,shop,orders,West Europe,1,\"[42]\",7.5\n"
    "2026-05-12T09:00:01Z,shop,orders,West Europe,1,\"[{}]\",0\n"
    "2026-05-12T09:00:02Z,shop,orders,West Europe,0,plain,10\n";

START_TEST(test_csv_rows)
{
	struct pk_diag d;
	struct pk_monitor_log *m;
	struct pk_value v;

	diag_init(&d);
	m = read_text(csv, PK_TRACE_FORMAT_AUTO, 1, 10000, NULL, NULL, &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	ck_assert_uint_eq(m->n_rows, 4);
	ck_assert_uint_eq(m->rows_in_file, 4);
	/* times: T0 + 250 ms, + 1 s twice, + 2 s */
	ck_assert_int_eq(m->rows[0].t_ms, T0_MS + 250);
	ck_assert_int_eq(m->rows[1].t_ms, T0_MS + 1000);
	ck_assert_int_eq(m->rows[3].t_ms, T0_MS + 2000);
	ck_assert_int_eq(m->first_ms, T0_MS + 250);
	/* the .250 row belongs to second 09:00:00 (rule 37) */
	ck_assert_int_eq(m->rows[0].sec_ms, T0_MS);
	ck_assert_int_eq(m->rows[3].sec_ms, T0_MS + 2000);
	ck_assert_int_eq(m->last_ms, T0_MS + 2000);
	/* charges in mRU: 25 RU, 7.5, 0, 10; 42,500 in all */
	ck_assert_int_eq(m->rows[0].charge_mru, 25000);
	ck_assert_int_eq(m->rows[1].charge_mru, 7500);
	ck_assert_int_eq(m->rows[2].charge_mru, 0);
	ck_assert_int_eq(m->total_mru, 42500);
	/* requests of at most 10 RU: ceil(25 / 10) = 3; 7.5, 0 and 10 RU
	   are one each: 6 */
	ck_assert_uint_eq(m->rows[0].pieces, 3);
	ck_assert_uint_eq(m->rows[1].pieces, 1);
	ck_assert_uint_eq(m->rows[2].pieces, 1);
	ck_assert_uint_eq(m->rows[3].pieces, 1);
	ck_assert_uint_eq(m->pieces, 6);
	/* 25,000 mRU in 3: floor(25,000 x k / 3) - floor(25,000 x (k-1) / 3)
	   = 8,333, 16,666 - 8,333 = 8,333, 25,000 - 16,666 = 8,334; at
	   floor(k x 1000 / 3) = 0, 333, 666 ms */
	ck_assert_int_eq(monitor_piece_mru(&m->rows[0], 0), 8333);
	ck_assert_int_eq(monitor_piece_mru(&m->rows[0], 1), 8333);
	ck_assert_int_eq(monitor_piece_mru(&m->rows[0], 2), 8334);
	ck_assert_int_eq(monitor_piece_offset_ms(&m->rows[0], 1), 333);
	ck_assert_int_eq(monitor_piece_offset_ms(&m->rows[0], 2), 666);
	/* key values: a string, a number, undefined ({}), and a plain
	   text as one string (the ASSUMPTION of monitor.h) */
	monitor_value(m, 0, 0, &v);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_uint_eq(v.len, 3);
	ck_assert(memcmp(v.str, "c-1", 3) == 0);
	monitor_value(m, 1, 0, &v);
	ck_assert_int_eq(v.type, PK_VALUE_NUMBER);
	ck_assert(v.num == 42);
	monitor_value(m, 2, 0, &v);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	monitor_value(m, 3, 0, &v);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert(v.len == 5 && memcmp(v.str, "plain", 5) == 0);
	/* what the report names: one container, one region, ranges 0, 1 */
	ck_assert_str_eq(m->database, "shop");
	ck_assert_str_eq(m->collection, "orders");
	ck_assert_str_eq(m->region, "West Europe");
	ck_assert_uint_eq(m->ranges, 2);
	monitor_free(m);
	/* split_ru off: one request per row, 4 */
	m = read_text(csv, PK_TRACE_FORMAT_CSV, 1, 0, NULL, NULL, &d);
	ck_assert_uint_eq(m->pieces, 4);
	ck_assert_uint_eq(m->rows[0].pieces, 1);
	ck_assert_int_eq(monitor_piece_mru(&m->rows[0], 0), 25000);
	monitor_free(m);
	diag_free(&d);
}
END_TEST

/* The parts of any charge sum to it, one part for each request. */
START_TEST(test_pieces_sum)
{
	struct pk_monitor_row r;
	int64_t sum;
	uint64_t j;

	memset(&r, 0, sizeof(r));
	for (r.charge_mru = 0; r.charge_mru < 100000; r.charge_mru += 997) {
		for (r.pieces = 1; r.pieces < 40; r.pieces += 3) {
			for (sum = 0, j = 0; j < r.pieces; j++) {
				tu_loop_int(monitor_piece_mru(&r, j), >=, 0);
				sum += monitor_piece_mru(&r, j);
				tu_loop_int(monitor_piece_offset_ms(&r, j), <,
					    1000);
			}
			ck_assert_int_eq(sum, r.charge_mru);
		}
	}
}
END_TEST

/* az monitor log-analytics query prints a JSON array of row objects with
   every value a string (and a TableName); a hierarchical key's array has
   a value per level. The portal's CSV calls the time column
   "TimeGenerated [UTC]". */
START_TEST(test_json_and_aliases)
{
	static const char json[] =
	    "[\n"
	    "  {\n"
	    "    \"PartitionKey\": \"[\\\"t1\\\",\\\"u7\\\"]\",\n"
	    "    \"RequestCharge\": \"12.5\",\n"
	    "    \"TableName\": \"PrimaryResult\",\n"
	    "    \"TimeGenerated\": \"2026-05-12T09:00:03.1234567Z\"\n"
	    "  }\n"
	    "]\n";
	static const char jsonl[] =
	    "{\"TimeGenerated\": \"2026-05-12T11:00:00+02:00\", "
	    "\"PartitionKey\": \"[true]\", \"RequestCharge\": 3}\n";
	static const char utc[] =
	    "TimeGenerated [UTC],PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:00Z,\"[null]\",1\n";
	struct pk_diag d;
	struct pk_monitor_log *m;
	struct pk_value v;

	diag_init(&d);
	m = read_text(json, PK_TRACE_FORMAT_AUTO, 2, 10000, NULL, NULL, &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	/* .1234567 s is 123 ms (isotime.h: cut after the third digit) */
	ck_assert_int_eq(m->rows[0].t_ms, T0_MS + 3123);
	ck_assert_int_eq(m->rows[0].charge_mru, 12500);
	/* ceil(12.5 / 10) = 2 requests */
	ck_assert_uint_eq(m->rows[0].pieces, 2);
	monitor_value(m, 0, 1, &v);
	ck_assert(v.type == PK_VALUE_STRING && v.len == 2 &&
		  memcmp(v.str, "u7", 2) == 0);
	/* no DatabaseName column: nothing to name */
	ck_assert_ptr_null(m->database);
	ck_assert_uint_eq(m->ranges, 0);
	monitor_free(m);
	/* JSON lines, a number charge, +02:00 is 09:00 UTC */
	m = read_text(jsonl, PK_TRACE_FORMAT_AUTO, 1, 10000, NULL, NULL, &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(m->rows[0].t_ms, T0_MS);
	ck_assert_int_eq(m->rows[0].charge_mru, 3000);
	monitor_value(m, 0, 0, &v);
	ck_assert(v.type == PK_VALUE_BOOL && v.boolean == 1);
	monitor_free(m);
	m = read_text(utc, PK_TRACE_FORMAT_AUTO, 1, 10000, NULL, NULL, &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	monitor_value(m, 0, 0, &v);
	ck_assert_int_eq(v.type, PK_VALUE_NULL);
	monitor_free(m);
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
}
END_TEST

/* Each bad value at its field: counted in characters from the row's
   line, through a quoted field holding a comma and a line break. */
START_TEST(test_error_positions)
{
	static const struct {
		const char *text;
		const char *want;
	} cases[] = {
	    /* the Note field runs from line 2 to line 3 ("c"), so the
	       charge starts at line 3, column 4 (c, ", and the comma) */
	    {"TimeGenerated,Note,RequestCharge,PartitionKey\n"
	     "2026-05-12T09:00:00Z,\"a, b\nc\",-1,\"[\"\"k\"\"]\"\n",
	     "t.csv:3:4: error: RequestCharge -1 is negative; it must be a "
	     "number of RU from 0 to 1,000,000"},
	    /* é is one character: the time field after it starts at 5 */
	    {"Note,TimeGenerated,PartitionKey,RequestCharge\n"
	     "\xc3\xa9\xc3\xa9x,yesterday,k,1\n",
	     "t.csv:2:5: error: TimeGenerated \"yesterday\" is not an ISO "
	     "8601 date-time; expected e.g. 2026-05-12T09:00:00.123Z"},
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,\"[\"\"a\"\",\"\"b\"\"]\",1\n",
	     "t.csv:2:22: error: PartitionKey \"[\"a\",\"b\"]\" has 2 "
	     "components; the container's key has 1 path"},
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,\"[[1]]\",1\n",
	     "t.csv:2:22: error: PartitionKey \"[[1]]\": component 1 is not a "
	     "key value (a string, number, true/false, null or {} for "
	     "undefined)"},
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,\"[1\",1\n",
	     "t.csv:2:22: error: PartitionKey \"[1\" is not a JSON array: "
	     "']' expected near end of file"},
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,k,nan\n",
	     "t.csv:2:24: error: RequestCharge \"nan\" is not a number; it "
	     "must be a number of RU from 0 to 1,000,000"},
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,k,1000001\n",
	     "t.csv:2:24: error: RequestCharge 1000001 is out of range; it "
	     "must be a number of RU from 0 to 1,000,000"},
	    /* the file's text, quoted as written (2e6, not 2e+06) */
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,k,2e6\n",
	     "t.csv:2:24: error: RequestCharge 2e6 is out of range; it must "
	     "be a number of RU from 0 to 1,000,000"},
	    /* a JSON number: 2000000 in full, not 2e+06 ('{' at 1:2) */
	    {"[{\"TimeGenerated\": \"2026-05-12T09:00:00Z\", "
	     "\"PartitionKey\": \"k\", \"RequestCharge\": 2000000}]\n",
	     "t.csv:1:2: error: RequestCharge 2000000 is out of range; it "
	     "must be a number of RU from 0 to 1,000,000"},
	    /* an empty PartitionKey is a missing value, never the key ""
	       (the field starts after 20 + 1 characters: column 22),
	       written bare or quoted */
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,,100\n",
	     "t.csv:2:22: error: row 1 has an empty PartitionKey; every row "
	     "needs its key value, a JSON array as the service logs it "
	     "([\"c-42\"]; [\"\"] for the empty string)"},
	    {"TimeGenerated,PartitionKey,RequestCharge\n"
	     "2026-05-12T09:00:00Z,\"\",100\n",
	     "t.csv:2:22: error: row 1 has an empty PartitionKey; every row "
	     "needs its key value, a JSON array as the service logs it "
	     "([\"c-42\"]; [\"\"] for the empty string)"},
	    /* a native JSON array where the export has a string */
	    {"[{\"TimeGenerated\": \"2026-05-12T09:00:00Z\", "
	     "\"PartitionKey\": [\"A\"], \"RequestCharge\": 100}]\n",
	     "t.csv:1:2: error: row 1: PartitionKey is a JSON array or "
	     "object, where the export has a string holding a JSON array, "
	     "as the service logs the key value (\"[\\\"c-42\\\"]\" in "
	     "JSON, [\"c-42\"] in CSV); write the array as a string"},
	    /* a missing column: at the header */
	    {"PartitionKey,RequestCharge\nk,1\n",
	     "t.csv:1:1: error: the export has no TimeGenerated column; an "
	     "export of CDBPartitionKeyRUConsumption needs TimeGenerated, "
	     "PartitionKey and RequestCharge"},
	    /* JSON: at the row's '{' (line 2, column 3) */
	    {"[\n  {\"TimeGenerated\": \"2026-05-12T09:00:00Z\", "
	     "\"RequestCharge\": 1}\n]\n",
	     "t.csv:2:3: error: the export has no PartitionKey column; an "
	     "export of CDBPartitionKeyRUConsumption needs TimeGenerated, "
	     "PartitionKey and RequestCharge"},
	    {"[{\"TimeGenerated\": \"2026-05-12T09:00:00Z\", "
	     "\"PartitionKey\": \"k\", \"RequestCharge\": 1},\n"
	     "  {\"TimeGenerated\": \"2026-05-12T09:00:00Z\", "
	     "\"RequestCharge\": 1}]\n",
	     "t.csv:2:3: error: row 2 has no PartitionKey; every row needs its "
	     "key value, a JSON array as the service logs it ([\"c-42\"])"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct pk_diag d;
		char *got;

		diag_init(&d);
		ck_assert_ptr_null(read_text(cases[i].text,
					     PK_TRACE_FORMAT_AUTO, 1, 10000,
					     NULL, NULL, &d));
		got = first_line(&d);
		ck_assert_msg(strncmp(got, "pksim: ", 7) == 0 &&
				  strcmp(got + 7, cases[i].want) == 0,
			      "case %zu:\n  want %s\n  got  %s", i,
			      cases[i].want, got);
		free(got);
		diag_free(&d);
	}
}
END_TEST

/* 25 bad rows: the first 20 listed, then how many more. */
START_TEST(test_error_limit)
{
	char text[4096];
	size_t len, i;
	struct pk_diag d;
	char *all;

	len = (size_t)snprintf(text, sizeof(text),
			       "TimeGenerated,PartitionKey,RequestCharge\n");
	for (i = 0; i < 25; i++) {
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"2026-05-12T09:00:00Z,k,-%zu\n", i + 1);
	}
	diag_init(&d);
	ck_assert_ptr_null(
	    read_text(text, PK_TRACE_FORMAT_AUTO, 1, 10000, NULL, NULL, &d));
	ck_assert_uint_eq(diag_count(&d), 20);
	all = tu_diag_text(&d);
	ck_assert_msg(strstr(all, "note: 5 more rows have a missing or bad "
				  "value; the first 20 are listed"),
		      "%s", all);
	free(all);
	diag_free(&d);
}
END_TEST

/* Several containers: the filters choose, at their own place; an
   unchosen export is an error at the export's name (7:9 here). */
START_TEST(test_filters)
{
	static const char two[] =
	    "TimeGenerated,DatabaseName,CollectionName,PartitionKey,"
	    "RequestCharge\n"
	    "2026-05-12T09:00:00Z,shop,orders,k,1\n"
	    "2026-05-12T09:00:01Z,shop,carts,k,2\n"
	    "2026-05-12T09:00:02Z,shop,orders,k,4\n";
	struct pk_diag d;
	struct pk_monitor_log *m;
	char *got;

	diag_init(&d);
	m = read_text(two, PK_TRACE_FORMAT_AUTO, 1, 0, NULL, "orders", &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	/* rows 1 and 3: 1 + 4 RU */
	ck_assert_uint_eq(m->n_rows, 2);
	ck_assert_uint_eq(m->rows_in_file, 3);
	ck_assert_int_eq(m->total_mru, 5000);
	ck_assert_str_eq(m->collection, "orders");
	monitor_free(m);
	ck_assert_ptr_null(
	    read_text(two, PK_TRACE_FORMAT_AUTO, 1, 0, "shop", NULL, &d));
	got = first_line(&d);
	ck_assert_str_eq(got,
			 "pksim: s.yaml:7:9: error: the export holds rows of 2 "
			 "containers; choose one with monitor_log's "
			 "database and collection");
	free(got);
	diag_free(&d);
	diag_init(&d);
	ck_assert_ptr_null(
	    read_text(two, PK_TRACE_FORMAT_AUTO, 1, 0, NULL, "cart", &d));
	got = tu_diag_text(&d);
	ck_assert_msg(strstr(got, "no row has CollectionName \"cart\" (did "
				  "you mean \"carts\"?)"),
		      "%s", got);
	ck_assert_msg(strstr(got, "\"orders\": 2 rows, \"carts\": 1 row"), "%s",
		      got);
	free(got);
	diag_free(&d);
}
END_TEST

/* ---- runs: a scenario around a log written to a temporary folder ---- */

/* Write scenario yaml as tu_dir/s.yaml and its monitor_log file csv as
   tu_dir/log.csv; the scenario's path (tu_dir_file's). */
static const char *write_log(const char *yaml, const char *csv_text)
{
	tu_dir_file("log.csv", csv_text);
	return tu_dir_file("s.yaml", yaml);
}

/* Run scenario text (its monitor_log file `log.csv` holding csv, both in
   tu_dir); the run, or NULL with errors in *d. */
static struct pk_run *run_log(const char *yaml, const char *csv_text,
			      struct pk_scenario **sc, struct pk_diag *d)
{
	const char *path = write_log(yaml, csv_text);

	*sc = scenario_parse(path, yaml, strlen(yaml), d);
	return *sc ? sim_run(*sc, (*sc)->seed, d) : NULL;
}

/* `pksim run` of the scenario at path, then extra (" --format csv"),
   expected to exit 0: its stdout (tu_run_ok; caller frees). */
static char *run_ok(const char *path, const char *extra)
{
	char args[4200];

	snprintf(args, sizeof(args), "run '%s'%s", path, extra);
	return tu_run_ok(args);
}

/* The key "partitionKey" hashes (V2) to 013AEFCF77FA271571CF665A58C933F1,
   a published SDK vector (tests/vectors/epk_vectors.csv, id 17): under
   2 partitions, cut at 0x20.. (pmap.h), range 0. */
static const char hot_log[] =
    "TimeGenerated,PartitionKey,RequestCharge\n"
    "2026-05-12T09:00:00Z,\"[\"\"partitionKey\"\"]\",10\n"
    "2026-05-12T09:00:10Z,\"[\"\"partitionKey\"\"]\",8000\n";

START_TEST(test_run_redistribution)
{
	static const char base[] =
	    "container: {partition_key: /pk, throughput: 10000, partitions: "
	    "2}\n"
	    "monitor_log: {file: log.csv}\n%s";
	char yaml[1024];
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_totals *t;

	/* 5,000 a range: second 10 takes 500 of the 800 requests of 10 RU,
	   300 get 429 and retry at 11 s, where 3,000 RU fit: 300 429s; the
	   10 RU row at 0 s is one request */
	snprintf(yaml, sizeof(yaml), base, "");
	diag_init(&d);
	run = run_log(yaml, hot_log, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->operations, 801);
	ck_assert_uint_eq(t->throttled_429, 300);
	ck_assert_uint_eq(t->failed_after_retries, 0);
	ck_assert_int_eq(t->ru_mru, 8010000);
	/* t = 0 is the first row's second: clock.start becomes it */
	ck_assert_int_eq(sc->clock_start_s, T0_MS / 1000);
	sim_free(run);
	scenario_free(sc);
	/* redistributed at t = 0 to 8,000 on range 0 (which holds the key)
	   and 2,000 on range 1: 8,000 fits, no 429 */
	snprintf(yaml, sizeof(yaml), base,
		 "phases: [{duration: 1s, redistribute: {\"0\": 8000, \"1\": "
		 "2000}}]\n");
	run = run_log(yaml, hot_log, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->operations, 801);
	ck_assert_uint_eq(t->throttled_429, 0);
	sim_free(run);
	scenario_free(sc);
	/* the other way round, 2,000 on range 0: 200 of 800 fit in second
	   10, then 200 of the 600 retries in each of seconds 11, 12, 13:
	   600 + 400 + 200 = 1,200 429s, none failed */
	snprintf(yaml, sizeof(yaml), base,
		 "phases: [{duration: 1s, redistribute: {\"0\": 2000, \"1\": "
		 "8000}}]\n");
	run = run_log(yaml, hot_log, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->throttled_429, 1200);
	ck_assert_uint_eq(t->failed_after_retries, 0);
	sim_free(run);
	scenario_free(sc);
	diag_free(&d);
}
END_TEST

/* Burst capacity (D-BURST) at 2,000 RU/s a range: the 9 idle seconds
   before the spike save 2,000 each (18,000 RU) after the first second's
   10 RU; 2,500 RU in second 10 is under the 3,000 RU a second burst can
   reach: no 429. Without burst, 500 RU (50 requests) over 2,000 retry. */
START_TEST(test_run_burst_autoscale)
{
	static const char spike[] =
	    "TimeGenerated,PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:00Z,\"[\"\"partitionKey\"\"]\",10\n"
	    "2026-05-12T09:00:10Z,\"[\"\"partitionKey\"\"]\",2500\n";
	static const char yaml[] =
	    "container: {partition_key: /pk, throughput: 4000, partitions: 2}\n"
	    "variants:\n"
	    "  - {name: manual}\n"
	    "  - {name: burst, burst: true}\n"
	    "  - {name: autoscale, autoscale_max: 6000}\n"
	    "monitor_log: {file: log.csv}\n";
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;

	diag_init(&d);
	run = run_log(yaml, spike, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	ck_assert_uint_eq(run->n_variants, 3);
	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 50);
	ck_assert_uint_eq(
	    tu_metrics(run->variants[1].svc)->totals.throttled_429, 0);
	/* autoscale max 6,000 on 2 partitions: each may spend 3,000 a
	   second (D-AUTO): 2,500 fits */
	ck_assert_uint_eq(
	    tu_metrics(run->variants[2].svc)->totals.throttled_429, 0);
	sim_free(run);
	scenario_free(sc);
	diag_free(&d);
}
END_TEST

/* --key (a variant added after loading) cannot re-key the log. */
START_TEST(test_run_rekey_refused)
{
	static const char yaml[] =
	    "container: {partition_key: /pk, throughput: 4000}\n"
	    "monitor_log: {file: log.csv}\n";
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;
	char *got;

	diag_init(&d);
	run = run_log(yaml, hot_log, &sc, &d);
	ck_assert_ptr_nonnull(run);
	sim_free(run);
	ck_assert_int_eq(scenario_add_variant(sc, "/region", &d), 0);
	run = sim_run(sc, sc->seed, &d);
	ck_assert_ptr_null(run);
	got = first_line(&d);
	ck_assert_str_eq(got,
			 "pksim: --key '/region': error: partition key /region "
			 "cannot be replayed: the monitor log records "
			 "each request's key value under /pk and nothing "
			 "else of the items, so the log cannot be "
			 "re-keyed");
	free(got);
	scenario_free(sc);
	diag_free(&d);
}
END_TEST

/* TimeGenerated's sub-millisecond digits are cut, never rounded into the
   next second: 08:59:59.9996 is 08:59:59.999, 1 ms before T0 (rounding
   made it 09:00:00.000, the second of the 09:00:00.5 row); t = 0 is then
   08:59:59, clock.start T0 / 1000 - 1 s. */
/* The query API's response is told by its opening, never by a parse of
   the whole export (jansson's tree of a 42 MB export of 300,000 rows
   took 336,664 KB of peak RSS in `run --estimate`, 2.6 times the
   printed bound): an object whose first key is "tables" with an array
   value, however it goes on (a text cut after its '[' too); a JSON-lines
   export opens with a row's own keys, a JSON array with '['. */
START_TEST(test_query_response_opening)
{
	static const char *const yes[] = {
	    "{\"tables\": [",
	    " {\n \"tables\" :\t[{\"rows\": []}]}",
	};
	static const char *const no[] = {
	    "{\"TimeGenerated\": \"x\"}",
	    "[{\"tables\": []}]",
	    "{\"tables\": 1}",
	    "{\"tables",
	};
	size_t i;

	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(
		    monitor_is_query_response(yes[i], strlen(yes[i])), 1);
	}
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(
		    monitor_is_query_response(no[i], strlen(no[i])), 0);
	}
}
END_TEST

START_TEST(test_time_floor)
{
	static const char edge[] =
	    "TimeGenerated,PartitionKey,RequestCharge\n"
	    "2026-05-12T08:59:59.9996Z,\"[\"\"B\"\"]\",10\n"
	    "2026-05-12T09:00:00.5Z,\"[\"\"A\"\"]\",10\n";
	struct pk_diag d;
	struct pk_monitor_log *m;
	struct pk_scenario *sc;
	struct pk_run *run;

	diag_init(&d);
	m = read_text(edge, PK_TRACE_FORMAT_AUTO, 1, 10000, NULL, NULL, &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(m->rows[0].t_ms, T0_MS - 1);
	ck_assert_int_eq(m->rows[1].t_ms, T0_MS + 500);
	ck_assert_int_eq(m->first_ms, T0_MS - 1);
	/* their seconds (rule 37): 08:59:59 and 09:00:00 */
	ck_assert_int_eq(m->rows[0].sec_ms, T0_MS - 1000);
	ck_assert_int_eq(m->rows[1].sec_ms, T0_MS);
	monitor_free(m);
	/* rounded down before 1970 too: -1 ms is in second -1 (-1,000 ..
	   -1); -1,000 starts it; -1,001 is in second -2 */
	ck_assert_int_eq(monitor_second_ms(0), 0);
	ck_assert_int_eq(monitor_second_ms(999), 0);
	ck_assert_int_eq(monitor_second_ms(-1), -1000);
	ck_assert_int_eq(monitor_second_ms(-1000), -1000);
	ck_assert_int_eq(monitor_second_ms(-1001), -2000);
	run = run_log("container: {partition_key: /pk, throughput: 10000, "
		      "partitions: 1}\n"
		      "monitor_log: {file: log.csv}\n",
		      edge, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(sc->items_file->monitor_t0_ms, T0_MS - 1000);
	ck_assert_int_eq(sc->clock_start_s, T0_MS / 1000 - 1);
	sim_free(run);
	scenario_free(sc);
	diag_free(&d);
}
END_TEST

/* The log's key is the container block's: one variant with another key
   is refused as two are (the log cannot be re-keyed); one with the same
   key and other throughput is a replay. */
START_TEST(test_variant_rekey_single)
{
	static const char *const keys[] = {"/tenantId", "[/tenantId, /userId]"};
	static const char same[] =
	    "container: {partition_key: /pk, throughput: 4000}\n"
	    "variants:\n"
	    "  - {name: more, throughput: 10000}\n"
	    "monitor_log: {file: log.csv}\n";
	char yaml[512], want[512], *got;
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;
	size_t i;

	for (i = 0; i < 2; i++) {
		/* "  - {name: other, partition_key: " is 33 characters: the
		   key at 3:34 */
		snprintf(yaml, sizeof(yaml),
			 "container: {partition_key: /customerId, throughput: "
			 "2000}\n"
			 "variants:\n"
			 "  - {name: other, partition_key: %s}\n"
			 "monitor_log: {file: log.csv}\n",
			 keys[i]);
		snprintf(want, sizeof(want),
			 "s.yaml:3:34: error: variant 'other' sets "
			 "partition_key %s, but monitor_log replays a log of "
			 "the container keyed by /customerId",
			 keys[i]);
		diag_init(&d);
		ck_assert_ptr_null(run_log(yaml, hot_log, &sc, &d));
		ck_assert_ptr_null(sc);
		got = tu_diag_text(&d);
		ck_assert_msg(strstr(got, want), "want %s\ngot %s", want, got);
		free(got);
		diag_free(&d);
	}
	diag_init(&d);
	run = run_log(same, hot_log, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	ck_assert_str_eq(sc->variants[0].partition_key, "/pk");
	sim_free(run);
	scenario_free(sc);
	diag_free(&d);
}
END_TEST

/* A hierarchical container key names itself in a row's count error
   ("["A"]" at 2:22: after 20 characters and a comma). */
START_TEST(test_key_levels_message)
{
	struct pk_scenario *sc;
	struct pk_diag d;
	char *got;

	diag_init(&d);
	ck_assert_ptr_null(
	    run_log("container: {partition_key: [/t, /u], throughput: 4000}\n"
		    "monitor_log: {file: log.csv}\n",
		    "TimeGenerated,PartitionKey,RequestCharge\n"
		    "2026-05-12T09:00:00Z,\"[\"\"A\"\"]\",10\n",
		    &sc, &d));
	got = tu_diag_text(&d);
	ck_assert_msg(strstr(got, "log.csv:2:22: error: PartitionKey "
				  "\"[\"A\"]\" has 1 component; the "
				  "container's key [/t, /u] has 2 paths\n"),
		      "%s", got);
	free(got);
	diag_free(&d);
}
END_TEST

/* items with monitor_log is one error: not also a missing phases. */
START_TEST(test_items_and_log)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: [a]}}\n"
	    "monitor_log: {file: log.csv}\n";
	struct pk_diag d;
	char *got;

	diag_init(&d);
	ck_assert_ptr_null(scenario_parse("s.yaml", yaml, strlen(yaml), &d));
	ck_assert_uint_eq(diag_count(&d), 1);
	got = first_line(&d);
	ck_assert_str_eq(got, "pksim: s.yaml:3:14: error: give either items "
			      "or monitor_log, not both: a monitor log is "
			      "the workload, its rows the requests");
	free(got);
	diag_free(&d);
}
END_TEST

/* format: json on a CSV export says what a monitor export in JSON is. */
START_TEST(test_format_json_on_csv)
{
	struct pk_scenario *sc;
	struct pk_diag d;
	char *got;

	diag_init(&d);
	ck_assert_ptr_null(run_log("container: {partition_key: /pk, "
				   "throughput: 4000}\n"
				   "monitor_log: {file: log.csv, format: "
				   "json}\n",
				   hot_log, &sc, &d));
	got = tu_diag_text(&d);
	ck_assert_msg(
	    strstr(got, "log.csv:1:1: error: monitor_log.format is json, but "
			"the export does not start with '[': a JSON export of "
			"CDBPartitionKeyRUConsumption is one JSON array of "
			"row objects") &&
		strstr(got, "this looks like CSV: give format: csv, or auto"),
	    "%s", got);
	ck_assert_ptr_null(strstr(got, "item objects"));
	free(got);
	diag_free(&d);
}
END_TEST

/* The report prints the exact RU the rows record: 2,000 + 2.5 =
   2,002.5 (not 2,003). */
START_TEST(test_ru_recorded_exact)
{
	const char *yaml =
	    write_log("container: {partition_key: /pk, "
		      "throughput: 10000}\n"
		      "monitor_log: {file: log.csv}\n",
		      "TimeGenerated,PartitionKey,RequestCharge\n"
		      "2026-05-12T09:00:00Z,\"[\"\"a\"\"]\",2000\n"
		      "2026-05-12T09:00:01Z,\"[\"\"a\"\"]\",2.5\n");
	char *out = run_ok(yaml, "");

	ck_assert_msg(strstr(out, ", 2,002.5 RU recorded\n"), "%s", out);
	free(out);
}
END_TEST

/* The header's span runs from the first row's second to the last row's:
   a row's requests stay in its own second (rule 37). Each 100 RU row is
   10 requests of 10 RU spread over its second: the 00.5 row's at 00.000
   + j x 100 ms, the 01.9 row's at 01.000 + j x 100 ms, the last at 01.9.
   t = 0 is 09:00:00: the run covers seconds 0 and 1, the span
   09:00:00Z .. 09:00:01Z (were a row spread over the 1,000 ms after its
   timestamp, the 01.9 row would send until 02.8 and the span reach
   09:00:02Z). */
START_TEST(test_span_covers_replay)
{
	const char *yaml =
	    write_log("container: {partition_key: /pk, "
		      "throughput: 4000}\n"
		      "monitor_log: {file: log.csv}\n",
		      "TimeGenerated,PartitionKey,RequestCharge\n"
		      "2026-05-12T09:00:00.5Z,\"[\"\"a\"\"]\",100\n"
		      "2026-05-12T09:00:01.9Z,\"[\"\"b\"\"]\",100\n");
	char *out = run_ok(yaml, "");

	ck_assert_msg(strstr(out, ", 2026-05-12T09:00:00Z .. "
				  "2026-05-12T09:00:01Z, 200 RU recorded\n"),
		      "%s", out);
	free(out);
	out = run_ok(yaml, " --format csv");
	/* 4,000 RU/s is one partition (ceil(4,000 / 6,000) = 1, rule 2);
	   seconds 0 and 1: 10 requests and 100 RU each, 100 / 4,000 =
	   0.025; nothing in second 2 */
	ck_assert_msg(strstr(out, "\"/pk\",0,\"0\",100,4000,0.025,10,0,0,0\n"
				  "\"/pk\",1,\"0\",100,4000,0.025,10,0,0,0\n"),
		      "%s", out);
	ck_assert_ptr_null(strstr(out, "\"/pk\",2,"));
	free(out);
}
END_TEST

/* A log's per-second series (run --format csv) with the scenario yaml
   (its monitor_log file log.csv holding csv_text); caller frees. */
static char *csv_series(const char *yaml_text, const char *csv_text)
{
	return run_ok(write_log(yaml_text, csv_text), " --format csv");
}

/* One partition of 10,000 RU/s (partitions: 1; 10,000 is the most one
   holds, rule 1), the client's default retries (9, each after the
   retry-after: the time to the next second, throttle.h). */
static const char one_range[] =
    "container: {partition_key: /pk, throughput: 10000, partitions: 1}\n"
    "monitor_log: {file: log.csv}\n";

/* Rows of two seconds never share a budget (rule 37): 9,000 RU at
   09:00:01.900 belongs to second 09:00:01, 9,000 RU at 09:00:02.000 to
   09:00:02. t = 0 is 09:00:01. Each row is ceil(9,000 / 10) = 900
   requests of 10 RU over its own second: second 0 is offered 9,000 RU,
   second 1 9,000, each under 10,000: no 429; 1,800 operations,
   18,000 RU. (Were the .900 row spread over the 1,000 ms after it, 90
   of its requests would land in second 0 (j x 1000 / 900 < 100: j <
   90) and 810 in second 1 beside the other row's 900: 17,100 RU
   offered against 10,000, 710 429s.) */
START_TEST(test_rows_apart_own_seconds)
{
	static const char apart[] =
	    "TimeGenerated,PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:01.900Z,\"[\"\"partitionKey\"\"]\",9000\n"
	    "2026-05-12T09:00:02.000Z,\"[\"\"partitionKey\"\"]\",9000\n";
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_totals *t;
	char *out;

	diag_init(&d);
	run = run_log(one_range, apart, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->operations, 1800);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, 18000000);
	ck_assert_int_eq(sc->items_file->monitor_t0_ms, T0_MS + 1000);
	sim_free(run);
	scenario_free(sc);
	diag_free(&d);
	/* 9,000 / 10,000 = 0.9 in each second, 900 requests each */
	out = csv_series(one_range, apart);
	ck_assert_msg(strstr(out, "\"/pk\",0,\"0\",9000,10000,0.9,900,0,0,0\n"
				  "\"/pk\",1,\"0\",9000,10000,0.9,900,0,0,0\n"),
		      "%s", out);
	free(out);
}
END_TEST

/* Rows of one second always share its budget (rule 37): 9,000 RU at
   09:00:00.000 and 2,000 RU at 09:00:00.500 both belong to second
   09:00:00 (t = 0), which is offered 11,000 RU against 10,000. Requests
   of 10 RU: 900 and 200, all in second 0 (the first row's at floor(j x
   1000 / 900) ms, the second's at floor(j x 1000 / 200) = 5j ms, in time
   order). The budget takes 10,000 / 10 = 1,000 of the 1,100; the other
   100 get 429 and retry at the next second's start (1 s), where their
   1,000 RU fit: 100 429s, none failed; 1,100 operations, 11,000 RU.
   Per second: 1,100 attempts and 10,000 RU (normalized 1) in second 0,
   the 100 retries and 1,000 RU (0.1) in second 1. (Were the .500 row
   spread over the 1,000 ms after it, only its first 100 requests (5j <
   500) would fall in second 0: 900 + 100 = 1,000 requests, exactly the
   budget, no 429.) */
START_TEST(test_rows_same_second_share)
{
	static const char same[] =
	    "TimeGenerated,PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:00.000Z,\"[\"\"partitionKey\"\"]\",9000\n"
	    "2026-05-12T09:00:00.500Z,\"[\"\"partitionKey\"\"]\",2000\n";
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_totals *t;
	char *out;

	diag_init(&d);
	run = run_log(one_range, same, &sc, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->operations, 1100);
	ck_assert_uint_eq(t->throttled_429, 100);
	ck_assert_uint_eq(t->failed_after_retries, 0);
	ck_assert_int_eq(t->ru_mru, 11000000);
	sim_free(run);
	scenario_free(sc);
	diag_free(&d);
	out = csv_series(one_range, same);
	ck_assert_msg(strstr(out,
			     "\"/pk\",0,\"0\",10000,10000,1,1100,100,0,0\n"
			     "\"/pk\",1,\"0\",1000,10000,0.1,100,0,0,100\n"),
		      "%s", out);
	free(out);
}
END_TEST

/* A row's fractional digits change nothing (rule 37: "whatever its
   fractional digits"; monitor.h: rows of one second in file order, each
   spread from the second's start): the same rows at .000 and at .999,
   .250 give byte-identical reports, with split_ru and with split_ru
   off (one request a row, at the second's start). The rows: 6,000 RU
   then 5,000 RU in second 0 on 10,000 RU/s, 1,100 requests of 10 RU,
   100 429s as above; split off: 6,000 fits, 5,000 does not (11,000 >
   10,000) and retries at 1 s: one 429, second 0 with 2 attempts and
   6,000 RU, normalized 1 (a second with a 429 is 100 %, metrics.h). */
START_TEST(test_fraction_changes_nothing)
{
	static const char *const logs[] = {
	    "TimeGenerated,PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:00.000Z,\"[\"\"a\"\"]\",6000\n"
	    "2026-05-12T09:00:00.000Z,\"[\"\"b\"\"]\",5000\n",
	    "TimeGenerated,PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:00.999Z,\"[\"\"a\"\"]\",6000\n"
	    "2026-05-12T09:00:00.250Z,\"[\"\"b\"\"]\",5000\n",
	};
	static const char *const yamls[] = {
	    "container: {partition_key: /pk, throughput: 10000, partitions: "
	    "1}\n"
	    "monitor_log: {file: log.csv}\n",
	    "container: {partition_key: /pk, throughput: 10000, partitions: "
	    "1}\n"
	    "monitor_log: {file: log.csv, split_ru: off}\n",
	};
	static const char *const want[] = {
	    "\"/pk\",0,\"0\",10000,10000,1,1100,100,0,0\n",
	    "\"/pk\",0,\"0\",6000,10000,1,2,1,0,0\n",
	};
	char *a, *b;
	size_t k;

	for (k = 0; k < 2; k++) {
		a = csv_series(yamls[k], logs[0]);
		b = csv_series(yamls[k], logs[1]);
		ck_assert_msg(strstr(a, want[k]), "%s", a);
		ck_assert_str_eq(a, b);
		free(a);
		free(b);
	}
}
END_TEST

/* A hierarchical key's undefined level in the JSON report (not the
   string '["t3", undefined]'):
   the documented array, the level as {} (the log's own form, the SDKs'
   None), a null level null. */
START_TEST(test_json_undefined_level)
{
	json_t *root, *hot, *e, *key;
	size_t i, seen = 0;
	char *out;

	tu_dir_file("m.csv",
		    "TimeGenerated,PartitionKey,RequestCharge\n"
		    "2026-05-12T09:00:00Z,\"[\"\"t1\"\",\"\"u7\"\"]\",100\n"
		    "2026-05-12T09:00:00Z,\"[\"\"t3\"\",{}]\",400\n"
		    "2026-05-12T09:00:00Z,\"[42,null]\",800\n");
	out = run_ok(tu_dir_file("m.yaml",
				 "container: {partition_key: [/tenantId, "
				 "/userId], throughput: 2000, partitions: 2}\n"
				 "monitor_log: {file: m.csv}\n"),
		     " --format json");
	root = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(root);
	hot = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0),
	    "hot_logical_partitions");
	json_array_foreach(hot, i, e)
	{
		key = json_object_get(e, "key");
		ck_assert(json_is_array(key));
		ck_assert_uint_eq(json_array_size(key), 2);
		if (json_is_string(json_array_get(key, 0)) &&
		    strcmp(json_string_value(json_array_get(key, 0)), "t3") ==
			0) {
			ck_assert(json_is_object(json_array_get(key, 1)));
			ck_assert_uint_eq(
			    json_object_size(json_array_get(key, 1)), 0);
			seen++;
		} else if (json_is_number(json_array_get(key, 0))) {
			ck_assert(json_is_null(json_array_get(key, 1)));
			seen++;
		}
	}
	ck_assert_uint_eq(seen, 2);
	json_decref(root);
	free(out);
}
END_TEST

/* Rows are per-second aggregates (rule 37): one for each second, key
   value, operation and range. Of the 9 rows below, row 2 (.900) and row
   8 (.999) have row 1's second 09:00:00, key "a", Read and range 0: 2
   repeated. Not repeats: row 3 (Create), row 4 (second 09:00:01), row 5
   (key "b"), rows 6 and 7 (the string "42" and the number 42, two key
   values), row 9 (range 1). Without the OperationName and range
   columns only the second and key are compared: "a" three times in
   09:00:00 and once in 09:00:01 is 2 repeated. */
START_TEST(test_repeated_rows)
{
	static const char full[] =
	    "TimeGenerated,OperationName,PartitionKeyRangeId,PartitionKey,"
	    "RequestCharge\n"
	    "2026-05-12T09:00:00.100Z,Read,0,\"[\"\"a\"\"]\",10\n"
	    "2026-05-12T09:00:00.900Z,Read,0,\"[\"\"a\"\"]\",20\n"
	    "2026-05-12T09:00:00.500Z,Create,0,\"[\"\"a\"\"]\",5\n"
	    "2026-05-12T09:00:01.000Z,Read,0,\"[\"\"a\"\"]\",10\n"
	    "2026-05-12T09:00:00.000Z,Read,0,\"[\"\"b\"\"]\",10\n"
	    "2026-05-12T09:00:00.000Z,Read,0,\"[\"\"42\"\"]\",10\n"
	    "2026-05-12T09:00:00.000Z,Read,0,\"[42]\",10\n"
	    "2026-05-12T09:00:00.999Z,Read,0,\"[\"\"a\"\"]\",1\n"
	    "2026-05-12T09:00:00.000Z,Read,1,\"[\"\"a\"\"]\",1\n";
	static const char bare[] =
	    "TimeGenerated,PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:00.100Z,\"[\"\"a\"\"]\",10\n"
	    "2026-05-12T09:00:00.500Z,\"[\"\"a\"\"]\",10\n"
	    "2026-05-12T09:00:00.900Z,\"[\"\"a\"\"]\",10\n"
	    "2026-05-12T09:00:01.000Z,\"[\"\"a\"\"]\",10\n";
	struct pk_diag d;
	struct pk_monitor_log *m;

	diag_init(&d);
	m = read_text(full, PK_TRACE_FORMAT_CSV, 1, 10000, NULL, NULL, &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	ck_assert_uint_eq(m->n_rows, 9);
	ck_assert_uint_eq(m->repeated, 2);
	monitor_free(m);
	m = read_text(bare, PK_TRACE_FORMAT_CSV, 1, 10000, NULL, NULL, &d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	ck_assert_uint_eq(m->repeated, 2);
	monitor_free(m);
	/* the csv of test_csv_rows: two rows in 09:00:01 with the keys 42
	   and {} (undefined), two key values: none repeated */
	m = read_text(csv, PK_TRACE_FORMAT_CSV, 1, 10000, NULL, NULL, &d);
	ck_assert_uint_eq(m->repeated, 0);
	monitor_free(m);
	diag_free(&d);
}
END_TEST

/* The text report says how many rows repeat (one: "repeats"), and the
   JSON report gives the count; the two rows share 09:00:00 and key "a",
   so their 10 + 10 RU are replayed in that second, 20 RU recorded. */
START_TEST(test_repeated_report)
{
	const char *yaml =
	    write_log("container: {partition_key: /pk, "
		      "throughput: 4000}\n"
		      "monitor_log: {file: log.csv}\n",
		      "TimeGenerated,PartitionKey,RequestCharge\n"
		      "2026-05-12T09:00:00.2Z,\"[\"\"a\"\"]\",10\n"
		      "2026-05-12T09:00:00.7Z,\"[\"\"a\"\"]\",10\n");
	char *out = run_ok(yaml, "");

	ck_assert_msg(strstr(out, ", 20 RU recorded\n"), "%s", out);
	ck_assert_msg(strstr(out, "\n  1 row repeats an earlier row's second, "
				  "key value, operation and range: rows are "
				  "per-second aggregates, one for each, so "
				  "the export may hold some time twice "
				  "(replayed as recorded, RU summed)\n"),
		      "%s", out);
	free(out);
	out = run_ok(yaml, " --format json");
	ck_assert_msg(strstr(out, "\"repeated_rows\": 1"), "%s", out);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("monitor");
	TCase *tc = tcase_create("reader");
	TCase *tr = tcase_create("runs");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_checked_fixture(tr, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_csv_rows);
	tcase_add_test(tc, test_pieces_sum);
	tcase_add_test(tc, test_json_and_aliases);
	tcase_add_test(tc, test_error_positions);
	tcase_add_test(tc, test_error_limit);
	tcase_add_test(tc, test_filters);
	tcase_add_test(tc, test_json_undefined_level);
	tcase_add_test(tc, test_repeated_rows);
	suite_add_tcase(s, tc);
	tcase_add_test(tr, test_run_redistribution);
	tcase_add_test(tr, test_run_burst_autoscale);
	tcase_add_test(tr, test_run_rekey_refused);
	tcase_add_test(tr, test_time_floor);
	tcase_add_test(tc, test_query_response_opening);
	tcase_add_test(tr, test_variant_rekey_single);
	tcase_add_test(tr, test_key_levels_message);
	tcase_add_test(tr, test_items_and_log);
	tcase_add_test(tr, test_format_json_on_csv);
	tcase_add_test(tr, test_ru_recorded_exact);
	tcase_add_test(tr, test_span_covers_replay);
	tcase_add_test(tr, test_rows_apart_own_seconds);
	tcase_add_test(tr, test_rows_same_second_share);
	tcase_add_test(tr, test_fraction_changes_nothing);
	tcase_add_test(tr, test_repeated_report);
	suite_add_tcase(s, tr);
	return s;
}
