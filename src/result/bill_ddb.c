/*
 * bill_ddb: an Amazon DynamoDB table's run priced (bill.h): provisioned
 * WCU and RCU per clock hour and what the same requests would cost on
 * demand, or an on-demand table's request units consumed; storage with
 * 100 bytes an item.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/result/bill.h"
#include "pksim/service/snapshot.h"
#include "result_int.h"

/* Milli-units in a unit */
#define MCU 1000.0
/* partition_limit linear: a write unit weighs as 3 read units (D3's
   caps' ratio, 3,000 RRU / 1,000 WRU) */
#define LINEAR_WRITE 3.0

/* Hour h of x, past its last a zero hour holding the last hour's
   units (the start's when it has none) */
static struct pk_ddb_hour hour_of(const struct pk_snapshot_ddb *x, size_t h)
{
	struct pk_ddb_hour z = {
	    x->items,	      0,      0,     0, 0, x->index_bytes,
	    x->index_entries, x->rcu, x->wcu};

	if (h >= x->n_hours && x->n_hours > 0) {
		z.rcu = x->hours[x->n_hours - 1].rcu;
		z.wcu = x->hours[x->n_hours - 1].wcu;
	}
	return h < x->n_hours ? x->hours[h] : z;
}

/* The larger of a and b */
static double max_of(double a, double b)
{
	return a > b ? a : b;
}

/* units less the free tier's */
static int64_t less_free(int64_t units, int64_t free_u)
{
	return units > free_u ? units - free_u : 0;
}

/* Each hour's WCU and RCU, the most the table and its indexes held in
   it (pricing.md §4: billed per hour for the units provisioned, and
   ASSUMPTION the highest in a clock hour when they change inside it,
   as P4's Cosmos DB hour), less the free tier, at their day's rates */
static void capacity(const struct pk_scenario *sc,
		     const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	int64_t free_u = sc->pricing.free_tier ? PK_BILL_DDB_FREE_UNITS : 0;
	struct bill_acc wa = {1, 1, 0, 0, 0, 0, 0}, ra = wa;
	int64_t h;

	b->peak_ru_per_s = 0;
	for (h = 0; h < b->hours; h++) {
		struct pk_ddb_hour o = hour_of(x, (size_t)h);
		int64_t w = less_free(o.wcu, free_u);
		int64_t r = less_free(o.rcu, free_u);
		double wp = bill_price(sc, b, &b->throughput.pick,
				       PK_BILL_OF_THROUGHPUT,
				       "provisioned_wcu_standard", h);
		double rp = bill_price(sc, b, &b->reads.pick, PK_BILL_OF_READS,
				       "provisioned_rcu_standard", h);

		bill_acc_add(&wa, (double)w, wp);
		bill_acc_add(&ra, (double)r, rp);
		if (h < b->weeks * PK_BILL_WEEK_HOURS) {
			b->weeks_cost += (double)w * wp + (double)r * rp;
		}
		b->free_tier_off +=
		    (double)(o.wcu - w) * wp + (double)(o.rcu - r) * rp;
		if (o.wcu - w > b->free_units[0]) {
			b->free_units[0] = o.wcu - w;
		}
		if (o.rcu - r > b->free_units[1]) {
			b->free_units[1] = o.rcu - r;
		}
		if (w + r > b->peak_ru_per_s) {
			b->peak_ru_per_s = w + r;
		}
	}
	b->throughput.quantity = bill_acc_quantity(&wa);
	b->throughput.cost = bill_acc_cost(&wa);
	b->reads.quantity = bill_acc_quantity(&ra);
	b->reads.cost = bill_acc_cost(&ra);
}

/* Units (write: WCU, else RCU) of x's step i; restart: the run
   repeated starts each time with the units the one before ended with,
   so its first step holds its last step's units */
static int64_t step_units(const struct pk_snapshot_ddb *x, size_t i, int write,
			  int restart)
{
	if (restart && i == 0 && x->n_steps > 0) {
		i = x->n_steps - 1;
	}
	return write ? x->steps[i].wcu : x->steps[i].rcu;
}

/* The most units (write: WCU, else RCU) x's steps hold over [a, b) of
   its run, 0 <= a < b <= d_s (d_s the run's seconds); restart as
   step_units */
static int64_t most_in(const struct pk_snapshot_ddb *x, int write, int64_t a,
		       int64_t b, int restart)
{
	int64_t most = 0;
	size_t i;

	for (i = 0; i < x->n_steps && x->steps[i].t_s < b; i++) {
		int64_t u = step_units(x, i, write, restart);
		int held = i + 1 == x->n_steps || x->steps[i + 1].t_s > a;

		if (held && u > most) {
			most = u;
		}
	}
	return most;
}

/* The most units x's steps hold over [a, b) of its run repeated back to
   back every d_s seconds (a may be negative; b - a <= 3,600); restart
   as step_units */
static int64_t most_repeated(const struct pk_snapshot_ddb *x, int write,
			     int64_t a, int64_t b, int64_t d_s, int restart)
{
	int64_t from = ((a % d_s) + d_s) % d_s, to = from + (b - a);
	int64_t most;

	if (b - a >= d_s) {
		return most_in(x, write, 0, d_s, restart);
	}
	if (to <= d_s) {
		return most_in(x, write, from, to, restart);
	}
	most = most_in(x, write, from, d_s, restart);
	to = most_in(x, write, 0, to - d_s, restart);
	return to > most ? to : most;
}

/* 1 when table v's units are auto scaling's (D19): its run repeated
   then starts each time with the units the one before ended with, which
   auto scaling keeps until its next change; its starting units are the
   table's state when made, not part of the workload's cycle (and a
   cycle that raised them back every run would pass the 27 decreases a
   day AWS allows, reference §11) */
static int scaled(const struct pk_scenario *sc,
		  const struct pk_result_variant *v)
{
	const struct pk_ddb_table_spec *t =
	    sc && v->spec ? scenario_variant_table(sc, v->spec) : NULL;

	return t && t->scale.on;
}

/* A run shorter than 720 clock hours: its month's provisioned units are
   the run repeated back to back from its start for 720 clock hours (the
   clock hours before its start in its first hour as its end's), each
   clock hour billing its highest WCU and RCU (capacity's ASSUMPTION),
   less the free tier, at the last hour's rates (what the month projects
   with, bill.c). The same workload gives the same month wherever its
   clock starts: an hour of 50 min at 100 WCU and 10 at 1,000 bills
   every repeated clock hour at 1,000, from 00:00 or from 00:30 */
static void repeated(const struct pk_scenario *sc,
		     const struct pk_result_variant *v,
		     const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	int64_t free_u = sc->pricing.free_tier ? PK_BILL_DDB_FREE_UNITS : 0;
	int64_t off = v->metrics ? v->metrics->hour_offset_s : 0;
	int64_t d_s = v->end_s, h;
	double wp, rp, w = 0, r = 0;
	int restart = scaled(sc, v);
	struct bill_scaled sa;

	if (b->hours >= PK_BILL_MONTH_HOURS || d_s <= 0 || x->n_steps == 0 ||
	    x->steps[0].t_s != 0) {
		return;
	}
	wp = bill_price(sc, b, &b->throughput.pick, PK_BILL_OF_THROUGHPUT,
			"provisioned_wcu_standard", b->hours - 1);
	rp = bill_price(sc, b, &b->reads.pick, PK_BILL_OF_READS,
			"provisioned_rcu_standard", b->hours - 1);
	if (bill_ddb_autoscale(sc, v, x, wp, rp, free_u, &sa)) {
		/* auto scaling's own month: what it settles at on the
		   workload repeated, not the run's units repeated */
		b->repeated = 1;
		b->scaled = 1;
		b->repeated_cost = sa.cost;
		b->scale_settled = sa.settled;
		b->scale_other_cost = sa.other_cost;
		b->scale_units[0] = sa.last[0];
		b->scale_units[1] = sa.last[1];
		b->scale_held[0] = sa.held[0];
		b->scale_held[1] = sa.held[1];
		b->scale_short[0] = sa.over[0];
		b->scale_short[1] = sa.over[1];
		return;
	}
	for (h = 0; h < PK_BILL_MONTH_HOURS; h++) {
		int64_t a = h * PK_METRICS_S_PER_HOUR - off;
		int64_t e = a + PK_METRICS_S_PER_HOUR;

		w += (double)less_free(most_repeated(x, 1, a, e, d_s, restart),
				       free_u);
		r += (double)less_free(most_repeated(x, 0, a, e, d_s, restart),
				       free_u);
	}
	b->repeated = 1;
	b->repeated_cost = w * wp + r * rp;
}

/* Storage: each hour's data plus 100 B an item, and its global
   secondary indexes' entries plus 100 B each, less its day's free
   GB, over the hours of its calendar month (bill_month_hours), at its
   day's rate; the month's projection and a week's take every hour as
   1/720 of a month */
static void storage(const struct pk_scenario *sc,
		    const struct pk_result_variant *v,
		    const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	const struct pk_metrics *m = v->metrics;
	struct bill_acc billed = {1, 1, 0, 0, 0, 0, 0};
	struct bill_acc at720 = {PK_BILL_MONTH_HOURS, 1, 0, 0, 0, 0, 0};
	struct bill_acc weeks = at720;
	/* the hours' GB, GB x price and free GB, summed */
	double gb_sum = 0, cost_sum = 0, free_sum = 0;
	size_t h;

	for (h = 0; h < (size_t)b->hours; h++) {
		uint64_t bytes = h < m->n_hours ? m->hours[h].max_storage_bytes
						: m->storage_bytes;
		struct pk_ddb_hour o = hour_of(x, h);
		/* the table's items and the indexes' entries, each with its
		   100 B (pricing.md §4: all GSI data, 100 B per item and
		   index entry) */
		double gb = ((double)bytes + (double)o.index_bytes +
			     (double)(o.items + o.index_entries) *
				 PK_BILL_DDB_ITEM_BYTES) /
			    (double)PK_GIB;
		double free_gb =
		    bill_price(sc, b, &b->storage_free, PK_BILL_OF_STORAGE_FREE,
			       "storage_free", (int64_t)h);
		double price =
		    bill_price(sc, b, &b->storage.pick, PK_BILL_OF_STORAGE,
			       "storage_standard", (int64_t)h);
		double over = gb > free_gb ? gb - free_gb : 0;

		bill_acc_add(&billed, over / bill_month_hours(sc, (int64_t)h),
			     price);
		bill_acc_add(&at720, over, price);
		gb_sum += gb;
		cost_sum += gb * price;
		free_sum += free_gb;
		if (h < (size_t)b->weeks * PK_BILL_WEEK_HOURS) {
			bill_acc_add(&weeks, over, price);
		}
	}
	b->storage.quantity = bill_acc_quantity(&billed);
	b->storage.cost = bill_acc_cost(&billed);
	b->storage_cost_720 = bill_acc_cost(&at720);
	if (b->hours > 0 && gb_sum > 0) {
		/* the month projected holds the hours' average GB (bill.c's
		   bill_month), and its free 25 GB come off that month's
		   GB-months (pricing.md §4: "the first 25 GB per month"), not
		   off each hour: the hours' share of a month at the average
		   GB less the free GB, at the hours' GB-weighted price */
		double n = (double)b->hours, avg = gb_sum / n;
		double over = avg > free_sum / n ? avg - free_sum / n : 0;

		b->storage_cost_720 =
		    over * (cost_sum / gb_sum) * n / PK_BILL_MONTH_HOURS;
	}
	b->weeks_cost += bill_acc_cost(&weeks);
}

/* Units of hour h of x (write: the write side; demand: asked, else
   consumed), milli-units; the last hour also holds what no hour does */
static int64_t hour_units(const struct pk_snapshot_ddb *x, size_t h,
			  size_t hours, int write, int demand)
{
	int64_t total = demand
			    ? (write ? x->write_demand_mcu : x->read_demand_mcu)
			    : (write ? x->write_used_mcu : x->read_used_mcu);
	int64_t sum = 0;
	size_t i;

	if (h + 1 < hours) {
		struct pk_ddb_hour o = hour_of(x, h);

		return demand ? (write ? o.write_demand_mcu : o.read_demand_mcu)
			      : (write ? o.write_used_mcu : o.read_used_mcu);
	}
	for (i = 0; i < h && i < x->n_hours; i++) {
		sum += hour_units(x, i, hours, write, demand);
	}
	return total - sum;
}

/* The units (demand: asked, else consumed) of the run's first `upto`
   clock hours (at most all of them) at their day's on-demand rates,
   into writes and reads */
static void hours_priced(const struct pk_scenario *sc,
			 const struct pk_snapshot_ddb *x, int demand,
			 struct pk_bill *b, struct pk_bill_line *writes,
			 struct pk_bill_line *reads, size_t upto)
{
	struct bill_acc wa = {MCU, 1e6, 0, 0, 0, 0, 0}, ra = wa;
	size_t h, n = (size_t)b->hours;

	for (h = 0; h < n && h < upto; h++) {
		double wp = bill_price(sc, b, &writes->pick,
				       demand ? PK_BILL_OF_ONDEMAND_WRITES
					      : PK_BILL_OF_THROUGHPUT,
				       "ondemand_wru_standard", (int64_t)h);
		double rp = bill_price(sc, b, &reads->pick,
				       demand ? PK_BILL_OF_ONDEMAND_READS
					      : PK_BILL_OF_READS,
				       "ondemand_rru_standard", (int64_t)h);

		bill_acc_add(&wa, (double)hour_units(x, h, n, 1, demand), wp);
		bill_acc_add(&ra, (double)hour_units(x, h, n, 0, demand), rp);
	}
	writes->quantity = bill_acc_quantity(&wa);
	writes->cost = bill_acc_cost(&wa);
	reads->quantity = bill_acc_quantity(&ra);
	reads->cost = bill_acc_cost(&ra);
}

/* The units (demand: asked, else consumed) of every hour at their
   day's on-demand rates, into writes and reads */
static void units_priced(const struct pk_scenario *sc,
			 const struct pk_snapshot_ddb *x, int demand,
			 struct pk_bill *b, struct pk_bill_line *writes,
			 struct pk_bill_line *reads)
{
	hours_priced(sc, x, demand, b, writes, reads, (size_t)b->hours);
}

/* The unit-seconds of side (write) x's steps hold over [a, b): the
   table's and its indexes' units from each step's second on */
static double steps_held(const struct pk_snapshot_ddb *x, int write, int64_t a,
			 int64_t b)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < x->n_steps; i++) {
		int64_t from = x->steps[i].t_s > a ? x->steps[i].t_s : a;
		int64_t to = i + 1 < x->n_steps && x->steps[i + 1].t_s < b
				 ? x->steps[i + 1].t_s
				 : b;

		if (to > from) {
			sum += (double)(write ? x->steps[i].wcu
					      : x->steps[i].rcu) *
			       (double)(to - from);
		}
	}
	return sum;
}

/* The units a second of side (write) summed over the first workload_s
   of the run's seconds, unit-seconds: the table's own as it held them
   (side_cap_mcu: a phase or auto scaling may change them) and its
   indexes' (fixed), less what its steps held in the seconds after
   workload_s (the retries' tail), or with the units held at the end
   for the seconds workload_s passes the run's; restart as step_units */
static double held(const struct pk_snapshot_ddb *x, int write, double seconds,
		   int64_t workload_s, int restart)
{
	int64_t idx = write ? x->wcu - x->table_wcu : x->rcu - x->table_rcu;
	double own = (double)x->side_cap_mcu[write != 0] / MCU;

	if (own <= 0) {
		own = (double)(write ? x->table_wcu : x->table_rcu) * seconds;
	}
	if (restart && x->n_steps > 1 && x->steps[0].t_s == 0) {
		/* until auto scaling's first change the run repeated holds
		   the units the run ended with (step_units) */
		int64_t until =
		    x->steps[1].t_s < workload_s ? x->steps[1].t_s : workload_s;

		own -= (double)(step_units(x, 0, write, 0) -
				step_units(x, 0, write, 1)) *
		       (double)until;
	}
	if ((double)workload_s > seconds) {
		/* a paced client's pace runs past the run (its throttled
		   first attempts spent no budget): the units held at the
		   end, the indexes' too, for the rest */
		int64_t end = x->n_steps > 0
				  ? (write ? x->steps[x->n_steps - 1].wcu
					   : x->steps[x->n_steps - 1].rcu)
				  : (write ? x->wcu : x->rcu);

		own += (double)end * ((double)workload_s - seconds);
	}
	return own + (double)idx * seconds -
	       steps_held(x, write, workload_s, (int64_t)seconds);
}

/* What side (write)'s demand over workload_s seconds becomes when each
   stream's is taken at its own rate, over the demand: 1 with one
   stream. Several streams run side by side, each from t = 0, so the
   workload's rate is the sum of theirs, each stream's demand over its
   own seconds (pk_stream_span.workload_s): a slow paced stream does
   not spread the others' demand over its long span. Demand of no
   stream's phase (none) counts over workload_s. */
static double streams_scale(const struct pk_scenario *sc,
			    const struct pk_result_variant *v,
			    const struct pk_snapshot_ddb *x, int write,
			    double workload_s)
{
	int64_t all = write ? x->write_demand_mcu : x->read_demand_mcu;
	int64_t rest = all;
	double rate = 0;
	size_t i, p;

	if (!x->phase_demand_mcu || v->n_stream_spans < 2 ||
	    v->n_stream_spans > sc->n_streams || all <= 0 || workload_s <= 0) {
		return 1;
	}
	for (i = 0; i < v->n_stream_spans; i++) {
		const struct pk_stream_spec *st = &sc->streams[i];
		double s = v->stream_spans[i].span_s;
		int64_t asked = 0;

		for (p = st->phase_first; p < st->phase_first + st->n_phases &&
					  p < x->n_phase_demand;
		     p++) {
			asked += x->phase_demand_mcu[2 * p + (write != 0)];
		}
		if (s <= 0 || s > workload_s) {
			s = workload_s;
		}
		rate += (double)asked / s;
		rest -= asked;
	}
	rate += (double)rest / workload_s;
	return rate * workload_s / (double)all;
}

/* 1 when some stream's client retries a throttled request (its
   retries on, max_retries > 0) */
static int retries_on(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; sc && i < sc->n_streams; i++) {
		const struct pk_retry_spec *r = &sc->streams[i].client.retry;

		if (r->enabled && r->max_retries > 0) {
			return 1;
		}
	}
	return 0;
}

/* What side (write)'s demand becomes in a month when the first
   attempts a key value's cap refused in their second are stored by the
   client's retries where the value's cycle has room: over the demand,
   at least 1. The run is one cycle of the workload, repeated back to
   back: a value's cap a second at the run's end (the partitions its
   collection spans then: partitions never merge, D8) over the cycle's
   seconds holds what the cap took in the cycle and as much of what it
   refused as fits, whether the burst opens the run or closes it (its
   retries wait into the next repetition's seconds). ASSUMPTION: the
   retries wait as long as that takes. With every client's retries off
   a repetition serves, of what the cap refused, what the value's cap at
   the run's end takes in the refused requests' own seconds (a heat
   split cut it after they were refused), nothing else. */
static double taken_back(const struct pk_scenario *sc,
			 const struct pk_snapshot_ddb *x, int write,
			 double seconds)
{
	int64_t asked = write ? x->write_demand_mcu : x->read_demand_mcu;
	double back = 0;
	size_t i;

	if (asked <= 0 || seconds <= 0 || x->n_refused == 0) {
		return 1;
	}
	if (!retries_on(sc)) {
		for (i = 0; i < x->n_refused; i++) {
			back += (double)x->refused[i].back_mcu[write != 0];
		}
		return ((double)asked + back) / (double)asked;
	}
	for (i = 0; i < x->n_refused; i++) {
		const struct pk_ddb_refused *r = &x->refused[i];
		/* the cycle's room on each side (linear: one budget in
		   read units, a write unit weighing 3) */
		double rw =
		    (double)r->cap_mcu[1] * seconds - (double)r->counted_mcu[1];
		double rr =
		    (double)r->cap_mcu[0] * seconds - (double)r->counted_mcu[0];
		double w, rd;

		if (x->linear) {
			rr = (double)r->cap_mcu[0] * seconds -
			     (double)r->counted_mcu[0] -
			     LINEAR_WRITE * (double)r->counted_mcu[1];
			rw = rr / LINEAR_WRITE;
		}
		w = (double)r->refused_mcu[1] < rw ? (double)r->refused_mcu[1]
						   : rw;
		w = w > 0 ? w : 0;
		if (x->linear) {
			rr -= LINEAR_WRITE * w;
		}
		rd = (double)r->refused_mcu[0] < rr ? (double)r->refused_mcu[0]
						    : rr;
		back += write ? w : (rd > 0 ? rd : 0);
	}
	return ((double)asked + back) / (double)asked;
}

/* The same requests on demand, and where provisioned breaks even: only
   when the table has on-demand rows for the run's hours (else
   b->ondemand_missing names the day that has none) */
static void ondemand(const struct pk_scenario *sc,
		     const struct pk_result_variant *v,
		     const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	/* what the workload asked, over the seconds it asked in */
	double seconds = b->workload_span_s;
	double sw = streams_scale(sc, v, x, 1, seconds);
	double sr = streams_scale(sc, v, x, 0, seconds);
	/* a compressed data file's rates in the data's own time (bill.h
	   data_scale): the month and the use are of the real workload,
	   the units held as the table held them */
	double k = b->data_scale > 0 ? b->data_scale : 1.0;
	char why[sizeof(b->why)];

	memcpy(why, b->why, sizeof(why));
	units_priced(sc, x, 1, b, &b->ondemand_writes, &b->ondemand_reads);
	if (b->why[0] && !why[0]) {
		/* the comparison lost, not the bill */
		snprintf(b->ondemand_missing, sizeof(b->ondemand_missing), "%s",
			 b->why);
		memcpy(b->why, why, sizeof(why));
		return;
	}
	b->ondemand = 1;
	b->ondemand_cost = b->ondemand_writes.cost + b->ondemand_reads.cost;
	/* a month, and its use, take back what the retries store where
	   a key value's cycle has room (the run's line does not) */
	sw *= taken_back(sc, x, 1, seconds);
	sr *= taken_back(sc, x, 0, seconds);
	/* a month at the streams' rates summed (streams_scale) */
	b->ondemand_month =
	    b->one_off ? b->ondemand_cost /* an import, once */
	    : seconds > 0
		? (b->ondemand_writes.cost * sw + b->ondemand_reads.cost * sr) /
		      seconds * PK_BILL_MONTH_SECONDS / k
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
	if (seconds > 0 && b->scaled) {
		/* what the workload asks a second over what auto scaling
		   holds on average once settled */
		b->use_writes = (double)x->write_demand_mcu * sw / MCU /
				seconds / b->scale_held[1] / k;
		b->use_reads = (double)x->read_demand_mcu * sr / MCU / seconds /
			       b->scale_held[0] / k;
		return;
	}
	if (seconds > 0 && x->wcu > 0) {
		b->use_writes =
		    (double)x->write_demand_mcu * sw / MCU /
		    held(x, 1, (double)v->end_s, b->workload_s, scaled(sc, v)) *
		    (double)b->workload_s / seconds / k;
	}
	if (seconds > 0 && x->rcu > 0) {
		b->use_reads =
		    (double)x->read_demand_mcu * sr / MCU /
		    held(x, 0, (double)v->end_s, b->workload_s, scaled(sc, v)) *
		    (double)b->workload_s / seconds / k;
	}
}

/* The part of side (write)'s demand, at scale times the units asked
   (streams_scale), the table's own bounds let through over seconds
   (D12: its per-table quota and configured maximum, which no warm-up
   raises): 1, or less when the demand's mean is above them */
static double bounded(const struct pk_ddb_table_spec *t,
		      const struct pk_snapshot_ddb *x, int write,
		      double seconds, double scale)
{
	int64_t max = t ? (write ? t->max_wru : t->max_rru) : 0;
	int64_t cap = t ? t->quota_units : 0;
	double demand =
	    (double)(write ? x->write_demand_mcu : x->read_demand_mcu) * scale /
	    MCU;

	if (max > 0 && (cap <= 0 || max < cap)) {
		cap = max;
	}
	if (cap <= 0 || demand <= (double)cap * seconds) {
		return 1;
	}
	return (double)cap * seconds / demand;
}

/* What side (write)'s demand becomes when the table consumed more of
   it in the phases' seconds, retries too, than its first attempts asked
   that a key value's cap let through in their second (D3): their ratio,
   at least 1. A burst the cap throttles and the retries store in the
   next seconds is billed in each repetition; an overload the cap holds
   every second consumes no more than its capped first attempts asked,
   and a launch's instant limit (D12) less. */
static double stored(const struct pk_snapshot_ddb *x, int write)
{
	int64_t asked = write ? x->write_demand_mcu : x->read_demand_mcu;
	int64_t used = x->phases_used_mcu[write != 0];

	return asked > 0 && used > asked ? (double)used / (double)asked : 1;
}

/* On demand, what the month projects from (pricing.md §4, D12): the
   workload's first attempts each partition's cap could take (D3; the
   demand a provisioned table's on-demand line prices), within the
   table's quota and maximum, at the hours' rates. The run's own
   throttles by the instant limit last until twice a peak is the limit
   (30 minutes, D12): the warm table of a month serves its demand, up
   to the instant limit the workload repeated settles at when no client
   retries (bill_instant.c). ASSUMPTION: a month repeats the run's
   demand, not its launch. */
static void demand_month(const struct pk_scenario *sc,
			 const struct pk_result_variant *v,
			 const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	struct pk_bill_line w = b->throughput, r = b->reads;
	const struct pk_ddb_table_spec *t = scenario_variant_table(sc, v->spec);
	/* the workload's seconds: bill_month divides by them too */
	double seconds = b->workload_span_s;
	double sw = streams_scale(sc, v, x, 1, seconds);
	double sr = streams_scale(sc, v, x, 0, seconds);

	if (seconds <= 0) {
		return;
	}
	units_priced(sc, x, 1, b, &w, &r);
	b->demand_month = 1;
	/* a burst past a key value's cap that the retries store in the
	   phases' seconds is stored every repetition (with several
	   streams, ASSUMPTION: in each stream's share of the demand) */
	sw *= max_of(stored(x, 1), taken_back(sc, x, 1, seconds));
	sr *= max_of(stored(x, 0), taken_back(sc, x, 0, seconds));
	if (!retries_on(sc)) {
		/* with no retries, what the instant limit the repeated
		   workload settles at refuses is never consumed */
		sw *= bill_instant_share(sc, v, x, 1);
		sr *= bill_instant_share(sc, v, x, 0);
	}
	/* over workload_s, at the streams' rates summed */
	b->demand_cost = w.cost * sw * bounded(t, x, 1, seconds, sw) +
			 r.cost * sr * bounded(t, x, 0, seconds, sr);
}

/* On demand (pricing.md §4): the write and read request units
   consumed (admitted attempts, retries too; a throttled one consumes
   none), in millions, each hour's at its day's rates. No free tier:
   DynamoDB's 25 WCU and 25 RCU are provisioned capacity. The run's
   whole weeks (weeks x 168 clock hours from its first: any 168 hold a
   weekly schedule's week once) have the units consumed in their hours,
   as provisioned capacity has its weeks' hours, whatever the run holds
   past them. */
static void consumed(const struct pk_scenario *sc,
		     const struct pk_snapshot_ddb *x, struct pk_bill *b)
{
	struct pk_bill_line w, r;

	units_priced(sc, x, 0, b, &b->throughput, &b->reads);
	b->consumed_cost = b->throughput.cost + b->reads.cost;
	b->weeks_cost = 0;
	if (b->weeks > 0) {
		w = b->throughput;
		r = b->reads;
		hours_priced(sc, x, 0, b, &w, &r,
			     (size_t)(b->weeks * PK_BILL_WEEK_HOURS));
		b->weeks_cost = w.cost + r.cost;
	}
}

void bill_ddb_build(const struct pk_scenario *sc,
		    const struct pk_result_variant *v, struct pk_bill *out)
{
	const struct pk_snapshot_ddb *x = v->ddb;
	int od = x->on_demand;

	out->mode = od ? PK_BILL_DDB_ON_DEMAND : PK_BILL_DDB_PROVISIONED;
	out->hours = bill_hours_billed(v);
	out->seconds = v->end_s;
	out->workload_s = v->workload_s > 0 ? v->workload_s : v->end_s;
	out->workload_span_s = v->workload_span_s > 0 ? v->workload_span_s
						      : (double)out->workload_s;
	out->write_scale = streams_scale(sc, v, x, 1, out->workload_span_s);
	out->weeks = out->hours / PK_BILL_WEEK_HOURS;
	if (od) {
		consumed(sc, x, out);
		demand_month(sc, v, x, out);
	} else {
		capacity(sc, x, out);
		repeated(sc, v, x, out);
	}
	storage(sc, v, x, out);
	if (!od) {
		ondemand(sc, v, x, out);
	}
	out->cost = out->throughput.cost + out->reads.cost + out->storage.cost;
	bill_finish(sc, out);
}
