/*
 * ddb_seconds: the table's seconds as they close (ddb_state.h,
 * ddb_close_seconds): each side's use against its units (D3: never
 * pooled), every partition's sample for the metrics, the banks' refill
 * from what the second left unused and unlent (D9, D10), and the next
 * second's pool when nothing reads it ahead.
 */
#include <string.h>

#include "ddb_state.h"

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
		ddb_side_carry(&p->r);
		ddb_side_carry(&p->w);
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

void ddb_close_seconds(struct ddb *d, int64_t n)
{
	size_t i;

	ddb_bill_hours(d, d->now_s, d->active ? 1 : n);
	note_sides(d, d->active ? 1 : n);
	ddb_gsis_close(d, d->active ? 1 : n);
	if (!d->active) {
		metrics_close_idle(&d->m, d->now_s, n, table_units(d),
				   (uint32_t)d->layout.n);
		if (d->t->heat_split) {
			ddb_hsplit_idle(d);
		}
		refill(d, n);
		d->now_s += n;
		if (d->now_s >= d->heat_due_s) {
			ddb_hsplit_due(d);
		}
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
	if (d->t->heat_split) {
		/* the second's use, before the refill clears it */
		ddb_hsplit_close(d);
	}
	refill(d, 1);
	d->active = 0;
	d->now_s++;
	if (d->now_s >= d->heat_due_s) {
		ddb_hsplit_due(d);
	}
}
