/*
 * remedies: each remedy replayed on the same operation stream, with the
 * figures the replays must find derived by hand beside each assertion;
 * no replay without a 429; the same figures whatever --jobs.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/report/remedies.h"
#include "pksim/report/report_html.h"
#include "pksim/report/report_md.h"
#include "pksim/report/report_text.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "testutil.h"

/* A run of a shipped scenario, its result and remedies (jobs threads) */
static void fx_shipped(struct tu_fx *f, const char *name, unsigned jobs)
{
	tu_fx_shipped(f, name);
	remedies_build(f->r, jobs);
}

/* A run of scenario text as file `file`, its result and remedies */
static void fx_text(struct tu_fx *f, const char *file, const char *text)
{
	tu_fx_run(f, file, text);
	remedies_build(f->r, 1);
}

static const struct pk_remedy *raise_of(const struct pk_result_variant *v)
{
	ck_assert_ptr_nonnull(v->remedies);
	return &v->remedies->items[PK_REMEDY_RAISE];
}

/* Remedy x was found by its search: its tolerance, start, answer, the
   setting above it that still rate limits, its replays, and no 429 to
   the interactive streams in the answer's replay */
static void assert_found(const struct pk_remedy *x, int64_t step, int64_t hint,
			 int64_t setting, int64_t below, size_t replays)
{
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->step, step);
	ck_assert_int_eq(x->hint, hint);
	ck_assert_int_eq(x->setting, setting);
	ck_assert_int_eq(x->below, below);
	ck_assert_uint_eq(x->replays, replays);
	ck_assert_uint_eq(x->after.inter_429, 0);
}

/*
 * The SRE's example: 20,000 RU/s on 4 existing partitions (5,000 each,
 * rule 4); 2,000 creates/s of 1 KB, 5 RU each (rule 20). Tenant "big"
 * sends 60 % of them (1,200/s = 6,000 RU/s), all on its range (range 3,
 * `pksim locate`); the other 40 % go in turn to t2, t20, t4 and t1, one
 * on each range (0, 1, 2, 3): 200/s = 1,000 RU/s a range. Range 3 is
 * offered 6,000 + 1,000 = 7,000 RU/s every second against 5,000.
 */
static const char sre[] =
    "name: sre\n"
    "seed: 1\n"
    "container: {partition_key: /tenantId, throughput: 20000, "
    "partitions: 4}\n"
    "streams:\n"
    "  - name: big\n"
    "    items:\n"
    "      tenantId: big\n"
    "    phases:\n"
    "      - {name: load, duration: 10s, rate: 1200/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - name: others\n"
    "    items:\n"
    "      tenantId: {values: [t2, t20, t4, t1], distribution: "
    "sequential}\n"
    "    phases:\n"
    "      - {name: load, duration: 10s, rate: 800/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

START_TEST(test_remedies_sre_raise)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;

	fx_text(&f, "sre.yaml", sre);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	/* 4 partitions x 10,000 (rule 5): the most without a split */
	ck_assert_int_eq(m->cap_ru_per_s, 40000);
	ck_assert_int_eq(m->start_ru_per_s, 20000);
	x = &m->items[PK_REMEDY_RAISE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	/* range 3 needs 7,000 RU/s a second: R / 4 >= 7,000, R >= 28,000;
	   the bisection from 20,000 by 100s lands on it exactly */
	ck_assert_int_eq(x->setting, 28000);
	ck_assert_int_eq(x->below, 27900);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.partitions, 4);
	ck_assert_uint_eq(x->after.splits, 0);
	/* the first replay is the layout's most, 40,000 (10,000 each):
	   0 429s, range 3's busiest second 7,000 RU; the search starts
	   from 4 x 7,000 = 28,000 (no 429) and steps down 100 to 27,900
	   (rate limited): 3 replays, where a bisection of 20,000 ..
	   40,000 to 100 takes 1 + log2(200) -> 9 */
	ck_assert_int_eq(x->hint, 28000);
	ck_assert_uint_eq(x->replays, 3);
	/* one for the redistribution, 2 for autoscale (below), 12 for the
	   bulk stream's budget, 1 for its Low priority and 2 for its bucket
	   (below; its two streams: "big" offered the most RU) */
	ck_assert_uint_eq(m->replays, 21);
	ck_assert_uint_le(m->replays, m->max_replays);
	/* the run: range 3 offered 7,000 a second against 5,000 */
	ck_assert_uint_gt(m->before.throttled_429, 0);
	ck_assert_int_eq(m->items[PK_REMEDY_SPLIT].status,
			 PK_REMEDY_NOT_NEEDED);
	/* the redistribution at the same 20,000 (rule 26): the demands
	   are 1,000, 1,000, 1,000 and 7,000 RU in each range's busiest
	   second; range 3's 7,000 / 10,000 of 20,000 = 14,000 passes the
	   10,000 a partition holds: 10,000; the other 10,000 go 1:1:1,
	   3,333 each and the 1 left to the first of the equally busy:
	   3,334, 3,333, 3,333, 10,000; range 3 offered 7,000 <= 10,000 and
	   the others 1,000 <= 3,333: no 429, one replay */
	x = &m->items[PK_REMEDY_REDIST];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 20000);
	ck_assert_int_eq(m->redist_ru[0], 3334);
	ck_assert_int_eq(m->redist_ru[1], 3333);
	ck_assert_int_eq(m->redist_ru[2], 3333);
	ck_assert_int_eq(m->redist_ru[3], 10000);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.partitions, 4);
	ck_assert_uint_eq(x->replays, 1);
	/* switched to autoscale (rule 27): a max M on the 4 partitions lets
	   each reach M / 4; range 3 needs 7,000: M >= 28,000, on the 1,000
	   grid 28,000, the raise's 28,000 rounded up, so the search starts
	   there: 28,000 leaves no 429, 27,000 (6,750 a range) rate limits:
	   2 replays. Its one hour (a 10 s run) billed classic at the
	   highest RU/s, range 3's 7,000 of 7,000 = 100 % of the max:
	   28,000 (rule 17); dynamic at the sum of each range's highest,
	   7,000 + 3 x 1,000 (each over its floor of 700): 10,000 */
	x = &m->items[PK_REMEDY_AUTOSCALE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 28000);
	ck_assert_int_eq(x->below, 27000);
	ck_assert_uint_eq(x->replays, 2);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.partitions, 4);
	ck_assert_uint_eq(x->after.n_hours, 1);
	ck_assert_int_eq(x->after.billed_classic[0], 28000);
	ck_assert_int_eq(x->after.billed_dynamic[0], 10000);
	/* The bulk stream "big" beside the interactive "others" (4,004
	   429s in the run), searched on the grid of 1 % of 20,000 = 200
	   RU/s. Range 3's share is 5,000 (rule 4) and "others" puts 1,000
	   RU/s on it; every create of "big" lands there, so a client budget
	   B (big's RU a second in all, paced evenly) leaves the interactive
	   creates room while B + 1,000 <= 5,000: B = 4,000; at 4,200 range 3
	   is offered 5,200 and "others" gets 429s. The room estimate, 20,000
	   - 4,000 = 16,000, counts the container, not range 3: from it (w =
	   20,000 - B withheld: 4,000) the search steps w up by 200, 400,
	   ..., 6,400 (B 15,800 .. 3,400: 6 replays, the last clean), then
	   bisects the 6,400 between B 9,800 and 3,400 to 200 (5): 1 + 6 + 5
	   = 12 replays. */
	assert_found(&m->items[PK_REMEDY_BUDGET], 200, 16000, 4000, 4200, 12);
	/* A bucket caps "big" at P % of each partition's RU/s (rule 31;
	   scenarios/README.md: per partition, so P % of the container in
	   all): range 3 holds 5,000 x P / 100 + 1,000 <= 5,000 while P <=
	   80: 80 % = 16,000 RU/s, the room, so the search's first replay
	   holds; 81 % (16,200, 4,050 on range 3) rate limits "others": 2
	   replays. */
	x = &m->items[PK_REMEDY_BUCKET];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 16000);
	ck_assert_int_eq(m->bucket_pct, 80);
	ck_assert_int_eq(x->below, 16200);
	ck_assert_uint_eq(x->replays, 2);
	ck_assert_uint_eq(x->after.inter_429, 0);
	/* 5,000 RU/s a partition, not under rule 36's 3,000: no merge */
	ck_assert_int_eq(m->items[PK_REMEDY_MERGE].status,
			 PK_REMEDY_NOT_APPLICABLE);
	tu_fx_free(&f);
}
END_TEST

/*
 * The SRE's example on an autoscale container of max 20,000 on the same
 * 4 partitions (5,000 each): its raises are of the max, on the 1,000
 * grid: 28,000 as above (M / 4 >= 7,000), billed as the switch above
 * (28,000 classic, 10,000 dynamic); no switch to autoscale of its own.
 */
START_TEST(test_remedies_autoscale_container)
{
	char text[sizeof(sre) + 16];
	const char *at = strstr(sre, "throughput: 20000");
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;

	snprintf(text, sizeof(text), "%.*sautoscale_max: 20000%s",
		 (int)(at - sre), sre, at + strlen("throughput: 20000"));
	fx_text(&f, "sre-auto.yaml", text);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->autoscale, 1);
	x = &m->items[PK_REMEDY_RAISE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 28000);
	ck_assert_int_eq(x->below, 27000);
	ck_assert_uint_eq(x->after.n_hours, 1);
	ck_assert_int_eq(x->after.billed_classic[0], 28000);
	ck_assert_int_eq(x->after.billed_dynamic[0], 10000);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].status,
			 PK_REMEDY_NOT_REPLAYED);
	ck_assert_uint_eq(m->items[PK_REMEDY_AUTOSCALE].replays, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * autoscale-burst: 400 RU/s manual on 1 partition; the spike needs 2,500
 * RU in its busiest second (the raise: 2,500 on the 100 grid, 2,400 rate
 * limits). Autoscale's grid is 1,000: 3,000 (2,000 < 2,500 <= 3,000),
 * started from 2,500 rounded up: 2 replays. Its hour is billed classic at
 * the highest RU/s the spike used, 2,500 (above 0.1 x 3,000 = 300), and
 * one partition's dynamic bill is the same 2,500.
 */
START_TEST(test_remedies_autoscale_burst)
{
	struct tu_fx f;
	const struct pk_remedy *x;

	fx_shipped(&f, "autoscale-burst", 1);
	x = raise_of(tu_fx_variant(&f, "manual-400"));
	ck_assert_int_eq(x->setting, 2500);
	x = &tu_fx_variant(&f, "manual-400")
		 ->remedies->items[PK_REMEDY_AUTOSCALE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 3000);
	ck_assert_int_eq(x->below, 2000);
	ck_assert_uint_eq(x->replays, 2);
	ck_assert_int_eq(x->after.billed_classic[0], 2500);
	ck_assert_int_eq(x->after.billed_dynamic[0], 2500);
	tu_fx_free(&f);
}
END_TEST

/*
 * Run the shipped scenario NAME with its text's `from` replaced by `to`
 * (once, `from` must occur) into *f: an independent run of a setting a
 * search printed, the same seed and arrivals, no remedy code involved.
 */
static void shipped_run_with(struct tu_fx *f, const char *name,
			     const char *from, const char *to)
{
	char path[256], *text, *at, *edited;
	size_t len;

	snprintf(path, sizeof(path), "scenarios/%s.yaml", name);
	text = tu_read_file(tu_src(path), &len);
	at = strstr(text, from);
	ck_assert_msg(at != NULL, "%s: no '%s'", name, from);
	edited = xasprintf("%.*s%s%s", (int)(at - text), text, to,
			   at + strlen(from));
	tu_fx_run(f, path, edited);
	free(edited);
	free(text);
}

/* The 429s of variant `variant` (NULL: the first) of shipped_run_with */
static uint64_t shipped_429_with(const char *name, const char *from,
				 const char *to, const char *variant)
{
	struct tu_fx f;
	uint64_t n;

	shipped_run_with(&f, name, from, to);
	n = (variant ? tu_fx_variant(&f, variant) : &f.r->variants[0])
		->metrics->totals.throttled_429;
	tu_fx_free(&f);
	return n;
}

/* The 429s of stream `stream` of the first variant of shipped_run_with */
static uint64_t shipped_stream_429_with(const char *name, const char *from,
					const char *to, size_t stream)
{
	struct tu_fx f;
	uint64_t n;

	shipped_run_with(&f, name, from, to);
	ck_assert_uint_gt(f.r->variants[0].n_streams, stream);
	n = f.r->variants[0].streams[stream].all.throttled_429;
	tu_fx_free(&f);
	return n;
}

/* The sentence of remedy k says "SETTING RU/s" after lead (the raise's
   ": ", autoscale's "a max of "), "leave no 429" and "(BELOW still rate
   limits)" at its figures */
static void says_found(const struct pk_remedies *m, enum pk_remedy_kind k,
		       const char *lead)
{
	char a[32], b[32], *s = remedies_sentence(m, k);
	char *want =
	    xasprintf("%s%s RU/s", lead, fmt_thousands(m->items[k].setting, a));
	char *below = xasprintf("(%s still rate limits)",
				fmt_thousands(m->items[k].below, b));

	ck_assert_msg(strstr(s, want) && strstr(s, "leave no 429") &&
			  strstr(s, below),
		      "%s", s);
	free(want);
	free(below);
	free(s);
}

/*
 * monitor-tuesday: the log's busiest second holds 2 rows of 700 requests
 * of 10 RU on customer c-0042's range: 7,000 RU (the header; manual-20k
 * peaks at 70 % of 10,000). 2 partitions: R / 2 >= 7,000 -> 14,000;
 * new-50k's 9 partitions: R / 9 >= 7,000 -> 63,000. Both multiples of the
 * 100 RU/s grid (the search's tolerance) from the run's own setting, so
 * the search lands on them exactly, 100 below still rate limiting:
 * 13,900 / 2 = 6,950 and 62,900 / 9 = 6,989, both under 7,000.
 */
START_TEST(test_remedies_monitor_tuesday)
{
	struct tu_fx f;
	const struct pk_remedy *x;

	fx_shipped(&f, "monitor-tuesday", 2);
	x = raise_of(tu_fx_variant(&f, "today"));
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 14000);
	ck_assert_int_eq(x->below, 13900);
	ck_assert_uint_eq(x->after.partitions, 2);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	says_found(tu_fx_variant(&f, "today")->remedies, PK_REMEDY_RAISE, ": ");
	/* burst credit never reaches a partition of 5,000 RU/s (rule 14:
	   only under 3,000): the same answer */
	ck_assert_int_eq(raise_of(tu_fx_variant(&f, "today-burst"))->setting,
			 14000);
	x = raise_of(tu_fx_variant(&f, "new-50k"));
	ck_assert_int_eq(x->setting, 63000);
	ck_assert_int_eq(x->below, 62900);
	ck_assert_uint_eq(x->after.partitions, 9);
	says_found(tu_fx_variant(&f, "new-50k")->remedies, PK_REMEDY_RAISE,
		   ": ");
	/* no 429, no replay */
	ck_assert_ptr_null(tu_fx_variant(&f, "manual-20k")->remedies);
	ck_assert_ptr_null(tu_fx_variant(&f, "autoscale-20k")->remedies);
	tu_fx_free(&f);
}
END_TEST

/*
 * too-few-rus "now": 4,000 RU/s on 4 existing partitions, 1,000 a range
 * (rule 4); 1,200 creates/s of 1 KB at 5 RU (rule 20) = 6,000 RU/s
 * offered, spread over the 4 ranges by the devices' hashes, every
 * second (even arrivals) for 60 s. The raise is bisected on the 100
 * RU/s grid from the run's 4,000 (its tolerance, PK_REMEDY_STEP_RU).
 * By hand: the whole load on one range is at most 6,000 RU a second, so
 * R = 4 x 6,000 = 24,000 always holds; the average range takes 1,500
 * (6,000 / 4), so R >= 4 x 1,500 = 6,000 is needed; the busiest
 * second of the busiest range is above the average by the draw of
 * devices, which no hand can fix. The raised variant (3,000 a range,
 * no 429, so what each range is charged a second is its demand) meters
 * it: 1,855 RU of 3,000 (61.83 %). Every replay without a 429 offers the
 * same seconds, so the smallest R is the first on the grid with R / 4
 * >= 1,855: R >= 7,420, 7,500 (7,400 / 4 = 1,850 < 1,855). The same
 * file with the raised variant at 7,500 has no 429 and at 7,400 has
 * some: those runs, not the search, check the figure. The autoscale
 * max: its partitions reach M / 4 at once (rule 17), the same test on
 * the 1,000 grid: 8,000 (7,000 / 4 = 1,750 < 1,855).
 */
START_TEST(test_remedies_too_few_rus)
{
	struct tu_fx f;
	const struct pk_remedy *x;
	const struct pk_result_variant *raised, *now;

	fx_shipped(&f, "too-few-rus", 1);
	raised = tu_fx_variant(&f, "raised");
	now = tu_fx_variant(&f, "now");
	ck_assert_ptr_null(raised->remedies);
	ck_assert_double_eq_tol(raised->peak_normalized * 3000, 1855, 1e-6);
	x = raise_of(now);
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 7500);
	ck_assert_int_eq(x->below, 7400);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.failed, 0);
	ck_assert_uint_eq(x->after.partitions, 4);
	says_found(now->remedies, PK_REMEDY_RAISE, ": ");
	ck_assert_uint_eq(
	    shipped_429_with("too-few-rus", "{name: raised, throughput: 12000}",
			     "{name: raised, throughput: 7500}", "raised"),
	    0);
	ck_assert_uint_gt(
	    shipped_429_with("too-few-rus", "{name: raised, throughput: 12000}",
			     "{name: raised, throughput: 7400}", "raised"),
	    0);
	x = &now->remedies->items[PK_REMEDY_AUTOSCALE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 8000);
	ck_assert_int_eq(x->below, 7000);
	says_found(now->remedies, PK_REMEDY_AUTOSCALE, "a max of ");
	/* an even key: every range's busiest second is about 1,850 RU
	   (1,855 the busiest), 4 x that over the 4,000 RU/s whatever the
	   shares: a redistribution at the same total still rate limits */
	x = &now->remedies->items[PK_REMEDY_REDIST];
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_FOUND);
	ck_assert_uint_gt(x->after.throttled_429, 0);
	/* the run: 16,800 failed after retries (the header) */
	ck_assert_uint_eq(now->remedies->before.failed, 16800);
	/* one stream, so no bulk stream to give a budget (what
	   test_remedies_bulk_priority finds with two) */
	ck_assert_int_eq(now->remedies->items[PK_REMEDY_BUDGET].status,
			 PK_REMEDY_NOT_APPLICABLE);
	tu_fx_free(&f);
}
END_TEST

/*
 * A scheduled scale-down: 4 existing partitions at 20,000 RU/s, one key
 * (all of it on one range), 400 creates/s of 1 KB = 2,000 RU/s (rule
 * 20). Phase "day" keeps 20,000 (5,000 a range); phase "night" lowers
 * to 4,000 (1,000 a range, rule 4) against the 2,000 offered: the 429s
 * come from the night alone. A replayed setting R is a floor under the
 * phases (night sets max(4,000, R)), so R <= 4,000 replays the run and
 * the search starts above the run's least, 4,000, not above its 20,000:
 * R / 4 >= 2,000 needs R >= 8,000; 7,900 gives 1,975 and rate limits.
 * Replays: the layout's most (40,000: the busiest second 2,000 RU), the
 * hint 4 x 2,000 = 8,000 (no 429), 7,900 (429): 3.
 */
static const char scale_down[] =
    "name: scale-down\n"
    "seed: 1\n"
    "container: {partition_key: /tenantId, throughput: 20000, "
    "partitions: 4}\n"
    "items:\n"
    "  tenantId: big\n"
    "phases:\n"
    "  - {name: day, duration: 10s, rate: 400/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - {name: night, duration: 10s, throughput: 4000, rate: 400/s, "
    "ops: {create: 1}, item_size: 1KB}\n";

START_TEST(test_remedies_floor_under_phases)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *text;

	fx_text(&f, "scale-down.yaml", scale_down);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_gt(m->before.throttled_429, 0);
	ck_assert_int_eq(m->start_ru_per_s, 20000);
	ck_assert_int_eq(m->floor_ru_per_s, 4000);
	ck_assert_str_eq(m->floor_phase, "night");
	x = raise_of(&f.r->variants[0]);
	assert_found(x, 100, 8000, 8000, 7900, 3);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.splits, 0);
	/* the sentence names the phase and the floor */
	text = remedies_sentence(m, PK_REMEDY_RAISE);
	ck_assert_ptr_nonnull(strstr(text, "the run's 4,000 (rate limited; "
					   "set by phase 'night'"));
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * A phase that redistributes the RU/s at its start (rule 26) would set
 * the ranges' RU/s over whatever a replay set at t = 0 (the SRE's
 * example, redistributed to 7,000 / 4,334 / 4,333 / 4,333 = 20,000), so
 * no RU/s setting is replayed: the raises, the redistribution and the
 * switch to autoscale say so, naming the phase, after 0 replays (the
 * bulk stream's client settings, which leave the RU/s alone, are).
 */
START_TEST(test_remedies_phase_redistributes)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	static const enum pk_remedy_kind ru[] = {
	    PK_REMEDY_RAISE, PK_REMEDY_SPLIT, PK_REMEDY_REDIST,
	    PK_REMEDY_AUTOSCALE};
	char *text = xstrdup(sre), *at = strstr(text, "item_size: 1KB}\n");
	char *edited;
	size_t k;

	*at = '\0';
	edited = xasprintf("%sitem_size: 1KB, redistribute: {\"0\": 7000, "
			   "\"1\": 4334, \"2\": 4333, \"3\": 4333}}\n%s",
			   text, at + strlen("item_size: 1KB}\n"));
	fx_text(&f, "sre-redist.yaml", edited);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	for (k = 0; k < sizeof(ru) / sizeof(ru[0]); k++) {
		ck_assert_int_eq(m->items[ru[k]].status,
				 PK_REMEDY_NOT_REPLAYED);
		ck_assert_uint_eq(m->items[ru[k]].replays, 0);
		ck_assert_ptr_nonnull(
		    strstr(m->items[ru[k]].why_not,
			   "phase 'load' redistributes the RU/s"));
	}
	free(edited);
	free(text);
	tu_fx_free(&f);
}
END_TEST

/*
 * throughput-split: the import's 8,000 creates/s x 5 RU = 40,000 RU/s
 * meet 5 ranges, one of them the unsplit parent with a third of the key
 * space (13,333 RU/s). The import phase itself raises to 45,000, past
 * the 30,000 the 3 created partitions take without a split (rule 5), so
 * no setting keeps the existing layout: that raise is not replayed (its
 * sentence names the phase), the raise with splits is. Past 50,000 the 3
 * parents split to ceil(R / 10,000) = 6 (rule 6), 40,000 / 6 = 6,667 a range,
 * under R / 6 for R > 40,000; at 50,000 there are still 5 partitions, the
 * parent's 13,333 over 10,000: the smallest is 51,000 on the 1,000 RU/s grid, 6
 * partitions, 3 splits.
 */
START_TEST(test_remedies_throughput_split)
{
	struct tu_fx f;
	const struct pk_remedy *x, *s;

	fx_shipped(&f, "throughput-split", 1);
	x = raise_of(&f.r->variants[0]);
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_REPLAYED);
	ck_assert_uint_eq(x->replays, 0);
	ck_assert_ptr_nonnull(strstr(x->why_not, "phase 'import' sets 45,000"));
	s = &f.r->variants[0].remedies->items[PK_REMEDY_SPLIT];
	ck_assert_int_eq(s->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(s->setting, 51000);
	ck_assert_int_eq(s->below, 50000);
	ck_assert_uint_eq(s->after.partitions, 6);
	ck_assert_uint_eq(s->after.splits, 3);
	ck_assert_uint_eq(s->after.throttled_429, 0);
	says_found(f.r->variants[0].remedies, PK_REMEDY_SPLIT, ": ");
	/* its phases change the RU/s: no redistribution is replayed */
	ck_assert_int_eq(
	    f.r->variants[0].remedies->items[PK_REMEDY_REDIST].status,
	    PK_REMEDY_NOT_REPLAYED);
	tu_fx_free(&f);
}
END_TEST

/*
 * iot-by-day: 18,000 RU/s, 3 partitions of 6,000 (rule 2); 2,000
 * operations a second (even arrivals), each a create (0.9, 1 KB, 5 RU,
 * rule 20) or a read (0.1, 1 RU) drawn by the seeded generator, all on
 * the day's logical partition, so on one range. Offered to that range:
 * 2,000 x (0.9 x 5 + 0.1 x 1) = 9,200 RU a second on average, at most
 * 2,000 x 5 = 10,000 (every operation a create). The raise keeps the 3
 * partitions (rule 5: 10,000 each, 30,000 in all) and gives each R / 3
 * (rule 4), so R / 3 must reach the busiest second: 27,600 <= R <=
 * 30,000. Where in that bracket depends on how many creates the
 * generator drew in the busiest second, which no hand can fix; the
 * search's tolerance is 100 RU/s (PK_REMEDY_STEP_RU) on the grid from
 * the run's 18,000. So: the bracket, the grid, the setting 100 above
 * one that rate limits, and two runs of the shipped file at the printed
 * figure (0 429s) and 100 below it (some), which check it without the
 * search (`partitions: 3`: the run's 3 ranges kept, as a raise keeps
 * them; a new container at 28,000 or so would get 5, rule 2). The
 * autoscale max on the 1,000 grid: its partitions reach M /
 * 3 at once (rule 17), as the manual R: the first multiple of 1,000 at
 * or above the raise (a manual R below it rate limits, so does M).
 */
START_TEST(test_remedies_iot_by_day)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char to[64];

	fx_shipped(&f, "iot-by-day", 1);
	m = f.r->variants[0].remedies;
	x = raise_of(&f.r->variants[0]);
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_ge(x->setting, 27600);
	ck_assert_int_le(x->setting, 30000);
	ck_assert_int_eq((x->setting - 18000) % 100, 0);
	ck_assert_int_eq(x->below, x->setting - 100);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.partitions, 3);
	ck_assert_uint_eq(x->after.splits, 0);
	says_found(m, PK_REMEDY_RAISE, ": ");
	snprintf(to, sizeof(to), "throughput: %lld, partitions: 3",
		 (long long)x->setting);
	ck_assert_uint_eq(
	    shipped_429_with("iot-by-day", "throughput: 18000", to, NULL), 0);
	snprintf(to, sizeof(to), "throughput: %lld, partitions: 3",
		 (long long)x->below);
	ck_assert_uint_gt(
	    shipped_429_with("iot-by-day", "throughput: 18000", to, NULL), 0);
	ck_assert_int_eq(m->items[PK_REMEDY_AUTOSCALE].setting,
			 (x->setting + 999) / 1000 * 1000);
	says_found(m, PK_REMEDY_AUTOSCALE, "a max of ");
	/* 18,000 RU/s on 3 partitions is 6,000 a partition, not under
	   rule 36's 3,000: no merge replayed nor said */
	ck_assert_int_eq(m->items[PK_REMEDY_MERGE].status,
			 PK_REMEDY_NOT_APPLICABLE);
	tu_fx_free(&f);
}
END_TEST

/*
 * The merge (rule 36). One key on 2 existing partitions of 1,000 RU/s
 * (500 each, rule 4), retries off: 120 creates/s of 1 KB, 5 RU each
 * (rule 20), 600 RU/s offered on the key's range against its 500: 100
 * a second served, 20 rate limited, 60 s: 1,200 429s and as many
 * failed. Rule 32's count: max(ceil(1,000 / 10,000), ceil(~6 MiB / 50
 * GiB)) = 1 < 2, and rule 36 holds (500 RU/s and ~3 MiB a partition,
 * under 3,000 and 20 GiB): the merge is replayed to 1 partition of
 * 1,000 RU/s, which takes the 600 offered. At once (merge_delay 0):
 * 0 429s; with merge_delay 30 s the old 2 partitions serve seconds
 * 0 .. 29 as before: 30 x 20 = 600 429s, 0 after.
 */
static const char merge_one_key[] =
    "name: merge-one-key\n"
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 1000, partitions: 2%s}\n"
    "client: {retries: off}\n"
    "items:\n"
    "  k: only\n"
    "phases:\n"
    "  - {name: load, duration: 60s, rate: 120/s, ops: {create: 1}, "
    "item_size: 1KB}\n";

/* The merge remedy of merge_one_key with container keys extra */
static void merge_case(const char *extra, uint64_t want_429)
{
	char text[1024];
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	snprintf(text, sizeof(text), merge_one_key, extra);
	fx_text(&f, "merge-one-key.yaml", text);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(m->before.throttled_429, 1200);
	ck_assert_uint_eq(m->before.failed, 1200);
	x = &m->items[PK_REMEDY_MERGE];
	ck_assert_int_eq(x->status,
			 want_429 ? PK_REMEDY_NOT_FOUND : PK_REMEDY_FOUND);
	ck_assert_uint_eq(x->merge_to, 1);
	ck_assert_int_eq(x->setting, 1000);
	ck_assert_uint_eq(x->replays, 1);
	ck_assert_uint_eq(x->after.throttled_429, want_429);
	ck_assert_uint_eq(x->after.failed, want_429);
	ck_assert_uint_eq(x->after.partitions, 1);
	ck_assert_uint_eq(x->after.splits, 0);
	s = remedies_sentence(m, PK_REMEDY_MERGE);
	ck_assert_ptr_nonnull(strstr(s, "merged to 1, rule 32's count"));
	ck_assert_ptr_nonnull(
	    strstr(s, want_429 ? "429s 1,200 -> 600" : "429s 1,200 -> 0"));
	ck_assert_ptr_nonnull(
	    strstr(s, want_429 ? "done at t = 30s (merge_delay)" : "at once"));
	free(s);
	tu_fx_free(&f);
}

/*
 * A merge candidate without a 429 still gets its merge replayed, alone:
 * merge_one_key at 80 creates/s, 5 RU each (rule 20), 400 RU/s on the
 * key's range against its 500 (1,000 on 2 existing partitions, rule 4):
 * no 429. Rule 32: max(ceil(1,000 / 10,000), ceil(4,800 items of ~1 KB /
 * 50 GiB)) = 1 < 2; rule 36: 500 RU/s and ~2.3 MiB a partition, under
 * 3,000 and 20 GiB: named. The merge to 1 partition of 1,000 takes the
 * 400: 0 429s still, 1 partition after, 1 replay (the bound: 1), and no
 * other remedy (nothing to stop). Its bill on autoscale max 1,000 (the
 * same 2 partitions, 500 each): the hour's classic bill is the busiest
 * partition's highest share x the max (rule 17), 400 / 500 = 80 % x
 * 1,000 = 800 RU/s before; merged, 400 / 1,000 = 40 %: 400 RU/s
 * (above the 0.1 x 1,000 floor); priced at $0.012 per 100 RU/s-hour of
 * autoscale (prices-2026-11-30.csv, us-nongov), a month of 720 hours:
 * 8 x 0.012 x 720 = $69.12 before, 4 x 0.012 x 720 = $34.56 after, and
 * the storage of the same items on both sides (under $0.01).
 */
static void merge_quiet_case(const char *container, int64_t classic_before,
			     int64_t classic_after)
{
	char text[1024];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scenario *sc;
	struct pk_diag d;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	const struct pk_result_variant *v;
	size_t k, most;
	char *s;

	snprintf(text, sizeof(text),
		 "name: merge-quiet\n"
		 "seed: 1\n"
		 "container: {partition_key: /k, %s, partitions: 2}\n"
		 "client: {retries: off}\n"
		 "pricing: {region: us-nongov}\n"
		 "items:\n"
		 "  k: only\n"
		 "phases:\n"
		 "  - {name: load, duration: 60s, rate: 80/s, ops: {create: "
		 "1}, item_size: 1KB}\n",
		 container);
	diag_init(&d);
	sc = scenario_parse("merge-quiet.yaml", text, strlen(text), &d);
	ck_assert_msg(sc && scenario_pricing_resolve(sc, NULL, &d) == 0, "%s",
		      tu_diag_text(&d));
	run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	res = result_build(run);
	v = &res->variants[0];
	ck_assert_uint_eq(v->metrics->totals.throttled_429, 0);
	ck_assert_uint_eq(remedies_plan(res, &most), 1);
	ck_assert_uint_eq(most, 1);
	remedies_build(res, 1);
	m = v->remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->merge_only, 1);
	ck_assert_uint_eq(m->replays, 1);
	ck_assert_uint_eq(m->max_replays, 1);
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		if (k != PK_REMEDY_MERGE) {
			ck_assert_int_eq(m->items[k].status,
					 PK_REMEDY_NOT_APPLICABLE);
		}
	}
	x = &m->items[PK_REMEDY_MERGE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_uint_eq(x->merge_to, 1);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.partitions, 1);
	ck_assert_uint_eq(x->after.splits, 0);
	s = remedies_sentence(m, PK_REMEDY_MERGE);
	ck_assert_msg(strstr(s, "merged to 1, rule 32's count") &&
			  strstr(s, "stay without a 429 (429s 0 -> 0;"),
		      "%s", s);
	free(s);
	if (classic_before > 0) {
		ck_assert_uint_eq(x->after.n_hours, 1);
		ck_assert_int_eq(m->before.billed_peak_ru, classic_before);
		ck_assert_int_eq(x->after.billed_classic[0], classic_after);
		ck_assert_double_ge(m->before.month, 69.12);
		ck_assert_double_lt(m->before.month, 69.13);
		ck_assert_double_ge(x->after.month, 34.56);
		ck_assert_double_lt(x->after.month, 34.57);
	} else {
		/* manual: the same 1,000 RU/s bill, 10 x $0.008 x 720 */
		ck_assert_double_ge(x->after.month, 57.60);
		ck_assert_double_lt(x->after.month, 57.61);
		ck_assert_double_eq_tol(x->after.month, m->before.month, 1e-9);
	}
	s = tu_report(res, report_text);
	ck_assert_msg(strstr(s, "the remedies replay the merge") &&
			  strstr(s, "the run had no 429: only the merge"),
		      "%s", s);
	free(s);
	result_free(res);
	tu_sim_free(run);
}

START_TEST(test_remedies_merge_without_429)
{
	merge_quiet_case("throughput: 1000", 0, 0);
	merge_quiet_case("autoscale_max: 1000", 800, 400);
}
END_TEST

/*
 * A merge candidate whose extra partitions came from splits during the
 * run (ttl-retention's no-ttl: created with 1, split for its 4 GiB
 * classroom cap; rule 32's count at the end max(ceil(4,000 / 10,000),
 * ceil(10 GiB / 4 GiB)) = 3 < 4) gets its merge replayed where the
 * container stopped changing: storage grows only in the imports, and
 * the last split (each half of ~2 GiB passes 4 GiB again, the last on
 * day 8) comes in day8-import [691,200, 692,400) s, so the merge starts
 * at the next phase, day8, at 8 x 86,400 + 1,200 = 692,400 s, with the
 * 4 partitions the run had then. Its 9 GiB sit in 4 halves of a little
 * over 2 GiB each (each cut at its storage median), so no two
 * neighbours fit under the 4 GiB cap together: the merge leaves 4, not
 * 3, and the sentence says so. Day 9's 1 GiB adds about 256 MiB a
 * partition: no split after, the run's 3 splits; reads and 51.2/m writes
 * of 512 RU on 4,000 RU/s: no 429.
 */
START_TEST(test_remedies_merge_after_splits)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_shipped(&f, "ttl-retention", 1);
	v = tu_fx_variant(&f, "no-ttl");
	ck_assert_uint_eq(v->metrics->totals.throttled_429, 0);
	ck_assert_uint_eq(v->created_ranges, 1);
	ck_assert_uint_eq(v->n_ranges, 4);
	ck_assert_uint_eq(v->metrics->n_splits, 3);
	ck_assert_int_ge(v->metrics->splits[2].t_s, 691200);
	ck_assert_int_lt(v->metrics->splits[2].t_s, 692400);
	m = v->remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->merge_only, 1);
	ck_assert_uint_eq(m->replays, 1);
	x = &m->items[PK_REMEDY_MERGE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_uint_eq(x->merge_to, 3);
	ck_assert_int_eq(m->merge_at_s, 692400);
	ck_assert_str_eq(m->merge_phase, "day8");
	ck_assert_uint_eq(m->merge_from, 4);
	ck_assert_uint_eq(x->after.merge_after, 4);
	ck_assert_uint_eq(x->after.partitions, 4);
	ck_assert_uint_eq(x->after.splits, 3);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	s = remedies_sentence(m, PK_REMEDY_MERGE);
	ck_assert_msg(strstr(s, "the 4 physical partitions asked to merge to "
				"3, rule 32's count, started at t = 692400s, "
				"the start of phase 'day8'") &&
			  strstr(s, "the merge left 4, not 3"),
		      "%s", s);
	free(s);
	/* ttl-7d: 2 partitions for 7 GiB, ceil(7 / 4) = 2: no candidate */
	ck_assert_ptr_null(tu_fx_variant(&f, "ttl-7d")->remedies);
	tu_fx_free(&f);
}
END_TEST

/*
 * existing-import (its header): 30,000 RU/s raised to 200,000 for the
 * import (20 partitions, 15 splits at t = 60 s, rule 6) and lowered back
 * to 30,000 at the start of phase "after", t = 60 + 30 = 90 s: 20
 * partitions of 1,500 RU/s and 28.6 GiB, 1.4 GiB each; rule 32's count
 * max(ceil(30,000 / 10,000), ceil(28.6 / 50)) = 3, rule 36: 1,500 <
 * 3,000 and 1.4 GiB < 20 GiB: a candidate without a 429. The container
 * last changes at t = 90 s, after the last split, so the merge is
 * replayed from there, after that phase's RU/s (30,000: 3 partitions,
 * rule 36's count from the RU/s at its start): 20 -> 3 partitions of
 * about 9.5 GiB, under 50 GiB each. "after" offers 100 creates/s of 5
 * RU, 500 RU/s against 10,000 a partition: no 429. The replay's splits
 * are the import's 15.
 */
START_TEST(test_remedies_merge_after_phases)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_shipped(&f, "existing-import", 1);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->merge_only, 1);
	x = &m->items[PK_REMEDY_MERGE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_uint_eq(x->merge_to, 3);
	ck_assert_int_eq(m->merge_at_s, 90);
	ck_assert_str_eq(m->merge_phase, "after");
	ck_assert_uint_eq(m->merge_from, 20);
	ck_assert_int_eq(x->setting, 30000);
	ck_assert_uint_eq(x->after.merge_after, 3);
	ck_assert_uint_eq(x->after.partitions, 3);
	ck_assert_uint_eq(x->after.splits, 15);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	s = remedies_sentence(m, PK_REMEDY_MERGE);
	ck_assert_msg(strstr(s, "the 20 physical partitions merged to 3, "
				"rule 32's count, started at t = 90s, the "
				"start of phase 'after'") &&
			  !strstr(s, "not done"),
		      "%s", s);
	free(s);
	s = tu_report(f.r, report_text);
	ck_assert_msg(strstr(s, "the remedies replay the merge") &&
			  strstr(s, "merged from t = 90s (the start of phase "
				    "'after')"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * A phase that changes the container is a merge point itself, its merge
 * after its RU/s (cosmos_phase_apply's order): 2 existing partitions at
 * 4,000 RU/s raised to 5,000 at the second phase's start, t = 10 s
 * (2,500 a partition, under rule 36's 3,000; rule 32's count
 * ceil(5,000 / 10,000) = 1 < 2: named); 10 creates/s of 5 RU: no 429.
 * The merge starts at t = 10 s in phase "raise" and makes 1 partition
 * of 5,000 RU/s, still without a 429.
 */
START_TEST(test_remedies_merge_in_acting_phase)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;

	fx_text(&f, "merge-late.yaml",
		"name: merge-late\n"
		"seed: 1\n"
		"container: {partition_key: /k, throughput: 4000, "
		"partitions: 2}\n"
		"items:\n"
		"  k: {values: \"k-{0..99}\"}\n"
		"phases:\n"
		"  - {name: load, duration: 10s, rate: 10/s}\n"
		"  - {name: raise, duration: 10s, rate: 10/s, throughput: "
		"5000}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	x = &m->items[PK_REMEDY_MERGE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(m->merge_at_s, 10);
	ck_assert_str_eq(m->merge_phase, "raise");
	ck_assert_uint_eq(m->merge_from, 2);
	ck_assert_uint_eq(x->merge_to, 1);
	ck_assert_int_eq(x->setting, 5000);
	ck_assert_uint_eq(x->after.merge_after, 1);
	ck_assert_uint_eq(x->after.partitions, 1);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * A merge candidate whose last split comes in the run's last phase has
 * no phase to merge at: 2 existing partitions of 4,000 RU/s with a
 * classroom cap of 1 MiB, 300 creates/s of 1 KiB for 10 s, about 150
 * KiB/s a partition: each passes 1 MiB near t = 7 s and splits (rule
 * 6's storage split), 4 partitions holding 3,000 KiB = 2.9 MiB. Rule
 * 32's count max(ceil(4,000 / 10,000), ceil(2.9 / 1)) = 3 < 4; rule 36:
 * 1,000 RU/s and 750 KiB a partition: named. No 429, so no remedy; the
 * finding says its merge was not replayed and why instead of naming it
 * alone.
 */
START_TEST(test_remedies_merge_no_point)
{
	struct tu_fx f;
	char *s;

	fx_text(&f, "merge-late.yaml",
		"name: merge-late\n"
		"seed: 1\n"
		"container: {partition_key: /k, throughput: 4000, "
		"partitions: 2, physical_partition_storage: 1MB}\n"
		"items:\n"
		"  k: {values: \"k-{0..99}\"}\n"
		"phases:\n"
		"  - {name: load, duration: 10s, rate: 300/s, item_size: "
		"1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	ck_assert_uint_eq(f.r->variants[0].n_ranges, 4);
	ck_assert_ptr_null(f.r->variants[0].remedies);
	s = tu_report(f.r, report_text);
	ck_assert_msg(strstr(s, "merge candidate: 4 physical partitions") &&
			  strstr(s, "its merge is not replayed, and pksim "
				    "measured nothing of it: the run's last "
				    "split came in its last phase"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * The bulk stream's remedies on priority-bulk (its header derives the
 * run: 1 partition of 1,000 RU/s; interactive 100 creates/s = 500 RU/s,
 * one every 10 ms from t = 0, bulk 200/s = 1,000 RU/s at Low, 10 s,
 * retries off; 33 interactive and 967 bulk 429s). The bulk stream
 * offered the most RU (2,000 x 5 against 1,000 x 5); the room it has is
 * 1,000 - 500 = 500 RU/s. The interactive stream had 429s, so the budget
 * and the bucket are searched on the grid of 1 % of 1,000 = 10 RU/s for
 * the largest that leaves it none.
 * - budget B: the client paces the bulk creates ceil(5,000,000 / B) us
 *   apart, each sent at its time rounded up to the ms. Only second 0 can
 *   throttle the interactive stream (later, High's 500 RU of the second
 *   before keep Low within 1,000 - 500, rule 30). B = 500: one bulk
 *   create every 10 ms after the interactive one of that ms, 100 + 100
 *   creates = 1,000 RU in second 0: all fit; then 100 a second at Low
 *   within 500: 0 429s anywhere; 2,000 creates x 5 RU / 500 RU/s = 20 s,
 *   the last answer near t = 20 s. B = 510: 9,804 us apart, the 101
 *   bulk creates at ceil(k x 9.804) ms for k = 0 .. 100 (the last at 981
 *   ms) all come before the interactive create at 990 ms, with the 99
 *   interactive ones of 0 .. 980 ms: 505 + 495 = 1,000 RU, so the one at
 *   990 ms gets a 429. Largest clean: 500, 510 rate limits; the search
 *   starts at the room, 500 (clean), steps to 510 (not): 2 replays.
 * - Low: it is Low already, not replayed;
 * - bucket 1 (the container declares none) at P %: the bulk stream's
 *   creates pass while it has used under 10 x P RU in the second. P =
 *   50: bulk 500 RU (by 490 ms) + interactive 500 = 1,000: the
 *   interactive all fit, every second; the bulk stream gets 100 of its
 *   200 a second: 1,000 succeed, 1,000 get 429s (3212). P = 51: bulk 510
 *   by 505 ms, so the interactive creates of 980 and 990 ms find 490 +
 *   510 = 1,000 used: 2 429s. 50 % (500 RU/s), 51 % rate limits: 2
 *   replays from the room's 50 %.
 * The shipped file with the bulk client's ru_budget at 500 and 510, run
 * without the search, has 0 and 1 interactive 429s.
 */
START_TEST(test_remedies_bulk_priority)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_shipped(&f, "priority-bulk", 1);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->bulk, 1);
	ck_assert_str_eq(m->bulk_name, "bulk");
	ck_assert_uint_eq(m->before.inter_429, 33);
	ck_assert_uint_eq(m->before.bulk_429, 967);
	ck_assert_double_eq_tol(m->inter_ru_per_s, 500, 1e-9);
	x = &m->items[PK_REMEDY_BUDGET];
	assert_found(x, 10, 500, 500, 510, 2);
	ck_assert_uint_eq(
	    shipped_stream_429_with("priority-bulk",
				    "client: {priority: low, retries: off}",
				    "client: {priority: low, retries: off, "
				    "ru_budget: 500}",
				    0),
	    0);
	ck_assert_uint_eq(
	    shipped_stream_429_with("priority-bulk",
				    "client: {priority: low, retries: off}",
				    "client: {priority: low, retries: off, "
				    "ru_budget: 510}",
				    0),
	    1);
	s = remedies_sentence(m, PK_REMEDY_BUDGET);
	ck_assert_msg(strstr(s, "in 2 replays, to within 10 RU/s (510 still "
				"rate limits them)"),
		      "%s", s);
	free(s);
	ck_assert_uint_eq(x->after.bulk_429, 0);
	ck_assert_uint_eq(x->after.bulk_succeeded, 2000);
	ck_assert_int_gt(x->after.bulk_finish_ms, 19000);
	ck_assert_int_le(x->after.bulk_finish_ms, 20000);
	ck_assert_int_eq(m->items[PK_REMEDY_LOW].status,
			 PK_REMEDY_NOT_REPLAYED);
	x = &m->items[PK_REMEDY_BUCKET];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(m->bucket_id, 1);
	ck_assert_int_eq(m->bucket_pct, 50);
	ck_assert_int_eq(x->setting, 500);
	ck_assert_int_eq(x->below, 510);
	ck_assert_uint_eq(x->replays, 2);
	ck_assert_uint_eq(x->after.inter_429, 0);
	ck_assert_uint_eq(x->after.bulk_429, 1000);
	ck_assert_uint_eq(x->after.bulk_succeeded, 1000);
	s = remedies_sentence(m, PK_REMEDY_BUCKET);
	ck_assert_ptr_nonnull(
	    strstr(s, "the interactive streams' 429s 33 -> 0"));
	free(s);
	/* one stream (too-few-rus): test_remedies_too_few_rus */
	tu_fx_free(&f);
}
END_TEST

/*
 * throughput-bucket (its header: 1,000 RU/s; interactive 100 creates/s,
 * etl 200/s in bucket 1 at 20 %). The etl stream offered the most RU.
 * - variant bucket (etl 1,600 429s, interactive 0): the run rate
 *   limited the bulk stream alone, so its remedies' goal is no 429 at
 *   all, searched on the grid of 10 RU/s from the room, 500 within
 *   bucket 1's cap of 20 % x 1,000 = 200 (rule 31): 200. A budget B
 *   paces etl's creates ceil(5,000,000 / B) us apart. B = 200: 25 ms
 *   apart, 40 a second, 200 RU, and the 40th passes with 195 used,
 *   under the cap: 0 429s, all 2,000 served, 2,000 x 5 / 200 = 50 s.
 *   B = 210: 23,810 us apart, 42 creates in second 0 (the 42nd at 976
 *   ms), the 41st and 42nd find the bucket's 200 used: 429/3212. So
 *   200 is the largest, 210 rate limits: 2 replays (the room, then one
 *   step up). The bucket remedy is not replayed (etl's bucket is
 *   declared); Low leaves the cap as it is: 1,600, so it does not meet
 *   the goal (NOT_FOUND), where before it was called found for leaving
 *   the interactive stream's 0 at 0.
 * - variant no-bucket (no bucket declared: interactive 330 429s, etl
 *   670): Low for etl is priority-bulk's run (the same streams, bulk
 *   Low): 33 and 967; bucket 1, the id etl names and the variant does
 *   not declare (rule 34), at 50 %: interactive 0, etl 1,000 served of
 *   2,000 as in test_remedies_bulk_priority.
 */
START_TEST(test_remedies_bulk_bucket)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_shipped(&f, "throughput-bucket", 1);
	m = tu_fx_variant(&f, "bucket")->remedies;
	ck_assert_str_eq(m->bulk_name, "etl");
	ck_assert_int_eq(m->bulk_alone, 1);
	ck_assert_int_eq(m->room_in_bucket, 1);
	x = &m->items[PK_REMEDY_BUDGET];
	assert_found(x, 10, 200, 200, 210, 2);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	ck_assert_uint_eq(x->after.bulk_429, 0);
	ck_assert_uint_eq(x->after.inter_429, 0);
	ck_assert_uint_eq(x->after.bulk_succeeded, 2000);
	ck_assert_int_gt(x->after.bulk_finish_ms, 49000);
	ck_assert_int_le(x->after.bulk_finish_ms, 50000);
	ck_assert_int_eq(m->items[PK_REMEDY_BUCKET].status,
			 PK_REMEDY_NOT_REPLAYED);
	ck_assert_uint_eq(m->items[PK_REMEDY_LOW].after.bulk_429, 1600);
	ck_assert_int_eq(m->items[PK_REMEDY_LOW].status, PK_REMEDY_NOT_FOUND);
	s = remedies_sentence(m, PK_REMEDY_BUDGET);
	ck_assert_msg(strstr(s, "whose replay leaves no 429 at all (the run "
				"rate limited the bulk stream alone") &&
			  strstr(s, "(210 still rate limits)") &&
			  strstr(s, "within the cap of the bucket it is in"),
		      "%s", s);
	free(s);
	m = tu_fx_variant(&f, "no-bucket")->remedies;
	ck_assert_int_eq(m->bulk_alone, 0);
	ck_assert_uint_eq(m->before.inter_429, 330);
	ck_assert_uint_eq(m->before.bulk_429, 670);
	x = &m->items[PK_REMEDY_LOW];
	ck_assert_int_eq(x->status, PK_REMEDY_NOT_FOUND);
	ck_assert_uint_eq(x->after.inter_429, 33);
	ck_assert_uint_eq(x->after.bulk_429, 967);
	x = &m->items[PK_REMEDY_BUCKET];
	ck_assert_int_eq(m->bucket_id, 1);
	ck_assert_int_eq(m->bucket_pct, 50);
	ck_assert_uint_eq(x->after.inter_429, 0);
	ck_assert_uint_eq(x->after.bulk_succeeded, 1000);
	tu_fx_free(&f);
}
END_TEST

START_TEST(test_remedies_merge)
{
	merge_case("", 0);
	merge_case(", merge_delay: 30s", 600);
}
END_TEST

/*
 * The redistribution on merge_one_key: the key's range (0) is charged
 * 600 RU in its busiest second at the layout's most, range 1 nothing;
 * in proportion range 1 would get 0 of the 1,000, but no range gets
 * under PK_REMEDY_REDIST_MIN_RU (100, an ASSUMPTION: rule 26 names no
 * minimum): 100, and range 0 the other 900, over its 600: no 429.
 */
START_TEST(test_remedies_redist_minimum)
{
	char text[1024];
	struct pk_run *run;
	struct pk_result *res;
	const struct pk_remedies *m;

	snprintf(text, sizeof(text), merge_one_key, "");
	run = tu_sim_text("merge-one-key.yaml", text);
	res = result_build(run);
	remedies_build(res, 1);
	m = res->variants[0].remedies;
	ck_assert_int_eq(m->items[PK_REMEDY_REDIST].status, PK_REMEDY_FOUND);
	ck_assert_int_eq(m->redist_ru[0], 900);
	ck_assert_int_eq(m->redist_ru[1], 100);
	ck_assert_uint_eq(m->items[PK_REMEDY_REDIST].after.throttled_429, 0);
	/* no region: no money in the figures */
	ck_assert_int_eq(m->before.priced, 0);
	ck_assert_int_eq(m->items[PK_REMEDY_RAISE].after.priced, 0);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * Remedies priced (pricing: us-nongov, $0.008 per 100 RU/s-hour manual,
 * $0.25 a GB-month, data/prices/prices-2026-11-30.csv) on merge_one_key:
 * a 60 s run is one clock hour; a month is its cost per hour x 720.
 * The run: 1,000 RU/s, 10 x $0.008 x 720 = $57.60, plus storage: its
 * hour's highest GB x $0.25 (GB-months of one hour x 720), 6,000 items
 * of about 1 KB = under 0.01 GB, under $0.01. The raise to 1,200 (600 a
 * range, the key's 600 fit): 12 x $0.008 x 720 = $69.12, +$11.52 and the
 * storage of its 1,200 more items, under $0.01 more.
 */
START_TEST(test_remedies_month_cost)
{
	char text[1024];
	struct pk_run *run;
	struct pk_result *res;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	struct pk_scenario *sc;
	struct pk_diag d;

	snprintf(text, sizeof(text), merge_one_key,
		 "}\npricing: {region: us-nongov");
	diag_init(&d);
	sc = scenario_parse("merge-one-key.yaml", text, strlen(text), &d);
	ck_assert_msg(sc && scenario_pricing_resolve(sc, NULL, &d) == 0, "%s",
		      tu_diag_text(&d));
	run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	res = result_build(run);
	remedies_build(res, 1);
	m = res->variants[0].remedies;
	ck_assert_int_eq(m->before.priced, 1);
	ck_assert_double_ge(m->before.month, 57.60);
	ck_assert_double_lt(m->before.month, 57.61);
	x = &m->items[PK_REMEDY_RAISE];
	ck_assert_int_eq(x->setting, 1200);
	ck_assert_double_ge(x->after.month - m->before.month, 11.52);
	ck_assert_double_lt(x->after.month - m->before.month, 11.53);
	s = remedies_sentence(m, PK_REMEDY_RAISE);
	ck_assert_ptr_nonnull(strstr(s, "$69.1"));
	ck_assert_ptr_nonnull(strstr(s, "+$11.52 against the run's"));
	free(s);
	result_free(res);
	tu_sim_free(run);
}
END_TEST

/*
 * The bound said before the replays (too-few-rus: 4 existing partitions
 * at 4,000 RU/s, one phase without actions, a merge candidate), added
 * by hand:
 * - raise: 1 probe at 40,000, then search_from over 36,000 by 100s:
 *   1 + 9 + 8 (steps 100 .. 25,600 sum to 51,100 >= 36,000: 9) = 19;
 *   the other path, the raise with splits after the probe: 1 + 4
 *   doublings (80,000 .. 640,000) + a bisection of 320,000 by 1,000
 *   (9) = 14; the larger: 19;
 * - the redistribution 1; autoscale up to 1,000,000 by 1,000: 1 + 10 +
 *   9 = 20; the merge 1: 41.
 */
START_TEST(test_remedies_bound)
{
	struct tu_fx f;
	const struct pk_remedies *m;

	fx_shipped(&f, "too-few-rus", 1);
	m = tu_fx_variant(&f, "now")->remedies;
	ck_assert_uint_eq(m->max_replays, 41);
	ck_assert_uint_le(m->replays, m->max_replays);
	tu_fx_free(&f);
}
END_TEST

/* Nothing rate limited: nothing replayed */
START_TEST(test_remedies_none_without_429)
{
	struct tu_fx f;

	fx_shipped(&f, "iot-by-device", 1);
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	ck_assert_ptr_null(f.r->variants[0].remedies);
	tu_fx_free(&f);
}
END_TEST

/* The same figures and text whatever the threads */
START_TEST(test_remedies_jobs)
{
	struct tu_fx a, b;
	size_t i, k;

	fx_shipped(&a, "monitor-tuesday", 1);
	fx_shipped(&b, "existing-container", 4);
	tu_fx_free(&b);
	fx_shipped(&b, "monitor-tuesday", 4);
	for (i = 0; i < a.r->n_variants; i++) {
		const struct pk_remedies *x = a.r->variants[i].remedies;
		const struct pk_remedies *y = b.r->variants[i].remedies;

		ck_assert_int_eq(x == NULL, y == NULL);
		for (k = 0; x && k < PK_REMEDY_KINDS; k++) {
			char *s = remedies_sentence(x, k);
			char *t = remedies_sentence(y, k);

			ck_assert_str_eq(s, t);
			free(s);
			free(t);
		}
	}
	tu_fx_free(&a);
	tu_fx_free(&b);
}
END_TEST

/* The Markdown and HTML reports show the SRE example's remedies as a
   table: the raise to 28,000 on the 4 partitions and the redistribution
   at 20,000, neither with a 429 (derived in test_remedies_sre_raise);
   so do compare's text and HTML reports */
START_TEST(test_remedies_tables)
{
	struct tu_fx f;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;

	fx_text(&f, "sre.yaml", sre);
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(report_markdown(f.r, 0, mem), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(buf, "#### Remedies (replayed)"));
	ck_assert_ptr_nonnull(strstr(
	    buf, "| raise on the existing layout | 28,000 | 4 | 0 | 0 | 0 |"));
	ck_assert_ptr_nonnull(strstr(
	    buf,
	    "| redistribution at the same total | 20,000 | 4 | 0 | 0 | 0 |"));
	free(buf);
	buf = NULL;
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(report_html(f.r, 0, 0, mem), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(buf, "<h3>Remedies (replayed)</h3>"));
	ck_assert_ptr_nonnull(
	    strstr(buf, "<tr><th>raise on the existing layout</th><td "
			"class=\"n\">28,000</td>"));
	free(buf);
	/* compare's text and HTML reports carry them too, as a run's */
	buf = NULL;
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(report_text_compare(f.r, mem), 0);
	fclose(mem);
	ck_assert_msg(strstr(buf, "\nremedies (each replays") &&
			  strstr(buf,
				 "  - raise on the existing layout: 28,000 "
				 "RU/s leave no 429"),
		      "%s", buf);
	free(buf);
	buf = NULL;
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(report_html(f.r, 1, 0, mem), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(buf, "<h2>Remedies by variant</h2>"));
	ck_assert_ptr_nonnull(
	    strstr(buf, "<tr><th>raise on the existing layout</th><td "
			"class=\"n\">28,000</td>"));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * The scenario names the bulk job: stream "app" (600 creates/s of 5 RU,
 * 3,000 RU/s) offers more RU than "import" (300/s, 1,500 RU/s), but
 * import's client is in bulk mode (client.bulk, rule 35) and app's is
 * not, so import is the bulk stream and app the interactive one (3,000
 * RU/s offered: the room 4,000 - 3,000 = 1,000).
 */
START_TEST(test_remedies_bulk_flag)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	char *s;

	fx_text(&f, "bulk-flag.yaml",
		"name: bulk-flag\n"
		"seed: 2\n"
		"container: {partition_key: /k, throughput: 4000, "
		"partitions: 1}\n"
		"streams:\n"
		"  - name: app\n"
		"    items:\n"
		"      k: {values: \"u{000..999}\"}\n"
		"    phases:\n"
		"      - {name: app, duration: 5s, rate: 600/s, ops: {create: "
		"1}, item_size: 1KB}\n"
		"  - name: import\n"
		"    items:\n"
		"      k: {values: \"b{000..999}\"}\n"
		"    client: {bulk: true}\n"
		"    phases:\n"
		"      - {name: import, duration: 5s, rate: 300/s, ops: "
		"{create: 1}, item_size: 1KB}\n");
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->bulk, 1);
	ck_assert_int_eq(m->bulk_by_flag, 1);
	ck_assert_str_eq(m->bulk_name, "import");
	ck_assert_double_eq_tol(m->inter_ru_per_s, 3000, 1e-6);
	s = remedies_sentence(m, PK_REMEDY_BUDGET);
	ck_assert_msg(strstr(s, "the bulk stream import (the stream whose "
				"client is in bulk mode, client.bulk;"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/*
 * A merge of an existing container with nothing stored yet: 10
 * partitions of 1,200 RU/s (12,000), 1,600 creates/s of 5 RU (8,000
 * RU/s) over 1,000 keys, no 429. Rule 32's count ceil(12,000 / 10,000)
 * = 2; rule 36: 1,200 a partition, no data: a candidate. At t = 0 every
 * range holds 0 bytes, so the pairs tie on storage and the narrowest
 * pair merges first: 10 tenths -> 5 fifths -> (0.4, 0.2, 0.2, 0.2) ->
 * (0.4, 0.4, 0.2) -> (0.4, 0.6). Two partitions of 6,000 RU/s offered
 * about 0.4 x 8,000 = 3,200 and 0.6 x 8,000 = 4,800 a second: no 429
 * (the keys' hashes spread them within a few percent). Folding range
 * after range into the first (0.9 and 0.1: 7,200 on 6,000) rate limited.
 */
START_TEST(test_remedies_merge_even_widths)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;

	fx_text(&f, "merge-load.yaml",
		"name: merge-load\n"
		"seed: 3\n"
		"container: {partition_key: /deviceId, throughput: 12000, "
		"partitions: 10}\n"
		"items:\n"
		"  deviceId: {values: \"dev-{000..999}\"}\n"
		"phases:\n"
		"  - {name: load, duration: 5s, rate: 1600/s, ops: {create: "
		"1}, item_size: 1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	x = &m->items[PK_REMEDY_MERGE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_uint_eq(x->merge_to, 2);
	ck_assert_uint_eq(x->after.merge_after, 2);
	ck_assert_uint_eq(x->after.partitions, 2);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	tu_fx_free(&f);
}
END_TEST

/*
 * The raise's and the split's sentences name the partition's cap the
 * scenario sets (physical_partition_throughput 8,000 on 4 partitions:
 * 4 x 8,000 = 32,000 without a split, rule 5) and the split's
 * ASSUMPTION of which parents split; the figures are set by hand, no
 * replay runs.
 */
START_TEST(test_remedies_partition_cap_words)
{
	struct pk_remedies m;
	char *s;

	memset(&m, 0, sizeof(m));
	m.created_partitions = 4;
	m.cap_ru_per_s = 32000;
	m.raise_top_ru_per_s = 32000;
	m.start_ru_per_s = 20000;
	m.items[PK_REMEDY_RAISE].kind = PK_REMEDY_RAISE;
	m.items[PK_REMEDY_RAISE].status = PK_REMEDY_FOUND;
	m.items[PK_REMEDY_RAISE].setting = 28000;
	m.items[PK_REMEDY_RAISE].below = 27900;
	m.items[PK_REMEDY_RAISE].step = 100;
	m.items[PK_REMEDY_SPLIT].kind = PK_REMEDY_SPLIT;
	m.items[PK_REMEDY_SPLIT].status = PK_REMEDY_FOUND;
	m.items[PK_REMEDY_SPLIT].setting = 41000;
	m.items[PK_REMEDY_SPLIT].below = 40000;
	m.items[PK_REMEDY_SPLIT].step = 1000;
	s = remedies_sentence(&m, PK_REMEDY_RAISE);
	ck_assert_msg(strstr(s, "and 32,000 (4 partitions x 8,000, rule 5") &&
			  !strstr(s, "10,000"),
		      "%s", s);
	free(s);
	s = remedies_sentence(&m, PK_REMEDY_SPLIT);
	ck_assert_msg(strstr(s, "past 32,000 the partitions split (rule 6: "
				"ceil(RU/s / 8,000) partitions") &&
			  strstr(s, "ASSUMPTION: the widest parents split "
				    "first"),
		      "%s", s);
	free(s);
}
END_TEST

/*
 * A data file replayed faster than its own time: iot_telemetry's 9,995
 * records arrive 2,000 times faster with --time-compression 2000, so the
 * run, and every replay with it, carries 2,000 times the data's own
 * rate. The remedies say so before their figures.
 */
START_TEST(test_remedies_time_compression)
{
	char args[1024];
	const char *root = getenv("PKSIM_SOURCE_ROOT");
	char *out;

	snprintf(
	    args, sizeof(args),
	    "compare --items '%s/scenarios/data/iot_telemetry_3devices.json' "
	    "--time-field ts --time-compression 2000 --key /device "
	    "--throughput 400 --partitions 1",
	    root ? root : ".");
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "\nremedies (each replays") &&
			  strstr(out, "each replays the data file's records "
				      "2000x faster than their own time "
				      "(time_compression)"),
		      "%s", out);
	free(out);
}
END_TEST

/*
 * The switch to autoscale starts at rule 8's smallest max: 3 existing
 * partitions holding 40 GB each, 120 GB: max(1,000, 10 RU/s x 120 GB) =
 * 1,200, on the 1,000 grid 2,000. 400 RU/s manual against 120 creates/s
 * of 5 RU (600 RU/s, about 200 a range against 133): 429s. The raise is
 * under 1,000, so the search would start at a max of 1,000, which the
 * container refuses; it starts at 2,000 instead (667 a partition, above
 * the busiest range's ~270 RU a second): no 429, and nothing smaller is
 * allowed, so 1 replay and no "still rate limits" below it.
 */
START_TEST(test_remedies_autoscale_floor)
{
	struct tu_fx f;
	const struct pk_remedies *m;
	const struct pk_remedy *x;
	char *s;

	fx_text(&f, "auto-min.yaml",
		"name: auto-min\n"
		"seed: 1\n"
		"container: {partition_key: /deviceId, throughput: 400, "
		"partitions: 3, storage_per_partition: 40GB}\n"
		"items:\n"
		"  deviceId: {values: \"dev-{000..999}\"}\n"
		"phases:\n"
		"  - {name: load, duration: 5s, rate: 120/s, ops: {create: "
		"1}, item_size: 1KB}\n");
	m = f.r->variants[0].remedies;
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_gt(m->before.throttled_429, 0);
	ck_assert_int_eq(m->items[PK_REMEDY_RAISE].status, PK_REMEDY_FOUND);
	ck_assert_int_lt(m->items[PK_REMEDY_RAISE].setting, 1000);
	x = &m->items[PK_REMEDY_AUTOSCALE];
	ck_assert_int_eq(x->status, PK_REMEDY_FOUND);
	ck_assert_int_eq(x->setting, 2000);
	ck_assert_int_eq(x->below, 0);
	ck_assert_uint_eq(x->replays, 1);
	ck_assert_uint_eq(x->after.throttled_429, 0);
	s = remedies_sentence(m, PK_REMEDY_AUTOSCALE);
	ck_assert_msg(strstr(s, "(the smallest max allowed, rule 8)") &&
			  !strstr(s, "stopped"),
		      "%s", s);
	free(s);
	tu_fx_free(&f);
}
END_TEST

/* A scenario of 10 existing partitions of 1,000 RU/s each (10,000 RU/s),
   creates of 1 KB at 1 RU into 100 key values whose k0 draws half, at
   rate/s for secs s */
static struct pk_scenario *sure_scenario(int rate, int secs)
{
	char text[512];
	struct pk_diag d;
	struct pk_scenario *s;

	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: %d, "
		 "partitions: 10}\n"
		 "cost: {write_1kb: 1}\n"
		 "items: {k: {values: \"k{0..99}\", distribution: hotspot, "
		 "hot_data: 0.01, hot_ops: 0.5}}\n"
		 "phases: [{duration: %ds, rate: %d/s, ops: {create: 1}, "
		 "item_size: 1KB}]\n",
		 10000, secs, rate);
	diag_init(&d);
	s = scenario_parse("sure.yaml", text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", d.n_entries ? d.entries[0].msg : "");
	diag_free(&d);
	return s;
}

/*
 * A run surely rate limited whose RU/s searches pass the work bound
 * replays nothing, known before it runs (the estimate counts no replay
 * then). k0 draws 0.5 of the creates, each 1 RU (a refusal's not_found
 * 1 RU too), on a partition of 10,000 / 10 = 1,000 RU/s. At 4,000/s its
 * creates in a second have mean mu = 2,000, and mu - 6 sqrt(mu) - 1 =
 * 2,000 - 268.3 - 1 = 1,730.7 > 1,000: surely a 429. At 2,000/s: 1,000
 * - 189.7 - 1 = 809.3, not sure (though it can: (0.5 + even share) x
 * 2,000 > 1,000). The searches (remedy.c, bound): cap 10 x 10,000 =
 * 100,000, start 10,000, span 90,000: the raise 1 + search_bound(90,000,
 * 100) = 1 + (1 + 10 + 9) = 21 (steps 100 .. 51,200 sum to 102,300 >=
 * span: k = 10); the raise with splits 1 + 12 (doublings to 200,000,
 * 400,000, 800,000, 1,000,000, then halvings of 200,000 down to 1,000:
 * 8) = 13; the larger 21, one more for the manual layout's redistribution
 * (10 partitions), and the autoscale search search_bound(1,000,000,
 * 1,000) = 1 + 10 + 9 = 20 (steps 1,000 .. 512,000 sum to 1,023,000):
 * 42 replays, each the work of the run at 1,000,000 RU/s, where nothing
 * can be rate limited: an attempt an operation, 0.25 a range in each
 * second and 128 a range once (its set-up and report), 100 s: 400,000 +
 * 10 x 100 x 0.25 + 10 x 128 = 401,530 units (x 42 = 16,864,260, below
 * 1e9); 10,000 s: 40,000,000 + 25,000 + 1,280 = 40,026,280 (x 42 =
 * 1,681,103,760, above).
 */
START_TEST(test_remedies_sure_429_over_work)
{
	struct pk_scenario *s, top;
	struct pk_container_spec cs;
	int secs[2] = {100, 10000}, i;
	double w, units[2] = {401530, 40026280};

	for (i = 0; i < 2; i++) {
		s = sure_scenario(4000, secs[i]);
		ck_assert_int_eq(scenario_must_throttle(s, &s->variants[0]), 1);
		/* the variant alone at the searches' top, as remedy_fit
		   counts a replay's work */
		top = *s;
		cs = s->variants[0];
		cs.throughput_ru_per_s = 1000000;
		top.container = cs;
		top.variants = &cs;
		top.n_variants = 1;
		w = scenario_work_units(&top);
		ck_assert_double_eq_tol(w, units[i], 0.5);
		ck_assert_int_eq(42 * w > PK_SCENARIO_MAX_WORK, i == 1);
		ck_assert_int_eq(remedies_never_replay(s), i == 1);
		scenario_free(s);
	}
	s = sure_scenario(2000, 2000);
	ck_assert_int_eq(scenario_can_throttle(s), 1);
	ck_assert_int_eq(scenario_must_throttle(s, &s->variants[0]), 0);
	ck_assert_int_eq(remedies_never_replay(s), 0);
	scenario_free(s);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("remedies");
	TCase *tc = tcase_create("replays");
	/*
	 * tagged plain_only: tools/test's asan stage skips them. Each runs
	 * a remedy search over a shipped scenario's whole run; under the
	 * sanitizers the same searches run on smaller fixtures:
	 * test_remedies_sre_raise (the raise, the switch to autoscale and
	 * its bill, the bulk stream's budget, Low priority and an
	 * undeclared bucket, the merge not applicable),
	 * test_remedies_autoscale_container and _autoscale_floor
	 * (autoscale), test_remedies_bulk_bucket (a declared bucket, Low not
	 * found); and `pksim check` (check_expect) replays the shipped
	 * scenarios they edit. Their figures are checked in build/.
	 */
	TCase *plain = tcase_create("remedies_plain_only");

	tcase_set_tags(plain, "plain_only");
	tcase_set_timeout(tc, 600);
	tcase_set_timeout(plain, 600);
	tcase_add_test(tc, test_remedies_sre_raise);
	tcase_add_test(tc, test_remedies_sure_429_over_work);
	tcase_add_test(tc, test_remedies_floor_under_phases);
	tcase_add_test(tc, test_remedies_phase_redistributes);
	tcase_add_test(tc, test_remedies_autoscale_container);
	tcase_add_test(plain, test_remedies_autoscale_burst);
	tcase_add_test(tc, test_remedies_monitor_tuesday);
	tcase_add_test(tc, test_remedies_too_few_rus);
	tcase_add_test(tc, test_remedies_throughput_split);
	tcase_add_test(plain, test_remedies_iot_by_day);
	tcase_add_test(tc, test_remedies_merge);
	tcase_add_test(tc, test_remedies_merge_without_429);
	tcase_add_test(tc, test_remedies_merge_after_splits);
	tcase_add_test(tc, test_remedies_merge_after_phases);
	tcase_add_test(tc, test_remedies_merge_in_acting_phase);
	tcase_add_test(tc, test_remedies_merge_no_point);
	tcase_add_test(tc, test_remedies_redist_minimum);
	tcase_add_test(tc, test_remedies_month_cost);
	tcase_add_test(tc, test_remedies_bound);
	tcase_add_test(plain, test_remedies_bulk_priority);
	tcase_add_test(tc, test_remedies_bulk_bucket);
	tcase_add_test(tc, test_remedies_none_without_429);
	tcase_add_test(tc, test_remedies_jobs);
	tcase_add_test(tc, test_remedies_tables);
	tcase_add_test(tc, test_remedies_bulk_flag);
	tcase_add_test(tc, test_remedies_merge_even_widths);
	tcase_add_test(tc, test_remedies_partition_cap_words);
	tcase_add_test(tc, test_remedies_time_compression);
	tcase_add_test(tc, test_remedies_autoscale_floor);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, plain);
	return s;
}
