/*
 * ddb_scale: a provisioned DynamoDB table's auto scaling (D19; the
 * reference's §11: 2 one-minute points above the target raise it, 15
 * below lower it) through the run, each figure derived by hand beside
 * it. Minutes are the run's [60 k, 60 (k + 1)) s; 1 KiB writes cost 1
 * WCU each (D1).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

/*
 * 100 RCU + 100 WCU, target 50 %, writes within 100 .. 1,000, reads
 * held at 100 (min = max), update_delay_s 60. 80 writes a second for
 * 240 s: minutes 0 and 1 use 4,800 of 6,000 WCU-seconds, 80 % > 50 %:
 * the second point (t = 120 s) decides ceil(80 / 0.5) = 160 WCU,
 * applied at 180 s (changes[0]: 200 -> 260 units a second, read plus
 * write). Minute 2 decides nothing (one is waiting); minute 3 uses
 * 4,800 of 9,600, 50 %: neither above nor below. Then 20 writes a
 * second from 240 s: 1,200 of 9,600 = 12.5 % < 50 % in minutes 4 .. 18,
 * the 15th point at t = 1,140 s decides max(100, ceil(20 / 0.5) = 40) =
 * 100 WCU, applied at 1,200 s (changes[1]: 260 -> 200). Reads are 0 %
 * of their 100 RCU from minute 0, but their bounds keep them at 100.
 * One partition throughout: ceil(100 / 3,000 + 160 / 1,000) = 1.
 */
START_TEST(test_scale_target_tracking)
{
	static const char *const text =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 100, "
	    "write_capacity_units: 100, auto_scaling: {target: 50, "
	    "min_read_units: 100, max_read_units: 100, min_write_units: "
	    "100, max_write_units: 1000, update_delay_s: 60}}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 240s, rate: 80/s}\n"
	    "  - {duration: 1200s, rate: 20/s}\n";
	struct pk_run *run = tu_sim_text("scale.yaml", text);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_uint_eq(m->n_changes, 2);
	ck_assert_int_eq(m->changes[0].t_s, 180);
	ck_assert_int_eq(m->changes[0].from_ru_per_s, 200);
	ck_assert_int_eq(m->changes[0].to_ru_per_s, 260);
	ck_assert_int_eq(m->changes[1].t_s, 1200);
	ck_assert_int_eq(m->changes[1].to_ru_per_s, 200);
	ck_assert_uint_eq(m->changes[1].ranges_after, 1);
	tu_sim_free(run);
}
END_TEST

/*
 * A table held at its capacity consumes at most it: 10 RCU + 100 WCU,
 * target 70 %, writes 100 .. 40,000 (the default max), no burst, 300
 * writes a second for 330 s, no retries. Minutes 0 and 1 consume 100 a
 * second (100 % > 70 %; 200 a second throttled): at t = 120 s
 * ceil(100 / 0.7) = 143 WCU, applied at 180 s (the default
 * update_delay_s, 60 s). Minute 2 (at 100, a decision waiting) and
 * minute 3 (at 143, 100 %) are the next two points above: at t = 240 s
 * ceil(143 / 0.7) = 205, applied at 300 s. Throttled: 200 a second for
 * 180 s + 157 for 120 s + 95 for 30 s = 36,000 + 18,840 + 2,850 =
 * 57,690. Auto scaling follows a throttled table only by 1 / 0.7 a
 * step, every 2 minutes at best (reference §11: spikes shorter than its
 * points are not followed at all).
 */
START_TEST(test_scale_throttled_steps)
{
	static const char *const text =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 10, "
	    "write_capacity_units: 100, burst: off, auto_scaling: "
	    "{target: 70, min_read_units: 10, min_write_units: 100}}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 330s, rate: 300/s}\n";
	struct pk_run *run = tu_sim_text("scale.yaml", text);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->n_changes, 2);
	ck_assert_int_eq(m->changes[0].t_s, 180);
	ck_assert_int_eq(m->changes[0].to_ru_per_s, 10 + 143);
	ck_assert_int_eq(m->changes[1].t_s, 300);
	ck_assert_int_eq(m->changes[1].to_ru_per_s, 10 + 205);
	ck_assert_uint_eq(m->totals.throttled_429, 57690);
	tu_sim_free(run);
}
END_TEST

/* A table of 10 RCU + 1,000 WCU and an index of 10 RCU + 100 WCU
   (fixed: `auto_scaling: off` on it, else it follows the table's), burst
   off, target 70 %, 300 creates of 1 KiB a second for 330 s (1 WCU on
   each, D1, D17), no retries */
static struct pk_run *index_run(int fixed)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "service: dynamodb\n"
		 "table:\n"
		 "  partition_key: /k\n"
		 "  read_capacity_units: 10\n"
		 "  write_capacity_units: 1000\n"
		 "  burst: off\n"
		 "  auto_scaling: {target: 70}\n"
		 "  global_secondary_indexes:\n"
		 "    - {name: by-kind, partition_key: /kind, "
		 "read_capacity_units: 10, write_capacity_units: 100%s}\n"
		 "client: {retries: off}\n"
		 "items: {k: {values: \"k{000..999}\"}, kind: {values: "
		 "[a]}}\n"
		 "phases:\n"
		 "  - {duration: 330s, rate: 300/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 fixed ? ", auto_scaling: off" : "");
	return tu_sim_text("scale-index.yaml", text);
}

/*
 * The index's own auto scaling (D19, reference §11), the table's
 * unmoved. The table (1,000 WCU on ceil(10 / 3,000 + 1,000 / 1,000) = 2
 * partitions, D4, about 150 writes a second each) takes every write:
 * 300 of 1,000 is 30 %, below 70 %, but 15 points below take 15
 * minutes, past the run's 5.5. The index (one partition, ceil(10 /
 * 3,000 + 100 / 1,000) = 1) consumes its 100 WCU a second (100 % >
 * 70 %) and refuses the other 200 base writes a second. Its minutes 0
 * and 1 are two points above: at t = 120 s ceil(100 / 0.7) = 143 WCU,
 * applied at 180 s (update_delay_s, 60 s). Minute 2 (at 100, a decision
 * waiting) and minute 3 (at 143, 100 %) are its next two points above:
 * at t = 240 s ceil(143 / 0.7) = 205, applied at 300 s. Throttled by the
 * index: 200 a second for 180 s + 157 for 120 s + 95 for 30 s = 36,000 +
 * 18,840 + 2,850 = 57,690 (the table's own test_scale_throttled_steps
 * figures, on the index alone). No change of the table's own units.
 * With auto_scaling: off it keeps 100: 200 x 330 = 66,000.
 */
START_TEST(test_scale_index_alone)
{
	struct pk_run *run = index_run(0);
	const struct pk_service *svc = run->variants[0].svc;
	const struct pk_metrics *m = tu_metrics(svc);
	struct pk_snapshot s;

	ck_assert_uint_eq(m->n_changes, 0);
	ck_assert_uint_eq(m->totals.throttled_429, 57690);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->indexes[0].throttled[0] +
			      s.ddb->indexes[0].throttled[1],
			  57690);
	ck_assert(s.ddb->indexes[0].scaled);
	ck_assert_int_eq(s.ddb->indexes[0].lo_wcu, 100);
	ck_assert_int_eq(s.ddb->indexes[0].hi_wcu, 205);
	/* its provisioned WCU-seconds: 100 x 180 + 143 x 120 + 205 x 30 */
	ck_assert_int_eq(s.ddb->indexes[0].cap_mcu,
			 (100 * 180 + 143 * 120 + 205 * 30) * 1000LL);
	/* the bill's steps hold the table's units plus the index's now:
	   1,000 + 100, from 180 s 1,000 + 143, from 300 s 1,000 + 205; the
	   run's one clock hour bills its most, 1,205 WCU (reads 10 + 10) */
	ck_assert_uint_eq(s.ddb->n_steps, 3);
	ck_assert_int_eq(s.ddb->steps[0].wcu, 1100);
	ck_assert_int_eq(s.ddb->steps[1].t_s, 180);
	ck_assert_int_eq(s.ddb->steps[1].wcu, 1143);
	ck_assert_int_eq(s.ddb->steps[2].t_s, 300);
	ck_assert_int_eq(s.ddb->steps[2].wcu, 1205);
	ck_assert_int_eq(s.ddb->steps[2].rcu, 20);
	ck_assert_int_eq(s.ddb->hours[0].wcu, 1205);
	snapshot_free(&s);
	tu_sim_free(run);
	run = index_run(1);
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.throttled_429, 66000);
	tu_sim_free(run);
}
END_TEST

/*
 * An index raised past its partitions' 1,000 WCU each gets more of
 * them, as a table does (D4; reference §3.1: "if the existing
 * partitions cannot carry the new settings, DynamoDB doubles the
 * partition count"; §3.2: added "when throughput is raised past what
 * the existing ones support"). A table keyed by /id (each create a new
 * item: no replace moves an index entry) of 4,000 WCU (5 partitions,
 * never near its units) and an index by-kind of 10 RCU + 900 WCU: one
 * partition, ceil(10 / 3,000 + 900 / 1,000) = 1 (D4). 1,500 creates of
 * 1 KiB a second for 330 s, each 1 WCU on the table and 1 on the index
 * (D1, D17), its key one of 1,000 values; burst off, adaptive capacity
 * instant (D10: a partition may use what the index's units leave
 * unused that second, so what the index admits does not hang on how
 * its 1,000 values fall over its partitions), target 70 %, retries off.
 * - 0 .. 180 s: 900 admitted a second, 600 throttled. Minutes 0 and 1
 *   at 100 % > 70 % decide ceil(900 / 0.7) = 1,286 WCU at t = 120 s,
 *   applied at 180 s (update_delay_s 60).
 * - 180 .. 300 s: ceil(10 / 3,000 + 1,286 / 1,000) = 2 partitions are
 *   needed, 1 doubled: 2 of 643 WCU each, 1,286 admitted a second (each
 *   partition near 750 of the 1,500, under its 1,000 cap), 214
 *   throttled. Minutes 2 (a decision waiting) and 3 (1,286 of 1,286)
 *   are above: ceil(1,286 / 0.7) = 1,838 at t = 240 s, applied at 300 s
 *   (ceil(10 / 3,000 + 1.838) = 2: no more partitions).
 * - 300 .. 330 s: 2 x 919 WCU, all 1,500 admitted.
 * Throttled: 600 x 180 + 214 x 120 = 108,000 + 25,680 = 133,680. With
 * its one partition kept, its cap of 1,000 would admit 1,000 a second
 * from 180 s: 600 x 180 + 500 x 150 = 183,000.
 */
START_TEST(test_scale_index_adds_partitions)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 10\n"
	    "  write_capacity_units: 4000\n"
	    "  burst: off\n"
	    "  adaptive_capacity: instant\n"
	    "  auto_scaling: {target: 70}\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-kind, partition_key: /kind, "
	    "read_capacity_units: 10, write_capacity_units: 900}\n"
	    "client: {retries: off}\n"
	    "items: {kind: {values: \"c{000..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 330s, rate: 1500/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("scale-index-split.yaml", yaml);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	struct pk_snapshot s;

	ck_assert_uint_eq(m->totals.throttled_429, 133680);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->indexes[0].n_parts, 2);
	ck_assert_int_eq(s.ddb->indexes[0].hi_wcu, 1838);
	ck_assert_int_eq(s.ddb->indexes[0].parts[0].share_mcu, 919 * 1000);
	ck_assert_int_eq(s.ddb->indexes[0].parts[1].share_mcu, 919 * 1000);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * A decrease waits for 15 minutes below the target less its margin (20
 * points by default, PK_DDB_SCALE_IN_MARGIN_PCT; AWS's Knowledge Center:
 * "20% or more below the target", 70 % lowering below 50 %). 1 RCU + 10
 * WCU, target 70 %, 1 KiB writes (1 WCU each, D1), no retries. 6 writes
 * a second for 960 s: 360 of 600 WCU-seconds a minute, 60 %, below 70
 * but not below 50: no decrease (without the margin the 15th point, t =
 * 900 s, lowered it to ceil(6 / 0.7) = 9 WCU at 960 s). Then 4 a second
 * from 960 s: 240 of 600, 40 % < 50 % in minutes 16 .. 30, the 15th
 * point at t = 1,860 s decides ceil(4 / 0.7) = 6 WCU, applied at 1,920 s
 * (update_delay_s 60): one change, 1 + 10 -> 1 + 6 units a second.
 * Reads are 0 % of their 1 RCU, already the least (min_read_units 1).
 */
START_TEST(test_scale_in_margin)
{
	static const char *const text =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 1, "
	    "write_capacity_units: 10, auto_scaling: {target: 70}}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "phases:\n"
	    "  - {duration: 960s, rate: 6/s, item_size: 1KB}\n"
	    "  - {duration: 1020s, rate: 4/s, item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("scale.yaml", text);
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_uint_eq(m->n_changes, 1);
	ck_assert_int_eq(m->changes[0].t_s, 1920);
	ck_assert_int_eq(m->changes[0].from_ru_per_s, 11);
	ck_assert_int_eq(m->changes[0].to_ru_per_s, 7);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_scale");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_scale_target_tracking);
	tcase_add_test(tc, test_scale_throttled_steps);
	tcase_add_test(tc, test_scale_index_alone);
	tcase_add_test(tc, test_scale_index_adds_partitions);
	tcase_add_test(tc, test_scale_in_margin);
	suite_add_tcase(s, tc);
	return s;
}
