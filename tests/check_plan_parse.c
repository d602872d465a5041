/*
 * plan_parse: a data file's read and parse in the work bound, once a
 * run (scenario_parse_units), as `--estimate` says it.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The two-record file the tests import at once: 2 lines of 16 bytes */
static const char two[] = "{\"k\":\"a\",\"v\":1}\n{\"k\":\"b\",\"v\":2}\n";

/* `pksim run` of a scenario importing two.jsonl at once, with args */
static char *estimate_of(const char *args)
{
	char cmd[4200];

	tu_dir_file("two.jsonl", two);
	snprintf(cmd, sizeof(cmd), "run '%s' %s",
		 tu_dir_file("p.yaml", "container: {partition_key: /k, "
				       "throughput: 400}\n"
				       "items: {file: two.jsonl, at_once: "
				       "true}\n"),
		 args);
	return tu_run_ok(cmd);
}

/*
 * 32 bytes read at 1/16 a unit (PK_SCENARIO_PARSE_BYTE_WORK) and 2
 * records at 2.5 (PK_SCENARIO_PARSE_RECORD_WORK): 2 + 5 = 7 units, said
 * once, not a variant's. Before, no term of the work line counted the
 * parse.
 */
START_TEST(test_plan_parse_in_estimate)
{
	char *out = estimate_of("--estimate");

	ck_assert_msg(strstr(out, "; and the data file's parse 7 units once "
				  "(32 bytes read x 0.0625 and 2 records x "
				  "2.5)"),
		      "%s", out);
	free(out);
	out = estimate_of("--estimate --format json");
	ck_assert_msg(strstr(out, "\"parse_work_units\": 7,"), "%s", out);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_parse");
	TCase *tc = tcase_create("parse");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_plan_parse_in_estimate);
	suite_add_tcase(s, tc);
	return s;
}
