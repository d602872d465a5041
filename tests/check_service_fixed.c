/*
 * service_fixed: a second service beside Azure Cosmos DB, written here
 * through the service interface alone (service.h, metrics.h,
 * snapshot.h), run on a shipped scenario by the same run (sim.h) and
 * read by the same result and reports as Azure Cosmos DB.
 *
 * The fixed service: one range over the whole key space, FIXED_BUDGET_RU
 * RU to spend in each calendar second, every request charged
 * FIXED_CHARGE_MRU whatever it is. A request is answered (201 for a
 * create or a batch, 204 for a delete, else 200) while the second's budget
 * lasts, else 429/3200 with a retry-after to the next second's start. It
 * keeps no items (storage 0), no logical partitions, no phases' actions,
 * and ends in a snapshot without the Azure Cosmos DB extension.
 *
 * The scenario: scenarios/autoscale-burst.yaml, three variants of one
 * stream of creates: 150 in 5 quiet minutes (one at every even second, 0
 * .. 298 s), then 5,000 in a 10 s spike (500 a second, one every 2 ms
 * from 300,000 ms). The client retries a 429 the SDK way: after the
 * retry-after, at most 9 retries and 30 s of waits, every retry due at
 * one ms sent before the operations arriving then, in arrival order.
 * The derivation of every figure asserted is beside FIX_* below; the
 * service ignores what the variants configure, so all three come out
 * alike. Azure Cosmos DB would charge a 1 KB create 5 RU and serve 80 a
 * second at 400 RU/s, so none of these figures is Azure Cosmos DB's.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_text.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/pkey.h"
#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define MRU 1000 /* mRU per RU */
#define MS_PER_S 1000
/* the service's RU a second, and each request's charge */
#define FIXED_BUDGET_RU 400
#define FIXED_CHARGE_MRU (1 * MRU)
/* 3200: a 429 for a range short of RU/s (metrics_short_of_ru) */
#define FIXED_SUB_429 3200

struct fixed {
	struct pk_service base; /* first: the handle */
	struct pk_metrics m;	/* the series and totals */
	struct pk_pkey *key;	/* owned; the variant's key, as written */
	const struct pk_container_spec *spec; /* borrowed */
	int64_t now_s;			      /* the open second */
	int64_t used_mru;		      /* charged in it */
	int active;			      /* 1: a request reached it */
	struct pk_second sec;		      /* its container figures */
	struct pk_sample smp;		      /* its range's */
	/* the range over the run */
	uint64_t requests, retries, throttled_429;
	int64_t ru_mru;
};

static struct fixed *fx_of(const struct pk_service *s)
{
	return (struct fixed *)s;
}

/* Close the open second, or n idle seconds from it. */
static void close_seconds(struct fixed *f, int64_t n)
{
	if (!f->active) {
		metrics_close_idle(&f->m, f->now_s, n, FIXED_BUDGET_RU, 1);
		f->now_s += n;
		return;
	}
	f->sec.t_s = f->now_s;
	f->sec.span_s = 1;
	f->sec.ru_per_s = FIXED_BUDGET_RU;
	f->sec.ranges = 1;
	f->smp.t_s = f->now_s;
	f->smp.range_id = 0;
	f->smp.ru_per_s_mru = FIXED_BUDGET_RU * MRU;
	metrics_close_second(&f->m, &f->sec, &f->smp, 1);
	memset(&f->sec, 0, sizeof(f->sec));
	memset(&f->smp, 0, sizeof(f->smp));
	f->active = 0;
	f->used_mru = 0;
	f->now_s++;
}

static void fx_advance(struct pk_service *s, int64_t t_ms)
{
	struct fixed *f = fx_of(s);
	int64_t to = t_ms / MS_PER_S;

	while (f->now_s < to) {
		close_seconds(f, f->active ? 1 : to - f->now_s);
	}
}

/* One attempt, whatever its kind: admitted while the second's budget
   lasts. */
static void attempt(struct fixed *f, const struct pk_svc_request *rq,
		    struct pk_outcome *out)
{
	const int64_t charge = FIXED_CHARGE_MRU;
	struct pk_totals *t = &f->m.totals;

	fx_advance(&f->base, rq->t_ms);
	memset(out, 0, sizeof(*out));
	out->ranges = 1;
	f->active = 1;
	t->operations += rq->arrived != 0;
	t->attempts++;
	f->requests++;
	f->smp.requests++;
	if (rq->retry > 0) {
		t->retries++;
		t->retry_mru += charge;
		f->retries++;
		f->smp.retries++;
		f->sec.retries++;
		f->sec.retry_mru += charge;
	} else {
		t->offered_mru += charge;
		f->sec.offered_mru += charge;
	}
	if (f->used_mru + charge > FIXED_BUDGET_RU * MRU) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->sub_status = FIXED_SUB_429;
		out->retry_after_ms = MS_PER_S - rq->t_ms % MS_PER_S;
		t->throttled_429++;
		f->throttled_429++;
		f->smp.throttled_429++;
		return;
	}
	f->used_mru += charge;
	out->status = rq->kind == PK_OP_CREATE || rq->kind == PK_OP_BATCH
			  ? PK_HTTP_CREATED
		      : rq->kind == PK_OP_DELETE ? PK_HTTP_NO_CONTENT
						 : PK_HTTP_OK;
	out->charge_mru = charge;
	t->succeeded++;
	t->ru_mru += charge;
	f->ru_mru += charge;
	f->smp.ru_mru += charge;
	f->sec.served_mru += charge;
	if (rq->kind == PK_OP_BATCH) {
		t->batches++;
		t->batches_committed++;
		t->batch_items += rq->batch_n;
	}
	metrics_add_wait(&f->m, rq->waited_ms);
}

static void fx_apply(struct pk_service *s, const struct pk_svc_request *rq,
		     struct pk_outcome *out)
{
	attempt(fx_of(s), rq, out);
}

static void fx_query(struct pk_service *s, const struct pk_svc_request *rq,
		     struct pk_outcome *out)
{
	struct fixed *f = fx_of(s);

	attempt(f, rq, out);
	if (out->status != PK_HTTP_TOO_MANY_REQUESTS) {
		f->m.totals.queries[0]++;
		f->m.totals.query_ranges++;
	}
}

/* Phases' actions (throughput and the rest) change nothing here. */
static int fx_phase(struct pk_service *s, const struct pk_phase_spec *ph,
		    int64_t start_ms, struct pk_diag *diag)
{
	(void)s;
	(void)ph;
	(void)start_ms;
	(void)diag;
	return 0;
}

/* As Azure Cosmos DB's: the second holding the later of t_ms and the
   last event closes, and every one before. */
static int64_t fx_end(struct pk_service *s, int64_t t_ms)
{
	struct fixed *f = fx_of(s);
	int64_t end = t_ms > f->now_s * MS_PER_S ? t_ms : f->now_s * MS_PER_S;

	end = (end + MS_PER_S - 1) / MS_PER_S * MS_PER_S;
	if (end <= f->now_s * MS_PER_S) {
		end = (f->now_s + 1) * MS_PER_S;
	}
	fx_advance(s, end);
	return end;
}

static void fx_client(struct pk_service *s, enum pk_client_event ev, int64_t n)
{
	struct pk_totals *t = &fx_of(s)->m.totals;

	/* it keeps no items: a failed write changes nothing */
	service_count_client(t, ev, n);
}

static int fx_bind(struct pk_service *s, const struct pk_workload *w)
{
	(void)s;
	(void)w;
	return 0; /* nothing per item to prefetch */
}

static void fx_prefetch(const struct pk_service *s, const uint64_t *slot,
			size_t n_slot, const uint64_t *part, size_t n_part)
{
	(void)s;
	(void)slot;
	(void)n_slot;
	(void)part;
	(void)n_part;
}

static int64_t fx_now_s(const struct pk_service *s)
{
	return fx_of(s)->now_s;
}

static const struct pk_metrics *fx_metrics(const struct pk_service *s)
{
	return &fx_of(s)->m;
}

static void fx_watch(struct pk_service *s, pk_metrics_tap_fn tap, void *ctx)
{
	fx_of(s)->m.tap = tap;
	fx_of(s)->m.tap_ctx = ctx;
}

static int fx_first_full(const struct pk_service *s,
			 const struct pk_outcome *out, char *buf, size_t cap)
{
	(void)s;
	(void)out;
	(void)buf;
	(void)cap;
	return 0; /* no logical partition fills */
}

/* It has no logical partitions: never called (n_lps 0). */
static void fx_lp_read(const void *lps, uint64_t first, size_t n,
		       struct pk_snapshot_lp *out)
{
	(void)lps;
	(void)first;
	memset(out, 0, n * sizeof(*out));
	ck_abort_msg("lp_read of a service without logical partitions");
}

static void fx_snapshot(const struct pk_service *s,
			const struct pk_scenario *sc, struct pk_snapshot *out)
{
	const struct fixed *f = fx_of(s);
	struct pk_snapshot_range *r;

	(void)sc;
	memset(out, 0, sizeof(*out));
	out->name = f->spec->name ? f->spec->name : f->spec->partition_key;
	out->key = f->key;
	out->key_text = f->key->text;
	out->spec = f->spec;
	out->metrics = &f->m;
	out->end_s = f->now_s;
	out->ru_per_s = FIXED_BUDGET_RU;
	out->effective_ru_per_s = FIXED_BUDGET_RU;
	out->created_ranges = 1;
	out->ranges = r = xcalloc(1, sizeof(*out->ranges));
	out->n_ranges = 1;
	r->id = 0;
	r->min = pk_epk_min;
	r->max = pk_epk_end;
	r->ru_per_s_mru = FIXED_BUDGET_RU * MRU;
	r->requests = f->requests;
	r->retries = f->retries;
	r->throttled_429 = f->throttled_429;
	r->ru_mru = f->ru_mru;
	out->ids = xcalloc(1, sizeof(*out->ids));
	out->n_ids = 1;
	out->ids[0].known = 1;
	out->ids[0].min = pk_epk_min;
	out->ids[0].max = pk_epk_end;
	out->ids[0].width = 1.0;
	out->ids[0].created_share_mru = FIXED_BUDGET_RU * MRU;
	out->n_lps = 0;
	out->lp_read = fx_lp_read;
	out->lps = f;
	out->cosmos = NULL;
}

static void fx_free(struct pk_service *s)
{
	struct fixed *f = fx_of(s);

	metrics_free(&f->m);
	pkey_free(f->key);
	free(f);
}

static int made; /* services fixed_new made */

static const struct pk_service_ops fixed_ops = {
    .name = "fixed",
    .apply = fx_apply,
    .query = fx_query,
    .advance = fx_advance,
    .phase = fx_phase,
    .end = fx_end,
    .client = fx_client,
    .bind = fx_bind,
    .prefetch = fx_prefetch,
    .now_s = fx_now_s,
    .metrics = fx_metrics,
    .watch = fx_watch,
    .first_full = fx_first_full,
    .snapshot = fx_snapshot,
    .free = fx_free,
};

/* The constructor the run is given (pk_service_new_fn). */
static struct pk_service *fixed_new(const struct pk_service_spec *spec,
				    struct pk_diag *diag)
{
	struct fixed *f;
	struct pk_pkey *key =
	    pkey_new(spec->spec, spec->sc, spec->workload, spec->seed, diag);

	if (!key) {
		return NULL;
	}
	f = xcalloc(1, sizeof(*f));
	f->base.ops = &fixed_ops;
	f->key = key;
	f->spec = spec->spec;
	metrics_init(&f->m);
	made++;
	return &f->base;
}

/* The shipped scenario run on the fixed service (or on Azure Cosmos DB
   with make NULL), and its result. */
struct fix {
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *res;
};

static void run_on(struct fix *x, pk_service_new_fn make)
{
	struct pk_diag d;
	struct pk_sim_opts o;

	diag_init(&d);
	x->sc = scenario_load(tu_src("scenarios/autoscale-burst.yaml"), &d);
	ck_assert_msg(x->sc, "%s", tu_diag_text(&d));
	memset(&o, 0, sizeof(o));
	o.jobs = 1;
	o.service = make;
	x->run = sim_run_opts(x->sc, x->sc->seed, &o, &d);
	ck_assert_msg(x->run, "%s", tu_diag_text(&d));
	diag_free(&d);
	x->res = result_build(x->run);
}

static void fix_free(struct fix *x)
{
	result_free(x->res);
	sim_free(x->run);
	scenario_free(x->sc);
}

/* Report fn of r into a string (caller frees). */
static char *render(int (*fn)(const struct pk_result *, FILE *),
		    const struct pk_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(fn(r, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	return buf;
}

/* The JSON report with scorecards (compare's). */
static int json_compare(const struct pk_result *r, FILE *out)
{
	return report_json(r, 1, out);
}

/* Occurrences of needle in hay. */
static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (hay = strstr(hay, needle); hay; hay = strstr(hay + 1, needle)) {
		n++;
	}
	return n;
}

/*
 * The hand derivation. The quiet phase: 30/m is one create every 2 s, at
 * t = 0, 2, ..., 298 s: 150 seconds of 1 request, 1 RU, 201 each.
 *
 * The spike: 500 creates in each of the seconds 300 .. 309 (at 300,000 +
 * 2j ms, j = 0 .. 4,999). Let b_k be the retries due at the start of
 * second 300 + k (k >= 0; b_0 = 0): they go first, oldest first, then
 * the second's arrivals, and the first 400 requests of the second fit
 * the budget. The rest get 429 and a retry-after to the next second's
 * start, so b_{k+1} = b_k + arrivals - 400 while that is > 0:
 *   k      0    1    2    3    4    5    6    7    8    9    10   11   12
 *   b_k    0    100  200  300  400  500  600  700  800  900  1000 600  200
 *   arr.   500  500  500  500  500  500  500  500  500  500  0    0    0
 *   sent   500  600  700  800  900  1000 1100 1200 1300 1400 1000 600  200
 *   201    400  400  400  400  400  400  400  400  400  400  400  400  200
 *   429    100  200  300  400  500  600  700  800  900  1000 600  200  0
 * 429s: 100 + ... + 1,000 = 5,500 in the spike, 600 + 200 after it:
 * 6,300, each followed by a retry (the queue is first in first out:
 * the create j of the spike is served in second 300 + floor(j / 400)
 * after arriving in 300 + floor(j / 500), so it waits out at most
 * floor(4,999 / 400) - floor(4,999 / 500) = 3 boundaries, well inside
 * the SDK's 9 retries and 30 s: none fails).
 */
#define FIX_OPERATIONS (150 + 5000)
#define FIX_429 6300
#define FIX_ATTEMPTS (FIX_OPERATIONS + FIX_429)
/* the last retry goes at 312,000 ms: seconds 0 .. 312 close */
#define FIX_END_S 313
/*
 * The client's waits: a first attempt 429'd at offset 2i ms of its second
 * waits 1,000 - 2i ms; a retry 429'd at a second's start, 1,000 ms. Of the
 * arrivals of spike second k, the first a_k = max(0, 400 - b_k) fit (400,
 * 300, 200, 100, then 0), and the n = 500 - a_k others wait sum over i =
 * a_k .. 499 of (1,000 - 2i) = n (501 - a_k) ms: 100 x 101 + 200 x 201 +
 * 300 x 301 + 400 x 401 + 6 x 500 x 501 = 1,804,000 ms for 4,000 429s;
 * the other 2,300 429s were retries, 2,300,000 ms.
 */
#define FIX_WAIT_MS (1804000 + 2300000)

/* One second's figures, from the table above (quiet seconds: one
   request at every even second before 300). */
struct sec_fig {
	uint32_t sent, served, throttled, retries;
	uint32_t offered; /* first attempts */
};

static struct sec_fig second_fig(int64_t t)
{
	struct sec_fig f = {0, 0, 0, 0, 0};
	uint32_t b = 0, k;

	if (t < 300) {
		f.sent = f.served = f.offered = t % 2 == 0;
		return f;
	}
	for (k = 0;; k++) {
		f.offered = k < 10 ? 500 : 0;
		f.retries = b;
		f.sent = b + f.offered;
		f.served = f.sent < FIXED_BUDGET_RU ? f.sent : FIXED_BUDGET_RU;
		f.throttled = f.sent - f.served;
		if (k == t - 300) {
			return f;
		}
		b = f.throttled;
	}
}

/* The sample of second t (seconds with requests have one), or NULL. */
static const struct pk_sample *sample_at(const struct pk_metrics *m, int64_t t)
{
	size_t i;

	for (i = 0; i < m->n_samples; i++) {
		if (m->samples[i].t_s == t) {
			return &m->samples[i];
		}
	}
	return NULL;
}

/* Every variant of the fixed service's run: made by fixed_new, with the
   hand-derived totals, waits and series. */
START_TEST(test_service_fixed_run)
{
	struct fix x;
	size_t i;
	int64_t t;

	made = 0;
	run_on(&x, fixed_new);
	ck_assert_int_eq(made, 3);
	ck_assert_uint_eq(x.res->n_variants, 3);
	for (i = 0; i < x.run->n_variants; i++) {
		const struct pk_result_variant *v = &x.res->variants[i];
		const struct pk_metrics *m = v->metrics;
		const struct pk_totals *tt = &m->totals;

		ck_assert_str_eq(x.run->variants[i].svc->ops->name, "fixed");
		ck_assert_uint_eq(tt->operations, FIX_OPERATIONS);
		ck_assert_uint_eq(tt->attempts, FIX_ATTEMPTS);
		ck_assert_uint_eq(tt->retries, FIX_429);
		ck_assert_uint_eq(tt->succeeded, FIX_OPERATIONS);
		ck_assert_uint_eq(tt->throttled_429, FIX_429);
		ck_assert_uint_eq(tt->failed_after_retries, 0);
		/* 1 RU a request: served, offered (first attempts), retried */
		ck_assert_int_eq(tt->ru_mru, FIX_OPERATIONS * FIXED_CHARGE_MRU);
		ck_assert_int_eq(tt->offered_mru,
				 FIX_OPERATIONS * FIXED_CHARGE_MRU);
		ck_assert_int_eq(tt->retry_mru, FIX_429 * FIXED_CHARGE_MRU);
		ck_assert_uint_eq(tt->retry_wait_ms, FIX_WAIT_MS);
		/*
		 * Each operation's wait in all, served in second 300 +
		 * floor(j / 400), arrived at offset 2i of second 300 +
		 * floor(j / 500): 0 when the same second, else 1,000 x
		 * (seconds between) - 2i. The longest: j = 4,800 (i = 300,
		 * 3 seconds), 2,400 ms; the p99 (nearest rank 5,099 of
		 * 5,150) is the 52nd longest, 2,400 - 2 x 51 = 2,298 ms (the
		 * other 3-second waits, j = 4,400 .. 4,499, are <= 2,200).
		 * The p50 (rank 2,575): 1,150 waited 0 (the 150 quiet ones
		 * and the 400 + 300 + 200 + 100 that fit their spike
		 * second), the next 2,000 one boundary (1,000 - 2i, <= 1,000
		 * ms), of which 1,400 wait <= 700 ms and each 2 ms more
		 * adds 4 (arrival seconds 3, 4, 5 and 6 reach past 700 ms):
		 * 1,425 <= 1,400 + 4 x 7 at 714 ms, > 1,400 + 4 x 6.
		 */
		ck_assert_int_eq(metrics_wait_percentile(m, 100), 2400);
		ck_assert_int_eq(v->wait_p99_ms, 2298);
		ck_assert_int_eq(v->wait_p50_ms, 714);
		/* one range of 400 RU/s over 313 closed seconds */
		ck_assert_int_eq(v->end_s, FIX_END_S);
		ck_assert_uint_eq(v->n_ranges, 1);
		ck_assert_int_eq(v->ranges[0].ru_per_s_mru,
				 FIXED_BUDGET_RU * MRU);
		ck_assert_uint_eq(v->ranges[0].requests, FIX_ATTEMPTS);
		ck_assert_uint_eq(v->ranges[0].throttled_429, FIX_429);
		ck_assert_double_eq_tol(m->provisioned_ru,
					FIXED_BUDGET_RU * FIX_END_S, 1e-9);
		ck_assert_double_eq_tol(v->utilisation,
					(double)FIX_OPERATIONS /
					    (FIXED_BUDGET_RU * FIX_END_S),
					1e-12);
		ck_assert_double_eq_tol(v->peak_normalized, 1.0, 1e-12);
		ck_assert_uint_eq(v->lps_seen, 0);
		/* not Azure Cosmos DB: the autoscale variant's settings
		   are not what ran */
		ck_assert_int_eq(v->cosmos, 0);
		ck_assert_int_eq(v->autoscale, 0);
		ck_assert_int_eq(v->created_ru_per_s, FIXED_BUDGET_RU);
		for (t = 0; t < FIX_END_S; t++) {
			struct sec_fig f = second_fig(t);
			const struct pk_sample *smp = sample_at(m, t);
			const struct pk_second *sec = metrics_second_at(m, t);

			ck_assert_ptr_nonnull(sec);
			ck_assert_int_eq(sec->ru_per_s, FIXED_BUDGET_RU);
			if (f.sent == 0) {
				ck_assert_ptr_null(smp);
				continue;
			}
			ck_assert_ptr_nonnull(smp);
			ck_assert_int_eq(sec->t_s, t);
			ck_assert_uint_eq(smp->requests, f.sent);
			ck_assert_uint_eq(smp->retries, f.retries);
			ck_assert_uint_eq(smp->throttled_429, f.throttled);
			ck_assert_int_eq(smp->ru_mru,
					 (int64_t)f.served * FIXED_CHARGE_MRU);
			ck_assert_int_eq(sec->offered_mru,
					 (int64_t)f.offered * FIXED_CHARGE_MRU);
			ck_assert_int_eq(sec->retry_mru,
					 (int64_t)f.retries * FIXED_CHARGE_MRU);
			ck_assert_uint_eq(sec->throttled_429, f.throttled);
		}
		/* the spike's seconds at 100 % (a 429 for want of RU/s),
		   the last at 200 / 400 RU */
		ck_assert_double_eq_tol(metrics_normalized(sample_at(m, 300)),
					1.0, 1e-12);
		ck_assert_double_eq_tol(metrics_normalized(sample_at(m, 312)),
					0.5, 1e-12);
		ck_assert_double_eq_tol(metrics_normalized(sample_at(m, 2)),
					1.0 / FIXED_BUDGET_RU, 1e-12);
	}
	fix_free(&x);
}
END_TEST

/* json's integer at key of obj, or a failed test. */
static json_int_t jint(const json_t *obj, const char *key)
{
	const json_t *j = json_object_get(obj, key);

	ck_assert_msg(json_is_integer(j), "%s is not an integer", key);
	return json_integer_value(j);
}

static double jreal(const json_t *obj, const char *key)
{
	const json_t *j = json_object_get(obj, key);

	ck_assert_msg(json_is_number(j), "%s is not a number", key);
	return json_number_value(j);
}

/* json's string at key of obj, or a failed test. */
static const char *jstr(const json_t *obj, const char *key)
{
	const json_t *j = json_object_get(obj, key);

	ck_assert_msg(json_is_string(j), "%s is not a string", key);
	return json_string_value(j);
}

/* The JSON report (report_json) of the fixed service's run: the same
   figures, read back. The layout is the service's (1 range of 400 RU/s
   at t = 0), not what the scenario's variants ask of Azure Cosmos DB
   (autoscale-4000's would be 4,000 RU/s), and the scorecard's days to
   full knows no cap (no_cap): the 20 GiB one is Azure Cosmos DB's. */
START_TEST(test_service_fixed_json)
{
	struct fix x;
	char *text;
	json_t *root, *vars;
	json_error_t err;
	size_t i;

	run_on(&x, fixed_new);
	text = render(json_compare, x.res);
	root = json_loads(text, 0, &err);
	ck_assert_msg(root, "%s", err.text);
	ck_assert_int_eq(jint(json_object_get(root, "scenario"), "duration_s"),
			 FIX_END_S);
	vars = json_object_get(root, "variants");
	ck_assert_uint_eq(json_array_size(vars), 3);
	for (i = 0; i < 3; i++) {
		json_t *v = json_array_get(vars, i);
		json_t *t = json_object_get(v, "totals");
		json_t *pp = json_object_get(v, "physical_partitions");
		json_t *p0 = json_array_get(pp, 0);
		json_t *lay = json_object_get(v, "layout");

		ck_assert_int_eq(jint(v, "throughput_ru_per_s"),
				 FIXED_BUDGET_RU);
		ck_assert_int_eq(jint(t, "operations"), FIX_OPERATIONS);
		ck_assert_int_eq(jint(t, "requests"), FIX_ATTEMPTS);
		ck_assert_int_eq(jint(t, "retries"), FIX_429);
		ck_assert_int_eq(jint(t, "succeeded"), FIX_OPERATIONS);
		ck_assert_int_eq(jint(t, "throttled_429"), FIX_429);
		ck_assert_int_eq(jint(t, "failed_after_retries"), 0);
		ck_assert_int_eq(jint(t, "retry_wait_ms"), FIX_WAIT_MS);
		ck_assert_int_eq(jint(t, "retry_wait_p50_ms"), 714);
		ck_assert_int_eq(jint(t, "retry_wait_p99_ms"), 2298);
		ck_assert_double_eq_tol(jreal(t, "ru_consumed"), FIX_OPERATIONS,
					1e-9);
		ck_assert_double_eq_tol(jreal(t, "ru_retried"), FIX_429, 1e-9);
		ck_assert_int_eq(jint(t, "logical_partitions"), 0);
		ck_assert_uint_eq(json_array_size(pp), 1);
		ck_assert_double_eq_tol(jreal(p0, "ru_per_s"), FIXED_BUDGET_RU,
					1e-9);
		ck_assert_int_eq(jint(p0, "throttled_429"), FIX_429);
		ck_assert_double_eq_tol(jreal(p0, "peak_normalized_ru"), 1.0,
					1e-12);
		ck_assert_str_eq(jstr(lay, "origin"), "created");
		ck_assert_int_eq(jint(lay, "physical_partitions"), 1);
		ck_assert_int_eq(jint(lay, "ru_per_s"), FIXED_BUDGET_RU);
		ck_assert_double_eq_tol(jreal(lay, "ru_per_s_per_partition"),
					FIXED_BUDGET_RU, 1e-9);
		ck_assert_str_eq(
		    jstr(json_object_get(v, "scorecard"), "days_to_full_kind"),
		    "no_cap");
	}
	json_decref(root);
	free(text);
	fix_free(&x);
}
END_TEST

/*
 * The text report (report_text) of the fixed service's run: the totals
 * and the timeline's 5 s rows of the spike, from the table above: 300 ..
 * 304 offered 500 RU/s, retried (0 + 100 + 200 + 300 + 400) / 5 = 200,
 * served 400, 100 + ... + 500 = 1,500 429s; 305 .. 309 retried 700 RU/s,
 * 4,000 429s; 310 .. 312 (the run's last 3 seconds) retried (1,000 + 600
 * + 200) / 3 = 600, served (400 + 400 + 200) / 3 = 333.3, 800 429s.
 * The summary says what the service's result says, and none of Azure
 * Cosmos DB's settings or rules: no layout rule, caps, burst or
 * autoscale line for the variants that ask for them.
 */
START_TEST(test_service_fixed_text)
{
	struct fix x;
	char *text;

	run_on(&x, fixed_new);
	text = render(report_text, x.res);
	ck_assert_int_eq(count(text, "  operations offered       5,150 "), 3);
	ck_assert_int_eq(count(text, "  retries                  6,300 "), 3);
	ck_assert_int_eq(count(text, "  requests sent            11,450 "), 3);
	ck_assert_int_eq(count(text, "  succeeded                5,150\n"), 3);
	ck_assert_int_eq(
	    count(text, "  rate limited (429/3200)  6,300 service-side"), 3);
	ck_assert_int_eq(count(text, "  failed after retries     0 "), 3);
	ck_assert_int_eq(
	    count(text, "  retry wait (succeeded)   p50 714 ms, p99 2298 ms"),
	    3);
	ck_assert_int_eq(
	    count(text, "  RU consumed              5,150 of 5,150 offered and "
			"6,300 retried (4.1% of provisioned"),
	    3);
	ck_assert_int_eq(count(text, "  300              400      1        "
				     "500.0        200.0        400.0      "
				     "1,500   100%\n"),
			 3);
	ck_assert_int_eq(count(text, "  305              400      1        "
				     "500.0        700.0        400.0      "
				     "4,000   100%\n"),
			 3);
	ck_assert_int_eq(count(text, "  310              400      1          "
				     "0.0        600.0        333.3        "
				     "800   100%\n"),
			 3);
	ck_assert_int_eq(count(text, "\ncontainer: partition key /deviceId, "
				     "400 RU/s -> 1 physical partition at the "
				     "start\n"),
			 3);
	ck_assert_int_eq(count(text, "\nlayout: 1 physical partition, 400 "
				     "RU/s each (the service's own layout, "
				     "not Azure Cosmos DB's)\n"),
			 3);
	ck_assert_int_eq(count(text, "rule "), 0);
	ck_assert_int_eq(count(text, "\ncaps:"), 0);
	ck_assert_int_eq(count(text, "autoscale max"), 0);
	ck_assert_int_eq(count(text, "burst capacity"), 0);
	ck_assert_int_eq(count(text, "GiB"), 0);
	free(text);
	fix_free(&x);
}
END_TEST

/* The same scenario on Azure Cosmos DB (no constructor chosen) comes out
   otherwise: a create of 1 KB is 5 RU there (cost.h), so the figures
   above are the fixed service's own. */
START_TEST(test_service_fixed_default_is_cosmos)
{
	struct fix x;

	made = 0;
	run_on(&x, NULL);
	ck_assert_int_eq(made, 0);
	ck_assert_str_eq(x.run->variants[0].svc->ops->name, "cosmos");
	ck_assert_uint_eq(x.res->variants[0].metrics->totals.operations,
			  FIX_OPERATIONS);
	ck_assert_int_ne(x.res->variants[0].metrics->totals.throttled_429,
			 FIX_429);
	ck_assert_int_eq(x.res->variants[0].metrics->totals.offered_mru,
			 FIX_OPERATIONS * 5 * MRU);
	ck_assert_int_eq(x.res->variants[0].cosmos, 1);
	fix_free(&x);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("service_fixed");
	TCase *tc = tcase_create("run");

	tcase_add_test(tc, test_service_fixed_run);
	tcase_add_test(tc, test_service_fixed_json);
	tcase_add_test(tc, test_service_fixed_text);
	tcase_add_test(tc, test_service_fixed_default_is_cosmos);
	suite_add_tcase(s, tc);
	return s;
}
