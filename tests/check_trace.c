/*
 * check_trace: items from data files. The real-data numbers come from
 * scenarios/data/SOURCES.md, and were recomputed
 * with Python's json and csv modules on the same files; each check says
 * where its number comes from. Bad inputs are written to a temporary
 * directory at test time, and every error message has a case here.
 */
#include <check.h>
#include <jansson.h>
#include <malloc.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/load/readbound.h"
#include "pksim/base/mem.h"
#include "pksim/load/trace.h"
#include "testutil.h"

/* 2020-07-13T00:05:00Z, the start of the IoT readings (SOURCES.md) */
#define T_0005_S 1594598700LL
#define T_0005_MS 1594598700000LL
/* days from 1970-01-01 to 2020-07-13: 1594598400 s / 86400 s */
#define DAY_2020_07_13 18456LL
#define MS_PER_DAY 86400000LL

/* --- helpers ------------------------------------------------------------- */

/* Load a data file (path from the source root); fails the test with the
   diagnostics if not. */
static struct pk_trace *load_data(const char *rel, enum pk_trace_format fmt)
{
	struct pk_diag d;
	struct pk_trace *t;

	diag_init(&d);
	t = trace_load(tu_src(rel), fmt, &d);
	if (!t) {
		diag_print(&d, stderr);
	}
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
	ck_assert_int_eq(trace_check(t), 0);
	return t;
}

/* The first line diag_print writes for d, without its newline; caller
   frees. */
static char *first_line(const struct pk_diag *d)
{
	char *buf = NULL, *nl;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	diag_print(d, f);
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl) {
		*nl = '\0';
	}
	return buf;
}

/* The second line (a note, if any); caller frees. */
static char *second_line(const struct pk_diag *d)
{
	char *buf = first_line(d), *rest;
	char *out = NULL, *nl;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	free(buf);
	diag_print(d, f);
	fclose(f);
	rest = strchr(out, '\n');
	rest = rest ? rest + 1 : out + strlen(out);
	nl = strchr(rest, '\n');
	if (nl) {
		*nl = '\0';
	}
	memmove(out, rest, strlen(rest) + 1);
	return out;
}

struct tally {
	size_t n_distinct; /* distinct typed values */
	size_t max, min;   /* records holding the commonest / rarest */
	size_t undefined;  /* records without the property */
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Count the records of t per typed value at path, by sorting the
   values' JSON text (a string and a number never share a text). */
static struct tally tally(const struct pk_trace *t, const char *path)
{
	size_t n = trace_count(t), i, run;
	char **keys = calloc(n, sizeof(*keys));
	char buf[PK_VALUE_MAX_BYTES], txt[2 * PK_VALUE_MAX_BYTES];
	struct pk_value v;
	struct tally r = {0, 0, SIZE_MAX, 0};

	ck_assert_ptr_nonnull(keys);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(trace_value(t, i, path, &v, buf, sizeof(buf)),
				 PK_TRACE_OK);
		r.undefined += v.type == PK_VALUE_UNDEFINED;
		value_format(&v, txt, sizeof(txt));
		keys[i] = strdup(txt);
	}
	qsort(keys, n, sizeof(*keys), cmp_str);
	for (i = 0; i < n; i += run) {
		for (run = 1; i + run < n && !strcmp(keys[i], keys[i + run]);
		     run++) {
		}
		r.n_distinct++;
		r.max = run > r.max ? run : r.max;
		r.min = run < r.min ? run : r.min;
	}
	for (i = 0; i < n; i++) {
		free(keys[i]);
	}
	free(keys);
	return r;
}

static uint64_t sum_sizes(const struct pk_trace *t)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < trace_count(t); i++) {
		sum += trace_size_bytes(t, i);
	}
	return sum;
}

/* A scratch directory with files written into it. */
struct scratch {
	char *dir;
	char *paths[16];
	size_t n;
};

static const char *scratch_file(struct scratch *s, const char *name,
				const char *text)
{
	char *p;
	FILE *f;

	if (!s->dir) {
		s->dir = tu_tmpdir();
		ck_assert_ptr_nonnull(s->dir);
	}
	ck_assert_uint_lt(s->n, 16);
	p = xasprintf("%s/%s", s->dir, name);
	f = fopen(p, "wb");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	s->paths[s->n++] = p;
	return p;
}

static void scratch_free(struct scratch *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		unlink(s->paths[i]);
		free(s->paths[i]);
	}
	if (s->dir) {
		rmdir(s->dir);
	}
	free(s->dir);
}

/* Load text written to a scratch file; returns the trace (or NULL) and
   leaves the diagnostics in d (initialised here). */
static struct pk_trace *load_text(struct scratch *s, const char *name,
				  const char *text, enum pk_trace_format fmt,
				  struct pk_diag *d, const char **path)
{
	const char *p = scratch_file(s, name, text);
	struct pk_trace *t;

	diag_init(d);
	t = trace_load(p, fmt, d);
	if (t) {
		ck_assert_int_eq(trace_check(t), 0);
	}
	if (path) {
		*path = p;
	}
	return t;
}

/* Assert that loading text fails with exactly the first message line
   want, where "@" in want stands for the file's path. */
static void expect_load_error(const char *name, const char *text,
			      enum pk_trace_format fmt, const char *want)
{
	struct scratch s = {0};
	struct pk_diag d;
	const char *path, *at;
	char *got, *w;

	ck_assert_ptr_null(load_text(&s, name, text, fmt, &d, &path));
	ck_assert_uint_ge(diag_count(&d), 1);
	at = strchr(want, '@');
	ck_assert_ptr_nonnull(at);
	w = xasprintf("%.*s%s%s", (int)(at - want), want, path, at + 1);
	got = first_line(&d);
	ck_assert_str_eq(got, w);
	free(got);
	free(w);
	diag_free(&d);
	scratch_free(&s);
}

/* --- real data ----------------------------------------------------------- */

START_TEST(test_trace_iot_telemetry)
{
	struct pk_trace *t = load_data(
	    "scenarios/data/iot_telemetry_3devices.json", PK_TRACE_FORMAT_AUTO);
	struct tally r;
	struct pk_value v;
	char buf[64];
	struct pk_diag dg;
	int64_t ms;
	size_t i;

	diag_init(&dg);

	ck_assert_int_eq(trace_format(t), PK_TRACE_FORMAT_JSON);
	/* SOURCES.md: 9,995 readings */
	ck_assert_uint_eq(trace_count(t), 9995);
	/* By /device, 3 logical partitions, the hottest
	   iot-device-03 with 4,671 = 46.73% */
	r = tally(t, "/device");
	ck_assert_uint_eq(r.n_distinct, 3);
	ck_assert_uint_eq(r.max, 4671);
	ck_assert_int_eq((int)(10000.0 * (double)r.max / 9995 + 0.5), 4673);
	/* SOURCES.md: the smallest is iot-device-02, 2,611 */
	ck_assert_uint_eq(r.min, 2611);
	ck_assert_uint_eq(r.undefined, 0);
	/* By the day of ts, 1 logical partition: every reading
	   is on 2020-07-13 UTC */
	for (i = 0; i < trace_count(t); i++) {
		ck_assert_int_eq(trace_time_ms(t, i, "/ts", &ms, &dg), 0);
		ck_assert_int_eq(ms / MS_PER_DAY, DAY_2020_07_13);
	}
	/* first record (head -c 300 of the file): ts 1594598735.7727768,
	   floored to the ms (772.78 ms -> 772, as an ISO fraction is cut);
	   a bare name reads as /ts */
	ck_assert_int_eq(trace_time_ms(t, 0, "ts", &ms, &dg), 0);
	ck_assert_int_eq(ms, 1594598735772LL);
	ck_assert_int_eq(trace_value(t, 0, "/device", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_str_eq(buf, "iot-device-02");
	ck_assert_uint_eq(v.len, 13);
	/* nested properties: data.temp 27.0, data.light true */
	ck_assert_int_eq(trace_value(t, 0, "/data/temp", &v, NULL, 0),
			 PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_NUMBER);
	ck_assert_double_eq(v.num, 27.0);
	ck_assert_int_eq(trace_value(t, 0, "/data/light", &v, NULL, 0),
			 PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_BOOL);
	ck_assert_int_eq(v.boolean, 1);
	/* an object is not a key value; a path through a scalar is absent */
	ck_assert_int_eq(trace_value(t, 0, "/data", &v, NULL, 0),
			 PK_TRACE_NOT_SCALAR);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	ck_assert_int_eq(trace_value(t, 0, "/device/x", &v, NULL, 0),
			 PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	/* the file is one line of minified JSON (2,410,967 bytes,
	   SOURCES.md): the records are the file less '[', ']' and 9,994
	   commas = 2,400,971 bytes; also Python's sum of
	   len(json.dumps(r, separators=(',', ':'))) */
	ck_assert_uint_eq(sum_sizes(t), 2410967 - 2 - 9994);
	ck_assert_int_eq(trace_line(t, 0), 1);
	ck_assert_int_eq(trace_line(t, 9994), 1);
	ck_assert_uint_eq(diag_count(&dg), 0);
	diag_free(&dg);
	trace_free(t);
}
END_TEST

START_TEST(test_trace_transactions)
{
	struct pk_trace *t =
	    load_data("scenarios/data/cosmoslabs_transactions.json",
		      PK_TRACE_FORMAT_AUTO);
	struct tally r;
	struct pk_value v;
	size_t i, n_true = 0, n_false = 0;

	/* SOURCES.md: 50,000 records */
	ck_assert_uint_eq(trace_count(t), 50000);
	/* /costCenter -> 22, largest 2,400, smallest 2,200 */
	r = tally(t, "/costCenter");
	ck_assert_uint_eq(r.n_distinct, 22);
	ck_assert_uint_eq(r.max, 2400);
	ck_assert_uint_eq(r.min, 2200);
	/* /processed -> 2, 29,993 / 20,007; SOURCES.md says it is
	   a bool, so count true and false */
	r = tally(t, "/processed");
	ck_assert_uint_eq(r.n_distinct, 2);
	for (i = 0; i < trace_count(t); i++) {
		ck_assert_int_eq(trace_value(t, i, "/processed", &v, NULL, 0),
				 PK_TRACE_OK);
		ck_assert_int_eq(v.type, PK_VALUE_BOOL);
		n_true += v.boolean == 1;
		n_false += v.boolean == 0;
	}
	ck_assert_uint_eq(n_true, 29993);
	ck_assert_uint_eq(n_false, 20007);
	/* SOURCES.md: no id and no timestamp */
	r = tally(t, "/id");
	ck_assert_uint_eq(r.undefined, 50000);
	ck_assert_uint_eq(r.n_distinct, 1);
	/* minified, one line: 4,153,761 bytes less '[', ']' and 49,999
	   commas (SOURCES.md: about 82 bytes a record) */
	ck_assert_uint_eq(sum_sizes(t), 4153761 - 2 - 49999);
	/* first record {"amount":269.03,...,"costCenter":"sports"} as in the
	   file: 82 bytes; the number is counted as written, not as %.17g */
	ck_assert_uint_eq(trace_size_bytes(t, 0),
			  strlen("{\"amount\":269.03,\"processed\":false,"
				 "\"paidBy\":\"estefania.schoen\","
				 "\"costCenter\":\"sports\"}"));
	ck_assert_int_eq(trace_value(t, 0, "/amount", &v, NULL, 0),
			 PK_TRACE_OK);
	ck_assert_double_eq_tol(v.num, 269.03, 1e-9);
	trace_free(t);
}
END_TEST

START_TEST(test_trace_cosmicworks)
{
	struct pk_trace *t =
	    load_data("scenarios/data/cosmicworks_products_v4.json",
		      PK_TRACE_FORMAT_AUTO);
	struct tally r;
	struct pk_value v;
	char buf[64];

	/* SOURCES.md: 295 products */
	ck_assert_uint_eq(trace_count(t), 295);
	/* /categoryId -> 37, largest 43 (14.6%) */
	r = tally(t, "/categoryId");
	ck_assert_uint_eq(r.n_distinct, 37);
	ck_assert_uint_eq(r.max, 43);
	/* SOURCES.md: several categories hold 1 item */
	ck_assert_uint_eq(r.min, 1);
	/* /id (a GUID) is unique */
	ck_assert_uint_eq(tally(t, "/id").n_distinct, 295);
	/* the file is pretty-printed: grep -n '^  {' gives lines 2, 33 */
	ck_assert_int_eq(trace_line(t, 0), 2);
	ck_assert_int_eq(trace_line(t, 1), 33);
	/* sizes are minified: Python, len(json.dumps(r, separators=(',',
	   ':'))) is 572 for the first product and 127,812 for all (433 a
	   product, SOURCES.md) */
	ck_assert_uint_eq(trace_size_bytes(t, 0), 572);
	ck_assert_uint_eq(sum_sizes(t), 127812);
	/* tags is an array: not a key value, and not descended into */
	ck_assert_int_eq(trace_value(t, 0, "/tags", &v, NULL, 0),
			 PK_TRACE_NOT_SCALAR);
	ck_assert_int_eq(trace_value(t, 0, "/tags/0", &v, NULL, 0),
			 PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	/* head of the file */
	ck_assert_int_eq(trace_value(t, 0, "/sku", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_str_eq(buf, "SE-R581");
	ck_assert_int_eq(trace_value(t, 0, "/price", &v, NULL, 0), PK_TRACE_OK);
	ck_assert_double_eq_tol(v.num, 27.12, 1e-9);
	/* escaped quotes in the file count as written (\" is 2 bytes) */
	ck_assert_int_eq(
	    trace_value(t, 0, "/description", &v, buf, sizeof(buf)),
	    PK_TRACE_OK);
	ck_assert_str_eq(buf, "The product called \"LL Road Seat/Saddle\"");
	trace_free(t);
}
END_TEST

/*
 * A block-I/O trace in the shape of the CloudPhysics sample (GPL-3.0, so
 * not in the repository): tools/gen-io-trace writes it, meson builds it
 * as build/tests/io_trace.csv and PKSIM_IO_TRACE names it. Every number
 * below follows from the generator's rules (its header comment): row k
 * at second s, 5 rows a second for s = 0..7200 but 2,005 at s = 3,600.
 */
START_TEST(test_trace_csv_io_trace)
{
	const char *path = getenv("PKSIM_IO_TRACE");
	struct pk_trace *t;
	struct pk_value v;
	char buf[64];
	struct pk_diag dg;
	int64_t ms;
	size_t i, burst = 0, seconds = 0;
	int64_t prev = -1;

	ck_assert_msg(path != NULL, "PKSIM_IO_TRACE is not set (meson test "
				    "sets it)");
	diag_init(&dg);
	t = trace_load(path, PK_TRACE_FORMAT_AUTO, &dg);
	if (!t) {
		diag_print(&dg, stderr);
	}
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(diag_count(&dg), 0);
	ck_assert_int_eq(trace_check(t), 0);

	ck_assert_int_eq(trace_format(t), PK_TRACE_FORMAT_CSV);
	/* 7,201 seconds * 5 rows + 2,000 more in the burst second */
	ck_assert_uint_eq(trace_count(t), 7201 * 5 + 2000);
	/* row 0: "1,5633898,28,512,3345071" on line 2 (after the header):
	   k % 3 == 0 -> op 28; size 512 * (1 + 0); k % 10 == 0 -> hot key */
	ck_assert_int_eq(trace_line(t, 0), 2);
	ck_assert_int_eq(trace_value(t, 0, "/lbn", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	/* CSV values stay strings, digits or not */
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_str_eq(buf, "3345071");
	ck_assert_int_eq(trace_value(t, 0, "op", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_str_eq(buf, "28");
	/* row 1: op 2a, size 1024, lbn 42900000 + 1 */
	ck_assert_int_eq(trace_value(t, 1, "/op", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_str_eq(buf, "2a");
	ck_assert_int_eq(trace_value(t, 1, "/lbn", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_str_eq(buf, "42900001");
	/* a numeric string is epoch seconds for the time field */
	ck_assert_int_eq(trace_time_ms(t, 0, "time", &ms, &dg), 0);
	ck_assert_int_eq(ms, 5633898000LL);
	/* size: {"version":"1","time":"5633898","op":"28","size":"512",
	   "lbn":"3345071"} is 71 bytes: 2 braces + 4 commas + 5 colons
	   + 5 quoted names (9+6+4+6+5 = 30) + 5 quoted values
	   (3+9+4+5+9 = 30) */
	ck_assert_uint_eq(trace_size_bytes(t, 0), 71);
	/* the last row, k = 38,004, on line 38,006, at s = 7,200:
	   38004 % 10 = 4 -> lbn 42900000 + 38004 % 25000 = 42913004 */
	ck_assert_int_eq(trace_line(t, 38004), 38006);
	ck_assert_int_eq(trace_value(t, 38004, "/lbn", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_str_eq(buf, "42913004");
	ck_assert_int_eq(trace_time_ms(t, 38004, "/time", &ms, &dg), 0);
	ck_assert_int_eq(ms - 5633898000LL, 7200000LL);
	/* the burst: 2,005 rows at 5633898 + 3600 s; 7,201 seconds in all
	   (the rows are in time order) */
	for (i = 0; i < trace_count(t); i++) {
		ck_assert_int_eq(trace_time_ms(t, i, "/time", &ms, &dg), 0);
		burst += ms == 5637498000LL;
		seconds += ms != prev;
		prev = ms;
	}
	ck_assert_uint_eq(burst, 2005);
	ck_assert_uint_eq(seconds, 7201);
	/* keys: every residue k % 25000 occurs (38,005 > 25,000); those
	   that are multiples of 10 never reach the else branch, leaving
	   25,000 - 2,500 = 22,500, plus the hot key = 22,501 distinct. The
	   hot key holds k = 0, 10, .., 38,000: 3,801 rows */
	{
		struct tally r = tally(t, "/lbn");

		ck_assert_uint_eq(r.n_distinct, 22501);
		ck_assert_uint_eq(r.max, 3801);
	}
	/* no such column */
	ck_assert_int_eq(trace_value(t, 0, "/nope", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	ck_assert_uint_eq(diag_count(&dg), 0);
	diag_free(&dg);
	trace_free(t);
}
END_TEST

/* --- formats ------------------------------------------------------------- */

/*
 * A record's size as Amazon DynamoDB measures an item (reference §1,
 * "Item size": each attribute its name plus its value; a string its
 * UTF-8 bytes, a number 1 byte per 2 significant digits plus 1, a
 * boolean or null 1, a map or list 3 plus its elements with 1 more an
 * element), by hand:
 *   "pk": "é€"        2 + (2 + 3 UTF-8 bytes)              =  7
 *   "n": 12345         1 + (ceil(5 / 2) + 1)                =  5
 *   "f": 1.50          1 + (digits "15": 1 + 1)             =  3
 *   "z": 0             1 + (one digit: 1 + 1)               =  3
 *   "t": 1200          1 + (trailing zeros trimmed, "12": 2) =  3
 *   "neg": -0.00012345 3 + (digits "12345": 3 + 1)          =  7
 *   "b": true          1 + 1                                =  2
 *   "nul": null        3 + 1                                =  4
 *   "m": {"a": "xy", "l": [1, "q"]}
 *                      1 + 3 + (1 + 2 + 1) + (1 + (3 + (2 + 1)
 *                      + (1 + 1)) + 1)                      = 18
 *   "esc": "a\nb"      3 + 3 (the escape is one byte)        =  6
 * 58 bytes, where its minified JSON is far longer. A CSV row's fields
 * are strings: header k,val, row ab,cde: (1 + 2) + (3 + 3) = 9.
 */
START_TEST(test_trace_ddb_size)
{
	struct scratch s = {0};
	struct pk_diag d;
	struct pk_trace *t;

	t = load_text(&s, "d.jsonl",
		      "{\"pk\": \"\xc3\xa9\xe2\x82\xac\", \"n\": 12345, "
		      "\"f\": 1.50, \"z\": 0, \"t\": 1200, "
		      "\"neg\": -0.00012345, \"b\": true, \"nul\": null, "
		      "\"m\": {\"a\": \"xy\", \"l\": [1, \"q\"]}, "
		      "\"esc\": \"a\\nb\"}\n",
		      PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_ddb_size_bytes(t, 0), 58);
	ck_assert_uint_gt(trace_size_bytes(t, 0), 58);
	trace_free(t);
	diag_free(&d);
	t = load_text(&s, "d.csv", "k,val\nab,cde\n", PK_TRACE_FORMAT_AUTO, &d,
		      NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_ddb_size_bytes(t, 0), 9);
	trace_free(t);
	diag_free(&d);
	scratch_free(&s);
}
END_TEST

/*
 * A record in DynamoDB JSON (every attribute a one-key type map, or such
 * an item under "Item") is refused at its line: read as plain JSON its
 * type maps would be sized as maps. The first record of a JSON-lines
 * file is plain, the second a typed item as get-item writes it: 2:1;
 * a JSON array whose first element is an export's line: 1:2. Records
 * that only look alike load: a map of one key whose value is not its
 * descriptor's type ({"S": 1}), and a typed-looking map beside a plain
 * attribute.
 */
START_TEST(test_trace_ddb_json)
{
	static const char msg[] =
	    "pksim: @:%s: error: this record is DynamoDB JSON (each "
	    "attribute a "
	    "type map such as {\"S\": \"...\"} or {\"N\": \"12\"}, as an "
	    "export to S3 or the AWS CLI writes it): a data file holds plain "
	    "JSON items, {\"pk\": \"...\", \"n\": 12}; convert it first "
	    "(docs/dynamodb.md, \"DynamoDB JSON\")";
	char want[512];
	struct scratch s = {0};
	struct pk_diag d;
	struct pk_trace *t;

	snprintf(want, sizeof(want), msg, "2:1");
	expect_load_error("g.jsonl",
			  "{\"pk\": \"a\"}\n"
			  "{\"pk\": {\"S\": \"b\"}, \"n\": {\"N\": \"1\"}, "
			  "\"z\": {\"NULL\": true}}\n",
			  PK_TRACE_FORMAT_AUTO, want);
	snprintf(want, sizeof(want), msg, "1:2");
	expect_load_error("e.json",
			  "[{\"Item\": {\"pk\": {\"S\": \"b\"}, \"l\": "
			  "{\"L\": [{\"N\": \"1\"}]}}}]\n",
			  PK_TRACE_FORMAT_AUTO, want);
	t = load_text(&s, "p.jsonl",
		      "{\"pk\": \"a\", \"m\": {\"S\": 1}}\n"
		      "{\"m\": {\"S\": 1}}\n"
		      "{\"meta\": {\"M\": {}}, \"id\": \"x\"}\n",
		      PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_count(t), 3);
	trace_free(t);
	diag_free(&d);
	scratch_free(&s);
}
END_TEST

/*
 * A number is sized from the digits written, not from its double (a
 * DynamoDB number keeps 38 significant digits). By hand, with
 * "pk": "x" 2 + 1 = 3 bytes in every record:
 *   1: "n": 12345678901234567890: 19 significant digits (the last 0
 *      trimmed): 1 + ceil(19 / 2) + 1 = 12, item 15 (the double's
 *      shortest text 1.2345678901234567e19 has 17: it gave 14);
 *   2: "n": -1.2345678901234567890123e5: 23 digits: 1 + 12 + 1 = 14,
 *      item 17;
 *   3: "n": 38 digits ending in 8: 1 + 19 + 1 = 21, item 24, stored;
 *   4: "m": {"x": 40 digits}: 1 + 3 + (1 + 21 + 1) = 27, item 30; the
 *      record starts at column 3 (two spaces) and
 *      {"pk":"x","m":{"x": is 19 characters: its number is at 4:22;
 *   5: "n": 1 then "n": 12345678901234567890: jansson keeps the last,
 *      so the text holds a number the record lost: each kept number is
 *      sized from its double's shortest text, 17 digits: 1 + 9 + 1,
 *      item 14.
 * Only record 4 is listed as over 38 digits. In a JSON array, a
 * record's number on its second line: "n": is 2 spaces and 4
 * characters, then 1 space, so the number is at 3:8; 40 characters
 * ending in 0 are 39 significant digits.
 */
START_TEST(test_trace_ddb_number_digits)
{
	struct scratch s = {0};
	struct pk_diag d;
	struct pk_trace *t;
	const struct pk_trace_wide *w;
	size_t n;

	t = load_text(&s, "d.jsonl",
		      "{\"pk\":\"x\",\"n\":12345678901234567890}\n"
		      "{\"pk\":\"x\",\"n\":-1.2345678901234567890123e5}\n"
		      "{\"pk\":\"x\",\"n\":"
		      "12345678901234567890123456789012345678}\n"
		      "  {\"pk\":\"x\",\"m\":{\"x\":"
		      "1234567890123456789012345678901234567891}}\n"
		      "{\"pk\":\"x\",\"n\":1,\"n\":12345678901234567890}\n",
		      PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_ddb_size_bytes(t, 0), 15);
	ck_assert_uint_eq(trace_ddb_size_bytes(t, 1), 17);
	ck_assert_uint_eq(trace_ddb_size_bytes(t, 2), 24);
	ck_assert_uint_eq(trace_ddb_size_bytes(t, 3), 30);
	ck_assert_uint_eq(trace_ddb_size_bytes(t, 4), 14);
	w = trace_wide_numbers(t, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(w[0].rec, 3);
	ck_assert_int_eq(w[0].line, 4);
	ck_assert_int_eq(w[0].col, 22);
	ck_assert_int_eq(w[0].digits, 40);
	trace_free(t);
	diag_free(&d);
	t = load_text(&s, "d.json",
		      "[\n {\"pk\": \"x\",\n  \"n\": "
		      "1234567890123456789012345678901234567890}\n]\n",
		      PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	w = trace_wide_numbers(t, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(w[0].rec, 0);
	ck_assert_int_eq(w[0].line, 3);
	ck_assert_int_eq(w[0].col, 8);
	ck_assert_int_eq(w[0].digits, 39);
	trace_free(t);
	diag_free(&d);
	scratch_free(&s);
}
END_TEST

/*
 * The largest record's serialized size, kept as records are read: three
 * JSON lines minified to {"id":"a"} (10 bytes), {"id":"bb","v":12} (1 +
 * 4 + 1 + 4 + 1 + 3 + 1 + 2 + 1 = 18) and {"v":1} (7): 18, the middle
 * one's, as trace_size_bytes gives it; NULL has none.
 */
START_TEST(test_trace_largest_size)
{
	static const char text[] = "{\"id\": \"a\"}\n"
				   "{\"id\": \"bb\", \"v\": 12}\n"
				   "{\"v\": 1}\n";
	struct pk_diag d;
	struct pk_trace *t;

	diag_init(&d);
	t = trace_parse("t.jsonl", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_count(t), 3);
	ck_assert_uint_eq(trace_size_bytes(t, 0), 10);
	ck_assert_uint_eq(trace_size_bytes(t, 1), 18);
	ck_assert_uint_eq(trace_largest_size_bytes(t), 18);
	ck_assert_uint_eq(trace_largest_size_bytes(NULL), 0);
	trace_free(t);
	diag_free(&d);
}
END_TEST

START_TEST(test_trace_json_lines)
{
	struct scratch s = {0};
	struct pk_diag d;
	struct pk_trace *t;
	struct pk_value v;

	/* blank lines (also CRLF and white space only) are skipped, lines
	   are counted */
	t = load_text(&s, "a.jsonl",
		      "{\"k\": \"x\", \"n\": 1}\r\n"
		      "\n"
		      "   \n"
		      "  {\"k\":\"y\",\"n\":null}\n"
		      "{\"k\": true}",
		      PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_format(t), PK_TRACE_FORMAT_JSONL);
	ck_assert_uint_eq(trace_count(t), 3);
	ck_assert_int_eq(trace_line(t, 0), 1);
	ck_assert_int_eq(trace_line(t, 1), 4);
	ck_assert_int_eq(trace_line(t, 2), 5);
	/* minified: {"k":"x","n":1} */
	ck_assert_uint_eq(trace_size_bytes(t, 0), 15);
	ck_assert_uint_eq(trace_size_bytes(t, 2), 10);
	trace_value(t, 1, "/n", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_NULL);
	trace_value(t, 2, "/k", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_BOOL);
	trace_value(t, 2, "/n", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	trace_free(t);
	diag_free(&d);
	scratch_free(&s);
}
END_TEST

START_TEST(test_trace_csv_forms)
{
	struct scratch s = {0};
	struct pk_diag d;
	struct pk_trace *t;
	struct pk_value v;
	char buf[64];

	/* BOM, quoted fields with commas, doubled quotes and a newline,
	   CRLF, a blank line, an empty field, no newline at the end */
	t = load_text(&s, "a.csv",
		      "\xef\xbb\xbfid,name,city\r\n"
		      "1,\"Smith, J.\",\"say \"\"hi\"\"\"\r\n"
		      "\r\n"
		      "2,\"two\nlines\",\r\n"
		      "007,x,y",
		      PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_format(t), PK_TRACE_FORMAT_CSV);
	ck_assert_uint_eq(trace_count(t), 3);
	ck_assert_int_eq(trace_line(t, 0), 2);
	ck_assert_int_eq(trace_line(t, 1), 4);
	ck_assert_int_eq(trace_line(t, 2), 6);
	ck_assert_int_eq(trace_value(t, 0, "/id", &v, buf, sizeof(buf)),
			 PK_TRACE_OK);
	ck_assert_str_eq(buf, "1");
	trace_value(t, 0, "/name", &v, buf, sizeof(buf));
	ck_assert_str_eq(buf, "Smith, J.");
	trace_value(t, 0, "/city", &v, buf, sizeof(buf));
	ck_assert_str_eq(buf, "say \"hi\"");
	trace_value(t, 1, "/name", &v, buf, sizeof(buf));
	ck_assert_str_eq(buf, "two\nlines");
	trace_value(t, 1, "/city", &v, buf, sizeof(buf));
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_uint_eq(v.len, 0);
	/* "007" stays the string "007", not the number 7 */
	trace_value(t, 2, "/id", &v, buf, sizeof(buf));
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_str_eq(buf, "007");
	/* size of {"id":"1","name":"Smith, J.","city":"say \"hi\""} */
	ck_assert_uint_eq(trace_size_bytes(t, 0),
			  strlen("{\"id\":\"1\",\"name\":\"Smith, J.\","
				 "\"city\":\"say \\\"hi\\\"\"}"));
	/* {"id":"2","name":"two\nlines","city":""}: \n is 2 bytes */
	ck_assert_uint_eq(trace_size_bytes(t, 1),
			  strlen("{\"id\":\"2\",\"name\":\"two\\nlines\","
				 "\"city\":\"\"}"));
	trace_free(t);
	diag_free(&d);

	/* spaces around an unquoted field go, inside quotes they stay */
	t = load_text(&s, "sp.csv", "a,b\n x , \" y \" \n",
		      PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	trace_value(t, 0, "/a", &v, buf, sizeof(buf));
	ck_assert_str_eq(buf, "x");
	trace_value(t, 0, "/b", &v, buf, sizeof(buf));
	ck_assert_str_eq(buf, " y ");
	trace_free(t);
	diag_free(&d);

	/* a header alone: no records */
	t = load_text(&s, "h.csv", "a,b\n", PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_count(t), 0);
	trace_free(t);
	diag_free(&d);
	scratch_free(&s);
}
END_TEST

START_TEST(test_trace_detect_and_force)
{
	struct scratch s = {0};
	struct pk_diag d;
	struct pk_trace *t;
	enum pk_trace_format f;

	/* white space before '[', an empty array, an empty file */
	t = load_text(&s, "a.json", " \n [ ] \n", PK_TRACE_FORMAT_AUTO, &d,
		      NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_format(t), PK_TRACE_FORMAT_JSON);
	ck_assert_uint_eq(trace_count(t), 0);
	trace_free(t);
	diag_free(&d);
	t = load_text(&s, "e", "", PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_count(t), 0);
	trace_free(t);
	diag_free(&d);
	/* forced CSV on text that looks like JSON: one column named [x] */
	t = load_text(&s, "b", "[x]\n{1}\n", PK_TRACE_FORMAT_CSV, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_format(t), PK_TRACE_FORMAT_CSV);
	ck_assert_uint_eq(trace_count(t), 1);
	trace_free(t);
	diag_free(&d);
	/* forced JSON lines on one-line array text: not an object */
	expect_load_error("c", "[{\"a\":1}]\n", PK_TRACE_FORMAT_JSONL,
			  "pksim: @:1:1: error: a record must be a JSON "
			  "object, not an array");
	ck_assert_int_eq(trace_format_parse("jsonl", &f), 0);
	ck_assert_int_eq(f, PK_TRACE_FORMAT_JSONL);
	ck_assert_int_eq(trace_format_parse("ndjson", &f), 0);
	ck_assert_int_eq(f, PK_TRACE_FORMAT_JSONL);
	ck_assert_int_eq(trace_format_parse("auto", &f), 0);
	ck_assert_int_eq(f, PK_TRACE_FORMAT_AUTO);
	ck_assert_int_eq(trace_format_parse("csv", &f), 0);
	ck_assert_int_eq(f, PK_TRACE_FORMAT_CSV);
	ck_assert_int_eq(trace_format_parse("json", &f), 0);
	ck_assert_int_eq(f, PK_TRACE_FORMAT_JSON);
	ck_assert_int_eq(trace_format_parse("xml", &f), -1);
	scratch_free(&s);
}
END_TEST

/* trace_path_counts: records holding each path, over the first n
   records; counted by eye from the three records below: /a in the 1st and
   3rd, /b and /b/c in the 2nd only, /d (an array, not descended into) in
   the 3rd. */
START_TEST(test_trace_path_counts)
{
	const char *text = "{\"a\": 1}\n"
			   "{\"b\": {\"c\": 2}}\n"
			   "{\"a\": 3, \"d\": [1, 2]}\n";
	struct pk_diag d;
	struct pk_trace *t;
	uint64_t counts[8];
	const char *want[] = {"/a", "/b", "/b/c", "/d"};
	const uint64_t all[] = {2, 1, 1, 1}, first2[] = {1, 1, 1, 0};
	size_t i, p;

	diag_init(&d);
	t = trace_parse("t.jsonl", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_n_paths(t), 4);
	trace_path_counts(t, 100, counts); /* more than there are: all */
	for (i = 0; i < 4; i++) {
		for (p = 0; p < 4; p++) {
			if (strcmp(trace_path_name(t, p), want[i]) == 0) {
				break;
			}
		}
		ck_assert_msg(p < 4, "no path %s", want[i]);
		ck_assert_uint_eq(counts[p], all[i]);
	}
	trace_path_counts(t, 2, counts);
	for (i = 0; i < 4; i++) {
		for (p = 0; strcmp(trace_path_name(t, p), want[i]) != 0; p++) {
		}
		ck_assert_uint_eq(counts[p], first2[i]);
	}
	trace_free(t);
	diag_free(&d);
}
END_TEST

/* The load's parse of its longest record counts in the memory estimate
   (trace_parse_bytes: PK_TRACE_PARSE_FACTOR, 80, times its bytes). JSON
   lines: {"k":"a"} (9 bytes) and {"k":"bbbb"} (12; the newline is not
   the record's): 960. A JSON array: {"k":1} (7) and {"k":22} (8), each
   from its '{' to its '}': 640. CSV: "k,v\n" (4), "a,1\n" (4) and
   "bb,22\n" (6, the line fed whole): 480. */
START_TEST(test_trace_parse_bytes)
{
	static const char *const text[] = {
	    "{\"k\":\"a\"}\n{\"k\":\"bbbb\"}\n",
	    "[{\"k\":1}, {\"k\":22}]",
	    "k,v\na,1\nbb,22\n",
	};
	static const uint64_t want[] = {960, 640, 480};
	struct pk_diag d;
	struct pk_trace *t;
	size_t i;

	diag_init(&d);
	for (i = 0; i < 3; i++) {
		t = trace_parse("p", text[i], strlen(text[i]),
				PK_TRACE_FORMAT_AUTO, &d);
		ck_assert_ptr_nonnull(t);
		ck_assert_uint_eq(trace_parse_bytes(t), want[i]);
		trace_free(t);
	}
	ck_assert_uint_eq(trace_parse_bytes(NULL), 0);
	diag_free(&d);
}
END_TEST

START_TEST(test_trace_value_forms)
{
	struct pk_diag d;
	struct pk_trace *t;
	struct pk_value v;
	char buf[8];
	static const char text[] =
	    "[{\"a/b\": 1, \"t~x\": 2, \"s\": \"0123456789\", "
	    "\"big\": 18446744073709551616, \"o\": {\"p\": {\"q\": "
	    "\"deep\"}}}]";

	diag_init(&d);
	t = trace_parse("mem.json", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_check(t), 0);
	/* '/' and '~' in names are escaped as in RFC 6901 */
	trace_value(t, 0, "/a~1b", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_NUMBER);
	ck_assert_double_eq(v.num, 1);
	trace_value(t, 0, "/t~0x", &v, NULL, 0);
	ck_assert_double_eq(v.num, 2);
	trace_value(t, 0, "/a/b", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	/* an integer past 2^63 is a double, not a parse error */
	trace_value(t, 0, "/big", &v, NULL, 0);
	ck_assert_double_eq(v.num, 18446744073709551616.0);
	/* depth */
	trace_value(t, 0, "/o/p/q", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_int_eq(memcmp(v.str, "deep", 4), 0);
	ck_assert_int_eq(trace_value(t, 0, "/o/p", &v, NULL, 0),
			 PK_TRACE_NOT_SCALAR);
	/* a string that does not fit: 10 bytes need cap 11 */
	ck_assert_int_eq(trace_value(t, 0, "/s", &v, buf, sizeof(buf)),
			 PK_TRACE_TOO_LONG);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	ck_assert_uint_eq(v.len, 10);
	/* borrowed: not NUL-terminated, valid until trace_free */
	ck_assert_int_eq(trace_value(t, 0, "/s", &v, NULL, 0), PK_TRACE_OK);
	ck_assert_uint_eq(v.len, 10);
	ck_assert_int_eq(memcmp(v.str, "0123456789", 10), 0);
	trace_free(t);
	diag_free(&d);
}
END_TEST

/* --- time ---------------------------------------------------------------- */

/* The time of the only record of JSON lines text, field "t". */
static int64_t time_of(const char *text)
{
	struct pk_diag d;
	struct pk_trace *t;
	int64_t ms = -1;

	diag_init(&d);
	t = trace_parse("t.jsonl", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	if (trace_time_ms(t, 0, "/t", &ms, &d) != 0) {
		diag_print(&d, stderr);
		ck_abort_msg("no time in %s", text);
	}
	trace_free(t);
	diag_free(&d);
	return ms;
}

START_TEST(test_trace_time)
{
	/* the brief's three spellings of 2020-07-13T00:05:00Z */
	ck_assert_int_eq(time_of("{\"t\": 1594598700}"), T_0005_MS);
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13T00:05:00Z\"}"),
			 T_0005_MS);
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13T02:05:00+02:00\"}"),
			 T_0005_MS);
	/* the same instant in other forms */
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-12T19:05:00-05:00\"}"),
			 T_0005_MS);
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13T05:35:00+0530\"}"),
			 T_0005_MS);
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13T01:05+01\"}"),
			 T_0005_MS);
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13 00:05:00\"}"),
			 T_0005_MS);
	ck_assert_int_eq(time_of("{\"t\": \"1594598700\"}"), T_0005_MS);
	ck_assert_int_eq(time_of("{\"t\": 1594598700e0}"), T_0005_MS);
	/* fractions: seconds as a number, or digits after the point */
	ck_assert_int_eq(time_of("{\"t\": 1594598700.25}"), T_0005_MS + 250);
	/* epoch seconds are floored to the ms like ISO fractions, so a time
	   stays in its second: 1700000000.9996 s is 1,700,000,000,999 ms
	   (rounding made it ...001,000, the next second), as a number or a
	   numeric string */
	ck_assert_int_eq(time_of("{\"t\": 1700000000.9996}"), 1700000000999LL);
	ck_assert_int_eq(time_of("{\"t\": \"1700000000.9996\"}"),
			 1700000000999LL);
	/* a fraction a double holds just under its value still floors to
	   its own ms: 1.005 is held as 1.00499999999999989 s, times 1000 =
	   1004.9999999999999 (a bare floor: 1,004), yet 1,005 ms; 2.002 s
	   the same (2001.9999999999998). 1700000000.123 s, held as
	   ...0.12299990654, is 123 ms, and 1594598700.000999 s is 0 ms past
	   its second (999 us, cut) */
	ck_assert_int_eq(time_of("{\"t\": 1.005}"), 1005);
	ck_assert_int_eq(time_of("{\"t\": \"2.002\"}"), 2002);
	ck_assert_int_eq(time_of("{\"t\": 1700000000.123}"), 1700000000123LL);
	ck_assert_int_eq(time_of("{\"t\": \"1700000000.123\"}"),
			 1700000000123LL);
	ck_assert_int_eq(time_of("{\"t\": 1594598700.000999}"), T_0005_MS);
	/* before 1970 floors down too: -0.0004 s is in second -1 */
	ck_assert_int_eq(time_of("{\"t\": -0.0004}"), -1);
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13T00:05:00.5Z\"}"),
			 T_0005_MS + 500);
	/* ISO fractions are cut after the 3rd digit (isotime.h): .1236 s
	   is 123 ms, ,999999 s is 999 ms (still second 0) */
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13T00:05:00.1236Z\"}"),
			 T_0005_MS + 123);
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13T00:05:00,999999Z\"}"),
			 T_0005_MS + 999);
	/* a date alone is its midnight; 1970-01-01 is 0 */
	ck_assert_int_eq(time_of("{\"t\": \"2020-07-13\"}"),
			 DAY_2020_07_13 * MS_PER_DAY);
	ck_assert_int_eq(time_of("{\"t\": \"1970-01-01T00:00:00Z\"}"), 0);
	/* 2000-03-01 is 11,017 days after 1970 (date -d 2000-03-01 +%s =
	   951868800), after a leap day in a year divisible by 400 */
	ck_assert_int_eq(time_of("{\"t\": \"2000-03-01T00:00:00Z\"}"),
			 951868800000LL);
	ck_assert_int_eq(time_of("{\"t\": \"2000-02-29T00:00:00Z\"}"),
			 951868800000LL - MS_PER_DAY);
	/* before 1970 */
	ck_assert_int_eq(time_of("{\"t\": \"1969-12-31T23:59:59Z\"}"), -1000);
	ck_assert_int_eq(time_of("{\"t\": -1.5}"), -1500);
}
END_TEST

/* The first message line of trace_time_ms on record 0 of JSON lines
   text, field; "@" in want stands for "t.jsonl". */
static void expect_time_error(const char *text, const char *field,
			      const char *want)
{
	struct pk_diag d;
	struct pk_trace *t;
	int64_t ms = 42;
	char *got;

	diag_init(&d);
	t = trace_parse("t.jsonl", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_time_ms(t, trace_count(t) - 1, field, &ms, &d),
			 -1);
	ck_assert_int_eq(ms, 42);
	got = first_line(&d);
	ck_assert_str_eq(got, want);
	free(got);
	trace_free(t);
	diag_free(&d);
}

START_TEST(test_trace_time_errors)
{
	char *note;
	struct pk_diag d;
	struct pk_trace *t;
	int64_t ms;
	static const char bad[] = "{\"ts\": 1}\n{\"ts\": \"yesterday\"}\n";

	/* missing on the record's line (line 2 here) */
	expect_time_error(
	    "{\"ts\": 1}\n{\"x\": 2}\n", "ts",
	    "pksim: t.jsonl:2:1: error: record 2 has no time field "
	    "\"/ts\"; every record needs one: epoch seconds or "
	    "an ISO 8601 date-time");
	expect_time_error(
	    "{\"ts\": 1}\n\n{\"x\": 2}\n", "/ts",
	    "pksim: t.jsonl:3:1: error: record 2 has no time field "
	    "\"/ts\"; every record needs one: epoch seconds or "
	    "an ISO 8601 date-time");
	/* unparsable strings */
	expect_time_error(bad, "/ts",
			  "pksim: t.jsonl:2:1: error: time field \"/ts\": "
			  "\"yesterday\" is neither epoch seconds nor an ISO "
			  "8601 date-time");
	expect_time_error("{\"ts\": \"2020-02-30T00:00:00Z\"}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": "
			  "\"2020-02-30T00:00:00Z\" is neither epoch seconds "
			  "nor an ISO 8601 date-time");
	expect_time_error("{\"ts\": \"2020-07-13T24:00:00Z\"}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": "
			  "\"2020-07-13T24:00:00Z\" is neither epoch seconds "
			  "nor an ISO 8601 date-time");
	expect_time_error("{\"ts\": \"2020-07-13T00:05:00+02:\"}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": "
			  "\"2020-07-13T00:05:00+02:\" is neither epoch "
			  "seconds nor an ISO 8601 date-time");
	expect_time_error("{\"ts\": \"inf\"}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": "
			  "\"inf\" is neither epoch seconds nor an ISO 8601 "
			  "date-time");
	expect_time_error("{\"ts\": \"\"}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": \"\" "
			  "is neither epoch seconds nor an ISO 8601 "
			  "date-time");
	/* wrong types and range */
	expect_time_error("{\"ts\": true}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\" must "
			  "be a number (epoch seconds) or an ISO 8601 string");
	expect_time_error("{\"ts\": {\"s\": 1}}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\" must "
			  "be a number (epoch seconds) or an ISO 8601 string");
	expect_time_error("{\"ts\": 1e300}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": "
			  "1e+300 epoch seconds is out of range; epoch "
			  "seconds must be within +-100,000,000,000,000 "
			  "(about 3 million years)");
	/* a digit string beyond the range is out of range, not "neither"
	   (INT64_MAX seconds, and a string past the 64 characters read) */
	expect_time_error("{\"ts\": \"9223372036854775807\"}", "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": "
			  "\"9223372036854775807\" epoch seconds is out of "
			  "range; epoch seconds must be within "
			  "+-100,000,000,000,000 (about 3 million years)");
	expect_time_error("{\"ts\": \"1"
			  "0000000000000000000000000000000000000000000000000"
			  "0000000000000000\"}",
			  "/ts",
			  "pksim: t.jsonl:1:1: error: time field \"/ts\": \"1"
			  "0000000000000000000000000000000000000000000000000"
			  "00000000000000...\" epoch seconds is out of range; "
			  "epoch seconds must be within +-100,000,000,000,000 "
			  "(about 3 million years)");
	/* the note shows the accepted forms */
	diag_init(&d);
	t = trace_parse("t.jsonl", bad, strlen(bad), PK_TRACE_FORMAT_AUTO, &d);
	ck_assert_int_eq(trace_time_ms(t, 1, "/ts", &ms, &d), -1);
	note = second_line(&d);
	ck_assert_str_eq(note, "pksim: note: expected e.g. 1594598700 or "
			       "2020-07-13T00:05:00Z");
	free(note);
	trace_free(t);
	diag_free(&d);
}
END_TEST

/* --- bad input ----------------------------------------------------------- */

START_TEST(test_trace_bad_json)
{
	static const char text[] = "[\n"
				   "  {\"a\": 1},\n"
				   "  {\"a\": 2, \"b\": }\n"
				   "]\n";
	struct scratch s = {0};
	struct pk_diag d;
	json_error_t err;
	const char *path;
	char *want, *got;

	ck_assert_ptr_null(
	    load_text(&s, "bad.json", text, PK_TRACE_FORMAT_AUTO, &d, &path));
	ck_assert_uint_eq(diag_count(&d), 1);
	/* line, column and text exactly as jansson reports them for the
	   whole file */
	ck_assert_ptr_null(json_loads(text, JSON_DECODE_INT_AS_REAL, &err));
	ck_assert_int_eq(d.entries[0].line, err.line);
	ck_assert_int_eq(d.entries[0].col, err.column);
	ck_assert_str_eq(d.entries[0].msg, err.text);
	want = xasprintf("pksim: %s:3:17: error: unexpected token "
			 "near '}'",
			 path);
	got = first_line(&d);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	diag_free(&d);
	scratch_free(&s);

	/* the column counts characters, as jansson does: "é" is one */
	{
		static const char t2[] = "[{\"é\": 1}, {\"é\": x}]";

		ck_assert_ptr_null(json_loads(t2, 0, &err));
		diag_init(&d);
		ck_assert_ptr_null(trace_parse("m.json", t2, strlen(t2),
					       PK_TRACE_FORMAT_AUTO, &d));
		ck_assert_int_eq(d.entries[0].line, err.line);
		ck_assert_int_eq(d.entries[0].col, err.column);
		ck_assert_str_eq(d.entries[0].msg, err.text);
		diag_free(&d);
	}
	/* a truncated file: jansson's text and position */
	{
		static const char t5[] = "[{\"a\": 1},\n {\"a\":";

		ck_assert_ptr_null(json_loads(t5, 0, &err));
		diag_init(&d);
		ck_assert_ptr_null(trace_parse("m.json", t5, strlen(t5),
					       PK_TRACE_FORMAT_AUTO, &d));
		ck_assert_int_eq(d.entries[0].line, err.line);
		ck_assert_int_eq(d.entries[0].col, err.column);
		ck_assert_str_eq(d.entries[0].msg, err.text);
		diag_free(&d);
	}
	expect_load_error("cut.json",
			  "[{\"a\": 1}, {\"a\":", PK_TRACE_FORMAT_AUTO,
			  "pksim: @:1:16: error: unexpected token near end of "
			  "file");
	/* our own structure errors between records */
	expect_load_error("nocomma.json", "[{\"a\": 1}\n {\"a\": 2}]",
			  PK_TRACE_FORMAT_AUTO,
			  "pksim: @:2:2: error: ',' or ']' expected after a "
			  "record");
	expect_load_error("open.json", "[{\"a\": 1}  ", PK_TRACE_FORMAT_AUTO,
			  "pksim: @:1:12: error: premature end of input: ',' "
			  "or ']' expected");
	expect_load_error("tail.json", "[{\"a\": 1}]\nx", PK_TRACE_FORMAT_AUTO,
			  "pksim: @:2:1: error: end of file expected after the "
			  "array");
	expect_load_error("comma.json", "[{\"a\": 1},]", PK_TRACE_FORMAT_AUTO,
			  "pksim: @:1:11: error: '[' or '{' expected near "
			  "']'");
	expect_load_error("obj.json", "{\"a\": 1}", PK_TRACE_FORMAT_JSON,
			  "pksim: @:1:1: error: expected '[': a JSON array of "
			  "item objects");
	/* records must be objects; each one is reported */
	{
		static const char t3[] = "[1,\n {\"a\": 1},\n [2], \"s\"]";
		char *all = NULL;
		size_t len = 0;
		FILE *f;

		diag_init(&d);
		ck_assert_ptr_null(trace_parse("m.json", t3, strlen(t3),
					       PK_TRACE_FORMAT_AUTO, &d));
		f = open_memstream(&all, &len);
		diag_print(&d, f);
		fclose(f);
		/* jansson needs '[' or '{' at the top of a value it loads,
		   so a bare number is a syntax error and stops the load */
		ck_assert_str_eq(all, "pksim: m.json:1:2: error: '[' or '{' "
				      "expected near '1'\n");
		free(all);
		diag_free(&d);
	}
	{
		static const char t4[] = "[{\"a\": 1},\n [2],\n []]";
		char *all = NULL;
		size_t len = 0;
		FILE *f;

		diag_init(&d);
		ck_assert_ptr_null(trace_parse("m.json", t4, strlen(t4),
					       PK_TRACE_FORMAT_AUTO, &d));
		f = open_memstream(&all, &len);
		diag_print(&d, f);
		fclose(f);
		ck_assert_str_eq(all, "pksim: m.json:2:2: error: a record "
				      "must be a JSON object, not an array\n"
				      "pksim: m.json:3:2: error: a record "
				      "must be a JSON object, not an array\n");
		free(all);
		diag_free(&d);
	}
}
END_TEST

START_TEST(test_trace_bad_json_lines)
{
	struct pk_diag d;
	char *all = NULL;
	size_t len = 0;
	FILE *f;
	static const char text[] = "{\"a\": 1}\n"
				   "\n"
				   "{\"a\": 2,}\n"
				   "{\"a\": 3}\n"
				   "{\"a\": 4} x\n";

	/* the broken line's number; every broken line is reported */
	expect_load_error("bad.jsonl", text, PK_TRACE_FORMAT_AUTO,
			  "pksim: @:3:9: error: string or '}' expected near "
			  "'}'");
	diag_init(&d);
	ck_assert_ptr_null(trace_parse("m.jsonl", text, strlen(text),
				       PK_TRACE_FORMAT_AUTO, &d));
	ck_assert_uint_eq(diag_count(&d), 2);
	f = open_memstream(&all, &len);
	diag_print(&d, f);
	fclose(f);
	ck_assert_str_eq(all, "pksim: m.jsonl:3:9: error: string or '}' "
			      "expected near '}'\n"
			      "pksim: m.jsonl:5:10: error: end of file "
			      "expected near 'x'\n");
	free(all);
	diag_free(&d);
}
END_TEST

START_TEST(test_trace_bad_csv)
{
	struct pk_diag d;
	char *note;
	static const char ragged[] = "a,b,c\n1,2,3\n4,5\n\n6,7,8,9\n10,11,12\n";

	/* a ragged row, at its line; each one is reported */
	expect_load_error("ragged.csv", ragged, PK_TRACE_FORMAT_AUTO,
			  "pksim: @:3: error: row has 2 fields, the header "
			  "has 3");
	diag_init(&d);
	ck_assert_ptr_null(trace_parse("r.csv", ragged, strlen(ragged),
				       PK_TRACE_FORMAT_AUTO, &d));
	ck_assert_uint_eq(diag_count(&d), 2);
	ck_assert_int_eq(d.entries[1].line, 5);
	ck_assert_str_eq(d.entries[1].msg,
			 "row has 4 fields, the header has 3");
	diag_free(&d);
	/* more ragged rows than PK_DIAG_MAX_ERRORS: reading stops there */
	{
		char text[4096];
		size_t n = 0;
		int i;

		n += (size_t)snprintf(text + n, sizeof(text) - n, "a,b\n");
		for (i = 0; i < 100; i++) {
			n +=
			    (size_t)snprintf(text + n, sizeof(text) - n, "x\n");
		}
		diag_init(&d);
		ck_assert_ptr_null(
		    trace_parse("r.csv", text, n, PK_TRACE_FORMAT_AUTO, &d));
		ck_assert_uint_eq(diag_count(&d), PK_DIAG_MAX_ERRORS);
		diag_free(&d);
	}
	/* quoting: a quote inside an unquoted field, text after a closing
	   quote, and an unterminated quote */
	expect_load_error("q1.csv", "a,b\n1,x\"y\n", PK_TRACE_FORMAT_AUTO,
			  "pksim: @:2:4: error: bad CSV quoting: error "
			  "parsing data while strict checking enabled");
	expect_load_error("q2.csv", "a,b\n1,\"x\"y\n", PK_TRACE_FORMAT_AUTO,
			  "pksim: @:2:6: error: bad CSV quoting: error "
			  "parsing data while strict checking enabled");
	expect_load_error("q3.csv", "a,b\n1,2\n3,\"open\n4,5\n",
			  PK_TRACE_FORMAT_AUTO,
			  "pksim: @:3: error: unterminated quoted field");
	diag_init(&d);
	ck_assert_ptr_null(
	    trace_parse("q.csv", "a\n\"x\"y\n", 7, PK_TRACE_FORMAT_CSV, &d));
	note = second_line(&d);
	ck_assert_str_eq(note, "pksim: note: a field with quotes must be "
			       "quoted as a whole, and its quotes doubled");
	free(note);
	diag_free(&d);
	/* two columns with one name */
	expect_load_error("dup.csv", "id,x,id\n1,2,3\n", PK_TRACE_FORMAT_AUTO,
			  "pksim: @:1: error: duplicate column name \"id\"");
}
END_TEST

START_TEST(test_trace_bad_file)
{
	struct pk_diag d;
	char *dir = tu_tmpdir(), *missing, *want, *got;

	ck_assert_ptr_nonnull(dir);
	missing = xasprintf("%s/missing.json", dir);
	/* a missing file */
	diag_init(&d);
	ck_assert_ptr_null(trace_load(missing, PK_TRACE_FORMAT_AUTO, &d));
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_int_eq(d.entries[0].line, 0);
	want = xasprintf("pksim: %s: error: cannot open: No such "
			 "file or directory",
			 missing);
	got = first_line(&d);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	diag_free(&d);
	/* a directory */
	diag_init(&d);
	ck_assert_ptr_null(trace_load(dir, PK_TRACE_FORMAT_AUTO, &d));
	ck_assert_uint_eq(diag_count(&d), 1);
	want = xasprintf("pksim: %s: error: cannot read: Is a "
			 "directory",
			 dir);
	got = first_line(&d);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	diag_free(&d);
	/* an unreadable file (not as root: root reads anything) */
	if (geteuid() != 0) {
		struct scratch s = {0};
		const char *p = scratch_file(&s, "locked.json", "[]");

		chmod(p, 0);
		diag_init(&d);
		ck_assert_ptr_null(trace_load(p, PK_TRACE_FORMAT_AUTO, &d));
		want = xasprintf("pksim: %s: error: cannot open: "
				 "Permission denied",
				 p);
		got = first_line(&d);
		ck_assert_str_eq(got, want);
		free(got);
		free(want);
		diag_free(&d);
		scratch_free(&s);
	}
	rmdir(dir);
	free(missing);
	free(dir);
}
END_TEST

/* Records repeat their property names: the second record's names are
   found by position (no path is built), a nested object under such a
   name still gets its own paths, and a record that reorders or changes
   its names gets its own; past 8 paths lookups hash instead of compare. */
START_TEST(test_trace_repeated_names)
{
	struct pk_diag d;
	struct pk_trace *t;
	struct pk_value v;
	static const char text[] =
	    "{\"a\": 1, \"o\": {\"p\": \"x\"}, \"s/t\": 3}\n"
	    "{\"a\": 2, \"o\": {\"p\": \"y\"}, \"s/t\": 4}\n"
	    "{\"s/t\": 5, \"a\": 6, \"q\": {\"o\": 7}}\n"
	    "{\"k1\": 1, \"k2\": 2, \"k3\": 3, \"k4\": 4, \"k5\": 5}\n"
	    "{\"k1\": {\"k2\": 8}, \"k2\": 9}\n";

	diag_init(&d);
	t = trace_parse("mem.jsonl", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_check(t), 0);
	ck_assert_uint_eq(trace_count(t), 5);
	/* paths: /a /o /o/p /s~1t (record 1), /q /q/o (record 3), /k1../k5
	   (record 4), /k1/k2 (record 5: its second name k2 is under k1, not
	   record 4's /k2): 4 + 2 + 5 + 1 = 12 */
	ck_assert_uint_eq(trace_n_paths(t), 12);
	trace_value(t, 4, "/k1/k2", &v, NULL, 0);
	ck_assert_double_eq(v.num, 8);
	trace_value(t, 4, "/k2", &v, NULL, 0);
	ck_assert_double_eq(v.num, 9);
	trace_value(t, 1, "/o/p", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_int_eq(memcmp(v.str, "y", 1), 0);
	trace_value(t, 1, "/s~1t", &v, NULL, 0);
	ck_assert_double_eq(v.num, 4);
	trace_value(t, 2, "/a", &v, NULL, 0);
	ck_assert_double_eq(v.num, 6);
	trace_value(t, 2, "s~1t", &v, NULL, 0);
	ck_assert_double_eq(v.num, 5);
	trace_value(t, 2, "/q/o", &v, NULL, 0);
	ck_assert_double_eq(v.num, 7);
	trace_value(t, 2, "/o/p", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	trace_value(t, 3, "k5", &v, NULL, 0);
	ck_assert_double_eq(v.num, 5);
	trace_value(t, 3, "/a", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	trace_value(t, 3, "/zz", &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	trace_free(t);
	diag_free(&d);
}
END_TEST

/*
 * A JSON-lines file, and a JSON array, is read as a stream: loading it
 * takes memory for what the records keep, not for the file's length.
 * Each of the N records below is {"id": "rI", "k": "kJ", then PAD spaces,
 * "}" (and "," in the array): N * (PAD + about 28) bytes = 20.5 MB on
 * disk. The array's reader holds at most twice 64 KiB and a record. What the
 * trace keeps of a record (trace.c): one record entry (16 bytes), two leaves (2
 * * 16) and the two strings in the pool (at most "r19999" + "k99" = 9 bytes):
 * under 60 bytes. Arrays grow by doubling and realloc may leave the old copy
 * behind, so at most 4 * 60 * N = 4.8 MB, plus 1 MB for the line buffer,
 * jansson's objects of one record and the allocator: a 5.8 MB bound on the rise
 * of peak resident memory. Reading the whole file first (as before) rises by
 * its 20.5 MB. The peak is reset (clear_refs 5, Linux >= 4.0) and free
 * heap pages returned (malloc_trim) before the load, so earlier tests'
 * memory neither hides nor adds to the rise. Not under AddressSanitizer,
 * whose shadow memory and quarantine change resident sizes.
 */
START_TEST(test_trace_stream_memory)
{
#if defined(__SANITIZE_ADDRESS__)
	return;
#else
	enum { N = 20000, PAD = 1000 };
	const long bound_kb = (4L * 60 * N + 1024 * 1024) / 1024;
	char *dir = tu_tmpdir(), *path, *pad = xmalloc(PAD + 1);
	struct pk_diag d;
	struct pk_trace *t;
	struct pk_value v;
	long before, peak;
	FILE *f;
	int i, array;

	ck_assert_ptr_nonnull(dir);
	path = xasprintf("%s/padded", dir);
	memset(pad, ' ', PAD);
	pad[PAD] = '\0';
	for (array = 0; array < 2; array++) {
		f = fopen(path, "wb");
		ck_assert_ptr_nonnull(f);
		if (array) {
			fputs("[\n", f);
		}
		for (i = 0; i < N; i++) {
			fprintf(f, "{\"id\": \"r%d\", \"k\": \"k%d\"%s}%s\n", i,
				i % 100, pad,
				!array	    ? ""
				: i + 1 < N ? ","
					    : "]");
		}
		ck_assert_int_eq(fclose(f), 0);
		malloc_trim(0);
		f = fopen("/proc/self/clear_refs", "w");
		ck_assert_msg(f != NULL, "cannot reset the peak resident size");
		fputs("5", f);
		ck_assert_int_eq(fclose(f), 0);
		before = tu_status_kb("VmRSS");
		diag_init(&d);
		t = trace_load(path, PK_TRACE_FORMAT_AUTO, &d);
		peak = tu_status_kb("VmHWM");
		ck_assert_ptr_nonnull(t);
		ck_assert_uint_eq(trace_count(t), N);
		trace_value(t, N - 1, "/k", &v, NULL, 0);
		ck_assert_int_eq(memcmp(v.str, "k99", 3), 0); /* 19999 % 100 */
		ck_assert_int_ge(before, 0);
		ck_assert_msg(
		    peak - before <= bound_kb,
		    "loading a %d-record, %.1f MB %s file raised peak RSS "
		    "by %ld kB (bound %ld kB)",
		    N, N * (PAD + 28.0) / 1e6, array ? "JSON" : "JSON-lines",
		    peak - before, bound_kb);
		trace_free(t);
		diag_free(&d);
		unlink(path);
	}
	rmdir(dir);
	free(path);
	free(dir);
	free(pad);
#endif
}
END_TEST

/* Kept times read as parsed ones; another field, a record past the kept
   ones and a field whose values are not all times still parse. */
START_TEST(test_trace_keep_times)
{
	struct pk_diag d;
	struct pk_trace *t;
	int64_t ms;
	static const char text[] =
	    "{\"ts\": 1594598700.5, \"u\": \"x\"}\n"
	    "{\"ts\": \"2020-07-13T02:05:00+02:00\", \"u\": 1}\n"
	    "{\"ts\": 10, \"u\": 2}\n";

	diag_init(&d);
	t = trace_parse("mem.jsonl", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	trace_keep_times(t, "/ts", 2);
	ck_assert_int_eq(trace_time_ms(t, 0, "ts", &ms, &d), 0);
	ck_assert_int_eq(ms, T_0005_MS + 500);
	ck_assert_int_eq(trace_time_ms(t, 1, "/ts", &ms, &d), 0);
	ck_assert_int_eq(ms, T_0005_MS);
	/* record 2 was not kept: parsed, 10 s */
	ck_assert_int_eq(trace_time_ms(t, 2, "ts", &ms, &d), 0);
	ck_assert_int_eq(ms, 10000);
	/* another field is its own: record 1's u is 1 s */
	ck_assert_int_eq(trace_time_ms(t, 1, "u", &ms, &d), 0);
	ck_assert_int_eq(ms, 1000);
	/* u of record 0 is no time: nothing kept, so ts parses again and u
	   of record 2 is 2 s */
	trace_keep_times(t, "u", 3);
	ck_assert_int_eq(trace_time_ms(t, 1, "ts", &ms, &d), 0);
	ck_assert_int_eq(ms, T_0005_MS);
	ck_assert_int_eq(trace_time_ms(t, 2, "u", &ms, &d), 0);
	ck_assert_int_eq(ms, 2000);
	ck_assert_int_eq(diag_count(&d), 0);
	ck_assert_int_eq(trace_time_ms(t, 0, "u", &ms, &d), -1);
	trace_free(t);
	diag_free(&d);
}
END_TEST

/* Record i's string in test_trace_array_stream: i % 5 + 1 copies of a
   1- to 4-byte character and i % 37 'x', into buf; its bytes. */
static size_t stream_value(int i, char *buf)
{
	static const char *const ch[] = {"a", "\xc3\xa9", "\xe6\x97\xa5",
					 "\xf0\x9f\x98\x80"};
	size_t n = 0, k;
	int j;

	for (j = 0; j < i % 5 + 1; j++) {
		k = strlen(ch[i % 4]);
		memcpy(buf + n, ch[i % 4], k);
		n += k;
	}
	memset(buf + n, 'x', (size_t)(i % 37));
	return n + (size_t)(i % 37);
}

/*
 * A JSON array longer than the 64 KiB the loader reads at a time, with
 * characters of 1 to 4 bytes, so that records and characters straddle
 * what was read: every record is whole. "[" is line 1 and record i is
 * line i + 2 at column 1: {"s": "VALUE"}, minified 8 bytes + the value's
 * ({"s":"" and "}). A bad record after them is reported as the same
 * record alone would be, shifted by its line.
 */
START_TEST(test_trace_array_stream)
{
	enum { N = 4000 };
	struct scratch sc = {0};
	struct pk_diag d, d1;
	struct pk_trace *t;
	struct pk_value v;
	char val[64], *text = xmalloc((size_t)N * 64 + 64);
	char split[9 + 4086 + 7];
	const char *bad_alone = "[\n{\"s\": tru}]\n";
	size_t len = 0, k;
	int i, ok = 1;

	len += (size_t)sprintf(text, "[\n");
	for (i = 0; i < N; i++) {
		k = stream_value(i, val);
		len += (size_t)sprintf(text + len, "{\"s\": \"%.*s\"}%s\n",
				       (int)k, val, i + 1 < N ? "," : "]");
	}
	ck_assert_uint_gt(len, 2 * 65536);
	t = load_text(&sc, "big.json", text, PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_count(t), N);
	for (i = 0; i < N && ok; i++) {
		k = stream_value(i, val);
		trace_value(t, (size_t)i, "/s", &v, NULL, 0);
		ok = v.type == PK_VALUE_STRING && v.len == k &&
		     memcmp(v.str, val, k) == 0 &&
		     trace_line(t, (size_t)i) == i + 2 &&
		     trace_col(t, (size_t)i) == 1 &&
		     trace_size_bytes(t, (size_t)i) == 8 + k;
	}
	ck_assert_msg(ok, "record %d differs", i - 1);
	trace_free(t);
	diag_free(&d);
	/* the last record made bad: "...}]" -> "...},\n{"s": tru}]" */
	text[len - 2] = ',';
	sprintf(text + len - 1, "\n{\"s\": tru}]\n");
	ck_assert_ptr_null(
	    load_text(&sc, "bad.json", text, PK_TRACE_FORMAT_AUTO, &d, NULL));
	ck_assert_ptr_null(load_text(&sc, "bad1.json", bad_alone,
				     PK_TRACE_FORMAT_AUTO, &d1, NULL));
	ck_assert_int_eq(d.n_entries, 1);
	ck_assert_int_eq(d1.n_entries, 1);
	ck_assert_int_eq(d1.entries[0].line, 2);
	ck_assert_int_eq(d.entries[0].line, N + 2);
	ck_assert_int_eq(d.entries[0].col, d1.entries[0].col);
	ck_assert_str_eq(d.entries[0].msg, d1.entries[0].msg);
	diag_free(&d);
	diag_free(&d1);
	/* a character split where the loader's first read (4096 bytes, to
	   settle the format) ends: "[\n{\"s\": \"" is 9 bytes, then 4086
	   'a' (bytes 9..4094) and the 2 bytes of U+00E9 at 4095 and 4096;
	   in an array of its own size, which the compiler can see bound
	   the writes (into the heap buffer above it warned, at -O2 with
	   the sanitizers, of bounds it could not see) */
	len = (size_t)snprintf(split, sizeof(split), "[\n{\"s\": \"");
	memset(split + len, 'a', 4086);
	len += 4086;
	snprintf(split + len, sizeof(split) - len, "\xc3\xa9\"}]\n");
	t = load_text(&sc, "split.json", split, PK_TRACE_FORMAT_AUTO, &d, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_count(t), 1);
	trace_value(t, 0, "/s", &v, NULL, 0);
	ck_assert_uint_eq(v.len, 4088);
	ck_assert_int_eq(memcmp(v.str + 4086, "\xc3\xa9", 2), 0);
	ck_assert_uint_eq(trace_size_bytes(t, 0), 8 + 4088);
	trace_free(t);
	diag_free(&d);
	scratch_free(&sc);
	free(text);
}
END_TEST

/* --- numbers and jansson's memory (json_arena.c) ----------------------- */

/*
 * Integers are parsed as integers and kept as doubles: the double is the
 * one strtod gives the same text (round to nearest, ties to even), and
 * the two texts an integer parse would change are parsed again as
 * doubles: past 64 bits, and -0 (IEEE 754's negative zero).
 * - 9007199254740993 = 2^53 + 1 lies halfway between the doubles 2^53
 *   and 2^53 + 2: ties to even gives 2^53 = 9007199254740992;
 * - 9223372036854775807 = 2^63 - 1 rounds to 2^63 (the doubles there are
 *   1,024 apart), and -9223372036854775808 is -2^63 exactly;
 * - 18446744073709551616 = 2^64 is past int64: a double, not an error;
 * - -0 is negative zero; "x-0" is a string that only looks like it.
 * Each number's own record, JSON lines and a JSON array alike.
 */
START_TEST(test_trace_integers)
{
	static const char *const lines = "{\"n\": 9007199254740993}\n"
					 "{\"n\": 9223372036854775807}\n"
					 "{\"n\": -9223372036854775808}\n"
					 "{\"n\": 18446744073709551616}\n"
					 "{\"n\": -0, \"o\": {\"p\": 7}}\n"
					 "{\"n\": 12, \"s\": \"x-0\"}\n";
	static const char *const array =
	    "[{\"n\": 9007199254740993}, {\"n\": 9223372036854775807},\n"
	    " {\"n\": -9223372036854775808}, {\"n\": 18446744073709551616},\n"
	    " {\"n\": -0, \"o\": {\"p\": 7}}, {\"n\": 12, \"s\": \"x-0\"}]";
	const char *texts[] = {lines, array};
	struct pk_diag d;
	struct pk_trace *t;
	struct pk_value v;
	int k;

	for (k = 0; k < 2; k++) {
		diag_init(&d);
		t = trace_parse(k ? "mem.json" : "mem.jsonl", texts[k],
				strlen(texts[k]), PK_TRACE_FORMAT_AUTO, &d);
		ck_assert_ptr_nonnull(t);
		ck_assert_uint_eq(trace_count(t), 6);
		trace_value(t, 0, "/n", &v, NULL, 0);
		ck_assert_double_eq(v.num, 9007199254740992.0);
		trace_value(t, 1, "/n", &v, NULL, 0);
		ck_assert_double_eq(v.num, 9223372036854775808.0);
		trace_value(t, 2, "/n", &v, NULL, 0);
		ck_assert_double_eq(v.num, -9223372036854775808.0);
		trace_value(t, 3, "/n", &v, NULL, 0);
		ck_assert_double_eq(v.num, 18446744073709551616.0);
		trace_value(t, 4, "/n", &v, NULL, 0);
		ck_assert_int_eq(v.type, PK_VALUE_NUMBER);
		ck_assert(v.num == 0 && signbit(v.num));
		trace_value(t, 4, "/o/p", &v, NULL, 0);
		ck_assert_double_eq(v.num, 7);
		trace_value(t, 5, "/n", &v, NULL, 0);
		ck_assert(v.num == 12 && !signbit(v.num));
		trace_value(t, 5, "/s", &v, NULL, 0);
		ck_assert_uint_eq(v.len, 3);
		ck_assert_int_eq(memcmp(v.str, "x-0", 3), 0);
		trace_free(t);
		diag_free(&d);
	}
}
END_TEST

/*
 * Path ids: a path some record holds has one (with or without its
 * leading '/', the same), read by trace_value_id as trace_value reads the
 * path; a path no record holds is -1, undefined in every record. Paths
 * are numbered in the order records first hold them: /a 0, /b 1, /o 2,
 * /o/p 3.
 */
START_TEST(test_trace_path_ids)
{
	static const char *const text =
	    "{\"a\": 1, \"b\": \"x\"}\n"
	    "{\"b\": \"y\", \"o\": {\"p\": true}}\n";
	struct pk_diag d;
	struct pk_trace *t;
	struct pk_value v;

	diag_init(&d);
	t = trace_parse("mem.jsonl", text, strlen(text), PK_TRACE_FORMAT_AUTO,
			&d);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(trace_path_id(t, "/a"), 0);
	ck_assert_int_eq(trace_path_id(t, "b"), 1);
	ck_assert_int_eq(trace_path_id(t, "/b"), 1);
	ck_assert_int_eq(trace_path_id(t, "/o/p"), 3);
	ck_assert_int_eq(trace_path_id(t, "/c"), -1);
	ck_assert_int_eq(trace_value_id(t, 1, 1, &v, NULL, 0), PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_STRING);
	ck_assert_int_eq(memcmp(v.str, "y", 1), 0);
	ck_assert_int_eq(trace_value_id(t, 1, 0, &v, NULL, 0), PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	ck_assert_int_eq(trace_value_id(t, 0, -1, &v, NULL, 0), PK_TRACE_OK);
	ck_assert_int_eq(v.type, PK_VALUE_UNDEFINED);
	ck_assert_int_eq(trace_value_id(t, 1, 2, &v, NULL, 0),
			 PK_TRACE_NOT_SCALAR);
	trace_value_id(t, 1, 3, &v, NULL, 0);
	ck_assert_int_eq(v.type, PK_VALUE_BOOL);
	ck_assert_int_eq(v.boolean, 1);
	trace_free(t);
	diag_free(&d);
}
END_TEST

/* Records of the thread test: record i is {"id": "r<i>", "k": "k<i mod
   97>", "v": i, "z": -0, "big": 2^64, "o": {"p": -i}}. */
#define ARENA_RECORDS 2000
#define ARENA_ROUNDS 5

/* Parse the records ARENA_ROUNDS times (json_arena.c's arena in this
   thread); returns the number of values that differ from the above. */
static void *arena_parser(void *arg)
{
	const char *text = arg;
	uintptr_t bad = 0;
	char want[32];
	int r, i;

	for (r = 0; r < ARENA_ROUNDS; r++) {
		struct pk_diag d;
		struct pk_trace *t;
		struct pk_value v;

		diag_init(&d);
		t = trace_parse("mem.jsonl", text, strlen(text),
				PK_TRACE_FORMAT_AUTO, &d);
		if (!t || trace_count(t) != ARENA_RECORDS) {
			bad++;
			trace_free(t);
			diag_free(&d);
			continue;
		}
		for (i = 0; i < ARENA_RECORDS; i++) {
			snprintf(want, sizeof(want), "k%d", i % 97);
			trace_value(t, (size_t)i, "/k", &v, NULL, 0);
			bad += v.len != strlen(want) ||
			       memcmp(v.str, want, v.len) != 0;
			trace_value(t, (size_t)i, "/v", &v, NULL, 0);
			bad += v.num != i;
			trace_value(t, (size_t)i, "/z", &v, NULL, 0);
			bad += !(v.num == 0 && signbit(v.num));
			trace_value(t, (size_t)i, "/big", &v, NULL, 0);
			bad += v.num != 18446744073709551616.0;
			trace_value(t, (size_t)i, "/o/p", &v, NULL, 0);
			bad += v.num != -i;
		}
		trace_free(t);
		diag_free(&d);
	}
	return (void *)bad;
}

/* Meanwhile jansson the way reports use it (no arena: malloc and free):
   build, dump, parse back and free trees; returns the mismatches. */
static void *arena_bystander(void *arg)
{
	uintptr_t bad = 0;
	char want[64];
	int i;

	(void)arg;
	for (i = 0; i < ARENA_RECORDS * ARENA_ROUNDS / 4; i++) {
		json_t *o = json_object(), *back;
		char *text;

		json_object_set_new(o, "i", json_integer(i));
		json_object_set_new(o, "s", json_string("x"));
		text = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
		snprintf(want, sizeof(want), "{\"i\":%d,\"s\":\"x\"}", i);
		bad += !text || strcmp(text, want) != 0;
		back = text ? json_loads(text, 0, NULL) : NULL;
		bad += !back ||
		       json_integer_value(json_object_get(back, "i")) != i;
		json_decref(back);
		free(text);
		json_decref(o);
	}
	return (void *)bad;
}

/*
 * json_arena.c's thread safety: four threads parse data files (each with
 * its own arena) while two use jansson with malloc and free, all at once
 * (compare --jobs runs variants in threads; reports use jansson). Every
 * value reads back as written (the record's definition above), and
 * under the sanitizers (ASan, UBSan) a pointer freed by the wrong
 * allocator or used after its arena was dropped fails the test.
 */
START_TEST(test_trace_arena_threads)
{
	enum { PARSERS = 4, BYSTANDERS = 2 };
	pthread_t th[PARSERS + BYSTANDERS];
	char *text, *p;
	size_t cap = (size_t)ARENA_RECORDS * 96;
	void *bad;
	int i;

	text = xmalloc(cap);
	p = text;
	for (i = 0; i < ARENA_RECORDS; i++) {
		p += snprintf(p, cap - (size_t)(p - text),
			      "{\"id\": \"r%d\", \"k\": \"k%d\", \"v\": %d, "
			      "\"z\": -0, \"big\": 18446744073709551616, "
			      "\"o\": {\"p\": %d}}\n",
			      i, i % 97, i, -i);
	}
	for (i = 0; i < PARSERS + BYSTANDERS; i++) {
		ck_assert_int_eq(
		    pthread_create(&th[i], NULL,
				   i < PARSERS ? arena_parser : arena_bystander,
				   text),
		    0);
	}
	for (i = 0; i < PARSERS + BYSTANDERS; i++) {
		ck_assert_int_eq(pthread_join(th[i], &bad), 0);
		ck_assert_uint_eq((uintptr_t)bad, 0);
	}
	free(text);
}
END_TEST

/* The first message in d, as printed; caller frees. */
static char *first_msg(struct pk_diag *d)
{
	char *out = tu_diag_text(d), *nl = strchr(out, '\n');

	if (nl) {
		*nl = '\0';
	}
	return out;
}

/* A pipe holding text (len bytes), its write end closed; the read end's
   /dev/fd path in path (cap bytes); returns the read end. */
static int pipe_of(const char *text, size_t len, char *path, size_t cap)
{
	int fd[2];

	ck_assert_int_eq(pipe(fd), 0);
	ck_assert_int_eq(write(fd[1], text, len), (ssize_t)len);
	close(fd[1]);
	snprintf(path, cap, "/dev/fd/%d", fd[0]);
	return fd[0];
}

/*
 * readbound at a bound of 100 bytes: a regular file of 101 bytes is
 * refused with its size before a byte is read; a pipe of 101 bytes (no
 * size of its own) at the 101st byte; a pipe with a NUL at line 2, column
 * 3 at the NUL, whatever follows; 100 bytes pass whole.
 */
START_TEST(test_trace_read_bound)
{
	char buf[101], path[64], *dir = tu_tmpdir(), *file, *msg, *got;
	struct readbound *rb;
	struct pk_diag d;
	size_t len = 0;
	FILE *f;
	int fd;

	memset(buf, 'x', sizeof(buf));
	file = tu_write_file(dir, "f.txt", "");
	f = fopen(file, "wb");
	ck_assert_uint_eq(fwrite(buf, 1, 101, f), 101);
	fclose(f);
	diag_init(&d);
	ck_assert_ptr_null(
	    readbound_whole(file, 100, "the file", "hint", &len, &d));
	msg = first_msg(&d);
	ck_assert_ptr_nonnull(strstr(msg, "error: the file is 101 bytes "
					  "(101 B), above pksim's limit of "
					  "100 bytes (100 B); hint"));
	free(msg);
	diag_free(&d);

	fd = pipe_of(buf, 101, path, sizeof(path));
	diag_init(&d);
	ck_assert_ptr_null(
	    readbound_whole(path, 100, "the file", "hint", &len, &d));
	msg = first_msg(&d);
	ck_assert_ptr_nonnull(strstr(
	    msg, "error: the file is more than pksim's limit of 100 bytes "
		 "(100 B) (read to that point: it has no size of its own, as "
		 "a pipe or a device); hint"));
	free(msg);
	diag_free(&d);
	close(fd);

	fd = pipe_of(buf, 100, path, sizeof(path));
	diag_init(&d);
	got = readbound_whole(path, 100, "the file", "hint", &len, &d);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(len, 100);
	ck_assert_uint_eq(diag_count(&d), 0);
	free(got);
	diag_free(&d);
	close(fd);

	/* "a,b\n" then "1," and the NUL: line 2, column 3 */
	fd = pipe_of("a,b\n1,\0,2\n", 10, path, sizeof(path));
	diag_init(&d);
	f = readbound_open(path, 100, "the file", "hint", &rb, &d);
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(rb);
	while (fread(buf, 1, sizeof(buf), f) > 0) {
	}
	ck_assert_int_eq(readbound_close(f, rb, &d), -1);
	msg = first_msg(&d);
	snprintf(buf, sizeof(buf), "pksim: %s:2:3: error: a NUL", path);
	ck_assert_msg(strncmp(msg, buf, strlen(buf)) == 0, "%s", msg);
	free(msg);
	diag_free(&d);
	close(fd);
	unlink(file);
	free(file);
	rmdir(dir);
	free(dir);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("trace");
	TCase *tc;

	tc = tcase_create("real_data");
	tcase_add_test(tc, test_trace_iot_telemetry);
	tcase_add_test(tc, test_trace_transactions);
	tcase_add_test(tc, test_trace_cosmicworks);
	tcase_add_test(tc, test_trace_csv_io_trace);
	suite_add_tcase(s, tc);
	tc = tcase_create("formats");
	tcase_add_test(tc, test_trace_json_lines);
	tcase_add_test(tc, test_trace_ddb_size);
	tcase_add_test(tc, test_trace_ddb_json);
	tcase_add_test(tc, test_trace_ddb_number_digits);
	tcase_add_test(tc, test_trace_csv_forms);
	tcase_add_test(tc, test_trace_detect_and_force);
	tcase_add_test(tc, test_trace_value_forms);
	tcase_add_test(tc, test_trace_path_counts);
	tcase_add_test(tc, test_trace_repeated_names);
	tcase_add_test(tc, test_trace_stream_memory);
	tcase_add_test(tc, test_trace_array_stream);
	tcase_add_test(tc, test_trace_integers);
	tcase_add_test(tc, test_trace_path_ids);
	tcase_add_test(tc, test_trace_arena_threads);
	suite_add_tcase(s, tc);
	tc = tcase_create("time");
	tcase_add_test(tc, test_trace_time);
	tcase_add_test(tc, test_trace_keep_times);
	tcase_add_test(tc, test_trace_time_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("bad_input");
	tcase_add_test(tc, test_trace_bad_json);
	tcase_add_test(tc, test_trace_bad_json_lines);
	tcase_add_test(tc, test_trace_bad_csv);
	tcase_add_test(tc, test_trace_bad_file);
	tcase_add_test(tc, test_trace_read_bound);
	tcase_add_test(tc, test_trace_parse_bytes);
	tcase_add_test(tc, test_trace_largest_size);
	suite_add_tcase(s, tc);
	return s;
}
