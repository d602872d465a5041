/*
 * runway_items.h: the items' lifetimes under time to live
 * (runway_ttl.c, rule 28), each stream's items by class, and what one
 * logical partition holds of each class as the projection steps
 * (runway_items.c). Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_ITEMS_H
#define PKSIM_RUNWAY_ITEMS_H

#include "runway_group.h"
#include "runway_ids.h"

/* ---- runway_ttl.c: the items' lifetimes (rule 28) ---- */

/* Lifetimes a projection tells apart, at most (binned past it) */
#define PK_RW_LIVES 16

/* The new items' lifetimes under time to live: share frac[k] of them
   lives s[k] seconds after its write (k < n), share never never expires */
struct rw_lives {
	size_t n;
	double s[PK_RW_LIVES], frac[PK_RW_LIVES];
	double never;
	double mean_s; /* the expiring ones' mean lifetime, s; 0 none */
	double min_s;  /* the shortest, s (before binning); 0 none */
};

/* The lifetimes of stream k's generated items of sc in v's container
   (rule 28, read by v's service: pk_queries.item_ttl): an item's own ttl
   (the stream's /ttl property, each value's dist_chance share; ASSUMPTION:
   drawn independently of the key and the size) or, without one, the
   container's default_ttl; -1 never expires; with default_ttl off
   nothing expires (n 0, never 0: no time to live). In real seconds:
   the replay applies a ttl in simulated ones, so each is times
   sc->time_scale as the projection's rates are divided by it. */
void runway_lives(const struct pk_result_variant *v,
		  const struct pk_scenario *sc, size_t k, struct rw_lives *l);

/* Add share f (bytes, or items) living ttl (a record's own ttl;
   PK_TTL_OFF: the default def) to l, built from zero; then
   runway_lives_done */
void runway_lives_record(struct rw_lives *l, int64_t ttl, int64_t def,
			 double f);

/* Close l's bins (their mean lifetimes, n, mean_s) */
void runway_lives_done(struct rw_lives *l);

/* ---- runway_items.c: each stream's items, by class ---- */

/* sc seen as stream k alone into *one: its properties and phases, the
   rest shared (read only); sc itself past its streams */
void runway_stream_view(const struct pk_scenario *sc, size_t k,
			struct pk_scenario *one);

/* One class of items: the streams whose items live alike and are
   written among one pool of ids (or new ones) */
struct rw_class {
	struct rw_lives lives;
	struct id_pool pool;
};

struct rw_classes {
	size_t n; /* classes, 1 .. the streams */
	struct rw_class c[PK_MAX_STREAMS];
	size_t of[PK_MAX_STREAMS]; /* each stream's class */
	int ttl;		   /* some class's items expire */
	double mean_s;		   /* the expiring items' mean lifetime,
				      weighted by the streams' new bytes, s */
	int mixed;		   /* their lifetimes differ */
	/* the skewed pools' tables (the classes' pools borrow them),
	   owned: runway_classes_free frees them */
	struct rw_skew *skews[PK_MAX_STREAMS];
	size_t n_skews;
};

/* The classes of v's streams of sc (factor: stored bytes an item byte;
   weight: each stream's share of the new bytes, runway_streams_weigh,
   NULL alike; refs: the key's references, runway_id_pool's, or NULL).
   Returns 1 with rw's kind PK_RUNWAY_IDS (its ids and
   bound_bytes) when every stream that adds items writes them among a
   pool of its own and the pools' most together is below the cap,
   else 0 */
int runway_classes(const struct pk_result_variant *v,
		   const struct pk_scenario *sc, const struct refinfo *refs,
		   double factor, const double *weight, struct rw_classes *cl,
		   struct pk_runway *rw);

/* Free what cl owns (its skewed pools' tables); cl then has none */
void runway_classes_free(struct rw_classes *cl);

/* The shortest lifetime of cl's items that expire, s (0: none
   expires); then cl with no lifetimes (time to live taken as off, the
   classes alike in their pools merged): what a projection ending
   before that lifetime holds is the same, nothing having expired */
double runway_classes_untimed(struct rw_classes *cl);

/* What one logical partition holds of each class as the projection
   steps (owned arrays; runway_store_free frees them) */
struct rw_store {
	size_t n_slots;		      /* buckets of a time key, 1 without */
	double *slot[PK_MAX_STREAMS]; /* each class's bytes written and
					 not deleted, per bucket */
	double *cum[PK_MAX_STREAMS];  /* a class whose items expire: its
					 writes before each step (steps + 1),
					 else NULL */
	/* ... each lifetime's deletion frontier: writes up to this cum
	   value deleted, and the step it lies in */
	double del_at[PK_MAX_STREAMS][PK_RW_LIVES];
	size_t del_q[PK_MAX_STREAMS][PK_RW_LIVES];
	double sent[PK_MAX_STREAMS];  /* each class's writes so far */
	double prev[PK_MAX_STREAMS];  /* its slot's before the last step */
	double added[PK_MAX_STREAMS]; /* each class's writes in it */
	double del_from;  /* the part of the last step (0 .. 1) before which
			     time to live deleted nothing (its first expiry
			     there); 0 when it deleted nothing */
	double k;	  /* deletes taken apart under time to live
			     (runway_dels.c): what is left of a write
			     since it was made is k now over k then, so
			     cum holds each write over k at its step and
			     an expiry clears that times k now; 1 without */
	double step_keep; /* ... the part of it the coming step's deletes
			     leave (runway_store_scale), 1 without */
	int behind;	  /* 1: some step's room deleted less than had
			     expired (rule 28: deletions fell behind) */
	double left;	  /* bytes expired by the last step's end that
			     its room left undeleted (held still), 0 none */
};

void runway_store_init(struct rw_store *s, const struct rw_classes *cl,
		       int64_t steps, size_t n_slots);

void runway_store_free(struct rw_store *s);

/* s before step h under deletes taken apart (runway_dels.c): every
   stored byte times keep, the part the step's deletes leave, and k
   with it (written at step h at the latest) */
void runway_store_scale(struct rw_store *s, const struct rw_classes *cl,
			int64_t h, double keep);

/* Empty bucket slot (a new bucket that takes its place) */
void runway_store_clear(struct rw_store *s, const struct rw_classes *cl,
			int slot);

/* The part of class j's expired writes that leave an item to delete
   when it holds x sent-and-undeleted bytes: under an id pool a write
   whose id was written again within its lifetime was replaced by that
   write and expires with it, so only an id's last write leaves one:
   over a lifetime of n draws, sum_i p_i (1 - p_i)^n of them (the
   pool's growth at x: e^(-n/N) for uniform draws); 1 without a pool.
   Deletions (rule 28) spend RU/s on those only. */
double runway_class_expiring(const struct rw_classes *cl, size_t j, double x);

/* Step h (ending at workload time t1, steps ending on the clock's
   whole hours, off s past one at t = 0) into bucket slot: add[j] bytes
   of class j written, then what has expired by t1 deleted oldest first
   as far as del bytes (the range's room; HUGE_VAL: all), each step's
   part from the bucket it was written in (slot_of[q] of step q; NULL:
   slot 0) */
void runway_store_step(struct rw_store *s, const struct rw_classes *cl,
		       int64_t h, int slot, const double *add, double del,
		       double t1, int64_t off, const int *slot_of);

/* bytes written into bucket slot of s, whose one class none of whose
   items expire (runway_store_step's writes there, without its record
   of the last step: the values of a time key shorter than a step, each
   stepped many times a step, whose fills runway_subhash_cross times) */
void runway_store_add(struct rw_store *s, int slot, double bytes);

/* The bytes expired by t1 and not yet deleted were step h's writes
   the step before's (step 0: first[j] of class j's), set so in each
   class's cum until runway_store_step sets them */
double runway_store_pending(struct rw_store *s, const struct rw_classes *cl,
			    int64_t h, const double *first, double t1,
			    int64_t off);

/* Each class of cl's part of a step's new items into add_c[0 ..
   cl->n): the sum from 0 of its streams' terms part[k] x share x fresh
   (k < ns; fresh: the part of new items deletes taken apart leave, 1
   without), bytes. Each class's sum starts at its first stream as 0 +
   that stream's term, the bits a cleared array gives, with no array
   cleared first: a memset's stores do not forward to the loads right
   after them, which made it a dear part of the runway's step. */
void runway_class_adds(const struct rw_classes *cl, size_t ns,
		       const double *part, double share, double fresh,
		       double *add_c);

/* The largest item sc's phases write, stored with the index (factor),
   bytes */
double runway_largest_item(const struct pk_scenario *sc, double factor);

/* What it holds in bucket slot: each class's bytes written and not
   deleted, deduped over its pool unless raw (a time key), bytes */
double runway_store_held(const struct rw_store *s, const struct rw_classes *cl,
			 int slot, int raw);

/* The part of the last step (0 .. 1) at which bucket slot's holdings
   first reach room bytes (they pass it by its end, or at del_from),
   each class's writes linear within it and its deletions from del_from
   on; *rate: the holdings' growth there, bytes a step */
double runway_store_cross(const struct rw_store *s, const struct rw_classes *cl,
			  int slot, int raw, double room, double *rate);

/* What bucket slot held at its most in the last step: at its end, or
   where time to live began to delete (del_from), bytes */
double runway_store_peak(const struct rw_store *s, const struct rw_classes *cl,
			 int slot, int raw);

/* 1 when it holds bytes of a class some of whose items never expire */
int runway_store_for_good(const struct rw_store *s,
			  const struct rw_classes *cl);

#endif
