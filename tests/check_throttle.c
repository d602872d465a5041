/* throttle: one-second budgets and the SDK's default retry policy. */
#include <check.h>
#include <stdlib.h>

#include "pksim/model/throttle.h"
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

START_TEST(test_throttle_retry_policy)
{
	/* RetryOptions.cs: 9 retries, 30 s total wait */
	struct pk_retry_spec p = {
	    .enabled = 1, .max_retries = 9, .max_wait_ms = 30000};
	struct pk_retry_state st = {0, 0, 0, 0};
	struct pk_retry_spec off = {
	    .enabled = 0, .max_retries = 9, .max_wait_ms = 30000};
	int n = 0;

	while (throttle_should_retry(&p, &st, 1000)) {
		n++;
	}
	ck_assert_int_eq(n, 9); /* 9 retries, 10 attempts in all */
	ck_assert_int_eq(st.waited_ms, 9000);
	/* the wait cap: 29 s waited, a 2 s retry-after would pass 30 s */
	st.retries = 0;
	st.waited_ms = 29000;
	ck_assert_int_eq(throttle_should_retry(&p, &st, 2000), 0);
	ck_assert_int_eq(throttle_should_retry(&p, &st, 1000), 1);
	st.retries = 0;
	st.waited_ms = 0;
	ck_assert_int_eq(throttle_should_retry(&off, &st, 1), 0);
}
END_TEST

/*
 * Issue 5 / rule 14 / D-BURST case: 100 RU/s idle for 300 s saves
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
 * Issue 11 fault 1's kind at the budget: a share that drops (scale-down,
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

Suite *tu_suite(void)
{
	Suite *s = suite_create("throttle");
	TCase *tc = tcase_create("budget");

	tcase_add_test(tc, test_throttle_window);
	tcase_add_test(tc, test_throttle_debt);
	tcase_add_test(tc, test_throttle_share_drop);
	tcase_add_test(tc, test_throttle_retry_policy);
	tcase_add_test(tc, test_throttle_burst_case);
	tcase_add_test(tc, test_throttle_burst_rules);
	suite_add_tcase(s, tc);
	return s;
}
