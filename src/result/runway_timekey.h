/*
 * runway_timekey.h: the key's time part: its text kept for the span
 * it holds still (runway_text.c) and the buckets of a time shorter
 * than a step (runway_hash_time.c). Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_TIMEKEY_H
#define PKSIM_RUNWAY_TIMEKEY_H

#include "runway_group.h"

/* ---- runway_text.c: the key's time text ---- */

/* The key's time text (service_queries->time_text) kept for the span
   it holds still (time_span_s): a projection steps hour by hour over
   PK_RUNWAY_HORIZON_DAYS, and in the browser's build strftime is
   JavaScript, most of a lesson's run when formatted at every step
   (runway_text.c) */
struct rw_text {
	const struct pk_result_variant *v;
	const struct pk_scenario *sc;
	int64_t span_s;	       /* >= 1 */
	int64_t start_s;       /* the span held, its first second; INT64_MIN:
				  none yet */
	char text[PK_RW_TEXT]; /* its text */
};

/* m for the time text of v's key over sc's items */
void runway_text_init(struct rw_text *m, const struct pk_result_variant *v,
		      const struct pk_scenario *sc);

/* The key's text at wall_s (Unix s, UTC) into buf (PK_RW_TEXT bytes,
   NUL-terminated), as time_text writes it; formatted only when wall_s
   is in another span than the last asked for. */
void runway_text_at(struct rw_text *m, int64_t wall_s, char *buf);

/* Slot of bucket text in the table texts (*n used, at most cap, each
   text cut to 63 bytes), added when new; -1 when full */
int runway_text_slot(char (*texts)[64], size_t *n, size_t cap,
		     const char *text);

/* Whether group g's key value moves on with p's time key of bucket bk
   (runway_text.c): 1 yes, 0 it keeps one value for good */
int runway_moves_on(const struct rw_proj *p, const struct group *g,
		    const struct pk_time_bucket *bk);

/* ---- runway_hash_time.c: a hash of a time shorter than a step ---- */

/* Key values a cycle's buckets give at most (runway_step.c's store
   slots for such a key) */
#define PK_RW_SUB_SLOTS PK_RUNWAY_SUB_VALUES
/* Values a step of such a key updates at most, over the candidates it
   follows (pksim's choice: an hour of seconds, "%M:%S", 3,600 values
   an hour, for up to 8 candidates; 43,800 steps of that take about 0.1
   s of a release build a candidate); past it they are not stepped one
   by one */
#define PK_RW_SUB_STEP_PARTS (8 * 3600)

/* The buckets of one cycle of a time key whose buckets are shorter
   than a step and come back (pk_time_bucket's len_s under
   PK_RUNWAY_STEP_S, period_s set), or of a key of hashes of such a time
   (hash_values): each bucket's key value (a slot), the values current
   in each whole hour of the cycle and each one's part of it. Owned
   arrays; on 0 when the cycle is not one runway_subhash_init takes. */
struct rw_subhash {
	int on;
	int untimed;	  /* on 0: a key whose buckets come back but that
			     is not taken (its values past PK_RW_SUB_SLOTS,
			     a plain time's cycle not one taken), so its
			     values' fills are not timed */
	int hashed;	  /* 1: a key of hashes of a time, 0 a plain time */
	int64_t len_s;	  /* a bucket, s */
	int64_t period_s; /* the cycle the buckets come back on, s */
	int64_t base_s;	  /* wall s of the table's first bucket (the one
			     holding the clock's start) */
	int64_t hour0_s;  /* wall s of the whole hour holding the start */
	size_t m;	  /* buckets a cycle */
	int *slot;	  /* m: each bucket's value, an index in texts */
	char (*texts)[PK_RW_TEXT]; /* texts_cap (at most PK_RW_SUB_SLOTS):
				      the values */
	size_t texts_cap;
	size_t n_slots; /* values met in a cycle */
	int *index;	/* index_cap (a power of 2, at least 2 m): texts'
			   slots by their FNV-1a, -1 a free place */
	size_t index_cap;
	double *count;	   /* n_slots: its buckets a cycle */
	double *acc;	   /* n_slots, all 0 between calls: a walk's sums */
	char *seen;	   /* n_slots, all 0 between calls: listed in a walk */
	size_t n_pos;	   /* whole hours a cycle (1 for a cycle of an
			      hour or less) */
	size_t *pos_at;	   /* n_pos + 1: where each hour's values start in
			      pos_slot and pos_part */
	int *pos_slot;	   /* the values current in each hour at that place
			      in the cycle, in slot order */
	double *pos_part;  /* ... each one's part of the hour, 0 .. 1 */
	size_t most_parts; /* the most values current in one hour */
	int *sc_slot;	   /* a step that is not a whole hour: its values */
	double *sc_part;   /* ... and their parts */
};

/* s for bucket bk of the key whose texts memo gives, from the clock's
   start (wall s): 1 and s on when the buckets are shorter than a step
   and come back on a cycle of a minute or an hour, or of whole hours
   dividing a week (a day, half a day, a week), of at most 86,400
   buckets and PK_RW_SUB_SLOTS values; else 0, nothing owned, and
   untimed set when the buckets come back all the same */
int runway_subhash_init(struct rw_subhash *s, struct rw_text *memo,
			const struct pk_time_bucket *bk, int64_t clock_start_s);

/* The shortest of a minute, an hour, half a day, a day and a week
   (whole buckets of len_s, at most 86,400 of them) over which memo's
   texts from clock_start_s come back, compared for a cycle and at least
   an hour; 0 none */
int64_t runway_subhash_period(struct rw_text *memo, int64_t len_s,
			      int64_t clock_start_s);

/* The slot of the bucket holding wall_s (s on) */
int runway_subhash_slot(const struct rw_subhash *s, int64_t wall_s);

/* The values current in [w0, w1) (wall s, at most an hour) into *slot,
   in slot order, and each one's part of the span into *part (summing to
   1); returns how many. Both borrowed from s until the next call. */
size_t runway_subhash_parts(struct rw_subhash *s, int64_t w0, int64_t w1,
			    const int **slot, const double **part);

/* The parts (0 .. 1) of [w0, w1) (wall s, at most an hour) where its
   buckets meet, its ends too, into u (room for the buckets an hour
   crosses, plus 1): u[0] 0, u[n] 1; returns n, the buckets */
size_t runway_subhash_edges(const struct rw_subhash *s, int64_t w0, int64_t w1,
			    double *u);

/* runway_subhash_parts, each bucket's part the step's writes in it
   rather than its seconds: at[i] the part of the step's writes added by
   edge u[i] (runway_subhash_edges, runway_step_added_at), so a value
   current while a phase writes more takes more */
size_t runway_subhash_parts_at(struct rw_subhash *s, int64_t w0, int64_t w1,
			       const double *at, const int **slot,
			       const double **part);

/* The wall time in [w0, w1) at which slot's buckets have taken the part
   need (of the step's writes, at as runway_subhash_parts_at's) since
   w0, linear within a bucket, strictly inside it; just before w1 when
   they do not take that much. *rate: that bucket's part of the step's
   writes over its seconds in the step (1/s). */
double runway_subhash_cross_at(const struct rw_subhash *s, int slot, int64_t w0,
			       int64_t w1, const double *at, double need,
			       double *rate);

/* The wall time in [w0, w1) at which slot's buckets have been current
   for need_s seconds since w0, strictly inside one of them (so the key
   at its whole second is the slot's); just before w1 when they are not
   current that long */
double runway_subhash_cross(const struct rw_subhash *s, int slot, int64_t w0,
			    int64_t w1, double need_s);

/* The first wall second from wall_s on at which the fullest value (the
   most buckets a cycle; of those alike, the first current) is current */
int64_t runway_subhash_fullest_at(const struct rw_subhash *s, int64_t wall_s);

void runway_subhash_free(struct rw_subhash *s);

#endif
