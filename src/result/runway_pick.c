/*
 * runway_pick: the logical partitions the projection steps, chosen from
 * every group as they come, without sorting them all: the
 * PK_RUNWAY_CANDIDATES largest shares, then each range's largest among
 * the ranges those leave out, at most 2 x PK_RUNWAY_CANDIDATES in the
 * order of runway_group_order (runway.h has the rules). Memory is one
 * copy per range and per candidate kept, whatever the number of groups.
 * And where the groups come from (runway_find_groups: the snapshot's
 * values, the distributions or the run), the share no item drew
 * (runway_unseen_spread) and a random-suffix reader's ranges
 * (runway_find_shares), for runway_step.c's projection.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "pksim/result/runway.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"
#include "runway_int.h"

int runway_group_order(const struct group *a, const struct group *b)
{
	size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
	double sa, sb;
	int d;

	if (a->mass != b->mass) {
		return a->mass < b->mass ? 1 : -1;
	}
	/* at equal shares, the one preloaded with more: a step of 1e-30 of
	   a byte, below any share that differs */
	sa = a->mass + a->start * 1e-30;
	sb = b->mass + b->start * 1e-30;
	if (sa != sb) {
		return sa < sb ? 1 : -1;
	}
	d = memcmp(a->key, b->key, n);
	return d != 0 ? d
		      : (a->key_len > b->key_len) - (a->key_len < b->key_len);
}

void runway_pick_init(struct rw_pick *p, size_t n_ranges, size_t n_streams)
{
	memset(p, 0, sizeof(*p));
	p->n_ranges = n_ranges;
	p->n_streams = n_streams;
	if (n_streams > 1) {
		p->range_smass = xcalloc((n_ranges + 1) * n_streams,
					 sizeof(*p->range_smass));
	}
	p->range_mass = xcalloc(n_ranges + 1, sizeof(*p->range_mass));
	p->best = xcalloc(n_ranges + 1, sizeof(*p->best));
	p->has = xcalloc(n_ranges + 1, 1);
}

/* Restore the heap below slot i: each parent after its children in
   order, so top[0] is the last of those kept. */
static void sift_down(struct group *top, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct group t;

		if (l < n && runway_group_order(&top[l], &top[m]) > 0) {
			m = l;
		}
		if (r < n && runway_group_order(&top[r], &top[m]) > 0) {
			m = r;
		}
		if (m == i) {
			return;
		}
		t = top[i];
		top[i] = top[m];
		top[m] = t;
		i = m;
	}
}

static void sift_up(struct group *top, size_t i)
{
	while (i > 0) {
		size_t up = (i - 1) / 2;
		struct group t;

		if (runway_group_order(&top[i], &top[up]) <= 0) {
			return;
		}
		t = top[i];
		top[i] = top[up];
		top[up] = t;
		i = up;
	}
}

void runway_pick_add(struct rw_pick *p, const struct group *g)
{
	size_t r = g->range < p->n_ranges ? g->range : p->n_ranges;

	p->n_groups++;
	p->range_mass[r] += g->mass;
	if (g->smass && p->range_smass) {
		size_t k;

		for (k = 0; k < p->n_streams; k++) {
			p->range_smass[r * p->n_streams + k] += g->smass[k];
		}
	}
	/* a smaller share comes later whatever else: most groups stop at
	   that */
	if (!p->has[r] || (g->mass >= p->best[r].mass &&
			   runway_group_order(g, &p->best[r]) < 0)) {
		p->best[r] = *g;
		p->has[r] = 1;
	}
	if (p->n_top < PK_RUNWAY_CANDIDATES) {
		p->top[p->n_top] = *g;
		sift_up(p->top, p->n_top++);
	} else if (g->mass >= p->top[0].mass &&
		   runway_group_order(g, &p->top[0]) < 0) {
		p->top[0] = *g;
		sift_down(p->top, p->n_top, 0);
	}
}

static int order_cmp(const void *a, const void *b)
{
	return runway_group_order(a, b);
}

size_t runway_pick_done(struct rw_pick *p, struct group *out)
{
	char *took = xcalloc(p->n_ranges + 1, 1);
	struct group *all = xcalloc(p->n_top + p->n_ranges + 1, sizeof(*all));
	size_t n = 0, i;

	/* the largest shares, and the ranges none of them is in */
	for (i = 0; i < p->n_top; i++) {
		size_t r = p->top[i].range < p->n_ranges ? p->top[i].range
							 : p->n_ranges;

		took[r] = 1;
		all[n++] = p->top[i];
	}
	for (i = 0; i <= p->n_ranges; i++) {
		if (p->has[i] && !took[i]) {
			all[n++] = p->best[i];
		}
	}
	qsort(all, n, sizeof(*all), order_cmp);
	if (n > 2 * PK_RUNWAY_CANDIDATES) {
		n = 2 * PK_RUNWAY_CANDIDATES;
	}
	memcpy(out, all, n * sizeof(*out));
	free(all);
	free(took);
	return n;
}

void runway_pick_free(struct rw_pick *p)
{
	free(p->range_mass);
	free(p->range_smass);
	free(p->best);
	free(p->has);
	memset(p, 0, sizeof(*p));
}

/* Whether a phase of sc sends transactional batches */
static int sends_batches(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		if (sc->phases[i].mix[PK_OP_BATCH] > 0) {
			return 1;
		}
	}
	return 0;
}

/* The share of the values no item of the run drew (each stream's, when
   kept per stream) added to the ranges' evenly (ASSUMPTION: their hashes
   spread over the key space), so the writes a range's RU/s serves count
   them too; shares from the run (share_from_run) sum to 1 already */
void runway_unseen_spread(struct rw_pick *p)
{
	const size_t nr = p->n_ranges ? p->n_ranges : 1;
	const size_t ns = p->range_smass ? p->n_streams : 1;
	size_t r, k;

	for (k = 0; k < ns; k++) {
		double *m = p->range_smass ? p->range_smass : p->range_mass;
		size_t step = p->range_smass ? ns : 1,
		       off = p->range_smass ? k : 0;
		double sum = 0, left;

		for (r = 0; r <= p->n_ranges; r++) {
			sum += m[r * step + off];
		}
		left = 1.0 - sum;
		if (left <= 0 || sum <= 0) {
			continue;
		}
		for (r = 0; r < nr; r++) {
			m[r * step + off] += left / (double)nr;
		}
	}
}

/* The groups (logical partitions) of p's workload offered to pick: from
   the snapshot's values when it maps them (returns 1), else from the
   distributions or the run into *tab (returns 0), the streams the run's
   window gave no item drawn apart (apart, moved) */
int runway_find_groups(const struct pk_snapshot *s, const struct rw_proj *p,
		       const struct refinfo *refs, double spread, int by_dist,
		       double each, const double *weight, struct group **tab,
		       struct pk_workload **apart, struct pk_scenario *moved,
		       struct rw_pick *pick, struct pk_runway *rw)
{
	const struct pk_result_variant *v = p->v;
	const struct pk_scenario *sc = p->sc;
	struct group *g, *tmp;

	/* the snapshot maps a value to its logical partition when a point
	   write reaches it, never a batch: a workload that sends batches
	   takes its groups from the distributions */
	const int latest =
	    by_dist && runway_latest_prop(v, sc, refs, spread) >= 0;

	if (by_dist && p->ns == 1 && !rw->drawn_apart && !sends_batches(sc) &&
	    runway_groups_from_values(s, v, sc, refs, spread, each, pick)) {
		/* a key drawn latest: its newest value, drawn or not */
		if (latest) {
			rw->latest = runway_latest_newest(s, v, sc, p->w, refs,
							  tab, pick)
					 ? refs[0].count
					 : 0;
		} else if (!p->time_key &&
			   runway_groups_heavy(v, sc, p->w, refs, spread,
					       s->value_lps, s->n_value_lps,
					       tab)) {
			/* the values of most mass no request carried: *tab
			   held none before, so it holds just those */
			if (each > 0) {
				runway_preload_start(s, v, tab);
			}
			HASH_ITER(hh, *tab, g, tmp)
			{
				runway_pick_add(pick, g);
			}
		}
		return 1;
	}
	if (by_dist) {
		runway_groups_from_dists(v, sc, p->w, refs, spread, weight,
					 sc->clock_start_s, -1, tab);
		if (latest) {
			rw->latest = runway_latest_newest(s, v, sc, p->w, refs,
							  tab, NULL)
					 ? refs[0].count
					 : 0;
		} else if (!p->time_key) {
			runway_groups_heavy(v, sc, p->w, refs, spread, NULL, 0,
					    tab);
		}
		if (p->ns > 1 &&
		    runway_groups_apart(v, sc, p->w, refs, spread, weight, tab,
					apart, moved) > 0 &&
		    !rw->drawn_apart) {
			rw->drawn_apart = 2;
		}
	} else {
		runway_groups_from_run(s, v, tab);
		if (p->ns > 1) {
			/* each stream's own shares, a stream the run's window
			   gave no item drawn apart */
			runway_groups_counted(v, sc, p->w, weight, -1, tab);
			if (runway_groups_apart(v, sc, p->w, NULL, 0, weight,
						tab, apart, moved) > 0 &&
			    !rw->drawn_apart) {
				rw->drawn_apart = 2;
			}
		}
		rw->share_from_run = 1;
	}
	if (each > 0) {
		runway_preload_start(s, v, tab);
	}
	HASH_ITER(hh, *tab, g, tmp)
	{
		runway_pick_add(pick, g);
	}
	return 0;
}

/* Each range's part of a random-suffix reader's IN list (rule 38), into
   share[0 .. n_ranges] (cand.find_share): the list names every value of
   the suffix, so it runs on the ranges those lie in, each alike
   (ASSUMPTION with several values less the suffix: every item's list
   visits the ranges any of them does), from pick's shares before the
   values no item drew are spread; 1 / the ranges where the values are
   not told apart (runway_random_values 1: the list is spread) */
void runway_find_shares(const struct pk_result_variant *v,
			const struct rw_pick *pick, double *share)
{
	size_t r, held = 0, n = pick->n_ranges;

	for (r = 0; r < n; r++) {
		held += pick->range_mass[r] > 0;
	}
	for (r = 0; r <= n; r++) {
		share[r] = r == n ? 0
			   : runway_random_values(v) <= 1 || held == 0
			       ? 1.0 / (double)n
			   : pick->range_mass[r] > 0 ? 1.0 / (double)held
						     : 0;
	}
}
