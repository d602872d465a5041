/*
 * ddb_gsi: a DynamoDB table's global secondary indexes (D17, reference
 * §12), each a set of partitions of its own keyed by its own attribute,
 * with its own provisioned write units:
 * - a base write (PutItem, DeleteItem, each item of a BatchWriteItem)
 *   of a new item that has the index's attribute is one index write, of
 *   the item's units (projection all) or 1 WCU (keys_only: an entry
 *   under 1 KB); an item without it is not in the index (sparse: 0);
 * - it is admitted only when every touched index partition can take it
 *   (D3 caps, D5 shares, D9 burst, D10 adaptive capacity as the table
 *   has them); otherwise the base write is throttled and not stored,
 *   with the reason attributed to the index (D14:
 *   IndexWriteKeyRangeThroughputExceeded, statement 25);
 * - a base read never touches an index (statement 26); a query's
 *   `index:` is a Query of the index, on its own read buckets
 *   (ddb_gsi_read.c).
 * The loader has checked that some item has each index's attribute
 * (scenario_gsi.c).
 * - its entries are stored for the bill (pricing.md §4: storage counts
 *   all GSI data, 100 B an entry): an entry of projection all holds
 *   the item's bytes, one of keys_only only the overhead.
 * - a put that replaces a stored item, or a delete, writes the index by
 *   reference §12's table against the stored item's value (gsi_plan):
 *   a changed value is a delete plus a put, on two partitions; the same
 *   value is 1 write with projection all and none keys_only (only keys
 *   projected, none of them changed: statement 24).
 * On an on-demand table (reference §12: "GSIs follow the table's
 * capacity mode") an index has its own instant limit (D12: twice its
 * own peak of 30 minutes before, at least its warm throughput, D13, by
 * the table's machinery, ddb_ondemand.h) under the table's per-table
 * quota, and its partitions their 1,000 WRU caps (D3): an index write
 * past a partition's cap or the limit is IndexWriteKeyRangeThroughput-
 * Exceeded (the limit's refusal named as the table's is, ddb_ondemand.h),
 * past the quota IndexWriteAccountLimitExceeded, the base write
 * throttled and not stored as on a provisioned table; admitted index
 * writes are write request units on the bill (pricing.md: "GSI updates
 * are billed as WRUs too").
 * ASSUMPTIONS: a provisioned index's partitions are laid out by D4 from
 * its own units, and a raise of its units they cannot carry adds
 * partitions by the table's raise rule (ddb_gsi_parts.c); it never
 * splits for storage or heat (its storage places nothing). An
 * on-demand index's partition count is not published (reference §18):
 * it is laid out for its quota at 1,000 WRU a partition (at least 4,
 * D4), so its limit, not too few partitions, bounds what it serves in
 * all, and a key value still meets its partition's cap; it has no
 * configured maximum, and its quota is the table's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/dynamodb/ddb_units.h"

/* On demand, the fewest partitions (D4: a new on-demand table's) */
#define GSI_OD_MIN_PARTS 4

/* D4: max(1, ceil(RCU / 3,000 + WCU / 1,000)) partitions; on demand
   max(4, ceil(quota / 1,000 WRU)) (ASSUMPTION, the file's header) */
static size_t gsi_parts(const struct ddb *d, const struct pk_ddb_gsi_spec *g)
{
	int64_t n = (g->rcu * 1000 + g->wcu * 3000 + 2999999) / 3000000;

	if (d->on_demand) {
		n = (d->t->quota_units + PK_DDB_PART_WCU - 1) / PK_DDB_PART_WCU;
		return n < GSI_OD_MIN_PARTS ? GSI_OD_MIN_PARTS : (size_t)n;
	}
	return n < 1 ? 1 : (size_t)n;
}

/* On demand: what binds index gi's writes in the open second (its
   instant limit under the quota), mCU; provisioned: its units */
static int64_t gsi_bound(const struct ddb_gsi *gi)
{
	return gi->on_demand ? ddb_od_bound_mcu(&gi->od) : gi->tw.prov_mcu;
}

/* On demand: each partition's share of the bound, at most its cap
   (the reports' "WCU a second (share)"; admission reads only caps) */
static void gsi_od_shares(struct ddb_gsi *gi)
{
	int64_t s = ddb_od_bound_mcu(&gi->od) / (int64_t)gi->n;
	size_t k;

	if (s > (int64_t)PK_DDB_PART_WCU * 1000) {
		s = (int64_t)PK_DDB_PART_WCU * 1000;
	}
	for (k = 0; k < gi->n; k++) {
		gi->w[k].share_mcu = s;
		gi->parts[k].share_mcu = s;
	}
}

/* The reasons index gi's refusals are counted under (D14), appended to
   the table's: a partition's (KeyRange), then the index's own total
   (Provisioned; on demand the quota's AccountLimit, A-REASON) */
static void gsi_reasons(struct ddb *d, struct ddb_gsi *gi)
{
	static const char *const kinds[2] = {
	    "IndexWriteKeyRangeThroughputExceeded",
	    "IndexWriteProvisionedThroughputExceeded"};
	static const char *const od_kinds[2] = {
	    "IndexWriteKeyRangeThroughputExceeded",
	    "IndexWriteAccountLimitExceeded"};
	int k;

	for (k = 0; k < 2; k++) {
		gi->names[k] = xasprintf("%s (index %s)",
					 gi->on_demand ? od_kinds[k] : kinds[k],
					 gi->g->name);
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
	gi->key->exact_numbers = 1; /* 38 digits, by value (pkey.h) */
	gi->key->no_epk = 1;	    /* placed by ddb_key_hash */
	gi->n = gsi_parts(d, g);
	gi->on_demand = d->on_demand;
	if (gi->on_demand) {
		ddb_od_init(&gi->od, g->warm_wru * 1000,
			    d->t->quota_units * 1000, 0, d->t->peak_sustain_s,
			    d->t->peak_lag_s);
	}
	ddb_gsi_parts_alloc(gi, gi->n);
	for (i = 0; i < gi->n; i++) {
		gi->w[i].share_mcu = g->wcu * 1000 / (int64_t)gi->n;
		/* full, as the table's (ddb_parts.c) */
		gi->w[i].bank_mcu = gi->w[i].share_mcu * PK_DDB_BANK_SECONDS;
	}
	gi->tw.prov_mcu = g->wcu * 1000;
	gi->tw.bank_mcu = gi->tw.prov_mcu * PK_DDB_BANK_SECONDS;
	gi->tw.pool_mcu = 0; /* no second seen (ddb_admit.h) */
	gsi_reasons(d, gi);
	for (i = 0; i < gi->n; i++) {
		gi->parts[i].share_mcu = gi->w[i].share_mcu;
	}
	gi->info->name = g->name;
	gi->info->partition_key = g->partition_key;
	gi->info->keys_only = g->keys_only;
	gi->info->rcu = g->rcu;
	gi->info->wcu = g->wcu;
	gi->info->first_throttle_s = -1;
	gi->wcu = g->wcu;
	gi->info->now_wcu = g->wcu;
	gi->info->lo_wcu = gi->info->hi_wcu = g->wcu;
	gi->sc_pending_s = -1;
	gi->dec_last_s = INT64_MIN;
	if (d->t->scale.on && !g->fixed) {
		/* it follows the table's auto scaling (ddb_scale.c) */
		gi->scaled = 1;
		gi->info->scaled = 1;
	}
	if (gi->on_demand) {
		gi->info->on_demand = 1;
		gi->info->warm_rru = g->warm_rru;
		gi->info->warm_wru = g->warm_wru;
		gsi_od_shares(gi);
		gi->info->top_limit_mcu = ddb_od_bound_mcu(&gi->od);
	}
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
	ddb_gsi_reads_init(d);
	return 0;
}

void ddb_gsi_set_wcu(struct ddb *d, struct ddb_gsi *gi, int64_t wcu)
{
	int64_t share;
	size_t k;

	if (wcu > gi->wcu && ddb_gsi_parts_raise(d, gi, wcu) > 0 && gi->read) {
		ddb_gsi_read_shares(gi);
	}
	share = wcu * 1000 / (int64_t)gi->n;
	d->gsi_wcu_moved += wcu - gi->wcu;
	gi->wcu = wcu;
	gi->info->now_wcu = wcu;
	gi->tw.prov_mcu = wcu * 1000;
	if (gi->tw.bank_mcu > gi->tw.prov_mcu * PK_DDB_BANK_SECONDS) {
		gi->tw.bank_mcu = gi->tw.prov_mcu * PK_DDB_BANK_SECONDS;
	}
	for (k = 0; k < gi->n; k++) {
		gi->w[k].share_mcu = share;
		gi->parts[k].share_mcu = share;
		if (gi->w[k].bank_mcu > share * PK_DDB_BANK_SECONDS) {
			gi->w[k].bank_mcu = share * PK_DDB_BANK_SECONDS;
		}
	}
	if (wcu < gi->info->lo_wcu) {
		gi->info->lo_wcu = wcu;
	}
	if (wcu > gi->info->hi_wcu) {
		gi->info->hi_wcu = wcu;
	}
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
		m->share_mcu = gsi_bound(gi);
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

		gi->info->cap_mcu += gsi_bound(gi) * n;
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

/* On demand: index gi's n closed seconds into its peak (D12), its
   partitions' seconds reset, their shares after a new bound */
static void gsi_od_close(struct ddb_gsi *gi, int64_t n)
{
	int64_t before = ddb_od_bound_mcu(&gi->od);
	size_t k;

	for (k = 0; k < gi->n; k++) {
		gi->w[k].used_mcu = gi->w[k].asked_mcu = 0;
	}
	ddb_od_close(&gi->od, n);
	if (ddb_od_bound_mcu(&gi->od) != before) {
		gsi_od_shares(gi);
		if (ddb_od_bound_mcu(&gi->od) > gi->info->top_limit_mcu) {
			gi->info->top_limit_mcu = ddb_od_bound_mcu(&gi->od);
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

		if (gi->on_demand) {
			gsi_od_close(gi, n);
			continue;
		}
		if (gi->read) {
			ddb_gsi_read_refill(gi, n);
		}
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
			ddb_side_carry(&gi->w[k]);
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
	return ddb_gsi_part_at(gi, h);
}

/* Units (mCU) an index write of an item whose base write is units
   takes on index gi: the item's (projection all) or 1 WCU (keys_only:
   an entry under 1 KB) */
static int64_t gsi_units(const struct ddb_gsi *gi, int64_t units)
{
	return gi->g->keys_only ? 1000 : units;
}

int64_t ddb_gsi_write_mcu(const struct ddb *d, size_t i, int64_t base_mcu)
{
	return gsi_units(&d->gsis[i], base_mcu);
}

/* Undo every index write of the request so far */
static void gsi_undo(struct ddb *d)
{
	while (d->n_undo > 0) {
		const struct ddb_gsi_undo *u = &d->undo[--d->n_undo];

		u->gi->w[u->part] = u->side;
		u->gi->tw = u->total;
		u->gi->used_mcu = u->used;
		u->gi->od.used_mcu = u->od_used;
	}
}

/* Index writes of one base write on index gi (reference §12): the
   partition, units (mCU) and what each adds to the index's stored bytes
   and entries; n of them (0 to 2) */
struct gsi_plan {
	size_t n;
	long part[2];
	int64_t units[2], bytes[2], entries[2];
	size_t len[2];	  /* its index key value's length */
	uint64_t hash[2]; /* ... and hash */
};

/* The index key value of item on gi: its partition (-1: not in the
   index), with its length and hash in *len and *hash to compare */
static long gsi_value(struct ddb *d, struct ddb_gsi *gi, uint64_t item,
		      size_t *len, uint64_t *hash)
{
	long k = gsi_part_of(d, gi, item);

	*len = d->kv->id_len;
	*hash = k >= 0 ? ddb_key_hash(d->kv->id, d->kv->id_len) : 0;
	return k;
}

long ddb_gsi_value(struct ddb *d, size_t i, uint64_t item, size_t *len,
		   uint64_t *hash)
{
	return gsi_value(d, &d->gsis[i], item, len, hash);
}

/* Add write (part, units, bytes, entries) of the value of length len
   and hash h to plan x */
static void plan_add(struct gsi_plan *x, long part, size_t len, uint64_t h,
		     int64_t units, int64_t bytes, int64_t entries)
{
	x->part[x->n] = part;
	x->len[x->n] = len;
	x->hash[x->n] = h;
	x->units[x->n] = units;
	x->bytes[x->n] = bytes;
	x->entries[x->n++] = entries;
}

/* What base write rq (a delete, else a put of rq->it) of the item key
   ix holds (ddb_items) does on index gi, units its base units (mCU),
   into *x (reference §12's table, statement 24): a put of a new entry
   is 1 put; one that keeps the stored item's index key value 1 write
   (projection all) or none (keys_only);
   one that changes it 2, a delete on the old value's partition and a
   put on the new one's; one whose item no longer has the attribute,
   and a delete of an item that had it, 1 delete; nothing for an item in
   the index neither before nor after (sparse). The old value is the
   stored item's: the workload item that last wrote its primary key.
   Values are equal when their lengths and 64-bit hashes are. */
static void gsi_plan(struct ddb *d, struct ddb_gsi *gi,
		     const struct pk_svc_request *rq, uint32_t ix,
		     int64_t units, struct gsi_plan *x)
{
	uint64_t src = 0, old_size = 0, h_old = 0, h_new = 0;
	size_t l_old = 0, l_new = 0;
	long k_old = -1, k_new = -1;
	int had = ddb_items_src(d, ix, &src, &old_size);
	int keys_only = gi->g->keys_only;
	int64_t old_bytes = keys_only ? 0 : (int64_t)old_size;
	int64_t new_bytes = keys_only ? 0 : (int64_t)rq->it.size_bytes;

	x->n = 0;
	if (had) {
		k_old = gsi_value(d, gi, src, &l_old, &h_old);
	}
	if (rq->kind != PK_OP_DELETE) {
		k_new = gsi_value(d, gi, rq->it.item, &l_new, &h_new);
	}
	if (k_old >= 0 && k_new >= 0 && l_old == l_new && h_old == h_new) {
		/* the same index key value: the entry is rewritten when it
		   projects the item's attributes (ASSUMPTION: a put that
		   replaces an item changes its non-key attributes); a
		   keys_only entry holds only keys, all unchanged: nothing
		   written (§12's table, statement 24: "1 for the other if
		   its projected attributes changed") */
		if (!keys_only) {
			plan_add(x, k_new, l_new, h_new, gsi_units(gi, units),
				 new_bytes - old_bytes, 0);
		}
		return;
	}
	if (k_old >= 0) {
		plan_add(x, k_old, l_old, h_old,
			 gsi_units(gi, ddb_units_write_mcu(old_size, false)),
			 -old_bytes, -1);
	}
	if (k_new >= 0) {
		plan_add(x, k_new, l_new, h_new, gsi_units(gi, units),
			 new_bytes, 1);
	}
}

/* The rules of index gi's partition k (as the table's: D9, D10, the
   `delayed` lift its own) into *r. ASSUMPTION: under `burst: table` an
   index's partitions spend its own bank, as its lending is its own;
   before a `delayed` lift, each its own partition's (as the table's,
   ddb_request.c's bank_of). */
static void gsi_rules(const struct ddb *d, const struct ddb_gsi *gi, size_t k,
		      struct pk_ddb_rules *r)
{
	r->adaptive =
	    d->t->adaptive == PK_DDB_ADAPTIVE_INSTANT ||
	    (d->t->adaptive == PK_DDB_ADAPTIVE_DELAYED && gi->lifted[k]);
	r->bank = d->t->burst == PK_DDB_BURST_PARTITION ? 1
		  : d->t->burst == PK_DDB_BURST_TABLE	? (r->adaptive ? 2 : 1)
							: 0;
}

/* Index gi's partition k refused u mCU (v): under `delayed`, a refusal
   by its share while under its cap starts or continues its run of
   throttles toward the lift (ddb_adaptive_note) */
static void gsi_note(const struct ddb *d, struct ddb_gsi *gi, size_t k,
		     enum pk_ddb_verdict v, int64_t u)
{
	if (d->t->adaptive == PK_DDB_ADAPTIVE_DELAYED &&
	    v == PK_DDB_THROTTLE_KEY_RANGE &&
	    gi->w[k].used_mcu + u <= gi->w[k].cap_mcu) {
		ddb_adaptive_note(d, &gi->since_s[k], &gi->last_s[k],
				  &gi->lifted[k]);
	}
}

/* On demand: index gi's partition k, then its instant limit and quota
   (D3, D12), admit u mCU of request rq; its demand noted (ddb_od_ask:
   a first attempt's units, a retry's none) */
static enum pk_ddb_verdict gsi_admit_od(struct ddb_gsi *gi, size_t k, int64_t u,
					const struct pk_svc_request *rq)
{
	struct pk_ddb_side *w = &gi->w[k];
	enum pk_ddb_verdict v = PK_DDB_THROTTLE_KEY_RANGE;

	if (w->used_mcu + u <= w->cap_mcu) {
		v = ddb_od_admit(&gi->od, u);
	}
	if (v == PK_DDB_ADMITTED) {
		w->used_mcu += u;
	}
	ddb_od_ask(&gi->od, rq->retry == 0 ? u : 0, v != PK_DDB_ADMITTED);
	return v;
}

/* Base write rq of key ix, units its base units (mCU), on every index
   that holds its item before or after; 0, or -1 after undoing the
   request's index writes and counting the refusing index's reason */
static int gsi_item(struct ddb *d, const struct pk_svc_request *rq,
		    int64_t units, uint32_t ix)
{
	struct pk_ddb_rules r = {0};
	size_t i, j;

	for (i = 0; i < d->n_gsis; i++) {
		struct ddb_gsi *gi = &d->gsis[i];
		struct gsi_plan x;

		gsi_plan(d, gi, rq, ix, units, &x);
		for (j = 0; j < x.n; j++) {
			size_t k = (size_t)x.part[j];
			int64_t u = x.units[j];
			struct ddb_gsi_undo *un = &d->undo[d->n_undo++];
			enum pk_ddb_verdict v;

			un->gi = gi;
			un->part = k;
			un->side = gi->w[k];
			un->total = gi->tw;
			un->used = gi->used_mcu;
			un->od_used = gi->od.used_mcu;
			un->bytes = x.bytes[j];
			un->entries = x.entries[j];
			un->hash = x.hash[j];
			un->len = x.len[j];
			gi->s_writes[k]++;
			if (gi->on_demand) {
				v = gsi_admit_od(gi, k, u, rq);
			} else {
				gsi_rules(d, gi, k, &r);
				v = ddb_admit(&gi->w[k], &gi->tw, u, &r);
			}
			if (v != PK_DDB_ADMITTED) {
				int kind = v != PK_DDB_THROTTLE_KEY_RANGE;

				gsi_undo(d);
				gsi_note(d, gi, k, v, u);
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
	}
	return 0;
}

int ddb_gsis_write(struct ddb *d, const struct pk_svc_request *rq,
		   const struct ask *a)
{
	d->n_undo = 0;
	return gsi_item(d, rq, a->base_units, a->key);
}

size_t ddb_gsis_demand(struct ddb *d, const struct pk_svc_request *rq,
		       const struct ask *a, struct ddb_gsi_ask *out)
{
	struct gsi_plan x;
	size_t i, j, n = 0;

	for (i = 0; i < d->n_gsis; i++) {
		gsi_plan(d, &d->gsis[i], rq, a->key, a->base_units, &x);
		for (j = 0; j < x.n; j++) {
			out[n].index = i;
			out[n].len = x.len[j];
			out[n].hash = x.hash[j];
			out[n++].units = x.units[j];
		}
	}
	return n;
}

void ddb_gsis_forecast_open(struct ddb *d)
{
	size_t i;

	for (i = 0; i < d->n_gsis; i++) {
		memset(d->gsis[i].fc_mcu, 0,
		       d->gsis[i].n * sizeof(*d->gsis[i].fc_mcu));
	}
}

void ddb_gsis_forecast(struct ddb *d, const struct pk_svc_request *rq,
		       const struct ask *a)
{
	struct gsi_plan x;
	size_t i, j;

	for (i = 0; i < d->n_gsis; i++) {
		gsi_plan(d, &d->gsis[i], rq, a->key, a->base_units, &x);
		for (j = 0; j < x.n; j++) {
			d->gsis[i].fc_mcu[x.part[j]] += x.units[j];
		}
	}
}

void ddb_gsi_foresee(struct ddb *d, size_t i, size_t k, int64_t units)
{
	struct ddb_gsi *gi = &d->gsis[i];
	int64_t share = gi->w[k].share_mcu;
	int64_t *fc = &gi->fc_mcu[k];
	int64_t before = share > *fc ? share - *fc : 0;

	*fc = *fc + units > 0 ? *fc + units : 0;
	gi->tw.pool_mcu -= before - (share > *fc ? share - *fc : 0);
}

void ddb_gsis_arrived(struct ddb *d, const struct pk_svc_request *rq,
		      const struct ask *a, int64_t *units)
{
	struct gsi_plan x;
	size_t i, j;

	for (i = 0; i < d->n_gsis; i++) {
		units[i] = 0;
		gsi_plan(d, &d->gsis[i], rq, a->key, a->base_units, &x);
		for (j = 0; j < x.n; j++) {
			ddb_gsi_foresee(d, i, (size_t)x.part[j], x.units[j]);
			units[i] += x.units[j];
		}
	}
}

void ddb_gsis_release(struct ddb *d, const struct pk_svc_request *rq,
		      const struct ask *a)
{
	struct gsi_plan x;
	size_t i, j;

	for (i = 0; i < d->n_gsis; i++) {
		gsi_plan(d, &d->gsis[i], rq, a->key, a->base_units, &x);
		for (j = 0; j < x.n; j++) {
			ddb_gsi_foresee(d, i, (size_t)x.part[j], -x.units[j]);
		}
	}
}

size_t ddb_gsis_writes(struct ddb *d, const struct pk_svc_request *rq,
		       const struct ask *a, struct ddb_gsi_write *out)
{
	struct gsi_plan x;
	size_t i, j, n = 0;

	for (i = 0; i < d->n_gsis; i++) {
		gsi_plan(d, &d->gsis[i], rq, a->key, a->base_units, &x);
		for (j = 0; j < x.n; j++) {
			out[n].index = (uint32_t)i;
			out[n].part = (uint32_t)x.part[j];
			out[n++].units = x.units[j];
		}
	}
	return n;
}

void ddb_gsis_forecast_pool(struct ddb *d)
{
	size_t i, k;

	for (i = 0; i < d->n_gsis; i++) {
		struct ddb_gsi *gi = &d->gsis[i];
		int64_t pool = 0;

		for (k = 0; k < gi->n; k++) {
			int64_t left = gi->w[k].share_mcu - gi->fc_mcu[k];

			pool += left > 0 ? left : 0;
		}
		gi->tw.pool_mcu = pool;
	}
}

void ddb_gsis_store(struct ddb *d)
{
	struct pk_snapshot_ddb *b = &d->bill;
	size_t i;

	for (i = 0; i < d->n_undo; i++) {
		const struct ddb_gsi_undo *u = &d->undo[i];
		int64_t bytes = (int64_t)b->index_bytes + u->bytes;
		int64_t entries = (int64_t)b->index_entries + u->entries;

		b->index_bytes = bytes > 0 ? (uint64_t)bytes : 0;
		b->index_entries = entries > 0 ? (uint64_t)entries : 0;
		if (d->gsi_reads) {
			ddb_gsi_read_store(d, u);
		}
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
		ddb_gsi_parts_free(&d->gsis[i]);
		free(d->gsis[i].names[0]);
		free(d->gsis[i].names[1]);
		free(d->gsis[i].seconds);
		free(d->gsis[i].minutes);
		if (d->gsis[i].info) {
			free(d->gsis[i].info->minute_demand_mcu);
		}
		if (d->gsis[i].on_demand) {
			ddb_od_free(&d->gsis[i].od);
		}
	}
	ddb_gsi_reads_free(d);
	free(d->gsis);
	free(d->index_info);
	free(d->undo);
}
