/*
 * runway_dels: deletes taken from every stored item (runway_int.h,
 * struct rw_dels, says the model and its arithmetic).
 */
#include <math.h>
#include <string.h>

#include "runway_int.h"

/* Rounds that find a step's keep under time to live: each takes the
   expiries the last round's keep leaves */
#define PK_RW_DELS_ROUNDS 4

/* Whether a phase of sc sends deletes at a rate */
static int sends_deletes(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *ps = &sc->phases[i];

		if (ps->mix[PK_OP_DELETE] > 0 &&
		    (ps->rate_per_s > 0 || ps->schedule)) {
			return 1;
		}
	}
	return 0;
}

void runway_dels_init(struct rw_dels *d, const struct pk_result_variant *v,
		      const struct pk_scenario *sc, const struct rw_classes *cl,
		      struct rstream *st, size_t ns, int64_t steps)
{
	size_t i, j;

	memset(d, 0, sizeof(*d));
	d->keep = d->fresh = 1.0;
	d->sent = sends_deletes(sc);
	if (!d->sent) {
		return;
	}
	for (j = 0; j < cl->n; j++) {
		if (cl->c[j].pool.n > 0) {
			return;
		}
	}
	d->on = 1;
	d->cl = cl;
	if (cl->ttl) {
		/* the stored items' count, each class's expiring */
		runway_store_init(&d->items, cl, steps, 1);
	}
	for (i = 0; i < ns; i++) {
		for (j = 0; j < st[i].n; j++) {
			struct rphase *p = &st[i].ph[j];

			/* as runway_streams_init, the deletes not taken off */
			p->adds =
			    fmax(0.0, runway_phase_new(p->ps) -
					  runway_batch_refused(v, sc, p->ps)) +
			    p->recreated;
			p->dels = p->ps->mix[PK_OP_DELETE];
		}
	}
}

/* The part left of what was stored before a step over which N goes
   from n0 to n1 (linearly) under del deletes: exp(-del / n0) when it
   does not move, (n1 / n0)^(-del / (n1 - n0)) otherwise */
static double kept_over(double n0, double n1, double del)
{
	if (del <= 0) {
		return 1.0;
	}
	if (n0 <= 0) {
		return 0;
	}
	if (fabs(n1 - n0) <= 1e-12 * (n0 + n1)) {
		return exp(-del / n0);
	}
	return exp(-del / (n1 - n0) * log(n1 / n0));
}

/* runway_dels_step under time to live: the stored count N less what
   expires in the step, which itself is what the deletes left of it
   (keep found by going round that a few times) */
static void dels_step_ttl(struct rw_dels *d, const struct slice *x, size_t n,
			  size_t ns, int64_t h, double t1, int64_t off)
{
	const struct rw_classes *cl = d->cl;
	double add[PK_MAX_STREAMS] = {0}, first[PK_MAX_STREAMS];
	double c = 0, del = 0, n0 = d->live, n1 = n0, keep = 1, fresh = 1;
	double gone = 0, k0 = d->items.k;
	size_t i, j;
	int round;

	for (i = 0; i < n; i++) {
		for (j = 0; j < ns; j++) {
			add[cl->of[j]] += x[i].items[j];
			c += x[i].items[j];
			del += x[i].dels[j];
		}
	}
	for (round = 0; round < PK_RW_DELS_ROUNDS; round++) {
		/* its writes kept at fresh, the older at keep: what has
		   expired by t1 of them */
		n1 = fmax(0.0, n0 + c - del - gone);
		keep = n0 > 0 ? kept_over(n0, fmax(n1, n0 * 1e-300), del) : 1.0;
		/* the step's new items: what N1 holds less what is left of
		   the older and what expired of them */
		fresh =
		    c > 0
			? fmin(1.0,
			       fmax(0.0,
				    (n1 + gone - (n0 > 0 ? n0 * keep : 0)) / c))
			: 1.0;
		d->items.k = k0 * keep;
		for (j = 0; j < cl->n; j++) {
			first[j] = add[j] * fresh;
		}
		gone = runway_store_pending(&d->items, cl, h, first, t1, off);
		d->items.k = k0;
	}
	runway_store_scale(&d->items, cl, h, keep);
	for (j = 0; j < cl->n; j++) {
		add[j] *= fresh;
	}
	runway_store_step(&d->items, cl, h, 0, add, HUGE_VAL, t1, off, NULL);
	d->live = runway_store_held(&d->items, cl, 0, 1);
	d->keep = keep;
	d->fresh = fresh;
}

void runway_dels_step(struct rw_dels *d, const struct slice *x, size_t n,
		      size_t ns, int64_t h, double t1, int64_t off)
{
	double c = 0, del = 0, n0 = d->live, n1, k;
	size_t i, j;

	if (!d->on) {
		return;
	}
	if (d->cl->ttl) {
		dels_step_ttl(d, x, n, ns, h, t1, off);
		return;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < ns; j++) {
			c += x[i].items[j];
			del += x[i].dels[j];
		}
	}
	n1 = n0 + c - del;
	if (n1 <= 0) {
		/* the deletes take every item stored (those past it find
		   none) */
		d->keep = d->fresh = 0;
		d->live = 0;
		return;
	}
	if (del <= 0) {
		d->keep = 1.0;
	} else if (n0 <= 0) {
		d->keep = 0;
	} else if (fabs(c - del) <= 1e-12 * (c + del)) {
		d->keep = exp(-del / n0);
	} else {
		k = del / (c - del);
		d->keep = exp(-k * log1p((c - del) / n0));
	}
	d->fresh = c > 0 ? (n1 - n0 * d->keep) / c : 1.0;
	d->keep = fmin(1.0, fmax(0.0, d->keep));
	d->fresh = fmin(1.0, fmax(0.0, d->fresh));
	d->live = n1;
}

void runway_dels_free(struct rw_dels *d)
{
	if (d->on && d->cl && d->cl->ttl) {
		runway_store_free(&d->items);
	}
}

void runway_store_keep(struct rw_store *s, const struct rw_classes *cl,
		       int slot, double keep)
{
	size_t j, i;

	for (j = 0; j < cl->n; j++) {
		for (i = 0; i < s->n_slots; i++) {
			double add =
			    (int)i == slot ? s->slot[j][i] - s->prev[j] : 0;

			s->slot[j][i] = (s->slot[j][i] - add) * keep + add;
		}
	}
}
