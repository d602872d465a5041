/*
 * rangelps: the logical partitions each range holds, for the work a
 * split does on the range it divides (where a storage split cuts, rule
 * 9, and the children's recount), so that a split costs the logical
 * partitions of its parent, not of the whole container. Built at the
 * first split from every logical partition, kept through splits and
 * merges; the logical partitions created since are placed at the next
 * split (pk_lp.index is in order of creation and none is ever removed,
 * so they are the indexes past rlps_upto). Nothing is kept while a
 * container never splits.
 */
#include "container.h"

#include <stdlib.h>
#include <string.h>

#include "container_int.h"
#include "pksim/base/mem.h"

void rangelps_free(struct pk_container *c)
{
	size_t i;

	for (i = 0; i < c->rlps_n; i++) {
		free(c->rlps[i].lps);
	}
	free(c->rlps);
	c->rlps = NULL;
	c->rlps_n = 0;
	c->rlps_cap = 0;
	c->rlps_upto = 0;
	c->rlps_gen = 0;
}

static void push(struct pk_range_lps *r, uint32_t x)
{
	mem_grow((void **)&r->lps, &r->cap, r->n + 1, sizeof(*r->lps));
	r->lps[r->n++] = x;
}

/* Place the logical partitions created since the last call in the
   ranges holding them (rule 10: the range whose [min, max) holds the
   EPK); build the lists first when there are none for this layout. */
static void sync(struct pk_container *c)
{
	uint64_t x;

	if (c->rlps_gen != c->pmap.gen) {
		rangelps_free(c);
		mem_grow((void **)&c->rlps, &c->rlps_cap, c->pmap.n,
			 sizeof(*c->rlps));
		memset(c->rlps, 0, c->pmap.n * sizeof(*c->rlps));
		c->rlps_n = c->pmap.n;
		c->rlps_gen = c->pmap.gen;
	}
	for (x = c->rlps_upto + 1; x <= c->n_lps; x++) {
		struct pk_epk e = container_lp_epk(container_lp(c, x));

		push(&c->rlps[pmap_find(&c->pmap, &e)], (uint32_t)x);
	}
	c->rlps_upto = c->n_lps;
}

const uint32_t *rangelps_of(struct pk_container *c, size_t i, size_t *n)
{
	sync(c);
	*n = c->rlps[i].n;
	return c->rlps[i].lps;
}

/* 1 if logical partition x lies before e in the key space. */
static int lp_before(const struct pk_container *c, uint32_t x,
		     const struct pk_epk *e)
{
	struct pk_epk le = container_lp_epk(container_lp(c, x));

	return epk_cmp(&le, e) < 0;
}

void rangelps_split(struct pk_container *c, size_t i)
{
	struct pk_range_lps *r, right = {NULL, 0, 0};
	const struct pk_epk *cut = &c->pmap.ranges[i + 1].min;
	size_t k, left = 0;

	if (c->rlps_gen + 1 != c->pmap.gen || c->rlps_n + 1 != c->pmap.n) {
		c->rlps_gen = 0; /* not this layout's parent: rebuilt */
		return;
	}
	mem_grow((void **)&c->rlps, &c->rlps_cap, c->pmap.n, sizeof(*c->rlps));
	memmove(&c->rlps[i + 2], &c->rlps[i + 1],
		(c->rlps_n - i - 1) * sizeof(*c->rlps));
	c->rlps_n++;
	r = &c->rlps[i];
	for (k = 0; k < r->n; k++) {
		if (lp_before(c, r->lps[k], cut)) {
			r->lps[left++] = r->lps[k];
		} else {
			push(&right, r->lps[k]);
		}
	}
	r->n = left;
	c->rlps[i + 1] = right;
	c->rlps_gen = c->pmap.gen;
}

void rangelps_merge(struct pk_container *c, size_t i)
{
	struct pk_range_lps *a, *b;
	size_t k;

	if (c->rlps_gen + 1 != c->pmap.gen || c->rlps_n != c->pmap.n + 1) {
		c->rlps_gen = 0;
		return;
	}
	a = &c->rlps[i];
	b = &c->rlps[i + 1];
	for (k = 0; k < b->n; k++) {
		push(a, b->lps[k]);
	}
	free(b->lps);
	memmove(&c->rlps[i + 1], &c->rlps[i + 2],
		(c->rlps_n - i - 2) * sizeof(*c->rlps));
	c->rlps_n--;
	c->rlps_gen = c->pmap.gen;
}
