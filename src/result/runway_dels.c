/*
 * runway_dels: deletes taken from every item written and not yet
 * deleted, expired ones too (runway_int.h, struct rw_dels, says the
 * model and its arithmetic).
 */
#include <math.h>
#include <string.h>

#include "runway_int.h"

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

	(void)steps;
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

void runway_dels_step(struct rw_dels *d, const struct slice *x, size_t n,
		      size_t ns, int64_t h, double t1, int64_t off)
{
	double c = 0, del = 0, n0 = d->live, n1, k;
	size_t i, j;

	(void)h;
	(void)t1;
	(void)off;
	if (!d->on) {
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
	(void)d; /* it keeps nothing */
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
