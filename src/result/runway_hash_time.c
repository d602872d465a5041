/*
 * runway_hash_time: the buckets of a time key whose texts change faster
 * than the projection's hourly step and come back ("%M", "%S", and
 * hashes of those or of "%H:%M" mod N): which key value each of one
 * cycle's buckets gives, each value's part of a step, and where inside
 * a step a value has been current for a given time. The projection
 * (runway_step.c) then grows each value by its own part of each step, so
 * the value named is the one that fills, at the second its own buckets
 * fill it, not a mean share under whichever value is current at that
 * second. Left out: cycles whose texts do not come back on a whole
 * number of hours that divides a week, or come back once an hour or
 * more often without dividing it (a month of minutes: its months differ),
 * more than PK_RW_SUB_TEXTS buckets a cycle or PK_RW_SUB_SLOTS values;
 * those keep the fullest value's share of each step (runway.h).
 */
#include "runway_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* Buckets of one cycle hashed at most: a day of seconds, as
   pkey_time_bucket counts a cycle's fullest value over */
#define PK_RW_SUB_TEXTS 86400
/* A week, s: a cycle of whole hours must divide it so that every step
   at the same place in the cycle sees the same buckets */
#define PK_RW_SUB_WEEK_S (7 * 86400)

/* Slot of text among s->texts (added when new); -1 past PK_RW_SUB_SLOTS */
static int text_slot(struct rw_subhash *s, const char *text)
{
	size_t i;

	for (i = 0; i < s->n_slots; i++) {
		if (strcmp(s->texts[i], text) == 0) {
			return (int)i;
		}
	}
	if (s->n_slots >= PK_RW_SUB_SLOTS) {
		return -1;
	}
	memcpy(s->texts[s->n_slots], text, sizeof(s->texts[0]));
	return (int)s->n_slots++;
}

/* Each slot's seconds of [w0, w1) (wall s) into share[0 .. n_slots),
   over (w1 - w0): the buckets walked one by one from the table */
static void shares_walked(const struct rw_subhash *s, int64_t w0, int64_t w1,
			  double *share)
{
	int64_t b;

	memset(share, 0, s->n_slots * sizeof(*share));
	for (b = w0 - ((w0 - s->base_s) % s->len_s + s->len_s) % s->len_s;
	     b < w1; b += s->len_s) {
		const int64_t lo = b > w0 ? b : w0,
			      hi = b + s->len_s < w1 ? b + s->len_s : w1;

		share[runway_subhash_slot(s, b)] += (double)(hi - lo);
	}
	for (b = 0; b < (int64_t)s->n_slots; b++) {
		share[b] /= (double)(w1 - w0);
	}
}

int runway_subhash_init(struct rw_subhash *s, struct rw_text *memo,
			const struct pk_time_bucket *bk, int64_t clock_start_s)
{
	char text[PK_RW_TEXT];
	size_t i, pos;

	memset(s, 0, sizeof(*s));
	if ((bk->hash_values == 0 && bk->period_s <= 0) || bk->len_s <= 0 ||
	    bk->len_s >= PK_RUNWAY_STEP_S) {
		return 0;
	}
	s->len_s = bk->len_s;
	s->hashed = bk->hash_values > 0;
	/* the cycle of the texts: hashed_bucket's period_s is len_s over
	   the fullest's share, so it is taken from the formats again:
	   the shortest whole cycle the buckets come back on */
	s->period_s = runway_subhash_period(memo, bk->len_s, clock_start_s);
	if (s->period_s <= 0 || s->period_s % s->len_s != 0 ||
	    s->period_s / s->len_s > PK_RW_SUB_TEXTS) {
		return 0;
	}
	if (!(PK_RUNWAY_STEP_S % s->period_s == 0 ||
	      (s->period_s % PK_RUNWAY_STEP_S == 0 &&
	       PK_RW_SUB_WEEK_S % s->period_s == 0))) {
		return 0;
	}
	s->m = (size_t)(s->period_s / s->len_s);
	s->base_s =
	    clock_start_s - ((clock_start_s % s->len_s) + s->len_s) % s->len_s;
	s->texts = xcalloc(PK_RW_SUB_SLOTS, sizeof(*s->texts));
	s->slot = xmalloc(s->m * sizeof(*s->slot));
	for (i = 0; i < s->m; i++) {
		int k;

		runway_text_at(memo, s->base_s + (int64_t)i * s->len_s, text);
		if ((k = text_slot(s, text)) < 0) {
			runway_subhash_free(s);
			return 0;
		}
		s->slot[i] = k;
	}
	s->count = xcalloc(s->n_slots, sizeof(*s->count));
	for (i = 0; i < s->m; i++) {
		s->count[s->slot[i]] += 1.0;
	}
	/* each whole hour's shares by its place in the cycle */
	s->n_pos = s->period_s > PK_RUNWAY_STEP_S
		       ? (size_t)(s->period_s / PK_RUNWAY_STEP_S)
		       : 1;
	s->pos_share = xcalloc(s->n_pos * s->n_slots, sizeof(*s->pos_share));
	s->hour0_s = clock_start_s -
		     ((clock_start_s % PK_RUNWAY_STEP_S) + PK_RUNWAY_STEP_S) %
			 PK_RUNWAY_STEP_S;
	for (pos = 0; pos < s->n_pos; pos++) {
		const int64_t w0 = s->hour0_s + (int64_t)pos * PK_RUNWAY_STEP_S;

		shares_walked(s, w0, w0 + PK_RUNWAY_STEP_S,
			      s->pos_share + pos * s->n_slots);
	}
	s->scratch = xcalloc(s->n_slots, sizeof(*s->scratch));
	s->on = 1;
	return 1;
}

int64_t runway_subhash_period(struct rw_text *memo, int64_t len_s,
			      int64_t clock_start_s)
{
	/* the cycles a format's conversions come back on (pkey.h's list):
	   a minute, an hour, half a day, a day, a week; the first whose
	   texts all repeat one cycle on, checked over one cycle */
	static const int64_t cycles[] = {60, 3600, 43200, 86400,
					 PK_RW_SUB_WEEK_S};
	char a[PK_RW_TEXT], b[PK_RW_TEXT];
	size_t c;

	for (c = 0; c < sizeof(cycles) / sizeof(cycles[0]); c++) {
		const int64_t p = cycles[c];
		/* at least an hour of buckets compared: the texts are the
		   hashes' values, and two minutes may hash alike */
		const int64_t span =
		    p > PK_RUNWAY_STEP_S ? p : PK_RUNWAY_STEP_S;
		int64_t t;
		int same = 1;

		if (p % len_s != 0 || p / len_s > PK_RW_SUB_TEXTS) {
			continue;
		}
		for (t = 0; t < span && same; t += len_s) {
			runway_text_at(memo, clock_start_s + t, a);
			runway_text_at(memo, clock_start_s + t + p, b);
			same = strcmp(a, b) == 0;
		}
		if (same) {
			return p;
		}
	}
	return 0;
}

int runway_subhash_slot(const struct rw_subhash *s, int64_t wall_s)
{
	const int64_t i = (wall_s - s->base_s) / s->len_s -
			  ((wall_s - s->base_s) % s->len_s < 0 ? 1 : 0);
	const int64_t m = (int64_t)s->m;

	return s->slot[((i % m) + m) % m];
}

const double *runway_subhash_shares(struct rw_subhash *s, int64_t w0,
				    int64_t w1)
{
	if (w1 - w0 == PK_RUNWAY_STEP_S &&
	    ((w0 - s->hour0_s) % PK_RUNWAY_STEP_S) == 0) {
		const int64_t h = (w0 - s->hour0_s) / PK_RUNWAY_STEP_S;
		const int64_t n = (int64_t)s->n_pos;

		return s->pos_share + (size_t)(((h % n) + n) % n) * s->n_slots;
	}
	shares_walked(s, w0, w1, s->scratch);
	return s->scratch;
}

double runway_subhash_cross(const struct rw_subhash *s, int slot, int64_t w0,
			    int64_t w1, double need_s)
{
	int64_t b;
	double last = (double)w1;

	for (b = w0 - ((w0 - s->base_s) % s->len_s + s->len_s) % s->len_s;
	     b < w1; b += s->len_s) {
		const int64_t lo = b > w0 ? b : w0,
			      hi = b + s->len_s < w1 ? b + s->len_s : w1;

		if (runway_subhash_slot(s, b) != slot) {
			continue;
		}
		if (need_s <= (double)(hi - lo)) {
			/* strictly inside the bucket, so the key at the
			   second it names is this slot's */
			double t = (double)lo + need_s;

			return t < (double)hi ? t : (double)hi - 1e-3;
		}
		need_s -= (double)(hi - lo);
		last = (double)hi - 1e-3;
	}
	return last;
}

int64_t runway_subhash_fullest_at(const struct rw_subhash *s, int64_t wall_s)
{
	double most = 0;
	int64_t b, first;
	size_t k;

	for (k = 0; k < s->n_slots; k++) {
		most = s->count[k] > most ? s->count[k] : most;
	}
	b = wall_s - ((wall_s - s->base_s) % s->len_s + s->len_s) % s->len_s;
	for (first = 0; first <= (int64_t)s->m; first++) {
		const int64_t at = b + first * s->len_s;

		if (s->count[runway_subhash_slot(s, at)] == most) {
			return at > wall_s ? at : wall_s;
		}
	}
	return wall_s;
}

void runway_subhash_free(struct rw_subhash *s)
{
	free(s->texts);
	free(s->slot);
	free(s->count);
	free(s->pos_share);
	free(s->scratch);
	memset(s, 0, sizeof(*s));
}
