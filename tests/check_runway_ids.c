/*
 * runway_ids: the storage runway of items rewritten among a pool of ids
 * under a key that reads the id (src/result/runway_ids.c,
 * include/pksim/result/runway.h, finite ids). Figures by hand beside
 * each test; each says what it gave before.
 */
#include <check.h>
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
 * to its value, 3,000,000 / 10 = 300,000 of them (ASSUMPTION: the hash
 * spreads them evenly; FNV-1a of d1 .. d3000000 gives 299,868 ..
 * 300,121 a value), at most 300,000 x 10,240 B = 3,072,000,000 B
 * (2.86 GiB): never full. Before: all 3,000,000 ids in every partition,
 * 28.6 GiB, "2.3 days".
 */
START_TEST(test_runway_ids_hashed)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("{hash(id) mod 10}", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 300000);
	ck_assert_uint_eq(rw.ids_mod, 10);
	ck_assert_msg(rw.bound_bytes == 3072000000.0, "%f: %s", rw.bound_bytes,
		      t);
	ck_assert_msg(strstr(t, "about 300,000 of the 3,000,000"), "%s", t);
}
END_TEST

/*
 * `{t}-{hash(id) mod 4}`: "b-2" holds the ids of one hash of four,
 * 750,000, whatever t: 750,000 x 10,240 = 7,680,000,000 B (7.15 GiB),
 * never full. Before: "3.5 days" ("b-2" first).
 */
START_TEST(test_runway_ids_hashed_with_prefix)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("{t}-{hash(id) mod 4}", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 750000);
	ck_assert_msg(rw.bound_bytes == 7680000000.0, "%f: %s", rw.bound_bytes,
		      t);
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
	suite_add_tcase(s, tc);
	return s;
}
