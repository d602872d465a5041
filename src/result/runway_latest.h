/*
 * runway_latest.h: a key on one property drawn `latest`
 * (runway_latest.c). Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_LATEST_H
#define PKSIM_RUNWAY_LATEST_H

#include "runway_group.h"

/* The property (an index into sc->props) v's key reads (refs, spread:
   runway_key_refs') when it reads one property alone and whole (no hash
   or random part), drawn `distribution: latest` over two or more values
   by sc's one stream; else -1 */
int runway_latest_prop(const struct pk_result_variant *v,
		       const struct pk_scenario *sc, const struct refinfo *refs,
		       double spread);

/* The logical partition of that property's newest value (its index
   count - 1, the likeliest once all are in use), which a short run may
   not have drawn: added to *tab (which owns it) when no item built it,
   and with pick offered to it too unless the snapshot's value map s
   says the run reached it (runway_groups_from_values offered it then;
   *tab then holds no other group). Its share the
   newest's dist_chance, its range its key's. Returns 1, or 0 when v's
   service cannot name a value no item drew (pk_queries.value_key). */
int runway_latest_newest(const struct pk_snapshot *s,
			 const struct pk_result_variant *v,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w,
			 const struct refinfo *refs, struct group **tab,
			 struct rw_pick *pick);

/* Each of groups g[0 .. n_g) of a key runway_latest_prop accepts starts
   at (G_i - n p_i) x mean bytes more (runway_latest.c: its draws while
   the values came into use less what its share from t = 0 would have
   given it; mean the stored bytes of a new item) */
void runway_latest_starts(const struct pk_scenario *sc,
			  const struct pk_workload *w,
			  const struct refinfo *refs, double mean,
			  struct group *g, size_t n_g);

/* The chance a draw with all n values in use takes the oldest (d
   `latest`, as rng.c draws it) */
double runway_latest_coolest(const struct pk_dist_spec *d, uint64_t n);

/* The expected distinct ids of a pool of n ids drawn `latest` (d) into
   one logical partition that takes every draw, after x_k = x0 e^(k
   step) draws, into dd[k], and its slope in ln(x) (x d/dx) into ds[k],
   k < npts (x0 >= 1). runway_latest.c: the draws as rng.c makes them
   (ids come into use one a draw), the first 1,024 id by id, then ids
   of about one age in blocks; within about 1e-5 of the pool of the
   sum over every id and draw (a pool of 10,000: 0.12 ids). */
void runway_latest_distinct(const struct pk_dist_spec *d, uint64_t n, double x0,
			    double step, size_t npts, double *dd, double *ds);

#endif
