/*
 * ddb_gsi_read: what a Query of a global secondary index (a query's
 * `index:`, DynamoDB's IndexName; ddb_query.c sends its pages) reads
 * and where (D17, reference §12 "Reads"):
 * - each index key value's entries: the projected bytes the index holds
 *   under the value (projection all: its items' bytes; the loader
 *   refuses a Query of a keys_only index, whose entries' sizes pksim
 *   does not keep), kept as the base writes store them (ddb_gsis_store:
 *   the same plan that charged the index writes), only for an index a
 *   query reads;
 * - each index partition's read bucket: its even share of the index's
 *   own provisioned read units (D5, D17: "A provisioned GSI has its own
 *   RCU"), capped at 3,000 RCU (D3), with the table's burst and
 *   adaptive capacity rules (D9, D10, as the index's write buckets);
 *   a page the index cannot take is throttled with the index's read
 *   reason, IndexReadKeyRangeThroughputExceeded or
 *   IndexReadProvisionedThroughputExceeded (index NAME) (D14: an index's
 *   reasons name the index), and fails no base-table request
 *   (statement 26: the table's buckets are not asked).
 * ASSUMPTIONS: entries appear as the base write is stored (the
 * reference's gsi_lag_ms, 100 ms, is not modelled for reads); an index's
 * reads are not foreseen (the table's look-ahead reads the stream's
 * point requests only), so under `adaptive_capacity: instant` the
 * units a partition may borrow in a second are those the index's
 * partitions left unasked in the second before, as its writes' are
 * without a look-ahead; an index's read and write buckets are separate
 * (the table's `partition_limit: linear` is not applied to an index,
 * as for its writes). An on-demand table's Query of an index is refused
 * at load: not replayed yet.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_layout.h"

/* One index key value's entries on one index: the value is told by
   its index, length and 64-bit hash, as ddb_gsi.c compares values */
struct ddb_gkey {
	uint64_t hash;
	uint32_t len;
	uint32_t index;
};

struct ddb_gcoll {
	UT_hash_handle hh;
	struct ddb_gkey key;
	uint64_t bytes;	  /* the entries' projected bytes */
	uint64_t entries; /* how many; > 0 (none: not kept) */
};

/* 1 when some query of the scenario reads index name */
static int index_read(const struct pk_scenario *sc, const char *name)
{
	const struct pk_phase_spec *ph;
	size_t i, j;

	for (i = 0; i < sc->n_phases; i++) {
		ph = &sc->phases[i];
		for (j = 0; j < ph->n_queries; j++) {
			if (ph->queries[j].index &&
			    strcmp(ph->queries[j].index, name) == 0) {
				return 1;
			}
		}
	}
	return 0;
}

void ddb_gsi_read_shares(struct ddb_gsi *gi)
{
	int64_t share = gi->g->rcu * 1000 / (int64_t)gi->n;
	size_t k;

	for (k = 0; k < gi->n; k++) {
		gi->r[k].share_mcu = share;
		gi->r[k].cap_mcu = (int64_t)PK_DDB_PART_RCU * 1000;
		if (gi->r[k].bank_mcu > share * PK_DDB_BANK_SECONDS) {
			gi->r[k].bank_mcu = share * PK_DDB_BANK_SECONDS;
		}
	}
}

void ddb_gsi_reads_init(struct ddb *d)
{
	static const char *const kinds[2] = {
	    "IndexReadKeyRangeThroughputExceeded",
	    "IndexReadProvisionedThroughputExceeded"};
	size_t i, k;
	int j;

	for (i = 0; i < d->n_gsis; i++) {
		struct ddb_gsi *gi = &d->gsis[i];

		if (gi->on_demand || !index_read(d->sc, gi->g->name)) {
			continue;
		}
		gi->read = 1;
		d->gsi_reads = 1;
		for (k = 0; k < gi->n; k++) {
			/* full, as the table's (ddb_parts.c) */
			gi->r[k].bank_mcu = gi->g->rcu * 1000 / (int64_t)gi->n *
					    PK_DDB_BANK_SECONDS;
		}
		ddb_gsi_read_shares(gi);
		gi->tr.prov_mcu = gi->g->rcu * 1000;
		gi->tr.bank_mcu = gi->tr.prov_mcu * PK_DDB_BANK_SECONDS;
		gi->tr.pool_mcu = 0; /* no second seen (ddb_admit.h) */
		for (j = 0; j < 2; j++) {
			gi->read_names[j] =
			    xasprintf("%s (index %s)", kinds[j], gi->g->name);
			gi->read_reason_ix[j] = (int)d->n_reasons;
			d->reasons[d->n_reasons].name = gi->read_names[j];
			d->reasons[d->n_reasons++].count = 0;
		}
	}
}

void ddb_gsi_read_refill(struct ddb_gsi *gi, int64_t n)
{
	int64_t sum = 0, pool = 0;
	double f;
	size_t k;

	for (k = 0; k < gi->n; k++) {
		sum += ddb_side_left(&gi->r[k]);
		pool += ddb_side_unasked(&gi->r[k]);
	}
	f = ddb_unlent(&gi->tr, sum);
	for (k = 0; k < gi->n; k++) {
		int64_t left = (int64_t)((double)ddb_side_left(&gi->r[k]) * f);

		gi->r[k].bank_mcu = ddb_bank_refill_left(&gi->r[k], left, n);
		ddb_side_carry(&gi->r[k]);
		gi->r[k].used_mcu = gi->r[k].asked_mcu = 0;
	}
	gi->tr.bank_mcu = ddb_total_refill(&gi->tr, n);
	ddb_total_open(&gi->tr, n > 1 ? gi->tr.prov_mcu : pool);
}

void ddb_gsi_read_store(struct ddb *d, const struct ddb_gsi_undo *u)
{
	struct ddb_gkey key;
	struct ddb_gcoll *c;

	if (!u->gi->read) {
		return;
	}
	memset(&key, 0, sizeof(key));
	key.hash = u->hash;
	key.len = (uint32_t)u->len;
	key.index = (uint32_t)(u->gi - d->gsis);
	HASH_FIND(hh, d->gcolls, &key, sizeof(key), c);
	if (!c) {
		if (u->entries <= 0) {
			return;
		}
		c = xcalloc(1, sizeof(*c));
		c->key = key;
		HASH_ADD(hh, d->gcolls, key, sizeof(c->key), c);
	}
	c->bytes = (uint64_t)((int64_t)c->bytes + u->bytes);
	c->entries = (uint64_t)((int64_t)c->entries + u->entries);
	if (c->entries == 0) {
		HASH_DEL(d->gcolls, c);
		free(c);
	}
}

const void *ddb_gsi_read_value(const struct ddb *d, size_t i, size_t len,
			       uint64_t hash, uint64_t *bytes)
{
	struct ddb_gkey key;
	struct ddb_gcoll *c;

	memset(&key, 0, sizeof(key));
	key.hash = hash;
	key.len = (uint32_t)len;
	key.index = (uint32_t)i;
	HASH_FIND(hh, d->gcolls, &key, sizeof(key), c);
	*bytes = c ? c->bytes : 0;
	return c;
}

/* The rules of index gi's partition k's reads (as its writes',
   ddb_gsi.c's gsi_rules, with its reads' own `delayed` lift) */
static void read_rules(const struct ddb *d, const struct ddb_gsi *gi, size_t k,
		       struct pk_ddb_rules *r)
{
	memset(r, 0, sizeof(*r));
	r->adaptive =
	    d->t->adaptive == PK_DDB_ADAPTIVE_INSTANT ||
	    (d->t->adaptive == PK_DDB_ADAPTIVE_DELAYED && gi->r_lifted[k]);
	r->bank = d->t->burst == PK_DDB_BURST_PARTITION ? 1
		  : d->t->burst == PK_DDB_BURST_TABLE	? (r->adaptive ? 2 : 1)
							: 0;
}

int ddb_gsi_read_admit(struct ddb *d, size_t i, size_t k, int64_t u)
{
	struct ddb_gsi *gi = &d->gsis[i];
	struct pk_ddb_rules r;
	enum pk_ddb_verdict v;
	int kind;

	read_rules(d, gi, k, &r);
	gi->info->reads++;
	v = ddb_admit(&gi->r[k], &gi->tr, u, &r);
	if (v == PK_DDB_ADMITTED) {
		gi->info->read_used_mcu += u;
		return 1;
	}
	kind = v != PK_DDB_THROTTLE_KEY_RANGE;
	if (d->t->adaptive == PK_DDB_ADAPTIVE_DELAYED && kind == 0 &&
	    gi->r[k].used_mcu + u <= gi->r[k].cap_mcu) {
		ddb_adaptive_note(d, &gi->r_since_s[k], &gi->r_last_s[k],
				  &gi->r_lifted[k]);
	}
	d->reasons[gi->read_reason_ix[kind]].count++;
	gi->info->read_throttled[kind]++;
	return 0;
}

void ddb_gsi_reads_free(struct ddb *d)
{
	struct ddb_gcoll *c, *tmp;
	size_t i;

	HASH_ITER(hh, d->gcolls, c, tmp)
	{
		HASH_DEL(d->gcolls, c);
		free(c);
	}
	for (i = 0; i < d->n_gsis; i++) {
		free(d->gsis[i].read_names[0]);
		free(d->gsis[i].read_names[1]);
	}
}
