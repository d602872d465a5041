/*
 * retryq: a min-heap of retry keys over a slot pool (see retryq.h).
 */
#include "pksim/run/retryq.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"

void retryq_init(struct pk_retryq *q)
{
	memset(q, 0, sizeof(*q));
}

void retryq_free(struct pk_retryq *q)
{
	size_t i;

	for (i = 0; i < q->n; i++) {
		const struct pk_op *op = &q->slots[q->heap[i].slot].op;

		if (op->n_in > 0) {
			free((void *)op->in_items);
		}
	}
	free(q->heap);
	free(q->slots);
	free(q->free);
	retryq_init(q);
}

static int key_less(const struct pk_retry_key *a, const struct pk_retry_key *b)
{
	return a->t_ms < b->t_ms || (a->t_ms == b->t_ms && a->seq < b->seq);
}

static uint32_t take_slot(struct pk_retryq *q)
{
	if (q->n_free > 0) {
		return q->free[--q->n_free];
	}
	mem_grow((void **)&q->slots, &q->cap_slots, q->n_slots + 1,
		 sizeof(*q->slots));
	if (q->n_slots >= UINT32_MAX) {
		PK_BUG("more than 2^32 retries queued");
	}
	return (uint32_t)q->n_slots++;
}

void retryq_push(struct pk_retryq *q, const struct pk_retry_entry *e)
{
	struct pk_retry_key k = {e->t_ms, e->seq, take_slot(q)};
	size_t i;

	q->slots[k.slot] = *e;
	mem_grow((void **)&q->heap, &q->cap, q->n + 1, sizeof(*q->heap));
	/* sift up: move parents down until k's place is found */
	for (i = q->n++; i > 0 && key_less(&k, &q->heap[(i - 1) / 2]);
	     i = (i - 1) / 2) {
		q->heap[i] = q->heap[(i - 1) / 2];
	}
	q->heap[i] = k;
}

int retryq_peek(const struct pk_retryq *q, int64_t *t_ms, uint64_t *seq)
{
	if (q->n == 0) {
		return 0;
	}
	*t_ms = q->heap[0].t_ms;
	*seq = q->heap[0].seq;
	return 1;
}

void retryq_pop(struct pk_retryq *q, struct pk_retry_entry *out)
{
	struct pk_retry_key last;
	size_t i = 0;

	if (q->n == 0) {
		PK_BUG("retryq_pop on an empty queue");
	}
	*out = q->slots[q->heap[0].slot];
	mem_grow((void **)&q->free, &q->cap_free, q->n_free + 1,
		 sizeof(*q->free));
	q->free[q->n_free++] = q->heap[0].slot;
	last = q->heap[--q->n];
	/* sift down the last key from the root */
	for (;;) {
		size_t l = 2 * i + 1, m = l;

		if (l >= q->n) {
			break;
		}
		if (l + 1 < q->n && key_less(&q->heap[l + 1], &q->heap[l])) {
			m = l + 1;
		}
		if (!key_less(&q->heap[m], &last)) {
			break;
		}
		q->heap[i] = q->heap[m];
		i = m;
	}
	if (q->n > 0) {
		q->heap[i] = last;
	}
}

size_t retryq_len(const struct pk_retryq *q)
{
	return q->n;
}
