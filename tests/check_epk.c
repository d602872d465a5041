/*
 * epk: MurmurHash3 primitives and V2 effective partition keys, checked
 * against the published values: the reference's self-check (§8) and every
 * "Hash, version 2" row of ../shared/vectors/epk_vectors.csv, read at test
 * time, and its MultiHash rows (no expected value is copied here).
 */
#include <check.h>
#include <csv.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/epk.h"
#include "testutil.h"

START_TEST(test_epk_murmur_reference)
{
	uint64_t h1, h2;

	/* reference §8 "quick self-check": MurmurHash3_x86_32("hello", 0) */
	ck_assert_uint_eq(epk_murmur3_x86_32("hello", 5, 0), 0x248BFA47U);
	/* and MurmurHash3_x64_128("hello", 0) */
	epk_murmur3_x64_128("hello", 5, 0, &h1, &h2);
	ck_assert_uint_eq(h1, 0xCBD8A7B341BD9B02ULL);
	ck_assert_uint_eq(h2, 0x5B1E906A48AE1D19ULL);
}
END_TEST

/* ---- the vectors file ---- */

struct row_state {
	int field;
	int is_header;
	char kind[32], version[8];
	char *components, *expected;
	int checked, failed;
};

/* components JSON -> values; numbers as doubles (JSON_DECODE_INT_AS_REAL:
   the service hashes every number as an IEEE-754 double, reference §7) */
static size_t to_values(json_t *arr, struct pk_value *v, size_t cap)
{
	size_t i, n = json_array_size(arr);

	for (i = 0; i < n && i < cap; i++) {
		json_t *x = json_array_get(arr, i);

		memset(&v[i], 0, sizeof(v[i]));
		if (json_is_string(x)) {
			v[i].type = PK_VALUE_STRING;
			v[i].str = json_string_value(x);
			v[i].len = json_string_length(x);
		} else if (json_is_number(x)) {
			v[i].type = PK_VALUE_NUMBER;
			v[i].num = json_number_value(x);
		} else if (json_is_boolean(x)) {
			v[i].type = PK_VALUE_BOOL;
			v[i].boolean = json_is_true(x);
		} else if (json_is_null(x)) {
			v[i].type = PK_VALUE_NULL;
		} else {
			/* {} stands for Undefined in the SDK tests */
			v[i].type = PK_VALUE_UNDEFINED;
		}
	}
	return n;
}

static void check_row(struct row_state *st)
{
	struct pk_value v[8];
	json_error_t err;
	json_t *arr;
	char got[PK_EPK_HEX_MAX];
	struct pk_epk e;
	size_t n;
	int multi = strcmp(st->kind, "MultiHash") == 0;

	if (!multi &&
	    (strcmp(st->kind, "Hash") != 0 || strcmp(st->version, "2") != 0)) {
		return;
	}
	arr = json_loads(st->components, JSON_DECODE_ANY |
				 JSON_DECODE_INT_AS_REAL, &err);
	ck_assert_msg(arr != NULL, "bad components %s", st->components);
	n = to_values(arr, v, 8);
	if (n == 0) {
		got[0] = '\0'; /* the empty key is the minimum EPK "" */
	} else {
		e = multi ? epk_hash_multi(v, n) : epk_hash_v2(v, n);
		epk_format(&e, got);
	}
	if (strcmp(got, st->expected) != 0) {
		st->failed++;
		fprintf(stderr, "epk mismatch for %.60s: got %s want %s\n",
			st->components, got, st->expected);
	}
	st->checked++;
	json_decref(arr);
}

static void on_field(void *s, size_t len, void *data)
{
	struct row_state *st = data;
	const char *f = s;

	switch (st->field++) {
	case 1:
		snprintf(st->kind, sizeof(st->kind), "%.*s", (int)len, f);
		break;
	case 2:
		snprintf(st->version, sizeof(st->version), "%.*s", (int)len,
			 f);
		break;
	case 3:
		st->components = strndup(f, len);
		break;
	case 4:
		st->expected = strndup(f, len);
		break;
	default:
		break;
	}
}

static void on_row(int c, void *data)
{
	struct row_state *st = data;

	(void)c;
	if (!st->is_header && st->components && st->expected) {
		check_row(st);
	}
	st->is_header = 0;
	free(st->components);
	free(st->expected);
	st->components = st->expected = NULL;
	st->field = 0;
}

START_TEST(test_epk_v2_and_multihash_vectors)
{
	struct csv_parser p;
	struct row_state st = {0};
	size_t len;
	char *text = tu_read_file(tu_shared("vectors/epk_vectors.csv"), &len);

	ck_assert_msg(text != NULL, "cannot read ../shared/vectors");
	st.is_header = 1;
	ck_assert_int_eq(csv_init(&p, CSV_APPEND_NULL), 0);
	ck_assert_uint_eq(csv_parse(&p, text, len, on_field, on_row, &st),
			  len);
	csv_fini(&p, on_field, on_row, &st);
	csv_free(&p);
	free(text);
	/* the file holds 62 Hash V2 rows and 5 MultiHash rows (reference
	   §8, SOURCES.md) */
	ck_assert_int_eq(st.checked, 62 + 5);
	ck_assert_int_eq(st.failed, 0);
}
END_TEST

START_TEST(test_epk_order_and_format)
{
	/* ordinal order of the hex strings: "10FF.." < "20" < "2000.." */
	struct pk_epk a = {16, {0x10, 0xFF}}, b = {1, {0x20}};
	struct pk_epk c = {16, {0x20}};
	struct pk_epk m;
	char buf[PK_EPK_HEX_MAX];

	ck_assert_int_lt(epk_cmp(&a, &b), 0);
	ck_assert_int_lt(epk_cmp(&b, &c), 0); /* a prefix sorts first */
	ck_assert_int_gt(epk_cmp(&c, &a), 0);
	ck_assert_int_eq(epk_cmp(&c, &c), 0);
	epk_format(&pk_epk_min, buf);
	ck_assert_str_eq(buf, ""); /* reference §7: the minimum is "" */
	epk_format(&pk_epk_end, buf);
	ck_assert_str_eq(buf, "FF"); /* and the maximum "FF" */
	/* every V2 EPK sorts below "FF" and below 0x40.. */
	ck_assert_int_lt(epk_cmp(&a, &pk_epk_end), 0);
	/* midpoint of ["", 0x40..) is 0x20.. (16 bytes) */
	m = epk_midpoint(&pk_epk_min, &pk_epk_v2_reach);
	epk_format(&m, buf);
	ck_assert_str_eq(buf, "20000000000000000000000000000000");
	/* midpoint of [0x10FF.., 0x20..): (0x10FF + 0x2000) / 2 = 0x187F.8,
	   i.e. 0x187F8000.. */
	m = epk_midpoint(&a, &c);
	epk_format(&m, buf);
	ck_assert_str_eq(buf, "187F8000000000000000000000000000");
	/* 48-byte EPKs (three MultiHash levels) keep their length */
	a.len = 48;
	m = epk_midpoint(&a, &c);
	ck_assert_uint_eq(m.len, 48);
}
END_TEST

static Suite *epk_suite(void)
{
	Suite *s = suite_create("epk");
	TCase *tc = tcase_create("hash");

	tcase_add_test(tc, test_epk_murmur_reference);
	tcase_add_test(tc, test_epk_v2_and_multihash_vectors);
	tcase_add_test(tc, test_epk_order_and_format);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(epk_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
