/*
 * ddb_batch_get: Amazon DynamoDB's BatchGetItem, each key read on its
 * own partition. The reference gives its rounding (§1: "each item
 * rounded, then summed"; statement 2) and its 100 keys (§14); what it
 * answers when a key cannot be read is AWS's BatchGetItem API reference
 * (A-BGI below), which the reference does not hold.
 * - The request is checked whole first: a key DynamoDB refuses, or more
 *   than 100 keys (A-BGI: "Too many items requested for the
 *   BatchGetItem call", a ValidationException): 400, nothing read.
 * - Then each key is a GetItem of its own, in the request's order: its
 *   item's size rounded up to 4 KiB alone (D1), a missing item a unit
 *   too (§1), at the table's read consistency as a GetItem's (`reads`;
 *   A-BGI: eventual unless ConsistentRead), asked of its partition's
 *   read bucket (D3, D5, D9, D10) and admitted or throttled alone.
 * - A-BGI: "If none of the items can be processed due to insufficient
 *   provisioned throughput ..., then BatchGetItem returns a
 *   ProvisionedThroughputExceededException. If at least one of the
 *   items is successfully processed, then BatchGetItem completes
 *   successfully, while returning the keys of the unread items in
 *   UnprocessedKeys." The unread keys are returned unprocessed
 *   (pk_outcome.unprocessed 1, unread_items) for the client to send
 *   again, as BatchWriteItem's items are (ddb_batch.c) and counted as
 *   they are: a throttled request (ThrottledRequests) only when no key
 *   was read, each throttled key a read throttle event of its
 *   partition either way.
 * - A-BGI: "A single operation can retrieve up to 16 MB of data": the
 *   key whose item would take the keys read past 16 MB
 *   (PK_DDB_BATCH_GET_MAX_BYTES: 16,000,000 bytes, as A-BGI's example
 *   of 100 items of 300 KB returning 52 counts) and every later one is
 *   not asked and comes back unprocessed.
 * - Each key's first attempt weighs its item's heat as a GetItem's
 *   does: an item hot beside another key value on its partition moves
 *   to a partition of its own (D11, ddb_isolate.c).
 * NOT MODELLED: A-BGI's partial result when "more than 1MB per
 * partition is requested"; the look-ahead of `instant` (ddb_ahead.c)
 * does not foresee its keys, as a Query's pages are not foreseen.
 */
#include <string.h>

#include "ddb_state.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/status.h"

/* the request's keys are ddb_items keys, at most PK_MAX_BATCH_OPS */
_Static_assert(PK_DDB_BATCH_GET_MAX <= PK_MAX_BATCH_OPS,
	       "a BatchGetItem's keys fit struct ddb_keys");

/* Key k of rq (its item in_items[k]) as a GetItem of its own in *one */
static void one_key(const struct pk_svc_request *rq, uint32_t k,
		    struct pk_svc_request *one)
{
	*one = *rq;
	one->kind = PK_OP_READ;
	one->it.item = rq->in_items[k];
	one->it.size_bytes = 0;
	one->n_in = 0;
	one->in_items = NULL;
}

/* The request's keys (ddb_items, in order) into hash[] and their items'
   sizes into size[]: 0, or -1 for a request DynamoDB refuses whole */
static int check(struct ddb *d, const struct pk_svc_request *rq, uint64_t *hash,
		 uint64_t *size)
{
	uint32_t k;

	if (rq->n_in < 1 || rq->n_in > PK_DDB_BATCH_GET_MAX) {
		return -1;
	}
	ddb_items_reset(d);
	for (k = 0; k < rq->n_in; k++) {
		size[k] = 0;
		if (ddb_items_key(d, rq->in_items[k], &hash[k]) < 0 ||
		    ddb_items_repeats(d, k)) {
			return -1;
		}
		ddb_items_size(d, k, &size[k]);
	}
	return 0;
}

/* Read key k (hash h, units u mCU) of rq on its partition's read
   bucket: 1 when admitted (its units consumed there), else 0 with the
   throttle counted on the partition and told to the second's
   look-ahead */
static int read_key(struct ddb *d, const struct pk_svc_request *rq, uint32_t k,
		    uint64_t h, int64_t u)
{
	struct pk_svc_request one;
	size_t i = ddb_part_of_key(d, h, k);
	struct ddb_part *p = &d->parts[i];
	struct ask a;
	int64_t asked;
	int by_index = 0;

	one_key(rq, k, &one);
	memset(&a, 0, sizeof(a));
	a.units = u;
	a.base_units = u;
	a.part = (long)i;
	a.hash = h;
	a.status = PK_HTTP_OK;
	a.key = k;
	ddb_count_part(p, rq, u);
	if (__builtin_expect(p->watch != NULL, 0) && rq->retry == 0) {
		ddb_hsplit_note(p, one.it.item, 0, u);
	}
	/* its key value in d->kv, for its heat and demand */
	ddb_items_values(d, one.it.item);
	asked = ddb_heat_note(d, PK_OP_READ, rq->retry, 0, u);
	if (__builtin_expect(d->t->isolate, 0) && rq->retry == 0) {
		/* a hot item among its keys moves as a GetItem's would */
		ddb_isolate_note(d, i, h, 0, asked);
	}
	if (rq->retry == 0) {
		ddb_demand_note(d, &one, &a, h);
	}
	if (rq->retry == 0 && ddb_ahead_counted(d, rq)) {
		/* not foreseen: counted on its partition as it arrives */
		ddb_ahead_part(d, i, 0, u);
	}
	if (ddb_admit_all(d, i, &one, &a, &by_index) == PK_DDB_ADMITTED) {
		p->used_mcu += u;
		return 1;
	}
	ddb_ahead_refused(d, &one, i, &a);
	ddb_ahead_throttled(d, &one, h, i, 0, u, NULL);
	ddb_note_never(d, p, &one, 0, u);
	ddb_part_refused(d, p, 0);
	return 0;
}

void ddb_batch_get_apply(struct ddb *d, const struct pk_svc_request *rq,
			 struct pk_outcome *out)
{
	struct pk_totals *t = &d->m.totals;
	uint64_t hash[PK_DDB_BATCH_GET_MAX], size[PK_DDB_BATCH_GET_MAX];
	int64_t units[PK_DDB_BATCH_GET_MAX], asked = 0, charge = 0;
	enum pk_ddb_read kind = d->t->reads == PK_DDB_CONSISTENCY_STRONG
				    ? PK_DDB_READ_STRONG
				    : PK_DDB_READ_EVENTUAL;
	uint64_t bytes = 0;
	uint32_t k, read = 0, unread = 0, throttled = 0;
	int full = 0;

	if (check(d, rq, hash, size) < 0) {
		ddb_count_attempt(d, NULL, rq, 0);
		out->status = PK_HTTP_BAD_REQUEST;
		t->bad_request_400++;
		return;
	}
	for (k = 0; k < rq->n_in; k++) {
		units[k] = ddb_units_read_mcu(size[k], kind);
		asked += units[k];
	}
	ddb_count_attempt(d, NULL, rq, asked);
	out->range = ddb_part_of_key(d, hash[0], 0);
	for (k = 0; k < rq->n_in; k++) {
		/* the response's 16 MB: the key that would pass it and
		   every one after it are not asked */
		full |= bytes + size[k] > PK_DDB_BATCH_GET_MAX_BYTES;
		if (full || !read_key(d, rq, k, hash[k], units[k])) {
			throttled += !full;
			d->unread[unread++] = rq->in_items[k];
			continue;
		}
		charge += units[k];
		bytes += size[k];
		read++;
	}
	out->charge_mru = charge;
	ddb_bill_used(d, 0, charge);
	t->ru_mru += charge;
	d->sec.served_mru += charge;
	if (unread == 0) {
		out->status = PK_HTTP_OK;
		t->succeeded++;
		metrics_add_wait(&d->m, rq->waited_ms);
		return;
	}
	out->status = PK_HTTP_TOO_MANY_REQUESTS;
	out->retry_after_ms = ddb_retry_after_ms(rq);
	/* the second's throttles are requests, as ddb_batch.c counts a
	   BatchWriteItem's: one when no key was read, none when some
	   were; each key's throttle event was its partition's */
	d->sec.throttled_429 -= (uint64_t)throttled - (read == 0);
	if (read == 0) {
		/* ProvisionedThroughputExceededException: nothing left */
		t->throttled_429++;
		return;
	}
	out->unprocessed = 1;
	out->unread_items = d->unread;
	out->n_unread = unread;
}
