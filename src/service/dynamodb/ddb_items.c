/*
 * ddb_items: the items a DynamoDB table holds, by primary key (reference
 * §1): an item is its partition key value, plus its sort key value when
 * the table has a sort key. A put of a key the table holds replaces that
 * item (PutItem "the larger of old and new item"); reads and deletes find
 * the item the key holds now, at its current size. Two of the
 * workload's items with one primary key (a Cosmos DB scenario's
 * (key, id) identity on a table without a sort key) are one item here.
 *
 * A request's keys are built into an arena (one a point request's, one
 * per item of a batch's) between ddb_items_reset and the next reset, so
 * a request's keys can be found, compared and stored once admitted.
 *
 * A workload item's values never change (an item stays in the
 * workload's table for good, workload_items.c), so neither does its
 * primary key: the memo keeps the key each item built last, by item
 * number, and ddb_items_key copies it instead of building it again. The
 * open second's forecast (ddb_ahead.c) builds each first attempt's key
 * just before the replay asks for it: a second of up to DDB_MEMO_SLOTS
 * requests on new items builds each key once.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/decimal.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_service.h"

/* One stored item */
struct ddb_item {
	UT_hash_handle hh;
	uint64_t size;	     /* its current size, bytes */
	uint64_t src;	     /* the workload item that last wrote it (its
				attributes: an index's key value) */
	size_t len;	     /* of key */
	unsigned char key[]; /* its primary key's bytes */
};

/* Slots of the memo, a power of 2: an item's slot is its number's low
   bits. ASSUMPTION: a size, not a rule; 2,048 x 80 bytes = 160 KiB a
   table, made at its first key */
#define DDB_MEMO_SLOTS 2048
/* The most bytes of a primary key the memo keeps (partition key's
   identity then the sort key's); a longer key is built each time */
#define DDB_MEMO_BYTES 56

/* One item's primary key, as ddb_items_key built it */
struct ddb_memo {
	uint64_t item1;	 /* the workload item + 1; 0: empty */
	uint64_t hash;	 /* its partition key's ddb_key_hash */
	uint16_t pk_len; /* bytes of the partition key's identity */
	uint16_t sk_len; /* ... of the sort key's, after it */
	unsigned char b[DDB_MEMO_BYTES]; /* the two identities */
};

int ddb_items_init(struct ddb *d, const struct pk_service_spec *spec,
		   struct pk_diag *diag)
{
	struct pk_container_spec *cs = &d->sk_cs;

	d->keys.off[0] = 0;
	if (!d->t->sort_key) {
		return 0;
	}
	cs->name = d->spec->name;
	cs->partition_key = d->t->sort_key;
	cs->key.kind = PK_KEY_PATH;
	cs->key.paths[0] = d->t->sort_key;
	cs->key.n_paths = 1;
	cs->key.version = 2;
	cs->key.line = cs->line = d->spec->line;
	cs->key.col = cs->col = d->spec->col;
	d->sk = pkey_new(cs, d->sc, spec->workload, spec->seed, diag);
	d->skv = xmalloc(sizeof(*d->skv));
	if (!d->sk) {
		return -1;
	}
	d->sk->exact_numbers = 1; /* 38 digits, by value (pkey.h) */
	d->sk->no_epk = 1;	  /* a sort key has no hash */
	return 0;
}

/* The longest partition and sort key values DynamoDB takes, in bytes */
#define DDB_PKEY_MAX_BYTES 2048
#define DDB_SORT_KEY_MAX_BYTES 1024

/* Whether kv holds a key attribute value DynamoDB accepts: a string of
   1 to max bytes, or a number (reference §14 and AWS's Constraints page:
   a partition key value is 1 to 2,048 bytes, pkey refusing past 2,048;
   a sort key value 1 to 1,024). Binary is not generated. */
static int key_value_ok(const struct pk_keyval *kv, size_t max)
{
	struct pk_value v;

	return kv->status == 0 &&
	       pkey_decode_single(kv->id, kv->id_len, &v) == 0 &&
	       ((v.type == PK_VALUE_STRING && v.len > 0 && v.len <= max) ||
		v.type == PK_VALUE_NUMBER);
}

int ddb_items_pkey(struct ddb *d, uint64_t item, uint64_t *hash)
{
	struct pk_item_source src;

	pkey_source_workload(d->key, d->w, item, &src);
	pkey_build(d->key, &src, d->kv);
	if (!key_value_ok(d->kv, DDB_PKEY_MAX_BYTES)) {
		return -1;
	}
	*hash = ddb_key_hash(d->kv->id, d->kv->id_len);
	return 0;
}

void ddb_items_values(struct ddb *d, uint64_t item)
{
	struct pk_item_source src;
	uint64_t h;

	ddb_items_pkey(d, item, &h);
	if (d->sk) {
		pkey_source_workload(d->sk, d->w, item, &src);
		pkey_build(d->sk, &src, d->skv);
	}
}

void ddb_items_reset(struct ddb *d)
{
	d->keys.n = 0;
}

/* Append n bytes b to the arena's open key */
static void arena_put(struct ddb_keys *k, const void *b, size_t n)
{
	size_t end = k->off[k->n] + k->used;

	if (end + n > k->cap) {
		k->cap = (end + n) * 2;
		k->bytes = xreallocarray(k->bytes, k->cap, 1);
	}
	memcpy(k->bytes + end, b, n);
	k->used += n;
}

/* Add the primary key d->kv and (with a sort key) d->skv hold as the
   request's next key */
static void append_key(struct ddb *d)
{
	struct ddb_keys *k = &d->keys;
	unsigned char len[2];

	k->used = 0;
	/* the partition key's length first, so that (pk, sk) pairs cut
	   differently never share their bytes */
	len[0] = (unsigned char)(d->kv->id_len >> 8);
	len[1] = (unsigned char)d->kv->id_len;
	arena_put(k, len, 2);
	arena_put(k, d->kv->id, d->kv->id_len);
	if (d->sk) {
		arena_put(k, d->skv->id, d->skv->id_len);
	}
	k->off[k->n + 1] = k->off[k->n] + k->used;
	k->n++;
}

/* Add the primary key of partition key d->kv and item's sort key as
   the request's next key: 0, or -1 for a sort key DynamoDB refuses */
static int add_key(struct ddb *d, uint64_t item)
{
	struct pk_item_source src;

	if (d->sk) {
		pkey_source_workload(d->sk, d->w, item, &src);
		pkey_build(d->sk, &src, d->skv);
		if (!key_value_ok(d->skv, DDB_SORT_KEY_MAX_BYTES)) {
			return -1;
		}
	}
	append_key(d);
	return 0;
}

/* Set kv as pkey_build leaves a valid key of n identity bytes b (the
   keys' no_epk: EPK pk_epk_min) */
static void memo_out(struct pk_keyval *kv, const unsigned char *b, size_t n)
{
	kv->status = 0;
	kv->why = NULL;
	kv->epk = pk_epk_min;
	kv->id_len = n;
	memcpy(kv->id, b, n);
}

/* Item's key from the memo into d->kv, d->skv and *hash: 1, or 0 when
   the memo does not hold it */
static int memo_get(struct ddb *d, uint64_t item, uint64_t *hash)
{
	const struct ddb_memo *m = &d->memo[item & (DDB_MEMO_SLOTS - 1)];

	if (m->item1 != item + 1) {
		return 0;
	}
	memo_out(d->kv, m->b, m->pk_len);
	if (d->sk) {
		memo_out(d->skv, m->b + m->pk_len, m->sk_len);
	}
	*hash = m->hash;
	return 1;
}

/* Keep item's key, just built into d->kv and d->skv, when it fits */
static void memo_put(struct ddb *d, uint64_t item, uint64_t hash)
{
	struct ddb_memo *m = &d->memo[item & (DDB_MEMO_SLOTS - 1)];
	size_t sk = d->sk ? d->skv->id_len : 0;

	if (d->kv->id_len + sk > DDB_MEMO_BYTES) {
		return;
	}
	m->item1 = item + 1;
	m->hash = hash;
	m->pk_len = (uint16_t)d->kv->id_len;
	m->sk_len = (uint16_t)sk;
	memcpy(m->b, d->kv->id, d->kv->id_len);
	if (sk) {
		memcpy(m->b + d->kv->id_len, d->skv->id, sk);
	}
}

int ddb_items_key(struct ddb *d, uint64_t item, uint64_t *hash)
{
	if (!d->memo) {
		d->memo = xcalloc(DDB_MEMO_SLOTS, sizeof(*d->memo));
	}
	if (memo_get(d, item, hash)) {
		append_key(d);
		return 0;
	}
	if (ddb_items_pkey(d, item, hash) < 0 || add_key(d, item) < 0) {
		return -1;
	}
	memo_put(d, item, *hash);
	return 0;
}

int ddb_items_key_pick(struct ddb *d, uint64_t item, uint64_t pick,
		       uint64_t *hash)
{
	struct pk_item_source src;

	pkey_source_workload(d->key, d->w, item, &src);
	pkey_build_pick(d->key, &src, pick, d->kv);
	if (!key_value_ok(d->kv, DDB_PKEY_MAX_BYTES)) {
		return -1;
	}
	*hash = ddb_key_hash(d->kv->id, d->kv->id_len);
	return add_key(d, item);
}

/* Key i of the arena */
static const unsigned char *key_bytes(const struct ddb *d, size_t i,
				      size_t *len)
{
	*len = d->keys.off[i + 1] - d->keys.off[i];
	return d->keys.bytes + d->keys.off[i];
}

static struct ddb_item *find(const struct ddb *d, size_t i)
{
	struct ddb_item *it;
	const unsigned char *b;
	size_t len;

	b = key_bytes(d, i, &len);
	HASH_FIND(hh, d->items, b, len, it);
	return it;
}

int ddb_items_size(const struct ddb *d, size_t i, uint64_t *size)
{
	const struct ddb_item *it = find(d, i);

	*size = it ? it->size : 0;
	return it != NULL;
}

int ddb_items_repeats(const struct ddb *d, size_t i)
{
	const unsigned char *b, *o;
	size_t len, olen, j;

	b = key_bytes(d, i, &len);
	for (j = 0; j < i; j++) {
		o = key_bytes(d, j, &olen);
		if (olen == len && memcmp(o, b, len) == 0) {
			return 1;
		}
	}
	return 0;
}

int ddb_items_src(const struct ddb *d, size_t i, uint64_t *src, uint64_t *size)
{
	const struct ddb_item *it = find(d, i);

	*src = it ? it->src : 0;
	*size = it ? it->size : 0;
	return it != NULL;
}

uint64_t ddb_items_put(struct ddb *d, size_t i, uint64_t size, uint64_t src)
{
	struct ddb_item *it = find(d, i);
	const unsigned char *b;
	size_t len;
	uint64_t took = 0;

	d->put_held = it != NULL;
	if (__builtin_expect(d->queries, 0)) {
		/* its key value's items, for a Query (ddb_query.c) */
		b = key_bytes(d, i, &len);
		ddb_query_note(d, b,
			       (int64_t)size - (int64_t)(it ? it->size : 0),
			       it == NULL);
	}
	if (it && it->src != src) {
		/* another workload item's put held the key: this one takes
		   its place (the table keeps one item a primary key) */
		took = it->src + 1;
	}
	if (!it) {
		b = key_bytes(d, i, &len);
		it = xcalloc(1, sizeof(*it) + len);
		it->len = len;
		memcpy(it->key, b, len);
		HASH_ADD(hh, d->items, key[0], it->len, it);
	}
	it->size = size;
	it->src = src;
	if (size > d->item_max_bytes) {
		d->item_max_bytes = size;
	}
	return took;
}

void ddb_items_drop(struct ddb *d, size_t i)
{
	struct ddb_item *it = find(d, i);

	if (it) {
		if (__builtin_expect(d->queries, 0)) {
			ddb_query_note(d, it->key, -(int64_t)it->size, -1);
		}
		HASH_DEL(d->items, it);
		free(it);
	}
}

int ddb_sk_cmp(const unsigned char *a, size_t na, const unsigned char *b,
	       size_t nb)
{
	struct pk_value x, y;
	size_t n;
	int c;

	if (pkey_decode_single(a, na, &x) != 0 ||
	    pkey_decode_single(b, nb, &y) != 0) {
		/* not a key value (never stored): by bytes, for a total
		   order */
		n = na < nb ? na : nb;
		c = memcmp(a, b, n);
		return c != 0 ? (c > 0) - (c < 0) : (na > nb) - (na < nb);
	}
	if (x.type != y.type) {
		return x.type == PK_VALUE_NUMBER ? -1 : 1;
	}
	if (x.type == PK_VALUE_NUMBER) {
		return decimal_value_cmp(&x, &y);
	}
	n = x.len < y.len ? x.len : y.len;
	c = memcmp(x.str, y.str, n);
	if (c != 0) {
		return (c > 0) - (c < 0);
	}
	return (x.len > y.len) - (x.len < y.len);
}

/* The partition key's identity of primary key bytes b (len bytes, as
   the arena holds it) in *pk, *pk_len; its sort key's returned (len in
   *sk_len) */
static const unsigned char *split_key(const unsigned char *b, size_t len,
				      const unsigned char **pk, size_t *pk_len,
				      size_t *sk_len)
{
	size_t n = ((size_t)b[0] << 8) | b[1];

	*pk = b + 2;
	*pk_len = n;
	*sk_len = len - 2 - n;
	return b + 2 + n;
}

const unsigned char *ddb_items_sk(const struct ddb *d, size_t i, size_t *len)
{
	const unsigned char *b, *pk;
	size_t n, pk_len;

	b = key_bytes(d, i, &n);
	return split_key(b, n, &pk, &pk_len, len);
}

/* One item of the collection a cut is looked for in */
struct cut_item {
	const unsigned char *sk;
	size_t len;
	uint64_t size;
};

static int cut_item_cmp(const void *a, const void *b)
{
	const struct cut_item *x = a, *y = b;

	return ddb_sk_cmp(x->sk, x->len, y->sk, y->len);
}

/* Item it's hash and sort key, and whether partition i holds it */
static int item_on(const struct ddb *d, const struct ddb_item *it, size_t i,
		   uint64_t *h, const unsigned char **sk, size_t *sk_len)
{
	const unsigned char *pk;
	size_t pk_len;

	*sk = split_key(it->key, it->len, &pk, &pk_len, sk_len);
	*h = ddb_key_hash(pk, pk_len);
	return ddb_part_of_sk(d, *h, *sk, *sk_len) == i;
}

int ddb_items_cut(const struct ddb *d, size_t i, uint64_t *hash,
		  unsigned char **cut, size_t *cut_len, uint64_t *low,
		  uint64_t *all)
{
	const struct ddb_item *it, *tmp;
	const unsigned char *sk;
	struct cut_item *c = NULL;
	uint64_t h, cand = 0, w = 0, total = 0, below = 0, mine = 0;
	size_t sk_len, n = 0, k;

	/* the value of most bytes when one holds more than half
	   (Boyer-Moore's majority vote, weighted by size) */
	HASH_ITER(hh, d->items, it, tmp)
	{
		if (!item_on(d, it, i, &h, &sk, &sk_len)) {
			continue;
		}
		total += it->size;
		if (w == 0 || h == cand) {
			w += it->size;
			cand = h;
		} else if (it->size <= w) {
			w -= it->size;
		} else {
			w = it->size - w;
			cand = h;
		}
	}
	HASH_ITER(hh, d->items, it, tmp)
	{
		if (!item_on(d, it, i, &h, &sk, &sk_len)) {
			continue;
		}
		if (h < cand) {
			below += it->size;
		} else if (h == cand) {
			mine += it->size;
			n++;
		}
	}
	if (w == 0 || n < 2 || mine <= total - mine) {
		return 0;
	}
	c = xcalloc(n, sizeof(*c));
	n = 0;
	HASH_ITER(hh, d->items, it, tmp)
	{
		if (item_on(d, it, i, &h, &sk, &sk_len) && h == cand) {
			c[n].sk = sk;
			c[n].len = sk_len;
			c[n].size = it->size;
			n++;
		}
	}
	qsort(c, n, sizeof(*c), cut_item_cmp);
	/* the lower half: items while they hold at most half the bytes */
	for (k = 0; k + 1 < n && below + c[k].size <= total / 2; k++) {
		below += c[k].size;
	}
	if (k == 0) {
		below += c[0].size;
		k = 1;
	}
	*hash = cand;
	*cut_len = c[k].len;
	*cut = xmalloc(c[k].len);
	memcpy(*cut, c[k].sk, c[k].len);
	*low = below;
	*all = total;
	free(c);
	return 1;
}

void ddb_items_below(const struct ddb *d, size_t i, uint64_t hash,
		     const unsigned char *cut, size_t cut_len, uint64_t *low,
		     uint64_t *all)
{
	const struct ddb_item *it, *tmp;
	const unsigned char *sk;
	size_t sk_len;
	uint64_t h;

	*low = *all = 0;
	HASH_ITER(hh, d->items, it, tmp)
	{
		if (!item_on(d, it, i, &h, &sk, &sk_len)) {
			continue;
		}
		*all += it->size;
		if (h < hash || (h == hash && cut &&
				 ddb_sk_cmp(sk, sk_len, cut, cut_len) < 0)) {
			*low += it->size;
		}
	}
}

const unsigned char *ddb_items_key_bytes(const struct ddb *d, size_t i,
					 size_t *len)
{
	return key_bytes(d, i, len);
}

void ddb_items_free(struct ddb *d)
{
	struct ddb_item *it, *tmp;

	HASH_ITER(hh, d->items, it, tmp)
	{
		HASH_DEL(d->items, it);
		free(it);
	}
	pkey_free(d->sk);
	free(d->skv);
	free(d->keys.bytes);
	free(d->memo);
}
