/*
 * ddb_lend: instant adaptive capacity (D10, reference §6: "a partition
 * may use min(cap, its share + the table's unused capacity that
 * second)") when the operations' targets are drawn at their send
 * (reads and updates of stored items), which the table cannot read
 * ahead. Each figure derived by hand beside its test from D1, D3, D5,
 * D9, D10 and statement 16. 1 unit = 1,000 mCU; 1KB is 1,024 bytes.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/* Statement 16's table for reads: ceil(400 / 3,000 + 3,500 / 1,000) = 4
   partitions (D4) of 100 RCU (D5); keys a, g, b, c hash to partitions
   0, 1, 2, 3 (one-create runs). 600 creates of 1 KiB, 4 in 7 on g; then
   350 strong reads a second of them for 60 s, 1 RCU each (D1). */
static const char reads_fmt[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {partition_key: /k, sort_key: /id, read_capacity_units: 400, "
    "write_capacity_units: 3500, burst: off, read_consistency: strong, "
    "adaptive_capacity: %s}\n"
    "client: {retries: off}\n"
    "items:\n"
    "  k: {values: [\"a\", \"b\", \"c\", \"g\"], weights: [1, 1, 1, 4]}\n"
    "phases:\n"
    "  - {name: seed, duration: 10s, rate: 60/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - {name: r, duration: 60s, rate: 350/s, ops: {%s: 1}%s}\n";

static struct pk_run *reads(const char *adaptive, const char *op,
			    const char *more)
{
	char text[2048];

	snprintf(text, sizeof(text), reads_fmt, adaptive, op, more);
	return tu_sim_text("lend.yaml", text);
}

/* The partition that received the most requests, by its snapshot */
static const struct pk_snapshot_range *busiest(const struct pk_snapshot *s)
{
	size_t i, hot = 0;

	for (i = 1; i < s->n_ranges; i++) {
		if (s->ranges[i].requests > s->ranges[hot].requests) {
			hot = i;
		}
	}
	return &s->ranges[hot];
}

/*
 * Reads drawn at their send, under `instant`: every second asks 350 of
 * the table's 400 RCU (350 reads a second arrive evenly), so whatever
 * share of them lands on g's partition (about 4/7: 200 a second, 100
 * above its share) the other three leave at least that much unused:
 * 400 - 350 = 50 units spare in every second, 0 throttled, all
 * 600 + 21,000 = 21,600 served. (Holding back every read's units from
 * what may be lent, its own included, served g's partition
 * 100 + (400 - 350) = 150 a second: 3,553 throttled.)
 *
 * Under `off` the same partition serves its 100 share a second and
 * nothing more (burst off): its reads less 60 x 100 = 6,000 are
 * throttled, its reads being its requests less the creates it stored
 * (its bytes / 1 KiB).
 */
START_TEST(test_ddb_lend_unforeseen_reads)
{
	struct pk_run *run = reads("instant", "read", "");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	struct pk_snapshot s;
	const struct pk_snapshot_range *hot;
	uint64_t hot_reads;

	ck_assert_uint_eq(t->operations, 21600);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(t->succeeded, 21600);
	tu_sim_free(run);

	run = reads("off", "read", "");
	t = &tu_metrics(run->variants[0].svc)->totals;
	tu_snapshot(run, 0, &s);
	hot = busiest(&s);
	hot_reads = hot->requests - hot->storage_bytes / 1024;
	ck_assert_uint_gt(hot_reads, 60 * 100);
	ck_assert_uint_eq(t->throttled_429, hot_reads - 60 * 100);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * The same shape with replaces of the stored 1 KiB items by 1 KiB (1
 * WCU each, D1) on 400 WCU (9,000 RCU keep 4 partitions: ceil(9,000 /
 * 3,000 + 400 / 1,000) = 4, of 100 WCU): every second asks 350 of 400
 * WCU, 0 throttled (was 3,553 as the reads).
 */
START_TEST(test_ddb_lend_unforeseen_updates)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "9000, write_capacity_units: 400, burst: off}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: {values: [\"a\", \"b\", \"c\", \"g\"], weights: [1, 1, 1, "
	    "4]}\n"
	    "phases:\n"
	    "  - {name: seed, duration: 10s, rate: 60/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: u, duration: 60s, rate: 350/s, ops: {replace: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("upd.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->operations, 21600);
	ck_assert_uint_eq(t->throttled_429, 0);
	tu_sim_free(run);
}
END_TEST

/*
 * Overloaded: 800 strong reads a second of 1 KiB items, 93 in 100 of
 * them on one key, on 400 RCU in 4 partitions of 100 (8 keys: the hot
 * one's partition and three others). The cold partitions ask about
 * 7 % x 800 = 56 units a second among them, under their 300 of shares:
 * the hot partition gets its 100 and all they leave, so the table
 * serves exactly its 400 each second: 60 x 400 = 24,000 of the phase's
 * 48,000 reads served, 24,000 throttled (plus 1,000 creates, all
 * served). Holding back every read's units lent it nothing while the
 * second asked more than the table's units: 39,259 throttled.
 */
START_TEST(test_ddb_lend_overloaded)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "400, write_capacity_units: 3500, burst: off, read_consistency: "
	    "strong}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  k: {values: [\"hot\", \"c1\", \"c2\", \"c3\", \"c4\", \"c5\", "
	    "\"c6\", \"c7\"], weights: [93, 1, 1, 1, 1, 1, 1, 1]}\n"
	    "phases:\n"
	    "  - {name: seed, duration: 10s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: r, duration: 60s, rate: 800/s, ops: {read: 1}}\n";
	struct pk_run *run = tu_sim_text("over.yaml", text);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->operations, 1000 + 48000);
	ck_assert_uint_eq(t->throttled_429, 24000);
	ck_assert_uint_eq(t->succeeded, 1000 + 24000);
	tu_sim_free(run);
}
END_TEST

/*
 * The shipped scenarios/money/one-workload-dynamodb.yaml (pricing.md
 * §7: 3,000 strong reads a second of 1,000-byte items, 1 RCU each, on
 * 3,000 RCU in ceil(3,000 / 3,000 + 1,000 / 1,000) = 2 partitions of
 * 1,500) with its burst bank off: every second asks at most the
 * table's 3,000 RCU (its reads arrive evenly), so whichever partition
 * draws more than 1,500 borrows what the other leaves: 0 throttled,
 * 60,000 creates and 180,000 reads served (its `expect:` 240,000 with
 * the bank on). Holding back every read's units throttled 27,447.
 */
START_TEST(test_ddb_lend_money_burst_off)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;
	const struct pk_totals *t;

	diag_init(&d);
	sc = scenario_load(tu_src("scenarios/money/one-workload-dynamodb.yaml"),
			   &d);
	ck_assert_msg(sc != NULL, "%s", tu_diag_text(&d));
	sc->table.burst = PK_DDB_BURST_OFF;
	run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(t->succeeded, 240000);
	tu_sim_free(run);
}
END_TEST

/*
 * An unforeseen write costing more than its least (N2): 4 partitions of
 * 100 WCU (keys a, g, b, c on 0-3), burst off. A cold stream stores
 * 3 KiB items on a, b, c for 120 s, then replaces them by 1 KiB items,
 * 90 a second, each costing the larger, 3 WCU (D1); a hot stream
 * creates 250 1 KiB items a second on g in the same 60 s. The
 * replaces (under their 300 of shares) and g's partition together may
 * never take more than the table's 400 WCU in a second (D3, D10: the
 * partition uses the table's unused units, not more; D9: no bank): so
 * every second's write units <= 400, and the hot stream's creates
 * served, with the cold stream's units in that minute, at most
 * 60 x 400 = 24,000. (Counting each replace as 1 WCU before it arrived
 * lent g's partition the replaces' shares: 460 WCU in a second.)
 */
START_TEST(test_ddb_lend_never_above_units)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, sort_key: /id, read_capacity_units: "
	    "9000, write_capacity_units: 400, burst: off}\n"
	    "streams:\n"
	    "  - name: cold\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {values: [\"a\", \"b\", \"c\"]}}\n"
	    "    phases:\n"
	    "      - {name: seed, duration: 120s, rate: 120/s, ops: {create: "
	    "1}, item_size: 3KB}\n"
	    "      - {name: shrink, duration: 60s, rate: 90/s, ops: {replace: "
	    "1}, item_size: 1KB}\n"
	    "  - name: hot\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: g}}\n"
	    "    phases:\n"
	    "      - {name: idle, duration: 120s, rate: 1/m, ops: {create: "
	    "1}, item_size: 1KB}\n"
	    "      - {name: burst, duration: 60s, rate: 250/s, ops: {create: "
	    "1}, item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("shrink.yaml", text);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	int64_t minute = 0;
	size_t i;

	ck_assert_uint_gt(m->n_seconds, 0);
	for (i = 0; i < m->n_seconds; i++) {
		const struct pk_second *s = &m->seconds[i];

		ck_assert_int_le(s->side_used_mcu[1], 400 * CU);
		if (s->t_s >= 120) {
			minute += s->side_used_mcu[1] * s->span_s;
		}
	}
	ck_assert_int_le(minute, 24000LL * CU);
	ck_assert_uint_gt(m->totals.throttled_429, 0);
	tu_sim_free(run);
}
END_TEST

/*
 * Reads by a random-suffix key (`compare --key '{customerId}.{random
 * 1..10}'`, N2's other case): 3,000 RCU in 5 partitions of 600 (D4:
 * ceil(3,000 / 3,000 + 4,000 / 1,000)), burst off. 9,000 creates, then
 * 2,000 eventual reads a second for 10 s, each 10 GetItems of 0.5 RCU
 * (the item's and 9 missing keys'): 1,000 RCU a second on each suffix
 * value, so every partition (1 to 3 values) asks more than its 600 and
 * none leaves a unit to lend: each serves its 600, 3,000 a second,
 * 30,000 read units in the phase, not more. A read succeeds when its own
 * key's GetItem was admitted: the partition of v values serves the
 * first 600 / (v x 1,000) of each second, so 200 x sum over the 10
 * values of 0.6 / v = 200 x 3 = 600 reads a second are served, about
 * 14,000 of 20,000 throttled. (A read held back as one GetItem, 0.5,
 * lent 3,600 a second: 36,000 units, 12,823 throttled.)
 */
START_TEST(test_ddb_lend_random_suffix)
{
	const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /customerId, sort_key: /id, "
	    "read_capacity_units: 3000, write_capacity_units: 4000, burst: "
	    "off}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  customerId: {const: customer-0042}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10s, rate: 900/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: r, duration: 10s, rate: 2000/s, ops: {read: 1}}\n";
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;
	const struct pk_metrics *m;
	int64_t reads = 0;
	size_t i;

	diag_init(&d);
	sc = scenario_parse("suffix.yaml", text, strlen(text), &d);
	ck_assert_msg(sc != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(
	    scenario_add_variant(sc, "{customerId}.{random 1..10}", &d), 0);
	run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	m = tu_metrics(run->variants[1].svc);
	ck_assert_uint_gt(m->n_seconds, 0);
	for (i = 0; i < m->n_seconds; i++) {
		ck_assert_int_le(m->seconds[i].side_used_mcu[0], 3000 * CU);
		reads += m->seconds[i].side_used_mcu[0] * m->seconds[i].span_s;
	}
	ck_assert_int_eq(reads, 30000LL * CU);
	ck_assert_uint_ge(m->totals.throttled_429, 13800);
	ck_assert_uint_le(m->totals.throttled_429, 14200);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_lend");
	TCase *tc = tcase_create("run");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ddb_lend_unforeseen_reads);
	tcase_add_test(tc, test_ddb_lend_unforeseen_updates);
	tcase_add_test(tc, test_ddb_lend_overloaded);
	tcase_add_test(tc, test_ddb_lend_money_burst_off);
	tcase_add_test(tc, test_ddb_lend_never_above_units);
	tcase_add_test(tc, test_ddb_lend_random_suffix);
	suite_add_tcase(s, tc);
	return s;
}
