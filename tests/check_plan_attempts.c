/*
 * plan_attempts: the attempts the work bound counts an operation
 * (ld_op_attempts), its retries of 429s at most max_retries and at most
 * max_wait's milliseconds, as `--estimate` says them.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/*
 * 1,000 creates a second of 5 RU on 400 RU/s can be rate limited. With
 * max_retries 2,147,483,647 and max_wait 2 s an operation still retries
 * at most 2,000 times: each retry waits at least 1 ms (a retry-after
 * runs to the next whole second; exponential's 1-ms backoff waits at
 * least that) and the waits stop at 2,000 ms. So up to 2,001 attempts,
 * not 2,147,483,648 (which refused the run at about 21 trillion units).
 */
START_TEST(test_plan_attempts_within_max_wait)
{
	char args[4200], *out;

	snprintf(args, sizeof(args), "run '%s' --estimate",
		 tu_dir_file("mr.yaml",
			     "container: {partition_key: /k, throughput: "
			     "400}\n"
			     "items: {k: {values: \"k{0000..9999}\"}}\n"
			     "client: {retries: {policy: exponential, base: "
			     "1ms, cap: 1ms, jitter: 0, max_retries: "
			     "2147483647, max_wait: 2s}}\n"
			     "phases: [{duration: 10s, rate: 1000/s, ops: "
			     "{create: 1}, item_size: 1KB}]\n"));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "(up to 2001: 1, 2000 retries of its 429s"),
		      "%s", out);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("plan_attempts");
	TCase *tc = tcase_create("attempts");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_plan_attempts_within_max_wait);
	suite_add_tcase(s, tc);
	return s;
}
