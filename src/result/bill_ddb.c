/*
 * bill_ddb: an Amazon DynamoDB table's run priced (bill.h): provisioned
 * WCU and RCU per clock hour and what the same requests would cost on
 * demand, or an on-demand table's request units consumed; storage with
 * 100 bytes an item.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/result/bill.h"
#include "pksim/service/snapshot.h"
#include "result_int.h"

/* Milli-units in a unit */
#define MCU 1000.0

/* Each hour's WCU and RCU, less the free tier, at their rates */
static void capacity(const struct pk_scenario *sc,
		     const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	int64_t free_u = sc->pricing.free_tier ? PK_BILL_DDB_FREE_UNITS : 0;
	int64_t w = x->wcu > free_u ? x->wcu - free_u : 0;
	int64_t r = x->rcu > free_u ? x->rcu - free_u : 0;
	double hours = (double)b->hours;
	double weeks_h = (double)(b->weeks * PK_BILL_WEEK_HOURS);

	b->throughput.quantity = (double)w * hours;
	b->throughput.cost = b->throughput.quantity * b->throughput.pick.price;
	b->reads.quantity = (double)r * hours;
	b->reads.cost = b->reads.quantity * b->reads.pick.price;
	b->weeks_cost = ((double)w * b->throughput.pick.price +
			 (double)r * b->reads.pick.price) *
			weeks_h;
	b->free_tier_off =
	    (double)(x->wcu - w) * hours * b->throughput.pick.price +
	    (double)(x->rcu - r) * hours * b->reads.pick.price;
	b->peak_ru_per_s = w + r;
}

/* Storage: each hour's data plus 100 B an item, less the free GB, over
   the month */
static void storage(const struct pk_result_variant *v,
		    const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	const struct pk_metrics *m = v->metrics;
	double *gb = xcalloc((size_t)b->hours + 1, sizeof(*gb));
	double free_gb = b->storage_free.price;
	size_t h;

	for (h = 0; h < (size_t)b->hours; h++) {
		uint64_t bytes = h < m->n_hours ? m->hours[h].max_storage_bytes
						: m->storage_bytes;
		uint64_t items = h < x->n_hours ? x->hour_items[h] : x->items;

		gb[h] =
		    ((double)bytes + (double)items * PK_BILL_DDB_ITEM_BYTES) /
		    (double)PK_GIB;
	}
	b->storage.quantity =
	    bill_gb_months(gb, (size_t)b->hours, free_gb, PK_BILL_MONTH_HOURS);
	b->storage.cost = b->storage.quantity * b->storage.pick.price;
	b->weeks_cost +=
	    bill_gb_months(gb, (size_t)b->weeks * PK_BILL_WEEK_HOURS, free_gb,
			   PK_BILL_MONTH_HOURS) *
	    b->storage.pick.price;
	free(gb);
}

/* The same requests on demand, and where provisioned breaks even */
static void ondemand(const struct pk_scenario *sc,
		     const struct pk_result_variant *v,
		     const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	double seconds = (double)v->end_s;

	if (scenario_price(sc, "ondemand_wru_standard",
			   &b->ondemand_writes.pick) ||
	    scenario_price(sc, "ondemand_rru_standard",
			   &b->ondemand_reads.pick)) {
		return;
	}
	b->ondemand = 1;
	bill_note_pick(b, &b->ondemand_writes.pick);
	bill_note_pick(b, &b->ondemand_reads.pick);
	b->ondemand_writes.quantity = (double)x->write_demand_mcu / MCU / 1e6;
	b->ondemand_reads.quantity = (double)x->read_demand_mcu / MCU / 1e6;
	b->ondemand_writes.cost =
	    b->ondemand_writes.quantity * b->ondemand_writes.pick.price;
	b->ondemand_reads.cost =
	    b->ondemand_reads.quantity * b->ondemand_reads.pick.price;
	b->ondemand_cost = b->ondemand_writes.cost + b->ondemand_reads.cost;
	b->ondemand_month =
	    seconds > 0 ? b->ondemand_cost / seconds * PK_BILL_MONTH_SECONDS
			: 0;
	if (b->ondemand_writes.pick.price > 0) {
		b->breakeven_writes =
		    b->throughput.pick.price /
		    (3600.0 * b->ondemand_writes.pick.price / 1e6);
	}
	if (b->ondemand_reads.pick.price > 0) {
		b->breakeven_reads =
		    b->reads.pick.price /
		    (3600.0 * b->ondemand_reads.pick.price / 1e6);
	}
	if (seconds > 0 && x->wcu > 0) {
		b->use_writes = (double)x->write_demand_mcu / MCU /
				((double)x->wcu * seconds);
	}
	if (seconds > 0 && x->rcu > 0) {
		b->use_reads = (double)x->read_demand_mcu / MCU /
			       ((double)x->rcu * seconds);
	}
}

/* On demand (pricing.md §4): the write and read request units
   consumed (admitted attempts, retries too; a throttled one consumes
   none), in millions, at their rates. No free tier: DynamoDB's 25 WCU
   and 25 RCU are provisioned capacity. A run of whole weeks has its
   weeks' units (they are a total over the run, as serverless RU). */
static void consumed(const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	b->throughput.quantity = (double)x->write_used_mcu / MCU / 1e6;
	b->throughput.cost = b->throughput.quantity * b->throughput.pick.price;
	b->reads.quantity = (double)x->read_used_mcu / MCU / 1e6;
	b->reads.cost = b->reads.quantity * b->reads.pick.price;
	b->consumed_cost = b->throughput.cost + b->reads.cost;
	if (b->hours != b->weeks * PK_BILL_WEEK_HOURS) {
		b->weeks = 0;
	}
	b->weeks_cost = b->weeks > 0 ? b->consumed_cost : 0;
}

void bill_ddb_build(const struct pk_scenario *sc,
		    const struct pk_result_variant *v, struct pk_bill *out)
{
	const struct pk_snapshot_ddb *x = v->ddb;
	int od = x->on_demand;

	if (scenario_price(
		sc, od ? "ondemand_wru_standard" : "provisioned_wcu_standard",
		&out->throughput.pick) ||
	    scenario_price(
		sc, od ? "ondemand_rru_standard" : "provisioned_rcu_standard",
		&out->reads.pick) ||
	    scenario_price(sc, "storage_standard", &out->storage.pick)) {
		return; /* scenario_pricing_resolve refused this before */
	}
	scenario_price(sc, "storage_free", &out->storage_free);
	out->mode = od ? PK_BILL_DDB_ON_DEMAND : PK_BILL_DDB_PROVISIONED;
	bill_note_pick(out, &out->throughput.pick);
	bill_note_pick(out, &out->reads.pick);
	bill_note_pick(out, &out->storage.pick);
	if (out->storage_free.row) {
		bill_note_pick(out, &out->storage_free);
	}
	out->hours = bill_hours_billed(v);
	out->seconds = v->end_s;
	out->weeks = out->hours / PK_BILL_WEEK_HOURS;
	if (od) {
		consumed(x, out);
	} else {
		capacity(sc, x, out);
	}
	storage(v, x, out);
	if (!od) {
		ondemand(sc, v, x, out);
	}
	out->cost = out->throughput.cost + out->reads.cost + out->storage.cost;
	out->per_hour = out->hours > 0 ? out->cost / (double)out->hours : 0;
	bill_month(sc, out);
	out->priced = 1;
}
