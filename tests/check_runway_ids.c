/*
 * runway_ids: the storage runway of items rewritten among a pool of ids
 * under a key that reads the id (src/result/runway_ids.c,
 * include/pksim/result/runway.h, finite ids). Figures by hand beside
 * each test; each says what it gave before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* Upserts of 10 KB (10,240 B) among the ids d1 .. d3000000, 1,000 a
   second for 20 s, under key key (with a property t of values a, b) */
static const char fmt[] =
    "container: {partition_key: \"%s\", throughput: 100000}\n"
    "items:\n"
    "  t: {values: [a, b]}\n"
    "  id: {values: \"d{1..3000000}\"}\n"
    "phases:\n"
    "  - {name: p, duration: 20s, rate: 1000/s, ops: {upsert: 1.0}, "
    "item_size: 10KB}\n";

/* The first variant's runway under key into *rw, its sentence into t */
static void ids_runway(const char *key, struct pk_runway *rw, char *t,
		       size_t cap)
{
	char text[600];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;

	snprintf(text, sizeof(text), fmt, key);
	c = tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_NEVER);
	*rw = c[0].runway;
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
}

/*
 * `{hash(id) mod 10}`: a logical partition holds only the ids that hash
 * to its value: FNV-1a (32 bits) of "d1" .. "d3000000" mod 10 gives
 * 299,868 .. 300,121 ids a value (counted in Python), so at most
 * 300,121 x 10,240 B = 3,073,239,040 B (2.86 GiB): never full. Before:
 * all 3,000,000 ids in every partition, 28.6 GiB, "2.3 days"; then
 * 3,000,000 / 10 = 300,000, "about 300,000".
 */
START_TEST(test_runway_ids_hashed)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("{hash(id) mod 10}", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 300121);
	ck_assert_uint_eq(rw.ids_mod, 10);
	ck_assert_msg(rw.bound_bytes == 3073239040.0, "%f: %s", rw.bound_bytes,
		      t);
	ck_assert_msg(strstr(t, "at most 300,121 of the 3,000,000"), "%s", t);
}
END_TEST

/*
 * `{t}-{hash(id) mod 4}`: "b-2" holds the ids of one hash of four,
 * whatever t: FNV-1a mod 4 of "d1" .. "d3000000" gives 750,000 /
 * 750,000 / 750,001 / 749,999, so at most 750,001 x 10,240 =
 * 7,680,010,240 B (7.15 GiB), never full. Before: "3.5 days" ("b-2"
 * first).
 */
START_TEST(test_runway_ids_hashed_with_prefix)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("{t}-{hash(id) mod 4}", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 750001);
	ck_assert_msg(rw.bound_bytes == 7680010240.0, "%f: %s", rw.bound_bytes,
		      t);
}
END_TEST

/*
 * `{hash(id) mod 3}` over "d1" .. "d30600", 2 upserts/s (uniform over
 * the ids) of 2 MB (2,097,152 B). FNV-1a mod 3 gives 10,203 / 10,148 /
 * 10,249 ids (counted in Python), not 10,200 each: "2" can hold 10,249
 * x 2 MiB = 21,493,710,848 B > 20 GiB (= 10,240 x 2 MiB). After n
 * upserts it holds 10,249 x (1 - e^(-n / 30,600)) ids; 10,240 at n =
 * 30,600 x ln(10,249 / 9) = 215,354 upserts = 107,677.0 s at 2/s =
 * 1.24626 days, "2" first (a 2-day replay: "2" full at t = 111,416 s).
 * Before: "never ... about 10,200 of the 30,600: at most 19.9 GiB".
 */
START_TEST(test_runway_ids_hashed_counted)
{
	const char *text = "container: {partition_key: \"{hash(id) mod 3}\", "
			   "throughput: 30000}\n"
			   "items:\n"
			   "  id: {values: \"d{1..30600}\"}\n"
			   "phases:\n"
			   "  - {duration: 10m, rate: 2/s, ops: {upsert: 1}, "
			   "item_size: 2MB}\n";
	char t[640];
	int kind;
	double s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));

	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(fabs(s - 107677.0) < 1.0, "%.1f: %s", s, t);
	ck_assert_msg(strstr(t, "\"2\" first"), "%s", t);
}
END_TEST

/*
 * Keyed by /id itself: every logical partition is one id, one item of
 * at most 10,240 B. Before: "not within 5 years ... holds 509.1 MiB".
 */
START_TEST(test_runway_ids_key_is_id)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("/id", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 1);
	ck_assert_msg(rw.bound_bytes == 10240.0, "%f", rw.bound_bytes);
	ck_assert_msg(strstr(t, "every item is its own logical partition"),
		      "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_ids");
	TCase *tc = tcase_create("runway_ids");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_runway_ids_hashed);
	tcase_add_test(tc, test_runway_ids_hashed_with_prefix);
	tcase_add_test(tc, test_runway_ids_key_is_id);
	tcase_add_test(tc, test_runway_ids_hashed_counted);
	suite_add_tcase(s, tc);
	return s;
}
