/*
 * remedy_redist: the redistribution at the run's total (rule 26): each
 * range of the creation layout gets RU/s in proportion to its measured
 * demand, within a partition's cap and the least a range keeps (remedy.h),
 * replayed once.
 */
#include <stdlib.h>

#include "pksim/base/mem.h"
#include "remedy_int.h"

/* Fix one open range of x (p entries) past its bound: over cap (over
   1) or under lo (over 0), at that bound, taken from *left; 1 if one
   was */
static int fix_one(double *x, int *fixed, size_t p, int64_t cap, double lo,
		   int over, double *left)
{
	size_t i;

	for (i = 0; i < p; i++) {
		if (fixed[i] || (over ? x[i] <= (double)cap : x[i] >= lo)) {
			continue;
		}
		fixed[i] = 1;
		x[i] = over ? (double)cap : lo;
		*left -= x[i];
		return 1;
	}
	return 0;
}

/*
 * The redistribution's RU/s of p ranges (remedy.h): total in proportion
 * to demand, each at most cap and at least PK_REMEDY_REDIST_MIN_RU (a
 * range the proportion puts outside gets the bound, the others share the
 * rest by demand, evenly where none has any; the caps are settled before
 * the least, so ranges of equal demand get equal RU/s), whole RU/s adding
 * up to total. p x the minimum <=
 * total (the caller checks). ru gets p entries.
 */
static void redist_shares(const int64_t *demand, size_t p, int64_t total,
			  int64_t cap, int64_t *ru)
{
	double *x = xcalloc(p, sizeof(*x));
	int *fixed = xcalloc(p, sizeof(*fixed));
	double left = (double)total, lo = PK_REMEDY_REDIST_MIN_RU;
	int again = 1;
	int64_t sum = 0;
	size_t i;

	while (again) {
		double d = 0;
		size_t open = 0;

		again = 0;
		for (i = 0; i < p; i++) {
			if (!fixed[i]) {
				d += (double)demand[i];
				open++;
			}
		}
		for (i = 0; i < p && open > 0; i++) {
			if (!fixed[i]) {
				x[i] = d > 0 ? left * (double)demand[i] / d
					     : left / (double)open;
			}
		}
		/* the caps first, then the least a range keeps: a range
		   fixed at the least before a capped range's excess is
		   shared out would keep it while the others it was equal
		   to got the excess */
		again = fix_one(x, fixed, p, cap, lo, 1, &left) ||
			fix_one(x, fixed, p, cap, lo, 0, &left);
	}
	for (i = 0; i < p; i++) {
		ru[i] = (int64_t)x[i];
		sum += ru[i];
	}
	/* the remainder (under one a range) one each to the busiest
	   ranges with room */
	while (sum < total) {
		size_t best = p;

		for (i = 0; i < p; i++) {
			if (ru[i] < cap &&
			    (best == p || demand[i] > demand[best])) {
				best = i;
			}
		}
		if (best == p) {
			break;
		}
		ru[best]++;
		sum++;
	}
	free(x);
	free(fixed);
}

/* The redistribution at the run's total, from demand (NULL: none
   measured) */
void search_redist(const struct remedy_task *t, const int64_t *demand)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_REDIST];
	struct pk_redist_spec *e;
	struct replay_change ch = {0, NULL, 0, NULL,	  0, 0, NULL,
				   0, 0,    0, REPLAY_RU, 0, 0};
	int64_t cap = r->cap_ru_per_s / (int64_t)r->created_partitions;
	size_t i, p = r->created_partitions;
	int rc;

	if (p < 2) {
		m->status = PK_REMEDY_NOT_APPLICABLE; /* nothing to shift */
		return;
	}
	m->status = PK_REMEDY_NOT_REPLAYED;
	if (r->autoscale) {
		m->why_not =
		    "a redistribution is replayed for manual RU/s only";
		return;
	}
	if (t->sc->n_phases > 0 && phases_act(t->sc)) {
		m->why_not = "the phases change the container, which a "
			     "redistribution set at t = 0 could not be held "
			     "beside";
		return;
	}
	if (!demand) {
		m->why_not = "no replay without a 429 on the existing layout "
			     "measured each range's demand";
		return;
	}
	if (r->start_ru_per_s < PK_REMEDY_REDIST_MIN_RU * (int64_t)p) {
		m->why_not = "the total is under 100 RU/s a range, the least a "
			     "redistribution gives a range (an ASSUMPTION)";
		return;
	}
	r->redist_ru = xcalloc(p, sizeof(*r->redist_ru));
	redist_shares(demand, p, r->start_ru_per_s, cap, r->redist_ru);
	e = xcalloc(p, sizeof(*e));
	for (i = 0; i < p; i++) {
		e[i].range_id = (uint32_t)i;
		e[i].ru_per_s = r->redist_ru[i];
	}
	ch.redist = e;
	ch.n = p;
	rc = probe_with(t, m, &ch, &m->after);
	if (rc >= 0) {
		m->status = rc ? PK_REMEDY_NOT_FOUND : PK_REMEDY_FOUND;
		m->setting = r->start_ru_per_s;
	}
	free(e);
}
