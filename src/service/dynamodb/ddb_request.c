/*
 * ddb_request: one request's units on the items its key holds (D1, D2:
 * ddb_ask_of) and its admission on its partition and the table (D3, D5,
 * D9, D10, D12, D14; ddb_admit.h), its counts, and what an admitted one
 * stores (ddb_state.h).
 */
#include <string.h>

#include "ddb_state.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/status.h"

#define MS_PER_S 1000

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
		/* a create, or an upsert of a key the table does not hold,
		   stores a new item: 201, as Azure Cosmos DB answers an
		   upsert that creates (the run's targets follow it); a
		   replace, or an upsert of a held key: 200 */
		a->status = rq->kind == PK_OP_CREATE ||
				    (rq->kind == PK_OP_UPSERT && !had)
				? PK_HTTP_CREATED
				: PK_HTTP_OK;
		a->too_large = !ddb_units_item_fits(size);
		a->bad |= a->too_large;
		break;
	}
	if (!a->bad) {
		a->part = (long)ddb_part_of_key(d, h, 0);
		a->hash = h;
	}
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

void ddb_adaptive_note(const struct ddb *d, int64_t *since, int64_t *last,
		       int *lifted)
{
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
					   const struct ask *a, int first)
{
	struct pk_ddb_side *side = a->write ? &p->w : &p->r;
	enum pk_ddb_verdict v;

	if (linear_cap_hit(d, p, a) ||
	    side->used_mcu + a->units > side->cap_mcu) {
		return PK_DDB_THROTTLE_KEY_RANGE;
	}
	v = a->write ? ddb_od_admit_pair(&d->odw, &d->odr, a->units, first)
		     : ddb_od_admit_pair(&d->odr, &d->odw, a->units, first);
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

/* Admit a on partition i (D3, D5, D9, D10, D12, D14). Inlined in both
   its callers: a GetItem's or PutItem's admission is on every
   request's path, and a second caller (ddb_admit_reads) would leave
   it a call */
static inline __attribute__((always_inline)) enum pk_ddb_verdict
admit(struct ddb *d, size_t i, const struct ask *a, int first)
{
	struct ddb_part *p = &d->parts[i];
	struct pk_ddb_rules r;
	enum pk_ddb_verdict v;
	int64_t bank;

	if (d->on_demand) {
		v = admit_on_demand(d, p, a, first);
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
		/* its throttling, at its share or its cap: a throttle at
		   the cap gains nothing from a lift, but a child of a split
		   goes on with the episode (ddb_parts.c), under a share
		   where it does */
		if (d->t->adaptive == PK_DDB_ADAPTIVE_DELAYED &&
		    v == PK_DDB_THROTTLE_KEY_RANGE) {
			ddb_adaptive_note(
			    d, a->write ? &p->w_since_s : &p->r_since_s,
			    a->write ? &p->w_last_s : &p->r_last_s,
			    a->write ? &p->w_lifted : &p->r_lifted);
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
   cap, at most the table's quota and its configured maximum (D12): the
   bounds that never grow with traffic, as the instant limit does */
static int64_t most_ever(const struct ddb *d, const struct ddb_part *p,
			 int write)
{
	const struct pk_ddb_side *s = write ? &p->w : &p->r;
	int64_t prov = (write ? &d->tw : &d->tr)->prov_mcu;
	int lends = d->t->adaptive != PK_DDB_ADAPTIVE_OFF;
	int64_t most = lends ? prov : s->share_mcu;

	if (d->on_demand) {
		const struct pk_ddb_od *o = write ? &d->odw : &d->odr;

		most = s->cap_mcu < o->quota_mcu ? s->cap_mcu : o->quota_mcu;
		return o->max_mcu > 0 && o->max_mcu < most ? o->max_mcu : most;
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
		d->bill.never_fit_q += rq->kind == PK_OP_QUERY;
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
	int64_t od_used = d->odw.used_mcu;
	enum pk_ddb_verdict v = admit(d, i, a, rq->retry == 0);
	int64_t before;

	if (v != PK_DDB_ADMITTED || !a->write || d->n_gsis == 0) {
		return v;
	}
	before = ddb_gsis_used(d);
	if (ddb_gsis_write(d, rq, a) < 0) {
		/* the table gives back what it admitted (on demand, its
		   instant limit's units too) */
		p->w = side;
		d->tw = total;
		d->odw.used_mcu = od_used;
		*by_index = 1;
		return PK_DDB_THROTTLE_KEY_RANGE;
	}
	ddb_bill_used(d, 1, ddb_gsis_used(d) - before);
	return v;
}

enum pk_ddb_verdict ddb_admit_many(struct ddb *d, int write,
				   const size_t *parts, const int64_t *units,
				   size_t n, const struct pk_svc_request *rq,
				   size_t *refused)
{
	struct pk_ddb_total *tot = write ? &d->tw : &d->tr;
	struct pk_ddb_od *od = write ? &d->odw : &d->odr;
	struct pk_ddb_total total = *tot;
	int64_t od_used = od->used_mcu, od_asked = od->asked_mcu;
	enum pk_ddb_verdict v = PK_DDB_ADMITTED;
	int first = rq->retry == 0;
	struct ask a;
	size_t k, j;

	memset(&a, 0, sizeof(a));
	a.write = write;
	for (k = 0; k < n; k++) {
		d->q_save[k] =
		    write ? d->parts[parts[k]].w : d->parts[parts[k]].r;
		a.units = units[parts[k]];
		v = admit(d, parts[k], &a, first);
		if (v != PK_DDB_ADMITTED) {
			break;
		}
	}
	if (v == PK_DDB_ADMITTED) {
		return v;
	}
	/* all or nothing: the partitions admitted before the refusal give
	   their units back (the table's total, its bank and what was lent
	   are as before them: a refusal changes none of them) */
	for (j = 0; j < k; j++) {
		*(write ? &d->parts[parts[j]].w : &d->parts[parts[j]].r) =
		    d->q_save[j];
	}
	*tot = total;
	if (d->on_demand) {
		od->used_mcu = od_used;
		od->asked_mcu = od_asked + (first ? units[parts[k]] : 0);
	}
	*refused = k;
	return v;
}

int64_t ddb_retry_after_ms(const struct pk_svc_request *rq)
{
	return MS_PER_S - rq->t_ms % MS_PER_S;
}
