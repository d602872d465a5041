/*
 * ddb_index: a DynamoDB table's global secondary indexes in the reports
 * (dynamodb-mechanics.md D17, statements 24 and 25, example E5): each
 * index's write units consumed against its own provisioned units, its
 * partitions and its throttles, in the result the reports read and in
 * every format; and the narration's first index throttle and an item
 * collection reaching 10 GiB (D18, statement 28).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/ddb_index.h"
#include "pksim/report/report_csv.h"
#include "pksim/result/result.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

/*
 * E5 over 10 s: the index by-status has 1,000 RCU + 2,000 WCU, so
 * ceil(1,000 / 3,000 + 2,000 / 1,000) = 3 partitions (D4) of 2,000,000
 * / 3 = 666,666 mWCU each (D5). Every pending event carries the one
 * value "pending": 1,200 index writes a second of 1 WCU (a 1 KiB item,
 * D1, projection all) meet one partition's cap of 1,000 WCU (D3;
 * adaptive capacity lifts the share to the cap, never past it): 1,000
 * admitted and 200 throttled a second
 * (IndexWriteKeyRangeThroughputExceeded). Over 10 s the hot partition
 * consumes 10,000 WCU and refuses 2,000; the other two see nothing. The
 * index's 2,000 WCU over 10 s are 20,000 WCU-seconds: 10,000 / 20,000 =
 * 50 %. Archived events have no status (a sparse index): 0 there.
 */
static const char outbox[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table:\n"
    "  name: outbox\n"
    "  partition_key: /id\n"
    "  read_capacity_units: 1000\n"
    "  write_capacity_units: 2000\n"
    "  global_secondary_indexes:\n"
    "    - {name: by-status, partition_key: /status, "
    "read_capacity_units: 1000, write_capacity_units: 2000}\n"
    "streams:\n"
    "  - name: pending\n"
    "    client: {retries: off}\n"
    "    items: {status: {const: pending}}\n"
    "    phases: [{name: e, duration: 10s, rate: 1200/s, "
    "ops: {create: 1}, item_size: 1KB}]\n"
    "  - name: archived\n"
    "    client: {retries: off}\n"
    "    phases: [{name: a, duration: 10s, rate: 300/s, "
    "ops: {create: 1}, item_size: 1KB}]\n";

/* The index partition the pending value lands on: the one with writes */
static size_t hot_part(const struct pk_ddb_index *x)
{
	size_t k, hot = 0;

	for (k = 0; k < x->n_parts; k++) {
		if (x->parts[k].writes > x->parts[hot].writes) {
			hot = k;
		}
	}
	return hot;
}

START_TEST(test_index_consumption)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_ddb_index *x;
	size_t k, hot;

	tu_fx_run(&f, "outbox.yaml", outbox);
	v = tu_fx_variant(&f, "outbox");
	ck_assert_ptr_nonnull(v->ddb);
	ck_assert_uint_eq(v->ddb->n_indexes, 1);
	x = &v->ddb->indexes[0];
	ck_assert_str_eq(x->name, "by-status");
	ck_assert_uint_eq(x->n_parts, 3);
	hot = hot_part(x);
	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(x->parts[k].share_mcu, 666666);
		if (k == hot) {
			continue;
		}
		ck_assert_int_eq(x->parts[k].used_mcu, 0);
		ck_assert_uint_eq(x->parts[k].throttled, 0);
	}
	ck_assert_int_eq(x->parts[hot].used_mcu, 10000 * 1000);
	ck_assert_int_eq(x->parts[hot].peak_mcu, 1000 * 1000);
	ck_assert_uint_eq(x->parts[hot].writes, 12000);
	ck_assert_uint_eq(x->parts[hot].throttled, 2000);
	ck_assert_int_eq(x->used_mcu, 10000 * 1000);
	ck_assert_int_eq(x->cap_mcu, 20000 * 1000);
	ck_assert_double_eq_tol(ddb_index_utilisation(x), 0.5, 1e-9);
	ck_assert_uint_eq(x->throttled[0], 2000);
	ck_assert_uint_eq(x->throttled[1], 0);
	ck_assert_int_eq(x->first_throttle_s, 0);
	/* D15: one minute holds the 10 s, its busiest second 1,000 WCU
	   and 200 refusals */
	ck_assert_uint_eq(x->n_minutes, 1);
	ck_assert_int_eq(x->minutes[0].used_mcu, 10000 * 1000);
	ck_assert_int_eq(x->minutes[0].peak_used_mcu, 1000 * 1000);
	ck_assert_uint_eq(x->minutes[0].throttled, 2000);
	ck_assert_uint_eq(x->minutes[0].peak_throttled, 200);
	/* the table's own: 10 x (1,000 + 300) stored, 1 WCU each */
	ck_assert_int_eq(v->metrics->totals.ru_mru, 13000 * 1000);
	tu_fx_free(&f);
}
END_TEST

/*
 * Statement 24: a put of a new 1 KB item on a table with two GSIs whose
 * keys it has is 1 + 1 + 1 = 3 write units. 100 puts a second for 10 s:
 * the table consumes 1,000 WCU and each index 1,000 (not the table's
 * 1,000 alone). Each index: 1 RCU + 1,000 WCU -> ceil(1 / 3,000 + 1) =
 * 2 partitions (D4) of 500 WCU.
 */
static const char two_gsis[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table:\n"
    "  name: t\n"
    "  partition_key: /id\n"
    "  read_capacity_units: 1\n"
    "  write_capacity_units: 1000\n"
    "  global_secondary_indexes:\n"
    "    - {name: g1, partition_key: /a, read_capacity_units: 1, "
    "write_capacity_units: 1000}\n"
    "    - {name: g2, partition_key: /b, read_capacity_units: 1, "
    "write_capacity_units: 1000}\n"
    "client: {retries: off}\n"
    "items: {a: {values: \"a{000..999}\"}, b: {values: \"b{000..999}\"}}\n"
    "phases: [{name: w, duration: 10s, rate: 100/s, ops: {create: 1}, "
    "item_size: 1KB}]\n";

START_TEST(test_index_statement_24)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	size_t i;

	tu_fx_run(&f, "two.yaml", two_gsis);
	v = tu_fx_variant(&f, "t");
	ck_assert_int_eq(v->metrics->totals.ru_mru, 1000 * 1000);
	ck_assert_uint_eq(v->ddb->n_indexes, 2);
	for (i = 0; i < 2; i++) {
		const struct pk_ddb_index *x = &v->ddb->indexes[i];

		ck_assert_uint_eq(x->n_parts, 2);
		ck_assert_int_eq(x->parts[0].share_mcu, 500 * 1000);
		ck_assert_int_eq(x->used_mcu, 1000 * 1000);
		ck_assert_int_eq(x->parts[0].used_mcu + x->parts[1].used_mcu,
				 1000 * 1000);
		ck_assert_uint_eq(x->throttled[0] + x->throttled[1], 0);
		ck_assert_int_eq(x->first_throttle_s, -1);
	}
	tu_fx_free(&f);
}
END_TEST

/* pksim ARGS on scenario file path (tu_run_ok), stdout */
static char *run_format(const char *path, const char *format)
{
	char args[1024];

	snprintf(args, sizeof(args), "run %s --format %s", path, format);
	return tu_run_ok(args);
}

static void has(const char *s, const char *want, const char *format)
{
	ck_assert_msg(strstr(s, want) != NULL, "--format %s lacks '%s':\n%s",
		      format, want, s);
}

/* The E5 figures above in every format: 10,000 WCU consumed of 20,000
   (50.0 %), 2,000 throttled, the hot partition's 1,000 WCU second */
START_TEST(test_index_formats)
{
	const char *path = tu_dir_file("outbox.yaml", outbox);
	char *s;
	size_t rows = 0;
	const char *p;

	s = run_format(path, "text");
	has(s, "global secondary indexes", "text");
	has(s,
	    "by-status: key /status, projection all, 3 partitions of "
	    "666.7 WCU a second",
	    "text");
	has(s,
	    "10,000 WCU consumed of 20,000 provisioned over the run "
	    "(50.0%)",
	    "text");
	has(s,
	    "2,000 (2,000 IndexWriteKeyRangeThroughputExceeded, 0 "
	    "IndexWriteProvisionedThroughputExceeded)",
	    "text");
	free(s);
	s = run_format(path, "markdown");
	has(s, "## Global secondary indexes: outbox", "markdown");
	has(s, "| 10,000 | 1,000 | 0 | 2,000 |", "markdown");
	free(s);
	s = run_format(path, "html");
	has(s, "<h2>Global secondary indexes</h2>", "html");
	has(s, "10,000 WCU consumed of 20,000 provisioned", "html");
	free(s);
	s = run_format(path, "json");
	has(s, "\"wcu_consumed\": 10000.0", "json");
	has(s, "\"write_utilisation\": 0.5", "json");
	has(s, "\"peak_second_throttled\": 200", "json");
	free(s);
	/* CSV: one row a second of the hot index partition, normalized 1,
	   1,200 writes, 200 refused; its RU cells and RCU empty, 1,000 WCU
	   consumed of its 666.666 share, span 1 s */
	s = run_format(path, "csv");
	has(s, ",index\n", "csv");
	for (p = s; (p = strstr(p, ",,,1,1200,200,0,0,,1000,,666.666,1,,,,,,,,,"
				   "\"by-status\"\n"));
	     p++) {
		rows++;
	}
	ck_assert_uint_eq(rows, 10);
	free(s);
}
END_TEST

/* The table's units are its own, not the bill's (which adds the
   index's 1,000 RCU + 2,000 WCU): its writes are 10 x 1,300 stored of
   10 x 2,000 WCU = 65.0 %, its reads 0 of its 1,000 RCU */
START_TEST(test_table_units_not_index)
{
	const char *path = tu_dir_file("outbox.yaml", outbox);
	char *s;

	s = run_format(path, "text");
	has(s, "reads                  0.0% of the 1,000 RCU provisioned",
	    "text");
	has(s, "writes                 65.0% of the 2,000 WCU provisioned",
	    "text");
	free(s);
	s = run_format(path, "html");
	has(s,
	    "13,000 capacity units consumed: reads 0.0 % of the 1,000 "
	    "RCU, writes 65.0 % of the 2,000 WCU provisioned over the run",
	    "html");
	free(s);
}
END_TEST

/* D15 per index: the 10 s fall in minute 0, whose sums are 10 x 1,000
   = 10,000 WCU (10,000 / 60 = 166.7 a second on average) and 10 x 200
   = 2,000 refusals, beside its busiest second's 1,000 WCU and 200 */
START_TEST(test_index_cloudwatch)
{
	const char *path = tu_dir_file("outbox.yaml", outbox);
	char *s;

	s = run_format(path, "markdown");
	has(s, "CloudWatch 1-minute view of global secondary index by-status",
	    "markdown");
	has(s, "| 0 | 10,000 | 166.7 | 1,000 | 2,000 | 200 |", "markdown");
	free(s);
	s = run_format(path, "text");
	has(s,
	    "\nCloudWatch 1-minute view of global secondary index "
	    "by-status",
	    "text");
	has(s,
	    "  0                  10,000        166.7        1,000"
	    "           2,000          200\n",
	    "text");
	free(s);
	s = run_format(path, "html");
	has(s, "id=\"cloudwatch-index1\"", "html");
	has(s, "<td class=\"n\">166.7</td>", "html");
	free(s);
}
END_TEST

/* --narrate: the index's first throttle, at t = 0 with its 1,200 - 1,000
   = 200 refusals, named by index and reason (before: nothing but "no
   more throttles") */
START_TEST(test_index_narrated)
{
	const char *path = tu_dir_file("outbox.yaml", outbox);
	char args[1024], *out = NULL, *err = NULL;

	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path,
		 tu_dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	has(err,
	    "t = 0 s: first throttle by global secondary index by-status "
	    "(IndexWriteKeyRangeThroughputExceeded, HTTP 400): 200 base "
	    "writes in this second are throttled",
	    "narrate");
	free(out);
	free(err);
}
END_TEST

/*
 * Statement 28 narrated: a table with a local index (projection all)
 * and 200 KiB items: each write grows the key's item collection by
 * 2 x 204,800 = 409,600 B; 10 GiB / 409,600 = 26,214.4, so the
 * 26,215th write is refused. Two writes a second from t = 0 put it at
 * t = 26,214 / 2 = 13,107 s. Each write is 200 + 200 = 400 WCU on one
 * of ceil(100 / 3,000 + 4,000 / 1,000) = 5 partitions of 800 WCU: two a
 * second fit.
 */
static const char lsi[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table:\n"
    "  name: t\n"
    "  partition_key: /k\n"
    "  sort_key: /id\n"
    "  read_capacity_units: 100\n"
    "  write_capacity_units: 4000\n"
    "  local_secondary_indexes: [{name: by-ts, sort_key: /ts}]\n"
    "client: {retries: off}\n"
    "items: {k: {const: hot}, ts: {values: \"t{0000..9999}\"}}\n"
    "phases: [{name: fill, duration: 13110s, rate: 2/s, "
    "ops: {create: 1}, item_size: 200KB}]\n";

START_TEST(test_collection_full_narrated)
{
	const char *path = tu_dir_file("lsi.yaml", lsi);
	char args[1024], *out = NULL, *err = NULL;

	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path,
		 tu_dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	has(err,
	    "t = 13107 s: item collection \"hot\" reached 10 GiB: from now "
	    "on a write that would grow it is refused with HTTP 400 "
	    "(ItemCollectionSizeLimitExceededException)",
	    "narrate");
	free(out);
	free(err);
}
END_TEST

/* `pksim check` of the outbox above with expect: on (by name) its
   index: E5 over 10 s as derived at the top: 10,000 WCU consumed, 2,000
   refused, 3 partitions, 50 % of its WCU-seconds; the hot partition
   (the second one here: the value's hash) refuses all 2,000. The same
   with 1,999 refusals expected fails (exit 3), saying what it got; a
   variant without the index measures absent. */
START_TEST(test_index_expect)
{
	static const char expect[] =
	    "expect:\n"
	    "  - {measure: \"indexes[by-status].wcu_consumed\", "
	    "equal: 10000}\n"
	    "  - {measure: \"indexes[by-status].throttled\", equal: 2000}\n"
	    "  - {measure: \"indexes[0].partitions\", equal: 3}\n"
	    "  - {measure: \"indexes[by-status].write_utilisation\", "
	    "equal: 0.5}\n"
	    "  - {measure: \"indexes[by-status].by_partition\", equal: 3}\n";
	char yaml[2048], args[1024], *out, *err;
	const char *path;
	size_t hot;
	struct tu_fx f;

	tu_fx_run(&f, "outbox.yaml", outbox);
	hot = hot_part(&tu_fx_variant(&f, "outbox")->ddb->indexes[0]);
	tu_fx_free(&f);
	snprintf(yaml, sizeof(yaml),
		 "%s%s  - {measure: \"indexes[by-status].by_partition[%zu]."
		 "throttled\", equal: 2000}\n",
		 outbox, expect, hot);
	path = tu_dir_file("outbox-ok.yaml", yaml);
	snprintf(args, sizeof(args), "check '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_msg(strstr(out, " ok"), "%s%s", out, err);
	free(out);
	free(err);
	snprintf(yaml, sizeof(yaml),
		 "%sexpect:\n  - {measure: \"indexes[by-status].throttled\", "
		 "equal: 1999}\n",
		 outbox);
	path = tu_dir_file("outbox-bad.yaml", yaml);
	snprintf(args, sizeof(args), "check '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 3);
	ck_assert_msg(strstr(out, "got 2000") || strstr(err, "got 2000"),
		      "%s%s", out, err);
	free(out);
	free(err);
}
END_TEST

/*
 * E5 on an on-demand table over 10 s (docs/dynamodb.md): the index
 * by-status has no provisioned units but a new index's warm 12,000 RRU +
 * 4,000 WRU (D13), laid out for the 40,000 WRU quota: 40 partitions of
 * up to 1,000 WRU. The pending value takes 1,200 index writes a second
 * on one of them: 1,000 admitted and 200 throttled a second (its cap,
 * D3). Over 10 s: 10,000 WRU consumed of its limit's 10 x 4,000 =
 * 40,000 (25.0 %), 2,000 throttled; one partition written, one row. Its
 * second reason is the quota's, IndexWriteAccountLimitExceeded, in
 * every format, the narration and `expect:`.
 */
START_TEST(test_index_on_demand)
{
	static const char od[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  name: outbox\n"
	    "  partition_key: /id\n"
	    "  capacity: on_demand\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-status, partition_key: /status}\n"
	    "streams:\n"
	    "  - name: pending\n"
	    "    client: {retries: off}\n"
	    "    items: {status: {const: pending}}\n"
	    "    phases: [{name: e, duration: 10s, rate: 1200/s, "
	    "ops: {create: 1}, item_size: 1KB}]\n"
	    "  - name: archived\n"
	    "    client: {retries: off}\n"
	    "    phases: [{name: a, duration: 10s, rate: 300/s, "
	    "ops: {create: 1}, item_size: 1KB}]\n";
	static const char expect[] =
	    "expect:\n"
	    "  - {measure: \"indexes[by-status].throttled\", equal: 2000}\n"
	    "  - {measure: \"indexes[by-status].throttled_by_reason[1]."
	    "reason\", equal: IndexWriteAccountLimitExceeded}\n";
	const char *path = tu_dir_file("od.yaml", od);
	char yaml[2048], args[1024], *s, *out = NULL, *err = NULL;
	const char *p;
	size_t rows = 0;

	s = run_format(path, "text");
	has(s,
	    "by-status: key /status, projection all, 40 partitions of up to "
	    "1,000 WRU a second (rows: those written)",
	    "text");
	has(s,
	    "warm 12,000 RRU + 4,000 WRU a second (D13); its write limit "
	    "reached 4,000 WRU a second",
	    "text");
	has(s,
	    "10,000 WRU consumed of 40,000 its write limit allowed over the "
	    "run (25.0%)",
	    "text");
	has(s,
	    "2,000 (2,000 IndexWriteKeyRangeThroughputExceeded, 0 "
	    "IndexWriteAccountLimitExceeded)",
	    "text");
	/* one partition row: its share 4,000 / 40 = 100, 10,000 consumed,
	   1,000 its busiest second, 2,000 throttled */
	for (p = s; (p = strstr(p, " 100         10,000          1,000"));
	     p++) {
		rows++;
	}
	ck_assert_uint_eq(rows, 1);
	free(s);
	s = run_format(path, "json");
	has(s, "\"reason\": \"IndexWriteAccountLimitExceeded\"", "json");
	free(s);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path,
		 tu_dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	has(err,
	    "first throttle by global secondary index by-status "
	    "(IndexWriteKeyRangeThroughputExceeded, HTTP 400): 200 base "
	    "writes in this second",
	    "narrate");
	free(out);
	free(err);
	snprintf(yaml, sizeof(yaml), "%s%s", od, expect);
	path = tu_dir_file("od-expect.yaml", yaml);
	snprintf(args, sizeof(args), "check '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_msg(strstr(out, " ok"), "%s%s", out, err);
	free(out);
	free(err);
}
END_TEST

/*
 * An on-demand index past the table's quota (D12: the per-table quota,
 * here table_quota_units 2,000, binds each index as the table): 1,500
 * upserts of 1 KiB a second over 1,000 ids for 20 s, each with one of
 * 100 status values. Once the ids are stored, almost every upsert
 * changes its item's value (99 in 100), a delete plus a put on the
 * index (reference §12): about 1.99 index writes of 1 WRU a base write,
 * about 2,985 WRU a second against the index's bound min(4,000 warm,
 * 2,000 quota) = 2,000: about 2,000 / 1.99 = 1,005 base writes admitted
 * and 495 refused a second, IndexWriteAccountLimitExceeded (no value
 * near its partition's cap: about 30 writes a second each), under 20 x
 * 495 = 9,900 over the run (the first second, most ids new, asks less).
 * The table's own 1,500 WRU are within its 2,000. The narration and
 * the findings name the quota.
 */
START_TEST(test_index_on_demand_quota)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  name: events\n"
	    "  partition_key: /id\n"
	    "  capacity: on_demand\n"
	    "  table_quota_units: 2000\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-status, partition_key: /status}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  id: {values: \"i{000..999}\"}\n"
	    "  status: {values: \"s{00..99}\"}\n"
	    "phases:\n"
	    "  - {name: load, duration: 20s, rate: 1500/s, ops: {upsert: 1}, "
	    "item_size: 1KB}\n";
	const char *path = tu_dir_file("quota.yaml", yaml);
	char args[1024], *out = NULL, *err = NULL;
	const struct pk_ddb_index *x;
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "quota.yaml", yaml);
	x = &f.r->variants[0].ddb->indexes[0];
	ck_assert_uint_eq(x->throttled[0], 0);
	ck_assert_uint_gt(x->throttled[1], 8000);
	ck_assert_uint_le(x->throttled[1], 9900);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429,
			  x->throttled[1]);
	text = tu_findings_text(f.r);
	has(text,
	    "(IndexWriteAccountLimitExceeded) and not stored: its writes "
	    "passed the per-table quota",
	    "findings");
	free(text);
	tu_fx_free(&f);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path,
		 tu_dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	has(err,
	    "first throttle by global secondary index by-status "
	    "(IndexWriteAccountLimitExceeded, HTTP 400)",
	    "narrate");
	free(out);
	free(err);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_index");
	TCase *tc = tcase_create("index");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_index_consumption);
	tcase_add_test(tc, test_index_expect);
	tcase_add_test(tc, test_index_statement_24);
	tcase_add_test(tc, test_index_formats);
	tcase_add_test(tc, test_table_units_not_index);
	tcase_add_test(tc, test_index_cloudwatch);
	tcase_add_test(tc, test_index_narrated);
	tcase_add_test(tc, test_index_on_demand);
	tcase_add_test(tc, test_index_on_demand_quota);
	tcase_add_test(tc, test_collection_full_narrated);
	suite_add_tcase(s, tc);
	return s;
}
