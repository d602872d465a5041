/*
 * remedy_twin: the switch to autoscale at max r takes the figures of the
 * raise with splits to r RU/s when the two replays are the same run
 * (src/result/remedy_twin.c's rule), and the report is byte for byte the
 * one every replay run alone gives (remedies_build_reuse with reuse 0).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/result/remedy_int.h"
#include "pksim/base/mem.h"
#include "pksim/report/report_json.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "testutil.h"

static int json_writer(const struct pk_result *r, FILE *out)
{
	return report_json(r, 0, out);
}

/* The JSON report of text's run with its remedies, reuse as
   remedies_build_reuse takes it; the replays answered by a twin into
   *twinned */
static char *report_of(const char *text, int reuse, size_t *twinned)
{
	struct tu_fx f;
	char *s;

	tu_fx_run(&f, "twin.yaml", text);
	remedies_build_reuse(f.r, 1, reuse);
	ck_assert_ptr_nonnull(f.r->variants[0].remedies);
	*twinned = f.r->variants[0].remedies->twinned;
	s = tu_report(f.r, json_writer);
	tu_fx_free(&f);
	return s;
}

/* The report with reuse equals the one without; the twinned count with
   reuse, which without is 0 */
static size_t same_report(const char *text)
{
	size_t with, without;
	char *a = report_of(text, 1, &with);
	char *b = report_of(text, 0, &without);

	ck_assert_uint_eq(without, 0);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	return with;
}

/*
 * 40,000 RU/s: ceil(40,000 / 6,000) = 7 partitions (D-SCALE), 70,000
 * RU/s without a split (rule 5). hot_data 0.0001 of 10,000 values is one
 * hot value with half of the 20,000 creates a second, 5 RU each: 50,000
 * RU/s on one logical partition, past the 10,000 it is served (rule 1),
 * so every setting rate limits. The raise tries 70,000 (1 replay); the
 * raise with splits doubles from 70,000: 140,000, 280,000, 560,000 and
 * the limit 1,000,000 (4 replays), none found. The switch to autoscale
 * then starts from the most they tried, 1,000,000, also its limit, so
 * it reads that replay whole. The raise to 1,000,000 and the switch at
 * max 1,000,000 are the same run: 40,000 is on the 1,000 grid, so the
 * switch's container is created at max 40,000 on the same 7 partitions
 * and phase 'load' raises it to 1,000,000 as the raise's does; no
 * prices, no split delay. So the raise's last doubling ran as the twin
 * and the switch took it: 1 replay answered by its twin.
 */
static const char hot[] =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 40000}\n"
    "cost: {write_1kb: 5}\n"
    "items:\n"
    "  k: {values: \"k{0000..9999}\", distribution: hotspot, "
    "hot_data: 0.0001, hot_ops: 0.5}\n"
    "phases:\n"
    "  - {name: load, duration: 1s, rate: 20000/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

START_TEST(test_remedy_twin_autoscale_takes_split)
{
	struct tu_fx f;
	const struct pk_remedies *m;

	ck_assert_uint_eq(same_report(hot), 1);
	tu_fx_run(&f, "twin.yaml", hot);
	remedies_build(f.r, 1);
	m = f.r->variants[0].remedies;
	ck_assert_int_eq(m->items[PK_REMEDY_RAISE].status, PK_REMEDY_NOT_FOUND);
	ck_assert_uint_eq(m->items[PK_REMEDY_RAISE].replays, 1);
	ck_assert_int_eq(m->items[PK_REMEDY_SPLIT].status, PK_REMEDY_NOT_FOUND);
	ck_assert_int_eq(m->items[PK_REMEDY_SPLIT].setting, 1000000);
	ck_assert_uint_eq(m->items[PK_REMEDY_SPLIT].replays, 4);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].status,
			 PK_REMEDY_NOT_FOUND);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].setting, 1000000);
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].replays, 1);
	/* the same run: the same 429s and layout; the switch's figures
	   keep autoscale's hour bills, the raise's have none */
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].after.throttled_429,
			  m->items[PK_REMEDY_SPLIT].after.throttled_429);
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].after.partitions,
			  m->items[PK_REMEDY_SPLIT].after.partitions);
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].after.n_hours, 1);
	ck_assert_uint_eq(m->items[PK_REMEDY_SPLIT].after.n_hours, 0);
	ck_assert_int_eq(m->items[PK_REMEDY_SPLIT].after.billed_peak_ru, 0);
	ck_assert_uint_eq(m->twinned, 1);
	tu_fx_free(&f);
}
END_TEST

/*
 * A raise within the layout as the switch's twin (remedy_twin.c): one
 * partition of 4,000 RU/s (ceil(4,000 / 6,000) = 1, D-SCALE) and 16
 * closed-loop workers sending a 5-RU create every 10 ms each (client
 * latency's default): 16 x 5 x 100 = 8,000 RU/s wanted, so 8,000 leaves
 * no 429 and 7,900 does (scenarios/closed-loop.yaml's arithmetic). The
 * raise replays the layout's most, 10,000 (1), then from the busiest
 * second's 8,000 steps down once, to 7,900 (2): found at 8,000. The
 * switch to autoscale starts at 8,000, on the 1,000 grid, and steps down
 * to 7,000 (2): 5 replays. The raise to 8,000 (created at 4,000, its
 * phase raising it to 8,000 at t = 0 on the same partition, rule 5) and
 * the switch created at max 8,000 are the same run, and 8,000 is on the
 * switch's grid, so the raise's replay ran as the twin and the switch's
 * first try took it: 5 replays, 4 of them run, where all 5 ran before.
 */
static const char loop[] =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 4000}\n"
    "items:\n"
    "  k: {values: \"k{0000..9999}\"}\n"
    "client:\n"
    "  concurrency: 16\n"
    "phases:\n"
    "  - {name: import, duration: 1s, rate: 20000/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

START_TEST(test_remedy_twin_autoscale_takes_raise)
{
	struct tu_fx f;
	const struct pk_remedies *m;

	ck_assert_uint_eq(same_report(loop), 1);
	tu_fx_run(&f, "twin.yaml", loop);
	remedies_build(f.r, 1);
	m = f.r->variants[0].remedies;
	ck_assert_int_eq(m->items[PK_REMEDY_RAISE].status, PK_REMEDY_FOUND);
	ck_assert_int_eq(m->items[PK_REMEDY_RAISE].setting, 8000);
	ck_assert_int_eq(m->items[PK_REMEDY_RAISE].below, 7900);
	ck_assert_uint_eq(m->items[PK_REMEDY_RAISE].replays, 3);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].status, PK_REMEDY_FOUND);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].setting, 8000);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].below, 7000);
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].replays, 2);
	ck_assert_uint_eq(m->replays, 5);
	ck_assert_uint_eq(m->twinned, 1);
	/* the switch's figures keep autoscale's hour bill, the raise's
	   have none */
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].after.n_hours, 1);
	ck_assert_uint_eq(m->items[PK_REMEDY_RAISE].after.n_hours, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * A replay read only for whether it rate limits, on the switch's grid,
 * runs as its twin, and a twin that rate limits answers it: loop's
 * partition raised to 6,000 RU/s at t = 0 (above its 4,000, within its
 * 10,000) serves 1,200 of the 1,600 creates a second its workers send
 * (8,000 RU/s wanted, above), so second 0 has a 429 at about 750 ms; the
 * switch created at max 6,000 is the same run to there and stops at
 * the same 429, with no rule-18 raise before it (1 KB items: no GB
 * stored): 1 simulation, not the twin's and then the manual replay's 2.
 * At 8,000 no 429 comes: the twin runs whole and is kept (1 more).
 */
START_TEST(test_remedy_twin_answers_yes_no)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	struct pk_remedies r;
	struct pk_remedy m;
	struct pk_remedy_figures g;
	struct replay_twin tw;
	struct remedy_task t;
	struct replay_change ch = {6000, NULL, 0, NULL,	     0, 0, NULL,
				   0,	 0,    0, REPLAY_RU, 0, 1};

	tu_fx_run(&f, "twin.yaml", loop);
	v = &f.r->variants[0];
	memset(&r, 0, sizeof(r));
	memset(&m, 0, sizeof(m));
	memset(&g, 0, sizeof(g));
	memset(&tw, 0, sizeof(tw));
	remedy_settings(&r, f.r->sc, v->spec, 0, v->created_ranges);
	r.bulk = -1;
	t.sc = f.r->sc;
	t.seed = f.r->seed;
	t.spec = v->spec;
	t.v = v;
	t.out = &r;
	t.twin = &tw;
	m.kind = PK_REMEDY_RAISE;
	m.step = PK_REMEDY_STEP_RU;
	ck_assert_int_eq(probe_with(&t, &m, &ch, &g), 1);
	ck_assert_uint_eq(r.runs, 1);
	ck_assert_int_eq(tw.have, 0);
	ch.r = 8000;
	ck_assert_int_eq(probe_with(&t, &m, &ch, &g), 0);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_int_eq(tw.have, 1);
	ck_assert_int_eq(tw.r, 8000);
	ck_assert_uint_eq(g.throttled_429, 0);
	ck_assert_uint_eq(r.replays, 2);
	figures_free(&g);
	twin_free(&tw);
	free(m.why);
	free(r.phases_why);
	free(r.over_cap_why);
	tu_fx_free(&f);
}
END_TEST

/*
 * Where the rule does not hold, every replay runs (0 answered by a
 * twin), and the report is the same: with a split delay of 5 s, the
 * split delay's words read each second's RU/s, which the two modes
 * bill differently; at 40,500 RU/s, off the 1,000 grid, the switch's
 * container is created at max 41,000, not at the raise's 40,500.
 */
START_TEST(test_remedy_twin_not_same_run)
{
	const char *rest = strstr(hot, "cost:");
	char *delay = xasprintf("seed: 1\n"
				"container: {partition_key: /k, "
				"throughput: 40000, split_delay: 5s}\n%s",
				rest);
	char *off = xasprintf("seed: 1\n"
			      "container: {partition_key: /k, "
			      "throughput: 40500}\n%s",
			      rest);

	ck_assert_uint_eq(same_report(delay), 0);
	ck_assert_uint_eq(same_report(off), 0);
	free(delay);
	free(off);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("remedy_twin");
	TCase *tc = tcase_create("twin");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_remedy_twin_autoscale_takes_split);
	tcase_add_test(tc, test_remedy_twin_autoscale_takes_raise);
	tcase_add_test(tc, test_remedy_twin_answers_yes_no);
	tcase_add_test(tc, test_remedy_twin_not_same_run);
	suite_add_tcase(s, tc);
	return s;
}
