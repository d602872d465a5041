/*
 * ddb_find: a read by a partition key with a random part (`compare --key
 * '{customerId}.{random 1..10}'`, DynamoDB's write sharding with a
 * random suffix), whose reader cannot compute the suffix the writer
 * drew (rule 38 of the Azure Cosmos DB side: it looks under every value).
 * - The reader asks every candidate key: a GetItem per value of the
 *   key's random parts, the rest of the key the item's own. A
 *   BatchGetItem of those keys costs the same: each item is rounded on
 *   its own (reference §1).
 * - Each is charged by D1 on what its key holds now: the item's own key
 *   at the item's size; any other key one of reading an item that does
 *   not exist, 1 RCU strong or 0.5 eventual (§1), unless another item
 *   is stored there.
 * - Each is a request on the partition its key hashes to, admitted or
 *   throttled there on its own (D3, D5, D9, D10); an admitted one
 *   consumes its units whatever becomes of the others.
 * - The read succeeds when the GetItem of the item's own key was
 *   admitted; else it is throttled whole and the client's retry asks
 *   every key again. ASSUMPTION: the reader sends all of them at once
 *   (it stops at none: one found item does not tell it the others hold
 *   nothing) and retries them all.
 * The read's throttles count once in the run's seconds (ThrottledRequests
 * as a read), each throttled GetItem once on its partition.
 */
#include <string.h>

#include "ddb_state.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/status.h"

/* ASSUMPTION: the most candidate values of a partition key's random
   parts a table's reader is replayed asking (DynamoDB sets no limit: a
   run-time bound, as Azure Cosmos DB's side enumerates IN lists up to
   4,096 values) */
#define DDB_FIND_MAX 4096

static enum pk_ddb_read read_kind(const struct ddb *d)
{
	return d->t->reads == PK_DDB_CONSISTENCY_STRONG ? PK_DDB_READ_STRONG
							: PK_DDB_READ_EVENTUAL;
}

/* Candidate pick of item's keys as a read into *a: 0, or -1 for a key
   DynamoDB refuses (never asked) */
static int candidate(struct ddb *d, uint64_t item, uint64_t pick, struct ask *a)
{
	uint64_t h, size = 0;

	memset(a, 0, sizeof(*a));
	ddb_items_reset(d);
	if (ddb_items_key_pick(d, item, pick, &h) < 0) {
		return -1;
	}
	ddb_items_size(d, 0, &size);
	a->units = a->base_units = ddb_units_read_mcu(size, read_kind(d));
	a->part = (long)ddb_part_of_key(d, h, 0);
	a->hash = h;
	a->status = PK_HTTP_OK;
	return 0;
}

/* Ask candidate a of rq on its partition: 1 when admitted (its units
   consumed and added to *charge) */
static int get_item(struct ddb *d, const struct pk_svc_request *rq,
		    const struct ask *a, int64_t *charge)
{
	struct ddb_part *p = &d->parts[a->part];
	int by_index = 0;

	ddb_count_part(p, rq, a->units);
	ddb_heat_note(d, PK_OP_READ, rq->retry, 0, a->units);
	if (rq->retry == 0) {
		ddb_demand_note(d, rq, a, a->hash);
	}
	if (ddb_admit_all(d, (size_t)a->part, rq, a, &by_index) !=
	    PK_DDB_ADMITTED) {
		ddb_ahead_throttled(d, rq, a->hash, (size_t)a->part, 0,
				    a->units, NULL);
		ddb_part_refused(d, p, 0);
		return 0;
	}
	*charge += a->units;
	ddb_bill_used(d, 0, a->units);
	p->used_mcu += a->units;
	return 1;
}

/* The units rq's candidates ask, summed */
static int64_t asked_of(struct ddb *d, const struct pk_svc_request *rq)
{
	struct ask a;
	int64_t sum = 0;
	uint64_t pick;

	for (pick = 0; pick < d->find_n; pick++) {
		if (candidate(d, rq->it.item, pick, &a) == 0) {
			sum += a.units;
		}
	}
	return sum;
}

/* A read the table did not foresee, as it arrives: each key's units on
   its partition, then its hold back (ddb_ahead_arrived) */
static void foresee_now(struct ddb *d, const struct pk_svc_request *rq)
{
	struct ask a;
	int64_t sum = 0;
	uint64_t pick;

	for (pick = 0; pick < d->find_n; pick++) {
		if (candidate(d, rq->it.item, pick, &a) == 0) {
			ddb_ahead_part(d, (size_t)a.part, 0, a.units);
			sum += a.units;
		}
	}
	ddb_items_reset(d);
	ddb_ahead_arrived(d, rq, 0, sum);
}

void ddb_find_read(struct ddb *d, const struct pk_svc_request *rq,
		   const struct ask *own, struct pk_outcome *out)
{
	struct pk_totals *t = &d->m.totals;
	struct ask a;
	int64_t charge = 0;
	uint64_t pick, throttled = 0;
	int found = 0;

	ddb_count_attempt(d, NULL, rq, asked_of(d, rq));
	if (ddb_ahead_unforeseen(d, rq, own)) {
		foresee_now(d, rq);
	}
	out->range = (size_t)own->part;
	for (pick = 0; pick < d->find_n; pick++) {
		if (candidate(d, rq->it.item, pick, &a) < 0) {
			continue;
		}
		if (get_item(d, rq, &a, &charge)) {
			found |= a.hash == own->hash;
		} else {
			throttled++;
		}
	}
	ddb_items_reset(d);
	out->charge_mru = charge;
	t->ru_mru += charge;
	d->sec.served_mru += charge;
	/* the second counts the read once (unsigned: the sum with the
	   partitions' samples comes out right in any order) */
	d->sec.throttled_429 -= throttled - (uint64_t)!found;
	if (!found) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->retry_after_ms = ddb_retry_after_ms(rq);
		t->throttled_429++;
		return;
	}
	out->status = PK_HTTP_OK;
	t->succeeded++;
	t->key_queries++;
	t->key_query_mru += charge;
	metrics_add_wait(&d->m, rq->waited_ms);
}

void ddb_find_forecast(struct ddb *d, uint64_t item)
{
	struct ask a;
	uint64_t pick;

	for (pick = 0; pick < d->find_n; pick++) {
		if (candidate(d, item, pick, &a) == 0) {
			d->parts[a.part].fc_mcu[0] += a.units;
		}
	}
	ddb_items_reset(d);
}

int ddb_find_refuse(const struct pk_scenario *sc,
		    const struct pk_container_spec *cs, uint64_t n,
		    struct pk_diag *diag)
{
	size_t i;

	if (n > DDB_FIND_MAX) {
		diag_error(diag, sc->file, cs->line, cs->col,
			   "partition key '%s' gives an item %llu values by "
			   "its random parts; a reader who cannot compute "
			   "the value asks each with a GetItem, and a table "
			   "replays at most %d (a narrower random part, or a "
			   "suffix computed from the item: {hash(id) mod N})",
			   cs->partition_key, (unsigned long long)n,
			   DDB_FIND_MAX);
		return -1;
	}
	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *ph = &sc->phases[i];

		if (ph->mix[PK_OP_UPSERT] > 0 || ph->mix[PK_OP_REPLACE] > 0 ||
		    ph->mix[PK_OP_DELETE] > 0) {
			diag_error(diag, sc->file, ph->line, ph->col,
				   "phase '%s' upserts, replaces or deletes "
				   "items by partition key '%s', whose random "
				   "part its writer cannot compute: finding "
				   "the item first is not replayed on a "
				   "dynamodb table yet (reads are: a GetItem "
				   "per value; creates, batches and reads "
				   "are allowed, or a suffix computed from "
				   "the item: {hash(id) mod N})",
				   ph->name, cs->partition_key);
			return -1;
		}
		if (ph->mix[PK_OP_BATCH_GET] > 0) {
			/* a BatchGetItem names each key: its reader would
			   ask every value a key's random part may take */
			diag_error(diag, sc->file, ph->line, ph->col,
				   "phase '%s' sends batch_get by partition "
				   "key '%s', whose random part its reader "
				   "cannot compute: a BatchGetItem of every "
				   "value is not replayed (read is: a GetItem "
				   "per value; or a suffix computed from the "
				   "item: {hash(id) mod N})",
				   ph->name, cs->partition_key);
			return -1;
		}
	}
	return 0;
}
