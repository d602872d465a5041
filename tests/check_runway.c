/*
 * runway: days to full projected from the workload as described
 * (include/pksim/result/runway.h), each repro with its figure derived by
 * hand beside it. Every figure here came out otherwise before the
 * projection (the extrapolation of what the replay stored); each test
 * says what it gave.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/report/findings.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "pksim/result/runway.h"
#include "pksim/run/sim.h"
#include "testutil.h"

/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11) */
#define CAP 21474836480.0
#define DAY 86400.0

static const char *text_of(const struct pk_result *res,
			   const struct pk_scorecard *c, char *buf, size_t cap)
{
	return scorecard_full_text(res, c, 0, buf, cap);
}

/* The scenario text's first variant fills at want_s seconds from t = 0,
   to within rel of it */
static void assert_full_at(const char *text, double want_s, double rel)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, want_s, rel),
		      "%f s, want %f: %s", c[0].days_to_full * DAY, want_s,
		      text);
	tu_cards_free(c, run, res);
}

/*
 * A key of the weekday (`%A`), a run started on Thursday 2026-01-01
 * 00:00 UTC: 30 creates/s of 100 KB for 10 minutes. Thursday is the
 * current bucket from t = 0 and grows 30 x 102,400 = 3,072,000 B/s: it
 * holds 20 GiB at t = 21,474,836,480 / 3,072,000 = 6,990.5 s (0.0809
 * days), 1.78 h after the run's 600 s end. Before: "0.52 days (12.4 h)",
 * the run's growth averaged over a week as if Thursday grew one day in
 * seven from what was stored.
 */
START_TEST(test_runway_weekday_bucket)
{
	static const char text[] =
	    "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
	    "container: {partition_key: /day, throughput: 10000}\n"
	    "items:\n"
	    "  day: {clock: \"%A\"}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 30/s, ops: {create: 1}, "
	    "item_size: 100KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, CAP / 3072000.0, 1e-6),
		      "%f", c[0].days_to_full * DAY);
	ck_assert_str_eq(c[0].full_key, "\"Thursday\"");
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "projected from the workload's rates"), "%s",
		      t);
	ck_assert_msg(strstr(t, "the phases last only 10.0 min"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * One key at 400 RU/s, a 1-second burst of 10,000 creates of 1 KB with
 * long retries. A 1 KB create costs 5 RU, so the range lets 400 / 5 = 80
 * a second succeed: 80 x 1,024 = 81,920 B/s, and 20 GiB take
 * 21,474,836,480 / 81,920 = 262,144 s = 3.034 days even if the burst
 * repeated for ever; the sentence says the phases last 1 s and that a
 * burst is not a rate. Before: "0.02 days (34.9 min)", 9.8 MiB over 1 s
 * extrapolated.
 */
START_TEST(test_runway_burst_bounded_by_throughput)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {retries: {max_retries: 1000, max_wait: 1h}}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 10000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, 262144.0, 1e-6), "%f",
		      c[0].days_to_full * DAY);
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s"), "%s", t);
	ck_assert_msg(strstr(t, "a burst that does not repeat is not a rate"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Reads compete with the writes for the range's RU/s. One key on 400
 * RU/s, 400 operations/s: 0.2 creates of 1 KB (80/s x 5 RU = 400 RU/s)
 * and 0.8 point reads of 1 KB (320/s x 1 RU = 320 RU/s). The range
 * serves 400 of the 720 RU/s asked, every request alike, so 80 x 400 /
 * 720 = 44.44 creates/s succeed: 44.44 x 1,024 = 45,511.1 B/s, and 20
 * GiB take 21,474,836,480 / 45,511.1 = 471,859.2 s = 5.461 days. Before:
 * the reads left out, the writes alone fit the 400 RU/s: 80 x 1,024 =
 * 81,920 B/s, 262,144 s = 3.034 days, and no bound was named.
 */
START_TEST(test_runway_reads_share_the_bound)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items:\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 400/s, ops: {create: 0.2, read: 0.8}, "
	    "item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY,
			      CAP / (80.0 * 400.0 / 720.0 * 1024.0), 1e-6),
		      "%f", c[0].days_to_full * DAY);
	ck_assert_int_eq(c[0].runway.bound_shared, 1);
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s shared with "
				"the reads, queries and rewrites sent to it"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Two streams write the same ten key values k0 .. k9 at once, each from
 * its own distribution and rate: "hot" 10 creates/s of 100 KB, hotspot
 * with hot_data 0.1 (k0 the one hot value) and hot_ops 0.8; "flat" 100
 * creates/s of 10 KB, uniform (0.1 each). k0 grows 0.8 x 10 x 102,400 +
 * 0.1 x 100 x 10,240 = 819,200 + 102,400 = 921,600 B/s and fills 20 GiB
 * in 21,474,836,480 / 921,600 = 23,301.8 s (0.2697 days); k1 .. k9 grow
 * 22,755.6 + 102,400 B/s. The two ranges (10,000 RU/s: 5,000 each) are
 * far from bound: 10 x 50 RU + 100 x 9.09 RU = 1,409 RU/s in all. Before:
 * each key value's share as the run drew it, its share of the items
 * times all the streams' bytes: k0 (about 18 of 110 items a second)
 * 0.164 x 2,048,000 = 335,000 B/s, 0.74 days.
 */
START_TEST(test_runway_two_streams)
{
	static const char text[] =
	    "seed: 7\n"
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "streams:\n"
	    "  - name: hot\n"
	    "    items:\n"
	    "      k: {values: \"k{0..9}\", distribution: hotspot, "
	    "hot_data: 0.1, hot_ops: 0.8}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 100KB}\n"
	    "  - name: flat\n"
	    "    items:\n"
	    "      k: {values: \"k{0..9}\"}\n"
	    "    phases:\n"
	    "      - {duration: 60s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY,
			      CAP / (0.8 * 10 * 102400.0 + 0.1 * 100 * 10240.0),
			      1e-9),
		      "%f", c[0].days_to_full * DAY);
	ck_assert_str_eq(c[0].full_key, "\"k0\"");
	ck_assert_int_eq(c[0].runway.share_from_run, 0);
	ck_assert_uint_eq(c[0].runway.bound_range, UINT32_MAX);
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "projected from the workload's rates"), "%s",
		      t);
	ck_assert_msg(!strstr(t, "as the run drew it"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Upserts among an id pool of 1,000 ids ("i-{000..999}") on one key
 * value, upsert_new 0.5: a logical partition holds at most one item an
 * id, 1,000 x 1 KB = 1,000 KiB, far below 20 GiB: never. Before: "15.2
 * days" from 16.0 KiB/s of first writes extrapolated.
 */
START_TEST(test_runway_id_pool_never)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items:\n"
	    "  id: {values: \"i-{000..999}\"}\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 100/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_NEVER);
	ck_assert_uint_eq(c[0].runway.ids, 1000);
	ck_assert_msg(tu_near(c[0].runway.bound_bytes, 1000.0 * 1024.0, 1e-9),
		      "%f", c[0].runway.bound_bytes);
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "written among 1000 ids, at most 1000.0 KiB"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A weekday workload whose phase is shorter than the projection's hour:
 * one key, 2 creates/s of 10 KB, `weekly: weekdays`, from Monday
 * 2026-01-05 00:00 UTC. It grows 2 x 10,240 = 20,480 B/s while it
 * sends: 21,474,836,480 / 20,480 = 1,048,576 s = 12.136 sending days.
 * Mon-Fri (5), weekend (2), Mon-Fri (5: 10 sent), weekend (2), then
 * 2.136 more: 16.136 days = 1,394,176 s from the start. The same with a
 * 1-hour phase. Before: the 10-minute phase gave 12.136 days (the first
 * ten minutes' Monday repeated, no weekend ever).
 */
START_TEST(test_runway_short_phase_keeps_weekly)
{
	static const char fmt[] =
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items: {k: only}\n"
	    "phases:\n"
	    "  - {duration: %s, rate: {base: 2/s, weekly: weekdays}, "
	    "ops: {create: 1}, item_size: 10KB}\n";
	static const char *const durs[] = {"10m", "1h"};
	const double want = 4.0 * DAY + 1048576.0;
	size_t i;

	for (i = 0; i < 2; i++) {
		char text[512];

		snprintf(text, sizeof(text), fmt, durs[i]);
		assert_full_at(text, want, 1e-6);
	}
}
END_TEST

/*
 * A weekdays workload started on Saturday 2026-01-10 00:00 for 10
 * minutes: its schedule is 0 over the whole run, which writes nothing,
 * so the key values are drawn apart where the schedule writes (Monday)
 * and projected from Saturday. Ten keys k0..k9 drawn evenly at 2
 * creates/s of 10 KB: 0.2 x 10,240 = 2,048 B/s each while it sends,
 * 21,474,836,480 / 2,048 = 10,485,760 s = 121.36 sending days: 24 weeks
 * from Saturday (168 days, 120 of them sending), the weekend, then
 * 117,760 s more: 170 x 86,400 + 117,760 = 14,805,760 s (171.4 days),
 * said as drawn apart. Before: "n/a: the run wrote nothing" (and before
 * that "never: it does not grow"). A workload of reads only still says
 * never.
 */
START_TEST(test_runway_window_without_writes)
{
	static const char fmt[] =
	    "clock: {start: \"2026-01-10T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items: {k: {values: \"k{0..9}\"}}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: {base: 2/s, weekly: weekdays}, "
	    "ops: {%s: 1}, item_size: 10KB}\n";
	static const char *const ops[] = {"create", "read"};
	static const enum pk_full_kind want[] = {PK_FULL_DAYS, PK_FULL_NEVER};
	size_t i;

	for (i = 0; i < 2; i++) {
		char text[512];
		struct pk_run *run;
		struct pk_result *res;
		struct pk_scorecard *c;

		snprintf(text, sizeof(text), fmt, ops[i]);
		c = tu_cards(tu_dir_file("runway.yaml", text), text, &run,
			     &res);
		ck_assert_int_eq(c[0].full_kind, want[i]);
		if (want[i] == PK_FULL_DAYS) {
			char t[640];

			ck_assert_msg(
			    tu_near(c[0].days_to_full * DAY, 14805760.0, 1e-6),
			    "%f s", c[0].days_to_full * DAY);
			text_of(res, &c[0], t, sizeof(t));
			ck_assert_msg(strstr(t, "values drawn where it writes"),
				      "%s", t);
		}
		tu_cards_free(c, run, res);
	}
}
END_TEST

/*
 * A run that fills its logical partition: one key, 10 creates/s of 1 MiB
 * for 1 h, writes charged 0.1 RU per 100 KB (1.024 RU an item, 10.24 RU/s)
 * so no RU/s holds it back. It
 * grows 10,485,760 B/s and holds 20 GiB at 21,474,836,480 / 10,485,760
 * = 2,048 s; later writes fail (403/1014). Days to full is counted from
 * the workload's start: 2,048 s. Before: "full now", 0 days (the
 * replay ran past the instant), so a longer run read as a worse key.
 */
START_TEST(test_runway_filled_in_run_is_projected)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "cost: {write_1kb: 0.001, write_100kb: 0.1}\n"
	    "items: {k: only}\n"
	    "phases:\n"
	    "  - {duration: 1h, rate: 10/s, ops: {create: 1}, "
	    "item_size: 1MiB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);

	ck_assert_msg(res->variants[0].fill.full_now, "the run filled it");
	ck_assert_int_eq(c[0].runway.kind, PK_RUNWAY_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, 2048.0, 1e-9), "%f",
		      c[0].days_to_full * DAY);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Preloaded to its cap (20,480 items of 1 MiB = 20 GiB) before the
 * clock: full now, whatever the workload does.
 */
START_TEST(test_runway_preloaded_full_now)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "cost: {write_1kb: 0.001, write_100kb: 0.1}\n"
	    "preload: {property: k, items_per_value: 20480, "
	    "item_size: 1MiB}\n"
	    "items: {k: only}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);

	ck_assert_int_eq(c[0].runway.kind, PK_RUNWAY_FULL_NOW);
	ck_assert_msg(c[0].days_to_full == 0, "%f", c[0].days_to_full);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Upserts among 30,000,000 ids (uniform) of 1 KiB, 1,000 a second, one
 * key. 30,000,000 x 1,024 = 30,720,000,000 B is past the cap, but each
 * id holds one item: after n upserts the key holds 30 M x (1 -
 * e^(-n / 30 M)) ids. 20 GiB holds 20,971,520 of them: n = -30 M x
 * ln(1 - 20,971,520 / 30,000,000) = 30 M x 1.200813 = 36,024,401
 * upserts, 36,024.4 s at 1,000/s = 0.41695 days. Before: 20,971.5 s,
 * 0.2427 days (every upsert counted as a new item).
 */
START_TEST(test_runway_id_pool_past_the_cap)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "cost: {write_1kb: 0.001, write_100kb: 0.1}\n"
	    "items:\n"
	    "  id: {values: \"d{1..30000000}\"}\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1000/s, ops: {upsert: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	double n = -30e6 * log(1.0 - 20971520.0 / 30e6);

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, n / 1000.0, 1e-6),
		      "%f s, want %f", c[0].days_to_full * DAY, n / 1000.0);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * 300,000 ids, items uniform 1-100 KB: 300,000 x 102,400 B = 28.6 GiB,
 * past the cap, but each id holds one item of 50.5 KB on average:
 * 300,000 x 51,712 B = 14.4 GiB, below it: never. Before: 69.2 min
 * (every upsert new), while a 3-hour run held 14.1 GiB.
 */
START_TEST(test_runway_id_pool_levels_at_mean)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "cost: {write_1kb: 0.001, write_100kb: 0.1}\n"
	    "items:\n"
	    "  id: {values: \"d{1..300000}\"}\n"
	    "  k: only\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s, ops: {upsert: 1}, "
	    "item_size: {uniform: [1KB, 100KB]}}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_NEVER);
	ck_assert_int_eq(c[0].runway.ids_mean, 1);
	ck_assert_msg(
	    tu_near(c[0].runway.bound_bytes, 300000.0 * 51712.0, 1e-9), "%f",
	    c[0].runway.bound_bytes);
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "levels off near 14.4 GiB"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Time to live deletes with the RU/s requests leave (rule 28). One key,
 * 400 RU/s, default_ttl 60 s, creates of 1 KB at 5 RU. At 60/s the
 * writes take 300 RU/s; the 100 left delete 20 expired items a second,
 * so the partition keeps 40 of the 60 it gets: 40,960 B/s net after its
 * first 60 s (61,440 B/s until then). Full at 60 + (21,474,836,480 -
 * 60 x 61,440) / 40,960 = 524,258 s = 6.068 days. At 100/s the writes
 * ask 500 RU/s of 400: 80 creates/s succeed, nothing is left to delete,
 * 81,920 B/s: 262,144 s = 3.034 days. Before: "never: levels off at
 * 3.5 MiB" and "4.7 MiB" (expired items taken as deleted at once).
 */
START_TEST(test_runway_ttl_needs_room)
{
	static const char fmt[] =
	    "container: {partition_key: /k, throughput: 400, "
	    "default_ttl: 60}\n"
	    "items: {k: only}\n"
	    "phases:\n"
	    "  - {duration: 2m, rate: %d/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	static const int rates[] = {60, 100};
	static const double want[] = {524258.0, 262144.0};
	size_t i;

	for (i = 0; i < 2; i++) {
		char text[512];

		snprintf(text, sizeof(text), fmt, rates[i]);
		assert_full_at(text, want[i], 2e-3);
	}
}
END_TEST

/* zeta(n, theta) = sum of k^-theta for k = 1 .. n, summed here term by
   term as a hand would (rng.c's zipfian normaliser) */
static double hand_zeta(int n, double theta)
{
	double z = 0;
	int k;

	for (k = 1; k <= n; k++) {
		z += pow(k, -theta);
	}
	return z;
}

/*
 * A key drawn `distribution: latest` (rng.c: value i comes into use at
 * draw i + 1, and draw j takes the newest of the m = min(j, n) in use
 * with 1 / zeta(m, 0.99)). The newest value, in use from draw n, then
 * takes 1 / zeta(n) of each draw: after K >= n draws it holds
 * (K - n + 1) / zeta(n) items, and fills at draw n - 1 + cap_items x
 * zeta(n), one draw a create:
 * - 20,000 tenants, 20 creates/s of 1 MB (1 MiB), a 2-min run that drew
 *   only t-00001..t-02400: zeta(20000, 0.99) = 10.98700, cap_items =
 *   21,474,836,480 / 1,048,576 = 20,480: draw 19,999 + 20,480 x
 *   10.98700 = 245,012.7, at 20/s t = 12,250.6 s (a 13,000-s replay is
 *   full at 12,185 s). Before: not projected.
 * - 1,000 values at 100 creates/s of 10 KB: zeta(1000, 0.99) = 7.72895
 *   (summed below), cap_items = 21,474,836,480 / 10,240 = 2,097,152:
 *   draw 999 + 2,097,152 x 7.72895 = 16,209,789, t = 162,097.9 s, 10 s
 *   (its 1,000 draws less one) after the stationary share's
 *   2,097,152 x 7.72895 / 100 = 162,087.9 s from t = 0. Before: not
 *   projected.
 * The sentence says the basis and the draw.
 */
START_TEST(test_runway_latest_newest_fills)
{
	static const struct {
		const char *text;
		int n;
		double items_per_s, cap_items;
		const char *who;
	} cases[] = {
	    {"container: {partition_key: /tenant, throughput: 100000}\n"
	     "items:\n"
	     "  tenant: {values: \"t-{00001..20000}\", distribution: latest}\n"
	     "phases:\n"
	     "  - {duration: 2m, rate: 20/s, ops: {create: 1}, "
	     "item_size: 1MB}\n",
	     20000, 20, CAP / 1048576.0, "\"t-20000\""},
	    {"container: {partition_key: /t, throughput: 100000}\n"
	     "items:\n"
	     "  t: {values: \"tenant-{0001..1000}\", distribution: latest}\n"
	     "phases:\n"
	     "  - {duration: 1m, rate: 100/s, ops: {create: 1}, "
	     "item_size: 10KB}\n",
	     1000, 100, CAP / 10240.0, "\"tenant-1000\""},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const double want =
		    ((double)cases[i].n - 1 +
		     cases[i].cap_items * hand_zeta(cases[i].n, 0.99)) /
		    cases[i].items_per_s;
		struct pk_run *run;
		struct pk_result *res;
		struct pk_scorecard *c =
		    tu_cards(tu_dir_file("runway.yaml", cases[i].text),
			     cases[i].text, &run, &res);
		char t[640];

		text_of(res, &c[0], t, sizeof(t));
		ck_assert_msg(c[0].full_kind == PK_FULL_DAYS, "%zu: %s", i, t);
		ck_assert_str_eq(c[0].full_key, cases[i].who);
		ck_assert_msg(tu_near(c[0].days_to_full * DAY, want, 1e-6),
			      "%zu: %f s, want %f: %s", i,
			      c[0].days_to_full * DAY, want, t);
		ck_assert_msg(strstr(t, "projected from the workload's rates, "
					"values drawn latest"),
			      "%zu: %s", i, t);
		tu_cards_free(c, run, res);
	}
}
END_TEST

/*
 * The projection against a replay that fills: 1,000 tenants drawn
 * latest, 100 creates/s of 10 KB, a logical partition cap of 100 MB
 * (10,240 items). By hand tenant-1000 fills at draw 999 + 10,240 x
 * 7.72895 = 80,143, t = 801.4 s. A 1,000-s replay refuses its first
 * write (403) within a few seconds of that: its count at t is binomial,
 * sd about sqrt(10,240 x 0.87) = 94 items, 7.3 s at its 12.9 items/s,
 * so 3 % is over 3 sd.
 */
START_TEST(test_runway_latest_replay_fills)
{
	static const char text[] =
	    "container: {partition_key: /t, throughput: 100000, "
	    "logical_partition_storage: 100MB}\n"
	    "items:\n"
	    "  t: {values: \"tenant-{0001..1000}\", distribution: latest}\n"
	    "phases:\n"
	    "  - {duration: 1000s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	const double want = (999 + 10240 * hand_zeta(1000, 0.99)) / 100;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	const struct pk_result_variant *v = &res->variants[0];
	char who[64];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_str_eq(c[0].full_key, "\"tenant-1000\"");
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, want, 1e-6), "%f, %f",
		      c[0].days_to_full * DAY, want);
	ck_assert_msg(v->n_full_listed >= 1, "the replay filled one");
	v->service_queries->key_text(v->key, v->full[0].key, v->full[0].key_len,
				     who, sizeof(who));
	ck_assert_str_eq(who, "\"tenant-1000\"");
	ck_assert_msg(
	    tu_near((double)v->full[0].full_at_ms / 1000.0, want, 0.03),
	    "replay %lld ms, projected %f s", (long long)v->full[0].full_at_ms,
	    want);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Two values drawn in sequence, 1 create/s of 1 KB for 20 s: each value
 * has half the mass, so "a" grows 0.5 x 1,024 = 512 B/s and fills in
 * 21,474,836,480 / 512 = 41,943,040 s = 485.45 days. Before: 512.4
 * days (its 10 items measured over the whole data's 19 s).
 */
START_TEST(test_runway_sequential_share)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items:\n"
	    "  k: {values: [a, b], distribution: sequential}\n"
	    "phases:\n"
	    "  - {duration: 20s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, CAP / 512.0, 1e-9), "%f",
		      c[0].days_to_full * DAY);
	ck_assert_str_eq(c[0].full_key, "\"a\"");
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A data file, 4,000 records of one key "k": "a" every 0.25 s (ts 0 ..
 * 999.75), each stored as 1,024 B (size_bytes), on 400 RU/s. At 1x the
 * replay offers 4 creates/s (20 RU/s); at 40x 160/s (800 RU/s), and
 * writes fail after their retries. The data's own time counts every
 * record: "a" grows (4,000 - 1) x 1,024 B over 999.75 s = 4,096 B/s and
 * holds 4,096,000 B at its last record, so it fills at 999.75 +
 * (21,474,836,480 - 4,096,000) / 4,096 = 5,243,855.75 s = 60.693 days,
 * at both speeds. Before: 60.7 at 1x and about 87 at 40x (only what the
 * replay stored counted).
 */
START_TEST(test_runway_data_file_compression)
{
	const double want = 999.75 + (CAP - 4096000.0) / 4096.0;
	FILE *f;
	char path[600], yaml[1200];
	int i;
	double comp[2] = {1, 40};

	snprintf(path, sizeof(path), "%s/orders.jsonl", tu_dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 4000; i++) {
		fprintf(f, "{\"id\": \"o%d\", \"k\": \"a\", \"ts\": %.2f}\n", i,
			i * 0.25);
	}
	fclose(f);
	for (i = 0; i < 2; i++) {
		struct pk_run *run;
		struct pk_result *res;
		struct pk_scorecard *c;
		char t[640];

		snprintf(yaml, sizeof(yaml),
			 "container: {partition_key: /k, throughput: 400}\n"
			 "items: {file: orders.jsonl, time_field: ts, "
			 "time_compression: %g, item_size: 1KB}\n",
			 comp[i]);
		c = tu_cards(tu_dir_file("runway.yaml", yaml), yaml, &run,
			     &res);
		ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
		ck_assert_msg(tu_near(c[0].days_to_full * DAY, want, 1e-9),
			      "%gx: %f", comp[i], c[0].days_to_full * DAY);
		text_of(res, &c[0], t, sizeof(t));
		ck_assert_msg(strstr(t, "from the data's own time"), "%s", t);
		if (i == 1) {
			ck_assert_uint_gt(c[0].failed_after_retries, 0);
		}
		tu_cards_free(c, run, res);
	}
}
END_TEST

/*
 * A data file keyed by {weekday(ts)}: 2,000 records of 1 KB at 100/s
 * from Thursday 2026-01-01 00:00 UTC (ts 1,767,225,600), 20 s of data.
 * The Thursday bucket grows 1,999 x 1,024 B / 19.99 s = 102,400 B/s,
 * only while Thursday is current. It still needs (20 GiB - 2,048,000 B)
 * / 102,400 B/s = S = 209,695.2 s of growth: the rest of the first
 * Thursday (86,400 - 19.99 s) and the whole second (86,400 s) leave S -
 * 2 days + 19.99 s for the third, which starts at day 14: full at 12
 * days + 19.99 s + S = 14.43 days, on a Thursday. Before: 16.99 days,
 * the rate spread over the week as if the bucket grew all the time at a
 * seventh of it (a Monday).
 */
START_TEST(test_runway_data_file_weekday)
{
	const double want = 12 * DAY + 19.99 + (CAP - 2048000.0) / 102400.0;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	FILE *f;
	char path[600], t[640];
	const char *yaml =
	    "container: {partition_key: \"{weekday(ts)}\", "
	    "throughput: 400000}\n"
	    "items: {file: wd.jsonl, time_field: ts, item_size: 1KB}\n";
	time_t when;
	struct tm tm;
	int i;

	snprintf(path, sizeof(path), "%s/wd.jsonl", tu_dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 2000; i++) {
		fprintf(f, "{\"id\": \"w%d\", \"ts\": %.2f}\n", i,
			1767225600.0 + i * 0.01);
	}
	fclose(f);
	c = tu_cards(tu_dir_file("runway.yaml", yaml), yaml, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, want, 1e-9), "%f",
		      c[0].days_to_full * DAY);
	when = (time_t)(1767225600.0 + c[0].days_to_full * DAY);
	gmtime_r(&when, &tm);
	ck_assert_int_eq(tm.tm_wday, 4); /* a Thursday */
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "\"Thursday\" first"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A classroom time scale (seed 002's three offices,
 * scenarios/lessons/03-three-offices.yaml over compare-offices.yaml):
 * `time_scale: 1s = 3d`, so the 2-minute "year" phase (80 operations/s,
 * 0.9 creates of 221 B, stored x 2 with the index) is 360 real days and
 * the 30 s of queries 90 more: a cycle of 450 days. buero-nord's share
 * is 7,360 / 9,560 (its weight), so a cycle stores 120 x 80 x 0.9 x
 * 7,360 / 9,560 x 442 = 2,940,040.8 B in it. The 5 years (1,825 days)
 * hold 4 cycles and 25 of the next year phase's 360 days: 4 x
 * 2,940,040.8 + 25 / 360 x 2,940,040.8 = 11,964,221.2 B (11.4 MiB), far
 * from 20 GiB: not within 5 years, no storage advisory, as the seed says
 * ("nothing tips"; 20 GB only at almost 49 million items). Before: 10.1
 * days and a storage-growth finding, the classroom's compressed rates
 * read as real ones.
 */
START_TEST(test_runway_time_scale_offices)
{
	const double cycle = 120.0 * 80.0 * 0.9 * 7360.0 / 9560.0 * 442.0;
	char *lesson;
	struct pk_scenario *sc;
	struct pk_diag d;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char t[640];
	size_t i, n, k;

	diag_init(&d);
	sc = scenario_load(tu_src("scenarios/lessons/03-three-offices.yaml"),
			   &d);
	ck_assert_ptr_nonnull(sc);
	diag_free(&d);
	ck_assert(tu_near(sc->time_scale, 3.0 * 86400.0, 1e-12));
	c = tu_cards_sc(sc, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_BEYOND);
	ck_assert_msg(tu_near(c[0].runway.bound_bytes,
			      4.0 * cycle + 25.0 / 360.0 * cycle, 1e-6),
		      "%f", c[0].runway.bound_bytes);
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "not within 5 years, projected from the "
				"workload's rates at its time scale (1s = 3d)"),
		      "%s", t);
	/* the lesson quotes this figure beside pksim plan's 15.51 MiB and
	   says why they differ (the plan's 7,360 a year against this
	   cycle's 6,652 in 450 days) */
	ck_assert_msg(strstr(t, "(\"buero-nord\" holds 11.4 MiB by day 1,825"),
		      "%s", t);
	lesson = tu_read_file(tu_src("scenarios/lessons/03-three-offices.yaml"),
			      NULL);
	ck_assert_ptr_nonnull(lesson);
	ck_assert_msg(strstr(lesson, "buero-nord holds 11.4 MiB after 5 years "
				     "where"),
		      "lesson 3 does not quote the projection's figure");
	free(lesson);
	for (i = 0; i < res->n_variants; i++) {
		char **f = findings_make(res, &res->variants[i], &n);

		for (k = 0; k < n; k++) {
			ck_assert_msg(!strstr(f[k], "storage growth"), "%s",
				      f[k]);
			free(f[k]);
		}
		free(f);
	}
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A projection with no figure whose replay filled the partition says
 * so, not "replay it long enough". One key, creates ramping from 0 to
 * 100/s over 100 s (a ramp is not projected), 1 KB each, the cap 1 MiB
 * (1,024 items): t^2 / 2 items by t, 1,024 at t = sqrt(2,048) = 45.25 s,
 * so the replay refuses its first write (403/1014) in second 45.
 * Before: "not projected: a ramp ...; replay it long enough to see it
 * (lengthen the phase)" beside the finding that it reached its limit.
 */
START_TEST(test_runway_untested_filled_in_run)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000, "
	    "logical_partition_storage: 1MiB}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 100s, rate: {from: 0/s, to: 100/s}, "
	    "ops: {create: 1}, item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640], *f;

	ck_assert_int_eq(c[0].full_kind, PK_FULL_NOT_PROJECTED);
	ck_assert_msg(fabs(c[0].runway.replay_full_s - 45.25) < 1.0, "%f",
		      c[0].runway.replay_full_s);
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "not projected: a ramp or spikes that fit "
				"their phase no whole number of times (pksim "
				"has no tested projection of it); the replay "
				"itself filled "
				"\"a\" at t = 45 s") &&
			  !strstr(t, "replay it long enough"),
		      "%s", t);
	f = tu_findings_text(res);
	ck_assert_msg(strstr(f, "storage growth: logical partition /k = \"a\" "
				"filled in the replay itself, at t = 45 s") &&
			  !strstr(f, "replay it long enough"),
		      "%s", f);
	free(f);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The growth the sentence gives is the rate as it fills, and says so
 * where that is not the workload's steady rate; phases of an hour or
 * more are a cycle repeated, and said to be:
 * - 1 key, 2 creates/s of 10 KB (20,480 B/s) on weekdays only, from
 *   Thursday 2026-01-01: 20 GiB / 20,480 = 1,048,576 s of writing, 12
 *   weekdays (Thu 1 .. Fri 16) and 11,776 s of Monday the 19th: full at
 *   18 x 86,400 + 11,776 = 1,566,976 s, growing 20.0 KiB/s as it fills
 *   (14.3 over a week).
 * - 1 key, 10 min at 100/s then 1 h at 10/s, 10 KB: a 70-min cycle of
 *   60,000 + 36,000 = 96,000 items; 20 GiB is 2,097,152 items: 21
 *   cycles hold 2,016,000 at 88,200 s, the import 60,000 more by 88,800
 *   s and the steady phase the last 21,152 at 10/s in 2,115.2 s: full at
 *   90,915.2 s, the import repeated every cycle.
 * Before: "growing 20.0 KiB/s", and no word of the cycle repeating.
 */
START_TEST(test_runway_growth_as_it_fills)
{
	static const char *const texts[] = {
	    "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 1h, rate: {base: 2/s, weekly: weekdays}, "
	    "ops: {create: 1}, item_size: 10KB}\n",
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 100/s, ops: {create: 1}, "
	    "item_size: 10KB}\n"
	    "  - {duration: 1h, rate: 10/s, ops: {create: 1}, "
	    "item_size: 10KB}\n",
	};
	static const double want[] = {1566976.0, 90915.2};
	static const char *const says[] = {
	    "growing 20.0 KiB/s as it fills)",
	    "100.0 KiB/s as it fills); the phases' 70.0 min cycle repeated "
	    "for the projection (a one-time load: `preload:`)",
	};
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		char t[640];
		int kind;
		double s =
		    tu_full_s("runway.yaml", texts[i], &kind, t, sizeof(t));

		ck_assert_msg(kind == PK_FULL_DAYS, "%zu %d: %s", i, kind, t);
		ck_assert_msg(tu_near(s, want[i], 1e-6), "%zu %f: %s", i, s, t);
		ck_assert_msg(strstr(t, says[i]), "%zu: %s", i, t);
	}
}
END_TEST

/* v's model with its runway from snapshot s of run */
static void runway_from(const struct pk_run *run, const struct pk_snapshot *s,
			struct pk_result_variant *v)
{
	memset(v, 0, sizeof(*v));
	result_variant_build(s, run->sc, v);
	runway_build(s, run->sc, run->workload, v);
}

/*
 * Two ways to the same shares: a zipf (s 0.99) key on one property of
 * 5,000 values, 10,000 creates/s of 1 KB for 3 s over 4 ranges of 6,000
 * RU/s. The snapshot's map from value to logical partition
 * (pk_snapshot.value_lps) gives each logical partition its values'
 * probability mass, a series standing in for pow past index 511 (Zipf's
 * law; a zipfian's draw is not one); without the map the projection
 * builds each value's key from the items. "k0" alone draws 1 / H(5,000,
 * 0.99) = 11 % of the creates,
 * and its range's share of 10,000 creates/s at 5 RU passes the range's
 * 6,000 RU/s, so the range's summed shares set the bound. They differ
 * by rounding alone (about 1e-15 of each), so the first to fill, the
 * range that holds it back and the time it fills agree to 1e-12.
 */
START_TEST(test_runway_value_map_matches_items)
{
	struct pk_run *run = tu_sim_text(
	    "zipf.yaml", "container: {partition_key: /k, throughput: 24000}\n"
			 "items:\n"
			 "  k: {values: \"k{0..4999}\", distribution: zipf, "
			 "s: 0.99}\n"
			 "phases:\n"
			 "  - {duration: 3s, rate: 10000/s, ops: {create: 1}, "
			 "item_size: 1KB}\n");
	struct pk_snapshot s;
	struct pk_result_variant by_map, by_items;

	tu_snapshot(run, 0, &s);
	ck_assert_ptr_nonnull(s.value_lps);
	ck_assert_uint_eq(s.n_value_lps, 5000);
	runway_from(run, &s, &by_map);
	s.value_lps = NULL;
	runway_from(run, &s, &by_items);
	ck_assert_int_eq(by_map.runway.kind, PK_RUNWAY_DAYS);
	ck_assert_int_eq(by_items.runway.kind, PK_RUNWAY_DAYS);
	ck_assert_str_eq(by_map.runway.who, by_items.runway.who);
	ck_assert_uint_ne(by_map.runway.bound_range, UINT32_MAX);
	ck_assert_uint_eq(by_map.runway.bound_range,
			  by_items.runway.bound_range);
	ck_assert_msg(
	    tu_near(by_map.runway.full_s, by_items.runway.full_s, 1e-12),
	    "%.17g %.17g", by_map.runway.full_s, by_items.runway.full_s);
	ck_assert(tu_near(by_map.runway.rate_bytes_per_s,
			  by_items.runway.rate_bytes_per_s, 1e-12));
	result_variant_free(&by_map);
	result_variant_free(&by_items);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/* The phases runway_build looks at (runway_phase_visits) projecting n
   phases of an hour each, 0.01 creates/s of 1 KB over 100 keys */
static unsigned long phase_visits(size_t n)
{
	size_t len = 256 + n * 96, i;
	char *text = xcalloc(len, 1), *at = text;
	struct pk_run *run;
	struct pk_snapshot s;
	struct pk_result_variant v;
	unsigned long before;

	at += sprintf(at, "container: {partition_key: /k, throughput: 400}\n"
			  "items:\n"
			  "  k: {values: \"k{0..99}\"}\n"
			  "phases:\n");
	for (i = 0; i < n; i++) {
		at += sprintf(at, "  - {duration: 1h, rate: 0.01/s, "
				  "ops: {create: 1}, item_size: 1KB}\n");
	}
	run = tu_sim_text("phases.yaml", text);
	tu_snapshot(run, 0, &s);
	before = runway_phase_visits();
	runway_from(run, &s, &v);
	ck_assert_int_eq(v.runway.kind, PK_RUNWAY_BEYOND);
	result_variant_free(&v);
	snapshot_free(&s);
	tu_sim_free(run);
	free(text);
	return runway_phase_visits() - before;
}

/*
 * A projection looks at a number of phases that grows with their log,
 * not with them. n phases of an hour, 0.01 creates/s of 1 KB over 100
 * keys: a key gets 1e-4 items/s x 1,024 B, 16 MB in 5 years, so none
 * fills and the projection takes every step to the horizon:
 * 1,825 d x 24 = 43,800 steps of an hour. Each step is one phase (the
 * phases start on the hour), found by halving n phases: at most
 * ceil(log2 n) looks (10 for 1,000, 11 for 2,000), at least 1; and the
 * pass that finds whether the slices come in time order looks at the n
 * phases once. So 1,000 phases look at 1,000 + 43,800 .. 1,000 +
 * 438,000 and 2,000 at 2,000 + 43,800 .. 2,000 + 481,800. Before, that
 * pass ran at every step for each candidate (at least 43,800 x 1,000 =
 * 43.8 M looks for 1,000 phases) and a stretch's phase was found by a
 * pass from the first: a run of 5,000 phases spent 13 s in the runway.
 */
START_TEST(test_runway_phases_looked_at_once)
{
	static const size_t ns[] = {1000, 2000};
	static const unsigned long most[] = {1000 + 438000, 2000 + 481800};
	const unsigned long steps = 43800;
	size_t k;

	for (k = 0; k < 2; k++) {
		unsigned long got = phase_visits(ns[k]);

		ck_assert_msg(got >= ns[k] + steps && got <= most[k],
			      "%zu phases: %lu looked at", ns[k], got);
	}
}
END_TEST

/*
 * A weekday key under a time scale is projected in real time, its days
 * real ones (scenarios/README.md): `time_scale: 1s = 1m`, key `%A` from
 * Monday 2026-01-05 00:00 UTC, 10 creates per simulated second of 100
 * KB, so 10 x 102,400 / 60 = 17,066.67 B a real second while a day is
 * current, 1,474,560,000 B a day. Monday grows one day in seven: after
 * 14 Mondays it holds 20,643,840,000 B; the 830,996,480 B left take
 * 830,996,480 x 60 / 1,024,000 = 48,691.2 s of its 15th: full at 98 x
 * 86,400 + 48,691.2 = 8,515,891.2 s (98.5636 days; a trial user's walk
 * of real minutes gave the same). Before: not projected, though the
 * README gave the weekday as projected under a time scale.
 */
START_TEST(test_runway_time_scale_weekday)
{
	static const char text[] =
	    "time_scale: 1s = 1m\n"
	    "clock: {start: 2026-01-05}\n"
	    "container: {partition_key: \"{d}\", throughput: 10000}\n"
	    "items:\n"
	    "  d: {clock: \"%A\"}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 10/s, ops: {create: 1}, "
	    "item_size: 100KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * DAY, 8515891.2, 1e-6), "%f",
		      c[0].days_to_full * DAY);
	ck_assert_str_eq(c[0].full_key, "\"Monday\"");
	text_of(res, &c[0], t, sizeof(t));
	ck_assert_msg(strstr(t, "at its time scale (1s = 1m)"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway");
	TCase *tc = tcase_create("runway");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_runway_weekday_bucket);
	tcase_add_test(tc, test_runway_burst_bounded_by_throughput);
	tcase_add_test(tc, test_runway_id_pool_never);
	tcase_add_test(tc, test_runway_short_phase_keeps_weekly);
	tcase_add_test(tc, test_runway_window_without_writes);
	tcase_add_test(tc, test_runway_filled_in_run_is_projected);
	tcase_add_test(tc, test_runway_growth_as_it_fills);
	tcase_add_test(tc, test_runway_untested_filled_in_run);
	tcase_add_test(tc, test_runway_preloaded_full_now);
	tcase_add_test(tc, test_runway_id_pool_past_the_cap);
	tcase_add_test(tc, test_runway_id_pool_levels_at_mean);
	tcase_add_test(tc, test_runway_ttl_needs_room);
	tcase_add_test(tc, test_runway_latest_newest_fills);
	tcase_add_test(tc, test_runway_latest_replay_fills);
	tcase_add_test(tc, test_runway_reads_share_the_bound);
	tcase_add_test(tc, test_runway_two_streams);
	tcase_add_test(tc, test_runway_sequential_share);
	tcase_add_test(tc, test_runway_data_file_compression);
	tcase_add_test(tc, test_runway_data_file_weekday);
	tcase_add_test(tc, test_runway_time_scale_offices);
	tcase_add_test(tc, test_runway_time_scale_weekday);
	tcase_add_test(tc, test_runway_value_map_matches_items);
	tcase_add_test(tc, test_runway_phases_looked_at_once);
	suite_add_tcase(s, tc);
	return s;
}
