/*
 * ddb_batch: Amazon DynamoDB's BatchWriteItem, which is not atomic
 * (AWS's BatchWriteItem reference: "The individual PutItem and
 * DeleteItem operations specified in BatchWriteItem are atomic; however
 * BatchWriteItem as a whole is not").
 * - The request is checked whole first: a key DynamoDB refuses, one
 *   primary key twice ("multiple operations on the same item"), an item
 *   over 400 KiB (D2), more than 25 items (§14), or with local secondary
 * indexes an item over 400 KiB with its projections or past its collection's 10
 * GiB (D18): 400, nothing written.
 * - Then each item is a put of its own: rounded alone (D1, the larger of
 *   the item it replaces and its own; an item another workload item's put
 *   stored under its key is replaced, pk_outcome.replaced_items), on its
 *   own key value's partition
 *   and its own indexes' (D3, D5, D9, D10, D17), admitted or throttled
 *   alone, in the batch's order.
 * - The items throttled are returned unprocessed (UnprocessedItems;
 *   pk_outcome.unprocessed) for the client to send again. When none was
 *   written the request is throttled (ProvisionedThroughputExceeded-
 *   Exception): the only case CloudWatch's ThrottledRequests counts a
 *   batch (the run's seconds and minutes count it so: one throttle),
 *   each throttled item being a write throttle event of its partition
 *   either way.
 *
 * Under `batches: transact_write_items` a batch is TransactWriteItems
 * instead (transact): checked whole as above (its 100 actions no
 * scenario batch passes) and refused whole when its items total over 4
 * MB (PK_DDB_TRANSACT_MAX_BYTES), each item's units doubled (D1: "a
 * transactional write costs twice as much", statement 6, E1), and every
 * item admitted on its partition or none: the items' units summed by
 * partition are admitted all or nothing (ddb_admit_many), stored only
 * when all were. A refusal cancels the whole transaction: AWS answers
 * TransactionCanceledException (HTTP 400) whose CancellationReasons
 * hold one entry an item, in order: ThrottlingError for an item whose
 * partition could not take it, None for the others (AWS's
 * TransactWriteItems reference); pk_snapshot_ddb counts the canceled
 * attempts and their items by code. ASSUMPTIONS (the reference's §9
 * lists the throttling exceptions and reasons, not transactions):
 * pksim counts it as one throttled request with its partition's reason
 * (D14) and the client retries it whole as a throttle; the partitions
 * are asked in turn and the first that cannot take its items cancels,
 * so only its items are ThrottlingError (a later partition that could
 * not have taken its items either is not asked).
 * A table with secondary indexes is refused this setting at load.
 */
#include <string.h>

#include "ddb_state.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/status.h"

/* pk_outcome.unprocessed holds a bit an item: a BatchWriteItem of more
   items is refused whole (check) */
_Static_assert(PK_DDB_BATCH_WRITE_MAX <= 32, "unprocessed is 32 bits");

/* One batch's items as checked */
struct batch {
	uint32_t n;
	uint64_t charged[PK_MAX_BATCH_OPS]; /* bytes each put is charged
					       on (D1: the larger of the
					       old item and the new) */
	int64_t grow[PK_MAX_BATCH_OPS];	    /* bytes it adds */
	int had[PK_MAX_BATCH_OPS];	    /* 1: it replaces an item */
	uint64_t hash[PK_MAX_BATCH_OPS];    /* its partition key's hash */
	int64_t units[PK_MAX_BATCH_OPS];    /* its units with its local
					       index writes, mCU */
	int64_t coll_grow[PK_MAX_BATCH_OPS];
	struct ddb_coll *coll[PK_MAX_BATCH_OPS];
	int too_large; /* an item over 400 KiB */
	int tx_large;  /* a transaction's items over 4 MiB in all */
	int dup;       /* one primary key named twice */
};

/* Item k of rq as a request of its own (a batch of one) in *one */
static void one_item(const struct pk_svc_request *rq, uint32_t k,
		     struct pk_svc_request *one)
{
	*one = *rq;
	one->batch = &rq->batch[k];
	one->batch_n = 1;
	one->it = rq->batch[k];
}

/* The request's keys (ddb_items_key, in order) and each item's figures
   into b: 0, or -1 for a request DynamoDB refuses whole */
static int check(struct ddb *d, const struct pk_svc_request *rq,
		 struct batch *b)
{
	uint64_t total = 0;
	uint32_t k;
	int bad = 0;

	b->n = rq->batch_n < PK_MAX_BATCH_OPS ? rq->batch_n : PK_MAX_BATCH_OPS;
	b->too_large = b->tx_large = b->dup = 0;
	ddb_items_reset(d);
	if (!d->t->transact && b->n > PK_DDB_BATCH_WRITE_MAX) {
		/* ValidationException: 1 to 25 requests (reference §14) */
		b->n = 0;
		return -1;
	}
	for (k = 0; k < b->n; k++) {
		uint64_t size = rq->batch[k].size_bytes, old = 0;

		b->had[k] = 0;
		if (ddb_items_key(d, rq->batch[k].item, &b->hash[k]) < 0) {
			bad = 1;
		} else if (ddb_items_repeats(d, k)) {
			/* ValidationException: "multiple operations on
			   the same item" */
			b->dup = bad = 1;
		} else {
			b->had[k] = ddb_items_size(d, k, &old);
		}
		b->charged[k] = size > old ? size : old;
		b->grow[k] = (int64_t)size - (int64_t)old;
		b->units[k] =
		    ddb_units_write_mcu(b->charged[k], d->t->transact != 0);
		b->coll_grow[k] = b->grow[k];
		b->coll[k] = NULL;
		b->too_large |= !ddb_units_item_fits(size);
		if (!ddb_units_item_fits(size) || rq->batch[k].reject) {
			bad = 1;
		}
		total += size;
	}
	if (d->t->transact && total > PK_DDB_TRANSACT_MAX_BYTES) {
		/* ValidationException: the items' aggregate size over 4 MB */
		b->tx_large = bad = 1;
	}
	return bad ? -1 : 0;
}

/* With local secondary indexes: each item's index writes and collection
   (ddb_lsis_ask) into b; 0, or -1 when one refuses the request */
static int check_lsis(struct ddb *d, const struct pk_svc_request *rq,
		      struct batch *b)
{
	uint32_t k;

	for (k = 0; k < b->n && d->n_lsis > 0; k++) {
		struct pk_svc_request one;
		uint64_t h;

		one_item(rq, k, &one);
		/* d->kv: the item's key value, its collection's */
		ddb_items_pkey(d, rq->batch[k].item, &h);
		if (ddb_lsis_ask(d, &one, k, &b->units[k], &b->coll_grow[k],
				 &b->coll[k]) < 0) {
			return -1;
		}
	}
	return 0;
}

/* Answer a request refused whole (400) */
static void refuse(struct ddb *d, const struct pk_svc_request *rq,
		   const struct batch *b, int by_lsi, struct pk_outcome *out)
{
	struct pk_totals *t = &d->m.totals;

	ddb_count_attempt(d, NULL, rq, 0);
	out->status = PK_HTTP_BAD_REQUEST;
	t->bad_request_400++;
	t->batches++;
	t->batches_rejected_400++;
	/* one cause a request: an item over 400 KB, else a transaction
	   over 4 MB, else a key named twice, else a key value the table
	   refuses */
	t->ddb_too_large_400 += (uint64_t)b->too_large;
	t->ddb_tx_large_400 += (uint64_t)(b->tx_large && !b->too_large);
	t->ddb_dup_400 += (uint64_t)(b->dup && !b->too_large && !b->tx_large);
	t->ddb_lsi_400 += (uint64_t)by_lsi;
}

/* Item k's ask of the table */
static void item_ask(const struct batch *b, uint32_t k, struct ask *a)
{
	memset(a, 0, sizeof(*a));
	a->write = 1;
	a->units = b->units[k];
	a->base_units = b->units[k];
	a->grow = b->grow[k];
	a->items = !b->had[k];
	a->coll_grow = b->coll_grow[k];
	a->coll = b->coll[k];
	a->status = PK_HTTP_CREATED;
	a->key = k;
}

/* A request check passed and a local index refused whole: what the
   open second foresaw for each item (its units with its local index
   entries', and its global index writes) is not asked */
static void release(struct ddb *d, const struct pk_svc_request *rq,
		    const struct batch *b)
{
	uint32_t k;

	if (!ddb_ahead_counted(d, rq) || ddb_ahead_paced(d, rq)) {
		return;
	}
	for (k = 0; k < b->n; k++) {
		struct pk_svc_request one;
		struct ask a;

		one_item(rq, k, &one);
		item_ask(b, k, &a);
		a.units =
		    a.base_units + ddb_lsis_units(d, &one, k, a.base_units);
		ddb_ahead_refused(d, &one, ddb_part_of_key(d, b->hash[k], k),
				  &a);
	}
}

/* Admit item k of rq: 1 when written (stored, its units in *charge),
   else 0 (its throttle counted on its partition, or on the second when
   an index refused it) */
static int write_item(struct ddb *d, const struct pk_svc_request *rq,
		      const struct batch *b, uint32_t k, int64_t *charge)
{
	struct pk_svc_request one;
	struct ask a;
	size_t i = ddb_part_of_key(d, b->hash[k], k);
	struct ddb_part *p = &d->parts[i];
	int by_index = 0;
	uint64_t took;

	one_item(rq, k, &one);
	item_ask(b, k, &a);
	ddb_count_part(p, rq, a.units);
	if (__builtin_expect(p->watch != NULL, 0) && rq->retry == 0) {
		ddb_hsplit_note(p, rq->batch[k].item, 1, a.units);
	}
	/* the item's units (its local index entries' too, D18) asked of
	   its own key value, as a put */
	ddb_items_values(d, rq->batch[k].item);
	ddb_heat_note(d, PK_OP_CREATE, rq->retry, 1, a.units);
	if (rq->retry == 0) {
		ddb_demand_note(d, &one, &a, b->hash[k]);
	}
	if (ddb_ahead_paced(d, &one)) {
		ddb_ahead_sent(d, &one, i, &a);
	}
	if (ddb_admit_all(d, i, &one, &a, &by_index) != PK_DDB_ADMITTED) {
		ddb_ahead_throttled(d, &one, b->hash[k], i, 1, a.units, &a);
		ddb_ahead_refused(d, &one, i, &a);
		if (by_index) {
			d->sec.throttled_429++;
		} else {
			ddb_part_refused(d, p, 1);
		}
		return 0;
	}
	*charge += a.units;
	ddb_bill_used(d, 1, a.units);
	p->used_mcu += a.units;
	/* the item first: a storage split cuts by the items held */
	took = ddb_items_put(d, k, rq->batch[k].size_bytes, rq->batch[k].item);
	ddb_store(d, i, &a);
	d->bill.creates_replaced += (uint64_t)d->put_held;
	if (took) {
		d->took[d->n_took++] = took - 1;
	}
	if (a.coll) {
		ddb_lsis_store(a.coll, a.coll_grow, a.items);
	}
	if (d->n_gsis > 0) {
		ddb_gsis_store(d);
	}
	return 1;
}

/* TransactWriteItems rq (checked into b, asking asked mCU): every item
   stored, or none (the file's comment) */
static void transact(struct ddb *d, const struct pk_svc_request *rq,
		     const struct batch *b, int64_t asked,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &d->m.totals;
	struct pk_svc_request one;
	struct ask a;
	size_t m = 0, r, i;
	uint32_t k;

	ddb_query_scratch(d, b->n);
	for (k = 0; k < b->n; k++) {
		/* by sort key too: a cut inside a collection (D6, D7) */
		i = ddb_part_of_key(d, b->hash[k], k);
		if (d->q_acc[i] == 0) {
			d->q_parts[m++] = i;
		}
		d->q_acc[i] += b->units[k];
		one_item(rq, k, &one);
		item_ask(b, k, &a);
		ddb_count_part(&d->parts[i], rq, a.units);
		if (__builtin_expect(d->parts[i].watch != NULL, 0) &&
		    rq->retry == 0) {
			ddb_hsplit_note(&d->parts[i], rq->batch[k].item, 1,
					a.units);
		}
		ddb_items_values(d, rq->batch[k].item);
		ddb_heat_note(d, PK_OP_CREATE, rq->retry, 1, a.units);
		if (rq->retry == 0) {
			ddb_demand_note(d, &one, &a, b->hash[k]);
		}
		if (ddb_ahead_paced(d, &one)) {
			ddb_ahead_sent(d, &one, i, &a);
		}
	}
	if (ddb_admit_many(d, 1, d->q_parts, d->q_acc, m, rq, &r) !=
	    PK_DDB_ADMITTED) {
		struct ddb_part *p = &d->parts[d->q_parts[r]];

		d->bill.tx_canceled++;
		for (k = 0; k < b->n; k++) {
			size_t at = ddb_part_of_key(d, b->hash[k], k);

			/* its CancellationReasons entry */
			d->bill.tx_cancel_items[at != d->q_parts[r]]++;
			one_item(rq, k, &one);
			item_ask(b, k, &a);
			ddb_ahead_throttled(d, &one, b->hash[k], at, 1, a.units,
					    &a);
			ddb_ahead_refused(d, &one, at, &a);
		}
		ddb_note_never(d, p, rq, 1, d->q_acc[d->q_parts[r]]);
		for (i = 0; i < m; i++) {
			d->q_acc[d->q_parts[i]] = 0;
		}
		ddb_part_refused(d, p, 1);
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->retry_after_ms = ddb_retry_after_ms(rq);
		out->range = (size_t)(p - d->parts);
		t->throttled_429++;
		return;
	}
	for (i = 0; i < m; i++) {
		d->q_acc[d->q_parts[i]] = 0;
	}
	d->n_took = 0;
	for (k = 0; k < b->n; k++) {
		/* each item's partition again: a storage split of an
		   earlier item's may have moved it (D6) */
		uint64_t took;

		i = ddb_part_of_key(d, b->hash[k], k);
		item_ask(b, k, &a);
		ddb_bill_used(d, 1, a.units);
		d->parts[i].used_mcu += a.units;
		ddb_store(d, i, &a);
		took = ddb_items_put(d, k, rq->batch[k].size_bytes,
				     rq->batch[k].item);
		d->bill.creates_replaced += (uint64_t)d->put_held;
		if (took) {
			d->took[d->n_took++] = took - 1;
		}
	}
	if (d->n_took > 0) {
		out->replaced_items = d->took;
		out->n_replaced_items = d->n_took;
	}
	out->status = PK_HTTP_CREATED;
	out->charge_mru = asked;
	t->ru_mru += asked;
	d->sec.served_mru += asked;
	t->batch_items += b->n;
	t->succeeded++;
	t->batches++;
	t->batches_committed++;
	metrics_add_wait(&d->m, rq->waited_ms);
}

int ddb_batch_whole(struct ddb *d, const struct pk_svc_request *rq)
{
	struct batch b;

	return check(d, rq, &b) == 0;
}

void ddb_batch_apply(struct ddb *d, const struct pk_svc_request *rq,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &d->m.totals;
	struct batch b;
	int64_t asked = 0, charge = 0;
	uint32_t k, written = 0;

	if (check(d, rq, &b) < 0) {
		refuse(d, rq, &b, 0, out);
		return;
	}
	if (d->t->transact) {
		for (k = 0; k < b.n; k++) {
			asked += b.units[k];
		}
		ddb_count_attempt(d, NULL, rq, asked);
		out->range = ddb_part_of_key(d, b.hash[0], 0);
		transact(d, rq, &b, asked, out);
		return;
	}
	if (check_lsis(d, rq, &b) < 0) {
		release(d, rq, &b);
		refuse(d, rq, &b, 1, out);
		out->range = ddb_part_of_key(d, b.hash[0], 0);
		return;
	}
	for (k = 0; k < b.n; k++) {
		asked += b.units[k];
	}
	ddb_count_attempt(d, NULL, rq, asked);
	out->range = ddb_part_of_key(d, b.hash[0], 0);
	d->n_took = 0;
	for (k = 0; k < b.n; k++) {
		if (write_item(d, rq, &b, k, &charge)) {
			written++;
		} else {
			out->unprocessed |= UINT32_C(1) << k;
		}
	}
	if (d->n_took > 0) {
		out->replaced_items = d->took;
		out->n_replaced_items = d->n_took;
	}
	out->charge_mru = charge;
	t->ru_mru += charge;
	d->sec.served_mru += charge;
	t->batch_items += written;
	if (written == b.n) {
		out->status = PK_HTTP_CREATED;
		out->unprocessed = 0;
		t->succeeded++;
		t->batches++;
		t->batches_committed++;
		metrics_add_wait(&d->m, rq->waited_ms);
		return;
	}
	/* the second's throttles are requests, as CloudWatch's
	   ThrottledRequests counts them (reference §9): a batch is one
	   when none of its items was written, none when some were, though
	   each throttled item is a throttle event of its partition (its
	   sample's count, which the second sums); the events past that
	   are taken off the second's own count here (unsigned: the sum
	   with the samples' comes out right in any order) */
	d->sec.throttled_429 -= (uint64_t)(b.n - written) - (written == 0);
	out->status = PK_HTTP_TOO_MANY_REQUESTS;
	out->retry_after_ms = ddb_retry_after_ms(rq);
	if (written == 0) {
		/* ProvisionedThroughputExceededException: nothing left */
		out->unprocessed = 0;
		t->throttled_429++;
		return;
	}
	t->batches++;
	t->ddb_batches_partial++;
}
