/* ddb_layout: DynamoDB partition counts and shares, each figure from a
   testable statement (§16) or worked example (§17) of
   dynamodb-mechanics.md. */
#include <check.h>

#include "pksim/service/dynamodb/ddb_layout.h"
#include "testutil.h"

#define GIB (1024ull * 1024 * 1024)

static void assert_shares(const struct pk_ddb_layout *l, size_t from, size_t to,
			  double rcu, double wcu)
{
	for (size_t i = from; i < to; i++) {
		ck_assert_double_eq_tol(l->parts[i].rcu, rcu, 1e-9);
		ck_assert_double_eq_tol(l->parts[i].wcu, wcu, 1e-9);
	}
}

START_TEST(test_ddb_layout_initial)
{
	struct pk_ddb_layout l;

	/* statement 10: 1,000 RCU + 500 WCU = 0.833 -> 1 partition;
	   1,000 + 1,000 = 1.333 -> 2 of 500 / 500 */
	ck_assert_uint_eq(ddb_layout_initial_count(1000, 500, 0), 1);
	ddb_layout_init(&l, 1000, 1000, 0, PK_DDB_RAISE_DOUBLE);
	ck_assert_uint_eq(l.n, 2);
	assert_shares(&l, 0, 2, 500, 500);
	ddb_layout_free(&l);
	/* statement 12: 3,000 RCU + 6,000 WCU = 1 + 6 = 7 exactly */
	ck_assert_uint_eq(ddb_layout_initial_count(3000, 6000, 0), 7);
	/* statement 14: 1,000 RCU, 500 WCU, 95 GiB: ceil(95 / 10) = 10
	   partitions of 100 RCU / 50 WCU */
	ddb_layout_init(&l, 1000, 500, 95 * GIB, PK_DDB_RAISE_DOUBLE);
	ck_assert_uint_eq(l.n, 10);
	assert_shares(&l, 0, 10, 100, 50);
	ddb_layout_free(&l);
	/* nothing provisioned, nothing stored: still one partition */
	ck_assert_uint_eq(ddb_layout_initial_count(0, 0, 0), 1);
	/* one byte past 10 GiB needs a second partition */
	ck_assert_uint_eq(ddb_layout_initial_count(0, 0, 10 * GIB + 1), 2);
	/* D4: an on-demand table starts with 4 */
	ddb_layout_init_on_demand(&l);
	ck_assert_uint_eq(l.n, 4);
	ddb_layout_free(&l);
}
END_TEST

START_TEST(test_ddb_layout_raise_doubles)
{
	struct pk_ddb_layout l;

	/* statement 11: 5,000 RCU + 2,000 WCU = 3.667 -> 4 of 1,250 / 500;
	   raised to 8,000 RCU: 2.667 + 2 = 4.667 > 4 -> doubles to 8 of
	   1,000 / 250 (the formula alone would say 5) */
	ddb_layout_init(&l, 5000, 2000, 0, PK_DDB_RAISE_DOUBLE);
	ck_assert_uint_eq(l.n, 4);
	assert_shares(&l, 0, 4, 1250, 500);
	ck_assert_uint_eq(ddb_layout_set_throughput(&l, 8000, 2000), 4);
	ck_assert_uint_eq(l.n, 8);
	assert_shares(&l, 0, 8, 1000, 250);
	ddb_layout_free(&l);

	/* E6 / statements 12-13, the paper's sequence: 3,200 WCU -> 4 x 800;
	   3,600 -> 4 x 900 (no split); 6,000 -> 8 x 750; lowered to 5,000 ->
	   8 x 625 (the paper prints 675: 5,000 / 8 is 625) */
	ddb_layout_init(&l, 0, 3200, 0, PK_DDB_RAISE_DOUBLE);
	ck_assert_uint_eq(l.n, 4);
	assert_shares(&l, 0, 4, 0, 800);
	ck_assert_uint_eq(ddb_layout_set_throughput(&l, 0, 3600), 0);
	assert_shares(&l, 0, 4, 0, 900);
	ck_assert_uint_eq(ddb_layout_set_throughput(&l, 0, 6000), 4);
	assert_shares(&l, 0, 8, 0, 750);
	ck_assert_uint_eq(ddb_layout_set_throughput(&l, 0, 5000), 0);
	ck_assert_uint_eq(l.n, 8);
	assert_shares(&l, 0, 8, 0, 625);
	ddb_layout_free(&l);
}
END_TEST

START_TEST(test_ddb_layout_raise_rules)
{
	struct pk_ddb_layout d, f;

	/* E2: 500 WCU and 15 GiB -> ceil(1.5) = 2 partitions of 250 WCU.
	   Raised to 10,000 WCU: doubling 2 -> 4 -> 8 -> 16, the formula 10;
	   lowered back to 500: 31.25 or 50 a partition (D8: no merge) */
	ddb_layout_init(&d, 0, 500, 15 * GIB, PK_DDB_RAISE_DOUBLE);
	ddb_layout_init(&f, 0, 500, 15 * GIB, PK_DDB_RAISE_FORMULA);
	ck_assert_uint_eq(d.n, 2);
	assert_shares(&d, 0, 2, 0, 250);
	ddb_layout_set_throughput(&d, 0, 10000);
	ddb_layout_set_throughput(&f, 0, 10000);
	ck_assert_uint_eq(d.n, 16);
	ck_assert_uint_eq(f.n, 10);
	ddb_layout_set_throughput(&d, 0, 500);
	ddb_layout_set_throughput(&f, 0, 500);
	ck_assert_uint_eq(d.n, 16);
	ck_assert_uint_eq(f.n, 10);
	assert_shares(&d, 0, 16, 0, 31.25);
	assert_shares(&f, 0, 10, 0, 50);
	/* E2: any read capacity tips the formula to 11: 1 RCU is
	   1 / 3,000 + 10 > 10 */
	ddb_layout_set_throughput(&f, 1, 10000);
	ck_assert_uint_eq(f.n, 11);
	ddb_layout_free(&d);
	ddb_layout_free(&f);

	/* statement 31: raised from 2 to 10 partitions and lowered back:
	   still 10 */
	ddb_layout_init(&f, 0, 2000, 0, PK_DDB_RAISE_FORMULA);
	ck_assert_uint_eq(f.n, 2);
	ddb_layout_set_throughput(&f, 0, 10000);
	ddb_layout_set_throughput(&f, 0, 2000);
	ck_assert_uint_eq(f.n, 10);
	ddb_layout_free(&f);
}
END_TEST

START_TEST(test_ddb_layout_storage_split)
{
	struct pk_ddb_layout l;

	/* statement 15: the 4 x 1,250 / 500 table of statement 11, one
	   partition split for storage: 5 partitions, three of 1,250 / 500
	   and two of 625 / 250, the children where the parent was */
	ddb_layout_init(&l, 5000, 2000, 0, PK_DDB_RAISE_DOUBLE);
	ddb_layout_split(&l, 1);
	ck_assert_uint_eq(l.n, 5);
	assert_shares(&l, 0, 1, 1250, 500);
	assert_shares(&l, 1, 3, 625, 250);
	assert_shares(&l, 3, 5, 1250, 500);
	/* the last partition splits at the end */
	ddb_layout_split(&l, 4);
	ck_assert_uint_eq(l.n, 6);
	assert_shares(&l, 4, 6, 625, 250);
	/* D5: a raise the 6 partitions carry (6,000 / 3,000 + 2,000 /
	   1,000 = 4) makes the shares even again: 1,000 / 333.33 */
	ck_assert_uint_eq(ddb_layout_set_throughput(&l, 6000, 2000), 0);
	assert_shares(&l, 0, 6, 1000, 2000.0 / 6);
	ddb_layout_free(&l);
	ddb_layout_free(NULL);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_layout");
	TCase *tc = tcase_create("layout");

	tcase_add_test(tc, test_ddb_layout_initial);
	tcase_add_test(tc, test_ddb_layout_raise_doubles);
	tcase_add_test(tc, test_ddb_layout_raise_rules);
	tcase_add_test(tc, test_ddb_layout_storage_split);
	suite_add_tcase(s, tc);
	return s;
}
