/*
 * lpgroup: the logical partitions under each key prefix (container_int.h),
 * for charging a targeted query (a hierarchical prefix or an IN list) to
 * the logical partitions it reads (container_query.c). A group is keyed by
 * EPK bytes: for a hierarchical key every leading 16-byte level of a
 * logical partition's EPK (reference §6: a prefix of j levels is the first
 * 16 x j bytes of its full keys' EPKs), for any other key the full EPK (an
 * IN list's values are points). Built the first time a targeted query asks
 * and kept up to date as logical partitions are added, so a run without
 * such queries pays nothing for it. Invariant once built: every logical
 * partition is in each group its EPK's prefixes name, once.
 */
#include <stdlib.h>
#include <string.h>

#include "container_int.h"
#include "pksim/base/mem.h"

/* bytes of one level of a MultiHash EPK (epk_hash_multi) */
#define PK_LPGROUP_LEVEL_BYTES 16

struct pk_lp_group {
	UT_hash_handle hh;
	uint32_t *lps; /* owned; logical partition indexes, in order added */
	size_t n, cap;
	uint8_t len;		       /* bytes of epk */
	uint8_t epk[PK_EPK_MAX_BYTES]; /* the prefix's EPK bytes */
};

static struct pk_lp_group *group_get(struct pk_container *c, const uint8_t *b,
				     size_t len)
{
	struct pk_lp_group *g = NULL;

	HASH_FIND(hh, c->lp_groups, b, len, g);
	if (!g) {
		g = xcalloc(1, sizeof(*g));
		g->len = (uint8_t)len;
		memcpy(g->epk, b, len);
		HASH_ADD(hh, c->lp_groups, epk[0], len, g);
	}
	return g;
}

static void group_put(struct pk_container *c, const uint8_t *b, size_t len,
		      uint32_t index)
{
	struct pk_lp_group *g = group_get(c, b, len);

	mem_grow((void **)&g->lps, &g->cap, g->n + 1, sizeof(*g->lps));
	g->lps[g->n++] = index;
}

void lpgroup_add(struct pk_container *c, const struct pk_lp *lp)
{
	struct pk_epk e = container_lp_epk(lp);
	size_t j;

	if (c->spec.key.kind == PK_KEY_HIERARCHICAL) {
		for (j = PK_LPGROUP_LEVEL_BYTES; j < e.len;
		     j += PK_LPGROUP_LEVEL_BYTES) {
			group_put(c, e.b, j, lp->index);
		}
	}
	group_put(c, e.b, e.len, lp->index);
}

const uint32_t *lpgroup_find(struct pk_container *c, const struct pk_epk *e,
			     size_t *n)
{
	struct pk_lp_group *g = NULL;
	uint64_t i;

	if (!c->lp_groups_on) {
		c->lp_groups_on = 1;
		for (i = 1; i <= c->n_lps; i++) {
			lpgroup_add(c, container_lp(c, i));
		}
	}
	HASH_FIND(hh, c->lp_groups, e->b, e->len, g);
	*n = g ? g->n : 0;
	return g ? g->lps : NULL;
}

void lpgroup_free(struct pk_container *c)
{
	struct pk_lp_group *g, *tmp;

	HASH_ITER(hh, c->lp_groups, g, tmp)
	{
		HASH_DEL(c->lp_groups, g);
		free(g->lps);
		free(g);
	}
	c->lp_groups_on = 0;
}
