/*
 * lptable: a container's table of logical partitions (keyed by the
 * identity bytes of the partition key value), its per-item slots, and the
 * ids its logical partitions hold when requests carry ids that may repeat
 * (unique within a logical partition). The lookups on every request's
 * path are inline in container_int.h.
 *
 * Logical partitions sit in a pool of fixed blocks (pk_lp, 64 bytes; they
 * never move, so pointers to them stay valid), their key bytes in an arena
 * of 64 KiB blocks (their EPK bytes too where the EPK is not the V2 hash
 * of the key bytes: PK_LP_EPK_OF_KEY), and an open-addressing index
 * (linear probing, at most 7/8 full, each slot tagged with bits of the
 * key's hash) maps key bytes to their index: 4 bytes a slot, 4.6 to 9.1 a
 * logical partition, where a chained hash table (a handle and a heap node per
 * entry) takes hundreds. The index is off the hot path of generated keys
 * (sim.c's per-value cache asks it once per value), so memory, not lookup
 * speed, decides. Iteration is by index, in order of creation.
 */
#include "container.h"

#include <stdlib.h>
#include <string.h>

#include "container_int.h"
#include "pksim/base/diag.h"
#include "pksim/base/mem.h"

/* One cache line a logical partition: memory per logical partition bounds
   how many a run can hold. */
_Static_assert(sizeof(struct pk_lp) == 64, "pk_lp is 64 bytes");
/* A block of the pool is whole huge pages (xhuge_alloc). */
_Static_assert(PK_LP_BLOCK * sizeof(struct pk_lp) % PK_MEM_HUGE_BYTES == 0,
	       "a pool block is whole huge pages");

/* Bytes of a block of the key arena; an entry longer gets its own. */
#define PK_LP_ARENA_BLOCK 65536

const struct pk_lp *container_find_lp(const struct pk_container *c,
				      const unsigned char *key, size_t len)
{
	return lptable_find(c, key, len);
}

/* len bytes of the arena that never move. */
static unsigned char *arena_take(struct pk_container *c, size_t len)
{
	unsigned char *p;

	if (c->arena_n == 0 || c->arena_block - c->arena_used < len) {
		mem_grow((void **)&c->arena, &c->arena_cap, c->arena_n + 1,
			 sizeof(*c->arena));
		c->arena_block =
		    len > PK_LP_ARENA_BLOCK ? len : PK_LP_ARENA_BLOCK;
		c->arena[c->arena_n++] = xmalloc(c->arena_block);
		c->arena_used = 0;
	}
	p = c->arena[c->arena_n - 1] + c->arena_used;
	c->arena_used += len;
	return p;
}

/* Put index i of key into the index (it is not there; there is room),
   with its tag (lptable_tag). */
static void slot_put(struct pk_container *c, const unsigned char *key,
		     size_t len, uint32_t i)
{
	uint64_t h = lptable_hash(key, len);
	size_t k = (size_t)h & c->lp_slot_mask;

	while (c->lp_slots[k]) {
		k = (k + 1) & c->lp_slot_mask;
	}
	c->lp_slots[k] = i | lptable_tag(c, h);
}

/* Keep the index at most 7/8 full once a logical partition is added
   (4.6 to 9.1 bytes of index per logical partition, not 8 to 16 at half
   full). Linear probing that full walks long
   runs of slots (about 32 for a key not there at 7/8), but the tags make
   a slot of another key cost a 4-byte read from a run of consecutive
   slots, not a read of its logical partition; and generated keys ask the
   index once per value (sim.c's per-value cache). */
static void slots_reserve(struct pk_container *c)
{
	size_t n = c->lp_slots ? c->lp_slot_mask + 1 : 0, m;
	uint64_t i;
	unsigned bits = 0;

	if ((c->n_lps + 1) * 8 <= n * 7) {
		return;
	}
	m = n ? n * 2 : 1024;
	while (bits < 32 && ((size_t)1 << bits) < m) {
		bits++;
	}
	free(c->lp_slots);
	c->lp_slots = xcalloc(m, sizeof(*c->lp_slots));
	c->lp_slot_mask = m - 1;
	c->lp_slot_bits = bits;
	for (i = 1; i <= c->n_lps; i++) {
		const struct pk_lp *lp = container_lp(c, i);

		slot_put(c, lp->key, lp->key_len, (uint32_t)i);
	}
}

struct pk_lp *lptable_add(struct pk_container *c, const unsigned char *key,
			  size_t len, const struct pk_epk *epk)
{
	uint64_t i = c->n_lps + 1;
	unsigned char *bytes;
	struct pk_lp *lp;

	if (i > UINT32_MAX || len > UINT16_MAX) {
		PK_BUG("lptable: logical partition %llu, key of %zu bytes",
		       (unsigned long long)i, len);
	}
	slots_reserve(c);
	if (((i - 1) & (PK_LP_BLOCK - 1)) == 0) {
		size_t b = (size_t)((i - 1) >> PK_LP_BLOCK_BITS);

		mem_grow((void **)&c->lp_blocks, &c->lp_blocks_cap, b + 1,
			 sizeof(*c->lp_blocks));
		/* 64-byte records on 64-byte boundaries: one cache line
		   each; a block is one 2 MiB huge page where the system
		   gives them (the pool is read at random, one record an
		   operation: with 4 KiB pages a million logical partitions
		   span 15,000 pages and the record's address translation
		   missed as often as its line) */
		c->lp_blocks[b] =
		    xhuge_alloc(PK_LP_BLOCK * sizeof(struct pk_lp));
	}
	c->n_lps = i;
	lp = container_lp(c, i);
	memset(lp, 0, sizeof(*lp));
	bytes = arena_take(c, len + (c->lp_epk_of_key ? 0 : epk->len));
	memcpy(bytes, key, len);
	lp->key = bytes;
	lp->key_len = (uint16_t)len;
	if (c->lp_epk_of_key) {
		/* pkey_build's EPK of such a key is the V2 hash of these
		   bytes: container_lp_epk computes it again */
		lp->epk_len = PK_LP_EPK_OF_KEY;
	} else {
		memcpy(bytes + len, epk->b, epk->len);
		lp->epk_len = epk->len;
	}
	lp->first_grow_ms = -1;
	lp->last_write_ms = -1;
	lp->index = (uint32_t)i;
	slot_put(c, key, len, lp->index);
	if (c->lp_groups_on) {
		lpgroup_add(c, lp);
	}
	return lp;
}

void lptable_widen(struct pk_container *c, struct pk_lp *lp)
{
	struct pk_lp_wide *w;
	size_t k;

	if (lp->wide) {
		return;
	}
	if (c->n_lp_wide >= UINT32_MAX) {
		PK_BUG("lptable: %zu wide records", c->n_lp_wide);
	}
	mem_grow((void **)&c->lp_wide, &c->lp_wide_cap, c->n_lp_wide + 1,
		 sizeof(*c->lp_wide));
	w = &c->lp_wide[c->n_lp_wide];
	for (k = 0; k < PK_LP_COUNTS; k++) {
		w->count[k] = lp->count[k];
		lp->count[k] = PK_LP_WIDE_MARK;
	}
	lp->count[PK_LP_GROW_BASE] = (uint32_t)c->n_lp_wide++;
	lp->wide = 1;
}

uint64_t lptable_count_add_wide(struct pk_container *c, struct pk_lp *lp,
				enum pk_lp_count k, uint64_t d)
{
	uint64_t *w;

	if (d == 0) {
		return container_lp_count(c, lp, k);
	}
	lptable_widen(c, lp);
	w = &c->lp_wide[lp->count[PK_LP_GROW_BASE]].count[k];
	if (d >> 63 || *w + d < d) {
		PK_BUG("lptable: counter %d of logical partition %u passes "
		       "64 bits",
		       (int)k, lp->index);
	}
	*w += d;
	return *w;
}

uint64_t lptable_count_sub(struct pk_container *c, struct pk_lp *lp,
			   enum pk_lp_count k, uint64_t d)
{
	uint64_t have = container_lp_count(c, lp, k);

	if (have < d) {
		PK_BUG("lptable: counter %d of logical partition %u below 0",
		       (int)k, lp->index);
	}
	if (lp->wide) {
		c->lp_wide[lp->count[PK_LP_GROW_BASE]].count[k] = have - d;
	} else {
		lp->count[k] = (uint32_t)(have - d);
	}
	return have - d;
}

struct pk_lp_rare *lptable_rare_new(struct pk_container *c, struct pk_lp *lp)
{
	size_t n = c->n_lp_rare ? c->n_lp_rare : 1;

	if (lp->rare) {
		PK_BUG("lptable: logical partition %u has a rare record",
		       lp->index);
	}
	if (n >= UINT32_MAX) {
		PK_BUG("lptable: %zu rare records", n);
	}
	mem_grow((void **)&c->lp_rare, &c->lp_rare_cap, n + 1,
		 sizeof(*c->lp_rare));
	memset(&c->lp_rare[n], 0, sizeof(c->lp_rare[n]));
	c->lp_rare[n].full_at_ms = -1;
	c->n_lp_rare = n + 1;
	lp->rare = (uint32_t)n;
	return &c->lp_rare[n];
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

int lptable_id_taken_of(const struct pk_container *c, const struct pk_lp *lp,
			const struct pk_request *r)
{
	return lptable_id_holder_of(c, lp, r) != PK_LP_NO_HOLDER;
}

/* The item other than r's own that holds r's id in lp with bytes
   stored, expired by its time to live or not as expired says;
   PK_LP_NO_HOLDER when none */
static uint64_t id_holder(const struct pk_container *c, const struct pk_lp *lp,
			  const struct pk_request *r, int expired)
{
	struct pk_id_key k;
	const struct pk_id_entry *e;

	k = id_key(lp, r);
	e = find_id(c, &k);
	return e && e->item != r->item &&
		       lptable_stored_bytes(c, e->item) > 0 &&
		       container_ttl_expired(c, e->item) == expired
		   ? e->item
		   : PK_LP_NO_HOLDER;
}

uint64_t lptable_id_holder_of(const struct pk_container *c,
			      const struct pk_lp *lp,
			      const struct pk_request *r)
{
	return id_holder(c, lp, r, 0);
}

uint64_t lptable_id_expired_holder(const struct pk_container *c,
				   const struct pk_lp *lp,
				   const struct pk_request *r)
{
	return id_holder(c, lp, r, 1);
}

void lptable_note_id_of(struct pk_container *c, const struct pk_lp *lp,
			const struct pk_request *r, int stored)
{
	struct pk_id_key k;
	struct pk_id_entry *e;

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
	struct pk_id_entry *e, *etmp;
	size_t b;

	HASH_ITER(hh, c->ids, e, etmp)
	{
		HASH_DEL(c->ids, e);
		free(e);
	}
	for (b = 0; b < c->lp_blocks_cap && c->lp_blocks; b++) {
		if ((uint64_t)b * PK_LP_BLOCK < c->n_lps) {
			xhuge_free(c->lp_blocks[b],
				   PK_LP_BLOCK * sizeof(struct pk_lp));
		}
	}
	free(c->lp_blocks);
	for (b = 0; b < c->arena_n; b++) {
		free(c->arena[b]);
	}
	free(c->arena);
	free(c->lp_slots);
	lpgroup_free(c);
	free(c->lp_rare);
	free(c->lp_wide);
	c->lp_wide = NULL;
	c->n_lp_wide = 0;
	c->lp_blocks = NULL;
	c->arena = NULL;
	c->lp_slots = NULL;
	c->lp_rare = NULL;
	c->n_lps = 0;
	c->arena_n = 0;
	c->n_lp_rare = 0;
}
