/* diag: positions, the 20-error cap, notes and the printed form
   (STYLE.md: `pksim: FILE:LINE:COL: error: what is wrong`). */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "testutil.h"

START_TEST(test_diag_empty)
{
	struct pk_diag d;
	char *out;

	diag_init(&d);
	ck_assert_uint_eq(diag_count(&d), 0);
	out = tu_diag_text(&d);
	ck_assert_str_eq(out, "");
	free(out);
	diag_free(&d);
}
END_TEST

START_TEST(test_diag_position_forms)
{
	struct pk_diag d;
	char *out;

	diag_init(&d);
	diag_error(&d, "a.yaml", 3, 7, "bad %s", "thing");
	diag_error(&d, "b.yaml", 4, 0, "no column");
	diag_error(&d, "c.yaml", 0, 9, "no line, so no column either");
	diag_error(&d, NULL, 5, 5, "no file, so no position");
	ck_assert_uint_eq(diag_count(&d), 4);
	out = tu_diag_text(&d);
	ck_assert_str_eq(out, "pksim: a.yaml:3:7: error: bad thing\n"
			      "pksim: b.yaml:4: error: no column\n"
			      "pksim: c.yaml: error: no line, so no column "
			      "either\n"
			      "pksim: error: no file, so no position\n");
	free(out);
	diag_free(&d);
	ck_assert_uint_eq(diag_count(&d), 0);
}
END_TEST

START_TEST(test_diag_note_follows_its_error)
{
	struct pk_diag d;
	char *out;

	diag_init(&d);
	diag_note(&d, "a note with no error is dropped");
	diag_error(&d, "s.yaml", 1, 2, "first");
	diag_note(&d, "allowed: %d..%d", 1, 10);
	diag_note(&d, "a second note replaces the first");
	diag_error(&d, "s.yaml", 2, 1, "second");
	out = tu_diag_text(&d);
	ck_assert_str_eq(out, "pksim: s.yaml:1:2: error: first\n"
			      "pksim: note: a second note replaces the "
			      "first\n"
			      "pksim: s.yaml:2:1: error: second\n");
	free(out);
	diag_free(&d);
}
END_TEST

START_TEST(test_diag_cap_at_twenty)
{
	struct pk_diag d;
	char *out, *p;
	int i, lines = 0;

	diag_init(&d);
	/* 23 errors: the first 20 (PK_DIAG_MAX_ERRORS, STYLE.md) are kept,
	   23 - 20 = 3 are counted only; the note on the 23rd is dropped
	   with it */
	for (i = 1; i <= 23; i++) {
		diag_error(&d, "f.yaml", i, 1, "error %d", i);
	}
	diag_note(&d, "dropped");
	ck_assert_uint_eq(diag_count(&d), 23);
	ck_assert_uint_eq(d.n_entries, 20);
	out = tu_diag_text(&d);
	for (p = out; (p = strchr(p, '\n')); p++) {
		lines++;
	}
	ck_assert_int_eq(lines, 21); /* 20 errors + the count line */
	ck_assert_ptr_nonnull(strstr(out,
				     "pksim: f.yaml:20:1: error: error 20\n"
				     "pksim: 3 more errors not shown\n"));
	ck_assert_ptr_null(strstr(out, "error 21"));
	ck_assert_ptr_null(strstr(out, "dropped"));
	free(out);
	diag_free(&d);
}
END_TEST

START_TEST(test_diag_long_message_whole)
{
	struct pk_diag d;
	char big[5000];
	char *out;

	/* no fixed buffer: a 4,999-byte message comes back whole:
	   "pksim: x:1:1: error: " is 21 bytes, + 4,999 + "\n" = 5,021 */
	memset(big, 'm', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	diag_init(&d);
	diag_error(&d, "x", 1, 1, "%s", big);
	out = tu_diag_text(&d);
	ck_assert_uint_eq(strlen(out), 5021);
	free(out);
	diag_free(&d);
}
END_TEST

/* The category comes from where the error is raised (diag.h): a file
   that does not exist or is a directory is bad input, a file that cannot
   be read otherwise is the environment's failure; an environment error
   past the 20 kept still decides. */
START_TEST(test_diag_category)
{
	struct pk_diag d;
	int i;

	diag_init(&d);
	ck_assert_int_eq(diag_category(&d), PK_DIAG_INPUT);
	diag_file_error(&d, "a.yaml", "cannot open", ENOENT);
	diag_file_error(&d, "dir", "cannot read", EISDIR);
	diag_error(&d, "a.yaml", 1, 1, "bad");
	ck_assert_int_eq(diag_category(&d), PK_DIAG_INPUT);
	ck_assert_str_eq(d.entries[0].msg,
			 "cannot open: No such file or directory");
	ck_assert_int_eq(d.entries[0].line, 0);
	diag_free(&d);

	diag_init(&d);
	diag_file_error(&d, "a.yaml", "cannot open", EACCES);
	ck_assert_int_eq(d.entries[0].category, PK_DIAG_ENV);
	ck_assert_int_eq(diag_category(&d), PK_DIAG_ENV);
	diag_free(&d);

	diag_init(&d);
	for (i = 0; i < PK_DIAG_MAX_ERRORS; i++) {
		diag_error(&d, "a.yaml", i + 1, 1, "bad");
	}
	diag_env_error(&d, "r.txt", 0, 0, "cannot write: No space left");
	ck_assert_uint_eq(d.n_entries, PK_DIAG_MAX_ERRORS); /* dropped */
	ck_assert_int_eq(diag_category(&d), PK_DIAG_ENV);
	diag_free(&d);
}
END_TEST

/*
 * A warning is kept apart from the errors: diag_count does not count it
 * (the loader's callers decide failure by that count), it prints as
 * `pksim: FILE:LINE:COL: warning: MSG` before any error, and once
 * printed by diag_print_warnings it is not printed again.
 */
START_TEST(test_diag_warning_apart)
{
	struct pk_diag d;
	char *buf = NULL, *out;
	size_t len = 0;
	FILE *f;

	diag_init(&d);
	diag_warning(&d, "w.yaml", 7, 3, "looks %s", "odd");
	ck_assert_uint_eq(diag_count(&d), 0);
	ck_assert_uint_eq(diag_warning_count(&d), 1);
	diag_error(&d, "w.yaml", 9, 1, "bad");
	out = tu_diag_text(&d);
	ck_assert_str_eq(out, "pksim: w.yaml:7:3: warning: looks odd\n"
			      "pksim: w.yaml:9:1: error: bad\n");
	free(out);
	f = open_memstream(&buf, &len);
	diag_print_warnings(&d, f);
	fclose(f);
	ck_assert_str_eq(buf, "pksim: w.yaml:7:3: warning: looks odd\n");
	free(buf);
	out = tu_diag_text(&d);
	ck_assert_str_eq(out, "pksim: w.yaml:9:1: error: bad\n");
	free(out);
	ck_assert_uint_eq(diag_count(&d), 1);
	diag_free(&d);
	ck_assert_uint_eq(diag_warning_count(&d), 0);
}
END_TEST

/*
 * A property whose value is a key template written out ("{deviceId}-
 * {day(ts)}" under pk, the key /pk) gives every item that one text: the
 * run goes on (exit 0, its report written) and says so on stderr at the
 * property's line and column (line 7, column 3: "  pk: ..."). A
 * pattern's range ("VIN{000..999}") names no property and is not
 * warned of.
 */
START_TEST(test_diag_key_text_warning)
{
	static const char text[] =
	    "name: w\n"
	    "seed: 1\n"
	    "container: {partition_key: /pk, throughput: 400}\n"
	    "items:\n"
	    "  deviceId: {values: \"d{1..3}\"}\n"
	    "  ts: {clock: \"%Y-%m-%dT%H:%M:%SZ\"}\n"
	    "  pk: {const: \"{deviceId}-{day(ts)}\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 2s, rate: 1/s, item_size: 1KB}\n";
	char *dir = tu_tmpdir(), *path = tu_write_file(dir, "w.yaml", text);
	char args[1024], want[1200], *out, *err;

	snprintf(args, sizeof(args), "run '%s' --format json", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	snprintf(want, sizeof(want),
		 "pksim: %s:7:3: warning: property '/pk' holds the text "
		 "\"{deviceId}-{day(ts)}\", which reads as a key template",
		 path);
	ck_assert_msg(strstr(err, want), "%s", err);
	ck_assert_msg(strstr(out, "\"variants\""), "no report: %s", out);
	free(out);
	free(err);
	/* the pattern's range alone: no warning */
	free(tu_write_file(dir, "w.yaml",
			   "name: w\n"
			   "container: {partition_key: /pk, "
			   "throughput: 400}\n"
			   "items:\n"
			   "  pk: {values: \"VIN{000..999}\"}\n"
			   "phases:\n"
			   "  - {name: w, duration: 2s, rate: 1/s}\n"));
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_msg(!strstr(err, "warning"), "%s", err);
	free(out);
	free(err);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}
END_TEST

/*
 * The same text under a DynamoDB table's key: a table's partition_key
 * is an attribute path and refuses a template (scenario_table.c), so
 * the warning does not send the user there: it says a table's key is
 * the attribute as the application writes it and offers a container
 * variant for the template. "  b: ..." is line 6, column 3.
 */
START_TEST(test_diag_key_text_warning_table)
{
	static const char text[] =
	    "name: w\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /b, read_capacity_units: 10, "
	    "write_capacity_units: 10}\n"
	    "items:\n"
	    "  tenant: {values: \"t{1..3}\"}\n"
	    "  b: {const: \"{tenant}-x\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 2s, rate: 1/s, item_size: 1KB}\n";
	char *dir = tu_tmpdir(), *path = tu_write_file(dir, "w.yaml", text);
	char args[1024], want[1200], *out, *err;

	snprintf(args, sizeof(args), "run '%s' --format json", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	snprintf(want, sizeof(want),
		 "pksim: %s:6:3: warning: property '/b' holds the text "
		 "\"{tenant}-x\", which reads as a key template",
		 path);
	ck_assert_msg(strstr(err, want), "%s", err);
	ck_assert_msg(strstr(err, "a DynamoDB table's key is an attribute "
				  "as the application writes it"),
		      "%s", err);
	ck_assert_msg(!strstr(err, "write the template as the key itself"),
		      "%s", err);
	free(out);
	free(err);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("diag");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_diag_empty);
	tcase_add_test(tc, test_diag_position_forms);
	tcase_add_test(tc, test_diag_note_follows_its_error);
	tcase_add_test(tc, test_diag_cap_at_twenty);
	tcase_add_test(tc, test_diag_long_message_whole);
	tcase_add_test(tc, test_diag_category);
	tcase_add_test(tc, test_diag_warning_apart);
	tcase_add_test(tc, test_diag_key_text_warning);
	tcase_add_test(tc, test_diag_key_text_warning_table);
	suite_add_tcase(s, tc);
	return s;
}
