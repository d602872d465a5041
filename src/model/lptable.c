/*
 * lptable: a container's table of logical partitions (keyed by the
 * identity bytes of the partition key value), its per-item slots, and the
 * ids its logical partitions hold when requests carry ids that may repeat
 * (unique within a logical partition). The lookups on every request's
 * path are inline in container_int.h.
 */
#include "pksim/model/container.h"

#include <stdlib.h>
#include <string.h>

#include "container_int.h"
#include "pksim/base/mem.h"

const struct pk_lp *container_find_lp(const struct pk_container *c,
				      const unsigned char *key, size_t len)
{
	return lptable_find(c, key, len);
}

struct pk_lp *lptable_add(struct pk_container *c, const unsigned char *key,
			  size_t len, struct pk_epk epk)
{
	struct pk_lp *lp = xcalloc(1, sizeof(*lp) + len);

	memcpy(lp->key, key, len);
	lp->key_len = (uint32_t)len;
	lp->epk = epk;
	lp->full_at_ms = -1;
	lp->first_grow_ms = -1;
	lp->last_grow_ms = -1;
	lp->index = ++c->next_lp;
	HASH_ADD(hh, c->lps, key, len, lp);
	c->n_lps++;
	if (c->ttl) {
		container_ttl_note_lp(c, lp);
	}
	return lp;
}

static struct pk_id_key id_key(const struct pk_lp *lp,
			       const struct pk_request *r)
{
	struct pk_id_key k;
	uint64_t h2;

	memset(&k, 0, sizeof(k));
	k.lp = lp->index;
	epk_murmur3_x64_128(r->id, r->id_len, 0, &k.hash, &h2);
	return k;
}

static struct pk_id_entry *find_id(const struct pk_container *c,
				   const struct pk_id_key *k)
{
	struct pk_id_entry *e = NULL;

	HASH_FIND(hh, c->ids, k, sizeof(*k), e);
	return e;
}

/* 1 if another stored item of lp holds r's id (a create is a 409). */
int lptable_id_taken(const struct pk_container *c, const struct pk_lp *lp,
		     const struct pk_request *r)
{
	struct pk_id_key k;
	const struct pk_id_entry *e;

	if (!r->id) {
		return 0;
	}
	k = id_key(lp, r);
	e = find_id(c, &k);
	/* an expired holder is gone for requests (rule 28) */
	return e && e->item != r->item &&
	       lptable_stored_bytes(c, e->item) > 0 &&
	       !container_ttl_expired(c, e->item);
}

/* Record (stored = 1) or forget r's id in lp. */
void lptable_note_id(struct pk_container *c, const struct pk_lp *lp,
		     const struct pk_request *r, int stored)
{
	struct pk_id_key k;
	struct pk_id_entry *e;

	if (!r->id) {
		return;
	}
	k = id_key(lp, r);
	e = find_id(c, &k);
	if (stored && !e) {
		e = xcalloc(1, sizeof(*e));
		e->k = k;
		HASH_ADD(hh, c->ids, k, sizeof(e->k), e);
	}
	if (stored) {
		e->item = r->item;
	} else if (e && e->item == r->item) {
		HASH_DEL(c->ids, e);
		free(e);
	}
}

void lptable_free(struct pk_container *c)
{
	struct pk_lp *lp, *tmp;
	struct pk_id_entry *e, *etmp;

	HASH_ITER(hh, c->ids, e, etmp)
	{
		HASH_DEL(c->ids, e);
		free(e);
	}
	HASH_ITER(hh, c->lps, lp, tmp)
	{
		HASH_DEL(c->lps, lp);
		free(lp);
	}
}
