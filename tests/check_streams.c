/*
 * streams: the reports of a scenario's streams and their clients:
 * streams-csv of a scenario without
 * `streams:`, closed-loop achieved operations/s, the name column, a
 * paced stream's finish and client wait, compare's streams table.
 */
#include <check.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/report/report_html.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_md.h"
#include "pksim/report/report_streams.h"
#include "pksim/report/report_text.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "testutil.h"

enum fmt { F_TEXT, F_COMPARE, F_JSON, F_CSV, F_MD, F_HTML };

/* yaml's run in format f, as a new string */
static char *report_of(const char *yaml, enum fmt f)
{
	struct tu_fx fx;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	int rc = -1;

	tu_fx_run(&fx, "t.yaml", yaml);
	mem = open_memstream(&buf, &len);
	switch (f) {
	case F_TEXT:
		rc = report_text(fx.r, mem);
		break;
	case F_COMPARE:
		rc = report_text_compare(fx.r, mem);
		break;
	case F_JSON:
		rc = report_json(fx.r, 0, mem);
		break;
	case F_CSV:
		rc = report_streams_csv(fx.r, mem);
		break;
	case F_MD:
		rc = report_markdown(fx.r, 0, mem);
		break;
	case F_HTML:
		rc = report_html(fx.r, 0, 0, mem);
		break;
	}
	ck_assert_int_eq(rc, 0);
	fclose(mem);
	tu_fx_free(&fx);
	return buf;
}

/* JSON variants[0].streams[i].totals of yaml's run (caller decrefs
 *root) */
static __attribute__((unused)) json_t *
json_stream_totals(const char *yaml, size_t i, json_t **root)
{
	char *buf = report_of(yaml, F_JSON);
	json_error_t err;

	*root = json_loads(buf, 0, &err);
	free(buf);
	ck_assert_ptr_nonnull(*root);
	return json_object_get(
	    json_array_get(
		json_object_get(
		    json_array_get(json_object_get(*root, "variants"), 0),
		    "streams"),
		i),
	    "totals");
}

#define MAIN_PHASE                                                             \
	"{duration: 2s, rate: 200/s, ops: {create: 0.6, read: 0.2, "           \
	"delete: 0.2}, item_size: 1KB}\n"

/*
 * `--format streams-csv` of a scenario without `streams:` prints its one
 * stream, `main` (scenarios/README.md: "a scenario is one stream, named
 * main"), as the totals count it: the same all row as the same workload
 * written as `streams:` of one stream named main, whose counts are kept
 * per stream. 400 operations offered on 400 RU/s with one retry, so
 * every column but the buckets' is non-zero. Before, only the header.
 */
START_TEST(test_streams_csv_main)
{
	char *plain = report_of("seed: 1\n"
				"container: {partition_key: /k, throughput: "
				"400}\n"
				"client: {retries: {max_retries: 1}}\n"
				"items: {k: {values: \"k{0..9}\"}}\n"
				"phases:\n  - " MAIN_PHASE,
				F_CSV);
	char *one = report_of("seed: 1\n"
			      "container: {partition_key: /k, throughput: "
			      "400}\n"
			      "streams:\n"
			      "  - name: main\n"
			      "    items: {k: {values: \"k{0..9}\"}}\n"
			      "    client: {retries: {max_retries: 1}}\n"
			      "    phases:\n      - " MAIN_PHASE,
			      F_CSV);
	char *row = strstr(plain, "\n\"/k\",\"main\",\"all\",");
	char *end;

	ck_assert_ptr_nonnull(row);
	end = strchr(row + 1, '\n');
	ck_assert_ptr_nonnull(end);
	ck_assert_str_eq(end + 1, ""); /* one row: no per-kind rows */
	end[1] = '\0';
	ck_assert_ptr_nonnull(strstr(one, row));
	free(plain);
	free(one);
}
END_TEST

/* 1 if s is valid UTF-8 (RFC 3629: no overlong form checked, which the
   cut cannot make) */
static int utf8_valid(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	while (*u) {
		int n = *u < 0x80    ? 0
			: *u >= 0xF0 ? 3
			: *u >= 0xE0 ? 2
			: *u >= 0xC0 ? 1
				     : -1;

		if (n < 0) {
			return 0;
		}
		for (u++; n > 0; n--, u++) {
			if ((*u & 0xC0) != 0x80) {
				return 0;
			}
		}
	}
	return 1;
}

/* Display columns of line [s, e): characters (every one here is one
   column wide) */
static int cols_of(const char *s, const char *e)
{
	int n = 0;

	for (; s < e; s++) {
		n += ((unsigned char)*s & 0xC0) != 0x80;
	}
	return n;
}

/* Every line of the table after title in txt (up to a blank line or a
   note: "  achieved, ..." or "  (...") has as many display columns as
   its head: the table is aligned. Returns the table's lines. */
static int aligned_rows(const char *txt, const char *title)
{
	const char *p = strstr(txt, title), *e;
	int head = -1, rows = 0;

	ck_assert_ptr_nonnull(p);
	for (p = strchr(p + 1, '\n') + 1;
	     strncmp(p, "  ", 2) == 0 && strncmp(p, "  achieved", 10) != 0 &&
	     strncmp(p, "  (", 3) != 0;
	     p = e + 1) {
		e = strchr(p, '\n');
		ck_assert_ptr_nonnull(e);
		if (head < 0) {
			head = cols_of(p, e);
		} else {
			ck_assert_int_eq(cols_of(p, e), head);
		}
		rows++;
	}
	return rows;
}

/* A 30-character ASCII name and a 45-character UTF-8 one (é, 2 bytes,
   one column each) */
#define NAME30 "bulk-import-of-the-night-batch"
#define E5 "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
#define NAME45 E5 E5 E5 E5 E5 E5 E5 E5 E5
#define LONG_NAMES                                                             \
	"streams:\n"                                                           \
	"  - name: " NAME30 "\n"                                               \
	"    items: {k: {values: \"a{0..9}\"}}\n"                              \
	"    phases:\n"                                                        \
	"      - {duration: 1s, rate: 10/s, ops: {create: 1}}\n"               \
	"  - name: " NAME45 "\n"                                               \
	"    items: {k: {values: \"b{0..9}\"}}\n"                              \
	"    phases:\n"                                                        \
	"      - {duration: 1s, rate: 10/s, ops: {create: 0.5, upsert: "       \
	"0.5}}\n"

/*
 * Stream names in the text tables: the column is
 * as wide as the longest name, at most 40 display columns; NAME30 (30)
 * is whole, NAME45 (45 characters, 90 bytes) is cut to its first 39
 * characters (78 bytes, a character boundary) and an ellipsis (U+2026):
 * 40 columns. Every row of the run's and compare's tables has its head's
 * columns, and the output is valid UTF-8. Before: both cut at 14 bytes,
 * the second inside a character (7 é's), and the lines under the table
 * at 64 bytes, inside one too.
 */
START_TEST(test_streams_long_names)
{
	static const char run[] = "seed: 1\ncontainer: {partition_key: /k, "
				  "throughput: 4000}\n" LONG_NAMES;
	static const char cmp[] =
	    "seed: 1\ncontainer: {partition_key: /k, throughput: 4000}\n"
	    "variants:\n  - {name: one}\n  - {name: two, throughput: "
	    "8000}\n" LONG_NAMES;
	char *txt = report_of(run, F_TEXT), *ctx = report_of(cmp, F_COMPARE);
	char cut[200];

	snprintf(cut, sizeof(cut), "%.78s\xE2\x80\xA6 ", NAME45);
	ck_assert(utf8_valid(txt));
	ck_assert(utf8_valid(ctx));
	ck_assert_ptr_nonnull(strstr(txt, "\n  " NAME30 "           all "));
	ck_assert_ptr_nonnull(strstr(txt, cut));
	ck_assert_ptr_null(strstr(txt, NAME45));
	/* head, NAME30's all, NAME45's all, create and upsert rows */
	ck_assert_int_eq(aligned_rows(txt, "\nstreams ("), 5);
	ck_assert_ptr_nonnull(strstr(ctx, "\n  " NAME30 "           one "));
	ck_assert_ptr_nonnull(strstr(ctx, cut));
	/* head, then each stream in each variant */
	ck_assert_int_eq(aligned_rows(ctx, "\nstreams by variant ("), 5);
	free(txt);
	free(ctx);
}
END_TEST

/*
 * Closed-loop achieved counts succeeded operations a second over the
 * stream's active span. One worker
 * (concurrency 1), every attempt 10 ms, retries off; 1,000 creates of
 * 1 KB (5 RU) offered in the first second, one partition of 400 RU/s.
 * The worker sends create k at 10k ms: 100 a second, 500 RU asked of
 * 400; the first 80 of each second fit (80 x 5 = 400 RU), the other 20
 * get a 429 and, with retries off, end there. 10 s: 800 succeed, 200
 * fail; the last send at 9,990 ms is answered at 10,000 ms; the first
 * arrival is at 0 ms: achieved 800 x 1,000 / (10,000 - 0) = 80.0
 * succeeded/s (before: 1,000 answered / 10 s = 100.0, the failed
 * counted).
 */
START_TEST(test_streams_achieved_succeeded)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 400}\n"
	    "streams:\n"
	    "  - name: loop\n"
	    "    items: {k: {values: \"k{0..99}\"}}\n"
	    "    client: {concurrency: 1, latency: 10ms, retries: off}\n"
	    "    phases:\n"
	    "      - {duration: 1s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char *txt = report_of(yaml, F_TEXT), *csv = report_of(yaml, F_CSV);
	json_t *root, *t = json_stream_totals(yaml, 0, &root);

	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  achieved (succeeded/s), stream loop: 80.0 "
			"(closed loop: 800 succeeded of 1,000 answered, "
			"0.000 s to 10.000 s)\n"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  achieved (succeeded/s)   80.0 (closed loop, "
			"stream loop: 800 succeeded of 1,000 answered, 0.000 "
			"s to 10.000 s)\n"));
	ck_assert_ptr_nonnull(strstr(
	    csv, "\n\"/k\",\"loop\",\"all\",1000,800,200,0,0,200,0,0,4000,0,0,"
		 "80.000\n"));
	ck_assert_int_eq(json_integer_value(json_object_get(t, "first_ms")), 0);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(t, "last_answer_ms")), 10000);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(t, "achieved_succeeded_per_s")),
	    80.0, 1e-9);
	json_decref(root);
	free(txt);
	free(csv);
}
END_TEST

/*
 * Every format carries each stream's counts, not sent included, and the
 * streams' all rows add up to the variant's totals, with a Low-priority
 * stream inside a throughput bucket. One partition of 1,000 RU/s, bucket
 * 1 at 20 % (200 RU a second), 1 s (second 0: no High demand the second
 * before, so nothing is kept back from Low; rules 30, 31):
 *   r (High): 10 reads at 100 j ms. Listed first, it goes first at a
 *     shared ms: the read at 0 ms finds no item written yet and is not
 *     sent (not_sent 1, not in operations); the other 9 each read a
 *     stored 1 KB item: 9 succeed, 1 RU each, 9 RU.
 *   w (High): 10 creates of 1 KB (5 RU) at 100 j ms: 10 succeed, 50 RU.
 *   low (Low, bucket 1, retries off): 100 creates of 5 RU at 10 k ms:
 *     0..39 fill the bucket's 200 RU; 40..99 get 429/3212 (the
 *     partition has 1,000 - 259 left, so no 429/3200): 40 succeed, 60
 *     429s, each both a 429/3212 and a Low 429, 60 failed 429, 200 RU.
 * Totals: 119 operations, 1 not sent, 59 succeeded, 60 429s (60 3212,
 * 60 Low: the two sub-counts overlap, so 429/3200 = 429s - 429/3212 =
 * 0, not 429s - 3212 - Low), 60 failed 429, 0 other, 259 RU.
 */
#define LOW_IN_BUCKET                                                          \
	"seed: 1\n"                                                            \
	"container: {partition_key: /k, throughput: 1000,\n"                   \
	"            throughput_buckets: [{id: 1, max_percent: 20}]}\n"        \
	"streams:\n"                                                           \
	"  - name: r\n"                                                        \
	"    phases:\n"                                                        \
	"      - {duration: 1s, rate: 10/s, ops: {read: 1}, select: "          \
	"latest}\n"                                                            \
	"  - name: w\n"                                                        \
	"    items: {k: {unique: \"w-\"}}\n"                                   \
	"    phases:\n"                                                        \
	"      - {duration: 1s, rate: 10/s, ops: {create: 1}, item_size: "     \
	"1KB}\n"                                                               \
	"  - name: low\n"                                                      \
	"    items: {k: {unique: \"l-\"}}\n"                                   \
	"    client: {priority: low, throughput_bucket: 1, retries: off}\n"    \
	"    phases:\n"                                                        \
	"      - {duration: 1s, rate: 100/s, ops: {create: 1}, item_size: "    \
	"1KB}\n"

START_TEST(test_streams_every_format_and_sums)
{
	char *csv = report_of(LOW_IN_BUCKET, F_CSV);
	char *md = report_of(LOW_IN_BUCKET, F_MD);
	char *txt = report_of(LOW_IN_BUCKET, F_TEXT);
	char *html = report_of(LOW_IN_BUCKET, F_HTML);
	json_t *root, *t = json_stream_totals(LOW_IN_BUCKET, 0, &root);
	struct tu_fx fx;
	const struct pk_result_variant *v;
	const struct pk_totals *tt;
	struct pk_result_stream_ops sum = {0};
	size_t i;

	/* streams-csv: ...,failed_429,failed_other,not_sent,ru,... */
	ck_assert_ptr_nonnull(
	    strstr(csv, "\n\"/k\",\"r\",\"all\",9,9,0,0,0,0,0,1,9,0,0,\n"));
	ck_assert_ptr_nonnull(
	    strstr(csv, "\n\"/k\",\"w\",\"all\",10,10,0,0,0,0,0,0,50,0,0,\n"));
	ck_assert_ptr_nonnull(strstr(
	    csv, "\n\"/k\",\"low\",\"all\",100,40,60,60,60,60,0,0,200,0,0,\n"));
	/* Markdown: the same row, "not sent" before RU */
	ck_assert_ptr_nonnull(strstr(md, "| failed other | not sent | RU |"));
	ck_assert_ptr_nonnull(
	    strstr(md, "\n| /k | r | all | 9 | 9 | 0 | 0 | 0 | 0 | 0 | 1 | 9 "
		       "| 0 | 0 | - |\n"));
	/* HTML: a "not sent" cell after failed other */
	ck_assert_ptr_nonnull(
	    strstr(html, "<th>failed other</th><th>not sent</th>"));
	ck_assert_ptr_nonnull(
	    strstr(html, "<tr><td>r</td><td>all</td><td class=\"n\">9</td>"
			 "<td class=\"n\">9</td><td class=\"n\">0</td>"
			 "<td class=\"n\">0</td><td class=\"n\">0</td>"
			 "<td class=\"n\">0</td><td class=\"n\">0</td>"
			 "<td class=\"n\">1</td><td class=\"n\">9</td>"));
	/* text: its not-sent line; JSON: not_sent */
	ck_assert_ptr_nonnull(strstr(
	    txt, "\n  not sent, stream r: 1 (read 1; no item written yet to "
		 "target, so in no row)\n"));
	ck_assert_int_eq(json_integer_value(json_object_get(t, "not_sent")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(t, "operations")),
			 9);
	json_decref(root);

	/* the streams' all rows add up to the totals, count by count */
	tu_fx_run(&fx, "t.yaml", LOW_IN_BUCKET);
	v = &fx.r->variants[0];
	tt = &v->metrics->totals;
	ck_assert_uint_eq(v->n_streams, 3);
	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream_ops *o = &v->streams[i].all;

		sum.operations += o->operations;
		sum.succeeded += o->succeeded;
		sum.throttled_429 += o->throttled_429;
		sum.throttled_3212 += o->throttled_3212;
		sum.throttled_low_429 += o->throttled_low_429;
		sum.failed_429 += o->failed_429;
		sum.failed_other += o->failed_other;
		sum.not_sent += o->not_sent;
		sum.ru_mru += o->ru_mru;
	}
	ck_assert_uint_eq(sum.operations, 119);
	ck_assert_uint_eq(tt->operations, sum.operations);
	ck_assert_uint_eq(sum.not_sent, 1);
	ck_assert_uint_eq(tt->not_sent_no_target, sum.not_sent);
	ck_assert_uint_eq(sum.succeeded, 59);
	ck_assert_uint_eq(tt->succeeded, sum.succeeded);
	ck_assert_uint_eq(sum.throttled_429, 60);
	ck_assert_uint_eq(tt->throttled_429, sum.throttled_429);
	ck_assert_uint_eq(sum.throttled_3212, 60);
	ck_assert_uint_eq(tt->throttled_3212, sum.throttled_3212);
	ck_assert_uint_eq(sum.throttled_low_429, 60);
	ck_assert_uint_eq(tt->throttled_low_429, sum.throttled_low_429);
	ck_assert_uint_eq(sum.failed_429, 60);
	ck_assert_uint_eq(tt->failed_after_retries, sum.failed_429);
	ck_assert_uint_eq(sum.failed_other, 0);
	ck_assert_uint_eq(tt->bad_request_400 + tt->rejected_403 +
			      tt->container_full_403 + tt->not_found_404 +
			      tt->conflict_409 + tt->too_large_413 +
			      tt->failed_after_410,
			  sum.failed_other);
	ck_assert_int_eq(sum.ru_mru, 259000);
	ck_assert_int_eq(tt->ru_mru, sum.ru_mru);
	/* every operation ended one way: succeeded + failed = operations */
	ck_assert_uint_eq(sum.succeeded + sum.failed_429 + sum.failed_other,
			  sum.operations);
	tu_fx_free(&fx);
	free(csv);
	free(md);
	free(txt);
	free(html);
}
END_TEST

/*
 * compare's "streams by variant" gets a not-sent column when a stream
 * left operations unsent: LOW_IN_BUCKET in two variants alike (nothing
 * differs between them), r's row: 9 operations, 9 succeeded, 0 429s, 0
 * 429/3212, 0 Low, 0 failed 429, 0 failed, 1 not sent, 9 RU.
 */
START_TEST(test_streams_compare_not_sent)
{
	char *txt = report_of(LOW_IN_BUCKET "variants:\n  - {name: a}\n"
					    "  - {name: b}\n",
			      F_COMPARE);

	ck_assert_ptr_nonnull(strstr(txt, " failed  not sent             RU"));
	ck_assert_ptr_nonnull(
	    strstr(txt, "\n  r              a                  9           9 "
			"         0          0          0          0        0 "
			"        1              9      0 ms"));
	free(txt);
}
END_TEST

/*
 * Two streams set throughput in the same second: stream a
 * 4,000 -> 1,000 RU/s at t = 4 s (its phases 4 s + 2 s), stream b 2,000
 * at t = 4 s too. Same millisecond: the file's stream order, a then b,
 * so b's 2,000 stands (the run's last throughput change) and a finding
 * says so. Apart (b at 5 s): no finding.
 */
#define CLASH_YAML(B_FIRST)                                                    \
	"seed: 1\n"                                                            \
	"container: {partition_key: /k, throughput: 4000}\n"                   \
	"streams:\n"                                                           \
	"  - name: a\n"                                                        \
	"    items: {k: {values: \"a{0..9}\"}}\n"                              \
	"    phases:\n"                                                        \
	"      - {name: warm, duration: 4s, rate: 10/s}\n"                     \
	"      - {name: up, duration: 2s, rate: 10/s, throughput: 1000}\n"     \
	"  - name: b\n"                                                        \
	"    items: {k: {values: \"b{0..9}\"}}\n"                              \
	"    phases:\n"                                                        \
	"      - {name: first, duration: " B_FIRST ", rate: 10/s}\n"           \
	"      - {name: raise, duration: 2s, rate: 10/s, throughput: 2000}\n"
START_TEST(test_streams_action_clash)
{
	char *txt = report_of(CLASH_YAML("4s"), F_TEXT);

	ck_assert_msg(strstr(txt, "  t=4s  4,000 -> 1,000 RU/s, 1 -> 1 "
				  "physical partition\n  t=4s  1,000 -> 2,000 "
				  "RU/s"),
		      "%s", txt);
	ck_assert_msg(
	    strstr(txt, "two phase actions set throughput in second 4: "
			"stream a's phase up (1,000 RU/s) and stream b's "
			"phase raise (2,000 RU/s); the container applies "
			"them in time order, at the same millisecond in the "
			"file's stream order, so stream b's stands"),
	    "%s", txt);
	free(txt);
	txt = report_of(CLASH_YAML("5s"), F_TEXT);
	ck_assert_msg(!strstr(txt, "two phase actions"), "%s", txt);
	free(txt);
}
END_TEST

/*
 * Two streams set DIFFERENT actions in the same second: 12,000 RU/s lays out
 * ceil(12,000 / 6,000) = 2 physical partitions; at t = 4 s stream a sets
 * throughput 4,000 and stream b redistributes to 2,000 + 6,000. In the file's
 * order (a, b) the container ends at 8,000 RU/s; the other order would end at
 * 4,000 (b's shares scaled to a's total): the finding says the order matters.
 */
START_TEST(test_streams_action_clash_kinds)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 12000}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    items: {k: {values: \"a{0..9}\"}}\n"
	    "    phases:\n"
	    "      - {name: warm, duration: 4s, rate: 10/s}\n"
	    "      - {name: down, duration: 2s, rate: 10/s, throughput: 4000}\n"
	    "  - name: b\n"
	    "    items: {k: {values: \"b{0..9}\"}}\n"
	    "    phases:\n"
	    "      - {name: first, duration: 4s, rate: 10/s}\n"
	    "      - {name: tilt, duration: 2s, rate: 10/s, redistribute: "
	    "{\"0\": 2000, \"1\": 6000}}\n";
	char *txt = report_of(yaml, F_TEXT);

	ck_assert_msg(strstr(txt, "two phase actions in second 4: stream a's "
				  "phase down sets throughput (4,000 RU/s) "
				  "and stream b's phase tilt sets "
				  "redistribute; the container applies them "
				  "in time order, at the same millisecond in "
				  "the file's stream order (stream b's "
				  "last), and what the container ends with "
				  "can depend on that order"),
		      "%s", txt);
	free(txt);
}
END_TEST

/*
 * A budgeted stream's retries wait for the budget too, and it finishes
 * at its last send (scenarios/README.md, ru_budget). cost.write_1kb 400:
 * a 1 KB create takes all of a second's 400 RU, and a budget of 400/s
 * lets the next request of its client go 400 / 400 = 1 s after one that
 * was charged. hog (listed first, no budget) creates at 0 ms: 400 RU,
 * second 0 spent. paced (ru_budget 400/s) creates A at 0 ms and B at
 * 500 ms: both 429 (a 429 costs 0 RU, so neither waits for the budget),
 * each told to retry at the next second, 1,000 ms. A's retry goes at
 * 1,000 ms (400 RU; the budget clock moves to 2,000 ms); B's retry may
 * go by the retry policy at 1,000 ms, but the budget holds it to 2,000
 * ms: stored there, the second's 400 RU. Retry waits (retry-after only):
 * A 1,000 ms, B 500 ms: p50 500 (the ceil(2 x 0.5) = 1st smallest), p99
 * 1,000; B's 1,000 ms wait for the budget is in no retry-wait figure.
 * The stream's finish is B's retry at 2,000 ms; the run closes seconds
 * 0..2 (3 s), one request each in seconds 1 and 2.
 */
START_TEST(test_streams_budget_retry_and_finish)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "container: {partition_key: /id, throughput: 400}\n"
	    "cost: {write_1kb: 400, write_100kb: 4000}\n"
	    "streams:\n"
	    "  - name: hog\n"
	    "    items: {id: {unique: \"h-\"}}\n"
	    "    phases:\n"
	    "      - {duration: 1s, rate: 1/s, ops: {create: 1}, item_size: "
	    "1KB}\n"
	    "  - name: paced\n"
	    "    items: {id: {unique: \"p-\"}}\n"
	    "    client: {ru_budget: 400/s}\n"
	    "    phases:\n"
	    "      - {duration: 1s, rate: 2/s, ops: {create: 1}, item_size: "
	    "1KB}\n";
	struct tu_fx fx;
	const struct pk_result_variant *v;
	const struct pk_result_stream *p;

	tu_fx_run(&fx, "t.yaml", yaml);
	v = &fx.r->variants[0];
	p = &v->streams[1];
	ck_assert_uint_eq(p->all.operations, 2);
	ck_assert_uint_eq(p->all.succeeded, 2);
	ck_assert_uint_eq(p->all.throttled_429, 2);
	ck_assert_int_eq(p->all.ru_mru, 800000);
	ck_assert_int_eq(p->all.wait_p50_ms, 500);
	ck_assert_int_eq(p->all.wait_p99_ms, 1000);
	ck_assert_int_eq(p->pacing.paced, 1);
	ck_assert_int_eq(p->pacing.finish_ms, 2000);
	ck_assert_int_eq(p->pacing.wait_max_ms, 0); /* first sends at once */
	ck_assert_int_eq(v->end_s, 3);
	tu_fx_free(&fx);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("streams");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_streams_csv_main);
	tcase_add_test(tc, test_streams_long_names);
	tcase_add_test(tc, test_streams_achieved_succeeded);
	tcase_add_test(tc, test_streams_every_format_and_sums);
	tcase_add_test(tc, test_streams_compare_not_sent);
	tcase_add_test(tc, test_streams_budget_retry_and_finish);
	tcase_add_test(tc, test_streams_action_clash);
	tcase_add_test(tc, test_streams_action_clash_kinds);
	suite_add_tcase(s, tc);
	return s;
}
