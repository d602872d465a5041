/*
 * ddb_gsi: a DynamoDB table's global secondary indexes (D17, reference
 * §12), each a set of partitions of its own keyed by its own attribute,
 * with its own provisioned write units:
 * - a base write (PutItem, DeleteItem, each item of a BatchWriteItem)
 *   of an item that has the index's attribute is one index write, of
 *   the item's units (projection all) or 1 WCU (keys_only: an entry
 *   under 1 KB); an item without it is not in the index (sparse: 0);
 * - it is admitted only when every touched index partition can take it
 *   (D3 caps, D5 shares, D9 burst, D10 adaptive capacity as the table
 *   has them); otherwise the base write is throttled and not stored,
 *   with the reason attributed to the index (D14:
 *   IndexWriteKeyRangeThroughputExceeded, statement 25);
 * - reads never touch an index (statement 26: a Query of the index is
 *   not replayed).
 * The loader has checked that some item has each index's attribute
 * (scenario_gsi.c).
 * - its entries are stored for the bill (pricing.md §4: storage counts
 *   all GSI data, 100 B an entry): an entry of projection all holds
 *   the item's bytes, one of keys_only only the overhead.
 * ASSUMPTIONS: the index's partitions are laid out by D4 from its own
 * units and never split (its storage places nothing); an update keeps the
 * item's index key value (the workload's items never change one), so
 * it is one index write, never the delete plus put of a changed value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/dynamodb/ddb_units.h"

/* D4: max(1, ceil(RCU / 3,000 + WCU / 1,000)) partitions */
static size_t gsi_parts(const struct pk_ddb_gsi_spec *g)
{
	int64_t n = (g->rcu * 1000 + g->wcu * 3000 + 2999999) / 3000000;

	return n < 1 ? 1 : (size_t)n;
}

/* The reasons index gi's refusals are counted under (D14), appended to
   the table's */
static void gsi_reasons(struct ddb *d, struct ddb_gsi *gi)
{
	static const char *const kinds[2] = {
	    "IndexWriteKeyRangeThroughputExceeded",
	    "IndexWriteProvisionedThroughputExceeded"};
	int k;

	for (k = 0; k < 2; k++) {
		gi->names[k] =
		    xasprintf("%s (index %s)", kinds[k], gi->g->name);
		gi->reason_ix[k] = (int)d->n_reasons;
		d->reasons[d->n_reasons].name = gi->names[k];
		d->reasons[d->n_reasons++].count = 0;
	}
}

static int gsi_init(struct ddb *d, const struct pk_service_spec *spec,
		    struct ddb_gsi *gi, const struct pk_ddb_gsi_spec *g,
		    struct pk_diag *diag)
{
	size_t i;

	gi->g = g;
	gi->cs.name = g->name;
	gi->cs.partition_key = g->partition_key;
	gi->cs.key.kind = PK_KEY_PATH;
	gi->cs.key.paths[0] = g->partition_key;
	gi->cs.key.n_paths = 1;
	gi->cs.key.version = 2;
	gi->cs.key.line = g->line;
	gi->cs.key.col = g->col;
	gi->cs.line = g->line;
	gi->cs.col = g->col;
	gi->key = pkey_new(&gi->cs, d->sc, spec->workload, spec->seed, diag);
	if (!gi->key) {
		return -1;
	}
	gi->n = gsi_parts(g);
	gi->w = xcalloc(gi->n, sizeof(*gi->w));
	for (i = 0; i < gi->n; i++) {
		gi->w[i].share_mcu = g->wcu * 1000 / (int64_t)gi->n;
		gi->w[i].cap_mcu = (int64_t)PK_DDB_PART_WCU * 1000;
		/* full, as the table's (ddb_parts.c) */
		gi->w[i].bank_mcu = gi->w[i].share_mcu * PK_DDB_BANK_SECONDS;
	}
	gi->tw.prov_mcu = g->wcu * 1000;
	gi->tw.bank_mcu = gi->tw.prov_mcu * PK_DDB_BANK_SECONDS;
	gi->tw.pool_mcu = 0; /* no second seen (ddb_admit.h) */
	gsi_reasons(d, gi);
	gi->parts = xcalloc(gi->n, sizeof(*gi->parts));
	gi->s_writes = xcalloc(gi->n, sizeof(*gi->s_writes));
	gi->s_throttled = xcalloc(gi->n, sizeof(*gi->s_throttled));
	for (i = 0; i < gi->n; i++) {
		gi->parts[i].share_mcu = gi->w[i].share_mcu;
		gi->parts[i].peak_t_s = -1;
	}
	gi->info->name = g->name;
	gi->info->partition_key = g->partition_key;
	gi->info->keys_only = g->keys_only;
	gi->info->rcu = g->rcu;
	gi->info->wcu = g->wcu;
	gi->info->n_parts = gi->n;
	gi->info->parts = gi->parts;
	gi->info->first_throttle_s = -1;
	return 0;
}

int ddb_gsis_init(struct ddb *d, const struct pk_service_spec *spec,
		  struct pk_diag *diag)
{
	size_t i;

	if (d->t->n_gsis == 0) {
		return 0;
	}
	d->gsis = xcalloc(d->t->n_gsis, sizeof(*d->gsis));
	d->index_info = xcalloc(d->t->n_gsis, sizeof(*d->index_info));
	d->n_gsis = d->t->n_gsis;
	d->bill.indexes = d->index_info;
	d->bill.n_indexes = d->n_gsis;
	d->m.indexes = d->index_info;
	d->m.n_indexes = d->n_gsis;
	d->undo = xcalloc(d->n_gsis * PK_MAX_BATCH_OPS, sizeof(*d->undo));
	for (i = 0; i < d->n_gsis; i++) {
		const struct pk_ddb_gsi_spec *g = &d->t->gsis[i];

		d->gsis[i].info = &d->index_info[i];
		if (gsi_init(d, spec, &d->gsis[i], g, diag) < 0) {
			return -1;
		}
		/* billed as the table's own provisioned units (P15) */
		d->bill.rcu += g->rcu;
		d->bill.wcu += g->wcu;
	}
	return 0;
}

/* Partition k of index gi in the closing second t_s: a row of the
   run's per-second detail */
static void gsi_second_row(struct ddb_gsi *gi, size_t k, int64_t t_s)
{
	struct pk_ddb_index_time *row;

	mem_grow((void **)&gi->seconds, &gi->cap_seconds,
		 gi->info->n_seconds + 1, sizeof(*gi->seconds));
	row = &gi->seconds[gi->info->n_seconds++];
	memset(row, 0, sizeof(*row));
	row->t_s = t_s;
	row->part = (uint32_t)k;
	row->used_mcu = gi->w[k].used_mcu;
	row->share_mcu = gi->w[k].share_mcu;
	row->writes = gi->s_writes[k];
	row->throttled = gi->s_throttled[k];
	gi->info->seconds = gi->seconds;
}

/* Index gi's second t_s, used units and thr refusals in all, into its
   minute (D15: CloudWatch sums a minute; the index admits each second) */
static void gsi_minute(struct ddb_gsi *gi, int64_t t_s, int64_t used,
		       uint64_t writes, uint64_t thr)
{
	int64_t start = t_s / 60 * 60;
	struct pk_ddb_index_time *m =
	    gi->info->n_minutes ? &gi->minutes[gi->info->n_minutes - 1] : NULL;

	if (!m || m->t_s != start) {
		mem_grow((void **)&gi->minutes, &gi->cap_minutes,
			 gi->info->n_minutes + 1, sizeof(*gi->minutes));
		m = &gi->minutes[gi->info->n_minutes++];
		memset(m, 0, sizeof(*m));
		m->t_s = start;
		m->share_mcu = gi->tw.prov_mcu;
		gi->info->minutes = gi->minutes;
	}
	m->used_mcu += used;
	m->writes += writes;
	m->throttled += thr;
	m->peak_used_mcu = used > m->peak_used_mcu ? used : m->peak_used_mcu;
	m->peak_throttled = thr > m->peak_throttled ? thr : m->peak_throttled;
}

void ddb_gsis_close(struct ddb *d, int64_t n)
{
	size_t i, k;

	for (i = 0; i < d->n_gsis; i++) {
		struct ddb_gsi *gi = &d->gsis[i];
		int64_t used = 0;
		uint64_t thr = 0, writes = 0;

		gi->info->cap_mcu += gi->tw.prov_mcu * n;
		for (k = 0; k < gi->n; k++) {
			struct pk_ddb_index_part *p = &gi->parts[k];
			int64_t u = gi->w[k].used_mcu;

			if (gi->s_writes[k] == 0) {
				continue;
			}
			p->used_mcu += u;
			p->writes += gi->s_writes[k];
			p->throttled += gi->s_throttled[k];
			if (u > p->peak_mcu || p->peak_t_s < 0) {
				p->peak_mcu = u > p->peak_mcu ? u : p->peak_mcu;
				p->peak_t_s = d->now_s;
			}
			if (d->m.keep_seconds) {
				gsi_second_row(gi, k, d->now_s);
			}
			used += u;
			thr += gi->s_throttled[k];
			writes += gi->s_writes[k];
			gi->s_throttled[k] = 0;
			gi->s_writes[k] = 0;
		}
		gi->info->used_mcu = gi->used_mcu;
		if (writes > 0) {
			gsi_minute(gi, d->now_s, used, writes, thr);
		}
	}
}

void ddb_gsis_refill(struct ddb *d, int64_t n)
{
	size_t i, k;

	for (i = 0; i < d->n_gsis; i++) {
		struct ddb_gsi *gi = &d->gsis[i];
		int64_t sum = 0, pool = 0;
		double f;

		for (k = 0; k < gi->n; k++) {
			sum += ddb_side_left(&gi->w[k]);
			pool += ddb_side_unasked(&gi->w[k]);
		}
		f = ddb_unlent(&gi->tw, sum);
		for (k = 0; k < gi->n; k++) {
			int64_t left =
			    (int64_t)((double)ddb_side_left(&gi->w[k]) * f);

			gi->w[k].bank_mcu =
			    ddb_bank_refill_left(&gi->w[k], left, n);
			gi->w[k].used_mcu = gi->w[k].asked_mcu = 0;
		}
		gi->tw.bank_mcu = ddb_total_refill(&gi->tw, n);
		ddb_total_open(&gi->tw, n > 1 ? gi->tw.prov_mcu : pool);
	}
}

/* The partition of index gi item's value falls in, or -1 when the item
   has no string or number there (not in the index) */
static long gsi_part_of(struct ddb *d, struct ddb_gsi *gi, uint64_t item)
{
	struct pk_item_source src;
	struct pk_value v;
	uint64_t h;

	pkey_source_workload(gi->key, d->w, item, &src);
	pkey_build(gi->key, &src, d->kv);
	if (d->kv->status != 0 ||
	    pkey_decode_single(d->kv->id, d->kv->id_len, &v) != 0 ||
	    (v.type != PK_VALUE_STRING && v.type != PK_VALUE_NUMBER)) {
		return -1;
	}
	h = ddb_key_hash(d->kv->id, d->kv->id_len);
	/* even slices of the hash space, as the table's at creation */
	return gi->n == 1 ? 0 : (long)(h / (UINT64_MAX / gi->n + 1));
}

/* Units (mCU) an index write of an item whose base write is units
   takes on index gi: the item's (projection all) or 1 WCU (keys_only:
   an entry under 1 KB) */
static int64_t gsi_units(const struct ddb_gsi *gi, int64_t units)
{
	return gi->g->keys_only ? 1000 : units;
}

/* Undo every index write of the request so far */
static void gsi_undo(struct ddb *d)
{
	while (d->n_undo > 0) {
		const struct ddb_gsi_undo *u = &d->undo[--d->n_undo];

		u->gi->w[u->part] = u->side;
		u->gi->tw = u->total;
		u->gi->used_mcu = u->used;
	}
}

/* One item's write of units (mCU, the base write's) on every index
   that holds it; 0, or -1 after undoing the request's index writes and
   counting the refusing index's reason */
static int gsi_item(struct ddb *d, uint64_t item, int64_t units, uint32_t ix)
{
	struct pk_ddb_rules r = {0};
	size_t i;

	r.adaptive = d->t->adaptive == PK_DDB_ADAPTIVE_INSTANT;
	r.bank = d->t->burst == PK_DDB_BURST_PARTITION ? 1
		 : d->t->burst == PK_DDB_BURST_TABLE   ? 2
						       : 0;
	for (i = 0; i < d->n_gsis; i++) {
		struct ddb_gsi *gi = &d->gsis[i];
		long k = gsi_part_of(d, gi, item);
		int64_t u = gsi_units(gi, units);
		struct ddb_gsi_undo *un;
		enum pk_ddb_verdict v;

		if (k < 0) {
			continue;
		}
		un = &d->undo[d->n_undo++];
		un->gi = gi;
		un->part = (size_t)k;
		un->side = gi->w[k];
		un->total = gi->tw;
		un->used = gi->used_mcu;
		un->k = ix;
		gi->s_writes[k]++;
		v = ddb_admit(&gi->w[k], &gi->tw, u, &r);
		if (v != PK_DDB_ADMITTED) {
			int kind = v != PK_DDB_THROTTLE_KEY_RANGE;

			gsi_undo(d);
			d->reasons[gi->reason_ix[kind]].count++;
			gi->info->throttled[kind]++;
			gi->s_throttled[k]++;
			if (gi->info->first_throttle_s < 0) {
				gi->info->first_throttle_s = d->now_s;
				gi->info->first_reason = kind;
			}
			return -1;
		}
		gi->used_mcu += u;
	}
	return 0;
}

int ddb_gsis_write(struct ddb *d, const struct pk_svc_request *rq,
		   int64_t units)
{
	uint32_t k;

	d->n_undo = 0;
	if (rq->kind != PK_OP_BATCH) {
		return gsi_item(d, rq->it.item, units, 0);
	}
	for (k = 0; k < rq->batch_n && k < PK_MAX_BATCH_OPS; k++) {
		const struct pk_svc_item *it = &rq->batch[k];

		if (gsi_item(d, it->item,
			     ddb_units_write_mcu(it->size_bytes, false),
			     k) < 0) {
			return -1;
		}
	}
	return 0;
}

int ddb_gsis_value(struct ddb *d, size_t i, uint64_t item, int64_t base,
		   int64_t *units)
{
	*units = gsi_units(&d->gsis[i], base);
	return gsi_part_of(d, &d->gsis[i], item) >= 0;
}

void ddb_gsis_store(struct ddb *d, const struct pk_svc_request *rq,
		    int64_t grow, int64_t items)
{
	struct pk_snapshot_ddb *b = &d->bill;
	size_t i;

	for (i = 0; i < d->n_undo; i++) {
		const struct ddb_gsi_undo *u = &d->undo[i];
		int64_t g = rq->kind == PK_OP_BATCH
				? (int64_t)rq->batch[u->k].size_bytes
				: grow;
		int64_t n = rq->kind == PK_OP_BATCH ? 1 : items;
		int64_t bytes =
		    (int64_t)b->index_bytes + (u->gi->g->keys_only ? 0 : g);
		int64_t entries = (int64_t)b->index_entries + n;

		b->index_bytes = bytes > 0 ? (uint64_t)bytes : 0;
		b->index_entries = entries > 0 ? (uint64_t)entries : 0;
	}
}

int64_t ddb_gsis_used(const struct ddb *d)
{
	int64_t u = 0;
	size_t i;

	for (i = 0; i < d->n_gsis; i++) {
		u += d->gsis[i].used_mcu;
	}
	return u;
}

void ddb_gsis_free(struct ddb *d)
{
	size_t i;

	for (i = 0; i < d->n_gsis; i++) {
		pkey_free(d->gsis[i].key);
		free(d->gsis[i].w);
		free(d->gsis[i].names[0]);
		free(d->gsis[i].names[1]);
		free(d->gsis[i].parts);
		free(d->gsis[i].s_writes);
		free(d->gsis[i].s_throttled);
		free(d->gsis[i].seconds);
		free(d->gsis[i].minutes);
	}
	free(d->gsis);
	free(d->index_info);
	free(d->undo);
}
