/*
 * ddb_foresee: what instant adaptive capacity (D10, reference §6: "a
 * partition may use min(cap, its share + the table's unused capacity
 * that second)") foresees of a second's demand besides the items'
 * own units: a local index's entries (on the item's partition, D18)
 * and a global index's writes of updates (on the index's partitions,
 * D17). A partition at or under its share is never throttled because
 * a hot one borrowed. Each figure derived by hand beside its test from
 * D1, D4, D5, D10, D17, D18. 1 unit = 1,000 mCU; 1KB is 1,024 bytes.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

/* A table of 4 partitions of 100 WCU (D4, D5) with sort key /id, burst
   off, and the head of its hot stream g (no retries): its phases follow */
#define HOT_TABLE                                                              \
	"seed: 1\n"                                                            \
	"service: dynamodb\n"                                                  \
	"table: {partition_key: /k, sort_key: /id, "                           \
	"read_capacity_units: 9000, write_capacity_units: 400, "               \
	"burst: off}\n"                                                        \
	"streams:\n"                                                           \
	"  - name: hot\n"                                                      \
	"    client: {retries: off}\n"                                         \
	"    items: {k: {const: g}}\n"                                         \
	"    phases:\n"

/*
 * A local index (projection all) on a 400 WCU table: ceil(9,000 /
 * 3,000 + 400 / 1,000) = 4 partitions of 100 WCU (D4, D5); keys a, g,
 * b, c on partitions 0, 1, 2, 3. Each create of 1 KiB is 1 WCU for the
 * item and 1 for its index entry, both on the item's partition (D1,
 * D18): 2 WCU.
 * - a, b, c: 40 creates a second each, 80 WCU of their 100: 0
 *   throttled.
 * - g: 200 creates a second, 400 WCU; its 100 plus the 3 x 20 the
 *   others leave = 160 WCU, 80 creates served a second, 120 throttled:
 *   60 x 120 = 7,200 throttled, 60 x 80 = 4,800 served.
 * (Foreseeing the items' units alone, g borrowed the index entries'
 * share of a, b and c: 2,700 of their creates throttled.)
 */
START_TEST(test_foresee_lsi_entries)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /k\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 9000\n"
	    "  write_capacity_units: 400\n"
	    "  burst: off\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-type, sort_key: /type}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: a}, type: {values: [x, y]}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 40/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: b\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: b}, type: {values: [x, y]}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 40/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: c\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: c}, type: {values: [x, y]}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 40/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: hot\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: g}, type: {values: [x, y]}}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 200/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("lsi.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	uint64_t hot, cold;

	tu_hot_throttles(run, &hot, &cold);
	ck_assert_uint_eq(cold, 0);
	ck_assert_uint_eq(hot, 7200);
	ck_assert_uint_eq(t->succeeded, 3 * 2400 + 4800);
	tu_sim_free(run);
}
END_TEST

/*
 * A global index on a low-cardinality attribute under updates (E5's
 * shape): the base table (4,000 WCU) is far from its limits; the index
 * has ceil(9,000 / 3,000 + 400 / 1,000) = 4 partitions of 100 WCU (D4,
 * D5, D17). The seed phase stores 20 x 80 = 1,600 items of 1 KiB, s
 * drawn a, b, c, g 1:1:1:5; then 640 replaces a second by the same
 * 1 KiB, each 1 index write of 1 WCU on its value's partition (reference
 * §12: the value kept). About 640 x 3/8 = 240 land on a, b, c (80 each,
 * under their 100) and the rest on g: g's partition may use its 100
 * plus what a, b and c leave, so the index takes 400 a second and
 * refuses 640 - 400 = 240 a second, all on g's partition: 60 x 240 =
 * 14,400, none on a, b, c. (With the index writes of updates not
 * foreseen, g borrowed early in each second what a, b and c asked later:
 * 5,364 of their updates refused.)
 */
START_TEST(test_foresee_gsi_updates)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  read_capacity_units: 100\n"
	    "  write_capacity_units: 4000\n"
	    "  burst: off\n"
	    "  global_secondary_indexes:\n"
	    "    - {name: by-s, partition_key: /s, read_capacity_units: "
	    "9000, write_capacity_units: 400}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  s: {values: [a, b, c, g], weights: [1, 1, 1, 5]}\n"
	    "phases:\n"
	    "  - {name: seed, duration: 20s, rate: 80/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: upd, duration: 60s, rate: 640/s, ops: {replace: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("gsi.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	const struct pk_ddb_index *ix;
	struct pk_snapshot s;
	size_t k, hot = 0;
	uint64_t cold = 0;

	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.ddb->n_indexes, 1);
	ix = &s.ddb->indexes[0];
	ck_assert_uint_eq(ix->n_parts, 4);
	for (k = 1; k < ix->n_parts; k++) {
		if (ix->parts[k].writes > ix->parts[hot].writes) {
			hot = k;
		}
	}
	for (k = 0; k < ix->n_parts; k++) {
		cold += k == hot ? 0 : ix->parts[k].throttled;
	}
	ck_assert_uint_eq(cold, 0);
	ck_assert_uint_eq(ix->parts[hot].throttled, 14400);
	ck_assert_uint_eq(t->throttled_429, 14400);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/*
 * Updates of items of varying size (1 to 20 KiB: a replace costs
 * ceil(max(old, new) / 1 KiB), 1 to 20 WCU, D1) on 4 partitions of
 * 100 WCU (keys a, g, b, c; D4, D5). a, b and c each take 5 replaces a
 * second: at most 5 x 20 = 100 WCU, their share, so none is ever
 * throttled, whatever g borrows (D10). g's 250 creates of 1 KiB a
 * second start a second after the replaces, and may use its 100 plus
 * what a, b and c leave. (Holding back the mean a replace asked, a
 * second whose replaces ran above it found its share lent: 6 cold
 * replaces refused.)
 */
START_TEST(test_foresee_varying_updates)
{
	static const char cold[] =
	    "  - name: %s\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: %s}}\n"
	    "    phases:\n"
	    "      - {duration: 120s, rate: 10/s, ops: {create: 1}, "
	    "item_size: {uniform: [1KB, 20KB]}}\n"
	    "      - {duration: 60s, rate: 5/s, ops: {replace: 1}, "
	    "item_size: {uniform: [1KB, 20KB]}}\n";
	char yaml[4096], one[512];
	const char *keys[] = {"a", "b", "c"};
	struct pk_run *run;
	uint64_t hot, cold_t;
	size_t k;

	snprintf(yaml, sizeof(yaml),
		 HOT_TABLE
		 "      - {duration: 121s, rate: 1/m, ops: {create: 1}, "
		 "item_size: 1KB}\n"
		 "      - {duration: 59s, rate: 250/s, ops: {create: 1}, "
		 "item_size: 1KB}\n");
	for (k = 0; k < 3; k++) {
		snprintf(one, sizeof(one), cold, keys[k], keys[k]);
		strncat(yaml, one, sizeof(yaml) - strlen(yaml) - 1);
	}
	run = tu_sim_text("vary.yaml", yaml);
	tu_hot_throttles(run, &hot, &cold_t);
	ck_assert_uint_gt(hot, 0);
	ck_assert_uint_eq(cold_t, 0);
	tu_sim_free(run);
}
END_TEST

/*
 * A phase's first second, before any of its operations whose target is
 * drawn at the send has arrived. 4 partitions of 100 WCU (D4:
 * ceil(9,000 / 3,000 + 400 / 1,000); D5), keys a, g, b, c on 0 to 3.
 * a, b and c each store 2 items of 16 KiB a second for 20 s (16 WCU
 * each, D1: 32 of their 100), then delete, in 4 one-second phases, 2 a
 * second each (the oldest items first, zipf s = 2 over creation order):
 * 6 deletes a second, so one cold partition asks at most 6 x 16 = 96
 * WCU, under its 100: none is throttled, whatever g borrows (D10). g's
 * 1,000 creates of 1 KiB a second from t = 20 s ask more than the
 * table's 400 alone: each of those seconds the table serves its 400
 * WCU, no more (burst off). (Holding back a 1 KiB write for each delete
 * before one of its phase's arrived, g borrowed the cold deletes' shares
 * early in the second: 12 of the 24 deletes refused.) The replaces are
 * 16 KiB puts over 1 KiB items: each asks 16 WCU, its own item's (D1),
 * not the 1 of the largest item stored; at most 96 a second on a cold
 * partition again (12 refused the same way).
 */
static void first_second(const char *op, const char *seed_size)
{
	static const char cold[] =
	    "  - name: %s\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: %s}}\n"
	    "    phases:\n"
	    "      - {duration: 20s, rate: 2/s, ops: {create: 1}, "
	    "item_size: %s}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n";
	static const char phase[] =
	    "item_size: 16KB, select: {distribution: zipf, s: 2}";
	char yaml[4096], one[1024];
	const char *keys[] = {"a", "b", "c"};
	const struct pk_metrics *m;
	struct pk_run *run;
	uint64_t hot, cold_t;
	size_t k, i, busy = 0;

	snprintf(yaml, sizeof(yaml),
		 HOT_TABLE
		 "      - {duration: 20s, rate: 1/m, ops: {read: 1}}\n"
		 "      - {duration: 4s, rate: 1000/s, ops: {create: 1}, "
		 "item_size: 1KB}\n");
	for (k = 0; k < 3; k++) {
		snprintf(one, sizeof(one), cold, keys[k], keys[k], seed_size,
			 op, phase, op, phase, op, phase, op, phase);
		strncat(yaml, one, sizeof(yaml) - strlen(yaml) - 1);
	}
	run = tu_sim_text("first.yaml", yaml);
	tu_hot_throttles(run, &hot, &cold_t);
	ck_assert_uint_gt(hot, 0);
	ck_assert_uint_eq(cold_t, 0);
	m = tu_metrics(run->variants[0].svc);
	for (i = 0; i < m->n_seconds; i++) {
		const struct pk_second *s = &m->seconds[i];

		ck_assert_int_le(s->side_used_mcu[1], 400 * 1000);
		if (s->t_s >= 20 && s->t_s < 24) {
			ck_assert_int_eq(s->side_used_mcu[1], 400 * 1000);
			busy++;
		}
	}
	ck_assert_uint_eq(busy, 4);
	tu_sim_free(run);
}

START_TEST(test_foresee_first_second_deletes)
{
	first_second("delete", "16KB");
}
END_TEST

START_TEST(test_foresee_first_second_replaces)
{
	first_second("replace", "1KB");
}
END_TEST

/* A table of 4,000 WCU (D4: ceil(100 / 3,000 + 4,000 / 1,000) = 5
   partitions of 800 WCU, far from their limits) keyed by /id, burst
   off, with a global index by-k of 4 partitions of 100 WCU (D4:
   ceil(9,000 / 3,000 + 400 / 1,000); D5, D17), values a, g, b, c on
   its partitions 0 to 3 (even slices of the hash space, as a table's);
   its streams follow */
#define GSI_TABLE                                                              \
	"seed: 1\n"                                                            \
	"service: dynamodb\n"                                                  \
	"table:\n"                                                             \
	"  partition_key: /id\n"                                               \
	"  read_capacity_units: 100\n"                                         \
	"  write_capacity_units: 4000\n"                                       \
	"  burst: off\n"                                                       \
	"  global_secondary_indexes:\n"                                        \
	"    - {name: by-k, partition_key: /k, read_capacity_units: 9000, "    \
	"write_capacity_units: 400}\n"                                         \
	"streams:\n"

/* Index by-k of run: its partition with the most writes in *hot, and
   the throttles of the others in *cold */
static const struct pk_ddb_index_part *
index_hot(struct pk_run *run, struct pk_snapshot *s, uint64_t *cold)
{
	const struct pk_ddb_index *ix;
	size_t k, hot = 0;

	tu_snapshot(run, 0, s);
	ck_assert_uint_eq(s->ddb->n_indexes, 1);
	ix = &s->ddb->indexes[0];
	ck_assert_uint_eq(ix->n_parts, 4);
	for (k = 1; k < ix->n_parts; k++) {
		if (ix->parts[k].writes > ix->parts[hot].writes) {
			hot = k;
		}
	}
	*cold = 0;
	for (k = 0; k < ix->n_parts; k++) {
		*cold += k == hot ? 0 : ix->parts[k].throttled;
	}
	return &ix->parts[hot];
}

/*
 * A phase's first second on a global index (GSI_TABLE), before any of
 * its writes whose target is drawn at the send has arrived. a, b and c
 * each store 2 items of 16 KiB a second for 20 s: 16 WCU on the table
 * and 16 on the index each (D1; projection all, §12), 120 x 16 = 1,920
 * WCU on the index in all. Then each deletes (or rewrites by 16 KiB),
 * in 4 one-second phases, 2 a second: 6 a second of at most 16 WCU
 * each, 96 at most on one cold index partition, under its 100: none is
 * refused, whatever g borrows (D10). g's 1,000 creates of 1 KiB a
 * second from t = 20 s ask 1,000 index WCU a second: the index serves
 * its 400 a second, g 400 - 96 = 304 of them: 4 x 304 = 1,216, 4,000 -
 * 1,216 = 2,784 refused; the index admits 1,920 + 4 x 400 = 3,520 WCU.
 * (Holding back a 1 KiB write's index write for each: g borrowed the
 * cold writes' shares early in the second, 12 of them refused and g
 * served 352 in a second.)
 */
static void gsi_first_second(const char *op)
{
	static const char cold[] =
	    "  - name: %s\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: %s}}\n"
	    "    phases:\n"
	    "      - {duration: 20s, rate: 2/s, ops: {create: 1}, "
	    "item_size: 16KB}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n"
	    "      - {duration: 1s, rate: 2/s, ops: {%s: 1}, %s}\n";
	static const char phase[] =
	    "item_size: 16KB, select: {distribution: zipf, s: 2}";
	char yaml[4096], one[1024];
	const char *keys[] = {"a", "b", "c"};
	const struct pk_ddb_index_part *hot;
	struct pk_snapshot s;
	struct pk_run *run;
	uint64_t cold_t;
	int64_t used = 0;
	size_t k;

	snprintf(yaml, sizeof(yaml),
		 GSI_TABLE
		 "  - name: hot\n"
		 "    client: {retries: off}\n"
		 "    items: {k: {const: g}}\n"
		 "    phases:\n"
		 "      - {duration: 20s, rate: 1/m, ops: {read: 1}}\n"
		 "      - {duration: 4s, rate: 1000/s, ops: {create: 1}, "
		 "item_size: 1KB}\n");
	for (k = 0; k < 3; k++) {
		snprintf(one, sizeof(one), cold, keys[k], keys[k], op, phase,
			 op, phase, op, phase, op, phase);
		strncat(yaml, one, sizeof(yaml) - strlen(yaml) - 1);
	}
	run = tu_sim_text("gsi-first.yaml", yaml);
	hot = index_hot(run, &s, &cold_t);
	ck_assert_uint_eq(cold_t, 0);
	ck_assert_uint_eq(hot->throttled, 2784);
	ck_assert_int_eq(hot->peak_mcu, 304 * 1000);
	for (k = 0; k < s.ddb->indexes[0].n_parts; k++) {
		used += s.ddb->indexes[0].parts[k].used_mcu;
	}
	ck_assert_int_eq(used, 3520 * 1000);
	snapshot_free(&s);
	tu_sim_free(run);
}

START_TEST(test_foresee_gsi_first_second_deletes)
{
	gsi_first_second("delete");
}
END_TEST

START_TEST(test_foresee_gsi_first_second_replaces)
{
	gsi_first_second("replace");
}
END_TEST

/*
 * A retry of an index-throttled write, due in a later second, on the
 * index partition it will ask (GSI_TABLE). Second 0: a sends 500
 * creates of 1 KiB (1 WCU on the table and 1 on the index each, D1,
 * §12), one every 2 ms, on index partition 0; b, c and g ask nothing,
 * so a may use its 100 and their 300 (D10): the first 400 are stored,
 * the last 100 (t = 800 .. 998 ms) refused by the index's 400 WCU.
 * a's client retries each after max(its retry-after, 500 ms) = 500 ms
 * (exponential, base 500 ms, no jitter): t = 1,300 .. 1,498 ms, 100
 * index writes of 1 WCU on partition 0 in second 1, its 100. Second 1:
 * g sends 1,000 creates from t = 1,000 ms, one a ms, on partition 1,
 * without retries; it may use its 100 and what b and c leave, 200: 300
 * stored, 700 refused; a's retries all stored (100 + 300 = the index's
 * 400). So partition 0 refuses 100 (second 0), partition 1 700, and
 * 500 + 300 (+ g's one read) succeed. (With the retries not foreseen on
 * the index, g borrowed a's share before they came: partition 0 refused
 * 166, g stored 366.)
 */
START_TEST(test_foresee_gsi_retry_due)
{
	static const char yaml[] = GSI_TABLE
	    "  - name: a\n"
	    "    client: {retries: {policy: exponential, base: 500ms, "
	    "jitter: 0}}\n"
	    "    items: {k: {const: a}}\n"
	    "    phases:\n"
	    "      - {duration: 1s, rate: 500/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: g\n"
	    "    client: {retries: off}\n"
	    "    items: {k: {const: g}}\n"
	    "    phases:\n"
	    "      - {duration: 1s, rate: 1/m, ops: {read: 1}}\n"
	    "      - {duration: 1s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run = tu_sim_text("gsi-retry.yaml", yaml);
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;
	const struct pk_ddb_index_part *hot;
	struct pk_snapshot s;
	uint64_t cold;

	hot = index_hot(run, &s, &cold);
	ck_assert_uint_eq(cold, 100);
	ck_assert_uint_eq(hot->throttled, 700);
	ck_assert_int_eq(hot->used_mcu, 300 * 1000);
	ck_assert_uint_eq(t->succeeded, 500 + 300 + 1);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/* A paced client's stream beside the hot key g, on 4 partitions of
   100 WCU (keys a, g, b, c); client is the cold stream's client */
static struct pk_run *paced_run(const char *client)
{
	char yaml[2048];

	snprintf(yaml, sizeof(yaml),
		 "seed: 1\n"
		 "service: dynamodb\n"
		 "table: {partition_key: /k, sort_key: /id, "
		 "read_capacity_units: 9000, write_capacity_units: 400, "
		 "burst: off}\n"
		 "streams:\n"
		 "  - name: cold\n"
		 "    client: {retries: off, %s}\n"
		 "    items: {k: {values: [a, b, c]}}\n"
		 "    phases:\n"
		 "      - {duration: 60s, rate: 300/s, ops: {create: 1}, "
		 "item_size: 1KB}\n"
		 "  - name: hot\n"
		 "    client: {retries: off}\n"
		 "    items: {k: {const: g}}\n"
		 "    phases:\n"
		 "      - {duration: 60s, rate: 400/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 client);
	return tu_sim_text("paced.yaml", yaml);
}

/*
 * A client with 4 workers of 50 ms each (client.concurrency) sends 4 x
 * 1,000 / 50 = 80 creates a second of the 300 arriving (the rest wait),
 * about 27 on each of a, b, c: partitions 0, 2, 3 leave 300 - 80 = 220
 * unused. g asks 400 a second and may use its 100 plus those 220 (D10):
 * 320 served, 80 throttled a second, 60 x 80 = 4,800; the cold writes
 * never above their share: 0 throttled. (Holding the cold creates as
 * they arrived, 100 a second on each cold partition, not as they were
 * sent: g throttled 17,468.)
 */
START_TEST(test_foresee_paced_workers)
{
	struct pk_run *run = paced_run("concurrency: 4, latency: 50ms");
	uint64_t hot, cold;

	tu_hot_throttles(run, &hot, &cold);
	ck_assert_uint_eq(cold, 0);
	ck_assert_uint_eq(hot, 4800);
	tu_sim_free(run);
}
END_TEST

/*
 * An RU budget of 240 a second (client.ru_budget): 240 creates of 1 WCU
 * sent a second, 80 on each of a, b, c, which leave 3 x 20 = 60 unused;
 * g may use 100 + 60 = 160 a second: 240 throttled a second, 60 x 240 =
 * 14,400. A budget's second may go one request past it (a throttle
 * spends none), so each second also holds back 1 WCU more than the
 * budget sent the second before: at most 1 more of g's throttled a
 * second, 14,400 to 14,460. The cold creates: 0 throttled. (Holding
 * them as they arrived: g throttled 17,468.)
 */
START_TEST(test_foresee_paced_budget)
{
	struct pk_run *run = paced_run("ru_budget: 240/s");
	uint64_t hot, cold;

	tu_hot_throttles(run, &hot, &cold);
	ck_assert_uint_eq(cold, 0);
	ck_assert_uint_ge(hot, 14400);
	ck_assert_uint_le(hot, 14460);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_foresee");
	TCase *tc = tcase_create("run");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_foresee_lsi_entries);
	tcase_add_test(tc, test_foresee_gsi_updates);
	tcase_add_test(tc, test_foresee_varying_updates);
	tcase_add_test(tc, test_foresee_first_second_deletes);
	tcase_add_test(tc, test_foresee_first_second_replaces);
	tcase_add_test(tc, test_foresee_gsi_first_second_deletes);
	tcase_add_test(tc, test_foresee_gsi_first_second_replaces);
	tcase_add_test(tc, test_foresee_gsi_retry_due);
	tcase_add_test(tc, test_foresee_paced_workers);
	tcase_add_test(tc, test_foresee_paced_budget);
	suite_add_tcase(s, tc);
	return s;
}
