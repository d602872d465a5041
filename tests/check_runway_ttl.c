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

static int near(double x, double want, double rel)
{
	return fabs(x - want) <= rel * fabs(want);
}

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
	ck_assert_msg(near(c.full_level_bytes, 6144000.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_int_eq(c.full_ttl_s, 60);
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
	ck_assert_msg(near(c.full_level_bytes, 9216000.0, 1e-9), "%f: %s",
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
	ck_assert_msg(near(c.days_to_full * 86400.0, 2096612.0, 1e-6),
		      "%f s: %s", c.days_to_full * 86400.0, t);
	ck_assert_msg(near(c.full_rate, 10240.0, 1e-6), "%f: %s", c.full_rate,
		      t);
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
	ck_assert_msg(near(c[0].full_level_bytes, 614400.0, 1e-9), "%f: %s",
		      c[0].full_level_bytes, t);
	ck_assert_int_eq(c[0].full_ttl_s, 60);
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
	ck_assert_msg(near(c[0].days_to_full * 86400.0, 20970980.0, 1e-6),
		      "%f s: %s", c[0].days_to_full * 86400.0, t);
	ck_assert_msg(near(c[0].full_rate, 1024.0, 1e-6), "%f: %s",
		      c[0].full_rate, t);
	tu_cards_free(c, run, res);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_ttl");
	TCase *tc = tcase_create("runway_ttl");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_runway_item_ttl_levels);
	tcase_add_test(tc, test_runway_item_ttl_mixed_levels);
	tcase_add_test(tc, test_runway_item_ttl_never_share);
	tcase_add_test(tc, test_runway_data_item_ttl_levels);
	tcase_add_test(tc, test_runway_data_item_ttl_never_share);
	suite_add_tcase(s, tc);
	return s;
}
