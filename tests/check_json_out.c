/*
 * json_out: the JSON report's buffered writer (report_json_out.c) gives
 * json_dumpf's bytes, on trees smaller and larger than its 16 KiB buffer
 * and with a string longer than the buffer, and returns -1 when the
 * stream cannot take them.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/report/report_json_int.h"
#include "testutil.h"

/* the report's flags (report_json.c's PK_JSON_FLAGS) */
#define FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(16))

/* root written by json_dumpf and by report_json_dumpf into memory: both
   return 0 and the two texts are the same bytes; returns the length */
static size_t same_as_dumpf(const json_t *root)
{
	char *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	FILE *fa = open_memstream(&a, &na), *fb = open_memstream(&b, &nb);

	ck_assert_ptr_nonnull(fa);
	ck_assert_ptr_nonnull(fb);
	ck_assert_int_eq(json_dumpf(root, fa, FLAGS), 0);
	ck_assert_int_eq(report_json_dumpf(root, fb, FLAGS), 0);
	ck_assert_int_eq(fclose(fa), 0);
	ck_assert_int_eq(fclose(fb), 0);
	ck_assert_uint_eq(na, nb);
	ck_assert_int_eq(memcmp(a, b, na), 0);
	free(a);
	free(b);
	return na;
}

/* an object of n rows like a range's: an id, a real, a string with
   characters JSON escapes, a nested array */
static json_t *rows(int n)
{
	json_t *root = json_object(), *arr = json_array();
	int i;

	for (i = 0; i < n; i++) {
		json_t *row = json_object();

		json_object_set_new(row, "id", json_integer(i));
		json_object_set_new(row, "share", json_real(i / 7.0));
		json_object_set_new(row, "name",
				    json_string("range \"q\"\n\t"));
		json_object_set_new(
		    row, "cells", json_pack("[i, f, b, n]", i, i * 0.5, i & 1));
		json_array_append_new(arr, row);
	}
	json_object_set_new(root, "ranges", arr);
	return root;
}

START_TEST(test_json_out_same_bytes)
{
	json_t *small = rows(3), *big = rows(5000), *lng = json_object();
	char *s = malloc(100001);

	/* 3 rows: a few hundred bytes, written at the end in one go */
	ck_assert_uint_lt(same_as_dumpf(small), 16384);
	/* 5,000 rows: several hundred KB, many full buffers */
	ck_assert_uint_gt(same_as_dumpf(big), 10 * 16384);
	/* a 100,000-byte string: one piece larger than the buffer, after
	   bytes still waiting in it */
	memset(s, 'x', 100000);
	s[100000] = '\0';
	json_object_set_new(lng, "a", json_integer(1));
	json_object_set_new(lng, "long", json_string(s));
	json_object_set_new(lng, "z", json_real(0.1));
	ck_assert_uint_gt(same_as_dumpf(lng), 100000);
	free(s);
	json_decref(small);
	json_decref(big);
	json_decref(lng);
}
END_TEST

/* /dev/full takes no byte: every write the stream makes fails with
   ENOSPC, as a full disk under -o does */
START_TEST(test_json_out_write_error)
{
	json_t *big = rows(5000), *small = rows(3);
	FILE *f = fopen("/dev/full", "w");

	ck_assert_ptr_nonnull(f);
	/* the stream's own buffer fills and its write fails within the
	   dump: -1, as json_dumpf gives */
	ck_assert_int_eq(report_json_dumpf(big, f, FLAGS), -1);
	fclose(f);
	/* unbuffered: the one write at the end fails */
	f = fopen("/dev/full", "w");
	ck_assert_ptr_nonnull(f);
	setvbuf(f, NULL, _IONBF, 0);
	ck_assert_int_eq(report_json_dumpf(small, f, FLAGS), -1);
	fclose(f);
	json_decref(big);
	json_decref(small);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("json_out");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_json_out_same_bytes);
	tcase_add_test(tc, test_json_out_write_error);
	suite_add_tcase(s, tc);
	return s;
}
