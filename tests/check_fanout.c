/*
 * fanout: fan-out queries on wide containers: each range's share of a
 * query's charge, the 429s each range counts, and the report's verdict
 * when every range is asked alike. Each expected number has its reason
 * beside it.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

/*
 * 4 ranges of 100 RU/s (400 RU/s, one range per 100), 100 fan-out
 * queries in one second, no client retries. A query costs 1 + 4 x 2.5 +
 * 0 x 0.5 = 11 RU (scenarios/README.md, `cost`), 2.75 RU on each range
 * (11,000 mRU / 4, no remainder). 36 fit a range's 100 RU (36 x 2.75 =
 * 99); the 37th would bring it to 101.75, on every range alike. So 36
 * are served and 64 rate limited, and every range answered those 64 with
 * 429 (each range is the SDK's own request): 64 429s on each of the 4
 * ranges, one throttled second each; the run counts 64 queries' 429s.
 */
static const char fan4[] = "seed: 1\n"
			   "container: {partition_key: /k, throughput: 400, "
			   "initial_throughput_per_partition: 100}\n"
			   "client: {retries: none}\n"
			   "items:\n"
			   "  k: {values: \"k{0..9}\"}\n"
			   "phases:\n"
			   "  - name: q\n"
			   "    duration: 1s\n"
			   "    rate: 100/s\n"
			   "    ops: {query: 1}\n"
			   "    queries:\n"
			   "      - {name: all, where: {}, results: 0}\n";

START_TEST(test_fanout_429_on_every_range)
{
	struct pk_run *run = tu_sim_text("fan4.yaml", fan4);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	size_t i;

	ck_assert_uint_eq(m->totals.operations, 100);
	ck_assert_uint_eq(m->totals.succeeded, 36);
	ck_assert_uint_eq(m->totals.throttled_429, 64);
	ck_assert_uint_eq(tu_end(run, 0).ranges, 4);
	for (i = 0; i < 4; i++) {
		ck_assert_uint_eq(m->ranges[i].requests, 100);
		ck_assert_uint_eq(m->ranges[i].throttled_429, 64);
		ck_assert_uint_eq(m->ranges[i].throttled_seconds, 1);
	}
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("fanout");
	TCase *tc = tcase_create("fanout");

	tcase_add_test(tc, test_fanout_429_on_every_range);
	suite_add_tcase(s, tc);
	return s;
}
