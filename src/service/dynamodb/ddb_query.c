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
 * - an `in` list on the partition key is one Query per value: DynamoDB
 *   has no IN on a key condition (a key condition takes one partition
 *   key value), so a client sends a Query for each, and pksim sends
 *   them together, all or nothing (a throttled one throttles the
 *   operation, and its retry sends them all again: ASSUMPTION);
 * - any other query (a fan-out) is a Scan: every partition in turn,
 *   each charged on its own partition for the items it holds, all or
 *   nothing as the IN list's Queries.
 * Units (D1, reference §1 "Query ... the total size of the items read
 * ... rounded once", per 1 MB page): ceil(bytes / 4 KiB) x 0.5 eventual
 * or 1 strong (table.read_consistency), one unit when nothing is read
 * (as ddb_units_query_mcu). ASSUMPTION: pksim keeps each value's bytes,
 * not its items in sort-key order, so a page is cut at each 1 MiB of
 * the total, a multiple of 4 KiB, and the pages' units add up to the
 * total's; AWS ends a page with the item that reaches 1 MB, which can
 * add a unit a page. ASSUMPTION: a Query's or Scan's pages are asked
 * together in the second it is sent (a paginating client sends them
 * back to back): one asking more than its partition admits in any
 * second never fits and is counted so (ddb_note_never).
 *
 * What a query's `results` says (items returned, Azure Cosmos DB's
 * per-result charge) does not change a table's units: DynamoDB charges
 * what it reads. A condition on the table's sort key (a key condition
 * that reads part of the collection: pksim does not evaluate conditions
 * over stored items) and a query naming a global secondary index's key
 * (a Query of the index) are refused at load.
 *
 * The items kept by key value (ddb_query_note) cost a hash look-up a
 * write only when the scenario sends queries (d->queries).
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
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
}

/* The units (mCU) of reading bytes in 1 MB pages (the file's comment) */
static int64_t pages_mcu(const struct ddb *d, uint64_t bytes)
{
	return ddb_units_read_mcu(bytes,
				  d->t->reads == PK_DDB_CONSISTENCY_STRONG
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
}

/* A Scan's partitions, in hash order, with their units in q_acc: the
   bytes each holds (its items; with local secondary indexes its entries
   live there too, so the items are summed by value); an empty table's
   Scan reads nothing at one unit on its first partition */
static size_t scan_parts(struct ddb *d)
{
	const struct ddb_qcoll *c, *tmp;
	size_t i, m = 0;

	if (d->n_lsis == 0) {
		for (i = 0; i < d->layout.n; i++) {
			d->q_acc[i] = (int64_t)d->parts[i].storage_bytes;
		}
	} else {
		HASH_ITER(hh, d->qcolls, c, tmp)
		{
			d->q_acc[ddb_part_of(d, c->hash)] += (int64_t)c->bytes;
		}
	}
	for (i = 0; i < d->layout.n; i++) {
		if (d->q_acc[i] > 0) {
			d->q_acc[i] = pages_mcu(d, (uint64_t)d->q_acc[i]);
			d->q_parts[m++] = i;
		}
	}
	if (m == 0) {
		d->q_acc[0] = pages_mcu(d, 0);
		d->q_parts[m++] = 0;
	}
	return m;
}

/* The item the query's value i reads its key value from */
static uint64_t value_item(const struct pk_svc_request *rq, size_t i)
{
	return rq->n_in ? rq->in_items[i] : rq->it.item;
}

/* The n Queries of query rq (one a key value): their partitions into
   q_parts, their units added by partition in q_acc, each noted as a
   read of its key value (its heat and, a first attempt, its demand):
   how many partitions, or 0 when a value is one DynamoDB refuses (a
   ValidationException, nothing noted) */
static size_t query_parts(struct ddb *d, const struct pk_svc_request *rq,
			  size_t n)
{
	const struct ddb_qcoll *c;
	struct ask a;
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
		memset(&a, 0, sizeof(a));
		a.units = pages_mcu(d, c ? c->bytes : 0);
		a.part = (long)ddb_part_of(d, h);
		a.hash = h;
		if (d->q_acc[a.part] == 0) {
			d->q_parts[m++] = (size_t)a.part;
		}
		d->q_acc[a.part] += a.units;
		ddb_heat_note(d, PK_OP_QUERY, rq->retry, 0, a.units);
		if (rq->retry == 0) {
			ddb_demand_note_built(d, rq, &a);
		}
	}
	return m;
}

/* Clear q_acc's m partitions for the next query */
static void clear(struct ddb *d, size_t m)
{
	size_t k;

	for (k = 0; k < m; k++) {
		d->q_acc[d->q_parts[k]] = 0;
	}
}

void ddb_query_apply(struct ddb *d, const struct pk_svc_request *rq,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &d->m.totals;
	size_t n = rq->it.item == PK_ITEM_NONE ? 0 : rq->n_in ? rq->n_in : 1;
	size_t i, m, k, bad = 0;
	int64_t total = 0;
	enum pk_route_kind kind;
	struct ask a;
	int counted = ddb_ahead_counted(d, rq) && rq->retry == 0;

	if (n > d->q_src_cap) {
		d->q_src = xreallocarray(d->q_src, n, sizeof(*d->q_src));
		d->q_src_cap = n;
	}
	for (i = 0; i < n; i++) {
		pkey_source_workload(d->key, d->w, value_item(rq, i),
				     &d->q_src[i]);
	}
	pkey_route(d->key, rq->query, d->q_src, n, &d->route);
	kind = d->route.kind;
	ddb_query_scratch(d, n);
	if (kind == PK_ROUTE_FANOUT) {
		m = scan_parts(d);
		for (k = 0; rq->retry == 0 && k < m; k++) {
			ddb_bill_demand(d, rq->phase, 0,
					d->q_acc[d->q_parts[k]]);
		}
	} else {
		m = query_parts(d, rq, n);
		bad = m == 0;
	}
	if (bad) {
		/* a key value DynamoDB refuses: ValidationException */
		ddb_count_attempt(d, NULL, rq, 0);
		out->status = PK_HTTP_BAD_REQUEST;
		t->bad_request_400++;
		return;
	}
	for (k = 0; k < m; k++) {
		total += d->q_acc[d->q_parts[k]];
	}
	out->ranges = m;
	out->route = (int)kind;
	ddb_count_attempt(d, NULL, rq, total);
	memset(&a, 0, sizeof(a));
	for (k = 0; k < m; k++) {
		size_t p = d->q_parts[k];

		ddb_count_part(&d->parts[p], rq, d->q_acc[p]);
		if (counted) {
			/* not foreseen (its units are known at its send):
			   counted on its partitions as it arrives */
			ddb_ahead_part(d, p, 0, d->q_acc[p]);
		}
	}
	if (ddb_admit_many(d, 0, d->q_parts, d->q_acc, m, rq, &k) !=
	    PK_DDB_ADMITTED) {
		struct ddb_part *p = &d->parts[d->q_parts[k]];

		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->retry_after_ms = ddb_retry_after_ms(rq);
		out->range = d->q_parts[k];
		t->throttled_429++;
		for (i = 0; i < m; i++) {
			size_t j = d->q_parts[i];

			a.units = d->q_acc[j];
			ddb_ahead_refused(d, rq, j, &a);
			ddb_ahead_throttled(d, rq, d->parts[j].lo, j, 0,
					    d->q_acc[j], NULL);
		}
		ddb_note_never(d, p, rq, 0, d->q_acc[d->q_parts[k]]);
		p->throttled++;
		p->s_throttled++;
		clear(d, m);
		return;
	}
	out->status = PK_HTTP_OK;
	out->range = d->q_parts[0];
	out->charge_mru = total;
	t->succeeded++;
	t->ru_mru += total;
	d->sec.served_mru += total;
	ddb_bill_used(d, 0, total);
	for (k = 0; k < m; k++) {
		d->parts[d->q_parts[k]].used_mcu += d->q_acc[d->q_parts[k]];
	}
	metrics_add_wait(&d->m, rq->waited_ms);
	t->queries[kind]++;
	t->query_ranges += m;
	if (kind == PK_ROUTE_FANOUT) {
		t->fanout_mru += total;
	}
	clear(d, m);
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
