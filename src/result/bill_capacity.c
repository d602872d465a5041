/*
 * bill_capacity: capacity an Azure Cosmos DB container is billed for
 * beyond its own RU/s (bill.h): the fleetspace pool it draws on (rule
 * 40, D-FLEET, preview) and the Fabric capacity units a Cosmos DB in
 * Fabric container consumes (rule 41, D-FABRIC).
 *
 * - Fleet pool: each wall-clock hour the run touched bills the pool at
 *   its peak (rule 40: "billed hourly at its peak"): the most RU/s it
 *   lent in one second of the hour, at least its minimum, rounded up
 *   to 100 RU/s, at the table's fleet_pool rate per 100 RU/s-hour.
 *   ASSUMPTIONS: the whole pool is this container's (as the run models
 *   it: no other tenant draws on it), so its bill is too; the free tier
 *   and a reservation cover the container's own RU/s, not the pool's;
 *   the rate (the shipped row, status assumed) is autoscale's, as the
 *   fleet-pools page calls pool RU/s autoscale RU/s.
 * - Fabric: each hour's billed RU/s (dynamic autoscale, rule 41) in
 *   capacity unit hours, RU/s / 100 x 0.067 (fabric_cu_hours, not
 *   rounded, as the reports' per-hour figures), at the table's
 *   fabric_capacity_unit rate per CU-hour; storage at fabric_storage
 *   per GB-month. ASSUMPTION: a container's CU hours are priced at the
 *   capacity's pay-as-you-go rate (its share of an F SKU bought whole).
 */
#include <string.h>

#include "pksim/base/units.h"
#include "pksim/result/bill.h"
#include "pksim/result/result.h"
#include "result_int.h"

int64_t bill_pool_ru_per_s(const struct pk_result_variant *v, size_t h)
{
	const struct pk_metrics *m = v->metrics;
	int64_t min = v->spec->fleet.min_ru_per_s;
	int64_t mru = h < m->n_hours ? m->hours[h].max_pool_mru : 0;
	int64_t lent = (mru + PK_MRU_PER_RU - 1) / PK_MRU_PER_RU;

	return lent > min ? lent : min;
}

void bill_pool(const struct pk_scenario *sc, const struct pk_result_variant *v,
	       struct pk_bill *b)
{
	size_t h;

	if (!v->spec || v->spec->fleet.max_ru_per_s == 0) {
		return;
	}
	b->pooled = 1;
	for (h = 0; h < (size_t)b->hours; h++) {
		int64_t units = bill_units(bill_pool_ru_per_s(v, h), 0);
		double cost = (double)units *
			      bill_price(sc, b, &b->pool.pick, PK_BILL_OF_POOL,
					 "fleet_pool", (int64_t)h);

		b->pool.quantity += (double)units;
		b->pool.cost += cost;
		if (h < (size_t)b->weeks * PK_BILL_WEEK_HOURS) {
			b->weeks_cost += cost;
		}
	}
}

void bill_fabric(const struct pk_scenario *sc,
		 const struct pk_result_variant *v, struct pk_bill *b)
{
	struct bill_acc cus = {1, 1, 0, 0, 0, 0, 0};
	size_t h;

	for (h = 0; h < (size_t)b->hours; h++) {
		int64_t ru = h < (size_t)v->n_hours && v->billed_ru_per_s
				 ? v->billed_ru_per_s[h]
				 : 0;
		double cu = fabric_cu_hours(ru);
		double price = bill_price(sc, b, &b->throughput.pick,
					  PK_BILL_OF_THROUGHPUT,
					  "fabric_capacity_unit", (int64_t)h);

		bill_acc_add(&cus, cu, price);
		if (h < (size_t)b->weeks * PK_BILL_WEEK_HOURS) {
			b->weeks_cost += cu * price;
		}
		if (ru > b->peak_ru_per_s) {
			b->peak_ru_per_s = ru;
		}
	}
	b->throughput.quantity = bill_acc_quantity(&cus);
	b->throughput.cost = bill_acc_cost(&cus);
}
