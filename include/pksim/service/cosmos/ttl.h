/*
 * ttl: time to live (rule 28, D-TTL): when an item expires, and the
 * queues that find expired items without looking at the others.
 *
 * The rule (D-TTL, "Time to live for containers and items"):
 * - the container's DefaultTimeToLive is absent (off: nothing expires,
 *   an item's ttl has no effect), -1 (on: items expire only when they
 *   carry a ttl) or n > 0 (items expire n seconds after their last
 *   write unless they carry their own ttl);
 * - an item's ttl is -1 (never expires) or n > 0 (expires n seconds
 *   after its last write), at most 2,147,483,647; it overrides the
 *   container's default; an absent ttl takes the default;
 * - an expired item is invisible at once (reads 404, queries do not
 *   return it); its deletion is a background task that uses only the RU
 *   user requests left unused (provisioned throughput), so under load the
 *   storage is freed late. The container's side of this (which RU, which
 *   second) is in src/service/cosmos/container_ttl.c.
 * Seconds: the service keeps the last-modified time _ts in whole seconds,
 * so an item written at t ms with TTL n expires at second
 * floor(t / 1000) + n (ASSUMPTION: it is invisible from the start of that
 * second).
 *
 * The expiry queue: one FIFO ("lane") per distinct TTL value, because
 * writes arrive in time order, so each lane is sorted by expiry second;
 * a binary heap over the lanes' heads gives the earliest expiry in
 * O(log lanes). A write costs O(1) (a lookup of its lane and an append),
 * an expiry O(log lanes); nothing ever scans the stored items. An entry is
 * 8 bytes (item number, expiry second); a rewritten or deleted item
 * leaves its old entry behind, which the container skips when it comes
 * due (the item's own expiry says which entry is current).
 *
 * The values a ttl may take (PK_TTL_OFF, PK_TTL_NEVER, PK_TTL_MAX_S,
 * ttl_item_valid, ttl_from_value) are declared in spec.h, with the spec
 * they bound, so the loader checks ttl values with the same rule; this
 * header includes it.
 */
#ifndef PKSIM_TTL_H
#define PKSIM_TTL_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/value.h"
#include "pksim/service/cosmos/spec.h"

/* Expiry seconds at or past this are never reached in a run (runs last at
   most 366 days, plan_limits): such items are not queued */
#define PK_TTL_HORIZON_S 0x7fffffffU

/*
 * The TTL in seconds an item gets from its container's default
 * (PK_TTL_OFF, PK_TTL_NEVER or 1 .. PK_TTL_MAX_S) and its own ttl
 * (PK_TTL_OFF when it has none, PK_TTL_NEVER or 1 .. PK_TTL_MAX_S), per
 * D-TTL's three examples: 0 when it never expires, else n > 0.
 */
static inline int64_t ttl_effective(int64_t container_default, int64_t item)
{
	if (container_default == PK_TTL_OFF || item == PK_TTL_NEVER) {
		return 0;
	}
	if (item > 0) {
		return item;
	}
	return container_default > 0 ? container_default : 0;
}

/* One queued expiry: an item number and the second it expires. */
struct pk_ttl_entry {
	uint32_t item;	   /* item sequence number */
	uint32_t expire_s; /* second from t = 0, < PK_TTL_HORIZON_S */
};

/* A FIFO of entries: v[head .. head + n) in push order. */
struct pk_ttl_fifo {
	struct pk_ttl_entry *v; /* owned */
	size_t head, n, cap;
};

/* Append e (amortised O(1); the FIFO compacts before it grows). */
void ttl_fifo_push(struct pk_ttl_fifo *f, struct pk_ttl_entry e);

/* The oldest entry, or NULL when empty. Valid until the next push. */
static inline struct pk_ttl_entry *ttl_fifo_head(struct pk_ttl_fifo *f)
{
	return f->n ? &f->v[f->head] : NULL;
}

/* Drop the oldest entry (f not empty). */
static inline void ttl_fifo_pop(struct pk_ttl_fifo *f)
{
	f->head++;
	if (--f->n == 0) {
		f->head = 0;
	}
}

/* Move every entry of src to the end of dst, src left empty. */
void ttl_fifo_append(struct pk_ttl_fifo *dst, struct pk_ttl_fifo *src);

/* Free what f owns; f is empty afterwards. */
void ttl_fifo_free(struct pk_ttl_fifo *f);

/* The entries of one TTL value, sorted by expiry (see the header). */
struct pk_ttl_lane {
	UT_hash_handle hh;
	int64_t ttl_s; /* the TTL its entries were written with */
	struct pk_ttl_fifo q;
	size_t heap_at; /* index in the queue's heap, or SIZE_MAX when
			   empty */
};

struct pk_ttl_queue {
	struct pk_ttl_lane *lanes; /* uthash head, keyed by ttl_s */
	struct pk_ttl_lane *last;  /* the lane pushed to last (a cache) */
	struct pk_ttl_lane **heap; /* owned; the non-empty lanes, a min-heap
				      by (head expiry, ttl_s) */
	size_t n_heap, cap_heap;
	uint64_t n; /* entries queued */
};

/* An empty queue. */
void ttl_queue_init(struct pk_ttl_queue *q);

/* Free every lane; q is empty afterwards. */
void ttl_queue_free(struct pk_ttl_queue *q);

/*
 * Queue item to expire at expire_s, written with TTL ttl_s (> 0). Within
 * one ttl_s the expiries must not decrease (writes come in time order);
 * PK_BUG otherwise.
 */
void ttl_queue_push(struct pk_ttl_queue *q, int64_t ttl_s, uint32_t item,
		    uint32_t expire_s);

/* 1 and the earliest entry in *e (not removed), or 0 when q is empty. */
int ttl_queue_peek(const struct pk_ttl_queue *q, struct pk_ttl_entry *e);

/* Remove the earliest entry into *e (q not empty; ties in expiry go by
   ttl_s, the smaller first, so the order is the same on every run). */
void ttl_queue_pop(struct pk_ttl_queue *q, struct pk_ttl_entry *e);

struct pk_container;
struct pk_lp;

/* Bytes time to live took out of logical partition lp (rule 28: its
   expired items deleted, or an expired copy a write replaced); 0 without
   TTL. Stored bytes + these are what its writes added (days to full,
   src/result/fill.c). In container_ttl.c. */
uint64_t container_ttl_freed(const struct pk_container *c,
			     const struct pk_lp *lp);

/* How long every item lives after its last write, s: the container's
   DefaultTimeToLive when it is n > 0 and no write carried an item ttl
   of its own; else 0 (off, -1, or lifetimes that differ). In
   container_ttl.c. */
int64_t container_ttl_lifetime_s(const struct pk_container *c);

/* Count c's item lifetimes in the items' own time: data_per_s (> 0) of
   their seconds pass in each second of the run, a data file's
   time_compression (its record times divided by it, scenarios/README.md).
   An item with TTL n then expires ceil(n / data_per_s) seconds of the run
   after the second of its last write (at least 1), instead of n: the
   rule 28 lifetime as the data means it, late by less than one second of
   the run. ASSUMPTION: only the expiry is in the data's time; the
   background deletions still get what a range leaves unused of its RU/s
   in each second of the run, so under compression they fall behind as
   the writes' RU/s rise. Nothing without TTL on c or for data_per_s <= 0;
   data_per_s 1 (the default) is the plain rule. Before the first write.
   In container_ttl.c. */
void container_ttl_data_time(struct pk_container *c, double data_per_s);

#endif
