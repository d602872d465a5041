/*
 * plan_minutes: the report's per-minute rows as the plan counts them, a
 * minute touched by a request counted whole, in the estimate's work
 * line (scenario_report_units, cli_estimate.c).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/*
 * A data file imported at once sends its 2 records at 0 s: the run
 * touches one minute, so the report keeps one per-minute row, 32 units
 * (PK_SCENARIO_REPORT_MINUTE_WORK). Before, the run's seconds counted
 * as a fraction of a minute and the line read "5 units a variant (0
 * minutes with a request x 32)".
 */
START_TEST(test_plan_minutes_touched_count_whole)
{
	char args[4200], *out;

	tu_dir_file("two.jsonl", "{\"k\": \"a\"}\n{\"k\": \"b\"}\n");
	snprintf(args, sizeof(args), "run '%s' --estimate",
		 tu_dir_file("atonce.yaml",
			     "container: {partition_key: /k, throughput: "
			     "400}\n"
			     "items: {file: two.jsonl, at_once: true}\n"));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "and the report's per-minute rows 32 units "
				  "a variant (1 minute with a request x 32)"),
		      "%s", out);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_minutes");
	TCase *tc = tcase_create("minutes");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_plan_minutes_touched_count_whole);
	suite_add_tcase(s, tc);
	return s;
}
