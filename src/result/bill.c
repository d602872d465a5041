/*
 * bill: a variant's run priced from the scenario's price table
 * (bill.h): the hourly billed RU/s or the RU consumed, the hourly
 * storage, free tier and a reservation, into lines of meter, quantity
 * and cost.
 */
#include "pksim/result/bill.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/result/result.h"
#include "result_int.h"

int64_t bill_units(int64_t ru_per_s, int64_t free_ru_per_s)
{
	int64_t r = ru_per_s - free_ru_per_s;

	return r > 0 ? (r + 99) / 100 : 0;
}

double bill_hour_cost(int64_t units, double price, int64_t reserved_ru_per_s,
		      double std_price, double discount)
{
	double cost = (double)units * price;
	double cover = (double)reserved_ru_per_s / 100.0 * std_price;

	if (reserved_ru_per_s <= 0) {
		return cost;
	}
	return cost - (cost < cover ? cost : cover) + cover * (1.0 - discount);
}

double bill_gb_months(const double *gb, size_t hours, double free_gb,
		      double month_hours)
{
	double sum = 0;
	size_t h;

	for (h = 0; h < hours; h++) {
		if (gb[h] > free_gb) {
			sum += gb[h] - free_gb;
		}
	}
	return sum / month_hours;
}

int bill_mode_ddb(enum pk_bill_mode m)
{
	return m == PK_BILL_DDB_PROVISIONED || m == PK_BILL_DDB_ON_DEMAND;
}

const char *bill_mode_name(enum pk_bill_mode m)
{
	static const char *const names[] = {"manual",	  "autoscale",
					    "serverless", "provisioned",
					    "on-demand",  "fabric"};

	return names[m];
}

/* The RU/s wall-clock hour h bills before the free tier: manual, the
   highest provisioned in it; autoscale, rule 27's bill of it. */
static int64_t hour_ru_per_s(const struct pk_result_variant *v, size_t h)
{
	const struct pk_metrics *m = v->metrics;

	if (v->billed_ru_per_s) {
		return h < (size_t)v->n_hours ? v->billed_ru_per_s[h] : 0;
	}
	return h < m->n_hours ? m->hours[h].max_ru_per_s : v->ru_per_s;
}

/* Hours billed: the wall-clock hours the run touched (C-BILL), those of
   autoscale's series too (v->n_hours). */
int64_t bill_hours_billed(const struct pk_result_variant *v)
{
	return metrics_hours_touched(v->metrics, v->end_s);
}

void bill_note_pick(struct pk_bill *b, const struct pk_price_pick *p)
{
	b->third_party |= p->row->status == PK_PRICE_THIRD_PARTY;
	b->assumed |= p->row->status == PK_PRICE_ASSUMED;
	b->overridden |= p->overridden;
}

/* Manual and autoscale: each hour's units at the mode's rate, less the
   free tier, with a reservation drawn down hour by hour. */
static void throughput(const struct pk_scenario *sc,
		       const struct pk_result_variant *v, struct pk_bill *b)
{
	const struct pk_pricing_spec *p = &sc->pricing;
	int64_t free_ru = p->free_tier ? PK_BILL_FREE_RU_PER_S : 0;
	double price = b->throughput.pick.price, std = 0, fee = 0;
	size_t h;

	if (p->reserved_ru_per_s > 0) {
		scenario_price(sc, "provisioned_single_write",
			       &b->reservation.pick);
		bill_note_pick(b, &b->reservation.pick);
		std = b->reservation.pick.price;
		b->reserved = 1;
	}
	for (h = 0; h < (size_t)b->hours; h++) {
		int64_t ru = hour_ru_per_s(v, h);
		int64_t units = bill_units(ru, free_ru);
		double full = (double)units * price;
		double paid = bill_hour_cost(units, price, p->reserved_ru_per_s,
					     std, p->reserved_discount);

		b->throughput.quantity += (double)units;
		b->throughput.cost += full;
		if (h < (size_t)b->weeks * PK_BILL_WEEK_HOURS) {
			b->weeks_cost += paid;
		}
		b->free_tier_off += (double)(bill_units(ru, 0) - units) * price;
		if (ru - free_ru > b->peak_ru_per_s) {
			b->peak_ru_per_s = ru - free_ru;
		}
		fee += paid - full;
	}
	if (b->reserved) {
		b->reservation.quantity =
		    (double)p->reserved_ru_per_s / 100.0 * (double)b->hours;
		b->reservation.cost = fee;
	}
}

/* Storage: each hour's highest GB, less the free tier, over the
   month. */
static void storage(const struct pk_scenario *sc,
		    const struct pk_result_variant *v, struct pk_bill *b)
{
	const struct pk_metrics *m = v->metrics;
	double free_gb = sc->pricing.free_tier ? PK_BILL_FREE_GB : 0;
	double *gb = xcalloc((size_t)b->hours + 1, sizeof(*gb));
	double all;
	size_t h;

	for (h = 0; h < (size_t)b->hours; h++) {
		uint64_t bytes = h < m->n_hours ? m->hours[h].max_storage_bytes
						: m->storage_bytes;

		gb[h] = (double)bytes / (double)PK_GIB;
	}
	b->storage.quantity =
	    bill_gb_months(gb, (size_t)b->hours, free_gb, PK_BILL_MONTH_HOURS);
	b->weeks_cost +=
	    bill_gb_months(gb, (size_t)b->weeks * PK_BILL_WEEK_HOURS, free_gb,
			   PK_BILL_MONTH_HOURS) *
	    b->storage.pick.price;
	b->storage.cost = b->storage.quantity * b->storage.pick.price;
	all = bill_gb_months(gb, (size_t)b->hours, 0, PK_BILL_MONTH_HOURS);
	b->free_tier_off += (all - b->storage.quantity) * b->storage.pick.price;
	free(gb);
}

int bill_weekly(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		if (sc->phases[i].schedule &&
		    sc->phases[i].schedule->has_weekly) {
			return 1;
		}
	}
	return 0;
}

/* The month: with a weekly schedule and a whole week billed, the run's
   whole weeks' bill per week x 30/7; else what the clock hours bill
   per hour x 720 and what consumption bills per second x 2,592,000. */
void bill_month(const struct pk_scenario *sc, struct pk_bill *b)
{
	b->month_720 = b->hours > 0 ? (b->cost - b->consumed_cost) /
					  (double)b->hours * PK_BILL_MONTH_HOURS
				    : 0;
	if (b->seconds > 0) {
		b->month_720 += b->consumed_cost / (double)b->seconds *
				PK_BILL_MONTH_SECONDS;
	}
	b->month = b->month_720;
	b->weekly = bill_weekly(sc);
	if (b->weekly && b->weeks > 0) {
		b->month_from_week = 1;
		b->month = b->weeks_cost / (double)b->weeks *
			   PK_BILL_MONTH_HOURS / PK_BILL_WEEK_HOURS;
	}
}

void bill_build(const struct pk_scenario *sc, const struct pk_result_variant *v,
		struct pk_bill *out)
{
	const char *meter;

	memset(out, 0, sizeof(*out));
	if (sc->pricing.prices && v->ddb) {
		bill_ddb_build(sc, v, out);
		return;
	}
	if (!sc->pricing.prices || !v->cosmos || !v->spec) {
		return;
	}
	out->mode = v->spec->fabric ? PK_BILL_FABRIC
		    : v->serverless ? PK_BILL_SERVERLESS
		    : v->autoscale  ? PK_BILL_AUTOSCALE
				    : PK_BILL_MANUAL;
	out->dynamic = v->autoscale && v->autoscale_dynamic;
	meter = out->mode == PK_BILL_FABRIC	  ? "fabric_capacity_unit"
		: out->mode == PK_BILL_SERVERLESS ? "serverless"
		: out->mode == PK_BILL_AUTOSCALE  ? "autoscale_single_write"
						  : "provisioned_single_write";
	if (scenario_price(sc, meter, &out->throughput.pick) ||
	    scenario_price(sc,
			   out->mode == PK_BILL_FABRIC
			       ? "fabric_storage"
			       : "storage_transactional",
			   &out->storage.pick)) {
		return; /* scenario_pricing_resolve refused this before */
	}
	bill_note_pick(out, &out->throughput.pick);
	bill_note_pick(out, &out->storage.pick);
	out->hours = bill_hours_billed(v);
	out->seconds = v->end_s;
	/* whole weeks: serverless's RU is a total over the run, so only a
	   run of whole weeks has its weeks' RU */
	out->weeks = out->hours / PK_BILL_WEEK_HOURS;
	if (out->mode == PK_BILL_SERVERLESS &&
	    out->hours != out->weeks * PK_BILL_WEEK_HOURS) {
		out->weeks = 0;
	}
	if (out->mode == PK_BILL_SERVERLESS) {
		out->throughput.quantity =
		    (double)v->metrics->totals.ru_mru / 1000.0 / 1e6;
		out->throughput.cost =
		    out->throughput.quantity * out->throughput.pick.price;
		out->weeks_cost = out->weeks > 0 ? out->throughput.cost : 0;
		out->consumed_cost = out->throughput.cost;
	} else if (out->mode == PK_BILL_FABRIC) {
		bill_fabric(v, out);
	} else {
		throughput(sc, v, out);
	}
	storage(sc, v, out);
	bill_pool(sc, v, out);
	/* the lines are after the free tier; free_tier_off only says
	   how much it took */
	out->cost = out->throughput.cost + out->storage.cost +
		    out->reservation.cost + out->pool.cost;
	out->per_hour = out->hours > 0 ? out->cost / (double)out->hours : 0;
	bill_month(sc, out);
	out->priced = 1;
}
