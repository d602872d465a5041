/*
 * ddb_isolate: a DynamoDB table's hot-item isolation (D11;
 * dynamodb-mechanics.md §6, "Isolating hot items"), through the run and
 * in the findings. Each figure derived by hand beside its test. The
 * tables here are mostly 3 RCU + 2,000 WCU: ceil((3 + 3 x 2,000) /
 * 3,000) = 3 partitions (D4) of 1 RCU and 666.67 WCU each (D5), each
 * capped at 1,000 WCU a second (D3); adaptive capacity `instant` (the
 * default) lends a partition the table's unused units up to that cap
 * (D10). Writes are 1 KiB puts, 1 WCU each (D1); no retries, so every
 * throttle is one failed write.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

static const struct pk_ddb_heat_splits *heat_of(const struct tu_fx *f)
{
	return &f->r->variants[0].ddb->heat;
}

/*
 * Hot-item isolation (D11): "a" at 900 writes a second and "h" at 300
 * share partition 0 (pksim's hash, check_ddb_hsplit.c's
 * test_hsplit_two_values): 1,200 WCU asked of its
 * 1,000 cap, 200 throttled a second. With hot_item_isolation: on, "a"
 * (no sort key: the value is one item) passes its partition's share,
 * 666.67 WCU, at its 667th write of second 0, so from second 1
 * (isolate_delay_s 0) it has a partition of its own: partition 0 is cut
 * just before "a"'s hash and just after it, two splits at t = 1 s, 3 +
 * 2 = 5 partitions. Then "a" asks 900 of its own partition's 1,000 cap
 * and "h" 300 of another's, both admitted with the table's unused units
 * lent (2,000 - 1,200 = 800): only second 0's 200 are throttled. Off
 * (the default): 200 a second for 30 s, 6,000 (the 300 s heat window
 * does not end in the run). The findings: partition 0 throttled 200
 * of its 1,200 requests in its one second (16.67 %), but those are
 * 200 of the run's 36,000 (0.56 %), all before "a" moved, so not
 * severity high; "a"'s partition holds it alone, no heat split comes
 * for one item (D7), and its busiest second used 900 of its 1,000 WCU
 * cap (90 %); never "several key values sharing it".
 */
START_TEST(test_isolate_hot_item)
{
	static const char *const yaml =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 3, "
	    "write_capacity_units: 2000%s}\n"
	    "streams:\n"
	    "  - {name: a, client: {retries: off}, items: {k: {const: a}}, "
	    "phases: [{duration: 30s, rate: 900/s, item_size: 1KB}]}\n"
	    "  - {name: h, client: {retries: off}, items: {k: {const: h}}, "
	    "phases: [{duration: 30s, rate: 300/s, item_size: 1KB}]}\n";
	char text[1024];
	struct tu_fx f;
	const struct pk_metrics *m;
	struct pk_snapshot s;

	snprintf(text, sizeof(text), yaml, ", hot_item_isolation: on");
	tu_fx_run(&f, "iso.yaml", text);
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->totals.operations, 36000);
	ck_assert_uint_eq(m->totals.throttled_429, 200);
	ck_assert_uint_eq(m->n_splits, 2);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_ISOLATE);
	ck_assert_int_eq(m->splits[0].t_s, 1);
	ck_assert_int_eq(m->splits[1].reason, PK_SPLIT_ISOLATE);
	ck_assert_int_eq(m->splits[1].t_s, 1);
	ck_assert_uint_eq(heat_of(&f)->isolated, 1);
	{
		char *t = tu_findings_text(f.r);

		ck_assert_msg(strstr(t, "2 to isolate 1 hot item)"), "%s", t);
		ck_assert_msg(strstr(t, "with 16.67% of its requests throttled "
					"(HTTP 400) (under the 1% of severity "
					"high: 0.56% of the run's requests, "
					"all before its hot item moved)"),
			      "%s", t);
		ck_assert_msg(strstr(t, "one hot item sharing it with other "
					"key values, which hot-item isolation "
					"(D11) moved at t = 1 s to partition "),
			      "%s", t);
		ck_assert_msg(strstr(t, "a partition of its own holding that "
					"item alone, so its throttles are "
					"those before the move"),
			      "%s", t);
		ck_assert_msg(strstr(t, "its busiest second used 90% of that "
					"(900 write units)"),
			      "%s", t);
		ck_assert_ptr_null(strstr(t, "(severity high)"));
		ck_assert_ptr_null(strstr(t, "several key values sharing it"));
		free(t);
	}
	tu_snapshot(f.run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 5);
	/* in hash order: [0, "a"), ["a"] alone, ("a", end of 0): "a"'s 29
	   seconds of 900 on the second */
	ck_assert_uint_eq(s.ranges[1].requests, 29 * 900);
	snapshot_free(&s);
	tu_fx_free(&f);
	snprintf(text, sizeof(text), yaml, "");
	tu_fx_run(&f, "iso-off.yaml", text);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 6000);
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * Isolation on demand, where a partition's share is its cap: a new
 * on-demand table serves 4,000 WRU a second at once (its warm
 * throughput, D13), 4 partitions of 1,000 WRU (D4, D3). "a" at 900 puts
 * a second and "h" at 300 share a partition: 1,200 asked of its 1,000,
 * 200 throttled in second 0. "a" alone asks 900, at least the 800 (80 %
 * of the cap) that makes a partition hot, beside "h": it moves to a
 * partition of its own at t = 1 s (isolate_delay_s 0 under instant),
 * and from then 900 and 300 each fit a partition's 1,000: 200 throttled
 * in all (6,000, 200 a second, without isolation).
 */
START_TEST(test_isolate_on_demand)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	tu_fx_run(&f, "iso-od.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, capacity: on_demand, "
		  "hot_item_isolation: on}\n"
		  "streams:\n"
		  "  - {name: a, client: {retries: off}, items: {k: {const: "
		  "a}}, phases: [{duration: 30s, rate: 900/s, item_size: "
		  "1KB}]}\n"
		  "  - {name: h, client: {retries: off}, items: {k: {const: "
		  "h}}, phases: [{duration: 30s, rate: 300/s, item_size: "
		  "1KB}]}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(m->totals.throttled_429, 200);
	ck_assert_uint_eq(heat_of(&f)->isolated, 1);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_ISOLATE);
	ck_assert_int_eq(m->splits[0].t_s, 1);
	tu_fx_free(&f);
}
END_TEST

/*
 * Large puts are no hot item (trialW6's iso1, 60 s): 100 RCU + 100 WCU,
 * one partition (ceil(100 / 3,000 + 100 / 1,000) = 1, D4), 2 puts a
 * second of 200 KB (200 WCU each, D1) on 10,000 key values drawn at
 * random. Each put asks more than the partition's 100 WCU share, but no
 * value asks 800 WCU (80 % of the 1,000 cap) in a second: none is
 * isolated, the table keeps its one partition (where a trigger on the
 * share isolated one value a second, each isolation halving the shares
 * for the next).
 */
START_TEST(test_isolate_large_puts)
{
	struct tu_fx f;
	struct pk_snapshot s;

	tu_fx_run(&f, "iso1.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 100, "
		  "write_capacity_units: 100, hot_item_isolation: on}\n"
		  "items: {k: {values: \"k{0..9999}\"}}\n"
		  "client: {retries: none}\n"
		  "phases: [{name: p, duration: 60s, rate: 2/s, ops: {create: "
		  "1}, item_size: 200KB}]\n");
	ck_assert_uint_eq(heat_of(&f)->isolated, 0);
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 0);
	tu_snapshot(f.run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 1);
	snapshot_free(&s);
	tu_fx_free(&f);
}
END_TEST

/*
 * Isolation under delayed adaptive capacity (trialY7's hs13, shorter):
 * "a" at 900 and "h" at 300 on partition 0 (666.67 WCU, its bank of 300
 * s full), adaptive_delay_s 20, isolation on (isolate_delay_s is then
 * the adaptive delay, 20 s). 1,200 asked of the 1,000 cap: the bank pays
 * past the share and 200 a second are throttled at the cap from second
 * 0, the episode's start: lifted from second 20. "a" alone asks 900, at
 * least the 800 that makes a partition hot: isolated 20 s after second
 * 0, serving from second 21. Its partition (and its neighbours') go on
 * with the lifted episode, lent the table's unused units up to the cap:
 * none throttled after, 21 x 200 = 4,200 in all (a child starting its
 * own delay would throttle once its quarter of the bank ran out, about
 * a minute later).
 */
START_TEST(test_isolate_delayed_keeps_lift)
{
	struct tu_fx f;
	const struct pk_metrics *m;

	tu_fx_run(&f, "iso-delayed.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, read_capacity_units: 3, "
		  "write_capacity_units: 2000, hot_item_isolation: on, "
		  "adaptive_capacity: delayed, adaptive_delay_s: 20}\n"
		  "streams:\n"
		  "  - {name: a, client: {retries: off}, items: {k: {const: "
		  "a}}, phases: [{duration: 120s, rate: 900/s, item_size: "
		  "1KB}]}\n"
		  "  - {name: h, client: {retries: off}, items: {k: {const: "
		  "h}}, phases: [{duration: 120s, rate: 300/s, item_size: "
		  "1KB}]}\n");
	m = f.r->variants[0].metrics;
	ck_assert_uint_eq(heat_of(&f)->isolated, 1);
	ck_assert_int_eq(m->splits[0].t_s, 21);
	ck_assert_uint_eq(m->totals.throttled_429, 4200);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_isolate");
	TCase *tc = tcase_create("isolate");

	tcase_add_test(tc, test_isolate_hot_item);
	tcase_add_test(tc, test_isolate_on_demand);
	tcase_add_test(tc, test_isolate_large_puts);
	tcase_add_test(tc, test_isolate_delayed_keeps_lift);
	suite_add_tcase(s, tc);
	return s;
}
