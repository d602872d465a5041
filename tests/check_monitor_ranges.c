/*
 * check_monitor_ranges: a replayed Azure Monitor log's recorded
 * PartitionKeyRangeId lays out the existing container it was recorded on
 * (logranges.h, scenarios/README.md *Azure Monitor logs*).
 *
 * The keys' EPKs (V2, as `pksim locate` prints them): "c-1003"
 * 0BB4.., "c-1002" 115B70EB91D2B25CA671DC1F03440838, "c-1001"
 * 22A3899AA7C90A0BD2710BD418384BC1, "c-1004"
 * 3D9B8B6B32796F8F43A3E544C0A3F2E1. Two existing ranges laid out evenly
 * cut the space V2 hashes reach, [0, 40 00..), at 20 00.. (pmap.h):
 * "c-1003" and "c-1002" below, "c-1001" and "c-1004" above.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Ten seconds, each with one row of 3,000 RU for each of the n keys
   key[i] on recorded range rec[i] (the trial's m3.csv with n = 2). */
static char *log_of(size_t n, const char *const *key, const char *const *rec)
{
	char *out = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&out, &len);
	int s;

	fputs("TimeGenerated,DatabaseName,CollectionName,OperationName,"
	      "PartitionKeyRangeId,PartitionKey,RequestCharge\n",
	      f);
	for (s = 0; s < 10; s++) {
		for (i = 0; i < n; i++) {
			fprintf(f,
				"2026-05-12T09:00:0%d.000Z,shop,orders,Read,%s,"
				"\"[\"\"%s\"\"]\",3000\n",
				s, rec[i], key[i]);
		}
	}
	fclose(f);
	return out;
}

/* The scenario of partitions existing ranges at 10,000 RU/s replaying
   log; its path. */
static const char *scenario(const char *log, int partitions)
{
	char yaml[256];

	snprintf(yaml, sizeof(yaml),
		 "name: m3\n"
		 "container: {partition_key: /customerId, throughput: 10000, "
		 "partitions: %d}\n"
		 "monitor_log: {file: log.csv}\n",
		 partitions);
	tu_dir_file("log.csv", log);
	return tu_dir_file("s.yaml", yaml);
}

/* `pksim run` (extra: more options) of scenario(log, partitions); its
   stdout, caller frees. */
static char *run(const char *log, int partitions, const char *extra)
{
	char args[4200];

	snprintf(args, sizeof(args), "run '%s'%s", scenario(log, partitions),
		 extra);
	return tu_run_ok(args);
}

/* `pksim run` of scenario(log, 2), which must fail with exit 2; its
   stderr, caller frees. */
static char *refused(const char *log)
{
	char args[4200], *out = NULL, *err = NULL;
	int rc;

	snprintf(args, sizeof(args), "run '%s'", scenario(log, 2));
	rc = tu_run(args, &out, &err);
	ck_assert_msg(rc == 2, "exit %d: %s%s", rc, out ? out : "",
		      err ? err : "");
	free(out);
	return err;
}

/* The trial's case: the log records c-1001 on range 0 and c-1004 on
   range 1, both above the even cut at 20 00... Laid out as the log
   records them, each range has 10,000 / 2 = 5,000 RU/s (rule 4) and one
   key's 3,000 RU a second: no 429, peak 3,000 / 5,000 = 60% on both.
   The even cut does not fall between 22A3.. and 3D9B.., so the cut is
   their midpoint: 22A3899A.. + (3D9B8B6B.. - 22A3899A..) / 2 =
   301F8A82ED213CCD8B0A788C6C6E1F51 (128-bit arithmetic, rounded down).
   The report says the layout is the log's and names the two keys the
   even split would have put together. */
START_TEST(test_routes_by_log)
{
	static const char *const key[] = {"c-1001", "c-1004"};
	static const char *const rec[] = {"0", "1"};
	char *log = log_of(2, key, rec);
	char *out = run(log, 2, "");

	ck_assert_msg(strstr(out, "rate limited (429/3200)  0 "), "%s", out);
	ck_assert_msg(strstr(out, "no rate limiting: peak normalized RU "
				  "consumption was 60%"),
		      "%s", out);
	ck_assert_msg(strstr(out, "would put \"c-1001\" (recorded on range "
				  "0) and \"c-1004\" (on range 1) on one "
				  "range"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "numbered in EPK order"), "%s", out);
	free(out);
	out = run(log, 2, " --format json");
	ck_assert_msg(strstr(out, "\"301F8A82ED213CCD8B0A788C6C6E1F51\""), "%s",
		      out);
	ck_assert_msg(strstr(out, "\"throttled_429\": 0"), "%s", out);
	free(out);
	free(log);
}
END_TEST

/* The log and the even layout agree: c-1002 recorded on range 0 (below
   20 00..), c-1001 on range 1 (above). The even cut falls between them,
   so it stays; nothing to say. 3,000 of each range's 5,000 RU/s: no 429,
   peak 60%. */
START_TEST(test_agrees_with_even)
{
	static const char *const key[] = {"c-1002", "c-1001"};
	static const char *const rec[] = {"0", "1"};
	char *log = log_of(2, key, rec);
	char *out = run(log, 2, "");

	ck_assert_msg(!strstr(out, "as the log records its keys"), "%s", out);
	ck_assert_msg(strstr(out, "no rate limiting: peak normalized RU "
				  "consumption was 60%"),
		      "%s", out);
	free(out);
	out = run(log, 2, " --format json");
	ck_assert_msg(strstr(out, "\"20000000000000000000000000000000\""), "%s",
		      out);
	free(out);
	free(log);
}
END_TEST

/* The log numbers its ranges against EPK order: c-1004 (3D9B..) on "0",
   c-1001 (22A3..) on "1". Here range 0 is the lower interval, c-1001's,
   which the log calls "1"; the report says so. No 429 as above. */
START_TEST(test_ids_against_epk_order)
{
	static const char *const key[] = {"c-1004", "c-1001"};
	static const char *const rec[] = {"0", "1"};
	char *log = log_of(2, key, rec);
	char *out = run(log, 2, "");

	ck_assert_msg(strstr(out, "ranges here are numbered in EPK order, "
				  "and are the log's ranges 0 = \"1\", 1 = "
				  "\"0\""),
		      "%s", out);
	ck_assert_msg(strstr(out, "rate limited (429/3200)  0 "), "%s", out);
	free(out);
	free(log);
}
END_TEST

/* Three existing ranges against a log that names two: a layout the log
   did not see, laid out evenly (scenarios/README.md). Cut at 15 55..
   and 2A AA..: c-1001 (22A3..) on range 1, c-1004 (3D9B..) on range 2,
   and nothing said about the log's ranges. */
START_TEST(test_other_count_even)
{
	static const char *const key[] = {"c-1001", "c-1004"};
	static const char *const rec[] = {"0", "1"};
	char *log = log_of(2, key, rec);
	char *out = run(log, 3, "");

	ck_assert_msg(!strstr(out, "as the log records its keys"), "%s", out);
	ck_assert_msg(strstr(out, "no rate limiting"), "%s", out);
	free(out);
	free(log);
}
END_TEST

/* One key value on both recorded ranges: a split during the log moved
   it, and one layout cannot hold both. Refused at its row on range 1,
   the file's line 3 (header, then c-1001 on 0 at line 2). */
START_TEST(test_one_key_two_ranges)
{
	static const char *const key[] = {"c-1001", "c-1001"};
	static const char *const rec[] = {"0", "1"};
	char *log = log_of(2, key, rec);
	char *err = refused(log);

	ck_assert_msg(strstr(err, "log.csv:3:1: error: the log records "
				  "\"c-1001\" on partition key range 0 (line "
				  "2) and on range 1 (this row): "),
		      "%s", err);
	ck_assert_msg(strstr(err, "a split during the log moved it"), "%s",
		      err);
	free(err);
	free(log);
}
END_TEST

/* c-1003 (0BB4..) and c-1001 (22A3..) on range 0 but c-1002 (115B..,
   between them) on range 1: no interval holds range 0's keys. Refused
   at the later of range 0's rows in EPK order, c-1001's (line 4). */
START_TEST(test_not_an_interval)
{
	static const char *const key[] = {"c-1003", "c-1002", "c-1001"};
	static const char *const rec[] = {"0", "1", "0"};
	char *log = log_of(3, key, rec);
	char *err = refused(log);

	ck_assert_msg(strstr(err, "log.csv:4:1: error: the log records "
				  "\"c-1003\" (line 2) and \"c-1001\" (this "
				  "row) on partition key range 0 but "
				  "\"c-1002\" (line 3), whose EPK lies "
				  "between theirs, on range 1"),
		      "%s", err);
	free(err);
	free(log);
}
END_TEST

/* A log whose keys are all on one recorded range, replayed on 2
   existing ranges: the even cut at 20 00.. puts "c-1002" (115B..) and
   "c-1004" (3D9B..) on two ranges, 3,000 RU a second each of 5,000: no
   429, where the log's range held both, 6,000 a second (at 10,000 RU/s
   on 2 ranges it would throttle). The log names 1 range, the container
   has 2: pksim cannot lay it out from the log and says where its even
   layout disagrees. */
START_TEST(test_fewer_ranges_said)
{
	static const char *const key[] = {"c-1002", "c-1004"};
	static const char *const rec[] = {"0", "0"};
	char *log = log_of(2, key, rec);
	char *out = run(log, 2, "");

	ck_assert_msg(strstr(out, "the log records its keys on 1 partition "
				  "key range and this container has 2"),
		      "%s", out);
	ck_assert_msg(strstr(out, "\"c-1002\" and \"c-1004\", both "
				  "recorded on range 0, are on two ranges "
				  "here, so the 429s and hot ranges here are "
				  "not the log's"),
		      "%s", out);
	free(out);
	free(log);
}
END_TEST

/* A log that saw a split: "c-1001" and "c-1004" on range 0 (lines 2 and
   3), then on ranges 1 and 2 (lines 4 and 5); the container has 2
   ranges today. The log names 3 ids, so no layout of 2 is the log's;
   the even layout puts both keys above its cut at 20 00.., on one range,
   where the log's latest rows record them on two: said, with the split
   and the rows to replay. */
START_TEST(test_split_during_log_said)
{
	static const char log[] =
	    "TimeGenerated,DatabaseName,CollectionName,OperationName,"
	    "PartitionKeyRangeId,PartitionKey,RequestCharge\n"
	    "2026-05-12T09:00:00.000Z,shop,orders,Read,0,\"[\"\"c-1001\"\"]\","
	    "3000\n"
	    "2026-05-12T09:00:00.000Z,shop,orders,Read,0,\"[\"\"c-1004\"\"]\","
	    "3000\n"
	    "2026-05-12T09:00:01.000Z,shop,orders,Read,1,\"[\"\"c-1001\"\"]\","
	    "3000\n"
	    "2026-05-12T09:00:01.000Z,shop,orders,Read,2,\"[\"\"c-1004\"\"]\","
	    "3000\n";
	char *out = run(log, 2, "");

	ck_assert_msg(strstr(out, "the log records its keys on 3 partition "
				  "key ranges and this container has 2"),
		      "%s", out);
	ck_assert_msg(strstr(out, "\"c-1001\" (recorded on range 1) and "
				  "\"c-1004\" (on range 2) share one range "
				  "here"),
		      "%s", out);
	ck_assert_msg(strstr(out, "a split during the log moved it, so "
				  "replay the rows of after the split"),
		      "%s", out);
	free(out);
}
END_TEST

/* The trial's m3 log with a blank PartitionKeyRangeId in its first
   second's rows (lines 2 and 3) and "00" for "0" in its second second's
   c-1001 row (line 4). Range ids are numbers ("00" is range 0) and a
   blank id records no range, so the log names 2 ranges, as many as the
   container has: laid out as the log records c-1001 (0) and c-1004 (1),
   each range has 10,000 / 2 = 5,000 RU/s for one key's 3,000 a second:
   no 429 (test_routes_by_log). Counted as ranges "", "0", "00" and "1"
   they were 4, the even layout put both keys on range 1 (6,000 a second
   on 5,000) and 6,000 requests were rate limited. */
START_TEST(test_blank_and_padded_ids)
{
	static const char *const key[] = {"c-1001", "c-1004"};
	static const char *const rec[] = {"0", "1"};
	char *log = log_of(2, key, rec), *p, *out;

	p = strstr(log, "Read,0,");
	memmove(p + 5, p + 6, strlen(p + 6) + 1); /* line 2: blank */
	p = strstr(log, "Read,1,");
	memmove(p + 5, p + 6, strlen(p + 6) + 1); /* line 3: blank */
	p = strstr(log, "Read,0,");
	memmove(p + 6, p + 5, strlen(p + 5) + 1); /* line 4: "00" */
	out = run(log, 2, "");
	ck_assert_msg(strstr(out, "60,000 RU recorded on 2 partition key "
				  "ranges\n"),
		      "%s", out);
	ck_assert_msg(strstr(out, "  2 rows (the first on line 2) name no "
				  "PartitionKeyRangeId: replayed, but where "
				  "the log's keys live is read from the "
				  "other rows only"),
		      "%s", out);
	ck_assert_msg(strstr(out, "rate limited (429/3200)  0 "), "%s", out);
	free(out);
	out = run(log, 2, " --format json");
	ck_assert_msg(strstr(out, "\"ranges_named\": 2,"), "%s", out);
	ck_assert_msg(strstr(out, "\"rows_without_range\": 2,"), "%s", out);
	free(out);
	free(log);
}
END_TEST

/* A range id that is not a whole number is no id the service writes:
   refused at its field, line 2 column 43 (after
   "2026-05-12T09:00:00.000Z,shop,orders,Read,", 42 bytes). */
START_TEST(test_bad_id_refused)
{
	static const char *const key[] = {"c-1001", "c-1004"};
	static const char *const rec[] = {"r0", "1"};
	char *log = log_of(2, key, rec);
	char *err = refused(log);

	ck_assert_msg(strstr(err, "log.csv:2:43: error: PartitionKeyRangeId "
				  "\"r0\" is not a partition key range id; "
				  "it must be a whole number 0 or more"),
		      "%s", err);
	free(err);
	free(log);
}
END_TEST

/* test_fewer_ranges_said's log with a third key, "c-1003", on a blank
   range id in every second: the log names 1 range (0), the container
   has 2, and the even layout still splits "c-1002" and "c-1004", both
   recorded on range 0: said, as without the blank rows. */
START_TEST(test_blank_rows_keep_mismatch)
{
	static const char *const key[] = {"c-1002", "c-1004", "c-1003"};
	static const char *const rec[] = {"0", "0", ""};
	char *log = log_of(3, key, rec);
	char *out = run(log, 2, "");

	ck_assert_msg(strstr(out, "\"c-1002\" and \"c-1004\", both "
				  "recorded on range 0, are on two ranges "
				  "here"),
		      "%s", out);
	ck_assert_msg(strstr(out, "  10 rows (the first on line 4) name no "
				  "PartitionKeyRangeId"),
		      "%s", out);
	free(out);
	free(log);
}
END_TEST

/* `pksim compare` (extra: more options) of log replayed on 2 existing
   ranges at 20,000 and at 10,000 RU/s (the trial's m9.yaml); its
   stdout, caller frees. */
static char *compare(const char *log, const char *extra)
{
	char args[4200];
	const char *path;

	tu_dir_file("log.csv", log);
	path =
	    tu_dir_file("c.yaml", "name: m9\n"
				  "container: {partition_key: /customerId, "
				  "throughput: 20000, partitions: 2}\n"
				  "variants:\n"
				  "  - {name: recorded-20k}\n"
				  "  - {name: today-10k, throughput: 10000}\n"
				  "monitor_log: {file: log.csv}\n");
	snprintf(args, sizeof(args), "compare '%s'%s", path, extra);
	return tu_run_ok(args);
}

/* The count of needle in hay. */
static int count_of(const char *hay, const char *needle)
{
	int n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay++) {
		n++;
	}
	return n;
}

/* The trial's m9: c-1002 and c-1004 both on range 0, 3,000 RU a second
   each. The log names 1 range and both variants have 2, so both replay
   on the even layout, which puts the keys on two ranges: at 10,000 RU/s
   (5,000 a range) each range serves 3,000 a second, no 429, and
   today-10k ranks =1 with recorded-20k, where the log's one range held
   6,000 a second, over the 5,000 it would have. Each variant's rank
   says its layout is not the log's (text, Markdown, JSON); a compare on
   the log's own layout (c-1001 on 0, c-1004 on 1) says nothing. */
START_TEST(test_compare_says_layout)
{
	static const char *const key[] = {"c-1002", "c-1004"};
	static const char *const rec[] = {"0", "0"};
	static const char *const own[] = {"0", "1"};
	static const char *const key2[] = {"c-1001", "c-1004"};
	static const char caution[] =
	    "(not the log's layout: the log records its keys on 1 partition "
	    "key range and this container has 2, so the replay lays them out "
	    "evenly";
	char *log = log_of(2, key, rec), *out, *p;

	out = compare(log, "");
	p = strstr(out, "=1. today-10k: ");
	ck_assert_msg(p && strstr(p, caution), "%s", out);
	ck_assert_msg(count_of(out, caution) == 2, "%s", out);
	free(out);
	out = compare(log, " --format markdown");
	ck_assert_msg(count_of(out, caution) == 2, "%s", out);
	free(out);
	out = compare(log, " --format json");
	ck_assert_msg(count_of(out, "\"log_caution\": \"the log records its "
				    "keys on 1 partition key range") == 2,
		      "%s", out);
	free(out);
	free(log);
	log = log_of(2, key2, own);
	out = compare(log, " --format json");
	ck_assert_msg(count_of(out, "\"log_caution\": null") == 2, "%s", out);
	free(out);
	free(log);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("monitor_ranges");
	TCase *tc = tcase_create("runs");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_routes_by_log);
	tcase_add_test(tc, test_agrees_with_even);
	tcase_add_test(tc, test_ids_against_epk_order);
	tcase_add_test(tc, test_other_count_even);
	tcase_add_test(tc, test_one_key_two_ranges);
	tcase_add_test(tc, test_not_an_interval);
	tcase_add_test(tc, test_fewer_ranges_said);
	tcase_add_test(tc, test_split_during_log_said);
	tcase_add_test(tc, test_blank_and_padded_ids);
	tcase_add_test(tc, test_bad_id_refused);
	tcase_add_test(tc, test_blank_rows_keep_mismatch);
	tcase_add_test(tc, test_compare_says_layout);
	suite_add_tcase(s, tc);
	return s;
}
