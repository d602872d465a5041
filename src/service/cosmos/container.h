/*
 * container: the state of one simulated container (one variant) and what
 * one request does to it. One module in four files: container.c
 * (lifecycle, the per-second clock), container_layout.c (splits, merge,
 * redistribution, autoscale, serverless), container_ops.c (requests,
 * batches, queries), lptable.c (the logical-partition, item and id
 * tables); what they share is in src/service/cosmos/container_int.h,
 * and a logical partition's record in src/service/cosmos/lp.h.
 *
 * Logical partitions live in a pool indexed by the typed encoding of
 * the partition key value (lptable.c); each lies in exactly one partition key
 * range, found by binary search on its EPK (rule 10, 24). Physical partitions
 * are the ranges of a pmap with, beside each, a per-second RU budget, storage
 * and counters. Time moves forward only (container_advance): closing a
 * second records its samples and then performs storage splits.
 *
 * Rules modelled, with sources (docs/cosmos-mechanics.md):
 * - initial layout max(1, ceil(RU/6000)) ranges (rule 2, D-SCALE);
 * - RU/s divided evenly among ranges, always (rule 4, D-PART);
 * - per-second budget, 429/3200 and retry-after (rule 12, D-429);
 * - raising RU/s above ranges x 10,000 splits to ceil(RU/10,000), children
 *   halving the parent's range, widest parents first (rule 6, D-SCALE);
 *   the splits take spec.split_delay_ms (default 0; the service takes
 *   4-6 h, D-SCALE), during which the old layout and the old RU/s serve:
 *   the reference leaves open whether the new RU/s apply before the splits
 *   finish (rule 6, UNCONFIRMED); pksim: they do not;
 * - the minimum manual RU/s (rule 8, D-LIMITS) is offered by
 *   container_min_ru_per_s; the caller refuses a change below it;
 * - lowering RU/s never removes ranges (rule 7);
 * - a range whose storage passes its cap splits at the logical-partition
 *   boundary nearest its storage median (rule 9; cut-point UNCONFIRMED);
 *   ASSUMPTION: at the end of the second in which it passed the cap;
 * - a write taking a logical partition past its cap fails 403/1014 and
 *   stores nothing (rule 11, D-403).
 * - autoscale (spec.autoscale_max_ru_per_s = Tmax): max(1, ceil(Tmax /
 *   10,000)) ranges (rule 3); every range may spend Tmax / P each second;
 *   the current RU/s T of each second follows its busiest range
 *   (provision_autoscale_current, rule 17) and is what the per-second
 *   series record as ru_per_s; storage above 0.1 x Tmax GB raises Tmax
 *   (rule 18), splitting like a scale-up.
 * - burst capacity when spec.burst is set (rule 14, throttle.h); split
 *   children start without credit.
 * - serverless (spec.serverless; rule 19, D-SLESS): ranges x 5,000 RU/s
 *   (the current page; provision.h), re-divided evenly after
 *   every storage split; ASSUMPTION (not documented): a new serverless
 *   container has 1 range. A write taking the container past 1 TB
 *   (D-LIMITS) fails 403 and stores nothing; ASSUMPTION: the reference
 *   gives no sub-status for it, so pksim answers 403 with sub-status 0
 *   (PK_SUBSTATUS_CONTAINER_FULL), counted apart from 403/1014.
 * - redistribution (container_redistribute; rule 26, D-REDIST) and merge
 *   (container_merge; D-MERGE) as explicit actions.
 * - an existing layout (spec.existing_partitions = N): N
 *   ranges dividing the key space evenly (ASSUMPTION: the service's
 *   boundaries after past splits are not known), the RU/s divided among
 *   them (rule 4; the loader keeps RU/s <= N x 10,000, rule 5); the highest
 *   RU/s ever is taken to be the starting RU/s (ASSUMPTION: the history is
 *   not known). Its data at t = 0 (spec.existing_bytes_*) is preloaded
 *   storage: ASSUMPTION (the reference is silent) it belongs to logical
 *   partitions the workload never writes, spread evenly over each range's
 *   key space; it counts in the range's storage (storage splits at 50 GB,
 *   the minimum RU/s of rule 8, reports) and in no logical partition (the
 *   20 GB cap and the logical-partition tables hold only the workload's
 *   writes). A split gives each child the share of it that its key-space
 *   width is of the parent's; a storage split of a range holding
 *   preloaded data cuts at the EPK midpoint (the median of evenly spread
 *   data) unless the workload's own data alone is over the cap; a merge
 *   adds it up.
 * - preloaded data (`preload:`, container_preload): items stored in
 *   their logical partitions before the clock starts, without charge; a
 *   range they take past its storage cap splits at t = 0.
 * - time to live (spec.default_ttl_s, rule 28, D-TTL; container_ttl.c):
 *   an expired item is gone for requests at once (reads, replaces and
 *   deletes 404; an upsert creates it anew) but its bytes stay in its
 *   logical partition and range until a background deletion, which uses
 *   only what the range's budget left unused when a second closes;
 *   ASSUMPTION: a deletion costs a delete of the item (a write of its
 *   stored size).
 * - opt-in 410/1007 (spec.split_gone_ms): for that long after a split or
 *   merge, requests to the new ranges are refused with 410, sub-status
 *   1007 CompletingSplitOrMerge (cosmos_status.rs), at no charge; the
 *   client retries them (throttle.h).
 */
#ifndef PKSIM_CONTAINER_H
#define PKSIM_CONTAINER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lp.h"
#include "pksim/base/hashtab.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/cost.h"
#include "pksim/service/cosmos/pkey.h"
#include "pksim/service/cosmos/provision.h"
#include "pksim/service/cosmos/throttle.h"
#include "pksim/service/cosmos/ttl.h"
#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "pmap.h"

/* D-403; cosmos_status.rs PartitionKeyQuotaOverLimit */
#define PK_SUBSTATUS_PARTITION_KEY_QUOTA 1014
/* ASSUMPTION: no documented sub-status for a full serverless container
   (1 TB, D-LIMITS); pksim uses 0 */
#define PK_SUBSTATUS_CONTAINER_FULL 0
/* cosmos_status.rs CompletingSplitOrMerge */
#define PK_SUBSTATUS_COMPLETING_SPLIT 1007
/* ASSUMPTION (not documented): a new serverless container has 1 range */
#define PK_CONTAINER_SERVERLESS_INITIAL_RANGES 1

/* One physical partition, beside the pmap range of the same index. */
struct pk_pp {
	struct pk_budget budget;     /* this second's RU budget */
	uint64_t storage_bytes;	     /* sum of its logical partitions, plus
					preloaded_bytes */
	uint64_t preloaded_bytes;    /* an existing container's data at t = 0
					(spec.existing_bytes_*) still in this
					range: in no logical partition */
	uint64_t logical_partitions; /* logical partitions holding items */
	uint32_t sec_requests;	     /* attempts in the open second */
	uint32_t sec_throttled;	     /* 429s in the open second */
	uint32_t sec_bucket;	     /* ... of them 429/3212 */
	uint32_t sec_retries;	     /* retries in the open second */
	int64_t sec_ru_mru;	     /* RU charged in the open second */
	uint64_t requests;	     /* over its lifetime, retries too */
	uint64_t retries;	     /* ... of them retries */
	uint64_t throttled_429;
	uint64_t rejected_403;
	uint64_t changes; /* writes that stored an item over its life
			     (creates, replaces, upserts, a batch's
			     items): its change feed's entries (rule 39;
			     deletes and TTL expiries are not in the
			     latest-version feed) */
	int64_t ru_mru;
	int64_t offered_mru;   /* charges of its first attempts over its
				  lifetime, served or rate limited (the
				  demand; a query's its share), mRU */
	uint32_t sec_held;     /* ... of them Low 429s the range had
				  room for (pk_outcome.held) */
	int split_blocked;     /* 1 if over its storage cap but holding a
				  single logical partition */
	int64_t dyn_hour;      /* autoscale: the hour dyn_peak_mru
				  belongs to, or -1 */
	int64_t dyn_peak_mru;  /* autoscale: its highest RU in one
				  second of that hour, each second
				  clamped to [0.1, 1] x the share in
				  force that second (rule 27) */
	int64_t weight_mru;    /* custom throughput policy (rule 26):
				  its share when redistributed; its
				  fraction is weight / the container's
				  weight_total_mru; 0 under "equal" */
	int64_t gone_until_ms; /* requests before this time get
				  410/1007 (spec.split_gone_ms after
				  the split or merge that made it);
				  0 = none */
	struct pk_ttl_fifo ttl_pending; /* TTL on: its expired items
					   awaiting deletion, oldest
					   first (stale entries are
					   skipped, container_ttl.c) */
	uint64_t ttl_pending_bytes;	/* ... their stored bytes */
	int64_t ttl_progress_mru;	/* leftover RU already spent on
					   deleting the oldest of them */
	uint64_t busy_mark; /* the container's busy_seconds when its own
			       were last counted into the metrics */
};

/* One point request as the container sees it. */
struct pk_request {
	int64_t t_ms;		  /* >= the container's clock */
	enum pk_op_kind kind;	  /* not PK_OP_QUERY (container_query) */
	uint64_t item;		  /* item sequence number */
	uint32_t size_bytes;	  /* bytes written; 0 for read and delete */
	const unsigned char *key; /* identity bytes of the key value */
	size_t key_len;
	const struct pk_epk *epk; /* the key's EPK; may be NULL when lp
				     is set (it is read only to find or
				     make the logical partition) */
	int reject;		  /* 400 when the client sent an invalid
				     item (bad key value or id), or
				     PK_REJECT_BAD_TTL (a 400 for its
				     ttl): refused without touching data;
				     else 0 */
	const char *id;		  /* the item's id when ids may repeat:
				     a create of an id its logical
				     partition holds is a 409; NULL when
				     every item has its own id */
	size_t id_len;
	struct pk_lp *lp; /* the logical partition of key when
			     the caller knows it (a cache of
			     pk_outcome.lp from an earlier
			     request of this container with the
			     same key), else NULL: saves the
			     lookup, changes nothing else */
	int64_t ttl_s;	  /* a write's item ttl (rule 28): PK_TTL_OFF
			     when the item has none, PK_TTL_NEVER or
			     1 .. PK_TTL_MAX_S; read only when the
			     container has a DefaultTimeToLive */
	int64_t data_ms;  /* when the write's operation arrived, ms on
			     the run's clock: its first attempt's time,
			     whatever retries followed (a data file's
			     record time, compressed). Only the logical
			     partition's growth times read it
			     (pk_lp.first_grow_ms), so days to full is
			     measured in the data's time (result.h), not
			     in the spread 429 retries cause */
};

/* The logical partitions one range holds (rangelps.c): their indexes
   (pk_lp.index), in no particular order. */
struct pk_range_lps {
	uint32_t *lps; /* owned; n of cap */
	size_t n, cap;
};

/* An id held by a logical partition (container_int.h) */
struct pk_id_entry;
/* The logical partitions under one key prefix (lpgroup.c) */
struct pk_lp_group;

/* What a targeted query reads in one range it visits (container_query.c):
   the logical partitions under its prefixes or at its values there. */
struct pk_range_read {
	uint64_t items;	     /* items they hold */
	uint64_t lps;	     /* how many of them */
	uint64_t items_done; /* ... of the items, those handed a part */
	uint64_t lps_done;   /* ... of them, those handed a part */
	int64_t share;	     /* mRU: the range's share of the charge */
};

/* Minutes of a run whose highest RU/s a container keeps
   (minute_ru_per_s): 720 hours, a month (C-BILL's 30 days); a month
   of a longer run is its own hours */
#define PK_CONTAINER_MINUTES_KEPT (720 * 60)

struct pk_container {
	char *name;		       /* owned; variant name */
	struct pk_container_spec spec; /* copy; partition_key borrowed */
	struct pk_cost cost;
	struct pk_pmap pmap;
	struct pk_pp *pp; /* owned; pmap.n entries */
	size_t pp_cap;
	/* owned; the created_ranges - 1 boundaries a replayed log records
	   (container_set_cuts), NULL: the even layout (pmap_init_version) */
	struct pk_epk *created_cuts;
	size_t created_ranges;	  /* ranges at t = 0: rule 2, 3 or
				     19's initial layout, or the
				     existing layout's N */
	int64_t created_ru_per_s; /* RU/s (autoscale: max) at t = 0, divided
				     evenly over created_ranges (rule 4) */
	struct pk_lp **lp_blocks; /* owned; the pool: logical partition
				     index i is entry (i - 1) % PK_LP_BLOCK
				     of block (i - 1) / PK_LP_BLOCK
				     (container_lp) */
	size_t lp_blocks_cap;
	uint64_t n_lps;	    /* logical partitions, indexes 1 .. n */
	uint32_t *lp_slots; /* owned; open-addressing index of the
			       pool by key bytes: an index in the low
			       lp_slot_bits bits and the key hash's tag
			       above them (lptable_hash), 0 empty;
			       lp_slot_mask + 1 slots (a power of 2,
			       at most 7/8 used), none before the
			       first logical partition */
	size_t lp_slot_mask;
	unsigned lp_slot_bits;	    /* bits of a slot that hold the index:
				       log2(slots), at most 32 */
	int lp_epk_of_key;	    /* 1: logical partitions keep no EPK
				       bytes (PK_LP_EPK_OF_KEY): the key
				       is neither hierarchical nor of
				       version 1 */
	unsigned char **arena;	    /* owned; blocks of key and EPK bytes */
	size_t arena_n, arena_cap;  /* blocks used, allocated */
	size_t arena_used;	    /* bytes used of the last block */
	size_t arena_block;	    /* bytes of the last block */
	struct pk_lp_rare *lp_rare; /* owned; entry 0 unused */
	size_t n_lp_rare, lp_rare_cap;
	uint64_t *lp_preloaded; /* owned; preloaded items by index */
	size_t lp_preloaded_cap;
	struct pk_lp_wide *lp_wide; /* owned; the counters of logical
				       partitions with wide = 1 */
	size_t n_lp_wide, lp_wide_cap;
	struct pk_id_entry *ids;    /* uthash head: ids held, when
				    requests carry ids */
	struct pk_item_slot *items; /* owned; per item number; grows;
				       NULL unless keep_items */
	int keep_items;		    /* 1: keep each item's slot, as a later
				       request can name it (set before the
				       first request; 0 only when only
				       creates name items:
				       scenario_items_read_back) */
	unsigned char *gone;	    /* owned; per item number, why it is not
				       stored (PK_GONE_*, container_int.h):
				       its latest write failed, or time to
				       live deleted it; 0 otherwise; NULL
				       until the first */
	size_t gone_cap;
	size_t items_cap;
	uint32_t next_lp;     /* index the next logical partition
				 gets */
	unsigned char *visit; /* owned; scratch flags per range for
				 queries */
	size_t visit_cap;
	struct pk_range_read *reads; /* owned; scratch per range for a
					targeted query (container_query.c) */
	size_t reads_cap;
	struct pk_lp_group *lp_groups; /* uthash head: the logical
					  partitions under each key prefix
					  (lpgroup.c), once lp_groups_on */
	int lp_groups_on;	       /* 1: lp_groups is built and kept */
	struct pk_sample *scratch;     /* owned; one second's samples */
	size_t scratch_cap;
	/* The open second's ranges a request reached (container_touch):
	   their indexes, first reached first, good while touched_gen is
	   pmap.gen (a split or merge moves indexes; that second is closed
	   from every range's counters instead) */
	uint32_t *touched; /* owned */
	size_t n_touched, touched_cap;
	uint32_t touched_gen;
	/* Seconds closed with a request, and the last one: each is a busy
	   second of every range then (metrics.h), counted for a range the
	   next time a request reaches it, at its split or merge or at the
	   end (pk_pp.busy_mark), so a second's work is per range reached */
	uint64_t busy_seconds;
	int64_t last_busy_s;
	uint32_t *newborn; /* owned; ids of the ranges made since the last
			      busy second (the next is their first) */
	size_t n_newborn, newborn_cap;
	int64_t *hour_max_ru_per_s; /* owned; autoscale: the highest RU/s
				       of each wall-clock hour
				       (metrics_hour_of) */
	size_t n_hours;
	int64_t *hour_dyn_mru;	     /* owned, n_hours entries; autoscale:
					each hour's dynamic-autoscale bill
					(rule 27), the sum over partitions
					of their highest RU/s, each within
					[0.1, 1] x Tmax / P, in mRU/s, and
					at most its share of the hour's
					highest Tmax under the layout when
					the hour is billed
					(container_dyn_flush), so at most
					that Tmax; complete after
					container_end */
	int64_t *hour_tmax_ru_per_s; /* owned, n_hours entries;
					autoscale: the highest Tmax in
					force in each hour */
	/* owned, n_minute_ru entries: the highest RU/s of each minute [60
	   k, 60 (k + 1)) s of the run (the provisioned RU/s, under
	   autoscale the T it scaled to, rule 17), for the first
	   PK_CONTAINER_MINUTES_KEPT minutes: a month repeats a shorter run
	   back to back and bills each of its clock hours at their highest
	   (result/bill.c) */
	int64_t *minute_ru_per_s;
	size_t n_minute_ru, cap_minute_ru;
	int64_t ru_per_s;	  /* provisioned now */
	int64_t highest_ru_per_s; /* highest RU/s ever asked for, a
				     pending scale-up's too (rule 8) */
	int64_t pending_ru_per_s; /* a scale-up waiting for its splits
				     (split delay), or -1 */
	int64_t pending_done_s;	  /* the second its splits are done */
	size_t pending_ranges;	  /* ranges it splits to */
	/* A merge in flight (rule 36, merge_delay > 0): the ranges it ends
	   at, fixed from the RU/s at its start (0: none), the second it
	   finishes, and why it stops above what was asked ("" or a
	   clause) */
	size_t merge_want;
	int64_t merge_done_s;
	const char *merge_why;
	int autoscale;		  /* 1: ru_per_s is the autoscale max
				     Tmax, the budget basis */
	int serverless;		  /* 1: ru_per_s follows the ranges
				     (rule 19) */
	int64_t weight_total_mru; /* custom policy: the sum of the
				     ranges' weight_mru */
	int redistributed;	  /* 1: shares were set per range
				     (container_redistribute); splits
				     halve a parent's share instead of
				     re-dividing evenly */
	int64_t now_s;		  /* the open second */
	int64_t now_ms;		  /* time of the last request applied */
	int sec_active;		  /* a request arrived in the open second */
	int64_t sec_offered_mru;  /* open second, container-wide:
				     charges of first attempts */
	int64_t sec_retry_mru;	  /* ... of retries */
	uint64_t sec_retries;	  /* retries in the open second */
	int64_t sec_served_mru;
	int attempt_retry; /* 1: the requests applied until the
			      next container_set_retry are
			      retries (container_set_retry) */
	/* Request classes (container_set_class): classes = 1 once a run
	   sends Low-priority or bucketed requests, so every request is
	   admitted by throttle_admit_class; attempt_low and attempt_bucket
	   are the class of the requests that follow. */
	struct pk_pool pool; /* the fleet pool (rule 40) the budgets draw
				on; pool.max_mru 0: none */
	int classes;
	int attempt_low;
	int attempt_bucket;
	uint32_t attempt_find; /* 0: the next point request's caller knows
				  its key. Else (set by the service for
				  one request, then back to 0) the caller
				  cannot compute the key (a random
				  suffix, rule 38) and first sends the
				  query that finds the item: its IN list
				  over the key's candidate values visits
				  attempt_find ranges. A read, or any
				  request whose item is not stored, is
				  that query alone; a replace, delete or
				  upsert of a stored item is the query
				  and then the point write
				  (container_ops.c: find_charge). Never
				  set for a create */
	const unsigned char *attempt_mark; /* with attempt_find: 1 for each
					      range (pmap order) the IN list
					      visits; NULL: every range (a
					      fan-out). Borrowed, set and
					      reset with attempt_find */
	int64_t find_other_mru; /* with attempt_find: the part of find_mru
				   the other ranges the list visits take
				   (container_ops.c: find_charge) */
	int find_blocked;	/* ... 1 when one of them had no room for
				   its share: the request is a 429 there */
	int64_t find_mru;	/* with attempt_find: the charge of the finding
				   query of the request just applied, mRU; 0
				   when none was sent (an upsert of an item
				   not stored, a refused request). The
				   service resets it with attempt_find */
	struct pk_metrics metrics;
	uint64_t preload_items;	      /* stored before the clock started
					 (container_preload) */
	uint64_t preload_bytes;	      /* ... their bytes, with the index */
	uint64_t preload_lps;	      /* logical partitions they filled */
	uint64_t preload_refused;     /* items not stored: a logical
					 partition would have passed its
					 cap, or an invalid key value */
	int preload_spread;	      /* 1: stored spread evenly
					 (container_preload_spread) */
	struct pk_container_ttl *ttl; /* owned; time to live (rule 28)
					 when spec.default_ttl_s is not
					 PK_TTL_OFF, else NULL */
	struct pk_range_lps *rlps;    /* owned; per range (pmap order): its
					 logical partitions, for splits
					 (rangelps.c); rlps_n of rlps_cap */
	size_t rlps_n, rlps_cap;
	uint64_t rlps_upto; /* logical partitions 1 .. rlps_upto are
			       placed in rlps */
	uint32_t rlps_gen;  /* the pmap.gen rlps holds for; 0 none */
	/* the last item size a request wrote (container_ops.c: sized):
	   its bytes with the index and its write charge, kept while the
	   sizes repeat (a phase's fixed item_size sends one); both follow
	   from the size alone, spec.index_factor and cost being fixed for
	   the container's life. memo_indexed 0: none kept */
	uint32_t memo_size;
	uint32_t memo_indexed;
	int64_t memo_write_mru;
};

/*
 * A new container named name (copied) as spec says (spec is copied; its
 * strings must outlive the container), with cost model cost. Its ranges
 * are laid out for spec->throughput_ru_per_s at t = 0, or are the
 * spec->existing_partitions of an existing container holding its
 * spec->existing_bytes_* (divided evenly, the first ranges taking one
 * byte more when a total does not divide).
 */
struct pk_container *container_new(const char *name,
				   const struct pk_container_spec *spec,
				   const struct pk_cost_spec *cost);

/* Free c and everything it owns; NULL is allowed. */
void container_free(struct pk_container *c);

/*
 * Before the clock starts (`preload:`), without charge:
 * store `items` items of item_bytes each (x the index factor) in the
 * logical partition of key (len bytes, copied) at epk, as if written
 * before t = 0. They are no item the requests can name and never expire
 * (their write times are unknown). Returns 0, or -1 when the logical
 * partition would pass its cap (rule 11: the service would have refused
 * the write), nothing stored then and the items counted in
 * preload_refused. Call container_preload_done after the last.
 */
int container_preload(struct pk_container *c, const unsigned char *key,
		      size_t len, const struct pk_epk *epk, uint64_t items,
		      uint32_t item_bytes);

/*
 * Before the clock starts: `items` items of item_bytes each whose logical
 * partitions are not known (the key reads other properties than the
 * preload's), spread evenly over the key space as an existing
 * container's storage is (ASSUMPTION, see above): in each range's
 * preloaded bytes, by its share of the key space, in no logical
 * partition.
 */
void container_preload_spread(struct pk_container *c, uint64_t items,
			      uint32_t item_bytes);

/*
 * The preload is stored: a range it took past its storage cap splits now,
 * at t = 0, as the data stood before the clock (rule 9; the container
 * holding it would have split already), and an autoscale max below the
 * storage rule rises (rule 18).
 */
void container_preload_done(struct pk_container *c);

/* Items container_preload stored in lp (0 when none). */
uint64_t container_lp_preloaded(const struct pk_container *c,
				const struct pk_lp *lp);

/*
 * The smallest manual RU/s the container accepts now (rule 8, D-LIMITS):
 * max(400, ceil(storage GB), highest ever / 100), from its storage and
 * highest_ru_per_s. *why (may be NULL) gets the deciding term
 * (provision.h).
 */
int64_t container_min_ru_per_s(const struct pk_container *c,
			       enum pk_min_reason *why);

/* Wall-clock hours the closed seconds touch (metrics_hours_touched:
   the clock's start sets where hour 0 ends; D-AUTO and C-BILL bill per
   clock hour). */
int64_t container_hours(const struct pk_container *c);

/*
 * Autoscale billing (rule 17, D-AUTO): the RU/s billed for wall-clock
 * hour `hour` (0-based, hour 0 the one t = 0 falls in,
 * metrics_hour_of) of the closed seconds: the highest T of the hour, at
 * least 0.1 Tmax of the hour's end. 0 for a manual container or an
 * hour with no closed second.
 */
int64_t container_autoscale_billed(const struct pk_container *c, int64_t hour);

/*
 * Dynamic (per-partition) autoscale's bill for wall-clock hour `hour`
 * (rule 27, hours as container_autoscale_billed):
 * the sum over the partitions of each one's highest RU/s in the hour,
 * each within [0.1, 1] x its share Tmax / P, rounded up to whole RU/s.
 * Known for every autoscale container, whichever mode bills it
 * (spec.autoscale_dynamic), once container_end has run. 0 for a manual
 * container or an hour out of range. Docs example: Tmax 1,000 on 2
 * partitions, P1 at 500 and P2 at 200 in the hour: 700 (classic: 1,000).
 */
int64_t container_autoscale_dynamic_billed(const struct pk_container *c,
					   int64_t hour);

/* The preloaded bytes (spec->existing_bytes_*) of range i of the n a
   container of spec is created with: an even share, the first ranges
   taking one byte more when a total does not divide (container_new);
   0 when spec preloads nothing. */
uint64_t container_preloaded_at_creation(const struct pk_container_spec *spec,
					 size_t n, size_t i);

/* Stored bytes of the whole container (sum over its ranges). */
uint64_t container_storage(const struct pk_container *c);

/* max(1, ceil(ru_per_s / ru_per_range)): rule 2's formula. */
size_t container_initial_ranges(int64_t ru_per_s, int64_t ru_per_range);

/* Ranges a new manual container of spec gets: rule 2 with the creation
   heuristic (6,000 RU/s a range), and at least enough that no range is
   over its RU/s cap (rule 1). */
size_t container_created_ranges(const struct pk_container_spec *spec);

/*
 * Lay c's ranges at creation out at cuts (owned by c from here on:
 * created_ranges - 1 EPKs rising strictly, pmap_set_cuts) instead of
 * evenly, before anything is stored or sent: an existing container
 * whose ranges a replayed log records (logranges.h). Returns 0, or -1
 * when the cuts do not fit (cuts freed, the layout unchanged).
 */
int container_set_cuts(struct pk_container *c, struct pk_epk *cuts);

/*
 * Move the clock to t_ms (never backwards): close every second before
 * t_ms / 1000, recording its samples, then split ranges over their
 * storage cap.
 */
void container_advance(struct pk_container *c, int64_t t_ms);

/*
 * Set provisioned RU/s at t_ms (advancing the clock first). Up to ranges x
 * the per-range cap: at once, re-divided evenly (rule 5, 7). Above: split
 * to ceil(ru_per_s / cap) ranges (rule 6); with a split delay the change
 * waits (old layout, old RU/s) until the splits are done, at the start of
 * the second spec.split_delay_ms later. ASSUMPTION (the reference does not
 * say): a change asked for while splits wait replaces the waiting one; if
 * it needs no splits it applies at once. The caller checks the minimum
 * (container_min_ru_per_s) first.
 */
void container_set_throughput(struct pk_container *c, int64_t t_ms,
			      int64_t ru_per_s);

/*
 * The RU/s the ranges can use now: the sum of their shares (manual
 * throughput; below the provisioned ru_per_s when a custom policy's
 * fractions pass the per-range cap, rule 26), else ru_per_s.
 */
int64_t container_effective_ru_per_s(const struct pk_container *c);

/*
 * A phase's `throughput_policy: equal` at t_ms (rule 26): after a
 * redistribution, divide the RU/s evenly again (splitting first when
 * they pass ranges x cap); nothing when the policy is already equal.
 */
void container_set_policy_equal(struct pk_container *c, int64_t t_ms);

/*
 * The run ends (after the last container_advance): a scale-up still
 * waiting for its splits never took effect in the run; its change event
 * then keeps its planned effective_t_s but counts the partitions that
 * exist (ranges_after = ranges_before) and a "splits_unfinished" action
 * says so.
 */
void container_end(struct pk_container *c);

/* D-MERGE: merge suits containers below these per physical partition
   (rule 36; spec.h, which the findings read too) */
#define PK_CONTAINER_MERGE_MAX_RU_PER_PP PK_MERGE_MAX_RU_PER_PP
#define PK_CONTAINER_MERGE_MAX_AVG_BYTES PK_MERGE_MAX_AVG_BYTES

/*
 * Set per-range RU/s at t_ms (rule 26, D-REDIST), advancing the clock
 * first: each of the n entries of v names a range by id and its RU/s.
 * Ranges not named keep their share; the container's RU/s become the
 * sum of the shares. A target above the per-range cap (10,000) gives the
 * range the cap, then splits it at its EPK midpoint into two children
 * sharing the target equally (15,000 -> 2 x 7,500); ASSUMPTION: at once,
 * without the split delay. Later splits halve a parent's share; a later
 * throughput change or merge re-divides evenly again. A waiting scale-up
 * is replaced (cancelled). Recorded as an action and a throughput change.
 * Returns 0; or -1 with *bad the index of an entry naming no current
 * range, or one above 2 x the cap (nothing changes then).
 */
int container_redistribute(struct pk_container *c, int64_t t_ms,
			   const struct pk_redist_spec *v, size_t n,
			   size_t *bad);

/*
 * Merge adjacent ranges at t_ms (D-MERGE), advancing the clock first,
 * until `want` remain: each time the adjacent pair with the least
 * combined storage (the lowest index on ties) becomes one range
 * [left.min, right.max) with a new id. It stops early rather than make a
 * range over the storage cap, or fewer ranges than ceil(RU/s / 10,000)
 * (ASSUMPTION: the service would refuse either; pksim says so in the
 * action). RU/s then re-divide evenly (rule 4). A waiting scale-up is
 * cancelled. A merge with more ranges than want (after the floor) is
 * recorded (metrics_add_merge)
 * with the RU/s and storage before it, for D-MERGE's advice (result.h).
 * Returns the ranges merged away.
 * With spec.merge_delay_ms > 0 the merge is started, not done (rule 36):
 * its count (want, floored by the RU/s in force now) is fixed now, the
 * pairs merge merge_delay later (container_advance), a raise of RU/s
 * before then cancels it (container_set_throughput), a lowering does not
 * change it; a later merge or a redistribution replaces it; returns 0.
 */
size_t container_merge(struct pk_container *c, int64_t t_ms, size_t want);

/*
 * Say whether the requests that follow (container_apply, _batch, _query)
 * are retries (1: an operation's second or later attempt, after a 429 or
 * a 410) or first attempts (0, the default). Reports count first
 * attempts as the demand ("offered") and retries on their own.
 */
void container_set_retry(struct pk_container *c, int retry);

/*
 * The class of the requests that follow: low = 1 for Low priority (rule
 * 30), bucket the throughput bucket id they carry (1 .. 5, rule 31; 0 =
 * none), whose cap is c->spec.bucket_pct[bucket] % (0 = not declared in
 * this container: no cap, as D-BUCKETS says of a deleted bucket). The
 * first call turns classes on for the rest of c's life: requests are
 * then admitted by throttle_admit_class (High demand is tracked, so call
 * it before the first request of a run with any class, for every
 * request), else by throttle_admit; a run whose clients are all High
 * without buckets never calls it and pays nothing. 429s of Low
 * requests count in totals.throttled_low_429, 429/3212s in
 * totals.throttled_3212.
 */
void container_set_class(struct pk_container *c, int low, int bucket);

/*
 * Operation item's latest create or upsert (or a batch's item) ended
 * failed in the client (a 429 past the client's retries, or 410s), so
 * nothing stored it: a later read, replace or delete of it that finds no
 * item (404) counts in totals.not_found_lost, told apart from a 404
 * whose item's write is still waiting in the client. A later write of
 * the item that stores it clears the mark. Memory: one byte per item
 * number up to the largest marked, from the first call.
 */
void container_write_failed(struct pk_container *c, uint64_t item);

/*
 * Apply one point request at r->t_ms (advancing the clock first). Rules
 * beyond the budget: an item over 2 MB is refused with 413 (D-LIMITS); a
 * replace or upsert whose key differs from the stored item's is refused
 * with 400: the key is immutable (reference §3). Both are charged the
 * not-found charge (D-429: failed requests use RUs; ASSUMPTION: how many
 * is not published).
 */
void container_apply(struct pk_container *c, const struct pk_request *r,
		     struct pk_outcome *out);

/*
 * Apply a request replayed from a monitor log (r->kind PK_OP_CHARGE,
 * monitor.h) as container_apply does, but charged charge_mru (>= 0, the
 * RU the log recorded) instead of the cost model; answered 200 when
 * admitted, storing nothing (the log records no item). Its key's logical
 * partition is made when new (no items, no storage), so that its RU and
 * 429s are counted there.
 */
void container_charge(struct pk_container *c, const struct pk_request *r,
		      int64_t charge_mru, struct pk_outcome *out);

/*
 * Apply a transactional batch of n creates (1 .. PK_MAX_BATCH_OPS) at
 * t_ms (advancing the clock first), as one request to the range of the
 * first item's key. items[i] gives each item's number, size, key, epk,
 * reject and id as for container_apply; kind and t_ms are ignored. The
 * batch is all or nothing (reference §3, D-LIMITS):
 * - an item the client marked invalid (reject) -> that status (400);
 *   else items whose key identities are not all equal (the batch spans
 *   logical partitions) -> 400; else items together over 2 MB (D-LIMITS:
 *   2 MB per request) -> 413. Each refused whole, nothing stored,
 *   charged the not-found charge like other refused requests.
 * - else the charge is the sum of the creates' write charges, admitted
 *   at once against that range's budget, or the batch is rate limited
 *   (429) as a whole.
 * - an item that cannot be created makes the batch fail with its status,
 *   the first in item order: 409 (its number is stored, or its id is
 *   held in the logical partition or by an earlier item of the batch),
 *   403/1014 (the items so far would take the logical partition past its
 *   cap) or 403/0 (a serverless container past 1 TB); nothing is stored.
 *   ASSUMPTION: the whole charge is used, as for a failed write (D-403).
 * - else every item is stored: 201.
 * Counted as one attempt and once under its status (succeeded, 400,
 * 403, 409, 413 or 429) like any request, and in the batch totals
 * (metrics.h).
 */
void container_batch(struct pk_container *c, int64_t t_ms,
		     const struct pk_request *items, size_t n,
		     struct pk_outcome *out);

/*
 * Run a query at t_ms along route (pkey_route) returning `results` items.
 * It visits the one range of each point and every range overlapping each
 * prefix interval, or every range for a fan-out (rule 21, 22). Charge:
 * base + per_range x ranges visited + per_result x results (cost.h),
 * spread evenly over the ranges visited, each of which must admit its
 * share in this second, or the query is rate limited (429) as a whole,
 * the 429 counted once in the run's totals and at every range that had
 * no room (out->range names the last of them).
 * A single-partition query (PK_ROUTE_SINGLE, its key in route->kv) counts
 * in its key's logical partition, when one exists, as a point request
 * does: an attempt (a retry, a 429) and its RU; targeted and fan-out
 * queries count in no logical partition.
 */
void container_query(struct pk_container *c, int64_t t_ms,
		     const struct pk_route *route, uint32_t results,
		     struct pk_outcome *out);

/* Logical partition number i (pk_lp.index, 1 .. c->n_lps): the pool in
   order of creation. Borrowed; it never moves while c lives. */
static inline struct pk_lp *container_lp(const struct pk_container *c,
					 uint64_t i)
{
	return &c->lp_blocks[(i - 1) >> PK_LP_BLOCK_BITS]
			    [(i - 1) & (PK_LP_BLOCK - 1)];
}

/* lp's EPK (where it lies in the key space): its stored bytes, or the
   V2 hash of its key bytes when none are kept (PK_LP_EPK_OF_KEY). */
static inline struct pk_epk container_lp_epk(const struct pk_lp *lp)
{
	struct pk_epk e;

	if (lp->epk_len == PK_LP_EPK_OF_KEY) {
		return epk_from_encoded_v2(lp->key, lp->key_len);
	}
	memset(&e, 0, sizeof(e));
	e.len = lp->epk_len;
	memcpy(e.b, lp->key + lp->key_len, lp->epk_len);
	return e;
}

/* The index of the range holding lp: the range it cached when the
   layout has not changed since (pk_lp.range_gen, pmap.gen), else a
   binary search on its EPK (rule 10). Same answer either way. */
static inline size_t container_lp_range(const struct pk_container *c,
					const struct pk_lp *lp)
{
	struct pk_epk e;

	if (lp->range_gen == c->pmap.gen) {
		return lp->range;
	}
	e = container_lp_epk(lp);
	return pmap_find(&c->pmap, &e);
}

/* lp's counter k (enum pk_lp_count), wherever it is kept. */
static inline uint64_t container_lp_count(const struct pk_container *c,
					  const struct pk_lp *lp,
					  enum pk_lp_count k)
{
	return lp->wide ? c->lp_wide[lp->count[PK_LP_GROW_BASE]].count[k]
			: lp->count[k];
}

/* lp's retries, 429s and 403s (pk_lp_rare): all zero and full_at_ms -1
   when it has had none. Borrowed. */
static inline const struct pk_lp_rare *
container_lp_rare(const struct pk_container *c, const struct pk_lp *lp)
{
	static const struct pk_lp_rare none = {0, 0, 0, -1};

	return lp->rare ? &c->lp_rare[lp->rare] : &none;
}

/* The logical partition for a key encoding, or NULL. Borrowed. */
const struct pk_lp *container_find_lp(const struct pk_container *c,
				      const unsigned char *key, size_t len);

/*
 * 0 if the invariants hold: the ranges tile the space (pmap_check); every
 * logical partition lies in one range and each range's storage and count
 * are the sums of its logical partitions'; the RU/s shares add up to the
 * provisioned RU/s; no logical partition is over its cap; with TTL, the
 * ranges' pending bytes add up to the run's and every expired item was
 * deleted or waits. Else -1.
 */
int container_check(const struct pk_container *c);

#endif
