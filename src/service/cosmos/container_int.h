/*
 * container_int: what the files of the container module (container.c,
 * container_layout.c, container_ops.c, lptable.c) share and nothing
 * outside them uses. Not a public header: it stays beside the sources.
 */
#ifndef PKSIM_CONTAINER_INT_H
#define PKSIM_CONTAINER_INT_H

#include <stdint.h>
#include <string.h>

#include "container.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"

/* ---- container.c ---- */

/* Give every range an equal share of the provisioned RU/s (rule 4). */
void container_reshare(struct pk_container *c);

/* Make room for autoscale's hourly records up to hour last (both the
   classic and the dynamic bill). */
void container_hours_grow(struct pk_container *c, size_t last);

/* Add partition i's highest RU/s of its open hour (each second clamped
   to [0.1, 1] x its share that second, rule 27) to that hour's dynamic
   bill; none open after. */
void container_dyn_flush(struct pk_container *c, size_t i);

/* Range i's busy seconds that no request reached since they were last
   counted, into the metrics (struct pk_container's busy_seconds): before
   its sample is taken, or at the run's end. */
void container_busy_settle(struct pk_container *c, size_t i);

/* The same for range i about to go (split, merged), which is no longer
   one whose first busy second is to come. */
void container_busy_gone(struct pk_container *c, size_t i);

/* Range i was just made (split, merge): its busy seconds start now, and
   the next busy second is its first. */
void container_busy_born(struct pk_container *c, size_t i);

/* Note range pp as reached in the open second (its first request). */
void container_touched(struct pk_container *c, const struct pk_pp *pp);

/* Count a request at range pp in the open second (sec_requests), and
   note the range as reached when it is its first: the list out of line,
   so the per-request path grows by one test. */
static inline void container_touch(struct pk_container *c, struct pk_pp *pp)
{
	if (++pp->sec_requests == 1) {
		container_touched(c, pp);
	}
}

/* ---- container_layout.c: run by the clock after a second closes ---- */

/* Split every range over its storage cap (rule 9). */
void container_storage_splits(struct pk_container *c);

/* The waiting scale-up's splits are done: new layout, new RU/s. */
void container_finish_pending(struct pk_container *c);

/* The merge in flight is due: merge to the count fixed at its start
   (rule 36). */
void container_merge_finish(struct pk_container *c);

/* Cancel the merge in flight, if any, saying why (`because`, a clause:
   "RU/s raised from 1,000 to 2,000 during it (rule 36)"). */
void container_merge_cancel(struct pk_container *c, const char *because);

/* Rule 18: storage above 0.1 x Tmax GB raises Tmax (D-AUTO). */
void container_autoscale_storage(struct pk_container *c);

/* ---- container_ttl.c: time to live (rule 28) ---- */

/* The pending flag in pk_container_ttl.expire: the item's expiry came
   and it waits in its range's ttl_pending FIFO */
#define PK_TTL_PENDING_BIT 0x80000000U

struct pk_container_ttl {
	int64_t default_s;	   /* spec.default_ttl_s */
	struct pk_ttl_queue queue; /* expiries to come */
	uint32_t *expire;	   /* owned; per item number: 0 never, else
				      its expiry second (< PK_TTL_HORIZON_S)
				      | PK_TTL_PENDING_BIT once due */
	size_t cap;		   /* entries of expire (zeroed) */
	uint64_t *freed;	   /* owned; per logical partition index:
				      bytes TTL took out of it (deleted,
				      or an expired copy a write
				      replaced), for days to full */
	size_t freed_cap;	   /* entries of freed (zeroed) */
	int own_ttl;		   /* 1: some write carried its own ttl */
	double data_per_s;	   /* seconds of the items' own time per
				      second of the run, > 0: a data
				      file's time_compression, else 1
				      (container_ttl_data_time) */
};

/* Set up c->ttl when its spec has a DefaultTimeToLive; free it. */
void container_ttl_new(struct pk_container *c);
void container_ttl_free(struct pk_container *c);

/* 1 if stored item `item` has expired by the container's clock (now_ms):
   it is invisible (rule 28). */
static inline int container_ttl_expired(const struct pk_container *c,
					uint64_t item)
{
	uint32_t e;

	if (!c->ttl || item >= c->ttl->cap) {
		return 0;
	}
	e = c->ttl->expire[item] & ~PK_TTL_PENDING_BIT;
	return e && c->now_ms >= (int64_t)e * 1000;
}

/* A write stored item (ttl_s its own ttl, pk_request.ttl_s) now: its
   expiry starts again from this second. */
void container_ttl_written(struct pk_container *c, uint64_t item,
			   int64_t ttl_s);

/* A write replaces expired item `item` before the background task
   deleted it: it is removed now (counted expired if not yet, deleted and
   replaced). */
void container_ttl_drop(struct pk_container *c, uint64_t item);

/* Where an idle stretch from now_s may close up to, at most `to`: the
   next second with TTL work (now_s + 1 while items wait for deletion). */
int64_t container_ttl_idle_until(const struct pk_container *c, int64_t to);

/* Second t_s has closed: items due by then become pending, and each
   range spends what its budget left unused in t_s on deleting them. */
void container_ttl_second(struct pk_container *c, int64_t t_s);

/* Range i was split into i and i + 1 (or ranges merged into i): the
   pending entries of the old range(s), taken out of their pk_pp before it
   was cleared, go to the range now holding each item. */
void container_ttl_relocate(struct pk_container *c, struct pk_ttl_fifo *old);

/* ---- lpgroup.c: the logical partitions under each key prefix ---- */

/* Put lp in the groups of its EPK's prefixes (every level of a
   hierarchical key's, else the whole EPK): lptable_add calls it once the
   groups are on. */
void lpgroup_add(struct pk_container *c, const struct pk_lp *lp);

/* The indexes (pk_lp.index) of the logical partitions whose EPK starts
   with the e->len bytes of e, that is those under the hierarchical prefix
   or at the point e is (*n of them; NULL and 0 when none), in order of
   creation; valid until the next logical partition is added. The first
   call builds the groups from every logical partition so far. */
const uint32_t *lpgroup_find(struct pk_container *c, const struct pk_epk *e,
			     size_t *n);

/* Free the groups (lptable_free calls it). */
void lpgroup_free(struct pk_container *c);

/* ---- rangelps.c: the logical partitions of each range, for splits ---- */

/* The indexes of the logical partitions range i holds (*n of them, in
   no particular order), those created since the last call placed first;
   valid until the next logical partition, split or merge. The first
   call under a layout it does not follow builds the lists from every
   logical partition (O(logical partitions x log ranges)). */
const uint32_t *rangelps_of(struct pk_container *c, size_t i, size_t *n);

/* Range i was just split into i and i + 1 (pmap_split): divide its list
   at the cut (linear in the parent's list). */
void rangelps_split(struct pk_container *c, size_t i);

/* Ranges i and i + 1 were just merged into i (pmap_merge): join their
   lists. */
void rangelps_merge(struct pk_container *c, size_t i);

/* Free the lists (container_free calls it); the next rangelps_of
   builds them again. */
void rangelps_free(struct pk_container *c);

/* ---- lptable.c: the logical-partition, item and id tables ---- */

/* 64-bit hash of len key bytes for the logical-partition index: 8 bytes
   at a time, the first the lowest, the last word padded with zero bytes,
   through splitmix64's mixer (its constants). Only its low bits pick a
   slot; nothing the reports show depends on it. A whole word is written
   as 8 byte loads, which the compiler makes one load on a little-endian
   machine, and a last partial word is read a byte at a time: a memcpy of
   a variable length cost some 30 instructions a key. */
static inline uint64_t lptable_hash(const unsigned char *key, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)len, w;
	size_t i = 0, k;

	for (; len - i >= 8; i += 8) {
		const unsigned char *b = key + i;

		w = (uint64_t)b[0] | (uint64_t)b[1] << 8 |
		    (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 |
		    (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40 |
		    (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 27;
	}
	if (i < len) {
		w = 0;
		for (k = 0; i + k < len; k++) {
			w |= (uint64_t)key[i + k] << (8 * k);
		}
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 27;
	}
	h = (h ^ (h >> 31)) * 0x94d049bb133111ebULL;
	return h ^ (h >> 29);
}

/* The tag of hash h in a slot of the index (pk_container.lp_slots): the
   hash's high 32 bits above the slot's index bits (the low bits pick the
   slot), so most probes that meet another key are told from a match by
   the slot alone, without reading that logical partition; no tag bits
   (0) once the index has 2^32 slots. */
static inline uint32_t lptable_tag(const struct pk_container *c, uint64_t h)
{
	return c->lp_slot_bits >= 32 ? 0
				     : (uint32_t)((h >> 32) << c->lp_slot_bits);
}

/* The logical partition for a key encoding, or NULL. */
static inline struct pk_lp *lptable_find(const struct pk_container *c,
					 const unsigned char *key, size_t len)
{
	size_t k;
	uint32_t s, tag, imask;
	uint64_t h;

	if (!c->lp_slots) {
		return NULL;
	}
	h = lptable_hash(key, len);
	tag = lptable_tag(c, h);
	imask =
	    c->lp_slot_bits >= 32 ? UINT32_MAX : (1U << c->lp_slot_bits) - 1;
	k = (size_t)h & c->lp_slot_mask;
	while ((s = c->lp_slots[k]) != 0) {
		if ((s & ~imask) == tag) {
			struct pk_lp *lp = container_lp(c, s & imask);

			if (lp->key_len == len &&
			    memcmp(lp->key, key, len) == 0) {
				return lp;
			}
		}
		k = (k + 1) & c->lp_slot_mask;
	}
	return NULL;
}

/* The index of the range holding lp: pmap_find once per layout
   generation (pmap.gen), then the cached index. */
static inline size_t lptable_range(const struct pk_container *c,
				   struct pk_lp *lp)
{
	if (lp->range_gen != c->pmap.gen) {
		struct pk_epk e = container_lp_epk(lp);

		lp->range = (uint32_t)pmap_find(&c->pmap, &e);
		lp->range_gen = c->pmap.gen;
	}
	return lp->range;
}

/* lp lies in range `range`, just found by pmap_find under the layout in
   force (no split or merge since): cache it as lptable_range would. */
static inline void lptable_found_range(const struct pk_container *c,
				       struct pk_lp *lp, size_t range)
{
	lp->range = (uint32_t)range;
	lp->range_gen = c->pmap.gen;
}

/* A new, empty logical partition for key (len bytes, copied) at epk
   (copied), with the next index. */
struct pk_lp *lptable_add(struct pk_container *c, const unsigned char *key,
			  size_t len, const struct pk_epk *epk);

/* Why an item is not stored (pk_container.gone), for the 404s' causes
   (metrics.h: not_found_lost, not_found_expired) */
#define PK_GONE_WRITE_FAILED                                                   \
	1		  /* its latest create or upsert failed: a             \
			     403, 400 or 413, or ended failed in the           \
			     client (container_write_failed) */
#define PK_GONE_EXPIRED 2 /* time to live deleted it (rule 28) */

/* Set item's PK_GONE_* state (0: stored again), growing c->gone only to
   set a state. */
static inline void container_mark_gone(struct pk_container *c, uint64_t item,
				       unsigned char state)
{
	if (item >= c->gone_cap) {
		size_t old = c->gone_cap;

		if (!state) {
			return;
		}
		mem_grow((void **)&c->gone, &c->gone_cap, item + 1, 1);
		memset(c->gone + old, 0, c->gone_cap - old);
	}
	c->gone[item] = state;
}

/* item's PK_GONE_* state, 0 when none */
static inline unsigned char container_gone(const struct pk_container *c,
					   uint64_t item)
{
	return item < c->gone_cap ? c->gone[item] : 0;
}

/* Move lp's counters to 64 bits (pk_lp.wide), once. */
void lptable_widen(struct pk_container *c, struct pk_lp *lp);

/* lptable_count_add past 32 bits (or on a wide lp): widens lp, then adds
   in 64 bits. */
uint64_t lptable_count_add_wide(struct pk_container *c, struct pk_lp *lp,
				enum pk_lp_count k, uint64_t d);

/* Add d to lp's counter k: 32 bits while the sum fits, else all of lp's
   counters move to 64 bits first (pk_lp), so it never wraps. A wide lp's
   counters other than PK_LP_GROW_BASE read PK_LP_WIDE_MARK in
   pk_lp.count, so any d > 0 takes the 64-bit path without a test of
   pk_lp.wide (d = 0 writes the mark back unchanged). The 64-bit sum
   cannot pass UINT64_MAX: stored bytes and items are bounded by the
   run's writes, attempts by PK_SCENARIO_MAX_OPERATIONS x the retries, RU
   by PK_COST_MAX_RUN_RU in mRU (plan_limits.c); a sum that would, or a d
   of 2^63 or more (a negative charge), is a bug, reported (PK_BUG). */
static inline void lptable_count_add(struct pk_container *c, struct pk_lp *lp,
				     enum pk_lp_count k, uint64_t d)
{
	uint32_t n;

	if (__builtin_expect(
		d <= UINT32_MAX &&
		    !__builtin_add_overflow(lp->count[k], (uint32_t)d, &n),
		1) &&
	    (k != PK_LP_GROW_BASE || !lp->wide)) {
		lp->count[k] = n;
		return;
	}
	lptable_count_add_wide(c, lp, k, d);
}

/* Add 1 to lp's counter k as lptable_count_add does; returns the sum. */
static inline uint64_t lptable_count_inc(struct pk_container *c,
					 struct pk_lp *lp, enum pk_lp_count k)
{
	uint32_t n;

	if (__builtin_expect(!__builtin_add_overflow(lp->count[k], 1U, &n),
			     1) &&
	    (k != PK_LP_GROW_BASE || !lp->wide)) {
		lp->count[k] = n;
		return n;
	}
	return lptable_count_add_wide(c, lp, k, 1);
}

/* Take d from lp's counter k, which holds at least d (a bug otherwise,
   reported: PK_BUG); returns what is left. */
uint64_t lptable_count_sub(struct pk_container *c, struct pk_lp *lp,
			   enum pk_lp_count k, uint64_t d);

/* lptable_rare when lp has none yet: makes it (zero, full_at_ms -1). */
struct pk_lp_rare *lptable_rare_new(struct pk_container *c, struct pk_lp *lp);

/* lp's pk_lp_rare, made (zero, full_at_ms -1) the first time (inline: a
   throttled retry counts in it twice). */
static inline struct pk_lp_rare *lptable_rare(struct pk_container *c,
					      struct pk_lp *lp)
{
	if (__builtin_expect(lp->rare != 0, 1)) {
		return &c->lp_rare[lp->rare];
	}
	return lptable_rare_new(c, lp);
}

/* Item number item's slot, growing the table (zeroed) to hold it. */
static inline struct pk_item_slot *lptable_slot(struct pk_container *c,
						uint64_t item)
{
	if (item >= c->items_cap) {
		size_t old = c->items_cap;

		mem_grow((void **)&c->items, &c->items_cap, item + 1,
			 sizeof(*c->items));
		memset(c->items + old, 0,
		       (c->items_cap - old) * sizeof(*c->items));
	}
	return &c->items[item];
}

/* Stored bytes of item number item; 0 when not stored. */
static inline uint32_t lptable_stored_bytes(const struct pk_container *c,
					    uint64_t item)
{
	return item < c->items_cap ? c->items[item].bytes : 0;
}

/* An id held by a logical partition (kept only for requests that carry
   an id; lptable.c). */
struct pk_id_entry {
	UT_hash_handle hh;
	struct pk_id_key {
		uint32_t lp;   /* logical partition index */
		uint32_t pad;  /* zero */
		uint64_t hash; /* 64-bit hash of the id's bytes */
	} k;
	uint64_t item; /* the item holding it */
};

/* lptable_id_holder_of's answer when no other item holds the id */
#define PK_LP_NO_HOLDER UINT64_MAX

/* lptable_id_taken and lptable_note_id for a request with an id. */
int lptable_id_taken_of(const struct pk_container *c, const struct pk_lp *lp,
			const struct pk_request *r);
/* The item other than r->item stored in lp under r's id (r->id set),
   or PK_LP_NO_HOLDER; an expired holder is gone for requests (rule 28)
   and is none. */
uint64_t lptable_id_holder_of(const struct pk_container *c,
			      const struct pk_lp *lp,
			      const struct pk_request *r);
/* The expired item (rule 28: gone for requests, its bytes awaiting
   deletion) other than r->item stored in lp under r's id (r->id set),
   or PK_LP_NO_HOLDER. */
uint64_t lptable_id_expired_holder(const struct pk_container *c,
				   const struct pk_lp *lp,
				   const struct pk_request *r);
void lptable_note_id_of(struct pk_container *c, const struct pk_lp *lp,
			const struct pk_request *r, int stored);

/* 1 if another stored item of lp holds r's id (a create is a 409). Most
   requests carry none (pk_request.id): that test is inline. */
static inline int lptable_id_taken(const struct pk_container *c,
				   const struct pk_lp *lp,
				   const struct pk_request *r)
{
	return r->id ? lptable_id_taken_of(c, lp, r) : 0;
}

/* Record (stored = 1) or forget r's id in lp. */
static inline void lptable_note_id(struct pk_container *c,
				   const struct pk_lp *lp,
				   const struct pk_request *r, int stored)
{
	if (r->id) {
		lptable_note_id_of(c, lp, r, stored);
	}
}

/* Free every logical partition and id entry of c. */
void lptable_free(struct pk_container *c);

/* After throttle_init of a budget of c: c's burst setting (rule 14)
   and its fleet pool (rule 40). */
static inline void container_budget_opts(struct pk_container *c,
					 struct pk_budget *b)
{
	throttle_set_burst(b, c->spec.burst);
	throttle_set_pool(b, c->pool.max_mru > 0 ? &c->pool : NULL);
}

/* ---- container_ops.c, shared with container_query.c ---- */

/* ops_admit's class path, out of line (a run without classes never
   calls it): as throttle_admit_class, with out->held set. */
int ops_admit_class(struct pk_container *c, struct pk_budget *b, int64_t t_ms,
		    int64_t charge, struct pk_outcome *out);

/* Admit a charge on budget b at t_ms (throttle_admit), by the request's
   class when c has classes on: 0 with out's retry-after and sub-status
   (and, with classes, out->held) when rate limited. */
static inline int ops_admit(struct pk_container *c, struct pk_budget *b,
			    int64_t t_ms, int64_t charge,
			    struct pk_outcome *out)
{
	if (!c->classes) {
		out->sub_status = PK_SUBSTATUS_RU_BUDGET_EXCEEDED;
		return throttle_admit(b, t_ms, charge, &out->retry_after_ms);
	}
	return ops_admit_class(c, b, t_ms, charge, out);
}

/* Share k (0 .. n - 1) of a query's charge (mRU) split evenly over the
   n ranges it visits: each range serves its part. The mRU that do not
   divide go 1 each to the first charge % n ranges, so the shares add
   up to charge and no two differ by more than 1 mRU (on 10,000 ranges
   a remainder of up to 9.999 RU on one range would make it the hottest) */
static inline int64_t ops_query_share(int64_t charge, size_t n, size_t k)
{
	return charge / (int64_t)n + ((int64_t)k < charge % (int64_t)n);
}

/* A 429 of a request with a class (container_set_class): its class's
   counts. */
void ops_count_class_429(struct pk_container *c, const struct pk_outcome *out);

/* A request to a range in its 410 window (spec.split_gone_ms): 410/1007
   at no charge, counted as an attempt and a 410. */
void ops_gone(struct pk_container *c, struct pk_outcome *out);

/* An attempt's charge into the offered RU (a first attempt) or the
   retried RU (a retry), of the open second and of the run, and the retry
   counts. */
void ops_offer(struct pk_container *c, int64_t charge);

#endif
