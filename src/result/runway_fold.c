/*
 * runway_fold: a stream's stretch past the room a step (or a short
 * cycle) keeps for them (PK_RW_STRETCHES, PK_RW_CYCLE_STRETCHES) joined
 * to one kept before it, so a long phase list is counted whole: its
 * operations, bytes and RU and its seconds are added to the latest kept
 * stretch that asks the same of a range each second (the same rates a
 * second and the same phase settings), where the RU/s bound gives
 * both the same part; with none alike, to the last kept one, the two
 * then averaged over their seconds. What is left out: the order of
 * the seconds joined (they move next to the stretch they join, which a
 * fill inside that stretch sees). Burst credit sees it too: stretches
 * joined alike are grown turn by turn (runway_turns.c); a projection
 * whose credit banked in a slice joined otherwise is not given
 * (runway_fold_guard).
 */
#include <math.h>

#include "runway_int.h"

/* Relative difference two rates a second may have and be alike: the
   rounding of a rate times a length and back */
#define PK_RW_FOLD_EPS 1e-9

/* 1 when a and b (per second over len_a, len_b s) are alike */
static int rate_alike(double a, double len_a, double b, double len_b)
{
	const double ra = a / len_a, rb = b / len_b;

	return fabs(ra - rb) <= PK_RW_FOLD_EPS * fmax(fabs(ra), fabs(rb));
}

/* 1 when phases i and j of st are taken alike by a stretch's readers
   (runway_rates.c's repeated: schedule, index factor, write charge,
   the RU/s setting in force) */
static int phase_alike(const struct rstream *st, size_t i, size_t j)
{
	const struct rphase *a = &st->ph[i], *b = &st->ph[j];

	return i == j ||
	       (a->ps->schedule == NULL && b->ps->schedule == NULL &&
		a->factor == b->factor && a->ru_per_byte == b->ru_per_byte &&
		a->set_j == b->set_j);
}

/* 1 when stretches a and b of st ask the same of a range each second */
static int stretch_alike(const struct rstream *st, const struct stretch *a,
			 const struct stretch *b)
{
	const double la = a->len, lb = b->len;

	if (!(la > 0 && lb > 0) || !phase_alike(st, a->ph, b->ph) ||
	    a->ru_scale != b->ru_scale || a->set_at != b->set_at ||
	    a->bucket != b->bucket || a->bucket_frac != b->bucket_frac ||
	    a->low != b->low || a->drawn != b->drawn ||
	    a->client != b->client || a->reps != b->reps) {
		return 0;
	}
	return rate_alike(a->bytes, la, b->bytes, lb) &&
	       rate_alike(a->ru, la, b->ru, lb) &&
	       rate_alike(a->keyed, la, b->keyed, lb) &&
	       rate_alike(a->spread, la, b->spread, lb) &&
	       rate_alike(a->find, la, b->find, lb) &&
	       rate_alike(a->ops, la, b->ops, lb) &&
	       rate_alike(a->items, la, b->items, lb) &&
	       rate_alike(a->rw_ops, la, b->rw_ops, lb) &&
	       rate_alike(a->rw_bytes, la, b->rw_bytes, lb) &&
	       rate_alike(a->dels, la, b->dels, lb);
}

void runway_stretch_fold(const struct rstream *st, struct stretch *out,
			 size_t n, const struct stretch *x)
{
	struct stretch *o;
	size_t i = n;

	if (n == 0) {
		return;
	}
	while (i > 0 && !stretch_alike(st, &out[i - 1], x)) {
		i--;
	}
	o = &out[i > 0 ? i - 1 : n - 1];
	o->bytes += x->bytes;
	o->ru += x->ru;
	o->keyed += x->keyed;
	o->spread += x->spread;
	o->find += x->find;
	o->ops += x->ops;
	o->items += x->items;
	o->rw_ops += x->rw_ops;
	o->rw_bytes += x->rw_bytes;
	o->dels += x->dels;
	o->len += x->len;
	o->runs += x->runs;
}

void runway_fold_guard(const struct rw_proj *p, const struct cand *named,
		       struct pk_runway *rw)
{
	unsigned joined = 0;
	size_t i;

	for (i = 0; i < p->ns; i++) {
		joined |= p->st[i].joined;
	}
	if (!named || !named->burst || !named->bit.held || p->secs ||
	    !(rw->kind == PK_RUNWAY_DAYS || rw->kind == PK_RUNWAY_BEYOND ||
	      rw->kind == PK_RUNWAY_LEVELS)) {
		return;
	}
	/* slices taken in turn (runway_turns.c) bank and spend as
	   apart; a slice joined otherwise banks the quiet seconds of many
	   stretches as one, at most PK_RW_BURST_SAVE_S of the RU/s, after
	   or before the bursts they would have paid for: apart, each quiet
	   stretch banks for the burst after it. A spiking phase's spikes
	   taken two or three together bank and spend as apart while the
	   credit empties every cycle: only credit that piles up tells. */
	if (named->bank_lumped &&
	    ((joined & PK_RW_JOINED_FOLD) ||
	     ((joined & PK_RW_JOINED_SPIKES) && named->bank_piled))) {
		rw->kind = PK_RUNWAY_UNTESTED;
		rw->burst_joined = 1;
		rw->full_s = -1;
		rw->who[0] = '\0';
		rw->rate_bytes_per_s = 0;
	}
}
