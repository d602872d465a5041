/*
 * preload: the container's data at t = 0 (`preload:`):
 * items per value of a generated property (fixed, uniform, Zipf), the
 * records of a data file, the spread when a key reads other properties,
 * no charge, and storage splits and the logical partition counts that
 * follow. Each expected number has its arithmetic beside it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "testutil.h"

/* Items held by the logical partition of string key text in s (its
   identity bytes: the value's binary encoding). */
static uint64_t lp_items(const struct pk_snapshot *s, const char *text)
{
	unsigned char enc[PK_EPK_ENCODED_MAX];
	struct pk_value v = {PK_VALUE_STRING, text, strlen(text), 0, 0};
	struct pk_snapshot_lp lp;
	size_t len = 0;
	uint64_t x;

	ck_assert_int_eq(epk_encode_v2(&v, enc, sizeof(enc), &len), 0);
	for (x = 0; x < s->n_lps; x++) {
		lp = tu_lp(s, x);
		if (lp.key_len == len && memcmp(lp.key, enc, len) == 0) {
			return lp.items;
		}
	}
	return 0;
}

START_TEST(test_preload_fixed)
{
	/* 3 values x 10 items of 1 KB = 30 items, 30 KiB, in 3 logical
	   partitions, before the clock; with index_factor 2 in the second
	   variant, 60 KiB. The one read a second finds no workload item
	   (skipped): no charge at all. */
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "variants: [{name: a}, {name: b, index_factor: 2}]\n"
	    "items: {k: {values: \"k{1..3}\"}}\n"
	    "preload: {property: k, items_per_value: 10, item_size: 1KB}\n"
	    "phases: [{duration: 5s, rate: 1/s, ops: {read: 1}}]\n";
	struct pk_run *run = tu_sim_text("p.yaml", text);
	struct pk_snapshot a;
	struct pk_snapshot b;

	tu_snapshot(run, 0, &a);
	tu_snapshot(run, 1, &b);
	ck_assert_uint_eq(a.preload_items, 30);
	ck_assert_uint_eq(a.preload_bytes, 30 * 1024);
	ck_assert_uint_eq(a.preload_lps, 3);
	ck_assert_uint_eq(a.storage_bytes, 30 * 1024);
	ck_assert_uint_eq(a.ranges[0].logical_partitions, 3);
	ck_assert_uint_eq(lp_items(&a, "k2"), 10);
	ck_assert_int_eq(a.metrics->totals.ru_mru, 0);
	ck_assert_uint_eq(a.metrics->totals.attempts, 0);
	ck_assert_uint_eq(b.storage_bytes, 2 * 30 * 1024);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	snapshot_free(&a);
	snapshot_free(&b);
	tu_sim_free(run);
}
END_TEST

START_TEST(test_preload_zipf)
{
	/* 10 items over 3 values with s = 1: H = 1 + 1/2 + 1/3 = 11/6;
	   shares 10 x 6/11 = 5.45, 2.73, 1.82: floors 5, 2, 1 (8), the 2
	   left to the largest remainders (0.82 of k3, 0.73 of k2): 5, 3, 2.
	   And 100 over 4 with s = 1: H = 25/12, exactly 48, 24, 16, 12. */
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: [k1, k2, k3]}, j: {values: \"j{1..4}\"}}\n"
	    "preload: {property: k, items_per_value: {zipf: {total: 10, s: "
	    "1}}}\n"
	    "phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}]\n";
	static const char text4[] =
	    "container: {partition_key: /j, throughput: 400}\n"
	    "items: {j: {values: \"j{1..4}\"}}\n"
	    "preload: {property: j, items_per_value: {zipf: {total: 100, s: "
	    "1}}}\n"
	    "phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}]\n";
	struct pk_run *run = tu_sim_text("p.yaml", text);
	struct pk_snapshot c;

	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(lp_items(&c, "k1"), 5);
	ck_assert_uint_eq(lp_items(&c, "k2"), 3);
	ck_assert_uint_eq(lp_items(&c, "k3"), 2);
	snapshot_free(&c);
	tu_sim_free(run);
	run = tu_sim_text("p.yaml", text4);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(lp_items(&c, "j1"), 48);
	ck_assert_uint_eq(lp_items(&c, "j2"), 24);
	ck_assert_uint_eq(lp_items(&c, "j3"), 16);
	ck_assert_uint_eq(lp_items(&c, "j4"), 12);
	snapshot_free(&c);
	tu_sim_free(run);
}
END_TEST

/* CPU seconds this process has used. */
static double cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
	       1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

START_TEST(test_preload_zipf_many_remainders)
{
	/* 100,000 items over 200,000 values with s = 0.0001: every share is
	   about 0.5 (100,000 x (r + 1)^-s / H, H = the sum of the 200,000
	   terms, each about 1), so every floor is 0 and all 100,000 items go
	   one each to the largest remainders, which are the largest shares:
	   the first 100,000 values (the shares fall strictly with r). The
	   remainders are ranked once; picking the largest 100,000 times
	   over 200,000 values was 2 x 10^10 steps (tens of seconds) for a
	   run whose work estimate is about 100,000 units. The CPU bound is
	   not checked under valgrind, which runs everything ~50x slower. */
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{000000..199999}\"}}\n"
	    "preload: {property: k, items_per_value: {zipf: {total: 100000, "
	    "s: 0.0001}}}\n"
	    "phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}]\n";
	const char *pre = getenv("LD_PRELOAD");
	double t0 = cpu_s(), used;
	struct pk_run *run = tu_sim_text("p.yaml", text);
	struct pk_snapshot c;

	used = cpu_s() - t0;
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.preload_items, 100000);
	ck_assert_uint_eq(lp_items(&c, "k000000"), 1);
	ck_assert_uint_eq(lp_items(&c, "k099999"), 1);
	ck_assert_uint_eq(lp_items(&c, "k100000"), 0);
	ck_assert_uint_eq(lp_items(&c, "k199999"), 0);
	if (!pre || !strstr(pre, "vgpreload")) {
		ck_assert_msg(used < 5.0, "%.1f s of CPU", used);
	}
	snapshot_free(&c);
	tu_sim_free(run);
}
END_TEST

START_TEST(test_preload_refused_values_not_walked)
{
	/* 4,000,000,000 values of a zipf preload: the value count is
	   refused (at most 1,000,000) before the first value's share,
	   a sum over every value (4e9 pow calls, some 30 s), is taken:
	   one error, well within a second of CPU */
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..3999999999}\"}}\n"
	    "preload: {property: k, items_per_value: {zipf: {total: "
	    "1000000, s: 1}}}\n"
	    "phases: [{duration: 1s, rate: 1/s}]\n";
	const char *pre = getenv("LD_PRELOAD");
	double t0 = cpu_s(), used;
	struct pk_diag d;
	struct pk_scenario *sc;
	char *out;

	diag_init(&d);
	sc = scenario_parse("p.yaml", text, strlen(text), &d);
	used = cpu_s() - t0;
	ck_assert_ptr_null(sc);
	out = tu_diag_text(&d);
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_msg(strstr(out, "has 4,000,000,000 values; a preload "
				  "fills at most 1,000,000 logical "
				  "partitions"),
		      "%s", out);
	if (!pre || !strstr(pre, "vgpreload")) {
		ck_assert_msg(used < 1.0, "%.1f s of CPU", used);
	}
	free(out);
	diag_free(&d);
}
END_TEST

START_TEST(test_preload_past_fmt_says_true_bytes)
{
	/* 1,000,000 values x 10^12 items of 2 MB: 10^18 x 2,097,152 =
	   2.097152e24 bytes, 2.097152e24 / 2^30 = 1.953e15 GiB, which
	   needs as many RU/s at 1 a GB (rule 8): said as such, not as
	   the 1e18 bytes (888.2 PiB) the byte formatter stops at */
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..999999}\"}}\n"
	    "preload: {property: k, items_per_value: 1000000000000, "
	    "item_size: 2MB}\n"
	    "phases: [{duration: 1s, rate: 1/s}]\n";
	struct pk_diag d;
	struct pk_scenario *sc;
	char *out;

	diag_init(&d);
	sc = scenario_parse("p.yaml", text, strlen(text), &d);
	ck_assert_ptr_null(sc);
	out = tu_diag_text(&d);
	ck_assert_msg(strstr(out, "preload stores 2.1e+24 bytes (1.95e+15 "
				  "GiB) at t = 0, which needs 1.95e+15 RU/s"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "888"), "%s", out);
	free(out);
	diag_free(&d);
}
END_TEST

START_TEST(test_preload_uniform_and_spread)
{
	/* uniform 5..7 a value over 100 values: between 500 and 700 items,
	   the same draws in every variant. Variant "tpl" keyed by a template
	   over /k alone holds them in 100 logical partitions; "other", keyed
	   by /j, cannot know where they go: the same bytes spread over its
	   3 ranges (18,000 RU/s: ceil(18,000 / 6,000)) in no logical
	   partition. */
	static const char text[] =
	    "seed: 7\n"
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "variants: [{name: path}, {name: tpl, partition_key: "
	    "\"{k}-x\"}, {name: other, partition_key: /j}]\n"
	    "items: {k: {values: \"k{000..099}\"}, j: {values: [a, b]}}\n"
	    "preload: {property: k, items_per_value: {uniform: [5, 7]}, "
	    "item_size: 100}\n"
	    "phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}]\n";
	struct pk_run *run = tu_sim_text("p.yaml", text);
	struct pk_snapshot path;
	struct pk_snapshot tpl;
	struct pk_snapshot other;
	uint64_t pre = 0;
	size_t i;

	tu_snapshot(run, 0, &path);
	tu_snapshot(run, 1, &tpl);
	tu_snapshot(run, 2, &other);
	ck_assert_uint_ge(path.preload_items, 500);
	ck_assert_uint_le(path.preload_items, 700);
	ck_assert_uint_eq(path.preload_bytes, path.preload_items * 100);
	ck_assert_uint_eq(path.preload_lps, 100);
	ck_assert_uint_eq(tpl.preload_items, path.preload_items);
	ck_assert_uint_eq(tpl.preload_lps, 100);
	ck_assert_int_eq(tpl.preload_spread, 0);
	ck_assert_uint_eq(other.preload_items, path.preload_items);
	ck_assert_int_eq(other.preload_spread, 1);
	ck_assert_uint_eq(other.preload_lps, 0);
	ck_assert_uint_eq(other.n_lps, 0);
	/* the run only reads: each range's storage is what preload put */
	for (i = 0; i < other.n_ranges; i++) {
		pre += other.ranges[i].storage_bytes;
		ck_assert_uint_gt(other.ranges[i].storage_bytes, 0);
	}
	ck_assert_uint_eq(pre, path.preload_bytes);
	ck_assert_uint_eq(other.n_ranges, 3);
	ck_assert_int_eq(cosmos_service_check(run->variants[2].svc), 0);
	snapshot_free(&path);
	snapshot_free(&tpl);
	snapshot_free(&other);
	tu_sim_free(run);
}
END_TEST

START_TEST(test_preload_splits_before_the_clock)
{
	/* 3 values x 10 items of 1 KB = 30 KiB on a 16 KiB physical
	   partition cap: over it before the clock, so the container would
	   have split already: at t = 0 (rule 9), cutting between logical
	   partitions (10 + 20 or 20 + 10 KiB, the storage median); a child
	   of 20 KiB splits again into 10 + 10 */
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, "
	    "physical_partition_storage: 16KB}\n"
	    "items: {k: {values: \"k{1..3}\"}}\n"
	    "preload: {property: k, items_per_value: 10}\n"
	    "phases: [{duration: 3s, rate: 1/s, ops: {read: 1}}]\n";
	struct pk_run *run = tu_sim_text("p.yaml", text);
	struct pk_snapshot c;

	tu_snapshot(run, 0, &c);
	ck_assert_uint_ge(c.metrics->n_splits, 1);
	ck_assert_int_eq(c.metrics->splits[0].t_s, 0);
	ck_assert_uint_eq(c.metrics->n_splits, 2);
	ck_assert_uint_eq(c.n_ranges, 3);
	ck_assert_int_eq(c.metrics->splits[0].reason, PK_SPLIT_STORAGE);
	ck_assert_uint_eq(c.storage_bytes, 30 * 1024);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	snapshot_free(&c);
	tu_sim_free(run);
}
END_TEST

START_TEST(test_preload_file)
{
	/* four records: two of k a, one of b, one without k (the undefined
	   logical partition): 3 logical partitions, 4 items of 100 bytes
	   (item_size), beside an existing layout of 2 partitions holding
	   1 KB each (storage_per_partition): 2 x 1,024 + 400 bytes */
	char *dir = tu_tmpdir(), *path, yaml[512];
	struct pk_run *run;
	struct pk_snapshot c;

	path =
	    tu_write_file(dir, "r.jsonl",
			  "{\"id\": \"1\", \"k\": \"a\"}\n"
			  "{\"id\": \"2\", \"k\": \"a\"}\n"
			  "{\"id\": \"3\", \"k\": \"b\"}\n{\"id\": \"4\"}\n");
	snprintf(yaml, sizeof(yaml), "%s/s.yaml", dir);
	run =
	    tu_sim_text(yaml, "container: {partition_key: /k, throughput: 400, "
			      "partitions: 2, storage_per_partition: 1KB}\n"
			      "items: {k: {values: [a, b]}}\n"
			      "preload: {file: r.jsonl, item_size: 100}\n"
			      "phases: [{duration: 1s, rate: 1/s, ops: {read: "
			      "1}}]\n");
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.preload_items, 4);
	ck_assert_uint_eq(c.preload_lps, 3);
	ck_assert_uint_eq(lp_items(&c, "a"), 2);
	ck_assert_uint_eq(c.storage_bytes, 2 * 1024 + 4 * 100);
	ck_assert_int_eq(cosmos_service_check(run->variants[0].svc), 0);
	snapshot_free(&c);
	tu_sim_free(run);
	remove(path);
	free(path);
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_preload_file_sizes_as_create)
{
	/* a record is preloaded with the bytes a create of it stores (the
	   id a record without one gets included). Minified sizes:
	   {"id":"1","k":"a"} 18 bytes, has an id; {"k":"a"} 9 + 43 ("id":"<36
	   characters>") + 1 (comma) = 53; {} 2 + 43 (no comma) = 45. 18 + 53 +
	   45 = 116 bytes, the same as items.file's three creates of them
	   (before the fix: 18 + 9 + 2 = 29) */
	char *dir = tu_tmpdir(), *path, yaml[512];
	struct pk_run *run;
	static const char *const cases[] = {
	    "preload: {file: r.jsonl}\n"
	    "items: {k: {values: [a]}}\n"
	    "phases: [{duration: 1s, rate: 1/s, ops: {read: 1}}]\n",
	    "items: {file: r.jsonl, rate: 1/s}\n"
	    "phases: [{duration: 3s}]\n",
	};
	char text[512];
	size_t i;

	path = tu_write_file(dir, "r.jsonl",
			     "{\"id\": \"1\", \"k\": \"a\"}\n"
			     "{\"k\": \"a\"}\n"
			     "{}\n");
	snprintf(yaml, sizeof(yaml), "%s/s.yaml", dir);
	for (i = 0; i < 2; i++) {
		snprintf(text, sizeof(text),
			 "container: {partition_key: /k, throughput: 400}\n%s",
			 cases[i]);
		run = tu_sim_text(yaml, text);
		ck_assert_uint_eq(tu_end(run, 0).storage, 18 + 53 + 45);
		tu_sim_free(run);
	}
	remove(path);
	free(path);
	rmdir(dir);
	free(dir);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("preload");
	TCase *tc = tcase_create("preload");

	tcase_add_test(tc, test_preload_fixed);
	tcase_add_test(tc, test_preload_zipf);
	tcase_add_test(tc, test_preload_zipf_many_remainders);
	tcase_add_test(tc, test_preload_refused_values_not_walked);
	tcase_add_test(tc, test_preload_past_fmt_says_true_bytes);
	tcase_add_test(tc, test_preload_uniform_and_spread);
	tcase_add_test(tc, test_preload_splits_before_the_clock);
	tcase_add_test(tc, test_preload_file);
	tcase_add_test(tc, test_preload_file_sizes_as_create);
	suite_add_tcase(s, tc);
	return s;
}
