/*
 * golden: every shipped scenario, run by the pksim binary with its own
 * seed, gives byte for byte the report kept in tests/golden/ (text and
 * JSON). A change to the engine that moves any number shows up here;
 * tools/refresh-golden rewrites the files after a deliberate change, and
 * the diff is reviewed in the commit.
 *
 * tools/test runs this suite in build/ only (buildtype debugoptimized:
 * -O2); its asan stage skips it (label golden), so no build of another
 * optimisation level is compared with these files. Keep the reports
 * independent of the level anyway: no -ffast-math, no -march (x86-64
 * without FMA leaves the compiler no multiply-add to contract at -O2).
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/* A count of one takes the singular: none of these follows a lone 1 in
   a report (" 1 replays", "(1 partitions") */
static void singular(const char *path, const char *out)
{
	static const char *const nouns[] = {
	    "replays", "partitions", "ranges", "splits",     "seconds",
	    "items",   "leases",     "keys",   "operations", "requests",
	    "reads",   "writes",     "hours",  "days",	     "variants"};
	const char *p;
	size_t i;

	for (p = out; (p = strstr(p, "1 ")) != NULL; p++) {
		if (p > out && p[-1] != ' ' && p[-1] != '(') {
			continue;
		}
		for (i = 0; i < sizeof(nouns) / sizeof(*nouns); i++) {
			size_t n = strlen(nouns[i]);

			ck_assert_msg(strncmp(p + 2, nouns[i], n) != 0 ||
					  (p[2 + n] >= 'a' && p[2 + n] <= 'z'),
				      "%s: \"1 %s\" (a count of one takes "
				      "the singular)",
				      path, nouns[i]);
		}
	}
}

static void compare(const char *scenario, const char *format, const char *ext)
{
	char args[512], path[512];
	char *out = NULL, *err = NULL, *want;
	int rc;

	snprintf(args, sizeof(args), "run scenarios/%s.yaml --format %s",
		 scenario, format);
	rc = tu_run(args, &out, &err);
	ck_assert_msg(rc == 0, "%s: exit %d: %s", scenario, rc, err ? err : "");
	snprintf(path, sizeof(path), "tests/golden/%s.%s", scenario, ext);
	want = tu_read_file(path, NULL);
	ck_assert_msg(want != NULL, "missing %s (tools/refresh-golden)", path);
	ck_assert_msg(strcmp(out, want) == 0,
		      "%s differs from the golden report; diff it with "
		      "build/pksim run scenarios/%s.yaml --format %s",
		      path, scenario, format);
	if (strcmp(format, "text") == 0) {
		singular(path, out);
	}
	free(out);
	free(err);
	free(want);
}

static int is_yaml(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && strcmp(name + n - 5, ".yaml") == 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(test_golden_shipped_scenarios)
{
	DIR *d;
	struct dirent *e;
	char *names[64];
	size_t n = 0, i;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	d = opendir("scenarios");
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL && n < 64) {
		if (is_yaml(e->d_name)) {
			names[n++] = strndup(e->d_name, strlen(e->d_name) - 5);
		}
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	/* scenarios/ ships at least six scenarios, each with its goldens */
	ck_assert_uint_ge(n, 6);
	for (i = 0; i < n; i++) {
		compare(names[i], "text", "txt");
		compare(names[i], "json", "json");
		free(names[i]);
	}
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("golden");
	TCase *tc = tcase_create("reports");

	tcase_add_test(tc, test_golden_shipped_scenarios);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
