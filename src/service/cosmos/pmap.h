/*
 * pmap: physical partitions as partition key ranges [min, max) over the
 * EPK space, sorted by min, tiling "" .. "FF" with no gap or overlap
 * (rule 24). Lookup is a binary search. A split turns one range into two
 * children that tile it, each with a new id, as the service's partition
 * key range feed shows them ("0", "1", ... never reused).
 *
 * Invariants (pmap_check): n >= 1; ranges[0].min = "";
 * ranges[n-1].max = "FF"; ranges[i].max = ranges[i+1].min;
 * min < max for every range.
 */
#ifndef PKSIM_PMAP_H
#define PKSIM_PMAP_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/service/cosmos/epk.h"

struct pk_range {
	uint32_t id;	   /* partition key range id, unique in the map */
	struct pk_epk min; /* inclusive */
	struct pk_epk max; /* exclusive; "FF" for the last range */
};

struct pk_pmap {
	struct pk_range *ranges; /* owned; n entries sorted by min */
	size_t n;
	size_t cap;
	uint32_t next_id; /* id the next new range gets */
	int version;	  /* partition key hash version: 2, or 1 */
	uint32_t gen;	  /* layout generation: 1 after pmap_init, + 1 at
			     every pmap_split and pmap_merge, so a range
			     index found under gen holds while gen does */
};

/*
 * Lay out n >= 1 ranges with ids 0 .. n-1. ASSUMPTION (reference §7,
 * "How partitions first divide the space", UNCONFIRMED): the boundaries cut
 * the space V2 hashes reach, [0, 0x40 00..00), into n equal parts; the
 * first range starts at "" and the last ends at "FF".
 */
void pmap_init(struct pk_pmap *m, size_t n);

/*
 * As pmap_init for a container whose keys hash with version (1 or 2).
 * ASSUMPTION for version 1 (the service's layout is not documented): the
 * boundaries cut the 32-bit hash space [0, 2^32) into n equal parts, each
 * written as a V1 number (epk_v1_number), as the SDK tests' V1 boundaries
 * are; midpoints and widths are taken on the hash numbers.
 */
void pmap_init_version(struct pk_pmap *m, size_t n, int version);

/*
 * Move the n - 1 boundaries between m's ranges (as laid out, before any
 * split or merge) to cuts[0 .. n-2]: range i then ends, and range i + 1
 * starts, at cuts[i]. The cuts must rise strictly, the first above ""
 * and the last below "FF". Used for an existing container whose ranges
 * a replayed log records (logranges.h). Returns 0, or -1 (m unchanged)
 * when the cuts are out of order or out of the space.
 */
int pmap_set_cuts(struct pk_pmap *m, const struct pk_epk *cuts);

/* Release m's ranges. */
void pmap_free(struct pk_pmap *m);

/* Index of the range that holds e (ranges[i].min <= e < ranges[i].max). */
size_t pmap_find(const struct pk_pmap *m, const struct pk_epk *e);

/*
 * Split range i at cut (min < cut < max) into [min, cut) and [cut, max),
 * at indices i and i + 1, with two new ids. Returns 0, or -1 if cut is
 * not strictly inside the range (m unchanged).
 */
int pmap_split(struct pk_pmap *m, size_t i, const struct pk_epk *cut);

/*
 * Merge ranges i and i + 1 into one [ranges[i].min, ranges[i+1].max) at
 * index i with a new id (D-MERGE; ids are never reused). Returns 0, or -1
 * if i + 1 is not a range (m unchanged).
 */
int pmap_merge(struct pk_pmap *m, size_t i);

/*
 * The EPK midpoint of range i, where a throughput split cuts (reference
 * rule 9). The last range's end "FF" counts as the end of the reachable
 * V2 space (0x40 00..), so its two halves both can hold keys.
 */
struct pk_epk pmap_midpoint(const struct pk_pmap *m, size_t i);

/*
 * Width of range i as a fraction of the reachable V2 space (0..1), used to
 * pick which ranges a throughput split divides first.
 */
double pmap_width(const struct pk_pmap *m, size_t i);

/* 0 if every invariant above holds, else -1. */
int pmap_check(const struct pk_pmap *m);

#endif
