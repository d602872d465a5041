/*
 * expect: `expect:` assertions, `pksim check` and `pksim run
 * --narrate` (§3).
 *  - the measure syntax (the fields themselves: tests/check_fields.c);
 *  - `pksim check` passes every shipped scenario, each with assertions;
 *  - a broken expectation exits 3, names the measure with expected and
 *    actual value, and the report is still written;
 *  - --narrate tells storage-split's three splits in order on stderr and
 *    leaves the -o report byte-identical;
 *  - a lesson that names its scenario (`scenario:`) runs it with its
 *    own assertions after the scenario's, each failure naming the file
 *    it is written in; no shipped lesson copies a shipped scenario.
 */
#include <check.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pksim/load/expect.h"
#include "testutil.h"

/* The measure syntax: a list measures its length, indexes are numbers, a
   range id any text, an object no measure. */
START_TEST(test_measure_syntax)
{
	ck_assert(expect_measure_valid("splits", NULL)); /* a list: length */
	ck_assert(expect_measure_valid("splits[2].children[1].id", NULL));
	ck_assert(expect_measure_valid("range_429_rate[12]", NULL));
	ck_assert(!expect_measure_valid("range_429_rate", NULL));
	ck_assert(!expect_measure_valid("splits[x].t_s", NULL));
	ck_assert(!expect_measure_valid("totals", NULL)); /* an object */
}
END_TEST

/* `pksim check`: every shipped scenario, each with assertions, all ok. */
/* The *.yaml files in folder dir (not below it). */
static int yaml_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		n += len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0;
	}
	closedir(d);
	return n;
}

START_TEST(test_check_shipped)
{
	char *out = NULL, *err = NULL, *line, *save = NULL;
	int rc, rows = 0, skipped = 0;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
#if defined(__SANITIZE_ADDRESS__)
	/* Under the sanitizers (tools/test's asan stage) each shipped
	   scenario replays once: lessons 2 and 4 name compare-iot and
	   synthetic-keys (scenario:), which `pksim check` would replay a
	   second time for the lessons' own assertions, about a sixth of
	   the whole check's CPU. The path of a lesson that names its
	   scenario runs in lesson 3 (compare-offices, a short run); every
	   file, lessons 2 and 4 too, is checked in build/. */
	rc = tu_run("check scenarios/*.yaml scenarios/lessons/01-*.yaml "
		    "scenarios/lessons/03*.yaml",
		    &out, &err);
	skipped = 2;
#else
	rc = tu_run("check", &out, &err);
#endif
	ck_assert_msg(rc == 0, "pksim check: exit %d\n%s%s", rc, out, err);
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strstr(line, ".yaml ")) {
			rows++;
			/* "ok": it has assertions and all hold (a
			   scenario without says "no expect:") */
			ck_assert_msg(strstr(line, "  ok"), "not ok: %s", line);
		}
	}
	/* one row for each shipped scenario (check_claims lists them) and
	   each file of the lessons in scenarios/lessons/ (lesson 3 has
	   two), counted here so a scenario added elsewhere needs no edit */
	ck_assert_int_eq(rows, yaml_files("scenarios") +
				   yaml_files("scenarios/lessons") - skipped);
	free(out);
	free(err);
}
END_TEST

/* A broken expectation: exit 3, a clear message, the report written. */
START_TEST(test_broken_expectation)
{
	const char *path;
	char args[1200], *text, *out = NULL, *err = NULL, *p;
	int rc;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	text = tu_read_file("scenarios/storage-split.yaml", NULL);
	ck_assert_ptr_nonnull(text);
	/* the header says 3 splits; claim 4 */
	p = strstr(text, "{measure: splits, equal: 3}");
	ck_assert_ptr_nonnull(p);
	p[strlen("{measure: splits, equal: ")] = '4';
	path = tu_dir_file("broken.yaml", text);
	snprintf(args, sizeof(args), "run %s", path);
	rc = tu_run(args, &out, &err);
	ck_assert_int_eq(rc, 3);
	/* the report is on stdout all the same */
	ck_assert_ptr_nonnull(strstr(out, "storage-split"));
	ck_assert_msg(strstr(err, "expect failed: splits: expected = 4, got "
				  "3\n"),
		      "%s", err);
	ck_assert_ptr_nonnull(strstr(err, "1 of 21 expectations failed"));
	free(out);
	free(err);
	/* pksim check names it FAIL and exits 3 too */
	snprintf(args, sizeof(args), "check %s scenarios/storage-split.yaml",
		 path);
	rc = tu_run(args, &out, &err);
	ck_assert_int_eq(rc, 3);
	ck_assert_ptr_nonnull(strstr(out, "broken.yaml"));
	ck_assert_ptr_nonnull(strstr(out, "FAIL"));
	ck_assert_ptr_nonnull(strstr(out, "2 scenarios, 1 failing"));
	free(out);
	free(err);
	free(text);
}
END_TEST

/* All holding: one line on stderr, exit 0. */
START_TEST(test_all_hold_one_line)
{
	char *out = NULL, *err = NULL;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	ck_assert_int_eq(tu_run("run scenarios/storage-split.yaml --format "
				"json",
				&out, &err),
			 0);
	ck_assert_str_eq(err, "scenarios/storage-split.yaml: all 21 "
			      "expectations hold\n");
	free(out);
	free(err);
}
END_TEST

/* --narrate on storage-split: 6,000 RU/s make one range (id 0); 500
   writes/s of 4 KB = 2,048,000 B/s fill its 32 MB = 33,554,432 B after
   16.4 s, so range 0 splits at t = 16..18 s into the next ids, 1 and 2;
   each child takes half the data and half the writes and is full again
   16.4 s later: 1 splits into 3 and 4, then 2 into 5 and 6, both at
   32..35 s. 4 x 1,500 RU/s take 500 x ~6 RU/s with room, so no range
   reaches 100 % and nothing is rate limited. The run is 1 m: it ends
   at 60 s. The -o report is the same bytes as without --narrate. */
START_TEST(test_narrate_storage_split)
{
	char args[1200], a[512], b[512];
	char *out = NULL, *err = NULL, *ra, *rb;
	const char *cause =
	    ", because its storage passed the physical partition cap of 32.0 "
	    "MiB.\n";
	char want[1024];
	int t1, t2, t3;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	snprintf(a, sizeof(a), "%s/a.txt", tu_dir);
	snprintf(b, sizeof(b), "%s/b.txt", tu_dir);
	snprintf(args, sizeof(args),
		 "run scenarios/storage-split.yaml --narrate -o %s", a);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(sscanf(err, "t = %d s: ", &t1), 1);
	ck_assert_int_ge(t1, 16);
	ck_assert_int_le(t1, 18);
	{
		char *l2 = strchr(err, '\n') + 1, *l3 = strchr(l2, '\n') + 1;

		ck_assert_int_eq(sscanf(l2, "t = %d s: ", &t2), 1);
		ck_assert_int_eq(sscanf(l3, "t = %d s: ", &t3), 1);
	}
	ck_assert_int_ge(t2, 32);
	ck_assert_int_le(t2, 35);
	ck_assert_int_ge(t3, t2);
	ck_assert_int_le(t3, 35);
	snprintf(want, sizeof(want),
		 "t = %d s: range 0 splits into ranges 1 and 2%s"
		 "t = %d s: range 1 splits into ranges 3 and 4%s"
		 "t = %d s: range 2 splits into ranges 5 and 6%s"
		 "t = 60 s: the run ends.\n"
		 "scenarios/storage-split.yaml: all 21 expectations hold\n",
		 t1, cause, t2, cause, t3, cause);
	ck_assert_str_eq(err, want);
	free(out);
	free(err);
	snprintf(args, sizeof(args), "run scenarios/storage-split.yaml -o %s",
		 b);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ra = tu_read_file(a, NULL);
	rb = tu_read_file(b, NULL);
	ck_assert_ptr_nonnull(ra);
	ck_assert_ptr_nonnull(rb);
	ck_assert_str_eq(ra, rb);
	/* --step needs a terminal: the tests have none */
	ck_assert_int_eq(
	    tu_run("run scenarios/storage-split.yaml --step", NULL, NULL), 2);
	free(ra);
	free(rb);
	free(out);
	free(err);
}
END_TEST

/* The shorthands first_403_s and range_429_rate[ID], and the narration of
   a full logical partition: one key value, a 1 MiB logical partition
   cap, 10 creates/s of 10 KiB for 20 s at 400 RU/s. 1,048,576 / 10,240
   = 102.4: 102 items fit; the 103rd (index 102) is sent at 102 / 10 =
   10.2 s, in second 10, and refused with 403/1014, as is every later
   one: 200 - 102 = 98. 10 x ~14 RU/s is far below 400: no 429 on the
   one range (id 0). */
START_TEST(test_shorthands_full_partition)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400,\n"
	    "            logical_partition_storage: 1MB}\n"
	    "items: {k: {values: [one]}}\n"
	    "phases:\n"
	    "  - {duration: 20s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 10KB}\n"
	    "expect:\n"
	    "  - {measure: first_403_s, equal: 10}\n"
	    "  - {measure: totals.rejected_403, equal: 98}\n"
	    "  - {measure: \"range_429_rate[0]\", equal: 0}\n"
	    "  - {measure: \"range_429_rate[7]\", equal: 0}\n";
	char args[1200], *out = NULL, *err = NULL;

	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt",
		 tu_dir_file("full.yaml", text), tu_dir);
	/* range 7 does not exist: that one fails as absent, exit 3 */
	ck_assert_int_eq(tu_run(args, &out, &err), 3);
	ck_assert_msg(strstr(err, "t = 10 s: logical partition \"one\" is "
				  "full: a write that would take it past its "
				  "1.0 MiB cap is refused with 403/1014.\n"),
		      "%s", err);
	ck_assert_msg(strstr(err, "expect failed: range_429_rate[7]: "
				  "expected = 0, got absent\n"),
		      "%s", err);
	ck_assert_msg(strstr(err, "1 of 4 expectations failed"), "%s", err);
	free(out);
	free(err);
}
END_TEST

/* The text of s from the line starting with `from` up to the next line
   that starts a top-level key (a letter at column 1) or the end; owned,
   or NULL when no line starts with from. */
static char *section(const char *s, const char *from)
{
	const char *a = s, *b;
	size_t n = strlen(from);

	while (a && strncmp(a, from, n) != 0) {
		a = strchr(a, '\n');
		a = a ? a + 1 : NULL;
	}
	if (!a) {
		return NULL;
	}
	for (b = strchr(a, '\n'); b && b[1]; b = strchr(b + 1, '\n')) {
		if ((b[1] >= 'a' && b[1] <= 'z') ||
		    (b[1] >= 'A' && b[1] <= 'Z')) {
			break;
		}
	}
	return strndup(a, b ? (size_t)(b + 1 - a) : strlen(a));
}

/* Every shipped lesson either names its scenario, and then reports the
   same bytes as that scenario (one source), or has a workload (its
   phases) that no shipped scenario has: none is a copy. */
START_TEST(test_lessons_have_one_source)
{
	DIR *d;
	struct dirent *e;
	int named = 0, own = 0;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	d = opendir("scenarios/lessons");
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		char path[512], ref[512], args[1200], *text, *line;
		size_t len = strlen(e->d_name);

		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0) {
			continue;
		}
		snprintf(path, sizeof(path), "scenarios/lessons/%s", e->d_name);
		text = tu_read_file(path, NULL);
		ck_assert_ptr_nonnull(text);
		line = section(text, "scenario: ");
		if (line) {
			char *a = NULL, *b = NULL, *err = NULL;

			ck_assert_int_eq(
			    sscanf(line, "scenario: ../%400s", ref), 1);
			snprintf(args, sizeof(args), "compare %s --format json",
				 path);
			ck_assert_int_eq(tu_run(args, &a, &err), 0);
			free(err);
			snprintf(args, sizeof(args),
				 "compare scenarios/%s --format json", ref);
			ck_assert_int_eq(tu_run(args, &b, &err), 0);
			ck_assert_msg(strcmp(a, b) == 0,
				      "%s reports otherwise than %s", path,
				      ref);
			free(a);
			free(b);
			free(err);
			free(line);
			named++;
		} else {
			char *phases = section(text, "phases:");
			DIR *sd = opendir("scenarios");
			struct dirent *se;

			ck_assert_ptr_nonnull(phases);
			ck_assert_ptr_nonnull(sd);
			while ((se = readdir(sd))) {
				char sp[512], *st, *sph;
				size_t sl = strlen(se->d_name);

				if (sl < 6 ||
				    strcmp(se->d_name + sl - 5, ".yaml")) {
					continue;
				}
				snprintf(sp, sizeof(sp), "scenarios/%s",
					 se->d_name);
				st = tu_read_file(sp, NULL);
				sph = st ? section(st, "phases:") : NULL;
				ck_assert_msg(!sph || strcmp(sph, phases) != 0,
					      "%s copies the workload of %s",
					      path, sp);
				free(sph);
				free(st);
			}
			closedir(sd);
			free(phases);
			own++;
		}
		free(text);
	}
	closedir(d);
	/* lessons 2, 3 and 4 are built on compare-iot, compare-offices and
	   synthetic-keys; lesson 1 and lesson 3's bucket suffix have
	   workloads of their own */
	ck_assert_int_eq(named, 3);
	ck_assert_int_eq(own, 2);
}
END_TEST

/* A lesson in a folder below its scenario: the named file is found
   relative to the lesson's folder; the scenario's assertion and the
   lesson's each fail at their own FILE:LINE:COL, the summary names the
   lesson, and the one that holds is counted. The scenario: 400 RU/s,
   60 creates of 1 KB, one a second (5 RU/s): 60 operations, no 429. */
START_TEST(test_lesson_expect_files)
{
	char path[600], args[1400], want[1400];
	char *out = NULL, *err = NULL;

	tu_dir_file("s.yaml",
		    "container: {partition_key: /k, throughput: 400}\n"
		    "items: {k: {values: [a]}}\n"
		    "phases: [{duration: 60s, rate: 1/s}]\n"
		    "expect:\n"
		    "  - {measure: totals.operations, equal: 60}\n"
		    "  - {measure: totals.throttled_429, equal: 1}\n");
	snprintf(path, sizeof(path), "%s/lessons", tu_dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	tu_dir_file("lessons/l.yaml",
		    "# a lesson\n"
		    "scenario: ../s.yaml\n"
		    "lesson:\n"
		    "  goal: a goal\n"
		    "  look_at: a table\n"
		    "  questions: [{question: why?, answer: because}]\n"
		    "expect:\n"
		    "  - {measure: partitions, equal: 2}\n");
	snprintf(args, sizeof(args), "run %s/lessons/l.yaml -o %s/r.txt",
		 tu_dir, tu_dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 3);
	snprintf(want, sizeof(want),
		 "%s/lessons/../s.yaml:6:15: expect failed: "
		 "totals.throttled_429: expected = 1, got 0\n"
		 "%s/lessons/l.yaml:8:15: expect failed: partitions: "
		 "expected = 2, got 1\n"
		 "%s/lessons/l.yaml: 2 of 3 expectations failed\n",
		 tu_dir, tu_dir, tu_dir);
	ck_assert_str_eq(err, want);
	free(out);
	free(err);
}
END_TEST

/* Expectations compare types and print numbers that differ differently.
   One run of a container of 400 RU/s, one key, a create a second for
   10 s and 10 items of 1 KB preloaded: it keeps its 1
   partition, so partitions equal: 1.0000000001 fails and must not
   print "expected = 1, got 1"; that partition, the first, has parent
   null (JSON null) and the preload's layout preloaded_spread is false
   (JSON boolean): a plain null/false equals them, the quoted strings
   "null"/"false" do not. Exactly the three failures named, in order,
   and "3 of 5": the plain null and false held. */
START_TEST(test_expect_types_and_digits)
{
	const char *path;
	char args[1200], want[1200];
	char *out = NULL, *err = NULL;

	path = tu_dir_file(
	    "t.yaml",
	    "container: {partition_key: /k, throughput: 400}\n"
	    "preload: {property: k, items_per_value: 10, item_size: 1KB}\n"
	    "items: {k: {values: [a]}}\n"
	    "phases: [{duration: 10s, rate: 1/s}]\n"
	    "expect:\n"
	    "  - {measure: partitions, equal: 1.0000000001}\n"
	    "  - {measure: \"physical_partitions[0].parent\", equal: "
	    "\"null\"}\n"
	    "  - {measure: \"physical_partitions[0].parent\", equal: null}\n"
	    "  - {measure: layout.preloaded_spread, equal: \"false\"}\n"
	    "  - {measure: layout.preloaded_spread, equal: false}\n");
	snprintf(args, sizeof(args), "run %s -o %s/r.txt", path, tu_dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 3);
	snprintf(want, sizeof(want),
		 "%s:6:15: expect failed: partitions: expected = "
		 "1.0000000001, got 1\n"
		 "%s:7:15: expect failed: physical_partitions[0].parent: "
		 "expected = \"null\", got null\n"
		 "%s:9:15: expect failed: layout.preloaded_spread: "
		 "expected = \"false\", got false\n"
		 "%s: 3 of 5 expectations failed\n",
		 path, path, path, path);
	ck_assert_str_eq(err, want);
	free(out);
	free(err);
}
END_TEST

/* Fields the JSON report wrote that expect: could not name before the
   table of fields held them. A phase at 5 s asks 30,000 RU/s of a 6,000
   RU/s container: rule 6, ceil(30,000 / 10,000) = 3 partitions, whose
   splits take the 60 s of split_delay: done at 5 + 60 = 65 s, after the
   10 s run, so effective_t_s is null and would_apply_t_s 65. 10 s x
   10 creates/s = 100 items, none with /k: all 100 in the undefined
   logical partition, which allow_undefined_key allows. */
START_TEST(test_expect_fields_by_hand)
{
	static const char head[] =
	    "container: {partition_key: /k, throughput: 6000, split_delay: "
	    "60s,\n"
	    "            allow_undefined_key: true}\n"
	    "items: {j: {values: [x, y]}}\n"
	    "phases:\n"
	    "  - {duration: 5s, rate: 10/s}\n"
	    "  - {duration: 5s, rate: 10/s, throughput: 30000}\n"
	    "expect:\n"
	    "  - {measure: \"throughput_changes[0].effective_t_s\", equal: "
	    "null}\n"
	    "  - {measure: undefined_key.without_key_property, equal: 100}\n"
	    "  - {measure: undefined_key.allowed, equal: true}\n";
	const char *path;
	char args[1200], want[1200], text[2048];
	char *out = NULL, *err = NULL;
	int i;

	for (i = 0; i < 2; i++) {
		snprintf(text, sizeof(text),
			 "%s  - {measure: \"throughput_changes[0]."
			 "would_apply_t_s\", equal: %d}\n",
			 head, i ? 66 : 65);
		path = tu_dir_file("s.yaml", text);
		snprintf(args, sizeof(args), "run %s -o %s/r.txt", path,
			 tu_dir);
		ck_assert_int_eq(tu_run(args, &out, &err), i ? 3 : 0);
		snprintf(want, sizeof(want),
			 i ? "%s:11:15: expect failed: throughput_changes[0]."
			     "would_apply_t_s: expected = 66, got 65\n"
			     "%s: 1 of 4 expectations failed\n"
			   : "%s: all 4 expectations hold\n",
			 path, path);
		ck_assert_str_eq(err, want);
		free(out);
		free(err);
	}
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("expect");
	TCase *tc = tcase_create("expect");
	/* tagged plain_only: tools/test's asan stage skips it (its
	   replays are check_shipped's, which runs there; what it asserts,
	   bytes equal, is checked in build/) */
	TCase *plain = tcase_create("expect_plain_only");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_tags(plain, "plain_only");

	tcase_add_test(tc, test_measure_syntax);
	tcase_add_test(tc, test_check_shipped);
	tcase_add_test(tc, test_broken_expectation);
	tcase_add_test(tc, test_all_hold_one_line);
	tcase_add_test(tc, test_narrate_storage_split);
	tcase_add_test(tc, test_shorthands_full_partition);
	tcase_add_test(tc, test_lesson_expect_files);
	tcase_add_test(tc, test_expect_types_and_digits);
	tcase_add_test(tc, test_expect_fields_by_hand);
	tcase_add_test(plain, test_lessons_have_one_source);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, plain);
	return s;
}
