/*
 * retryq: a FIFO run and a min-heap of retry keys over a slot pool (see
 * retryq.h).
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

static int key_less(const struct pk_retry_key *a, const struct pk_retry_key *b)
{
	return a->t_ms < b->t_ms || (a->t_ms == b->t_ms && a->seq < b->seq);
}

static void free_in(const struct pk_op *op)
{
	if (op->n_in > 0) {
		free((void *)op->in_items);
	}
}

void retryq_free(struct pk_retryq *q)
{
	size_t i;

	for (i = 0; i < q->n; i++) {
		free_in(&q->slots[q->heap[i].slot].op);
	}
	for (i = q->head; i < q->end; i++) {
		free_in(&q->slots[q->run[i].slot].op);
	}
	free(q->heap);
	free(q->run);
	free(q->slots);
	free(q->free);
	retryq_init(q);
}

/* A free slot. The free list grows with the pool (a slot is on it at
   most once), so a pop never has to grow it. */
static uint32_t take_slot(struct pk_retryq *q)
{
	if (q->n_free > 0) {
		return q->free[--q->n_free];
	}
	if (q->n_slots == q->cap_slots) {
		mem_grow((void **)&q->slots, &q->cap_slots, q->n_slots + 1,
			 sizeof(*q->slots));
		q->free =
		    xreallocarray(q->free, q->cap_slots, sizeof(*q->free));
		q->cap_free = q->cap_slots;
	}
	if (q->n_slots >= UINT32_MAX) {
		PK_BUG("more than 2^32 retries queued");
	}
	return (uint32_t)q->n_slots++;
}

/* Append k to the run; when the run's array is full and its front has
   been popped, the live keys move down first instead of growing it. */
static void run_append(struct pk_retryq *q, const struct pk_retry_key *k)
{
	if (q->end == q->cap_run) {
		if (q->head > 0) {
			memmove(q->run, q->run + q->head,
				(q->end - q->head) * sizeof(*q->run));
			q->end -= q->head;
			q->head = 0;
		} else {
			mem_grow((void **)&q->run, &q->cap_run, q->end + 1,
				 sizeof(*q->run));
		}
	}
	q->run[q->end++] = *k;
}

static void heap_push(struct pk_retryq *q, const struct pk_retry_key *k)
{
	size_t i;

	mem_grow((void **)&q->heap, &q->cap, q->n + 1, sizeof(*q->heap));
	/* sift up: move parents down until k's place is found */
	for (i = q->n++; i > 0 && key_less(k, &q->heap[(i - 1) / 2]);
	     i = (i - 1) / 2) {
		q->heap[i] = q->heap[(i - 1) / 2];
	}
	q->heap[i] = *k;
}

void retryq_push(struct pk_retryq *q, const struct pk_retry_entry *e)
{
	struct pk_retry_key k = {e->t_ms, e->seq, take_slot(q)};

	q->slots[k.slot] = *e;
	if (q->head == q->end || !key_less(&k, &q->run[q->end - 1])) {
		run_append(q, &k);
	} else {
		heap_push(q, &k);
	}
}

/* 1 when the heap's top comes out next, 0 when the run's head does
   (q must not be empty). */
static int heap_first(const struct pk_retryq *q)
{
	return q->n > 0 &&
	       (q->head == q->end || key_less(&q->heap[0], &q->run[q->head]));
}

/* The first key (q must not be empty). */
static const struct pk_retry_key *first(const struct pk_retryq *q)
{
	return heap_first(q) ? &q->heap[0] : &q->run[q->head];
}

int retryq_peek(const struct pk_retryq *q, int64_t *t_ms, uint64_t *seq)
{
	const struct pk_retry_key *k;

	if (retryq_len(q) == 0) {
		return 0;
	}
	k = first(q);
	*t_ms = k->t_ms;
	*seq = k->seq;
	return 1;
}

/* Remove the heap's top. */
static void heap_pop(struct pk_retryq *q)
{
	struct pk_retry_key last = q->heap[--q->n];
	size_t i = 0;

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

/* How far down the run retryq_pop starts loading entries: a retry that
   is throttled again costs little, so loading only the next one starts
   too late (10,000 ranges: 8 took 18 % off the run, 16 no more) */
#define RETRYQ_AHEAD 8

/* Start loading slot i's entry (both ends: it spans two cache lines) */
static void prefetch_slot(const struct pk_retryq *q, uint32_t i)
{
	const char *e = (const char *)&q->slots[i];

	__builtin_prefetch(e);
	__builtin_prefetch(e + sizeof(q->slots[0]) - 1);
}

void retryq_pop(struct pk_retryq *q, struct pk_retry_entry *out)
{
	const struct pk_retry_key *k;
	int from_heap;

	if (retryq_len(q) == 0) {
		PK_BUG("retryq_pop on an empty queue");
	}
	from_heap = heap_first(q);
	k = from_heap ? &q->heap[0] : &q->run[q->head];
	*out = q->slots[k->slot];
	q->free[q->n_free++] = k->slot;
	if (from_heap) {
		heap_pop(q);
	} else if (++q->head == q->end) {
		q->head = q->end = 0;
	}
	/* the entries out next are anywhere in the pool (slots are reused
	   as they free up): start loading the run's RETRYQ_AHEAD places
	   down and the very next one while the caller sends this one; a
	   copy waiting on memory was a fifth of a 10,000-range run */
	if (q->head + RETRYQ_AHEAD < q->end) {
		prefetch_slot(q, q->run[q->head + RETRYQ_AHEAD].slot);
	}
	if (retryq_len(q) > 0) {
		prefetch_slot(q, first(q)->slot);
	}
}
