/*
 * ddb_lsi: a DynamoDB table's local secondary indexes (D18, reference
 * §13) and the item collections they bound:
 * - a write (PutItem, DeleteItem, each item of a BatchWriteItem) writes
 *   each index that holds its item (a string or number at the index's
 *   sort key) before or after, by a global index's rules (§13: "same
 *   write-cost rules as a GSI", §12's table, against the stored item
 *   the write replaces or deletes): a new entry is 1 put; one that keeps
 *   the stored value 1 write (none keys_only: only keys are projected
 *   and none changed); one that changes it a delete plus a put;
 *   one whose item no longer has the attribute, and a delete of an
 *   item that had it, 1 delete; nothing for an item in the index
 *   neither before nor after. Each is on the table's own capacity (the
 *   base partition's buckets: its units join the base write's): the
 *   entry's item units with projection all (a delete the stored
 *   item's), 1 WCU keys_only;
 * - an item and its projections together fit in 400 KiB (§1, D2);
 * - one partition-key value's items and their index entries (its item
 *   collection) hold at most 10 GiB: a write that would grow it past
 *   that fails with ItemCollectionSizeLimitExceededException (HTTP
 *   400), while other values, and writes that shrink it, go on (A-LSI,
 *   statement 28).
 * ASSUMPTIONS: a keys_only entry counts no bytes toward the collection
 * or the 400 KiB (it is keys only); a refused write consumes nothing
 * (AWS does not say).
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/dynamodb/ddb_units.h"

/* One partition-key value's item collection */
struct ddb_coll {
	UT_hash_handle hh;
	uint64_t bytes;	       /* its items' and index entries' */
	uint64_t items;	       /* its items */
	int refused;	       /* 1: a write past 10 GiB was refused */
	int64_t first_grow_ms; /* first write that grew it, -1 before */
	int64_t last_write_ms; /* its latest admitted write */
	uint64_t base_bytes;   /* held at the end of first_grow_ms */
	size_t len;	       /* of key */
	unsigned char key[];   /* the value's identity bytes (pkey) */
};

int ddb_lsis_init(struct ddb *d, const struct pk_service_spec *spec,
		  struct pk_diag *diag)
{
	size_t i;

	if (d->t->n_lsis == 0) {
		return 0;
	}
	d->lsis = xcalloc(d->t->n_lsis, sizeof(*d->lsis));
	d->n_lsis = d->t->n_lsis;
	for (i = 0; i < d->n_lsis; i++) {
		const struct pk_ddb_lsi_spec *l = &d->t->lsis[i];
		struct ddb_lsi *li = &d->lsis[i];

		li->l = l;
		li->cs.name = l->name;
		li->cs.partition_key = l->sort_key;
		li->cs.key.kind = PK_KEY_PATH;
		li->cs.key.paths[0] = l->sort_key;
		li->cs.key.n_paths = 1;
		li->cs.key.version = 2;
		li->cs.key.line = li->cs.line = l->line;
		li->cs.key.col = li->cs.col = l->col;
		li->key =
		    pkey_new(&li->cs, d->sc, spec->workload, spec->seed, diag);
		if (!li->key) {
			return -1;
		}
	}
	return 0;
}

/* Whether index li holds item (a string or number at its sort key):
   1 with the value's length and 64-bit hash in *len and *hash, to
   compare (equal values: equal lengths and hashes, as ddb_gsi's) */
static int lsi_value(struct ddb *d, struct ddb_lsi *li, uint64_t item,
		     size_t *len, uint64_t *hash)
{
	struct pk_item_source src;
	struct pk_value v;

	pkey_source_workload(li->key, d->w, item, &src);
	pkey_build(li->key, &src, d->kv);
	if (d->kv->status != 0 ||
	    pkey_decode_single(d->kv->id, d->kv->id_len, &v) != 0 ||
	    (v.type != PK_VALUE_STRING && v.type != PK_VALUE_NUMBER)) {
		return 0;
	}
	*len = d->kv->id_len;
	*hash = ddb_key_hash(d->kv->id, d->kv->id_len);
	return 1;
}

/* Index li's writes for write rq of the item key ix holds, units its
   base units (mCU; a put's the larger of the stored item and its own,
   D1), into *add_units, and its entry bytes gained (negative: lost)
   into *add_grow (header: 1 write, or a delete of the stored entry
   and/or a put of the new one); the new entry's bytes into *whole */
static void lsi_index(struct ddb *d, struct ddb_lsi *li,
		      const struct pk_svc_request *rq, int had, uint64_t src,
		      uint64_t old_size, int64_t units, int64_t *add_units,
		      int64_t *add_grow, uint64_t *whole)
{
	int keys_only = li->l->keys_only;
	uint64_t size = rq->it.size_bytes, h_old = 0, h_new = 0;
	size_t l_old = 0, l_new = 0;
	int o = had && lsi_value(d, li, src, &l_old, &h_old);
	int n = rq->kind != PK_OP_DELETE &&
		lsi_value(d, li, rq->it.item, &l_new, &h_new);

	if (o && n && l_old == l_new && h_old == h_new) {
		/* the same sort key value: a keys_only entry holds only
		   keys, none changed, so nothing is written (statement 24) */
		*add_units += keys_only ? 0 : units;
	} else {
		*add_units +=
		    o ? (keys_only ? 1000
				   : ddb_units_write_mcu(old_size, false))
		      : 0;
		*add_units += n ? (keys_only ? 1000 : units) : 0;
	}
	if (!keys_only) {
		*add_grow +=
		    (n ? (int64_t)size : 0) - (o ? (int64_t)old_size : 0);
		*whole += n ? size : 0;
	}
}

/* Write rq of the item key ix holds on every local index: their units
   and bytes added to *add_units and *add_grow (lsi_index); its item
   and projections past 400 KiB set *too_big */
static void lsi_item(struct ddb *d, const struct pk_svc_request *rq,
		     uint32_t ix, int64_t units, int64_t *add_units,
		     int64_t *add_grow, int *too_big)
{
	uint64_t src = 0, old_size = 0, whole = rq->it.size_bytes;
	int had = ddb_items_src(d, ix, &src, &old_size);
	size_t i;

	for (i = 0; i < d->n_lsis; i++) {
		lsi_index(d, &d->lsis[i], rq, had, src, old_size, units,
			  add_units, add_grow, &whole);
	}
	*too_big |= rq->kind != PK_OP_DELETE && !ddb_units_item_fits(whole);
}

/* The collection of the key value d->kv holds, made empty if new */
static struct ddb_coll *collection(struct ddb *d)
{
	struct ddb_coll *c;

	HASH_FIND(hh, d->colls, d->kv->id, d->kv->id_len, c);
	if (!c) {
		c = xcalloc(1, sizeof(*c) + d->kv->id_len);
		c->len = d->kv->id_len;
		c->first_grow_ms = -1;
		memcpy(c->key, d->kv->id, c->len);
		HASH_ADD(hh, d->colls, key[0], c->len, c);
	}
	return c;
}

int ddb_lsis_ask(struct ddb *d, const struct pk_svc_request *rq, uint32_t ix,
		 int64_t *units, int64_t *grow, struct ddb_coll **coll)
{
	struct ddb_coll *c = collection(d);
	int64_t add_units = 0, add_grow = 0;
	int too_big = 0;

	lsi_item(d, rq, ix, *units, &add_units, &add_grow, &too_big);
	*units += add_units;
	*grow += add_grow;
	*coll = c;
	if (too_big) {
		return -1;
	}
	if (*grow > 0 &&
	    c->bytes + (uint64_t)*grow > (uint64_t)PK_DDB_COLLECTION_BYTES) {
		d->collection_refused++;
		if (!c->refused) {
			c->refused = 1;
			d->coll_full = c;
		}
		return -1;
	}
	return 0;
}

int64_t ddb_lsis_units(struct ddb *d, const struct pk_svc_request *rq,
		       uint32_t ix, int64_t units)
{
	int64_t add_units = 0, add_grow = 0;
	int too_big = 0;

	lsi_item(d, rq, ix, units, &add_units, &add_grow, &too_big);
	return add_units;
}

int ddb_lsis_first_full(const struct ddb *d, char *buf, size_t cap)
{
	if (!d->coll_full) {
		return 0;
	}
	pkey_format_id(d->key, d->coll_full->key, d->coll_full->len, buf, cap);
	return 1;
}

void ddb_lsis_store(struct ddb_coll *c, int64_t grow, int64_t items,
		    int64_t t_ms)
{
	int64_t after = (int64_t)c->bytes + grow;
	int64_t n = (int64_t)c->items + items;

	c->bytes = after < 0 ? 0 : (uint64_t)after;
	c->items = n < 0 ? 0 : (uint64_t)n;
	c->last_write_ms = t_ms;
	if (grow > 0 && c->first_grow_ms < 0) {
		c->first_grow_ms = t_ms;
	}
	if (t_ms == c->first_grow_ms) {
		/* the first instant's writes are where growth starts from,
		   not growth over time (as the Azure Cosmos DB runway
		   reads a logical partition's grow_base_bytes) */
		c->base_bytes = c->bytes;
	}
}

/* c's growth rate over the run into *rate, B/s: what it gained after its
   first growing instant over the time to its last write; 0 when it did
   not grow after that instant */
static int coll_rate(const struct ddb_coll *c, double *rate)
{
	if (c->first_grow_ms < 0 || c->last_write_ms <= c->first_grow_ms ||
	    c->bytes <= c->base_bytes) {
		return 0;
	}
	*rate = (double)(c->bytes - c->base_bytes) * 1000.0 /
		(double)(c->last_write_ms - c->first_grow_ms);
	return 1;
}

/* The most items one key value's collection can hold: the distinct sort
   key values the workload writes, summed over its streams (a pattern or
   list property's count, ids drawn among them and rewritten); 0 when
   not bounded so (a data file; a stream whose sort key is another kind
   of property, or none) */
static uint64_t sort_key_pool(const struct ddb *d)
{
	const struct pk_scenario *sc = d->sc;
	size_t k, ns = sc->n_streams ? sc->n_streams : 1;
	uint64_t n = 0;

	if (sc->items_file || !d->t->sort_key) {
		return 0;
	}
	for (k = 0; k < ns; k++) {
		struct pk_scenario one = *sc;
		const struct pk_prop_spec *p;

		if (k < sc->n_streams) {
			one.props = sc->props + sc->streams[k].prop_first;
			one.n_props = sc->streams[k].n_props;
		}
		p = scenario_find_prop(&one, d->t->sort_key);
		if (!p ||
		    (p->kind != PK_GEN_PATTERN && p->kind != PK_GEN_LIST)) {
			return 0;
		}
		n += p->count;
	}
	return n;
}

/* Whether collection c can never pass 10 GiB: pool (sort_key_pool) items
   of the mean size it holds, index entries included, stay under it.
   ASSUMPTION: the items yet to come are of that mean size (the Azure
   Cosmos DB runway's "rewrites its ids: never fills", runway_ids.c) */
static int coll_bounded(const struct ddb_coll *c, uint64_t pool)
{
	return pool > 0 && c->items > 0 &&
	       (double)pool * ((double)c->bytes / (double)c->items) <
		   (double)PK_DDB_COLLECTION_BYTES;
}

void ddb_lsis_forecast(struct ddb *d, struct pk_ddb_collections *out)
{
	const double cap = (double)PK_DDB_COLLECTION_BYTES;
	const struct ddb_coll *c, *tmp, *first = NULL, *fullest = NULL;
	double rate = 0, left = 0, span = 0;
	uint64_t pool = d->n_lsis > 0 ? sort_key_pool(d) : 0;

	memset(out, 0, sizeof(*out));
	out->capped = d->n_lsis > 0;
	out->first_s = -1;
	HASH_ITER(hh, d->colls, c, tmp)
	{
		double r, l;

		if (!fullest || c->bytes > fullest->bytes) {
			fullest = c;
		}
		if (!coll_rate(c, &r)) {
			continue;
		}
		if (coll_bounded(c, pool)) {
			/* grew, but its ids bound it under 10 GiB */
			out->ids = pool;
			continue;
		}
		l = cap > (double)c->bytes ? (cap - (double)c->bytes) / r : 0;
		if (!first || l < left) {
			first = c;
			left = l;
			rate = r;
			span = (double)(c->last_write_ms - c->first_grow_ms) /
			       1000.0;
		}
	}
	if (d->collection_refused > 0 && fullest) {
		/* a write was refused for a full collection: the fullest
		   is at its cap now */
		out->full_now = 1;
		first = fullest;
		left = 0;
	}
	if (!first) {
		return;
	}
	out->growing = !out->full_now;
	pkey_format_id(d->key, first->key, first->len, out->key,
		       sizeof(out->key));
	out->bytes = first->bytes;
	out->rate_bytes_per_s = out->full_now ? 0 : rate;
	out->full_s = left;
	out->span_s = out->full_now ? 0 : span;
	out->first_s =
	    out->full_now ? -1 : (double)first->first_grow_ms / 1000.0;
}

void ddb_lsis_free(struct ddb *d)
{
	struct ddb_coll *c, *tmp;
	size_t i;

	HASH_ITER(hh, d->colls, c, tmp)
	{
		HASH_DEL(d->colls, c);
		free(c);
	}
	for (i = 0; i < d->n_lsis; i++) {
		pkey_free(d->lsis[i].key);
	}
	free(d->lsis);
}
