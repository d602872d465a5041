/*
 * ddb_retry: an AWS SDK client's retries of a DynamoDB throttle (D16,
 * client_aws.h; dynamodb-mechanics.md §10), statements 29 and 30 of §16
 * by hand, then through the run (a table's `retry_mode`).
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/report/report_text.h"
#include "pksim/run/client_aws.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

/*
 * Statement 29, legacy: botocore's DynamoDB legacy policy waits 0.05 x
 * 2^(n-1) s before retry n, no jitter: 50, 100, 200, 400, 800, 1,600,
 * 3,200, 6,400 and 12,800 ms, nine retries, 50 x (2^9 - 1) = 25,550 ms
 * in all; a tenth throttle (the tenth attempt's) is not retried.
 */
START_TEST(test_ddb_retry_legacy_waits)
{
	static const int64_t want[] = {50,   100,  200,	 400,  800,
				       1600, 3200, 6400, 12800};
	struct pk_retry_state st = {0};
	int64_t wait = 0;
	size_t k;

	for (k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		ck_assert_int_eq(client_aws_retry(PK_DDB_RETRY_LEGACY, 1, 7,
						  &st, NULL, &wait),
				 1);
		ck_assert_int_eq(wait, want[k]);
	}
	ck_assert_int_eq(st.retries, 9);
	ck_assert_int_eq(st.waited_ms, 25550);
	ck_assert_int_eq(
	    client_aws_retry(PK_DDB_RETRY_LEGACY, 1, 7, &st, NULL, &wait), 0);
	ck_assert_int_eq(st.retries, 9);
}
END_TEST

/*
 * Statement 29, standard: 3 attempts, so 2 retries; the wait before
 * retry n is rand(0, 1) x min(2^(n-1), 20) s: at most 1,000 ms, then
 * at most 2,000 ms (and at least 1 ms, pksim's clock). Over 2,000
 * operations the draws spread over their range: the largest of each
 * within 1 % of its bound, the smallest within 1 % of 0 (a uniform draw
 * misses a 1 % band 2,000 times with odds 0.99^2,000 < 1e-8). A third
 * throttle is returned, whatever the quota.
 */
START_TEST(test_ddb_retry_standard_waits)
{
	int64_t lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {0, 0}, wait;
	uint64_t seq;
	int k;

	for (seq = 0; seq < 2000; seq++) {
		struct pk_retry_state st = {0};
		int quota = PK_AWS_QUOTA_TOKENS;

		for (k = 0; k < 2; k++) {
			ck_assert_int_eq(client_aws_retry(PK_DDB_RETRY_STANDARD,
							  42, seq, &st, &quota,
							  &wait),
					 1);
			ck_assert_int_ge(wait, 1);
			ck_assert_int_le(wait, 1000 << k);
			lo[k] = wait < lo[k] ? wait : lo[k];
			hi[k] = wait > hi[k] ? wait : hi[k];
		}
		ck_assert_int_eq(client_aws_retry(PK_DDB_RETRY_STANDARD, 42,
						  seq, &st, &quota, &wait),
				 0);
		ck_assert_int_eq(quota, PK_AWS_QUOTA_TOKENS - 10);
	}
	ck_assert_int_ge(hi[0], 990);
	ck_assert_int_ge(hi[1], 1980);
	ck_assert_int_le(lo[0], 10);
	ck_assert_int_le(lo[1], 20);
}
END_TEST

/*
 * Statement 30: 500 tokens, 5 a throttled retry: after 100 retries of
 * throttles (here 50 operations retried twice each) and no success the
 * bucket holds 0, and the next throttle is returned without a retry
 * (the operation's state unchanged).
 */
START_TEST(test_ddb_retry_quota_empties)
{
	struct pk_retry_state st = {0};
	int quota = PK_AWS_QUOTA_TOKENS, op;
	int64_t wait;

	for (op = 0; op < 50; op++) {
		struct pk_retry_state s = {0};

		ck_assert(client_aws_retry(PK_DDB_RETRY_STANDARD, 1,
					   (uint64_t)op, &s, &quota, &wait));
		ck_assert(client_aws_retry(PK_DDB_RETRY_STANDARD, 1,
					   (uint64_t)op, &s, &quota, &wait));
	}
	ck_assert_int_eq(quota, 0);
	ck_assert_int_eq(
	    client_aws_retry(PK_DDB_RETRY_STANDARD, 1, 50, &st, &quota, &wait),
	    0);
	ck_assert_int_eq(st.retries, 0);
	ck_assert_int_eq(st.waited_ms, 0);
	/* 4 tokens are not a retry's 5 */
	quota = 4;
	ck_assert_int_eq(
	    client_aws_retry(PK_DDB_RETRY_STANDARD, 1, 50, &st, &quota, &wait),
	    0);
	ck_assert_int_eq(quota, 4);
}
END_TEST

/*
 * The refunds (botocore quota.py: "whatever quota was associated with
 * the last acquisition"), read from the service's counts: 3 operations
 * succeeded at once (wait 0: 1 token each) and 2 after retries (waits
 * of 40 and 1,500 ms: 5 tokens each, however many retries they took):
 * 3 + 10 = 13 tokens. A bucket at 0 gets 13; counted once, so a second
 * refill with nothing new adds none; a bucket at 495 stops at 500.
 */
START_TEST(test_ddb_retry_quota_refunds)
{
	uint64_t hist[1501] = {0}, seen = 0;
	struct pk_metrics m = {0};
	int quota = 0;

	hist[0] = 3;
	hist[40] = 1;
	hist[1500] = 1;
	m.wait_hist = hist;
	m.wait_hist_cap = 1501;
	m.wait_ops = 5;
	ck_assert_uint_eq(client_aws_refunds(&m), 13);
	client_aws_refill(&quota, &seen, &m);
	ck_assert_int_eq(quota, 13);
	client_aws_refill(&quota, &seen, &m);
	ck_assert_int_eq(quota, 13);
	hist[0]++;
	m.wait_ops++;
	quota = 495;
	client_aws_refill(&quota, &seen, &m);
	ck_assert_int_eq(quota, 496);
	hist[7]++;
	hist[0] += 10;
	m.wait_ops += 11;
	client_aws_refill(&quota, &seen, &m);
	ck_assert_int_eq(quota, PK_AWS_QUOTA_TOKENS);
	ck_assert_uint_eq(seen, 13 + 1 + 15);
}
END_TEST

/* A table that throttles every write: 2 KiB items are 2 WCU (D1), one
   WCU a second with neither burst nor adaptive capacity to lend more
   (D5, D9, D10), so none ever fits; 100 writes, 10 a second. */
static const char never_fits[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table:\n"
    "  partition_key: /pk\n"
    "  read_capacity_units: 1\n"
    "  write_capacity_units: 1\n"
    "  burst: off\n"
    "  adaptive_capacity: off\n"
    "  retry_mode: %s\n"
    "items:\n"
    "  pk: {const: k}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 10/s, item_size: 2KB}\n";

static const struct pk_totals *run_mode(const char *mode, struct pk_run **run)
{
	char text[sizeof(never_fits) + 16];

	snprintf(text, sizeof(text), never_fits, mode);
	*run = tu_sim_text("never-fits.yaml", text);
	return &tu_metrics((*run)->variants[0].svc)->totals;
}

/*
 * Statement 29 through the run: under legacy each of the 100 writes is
 * tried 10 times (1,000 throttles) and waits 25,550 ms before failing:
 * 2,555,000 ms of retry waits, 100 failed.
 */
START_TEST(test_ddb_retry_run_legacy)
{
	struct pk_run *run;
	const struct pk_totals *t = run_mode("legacy", &run);

	ck_assert_uint_eq(t->operations, 100);
	ck_assert_uint_eq(t->attempts, 1000);
	ck_assert_uint_eq(t->throttled_429, 1000);
	ck_assert_uint_eq(t->failed_after_retries, 100);
	ck_assert_uint_eq(t->retry_wait_ms, 100ull * 25550);
	ck_assert_uint_eq(t->succeeded, 0);
	tu_sim_free(run);
}
END_TEST

/*
 * Statement 30 through the run: under standard the 100 writes could
 * make 200 retries, but no write succeeds to refund a token: the first
 * 100 retries empty the 500-token bucket and every throttle after is
 * returned unretried. 100 first attempts + 100 retries = 200 throttles,
 * 100 failed, whatever order the retries and arrivals interleave in.
 */
START_TEST(test_ddb_retry_run_standard)
{
	struct pk_run *run;
	const struct pk_totals *t = run_mode("standard", &run);

	ck_assert_uint_eq(t->operations, 100);
	ck_assert_uint_eq(t->attempts, 200);
	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->failed_after_retries, 100);
	ck_assert_int_eq(run->variants[0].quota, 0);
	tu_sim_free(run);
}
END_TEST

/* The text report's header says the table's mode, in place of the
   client's retries it replaces */
START_TEST(test_ddb_retry_header)
{
	char text[sizeof(never_fits) + 16];
	struct tu_fx f;
	char *out;

	snprintf(text, sizeof(text), never_fits, "standard");
	tu_fx_run(&f, "never-fits.yaml", text);
	out = tu_report(f.r, report_text);
	ck_assert_msg(strstr(out, "\nclient retries: botocore standard (3 "
				  "attempts"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "up to 9"), "%s", out);
	free(out);
	tu_fx_free(&f);
}
END_TEST

/* A table that throttles every write (never_fits's), retried by mode,
   sent by client at rate for secs seconds */
static void bound_text(char *buf, size_t cap, const char *mode,
		       const char *client, const char *rate, int secs)
{
	snprintf(buf, cap,
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /pk\n"
		 "  read_capacity_units: 1\n"
		 "  write_capacity_units: 1\n"
		 "  burst: off\n"
		 "  adaptive_capacity: off\n"
		 "  retry_mode: %s\n"
		 "client: {%s}\n"
		 "items:\n"
		 "  pk: {const: k}\n"
		 "phases:\n"
		 "  - {duration: %ds, rate: %s, item_size: 2KB}\n",
		 mode, client, secs, rate);
}

/* text parsed: NULL and the scenario in *sc when accepted, else the
   error (free) */
static char *parse_bound(const char *text, struct pk_scenario **sc)
{
	struct pk_diag dg;
	char *msg = NULL;

	diag_init(&dg);
	*sc = scenario_parse("t.yaml", text, strlen(text), &dg);
	if (!*sc) {
		msg = tu_diag_text(&dg);
	}
	diag_free(&dg);
	return msg;
}

/*
 * The time bound counts the retry_mode's retries as the client's: one
 * closed-loop worker at 1 h a attempt holds a legacy-retried write
 * through 10 attempts and 25.55 s of waits, 10 x 3,600 + 25.55 =
 * 36,025.55 s. 800 writes (10 s x 80/s) need up to 28,820,440 s,
 * within the 31,622,400 s (366 days): accepted, and the run ends within
 * that bound plus one latency, and no more than one operation's hold
 * (36,025.55 s) before it (the last answer comes one latency after the
 * last send). 1,000 writes (36,025,550 s) are refused:
 * tests/bad/ddb-legacy-time.yaml. Under standard (3 attempts, at most 3
 * s of waits) the 1,000 need up to 1,000 x (3 x 3,600 + 3) = 10,803,000
 * s: accepted.
 */
START_TEST(test_ddb_retry_time_bound)
{
	const char *client = "concurrency: 1, latency: 1h, retries: none";
	const double bound = 800 * (10 * 3600.0 + 25.55);
	char text[1024], *msg;
	struct pk_scenario *sc;
	struct pk_run *run;

	ck_assert_double_eq_tol(bound, 28820440, 1e-6);
	bound_text(text, sizeof(text), "standard", client, "100/s", 10);
	msg = parse_bound(text, &sc);
	ck_assert_msg(msg == NULL, "%s", msg);
	scenario_free(sc);
	bound_text(text, sizeof(text), "legacy", client, "100/s", 10);
	msg = parse_bound(text, &sc);
	ck_assert_ptr_nonnull(msg);
	ck_assert_msg(strstr(msg, "can need up to 36,025,550s"), "%s", msg);
	free(msg);
	bound_text(text, sizeof(text), "legacy", client, "80/s", 10);
	run = tu_sim_text("near.yaml", text);
	ck_assert_uint_eq(tu_metrics(run->variants[0].svc)->totals.attempts,
			  8000);
	ck_assert_msg((double)run->end_ms / 1000.0 <= bound + 3600 + 1,
		      "ended at %lld ms", (long long)run->end_ms);
	ck_assert_msg((double)run->end_ms / 1000.0 >= bound - 36025.55,
		      "ended at %lld ms", (long long)run->end_ms);
	tu_sim_free(run);
}
END_TEST

/*
 * The memory estimate's waiting retries under each mode, by hand: an
 * open loop of 1,000 writes a second for 30 s, every one throttled,
 * each retry 196 bytes (PK_SCENARIO_RETRY_BYTES) while it waits. legacy:
 * each waits up to 25.55 s in all, so 1,000 x 25.55 = 25,550 wait at
 * once, 5,007,800 bytes; standard: up to 1 + 2 = 3 s, 3,000 at once,
 * 588,000 bytes; client with `retries: none`: none. At 1,000,000 a
 * second for 1 s legacy queues no more than the phase sends,
 * 1,000,000 (196,000,000 bytes). A rate whose queue fills 8 GiB is
 * above the work bound first (tests/bad/ddb-legacy-retry-memory.yaml).
 */
START_TEST(test_ddb_retry_memory_bound)
{
	static const struct {
		const char *mode;
		double bytes;
	} cases[] = {
	    {"legacy", 5007800},
	    {"standard", 588000},
	    {"client", 0},
	};
	struct pk_memory_estimate e;
	struct pk_scenario *sc;
	char text[1024], *msg;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bound_text(text, sizeof(text), cases[i].mode, "retries: none",
			   "1000/s", 30);
		msg = parse_bound(text, &sc);
		ck_assert_msg(msg == NULL, "%s", msg);
		scenario_memory_estimate(sc, &e);
		ck_assert_msg(e.retries == cases[i].bytes, "%s: %.0f",
			      cases[i].mode, e.retries);
		scenario_free(sc);
	}
	bound_text(text, sizeof(text), "legacy", "retries: none", "1000000/s",
		   1);
	msg = parse_bound(text, &sc);
	ck_assert_msg(msg == NULL, "%s", msg);
	scenario_memory_estimate(sc, &e);
	ck_assert_double_eq_tol(e.retries, 196000000.0, 1);
	scenario_free(sc);
}
END_TEST

/*
 * The work bound counts the retry_mode's attempts: legacy 10 an
 * operation, standard 3, each a put's 10 units (no read-ahead:
 * adaptive capacity off). 1,000,000 writes a second for 9 s under
 * legacy: 9,000,000 x 10 x 10 + 1 partition (ceil((1 + 3 x 1) /
 * 3,000), D4) x 9 s x 0.25 = 900,000,002.25 units, within the
 * 1,000,000,000: accepted; 15 s (1,500,000,003.75) is refused:
 * tests/bad/ddb-legacy-work.yaml. Standard at 9 s: 9,000,000 x 3 x
 * 10 + 2.25 = 270,000,002.25.
 */
START_TEST(test_ddb_retry_work_bound)
{
	struct pk_scenario *sc;
	char text[1024], *msg;

	bound_text(text, sizeof(text), "legacy", "retries: none", "1000000/s",
		   9);
	msg = parse_bound(text, &sc);
	ck_assert_msg(msg == NULL, "%s", msg);
	ck_assert_double_eq_tol(scenario_work_units(sc), 900000002.25, 1e-3);
	scenario_free(sc);
	bound_text(text, sizeof(text), "standard", "retries: none", "1000000/s",
		   9);
	msg = parse_bound(text, &sc);
	ck_assert_msg(msg == NULL, "%s", msg);
	ck_assert_double_eq_tol(scenario_work_units(sc), 270000002.25, 1e-3);
	scenario_free(sc);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_retry");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_ddb_retry_legacy_waits);
	tcase_add_test(tc, test_ddb_retry_standard_waits);
	tcase_add_test(tc, test_ddb_retry_quota_empties);
	tcase_add_test(tc, test_ddb_retry_quota_refunds);
	tcase_add_test(tc, test_ddb_retry_run_legacy);
	tcase_add_test(tc, test_ddb_retry_run_standard);
	tcase_add_test(tc, test_ddb_retry_header);
	tcase_add_test(tc, test_ddb_retry_time_bound);
	tcase_add_test(tc, test_ddb_retry_memory_bound);
	tcase_add_test(tc, test_ddb_retry_work_bound);
	suite_add_tcase(s, tc);
	return s;
}
