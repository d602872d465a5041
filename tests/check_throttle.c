/* throttle: one-second budgets. */
#include <check.h>
#include <stdlib.h>

#include "pksim/service/cosmos/throttle.h"
#include "testutil.h"

START_TEST(test_throttle_window)
{
	struct pk_budget b;
	int64_t after = 0;

	throttle_init(&b, 400 * 1000); /* 400 RU/s */
	/* 66 x 6 RU = 396 fit; the 67th (402) does not */
	for (int i = 0; i < 66; i++) {
		ck_assert_int_eq(throttle_admit(&b, 0, 6000, &after), 1);
	}
	ck_assert_int_eq(throttle_admit(&b, 250, 6000, &after), 0);
	ck_assert_int_eq(after, 750); /* until the next window at 1,000 ms */
	/* a smaller charge still fits what is left (4 RU) */
	ck_assert_int_eq(throttle_admit(&b, 300, 4000, &after), 1);
	/* the next second starts with a full budget */
	ck_assert_int_eq(throttle_admit(&b, 1000, 6000, &after), 1);
	ck_assert_int_eq(b.used_mru, 6000);
}
END_TEST

/*
 * Rule 14 / D-BURST case: 100 RU/s idle for 300 s saves
 * 300 x 100 = 30,000 RU, enough for a 10 s burst at 3,000 RU/s with no
 * 429: each burst second spends 100 of share and 2,900 of credit, so the
 * 10th second starts with 30,000 - 9 x 2,900 = 3,900 left. The 11th
 * starts with 1,000: 1,100 RU fit, not 3,000.
 */
START_TEST(test_throttle_burst_case)
{
	struct pk_budget b;
	int64_t after = 0, t;
	int k;

	throttle_init(&b, 100 * 1000);
	throttle_set_burst(&b, 1);
	for (t = 300; t < 310; t++) {
		for (k = 0; k < 300; k++) { /* 300 x 10 RU = 3,000 RU */
			ck_assert_int_eq(
			    throttle_admit(&b, t * 1000 + k, 10000, &after), 1);
		}
		/* never more than 3,000 RU in one second */
		ck_assert_int_eq(
		    throttle_admit(&b, t * 1000 + 999, 10000, &after), 0);
	}
	ck_assert_int_eq(b.credit_mru, 3900 * 1000);
	for (k = 0; k < 110; k++) {
		ck_assert_int_eq(throttle_admit(&b, 310000 + k, 10000, &after),
				 1);
	}
	ck_assert_int_eq(throttle_admit(&b, 310500, 10000, &after), 0);
	/* saving is capped at 300 s of the share: a day idle saves 30,000 */
	throttle_init(&b, 100 * 1000);
	throttle_set_burst(&b, 1);
	ck_assert_int_eq(throttle_admit(&b, 86400000, 1000, &after), 1);
	ck_assert_int_eq(b.credit_mru, 30000 * 1000);
}
END_TEST

/* D-BURST: a partition at 3,000 RU/s or more earns no credit; without
   burst an idle partition never exceeds its share. */
START_TEST(test_throttle_burst_rules)
{
	struct pk_budget b;
	int64_t after = 0;

	throttle_init(&b, 3000 * 1000);
	throttle_set_burst(&b, 1);
	ck_assert_int_eq(throttle_admit(&b, 600000, 3000 * 1000, &after), 1);
	ck_assert_int_eq(b.credit_mru, 0);
	ck_assert_int_eq(throttle_admit(&b, 600500, 1, &after), 0);
	throttle_init(&b, 100 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 600000, 100 * 1000, &after), 1);
	ck_assert_int_eq(throttle_admit(&b, 600001, 1, &after), 0);
}
END_TEST

/* A request larger than the whole window (a 2 MB write of 1,024 RU on
   400 RU/s) runs in an untouched window and leaves 624 RU of debt; the
   next window starts at 624 of 400 (nothing fits), the one after at 224,
   so a 5 RU request fits again at t = 2 s. */
START_TEST(test_throttle_debt)
{
	struct pk_budget b;
	int64_t after = 0;

	throttle_init(&b, 400 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 0, 1024 * 1000, &after), 1);
	ck_assert_int_eq(throttle_admit(&b, 10, 5000, &after), 0);
	ck_assert_int_eq(throttle_admit(&b, 1000, 5000, &after), 0);
	ck_assert_int_eq(b.used_mru, 624 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 2000, 5000, &after), 1);
	ck_assert_int_eq(b.used_mru, (224 + 5) * 1000);
	/* a large request waits for an untouched window: not while in debt */
	ck_assert_int_eq(throttle_admit(&b, 2500, 1024 * 1000, &after), 0);
	ck_assert_int_eq(throttle_admit(&b, 3000, 1024 * 1000, &after), 1);
}
END_TEST

/*
 * At the budget: a share that drops (scale-down,
 * a sibling's split, a merge, a redistribution) never turns the previous
 * window's use into debt.
 * - A sibling's split: 5,000 RU/s on 2 ranges (2,500) becomes 3 ranges
 *   (1,667): window 9 spent its whole 2,500; window 10 has all 1,667
 *   (before the fix: 1,667 - (2,500 - 1,667) = 834).
 * - Mid-window: 1,800 of 2,000 spent when the share drops to 1,500: the
 *   window is full (1,800 > 1,500), the next one starts at 0 (1,800 fitted
 *   the old share).
 * - A real debt stays: a 1,024 RU write on 400 RU/s leaves 624 RU; the
 *   share drops to 300 at t = 1 s: window 0 closed at 400, so window 1
 *   starts at 624 (> 300: nothing fits), window 2 at 624 - 300 = 324,
 *   window 3 at 24: 276 RU fit, 277 do not.
 */
START_TEST(test_throttle_share_drop)
{
	struct pk_budget b;
	int64_t after = 0;

	throttle_init(&b, 2500 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 9000, 2500 * 1000, &after), 1);
	throttle_set_share(&b, 10, 1667 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 10000, 1667 * 1000, &after), 1);
	ck_assert_int_eq(throttle_admit(&b, 10001, 1, &after), 0);

	throttle_init(&b, 2000 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 5000, 1800 * 1000, &after), 1);
	throttle_set_share(&b, 5, 1500 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 5500, 1, &after), 0);
	ck_assert_int_eq(throttle_admit(&b, 6000, 1500 * 1000, &after), 1);

	throttle_init(&b, 400 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 0, 1024 * 1000, &after), 1);
	throttle_set_share(&b, 1, 300 * 1000);
	ck_assert_int_eq(b.used_mru, 624 * 1000);
	ck_assert_int_eq(throttle_admit(&b, 1000, 1, &after), 0);
	ck_assert_int_eq(throttle_admit(&b, 2000, 1, &after), 0);
	ck_assert_int_eq(throttle_admit(&b, 3000, 277 * 1000, &after), 0);
	ck_assert_int_eq(throttle_admit(&b, 3001, 276 * 1000, &after), 1);
}
END_TEST

/* Admit one request of ru RU at t_ms by class; returns 1 or 0 and the
   429's sub-status (0 when admitted). */
static int cls(struct pk_budget *b, int64_t t_ms, int64_t ru, int low,
	       int bucket, int pct, int *sub)
{
	int64_t after = 0;
	int ok = throttle_admit_class(b, t_ms, ru * 1000, low, bucket, pct,
				      &after, sub);

	if (ok) {
		*sub = 0;
	} else {
		/* every 429 waits for the next window */
		ck_assert_int_eq(after, (t_ms / 1000 + 1) * 1000 - t_ms);
	}
	return ok;
}

/* Rule 30 on 1,000 RU/s, requests of 100 RU. */
START_TEST(test_throttle_priority)
{
	struct pk_budget b;
	int sub, i;

	throttle_init(&b, 1000 * 1000);
	/* second 0: no High demand before it, so Low competes freely: 6
	   High (600 RU) then 4 Low fill the 1,000 */
	for (i = 0; i < 6; i++) {
		ck_assert_int_eq(cls(&b, i * 100, 100, 0, 0, 0, &sub), 1);
	}
	for (i = 6; i < 10; i++) {
		ck_assert_int_eq(cls(&b, i * 100, 100, 1, 0, 0, &sub), 1);
	}
	ck_assert_int_eq(cls(&b, 999, 100, 1, 0, 0, &sub), 0);
	ck_assert_int_eq(sub, PK_SUBSTATUS_RU_BUDGET_EXCEEDED);
	/* second 1: High asked for 600 RU in second 0, so Low keeps
	   1,000 - 600 = 400 RU free of it: 4 Low fit, the 5th (500 >
	   400) is throttled though 600 RU are unused */
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(cls(&b, 1000 + i, 100, 1, 0, 0, &sub), 1);
	}
	ck_assert_int_eq(cls(&b, 1004, 100, 1, 0, 0, &sub), 0);
	ck_assert_int_eq(sub, PK_SUBSTATUS_RU_BUDGET_EXCEEDED);
	/* one High (used 500, High 100 of its 600): Low would need 600 of
	   1,000 - (600 - 100) = 500: throttled */
	ck_assert_int_eq(cls(&b, 1100, 100, 0, 0, 0, &sub), 1);
	ck_assert_int_eq(cls(&b, 1101, 100, 1, 0, 0, &sub), 0);
	/* the other 5 High all fit: 500 + 500 = 1,000 */
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(cls(&b, 1200 + i * 100, 100, 0, 0, 0, &sub),
				 1);
	}
	ck_assert_int_eq(b.used_mru, 1000 * 1000);
	ck_assert_int_eq(b.high_mru, 600 * 1000);
	/* second 3 after an idle second 2: no High demand in the second
	   before, so Low alone uses the whole 1,000 */
	for (i = 0; i < 10; i++) {
		ck_assert_int_eq(cls(&b, 3000 + i, 100, 1, 0, 0, &sub), 1);
	}
	ck_assert_int_eq(b.high_prev_mru, 0);
	ck_assert_int_eq(cls(&b, 3010, 100, 1, 0, 0, &sub), 0);
}
END_TEST

/* A throttled High request's demand counts too: second 0 asks 1,200 RU
   of High on 1,000 (10 fit, 2 throttled), so in second 1 Low must leave
   1,200 - (High asked so far) free: at the start 1,000 - 1,200 < 0 RU
   for Low; after 3 High (used 300) 1,000 - 900 = 100, below the 300 +
   100 the Low request would make: Low gets nothing while High asks for
   more than the share. */
START_TEST(test_throttle_priority_demand)
{
	struct pk_budget b;
	int sub, i;

	throttle_init(&b, 1000 * 1000);
	for (i = 0; i < 12; i++) {
		ck_assert_int_eq(cls(&b, i, 100, 0, 0, 0, &sub), i < 10);
	}
	ck_assert_int_eq(b.high_mru, 1200 * 1000);
	ck_assert_int_eq(cls(&b, 1000, 100, 1, 0, 0, &sub), 0);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(cls(&b, 1001 + i, 100, 0, 0, 0, &sub), 1);
	}
	ck_assert_int_eq(cls(&b, 1004, 100, 1, 0, 0, &sub), 0);
	ck_assert_int_eq(b.used_mru, 300 * 1000);
	ck_assert_int_eq(b.high_prev_mru, 1200 * 1000);
}
END_TEST

/* Rule 31 on 1,000 RU/s: bucket 1 capped at 20 % = 200 RU a second. */
START_TEST(test_throttle_bucket)
{
	struct pk_budget b;
	int sub, i;

	throttle_init(&b, 1000 * 1000);
	/* 4 x 50 RU fill the bucket's 200; the 5th gets 3212 while the
	   partition has 800 RU left */
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(cls(&b, i, 50, 0, 1, 20, &sub), 1);
	}
	ck_assert_int_eq(cls(&b, 250, 50, 0, 1, 20, &sub), 0);
	ck_assert_int_eq(sub, PK_SUBSTATUS_BUCKET_EXCEEDED);
	ck_assert_int_eq(b.used_mru, 200 * 1000);
	/* a request without a bucket is not capped by it: 800 RU fit */
	ck_assert_int_eq(cls(&b, 300, 800, 0, 0, 20, &sub), 1);
	/* a bucket id the container does not declare (percentage 0) is
	   not capped either, but the partition is full now: 3200 */
	ck_assert_int_eq(cls(&b, 400, 50, 0, 2, 0, &sub), 0);
	ck_assert_int_eq(sub, PK_SUBSTATUS_RU_BUDGET_EXCEEDED);
	/* the next second the bucket starts empty: a request larger than
	   its whole cap (300 > 200) runs when the bucket is untouched, and
	   the next one is past the cap */
	ck_assert_int_eq(cls(&b, 1000, 300, 0, 1, 20, &sub), 1);
	ck_assert_int_eq(cls(&b, 1001, 50, 0, 1, 20, &sub), 0);
	ck_assert_int_eq(sub, PK_SUBSTATUS_BUCKET_EXCEEDED);
	/* 33 % of 1,000 RU = 330,000 mRU: 330 RU fit in second 0; in
	   second 1 329 RU + 1,000 mRU reach it exactly, one mRU more does
	   not */
	throttle_init(&b, 1000 * 1000);
	ck_assert_int_eq(cls(&b, 0, 330, 0, 3, 33, &sub), 1);
	ck_assert_int_eq(cls(&b, 1000, 329, 0, 3, 33, &sub), 1);
	ck_assert_int_eq(
	    throttle_admit_class(&b, 1001, 1000, 0, 3, 33, &(int64_t){0}, &sub),
	    1);
	ck_assert_int_eq(
	    throttle_admit_class(&b, 1002, 1, 0, 3, 33, &(int64_t){0}, &sub),
	    0);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("throttle");
	TCase *tc = tcase_create("budget");

	tcase_add_test(tc, test_throttle_window);
	tcase_add_test(tc, test_throttle_debt);
	tcase_add_test(tc, test_throttle_share_drop);
	tcase_add_test(tc, test_throttle_burst_case);
	tcase_add_test(tc, test_throttle_burst_rules);
	tcase_add_test(tc, test_throttle_priority);
	tcase_add_test(tc, test_throttle_priority_demand);
	tcase_add_test(tc, test_throttle_bucket);
	suite_add_tcase(s, tc);
	return s;
}
