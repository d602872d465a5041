/*
 * runway_dels.h: deletes taken from every stored item
 * (runway_dels.c). Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_DELS_H
#define PKSIM_RUNWAY_DELS_H

#include "runway_items.h"
#include "runway_rates.h"

/* Deletes as the replay sends them: each draws its target among every
   item of the variant written and not yet taken by a delete, whatever
   its stream or key (workload targets: one draw set of written items,
   select uniform), so a logical partition loses deletes in proportion
   to its share of that set, not of the new items. Over a step of C new
   items and D deletes at steady rates on N0 in the set, N(t) = N0 +
   (C - D) t / T, an item in it at the step's start is left with
   probability keep = (N0 / N1)^(D / (C - D)) (e^(-D / N0) when C = D),
   and the step's new items with fresh = (N1 - N0 keep) / C (the
   solution of x' = a - d x / N for a partition sent a of the new items:
   x1 = x0 keep + a T fresh). Under time to live an expired item stays
   in the set (the workload does not know it expired): a delete that
   draws it finds nothing (404) and removes it from the set, so N counts
   expired items too and a stored item's keep is the same as without
   time to live (the replay of 10 creates/s that never expire beside 10
   living 60 s and 5 deletes/s: N = 15 t, the first kept at
   (s / t)^(1/3), 7.5 a second net). ASSUMPTIONS: a delete picks
   uniformly (a phase's select is not read), the step's rates steady
   within it, every stream's new items stored (a bound that holds one
   partition back does not change N). Preloaded items are not in N: no
   delete targets them. Not under an id pool (there deletes come off
   the new items, never below 0). */
struct rw_dels {
	int on;	     /* deletes taken apart */
	int sent;    /* a phase sends deletes at a rate */
	double live; /* the workload's items in the draw set after the
			last step (expired ones too; preloaded items not
			counted) */
	double keep, fresh;
	const struct rw_classes *cl; /* borrowed: the projection's */
};

/* d for projection p (its classes set, kept while d lives): on when a
   phase of sc sends deletes at a rate and no class draws from an id
   pool; then each rphase of st (ns streams) counts its new items gross
   and its deletes apart (rphase.adds, dels), and live starts at 0
   (preloaded items are no delete's target); steps: the projection's
   (runway_dels_free frees what time to live keeps) */
void runway_dels_init(struct rw_dels *d, const struct pk_result_variant *v,
		      const struct pk_scenario *sc, const struct rw_classes *cl,
		      struct rstream *st, size_t ns, int64_t steps);

/* d's keep and fresh over step h (ending at workload time t1, steps off
   s past the clock's whole hour, as runway_store_step's) of slices
   x[0 .. n) (ns streams), live moved on to its end */
void runway_dels_step(struct rw_dels *d, const struct slice *x, size_t n,
		      size_t ns, int64_t h, double t1, int64_t off);

void runway_dels_free(struct rw_dels *d);

/* s after a runway_store_step into bucket slot (no lifetimes): what was
   stored before it times keep, in every bucket, the step's adds as
   they were (the caller scaled them by fresh) */
void runway_store_keep(struct rw_store *s, const struct rw_classes *cl,
		       int slot, double keep);

#endif
