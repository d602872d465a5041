/*
 * help: `pksim COMMAND --help`, `pksim help COMMAND`, option errors with
 * the nearest option or the command an option belongs to,
 * the suggestion rule itself (distances worked by hand), and that every
 * option the CLI takes is in the man page source and the bash completion.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/suggest.h"
#include "pksim/cli/help.h"
#include "testutil.h"

static char *first_line(char *s)
{
	char *nl = s ? strchr(s, '\n') : NULL;

	if (nl) {
		*nl = '\0';
	}
	return s ? s : "";
}

START_TEST(test_help_per_command)
{
	/* command, the first line its help starts with */
	static const char *const cases[][2] = {
	    {"run", "usage: pksim run SCENARIO.yaml"},
	    {"compare", "usage: pksim compare SCENARIO.yaml"},
	    {"locate", "usage: pksim locate SCENARIO.yaml "
		       "[--allow-undefined-key] [ITEM_JSON...]"},
	    {"epk", "usage: pksim epk [--version 1|2] [--multihash] "
		    "JSON_ARRAY"},
	    {"merge", "usage: pksim merge REPORT.json... [-o FILE]"},
	    /* help is a command too: 'help --help', 'help help' (D6) */
	    {"help", "usage: pksim help [COMMAND]"},
	};
	size_t i, j;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[128], *out = NULL, *err = NULL, *out2 = NULL;
		char *err2 = NULL, *out3 = NULL, *err3 = NULL, *p;
		const char *const *opts = cli_options(cases[i][0]);

		snprintf(args, sizeof(args), "%s --help", cases[i][0]);
		ck_assert_int_eq(tu_run(args, &out, &err), 0);
		ck_assert_str_eq(err, "");
		ck_assert_msg(strncmp(out, cases[i][1], strlen(cases[i][1])) ==
				  0,
			      "%s: %s", args, out);
		/* every option is in the text, an example and the exit
		   statuses too */
		ck_assert_ptr_nonnull(opts);
		for (j = 0; opts[j]; j++) {
			ck_assert_msg(strstr(out, opts[j]) != NULL, "%s: no %s",
				      args, opts[j]);
		}
		/* and the other way round: every --option the text names
		   is one the suggestions know (--color, --bands and --wide
		   were not: '--colr' got no "did you mean") */
		for (p = out; (p = strstr(p, "--")) != NULL; p += 2) {
			char opt[64];
			size_t n = strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
			const char *const *o;

			if (n == 0 || n + 3 > sizeof(opt)) {
				continue;
			}
			snprintf(opt, sizeof(opt), "--%.*s", (int)n, p + 2);
			for (o = opts; *o && strcmp(*o, opt) != 0; o++) {
			}
			ck_assert_msg(*o != NULL,
				      "%s names %s; cli_options(\"%s\") lacks "
				      "it",
				      args, opt, cases[i][0]);
		}
		ck_assert_ptr_nonnull(strstr(out, "\nexample"));
		ck_assert_ptr_nonnull(strstr(out, "  1  environment failure"));
		ck_assert_ptr_nonnull(strstr(out, "  2  bad input or usage"));
		/* pksim help COMMAND and -h print the same bytes */
		snprintf(args, sizeof(args), "help %s", cases[i][0]);
		ck_assert_int_eq(tu_run(args, &out2, &err2), 0);
		ck_assert_str_eq(out2, out);
		snprintf(args, sizeof(args), "%s -h", cases[i][0]);
		ck_assert_int_eq(tu_run(args, &out3, &err3), 0);
		ck_assert_str_eq(out3, out);
		free(out);
		free(err);
		free(out2);
		free(err2);
		free(out3);
		free(err3);
	}
}
END_TEST

START_TEST(test_help_overview)
{
	char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
	char *list, *name, want[256];

	ck_assert_int_eq(tu_run("help", &out, &err), 0);
	ck_assert_int_eq(tu_run("--help", &out2, &err2), 0);
	ck_assert_str_eq(out, out2);
	ck_assert_ptr_nonnull(strstr(out, "pksim help [COMMAND]"));
	/* the other service a scenario may name, its table's keys and
	   where its docs are; the man page too */
	ck_assert_msg(strstr(out, "With service: dynamodb") &&
			  strstr(out, "partition_key, sort_key") &&
			  strstr(out, "on_demand") &&
			  strstr(out, "docs/dynamodb.md"),
		      "%s", out);
	free(out);
	out = tu_read_file(tu_src("doc/pksim.1.scd"), NULL);
	ck_assert_ptr_nonnull(out);
	ck_assert_msg(strstr(out, "# AMAZON DYNAMODB") &&
			  strstr(out, "*service: dynamodb*") &&
			  strstr(out, "docs/dynamodb.md"),
		      "man page");
	free(out);
	free(err);
	free(out2);
	free(err2);
	/* the message names every command of the overview's list */
	list = tu_help_commands();
	snprintf(want, sizeof(want),
		 "pksim: error: unknown command 'nope'; commands: %s; see "
		 "'pksim --help'",
		 list);
	ck_assert_int_eq(tu_run("help nope", &out, &err), 2);
	ck_assert_str_eq(first_line(err), want);
	free(out);
	free(err);
	/* and each of them is a command with its own help */
	for (name = strtok(list, ", "); name; name = strtok(NULL, ", ")) {
		char args[64], usage[64];

		snprintf(args, sizeof(args), "%s --help", name);
		snprintf(usage, sizeof(usage), "usage: pksim %s ", name);
		ck_assert_int_eq(tu_run(args, &out, &err), 0);
		ck_assert_msg(strncmp(out, usage, strlen(usage)) == 0, "%s: %s",
			      args, out);
		free(out);
		free(err);
	}
	free(list);
	ck_assert_int_eq(tu_run("help run epk", &out, &err), 2);
	ck_assert_str_eq(first_line(err),
			 "pksim: error: help takes one command; see 'pksim "
			 "--help'");
	free(out);
	free(err);
	/* no command at all: the overview on stderr, a usage error */
	ck_assert_int_eq(tu_run("", &out, &err), 2);
	ck_assert_str_eq(out, "");
	ck_assert_ptr_nonnull(strstr(err, "pksim help [COMMAND]"));
	free(out);
	free(err);
}
END_TEST

/* README's "Exit status:" paragraph and --help say the same: each
   phrase of one is in the other (README wraps lines, so newlines are
   compared as spaces). */
START_TEST(test_help_exit_status_matches_readme)
{
	static const char *const phrases[] = {
	    "environment failure",
	    "a file exists but cannot be read",
	    "out of memory",
	    "bad input or usage",
	};
	char *readme = tu_read_file(tu_src("README.md"), NULL);
	char *out = NULL, *err = NULL, *para, *end, *p;
	size_t i;

	ck_assert_ptr_nonnull(readme);
	para = strstr(readme, "\nExit status: 0 success; 1 ");
	ck_assert_ptr_nonnull(para);
	end = strstr(para + 1, "\n\n");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	for (p = para; *p; p++) {
		if (*p == '\n') {
			*p = ' ';
		}
	}
	ck_assert_int_eq(tu_run("run --help", &out, &err), 0);
	for (i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++) {
		ck_assert_msg(strstr(para, phrases[i]) != NULL,
			      "README lacks '%s'", phrases[i]);
		ck_assert_msg(strstr(out, phrases[i]) != NULL,
			      "--help lacks '%s'", phrases[i]);
	}
	free(readme);
	free(out);
	free(err);
}
END_TEST

START_TEST(test_help_option_errors)
{
	/* args, the whole first line of stderr; all exit 2 */
	static const char *const cases[][2] = {
	    /* '--formt' -> '--format': one insertion */
	    {"run x.yaml --formt json",
	     "pksim: error: unknown option '--formt'; did you mean "
	     "'--format'? See 'pksim run --help'"},
	    {"compare x.yaml --formt=csv",
	     "pksim: error: unknown option '--formt'; did you mean "
	     "'--format'? See 'pksim compare --help'"},
	    /* '--sed' -> '--seed': one insertion */
	    {"run x.yaml --sed 3",
	     "pksim: error: unknown option '--sed'; did you mean "
	     "'--seed'? See 'pksim run --help'"},
	    /* '--multhash' -> '--multihash' */
	    {"epk --multhash '[1]'",
	     "pksim: error: unknown option '--multhash'; did you mean "
	     "'--multihash'? See 'pksim epk --help'"},
	    {"compare --itmes d.json --key /a",
	     "pksim: error: unknown option '--itmes'; did you mean "
	     "'--items'? See 'pksim compare --help'"},
	    /* nothing near: no suggestion */
	    {"run x.yaml --zzzzzzzz",
	     "pksim: error: unknown option '--zzzzzzzz'; see 'pksim run "
	     "--help'"},
	    /* misplaced: the option is named with its command, not
	       mistaken for the file after it */
	    {"run --items F",
	     "pksim: error: '--items' is an option of 'pksim compare', not "
	     "of 'pksim run'; see 'pksim run --help'"},
	    {"run x.yaml --key /a",
	     "pksim: error: '--key' is an option of 'pksim compare', not "
	     "of 'pksim run'; see 'pksim run --help'"},
	    {"epk --format json '[1]'",
	     "pksim: error: '--format' is an option of 'pksim run', "
	     "'pksim compare', 'pksim plan' and 'pksim lesson', not of "
	     "'pksim epk'; see "
	     "'pksim epk --help'"},
	    {"locate -o out.txt",
	     "pksim: error: '-o' is an option of 'pksim run', 'pksim "
	     "compare', 'pksim plan', 'pksim lesson' and 'pksim merge', "
	     "not of 'pksim locate'; see 'pksim locate --help'"},
	    {"locate --multihash",
	     "pksim: error: '--multihash' is an option of 'pksim epk', not "
	     "of 'pksim locate'; see 'pksim locate --help'"},
	    /* --version after a command is pksim's own, not epk's */
	    {"run x.yaml --version",
	     "pksim: error: '--version' is not an option of 'pksim run'; "
	     "'pksim --version' prints pksim's version; see 'pksim run "
	     "--help'"},
	    /* a slip of another command's option: '--kye' -> compare's
	       '--key' (one transposition = 2 edits, <= 2) */
	    {"run x.yaml --kye /a",
	     "pksim: error: unknown option '--kye'; did you mean '--key' "
	     "(an option of 'pksim compare')? See 'pksim run --help'"},
	    /* a slip of a command: 'rn' -> 'run' (one insertion) */
	    {"rn x.yaml",
	     "pksim: error: unknown command 'rn'; did you mean 'run'? See "
	     "'pksim --help'"},
	    /* operands: the extra one named; run's message without compare's
	       --items */
	    {"run a.yaml b.yaml",
	     "pksim: error: run takes one scenario file, got 'a.yaml' and "
	     "'b.yaml'; see 'pksim run --help'"},
	    {"run", "pksim: error: run needs one scenario file; see 'pksim run "
		    "--help'"},
	    /* The style options are known
	       to the suggestions: '--colr' and '--colour' are one edit
	       from '--color', '--bandz' one from '--bands' */
	    {"run x.yaml --colr always",
	     "pksim: error: unknown option '--colr'; did you mean "
	     "'--color'? See 'pksim run --help'"},
	    {"run x.yaml --colour always",
	     "pksim: error: unknown option '--colour'; did you mean "
	     "'--color'? See 'pksim run --help'"},
	    {"compare x.yaml --bandz equal",
	     "pksim: error: unknown option '--bandz'; did you mean "
	     "'--bands'? See 'pksim compare --help'"},
	    /* ... and a bad value points at its command's help, not
	       pksim's */
	    {"run x.yaml --color sometimes",
	     "pksim: error: unknown --color 'sometimes'; allowed: auto, "
	     "always, never; see 'pksim run --help'"},
	    {"compare x.yaml --bands wide",
	     "pksim: error: unknown --bands 'wide'; allowed: share, equal; "
	     "see 'pksim compare --help'"},
	    {"compare x.yaml --format pdf",
	     "pksim: error: unknown format 'pdf'; allowed: text, json, csv, "
	     "streams-csv, money-csv, markdown, html; see 'pksim compare "
	     "--help'"},
	    {"compare x.yaml --seeds 1",
	     "pksim: error: --seeds needs 2 to 100 seeds, got '1'; see "
	     "'pksim compare --help'"},
	    {"compare --items d.json --at-once --key /a --time-compression "
	     "0",
	     "pksim: error: --time-compression needs a factor from 0.001 "
	     "to 1e9, got '0'; see 'pksim compare --help'"},
	    {"locate", "pksim: error: usage: pksim locate SCENARIO.yaml "
		       "[ITEM_JSON...]; see 'pksim locate --help'"},
	};
	size_t i;

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

START_TEST(test_help_suggest_rule)
{
	static const char *const words[] = {"--format", "--seed", "--output",
					    NULL};
	static const char *const keys[] = {"throughput", "partition_key", NULL};

	/* kitten -> sitting: k->s, e->i, +g = 3 (the textbook case) */
	ck_assert_uint_eq(suggest_distance("kitten", "sitting"), 3);
	ck_assert_uint_eq(suggest_distance("", "abc"), 3);
	ck_assert_uint_eq(suggest_distance("--formt", "--format"), 1);
	ck_assert_str_eq(suggest_nearest("--formt", words), "--format");
	/* '--fromat': two substitutions (r<->o) = 2 <= 2 */
	ck_assert_str_eq(suggest_nearest("--fromat", words), "--format");
	/* thruput -> throughput: insert o after "thr", g and h after
	   "u" = 3 edits, <= strlen("throughput") / 3 = 3 */
	ck_assert_uint_eq(suggest_distance("thruput", "throughput"), 3);
	ck_assert_str_eq(suggest_nearest("thruput", keys), "throughput");
	/* '--x' is 6 edits from '--seed': too far */
	ck_assert_ptr_null(suggest_nearest("--x", words));
	/* a one-letter word is never "corrected" to another */
	ck_assert_ptr_null(
	    suggest_nearest("a", (const char *const[]){"b", NULL}));
	/* too long to compare */
	{
		char big[PK_SUGGEST_MAX_LEN + 2];

		memset(big, 'a', sizeof(big) - 1);
		big[sizeof(big) - 1] = '\0';
		ck_assert_uint_eq(suggest_distance(big, "a"), (size_t)-1);
		ck_assert_ptr_null(suggest_nearest(big, words));
	}
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("help");
	TCase *tc = tcase_create("help");

	tcase_add_test(tc, test_help_per_command);
	tcase_add_test(tc, test_help_overview);
	tcase_add_test(tc, test_help_option_errors);
	tcase_add_test(tc, test_help_exit_status_matches_readme);
	tcase_add_test(tc, test_help_suggest_rule);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
