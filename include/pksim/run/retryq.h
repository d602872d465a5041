/*
 * retryq: the requests a client will send again, in the order they go
 * out: by time, then by the operation's place in the stream (a retry keeps
 * its operation's place), so replays are the same on every machine.
 *
 * A binary min-heap of small keys (time, place, slot) over a pool of
 * slots holding the operations, so reordering moves 24 bytes, not whole
 * operations; freed slots are reused. No allocation once the queue has
 * reached its largest size.
 */
#ifndef PKSIM_RETRYQ_H
#define PKSIM_RETRYQ_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/service/cosmos/throttle.h"
#include "pksim/workload/workload.h"

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
	struct pk_retry_entry *slots; /* owned; the entries */
	size_t n_slots, cap_slots;
	uint32_t *free; /* owned; slots to reuse */
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
/* Entries queued. */
size_t retryq_len(const struct pk_retryq *q);

#endif
