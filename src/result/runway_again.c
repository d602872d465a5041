/*
 * runway_again: a logical partition's growth in a step of the storage
 * runway given again, not worked out again, when the step's slices and
 * the partition's inputs are those of the last step it was worked out
 * for. runway_cand_add is a function of them alone (runway_grow.c), so
 * its figures for the same inputs are the same doubles: a workload whose
 * hours repeat (a cycle shorter than a step, a steady rate) costs its
 * projection one step's growth, not one for each of its 43,800 steps to
 * the horizon.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "runway_int.h"

/* Slices a step may have for its growth to be kept: a step of more
   (many streams, many stretches) is rarely like the last one, and
   comparing and copying them would cost what it saves */
#define PK_RW_AGAIN_SLICES 16

void runway_again_step(struct rw_again *a, const struct slice *x, size_t n)
{
	if (n == 0 || n > PK_RW_AGAIN_SLICES) {
		/* not kept: no candidate's growth is given again */
		a->n = 0;
		a->gen = 0;
		return;
	}
	if (a->gen > 0 && n == a->n &&
	    memcmp(a->prev, x, n * sizeof(*x)) == 0) {
		return;
	}
	if (!a->prev) {
		a->prev = xcalloc(PK_RW_AGAIN_SLICES, sizeof(*a->prev));
	}
	memcpy(a->prev, x, n * sizeof(*x));
	a->n = n;
	a->gen = a->last + 1;
	a->last = a->gen;
}

/* The same bytes: doubles alike bit for bit (-0 is not +0) */
static int same(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n) == 0;
}

/* Whether what of candidate c runway_cand_add reads besides the slices
   (ns streams) is what memo m kept */
static int memo_hit(const struct rw_memo *m, const struct cand *c, size_t ns)
{
	const struct rw_memo_in *in = &m->in;

	return in->g == c->g && in->range == (c->g ? c->g->range : 0) &&
	       in->kv_on == c->kv_on && in->burst == c->burst &&
	       same(&in->bank, &c->bank, sizeof(double)) &&
	       same(&in->del_q, &c->del_q, sizeof(double)) &&
	       same(&in->range_ru, &c->range_ru, sizeof(double)) &&
	       same(&in->find_share, &c->find_share, sizeof(double)) &&
	       same(&in->kv_share, &c->kv_share, sizeof(double)) &&
	       same(in->mass, c->mass, ns * sizeof(double)) &&
	       same(in->range_mass, c->range_mass, ns * sizeof(double)) &&
	       same(&in->retry, &c->retry, sizeof(c->retry));
}

/* ... kept into m */
static void memo_keep(struct rw_memo *m, const struct cand *c, size_t ns)
{
	struct rw_memo_in *in = &m->in;

	in->g = c->g;
	in->range = c->g ? c->g->range : 0;
	in->kv_on = c->kv_on;
	in->burst = c->burst;
	in->bank = c->bank;
	in->del_q = c->del_q;
	in->range_ru = c->range_ru;
	in->find_share = c->find_share;
	in->kv_share = c->kv_share;
	memcpy(in->mass, c->mass, ns * sizeof(double));
	memcpy(in->range_mass, c->range_mass, ns * sizeof(double));
	in->retry = c->retry;
}

double runway_cand_again(const struct pk_result_variant *v, struct cand *c,
			 const struct rw_again *a, const struct slice *x,
			 size_t n, size_t ns, const struct rw_pool *pool,
			 struct bite *b, double *del, double *part)
{
	struct rw_memo *m = &c->memo;
	double mine[PK_MAX_STREAMS], add;
	size_t k;

	if (a->gen > 0 && m->gen == a->gen && memo_hit(m, c, ns)) {
		*b = m->b;
		*del = m->del;
		c->bank = m->bank;
		c->retry = m->retry;
		for (k = 0; part && k < ns; k++) {
			part[k] += m->part[k];
		}
		return m->add;
	}
	/* its inputs before the call spends its burst credit */
	memo_keep(m, c, ns);
	/* its parts from 0, as the caller's are: 0 + a sum of them is
	   that sum, bit for bit (never -0 from a start at +0) */
	memset(mine, 0, sizeof(mine));
	add = runway_cand_add(v, c, x, n, ns, pool, b, del, mine);
	for (k = 0; part && k < ns; k++) {
		part[k] += mine[k];
	}
	m->gen = a->gen;
	m->b = *b;
	m->del = *del;
	m->bank = c->bank;
	m->retry = c->retry;
	m->add = add;
	memcpy(m->part, mine, sizeof(m->part));
	return add;
}

void runway_again_free(struct rw_again *a)
{
	free(a->prev);
	memset(a, 0, sizeof(*a));
}
