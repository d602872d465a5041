/*
 * ddb_service: Amazon DynamoDB's replay of one request at a time
 * (ddb_service.h). What each operation of a scenario is in DynamoDB's
 * terms (docs/dynamodb.md):
 * - create, upsert, replace: PutItem of the larger of the item its
 *   primary key holds now and the new one (D1, §1; ddb_items.c),
 *   refused over 400 KiB (D2);
 * - read: GetItem of the item's current size, eventual or strong
 *   (table.read_consistency);
 * - delete: DeleteItem of the item's current size;
 * - batch: BatchWriteItem, each item a put of its own on its own key
 *   value's partition, not atomic (ddb_batch.c).
 * A provisioned table admits by its buckets (ddb_admit.h), an
 * on-demand one by its partitions' caps and its instant limit
 * (ddb_ondemand.h). A throttled request (D14) is answered 429 so the scenario's
 * client retries it as it retries a 429: ASSUMPTION, DynamoDB's HTTP 400
 * ThrottlingException / ProvisionedThroughputExceededException carries
 * no retry-after; pksim's says the next second's start. The reason is
 * counted (enum ddb_reason) and the 429's sub-status names it.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/cosmos/keycheck.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/status.h"
#include "pksim/workload/workload.h"

#define MS_PER_S 1000

static struct ddb *ddb_of(const struct pk_service *s)
{
	return (struct ddb *)s;
}

uint64_t ddb_key_hash(const unsigned char *id, size_t len)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h = (h ^ id[i]) * 1099511628211ull;
	}
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
	return h ^ (h >> 31);
}

uint64_t ddb_service_throttles(const struct pk_service *s, int write,
			       enum pk_ddb_verdict why)
{
	if (why == PK_DDB_ADMITTED) {
		return 0;
	}
	const struct ddb *d = ddb_of(s);
	int ix = d->reason_ix[write != 0][why - 1];

	return ix < 0 ? 0 : d->reasons[ix].count;
}

/* A partition's normalized consumption as the metrics read it
   (ru_mru / ru_per_s_mru): the busier bucket against its share, at
   most 1; its share's sum when idle */
static int64_t sample_capacity(const struct ddb_part *p)
{
	int64_t used = p->r.used_mcu + p->w.used_mcu;
	double fr = p->r.share_mcu > 0
			? (double)p->r.used_mcu / (double)p->r.share_mcu
			: 0;
	double fw = p->w.share_mcu > 0
			? (double)p->w.used_mcu / (double)p->w.share_mcu
			: 0;
	double f = fr > fw ? fr : fw;

	if (used == 0 || f <= 0) {
		return p->r.share_mcu + p->w.share_mcu;
	}
	if (f >= 1) {
		return used;
	}
	return (int64_t)((double)used / f + 0.5);
}

/* The table's units a second, read plus write: provisioned, or on
   demand the open second's bounds */
static int64_t table_units(const struct ddb *d)
{
	if (d->on_demand) {
		return (ddb_od_bound_mcu(&d->odr) + ddb_od_bound_mcu(&d->odw)) /
		       1000;
	}
	return d->rcu + d->wcu;
}

/* The table's read (write 0) or write units a second: provisioned, or
   on demand the open second's instant limit (D12), mCU */
static int64_t side_cap(const struct ddb *d, int write)
{
	if (d->on_demand) {
		return ddb_od_bound_mcu(write ? &d->odw : &d->odr);
	}
	return (write ? d->wcu : d->rcu) * 1000;
}

/* Count n closing seconds' read and write use and capacity apart (D3:
   separate buckets), into sec (the open second's, when active) and the
   run's totals */
static void note_sides(struct ddb *d, int64_t n)
{
	int64_t used_k[2] = {0, 0};
	int k;

	for (k = 0; k < 2; k++) {
		int64_t used = !d->active ? 0
			       : d->on_demand
				   ? (k ? d->odw.used_mcu : d->odr.used_mcu)
			       : k ? d->tw.used_mcu
				   : d->tr.used_mcu;

		d->sec.side_used_mcu[k] = used;
		d->sec.side_cap_mcu[k] = side_cap(d, k);
		d->bill.side_used_mcu[k] += used;
		d->bill.side_cap_mcu[k] += side_cap(d, k) * n;
		used_k[k] = used;
	}
	if (d->t->scale.on) {
		ddb_scale_close(d, d->now_s, n, used_k);
	}
}

/* What of the partitions' unused shares on side (write) the open second
   left unlent (ddb_unlent): a share adaptive capacity lent to a
   partition above its own (D10) is not banked as well (D9) */
static double unlent(const struct ddb *d, int write)
{
	int64_t sum = 0;
	size_t i;

	for (i = 0; i < d->layout.n; i++) {
		sum += ddb_side_left(write ? &d->parts[i].w : &d->parts[i].r);
	}
	return ddb_unlent(write ? &d->tw : &d->tr, sum);
}

/* The open second's bank refill of side s: its unused share scaled by
   fraction f (unlent) */
static int64_t bank_after(const struct pk_ddb_side *s, double f, int64_t n)
{
	return ddb_bank_refill_left(s, (int64_t)((double)ddb_side_left(s) * f),
				    n);
}

/* Refill every bank for n seconds from the open second's use and
   start the next second: what it may lend (D10) is what the partitions
   left unasked in the open second, or everything after idle ones,
   unless the table reads the next second's own demand ahead when it
   opens (ddb_ahead.c) */
static void refill(struct ddb *d, int64_t n)
{
	double fr = unlent(d, 0), fw = unlent(d, 1);
	int64_t pool[2] = {0, 0};
	size_t i;

	for (i = 0; i < d->layout.n; i++) {
		struct ddb_part *p = &d->parts[i];

		pool[0] += ddb_side_unasked(&p->r);
		pool[1] += ddb_side_unasked(&p->w);
		p->r.bank_mcu = bank_after(&p->r, fr, n);
		p->w.bank_mcu = bank_after(&p->w, fw, n);
		p->r.used_mcu = p->w.used_mcu = 0;
		p->r.asked_mcu = p->w.asked_mcu = 0;
		p->s_requests = p->s_retries = p->s_throttled = 0;
	}
	d->tr.bank_mcu = ddb_total_refill(&d->tr, n);
	d->tw.bank_mcu = ddb_total_refill(&d->tw, n);
	ddb_total_open(&d->tr, n > 1 ? d->tr.prov_mcu : pool[0]);
	ddb_total_open(&d->tw, n > 1 ? d->tw.prov_mcu : pool[1]);
	ddb_gsis_refill(d, n);
	if (d->on_demand) {
		int64_t r = ddb_od_bound_mcu(&d->odr);
		int64_t w = ddb_od_bound_mcu(&d->odw);

		ddb_od_weigh_pair(&d->odr, &d->odw);
		ddb_od_close(&d->odr, n);
		ddb_od_close(&d->odw, n);
		if (r != ddb_od_bound_mcu(&d->odr) ||
		    w != ddb_od_bound_mcu(&d->odw)) {
			ddb_parts_on_demand(d, d->now_s + n);
		}
	}
}

/* Close the open second (active), or n idle seconds from it. */
static void close_seconds(struct ddb *d, int64_t n)
{
	size_t i;

	ddb_bill_hours(d, d->now_s, d->active ? 1 : n);
	note_sides(d, d->active ? 1 : n);
	ddb_gsis_close(d, d->active ? 1 : n);
	if (!d->active) {
		metrics_close_idle(&d->m, d->now_s, n, table_units(d),
				   (uint32_t)d->layout.n);
		refill(d, n);
		d->now_s += n;
		return;
	}
	for (i = 0; i < d->layout.n; i++) {
		const struct ddb_part *p = &d->parts[i];
		struct pk_sample *smp = &d->samples[i];

		memset(smp, 0, sizeof(*smp));
		smp->t_s = d->now_s;
		smp->range_id = p->id;
		smp->requests = p->s_requests;
		smp->retries = p->s_retries;
		smp->throttled_429 = p->s_throttled;
		smp->ru_mru = p->r.used_mcu + p->w.used_mcu;
		smp->ru_per_s_mru = sample_capacity(p);
		smp->storage_bytes = p->storage_bytes;
		if (d->m.keep_seconds && p->s_requests > 0) {
			/* the samples metrics keeps: those of a partition
			   a request reached */
			ddb_parts_second_row(d, i, d->now_s);
		}
	}
	d->sec.t_s = d->now_s;
	d->sec.span_s = 1;
	d->sec.ru_per_s = table_units(d);
	d->sec.ranges = (uint32_t)d->layout.n;
	metrics_close_second(&d->m, &d->sec, d->samples, d->layout.n);
	memset(&d->sec, 0, sizeof(d->sec));
	refill(d, 1);
	d->active = 0;
	d->now_s++;
}

static void ddb_advance(struct pk_service *s, int64_t t_ms)
{
	struct ddb *d = ddb_of(s);
	int64_t to = t_ms / MS_PER_S;

	while (d->now_s < to) {
		int64_t n = d->active ? 1 : to - d->now_s;

		if (d->t->scale.on) {
			/* auto scaling decides at each minute's end */
			n = ddb_scale_span(d, n);
		}
		close_seconds(d, n);
		if (d->t->scale.on) {
			ddb_scale_apply(d);
		}
	}
}

/* The request's bucket, units and answer (D1, D2), on the item its
   primary key holds now (ddb_items.c): a read of its current size (a
   missing item's read still costs a unit, §1), a delete of its current
   size, a put of the larger of it and the new item */
void ddb_ask_of(struct ddb *d, const struct pk_svc_request *rq, struct ask *a)
{
	uint64_t size = rq->it.size_bytes, old = 0, h = 0;
	int had = 0, key_ok;

	memset(a, 0, sizeof(*a));
	a->part = -1;
	ddb_items_reset(d);
	key_ok = ddb_items_key(d, rq->it.item, &h) == 0;
	a->bad = rq->it.reject != 0 || !key_ok;
	if (key_ok) {
		had = ddb_items_size(d, 0, &old);
	}
	switch (rq->kind) {
	case PK_OP_READ:
		a->units = ddb_units_read_mcu(
		    old, d->t->reads == PK_DDB_CONSISTENCY_STRONG
			     ? PK_DDB_READ_STRONG
			     : PK_DDB_READ_EVENTUAL);
		a->status = PK_HTTP_OK;
		break;
	case PK_OP_DELETE:
		a->write = 1;
		a->units = ddb_units_write_mcu(old, false);
		a->grow = -(int64_t)old;
		a->items = -had;
		a->status = PK_HTTP_NO_CONTENT;
		break;
	default:
		a->write = 1;
		a->units = ddb_units_write_mcu(size > old ? size : old, false);
		a->grow = (int64_t)size - (int64_t)old;
		a->items = !had;
		a->status =
		    rq->kind == PK_OP_CREATE ? PK_HTTP_CREATED : PK_HTTP_OK;
		a->too_large = !ddb_units_item_fits(size);
		a->bad |= a->too_large;
		break;
	}
	if (!a->bad) {
		a->part = (long)ddb_part_of(d, h);
		a->hash = h;
	}
}

/* Keep what admitted write rq did to the items its keys hold */
static void store_items(struct ddb *d, const struct pk_svc_request *rq)
{
	if (rq->kind == PK_OP_READ) {
		return;
	}
	if (rq->kind == PK_OP_DELETE) {
		ddb_items_drop(d, 0);
		return;
	}
	ddb_items_put(d, 0, rq->it.size_bytes, rq->it.item);
}

/* Whether adaptive capacity applies to side (write) of p now (D10) */
static int adaptive_now(const struct ddb *d, const struct ddb_part *p,
			int write)
{
	switch (d->t->adaptive) {
	case PK_DDB_ADAPTIVE_INSTANT:
		return 1;
	case PK_DDB_ADAPTIVE_DELAYED:
		return write ? p->w_lifted : p->r_lifted;
	case PK_DDB_ADAPTIVE_OFF:
		break;
	}
	return 0;
}

/* A throttled second of side (write) of p: delayed adaptive capacity
   lifts it adaptive_delay_s after its throttling started (reference §6:
   "5 to 30 minutes between the start of throttling and the boost"),
   throttled or not in the seconds between. ASSUMPTION: a quiet spell of
   PK_DDB_ADAPTIVE_QUIET_S seconds without a throttle ends the episode,
   so the next throttle starts the delay again; once lifted, it stays
   lifted. */
static void note_throttle(struct ddb *d, struct ddb_part *p, int write)
{
	int64_t *since = write ? &p->w_since_s : &p->r_since_s;
	int64_t *last = write ? &p->w_last_s : &p->r_last_s;
	int *lifted = write ? &p->w_lifted : &p->r_lifted;

	if (*last < d->now_s - PK_DDB_ADAPTIVE_QUIET_S) {
		*since = d->now_s;
	}
	*last = d->now_s;
	if (d->now_s - *since >= d->t->adaptive_delay_s) {
		*lifted = 1;
	}
}

/* D3 `linear`: reads at 1/3,000 and writes at 1/1,000 of one budget */
static int linear_cap_hit(const struct ddb *d, const struct ddb_part *p,
			  const struct ask *a)
{
	int64_t r = p->r.used_mcu + (a->write ? 0 : a->units);
	int64_t w = p->w.used_mcu + (a->write ? a->units : 0);

	return d->t->partition_limit == PK_DDB_LIMIT_LINEAR &&
	       r + 3 * w > (int64_t)PK_DDB_PART_RCU * 1000;
}

/* On demand: partition p's cap (D3), then the table side's bounds
   (D12) */
static enum pk_ddb_verdict admit_on_demand(struct ddb *d, struct ddb_part *p,
					   const struct ask *a)
{
	struct pk_ddb_side *side = a->write ? &p->w : &p->r;
	enum pk_ddb_verdict v;

	if (linear_cap_hit(d, p, a) ||
	    side->used_mcu + a->units > side->cap_mcu) {
		return PK_DDB_THROTTLE_KEY_RANGE;
	}
	v = a->write ? ddb_od_admit_pair(&d->odw, &d->odr, a->units)
		     : ddb_od_admit_pair(&d->odr, &d->odw, a->units);
	if (v == PK_DDB_ADMITTED) {
		side->used_mcu += a->units;
	}
	return v;
}

/* The bank a partition's units above its share come from (D9:
   pk_ddb_rules.bank), adaptive: whether adaptive capacity applies to it
   now. `burst: table` banks the table's unused units once, but a unit
   one partition left unused reaching another is lending (D10), which
   `off` (and `delayed` before its lift) does not do (reference §6:
   "even split plus burst only"; statement 16): so then a partition
   spends only what it banked itself, its own bank. */
static int bank_of(const struct ddb *d, int adaptive)
{
	switch (d->t->burst) {
	case PK_DDB_BURST_PARTITION:
		return 1;
	case PK_DDB_BURST_TABLE:
		return adaptive ? 2 : 1;
	case PK_DDB_BURST_OFF:
		break;
	}
	return 0;
}

/* Under `burst: table`, a partition's own bank just paid paid mCU:
   the table's bank t holds those units too, so they leave it as well
   (a unit is spent once) */
static void own_bank_spent(struct pk_ddb_total *t, int64_t paid)
{
	t->bank_mcu = t->bank_mcu > paid ? t->bank_mcu - paid : 0;
}

/* Admit a on partition i (D3, D5, D9, D10, D12, D14) */
static enum pk_ddb_verdict admit(struct ddb *d, size_t i, const struct ask *a,
				 int first)
{
	struct ddb_part *p = &d->parts[i];
	struct pk_ddb_rules r;
	enum pk_ddb_verdict v;
	int64_t bank;

	if (d->on_demand) {
		v = admit_on_demand(d, p, a);
		/* the side's demand: first attempts (first), not retries */
		ddb_od_ask(a->write ? &d->odw : &d->odr, first ? a->units : 0,
			   v != PK_DDB_ADMITTED);
		if (v != PK_DDB_ADMITTED) {
			d->reasons[d->reason_ix[a->write][v - 1]].count++;
		}
		return v;
	}

	r.adaptive = adaptive_now(d, p, a->write);
	r.bank = bank_of(d, r.adaptive);
	r.cap_hit = linear_cap_hit(d, p, a);
	bank = (a->write ? &p->w : &p->r)->bank_mcu;
	v = a->write ? ddb_admit(&p->w, &d->tw, a->units, &r)
		     : ddb_admit(&p->r, &d->tr, a->units, &r);
	if (r.bank == 1 && d->t->burst == PK_DDB_BURST_TABLE) {
		own_bank_spent(a->write ? &d->tw : &d->tr,
			       bank - (a->write ? &p->w : &p->r)->bank_mcu);
	}
	if (v != PK_DDB_ADMITTED) {
		if (d->t->adaptive == PK_DDB_ADAPTIVE_DELAYED &&
		    v == PK_DDB_THROTTLE_KEY_RANGE && !r.cap_hit &&
		    (a->write ? p->w.used_mcu : p->r.used_mcu) + a->units <=
			(a->write ? p->w.cap_mcu : p->r.cap_mcu)) {
			note_throttle(d, p, a->write);
		}
		d->reasons[d->reason_ix[a->write][v - 1]].count++;
	}
	return v;
}

/* The most units side (write) of provisioned partition p can admit in
   one second (ddb_admit): its share, or the table's units when adaptive
   capacity may lend it the rest (D10; `delayed` once lifted), plus a
   full bank (D9: 300 s of the share, or of the table's units under
   `burst: table` with lending), at most its cap (D3); on demand its
   cap */
static int64_t most_ever(const struct ddb *d, const struct ddb_part *p,
			 int write)
{
	const struct pk_ddb_side *s = write ? &p->w : &p->r;
	int64_t prov = (write ? &d->tw : &d->tr)->prov_mcu;
	int lends = d->t->adaptive != PK_DDB_ADAPTIVE_OFF;
	int64_t most = lends ? prov : s->share_mcu;

	if (d->on_demand) {
		return s->cap_mcu;
	}
	if (d->t->burst == PK_DDB_BURST_PARTITION ||
	    (d->t->burst == PK_DDB_BURST_TABLE && !lends)) {
		most += s->share_mcu * PK_DDB_BANK_SECONDS;
	} else if (d->t->burst == PK_DDB_BURST_TABLE) {
		most += prov * PK_DDB_BANK_SECONDS;
	}
	return most < s->cap_mcu ? most : s->cap_mcu;
}

void ddb_note_never(struct ddb *d, const struct ddb_part *p,
		    const struct pk_svc_request *rq, int write, int64_t u)
{
	if (rq->retry == 0 && u > most_ever(d, p, write)) {
		d->bill.never_fit[write != 0]++;
	}
}

void ddb_count_part(struct ddb_part *p, const struct pk_svc_request *rq,
		    int64_t u)
{
	p->requests++;
	p->s_requests++;
	if (rq->retry > 0) {
		p->retries++;
		p->s_retries++;
	} else {
		p->offered_mcu += u;
	}
}

void ddb_count_attempt(struct ddb *d, struct ddb_part *p,
		       const struct pk_svc_request *rq, int64_t u)
{
	struct pk_totals *t = &d->m.totals;

	d->active = 1;
	t->operations += rq->arrived != 0;
	t->attempts++;
	if (rq->retry > 0) {
		t->retries++;
		t->retry_mru += u;
		d->sec.retries++;
		d->sec.retry_mru += u;
	} else {
		t->offered_mru += u;
		d->sec.offered_mru += u;
	}
	if (p) {
		ddb_count_part(p, rq, u);
	}
}

void ddb_store(struct ddb *d, size_t i, const struct ask *a)
{
	struct ddb_part *p = &d->parts[i];
	/* with local secondary indexes, their entries too: they live on
	   the item's partition, in its 10 GB (reference §2, §13) */
	int64_t after =
	    (int64_t)p->storage_bytes + (a->coll ? a->coll_grow : a->grow);

	if (after < 0) {
		after = 0;
	}
	d->storage_bytes += (uint64_t)after - p->storage_bytes;
	p->storage_bytes = (uint64_t)after;
	if (a->items >= 0 || d->bill.items > 0) {
		d->bill.items += (uint64_t)a->items;
	}
	if (p->storage_bytes > PK_DDB_PART_BYTES) {
		ddb_parts_split(d, i, d->now_s, PK_SPLIT_STORAGE);
	}
}

enum pk_ddb_verdict ddb_admit_all(struct ddb *d, size_t i,
				  const struct pk_svc_request *rq,
				  const struct ask *a, int *by_index)
{
	struct ddb_part *p = &d->parts[i];
	struct pk_ddb_side side = p->w;
	struct pk_ddb_total total = d->tw;
	enum pk_ddb_verdict v = admit(d, i, a, rq->retry == 0);
	int64_t before;

	if (v != PK_DDB_ADMITTED || !a->write || d->n_gsis == 0) {
		return v;
	}
	before = ddb_gsis_used(d);
	if (ddb_gsis_write(d, rq, a) < 0) {
		p->w = side;
		d->tw = total;
		*by_index = 1;
		return PK_DDB_THROTTLE_KEY_RANGE;
	}
	ddb_bill_used(d, 1, ddb_gsis_used(d) - before);
	return v;
}

int64_t ddb_retry_after_ms(const struct pk_svc_request *rq)
{
	return MS_PER_S - rq->t_ms % MS_PER_S;
}

static void ddb_apply(struct pk_service *s, const struct pk_svc_request *rq,
		      struct pk_outcome *out)
{
	struct ddb *d = ddb_of(s);
	struct pk_totals *t = &d->m.totals;
	struct pk_svc_request own;
	struct ask a;
	long i;
	struct ddb_part *p;
	int by_index = 0;

	if (rq->kind == PK_OP_CREATE && d->w &&
	    workload_item_ddb_size(d->w, rq->it.item, &own.it.size_bytes)) {
		/* a data file's record: the item DynamoDB stores is its
		   attributes by §1's sizes, not its JSON text */
		uint32_t size = own.it.size_bytes;

		own = *rq;
		own.it.size_bytes = size;
		rq = &own;
	}
	ddb_advance(s, rq->t_ms);
	if (d->ahead) {
		d->ahead_last = 0;
		if (d->ahead_s != d->now_s) {
			ddb_ahead_open(d);
		}
	}
	memset(out, 0, sizeof(*out));
	out->ranges = 1;
	d->coll_full = NULL;
	if (rq->kind == PK_OP_BATCH) {
		ddb_batch_apply(d, rq, out);
		return;
	}
	ddb_ask_of(d, rq, &a);
	i = a.part;
	if (__builtin_expect(d->find_n != 0, 0) && rq->kind == PK_OP_READ &&
	    i >= 0) {
		ddb_find_read(d, rq, &a, out);
		return;
	}
	if (i >= 0) {
		ddb_heat_note(d, rq->kind, rq->retry, a.write, a.units);
	}
	a.base_units = a.units;
	a.coll_grow = a.grow;
	if (i >= 0 && a.write && d->n_lsis > 0 &&
	    ddb_lsis_ask(d, rq, a.key, &a.units, &a.coll_grow, &a.coll) < 0) {
		/* D18: over 400 KiB with its projections, or its item
		   collection full; refused before capacity (ASSUMPTION) */
		ddb_count_attempt(d, &d->parts[i], rq, 0);
		out->range = (size_t)i;
		out->status = PK_HTTP_BAD_REQUEST;
		t->bad_request_400++;
		t->ddb_lsi_400++;
		return;
	}
	p = i < 0 ? NULL : &d->parts[i];
	ddb_count_attempt(d, p, rq, i < 0 ? 0 : a.units);
	if (i >= 0 && rq->retry == 0) {
		ddb_demand_note(d, rq, &a);
	}
	if (i < 0) {
		out->status = PK_HTTP_BAD_REQUEST;
		t->bad_request_400++;
		t->ddb_too_large_400 += a.too_large;
		return;
	}
	out->range = (size_t)i;
	if (d->ahead && rq->kind != PK_OP_CREATE &&
	    ddb_ahead_unforeseen(d, rq, &a)) {
		ddb_ahead_part(d, (size_t)i, a.write, a.units);
		ddb_ahead_arrived(d, rq, a.write, a.units);
	}
	if (ddb_admit_all(d, (size_t)i, rq, &a, &by_index) != PK_DDB_ADMITTED) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->retry_after_ms = ddb_retry_after_ms(rq);
		t->throttled_429++;
		ddb_ahead_throttled(d, rq, a.hash, a.write, a.units);
		ddb_note_never(d, p, rq, a.write, a.units);
		if (by_index) {
			/* the table's partition had room: the second's
			   throttle, not the partition's (its normalized
			   consumption stays what it used) */
			d->sec.throttled_429++;
			return;
		}
		p->throttled++;
		p->s_throttled++;
		return;
	}
	out->status = a.status;
	out->charge_mru = a.units;
	t->succeeded++;
	t->ru_mru += a.units;
	d->sec.served_mru += a.units;
	ddb_bill_used(d, a.write, a.units);
	p->used_mcu += a.units;
	metrics_add_wait(&d->m, rq->waited_ms);
	ddb_store(d, (size_t)i, &a);
	store_items(d, rq);
	if (a.coll) {
		ddb_lsis_store(a.coll, a.coll_grow, a.items, rq->t_ms);
	}
	if (a.write && d->n_gsis > 0) {
		ddb_gsis_store(d);
	}
}

/* Not sent: ddb_service_new refuses scenarios with queries; answered
   400 (not modelled) should one come. */
static void ddb_query(struct pk_service *s, const struct pk_svc_request *rq,
		      struct pk_outcome *out)
{
	struct ddb *d = ddb_of(s);

	ddb_advance(s, rq->t_ms);
	memset(out, 0, sizeof(*out));
	ddb_count_attempt(d, NULL, rq, 0);
	out->status = PK_HTTP_BAD_REQUEST;
	d->m.totals.bad_request_400++;
}

static int ddb_phase(struct pk_service *s, const struct pk_phase_spec *ph,
		     int64_t start_ms, struct pk_diag *diag)
{
	struct ddb *d = ddb_of(s);

	if (ph->throughput_ru_per_s > 0 || ph->autoscale_max_ru_per_s > 0 ||
	    ph->n_redistribute > 0 || ph->merge_to > 0 || ph->policy_equal) {
		diag_error(diag, d->sc->file, ph->line, ph->col,
			   "phase '%s' changes Azure Cosmos DB's throughput "
			   "or layout; a dynamodb table's capacity changes "
			   "are not replayed yet",
			   ph->name);
		return -1;
	}
	if (ph->ddb_rcu > 0 || ph->ddb_wcu > 0) {
		/* the seconds before the phase close at the old units */
		ddb_advance(s, start_ms);
		return ddb_change_capacity(d, ph, start_ms / MS_PER_S, diag);
	}
	return 0;
}

static int64_t ddb_end(struct pk_service *s, int64_t t_ms)
{
	struct ddb *d = ddb_of(s);
	int64_t end = t_ms > d->now_s * MS_PER_S ? t_ms : d->now_s * MS_PER_S;

	end = (end + MS_PER_S - 1) / MS_PER_S * MS_PER_S;
	if (end <= d->now_s * MS_PER_S) {
		end = (d->now_s + 1) * MS_PER_S;
	}
	ddb_advance(s, end);
	ddb_lsis_forecast(d, &d->bill.colls);
	ddb_change_finding(d);
	ddb_heat_end(d, d->bill.hot);
	d->bill.sort_key = d->t->sort_key;
	if (d->on_demand) {
		d->bill.past_peak[0] = d->odr.over;
		d->bill.past_peak[1] = d->odw.over;
	}
	return end;
}

static void ddb_client(struct pk_service *s, enum pk_client_event ev, int64_t n)
{
	struct pk_totals *t = &ddb_of(s)->m.totals;

	if (ev == PK_CLIENT_RETRY_WAIT) {
		/* the throttles just answered come back then (D10's
		   second of demand, ddb_ahead.c) */
		ddb_ahead_retry(ddb_of(s), n);
	}
	/* a failed write changes no item */
	service_count_client(t, ev, n);
}

static int ddb_bind(struct pk_service *s, const struct pk_workload *w)
{
	ddb_of(s)->w = w;
	return 0;
}

static void ddb_prefetch(const struct pk_service *s, const uint64_t *slot,
			 size_t n_slot, const uint64_t *part, size_t n_part)
{
	(void)s;
	(void)slot;
	(void)n_slot;
	(void)part;
	(void)n_part;
}

static int64_t ddb_now_s(const struct pk_service *s)
{
	return ddb_of(s)->now_s;
}

static const struct pk_metrics *ddb_metrics(const struct pk_service *s)
{
	return &ddb_of(s)->m;
}

static void ddb_watch(struct pk_service *s, pk_metrics_tap_fn tap, void *ctx)
{
	ddb_of(s)->m.tap = tap;
	ddb_of(s)->m.tap_ctx = ctx;
}

/* No logical partition fills: item collections are not kept. */
/* An item collection's first write refused past 10 GiB (D18): the
   narration's "full" line, in the table's words */
static int ddb_first_full(const struct pk_service *s,
			  const struct pk_outcome *out, char *buf, size_t cap)
{
	(void)out;
	return ddb_lsis_first_full(ddb_of(s), buf, cap);
}

static void ddb_free(struct pk_service *s)
{
	struct ddb *d = ddb_of(s);

	metrics_free(&d->m);
	ddb_gsis_free(d);
	ddb_lsis_free(d);
	ddb_items_free(d);
	ddb_heat_free(d);
	ddb_demand_free(d);
	ddb_ahead_free(d);
	free(d->bill.hours);
	free(d->bill.finding);
	pkey_free(d->key);
	ddb_layout_free(&d->layout);
	ddb_od_free(&d->odr);
	ddb_od_free(&d->odw);
	free(d->parts);
	free(d->samples);
	free(d->part_seconds);
	free(d->kv);
	free(d);
}

static const struct pk_service_ops ddb_ops = {
    .name = "dynamodb",
    .apply = ddb_apply,
    .query = ddb_query,
    .advance = ddb_advance,
    .phase = ddb_phase,
    .end = ddb_end,
    .client = ddb_client,
    .bind = ddb_bind,
    .prefetch = ddb_prefetch,
    .now_s = ddb_now_s,
    .metrics = ddb_metrics,
    .watch = ddb_watch,
    .first_full = ddb_first_full,
    .snapshot = ddb_snapshot,
    .free = ddb_free,
};

/* What this replay does not model yet, refused at its place in the
   scenario: 0, or -1 with the error in diag */
static int refuse_unmodelled(const struct pk_scenario *sc, struct pk_diag *diag)
{
	size_t i;

	if (sc->preload) {
		diag_error(diag, sc->file, sc->preload->line, sc->preload->col,
			   "preload is not replayed on a dynamodb table yet");
		return -1;
	}
	if (sc->items_file && sc->items_file->monitor) {
		diag_error(diag, sc->file, sc->items_file->line,
			   sc->items_file->col,
			   "an Azure Monitor log is Azure Cosmos DB's; it "
			   "cannot be replayed on a dynamodb table");
		return -1;
	}
	for (i = 0; i < sc->n_phases; i++) {
		if (sc->phases[i].n_queries > 0) {
			diag_error(diag, sc->file, sc->phases[i].line,
				   sc->phases[i].col,
				   "phase '%s' has queries; Query and Scan "
				   "are not replayed on a dynamodb table yet",
				   sc->phases[i].name);
			return -1;
		}
	}
	if (sc->items_file && sc->items_file->n_queries > 0) {
		diag_error(diag, sc->file, sc->items_file->line,
			   sc->items_file->col,
			   "queries are not replayed on a dynamodb table yet");
		return -1;
	}
	return 0;
}

/* The reasons the table's mode gives, in the reports' order (D14,
   A-REASON): reads then writes, each KeyRange then Provisioned
   (provisioned) or KeyRange, AccountLimit, MaxOnDemand (on demand) */
static void name_reasons(struct ddb *d)
{
	static const char *const names[2][PK_DDB_VERDICTS] = {
	    {"TableReadKeyRangeThroughputExceeded",
	     "TableReadProvisionedThroughputExceeded",
	     "TableReadAccountLimitExceeded",
	     "TableReadMaxOnDemandThroughputExceeded"},
	    {"TableWriteKeyRangeThroughputExceeded",
	     "TableWriteProvisionedThroughputExceeded",
	     "TableWriteAccountLimitExceeded",
	     "TableWriteMaxOnDemandThroughputExceeded"},
	};
	static const enum pk_ddb_verdict prov[] = {PK_DDB_THROTTLE_KEY_RANGE,
						   PK_DDB_THROTTLE_PROVISIONED};
	static const enum pk_ddb_verdict od[] = {PK_DDB_THROTTLE_KEY_RANGE,
						 PK_DDB_THROTTLE_ACCOUNT,
						 PK_DDB_THROTTLE_MAX_ON_DEMAND};
	const enum pk_ddb_verdict *v = d->on_demand ? od : prov;
	size_t n = d->on_demand ? 3 : 2, w, k;

	memset(d->reason_ix, -1, sizeof(d->reason_ix));
	for (w = 0; w < 2; w++) {
		for (k = 0; k < n; k++) {
			d->reasons[d->n_reasons].name = names[w][v[k] - 1];
			d->reason_ix[w][v[k] - 1] = (int)d->n_reasons++;
		}
	}
}

/* On demand (D12, D13): each side's limit from the table's settings */
static void on_demand_init(struct ddb *d)
{
	const struct pk_ddb_table_spec *t = d->t;

	ddb_od_init(&d->odr, t->warm_rru * 1000, t->quota_units * 1000,
		    t->max_rru * 1000, t->peak_sustain_s, t->peak_lag_s);
	ddb_od_init(&d->odw, t->warm_wru * 1000, t->quota_units * 1000,
		    t->max_wru * 1000, t->peak_sustain_s, t->peak_lag_s);
}

struct pk_service *ddb_service_new(const struct pk_service_spec *spec,
				   struct pk_diag *diag)
{
	const struct pk_scenario *sc = spec->sc;
	struct pk_pkey *key;
	struct pk_keycheck kc;
	struct ddb *d;
	int64_t planned_ms;

	if (refuse_unmodelled(sc, diag) < 0) {
		return NULL;
	}
	key = pkey_new(spec->spec, sc, spec->workload, spec->seed, diag);
	if (!key) {
		return NULL;
	}
	if (keycheck_run(key, spec->spec, sc, &kc, diag) ||
	    (key->kind == PK_KEY_SYNTHETIC && key->has_random &&
	     ddb_find_refuse(sc, spec->spec, pkey_random_values(key), diag))) {
		pkey_free(key);
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->base.ops = &ddb_ops;
	d->sc = sc;
	d->t = scenario_variant_table(sc, spec->spec);
	d->spec = spec->spec;
	d->bill.rcu = d->bill.table_rcu = d->t->rcu;
	d->bill.wcu = d->bill.table_wcu = d->t->wcu;
	d->on_demand = d->t->capacity == PK_DDB_ON_DEMAND;
	d->dec_last_s = INT64_MIN;
	d->dil_t_s = -1;
	d->sc_pending_s = -1;
	d->top_rcu = d->t->rcu;
	d->top_wcu = d->t->wcu;
	d->bill.on_demand = d->on_demand;
	d->w = spec->workload;
	d->key = key;
	d->kv = xmalloc(sizeof(*d->kv));
	metrics_init(&d->m);
	planned_ms = workload_phase_start_ms(spec->workload, sc->n_phases);
	/* bills count wall-clock hours (pricing.md §4 by Cosmos DB's
	   C-BILL rule, docs/money.md): where t = 0 falls in its hour */
	d->m.hour_offset_s = ((sc->clock_start_s % 3600) + 3600) % 3600;
	d->m.keep_seconds = spec->keep_seconds ||
			    planned_ms <= PK_METRICS_DETAIL_MAX_S * 1000LL;
	name_reasons(d);
	if (d->on_demand) {
		on_demand_init(d);
	}
	ddb_parts_init(d);
	if (ddb_gsis_init(d, spec, diag) < 0 ||
	    ddb_lsis_init(d, spec, diag) < 0 ||
	    ddb_items_init(d, spec, diag) < 0) {
		ddb_free(&d->base);
		return NULL;
	}
	if (key->kind == PK_KEY_SYNTHETIC && key->has_random) {
		d->find_n = pkey_random_values(key);
		d->m.totals.key_values = d->find_n;
	}
	d->ahead_s = -1;
	ddb_ahead_init(d, spec);
	return &d->base;
}

int64_t ddb_service_gsi_used(const struct pk_service *s)
{
	return ddb_gsis_used(ddb_of(s));
}
