/*
 * runway_group.h: the projection's logical partitions (groups):
 * what a group holds, the order groups are weighed in, the candidates
 * picked as they come (runway_pick.c), each range's share of the RU/s,
 * and the tables groups are kept in. Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_GROUP_H
#define PKSIM_RUNWAY_GROUP_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/schedule.h"
#include "pksim/result/result.h"
#include "pksim/result/runway.h"
#include "pksim/service/queries.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"

#define PK_RW_MS_PER_S 1000.0
/* Value-index codes a bitmap dedupes (16 MiB); past it a hash table */
#define PK_RW_BITMAP_CODES (1ULL << 27)
/* Bytes of a key's time text (runway_text_at), its NUL included */
#define PK_RW_TEXT 256

/* One logical partition of the projection (a key value less its time
   part), as a hash entry. */
struct group {
	unsigned char *key; /* owned identity bytes */
	size_t key_len;
	double mass;		     /* share of the new items, 0..1 */
	double start;		     /* bytes at t = 0 (preloaded) */
	size_t range;		     /* index into v->ranges, or SIZE_MAX */
	uint64_t item;		     /* an item that built it, or UINT64_MAX */
	const struct pk_workload *w; /* the workload item is of (one drawn
					apart: runway_window_stream), NULL
					the run's */
	uint64_t value; /* runway_groups_from_values: the value index of
			   its one value, else UINT64_MAX */
	int picked;	/* 1: its key is item's with the random parts set to
			   candidate pick (runway_item_key_pick), not the
			   item's own draw */
	uint64_t pick;
	double *smass; /* several streams, shares from the distributions:
			  its share of each stream's new items (owned by
			  the table, n_streams); NULL: mass for each */
	/* data files */
	uint64_t n, n_rep; /* records stored, records repeating an id */
	double bytes, first_bytes;
	int64_t first_ms, last_ms, cross_ms;
	double cross_bytes; /* bytes it held at cross_ms */
	/* a file at --rate coming again (runway_data.c): the bytes still
	   to come in the copy of the file it fills in, and the time in the
	   file of the record that brings them (-1 not yet) */
	double again_need;
	int64_t again_ms;
	/* ... under time to live: bytes that never expire, and the
	   others' bytes x lifetime, B s */
	double keep, life;
	UT_hash_handle hh;
};

struct codeent {
	uint64_t code;
	UT_hash_handle hh;
};

/* How the key reads one reference */
struct refinfo {
	int prop;	/* sc->props index, or -1 (no item has it) */
	int clock;	/* 1: a clock property (the time bucket) */
	int unique;	/* 1: a unique property */
	uint64_t count; /* value indexes (drawn properties) */
	double norm;	/* dist_norm over count */
	uint64_t radix; /* its place in the value code */
	/* read only through {hash(p) mod N} parts (runway_hash.c), the
	   key's reference index ref: one stream, each value index's hash
	   class (owned, count entries; NULL past PK_RW_CLASS_VALUES, the
	   class then hashed when asked), each class's share, the
	   probability mass of every value in it, drawn or not, and how
	   many values it has (owned, n_cls entries each); several streams,
	   the same of each stream's own property (scls, scmass, sccount); n_cls
	   the classes, 0 none kept (runway_refs_free frees them) */
	size_t ref;
	uint32_t *cls;
	double *cmass;
	double *ccount;
	uint32_t *scls[PK_MAX_STREAMS];
	double *scmass[PK_MAX_STREAMS];
	double *sccount[PK_MAX_STREAMS];
	uint64_t n_cls;
	/* several streams: each stream's own property at this path
	   (-1: its items have none), its values and dist_norm over them */
	int sprop[PK_MAX_STREAMS];
	uint64_t scount[PK_MAX_STREAMS];
	double snorm[PK_MAX_STREAMS];
};

/* The order the projection weighs groups in: the larger share first,
   at equal shares the one preloaded with more, then by key bytes; < 0
   when a comes first. A total order (keys differ between groups). */
int runway_group_order(const struct group *a, const struct group *b);

/* The candidates chosen as groups come (runway_pick.c): their shares
   summed by range, the PK_RUNWAY_CANDIDATES first in order (a heap, the
   last of them at top[0]) and each range's first; copies, so a group
   offered need not outlive the call. */
struct rw_pick {
	size_t n_ranges;     /* index n_ranges: groups of no range */
	double *range_mass;  /* owned; n_ranges + 1 shares summed */
	size_t n_streams;    /* > 1: range_smass kept */
	double *range_smass; /* owned; (n_ranges + 1) x n_streams: each
				stream's shares summed by range, from
				groups with smass; NULL with one stream */
	struct group top[PK_RUNWAY_CANDIDATES];
	size_t n_top;
	struct group *best; /* owned; n_ranges + 1: each range's first */
	char *has;	    /* owned; n_ranges + 1: 1 where best is set */
	uint64_t n_groups;  /* groups offered */
};

/* n_streams: the scenario's (range_smass kept when > 1) */
void runway_pick_init(struct rw_pick *p, size_t n_ranges, size_t n_streams);

/* Offer g (its mass, start, range and key set) */
void runway_pick_add(struct rw_pick *p, const struct group *g);

/* The candidates in order into out (room for 2 x PK_RUNWAY_CANDIDATES):
   the PK_RUNWAY_CANDIDATES first, and each range's first where none of
   those is in it, at most 2 x PK_RUNWAY_CANDIDATES; returns how many */
size_t runway_pick_done(struct rw_pick *p, struct group *out);

void runway_pick_free(struct rw_pick *p);
/* runway_pick.c: the groups offered to pick (runway_step.c's
   projection): from the snapshot's values when it maps them (returns 1),
   else from the distributions or the run into *tab (returns 0); the
   share of the values no item drew spread over the ranges; each range's
   part of a random-suffix reader's IN list (comments at each) */
struct rw_proj;
int runway_find_groups(const struct pk_snapshot *s, const struct rw_proj *p,
		       const struct refinfo *refs, double spread, int by_dist,
		       double each, const double *weight, struct group **tab,
		       struct pk_workload **apart, struct pk_scenario *moved,
		       struct rw_pick *pick, struct pk_runway *rw);
void runway_unseen_spread(struct rw_pick *p);
void runway_find_shares(const struct pk_result_variant *v,
			const struct rw_pick *pick, double *share);

/* rw->who: the key of identity bytes id (len bytes) as reports print it */
void runway_set_who(const struct pk_result_variant *v, const unsigned char *id,
		    size_t len, struct pk_runway *rw);

/* Index in v->ranges of the range holding e (ranges in key order), or
   SIZE_MAX without ranges */
size_t runway_range_of(const struct pk_result_variant *v,
		       const struct pk_epk *e);

/* Range r's share of v's RU/s at the end of the run (an even share
   when r is SIZE_MAX), RU/s, before any fleet pool */
double runway_range_share(const struct pk_result_variant *v, size_t r);

/* The RU/s a range whose own share is ru may use: with a fleet pool
   (rule 40) its share plus what the pool may lend it, at most the pool's
   extra a partition, and the pool's max shared evenly by the n_pool
   ranges drawing on it in the same second (a data file's bound:
   ASSUMPTION, every range with writes draws, each an even part), within
   the pool's cap; ru without (runway_pool.c) */
double runway_with_pool(const struct pk_result_variant *v, double ru,
			size_t n_pool);

/* runway_with_pool of range r's share (runway_range_share) */
double runway_range_ru(const struct pk_result_variant *v, size_t r,
		       size_t n_pool);

/* The group of identity bytes id in *tab, made (and *fresh 1) when new */
struct group *runway_group_get(struct group **tab, const unsigned char *id,
			       size_t len, int *fresh);

/* An index over a group table for lookups a record at a time (a data
   file's walk): open addressing by a 64-bit hash of the identity bytes,
   so a group is found in one probe or a few, where the table's bucket
   chains cost a cache miss a link. The table stays runway_group_get's:
   the same groups, added in the same order. Zeroed: empty. */
struct rw_gslot {
	uint64_t h;	 /* the identity bytes' hash */
	struct group *g; /* borrowed from the table; NULL: a free slot */
};
struct rw_gindex {
	struct rw_gslot *slot; /* owned; cap slots */
	size_t cap, n;	       /* cap 0 or a power of 2; n <= cap / 2 */
};

/* runway_group_get(tab, id, len, fresh) through x, which then holds the
   group too. Every group x holds must be *tab's. */
struct group *runway_gindex_get(struct rw_gindex *x, struct group **tab,
				const unsigned char *id, size_t len,
				int *fresh);

/* Free x's slots (not the groups) and zero it */
void runway_gindex_free(struct rw_gindex *x);

/* Free every group of *tab */
void runway_groups_free(struct group **tab);

#endif
