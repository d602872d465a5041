/* pmap: initial layout over the V2 space, lookup, splits, invariants. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/service/cosmos/pmap.h"
#include "testutil.h"

START_TEST(test_pmap_initial_even)
{
	struct pk_pmap m;
	char buf[PK_EPK_HEX_MAX];

	/* 4 ranges over [0, 0x40..): boundaries at 0x10.., 0x20.., 0x30.. */
	pmap_init(&m, 4);
	ck_assert_uint_eq(m.n, 4);
	epk_format(&m.ranges[0].min, buf);
	ck_assert_str_eq(buf, ""); /* rule 24: the first range starts at "" */
	epk_format(&m.ranges[1].min, buf);
	ck_assert_str_eq(buf, "10000000000000000000000000000000");
	epk_format(&m.ranges[3].min, buf);
	ck_assert_str_eq(buf, "30000000000000000000000000000000");
	epk_format(&m.ranges[3].max, buf);
	ck_assert_str_eq(buf, "FF");	      /* and the last ends at "FF" */
	ck_assert_uint_eq(m.ranges[2].id, 2); /* ids "0".."3" */
	ck_assert_int_eq(pmap_check(&m), 0);
	/* each holds a quarter of the reachable space */
	ck_assert(pmap_width(&m, 3) > 0.2499 && pmap_width(&m, 3) < 0.2501);
	pmap_free(&m);
}
END_TEST

START_TEST(test_pmap_find)
{
	struct pk_pmap m;
	struct pk_epk e = {16, {0x20}};
	struct pk_epk just_below = {16,
				    {0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
				     0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
				     0xFF, 0xFF}};

	pmap_init(&m, 4);
	ck_assert_uint_eq(pmap_find(&m, &pk_epk_min), 0);
	ck_assert_uint_eq(pmap_find(&m, &e), 2);	  /* min is inclusive */
	ck_assert_uint_eq(pmap_find(&m, &just_below), 1); /* max exclusive */
	ck_assert_uint_eq(pmap_find(&m, &pk_epk_v2_reach), 3);
	pmap_free(&m);
}
END_TEST

START_TEST(test_pmap_split)
{
	struct pk_pmap m;
	struct pk_epk mid;
	char buf[PK_EPK_HEX_MAX];

	pmap_init(&m, 1);
	/* the last range's "FF" counts as 0x40..: midpoint 0x20.. so both
	   halves can hold V2 keys (reference §7) */
	mid = pmap_midpoint(&m, 0);
	epk_format(&mid, buf);
	ck_assert_str_eq(buf, "20000000000000000000000000000000");
	ck_assert_int_eq(pmap_split(&m, 0, &mid), 0);
	ck_assert_uint_eq(m.n, 2);
	ck_assert_uint_eq(m.ranges[0].id, 1); /* children get new ids */
	ck_assert_uint_eq(m.ranges[1].id, 2);
	ck_assert_int_eq(pmap_check(&m), 0);
	/* a cut on the boundary is refused */
	ck_assert_int_eq(pmap_split(&m, 1, &mid), -1);
	ck_assert_int_eq(pmap_split(&m, 0, &pk_epk_min), -1);
	pmap_free(&m);
}
END_TEST

/* D-MERGE: two adjacent ranges become [left.min, right.max) with a new
   id; the map still tiles "" .. "FF". 4 ranges (ids 0-3): merging 1 + 2
   gives id 4 at index 1; merging the last pair gives id 5 ending at FF. */
START_TEST(test_pmap_merge)
{
	struct pk_pmap m;
	struct pk_epk lo, hi;

	pmap_init(&m, 4);
	lo = m.ranges[1].min;
	hi = m.ranges[2].max;
	ck_assert_int_eq(pmap_merge(&m, 1), 0);
	ck_assert_uint_eq(m.n, 3);
	ck_assert_uint_eq(m.ranges[1].id, 4);
	ck_assert_int_eq(epk_cmp(&m.ranges[1].min, &lo), 0);
	ck_assert_int_eq(epk_cmp(&m.ranges[1].max, &hi), 0);
	ck_assert_uint_eq(m.ranges[2].id, 3);
	ck_assert_int_eq(pmap_check(&m), 0);
	ck_assert_int_eq(pmap_merge(&m, 1), 0);
	ck_assert_uint_eq(m.ranges[1].id, 5);
	ck_assert_int_eq(epk_cmp(&m.ranges[1].max, &pk_epk_end), 0);
	ck_assert_int_eq(pmap_merge(&m, 1), -1); /* no range after it */
	ck_assert_int_eq(pmap_check(&m), 0);
	pmap_free(&m);
}
END_TEST

/* Version 1 layout (ASSUMPTION in pmap.h): the 32-bit hash space cut
   evenly, boundaries written as V1 numbers like the SDK tests' V1
   boundaries (05C1D5AB55AB50 reads as 1,431,655,764, about 2^32 / 3). */
START_TEST(test_pmap_v1_layout)
{
	struct pk_pmap m;
	struct pk_epk sdk = {7, {0x05, 0xC1, 0xD5, 0xAB, 0x55, 0xAB, 0x50}};
	double x;
	size_t i, counts[4] = {0};

	ck_assert_int_eq(epk_v1_number_of(&sdk, &x), 0);
	ck_assert(x == 1431655764.0);
	pmap_init_version(&m, 4, 1);
	ck_assert_int_eq(pmap_check(&m), 0);
	for (i = 1; i < 4; i++) {
		/* i x 2^30, read back from its V1 encoding */
		ck_assert_int_eq(epk_v1_number_of(&m.ranges[i].min, &x), 0);
		ck_assert(x == (double)i * 1073741824.0);
	}
	/* each range a quarter of the hash space */
	ck_assert(pmap_width(&m, 0) == 0.25 && pmap_width(&m, 3) == 0.25);
	/* 4,000 V1 keys spread over the 4 ranges (binomial sd ~27 around
	   1,000: each within 850..1,150) */
	for (i = 0; i < 4000; i++) {
		char key[16];
		struct pk_value v = {PK_VALUE_STRING, key, 0, 0, 0};
		struct pk_epk e;

		v.len = (size_t)snprintf(key, sizeof(key), "k%zu", i);
		e = epk_hash_v1(&v, 1);
		counts[pmap_find(&m, &e)]++;
	}
	for (i = 0; i < 4; i++) {
		ck_assert_uint_ge(counts[i], 850);
		ck_assert_uint_le(counts[i], 1150);
	}
	/* a throughput split of range 0 cuts at hash 2^29 */
	ck_assert_int_eq(epk_v1_number_of(&(struct pk_epk){0}, &x), -1);
	{
		struct pk_epk mid = pmap_midpoint(&m, 0);

		ck_assert_int_eq(epk_v1_number_of(&mid, &x), 0);
		ck_assert(x == 536870912.0);
	}
	pmap_free(&m);
}
END_TEST

/* The range of e by a walk over every range: the last whose min <= e
   (pmap.h's definition of pmap_find, by epk_cmp alone) */
static size_t find_by_walk(const struct pk_pmap *m, const struct pk_epk *e)
{
	size_t i, at = 0;

	for (i = 0; i < m->n; i++) {
		if (epk_cmp(&m->ranges[i].min, e) <= 0) {
			at = i;
		}
	}
	return at;
}

/*
 * pmap_find orders by the first 8 bytes where both EPKs have them and
 * they differ, and by epk_cmp otherwise. Ranges cut at 32-byte EPKs
 * (a hierarchical key's) sharing their first 8 bytes, at a 4-byte one
 * (shorter than 8) and at 16-byte ones; every probe, long, short, equal
 * to a min, one past it or with the shared head, finds the range the
 * walk by epk_cmp finds.
 */
START_TEST(test_pmap_find_heads)
{
	struct pk_pmap m;
	struct pk_epk cut, e;
	size_t i, k;
	int len, b;

	pmap_init(&m, 4);
	/* 0x10 0x00 .. (32 bytes), then the same first 8 bytes with
	   byte 20 = 1, 2, 3: mins that differ past the head */
	for (k = 0; k < 4; k++) {
		memset(&cut, 0, sizeof(cut));
		cut.len = 32;
		cut.b[0] = 0x10;
		cut.b[20] = (uint8_t)k;
		ck_assert_int_eq(pmap_split(&m, pmap_find(&m, &cut), &cut), 0);
	}
	/* a 4-byte min: 0x05 0x01 0x02 0x03 */
	memset(&cut, 0, sizeof(cut));
	cut.len = 4;
	cut.b[0] = 0x05;
	cut.b[1] = 1;
	cut.b[2] = 2;
	cut.b[3] = 3;
	ck_assert_int_eq(pmap_split(&m, pmap_find(&m, &cut), &cut), 0);
	ck_assert_int_eq(pmap_check(&m), 0);
	ck_assert_uint_eq(m.n, 9);
	for (len = 0; len <= 32; len += 1) {
		for (b = 0; b < 256; b += 3) {
			for (k = 0; k < 4; k++) {
				memset(&e, 0, sizeof(e));
				e.len = (uint8_t)len;
				if (len > 0) {
					e.b[0] = (uint8_t)b;
				}
				if (len > 3) {
					e.b[3] = (uint8_t)(k == 1 ? 3 : 0);
				}
				if (len > 20) {
					e.b[20] = (uint8_t)k;
				}
				if (len > 31 && k == 3) {
					e.b[31] = 1;
				}
				ck_assert_uint_eq(pmap_find(&m, &e),
						  find_by_walk(&m, &e));
			}
		}
	}
	for (i = 0; i < m.n; i++) {
		/* each min is in its own range */
		ck_assert_uint_eq(pmap_find(&m, &m.ranges[i].min), i);
	}
	pmap_free(&m);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("pmap");
	TCase *tc = tcase_create("ranges");

	tcase_add_test(tc, test_pmap_initial_even);
	tcase_add_test(tc, test_pmap_v1_layout);
	tcase_add_test(tc, test_pmap_find);
	tcase_add_test(tc, test_pmap_find_heads);
	tcase_add_test(tc, test_pmap_split);
	tcase_add_test(tc, test_pmap_merge);
	suite_add_tcase(s, tc);
	return s;
}
