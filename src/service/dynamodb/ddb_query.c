/*
 * ddb_query: a scenario's queries (scenarios/README.md "Queries") on a
 * DynamoDB table, in DynamoDB's requests (docs/dynamodb.md):
 * - a query whose condition names the partition key's value (`eq`, or
 *   every part of a template key) is a Query of that value's item
 *   collection: it reads every item the table holds under the value
 *   (reference §1: a Query pays for the items read; a condition on
 *   another attribute is a filter expression, applied after the read,
 *   so it does not lower the units), on the value's partition's read
 *   bucket, admitted or throttled as a GetItem is;
 * - an `in` list on the partition key is one Query per distinct key
 *   value: DynamoDB has no IN on a key condition (a key condition takes
 *   one partition key value), so a client sends a Query for each value
 *   it names (once, however many of the list's items hold it), one
 *   after the other in the list's order;
 * - any other query (a fan-out) is a Scan: every partition in turn,
 *   each charged on its own partition for the items it holds.
 * Units (D1, reference §1 "Query ... the total size of the items read
 * ... rounded once", per 1 MB page): ceil(bytes / 4 KiB) x 0.5 eventual
 * or 1 strong (table.read_consistency), one unit when nothing is read
 * (as ddb_units_query_mcu). ASSUMPTION: pksim keeps each value's bytes,
 * not its items in sort-key order, so a page is cut at each 1 MiB of
 * the total, a multiple of 4 KiB, and the pages' units add up to the
 * total's; AWS ends a page with the item that reaches 1 MB, which can
 * add a unit a page.
 *
 * Pages (reference §1: "Query and Scan return at most 1 MB per call"):
 * each page is a request of its own on its partition's read bucket,
 * admitted or throttled alone as a GetItem is, and the client sends
 * the next as the last is answered: a Query's pages, then the next
 * value's, a Scan's partition by partition (ASSUMPTION: a Scan's page
 * ends at its partition's end). The first page throttled ends the
 * attempt: it answers 429 with the pages served so far
 * (pk_outcome.pages_done; their units consumed and charged), and the
 * client's retry sends the rest from the throttled page
 * (pk_svc_request.pages_done), the throttled page its one retry, each
 * later page a first try of its own. ASSUMPTION: the pages of one
 * attempt go in its millisecond, one after the other (no time between
 * a page's answer and the next page's send), so they meet one second's
 * capacity.
 *
 * A query naming a global secondary index (`index:`, IndexName) is a
 * Query of the index: the entries the index holds under the index key
 * value (ddb_gsi_read.c), ceil(bytes / 4 KiB) x 0.5 RCU (eventual only:
 * reference §12, "GSI queries are eventually consistent only ... summed
 * then rounded"; statement 27: 8 entries of 2,000 B, 2 RCU), paged as a
 * Query of the table, each page asked of the index partition's read
 * bucket alone: a throttle is the index's (its read reason), and no
 * base-table bucket is asked (statement 26). Its units are the
 * index's: the table's consumed and offered figures leave them out;
 * the bill's read request units count them (pricing.md: on demand
 * bills request units of the table plus its indexes).
 *
 * What a query's `results` says (items returned, Azure Cosmos DB's
 * per-result charge) does not change a table's units: DynamoDB charges
 * what it reads. A condition on the table's sort key (a key condition
 * that reads part of the collection: pksim does not evaluate conditions
 * over stored items), a query selecting by a global secondary index's
 * key without naming it, and what a Query of an index cannot mean here
 * (scenario_ddb_query_check) are refused at load.
 *
 * The items kept by key value (ddb_query_note) cost a hash look-up a
 * write only when the scenario sends queries (d->queries).
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/diag.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/status.h"
#include "pksim/workload/workload.h"

/* One partition-key value's items */
struct ddb_qcoll {
	UT_hash_handle hh;
	uint64_t bytes;	     /* their sizes added, bytes */
	uint64_t items;	     /* how many; > 0 (none: not kept) */
	uint64_t hash;	     /* ddb_key_hash of key */
	size_t len;	     /* of key */
	unsigned char key[]; /* the value's identity bytes (pkey) */
};

void ddb_query_note(struct ddb *d, const unsigned char *key, int64_t bytes,
		    int64_t items)
{
	size_t len = (size_t)key[0] << 8 | key[1];
	const unsigned char *v = key + 2;
	struct ddb_qcoll *c;

	HASH_FIND(hh, d->qcolls, v, len, c);
	if (!c) {
		if (items <= 0) {
			return;
		}
		c = xcalloc(1, sizeof(*c) + len);
		c->len = len;
		memcpy(c->key, v, len);
		c->hash = ddb_key_hash(v, len);
		HASH_ADD(hh, d->qcolls, key[0], c->len, c);
	}
	c->bytes = (uint64_t)((int64_t)c->bytes + bytes);
	c->items = (uint64_t)((int64_t)c->items + items);
	if (c->items == 0) {
		HASH_DEL(d->qcolls, c);
		free(c);
	}
}

void ddb_query_free(struct ddb *d)
{
	struct ddb_qcoll *c, *tmp;

	HASH_ITER(hh, d->qcolls, c, tmp)
	{
		HASH_DEL(d->qcolls, c);
		free(c);
	}
	pkey_route_free(&d->route);
	free(d->q_src);
	free(d->q_acc);
	free(d->q_parts);
	free(d->q_save);
	free(d->q_seg);
	free(d->q_key);
}

/* The units (mCU) of reading bytes in 1 MB pages (the file's comment):
   of an index (index 1), eventual always (the loader refuses an index
   on a strong table) */
static int64_t pages_mcu(const struct ddb *d, uint64_t bytes, int index)
{
	return ddb_units_read_mcu(
	    bytes, d->t->reads == PK_DDB_CONSISTENCY_STRONG && !index
		       ? PK_DDB_READ_STRONG
		       : PK_DDB_READ_EVENTUAL);
}

void ddb_query_scratch(struct ddb *d, size_t n)
{
	size_t old = d->q_cap;

	if (n < d->layout.n) {
		n = d->layout.n;
	}
	if (n <= old) {
		return;
	}
	d->q_cap = n;
	d->q_acc = xreallocarray(d->q_acc, n, sizeof(*d->q_acc));
	memset(d->q_acc + old, 0, (n - old) * sizeof(*d->q_acc));
	d->q_parts = xreallocarray(d->q_parts, n, sizeof(*d->q_parts));
	d->q_save = xreallocarray(d->q_save, n, sizeof(*d->q_save));
	d->q_seg = xreallocarray(d->q_seg, n, sizeof(*d->q_seg));
	d->q_key = xreallocarray(d->q_key, n, sizeof(*d->q_key));
}

/* The item the query's value i reads its key value from */
static uint64_t value_item(const struct pk_svc_request *rq, size_t i)
{
	return rq->n_in ? rq->in_items[i] : rq->it.item;
}

/* A Scan's runs of pages into q_seg, in hash order: each partition's
   bytes (its items; with local secondary indexes its entries live there
   too, so the items are summed by value, in q_acc, zeroed again); empty
   partitions none, an empty table's Scan one page reading nothing on
   its first partition. How many. */
static size_t scan_segs(struct ddb *d)
{
	const struct ddb_qcoll *c, *tmp;
	size_t i, m = 0;
	uint64_t bytes;

	if (d->n_lsis > 0) {
		HASH_ITER(hh, d->qcolls, c, tmp)
		{
			d->q_acc[ddb_part_of(d, c->hash)] += (int64_t)c->bytes;
		}
	}
	for (i = 0; i < d->layout.n; i++) {
		bytes = d->n_lsis == 0 ? d->parts[i].storage_bytes
				       : (uint64_t)d->q_acc[i];
		d->q_acc[i] = 0;
		if (bytes > 0) {
			d->q_seg[m].bytes = bytes;
			d->q_seg[m].hash = d->parts[i].lo;
			d->q_seg[m].item = PK_ITEM_NONE;
			d->q_seg[m].coll = NULL;
			d->q_seg[m++].part = i;
		}
	}
	if (m == 0) {
		d->q_seg[0].bytes = 0;
		d->q_seg[0].hash = d->parts[0].lo;
		d->q_seg[0].item = PK_ITEM_NONE;
		d->q_seg[0].coll = NULL;
		d->q_seg[m++].part = 0;
	}
	return m;
}

/* An IN list this long or shorter is searched for repeats value by
   value; a longer one is sorted (6,000 values at most) */
#define PK_DDB_IN_SCAN_MAX 16

/* 1 when runs a and b are Queries of one key value: the same hash and
   items (a value holding no item has none: two such values with one
   64-bit hash count as one) */
static int same_value(const struct ddb_qseg *a, const struct ddb_qseg *b)
{
	return a->hash == b->hash && a->coll == b->coll;
}

static int qkey_cmp(const void *pa, const void *pb)
{
	const struct ddb_qkey *a = pa, *b = pb;

	if (a->hash != b->hash) {
		return a->hash < b->hash ? -1 : 1;
	}
	if (a->coll != b->coll) {
		return a->coll < b->coll ? -1 : 1;
	}
	return a->i < b->i ? -1 : a->i > b->i;
}

/* q_seg's m Queries less those of a key value named earlier in the
   list, in the list's order: how many are left. A client sends one
   Query a key value (DynamoDB's key condition takes one value), so an
   IN list whose values are drawn from items of one collection, naming
   its key value twice, reads it once. */
static size_t distinct_values(struct ddb *d, size_t m)
{
	size_t i, j, k = 0;

	if (m <= PK_DDB_IN_SCAN_MAX) {
		for (i = 0; i < m; i++) {
			for (j = 0; j < k; j++) {
				if (same_value(&d->q_seg[j], &d->q_seg[i])) {
					break;
				}
			}
			if (j == k) {
				d->q_seg[k++] = d->q_seg[i];
			}
		}
		return k;
	}
	for (i = 0; i < m; i++) {
		d->q_key[i].hash = d->q_seg[i].hash;
		d->q_key[i].coll = (uintptr_t)d->q_seg[i].coll;
		d->q_key[i].i = i;
	}
	/* equal values together, the first named first */
	qsort(d->q_key, m, sizeof(*d->q_key), qkey_cmp);
	for (i = 1; i < m; i++) {
		if (d->q_key[i].hash == d->q_key[i - 1].hash &&
		    d->q_key[i].coll == d->q_key[i - 1].coll) {
			d->q_seg[d->q_key[i].i].item = PK_ITEM_NONE;
		}
	}
	for (i = 0; i < m; i++) {
		if (d->q_seg[i].item != PK_ITEM_NONE) {
			d->q_seg[k++] = d->q_seg[i];
		}
	}
	return k;
}

/* The Queries of query rq's n values (one a distinct key value, in the
   list's order) as runs of pages into q_seg: how many, or 0 when a
   value is one DynamoDB refuses (a ValidationException) */
static size_t query_segs(struct ddb *d, const struct pk_svc_request *rq,
			 size_t n)
{
	const struct ddb_qcoll *c;
	uint64_t h;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		if (ddb_items_pkey(d, value_item(rq, i), &h) < 0) {
			return 0;
		}
	}
	for (i = 0; i < n; i++) {
		ddb_items_pkey(d, value_item(rq, i), &h);
		HASH_FIND(hh, d->qcolls, d->kv->id, d->kv->id_len, c);
		d->q_seg[m].bytes = c ? c->bytes : 0;
		d->q_seg[m].hash = h;
		d->q_seg[m].item = value_item(rq, i);
		d->q_seg[m].coll = c;
		d->q_seg[m++].part = ddb_part_of(d, h);
	}
	return m > 1 ? distinct_values(d, m) : m;
}

/* The global secondary index query rq names (its `index:`, checked at
   load to be one of the table's), or -1 for the table */
static long query_index(const struct ddb *d, const struct pk_svc_request *rq)
{
	size_t i;

	if (!rq->query || !rq->query->index) {
		return -1;
	}
	for (i = 0; i < d->n_gsis; i++) {
		if (strcmp(d->gsis[i].g->name, rq->query->index) == 0) {
			return (long)i;
		}
	}
	PK_BUG("query '%s' names index '%s', which the table lacks",
	       rq->query->name, rq->query->index);
	return -1;
}

/* The Queries of index gx of query rq's n values (one a distinct index
   key value, in the list's order) as runs of pages into q_seg: how
   many, or 0 when a value's item holds no string or number under the
   index's key (no key value DynamoDB takes: ValidationException). With
   no value (no item written yet) one Query of a value holding nothing,
   on the index's first partition (ASSUMPTION, as a Query of the
   table's missing value reads nothing). */
static size_t index_segs(struct ddb *d, const struct pk_svc_request *rq,
			 size_t gx, size_t n)
{
	uint64_t h = 0, bytes;
	size_t i, m = 0, len;
	long k;

	if (n == 0) {
		d->q_seg[0].bytes = 0;
		d->q_seg[0].hash = 0;
		d->q_seg[0].item = PK_ITEM_NONE;
		d->q_seg[0].coll = NULL;
		d->q_seg[0].part = (size_t)ddb_gsi_part_at(&d->gsis[gx], 0);
		return 1;
	}
	for (i = 0; i < n; i++) {
		k = ddb_gsi_value(d, gx, value_item(rq, i), &len, &h);
		if (k < 0) {
			return 0;
		}
		d->q_seg[m].coll = ddb_gsi_read_value(d, gx, len, h, &bytes);
		d->q_seg[m].bytes = bytes;
		d->q_seg[m].hash = h;
		d->q_seg[m].item = value_item(rq, i);
		d->q_seg[m++].part = (size_t)k;
	}
	return m > 1 ? distinct_values(d, m) : m;
}

/* Pages of a run reading bytes: 1 MiB each, the last the rest; one
   reading nothing when bytes is 0 */
static uint64_t seg_pages(uint64_t bytes)
{
	return bytes == 0 ? 1
			  : (bytes + PK_DDB_PAGE_BYTES - 1) / PK_DDB_PAGE_BYTES;
}

/* One page of units u (mCU) of run g, sent as request pg (pg->retry 0:
   the page's first try), asked of its partition's read bucket: noted
   as asked (its key value's heat, a first try's demand, the attempt's
   offered or retried units, its partition's requests) and admitted
   alone. 1 when admitted (its units consumed on the partition), else 0
   with the throttle counted on the partition and told to the second's
   look-ahead (the client's retry asks the page again). */
static int page(struct ddb *d, const struct pk_svc_request *pg,
		const struct ddb_qseg *g, int64_t u)
{
	struct ddb_part *p = &d->parts[g->part];
	struct ask a;
	size_t k;
	int admitted;

	memset(&a, 0, sizeof(a));
	a.units = u;
	a.part = (long)g->part;
	a.hash = g->hash;
	if (g->item != PK_ITEM_NONE) {
		ddb_heat_note(d, PK_OP_QUERY, pg->retry, 0, u);
		if (pg->retry == 0) {
			ddb_demand_note(d, pg, &a, a.hash);
		}
	} else if (pg->retry == 0) {
		ddb_bill_demand(d, pg->phase, 0, u);
	}
	if (pg->retry > 0) {
		d->m.totals.retry_mru += u;
		d->sec.retry_mru += u;
	} else {
		d->m.totals.offered_mru += u;
		d->sec.offered_mru += u;
	}
	ddb_count_part(p, pg, u);
	if (pg->retry == 0 && ddb_ahead_counted(d, pg)) {
		/* not foreseen (its units are known at its send): counted
		   on its partition as it arrives */
		ddb_ahead_part(d, g->part, 0, u);
	}
	d->q_acc[g->part] = u;
	admitted = ddb_admit_many(d, 0, &g->part, d->q_acc, 1, pg, &k) ==
		   PK_DDB_ADMITTED;
	d->q_acc[g->part] = 0;
	if (admitted) {
		p->used_mcu += u;
		return 1;
	}
	ddb_ahead_refused(d, pg, g->part, &a);
	ddb_ahead_throttled(d, pg, p->lo, g->part, 0, u, NULL);
	ddb_note_never(d, p, pg, 0, u);
	ddb_part_refused(d, p, 0);
	return 0;
}

/* One page of units u (mCU) of run g on index gx, sent as request pg:
   the bill's demand of a first try, then asked of the index
   partition's read bucket alone (ddb_gsi_read_admit; no table bucket,
   statement 26). 1 when admitted, else 0 (the index's reason
   counted). */
static int index_page(struct ddb *d, const struct pk_svc_request *pg, size_t gx,
		      const struct ddb_qseg *g, int64_t u)
{
	if (pg->retry == 0) {
		ddb_bill_demand(d, pg->phase, 0, u);
	}
	return ddb_gsi_read_admit(d, gx, g->part, u);
}

void ddb_query_apply(struct ddb *d, const struct pk_svc_request *rq,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &d->m.totals;
	size_t n = rq->it.item == PK_ITEM_NONE ? 0 : rq->n_in ? rq->n_in : 1;
	size_t i, m, ranges = 0;
	uint64_t at = 0, pg, np, done = rq->pages_done, off, h;
	int64_t served = 0, u;
	enum pk_route_kind kind;
	struct pk_svc_request r = *rq, one;
	int throttled = 0, read;
	long gx = query_index(d, rq);

	if (gx >= 0) {
		/* a Query of the index: its key's value (eq), or each of
		   an IN list's (the loader asks for one or the other) */
		kind = rq->n_in ? PK_ROUTE_TARGETED : PK_ROUTE_SINGLE;
		ddb_query_scratch(d, n);
		m = index_segs(d, rq, (size_t)gx, n);
	} else {
		if (n > d->q_src_cap) {
			d->q_src =
			    xreallocarray(d->q_src, n, sizeof(*d->q_src));
			d->q_src_cap = n;
		}
		for (i = 0; i < n; i++) {
			pkey_source_workload(d->key, d->w, value_item(rq, i),
					     &d->q_src[i]);
		}
		pkey_route(d->key, rq->query, d->q_src, n, &d->route);
		kind = d->route.kind;
		ddb_query_scratch(d, n);
		m = kind == PK_ROUTE_FANOUT ? scan_segs(d)
					    : query_segs(d, rq, n);
	}
	if (m == 0) {
		/* a key value DynamoDB refuses: ValidationException */
		ddb_count_attempt(d, NULL, rq, 0);
		out->status = PK_HTTP_BAD_REQUEST;
		t->bad_request_400++;
		return;
	}
	if (done > 0 && r.retry == 0) {
		/* the rest of a query some of whose pages were served: its
		   client's retry of the throttled page (its own retries
		   start again at a new page) */
		r.retry = 1;
	}
	ddb_count_attempt(d, NULL, &r, 0);
	out->route = (int)kind;
	out->range = d->q_seg[0].part;
	/* its pages one after the other, from the first not served yet
	   (the client sends the next once the last is answered); the
	   first throttled ends the attempt */
	for (i = 0; i < m && !throttled; i++) {
		const struct ddb_qseg *g = &d->q_seg[i];

		np = seg_pages(g->bytes);
		if (at + np <= done) {
			at += np;
			continue;
		}
		if (g->item != PK_ITEM_NONE && gx < 0) {
			/* its key value in d->kv, for its heat and demand */
			ddb_items_pkey(d, g->item, &h);
		}
		read = 0;
		for (pg = at < done ? done - at : 0; pg < np; pg++) {
			off = pg * PK_DDB_PAGE_BYTES;
			u = pages_mcu(d,
				      g->bytes - off < PK_DDB_PAGE_BYTES
					  ? g->bytes - off
					  : PK_DDB_PAGE_BYTES,
				      gx >= 0);
			one = r;
			/* only the page a throttle ended the last attempt
			   with is a retry; each later one is a request of
			   its own, sent as the last is answered */
			if (at + pg > done || (done == 0 && r.retry == 0)) {
				one.retry = 0;
				one.arrived = at + pg == 0 ? rq->arrived : 1;
			}
			if (!(gx >= 0 ? index_page(d, &one, (size_t)gx, g, u)
				      : page(d, &one, g, u))) {
				out->range = g->part;
				out->pages_done = (uint32_t)(at + pg);
				throttled = 1;
				break;
			}
			served += u;
			read = 1;
		}
		ranges += read;
		at += np;
	}
	out->charge_mru = served;
	ddb_bill_used(d, 0, served);
	if (gx < 0) {
		/* the table's units (an index's are its own) */
		t->ru_mru += served;
		d->sec.served_mru += served;
		t->query_ranges += ranges;
	}
	if (kind == PK_ROUTE_FANOUT) {
		t->fanout_mru += served;
	}
	out->ranges = ranges;
	if (throttled) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->retry_after_ms = ddb_retry_after_ms(rq);
		t->throttled_429++;
		if (gx >= 0) {
			/* the second's throttle, not a table partition's */
			d->sec.throttled_429++;
		}
		return;
	}
	out->status = PK_HTTP_OK;
	t->succeeded++;
	metrics_add_wait(&d->m, rq->waited_ms);
	t->queries[kind]++;
}

int ddb_query_refuse(const struct pk_scenario *sc,
		     const struct pk_ddb_table_spec *t, struct pk_diag *diag)
{
	const struct pk_phase_spec *ph;
	size_t i, j;

	if (sc->items_file && sc->items_file->n_queries > 0) {
		for (j = 0; j < sc->items_file->n_queries; j++) {
			if (scenario_ddb_query_check(
				sc->file, t, &sc->items_file->queries[j],
				sc->items_file->line, sc->items_file->col,
				diag) < 0) {
				return -1;
			}
		}
		return 0;
	}
	for (i = 0; i < sc->n_phases; i++) {
		ph = &sc->phases[i];
		for (j = 0; j < ph->n_queries; j++) {
			if (scenario_ddb_query_check(
				sc->file, t, &ph->queries[j],
				ph->queries[j].line, ph->queries[j].col,
				diag) < 0) {
				return -1;
			}
		}
	}
	return 0;
}
