/*
 * service: the service interface (service.h) with Azure Cosmos DB behind
 * it, driven as the run drives it, on figures worked out by hand from
 * the cost model's published points (cost.h: a write of 1 KB is 5 RU,
 * a read of 1 KB 1 RU, D-RU) and the per-second budget (rule 12).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/service/service.h"
#include "testutil.h"

/* 400 RU/s, one range (rule 2: max(1, ceil(400 / 6,000)) = 1), key /k
   over 3 values, creates of 1 KB, 3 a second for 1 s; then a second of
   reads, as the tests send requests that name stored items (a create-only
   scenario keeps no item slots: scenario_items_read_back) */
static const char *const small =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 400}\n"
    "items: {k: {values: \"k{0..2}\"}}\n"
    "phases:\n"
    "  - {name: p, duration: 1s, rate: 3/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - {name: r, duration: 1s, rate: 1/s, ops: {read: 1}}\n";

struct fix {
	struct pk_scenario *sc;
	struct pk_workload *w;
	struct pk_service *s;
	struct pk_op ops[3];
};

static void setup(struct fix *f, const char *text)
{
	struct pk_diag d;
	struct pk_service_spec spec;
	size_t i;

	diag_init(&d);
	f->sc = scenario_parse("test.yaml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(f->sc);
	f->w = workload_new(f->sc, 1);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(workload_next(f->w, &f->ops[i]), 1);
	}
	memset(&spec, 0, sizeof(spec));
	spec.sc = f->sc;
	spec.spec = &f->sc->variants[0];
	spec.workload = f->w;
	spec.seed = 1;
	f->s = service_new(&spec, &d);
	ck_assert_ptr_nonnull(f->s);
	ck_assert_int_eq(diag_count(&d), 0);
	diag_free(&d);
}

static void teardown(struct fix *f)
{
	service_free(f->s);
	workload_free(f->w);
	scenario_free(f->sc);
}

/* op as a first attempt sent at t_ms, arrived then */
static void request_of(const struct pk_op *op, int64_t t_ms,
		       struct pk_svc_request *rq)
{
	memset(rq, 0, sizeof(*rq));
	rq->t_ms = t_ms;
	rq->data_ms = t_ms;
	rq->kind = op->kind;
	rq->it.item = op->item;
	rq->it.size_bytes = op->size_bytes;
	rq->arrived = 1;
}

/*
 * 3 creates of 1 KB at t = 0, 333 and 666 ms: 5 RU each (cost.h's write
 * of 1 KB), 15 of the second's 400 RU, all 201; 3 operations offered, 3
 * attempts, none a retry, 15,000 mRU in all.
 */
START_TEST(test_three_creates)
{
	struct fix f;
	const struct pk_totals *t;
	int i;

	setup(&f, small);
	ck_assert_str_eq(f.s->ops->name, "cosmos");
	for (i = 0; i < 3; i++) {
		struct pk_svc_request rq;
		struct pk_outcome out;

		ck_assert_int_eq(f.ops[i].kind, PK_OP_CREATE);
		ck_assert_uint_eq(f.ops[i].size_bytes, 1024);
		request_of(&f.ops[i], f.ops[i].t_ms, &rq);
		service_apply(f.s, &rq, &out);
		ck_assert_int_eq(out.status, PK_HTTP_CREATED);
		ck_assert_int_eq(out.charge_mru, 5000);
		ck_assert_uint_eq(out.ranges, 1);
	}
	t = &f.s->ops->metrics(f.s)->totals;
	ck_assert_uint_eq(t->operations, 3);
	ck_assert_uint_eq(t->attempts, 3);
	ck_assert_uint_eq(t->succeeded, 3);
	ck_assert_uint_eq(t->retries, 0);
	ck_assert_int_eq(t->ru_mru, 3 * 5000);
	teardown(&f);
}
END_TEST

/*
 * The per-second budget (rule 12): 400 RU/s admit 400 / 5 = 80 creates of
 * 1 KB in one second; the 81st at the same ms is a 429/3200 charged 0 RU
 * with a wait before retrying. Its retry (retry 1) at the next second
 * fits the new budget: 201, counted a retry, and its 2xx records the
 * client's 1,000 ms wait. The writes are upserts of the 3 items (k0, k1,
 * k2): 201 when new, 200 when they replace, 5 RU either way; a repeated
 * value reaches the same logical partition.
 */
START_TEST(test_budget_429_then_retry)
{
	struct fix f;
	struct pk_svc_request rq;
	struct pk_outcome out;
	const struct pk_totals *t;
	struct pk_lp *first = NULL;
	int i;

	setup(&f, small);
	for (i = 0; i < 80; i++) {
		request_of(&f.ops[i % 3], 0, &rq);
		rq.kind = PK_OP_UPSERT;
		service_apply(f.s, &rq, &out);
		ck_assert_int_eq(out.status,
				 i < 3 ? PK_HTTP_CREATED : PK_HTTP_OK);
		if (i == 0) {
			first = out.lp;
		} else if (i % 3 == 0) {
			ck_assert_ptr_eq(out.lp, first);
		}
	}
	request_of(&f.ops[0], 0, &rq);
	rq.kind = PK_OP_UPSERT;
	service_apply(f.s, &rq, &out);
	ck_assert_int_eq(out.status, PK_HTTP_TOO_MANY_REQUESTS);
	ck_assert_int_eq(out.sub_status, 3200);
	ck_assert_int_eq(out.charge_mru, 0);
	ck_assert_int_gt(out.retry_after_ms, 0);
	ck_assert_int_le(out.retry_after_ms, 1000);
	request_of(&f.ops[0], 1000, &rq);
	rq.kind = PK_OP_UPSERT;
	rq.arrived = 0;
	rq.retry = 1;
	rq.waited_ms = 1000;
	service_apply(f.s, &rq, &out);
	ck_assert_int_eq(out.status, PK_HTTP_OK);
	ck_assert_int_eq(f.s->ops->now_s(f.s), 1);
	t = &f.s->ops->metrics(f.s)->totals;
	ck_assert_uint_eq(t->operations, 81);
	ck_assert_uint_eq(t->attempts, 82);
	ck_assert_uint_eq(t->retries, 1);
	ck_assert_uint_eq(t->throttled_429, 1);
	ck_assert_uint_eq(t->succeeded, 81);
	ck_assert_int_eq(t->ru_mru, 81 * 5000);
	ck_assert_int_eq(metrics_wait_percentile(f.s->ops->metrics(f.s), 100),
			 1000);
	teardown(&f);
}
END_TEST

/*
 * A read of a created item of 1 KB is 1 RU and 200 (cost.h's read of 1
 * KB); a request the client marked invalid (reject 400) is refused at the
 * not-found charge (1 RU by default) without storing; the client's
 * counters land in the totals.
 */
START_TEST(test_read_reject_client)
{
	struct fix f;
	struct pk_svc_request rq;
	struct pk_outcome out;
	const struct pk_totals *t;

	setup(&f, small);
	request_of(&f.ops[0], 0, &rq);
	service_apply(f.s, &rq, &out);
	ck_assert_int_eq(out.status, PK_HTTP_CREATED);
	request_of(&f.ops[0], 10, &rq);
	rq.kind = PK_OP_READ;
	rq.it.size_bytes = 0;
	service_apply(f.s, &rq, &out);
	ck_assert_int_eq(out.status, PK_HTTP_OK);
	ck_assert_int_eq(out.charge_mru, 1000);
	request_of(&f.ops[1], 20, &rq);
	rq.it.reject = PK_HTTP_BAD_REQUEST;
	service_apply(f.s, &rq, &out);
	ck_assert_int_eq(out.status, PK_HTTP_BAD_REQUEST);
	ck_assert_int_eq(out.charge_mru, 1000);
	service_client(f.s, PK_CLIENT_NOT_SENT, 1);
	service_client(f.s, PK_CLIENT_RETRY_WAIT, 250);
	service_client(f.s, PK_CLIENT_GAVE_UP_429, 1);
	service_client(f.s, PK_CLIENT_ARRIVED, -1);
	t = &f.s->ops->metrics(f.s)->totals;
	/* 3 arrived, one taken back */
	ck_assert_uint_eq(t->operations, 2);
	ck_assert_uint_eq(t->not_sent_no_target, 1);
	ck_assert_uint_eq(t->retry_wait_ms, 250);
	ck_assert_uint_eq(t->failed_after_retries, 1);
	/* 5 + 1 + 1 RU */
	ck_assert_int_eq(t->ru_mru, 7000);
	teardown(&f);
}
END_TEST

/*
 * A phase redistributing a range the container does not have (range 7;
 * a container of 400 RU/s has one range, id 0) is refused with the error
 * at its entry, naming the ranges there are (rule 26, D-REDIST); 800 RU/s
 * is taken (rule 5: within one range's 10,000): 800 / 5 = 160 writes of
 * 1 KB fit in a second, the 161st is a 429.
 */
START_TEST(test_phase_throughput)
{
	static const char *const text =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{0..2}\"}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 1s, rate: 3/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {name: low, duration: 1s, rate: 1/s, redistribute: {7: 500}}\n"
	    "  - {name: up, duration: 1s, rate: 1/s, throughput: 800, "
	    "ops: {upsert: 1}}\n";
	struct fix f;
	struct pk_diag d;
	struct pk_svc_request rq;
	struct pk_outcome out;
	char *msg;
	int i;

	setup(&f, text);
	diag_init(&d);
	ck_assert_int_eq(f.s->ops->phase(f.s, &f.sc->phases[1], 1000, &d), -1);
	msg = tu_diag_text(&d);
	ck_assert_ptr_nonnull(
	    strstr(msg, "test.yaml:6:57: error: phase 'low' redistributes "
			"range 7, but at t=1s the container has no range 7 "
			"(it has 0)"));
	free(msg);
	diag_free(&d);
	diag_init(&d);
	ck_assert_int_eq(f.s->ops->phase(f.s, &f.sc->phases[2], 2000, &d), 0);
	ck_assert_int_eq(diag_count(&d), 0);
	diag_free(&d);
	for (i = 0; i < 161; i++) {
		request_of(&f.ops[i % 3], 2000, &rq);
		rq.kind = PK_OP_UPSERT;
		service_apply(f.s, &rq, &out);
		ck_assert_int_eq(out.status, i < 3 ? PK_HTTP_CREATED
					     : i < 160
						 ? PK_HTTP_OK
						 : PK_HTTP_TOO_MANY_REQUESTS);
	}
	/* the second holding 2,000 ms closes at 3,000 */
	ck_assert_int_eq(f.s->ops->end(f.s, 2500), 3000);
	teardown(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("service");
	TCase *tc = tcase_create("cosmos");

	tcase_add_test(tc, test_three_creates);
	tcase_add_test(tc, test_budget_429_then_retry);
	tcase_add_test(tc, test_read_reject_client);
	tcase_add_test(tc, test_phase_throughput);
	suite_add_tcase(s, tc);
	return s;
}
