/*
 * epkcli: `pksim epk` as a user meets it: the EPKs it prints for rows of
 * tests/vectors/epk_vectors.csv (read at test time; no expected value
 * is copied here), its defaults, and every error message with its exit
 * code.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Every STRIDE-th Hash row of each version is run through the binary
   (with every MultiHash row): a spread over the file, not all 130 rows,
   which check_epk covers in-process. */
#define STRIDE 8

struct cli_rows {
	int seen_v1, seen_v2; /* Hash rows of each version so far */
	int run;	      /* rows run through pksim epk */
};

/* The first line of s, cut in place ("" for NULL). */
static const char *first_line(char *s)
{
	char *nl = s ? strchr(s, '\n') : NULL;

	if (nl) {
		*nl = '\0';
	}
	return s ? s : "";
}

static void run_row(const struct tu_vector *v, void *ctx)
{
	struct cli_rows *st = ctx;
	char *args, *out = NULL, *err = NULL;
	size_t n;
	int rc, v1 = strcmp(v->version, "1") == 0;
	int multi = strcmp(v->kind, "MultiHash") == 0;

	if (multi) {
		/* every MultiHash row */
	} else if (strcmp(v->kind, "Hash") != 0) {
		return; /* Range rows: no CLI form */
	} else if ((v1 ? st->seen_v1++ : st->seen_v2++) % STRIDE != 0) {
		return;
	}
	/* tu_run passes args to sh: the JSON goes in single quotes */
	ck_assert_msg(strchr(v->components, '\'') == NULL, "a quote in %s",
		      v->components);
	n = strlen(v->components) + 64;
	args = malloc(n);
	ck_assert_ptr_nonnull(args);
	snprintf(args, n, "epk --version %s%s '%s'", v1 ? "1" : "2",
		 multi ? " --multihash" : "", v->components);
	rc = tu_run(args, &out, &err);
	ck_assert_msg(rc == 0, "%s: exit %d: %s", args, rc, first_line(err));
	ck_assert_ptr_nonnull(out);
	/* one line: the EPK and a newline */
	n = strlen(out);
	ck_assert_msg(n > 0 && out[n - 1] == '\n', "%s: no newline", args);
	out[n - 1] = '\0';
	ck_assert_msg(strcmp(out, v->expected) == 0, "%s: got %s want %s", args,
		      out, v->expected);
	ck_assert_str_eq(err ? err : "", "");
	st->run++;
	free(args);
	free(out);
	free(err);
}

START_TEST(test_epkcli_vectors)
{
	struct cli_rows st = {0, 0, 0};

	ck_assert_int_eq(tu_epk_vectors(run_row, &st), 130);
	/* 54 V1 and 62 V2 Hash rows (every 8th: 7 + 8), 5 MultiHash */
	ck_assert_int_eq(st.run, 7 + 8 + 5);
}
END_TEST

/* stdout of `pksim ARGS`, which must succeed (caller frees) */
static char *epk_ok(const char *args)
{
	char *out = NULL, *err = NULL;
	int rc = tu_run(args, &out, &err);

	ck_assert_msg(rc == 0, "%s: exit %d: %s", args, rc, first_line(err));
	ck_assert_ptr_nonnull(out);
	free(err);
	return out;
}

START_TEST(test_epkcli_defaults)
{
	char *a = epk_ok("epk '[\"redmond\"]'");
	char *b = epk_ok("epk --version 2 '[\"redmond\"]'");
	char *c = epk_ok("epk --multihash '[\"redmond\", 5]'");
	char *d = epk_ok("epk '[\"redmond\"]' --version 1");

	/* version 2 is the default */
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(strlen(a), 32 + 1);
	/* a MultiHash key starts with the V2 EPK of its first level */
	ck_assert_uint_eq(strlen(c), 64 + 1);
	ck_assert_int_eq(strncmp(a, c, 32), 0);
	/* options may follow the array; V1 EPKs begin 05C1 (reference §7) */
	ck_assert_int_eq(strncmp(d, "05C1", 4), 0);
	free(a);
	free(b);
	free(c);
	free(d);
	/* rule 33: a fourth level that is the item's id; MultiHash is the
	   concatenation of each level's own V2 EPK (rule 23), so the
	   4-level EPK is the four 1-level EPKs end to end */
	a = epk_ok("epk --multihash '[\"contoso\", \"alice\", \"s1\", "
		   "\"item-7\"]'");
	ck_assert_uint_eq(strlen(a), 4 * 32 + 1);
	{
		static const char *const one[] = {"contoso", "alice", "s1",
						  "item-7"};
		char cmd[128];
		size_t k;

		for (k = 0; k < 4; k++) {
			snprintf(cmd, sizeof(cmd), "epk '[\"%s\"]'", one[k]);
			b = epk_ok(cmd);
			ck_assert_int_eq(strncmp(a + 32 * k, b, 32), 0);
			free(b);
		}
	}
	free(a);
	/* {} is undefined; the empty key is the minimum EPK "" */
	free(epk_ok("epk '[{}]'"));
	a = epk_ok("epk '[]'");
	ck_assert_str_eq(a, "\n");
	free(a);
	/* the usage text names the subcommand */
	a = epk_ok("--help");
	ck_assert_ptr_nonnull(strstr(a, "pksim epk [--version 1|2]"));
	free(a);
}
END_TEST

START_TEST(test_epkcli_bad_input)
{
	/* args, then the start of the first stderr line (jansson's own
	   wording after "error: " is not ours to pin) */
	static const char *const cases[][2] = {
	    {"epk '[1,]'", "pksim: <argument>:1:4: error: "},
	    {"epk ''", "pksim: <argument>:1:1: error: "},
	    {"epk '[\n1,\n x]'", "pksim: <argument>:3:2: error: "},
	    {"epk '\"redmond\"'",
	     "pksim: <argument>:1:1: error: expected a JSON array of "
	     "partition key components, e.g. '[\"redmond\"]'"},
	    {"epk '[{\"a\": 1}]'",
	     "pksim: <argument>: error: component 1 is an object; a "
	     "partition key component is a string, number, true, false, "
	     "null or {} (undefined)"},
	    {"epk '[1, [2]]'",
	     "pksim: <argument>: error: component 2 is an array; a "
	     "partition key component is a string, number, true, false, "
	     "null or {} (undefined)"},
	    {"epk --multihash '[1, 2, 3, 4]'",
	     "pksim: <argument>: error: a MultiHash key has at most 3 "
	     "levels, or 4 when the last is the item's id, a string (rule "
	     "33: /id as a fourth level), got 4 with a fourth that is not a "
	     "string"},
	    {"epk --multihash '[\"a\", \"b\", \"c\", \"d\", \"e\"]'",
	     "pksim: <argument>: error: a MultiHash key has at most 3 "
	     "levels, or 4 when the last is the item's id, a string (rule "
	     "33: /id as a fourth level), got 5"},
	    {"epk --version 1 --multihash '[\"a\"]'",
	     "pksim: error: --multihash needs --version 2 (MultiHash keys "
	     "use hash V2 only); see 'pksim epk --help'"},
	    {"epk --version 3 '[1]'",
	     "pksim: error: --version takes 1 or 2, got '3'; see 'pksim "
	     "epk --help'"},
	    {"epk --version", "pksim: error: option '--version' needs a "
			      "value; see 'pksim epk --help'"},
	    {"epk --bogus '[1]'", "pksim: error: unknown option '--bogus'; "
				  "see 'pksim epk --help'"},
	    {"epk", "pksim: error: epk needs one JSON array; see 'pksim "
		    "epk --help'"},
	    {"epk '[1]' '[2]'", "pksim: error: epk takes one JSON array; "
				"see 'pksim epk --help'"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out = NULL, *err = NULL;
		int rc = tu_run(cases[i][0], &out, &err);
		const char *line = first_line(err);
		size_t k = strlen(cases[i][1]);
		/* a want ending in "error: " is a prefix; others whole */
		int prefix =
		    k >= 7 && strcmp(cases[i][1] + k - 7, "error: ") == 0;

		ck_assert_msg(rc == 2, "%s: exit %d", cases[i][0], rc);
		ck_assert_msg(prefix ? strncmp(line, cases[i][1], k) == 0
				     : strcmp(line, cases[i][1]) == 0,
			      "%s: got '%s' want '%s'", cases[i][0], line,
			      cases[i][1]);
		ck_assert_str_eq(out ? out : "", "");
		free(out);
		free(err);
	}
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("epkcli");
	TCase *tc = tcase_create("epk");

	tcase_add_test(tc, test_epkcli_vectors);
	tcase_add_test(tc, test_epkcli_defaults);
	tcase_add_test(tc, test_epkcli_bad_input);
	suite_add_tcase(s, tc);
	return s;
}
