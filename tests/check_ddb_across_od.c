/*
 * ddb_across_od: a compare across services with an on-demand DynamoDB
 * table, whose throttles in a short run are a new table's instant limit
 * (dynamodb-mechanics.md §7, D12, D13; statement 21: a new on-demand
 * table serves 4,000 WRU and 12,000 RRU a second at once), a limit that
 * rises with past traffic or a pre-warm: the "across services" line and
 * the table's verdict say so, and that a pre-warm is not priced
 * (pricing.md §4). Each figure derived by hand beside its test.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* A container far above the load beside an on-demand table (warm gives
   the table's extra settings, may be ""): 5,000 creates a second of
   1 KiB (1 WRU each, D1) over 100,000 keys for 2 s */
#define OD_ACROSS                                                              \
	"container: {partition_key: /k, throughput: 60000}\n"                  \
	"variants:\n"                                                          \
	"  - {name: cosmos}\n"                                                 \
	"  - {name: ddb-od, service: dynamodb, partition_key: /k, "            \
	"capacity: on_demand%s}\n"                                             \
	"client: {retries: off}\n"                                             \
	"items: {k: {values: \"k{00000..99999}\"}}\n"                          \
	"phases:\n"                                                            \
	"  - {duration: 2s, rate: 5000/s, ops: {create: 1}, item_size: 1KB}\n"

/*
 * New: 5,000 WRU asked a second of the 4,000 a new table serves at once
 * (statement 21), so its writes use 100 % of that limit and about 1,000
 * a second are throttled: the line names the limit, 4,000 WRU, its rise
 * 30 minutes after a peak (D12, the reference's lag), and the verdict
 * names the cause. Warmed to 8,000 WRU (D13): all 5,000 served, no
 * limit clause, but the pre-warm above 4,000 WRU and 12,000 RRU is said
 * not to be priced.
 */
START_TEST(test_across_od_new_table_limit)
{
	char text[1024], t[4096];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	const char *line;

	snprintf(text, sizeof(text), OD_ACROSS, "");
	c = tu_cards("od.yaml", text, &run, &res);
	ck_assert_uint_gt(res->variants[1].metrics->totals.throttled_429, 0);
	line = scorecard_across(res, t, sizeof(t));
	ck_assert_ptr_nonnull(line);
	ck_assert_msg(strstr(line, "ddb-od's throttles are its on-demand "
				   "write instant limit's (D12), 12,000 RRU "
				   "and 4,000 WRU a second at the start"),
		      "%s", line);
	ck_assert_msg(strstr(line, "peak 30 minutes after it"), "%s", line);
	ck_assert_msg(strstr(line, "pre-warmed (warm_write_units)"), "%s",
		      line);
	ck_assert_msg(strstr(c[1].verdict, "(a new on-demand table's instant "
					   "limit, D12,"),
		      "%s", c[1].verdict);
	ck_assert_ptr_null(strstr(c[0].verdict, "instant limit"));
	tu_cards_free(c, run, res);

	snprintf(text, sizeof(text), OD_ACROSS, ", warm_write_units: 8000");
	c = tu_cards("od-warm.yaml", text, &run, &res);
	ck_assert_uint_eq(res->variants[1].metrics->totals.throttled_429, 0);
	line = scorecard_across(res, t, sizeof(t));
	ck_assert_ptr_nonnull(line);
	ck_assert_msg(strstr(line, "ddb-od is pre-warmed past a new on-demand "
				   "table's 4,000 WRU and 12,000 RRU a second "
				   "(D13), which AWS charges and pksim does "
				   "not price"),
		      "%s", line);
	ck_assert_ptr_null(strstr(line, "instant limit's"));
	ck_assert_ptr_null(strstr(c[1].verdict, "instant limit"));
	tu_cards_free(c, run, res);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_across_od");
	TCase *tc = tcase_create("across_od");

	tcase_add_test(tc, test_across_od_new_table_limit);
	suite_add_tcase(s, tc);
	return s;
}
