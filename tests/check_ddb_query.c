/*
 * ddb_query: a scenario's queries replayed on a DynamoDB table as Query
 * and Scan (src/service/dynamodb/ddb_query.c; reference §1, D1,
 * statements 3 and 4), each figure derived by hand beside its test.
 * 1 unit = 1,000 mCU; 1KB in a scenario is 1,024 bytes; a write of an
 * item of S bytes is ceil(S / 1,024) WCU, a read of B bytes ceil(B /
 * 4,096) RCU strong, half that eventual (D1). Partitions: ceil(RCU /
 * 3,000 + WCU / 1,000) (D4), each an even share (D5).
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/report/report_html.h"
#include "pksim/report/report_json.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/keyspace.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/*
 * Statement 3: a Query returning 10 items totalling 40.8 KB costs 11 RCU
 * strong and 5.5 eventual (44 KB). 10 items of 4,178 B under one key
 * value: 41,780 B = 40.8 KiB, ceil(41,780 / 4,096) = ceil(10.2) = 11
 * units. Table: 10 RCU, 100 WCU, ceil(10 / 3,000 + 100 / 1,000) = 1
 * partition, no burst, no lending, so it admits 10 RCU a second.
 * Loading: 10 puts of ceil(4,178 / 1,024) = 5 WCU = 50 WCU.
 * - eventual: 10 Queries (1 a second) of 5.5 RCU each, all served:
 *   50 + 55 = 105 units consumed;
 * - strong: 11 RCU, more than the partition ever admits in a second
 *   (10): every Query throttled (retries off), each a read that never
 *   fits; 50 units consumed, 50 + 110 = 160 offered.
 */
static const char statement_3[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 10, "
    "write_capacity_units: 100, read_consistency: %s, burst: off, "
    "adaptive_capacity: off}\n"
    "client: {retries: off}\n"
    "items: {k: {const: c1}}\n"
    "phases:\n"
    "  - {name: load, duration: 1s, rate: 10/s, item_size: 4178B}\n"
    "  - {name: read, duration: 10s, rate: 1/s, ops: {query: 1}, "
    "queries: [{where: {k: eq}}]}\n";

START_TEST(test_ddb_query_statement_3)
{
	char text[1024];
	struct pk_run *run;
	const struct pk_totals *t;
	struct pk_snapshot s;

	snprintf(text, sizeof(text), statement_3, "eventual");
	run = tu_sim_text("s3.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 20);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, 50 * CU + 10 * 5500);
	ck_assert_uint_eq(t->queries[PK_ROUTE_SINGLE], 10);
	tu_sim_free(run);

	snprintf(text, sizeof(text), statement_3, "strong");
	run = tu_sim_text("s3.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 10);
	ck_assert_uint_eq(t->throttled_429, 10);
	ck_assert_int_eq(t->ru_mru, 50 * CU);
	ck_assert_int_eq(t->offered_mru, 50 * CU + 10 * 11 * CU);
	ck_assert_uint_eq(t->queries[PK_ROUTE_SINGLE], 0);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->never_fit[0], 10);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A Query is read in pages of at most 1 MB (D1, reference section 1:
 * "Query and Scan return at most 1 MB per call"), each its own request
 * on the partition, sent as the one before is answered; a throttled
 * page is retried alone, the pages before it stay read.
 * Table: 1,500 RCU + 500 WCU: ceil(0.5 + 0.5) = 1 partition, which
 * admits 1,500 RCU a second (no burst, no lending). Loading: 100 puts a
 * second of 4 KiB for 16 s, 4 WCU each (400 a second, under 500):
 * 1,600 items, 6,400 WCU, all under k = q: 1,600 x 4,096 B = 6,553,600
 * B = 6.25 MiB, ceil(6,553,600 / 4,096) = 1,600 RCU strong, in pages
 * of 1 MiB = 256 RCU: 6 full pages (1,536) and a quarter page (64).
 * Then a Query of q every 2 s (30/m) for 20 s: 10 Queries, each at a
 * whole second. In its second pages 1 to 5 are read (5 x 256 = 1,280
 * <= 1,500); page 6 would make 1,536 > 1,500: throttled. Its retry
 * comes after the rest of the second (retry_mode client), in the next
 * second: pages 6 and 7, 256 + 64 = 320.
 * - client retries on: 10 Queries served, 10 throttles, 10 retries;
 *   16,000 RCU read, 6,400 + 16,000 = 22,400 units consumed and
 *   offered (each page asked once as a first try), 10 x 256 = 2,560
 *   retried; no request that never fits.
 * - retries off: each Query ends at its throttled page 6: 0 served, 10
 *   throttled, 10 x 1,280 = 12,800 RCU read: 19,200 units consumed.
 * Asked at once (1,600 RCU in one request), no second could admit it:
 * every try throttled, nothing read.
 */
static const char query_pages[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 1500, "
    "write_capacity_units: 500, read_consistency: strong, burst: off, "
    "adaptive_capacity: off}\n"
    "client: {retries: %s}\n"
    "items: {k: {const: q}}\n"
    "phases:\n"
    "  - {name: load, duration: 16s, rate: 100/s, item_size: 4KB}\n"
    "  - {name: read, duration: 20s, rate: 30/m, ops: {query: 1}, "
    "queries: [{where: {k: eq}}]}\n";

START_TEST(test_ddb_query_pages)
{
	char text[1024];
	struct pk_run *run;
	const struct pk_totals *t;
	struct pk_snapshot s;

	snprintf(text, sizeof(text), query_pages, "sdk");
	run = tu_sim_text("pages.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->queries[PK_ROUTE_SINGLE], 10);
	ck_assert_uint_eq(t->succeeded, 1600 + 10);
	ck_assert_uint_eq(t->throttled_429, 10);
	ck_assert_uint_eq(t->retries, 10);
	ck_assert_int_eq(t->ru_mru, (6400 + 16000) * CU);
	ck_assert_int_eq(t->offered_mru, (6400 + 16000) * CU);
	ck_assert_int_eq(t->retry_mru, 2560 * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->never_fit[0], 0);
	snapshot_free(&s);
	tu_sim_free(run);

	snprintf(text, sizeof(text), query_pages, "off");
	run = tu_sim_text("pages.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->queries[PK_ROUTE_SINGLE], 0);
	ck_assert_uint_eq(t->succeeded, 1600);
	ck_assert_uint_eq(t->throttled_429, 10);
	ck_assert_int_eq(t->ru_mru, (6400 + 12800) * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * Statement 4: a Query returning 1,500 items of 64 B costs 24 RCU strong
 * (96,000 B, ceil(23.4) = 24). Loaded at 300 puts a second for 5 s, each
 * 1 WCU: 1,500 WCU. 100 RCU + 500 WCU: ceil(0.03 + 0.5) = 1 partition.
 * - `query`: 10 Queries of the key value with a filter on another
 *   attribute (kind) and `results: 3`: a filter is applied after the
 *   read, and DynamoDB charges what it reads, so 24 RCU each: 240;
 * - `scan`: 10 Scans (no condition): every partition, here the one
 *   holding the 96,000 B: 24 RCU each, 240.
 * 1,500 + 240 + 240 = 1,980 units.
 */
START_TEST(test_ddb_query_statement_4_and_scan)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "100, write_capacity_units: 500, read_consistency: strong}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: c1}, kind: {const: x}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 5s, rate: 300/s, item_size: 64B}\n"
	    "  - {name: query, duration: 10s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{where: {k: eq, kind: eq}, results: 3}]}\n"
	    "  - {name: scan, duration: 10s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{where: {}}]}\n";
	struct pk_run *run = tu_sim_text("s4.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 1520);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, (1500 + 240 + 240) * CU);
	ck_assert_uint_eq(t->queries[PK_ROUTE_SINGLE], 10);
	ck_assert_uint_eq(t->queries[PK_ROUTE_FANOUT], 10);
	ck_assert_int_eq(t->fanout_mru, 240 * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * An IN list on the key is one Query per value (DynamoDB's key
 * condition takes one partition key value). A table without a sort key,
 * each item its own value (`unique`): 10 puts of 4 KiB, 4 WCU each, 40.
 * `{in: 2}` reads 2 distinct stored items, so 2 Queries of one 4,096 B
 * item: 1 RCU strong each, 2 an operation; 10 operations, 20 RCU.
 * 40 + 20 = 60 units.
 */
START_TEST(test_ddb_query_in_list)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 100, "
	    "write_capacity_units: 100, read_consistency: strong}\n"
	    "client: {retries: off}\n"
	    "items: {k: {unique: \"k-\"}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 1s, rate: 10/s, item_size: 4KB}\n"
	    "  - {name: query, duration: 10s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{where: {k: {in: 2}}}]}\n";
	struct pk_run *run = tu_sim_text("in.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 20);
	ck_assert_int_eq(t->ru_mru, 60 * CU);
	ck_assert_uint_eq(t->queries[PK_ROUTE_TARGETED], 10);
	tu_sim_free(run);
}
END_TEST

/*
 * An IN list naming one key value twice reads it once: a client sends
 * one Query a key value (DynamoDB's key condition takes one value).
 * One key value c1 with a sort key: 10 puts of 1,000 B, 1 WCU each, 10
 * WCU; the collection holds 10,000 B, ceil(10,000 / 4,096) = 3 RCU a
 * Query, strong. `{in: 2}` draws 2 distinct stored items (README
 * "Queries"), both under c1: one Query of c1, 3 RCU. 10 operations (1
 * a second): 30 RCU, 10 + 30 = 40 units, one partition read each; a
 * Query a list value would read 60.
 * A list longer than 16 values is sorted to find repeats: 30 puts
 * (30 WCU) make c1 hold 30,000 B, ceil(30,000 / 4,096) = 8 RCU; `{in:
 * 20}` names c1 20 times: one Query, 10 x 8 = 80 RCU, 30 + 80 = 110
 * units (20 Queries would read 1,600).
 */
START_TEST(test_ddb_query_in_list_one_value)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "100, write_capacity_units: 100, read_consistency: strong}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: c1}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 1s, rate: 10/s, item_size: 1000B}\n"
	    "  - {name: query, duration: 10s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{where: {k: {in: 2}}}]}\n";
	static const char long_list[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "100, write_capacity_units: 100, read_consistency: strong}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: c1}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 1s, rate: 30/s, item_size: 1000B}\n"
	    "  - {name: query, duration: 10s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{where: {k: {in: 20}}}]}\n";
	struct pk_run *run = tu_sim_text("in1.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 20);
	ck_assert_int_eq(t->ru_mru, 40 * CU);
	ck_assert_uint_eq(t->queries[PK_ROUTE_TARGETED], 10);
	ck_assert_uint_eq(t->query_ranges, 10);
	tu_sim_free(run);

	run = tu_sim_text("in20.yaml", long_list);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 40);
	ck_assert_int_eq(t->ru_mru, 110 * CU);
	ck_assert_uint_eq(t->query_ranges, 10);
	tu_sim_free(run);
}
END_TEST

/*
 * A Scan's pages are requests of their own, each on its partition: a
 * throttled one ends the Scan (retries off), and the pages before it
 * stay read. 40 RCU + 3,500 WCU: ceil(0.01 + 3.5) = 4 partitions of 10
 * RCU (no burst, no lending). Key values a and g fall on partitions 0
 * and 1 (check_ddb_foresee.c). 12 puts of 4 KiB in the order a, g, g,
 * g, g, g: a holds 2 items (8 KiB, 2 RCU strong), g 10 (40 KiB, 10
 * RCU); 48 WCU. 2 Scans a second for 10 s, each a page on partition 0
 * then one on partition 1: the first reads 2 + 10; the second's page
 * on partition 0 fits (2 + 2 <= 10) and is read, its page on partition
 * 1 does not (10 + 10 > 10): throttled, 10 throttles. Consumed: 48 +
 * 10 x (2 + 10 + 2) = 188 units.
 */
START_TEST(test_ddb_query_scan_pages)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "40, write_capacity_units: 3500, read_consistency: strong, "
	    "burst: off, adaptive_capacity: off}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: [a, g, g, g, g, g], distribution: "
	    "sequential}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 1s, rate: 12/s, item_size: 4KB}\n"
	    "  - {name: scan, duration: 10s, rate: 2/s, ops: {query: 1}, "
	    "queries: [{where: {}}]}\n";
	struct pk_run *run = tu_sim_text("scan.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->throttled_429, 10);
	ck_assert_int_eq(t->ru_mru, 188 * CU);
	ck_assert_uint_eq(t->queries[PK_ROUTE_FANOUT], 10);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_ranges, 4);
	ck_assert_uint_eq(s.ranges[0].throttled_429, 0);
	ck_assert_uint_eq(s.ranges[1].throttled_429, 10);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A compare across services with queries on both sides, each charged in
 * its own units. 1,500 items of 64 B under one key value (300 puts a
 * second for 5 s), then 10 queries of the key value (1 a second) that
 * say `results: 1500`:
 * - the container (10,000 RU/s: 2 physical partitions, one per 6,000
 *   RU/s by rule 2; the key's logical partition is on one): a
 *   single-partition query visiting 1 range, query_base 1 + query_per_range 2.5
 * x 1 + query_per_result 0.5 x 1,500 = 753.5 RU (scenarios/README.md's
 *   defaults), 7,535 RU for the 10;
 * - the table: a Query of the 96,000 B collection, 24 RCU strong
 *   (statement 4), 240 for the 10.
 */
START_TEST(test_ddb_query_across_services)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "variants:\n"
	    "  - {name: cosmos}\n"
	    "  - {name: table, service: dynamodb, partition_key: /k, "
	    "sort_key: /id, read_capacity_units: 100, write_capacity_units: "
	    "500, read_consistency: strong}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: c1}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 5s, rate: 300/s, item_size: 64B}\n"
	    "  - {name: query, duration: 10s, rate: 1/s, ops: {query: 1}, "
	    "queries: [{name: one, where: {k: eq}, results: 1500}]}\n";
	struct tu_fx f;

	tu_fx_run(&f, "across.yaml", text);
	ck_assert_uint_eq(f.r->n_variants, 2);
	ck_assert_uint_eq(f.r->variants[0].n_queries, 1);
	ck_assert_uint_eq(f.r->variants[0].queries[0].served, 10);
	ck_assert_int_eq(f.r->variants[0].queries[0].ru_mru, 7535 * CU);
	ck_assert_uint_eq(f.r->variants[1].n_queries, 1);
	ck_assert_uint_eq(f.r->variants[1].queries[0].served, 10);
	ck_assert_int_eq(f.r->variants[1].queries[0].ru_mru, 240 * CU);
	tu_fx_free(&f);
}
END_TEST

/*
 * The HTML report's table of a table's queries is in the table's words:
 * its heads are the text report's for a table (request, parts/query,
 * units, units/query, throttled), not a container's RU and 429s.
 * The statement 3 scenario, eventual: its one query is a Query.
 */
START_TEST(test_ddb_query_html_words)
{
	char text[1024], *buf = NULL;
	size_t len = 0;
	struct tu_fx f;
	FILE *mem;

	snprintf(text, sizeof(text), statement_3, "eventual");
	tu_fx_run(&f, "s3.yaml", text);
	mem = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(report_html(f.r, 0, 0, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	ck_assert_ptr_nonnull(strstr(buf, "<th>units/query</th>"));
	ck_assert_ptr_nonnull(strstr(buf, "<td>Query</td>"));
	ck_assert_ptr_null(strstr(buf, "<th>RU/query</th>"));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * The JSON report names a table's queries in DynamoDB's words: the
 * statement 3 scenario, eventual: 10 Queries of c1, each 5.5 RCU (its
 * 41,780 B: ceil(41,780 / 4,096) = 11 x 0.5), served on one partition:
 * queries.query 10, partitions_read 10, scan 0, scan_read_units 0; its
 * one query a "Query", read_units 10 x 5.5 = 55, read_units_mean 5.5,
 * throttled 0; none of a container's names (single, route, ru).
 */
START_TEST(test_ddb_query_json_words)
{
	char text[1024], *buf = NULL;
	size_t len = 0;
	struct tu_fx f;
	FILE *mem;
	json_t *root, *q, *one;
	json_error_t err;

	snprintf(text, sizeof(text), statement_3, "eventual");
	tu_fx_run(&f, "s3.yaml", text);
	mem = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(report_json(f.r, 0, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	root = json_loads(buf, 0, &err);
	ck_assert_ptr_nonnull(root);
	q = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0), "queries");
	ck_assert_ptr_nonnull(q);
	ck_assert_int_eq(json_integer_value(json_object_get(q, "query")), 10);
	ck_assert_int_eq(json_integer_value(json_object_get(q, "scan")), 0);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(q, "partitions_read")), 10);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(q, "scan_read_units")), 0, 1e-9);
	ck_assert_ptr_null(json_object_get(q, "single"));
	ck_assert_ptr_null(json_object_get(q, "fanout_ru"));
	one = json_array_get(json_object_get(q, "by_query"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(one, "request")),
			 "Query");
	ck_assert_int_eq(json_integer_value(json_object_get(one, "served")),
			 10);
	ck_assert_int_eq(json_integer_value(json_object_get(one, "throttled")),
			 0);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(one, "read_units")), 55, 1e-9);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(one, "read_units_mean")), 5.5,
	    1e-9);
	ck_assert_ptr_null(json_object_get(one, "route"));
	ck_assert_ptr_null(json_object_get(one, "ru"));
	json_decref(root);
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * Statement 27: a Query of 8 GSI entries of 2,000 B costs 2 RCU (A-GSI):
 * 8 x 2,000 = 16,000 B summed, ceil(16,000 / 4,096) = 4 units of 4 KiB,
 * eventual only: 4 x 0.5 = 2 RCU (each entry rounded alone would be
 * 8 x 0.5 = 4). Table: 10 RCU, 100 WCU, 1 partition (ceil(10 / 3,000 +
 * 100 / 1,000) = 1, D4); index by-status: RCU as given, 100 WCU, 1
 * partition alike, projection all (an entry holds its item's 2,000 B).
 * Loading: 8 creates of 2,000 B, ceil(2,000 / 1,024) = 2 WCU each, every
 * item's status "open": 8 entries under "open". Then a Query of the
 * index by status a second for 5 s (retries off, burst off):
 * - index of 10 RCU: each Query's 2 RCU fit its 10 a second: 5 served,
 *   5 x 2 = 10 RCU read on the index, none on the table (its consumed
 *   units stay the 8 x 2 = 16 WCU of the creates);
 * - statement 26, index of 1 RCU: 2 RCU asked is more than the index's
 *   whole provisioned second (1), so every Query is throttled by the
 *   index's total, IndexReadProvisionedThroughputExceeded (index
 *   by-status) (D14: an index's reason names the index): 5 throttles,
 *   none of them the table's, the creates all served.
 */
static const char statement_27[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /id, read_capacity_units: 10, "
    "write_capacity_units: 100, burst: off, adaptive_capacity: off, "
    "global_secondary_indexes: [{name: by-status, partition_key: "
    "/status, read_capacity_units: %d, write_capacity_units: 100}]}\n"
    "client: {retries: off}\n"
    "items: {status: {const: open}}\n"
    "phases:\n"
    "  - {name: load, duration: 1s, rate: 8/s, item_size: 2000B}\n"
    "  - {name: read, duration: 5s, rate: 1/s, ops: {query: 1}, "
    "queries: [{index: by-status, where: {status: eq}}]}\n";

/* The count of reason name in snapshot s (0 when not listed) */
static uint64_t reason_count(const struct pk_snapshot *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n_reasons; i++) {
		if (strcmp(s->reasons[i].name, name) == 0) {
			return s->reasons[i].count;
		}
	}
	return 0;
}

START_TEST(test_ddb_query_index_statement_27)
{
	char text[1024];
	struct pk_run *run;
	const struct pk_totals *t;
	const struct pk_ddb_index *x;
	struct pk_snapshot s;

	snprintf(text, sizeof(text), statement_27, 10);
	run = tu_sim_text("s27.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 8 + 5);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, 8 * 2 * CU);
	ck_assert_uint_eq(t->queries[PK_ROUTE_SINGLE], 5);
	tu_snapshot(run, 0, &s);
	x = &s.ddb->indexes[0];
	ck_assert_uint_eq(x->reads, 5);
	ck_assert_int_eq(x->read_used_mcu, 5 * 2 * CU);
	ck_assert_uint_eq(x->read_throttled[0] + x->read_throttled[1], 0);
	snapshot_free(&s);
	tu_sim_free(run);

	snprintf(text, sizeof(text), statement_27, 1);
	run = tu_sim_text("s26.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 8);
	ck_assert_uint_eq(t->throttled_429, 5);
	ck_assert_int_eq(t->ru_mru, 8 * 2 * CU);
	tu_snapshot(run, 0, &s);
	x = &s.ddb->indexes[0];
	ck_assert_uint_eq(x->reads, 5);
	ck_assert_int_eq(x->read_used_mcu, 0);
	ck_assert_uint_eq(x->read_throttled[1], 5);
	ck_assert_uint_eq(
	    reason_count(&s, "IndexReadProvisionedThroughputExceeded (index "
			     "by-status)"),
	    5);
	ck_assert_uint_eq(
	    reason_count(&s, "TableReadProvisionedThroughputExceeded"), 0);
	ck_assert_uint_eq(
	    reason_count(&s, "TableReadKeyRangeThroughputExceeded"), 0);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * The JSON report counts a Query of an index under the index: the
 * statement 27 scenario with an index of 1 RCU (above): 5 Queries of
 * one page each (16,000 B, under 1 MiB), every page refused by the
 * index's total, no read unit consumed: indexes[0] read_pages 5,
 * read_throttled 5, rcu_consumed 0, and its write figures the 8 creates'
 * (8 index writes of 2 WCU: wcu_consumed 16, throttled 0).
 */
START_TEST(test_ddb_query_index_json)
{
	char text[1024], *buf = NULL;
	size_t len = 0;
	struct tu_fx f;
	FILE *mem;
	json_t *root, *x;
	json_error_t err;

	snprintf(text, sizeof(text), statement_27, 1);
	tu_fx_run(&f, "s26.yaml", text);
	mem = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(report_json(f.r, 0, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	root = json_loads(buf, 0, &err);
	ck_assert_ptr_nonnull(root);
	x = json_array_get(
	    json_object_get(
		json_array_get(json_object_get(root, "variants"), 0),
		"indexes"),
	    0);
	ck_assert_ptr_nonnull(x);
	ck_assert_int_eq(json_integer_value(json_object_get(x, "read_pages")),
			 5);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(x, "read_throttled")), 5);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(x, "rcu_consumed")), 0, 1e-9);
	ck_assert_double_eq_tol(
	    json_real_value(json_object_get(x, "wcu_consumed")), 16, 1e-9);
	ck_assert_int_eq(json_integer_value(json_object_get(x, "throttled")),
			 0);
	json_decref(root);
	free(buf);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_query");
	TCase *tc = tcase_create("run");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ddb_query_statement_3);
	tcase_add_test(tc, test_ddb_query_pages);
	tcase_add_test(tc, test_ddb_query_statement_4_and_scan);
	tcase_add_test(tc, test_ddb_query_in_list);
	tcase_add_test(tc, test_ddb_query_in_list_one_value);
	tcase_add_test(tc, test_ddb_query_scan_pages);
	tcase_add_test(tc, test_ddb_query_across_services);
	tcase_add_test(tc, test_ddb_query_html_words);
	tcase_add_test(tc, test_ddb_query_json_words);
	tcase_add_test(tc, test_ddb_query_index_statement_27);
	tcase_add_test(tc, test_ddb_query_index_json);
	suite_add_tcase(s, tc);
	return s;
}
