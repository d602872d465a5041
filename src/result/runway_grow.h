/*
 * runway_grow.h: a candidate logical partition and its growth in a
 * step under its range's RU/s (runway_grow.c), given again when the
 * step's slices and its inputs are the last step's (runway_again.c).
 * Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_GROW_H
#define PKSIM_RUNWAY_GROW_H

#include "runway_group.h"
#include "runway_items.h"
#include "runway_pool.h"
#include "runway_rates.h"

/* ---- runway_grow.c: a logical partition's growth under its range's
   RU/s ---- */

/* What held a candidate back in a step: held set when a cap bit, ru the
   RU/s of the last slice it bit in, shared when other requests were in
   that RU/s */
struct bite {
	int held, shared;
	double ru;
	int bucket; /* the throughput bucket whose share bit, 0 none */
	int burst;  /* the range's burst credit was in what bit */
	int client; /* what of a stream's client held it back (a
		       pk_runway_client), 0 none */
	size_t client_stream; /* ... that stream */
	int low;   /* Low-priority writes got what High-priority requests left
		      (rule 30) */
	int table; /* a table's cap on all its writes together
		      (pk_result_variant.table_write_cap) bit, ru its */
};

/* The requests a candidate's range threw away (rule 12) in the last
   slice it grew in, which the client's retries send again in the next
   (runway_spill.c); all 0 when none are left to retry */
struct rw_retry {
	double ru;     /* range RU of them one time the slice came left
			  unserved within the retries' window */
	double served; /* the part of its RU/s in force the range served
			  there, at most 1 (whole writes leave the rest) */
	double per_ru; /* the candidate's bytes a range RU among them */
	double times;  /* times the slice came in the walk (a short
			  cycle's repeats, a spike's runs), 1 once */
	double part[PK_MAX_STREAMS]; /* each stream's part of those bytes */
};

/* What of a candidate runway_cand_add reads besides the slices
   (runway_again.c) */
struct rw_memo_in {
	const struct group *g;
	size_t range;
	double bank, del_q, range_ru, find_share, kv_share;
	int kv_on, burst;
	double mass[PK_MAX_STREAMS], range_mass[PK_MAX_STREAMS];
	struct rw_retry retry;
};

/* runway_cand_add's figures for a candidate in a step: the slices'
   generation (rw_again.gen; 0 none), its inputs, and what it gave */
struct rw_memo {
	uint64_t gen;
	struct rw_memo_in in;
	struct bite b;
	double del, bank, add;
	double part[PK_MAX_STREAMS];
	struct rw_retry retry; /* the candidate's after it */
};

/* A logical partition stepped */
struct cand {
	struct group *g;
	int timed; /* 1: its key value moves on with time (rw->bucket): it
		      grows in the current bucket only; 0 for one that does
		      not, beside a time key of another stream's */
	double mass[PK_MAX_STREAMS];	   /* its share of each stream's */
	double range_mass[PK_MAX_STREAMS]; /* its range's, of each stream's */
	double range_ru;      /* its range's share of the RU/s at the end of
				 the run, before a fleet pool */
	double find_share;    /* its range's part of a random-suffix
				 reader's IN list (rphase.find_ru): 1 / the
				 ranges holding the suffix's values, 0 for
				 a range holding none */
	struct rw_store held; /* what it holds of each class of items */
	double items;	      /* ... of its new items so far (rewrites
				 at another size: runway_rewritten) */
	double rate;	      /* its last step's growth, B/s */
	int at_mean;	      /* 1: its fill timed inside its step at the
				 step's mean rate, the step's writes varying
				 over it (cand_step) */
	double mean;	      /* its growth over the last whole cycle of
				 the phases before it filled, B/s; 0 none */
	double cyc_held[2];   /* what it held at the last two ends of a
				 cycle of the phases (t = 0 the first) */
	int n_cyc;	      /* ... of them passed, t = 0 counted */
	double written;	      /* what its last step wrote, B/s */
	struct bite bit;      /* what held it back last, in any step so far */
	double fill_ru;	      /* its range's RU/s where it filled when the
				 step it filled in did not hold it back
				 (bit is another phase's), else 0 */
	int client;	      /* what of a stream's client held it back in any
				 step so far (pk_runway_client), 0 none */
	size_t client_stream; /* ... that stream */
	int burst;	      /* 1: its range has burst capacity (rule 14) */
	double bank;	      /* ... its burst credit so far, RU */
	double retry_s;	      /* how long its streams' clients retry a throttled
				 write at most, s (runway_spill_window) */
	struct rw_retry retry; /* ... what of its range's last slice's
				  throttled requests they send again */
	int retry_slot;	       /* ... the bucket slot they were sent to */
	int bank_piled;	       /* ... 1: the credit reached the most it
				  holds (PK_RW_BURST_SAVE_S of its RU/s)
				  in some slice, or grew over a whole
				  cycle of a short stream after the first
				  a step walks: bursts left it unspent */
	int bank_lumped;       /* ... 1: a slice of runs of seconds joined
				  apart from a turn (runway_turns_end) was
				  grown as one, its credit banked and
				  spent once for them all */
	double del_q;	 /* TTL: the part of its range's unused RU/s the step's
			    deletions take (rule 28), which the bank does not
			    earn */
	int kv_on;	 /* 1: its keyed requests are kv_share of them (a key
			    of one value at a time: runway_keyed.h) */
	double kv_share; /* ... its range's share of the stored items, 0..1 */
	struct rw_memo memo; /* its last step's growth (runway_cand_again) */
};

/* What candidate c adds over slices x[0..n) (each slice in
   order: its share of each stream's bytes, capped by its range's RU/s
   in force there with the fleet pool's lending (pool) and its burst
   credit, a stream in a throughput bucket first held to its share;
   *b says what bit); *del: the bytes time to live could delete in them,
   HUGE_VAL when the range's RU/s is not known. With burst credit (c->burst) the
   slices of one short cycle repeated (x[0].reps > 1) are stepped a cycle
   at a time, the credit carried from one to the next, at most
   PK_RW_BURST_CYCLES of them; the rest repeat the last cycle's growth,
   deletions and credit change (ASSUMPTION: by then the credit is steady
   or nearly so). part[k] (NULL: not kept) grows by stream k's part of
   it. */
double runway_cand_add(const struct pk_result_variant *v, struct cand *c,
		       const struct slice *x, size_t n, size_t ns,
		       const struct rw_pool *pool, struct bite *b, double *del,
		       double *part);

/* ---- runway_again.c: a step's growth given again ---- */

/* Step's slices x[0..n) into a: its generation moves on unless they are
   the last step's, byte for byte */
void runway_again_step(struct rw_again *a, const struct slice *x, size_t n);

/* runway_cand_add (same arguments; b a fresh bite, all 0, and part,
   non-NULL, what the caller adds to), its figures those c.memo kept
   when the slices are of the generation they were found for (a->gen)
   and c's inputs the same: the same doubles, bit for bit, as calling it
   again; else runway_cand_add's, then kept */
double runway_cand_again(const struct pk_result_variant *v, struct cand *c,
			 const struct rw_again *a, const struct slice *x,
			 size_t n, size_t ns, const struct rw_pool *pool,
			 struct bite *b, double *del, double *part);

void runway_again_free(struct rw_again *a);

/* The part of the unused RU/s of candidate c's range that time to live's
   deletions take in step h (ending at t1) of slices x[0..n): the bytes
   expired by t1 and not yet deleted over what the range's unused RU/s
   could delete in the step, at most 1 (rule 28: deletions use what
   requests leave; rule 14: only capacity left unused is banked;
   ASSUMPTION: deletions first, as the replay takes them,
   throttle_spend_unused). The step's writes are taken as the last
   step's (the first step's without burst credit), each class's
   (runway_store_pending). */
double runway_deletions_first(const struct pk_result_variant *v, struct cand *c,
			      const struct slice *x, size_t n, size_t ns,
			      const struct rw_pool *pool,
			      const struct rw_classes *cl, int64_t h, double t1,
			      int64_t off);

/* What candidate c adds over the part w of slice x, the slice coming
   times times in it (its repeats and runs; a retry's leftovers are per
   time), ns streams, its range's RU/s in force pooled (< 0: the range's
   own with the pool's lending); runway_grow.c says the rules. *b says
   what bit, *del grows by the bytes its range's unused RU/s could
   delete, part[k] (NULL: not kept) by stream k's part of what it
   adds. c's burst credit and retries move on. */
double runway_slice_grow(const struct pk_result_variant *v, struct cand *c,
			 const struct slice *x, double w, double times,
			 size_t ns, double pooled, struct bite *b, double *del,
			 double *part);

/* ---- runway_turns.c: slices of stretches taken in turn ---- */

/* The end (past the last) of the slices from x[i] on, of the n, that
   stand for turns of stretches taken in turn: consecutive slices whose
   runs are one whole number of 2 or more (a fold joins each stretch
   past a step's room into the latest kept one alike, so a list of
   busy and quiet phases ends in one busy and one quiet slice of runs
   each; runway_fold.c) go round that many times, each slice's part of
   a turn in order, not one slice's seconds then the next's; i + 1 for
   any other */
size_t runway_turns_end(const struct slice *x, size_t n, size_t i);

/* The times slice x comes in its part w: a short cycle's repeats (w 1)
   times the runs of seconds it joins, at least 1 */
double runway_slice_times(const struct slice *x, double w);

/* What candidate c adds over the part w of slices x[i .. e) (a group
   runway_turns_end gives, ns streams, pool's lending by slice index)
   taken turn by turn: x[i].runs turns (times the repeats of a short
   cycle when w is 1), each slice's 1 / turns of part w in order in
   each, c's burst credit (rule 14) and retries carried from slice to
   slice. *del and part[k] (NULL: not kept) grow as runway_slice_grow's
   do; each[j - i] (NULL: not kept) by slice j's part of what it adds.
   A turn that ends with the credit and retries it started with is
   repeated for the rest. */
double runway_turns_grow(const struct pk_result_variant *v, struct cand *c,
			 const struct slice *x, size_t i, size_t e, double w,
			 size_t ns, const struct rw_pool *pool, struct bite *b,
			 double *del, double *part, double *each);

/* The part of a step (0 .. 1 of its slices' length) by which candidate
   c, its burst credit bank at the step's start, has added the part a
   (0 .. 1) of what it adds over the step's slices x[0 .. n) (ns
   streams, no fleet pool): the slices in time order, a short cycle's
   (x[0].reps > 1) its one cycle repeated, so a fill inside a step is
   timed by the schedule's steps, not the step's mean rate (ASSUMPTION:
   what it stores grows as what it adds, no id pool, expiry or delete
   in the step). a itself when the slices add nothing. *pace: the
   rate it adds at that moment over the step's mean rate (1 when a is
   returned as it came, or past a short cycle's first repetition). */
double runway_step_part(const struct pk_result_variant *v, const struct cand *c,
			double bank, const struct slice *x, size_t n, size_t ns,
			double a, double *pace);

/* The other way round: the part (0 .. 1) of what candidate c adds over
   the step's slices x[0 .. n) that it has added by part u (0 .. 1) of
   their length, on runway_step_part's terms; u itself when the slices
   add nothing */
double runway_step_added(const struct pk_result_variant *v,
			 const struct cand *c, double bank,
			 const struct slice *x, size_t n, size_t ns, double u);

/* runway_step_added at each of u[0 .. nu) into out[0 .. nu), the
   step's adds found once */
void runway_step_added_at(const struct pk_result_variant *v,
			  const struct cand *c, double bank,
			  const struct slice *x, size_t n, size_t ns,
			  const double *u, size_t nu, double *out);

/* The most expired bytes candidate c's range leaves undeleted within
   one cycle of stream st (one stream, a cycle shorter than a step, its
   first cycle's stretches st->once): the projection steps such a cycle
   at its mean, so a phase whose RU/s leave too little room to delete
   what expires piles up a backlog that a roomier one clears later in
   the cycle. Expiries taken at the cycle's mean write rate (ASSUMPTION:
   steady over the cycle), live of them leaving an item to delete
   (runway_class_expiring); the most a run of stretches, cyclically,
   leaves behind; bytes. */
double runway_cycle_backlog(const struct pk_result_variant *v,
			    const struct rstream *st, const struct cand *c,
			    const struct rw_pool *pool, double scale,
			    double live);

#endif
