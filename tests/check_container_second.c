/*
 * container_second: closing a second costs work per range a request
 * reached, not per range, and every range's busy seconds still count
 * (metrics.h): the metrics' tap is told only of the ranges reached, and a
 * range no request reached, one merged away and one made by the merge
 * have the busy seconds, first and last second they had when every range
 * was sampled every second. Each expected number has its reason beside
 * it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/service/cosmos/container.h"
#include "pksim/service/cosmos/epk.h"
#include "testutil.h"

/* An existing container of 40 ranges at 40,000 RU/s (1,000 a range) */
static struct pk_container *container_40(void)
{
	struct pk_container_spec s;
	struct pk_cost_spec cost = {1, 10, 5, 50, 1, 1, 2.5, 0.5};

	memset(&s, 0, sizeof(s));
	s.partition_key = "/k";
	s.throughput_ru_per_s = 40000;
	s.existing_partitions = 40;
	s.pp_storage_bytes = PK_DEFAULT_PP_STORAGE_BYTES;
	s.pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	s.initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	s.lp_storage_bytes = PK_DEFAULT_LP_STORAGE_BYTES;
	s.index_factor = 1.0;
	return container_new("t", &s, &cost);
}

/* typed encoding of the string key text into buf */
static size_t key_of(const char *text, unsigned char *buf)
{
	struct pk_value v = {PK_VALUE_STRING, text, strlen(text), 0, 0};
	size_t len = 0;

	ck_assert_int_eq(epk_encode_v2(&v, buf, PK_EPK_ENCODED_MAX, &len), 0);
	return len;
}

/* a key "k-N" whose EPK falls in range index i of c, into out */
static void key_in_range(const struct pk_container *c, size_t i, char *out)
{
	unsigned char enc[PK_EPK_ENCODED_MAX];
	int n;

	for (n = 0; n < 100000; n++) {
		struct pk_epk e;

		snprintf(out, 32, "k-%d", n);
		e = epk_from_encoded_v2(enc, key_of(out, enc));
		if (pmap_find(&c->pmap, &e) == i) {
			return;
		}
	}
	ck_abort_msg("no key found for range %zu", i);
}

/* A 1 KB create of item under key name at t_ms */
static int create_1kb(struct pk_container *c, const char *name, int64_t t_ms,
		      uint64_t item)
{
	unsigned char enc[PK_EPK_ENCODED_MAX];
	struct pk_request r = {t_ms, PK_OP_CREATE, item, 1024, enc,
			       0,    NULL,	   0,	 NULL, 0,
			       NULL, PK_TTL_OFF,   t_ms};
	struct pk_outcome o;
	struct pk_epk e;

	r.key_len = key_of(name, enc);
	e = epk_from_encoded_v2(enc, r.key_len);
	r.epk = &e;
	container_apply(c, &r, &o);
	return o.status;
}

/* What the tap was told: busy seconds and samples over them */
struct told {
	size_t seconds, samples;
	uint32_t last_id;
};

static void tap(void *ctx, const struct pk_metrics *m,
		const struct pk_second *sec, const struct pk_sample *samples,
		size_t n)
{
	struct told *t = ctx;

	(void)m;
	(void)sec;
	if (n == 0) {
		return; /* idle seconds */
	}
	t->seconds++;
	t->samples += n;
	t->last_id = samples[n - 1].range_id;
}

static void assert_busy(const struct pk_container *c, uint32_t id,
			uint64_t busy, int64_t first_s, int64_t last_s,
			uint32_t at_0)
{
	const struct pk_range_stats *r;

	ck_assert_uint_lt(id, c->metrics.n_ranges);
	r = &c->metrics.ranges[id];
	ck_assert_uint_eq(r->busy_seconds, busy);
	ck_assert_int_eq(r->first_s, first_s);
	ck_assert_int_eq(r->last_s, last_s);
	ck_assert_uint_eq(r->nru_pct[0], at_0);
}

/*
 * One key in range id 39 gets a create in seconds 0, 1, 2, 3 and 5
 * (seconds 4 and 5 are idle before the last; the container saw requests
 * in 5 seconds: its busy seconds). At t = 3.5 s, in busy second 3, a
 * merge to 39 ranges folds the lightest pair, ids 0 and 1 (no data, equal
 * widths: the first pair), into id 40 at index 0.
 * - the tap hears of 1 range in each of the 5 busy seconds: 5 samples
 *   (every range sampled: 3 x 40 + 2 x 39 = 198);
 * - id 20, never reached: busy in all 5, at 0% in each, first 0, last 5;
 * - ids 0 and 1, gone during second 3: busy 0, 1, 2 only;
 * - id 40, made during second 3: busy 3 and 5, first 3, last 5;
 * - id 39: busy in all 5, each with one 1 KB create, 5 RU (the cost's
 *   write_1kb) of its 1,000 RU/s: 0.5%, 0 in whole percents rounded
 *   down, so 5 seconds at 0% too.
 */
START_TEST(test_container_second_reached_only)
{
	struct pk_container *c = container_40();
	struct told t = {0, 0, 0};
	static const int64_t at_ms[] = {500, 1500, 2500, 3200, 5500};
	char name[32];
	size_t k;

	c->metrics.tap = tap;
	c->metrics.tap_ctx = &t;
	key_in_range(c, 39, name);
	for (k = 0; k < 5; k++) {
		if (at_ms[k] == 5500) {
			ck_assert_uint_eq(container_merge(c, 3500, 39), 1);
		}
		ck_assert_int_eq(create_1kb(c, name, at_ms[k], k), 201);
	}
	container_advance(c, 6000);
	container_end(c);
	ck_assert_uint_eq(c->metrics.n_fuses, 1);
	ck_assert_uint_eq(c->metrics.fuses[0].parents[0], 0);
	ck_assert_uint_eq(c->metrics.fuses[0].parents[1], 1);
	ck_assert_uint_eq(c->metrics.fuses[0].range, 40);
	ck_assert_uint_eq(t.seconds, 5);
	ck_assert_uint_eq(t.samples, 5);
	ck_assert_uint_eq(t.last_id, 39);
	assert_busy(c, 20, 5, 0, 5, 5);
	assert_busy(c, 0, 3, 0, 2, 3);
	assert_busy(c, 1, 3, 0, 2, 3);
	assert_busy(c, 40, 2, 3, 5, 2);
	assert_busy(c, 39, 5, 0, 5, 5);
	ck_assert_uint_eq(c->metrics.ranges[39].request_seconds, 5);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("container_second");
	TCase *tc = tcase_create("second");

	tcase_add_test(tc, test_container_second_reached_only);
	suite_add_tcase(s, tc);
	return s;
}
