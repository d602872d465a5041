/*
 * client_aws: how an AWS SDK client retries a DynamoDB throttle (D16,
 * dynamodb-mechanics.md §10), the table's `retry_mode` (dynamodb/spec.h):
 *   legacy    botocore's legacy mode for DynamoDB (_retry.json): 10
 *             attempts, the wait before retry k (0 for the first)
 *             0.05 x 2^k s, no jitter: 9 retries waiting 25.55 s in all
 *             (statement 29); no retry quota.
 *   standard  botocore's standard mode (standard.py): 3 attempts, the wait
 *             u x min(2^k, 20) s with u uniform in (0, 1] from the seeded
 *             generator (at most 1 s, then 2 s: statement 29), and the
 *             client's retry quota (quota.py): a bucket of 500 tokens, a
 *             retry of a throttle takes 5 and is not made when fewer are
 *             left (the throttle goes back to the caller: statement 30);
 *             an answer in 2xx returns 1 token when the operation needed
 *             no retry, else the 5 its last retry took, the bucket never
 *             above 500.
 * DynamoDB answers a throttle with no retry-after (reference §9): the
 * waits are the SDK's own, in whole ms (at least 1 ms). ASSUMPTION: one
 * SDK client sends a variant's requests, so its streams share one quota.
 */
#ifndef PKSIM_CLIENT_AWS_H
#define PKSIM_CLIENT_AWS_H

#include <stdint.h>

#include "pksim/load/scenario.h"
#include "pksim/run/retryq.h"
#include "pksim/service/metrics.h"

/* the modes' attempts and waits: dynamodb/spec.h (PK_AWS_LEGACY_*,
   PK_AWS_STANDARD_*), which the loader's bounds count too */
/* botocore quota.py and standard.py: the bucket, a throttle's retry cost
   and a first-attempt success's refund */
#define PK_AWS_QUOTA_TOKENS 500
#define PK_AWS_RETRY_COST 5
#define PK_AWS_NO_RETRY_REFUND 1

/*
 * The wait before retry k (0 for the first) under mode (legacy or
 * standard), whole ms >= 1; seed: the run's seed, seq: the operation's
 * place in the stream (standard's jitter, as client_backoff_ms draws it).
 */
int64_t client_aws_wait_ms(enum pk_ddb_retry_mode mode, uint64_t seed,
			   uint64_t seq, int k);

/*
 * After a throttle of an operation in retry state st under mode (legacy
 * or standard; quota: the stream's tokens, read and taken under standard
 * only): returns 1 with *wait_ms (>= 1) and the retry recorded in st
 * (retries + 1, waited_ms + *wait_ms), or 0 when the client returns the
 * throttle to the caller (the attempts are used up, or under standard
 * fewer than 5 tokens are left).
 */
int client_aws_retry(enum pk_ddb_retry_mode mode, uint64_t seed, uint64_t seq,
		     struct pk_retry_state *st, int *quota, int64_t *wait_ms);

/*
 * The tokens a standard client's successes return (botocore quota.py),
 * read from the answers the service counted in m: 1 for each operation
 * that succeeded at its first attempt (no retry wait), 5 for each that
 * succeeded after retries (the last retry's cost). A running total:
 * what it grew by since a retry decision is what the bucket got back,
 * as only refunds come between two decisions (the bucket's 500 cap
 * applied once to their sum is the cap applied to each).
 */
uint64_t client_aws_refunds(const struct pk_metrics *m);

/*
 * Before a retry decision under standard: *quota refilled by what the
 * successes since the last one returned (client_aws_refunds(m) less
 * *seen), never past 500; *seen becomes client_aws_refunds(m).
 */
void client_aws_refill(int *quota, uint64_t *seen, const struct pk_metrics *m);

#endif
