/*
 * bill: a variant's run priced from the scenario's price table
 * (bill.h): the hourly billed RU/s or the RU consumed, the hourly
 * storage, free tier and a reservation, into lines of meter, quantity
 * and cost.
 */
#include "pksim/result/bill.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/isotime.h"
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

/* a / b rounded toward minus infinity, b > 0 */
static int64_t floor_div(int64_t a, int64_t b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

int64_t bill_hour_day(const struct pk_scenario *sc, const struct pk_bill *b,
		      int64_t h)
{
	enum pk_billing_day_from f;
	int64_t day = scenario_billing_day(sc, &f);

	if (f != PK_BILLING_CLOCK) {
		return day;
	}
	if (b->at_last_day) {
		return b->last_day;
	}
	return floor_div(floor_div(sc->clock_start_s, 3600) * 3600 + h * 3600,
			 86400);
}

double bill_month_hours(const struct pk_scenario *sc, int64_t h)
{
	if (!sc->pricing.clock_given) {
		return PK_BILL_MONTH_HOURS;
	}
	return 24.0 * isotime_month_days(floor_div(
			  floor_div(sc->clock_start_s, 3600) * 3600 + h * 3600,
			  86400));
}

/* Keep row p, which line of kind of held before this hour's, in
   b->earlier (once) */
static void note_earlier(struct pk_bill *b, const struct pk_price_pick *p,
			 enum pk_bill_row_of of)
{
	size_t i;

	for (i = 0; i < b->n_earlier; i++) {
		if (b->earlier[i].pick.row == p->row) {
			return;
		}
	}
	if (b->n_earlier < PK_BILL_EARLIER) {
		b->earlier[b->n_earlier++] = (struct pk_bill_earlier){*p, of};
	}
}

void bill_acc_add(struct bill_acc *a, double raw, double price)
{
	if (a->any && price != a->price) {
		a->cost += a->run_raw / a->div1 / a->div2 * a->price;
		a->run_raw = 0;
	}
	a->any = 1;
	a->price = price;
	a->run_raw += raw;
	a->raw += raw;
}

double bill_acc_quantity(const struct bill_acc *a)
{
	return a->raw / a->div1 / a->div2;
}

double bill_acc_cost(const struct bill_acc *a)
{
	return a->cost + a->run_raw / a->div1 / a->div2 * a->price;
}

double bill_price(const struct pk_scenario *sc, struct pk_bill *b,
		  struct pk_price_pick *line, enum pk_bill_row_of of,
		  const char *meter, int64_t h)
{
	struct pk_price_pick p;
	int64_t day = bill_hour_day(sc, b, h);
	char dt[16];

	if (scenario_price_on(sc, b->provider, meter, day, &p)) {
		if (!b->why[0]) {
			snprintf(b->why, sizeof(b->why),
				 "clock hour %lld of the run is on %s, when "
				 "%s has no %s row for %s",
				 (long long)h,
				 prices_day_text(day, dt, sizeof(dt)),
				 scenario_prices_name(sc), meter, b->region);
		}
		return 0;
	}
	if (line->row && line->row != p.row && !b->at_last_day) {
		note_earlier(b, line, of);
	}
	bill_note_pick(b, &p);
	*line = p;
	return p.price;
}

/* Manual and autoscale: each hour's units at the mode's rate of its
   day, less the free tier, with a reservation drawn down hour by
   hour. */
static void throughput(const struct pk_scenario *sc,
		       const struct pk_result_variant *v, const char *meter,
		       struct pk_bill *b)
{
	const struct pk_pricing_spec *p = &sc->pricing;
	int64_t free_ru = p->free_tier ? PK_BILL_FREE_RU_PER_S : 0;
	double std = 0, fee = 0;
	size_t h;

	b->reserved = p->reserved_ru_per_s > 0;
	for (h = 0; h < (size_t)b->hours; h++) {
		int64_t ru = hour_ru_per_s(v, h);
		int64_t units = bill_units(ru, free_ru);
		double price =
		    bill_price(sc, b, &b->throughput.pick,
			       PK_BILL_OF_THROUGHPUT, meter, (int64_t)h);
		double full = (double)units * price, paid;

		if (b->reserved) {
			/* reserved capacity is bought at the standard rate */
			std = bill_price(
			    sc, b, &b->reservation.pick, PK_BILL_OF_RESERVATION,
			    "provisioned_single_write", (int64_t)h);
		}
		paid = bill_hour_cost(units, price, p->reserved_ru_per_s, std,
				      p->reserved_discount);
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

/* The highest RU/s of v's minutes holding seconds [from, to) of its
   run, 0 <= from < to <= the run's seconds */
static int64_t minutes_in(const struct pk_result_variant *v, int64_t from,
			  int64_t to)
{
	int64_t most = 0, k, last = (to - 1) / 60;

	for (k = from / 60; k <= last && k < (int64_t)v->n_minute_ru; k++) {
		if (v->minute_ru_per_s[k] > most) {
			most = v->minute_ru_per_s[k];
		}
	}
	return most;
}

/* The highest RU/s of v's minutes over seconds [a, b) of its run
   repeated back to back every d_s seconds (0 < b - a; a may be
   negative): a minute partly in them counts whole */
static int64_t minutes_most(const struct pk_result_variant *v, int64_t a,
			    int64_t b, int64_t d_s)
{
	int64_t from = ((a % d_s) + d_s) % d_s, to = from + (b - a), most;

	if (b - a >= d_s) {
		return minutes_in(v, 0, d_s);
	}
	if (to <= d_s) {
		return minutes_in(v, from, to);
	}
	most = minutes_in(v, from, d_s);
	to = minutes_in(v, 0, to - d_s);
	return to > most ? to : most;
}

/* Manual and autoscale, a run shorter than 720 clock hours: its month's
   throughput is the run repeated back to back from its start for 720
   clock hours (the part of its first clock hour before the start as
   its end's), each clock hour billing the highest RU/s of the minutes
   in it (C-BILL: the hour's highest; rule 17: autoscale's T), as
   bill_ddb.c repeats a table's units, at the last hour's rates, less
   the free tier, with the reservation. A run's first and last clock
   hours hold only part of the workload's hour: their average with
   whole hours made a steady workload's month depend on the minute it
   started. Dynamic autoscale (rule 27) bills each partition's peak,
   which the minutes do not keep: ASSUMPTION, its hour is the classic
   hour's RU/s at the run's ratio of dynamic to classic bills. */
static void throughput_repeated(const struct pk_scenario *sc,
				const struct pk_result_variant *v,
				const char *meter, struct pk_bill *b)
{
	const struct pk_pricing_spec *p = &sc->pricing;
	int64_t free_ru = p->free_tier ? PK_BILL_FREE_RU_PER_S : 0;
	int64_t off = v->metrics ? v->metrics->hour_offset_s : 0;
	int64_t d_s = v->end_s, h;
	double price, std = 0, ratio = 1, cost = 0, avg;

	if (b->hours < 1 || b->hours >= PK_BILL_MONTH_HOURS || d_s <= 0 ||
	    (int64_t)v->n_minute_ru * 60 < d_s || b->why[0]) {
		return;
	}
	if (v->autoscale_dynamic && v->billed_classic && v->billed_dynamic) {
		double c = 0, dy = 0;

		for (h = 0; h < v->n_hours; h++) {
			c += (double)v->billed_classic[h];
			dy += (double)v->billed_dynamic[h];
		}
		ratio = c > 0 ? dy / c : 1;
	}
	price = bill_price(sc, b, &b->throughput.pick, PK_BILL_OF_THROUGHPUT,
			   meter, b->hours - 1);
	if (p->reserved_ru_per_s > 0) {
		std = bill_price(sc, b, &b->reservation.pick,
				 PK_BILL_OF_RESERVATION,
				 "provisioned_single_write", b->hours - 1);
	}
	for (h = 0; h < PK_BILL_MONTH_HOURS; h++) {
		int64_t a = h * PK_METRICS_S_PER_HOUR - off;
		int64_t ru = minutes_most(v, a, a + PK_METRICS_S_PER_HOUR, d_s);

		ru = (int64_t)llround((double)ru * ratio);
		cost += bill_hour_cost(bill_units(ru, free_ru), price,
				       p->reserved_ru_per_s, std,
				       p->reserved_discount);
	}
	avg = (b->throughput.cost + b->reservation.cost) / (double)b->hours *
	      PK_BILL_MONTH_HOURS;
	if (fabs(cost - avg) <= 1e-9 * (fabs(cost) + fabs(avg))) {
		/* the run's hours bill what its repetition does: the month
		   stays their average, the same figure summed as before */
		return;
	}
	b->repeated = 1;
	b->repeated_cost = cost;
}

/* Storage: each hour's highest GB, less the free tier, over the hours
   of its calendar month (bill_month_hours), at its day's rate; the
   month's projection and a week's take every hour as 1/720 of a
   month. */
static void storage(const struct pk_scenario *sc,
		    const struct pk_result_variant *v, const char *meter,
		    struct pk_bill *b)
{
	const struct pk_metrics *m = v->metrics;
	double free_gb = sc->pricing.free_tier ? PK_BILL_FREE_GB : 0;
	struct bill_acc billed = {1, 1, 0, 0, 0, 0, 0}, all = billed;
	struct bill_acc at720 = {PK_BILL_MONTH_HOURS, 1, 0, 0, 0, 0, 0};
	struct bill_acc weeks = at720;
	size_t h;

	for (h = 0; h < (size_t)b->hours; h++) {
		uint64_t bytes = h < m->n_hours ? m->hours[h].max_storage_bytes
						: m->storage_bytes;
		double gb = (double)bytes / (double)PK_GIB;
		double over = gb > free_gb ? gb - free_gb : 0;
		double mh = bill_month_hours(sc, (int64_t)h);
		double price =
		    bill_price(sc, b, &b->storage.pick, PK_BILL_OF_STORAGE,
			       meter, (int64_t)h);

		bill_acc_add(&billed, over / mh, price);
		bill_acc_add(&all, gb / mh, price);
		bill_acc_add(&at720, over, price);
		if (h < (size_t)b->weeks * PK_BILL_WEEK_HOURS) {
			bill_acc_add(&weeks, over, price);
		}
	}
	b->storage.quantity = bill_acc_quantity(&billed);
	b->storage.cost = bill_acc_cost(&billed);
	b->storage_cost_720 = bill_acc_cost(&at720);
	b->weeks_cost += bill_acc_cost(&weeks);
	b->free_tier_off += bill_acc_cost(&all) - b->storage.cost;
}

/* What a serverless container's RU over the run's seconds becomes when
   each stream's is taken at its own rate, over the RU: 1 with one
   stream. Streams run side by side from t = 0, so the rate served is
   the sum of theirs, each stream's RU over the seconds it was served in
   (pk_stream_span.served_s), not every stream's over the slowest one's
   span. RU of no stream counts over the run's seconds. */
static double streams_served_scale(const struct pk_result_variant *v)
{
	int64_t all = v->metrics->totals.ru_mru, rest = all;
	double rate = 0;
	size_t i;

	if (v->n_stream_spans < 2 || all <= 0 || v->end_s <= 0) {
		return 1;
	}
	for (i = 0; i < v->n_stream_spans; i++) {
		const struct pk_stream_span *sp = &v->stream_spans[i];
		int64_t s = sp->served_s > 0 && sp->served_s < v->end_s
				? sp->served_s
				: v->end_s;

		rate += (double)sp->ru_mru / (double)s;
		rest -= sp->ru_mru;
	}
	if (rest > 0) {
		rate += (double)rest / (double)v->end_s;
	}
	return rate * (double)v->end_s / (double)all;
}

/* Serverless: each hour's RU at its day's rate; what the hours do not
   hold (a run's last second closed after its hours) is the last
   hour's. */
static void serverless(const struct pk_scenario *sc,
		       const struct pk_result_variant *v, struct pk_bill *b)
{
	const struct pk_metrics *m = v->metrics;
	struct bill_acc ru = {1000.0, 1e6, 0, 0, 0, 0, 0};
	int64_t left = m->totals.ru_mru;
	size_t h;

	for (h = 0; h < (size_t)b->hours; h++) {
		int64_t mru = h + 1 == (size_t)b->hours ? left
			      : h < m->n_hours		? m->hours[h].ru_mru
							: 0;
		double price =
		    bill_price(sc, b, &b->throughput.pick,
			       PK_BILL_OF_THROUGHPUT, "serverless", (int64_t)h);

		bill_acc_add(&ru, (double)mru, price);
		left -= mru;
	}
	b->throughput.quantity = bill_acc_quantity(&ru);
	b->throughput.cost = bill_acc_cost(&ru);
	b->weeks_cost = b->weeks > 0 ? b->throughput.cost : 0;
	b->consumed_cost = b->throughput.cost;
	b->consumed_scale = streams_served_scale(v);
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

/* The data's seconds one second of sc's replay stands for (bill.h
   data_scale): a data file's time_compression by its time field
   (scenarios/README.md: "60 replays an hour in a minute"), else 1 */
static double bill_data_scale(const struct pk_scenario *sc)
{
	const struct pk_items_file *f = sc ? sc->items_file : NULL;

	return f && f->from == PK_FROM_TIME_FIELD && f->time_compression > 0
		   ? f->time_compression
		   : 1.0;
}

/* The month: with a weekly schedule and a whole week billed, the run's
   whole weeks' bill per week x 30/7; else what the clock hours bill
   per hour x 720 (a DynamoDB table's provisioned units: repeated_cost)
   and a rate a second x 2,592,000 seconds of the data's own time (a
   compressed data file's replay second is data_scale of them: the
   month of a trace is of its real rate; a one-off import's once, what
   it consumed), its two figures of one kind: what
   was served (serverless RU, consumed_cost) per second of the run, the
   seconds it was served in, or what the workload asked (an on-demand
   table's first attempts on the warm table, demand_cost) per second of
   the workload (workload_s), not of the retries' tail after it. */
void bill_month(const struct pk_scenario *sc, struct pk_bill *b)
{
	/* storage at its hours' average GB: a month holding G GB bills G
	   GB-months whatever the run's calendar months were */
	double hourly =
	    b->cost - b->consumed_cost - b->storage.cost + b->storage_cost_720;
	/* a month of the data's own time: a compressed replay's second
	   is data_scale seconds of it */
	double month_s =
	    PK_BILL_MONTH_SECONDS / (b->data_scale > 0 ? b->data_scale : 1.0);

	if (b->repeated) {
		/* the units' month is their clock hours repeated, not the
		   run's hours' average (bill_ddb.c, throughput_repeated) */
		hourly -=
		    b->throughput.cost + b->reads.cost + b->reservation.cost;
	}
	b->month_720 =
	    b->hours > 0 ? hourly / (double)b->hours * PK_BILL_MONTH_HOURS : 0;
	if (b->repeated) {
		b->month_720 += b->repeated_cost;
	}
	if (b->one_off) {
		/* an import happens once: the month holds what it
		   consumed, not that repeated every workload's span */
		b->month_720 += b->consumed_cost;
	} else if (b->demand_month && b->workload_s > 0) {
		/* what the workload asked, over the seconds it asked in, in
		   the data's own time */
		b->month_720 +=
		    b->demand_cost /
		    (b->workload_span_s > 0 ? b->workload_span_s
					    : (double)b->workload_s) *
		    month_s;
	} else if (!b->demand_month && b->seconds > 0) {
		/* what was served, over the seconds it was served in */
		/* at the streams' rates summed (streams_served_scale) */
		b->month_720 +=
		    b->consumed_cost *
		    (b->consumed_scale > 0 ? b->consumed_scale : 1) /
		    (double)b->seconds * month_s;
	}
	b->month_phases = b->month_720;
	if (b->one_off) {
		/* once, whatever the pace */
	} else if (b->paced && b->demand_month) {
		/* the same units over the phases' seconds */
		b->month_phases +=
		    b->demand_cost *
		    (1 / b->phases_s - 1 / (b->workload_span_s > 0
						? b->workload_span_s
						: b->pace_s)) *
		    month_s;
	} else if (b->paced && b->seconds > 0) {
		b->month_phases +=
		    b->consumed_cost *
		    (b->consumed_scale > 0 ? b->consumed_scale : 1) *
		    (1 / b->phases_s - 1 / (double)b->seconds) * month_s;
	}
	b->month = b->month_720;
	b->weekly = bill_weekly(sc);
	if (b->weekly && b->weeks > 0) {
		b->month_from_week = 1;
		b->month = b->weeks_cost / (double)b->weeks *
			   PK_BILL_MONTH_HOURS / PK_BILL_WEEK_HOURS;
	}
	/* an hour at this workload, the same for every mode: a clock hour
	   of provisioned capacity, or an hour's consumption at the run's
	   rate (the run's cost over its clock hours would count a 60 s
	   serverless run as an hour's) */
	b->per_hour = b->month / PK_BILL_MONTH_HOURS;
}

/* The bill of v as bill_build says, every hour at its day's rows, or
   with at_last_day every hour at last_day's */
static void build_at(const struct pk_scenario *sc,
		     const struct pk_result_variant *v, int at_last_day,
		     int64_t last_day, struct pk_bill *out)
{
	const char *meter;

	memset(out, 0, sizeof(*out));
	out->at_last_day = at_last_day;
	out->last_day = last_day;
	out->provider = v->ddb ? "dynamodb" : "cosmos";
	out->phases_s = (double)v->phases_s;
	/* money is the replay's: simulated seconds, whatever the scale */
	out->time_scaled = sc->time_scale != 1;
	out->data_scale = bill_data_scale(sc);
	out->one_off =
	    sc->items_file && sc->items_file->from == PK_FROM_AT_ONCE;
	out->pace_s = v->workload_span_s;
	/* one stream: several stream's rates are each its own already
	   (bill_ddb.c streams_scale, streams_served_scale) */
	out->paced = v->n_stream_spans < 2 && out->phases_s > 0 &&
		     out->pace_s > out->phases_s;
	out->region = scenario_pricing_region(sc, out->provider);
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
		serverless(sc, v, out);
	} else if (out->mode == PK_BILL_FABRIC) {
		bill_fabric(sc, v, out);
	} else {
		throughput(sc, v, meter, out);
		throughput_repeated(sc, v, meter, out);
	}
	storage(sc, v,
		out->mode == PK_BILL_FABRIC ? "fabric_storage"
					    : "storage_transactional",
		out);
	bill_pool(sc, v, out);
	/* the lines are after the free tier; free_tier_off only says
	   how much it took */
	out->cost = out->throughput.cost + out->storage.cost +
		    out->reservation.cost + out->pool.cost;
	bill_finish(sc, out);
}

void bill_finish(const struct pk_scenario *sc, struct pk_bill *b)
{
	if (!b->why[0] && b->hours == 0) {
		snprintf(b->why, sizeof(b->why),
			 "the run touched no clock hour to bill");
	}
	if (b->why[0]) {
		return; /* an hour without its row: not priced */
	}
	b->first_day = bill_hour_day(sc, b, 0);
	if (!b->at_last_day) {
		b->last_day =
		    bill_hour_day(sc, b, b->hours > 0 ? b->hours - 1 : 0);
	}
	bill_month(sc, b);
	b->priced = 1;
}

/* A priced bill's amounts within PK_MONEY_MAX (what the reports print
   to the cent), else unpriced with why naming the first that is not:
   prices_max keeps the loader's quantities under it, and a quantity
   that outgrows them (storage raised by index_factor, a month projected
   from a second's on-demand requests) is refused here rather than
   printed wrong. */
static void bill_bound(struct pk_bill *b)
{
	const struct {
		const char *what;
		double v;
	} a[] = {
	    {"the throughput line", b->throughput.cost},
	    {"the reads line", b->reads.cost},
	    {"the storage line", b->storage.cost},
	    {"the pool line", b->pool.cost},
	    {"the reservation line", b->reservation.cost},
	    {"the free tier's part", b->free_tier_off},
	    {"the run", b->cost},
	    {"the run's consumption", b->demand_cost},
	    {"the repeated month's units", b->repeated_cost},
	    {"a month's storage", b->storage_cost_720},
	    {"the whole weeks", b->weeks_cost},
	    {"a month at this workload", b->month},
	    {"a month of the workload repeated", b->month_720},
	    {"a month at the phases' rate", b->month_phases},
	    {"the on-demand writes", b->ondemand_writes.cost},
	    {"the on-demand reads", b->ondemand_reads.cost},
	    {"the run on demand", b->ondemand_cost},
	    {"a month on demand", b->ondemand_month},
	};
	const char *currency =
	    b->throughput.pick.row ? b->throughput.pick.row->currency : "";
	char cap[PK_FMT_BYTES], was[PK_FMT_BYTES];
	size_t i;

	for (i = 0; i < sizeof(a) / sizeof(a[0]); i++) {
		double v = fabs(a[i].v), e;

		if (v <= PK_MONEY_MAX) {
			continue;
		}
		/* the amount to two significant digits, in digits while
		   they fit 64 bits */
		e = pow(10, floor(log10(v)) - 1);
		if (v < 1e18) {
			fmt_thousands((int64_t)(round(v / e) * e), was);
		} else {
			snprintf(was, sizeof(was), "%.2g", v);
		}
		snprintf(b->why, sizeof(b->why),
			 "%s would cost about %s %s, more than the %s a bill "
			 "may hold to be printed to the cent: lower the "
			 "prices or the workload",
			 a[i].what, was, currency,
			 fmt_thousands((int64_t)PK_MONEY_MAX, cap));
		b->priced = 0;
		return;
	}
}

void bill_build(const struct pk_scenario *sc, const struct pk_result_variant *v,
		struct pk_bill *out)
{
	struct pk_bill *at;

	build_at(sc, v, 0, 0, out);
	if (out->priced) {
		bill_bound(out);
	}
	if (!out->priced || out->n_earlier == 0) {
		return;
	}
	/* a row changed inside the run: the hour and the month are the
	   workload at the last hour's rows, a month from now */
	at = xmalloc(sizeof(*at));
	build_at(sc, v, 1, out->last_day, at);
	out->per_hour = at->per_hour;
	out->month = at->month;
	out->month_720 = at->month_720;
	out->month_phases = at->month_phases;
	out->weeks_cost = at->weeks_cost;
	out->ondemand_month = at->ondemand_month;
	free(at);
	bill_bound(out);
}
