/*
 * client: queueing an operation the client will send again (client.h).
 */
#include "pksim/run/client.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"

#ifdef __clang__
/* The same waits at -O0 and -O2: no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF
#endif

/* odd constants (splitmix64's multipliers) mixing the operation's place
   and the retry number into the jitter generator's seed */
#define PK_CLIENT_SEQ_MIX 0xBF58476D1CE4E5B9ULL
#define PK_CLIENT_RETRY_MIX 0x94D049BB133111EBULL

int64_t client_backoff_ms(const struct pk_retry_spec *p, uint64_t seed,
			  uint64_t seq, int k)
{
	double d = (double)p->base_ms, cap = (double)p->cap_ms;
	int i;

	/* doubling stops at the cap, so d never overflows */
	for (i = 0; i < k && d < cap; i++) {
		d *= 2;
	}
	if (d > cap) {
		d = cap;
	}
	if (p->jitter > 0) {
		struct pk_rng r;

		rng_seed(&r, seed ^ (seq * PK_CLIENT_SEQ_MIX) ^
				 ((uint64_t)k * PK_CLIENT_RETRY_MIX));
		d *= 1.0 - p->jitter * rng_double(&r);
	}
	return (int64_t)floor(d);
}

int client_should_retry(const struct pk_retry_spec *policy,
			struct pk_retry_state *st, int64_t retry_after_ms)
{
	if (!policy->enabled || st->retries >= policy->max_retries ||
	    st->waited_ms + retry_after_ms > policy->max_wait_ms) {
		return 0;
	}
	st->retries++;
	st->waited_ms += retry_after_ms;
	return 1;
}

int client_should_retry_gone(struct pk_retry_state *st)
{
	if (st->gone_waited_ms + PK_THROTTLE_GONE_RETRY_MS >
	    PK_THROTTLE_GONE_MAX_WAIT_MS) {
		return 0;
	}
	st->gone_retries++;
	st->gone_waited_ms += PK_THROTTLE_GONE_RETRY_MS;
	return 1;
}

int client_retry_429(const struct pk_retry_spec *p, uint64_t seed, uint64_t seq,
		     struct pk_retry_state *st, int64_t retry_after_ms,
		     int64_t *wait_ms)
{
	int64_t wait = retry_after_ms;

	if (p->policy == PK_RETRY_EXPONENTIAL) {
		int64_t b = client_backoff_ms(p, seed, seq, st->retries);

		if (b > wait) {
			wait = b;
		}
	}
	/* the count and the cap on the total wait, as the SDK's policy
	   (client_should_retry); policy none is enabled = 0 */
	if (p->policy == PK_RETRY_NONE || !client_should_retry(p, st, wait)) {
		return 0;
	}
	*wait_ms = wait;
	return 1;
}

void client_retry_push(struct pk_retryq *q, const struct pk_op *op,
		       const struct pk_retry_state *st, int64_t t_ms,
		       uint64_t **owned)
{
	struct pk_retry_entry *e = retryq_push_at(q, t_ms, op->seq);

	e->op = *op;
	/* field by field: st was just updated a field at a time
	   (client_should_retry), and a wider load of it waits for those
	   stores to land */
	e->st.retries = st->retries;
	e->st.waited_ms = st->waited_ms;
	e->st.gone_retries = st->gone_retries;
	e->st.gone_waited_ms = st->gone_waited_ms;
	if (op->n_in > 0) {
		if (*owned) {
			e->op.in_items = *owned;
			*owned = NULL;
		} else {
			uint64_t *copy =
			    xreallocarray(NULL, op->n_in, sizeof(*copy));

			memcpy(copy, op->in_items, op->n_in * sizeof(*copy));
			e->op.in_items = copy;
		}
	}
}

void client_workers_init(struct pk_workers *w, int n, int64_t latency_ms)
{
	memset(w, 0, sizeof(*w));
	if (n <= 0) {
		return;
	}
	/* all free from t = 0: a heap of equal keys is already ordered */
	w->free_ms = xcalloc((size_t)n, sizeof(*w->free_ms));
	w->n = w->cap = (size_t)n;
	w->latency_ms = latency_ms;
}

void client_workers_free(struct pk_workers *w)
{
	free(w->free_ms);
	memset(w, 0, sizeof(*w));
}

void client_worker_take(struct pk_workers *w)
{
	int64_t *h = w->free_ms;
	size_t i = 0, n;

	if (w->n == 0) {
		PK_BUG("client: a worker taken when none is free");
	}
	n = --w->n;
	/* the last entry sifts down from the root */
	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= n) {
			break;
		}
		if (c + 1 < n && h[c + 1] < h[c]) {
			c++;
		}
		if (h[n] <= h[c]) {
			break;
		}
		h[i] = h[c];
		i = c;
	}
	h[i] = h[n];
}

void client_worker_done(struct pk_workers *w, int64_t sent_ms, int ok)
{
	int64_t t = sent_ms + w->latency_ms, *h = w->free_ms;
	size_t i;

	if (w->n >= w->cap) {
		PK_BUG("client: more workers free than %zu", w->cap);
	}
	if (t > w->last_ms) {
		w->last_ms = t;
	}
	w->done++;
	w->succeeded += ok != 0;
	for (i = w->n++; i > 0 && h[(i - 1) / 2] > t; i = (i - 1) / 2) {
		h[i] = h[(i - 1) / 2];
	}
	h[i] = t;
}
