/*
 * ddb_gsi: a DynamoDB table's global secondary indexes through the run
 * (D17, reference §12), each figure derived by hand beside it from the
 * reference's statements (§16: 24, 25, 26) and example E5 (§17). 1 unit =
 * 1,000 mCU; 1KB in a scenario is 1,024 bytes, 1 WCU (D1).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/report/findings.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/* The count of reason name in run's variant 0 (0 when not listed) */
static uint64_t reason(const struct pk_run *run, const char *name)
{
	struct pk_snapshot s;
	uint64_t n = 0;
	size_t i;

	tu_snapshot(run, 0, &s);
	for (i = 0; i < s.n_reasons; i++) {
		if (strcmp(s.reasons[i].name, name) == 0) {
			n = s.reasons[i].count;
		}
	}
	snapshot_free(&s);
	return n;
}

/*
 * E5 / statement 25 (scenarios/dynamodb/outbox-gsi.yaml): 1,200
 * pending events a second carry status "pending", 300 archived ones no
 * status. The index by-status (1,000 RCU + 2,000 WCU: 3 partitions,
 * D4) takes every pending write on one partition, capped at 1,000 WCU
 * (D3): 200 base writes a second are throttled, the reason the
 * index's, the items not stored. Over 60 s: 90,000 writes, 12,000
 * throttled; 78,000 stored, 1 WCU each on the table; the index admits
 * 60,000 (1,000 a second; the archived items are not in it).
 */
START_TEST(test_gsi_back_pressure)
{
	struct pk_run *run = tu_sim_shipped("dynamodb/outbox-gsi");
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_totals *t = &tu_metrics(svc)->totals;

	ck_assert_uint_eq(t->operations, 90000);
	ck_assert_uint_eq(t->throttled_429, 12000);
	ck_assert_uint_eq(t->succeeded, 78000);
	ck_assert_int_eq(t->ru_mru, 78000 * CU);
	ck_assert_int_eq(ddb_service_gsi_used(svc), 60000 * CU);
	ck_assert_uint_eq(
	    reason(run,
		   "IndexWriteKeyRangeThroughputExceeded (index by-status)"),
	    12000);
	/* the table itself refused nothing: 1,300 of its 2,000 WCU */
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_KEY_RANGE), 0);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_PROVISIONED), 0);
	tu_sim_free(run);
}
END_TEST

/*
 * The index's throttles are not the table partitions': each of the
 * table's 3 partitions (3,000 units: ceil(1,000 / 3,000 + 2,000 /
 * 1,000), D4) has a write share of 2,000 / 3 = 667 WCU (D5) and takes
 * about a third of the 1,300 admitted writes a second, 433 (65 %; a
 * second near 667 is 13 standard deviations of a binomial(1,300, 1/3)
 * away). So no partition rate-limits a request of its own and none
 * peaks at 100 %, though 200 writes a second are throttled (by the
 * index); the seconds still count them: 12,000 over 60 s.
 */
START_TEST(test_gsi_throttle_not_base_peak)
{
	struct pk_run *run = tu_sim_shipped("dynamodb/outbox-gsi");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	uint64_t per_s = 0;
	size_t i, n = 0;

	for (i = 0; i < m->n_ranges; i++) {
		if (m->ranges[i].busy_seconds == 0) {
			continue; /* an id no partition has */
		}
		n++;
		ck_assert_uint_eq(m->ranges[i].throttled_429, 0);
		ck_assert_double_gt(m->ranges[i].peak_normalized, 0.6);
		ck_assert_double_lt(m->ranges[i].peak_normalized, 0.8);
	}
	ck_assert_uint_eq(n, 3);
	for (i = 0; i < m->n_seconds; i++) {
		per_s += m->seconds[i].throttled_429;
	}
	ck_assert_uint_eq(per_s, 12000);
	tu_sim_free(run);
}
END_TEST

/* The findings say who throttled: the index, 12,000 write attempts
   (200 a second for 60 s, E5), and that more units do not help one
   hot key value but would separate several values sharing the
   partition (two values of 600 WCU a second on one index partition
   are 1,200 of its 1,000 cap; at 6,000 WCU the index has 7 partitions
   and they part): the finding says both cases, not that one value is
   the cause, and that in the second DynamoDB would split the partition
   for heat (D7), which pksim does not replay on an index, so the count
   is an upper bound; no table partition is said to rate-limit */
START_TEST(test_gsi_throttle_finding)
{
	struct pk_run *run = tu_sim_shipped("dynamodb/outbox-gsi");
	struct pk_result *res = result_build(run);
	size_t n, i;
	char **f = findings_make(res, &res->variants[0], &n);
	int index = 0, range = 0, both = 0, bound = 0;

	for (i = 0; i < n; i++) {
		index |= strstr(f[i], "12,000 write attempts were throttled by "
				      "global secondary index by-status "
				      "(IndexWriteKeyRangeThroughputExceeded) "
				      "and not stored") != NULL;
		both |= strstr(f[i], "When one value of the index's key asks "
				     "that much") != NULL &&
			strstr(f[i], "when several values share the "
				     "partition, each under the cap, more "
				     "index write units") != NULL;
		bound |= strstr(f[i], "DynamoDB would split the partition "
				      "for heat after minutes of sustained "
				      "heat (D7), which pksim does not "
				      "replay on an index") != NULL &&
			 strstr(f[i], "these throttles are an upper "
				      "bound") != NULL;
		range |= strstr(f[i], "rate-limited") != NULL;
		free(f[i]);
	}
	free(f);
	ck_assert(index);
	ck_assert(both);
	ck_assert(bound);
	ck_assert(!range);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * Statement 24: a put of a new 1 KB item on a table with two indexes
 * whose keys it has costs 1 + 1 + 1 = 3 write units: 100 puts are 100
 * units on the table and 200 on the indexes. A keys_only index takes 1
 * unit whatever the item (an entry under 1 KB): 4 KB items are 4 WCU on
 * the table (D1) and on an index that projects all, 1 on a keys_only
 * one, so 10 puts are 40 + 40 + 10.
 */
START_TEST(test_gsi_write_units)
{
	static const char two[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 100\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: a, partition_key: /status, read_capacity_units: "
	    "100, write_capacity_units: 100}\n"
	    "    - {name: b, partition_key: /region, read_capacity_units: "
	    "100, write_capacity_units: 100}\n"
	    "items:\n"
	    "  status: {values: [new, done]}\n"
	    "  region: {values: [eu, us]}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	static const char keys_only[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 100\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: all, partition_key: /status, read_capacity_units: "
	    "100, write_capacity_units: 100}\n"
	    "    - {name: keys, partition_key: /status, "
	    "read_capacity_units: 100, write_capacity_units: 100, "
	    "projection: keys_only}\n"
	    "items:\n"
	    "  status: {values: [new, done]}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 4KB}\n";
	struct pk_run *run = tu_sim_text("two.yaml", two);
	const struct pk_service *svc = run->variants[0].svc;

	ck_assert_uint_eq(tu_metrics(svc)->totals.succeeded, 100);
	ck_assert_int_eq(tu_metrics(svc)->totals.ru_mru, 100 * CU);
	ck_assert_int_eq(ddb_service_gsi_used(svc), 200 * CU);
	tu_sim_free(run);

	run = tu_sim_text("keys.yaml", keys_only);
	svc = run->variants[0].svc;
	ck_assert_uint_eq(tu_metrics(svc)->totals.succeeded, 10);
	ck_assert_int_eq(tu_metrics(svc)->totals.ru_mru, 40 * CU);
	ck_assert_int_eq(ddb_service_gsi_used(svc), (40 + 10) * CU);
	tu_sim_free(run);
}
END_TEST

/* Four puts of primary key o1 a second apart (the statement 24 tests
   below), the index's projection given by proj ("" or ", projection:
   keys_only"); run (tu_sim_free it) */
static struct pk_run *run_status_puts(const char *proj)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 100\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: s, partition_key: /status, read_capacity_units: "
	    "100, write_capacity_units: 100%s}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    items: {id: {const: o1}, status: {const: new}}\n"
	    "    phases: [{duration: 1s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n"
	    "  - name: b\n"
	    "    items: {id: {const: o1}, status: {const: paid}}\n"
	    "    phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}, "
	    "{duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 1KB}]\n"
	    "  - name: c\n"
	    "    items: {id: {const: o1}, status: {const: paid}}\n"
	    "    phases: [{duration: 2s, rate: 1/s, ops: {read: 1}}, "
	    "{duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 2KB}]\n"
	    "  - name: d\n"
	    "    items: {id: {const: o1}}\n"
	    "    phases: [{duration: 3s, rate: 1/s, ops: {read: 1}}, "
	    "{duration: 1s, rate: 1/s, ops: {create: 1}, item_size: 1KB}]\n";
	char yaml[sizeof(fmt) + 64];

	snprintf(yaml, sizeof(yaml), fmt, proj);
	return tu_sim_text("change.yaml", yaml);
}

/*
 * Statement 24's second sentence, reference §12's table: puts of one
 * primary key (id o1), a second apart (reads of o1 in between touch no
 * index), 1 KB = 1 WCU (D1), projection all:
 * - t = 0 s, status new, a new item: 1 put, 1 WCU;
 * - t = 1 s, status paid: the value changes, a delete on "new" (the
 *   stored 1 KB entry, 1 WCU) plus a put on "paid" (1 WCU): 2 WCU;
 * - t = 2 s, status paid again, 2 KB: the value stays, 1 write of the
 *   put's units (the larger of 1 KB and 2 KB, 2 WCU);
 * - t = 3 s, no status: the attribute is removed, 1 delete of the
 *   stored 2 KB entry, 2 WCU.
 * 1 + 2 + 2 + 2 = 7 WCU on the index, and it ends holding no entry.
 * Counting one index write a put, as the put's item alone has it: 1 +
 * 1 + 2 + 0 = 4.
 */
START_TEST(test_gsi_changed_value_two_writes)
{
	struct pk_run *run = run_status_puts("");
	const struct pk_service *svc = run->variants[0].svc;
	struct pk_snapshot s;

	ck_assert_int_eq(ddb_service_gsi_used(svc), 7 * CU);
	tu_snapshot(run, 0, &s);
	ck_assert_ptr_nonnull(s.ddb);
	ck_assert_uint_eq(s.ddb->index_entries, 0);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * The same four puts with `projection: keys_only` (statement 24: "1 for
 * the other if its projected attributes changed"; §12's table): an
 * entry holds only keys, each write 1 WCU whatever the item's size:
 * - t = 0 s, new item: 1 put, 1 WCU;
 * - t = 1 s, status new -> paid: a delete plus a put, 2 WCU;
 * - t = 2 s, status paid again (2 KB): only keys projected and none
 *   changed: nothing written, 0;
 * - t = 3 s, no status: 1 delete, 1 WCU.
 * 1 + 2 + 0 + 1 = 4 WCU on the index. Charging the kept value 1 write
 * as projection all does: 5.
 */
START_TEST(test_gsi_keys_only_kept_value_no_write)
{
	struct pk_run *run = run_status_puts(", projection: keys_only");
	const struct pk_service *svc = run->variants[0].svc;

	ck_assert_int_eq(ddb_service_gsi_used(svc), 4 * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * Statement 26: an index's read capacity never fails a base-table read
 * or write (KC-GSI): base reads are the table's alone. A table of 100
 * RCU / 100 WCU (1 partition, ceil(100 / 3,000 + 100 / 1,000) = 1, D4)
 * with an index of 1 RCU (the minimum, §11). 10 creates of 1 KB (1 WCU
 * each, and 1 index write each: the item has /status), then 90
 * eventual reads a second for 10 s (1 KB -> 4 KiB -> 0.5 RCU, D1: 45 a
 * second of the table's 100). Were the reads charged to the index's 1
 * RCU, 89 a second would be throttled; none is. Units: 10 x 1 + 900 x
 * 0.5 = 460 on the table, 10 on the index.
 */
START_TEST(test_gsi_read_capacity_not_base)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 100\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: s, partition_key: /status, read_capacity_units: "
	    "1, write_capacity_units: 100}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  status: {values: [new, done]}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {duration: 10s, rate: 90/s, ops: {read: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("reads.yaml", yaml);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_totals *t = &tu_metrics(svc)->totals;

	ck_assert_uint_eq(t->operations, 10 + 900);
	ck_assert_uint_eq(t->succeeded, 10 + 900);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(t->ru_mru, 460 * CU);
	ck_assert_int_eq(ddb_service_gsi_used(svc), 10 * CU);
	tu_sim_free(run);
}
END_TEST

/*
 * `adaptive_capacity: delayed` lifts an index partition as a table's
 * (reference §6: the boost comes some time after throttling starts;
 * §12: an index's partitions behave like the table's). The index
 * by-status (1,000 RCU + 2,000 WCU): ceil(1,000 / 3,000 + 2,000 /
 * 1,000) = 3 partitions of 666.666 WCU (D4, D5). Every create has
 * status "pending": 900 index writes a second on one partition, under
 * its 1,000 cap (D3). Burst off, so before the lift it serves its
 * share, 666,666 mCU, whole writes of 1 WCU, what it leaves unused
 * under one unit its own the next second: 666 (0.666 left), 667
 * (0.332), 666 (0.998), 667 (0.664), 667 (0.330), 666 (0.996) ...:
 * 19,999 of 30 x 900 = 27,000 served over t = 0 to 29, 7,001 refused.
 * The first refusal at t = 30 (adaptive_delay_s after the first) lifts
 * it; from then it may use the 1,333 the other two leave (D10): 0
 * refused. 7,001 + 1 = 7,002 throttled, as the base table keyed by
 * /status gives (trial R's control). (Without the lift: about 60 x
 * 233.3 = 14,000.)
 */
START_TEST(test_gsi_delayed_lift)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  name: outbox\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 1000\n"
	    "  write_capacity_units: 2000\n"
	    "  adaptive_capacity: delayed\n"
	    "  adaptive_delay_s: 30\n"
	    "  burst: off\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-status, partition_key: /status, "
	    "read_capacity_units: 1000, write_capacity_units: 2000}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  status: {const: pending}\n"
	    "phases:\n"
	    "  - {name: events, duration: 60s, rate: 900/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("gsi-delayed.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->throttled_429, 7001 + 1);
	ck_assert_uint_eq(reason(run, "IndexWriteKeyRangeThroughputExceeded "
				      "(index by-status)"),
			  7001 + 1);
	tu_sim_free(run);
}
END_TEST

/* Whether a finding of run's variant 0 holds text */
static int has_finding(struct pk_run *run, const char *text)
{
	struct pk_result *res = result_build(run);
	size_t n, i;
	char **f = findings_make(res, &res->variants[0], &n);
	int found = 0;

	for (i = 0; i < n; i++) {
		found |= strstr(f[i], text) != NULL;
		free(f[i]);
	}
	free(f);
	result_free(res);
	return found;
}

/* E5's table on demand (reference §12: "GSIs follow the table's
   capacity mode"): pending events a second at rate `pending`, each with
   status "pending", and `archived` ones without a status, 60 s, no
   retries; the table and the index each at their new warm throughput
   (4,000 WRU a second, D13) */
static struct pk_run *od_outbox(int pending, int archived)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
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
		 "    items:\n"
		 "      status: {const: pending}\n"
		 "    phases:\n"
		 "      - {name: events, duration: 60s, rate: %d/s, "
		 "ops: {create: 1}, item_size: 1KB}\n"
		 "  - name: archived\n"
		 "    client: {retries: off}\n"
		 "    phases:\n"
		 "      - {name: archive, duration: 60s, rate: %d/s, "
		 "ops: {create: 1}, item_size: 1KB}\n",
		 pending, archived);
	return tu_sim_text("gsi-on-demand.yaml", yaml);
}

/*
 * E5 on an on-demand table: the index's partitions keep their 1,000
 * WRU caps (D3, reference §7: "On-demand tables still have the 3,000 /
 * 1,000 per-partition caps"), so the one value "pending" asked 1,200
 * WRU a second (1,500 writes, 80 % pending; 1 KB, 1 WRU each, D1)
 * throttles 1,200 - 1,000 = 200 base writes a second, though the table
 * (1,500 of its 4,000 WRU instant limit) and the index in all (1,200 of
 * its 4,000) have room: 60 x 200 = 12,000 throttled, not stored, the
 * reason the index's. Stored: 60 x (1,000 + 300) = 78,000, 1 WRU each
 * on the table; the index admits 60 x 1,000 = 60,000. The bill's
 * consumed write request units hold both (pricing.md: "GSI updates are
 * billed as WRUs too"): 78,000 + 60,000 = 138,000 WRU.
 */
START_TEST(test_gsi_on_demand_back_pressure)
{
	struct pk_run *run = od_outbox(1200, 300);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_totals *t = &tu_metrics(svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(t->operations, 90000);
	ck_assert_uint_eq(t->throttled_429, 12000);
	ck_assert_uint_eq(t->succeeded, 78000);
	ck_assert_int_eq(t->ru_mru, 78000 * CU);
	ck_assert_int_eq(ddb_service_gsi_used(svc), 60000 * CU);
	ck_assert_uint_eq(
	    reason(run,
		   "IndexWriteKeyRangeThroughputExceeded (index by-status)"),
	    12000);
	ck_assert_uint_eq(
	    ddb_service_throttles(svc, 1, PK_DDB_THROTTLE_KEY_RANGE), 0);
	tu_snapshot(run, 0, &s);
	ck_assert_int_eq(s.ddb->write_used_mcu, (78000 + 60000) * CU);
	ck_assert_uint_eq(s.ddb->n_indexes, 1);
	ck_assert(s.ddb->indexes[0].on_demand);
	ck_assert_uint_eq(s.ddb->indexes[0].throttled[0], 12000);
	snapshot_free(&s);
	/* the finding names the partition's cap, not the limit */
	ck_assert(has_finding(run, "12,000 write attempts were throttled by "
				   "global secondary index by-status "
				   "(IndexWriteKeyRangeThroughputExceeded) "
				   "and not stored, though the table had "
				   "room: one of the index's partitions was "
				   "past its 1,000 WRU a second, on demand "
				   "too"));
	tu_sim_free(run);
}
END_TEST

/* E5's second figure on demand: 1,200 writes a second, 80 % pending,
   give the value 960 WRU a second, under its partition's 1,000: none
   throttled; the index admits 60 x 960 = 57,600 */
START_TEST(test_gsi_on_demand_under_cap)
{
	struct pk_run *run = od_outbox(960, 240);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_totals *t = &tu_metrics(svc)->totals;

	ck_assert_uint_eq(t->operations, 60 * 1200);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_int_eq(ddb_service_gsi_used(svc), 57600 * CU);
	tu_sim_free(run);
}
END_TEST

/* An on-demand table warm at 10,000 WRU a second (D13) with an index
   keyed by the item's id (a value per item: no partition near its cap)
   at the warm throughput `warm` (NULL: a new index's) takes 5,000 puts
   of 1 KB a second for 10 s, no retries */
static struct pk_run *od_by_id(const char *warm)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
		 "seed: 1\n"
		 "service: dynamodb\n"
		 "table:\n"
		 "  name: events\n"
		 "  partition_key: /id\n"
		 "  capacity: on_demand\n"
		 "  warm_write_units: 10000\n"
		 "  global_secondary_indexes:\n"
		 "    - {name: by-id, partition_key: /id%s%s}\n"
		 "client: {retries: off}\n"
		 "phases:\n"
		 "  - {name: load, duration: 10s, rate: 5000/s, "
		 "ops: {create: 1}, item_size: 1KB}\n",
		 warm ? ", warm_write_units: " : "", warm ? warm : "");
	return tu_sim_text("gsi-on-demand-floor.yaml", yaml);
}

/*
 * A new on-demand index serves at once 4,000 WRU a second (reference
 * §12, UNCONFIRMED: the default of warm_write_units), whatever its
 * table's: 5,000 one-WRU index writes a second against it admit 4,000
 * and throttle 1,000 base writes a second (the limit's own refusal,
 * IndexWriteKeyRangeThroughputExceeded, as the table's is, D14), 10 x
 * 1,000 = 10,000 in 10 s of 50,000 puts: its limit rises only to twice
 * its peak of 30 minutes before (D12), and the run is 10 s (every
 * second past the limit shows the same rule; 10 keep the replay
 * short). The table (10,000 WRU) and
 * the index's partitions (5,000 writes over 40 of them, about 125
 * each, D3's 1,000 far off) refuse none. Warmed to 5,000 WRU (D13), the
 * index throttles none.
 */
START_TEST(test_gsi_on_demand_new_index_floor)
{
	struct pk_run *run = od_by_id(NULL);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_totals *t = &tu_metrics(svc)->totals;

	ck_assert_uint_eq(t->operations, 50000);
	ck_assert_uint_eq(t->throttled_429, 10000);
	ck_assert_uint_eq(
	    reason(run, "IndexWriteKeyRangeThroughputExceeded (index by-id)"),
	    10000);
	ck_assert_int_eq(ddb_service_gsi_used(svc), 10 * 4000 * CU);
	/* no partition near its cap: the finding names the limit */
	ck_assert(has_finding(run, "the index's writes passed its own "
				   "on-demand instant limit"));
	tu_sim_free(run);
	run = od_by_id("5000");
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->throttled_429, 0);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_gsi");
	TCase *tc = tcase_create("run");

	tcase_add_test(tc, test_gsi_back_pressure);
	tcase_add_test(tc, test_gsi_write_units);
	tcase_add_test(tc, test_gsi_changed_value_two_writes);
	tcase_add_test(tc, test_gsi_keys_only_kept_value_no_write);
	tcase_add_test(tc, test_gsi_read_capacity_not_base);
	tcase_add_test(tc, test_gsi_throttle_not_base_peak);
	tcase_add_test(tc, test_gsi_throttle_finding);
	tcase_add_test(tc, test_gsi_delayed_lift);
	tcase_add_test(tc, test_gsi_on_demand_back_pressure);
	tcase_add_test(tc, test_gsi_on_demand_under_cap);
	tcase_add_test(tc, test_gsi_on_demand_new_index_floor);
	suite_add_tcase(s, tc);
	return s;
}
