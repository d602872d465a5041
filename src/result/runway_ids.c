/*
 * runway_ids: a logical partition whose items are rewritten among a
 * pool of ids (runway.h, finite ids): how many of the ids it may hold
 * under the key, and what new items sent to it hold (the distinct ids
 * drawn, each at the mean item); and which of a data file's records
 * repeat an id already stored under their key.
 */
#include "runway_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* How v's key reads the id: 0 not at all, 1 whole, else the N of the
   hash(id) mod N parts it is read through only (by path: each stream
   has its own /id) */
static uint64_t key_reads_id(const struct pk_result_variant *v,
			     const struct pk_scenario *sc)
{
	struct pk_key_reads kr;
	uint64_t how = 0;
	size_t i;

	v->service_queries->key_reads(v->key, sc, &kr);
	for (i = 0; i < kr.n_refs && i < PK_QUERY_KEY_REFS; i++) {
		if (kr.prop[i] < 0 || (size_t)kr.prop[i] >= sc->n_props ||
		    strcmp(sc->props[kr.prop[i]].path, "/id") != 0) {
			continue;
		}
		if (kr.hash_mod[i] == 0) {
			return 1;
		}
		how = how == 0 || kr.hash_mod[i] < how ? kr.hash_mod[i] : how;
	}
	return how;
}

/* The ids of the most numerous hash class of r (its values' classes,
   runway_key_refs; several streams, stream k's own), 0 when r has none */
static uint64_t class_most(const struct refinfo *r, size_t k)
{
	const double *n = r->scmass[0] ? r->sccount[k] : r->ccount;
	double most = 0;
	uint64_t j;

	if (!n || r->n_cls == 0) {
		return 0;
	}
	for (j = 0; j < r->n_cls; j++) {
		most = n[j] > most ? n[j] : most;
	}
	return (uint64_t)llround(most);
}

/* The ids one logical partition of v's key holds at most when the key
   reads the id only through hash(id) mod N parts: the most of any one
   hash class of stream k's own ids, each id hashed as the key hashes
   it (refs' classes); 0 when refs hold no classes for it */
static uint64_t ids_hashed_most(const struct pk_result_variant *v,
				const struct pk_scenario *sc,
				const struct refinfo *refs, size_t k)
{
	struct pk_key_reads kr;
	uint64_t most = 0, m;
	size_t i;

	if (!refs) {
		return 0;
	}
	v->service_queries->key_reads(v->key, sc, &kr);
	for (i = 0; i < kr.n_refs && i < PK_QUERY_KEY_REFS; i++) {
		if (kr.prop[i] < 0 || (size_t)kr.prop[i] >= sc->n_props ||
		    strcmp(sc->props[kr.prop[i]].path, "/id") != 0 ||
		    kr.hash_mod[i] == 0) {
			continue;
		}
		m = class_most(&refs[i], k);
		if (m == 0) {
			return 0;
		}
		most = most == 0 || m < most ? m : most;
	}
	return most;
}

/* The largest item stream one's phases write, and any phase of sc's
   that replaces (its target drawn from every stream's stored items at
   the send, a pool's among them), bytes */
static double largest_item(const struct pk_scenario *one,
			   const struct pk_scenario *sc)
{
	double most = 0;
	size_t i;

	for (i = 0; i < one->n_phases; i++) {
		double l = runway_largest_size(&one->phases[i].item_size);

		most = l > most ? l : most;
	}
	for (i = 0; i < sc->n_phases; i++) {
		double l = runway_largest_size(&sc->phases[i].item_size);

		if (sc->phases[i].mix[PK_OP_REPLACE] > 0) {
			most = l > most ? l : most;
		}
	}
	return most;
}

int runway_id_pool(const struct pk_result_variant *v,
		   const struct pk_scenario *sc, const struct refinfo *refs,
		   size_t k, double factor, struct id_pool *pool,
		   struct pk_runway *rw)
{
	const double cap = (double)v->spec->lp_storage_bytes;
	struct pk_scenario one;
	const struct pk_prop_spec *idp;
	double largest;
	uint64_t how, n, exact;

	pool->n = pool->mean = 0;
	pool->seq = 0;
	runway_stream_view(sc, k, &one);
	idp = scenario_find_prop(&one, "/id");
	if (!idp || (idp->kind != PK_GEN_PATTERN && idp->kind != PK_GEN_LIST)) {
		return 0;
	}
	how = key_reads_id(v, sc);
	exact = how > 1 ? ids_hashed_most(v, sc, refs, k) : 0;
	n = how == 0   ? idp->count
	    : how == 1 ? 1
	    : exact    ? exact
		       : (idp->count + how - 1) / how;
	largest = largest_item(&one, sc) * factor;
	pool->n = (double)n;
	pool->mean = runway_mean_item(&one) * factor;
	pool->seq = idp->dist.kind == PK_DIST_SEQUENTIAL;
	if (pool->n * largest < cap || pool->n * pool->mean < cap) {
		rw->ids = n;
		rw->ids_pool = idp->count;
		rw->ids_mod = how > 1 ? how : 0;
		rw->ids_exact = exact > 0;
		rw->ids_mean = pool->n * largest >= cap;
		rw->bound_bytes =
		    pool->n * (rw->ids_mean ? pool->mean : largest);
		return 1;
	}
	return 0;
}

double runway_pool_new_bytes(const struct id_pool *p, double room)
{
	double all = p->n * p->mean;

	if (p->n <= 0 || room <= 0) {
		return room;
	}
	if (room >= all) {
		return HUGE_VAL;
	}
	return p->seq ? room : -all * log1p(-room / all);
}

double runway_pool_held(const struct id_pool *p, double sent)
{
	double all = p->n * p->mean;

	if (p->n <= 0) {
		return sent;
	}
	if (p->seq) {
		return sent < all ? sent : all;
	}
	return all * -expm1(-sent / all);
}

double runway_pool_growth(const struct id_pool *p, int raw, double held)
{
	if (p->n <= 0 || p->seq || raw) {
		return 1.0;
	}
	return 1.0 - held / (p->n * p->mean);
}

/* Codes a set holds at most per slot before it doubles: half full */
#define PK_RW_IDSET_LOAD 2

uint64_t runway_id_code(const unsigned char *key, size_t key_len,
			const char *id, size_t id_len)
{
	/* FNV-1a, 64 bits, over the key's bytes, a 0 and the id's */
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < key_len; i++) {
		h = (h ^ key[i]) * 1099511628211ULL;
	}
	h = (h ^ 0) * 1099511628211ULL;
	for (i = 0; i < id_len; i++) {
		h = (h ^ (unsigned char)id[i]) * 1099511628211ULL;
	}
	return h;
}

/* Place code in s's slots (room for it), 1 when it was not there */
static int idset_put(struct rw_idset *s, uint64_t code)
{
	size_t at = (size_t)(code ^ (code >> 29)) & (s->cap - 1);

	while (s->slot[at] != 0) {
		if (s->slot[at] == code) {
			return 0;
		}
		at = (at + 1) & (s->cap - 1);
	}
	s->slot[at] = code;
	s->n++;
	return 1;
}

int runway_idset_add(struct rw_idset *s, uint64_t code)
{
	if (code == 0) {
		int fresh = !s->zero;

		s->zero = 1;
		return fresh;
	}
	if ((s->n + 1) * PK_RW_IDSET_LOAD > s->cap) {
		struct rw_idset g = {NULL, s->cap ? s->cap * 2 : 1024, 0,
				     s->zero};
		size_t i;

		g.slot = xcalloc(g.cap, sizeof(*g.slot));
		for (i = 0; i < s->cap; i++) {
			if (s->slot[i] != 0) {
				idset_put(&g, s->slot[i]);
			}
		}
		free(s->slot);
		*s = g;
	}
	return idset_put(s, code);
}

void runway_idset_free(struct rw_idset *s)
{
	free(s->slot);
	memset(s, 0, sizeof(*s));
}
