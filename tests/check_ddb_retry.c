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
	suite_add_tcase(s, tc);
	return s;
}
