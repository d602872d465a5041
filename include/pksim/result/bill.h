/*
 * bill: what a variant's run costs, from a dated price table
 * (docs/money.md; the billing rules of pricing.md §1 and §8).
 *
 * Azure Cosmos DB, one region with one write region (pksim models no
 * other):
 * - manual: each clock hour the run touched bills the highest RU/s
 *   provisioned in it, rounded up to 100 RU/s, at the standard rate per
 *   100 RU/s-hour (C-BILL; any part of an hour is a whole hour);
 * - autoscale: each hour bills the RU/s rule 27 bills (classic: the
 *   highest RU/s reached, every partition at the hottest one's level;
 *   dynamic: the sum of each partition's highest; never below 0.1 x the
 *   max, cosmos-mechanics.md rules 17 and 27), rounded up to 100 RU/s
 *   (ASSUMPTION: the documented billing step; pricing.md §3 leaves it
 *   open), at the autoscale rate (1.5 x the standard one);
 * - serverless: the RU consumed, per million RU;
 * - storage: each hour's highest GB stored (data and index; GB = 2^30
 *   bytes, as pksim's storage caps), averaged over the hours of its
 *   calendar month (C-BILL: 100 GB half a month and 50 GB the other
 *   half bill 75 GB; pricing.md §3: hours from the scenario's calendar,
 *   so an hour of January is 1/744 of a GB-month, of February 2026
 *   1/672; bill_month_hours).
 * Free tier takes the first 1,000 RU/s of each hour's billed RU/s and
 * the first 25 GB of each hour's storage off; a reservation of R RU/s at
 * discount d costs R / 100 x the standard rate x (1 - d) each hour and
 * pays up to R / 100 x the standard rate of the hour's throughput
 * (C-BILL's reserved-capacity example).
 *
 * Amazon DynamoDB, provisioned (pricing.md §4): each clock hour the run
 * touched bills the table's WCU and RCU at their hourly rates (pksim
 * changes no table's capacity mid-run, so every hour bills the same;
 * ASSUMPTION for a change inside an hour: the hour's highest, as Azure
 * Cosmos DB); storage is each hour's data plus 100 bytes an item
 * (dynamodb-mechanics.md §1), less the table's free GB-months
 * (storage_free, 25), over the hours of its calendar month. Free tier takes 25
 * WCU and 25 RCU off each hour (ASSUMPTION: the account's always-free capacity,
 * all of it given to this table). With the table's on-demand rows on the
 * billing date the bill also says what the same requests would cost on
 * demand (every operation's first attempt, throttled or not, at its
 * units: WRU = WCU, RRU = RCU, D1 and D2), not part of the run's cost,
 * and the average use of provisioned capacity above which provisioned
 * costs less (pricing.md §6 example 2, statement P18).
 *
 * The month at this workload: with a weekly schedule (a phase's rate
 * has `weekly:`) and at least one whole week billed, the schedule's own
 * week repeated: the run's whole weeks' bill per week x 30/7
 * (ASSUMPTION: a 30-day month, C-BILL's 720 h); else the workload
 * repeated for a 30-day month: what is billed by the clock hour
 * (provisioned throughput, storage) per hour billed x 720 hours
 * (PK_BILL_MONTH_HOURS), and what is billed by consumption (serverless
 * RU, on demand) per second run x 2,592,000 seconds, so a run of 60 s
 * and one of 600 s at the same rate give the same month. A month's
 * storage is the run's average GB held, in GB-months (a month holding
 * 5 GB is 5 GB-months, whatever its length): storage_cost_720.
 */
#ifndef PKSIM_BILL_H
#define PKSIM_BILL_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/scenario.h"

struct pk_result_variant;

/* Hours of the month a bill projects to, and storage's GB-month is over
   (C-BILL's 30-day month) */
#define PK_BILL_MONTH_HOURS 720
/* ... and its seconds: consumption's month is its cost a second x
   these */
#define PK_BILL_MONTH_SECONDS (720.0 * 3600.0)
/* Hours of a week: a weekly schedule's month is its week x 720 / 168
   (30/7 weeks) */
#define PK_BILL_WEEK_HOURS 168
/* Free tier (C-BILL): RU/s and GB free each hour */
#define PK_BILL_FREE_RU_PER_S 1000
#define PK_BILL_FREE_GB 25
/* Amazon DynamoDB's free tier (pricing.md §4): WCU and RCU free each
   hour */
#define PK_BILL_DDB_FREE_UNITS 25
/* Bytes DynamoDB bills for each item beside its data
   (dynamodb-mechanics.md §1) */
#define PK_BILL_DDB_ITEM_BYTES 100

enum pk_bill_mode {
	PK_BILL_MANUAL,
	PK_BILL_AUTOSCALE,
	PK_BILL_SERVERLESS,
	PK_BILL_DDB_PROVISIONED, /* Amazon DynamoDB, provisioned capacity */
	PK_BILL_DDB_ON_DEMAND,	 /* Amazon DynamoDB, on demand */
	PK_BILL_FABRIC,		 /* Cosmos DB in Fabric: capacity units */
};

/* Most rows a bill lists for hours before its last one */
#define PK_BILL_EARLIER 8

/* The line of a bill a row stands for */
enum pk_bill_row_of {
	PK_BILL_OF_THROUGHPUT,
	PK_BILL_OF_READS,
	PK_BILL_OF_STORAGE,
	PK_BILL_OF_RESERVATION,
	PK_BILL_OF_STORAGE_FREE,
	PK_BILL_OF_ONDEMAND_WRITES,
	PK_BILL_OF_ONDEMAND_READS,
	PK_BILL_OF_POOL,
};

/* A row an earlier clock hour of the run was priced by than its line's
   (the last hour's): the meter's row changed inside the run */
struct pk_bill_earlier {
	struct pk_price_pick pick;
	enum pk_bill_row_of of; /* the line whose pick it preceded */
};

/* One priced line of a bill: a meter, how much of its unit, the cost. */
struct pk_bill_line {
	struct pk_price_pick pick; /* the row and the price paid */
	double quantity;	   /* in pick.row->unit: 100 RU/s-hours,
				      million RU, GB-months */
	double cost;		   /* quantity x price, in the currency */
};

struct pk_bill {
	int priced; /* 1: money was asked for and priced */
	enum pk_bill_mode mode;
	const char *provider;  /* the price table's provider of the variant's
				  service ("cosmos", "dynamodb"); static */
	const char *region;    /* its pricing region
				  (scenario_pricing_region); borrowed from
				  the scenario, NULL without money */
	int dynamic;	       /* autoscale: billed by rule 27's dynamic
				  mode, else classic */
	int64_t hours;	       /* clock hours billed: ceil(end_s / 3,600) */
	int64_t peak_ru_per_s; /* manual, autoscale: the highest hour's
				  billed RU/s (after the free tier) */
	struct pk_bill_line throughput; /* the capacity mode's meter;
					   DynamoDB: its WCU-hours, or on
					   demand its million WRU; Fabric:
					   its CU hours
					   (fabric_capacity_unit) */
	struct pk_bill_line reads;	/* DynamoDB: its RCU-hours, or on
					   demand its million RRU */
	struct pk_bill_line storage;	/* storage_transactional; Fabric:
					   fabric_storage */
	int pooled;			/* 1: a fleet pool's line (rule 40) */
	struct pk_bill_line pool;	/* fleet_pool: its 100 RU/s-hours,
					   each hour at its peak, at least
					   its minimum */
	double free_tier_off;		/* what the free tier took off, currency
					   (the lines are after it) */
	int64_t free_units[2];		/* Amazon DynamoDB: the most WCU [0]
					   and RCU [1] the free tier took off
					   in an hour (at most 25 each: no
					   more than the table held) */
	int reserved;			/* 1: a reservation is in the bill */
	struct pk_bill_line reservation; /* provisioned_single_write: its
					    100 RU/s-hours, cost = fee
					    less what it paid (may be > 0
					    when it is too big) */
	double cost;			 /* the run: every line, currency */
	double consumed_cost;		 /* of it, what consumption bills
					    (serverless RU), currency */
	double consumed_scale;		 /* what a month takes
					    consumed_cost at: with several
					    streams, each one's RU over its
					    own seconds summed, x seconds,
					    over the RU (bill.c); 1 with one
					    stream, 0 unset (taken as 1) */
	int demand_month;		 /* 1: the month projects
					    consumption from demand_cost,
					    not consumed_cost */
	double demand_cost;		 /* Amazon DynamoDB on demand: what
					    the workload's first attempts
					    would bill over its workload_s
					    on the warm table, each
					    stream's at its own rate
					    (bill_ddb.c), currency */
	int repeated;			 /* 1: the month's provisioned units
					    are repeated_cost (bill_ddb.c) */
	double repeated_cost;		 /* Amazon DynamoDB provisioned, a
					    run shorter than 720 clock hours:
					    the 720 clock hours of its units
					    repeated back to back, each hour
					    billing its highest, currency */
	int scaled;			 /* 1: repeated_cost is auto
					    scaling's replay on the workload
					    repeated (D19, bill_autoscale.c):
					    the units it settles at */
	int scale_settled;		 /* scaled: 1 when its two billed
					    months agree; 0: repeated_cost
					    is the dearer */
	double scale_other_cost;	 /* scaled: the other month */
	int64_t scale_units[2];		 /* scaled: the RCU [0] and WCU [1]
					    it holds at the end, the
					    indexes' too */
	double scale_held[2];		 /* scaled: the RCU [0] and WCU [1]
					    held a second on average in the
					    month, the indexes' too (the
					    use on demand is compared with) */
	double scale_short[2];		 /* scaled: of the table's own read
					    [0] and write [1] units asked in
					    the month, the share its minutes
					    asked past the units held then
					    (throttled on AWS), 0 .. 1 */
	double storage_cost_720;	 /* the storage line with every hour
					    1/720 of a month, currency:
					    what the month projects storage
					    from (its hours' average GB) */
	int64_t seconds;		 /* seconds the run lasted (end_s) */
	int64_t workload_s;		 /* seconds its workload asked in
					    (pk_result_variant.workload_s;
					    past seconds when a paced
					    client's pace is): what a month of
					    its asking (demand_cost,
					    ondemand_cost) projects over */
	double workload_span_s;		 /* workload_s exactly (a pace's
					    work not rounded up): what a
					    month of its asking divides
					    by; 0 unset (workload_s) */
	double write_scale;		 /* Amazon DynamoDB: with several
					    streams, each one's write units
					    over its own seconds, summed, x
					    workload_s, over the write
					    units (bill_ddb.c
					    streams_scale): the storage
					    note's growth takes each
					    stream's writes at its own rate;
					    1 with one stream */
	double per_hour;		 /* an hour at this workload: month /
					    720, in every mode */
	double month;			 /* the month at this workload:
					    month_from_week ? weeks_cost /
					    weeks x 720 / 168 : (cost -
					    consumed_cost) / hours x 720 +
					    consumed_cost / seconds x
					    2,592,000, with repeated_cost
					    for the units when repeated */
	double month_720;    /* the month as the workload repeated for 720
				hours, whatever month_from_week says:
				(cost - consumed_cost) / hours x 720 +
				consumed_cost / seconds x 2,592,000; equal
				to month unless month_from_week (compare's
				common basis, report/money.h) */
	double month_phases; /* month_720 with what consumption bills
				(serverless RU, on demand's units) at the
				phases' rate: its units over phases_s, not
				over a paced client's longer pace; equal to
				month_720 unless paced (compare's one basis
				when its clients' paces differ,
				report/money.h) */
	int paced;	     /* 1: a client's pace took longer than the
				phases (pace_s > phases_s), one stream */
	double phases_s;     /* the phases' seconds (pk_result_variant) */
	double pace_s;	     /* the workload's seconds with its client's
				pace (pk_result_variant.workload_span_s) */
	int time_scaled;     /* 1: the scenario has a time_scale: the bill
				is of simulated seconds all the same */
	double data_scale;   /* the data's seconds a second of the replay
				stands for: a data file's time_compression
				by its time field, else 1 (0 unset: 1). A
				month is of the data's own time: what
				consumption bills a second (on demand's
				units, serverless RU, the on-demand
				comparison) and the storage note's growth
				are divided by it; units held are not */
	int one_off;	     /* 1: the workload is a data file whose
				records all arrive at once (items.file
				at_once: an import): a month holds what it
				consumed once, not repeated (on demand's
				units, serverless RU, the on-demand
				comparison); units held bill 720 h */
	int weekly;	     /* 1: a phase's rate has a weekly schedule
				(bill_weekly) */
	int64_t weeks;	     /* whole weeks billed: hours / 168; serverless
				0 unless hours is a multiple of 168 (its
				RU is a total over the run) */
	double weeks_cost;   /* what those weeks' hours cost, currency */
	int month_from_week; /* 1: weekly and weeks >= 1: the month is the
				schedule's own week repeated 30/7 times */
	int third_party;     /* 1: some row used is marked third-party */
	int assumed;	     /* 1: some row used is marked assumed (no
				source read prices its meter) */
	/* DynamoDB: the storage allowance row (storage_free) */
	struct pk_price_pick storage_free;
	/* DynamoDB with on-demand rows on the billing date (ondemand 1):
	   the same requests on demand, in million WRU and RRU, and their
	   cost; not in cost */
	int ondemand;
	struct pk_bill_line ondemand_writes, ondemand_reads;
	double ondemand_cost;
	double ondemand_month; /* ondemand_cost / workload_s x 2,592,000;
				  with several streams each stream's
				  units over its own seconds, summed */
	/* ... the average use of the provisioned capacity above which it
	   costs less than on demand, 0..1: the unit-hour price / (3,600 x
	   the per-unit on-demand price), writes and reads */
	double breakeven_writes, breakeven_reads;
	/* ... this run's use: the units its first attempts asked over
	   the units held in its workload_s, 0.. (above 1: more was asked
	   than provisioned) */
	double use_writes, use_reads;
	int overridden; /* 1: some price is a scenario's override */
	/* Each clock hour is priced by the rows in effect on its own day
	   (bill_hour_day): a line's pick is its last hour's row; the rows
	   its earlier hours took, when a meter's row changed inside the
	   run, are here (distinct, at most PK_BILL_EARLIER) */
	struct pk_bill_earlier earlier[PK_BILL_EARLIER];
	size_t n_earlier;
	int64_t first_day, last_day; /* the days whose rows priced the
					first and the last clock hour */
	int at_last_day; /* 1: every hour priced at last_day's rows (how
			    the month is projected when rows changed) */
	char why[200];	 /* not priced though money was asked: why (an
			    hour whose day has no row); "" otherwise */
	char ondemand_missing[200]; /* DynamoDB provisioned without the
				       on-demand comparison (ondemand 0):
				       which row the table lacks */
};

/*
 * The day whose rows price clock hour h of b's run (days from
 * 1970-01-01): with the billing date from clock.start, the UTC day the
 * hour starts on (C-BILL bills each hour at its price; a row's
 * effective_from and effective_to are whole days); with pricing.date or
 * the table's date, that one date for every hour (the user chose it);
 * with b->at_last_day, b->last_day.
 */
int64_t bill_hour_day(const struct pk_scenario *sc, const struct pk_bill *b,
		      int64_t h);

/*
 * Units of 100 RU/s an hour billing ru_per_s RU/s: ceil(ru_per_s / 100),
 * after free_ru_per_s RU/s free (0 none); 0 for ru_per_s <= free.
 */
int64_t bill_units(int64_t ru_per_s, int64_t free_ru_per_s);

/*
 * The cost of one hour's throughput: units x price, less a reservation
 * of reserved_ru_per_s (0 none) priced at std_price per 100 RU/s-hour
 * with discount d: its fee reserved / 100 x std_price x (1 - d) is paid,
 * and up to reserved / 100 x std_price of the hour's cost is covered.
 */
double bill_hour_cost(int64_t units, double price, int64_t reserved_ru_per_s,
		      double std_price, double discount);

/*
 * Hours of the calendar month clock hour h of sc's run is in (its UTC
 * start's month): that month's days x 24 when the scenario has a clock
 * (pricing.md §3: "pksim must take hours from the scenario's
 * calendar"; 744 for January, 672 for February 2026, 720 for
 * November); without a clock the hours are on no calendar, and a month
 * is C-BILL's 720 hours.
 */
double bill_month_hours(const struct pk_scenario *sc, int64_t h);

/*
 * GB-months of storage of hours hours, each holding gb[h] GB at its
 * highest, less free_gb (0 none) each hour: the sum of max(0, gb[h] -
 * free_gb) over month_hours.
 */
double bill_gb_months(const double *gb, size_t hours, double free_gb,
		      double month_hours);

/*
 * The bill of variant v (its mode from v->spec; its hours, autoscale's
 * billed RU/s, the RU consumed and the hourly storage from v and
 * v->metrics) priced by sc->pricing, each clock hour by the rows of
 * its day (bill_hour_day): the run's lines and cost at the rows each
 * hour took, the hour and the month projected at the last hour's rows
 * (a month from now pays today's prices). *out is zeroed, and left with
 * priced 0 when no money was asked for (sc->pricing.prices NULL), v is
 * neither an Azure Cosmos DB variant nor an Amazon DynamoDB one, or an
 * hour's day has no row for a meter the bill needs (why says which;
 * scenario_pricing_resolve refuses that for the planned run, so only a
 * run that overran its plan into such a day meets it).
 */
void bill_build(const struct pk_scenario *sc, const struct pk_result_variant *v,
		struct pk_bill *out);

/*
 * The RU/s a fleet pool bills for wall-clock hour h of variant v's run
 * (rule 40, D-FLEET: billed hourly at its peak): the most it lent in
 * one second of the hour (rounded up to a whole RU/s), at least its
 * minimum (v->spec->fleet.min_ru_per_s). v has a pool; an hour past the
 * metrics' last bills the minimum.
 */
int64_t bill_pool_ru_per_s(const struct pk_result_variant *v, size_t h);

/* 1 when a phase of sc has a weekly schedule (rate: {weekly: ...}). */
int bill_weekly(const struct pk_scenario *sc);

/* 1 when m is one of Amazon DynamoDB's modes (its bill has a reads
   line beside the writes), else 0. */
int bill_mode_ddb(enum pk_bill_mode m);

/* The capacity mode's name: "manual", "autoscale", "serverless",
   "provisioned", "on-demand" (DynamoDB), "fabric" (Cosmos DB in
   Fabric). */
const char *bill_mode_name(enum pk_bill_mode m);

#endif
