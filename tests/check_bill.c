/*
 * bill: pricing.md's statements on Azure Cosmos DB bills (§9, P1-P13),
 * each figure derived beside its test, and runs whose money block shows
 * wall-clock hours billed (P3, P4) and a price table read whole.
 * US prices of C-BILL / C-CHOOSE: $0.008 per 100 RU/s-hour standard,
 * $0.012 autoscale (1.5 x), $0.016 multi-write, $0.25 per million RU
 * serverless, $0.25 per GB-month.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/prices.h"
#include "pksim/report/money.h"
#include "pksim/result/bill.h"
#include "pksim/result/result.h"
#include "testutil.h"

#define STD 0.008
#define AUTO 0.012
#define MULTI 0.016
#define EPS 1e-9

/* hours x units of an hour at price */
static double flat(int64_t ru_per_s, double hours, double price)
{
	return (double)bill_units(ru_per_s, 0) * hours * price;
}

/* P1: 1,000 RU/s = 10 units an hour; x 720 h = 7,200 units; x $0.008 =
   $57.60. */
/* A date's year in four digits at least: day -719,162 is 0001-01-01
   (719,162 days from it to 1970-01-01: 1969 years of 365 days and 477
   leap days, 1969 x 365 + 477), day 0 1970-01-01, day 2,932,897 the
   first of year 10000 (8030 years of 365 days from 1970 and 1,947 leap
   days: 2,930,950 + 1,947). */
START_TEST(test_prices_day_text_year)
{
	char buf[16];

	ck_assert_str_eq(prices_day_text(-719162, buf, sizeof(buf)),
			 "0001-01-01");
	ck_assert_str_eq(prices_day_text(0, buf, sizeof(buf)), "1970-01-01");
	ck_assert_str_eq(prices_day_text(2932897, buf, sizeof(buf)),
			 "10000-01-01");
}
END_TEST

START_TEST(test_p1_full_month)
{
	ck_assert_int_eq(bill_units(1000, 0) * 720, 7200);
	ck_assert_double_eq_tol(flat(1000, 720, STD), 57.60, EPS);
}
END_TEST

/* P2: 2,500 RU/s for 24 h = 25 x 24 = 600 units, $4.80. */
START_TEST(test_p2_partial_month)
{
	ck_assert_int_eq(bill_units(2500, 0) * 24, 600);
	ck_assert_double_eq_tol(flat(2500, 24, STD), 4.80, EPS);
	/* the billing step is 100 RU/s, rounded up: 2,501 bills 26 */
	ck_assert_int_eq(bill_units(2501, 0), 26);
}
END_TEST

/* P5: autoscale Tmax 4,000, idle hour bills 0.1 x 4,000 = 400 RU/s = 4
   units x $0.012 = $0.048; a peak of 6,000 bills 60 units at 1.5 x the
   standard rate = 90 standard units. */
START_TEST(test_p5_autoscale_floor_and_multiplier)
{
	ck_assert_double_eq_tol((double)bill_units(4000 / 10, 0) * AUTO, 0.048,
				EPS);
	ck_assert_double_eq_tol((double)bill_units(6000, 0) * AUTO / STD, 90.0,
				EPS);
}
END_TEST

/* P6: 30,000 RU/s, three hours. Manual: 300 units x 3 x $0.008 = $7.20.
   Autoscale at 6 % / 100 % / 11 %: 1,800 is under the floor 3,000, so
   3,000 + 30,000 + 3,300 = 363 units x $0.012 = $4.356. At 72 % / 93 % /
   100 %: 21,600 + 27,900 + 30,000 = 795 units x $0.012 = $9.54 (the doc
   rounds 27,900 up to 28,000 and prints $9.55). */
START_TEST(test_p6_autoscale_against_manual)
{
	const int pct_a[] = {6, 100, 11}, pct_b[] = {72, 93, 100};
	double a = 0, b = 0;
	int h;

	for (h = 0; h < 3; h++) {
		int64_t ra = 30000 * pct_a[h] / 100,
			rb = 30000 * pct_b[h] / 100;

		a += (double)bill_units(ra < 3000 ? 3000 : ra, 0) * AUTO;
		b += (double)bill_units(rb < 3000 ? 3000 : rb, 0) * AUTO;
	}
	ck_assert_double_eq_tol(flat(30000, 3, STD), 7.20, EPS);
	ck_assert_double_eq_tol(a, 4.356, EPS);
	ck_assert_double_eq_tol(b, 9.54, EPS);
}
END_TEST

/* P7: dynamic autoscale bills the sum of the partitions' peaks 500 +
   200 + 150 + 50 = 900 RU/s (9 units); classic scales all four to the
   hottest's 1,000 of the max: 2,000 (20 units). */
START_TEST(test_p7_dynamic_against_classic)
{
	ck_assert_int_eq(bill_units(500 + 200 + 150 + 50, 0), 9);
	ck_assert_int_eq(bill_units(4 * 500, 0), 20);
}
END_TEST

/* P8: 10,000 RU/s in 4 regions, one writable, 720 h: 400 units x 720 x
   $0.008 = $2,304 ($576 + $1,728); 250 GB in each region = 1,000
   GB-months x $0.25 = $250; total $2,554. */
START_TEST(test_p8_multi_region_single_write)
{
	double gb[720];
	int h;

	for (h = 0; h < 720; h++) {
		gb[h] = 4 * 250.0;
	}
	ck_assert_double_eq_tol(flat(4 * 10000, 720, STD), 2304, EPS);
	ck_assert_double_eq_tol(flat(4 * 10000, 720, STD) +
				    bill_gb_months(gb, 720, 0, 720) * 0.25,
				2554, EPS);
}
END_TEST

/* P9: the same, every region writable, at $0.016: 400 x 720 x 0.016 =
   $4,608 + $250 = $4,858. The doc prints $6,010: it counts the write
   region's $1,152 twice (pricing.md §3 example 10; docs/money.md). */
START_TEST(test_p9_multi_write_corrected)
{
	ck_assert_double_eq_tol(flat(4 * 10000, 720, MULTI) + 250, 4858, EPS);
	ck_assert_double_eq_tol(6010 - 4858, 1152, EPS);
}
END_TEST

/* P10: D1/D2/C1 over 720 h at $0.016, each interval regions x RU/s / 100
   x 0.016 x hours: $27,648. The doc prints $38,688 (write-region lines
   added on top of "additional regions" lines that hold them). */
START_TEST(test_p10_multi_write_month_corrected)
{
	static const struct {
		int64_t ru, regions;
		double hours;
	} iv[] = {{60000, 3, 100}, {120000, 3, 100}, {140000, 3, 100},
		  {90000, 2, 100}, {40000, 2, 100},  {120000, 2, 200},
		  {70000, 2, 20}};
	double sum = 0, hours = 0;
	size_t i;

	for (i = 0; i < sizeof(iv) / sizeof(iv[0]); i++) {
		sum += flat(iv[i].ru * iv[i].regions, iv[i].hours, MULTI);
		hours += iv[i].hours;
	}
	ck_assert_double_eq_tol(hours, 720, EPS);
	ck_assert_double_eq_tol(sum, 27648, 1e-6);
}
END_TEST

/* P11: 100 GB for half a 720-hour month and 50 GB for the other half:
   (100 x 360 + 50 x 360) / 720 = 75 GB-months. */
START_TEST(test_p11_storage_average)
{
	double gb[720];
	int h;

	for (h = 0; h < 720; h++) {
		gb[h] = h < 360 ? 100 : 50;
	}
	ck_assert_double_eq_tol(bill_gb_months(gb, 720, 0, 720), 75, EPS);
}
END_TEST

/* P12: free tier. 1,600 RU/s autoscale peak less 1,000 free = 600 = 6
   units x $0.012 = $0.072. 1,200 RU/s x 3 regions = 3,600 less 1,000 =
   2,600 = 26 units x 744 h x $0.008 = $154.752; 10 GB x 3 = 30 GB less
   25 = 5 GB-months x $0.25 = $1.25: $156.00 to the cent. Multi-write:
   26 x 744 x 0.016 = $309.504 + $1.25 = $310.75. */
START_TEST(test_p12_free_tier)
{
	double gb[744], st;
	int h;

	for (h = 0; h < 744; h++) {
		gb[h] = 30;
	}
	st = bill_gb_months(gb, 744, PK_BILL_FREE_GB, 744) * 0.25;
	ck_assert_double_eq_tol(
	    (double)bill_units(1600, PK_BILL_FREE_RU_PER_S) * AUTO, 0.072, EPS);
	ck_assert_double_eq_tol(st, 1.25, EPS);
	ck_assert_double_eq_tol(
	    round(((double)bill_units(3600, PK_BILL_FREE_RU_PER_S) * 744 * STD +
		   st) *
		  100) /
		100,
	    156.00, EPS);
	ck_assert_double_eq_tol(
	    round(
		((double)bill_units(3600, PK_BILL_FREE_RU_PER_S) * 744 * MULTI +
		 st) *
		100) /
		100,
	    310.75, EPS);
	/* 1,000 RU/s and 25 GB cost nothing */
	ck_assert_int_eq(bill_units(1000, PK_BILL_FREE_RU_PER_S), 0);
}
END_TEST

/* P13: 500,000 RU serverless = 0.5 million x $0.25 = $0.125. */
START_TEST(test_p13_serverless)
{
	ck_assert_double_eq_tol(500000 / 1e6 * 0.25, 0.125, EPS);
}
END_TEST

/* C-BILL's reserved-capacity example: 50,000 RU/s in East US ($0.008)
   and 50,000 in Japan East ($0.009) = $8.50 an hour. 100,000 RU/s
   reserved for a year at 20 % off: $56,064 / 8,760 h = $6.40 an hour,
   covering $8 an hour at US list prices: $0.50 an hour left to pay,
   $6.90 with the reservation's share. */
START_TEST(test_reserved_capacity)
{
	double hour = 500 * 0.008 + 500 * 0.009;

	ck_assert_double_eq_tol(hour, 8.50, EPS);
	ck_assert_double_eq_tol(56064.0 / 8760.0, 6.40, EPS);
	ck_assert_double_eq_tol(bill_hour_cost(1, hour, 100000, STD, 0.20),
				0.50 + 6.40, EPS);
	/* a reservation larger than the hour's cost covers it all, and
	   its fee is still paid */
	ck_assert_double_eq_tol(bill_hour_cost(10, STD, 100000, STD, 0.20),
				6.40, EPS);
}
END_TEST

/* The text report's money block of a scenario run with pricing. */
static char *money_of(const char *yaml)
{
	char args[512], *out, *m;

	snprintf(args, sizeof(args), "run '%s'", tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	m = strstr(out, "\nmoney");
	ck_assert_ptr_nonnull(m);
	m = strdup(m);
	free(out);
	return m;
}

/* P3: 5 minutes inside one wall-clock hour bill 1 hour; 9:55 to 10:05
   bills 2 (C-BILL: any part of a wall-clock hour is the hour). 400 RU/s
   = 4 units an hour. */
START_TEST(test_p3_wall_clock_hours)
{
	char *a = money_of("clock: {start: \"2026-01-01T09:00:00Z\"}\n"
			   "container: {partition_key: /id, throughput: 400}\n"
			   "phases: [{duration: 5m, rate: 1/s}]\n"
			   "pricing: {region: us-nongov}\n");
	char *b = money_of("clock: {start: \"2026-01-01T09:55:00Z\"}\n"
			   "container: {partition_key: /id, throughput: 400}\n"
			   "phases: [{duration: 10m, rate: 1/s}]\n"
			   "pricing: {region: us-nongov}\n");

	ck_assert_ptr_nonnull(strstr(a, "4 x 100 RU/s-hours"));
	ck_assert_ptr_nonnull(strstr(a, "1 clock hour billed"));
	ck_assert_ptr_nonnull(strstr(b, "8 x 100 RU/s-hours"));
	ck_assert_ptr_nonnull(strstr(b, "2 clock hours billed"));
	/* billing date from the clock's start */
	ck_assert_ptr_nonnull(strstr(a, "(prices of 2026-01-01, us-nongov, "
					"USD)"));
	free(a);
	free(b);
}
END_TEST

/* P3 for autoscale, classic and dynamic: a run whose clock starts at
   23:59:30 and lasts 60 s touches the 23:00 and the 00:00 hours, and
   each bills (C-BILL; C-AFAQ: each hour bills its highest T, never
   below 0.1 x Tmax). Tmax 8,000 with 1 write a second stays at its
   floor, 800 RU/s = 8 units an hour: 2 hours x 8 x $0.012 = $0.192
   (16 units). The same run from 00:00:00 touches one hour: 8 units,
   $0.096. */
START_TEST(test_p3_autoscale_wall_clock_hours)
{
	static const char *const modes[] = {"classic", "dynamic"};
	size_t i;

	for (i = 0; i < 2; i++) {
		char yaml[512], *a, *b;
		const char *fmt =
		    "clock: {start: \"2026-11-30T%s\"}\n"
		    "container: {partition_key: /id, autoscale_max: 8000, "
		    "autoscale_mode: %s}\n"
		    "phases: [{duration: 60s, rate: 1/s}]\n"
		    "pricing: {region: us-nongov}\n";

		snprintf(yaml, sizeof(yaml), fmt, "23:59:30Z", modes[i]);
		a = money_of(yaml);
		snprintf(yaml, sizeof(yaml), fmt, "00:00:00Z", modes[i]);
		b = money_of(yaml);
		ck_assert_msg(strstr(a, "16 x 100 RU/s-hours"), "%s", a);
		ck_assert_ptr_nonnull(strstr(a, "2 clock hours billed"));
		ck_assert_ptr_nonnull(strstr(a, "$0.1920 (prices of"));
		ck_assert_msg(strstr(b, "8 x 100 RU/s-hours"), "%s", b);
		ck_assert_ptr_nonnull(strstr(b, "1 clock hour billed"));
		free(a);
		free(b);
	}
}
END_TEST

/* P11 for data the run only reads: 5 existing partitions of 20 GB
   each (100 GB, counted as GiB as the report's storage) and reads
   that find nothing, so no second serves anything: the one clock hour
   the 60 s run touches still holds the 100 GB (C-BILL: storage is
   billed on what is stored each hour, written by the run or not).
   100 / 720 = 0.138889 GB-months x $0.25 = $0.0347; the month 100 GB x
   $0.25 = $25 beside 100 units x $0.008 x 720 = $576: $601.00. */
START_TEST(test_p11_storage_never_written)
{
	char *a = money_of("clock: {start: \"2026-11-30T00:00:00Z\"}\n"
			   "container: {partition_key: /k, throughput: "
			   "10000, partitions: 5, storage_per_partition: "
			   "20GB}\n"
			   "items: {k: {values: \"k{0000..9999}\"}}\n"
			   "phases: [{duration: 60s, rate: 10/s, ops: {read: "
			   "1}, item_size: 1000B}]\n"
			   "pricing: {region: us-nongov}\n");

	ck_assert_msg(strstr(a, "storage     0.138889 GB-months"), "%s", a);
	ck_assert_msg(strstr(a, "$601.00"), "%s", a);
	free(a);
}
END_TEST

/* P12 in one region (pricing.md §3 example 13): 3,600 RU/s, free tier,
   30 GB held all of a 31-day January (744 h, from the scenario's
   clock: pricing.md §3 "pksim must take hours from the scenario's
   calendar"): 36 - 10 = 26 units x 744 x $0.008 = $154.752; storage 30
   - 25 = 5 GB all month = 5 GB-months x $0.25 = $1.25; run $156.00
   (744 / 720 x 5 would bill 5.167). February 2026 (672 h) holds 5
   GB-months too: 26 x 672 x 0.008 = $139.776 + $1.25 = $141.03. The
   free tier line: 10 units an hour + 25 GB a month: 10 x 744 x 0.008 +
   25 x 0.25 = $65.77. A month at this workload is 720 h of 26 units
   (149.76) + 5 GB-months (1.25) = $151.01, either start. */
START_TEST(test_p12_storage_calendar_month)
{
	static const char fmt[] =
	    "clock: {start: \"%s\"}\n"
	    "container: {partition_key: /k, throughput: 3600, partitions: "
	    "1, storage_per_partition: 30GB}\n"
	    "pricing: {region: us-nongov, free_tier: true}\n"
	    "items: {k: {values: \"k{0000..9999}\"}}\n"
	    "phases: [{duration: %s, rate: 1/m, ops: {read: 1}, "
	    "item_size: 1000B}]\n";
	char yaml[1024], *jan, *feb;

	snprintf(yaml, sizeof(yaml), fmt, "2026-01-01T00:00:00Z", "31d");
	jan = money_of(yaml);
	ck_assert_msg(strstr(jan, "storage     5.000 GB-months"), "%s", jan);
	ck_assert_msg(strstr(jan, "744 clock hours billed            $156.00"),
		      "%s", jan);
	ck_assert_msg(strstr(jan, "-$65.77"), "%s", jan);
	ck_assert_msg(strstr(jan, "720 h at this workload            $151.01"),
		      "%s", jan);
	snprintf(yaml, sizeof(yaml), fmt, "2026-02-01T00:00:00Z", "28d");
	feb = money_of(yaml);
	ck_assert_msg(strstr(feb, "storage     5.000 GB-months"), "%s", feb);
	ck_assert_msg(strstr(feb, "672 clock hours billed            $141.03"),
		      "%s", feb);
	ck_assert_msg(strstr(feb, "720 h at this workload            $151.01"),
		      "%s", feb);
	free(jan);
	free(feb);
}
END_TEST

/* A reservation's discount is printed as given: 1,000 RU/s at 12.5%
   off (not "12%" or "13%"). 2,500 RU/s for one clock hour: 25 units x
   $0.008 = $0.20, the reservation's fee 10 x 0.008 x 0.875 = $0.07
   less the $0.08 it covers: -$0.0100, the run $0.19. */
START_TEST(test_reserved_discount_as_given)
{
	char *m = money_of("clock: {start: \"2026-01-01T09:00:00Z\"}\n"
			   "container: {partition_key: /id, throughput: "
			   "2500}\n"
			   "phases: [{duration: 1m, rate: 1/s}]\n"
			   "pricing: {region: us-nongov, reserved: {ru_per_s: "
			   "1000, discount: 12.5}}\n");

	ck_assert_msg(strstr(m, "1000 RU/s at 12.5% off"), "%s", m);
	ck_assert_msg(strstr(m, "-$0.0100"), "%s", m);
	ck_assert_msg(strstr(m, "1 clock hour billed               $0.1900"),
		      "%s", m);
	free(m);
}
END_TEST

/* P4: 400 RU/s from 9:00, 1,000 from 9:30, 400 again from 10:45, to
   11:00: the 9:00 and 10:00 hours bill 1,000 each, 10 + 10 = 20 units x
   $0.008 = $0.16; none at 400. */
START_TEST(test_p4_highest_in_the_hour)
{
	char *m = money_of("clock: {start: \"2026-01-01T09:00:00Z\"}\n"
			   "container: {partition_key: /id, throughput: 400}\n"
			   "phases:\n"
			   "  - {duration: 30m, rate: 1/s}\n"
			   "  - {duration: 75m, rate: 1/s, throughput: 1000}\n"
			   "  - {duration: 15m, rate: 1/s, throughput: 400}\n"
			   "pricing: {region: us-nongov}\n");

	ck_assert_ptr_nonnull(strstr(m, "20 x 100 RU/s-hours"));
	ck_assert_ptr_nonnull(strstr(m, "$0.1600 (prices of"));
	free(m);
}
END_TEST

/* A serverless month is the workload's rate of consumption over a
   30-day month, whatever the run's length inside its clock hour: 100
   creates of 1 KB a second x 5 RU (cost: defaults) = 500 RU/s x
   2,592,000 s = 1,296 million RU x $0.25 = $324.00, for a 60-s run (0.03
   million RU) and a 600-s one (0.3 million RU) alike. Billed per clock
   hour they would give $5.40 and $54.00. An hour at this workload is
   the month's 1/720, as for provisioned capacity: 500 RU/s x 3,600 s =
   1.8 million RU x $0.25 = $0.45 (the run's cost over its one clock
   hour, $0.0075 and $0.075, would make serverless look 60x and 6x
   cheaper an hour than its own month says). */
START_TEST(test_month_consumption_rate)
{
	static const char *const runs[] = {"60s", "600s"};
	size_t i;

	for (i = 0; i < 2; i++) {
		char yaml[512], *m;

		snprintf(yaml, sizeof(yaml),
			 "container: {partition_key: /k, serverless: true}\n"
			 "items: {k: {values: \"k{000..999}\"}}\n"
			 "pricing: {region: us-nongov}\n"
			 "phases: [{duration: %s, rate: 100/s, item_size: "
			 "1KB, ops: {create: 1}}]\n",
			 runs[i]);
		m = money_of(yaml);
		ck_assert_msg(strstr(m, "720 h at this workload            "
					"$324.0"),
			      "%s", m);
		ck_assert_msg(strstr(m, "an hour     a month / 720          "
					"           $0.4500"),
			      "%s", m);
		free(m);
	}
}
END_TEST

/* Several streams: each one's RU over the seconds it was served in,
   the rates summed. Stream app creates 100 items of 1 KB a second for
   10 s, open loop: 5 RU each, 5,000 RU over its 10 s, 500 RU/s. Stream
   audit offers 10 creates a second for 10 s to one closed-loop worker
   of 1 s: its k-th goes at k s, the 100th at 99 s, so its 500 RU take
   100 s: 5 RU/s. A month at 505 RU/s: 505 x 2,592,000 = 1,308.96 million
   RU x $0.25 = $327.24 (the 1,100 items' 1.1 MB store $0.0003 a month).
   Every stream's RU over the audit's 100 s would be 5,500 / 100 = 55
   RU/s: $35.64. */
START_TEST(test_month_streams_rates)
{
	char *m = money_of(
	    "container: {partition_key: /id, serverless: true}\n"
	    "pricing: {region: us-nongov}\n"
	    "streams:\n"
	    "  - name: app\n"
	    "    client: {retries: off}\n"
	    "    phases: [{duration: 10s, rate: 100/s, item_size: 1KB, "
	    "ops: {create: 1}}]\n"
	    "  - name: audit\n"
	    "    client: {retries: off, concurrency: 1, latency: 1s}\n"
	    "    phases: [{duration: 10s, rate: 10/s, item_size: 1KB, "
	    "ops: {create: 1}}]\n");

	ck_assert_msg(strstr(m, "720 h at this workload            $327.24"),
		      "%s", m);
	free(m);
}
END_TEST

/* Streams repeat together: app creates 100 items of 1 KB a second for
   60 s, warmup 500 a second for its first 10 s (3,000 RU/s at most,
   under the partition's 5,000), 5 RU each: (6,000 + 5,000) x 5 =
   55,000 RU every 60 s, 916.67 RU/s: 55,000 / 60 x 2,592,000 = 2,376
   million RU x $0.25 = $594.00 a month (the 11,000 items' 11 MB store
   $0.003). Each stream over its own phases would be 500 + 2,500 RU/s:
   $1,944.00. */
START_TEST(test_month_streams_cycle)
{
	char *m = money_of(
	    "container: {partition_key: /id, serverless: true}\n"
	    "pricing: {region: us-nongov}\n"
	    "streams:\n"
	    "  - name: app\n"
	    "    client: {retries: off}\n"
	    "    phases: [{duration: 60s, rate: 100/s, item_size: 1KB, "
	    "ops: {create: 1}}]\n"
	    "  - name: warmup\n"
	    "    client: {retries: off}\n"
	    "    phases: [{duration: 10s, rate: 500/s, item_size: 1KB, "
	    "ops: {create: 1}}]\n");

	ck_assert_msg(strstr(m, "720 h at this workload            $594.00"),
		      "%s", m);
	free(m);
}
END_TEST

/* The line of the money block starting with label (after two spaces),
   up to the tag: "  throughput  ...  $0.2500". Owned. */
static char *money_line(const char *m, const char *label)
{
	char want[64];
	const char *p, *e;

	snprintf(want, sizeof(want), "\n  %s", label);
	p = strstr(m, want);
	ck_assert_ptr_nonnull(p);
	e = strstr(p, " (prices of");
	ck_assert_ptr_nonnull(e);
	return strndup(p, (size_t)(e - p));
}

/* money_of a serverless container priced by the table at csv on date:
   60 s of 100 creates of 1 KB a second. */
static char *serverless_money(const char *csv, const char *date)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
		 "container: {partition_key: /id, serverless: true}\n"
		 "phases: [{duration: 60s, rate: 100/s, ops: {create: 1}}]\n"
		 "pricing: {region: r1, table: '%s', date: %s}\n",
		 csv, date);
	return money_of(yaml);
}

/* P20, on the Azure Cosmos DB meters pksim bills today (the DynamoDB
   rows wait for its mode): a table whose serverless price halves on
   2024-11-01 ($0.50 to $0.25 per million RU) while storage stays
   $0.25. Moving only the billing date across the change halves the
   throughput line and leaves the storage line as it was. 100 creates
   of 1 KB a second for 60 s = 6,000 x 5 RU (cost: defaults) = 0.03
   million RU: $0.0150 before, $0.0075 after. */
START_TEST(test_p20_billing_date_changes_only_changed_rows)
{
	static const char table[] =
	    "provider,region,meter,unit,price,currency,effective_from,"
	    "effective_to,source,read_on,status\n"
	    "cosmos,r1,serverless,1M-RU,0.50,USD,,2024-10-31,t,2026-11-30,"
	    "doc-example\n"
	    "cosmos,r1,serverless,1M-RU,0.25,USD,2024-11-01,,t,2026-11-30,"
	    "doc-example\n"
	    "cosmos,r1,storage_transactional,GB-month,0.25,USD,,,t,"
	    "2026-11-30,doc-example\n";
	const char *csv = tu_dir_file("t.csv", table);
	char *a = serverless_money(csv, "2024-10-31");
	char *b = serverless_money(csv, "2024-11-01");
	char *ta, *tb, *sa, *sb;

	ta = money_line(a, "throughput");
	tb = money_line(b, "throughput");
	sa = money_line(a, "storage");
	sb = money_line(b, "storage");
	ck_assert_ptr_nonnull(strstr(ta, "0.03 million RU consumed"));
	ck_assert_ptr_nonnull(strstr(ta, "$0.0150"));
	ck_assert_ptr_nonnull(strstr(tb, "$0.0075"));
	ck_assert_str_eq(sa, sb);
	ck_assert_ptr_nonnull(strstr(a, "(prices of 2024-10-31, r1, USD)"));
	ck_assert_ptr_nonnull(strstr(b, "(prices of 2024-11-01, r1, USD)"));
	ck_assert_ptr_nonnull(strstr(a, "billing date 2024-10-31 from "
					"pricing.date"));
	free(ta);
	free(tb);
	free(sa);
	free(sb);
	free(a);
	free(b);
}
END_TEST

/* The shipped table reads whole: every row of pricing.md §8, and the
   rows chosen by date across DynamoDB's 2024-11-01 cut. */
START_TEST(test_shipped_table)
{
	struct pk_diag d;
	struct pk_price_table *t;
	const struct pk_price_row *r;
	int64_t before, after;

	diag_init(&d);
	t = prices_load(tu_src("data/prices/prices-2026-11-30.csv"), &d);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_ge(t->n_rows, 15);
	ck_assert_int_eq(prices_parse_day("2024-10-31", &before), 0);
	ck_assert_int_eq(prices_parse_day("2024-11-01", &after), 0);
	r = prices_find(t, "dynamodb", "us-east-1", "ondemand_wru_standard",
			before);
	ck_assert_double_eq_tol(r->price, 1.25, EPS);
	r = prices_find(t, "dynamodb", "us-east-1", "ondemand_wru_standard",
			after);
	ck_assert_double_eq_tol(r->price, 0.625, EPS);
	ck_assert_int_eq(r->status, PK_PRICE_THIRD_PARTY);
	r = prices_find(t, "cosmos", "us-nongov", "provisioned_single_write",
			after);
	ck_assert_double_eq_tol(r->price, STD, EPS);
	/* no fallback to another region */
	ck_assert_ptr_null(
	    prices_find(t, "cosmos", "japaneast", "serverless", after));
	prices_free(t);
	diag_free(&d);
}
END_TEST

/* A table saved with a UTF-8 byte-order mark (a spreadsheet's "CSV
   UTF-8") reads as without it: the mark is no part of the header's
   first name, "provider". */
START_TEST(test_table_with_bom)
{
	char *plain =
	    tu_read_file(tu_src("data/prices/prices-2026-11-30.csv"), NULL);
	char *bom = malloc(strlen(plain) + 4), *path;
	struct pk_diag d;
	struct pk_price_table *t;

	ck_assert_ptr_nonnull(plain);
	ck_assert_ptr_nonnull(bom);
	memcpy(bom, "\xEF\xBB\xBF", 3);
	strcpy(bom + 3, plain);
	path = tu_write_file(tu_dir, "bom.csv", bom);
	diag_init(&d);
	t = prices_load(path, &d);
	ck_assert_msg(t != NULL, "%s", d.n_errors ? tu_diag_text(&d) : "");
	ck_assert_double_eq_tol(
	    prices_find(t, "cosmos", "us-nongov", "provisioned_single_write", 0)
		->price,
	    STD, EPS);
	prices_free(t);
	diag_free(&d);
	free(path);
	free(bom);
	free(plain);
}
END_TEST

/* The month from a weekly schedule's week. Autoscale (max 4,000: floor
   400 RU/s), 240 clock hours from a Monday 00:00: the 8 weekdays bill
   1,000 RU/s an hour (10 units x $0.012 = $0.12), the Saturday and
   Sunday the floor (4 units, $0.048); nothing stored.
   The run: 8 x 24 x $0.12 + 2 x 24 x $0.048 = $23.04 + $2.304 = $25.344,
   $0.1056 an hour. Without a weekly schedule the month is 720 x $0.1056
   = $76.032. With one, the run's one whole week (hours 0-167: 5
   weekdays, the weekend) costs 5 x 24 x $0.12 + 2 x 24 x $0.048 =
   $16.704, and the month is that week repeated 30/7 times: $71.5886. */
START_TEST(test_month_from_week)
{
	struct pk_diag d;
	struct pk_scenario sc;
	struct pk_container_spec spec;
	struct pk_schedule_spec sched;
	struct pk_phase_spec phase;
	struct pk_metrics m;
	struct pk_result_variant v;
	struct pk_bill b;
	int64_t billed[240];
	int h;

	diag_init(&d);
	memset(&sc, 0, sizeof(sc));
	memset(&spec, 0, sizeof(spec));
	memset(&sched, 0, sizeof(sched));
	memset(&phase, 0, sizeof(phase));
	memset(&m, 0, sizeof(m));
	memset(&v, 0, sizeof(v));
	sc.pricing.prices =
	    prices_load(tu_src("data/prices/prices-2026-11-30.csv"), &d);
	ck_assert_ptr_nonnull(sc.pricing.prices);
	sc.pricing.region = "us-nongov";
	sc.pricing.date_day = -1;
	sc.phases = &phase;
	sc.n_phases = 1;
	for (h = 0; h < 240; h++) {
		int day = h / 24 % 7; /* 0 Monday .. 6 Sunday */

		billed[h] = day >= 5 ? 400 : 1000;
	}
	v.cosmos = 1;
	v.spec = &spec;
	v.autoscale = 1;
	v.billed_ru_per_s = billed;
	v.n_hours = 240;
	v.end_s = 240 * 3600;
	v.metrics = &m;
	bill_build(&sc, &v, &b);
	ck_assert_int_eq(b.hours, 240);
	ck_assert_double_eq_tol(b.cost, 25.344, EPS);
	ck_assert_double_eq_tol(b.month, 76.032, EPS);
	ck_assert_int_eq(b.month_from_week, 0);
	phase.schedule = &sched;
	sched.has_weekly = 1;
	bill_build(&sc, &v, &b);
	ck_assert_int_eq(b.weeks, 1);
	ck_assert_double_eq_tol(b.weeks_cost, 16.704, EPS);
	ck_assert_double_eq_tol(b.month, 16.704 * 30 / 7, EPS);
	ck_assert_int_eq(b.month_from_week, 1);
	/* under a week: the weekly schedule cannot give its week */
	v.n_hours = 100;
	v.end_s = 100 * 3600;
	bill_build(&sc, &v, &b);
	ck_assert_int_eq(b.weeks, 0);
	ck_assert_int_eq(b.month_from_week, 0);
	ck_assert_int_eq(b.weekly, 1);
	prices_free(sc.pricing.prices);
	diag_free(&d);
}
END_TEST

/* A bill at the highest price of its unit (prices_max: 100,000 per 100
   RU/s-hour) in the longest run the loader takes: 1,000,000 RU/s =
   10,000 units an hour; 366 days from 2026-01-01T00:00:00Z touch 366 x
   24 = 8,784 clock hours: 87,840,000 units x $100,000 =
   $8,784,000,000,000.00 for the run, printed to the cent; an hour is
   10,000 x $100,000 = $1,000,000,000.00 and a month 720 of them,
   $720,000,000,000.00. Storage is priced 0 so the run is throughput's
   alone. One cent more per unit is refused (tests/bad:
   pricing-table-price-above-max). */
START_TEST(test_bill_at_price_limit)
{
	char *m =
	    money_of("container: {partition_key: /id, throughput: 1000000}\n"
		     "phases: [{duration: 366d, rate: 1/h}]\n"
		     "pricing: {region: us-nongov, overrides: "
		     "{cosmos.us-nongov.provisioned_single_write: 100000, "
		     "cosmos.us-nongov.storage_transactional: 0}}\n");
	char *t = money_line(m, "throughput");
	char *run = money_line(m, "the run");
	char *hour = money_line(m, "an hour");
	char *month = money_line(m, "a month");

	ck_assert_ptr_nonnull(strstr(t, "87840000 x 100 RU/s-hours"));
	ck_assert_ptr_nonnull(strstr(t, " $8,784,000,000,000.00"));
	ck_assert_ptr_nonnull(strstr(run, "8784 clock hours billed"));
	ck_assert_ptr_nonnull(strstr(run, " $8,784,000,000,000.00"));
	ck_assert_ptr_nonnull(strstr(hour, " $1,000,000,000.00"));
	ck_assert_ptr_nonnull(strstr(month, " $720,000,000,000.00"));
	free(t);
	free(run);
	free(hour);
	free(month);
	free(m);
}
END_TEST

/* A bill whose amount would pass PK_MONEY_MAX is not priced, and says
   which amount: a provisioned table's on-demand comparison at the
   highest 1M-WRU price (20,000) of 600,000 creates of 400 KB items (400
   WRU each, D1) in one second on 1,000,000 key values. On demand a key
   value takes 1,000 WRU a second (D3), so each value's first 2 creates
   count: with 600,000 draws the creates past a value's second are
   1,000,000 x E[max(0, N - 2)], N Poisson(0.6): 0.6 - (0.3293 + 2 x
   0.1219) = 0.0269, about 26,900; so about 573,100 creates, 229.2
   million WRU x 20,000 = 4.6 million a second, and a month of seconds
   x 2,592,000 = about 1.19 x 10^13 USD, above 10^13 (a 20 % margin
   over the draws' spread). */
START_TEST(test_bill_past_money_max_unpriced)
{
	char *m = money_of(
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /k, write_capacity_units: "
	    "1000, read_capacity_units: 1000}\n"
	    "client: {retries: off}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30, overrides: "
	    "{dynamodb.us-east-1.ondemand_wru_standard: 20000}}\n"
	    "items:\n  k: {values: \"k{000000..999999}\"}\n"
	    "phases: [{duration: 1s, rate: 600000/s, ops: {create: 1}, "
	    "item_size: 400KB}]\n");

	ck_assert_ptr_nonnull(
	    strstr(m, "\n  not priced: a month on demand would cost about "));
	ck_assert_ptr_nonnull(strstr(m, "more than the 10,000,000,000,000 a "
					"bill may hold"));
	ck_assert_ptr_null(strstr(m, "$"));
	free(m);
}
END_TEST

/* --prices FILE is held to the same ceilings as pricing.table: a
   table whose serverless row costs 1e308 per 1M-RU (its most is 2,000:
   a run charges at most 4.6 x 10^9 million RU) stops run and compare
   before they start, at the row's line and column (line 2, the price
   after "cosmos,us-nongov,serverless,1M-RU,", 6 + 9 + 10 + 5 letters
   and 4 commas: column 35), exit 2, no report. */
START_TEST(test_prices_flag_bounded)
{
	static const char table[] =
	    "provider,region,meter,unit,price,currency,effective_from,"
	    "effective_to,source,read_on,status\n"
	    "cosmos,us-nongov,serverless,1M-RU,1e308,USD,,,t,2026-11-30,"
	    "doc-example\n"
	    "cosmos,us-nongov,storage_transactional,GB-month,0.25,USD,,,t,"
	    "2026-11-30,doc-example\n";
	const char *csv = tu_dir_file("big.csv", table);
	const char *yaml = tu_dir_file(
	    "s.yaml", "container: {partition_key: /id, serverless: true}\n"
		      "phases: [{duration: 10s, rate: 1/s}]\n"
		      "variants: [{name: a}, {name: b}]\n"
		      "pricing: {region: us-nongov}\n");
	const char *cmd[] = {"run", "compare"};
	char args[1024], want[1024], *out, *err;
	size_t i;

	snprintf(want, sizeof(want),
		 "pksim: %s:2:35: error: price 1e308 per 1M-RU is more than "
		 "a bill can hold: allowed 0 to 2,000 (a run charges at most "
		 "4.6 x 10^9 million RU, and a bill line stops at "
		 "10,000,000,000,000)\n",
		 csv);
	for (i = 0; i < 2; i++) {
		snprintf(args, sizeof(args), "%s '%s' --prices '%s'", cmd[i],
			 yaml, csv);
		ck_assert_int_eq(tu_run(args, &out, &err), 2);
		ck_assert_str_eq(err, want);
		ck_assert_str_eq(out, "");
		free(out);
		free(err);
	}
}
END_TEST

/* money_fmt to the cent at PK_MONEY_MAX, and no 64-bit wrap past it:
   10^19 is above INT64_MAX (9.22 x 10^18) whole dollars. */
START_TEST(test_money_fmt_bounds)
{
	char buf[PK_MONEY_BYTES];

	ck_assert_str_eq(money_fmt(PK_MONEY_MAX - 0.01, "USD", buf),
			 "$9,999,999,999,999.99");
	ck_assert_str_eq(money_fmt(8784e9, "EUR", buf),
			 "8,784,000,000,000.00 EUR");
	ck_assert_str_eq(money_fmt(1e19, "USD", buf), "$1e+19");
	ck_assert_str_eq(money_fmt(-1e19, "USD", buf), "-$1e+19");
	ck_assert_str_eq(money_fmt(0.0024, "USD", buf), "$0.0024");
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("bill");
	TCase *tc = tcase_create("bill");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);

	tcase_add_test(tc, test_p1_full_month);
	tcase_add_test(tc, test_p2_partial_month);
	tcase_add_test(tc, test_p3_wall_clock_hours);
	tcase_add_test(tc, test_p3_autoscale_wall_clock_hours);
	tcase_add_test(tc, test_p11_storage_never_written);
	tcase_add_test(tc, test_p12_storage_calendar_month);
	tcase_add_test(tc, test_reserved_discount_as_given);
	tcase_add_test(tc, test_p4_highest_in_the_hour);
	tcase_add_test(tc, test_p5_autoscale_floor_and_multiplier);
	tcase_add_test(tc, test_p6_autoscale_against_manual);
	tcase_add_test(tc, test_p7_dynamic_against_classic);
	tcase_add_test(tc, test_p8_multi_region_single_write);
	tcase_add_test(tc, test_p9_multi_write_corrected);
	tcase_add_test(tc, test_p10_multi_write_month_corrected);
	tcase_add_test(tc, test_p11_storage_average);
	tcase_add_test(tc, test_p12_free_tier);
	tcase_add_test(tc, test_p13_serverless);
	tcase_add_test(tc, test_month_streams_rates);
	tcase_add_test(tc, test_month_streams_cycle);
	tcase_add_test(tc, test_reserved_capacity);
	tcase_add_test(tc, test_month_from_week);
	tcase_add_test(tc, test_month_consumption_rate);
	tcase_add_test(tc, test_p20_billing_date_changes_only_changed_rows);
	tcase_add_test(tc, test_shipped_table);
	tcase_add_test(tc, test_table_with_bom);
	tcase_add_test(tc, test_bill_at_price_limit);
	tcase_add_test(tc, test_bill_past_money_max_unpriced);
	tcase_add_test(tc, test_money_fmt_bounds);
	tcase_add_test(tc, test_prices_flag_bounded);
	tcase_add_test(tc, test_prices_day_text_year);
	suite_add_tcase(s, tc);
	return s;
}
