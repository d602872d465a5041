/*
 * cosmos_preload: the container's data at t = 0 (`preload:`),
 * stored in each variant's container before the clock starts and charged
 * nothing (container_preload), each item under the variant's key.
 *
 * - Items per value of a generated property P: value i of P's generator
 *   holds n_i items (a fixed number, a uniform draw from the scenario's
 *   seed, or a total under Zipf's law). A variant whose key reads P alone
 *   (a path /P, or a template over P without {random}) stores them in
 *   each value's logical partition: one key built per value, never one
 *   per item. A variant keyed by other properties cannot know which
 *   logical partitions hold them (the other properties of items that
 *   were never generated): ASSUMPTION, as for an existing container's
 *   storage, they are spread evenly over the key space in no logical
 *   partition (container_preload_spread), and the report says so.
 * - The records of a data file: each stored under each variant's key, as
 *   one item of the size a create of it stores (workload_record_size:
 *   preload.item_size, else its serialized size with the id a record
 *   without one gets).
 * The same counts go to every variant: the draws come from a generator
 * of their own, seeded from the run's seed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosmos_int.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"
#include "pksim/load/trace.h"

/* Mixed into the run's seed for the preload's own draws, so they never
   disturb the operation stream's (an arbitrary odd constant) */
#define PK_PRELOAD_SEED_MIX 0x9E3779B97F4A7C15ULL

/* What the key source reads: one value (property) or one record. */
struct src_ctx {
	const char *path;	      /* property: P */
	const struct pk_value *v;     /* property: value i of P */
	const struct pk_trace *trace; /* file: the records */
	size_t rec;		      /* file: record index */
};

static int get_value(const struct pk_item_source *src, size_t ref,
		     struct pk_value *out, char *buf, size_t cap)
{
	const struct src_ctx *x = src->ctx;

	(void)buf;
	(void)cap;
	if (x->trace) {
		return trace_value(x->trace, x->rec, src->key->refs[ref], out,
				   buf, cap) == 0
			   ? 0
			   : -1;
	}
	if (strcmp(src->key->refs[ref], x->path) == 0) {
		*out = *x->v;
	} else {
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_UNDEFINED;
	}
	return 0;
}

/* Value i of generated property p as a typed value (strings in buf). */
static void value_of(const struct pk_prop_spec *p, uint64_t i,
		     struct pk_value *out, char *buf, size_t cap)
{
	int n;

	memset(out, 0, sizeof(*out));
	out->type = PK_VALUE_STRING;
	out->str = buf;
	switch (p->kind) {
	case PK_GEN_PATTERN:
		n = snprintf(buf, cap, "%s%0*llu%s", p->prefix, p->width,
			     (unsigned long long)(p->first + i), p->suffix);
		out->len = n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
		break;
	case PK_GEN_LIST:
		out->len = strlen(p->list[i]);
		memcpy(buf, p->list[i], out->len);
		break;
	default: /* CONST */
		*out = p->const_value;
		break;
	}
}

/* 1 if key k reads property path alone (every reference is it, nothing
   drawn per item), so one key per value holds all its items. */
static int reads_only(const struct pk_pkey *k, const char *path)
{
	size_t i;

	if (k->n_refs == 0 || k->has_random) {
		return 0;
	}
	for (i = 0; i < k->n_refs; i++) {
		if (strcmp(k->refs[i], path) != 0) {
			return 0;
		}
	}
	return 1;
}

/* The items value i holds (counts[] for ZIPF, else the rule's). */
static uint64_t count_of(const struct pk_preload_spec *p, const uint64_t *zipf,
			 uint64_t i, struct pk_rng *rng)
{
	switch (p->count_kind) {
	case PK_PRELOAD_UNIFORM:
		return p->count + rng_below(rng, p->count_max - p->count + 1);
	case PK_PRELOAD_ZIPF:
		return zipf[i];
	default:
		return p->count;
	}
}

/* The remainders zipf_counts ranks: larger first, ties to the earlier
   value. */
struct zipf_rest {
	double rest;
	uint64_t r;
};

static int rest_cmp(const void *a, const void *b)
{
	const struct zipf_rest *x = a, *y = b;

	if (x->rest != y->rest) {
		return x->rest > y->rest ? -1 : 1;
	}
	return x->r < y->r ? -1 : x->r > y->r;
}

/* ZIPF: total items over n values, value rank r + 1 taking r^-s of the
   sum, rounded down, the rest one each to the largest remainders (ties
   to the earlier value): the remainders are sorted once, O(n log n), so
   a million values whose shares all round down take a second, not the
   n x n passes of picking the largest one at a time. Owned array of n
   counts. */
static uint64_t *zipf_counts(uint64_t total, uint64_t n, double s)
{
	uint64_t *c = xcalloc(n, sizeof(*c)), given = 0, r, k;
	struct zipf_rest *rest = xcalloc(n, sizeof(*rest));
	double h = 0;

	for (r = 0; r < n; r++) {
		h += pow((double)(r + 1), -s);
	}
	for (r = 0; r < n; r++) {
		double want = (double)total * pow((double)(r + 1), -s) / h;

		c[r] = (uint64_t)floor(want);
		rest[r].rest = want - (double)c[r];
		rest[r].r = r;
		given += c[r];
	}
	if (given < total) {
		qsort(rest, n, sizeof(*rest), rest_cmp);
		/* the shares' floors leave fewer than n items over */
		for (k = 0; k < total - given && k < n; k++) {
			c[rest[k].r]++;
		}
	}
	free(rest);
	return c;
}

static void by_property(struct pk_container *c, const struct pk_pkey *key,
			struct pk_keyval *kv, const struct pk_scenario *sc,
			uint64_t seed)
{
	const struct pk_preload_spec *p = sc->preload;
	const struct pk_prop_spec *prop = scenario_find_prop(sc, p->property);
	int own = reads_only(key, p->property);
	uint64_t *zipf = p->count_kind == PK_PRELOAD_ZIPF
			     ? zipf_counts(p->count, p->values, p->s)
			     : NULL;
	uint64_t i, spread = 0;
	struct pk_rng rng;

	rng_seed(&rng, seed ^ PK_PRELOAD_SEED_MIX);
	for (i = 0; i < p->values; i++) {
		uint64_t n = count_of(p, zipf, i, &rng);
		char buf[PK_VALUE_MAX_BYTES];
		struct pk_value val;
		struct pk_item_source src;
		struct src_ctx x;

		if (!own) {
			spread += n;
			continue;
		}
		value_of(prop, i, &val, buf, sizeof(buf));
		memset(&x, 0, sizeof(x));
		x.path = p->property;
		x.v = &val;
		src.get = get_value;
		src.key = key;
		src.ctx = &x;
		src.item = i;
		pkey_build(key, &src, kv);
		if (kv->status) {
			c->preload_refused += n;
			continue;
		}
		container_preload(c, kv->id, kv->id_len, &kv->epk, n,
				  (uint32_t)p->size_bytes);
	}
	if (spread > 0) {
		container_preload_spread(c, spread, (uint32_t)p->size_bytes);
	}
	free(zipf);
}

static void by_record(struct pk_container *c, const struct pk_pkey *key,
		      struct pk_keyval *kv, const struct pk_scenario *sc)
{
	const struct pk_items_file *f = sc->preload->file;
	size_t n = trace_count(f->trace), i;

	if (f->limit && f->limit < n) {
		n = f->limit;
	}
	for (i = 0; i < n; i++) {
		struct pk_item_source src;
		struct src_ctx x;

		memset(&x, 0, sizeof(x));
		x.trace = f->trace;
		x.rec = i;
		src.get = get_value;
		src.key = key;
		src.ctx = &x;
		src.item = i;
		pkey_build(key, &src, kv);
		if (kv->status) {
			c->preload_refused++;
			continue;
		}
		/* as a create of the record stores it: a record without
		   an id with the one it gets (44 bytes, workload.h) */
		container_preload(c, kv->id, kv->id_len, &kv->epk, 1,
				  workload_record_size(f, i));
	}
}

void cosmos_preload(struct pk_container *c, const struct pk_pkey *key,
		    struct pk_keyval *kv, const struct pk_scenario *sc,
		    uint64_t seed)
{
	if (!sc->preload) {
		return;
	}
	if (sc->preload->file) {
		by_record(c, key, kv, sc);
	} else {
		by_property(c, key, kv, sc, seed);
	}
	container_preload_done(c);
}
