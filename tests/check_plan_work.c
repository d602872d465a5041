/*
 * plan_work: the units of work the up-front work bound counts
 * (scenario_work_units) for the terms only some scenarios have: finding
 * an item under a key's `{random A..B}` part (rule 38) and a batch's
 * items; and the logical partitions a random part makes in the memory
 * estimate. Each figure is worked out by hand beside its assertion.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* The work units of the scenario text (the loader must accept it) */
static double work_of(const char *text)
{
	struct pk_scenario *s;
	struct pk_diag d;
	double w;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	w = scenario_work_units(s);
	scenario_free(s);
	diag_free(&d);
	return w;
}

/* A container of 100 partitions (1,000,000 RU/s asks for 167, the
   partitions: 100 it is created with are fewer: the work message's "up
   to 100"), key key, no retries (1 attempt an operation); 100 creates
   in 1 s, then 1,000 reads over 10 s with the phase's extra text */
static double reads_work(const char *key, const char *extra)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "container: {partition_key: \"%s\", throughput: 1000000, "
		 "partitions: 100}\n"
		 "items: {k: {values: \"k{1..10}\"}}\n"
		 "client: {retries: none}\n"
		 "phases:\n"
		 "  - {duration: 1s, rate: 100/s}\n"
		 "  - {duration: 10s, rate: 100/s, ops: {read: 1}%s}\n",
		 key, extra);
	return work_of(text);
}

/*
 * Reads under `{k}-{random 1..8}` first send an IN list of the 8
 * candidates. The creates: 100 x 1 = 100, and their second on the 100
 * partitions at 1/4: 25. The reads: 1,000 x (1 + 8 candidates x 1/4 + 8
 * partitions reached x 1/8 + 100 partitions passed over x 1/32) = 1,000
 * x (1 + 2 + 1 + 3.125) = 7,125, and their 10 seconds on the 100
 * partitions at 1/4: 250. In all 7,500 (without the finding: 1,375).
 */
START_TEST(test_random_in_list)
{
	ck_assert_double_eq_tol(reads_work("{k}-{random 1..8}", ""), 7500,
				1e-9);
}
END_TEST

/*
 * The same reads with `suffix_reads: fan_out` visit every one of the 100
 * partitions at 1/8: 1,000 x (1 + 100 x 1/8) = 13,500, with the 250 of
 * their seconds and the creates' 125: 13,875. So does an IN list past
 * PK_SCENARIO_FIND_IN_MAX (4,096) candidates, which pksim sends as a
 * fan-out: `{random 1..100}-{random 1..50}` has 100 x 50 = 5,000.
 */
START_TEST(test_random_fan_out)
{
	ck_assert_double_eq_tol(
	    reads_work("{k}-{random 1..8}", ", suffix_reads: fan_out"), 13875,
	    1e-9);
	ck_assert_double_eq_tol(
	    reads_work("{k}-{random 1..100}-{random 1..50}", ""), 13875, 1e-9);
}
END_TEST

/*
 * 100 transactional batches of 100 creates over 10 s: each batch 1 and
 * its 99 items beyond the first 1 each, 100 x 100 = 10,000; the 10
 * seconds on the 167 partitions 1,000,000 RU/s makes (1,000,000 / 6,000
 * = 166.7, rounded up) at 1/4: 417.5. In all 10,417.5 (a batch counted
 * as 1: 517.5).
 */
START_TEST(test_batch_items)
{
	ck_assert_double_eq_tol(
	    work_of("container: {partition_key: /k, throughput: 1000000}\n"
		    "items: {k: {values: \"k{1..100}\"}}\n"
		    "client: {retries: none}\n"
		    "phases:\n"
		    "  - {duration: 10s, rate: 10/s, ops: {batch: 1}, "
		    "batch: {size: 100, spanning: 0}}\n"),
	    10417.5, 1e-9);
}
END_TEST

/* The partitions' bytes of the memory estimate of 100 creates under
   key key (10 values of k) */
static double partitions_of(const char *key)
{
	char text[512];
	struct pk_memory_estimate e;
	struct pk_scenario *s;
	struct pk_diag d;

	snprintf(text, sizeof(text),
		 "container: {partition_key: \"%s\", throughput: 400}\n"
		 "items: {k: {values: \"k{1..10}\"}}\n"
		 "client: {retries: none}\n"
		 "phases:\n"
		 "  - {duration: 1s, rate: 100/s}\n",
		 key);
	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	scenario_memory_estimate(s, &e);
	scenario_free(s);
	diag_free(&d);
	return e.partitions;
}

/*
 * A key's random part multiplies its logical partitions: 10 values of k
 * under `{k}-{random 1..8}` make up to 80 (of the 100 items), under
 * `{random 1..4}` 40 and under `{random 1..1}` 10; the three templates
 * are as long, so each logical partition costs the same bytes x and the
 * rest is the same: the estimates differ by 40x and 30x, a ratio of 4/3,
 * and x is at least PK_SCENARIO_LP_BYTES (74). (Read as one value, the
 * part made all three 10.)
 */
START_TEST(test_random_lps)
{
	double p8 = partitions_of("{k}-{random 1..8}");
	double p4 = partitions_of("{k}-{random 1..4}");
	double p1 = partitions_of("{k}-{random 1..1}");

	ck_assert_double_ge(p8 - p4, 40 * PK_SCENARIO_LP_BYTES);
	ck_assert_double_eq_tol((p8 - p4) / (p4 - p1), 4.0 / 3.0, 1e-12);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_work");
	TCase *tc = tcase_create("work");

	tcase_add_test(tc, test_random_in_list);
	tcase_add_test(tc, test_random_fan_out);
	tcase_add_test(tc, test_batch_items);
	tcase_add_test(tc, test_random_lps);
	suite_add_tcase(s, tc);
	return s;
}
