/*
 * runway_pool.h: a fleet pool's lending to each range slice by slice
 * (runway_pool.c, rule 40). Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_POOL_H
#define PKSIM_RUNWAY_POOL_H

#include "runway_group.h"
#include "runway_rates.h"

/* A fleet pool's lending to each range slice by slice (runway_pool.c,
   rule 40): a range draws what it is offered beyond its own RU/s in
   force, at most the pool's extra a partition and within its cap, and
   when the ranges' draws pass the pool's max each is scaled down to fit
   (ASSUMPTION: they all draw in the same second, every second of the
   slice alike; reads and queries draw as writes do) */
struct rw_pool {
	size_t nr, ns; /* ranges (0: no pool), streams */
	double *rmass; /* owned; nr x ns: each range's share of each
			  stream's new items */
	double *lim;   /* owned; (ns x PK_RW_STRETCHES + 1) x nr: each
			  slice's RU/s of each range, its draw included */
};

/* p for v's pool (p->nr 0 without one), the ranges' shares from pick
   (unseen_spread applied) */
void runway_pool_init(struct rw_pool *p, const struct pk_result_variant *v,
		      const struct rw_pick *pick, size_t ns);

/* Each range's RU/s in slices x[0 .. n) with what it draws, into p->lim */
void runway_pool_draws(struct rw_pool *p, const struct pk_result_variant *v,
		       const struct slice *x, size_t n);

/* Range r's RU/s in slice i of the last runway_pool_draws, or -1 without
   a pool */
double runway_pool_lim(const struct rw_pool *p, size_t i, size_t r);

void runway_pool_free(struct rw_pool *p);

#endif
