/*
 * retryq: a FIFO run of entries in blocks and a min-heap of retry keys
 * over a slot pool (see retryq.h).
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
	while (q->first) {
		struct pk_retry_block *b = q->first;

		for (i = b->head; i < b->end; i++) {
			free_in(&b->e[i].op);
		}
		q->first = b->next;
		free(b);
	}
	free(q->spare);
	free(q->heap);
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
	}
	if (q->n_slots >= UINT32_MAX) {
		PK_BUG("more than 2^32 retries queued");
	}
	return (uint32_t)q->n_slots++;
}

/* An empty block for the run's end: the spare, or a new one */
static struct pk_retry_block *new_block(struct pk_retryq *q)
{
	struct pk_retry_block *b = q->spare;

	if (b) {
		q->spare = NULL;
	} else {
		b = xmalloc(sizeof(*b));
		q->n_blocks++;
	}
	b->next = NULL;
	b->head = b->end = 0;
	return b;
}

/* Room at the run's end, starting a block when the last is full */
static struct pk_retry_entry *run_append(struct pk_retryq *q)
{
	struct pk_retry_block *b = q->last;

	if (!b) {
		b = q->first = q->last = new_block(q);
	} else if (b->end == RETRYQ_BLOCK) {
		b = b->next = new_block(q);
		q->last = b;
	}
	q->n_run++;
	return &b->e[b->end++];
}

/* The run's last entry's key comes after (t_ms, seq): an entry with that
   key goes to the heap (the run must not be empty) */
static int run_after(const struct pk_retryq *q, int64_t t_ms, uint64_t seq)
{
	const struct pk_retry_entry *l = &q->last->e[q->last->end - 1];

	return t_ms < l->t_ms || (t_ms == l->t_ms && seq < l->seq);
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

struct pk_retry_entry *retryq_push_at_any(struct pk_retryq *q, int64_t t_ms,
					  uint64_t seq)
{
	struct pk_retry_entry *e;
	struct pk_retry_key k;

	if (q->n_run == 0 || !run_after(q, t_ms, seq)) {
		e = run_append(q);
	} else {
		k.t_ms = t_ms;
		k.seq = seq;
		k.slot = take_slot(q);
		heap_push(q, &k);
		e = &q->slots[k.slot];
	}
	e->t_ms = t_ms;
	e->seq = seq;
	return e;
}

void retryq_push(struct pk_retryq *q, const struct pk_retry_entry *e)
{
	struct pk_retry_entry *at = retryq_push_at(q, e->t_ms, e->seq);

	at->op = e->op;
	at->st = e->st;
}

/* The run's first entry (the run must not be empty) */
static const struct pk_retry_entry *run_head(const struct pk_retryq *q)
{
	return &q->first->e[q->first->head];
}

/* 1 when the heap's top comes out next, 0 when the run's head does
   (q must not be empty). */
static int heap_first(const struct pk_retryq *q)
{
	const struct pk_retry_entry *r;

	if (q->n == 0) {
		return 0;
	}
	if (q->n_run == 0) {
		return 1;
	}
	r = run_head(q);
	return q->heap[0].t_ms < r->t_ms ||
	       (q->heap[0].t_ms == r->t_ms && q->heap[0].seq < r->seq);
}

int retryq_peek_any(const struct pk_retryq *q, int64_t *t_ms, uint64_t *seq)
{
	if (retryq_len(q) == 0) {
		return 0;
	}
	if (heap_first(q)) {
		*t_ms = q->heap[0].t_ms;
		*seq = q->heap[0].seq;
	} else {
		*t_ms = run_head(q)->t_ms;
		*seq = run_head(q)->seq;
	}
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

/* Take the run's head into *out; an emptied block becomes the spare
   (the one before it is freed: one is enough to start the next block) */
static void run_pop(struct pk_retryq *q, struct pk_retry_entry *out)
{
	struct pk_retry_block *b = q->first;

	*out = b->e[b->head++];
	q->n_run--;
	if (b->head < b->end) {
		return;
	}
	if (b == q->last) {
		/* the run is empty: the block starts it again */
		b->head = b->end = 0;
		return;
	}
	q->first = b->next;
	if (q->spare) {
		free(q->spare);
		q->n_blocks--;
	}
	q->spare = b;
}

/* Start loading slot i's entry (both ends: it spans two cache lines) */
static void prefetch_slot(const struct pk_retryq *q, uint32_t i)
{
	const char *e = (const char *)&q->slots[i];

	__builtin_prefetch(e);
	__builtin_prefetch(e + sizeof(q->slots[0]) - 1);
}

void retryq_pop_any(struct pk_retryq *q, struct pk_retry_entry *out)
{
	uint32_t slot;

	if (retryq_len(q) == 0) {
		PK_BUG("retryq_pop on an empty queue");
	}
	if (!heap_first(q)) {
		run_pop(q, out);
		return;
	}
	slot = q->heap[0].slot;
	*out = q->slots[slot];
	q->free[q->n_free++] = slot;
	heap_pop(q);
	/* the heap's next top is anywhere in the pool (slots are reused as
	   they free up): start loading it while the caller sends this one */
	if (q->n > 0) {
		prefetch_slot(q, q->heap[0].slot);
	}
}
