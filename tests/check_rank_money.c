/*
 * rank_money: cost as a deciding figure of compare's ranking, after
 * failed operations and 429s and before RU (scorecard.h), and
 * --rank-by for another order. Each expected figure is derived beside
 * its test.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "testutil.h"

/*
 * One key (/dev over 1,000 values), two manual variants: small at
 * 10,000 RU/s (2 physical partitions, rule 2), big at 20,000 (4). 60 s
 * at 100 creates/s of 1 KB from 09:00: 6,000 creates x 5 RU (rule 20) =
 * 30,000 RU each, no 429 (500 RU/s against 5,000 a range). Money: the
 * run touches one clock hour; small bills 10,000 / 100 = 100 units x
 * $0.008 = $0.80, a month 720 x $0.80 = $576.00; big 200 units, $1.60,
 * $1,152.00. Storage adds under a cent a month: 6,000 x ~1 KB = 0.006
 * GB for one hour of a 720-hour month = 0.006 / 720 GB-months x $0.25,
 * x 720 = $0.0015.
 * Ranking: failed 0 = 0, 429s 0 = 0; cost $576 vs $1,152 differs by
 * more than 1% of $1,152 ($11.52): small first. Without cost, RU of
 * the operations ties (30,000 each) and the hottest range's share
 * decides: about 50% of 2 ranges vs 25% of 4, beyond twice the
 * placement noise (999 logical partitions of equal RU: sqrt(1/2 x 1/2
 * / 999) = 1.6 points and sqrt(1/4 x 3/4 / 999) = 1.4 points, so 2 x
 * 2.1 = 4.2 points): big first. --rank-by range gives that order.
 */
static const char scenario[] =
    "name: rank-cost\n"
    "seed: 7\n"
    "clock: {start: \"2026-01-01T09:00:00Z\"}\n"
    "container: {partition_key: /dev, throughput: 10000}\n"
    "variants:\n"
    "  - {name: small, throughput: 10000}\n"
    "  - {name: big, throughput: 20000}\n"
    "items:\n"
    "  dev: {values: \"d-{0000..0999}\"}\n"
    "pricing: {region: us-nongov}\n"
    "phases:\n"
    "  - {duration: 60s, rate: 100/s, ops: {create: 1.0}, item_size: 1KB}\n";

/* `pksim compare SCENARIO EXTRA --format json`, parsed (caller
   decrefs). */
static json_t *compare_json(const char *extra)
{
	char args[2048], *out;
	const char *path = tu_dir_file("rank-cost.yaml", scenario);
	json_t *root;

	snprintf(args, sizeof(args), "compare '%s' %s --format json", path,
		 extra);
	out = tu_run_ok(args);
	root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(root);
	return root;
}

/* Variant name's object in report root. */
static json_t *variant(json_t *root, const char *name)
{
	json_t *v;
	size_t i;

	json_array_foreach(json_object_get(root, "variants"), i, v)
	{
		if (strcmp(json_string_value(json_object_get(v, "name")),
			   name) == 0) {
			return v;
		}
	}
	ck_abort_msg("no variant %s", name);
	return NULL;
}

static json_int_t rank_of(json_t *root, const char *name)
{
	return json_integer_value(json_object_get(
	    json_object_get(variant(root, name), "scorecard"), "rank"));
}

static const char *reason_of(json_t *root, const char *name)
{
	return json_string_value(json_object_get(
	    json_object_get(variant(root, name), "scorecard"), "reason"));
}

static double month_of(json_t *root, const char *name)
{
	return json_number_value(json_object_get(
	    json_object_get(variant(root, name), "money"), "month_cost"));
}

static double ru_of(json_t *root, const char *name)
{
	return json_number_value(
	    json_object_get(json_object_get(variant(root, name), "scorecard"),
			    "ru_of_operations"));
}

START_TEST(test_cost_decides_a_tie)
{
	json_t *r = compare_json("");

	ck_assert_double_eq_tol(month_of(r, "small"), 576.00, 0.01);
	ck_assert_double_eq_tol(month_of(r, "big"), 1152.00, 0.01);
	/* the figures before cost tie, and RU after it too */
	ck_assert_double_eq(ru_of(r, "small"), 30000);
	ck_assert_double_eq(ru_of(r, "big"), 30000);
	ck_assert_int_eq(rank_of(r, "small"), 1);
	ck_assert_int_eq(rank_of(r, "big"), 2);
	ck_assert_str_eq(reason_of(r, "small"),
			 "ahead of big on cost a month: $576.00 vs $1,152.00");
	/* the order used is written without --rank-by too: the default
	   (scorecard.h: failed, 429s, cost, RU, range, logical partition,
	   peak), so a reader of the JSON alone knows it */
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_object_get(r, "scenario"), "rank_by")),
			 "failed,429,cost,ru,range,lp,peak");
	json_decref(r);
}
END_TEST

START_TEST(test_rank_by_changes_the_winner)
{
	json_t *r = compare_json("--rank-by range");
	const char *why;

	ck_assert_int_eq(rank_of(r, "big"), 1);
	ck_assert_int_eq(rank_of(r, "small"), 2);
	why = reason_of(r, "big");
	ck_assert_msg(
	    strncmp(why,
		    "ahead of small on hottest range's share of RU: ", 47) == 0,
	    "%s", why);
	/* the whole order, for pksim merge */
	ck_assert_str_eq(json_string_value(json_object_get(
			     json_object_get(r, "scenario"), "rank_by")),
			 "range,failed,429,cost,ru,lp,peak");
	json_decref(r);
}
END_TEST

/* The text report states the order it ranked in. */
START_TEST(test_rank_by_rule_stated)
{
	char args[2048], *out;
	const char *path = tu_dir_file("rank-cost.yaml", scenario);

	snprintf(args, sizeof(args), "compare '%s' --rank-by cost,ru", path);
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(
	    strstr(out, "ranking (by --rank-by "
			"cost,ru,failed,429,range,lp,peak: cost a month, then "
			"RU of the operations, then operations failed or "
			"refused, then 429s per operation, then hottest "
			"range's share of RU"));
	free(out);
}
END_TEST

/*
 * One basis a compare. 8 days from Monday 2026-11-30 00:00, creates of
 * 1 KB at 1 a minute on weekdays only (weekly: weekdays): 192 clock
 * hours, one whole week (168 h) and 24 more. A manual 400 RU/s variant
 * bills 4 units x $0.008 = $0.032 every hour, idle or not, and has a
 * whole week to repeat: its own month is its week x 30/7 (money.
 * month_basis week, 168 x $0.032 x 30/7 = $23.04 plus its first week's
 * trace of storage). A serverless variant's RU is a total over the run,
 * whose 192 hours are no whole weeks: its month is the 720-hour one.
 * The compare cannot weigh one against the other on different bases,
 * so every variant is shown and ranked on the 720-hour month: the cost
 * row says "(720 h)", every scorecard's cost_basis is 720h and its
 * cost_month the variant's month_cost_720h (manual: 192 x $0.032 / 192
 * x 720 = $23.04 plus storage), and the note names manual's own weekly
 * month. With two manual variants (400 and 800 RU/s) both have their
 * week: the row is "(its week x 30/7)" and cost_basis week, cost_month
 * = month_cost.
 */
static const char weekly[] =
    "name: weekly-bases\n"
    "seed: 1\n"
    "clock: {start: \"2026-11-30T00:00:00Z\"}\n"
    "container: {partition_key: /k, throughput: 400}\n"
    "items: {k: {values: \"k{000..999}\"}}\n"
    "pricing: {region: us-nongov}\n"
    "variants:\n"
    "  - {name: manual, throughput: 400}\n"
    "  - {name: %s}\n"
    "phases:\n"
    "  - {duration: 8d, rate: {base: 1/m, weekly: weekdays}, ops: {create: "
    "1}, item_size: 1KB}\n";

/* pksim compare of weekly with its second variant other: FORMAT's
   output. */
static char *weekly_compare(const char *other, const char *format)
{
	char text[1024], args[2048];

	snprintf(text, sizeof(text), weekly, other);
	snprintf(args, sizeof(args), "compare '%s' --no-remedies --format %s",
		 tu_dir_file("weekly.yaml", text), format);
	return tu_run_ok(args);
}

static double money_of(json_t *root, const char *name, const char *key)
{
	return json_number_value(json_object_get(
	    json_object_get(variant(root, name), "money"), key));
}

static const char *card_text(json_t *root, const char *name, const char *key)
{
	return json_string_value(json_object_get(
	    json_object_get(variant(root, name), "scorecard"), key));
}

static double card_num(json_t *root, const char *name, const char *key)
{
	return json_number_value(json_object_get(
	    json_object_get(variant(root, name), "scorecard"), key));
}

START_TEST(test_one_month_basis)
{
	char *out = weekly_compare("serverless, serverless: true", "json");
	json_t *r = json_loads(out, 0, NULL);
	char *text;

	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(
	    json_string_value(json_object_get(
		json_object_get(variant(r, "manual"), "money"), "month_basis")),
	    "week");
	ck_assert_double_eq_tol(money_of(r, "manual", "month_cost"), 23.04,
				0.01);
	ck_assert_double_eq_tol(money_of(r, "manual", "month_cost_720h"), 23.04,
				0.01);
	ck_assert_str_eq(card_text(r, "manual", "cost_basis"), "720h");
	ck_assert_str_eq(card_text(r, "serverless", "cost_basis"), "720h");
	ck_assert_double_eq(card_num(r, "manual", "cost_month"),
			    money_of(r, "manual", "month_cost_720h"));
	ck_assert_double_eq(card_num(r, "serverless", "cost_month"),
			    money_of(r, "serverless", "month_cost"));
	/* the weekly month and the 720-hour one differ by the storage
	   the 24 hours past the week add */
	ck_assert(money_of(r, "manual", "month_cost") !=
		  money_of(r, "manual", "month_cost_720h"));
	json_decref(r);
	free(out);
	text = weekly_compare("serverless, serverless: true", "text");
	ck_assert_ptr_nonnull(strstr(text, "\n  cost a month (720 h) "));
	ck_assert_ptr_nonnull(strstr(text, "manual's money block gives its "
					   "week x 30/7, $23.04 (not used"));
	free(text);
	text = weekly_compare("manual2, throughput: 800", "text");
	ck_assert_ptr_nonnull(strstr(text, "\n  cost a month (its week x "
					   "30/7) "));
	free(text);
	out = weekly_compare("manual2, throughput: 800", "json");
	r = json_loads(out, 0, NULL);
	ck_assert_str_eq(card_text(r, "manual2", "cost_basis"), "week");
	/* 800 RU/s: 8 units x $0.008 x 168 x 30/7 = $46.08 */
	ck_assert_double_eq_tol(card_num(r, "manual2", "cost_month"), 46.08,
				0.01);
	ck_assert_double_eq(card_num(r, "manual2", "cost_month"),
			    money_of(r, "manual2", "month_cost"));
	json_decref(r);
	free(out);
}
END_TEST

/* Two cards alike but for cost and RU: a costs $576 a month and
   110,000 RU, b $1,152 and 100,000 RU. Cost comes before RU: a first.
   c is b unpriced: cost ties (never decides), RU decides, 100,000 vs
   110,000 beyond 1% (1,100): c before a. */
static void cards3(struct pk_scorecard *k)
{
	memset(k, 0, 3 * sizeof(*k));
	k[0].name = "a";
	k[1].name = "b";
	k[2].name = "c";
	k[0].operations = k[1].operations = k[2].operations = 100000;
	k[0].ru_offered = 110000;
	k[1].ru_offered = k[2].ru_offered = 100000;
	k[0].priced = k[1].priced = 1;
	k[0].cost_month = 576;
	k[1].cost_month = 1152;
	strcpy(k[0].currency, "USD");
	strcpy(k[1].currency, "USD");
}

START_TEST(test_unpriced_never_decides)
{
	struct pk_scorecard k[3], ac[2];

	cards3(k);
	scorecard_rank(k, 2, NULL);
	ck_assert_int_eq(k[0].rank, 1);
	ck_assert_int_eq(k[1].rank, 2);
	ck_assert_int_eq(scorecard_figure_cmp(&k[0], &k[2], PK_RANK_COST), 0);
	ck_assert_int_eq(scorecard_figure_cmp(&k[2], &k[0], PK_RANK_COST), 0);
	ac[0] = k[0];
	ac[1] = k[2];
	scorecard_rank(ac, 2, NULL);
	ck_assert_int_eq(ac[1].rank, 1); /* c */
	ck_assert_str_eq(ac[1].reason,
			 "ahead of a on RU of the operations: 100,000 vs "
			 "110,000");
	/* --rank-by ru: b (100,000 RU) before a */
	cards3(k);
	scorecard_rank(k, 2, "ru");
	ck_assert_int_eq(k[1].rank, 1);
}
END_TEST

/* Cost within 1% of the larger ties: $1,000 vs $1,009 (tolerance
   $10.09); $1,000 vs $1,011 does not. */
START_TEST(test_cost_tolerance)
{
	struct pk_scorecard k[3];

	cards3(k);
	k[0].cost_month = 1000;
	k[1].cost_month = 1009;
	ck_assert_int_eq(scorecard_figure_cmp(&k[0], &k[1], PK_RANK_COST), 0);
	k[1].cost_month = 1011;
	ck_assert_int_eq(scorecard_figure_cmp(&k[0], &k[1], PK_RANK_COST), -1);
}
END_TEST

START_TEST(test_rank_by_parse)
{
	int o[PK_RANK_FIGURES];
	char err[512], buf[PK_RANK_BY_BYTES];

	ck_assert_int_eq(
	    scorecard_rank_by_parse("cost,failed", o, err, sizeof(err)), 0);
	ck_assert_int_eq(o[0], PK_RANK_COST);
	ck_assert_int_eq(o[1], PK_RANK_FAILED);
	ck_assert_int_eq(o[2], PK_RANK_429);
	ck_assert_int_eq(o[3], PK_RANK_RU);
	ck_assert_int_eq(o[6], PK_RANK_PEAK);
	ck_assert_str_eq(scorecard_rank_by_text(NULL, buf),
			 "failed,429,cost,ru,range,lp,peak");
	ck_assert_int_eq(scorecard_rank_by_parse("", o, err, sizeof(err)), -1);
	ck_assert_int_eq(scorecard_rank_by_parse("cost,", o, err, sizeof(err)),
			 -1);
	ck_assert_int_eq(scorecard_rank_by_parse("Cost", o, err, sizeof(err)),
			 -1);
	ck_assert_str_eq(err, "--rank-by 'Cost': unknown figure 'Cost'; "
			      "allowed: failed, 429, cost, ru, range, lp, "
			      "peak, separated by commas, each at most once");
}
END_TEST

/* Bad --rank-by: exit 2, what is wrong and what is allowed, no
   report; run takes no --rank-by (it does not rank). */
START_TEST(test_rank_by_bad)
{
	char args[2048], *out, *err;
	const char *path = tu_dir_file("rank-cost.yaml", scenario);

	snprintf(args, sizeof(args), "compare '%s' --rank-by ru,ru", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_str_eq(out, "");
	ck_assert_ptr_nonnull(strstr(err, "'ru' given twice; allowed: "));
	free(out);
	free(err);
	snprintf(args, sizeof(args), "run '%s' --rank-by cost", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_ptr_nonnull(strstr(err, "rank-by"));
	free(out);
	free(err);
}
END_TEST

/* pksim merge ranks in the order the runs were ranked in, and refuses
   runs ranked in different orders. */
START_TEST(test_merge_keeps_the_order)
{
	const char *path = tu_dir_file("rank-cost.yaml", scenario);
	char args[4096], *out, *err, a[1024], b[1024], c[1024];
	json_t *r;

	snprintf(a, sizeof(a), "%s/small.json", tu_dir);
	snprintf(b, sizeof(b), "%s/big.json", tu_dir);
	snprintf(c, sizeof(c), "%s/big-default.json", tu_dir);
	snprintf(args, sizeof(args),
		 "compare '%s' --rank-by range --variant small --format json "
		 "-o '%s'",
		 path, a);
	free(tu_run_ok(args));
	snprintf(args, sizeof(args),
		 "compare '%s' --rank-by range --variant big --format json "
		 "-o '%s'",
		 path, b);
	free(tu_run_ok(args));
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	out = tu_run_ok(args);
	r = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(rank_of(r, "big"), 1);
	json_decref(r);
	free(out);
	snprintf(args, sizeof(args),
		 "compare '%s' --variant big --format json -o '%s'", path, c);
	free(tu_run_ok(args));
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, c);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_ptr_nonnull(strstr(err, "ranked in different orders"));
	free(out);
	free(err);
}
END_TEST

/* Text with every `from` replaced by `to` (caller frees). */
static char *subst(const char *text, const char *from, const char *to)
{
	size_t nf = strlen(from), nt = strlen(to), n = 0;
	const char *p;
	char *out, *o;

	for (p = text; (p = strstr(p, from)) != NULL; p += nf) {
		n++;
	}
	out = malloc(strlen(text) + n * nt + 1);
	ck_assert_ptr_nonnull(out);
	for (o = out, p = text; *p;) {
		if (strncmp(p, from, nf) == 0) {
			memcpy(o, to, nt);
			o += nt;
			p += nf;
		} else {
			*o++ = *p++;
		}
	}
	*o = 0;
	return out;
}

/* `pksim merge a b` exits 2, its message holding want and both files */
static void merge_refused(const char *a, const char *b, const char *want)
{
	char args[4096], *out, *err;

	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_msg(strstr(err, want) && strstr(err, a) && strstr(err, b),
		      "%s", err);
	ck_assert_str_eq(out, "");
	free(out);
	free(err);
}

/*
 * pksim merge ranks on cost only money priced alike. small at the
 * shipped table costs $576.00 a month, big $1,152.00 (above); big run
 * with the same table in EUR is 1,152.00 EUR, and pksim converts no
 * currency (docs/money.md), so the two cannot be ranked: refused. big
 * run with the table file rewritten between the runs, its manual row
 * (line 2) now $0.0001, costs 200 x 0.0001 x 720 = $14.40 a month and
 * would rank first "on cost", though at one table it costs twice
 * small's: refused, naming row 2.
 */
START_TEST(test_merge_refuses_other_prices)
{
	const char *path = tu_dir_file("rank-cost.yaml", scenario);
	char args[4096], a[1024], b[1024], c[1024], d[1024];
	char *shipped =
	    tu_read_file(tu_src("data/prices/prices-2026-11-30.csv"), NULL);
	char *eur, *cheap, *t_eur, *t_cheap;

	ck_assert_ptr_nonnull(shipped);
	eur = subst(shipped, ",USD,", ",EUR,");
	cheap = subst(shipped, "provisioned_single_write,100RU/s-hour,0.008,",
		      "provisioned_single_write,100RU/s-hour,0.0001,");
	ck_assert_str_ne(cheap, shipped);
	t_eur = tu_write_file(tu_dir, "eur.csv", eur);
	t_cheap = tu_write_file(tu_dir, "table.csv", shipped);
	snprintf(a, sizeof(a), "%s/small.json", tu_dir);
	snprintf(d, sizeof(d), "%s/small-table.json", tu_dir);
	snprintf(b, sizeof(b), "%s/big-eur.json", tu_dir);
	snprintf(c, sizeof(c), "%s/big-cheap.json", tu_dir);
	snprintf(args, sizeof(args),
		 "compare '%s' --variant small --format json -o '%s'", path, a);
	free(tu_run_ok(args));
	snprintf(args, sizeof(args),
		 "compare '%s' --variant big --prices '%s' --format json -o "
		 "'%s'",
		 path, t_eur, b);
	free(tu_run_ok(args));
	snprintf(args, sizeof(args),
		 "compare '%s' --variant small --prices '%s' --format json -o "
		 "'%s'",
		 path, t_cheap, d);
	free(tu_run_ok(args));
	free(tu_write_file(tu_dir, "table.csv", cheap));
	snprintf(args, sizeof(args),
		 "compare '%s' --variant big --prices '%s' --format json -o "
		 "'%s'",
		 path, t_cheap, c);
	free(tu_run_ok(args));
	merge_refused(a, b, "money.currency (USD vs EUR)");
	merge_refused(a, c, "money.table");
	merge_refused(d, c, "price row 2 (provisioned_single_write)");
	free(shipped);
	free(eur);
	free(cheap);
	free(t_eur);
	free(t_cheap);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("rank_money");
	TCase *tc = tcase_create("rank_money");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_cost_decides_a_tie);
	tcase_add_test(tc, test_rank_by_changes_the_winner);
	tcase_add_test(tc, test_rank_by_rule_stated);
	tcase_add_test(tc, test_unpriced_never_decides);
	tcase_add_test(tc, test_cost_tolerance);
	tcase_add_test(tc, test_rank_by_parse);
	tcase_add_test(tc, test_rank_by_bad);
	tcase_add_test(tc, test_one_month_basis);
	tcase_add_test(tc, test_merge_keeps_the_order);
	tcase_add_test(tc, test_merge_refuses_other_prices);
	suite_add_tcase(s, tc);
	return s;
}
