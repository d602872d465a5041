/*
 * remedy_words: what the remedies' sentences and JSON fields say beside
 * the figures their replays measured: why a remedy found none, where and
 * when a merge ran. Each scenario is small; the figures are derived by
 * hand beside each assertion.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/remedies.h"
#include "pksim/report/report_text.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* A run of scenario text as file `file`, its result and remedies */
static void fx_text(struct tu_fx *f, const char *file, const char *text)
{
	tu_fx_run(f, file, text);
	remedies_build(f->r, 1);
}

/*
 * One existing partition at 10,000 RU/s (its most without a split, rule
 * 5) offered 3,000 creates/s of 1 KB, 5 RU each (rule 20): 15,000 RU/s,
 * so the run rate limits. The container's split_delay is 10 s. Every
 * raise with splits is asked for at t = 0 and its splits wait until
 * t = 10 s (rule 6: the old partition serves its old 10,000 until then),
 * so each replay rate limits in its first 10 s whatever its RU/s. After
 * t = 10 s the first doubling, 2 x 10,000, carries the 15,000, so every
 * 429 is the delay's: the doubling stops there (1 replay, not 4 up to
 * 160,000, whose splits would wait the same delay), the sentence says
 * the split delay is why, and no autoscale max (each past the layout's
 * most splits too) is replayed.
 */
static const char delayed[] =
    "name: delayed\n"
    "seed: 1\n"
    "container: {partition_key: /deviceId, throughput: 10000, "
    "partitions: 1, split_delay: 10s}\n"
    "items:\n"
    "  deviceId: {values: \"dev-{000..999}\"}\n"
    "phases:\n"
    "  - {name: load, duration: 15s, rate: 3000/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

START_TEST(test_remedy_words_split_delay)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_text(&f, "delayed.yaml", delayed);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_gt(m->before.throttled_429, 0);
	ck_assert_int_eq(m->split_delay_s, 10);
	x = &m->items[PK_REMEDY_SPLIT];
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_FOUND);
	ck_assert_int_eq(x->setting, 20000);
	ck_assert_uint_eq(x->replays, 1);
	ck_assert_int_eq(m->delay_stop, 1);
	/* 20,000 / 10,000 = 2 partitions once the splits are done */
	ck_assert_uint_eq(x->after.partitions, 2);
	ck_assert_int_eq(x->after.split_wait_end_s, 10);
	ck_assert_int_gt(x->after.last_429_end_s, 0);
	ck_assert_int_eq(x->after.delay_only, 1);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].status,
			 PK_REMEDY_NOT_REPLAYED);
	s = remedies_sentence(m, PK_REMEDY_SPLIT);
	ck_assert_msg(strstr(s, "the split delay is why, not the RU/s") &&
			  strstr(s, "split_delay (10s, rule 6") &&
			  strstr(s, "they finish at t = 10s"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * Two tenants, t00 and t04, each 1,200 creates/s of 1 KB (6,000 RU/s),
 * both on range 1 of 2 existing partitions at 10,000 (5,000 each), the
 * container's split_delay 10 s. The first doubling, 40,000, splits to 4
 * (rule 6) at t = 10 s, each tenant then on a child of 10,000 against
 * its 6,000; until then range 1 serves 5,000 of 12,000. The requests
 * throttled then are retried after t = 10 s, and their retries still
 * meet 429s while the 4,000 RU/s a child has spare drains them: 429s
 * after the splits that are the delay's backlog (every such second has
 * retries arriving, its first attempts, 12,000 RU/s, within 40,000),
 * and none in the run's last seconds. The sentence says the split delay
 * is why and counts the 429s after the splits.
 */
START_TEST(test_remedy_words_split_delay_backlog)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_text(&f, "backlog.yaml",
		"name: backlog\n"
		"seed: 3\n"
		"container: {partition_key: /tenantId, throughput: 10000, "
		"partitions: 2, split_delay: 10s}\n"
		"items:\n"
		"  tenantId: {values: [t00, t04]}\n"
		"phases:\n"
		"  - {name: load, duration: 30s, rate: 2400/s, ops: {create: "
		"1}, item_size: 1KB}\n");
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	x = &m->items[PK_REMEDY_SPLIT];
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_FOUND);
	ck_assert_int_eq(m->delay_stop, 1);
	ck_assert_int_eq(x->setting, 40000);
	ck_assert_uint_eq(x->after.partitions, 4);
	ck_assert_int_eq(x->after.split_wait_end_s, 10);
	ck_assert_uint_gt(x->after.late_429, 0);
	ck_assert_uint_lt(x->after.late_429, x->after.throttled_429);
	ck_assert_int_gt(x->after.last_429_end_s, 10);
	ck_assert_int_lt(x->after.last_429_end_s, 30);
	s = remedies_sentence(m, PK_REMEDY_SPLIT);
	ck_assert_msg(strstr(s, "the split delay is why, not the RU/s") &&
			  strstr(s, "(its backlog)"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * The same words are never said where the 429s after the splits
 * finished are not the delay's backlog (delay_only 0: the RU/s, not the
 * delay, fell short): figures set by hand, the last 429 in the second
 * that ends at t = 12 s, the splits done at t = 10 s; nor without a
 * split delay.
 */
START_TEST(test_remedy_words_split_delay_not_why)
{
	struct pk_remedies m;
	struct pk_remedy *x = &m.items[PK_REMEDY_SPLIT];
	char *s;

	memset(&m, 0, sizeof(m));
	m.created_partitions = 1;
	m.cap_ru_per_s = 10000;
	m.start_ru_per_s = 10000;
	m.split_delay_s = 10;
	x->kind = PK_REMEDY_SPLIT;
	x->status = PK_REMEDY_NOT_FOUND;
	x->setting = 160000;
	x->replays = 4;
	x->after.throttled_429 = 5;
	x->after.split_wait_end_s = 10;
	x->after.last_429_end_s = 12;
	s = remedies_sentence(&m, PK_REMEDY_SPLIT);
	ck_assert_msg(!strstr(s, "split delay is why"), "%s", s);
	free(s);
	x->after.last_429_end_s = 9;
	x->after.delay_only = 1;
	m.split_delay_s = 0;
	s = remedies_sentence(&m, PK_REMEDY_SPLIT);
	ck_assert_msg(!strstr(s, "split delay is why"), "%s", s);
	free(s);
	m.split_delay_s = 10;
	s = remedies_sentence(&m, PK_REMEDY_SPLIT);
	ck_assert_msg(strstr(s, "split delay is why"), "%s", s);
	free(s);
}
END_TEST

/* The merge item of `pksim run FILE --format json` for scenario text
   (owned by *root, which the caller frees) */
static json_t *merge_json(const char *text, json_t **root)
{
	char *dir = tu_tmpdir(), *file = tu_write_file(dir, "m.yaml", text);
	char args[512], *out;
	json_t *list, *e;
	size_t i;

	snprintf(args, sizeof(args), "run '%s' --format json", file);
	out = tu_run_ok(args);
	*root = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(*root);
	list = json_object_get(
	    json_object_get(
		json_array_get(json_object_get(*root, "variants"), 0),
		"remedies"),
	    "list");
	ck_assert_ptr_nonnull(list);
	json_array_foreach(list, i, e)
	{
		if (strcmp(json_string_value(json_object_get(e, "kind")),
			   "merge") == 0) {
			free(out);
			free(file);
			free(dir);
			return e;
		}
	}
	ck_abort_msg("no merge remedy in %s", out);
	return NULL;
}

static json_int_t int_of(json_t *e, const char *name)
{
	json_t *x = json_object_get(e, name);

	ck_assert_msg(json_is_integer(x), "%s is not an integer", name);
	return json_integer_value(x);
}

/*
 * The JSON says where and when a merge ran and what it left, not only
 * its sentence. 10 existing partitions of 19.9 GiB (199 GiB) at 12,000
 * RU/s, 200 creates/s of 1 KB (1,000 RU/s, no 429): phase 'raised' sets
 * 14,000 at t = 5 s (within 10 x 10,000: no split), the run's last
 * change, so the merge starts there (merge_start_s 5, merge_phase
 * "raised", merge_from 10) and asks for rule 32's max(ceil(14,000 /
 * 10,000), ceil(199 / 50)) = 4. Another remedy's merge fields are null.
 * Merged at t = 0 instead (one phase), before any write, the ten ranges
 * hold the same storage and width, so the pairs go in key order: 5 of
 * 39.8 GiB, and a further pair (79.6 GiB) would pass the 50 GiB cap
 * (rule 9): merge_left 5, not merge_to 4.
 */
START_TEST(test_remedy_words_merge_json)
{
	static const char head[] =
	    "name: m\n"
	    "seed: 3\n"
	    "container: {partition_key: /deviceId, throughput: 12000, "
	    "partitions: 10, storage_per_partition: 19.9GB}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{000..999}\"}\n"
	    "phases:\n"
	    "  - {name: load, duration: 5s, rate: 200/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char text[1024];
	json_t *root, *e;

	snprintf(text, sizeof(text),
		 "%s  - {name: raised, duration: 5s, throughput: 14000, "
		 "rate: 200/s, ops: {create: 1}, item_size: 1KB}\n"
		 "  - {name: quiet, duration: 5s, rate: 200/s, ops: {create: "
		 "1}, item_size: 1KB}\n",
		 head);
	e = merge_json(text, &root);
	ck_assert_int_eq(int_of(e, "merge_start_s"), 5);
	ck_assert_str_eq(json_string_value(json_object_get(e, "merge_phase")),
			 "raised");
	ck_assert_int_eq(int_of(e, "merge_from"), 10);
	ck_assert_int_eq(int_of(e, "merge_to"), 4);
	ck_assert_int_eq(int_of(e, "merge_left"),
			 int_of(e, "physical_partitions"));
	json_decref(root);

	e = merge_json(head, &root);
	ck_assert_int_eq(int_of(e, "merge_start_s"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(e, "merge_phase")),
			 "load");
	ck_assert_int_eq(int_of(e, "merge_from"), 10);
	ck_assert_int_eq(int_of(e, "merge_to"), 4);
	ck_assert_int_eq(int_of(e, "merge_left"), 5);
	e = json_array_get(
	    json_object_get(
		json_object_get(
		    json_array_get(json_object_get(root, "variants"), 0),
		    "remedies"),
		"list"),
	    0);
	ck_assert_str_eq(json_string_value(json_object_get(e, "kind")),
			 "raise");
	ck_assert(json_is_null(json_object_get(e, "merge_start_s")));
	ck_assert(json_is_null(json_object_get(e, "merge_phase")));
	ck_assert(json_is_null(json_object_get(e, "merge_from")));
	ck_assert(json_is_null(json_object_get(e, "merge_left")));
	json_decref(root);
}
END_TEST

/*
 * compare --seeds prints the remedies of the verdicts' seed (the first,
 * 7 here), in Markdown as in text, and none with --no-remedies. One
 * partition at 4,000 RU/s offered 1,000 creates/s of 5 RU = 5,000 RU/s
 * (rules 20, 4): the raise on the existing layout is 5,000 (1 x the
 * busiest second's 5,000 RU, on the 100 RU/s grid).
 */
START_TEST(test_remedy_words_seeds)
{
	char *dir = tu_tmpdir(), *file, args[512], *out;

	file = tu_write_file(dir, "seeds.yaml",
			     "name: seeds\n"
			     "seed: 7\n"
			     "container: {partition_key: /deviceId, "
			     "throughput: 4000, partitions: 1}\n"
			     "items:\n"
			     "  deviceId: {values: \"dev-{000..999}\"}\n"
			     "phases:\n"
			     "  - {name: load, duration: 3s, rate: 1000/s, "
			     "ops: {create: 1}, item_size: 1KB}\n");
	snprintf(args, sizeof(args), "compare '%s' --seeds 2 --format markdown",
		 file);
	out = tu_run_ok(args);
	ck_assert_msg(
	    strstr(out, "#### Remedies (replayed)") &&
		strstr(out, "(seed 7, the same arrivals)") &&
		strstr(out, "| raise on the existing layout | 5,000 |"),
	    "%s", out);
	free(out);
	snprintf(args, sizeof(args), "compare '%s' --seeds 2", file);
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "\nremedies (each replays") &&
			  strstr(out, "raise on the existing layout: 5,000 "
				      "RU/s leave no 429"),
		      "%s", out);
	free(out);
	snprintf(args, sizeof(args),
		 "compare '%s' --seeds 2 --format markdown --no-remedies",
		 file);
	out = tu_run_ok(args);
	ck_assert_msg(!strstr(out, "Remedies"), "%s", out);
	free(out);
	free(file);
	free(dir);
}
END_TEST

/*
 * The remedies table fits --width: its header and rows take 105 columns
 * with the busiest hour's bill (2 + 32 + 13 + 11 + 7 + 13 + 13 + 14; the
 * switch to autoscale is measured, so bills show). At --width 105 the
 * table is printed; at 104 or 40 each row is stacked, its name then one
 * figure a line, so a value never drifts from its column. The figures
 * are the seeds scenario's: 4,000 RU/s run, the raise to 5,000 (above).
 */
START_TEST(test_remedy_words_table_width)
{
	static const char *const widths[] = {"105", "104", "40"};
	char *dir = tu_tmpdir(), *file, args[512], *out;
	size_t i;

	file = tu_write_file(dir, "w.yaml",
			     "name: w\n"
			     "seed: 7\n"
			     "container: {partition_key: /deviceId, "
			     "throughput: 4000, partitions: 1}\n"
			     "items:\n"
			     "  deviceId: {values: \"dev-{000..999}\"}\n"
			     "phases:\n"
			     "  - {name: load, duration: 3s, rate: 1000/s, "
			     "ops: {create: 1}, item_size: 1KB}\n");
	for (i = 0; i < 3; i++) {
		snprintf(args, sizeof(args), "run '%s' --width %s", file,
			 widths[i]);
		out = tu_run_ok(args);
		if (i == 0) {
			ck_assert_msg(strstr(out, "  setting   ") &&
					  strstr(out, "  busiest hour\n"),
				      "%s", out);
		} else {
			ck_assert_msg(
			    !strstr(out, "  setting   ") &&
				strstr(out, "\n  the run\n    RU/s        "
					    "          4,000\n") &&
				strstr(out, "\n  raise on the existing "
					    "layout\n    RU/s                "
					    "  5,000\n    partitions          "
					    "      1\n"),
			    "%s", out);
		}
		free(out);
	}
	free(file);
	free(dir);
}
END_TEST

/*
 * One logical partition over a physical partition's 10,000 RU/s: every
 * create goes to tenant "big", 2,400/s of 1 KB at 5 RU (rule 20) =
 * 12,000 RU/s, on 2 existing partitions at 10,000 (5,000 each). At the
 * layout's most, 20,000 (10,000 each, rule 5), big's range still serves
 * only 10,000 of its 12,000: 429s. Doubling to 40,000 splits to 4
 * partitions (rule 6), but big's child still has 10,000 (rules 1, 10: a
 * logical partition lives in one physical partition and a split never
 * divides it): the same 429s, every one big's. The doubling stops there
 * (1 replay, not 4 up to 320,000), and no autoscale max is replayed.
 */
START_TEST(test_remedy_words_one_logical_partition)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *raise, *x;
	char *s;

	fx_text(&f, "one-lp.yaml",
		"name: one-lp\n"
		"seed: 1\n"
		"container: {partition_key: /tenantId, throughput: 10000, "
		"partitions: 2}\n"
		"items:\n"
		"  tenantId: big\n"
		"phases:\n"
		"  - {name: load, duration: 5s, rate: 2400/s, ops: {create: "
		"1}, item_size: 1KB}\n");
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	raise = &m->items[PK_REMEDY_RAISE];
	ck_assert_int_eq(raise->status, PK_REMEDY_NOT_FOUND);
	ck_assert_int_eq(raise->setting, 20000);
	ck_assert_uint_gt(raise->after.throttled_429, 0);
	x = &m->items[PK_REMEDY_SPLIT];
	ck_assert_int_eq(m->one_lp, 1);
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_FOUND);
	ck_assert_int_eq(x->setting, 40000);
	ck_assert_uint_eq(x->replays, 1);
	ck_assert_uint_eq(x->after.partitions, 4);
	ck_assert_uint_eq(x->after.throttled_429, raise->after.throttled_429);
	ck_assert_uint_eq(x->after.lp_429, x->after.throttled_429);
	ck_assert_str_eq(x->after.lp_key, "\"big\"");
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].status,
			 PK_REMEDY_NOT_REPLAYED);
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].replays, 0);
	s = remedies_sentence(m, PK_REMEDY_SPLIT);
	ck_assert_msg(strstr(s, "no RU/s stops these 429s") &&
			  strstr(s, "rules 1, 10") && strstr(s, "compare"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * Where no remedy is replayed though the variant was rate limited, the
 * remedies section says why rather than being left out. Serverless
 * (rule 19: a partition's RU/s are fixed, 5,000): 1,500 creates/s of
 * 1 KB, 5 RU each (rule 20) = 7,500 RU/s on its one partition, so 429s,
 * and there is no RU/s to raise. A DynamoDB table of 100 WCU offered
 * 300 writes/s of 1,000 B (1 WCU each, up to 1 KB a unit), burst off
 * (else 300 s of unused capacity would carry 10 s): throttled, and
 * pksim replays no capacity change for a table.
 */
START_TEST(test_remedy_words_none_why)
{
	static const char *const text[2] = {
	    "name: sl\n"
	    "seed: 1\n"
	    "container: {partition_key: /deviceId, serverless: true}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{000..999}\"}\n"
	    "phases:\n"
	    "  - {name: load, duration: 5s, rate: 1500/s, ops: {create: 1}, "
	    "item_size: 1KB}\n",
	    "name: ddb\n"
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 100, "
	    "write_capacity_units: 100, burst: off}\n"
	    "items:\n"
	    "  k: {values: \"k{000000..999999}\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10s, rate: 300/s, ops: {create: 1}, "
	    "item_size: 1000B}\n"};
	static const char *const want[2] = {
	    "remedies (none replayed: a serverless container has no RU/s to "
	    "raise",
	    "remedies (none replayed: pksim does not model remedies for a "
	    "DynamoDB table"};
	size_t i;

	for (i = 0; i < 2; i++) {
		struct tu_fx f;
		char *out;

		fx_text(&f, i ? "ddb.yaml" : "sl.yaml", text[i]);
		ck_assert_uint_gt(
		    f.r->variants[0].metrics->totals.throttled_429, 0);
		ck_assert_ptr_null(f.r->variants[0].remedies);
		ck_assert_ptr_nonnull(
		    remedies_none_why(f.r, &f.r->variants[0]));
		out = tu_report(f.r, report_text);
		ck_assert_msg(strstr(out, want[i]), "%s", out);
		free(out);
		tu_fx_free(&f);
	}
}
END_TEST

/*
 * The account's default priority Low (rule 35): app (600 creates/s of
 * 1 KB, 5 RU each = 3,000 RU/s) and the bulk import (300/s = 1,500 RU/s)
 * both take it, 4,500 RU/s against 4,000 on one partition. With every
 * request Low, Low priority protects none (rule 30), so the remedy is
 * the import Low and app set High: replayed, app's 429s fall (High
 * requests are served first, and app's 3,000 fit in the 4,000), where
 * it was skipped as "Low already".
 */
START_TEST(test_remedy_words_low_default)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_text(&f, "low-default.yaml",
		"name: low-default\n"
		"seed: 2\n"
		"account: {default_priority: low}\n"
		"container: {partition_key: /k, throughput: 4000, "
		"partitions: 1}\n"
		"streams:\n"
		"  - name: app\n"
		"    items:\n"
		"      k: {values: \"u{000..999}\"}\n"
		"    phases:\n"
		"      - {name: app, duration: 5s, rate: 600/s, ops: {create: "
		"1}, item_size: 1KB}\n"
		"  - name: import\n"
		"    items:\n"
		"      k: {values: \"b{000..999}\"}\n"
		"    client: {bulk: true}\n"
		"    phases:\n"
		"      - {name: import, duration: 5s, rate: 300/s, ops: "
		"{create: 1}, item_size: 1KB}\n");
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->bulk_name, "import");
	ck_assert_uint_gt(m->before.inter_429, 0);
	ck_assert_int_eq(m->others_high, 1);
	x = &m->items[PK_REMEDY_LOW];
	ck_assert_uint_eq(x->replays, 1);
	ck_assert_int_ne(x->status, PK_REMEDY_NOT_REPLAYED);
	ck_assert_uint_lt(x->after.inter_429, m->before.inter_429);
	s = remedies_sentence(m, PK_REMEDY_LOW);
	ck_assert_msg(strstr(s, "the interactive streams that took the "
				"account's Low default set High"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * A redistribution's idle ranges get equal RU/s. One tenant, "big"
 * (range 3 of 4, `pksim locate`), 1,200 creates/s of 1 KB = 6,000 RU/s
 * against 20,000 on 4 existing partitions (5,000 each): 429s on range
 * 3 alone. Its busiest second at the layout's most is 6,000, the other
 * ranges' 0, so in proportion range 3 would take all 20,000: capped at
 * 10,000 (rule 26's per-range most), its excess shared evenly by the
 * three idle ranges, 10,000 / 3 = 3,333.3: 3,334, 3,333, 3,333 (the
 * remainder's one to the first). Never one idle range at 100 and
 * another at thousands, which settling the least before the cap gave.
 */
START_TEST(test_remedy_words_redist_idle_equal)
{
	struct tu_fx f;
	const struct pk_remedies *m;

	fx_text(&f, "idle.yaml",
		"name: idle\n"
		"seed: 1\n"
		"container: {partition_key: /tenantId, throughput: 20000, "
		"partitions: 4}\n"
		"items:\n"
		"  tenantId: big\n"
		"phases:\n"
		"  - {name: load, duration: 5s, rate: 1200/s, ops: {create: "
		"1}, item_size: 1KB}\n");
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->items[PK_REMEDY_REDIST].status, PK_REMEDY_FOUND);
	ck_assert_ptr_nonnull(m->redist_ru);
	ck_assert_int_eq(m->redist_ru[3], 10000);
	ck_assert_int_eq(m->redist_ru[0], 3334);
	ck_assert_int_eq(m->redist_ru[1], 3333);
	ck_assert_int_eq(m->redist_ru[2], 3333);
	ck_assert_uint_eq(m->items[PK_REMEDY_REDIST].after.throttled_429, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * A monitor-log replay (no phases) takes the redistribution too, set at
 * t = 0 of the log. monitor-tuesday's today: 10,000 RU/s on 2 existing
 * partitions (5,000 each); at the layout's most, 20,000, range 0's
 * busiest second is 500 RU and range 1's 7,000 (c-0042's spike at
 * t = 30 s). In proportion at 10,000: range 0 10,000 x 500 / 7,500 =
 * 666.7 -> 666, range 1 9,333.3 -> 9,333, and the remainder's one to
 * the busier: 9,334. Both above their busiest seconds: no 429, at no
 * more RU/s, where the raise needs 14,000.
 */
START_TEST(test_remedy_words_redist_monitor_log)
{
	struct tu_fx f;
	const struct pk_remedies *m;

	tu_fx_shipped(&f, "monitor-tuesday");
	remedies_build(f.r, 1);
	m = tu_fx_variant(&f, "today")->remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->items[PK_REMEDY_REDIST].status, PK_REMEDY_FOUND);
	ck_assert_int_eq(m->items[PK_REMEDY_REDIST].setting, 10000);
	ck_assert_int_eq(m->redist_ru[0], 666);
	ck_assert_int_eq(m->redist_ru[1], 9334);
	ck_assert_uint_eq(m->items[PK_REMEDY_REDIST].after.throttled_429, 0);
	ck_assert_uint_eq(m->items[PK_REMEDY_REDIST].after.partitions, 2);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("remedy_words");
	TCase *tc = tcase_create("words");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_remedy_words_split_delay);
	tcase_add_test(tc, test_remedy_words_split_delay_not_why);
	tcase_add_test(tc, test_remedy_words_split_delay_backlog);
	tcase_add_test(tc, test_remedy_words_merge_json);
	tcase_add_test(tc, test_remedy_words_seeds);
	tcase_add_test(tc, test_remedy_words_table_width);
	tcase_add_test(tc, test_remedy_words_one_logical_partition);
	tcase_add_test(tc, test_remedy_words_none_why);
	tcase_add_test(tc, test_remedy_words_low_default);
	tcase_add_test(tc, test_remedy_words_redist_idle_equal);
	tcase_add_test(tc, test_remedy_words_redist_monitor_log);
	suite_add_tcase(s, tc);
	return s;
}
