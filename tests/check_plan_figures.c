/*
 * plan_figures: `pksim plan`'s text and Markdown at the top of its
 * inputs' ranges (docs/plan-format.md): figures past 15 significant
 * digits with an exponent, no digits the input never had, a first column
 * that holds "together", and a positive rate never printed as 0. Each
 * figure worked out by hand beside its assertion.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Two values of 1e12 a year (the most a value takes), items of 2 MiB
   at index factor 100 (200 MiB stored each), 1e6 writes of 1e6 RU an
   item, 100 years, 400 RU/s, 1 working day; the label "o" is shorter
   than "together". */
static const char big_plan[] = "name: big\n"
			       "per: /o\n"
			       "values: {v1: 1e12, v2: 1e12}\n"
			       "item_size: 2MB\n"
			       "index_factor: 100\n"
			       "writes_per_entity: 1e6\n"
			       "ru_per_write: 1e6\n"
			       "years: 100\n"
			       "max_throughput: 400\n"
			       "working_days: 1\n"
			       "keys: [/o]\n";

/* stdout of `pksim plan PATH --format FORMAT`, which must exit 0 */
static char *plan_out(const char *path, const char *format)
{
	char args[1024], *out = NULL, *err = NULL;
	int rc;

	snprintf(args, sizeof(args), "plan '%s' --format %s", path, format);
	rc = tu_run(args, &out, &err);
	ck_assert_msg(rc == 0, "exit %d: %s", rc, err ? err : "");
	free(err);
	return out;
}

static void has(const char *text, const char *want)
{
	ck_assert_msg(strstr(text, want) != NULL, "no '%s' in:\n%s", want,
		      text);
}

START_TEST(test_plan_figures_text)
{
	char *dir = tu_tmpdir(), path[512], *out;

	snprintf(path, sizeof(path), "%s/big.plan.yaml", dir);
	free(tu_write_file(dir, "big.plan.yaml", big_plan));
	out = plan_out(path, "text");
	/* a value's row: 1e12 a year (13 digits, whole); 1e12 x 100 years
	   x 200 MiB = 2e16 MiB; the largest month 1e12 / 12 x 200 MiB =
	   1.6667e13 MiB (3 decimals would be 17 digits); re-sync 1e12 x 1e6
	   RU = 1e18 RU at 400 RU/s = 2.5e15 s */
	has(out, "v1         1000000000000              2.0e16 MiB    "
		 "1.667e13 MiB      1.0e18 RU =  2.5e15 s\n");
	/* together: 2e12 a year, 2e12 x 1e6 = 2e18 RU, 5e15 s at 400 RU/s;
	   "together" (8) + 3 wide, never glued to its figure */
	has(out, "\ntogether   2000000000000  ");
	has(out, "2.0e18 RU =  5.0e15 s\n");
	/* 10,000 RU/s / 1e6 RU = 0.01 writes/s (was "0"); 400 / 1e6 =
	   0.0004 whole writes/s: "< 0.01" (was "0") */
	has(out, "stops at 10000 RU/s = 0.01 writes/s of 1000000 RU; with "
		 "this container's 400 RU/s per physical partition, < 0.01 "
		 "writes/s;\n");
	/* a working day: 1e12 x 1e6 / 1 = 1e18 writes of 1e6 RU = 1e24 RU
	   (the double's digits would be 999999999999999983222784) */
	has(out, "v1 writes on a working day: 1.0e18 = 1.0e24 RU in a day\n");
	ck_assert_ptr_null(strstr(out, "99999999"));
	free(out);
	out = plan_out(path, "markdown");
	has(out, "| v1 | 1000000000000 | 2.0e16 MiB | 1.667e13 MiB | 1.0e18 "
		 "RU = 2.5e15 s |\n");
	has(out, "| together | 2000000000000 | | | 2.0e18 RU = 5.0e15 s |\n");
	has(out, "= 0.01 writes/s of 1000000 RU");
	free(out);
	free(dir);
}
END_TEST

/* Rates between 0.01 and 0.5, which whole rounding made 0: 10,000 RU/s
   of 40,000 RU a write = 0.25 writes/s prints "0.25"; at 2,000 RU/s
   (one physical partition) 0.05 whole writes: "0.05". */
START_TEST(test_plan_figures_small_rate)
{
	char *dir = tu_tmpdir(), path[512], *out;

	snprintf(path, sizeof(path), "%s/slow.plan.yaml", dir);
	free(tu_write_file(dir, "slow.plan.yaml",
			   "per: /o\nvalues: {a: 10}\nitem_size: 1KB\n"
			   "ru_per_write: 40000\nyears: 1\n"
			   "max_throughput: 2000\nworking_days: 230\n"
			   "keys: [/o]\n"));
	out = plan_out(path, "text");
	has(out, "= 0.25 writes/s of 40000 RU; with this container's 2000 "
		 "RU/s per physical partition, 0.05 writes/s;\n");
	free(out);
	free(dir);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_figures");
	TCase *tc = tcase_create("plan_figures");

	tcase_add_test(tc, test_plan_figures_text);
	tcase_add_test(tc, test_plan_figures_small_rate);
	suite_add_tcase(s, tc);
	return s;
}
