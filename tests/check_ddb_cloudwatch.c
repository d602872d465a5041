/*
 * ddb_cloudwatch: CloudWatch's 1-minute view of a DynamoDB table beside
 * the per-second truth (D15; dynamodb-mechanics.md §9 "Metrics",
 * statement 32 of §16), through the run and the reports.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/report_csv.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_text.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

#define CU 1000

/* report_json of one variant's run, no scorecards */
static int json_report(const struct pk_result *r, FILE *out)
{
	return report_json(r, 0, out);
}

/* Statement 32's table: 60 WCU (and 1 RCU: 1 partition, D4) receiving
   3,600 writes of 1 KiB (1 WCU each, D1) inside its first second; the
   client retries a throttle after the rest of the second (retry_mode
   client, the default: up to 9 retries). */
static const char sixty[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table:\n"
    "  partition_key: /pk\n"
    "  read_capacity_units: 1\n"
    "  write_capacity_units: 60\n"
    "items:\n"
    "  pk: {values: \"k-{0000..0999}\"}\n"
    "phases:\n"
    "  - {duration: 1s, rate: 3600/s, item_size: 1KB}\n";

/*
 * Each second the partition admits at most 60 WCU plus its burst bank
 * (300 s x 60 = 18,000 units, full at the start: docs/dynamodb.md),
 * and never past its 1,000 WCU cap (D3): 1,000 admitted in second 0
 * and 2,600 throttled; their retries in second 1: 1,000 and 1,600;
 * second 2: 1,000 and 600; second 3: 600 (the bank gave 940 + 940 +
 * 940 + 540 = 3,360 < 18,000). CloudWatch's minute sums 3,600 units
 * consumed (statement 32: the 3,600 writes, 60 a second on average,
 * what the table is provisioned for) and 2,600 + 1,600 + 600 = 4,800
 * throttled requests; its busiest second consumed 1,000 and threw 2,600.
 * CloudWatch's metrics keep the sides apart: the 3,600 units are
 * ConsumedWriteCapacityUnits (60.0 a second of the table's 60 WCU) and
 * the reads' metric is 0 of its 1 RCU; each throttled PutItem is one
 * write throttle event of the one partition, 4,800 (2,600 in second 0),
 * none a read's.
 */
START_TEST(test_ddb_cloudwatch_statement_32)
{
	struct tu_fx f;
	const struct pk_metrics *m;
	const struct pk_second *mi;
	char *text, *json;

	tu_fx_run(&f, "sixty.yaml", sixty);
	m = tu_metrics(f.run->variants[0].svc);
	ck_assert_uint_eq(m->n_minutes, 1);
	mi = &m->minutes[0];
	ck_assert_int_eq(mi->served_mru, 3600LL * CU);
	ck_assert_int_eq(mi->peak_served_mru, 1000LL * CU);
	ck_assert_uint_eq(mi->throttled_429, 4800);
	ck_assert_uint_eq(mi->peak_throttled, 2600);
	ck_assert_int_eq(mi->side_used_mcu[0], 0);
	ck_assert_int_eq(mi->side_used_mcu[1], 3600LL * CU);
	ck_assert_int_eq(mi->peak_side_mcu[1], 1000LL * CU);
	ck_assert_int_eq(mi->side_cap_mcu[0], 1LL * CU);
	ck_assert_int_eq(mi->side_cap_mcu[1], 60LL * CU);
	ck_assert_uint_eq(mi->side_throttled[0], 0);
	ck_assert_uint_eq(mi->side_throttled[1], 4800);
	ck_assert_uint_eq(mi->peak_side_throttled[1], 2600);
	text = tu_report(f.r, report_text);
	/* a row a metric: t (s), sum, / 60, the side's units a second,
	   the busiest second's */
	ck_assert_msg(
	    strstr(text, "\n  0        ConsumedReadCapacityUnits             0"
			 "        0.0            1            0\n"
			 "           ConsumedWriteCapacityUnits        3,600"
			 "       60.0           60        1,000\n"
			 "           ReadThrottleEvents                    0"
			 "                                    0\n"
			 "           WriteThrottleEvents               4,800"
			 "                                2,600\n"
			 "           ThrottledRequests                 4,800"
			 "                                2,600\n"),
	    "%s", text);
	/* its minutes are cut from the run's start, not the wall clock's */
	ck_assert_msg(strstr(text, "the minutes are the run's, from its start "
				   "(t = 0), not the wall clock's minutes "
				   "CloudWatch cuts on"),
		      "%s", text);
	json = tu_report(f.r, json_report);
	ck_assert_msg(strstr(json, "\"peak_second_ru\": 1000"), "%s", json);
	ck_assert_msg(strstr(json, "\"peak_second_throttled_429\": 2600"), "%s",
		      json);
	free(text);
	free(json);
	tu_fx_free(&f);
}
END_TEST

/*
 * The CSV in DynamoDB's units, the same run: each second's row of the
 * one partition gives its read and write units consumed and its read
 * and write shares (D3: apart; D5: 1 RCU and 60 WCU over 1 partition),
 * its RU columns empty. Consumed: 1,000 WCU in seconds 0, 1, 2 and 600
 * in second 3 (above); requests 3,600, 2,600, 1,600, 600 (first
 * attempts, then the throttled ones' retries); normalized 1 each second
 * (a throttle, or 600 of a 60 share). The table's minute row (range_id
 * empty, span_s 60, D15): 3,600 WCU summed, 4,800 throttled and 4,800
 * retries summed, the busiest second's 1,000 units and 2,600 throttles;
 * then each side's busiest second (0 RCU, 1,000 WCU) and throttle events
 * (0 read; 4,800 write, 2,600 in second 0).
 */
START_TEST(test_ddb_cloudwatch_csv)
{
	struct tu_fx f;
	char *csv;

	tu_fx_run(&f, "sixty.yaml", sixty);
	csv = tu_report(f.r, report_csv);
	ck_assert_msg(strstr(csv, "retries,rcu_consumed,wcu_consumed,rcu_share,"
				  "wcu_share,span_s,peak_second_units,"
				  "peak_second_throttled,peak_second_rcu,"
				  "peak_second_wcu,read_throttle_events,"
				  "write_throttle_events,"
				  "peak_second_read_throttle_events,"
				  "peak_second_write_throttle_events\n"),
		      "%s", csv);
	ck_assert_msg(strstr(csv, "\"pk\",0,\"0\",,,1,3600,2600,"), "%s", csv);
	ck_assert_msg(strstr(csv,
			     ",0,0,1000,1,60,1,,,,,,,,\n\"pk\",1,\"0\",,,1,"
			     "2600,1600,"),
		      "%s", csv);
	ck_assert_msg(strstr(csv,
			     ",1600,0,1000,1,60,1,,,,,,,,\n\"pk\",3,\"0\",,,"
			     "1,600,0,"),
		      "%s", csv);
	ck_assert_msg(strstr(csv, ",600,0,600,1,60,1,,,,,,,,\n"), "%s", csv);
	ck_assert_msg(strstr(csv, "\"pk\",0,\"\",,,1,,4800,,4800,0,3600,1,60,"
				  "60,1000,2600,0,1000,0,4800,0,2600\n"),
		      "%s", csv);
	free(csv);
	tu_fx_free(&f);
}
END_TEST

/*
 * A BatchWriteItem's throttles as CloudWatch counts them (reference §9:
 * ThrottledRequests counts a request once; AWS counts a batch only when
 * none of its items was processed). One partition (ceil(1 / 3,000 +
 * 100 / 1,000) = 1, D4) of 100 WCU, burst off; each second 8 batches of
 * 24 items of 1 KiB (1 WCU each, D1) on one key value, 192 items in
 * batch order: batches 1-4 written whole (96), batch 5 partly (4
 * items; 20 unprocessed), batches 6-8 fit nothing and are throttled.
 * Over 60 s: 180 throttled requests (3 a second), 60 partly written
 * batches, 6,000 items written; the 5,520 throttled items (92 a
 * second) are write throttle events, not requests. The minute sums 180
 * (the run's total), its busiest second 3; its write throttle events
 * 5,520, 92 a second.
 */
START_TEST(test_ddb_cloudwatch_batch_requests)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /deviceId, sort_key: /id, "
	    "read_capacity_units: 1, write_capacity_units: 100, burst: off}\n"
	    "client: {retries: off}\n"
	    "items: {deviceId: {const: dev-1}}\n"
	    "phases: [{duration: 60s, rate: 8/s, ops: {batch: 1}, "
	    "batch: {size: 24, spanning: 0}, item_size: 1KB}]\n";
	struct tu_fx f;
	const struct pk_metrics *m;
	char *json;

	tu_fx_run(&f, "batch-cw.yaml", yaml);
	m = tu_metrics(f.run->variants[0].svc);
	ck_assert_uint_eq(m->totals.throttled_429, 180);
	ck_assert_uint_eq(m->totals.batch_items, 6000);
	ck_assert_uint_eq(m->n_minutes, 1);
	ck_assert_uint_eq(m->minutes[0].throttled_429, 180);
	ck_assert_uint_eq(m->minutes[0].peak_throttled, 3);
	/* the throttled items: write throttle events, 92 a second */
	ck_assert_uint_eq(m->minutes[0].side_throttled[1], 5520);
	ck_assert_uint_eq(m->minutes[0].peak_side_throttled[1], 92);
	json = tu_report(f.r, json_report);
	ck_assert_msg(strstr(json, "\"peak_second_throttled_429\": 3,\n"), "%s",
		      json);
	free(json);
	tu_fx_free(&f);
}
END_TEST

/*
 * The view never adds reads and writes (D3: separate units; reference
 * §9: CloudWatch shows ConsumedReadCapacityUnits and
 * ConsumedWriteCapacityUnits, ReadThrottleEvents and WriteThrottleEvents
 * apart). A table of 30 RCU and 10 WCU (ceil(30 / 3,000 + 10 / 1,000) =
 * 1 partition, D4), burst off, retries off; 12 creates of 1 KiB a
 * second (1 WCU each, D1) and 10 strong reads of at most 1 KiB (1 RCU
 * each) for 60 s. Each second admits 10 writes and refuses 2: the
 * writes' metric sums 600 (10.0 a second, 100 % of the 10 WCU), 120
 * write throttle events (2 in each second), 120 throttled requests;
 * the reads' sums 600 (10.0 of the 30 RCU, a third), no throttle. The
 * view before added them: 1,200 units, 20.0 a second, beside no
 * capacity the table has, hiding that its writes were saturated.
 */
START_TEST(test_ddb_cloudwatch_sides)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 30, "
	    "write_capacity_units: 10, read_consistency: strong, "
	    "burst: off}\n"
	    "streams:\n"
	    "- name: w\n"
	    "  client: {retries: off}\n"
	    "  phases: [{duration: 60s, rate: 12/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n"
	    "- name: r\n"
	    "  client: {retries: off}\n"
	    "  phases: [{duration: 60s, rate: 10/s, ops: {read: 1}, "
	    "item_size: 1KB}]\n";
	struct tu_fx f;
	const struct pk_second *mi;
	char *text, *json, *csv;

	tu_fx_run(&f, "sides.yaml", yaml);
	ck_assert_uint_eq(tu_metrics(f.run->variants[0].svc)->n_minutes, 1);
	mi = &tu_metrics(f.run->variants[0].svc)->minutes[0];
	ck_assert_int_eq(mi->side_used_mcu[0], 600LL * CU);
	ck_assert_int_eq(mi->side_used_mcu[1], 600LL * CU);
	ck_assert_int_eq(mi->peak_side_mcu[0], 10LL * CU);
	ck_assert_int_eq(mi->peak_side_mcu[1], 10LL * CU);
	ck_assert_uint_eq(mi->side_throttled[0], 0);
	ck_assert_uint_eq(mi->side_throttled[1], 120);
	ck_assert_uint_eq(mi->peak_side_throttled[1], 2);
	ck_assert_uint_eq(mi->throttled_429, 120);
	text = tu_report(f.r, report_text);
	ck_assert_msg(
	    strstr(text, "\n  0        ConsumedReadCapacityUnits           600"
			 "       10.0           30           10\n"
			 "           ConsumedWriteCapacityUnits          600"
			 "       10.0           10           10\n"
			 "           ReadThrottleEvents                    0"
			 "                                    0\n"
			 "           WriteThrottleEvents                 120"
			 "                                    2\n"
			 "           ThrottledRequests                   120"
			 "                                    2\n"),
	    "%s", text);
	json = tu_report(f.r, json_report);
	ck_assert_msg(strstr(json, "\"rcu_consumed\": 600.0,"), "%s", json);
	ck_assert_msg(strstr(json, "\"rcu_per_s\": 30.0,"), "%s", json);
	ck_assert_msg(strstr(json, "\"wcu_per_s\": 10.0,"), "%s", json);
	ck_assert_msg(strstr(json, "\"write_throttle_events\": 120,"), "%s",
		      json);
	ck_assert_msg(
	    strstr(json, "\"peak_second_write_throttle_events\": 2\n"), "%s",
	    json);
	ck_assert_msg(strstr(json, "\"read_throttle_events\": 0,"), "%s", json);
	csv = tu_report(f.r, report_csv);
	/* the minute's row: 600 RCU and 600 WCU summed, 30 and 10 a second,
	   span 60, 20 units and 2 throttled requests in its busiest second
	   (read plus write), then each side's 10 units, 0 and 120 events,
	   0 and 2 in a second */
	ck_assert_msg(strstr(csv, ",600,600,30,10,60,20,2,10,10,0,120,0,2\n"),
		      "%s", csv);
	free(text);
	free(json);
	free(csv);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_cloudwatch");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_ddb_cloudwatch_statement_32);
	tcase_add_test(tc, test_ddb_cloudwatch_csv);
	tcase_add_test(tc, test_ddb_cloudwatch_batch_requests);
	tcase_add_test(tc, test_ddb_cloudwatch_sides);
	suite_add_tcase(s, tc);
	return s;
}
