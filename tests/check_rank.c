/*
 * rank: `pksim compare` figures a design review can rely on (issue 12
 * §3 days to full, §4 query cost, ranking order, ties, verdicts, header,
 * Markdown). Every expected value is derived by hand beside its test.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/* 20 GB (2^30-byte GB): the logical partition cap */
#define CAP 21474836480.0

static char *dir;

/* Write text to dir/name; returns the path (static buffer per slot). */
static const char *put(int slot, const char *name, const char *text)
{
	static char paths[4][512];
	FILE *f;

	snprintf(paths[slot], sizeof(paths[slot]), "%s/%s", dir, name);
	f = fopen(paths[slot], "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	return paths[slot];
}

static void setup(void)
{
	dir = tu_tmpdir();
	ck_assert_ptr_nonnull(dir);
}

static void teardown(void)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(dir);
}

/* pksim ARGS (exit 0 expected): stdout (caller frees). */
static char *run_ok(const char *args)
{
	char *out = NULL, *err = NULL;
	int rc = tu_run(args, &out, &err);

	ck_assert_msg(rc == 0, "pksim %s: exit %d: %s", args, rc,
		      err ? err : "");
	free(err);
	ck_assert_ptr_nonnull(out);
	return out;
}

/* The scorecard of variant i of `pksim ARGS --format json` (caller
   decrefs *root). */
static json_t *card_of(const char *args, size_t i, json_t **root)
{
	char full[2048];
	char *out;

	snprintf(full, sizeof(full), "%s --format json", args);
	out = run_ok(full);
	*root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(*root);
	return json_object_get(
	    json_array_get(json_object_get(*root, "variants"), i),
	    "scorecard");
}

static double num(json_t *o, const char *key)
{
	return json_number_value(json_object_get(o, key));
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	ck_assert_msg(s != NULL, "no string %s", key);
	return s;
}

/* Three records of key "x", each of one size S (a 1,000-byte pad keeps
   60 x the days within the 100-year horizon), with ts 100, 160, 220. */
static const char *three(void)
{
	char pad[1001], text[4000];

	memset(pad, 'p', 1000);
	pad[1000] = '\0';
	snprintf(text, sizeof(text),
		 "[{\"id\":\"a\",\"k\":\"x\",\"ts\":100,\"pad\":\"%s\"},"
		 "{\"id\":\"b\",\"k\":\"x\",\"ts\":160,\"pad\":\"%s\"},"
		 "{\"id\":\"c\",\"k\":\"x\",\"ts\":220,\"pad\":\"%s\"}]\n",
		 pad, pad, pad);
	return put(1, "three.json", text);
}

/*
 * §3 repro: 1 KB/s into one key for 3 s. Creates of 1,024 B at t = 0, 1
 * and 2 s: 3,072 B stored; growth after the first instant is 2,048 B in
 * 2 s = 1,024 B/s (n - 1 = 2 intervals). Left: 21,474,836,480 - 3,072 =
 * 21,474,833,408 B / 1,024 B/s = 20,971,517 s / 86,400 = 242.7259 days.
 * (Counting 3,072 B over 2 s = 1,536 B/s gave the wrong 161.8.)
 */
START_TEST(test_days_repro)
{
	const char *yaml = put(0, "grow.yaml",
			       "container: {partition_key: /k, throughput: 400}\n"
			       "items: {k: same}\n"
			       "phases:\n"
			       "  - {duration: 3s, rate: 1/s, item_size: 1KB}\n");
	char args[1024];
	json_t *root, *c;
	char *out;

	snprintf(args, sizeof(args), "compare '%s'", yaml);
	c = card_of(args, 0, &root);
	ck_assert_str_eq(str(c, "days_to_full_kind"), "days");
	ck_assert_msg(num(c, "days_to_20gb") > 242.7258 &&
			  num(c, "days_to_20gb") < 242.7260,
		      "%f", num(c, "days_to_20gb"));
	ck_assert_int_eq(num(c, "largest_lp_bytes"), 3072);
	json_decref(root);
	out = run_ok(args);
	ck_assert_msg(strstr(out, "242.7") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "161.8") == NULL, "%s", out);
	free(out);
}
END_TEST

/*
 * §3 with a data file: three records of one key (each the same size S,
 * the record's serialized size). --rate 1: writes at 0, 1, 2 s, growth
 * 2S in 2 s = S B/s, days d1 = (CAP - 3S) / S / 86,400. --rate 2: 2S
 * B/s, d1 / 2, and the text says "at 2 records/s". A time field 0, 60,
 * 120 s compressed 60x arrives at 0, 1, 2 s simulated, but in the data's
 * own time it is S per 60 s: 60 x d1. --at-once: no growth rate.
 */
START_TEST(test_days_arrival)
{
	const char *data = three();
	char args[1024];
	json_t *root, *c;
	double s, d1, d2, d60;
	char *out;

	snprintf(args, sizeof(args), "compare --items '%s' --rate 1 --key /k",
		 data);
	c = card_of(args, 0, &root);
	s = num(c, "largest_lp_bytes") / 3;
	ck_assert(s > 1000 && s < 1100); /* the pad and 4 short fields */
	d1 = num(c, "days_to_20gb");
	ck_assert_msg(d1 > (CAP - 3 * s) / s / 86400 * 0.999999 &&
			  d1 < (CAP - 3 * s) / s / 86400 * 1.000001,
		      "%f", d1);
	ck_assert_ptr_nonnull(
	    strstr(str(c, "days_to_full_text"), " days at 1 records/s"));
	json_decref(root);

	snprintf(args, sizeof(args), "compare --items '%s' --rate 2 --key /k",
		 data);
	c = card_of(args, 0, &root);
	d2 = num(c, "days_to_20gb");
	ck_assert(d2 > d1 / 2 * 0.999999 && d2 < d1 / 2 * 1.000001);
	json_decref(root);
	out = run_ok(args);
	ck_assert_msg(strstr(out, "at 2 records/s") != NULL, "%s", out);
	free(out);

	snprintf(args, sizeof(args),
		 "compare --items '%s' --time-field ts --time-compression 60 "
		 "--key /k",
		 data);
	c = card_of(args, 0, &root);
	d60 = num(c, "days_to_20gb");
	ck_assert(d60 > d1 * 60 * 0.999999 && d60 < d1 * 60 * 1.000001);
	ck_assert_ptr_nonnull(
	    strstr(str(c, "days_to_full_text"), "in the data's own time"));
	json_decref(root);

	snprintf(args, sizeof(args), "compare --items '%s' --at-once --key /k",
		 data);
	c = card_of(args, 0, &root);
	ck_assert_str_eq(str(c, "days_to_full_kind"), "at_once");
	ck_assert(json_is_null(json_object_get(c, "days_to_20gb")));
	ck_assert_str_eq(str(c, "days_to_full_text"),
			 "n/a: all records at once");
	json_decref(root);
	out = run_ok(args);
	ck_assert_msg(strstr(out, "n/a: all records at once") != NULL, "%s",
		      out);
	free(out);
}
END_TEST

/*
 * §3 keys that change with time: a {day(ts)} template and a key reading
 * a generated clock property with the year ("%Y-%m-%d") are bounded,
 * their largest bucket named; {weekday(ts)} comes back every week, so
 * its partitions keep growing (a day count); /id gives each item its own
 * logical partition written once: never.
 */
START_TEST(test_days_bounded)
{
	const char *data = three();
	const char *yaml = put(
	    0, "clock.yaml",
	    "container: {partition_key: \"{k}-{date}\", throughput: 400}\n"
	    "variants:\n"
	    "  - {partition_key: \"{k}-{date}\"}\n"
	    "  - {partition_key: \"{k}-{wd}\"}\n"
	    "items: {k: same, date: {clock: \"%Y-%m-%d\"}, "
	    "wd: {clock: \"%A\"}}\n"
	    "phases:\n"
	    "  - {duration: 3s, rate: 1/s, item_size: 1KB}\n");
	char args[1024];
	json_t *root, *c;

	snprintf(args, sizeof(args),
		 "compare --items '%s' --rate 1 --key '{day(ts)}' "
		 "--key '{weekday(ts)}' --key /id",
		 data);
	c = card_of(args, 0, &root);
	ck_assert_str_eq(str(c, "days_to_full_kind"), "bounded");
	ck_assert_ptr_nonnull(
	    strstr(str(c, "days_to_full_text"), "bounded: largest bucket "));
	c = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 1), "scorecard");
	ck_assert_str_eq(str(c, "days_to_full_kind"), "days");
	c = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 2), "scorecard");
	ck_assert_str_eq(str(c, "days_to_full_kind"), "never");
	json_decref(root);

	snprintf(args, sizeof(args), "compare '%s'", yaml);
	c = card_of(args, 0, &root);
	ck_assert_str_eq(str(c, "days_to_full_kind"), "bounded");
	/* 3 x 1,024 B in the one bucket of 2026-01-01 */
	ck_assert_msg(strncmp(str(c, "days_to_full_text"),
			      "bounded: largest bucket 3.0 K", 29) == 0,
		      "%s", str(c, "days_to_full_text"));
	c = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 1), "scorecard");
	/* the weekday clock comes back: 242.7 days as in test_days_repro */
	ck_assert_str_eq(str(c, "days_to_full_kind"), "days");
	ck_assert(num(c, "days_to_20gb") > 242.7258 &&
		  num(c, "days_to_20gb") < 242.7260);
	json_decref(root);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("rank");
	TCase *tc = tcase_create("rank");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_days_repro);
	tcase_add_test(tc, test_days_arrival);
	tcase_add_test(tc, test_days_bounded);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
