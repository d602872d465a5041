/*
 * runway_keyed.h: where a time key's keyed requests land in the
 * projection's steps (runway_keyed.c), for runway_step.c. Internal to
 * src/result/.
 */
#ifndef PKSIM_RUNWAY_KEYED_H
#define PKSIM_RUNWAY_KEYED_H

#include <stddef.h>

#include "runway_int.h"

/* A time key's stored items counted by bucket slot (runway_step.c's:
   a bucket that comes back its own slot, one that does not the ring's)
   and in all, each stream's */
struct rw_keyed {
	size_t ns;	/* streams */
	size_t n_slots; /* slots */
	double *slot;	/* owned; n_slots x ns: each slot's items of each
			   stream, after the last count */
	double all[PK_MAX_STREAMS]; /* each stream's items in all */
};

/* k for ns streams over slots bucket slots, nothing stored;
   runway_keyed_free frees it */
void runway_keyed_init(struct rw_keyed *k, size_t ns, size_t slots);

/* Slot emptied: a new bucket that will not come back starts there */
void runway_keyed_clear(struct rw_keyed *k, int slot);

/* The keyed requests of a step's slices x[0 .. n) written into bucket
   slot: each stream's part in that bucket's stored items (at the
   step's middle, its new items half in) stays keyed, landing where the
   writes do; the rest counted as spread (x.spread), past buckets' items
   taken as lying evenly over the ranges (ASSUMPTION: runway_keyed.c).
   spread_all: a key whose buckets are shorter than a step, all of them
   spread. */
void runway_keyed_split(const struct rw_keyed *k, int slot, int spread_all,
			struct slice *x, size_t n);

/* The step's new items (x[0 .. n)'s, times fresh: the part deletes
   leave) counted into slot, after the step's deletes leave keep of the
   items stored before it: in every slot where buckets come back
   (returns), else in slot alone (the others never asked again) */
void runway_keyed_count(struct rw_keyed *k, int slot, int returns,
			const struct slice *x, size_t n, double keep,
			double fresh);

void runway_keyed_free(struct rw_keyed *k);

#endif
