/*
 * check_monitor_ranges: a replayed Azure Monitor log's recorded
 * PartitionKeyRangeId against the layout an existing container starts
 * with (logranges.h, scenarios/README.md *Replay*).
 *
 * The keys' EPKs (V2, as `pksim locate` prints them): "c-1001"
 * 22A3899AA7C90A0BD2710BD418384BC1, "c-1002" 115B70EB91D2B25CA671DC1F03440838,
 * "c-1004" 3D9B8B6B32796F8F43A3E544C0A3F2E1. Two existing ranges cut the
 * space V2 hashes reach, [0, 40 00..), at 20 00.. (pmap.h): "c-1002" is on
 * range 0, "c-1001" and "c-1004" on range 1.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Ten seconds of one row of key a on recorded range ra and one of key b
   on range rb, 3,000 RU each (the trial's m3.csv with a and b). */
static char *log_of(const char *a, const char *ra, const char *b,
		    const char *rb)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	int s;

	fputs("TimeGenerated,DatabaseName,CollectionName,OperationName,"
	      "PartitionKeyRangeId,PartitionKey,RequestCharge\n",
	      f);
	for (s = 0; s < 10; s++) {
		fprintf(f,
			"2026-05-12T09:00:0%d.000Z,shop,orders,Read,%s,"
			"\"[\"\"%s\"\"]\",3000\n",
			s, ra, a);
		fprintf(f,
			"2026-05-12T09:00:0%d.000Z,shop,orders,Read,%s,"
			"\"[\"\"%s\"\"]\",3000\n",
			s, rb, b);
	}
	fclose(f);
	return out;
}

/* `pksim run` (extra: more options) of a scenario of partitions existing
   ranges at 10,000 RU/s replaying log; its stdout, caller frees. */
static char *run(const char *log, int partitions, const char *extra)
{
	char yaml[256], args[4200];
	const char *path;

	snprintf(yaml, sizeof(yaml),
		 "name: m3\n"
		 "container: {partition_key: /customerId, throughput: 10000, "
		 "partitions: %d}\n"
		 "monitor_log: {file: log.csv}\n",
		 partitions);
	tu_dir_file("log.csv", log);
	path = tu_dir_file("s.yaml", yaml);
	snprintf(args, sizeof(args), "run '%s'%s", path, extra);
	return tu_run_ok(args);
}

/* The trial's case: the log records c-1001 on range 0 and c-1004 on
   range 1; the even layout puts both on range 1 (header), so range 1 is
   offered 6,000 RU a second against its 5,000 share and throttles. The
   report must say that the log shows them apart, naming both, before
   the throttling it reports. */
START_TEST(test_colocated_against_log)
{
	char *log = log_of("c-1001", "0", "c-1004", "1");
	char *out = run(log, 2, "");
	const char *said = strstr(
	    out, "the log records \"c-1001\" on partition key range 0 and "
		 "\"c-1004\" on range 1, but this layout puts both on range "
		 "1: ");
	const char *limited = strstr(out, "partition key range 1 rate-limited");

	ck_assert_msg(said != NULL, "%s", out);
	ck_assert_msg(limited != NULL && said < limited, "%s", out);
	free(out);
	out = run(log, 2, " --format json");
	ck_assert_msg(strstr(out, "the log records \\\"c-1001\\\" on partition "
				  "key range 0 and \\\"c-1004\\\" on range 1"),
		      "%s", out);
	free(out);
	free(log);
}
END_TEST

/* The log and the layout agree: c-1002 recorded on range 0 (range 0
   here), c-1001 on range 1 (range 1 here). Each range is offered 3,000
   RU a second against 10,000 / 2 = 5,000 (rule 4): no 429, and the peak
   is 3,000 / 5,000 = 60%. Nothing to say about the log's ranges. */
START_TEST(test_agrees_with_log)
{
	char *log = log_of("c-1002", "0", "c-1001", "1");
	char *out = run(log, 2, "");

	ck_assert_msg(!strstr(out, "the log records"), "%s", out);
	ck_assert_msg(strstr(out, "no rate limiting: peak normalized RU "
				  "consumption was 60%"),
		      "%s", out);
	free(out);
	free(log);
}
END_TEST

/* Three existing ranges against a log that names two: a layout the log
   did not see, not compared (scenarios/README.md). Cut at 15 55.. and
   2A AA..: c-1001 (22A3..) on range 1, c-1004 (3D9B..) on range 2. */
START_TEST(test_other_count_not_compared)
{
	char *log = log_of("c-1001", "0", "c-1004", "1");
	char *out = run(log, 3, "");

	ck_assert_msg(!strstr(out, "the log records"), "%s", out);
	free(out);
	free(log);
}
END_TEST

/* The same key value on both recorded ranges (a split during the log
   renames its range) is not held against the layout. */
START_TEST(test_one_key_two_ranges)
{
	char *log = log_of("c-1001", "0", "c-1001", "1");
	char *out = run(log, 2, "");

	ck_assert_msg(!strstr(out, "the log records"), "%s", out);
	free(out);
	free(log);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("monitor_ranges");
	TCase *tc = tcase_create("runs");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_colocated_against_log);
	tcase_add_test(tc, test_agrees_with_log);
	tcase_add_test(tc, test_other_count_not_compared);
	tcase_add_test(tc, test_one_key_two_ranges);
	suite_add_tcase(s, tc);
	return s;
}
