/*
 * check_sort: sort_u64 against orders written out by hand, and against
 * qsort's over many keys.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "pksim/base/sort.h"
#include "testutil.h"

/*
 * Keys that differ in one byte or several, ties, both ends of the range:
 * ascending by value, as written. The second set shares all but its low
 * byte (the other seven passes are skipped) and the third all but its
 * top byte.
 */
START_TEST(test_sort_by_hand)
{
	uint64_t a[] = {5,    0xff00000000000001ULL, 3, 5, 0, UINT64_MAX, 0x100,
			0xff, 0x0100000000000000ULL};
	const uint64_t a_want[] = {0,
				   3,
				   5,
				   5,
				   0xff,
				   0x100,
				   0x0100000000000000ULL,
				   0xff00000000000001ULL,
				   UINT64_MAX};
	uint64_t b[] = {0xabcdef0123456709ULL, 0xabcdef0123456701ULL,
			0xabcdef0123456705ULL};
	const uint64_t b_want[] = {0xabcdef0123456701ULL, 0xabcdef0123456705ULL,
				   0xabcdef0123456709ULL};
	uint64_t c[] = {0x0300000000000007ULL, 0x0100000000000007ULL,
			0x0200000000000007ULL};
	const uint64_t c_want[] = {0x0100000000000007ULL, 0x0200000000000007ULL,
				   0x0300000000000007ULL};
	uint64_t one = 42;
	size_t i;

	sort_u64(a, 9);
	for (i = 0; i < 9; i++) {
		ck_assert_uint_eq(a[i], a_want[i]);
	}
	sort_u64(b, 3);
	sort_u64(c, 3);
	for (i = 0; i < 3; i++) {
		ck_assert_uint_eq(b[i], b_want[i]);
		ck_assert_uint_eq(c[i], c_want[i]);
	}
	sort_u64(&one, 1);
	ck_assert_uint_eq(one, 42);
	sort_u64(NULL, 0);
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* 100,001 keys of a 64-bit LCG (Knuth's MMIX constants), every tenth
   repeated: the same order as qsort with a three-way compare gives */
START_TEST(test_sort_matches_qsort)
{
	const size_t n = 100001;
	uint64_t *v = malloc(n * sizeof(*v)), *w = malloc(n * sizeof(*w));
	uint64_t x = 1;
	size_t i;

	for (i = 0; i < n; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		v[i] = i % 10 == 9 ? v[i - 1] : x;
		w[i] = v[i];
	}
	sort_u64(v, n);
	qsort(w, n, sizeof(*w), cmp_u64);
	for (i = 0; i < n; i++) {
		tu_loop_uint(v[i], ==, w[i]);
	}
	free(v);
	free(w);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("sort");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_sort_by_hand);
	tcase_add_test(tc, test_sort_matches_qsort);
	suite_add_tcase(s, tc);
	return s;
}
