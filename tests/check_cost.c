/* cost: charges through the published points (D-RU, D-KV). */
#include <check.h>
#include <stdlib.h>

#include "pksim/service/cosmos/cost.h"
#include "testutil.h"

static struct pk_cost model(void)
{
	struct pk_cost_spec s = {1, 10, 5, 50, 1, 1, 2.5, 0.5};
	struct pk_cost c;

	cost_init(&c, &s);
	return c;
}

START_TEST(test_cost_published_points)
{
	struct pk_cost c = model();

	ck_assert_int_eq(cost_read_mru(&c, 1024), 1000);	 /* 1 KB: 1 */
	ck_assert_int_eq(cost_read_mru(&c, 100 * 1024), 10000);	 /* 100 KB */
	ck_assert_int_eq(cost_write_mru(&c, 1024), 5000);	 /* 5 RU */
	ck_assert_int_eq(cost_write_mru(&c, 100 * 1024), 50000); /* 50 RU */
}
END_TEST

START_TEST(test_cost_between_and_beyond)
{
	struct pk_cost c = model();

	/* below 1 KB: flat at the 1 KB charge */
	ck_assert_int_eq(cost_read_mru(&c, 100), 1000);
	/* 50 KB write: 5 + 45 x 49 / 99 = 27.2727 RU -> 27,273 mRU */
	ck_assert_int_eq(cost_write_mru(&c, 50 * 1024), 27273);
	/* 200 KB: proportional beyond 100 KB, 2 x 50 = 100 RU */
	ck_assert_int_eq(cost_write_mru(&c, 200 * 1024), 100000);
	/* 8 KB write: 5 + 45 x 7 / 99 = 8.1818 RU */
	ck_assert_int_eq(cost_write_mru(&c, 8 * 1024), 8182);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("cost");
	TCase *tc = tcase_create("charges");

	tcase_add_test(tc, test_cost_published_points);
	tcase_add_test(tc, test_cost_between_and_beyond);
	suite_add_tcase(s, tc);
	return s;
}
