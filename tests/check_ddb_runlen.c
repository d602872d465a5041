/*
 * ddb_runlen: a table's findings say what its workload means, not what
 * the run's first minutes showed: the same workload replayed for 60 s
 * and for 600 s gets the same diagnosis (src/report/findings_hot.c,
 * findings_ddb.c). Each figure derived by hand beside its test from the
 * reference's rules (D-numbers). 1KB is 1,024 bytes: 1 WCU a put (D1).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/report/findings.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

/* A table of 1,000 WCU (10 RCU: ceil(10 / 3,000 + 1,000 / 1,000) = 2
   partitions of 500 WCU each, D4, D5) asked 2,000 puts of 1 KiB a
   second over 10 key values, for the given phase length; the client's
   default retries */
static char *twice_its_units(const char *duration)
{
	return xasprintf(
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /c, read_capacity_units: 10, "
	    "write_capacity_units: 1000}\n"
	    "items:\n"
	    "  c: {values: \"c{0..9}\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: %s, rate: 2000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n",
	    duration);
}

/* The findings of scenario text yaml, run as file `file` (owned) */
static char *findings_of(const char *file, const char *yaml)
{
	struct pk_run *run = tu_sim_text(file, yaml);
	struct pk_result *res = result_build(run);
	char *text = tu_findings_text(res);

	result_free(res);
	tu_sim_free(run);
	return text;
}

/*
 * The table above for 60 s (trialA's hp60). By hand: the workload asks
 * 2,000 WCU a second of a table of 1,000. pksim's hash puts 6 of the 10
 * values on partition 0 (1,200 WCU a second, above the 1,000 one
 * partition serves, D3) and 4 on partition 1 (800). Each bank holds 300
 * s x 500 = 150,000 WCU, full at the start (D9, ASSUMPTION), so for the
 * first minute partition 1 is served whole and partition 0 at its cap:
 * 1,800 a second, every throttle partition 0's own
 * (TableWriteKeyRangeThroughputExceeded), none the table's total's.
 * Its writes used 1,800 x 60 + 1,000 x 9 (the retries' tail at
 * partition 0's cap) = 117,000 of 1,000 x 69 s held: 170%. The banks
 * together, 300,000 WCU, drain at 700 a second past the units: empty
 * at 300,000 / 700 = 430 s (300 s / 0.70), and from then at least 0.70
 * / 1.70 = 41% of the writes are throttled whatever the key (the 2,000
 * asked against 1,000 held make it half). So the finding says too few
 * units as well as one hot partition, as the same workload at 600 s
 * (below) and without a bank (burst: off) say, never "not too few
 * units".
 */
START_TEST(test_ddb_runlen_bank_carries)
{
	char *yaml = twice_its_units("60s");
	char *text = findings_of("hp60.yaml", yaml);

	ck_assert_msg(strstr(text, "throttles; yet the table was asked past "
				   "its units as well, carried for now by its "
				   "burst bank: its writes used 170% of its "
				   "1,000 WCU over the run") &&
			  strstr(text, "empties at t = 430 s, and from then "
				       "at least 41% of its writes are "
				       "throttled") &&
			  strstr(text, "too few units for this load as well "
				       "as one hot partition"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "not too few units"), "%s", text);
	free(text);
	free(yaml);
}
END_TEST

/*
 * The same workload for 600 s (trialA's hp600): the banks are empty by
 * t = 300 s (partition 0's: 150,000 / (1,000 - 500)) and 500 s
 * (partition 1's: 150,000 / (800 - 500)), and from then the table's
 * total refuses what passes its 1,000 WCU a second
 * (TableWriteProvisionedThroughputExceeded): too few WCU, as the 60 s
 * run says.
 */
START_TEST(test_ddb_runlen_bank_spent)
{
	char *yaml = twice_its_units("600s");
	char *text = findings_of("hp600.yaml", yaml);

	ck_assert_msg(strstr(text, "too few WCU for this load"), "%s", text);
	ck_assert_msg(!strstr(text, "not too few units"), "%s", text);
	free(text);
	free(yaml);
}
END_TEST

/*
 * The same shape with a sort key and a local secondary index (trialA's
 * lsi1): 1,000 puts of 1 KiB a second, each 1 WCU for the item and 1
 * for its index entry (D1, D18): 2,000 WCU a second asked of 1,000, for
 * 60 s. As above: the bank carries the table's total, partition 0's cap
 * throttles, and the finding says too few units as well.
 */
START_TEST(test_ddb_runlen_bank_carries_lsi)
{
	static const char yaml[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /c\n"
	    "  sort_key: /id\n"
	    "  read_capacity_units: 10\n"
	    "  write_capacity_units: 1000\n"
	    "  local_secondary_indexes:\n"
	    "    - {name: by-ts, sort_key: /ts}\n"
	    "items:\n"
	    "  c: {values: \"c{0..9}\"}\n"
	    "  ts: {values: \"t{000000..999999}\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 60s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char *text = findings_of("lsi1.yaml", yaml);

	ck_assert_msg(strstr(text, "carried for now by its burst bank") &&
			  strstr(text, "too few units for this load as well "
				       "as one hot partition"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "not too few units"), "%s", text);
	free(text);
}
END_TEST

/* trialA's iso0: a table of 1,000 WCU (2 partitions of 500 WCU, D4,
   D5) asked 900 puts of 1 KiB a second of one key value, "hot", beside
   300 a second spread over 100,000 others, for 60 s; heat (the table's
   heat settings, "" for the defaults: 80 % for a 300 s window) */
static char *hot_item(const char *heat)
{
	return xasprintf(
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /k, read_capacity_units: 10, "
	    "write_capacity_units: 1000%s}\n"
	    "streams:\n"
	    "  - name: hot\n"
	    "    items: {k: \"hot\"}\n"
	    "    phases:\n"
	    "      - {name: w, duration: 60s, rate: 900/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - name: cold\n"
	    "    items: {k: {values: \"c{00000..99999}\"}}\n"
	    "    phases:\n"
	    "      - {name: w, duration: 60s, rate: 300/s, ops: {create: 1}, "
	    "item_size: 1KB}\n",
	    heat);
}

/*
 * A hot item the heat split rule refuses, in a run shorter than its
 * window (trialA's iso0). By hand: partition 0 holds "hot" (900 WCU a
 * second, 1 WCU a put, D1) and about half the cold puts (150): about
 * 1,050 WCU a second against its 1,000 cap (D3). "hot" alone asks 900
 * of those 1,050, more than half (525), and at least 80 % of 1,000 =
 * 800: the unit no cut divides (without a sort key the value is one
 * item), so pksim's rule (ddb_hsplit.c) refuses the split once its 300
 * s window ends, which this 60 s run never reaches. The finding says
 * so, and names hot_item_isolation (D11), not "those before its
 * split". The table is short of units too: it is asked 900 + 300 =
 * 1,200 WCU a second of its 1,000 and consumes at least 1,000 (partition
 * 0 at its cap) + about 150 (partition 1) = 1,150 while the banks (300
 * s x 500 WCU each, D9) pay the part above the units, every throttle a
 * partition's cap's, none the table total's: the finding says too few
 * units as well, as hp60's does.
 */
START_TEST(test_ddb_runlen_refusal_ahead)
{
	char *yaml = hot_item("");
	char *text = findings_of("iso0.yaml", yaml);

	ck_assert_msg(strstr(text, "no heat split (D7) to come: \"hot\", one "
				   "item (a key value, on a table without a "
				   "sort key), was asked 900 WCU a second") &&
			  strstr(text, "its throttles go on as long as its "
				       "load does unless hot_item_isolation: "
				       "on (D11)"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "those before its split"), "%s", text);
	ck_assert_msg(strstr(text, "carried for now by its burst bank") &&
			  strstr(text, "too few units for this load as well "
				       "as one hot partition"),
		      "%s", text);
	free(text);
	free(yaml);
}
END_TEST

/*
 * The same workload with a heat window of 20 s in place of trialA's 700
 * s run: the window ends within the run, and the rule refuses the
 * split, as the 60 s run above foresaw (same 900 of about 1,050, past
 * 800): the finding counts the refusal, that the throttles go on, and
 * hot_item_isolation (D11), the same diagnosis.
 */
START_TEST(test_ddb_runlen_refusal_seen)
{
	char *yaml = hot_item(", heat_window_s: 20");
	char *text = findings_of("iso0-long.yaml", yaml);

	ck_assert_msg(strstr(text, "but no heat split (D7): one item") &&
			  strstr(text, "pksim refused the split") &&
			  strstr(text, "its throttles go on as long as its "
				       "load does") &&
			  strstr(text, "hot_item_isolation: on, D11"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "those before its split"), "%s", text);
	free(text);
	free(yaml);
}
END_TEST

/*
 * With hot_item_isolation: on (trialA's iso1) D11 moves "hot" to a
 * partition of its own within seconds: no refusal is foreseen for it.
 */
START_TEST(test_ddb_runlen_isolated)
{
	char *yaml = hot_item(", hot_item_isolation: on");
	char *text = findings_of("iso1.yaml", yaml);

	ck_assert_msg(!strstr(text, "to come"), "%s", text);
	free(text);
	free(yaml);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_runlen");
	TCase *tc = tcase_create("bank");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ddb_runlen_bank_carries);
	tcase_add_test(tc, test_ddb_runlen_bank_spent);
	tcase_add_test(tc, test_ddb_runlen_bank_carries_lsi);
	suite_add_tcase(s, tc);
	tc = tcase_create("heat");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ddb_runlen_refusal_ahead);
	tcase_add_test(tc, test_ddb_runlen_refusal_seen);
	tcase_add_test(tc, test_ddb_runlen_isolated);
	suite_add_tcase(s, tc);
	return s;
}
