/*
 * plan_timeline: the text report's timeline lines in the memory
 * estimate (the report is rendered into memory before it is written),
 * with the figures derived by hand beside each test.
 */
#include <check.h>
#include <stdio.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* The estimate of a container of 400 RU/s, retries off, taking creates
   at `rate` a second for 10 days */
static void sparse_estimate(const char *rate, struct pk_memory_estimate *e)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: 400}\n"
		 "client: {retries: off}\n"
		 "items:\n"
		 "  k: {values: \"k{0..99}\"}\n"
		 "phases:\n"
		 "  - {duration: 10d, rate: %s/s, ops: {create: 1}}\n",
		 rate);
	tu_estimate_text("t.yaml", text, e);
}

/*
 * 10 days (864,000 s) at 0.01 creates a second: 8,640 attempts. The
 * timeline's rows with a request are at most sqrt(60 x 864,000) + 1 =
 * 7,200 + 1 whatever the seconds the busy records span (fewer than
 * the attempts, and than the ceil(864,000 / 60) = 14,400 buckets of a
 * minute at the shortest: past a day the run keeps minutes), each with
 * an idle line or row after it, and one at the end: 2 x 7,201 + 1 = 14,403
 * lines, at 180 bytes (87 a row, 3 to spare, in a buffer that doubles):
 * 2,592,540 bytes of the text report's rows beside its 2,200 a range (0 before
 * they were counted).
 */
START_TEST(test_timeline_lines_at_most_sqrt)
{
	struct pk_memory_estimate e;

	sparse_estimate("0.01", &e);
	ck_assert_double_eq_tol(e.report_timeline_lines, 14403, 1e-9);
	ck_assert_double_eq_tol(
	    scenario_report_rows_bytes(&e, PK_REPORT_COST_TEXT) -
		e.report_ranges * 2200,
	    14403.0 * 180, 1e-6);
}
END_TEST

/*
 * At 0.0001 a second the 10 days send 86.4 creates: a row at most for
 * each, an idle line after each and one at the end: 2 x 86.4 + 1 =
 * 173.8 lines. Neither JSON's rows nor CSV's count them.
 */
START_TEST(test_timeline_lines_at_most_attempts)
{
	struct pk_memory_estimate e, none;

	sparse_estimate("0.0001", &e);
	ck_assert_double_eq_tol(e.report_timeline_lines, 173.8, 1e-9);
	none = e;
	none.report_timeline_lines = 0;
	ck_assert_double_eq_tol(
	    scenario_report_rows_bytes(&e, PK_REPORT_COST_JSON),
	    scenario_report_rows_bytes(&none, PK_REPORT_COST_JSON), 1e-9);
	ck_assert_double_eq_tol(
	    scenario_report_rows_bytes(&e, PK_REPORT_COST_CSV),
	    scenario_report_rows_bytes(&none, PK_REPORT_COST_CSV), 1e-9);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_timeline");
	TCase *tc = tcase_create("timeline");

	tcase_add_test(tc, test_timeline_lines_at_most_sqrt);
	tcase_add_test(tc, test_timeline_lines_at_most_attempts);
	suite_add_tcase(s, tc);
	return s;
}
