/*
 * json_alloc: a jansson allocation that fails while a data file's record
 * is parsed is out of memory (an environment error, exit 1), never bad
 * input and never a record read short: each allocation of a small
 * file's parse is made to fail in turn (json_alloc_fail_at, SQLite's
 * fault injection), as JSON lines and as a JSON array; the same for
 * an Azure Monitor log's PartitionKey arrays.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/json_alloc.h"
#include "pksim/load/monitor.h"
#include "pksim/load/trace.h"
#include "testutil.h"

/* Three records, as JSON lines and as one JSON array */
static const char lines[] = "{\"id\": \"a\", \"k\": \"x\"}\n"
			    "{\"id\": \"bb\", \"k\": \"y\", \"v\": 12}\n"
			    "{\"id\": \"c\", \"k\": \"x\", \"v\": [1, 2.5]}\n";
static const char array[] =
    "[{\"id\": \"a\", \"k\": \"x\"},\n"
    " {\"id\": \"bb\", \"k\": \"y\", \"v\": 12},\n"
    " {\"id\": \"c\", \"k\": \"x\", \"v\": [1, 2.5]}]\n";

/* trace_parse of text (named name) with each jansson allocation of its
   parse made to fail in turn: every one refused as out of memory at
   the record's line, an environment error and the only error */
static void each_allocation(const char *name, const char *text)
{
	unsigned long long base, total, k;
	struct pk_trace *t;
	struct pk_diag d;
	char *msg;

	/* the parse's allocations, none failing: 3 records read */
	json_alloc_fail_at(0);
	base = json_alloc_made();
	diag_init(&d);
	t = trace_parse(name, text, strlen(text), PK_TRACE_FORMAT_AUTO, &d);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(trace_count(t), 3);
	trace_free(t);
	diag_free(&d);
	total = json_alloc_made() - base;
	ck_assert_uint_gt(total, 3); /* at least an object a record */
	for (k = 1; k <= total; k++) {
		diag_init(&d);
		json_alloc_fail_at(k);
		t = trace_parse(name, text, strlen(text), PK_TRACE_FORMAT_AUTO,
				&d);
		json_alloc_fail_at(0);
		msg = tu_diag_text(&d);
		ck_assert_msg(t == NULL && diag_count(&d) == 1 &&
				  diag_category(&d) == PK_DIAG_ENV &&
				  strstr(msg, "error: out of memory reading "
					      "this record"),
			      "%s: allocation %llu of %llu: %s", name, k, total,
			      msg);
		free(msg);
		trace_free(t);
		diag_free(&d);
	}
}

START_TEST(test_json_alloc_lines)
{
	each_allocation("d.jsonl", lines);
}
END_TEST

START_TEST(test_json_alloc_array)
{
	each_allocation("d.json", array);
}
END_TEST

/* A Monitor log of two rows, each PartitionKey a JSON array of two
   components (a hierarchical key) */
static const char monitor_csv[] =
    "TimeGenerated,PartitionKey,RequestCharge\n"
    "2026-05-12T09:00:00Z,\"[\"\"t1\"\",\"\"u7\"\"]\",10\n"
    "2026-05-12T09:00:01Z,\"[\"\"t2\"\",3]\",20\n";

/* monitor_from_trace of monitor_csv; NULL with d's errors */
static struct pk_monitor_log *monitor_read(struct pk_diag *d)
{
	struct pk_trace *t = trace_parse(
	    "m.csv", monitor_csv, strlen(monitor_csv), PK_TRACE_FORMAT_CSV, d);
	struct pk_monitor_opts o;
	struct pk_monitor_log *m;

	ck_assert_ptr_nonnull(t);
	memset(&o, 0, sizeof(o));
	o.levels = 2;
	m = monitor_from_trace(t, monitor_csv, strlen(monitor_csv), &o, d);
	trace_free(t);
	return m;
}

/* Each jansson allocation of the PartitionKeys' parse (the CSV's own
   read makes none) made to fail in turn: no log, and one error, an
   environment error at the row's PartitionKey */
START_TEST(test_json_alloc_monitor_key)
{
	unsigned long long base, total, k;
	struct pk_monitor_log *m;
	struct pk_diag d;
	char *msg;

	json_alloc_fail_at(0);
	base = json_alloc_made();
	diag_init(&d);
	m = monitor_read(&d);
	ck_assert_msg(m != NULL, "%s", tu_diag_text(&d));
	monitor_free(m);
	diag_free(&d);
	total = json_alloc_made() - base;
	ck_assert_uint_ge(total, 2); /* at least an array a row */
	for (k = 1; k <= total; k++) {
		diag_init(&d);
		json_alloc_fail_at(k);
		m = monitor_read(&d);
		json_alloc_fail_at(0);
		msg = tu_diag_text(&d);
		ck_assert_msg(m == NULL && diag_count(&d) == 1 &&
				  diag_category(&d) == PK_DIAG_ENV &&
				  strstr(msg, ":22: error: out of memory "
					      "reading this PartitionKey"),
			      "allocation %llu of %llu: %s", k, total, msg);
		free(msg);
		monitor_free(m);
		diag_free(&d);
	}
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("json_alloc");
	TCase *tc = tcase_create("trace");

	tcase_add_test(tc, test_json_alloc_lines);
	tcase_add_test(tc, test_json_alloc_array);
	tcase_add_test(tc, test_json_alloc_monitor_key);
	suite_add_tcase(s, tc);
	return s;
}
