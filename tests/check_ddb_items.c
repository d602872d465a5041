/*
 * ddb_items: a DynamoDB table's items by primary key (reference §1: an
 * item is its partition key value, plus its sort key value when the
 * table has one; PutItem is charged on "the larger of old and new
 * item", DeleteItem on the deleted item's size, GetItem on the item's
 * size rounded up to 4 KB). Each figure derived by hand beside it.
 * 1 unit = 1,000 mCU; 1KB in a scenario is 1,024 bytes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/targets.h"
#include "testutil.h"

#define CU 1000

/* One key value "one" written 500 times a second for 60 s, 1 KiB each,
   on a table keyed by /k plus the sort key sk ("" for none) */
static struct pk_run *same_key(const char *sk)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k%s, read_capacity_units: 100, "
		 "write_capacity_units: 1000}\n"
		 "client: {retries: off}\n"
		 "items: {k: {const: one}}\n"
		 "phases: [{duration: 60s, rate: 500/s, ops: {create: 1}, "
		 "item_size: 1KB}]\n",
		 sk);
	return tu_sim_text("same.yaml", text);
}

/*
 * Without a sort key the primary key is the partition key alone: the
 * 30,000 puts of k = "one" are one item, each put replacing it (§1).
 * Each put is max(1 KiB old, 1 KiB new) = 1 WCU (D1): 30,000 WCU; 500
 * WCU a second on one partition of 1,000 WCU (D4): none throttled. The
 * table holds 1 item of 1,024 B. With sort key /id (each create's own
 * id) the same puts are 30,000 items: 30,000 x 1,024 B.
 */
START_TEST(test_ddb_items_same_key_one_item)
{
	struct pk_run *run = same_key("");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->succeeded, 30000);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, 30000LL * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 1024);
	ck_assert_uint_eq(s.ddb->items, 1);
	snapshot_free(&s);
	tu_sim_free(run);

	run = same_key(", sort_key: /id");
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 30000ull * 1024);
	ck_assert_uint_eq(s.ddb->items, 30000);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/* One item (1,000 key values, one create): created at 1 KiB, replaced
   at 10 KiB, read strongly, replaced at 1 KiB, read, and deleted unless
   no_delete; one request a second */
static struct pk_run *replace_run(int no_delete)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 100, "
		 "write_capacity_units: 100, read_consistency: strong}\n"
		 "client: {retries: off}\n"
		 "items: {k: {values: \"k{000..999}\"}}\n"
		 "phases:\n"
		 "  - {duration: 1s, rate: 1/s, ops: {create: 1}, "
		 "item_size: 1KB}\n"
		 "  - {duration: 1s, rate: 1/s, ops: {replace: 1}, "
		 "item_size: 10KB}\n"
		 "  - {duration: 1s, rate: 1/s, ops: {read: 1}}\n"
		 "  - {duration: 1s, rate: 1/s, ops: {replace: 1}, "
		 "item_size: 1KB}\n"
		 "  - {duration: 1s, rate: 1/s, ops: {read: 1}}\n"
		 "%s",
		 no_delete ? ""
			   : "  - {duration: 1s, rate: 1/s, ops: {delete: "
			     "1}}\n");
	return tu_sim_text("replace.yaml", text);
}

/*
 * Charged on the item's current size (§1, D1): create 1 KiB = 1 WCU;
 * replace by 10 KiB = max(1, 10) = 10 WCU; strong read of the 10 KiB
 * item = ceil(10,240 / 4,096) = 3 RCU; replace by 1 KiB = max(10, 1) =
 * 10 WCU; read of 1 KiB = 1 RCU; delete of the 1 KiB item = 1 WCU:
 * 26 units (the size at create would give 1 + 10 + 1 + 1 + 1 + 1 = 15).
 * Storage follows the item: 1,024 B after the replace back to 1 KiB
 * (10,240 + 1,024 - 10,240), none after the delete.
 */
START_TEST(test_ddb_items_current_size)
{
	struct pk_run *run = replace_run(0);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->succeeded, 6);
	ck_assert_int_eq(t->ru_mru, 26LL * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 0);
	ck_assert_uint_eq(s.ddb->items, 0);
	snapshot_free(&s);
	tu_sim_free(run);

	run = replace_run(1);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_int_eq(t->ru_mru, 25LL * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 1024);
	ck_assert_uint_eq(s.ddb->items, 1);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A grown item's reads: created at 1 KiB, replaced at 40 KiB, then
 * 1,000 strong reads a second for 10 s of it on 30,000 RCU. A read of
 * 40 KiB is ceil(40,960 / 4,096) = 10 RCU; the item's partition serves
 * at most 3,000 RCU a second (D3, statement 18's arithmetic): 300 reads
 * a second admitted, 700 refused by the key range (D14). 10 s: 3,000
 * reads + the 2 writes succeed, 7,000 throttled; 30,000 RCU of reads +
 * 1 + 40 WCU.
 */
START_TEST(test_ddb_items_grown_item_reads)
{
	struct pk_run *run = tu_sim_text(
	    "grown.yaml",
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 30000, "
	    "write_capacity_units: 100, read_consistency: strong}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 1KB}\n"
	    "  - {duration: 1s, rate: 1/s, ops: {replace: 1}, "
	    "item_size: 40KB}\n"
	    "  - {duration: 10s, rate: 1000/s, ops: {read: 1}}\n");
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_totals *t = &tu_metrics(svc)->totals;

	ck_assert_uint_eq(t->succeeded, 3002);
	ck_assert_uint_eq(t->throttled_429, 7000);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 0, PK_DDB_THROTTLE_KEY_RANGE), 7000);
	ck_assert_int_eq(t->ru_mru, (30000LL + 41) * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * Storage follows the items: 1,000 creates of 1 KiB (sort key /id: each
 * its own item), 1,000 replaces by 100 KiB of stored items, then 1,000
 * deletes, each of a stored item, until none is left: 0 B and 0 items
 * at the end, whatever sizes the replaces left.
 */
START_TEST(test_ddb_items_storage_follows)
{
	struct pk_run *run = tu_sim_text(
	    "leak.yaml",
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, "
	    "read_capacity_units: 100, write_capacity_units: 40000}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{00000..99999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {duration: 10s, rate: 100/s, ops: {replace: 1}, "
	    "item_size: 100KB}\n"
	    "  - {duration: 10s, rate: 100/s, ops: {delete: 1}}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;
	size_t i;

	ck_assert_uint_eq(t->succeeded, 3000);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 0);
	ck_assert_uint_eq(s.ddb->items, 0);
	for (i = 0; i < s.n_ranges; i++) {
		ck_assert_uint_eq(s.ranges[i].storage_bytes, 0);
	}
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * Key attributes DynamoDB refuses (ValidationException, HTTP 400,
 * nothing stored): an empty partition key (§14: 1 to 2,048 bytes), ten
 * creates of k = "": 10 refused, 0 stored.
 */
START_TEST(test_ddb_items_empty_partition_key)
{
	struct pk_run *run = tu_sim_text(
	    "empty.yaml", "service: dynamodb\n"
			  "table: {partition_key: /k, read_capacity_units: 10, "
			  "write_capacity_units: 100}\n"
			  "client: {retries: off}\n"
			  "items: {k: {const: \"\"}}\n"
			  "phases: [{duration: 1s, rate: 10/s}]\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->succeeded, 0);
	ck_assert_uint_eq(t->bad_request_400, 10);
	ck_assert_int_eq(t->ru_mru, 0);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 0);
	ck_assert_uint_eq(s.ddb->items, 0);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A table keyed by /k plus sort key /s takes only items whose s is a
 * non-empty string or a number (every key attribute must be present and
 * scalar): of five records, s missing, a map, true and "" are refused
 * with 400; the one with s = "x" (under 1 KiB: 1 WCU) is the one item
 * stored.
 */
START_TEST(test_ddb_items_bad_sort_key)
{
	char text[512];
	const char *data =
	    tu_dir_file("sk.jsonl", "{\"k\":\"a\",\"v\":1}\n"
				    "{\"k\":\"b\",\"s\":{\"x\":1}}\n"
				    "{\"k\":\"c\",\"s\":true}\n"
				    "{\"k\":\"d\",\"s\":\"\"}\n"
				    "{\"k\":\"e\",\"s\":\"x\",\"v\":3}\n");
	struct pk_run *run;
	const struct pk_totals *t;
	struct pk_snapshot s;

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, sort_key: /s, "
		 "read_capacity_units: 10, write_capacity_units: 100}\n"
		 "client: {retries: off}\n"
		 "items: {file: '%s', rate: 10/s}\n",
		 data);
	run = tu_sim_text("sk.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 1);
	ck_assert_uint_eq(t->bad_request_400, 4);
	ck_assert_int_eq(t->ru_mru, 1 * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->items, 1);
	ck_assert_uint_gt(s.storage_bytes, 0);
	ck_assert_uint_le(s.storage_bytes, 1024);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A sort key value is 1 to 1,024 bytes (AWS's Constraints page, "Sort key
 * length"; a partition key value's 2,048 does not apply): of two records
 * keyed k = "a", s of 1,024 'x' is stored and s of 1,025 'x' refused with
 * 400 (ValidationException, nothing stored). The stored item: k's name
 * and value 1 + 1 B, s's 1 + 1,024 B, 1,027 B > 1 KiB: 2 WCU (D1).
 */
START_TEST(test_ddb_items_sort_key_over_1024)
{
	char sk[1026], text[512], rec[2200];
	const char *data;
	struct pk_run *run;
	const struct pk_totals *t;
	struct pk_snapshot s;

	memset(sk, 'x', 1025);
	sk[1025] = 0;
	snprintf(rec, sizeof(rec),
		 "{\"k\":\"a\",\"s\":\"%.1024s\"}\n"
		 "{\"k\":\"a\",\"s\":\"%s\"}\n",
		 sk, sk);
	data = tu_dir_file("sk1025.jsonl", rec);
	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, sort_key: /s, "
		 "read_capacity_units: 10, write_capacity_units: 100}\n"
		 "client: {retries: off}\n"
		 "items: {file: '%s', rate: 10/s}\n",
		 data);
	run = tu_sim_text("sk1025.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 1);
	ck_assert_uint_eq(t->bad_request_400, 1);
	ck_assert_int_eq(t->ru_mru, 2 * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->items, 1);
	ck_assert_uint_eq(s.storage_bytes, 1027);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A data file's item is sized as DynamoDB sizes it (reference §1), not
 * as its JSON text. 100 records {"id":"c000N","k":"x000N","d":<1,006
 * characters>}: 2 + 5 + 1 + 5 + 1 + 1,006 = 1,020 B <= 1 KiB, so 1 WCU
 * a put (D1): 100 WCU, and 102,000 B stored; their minified JSON,
 * 1,039 B, would make each 2 WCU. One more record, key "big", whose
 * "d" holds 409,590 characters: 2 + 3 + 1 + 3 + 1 + 409,590 = 409,600
 * B, the largest item (statement 9: 400 WCU), stored, though its JSON
 * text is 409,619 B (one byte more by DynamoDB's measure is refused at
 * load: tests/bad/ddb-datafile-item-over.yaml).
 */
START_TEST(test_ddb_items_file_sizes)
{
	static char line[409700];
	char text[512];
	FILE *f;
	const char *data = tu_dir_file("kib.jsonl", "");
	struct pk_run *run;
	const struct pk_totals *t;
	struct pk_snapshot s;
	int i;

	f = fopen(data, "w");
	ck_assert_ptr_nonnull(f);
	memset(line, 's', 1006);
	line[1006] = 0;
	for (i = 0; i < 100; i++) {
		fprintf(f, "{\"id\":\"c%04d\",\"k\":\"x%04d\",\"d\":\"%s\"}\n",
			i, i, line);
	}
	memset(line, 's', 409590);
	line[409590] = 0;
	fprintf(f, "{\"id\":\"big\",\"k\":\"big\",\"d\":\"%s\"}\n", line);
	fclose(f);
	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 10, "
		 "write_capacity_units: 1000}\n"
		 "client: {retries: off}\n"
		 "items: {file: '%s', rate: 100/s}\n",
		 data);
	run = tu_sim_text("kib.yaml", text);
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 101);
	ck_assert_uint_eq(t->bad_request_400, 0);
	ck_assert_int_eq(t->ru_mru, (100 * 1 + 400) * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.storage_bytes, 100 * 1020 + 409600);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * DynamoDB keeps a number to 38 significant digits and compares numbers
 * by value ("Supported data types and naming rules"), where a double
 * keeps 15 to 17: ids past 2^53 are told apart by every digit. Seven
 * records on a table keyed by the number /k, sized as DynamoDB sizes
 * an item (names "k" and "d" 1 byte each, a number ceil(digits / 2) + 1
 * bytes, a string its bytes):
 *   9007199254740993      16 digits, 9 B; "a"      1 + 9 + 1 + 1 = 12
 *   9007199254740992      16 digits, 9 B; "bb"     1 + 9 + 1 + 2 = 13
 *   9007199254740992.0    the same value: replaces it, "ccc"     = 14
 *   1234567890123456789   19 digits, 11 B; "dddd"  1 + 11 + 1 + 4 = 17
 *   1234567890123456788   19 digits, 11 B; "eeeee"             = 18
 *   12345678901234567890  19 significant digits, 11 B; "f"      = 14
 *   12345678901234567891  20 digits, 11 B; "g"                  = 14
 * Six items, 12 + 14 + 17 + 18 + 14 + 14 = 89 B. As doubles the first
 * three are one value (2^53), the next two one (1234567890123456768)
 * and the last two one (12345678901234567168): three items of 14 + 18
 * + 14 = 46 B. All seven arrive in second 0 (100 a second), 1 WCU each
 * (D1): the hottest write key is 9007199254740992 with 2 WCU (records
 * 2 and 3; the first two are 1 each), where the doubles' would be 3.
 */
START_TEST(test_ddb_items_number_keys_exact)
{
	const char *data = tu_dir_file(
	    "ids.jsonl", "{\"k\":9007199254740993,\"d\":\"a\"}\n"
			 "{\"k\":9007199254740992,\"d\":\"bb\"}\n"
			 "{\"k\":9007199254740992.0,\"d\":\"ccc\"}\n"
			 "{\"k\":1234567890123456789,\"d\":\"dddd\"}\n"
			 "{\"k\":1234567890123456788,\"d\":\"eeeee\"}\n"
			 "{\"k\":12345678901234567890,\"d\":\"f\"}\n"
			 "{\"k\":12345678901234567891,\"d\":\"g\"}\n");
	char text[512];
	struct tu_fx f;
	const struct pk_snapshot_ddb *x;

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /k, read_capacity_units: 10, "
		 "write_capacity_units: 1000}\n"
		 "client: {retries: off}\n"
		 "items: {file: '%s', rate: 100/s}\n",
		 data);
	tu_fx_run(&f, "ids.yaml", text);
	x = f.r->variants[0].ddb;
	ck_assert_uint_eq(tu_metrics(f.run->variants[0].svc)->totals.succeeded,
			  7);
	ck_assert_uint_eq(x->items, 6);
	ck_assert_uint_eq(f.r->variants[0].storage_bytes, 89);
	ck_assert_str_eq(x->hot[1].key, "9007199254740992");
	ck_assert_int_eq(x->hot[1].peak_mcu, 2 * CU);
	tu_fx_free(&f);
}
END_TEST

/*
 * A sort key of numbers past 2^53, in DynamoDB's order (by value): one
 * partition-key value "a" put with sort keys 9007199254740990, ..991,
 * ..992, ..993 (16 digits, 9 B each; item 1 + 1 + 1 + 9 = 12 B with
 * names "g" and "n"): four items, 48 B, and each put after the first
 * rises past the one before: 3 rising, 0 falling. As doubles ..993 is
 * ..992: three items (36 B) and its put neither rises nor falls (2).
 */
START_TEST(test_ddb_items_number_sort_keys_exact)
{
	const char *data =
	    tu_dir_file("sk.jsonl", "{\"g\":\"a\",\"n\":9007199254740990}\n"
				    "{\"g\":\"a\",\"n\":9007199254740991}\n"
				    "{\"g\":\"a\",\"n\":9007199254740992}\n"
				    "{\"g\":\"a\",\"n\":9007199254740993}\n");
	char text[512];
	struct tu_fx f;
	const struct pk_snapshot_ddb *x;

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table: {partition_key: /g, sort_key: /n, "
		 "read_capacity_units: 10, write_capacity_units: 1000}\n"
		 "client: {retries: off}\n"
		 "items: {file: '%s', rate: 100/s}\n",
		 data);
	tu_fx_run(&f, "sk.yaml", text);
	x = f.r->variants[0].ddb;
	ck_assert_uint_eq(x->items, 4);
	ck_assert_uint_eq(f.r->variants[0].storage_bytes, 48);
	ck_assert_str_eq(x->hot[1].key, "\"a\"");
	ck_assert_uint_eq(x->hot[1].puts, 4);
	ck_assert_uint_eq(x->hot[1].rising, 3);
	ck_assert_uint_eq(x->hot[1].falling, 0);
	tu_fx_free(&f);
}
END_TEST

/* Two streams on a table keyed by /id (each item its own key value):
   a writer of `writer_ops` 100 a second of new 1 KiB items, and a second
   stream of `other_ops` at other_rate a second, 60 s, retries off */
static struct pk_run *writer_and(const char *writer_ops, const char *other_ops,
				 int other_rate)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "seed: 1\n"
		 "service: dynamodb\n"
		 "table: {partition_key: /id, read_capacity_units: 1000, "
		 "write_capacity_units: 1000}\n"
		 "streams:\n"
		 "  - name: writer\n"
		 "    client: {retries: off}\n"
		 "    phases: [{duration: 60s, rate: 100/s, ops: {%s: 1}, "
		 "item_size: 1KB}]\n"
		 "  - name: other\n"
		 "    client: {retries: off}\n"
		 "    phases: [{duration: 60s, rate: %d/s, ops: {%s: 1}}]\n",
		 writer_ops, other_rate, other_ops);
	return tu_sim_text("targets.yaml", text);
}

/*
 * An upsert of a new item is a PutItem that stores it, as a create is
 * (docs/dynamodb.md), and scenarios/README.md's targets are the items
 * whose create "(a create, an upsert of a new item ...)" the variant
 * stored. Arrivals are evenly spaced: the writer's j-th upsert and the
 * reader's j-th read both arrive at j x 10 ms, the writer (stream 0)
 * first, so every read finds at least one item stored: 0 not sent.
 * 6,000 upserts of 1 WCU and 6,000 eventual reads of a 1 KiB item at
 * 0.5 RCU (D1) are all served: 12,000 requests, 6,000 + 3,000 units,
 * none throttled (100 WCU and 50 RCU a second on 1,000 of each).
 */
START_TEST(test_ddb_items_upserts_are_targets)
{
	struct pk_run *run = writer_and("upsert", "read", 100);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->not_sent_no_target, 0);
	ck_assert_uint_eq(t->operations, 12000);
	ck_assert_uint_eq(t->succeeded, 12000);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, (6000 + 3000) * CU);
	ck_assert_uint_eq(targets_count(run->variants[0].targets), 6000);
	tu_sim_free(run);
}
END_TEST

/*
 * Deletes of upserted items: 50 a second, each drawn among the items
 * upserted and not yet deleted (a sent delete takes its target out),
 * all sent (0 not sent): 3,000 DeleteItems of 1 KiB at 1 WCU each
 * (D1). The table ends with 6,000 - 3,000 = 3,000 items of 1,024 B,
 * and the draw set with the same 3,000.
 */
START_TEST(test_ddb_items_upserts_deleted)
{
	struct pk_run *run = writer_and("upsert", "delete", 50);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->not_sent_no_target, 0);
	ck_assert_uint_eq(t->succeeded, 6000 + 3000);
	ck_assert_int_eq(t->ru_mru, (6000 + 3000) * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->items, 3000);
	ck_assert_uint_eq(s.storage_bytes, 3000ull * 1024);
	snapshot_free(&s);
	ck_assert_uint_eq(targets_count(run->variants[0].targets), 3000);
	tu_sim_free(run);
}
END_TEST

/*
 * Rewriting upserts (upsert_new: 0.5) spread over the items upserted
 * new. 2,000 upserts a second of 1 KiB for 30 s, burst off, adaptive
 * capacity off, on 9,000 RCU + 4,000 WCU: ceil(9,000 / 3,000 + 4,000 /
 * 1,000) = 7 partitions of 4,000 / 7 = 571 WCU (D4, D5). Half the
 * upserts are new items (unique ids, hashed evenly), half rewrite one
 * drawn uniformly among those stored (about 1,000 new a second, so each
 * is rewritten about once): each partition is asked about 2,000 / 7 =
 * 286 WCU a second, half its share: none throttled, all 60,000 served
 * at 1 WCU (60,000 WCU). Were every rewrite to land on the first item,
 * its partition would be asked 1,000 + 143 WCU a second, past its 571
 * share and its 1,000 cap (D3).
 */
START_TEST(test_ddb_items_rewrites_spread)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /id, read_capacity_units: 9000, "
	    "write_capacity_units: 4000, burst: off, adaptive_capacity: off}\n"
	    "client: {retries: off}\n"
	    "phases: [{duration: 30s, rate: 2000/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 1KB}]\n";
	struct pk_run *run = tu_sim_text("rewrites.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->not_sent_no_target, 0);
	ck_assert_uint_eq(t->operations, 60000);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(t->succeeded, 60000);
	ck_assert_int_eq(t->ru_mru, 60000LL * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * Reads are drawn over the items the table holds, not over every put
 * made. One item per device (no sort key): device "hot" is put 900
 * times a second (each PutItem replaces the one item, §1), 100 new
 * devices a second, and 4,000 strong reads a second drawn uniformly,
 * 60 s, on 12,000 RCU + 3,000 WCU: ceil(12,000 / 3,000 + 3,000 / 1,000)
 * = 7 partitions of 1,714 RCU (D4, D5). At t s the table holds 1 + 100 t
 * items, so "hot" gets 4,000 / (1 + 100 t) reads a second: its most
 * in a second, the first, is the integral of that over [0, 1 s) =
 * 40 ln 101 = 185 strong reads of 1 KiB = 185 RCU, far under its
 * partition's 1,714 share; the others are uniform, 4,000 / 7 = 571 a
 * partition. No read is throttled. Drawn over the 54,000 puts of "hot"
 * and the 6,000 of the new devices, 90 % of the reads (3,600 RCU a
 * second) would go to "hot", past its partition's 3,000 cap (D3).
 * The draw set ends as the table: 1 + 6,000 items.
 */
START_TEST(test_ddb_items_reads_follow_held_items)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /device, read_capacity_units: 12000, "
	    "write_capacity_units: 3000, read_consistency: strong}\n"
	    "streams:\n"
	    "  - name: hot\n"
	    "    client: {retries: off}\n"
	    "    items: {device: {const: hot}}\n"
	    "    phases: [{duration: 60s, rate: 900/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n"
	    "  - name: new\n"
	    "    client: {retries: off}\n"
	    "    items: {device: {unique: \"dev-\"}}\n"
	    "    phases: [{duration: 60s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n"
	    "  - name: reader\n"
	    "    client: {retries: off}\n"
	    "    phases: [{duration: 60s, rate: 4000/s, ops: {read: 1}}]\n";
	struct pk_run *run = tu_sim_text("overwrite.yaml", text);
	const struct pk_service *svc = run->variants[0].svc;
	struct pk_snapshot s;

	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 0, PK_DDB_THROTTLE_KEY_RANGE), 0);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 0, PK_DDB_THROTTLE_PROVISIONED), 0);
	ck_assert_uint_eq(tu_metrics(svc)->totals.not_sent_no_target, 0);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->items, 1 + 6000);
	snapshot_free(&s);
	ck_assert_uint_eq(targets_count(run->variants[0].targets), 1 + 6000);
	tu_sim_free(run);
}
END_TEST

/*
 * A batch's puts take their keys' items' places too: 10 BatchWriteItems
 * a second of one item each, its key /k drawn uniformly from v-1 .. v-5,
 * 10 s. The table holds one item a key value: 5 once each value was
 * drawn (all five are missing from none of 100 draws but with
 * probability 5 x 0.8^100, about 1e-9). The draw set follows the table:
 * 5 items, not the 100 puts; so do the 100 reads a second of a second
 * stream (every one sent and served, eventual reads of 1 KiB at 0.5
 * RCU: 1,000 x 0.5 = 500 RCU, plus 100 WCU).
 */
START_TEST(test_ddb_items_batch_puts_replace)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 1000, "
	    "write_capacity_units: 1000}\n"
	    "streams:\n"
	    "  - name: writer\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {values: \"v-{1..5}\"}}\n"
	    "    phases: [{duration: 10s, rate: 10/s, ops: {batch: 1}, "
	    "batch: {size: 1}, item_size: 1KB}]\n"
	    "  - name: reader\n"
	    "    client: {retries: off}\n"
	    "    phases: [{duration: 10s, rate: 100/s, ops: {read: 1}}]\n";
	struct pk_run *run = tu_sim_text("batch.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->not_sent_no_target, 0);
	ck_assert_uint_eq(t->succeeded, 100 + 1000);
	ck_assert_int_eq(t->ru_mru, (100 + 500) * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->items, 5);
	snapshot_free(&s);
	ck_assert_uint_eq(targets_count(run->variants[0].targets), 5);
	tu_sim_free(run);
}
END_TEST

/*
 * A container and a table given the same operation stream target the
 * same items where the services agree: here every upsert is a new item
 * under its own key value (/id), so both store the 6,000 upserted items
 * and each of the 50 deletes a second, drawn at its send among them,
 * finds one: 0 not sent in either, 3,000 deletes, and both draw sets end
 * with 6,000 - 3,000 = 3,000 items (scenarios/README.md, "Targets are
 * drawn at the send"; the draws use the same seeded generators).
 */
START_TEST(test_ddb_items_targets_as_container)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: /id, throughput: 10000}\n"
	    "variants:\n"
	    "  - {name: cosmos}\n"
	    "  - {name: ddb, service: dynamodb, partition_key: /id, "
	    "read_capacity_units: 1000, write_capacity_units: 1000}\n"
	    "streams:\n"
	    "  - name: writer\n"
	    "    client: {retries: off}\n"
	    "    phases: [{duration: 60s, rate: 100/s, ops: {upsert: 1}, "
	    "item_size: 1KB}]\n"
	    "  - name: deleter\n"
	    "    client: {retries: off}\n"
	    "    phases: [{duration: 60s, rate: 50/s, ops: {delete: 1}}]\n";
	struct pk_run *run = tu_sim_text("across.yaml", text);
	size_t v;

	ck_assert_uint_eq(run->n_variants, 2);
	for (v = 0; v < 2; v++) {
		const struct pk_totals *t =
		    &tu_metrics(run->variants[v].svc)->totals;

		ck_assert_uint_eq(t->not_sent_no_target, 0);
		ck_assert_uint_eq(t->succeeded, 6000 + 3000);
		ck_assert_uint_eq(targets_count(run->variants[v].targets),
				  3000);
	}
	tu_sim_free(run);
}
END_TEST

/*
 * Each workload item has its own primary key, however many items the
 * run names between two of them: 4,096 creates in one second, each
 * with the next of 4,096 key values (sequential), are 4,096 items
 * (§1), 4,096 x 1,024 B = 4,194,304 B. The table keeps items' keys
 * by the low bits of their numbers (ddb_items.c, 2,048 slots), so
 * item i and item i + 2,048 share a slot: each must still get its own
 * key (taking another's would make 2,048 items of replaced puts).
 * 40,000 WCU: 40 partitions (D4) of 1,000 WCU, about 102 puts each in
 * the second: none throttled.
 */
START_TEST(test_ddb_items_keys_by_item)
{
	static const char text[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 100, "
	    "write_capacity_units: 40000}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{0000..4095}\", distribution: "
	    "sequential}}\n"
	    "phases: [{duration: 1s, rate: 4096/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run = tu_sim_text("slots.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->succeeded, 4096);
	ck_assert_uint_eq(t->throttled_429, 0);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->items, 4096);
	ck_assert_uint_eq(s.storage_bytes, 4096ull * 1024);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_items");
	TCase *tc = tcase_create("items");

	tcase_add_test(tc, test_ddb_items_same_key_one_item);
	tcase_add_test(tc, test_ddb_items_current_size);
	tcase_add_test(tc, test_ddb_items_grown_item_reads);
	tcase_add_test(tc, test_ddb_items_storage_follows);
	tcase_add_test(tc, test_ddb_items_empty_partition_key);
	suite_add_tcase(s, tc);
	tc = tcase_create("targets");
	tcase_add_test(tc, test_ddb_items_upserts_are_targets);
	tcase_add_test(tc, test_ddb_items_upserts_deleted);
	tcase_add_test(tc, test_ddb_items_rewrites_spread);
	tcase_add_test(tc, test_ddb_items_reads_follow_held_items);
	tcase_add_test(tc, test_ddb_items_batch_puts_replace);
	tcase_add_test(tc, test_ddb_items_targets_as_container);
	suite_add_tcase(s, tc);
	tc = tcase_create("keys");
	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_ddb_items_bad_sort_key);
	tcase_add_test(tc, test_ddb_items_sort_key_over_1024);
	tcase_add_test(tc, test_ddb_items_keys_by_item);
	tcase_add_test(tc, test_ddb_items_file_sizes);
	tcase_add_test(tc, test_ddb_items_number_keys_exact);
	tcase_add_test(tc, test_ddb_items_number_sort_keys_exact);
	suite_add_tcase(s, tc);
	return s;
}
