/*
 * plan_second: the plan's rate-limit classifier (scenario_can_throttle)
 * judges a partition by its busiest second, not its mean: a run it
 * calls one that cannot be rate limited counts no retries and no
 * remedy replays in its memory bound, so a run with 429s must never be
 * called so. Each case states by hand what the plan computes, and the
 * runs that can be rate limited show their 429s.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/* scenario_can_throttle of text (the loader must accept it) */
static int can_throttle(const char *text)
{
	struct pk_scenario *s;
	struct pk_diag d;
	int can;

	diag_init(&d);
	s = scenario_parse("t.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	can = scenario_can_throttle(s);
	scenario_free(s);
	diag_free(&d);
	return can;
}

/* The 429s variant 0 of a run of text had, every partition's */
static uint64_t run_429s(const char *text)
{
	struct pk_run *run = tu_sim_text("t.yaml", text);
	uint64_t hot, cold;

	tu_hot_throttles(run, &hot, &cold);
	tu_sim_free(run);
	return hot + cold;
}

/* One partition of 400 RU/s, creates of 1 KB at 70 a second for 60 s,
   arriving at random (Poisson) or evenly spaced */
static const char one_partition[] =
    "container: {partition_key: /k, throughput: 400}\n"
    "items: {k: {values: \"k{0..999999}\"}}\n"
    "phases:\n"
    "  - {duration: 60s, rate: 70/s%s, ops: {create: 1}, item_size: 1KB}\n";

/*
 * Poisson arrivals pass a partition's share in seconds above their
 * mean. A 1 KB create is 5 RU (reference rule 20; the cost's write_1kb
 * default). The plan's items are the Poisson count's bound, ceil(4,200
 * + 6 sqrt(4,200) + 6) = 4,595, one logical partition each, so the one
 * partition's share of the operations is 1 + 3 / sqrt(4,595) = 1.0443
 * (and 1e-6, the hottest value's): a mean of 70 x 5 x 1.0443 = 365.5
 * RU/s, under 400, which the mean-rate classifier took for "cannot be
 * rate limited". A second's count: a mean of 73.1 creates, 73.1 + 8
 * sqrt(73.1) + 8 = 149.5 at the bound, 747 RU, above 400: it can. The
 * run: a second of 81 creates or more (405 RU) has a chance of 0.10
 * (Poisson(70)), 6.4 such seconds expected in 60; with the scenario's
 * seed 13 429s. Evenly spaced, every second holds 70 creates, 350 RU:
 * no 429, and the classifier, with no random count on one partition,
 * says so.
 */
START_TEST(test_poisson_seconds)
{
	char text[512];

	snprintf(text, sizeof(text), one_partition, ", arrival: poisson");
	ck_assert_int_eq(can_throttle(text), 1);
	ck_assert_uint_eq(run_429s(text), 13);
	snprintf(text, sizeof(text), one_partition, "");
	ck_assert_int_eq(can_throttle(text), 0);
	ck_assert_uint_eq(run_429s(text), 0);
}
END_TEST

/*
 * A closed loop's workers are free together at its start: 100 workers
 * at a latency of 1 h, 100 creates in the phase's one second, each
 * taking a worker at once. The mean rate the loop can keep, 100 / 3,600
 * s = 0.028 creates a second (0.14 RU/s), said "cannot be rate
 * limited"; its busiest second holds 100 x ceil(1,000 ms / 3,600,000 ms)
 * = 100 attempts, 500 RU on one partition of 400 RU/s: it can. The
 * run: the first 80 creates take the second's 400 RU, the other 20 get
 * a 429 each.
 */
START_TEST(test_closed_loop_burst)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..999999}\"}}\n"
	    "client: {concurrency: 100, latency: 1h}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 100/s, ops: {create: 1}, item_size: "
	    "1KB}\n";

	ck_assert_int_eq(can_throttle(text), 1);
	ck_assert_uint_eq(run_429s(text), 20);
}
END_TEST

/*
 * Splits leave a partition whole beside split ones at the same share of
 * the RU/s. An existing layout of 4 partitions at 40,000 RU/s, 52,000
 * creates of 1 KB (5,200 a second for 10 s, 5 RU each): twice their
 * 53,248,000 bytes over partitions of 14 MiB (14,680,064 bytes) is
 * ceil(7.25) = 8 partitions at most, 5,000 RU/s each. An even share of
 * the operations over 8, k = 52,000 / 8 = 6,500 values each, three
 * spreads up: (1 + 3 / sqrt(6,500)) / 8 = 0.12965, a mean of 674.2
 * creates a second, 674.2 + 8 sqrt(674.2) + 8 = 889.9 at the bound,
 * 4,450 RU: under 5,000. But while the partitions split, one not yet
 * split holds a quarter of the keys when 7 partitions share the RU/s
 * (5,714 RU/s each): 1,300 creates, 6,500 RU a second. Counted at
 * twice the even share (0.2593: 1,348.4 creates, 1,650.1 at the
 * bound, 8,251 RU) it can be rate limited.
 */
START_TEST(test_uneven_splits)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 40000, partitions: "
	    "4, physical_partition_storage: 14MB}\n"
	    "items: {k: {values: \"k{0..999999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 5200/s, ops: {create: 1}, item_size: "
	    "1KB}\n";

	ck_assert_int_eq(can_throttle(text), 1);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_second");
	TCase *tc = tcase_create("second");

	tcase_add_test(tc, test_poisson_seconds);
	tcase_add_test(tc, test_closed_loop_burst);
	tcase_add_test(tc, test_uneven_splits);
	suite_add_tcase(s, tc);
	return s;
}
