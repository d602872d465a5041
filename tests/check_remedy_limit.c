/*
 * remedy_limit: the RU/s remedies stay within the container's limit of
 * 1,000,000 RU/s (D-LIMITS; PK_MAX_RU_PER_S, which the loader holds
 * every setting to). A container created with more than 600,000 RU/s
 * has more than 100 partitions (one per 6,000, D-SCALE), so its layout
 * takes more than the limit without a split (rule 5): the raise on the
 * existing layout stops at the limit, and the raise with splits, which
 * needs more than the layout takes (rule 6), is not replayed, with no
 * figures, rather than shown as a row from no replay. The figures are
 * derived by hand beside each assertion.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/remedies.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* A run of scenario text as file `file`, its result and remedies */
static void fx_text(struct tu_fx *f, const char *file, const char *text)
{
	tu_fx_run(f, file, text);
	remedies_build(f->r, 1);
}

/* No remedy of m names a setting above the container's limit */
static void assert_within_limit(const struct pk_remedies *m)
{
	size_t k;

	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		ck_assert_int_le(m->items[k].setting, 1000000);
	}
}

/*
 * 1,000,000 RU/s: ceil(1,000,000 / 6,000) = 167 partitions (D-SCALE),
 * which take 167 x 10,000 = 1,670,000 without a split (rule 5). One key
 * value takes 2,100 creates/s of 1 KB, 5 RU each (rule 20): 10,500 RU/s
 * on one logical partition, past the 10,000 a partition serves (rule
 * 1), so no RU/s stops its 429s. The run is already at the limit: no
 * raise is replayed, and no split can be asked for.
 */
static const char at_limit[] = "name: at-limit\n"
			       "seed: 1\n"
			       "container: {partition_key: /k, "
			       "throughput: 1000000}\n"
			       "items:\n"
			       "  k: hot\n"
			       "phases:\n"
			       "  - {name: load, duration: 2s, rate: 2100/s, "
			       "ops: {create: 1}, item_size: 1KB}\n";

START_TEST(test_remedy_limit_at_limit)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_text(&f, "at-limit.yaml", at_limit);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(m->created_partitions, 167);
	ck_assert_int_eq(m->cap_ru_per_s, 1670000);
	ck_assert_int_eq(m->raise_top_ru_per_s, 1000000);
	/* the run has 1,000,000 already: no room below the limit */
	ck_assert_uint_gt(m->before.throttled_429, 0);
	ck_assert_int_eq(m->items[PK_REMEDY_RAISE].status, PK_REMEDY_NO_ROOM);
	ck_assert_uint_eq(m->items[PK_REMEDY_RAISE].replays, 0);
	/* a split needs more than 1,670,000: not replayed, no figures */
	x = &m->items[PK_REMEDY_SPLIT];
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_REPLAYED);
	ck_assert_uint_eq(x->replays, 0);
	assert_within_limit(m);
	s = remedies_sentence(m, PK_REMEDY_SPLIT);
	ck_assert_msg(strstr(s, "not replayed: a split needs more than "
				"1,670,000 RU/s, the most the 167 partitions "
				"take without one (rules 5, 6), and a "
				"container takes at most 1,000,000"),
		      "%s", s);
	free(s);
	s = remedies_sentence(m, PK_REMEDY_RAISE);
	ck_assert_msg(strstr(s, "none: the container has 1,000,000 RU/s on "
				"the 167 partitions it was created with, the "
				"most a container takes"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * 700,000 RU/s: ceil(700,000 / 6,000) = 117 partitions (116.7 rounded
 * up, D-SCALE), which take 1,170,000 without a split (rule 5). One key
 * value takes 1,800 creates/s of 1 KB at 5 RU: 9,000 RU/s on one range.
 * At the limit, 1,000,000 / 117 = 8,547 a range (rule 4) < 9,000: still
 * rate limited after the one replay at the limit; 10,000 a range (the
 * layout's most, 1,170,000) would serve it, but the container cannot
 * have it, so the raise is not found, at 1,000,000.
 */
static const char below_limit[] = "name: below-limit\n"
				  "seed: 1\n"
				  "container: {partition_key: /k, "
				  "throughput: 700000}\n"
				  "items:\n"
				  "  k: hot\n"
				  "phases:\n"
				  "  - {name: load, duration: 2s, rate: "
				  "1800/s, ops: {create: 1}, item_size: 1KB}\n";

START_TEST(test_remedy_limit_below_limit)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;

	fx_text(&f, "below-limit.yaml", below_limit);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(m->created_partitions, 117);
	ck_assert_int_eq(m->cap_ru_per_s, 1170000);
	ck_assert_int_eq(m->raise_top_ru_per_s, 1000000);
	x = &m->items[PK_REMEDY_RAISE];
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_FOUND);
	ck_assert_int_eq(x->setting, 1000000);
	ck_assert_uint_eq(x->replays, 1);
	ck_assert_uint_gt(x->after.throttled_429, 0);
	ck_assert_int_eq(m->items[PK_REMEDY_SPLIT].status,
			 PK_REMEDY_NOT_REPLAYED);
	ck_assert_uint_eq(m->items[PK_REMEDY_SPLIT].replays, 0);
	assert_within_limit(m);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("remedy_limit");
	TCase *tc = tcase_create("limit");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_remedy_limit_at_limit);
	tcase_add_test(tc, test_remedy_limit_below_limit);
	suite_add_tcase(s, tc);
	return s;
}
