/*
 * limits: counters and sums hold 10^12 operations and 1 PB of storage.
 * Simulating 10^12 requests would take days, so the tests
 * drive the real container with synthetic counts: a container is built,
 * one request makes a logical partition, its counters are then set just
 * short of the target, and one more real request must land exactly on
 * it, through the same code (container_apply, container_advance) that a
 * long run uses. The numbers:
 * - 10^12 operations at the largest charge (a 2 MB write, 1,000 RU =
 *   10^6 mRU, D-RU) are 10^18 mRU: int64 holds 9.2 x 10^18, so even the
 *   worst case has 9x headroom; counters are uint64 (1.8 x 10^19);
 * - 1 PB = 2^50 bytes in uint64 (2^64): 2^14x headroom;
 * - RU in a report: the text report prints whole RU from the integer mRU
 *   (exact); metrics_ru turns 10^15 RU into a double exactly to the RU
 *   (doubles are exact to 2^53 = 9 x 10^15).
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/service/cosmos/container.h"
#include "../src/service/cosmos/container_int.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/epk.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

#define OPS_TARGET 1000000000000ULL /* 10^12 operations */
#define PB_BYTES (1ULL << 50)	    /* 1 PB, binary units */
/* 10^12 operations x 1,000 RU x 1,000 mRU/RU */
#define WORST_RU_MRU (1000000000000LL * 1000LL * 1000LL)
#define WRITE_1KB_MRU 5000 /* D-RU: 1 KB write = 5 RU */

static struct pk_container *big_container(void)
{
	struct pk_container_spec s;
	/* D-RU, D-KV published points; queries: 1 + 2.5/range + 0.5/item */
	struct pk_cost_spec cost = {1, 10, 5, 50, 1, 1, 2.5, 0.5};

	memset(&s, 0, sizeof(s));
	s.partition_key = "/k";
	s.throughput_ru_per_s = 6000; /* one physical partition */
	/* caps raised so 1 PB fits one logical partition: the counters,
	   not the service limits, are under test */
	s.pp_storage_bytes = 2 * PB_BYTES;
	s.pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	s.initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	s.lp_storage_bytes = 2 * PB_BYTES;
	s.index_factor = 1.0;
	return container_new("limits", &s, &cost);
}

/* A 1 KB upsert of item under key "k" at t_ms; returns its outcome. */
static void upsert(struct pk_container *c, int64_t t_ms, uint64_t item,
		   struct pk_outcome *o)
{
	struct pk_value v = {PK_VALUE_STRING, "k", 1, 0, 0};
	unsigned char key[PK_EPK_ENCODED_MAX];
	size_t len = 0;
	struct pk_epk e;
	struct pk_request r;

	ck_assert_int_eq(epk_encode_v2(&v, key, sizeof(key), &len), 0);
	e = epk_from_encoded_v2(key, len);
	memset(&r, 0, sizeof(r));
	r.t_ms = t_ms;
	r.kind = PK_OP_UPSERT;
	r.item = item;
	r.size_bytes = 1024;
	r.key = key;
	r.key_len = len;
	r.epk = &e;
	r.data_ms = t_ms;
	container_apply(c, &r, o);
}

/* Raise lp's counter k to v (at least what it holds) as requests would
   have. */
static void set_count(struct pk_container *c, struct pk_lp *lp,
		      enum pk_lp_count k, uint64_t v)
{
	lptable_count_add(c, lp, k, v - container_lp_count(c, lp, k));
}

START_TEST(test_limits_trillion_ops_petabyte)
{
	struct pk_container *c = big_container();
	struct pk_totals *t = &c->metrics.totals;
	struct pk_outcome o;
	struct pk_lp *lp;
	struct pk_pp *pp;
	const struct pk_sample *last;
	char buf[64];

	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(c->pmap.n, 1);
	upsert(c, 0, 0, &o);
	ck_assert_int_eq(o.status, PK_HTTP_CREATED);
	ck_assert_int_eq(o.charge_mru, WRITE_1KB_MRU);
	ck_assert_uint_eq(c->n_lps, 1);
	lp = container_lp(c, 1);
	pp = &c->pp[0];
	ck_assert_ptr_nonnull(lp);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE), 1024);

	/* 10^12 - 1 operations and 1 PB - 1 KB already behind us: the
	   item stored above (1 KB) stands for the whole petabyte */
	pp->requests = t->attempts = OPS_TARGET - 1;
	set_count(c, lp, PK_LP_REQUESTS, OPS_TARGET - 1);
	t->succeeded = OPS_TARGET - 1;
	pp->ru_mru = t->ru_mru = t->offered_mru = WORST_RU_MRU - WRITE_1KB_MRU;
	set_count(c, lp, PK_LP_RU, WORST_RU_MRU - WRITE_1KB_MRU);
	pp->storage_bytes = PB_BYTES - 1024;
	set_count(c, lp, PK_LP_STORAGE, PB_BYTES - 1024);
	/* past 32 bits: the counters moved to 64 bits (pk_lp.wide) */
	ck_assert_uint_eq(lp->wide, 1);
	ck_assert_int_eq(container_check(c), 0);

	/* the 10^12-th operation: another 1 KB item, in the next second */
	upsert(c, 1000, 1, &o);
	ck_assert_int_eq(o.status, PK_HTTP_CREATED);
	ck_assert_int_eq(o.charge_mru, WRITE_1KB_MRU);
	ck_assert_uint_eq(pp->requests, OPS_TARGET);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_REQUESTS),
			  OPS_TARGET);
	ck_assert_uint_eq(t->attempts, OPS_TARGET);
	ck_assert_uint_eq(t->succeeded, OPS_TARGET);
	ck_assert_int_eq(pp->ru_mru, WORST_RU_MRU);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_RU), WORST_RU_MRU);
	ck_assert_int_eq(t->ru_mru, WORST_RU_MRU);
	ck_assert_int_eq(t->offered_mru, WORST_RU_MRU);
	ck_assert_uint_eq(pp->storage_bytes, PB_BYTES);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE), PB_BYTES);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS), 2);
	ck_assert_int_eq(container_check(c), 0);

	/* closing the second records the petabyte in the per-second series
	   and does not split (the cap is 2 PB) */
	container_advance(c, 2000);
	ck_assert_uint_ge(c->metrics.n_samples, 1);
	last = &c->metrics.samples[c->metrics.n_samples - 1];
	ck_assert_uint_eq(last->storage_bytes, PB_BYTES);
	ck_assert_int_eq(last->ru_mru, WRITE_1KB_MRU);
	ck_assert_uint_eq(c->pmap.n, 1);
	ck_assert_int_eq(container_check(c), 0);

	/* 10^15 RU as a double, exact to the RU: what reports print */
	snprintf(buf, sizeof(buf), "%.0f", metrics_ru(t->ru_mru));
	ck_assert_str_eq(buf, "1000000000000000");
	snprintf(buf, sizeof(buf), "%.0f",
		 metrics_ru(t->ru_mru - WRITE_1KB_MRU));
	ck_assert_str_eq(buf, "999999999999995");
	container_free(c);
}
END_TEST

/* A logical partition's counters are 32 bits until one would pass
   PK_LP_NARROW_MAX = 2^32 - 1 = 4,294,967,295; then all five move to 64
   bits with their values, and a subtraction brings one back exactly. */
START_TEST(test_limits_lp_counters_widen)
{
	struct pk_container *c = big_container();
	struct pk_outcome o;
	struct pk_lp *lp;

	upsert(c, 0, 0, &o);
	ck_assert_int_eq(o.status, PK_HTTP_CREATED);
	lp = container_lp(c, 1);
	/* one 1 KB upsert: 1 item, 1,024 bytes, 1 request, 5,000 mRU, and
	   1,024 bytes at its first instant */
	ck_assert_uint_eq(lp->wide, 0);
	set_count(c, lp, PK_LP_REQUESTS, 4294967295ULL);
	ck_assert_uint_eq(lp->wide, 0);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_REQUESTS),
			  4294967295ULL);
	ck_assert_uint_eq(lptable_count_inc(c, lp, PK_LP_REQUESTS),
			  4294967296ULL);
	ck_assert_uint_eq(lp->wide, 1);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_REQUESTS),
			  4294967296ULL);
	/* adding nothing changes nothing, wide or not */
	lptable_count_add(c, lp, PK_LP_RU, 0);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS), 1);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE), 1024);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_RU), WRITE_1KB_MRU);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_GROW_BASE), 1024);
	/* 1,024 + 2^32 bytes, then the 2^32 taken away again */
	lptable_count_add(c, lp, PK_LP_STORAGE, 1ULL << 32);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE),
			  4294968320ULL);
	ck_assert_uint_eq(lptable_count_sub(c, lp, PK_LP_STORAGE, 1ULL << 32),
			  1024);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE), 1024);
	/* the next request counts on in 64 bits */
	upsert(c, 1000, 1, &o);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_REQUESTS),
			  4294967297ULL);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS), 2);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_RU),
			  2 * WRITE_1KB_MRU);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

START_TEST(test_limits_headroom)
{
	/* the types themselves: the worst case fits with room to spare */
	ck_assert(WORST_RU_MRU < INT64_MAX / 9);
	ck_assert(OPS_TARGET < UINT64_MAX / 1000000);
	ck_assert(PB_BYTES < UINT64_MAX / 8192);
}
END_TEST

/* The memory estimate counts the minutes of highest RU/s a container
   keeps for the bill (PK_SCENARIO_BILL_MINUTES) at the container's own
   cap: the first 720 hours */
START_TEST(test_limits_bill_minutes_kept)
{
	ck_assert_double_eq(PK_SCENARIO_BILL_MINUTES,
			    (double)PK_CONTAINER_MINUTES_KEPT);
	ck_assert_double_eq(PK_SCENARIO_BILL_MINUTES, 720.0 * 60.0);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("limits");
	TCase *tc = tcase_create("counters");

	tcase_add_test(tc, test_limits_trillion_ops_petabyte);
	tcase_add_test(tc, test_limits_headroom);
	tcase_add_test(tc, test_limits_lp_counters_widen);
	tcase_add_test(tc, test_limits_bill_minutes_kept);
	suite_add_tcase(s, tc);
	return s;
}
