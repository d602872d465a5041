/*
 * remedy_phases: the RU/s remedies beside phases that set the RU/s: a
 * replayed manual setting is a floor (a phase that sets more keeps it,
 * and its sentence names that phase), and a container switched to
 * autoscale holds its max in every phase (a phase's manual throughput
 * cannot apply to an autoscale container), so the max it names carries
 * the whole run and its bill never passes it (rule 17). The figures are
 * derived by hand beside each assertion.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/remedies.h"
#include "pksim/report/report_text.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* A run of scenario text as file `file`, its result and remedies */
static void fx_text(struct tu_fx *f, const char *file, const char *text)
{
	tu_fx_run(f, file, text);
	remedies_build(f->r, 1);
}

/*
 * A scheduled scale-up: 8,000 RU/s on 4 existing partitions (2,000 each,
 * rule 4). The four tenants t2, t20, t4, t1 lie one on each range
 * (`pksim locate`) and take the creates in turn, so every range gets a
 * quarter. Phase 'morning' (5 s): 2,000 creates/s of 1 KB, 5 RU each
 * (rule 20) = 10,000 RU/s, 2,500 a range against 2,000: 429s. Phase
 * 'peak' (5 s) sets 30,000 (7,500 a range) and sends 4,800/s = 24,000
 * RU/s, 6,000 a range: no 429.
 */
static const char sched_up[] =
    "name: sched-up\n"
    "seed: 1\n"
    "container: {partition_key: /tenantId, throughput: 8000, "
    "partitions: 4}\n"
    "items:\n"
    "  tenantId: {values: [t2, t20, t4, t1], distribution: sequential}\n"
    "phases:\n"
    "  - {name: morning, duration: 5s, rate: 2000/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - {name: peak, duration: 5s, throughput: 30000, rate: 4800/s, "
    "ops: {create: 1}, item_size: 1KB}\n";

START_TEST(test_remedy_phases_autoscale_holds_max)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_text(&f, "sched-up.yaml", sched_up);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_gt(m->before.throttled_429, 0);
	ck_assert_int_eq(m->top_ru_per_s, 30000);
	ck_assert_str_eq(m->top_phase, "peak");
	ck_assert_uint_eq(m->n_throughput_phases, 1);
	/* the raise is a floor: the morning needs 4 x 2,500 = 10,000, and
	   phase 'peak' keeps its 30,000 for the peak */
	x = &m->items[PK_REMEDY_RAISE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 10000);
	ck_assert_int_eq(x->below, 9900);
	s = remedies_sentence(m, PK_REMEDY_RAISE);
	ck_assert_msg(strstr(s, "phase 'peak' sets 30,000 RU/s at its start "
				"and keeps it"),
		      "%s", s);
	free(s);
	/* switched to autoscale the max holds in both phases: the peak's
	   6,000 a range needs a max of 4 x 6,000 = 24,000 (23,000 gives
	   5,750 a range: 429s). Its hour bills the peak's 24,000 RU/s in
	   both modes (rule 17: the highest RU/s scaled to, at most the
	   max; rule 27: 4 partitions x 6,000), never above the max */
	x = &m->items[PK_REMEDY_AUTOSCALE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 24000);
	ck_assert_int_eq(x->below, 23000);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.n_hours, 1);
	ck_assert_int_eq(x->after.billed_classic[0], 24000);
	ck_assert_int_eq(x->after.billed_dynamic[0], 24000);
	ck_assert_int_le(x->after.billed_classic[0], x->setting);
	/* the run's row: the RU/s in force at its end (phase 'peak''s
	   30,000) beside its partitions then, not the 8,000 it started
	   with */
	ck_assert_int_eq(m->before.ru_per_s, 30000);
	s = tu_report(f.r, report_text);
	ck_assert_msg(strstr(s, "  the run                                "
				"30,000          4"),
		      "%s", s);
	free(s);
	s = remedies_sentence(m, PK_REMEDY_AUTOSCALE);
	ck_assert_msg(strstr(s, "the 1 phase that set a manual throughput "
				"(the most, 30,000 RU/s, by phase 'peak') is "
				"not replayed"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("remedy_phases");
	TCase *tc = tcase_create("phases");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_remedy_phases_autoscale_holds_max);
	suite_add_tcase(s, tc);
	return s;
}
