/* ddb_units: DynamoDB capacity units, each figure from a testable
   statement (§16) or worked example (§17) of dynamodb-mechanics.md.
   KB in the statements is 1,024 bytes (D1: binary KiB); 1 unit = 1,000
   mCU. */
#include <check.h>
#include <stdlib.h>

#include "pksim/service/dynamodb/ddb_units.h"
#include "testutil.h"

#define KIB 1024u

START_TEST(test_ddb_units_get_item)
{
	/* statement 1: 3.5 KB strong -> 4 KB -> 1 RCU */
	ck_assert_int_eq(ddb_units_read_mcu(3584, PK_DDB_READ_STRONG), 1000);
	/* 10 KB -> 12 KB -> 3 RCU strong, 1.5 eventual */
	ck_assert_int_eq(ddb_units_read_mcu(10 * KIB, PK_DDB_READ_STRONG),
			 3000);
	ck_assert_int_eq(ddb_units_read_mcu(10 * KIB, PK_DDB_READ_EVENTUAL),
			 1500);
	/* §1: an eventual read of 80 KB: 20 units x 0.5 = 10 RCU */
	ck_assert_int_eq(ddb_units_read_mcu(80 * KIB, PK_DDB_READ_EVENTUAL),
			 10000);
	/* §1: 8 KB read: strong 2, eventual 1, transactional 4 */
	ck_assert_int_eq(ddb_units_read_mcu(8 * KIB, PK_DDB_READ_STRONG), 2000);
	ck_assert_int_eq(ddb_units_read_mcu(8 * KIB, PK_DDB_READ_EVENTUAL),
			 1000);
	ck_assert_int_eq(ddb_units_read_mcu(8 * KIB, PK_DDB_READ_TRANSACTIONAL),
			 4000);
	/* one byte past a unit rounds up: 4,097 B = 2 units */
	ck_assert_int_eq(ddb_units_read_mcu(4097, PK_DDB_READ_STRONG), 2000);
	/* statement 7: a missing item costs 1 strong, 0.5 eventual */
	ck_assert_int_eq(ddb_units_read_mcu(0, PK_DDB_READ_STRONG), 1000);
	ck_assert_int_eq(ddb_units_read_mcu(0, PK_DDB_READ_EVENTUAL), 500);
}
END_TEST

START_TEST(test_ddb_units_batch_and_query)
{
	/* statement 2: 1.5 KB + 6.5 KB rounded each: 4 + 8 KB = 3 RCU;
	   one read of the combined 8 KB would be 2 */
	uint64_t two[] = {1536, 6656};

	ck_assert_int_eq(ddb_units_batch_read_mcu(two, 2, PK_DDB_READ_STRONG),
			 3000);
	ck_assert_int_eq(ddb_units_read_mcu(8 * KIB, PK_DDB_READ_STRONG), 2000);

	/* statement 3: 10 items totalling 40.8 KB (41,779 B) -> 44 KB:
	   11 RCU strong, 5.5 eventual */
	uint64_t ten[10];
	for (int i = 0; i < 10; i++) {
		ten[i] = i < 9 ? 4178 : 41779 - 9 * 4178;
	}
	ck_assert_int_eq(ddb_units_query_mcu(ten, 10, PK_DDB_READ_STRONG),
			 11000);
	ck_assert_int_eq(ddb_units_query_mcu(ten, 10, PK_DDB_READ_EVENTUAL),
			 5500);

	/* statement 4: 1,500 items of 64 B = 96,000 B -> 24 units (96 KB) */
	uint64_t *many = malloc(1500 * sizeof(*many));
	for (int i = 0; i < 1500; i++) {
		many[i] = 64;
	}
	ck_assert_int_eq(ddb_units_query_mcu(many, 1500, PK_DDB_READ_STRONG),
			 24000);
	free(many);

	/* pages: three items of 600 KiB. Page 1 = 1,200 KiB (the second
	   item takes it past 1 MiB) = 300 units; page 2 = 600 KiB = 150;
	   450 in all, the same as one rounding of 1,800 KiB because every
	   page is whole KiB. A 1-byte item after a full page shows the
	   rounding per page: 256 units + 1. */
	uint64_t big[] = {600 * KIB, 600 * KIB, 600 * KIB};
	ck_assert_int_eq(ddb_units_query_mcu(big, 3, PK_DDB_READ_STRONG),
			 450000);
	uint64_t edge[] = {1024 * KIB, 1};
	ck_assert_int_eq(ddb_units_query_mcu(edge, 2, PK_DDB_READ_STRONG),
			 257000);
	/* statement 27: a Query of 8 index entries of 2,000 B: summed to
	   16,000 B, rounded once to 16 KiB (16,384 B) = 4 units, eventual
	   only on an index (A-GSI): 4 x 0.5 = 2 RCU */
	uint64_t eight[8];
	for (int i = 0; i < 8; i++) {
		eight[i] = 2000;
	}
	ck_assert_int_eq(ddb_units_query_mcu(eight, 8, PK_DDB_READ_EVENTUAL),
			 2000);
	/* a Query that reads nothing: one unit (ASSUMPTION in the header) */
	ck_assert_int_eq(ddb_units_query_mcu(NULL, 0, PK_DDB_READ_EVENTUAL),
			 500);
}
END_TEST

START_TEST(test_ddb_units_writes)
{
	/* statement 5: BatchWriteItem of 500 B and 3.5 KB: 1 + 4 = 5 WCU;
	   PutItem of 1.6 KB (1,638 B): 2 WCU */
	uint64_t two[] = {500, 3584};

	ck_assert_int_eq(ddb_units_batch_write_mcu(two, 2), 5000);
	ck_assert_int_eq(ddb_units_write_mcu(1638, false), 2000);
	/* statement 6: transactional write of 3 KB = 6 WCU; transactional
	   read of 8 KB = 4 RCU */
	ck_assert_int_eq(ddb_units_write_mcu(3 * KIB, true), 6000);
	ck_assert_int_eq(ddb_units_read_mcu(8 * KIB, PK_DDB_READ_TRANSACTIONAL),
			 4000);
	/* statement 8: a failed conditional put of a new item: 1 WCU; on an
	   existing item the new item's size (§1: 2 KB -> 2) */
	ck_assert_int_eq(ddb_units_failed_condition_mcu(false, 5 * KIB), 1000);
	ck_assert_int_eq(ddb_units_failed_condition_mcu(true, 2 * KIB), 2000);
	/* statement 9: 409,600 B costs 400 WCU; 409,601 B is refused */
	ck_assert_int_eq(ddb_units_write_mcu(409600, false), 400000);
	ck_assert(ddb_units_item_fits(409600));
	ck_assert(!ddb_units_item_fits(409601));
}
END_TEST

START_TEST(test_ddb_units_mixed_second)
{
	/* E1: 100 strong reads of 3 KB (100 RCU), 50 eventual of 9 KB
	   (3 x 0.5 x 50 = 75), 20 puts of 1.5 KB (40 WCU), 5 transactional
	   puts of 800 B (10 WCU): 175 RCU and 50 WCU */
	int64_t rcu = 100 * ddb_units_read_mcu(3 * KIB, PK_DDB_READ_STRONG) +
		      50 * ddb_units_read_mcu(9 * KIB, PK_DDB_READ_EVENTUAL);
	int64_t wcu = 20 * ddb_units_write_mcu(1536, false) +
		      5 * ddb_units_write_mcu(800, true);

	ck_assert_int_eq(rcu, 175000);
	ck_assert_int_eq(wcu, 50000);
}
END_TEST

START_TEST(test_ddb_units_storage)
{
	/* D20: 100 B per item and per index entry: a 1,000 B item with two
	   GSI entries bills 1,000 + 3 x 100 = 1,300 B; capacity ignores the
	   100 B: the same item writes for 1 WCU */
	ck_assert_uint_eq(ddb_units_billed_bytes(1000, 2), 1300);
	ck_assert_int_eq(ddb_units_write_mcu(1000, false), 1000);
	ck_assert_uint_eq(ddb_units_billed_bytes(UINT64_MAX - 50, 0),
			  UINT64_MAX);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_units");
	TCase *tc = tcase_create("units");

	tcase_add_test(tc, test_ddb_units_get_item);
	tcase_add_test(tc, test_ddb_units_batch_and_query);
	tcase_add_test(tc, test_ddb_units_writes);
	tcase_add_test(tc, test_ddb_units_mixed_second);
	tcase_add_test(tc, test_ddb_units_storage);
	suite_add_tcase(s, tc);
	return s;
}
