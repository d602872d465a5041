/*
 * remedy_bound: a variant's remedy replays held to the bounds a run is
 * held to (remedy.h, not_replayed): their work, added up, within
 * PK_SCENARIO_MAX_WORK, or none replayed and the report says why; the
 * figures derived by hand beside the test.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/report/report_text.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "testutil.h"

/*
 * 1,400,000 full-scan queries (14,000 a second for 100 s, no retries) on
 * one partition at 400 RU/s: rate limited, so remedies are due. The most
 * replays (remedy.c's bound), by hand:
 * - raise over 10,000 - 400 = 9,600 by 100s: steps 100 .. 6,400 sum to
 *   12,700 >= 9,600 in 7, so 1 + 7 + 6 = 14, after the probe at 10,000:
 *   15; the raise with splits: 1 + 4 doublings (20,000 .. 160,000) + a
 *   bisection of 80,000 by 1,000 (7 halvings to 1,000: 80,000 > 64,000,
 *   so 7) = 12; the larger: 15;
 * - no redistribution (one partition), no merge, one stream;
 * - autoscale up to 1,000,000 by 1,000: steps 1,000 .. 512,000 sum to
 *   1,023,000 in 10: 1 + 10 + 9 = 20.
 * 35 replays. One replay at the most a search tries, 1,000,000 RU/s, has
 * up to ceil(1,000,000 / 6,000) = 167 partitions (rule 2's creation
 * layout), and a full-scan query visits each at 1/2: 1 + 167 / 2 =
 * 84.5 units a query (one attempt: no retries), 1,400,000 x 84.5 =
 * 118,300,000, and each of the 100 seconds sees a request: 100 x 167 x
 * 1/4 = 4,175 more, and those 167 partitions' own set-up and report at
 * 128: 21,376 more, 118,325,551 a replay; 35 x that = 4,141,394,285 >
 * 1,000,000,000: none replayed.
 */
static const char heavy[] =
    "container: {partition_key: /k, throughput: 400}\n"
    "client: {retries: none}\n"
    "items: {k: {values: \"k{0..9}\"}}\n"
    "phases:\n"
    "  - {duration: 100s, rate: 14000/s, ops: {query: 1}, "
    "queries: [{results: 0}]}\n";

START_TEST(test_remedies_over_work_bound)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	char *text;
	size_t k;

	tu_fx_run(&f, "heavy.yaml", heavy);
	ck_assert_uint_gt(f.r->variants[0].metrics->totals.throttled_429, 0);
	remedies_build(f.r, 1);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(m->max_replays, 35);
	ck_assert_uint_eq(m->replays, 0);
	ck_assert_ptr_nonnull(m->not_replayed);
	ck_assert_ptr_nonnull(strstr(m->not_replayed, "at most 35 replays"));
	ck_assert_ptr_nonnull(strstr(m->not_replayed, "118,325,551 units"));
	ck_assert_ptr_nonnull(strstr(m->not_replayed, "4,141,394,285"));
	ck_assert_ptr_eq(remedies_not_replayed(f.r), m->not_replayed);
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		ck_assert_int_eq(m->items[k].status, PK_REMEDY_NOT_REPLAYED);
	}
	text = tu_report(f.r, report_text);
	ck_assert_ptr_nonnull(
	    strstr(text, "\nremedies (not replayed: their at most 35 "));
	free(text);
	tu_fx_free(&f);
}
END_TEST

/* The run's own work (scenario_work_units) of 1,300,000 of the same
   queries: its one partition at 400 RU/s (ceil(400 / 6,000) = 1), so
   1 + 1 / 2 = 1.5 units a query (one attempt: no retries): 1,950,000,
   its 100 seconds each with a request, 1 partition at 1/4 each: 25
   more, and that partition's own set-up and report at 128: 1,950,153 */
START_TEST(test_work_units)
{
	struct pk_diag d;
	struct pk_scenario *s;
	char text[sizeof(heavy)];
	char *p;

	memcpy(text, heavy, sizeof(heavy));
	p = strstr(text, "14000/s");
	ck_assert_ptr_nonnull(p);
	memcpy(p, "13000", 5);
	diag_init(&d);
	s = scenario_parse("light.yaml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_double_eq_tol(scenario_work_units(s), 1950153.0, 0.5);
	scenario_free(s);
	diag_free(&d);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("remedy_bound");
	TCase *tc = tcase_create("bounds");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_remedies_over_work_bound);
	tcase_add_test(tc, test_work_units);
	suite_add_tcase(s, tc);
	return s;
}
