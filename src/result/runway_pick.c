/*
 * runway_pick: the logical partitions the projection steps, chosen from
 * every group as they come, without sorting them all: the
 * PK_RUNWAY_CANDIDATES largest shares, then each range's largest among
 * the ranges those leave out, at most 2 x PK_RUNWAY_CANDIDATES in the
 * order of runway_group_order (runway.h has the rules). Memory is one
 * copy per range and per candidate kept, whatever the number of groups.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
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
