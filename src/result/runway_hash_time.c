/*
 * runway_hash_time: the buckets of a time key whose texts change faster
 * than the projection's hourly step and come back ("%M", "%S", "%H:%M",
 * "%A %H:%M", and hashes of those mod N): which key value each of one
 * cycle's buckets gives, which values are current in each step and for
 * what part of it, and where inside a step a value has been current for
 * a given time. The projection (runway_step.c) then grows each value by
 * its own part of each step, so the value named is the one that fills,
 * at the second its own buckets fill it, not a mean share under
 * whichever value is current at that second. Left out: cycles whose
 * texts do not come back on a whole number of hours that divides a
 * week, or come back once an hour or more often without dividing it (a
 * month of minutes: its months differ), more than PK_RW_SUB_TEXTS
 * buckets a cycle or PK_RW_SUB_SLOTS values (a day of seconds): for a
 * plain time that comes back, and past those values, `untimed` says the
 * projection cannot time its values (runway_step.c then gives no
 * figure where one would fill).
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

/* FNV-1a (32-bit) of a text: its place in the index of texts */
static uint32_t text_hash(const char *text)
{
	uint32_t h = 2166136261u;

	for (; *text; text++) {
		h = (h ^ (unsigned char)*text) * 16777619u;
	}
	return h;
}

/* Slot of text among s->texts (added when new), found through s->index
   (open addressing, -1 a free place); -1 past PK_RW_SUB_SLOTS */
static int text_slot(struct rw_subhash *s, const char *text)
{
	size_t at = text_hash(text) & (s->index_cap - 1);

	for (; s->index[at] >= 0; at = (at + 1) & (s->index_cap - 1)) {
		if (strcmp(s->texts[s->index[at]], text) == 0) {
			return s->index[at];
		}
	}
	if (s->n_slots >= PK_RW_SUB_SLOTS) {
		return -1;
	}
	if (s->n_slots == s->texts_cap) {
		s->texts_cap = s->texts_cap ? 2 * s->texts_cap : 64;
		s->texts =
		    xreallocarray(s->texts, s->texts_cap, sizeof(*s->texts));
	}
	memcpy(s->texts[s->n_slots], text, sizeof(s->texts[0]));
	s->index[at] = (int)s->n_slots;
	return (int)s->n_slots++;
}

/* The values current in [w0, w1) (wall s) and each one's seconds of it
   over (w1 - w0), in slot order, into slot and part (room for the
   buckets the span crosses; s->acc all 0 before and after); returns
   how many */
static size_t parts_walked(const struct rw_subhash *s, int64_t w0, int64_t w1,
			   int *slot, double *part)
{
	size_t n = 0, i, j;
	int64_t b;

	for (b = w0 - ((w0 - s->base_s) % s->len_s + s->len_s) % s->len_s;
	     b < w1; b += s->len_s) {
		const int64_t lo = b > w0 ? b : w0,
			      hi = b + s->len_s < w1 ? b + s->len_s : w1;
		const int k = runway_subhash_slot(s, b);

		if (s->acc[k] == 0) {
			slot[n++] = k;
		}
		s->acc[k] += (double)(hi - lo);
	}
	/* slot order: the order the steps weigh values in, ties to the
	   lower slot (insertion sort: a span's values are few and mostly
	   in order already) */
	for (i = 1; i < n; i++) {
		const int k = slot[i];

		for (j = i; j > 0 && slot[j - 1] > k; j--) {
			slot[j] = slot[j - 1];
		}
		slot[j] = k;
	}
	for (i = 0; i < n; i++) {
		part[i] = s->acc[slot[i]] / (double)(w1 - w0);
		s->acc[slot[i]] = 0;
	}
	return n;
}

/* The buckets a span of len seconds crosses at most */
static size_t crossed(const struct rw_subhash *s, int64_t len)
{
	return (size_t)(len / s->len_s) + 2;
}

/* Each whole hour's values by its place in the cycle (pos_at, pos_slot,
   pos_part) */
static void hours_walked(struct rw_subhash *s)
{
	const size_t each = crossed(s, PK_RUNWAY_STEP_S);
	size_t pos, n = 0;

	s->n_pos = s->period_s > PK_RUNWAY_STEP_S
		       ? (size_t)(s->period_s / PK_RUNWAY_STEP_S)
		       : 1;
	s->pos_at = xcalloc(s->n_pos + 1, sizeof(*s->pos_at));
	s->pos_slot = xmalloc(s->n_pos * each * sizeof(*s->pos_slot));
	s->pos_part = xmalloc(s->n_pos * each * sizeof(*s->pos_part));
	for (pos = 0; pos < s->n_pos; pos++) {
		const int64_t w0 = s->hour0_s + (int64_t)pos * PK_RUNWAY_STEP_S;

		s->pos_at[pos] = n;
		n += parts_walked(s, w0, w0 + PK_RUNWAY_STEP_S, s->pos_slot + n,
				  s->pos_part + n);
	}
	s->pos_at[s->n_pos] = n;
	for (pos = 0; pos < s->n_pos; pos++) {
		n = s->pos_at[pos + 1] - s->pos_at[pos];
		s->most_parts = n > s->most_parts ? n : s->most_parts;
	}
}

/* Each bucket of one cycle's value into s->slot; 0 past PK_RW_SUB_SLOTS
   values */
static int buckets_named(struct rw_subhash *s, struct rw_text *memo)
{
	char text[PK_RW_TEXT];
	size_t i;

	/* an index at most half full */
	for (s->index_cap = 64; s->index_cap < 2 * s->m; s->index_cap *= 2) {
	}
	s->index = xmalloc(s->index_cap * sizeof(*s->index));
	memset(s->index, -1, s->index_cap * sizeof(*s->index));
	s->slot = xmalloc(s->m * sizeof(*s->slot));
	for (i = 0; i < s->m; i++) {
		int k;

		runway_text_at(memo, s->base_s + (int64_t)i * s->len_s, text);
		if ((k = text_slot(s, text)) < 0) {
			return 0;
		}
		s->slot[i] = k;
	}
	return 1;
}

int runway_subhash_init(struct rw_subhash *s, struct rw_text *memo,
			const struct pk_time_bucket *bk, int64_t clock_start_s)
{
	size_t i;

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
	    s->period_s / s->len_s > PK_RW_SUB_TEXTS ||
	    !(PK_RUNWAY_STEP_S % s->period_s == 0 ||
	      (s->period_s % PK_RUNWAY_STEP_S == 0 &&
	       PK_RW_SUB_WEEK_S % s->period_s == 0))) {
		/* a plain time that comes back on a cycle not taken here (a
		   month of minutes): its values are not timed; a hash of
		   a time that never comes back spreads evenly (runway.h) */
		s->untimed = !s->hashed && bk->period_s > 0;
		return 0;
	}
	s->m = (size_t)(s->period_s / s->len_s);
	s->base_s =
	    clock_start_s - ((clock_start_s % s->len_s) + s->len_s) % s->len_s;
	if (!buckets_named(s, memo)) {
		runway_subhash_free(s);
		s->untimed = 1;
		return 0;
	}
	s->count = xcalloc(s->n_slots, sizeof(*s->count));
	for (i = 0; i < s->m; i++) {
		s->count[s->slot[i]] += 1.0;
	}
	s->acc = xcalloc(s->n_slots, sizeof(*s->acc));
	s->seen = xcalloc(s->n_slots, sizeof(*s->seen));
	s->hour0_s = clock_start_s -
		     ((clock_start_s % PK_RUNWAY_STEP_S) + PK_RUNWAY_STEP_S) %
			 PK_RUNWAY_STEP_S;
	hours_walked(s);
	i = crossed(s, PK_RUNWAY_STEP_S);
	s->sc_slot = xmalloc(i * sizeof(*s->sc_slot));
	s->sc_part = xmalloc(i * sizeof(*s->sc_part));
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

size_t runway_subhash_parts(struct rw_subhash *s, int64_t w0, int64_t w1,
			    const int **slot, const double **part)
{
	if (w1 - w0 == PK_RUNWAY_STEP_S &&
	    ((w0 - s->hour0_s) % PK_RUNWAY_STEP_S) == 0) {
		const int64_t h = (w0 - s->hour0_s) / PK_RUNWAY_STEP_S;
		const int64_t n = (int64_t)s->n_pos;
		const size_t pos = (size_t)(((h % n) + n) % n);

		*slot = s->pos_slot + s->pos_at[pos];
		*part = s->pos_part + s->pos_at[pos];
		return s->pos_at[pos + 1] - s->pos_at[pos];
	}
	/* a step shorter than an hour (the first, the horizon's) */
	*slot = s->sc_slot;
	*part = s->sc_part;
	return parts_walked(s, w0, w1, s->sc_slot, s->sc_part);
}

/* The first bucket's start at or before w0 */
static int64_t first_bucket(const struct rw_subhash *s, int64_t w0)
{
	return w0 - ((w0 - s->base_s) % s->len_s + s->len_s) % s->len_s;
}

size_t runway_subhash_edges(const struct rw_subhash *s, int64_t w0, int64_t w1,
			    double *u)
{
	size_t n = 0;
	int64_t b;

	for (b = first_bucket(s, w0); b < w1; b += s->len_s) {
		const int64_t hi = b + s->len_s < w1 ? b + s->len_s : w1;

		u[n++] = (double)((b > w0 ? b : w0) - w0) / (double)(w1 - w0);
		if (hi == w1) {
			u[n] = 1.0;
		}
	}
	return n;
}

size_t runway_subhash_parts_at(struct rw_subhash *s, int64_t w0, int64_t w1,
			       const double *at, const int **slot,
			       const double **part)
{
	size_t n = 0, i = 0, j, k;
	int64_t b;

	for (b = first_bucket(s, w0); b < w1; b += s->len_s, i++) {
		const int c = runway_subhash_slot(s, b);

		if (s->acc[c] == 0 && !s->seen[c]) {
			s->sc_slot[n++] = c;
			s->seen[c] = 1;
		}
		s->acc[c] += at[i + 1] - at[i];
	}
	/* slot order, as runway_subhash_parts gives them */
	for (j = 1; j < n; j++) {
		const int c = s->sc_slot[j];

		for (k = j; k > 0 && s->sc_slot[k - 1] > c; k--) {
			s->sc_slot[k] = s->sc_slot[k - 1];
		}
		s->sc_slot[k] = c;
	}
	for (j = 0; j < n; j++) {
		s->sc_part[j] = s->acc[s->sc_slot[j]];
		s->acc[s->sc_slot[j]] = 0;
		s->seen[s->sc_slot[j]] = 0;
	}
	*slot = s->sc_slot;
	*part = s->sc_part;
	return n;
}

double runway_subhash_cross_at(const struct rw_subhash *s, int slot, int64_t w0,
			       int64_t w1, const double *at, double need,
			       double *rate)
{
	size_t i = 0;
	int64_t b;
	double last = (double)w1 - 1e-3;

	*rate = 0;
	for (b = first_bucket(s, w0); b < w1; b += s->len_s, i++) {
		const int64_t lo = b > w0 ? b : w0,
			      hi = b + s->len_s < w1 ? b + s->len_s : w1;
		const double got = at[i + 1] - at[i];

		if (runway_subhash_slot(s, b) != slot || !(got > 0)) {
			continue;
		}
		*rate = got / (double)(hi - lo);
		if (need <= got) {
			const double t = (double)lo + need / *rate;

			return t < (double)hi ? t : (double)hi - 1e-3;
		}
		need -= got;
		last = (double)hi - 1e-3;
	}
	return last;
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
	free(s->index);
	free(s->slot);
	free(s->count);
	free(s->acc);
	free(s->seen);
	free(s->pos_at);
	free(s->pos_slot);
	free(s->pos_part);
	free(s->sc_slot);
	free(s->sc_part);
	memset(s, 0, sizeof(*s));
}
