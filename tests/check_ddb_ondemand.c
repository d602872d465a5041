/* ddb_ondemand: an on-demand DynamoDB table side's instant limit
   (dynamodb-mechanics.md §7, §8, §14; rules D12, D13), each figure from
   a testable statement (§16) or worked example (§17) with its
   arithmetic beside it. 1 unit = 1,000 mCU. The model's numbers: warm
   12,000 RRU / 4,000 WRU, quota 40,000, a peak is a 60 s average, the
   limit is max(warm, 2 x the peak 1,800 s ago). */
#include <check.h>

#include "pksim/service/dynamodb/ddb_ondemand.h"
#include "testutil.h"

#define CU 1000 /* mCU a unit */

/* A side with the reference's defaults but warm and quota (units) */
static void side(struct pk_ddb_od *o, int64_t warm, int64_t quota, int64_t max)
{
	ddb_od_init(o, warm * CU, quota * CU, max * CU, PK_DDB_OD_SUSTAIN_S,
		    PK_DDB_OD_LAG_S);
}

/* Serve one second of demand mCU: all of it, or what the bound lets
   through (many small requests); returns the verdict of the whole */
static enum pk_ddb_verdict second(struct pk_ddb_od *o, int64_t demand)
{
	enum pk_ddb_verdict v = ddb_od_admit(o, demand);

	if (v != PK_DDB_ADMITTED) {
		ck_assert_int_eq(ddb_od_admit(o, ddb_od_bound_mcu(o)),
				 PK_DDB_ADMITTED);
	}
	ddb_od_close(o, 1);
	return v;
}

/* Statement 21 (KC-OD; A-WARM): a new table serves 4,000 WRU or 12,000
   RRU a second at once: the 4,001st one-unit write of a second is
   refused, by the instant limit (reported as the key range's). */
START_TEST(test_ddb_ondemand_new_table)
{
	struct pk_ddb_od w, r;
	int i;

	side(&w, PK_DDB_OD_WARM_WRU, PK_DDB_OD_QUOTA, 0);
	side(&r, PK_DDB_OD_WARM_RRU, PK_DDB_OD_QUOTA, 0);
	ck_assert_int_eq(ddb_od_bound_mcu(&w), 4000 * CU);
	ck_assert_int_eq(ddb_od_bound_mcu(&r), 12000 * CU);
	for (i = 0; i < 4000; i++) {
		ck_assert_int_eq(ddb_od_admit(&w, CU), PK_DDB_ADMITTED);
	}
	ck_assert_int_eq(ddb_od_admit(&w, CU), PK_DDB_THROTTLE_KEY_RANGE);
	ck_assert_int_eq(w.used_mcu, 4000 * CU);
	/* 5,000 a second: 1,000 refused each second while the peak (at
	   most 4,000) is under 30 minutes old */
	ddb_od_close(&w, 1);
	for (i = 1; i < 1800; i++) {
		ck_assert_int_eq(second(&w, 5000 * CU),
				 PK_DDB_THROTTLE_KEY_RANGE);
	}
	ck_assert_int_eq(w.peak_mcu, 4000 * CU);
	ddb_od_free(&w);
	ddb_od_free(&r);
}
END_TEST

/*
 * Statement 20 (A-RWCM), with the quota raised past it and the table
 * warmed to 50,000 (D13) so that it can reach that peak: 50,000 reads a
 * second for 60 s make the peak 50,000 (the 60 s average of seconds
 * 0..59). 1,800 s after that second, at t = 59 + 1,800 = 1,859, the
 * table serves 2 x 50,000 = 100,000 at once; a jump to 150,000 has
 * 50,000 refused. A second earlier the peak read was second 58's,
 * 59 x 50,000 / 60 = 49,166.666 (floor in mCU), its double under
 * 100,000. Once scaled it stays: a day idle later, still 100,000.
 */
START_TEST(test_ddb_ondemand_statement_20)
{
	struct pk_ddb_od o;
	int64_t t;

	side(&o, 50000, 200000, 0);
	for (t = 0; t < 60; t++) {
		ck_assert_int_eq(second(&o, 50000 * CU), PK_DDB_ADMITTED);
	}
	ck_assert_int_eq(o.peak_mcu, 50000 * CU);
	ddb_od_close(&o, 1858 - 60);
	ck_assert_int_eq(o.t_s, 1858);
	ck_assert_int_eq(o.limit_mcu, 2 * (59LL * 50000 * CU / 60));
	ddb_od_close(&o, 1);
	ck_assert_int_eq(o.t_s, 1859);
	ck_assert_int_eq(ddb_od_bound_mcu(&o), 100000 * CU);
	ck_assert_int_eq(ddb_od_admit(&o, 150000 * CU),
			 PK_DDB_THROTTLE_KEY_RANGE);
	ck_assert_int_eq(ddb_od_admit(&o, 100000 * CU), PK_DDB_ADMITTED);
	ck_assert_int_eq(ddb_od_admit(&o, 1), PK_DDB_THROTTLE_KEY_RANGE);
	ddb_od_close(&o, 86400);
	ck_assert_int_eq(ddb_od_bound_mcu(&o), 100000 * CU);
	ddb_od_free(&o);
}
END_TEST

/*
 * E4 under the model: a new table's writes ramp linearly from 0 to
 * 40,000 a second over 60 minutes (second t asks 40,000 x t / 3,600).
 * The limit is 4,000 until t = 1,800 (no peak 30 minutes old): second
 * 360 asks exactly 4,000 and passes, second 361 asks 4,011.1 and is
 * the first throttled ("throttles from minute 6"). Seconds 360..419 all
 * serve 4,000, so the peak reaches 4,000 at second 419 and the limit
 * doubles to 8,000 at 419 + 1,800 = 2,219; at 2,218 the peak read
 * (second 418's window, with second 359's 3,988.9) is under 4,000.
 */
START_TEST(test_ddb_ondemand_e4_ramp)
{
	struct pk_ddb_od o;
	int64_t t, first = -1;

	side(&o, PK_DDB_OD_WARM_WRU, PK_DDB_OD_QUOTA, 0);
	for (t = 0; t < 2218; t++) {
		if (second(&o, 40000LL * CU * t / 3600) != PK_DDB_ADMITTED &&
		    first < 0) {
			first = t;
		}
		if (t < 1800) {
			ck_assert_int_eq(ddb_od_bound_mcu(&o), 4000 * CU);
		}
	}
	ck_assert_int_eq(first, 361);
	ck_assert_int_lt(ddb_od_bound_mcu(&o), 8000 * CU);
	ck_assert_int_gt(ddb_od_bound_mcu(&o), 4000 * CU);
	second(&o, 40000LL * CU * 2218 / 3600);
	ck_assert_int_eq(ddb_od_bound_mcu(&o), 8000 * CU);
	ddb_od_free(&o);
}
END_TEST

/* D12 (A-OD, A-SQ, A-REASON): a configured maximum refuses as
   MaxOnDemandThroughputExceeded, the per-table quota as
   AccountLimitExceeded, whichever is tighter; a tie is the maximum's
   (it is the one the table's owner set). Warm 8,000 is above both. */
START_TEST(test_ddb_ondemand_bounds)
{
	struct pk_ddb_od o;

	side(&o, 8000, PK_DDB_OD_QUOTA, 3000);
	ck_assert_int_eq(ddb_od_admit(&o, 3000 * CU), PK_DDB_ADMITTED);
	ck_assert_int_eq(ddb_od_admit(&o, 1), PK_DDB_THROTTLE_MAX_ON_DEMAND);
	ddb_od_free(&o);
	side(&o, 8000, 3000, 0);
	ck_assert_int_eq(ddb_od_admit(&o, 3001 * CU), PK_DDB_THROTTLE_ACCOUNT);
	ddb_od_free(&o);
	side(&o, 8000, 3000, 3000);
	ck_assert_int_eq(ddb_od_admit(&o, 3001 * CU),
			 PK_DDB_THROTTLE_MAX_ON_DEMAND);
	ddb_od_free(&o);
	/* the limit under both binds: the key range's */
	side(&o, 2000, 3000, 3500);
	ck_assert_int_eq(ddb_od_admit(&o, 2001 * CU),
			 PK_DDB_THROTTLE_KEY_RANGE);
	ddb_od_free(&o);
	ck_assert_str_eq(ddb_verdict_name(PK_DDB_THROTTLE_ACCOUNT),
			 "AccountLimitExceeded");
	ck_assert_str_eq(ddb_verdict_name(PK_DDB_THROTTLE_MAX_ON_DEMAND),
			 "MaxOnDemandThroughputExceeded");
}
END_TEST

/*
 * Reference §7 (KC-OD, A-OD, CONFIRMED): a new table serves at once
 * "4,000 WRU/s and 12,000 RRU/s, or a linear combination". A second
 * asking 3,000 one-unit writes and 9,000 one-unit reads asks 3,000 /
 * 4,000 + 9,000 / 12,000 = 0.75 + 0.75 = 1.5 of it. The writes first:
 * all 3,000 fit (0.75). Then reads fit while r / 12,000 + 0.75 <= 1,
 * r <= 3,000: 3,000 admitted, the 3,001st refused (as the instant
 * limit's, the key range's) and the rest of the 9,000 too, 6,000; a
 * further write refused as well (3,001 / 4,000 + 0.25 > 1). Both sides
 * asked past the two limits taken together, so the second counts past
 * the limit on each, with the other side's asked and limit.
 */
START_TEST(test_ddb_ondemand_linear_combination)
{
	struct pk_ddb_od w, r;
	int i, admitted = 0;

	side(&w, PK_DDB_OD_WARM_WRU, PK_DDB_OD_QUOTA, 0);
	side(&r, PK_DDB_OD_WARM_RRU, PK_DDB_OD_QUOTA, 0);
	for (i = 0; i < 3000; i++) {
		ck_assert_int_eq(ddb_od_admit_pair(&w, &r, CU, 1),
				 PK_DDB_ADMITTED);
		ddb_od_ask(&w, CU, 0);
	}
	for (i = 0; i < 9000; i++) {
		enum pk_ddb_verdict v = ddb_od_admit_pair(&r, &w, CU, 1);

		ck_assert_int_eq(v, i < 3000 ? PK_DDB_ADMITTED
					     : PK_DDB_THROTTLE_KEY_RANGE);
		admitted += v == PK_DDB_ADMITTED;
		ddb_od_ask(&r, CU, v != PK_DDB_ADMITTED);
	}
	ck_assert_int_eq(admitted, 3000);
	ck_assert_int_eq(r.used_mcu, 3000 * CU);
	ck_assert_int_eq(ddb_od_admit_pair(&w, &r, CU, 1),
			 PK_DDB_THROTTLE_KEY_RANGE);
	ddb_od_weigh_pair(&r, &w);
	ddb_od_close(&r, 1);
	ddb_od_close(&w, 1);
	ck_assert_int_eq(r.over.seconds, 1);
	ck_assert_uint_eq(r.over.throttled, 6000);
	ck_assert_int_eq(r.over.first_asked_mcu, 9000 * CU);
	ck_assert_int_eq(r.over.other_asked_mcu, 3000 * CU);
	ck_assert_int_eq(r.over.other_limit_mcu, 4000 * CU);
	ck_assert_int_eq(w.over.seconds, 1);
	ck_assert_int_eq(w.over.other_asked_mcu, 9000 * CU);
	/* the next second opens clean: reads alone fit up to 12,000 */
	ck_assert_int_eq(ddb_od_admit_pair(&r, &w, 12000 * CU, 1),
			 PK_DDB_ADMITTED);
	ddb_od_free(&w);
	ddb_od_free(&r);
}
END_TEST

/* One second of w writes and r reads (mCU), each a one-unit first
   attempt, the writes first; returns how many were refused */
static int64_t mixed_second(struct pk_ddb_od *w, struct pk_ddb_od *r,
			    int64_t nw, int64_t nr)
{
	int64_t i, refused = 0;

	for (i = 0; i < nw; i++) {
		refused += ddb_od_admit_pair(w, r, CU, 1) != PK_DDB_ADMITTED;
	}
	for (i = 0; i < nr; i++) {
		refused += ddb_od_admit_pair(r, w, CU, 1) != PK_DDB_ADMITTED;
	}
	ddb_od_weigh_pair(r, w);
	ddb_od_close(r, 1);
	ddb_od_close(w, 1);
	return refused;
}

/* What mixed_second(3,000, 9,000) refuses at t in 1,800..1,858 below:
   the limits are twice P of second k = t - 1,800, P = (k + 1) x 3,000 /
   60 writes and 3 x that reads, floored at warm 4,000 / 12,000. With
   n = k + 1 <= 40 the warm floor: 6,000 refused. Past it L = 100 n
   writes, 3 L reads: the 3,000 writes fit, then reads while r / 3 L +
   3,000 / L <= 1, r <= 3 (L - 3,000): 9,000 - 3 (L - 3,000) = 18,000 -
   3 L refused (n 41: 5,700; n 59: 300) */
static int64_t mixed_refused(int64_t t)
{
	int64_t n = t - 1799;

	return n <= 40 ? 6000 : 18000 - 300 * n;
}

/*
 * D12 (reference §7: up to "twice the previous peak of traffic"; past it
 * "DynamoDB adds capacity as traffic grows"): a new table asked 3,000
 * WRU and 9,000 RRU every second. The combination serves 3,000 writes
 * (0.75) and 3,000 reads (0.25): 6,000 refused a second. The reads the
 * combination alone refused still count: each second reaches 3,000 W and
 * 9,000 R (each under its own 4,000 / 12,000), so P is 3,000 / 9,000 once
 * seconds 0..59 fill the 60 s window, and at 59 + 1,800 = 1,859 the
 * limits are 6,000 / 18,000: 3,000 / 6,000 + 9,000 / 18,000 = 1, all
 * served, and so every second after. At 1,858 the peak read is second
 * 58's window, 59 x 3,000 / 60 = 2,950 and 8,850: limits 5,900 / 17,700,
 * and 3,000 / 5,900 + 9,000 / 17,700 > 1 still refuses some
 * (mixed_refused). Counting only what was served (3,000 W, 3,000 R
 * here) would hold the limits under 1 of the combination for ever.
 */
START_TEST(test_ddb_ondemand_linear_peak_grows)
{
	struct pk_ddb_od w, r;
	int64_t t;

	side(&w, PK_DDB_OD_WARM_WRU, PK_DDB_OD_QUOTA, 0);
	side(&r, PK_DDB_OD_WARM_RRU, PK_DDB_OD_QUOTA, 0);
	for (t = 0; t < 1858; t++) {
		ck_assert_int_eq(mixed_second(&w, &r, 3000, 9000),
				 t < 1800 ? 6000 : mixed_refused(t));
	}
	ck_assert_int_eq(w.peak_mcu, 3000 * CU);
	ck_assert_int_eq(r.peak_mcu, 9000 * CU);
	ck_assert_int_gt(mixed_second(&w, &r, 3000, 9000), 0); /* t 1,858 */
	ck_assert_int_eq(w.limit_mcu, 6000 * CU);
	ck_assert_int_eq(r.limit_mcu, 18000 * CU);
	for (t = 1859; t < 1919; t++) {
		ck_assert_int_eq(mixed_second(&w, &r, 3000, 9000), 0);
	}
	ddb_od_free(&w);
	ddb_od_free(&r);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_ondemand");
	TCase *tc = tcase_create("ondemand");

	tcase_add_test(tc, test_ddb_ondemand_new_table);
	tcase_add_test(tc, test_ddb_ondemand_statement_20);
	tcase_add_test(tc, test_ddb_ondemand_e4_ramp);
	tcase_add_test(tc, test_ddb_ondemand_bounds);
	tcase_add_test(tc, test_ddb_ondemand_linear_combination);
	tcase_add_test(tc, test_ddb_ondemand_linear_peak_grows);
	suite_add_tcase(s, tc);
	return s;
}
