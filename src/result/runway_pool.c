/*
 * runway_pool: a fleet pool's lending in the storage runway's throughput
 * bound (rule 40; runway.h has the rules): what each range draws beyond
 * its own RU/s in a slice of the projection, by what it is offered there.
 */
#include "runway_int.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* v's fleet pool, or NULL without one */
static const struct pk_fleet_spec *fleet_of(const struct pk_result_variant *v)
{
	const struct pk_fleet_spec *f =
	    v->cosmos && v->spec ? &v->spec->fleet : NULL;

	return f && f->max_ru_per_s > 0 ? f : NULL;
}

/* What a range whose own RU/s is ru may draw when it asks for need more:
   at most the pool's extra a partition, its own plus the draw within the
   cap (a share above the cap draws nothing) */
static double draw_of(const struct pk_fleet_spec *f, double ru, double need)
{
	double most = (double)f->cap_ru_per_s - ru;

	if (most > (double)f->extra_ru_per_s) {
		most = (double)f->extra_ru_per_s;
	}
	if (need > most) {
		need = most;
	}
	return need > 0 ? need : 0;
}

double runway_with_pool(const struct pk_result_variant *v, double ru,
			size_t n_pool)
{
	const struct pk_fleet_spec *f = fleet_of(v);

	if (!f) {
		return ru;
	}
	/* the pool's max is what it lends in one second to all of them */
	return ru +
	       draw_of(f, ru,
		       (double)f->max_ru_per_s / (double)(n_pool ? n_pool : 1));
}

double runway_range_ru(const struct pk_result_variant *v, size_t r,
		       size_t n_pool)
{
	return runway_with_pool(v, runway_range_share(v, r), n_pool);
}

void runway_pool_init(struct rw_pool *p, const struct pk_result_variant *v,
		      const struct rw_pick *pick, size_t ns)
{
	size_t r, k;

	memset(p, 0, sizeof(*p));
	if (!fleet_of(v) || v->n_ranges == 0 || pick->n_ranges != v->n_ranges) {
		return;
	}
	p->nr = v->n_ranges;
	p->ns = ns;
	p->rmass = xcalloc(p->nr * ns, sizeof(*p->rmass));
	p->lim = xcalloc(p->nr * (ns * PK_RW_STRETCHES + 1), sizeof(*p->lim));
	for (r = 0; r < p->nr; r++) {
		for (k = 0; k < ns; k++) {
			p->rmass[r * ns + k] =
			    pick->range_smass ? pick->range_smass[r * ns + k]
					      : pick->range_mass[r];
		}
	}
}

void runway_pool_draws(struct rw_pool *p, const struct pk_result_variant *v,
		       const struct slice *x, size_t n)
{
	const struct pk_fleet_spec *f = fleet_of(v);
	size_t i, r, k;

	for (i = 0; i < n && p->nr; i++) {
		double *lim = &p->lim[i * p->nr], sum = 0, fit = 1;

		for (r = 0; r < p->nr; r++) {
			double own = runway_range_share(v, r) * x[i].ru_scale,
			       asked = 0;

			/* ASSUMPTION: an IN list's RU drawn on as spread */
			for (k = 0; k < p->ns; k++) {
				asked += p->rmass[r * p->ns + k] *
					     (x[i].ru[k] + x[i].keyed[k]) +
					 (x[i].spread[k] + x[i].find[k]) /
					     (double)p->nr;
			}
			/* the draw first, then the RU/s it makes */
			lim[r] = x[i].len > 0
				     ? draw_of(f, own, asked / x[i].len - own)
				     : 0;
			sum += lim[r];
		}
		if (sum > (double)f->max_ru_per_s) {
			fit = (double)f->max_ru_per_s / sum;
		}
		for (r = 0; r < p->nr; r++) {
			lim[r] = runway_range_share(v, r) * x[i].ru_scale +
				 lim[r] * fit;
		}
	}
}

double runway_pool_lim(const struct rw_pool *p, size_t i, size_t r)
{
	return p->nr && r < p->nr ? p->lim[i * p->nr + r] : -1;
}

void runway_pool_free(struct rw_pool *p)
{
	free(p->rmass);
	free(p->lim);
	memset(p, 0, sizeof(*p));
}
