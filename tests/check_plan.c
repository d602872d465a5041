/*
 * plan: `pksim plan` reproduces seed 002's "Estimating
 * cost" table from its inputs, in text, Markdown and JSON; its
 * --scenario output loads and runs; a plan can count its volumes in a
 * data file; bad plans (tests/bad-plan/, each NAME.yaml with the exact
 * first line of its error in NAME.expect) exit 2 with FILE:LINE:COL.
 *
 * Every expected number is worked out by hand beside its assertion from
 * the seed's inputs: 7,360 / 1,800 / 400 appointments a year (9,560 in
 * all), 221-byte items, index factor 2 (442 bytes stored), 3 writes per
 * appointment, 6 RU per write, 5 years, 2,000 RU/s, 230 working days.
 * MB are binary: 1 MB = 1,048,576 bytes (the seed's 15.51 MB is 16,265,600
 * bytes / 1,048,576; decimal MB would print 16.27).
 */
#include <check.h>
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

#define OFFICES "scenarios/plans/offices.plan.yaml"

static void to_src_root(void)
{
	ck_assert_int_eq(chdir(tu_src(".")), 0);
}

/* stdout of `pksim ARGS`, which must exit 0 (caller frees). */
static char *run_ok(const char *args)
{
	char *out = NULL, *err = NULL;
	int rc = tu_run(args, &out, &err);

	ck_assert_msg(rc == 0, "pksim %s: exit %d: %s", args, rc,
		      err ? err : "");
	free(err);
	return out;
}

/* The line of text that starts with prefix (a static copy), or fail. */
static const char *line_of(const char *text, const char *prefix)
{
	static char line[512];
	const char *p = text;
	size_t n = strlen(prefix);

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len >= n && strncmp(p, prefix, n) == 0) {
			snprintf(line, sizeof(line), "%.*s", (int)len, p);
			return line;
		}
		p = nl ? nl + 1 : NULL;
	}
	ck_abort_msg("no line starting '%s' in:\n%s", prefix, text);
	return NULL;
}

/* One row of the text table: name, per year, storage MB, month MB,
   re-sync RU and seconds, as printed. */
static void check_row(const char *text, const char *name, const char *year,
		      const char *mb, const char *month, const char *ru,
		      const char *secs)
{
	char f[6][64];
	const char *l = line_of(text, name);

	ck_assert_int_eq(sscanf(l,
				"%63s %63s %63s MiB %63s MiB %63s RU = %63s s",
				f[0], f[1], f[2], f[3], f[4], f[5]),
			 6);
	ck_assert_str_eq(f[0], name);
	ck_assert_str_eq(f[1], year);
	ck_assert_str_eq(f[2], mb);
	ck_assert_str_eq(f[3], month);
	ck_assert_str_eq(f[4], ru);
	ck_assert_str_eq(f[5], secs);
}

START_TEST(test_plan_seed002_text)
{
	char *out, f[3][64];

	to_src_root();
	out = run_ok("plan " OFFICES);
	/* storage = per year x 5 x 221 x 2 bytes, / 1,048,576:
	     7,360 x 2,210 = 16,265,600 B = 15.512 MB -> 15.51
	     1,800 x 2,210 =  3,978,000 B =  3.794 MB ->  3.79
	       400 x 2,210 =    884,000 B =  0.843 MB ->  0.84
	   largest month = per year / 12 x 442 bytes (the seed's Solution 1:
	   "40,000 / 12 x 221 x 2"), / 1,048,576:
	     613.33 x 442 = 271,093 B = 0.2585 MB -> 0.259
	     150    x 442 =  66,300 B = 0.0632 MB -> 0.063
	      33.33 x 442 =  14,733 B = 0.0141 MB -> 0.014
	   re-sync = per year x 6 RU; / 2,000 RU/s:
	     44,160 RU = 22.08 s -> 22.1; 10,800 = 5.4 s; 2,400 = 1.2 s */
	check_row(out, "buero-nord", "7360", "15.51", "0.259", "44160", "22.1");
	check_row(out, "buero-sued", "1800", "3.79", "0.063", "10800", "5.4");
	check_row(out, "buero-mitte", "400", "0.84", "0.014", "2400", "1.2");
	/* all three: 9,560 x 6 = 57,360 RU = 28.68 s -> 28.7 (the seed's
	   "together just under 29 seconds") */
	ck_assert_int_eq(sscanf(line_of(out, "together"),
				"together %63s %63s RU = %63s s", f[0], f[1],
				f[2]),
			 3);
	ck_assert_str_eq(f[0], "9560");
	ck_assert_str_eq(f[1], "57360");
	ck_assert_str_eq(f[2], "28.7");
	/* the month is a twelfth of the year, said under the table: 31 x
	   12 / 365 = 1.0192, a 31-day month 1.9 % more */
	ck_assert_ptr_nonnull(
	    strstr(out, "largest month = a year / 12, the year spread evenly "
			"(the seed's Solution 1); a 31-day month of it is "
			"31/365 of a year, 1.9 % more"));
	/* binary MB, said in the output */
	ck_assert_ptr_nonnull(strstr(out, "sizes are binary: 1 MiB = 2^20 = "
					  "1,048,576 bytes"));
	ck_assert_ptr_nonnull(strstr(out, "one appointment item: 221 bytes"));
	/* shares: 7,360 / 9,560 = 0.76987 = 76.99 % -> 77 (3 significant
	   digits); the current month of buero-nord takes all its current
	   writes, so the same 77 %; /id: 1 / 9,560 = 0.0001046 = 0.01046 %
	   -> 0.0105 */
	ck_assert_ptr_nonnull(
	    strstr(line_of(out, "  /officeId:"), " 77 % (buero-nord)"));
	ck_assert_ptr_nonnull(strstr(line_of(out, "  /officeId + /month:"),
				     " 77 % (current month of buero-nord)"));
	ck_assert_ptr_nonnull(strstr(line_of(out, "  /id:"),
				     " 0.0105 % (one item per partition)"));
	/* 10,000 RU/s / 6 RU = 1,666.7 -> 1667 writes/s (the course's
	   figure); this container's 2,000 RU/s make ceil(2,000 / 6,000) = 1
	   physical partition of 2,000 RU/s: 2,000 / 6 = 333.3, whole
	   writes 333 */
	ck_assert_str_eq(line_of(out, "one logical partition"),
			 "one logical partition stops at 10000 RU/s = 1667 "
			 "writes/s of 6 RU; with this container's 2000 RU/s "
			 "per physical partition, 333 writes/s;");
	/* 7,360 x 3 writes / 230 days = 96 writes; 96 x 6 = 576 RU */
	ck_assert_str_eq(line_of(out, "buero-nord writes"),
			 "buero-nord writes on a working day: 96 = 576 RU in "
			 "a day");
	/* 20 x 2^30 = 21,474,836,480 B / 442 = 48,585,602.9 -> 48,585,603
	   as the seed rounds; 48,585,602 x 442 = 21,474,836,084 fits, one
	   more (21,474,836,526) does not */
	ck_assert_str_eq(line_of(out, "20 GiB would"),
			 "20 GiB would hold 48,585,603 such items");
	ck_assert_ptr_nonnull(strstr(out, "48,585,602 whole items fit"));
	free(out);
}
END_TEST

/* The seed's Exercise 1 part A and its published Solution 1: a fourth
   office with 40,000 appointments a year. */
START_TEST(test_plan_seed002_exercise)
{
	char *out, f[3][64];

	to_src_root();
	out = run_ok("plan scenarios/plans/offices-ost.plan.yaml");
	/* 40,000 x 5 x 221 x 2 = 88,400,000 B / 1,048,576 = 84.305 MB (the
	   solution's "about 84 MB"); 40,000 / 12 x 442 = 1,473,333 B =
	   1.405 MB ("about 1.4 MB"); 40,000 x 6 = 240,000 RU, / 2,000 =
	   120 s */
	check_row(out, "buero-ost", "40000", "84.30", "1.405", "240000",
		  "120.0");
	/* the first three rows as before */
	check_row(out, "buero-nord", "7360", "15.51", "0.259", "44160", "22.1");
	/* 49,560 x 6 = 297,360 RU, / 2,000 = 148.68 s */
	ck_assert_int_eq(sscanf(line_of(out, "together"),
				"together %63s %63s RU = %63s s", f[0], f[1],
				f[2]),
			 3);
	ck_assert_str_eq(f[0], "49560");
	ck_assert_str_eq(f[1], "297360");
	ck_assert_str_eq(f[2], "148.7");
	/* 40,000 / 49,560 = 80.71 % ("about 81%") -> 80.7; 1 / 49,560 =
	   0.0020178 % -> 0.00202 */
	ck_assert_ptr_nonnull(
	    strstr(line_of(out, "  /officeId:"), " 80.7 % (buero-ost)"));
	ck_assert_ptr_nonnull(strstr(line_of(out, "  /id:"), " 0.00202 % "));
	/* 40,000 x 3 / 230 = 521.74 writes; x 6 = 3,130.4 RU */
	ck_assert_str_eq(line_of(out, "buero-ost writes"),
			 "buero-ost writes on a working day: 521.7 = 3130.4 "
			 "RU in a day");
	free(out);
}
END_TEST

START_TEST(test_plan_markdown)
{
	char *out;

	to_src_root();
	out = run_ok("plan " OFFICES " --format markdown");
	/* the same figures as the text test, as table rows */
	ck_assert_ptr_nonnull(strstr(out, "| buero-nord | 7360 | 15.51 MiB | "
					  "0.259 MiB | 44160 RU = 22.1 s |\n"));
	ck_assert_ptr_nonnull(strstr(out, "| buero-mitte | 400 | 0.84 MiB | "
					  "0.014 MiB | 2400 RU = 1.2 s |\n"));
	ck_assert_ptr_nonnull(strstr(out, "| `/id` | 0.0105 % |"));
	ck_assert_ptr_nonnull(strstr(out, "1 MiB = 2^20 = 1,048,576 bytes"));
	free(out);
}
END_TEST

static double num_at(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	ck_assert_msg(json_is_number(v), "no number at %s", key);
	return json_number_value(v);
}

START_TEST(test_plan_json)
{
	char *out;
	json_t *root, *v0, *k, *tip;
	json_error_t err;

	to_src_root();
	out = run_ok("plan " OFFICES " --format json");
	root = json_loads(out, 0, &err);
	ck_assert_msg(root != NULL, "bad JSON: %s", err.text);
	ck_assert_int_eq(json_array_size(json_object_get(root, "values")), 3);
	v0 = json_array_get(json_object_get(root, "values"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(v0, "name")),
			 "buero-nord");
	/* 7,360 x 5 x 221 x 2 = 16,265,600 bytes (the seed's own sum) */
	ck_assert_double_eq_tol(num_at(v0, "storage_bytes"), 16265600, 1e-6);
	/* 7,360 / 12 x 442 = 271,093.33 bytes */
	ck_assert_double_eq_tol(num_at(v0, "largest_month_bytes"),
				7360.0 / 12 * 442, 1e-6);
	/* 7,360 x 6 = 44,160 RU, / 2,000 = 22.08 s */
	ck_assert_double_eq_tol(num_at(v0, "resync_ru"), 44160, 1e-9);
	ck_assert_double_eq_tol(num_at(v0, "resync_s"), 22.08, 1e-9);
	/* 7,360 x 3 / 230 = 96 writes; x 6 = 576 RU */
	ck_assert_double_eq_tol(num_at(v0, "working_day_writes"), 96, 1e-9);
	ck_assert_double_eq_tol(num_at(v0, "working_day_ru"), 576, 1e-9);
	k = json_object_get(root, "keys");
	ck_assert_int_eq(json_array_size(k), 3);
	/* 7,360 / 9,560; 1 / 9,560 */
	ck_assert_double_eq_tol(num_at(json_array_get(k, 0), "hottest_share"),
				7360.0 / 9560, 1e-12);
	ck_assert_double_eq_tol(num_at(json_array_get(k, 1), "hottest_share"),
				7360.0 / 9560, 1e-12);
	ck_assert_double_eq_tol(num_at(json_array_get(k, 2), "hottest_share"),
				1.0 / 9560, 1e-15);
	tip = json_object_get(root, "tipping");
	/* 10,000 / 6 */
	ck_assert_double_eq_tol(num_at(tip, "logical_partition_writes_per_s"),
				10000.0 / 6, 1e-9);
	/* 21,474,836,480 / 442 */
	ck_assert_double_eq_tol(num_at(tip, "items_in_20gb"),
				21474836480.0 / 442, 1e-3);
	ck_assert_int_eq((long long)num_at(tip, "whole_items_in_20gb"),
			 48585602);
	ck_assert_int_eq(
	    (long long)num_at(json_object_get(root, "units"), "mb_bytes"),
	    1048576);
	json_decref(root);
	free(out);
}
END_TEST

/* The variant named name in a run's JSON report. */
static json_t *variant(json_t *root, const char *name)
{
	json_t *vs = json_object_get(root, "variants");
	size_t i;

	for (i = 0; i < json_array_size(vs); i++) {
		json_t *v = json_array_get(vs, i);

		if (strcmp(json_string_value(json_object_get(v, "name")),
			   name) == 0) {
			return v;
		}
	}
	ck_abort_msg("no variant %s", name);
	return NULL;
}

START_TEST(test_plan_scenario_runs)
{
	char *dir, path[512], args[1024], *out;
	json_t *root, *v, *t;
	json_error_t err;
	double ops, share;

	to_src_root();
	dir = tu_tmpdir();
	snprintf(path, sizeof(path), "%s/offices-replay.yaml", dir);
	snprintf(args, sizeof(args), "plan " OFFICES " --scenario -o '%s'",
		 path);
	free(run_ok(args));
	snprintf(args, sizeof(args), "run '%s' --format json", path);
	out = run_ok(args);
	root = json_loads(out, 0, &err);
	ck_assert_msg(root != NULL, "bad JSON: %s", err.text);
	/* one variant per candidate key */
	ck_assert_int_eq(json_array_size(json_object_get(root, "variants")), 3);
	v = variant(root, "/officeId");
	t = json_object_get(v, "totals");
	/* one year, 9,560 creates, in ceil(28.68) = 29 s: 9,560 / 29 =
	   329.655/s (rounded down to 0.001/s); 329.655 x 29 = 9,559.995, so
	   9,559 or 9,560 arrivals */
	ops = num_at(t, "operations");
	ck_assert_msg(ops >= 9559 && ops <= 9560, "%g creates", ops);
	/* 329.655 x 6 = 1,977.9 RU/s < 2,000: nothing throttles */
	ck_assert_int_eq((long long)num_at(t, "throttled_429"), 0);
	/* each stored at 221 x 2 = 442 bytes; 3 offices, 3 partitions */
	ck_assert_double_eq_tol(num_at(t, "storage_bytes"), ops * 442, 0.5);
	ck_assert_int_eq((long long)num_at(t, "logical_partitions"), 3);
	/* the hottest logical partition gets 7,360 / 9,560 = 77.0 % of the
	   creates, drawn at random: the binomial standard deviation is
	   sqrt(0.77 x 0.23 / 9,560) = 0.43 %; allow 2 % (4.6 of them) */
	share = num_at(json_array_get(json_object_get(v, "hot_logical_"
							 "partitions"),
				      0),
		       "ru") /
		num_at(t, "ru_consumed");
	ck_assert_msg(fabs(share - 7360.0 / 9560) < 0.02, "share %g", share);
	/* /id: one logical partition per appointment */
	t = json_object_get(variant(root, "/id"), "totals");
	ck_assert_int_eq((long long)num_at(t, "logical_partitions"),
			 (long long)ops);
	/* [/officeId, /month]: 29 s from 2026-01-01 stay in January: one
	   logical partition per office */
	t = json_object_get(variant(root, "/officeId + /month"), "totals");
	ck_assert_int_eq((long long)num_at(t, "logical_partitions"), 3);
	json_decref(root);
	free(out);
	/* the 29 s stand for the year (time_scale: 29s = 365d), so days to
	   full are in real days: buero-nord's 7,360 creates a year x 442 B
	   = 3,253,120 B a year, 16,265,600 B (15.5 MiB) in 5 years, far
	   from 20 GiB. Without time_scale the 29 s repeat: "2.2 days". */
	snprintf(args, sizeof(args), "compare '%s' --no-remedies --format json",
		 path);
	out = run_ok(args);
	root = json_loads(out, 0, &err);
	ck_assert_msg(root != NULL, "bad JSON: %s", err.text);
	t = json_object_get(variant(root, "/officeId"), "scorecard");
	ck_assert_str_eq(
	    json_string_value(json_object_get(t, "days_to_full_kind")),
	    "beyond");
	ck_assert_msg(
	    strstr(json_string_value(json_object_get(t, "days_to_full_text")),
		   "holds 15.5 MiB by day 1,825"),
	    "%s", out);
	json_decref(root);
	free(out);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * The plan's storage after 5 years and compare's runway of the scenario
 * it writes agree: buero-ost 40,000 appointments a year x 5 x 221 x 2 =
 * 88,400,000 B = 84.305 MiB; the plan prints it with two decimals
 * ("84.30"), compare's sentence with one ("84.3 MiB"). Before: compare's
 * 5 years were 1,826 days, 88,448,438 B, "84.4 MiB".
 */
START_TEST(test_plan_scenario_five_years_agree)
{
	char *dir, path[512], args[1024], *out;
	json_t *root, *t;
	json_error_t err;

	to_src_root();
	out = run_ok("plan scenarios/plans/offices-ost.plan.yaml");
	ck_assert_ptr_nonnull(strstr(line_of(out, "buero-ost"), " 84.30 MiB"));
	free(out);
	dir = tu_tmpdir();
	snprintf(path, sizeof(path), "%s/ost-replay.yaml", dir);
	snprintf(args, sizeof(args),
		 "plan scenarios/plans/offices-ost.plan.yaml --scenario -o "
		 "'%s'",
		 path);
	free(run_ok(args));
	snprintf(args, sizeof(args), "compare '%s' --no-remedies --format json",
		 path);
	out = run_ok(args);
	root = json_loads(out, 0, &err);
	ck_assert_msg(root != NULL, "bad JSON: %s", err.text);
	t = json_object_get(variant(root, "/officeId"), "scorecard");
	ck_assert_msg(
	    strstr(json_string_value(json_object_get(t, "days_to_full_text")),
		   "\"buero-ost\" holds 84.3 MiB by day 1,825"),
	    "%s", json_string_value(json_object_get(t, "days_to_full_text")));
	/* a month's bucket: the plan's 40,000 / 12 x 442 = 1,473,333 B
	   (1.405 MiB); compare's longest bucket, 31 days, 40,000 x 31 /
	   365 x 442 = 1,501,808 B (1.4 MiB), says which month it is */
	t = json_object_get(variant(root, "/officeId + /month"), "scorecard");
	ck_assert_msg(
	    strstr(json_string_value(json_object_get(t, "days_to_full_text")),
		   "holding at most 1.4 MiB (a 31-day month's; `pksim "
		   "plan`'s largest month is a year / 12)"),
	    "%s", json_string_value(json_object_get(t, "days_to_full_text")));
	json_decref(root);
	free(out);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(test_plan_count_from)
{
	char *dir, plan[512], data[512], args[1024], *out;
	json_t *root, *vals;
	json_error_t err;

	dir = tu_tmpdir();
	snprintf(plan, sizeof(plan), "%s/count.plan.yaml", dir);
	snprintf(data, sizeof(data), "%s/offices.csv", dir);
	/* a, b, a, c, a, b: 3 a, 2 b, 1 c in half a year -> 6, 4, 2 a year,
	   in order of first appearance */
	write_text(data, "office,n\na,1\nb,2\na,3\nc,4\na,5\nb,6\n");
	write_text(plan, "per: /office\n"
			 "count_from: {file: offices.csv, years: 0.5}\n"
			 "item_size: 1KB\nru_per_write: 10\nyears: 2\n"
			 "max_throughput: 1000\nworking_days: 200\n"
			 "keys: [/office]\n");
	snprintf(args, sizeof(args), "plan '%s' --format json", plan);
	out = run_ok(args);
	root = json_loads(out, 0, &err);
	ck_assert_msg(root != NULL, "bad JSON: %s", err.text);
	vals = json_object_get(root, "values");
	ck_assert_int_eq(json_array_size(vals), 3);
	ck_assert_str_eq(
	    json_string_value(json_object_get(json_array_get(vals, 0), "name")),
	    "a");
	ck_assert_double_eq_tol(num_at(json_array_get(vals, 0), "per_year"), 6,
				1e-12);
	ck_assert_double_eq_tol(num_at(json_array_get(vals, 1), "per_year"), 4,
				1e-12);
	ck_assert_double_eq_tol(num_at(json_array_get(vals, 2), "per_year"), 2,
				1e-12);
	/* a: 6 x 2 years x 1,024 bytes x index factor 1 (the default) =
	   12,288 bytes; re-sync 6 x 10 = 60 RU at 1,000 RU/s = 0.06 s */
	ck_assert_double_eq_tol(
	    num_at(json_array_get(vals, 0), "storage_bytes"), 12288, 1e-9);
	ck_assert_double_eq_tol(num_at(json_array_get(vals, 0), "resync_s"),
				0.06, 1e-12);
	/* /office: 6 of 12 */
	ck_assert_double_eq_tol(
	    num_at(json_array_get(json_object_get(root, "keys"), 0),
		   "hottest_share"),
	    0.5, 1e-12);
	json_decref(root);
	free(out);
	/* a record without the field: an error at its line (line 3) */
	write_text(data, "office,n\na,1\n,2\n");
	snprintf(args, sizeof(args), "plan '%s'", plan);
	{
		char *o = NULL, *e = NULL, want[1024];

		ck_assert_int_eq(tu_run(args, &o, &e), 2);
		snprintf(want, sizeof(want),
			 "pksim: %s:3: error: record 2 has no non-empty "
			 "string of at most 255 bytes at /office; count_from "
			 "counts records by their /office\n",
			 data);
		ck_assert_str_eq(e, want);
		free(o);
		free(e);
	}
	unlink(plan);
	unlink(data);
	rmdir(dir);
	free(dir);
}
END_TEST

/* The shipped plan that counts its volumes in a real data file. */
START_TEST(test_plan_count_from_shipped)
{
	static const char *const names[] = {"iot-device-02", "iot-device-01",
					    "iot-device-03"};
	/* grep -o '"device":"iot-device-0N"' | wc -l on the data file:
	   2,611 / 2,713 / 4,671 readings in one day (9,995 in all), in
	   order of first appearance 02, 01, 03; a year is x 365 */
	static const double per_year[] = {2611.0 * 365, 2713.0 * 365,
					  4671.0 * 365};
	char *out;
	json_t *root, *vals, *keys;
	json_error_t err;
	size_t i;

	to_src_root();
	out =
	    run_ok("plan scenarios/plans/iot-devices.plan.yaml --format json");
	root = json_loads(out, 0, &err);
	ck_assert_msg(root != NULL, "bad JSON: %s", err.text);
	vals = json_object_get(root, "values");
	ck_assert_int_eq(json_array_size(vals), 3);
	for (i = 0; i < 3; i++) {
		json_t *v = json_array_get(vals, i);

		ck_assert_str_eq(json_string_value(json_object_get(v, "name")),
				 names[i]);
		ck_assert_double_eq_tol(num_at(v, "per_year"), per_year[i],
					1e-6);
	}
	/* iot-device-03: 1,704,915 x 241 bytes = 410,884,515 bytes in the
	   year; 1,704,915 x 6 RU / 400 RU/s = 25,573.725 s */
	ck_assert_double_eq_tol(
	    num_at(json_array_get(vals, 2), "storage_bytes"), 410884515.0,
	    1e-3);
	ck_assert_double_eq_tol(num_at(json_array_get(vals, 2), "resync_s"),
				25573.725, 1e-6);
	keys = json_object_get(root, "keys");
	/* /device: 4,671 / 9,995 = 46.7 %; /id: 1 / 3,648,175 */
	ck_assert_double_eq_tol(
	    num_at(json_array_get(keys, 0), "hottest_share"), 4671.0 / 9995,
	    1e-12);
	ck_assert_double_eq_tol(
	    num_at(json_array_get(keys, 2), "hottest_share"), 1.0 / 3648175,
	    1e-15);
	json_decref(root);
	free(out);
	/* the text: 1 / 3,648,175 = 0.00002741 = 0.0000274 %, 3 significant
	   digits without an exponent */
	out = run_ok("plan scenarios/plans/iot-devices.plan.yaml");
	ck_assert_ptr_nonnull(strstr(line_of(out, "  /id:"), " 0.0000274 % "));
	ck_assert_ptr_nonnull(
	    strstr(line_of(out, "  /device:"), " 46.7 % (iot-device-03)"));
	free(out);
	/* --scenario: 3,648,175 x 6 / 400 = 54,722.6 s -> 54,723 s at
	   3,648,175 / 54,723 = 66.667/s; a second then holds 67 writes =
	   402 RU > 400, so 66/s (66 x 6 = 396 RU) for ceil(3,648,175 / 66)
	   = ceil(55,275.4) = 55,276 s */
	out = run_ok("plan scenarios/plans/iot-devices.plan.yaml --scenario");
	ck_assert_str_eq(line_of(out, "  - {name: resync"),
			 "  - {name: resync, duration: 55276s, rate: 66.000/s, "
			 "ops: {create: 1}, item_size: 241}");
	free(out);
}
END_TEST

/*
 * --scenario never writes a scenario `pksim run` refuses. The IoT plan at
 * 10,000 RU a write: its 3,648,175 readings x 10,000 / 400 RU/s =
 * 91,204,375 s of re-sync (a write costs more than a second's 400 RU,
 * so no whole write a second fits and the seconds stay), far past the
 * 366 days (31,622,400 s) a run may simulate: refused with the loader's
 * reason, exit 2, and no file.
 */
START_TEST(test_plan_scenario_refused)
{
	char *dir, *plan, *p, path[512], out_path[512], args[1200];
	char *out = NULL, *err = NULL, data[600];
	FILE *f;
	struct stat st;

	to_src_root();
	dir = tu_tmpdir();
	plan = tu_read_file("scenarios/plans/iot-devices.plan.yaml", NULL);
	ck_assert_ptr_nonnull(plan);
	p = strstr(plan, "ru_per_write: 6\n");
	ck_assert_ptr_nonnull(p);
	snprintf(path, sizeof(path), "%s/costly.plan.yaml", dir);
	snprintf(out_path, sizeof(out_path), "%s/out.yaml", dir);
	ck_assert_ptr_nonnull(getcwd(data, sizeof(data) - 100));
	strcat(data, "/scenarios/data/iot_telemetry_3devices.json");
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	*p = '\0';
	fprintf(f, "%sru_per_write: 10000\n%s", plan,
		p + strlen("ru_per_write: 6\n"));
	ck_assert_int_eq(fclose(f), 0);
	free(plan);
	plan = tu_read_file(path, NULL);
	p = strstr(plan, "../data/iot_telemetry_3devices.json");
	ck_assert_ptr_nonnull(p);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	*p = '\0';
	fprintf(f, "%s%s%s", plan, data,
		p + strlen("../data/iot_telemetry_3devices.json"));
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "plan '%s' --scenario -o '%s'", path,
		 out_path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_msg(strstr(err, "--scenario makes a scenario `pksim run` "
				  "refuses (below), so none is written") &&
			  strstr(err, "(got '91204375s')"),
		      "%s", err);
	ck_assert_msg(stat(out_path, &st) != 0, "a scenario was written");
	unlink(path);
	rmdir(dir);
	free(out);
	free(err);
	free(plan);
	free(dir);
}
END_TEST

/* The first line of s, in place. */
static char *first_line(char *s)
{
	char *nl = strchr(s, '\n');

	if (nl) {
		*nl = '\0';
	}
	return s;
}

START_TEST(test_plan_bad_corpus)
{
	DIR *d;
	struct dirent *e;
	char *dir = tu_tmpdir();
	int cases = 0;

	to_src_root();
	d = opendir("tests/bad-plan");
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		char args[1024], exp_path[512], out_path[512];
		char *out = NULL, *err = NULL, *want;
		struct stat st;
		int rc;

		if (n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0) {
			continue;
		}
		snprintf(exp_path, sizeof(exp_path),
			 "tests/bad-plan/%.*s.expect", (int)(n - 5), e->d_name);
		want = tu_read_file(exp_path, NULL);
		ck_assert_msg(want != NULL, "%s has no .expect", e->d_name);
		snprintf(out_path, sizeof(out_path), "%s/report", dir);
		snprintf(args, sizeof(args), "plan 'tests/bad-plan/%s' -o '%s'",
			 e->d_name, out_path);
		rc = tu_run(args, &out, &err);
		ck_assert_msg(rc == 2, "%s: exit %d", e->d_name, rc);
		ck_assert_str_eq(first_line(err), first_line(want));
		ck_assert_str_eq(out, "");
		ck_assert_msg(stat(out_path, &st) != 0, "%s left a report",
			      e->d_name);
		free(out);
		free(err);
		free(want);
		cases++;
	}
	closedir(d);
	rmdir(dir);
	free(dir);
	ck_assert_int_ge(cases, 32);
}
END_TEST

/* A plan over 1 MiB is refused before parsing (a page of YAML is a few
   KB); the file is made here rather than committed. */
START_TEST(test_plan_too_large)
{
	char *dir = tu_tmpdir(), path[512], args[600], *out = NULL, *err = NULL,
	     want[700];
	FILE *f;
	size_t i;

	snprintf(path, sizeof(path), "%s/big.plan.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	/* 1,048,577 bytes: one more than the limit */
	for (i = 0; i < 1048577; i++) {
		fputc(i % 64 == 63 ? '\n' : '#', f);
	}
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "plan '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	snprintf(want, sizeof(want),
		 "pksim: %s: error: the plan is 1,048,577 bytes (1.0 MiB), "
		 "above pksim's limit of 1,048,576 bytes (1.0 MiB); a plan "
		 "is a page of YAML (count volumes with count_from)",
		 path);
	ck_assert_str_eq(first_line(err), want);
	free(out);
	free(err);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* Same plan, same bytes, in every format (nothing depends on the clock,
   the environment or addresses). */
START_TEST(test_plan_deterministic)
{
	static const char *const args[] = {"plan " OFFICES,
					   "plan " OFFICES " --format json",
					   "plan " OFFICES " --format markdown",
					   "plan " OFFICES " --scenario"};
	size_t i;

	to_src_root();
	for (i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		char *a = run_ok(args[i]), *b = run_ok(args[i]);

		ck_assert_str_eq(a, b);
		ck_assert_uint_gt(strlen(a), 100);
		free(a);
		free(b);
	}
}
END_TEST

START_TEST(test_plan_usage)
{
	static const char *const cases[][2] = {
	    {"plan " OFFICES " --format csv",
	     "pksim: error: unknown format 'csv'; allowed: text, json, "
	     "markdown; see 'pksim plan --help'"},
	    {"plan " OFFICES " --scenario --format json",
	     "pksim: error: --scenario writes a scenario YAML; it takes no "
	     "--format; see 'pksim plan --help'"},
	    {"plan", "pksim: error: plan needs one plan file (PLAN.yaml); see "
		     "'pksim plan --help'"},
	    {"plan " OFFICES " " OFFICES,
	     "pksim: error: plan takes one plan file; see 'pksim plan "
	     "--help'"},
	    {"plan " OFFICES " --seed 1",
	     "pksim: error: '--seed' is an option of 'pksim run', 'pksim "
	     "compare' and 'pksim lesson', not of 'pksim plan'; see 'pksim "
	     "plan --help'"},
	    /* -o's extension names a format plan does not write, or
	       another than --format's: refused before anything is read
	       (the directory does not exist: nothing could be written) */
	    {"plan " OFFICES " -o no-such-dir/p.html",
	     "pksim: error: -o 'no-such-dir/p.html' names an html file but "
	     "pksim plan writes no html report; give -o a name that fits "
	     "the format it writes; see 'pksim plan --help'"},
	    {"plan " OFFICES " --format text -o no-such-dir/p.json",
	     "pksim: error: -o 'no-such-dir/p.json' names a json file but "
	     "--format text writes the text report; give --format json, or "
	     "leave --format out (the extension picks it); see 'pksim plan "
	     "--help'"},
	    {"plan " OFFICES " --scenario -o no-such-dir/p.json",
	     "pksim: error: --scenario writes a scenario YAML; -o "
	     "'no-such-dir/p.json' names a report file (give it a .yaml "
	     "name); see 'pksim plan --help'"},
	    {"plan tests/bad-plan/no-such.yaml",
	     "pksim: tests/bad-plan/no-such.yaml: error: cannot open: No "
	     "such file or directory"},
	};
	size_t i;

	to_src_root();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out = NULL, *err = NULL;
		int rc = tu_run(cases[i][0], &out, &err);

		ck_assert_msg(rc == 2, "%s: exit %d", cases[i][0], rc);
		ck_assert_str_eq(out, "");
		ck_assert_str_eq(first_line(err), cases[i][1]);
		free(out);
		free(err);
	}
}
END_TEST

/* Without --format, -o's extension picks plan's format: p.json holds
   the bytes --format json prints, p.MD those of --format markdown */
START_TEST(test_plan_output_extension)
{
	static const char *const cases[][2] = {{"p.json", "json"},
					       {"p.MD", "markdown"}};
	char *dir = tu_tmpdir(), path[512], args[1024], *want, *got;
	size_t i;

	to_src_root();
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, cases[i][0]);
		snprintf(args, sizeof(args), "plan " OFFICES " -o '%s'", path);
		free(run_ok(args));
		snprintf(args, sizeof(args), "plan " OFFICES " --format %s",
			 cases[i][1]);
		want = run_ok(args);
		got = tu_read_file(path, NULL);
		ck_assert_str_eq(got, want);
		free(want);
		free(got);
		unlink(path);
	}
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_plan_help)
{
	char *a, *b;

	to_src_root();
	a = run_ok("plan --help");
	b = run_ok("help plan");
	ck_assert_str_eq(a, b);
	ck_assert_ptr_nonnull(strstr(a, "usage: pksim plan PLAN.yaml"));
	/* plan runs no scenario, so no expect: and no exit status 3 */
	ck_assert_ptr_null(strstr(a, "\n  3  "));
	ck_assert_ptr_nonnull(strstr(a, "\n  2  "));
	free(b);
	b = run_ok("--help");
	ck_assert_ptr_nonnull(strstr(b, "\n  plan     "));
	free(a);
	free(b);
}
END_TEST

/* The re-sync of one value runs at its physical partition's share, not
   the container's whole RU/s. */
START_TEST(test_plan_resync_per_partition)
{
	char *dir, plan[512], args[1024], *out;
	json_t *root, *vals;
	json_error_t err;

	dir = tu_tmpdir();
	snprintf(plan, sizeof(plan), "%s/big.plan.yaml", dir);
	write_text(plan, "per: /officeId\n"
			 "values: {buero-nord: 7360, buero-ost: 40000}\n"
			 "item_size: 221\nru_per_write: 6\nyears: 5\n"
			 "max_throughput: 50000\nworking_days: 230\n"
			 "keys: [/officeId]\n");
	snprintf(args, sizeof(args), "plan '%s' --format json", plan);
	out = run_ok(args);
	root = json_loads(out, 0, &err);
	ck_assert_msg(root != NULL, "bad JSON: %s", err.text);
	/* rule 2: ceil(50,000 / 6,000) = 9 physical partitions of 50,000 / 9
	   = 5,555.56 RU/s */
	ck_assert_double_eq_tol(num_at(root, "physical_partitions"), 9, 1e-12);
	ck_assert_double_eq_tol(num_at(root, "resync_ru_per_s"), 50000.0 / 9,
				1e-9);
	vals = json_object_get(root, "values");
	/* buero-ost: 40,000 x 6 = 240,000 RU / 5,555.56 = 43.2 s (not
	   240,000 / 50,000 = 4.8 s); buero-nord 44,160 / 5,555.56 = 7.9488 s */
	ck_assert_double_eq_tol(num_at(json_array_get(vals, 1), "resync_s"),
				43.2, 1e-9);
	ck_assert_double_eq_tol(num_at(json_array_get(vals, 0), "resync_s"),
				7.9488, 1e-9);
	/* together: 284,160 RU / 50,000 = 5.68 s, but buero-ost alone needs
	   43.2 s */
	ck_assert_double_eq_tol(num_at(root, "total_resync_s"), 43.2, 1e-9);
	json_decref(root);
	free(out);
	snprintf(args, sizeof(args), "plan '%s'", plan);
	out = run_ok(args);
	ck_assert_ptr_nonnull(strstr(out, "240000 RU =    43.2 s\n"));
	ck_assert_ptr_nonnull(strstr(out, "re-sync seconds at 5556 RU/s: "
					  "50000 RU/s over 9 physical"));
	free(out);
	free(dir);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *tc = tcase_create("plan");

	tcase_add_test(tc, test_plan_seed002_text);
	tcase_add_test(tc, test_plan_seed002_exercise);
	tcase_add_test(tc, test_plan_markdown);
	tcase_add_test(tc, test_plan_json);
	tcase_add_test(tc, test_plan_scenario_runs);
	tcase_add_test(tc, test_plan_scenario_five_years_agree);
	tcase_add_test(tc, test_plan_scenario_refused);
	tcase_add_test(tc, test_plan_count_from);
	tcase_add_test(tc, test_plan_count_from_shipped);
	tcase_add_test(tc, test_plan_bad_corpus);
	tcase_add_test(tc, test_plan_too_large);
	tcase_add_test(tc, test_plan_deterministic);
	tcase_add_test(tc, test_plan_usage);
	tcase_add_test(tc, test_plan_output_extension);
	tcase_add_test(tc, test_plan_help);
	tcase_add_test(tc, test_plan_resync_per_partition);
	suite_add_tcase(s, tc);
	return s;
}
