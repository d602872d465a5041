/*
 * cfeed: the change-feed table (rule 39, src/report/report_cfeed.c)
 * across splits: its total is the feed's changes, the leases of ranges
 * split away counted, and its busiest lease is the fastest while it
 * lived, not the oldest; in the four formats. Figures by hand beside the
 * test.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/*
 * 12,000 RU/s: 2 ranges (rule 2) of 6,000. Keys a, c, e and g land on
 * range 1, b on range 0 (`pksim locate`); uniform over the five, 500
 * creates/s of 2 KB for 60 s: 100/s a key, range 1 takes 400/s =
 * 819,200 B/s and passes the 32 MB (33,554,432 B) physical partition
 * cap at 40.96 s: it splits at t = 41 s into ranges 2 and 3, two keys
 * each (rule 9 cuts between logical partitions), 200 changes/s each;
 * range 0 keeps its one key, 100/s, from t = 0. Nothing is throttled
 * (range 1 asks at most about 4,000 of its 6,000 RU/s), so the feed
 * holds every create: 500 x 60 = 30,000 changes, those range 1 took
 * before its split among them. The busiest lease is a child of range 1
 * (about 200 changes/s), not range 0, which holds the most changes at
 * the end (about 6,000, 100/s for 60 s) only because it is older.
 * Before: "the busiest, range 0, holds 43.3% of the 13,523 changes".
 */
static const char yaml[] =
    "container: {partition_key: /k, throughput: 12000, "
    "physical_partition_storage: 32MB}\n"
    "items: {k: {values: [a, c, e, g, b]}}\n"
    "phases: [{duration: 60s, rate: 500/s, ops: {create: 1}, "
    "item_size: 2KB}]\n";

static char *report(const char *fmt)
{
	char *dir = tu_tmpdir(), *path, args[1024];
	char *out = NULL, *err = NULL;

	path = tu_write_file(dir, "cf.yaml", yaml);
	snprintf(args, sizeof(args), "run %s --no-remedies --format %s", path,
		 fmt);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	free(err);
	return out;
}

START_TEST(test_cfeed_feed_total_and_fastest_lease)
{
	char *out = report("json");
	json_t *root = json_loads(out, 0, NULL), *cf;
	const char *busiest;
	double rate;

	ck_assert_ptr_nonnull(root);
	cf = json_object_get(
	    json_array_get(json_object_get(root, "variants"), 0),
	    "change_feed");
	ck_assert_int_eq(json_integer_value(json_object_get(cf, "changes")),
			 30000);
	ck_assert_int_gt(
	    json_integer_value(json_object_get(cf, "retired_changes")), 0);
	busiest = json_string_value(json_object_get(cf, "busiest_lease_range"));
	ck_assert_msg(busiest &&
			  (!strcmp(busiest, "2") || !strcmp(busiest, "3")),
		      "%s", busiest ? busiest : "null");
	rate =
	    json_real_value(json_object_get(cf, "busiest_lease_changes_per_s"));
	ck_assert_msg(rate > 180 && rate < 220, "%f", rate);
	json_decref(root);
	free(out);
	out = report("text");
	ck_assert_msg(strstr(out, "of the feed's 30,000 changes"), "%s", out);
	ck_assert_msg(strstr(out, "  1 (gone 41s) "), "%s", out);
	free(out);
	out = report("markdown");
	ck_assert_msg(strstr(out, "of the feed's 30,000 changes"), "%s", out);
	free(out);
	out = report("html");
	ck_assert_msg(strstr(out, "of the feed&#39;s 30,000 changes") ||
			  strstr(out, "of the feed's 30,000 changes"),
		      "%s", out);
	ck_assert_msg(strstr(out, "<td>1 (gone 41s)</td>"), "%s", out);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("cfeed");
	TCase *tc = tcase_create("cfeed");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_cfeed_feed_total_and_fastest_lease);
	suite_add_tcase(s, tc);
	return s;
}
