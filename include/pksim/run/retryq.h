/*
 * retryq: the requests a client will send again, in the order they go
 * out: by time, then by the operation's place in the stream (a retry keeps
 * its operation's place), so replays are the same on every machine.
 *
 * Keys (time, place, slot) over a pool of slots holding the operations,
 * so reordering moves 24 bytes, not whole operations; freed slots are
 * reused. Retries mostly come due in the order they are queued (a 429's
 * retry-after from the same second, a paced client's next send), so a
 * key not before the last one queued is appended to a FIFO run, and only
 * a key that comes before it goes to a binary min-heap; the next entry
 * out is the smaller of the run's head and the heap's top. The order out
 * is the same as one heap's: (time, place) is unique, and both halves
 * are in that order. No allocation once the queue has reached its
 * largest size.
 */
#ifndef PKSIM_RETRYQ_H
#define PKSIM_RETRYQ_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/workload/workload.h"

/* Where a client stands in retrying one operation. */
struct pk_retry_state {
	int retries;		/* retries after a 429 made so far */
	int64_t waited_ms;	/* total retry-after waited so far (429s) */
	int gone_retries;	/* retries after a 410/1007 made so far */
	int64_t gone_waited_ms; /* total wait before those retries */
};

struct pk_retry_entry {
	int64_t t_ms;	 /* when the retry is sent */
	uint64_t seq;	 /* the operation's place in the stream */
	struct pk_op op; /* the operation (t_ms is the first arrival);
			    with op.n_in > 0 the entry owns op.in_items,
			    a heap copy of the IN list (the workload's
			    own is gone by the time the retry is sent) */
	struct pk_retry_state st;
};

struct pk_retry_key {
	int64_t t_ms;
	uint64_t seq;
	uint32_t slot; /* index into slots */
};

struct pk_retryq {
	struct pk_retry_key *heap; /* owned; min-heap on (t_ms, seq) */
	size_t n, cap;
	struct pk_retry_key *run; /* owned; run[head .. end) in (t_ms,
				     seq) order, each not before the one
				     ahead of it */
	size_t head, end, cap_run;
	struct pk_retry_entry *slots; /* owned; the entries */
	size_t n_slots, cap_slots;
	uint32_t *free; /* owned; slots to reuse, room for cap_slots (a
			   slot is on it at most once) */
	size_t n_free, cap_free;
};

/* An empty queue (no allocation). */
void retryq_init(struct pk_retryq *q);
/* Release q's memory, the IN lists of entries still queued too; q is
   empty afterwards. */
void retryq_free(struct pk_retryq *q);
/* Queue a copy of e; the queue takes over e's IN list (see above). */
void retryq_push(struct pk_retryq *q, const struct pk_retry_entry *e);
/* 1 and the first entry's time and place, or 0 when q is empty. */
int retryq_peek(const struct pk_retryq *q, int64_t *t_ms, uint64_t *seq);
/* Take the first entry into *out, its IN list with it (the caller frees
   it or pushes it again); q must not be empty (popping an empty queue is
   our bug: PK_BUG aborts). */
void retryq_pop(struct pk_retryq *q, struct pk_retry_entry *out);
/* Entries queued (inline: the run asks before every operation). */
static inline size_t retryq_len(const struct pk_retryq *q)
{
	return q->n + (q->end - q->head);
}

#endif
