/*
 * ddb_change: a provisioned DynamoDB table's capacity changed by a
 * phase (read_capacity_units, write_capacity_units) through the run,
 * each figure derived by hand beside it from the reference's rules
 * (dynamodb-mechanics.md §15: D4, D5, D8), statements (§16: 11, 12, 13,
 * 31), example E6 and the decrease limits of §11. 1 unit = 1,000 mCU.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/run/sim.h"
#include "pksim/service/dynamodb/ddb_admit.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/* A table (its settings in table) run through phases of 10 s at one
   1 KiB create a second, phase k (k >= 1) setting the units of
   phases[k - 1] ("write_capacity_units: 6000"); n_phases of them
   after a first phase that changes nothing */
static struct pk_run *run_changes(const char *table, const char *const *phases,
				  size_t n_phases)
{
	char text[4096];
	size_t i, k;

	k = (size_t)snprintf(text, sizeof(text),
			     "service: dynamodb\n"
			     "table: {partition_key: /k, %s}\n"
			     "client: {retries: off}\n"
			     "items: {k: {values: \"k{000..999}\"}}\n"
			     "phases:\n"
			     "  - {duration: 10s, rate: 1/s}\n",
			     table);
	for (i = 0; i < n_phases; i++) {
		k += (size_t)snprintf(text + k, sizeof(text) - k,
				      "  - {duration: 10s, rate: 1/s, %s}\n",
				      phases[i]);
	}
	ck_assert_uint_lt(k, sizeof(text));
	return tu_sim_text("change.yaml", text);
}

/* Every partition at the end holds share mCU a second, read plus write */
static void assert_end_shares(const struct pk_run *run, size_t n, int64_t share)
{
	struct pk_snapshot s;
	size_t i;

	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, n);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(s.ranges[i].ru_per_s_mru, share);
	}
	snapshot_free(&s);
}

/*
 * Statement 11: 5,000 RCU + 2,000 WCU lay out ceil(5,000 / 3,000 +
 * 2,000 / 1,000) = ceil(3.667) = 4 partitions of 1,250 RCU + 500 WCU
 * (D4, D5). Raised to 8,000 RCU at t = 10 s: 2.667 + 2 = 4.667 > 4, so
 * the count doubles to 8 (the classic rule, raise_rule: double), each
 * 8,000 / 8 = 1,000 RCU + 2,000 / 8 = 250 WCU = 1,250 units. The
 * table's read side is 5,000 RCU for seconds 0..9 and 8,000 for
 * 10..19: 50,000 + 80,000 = 130,000 RCU-seconds; its write side 2,000
 * for all 20: 40,000.
 */
START_TEST(test_change_statement_11)
{
	static const char *const up[] = {"read_capacity_units: 8000"};
	struct pk_run *run;
	const struct pk_metrics *m;
	struct pk_snapshot s;

	run = run_changes("read_capacity_units: 5000, write_capacity_units: "
			  "2000",
			  NULL, 0);
	assert_end_shares(run, 4, (1250 + 500) * CU);
	tu_sim_free(run);

	run = run_changes("read_capacity_units: 5000, write_capacity_units: "
			  "2000",
			  up, 1);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->n_changes, 1);
	ck_assert_int_eq(m->changes[0].t_s, 10);
	ck_assert_int_eq(m->changes[0].from_ru_per_s, 7000);
	ck_assert_int_eq(m->changes[0].to_ru_per_s, 10000);
	ck_assert_uint_eq(m->changes[0].ranges_before, 4);
	ck_assert_uint_eq(m->changes[0].ranges_after, 8);
	/* 4 splits for throughput, one a partition, at the raise */
	ck_assert_uint_eq(m->n_splits, 4);
	ck_assert_int_eq(m->splits[0].reason, PK_SPLIT_THROUGHPUT);
	ck_assert_int_eq(m->splits[3].t_s, 10);
	assert_end_shares(run, 8, (1000 + 250) * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_int_eq(s.ddb->side_cap_mcu[0], 130000LL * CU);
	ck_assert_int_eq(s.ddb->side_cap_mcu[1], 40000LL * CU);
	ck_assert_int_eq(s.ru_per_s, 10000);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * The table's only partition splits at the middle of the whole hash
 * space (D6: a split cuts its parent's slice in two halves): 100 RCU +
 * 800 WCU lay out ceil(100 / 3,000 + 0.8) = 1 partition; raised to 1,600
 * WCU at t = 10 s, ceil(0.033 + 1.6) = 2: the one splits into [0, 2^63)
 * and [2^63, 2^64), 800 WCU each. 1,200 writes of 1 KB a second over
 * 100,000 uniform keys, adaptive capacity and burst off: the first 10 s
 * throttle 1,200 - 800 = 400 a second, 4,000; after the split each half
 * gets about 600 a second (sd about 24) of its 800: none. A split at the
 * start of the space left one child empty and the other every key at
 * 800 WCU: 8,000 throttled.
 */
START_TEST(test_change_only_partition_splits_in_half)
{
	struct pk_run *run = tu_sim_text(
	    "half.yaml",
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 100, "
	    "write_capacity_units: 800, adaptive_capacity: off, burst: off}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{00000..99999}\", distribution: "
	    "uniform}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1200/s, item_size: 1KB}\n"
	    "  - {duration: 10s, rate: 1200/s, item_size: 1KB, "
	    "write_capacity_units: 1600}\n");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->n_splits, 1);
	ck_assert_uint_eq(m->splits[0].max[0].len, 8);
	ck_assert_uint_eq(m->splits[0].max[0].b[0], 0x80);
	ck_assert_uint_eq(m->splits[0].min[1].b[0], 0x80);
	ck_assert_uint_eq(m->totals.operations, 24000);
	ck_assert_uint_eq(m->totals.throttled_429, 4000);
	tu_sim_free(run);
}
END_TEST

/*
 * E6, the paper's sequence (PAPER §4; statements 12 and 13). 1 RCU +
 * 3,200 WCU: ceil(1 / 3,000 + 3.2) = 4 partitions of 800 WCU (and 1 /
 * 4 = 0.25 RCU, 250 mCU). Raised to 3,600: ceil(3.6003) = 4, no split:
 * 4 x 900. Raised to 6,000: ceil(6.0003) = 7 > 4, doubled to 8 x 750
 * (0.125 RCU, 125 mCU). Lowered to 5,000: still 8 (D8, never a merge),
 * 8 x 625 (the paper prints 675; 5,000 / 8 = 625).
 */
START_TEST(test_change_paper_e6)
{
	static const char *const seq[] = {"write_capacity_units: 3600",
					  "write_capacity_units: 6000",
					  "write_capacity_units: 5000"};
	static const size_t parts[] = {4, 4, 8, 8};
	static const int64_t share[] = {800250, 900250, 750125, 625125};
	const char *table = "read_capacity_units: 1, write_capacity_units: "
			    "3200";
	size_t k;

	for (k = 0; k <= 3; k++) {
		struct pk_run *run = run_changes(table, seq, k);

		assert_end_shares(run, parts[k], share[k]);
		ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->n_changes,
				  k);
		tu_sim_free(run);
	}
}
END_TEST

/*
 * Statement 31 (BLOG3: only split, never merged): 3,000 RCU + 1,000
 * WCU lay out ceil(1 + 1) = 2 partitions. Raised to 9,000 WCU under
 * raise_rule: formula: ceil(1 + 9) = 10 partitions (2 -> 10). Lowered
 * back to 1,000 WCU: still 10, each 3,000 / 10 + 1,000 / 10 = 300 + 100
 * = 400 units. Under the default doubling the same raise gives 2 -> 4
 * -> 8 -> 16 (E2's doubling path), lowered: 16 x (187.5 + 62.5) = 250.
 */
START_TEST(test_change_statement_31)
{
	static const char *const seq[] = {"write_capacity_units: 9000",
					  "write_capacity_units: 1000"};
	struct pk_run *run;

	run = run_changes("read_capacity_units: 3000, write_capacity_units: "
			  "1000, raise_rule: formula",
			  seq, 2);
	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->changes[0].ranges_after, 10);
	assert_end_shares(run, 10, 400 * CU);
	tu_sim_free(run);
	run = run_changes("read_capacity_units: 3000, write_capacity_units: "
			  "1000",
			  seq, 2);
	assert_end_shares(run, 16, 250 * CU);
	tu_sim_free(run);
}
END_TEST

/* The table's own finding holds want (NULL: it has none) */
static void assert_finding(const struct pk_run *run, const char *want)
{
	struct pk_snapshot s;

	tu_snapshot(run, 0, &s);
	if (!want) {
		ck_assert_ptr_null(s.ddb->finding);
	} else {
		ck_assert_ptr_nonnull(s.ddb->finding);
		ck_assert_msg(strstr(s.ddb->finding, want), "%s",
			      s.ddb->finding);
	}
	snapshot_free(&s);
}

/* One key written at 200 1 KiB puts a second (1 WCU each) on a table
   of 1 RCU + 800 WCU, adaptive capacity as given, no burst: 10 s
   before, 10 s at 8,000 WCU, 10 s back at 800 */
static struct pk_run *dilution(const char *adaptive)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 1, "
		 "write_capacity_units: 800, burst: off, "
		 "adaptive_capacity: %s}\n"
		 "client: {retries: off}\n"
		 "items: {k: {const: hot}}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 200/s}\n"
		 "  - {duration: 10s, rate: 200/s, write_capacity_units: "
		 "8000}\n"
		 "  - {duration: 10s, rate: 200/s, write_capacity_units: "
		 "800}\n",
		 adaptive);
	return tu_sim_text("dilution.yaml", text);
}

/*
 * Dilution (E2's shape; D8): 1 + 800 lay out ceil(0.0003 + 0.8) = 1
 * partition of 800 WCU, and the key's 200 a second fit. Raised to
 * 8,000 WCU: ceil(8.0003) = 9 > 1, doubled 1 -> 2 -> 4 -> 8 -> 16 of
 * 500: still fits. Lowered to 800: 16 partitions of 800 / 16 = 50 WCU.
 * Without adaptive capacity the key's partition serves 50 a second:
 * 150 a second throttled for 10 s = 1,500, as the key range's
 * (TableWriteKeyRangeThroughputExceeded: the table used 200 of 800).
 * With adaptive capacity (instant) the partition may use the table's
 * unused 750 up to its 1,000 cap: nothing throttled (E2's last line).
 */
/*
 * A dilution lowered in steps (auto scaling lowers so) is counted from
 * the first decrease that diluted it: 8,000 WCU (16 partitions, as
 * test_change_dilution) lowered to 1,600 at t = 20 s: 1 + 1,600 lay out
 * ceil(0.0003 + 1.6) = 2 < 16 partitions, each now 1,600 / 16 = 100
 * WCU, so the key's 200 a second lose 100 a second for 10 s = 1,000;
 * lowered again to 800 at t = 30 s: 50 WCU each, 150 a second for 10 s
 * = 1,500. Since t = 20 s: 1,000 + 1,500 = 2,500 (not the 1,500 since
 * the last decrease).
 */
START_TEST(test_change_dilution_steps)
{
	struct pk_run *run = tu_sim_text(
	    "steps.yaml", "service: dynamodb\n"
			  "table: {partition_key: /k, read_capacity_units: 1, "
			  "write_capacity_units: 800, burst: off, "
			  "adaptive_capacity: off}\n"
			  "client: {retries: off}\n"
			  "items: {k: {const: hot}}\n"
			  "phases:\n"
			  "  - {duration: 10s, rate: 200/s, "
			  "write_capacity_units: 8000}\n"
			  "  - {duration: 10s, rate: 200/s}\n"
			  "  - {duration: 10s, rate: 200/s, "
			  "write_capacity_units: 1600}\n"
			  "  - {duration: 10s, rate: 200/s, "
			  "write_capacity_units: 800}\n");

	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 2500);
	assert_finding(run, "lowered to 1 RCU + 800 WCU, diluted from t=20s "
			    "on, so each of its 16 partitions holds 0.06 RCU "
			    "+ 50 WCU, where the 1 partition a table of those "
			    "units lays out would hold 1 + 800; since then "
			    "2,500 requests were throttled by their partition");
	tu_sim_free(run);
}
END_TEST

START_TEST(test_change_dilution)
{
	struct pk_run *run = dilution("off");
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_metrics *m = tu_metrics(svc);

	ck_assert_uint_eq(m->totals.operations, 6000);
	ck_assert_uint_eq(m->totals.throttled_429, 1500);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_KEY_RANGE), 1500);
	ck_assert_uint_eq(m->changes[1].ranges_before, 16);
	ck_assert_uint_eq(m->changes[1].ranges_after, 16);
	/* the table's own finding: 1 + 8,000 at the most, lowered to 1 +
	   800 at t = 20 s; 16 partitions of 1 / 16 = 0.06 (0.0625 to 2
	   places) RCU + 800 / 16 = 50 WCU, where 1 + 800 lay out
	   ceil(0.0003 + 0.8) = 1 partition; 1,500 throttled since */
	assert_finding(
	    run,
	    "the table held up to 1 RCU + 8,000 WCU and was "
	    "lowered to 1 RCU + 800 WCU, diluted from t=20s "
	    "on, so each of its 16 partitions holds 0.06 RCU + 50 WCU, where "
	    "the 1 partition a table of those units lays out "
	    "would hold 1 + 800; since then 1,500 requests "
	    "were throttled by their partition");
	tu_sim_free(run);
	run = dilution("instant");
	ck_assert_uint_eq(
	    tu_metrics(run->variants[0].svc)->totals.throttled_429, 0);
	assert_finding(run, NULL);
	tu_sim_free(run);
}
END_TEST

/* The shipped scenarios/dynamodb/scale-up-down.yaml (dilution, derived
   in its header as test_change_dilution: 1 -> 16 partitions of 500 WCU
   at the raise, 16 of 50 after the decrease, 150 of the key's 200
   writes a second throttled for the last 60 s: 9,000) passes `pksim
   check`, all 11 assertions, and its findings name the dilution */
START_TEST(test_change_scale_up_down_scenario)
{
	char args[1024], *out;

	snprintf(args, sizeof(args), "check '%s'",
		 tu_src("scenarios/dynamodb/scale-up-down.yaml"));
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(strstr(out, "11       11        0  ok"));
	free(out);
	snprintf(args, sizeof(args), "run '%s'",
		 tu_src("scenarios/dynamodb/scale-up-down.yaml"));
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(
	    strstr(out, "each of its 16 partitions holds 6.25 RCU + 50 WCU, "
			"where the 1 partition a table of those units lays "
			"out would hold 100 + 800; since then 9,000 requests"));
	/* its changes in the table's words: 100 RCU + 800 WCU raised to
	   8,000 WCU at t = 60 s (1 -> 16 partitions), lowered at 120 s */
	ck_assert_msg(
	    strstr(out, "t=60s  100 RCU + 800 WCU -> 100 RCU + 8,000 WCU, "
			"1 -> 16 partitions") &&
		strstr(out, "t=120s  100 RCU + 8,000 WCU -> 100 RCU + 800 "
			    "WCU, 16 -> 16 partitions") &&
		!strstr(out, "RU/s, 1 -> 16"),
	    "%s", out);
	free(out);
	snprintf(args, sizeof(args), "run '%s' --format json",
		 tu_src("scenarios/dynamodb/scale-up-down.yaml"));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "\"from_rcu\": 100") &&
			  strstr(out, "\"to_wcu\": 8000") &&
			  !strstr(out, "\"from_ru_per_s\""),
		      "%s", out);
	free(out);
}
END_TEST

/* Run text; NULL and the error in *err when the run is refused */
static struct pk_run *try_run(const char *text, char **err)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;

	diag_init(&d);
	sc = scenario_parse("dec.yaml", text, strlen(text), &d);
	ck_assert_msg(sc != NULL, "%s", tu_diag_text(&d));
	run = sim_run(sc, sc->seed, &d);
	*err = run ? NULL : tu_diag_text(&d);
	if (!run) {
		scenario_free(sc);
	}
	diag_free(&d);
	return run;
}

/* A 100 WCU table whose phase k (1-based) of 1 s lowers it to 100 -
   10 k WCU, n of them, then (quiet_s > 0) a phase of quiet_s seconds
   and two more decreases 1 s apart; the clock starting at start */
static char *decreases(int n, int quiet_s, const char *start)
{
	char *text = xasprintf("service: dynamodb\n"
			       "clock: {start: \"%s\"}\n"
			       "table: {partition_key: /k, "
			       "read_capacity_units: 100, "
			       "write_capacity_units: 100}\n"
			       "items: {k: {values: \"k{000..999}\"}}\n"
			       "phases:\n"
			       "  - {duration: 1s, rate: 1/s}\n",
			       start);
	int k;

	for (k = 1; k <= n; k++) {
		char *t = xasprintf("%s  - {duration: 1s, rate: 1/s, "
				    "write_capacity_units: %d}\n",
				    text, 100 - 10 * k);
		free(text);
		text = t;
	}
	if (quiet_s > 0) {
		char *t = xasprintf("%s  - {duration: %ds, rate: 1/s}\n"
				    "  - {duration: 1s, rate: 1/s, "
				    "write_capacity_units: 20}\n"
				    "  - {duration: 1s, rate: 1/s, "
				    "write_capacity_units: 10}\n",
				    text, quiet_s);
		free(text);
		text = t;
	}
	return text;
}

/*
 * §11 (A-SQ): 4 decreases a UTC day, then one more only when none was
 * made in the hour before. Decreases at t = 1, 2, 3, 4 s are the day's
 * 4; a fifth at t = 5 s comes 1 s after the last: refused (exit 2 in
 * the CLI), naming the phase's key. After a quiet phase from 5 s of
 * 3,600 s, a decrease at t = 3,605 s is 3,601 s after the last: taken;
 * one more at 3,606 s is 1 s after it: refused.
 */
START_TEST(test_change_decrease_limit)
{
	char *text = decreases(4, 0, "2026-01-01T00:00:00Z"), *err;
	struct pk_run *run = try_run(text, &err);

	ck_assert_ptr_nonnull(run);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->n_changes, 4);
	tu_sim_free(run);
	free(text);

	text = decreases(5, 0, "2026-01-01T00:00:00Z");
	ck_assert_ptr_null(try_run(text, &err));
	/* the fifth decrease's phase is the scenario's line 11 */
	ck_assert_msg(strstr(err, "dec.yaml:11:") &&
			  strstr(err, "its decrease 5 of the UTC day and 1s "
				      "after the last one"),
		      "%s", err);
	free(err);
	free(text);

	text = decreases(4, 3600, "2026-01-01T00:00:00Z");
	ck_assert_ptr_null(try_run(text, &err));
	ck_assert_msg(strstr(err, "at t=3606s, its decrease 6 of the UTC day "
				  "and 1s after"),
		      "%s", err);
	free(err);
	free(text);
}
END_TEST

/*
 * The count is by UTC day: with the clock at 23:59:55, decreases at t =
 * 1..4 s (23:59:56 .. 23:59:59) are that day's 4, and one at t = 5 s is
 * 00:00:00 of the next day, its first: taken. With the clock a second
 * earlier, t = 5 s is 23:59:59, the same day's fifth: refused.
 */
START_TEST(test_change_decrease_utc_day)
{
	char *text = decreases(5, 0, "2026-01-01T23:59:55Z"), *err;
	struct pk_run *run = try_run(text, &err);

	ck_assert_ptr_nonnull(run);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->n_changes, 5);
	tu_sim_free(run);
	free(text);
	text = decreases(5, 0, "2026-01-01T23:59:54Z");
	ck_assert_ptr_null(try_run(text, &err));
	free(err);
	free(text);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_change");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_change_statement_11);
	tcase_add_test(tc, test_change_only_partition_splits_in_half);
	tcase_add_test(tc, test_change_paper_e6);
	tcase_add_test(tc, test_change_statement_31);
	tcase_add_test(tc, test_change_dilution);
	tcase_add_test(tc, test_change_dilution_steps);
	tcase_add_test(tc, test_change_scale_up_down_scenario);
	tcase_add_test(tc, test_change_decrease_limit);
	tcase_add_test(tc, test_change_decrease_utc_day);
	suite_add_tcase(s, tc);
	return s;
}
