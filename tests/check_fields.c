/*
 * fields: the one table of the JSON report's fields (load/report_fields.h)
 * against the places that must agree with it:
 *  - docs/report-json.md: its table of fields is the table's, row for
 *    row (a field dropped from either fails), and the report's schema
 *    block names every field;
 *  - scenarios/README.md names every shorthand;
 *  - the JSON writer: every field of the shipped scenarios' golden
 *    reports, of a compare report and of three made-up scenarios is a
 *    table path with the table's JSON type, and every field of the table
 *    is in one of those reports;
 *  - the table itself: paths unique, every list index under a list (or
 *    key) of its own, units named as the fields are;
 *  - the readers of the result model (report/report_field.h): one per
 *    field, in the table's order, each reading what the writer writes,
 *    in every run above (present or left out, value and JSON type), and
 *    figures worked out by hand.
 */
#include <check.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/load/expect.h"
#include "pksim/load/report_fields.h"
#include "pksim/report/report_field.h"
#include "pksim/report/report_json.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "testutil.h"

/* The made-up scenarios that hold what no shipped one does: a custom
   throughput policy (the redistribution at 10 s), batches, every kind
   of operation in a stream beside a Low-priority one (429s split by
   class in every kind), items without the key property (key_undefined,
   undefined_key, the hottest key undefined), a serverless container, a
   scale-up whose splits (60 s of split_delay from 5 s) the 10 s run
   does not see done (would_apply_t_s). */
static const char fields_a[] =
    "name: fields-a\n"
    "seed: 3\n"
    "container: {partition_key: /k, throughput: 12000, "
    "allow_undefined_key: true}\n"
    "streams:\n"
    "  - name: app\n"
    "    items: {k: {values: [a, b, c]}}\n"
    "    phases:\n"
    "      - {duration: 5s, rate: 100/s, ops: {create: 1}}\n"
    "      - duration: 5s\n"
    "        rate: 200/s\n"
    "        ops: {create: 0.3, upsert: 0.1, read: 0.1, replace: 0.1,\n"
    "              delete: 0.1, query: 0.2, batch: 0.1}\n"
    "        upsert_new: 0.5\n"
    "        batch: {size: 5, spanning: 0.2}\n"
    "        queries: [{name: by-k, where: {k: eq}, results: 2}]\n"
    "      - {duration: 5s, rate: 100/s, ops: {read: 1},\n"
    "         redistribute: {\"0\": 2000, \"1\": 9000}}\n"
    "  - name: bulk\n"
    "    client: {priority: low}\n"
    "    phases: [{duration: 15s, rate: 500/s, ops: {create: 1}}]\n";
static const char fields_b[] =
    "name: fields-b\n"
    "seed: 4\n"
    "container: {partition_key: /k, serverless: true, "
    "allow_undefined_key: true}\n"
    "items: {j: {values: [x, y]}}\n"
    "phases: [{duration: 5s, rate: 100/s, ops: {create: 1}}]\n";
/* profile fabric (rule 41): its capacity-unit bill, priced */
static const char fields_d[] =
    "name: fields-d\n"
    "container: {partition_key: /k, autoscale_max: 5000, profile: fabric}\n"
    "pricing: {region: us-nongov}\n"
    "items: {k: {values: [a, b]}}\n"
    "phases: [{duration: 5s, rate: 10/s}]\n";
/* a fleet pool (rule 40): 1,000 RU/s asked of 400 borrow 600; priced */
static const char fields_e[] =
    "name: fields-e\n"
    "container: {partition_key: /k, throughput: 400, "
    "fleet_pool: {max: 10000}}\n"
    "pricing: {region: us-nongov}\n"
    "items: {k: {values: [a, b]}}\n"
    "phases: [{duration: 5s, rate: 200/s, ops: {create: 1}}]\n";
/* Rate limited past the remedies' work bound: remedies.not_replayed
   (check_remedy_bound.c derives its 35 replays of 30,625,000 units) */
static const char fields_f[] =
    "name: fields-f\n"
    "container: {partition_key: /k, throughput: 400}\n"
    "client: {retries: none}\n"
    "items: {k: {values: \"k{0..9}\"}}\n"
    "phases:\n"
    "  - {duration: 100s, rate: 14000/s, ops: {query: 1}, "
    "queries: [{results: 0}]}\n";
/* Amazon DynamoDB priced: its reads line and on-demand figures; a
   global secondary index (indexes[]); BatchWriteItems and a capacity
   change in its units; Queries (queries in a table's words) */
static const char fields_g[] =
    "name: fields-g\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, read_capacity_units: 100, "
    "write_capacity_units: 100, global_secondary_indexes: [{name: by-k, "
    "partition_key: /k, read_capacity_units: 10, "
    "write_capacity_units: 10}]}\n"
    "pricing: {region: us-east-1}\n"
    "items: {k: {values: [a, b]}}\n"
    "phases: [{duration: 5s, rate: 20/s, ops: {create: 1}},\n"
    "  {duration: 5s, rate: 2/s, ops: {batch: 1}, batch: {size: 5},\n"
    "   write_capacity_units: 200},\n"
    "  {duration: 2s, rate: 2/s, ops: {query: 1},\n"
    "   queries: [{name: one-k, where: {k: eq}}]}]\n";
/* A table that sends its batches as TransactWriteItems, some canceled
   (totals.transactions_canceled, cancellation_reasons) */
static const char fields_h[] =
    "name: fields-h\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 1, "
    "write_capacity_units: 20, burst: off, adaptive_capacity: off, "
    "batches: transact_write_items}\n"
    "items: {k: {const: a}}\n"
    "phases: [{duration: 5s, rate: 2/s, ops: {batch: 1}, batch: {size: 3}, "
    "item_size: 3KB}]\n";
/* A table's streams, one of BatchGetItems (streams[].by_kind.batch_get) */
static const char fields_i[] =
    "name: fields-i\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 100, "
    "write_capacity_units: 100}\n"
    "streams:\n"
    "  - {name: w, items: {k: {values: [a, b]}}, phases: [{duration: 2s, "
    "rate: 10/s}]}\n"
    "  - {name: r, phases: [{duration: 2s, rate: 2/s, ops: {batch_get: 1}, "
    "batch_get: {size: 3}}]}\n";
static const char fields_c[] =
    "name: fields-c\n"
    "container: {partition_key: /k, throughput: 6000, split_delay: 60s}\n"
    "items: {k: {values: [a, b]}}\n"
    "phases:\n"
    "  - {duration: 5s, rate: 10/s}\n"
    "  - {duration: 5s, rate: 10/s, throughput: 30000}\n";

/* Fields no report can hold today: a stream's monitor log charges
   (`streams:` cannot replay a monitor log, scenarios/README.md), and a
   stream's batch gets' 429/3212 and Low-priority counts (BatchGetItem is
   a DynamoDB table's, whose throttles have no 3212 and whose requests no
   priority class) */
static int never_written(const char *path)
{
	return strncmp(path, "streams[].by_kind.charge.", 25) == 0 ||
	       strcmp(path, "streams[].by_kind.batch_get.throttled_3212") ==
		   0 ||
	       strcmp(path, "streams[].by_kind.batch_get.throttled_low_429") ==
		   0;
}

/* ---- the table ---- */

/* The unit a field's name (and type) calls for; NULL: "count" or "" (a
   count, a rank, a seed). */
static const char *unit_of_name(const struct pk_report_field *f)
{
	char name[128];
	const char *dot = strrchr(f->path, '.');
	size_t n;

	snprintf(name, sizeof(name), "%s", dot ? dot + 1 : f->path);
	name[strcspn(name, "[")] = '\0';
	n = strlen(name);
#define ENDS(s) (n >= strlen(s) && strcmp(name + n - strlen(s), s) == 0)
	if (f->type == PK_FIELD_LIST) {
		return "count";
	}
	if (f->type >= PK_FIELD_STRING && f->type != PK_FIELD_LIST) {
		return ""; /* a text, a boolean, a key */
	}
	if (ENDS("bytes_per_s")) {
		return "bytes/s";
	}
	if (ENDS("_bytes")) {
		return "bytes";
	}
	if (ENDS("_ms")) {
		return "ms";
	}
	if (strstr(name, "ru_per_s")) {
		return "RU/s";
	}
	if (ENDS("_per_s")) {
		return "per s";
	}
	if (strstr(name, "share") || strstr(name, "rate") ||
	    strstr(name, "normalized") || ENDS("utilisation")) {
		return "fraction";
	}
	if (ENDS("_s") || ENDS("_seconds")) {
		return "s";
	}
	if (strncmp(name, "days_", 5) == 0) {
		return "days";
	}
	if (strstr(name, "cost") || strcmp(name, "price") == 0) {
		return "currency";
	}
	if (strcmp(name, "ru") == 0 || ENDS("_ru") ||
	    strncmp(name, "ru_", 3) == 0) {
		return "RU";
	}
	if (strstr(name, "cu_hours")) {
		return "CU hours"; /* Fabric's capacity units (rule 41) */
	}
#undef ENDS
	return NULL;
}

START_TEST(test_table_shape)
{
	size_t n, i, j;
	const struct pk_report_field *f = report_fields(&n);
	int shorthands = 0;

	ck_assert_int_gt(n, 300);
	for (i = 0; i < n; i++) {
		const char *want = unit_of_name(&f[i]);
		const char *p;

		for (j = 0; j < i; j++) {
			ck_assert_msg(strcmp(f[i].path, f[j].path) != 0,
				      "%s twice", f[i].path);
		}
		ck_assert_ptr_eq(report_field_find(f[i].path), &f[i]);
		/* shorthands last */
		ck_assert(f[i].shorthand || !shorthands);
		shorthands += f[i].shorthand;
		if (want) {
			ck_assert_msg(strcmp(f[i].unit, want) == 0,
				      "%s: unit '%s', its name says '%s'",
				      f[i].path, f[i].unit, want);
		} else {
			ck_assert_msg(strcmp(f[i].unit, "count") == 0 ||
					  f[i].unit[0] == '\0',
				      "%s: unit '%s', its name says a count "
				      "or none",
				      f[i].path, f[i].unit);
		}
		/* one Markdown table cell, one line */
		ck_assert_msg(!strchr(f[i].doc, '|') && !strchr(f[i].doc, '\n'),
			      "%s: doc", f[i].path);
		ck_assert_msg(f[i].doc[0] &&
				  f[i].doc[strlen(f[i].doc) - 1] != '.',
			      "%s: doc", f[i].path);
		/* every [] under a list or key of its own (a shorthand's is
		   an id) */
		for (p = strstr(f[i].path, "[]"); p && !f[i].shorthand;
		     p = strstr(p + 2, "[]")) {
			char list[128];
			const struct pk_report_field *l;

			snprintf(list, sizeof(list), "%.*s",
				 (int)(p - f[i].path), f[i].path);
			l = report_field_find(list);
			ck_assert_msg(l && (l->type == PK_FIELD_LIST ||
					    l->type == PK_FIELD_KEY),
				      "%s: %s is no list", f[i].path, list);
		}
	}
	ck_assert_int_eq(shorthands, 4);
}
END_TEST

/* ---- the docs ---- */

/* Where a and b first differ: the offset of that line's start in a, and
   its length. */
static size_t line_start(const char *a, const char *b)
{
	size_t i = 0, start = 0;

	while (a[i] && a[i] == b[i]) {
		if (a[i++] == '\n') {
			start = i;
		}
	}
	return start;
}

static int first_diff(const char *a, const char *b)
{
	size_t s = line_start(a, b);

	return (int)strcspn(a + s, "\n");
}

/* docs/report-json.md's table of fields is the table's (a row dropped
   from either fails), between the generated-table lines. */
START_TEST(test_doc_table)
{
	char *doc = tu_read_file(tu_src("docs/report-json.md"), NULL);
	char *want = NULL, *begin, *end;
	size_t len = 0;
	FILE *mem = open_memstream(&want, &len);

	ck_assert_ptr_nonnull(doc);
	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(report_fields_markdown(mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	begin = strstr(doc, PK_REPORT_FIELDS_BEGIN);
	ck_assert_ptr_nonnull(begin);
	begin += strlen(PK_REPORT_FIELDS_BEGIN);
	end = strstr(begin, PK_REPORT_FIELDS_END);
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	ck_assert_msg(strcmp(begin, want) == 0,
		      "docs/report-json.md's table of fields differs from "
		      "src/load/report_fields.def from its line '%.*s' on: "
		      "ninja -C build report-fields-doc rewrites it",
		      first_diff(begin, want), begin + line_start(begin, want));
	/* the header of a field's row, for the sake of the test below */
	ck_assert_ptr_nonnull(strstr(want, "| `totals.throttled_429` | "
					   "integer | count | "));
	free(want);
	free(doc);
}
END_TEST

/* The report's schema block names every field (its last name, quoted),
   and scenarios/README.md's expect section every shorthand. */
START_TEST(test_doc_names)
{
	char *doc = tu_read_file(tu_src("docs/report-json.md"), NULL);
	char *readme = tu_read_file(tu_src("scenarios/README.md"), NULL);
	char *block_end;
	size_t n, i;
	const struct pk_report_field *f = report_fields(&n);

	ck_assert_ptr_nonnull(doc);
	ck_assert_ptr_nonnull(readme);
	block_end = strstr(doc, "## Fields by path");
	ck_assert_ptr_nonnull(block_end);
	*block_end = '\0';
	for (i = 0; i < n; i++) {
		char last[128], quoted[140];
		const char *dot = strrchr(f[i].path, '.');

		if (f[i].shorthand) {
			char *br;

			snprintf(last, sizeof(last), "%s", f[i].path);
			br = strstr(last, "[]");
			snprintf(quoted, sizeof(quoted), "| `%.*s%s` |",
				 br ? (int)(br - last) : (int)strlen(last),
				 last, br ? "[ID]" : "");
			ck_assert_msg(strstr(readme, quoted),
				      "shorthand %s: no row %s in "
				      "scenarios/README.md",
				      f[i].path, quoted);
			continue;
		}
		snprintf(last, sizeof(last), "%s", dot ? dot + 1 : f[i].path);
		last[strcspn(last, "[")] = '\0';
		snprintf(quoted, sizeof(quoted), "\"%s\"", last);
		ck_assert_msg(strstr(doc, quoted),
			      "%s: %s is not in docs/report-json.md's schema",
			      f[i].path, quoted);
	}
	free(doc);
	free(readme);
}
END_TEST

/* Every days_to_full_kind the report writes (report_json_full_kind,
   PK_FULL_DAYS .. PK_FULL_NOT_PROJECTED) is listed in the table's line
   and, quoted, in docs/report-json.md's schema block: a consumer that
   checks the kind against the documented list accepts every one.
   Before, "not_projected" was in neither. */
START_TEST(test_doc_full_kinds)
{
	const struct pk_report_field *f =
	    report_field_find("scorecard.days_to_full_kind");
	char *doc = tu_read_file(tu_src("docs/report-json.md"), NULL);
	char *block_end;
	int k;

	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(doc);
	block_end = strstr(doc, "## Fields by path");
	ck_assert_ptr_nonnull(block_end);
	*block_end = '\0';
	for (k = PK_FULL_DAYS; k <= PK_FULL_NOT_PROJECTED; k++) {
		const char *name = report_json_full_kind((enum pk_full_kind)k);
		char quoted[64];

		snprintf(quoted, sizeof(quoted), "\"%s\"", name);
		ck_assert_msg(strstr(f->doc, name), "%s not in the table's %s",
			      name, f->doc);
		ck_assert_msg(strstr(doc, quoted),
			      "%s not in docs/report-json.md's schema", quoted);
	}
	free(doc);
}
END_TEST

/* ---- the JSON writer ---- */

/* 1 if JSON value j is of the table's type t */
static int type_ok(enum pk_field_type t, json_t *j, int level)
{
	switch (t) {
	case PK_FIELD_INTEGER_OR_NULL:
		return json_is_null(j) || json_is_integer(j);
	case PK_FIELD_INTEGER:
		return json_is_integer(j);
	case PK_FIELD_NUMBER_OR_NULL:
		return json_is_null(j) || json_is_real(j);
	case PK_FIELD_NUMBER:
		return json_is_real(j);
	case PK_FIELD_STRING_OR_NULL:
		return json_is_null(j) || json_is_string(j);
	case PK_FIELD_STRING:
		return json_is_string(j);
	case PK_FIELD_BOOLEAN:
		return json_is_boolean(j);
	case PK_FIELD_KEY:
		/* a level may be {} (undefined), never a list */
		return level ? !json_is_array(j)
			     : !json_is_object(j) || json_object_size(j) == 0;
	case PK_FIELD_LIST:
		return json_is_array(j);
	}
	return 0;
}

struct walk {
	const char *file;
	char *seen; /* per table entry */
	int leaves;
};

/* Every value below j at path (indexes written []): a table field of
   its type; objects are walked into, lists too. */
static void walk(json_t *j, char *path, size_t len, size_t cap, struct walk *w)
{
	size_t n, i;
	const struct pk_report_field *all = report_fields(&n), *f;
	const char *k;
	json_t *x;

	if (json_is_object(j) && !(len && report_field_find(path))) {
		json_object_foreach(j, k, x)
		{
			size_t l = (size_t)snprintf(path + len, cap - len,
						    "%s%s", len ? "." : "", k);

			walk(x, path, len + l, cap, w);
		}
		path[len] = '\0';
		return;
	}
	path[len] = '\0';
	f = report_field_find(path);
	ck_assert_msg(f != NULL,
		      "%s: field '%s' of the JSON report is not in "
		      "src/load/report_fields.def",
		      w->file, path);
	ck_assert_msg(type_ok(f->type, j,
			      len > 2 && strcmp(path + len - 2, "[]") == 0 &&
				  f->type == PK_FIELD_KEY),
		      "%s: '%s' is %s in the report, %s in the table", w->file,
		      path, json_dumps(j, JSON_ENCODE_ANY),
		      report_field_type_name(f->type));
	w->seen[f - all] = 1;
	w->leaves++;
	if (json_is_array(j)) {
		json_array_foreach(j, i, x)
		{
			snprintf(path + len, cap - len, "[]");
			walk(x, path, len + 2, cap, w);
			path[len] = '\0';
		}
	}
}

static void walk_report(json_t *root, struct walk *w)
{
	char path[512] = "scenario";
	json_t *v;
	size_t i;

	ck_assert_ptr_nonnull(root);
	walk(json_object_get(root, "scenario"), path, strlen(path),
	     sizeof(path), w);
	json_array_foreach(json_object_get(root, "variants"), i, v)
	{
		path[0] = '\0';
		walk(v, path, 0, sizeof(path), w);
	}
}

/* The JSON report (with scorecards) of scenario text, run here. */
/* The JSON report of scenario text, its remedies replayed when
   remedies is 1 */
static json_t *report_of(const char *name, const char *text, int remedies)
{
	struct tu_fx fx;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	json_t *root;

	ck_assert_ptr_nonnull(mem);
	tu_fx_run(&fx, name, text);
	if (remedies) {
		remedies_build(fx.r, 1);
	}
	ck_assert_int_eq(report_json(fx.r, 1, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	root = json_loadb(buf, len, 0, NULL);
	free(buf);
	tu_fx_free(&fx);
	return root;
}

START_TEST(test_writer_matches_table)
{
	size_t n, i;
	const struct pk_report_field *f = report_fields(&n);
	struct walk w = {0};
	char *out = NULL, *err = NULL;
	DIR *d;
	struct dirent *e;
	int files = 0;
	json_t *root;

	w.seen = calloc(n, 1);
	ck_assert_ptr_nonnull(w.seen);
	ck_assert_int_eq(chdir(tu_src("tests/golden")), 0);
	d = opendir(".");
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l < 6 || strcmp(e->d_name + l - 5, ".json") != 0) {
			continue;
		}
		w.file = e->d_name;
		root = json_load_file(e->d_name, 0, NULL);
		walk_report(root, &w);
		json_decref(root);
		files++;
	}
	closedir(d);
	/* one golden JSON per shipped scenario */
	ck_assert_int_ge(files, 25);
	/* a compare report: scorecards and the fingerprint */
	ck_assert_int_eq(chdir(tu_src(".")), 0);
	ck_assert_int_eq(tu_run("compare scenarios/compare-offices.yaml "
				"--format json",
				&out, &err),
			 0);
	w.file = "compare-offices (compare)";
	root = json_loads(out, 0, NULL);
	walk_report(root, &w);
	json_decref(root);
	free(out);
	free(err);
	w.file = "fields-a";
	root = report_of("fields-a.yaml", fields_a, 0);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-b";
	root = report_of("fields-b.yaml", fields_b, 0);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-c";
	root = report_of("fields-c.yaml", fields_c, 0);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-d";
	root = report_of("fields-d.yaml", fields_d, 0);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-e";
	root = report_of("fields-e.yaml", fields_e, 0);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-f";
	root = report_of("fields-f.yaml", fields_f, 1);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-g";
	root = report_of("fields-g.yaml", fields_g, 0);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-h";
	root = report_of("fields-h.yaml", fields_h, 0);
	walk_report(root, &w);
	json_decref(root);
	w.file = "fields-i";
	root = report_of("fields-i.yaml", fields_i, 0);
	walk_report(root, &w);
	json_decref(root);
	ck_assert_int_gt(w.leaves, 1000);
	for (i = 0; i < n; i++) {
		ck_assert_msg(w.seen[i] || f[i].shorthand ||
				  never_written(f[i].path),
			      "table field %s is in no report", f[i].path);
	}
	free(w.seen);
}
END_TEST

/* ---- the readers ---- */

START_TEST(test_readers_cover_table)
{
	size_t n, i;
	const struct pk_report_field *f = report_fields(&n);

	for (i = 0; i < n; i++) {
		ck_assert_msg(field_reader_path(i) &&
				  strcmp(field_reader_path(i), f[i].path) == 0,
			      "reader %zu is %s, the table's field %s", i,
			      field_reader_path(i) ? field_reader_path(i)
						   : "none",
			      f[i].path);
	}
	ck_assert_msg(field_reader_path(n) == NULL,
		      "reader %s has no field in the table",
		      field_reader_path(n));
}
END_TEST

/* The node at a dotted path with indexes below j ("splits[0].t_s");
   NULL when absent. */
static json_t *node(json_t *j, const char *path)
{
	char seg[128];
	const char *p = path;

	while (j && *p) {
		size_t n = strcspn(p, ".[");

		ck_assert_uint_lt(n, sizeof(seg));
		if (n > 0) {
			memcpy(seg, p, n);
			seg[n] = '\0';
			j = json_object_get(j, seg);
			p += n;
		}
		while (j && *p == '[') {
			char *end;
			unsigned long i = strtoul(p + 1, &end, 10);

			j = json_array_get(j, i);
			p = end + 1;
		}
		if (*p == '.') {
			p++;
		}
	}
	return j;
}

/* The reader's value of path in variant vi equals the report's node j
   (NULL: absent), as a number (a list: its length), a string, a
   boolean or null. */
static void same(struct pk_field_reader *rd, const struct pk_result *r,
		 size_t vi, const char *path, json_t *j, const char *file)
{
	struct pk_field_value v;

	ck_assert_msg(field_read(rd, &r->variants[vi], path, &v) == 0,
		      "%s: %s: no such field", file, path);
	if (!j || json_is_object(j)) {
		ck_assert_msg(v.absent, "%s: %s is absent, read present", file,
			      path);
	} else if (json_is_array(j) || json_is_number(j)) {
		double x = json_is_array(j) ? (double)json_array_size(j)
					    : json_number_value(j);

		ck_assert_msg(!v.absent && v.is_num && v.num == x,
			      "%s: %s is %.17g, read %s%.17g", file, path, x,
			      v.absent ? "absent " : "", v.num);
	} else {
		const char *t = json_is_string(j)  ? json_string_value(j)
				: json_is_true(j)  ? "true"
				: json_is_false(j) ? "false"
						   : "null";
		int kind = json_is_string(j)	? PK_EXPECT_STRING
			   : json_is_boolean(j) ? PK_EXPECT_BOOL
						: PK_EXPECT_NULL;

		ck_assert_msg(!v.absent && !v.is_num && v.kind == kind &&
				  strcmp(v.text, t) == 0,
			      "%s: %s is %s, read %s", file, path, t,
			      v.absent ? "absent"
			      : v.text ? v.text
				       : "a number");
	}
	field_value_clear(&v);
}

/* Every value below j at path (indexes as written) read alike. */
static void same_below(struct pk_field_reader *rd, const struct pk_result *r,
		       size_t vi, json_t *j, char *path, size_t len, size_t cap,
		       const char *file, int *n)
{
	const char *k;
	json_t *x;
	size_t i;

	if (json_is_object(j) && len && strcmp(path + len - 1, "]") == 0 &&
	    json_object_size(j) == 0) {
		same(rd, r, vi, path, j, file); /* an undefined key level */
		return;
	}
	if (json_is_object(j)) {
		json_object_foreach(j, k, x)
		{
			size_t l = (size_t)snprintf(path + len, cap - len,
						    "%s%s", len ? "." : "", k);

			same_below(rd, r, vi, x, path, len + l, cap, file, n);
		}
		path[len] = '\0';
		return;
	}
	same(rd, r, vi, path, j, file);
	(*n)++;
	json_array_foreach(j, i, x)
	{
		size_t l = (size_t)snprintf(path + len, cap - len, "[%zu]", i);

		same_below(rd, r, vi, x, path, len + l, cap, file, n);
		path[len] = '\0';
	}
}

/* Every field of the table, each index 0 (an index past the end too),
   in every variant of r, read as the report root has it: present or
   left out alike; then every value of the report. */
static void check_run(const struct pk_result *r, const char *file)
{
	char *buf = NULL, path[512];
	size_t len = 0, n, i, vi;
	const struct pk_report_field *f = report_fields(&n);
	FILE *mem = open_memstream(&buf, &len);
	struct pk_field_reader *rd = field_reader_new(r);
	json_t *root;
	int values = 0;

	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(report_json(r, 1, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	root = json_loadb(buf, len, 0, NULL);
	ck_assert_ptr_nonnull(root);
	for (vi = 0; vi < r->n_variants; vi++) {
		json_t *jv =
		    json_array_get(json_object_get(root, "variants"), vi);

		for (i = 0; i < n; i++) {
			const char *p = f[i].path, *b;
			size_t o = 0;

			if (f[i].shorthand) {
				continue;
			}
			for (b = p; *b; b++) {
				if (b[0] == '[' && b[1] == ']') {
					o += (size_t)snprintf(
					    path + o, sizeof(path) - o, "[0]");
					b++;
				} else {
					path[o++] = *b;
				}
			}
			path[o] = '\0';
			same(rd, r, vi, path,
			     strncmp(path, "scenario.", 9) == 0
				 ? node(json_object_get(root, "scenario"),
					path + 9)
				 : node(jv, path),
			     file);
		}
		same(rd, r, vi, "splits[999999].t_s", NULL, file);
		same(rd, r, vi, "physical_partitions[999999].id", NULL, file);
		path[0] = '\0';
		same_below(rd, r, vi, jv, path, 0, sizeof(path), file, &values);
		snprintf(path, sizeof(path), "scenario");
		same_below(rd, r, vi, json_object_get(root, "scenario"), path,
			   strlen(path), sizeof(path), file, &values);
		/* the shorthands: partitions and rank as the report has
		   them */
		same(rd, r, vi, "partitions",
		     json_object_get(jv, "physical_partitions"), file);
		same(rd, r, vi, "rank", node(jv, "scorecard.rank"), file);
	}
	ck_assert_int_gt(values, 0);
	json_decref(root);
	free(buf);
	field_reader_free(rd);
}

/* The readers read what the writer writes: every shipped scenario (the
   fingerprint set, as a compare's), and the made-up ones. */
START_TEST(test_readers_read_the_report)
{
	DIR *d;
	struct dirent *e;
	int runs = 0;
	const char *const made[][2] = {
	    {"fields-a.yaml", fields_a}, {"fields-b.yaml", fields_b},
	    {"fields-c.yaml", fields_c}, {"fields-d.yaml", fields_d},
	    {"fields-e.yaml", fields_e}, {"fields-g.yaml", fields_g},
	    {"fields-h.yaml", fields_h},
	};
	size_t i;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	d = opendir("scenarios");
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		char path[512], *text;
		struct tu_fx fx;

		if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") != 0) {
			continue;
		}
		snprintf(path, sizeof(path), "scenarios/%s", e->d_name);
		text = tu_read_file(path, NULL);
		ck_assert_ptr_nonnull(text);
		tu_fx_run(&fx, path, text);
		snprintf(((struct pk_scenario *)fx.run->sc)->fingerprint,
			 sizeof(fx.run->sc->fingerprint), "0123456789abcdef");
		check_run(fx.r, e->d_name);
		tu_fx_free(&fx);
		free(text);
		runs++;
	}
	closedir(d);
	ck_assert_int_ge(runs, 25);
	for (i = 0; i < sizeof(made) / sizeof(made[0]); i++) {
		struct tu_fx fx;

		tu_fx_run(&fx, made[i][0], made[i][1]);
		check_run(fx.r, made[i][0]);
		tu_fx_free(&fx);
	}
}
END_TEST

/* One field of r's first variant, which must be a number. */
static double num(struct pk_field_reader *rd, const struct pk_result *r,
		  const char *path)
{
	struct pk_field_value v;
	double x;

	ck_assert_int_eq(field_read(rd, &r->variants[0], path, &v), 0);
	ck_assert_msg(!v.absent && v.is_num, "%s: no number", path);
	x = v.num;
	field_value_clear(&v);
	return x;
}

/* One field of r's first variant as text ("absent", a string, "true",
   "null"); owned. */
static char *text(struct pk_field_reader *rd, const struct pk_result *r,
		  const char *path)
{
	struct pk_field_value v;
	char *t;

	ck_assert_int_eq(field_read(rd, &r->variants[0], path, &v), 0);
	t = strdup(v.absent ? "absent" : v.text ? v.text : "a number");
	field_value_clear(&v);
	return t;
}

#define TEXT_EQ(path, want)                                                    \
	do {                                                                   \
		char *t_ = text(rd, fx.r, path);                               \
		ck_assert_str_eq(t_, want);                                    \
		free(t_);                                                      \
	} while (0)

/* Figures worked out by hand, read from the result model. 50,000 manual
   RU/s: rule 2, one physical partition per 6,000 RU/s, makes
   ceil(50,000 / 6,000) = 9, ids "0".."8", each 50,000 / 9 =
   5,555.555... RU/s, which the report prints in 16 digits,
   5555.555555555556. 40 s at 1 create a second: 40 operations, each 1 KB
   for 5 RU, far below a partition's RU/s: no 429. The key values k0..k3
   drawn in turn: 10 creates each, 10 x 5 = 50 RU, a quarter of the 200
   RU and of the bytes stored: 4 hot logical partitions, each ru_share
   and storage_share 0.25 (ties ordered by key: k0 first). One variant:
   rank 1. No stream, no time to live, no autoscale, no 403: those
   fields are absent, first_403_s -1. */
START_TEST(test_read_by_hand)
{
	static const char text_h[] =
	    "name: by-hand\n"
	    "seed: 7\n"
	    "container: {partition_key: /k, throughput: 50000}\n"
	    "items: {k: {values: \"k{0..3}\", distribution: sequential}}\n"
	    "phases: [{duration: 40s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct tu_fx fx;
	struct pk_field_reader *rd;
	struct pk_field_value v;

	tu_fx_run(&fx, "by-hand.yaml", text_h);
	rd = field_reader_new(fx.r);
	ck_assert_double_eq(num(rd, fx.r, "partitions"), 9);
	ck_assert_double_eq(num(rd, fx.r, "physical_partitions"), 9);
	ck_assert_double_eq(num(rd, fx.r, "layout.physical_partitions"), 9);
	ck_assert_double_eq(num(rd, fx.r, "layout.ru_per_s_per_partition"),
			    5555.555555555556);
	ck_assert_double_eq(num(rd, fx.r, "totals.operations"), 40);
	ck_assert_double_eq(num(rd, fx.r, "totals.throttled_429"), 0);
	ck_assert_double_eq(num(rd, fx.r, "totals.ru_consumed"), 200);
	ck_assert_double_eq(num(rd, fx.r, "hot_logical_partitions"), 4);
	TEXT_EQ("hot_logical_partitions[0].key", "k0");
	TEXT_EQ("hot_logical_partitions[3].key", "k3");
	ck_assert_double_eq(num(rd, fx.r, "hot_logical_partitions[0].ru"), 50);
	ck_assert_double_eq(num(rd, fx.r, "hot_logical_partitions[2].ru_share"),
			    0.25);
	ck_assert_double_eq(
	    num(rd, fx.r, "largest_logical_partitions[1].storage_share"), 0.25);
	ck_assert_double_eq(num(rd, fx.r, "hot_logical_partitions[1].items"),
			    10);
	TEXT_EQ("hot_logical_partitions[4].ru", "absent");
	TEXT_EQ("hot_logical_partitions[0].key[0]", "absent");
	TEXT_EQ("physical_partitions[8].id", "8");
	TEXT_EQ("physical_partitions[0].parent", "null");
	ck_assert_double_eq(num(rd, fx.r, "physical_partitions[0].created_s"),
			    0);
	ck_assert_double_eq(num(rd, fx.r, "range_429_rate[8]"), 0);
	TEXT_EQ("range_429_rate[9]", "absent");
	ck_assert_double_eq(num(rd, fx.r, "first_403_s"), -1);
	ck_assert_double_eq(num(rd, fx.r, "rank"), 1);
	ck_assert_double_eq(num(rd, fx.r, "scorecard.hottest_share_ru"), 0.25);
	TEXT_EQ("scorecard.hottest_key", "k0");
	TEXT_EQ("scorecard.tied", "false");
	TEXT_EQ("streams", "absent");
	TEXT_EQ("ttl.expired", "absent");
	TEXT_EQ("autoscale.max_ru_per_s", "absent");
	TEXT_EQ("totals.batches", "absent");
	TEXT_EQ("layout.origin", "created");
	ck_assert_double_eq(num(rd, fx.r, "scenario.seed"), 7);
	ck_assert_double_eq(num(rd, fx.r, "scenario.duration_s"), 40);
	ck_assert_double_eq(num(rd, fx.r, "scenario.items_created"), 40);
	TEXT_EQ("scenario.name", "by-hand");
	/* no such field */
	ck_assert_int_eq(field_read(rd, &fx.r->variants[0], "totals", &v), -1);
	ck_assert(v.absent);
	field_reader_free(rd);
	tu_fx_free(&fx);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("fields");
	TCase *tc = tcase_create("fields");

	tcase_add_test(tc, test_table_shape);
	tcase_add_test(tc, test_doc_table);
	tcase_add_test(tc, test_doc_names);
	tcase_add_test(tc, test_doc_full_kinds);
	tcase_add_test(tc, test_writer_matches_table);
	tcase_add_test(tc, test_readers_cover_table);
	tcase_add_test(tc, test_readers_read_the_report);
	tcase_add_test(tc, test_read_by_hand);
	suite_add_tcase(s, tc);
	return s;
}
