/* throttle: one-second budgets and the SDK's default retry policy. */
#include <check.h>
#include <stdlib.h>

#include "pksim/throttle.h"
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
	struct pk_retry_spec p = {1, 9, 30000};
	struct pk_retry_state st = {0, 0};
	struct pk_retry_spec off = {0, 9, 30000};
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

static Suite *throttle_suite(void)
{
	Suite *s = suite_create("throttle");
	TCase *tc = tcase_create("budget");

	tcase_add_test(tc, test_throttle_window);
	tcase_add_test(tc, test_throttle_retry_policy);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(throttle_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
