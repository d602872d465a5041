/*
 * runway_turns: a step's slices that stand for stretches taken in turn,
 * grown turn by turn under burst credit (rule 14). A phase list past
 * the stretches a step (or a short cycle) keeps apart is folded
 * (runway_fold.c): each further stretch joins the latest kept one
 * alike, so a list of busy and quiet phases ends in one busy and one
 * quiet slice of the same whole number of runs each, and a spiking
 * phase walked by the hour keeps its spikes in one piece and the gaps
 * in another, runs for each period. Burst credit banks in each quiet
 * stretch for the burst after it, at most PK_RW_BURST_SAVE_S of the
 * RU/s, and a burst spends it at most up to PK_RW_BURST_PEAK RU/s over
 * its own seconds: taken as one, the joined quiet seconds would bank
 * at most one such bank and the joined bursts spend it once. Here such
 * slices go round their runs in order, each turn one run of each slice
 * (its part 1 / runs), the credit and the retries carried from one
 * slice to the next as the seconds come; a turn that starts and ends
 * with the same credit and retries repeats for the rest (the same
 * inputs give the same doubles). What is left out: slices joined from
 * stretches that are not alike (their order is lost: runway_fold_guard
 * says so when the credit saw it).
 */
#include <math.h>
#include <string.h>

#include "pksim/result/result.h"
#include "runway_int.h"

size_t runway_turns_end(const struct slice *x, size_t n, size_t i)
{
	const double r = x[i].runs;
	size_t j = i + 1;

	if (!(r >= 2) || r != floor(r)) {
		return j;
	}
	while (j < n && x[j].runs == r) {
		j++;
	}
	return j;
}

double runway_slice_times(const struct slice *x, double w)
{
	return (w == 1.0 && x->reps > 1 ? x->reps : 1.0) * fmax(1.0, x->runs);
}

/* 1 when c's credit and retries are those kept in bank0 and r0: a turn
   from them gives the same figures as the turn before */
static int turn_again(const struct cand *c, double bank0,
		      const struct rw_retry *r0)
{
	return memcmp(&c->bank, &bank0, sizeof(bank0)) == 0 &&
	       memcmp(&c->retry, r0, sizeof(*r0)) == 0;
}

double runway_turns_grow(const struct pk_result_variant *v, struct cand *c,
			 const struct slice *x, size_t i, size_t e, double w,
			 size_t ns, const struct rw_pool *pool, struct bite *b,
			 double *del, double *part, double *each)
{
	/* turns: the runs of each cycle the part w holds (w 1: every
	   cycle a short stream's slice repeats) */
	const double turns =
	    x[i].runs * (w == 1.0 && x[i].reps > 1 ? x[i].reps : 1.0);
	const double u = w / turns;
	double add = 0, t;
	size_t j, k;

	for (t = 0; t < turns; t++) {
		const double bank0 = c->bank;
		const struct rw_retry r0 = c->retry;
		double got = 0, d = 0, tk[PK_MAX_STREAMS];
		double te[PK_MAX_STREAMS * PK_RW_STRETCHES + 1];
		double rest;

		memset(tk, 0, sizeof(tk));
		for (j = i; j < e; j++) {
			te[j - i] = runway_slice_grow(
			    v, c, &x[j], u, 1.0, ns,
			    runway_pool_lim(pool, j, c->g->range), b, &d, tk);
			got += te[j - i];
		}
		/* the rest of the turns as this one when it changed
		   nothing they start from */
		rest = turn_again(c, bank0, &r0) ? turns - t : 1.0;
		add += got * rest;
		*del += d * rest;
		for (k = 0; part && k < ns; k++) {
			part[k] += tk[k] * rest;
		}
		for (j = i; each && j < e; j++) {
			each[j - i] += te[j - i] * rest;
		}
		t += rest - 1.0;
	}
	return add;
}
