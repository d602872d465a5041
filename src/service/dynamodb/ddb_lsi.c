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
	uint64_t bytes;	     /* its items' and index entries' */
	uint64_t items;	     /* its items */
	int refused;	     /* 1: a write past 10 GiB was refused */
	size_t len;	     /* of key */
	unsigned char key[]; /* the value's identity bytes (pkey) */
};

/* The write units one key value's writes can take a second, mCU
   (pk_snapshot_ddb.coll_write_mcu): a partition's 1,000 WCU (D3), at
   most the table's own provisioned units, with adaptive capacity off at
   most a partition's even share at creation (D5, D10); on demand the
   partition's 1,000 WRU */
static int64_t coll_write_mcu(const struct ddb *d)
{
	int64_t most = (int64_t)PK_DDB_PART_WCU * 1000;

	if (d->on_demand) {
		return most;
	}
	if (d->t->adaptive == PK_DDB_ADAPTIVE_OFF) {
		return d->bill.created_share_mcu[1] < most
			   ? d->bill.created_share_mcu[1]
			   : most;
	}
	return d->t->wcu * 1000 < most ? d->t->wcu * 1000 : most;
}

/* pk_snapshot_ddb.coll_write_scaled_mcu: with write auto scaling
   (D19) the table's units follow what its writes consume, raised by
   target tracking until they pass what is asked or reach max_wcu; a
   key value's writes then take a partition's 1,000 WCU at most the
   max (ASSUMPTION: the minutes of raising, two 1-minute points and
   the update delay a step, are left out: the early side). 0 on demand,
   without auto scaling, or with adaptive capacity off (an even share
   that the partitions a raise makes divide again). */
static int64_t coll_write_scaled_mcu(const struct ddb *d)
{
	const int64_t most = (int64_t)PK_DDB_PART_WCU * 1000;

	if (d->on_demand || !d->t->scale.on ||
	    d->t->adaptive == PK_DDB_ADAPTIVE_OFF) {
		return 0;
	}
	return d->t->scale.max_wcu * 1000 < most ? d->t->scale.max_wcu * 1000
						 : most;
}

/* pk_snapshot_ddb.coll_table_write_mcu: the table's own cap on its
   writes, every partition's together: an on-demand table's quota
   (D12: the instant limit grows past any peak in time, the quota does
   not), a provisioned table's units (under auto scaling at most its
   max); 0 when a phase sets write units (a table cap that moves is not
   followed; the key's bound follows them, runway.c) */
static int64_t coll_table_write_mcu(const struct ddb *d)
{
	size_t i;

	if (d->on_demand) {
		return d->t->quota_units * 1000;
	}
	for (i = 0; i < d->sc->n_phases; i++) {
		if (d->sc->phases[i].ddb_wcu > 0) {
			return 0;
		}
	}
	return (d->t->scale.on ? d->t->scale.max_wcu : d->t->wcu) * 1000;
}

/* Whether some stream of sc's items holds a property at path */
static int items_have(const struct pk_scenario *sc, const char *path)
{
	size_t k, ns = sc->n_streams ? sc->n_streams : 1;

	if (sc->items_file) {
		return 1; /* a record may hold any property */
	}
	for (k = 0; k < ns; k++) {
		struct pk_scenario one = *sc;

		if (k < sc->n_streams) {
			one.props = sc->props + sc->streams[k].prop_first;
			one.n_props = sc->streams[k].n_props;
		}
		if (scenario_find_prop(&one, path)) {
			return 1;
		}
	}
	return 0;
}

void ddb_lsis_item_indexes(const struct ddb *d, size_t *all, size_t *keys)
{
	size_t i;

	*all = *keys = 0;
	for (i = 0; i < d->t->n_lsis; i++) {
		const struct pk_ddb_lsi_spec *l = &d->t->lsis[i];

		if (!items_have(d->sc, l->sort_key)) {
			continue;
		}
		if (l->keys_only) {
			(*keys)++;
		} else {
			(*all)++;
		}
	}
}

int ddb_lsis_init(struct ddb *d, const struct pk_service_spec *spec,
		  struct pk_diag *diag)
{
	size_t i, all, keys;

	d->bill.coll_cap_bytes = 0;
	d->bill.coll_item_factor = 1.0;
	d->bill.coll_write_mcu = coll_write_mcu(d);
	d->bill.coll_write_scaled_mcu = coll_write_scaled_mcu(d);
	d->bill.coll_table_write_mcu = coll_table_write_mcu(d);
	d->bill.coll_write_part_mcu =
	    !d->on_demand && !d->t->scale.on &&
		    d->t->adaptive != PK_DDB_ADAPTIVE_OFF
		? (int64_t)PK_DDB_PART_WCU * 1000
		: 0;
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
		li->key->exact_numbers = 1; /* 38 digits (pkey.h) */
		li->key->no_epk = 1;	    /* placed by ddb_key_hash */
	}
	ddb_lsis_item_indexes(d, &all, &keys);
	d->bill.coll_cap_bytes = (uint64_t)PK_DDB_COLLECTION_BYTES;
	d->bill.coll_item_factor = 1.0 + (double)all;
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

void ddb_lsis_store(struct ddb_coll *c, int64_t grow, int64_t items)
{
	int64_t after = (int64_t)c->bytes + grow;
	int64_t n = (int64_t)c->items + items;

	c->bytes = after < 0 ? 0 : (uint64_t)after;
	c->items = n < 0 ? 0 : (uint64_t)n;
}

void ddb_lsis_end(const struct ddb *d, struct pk_ddb_collections *out)
{
	const struct ddb_coll *c, *tmp, *fullest = NULL;

	memset(out, 0, sizeof(*out));
	out->capped = d->n_lsis > 0;
	HASH_ITER(hh, d->colls, c, tmp)
	{
		if (!fullest || c->bytes > fullest->bytes) {
			fullest = c;
		}
	}
	if (d->collection_refused == 0 || !fullest) {
		return;
	}
	/* a write was refused for a full collection: the fullest is at
	   its cap now */
	out->full_now = 1;
	pkey_format_id(d->key, fullest->key, fullest->len, out->key,
		       sizeof(out->key));
	out->bytes = fullest->bytes;
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
