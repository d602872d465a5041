/*
 * runway_ttl: the storage runway under time to live (rule 28) with the
 * items' own ttl, in a generated workload and in a data file
 * (src/result/runway_ttl.c, include/pksim/result/runway.h). Figures by
 * hand beside each test; each says what it gave before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11) */
#define CAP 21474836480.0

/* One key "one", 100,000 RU/s (never a bound), default_ttl def, the
   items' ttl spec ttl, 100 creates/s of 1 KB (102,400 B/s written) */
static const char gen_fmt[] =
    "container: {partition_key: /k, throughput: 100000, default_ttl: %s}\n"
    "items: {k: {const: one}, ttl: %s}\n"
    "phases:\n"
    "  - {name: p, duration: 1m, rate: 100/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

/* The first variant's scorecard of gen_fmt with def and ttl into *out;
   its runway sentence into t */
static void gen_card(const char *def, const char *ttl, struct pk_scorecard *out,
		     char *t, size_t cap)
{
	char text[600];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;

	snprintf(text, sizeof(text), gen_fmt, def, ttl);
	c = tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	*out = c[0];
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
}

/*
 * default_ttl -1 (rule 28: on, only items with a ttl of their own
 * expire) and every item's own ttl 60 s: the key holds its last 60 s of
 * writes, 60 x 102,400 = 6,144,000 B, and levels off there: never full.
 * Before: the item ttl ignored, "2.4 days projected from the workload's
 * rates".
 */
START_TEST(test_runway_item_ttl_levels)
{
	struct pk_scorecard c;
	char t[640];

	gen_card("-1", "60", &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 6144000.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_int_eq(c.full_ttl_s, 60);
}
END_TEST

/*
 * Upserts under default_ttl 1 h, half of them new items (upsert_new
 * 0.5), the other half rewriting a stored item drawn among every item
 * written: 100 upserts/s of 10 KB (10,240 B) on one key. A rewrite's
 * target is nearly always one that expired long ago (the items written
 * grow 50 a second, the live ones stay within an hour's), and an upsert
 * of an expired item writes it anew (rule 28). So every upsert leaves a
 * live item for an hour: 100 x 3,600 = 360,000 items x 10,240 B =
 * 3,686,400,000 B (3.43 GiB), the level it tends to; never full. Before:
 * "levels off at 1.7 GiB ... written 500.0 KiB/s", the new half only.
 */
START_TEST(test_runway_ttl_upserts_rewrite_expired)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: /t, throughput: 10000, default_ttl: "
	    "1h}\n"
	    "items: {t: {const: a}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 10m, rate: 100/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 10KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	char t[640];

	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_int_eq(c[0].full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c[0].full_level_bytes, 3686400000.0, 1e-6),
		      "%f: %s", c[0].full_level_bytes, t);
	ck_assert_msg(strstr(t, "written 1000.0 KiB/s"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Item ttls 60 and 120 s, drawn evenly: the key holds 100 x 1 KB a
 * second for their mean 90 s, 9,000 items = 9,216,000 B (8.8 MiB),
 * levelling off there (the 60 s items' last 60 s and the 120 s items'
 * last 120 s: 51,200 x 60 + 51,200 x 120). Before: "2.4 days".
 */
START_TEST(test_runway_item_ttl_mixed_levels)
{
	struct pk_scorecard c;
	char t[640];

	gen_card("-1", "{values: [60, 120]}", &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 9216000.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_msg(strstr(t, "mean"), "%s", t);
}
END_TEST

/*
 * default_ttl 60 and item ttls [60, -1] weighted 9:1: a tenth of the
 * items never expire (an item's -1 overrides the default), so the key
 * keeps 10,240 B/s for good on top of the other nine tenths' last 60 s,
 * 0.9 x 102,400 x 60 = 5,529,600 B. Full when 10,240 t + 5,529,600 =
 * 21,474,836,480: t = 2,096,612 s (24.27 days), growing 10,240 B/s net.
 * Before: the item ttls ignored (the container's 60 s taken as not
 * applying once items carry their own), 2.43 days at 102,400 B/s.
 */
START_TEST(test_runway_item_ttl_never_share)
{
	struct pk_scorecard c;
	char t[640];

	gen_card("60", "{values: [60, -1], weights: [9, 1]}", &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 2096612.0, 1e-6),
		      "%f s: %s", c.days_to_full * 86400.0, t);
	ck_assert_msg(tu_near(c.full_rate, 10240.0, 1e-6), "%f: %s",
		      c.full_rate, t);
}
END_TEST

/* data.jsonl in tu_dir: n records of key "Z" from ts 0, 0.1 s apart,
   every tenth (when keep) with ttl -1 and the others ttl 60 */
static void ttl_records(int n, int keep)
{
	char path[600];
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s/data.jsonl", tu_dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < n; i++) {
		fprintf(f,
			"{\"id\": \"r%d\", \"k\": \"Z\", \"ts\": %.1f, "
			"\"ttl\": %d}\n",
			i, i * 0.1, keep && i % 10 == 9 ? -1 : 60);
	}
	fclose(f);
}

static const char data_yaml[] =
    "container: {partition_key: /k, throughput: 100000, default_ttl: -1}\n"
    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";

/*
 * A data file whose 200 records of 1 KB (10 a second, ts 0 .. 19.9)
 * each carry "ttl": 60, default_ttl -1: the key grows 199 x 1,024 /
 * 19.9 s = 10,240 B/s over its own span and holds its last 60 s of
 * them, 614,400 B: it levels off, never full. Before: the records' ttl
 * ignored, days to full at 10,240 B/s.
 */
START_TEST(test_runway_data_item_ttl_levels)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char t[640];

	ttl_records(200, 0);
	c = tu_cards(tu_dir_file("runway.yaml", data_yaml), data_yaml, &run,
		     &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_int_eq(c[0].full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c[0].full_level_bytes, 614400.0, 1e-9), "%f: %s",
		      c[0].full_level_bytes, t);
	ck_assert_int_eq(c[0].full_ttl_s, 60);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A data file's 200 records of 1 KB, 10 a second (ts 0 .. 19.9), none
 * with a ttl of its own, under default_ttl 3,000,000 s (34.7 days): the
 * key grows 199 x 1,024 / 19.9 s = 10,240 B/s and holds 204,800 B at
 * 19.9 s, so it fills at 19.9 + (21,474,836,480 - 204,800) / 10,240 =
 * 2,097,151.9 s (24.27 days), before its first record expires at
 * 3,000,000 s: time to live takes nothing first, and the figure is the
 * one without it, said so. Before: "not projected: time to live with a
 * data file".
 */
START_TEST(test_runway_data_ttl_after_fill)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 100000, "
	    "default_ttl: 3000000}\n"
	    "items: {file: data.jsonl, time_field: ts, item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char path[600], t[640];
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s/data.jsonl", tu_dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 200; i++) {
		fprintf(f, "{\"id\": \"r%d\", \"k\": \"Z\", \"ts\": %.1f}\n", i,
			i * 0.1);
	}
	fclose(f);
	c = tu_cards(tu_dir_file("runway.yaml", yaml), yaml, &run, &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(c[0].full_kind == PK_FULL_DAYS, "%d: %s", c[0].full_kind,
		      t);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, 2097151.9, 1e-9),
		      "%f: %s", c[0].days_to_full * 86400.0, t);
	ck_assert_msg(strstr(t, "it fills before any item expires"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The same records with every tenth's ttl -1: a tenth of the 10,240
 * B/s, 1,024 B/s, stays for good on top of the rest's last 60 s,
 * 0.9 x 10,240 x 60 = 552,960 B; full at 60 + (21,474,836,480 -
 * 10,240 x 60) / 1,024 = 20,970,980 s from the first record (242.7
 * days), growing 1,024 B/s net. Before: 24.3 days at 10,240 B/s.
 */
START_TEST(test_runway_data_item_ttl_never_share)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char t[640];

	ttl_records(200, 1);
	c = tu_cards(tu_dir_file("runway.yaml", data_yaml), data_yaml, &run,
		     &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c[0].days_to_full * 86400.0, 20970980.0, 1e-6),
		      "%f s: %s", c[0].days_to_full * 86400.0, t);
	ck_assert_msg(tu_near(c[0].full_rate, 1024.0, 1e-6), "%f: %s",
		      c[0].full_rate, t);
	tu_cards_free(c, run, res);
}
END_TEST

/* The first variant's scorecard of scenario text into *out, its runway
   sentence into t */
static void text_card(const char *text, struct pk_scorecard *out, char *t,
		      size_t cap)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);

	*out = c[0];
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
}

/*
 * Time to live only takes items away, so no partition fills sooner with
 * it than without. 350 upserts/s of 10 KB (10,240 B) on one key at 6,000
 * RU/s, half of them new items: without time to live 175 x 10,240 =
 * 1,792,000 B/s, 21,474,836,480 / 1,792,000 = 11,983.7 s (3.3 h).
 *
 * With a 2-h ttl (T = 7,200 s) a rewrite draws its target among the
 * 175 t items created by t, so each item is rewritten 175 / (175 t) =
 * 1 / t a second; an item created before t - T is alive at t when a
 * rewrite hit it since t - T: 1 - (t - T) / t = T / t of them. Live
 * items: 175 T + 175 (t - T) T / t = 175 (2 T - T^2 / t). Expiries,
 * 350 (t - T) / t a second, stay under the 310 a second the range's
 * room deletes until t0 = 7,200 / (1 - 310 / 350) = 63,000 s, so
 * nothing waits undeleted before the fill. 20 GiB = 2,097,152 items:
 * 2 T - T^2 / t = 2,097,152 / 175 = 11,983.73, T^2 / t = 14,400 -
 * 11,983.73 = 2,416.27, t = 51,840,000 / 2,416.27 = 21,454.6 s (6.0
 * h), growing 175 T^2 / t^2 = 19.709 items, 201,820 B/s. A replay of
 * 20,000 s held 21,155,338,240 B (this: 175 x 11,808 x 10,240 =
 * 21,159,936,000). Before: every rewrite counted as a new item from t =
 * 0, "0.07 days (99.9 min)", then refused as sooner than without time
 * to live: "not projected".
 */
START_TEST(test_runway_ttl_not_sooner_than_without)
{
	static const char fmt[] =
	    "container: {partition_key: /t, throughput: 6000, default_ttl: "
	    "%s}\n"
	    "items: {t: {const: a}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 10m, rate: 350/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 10KB}\n";
	struct pk_scorecard c;
	char text[512], t[640];

	snprintf(text, sizeof(text), fmt, "off");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 11983.7, 1e-5),
		      "%f: %s", c.days_to_full * 86400.0, t);
	snprintf(text, sizeof(text), fmt, "2h");
	text_card(text, &c, t, sizeof(t));
	ck_assert_msg(c.full_kind == PK_FULL_DAYS, "%d: %s", c.full_kind, t);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 21454.6, 1e-5),
		      "%f: %s", c.days_to_full * 86400.0, t);
	ck_assert_msg(tu_near(c.full_rate, 201820.0, 1e-5), "%f: %s",
		      c.full_rate, t);
	ck_assert_msg(strstr(t, "an upsert rewriting an item still living "
				"renews it, adding none (its items living "
				"2.0 h)"),
		      "%s", t);
}
END_TEST

/*
 * The same with expired items waiting to be deleted. One key at 400
 * RU/s, default_ttl 60 s, 60 upserts/s of 1 KB at 5 RU, half new: n = w
 * = 30 a second, the writes take 300 RU/s and the 100 left delete D =
 * 20 a second. As above each item is rewritten 1 / t a second: live L =
 * 30 (2 T - T^2 / t) = 3,600 - 108,000 / t (T = 60). Expiries, 60 (t -
 * 60) / t a second, pass D at t0 = 60 / (1 - 20 / 60) = 90 s; from
 * then on the pile P grows by what expires less D, less the rewrites
 * that find one of its items (each item 1 / t a second: P / t) and
 * bring it back to life: P' = 60 (t - 60) / t - 20 - P / t, so (t P)'
 * = 60 (t - 60) - 20 t, t P = 20 t^2 - 3,600 t + C, P(90) = 0: C =
 * 3,600 x 90 - 20 x 8,100 = 162,000; P = 20 t - 3,600 + 162,000 / t.
 * Held: L + P = 20 t + 54,000 / t items of 1,024 B; 20 GiB =
 * 20,971,520 items at t = 1,048,576.0 s = 12.136 days, growing 20 items
 * = 20,480 B/s net of 61,440 written. A 3,000-s replay held 61,297,664
 * B, 56,300 items undeleted (this: 60,018 x 1,024 = 61,458,432 B,
 * 56,454). Before: "not projected: ... deletions falling behind what
 * expires" (every rewrite counted as a new item, 40 a second piling up).
 */
START_TEST(test_runway_ttl_upserts_renew_pile)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, "
	    "default_ttl: 60}\n"
	    "items: {k: only}\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 60/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 1KB}\n";
	struct pk_scorecard c;
	char t[640];

	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 1048576.0, 1e-6),
		      "%f: %s", c.days_to_full * 86400.0, t);
	ck_assert_msg(tu_near(c.full_rate, 20480.0, 1e-6), "%f: %s",
		      c.full_rate, t);
	ck_assert_msg(strstr(t, "growing 20.0 KiB/s net of 60.0 KiB/s written"),
		      "%s", t);
}
END_TEST

/*
 * The same at 40.1 upserts/s: the writes take 200.5 RU/s, the 199.5 left
 * delete D = 39.9 a second, n = w = 20.05. The pile starts at t0 = 60 /
 * (1 - 39.9 / 40.1) = 12,030 s and, with (t P)' = 40.1 (t - 60) - 39.9
 * t, P = [40.1 ((t - 60)^2 - 11,970^2) - 39.9 (t^2 - 12,030^2)] / (2 t)
 * = 0.1 t - 2,406 + 14,472,090 / t; live 20.05 (120 - 3,600 / t). At
 * the horizon, t = 1,825 days = 157,680,000 s: 15,768,000.09 items x
 * 1,024 = 16,146,432,093 B (15.0 GiB), under the cap: not within 5
 * years. Before: 40.1 - 39.9 = 0.2 items a second piling up from the
 * first expiry, "1213.5 days".
 */
START_TEST(test_runway_ttl_upserts_renew_beyond)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, "
	    "default_ttl: 60}\n"
	    "items: {k: only}\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 40.1/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 1KB}\n";
	struct pk_scorecard c;
	char t[640];

	text_card(text, &c, t, sizeof(t));
	ck_assert_msg(c.full_kind == PK_FULL_BEYOND, "%d: %s", c.full_kind, t);
	ck_assert_msg(tu_near((double)c.full_lp_bytes, 16146432093.0, 1e-6),
		      "%f: %s", (double)c.full_lp_bytes, t);
}
END_TEST

/*
 * One key at 400 RU/s, default_ttl 60 s, 60 creates/s of 1 KB at 5 RU:
 * the writes take 300 RU/s and the 100 left delete 20 expired items a
 * second, so it grows 40 x 1,024 = 40,960 B/s net of the 61,440 B/s
 * written, the growth the days are computed from (6.07 days), and the
 * sentence says both. Before: "growing 60.0 KiB/s", at which 20 GiB
 * take 4.05 days, not the 6.07 printed.
 */
START_TEST(test_runway_ttl_net_growth_said)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, "
	    "default_ttl: 60}\n"
	    "items: {k: only}\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 60/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_scorecard c;
	char t[640];

	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.full_rate, 40960.0, 1e-6), "%f: %s",
		      c.full_rate, t);
	ck_assert_msg(tu_near(c.runway.written_bytes_per_s, 61440.0, 1e-9),
		      "%f", c.runway.written_bytes_per_s);
	ck_assert_msg(strstr(t, "growing 40.0 KiB/s net of 60.0 KiB/s written"),
		      "%s", t);
}
END_TEST

/* 60 creates/s of 1 KB, default_ttl 60 s, the phases' RU/s a then b,
   each phase dur long */
static const char two_phase_fmt[] =
    "container: {partition_key: /k, throughput: 400, default_ttl: 60}\n"
    "client: {retries: {max_retries: 100, max_wait: 60s}}\n"
    "items: {k: {const: one}}\n"
    "phases:\n"
    "  - {name: a, duration: %s, rate: 60/s, throughput: %d, "
    "ops: {create: 1}, item_size: 1KB}\n"
    "  - {name: b, duration: %s, rate: 60/s, throughput: %d, "
    "ops: {create: 1}, item_size: 1KB}\n";

/*
 * An hour at 400 RU/s then an hour at 4,000: in the 400 RU/s hour the
 * writes take 300 RU/s and 100 delete 20 of the 60 items expiring a
 * second, so 40 x 3,600 = 144,000 expired items wait; with the 3,600
 * live ones (60 s x 60/s) it peaks at 147,600 x 1,024 = 151,142,400 B
 * (144.1 MiB) and the 4,000 RU/s hour clears them: never full. The
 * sentence gives what the level is made of: 60.0 KiB/s written, 60 s
 * lifetimes and the 140.6 MiB of expired items at the cycle's peak
 * (stepped a second at a time, the mean written said as one). Before:
 * "written 2.4 MiB/s", the level over the lifetime, a rate the workload
 * never sent.
 */
START_TEST(test_runway_ttl_backlog_said)
{
	char text[800];
	struct pk_scorecard c;
	char t[640];

	snprintf(text, sizeof(text), two_phase_fmt, "1h", 400, "1h", 4000);
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 151142400.0, 1e-3), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_msg(strstr(t, "written 60.0 KiB/s on average, its items "
				"living 60.0 s, and at its cycle's peak 140.6 "
				"MiB of expired items"),
		      "%s", t);
}
END_TEST

/*
 * Upserts in two phases under time to live, stepped by the hour (no
 * closed form for several phases): an hour of 350 and an hour of 50
 * upserts/s of 10 KB (10,240 B, 9.091 RU: 5 + 45 x 9 / 99), half new,
 * a 2-h ttl, 6,000 RU/s. Over the busy hour the writes take 350 x 9.091
 * = 3,181.85 RU/s and leave room to delete 2,818.15 / 9.091 = 310 items
 * a second of the 350 expiring (the last busy hour's, every write
 * counted as an item that expires): 40 x 10,240 x 3,600 = 1,474,801,920
 * B wait undeleted at its end (the quiet hour clears them). Its last
 * lifetime's writes: (350 + 50) x 10,240 x 3,600 = 14,745,600,000 B, 2.0
 * MiB/s over 2 h (2,048,000 B/s); the level 16,220,401,920 B (15.1 GiB).
 * The sentence says what the level holds, the writes and the pile.
 * Before: "written 2.1 MiB/s on average", the level over the lifetime
 * with the pile folded in and not named.
 */
START_TEST(test_runway_ttl_step_pile_said)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 6000, default_ttl: "
	    "2h}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {name: busy, duration: 1h, rate: 350/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 10KB}\n"
	    "  - {name: quiet, duration: 1h, rate: 50/s, ops: {upsert: 1}, "
	    "upsert_new: 0.5, item_size: 10KB}\n";
	struct pk_scorecard c;
	char t[640];

	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 16220401920.0, 1e-5),
		      "%f: %s", c.full_level_bytes, t);
	ck_assert_msg(strstr(t, "written 2.0 MiB/s on average, its items "
				"living 2.0 h, and at its cycle's peak 1.4 GiB "
				"of expired items"),
		      "%s", t);
}
END_TEST

/*
 * The same at 10 minutes a phase, 4,000 RU/s then 400: a cycle shorter
 * than the projection's hourly step, whose mean leaves room to delete
 * everything. In each 400 RU/s phase 40 expired items a second wait,
 * 40 x 600 = 24,000 (24,576,000 B) by its end, cleared in the next
 * 4,000 RU/s phase: the level peaks at (3,600 + 24,000) x 1,024 =
 * 28,262,400 B (27.0 MiB). Before: "levels off at 3.5 MiB", the backlog
 * dropped by the hour's mean.
 */
START_TEST(test_runway_ttl_cycle_backlog)
{
	char text[800];
	struct pk_scorecard c;
	char t[640];

	snprintf(text, sizeof(text), two_phase_fmt, "10m", 4000, "10m", 400);
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.runway.backlog_bytes, 24576000.0, 1e-6),
		      "%f: %s", c.runway.backlog_bytes, t);
	ck_assert_msg(tu_near(c.full_level_bytes, 28262400.0, 1e-6), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_msg(strstr(t, "at its cycle's peak 23.4 MiB"), "%s", t);
}
END_TEST

/* One key "a" at 6,000 RU/s (one range), default_ttl ttl, a busy phase
   of busy creates/s and a quiet one of 1/s, 100 KB (a write 50 RU),
   each phase dur long */
static const char busy_fmt[] =
    "container: {partition_key: /k, throughput: 6000, default_ttl: %s}\n"
    "items: {k: {const: a}}\n"
    "phases:\n"
    "  - {duration: %s, rate: %s/s, item_size: 100KB}\n"
    "  - {duration: %s, rate: 1/s, item_size: 100KB}\n";

/*
 * A busy phase whose RU/s leave too little room to delete what expires
 * (rule 28): 110 creates/s of 100 KB (5,500 RU/s of 6,000: 500 left, 10
 * deletions a second), 10 min busy and 10 min at 1/s, ttl 1 h. The first
 * hour stores 3 x (600 x 110 + 600) = 199,800 items; from t = 3,600 s (a
 * busy phase again) the first busy phase's items expire at 110/s and 10
 * are deleted, so it grows 100 items/s: the cap holds 21,474,836,480 /
 * 102,400 = 209,715.2 items, 9,915.2 more, reached 99.152 s into that
 * phase: t = 3,699.152 s (the replay: full at t = 3,699 s). Before:
 * "never: levels off at 21.7 GiB" (the cycle at its mean, the expiries
 * at the cycle's mean rate: half the pile).
 */
START_TEST(test_runway_ttl_busy_phase_fills)
{
	char text[600];
	int kind;
	char t[640];
	double s;

	snprintf(text, sizeof(text), busy_fmt, "1h", "10m", "110", "10m");
	s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	ck_assert_msg(tu_near(s, 3699.152, 1e-9), "%f: %s", s, t);
}
END_TEST

/* 5 min at 20 creates/s of 100 KB (1,000 RU/s of 6,000: 100 deletions
   a second), then 5 min at 130/s (6,500 RU/s asked: 120/s stored, no
   room to delete), one key on one range; the ttl, then the stream's
   client line ("" the SDK's default retries) */
static const char cycle_fmt[] =
    "container: {partition_key: /k, throughput: 6000, default_ttl: %s}\n"
    "%s"
    "items: {k: {const: a}}\n"
    "phases:\n"
    "  - {duration: 5m, rate: 20/s, item_size: 100KB}\n"
    "  - {duration: 5m, rate: 130/s, item_size: 100KB}\n";

/*
 * A quiet phase that empties the pile of expired items is no level when
 * the busy one leaves more each cycle (a client that does not retry).
 * The first cycle stores 6,000 + 36,000 = 42,000 items; the second
 * deletes only the 6,000 quiet ones (its quiet phase empties the pile)
 * and adds 36,000: 78,000 at t = 1,200 s. From then a quiet phase
 * deletes 30,000 of the 42,000 a cycle writes: +12,000 a cycle, the busy
 * phase's end 12,000 above the cycle's start. Cycle n >= 2 starts at
 * 78,000 + 12,000 (n - 2); its busy phase passes 209,715.2 items first
 * for n = 12 (198,000 at its start, 174,000 at the busy phase's start):
 * 35,715.2 / 120 = 297.627 s after t = 7,500 s: full at 7,797.627 s. It
 * said "never: levels off at 8.6 GiB", as the second cycle's quiet phase
 * had emptied the pile.
 */
START_TEST(test_runway_ttl_quiet_empties_busy_grows)
{
	char text[600];
	int kind;
	char t[640];
	double s;

	snprintf(text, sizeof(text), cycle_fmt, "10m",
		 "client: {retries: none}\n");
	s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	ck_assert_msg(tu_near(s, 7797.627, 1e-6), "%f: %s", s, t);
}
END_TEST

/*
 * The same with the SDK's default retries (9, each at the next second's
 * start, where the retry-after ends, before the second's new requests):
 * the busy phase's throttled writes spill into the quiet phase and take
 * its deletions' room. In a busy second the waiting retries go first,
 * oldest first, so 130 arrive, 120 are stored and the queue keeps 9
 * seconds' arrivals: 9 x 130 = 1,170 waiting at its end (the tenth
 * second's oldest 10 fail after their 9th retry). A quiet phase sends
 * those first, 120 a second: 1,080 stored, 90 failing (10 a second over
 * 9 s), then its own 6,000: 7,080 writes, 7,080 x 50 = 354,000 RU of its
 * 300 x 6,000 = 1,800,000, leaving 300 x 120 - 7,080 = 28,920 deletions
 * (not 30,000). Cycle 1 stores 42,000; cycle 2's quiet phase 7,080 with
 * the 6,000 expired quiet items deleted (43,080 at t = 900 s), its busy
 * phase 36,000 (79,080, cycle 1's busy items expired undeleted); from
 * then a quiet phase nets 7,080 - 28,920 and a cycle +43,080 - 28,920 =
 * 14,160: a quiet phase ends at 57,240 + 14,160 n (t = 1,500 + 600 n).
 * The busy phase after n = 9 (184,680 at t = 6,900 s) passes 209,715.2
 * items 25,035.2 / 120 = 208.627 s in: full at 7,108.627 s. The replay
 * (the two phases x 24, the default client): full at t = 7,108 s. It
 * said 7,797.627 s, as without retries. Its growth is the cycle's, net
 * of the deletions: 14,160 x 102,400 / 600 = 2,416,640 B/s (2.3 MiB/s)
 * of 43,080 x 102,400 / 600 = 7,352,320 B/s written (7.0 MiB/s); it
 * said "growing 11.7 MiB/s", the busy second's 120 x 102,400 B.
 */
START_TEST(test_runway_ttl_retries_spill_into_quiet)
{
	char text[600];
	int kind;
	char t[640];
	double s;

	snprintf(text, sizeof(text), cycle_fmt, "10m", "");
	s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	ck_assert_msg(tu_near(s, 7108.627, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "growing 2.3 MiB/s net of 7.0 MiB/s written"),
		      "%s", t);
}
END_TEST

/*
 * The same, ttl 20 min, with an exponential backoff: its waits are
 * drawn with jitter and the walk does not step them, so not projected.
 * The hour steps at the cycle's mean said 0.11 days (2.7 h), where the
 * walk without retries says 0.08 days (109.1 min).
 */
START_TEST(test_runway_ttl_backoff_not_projected)
{
	char text[600];
	int kind;
	char t[640];

	snprintf(text, sizeof(text), cycle_fmt, "20m",
		 "client: {retries: {policy: exponential}}\n");
	tu_full_s("runway.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "kind %d: %s", kind, t);
	ck_assert_msg(strstr(t, "exponential backoff"), "%s", t);
}
END_TEST

/*
 * The same with a 5-min ttl: it levels off. At the busy phase's end it
 * holds the last 300 s of it, 33,000 items, and the pile of the 300 s
 * in which busy items expired at 110/s and 10 were deleted: 30,000
 * (3,072,000,000 B); 63,000 x 102,400 = 6,451,200,000 B (6.0 GiB). The
 * quiet phase (5,950 RU/s left: 119 deletions a second) clears the pile
 * in 30,000 / 118 = 254 s. Before: 4.2 GiB, the pile at the cycle's
 * mean expiry rate (2.6 GiB) on top of the cycle's mean level.
 */
START_TEST(test_runway_ttl_busy_phase_level)
{
	char text[600];
	struct pk_scorecard c;
	char t[640];

	snprintf(text, sizeof(text), busy_fmt, "5m", "10m", "110", "10m");
	text_card(text, &c, t, sizeof(t));
	ck_assert_msg(c.full_kind == PK_FULL_LEVELS, "%s", t);
	ck_assert_msg(tu_near(c.full_level_bytes, 6451200000.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_msg(tu_near(c.runway.backlog_bytes, 3072000000.0, 1e-9),
		      "%f: %s", c.runway.backlog_bytes, t);
	ck_assert_msg(strstr(t, "at its cycle's peak 2.9 GiB of expired"), "%s",
		      t);
}
END_TEST

/*
 * A ttl under an hour with the RU/s binding: 90 creates/s of 100 KB
 * (4,500 RU/s of 6,000: 1,500 left, 30 deletions a second), ttl 10 min.
 * Nothing expires before t = 600 s (54,000 items), then it nets 60/s:
 * (209,715.2 - 54,000) / 60 = 2,595.253 s, full at 3,195.253 s (the
 * replay: t = 3,194 s). And a daily curve (clock from a Monday 00:00): 1
 * create/s but 80/s from 08:00 to 10:00, ttl 30 min: at 08:30 it holds
 * the 144,000 written since 08:00 (the 1/s items expiring meanwhile
 * deleted), then 80 expire a second and 40 are deleted (4,000 RU/s of
 * 6,000 written): (209,715.2 - 144,000) / 40 = 1,642.88 s past 08:30,
 * t = 30,600 + 1,642.88 = 32,242.88 s (the replay: t = 32,241 s).
 * Before: 3,484 s (an hour's room spread over its 3,000 s after the
 * first expiry: 36 deletions a second) and 33,998 s (the growth from
 * 09:00, the hour's step).
 */
START_TEST(test_runway_ttl_sub_hour_timed)
{
	static const char daily[] =
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 6000, "
	    "default_ttl: 30m}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - duration: 1h\n"
	    "    rate:\n"
	    "      base: 1/s\n"
	    "      daily: [1, 1, 1, 1, 1, 1, 1, 1, 80, 80, 1, 1, 1, 1, 1, 1, "
	    "1, 1, 1, 1, 1, 1, 1, 1]\n"
	    "    item_size: 100KB\n";
	char text[600];
	int kind;
	char t[640];
	double s;

	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: 6000, "
		 "default_ttl: 10m}\n"
		 "items: {k: {const: a}}\n"
		 "phases:\n"
		 "  - {duration: 10m, rate: 90/s, item_size: 100KB}\n");
	s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	ck_assert_msg(tu_near(s, 600.0 + 155715.2 / 60.0, 1e-9), "%f: %s", s,
		      t);
	ck_assert_msg(strstr(t, "growing 5.9 MiB/s net of 8.8 MiB/s"), "%s", t);
	s = tu_full_s("runway.yaml", daily, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	ck_assert_msg(tu_near(s, 30600.0 + 65715.2 / 40.0, 1e-9), "%f: %s", s,
		      t);
}
END_TEST

/*
 * A partition that fills before any of its items expires: one key, 116
 * creates/s of 10 KB (1,187,840 B/s), 10,000 RU/s, default_ttl 18,100 s.
 * 21,474,836,480 / 1,187,840 = 18,078.9 s, before the first item
 * (written at t = 0) expires at 18,100 s: time to live cannot slow it,
 * full at 18,078.9 s as without it (0.2092 days). With default_ttl
 * 20,980 s at 100/s (1,024,000 B/s): 20,971.5 s < 20,980 s. Before:
 * 20,840 s and 21,594 s, the hour of the first expiry stepped at a
 * net rate that counted its expiries for the whole of it.
 */
static double ttl_full_s(const char *ttl, const char *rate, char *t, size_t cap)
{
	char text[600];
	int kind;
	double s;

	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: 10000, "
		 "default_ttl: %s}\n"
		 "items: {k: {const: one}}\n"
		 "phases:\n"
		 "  - {duration: 10m, rate: %s, item_size: 10KB}\n",
		 ttl, rate);
	s = tu_full_s("runway.yaml", text, &kind, t, cap);
	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	return s;
}

START_TEST(test_runway_ttl_full_before_first_expiry)
{
	char t[640];
	double s = ttl_full_s("18100s", "116/s", t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 1187840.0, 1e-9), "%f: %s", s, t);
	s = ttl_full_s("20980s", "100/s", t, sizeof(t));
	ck_assert_msg(tu_near(s, CAP / 1024000.0, 1e-9), "%f: %s", s, t);
}
END_TEST

/*
 * A ttl over 8 days with a daily curve (not walked a second at a time):
 * 1 create/s of 10 KB (10,240 B) all day but hours 8 and 9 at 10/s, one
 * key on 6,000 RU/s (91 RU/s at most: every expired item deleted at
 * once, rule 28). A day writes 22 x 3,600 + 2 x 36,000 = 151,200 items,
 * 1,548,288,000 B (17,920 B/s on average, 17.5 KiB/s); living 9 days it
 * holds 9 days of them at its peak: 13,934,592,000 B (13.0 GiB). Its
 * parts are its last lifetime's writes on average: 17.5 KiB/s x 9
 * days. It said "written 10.0 KiB/s ... and 5.6 GiB of expired items
 * its range's RU/s leave no room to delete" (the quiet hour's rate, the
 * rest called a pile) on a range 98 % idle (trialQ Q1).
 */
START_TEST(test_runway_ttl_daily_level_parts)
{
	static const char text[] =
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 6000, "
	    "default_ttl: 9d}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - duration: 1h\n"
	    "    item_size: 10KB\n"
	    "    rate:\n"
	    "      base: 1/s\n"
	    "      daily: [1, 1, 1, 1, 1, 1, 1, 1, 10, 10, 1, 1, 1, 1, 1, 1, "
	    "1, 1, 1, 1, 1, 1, 1, 1]\n";
	struct pk_scorecard c;
	char t[640];

	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 13934592000.0, 1e-6),
		      "%f: %s", c.full_level_bytes, t);
	ck_assert_msg(strstr(t, "written 17.5 KiB/s on average, its items "
				"living 9.0 days)"),
		      "%s", t);
	ck_assert_msg(!strstr(t, "no room to delete"), "%s", t);
}
END_TEST

/*
 * A lifetime past the 5-year horizon: one key at 10,000 RU/s, 0.1
 * creates/s of 1 KB, default_ttl 2,555 days (a 7-year retention). It
 * is written 0.1 x 1,024 = 102.4 B/s and nothing expires before day
 * 2,555, so at the horizon (1,825 days = 157,680,000 s) it holds 102.4
 * x 157,680,000 = 16,146,432,000 B (15.0 GiB), under the 20 GiB cap:
 * not within 5 years, as with time to live off. It never levels: it
 * would fill at 21,474,836,480 / 102.4 = 209,715,200 s (2,427.3 days),
 * before its first item expires. Before: "never: levels off at 15.0
 * GiB", the horizon's storage taken for a level.
 */
START_TEST(test_runway_ttl_past_horizon_beyond)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000, "
	    "default_ttl: 2555d}\n"
	    "items: {k: {const: hot}}\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 0.1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_scorecard c;
	char t[640];

	text_card(text, &c, t, sizeof(t));
	ck_assert_msg(c.full_kind == PK_FULL_BEYOND, "%d: %s", c.full_kind, t);
	ck_assert_msg(tu_near((double)c.full_lp_bytes, 16146432000.0, 1e-9),
		      "%f: %s", (double)c.full_lp_bytes, t);
}
END_TEST

/*
 * An hour-of-day key (%H, its bucket back every 24 h) on 5 ranges of
 * 100 RU/s, 10 creates/s of 10 KB and 90 point reads/s, default_ttl 3
 * days, cap 2,050 MB. While a bucket is current its range is asked its
 * creates, 10 x 9.09 RU (rule 20), with its part of the reads: past its
 * 100 RU/s, no room left to delete. What expires then (written 72 h
 * before) is the same bucket's, on that same range, which the service
 * deletes in the hours after, when that range has room (rule 28; a
 * 7-day replay of it fills no key, "06" holding 1.0 GiB of 2.0); the
 * steps delete only with the current bucket's range's room, none, so
 * every bucket kept all it wrote. Not a figure: said not projected.
 * Before: "06" in 5.3 days, the figure without time to live.
 */
START_TEST(test_runway_ttl_hour_key_deletes_elsewhere)
{
	static const char text[] =
	    "clock: {start: \"2026-03-05T00:00:00Z\"}\n"
	    "container: {partition_key: /hour, throughput: 500, "
	    "partitions: 5, logical_partition_storage: 2050MB, "
	    "default_ttl: 3d}\n"
	    "items: {hour: {clock: \"%H\"}}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 100/s, ops: {create: 0.1, read: 0.9}, "
	    "item_size: 10KB}\n";
	int kind;
	char t[640];

	tu_full_s("runway.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "kind %d: %s", kind, t);
	ck_assert_msg(strstr(t, "deletions falling behind what expires"), "%s",
		      t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_ttl");
	TCase *tc = tcase_create("runway_ttl");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_runway_item_ttl_levels);
	tcase_add_test(tc, test_runway_ttl_not_sooner_than_without);
	tcase_add_test(tc, test_runway_ttl_upserts_renew_pile);
	tcase_add_test(tc, test_runway_ttl_upserts_renew_beyond);
	tcase_add_test(tc, test_runway_item_ttl_mixed_levels);
	tcase_add_test(tc, test_runway_item_ttl_never_share);
	tcase_add_test(tc, test_runway_data_item_ttl_levels);
	tcase_add_test(tc, test_runway_data_item_ttl_never_share);
	tcase_add_test(tc, test_runway_data_ttl_after_fill);
	tcase_add_test(tc, test_runway_ttl_net_growth_said);
	tcase_add_test(tc, test_runway_ttl_backlog_said);
	tcase_add_test(tc, test_runway_ttl_step_pile_said);
	tcase_add_test(tc, test_runway_ttl_cycle_backlog);
	tcase_add_test(tc, test_runway_ttl_busy_phase_fills);
	tcase_add_test(tc, test_runway_ttl_busy_phase_level);
	tcase_add_test(tc, test_runway_ttl_quiet_empties_busy_grows);
	tcase_add_test(tc, test_runway_ttl_retries_spill_into_quiet);
	tcase_add_test(tc, test_runway_ttl_backoff_not_projected);
	tcase_add_test(tc, test_runway_ttl_daily_level_parts);
	tcase_add_test(tc, test_runway_ttl_sub_hour_timed);
	tcase_add_test(tc, test_runway_ttl_upserts_rewrite_expired);
	tcase_add_test(tc, test_runway_ttl_full_before_first_expiry);
	tcase_add_test(tc, test_runway_ttl_past_horizon_beyond);
	tcase_add_test(tc, test_runway_ttl_hour_key_deletes_elsewhere);
	suite_add_tcase(s, tc);
	return s;
}
