/*
 * cli: the pksim binary as a user meets it: exit codes, messages, the
 * bad-input corpus in tests/bad/ (each NAME.yaml with the exact first
 * line of its message in NAME.expect), output files written whole or not
 * at all, byte-identical replays, `pksim merge` on bad JSON
 * (tests/bad-merge/) and the progress line's time left.
 */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pksim/cli/progress.h"
#include "testutil.h"

static void to_src_root(void)
{
	ck_assert_int_eq(chdir(tu_src(".")), 0);
}

static char *first_line(char *s)
{
	char *nl = s ? strchr(s, '\n') : NULL;

	if (nl) {
		*nl = '\0';
	}
	return s ? s : "";
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* pksim run tests/bad/NAME.yaml -o DIR/report: bad input, so exit 2,
   the first line of NAME.expect first on stderr, and no report */
static void bad_run(const char *name, const char *dir)
{
	char args[1024], exp_path[512], out_path[512];
	char *out = NULL, *err = NULL, *want;
	int rc;

	snprintf(exp_path, sizeof(exp_path), "tests/bad/%s.expect", name);
	want = tu_read_file(exp_path, NULL);
	ck_assert_msg(want != NULL, "%s has no .expect", name);
	snprintf(out_path, sizeof(out_path), "%s/report", dir);
	snprintf(args, sizeof(args), "run 'tests/bad/%s.yaml' -o '%s'", name,
		 out_path);
	rc = tu_run(args, &out, &err);
	ck_assert_msg(rc == 2, "%s: exit %d", name, rc);
	ck_assert_str_eq(first_line(err), first_line(want));
	ck_assert_msg(!exists(out_path), "%s left a report", name);
	free(out);
	free(err);
	free(want);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The corpus's NAMEs (tests/bad/NAME.yaml with a NAME.expect beside
   it; a .yaml without one is a good input kept there), sorted, into
   *out (owned, each entry too); their count. */
static size_t bad_names(char ***out)
{
	DIR *d = opendir("tests/bad");
	struct dirent *e;
	char **v = NULL, path[512];
	size_t n = 0, cap = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);

		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0) {
			continue;
		}
		snprintf(path, sizeof(path), "tests/bad/%.*s.expect",
			 (int)(len - 5), e->d_name);
		if (!exists(path)) {
			continue;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 512;
			v = realloc(v, cap * sizeof(*v));
			ck_assert_ptr_nonnull(v);
		}
		v[n++] = strndup(e->d_name, len - 5);
	}
	closedir(d);
	qsort(v, n, sizeof(*v), by_name);
	*out = v;
	return n;
}

/* Every file of the corpus through `pksim run -o`, one process each.
   Tagged plain_only: under the sanitizers test_cli_bad_corpus_check
   takes every file through the CLI in one process, and
   test_cli_bad_run_steps each step of run that refuses. */
START_TEST(test_cli_bad_corpus)
{
	char **names, *dir = tu_tmpdir();
	size_t i, n;

	to_src_root();
	n = bad_names(&names);
	for (i = 0; i < n; i++) {
		bad_run(names[i], dir);
		free(names[i]);
	}
	free(names);
	rmdir(dir);
	free(dir);
	ck_assert_uint_ge(n, 20);
}
END_TEST

/*
 * The whole corpus in one `pksim check FILE...` (each file loaded and
 * refused in turn, in one process): exit 2, and for each file, in order,
 * the lines it prints before its table row begin with the first line of
 * its .expect, and its row says error. Standard output and error go to
 * one file: check flushes its rows before each scenario, so each file's
 * message comes right before its row.
 */
START_TEST(test_cli_bad_corpus_check)
{
	const char *bin = getenv("PKSIM_BIN");
	char **names, *dir = tu_tmpdir(), *cmd, *out, *at, out_path[512];
	size_t i, n, len;
	int st;

	ck_assert_ptr_nonnull(bin);
	ck_assert_ptr_nonnull(dir);
	to_src_root();
	n = bad_names(&names);
	ck_assert_uint_ge(n, 20);
	snprintf(out_path, sizeof(out_path), "%s/out", dir);
	len = strlen(bin) + 2 * sizeof(out_path) + 64;
	for (i = 0; i < n; i++) {
		len += strlen(names[i]) + 20;
	}
	cmd = malloc(len);
	ck_assert_ptr_nonnull(cmd);
	at = cmd + sprintf(cmd, "'%s' check", bin);
	for (i = 0; i < n; i++) {
		at += sprintf(at, " 'tests/bad/%s.yaml'", names[i]);
	}
	sprintf(at, " >'%s' 2>&1 </dev/null", out_path);
	st = system(cmd);
	free(cmd);
	ck_assert_msg(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 2,
		      "pksim check of the corpus: status %d", st);
	out = tu_read_file(out_path, NULL);
	ck_assert_ptr_nonnull(out);
	/* past the table's header */
	at = strchr(out, '\n');
	ck_assert_ptr_nonnull(at);
	at++;
	for (i = 0; i < n; i++) {
		char base[300], row[512], exp_path[512], *want, *end;

		/* check_one's row for a file it could not run */
		snprintf(base, sizeof(base), "%s.yaml", names[i]);
		snprintf(row, sizeof(row), "%-28s %10s %8s %8s  %s\n", base,
			 "-", "-", "-", "error");
		end = strstr(at, row);
		ck_assert_msg(end != NULL, "%s: no error row", names[i]);
		ck_assert_msg(end > at && end[-1] == '\n',
			      "%s: no message before its row", names[i]);
		*end = '\0';
		snprintf(exp_path, sizeof(exp_path), "tests/bad/%s.expect",
			 names[i]);
		want = tu_read_file(exp_path, NULL);
		ck_assert_ptr_nonnull(want);
		ck_assert_str_eq(first_line(at), first_line(want));
		free(want);
		at = end + strlen(row);
		free(names[i]);
	}
	ck_assert_int_eq(sscanf(at, "%zu scenarios, %zu failing", &i, &len), 2);
	ck_assert_uint_eq(i, n);
	ck_assert_uint_eq(len, n);
	free(names);
	free(out);
	unlink(out_path);
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * Each step of `pksim run` that refuses a scenario file, on one file of
 * the corpus: the loader (an alias, refused by the YAML reader) and the
 * price table (a negative price, refused by scenario_pricing_resolve).
 * After either, run prints the message, writes no report and exits 2 by
 * the same code whichever file it was; test_cli_bad_corpus takes every
 * file this way in build/.
 */
START_TEST(test_cli_bad_run_steps)
{
	char *dir = tu_tmpdir();

	to_src_root();
	bad_run("alias", dir);
	bad_run("pricing-table-bad-price", dir);
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * --color: the heat strip's ANSI escapes with always (NO_COLOR
 * set does not override an explicit option, no-color.org), none with
 * never, none by default when standard output is a pipe (auto), and an
 * unknown value is a usage error (exit 2).
 */
/* pksim run scenarios/storage-split.yaml OPTS */
static int run_split(const char *opts, char **out, char **err)
{
	char a[4096];

	snprintf(a, sizeof(a), "run '%s' %s",
		 tu_src("scenarios/storage-split.yaml"), opts);
	return tu_run(a, out, err);
}

START_TEST(test_cli_color)
{
	char *out, *err;

	ck_assert_int_eq(run_split("--color=always", &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "heat strip"));
	ck_assert_ptr_nonnull(strstr(out, "\033[38;5;"));
	free(out);
	free(err);
	ck_assert_int_eq(run_split("--color never", &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "heat strip"));
	ck_assert_ptr_null(strchr(out, '\033'));
	free(out);
	free(err);
	ck_assert_int_eq(run_split("", &out, &err), 0);
	ck_assert_ptr_null(strchr(out, '\033'));
	free(out);
	free(err);
	ck_assert_int_eq(run_split("--color=red", &out, &err), 2);
	ck_assert_str_eq(first_line(err),
			 "pksim: error: unknown --color 'red'; allowed: auto, "
			 "always, never; see 'pksim run --help'");
	free(out);
	free(err);
}
END_TEST

/* compare --items has no scenario to name a region, and money is
   priced by region (P19): --prices with it is refused before the data
   file is read, with what to do instead, never as the items file's
   fault. */
START_TEST(test_cli_items_prices_refused)
{
	char *out = NULL, *err = NULL;

	ck_assert_int_eq(tu_run("compare --items /nonexistent.json --rate 1 "
				"--key /k --prices p.csv",
				&out, &err),
			 2);
	ck_assert_msg(strstr(err, "--prices 'p.csv' needs a scenario whose "
				  "pricing: names the region, and --items "
				  "makes none"),
		      "%s", err);
	ck_assert_ptr_null(strstr(err, "nonexistent"));
	free(out);
	free(err);
}
END_TEST

START_TEST(test_cli_usage_errors)
{
	char *out = NULL, *err = NULL, *list, want[256];

	to_src_root();
	ck_assert_int_eq(tu_run("", &out, &err), 2);
	free(out);
	free(err);
	/* every command the overview lists, in its order (a command left
	   out of the message, or one the overview lacks, fails) */
	list = tu_help_commands();
	ck_assert_str_eq(list, "run, compare, locate, epk, plan, check, "
			       "lesson, merge, help");
	snprintf(want, sizeof(want),
		 "pksim: error: unknown command 'frobnicate'; commands: %s; "
		 "see 'pksim --help'",
		 list);
	ck_assert_int_eq(tu_run("frobnicate", &out, &err), 2);
	ck_assert_str_eq(first_line(err), want);
	free(out);
	free(err);
	free(list);
	ck_assert_int_eq(
	    tu_run("run scenarios/offices.yaml --format xml", &out, &err), 2);
	ck_assert_str_eq(
	    first_line(err),
	    "pksim: error: unknown format 'xml'; allowed: text, "
	    "json, csv, streams-csv, money-csv, markdown, html; see "
	    "'pksim run --help'");
	free(out);
	free(err);
	ck_assert_int_eq(
	    tu_run("run scenarios/offices.yaml --seed -1", &out, &err), 2);
	free(out);
	free(err);
	ck_assert_int_eq(tu_run("run", &out, &err), 2);
	free(out);
	free(err);
	ck_assert_int_eq(
	    tu_run("run tests/bad/does-not-exist.yaml", &out, &err), 2);
	ck_assert_str_eq(first_line(err),
			 "pksim: tests/bad/does-not-exist.yaml: error: cannot "
			 "open: No such file or directory");
	free(out);
	free(err);
	ck_assert_int_eq(tu_run("--help", &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(out, "usage: pksim run"));
	free(out);
	free(err);
}
END_TEST

START_TEST(test_cli_output_file)
{
	char *dir = tu_tmpdir(), args[1024], path[512];
	char *out = NULL, *err = NULL, *file;

	to_src_root();
	snprintf(path, sizeof(path), "%s/r.json", dir);
	snprintf(args, sizeof(args),
		 "run scenarios/offices.yaml --format json -o '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_str_eq(out, ""); /* the report went to the file */
	free(out);
	free(err);
	file = tu_read_file(path, NULL);
	ck_assert_int_eq(
	    tu_run("run scenarios/offices.yaml --format json", &out, &err), 0);
	ck_assert_str_eq(file, out); /* the same bytes as on stdout */
	free(file);
	free(out);
	free(err);
	unlink(path);
	/* a directory that does not exist: refused before the run, exit 2,
	   and nothing written */
	snprintf(path, sizeof(path), "%s/no/such/dir/r.txt", dir);
	snprintf(args, sizeof(args), "run scenarios/offices.yaml -o '%s'",
		 path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_ptr_nonnull(strstr(err, "cannot write the report there"));
	ck_assert(!exists(path));
	free(out);
	free(err);
	rmdir(dir);
	free(dir);
}
END_TEST

/* -o's extension picks the format --format leaves out, and one that
   names another format than --format's is refused before the run */
START_TEST(test_cli_output_extension)
{
	char *dir = tu_tmpdir(), args[1024], path[512];
	char *out = NULL, *err = NULL, *file, want[1024];

	to_src_root();
	/* report.JSON, no --format: the JSON report, the bytes --format
	   json prints (the text report there was a plausible file that
	   only a JSON reader would refuse) */
	snprintf(path, sizeof(path), "%s/r.JSON", dir);
	snprintf(args, sizeof(args), "run scenarios/offices.yaml -o '%s'",
		 path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	free(out);
	free(err);
	file = tu_read_file(path, NULL);
	ck_assert_msg(file[0] == '{', "r.JSON holds: %.40s", file);
	ck_assert_int_eq(
	    tu_run("run scenarios/offices.yaml --format json", &out, &err), 0);
	ck_assert(strcmp(file, out) == 0);
	free(file);
	free(out);
	free(err);
	unlink(path);
	/* --format text into r.json: exit 2, which --format to give, and
	   nothing written */
	snprintf(path, sizeof(path), "%s/r.json", dir);
	snprintf(args, sizeof(args),
		 "run scenarios/offices.yaml --format text -o '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	snprintf(want, sizeof(want),
		 "pksim: error: -o '%s' names a json file but --format text "
		 "writes the text report; give --format json, or leave "
		 "--format out (the extension picks it); see 'pksim run "
		 "--help'",
		 path);
	ck_assert_str_eq(first_line(err), want);
	ck_assert(!exists(path));
	free(out);
	free(err);
	/* every csv format goes to .csv; .txt and names without a known
	   extension take any format */
	snprintf(path, sizeof(path), "%s/r.csv", dir);
	snprintf(args, sizeof(args),
		 "compare scenarios/offices.yaml --format money-csv -o '%s'",
		 path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	free(out);
	free(err);
	/* the estimate is text (json under --format json) whatever run it
	   estimates: into r.csv it is refused, nothing written */
	unlink(path);
	snprintf(args, sizeof(args),
		 "run scenarios/offices.yaml --estimate -o '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_str_eq(first_line(err),
			 "pksim: error: --estimate writes text (json with "
			 "--format json), not csv: give -o a .txt or .json "
			 "name (--format names the report whose run is "
			 "estimated); see 'pksim run --help'");
	ck_assert(!exists(path));
	free(out);
	free(err);
	snprintf(path, sizeof(path), "%s/r.txt", dir);
	snprintf(args, sizeof(args),
		 "run scenarios/offices.yaml --format json --estimate -o '%s'",
		 path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	free(out);
	free(err);
	file = tu_read_file(path, NULL);
	ck_assert_int_eq(file[0], '{');
	free(file);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_cli_deterministic)
{
	char *a = NULL, *b = NULL, *c = NULL, *err = NULL;

	to_src_root();
	ck_assert_int_eq(
	    tu_run("run scenarios/food-groups.yaml --format json", &a, &err),
	    0);
	free(err);
	ck_assert_int_eq(
	    tu_run("run scenarios/food-groups.yaml --format json", &b, &err),
	    0);
	free(err);
	/* same scenario and seed: byte-identical */
	ck_assert_str_eq(a, b);
	ck_assert_int_eq(tu_run("run scenarios/food-groups.yaml --format json "
				"--seed 8",
				&c, &err),
			 0);
	free(err);
	/* another seed: another operation stream, another report */
	ck_assert_str_ne(a, c);
	ck_assert_ptr_nonnull(strstr(c, "\"seed\": 8"));
	free(a);
	free(b);
	free(c);
}
END_TEST

/* pksim locate: where an item goes, for each variant; items from the
   arguments or standard input; a bad item is a positioned error. */
START_TEST(test_cli_locate)
{
	char *out = NULL, *err = NULL;

	to_src_root();
	/* seed 002: t-00001 of buero-nord has the synthetic key
	   buero-nord.1 (FNV-1a of the id, mod 10) */
	ck_assert_int_eq(tu_run("locate tests/good/locate.yaml "
				"'{\"id\": \"t-00001\", \"officeId\": "
				"\"buero-nord\"}'",
				&out, &err),
			 0);
	ck_assert_ptr_nonnull(strstr(out, "key value  \"buero-nord.1\""));
	/* the /officeId variant: the EPK of "buero-nord" under hash V2 */
	ck_assert_ptr_nonnull(strstr(out, "key value  \"buero-nord\""));
	/* 2,000 RU/s: ceil(2,000 / 6,000) = 1 range (rule 2), id "0", the
	   whole key space; the id is a name, not "0 of 1" */
	ck_assert_ptr_nonnull(strstr(out, "range      0 (the only range at "
					  "the start): [\"\", \"FF\")\n"));
	free(out);
	free(err);
	/* 30,000 RU/s: ceil(30,000 / 6,000) = 5 ranges, ids 0 .. 4 */
	ck_assert_int_eq(tu_run("locate scenarios/synthetic-keys.yaml "
				"'{\"vin\": \"VIN00042\", \"deviceId\": "
				"\"dev-7\", \"date\": \"2026-05-04\"}'",
				&out, &err),
			 0);
	ck_assert_ptr_nonnull(strstr(out, "(one of 5 ranges at the start)"));
	ck_assert_ptr_null(strstr(out, " of 5: "));
	/* rule 38: {date}.{random 1..400}'s reader cannot compute the
	   suffix: a read is a query over its 1..400, 400 values; the hash
	   suffix's reader computes it (no such line: exactly one, for the
	   one variant with a random part) */
	ck_assert_ptr_null(strstr(out, "random part drawn for this item"));
	ck_assert_msg(strstr(out, "key value  \"2026-05-04."), "%s", out);
	ck_assert_msg(strstr(out, "(as the writer drew it)\n  reader     "
				  "cannot compute the random part: a point "
				  "read is a query over the key's 400 values "
				  "(an IN list to the ranges holding them)\n"),
		      "%s", out);
	ck_assert_ptr_null(
	    strstr(strstr(out, "reader     ") + 1, "reader     "));
	free(out);
	free(err);
	/* an integer past 64 bits is a number key value, read as a double
	   as the SDKs do: 9223372036854775808 is 2^63, the double that
	   Long.MAX_VALUE becomes, whose V2 EPK is the published vector 26
	   of tests/vectors/epk_vectors.csv (jansson alone refused it as a
	   "too big integer") */
	ck_assert_int_eq(tu_run("locate tests/good/locate.yaml "
				"'{\"id\": \"t-1\", \"officeId\": "
				"9223372036854775808}'",
				&out, &err),
			 0);
	ck_assert_msg(strstr(out, "EPK        2EDB959178DFCCA18983F89384D1629B "
				  "(hash V2)"),
		      "%s%s", out, err);
	free(out);
	free(err);
	ck_assert_int_eq(
	    tu_run("locate tests/good/locate.yaml '{\"id\": '", &out, &err), 2);
	ck_assert_ptr_nonnull(strstr(err, "pksim: <item 1>:1:"));
	free(out);
	free(err);
	ck_assert_int_eq(
	    tu_run("locate tests/good/locate.yaml '[1]'", &out, &err), 2);
	ck_assert_str_eq(first_line(err),
			 "pksim: <item 1>:1:1: error: an item must be a JSON "
			 "object, like {\"deviceId\": \"dev-1\"}");
	free(out);
	free(err);
	/* a DynamoDB table's hash is not published: a table scenario is
	   refused, a table variant beside a container not located (not
	   placed in Azure Cosmos DB's ranges) */
	ck_assert_int_eq(tu_run("locate scenarios/dynamodb/hot-key.yaml "
				"'{\"customerId\": \"c\"}'",
				&out, &err),
			 2);
	ck_assert_ptr_nonnull(strstr(err, "whose hash is not published"));
	ck_assert_ptr_null(strstr(out, "EPK"));
	free(out);
	free(err);
	ck_assert_int_eq(
	    tu_run("locate scenarios/dynamodb/iot-by-day-both.yaml "
		   "'{\"day\": \"Wednesday\"}'",
		   &out, &err),
	    0);
	ck_assert_ptr_nonnull(strstr(out, "item 1  dynamodb-by-day  /day\n"
					  "  a DynamoDB table: not located"));
	/* the container's EPK line alone */
	ck_assert_ptr_nonnull(strstr(out, "EPK "));
	ck_assert_ptr_null(strstr(strstr(out, "EPK ") + 4, "EPK "));
	free(out);
	free(err);
}
END_TEST

/*
 * Exit status by the error's category (README: 1 an environment failure,
 * a file exists but cannot be read; 2 bad input, a missing file or a
 * directory given as a file). /proc/self/mem opens but its first read
 * fails with EIO (address 0 is never mapped), for root too, which a
 * chmod 000 file does not give.
 */
START_TEST(test_cli_exit_category)
{
	char *out = NULL, *err = NULL;

	to_src_root();
	/* a scenario that does not exist: bad input */
	ck_assert_int_eq(tu_run("run tests/bad/no-such-file.yaml", &out, &err),
			 2);
	free(out);
	free(err);
	/* a directory given as the scenario: bad input */
	ck_assert_int_eq(tu_run("run tests/bad", &out, &err), 2);
	ck_assert_str_eq(
	    first_line(err),
	    "pksim: tests/bad: error: cannot read: Is a directory");
	free(out);
	free(err);
	/* a scenario that exists but cannot be read: environment, 1 */
	ck_assert_int_eq(tu_run("run /proc/self/mem", &out, &err), 1);
	ck_assert_str_eq(first_line(err),
			 "pksim: /proc/self/mem: error: cannot read: "
			 "Input/output error");
	free(out);
	free(err);
	ck_assert_int_eq(tu_run("locate /proc/self/mem", &out, &err), 1);
	free(out);
	free(err);
	/* a data file: the same rule */
	ck_assert_int_eq(tu_run("compare --items tests/bad/no-such.json "
				"--at-once --throughput 400 --key /id",
				&out, &err),
			 2);
	free(out);
	free(err);
	ck_assert_int_eq(tu_run("compare --items /proc/self/mem --at-once "
				"--throughput 400 --key /id",
				&out, &err),
			 1);
	ck_assert_ptr_nonnull(strstr(err, "cannot read: Input/output error"));
	free(out);
	free(err);
}
END_TEST

/* Run pksim with args; assert the exit status and the first line of
   stderr. */
static void expect_fail(const char *args, int want_rc, const char *want)
{
	char *out = NULL, *err = NULL;
	int rc = tu_run(args, &out, &err);

	ck_assert_msg(rc == want_rc, "pksim %s: exit %d, want %d", args, rc,
		      want_rc);
	ck_assert_str_eq(first_line(err), want);
	free(out);
	free(err);
}

/* Run pksim with args; assert the exit status and that stderr's first
   line holds each of the two texts (messages that list commands grow). */
static void expect_fail_has(const char *args, int want_rc, const char *a,
			    const char *b)
{
	char *out = NULL, *err = NULL;
	int rc = tu_run(args, &out, &err);

	ck_assert_msg(rc == want_rc, "pksim %s: exit %d, want %d", args, rc,
		      want_rc);
	first_line(err);
	ck_assert_msg(strstr(err, a) && strstr(err, b), "pksim %s: '%s'", args,
		      err);
	free(out);
	free(err);
}

/* compare with a scenario: the options that only say how a data file's
   records arrive (or size its container) are refused, not ignored; with
   --items, --time-compression needs --time-field (D3). */
START_TEST(test_cli_items_only_options)
{
	static const char *const opts[][2] = {
	    {"--throughput 1000", "throughput"},
	    {"--rate 10", "rate"},
	    {"--at-once", "at-once"},
	    {"--time-field ts", "time-field"},
	    {"--time-compression 5", "time-compression"},
	    {"--items-format json", "items-format"},
	};
	char args[256], want[256];
	size_t i;

	to_src_root();
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		snprintf(args, sizeof(args),
			 "compare scenarios/compare-iot.yaml %s", opts[i][0]);
		snprintf(want, sizeof(want),
			 "pksim: error: --%s goes with --items FILE (a data "
			 "file instead of a scenario), not with a scenario; "
			 "see 'pksim compare --help'",
			 opts[i][1]);
		expect_fail(args, 2, want);
	}
	expect_fail(
	    "compare --items scenarios/data/iot_telemetry_3devices.json "
	    "--rate 10 --time-compression 5 --key /device",
	    2,
	    "pksim: --time-compression: error: goes with --time-field: "
	    "it divides the time between records");
}
END_TEST

/*
 * Values of the --items options that say how records arrive: the whole
 * of stderr is one message that names the option once: a
 * --time-compression of 0 or text is one message, not one per check, and
 * a --rate of 0 is refused as a bad --rate, not taken for no --rate ("say
 * how records arrive").
 */
START_TEST(test_cli_items_option_values)
{
	static const char *const bad[][2] = {
	    {"--time-field ts --time-compression 0",
	     "pksim: error: --time-compression needs a factor from 0.001 to "
	     "1e9, got '0'; see 'pksim compare --help'\n"},
	    {"--time-field ts --time-compression fast",
	     "pksim: error: --time-compression needs a factor from 0.001 to "
	     "1e9, got 'fast'; see 'pksim compare --help'\n"},
	    {"--time-field ts --time-compression 2e9",
	     "pksim: error: --time-compression needs a factor from 0.001 to "
	     "1e9, got '2e9'; see 'pksim compare --help'\n"},
	    {"--rate 0",
	     "pksim: error: --rate needs records a second greater than 0: "
	     "1000, 1000/s, 60/m or 10/h, got '0'; see 'pksim compare "
	     "--help'\n"},
	    {"--rate 0/s",
	     "pksim: error: --rate needs records a second greater than 0: "
	     "1000, 1000/s, 60/m or 10/h, got '0/s'; see 'pksim compare "
	     "--help'\n"},
	};
	char args[512], *out = NULL, *err = NULL;
	size_t i;

	to_src_root();
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(args, sizeof(args),
			 "compare --items "
			 "scenarios/data/iot_telemetry_3devices.json "
			 "--key /device %s",
			 bad[i][0]);
		ck_assert_int_eq(tu_run(args, &out, &err), 2);
		ck_assert_str_eq(err, bad[i][1]);
		free(out);
		free(err);
	}
}
END_TEST

/* pksim locate takes options anywhere, as run does, and "--" ends them:
   an option after the scenario is not an item (D4). */
START_TEST(test_cli_locate_options)
{
	char *out = NULL, *err = NULL;

	to_src_root();
	expect_fail_has("locate scenarios/offices.yaml --seed 3", 2,
			"pksim: error: '--seed' is an option of 'pksim run'",
			"not of 'pksim locate'");
	expect_fail_has("locate scenarios/offices.yaml "
			"'{\"officeId\": \"a\"}' -o out",
			2, "pksim: error: '-o' is an option of 'pksim run'",
			"not of 'pksim locate'");
	expect_fail_has("locate scenarios/offices.yaml --format json", 2,
			"pksim: error: '--format' is an option of 'pksim run'",
			"not of 'pksim locate'");
	/* --help after the scenario and an item: the help, nothing else */
	ck_assert_int_eq(tu_run("locate scenarios/offices.yaml "
				"'{\"officeId\": \"a\"}' --help",
				&out, &err),
			 0);
	ck_assert_int_eq(strncmp(out, "usage: pksim locate SCENARIO.yaml", 33),
			 0);
	free(out);
	free(err);
	/* after "--", "--x" is item 2 (and not JSON) */
	expect_fail("locate scenarios/offices.yaml '{\"officeId\": \"a\"}' "
		    "-- --x",
		    2,
		    "pksim: <item 2>:1:1: error: '[' or '{' expected near "
		    "'-'; an item is one JSON object");
	/* "--" before the scenario: the scenario, then one item */
	ck_assert_int_eq(tu_run("locate -- scenarios/offices.yaml "
				"'{\"officeId\": \"paris\"}'",
				&out, &err),
			 0);
	ck_assert_str_eq(first_line(out), "item 1  /officeId");
	free(out);
	free(err);
}
END_TEST

/* pksim with args, standard output to /dev/full: the exit status, and
   stderr in *err (caller frees). */
static int run_to_full(const char *args, char **err)
{
	char *dir = tu_tmpdir(), cmd[4096], e[512];
	int st;

	ck_assert_ptr_nonnull(dir);
	snprintf(e, sizeof(e), "%s/err", dir);
	snprintf(cmd, sizeof(cmd), "'%s' %s >/dev/full 2>'%s' </dev/null",
		 getenv("PKSIM_BIN"), args, e);
	st = system(cmd);
	*err = tu_read_file(e, NULL);
	unlink(e);
	rmdir(dir);
	free(dir);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Every command that prints to standard output fails with exit 1 and
   the one message style when that cannot be written (D5), with the
   write's own reason: compare --help (6,269 bytes) is longer than
   stdio's 4 KiB buffer, whose failed write once lost its errno and said
   "Input/output error". */
START_TEST(test_cli_stdout_full)
{
	static const char *const cases[] = {
	    "locate scenarios/offices.yaml '{\"officeId\": \"paris\"}'",
	    "--help",
	    "--version",
	    "help",
	    "help run",
	    "help help",
	    "run --help",
	    "compare --help",
	    "help compare",
	    "locate --help",
	    "epk '[\"redmond\"]'",
	    "run scenarios/offices.yaml",
	};
	size_t i;

	if (access("/dev/full", W_OK) != 0) {
		return; /* no /dev/full here: nothing to fill */
	}
	to_src_root();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *err = NULL;
		int rc = run_to_full(cases[i], &err);

		ck_assert_msg(rc == 1, "pksim %s >/dev/full: exit %d", cases[i],
			      rc);
		ck_assert_str_eq(err, "pksim: <stdout>: error: cannot write: "
				      "No space left on device\n");
		free(err);
	}
}
END_TEST

/* --time-field naming no field: the first 20 records are listed and a
   note says how many more were cut (9,995 records, SOURCES.md: 9,995 -
   20 = 9,975 more). */
START_TEST(test_cli_time_field_cut)
{
	char *out = NULL, *err = NULL, *last;

	to_src_root();
	ck_assert_int_eq(tu_run("compare --items "
				"scenarios/data/iot_telemetry_3devices.json "
				"--time-field nope --key /device",
				&out, &err),
			 2);
	ck_assert_int_gt(strlen(err), 1);
	err[strlen(err) - 1] = '\0';
	last = strrchr(err, '\n');
	ck_assert_ptr_nonnull(last);
	ck_assert_str_eq(last + 1,
			 "pksim: note: 9975 more of the 9995 records have a "
			 "missing or bad time field; the first 20 are listed");
	free(out);
	free(err);
}
END_TEST

/* A --key named like a variant of the scenario: the message names that
   variant and its line (tests/good/compare.yaml line 11: "- name:
   tenant-user"), not "given twice"; the same --key twice is. */
START_TEST(test_cli_key_clash)
{
	char *dir = tu_tmpdir(), path[512], args[700];
	FILE *f;

	to_src_root();
	/* the clash is said before the data file is read: this one does
	   not exist, and its "cannot open" (said first when the file was
	   read before --key was checked) never comes */
	snprintf(path, sizeof(path), "%s/s.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("container: {partition_key: /k, throughput: 400}\n"
	      "variants:\n"
	      "  - {name: /v, partition_key: /v}\n"
	      "items: {file: no-such.csv, rate: 1/s}\n",
	      f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "compare '%s' --key /v", path);
	expect_fail(args, 2,
		    "pksim: --key '/v': error: clashes with the scenario's "
		    "variant '/v' (line 3): each --key adds one variant named "
		    "after its key; rename that variant or leave out this "
		    "--key");
	unlink(path);
	rmdir(dir);
	free(dir);
	expect_fail("compare tests/good/compare.yaml --key tenant-user", 2,
		    "pksim: --key 'tenant-user': error: clashes with the "
		    "scenario's variant 'tenant-user' (line 11): each --key "
		    "adds one variant named after its key; rename that variant "
		    "or leave out this --key");
	expect_fail("compare tests/good/compare.yaml --key /c --key /c", 2,
		    "pksim: --key '/c': error: this key is given twice; each "
		    "--key adds one variant named after it");
	/* a DynamoDB table without a name is named by its attribute, k
	   for /k (scenarios/money/one-workload-dynamodb.yaml line 22):
	   --key /k is that variant again */
	expect_fail("compare scenarios/money/one-workload-dynamodb.yaml "
		    "--key /k",
		    2,
		    "pksim: --key '/k': error: is the key of the scenario's "
		    "variant 'k' already: each --key adds one variant; leave "
		    "out this --key");
	/* named otherwise: the table orders of scenarios/dynamodb/
	   hot-key.yaml is keyed by /customerId, so --key /customerId is
	   orders again, whatever its name */
	expect_fail("compare scenarios/dynamodb/hot-key.yaml --key "
		    "/customerId",
		    2,
		    "pksim: --key '/customerId': error: is the key of the "
		    "scenario's variant 'orders' already: each --key adds one "
		    "variant; leave out this --key");
	/* a list is a hierarchical key, which a table does not have:
	   refused as the same list written as a table's partition_key is
	   (src/load/scenario_table.c), never a table of that key that
	   refuses all 90,000 operations and is ranked */
	expect_fail(
	    "compare scenarios/dynamodb/hot-key.yaml --key "
	    "'[/customerId, /id]'",
	    2,
	    "pksim: --key '[/customerId, /id]': error: a list is an "
	    "Azure Cosmos DB hierarchical key, which DynamoDB does not "
	    "have: a table's --key is one attribute path such as "
	    "/customerId (or a synthetic key such as '{a}-{b}'); a sort "
	    "key orders items inside one partition key value, it does "
	    "not spread them over partitions");
}
END_TEST

/*
 * `pksim merge` on bad JSON (tests/bad-merge/: NAME.json with the exact
 * first line of its message in NAME.expect): exit 2, nothing on stdout,
 * "pksim: FILE:LINE:COL: error: not JSON: ..." at jansson's position,
 * which is the last character of the token it names. By hand:
 * syntax.json line 3 is `  "variants": ]`, 2 spaces + 10 + ':' + ' '
 * = 14 characters before the ']', so 3:15; text-report.json's first
 * token `scenario` ends at column 8; two-documents.json's second object
 * starts at 2:1; truncated.json ends in a newline after line 3, so the
 * end of the file is 4:1. not-report.json is JSON but not a report:
 * "pksim: FILE: error: ...", the file alone. The rest are reports with
 * one figure edited as a hostile user did (the string "NaN" for RU, -5
 * operations, 2.5 operations, failures above the operations, retries
 * above the requests, a -0.5 RU/s, a "1" seed, a default_ttl_s of -2,
 * a name the table of fields has not): refused with the figure's JSON
 * path (jansson keeps no position of a parsed value), the file alone.
 */
START_TEST(test_cli_bad_merge_corpus)
{
	DIR *d;
	struct dirent *e;
	int cases = 0;

	to_src_root();
	d = opendir("tests/bad-merge");
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		char args[1024], exp_path[512];
		char *out = NULL, *err = NULL, *want;
		int rc;

		if (n < 6 || strcmp(e->d_name + n - 5, ".json") != 0) {
			continue;
		}
		snprintf(exp_path, sizeof(exp_path),
			 "tests/bad-merge/%.*s.expect", (int)(n - 5),
			 e->d_name);
		want = tu_read_file(exp_path, NULL);
		ck_assert_msg(want != NULL, "%s has no .expect", e->d_name);
		snprintf(args, sizeof(args), "merge 'tests/bad-merge/%s'",
			 e->d_name);
		rc = tu_run(args, &out, &err);
		ck_assert_msg(rc == 2, "%s: exit %d", e->d_name, rc);
		ck_assert_str_eq(first_line(err), first_line(want));
		ck_assert_str_eq(out, "");
		free(out);
		free(err);
		free(want);
		cases++;
	}
	closedir(d);
	ck_assert_int_ge(cases, 15);
}
END_TEST

/*
 * The progress line's time left (progress_left_text), by hand: rounded to
 * the nearest second (llround, halves away from zero), minutes and
 * seconds, hours from 3,600 s; under 0.5 s "less than 1s". Before, the
 * seconds were truncated: 0.99 s left said "0m 00s".
 */
START_TEST(test_cli_progress_left)
{
	static const struct {
		double s;
		const char *want;
	} cases[] = {
	    {0.0, "less than 1s left"},
	    {0.49, "less than 1s left"},
	    {0.5, "about 0m 01s left"},	 /* llround(0.5) = 1 */
	    {0.99, "about 0m 01s left"}, /* truncated, it said 0m 00s */
	    {59.4, "about 0m 59s left"},
	    {59.5, "about 1m 00s left"}, /* 60 = 1 m 0 s */
	    {64.4, "about 1m 04s left"},
	    {3599.4, "about 59m 59s left"}, /* 3,599 = 59 * 60 + 59 */
	    {3599.6, "about 1h 00m 00s left"},
	    {3725.0, "about 1h 02m 05s left"}, /* 3,600 + 2 * 60 + 5 */
	    /* capped at a year: 366 * 24 = 8,784 h */
	    {1e30, "about 8784h 00m 00s left"},
	};
	char buf[48];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		progress_left_text(cases[i].s, buf, sizeof(buf));
		ck_assert_msg(strcmp(buf, cases[i].want) == 0,
			      "%g s: '%s', want '%s'", cases[i].s, buf,
			      cases[i].want);
	}
	progress_left_text(NAN, buf, sizeof(buf));
	ck_assert_str_eq(buf, "less than 1s left");
	/* cut to fit: 7 characters and the NUL */
	progress_left_text(1.0, buf, 8);
	ck_assert_str_eq(buf, "about 0");
}
END_TEST

/*
 * The progress line cut to the terminal: at 80
 * columns the drain line was 88 characters and wrapped, and \r only
 * returns to the last row. progress_fit keeps cols - 1 characters.
 */
START_TEST(test_cli_progress_fit)
{
	char line[128];

	/* 88 characters, 80 columns: 79 kept */
	snprintf(line, sizeof(line), "%s",
		 "pksim: simulated 0:00:03, past the phases' end at 0:00:02: "
		 "retries draining, 0.2 M ops/s");
	ck_assert_uint_eq(strlen(line), 88);
	ck_assert_uint_eq(progress_fit(line, 80), 79);
	ck_assert_uint_eq(strlen(line), 79);
	/* 40 columns: "pksim: simulated 0:00:03, past the phas" (39) */
	ck_assert_uint_eq(progress_fit(line, 40), 39);
	ck_assert_str_eq(line, "pksim: simulated 0:00:03, past the phas");
	/* shorter than the width: unchanged; 0 columns: 80 assumed */
	snprintf(line, sizeof(line), "%s", "pksim: short");
	ck_assert_uint_eq(progress_fit(line, 13), 12);
	ck_assert_str_eq(line, "pksim: short");
	ck_assert_uint_eq(progress_fit(line, 12), 11);
	ck_assert_str_eq(line, "pksim: shor");
	ck_assert_uint_eq(progress_fit(line, 0), 11);
	ck_assert_uint_eq(progress_fit(line, 1), 0);
}
END_TEST

/*
 * The share done: operations over planned ones when
 * known, else simulated time; the percentage is floored, and the share
 * stays below 1 while the stream is sent.
 */
START_TEST(test_cli_progress_fraction)
{
	/* 1 h at 1 op/s (3,600) then 100 s at 50,000/s (5,000,000): planned
	   5,003,600. At 1:00:50 (3,650 s of 3,700, 98.6 % by time) 3,600 +
	   50 x 50,000 = 2,503,600 ops are sent: 2,503,600 / 5,003,600 =
	   0.50036, 50 % */
	double f = progress_fraction(3650000, 3700000, 2503600, 5003600.0);

	ck_assert_double_eq_tol(f, 2503600.0 / 5003600.0, 1e-12);
	ck_assert_double_eq(floor(100.0 * f), 50.0);
	/* not known (0): by time, 3,650 / 3,700 = 0.98648.. -> 98 % */
	f = progress_fraction(3650000, 3700000, 2503600, 0);
	ck_assert_double_eq(floor(100.0 * f), 98.0);
	/* 99.5 % is 99 %, not 100 % (%.0f rounded it up) */
	f = progress_fraction(0, 0, 995, 1000.0);
	ck_assert_double_eq(floor(100.0 * f), 99.0);
	/* every planned op sent (or more: Poisson) but the stream not
	   ended: capped at 0.999, still 99 % */
	ck_assert_double_eq(progress_fraction(0, 0, 1200, 1000.0), 0.999);
	/* nothing known: done */
	ck_assert_double_eq(progress_fraction(0, 0, 5, 0), 1.0);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("cli");
	/* tagged plain_only: tools/test's asan stage skips them (the
	   deterministic test's replays are of a shipped file expect's
	   `pksim check` replays there; what it asserts, bytes equal or
	   not, is checked in build/; the corpus one process a file, whose
	   files test_cli_bad_corpus_check takes through the CLI there in
	   one process) */
	TCase *plain = tcase_create("cli_plain_only");

	tcase_set_tags(plain, "plain_only");
	tcase_set_timeout(plain, 600);

	tcase_add_test(plain, test_cli_bad_corpus);
	tcase_add_test(tc, test_cli_bad_corpus_check);
	tcase_add_test(tc, test_cli_bad_run_steps);
	tcase_add_test(tc, test_cli_usage_errors);
	tcase_add_test(tc, test_cli_output_file);
	tcase_add_test(tc, test_cli_output_extension);
	tcase_add_test(plain, test_cli_deterministic);
	tcase_add_test(tc, test_cli_locate);
	tcase_add_test(tc, test_cli_exit_category);
	tcase_add_test(tc, test_cli_items_only_options);
	tcase_add_test(tc, test_cli_items_option_values);
	tcase_add_test(tc, test_cli_locate_options);
	tcase_add_test(tc, test_cli_stdout_full);
	tcase_add_test(tc, test_cli_time_field_cut);
	tcase_add_test(tc, test_cli_key_clash);
	tcase_add_test(tc, test_cli_color);
	tcase_add_test(tc, test_cli_progress_left);
	tcase_add_test(tc, test_cli_progress_fit);
	tcase_add_test(tc, test_cli_progress_fraction);
	tcase_add_test(tc, test_cli_bad_merge_corpus);
	tcase_add_test(tc, test_cli_items_prices_refused);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, plain);
	return s;
}
