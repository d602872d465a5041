/*
 * report_field_money: the readers of the report's money fields
 * (report_field_int.h): a variant's bill (result/bill.h) as the JSON
 * writer (report_json_money.c) writes it, with the price rows it used in
 * report/money.h's order.
 */
#include "report_field_int.h"

#include <stdint.h>

#include "pksim/load/prices.h"
#include "pksim/load/scenario.h"
#include "pksim/report/money.h"
#include "pksim/result/bill.h"

void field_money_priced(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_bool(o, c->v->bill.priced);
}

void field_money_why(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, money_unpriced_why(c->r->sc, &c->v->bill));
}

void field_money_mode(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, bill_mode_name(c->v->bill.mode));
}

void field_money_date(const struct field_ctx *c, struct pk_field_value *o)
{
	char day[16];

	fv_text(o, prices_day_text(scenario_billing_day(c->r->sc, NULL), day,
				   sizeof(day)));
}

void field_money_from(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, money_date_from(c->r->sc));
}

void field_money_prices_of(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_bill *b = &c->v->bill;
	char day[16];

	fv_text(o, prices_day_text(b->n_earlier > 0
				       ? b->last_day
				       : scenario_billing_day(c->r->sc, NULL),
				   day, sizeof(day)));
}

void field_money_region(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->v->bill.region);
}

void field_money_currency(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->v->bill.throughput.pick.row->currency);
}

void field_money_table(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, scenario_prices_name(c->r->sc));
}

void field_money_table_date(const struct field_ctx *c, struct pk_field_value *o)
{
	char day[16];

	fv_text(o, prices_day_text(c->r->sc->pricing.prices->date_day, day,
				   sizeof(day)));
}

void field_money_hours(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->bill.hours);
}

void field_money_tp(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.throughput.cost);
}

void field_money_storage(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.storage.cost);
}

void field_money_cost(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.cost);
}

void field_money_hourly(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.per_hour);
}

void field_money_month(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.month);
}

static const struct pk_price_pick *money_row(const struct field_ctx *c)
{
	const struct pk_price_pick *p[PK_MONEY_ROWS];

	money_rows_listed(&c->v->bill, p);
	return p[c->idx[0]];
}

void field_money_n(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_price_pick *p[PK_MONEY_ROWS];

	fv_int(o, (int64_t)money_rows_listed(&c->v->bill, p));
}

void field_money_line(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, money_row(c)->row->line);
}

void field_money_meter(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, money_row(c)->row->meter);
}

void field_money_price(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, money_row(c)->price);
}

void field_money_status(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, prices_status_name(money_row(c)->row->status));
}

void field_money_month_720(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.month_720);
}

void field_money_pool(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.pool.cost);
}

void field_money_cu(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.throughput.quantity);
}

void field_money_basis(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, money_month_basis(&c->v->bill));
}

void field_money_reads(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.reads.cost);
}

void field_money_od_cost(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.ondemand_cost);
}

void field_money_od_month(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.ondemand_month);
}

void field_money_od_wru(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.ondemand_writes.quantity);
}

void field_money_od_rru(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.ondemand_reads.quantity);
}

void field_money_even_w(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.breakeven_writes);
}

void field_money_even_r(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.breakeven_reads);
}

void field_money_use_w(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.use_writes);
}

void field_money_use_r(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, c->v->bill.use_reads);
}
