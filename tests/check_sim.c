/*
 * sim: the clock, client retries and phase actions, on small scenarios
 * whose numbers can be worked out by hand.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "testutil.h"

static struct pk_scenario *load(const char *text)
{
	struct pk_diag d;
	struct pk_scenario *sc;

	diag_init(&d);
	sc = scenario_parse("test.yaml", text, strlen(text), &d);
	if (!sc) {
		diag_print(&d, stderr);
	}
	diag_free(&d);
	ck_assert_ptr_nonnull(sc);
	return sc;
}

/*
 * 400 RU/s (one range), 100 creates/s of 1 KB (5 RU) for 10 s, evenly
 * spaced: 80 fit in each second's 400 RU.
 * Retries off: every second 80 succeed and 20 get a final 429, so 800
 * succeed and 200 fail.
 */
static const char *const overload =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 400}\n"
    "items: {k: {values: \"k{0..99}\"}}\n"
    "client: {retries: %s}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, item_size: 1KB}\n";

static struct pk_run *run_overload(const char *retries)
{
	char text[512];
	struct pk_diag d;
	struct pk_run *run;

	snprintf(text, sizeof(text), overload, retries);
	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	diag_free(&d);
	ck_assert_ptr_nonnull(run);
	return run;
}

static void free_run(struct pk_run *run)
{
	struct pk_scenario *sc = (struct pk_scenario *)run->sc;

	sim_free(run);
	scenario_free(sc);
}

START_TEST(test_sim_retries_off)
{
	struct pk_run *run = run_overload("off");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->operations, 1000);
	ck_assert_uint_eq(t->succeeded, 800);
	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->failed_after_retries, 200);
	ck_assert_int_eq(t->ru_mru, 800 * 5000); /* 800 writes of 5 RU */
	free_run(run);
}
END_TEST

/*
 * Default retries (9, 30 s): a retry waits for the next second and is
 * sent before that second's new arrivals (it keeps its place in the
 * stream), so the container serves ops in stream order, 80 a second:
 * op j (arriving in second j / 100) succeeds in second j / 80 (integer
 * division) after j / 80 - j / 100 429s. That is at most 3 retries and
 * 3 s of waiting, inside the policy, so all 1,000 succeed, the last in
 * second 999 / 80 = 12, and the service returns
 * sum(j / 80) - sum(j / 100) over j < 1000 = 5,760 - 4,500 = 1,260 429s
 * (sum(j / 80) = 80 x (0 + ... + 11) + 40 x 12; sum(j / 100) =
 * 100 x (0 + ... + 9)).
 */
START_TEST(test_sim_retries_default)
{
	struct pk_run *run = run_overload("on");
	struct pk_snapshot c;
	tu_snapshot(run, 0, &c);
	const struct pk_totals *t = &c.metrics->totals;
	size_t last = 0, i;

	ck_assert_uint_eq(t->succeeded, 1000);
	ck_assert_uint_eq(t->failed_after_retries, 0);
	ck_assert_uint_eq(t->throttled_429, 1260);
	ck_assert_uint_eq(t->attempts, 1000 + 1260);
	for (i = 0; i < c.metrics->n_seconds; i++) {
		if (c.metrics->seconds[i].served_mru > 0) {
			last = i;
		}
	}
	ck_assert_uint_eq(last, 12);
	/* 80 x 5 RU = 400 RU served in each full second: 100% */
	ck_assert_int_eq(c.metrics->seconds[5].served_mru, 400 * 1000);
	/* the 1,260 retries drained, the queue's memory is gone before the
	   report: the peak bound counts it and the report's runway and
	   remedy replays as the largest, not their sum (cli_estimate.c) */
	ck_assert_uint_eq(retryq_len(&run->variants[0].retries), 0);
	ck_assert_ptr_null(run->variants[0].retries.slots);
	ck_assert_ptr_null(run->variants[0].retries.heap);
	ck_assert_ptr_null(run->variants[0].retries.first);
	ck_assert_ptr_null(run->variants[0].retries.spare);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/*
 * Offered is the demand: in the run above every 429 is
 * retried (none failed), so retries = 429s = 1,260 and the first attempts
 * are the 1,000 operations; offered RU = 1,000 x 5 = 5,000 RU, retried
 * RU = 1,260 x 5 = 6,300 RU. Per second: at second k (1..9) the ops not
 * yet served are 100 k - 80 k = 20 k, all retried that second beside
 * 100 new arrivals: second 5 offers 100 x 5 = 500 RU and retries
 * 100 x 5 = 500 RU (before: 1,000 RU "offered", twice the demand);
 * second 10 has no arrivals and 1,000 - 800 = 200 retries. The one
 * range carries all of it: 1,000 first attempts, 1,260 retries.
 */
START_TEST(test_sim_offered_is_demand)
{
	struct pk_run *run = run_overload("on");
	struct pk_snapshot c;
	tu_snapshot(run, 0, &c);
	const struct pk_metrics *m = c.metrics;
	const struct pk_totals *t = &m->totals;
	size_t i;
	uint64_t sample_retries = 0;

	ck_assert_uint_eq(t->retries, 1260);
	ck_assert_uint_eq(t->attempts - t->retries, 1000);
	ck_assert_int_eq(t->offered_mru, 1000 * 5 * 1000);
	ck_assert_int_eq(t->retry_mru, 1260 * 5 * 1000);
	ck_assert_int_eq(m->seconds[0].offered_mru, 500 * 1000);
	ck_assert_uint_eq(m->seconds[0].retries, 0);
	ck_assert_int_eq(m->seconds[5].offered_mru, 500 * 1000);
	ck_assert_int_eq(m->seconds[5].retry_mru, 500 * 1000);
	ck_assert_uint_eq(m->seconds[5].retries, 100);
	ck_assert_int_eq(m->seconds[10].offered_mru, 0);
	ck_assert_uint_eq(m->seconds[10].retries, 200);
	ck_assert_uint_eq(c.ranges[0].requests, 2260);
	ck_assert_uint_eq(c.ranges[0].retries, 1260);
	for (i = 0; i < m->n_samples; i++) {
		sample_retries += m->samples[i].retries;
	}
	ck_assert_uint_eq(sample_retries, 1260);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/* A phase's throughput applies at its start: 18,000 -> 30,000 at t = 5 s
   (instant) -> 45,000 at t = 10 s (splits to 5). */
START_TEST(test_sim_phase_throughput)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 5s, rate: 10/s}\n"
	    "  - {duration: 5s, rate: 10/s, throughput: 30000}\n"
	    "  - {duration: 5s, rate: 10/s, throughput: 45000}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_metrics *m;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->n_changes, 2);
	ck_assert_int_eq(m->changes[0].t_s, 5);
	ck_assert_uint_eq(m->changes[0].ranges_after, 3);
	ck_assert_int_eq(m->changes[1].t_s, 10);
	ck_assert_uint_eq(m->changes[1].ranges_after, 5);
	ck_assert_uint_eq(m->n_splits, 2);
	/* seconds before the change ran on 3 ranges at 18,000 RU/s */
	ck_assert_int_eq(m->seconds[4].ru_per_s, 18000);
	ck_assert_int_eq(m->seconds[5].ru_per_s, 30000);
	ck_assert_uint_eq(m->seconds[10].ranges, 5);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	diag_free(&d);
	free_run(run);
}
END_TEST

/* The key path names an object: a scenario error, not a crash. */
START_TEST(test_sim_key_is_object)
{
	static const char *const text =
	    "container: {partition_key: /address, throughput: 400}\n"
	    "items: {address: {city: {values: [Oslo, Bergen]}}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 10/s}\n";
	struct pk_scenario *sc = load(text);
	struct pk_diag d;

	diag_init(&d);
	ck_assert_ptr_null(sim_run(sc, 1, &d));
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_ptr_nonnull(strstr(d.entries[0].msg, "names an object"));
	diag_free(&d);
	scenario_free(sc);
}
END_TEST

/* D-LIMITS: an id may not hold '/' or '\\': every create of such an
   item is refused with 400 and stores nothing; other ids go through. */
START_TEST(test_sim_bad_ids)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 4000}\n"
	    "items:\n"
	    "  k: {values: \"k{0..9}\"}\n"
	    "  id: {values: [\"ok-1\", \"a/b\"], weights: [1, 1]}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_totals *t;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	t = &tu_metrics(run->variants[0].svc)->totals;
	/* 1,000 creates, each id drawn 50/50 */
	ck_assert_uint_eq(t->operations, 1000);
	ck_assert_uint_eq(t->succeeded + t->bad_request_400 + t->conflict_409,
			  1000);
	ck_assert_uint_gt(t->bad_request_400, 400);
	ck_assert_uint_lt(t->bad_request_400, 600);
	diag_free(&d);
	free_run(run);
}
END_TEST

/*
 * Rule 8: the storage part of the minimum RU/s is known only
 * at run time. 100 creates/s for 10 s of 1 KB items stored at 2^20 x
 * their size (index_factor) = 1 GB each, one key per item: 1,000 GB by
 * t = 10 s, so the minimum is max(400, 1,000 x 1, 18,000 / 100) = 1,000
 * and a phase asking for 500 is refused at its `throughput` (line 6,
 * column 55), with the minimum and why; the run returns NULL.
 */
START_TEST(test_sim_minimum_from_storage)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 18000,\n"
	    "            index_factor: 1048576}\n"
	    "items: {k: {unique: \"k-\"}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 10s, rate: 100/s}\n"
	    "  - {name: low, duration: 10s, rate: 1/s, throughput: 500}\n";
	struct pk_scenario *sc = load(text);
	struct pk_diag d;

	diag_init(&d);
	ck_assert_ptr_null(sim_run(sc, 1, &d));
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_int_eq(d.entries[0].line, 6);
	ck_assert_int_eq(d.entries[0].col, 55);
	ck_assert_str_eq(d.entries[0].msg,
			 "phase 'low' sets 500 RU/s, below the minimum 1,000 "
			 "at t=10s (1 RU/s per GB stored: 1,000 GB)");
	diag_free(&d);
	scenario_free(sc);
}
END_TEST

/*
 * Rule 6: with split_delay 1h, raising 18,000 -> 45,000 at
 * t = 10 s needs 5 ranges; until t = 10 + 3,600 s the old 3 ranges and
 * 18,000 RU/s serve (pksim's answer to the UNCONFIRMED point: the new
 * RU/s wait for the splits), then 5 x 9,000.
 */
START_TEST(test_sim_split_delay)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 18000,\n"
	    "            split_delay: 1h}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 10/s}\n"
	    "  - {duration: 2h, rate: 1/s, throughput: 45000}\n";
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;
	const struct pk_metrics *m;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	m = c.metrics;
	ck_assert_uint_eq(m->n_changes, 1);
	ck_assert_int_eq(m->changes[0].t_s, 10);
	ck_assert_int_eq(m->changes[0].effective_t_s, 3610);
	ck_assert_uint_eq(m->changes[0].ranges_after, 5);
	ck_assert_int_eq(m->seconds[3609].ru_per_s, 18000);
	ck_assert_uint_eq(m->seconds[3609].ranges, 3);
	ck_assert_int_eq(m->seconds[3610].ru_per_s, 45000);
	ck_assert_uint_eq(m->seconds[3610].ranges, 5);
	ck_assert_uint_eq(m->n_actions, 2);
	ck_assert_int_eq(m->actions[0].kind, PK_ACTION_SPLITS_STARTED);
	ck_assert_int_eq(m->actions[0].t_s, 10);
	ck_assert_str_eq(m->actions[0].detail,
			 "45,000 RU/s needs 5 physical partitions: splits "
			 "done at t=3610s; until then 3 x 6,000 RU/s serve");
	ck_assert_int_eq(m->actions[1].kind, PK_ACTION_SPLITS_DONE);
	ck_assert_int_eq(m->actions[1].t_s, 3610);
	ck_assert_int_eq(c.ranges[0].ru_per_s_mru, 9000 * 1000);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	diag_free(&d);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/*
 * Rule 14 in a run: 400 RU/s (one partition, below 3,000) nearly
 * idle for 300 s (one 5 RU write a minute) saves up to 300 x 400 =
 * 120,000 RU; then 10 s of 600 writes/s x 5 RU = 3,000 RU/s: with burst
 * no 429 (27,000 RU over the share, well within the savings); without,
 * 2,600 of each second's 3,000 RU are rate limited.
 */
START_TEST(test_sim_burst)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 400, burst: %s}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {duration: 300s, rate: 1/m}\n"
	    "  - {duration: 10s, rate: 600/s}\n";
	char buf[512];
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_totals *t;

	diag_init(&d);
	snprintf(buf, sizeof(buf), text, "true");
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->operations, 5 + 6000);
	ck_assert_uint_eq(t->throttled_429, 0);
	free_run(run);
	snprintf(buf, sizeof(buf), text, "false");
	run = sim_run(load(buf), 1, &d);
	t = &tu_metrics(run->variants[0].svc)->totals;
	/* 80 of 600 writes fit each second's 400 RU */
	ck_assert_uint_eq(t->throttled_429, 10 * 520);
	free_run(run);
	diag_free(&d);
}
END_TEST

/*
 * Reads target stored items only (targets.h): 400 RU/s, retries off; 1 s
 * of 100 creates a second (one every 10 ms, 5 RU each): the first 80 fit
 * the second's 400 RU, the last 20 fail at once (no retry). Then 1 s of
 * 100 reads a second: each draws its target at its send among the 80
 * items stored, so none is a 404 and all 100 succeed (1 RU each, far
 * within the second's 400). Before, reads drew among the 100 items
 * offered, and P(none of 100 hits a failed one) = 0.8^100 = 2e-10: the
 * old rule failed this test.
 */
START_TEST(test_sim_404_of_failed_creates)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "client: {retries: off}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 100/s, ops: {create: 1}}\n"
	    "  - {duration: 1s, rate: 100/s, ops: {read: 1}}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_totals *t;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->failed_after_retries, 20);
	ck_assert_uint_eq(t->not_found_404, 0);
	ck_assert_uint_eq(t->succeeded, 80 + 100);
	ck_assert_uint_eq(t->not_sent_no_target, 0);
	free_run(run);
	diag_free(&d);
}
END_TEST

/* (key, id) is unique within a logical partition: 100 creates in one
   logical partition with ids drawn from 10 values store 10 items (each
   id's first create; all 10 are drawn: P(some id missing) <= 10 x 0.9^100
   = 3e-4, and the seed is fixed) and the other 90 are 409s. */
START_TEST(test_sim_duplicate_ids)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 4000}\n"
	    "items:\n"
	    "  k: only\n"
	    "  id: {values: \"i{1..10}\"}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 10/s}\n";
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->totals.succeeded, 10);
	ck_assert_uint_eq(c.metrics->totals.conflict_409, 90);
	ck_assert_uint_eq(c.ranges[0].storage_bytes, 10 * 1024);
	diag_free(&d);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/*
 * Transactional batches on one stream, three keys: 10 batches of 5 new
 * items (1/s for 10 s), k drawn sequentially (k0, k1, ...), so a batch
 * that copies its first item's values is one k value and a spanning
 * batch's 5 items are 5 consecutive, distinct k values.
 */
static const char *const batches =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 18000}\n"
    "items:\n"
    "  k: {values: \"k{0..999}\", distribution: sequential}\n"
    "  day: {clock: \"%%Y-%%m-%%d\"}\n"
    "variants:\n"
    "  - {name: by-k}\n"
    "  - {name: by-day, partition_key: /day}\n"
    "  - {name: by-id, partition_key: /id}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 1/s, ops: {batch: 1}, item_size: 1KB,\n"
    "     batch: {size: 5, spanning: %s}}\n";

static struct pk_run *run_batches(const char *spanning)
{
	char text[1024];
	struct pk_diag d;
	struct pk_run *run;

	snprintf(text, sizeof(text), batches, spanning);
	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	diag_free(&d);
	ck_assert_ptr_nonnull(run);
	ck_assert_uint_eq(run->n_variants, 3);
	return run;
}

/* 1 if every logical partition of c holds n items */
static int every_lp_holds(const struct pk_snapshot *c, uint64_t n)
{
	uint64_t x;

	for (x = 0; x < c->n_lps; x++) {
		if (tu_lp(c, x).items != n) {
			return 0;
		}
	}
	return 1;
}

/*
 * Several streams keep the per-value logical-partition cache on: each
 * stream's /k is its own property, so value index i of stream
 * a ("a" i) and of stream b ("b" i) are different keys and need different
 * cache positions: 10 for a, 10 for b, 1 for the undefined value of
 * stream c's items (no /k). a and b create 10/s for 2 s, each value in
 * sequence twice: 20 logical partitions of 2 items; c's 5 items share
 * the undefined one: 21 in all (a cache by value index alone would put
 * b's items in a's 10 and make 11).
 */
START_TEST(test_sim_streams_cache)
{
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;
	uint64_t x, two = 0, five = 0;

	diag_init(&d);
	run = sim_run(
	    load("seed: 1\n"
		 "container: {partition_key: /k, throughput: 400,\n"
		 "  allow_undefined_key: true}\n"
		 "streams:\n"
		 "  - name: a\n"
		 "    items: {k: {values: \"a{0..9}\", distribution: "
		 "sequential}}\n"
		 "    phases:\n"
		 "      - {duration: 2s, rate: 10/s, ops: {create: 1}}\n"
		 "  - name: b\n"
		 "    items: {k: {values: \"b{0..9}\", distribution: "
		 "sequential}}\n"
		 "    phases:\n"
		 "      - {duration: 2s, rate: 10/s, ops: {create: 1}}\n"
		 "  - name: c\n"
		 "    phases:\n"
		 "      - {duration: 1s, rate: 5/s, ops: {create: 1}}\n"),
	    1, &d);
	diag_free(&d);
	ck_assert_ptr_nonnull(run);
	ck_assert_uint_eq(cosmos_service_lp_cache_n(run->variants[0].svc), 21);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.n_lps, 21);
	for (x = 1; x <= c.n_lps; x++) {
		uint64_t n = tu_lp(&c, x - 1).items;

		two += n == 2;
		five += n == 5;
	}
	ck_assert_uint_eq(two, 20);
	ck_assert_uint_eq(five, 1);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

START_TEST(test_sim_batches_one_key)
{
	struct pk_run *run = run_batches("0");
	struct pk_snapshot k;
	struct pk_snapshot day;
	struct pk_snapshot id;

	tu_snapshot(run, 0, &k);
	tu_snapshot(run, 1, &day);
	tu_snapshot(run, 2, &id);
	/* by-k: batch j's first item draws k<j>, items 2..5 copy it: 10
	   logical partitions of 5 items; 50 items, 10 requests */
	ck_assert_uint_eq(k.metrics->totals.operations, 10);
	ck_assert_uint_eq(k.metrics->totals.attempts, 10);
	ck_assert_uint_eq(k.metrics->totals.batches, 10);
	ck_assert_uint_eq(k.metrics->totals.batches_committed, 10);
	ck_assert_uint_eq(k.metrics->totals.batch_items, 50);
	ck_assert_uint_eq(k.n_lps, 10);
	ck_assert(every_lp_holds(&k, 5));
	ck_assert_uint_eq(k.storage_bytes, 50 * 1024);
	/* 10 batches x 5 creates x 5 RU (1 KB, D-RU) */
	ck_assert_int_eq(k.metrics->totals.ru_mru, 250 * 1000);
	/* by-day: every item is created on 2026-01-01: one logical
	   partition of 50 */
	ck_assert_uint_eq(day.metrics->totals.batches_committed, 10);
	ck_assert_uint_eq(day.n_lps, 1);
	ck_assert(every_lp_holds(&day, 50));
	/* by-id: ids are unique, so no batch of 5 stays in one logical
	   partition: 10 x 400, 1 RU each, nothing stored */
	ck_assert_uint_eq(id.metrics->totals.batches, 10);
	ck_assert_uint_eq(id.metrics->totals.batches_rejected_400, 10);
	ck_assert_uint_eq(id.metrics->totals.bad_request_400, 10);
	ck_assert_uint_eq(id.metrics->totals.succeeded, 0);
	ck_assert_int_eq(id.metrics->totals.ru_mru, 10 * 1000);
	ck_assert_uint_eq(id.storage_bytes, 0);
	ck_assert_uint_eq(id.n_lps, 0);
	snapshot_free(&k);
	snapshot_free(&day);
	snapshot_free(&id);
	free_run(run);
}
END_TEST

START_TEST(test_sim_batches_spanning)
{
	struct pk_run *run = run_batches("1");
	struct pk_snapshot k;
	struct pk_snapshot day;

	tu_snapshot(run, 0, &k);
	tu_snapshot(run, 1, &day);
	/* spanning 1: every batch draws its 5 items: k0..k4, k5..k9, ...
	   five values each -> all 10 refused whole, nothing stored */
	ck_assert_uint_eq(k.metrics->totals.batches_rejected_400, 10);
	ck_assert_uint_eq(k.metrics->totals.batches_committed, 0);
	ck_assert_uint_eq(k.storage_bytes, 0);
	/* the day is the same for all however drawn: all 10 committed */
	ck_assert_uint_eq(day.metrics->totals.batches_committed, 10);
	ck_assert_uint_eq(day.metrics->totals.batch_items, 50);
	ck_assert_uint_eq(day.metrics->totals.batches_rejected_400, 0);
	snapshot_free(&k);
	snapshot_free(&day);
	free_run(run);
}
END_TEST

/*
 * A 429 on a batch is retried as a whole. 400 RU/s (one range), batches
 * of 50 x 1 KB (250 RU) at t = 0, 500, 1000, 1500 ms: one fits in a
 * second's 400 RU, two do not.
 *   t=0     b0 admitted (250 of 400)
 *   t=500   b1 429, retry-after 500 ms
 *   t=1000  b1 (retry, earlier in the stream) admitted; b2 429 -> 2000
 *   t=1500  b3 429 -> 2000
 *   t=2000  b2 admitted; b3 429 again -> 3000
 *   t=3000  b3 admitted
 * So 4 batches committed, 200 items, 4 429s, 8 requests, none failed.
 */
START_TEST(test_sim_batch_retry)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 2/s, ops: {batch: 1}, "
	    "item_size: 1KB, batch: {size: 50}}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_totals *t;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	diag_free(&d);
	ck_assert_ptr_nonnull(run);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->operations, 4);
	ck_assert_uint_eq(t->attempts, 8);
	ck_assert_uint_eq(t->throttled_429, 4);
	ck_assert_uint_eq(t->failed_after_retries, 0);
	ck_assert_uint_eq(t->batches_committed, 4);
	ck_assert_uint_eq(t->batch_items, 200);
	/* waits: b1 500 ms, b2 1000 ms, b3 500 + 1000 ms */
	ck_assert_uint_eq(t->retry_wait_ms, 3000);
	ck_assert_uint_eq(tu_end(run, 0).storage, 200 * 1024);
	free_run(run);
}
END_TEST

/*
 * Latency added by retries: 400 RU/s (one range), 100 creates
 * of 5 RU in one second, 10 ms apart: the first 80 fit the 400 RU; the
 * 20 sent at t = 800 .. 990 ms get 429 with retry-after 200 .. 10 ms
 * (the time to the next second) and all fit at t = 1 s. Waits of the 100
 * operations that succeeded: 80 x 0, then 10, 20, .., 200 ms. p50 = 0;
 * p99 is the 99th smallest (nearest rank): the 19th non-zero, 190 ms.
 */
/*
 * IN lists up to the service's 6,000 values (scenarios/README.md, The IN
 * limit). 60,000 RU/s: ceil(60,000 / 6,000) = 10 ranges of 6,000. 10,000
 * creates of 1 KB over 2 s (5,000/s x 5 RU = 25,000 RU/s, about 2,500
 * per range), each item its own value k0 .. k9999 (sequential). Then one
 * query k IN (6,000 values) at t = 2 s: 6,000 distinct items (10,000
 * live, so each slot redraws a repeat), 6,000 distinct keys, so each
 * range is missed with p = 0.9^6,000 (about 10^-275): it visits all 10.
 * Charge 1 + 2.5 x 10 + 0.5 x 6,000 results = 3,026 RU, 302.6 a range,
 * in a fresh second: served, targeted (an IN list on the key).
 */
/*
 * The retry policies in a run: 400 RU/s (one range), 100 creates/s of 1
 * KB (5 RU) for 1 s, evenly spaced: creates 0..79 (at 0..790 ms) fit the
 * second's 400 RU, creates 80..99 (at 800..990 ms) get 429 with the rest
 * of the second as retry-after, 200 .. 10 ms.
 * exponential, base 1 s, no jitter: each waits max(retry-after, 1,000) =
 * 1,000 ms and is retried at 1,800 .. 1,990 ms in an empty second: all 20
 * fit (100 RU). 20 429s, 100 succeeded, 20 x 1,000 = 20,000 ms waited;
 * p50 of the waits 0 (80 of 100 waited nothing), p99 1,000.
 * (The sdk policy waits the retry-afters: 10 + 20 + .. + 200 = 2,100 ms,
 * test_sim_retry_latency.)
 * none: the 20 fail: 80 succeeded, 20 failed after retries.
 */
START_TEST(test_sim_retry_policies)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "client: {retries: %s}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 100/s}\n";
	char buf[512];
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_metrics *m;

	snprintf(buf, sizeof(buf), text,
		 "{policy: exponential, base: 1s, jitter: 0}");
	diag_init(&d);
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.succeeded, 100);
	ck_assert_uint_eq(m->totals.throttled_429, 20);
	ck_assert_uint_eq(m->totals.retry_wait_ms, 20000);
	ck_assert_int_eq(metrics_wait_percentile(m, 50), 0);
	ck_assert_int_eq(metrics_wait_percentile(m, 99), 1000);
	diag_free(&d);
	free_run(run);

	snprintf(buf, sizeof(buf), text, "none");
	diag_init(&d);
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.succeeded, 80);
	ck_assert_uint_eq(m->totals.throttled_429, 20);
	ck_assert_uint_eq(m->totals.failed_after_retries, 20);
	ck_assert_uint_eq(m->totals.retry_wait_ms, 0);
	diag_free(&d);
	free_run(run);
}
END_TEST

START_TEST(test_sim_in_6000)
{
	static const char *const text =
	    "seed: 3\n"
	    "container: {partition_key: /k, throughput: 60000}\n"
	    "items: {k: {values: \"k{0..9999}\", distribution: sequential}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 5000/s, ops: {create: 1}, item_size: "
	    "1KB}\n"
	    "  - {duration: 1s, rate: 1/s, ops: {query: 1}, queries: "
	    "[{where: {k: {in: 6000}}, results: 6000}]}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_query_stats *qs;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	ck_assert_uint_eq(tu_end(run, 0).ranges, 10);
	qs = &run->variants[0].qstats[0];
	ck_assert_uint_eq(qs->sent, 1);
	ck_assert_uint_eq(qs->served, 1);
	ck_assert_int_eq(qs->route, PK_ROUTE_TARGETED);
	ck_assert_uint_eq(qs->ranges_visited, 10);
	ck_assert_int_eq(qs->ru_mru, 3026000);
	diag_free(&d);
	free_run(run);
}
END_TEST

/*
 * A retried IN query keeps its list (the queue owns a copy). 6,000 RU/s,
 * one range; 1,000 items, then 3 queries IN (1,000 values) returning
 * 10,000 results: 1 + 2.5 + 0.5 x 10,000 = 5,003.5 RU each, at t =
 * 2,000, 2,333 and 2,666 ms (uniform 3/s). Second 2 admits the first
 * (5,003.5 of 6,000); the second and third get 429 and retry at 3,000
 * (after 667 and 334 ms); there the second (earlier in the stream) is
 * admitted and the third throttled again, retried at 4,000 and admitted.
 * So 3 served, 3 throttled, 6 sent, each served query on the one range;
 * waits 0, 667 and 334 + 1,000 = 1,334 ms: 2,001 ms in all.
 */
START_TEST(test_sim_in_retry)
{
	static const char *const text =
	    "seed: 4\n"
	    "container: {partition_key: /k, throughput: 6000}\n"
	    "items: {k: {values: \"k{0..999}\", distribution: sequential}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 500/s, ops: {create: 1}, item_size: "
	    "1KB}\n"
	    "  - {duration: 1s, rate: 3/s, ops: {query: 1}, queries: "
	    "[{where: {k: {in: 1000}}, results: 10000}]}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_query_stats *qs;
	const struct pk_metrics *m;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	qs = &run->variants[0].qstats[0];
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(qs->sent, 6);
	ck_assert_uint_eq(qs->served, 3);
	ck_assert_uint_eq(qs->throttled_429, 3);
	ck_assert_uint_eq(qs->ranges_visited, 3);
	ck_assert_int_eq(qs->ru_mru, 3 * 5003500);
	ck_assert_uint_eq(m->totals.retry_wait_ms, 667 + 334 + 1000);
	diag_free(&d);
	free_run(run);
}
END_TEST

START_TEST(test_sim_retry_latency)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 100/s}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_metrics *m;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.succeeded, 100);
	ck_assert_uint_eq(m->totals.throttled_429, 20);
	ck_assert_uint_eq(m->wait_ops, 100);
	ck_assert_int_eq(metrics_wait_percentile(m, 50), 0);
	ck_assert_int_eq(metrics_wait_percentile(m, 99), 190);
	ck_assert_int_eq(metrics_wait_percentile(m, 100), 200);
	/* 10 + 20 + .. + 200 */
	ck_assert_uint_eq(m->totals.retry_wait_ms, 2100);
	diag_free(&d);
	free_run(run);
}
END_TEST

/*
 * The opt-in 410/1007 window: 6,000 RU/s (1 range) raised to
 * 12,000 at t = 10 s splits it in two (ceil(12,000 / 10,000)). With
 * split_gone 2s both children answer 410 until t = 12 s; the client
 * retries every 100 ms (ASSUMPTION). Phase 2 sends at 10.0, 10.1, ..,
 * 19.9 s: the op sent at 10 + 0.1 j s (j < 20) gets 20 - j 410s and
 * succeeds at 12 s: 20 + 19 + .. + 1 = 210 410s, no charge. Waits: 180
 * operations 0 ms, 20 of 100, 200, .., 2,000 ms: p50 = 0, p99 (the
 * 198th) = 1,800 ms.
 * With split_gone 60s the window outlasts the client's 30 s of 410
 * retries: each of the 100 ops of phase 2 tries at t, t + 0.1, .., t +
 * 30 s (301 attempts, all 410) and fails.
 */
START_TEST(test_sim_split_gone)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 6000,\n"
	    "            split_gone: %s}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 10/s}\n"
	    "  - {duration: 10s, rate: 10/s, throughput: 12000}\n";
	char buf[512];
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_metrics *m;

	diag_init(&d);
	snprintf(buf, sizeof(buf), text, "2s");
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(tu_end(run, 0).ranges, 2);
	ck_assert_uint_eq(m->totals.gone_410, 210);
	ck_assert_uint_eq(m->totals.succeeded, 200);
	ck_assert_uint_eq(m->totals.attempts, 200 + 210);
	/* every 410 was retried: 210 retries, the 200 ops first attempts */
	ck_assert_uint_eq(m->totals.retries, 210);
	ck_assert_uint_eq(m->totals.failed_after_410, 0);
	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_int_eq(metrics_wait_percentile(m, 50), 0);
	ck_assert_int_eq(metrics_wait_percentile(m, 99), 1800);
	ck_assert_int_eq(metrics_wait_percentile(m, 100), 2000);
	/* a 410 is not charged: 200 creates x 5 RU */
	ck_assert_int_eq(m->totals.ru_mru, 200 * 5 * 1000);
	free_run(run);
	snprintf(buf, sizeof(buf), text, "60s");
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.failed_after_410, 100);
	ck_assert_uint_eq(m->totals.gone_410, 100 * 301);
	ck_assert_uint_eq(m->totals.succeeded, 100);
	free_run(run);
	diag_free(&d);
}
END_TEST

/*
 * Rule 26 and D-MERGE as phase actions: 18,000 RU/s (3 ranges, ids 0-2)
 * lowered to 6,000, then 2,000 + 4,000 + 1,000 makes it 7,000 (D-REDIST's
 * example), then merge: 1 leaves one range of 7,000 RU/s (ceil(7,000 /
 * 10,000) = 1). A redistribution naming range 7, which the container
 * does not have, stops the run with an error at the entry.
 */
START_TEST(test_sim_redistribute_merge)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 5s, rate: 10/s, throughput: 6000}\n"
	    "  - {duration: 5s, rate: 10/s,\n"
	    "     redistribute: {\"0\": 2000, \"1\": 4000, \"2\": 1000}}\n"
	    "  - {duration: 5s, rate: 10/s, merge: %s}\n";
	char buf[512];
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;
	char *msg;

	diag_init(&d);
	snprintf(buf, sizeof(buf), text, "1");
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.n_ranges, 1);
	ck_assert_int_eq(c.ru_per_s, 7000);
	ck_assert_uint_eq(c.metrics->n_actions, 2);
	ck_assert_int_eq(c.metrics->actions[0].kind, PK_ACTION_REDISTRIBUTE);
	ck_assert_int_eq(c.metrics->actions[0].t_s, 5);
	ck_assert_str_eq(c.metrics->actions[0].detail,
			 "ranges 0: 2,000, 1: 4,000, 2: 1,000 RU/s; "
			 "container 6,000 -> 7,000 RU/s");
	ck_assert_int_eq(c.metrics->actions[1].kind, PK_ACTION_MERGE);
	ck_assert_int_eq(c.metrics->actions[1].t_s, 10);
	ck_assert_int_eq(c.metrics->seconds[7].ru_per_s, 7000);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	snapshot_free(&c);
	free_run(run);

	snprintf(buf, sizeof(buf),
		 "container: {partition_key: /k, throughput: 18000}\n"
		 "items: {k: {values: [a]}}\n"
		 "phases:\n"
		 "  - {duration: 5s, rate: 1/s, redistribute: {\"7\": 100}}\n");
	{
		struct pk_scenario *sc = load(buf);

		run = sim_run(sc, 1, &d);
		ck_assert_ptr_null(run);
		msg = tu_diag_text(&d);
		ck_assert_msg(strstr(msg, "test.yaml:4:46: error: phase "
					  "'phase-1' redistributes range 7, "
					  "but at t=0s the container has no "
					  "range 7 (it has 0, 1, 2)") != NULL,
			      "%s", msg);
		free(msg);
		scenario_free(sc);
	}
	diag_free(&d);
}
END_TEST

/* Rule 8 holds for redistribution too (D-REDIST: the total becomes the
   sum): three ranges set to 1 RU/s make 3 RU/s, below the 400 minimum;
   the run stops with the error at the redistribute entry (line 5). */
START_TEST(test_sim_redistribute_minimum)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases:\n"
	    "  - {name: a, duration: 5s, rate: 10/s}\n"
	    "  - {name: b, duration: 5s, rate: 10/s, redistribute: "
	    "{\"0\": 1, \"1\": 1, \"2\": 1}}\n";
	struct pk_scenario *sc = load(text);
	struct pk_diag d;

	diag_init(&d);
	ck_assert_ptr_null(sim_run(sc, 1, &d));
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_int_eq(d.entries[0].line, 5);
	ck_assert_str_eq(d.entries[0].msg,
			 "phase 'b' sets 3 RU/s, below the minimum 400 at t=5s "
			 "(the smallest manual throughput)");
	diag_free(&d);
	scenario_free(sc);
}
END_TEST

/* A scale-up waiting for its splits (split_delay 20 s) replaced by a
   later change: its event says it never took effect and no split ran. */
START_TEST(test_sim_split_delay_cancelled)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 18000, "
	    "split_delay: 20s}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 10/s}\n"
	    "  - {duration: 10s, rate: 10/s, throughput: 45000}\n"
	    "  - {duration: 10s, rate: 10/s, throughput: 25000}\n";
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->n_changes, 2);
	ck_assert_int_eq(c.metrics->changes[0].effective_t_s, -1);
	ck_assert_uint_eq(c.metrics->changes[0].ranges_after, 3);
	ck_assert_uint_eq(c.metrics->n_splits, 0);
	ck_assert_uint_eq(c.n_ranges, 3); /* 25,000 fits 3 x 10,000 */
	diag_free(&d);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/*
 * One key, one range (6,000 RU/s <= 10,000),
 * 200 writes/s x 10 RU = 2,000 RU each second, retries off. Seconds 0-2
 * serve all 2,000 (share 6,000). From t = 3 the share is 1,500: 1,500 /
 * 10 = 150 writes fit, 200 - 150 = 50 get a 429, every second, t = 3 too
 * (second 2 used 2,000 of its 6,000: no debt; before the fix the 2,000 -
 * 1,500 = 500 "debt" left 1,000 RU, 100 x 429 at t = 3).
 */
START_TEST(test_sim_no_phantom_debt)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 6000}\n"
	    "client: {retries: off}\n"
	    "cost: {write_1kb: 10}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 3s, rate: 200/s}\n"
	    "  - {duration: 3s, rate: 200/s, throughput: 1500}\n";
	struct pk_diag d;
	struct pk_run *run;
	const struct pk_metrics *m;
	int s;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	m = tu_metrics(run->variants[0].svc);
	for (s = 0; s < 3; s++) {
		ck_assert_int_eq(m->seconds[s].served_mru, 2000 * 1000);
		ck_assert_uint_eq(m->seconds[s].throttled_429, 0);
	}
	for (s = 3; s < 6; s++) {
		ck_assert_int_eq(m->seconds[s].served_mru, 1500 * 1000);
		ck_assert_uint_eq(m->seconds[s].throttled_429, 50);
	}
	diag_free(&d);
	free_run(run);
}
END_TEST

/*
 * A delayed scale-up is not lost across idle seconds.
 * 18,000 RU/s = 3 ranges (ceil(18,000 / 6,000)); at t = 5 s 40,000 RU/s
 * needs ceil(40,000 / 10,000) = 4, split_delay 10 s: the split is done at
 * 5 + 10 = 15 s although no operation arrives between t = 5 and t = 65
 * (one a minute). A run ending at 5 + 8 = 13 s, before 15, keeps 3
 * ranges: its change event says 3 after and a splits_unfinished action.
 */
START_TEST(test_sim_split_delay_idle)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 18000, "
	    "split_delay: 10s}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases:\n"
	    "  - {duration: 5s, rate: 1/m}\n"
	    "  - {duration: %s, rate: 1/m, throughput: 40000}\n";
	char buf[512];
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;

	diag_init(&d);
	snprintf(buf, sizeof(buf), text, "2m");
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->n_splits, 1);
	ck_assert_int_eq(c.metrics->splits[0].t_s, 15);
	ck_assert_int_eq(c.metrics->changes[0].effective_t_s, 15);
	ck_assert_uint_eq(c.metrics->changes[0].ranges_after, 4);
	ck_assert_uint_eq(c.n_ranges, 4);
	snapshot_free(&c);
	free_run(run);

	snprintf(buf, sizeof(buf), text, "8s");
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->n_splits, 0);
	ck_assert_uint_eq(c.n_ranges, 3);
	ck_assert_uint_eq(c.metrics->changes[0].ranges_after, 3);
	ck_assert_int_eq(c.metrics->actions[c.metrics->n_actions - 1].kind,
			 PK_ACTION_SPLITS_UNFINISHED);
	ck_assert_str_eq(c.metrics->actions[c.metrics->n_actions - 1].detail,
			 "the run ends before the splits of the scale-up to "
			 "40,000 RU/s are done (t=15s); 3 physical partitions "
			 "at the end");
	snapshot_free(&c);
	free_run(run);
	diag_free(&d);
}
END_TEST

/*
 * "{random 0..18446744073709551615}" (the whole uint64
 * range) passes the loader; the run must not abort. 10 writes/s for 2 s
 * at 400 RU/s (5 RU each, 50 of 400 RU a second): all 20 succeed.
 */
START_TEST(test_sim_random_full_range)
{
	static const char *const text =
	    "container: {partition_key: "
	    "\"{random 0..18446744073709551615}\", throughput: 400}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 10/s, ops: {create: 1}}\n";
	struct pk_diag d;
	struct pk_run *run;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->totals.succeeded,
			  20);
	diag_free(&d);
	free_run(run);
}
END_TEST

/*
 * Samples only for the ranges a second's requests
 * reach. 1,000,000 RU/s makes ceil(1,000,000 / 6,000) = 167 ranges; one
 * create a second for 1 h reaches one range a second: 3,600 samples
 * (every range every second was 3,600 x 167 = 601,200).
 */
START_TEST(test_sim_samples_bounded)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 1000000}\n"
	    "items: {k: {values: \"k{0..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 1h, rate: 1/s}\n";
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.n_ranges, 167);
	ck_assert_uint_eq(c.metrics->n_samples, 3600);
	diag_free(&d);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/*
 * Rule 26 with the redistribution FAQ's numbers: 18,000 RU/s (3 ranges,
 * ids 0-2) lowered to 6,000, set to 1,000 / 4,000 / 1,000 (fractions
 * 1/6, 4/6, 1/6). Each later total keeps the fractions:
 * - lowered to 3,000: 3,000 / 6 = 500, 2,000, 500;
 * - raised to 12,000: 2,000, 8,000, 2,000;
 * - raised to 24,000: 4,000, MIN(16,000, 10,000) = 10,000, 4,000: 18,000
 *   usable, 24,000 - 18,000 = 6,000 unusable (the action says so);
 * - throughput_policy: equal: 24,000 / 3 = 8,000 each (3 x 10,000 holds
 *   it, no split).
 * Each case runs the first n phases and reads the shares at the end.
 */
START_TEST(test_sim_redistribute_fractions)
{
	static const char *const phases[] = {
	    "  - {duration: 2s, rate: 10/s, throughput: 6000}\n",
	    "  - {duration: 2s, rate: 10/s,\n"
	    "     redistribute: {\"0\": 1000, \"1\": 4000, \"2\": 1000}}\n",
	    "  - {duration: 2s, rate: 10/s, throughput: 3000}\n",
	    "  - {duration: 2s, rate: 10/s, throughput: 12000}\n",
	    "  - {duration: 2s, rate: 10/s, throughput: 24000}\n",
	    "  - {duration: 2s, rate: 10/s, throughput_policy: equal}\n",
	};
	static const int64_t want[][3] = {
	    {500, 2000, 500},	/* 3 phases */
	    {2000, 8000, 2000}, /* 4 */
	    {4000, 10000, 4000},
	    {8000, 8000, 8000},
	};
	size_t n, k;

	for (n = 3; n <= 6; n++) {
		char text[2048];
		size_t len;
		struct pk_diag d;
		struct pk_run *run;
		struct pk_snapshot c;
		const struct pk_action *last;

		len = (size_t)snprintf(
		    text, sizeof(text), "%s",
		    "container: {partition_key: /k, throughput: 18000}\n"
		    "items: {k: {values: \"k{0..999}\"}}\n"
		    "phases:\n");
		for (k = 0; k < n; k++) {
			len += (size_t)snprintf(text + len, sizeof(text) - len,
						"%s", phases[k]);
		}
		diag_init(&d);
		run = sim_run(load(text), 1, &d);
		ck_assert_ptr_nonnull(run);
		tu_snapshot(run, 0, &c);
		ck_assert_uint_eq(c.n_ranges, 3);
		for (k = 0; k < 3; k++) {
			ck_assert_int_eq(c.ranges[k].ru_per_s_mru,
					 want[n - 3][k] * 1000);
		}
		ck_assert_int_eq(c.ru_per_s, n >= 5   ? 24000
					     : n == 4 ? 12000
						      : 3000);
		ck_assert_int_eq(c.effective_ru_per_s,
				 n == 5 ? 18000 : c.ru_per_s);
		last = &c.metrics->actions[c.metrics->n_actions - 1];
		if (n == 5) {
			ck_assert_str_eq(last->detail,
					 "24,000 RU/s kept as each partition's "
					 "fraction (custom policy): 18,000 "
					 "RU/s usable, 6,000 unusable above "
					 "10,000 a partition");
		}
		ck_assert_int_eq(c.cosmos->custom_policy, n < 6);
		ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
		diag_free(&d);
		snapshot_free(&c);
		free_run(run);
	}
}
END_TEST

/*
 * A phase's autoscale_max (rules 3, 6, 8): 20,000 (2 partitions of
 * 10,000) raised to 40,000: 40,000 / 2 = 20,000 passes 10,000 a
 * partition, so it splits to ceil(40,000 / 10,000) = 4 (like a manual
 * scale-up); lowered to 8,000 it keeps the 4 partitions (2,000 each).
 * Below the minimum: after a max of 40,000 the lowest is 40,000 / 10 =
 * 4,000, so 3,000 stops the run with the error at the key.
 */
START_TEST(test_sim_phase_autoscale_max)
{
	static const char *const text =
	    "container: {partition_key: /k, autoscale_max: 20000}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 10/s}\n"
	    "  - {duration: 2s, rate: 10/s, autoscale_max: 40000}\n"
	    "  - {duration: 2s, rate: 10/s, autoscale_max: %s}\n";
	char buf[512];
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;
	struct pk_scenario *sc;

	diag_init(&d);
	snprintf(buf, sizeof(buf), text, "8000");
	run = sim_run(load(buf), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->n_splits, 2);
	ck_assert_uint_eq(c.n_ranges, 4);
	ck_assert_int_eq(c.ru_per_s, 8000);
	ck_assert_int_eq(c.ranges[0].ru_per_s_mru, 2000 * 1000);
	ck_assert_int_eq(c.metrics->changes[0].t_s, 2);
	ck_assert_uint_eq(c.metrics->changes[0].ranges_after, 4);
	snapshot_free(&c);
	free_run(run);

	snprintf(buf, sizeof(buf), text, "3000");
	sc = load(buf);
	ck_assert_ptr_null(sim_run(sc, 1, &d));
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_int_eq(d.entries[0].line, 6);
	ck_assert_str_eq(d.entries[0].msg,
			 "phase 'phase-3' sets autoscale_max 3,000 RU/s, below "
			 "the minimum 4,000 at t=4s (max(1,000, 10 RU/s per "
			 "GB stored, a tenth of the highest max), rounded up "
			 "to 1,000)");
	scenario_free(sc);
	diag_free(&d);
}
END_TEST

/*
 * Autoscale bills when a phase changes autoscale_max within an hour
 * (rule 17 classic, rule 27 dynamic): each second is clamped to the
 * max (and max / P) in force THAT second, then the hour takes the
 * highest. 1 KB writes at 10 RU, every write on one key (range 1).
 * a) 20,000 over 2 partitions (10,000 each), 10 s at 1,000/s = 10,000
 *    RU/s on range 1, then 2,000: classic = 10,000 x 2 = 20,000; dynamic
 *    = range 1's 10,000 + range 2's floor 0.1 x 20,000 / 2 = 1,000 ->
 *    11,000 (not the floor at the new max, 0.1 x 2,000 / 2 = 100).
 * b) 20,000 -> 10,000 at 1/s (10 RU/s, below every floor): classic
 *    0.1 x 20,000 = 2,000; dynamic 2 x 0.1 x 20,000 / 2 = 2 x 1,000 =
 *    2,000.
 * c) 20,000 -> 50,000 (splits to ceil(50,000 / 10,000) = 5) -> 10,000,
 *    10 s each at 1/s: in t = 10..19 each of 5 partitions bills at least
 *    0.1 x 50,000 / 5 = 1,000: dynamic 5 x 1,000 = 5,000; classic
 *    0.1 x 50,000 = 5,000.
 * d) 20,000 lowered to 2,000 at 2 h + 10 s (7,210 s), 1/s: hour 2 held
 *    20,000 for 10 s: classic 0.1 x 20,000 = 2,000, dynamic 2 x 1,000 =
 *    2,000 (not 200).
 */
START_TEST(test_sim_autoscale_lowered_in_hour)
{
	static const char *const head =
	    "container: {partition_key: /k, autoscale_max: 20000, "
	    "partitions: 2}\n"
	    "cost: {write_1kb: 10}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n";
	static const struct {
		const char *phases;
		int64_t hour, classic, dynamic;
	} cases[] = {
	    {"  - {duration: 10s, rate: 1000/s}\n"
	     "  - {duration: 10s, rate: 1/s, autoscale_max: 2000}\n",
	     0, 20000, 11000},
	    {"  - {duration: 10s, rate: 1/s}\n"
	     "  - {duration: 10s, rate: 1/s, autoscale_max: 10000}\n",
	     0, 2000, 2000},
	    {"  - {duration: 10s, rate: 1/s}\n"
	     "  - {duration: 10s, rate: 1/s, autoscale_max: 50000}\n"
	     "  - {duration: 10s, rate: 1/s, autoscale_max: 10000}\n",
	     0, 5000, 5000},
	    {"  - {duration: 7210s, rate: 1/s}\n"
	     "  - {duration: 10s, rate: 1/s, autoscale_max: 2000}\n",
	     2, 2000, 2000},
	};
	char buf[512];
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;
	size_t i;

	diag_init(&d);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(buf, sizeof(buf), "%s%s", head, cases[i].phases);
		run = sim_run(load(buf), 1, &d);
		ck_assert_ptr_nonnull(run);
		tu_snapshot(run, 0, &c);
		ck_assert_int_eq(c.cosmos->billed_classic[cases[i].hour],
				 cases[i].classic);
		ck_assert_int_eq(c.cosmos->billed_dynamic[cases[i].hour],
				 cases[i].dynamic);
		snapshot_free(&c);
		free_run(run);
	}
	diag_free(&d);
}
END_TEST

/*
 * Dynamic autoscale (rule 27) never bills an hour above its max: each
 * partition's highest RU/s of the hour counts at most at its share of
 * the max under the layout the hour ends with. Autoscale max 20,000: 2
 * partitions of 10,000 (rule 3), 64 MB (67,108,864 bytes) a partition
 * (a classroom cap). Creates of 5 RU each (1 KB, and 512 bytes: flat
 * below 1 KB, rule 20), 3,000/s a stream for 120 s, offered past every
 * share, so each range serves share / 5 RU writes a second:
 * - stream a, keys k-3 and k-8, both in range 0 (EPKs 01AD.., 038C..),
 *   1,024-byte items: 2,000 a second = 2,048,000 B/s; after seconds
 *   0..32, 33 x 2,048,000 = 67,584,000 > the cap: range 0 splits at t =
 *   33 s for storage, one key a child (ranges 2 and 3);
 * - stream b, keys k-0 and k-1 in range 1 (33D1.., 2DF3..), 512-byte
 *   items: 1,024,000 B/s for 33 s = 33,792,000, then at 20,000,000 / 3
 *   = 6,666,666 mRU, 1,333 writes (6,665,000 mRU) = 682,496 B/s: the
 *   33,316,864 bytes left take ceil(48.8) = 49 s, so range 1 splits at t
 *   = 33 + 49 = 82 s (ranges 4 and 5).
 * Highest RU/s of hour 0, each second within its share then: range 0
 * 10,000, its children carrying half (5,000) then 6,665 each; range 1
 * 10,000 (the 6,666 after the first split is lower), its children
 * carrying 5,000 and then at their 5,000. Summed as they were: 6,665 +
 * 6,665 + 5,000 + 5,000 = 23,330 > 20,000 (the bill before). Each at
 * most its share at the end, 20,000 / 4 = 5,000: 4 x 5,000 = 20,000,
 * the max; classic: the busiest, 10,000 x 2 = 20,000 (rule 17).
 */
START_TEST(test_sim_autoscale_dynamic_splits)
{
	static const char *const text =
	    "container: {partition_key: /k, autoscale_max: 20000, "
	    "autoscale_mode: dynamic, physical_partition_storage: 64MB}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    items: {k: {values: [k-3, k-8]}}\n"
	    "    phases: [{duration: 120s, rate: 3000/s, item_size: 1KB}]\n"
	    "  - name: b\n"
	    "    items: {k: {values: [k-0, k-1]}}\n"
	    "    phases: [{duration: 120s, rate: 3000/s, item_size: 512B}]\n";
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;
	size_t i;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->n_splits, 2);
	ck_assert_int_eq(c.metrics->splits[0].t_s, 33);
	ck_assert_uint_eq(c.metrics->splits[0].parent, 0);
	ck_assert_int_eq(c.metrics->splits[1].t_s, 82);
	ck_assert_uint_eq(c.metrics->splits[1].parent, 1);
	ck_assert_uint_eq(c.n_ranges, 4);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(c.ranges[i].ru_per_s_mru, 5000000);
	}
	ck_assert_int_le(c.cosmos->billed_dynamic[0], 20000);
	ck_assert_int_eq(c.cosmos->billed_dynamic[0], 20000);
	ck_assert_int_eq(c.cosmos->billed_classic[0], 20000);
	snapshot_free(&c);
	free_run(run);
	diag_free(&d);
}
END_TEST

/*
 * A scale-up the run never finishes (defect 6): 10,000 -> 30,000 RU/s
 * at t = 5 s with split_delay 10 s would apply at 5 + 10 = 15 s, but the
 * run ends at 5 + 5 = 10 s: no effective time (JSON null), planned 15,
 * 2 partitions after (ceil(10,000 / 6,000) = 2, unsplit).
 */
START_TEST(test_sim_split_unfinished)
{
	static const char *const text =
	    "container: {partition_key: /k, throughput: 10000, "
	    "split_delay: 10s}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {duration: 5s, rate: 1/s}\n"
	    "  - {duration: 5s, rate: 1/s, throughput: 30000}\n";
	struct pk_diag d;
	struct pk_run *run;
	struct pk_snapshot c;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	ck_assert_ptr_nonnull(run);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->n_changes, 1);
	ck_assert_int_eq(c.metrics->changes[0].t_s, 5);
	ck_assert_int_eq(c.metrics->changes[0].effective_t_s,
			 PK_EFFECTIVE_UNFINISHED);
	ck_assert_int_eq(c.metrics->changes[0].planned_t_s, 15);
	ck_assert_uint_eq(c.metrics->changes[0].ranges_after, 2);
	snapshot_free(&c);
	free_run(run);
	diag_free(&d);
}
END_TEST

/* ---- closed-loop workers (client.concurrency) ---- */

static struct pk_run *run_text(const char *text)
{
	struct pk_diag d;
	struct pk_run *run;

	diag_init(&d);
	run = sim_run(load(text), 1, &d);
	diag_free(&d);
	ck_assert_ptr_nonnull(run);
	return run;
}

/* Items stored in c (the sum over its logical partitions) and, in
 *lps, the logical partitions holding at least one. */
static uint64_t stored_items(const struct pk_snapshot *c, uint64_t *lps)
{
	uint64_t x, items = 0, n;

	*lps = 0;
	for (x = 0; x < c->n_lps; x++) {
		n = tu_lp(c, x).items;
		items += n;
		*lps += n > 0;
	}
	return items;
}

/*
 * A plausible wrong answer ruled out: 1,000 upserts (100/s for 10 s, 1 KB,
 * 5 RU each: 500 RU/s of 1,000, never a 429) over a key of 1,000 values.
 * Upserts write new items (upsert_new defaults to 1), as creates would:
 * 1,000 items of 1,024 bytes (index_factor 1) = 1,024,000 bytes. Before,
 * every upsert after the first rewrote the one stored item: 1 item, 1
 * logical partition.
 * With a key whose values are all distinct ({unique: "k-"}: one value
 * per item) the logical partitions are 1,000 by construction. With
 * k{000..999} drawn uniformly, the distinct values among 1,000 draws:
 * mean 1,000 (1 - (1 - 1/1,000)^1,000) = 632.3, variance about
 * n e^-1 (1 - 2 e^-1) = 1,000 x 0.3679 x 0.2642 = 97.2 (sd 9.9); six sd
 * either side: 573 .. 692 (the old answer, 1, is far outside).
 */
START_TEST(test_sim_upserts_store_new_items)
{
	static const char *const fmt =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 1000}\n"
	    "items: {k: %s}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s, ops: {upsert: 1}, "
	    "item_size: 1KB}\n";
	char text[512];
	struct pk_run *run;
	struct pk_snapshot c;
	uint64_t lps;

	snprintf(text, sizeof(text), fmt, "{unique: \"k-\"}");
	run = run_text(text);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->totals.succeeded, 1000);
	ck_assert_uint_eq(c.metrics->totals.throttled_429, 0);
	ck_assert_uint_eq(stored_items(&c, &lps), 1000);
	ck_assert_uint_eq(lps, 1000);
	ck_assert_uint_eq(c.storage_bytes, 1000 * 1024);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	snapshot_free(&c);
	free_run(run);

	snprintf(text, sizeof(text), fmt, "{values: \"k{000..999}\"}");
	run = run_text(text);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(stored_items(&c, &lps), 1000);
	ck_assert_uint_ge(lps, 573);
	ck_assert_uint_le(lps, 692);
	ck_assert_uint_eq(c.n_lps, lps);
	ck_assert_uint_eq(c.storage_bytes, 1000 * 1024);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/*
 * upsert_new: 0 keeps the old rule: the first upsert (nothing created
 * yet) is made a create, the other 999 rewrite the one stored item: 1
 * item, 1 logical partition, 1,024 bytes; 1 create + 999 upserts all
 * succeed. upsert_new: 0.5 after 100 creates: each of the 1,000 upserts
 * writes a new item with probability 1/2, so the items are 100 + X,
 * X ~ Binomial(1,000, 0.5): mean 500, sd sqrt(250) = 15.8, six sd either
 * side 405 .. 595; and exactly the upserts the workload made with an
 * item (a new item's upsert names it at arrival; a rewrite does not),
 * counted from a second workload of the same scenario and seed.
 */
START_TEST(test_sim_upsert_new_fraction)
{
	static const char *const fmt =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 1000}\n"
	    "items: {k: {unique: \"k-\"}}\n"
	    "phases:\n"
	    "%s"
	    "  - {duration: 10s, rate: 100/s, ops: {upsert: 1}, "
	    "item_size: 1KB, upsert_new: %s}\n";
	char text[512];
	struct pk_run *run;
	struct pk_snapshot c;
	struct pk_workload *w;
	struct pk_op op;
	uint64_t lps, fresh = 0, items;

	snprintf(text, sizeof(text), fmt, "", "0");
	run = run_text(text);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(stored_items(&c, &lps), 1);
	ck_assert_uint_eq(lps, 1);
	ck_assert_uint_eq(c.storage_bytes, 1024);
	ck_assert_uint_eq(c.metrics->totals.succeeded, 1000);
	snapshot_free(&c);
	free_run(run);

	snprintf(text, sizeof(text), fmt,
		 "  - {duration: 1s, rate: 100/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 "0.5");
	run = run_text(text);
	tu_snapshot(run, 0, &c);
	/* run_text runs with seed 1 */
	w = workload_new(run->sc, 1);
	while (workload_next(w, &op)) {
		fresh += op.kind == PK_OP_UPSERT && op.item != PK_ITEM_NONE;
	}
	workload_free(w);
	items = stored_items(&c, &lps);
	ck_assert_uint_eq(items, 100 + fresh);
	ck_assert_uint_ge(fresh, 405);
	ck_assert_uint_le(fresh, 595);
	ck_assert_uint_eq(lps, items);
	ck_assert_uint_eq(c.storage_bytes, items * 1024);
	ck_assert_uint_eq(c.metrics->totals.succeeded, 1100);
	ck_assert_uint_eq(c.metrics->totals.not_sent_no_target, 0);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/*
 * A new item's upsert whose (key, id) a stored item holds replaces it
 * (200), its old bytes leaving the logical partition. One key value, ids
 * d1, d2, d3 in order (sequential): 3 upserts of 1 KB (1 s at 3/s) store
 * 3 items (201): 3,072 bytes. 3 more of 2 KB (the next second) draw d1,
 * d2, d3 again: each replaces its holder: still 3 items, 3 x 2,048 =
 * 6,144 bytes (a second copy would make 6 items and 3,072 + 6,144 =
 * 9,216). Then 10 reads (10/s for 1 s) draw among the items written
 * less those replaced: the three 2 KB items, so none is a 404 (a read
 * of a replaced copy would be). 16 succeed, no 409.
 */
START_TEST(test_sim_upsert_replaces_held_id)
{
	struct pk_run *run = run_text(
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 1000}\n"
	    "items:\n"
	    "  k: a\n"
	    "  id: {values: \"d{1..3}\", distribution: sequential}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 3/s, ops: {upsert: 1}, item_size: 1KB}\n"
	    "  - {duration: 1s, rate: 3/s, ops: {upsert: 1}, item_size: 2KB}\n"
	    "  - {duration: 1s, rate: 10/s, ops: {read: 1}}\n");
	struct pk_snapshot c;
	tu_snapshot(run, 0, &c);
	const struct pk_totals *t = &c.metrics->totals;
	uint64_t lps;

	ck_assert_uint_eq(stored_items(&c, &lps), 3);
	ck_assert_uint_eq(lps, 1);
	ck_assert_uint_eq(c.storage_bytes, 3 * 2048);
	ck_assert_uint_eq(t->succeeded, 16);
	ck_assert_uint_eq(t->not_found_404, 0);
	ck_assert_uint_eq(t->conflict_409, 0);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	snapshot_free(&c);
	free_run(run);
}
END_TEST

/* 2 workers, 20 ms an attempt, 2,000 creates ready two a ms (2,000/s
   for 1 s) on 1,000 RU/s: each worker sends at 0, 20, .., 19,980 ms
   (1,000 each), 100 creates a second = 500 RU/s, never throttled; the
   last answer at 19,980 + 20 = 20,000 ms: 2,000 x 1,000 / 20,000 = 100
   operations a second, where the open loop sends all in 1 s. */
START_TEST(test_sim_closed_loop_pace)
{
	struct tu_fx f;

	tu_fx_run(&f, "pace.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, throughput: 1000}\n"
		  "items: {k: {values: \"k{0..99}\"}}\n"
		  "client: {concurrency: 2, latency: 20ms}\n"
		  "phases:\n"
		  "  - {duration: 1s, rate: 2000/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	const struct pk_result_variant *v = &f.r->variants[0];
	const struct pk_totals *t = &v->metrics->totals;

	ck_assert_uint_eq(t->operations, 2000);
	ck_assert_uint_eq(t->succeeded, 2000);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(v->last_answer_ms, 20000);
	/* every operation answered by the workers, all succeeded */
	ck_assert_uint_eq(v->answered, 2000);
	ck_assert_uint_eq(v->succeeded, 2000);
	ck_assert_double_eq_tol(v->achieved_ops_per_s, 100.0, 1e-9);
	tu_fx_free(&f);
}
END_TEST

/* 1 worker, 1 ms an attempt, 200 creates of 5 RU arriving every 5 ms
   (200/s for 1 s) on 400 RU/s (80 creates a second). Second 0: creates
   0..79 at their arrivals 0..395 ms; create 80 at 400 ms gets a 429
   with retry-after 1,000 - 400 = 600 ms, answered at 401 and sent again
   at 401 + 600 = 1,001, the others waiting behind it. Second 1: creates
   80..159 at 1,001..1,080; create 160 at 1,081: 429, retry-after 919,
   again at 1,082 + 919 = 2,001. Second 2: creates 160..199 at
   2,001..2,040, the last answered at 2,041. 2 429s and 600 + 919 =
   1,519 ms waited; the open loop would take 120 429s in second 0. */
START_TEST(test_sim_closed_loop_retries)
{
	struct tu_fx f;

	tu_fx_run(&f, "retries.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, throughput: 400}\n"
		  "items: {k: {values: \"k{0..99}\"}}\n"
		  "client: {concurrency: 1, latency: 1ms}\n"
		  "phases:\n"
		  "  - {duration: 1s, rate: 200/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	const struct pk_result_variant *v = &f.r->variants[0];
	const struct pk_totals *t = &v->metrics->totals;

	ck_assert_uint_eq(t->operations, 200);
	ck_assert_uint_eq(t->succeeded, 200);
	ck_assert_uint_eq(t->throttled_429, 2);
	ck_assert_uint_eq(t->retries, 2);
	ck_assert_uint_eq(t->retry_wait_ms, 1519);
	ck_assert_int_eq(v->last_answer_ms, 2041);
	ck_assert_uint_eq(v->answered, 200);
	tu_fx_free(&f);
}
END_TEST

/* The workers follow the arrivals when those are slower: 4 workers, 10
   ms an attempt, 10 creates a second for 10 s: each create goes at its
   arrival (j x 100 ms), the last (j = 99) answered at 9,900 + 10 =
   9,910 ms (10 ms: the latency a client without one gets). */
START_TEST(test_sim_closed_loop_arrivals)
{
	struct tu_fx f;

	tu_fx_run(&f, "arrivals.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, throughput: 400}\n"
		  "items: {k: {values: \"k{0..99}\"}}\n"
		  "client: {concurrency: 4}\n"
		  "phases:\n"
		  "  - {duration: 10s, rate: 10/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	const struct pk_result_variant *v = &f.r->variants[0];

	ck_assert_uint_eq(v->metrics->totals.operations, 100);
	ck_assert_int_eq(v->first_ms, 0);
	ck_assert_int_eq(v->last_answer_ms, 9910);
	/* no wait in the client: each went at its arrival */
	ck_assert_int_eq(v->pacing.wait_max_ms, 0);
	tu_fx_free(&f);
}
END_TEST

/* Rule 30 alone: a Low-priority client with no High demand beside it
   uses the whole 400 RU/s, as a High one would. 100 creates a second
   of 5 RU (one every 10 ms) for 10 s, no retries: each second creates
   0..79 fit (400 RU), 80..99 get a 429: 800 succeed, 200 429s, every
   one to a Low request. */
START_TEST(test_sim_priority_low_alone)
{
	struct pk_run *run =
	    run_text("seed: 1\n"
		     "container: {partition_key: /k, throughput: 400}\n"
		     "items: {k: {values: \"k{0..99}\"}}\n"
		     "client: {priority: low, retries: off}\n"
		     "phases:\n"
		     "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
		     "item_size: 1KB}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 800);
	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->throttled_low_429, 200);
	ck_assert_uint_eq(t->throttled_3212, 0);
	free_run(run);
}
END_TEST

/* Rule 30's room kept for High is not a range short of RU/s. One
   partition of 1,000 RU/s; creates of 5 RU, no retries; High
   100 a second (one every 10 ms) in second 0 only, Low 200 a second
   (one every 5 ms) for 2 s.
   Second 0, as priority-bulk.yaml's: no High demand the second before,
   so both use the budget: 66 steps of one High and two Low (0 .. 650
   ms) use 990 RU, at 660 ms the High (995) and the first Low (1,000)
   fit, the rest get a 429 with the budget full: 1,000 RU, normalized 1.
   Second 1: no High request, but High asked for 100 x 5 = 500 RU in
   second 0, so Low stays within 1,000 - 500 = 500: creates 0 .. 99 of
   the second fit (500 RU), 100 .. 199 get a 429 each with 500 RU used,
   room for 5 more: 100 held. The second's record: 500 RU of 1,000,
   normalized 0.5 (it read 1, "100 %", before), and the range's
   seconds rate limited for its RU/s are second 0 alone (2 before). */
START_TEST(test_sim_priority_held_has_room)
{
	struct pk_run *run =
	    run_text("seed: 1\n"
		     "container: {partition_key: /k, throughput: 1000}\n"
		     "streams:\n"
		     "  - name: app\n"
		     "    items: {k: {values: \"u{000..999}\"}}\n"
		     "    client: {retries: off}\n"
		     "    phases:\n"
		     "      - {duration: 1s, rate: 100/s, ops: {create: 1}, "
		     "item_size: 1KB}\n"
		     "  - name: bulk\n"
		     "    items: {k: {values: \"b{000..999}\"}}\n"
		     "    client: {priority: low, retries: off}\n"
		     "    phases:\n"
		     "      - {duration: 2s, rate: 200/s, ops: {create: 1}, "
		     "item_size: 1KB}\n");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	const struct pk_sample *s0, *s1;

	ck_assert_uint_eq(m->n_samples, 2);
	s0 = &m->samples[0];
	s1 = &m->samples[1];
	ck_assert_int_eq(s0->ru_mru, 1000 * 1000);
	ck_assert_uint_eq(s0->throttled_429, 33 + 67);
	ck_assert_uint_eq(s0->throttled_held, 0);
	ck_assert(metrics_normalized(s0) == 1.0);
	ck_assert_int_eq(s1->ru_mru, 500 * 1000);
	ck_assert_uint_eq(s1->throttled_429, 100);
	ck_assert_uint_eq(s1->throttled_held, 100);
	ck_assert(metrics_normalized(s1) == 0.5);
	ck_assert_int_eq(metrics_normalized_pct(s1), 50);
	ck_assert_uint_eq(m->ranges[0].throttled_held, 100);
	ck_assert_uint_eq(m->ranges[0].throttled_seconds, 1);
	ck_assert_uint_eq(m->totals.throttled_low_429, 67 + 100);
	free_run(run);
}
END_TEST

/* Rule 31 alone: bucket 1 at 20 % of 1,000 RU/s (one partition) caps
   the client at 200 RU a second while the partition has 800 left. 100
   creates a second of 5 RU for 10 s, no retries: 40 a second fit
   (200 RU), 60 get 429/3212: 400 succeed, 600 429s, all 3212; 2,000 RU
   consumed, 20 % of the 10,000 provisioned. */
START_TEST(test_sim_bucket_alone)
{
	struct pk_run *run = run_text(
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 1000,\n"
	    "            throughput_buckets: [{id: 1, max_percent: 20}]}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "client: {throughput_bucket: 1, retries: off}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 400);
	ck_assert_uint_eq(t->throttled_429, 600);
	ck_assert_uint_eq(t->throttled_3212, 600);
	ck_assert_uint_eq(t->throttled_low_429, 0);
	ck_assert_int_eq(t->ru_mru, 2000 * 1000);
	free_run(run);
}
END_TEST

/* Closed-loop workers beside an open-loop stream: stream bulk has 2
   workers of 20 ms (2,000 creates ready at 2 a ms, as in
   test_sim_closed_loop_pace: the last answered at 20,000 ms), stream
   reads sends 10 creates a second for 10 s at their arrivals (100) on
   the same 2,000 RU/s (100 + 10 creates a second = 550 RU, none
   throttled). The workers answer only bulk's 2,000: 100 a second, not
   (2,000 + 100) / 20 s. */
START_TEST(test_sim_closed_loop_one_stream)
{
	struct tu_fx f;

	tu_fx_run(&f, "one-stream.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, throughput: 2000}\n"
		  "streams:\n"
		  "  - name: bulk\n"
		  "    items: {k: {values: \"k{0..99}\"}}\n"
		  "    client: {concurrency: 2, latency: 20ms}\n"
		  "    phases:\n"
		  "      - {duration: 1s, rate: 2000/s, ops: {create: 1}, "
		  "item_size: 1KB}\n"
		  "  - name: reads\n"
		  "    items: {k: {values: \"r{0..99}\"}}\n"
		  "    phases:\n"
		  "      - {duration: 10s, rate: 10/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	const struct pk_result_variant *v = &f.r->variants[0];
	const struct pk_totals *t = &v->metrics->totals;

	ck_assert_uint_eq(t->operations, 2100);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(v->n_streams, 2);
	ck_assert_uint_eq(v->streams[0].answered, 2000);
	ck_assert_int_eq(v->streams[0].last_answer_ms, 20000);
	/* reads is open-loop: no workers answered it */
	ck_assert_uint_eq(v->streams[1].answered, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * Each stream its own RU budget: on one partition
 * of 4,000 RU/s, streams a and b each offer 10,000 creates of 1 KB (5
 * RU) in their first second; a is capped at 1,000 RU/s, so one create
 * every 5,000 us: create k goes at 5k ms, 200 a second, the last
 * (k = 9,999) at 49,995 ms, the stream's pacing finished then. b is
 * capped at 2,000 RU/s: every 2,500 us, create k at ceil(2.5k) ms, 400 a
 * second, the last at 24,998 ms. So seconds 0..24 serve (200 + 400) x 5 = 3,000
 * RU and seconds 25..49 a's 200 x 5 = 1,000 RU; 3,000 < 4,000: no 429. One
 * pacing queue for both would block b behind a's waiting creates (and
 * one budget clock would end at 75,000,000 us); the loader used to
 * refuse a second budget.
 */
START_TEST(test_sim_budget_per_stream)
{
	struct tu_fx f;

	tu_fx_run(&f, "budgets.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, throughput: 4000}\n"
		  "streams:\n"
		  "  - name: a\n"
		  "    items: {k: {values: \"a{0..99}\"}}\n"
		  "    client: {ru_budget: 1000}\n"
		  "    phases:\n"
		  "      - {duration: 1s, rate: 10000/s, ops: {create: 1}, "
		  "item_size: 1KB}\n"
		  "  - name: b\n"
		  "    items: {k: {values: \"b{0..99}\"}}\n"
		  "    client: {ru_budget: 2000}\n"
		  "    phases:\n"
		  "      - {duration: 1s, rate: 10000/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	const struct pk_result_variant *v = &f.r->variants[0];
	const struct pk_metrics *m = v->metrics;

	ck_assert_uint_eq(m->totals.operations, 20000);
	ck_assert_uint_eq(m->totals.succeeded, 20000);
	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_int_eq(v->streams[0].pacing.finish_ms, 49995);
	ck_assert_int_eq(v->streams[1].pacing.finish_ms, 24998);
	ck_assert_uint_eq(v->streams[0].pacing.sent, 10000);
	ck_assert_uint_eq(v->streams[1].pacing.sent, 10000);
	ck_assert_uint_eq(m->n_seconds, 50);
	ck_assert_int_eq(m->seconds[0].served_mru, 3000 * 1000);
	ck_assert_int_eq(m->seconds[24].served_mru, 3000 * 1000);
	ck_assert_int_eq(m->seconds[25].t_s, 25);
	ck_assert_int_eq(m->seconds[25].served_mru, 1000 * 1000);
	ck_assert_int_eq(m->seconds[49].served_mru, 1000 * 1000);
	/* each stream's 10,000 creates, 50,000 RU */
	ck_assert_int_eq(v->streams[0].kind[PK_OP_CREATE].ru_mru, 50000 * 1000);
	ck_assert_int_eq(v->streams[1].kind[PK_OP_CREATE].ru_mru, 50000 * 1000);
	tu_fx_free(&f);
}
END_TEST

/*
 * A budgeted stream's retries wait for its budget: one partition of 1,000 RU/s;
 * bulk (ru_budget 500) offers 1,000 creates of 1 KB (5 RU) one a ms in second
 * 0, one every 500 / 5 = 100 a second = 10 ms; spike (retries off) offers 300
 * in second 0. Together 2,000 RU/s in second 0, so its 1,000 RU run out at 500
 * ms: bulk 50 creates (250 RU), spike 150 (750 RU). Every later first attempt
 * of the second is a 429 (0 RU): bulk's 1,000 - 50 = 950, spike's 150 (failed,
 * no retries). Bulk's 950 retries then go only as its budget allows, one every
 * 10 ms: seconds 1..9 each 100 x 5 = 500 RU, second 10 the last 950 - 900 = 50
 * = 250 RU; 250 + 9 x 500 + 250 = bulk's 5,000 RU. Before, a retry did not wait
 * for the budget and bulk ran at 1,000 RU/s (200 creates) in seconds 1-4, 2,750
 * 429s. The bound: a budgeted stream's RU in a second <= budget + one request's
 * charge (505 here).
 */
START_TEST(test_sim_budget_retries_wait)
{
	struct pk_run *run =
	    run_text("seed: 1\n"
		     "container: {partition_key: /k, throughput: 1000}\n"
		     "streams:\n"
		     "  - name: bulk\n"
		     "    items: {k: {values: \"a{000..999}\"}}\n"
		     "    client: {ru_budget: 500}\n"
		     "    phases:\n"
		     "      - {duration: 1s, rate: 1000/s, ops: {create: 1}, "
		     "item_size: 1KB}\n"
		     "  - name: spike\n"
		     "    items: {k: {values: \"b{000..999}\"}}\n"
		     "    client: {retries: off}\n"
		     "    phases:\n"
		     "      - {duration: 1s, rate: 300/s, ops: {create: 1}, "
		     "item_size: 1KB}\n");
	const struct pk_variant *v = &run->variants[0];
	const struct pk_metrics *m = tu_metrics(v->svc);
	const struct pk_stream_stats *bulk = &v->sstats[PK_OP_CREATE];
	const struct pk_stream_stats *spike =
	    &v->sstats[PK_STREAM_KINDS + PK_OP_CREATE];
	size_t s;

	ck_assert_uint_eq(m->n_seconds, 11);
	ck_assert_int_eq(m->seconds[0].served_mru, 1000 * 1000);
	for (s = 1; s <= 9; s++) {
		ck_assert_int_eq(m->seconds[s].served_mru, 500 * 1000);
	}
	ck_assert_int_eq(m->seconds[10].served_mru, 250 * 1000);
	ck_assert_uint_eq(bulk->succeeded, 1000);
	ck_assert_uint_eq(bulk->throttled_429, 950);
	ck_assert_int_eq(bulk->ru_mru, 5000 * 1000);
	ck_assert_uint_eq(spike->succeeded, 150);
	ck_assert_uint_eq(spike->failed_429, 150);
	free_run(run);
}
END_TEST

/*
 * Retries held for the budget go at its pace, not one a ms: one partition
 * of 3,000 RU/s, `cost: {write_1kb: 1, write_100kb: 2999}`. hog (retries
 * off) creates one 100 KB item at 0 ms (2,999 RU); bulk (ru_budget 5,000,
 * so 1 RU every 200 us) offers 2,000 creates of 1 KB (1 RU), two a ms, in
 * second 0. One of bulk's creates fits the second's last RU (3,000 RU in
 * all); the other 1,999 get a 429 (0 RU: no budget spent, so none waits
 * for it more than a ms) and are told to retry at 1,000 ms. There the
 * budget spaces them 200 us apart: retry j goes at ceil(1,000 + 0.2 j) ms,
 * the last (j = 1,998) at ceil(1,399.6) = 1,400 ms, all in second 1
 * (1,999 RU of 3,000: no 429). Counting each held retry's budget from
 * the whole ms it went at, they went one a ms: 1,000 in second 1, 999 in
 * second 2, the last at 2,998 ms.
 */
START_TEST(test_sim_budget_held_retries_pace)
{
	struct pk_run *run =
	    run_text("seed: 1\n"
		     "container: {partition_key: /k, throughput: 3000}\n"
		     "cost: {write_1kb: 1, write_100kb: 2999}\n"
		     "streams:\n"
		     "  - name: hog\n"
		     "    items: {k: {values: \"a{0..9}\"}}\n"
		     "    client: {retries: off}\n"
		     "    phases:\n"
		     "      - {duration: 1s, rate: 1/s, ops: {create: 1}, "
		     "item_size: 100KB}\n"
		     "  - name: bulk\n"
		     "    items: {k: {values: \"b{000..999}\"}}\n"
		     "    client: {ru_budget: 5000}\n"
		     "    phases:\n"
		     "      - {duration: 1s, rate: 2000/s, ops: {create: 1}, "
		     "item_size: 1KB}\n");
	const struct pk_variant *v = &run->variants[0];
	const struct pk_metrics *m = tu_metrics(v->svc);
	const struct pk_stream_stats *bulk =
	    &v->sstats[PK_STREAM_KINDS + PK_OP_CREATE];

	ck_assert_uint_eq(m->n_seconds, 2);
	ck_assert_int_eq(m->seconds[0].served_mru, 3000 * 1000);
	ck_assert_int_eq(m->seconds[1].served_mru, 1999 * 1000);
	ck_assert_uint_eq(bulk->succeeded, 2000);
	ck_assert_uint_eq(bulk->throttled_429, 1999);
	ck_assert_int_eq(v->pacers[1].last_answer_ms, 1400);
	free_run(run);
}
END_TEST

/*
 * A delete that fails leaves its item stored and a target again: one
 * partition of 400 RU/s, retries off. fill: 40 creates/s of 1 KB (5 RU,
 * 200 RU/s) for 10 s, 400 items. drain: 100 deletes/s for 4 s (5 RU
 * each): 80 a second fit the 400 RU, 20 get a 429 and fail, so 320 are
 * deleted and 80 stay. after: 50 reads/s (1 RU) for 2 s, drawn among the
 * items stored: the 80, so all 100 are sent and found. Were a failed
 * delete's target never given back, the 400 deletes sent would leave
 * none to draw and the 100 reads would be "not sent".
 */
START_TEST(test_sim_failed_delete_keeps_target)
{
	struct pk_run *run =
	    run_text("seed: 1\n"
		     "container: {partition_key: /id, throughput: 400}\n"
		     "client: {retries: off}\n"
		     "phases:\n"
		     "  - {duration: 10s, rate: 40/s, ops: {create: 1}, "
		     "item_size: 1KB}\n"
		     "  - {duration: 4s, rate: 100/s, ops: {delete: 1}}\n"
		     "  - {duration: 2s, rate: 50/s, ops: {read: 1}}\n");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.succeeded, 400 + 320 + 100);
	ck_assert_uint_eq(m->totals.failed_after_retries, 80);
	ck_assert_uint_eq(m->totals.not_sent_no_target, 0);
	ck_assert_uint_eq(m->totals.not_found_404, 0);
	ck_assert_uint_eq(targets_count(run->variants[0].targets), 80);
	free_run(run);
}
END_TEST

/*
 * Two closed-loop streams, each with its own workers, on one partition of 4,000
 * RU/s. a: 2 workers of 20 ms, 2,000 creates ready two a ms: as
 * test_sim_closed_loop_pace, each worker sends at 0, 20, .., 19,980 ms, the
 * last answer at 20,000 ms (100 a second). b: 4 workers of 10 ms, 1,000 creates
 * arriving one a ms (create i at i ms): worker j sends create 4m + j at 10m + j
 * ms (never before its arrival 4m + j), so create 999 = 4 x 249 + 3 goes at
 * 2,493 and is answered at 2,503 ms (1,000 x 1,000 / 2,503 = 399.5 a second).
 * The busiest second, 0: b's 400 (10m + j < 1,000: m <= 99) and a's 100
 * creates, 2,500 RU of 4,000: no 429. A pool shared by the two streams
 * (6 workers) would answer differently; the loader used to refuse the
 * second `concurrency`.
 */
START_TEST(test_sim_closed_loop_per_stream)
{
	struct tu_fx f;

	tu_fx_run(&f, "workers.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, throughput: 4000}\n"
		  "streams:\n"
		  "  - name: a\n"
		  "    items: {k: {values: \"a{0..99}\"}}\n"
		  "    client: {concurrency: 2, latency: 20ms}\n"
		  "    phases:\n"
		  "      - {duration: 1s, rate: 2000/s, ops: {create: 1}, "
		  "item_size: 1KB}\n"
		  "  - name: b\n"
		  "    items: {k: {values: \"b{0..99}\"}}\n"
		  "    client: {concurrency: 4, latency: 10ms}\n"
		  "    phases:\n"
		  "      - {duration: 1s, rate: 1000/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	const struct pk_result_variant *v = &f.r->variants[0];
	const struct pk_totals *t = &v->metrics->totals;

	ck_assert_uint_eq(t->operations, 3000);
	ck_assert_uint_eq(t->succeeded, 3000);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(v->streams[0].answered, 2000);
	ck_assert_int_eq(v->streams[0].last_answer_ms, 20000);
	ck_assert_uint_eq(v->streams[1].answered, 1000);
	ck_assert_int_eq(v->streams[1].last_answer_ms, 2503);
	/* 1,000 x 1,000 / 2,503 answers a second */
	ck_assert_double_eq_tol(v->streams[1].achieved_ops_per_s,
				1000.0 * 1000.0 / 2503.0, 1e-9);
	tu_fx_free(&f);
}
END_TEST

/*
 * Phase actions in any stream's phases, on the container's one timeline
 * by time: 400 RU/s on one partition. Stream a: 100 creates
 * a second of 5 RU (one every 10 ms) for 10 s, its phase 2 from 6 s
 * setting 2,000 RU/s; stream b: 1 create a second, its phase 2 from 4 s
 * setting 1,000 RU/s; no retries. Seconds 0..3 hold 400 RU = 80
 * creates: a's at the second's start, then b's (same ms, stream order),
 * then 78 more of a's: a gets 79 and 21 429s a second; from 4 s (1,000)
 * and 6 s (2,000) a's 500 and b's 5 RU fit. a: 1,000 offered, 4 x 21 =
 * 84 429s, 916 succeed; b: 10 succeed. Changes: 4 s to 1,000, 6 s to
 * 2,000 RU/s, and 2,000 at the end. Applied in phase order (a's 6 s
 * phase before b's 4 s one) b's change would wait until 6 s and end at
 * 1,000 RU/s with 2 x 21 more 429s; the loader used to refuse actions
 * outside the first stream.
 */
START_TEST(test_sim_actions_any_stream)
{
	struct pk_run *run =
	    run_text("seed: 1\n"
		     "container: {partition_key: /k, throughput: 400}\n"
		     "streams:\n"
		     "  - name: a\n"
		     "    items: {k: {values: \"a{0..99}\"}}\n"
		     "    client: {retries: off}\n"
		     "    phases:\n"
		     "      - {duration: 6s, rate: 100/s, ops: {create: 1}, "
		     "item_size: 1KB}\n"
		     "      - {duration: 4s, rate: 100/s, ops: {create: 1}, "
		     "item_size: 1KB, throughput: 2000}\n"
		     "  - name: b\n"
		     "    items: {k: {values: \"b{0..99}\"}}\n"
		     "    client: {retries: off}\n"
		     "    phases:\n"
		     "      - {duration: 4s, rate: 1/s, ops: {create: 1}, "
		     "item_size: 1KB}\n"
		     "      - {duration: 6s, rate: 1/s, ops: {create: 1}, "
		     "item_size: 1KB, throughput: 1000}\n");
	const struct pk_variant *v = &run->variants[0];
	const struct pk_metrics *m = tu_metrics(v->svc);

	ck_assert_uint_eq(m->totals.operations, 1010);
	ck_assert_uint_eq(m->totals.throttled_429, 84);
	ck_assert_uint_eq(m->totals.succeeded, 926);
	ck_assert_uint_eq(v->sstats[PK_OP_CREATE].throttled_429, 84);
	ck_assert_uint_eq(v->sstats[PK_STREAM_KINDS + PK_OP_CREATE].succeeded,
			  10);
	ck_assert_uint_eq(m->n_changes, 2);
	ck_assert_int_eq(m->changes[0].t_s, 4);
	ck_assert_int_eq(m->changes[0].to_ru_per_s, 1000);
	ck_assert_int_eq(m->changes[1].t_s, 6);
	ck_assert_int_eq(m->changes[1].to_ru_per_s, 2000);
	ck_assert_int_eq(tu_end(run, 0).ru_per_s, 2000);
	free_run(run);
}
END_TEST

/* ---- targets drawn at the send among written items (targets.h) ---- */

/* op kind k of stream i's figures in run's first variant */
static const struct pk_stream_stats *sst(const struct pk_run *run, size_t i,
					 enum pk_op_kind k)
{
	return &run->variants[0].sstats[i * PK_STREAM_KINDS + (size_t)k];
}

/*
 * An import of 100 creates of 1 KB (5
 * RU each, cost.write_1kb) at client.ru_budget 50 RU/s beside 10 upserts
 * that rewrite stored items (upsert_new: 0) of another stream (1/s from t = 0)
 * on 400 RU/s. The budget spaces the creates 5 / 50 s = 100 ms apart: create k
 * is sent (and stored) at 100 k ms, the last at 9,900 ms. Upsert j (t = 1,000 j
 * ms) draws its target at its send among the creates stored by then, k <= 10 j
 * (the create due at the same ms arrived first, so it goes first): 10 j + 1
 * items, never an item whose create still waits. So every upsert
 * overwrites a stored item (200) and no create finds its id taken: 0
 * 409s, 110 succeeded (before, upserts drew among the items offered,
 * all 100 by 990 ms, stored some first, and their creates were 409s: 4
 * with this seed). Per second at most 50 + 5 RU of 400: no 429.
 */
START_TEST(test_sim_upserts_beside_paced_import)
{
	struct pk_run *run = run_text(
	    "container: {partition_key: /k, throughput: 400}\n"
	    "streams:\n"
	    "  - name: import\n"
	    "    items: {k: {values: \"k{0..99}\"}, id: {unique: \"i-\"}}\n"
	    "    client: {ru_budget: 50}\n"
	    "    phases:\n"
	    "      - {duration: 1s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: app\n"
	    "    items: {k: {values: \"k{0..99}\"}, id: {unique: \"u-\"}}\n"
	    "    phases:\n"
	    "      - {duration: 10s, rate: 1/s, ops: {upsert: 1}, "
	    "item_size: 1KB, upsert_new: 0}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->conflict_409, 0);
	ck_assert_uint_eq(t->conflict_409_stored, 0);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(t->succeeded, 110);
	ck_assert_uint_eq(t->not_sent_no_target, 0);
	ck_assert_uint_eq(sst(run, 0, PK_OP_CREATE)->succeeded, 100);
	ck_assert_uint_eq(sst(run, 1, PK_OP_UPSERT)->succeeded, 10);
	free_run(run);
}
END_TEST

/*
 * Reads beside a closed-loop create stream (1 worker, 1,000 ms latency
 * an attempt). Stream load first sends 2 full scans (1/s for 2 s: at 0
 * and 1,000 ms; a scan needs no target), each holding the worker 1 s,
 * then 10 creates arrive at 2,000 + 100 k ms; the worker is free at
 * 2,000 + 1,000 k, so create k is sent and stored then (2,000 .. 11,000
 * ms). Stream reads (listed first: it goes first at a shared ms) reads
 * at 10/s for 12 s: 120 reads at 100 j ms. A read draws its target at
 * its send among the items stored before it: the 21 reads at 0 .. 2,000
 * ms (the one at 2,000 goes before create 0) find none and are not sent;
 * the other 99 each read a stored item: 200, none a 404, 1 RU each (1
 * KB). Before, a read drew among the items offered (all 10 by 2,900
 * ms), so most reads from 2,000 ms on were 404s.
 */
START_TEST(test_sim_reads_only_stored_items)
{
	struct pk_run *run = run_text(
	    "container: {partition_key: /k, throughput: 1000}\n"
	    "streams:\n"
	    "  - name: reads\n"
	    "    phases:\n"
	    "      - {duration: 12s, rate: 10/s, ops: {read: 1}, "
	    "select: latest}\n"
	    "  - name: load\n"
	    "    items: {k: {values: \"k{0..9}\"}}\n"
	    "    client: {concurrency: 1, latency: 1000ms}\n"
	    "    phases:\n"
	    "      - {name: warm, duration: 2s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{name: scan}]}\n"
	    "      - {name: fill, duration: 1s, rate: 10/s, "
	    "ops: {create: 1}, item_size: 1KB}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	const struct pk_stream_stats *r = sst(run, 0, PK_OP_READ);

	ck_assert_uint_eq(t->not_found_404, 0);
	ck_assert_uint_eq(t->not_sent_no_target, 21);
	ck_assert_uint_eq(r->not_sent, 21);
	ck_assert_uint_eq(r->operations, 99);
	ck_assert_uint_eq(r->succeeded, 99);
	ck_assert_int_eq(r->ru_mru, 99 * 1000);
	ck_assert_uint_eq(sst(run, 1, PK_OP_CREATE)->succeeded, 10);
	free_run(run);
}
END_TEST

/*
 * A retry keeps the target of its first send (the application retries
 * the same id). cost.write_1kb 400 makes one 1 KB write take all of a
 * second's 400 RU. Stream w creates one item at t = 0 (400 RU); stream d
 * deletes at 2/s (0 and 500 ms). The delete at 0 targets the one stored
 * item, which leaves the draw set at this send, and is rate limited
 * (the second's RU are spent): 429, retried at 1,000 ms (the next
 * second). The delete at 500 ms finds no item to target: not sent. The
 * retry deletes its first target (204, 400 RU): 2 succeeded, no 404, 0
 * items left. A retry that drew again would find the set empty and not
 * be sent: 1 succeeded, the item still stored.
 */
START_TEST(test_sim_retry_keeps_target)
{
	struct pk_run *run =
	    run_text("container: {partition_key: /id, throughput: 400}\n"
		     "cost: {write_1kb: 400, write_100kb: 4000}\n"
		     "streams:\n"
		     "  - name: w\n"
		     "    items: {id: {unique: \"i-\"}}\n"
		     "    phases:\n"
		     "      - {duration: 1s, rate: 1/s, ops: {create: 1}, "
		     "item_size: 1KB}\n"
		     "  - name: d\n"
		     "    phases:\n"
		     "      - {duration: 1s, rate: 2/s, ops: {delete: 1}}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	const struct pk_stream_stats *d = sst(run, 1, PK_OP_DELETE);

	ck_assert_uint_eq(t->throttled_429, 1);
	ck_assert_uint_eq(t->retries, 1);
	ck_assert_uint_eq(t->succeeded, 2);
	ck_assert_uint_eq(t->not_found_404, 0);
	ck_assert_uint_eq(d->succeeded, 1);
	ck_assert_uint_eq(d->not_sent, 1);
	ck_assert_uint_eq(targets_count(run->variants[0].targets), 0);
	/* the item is deleted: nothing stored */
	ck_assert_uint_eq(tu_end(run, 0).storage, 0);
	free_run(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("sim");
	TCase *tc = tcase_create("replay");

	tcase_add_test(tc, test_sim_retries_off);
	tcase_add_test(tc, test_sim_closed_loop_pace);
	tcase_add_test(tc, test_sim_closed_loop_retries);
	tcase_add_test(tc, test_sim_closed_loop_arrivals);
	tcase_add_test(tc, test_sim_closed_loop_one_stream);
	tcase_add_test(tc, test_sim_budget_per_stream);
	tcase_add_test(tc, test_sim_budget_retries_wait);
	tcase_add_test(tc, test_sim_budget_held_retries_pace);
	tcase_add_test(tc, test_sim_failed_delete_keeps_target);
	tcase_add_test(tc, test_sim_closed_loop_per_stream);
	tcase_add_test(tc, test_sim_actions_any_stream);
	tcase_add_test(tc, test_sim_priority_low_alone);
	tcase_add_test(tc, test_sim_priority_held_has_room);
	tcase_add_test(tc, test_sim_bucket_alone);
	tcase_add_test(tc, test_sim_retries_default);
	tcase_add_test(tc, test_sim_offered_is_demand);
	tcase_add_test(tc, test_sim_phase_throughput);
	tcase_add_test(tc, test_sim_key_is_object);
	tcase_add_test(tc, test_sim_bad_ids);
	tcase_add_test(tc, test_sim_minimum_from_storage);
	tcase_add_test(tc, test_sim_split_delay);
	tcase_add_test(tc, test_sim_burst);
	tcase_add_test(tc, test_sim_404_of_failed_creates);
	tcase_add_test(tc, test_sim_upserts_beside_paced_import);
	tcase_add_test(tc, test_sim_reads_only_stored_items);
	tcase_add_test(tc, test_sim_retry_keeps_target);
	tcase_add_test(tc, test_sim_duplicate_ids);
	tcase_add_test(tc, test_sim_redistribute_minimum);
	tcase_add_test(tc, test_sim_split_delay_cancelled);
	tcase_add_test(tc, test_sim_retry_latency);
	tcase_add_test(tc, test_sim_retry_policies);
	tcase_add_test(tc, test_sim_in_6000);
	tcase_add_test(tc, test_sim_in_retry);
	tcase_add_test(tc, test_sim_split_gone);
	tcase_add_test(tc, test_sim_redistribute_merge);
	tcase_add_test(tc, test_sim_batches_one_key);
	tcase_add_test(tc, test_sim_batches_spanning);
	tcase_add_test(tc, test_sim_batch_retry);
	tcase_add_test(tc, test_sim_no_phantom_debt);
	tcase_add_test(tc, test_sim_split_delay_idle);
	tcase_add_test(tc, test_sim_random_full_range);
	tcase_add_test(tc, test_sim_samples_bounded);
	tcase_add_test(tc, test_sim_redistribute_fractions);
	tcase_add_test(tc, test_sim_phase_autoscale_max);
	tcase_add_test(tc, test_sim_autoscale_lowered_in_hour);
	tcase_add_test(tc, test_sim_autoscale_dynamic_splits);
	tcase_add_test(tc, test_sim_split_unfinished);
	tcase_add_test(tc, test_sim_streams_cache);
	tcase_add_test(tc, test_sim_upserts_store_new_items);
	tcase_add_test(tc, test_sim_upsert_new_fraction);
	tcase_add_test(tc, test_sim_upsert_replaces_held_id);
	suite_add_tcase(s, tc);
	return s;
}
