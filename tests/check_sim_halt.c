/*
 * sim_halt: pk_sim_opts.halt_429, the stop at a run's first 429 that a
 * remedy's yes/no replay asks for, on scenarios whose first 429 can be
 * placed by hand.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/run/sim.h"
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

/* sc run with halt_429 halt (skip: halt_skip) in one thread */
static struct pk_run *run_halt(const struct pk_scenario *sc, int halt, int skip)
{
	struct pk_sim_opts o;
	struct pk_diag d;
	struct pk_run *run;

	memset(&o, 0, sizeof(o));
	o.jobs = 1;
	o.halt_429 = halt;
	o.halt_skip = skip;
	diag_init(&d);
	run = sim_run_opts(sc, 1, &o, &d);
	diag_free(&d);
	ck_assert_ptr_nonnull(run);
	return run;
}

/* 400 RU/s (one range), creates of 1 KB (5 RU) at %s a second for 10 s,
   evenly spaced, default retries */
static const char *const one_range =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 400}\n"
    "items: {k: {values: \"k{0..99}\"}}\n"
    "phases:\n"
    "  - {duration: 10s, rate: %s/s, ops: {create: 1}, item_size: 1KB}\n";

static struct pk_scenario *at_rate(const char *rate)
{
	char text[512];

	snprintf(text, sizeof(text), one_range, rate);
	return load(text);
}

/*
 * 100 creates a second of 5 RU on 400 RU/s: the first 80 of second 0 use
 * its 400 RU, so operation 81 (index 80) gets the run's first 429 and the
 * run stops there: 81 operations, 1 429, 80 succeeded. Without the halt
 * the same run goes on to its 1,260 429s (check_sim's hand count).
 */
START_TEST(test_halt_at_first_429)
{
	struct pk_scenario *sc = at_rate("100");
	struct pk_run *run = run_halt(sc, 1, -1);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_int_eq(run->halted, 1);
	ck_assert_uint_eq(t->operations, 81);
	ck_assert_uint_eq(t->throttled_429, 1);
	ck_assert_uint_eq(t->succeeded, 80);
	sim_free(run);
	run = run_halt(sc, 0, -1);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_int_eq(run->halted, 0);
	ck_assert_uint_eq(t->throttled_429, 1260);
	sim_free(run);
	scenario_free(sc);
}
END_TEST

/*
 * 80 creates a second of 5 RU fill 400 RU/s exactly: no 429, so a run
 * with the halt goes to its end as one without: 800 operations, all
 * succeeded, not halted.
 */
START_TEST(test_halt_none_without_429)
{
	struct pk_scenario *sc = at_rate("80");
	struct pk_run *run = run_halt(sc, 1, -1);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_int_eq(run->halted, 0);
	ck_assert_uint_eq(t->operations, 800);
	ck_assert_uint_eq(t->succeeded, 800);
	ck_assert_uint_eq(t->throttled_429, 0);
	sim_free(run);
	scenario_free(sc);
}
END_TEST

/* Stream 0 offers 100 creates a second on 400 RU/s (80 fit) and stream
   1 one a second: from second 1 on the retries of stream 0's 429s, sent
   before a second's new arrivals, outgrow the second's 80, so stream 1's
   creates meet 429s too, later than stream 0's first. */
static const char *const two_streams =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 400}\n"
    "streams:\n"
    "  - name: bulk\n"
    "    items: {k: {values: \"a{0..99}\"}}\n"
    "    phases:\n"
    "      - {duration: 10s, rate: 100/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - name: app\n"
    "    items: {k: {values: \"b{0..99}\"}}\n"
    "    phases:\n"
    "      - {duration: 10s, rate: 1/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

/* The stream's figures of kind create on run's only variant */
static const struct pk_stream_stats *creates(const struct pk_run *run,
					     size_t stream)
{
	return &run->variants[0]
		    .sstats[stream * PK_STREAM_KINDS + PK_OP_CREATE];
}

/*
 * halt_skip 0: stream 0's 429s (from operation 81 on, as above) do not
 * stop the run; the first 429 of stream 1 does. So stream 1 has exactly
 * one 429 and stream 0 more than one; with halt_skip -1 the run stops at
 * stream 0's first (in second 0), before any of stream 1's.
 */
START_TEST(test_halt_skips_a_stream)
{
	struct pk_scenario *sc = load(two_streams);
	struct pk_run *run = run_halt(sc, 1, 0);

	ck_assert_int_eq(run->halted, 1);
	ck_assert_uint_eq(creates(run, 1)->throttled_429, 1);
	ck_assert_uint_gt(creates(run, 0)->throttled_429, 1);
	sim_free(run);
	run = run_halt(sc, 1, -1);
	ck_assert_int_eq(run->halted, 1);
	ck_assert_uint_eq(creates(run, 0)->throttled_429, 1);
	ck_assert_uint_eq(creates(run, 1)->throttled_429, 0);
	sim_free(run);
	scenario_free(sc);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("sim_halt");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_halt_at_first_429);
	tcase_add_test(tc, test_halt_none_without_429);
	tcase_add_test(tc, test_halt_skips_a_stream);
	suite_add_tcase(s, tc);
	return s;
}
