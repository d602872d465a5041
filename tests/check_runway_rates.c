/*
 * runway_rates: the storage runway's write rates and mix
 * (include/pksim/result/runway.h): which operations add items and how
 * fast over time (batches, the rate schedule's steps and spikes).
 * Figures derived by hand beside each test; each says what it gave
 * before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11) */
#define CAP 21474836480.0
/* An item of 1 KB stores 1,024 B, of 100 KB 102,400 B (index_factor 1) */
#define KB1 1024.0
#define KB100 102400.0

/* The first variant of scenario text: its runway's time to full (s),
   the runway sentence into t */
static double full_s(const char *text, char *t, size_t cap)
{
	int kind;
	double s = tu_full_s("rates.yaml", text, &kind, t, cap);

	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, text);
	return s;
}

/*
 * One key, a workload whose only writes are transactional batches: 10
 * batches/s of 10 creates of 1 KB at 100,000 RU/s (no bound). A batch's
 * items are creates: 100 items/s x 1,024 B = 102,400 B/s, and 20 GiB
 * take 21,474,836,480 / 102,400 = 209,715.2 s (2.43 days). Before:
 * "never: it does not grow" (the groups came from the run's map of
 * values to logical partitions, which a batch never fills).
 */
START_TEST(test_rates_batch_only_grows)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 10s, rate: 10/s, ops: {batch: 1}, "
	    "batch: {size: 10}, item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / (100.0 * KB1), 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "growing 100.0 KiB/s"), "%s", t);
}
END_TEST

/*
 * The same batches at 400 RU/s, 20 batches/s offered, retries off. A
 * batch of 10 creates of 1 KB is charged as its 10 creates, 10 x 5 =
 * 50 RU (rule 15's transactional batch: the sum of its operations), so
 * the range admits 400 / 50 = 8 batches/s = 80 items/s = 81,920 B/s:
 * 21,474,836,480 / 81,920 = 262,144 s (3.03 days), bounded by range 0's
 * 400 RU/s. Before: "never: it does not grow".
 */
START_TEST(test_rates_batch_only_bounded)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {retries: off}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 10s, rate: 20/s, ops: {batch: 1}, "
	    "batch: {size: 10}, item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / (80.0 * KB1), 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s"), "%s", t);
}
END_TEST

/*
 * `steps:` (scenarios/README.md's example, slowed): one key, creates of
 * 100 KB at 5/s from 0 s, 0/s from 20 min, 1/s from 40 min of a 1-h
 * phase repeated. An hour writes 5 x 1,200 + 1 x 1,200 = 7,200 items =
 * 737,280,000 B. 29 hours hold 21,381,120,000 B; the 93,716,480 B left
 * are 915.2 items, written by the 30th hour's first step at 5/s in
 * 183.04 s: full at t = 104,400 + 183.04 = 104,583.04 s (1.21 days).
 * Before: 7.3 days, the last step's 1,200 items an hour only; then
 * 104,857.6 s, the 30th hour's mean rate (457.6 s into it).
 */
START_TEST(test_rates_steps_every_step)
{
	static const char text[] =
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - duration: 1h\n"
	    "    ops: {create: 1}\n"
	    "    item_size: 100KB\n"
	    "    rate:\n"
	    "      steps:\n"
	    "        - {at: 0s, rate: 5/s}\n"
	    "        - {at: 20m, rate: 0/s}\n"
	    "        - {at: 40m, rate: 1/s}\n";
	const double hour = 7200.0 * KB100;
	char t[640];
	double s = full_s(text, t, sizeof(t));
	double whole = floor(CAP / hour);

	ck_assert_msg(whole == 29.0, "%f", whole);
	ck_assert_msg(
	    tu_near(s, 29.0 * 3600.0 + (CAP - 29.0 * hour) / (5.0 * KB100),
		    1e-9),
	    "%f: %s", s, t);
	ck_assert_msg(tu_near(s, 104583.04, 1e-6), "%f", s);
}
END_TEST

/*
 * `spikes:`: one key, creates of 100 KB at a base of 1/s with a spike
 * of x10 for 1 min every hour (from the phase's start), a 1-h phase
 * repeated. An hour writes 10 x 60 + 1 x 3,540 = 4,140 items =
 * 423,936,000 B. 50 hours hold 21,196,800,000 B; the 278,036,480 B
 * left are 2,715.2 items of the 51st hour, its spike minute's 600 then
 * 2,115.2 s at 1/s: full at t = 180,000 + 60 + 2,115.2 = 182,175.2 s
 * (2.11 days; at the hour's mean 182,361.0 s). Before: 2.47 days, the
 * 59 base minutes only (3,540 items an hour: the spike minute counted
 * nothing, not even its base).
 */
START_TEST(test_rates_spikes_counted)
{
	static const char text[] =
	    "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 1h, rate: {base: 1/s, spikes: {every: "
	    "1h, for: 1m, factor: 10}}, ops: {create: 1}, item_size: 100KB}\n";
	const double hour = 4140.0 * KB100;
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s,
			      50.0 * 3600.0 + 60.0 +
				  ((CAP - 50.0 * hour) / KB100 - 600.0),
			      1e-9),
		      "%f: %s", s, t);
	ck_assert_msg(tu_near(s, 182175.2, 1e-9), "%f", s);
}
END_TEST

/*
 * Spikes that a phase does not hold a whole number of times are not
 * projected: the projection repeats the phase, so each repetition would
 * start with a spike. The workload of test_rates_spikes_counted in a
 * phase of 60 s or of 10 min (shorter than `every`, 1 h) would be
 * projected all spike (10/s x 100 KB: 20,971.52 s, 0.24 days) or one
 * minute in ten (12.8 days), where the 1-h phase gives 182,175.2 s: the
 * answer would follow the run's length. Before: those figures, exit 0.
 */
START_TEST(test_rates_spikes_past_their_phase)
{
	static const char *const dur[] = {"60s", "10m", "90m"};
	char text[640], t[640];
	size_t i;

	for (i = 0; i < 3; i++) {
		int kind;

		snprintf(text, sizeof(text),
			 "clock: {start: \"2026-01-05T00:00:00Z\"}\n"
			 "container: {partition_key: /k, throughput: 100000}\n"
			 "items: {k: {const: one}}\n"
			 "phases:\n"
			 "  - {name: p, duration: %s, rate: {base: 1/s, "
			 "spikes: {every: 1h, for: 1m, factor: 10}}, ops: "
			 "{create: 1}, item_size: 100KB}\n",
			 dur[i]);
		tu_full_s("rates.yaml", text, &kind, t, sizeof(t));
		ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "%s: %d: %s",
			      dur[i], kind, t);
		ck_assert_msg(strstr(t, "spikes that fit their phase no whole "
					"number of times"),
			      "%s: %s", dur[i], t);
	}
}
END_TEST

/*
 * A spike past the range's RU/s: one key on 400 RU/s (one range),
 * creates of 1 KB (5 RU each) at a base of 10/s with a x20 spike for
 * 1 min every 10 min. In a spike 200/s x 5 RU = 1,000 RU/s are offered
 * to 400: 80 a second succeed (rule 12); between spikes 10/s x 5 = 50
 * RU/s all succeed. Ten minutes store 540 x 10 + 60 x 80 = 10,200
 * items, 17/s = 17,408 B/s, 61,200 items an hour. The cap holds
 * 20,971,520 items of 1,024 B: 342 hours store 20,930,400, the 343rd's
 * first four 10-min cycles 40,800 more, and the 320 left take 4 s of
 * the fifth's spike: full at 1,231,200 + 2,400 + 4 = 1,233,604 s (14.28
 * days; at the hour's mean 1,233,618.8 s), bounded by the range. Before: 8.4
 * days at 29.0 KiB/s, the bound met by the hour's mean (29/s x 5 = 145 RU/s)
 * and every spike write counted (a 1-h replay stores 18,637 B/s: the
 * SDK's retries serve a few after the spike). Without retries, as
 * these figures are: the default client's of a spike's last 9 s could
 * store up to 350 x 9 / 5 = 630 more after each spike, 6 % (runway_spill:
 * not projected; that replay stores 7 % more).
 */
START_TEST(test_rates_spike_past_range)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {retries: none}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 1h, rate: {base: 10/s, spikes: {every: 10m, "
	    "for: 1m, factor: 20}}, item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 1233604.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s"), "%s", t);
}
END_TEST

/*
 * A step past the range's RU/s: one key on 400 RU/s, creates of 1 KB
 * (5 RU) at 200/s for the first 10 min of a 1-h phase, then 0/s. The
 * step offers 1,000 RU/s: 80 a second succeed, 48,000 an hour =
 * 49,152,000 B. 436 hours hold 21,430,272,000 B; the 44,564,480 B left
 * are 43,520 items, 544 s of the 437th hour's step at 80/s: full at
 * t = 1,569,600 + 544 = 1,570,144 s (18.17 days). Before: 7.3 days at
 * 33.3 KiB/s (the hour's mean, 33.3/s x 5 = 167 RU/s, under the bound);
 * then 1,572,864 s, the fill inside the hour at the hour's mean.
 * Without retries, as these figures are: the default client's of the
 * step's last 9 s could store up to 400 x 9 / 5 = 720 more an hour
 * after it, 1.5 % (runway_spill: not projected).
 */
START_TEST(test_rates_step_past_range)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {retries: none}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - duration: 1h\n"
	    "    item_size: 1KB\n"
	    "    rate: {steps: [{at: 0s, rate: 200/s}, {at: 10m, rate: "
	    "0/s}]}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s,
			      436.0 * 3600.0 +
				  (CAP - 436.0 * 48000.0 * KB1) / (80.0 * KB1),
			      1e-9),
		      "%f: %s", s, t);
	ck_assert_msg(tu_near(s, 1570144.0, 1e-9), "%f", s);
}
END_TEST

/*
 * Two streams from Saturday 2026-01-10 00:00: "big" 100 creates/s of
 * 10 KB under a weekdays schedule, "small" 1 create/s of 1 KB all week,
 * a 10-s run (nothing of "big" in it). "big" writes 100 x 10,240 =
 * 1,024,000 B/s from Monday 00:00 (t = 172,800 s) and holds 20 GiB
 * 21,474,836,480 / 1,024,000 = 20,971.52 s later: t = 193,771.52 s
 * (2.24 days), "big" first; "small" would take 21,474,836,480 / 1,024 s
 * (243 days). Before: "small" first in 242.7 days ("big" was dropped,
 * no item of it in the run).
 */
START_TEST(test_rates_stream_idle_in_window)
{
	static const char text[] =
	    "clock: {start: \"2026-01-10T00:00:00Z\"}\n"
	    "container: {partition_key: /t, throughput: 100000}\n"
	    "streams:\n"
	    "  - name: big\n"
	    "    items: {t: {const: big}}\n"
	    "    phases:\n"
	    "      - {name: w, duration: 10s, rate: {base: 100/s, weekly: "
	    "weekdays}, ops: {create: 1}, item_size: 10KB}\n"
	    "  - name: small\n"
	    "    items: {t: {const: small}}\n"
	    "    phases:\n"
	    "      - {name: s, duration: 10s, rate: 1/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 2.0 * 86400.0 + CAP / (100.0 * 10240.0), 1e-9),
		      "%f: %s", s, t);
	ck_assert_msg(strstr(t, "\"big\" first"), "%s", t);
	ck_assert_msg(strstr(t, "a stream wrote nothing in the run"), "%s", t);
}
END_TEST

/*
 * Items created small and rewritten larger: one key, a 610-s cycle of
 * 10 s of 10 creates/s of 1 KB, then 600 s of 10 replaces/s of 100 KB
 * (a cart or a session document growing), 1,000,000 RU/s. Each cycle
 * adds 100 items and rewrites 6,000: rho = 60 rewrites a new item,
 * each picking a stored item uniformly. The items not yet rewritten, S
 * of N, follow dS/dN = 1 - rho S / N: S = N / (1 + rho), so a new item
 * stores (60 x 102,400 + 1,024) / 61 = 100,741.2 B on average and 20
 * GiB hold 21,474,836,480 / 100,741.2 = 213,168 items, 2,131.7 cycles
 * of 610 s: 1,300,327 s (15.05 days). Every item at 100 KB, the
 * soonest it can fill: 21,474,836,480 / 102,400 x 6.1 = 1,279,263 s.
 * The projection steps hourly from an empty start (its first hours
 * rewrite nearly all): within 1 % of the first, never before the
 * second. Before: 148 days, every item at its created 1 KB.
 */
START_TEST(test_rates_rewrites_grow_items)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000000}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {name: c, duration: 10s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: r, duration: 10m, rate: 10/s, ops: {replace: 1}, "
	    "item_size: 100KB}\n";
	const double per_item = (60.0 * KB100 + KB1) / 61.0;
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / per_item * 6.1, 0.01), "%f: %s", s, t);
	ck_assert_msg(s >= CAP / KB100 * 6.1, "%f: %s", s, t);
}
END_TEST

/*
 * A fill inside the first hour, timed by the step schedule: one key,
 * 190 creates/s of 100 KB (102,400 B) from 0 s, 0/s from 20 min, on
 * autoscale 10,000 RU/s (9,500 RU/s asked: no bound), items living
 * 30 min. The cap holds 21,474,836,480 / 102,400 = 209,715.2 items,
 * written in 209,715.2 / 190 = 1,103.76 s (18.4 min), before the first
 * item expires at 1,800 s; the same whether the phase lasts 2 h (the
 * hour's slices in order) or 40 min (a short cycle, 1.5 of it an
 * hour). Before: 58.2 min (2 h: the hour's mean, 63.3 creates/s) and
 * 37.6 min (40 min: the cycle's mean, 95/s); the replay fills at
 * t = 1,103 s.
 */
START_TEST(test_rates_fill_inside_first_hour)
{
	static const char fmt[] =
	    "container: {partition_key: /k, autoscale_max: 10000, "
	    "default_ttl: 30m}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - duration: %s\n"
	    "    item_size: 100KB\n"
	    "    rate: {steps: [{at: 0s, rate: 190/s}, {at: 20m, rate: "
	    "0/s}]}\n";
	char text[400], t[640];
	double a, b;

	snprintf(text, sizeof(text), fmt, "2h");
	a = full_s(text, t, sizeof(t));
	ck_assert_msg(tu_near(a, CAP / KB100 / 190.0, 1e-9), "%f: %s", a, t);
	ck_assert_msg(strstr(t, "growing 18.6 MiB/s"), "%s", t);
	snprintf(text, sizeof(text), fmt, "40m");
	b = full_s(text, t, sizeof(t));
	ck_assert_msg(tu_near(b, CAP / KB100 / 190.0, 1e-9), "%f: %s", b, t);
}
END_TEST

/*
 * A fill inside the first hour under spikes, timed by the spike: one
 * key, base 10 creates/s of 100 KB with spikes every 1 h for 40 min x 10
 * (100/s from t = 0: 5,000 RU/s of 6,000, no bound). The cap's
 * 209,715.2 items at 100/s: 2,097.152 s (35.0 min), inside the spike,
 * growing 100 x 102,400 = 10,240,000 B/s (9.8 MiB/s). Before: the
 * hour's mean, 40 min x 100/s + 20 min x 10/s = 252,000 items (70/s):
 * 2,995.93 s (49.9 min), where the same rates as steps said 2,097.152
 * s (trialO O2); the replay fills at t = 2,097 s.
 */
START_TEST(test_rates_fill_inside_spike)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 6000}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - duration: 1h\n"
	    "    item_size: 100KB\n"
	    "    rate: {base: 10/s, spikes: {every: 1h, for: 40m, factor: "
	    "10}}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / KB100 / 100.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(tu_near(s, 2097.152, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "growing 9.8 MiB/s"), "%s", t);
}
END_TEST

/*
 * 2-s spikes over a projection of months: one key, creates of 1 KB at
 * a base of 1/s, x3 for 1 s every 2 s (100,000 RU/s: no bound). Every
 * 2 s write 3 + 1 = 4 items, 2 a second, 2,048 B/s whatever second the
 * hour's stretch ends at: full at 21,474,836,480 / 2,048 = 10,485,760 s
 * (121.4 days; the 2,913th hour's 5,120 items are 1,280 whole periods,
 * so the hour's mean and its seconds walked agree).
 */
START_TEST(test_rates_spikes_2s_fill)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: one}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 1h, rate: {base: 1/s, spikes: {every: "
	    "2s, for: 1s, factor: 3}}, ops: {create: 1}, item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / (2.0 * KB1), 1e-9), "%f: %s", s, t);
	ck_assert_msg(tu_near(s, 10485760.0, 1e-9), "%f", s);
	ck_assert_msg(strstr(t, "growing 2.0 KiB/s"), "%s", t);
}
END_TEST

/* The runway of ten keys k-1 .. k-10 written by creates of 100 B in a
   1-h phase at rate `rate` (a YAML value): its kind, what the first
   holds, returned */
static double beyond(const char *rate)
{
	static const char head[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {values: \"k-{1..10}\"}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 1h, ops: {create: 1}, item_size: "
	    "100B, rate: ";
	size_t n = strlen(head) + strlen(rate) + 4;
	char *text = malloc(n);
	struct pk_scorecard *c;
	struct pk_result *res;
	struct pk_run *run;
	double bytes;

	ck_assert_ptr_nonnull(text);
	snprintf(text, n, "%s%s}\n", head, rate);
	c = tu_cards(tu_dir_file("beyond.yaml", text), text, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_BEYOND);
	bytes = (double)c[0].full_lp_bytes;
	tu_cards_free(c, run, res);
	free(text);
	return bytes;
}

/*
 * The projection takes a step's spike seconds and the rest in closed
 * form: spikes and 1-s steps of the same mean give the flat rate's
 * level. Ten keys, creates of 100 B at a
 * mean of 2/s for the 5 years (157,680,000 s): each key's tenth holds
 * 157,680,000 x 2 x 100 / 10 = 3,153,600,000 B by then, under
 * - a flat 2/s;
 * - 1/s x3 for 1 s every 2 s (4 items every 2 s);
 * - 3,600 steps of 1 s, 1/s at even seconds and 3/s at odd ones.
 * What this costs (the hours of the horizon, not its spike edges) is
 * tools/bench's spikes row, not a timed test.
 */
START_TEST(test_rates_spikes_level_as_flat)
{
	char *steps = malloc(3600 * 32 + 32);
	double flat_b, spike_b, step_b;
	size_t len;
	int i;

	ck_assert_ptr_nonnull(steps);
	len = (size_t)sprintf(steps, "{steps: [");
	for (i = 0; i < 3600; i++) {
		len += (size_t)sprintf(steps + len, "%s{at: %ds, rate: %d/s}",
				       i ? ", " : "", i, i % 2 ? 3 : 1);
	}
	sprintf(steps + len, "]}");
	flat_b = beyond("2/s");
	spike_b = beyond("{base: 1/s, spikes: {every: 2s, for: 1s, "
			 "factor: 3}}");
	step_b = beyond(steps);
	free(steps);
	ck_assert_msg(tu_near(flat_b, 3153600000.0, 1e-9), "%f", flat_b);
	ck_assert_msg(tu_near(spike_b, 3153600000.0, 1e-9), "%f", spike_b);
	ck_assert_msg(tu_near(step_b, 3153600000.0, 1e-9), "%f", step_b);
}
END_TEST

/*
 * A busy hour and a quiet one on one key at 400 RU/s (one range, no
 * burst): 130 creates/s of 1 KB (5 RU each, 650 RU/s asked) get 400 / 5
 * = 80 through, 81,920 B/s; then 1 create/s, 1,024 B/s. The default
 * client retries a throttled create for 9 s (rule 13): the busy hour's
 * last 9 s leave 650 x 9 = 5,850 RU unserved, which come first in the
 * quiet hour at its 400 RU/s: 3,600 RU in its first 9 s, 720 creates,
 * 737,280 B. A 2-h cycle adds 3,600 x 81,920 + 3,600 x 1,024 + 737,280
 * = 299,335,680 B, 41,574.4 B/s on average (40.6 KiB/s). 20 GiB =
 * 21,474,836,480 B: 71 cycles hold 21,252,833,280 B at t = 511,200 s,
 * the rest 222,003,200 B at 81,920 B/s in the busy hour: 2,710.0 s,
 * full at 513,910.0 s. The sentence gives the cycle's mean beside the
 * busy hour's 80.0 KiB/s. With a quiet hour of 10/s: (294,912,000 +
 * 36,864,000 + 737,280) / 7,200 = 46,182.4 B/s, 45.1 KiB/s.
 */
START_TEST(test_rates_busy_quiet_mean_growth)
{
	static const char fmt[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {name: busy, duration: 1h, rate: 130/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: quiet, duration: 1h, rate: %s/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char text[512], t[640];
	int kind;
	double s;

	snprintf(text, sizeof(text), fmt, "1");
	s = tu_full_s("rates.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(fabs(s - 513910.0) < 1.0, "%.1f: %s", s, t);
	ck_assert_msg(strstr(t, "growing 40.6 KiB/s on average over its "
				"2.0 h cycle, 80.0 KiB/s as it fills"),
		      "%s", t);
	snprintf(text, sizeof(text), fmt, "10");
	tu_full_s("rates.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(strstr(t, "growing 45.1 KiB/s on average"), "%s", t);
}
END_TEST

/*
 * A cycle's mean where the cycle does not end on a step's hour: one key
 * at 100,000 RU/s (no bound), a 10-min import of 100 creates/s of 10
 * KB (10,240 B), then steady 10/s for 1 h. A 70-min cycle stores 60,000
 * + 36,000 = 96,000 items, 96,000 x 10,240 / 4,200 = 234,057.1 B/s on
 * average (228.6 KiB/s). 20 GiB is 2,097,152 items: 21 cycles hold
 * 2,016,000 at 88,200 s, the import 60,000 more by 88,800 s, the
 * steady phase the last 21,152 in 2,115.2 s: full at 90,915.2 s. With
 * 2 h steady: 132,000 items in 7,800 s, 173,292.3 B/s (169.2 KiB/s).
 * Before: 250.0 and 180.8 KiB/s, a cycle's end inside an hour's step
 * taken as if the step grew evenly, the import spread over its hour.
 */
START_TEST(test_rates_mean_of_a_cycle_off_the_hour)
{
	static const char fmt[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {name: import, duration: 10m, rate: 100/s, ops: {create: 1}, "
	    "item_size: 10KB}\n"
	    "  - {name: steady, duration: %s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char text[512], t[640];
	int kind;
	double s;

	snprintf(text, sizeof(text), fmt, "1h");
	s = tu_full_s("rates.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 90915.2, 1e-6), "%.1f: %s", s, t);
	ck_assert_msg(strstr(t, "growing 228.6 KiB/s on average over its "
				"70.0 min cycle, 100.0 KiB/s as it fills"),
		      "%s", t);
	snprintf(text, sizeof(text), fmt, "2h");
	tu_full_s("rates.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(strstr(t, "growing 169.2 KiB/s on average over its "
				"2.2 h cycle"),
		      "%s", t);
}
END_TEST

/*
 * A skewed key over a large pool, whose hottest value a short run may
 * not draw: 1,000,000 tenants "t-{0000001..1000000}" drawn zipf s = 0.5,
 * 10 creates/s of 1 MB (1,048,576 B) for 1 min at 100,000 RU/s (no
 * bound). t-0000001 has the largest mass, 1 / H(10^6, 0.5); by
 * Euler-Maclaurin H = 2 x sqrt(10^6) + zeta(0.5) + 1 / (2 x 1,000) =
 * 2,000 - 1.4603545 + 0.0005 = 1,998.5401455, so its share is
 * 5.0036523e-4 and it grows 10 x 1,048,576 x 5.0036523e-4 = 5,246.7097
 * B/s: 21,474,836,480 / 5,246.7097 = 4,093,010.2 s (47.37 days),
 * whatever the seed. The run's 600 draws miss it with probability
 * (1 - 5.0e-4)^600 = 74 %: before, seeds 1, 3 and 4 named a value they
 * drew ("t-0000005" 105.9 days, "t-0000005" 105.9 days, "t-0000020"
 * 211.9 days).
 */
START_TEST(test_rates_undrawn_zipf_top)
{
	static const char fmt[] =
	    "seed: %d\n"
	    "container: {partition_key: /tenant, throughput: 100000}\n"
	    "items:\n"
	    "  tenant: {values: \"t-{0000001..1000000}\", distribution: "
	    "zipf, s: 0.5}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1m, rate: 10/s, ops: {create: 1}, "
	    "item_size: 1MB}\n";
	static const int seeds[] = {1, 3, 4};
	char text[512], t[640];
	size_t i;

	for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		double s;

		snprintf(text, sizeof(text), fmt, seeds[i]);
		s = full_s(text, t, sizeof(t));
		ck_assert_msg(tu_near(s, 4093010.2, 1e-6), "seed %d: %f: %s",
			      seeds[i], s, t);
		ck_assert_msg(strstr(t, "\"t-0000001\" first"), "seed %d: %s",
			      seeds[i], t);
	}
}
END_TEST

/*
 * The same pool drawn hotspot with one hot tenant: hot_data 0.000001 of
 * 1,000,000 values is floor(1) = 1 value, t-0000001, taking hot_ops
 * 0.001 of the creates: 0.001 x 10 x 1,048,576 = 10,485.76 B/s, full in
 * 21,474,836,480 / 10,485.76 = 2,048,000 s (23.70 days). The run draws
 * it with probability 1 - 0.999^600 = 45 %; before, seeds 2, 3 and 120
 * did not and said "not within 5 years".
 */
START_TEST(test_rates_undrawn_hot_tenant)
{
	static const char fmt[] =
	    "seed: %d\n"
	    "container: {partition_key: /tenant, throughput: 100000}\n"
	    "items:\n"
	    "  tenant: {values: \"t-{0000001..1000000}\", distribution: "
	    "hotspot, hot_data: 0.000001, hot_ops: 0.001}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1m, rate: 10/s, ops: {create: 1}, "
	    "item_size: 1MB}\n";
	static const int seeds[] = {2, 3, 120};
	char text[512], t[640];
	size_t i;

	for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		double s;

		snprintf(text, sizeof(text), fmt, seeds[i]);
		s = full_s(text, t, sizeof(t));
		ck_assert_msg(tu_near(s, 2048000.0, 1e-9), "seed %d: %f: %s",
			      seeds[i], s, t);
		ck_assert_msg(strstr(t, "\"t-0000001\" first"), "seed %d: %s",
			      seeds[i], t);
	}
}
END_TEST

/*
 * A weighted list whose heaviest value a short run does not draw: 201
 * values "v001".."v201", each weight 1 but v101's 3 (sum 203), 1 create/s
 * of 1 MB for 10 s. v101 takes 3 / 203 of the creates: 1,048,576 x 3 /
 * 203 = 15,496.2 B/s, full in 21,474,836,480 x 203 / (3 x 1,048,576) =
 * 20,480 x 203 / 3 = 1,385,813.3 s (16.04 days). Ten draws miss it with
 * probability (200 / 203)^10 = 86 %: before, seeds 1, 2 and 3 named a
 * value of weight 1 they drew ("v013", "v022", "v023"), 20,480 x 203 s
 * = 48.1 days.
 */
START_TEST(test_rates_undrawn_weighted_heaviest)
{
	char text[2048], t[640];
	size_t at, i;
	int seed;

	for (seed = 1; seed <= 3; seed++) {
		double s;

		at = (size_t)snprintf(
		    text, sizeof(text),
		    "seed: %d\n"
		    "container: {partition_key: /k, throughput: 100000}\n"
		    "items:\n"
		    "  k: {values: \"v{001..201}\", distribution: weighted, "
		    "weights: [",
		    seed);
		for (i = 0; i < 201; i++) {
			at += (size_t)snprintf(text + at, sizeof(text) - at,
					       "%s%d", i ? ", " : "",
					       i == 100 ? 3 : 1);
		}
		snprintf(text + at, sizeof(text) - at,
			 "]}\n"
			 "phases:\n"
			 "  - {name: w, duration: 10s, rate: 1/s, ops: "
			 "{create: 1}, item_size: 1MB}\n");
		s = full_s(text, t, sizeof(t));
		ck_assert_msg(tu_near(s, 20480.0 * 203.0 / 3.0, 1e-9),
			      "seed %d: %f: %s", seed, s, t);
		ck_assert_msg(strstr(t, "\"v101\" first"), "seed %d: %s", seed,
			      t);
	}
}
END_TEST

/*
 * Sizes drawn normal are rounded and clamped to 1 B .. 2 MiB
 * (wl_size_draw), so a wide stddev writes more than the spec's mean:
 * 100 creates/s of normal(1 KB, 10 KB). With mu = 1,024, sd = 10,240,
 * a = (0.5 - mu) / sd = -0.099951: P(X < 0.5) = Phi(a) = 0.460191
 * draws write 1 B; the rest mu (1 - Phi(a)) + sd phi(a) = 1,024 x
 * 0.539809 + 10,240 x 0.396955 = 552.76 + 4,064.82 (the 2 MiB clamp,
 * 204 sd away, adds nothing): 4,618.04 B a create. 20 GiB at 100 x
 * 4,618.04 = 461,803.8 B/s: 46,502.1 s (a replay of 48,000 s filled at
 * 46,428 s, its items 4,612.6 B on average). Before: the spec's 1,024
 * B, 209,715.2 s (2.4 days), 4.5 x late.
 */
START_TEST(test_rates_normal_size_clamped_mean)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 100000}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {name: w, duration: 60s, rate: 100/s, item_size: {normal: "
	    "{mean: 1KB, stddev: 10KB}}}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 46502.1, 1e-5), "%f: %s", s, t);
}
END_TEST

/*
 * Writes of drawn sizes held back by their range's RU/s use its RU/s at
 * their mean charge, not whole writes of the charge of the mean size:
 * 10 creates/s of uniform [1 KB, 199 KB] on one range of 400 RU/s. A
 * write's charge (reference rule 20, pksim's cost points: 5 RU at 1 KB,
 * 50 RU at 100 KB, the line between, 0.5 RU a KB past it) averages,
 * over 1 .. 100 KB, (5 + 50) / 2 = 27.5 RU and over 100 .. 199 KB (50 +
 * 99.5) / 2 = 74.75 RU: 51.125 RU for a mean size of 100 KB (102,400 B),
 * whose own charge is 50. The writes ask 511.25 RU/s; 400 RU/s store
 * 400 / 51.125 x 102,400 = 801,173.6 B/s: 20 GiB at 21,474,836,480 x
 * 51.125 / 40,960,000 = 26,804.2 s. Before: 8 whole writes of 50 RU a
 * second, 819,200 B/s, 26,214.4 s (2.2 % early); with normal(1.5 MB,
 * 1 MB) on 5,882 RU/s 8 whole writes of the mean said 1,922.6 s where a
 * replay fills at 1,798 s and the mean charge says 1,783.5 s.
 */
START_TEST(test_rates_drawn_sizes_mean_charge)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, rate: 10/s, item_size: {uniform: "
	    "[1KB, 199KB]}}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 21474836480.0 * 51.125 / 40960000.0, 1e-5),
		      "%f: %s", s, t);
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s"), "%s", t);
}
END_TEST

/*
 * A minute key ("%M") whose buckets come back every hour, 10 creates/s
 * of 100 KB from 2026-01-01 00:00: each minute's bucket takes 60 x
 * 1,024,000 = 61,440,000 B an hour. After 349 hours "00" holds
 * 21,442,560,000 B and needs 32,276,480 B more, 31.52 s at 1,024,000
 * B/s into minute 00 of hour 349: t = 349 x 3,600 + 31.52 =
 * 1,256,431.52 s (14.542 days), "00" named, growing 1,024,000 B/s
 * while its minute is current. Before: 1,258,291.2 s at the hour's
 * mean (17,066.7 B/s), "31" named, the minute current at that second.
 */
START_TEST(test_rates_minute_key_own_minutes)
{
	static const char text[] =
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: /m, throughput: 100000}\n"
	    "items: {m: {clock: \"%M\"}}\n"
	    "phases:\n"
	    "  - {name: w, duration: 2h, rate: 10/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 349 * 3600.0 + 31.52, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"00\" first, growing 1000.0 KiB/s while "
				"its minute is current"),
		      "%s", t);
}
END_TEST

/*
 * Phases of 400 and 4,000 RU/s, an hour each, 200 creates/s of 1 KB (5
 * RU): the first hour stores 80 a second, 81,920 B/s, 294,912,000 B;
 * the second all 200, 204,800 B/s, 737,280,000 B, and first the
 * default client's retries (9 s, rule 13) of the first hour's last 9
 * s's unserved creates: 1,000 x 9 = 9,000 RU, 1,800 creates, 1,843,200
 * B, which its 4,000 RU/s serve first (up to 36,000 RU in 9 s; its
 * own 1,000 RU/s leave room). 1,034,035,200 B a 2-h cycle. 20 cycles hold
 * 20,680,704,000 B; the 21st's first hour adds 294,912,000 and its
 * second the last 499,220,480 B of its 739,123,200, at that hour's
 * mean: 2,431.52 s: t = 20 x 7,200 + 3,600 + 2,431.52 = 150,031.52 s,
 * at 4,000 RU/s, which holds nothing back. The sentence names the bound and
 * where it fills. Before: "bounded by range 0's 400 RU/s" beside a growth of
 * 200 KiB/s that 400 RU/s cannot give.
 */
START_TEST(test_rates_bound_of_another_phase)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {name: lo, duration: 1h, rate: 200/s, item_size: 1KB, "
	    "throughput: 400}\n"
	    "  - {name: hi, duration: 1h, rate: 200/s, item_size: 1KB, "
	    "throughput: 4000}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(
	    tu_near(s, 144000.0 + 3600.0 + 499220480.0 / 739123200.0 * 3600.0,
		    1e-9),
	    "%f: %s", s, t);
	ck_assert_msg(strstr(t, "bounded by range 0's 400 RU/s in another "
				"phase (4,000 RU/s where it fills)"),
		      "%s", t);
}
END_TEST

/*
 * A rate under 1 B/s is said with two digits, not rounded to "0 B/s":
 * one create of 1 KB an hour (1,024 / 3,600 = 0.284 B/s) into a
 * logical partition capped at 20 MB (a classroom cap, 20,971,520 B =
 * 20,480 items): full after 20,480 hours, 73,728,000 s (853.3 days),
 * "growing 0.28 B/s". Before: "growing 0 B/s".
 */
START_TEST(test_rates_under_a_byte_a_second)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, "
	    "logical_partition_storage: 20MB}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {name: w, duration: 2h, rate: 1/h, item_size: 1KB}\n";
	char t[640];
	int kind;
	double s = tu_full_s("rates.yaml", text, &kind, t, sizeof(t));

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(s, 73728000.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "growing 0.28 B/s"), "%s", t);
}
END_TEST

/* Scenario text of one key at 100,000 RU/s (no bound) whose phases are
   `pairs` pairs of an ingest of 20 creates/s of 100 KB (102,400 B) and
   a serve of 1 read/s, each `len_s` seconds, into buf */
static void pairs_text(char *buf, size_t cap, int pairs, int len_s)
{
	size_t at = (size_t)snprintf(buf, cap,
				     "container: {partition_key: /k, "
				     "throughput: 100000}\n"
				     "items: {k: {const: a}}\n"
				     "phases:\n");
	int i;

	for (i = 0; i < pairs && at < cap; i++) {
		at += (size_t)snprintf(
		    buf + at, cap - at,
		    "  - {name: i%d, duration: %ds, rate: 20/s, "
		    "ops: {create: 1}, item_size: 100KB}\n"
		    "  - {name: s%d, duration: %ds, rate: 1/s, "
		    "ops: {read: 1}, item_size: 100KB}\n",
		    i, len_s, i, len_s);
	}
	ck_assert_uint_lt(at, cap);
}

/*
 * A long phase list is counted whole: more phases than the 64 stretches
 * a step (or a cycle shorter than one) keeps. Ingest 20 x 102,400 =
 * 2,048,000 B/s for half the time, the reads store nothing.
 * 40 pairs of 15 s (80 phases, a 1,200-s cycle): 614,400,000 x 2 =
 * 1,228,800,000 B a cycle; 20 GiB = 21,474,836,480 B: 17 cycles hold
 * 20,889,600,000 B at 20,400 s, the rest 585,236,480 B take 285.76 s of
 * ingest, 19 whole ingests (285 s, 19 pairs = 570 s) and 0.76 s of the
 * 20th: full at 20,400 + 570.76 = 20,970.76 s.
 * 36 pairs of 50 s (72 phases, a 3,600-s cycle, walked by the hour):
 * 3,686,400,000 B a cycle; 5 cycles hold 18,432,000,000 B at 18,000 s,
 * the rest 3,042,836,480 B take 1,485.76 s of ingest, 29 whole ingests
 * (1,450 s, 29 pairs = 2,900 s) and 35.76 s: full at 20,935.76 s.
 * (Both fill inside a cycle's first 32 pairs, whose order is kept.)
 * Before: the stretches past the 64th were dropped (a cycle's last 8
 * pairs, a step's last 400 s): 7.3 h and 6.5 h, not 5.8 h.
 */
START_TEST(test_rates_long_phase_list_whole)
{
	char text[16384], t[640];

	pairs_text(text, sizeof(text), 40, 15);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 20970.76, 1e-6), "%s",
		      t);
	pairs_text(text, sizeof(text), 36, 50);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 20935.76, 1e-6), "%s",
		      t);
}
END_TEST

/* n pairs of a busy 1 s (100 creates/s of 1 KB) and a quiet 2 s (1/s)
   on one key at 400 RU/s, without retries, into buf */
static void fold_pairs(char *buf, size_t cap, int n)
{
	size_t at = (size_t)snprintf(buf, cap,
				     "container: {partition_key: /k, "
				     "throughput: 400}\n"
				     "client: {retries: none}\n"
				     "items: {k: {const: a}}\n"
				     "phases:\n");
	int i;

	for (i = 0; i < n && at < cap; i++) {
		at += (size_t)snprintf(
		    buf + at, cap - at,
		    "  - {name: b%d, duration: 1s, rate: 100/s, "
		    "ops: {create: 1}, item_size: 1KB}\n"
		    "  - {name: q%d, duration: 2s, rate: 1/s, "
		    "ops: {create: 1}, item_size: 1KB}\n",
		    i, i);
	}
	ck_assert_uint_lt(at, cap);
}

/*
 * A fill inside a step whose phase list is longer than the 64
 * stretches a step keeps apart: the fold joins the busy seconds past
 * them into one slice and the quiet ones into the next, each standing
 * for as many turns, timed turn by turn. A pair: the busy second asks
 * 500 RU (5 RU a create of 1 KB, rule 20) of 400, storing 80; the quiet
 * 2 s store their 2: 82 items of 1,024 B a 3-s pair. 20 GiB =
 * 20,971,520 items: 255,750 pairs = 767,250 s hold 20,971,500, the 20
 * left 0.25 s of the next busy second: 767,250.25 s, written as 2 pairs
 * or as 100 (a 300-s cycle of 200 stretches: the 68 pairs past the
 * 32nd join its two, which stand for 69 turns each). Before, the 100
 * pairs' joined busy 69 s came before the joined quiet 138 s: 767,212.73
 * s, 37.5 s early.
 */
START_TEST(test_rates_folded_pairs_timed_by_turns)
{
	char text[16384], t[640];

	fold_pairs(text, sizeof(text), 2);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 767250.25, 1e-12),
		      "%s", t);
	fold_pairs(text, sizeof(text), 100);
	ck_assert_msg(tu_near(full_s(text, t, sizeof(t)), 767250.25, 1e-12),
		      "%s", t);
}
END_TEST

/*
 * A phase's steps past the 8 pieces an occurrence keeps apart join the
 * latest kept one at their rate, so the range's RU/s meets each step's
 * rate. One key on one range of 400 RU/s, no retries, a 600-s phase of
 * 20 steps of 30 s alternating 100 and 0 creates/s of 1 KB (5 RU each,
 * rule 20: 500 RU/s asked): a busy step stores 400 / 5 = 80 a second,
 * a quiet one none: 40 items, 40,960 B/s on average, the same every
 * hour: 20 GiB = 21,474,836,480 B at 524,288 s. Before: the 12 steps
 * past the 8th joined it (a quiet one), their mean 18,000 creates over
 * 390 s (46.2/s) under the RU/s: 9,600 + 18,000 items a cycle, 47,104
 * B/s, full at 455,902.6 s.
 */
START_TEST(test_rates_many_steps_joined_alike)
{
	char text[2048];
	size_t at;
	int kind, i;
	char t[640];
	double s;

	at = (size_t)snprintf(text, sizeof(text),
			      "container: {partition_key: /k, throughput: "
			      "400}\n"
			      "client: {retries: off}\n"
			      "items: {k: {const: a}}\n"
			      "phases:\n"
			      "  - {duration: 600s, ops: {create: 1}, "
			      "item_size: 1KB, rate: {steps: [");
	for (i = 0; i < 20 && at < sizeof(text); i++) {
		at += (size_t)snprintf(text + at, sizeof(text) - at,
				       "%s{at: %ds, rate: %d/s}", i ? ", " : "",
				       30 * i, i % 2 ? 0 : 100);
	}
	at += (size_t)snprintf(text + at, sizeof(text) - at, "]}}\n");
	ck_assert_uint_lt(at, sizeof(text));
	s = tu_full_s("rates.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 21474836480.0 / 40960.0, 1e-9), "%f: %s", s,
		      t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_rates");
	TCase *tc = tcase_create("runway_rates");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_rates_busy_quiet_mean_growth);
	tcase_add_test(tc, test_rates_mean_of_a_cycle_off_the_hour);
	tcase_add_test(tc, test_rates_batch_only_grows);
	tcase_add_test(tc, test_rates_batch_only_bounded);
	tcase_add_test(tc, test_rates_steps_every_step);
	tcase_add_test(tc, test_rates_spikes_counted);
	tcase_add_test(tc, test_rates_spikes_past_their_phase);
	tcase_add_test(tc, test_rates_spike_past_range);
	tcase_add_test(tc, test_rates_step_past_range);
	tcase_add_test(tc, test_rates_stream_idle_in_window);
	tcase_add_test(tc, test_rates_rewrites_grow_items);
	tcase_add_test(tc, test_rates_fill_inside_first_hour);
	tcase_add_test(tc, test_rates_fill_inside_spike);
	tcase_add_test(tc, test_rates_spikes_2s_fill);
	tcase_add_test(tc, test_rates_spikes_level_as_flat);
	tcase_add_test(tc, test_rates_undrawn_zipf_top);
	tcase_add_test(tc, test_rates_undrawn_hot_tenant);
	tcase_add_test(tc, test_rates_undrawn_weighted_heaviest);
	tcase_add_test(tc, test_rates_normal_size_clamped_mean);
	tcase_add_test(tc, test_rates_drawn_sizes_mean_charge);
	tcase_add_test(tc, test_rates_minute_key_own_minutes);
	tcase_add_test(tc, test_rates_bound_of_another_phase);
	tcase_add_test(tc, test_rates_folded_pairs_timed_by_turns);
	tcase_add_test(tc, test_rates_under_a_byte_a_second);
	tcase_add_test(tc, test_rates_long_phase_list_whole);
	tcase_add_test(tc, test_rates_many_steps_joined_alike);
	suite_add_tcase(s, tc);
	return s;
}
