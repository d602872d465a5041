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
	double *vadd;	/* owned, n_slots: a sub-step key's bytes each value
			   added over the last step walked bucket by bucket
			   (runway_kvalue_walk) */
	double all;	/* bytes stored at the last sub step's start */
	/* ... a walked step's bucket edges (owned, nb + 1), each bucket's
	   value and part of the step's writes (owned, nb): nb at most a
	   step's buckets of sub, plus 2 */
	double *u, *bpart;
	int *bslot;
	/* ... each range's retry backlog at a walked bucket's end (owned,
	   nr): seconds of its RU/s (at most the clients' retry window),
	   the value whose writes they are and its bytes a second served */
	double *q, *rsat;
	int *own;
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

/* A sub-step key's step (sub's buckets, from wall w0 to w1) that
   runway_kvalue_sub found adding *add bytes (and *b, what held it
   back), walked bucket by bucket in time order: at most PK_RW_KV_WALK
   buckets, each of a known range, and *add at least PK_RW_KV_WALK_MOVE
   of what is stored after it (the stored shares move within it) or a
   range's RU/s holding writes back that c's clients retry (c->retry_s).
   Each bucket takes its part of the step's writes (of at, the part
   added by each of sub's edges as runway_subhash_parts_at takes it; at
   NULL: of its seconds) at its range's share of the stored items, from
   what the buckets
   before it added, in pieces over which that share moves by
   PK_RW_KV_MOVE at most (the first bucket of an empty container takes
   every read: it holds every item; the next, on another range, none
   until it holds some). Where its range throttles it (at NULL, c's
   clients retrying), the requests still retrying at its end are served
   after it, first, as its range's RU/s leaves them room (their value's
   bytes at its rate at the end), the next bucket on that range waiting
   behind them (ASSUMPTION: a step's last retries are served in it, the
   next step's first bucket on their range waiting as long). Walked: each
   value's bytes over the step into kv->vadd, *add, *b, *del and part_k
   (cleared first; runway_kvalue_sub's) the walk's, 1 returned; else 0,
   nothing changed. */
int runway_kvalue_walk(struct rw_kvalue *kv, const struct rw_proj *p,
		       struct cand *c, const struct rw_subhash *sub, int64_t w0,
		       int64_t w1, const double *at, const struct slice *x,
		       size_t n, double *add, struct bite *b, double *del,
		       double *part_k);

/* A step walked bucket by bucket holds at most this many buckets
   (pksim's choice: buckets of a minute, 60 an hour and one more where
   the clock starts inside a minute; shorter buckets come back within
   the step, which keeps its mean share), and adds at least
   PK_RW_KV_WALK_MOVE of what is stored after it unless a throttled
   range's retries are followed (pksim's choice: a range's share moves
   by less within a later step, the mean share then within 1 % of a
   bucket's own; about the first 100 steps of a steady writer) */
#define PK_RW_KV_WALK 64
/* A retry queue's seconds of requests followed at most (pksim's choice:
   the SDK's 9 retries and a max_wait of 30 s fit; a longer window's
   oldest requests are taken as dropped at 64 s) */
#define PK_RW_KV_COHORTS 64
/* A range's RU/s times this is no bound: what a bucket's requests ask */
#define PK_RW_KV_UNBOUND 1e9
#define PK_RW_KV_WALK_MOVE 0.01

/* The part of the last step cut in pieces (kv->pieces) at which part a
   of its bytes was added, and *pace the rate there over the step's mean */
double runway_kvalue_when(const struct rw_kvalue *kv, double a, double *pace);

void runway_kvalue_free(struct rw_kvalue *kv);

#endif
