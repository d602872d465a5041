/*
 * ddb_bill: what a DynamoDB table's bill reads, kept while it runs
 * (pk_snapshot_ddb): the items stored in each clock hour, for storage's
 * 100 bytes an item (dynamodb-mechanics.md §1, pricing.md §4), and the
 * global secondary indexes' bytes and entries (all GSI data, §4), the
 * units the operations asked, for what the same requests cost on
 * demand, and the units consumed, which an on-demand table bills;
 * on demand, the table's own demand by second of the phases, which a
 * month without retries serves under its settled instant limit;
 * with auto scaling, the table's own demand by minute, and each
 * following global secondary index's, which a month replays auto
 * scaling on (result/bill_autoscale.c).
 */
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"

/* Book into hour x the units b counted since booked, the last time */
static void book(const struct pk_snapshot_ddb *b, struct pk_ddb_hour *booked,
		 struct pk_ddb_hour *x)
{
	x->read_demand_mcu += b->read_demand_mcu - booked->read_demand_mcu;
	x->write_demand_mcu += b->write_demand_mcu - booked->write_demand_mcu;
	x->read_used_mcu += b->read_used_mcu - booked->read_used_mcu;
	x->write_used_mcu += b->write_used_mcu - booked->write_used_mcu;
	booked->read_demand_mcu = b->read_demand_mcu;
	booked->write_demand_mcu = b->write_demand_mcu;
	booked->read_used_mcu = b->read_used_mcu;
	booked->write_used_mcu = b->write_used_mcu;
}

/* From second t_s on the table holds r and w: a step when they
   changed (or the first) */
static void step(struct pk_snapshot_ddb *b, int64_t t_s, int64_t r, int64_t w)
{
	const struct pk_ddb_step *l =
	    b->n_steps > 0 ? &b->steps[b->n_steps - 1] : NULL;

	if (l != NULL && l->rcu == r && l->wcu == w) {
		return;
	}
	mem_grow((void **)&b->steps, &b->cap_steps, b->n_steps + 1,
		 sizeof(*b->steps));
	b->steps[b->n_steps++] = (struct pk_ddb_step){t_s, r, w};
}

/* Book into minute k of index gi's minutes its demand counted since
   the last time */
static void book_index_minute(struct ddb_gsi *gi, size_t k)
{
	struct pk_ddb_index *x = gi->info;

	if (gi->own_demand_mcu == gi->own_booked_mcu) {
		return;
	}
	if (k >= x->n_minute_demand) {
		size_t n = x->n_minute_demand;

		mem_grow((void **)&x->minute_demand_mcu, &x->cap_minute_demand,
			 k + 1, sizeof(*x->minute_demand_mcu));
		memset(x->minute_demand_mcu + n, 0,
		       (k + 1 - n) * sizeof(*x->minute_demand_mcu));
		x->n_minute_demand = k + 1;
	}
	x->minute_demand_mcu[k] += gi->own_demand_mcu - gi->own_booked_mcu;
	gi->own_booked_mcu = gi->own_demand_mcu;
}

/* Book into the minute of second t_s the table's own demand counted
   since the last time (auto scaling's minutes, D19: CloudWatch's
   1-minute points), and each following index's */
static void book_minute(struct ddb *d, int64_t t_s)
{
	struct pk_snapshot_ddb *b = &d->bill;
	size_t k = (size_t)(t_s / 60), g;
	int i;

	for (g = 0; g < d->n_gsis; g++) {
		if (d->gsis[g].scaled) {
			book_index_minute(&d->gsis[g], k);
		}
	}
	if (d->own_demand_mcu[0] == d->own_booked_mcu[0] &&
	    d->own_demand_mcu[1] == d->own_booked_mcu[1]) {
		return;
	}
	if (k >= b->n_minute_demand) {
		size_t n = b->n_minute_demand;

		mem_grow((void **)&b->minute_demand_mcu, &b->cap_minute_demand,
			 2 * (k + 1), sizeof(*b->minute_demand_mcu));
		memset(b->minute_demand_mcu + 2 * n, 0,
		       2 * (k + 1 - n) * sizeof(*b->minute_demand_mcu));
		b->n_minute_demand = k + 1;
	}
	for (i = 0; i < 2; i++) {
		b->minute_demand_mcu[2 * k + (size_t)i] +=
		    d->own_demand_mcu[i] - d->own_booked_mcu[i];
		d->own_booked_mcu[i] = d->own_demand_mcu[i];
	}
}

void ddb_bill_hours(struct ddb *d, int64_t t_s, int64_t n_s)
{
	struct pk_snapshot_ddb *b = &d->bill;
	size_t h, last;

	if (t_s < 0 || n_s <= 0) {
		return;
	}
	if (d->t->scale.on) {
		book_minute(d, t_s);
	}
	if (!d->on_demand) {
		step(b, t_s, d->rcu + (b->rcu - b->table_rcu),
		     d->wcu + (b->wcu - b->table_wcu) + d->gsi_wcu_moved);
	}
	last = (size_t)metrics_hour_of(&d->m, t_s + n_s - 1);
	mem_grow((void **)&b->hours, &b->cap_hours, last + 1,
		 sizeof(*b->hours));
	while (b->n_hours <= last) {
		b->hours[b->n_hours++] = (struct pk_ddb_hour){0};
	}
	h = (size_t)metrics_hour_of(&d->m, t_s);
	book(b, &d->booked, &b->hours[h]);
	for (; h <= last; h++) {
		/* the units held in these seconds: the table's now and
		   its indexes' now (auto scaling moves their write units);
		   each hour bills its most */
		int64_t r = d->rcu + (b->rcu - b->table_rcu);
		int64_t w = d->wcu + (b->wcu - b->table_wcu) + d->gsi_wcu_moved;

		if (!d->on_demand && r > b->hours[h].rcu) {
			b->hours[h].rcu = r;
		}
		if (!d->on_demand && w > b->hours[h].wcu) {
			b->hours[h].wcu = w;
		}
		if (b->items > b->hours[h].items) {
			b->hours[h].items = b->items;
		}
		if (b->index_bytes > b->hours[h].index_bytes) {
			b->hours[h].index_bytes = b->index_bytes;
		}
		if (b->index_entries > b->hours[h].index_entries) {
			b->hours[h].index_entries = b->index_entries;
		}
	}
}

/* Count units_mcu of side (write) as phase's demand */
static void count_demand(struct ddb *d, uint32_t phase, int write,
			 int64_t units_mcu)
{
	if (write) {
		d->bill.write_demand_mcu += units_mcu;
	} else {
		d->bill.read_demand_mcu += units_mcu;
	}
	if (d->bill.phase_demand_mcu && phase < d->bill.n_phase_demand) {
		/* each stream's share: a month sums their rates */
		d->bill.phase_demand_mcu[2 * (size_t)phase + (write != 0)] +=
		    units_mcu;
	}
}

void ddb_bill_demand(struct ddb *d, uint32_t phase, int write,
		     int64_t units_mcu)
{
	struct pk_snapshot_ddb *b = &d->bill;

	if (b->second_demand_mcu &&
	    (uint64_t)d->now_s < (uint64_t)b->n_second_demand) {
		/* on demand, the second's own demand (bill_instant.c) */
		b->second_demand_mcu[2 * (size_t)d->now_s + (write != 0)] +=
		    units_mcu;
	}
	d->own_demand_mcu[write != 0] += units_mcu;
	count_demand(d, phase, write, units_mcu);
}

void ddb_bill_index_demand(struct ddb *d, uint32_t phase, int64_t units_mcu)
{
	count_demand(d, phase, 1, units_mcu);
}

void ddb_bill_index_units(struct ddb *d, size_t index, int64_t units_mcu)
{
	if (index < d->n_gsis && d->gsis[index].scaled) {
		d->gsis[index].own_demand_mcu += units_mcu;
	}
}

void ddb_bill_used(struct ddb *d, int write, int64_t units_mcu)
{
	if (d->now_s < d->phases_end_s) {
		d->bill.phases_used_mcu[write != 0] += units_mcu;
	}
	if (write) {
		d->bill.write_used_mcu += units_mcu;
	} else {
		d->bill.read_used_mcu += units_mcu;
	}
}
