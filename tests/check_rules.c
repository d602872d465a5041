/*
 * rules: the reference's rules of the current docs (cosmos-mechanics.md
 * rules 33-41), each on the reference's own example, with the expected
 * figures worked out by hand beside each test.
 */
#include <check.h>
#include <stdint.h>

#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

/* ---- rule 33: a unique last level ---- */

/*
 * The reference's example key (§6, TenantId > UserId > SessionId), once
 * as three levels and once with /id as a fourth (rule 33). One tenant,
 * user and session: every item shares the three-level prefix. A 1 MiB
 * logical partition cap stands in for 20 GB. 2,000 creates of 1 KiB at
 * 100/s for 20 s (5 RU each, 500 RU/s of 1,000: no 429).
 * - Three levels: one logical partition; 1,048,576 / 1,024 = 1,024 items
 *   fit (the 1,024th fills it exactly), the other 2,000 - 1,024 = 976
 *   are refused with 403/1014 (rule 11).
 * - /id fourth: each item its own logical partition (2,000 of them), the
 *   prefix passes the cap with 2,000 KiB, and nothing is refused.
 */
static const char hpk_id[] =
    "seed: 1\n"
    "container: {throughput: 1000, logical_partition_storage: 1MB}\n"
    "variants:\n"
    "  - {name: three, partition_key: [/tenantId, /userId, /sessionId]}\n"
    "  - {name: four, partition_key: [/tenantId, /userId, /sessionId, "
    "/id]}\n"
    "items:\n"
    "  tenantId: {values: [contoso]}\n"
    "  userId: {values: [alice]}\n"
    "  sessionId: {values: [s1]}\n"
    "phases:\n"
    "  - {duration: 20s, rate: 100/s, ops: {create: 1}, item_size: 1KB}\n";

START_TEST(test_rule33_id_last_level)
{
	struct pk_run *run = tu_sim_text("hpk-id.yaml", hpk_id);
	const struct pk_totals *three =
	    &tu_metrics(run->variants[0].svc)->totals;
	const struct pk_totals *four =
	    &tu_metrics(run->variants[1].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(three->operations, 2000);
	ck_assert_uint_eq(three->rejected_403, 976);
	ck_assert_uint_eq(three->throttled_429, 0);
	ck_assert_uint_eq(four->operations, 2000);
	ck_assert_uint_eq(four->rejected_403, 0);
	ck_assert_uint_eq(tu_end(run, 0).storage, 1024ULL * 1024);
	ck_assert_uint_eq(tu_end(run, 1).storage, 2000ULL * 1024);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_lps, 1);
	snapshot_free(&s);
	tu_snapshot(run, 1, &s);
	ck_assert_uint_eq(s.n_lps, 2000);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_rule33_id_last_level);
	suite_add_tcase(s, tc);
	return s;
}
