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
   spread. A stream that adds no items (w[k] 0, runway_streams_weigh by items)
   reads those of the others: its part in the bucket is theirs, each by
   its w. */
void runway_keyed_split(const struct rw_keyed *k, const double *w, int slot,
			int spread_all, struct slice *x, size_t n);

/* The step's new items (x[0 .. n)'s, times fresh: the part deletes
   leave) counted into slot, after the step's deletes leave keep of the
   items stored before it: in every slot where buckets come back
   (returns), else in slot alone (the others never asked again) */
void runway_keyed_count(struct rw_keyed *k, int slot, int returns,
			const struct slice *x, size_t n, double keep,
			double fresh);

void runway_keyed_free(struct rw_keyed *k);

/* A range's share m[k] of the items of each stream k that adds none
   (w[k] 0: a reader beside a writer) set to that of the items the
   others add, each by its part w: a read of any stream draws its
   target over the items the container stored, whichever stream wrote
   them (scenarios/README.md, Streams), so it lands where those items
   lie. m untouched when no stream adds (all w 0). */
void runway_keyed_reader_mass(const double *w, size_t ns, double *m);

/* A step where the stored items its bucket's range holds move that
   range's share of the reads within it is cut into pieces over each of
   which the share moves by at most PK_RW_KV_MOVE, at least 1 /
   PK_RW_KV_PIECES of the step long (pksim's choice: 5 s of an hour;
   within 0.2 % of a second-by-second walk of a bucket that starts
   beside an earlier one's items) */
#define PK_RW_KV_MOVE 0.005
#define PK_RW_KV_PIECES 720

/* A time key of one value at a time (its one candidate takes every
   stream's new items: /date, /hour = "%H", /minute = "%M"): the range
   each bucket slot's value lies on, so that a range's keyed requests are
   its share of the stored items (each reads an item drawn from all
   stored) and a bucket grows under its own range's RU/s. Zeroed: off. */
struct rw_kvalue {
	int on;
	size_t n_slots; /* bucket slots (runway_step.c's, or q->sub's) */
	size_t *range;	/* owned, n_slots: each slot's value's range,
			   SIZE_MAX not known yet */
	size_t nr;	/* ranges */
	double *held;	/* owned, nr: bytes stored on each range (scratch) */
	double *radd;	/* owned, nr: a sub-step key's bytes a range's value
			   adds over the step while current, at its share */
	double *t;	/* owned, nr: scratch: each range's part of a step */
	/* the last step cut in pieces: each piece's end (part of the step,
	   0 .. 1) and the part of the step's bytes added by then */
	double end[PK_RW_KV_PIECES + 1], cum[PK_RW_KV_PIECES + 1];
	size_t pieces; /* ... how many, 0: not cut */
};

/* kv for p's one candidate when p's key is a time of one value at a time
   whose buckets take slots slots (sub: its values, a key whose buckets
   are shorter than a step, NULL otherwise); off (nothing owned) for any
   other key. runway_kvalue_free frees it. */
void runway_kvalue_init(struct rw_kvalue *kv, const struct rw_proj *p,
			size_t slots, const struct rw_subhash *sub);

/* Bucket slot's value: the key at t s after the clock's start */
void runway_kvalue_slot(struct rw_kvalue *kv, const struct rw_proj *p, int slot,
			double t);

/* What candidate c adds over the step's slices x[0 .. n) (runway_cand_add's
   b, del and part) when its current bucket is slot: its range's RU/s,
   all the writes, and the reads its range's stored items draw, their
   share grown by what the step adds; the step cut into pieces (kv->end,
   kv->cum) where that share moves by more than 1 % in it */
double runway_kvalue_add(struct rw_kvalue *kv, const struct rw_proj *p,
			 struct cand *c, int slot, const struct slice *x,
			 size_t n, struct bite *b, double *del, double *part);

/* A sub-step key's step: the values current in it (slot[i] for part[i]
   of the step's writes); each range's value's bytes over the step while
   current into kv->radd, at its range's share of the stored items at
   the step's middle; returns what the step adds in all */
double runway_kvalue_sub(struct rw_kvalue *kv, const struct rw_proj *p,
			 struct cand *c, const int *slot, const double *part,
			 size_t n_slot, const struct slice *x, size_t n,
			 struct bite *b, double *del, double *part_k);

/* The part of the last step cut in pieces (kv->pieces) at which part a
   of its bytes was added, and *pace the rate there over the step's mean */
double runway_kvalue_when(const struct rw_kvalue *kv, double a, double *pace);

void runway_kvalue_free(struct rw_kvalue *kv);

#endif
