/*
 * fanout: fan-out queries on wide containers: each range's share of a
 * query's charge, the 429s each range counts, and the report's verdict
 * when every range is asked alike, or most are hot on a container asked
 * past its RU/s. Each expected number has its reason beside it.
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

/*
 * The findings of fan4 (above): the 4 ranges throttled alike, 64 of 100
 * requests each (64.0 %), in the one second in which the container
 * served 36 x 11 = 396 RU of its 400 (99 %): one line names the four
 * (up to 4 alike beside the first are named, more are counted: the
 * wide test below), not one line a range (a fan-out over 6,000 ranges
 * printed 5 and "5,995 more").
 */
START_TEST(test_fanout_alike_ranges_one_line)
{
	struct tu_fx f;
	char *all;

	tu_fx_run(&f, "fan4.yaml", fan4);
	all = tu_findings_text(f.r);
	ck_assert_msg(strstr(all, "partition key range 0, range 1, range 2 "
				  "and range 3 "
				  "rate-limited 64.0% of their requests each "
				  "(64 of 100) while the container used 99% "
				  "of its provisioned throughput in those "
				  "seconds\n"),
		      "%s", all);
	ck_assert_msg(!strstr(all, "range 1 rate-limited"), "%s", all);
	ck_assert_msg(!strstr(all, "more partition key ranges"), "%s", all);
	free(all);
	tu_fx_free(&f);
}
END_TEST

/*
 * 400 ranges of 1 RU/s (400 RU/s, one range per 1 RU/s), 100 fan-out
 * queries a second for 2 s, no retries, costs set so the charge does
 * not divide by the ranges: 0.399 + 400 x 0.012 = 5.199 RU = 5,199 mRU,
 * 12 mRU a range and 399 left over. Split evenly, 1 mRU each of the 399
 * goes to ranges 0-398 (13 mRU) and range 399 takes 12. A range's 1,000
 * mRU hold 76 queries (988 mRU on ranges 0-398); the 77th would bring
 * them to 1,001, so 76 are served a second (152 of 200, 48 rate
 * limited), range 399 serving 76 x 12 = 912 mRU: 91.2 %. Every range
 * is asked alike (100 x 13 or 12 mRU = 1.3 or 1.2 x its RU/s), so the
 * report must say too few RU/s, not a key problem: rule 32's "another
 * under 70 %" never holds. With the 399 mRU left over all on range 0
 * (411 mRU), it held 2 queries a second and the others served 2 x 12 =
 * 24 mRU, 2.4 %: one hot range, "a key problem", and a new key advised.
 */
static const char wide[] = "seed: 1\n"
			   "container: {partition_key: /k, throughput: 400, "
			   "initial_throughput_per_partition: 1}\n"
			   "cost: {query_base: 0.399, query_per_range: 0.012}\n"
			   "client: {retries: none}\n"
			   "items:\n"
			   "  k: {values: \"k{0..9}\"}\n"
			   "phases:\n"
			   "  - name: q\n"
			   "    duration: 2s\n"
			   "    rate: 100/s\n"
			   "    ops: {query: 1}\n"
			   "    queries:\n"
			   "      - {name: all, where: {}, results: 0}\n";

START_TEST(test_fanout_wide_not_a_key_problem)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	char *all;

	tu_fx_run(&f, "wide.yaml", wide);
	m = tu_metrics(f.run->variants[0].svc);
	ck_assert_uint_eq(tu_end(f.run, 0).ranges, 400);
	ck_assert_uint_eq(m->totals.operations, 200);
	ck_assert_uint_eq(m->totals.succeeded, 152);
	ck_assert_uint_eq(m->totals.throttled_429, 48);
	ck_assert_uint_eq(m->ranges[0].throttled_429, 48);
	ck_assert_uint_eq(m->ranges[398].throttled_429, 48);
	ck_assert_uint_eq(m->ranges[399].throttled_429, 0);
	all = tu_findings_text(f.r);
	ck_assert_msg(strstr(all, "every range ran at p99 90% or more "
				  "normalized RU consumption (the lowest, "
				  "range 399, at 91%): too few RU/s for this "
				  "load, not a key problem\n"),
		      "%s", all);
	ck_assert_msg(!strstr(all, "hot partition risk"), "%s", all);
	ck_assert_msg(!strstr(all, "the key, not the layout"), "%s", all);
	/* ranges 0-398 alike, 48 429s of 200 requests (24.0 %) each, while
	   the container served 152 x 5.199 = 790.2 RU of 800 (99 %) */
	ck_assert_msg(strstr(all, "partition key range 0 and 398 more alike "
				  "rate-limited 24.0% of their requests each "
				  "(48 of 200) while the container used 99% "),
		      "%s", all);
	free(all);
	tu_fx_free(&f);
}
END_TEST

/*
 * 40 ranges of 10 RU/s (400 RU/s, one range per 10), 240 creates of 1 KB
 * a second for 2 s over 80 key values drawn in order, no retries. Each
 * value takes 3 creates a second, 3 x 5 RU (write_1kb) = 15 RU, past a
 * range's 10 RU/s, so every range holding a value rate limits every
 * second: p99 100%. Hash V2 puts the 80 values on 35 of the 40 ranges
 * (`pksim locate`: ranges 2, 8, 13, 18 and 23 hold none, p99 0%), so
 * rule 32's "another under 70%" holds. But 480 x 5 = 2,400 RU asked over
 * 2 s is 1,200 RU/s against 400: 300% of the RU provisioned, and 35 of
 * 40 ranges (87.5%, more than half) are hot: an even spread would still
 * hold every range at 90% or more, so the report must say too few RU/s
 * and propose no new key. Without that check it says "hot partition
 * risk (severity high) ... hot ranges among idle ones, a key problem"
 * and advises `--key '{k}-{hash(id) mod 160}'`.
 */
static const char most[] = "seed: 1\n"
			   "container: {partition_key: /k, throughput: 400, "
			   "initial_throughput_per_partition: 10}\n"
			   "client: {retries: none}\n"
			   "items:\n"
			   "  k: {values: \"k{0..79}\", distribution: "
			   "sequential}\n"
			   "phases:\n"
			   "  - {name: w, duration: 2s, rate: 240/s, ops: "
			   "{create: 1}, item_size: 1KB}\n";

START_TEST(test_fanout_most_ranges_hot_not_a_key_problem)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	char *all;

	tu_fx_run(&f, "most.yaml", most);
	m = tu_metrics(f.run->variants[0].svc);
	ck_assert_uint_eq(tu_end(f.run, 0).ranges, 40);
	ck_assert_int_eq(m->totals.offered_mru, 2400 * 1000);
	ck_assert_uint_eq(m->ranges[2].requests, 0);
	all = tu_findings_text(f.r);
	ck_assert_msg(strstr(all, "most ranges hot: 35 of the 40 ranges "
				  "(87.5%) ran at p99 90% or more normalized "
				  "RU consumption (the lowest, range 2, at "
				  "0%), and the first attempts asked 1,200 "
				  "RU/s on average against 400 provisioned "
				  "(300%, over the run's 2 s)"),
		      "%s", all);
	ck_assert_msg(strstr(all, "too few RU/s for this load, not a key "
				  "problem\n"),
		      "%s", all);
	ck_assert_msg(!strstr(all, "hot partition risk"), "%s", all);
	ck_assert_msg(!strstr(all, "--key"), "%s", all);
	free(all);
	tu_fx_free(&f);
}
END_TEST

/*
 * Rule 38's finding query throttled: a key "{k}.{random 1..2}" the
 * reader cannot compute, k always "k0" (both values on range 3, `pksim
 * locate`), 4 ranges of 100 RU/s, no retries. Second 0: 10 creates of
 * 1 KB on range 3 (50 RU). Second 1: 100 reads with `suffix_reads:
 * fan_out`, each a query to all 4 ranges of 1 + 4 x 2.5 + 0.5 (the item
 * found) = 11.5 RU, 2,875 mRU on each (11,500 / 4; a read adds no point
 * charge). 34 fit a range's 100 RU (97.75); the 35th would bring it to
 * 100.625, on every range alike: 34 served, 66 throttled, and each range
 * counts the 100 reads and the 66 429s (as a throttled fan-out query
 * counts at every range without room); the run counts 66 429s once.
 * Before, all 66 were range 0's (the first without room) and ranges 1-3
 * counted only the 34 served.
 */
static const char find4[] = "seed: 1\n"
			    "container: {partition_key: \"{k}.{random "
			    "1..2}\", throughput: 400, partitions: 4}\n"
			    "client: {retries: none}\n"
			    "items: {k: {const: k0}}\n"
			    "phases:\n"
			    "  - {duration: 1s, rate: 10/s, ops: {create: 1}, "
			    "item_size: 1KB}\n"
			    "  - {duration: 1s, rate: 100/s, ops: {read: 1}, "
			    "item_size: 1KB, suffix_reads: fan_out}\n";

START_TEST(test_fanout_finding_query_429_on_every_range)
{
	struct pk_run *run = tu_sim_text("find4.yaml", find4);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	size_t i;

	ck_assert_uint_eq(tu_end(run, 0).ranges, 4);
	ck_assert_uint_eq(m->totals.operations, 110);
	ck_assert_uint_eq(m->totals.succeeded, 44);
	ck_assert_uint_eq(m->totals.throttled_429, 66);
	ck_assert_uint_eq(m->totals.key_fanouts, 34);
	for (i = 0; i < 4; i++) {
		/* range 3 also took the 10 creates */
		ck_assert_uint_eq(m->ranges[i].requests, i == 3 ? 110 : 100);
		ck_assert_uint_eq(m->ranges[i].throttled_429, 66);
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
	tcase_add_test(tc, test_fanout_wide_not_a_key_problem);
	tcase_add_test(tc, test_fanout_most_ranges_hot_not_a_key_problem);
	tcase_add_test(tc, test_fanout_finding_query_429_on_every_range);
	tcase_add_test(tc, test_fanout_alike_ranges_one_line);
	suite_add_tcase(s, tc);
	return s;
}
