/*
 * ddb_findings: the findings an Amazon DynamoDB table's run gives in its
 * own words (src/report/findings_ddb.c), each figure derived by hand
 * beside its assertion from the reference's rules (D-numbers, §16
 * statements, §17 examples). 1 unit = 1,000 mCU.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/findings.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define CU 1000

/* The findings of r's first variant joined by "\n" (caller frees) */
static char *findings_text(const struct pk_result *r)
{
	size_t n, i, len = 1;
	char **f = findings_make(r, &r->variants[0], &n);
	char *all;

	for (i = 0; i < n; i++) {
		len += strlen(f[i]) + 1;
	}
	all = calloc(1, len);
	ck_assert_ptr_nonnull(all);
	for (i = 0; i < n; i++) {
		strcat(all, f[i]);
		strcat(all, "\n");
		free(f[i]);
	}
	free(f);
	return all;
}

/*
 * The shipped scenarios/dynamodb/on-demand-new-table.yaml: a new
 * on-demand table serves at once 4,000 WRU a second (statement 21, D13:
 * its warm throughput; no peak yet, so 2 x P is 0), and is sent 5,000
 * creates of 1 KiB (1 WRU each, D1) a second for 60 s, no retries. Every
 * second asks 5,000 WRU against a 4,000 limit: 60 seconds past it, the
 * first at t = 0, and the 1,000 writes a second the partitions (4 x
 * 1,000, D3) do not admit are throttled in them: 60,000. Reads: none,
 * so no finding for them. The finding says it in DynamoDB's words: the
 * table has no provisioned throughput (D12).
 */
START_TEST(test_ddb_findings_past_peak)
{
	struct pk_run *run = tu_sim_shipped("dynamodb/on-demand-new-table");
	struct pk_result *res = result_build(run);
	const struct pk_ddb_past_peak *w = &res->variants[0].ddb->past_peak[1];
	const struct pk_ddb_past_peak *r = &res->variants[0].ddb->past_peak[0];
	char *text = findings_text(res);

	ck_assert_int_eq(w->seconds, 60);
	ck_assert_int_eq(w->first_s, 0);
	ck_assert_int_eq(w->first_limit_mcu, 4000 * CU);
	ck_assert_int_eq(w->first_asked_mcu, 5000 * CU);
	ck_assert_int_eq(w->peak_asked_mcu, 5000 * CU);
	ck_assert_uint_eq(w->throttled, 60000);
	ck_assert_int_eq(r->seconds, 0);
	ck_assert_msg(strstr(text, "the on-demand table's writes met traffic "
				   "above twice its previous peak: 5,000 WRU "
				   "asked at t = 0s against an instant limit "
				   "of 4,000 WRU a second") &&
			  strstr(text, "60 seconds past the limit in all") &&
			  strstr(text, "60,000 requests were throttled"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "reads met traffic"), "%s", text);
	ck_assert_msg(!strstr(text, "provisioned throughput"), "%s", text);
	free(text);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * The same new table sent exactly its instant limit, 4,000 creates a
 * second: no second asks more than 4,000 WRU, so the table never met
 * traffic past twice its peak and there is no such finding, whatever
 * its partitions' caps throttle of an uneven hash.
 */
START_TEST(test_ddb_findings_at_limit)
{
	static const char yaml[] =
	    "service: dynamodb\n"
	    "table: {partition_key: /k, capacity: on_demand}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{0..9999}\"}}\n"
	    "phases: [{duration: 10s, rate: 4000/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	struct tu_fx f;
	char *text;

	tu_fx_run(&f, "at-limit.yaml", yaml);
	ck_assert_int_eq(f.r->variants[0].ddb->past_peak[1].seconds, 0);
	text = findings_text(f.r);
	ck_assert_msg(!strstr(text, "above twice its previous peak"), "%s",
		      text);
	free(text);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_findings");
	TCase *tc = tcase_create("traps");

	tcase_add_test(tc, test_ddb_findings_past_peak);
	tcase_add_test(tc, test_ddb_findings_at_limit);
	suite_add_tcase(s, tc);
	return s;
}
