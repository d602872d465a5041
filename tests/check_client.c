/*
 * client: the retry policies on 429 (client.h), with waits derived by
 * hand beside each assertion.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/run/client.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "testutil.h"

/* A policy with the scenario defaults (scenario.c) and the given kind. */
static struct pk_retry_spec policy(enum pk_retry_policy kind)
{
	struct pk_retry_spec p;

	memset(&p, 0, sizeof(p));
	p.enabled = kind != PK_RETRY_NONE;
	p.policy = kind;
	p.max_retries = PK_DEFAULT_MAX_RETRIES;
	p.max_wait_ms = PK_DEFAULT_MAX_RETRY_WAIT_MS;
	p.base_ms = PK_DEFAULT_BACKOFF_BASE_MS;
	p.cap_ms = PK_DEFAULT_BACKOFF_CAP_MS;
	p.jitter = PK_DEFAULT_BACKOFF_JITTER;
	return p;
}

START_TEST(test_client_retry_policy)
{
	/* RetryOptions.cs: 9 retries, 30 s total wait */
	struct pk_retry_spec p = {
	    .enabled = 1, .max_retries = 9, .max_wait_ms = 30000};
	struct pk_retry_state st = {0, 0, 0, 0};
	struct pk_retry_spec off = {
	    .enabled = 0, .max_retries = 9, .max_wait_ms = 30000};
	int n = 0;

	while (client_should_retry(&p, &st, 1000)) {
		n++;
	}
	ck_assert_int_eq(n, 9); /* 9 retries, 10 attempts in all */
	ck_assert_int_eq(st.waited_ms, 9000);
	/* the wait cap: 29 s waited, a 2 s retry-after would pass 30 s */
	st.retries = 0;
	st.waited_ms = 29000;
	ck_assert_int_eq(client_should_retry(&p, &st, 2000), 0);
	ck_assert_int_eq(client_should_retry(&p, &st, 1000), 1);
	st.retries = 0;
	st.waited_ms = 0;
	ck_assert_int_eq(client_should_retry(&off, &st, 1), 0);
}
END_TEST

/* sdk (RetryOptions.cs): each retry waits the retry-after; 9 of them,
   then the 429 stands. 9 x 700 ms = 6,300 ms waited. */
START_TEST(test_client_sdk)
{
	struct pk_retry_spec p = policy(PK_RETRY_SDK);
	struct pk_retry_state st = {0, 0, 0, 0};
	int64_t wait = -1;
	int n = 0;

	while (client_retry_429(&p, 1, 7, &st, 700, &wait)) {
		ck_assert_int_eq(wait, 700);
		n++;
	}
	ck_assert_int_eq(n, 9);
	ck_assert_int_eq(st.retries, 9);
	ck_assert_int_eq(st.waited_ms, 6300);
}
END_TEST

/*
 * exponential, base 100 ms, cap 1 s, no jitter, the service answering
 * retry-after 300 ms each time. Retry k waits max(300, min(1,000, 100 x
 * 2^k)):
 *   k = 0: max(300, 100) = 300     k = 1: max(300, 200) = 300
 *   k = 2: max(300, 400) = 400     k = 3: 800
 *   k = 4..8: min(1,000, 1,600 ..) = 1,000
 * 9 retries (max_retries), 300 + 300 + 400 + 800 + 5 x 1,000 = 6,800 ms,
 * within the 30 s cap; the 10th is refused.
 * With max_wait 3 s: the totals run 300, 600, 1,000, 1,800, 2,800, and
 * the 6th (1,000 more: 3,800) would pass 3,000: 5 retries.
 */
START_TEST(test_client_exponential_exact)
{
	static const int64_t want[9] = {300,  300,  400,  800, 1000,
					1000, 1000, 1000, 1000};
	struct pk_retry_spec p = policy(PK_RETRY_EXPONENTIAL);
	struct pk_retry_state st = {0, 0, 0, 0};
	int64_t wait = -1;
	int k;

	p.base_ms = 100;
	p.cap_ms = 1000;
	p.jitter = 0;
	for (k = 0; k < 9; k++) {
		ck_assert_int_eq(client_retry_429(&p, 1, 7, &st, 300, &wait),
				 1);
		ck_assert_int_eq(wait, want[k]);
	}
	ck_assert_int_eq(client_retry_429(&p, 1, 7, &st, 300, &wait), 0);
	ck_assert_int_eq(st.retries, 9);
	ck_assert_int_eq(st.waited_ms, 6800);

	p.max_wait_ms = 3000;
	memset(&st, 0, sizeof(st));
	for (k = 0; k < 5; k++) {
		ck_assert_int_eq(client_retry_429(&p, 1, 7, &st, 300, &wait),
				 1);
		ck_assert_int_eq(wait, want[k]);
	}
	ck_assert_int_eq(client_retry_429(&p, 1, 7, &st, 300, &wait), 0);
	ck_assert_int_eq(st.retries, 5);
	ck_assert_int_eq(st.waited_ms, 2800);

	/* the defaults: base 1 s, cap 64 s; k = 6 is 64 s, k = 7 too */
	p = policy(PK_RETRY_EXPONENTIAL);
	p.jitter = 0;
	ck_assert_int_eq(client_backoff_ms(&p, 1, 7, 0), 1000);
	ck_assert_int_eq(client_backoff_ms(&p, 1, 7, 5), 32000);
	ck_assert_int_eq(client_backoff_ms(&p, 1, 7, 6), 64000);
	ck_assert_int_eq(client_backoff_ms(&p, 1, 7, 7), 64000);
	/* a huge k stops doubling at the cap instead of overflowing */
	ck_assert_int_eq(client_backoff_ms(&p, 1, 7, 100000), 64000);
}
END_TEST

/*
 * Jitter: d_k = floor(B (1 - jitter x u)), B = min(cap, base x 2^k), u
 * uniform in [0, 1). Full jitter (1) puts d_k in [0, B]: at k = 3, base
 * 100 ms, B = 800; over 10,000 operations (seq 0..9,999) the mean is
 * that of floor of a uniform (0, 800], 399.5, with the standard error of
 * 800 / sqrt(12) / sqrt(10,000) = 2.31 ms: within 4 of them, 9.2 ms.
 * jitter 0.5: d_k in [400, 800]. The draw depends only on (seed, seq,
 * k): the same again, and another seed gives other waits.
 */
START_TEST(test_client_exponential_jitter)
{
	struct pk_retry_spec p = policy(PK_RETRY_EXPONENTIAL);
	double sum = 0;
	uint64_t seq;
	int differ = 0;

	p.base_ms = 100;
	p.cap_ms = 10000;
	for (seq = 0; seq < 10000; seq++) {
		int64_t d = client_backoff_ms(&p, 42, seq, 3);

		tu_loop_int(d, >=, 0);
		tu_loop_int(d, <=, 800);
		tu_loop_int(d, ==, client_backoff_ms(&p, 42, seq, 3));
		differ += d != client_backoff_ms(&p, 43, seq, 3);
		sum += (double)d;
	}
	ck_assert_double_eq_tol(sum / 10000, 399.5, 4 * 800 / sqrt(12) / 100);
	ck_assert_int_gt(differ, 9900);
	p.jitter = 0.5;
	for (seq = 0; seq < 1000; seq++) {
		int64_t d = client_backoff_ms(&p, 42, seq, 3);

		ck_assert_int_ge(d, 400);
		ck_assert_int_le(d, 800);
	}
}
END_TEST

/* The retry-after governs when it is longer than the backoff: base 100
   ms, no jitter, retry-after 900 ms: the first retry waits 900 (not
   100), the fourth (k = 3, 800 ms backoff) 900 too, and a 20 ms
   retry-after waits the backoff. */
START_TEST(test_client_retry_after_governs)
{
	struct pk_retry_spec p = policy(PK_RETRY_EXPONENTIAL);
	struct pk_retry_state st = {0, 0, 0, 0};
	int64_t wait = -1;

	p.base_ms = 100;
	p.jitter = 0;
	ck_assert_int_eq(client_retry_429(&p, 1, 1, &st, 900, &wait), 1);
	ck_assert_int_eq(wait, 900);
	st.retries = 3;
	ck_assert_int_eq(client_retry_429(&p, 1, 1, &st, 900, &wait), 1);
	ck_assert_int_eq(wait, 900);
	/* k = 4: 1,600 > 20 */
	ck_assert_int_eq(client_retry_429(&p, 1, 1, &st, 20, &wait), 1);
	ck_assert_int_eq(wait, 1600);
}
END_TEST

/* none: every 429 fails at once, nothing recorded. */
START_TEST(test_client_none)
{
	struct pk_retry_spec p = policy(PK_RETRY_NONE);
	struct pk_retry_state st = {0, 0, 0, 0};
	int64_t wait = -1;

	ck_assert_int_eq(client_retry_429(&p, 1, 1, &st, 10, &wait), 0);
	ck_assert_int_eq(wait, -1);
	ck_assert_int_eq(st.retries, 0);
	ck_assert_int_eq(st.waited_ms, 0);
}
END_TEST

/* The closed-loop workers' heap (client.h): 3 workers, 5 ms an attempt.
   All free at 0; taken at 0, 0, 0: none free. Answers to attempts sent
   at 7, 2 and 4 free them at 12, 7 and 9: the earliest first. */
START_TEST(test_client_workers)
{
	struct pk_workers w;
	int64_t t = -1;

	client_workers_init(&w, 3, 5);
	ck_assert_int_eq(client_worker_peek(&w, &t), 1);
	ck_assert_int_eq(t, 0);
	client_worker_take(&w);
	client_worker_take(&w);
	client_worker_take(&w);
	ck_assert_int_eq(client_worker_peek(&w, &t), 0);
	client_worker_done(&w, 7, 1);
	client_worker_done(&w, 2, 0);
	client_worker_done(&w, 4, 1);
	ck_assert_int_eq(w.last_ms, 12);
	/* three answered, the one sent at 2 ms not a 2xx */
	ck_assert_uint_eq(w.done, 3);
	ck_assert_uint_eq(w.succeeded, 2);
	ck_assert_int_eq(client_worker_peek(&w, &t), 1);
	ck_assert_int_eq(t, 7);
	client_worker_take(&w);
	ck_assert_int_eq(client_worker_peek(&w, &t), 1);
	ck_assert_int_eq(t, 9);
	client_worker_take(&w);
	ck_assert_int_eq(client_worker_peek(&w, &t), 1);
	ck_assert_int_eq(t, 12);
	client_worker_take(&w);
	ck_assert_int_eq(client_worker_peek(&w, &t), 0);
	client_workers_free(&w);
	/* off: no workers, nothing allocated */
	client_workers_init(&w, 0, 10);
	ck_assert_uint_eq(w.cap, 0);
	ck_assert_ptr_null(w.free_ms);
}
END_TEST

/* splitmix64: the property test's draws, from a fixed seed */
static uint64_t draw(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* A draw in [lo, hi], log-uniform */
static double draw_log(uint64_t *x, double lo, double hi)
{
	double u = (double)(draw(x) >> 11) / 9007199254740992.0;

	return exp(log(lo) + u * (log(hi) - log(lo)));
}

/*
 * The simulated-time bound under drawn client settings: concurrency C
 * (1 .. 4), latency L (1 min .. 1 h), with or without ru_budget B (1 ..
 * 100 RU/s), offered r (1 .. 100) creates a second for d seconds
 * (r x d <= 40,000 operations: up to 40,000 h, so both sides of 366 d). A
 * create of 1 KB is charged write_1kb W, drawn 1 .. 10,000 RU while every other
 * cost key is 1 RU (so the cheapest charge under the cost keys is not what a
 * create takes from the budget). The loader's bound, max(ops x L / C, ops x
 * W / B in the pacing's whole microseconds), is then what the pacing gives. A
 * scenario is refused exactly
 * when that bound passes the 366 days (31,622,400 s); every accepted one runs,
 * ends within them (plus one attempt's latency and the closing second: the last
 * operations can start just before the bound) and takes at least the
 * bound less one latency or one create's budget (the run closes with the last
 * send's second; so a refusal is never of a run that would have fit). Some
 * draws are refused that the cheapest charge (1 RU) would have let past.
 * Memory: each accepted run's rise of peak resident size (reset before
 * it, Linux's clear_refs 5) is at most the loader's estimate of it
 * (scenario_memory_estimate) and 1 MiB for the run's thread (its stack
 * and its allocator arena's pages: in pksim part of the 8 MiB process
 * the peak bound adds, cli_estimate.c). With latencies of a minute and more
 * nearly every operation waits for a worker, so the client queue's estimate
 * (133 bytes an operation, up to 40,000: 5.3 MB) is most of the larger
 * draws' estimate beside the fixed parts (the logical partitions' 2 MiB
 * block, the retry-wait histogram); a queue held at several times its
 * estimate would pass it. Freed blocks leave the process
 * (mem_map_large_blocks), as in pksim, so one run's memory does not
 * hide the next one's. Not under AddressSanitizer, whose shadow memory
 * and quarantine change resident sizes: there the time bound alone.
 */
static int memory_measured(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return 0;
#else
	return 1;
#endif
}

/* Reset the peak resident size to the current one; that size, kB */
static long reset_peak_kb(void)
{
	FILE *f = fopen("/proc/self/clear_refs", "w");

	ck_assert_msg(f != NULL, "cannot reset the peak resident size");
	fputs("5", f);
	ck_assert_int_eq(fclose(f), 0);
	return tu_status_kb("VmRSS");
}

START_TEST(test_client_time_bound_property)
{
	const double limit_s = 366.0 * 86400.0;
	uint64_t x = 28;
	int i, refused = 0, ran = 0, gap = 0;
	double most_est = 0;

	mem_map_large_blocks();
	for (i = 0; i < 80; i++) {
		int c = 1 + (int)(draw(&x) % 4);
		int64_t lat_ms = (int64_t)draw_log(&x, 60000, 3600000);
		int budget = draw(&x) % 2 ? (int)draw_log(&x, 1, 100) : 0;
		int w1 = (int)draw_log(&x, 1, 10000);
		int r = (int)draw_log(&x, 1, 100);
		int d = 1 + (int)(draw(&x) % (uint64_t)(40000 / r));
		double ops = (double)r * d;
		double bound =
		    fmax(ops * (double)lat_ms / 1000.0 / c,
			 budget ? ops * ceil(w1 * 1e6 / budget) / 1e6 : 0);
		char text[1024], bud[64] = "";
		struct pk_diag dg;
		struct pk_scenario *sc;
		struct pk_memory_estimate e;
		struct pk_run *run;
		long before = 0, rise;

		if (budget) {
			snprintf(bud, sizeof(bud), ", ru_budget: %d/s", budget);
		}
		snprintf(text, sizeof(text),
			 "container: {partition_key: /k, throughput: 10000}\n"
			 "cost: {read_1kb: 1, read_100kb: 1, write_1kb: %d, "
			 "write_100kb: %d, not_found: 1, query_base: 1}\n"
			 "client: {concurrency: %d, latency: %lldms, "
			 "retries: none%s}\n"
			 "items: {k: {values: \"k{0..99}\"}}\n"
			 "phases: [{duration: %ds, rate: %d/s, item_size: "
			 "1KB}]\n",
			 w1, w1, c, (long long)lat_ms, bud, d, r);
		diag_init(&dg);
		sc = scenario_parse("p.yaml", text, strlen(text), &dg);
		if (!sc) {
			char *msg = tu_diag_text(&dg);

			ck_assert_msg(bound > limit_s,
				      "refused at %.0f s:\n%s%s", bound, text,
				      msg);
			ck_assert_ptr_nonnull(
			    strstr(msg, "the client of stream 'main' "));
			free(msg);
			diag_free(&dg);
			refused++;
			/* refused, though the cheapest charge would fit */
			gap += budget && ops / budget <= limit_s &&
			       ops * lat_ms / 1000.0 / c <= limit_s;
			continue;
		}
		ck_assert_msg(bound <= limit_s, "accepted at %.0f s:\n%s",
			      bound, text);
		scenario_memory_estimate(sc, &e);
		if (memory_measured()) {
			before = reset_peak_kb();
		}
		run = sim_run(sc, sc->seed, &dg);
		ck_assert_msg(run != NULL, "%s", text);
		if (memory_measured()) {
			rise = tu_status_kb("VmHWM") - before;
			ck_assert_msg(
			    (double)rise * 1024 <= e.total + 1024 * 1024,
			    "peak rose %ld kB, estimate %.0f bytes:\n%s", rise,
			    e.total, text);
			most_est = fmax(most_est, e.client_queues);
		}
		ck_assert_msg((double)run->end_ms / 1000.0 <=
				  limit_s + (double)lat_ms / 1000.0 + 1,
			      "ended at %lld ms:\n%s", (long long)run->end_ms,
			      text);
		/* the run closes after the last send's second, which may
		   be up to one latency before the last answer, or one
		   create's charge before the budget is spent */
		ck_assert_msg((double)run->end_ms / 1000.0 +
				      (double)lat_ms / 1000.0 +
				      (budget ? (double)w1 / budget : 0) + 1 >=
				  bound,
			      "ended at %lld ms, below the bound %.0f s:\n%s",
			      (long long)run->end_ms, bound, text);
		sim_free(run);
		scenario_free(sc);
		diag_free(&dg);
		ran++;
	}
	/* the draws reach both sides of the bound */
	ck_assert_int_gt(refused, 0);
	ck_assert_int_gt(ran, 0);
	ck_assert_int_gt(gap, 0);
	/* and a client queue of the size the comment says was measured */
	ck_assert(!memory_measured() || most_est > 2e6);
}
END_TEST

/*
 * A paced client records every operation's wait for the report's
 * percentiles, whether few wait at once or many: one worker at 1 ms (1,000
 * a second) under Poisson arrivals at 900 a second for 2,000 s, about
 * 1,800,000 creates, a few waiting at once (the queue of an M/D/1 at 90 %
 * load), most for a millisecond or more. Their 4-byte records, 7.2 MB,
 * were counted nowhere: the run's peak rose past the estimate, which
 * counted the items' 4 bytes each, the per-second records and the fixed
 * parts. The estimate now counts 12 bytes an operation of a paced stream
 * (PK_SCENARIO_PACED_OP_BYTES: the record, and the report's sorted copy
 * and sort buffer), 1,800,000 x 12 = 21.6 MB, and the rise stays within
 * it and 1 MiB (test_client_time_bound_property).
 */
START_TEST(test_client_waits_within_estimate)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "client: {concurrency: 1, latency: 1ms, retries: none}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases: [{duration: 2000s, rate: 900/s, arrival: poisson, "
	    "item_size: 1KB}]\n";
	struct pk_diag dg;
	struct pk_scenario *sc;
	struct pk_memory_estimate e;
	struct pk_run *run;
	long before, rise;

	if (!memory_measured()) {
		return;
	}
	mem_map_large_blocks();
	diag_init(&dg);
	sc = scenario_parse("w.yaml", text, strlen(text), &dg);
	ck_assert_ptr_nonnull(sc);
	scenario_memory_estimate(sc, &e);
	ck_assert_double_eq_tol(e.client_queues, 1800000.0 * 12.0,
				6.0 * sqrt(1800000.0) * 12.0 + 121.0 * 1000);
	before = reset_peak_kb();
	run = sim_run(sc, sc->seed, &dg);
	ck_assert_ptr_nonnull(run);
	rise = tu_status_kb("VmHWM") - before;
	ck_assert_msg((double)rise * 1024 <= e.total + 1024 * 1024,
		      "peak rose %ld kB, estimate %.0f bytes", rise, e.total);
	sim_free(run);
	scenario_free(sc);
	diag_free(&dg);
}
END_TEST

/* A stream's client retries, drawn: none (1 in 4), up to 3 retries (2 in
   4), or 100,000 (1 in 4: refused as work when the run can be rate
   limited), within a max_wait of 1 to 60 s (into *wait_s, 0 for none);
   into buf (cap bytes) */
static void draw_retries(uint64_t *x, char *buf, size_t cap, double *wait_s)
{
	int k = (int)(draw(x) % 4);
	int64_t w = (int64_t)draw_log(x, 1, 60);

	*wait_s = 0;
	if (k == 0) {
		snprintf(buf, cap, "retries: none");
		return;
	}
	*wait_s = (double)w;
	snprintf(buf, cap, "retries: {max_retries: %d, max_wait: %llds}",
		 k == 3 ? 100000 : (int)(draw(x) % 4), (long long)w);
}

/*
 * The bounds under drawn streams side by side: one container of one
 * physical partition, 1 to 3 streams on it, each with its own keys and
 * client, creates of 1 KB (5 RU each under the default cost keys). One
 * draw in three is a pair of open-loop streams at a steady rate, each
 * alone at 50 to 70 % of the partition's RU/s (400 to 2,000), together
 * past it; the others draw each stream's client (an open loop,
 * concurrency C of 1 to 4 at a latency L of 1 ms to 1 h, or a ru_budget
 * of 1 to 2,000 RU/s), its retries (draw_retries) and its rate: steady,
 * one late step (a 1-s burst of 100 times the rate in the second half of
 * a phase of 300 to 366 days; under workers their latency from 1 min) or spikes
 * (x10 to x1,000 for 1 to 60 s every 2 to 10 spike lengths), at most about
 * 4,000 operations a stream. Every accepted run:
 * - ends within the 366 days and what may follow the phases (the last
 *   attempts' latencies, the retries' max_wait, the closing second);
 * - sees no 429 when the plan says it cannot be rate limited
 *   (scenario_can_throttle 0): the judgement is made of every stream's
 *   RU/s together, not of each alone;
 * - sends at most as many attempts (retries too) as its work units
 *   (scenario_work_units counts at least one unit an attempt);
 * - rises in peak resident size by at most its memory estimate and
 *   1 MiB, as in test_client_time_bound_property (not under ASan).
 * The draws reach both verdicts, and pairs accepted and rate limited
 * (the case a judgement of one stream at a time let through with its
 * retries uncounted).
 */
START_TEST(test_client_bounds_streams_property)
{
	const double limit_s = 366.0 * 86400.0;
	uint64_t x = 20;
	int i, refused = 0, ran = 0, limited = 0, pairs = 0;

	mem_map_large_blocks();
	for (i = 0; i < 80; i++) {
		int pair = draw(&x) % 3 == 0;
		int ns = pair ? 2 : 1 + (int)(draw(&x) % 3), k, ru;
		char text[4096];
		size_t len;
		double tail_s = 1;
		struct pk_diag dg;
		struct pk_scenario *sc;
		struct pk_memory_estimate e;
		struct pk_run *run;
		long before = 0, rise;
		const struct pk_metrics *m;
		int can;

		ru = (int)(pair ? draw_log(&x, 400, 2000)
				: draw_log(&x, 400, 10000));
		len = (size_t)snprintf(
		    text, sizeof(text),
		    "container: {partition_key: /k, throughput: %d, "
		    "partitions: 1}\nstreams:\n",
		    ru);
		for (k = 0; k < ns; k++) {
			int kind = pair ? 0 : (int)(draw(&x) % 3);
			int shape = pair ? 0 : (int)(draw(&x) % 3);
			double r =
			    pair ? ru / 5.0 *
				       (0.5 + 0.2 * (double)(draw(&x) % 1001) /
						  1000.0)
				 : draw_log(&x, 0.5, 400);
			int64_t d = (int64_t)draw_log(&x, 10, 4000 / r + 10);
			char client[256], rate[256], ret[96];
			double wait_s;

			draw_retries(&x, ret, sizeof(ret), &wait_s);
			tail_s += wait_s;
			if (kind == 1) {
				int c = 1 + (int)(draw(&x) % 4);
				int64_t lat = (int64_t)draw_log(
				    &x, shape == 1 ? 60000 : 1, 3600000);

				snprintf(client, sizeof(client),
					 "{concurrency: %d, latency: %lldms, "
					 "%s}",
					 c, (long long)lat, ret);
				tail_s += 2.0 * (double)lat / 1000.0;
			} else if (kind == 2) {
				snprintf(client, sizeof(client),
					 "{ru_budget: %d/s, %s}",
					 (int)draw_log(&x, 1, 2000), ret);
			} else {
				snprintf(client, sizeof(client), "{%s}", ret);
			}
			if (shape == 1) {
				/* a phase of 300 to 366 days, silent but for
				   a 1-s burst of 100 r in its second half */
				int64_t at;

				d = (int64_t)(limit_s - (double)(draw(&x) %
								 (66 * 86400)));
				at = d / 2 + (int64_t)(draw(&x) %
						       (uint64_t)(d / 2 - 1));
				snprintf(rate, sizeof(rate),
					 "{steps: [{at: 0s, rate: 0/s}, "
					 "{at: %llds, rate: %.3f/s}, "
					 "{at: %llds, rate: 0/s}]}",
					 (long long)at, r * 100,
					 (long long)at + 1);
			} else if (shape == 2) {
				int64_t f = 1 + (int64_t)(draw(&x) % 60);
				int64_t every =
				    f * (2 + (int64_t)(draw(&x) % 9));
				int factor = (int)draw_log(&x, 10, 1000);

				snprintf(rate, sizeof(rate),
					 "{base: %.6f/s, spikes: {start: 0s, "
					 "every: %llds, for: %llds, factor: "
					 "%d}}",
					 r / factor, (long long)every,
					 (long long)f, factor);
				d = d < every ? every : d;
			} else {
				snprintf(rate, sizeof(rate), "%.3f/s", r);
			}
			len += (size_t)snprintf(
			    text + len, sizeof(text) - len,
			    "  - name: s%d\n"
			    "    items: {k: {values: \"s%d{0..99}\"}}\n"
			    "    client: %s\n"
			    "    phases: [{name: p%d, duration: %llds, rate: "
			    "%s, ops: {create: 1}, item_size: 1KB}]\n",
			    k, k, client, k, (long long)d, rate);
		}
		diag_init(&dg);
		sc = scenario_parse("p.yaml", text, strlen(text), &dg);
		if (!sc) {
			diag_free(&dg);
			refused++;
			continue;
		}
		can = scenario_can_throttle(sc);
		scenario_memory_estimate(sc, &e);
		if (memory_measured()) {
			before = reset_peak_kb();
		}
		run = sim_run(sc, sc->seed, &dg);
		ck_assert_msg(run != NULL, "%s", text);
		if (memory_measured()) {
			rise = tu_status_kb("VmHWM") - before;
			ck_assert_msg(
			    (double)rise * 1024 <= e.total + 1024 * 1024,
			    "peak rose %ld kB, estimate %.0f bytes:\n%s", rise,
			    e.total, text);
		}
		ck_assert_msg((double)run->end_ms / 1000.0 <= limit_s + tail_s,
			      "ended at %lld ms:\n%s", (long long)run->end_ms,
			      text);
		m = tu_metrics(run->variants[0].svc);
		ck_assert_msg(can || m->totals.throttled_429 == 0,
			      "%llu 429s where the plan said none can "
			      "come:\n%s",
			      (unsigned long long)m->totals.throttled_429,
			      text);
		ck_assert_msg((double)m->totals.attempts <=
				  scenario_work_units(sc),
			      "%llu attempts, %.0f work units:\n%s",
			      (unsigned long long)m->totals.attempts,
			      scenario_work_units(sc), text);
		limited += m->totals.throttled_429 > 0;
		pairs += pair && m->totals.throttled_429 > 0;
		sim_free(run);
		scenario_free(sc);
		diag_free(&dg);
		ran++;
	}
	ck_assert_int_gt(refused, 0);
	ck_assert_int_gt(ran, 0);
	ck_assert_int_gt(limited, 0);
	ck_assert_int_gt(pairs, 0);
}
END_TEST

/* scenario text's verdict: NULL when accepted, else the error (free) */
static char *plan_error(const char *text)
{
	struct pk_diag dg;
	struct pk_scenario *sc;
	char *msg = NULL;

	diag_init(&dg);
	sc = scenario_parse("p.yaml", text, strlen(text), &dg);
	if (!sc) {
		msg = tu_diag_text(&dg);
	}
	scenario_free(sc);
	diag_free(&dg);
	return msg;
}

/*
 * A closed-loop worker holds its operation through the 429s its client
 * retries. 500,000 creates of 10,000 RU on 400 RU/s, one worker at 10 s:
 * it sends at most 0.1 a second, 1,000 RU/s, so it can be rate limited.
 * Without retries 500,000 x 10 s = 5,000,000 s, within the 31,622,400 s
 * (366 days); with the default 9 retries, each waiting a retry-after of
 * at most 1 s (to the next second; the 30-s max_wait allows more),
 * 500,000 x (10 x 10 + 9) = 54,500,000 s, above them: refused up front
 * with that figure. One worker at 1 h sends 10,000 RU an hour, 2.8 RU/s, never
 * rate limited: 500 creates, 1,800,000 s, accepted with its retries.
 */
START_TEST(test_client_time_bound_retries)
{
	static const char *const fmt =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "cost: {write_1kb: 10000}\n"
	    "client: {concurrency: 1, latency: %s}\n"
	    "items: {k: {values: [a, b]}}\n"
	    "phases: [{duration: 10s, rate: %s, ops: {create: 1}}]\n";
	char text[512], *msg;

	snprintf(text, sizeof(text), fmt, "10s, retries: none", "50000/s");
	ck_assert_ptr_null(plan_error(text));
	snprintf(text, sizeof(text), fmt, "1h", "50/s");
	ck_assert_ptr_null(plan_error(text));
	snprintf(text, sizeof(text), fmt, "10s", "50000/s");
	msg = plan_error(text);
	ck_assert_ptr_nonnull(msg);
	ck_assert_msg(strstr(msg, "can need up to 54,500,000s") &&
			  strstr(msg, "up to 9 retries of its 429s"),
		      "%s", msg);
	free(msg);
}
END_TEST

/* fmt (one %d: how many operations arrive at day 365 for one worker at
   1 h) refused at 25 with the 31,626,000 s it needs, and run to the
   366-day limit (31,622,400 s, within its last hour) at 24 */
static void check_day365(const char *fmt)
{
	char text[512], *msg;
	struct pk_diag dg;
	struct pk_scenario *sc;
	struct pk_run *run;

	snprintf(text, sizeof(text), fmt, 25);
	msg = plan_error(text);
	ck_assert_ptr_nonnull(msg);
	ck_assert_msg(strstr(msg, "needs at least 31,626,000s") &&
			  strstr(msg, "the last 25 of them arrive from "
				      "31,536,000s (365d) on"),
		      "%s", msg);
	free(msg);
	snprintf(text, sizeof(text), fmt, 24);
	diag_init(&dg);
	sc = scenario_parse("p.yaml", text, strlen(text), &dg);
	ck_assert_ptr_nonnull(sc);
	run = sim_run(sc, sc->seed, &dg);
	ck_assert_ptr_nonnull(run);
	ck_assert_msg(run->end_ms >= (31622400LL - 3600) * 1000 &&
			  run->end_ms <= 31622400LL * 1000 + 1000,
		      "ended at %lld ms", (long long)run->end_ms);
	sim_free(run);
	scenario_free(sc);
	diag_free(&dg);
}

/*
 * A closed-loop client's time counts from each operation's arrival. One
 * worker at 1 h; 88 operations over 365 days (ceil(0.01/h x 8,760 h),
 * one every 100 h, each done in 1 h, so the worker is free at day 365),
 * then N at once at day 365 (31,536,000 s): they end at 31,536,000 + N x
 * 3,600 s. N = 24: 31,622,400 s, the 366-day limit itself, accepted, and
 * the run ends there (the last answer at 31,622,400 s); N = 25:
 * 31,626,000 s, refused with that figure. Counted from t = 0 both were
 * 112 h or so and accepted.
 */
START_TEST(test_client_time_from_arrival)
{
	static const char *const fmt =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {concurrency: 1, latency: 1h, retries: none}\n"
	    "items: {k: {values: [a, b]}}\n"
	    "phases:\n"
	    "  - {name: quiet, duration: 365d, rate: 0.01/h}\n"
	    "  - {name: burst, duration: 1s, rate: %d/s}\n";

	check_day365(fmt);
}
END_TEST

/*
 * A rate schedule's operations count from the piece they arrive in, not
 * from the phase's start. One worker at 1 h; one 366-day phase whose
 * steps send nothing but N operations in the second from day 365
 * (31,536,000 s): they end at 31,536,000 + N x 3,600 s. N = 24:
 * 31,622,400 s, the 366-day limit itself, accepted, and the run ends
 * there; N = 25: 31,626,000 s, refused with that figure. Counted from the
 * phase's start both were a day or so and accepted.
 */
START_TEST(test_client_time_from_steps)
{
	static const char *const fmt =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {concurrency: 1, latency: 1h, retries: none}\n"
	    "items: {k: {values: [a, b]}}\n"
	    "phases:\n"
	    "  - name: p\n"
	    "    duration: 366d\n"
	    "    rate: {steps: [{at: 0s, rate: 0/s}, "
	    "{at: 31536000s, rate: %d/s}, {at: 31536001s, rate: 0/s}]}\n";

	check_day365(fmt);
}
END_TEST

/* A ramp's late arrivals count from where they arrive. One worker at
   1 h (h = 3,600 s), a 300-day phase (D = 25,920,000 s) ramping
   0 -> R = 0.0005/s: L(t) = R t^2 / 2D, N = R D / 2 = 6,480 creates.
   The arrivals from t on end at least t + h (N - L(t)), largest where
   R t / D = 1 / h: t* = D / 1.8 = 14,400,000 s, L(t*) =
   0.0005 x 14,400,000^2 / 51,840,000 = 2,000, so the last 4,480 end at
   14,400,000 + 4,480 x 3,600 = 30,528,000 s (353 d 8 h): within
   366 days, accepted, and the run ends there (the worker keeps up
   before t*, then works back to back): the last create is sent at
   30,528,000 - 3,600 = 30,524,400 s, so the run's last closed second
   ends at 30,524,401 s, and its answer comes at 30,528,000 s. The same ramp
   with Poisson arrivals over 366 days (N = 7,906, t* = 17,568,000 s, 5,466
   uniform arrivals after it as tests/bad/client-ramp-time counts, plus
   Poisson's allowance) is refused from t* on. */
START_TEST(test_client_time_from_ramp)
{
	static const char *const fmt =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "client: {concurrency: 1, latency: 1h, retries: none}\n"
	    "items: {k: {values: [a, b]}}\n"
	    "phases:\n"
	    "  - name: p\n"
	    "    duration: %s\n"
	    "    arrival: %s\n"
	    "    rate: {from: 0/s, to: 0.0005/s}\n";
	char text[512], *msg;
	struct pk_diag dg;
	struct pk_scenario *sc;
	struct pk_run *run;

	snprintf(text, sizeof(text), fmt, "366d", "poisson");
	msg = plan_error(text);
	ck_assert_ptr_nonnull(msg);
	ck_assert_msg(strstr(msg, "arrive from 17,568,000s (203d 8h) on"), "%s",
		      msg);
	free(msg);
	snprintf(text, sizeof(text), fmt, "300d", "uniform");
	diag_init(&dg);
	sc = scenario_parse("p.yaml", text, strlen(text), &dg);
	ck_assert_ptr_nonnull(sc);
	ck_assert_ptr_null(plan_error(text));
	run = sim_run(sc, sc->seed, &dg);
	ck_assert_ptr_nonnull(run);
	ck_assert_msg(run->end_ms >= 30524401LL * 1000 - 1000 &&
			  run->end_ms <= 30524401LL * 1000 + 1000,
		      "ended at %lld ms", (long long)run->end_ms);
	sim_free(run);
	scenario_free(sc);
	diag_free(&dg);
}
END_TEST

/* Streams run side by side: a 365-day stream beside a 2-day one lasts
   365 days, not 367 (the sum): accepted; 365 days and 2 days as two
   phases of one stream: refused at the second phase, 367 days. */
START_TEST(test_client_streams_side_by_side)
{
	static const char *const side =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "streams:\n"
	    "  - {name: slow, items: {k: {values: [a]}}, phases: "
	    "[{duration: 365d, rate: 0.001/s}]}\n"
	    "  - {name: quick, items: {k: {values: [a]}}, phases: "
	    "[{duration: 2d, rate: 0.001/s}]}\n";
	static const char *const one =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: [a]}}\n"
	    "phases:\n"
	    "  - {name: slow, duration: 365d, rate: 0.001/s}\n"
	    "  - {name: quick, duration: 2d, rate: 0.001/s}\n";
	char *msg;

	ck_assert_ptr_null(plan_error(side));
	msg = plan_error(one);
	ck_assert_ptr_nonnull(msg);
	ck_assert_msg(
	    strstr(msg, "the phases up to 'quick' last 31,708,800s (367d)"),
	    "%s", msg);
	free(msg);
}
END_TEST

/*
 * Streams side by side share a partition's RU/s, so their retries count
 * when only their sum passes it. One partition of 400 RU/s; streams a
 * and b each send 60 creates of 1 KB a second (5 RU: 300 RU/s) for
 * 10 min with up to 3 retries. Alone, stream a fits (its busiest
 * partition's share of 1,000 key values 1/1,000 + 1 + 3 / sqrt(1,000) =
 * 1.096 of 300 RU/s, 329 < 400): 36,000 creates of one
 * attempt, 600 s x 1 partition x 1/4 = 150 units and the partition's
 * own set-up and report at 128: 36,278. Together they offer 600 RU/s:
 * each create up to 4 attempts, 2 x 36,000 x 4 = 288,000 units, 150 a
 * phase and 128: 288,428 (one stream at a time counted 72,428).
 */
START_TEST(test_client_streams_retries_counted)
{
	static const char stream_b[] =
	    "  - name: b\n"
	    "    items: {k: {values: \"b{0..999}\"}}\n"
	    "    client: {retries: {max_retries: 3, max_wait: 1h}}\n"
	    "    phases: [{name: b, duration: 10m, rate: 60/s, ops: "
	    "{create: 1}, item_size: 1KB}]\n";
	char text[1024];
	struct pk_diag dg;
	struct pk_scenario *sc;
	int both;

	for (both = 0; both < 2; both++) {
		snprintf(text, sizeof(text),
			 "container: {partition_key: /k, throughput: 400}\n"
			 "streams:\n"
			 "  - name: a\n"
			 "    items: {k: {values: \"a{0..999}\"}}\n"
			 "    client: {retries: {max_retries: 3, max_wait: "
			 "1h}}\n"
			 "    phases: [{name: a, duration: 10m, rate: 60/s, "
			 "ops: {create: 1}, item_size: 1KB}]\n%s",
			 both ? stream_b : "");
		diag_init(&dg);
		sc = scenario_parse("p.yaml", text, strlen(text), &dg);
		ck_assert_ptr_nonnull(sc);
		ck_assert_int_eq(scenario_can_throttle(sc), both);
		ck_assert_double_eq_tol(scenario_work_units(sc),
					both ? 288428.0 : 36278.0, 1e-6);
		scenario_free(sc);
		diag_free(&dg);
	}
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("client");
	TCase *tc = tcase_create("retry_policies");

	tcase_add_test(tc, test_client_retry_policy);
	tcase_add_test(tc, test_client_sdk);
	tcase_add_test(tc, test_client_exponential_exact);
	tcase_add_test(tc, test_client_exponential_jitter);
	tcase_add_test(tc, test_client_retry_after_governs);
	tcase_add_test(tc, test_client_none);
	tcase_add_test(tc, test_client_workers);
	suite_add_tcase(s, tc);
	tc = tcase_create("bounds");
	tcase_add_test(tc, test_client_time_bound_property);
	tcase_add_test(tc, test_client_bounds_streams_property);
	tcase_add_test(tc, test_client_waits_within_estimate);
	tcase_add_test(tc, test_client_time_bound_retries);
	tcase_add_test(tc, test_client_streams_side_by_side);
	tcase_add_test(tc, test_client_time_from_arrival);
	tcase_add_test(tc, test_client_time_from_steps);
	tcase_add_test(tc, test_client_time_from_ramp);
	tcase_add_test(tc, test_client_streams_retries_counted);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
