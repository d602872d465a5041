/*
 * runway_int.h: what the runway's files share (src/result/runway.c:
 * generated items stepped over the horizon; runway_data.c: a data file;
 * runway_shares.c: each key value's share of the new items). Internal to
 * src/result/.
 */
#ifndef PKSIM_RUNWAY_INT_H
#define PKSIM_RUNWAY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/hashtab.h"
#include "pksim/result/result.h"
#include "pksim/result/runway.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"

#define PK_RW_MS_PER_S 1000.0
/* Value-index codes a bitmap dedupes (16 MiB); past it a hash table */
#define PK_RW_BITMAP_CODES (1ULL << 27)

/* One logical partition of the projection (a key value less its time
   part), as a hash entry. */
struct group {
	unsigned char *key; /* owned identity bytes */
	size_t key_len;
	double mass;   /* share of the new items, 0..1 */
	double start;  /* bytes at t = 0 (preloaded) */
	size_t range;  /* index into v->ranges, or SIZE_MAX */
	uint64_t item; /* an item that built it */
	/* data files */
	uint64_t n;
	double bytes, first_bytes;
	int64_t first_ms, last_ms, cross_ms;
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
};

/* rw->who: the key of identity bytes id (len bytes) as reports print it */
void runway_set_who(const struct pk_result_variant *v, const unsigned char *id,
		    size_t len, struct pk_runway *rw);

/* Index in v->ranges of the range holding e (ranges in key order), or
   SIZE_MAX without ranges */
size_t runway_range_of(const struct pk_result_variant *v,
		       const struct pk_epk *e);

/* The RU/s of range r of v (an even share when r is SIZE_MAX) */
double runway_range_ru(const struct pk_result_variant *v, size_t r);

/* The group of identity bytes id in *tab, made (and *fresh 1) when new */
struct group *runway_group_get(struct group **tab, const unsigned char *id,
			       size_t len, int *fresh);

/* Free every group of *tab */
void runway_groups_free(struct group **tab);

/* A data file's runway (runway_data.c): every record at its own time */
void runway_from_data(const struct pk_scenario *sc, const struct pk_workload *w,
		      struct pk_result_variant *v, struct pk_runway *rw);

/* runway_shares.c: how the key reads each reference (0 when it cannot
   be projected from the distributions), the groups with their shares
   from the distributions or from the run, and what preload put in them */
int runway_key_refs(const struct pk_result_variant *v,
		    const struct pk_scenario *sc, const struct pk_workload *w,
		    struct refinfo *refs, double *spread, int *whole_unique);

void runway_groups_from_dists(const struct pk_result_variant *v,
			      const struct pk_scenario *sc,
			      const struct pk_workload *w,
			      const struct refinfo *refs, double spread,
			      int64_t wall0, struct group **tab);

void runway_groups_from_run(const struct pk_snapshot *s,
			    const struct pk_result_variant *v,
			    struct group **tab);

void runway_preload_start(const struct pk_snapshot *s,
			  const struct pk_result_variant *v,
			  struct group **tab);

/* The key of item with the time fixed at wall_s and unique values hidden
   (one group is one key value less its time part), into *kv */
void runway_fixed_key(const struct pk_result_variant *v,
		      const struct pk_scenario *sc, const struct pk_workload *w,
		      const struct refinfo *refs, uint64_t item, int64_t wall_s,
		      struct pk_keyval *kv);

#endif
