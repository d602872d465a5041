/*
 * report_json_money: a variant's bill in the JSON report (docs/money.md;
 * the fields of load/report_fields.def under "money").
 */
#include "report_json_int.h"

#include "pksim/report/money.h"

static json_t *rows(const struct pk_bill *b)
{
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	size_t n = money_rows_listed(b, p), i;
	json_t *a = json_array();

	for (i = 0; i < n; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "line", json_integer(p[i]->row->line));
		json_object_set_new(o, "meter", json_string(p[i]->row->meter));
		json_object_set_new(o, "price", json_real(p[i]->price));
		json_object_set_new(
		    o, "status",
		    json_string(prices_status_name(p[i]->row->status)));
		json_array_append_new(a, o);
	}
	return a;
}

/* DynamoDB's on-demand comparison (bill.h) */
static void ondemand(const struct pk_bill *b, json_t *o)
{
	json_object_set_new(o, "ondemand_cost", json_real(b->ondemand_cost));
	json_object_set_new(o, "ondemand_month_cost",
			    json_real(b->ondemand_month));
	json_object_set_new(o, "ondemand_wru_millions",
			    json_real(b->ondemand_writes.quantity));
	json_object_set_new(o, "ondemand_rru_millions",
			    json_real(b->ondemand_reads.quantity));
	json_object_set_new(o, "breakeven_write_share",
			    json_real(b->breakeven_writes));
	json_object_set_new(o, "breakeven_read_share",
			    json_real(b->breakeven_reads));
	json_object_set_new(o, "write_used_share", json_real(b->use_writes));
	json_object_set_new(o, "read_used_share", json_real(b->use_reads));
}

json_t *report_json_money(const struct pk_result *r,
			  const struct pk_result_variant *v)
{
	const struct pk_scenario *sc = r->sc;
	const struct pk_bill *b = &v->bill;
	json_t *o = json_object();
	char day[16];

	json_object_set_new(o, "priced", json_boolean(b->priced));
	if (!b->priced) {
		json_object_set_new(o, "why",
				    json_string(money_unpriced_why(sc, b)));
		return o;
	}
	json_object_set_new(o, "mode", json_string(bill_mode_name(b->mode)));
	json_object_set_new(
	    o, "billing_date",
	    json_string(prices_day_text(scenario_billing_day(sc, NULL), day,
					sizeof(day))));
	json_object_set_new(o, "billing_date_from",
			    json_string(money_date_from(sc)));
	/* the day whose rows an hour and the month are priced at: the
	   last hour's when a row changed inside the run */
	json_object_set_new(
	    o, "month_prices_of",
	    json_string(b->n_earlier > 0
			    ? prices_day_text(b->last_day, day, sizeof(day))
			    : prices_day_text(scenario_billing_day(sc, NULL),
					      day, sizeof(day))));
	json_object_set_new(o, "region", json_string(b->region));
	json_object_set_new(o, "currency",
			    json_string(b->throughput.pick.row->currency));
	json_object_set_new(o, "table", json_string(scenario_prices_name(sc)));
	json_object_set_new(
	    o, "table_date",
	    json_string(prices_day_text(sc->pricing.prices->date_day, day,
					sizeof(day))));
	json_object_set_new(o, "hours", json_integer(b->hours));
	json_object_set_new(o, "throughput_cost",
			    json_real(b->throughput.cost));
	json_object_set_new(o, "storage_cost", json_real(b->storage.cost));
	json_object_set_new(o, "cost", json_real(b->cost));
	json_object_set_new(o, "cost_per_hour", json_real(b->per_hour));
	json_object_set_new(o, "month_cost", json_real(b->month));
	json_object_set_new(o, "month_basis",
			    json_string(money_month_basis(b)));
	json_object_set_new(o, "month_cost_720h", json_real(b->month_720));
	if (bill_mode_ddb(b->mode)) {
		json_object_set_new(o, "reads_cost", json_real(b->reads.cost));
	}
	if (b->pooled) {
		json_object_set_new(o, "pool_cost", json_real(b->pool.cost));
	}
	if (b->mode == PK_BILL_FABRIC) {
		json_object_set_new(o, "cu_hours",
				    json_real(b->throughput.quantity));
	}
	if (b->ondemand) {
		ondemand(b, o);
	}
	json_object_set_new(o, "rows", rows(b));
	return o;
}
