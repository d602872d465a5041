/*
 * streams: the reports of a scenario's streams and their clients (the
 * fresh user's issue 14 report gaps): streams-csv of a scenario without
 * `streams:`, closed-loop achieved operations/s, the name column, a
 * paced stream's finish and client wait, compare's streams table.
 */
#include <check.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_md.h"
#include "pksim/report/report_streams.h"
#include "pksim/report/report_text.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "testutil.h"

enum fmt { F_TEXT, F_COMPARE, F_JSON, F_CSV, F_MD };

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

Suite *tu_suite(void)
{
	Suite *s = suite_create("streams");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_streams_csv_main);
	suite_add_tcase(s, tc);
	return s;
}
