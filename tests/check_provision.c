/*
 * provision: minimum RU/s, autoscale and serverless arithmetic (rules
 * 3, 8, 17, 18, 19). Each expected number has its reason beside it.
 */
#include <check.h>
#include <stdlib.h>

#include "pksim/service/cosmos/provision.h"
#include "testutil.h"

#define GB (1024ULL * 1024ULL * 1024ULL)

START_TEST(test_provision_min_manual)
{
	enum pk_min_reason why;

	/* a new empty container: the 400 RU/s floor */
	ck_assert_int_eq(provision_min_manual(0, 400, &why), 400);
	ck_assert_int_eq(why, PK_MIN_FLOOR);
	/* rule 8: after 100,000 RU/s the minimum is 1,000 */
	ck_assert_int_eq(provision_min_manual(0, 100000, &why), 1000);
	ck_assert_int_eq(why, PK_MIN_HIGHEST);
	/* rule 8 / D-LIMITS: 50,000 RU/s and 20 GB -> max(400, 20, 500) */
	ck_assert_int_eq(provision_min_manual(20 * GB, 50000, &why), 500);
	ck_assert_int_eq(why, PK_MIN_HIGHEST);
	/* D-LIMITS: at 2,000 GB it is 2,000 (1 RU/s per GB) */
	ck_assert_int_eq(provision_min_manual(2000 * GB, 50000, &why), 2000);
	ck_assert_int_eq(why, PK_MIN_STORAGE);
	/* ceil(GB): one byte over 500 GB counts 501 */
	ck_assert_int_eq(provision_min_manual(500 * GB + 1, 0, NULL), 501);
	/* highest / 100 rounded up: 100,001 -> 1,001 */
	ck_assert_int_eq(provision_min_manual(0, 100001, NULL), 1001);
}
END_TEST

START_TEST(test_provision_min_autoscale)
{
	/* rule 8: max(1,000, GB x 10, highest max / 10), to 1,000 */
	ck_assert_int_eq(provision_min_autoscale_max(0, 4000, NULL), 1000);
	/* 100,000 max ever -> 10,000 */
	ck_assert_int_eq(provision_min_autoscale_max(0, 100000, NULL), 10000);
	/* 150 GB x 10 = 1,500 -> rounded up to 2,000 */
	ck_assert_int_eq(provision_min_autoscale_max(150 * GB, 0, NULL), 2000);
}
END_TEST

START_TEST(test_provision_autoscale)
{
	/* Autoscale 31,000 -> ceil(3.1) = 4 partitions */
	ck_assert_uint_eq(provision_autoscale_ranges(31000), 4);
	/* rule 3: 40,000 -> 4; 1,000 -> 1 */
	ck_assert_uint_eq(provision_autoscale_ranges(40000), 4);
	ck_assert_uint_eq(provision_autoscale_ranges(1000), 1);
	/* rule 17: floor 0.1 Tmax = 3,100 when idle */
	ck_assert_int_eq(provision_autoscale_current(31000, 0, 4), 3100);
	ck_assert_int_eq(provision_autoscale_floor(31000), 3100);
	/* busiest range 2,000 RU x 4 ranges = 8,000 */
	ck_assert_int_eq(provision_autoscale_current(31000, 2000000, 4), 8000);
	/* 7,750 x 4 = 31,000: Tmax, never above */
	ck_assert_int_eq(provision_autoscale_current(31000, 7750000, 4), 31000);
	ck_assert_int_eq(provision_autoscale_current(31000, 9000000, 4), 31000);
	/* rule 18: D-AUTO example, 6,000 GB -> Tmax 60,000 */
	ck_assert_int_eq(provision_autoscale_max_for_storage(4000, 6000 * GB),
			 60000);
	/* 400 GB under Tmax 4,000 (0.1 x 4,000 = 400 GB): unchanged */
	ck_assert_int_eq(provision_autoscale_max_for_storage(4000, 400 * GB),
			 4000);
	/* 401 GB -> 4,010 -> 5,000 */
	ck_assert_int_eq(provision_autoscale_max_for_storage(4000, 401 * GB),
			 5000);
}
END_TEST

START_TEST(test_provision_serverless)
{
	/* rule 19 (revised) / D-SLESS: partitions x 5,000; the page's own
	   example, 2 partitions: 2 x 5,000 = 10,000 */
	ck_assert_int_eq(provision_serverless_ru_per_s(1), 5000);
	ck_assert_int_eq(provision_serverless_ru_per_s(2), 10000);
	ck_assert_int_eq(provision_serverless_ru_per_s(6), 30000);
	/* 1 TB = 20 partitions: 20 x 5,000 = 100,000 */
	ck_assert_int_eq(provision_serverless_ru_per_s(20), 100000);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("provision");
	TCase *tc = tcase_create("arithmetic");

	tcase_add_test(tc, test_provision_min_manual);
	tcase_add_test(tc, test_provision_min_autoscale);
	tcase_add_test(tc, test_provision_autoscale);
	tcase_add_test(tc, test_provision_serverless);
	suite_add_tcase(s, tc);
	return s;
}
