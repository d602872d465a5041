/*
 * client: what the SDK client does with an answer it must retry -- when it
 * sends the operation again and what it keeps meanwhile. The simulator's
 * clock (sim.c) sends and counts; the client decides and queues.
 *
 * Retry policies on 429 (`client.retries`, scenario_client.h):
 *   sdk          the Cosmos SDKs' default (RetryOptions.cs; rule 13): wait
 *                the service's x-ms-retry-after-ms, at most max_retries
 *                times and max_wait in all.
 *   exponential  wait max(retry-after, d_k), d_k = min(cap, base x 2^k) x
 *                (1 - jitter x u), k the retries made before this one, u
 *                uniform in [0, 1) and d_k rounded down to whole ms; the
 *                same max_retries and max_wait. ASSUMPTION: the client
 *                never retries before the service's retry-after (the Azure
 *                SDKs' exponential policies delay by the Retry-After header
 *                when there is one, Azure.Core RetryOptions); a longer
 *                backoff governs.
 *   none         a 429 fails at once.
 * u is drawn from a generator seeded by the run's seed, the operation's
 * place in the stream and k (splitmix64 and xoshiro256**, rng.h): the same
 * waits on every machine, in every variant and with any --jobs, whatever
 * else the run draws.
 *
 * A queued operation owns its IN list (retryq.h): the workload's list is
 * only valid until its next operation, while a retry may be sent seconds
 * later.
 */
#ifndef PKSIM_CLIENT_H
#define PKSIM_CLIENT_H

#include <stdint.h>

#include "pksim/load/scenario_client.h"
#include "pksim/run/retryq.h"
#include "pksim/workload/workload.h"

/*
 * After a 429 with retry_after_ms: returns 1 and records the retry in st
 * when policy allows another attempt (enabled, retries < max_retries,
 * waited + retry_after <= max_wait: the SDKs' RetryOptions, rule 13),
 * else 0: the operation fails and the application sees the 429.
 */
int client_should_retry(const struct pk_retry_spec *policy,
			struct pk_retry_state *st, int64_t retry_after_ms);

/*
 * After a 410/1007 (a range completing a split or merge): returns 1 and
 * records a retry PK_THROTTLE_GONE_RETRY_MS later in st while the 410
 * waits stay within PK_THROTTLE_GONE_MAX_WAIT_MS, else 0 (the operation
 * fails). Independent of the 429 policy: the SDKs retry these on their
 * own (ASSUMPTION).
 */
int client_should_retry_gone(struct pk_retry_state *st);

/*
 * After a 429 answered with retry_after_ms (>= 1), under policy p: returns
 * 1 with *wait_ms (> 0, ms until the retry is sent) and the retry recorded
 * in st (retries + 1, waited_ms + *wait_ms), or 0 when the policy gives up
 * (none; max_retries reached; or the wait would take waited_ms past
 * max_wait): the operation fails with the 429. seed: the run's seed; seq:
 * the operation's place in the stream.
 */
int client_retry_429(const struct pk_retry_spec *p, uint64_t seed, uint64_t seq,
		     struct pk_retry_state *st, int64_t retry_after_ms,
		     int64_t *wait_ms);

/* The exponential policy's backoff before retry k (0 for the first), in
   whole ms: min(cap, base x 2^k) x (1 - jitter x u), rounded down, u as
   above. */
int64_t client_backoff_ms(const struct pk_retry_spec *p, uint64_t seed,
			  uint64_t seq, int k);

/*
 * Queue op to be sent again at t_ms (ms since t = 0) in retry state *st
 * (copied; borrowed for the call).
 * owned: *owned is op's IN list when op already owns it (a retry retried
 * again); it moves into the queue and *owned becomes NULL. Otherwise (NULL)
 * the workload's list is copied (op->n_in values, 8 bytes each). An op
 * without an IN list queues as it is.
 */
void client_retry_push(struct pk_retryq *q, const struct pk_op *op,
		       const struct pk_retry_state *st, int64_t t_ms,
		       uint64_t **owned);

/*
 * Closed-loop workers (`client.concurrency`): N
 * workers, each sending the next operation only once the previous one
 * has its final answer (a success, a failure, or a 429 or 410 its policy
 * gives up on), retries and their waits included. ASSUMPTION (pksim has
 * no latency model): every attempt takes latency_ms from send to answer,
 * so a worker sending at t is free again at t + latency_ms, and a retry
 * after a wait w goes at t + latency_ms + w; N workers without 429s
 * serve at most N x 1,000 / latency_ms operations a second.
 *
 * The workers not busy with an unanswered operation are a min-heap of
 * the times they are free from: 8 bytes each.
 */
struct pk_workers {
	int64_t *free_ms;   /* owned; min-heap, n entries */
	size_t n, cap;	    /* cap = the concurrency; 0 = open loop */
	int64_t latency_ms; /* one attempt's duration */
	int64_t last_ms;    /* the latest time a worker became free: the
			       last final answer so far, 0 before any */
	uint64_t done;	    /* operations the workers finished (final
			       answers) */
	uint64_t succeeded; /* ... of them ended in a 2xx */
};

/* w with n workers (1 .. PK_MAX_CONCURRENCY) free from t = 0, each
   attempt taking latency_ms (>= 1); n = 0 leaves w off (all zero). */
void client_workers_init(struct pk_workers *w, int n, int64_t latency_ms);

/* Release w's heap. */
void client_workers_free(struct pk_workers *w);

/* 1 and *t_ms = the earliest time a worker is free, or 0 when every
   worker is busy with an operation not answered yet. */
static inline int client_worker_peek(const struct pk_workers *w, int64_t *t_ms)
{
	if (w->n == 0) {
		return 0;
	}
	*t_ms = w->free_ms[0];
	return 1;
}

/* The earliest free worker takes an operation (w->n > 0). */
void client_worker_take(struct pk_workers *w);

/* An operation's final answer came to the attempt sent at sent_ms: its
   worker is free at sent_ms + latency_ms; ok: 1 when it was a 2xx
   (counted in w->succeeded). */
void client_worker_done(struct pk_workers *w, int64_t sent_ms, int ok);

#endif
