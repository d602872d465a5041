/*
 * retryq: the requests a client will send again, in the order they go
 * out: by time, then by the operation's place in the stream (a retry keeps
 * its operation's place), so replays are the same on every machine.
 *
 * Retries mostly come due in the order they are queued (a 429's
 * retry-after from the same second, a paced client's next send), so an
 * entry not before the last one queued is appended, whole, to a FIFO
 * run held in blocks of RETRYQ_BLOCK entries: pushes and pops walk the
 * blocks in address order, so the next entry out is in a cache line the
 * processor has already loaded or is loading (a pool of slots reused as
 * they freed up scattered them: the copy out waited on memory). Only an
 * entry due before the run's last one goes to a binary min-heap of keys
 * (time, place, slot) over a pool of slots, so its reordering moves 24
 * bytes, not whole operations; freed slots are reused. The next entry
 * out is the smaller of the run's head and the heap's top. The order out
 * is the same as one heap's: (time, place) is unique, and both halves
 * are in that order. A run keeps one emptied block for the next one it
 * needs, so a queue that stays short allocates nothing once warm.
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

/* Entries of the run a block holds (120 bytes each: 60 KiB a block,
   under the size glibc maps on its own, PK_MEM_MAPPED_BYTES) */
#define RETRYQ_BLOCK 512

/* One block of the run: e[head .. end) queued, the first out first */
struct pk_retry_block {
	struct pk_retry_block *next; /* the block queued after this one */
	uint32_t head, end;
	struct pk_retry_entry e[RETRYQ_BLOCK];
};

struct pk_retryq {
	struct pk_retry_key *heap; /* owned; min-heap on (t_ms, seq) */
	size_t n, cap;
	/* owned; the run: first's e[head] out next, last's e[end - 1]
	   queued last, each entry not before the one ahead of it in
	   (t_ms, seq); both NULL when the run is empty */
	struct pk_retry_block *first, *last;
	struct pk_retry_block *spare; /* owned; an emptied block, or NULL */
	size_t n_run;		      /* entries in the run */
	size_t n_blocks; /* blocks allocated and not yet freed, the spare
			    included */
	struct pk_retry_entry *slots; /* owned; the entries */
	size_t n_slots, cap_slots;
	uint32_t *free; /* owned; slots to reuse, room for cap_slots (a
			   slot is on it at most once) */
	size_t n_free;
};

/* An empty queue (no allocation). */
void retryq_init(struct pk_retryq *q);
/* Release q's memory, the IN lists of entries still queued too; q is
   empty afterwards. */
void retryq_free(struct pk_retryq *q);
/* Queue a copy of e; the queue takes over e's IN list (see above). */
void retryq_push(struct pk_retryq *q, const struct pk_retry_entry *e);

/* The out-of-line halves of retryq_push_at, retryq_peek and retryq_pop
   below, for every case (retryq.c); call those. */
struct pk_retry_entry *retryq_push_at_any(struct pk_retryq *q, int64_t t_ms,
					  uint64_t seq);
int retryq_peek_any(const struct pk_retryq *q, int64_t *t_ms, uint64_t *seq);
void retryq_pop_any(struct pk_retryq *q, struct pk_retry_entry *out);

/*
 * The three below are inline for the common case, an entry at the run's
 * end or head in the block at hand with the heap empty (a throttled run
 * pushes and pops a retry for nearly every request it sends); the rest
 * goes to their _any half, which handles every case.
 */

/*
 * Queue an entry due at (t_ms, seq) and return where it is kept, its t_ms
 * and seq set: the caller fills its op and st in place, before any other
 * call on q (what retryq_push does, without building the entry elsewhere
 * first: the copy of a retry's 120 bytes each time it is queued again).
 * The queue takes over the op's IN list, as with retryq_push. The
 * pointer is q's, valid until the next call on q.
 */
static inline struct pk_retry_entry *retryq_push_at(struct pk_retryq *q,
						    int64_t t_ms, uint64_t seq)
{
	struct pk_retry_block *b = q->last;

	/* not before the run's last entry, and room after it in its block:
	   appended there (a run that is not empty has a last entry) */
	if (q->n_run > 0 && b->end < RETRYQ_BLOCK) {
		struct pk_retry_entry *e = &b->e[b->end];

		if (!(t_ms < e[-1].t_ms ||
		      (t_ms == e[-1].t_ms && seq < e[-1].seq))) {
			b->end++;
			q->n_run++;
			e->t_ms = t_ms;
			e->seq = seq;
			return e;
		}
	}
	return retryq_push_at_any(q, t_ms, seq);
}

/* 1 and the first entry's time and place, or 0 when q is empty. */
static inline int retryq_peek(const struct pk_retryq *q, int64_t *t_ms,
			      uint64_t *seq)
{
	if (q->n == 0 && q->n_run > 0) {
		const struct pk_retry_entry *e = &q->first->e[q->first->head];

		*t_ms = e->t_ms;
		*seq = e->seq;
		return 1;
	}
	return retryq_peek_any(q, t_ms, seq);
}

/* Take the first entry into *out, its IN list with it (the caller frees
   it or pushes it again); q must not be empty (popping an empty queue is
   our bug: PK_BUG aborts). */
static inline void retryq_pop(struct pk_retryq *q, struct pk_retry_entry *out)
{
	struct pk_retry_block *b = q->first;

	/* the heap empty, the run's head not its block's last entry (the
	   _any half recycles an emptied block) */
	if (q->n == 0 && b && b->end - b->head > 1) {
		*out = b->e[b->head++];
		q->n_run--;
		return;
	}
	retryq_pop_any(q, out);
}

/*
 * retryq_pop without the copy where it can: take the first entry off q
 * (q must not be empty, as for retryq_pop) and return it, where q keeps
 * it when it is the run's head with more of the run after it in its
 * block and the heap is empty, else copied into *buf. Either stays valid
 * and unchanged until the next retryq_pop or retryq_take on q, or
 * retryq_free: a push writes after the run's end or into a heap slot,
 * never over the run's taken entries, and only a pop empties a block
 * for reuse. Its IN list is the caller's, as with retryq_pop.
 */
static inline const struct pk_retry_entry *
retryq_take(struct pk_retryq *q, struct pk_retry_entry *buf)
{
	struct pk_retry_block *b = q->first;

	if (q->n == 0 && b && b->end - b->head > 1) {
		q->n_run--;
		return &b->e[b->head++];
	}
	retryq_pop_any(q, buf);
	return buf;
}

/* Entries queued (inline: the run asks before every operation). */
static inline size_t retryq_len(const struct pk_retryq *q)
{
	return q->n + q->n_run;
}

#endif
