/*
 * cosmos_queries: what the readers of a finished run ask Azure Cosmos DB
 * (service/queries.h), answered by its partition key (pkey.h) and cost
 * model (cost.h): key values as text, an item's key, how the key reads
 * the items' properties, what a write is charged.
 */
#include "pksim/service/cosmos/cosmos_snapshot.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "container.h"
#include "pksim/service/cosmos/cost.h"
#include "pksim/service/cosmos/pkey.h"
#include "pksim/service/queries.h"
#include "pksim/workload/workload.h"

_Static_assert(PK_KEY_MAX_REFS <= PK_QUERY_KEY_REFS,
	       "pk_key_reads holds every property a key reads");

/* The workload property ref of k reads, or -1 when sc has none */
static int ref_prop(const struct pk_pkey *k, const struct pk_scenario *sc,
		    size_t ref)
{
	int p = k->ref_prop[ref];

	return p >= 0 && (size_t)p < sc->n_props ? p : -1;
}

static int ref_is(const struct pk_pkey *k, const struct pk_scenario *sc,
		  size_t ref, enum pk_gen_kind kind)
{
	int p = ref_prop(k, sc, ref);

	return p >= 0 && sc->props[p].kind == kind;
}

static void key_reads(const struct pk_pkey *k, const struct pk_scenario *sc,
		      struct pk_key_reads *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->n_refs = k->n_refs;
	out->spread = 1;
	for (i = 0; i < k->n_refs; i++) {
		out->prop[i] = k->ref_prop[i];
	}
	if (k->kind != PK_KEY_SYNTHETIC) {
		for (i = 0; i < k->n_refs; i++) {
			out->whole_unique |= ref_is(k, sc, i, PK_GEN_UNIQUE);
		}
		return;
	}
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];

		if ((p->kind == PK_TPL_HASH || p->kind == PK_TPL_CRC32) &&
		    p->ref < PK_QUERY_KEY_REFS && p->b > 0 &&
		    (out->hash_mod[p->ref] == 0 ||
		     (uint64_t)p->b < out->hash_mod[p->ref])) {
			out->hash_mod[p->ref] = (uint64_t)p->b;
		}
	}
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];

		if (p->kind != PK_TPL_TEXT && p->kind != PK_TPL_RANDOM &&
		    p->kind != PK_TPL_HASH && p->kind != PK_TPL_CRC32 &&
		    p->ref < PK_QUERY_KEY_REFS) {
			out->hash_mod[p->ref] = 0; /* read whole too */
		}
	}
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];

		if (p->kind == PK_TPL_RANDOM) {
			out->spread /= (double)(p->b - p->a + 1);
		} else if ((p->kind == PK_TPL_HASH ||
			    p->kind == PK_TPL_CRC32) &&
			   ref_is(k, sc, p->ref, PK_GEN_UNIQUE)) {
			/* ASSUMPTION: a hash spreads unique values evenly */
			out->spread /= (double)p->b;
		} else if (p->kind == PK_TPL_PROP &&
			   ref_is(k, sc, p->ref, PK_GEN_UNIQUE)) {
			out->whole_unique = 1;
		}
	}
}

/* A unique property's values a pick's hash class is looked for among,
   at most: "u0", "u1", ... (a class of N among N x 64 values is missed
   with probability about e^-64) */
#define PK_CLASS_TRIES 64

/* Hash classes a unique property read only through hash parts gives
   one item under key k (pkey_hash_class), 0 when ref is not so read */
static uint64_t unique_classes(const struct pk_pkey *k,
			       const struct pk_scenario *sc, size_t ref)
{
	struct pk_value v;
	uint64_t c;
	size_t i;

	if (k->kind != PK_KEY_SYNTHETIC || !ref_is(k, sc, ref, PK_GEN_UNIQUE)) {
		return 0;
	}
	for (i = 0; i < k->n_parts; i++) {
		if (k->parts[i].kind == PK_TPL_PROP && k->parts[i].ref == ref) {
			return 0; /* read whole too */
		}
	}
	memset(&v, 0, sizeof(v));
	v.type = PK_VALUE_STRING;
	v.str = "u";
	v.len = 1;
	return pkey_hash_class(k, ref, &v, &c);
}

/* The key values one item can take under k: its random parts' values
   times the hash classes of each unique property read only through
   hash parts (the projection tells each apart, as it does a random
   suffix's); UINT64_MAX when the product does not fit */
static uint64_t spread_values(const struct pk_pkey *k,
			      const struct pk_scenario *sc)
{
	uint64_t n = pkey_random_values(k), c;
	size_t i;

	for (i = 0; i < k->n_refs && n != UINT64_MAX; i++) {
		c = unique_classes(k, sc, i);
		if (c > 1) {
			n = n > UINT64_MAX / c ? UINT64_MAX : n * c;
		}
	}
	return n;
}

/* An item's source with its clock properties at wall_s (when has_wall)
   and its unique values hidden; a unique property read only through
   hash parts takes the value of its hash class cls[ref] (when not
   UINT64_MAX) */
struct fixed_src {
	struct pk_item_source inner;
	const struct pk_scenario *sc;
	const struct pk_workload *w;
	uint64_t item;
	int64_t wall_s;
	int has_wall;
	uint64_t cls[PK_KEY_MAX_REFS];
};

/* A value of class c of ref under key k into out (buf its bytes): the
   first of "u0", "u1", ... pkey_hash_class puts there; 0, or -1 when
   none of the PK_CLASS_TRIES x classes tried is */
static int class_value(const struct pk_pkey *k, size_t ref, uint64_t c,
		       struct pk_value *out, char *buf, size_t cap)
{
	uint64_t j, got, n = 0;

	for (j = 0; n == 0 || j < n * PK_CLASS_TRIES; j++) {
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_STRING;
		out->len =
		    (size_t)snprintf(buf, cap, "u%llu", (unsigned long long)j);
		out->str = buf;
		n = pkey_hash_class(k, ref, out, &got);
		if (n == 0) {
			return -1;
		}
		if (got == c) {
			return 0;
		}
	}
	return -1;
}

/* The property the item's own stream generates at ref's path (several
   streams each have their own: a clock in one, a constant in another),
   or -1 when its stream has none there */
static int own_prop(const struct fixed_src *f, size_t ref)
{
	int p = ref_prop(f->inner.key, f->sc, ref), own;
	uint32_t idx;

	if (p < 0 || f->sc->n_streams < 2) {
		return p;
	}
	workload_own_value(f->w, f->item, p, &own, &idx);
	return own >= 0 && (size_t)own < f->sc->n_props ? own : -1;
}

static int fixed_get(const struct pk_item_source *src, size_t ref,
		     struct pk_value *out, char *buf, size_t cap)
{
	const struct fixed_src *f = src->ctx;
	const int p = own_prop(f, ref);
	const int clock = p >= 0 && f->sc->props[p].kind == PK_GEN_CLOCK;

	if (ref < PK_KEY_MAX_REFS && f->cls[ref] != UINT64_MAX &&
	    class_value(f->inner.key, ref, f->cls[ref], out, buf, cap) == 0) {
		return 0;
	}
	if (!f->has_wall) {
		return f->inner.get(&f->inner, ref, out, buf, cap);
	}
	if (clock || (p >= 0 && f->sc->props[p].kind == PK_GEN_UNIQUE)) {
		time_t t = (time_t)f->wall_s;
		struct tm tm;
		size_t len = 0;

		if (clock) {
			gmtime_r(&t, &tm);
			len = strftime(buf, cap, f->sc->props[p].clock_format,
				       &tm);
		} else {
			len = (size_t)snprintf(buf, cap, "u");
		}
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_STRING;
		out->str = buf;
		out->len = len;
		return 0;
	}
	return f->inner.get(&f->inner, ref, out, buf, cap);
}

static void item_key_pick(const struct pk_pkey *k, const struct pk_scenario *sc,
			  const struct pk_workload *w, uint64_t item,
			  const int64_t *wall_s, uint64_t pick,
			  unsigned char *id, size_t cap,
			  struct pk_key_item *out)
{
	struct pk_keyval kv;
	struct pk_item_source src;
	struct fixed_src f;
	const uint64_t nr = pkey_random_values(k);
	uint64_t rest = pick, c;
	int classes = 0;
	size_t i;

	pkey_source_workload(k, w, item, &src);
	f.inner = src;
	f.sc = sc;
	f.w = w;
	f.item = item;
	f.wall_s = wall_s ? *wall_s : 0;
	f.has_wall = wall_s != NULL;
	if (pick != PK_PICK_DRAWN) {
		/* the random parts' digits first, then each hashed unique
		   property's class */
		rest = nr > 1 ? pick / nr : pick;
		pick = nr > 1 ? pick % nr : 0;
	}
	for (i = 0; i < PK_KEY_MAX_REFS; i++) {
		c = i < k->n_refs && pick != PK_PICK_DRAWN
			? unique_classes(k, sc, i)
			: 0;
		f.cls[i] = c > 1 ? rest % c : UINT64_MAX;
		rest = c > 1 ? rest / c : rest;
		classes |= c > 1;
	}
	if (wall_s || classes) {
		src.get = fixed_get;
		src.ctx = &f;
		src.item = wall_s ? 0 : item;
	}
	if (pick == PK_PICK_DRAWN) {
		pkey_build(k, &src, &kv);
	} else {
		pkey_build_pick(k, &src, pick, &kv);
	}
	memset(out, 0, sizeof(*out));
	out->status = kv.status;
	out->epk = kv.epk;
	if (kv.status == 0 && kv.id_len <= cap) {
		memcpy(id, kv.id, kv.id_len);
		out->id_len = kv.id_len;
	}
}

static void item_key(const struct pk_pkey *k, const struct pk_scenario *sc,
		     const struct pk_workload *w, uint64_t item,
		     const int64_t *wall_s, unsigned char *id, size_t cap,
		     struct pk_key_item *out)
{
	item_key_pick(k, sc, w, item, wall_s, PK_PICK_DRAWN, id, cap, out);
}

/* A source whose reference ref reads value index index[ref] of its
   property (workload_value_at), not an item's draw */
struct index_src {
	const struct pk_scenario *sc;
	const struct pk_workload *w;
	const uint64_t *index;
};

static int index_get(const struct pk_item_source *src, size_t ref,
		     struct pk_value *out, char *buf, size_t cap)
{
	const struct index_src *x = src->ctx;
	const int p = ref_prop(src->key, x->sc, ref);

	if (p < 0 ||
	    workload_value_at(x->w, p, x->index[ref], out, buf, cap) != 0) {
		return -1; /* no such value: not a key value (400) */
	}
	return 0;
}

static void value_key(const struct pk_pkey *k, const struct pk_scenario *sc,
		      const struct pk_workload *w, const uint64_t *index,
		      unsigned char *id, size_t cap, struct pk_key_item *out)
{
	struct index_src x = {sc, w, index};
	struct pk_item_source src = {index_get, k, &x, 0};
	struct pk_keyval kv;

	pkey_build(k, &src, &kv);
	memset(out, 0, sizeof(*out));
	out->status = kv.status;
	out->epk = kv.epk;
	if (kv.status == 0 && kv.id_len <= cap) {
		memcpy(id, kv.id, kv.id_len);
		out->id_len = kv.id_len;
	}
}

static int64_t write_mru(const void *lps, uint64_t bytes)
{
	const struct pk_container *c = lps;

	return cost_write_mru(&c->cost, bytes);
}

static int64_t read_mru(const void *lps, uint64_t bytes)
{
	const struct pk_container *c = lps;

	return cost_read_mru(&c->cost, bytes);
}

const struct pk_queries cosmos_queries = {
    .key_text = pkey_format_id,
    .key_json = pkey_format_id_json,
    .key_single = pkey_decode_single,
    .key_undefined = pkey_id_is_undefined,
    .time_text = pkey_time_text,
    .time_span_s = pkey_time_span_s,
    .key_reads = key_reads,
    .item_key = item_key,
    .random_values = pkey_random_values,
    .spread_values = spread_values,
    .item_key_pick = item_key_pick,
    .hash_class = pkey_hash_class,
    .value_key = value_key,
    .id_max = PK_KEY_ID_MAX,
    .write_mru = write_mru,
    .read_mru = read_mru,
    .item_ttl = ttl_from_value,
};
