/*
 * width: the text reports fitted to a width (--width N, textwrap.h):
 * lines broken at spaces, never inside a number or a quoted key, with a
 * hanging indent; colour sequences take no column; the compare table's
 * cells whole (a key such as "{date}.{hash(deviceId) mod 400}" is never
 * cut) and its variants in blocks that fit.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/report/textwrap.h"
#include "testutil.h"

/* text wrapped to width, as a string (caller frees) */
static char *wrapped(const char *text, size_t width)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(text_wrap(text, strlen(text), width, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	return buf;
}

/* the widest line of text, in columns */
static size_t widest(const char *text)
{
	size_t w = 0;

	while (*text) {
		size_t n = strcspn(text, "\n"), c = text_columns(text, n);

		w = c > w ? c : w;
		text += n + (text[n] == '\n');
	}
	return w;
}

START_TEST(test_width_columns)
{
	/* "█" is 3 bytes and one column; ESC[31m and ESC[0m none */
	ck_assert_uint_eq(text_columns("a█b", strlen("a█b")), 3);
	ck_assert_uint_eq(text_columns("\033[31mab\033[0m", 11), 2);
}
END_TEST

START_TEST(test_width_breaks_at_spaces)
{
	/* 10 columns: "  one two" is 9, adding " three" would be 15; the
	   rest goes on continuation lines indented 2 + 4 = 6 columns, each
	   with 10 - 6 = 4 columns for text, so "three" (5) and "four" stay
	   whole on lines of their own */
	char *w = wrapped("  one two three four\nshort\n", 10);

	ck_assert_str_eq(w, "  one two\n      three\n      four\nshort\n");
	free(w);
	/* width 0 leaves the text as it is */
	w = wrapped("  one two three four\n", 0);
	ck_assert_str_eq(w, "  one two three four\n");
	free(w);
}
END_TEST

START_TEST(test_width_never_inside_quotes_or_numbers)
{
	/* the break after "is" would put 21 columns on the first line; the
	   quoted key may not be split, so the line breaks before it; the
	   number "1,234,567" has no space to break at */
	char *w = wrapped("key is \"New York City\" with 1,234,567 RU", 20);

	ck_assert_str_eq(w,
			 "key is\n    \"New York City\"\n    with 1,234,567\n"
			 "    RU");
	free(w);
	/* a line without a space (a heat strip) is written whole */
	w = wrapped("  |████████████████████████████████|", 10);
	ck_assert_str_eq(w, "  |████████████████████████████████|");
	free(w);
}
END_TEST

START_TEST(test_width_compare_cells_whole)
{
	char *out, *line;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	/* to a pipe: no width limit, the widest cell sets its column */
	out = tu_run_ok("compare scenarios/compare-iot.yaml");
	line = strstr(out, "  partition key ");
	ck_assert_ptr_nonnull(line);
	*strchr(line, '\n') = '\0';
	ck_assert_ptr_nonnull(strstr(line, "{date}.{hash(deviceId) mod 400}"));
	ck_assert_ptr_null(strstr(line, ".."));
	free(out);
}
END_TEST

START_TEST(test_width_compare_fits)
{
	char *out, *second;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	out = tu_run_ok("compare scenarios/compare-iot.yaml --width 80");
	ck_assert_uint_le(widest(out), 80);
	/* four variants of at least 22 columns after the 26-column labels
	   do not fit 80 (26 + 4 x 22 = 114): two blocks, the labels
	   repeated; 26 + 22 + 32 (the 31-column key and a space) = 80 fits
	   device-date and date-bucket together */
	ck_assert_ptr_nonnull(strstr(out, "  variant                  device "
					  "               date\n"));
	second = strstr(out, "  variant                  device-date ");
	ck_assert_ptr_nonnull(second);
	ck_assert_ptr_nonnull(
	    strstr(second, "{date}.{hash(deviceId) mod 400}"));
	free(out);
}
END_TEST

/* The same at 200 columns: one block */
START_TEST(test_width_compare_one_block)
{
	char *out;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	out = tu_run_ok("compare scenarios/compare-iot.yaml --width 200");
	ck_assert_ptr_nonnull(strstr(out, "date                  device-date"));
	ck_assert_uint_le(widest(out), 200);
	free(out);
}
END_TEST

START_TEST(test_width_run_fits)
{
	char *out;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	out = tu_run_ok("run scenarios/iot-by-day.yaml --width 60");
	ck_assert_uint_le(widest(out), 60);
	free(out);
}
END_TEST

START_TEST(test_width_bad)
{
	char *out = NULL, *err = NULL;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	ck_assert_int_eq(
	    tu_run("run scenarios/iot-by-day.yaml --width 39", &out, &err), 2);
	ck_assert_str_eq(err, "pksim: error: --width needs a number of "
			      "columns from 40 to 1000, or 0 for no limit, "
			      "got '39'; see 'pksim run --help'\n");
	free(out);
	free(err);
	ck_assert_int_eq(tu_run("compare scenarios/compare-iot.yaml --width "
				"wide",
				&out, &err),
			 2);
	ck_assert_ptr_nonnull(strstr(err, "got 'wide'"));
	free(out);
	free(err);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("width");
	TCase *tc = tcase_create("core");
	/* tagged plain_only: tools/test's asan stage skips them (their
	   replays, compare-iot's report in one block, at no width limit
	   or at 200 columns, run there in check_narrate's
	   test_narrate_variants_named, and cut into blocks in
	   test_width_compare_fits; what they assert, the layout, is
	   checked in build/) */
	TCase *plain = tcase_create("width_plain_only");

	tcase_set_tags(plain, "plain_only");
	tcase_set_timeout(plain, 300);

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_width_columns);
	tcase_add_test(tc, test_width_breaks_at_spaces);
	tcase_add_test(tc, test_width_never_inside_quotes_or_numbers);
	tcase_add_test(plain, test_width_compare_cells_whole);
	tcase_add_test(tc, test_width_compare_fits);
	tcase_add_test(plain, test_width_compare_one_block);
	tcase_add_test(tc, test_width_run_fits);
	tcase_add_test(tc, test_width_bad);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, plain);
	return s;
}
