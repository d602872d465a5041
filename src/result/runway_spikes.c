/*
 * runway_spikes: a phase's occurrence cut by its own clock into its
 * steps' spike seconds and the rest (runway_pieces_span, for
 * runway_rates.c's stretches); a step's slices compared (whether they
 * come in time order, whether they write alike) and walked second by second
 * where its one stream's spikes start and end, so a logical partition that
 * fills inside a spike is timed by the spike's rate, not the hour's mean.
 * Seconds alike are joined into one slice; past PK_RW_SPIKE_SLICES slices the
 * step's mean stays.
 */
#include <math.h>
#include <stdlib.h>

#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "runway_int.h"

/* Relative difference two pieces' rates a second may have and be
   alike: the rounding of a rate times a length and back */
#define PK_RW_PIECE_EPS 1e-9
/* Steps past the room an occurrence's pieces walk one by one, at most:
   an hour of 30-s steps (a trace's day-shape), while a schedule of 1-s
   steps costs a step no more than that */
#define PK_RW_PIECE_STEPS 120
/* Slices of a step that a spike's pieces are timed by, at most */
#define PK_RW_SPIKE_SLICES 256

int runway_slices_in_order(const struct pk_scenario *sc,
			   const struct rstream *st, double scale)
{
	size_t i;

	for (i = 0; sc->n_streams > 1 && i < sc->n_streams; i++) {
		if ((double)st[i].cycle_s * scale < PK_RUNWAY_STEP_S) {
			return 0; /* its cycle's stretches summed a step */
		}
	}
	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_schedule_spec *s = sc->phases[i].schedule;

		runway_count_phase_visits(1);
		if (s && (s->has_spikes || (s->base == PK_SCHEDULE_STEPS &&
					    s->n_steps > PK_RW_PIECES))) {
			return 0;
		}
	}
	return 1;
}

int runway_slices_even(const struct slice *x, size_t n, size_t ns)
{
	size_t i, k;

	for (i = 1; i < n; i++) {
		if (x[i].ru_scale != x[0].ru_scale) {
			return 0;
		}
		for (k = 0; k < ns && x[0].len > 0 && x[i].len > 0; k++) {
			const double ra = x[0].bytes[k] / x[0].len,
				     rb = x[i].bytes[k] / x[i].len;

			if (fabs(ra - rb) > 1e-9 * fmax(ra, rb)) {
				return 0;
			}
		}
	}
	return 1;
}

int runway_slices_alike(const struct slice *x, size_t n, size_t ns)
{
	size_t i, k;

	if (!runway_slices_even(x, n, ns)) {
		return 0;
	}
	for (i = 1; i < n; i++) {
		for (k = 0; k < ns && x[0].len > 0 && x[i].len > 0; k++) {
			const double ra = x[0].ru[k] / x[0].len,
				     rb = x[i].ru[k] / x[i].len;

			if (fabs(ra - rb) > 1e-9 * fmax(ra, rb)) {
				return 0;
			}
		}
	}
	return 1;
}

int runway_slices_summed(const struct rw_proj *p, const size_t *nxs)
{
	size_t i;

	for (i = 0; !p->in_order && i < p->ns; i++) {
		if (nxs[i] > 1) {
			return 1;
		}
	}
	return 0;
}

/* 1 when slices a and b (one stream) write at the same rates in the
   same phase and RU/s: b continues a */
static int same_rates(const struct slice *a, const struct slice *b)
{
	const double la = a->len, lb = b->len;

	return a->ru_scale == b->ru_scale && a->reps == b->reps && la > 0 &&
	       lb > 0 &&
	       fabs(a->bytes[0] / la - b->bytes[0] / lb) <=
		   1e-9 * fabs(a->bytes[0] / la) &&
	       fabs(a->ru[0] / la - b->ru[0] / lb) <=
		   1e-9 * fabs(a->ru[0] / la) &&
	       a->keyed[0] / la == b->keyed[0] / lb &&
	       a->spread[0] / la == b->spread[0] / lb &&
	       a->find[0] / la == b->find[0] / lb;
}

/* Slice b added to a (one stream) */
static void slice_join(struct slice *a, const struct slice *b)
{
	a->len += b->len;
	a->bytes[0] += b->bytes[0];
	a->ru[0] += b->ru[0];
	a->keyed[0] += b->keyed[0];
	a->spread[0] += b->spread[0];
	a->find[0] += b->find[0];
	a->items[0] += b->items[0];
	a->rw_ops[0] += b->rw_ops[0];
	a->rw_bytes[0] += b->rw_bytes[0];
	a->dels[0] += b->dels[0];
}

int runway_spikes_walkable(const struct rw_proj *p)
{
	const struct rstream *st = &p->st[0];
	size_t i;
	int spikes = 0;

	if (p->ns != 1 || p->scale != 1.0 || st->client_ru > 0 ||
	    st->client_ops > 0 || st->cycle_s < PK_RUNWAY_STEP_S) {
		return 0;
	}
	for (i = 0; i < st->n; i++) {
		const struct pk_schedule_spec *s = st->ph[i].ps->schedule;

		spikes |= s && s->has_spikes;
	}
	return spikes;
}

double runway_spike_part(struct rw_proj *p, const struct cand *ci, double bank0,
			 double t0, double t1, double a, double *pace)
{
	struct rstream *st = &p->st[0];
	struct stretch(*x)[PK_RW_STRETCHES] = xcalloc(1, sizeof(*x));
	struct slice *xs = xcalloc(PK_RW_SPIKE_SLICES, sizeof(*xs));
	struct slice one;
	const size_t nx = 1;
	size_t n = 0, j;
	double t, r = a;

	for (j = 0; j < st->n; j++) {
		st->ph[j].cur_cycle = -1;
	}
	for (t = t0; t < t1 && n <= PK_RW_SPIKE_SLICES; t += 1.0) {
		runway_stretch_walked(p->sc, st, t, fmin(t + 1.0, t1),
				      &x[0][0]);
		runway_slices_of(x, &nx, 1, &one);
		if (n > 0 && same_rates(&xs[n - 1], &one)) {
			slice_join(&xs[n - 1], &one);
		} else if (n < PK_RW_SPIKE_SLICES) {
			xs[n++] = one;
		} else {
			n++; /* too many: the mean stays */
		}
	}
	for (j = 0; j < st->n; j++) {
		st->ph[j].cur_cycle = -1;
	}
	if (n <= PK_RW_SPIKE_SLICES) {
		r = runway_step_part(p->v, ci, bank0, xs, n, 1, a, pace);
	}
	free(x);
	free(xs);
	return r;
}

static size_t pieces_find(const struct rw_pieces *pc, size_t key)
{
	size_t i;

	for (i = 0; i < pc->n && pc->key[i] != key; i++) {
	}
	return i;
}

/* The latest of pc's pieces that offers ops over len s at its rate a
   second (PK_RW_PIECE_EPS apart at most), else the last */
static size_t pieces_alike(const struct rw_pieces *pc, double ops, double len)
{
	size_t i;

	for (i = pc->n; len > 0 && i > 0; i--) {
		const double a = pc->ops[i - 1] / pc->len[i - 1], b = ops / len;

		if (pc->len[i - 1] > 0 &&
		    fabs(a - b) <= PK_RW_PIECE_EPS * fmax(fabs(a), fabs(b))) {
			return i - 1;
		}
	}
	return pc->n - 1;
}

static void pieces_add(struct rw_pieces *pc, size_t key, double ops, double len)
{
	size_t i = pieces_find(pc, key);

	if (i == pc->n && pc->n < pc->most) {
		pc->key[i] = key;
		pc->ops[i] = pc->len[i] = 0;
		pc->runs[i] = 1;
		pc->n++;
	} else if (i == pc->n) {
		/* past the room: a run of its own joined to the latest
		   kept piece at its rate (a schedule of steps alternating
		   two rates ends in two pieces of as many runs each) */
		i = pieces_alike(pc, ops, len);
		pc->runs[i] += 1;
	}
	pc->ops[i] += ops;
	pc->len[i] += len;
}

/* runway_pieces_span (runway_int.h) */
void runway_pieces_span(struct rw_pieces *pc, const struct rphase *p, double a,
			double b, double m)
{
	const struct pk_schedule_spec *s = p->ps->schedule;
	const double from = (double)s->spike_start_s;
	double end;
	size_t step = schedule_own_step(&p->own, a, &end);

	while (a < b) {
		const size_t out_key = step * 2, in_key = out_key + 1;
		double e = fmin(b, end), edge = HUGE_VAL;
		struct pk_schedule_split x;
		int in = 0;

		if (pc->n == pc->most && pieces_find(pc, out_key) == pc->n &&
		    (!s->has_spikes || pieces_find(pc, in_key) == pc->n) &&
		    pc->walked++ >= PK_RW_PIECE_STEPS) {
			/* this step's and every later step's pieces join
			   the last kept: a step's cost bounded */
			pc->ops[pc->n - 1] +=
			    m * schedule_own_count(&p->own, a, b);
			pc->len[pc->n - 1] += b - a;
			return;
		}
		schedule_own_split(&p->own, step, a, e, &x);
		if (s->has_spikes) {
			/* inside a spike at a, and the edge that ends
			   what a is in */
			if (a >= from) {
				double r =
				    fmod(a - from, (double)s->spike_every_s);

				in = r < (double)s->spike_for_s;
				edge = a - r +
				       (double)(in ? s->spike_for_s
						   : s->spike_every_s);
			} else {
				edge = from;
			}
		}
		if (in) {
			pieces_add(pc, in_key, m * x.in_ops, x.in_s);
		} else {
			pieces_add(pc, out_key, m * x.out_ops, x.out_s);
		}
		if (e > edge) {
			if (in) {
				pieces_add(pc, out_key, m * x.out_ops, x.out_s);
			} else {
				pieces_add(pc, in_key, m * x.in_ops, x.in_s);
			}
		}
		a = e;
		if (a < b) {
			step = schedule_own_step(&p->own, a, &end);
		}
	}
}
