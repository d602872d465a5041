/*
 * report_work: the report's per-minute rows in the up-front work bound
 * (scenario_report_units, PK_SCENARIO_REPORT_MINUTE_WORK): a JSON
 * report builds and writes a row for each minute of a variant with a
 * request, which a year-long phase makes half a million of while its
 * operations are few. Each figure is worked out by hand beside its
 * assertion.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* The report's units a variant of the scenario text (the loader must
   accept it), its rows into *rows */
static double report_of(const char *text, double *rows)
{
	struct pk_scenario *s;
	struct pk_diag d;
	double w;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	w = scenario_report_units(s, rows);
	scenario_free(s);
	diag_free(&d);
	return w;
}

/* One container (400 RU/s, 10 key values, no retries) and one phase of
   the given duration and rate; variants copies of it under /k when
   above 1, into buf */
static void one_phase(char *buf, size_t cap, const char *duration,
		      const char *rate, int variants)
{
	int n = snprintf(buf, cap,
			 "container: {partition_key: /k, throughput: 400}\n"
			 "items: {k: {values: \"k{1..10}\"}}\n"
			 "client: {retries: none}\n"
			 "phases:\n"
			 "  - {duration: %s, rate: %s}\n",
			 duration, rate);
	int i;

	if (variants > 1) {
		n += snprintf(buf + n, cap - (size_t)n, "variants:\n");
		for (i = 0; i < variants; i++) {
			n +=
			    snprintf(buf + n, cap - (size_t)n,
				     "  - {name: v%d, partition_key: /k}\n", i);
		}
	}
	ck_assert_uint_lt((size_t)n, cap);
}

/*
 * A minute is a row when one of its seconds sees a request, so the rows
 * are at most the run's minutes and at most its attempts:
 * - 1 h at 0.0025/s: 9 creates, 1 attempt each (no retries), 9 of
 *   the 60 minutes: 9 rows x 32 = 288 units;
 * - 10 min at 10/s: 6,000 attempts over 600 s: 10 rows x 32 = 320;
 * - 365 days at 0.02/s: 630,720 attempts over 31,536,000 s: 525,600
 *   rows x 32 = 16,819,200 units, where the operations count 630,720
 *   (one a create) and the partitions' seconds 1/4 each: the rows are
 *   the run's largest part of the work, as the 7.2 s a 2-variant JSON
 *   report took (1.1 s with a text one) says.
 * Each variant of a compare has its own rows: the same figure a variant.
 */
START_TEST(test_report_rows)
{
	char text[8192];
	double rows;

	one_phase(text, sizeof(text), "1h", "0.0025/s", 1);
	ck_assert_double_eq_tol(report_of(text, &rows), 288.0, 1e-9);
	ck_assert_double_eq_tol(rows, 9.0, 1e-12);
	one_phase(text, sizeof(text), "10m", "10/s", 1);
	ck_assert_double_eq_tol(report_of(text, &rows), 320.0, 1e-9);
	ck_assert_double_eq_tol(rows, 10.0, 1e-12);
	one_phase(text, sizeof(text), "365d", "0.02/s", 1);
	ck_assert_double_eq_tol(report_of(text, &rows), 16819200.0, 1e-6);
	one_phase(text, sizeof(text), "365d", "0.02/s", 3);
	ck_assert_double_eq_tol(report_of(text, &rows), 16819200.0, 1e-6);
	ck_assert_double_eq_tol(rows, 525600.0, 1e-9);
}
END_TEST

/*
 * 64 variants of the 365-day phase: the rows alone take 64 x 16,819,200
 * = 1,076,428,800 units, above the 1,000,000,000 a run may take, while
 * the operations (64 x 630,720 = 40,366,080) and the runway do not
 * reach it: refused at the phase with the rows' figure.
 */
START_TEST(test_report_rows_refused)
{
	char text[8192];
	struct pk_scenario *s;
	struct pk_diag d;
	char *out;

	one_phase(text, sizeof(text), "365d", "0.02/s", 64);
	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_ptr_null(s);
	out = tu_diag_text(&d);
	ck_assert_msg(strstr(out, "t.yaml:5:5: error: the report's per-minute "
				  "rows take about 16,800,000 units of work a "
				  "variant (526,000 minutes with a request x "
				  "32)"),
		      "%s", out);
	ck_assert_msg(strstr(out, "for its 64 variants, above pksim's limit "
				  "of 1,000,000,000 a run"),
		      "%s", out);
	free(out);
	diag_free(&d);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("report_work");
	TCase *tc = tcase_create("work");

	tcase_add_test(tc, test_report_rows);
	tcase_add_test(tc, test_report_rows_refused);
	suite_add_tcase(s, tc);
	return s;
}
