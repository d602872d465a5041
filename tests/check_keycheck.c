/*
 * keycheck: a partition key that matches no item is an error, not a
 * result, as a user meets it through the pksim binary:
 * run, compare (scenario variants, --key, --items) and locate; the opt-in
 * (allow_undefined_key, --allow-undefined-key); the count of items that
 * lack the key's property when only some do; the id a data-file record
 * without one gets.
 *
 * Counts of the real data file come from an independent tool:
 *   python3 -c 'import json, collections; d = json.load(open(
 *     "scenarios/data/cosmoslabs_transactions.json")); print(len(d),
 *     collections.Counter(k for r in d for k in r))'
 * prints 50000 and amount, processed, paidBy, costCenter 50000 each: 50,000
 * records, each with those 4 properties and none with an id.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define TX "scenarios/data/cosmoslabs_transactions.json"

/* Write text to dir/name; the path in a static buffer. */
static const char *put(const char *dir, const char *name, const char *text)
{
	static char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

/* Line n (0-based) of text, in a static buffer. */
static const char *line_of(const char *text, int n)
{
	static char buf[1024];
	const char *s = text, *e;

	while (n-- > 0 && s && (s = strchr(s, '\n'))) {
		s++;
	}
	if (!s) {
		return "";
	}
	e = strchr(s, '\n');
	snprintf(buf, sizeof(buf), "%.*s", e ? (int)(e - s) : (int)strlen(s),
		 s);
	return buf;
}

/* Run args; assert exit status want; return stderr's line n. */
static char *run_err(const char *args, int want, char **out)
{
	char *o = NULL, *err = NULL;
	int rc = tu_run(args, &o, &err);

	ck_assert_msg(rc == want, "%s: exit %d, want %d: %s", args, rc, want,
		      err ? err : "");
	if (out) {
		*out = o;
	} else {
		free(o);
	}
	return err;
}

#define NOTE_TAIL                                                              \
	"; to study the undefined logical partition on purpose, set "          \
	"allow_undefined_key: true in the container (or pass "                 \
	"--allow-undefined-key)"

/* The scenario of the issue: items have tenantId, the key says tenantID.
   Line 3 is "  partition_key: /tenantID": the value starts at column 18
   (2 spaces + "partition_key: " = 17 characters before it). */
static const char typo_yaml[] = "container:\n"
				"  throughput: 400\n"
				"  partition_key: /tenantID\n"
				"items:\n"
				"  tenantId: {values: [t1, t2]}\n"
				"phases: [{duration: 10s, rate: 1/s}]\n";

START_TEST(test_generated_typo)
{
	char *dir = tu_tmpdir(), args[1024], *err, *out;
	const char *p = put(dir, "typo.yaml", typo_yaml);
	char want[1024];

	/* run: exit 2, the key's place, the property, the suggestion */
	snprintf(args, sizeof(args), "run '%s'", p);
	err = run_err(args, 2, NULL);
	snprintf(want, sizeof(want),
		 "pksim: %s:3:18: error: partition key /tenantID matches no "
		 "item: the items section generates no property /tenantID; "
		 "did you mean /tenantId?",
		 p);
	ck_assert_str_eq(line_of(err, 0), want);
	/* every generated item has every generated property and an id */
	ck_assert_str_eq(line_of(err, 1), "pksim: note: the items have /id "
					  "(100%), /tenantId (100%)" NOTE_TAIL);
	free(err);

	/* compare and locate stop the same way */
	snprintf(args, sizeof(args), "compare '%s'", p);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0), want);
	free(err);
	snprintf(args, sizeof(args), "locate '%s' '{\"tenantId\": \"t1\"}'", p);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0), want);
	free(err);

	/* the flag allows it: 10 s at 1/s = 10 creates, all without
	   /tenantID, so all 10 in the undefined logical partition */
	snprintf(args, sizeof(args), "run '%s' --allow-undefined-key", p);
	err = run_err(args, 0, &out);
	ck_assert_msg(strstr(out, "\nundefined key: 10 of 10 items (100%) "
				  "have no /tenantID: they went to the "
				  "undefined logical partition (allowed: "
				  "allow_undefined_key)\n"),
		      "%s", out);
	free(out);
	free(err);
	snprintf(args, sizeof(args),
		 "locate --allow-undefined-key '%s' '{\"tenantId\": \"t1\"}'",
		 p);
	err = run_err(args, 0, &out);
	ck_assert_ptr_nonnull(strstr(out, "  key value  undefined\n"));
	free(out);
	free(err);
	free(dir);
}
END_TEST

/* Streams: a stream that creates items without the key's property is
   refused at the stream (line 6 col 5: "- name: logs" starts there); a
   read-only stream needs none. */
START_TEST(test_streams_key_property)
{
	char *dir = tu_tmpdir(), *err, args[600];
	const char *streams =
	    "streams:\n"
	    "  - name: bulk\n"
	    "    items: {deviceId: {values: \"d-{0..9}\"}}\n"
	    "    phases: [{duration: 10s, rate: 1/s}]\n"
	    "  - name: logs\n"
	    "    items: {level: {values: [info, warn]}}\n"
	    "    phases: [{duration: 10s, rate: 1/s, ops: {%s: 1}}]\n";
	char text[1024];
	const char *p;

	snprintf(text, sizeof(text),
		 "container: {partition_key: /deviceId, throughput: 400}\n%s",
		 streams);
	{
		char body[1024];

		snprintf(body, sizeof(body), text, "create");
		p = put(dir, "s.yaml", body);
	}
	snprintf(args, sizeof(args), "run '%s'", p);
	err = run_err(args, 2, NULL);
	ck_assert_ptr_nonnull(
	    strstr(line_of(err, 0),
		   "s.yaml:6:5: error: stream 'logs' creates items without "
		   "/deviceId, which partition key /deviceId reads"));
	free(err);
	{
		char body[1024];

		snprintf(body, sizeof(body), text, "read");
		p = put(dir, "r.yaml", body);
	}
	snprintf(args, sizeof(args), "run '%s'", p);
	err = run_err(args, 0, NULL);
	free(err);
	free(dir);
}
END_TEST

START_TEST(test_generated_opt_in_and_variants)
{
	char *dir = tu_tmpdir(), args[1024], *err, *out, want[1024];
	const char *p;

	/* the scenario key allows it; a variant inherits it */
	p = put(dir, "allowed.yaml",
		"container: {partition_key: /tenantID, throughput: 400,\n"
		"            allow_undefined_key: true}\n"
		"variants:\n"
		"  - {name: inherits}\n"
		"  - {name: good, partition_key: /tenantId}\n"
		"items: {tenantId: {values: [t1, t2]}}\n"
		"phases: [{duration: 10s, rate: 1/s}]\n");
	snprintf(args, sizeof(args), "run '%s'", p);
	err = run_err(args, 0, &out);
	/* the first variant: 10 of 10; the good one has no such line */
	ck_assert_ptr_nonnull(strstr(out, "undefined key: 10 of 10 items"));
	ck_assert_ptr_null(
	    strstr(strstr(out, "== variant 2 of 2"), "undefined key"));
	free(out);
	free(err);

	/* without it, a variant's own typo is named at its own place: line
	   3, "  - {name: bad, partition_key: /tenantID}", the value at
	   column 32 ("  - {" 5 + "name: bad, " 11 + "partition_key: " 15 =
	   31 characters before it) */
	p = put(dir, "variant.yaml",
		"container: {partition_key: /tenantId, throughput: 400}\n"
		"variants:\n"
		"  - {name: bad, partition_key: /tenantID}\n"
		"items: {tenantId: {values: [t1, t2]}}\n"
		"phases: [{duration: 10s, rate: 1/s}]\n");
	snprintf(args, sizeof(args), "compare '%s'", p);
	err = run_err(args, 2, NULL);
	snprintf(want, sizeof(want),
		 "pksim: %s:3:32: error: partition key /tenantID matches no "
		 "item: the items section generates no property /tenantID; "
		 "did you mean /tenantId?",
		 p);
	ck_assert_str_eq(line_of(err, 0), want);
	free(err);

	/* a --key on a scenario is named as the option */
	p = put(dir, "good.yaml",
		"container: {partition_key: /tenantId, throughput: 400}\n"
		"items: {tenantId: {values: [t1, t2]}}\n"
		"phases: [{duration: 10s, rate: 1/s}]\n");
	snprintf(args, sizeof(args), "compare '%s' --key '[/tenantId, /user]'",
		 p);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: --key '[/tenantId, /user]': error: partition "
			 "key [/tenantId, /user] matches no item: the items "
			 "section generates no property /user");
	free(err);
	/* a template naming a property no item has, no near one */
	snprintf(args, sizeof(args), "run '%s'",
		 put(dir, "tpl.yaml",
		     "container: {partition_key: '{tenantId}-{zone}', "
		     "throughput: 400}\n"
		     "items: {tenantId: {values: [t1, t2]}}\n"
		     "phases: [{duration: 10s, rate: 1/s}]\n"));
	err = run_err(args, 2, NULL);
	ck_assert_ptr_nonnull(strstr(line_of(err, 0),
				     ":1:28: error: partition key "
				     "'{tenantId}-{zone}' matches no item: the "
				     "items section generates no property "
				     "/zone"));
	free(err);
	free(dir);
}
END_TEST

START_TEST(test_data_file_typos)
{
	char args[1024], *err;
	const char *tx = tu_src(TX);
	static const char note[] =
	    "pksim: note: the items have /amount (100%), /costCenter (100%), "
	    "/paidBy (100%), /processed (100%)" NOTE_TAIL;

	/* the two: 0 of the 50,000 records have either */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /costcenter", tx);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: --key '/costcenter': error: partition key "
			 "/costcenter matches no item: 0 of 50,000 items have "
			 "/costcenter; did you mean /costCenter?");
	ck_assert_str_eq(line_of(err, 1), note);
	free(err);
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /costCenter "
		 "--key '{costCentre}-{paidBy}'",
		 tx);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: --key '{costCentre}-{paidBy}': error: "
			 "partition key '{costCentre}-{paidBy}' matches no "
			 "item: 0 of 50,000 items have /costCentre; did you "
			 "mean /costCenter?");
	free(err);

	/* a scenario reading the file: the partition_key's place (line 1,
	   "container: {partition_key: /costcenter, ...": column 28) */
	{
		char *dir = tu_tmpdir(), yaml[1024], want[1024];
		const char *p;

		snprintf(yaml, sizeof(yaml),
			 "container: {partition_key: /costcenter, throughput: "
			 "400}\n"
			 "items: {file: '%s', at_once: true}\n",
			 tx);
		p = put(dir, "tx.yaml", yaml);
		snprintf(args, sizeof(args), "run '%s'", p);
		err = run_err(args, 2, NULL);
		snprintf(want, sizeof(want),
			 "pksim: %s:1:28: error: partition key /costcenter "
			 "matches no item: 0 of 50,000 items have "
			 "/costcenter; did you mean /costCenter?",
			 p);
		ck_assert_str_eq(line_of(err, 0), want);
		ck_assert_str_eq(line_of(err, 1), note);
		free(err);
		/* limit: 7 records are the items counted */
		snprintf(yaml, sizeof(yaml),
			 "container: {partition_key: /costcenter, throughput: "
			 "400}\n"
			 "items: {file: '%s', at_once: true, limit: 7}\n",
			 tx);
		p = put(dir, "tx7.yaml", yaml);
		snprintf(args, sizeof(args), "run '%s'", p);
		err = run_err(args, 2, NULL);
		ck_assert_ptr_nonnull(
		    strstr(line_of(err, 0), ": 0 of 7 items have /costcenter"));
		free(err);
		free(dir);
	}
}
END_TEST

/*
 * Query filters are checked like keys (else `--query costcenter` makes
 * every query fan out and puts /id ahead of /costCenter).
 * The scenario's query property: line 4 is
 * "  - {duration: 5s, rate: 1/s, queries: [{name: q1, where: {deviceid: eq}}]}"
 * where "deviceid" starts at column 60 (59 characters before it: 2 spaces
 * and the 57 of "- {duration: 5s, rate: 1/s, queries: [{name: q1, where: {").
 */
START_TEST(test_query_filter_typos)
{
	char *dir = tu_tmpdir(), args[1024], want[1024], *err;
	const char *tx = tu_src(TX), *p;

	p = put(dir, "q.yaml",
		"container: {partition_key: /deviceId, throughput: 400}\n"
		"items: {deviceId: {values: [a, b]}}\n"
		"phases:\n"
		"  - {duration: 5s, rate: 1/s, queries: [{name: q1, where: "
		"{deviceid: eq}}]}\n");
	snprintf(args, sizeof(args), "run '%s'", p);
	err = run_err(args, 2, NULL);
	snprintf(want, sizeof(want),
		 "pksim: %s:4:60: error: query 'q1' filters on /deviceid, "
		 "which no item has: the items section generates no property "
		 "/deviceid; did you mean /deviceId?",
		 p);
	ck_assert_str_eq(line_of(err, 0), want);
	ck_assert_str_eq(line_of(err, 1), "pksim: note: the items have "
					  "/deviceId (100%), /id (100%)");
	free(err);

	/* --query: 0 of the 50,000 records have costcenter */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --rate 500 --key /id --key /costCenter "
		 "--query costcenter",
		 tx);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: --query 'costcenter': error: query "
			 "'costcenter' filters on /costcenter, which no item "
			 "has: 0 of 50,000 items have /costcenter, so every "
			 "such query would fan out and find nothing; did you "
			 "mean /costCenter?");
	free(err);
	/* an empty query, and the same filter twice (in another order) */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --rate 500 --key /id --query ''", tx);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: --query '': error: name the property each "
			 "equality filter reads: --query costCenter, --query "
			 "a,b@20%");
	free(err);
	snprintf(args, sizeof(args),
		 "compare --items '%s' --rate 500 --key /id --query "
		 "costCenter,paidBy --query 'paidBy, costCenter@10%%'",
		 tx);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: --query 'paidBy, costCenter@10%': error: "
			 "filters on the same properties as --query "
			 "'costCenter,paidBy': give that query a larger @SHARE "
			 "instead");
	free(err);
	free(dir);
}
END_TEST

/*
 * A key path that holds an object in every record can key nothing (the
 * service refuses such an item with 400): an error up front, pointing
 * inside it. Three records, each with an object at /data, by eye.
 */
START_TEST(test_key_holds_object)
{
	char *dir = tu_tmpdir(), args[1024], *err;
	const char *p = put(dir, "obj.jsonl",
			    "{\"data\": {\"temp\": 1}, \"d\": \"a\"}\n"
			    "{\"data\": {\"temp\": 2}, \"d\": \"b\"}\n"
			    "{\"data\": [1, 2], \"d\": \"c\"}\n");

	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /data", p);
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: --key '/data': error: partition key /data "
			 "matches no item: 3 of 3 items hold an object or "
			 "array at /data, and a partition key value must be a "
			 "string, number, boolean or null; did you mean "
			 "/data/temp?");
	free(err);
	/* the property inside it keys them */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /data/temp", p);
	err = run_err(args, 0, NULL);
	free(err);
	free(dir);
}
END_TEST

/* Five records, two without tenantId (the 3rd and 5th), one without v
   (the 4th): counted by eye. */
static const char part_jsonl[] = "{\"tenantId\": \"a\", \"v\": 1}\n"
				 "{\"tenantId\": \"b\", \"v\": 2}\n"
				 "{\"v\": 3}\n"
				 "{\"tenantId\": \"a\"}\n"
				 "{\"v\": 5}\n";

START_TEST(test_some_items_lack_it)
{
	char *dir = tu_tmpdir(), args[1024], *err, *out;
	const char *p = put(dir, "part.jsonl", part_jsonl);
	char path[512];
	json_t *root, *u;

	snprintf(path, sizeof(path), "%s", p);
	/* compare: a row per variant; 2/5 = 40.0%, 1/5 = 20.0%; the
	   template misses an item lacking either: 3rd, 4th, 5th = 3/5 */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /tenantId --key /v "
		 "--key '{tenantId}-{v}'",
		 path);
	err = run_err(args, 0, &out);
	ck_assert_msg(strstr(out, "\n  items without key        "
				  "2 of 5 (40.0%)        1 of 5 (20.0%)     "
				  "   3 of 5 (60.0%)"),
		      "%s", out);
	free(out);
	free(err);
	/* Markdown: the same row in the table */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /tenantId --key /v "
		 "--key '{tenantId}-{v}' --format markdown",
		 path);
	err = run_err(args, 0, &out);
	ck_assert_msg(strstr(out, "\n| items without key | 2 of 5 (40.0%) | "
				  "1 of 5 (20.0%) | 3 of 5 (60.0%) |\n"),
		      "%s", out);
	free(out);
	free(err);

	/* run (a scenario reading the file): the summary line */
	p = put(dir, "p.yaml",
		"container: {partition_key: /tenantId, throughput: 400}\n"
		"items: {file: part.jsonl, at_once: true}\n");
	snprintf(args, sizeof(args), "run '%s'", p);
	err = run_err(args, 0, &out);
	ck_assert_msg(strstr(out, "\nundefined key: 2 of 5 items (40.0%) have "
				  "no /tenantId: they went to the undefined "
				  "logical partition\n"),
		      "%s", out);
	/* in the summary, before the totals */
	ck_assert(strstr(out, "undefined key:") < strstr(out, "operations"));
	free(out);
	free(err);
	/* Markdown run: the same sentence among the assumptions */
	snprintf(args, sizeof(args), "run '%s' --format markdown", p);
	err = run_err(args, 0, &out);
	ck_assert_msg(strstr(out, "): 2 of 5 items (40.0%) have no /tenantId: "
				  "they went to the undefined logical "
				  "partition\n"),
		      "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "- Undefined key ("));
	free(out);
	free(err);
	/* HTML run: the same sentence in the summary table */
	snprintf(args, sizeof(args), "run '%s' --format html", p);
	err = run_err(args, 0, &out);
	ck_assert_msg(strstr(out, "<th>undefined key</th><td>2 of 5 items "
				  "(40.0%) have no /tenantId: they went to the "
				  "undefined logical partition</td>"),
		      "%s", out);
	free(out);
	free(err);

	/* JSON: the same counts */
	snprintf(args, sizeof(args), "run '%s' --format json", p);
	err = run_err(args, 0, &out);
	root = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(root);
	u = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0),
	    "undefined_key");
	ck_assert_int_eq(json_integer_value(json_object_get(u, "items")), 5);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(u, "without_key_property")), 2);
	ck_assert(json_is_false(json_object_get(u, "allowed")));
	json_decref(root);
	free(out);
	free(err);

	/* every item has the key: no line, no row, no object */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /costCenter --format "
		 "json",
		 tu_src(TX));
	err = run_err(args, 0, &out);
	ck_assert_ptr_null(strstr(out, "undefined_key"));
	free(out);
	free(err);
	free(dir);
}
END_TEST

START_TEST(test_locate_item_without_key)
{
	char args[1024], *err;

	/* tests/good/locate.yaml keys by /officeId; this item has officeID */
	snprintf(args, sizeof(args),
		 "locate '%s' '{\"officeID\": \"buero-nord\"}'",
		 tu_src("tests/good/locate.yaml"));
	err = run_err(args, 2, NULL);
	ck_assert_str_eq(line_of(err, 0),
			 "pksim: <item 1>:1:1: error: the item has no "
			 "/officeId, which partition key /officeId reads; it "
			 "would go to the undefined logical partition (pass "
			 "--allow-undefined-key to locate it there)");
	free(err);
}
END_TEST

START_TEST(test_id_given_to_records)
{
	char args[1024], *err, *out;
	json_t *root, *c;

	/* every record lacks an id (see the top): each gets its own, so
	   /id has one logical partition per record: 50,000. With enough
	   RU/s every create succeeds. */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /id --throughput "
		 "100000 --format json",
		 tu_src(TX));
	err = run_err(args, 0, &out);
	root = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(root);
	c = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0), "scorecard");
	ck_assert_int_eq(
	    json_number_value(json_object_get(c, "logical_partitions")), 50000);
	ck_assert_int_eq(
	    json_number_value(json_object_get(c, "failed_after_retries")), 0);
	ck_assert_ptr_null(strstr(out, "undefined_key"));
	json_decref(root);
	free(out);
	free(err);

	/* at the default 10,000 RU/s some creates fail after their retries,
	   but every stored item is still its own logical partition: logical
	   partitions + failed = 50,000, and the hottest is an id, not
	   undefined */
	snprintf(args, sizeof(args),
		 "compare --items '%s' --at-once --key /id --format json",
		 tu_src(TX));
	err = run_err(args, 0, &out);
	root = json_loads(out, 0, NULL);
	c = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0), "scorecard");
	ck_assert_int_eq(
	    json_number_value(json_object_get(c, "logical_partitions")) +
		json_number_value(json_object_get(c, "failed_after_retries")),
	    50000);
	ck_assert_msg(strstr(out, "\"00000000-0000-4000-8000-0000") != NULL,
		      "%s", out);
	json_decref(root);
	free(out);
	free(err);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("keycheck");
	TCase *tc = tcase_create("keycheck");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_generated_typo);
	tcase_add_test(tc, test_generated_opt_in_and_variants);
	tcase_add_test(tc, test_data_file_typos);
	tcase_add_test(tc, test_some_items_lack_it);
	tcase_add_test(tc, test_locate_item_without_key);
	tcase_add_test(tc, test_id_given_to_records);
	tcase_add_test(tc, test_query_filter_typos);
	tcase_add_test(tc, test_key_holds_object);
	tcase_add_test(tc, test_streams_key_property);
	suite_add_tcase(s, tc);
	return s;
}
