/*
 * plan_runway: the storage runway's per-range arrays in the memory
 * estimate (its runway part), with the figures derived by hand.
 */
#include <check.h>
#include <stdio.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* The runway part of the estimate of a container of `ru` RU/s (at
   6,000 a partition at creation) taking 1,000 creates over 100 values
   of one generated property, one stream */
static double runway_of(int ru)
{
	struct pk_memory_estimate e;
	char text[512];

	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: %d}\n"
		 "items:\n"
		 "  k: {values: \"k{0..99}\"}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 100/s, ops: {create: 1}}\n",
		 ru);
	tu_estimate_text("t.yaml", text, &e);
	return e.runway;
}

/*
 * 60,000 and 120,000 RU/s make 10 and 20 ranges (rule 2: 6,000 a
 * partition). With one stream and no time key the projection keeps each
 * range's share of each of a step's 64 stretches and one more, and of
 * the new items (runway_step.c): 66 doubles, 528 bytes a range, so 10
 * ranges more hold 5,280 bytes more; the logical partitions' share and
 * count (12 bytes each) are alike in both (0 more before the ranges'
 * arrays were counted).
 */
START_TEST(test_runway_counts_range_shares)
{
	ck_assert_double_eq_tol(runway_of(120000) - runway_of(60000),
				10.0 * 66 * 8, 1e-6);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_runway");
	TCase *tc = tcase_create("runway");

	tcase_add_test(tc, test_runway_counts_range_shares);
	suite_add_tcase(s, tc);
	return s;
}
