/*
 * ttl: time to live (rule 28, D-TTL). The rule's tables (D-TTL's three
 * examples), item ttl values, the expiry queue and its FIFOs, and a
 * container under load: expired items invisible at once, deleted only
 * with the RU the range left unused, storage and the logical partition
 * cap following the deletions. Each expected number has its arithmetic
 * beside it.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/service/cosmos/container.h"
#include "pksim/report/findings.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/service/cosmos/epk.h"
#include "pksim/service/cosmos/ttl.h"
#include "testutil.h"

START_TEST(test_ttl_rule_tables)
{
	/* D-TTL example 1: DefaultTimeToLive null: nothing expires */
	ck_assert_int_eq(ttl_effective(PK_TTL_OFF, PK_TTL_OFF), 0);
	ck_assert_int_eq(ttl_effective(PK_TTL_OFF, -1), 0);
	ck_assert_int_eq(ttl_effective(PK_TTL_OFF, 2000), 0);
	/* example 2: -1: only an item's own ttl makes it expire */
	ck_assert_int_eq(ttl_effective(-1, PK_TTL_OFF), 0);
	ck_assert_int_eq(ttl_effective(-1, -1), 0);
	ck_assert_int_eq(ttl_effective(-1, 2000), 2000);
	/* example 3: 1000: the default, unless the item says otherwise */
	ck_assert_int_eq(ttl_effective(1000, PK_TTL_OFF), 1000);
	ck_assert_int_eq(ttl_effective(1000, -1), 0);
	ck_assert_int_eq(ttl_effective(1000, 2000), 2000);
	/* D-TTL's note: -1, or 1 .. 2,147,483,647; never 0 */
	ck_assert(ttl_item_valid(-1));
	ck_assert(ttl_item_valid(1));
	ck_assert(ttl_item_valid(2147483647LL));
	ck_assert(!ttl_item_valid(0));
	ck_assert(!ttl_item_valid(-2));
	ck_assert(!ttl_item_valid(2147483648LL));
}
END_TEST

static int from_number(double x, int64_t *out)
{
	struct pk_value v = {PK_VALUE_NUMBER, NULL, 0, x, 0};

	return ttl_from_value(&v, out);
}

static int from_text(const char *s, int64_t *out)
{
	struct pk_value v = {PK_VALUE_STRING, s, strlen(s), 0, 0};

	return ttl_from_value(&v, out);
}

START_TEST(test_ttl_item_values)
{
	struct pk_value undef = {PK_VALUE_UNDEFINED, NULL, 0, 0, 0};
	struct pk_value null = {PK_VALUE_NULL, NULL, 0, 0, 0};
	int64_t t = 99;

	/* no ttl property: the container's default applies */
	ck_assert_int_eq(ttl_from_value(&undef, &t), 0);
	ck_assert_int_eq(t, PK_TTL_OFF);
	ck_assert_int_eq(from_number(3600, &t), 0);
	ck_assert_int_eq(t, 3600);
	ck_assert_int_eq(from_number(-1, &t), 0);
	ck_assert_int_eq(t, -1);
	ck_assert_int_eq(from_number(2147483647.0, &t), 0);
	ck_assert_int_eq(t, 2147483647LL);
	/* refused (400): 0, a fraction, past the maximum, null */
	ck_assert_int_eq(from_number(0, &t), -1);
	ck_assert_int_eq(from_number(1.5, &t), -1);
	ck_assert_int_eq(from_number(2147483648.0, &t), -1);
	ck_assert_int_eq(ttl_from_value(&null, &t), -1);
	/* strings of digits (CSV, generated lists) count as numbers */
	ck_assert_int_eq(from_text("604800", &t), 0);
	ck_assert_int_eq(t, 604800);
	ck_assert_int_eq(from_text("-1", &t), 0);
	ck_assert_int_eq(t, -1);
	ck_assert_int_eq(from_text("", &t), -1);
	ck_assert_int_eq(from_text("-", &t), -1);
	ck_assert_int_eq(from_text("7d", &t), -1);
	ck_assert_int_eq(from_text("0", &t), -1);
	ck_assert_int_eq(from_text("99999999999999999999", &t), -1);
}
END_TEST

START_TEST(test_ttl_queue_order)
{
	struct pk_ttl_queue q;
	struct pk_ttl_entry e;
	/* writes at seconds 0, 1, 2 with TTL 10 and at 0, 5 with TTL 3:
	   expiries 10, 11, 12 and 3, 8; ties are impossible within a lane */
	static const struct {
		int64_t ttl;
		uint32_t item, at;
	} in[] = {{10, 1, 0}, {3, 2, 0}, {10, 3, 1}, {3, 4, 5}, {10, 5, 2}};
	static const uint32_t want_item[] = {2, 4, 1, 3, 5};
	static const uint32_t want_at[] = {3, 8, 10, 11, 12};
	size_t i;

	ttl_queue_init(&q);
	ck_assert_int_eq(ttl_queue_peek(&q, &e), 0);
	for (i = 0; i < 5; i++) {
		ttl_queue_push(&q, in[i].ttl, in[i].item,
			       in[i].at + (uint32_t)in[i].ttl);
	}
	ck_assert_uint_eq(q.n, 5);
	ck_assert_uint_eq(q.n_heap, 2); /* two lanes: TTL 3 and TTL 10 */
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(ttl_queue_peek(&q, &e), 1);
		ck_assert_uint_eq(e.expire_s, want_at[i]);
		ttl_queue_pop(&q, &e);
		ck_assert_uint_eq(e.item, want_item[i]);
		ck_assert_uint_eq(e.expire_s, want_at[i]);
	}
	ck_assert_int_eq(ttl_queue_peek(&q, &e), 0);
	/* equal expiries in two lanes: the smaller TTL first (written at
	   5 with TTL 5 and at 0 with TTL 10: both at 10) */
	ttl_queue_push(&q, 10, 7, 10);
	ttl_queue_push(&q, 5, 8, 10);
	ttl_queue_pop(&q, &e);
	ck_assert_uint_eq(e.item, 8);
	ttl_queue_pop(&q, &e);
	ck_assert_uint_eq(e.item, 7);
	ttl_queue_free(&q);
}
END_TEST

START_TEST(test_ttl_fifo)
{
	struct pk_ttl_fifo a, b;
	struct pk_ttl_entry e = {0, 0};
	uint32_t i;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ck_assert_ptr_null(ttl_fifo_head(&a));
	/* 1000 in, 600 out, 1000 more in: 1400 left, oldest first */
	for (i = 0; i < 1000; i++) {
		e.item = i;
		ttl_fifo_push(&a, e);
	}
	for (i = 0; i < 600; i++) {
		ck_assert_uint_eq(ttl_fifo_head(&a)->item, i);
		ttl_fifo_pop(&a);
	}
	for (i = 1000; i < 2000; i++) {
		e.item = i;
		ttl_fifo_push(&a, e);
	}
	ck_assert_uint_eq(a.n, 1400);
	ck_assert_uint_eq(ttl_fifo_head(&a)->item, 600);
	/* append: b's entries after a's, b emptied */
	e.item = 5000;
	ttl_fifo_push(&b, e);
	ttl_fifo_append(&a, &b);
	ck_assert_uint_eq(b.n, 0);
	ck_assert_uint_eq(a.n, 1401);
	for (i = 600; i < 2000; i++) {
		ck_assert_uint_eq(ttl_fifo_head(&a)->item, i);
		ttl_fifo_pop(&a);
	}
	ck_assert_uint_eq(ttl_fifo_head(&a)->item, 5000);
	ttl_fifo_free(&a);
	ck_assert_ptr_null(ttl_fifo_head(&a));
}
END_TEST

/* ---- a container with TTL ---- */

static struct pk_container_spec spec_ttl(int64_t ru, int64_t default_ttl)
{
	struct pk_container_spec s;

	memset(&s, 0, sizeof(s));
	s.partition_key = "/k";
	s.throughput_ru_per_s = ru;
	s.pp_storage_bytes = PK_DEFAULT_PP_STORAGE_BYTES;
	s.pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	s.initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	s.lp_storage_bytes = PK_DEFAULT_LP_STORAGE_BYTES;
	s.index_factor = 1.0;
	s.default_ttl_s = default_ttl;
	return s;
}

/* D-RU, D-KV published points: 1 KB read 1 RU, 1 KB write 5 RU; 404 1 RU */
static const struct pk_cost_spec cost = {1, 10, 5, 50, 1, 1, 2.5, 0.5};

/* One key's typed encoding and EPK. */
struct key {
	unsigned char enc[PK_EPK_ENCODED_MAX];
	size_t len;
	struct pk_epk epk;
};

static void key_set(struct key *k, const char *text)
{
	struct pk_value v = {PK_VALUE_STRING, text, strlen(text), 0, 0};

	k->len = 0; /* epk_encode_v2 appends at *len */
	ck_assert_int_eq(epk_encode_v2(&v, k->enc, sizeof(k->enc), &k->len), 0);
	k->epk = epk_from_encoded_v2(k->enc, k->len);
}

/* One request of kind on item (1 KB for writes) under k at t_ms with its
   own ttl; returns the status. */
static int req(struct pk_container *c, const struct key *k, int64_t t_ms,
	       enum pk_op_kind kind, uint64_t item, int64_t ttl)
{
	struct pk_request r;
	struct pk_outcome o;

	memset(&r, 0, sizeof(r));
	r.t_ms = t_ms;
	r.kind = kind;
	r.item = item;
	r.size_bytes = kind == PK_OP_READ || kind == PK_OP_DELETE ? 0 : 1024;
	r.key = k->enc;
	r.key_len = k->len;
	r.epk = &k->epk;
	r.ttl_s = ttl;
	container_apply(c, &r, &o);
	ck_assert_int_eq(container_check(c), 0);
	return o.status;
}

START_TEST(test_ttl_invisible_at_once)
{
	/* default 10 s: an item written at 0.5 s (its _ts second 0) expires
	   at second 0 + 10 = 10 */
	struct pk_container_spec s = spec_ttl(400, 10);
	struct pk_container *c = container_new("t", &s, &cost);
	struct key k;

	key_set(&k, "a");
	ck_assert_int_eq(req(c, &k, 500, PK_OP_CREATE, 1, PK_TTL_OFF), 201);
	ck_assert_int_eq(req(c, &k, 9999, PK_OP_READ, 1, 0), 200);
	ck_assert_int_eq(req(c, &k, 10000, PK_OP_READ, 1, 0), 404);
	ck_assert_int_eq(req(c, &k, 10001, PK_OP_REPLACE, 1, PK_TTL_OFF), 404);
	ck_assert_int_eq(req(c, &k, 10002, PK_OP_DELETE, 1, 0), 404);
	/* second 10 has not closed: not yet counted, bytes still there */
	ck_assert_uint_eq(c->metrics.ttl.expired, 0);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 1024);
	/* closing second 10: expired, and deleted with its leftover (the
	   three 404s took 3 of the 400 RU; the delete needs 5) */
	container_advance(c, 11000);
	ck_assert_uint_eq(c->metrics.ttl.expired, 1);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 1);
	ck_assert_int_eq(c->metrics.ttl.delete_mru, 5000);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 0);
	ck_assert_uint_eq(c->pp[0].logical_partitions, 0);
	/* the user's RU do not include the deletion: 5 (create) + 1 (read)
	   + 3 x 1 (404s) = 9 RU */
	ck_assert_int_eq(c->metrics.totals.ru_mru, 9000);
	container_free(c);
}
END_TEST

START_TEST(test_ttl_item_overrides)
{
	/* default -1: only items with their own ttl expire (example 2) */
	struct pk_container_spec s = spec_ttl(400, PK_TTL_NEVER);
	struct pk_container *c = container_new("t", &s, &cost);
	struct key k;

	key_set(&k, "a");
	req(c, &k, 0, PK_OP_CREATE, 1, PK_TTL_OFF); /* never */
	req(c, &k, 0, PK_OP_CREATE, 2, 3);	    /* second 0 + 3 */
	req(c, &k, 0, PK_OP_CREATE, 3, -1);	    /* never */
	ck_assert_int_eq(req(c, &k, 2999, PK_OP_READ, 2, 0), 200);
	ck_assert_int_eq(req(c, &k, 3000, PK_OP_READ, 2, 0), 404);
	ck_assert_int_eq(req(c, &k, 3000, PK_OP_READ, 1, 0), 200);
	ck_assert_int_eq(req(c, &k, 3000, PK_OP_READ, 3, 0), 200);
	/* a rewrite starts the TTL again: item 3 upserted at 4 s with ttl 2
	   expires at 6 */
	ck_assert_int_eq(req(c, &k, 4000, PK_OP_UPSERT, 3, 2), 200);
	ck_assert_int_eq(req(c, &k, 5999, PK_OP_READ, 3, 0), 200);
	ck_assert_int_eq(req(c, &k, 6000, PK_OP_READ, 3, 0), 404);
	/* an upsert of an expired item not yet deleted creates it anew:
	   201, the old copy replaced at once. Second 6 is open, so item 3
	   has not been counted yet: the upsert counts it expired, deleted
	   and replaced */
	ck_assert_int_eq(req(c, &k, 6001, PK_OP_UPSERT, 3, 10), 201);
	ck_assert_uint_eq(c->metrics.ttl.expired, 2); /* items 2 and 3 */
	ck_assert_uint_eq(c->metrics.ttl.replaced, 1);
	ck_assert_uint_eq(c->metrics.ttl.pending_items, 0);
	/* three stored: 1, 3 (anew) and none of 2 */
	ck_assert_uint_eq(c->pp[0].storage_bytes, 2 * 1024);
	container_free(c);
}
END_TEST

/* count creates of 1 KB (5 RU each, ttl -1: never expire) on item numbers
   from *item, each under its own key "load-N", spread over second t_s */
static void load(struct pk_container *c, int64_t t_s, int count, uint64_t *item)
{
	char name[32];
	struct key k;
	int i;

	for (i = 0; i < count; i++) {
		snprintf(name, sizeof(name), "load-%llu",
			 (unsigned long long)*item);
		key_set(&k, name);
		ck_assert_int_eq(
		    req(c, &k, t_s * 1000 + i, PK_OP_CREATE, (*item)++, -1),
		    201);
	}
}

START_TEST(test_ttl_deletion_uses_leftover)
{
	/* 400 RU/s on one range; ten 1 KB items written at second 0 with
	   the default 5 s expire at second 5. Items of the load carry ttl
	   -1 (never). */
	struct pk_container_spec s = spec_ttl(400, 5);
	struct pk_container *c = container_new("t", &s, &cost);
	struct key a;
	uint64_t item = 100, i;

	key_set(&a, "a");
	for (i = 0; i < 10; i++) {
		req(c, &a, (int64_t)i, PK_OP_CREATE, i, PK_TTL_OFF);
	}
	/* second 5: 79 writes x 5 RU = 395 of 400 RU: 5 left, one deletion
	   of 5 RU (a delete of a 1 KB item) */
	load(c, 5, 79, &item);
	container_advance(c, 6000);
	ck_assert_uint_eq(c->metrics.ttl.expired, 10);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 1);
	ck_assert_uint_eq(c->metrics.ttl.pending_items, 9);
	ck_assert_uint_eq(c->metrics.ttl.pending_bytes, 9 * 1024);
	ck_assert_uint_eq(c->pp[0].ttl_pending_bytes, 9 * 1024);
	/* storage frees late: 9 expired + 79 load items, 1 KB each */
	ck_assert_uint_eq(c->pp[0].storage_bytes, (9 + 79) * 1024);
	/* second 6: 78 x 5 = 390 RU, 10 left: two deletions */
	load(c, 6, 78, &item);
	container_advance(c, 7000);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 3);
	ck_assert_uint_eq(c->metrics.ttl.pending_items, 7);
	/* second 7: 80 x 5 = 400 RU, nothing left: none */
	load(c, 7, 80, &item);
	container_advance(c, 8000);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 3);
	/* second 8 idle: 400 RU left, the last 7 (35 RU) go */
	container_advance(c, 9000);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 10);
	ck_assert_uint_eq(c->metrics.ttl.pending_items, 0);
	ck_assert_int_eq(c->metrics.ttl.delete_mru, 10 * 5000);
	ck_assert_uint_eq(c->pp[0].storage_bytes, (79 + 78 + 80) * 1024);
	/* the peak: 9 items at the end of second 5 */
	ck_assert_uint_eq(c->metrics.ttl.peak_pending_bytes, 9 * 1024);
	ck_assert_int_eq(c->metrics.ttl.peak_pending_t_s, 5);
	/* the minute series: one minute (0) with 10 expired, 10 deleted */
	ck_assert_uint_eq(c->metrics.n_ttl_minutes, 1);
	ck_assert_uint_eq(c->metrics.ttl_by_minute[0].expired, 10);
	ck_assert_uint_eq(c->metrics.ttl_by_minute[0].deleted, 10);
	container_free(c);
}
END_TEST

/*
 * Rules 14 and 28: burst credit is the capacity a partition leaves
 * *unused*, and TTL deletions take only what requests leave: one
 * second's leftover is spent once, deletions first (ASSUMPTION,
 * throttle.h). 400 RU/s, burst on, default ttl 5 s. Second 0: 80
 * creates of 1 KB (5 RU each: 400 RU, all of the share, no credit).
 * Seconds 1-4 idle: 4 x 400 = 1,600 RU of credit. Second 5: the 80
 * expire and its 400 RU of leftover delete them (80 x 5 RU): nothing is
 * left to bank. Second 6: the range may spend 400 + 1,600 = 2,000 RU
 * (under the 3,000 peak): 400 creates of 5 RU succeed. Before: second
 * 5's 400 RU were banked as well, 2,400 RU, 480 creates.
 */
START_TEST(test_ttl_deletions_before_burst_credit)
{
	struct pk_container_spec s = spec_ttl(400, 5);
	struct pk_container *c;
	struct key a, b;
	uint64_t i;
	int ok = 0;

	s.burst = 1;
	c = container_new("t", &s, &cost);
	key_set(&a, "a");
	key_set(&b, "b");
	for (i = 0; i < 80; i++) {
		ck_assert_int_eq(
		    req(c, &a, (int64_t)i, PK_OP_CREATE, i, PK_TTL_OFF), 201);
	}
	container_advance(c, 6000);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 80);
	ck_assert_int_eq(c->metrics.ttl.delete_mru, 80 * 5000);
	for (i = 0; i < 600; i++) {
		ok += req(c, &b, 6000 + (int64_t)i, PK_OP_CREATE, 1000 + i,
			  -1) == 201;
	}
	ck_assert_int_eq(ok, 400);
	container_free(c);
}
END_TEST

START_TEST(test_ttl_cap_follows_deletions)
{
	/* a logical partition cap of 10 KB: ten 1 KB items fill it. They
	   expire at second 2 (default 2 s); second 2 is spent whole by
	   another key (80 x 5 = 400 RU), so their bytes stay and a write to
	   the full key is still refused (403/1014, rule 11). Second 3 is
	   idle: the ten go (50 RU). At 4 s the write fits. */
	struct pk_container_spec s = spec_ttl(400, 2);
	struct pk_container *c;
	struct key a, b;
	uint64_t item = 100, i;

	s.lp_storage_bytes = 10 * 1024;
	c = container_new("t", &s, &cost);
	key_set(&a, "a");
	key_set(&b, "b");
	for (i = 0; i < 10; i++) {
		req(c, &a, 0, PK_OP_CREATE, i, PK_TTL_OFF);
	}
	load(c, 2, 80, &item);
	container_advance(c, 3000);
	ck_assert_uint_eq(c->metrics.ttl.pending_items, 10);
	ck_assert_int_eq(req(c, &a, 3000, PK_OP_CREATE, 50, PK_TTL_OFF), 403);
	container_advance(c, 4000);
	ck_assert_uint_eq(c->metrics.ttl.pending_items, 0);
	ck_assert_int_eq(req(c, &a, 4000, PK_OP_CREATE, 51, PK_TTL_OFF), 201);
	container_free(c);
}
END_TEST

START_TEST(test_ttl_split_keeps_pending)
{
	/* pending items move with their logical partitions when their range
	   splits. 2,000 RU/s: one range (ceil(2,000 / 6,000) = 1). 300
	   items of 1 KB written at second 0 (1,500 RU) with the default 1 s
	   expire at second 1, which a load of 400 writes x 5 RU = 2,000 RU
	   spends whole: all 300 wait. At 2 s the RU/s go to 45,000:
	   ceil(45,000 / 10,000) = 5 ranges (rule 6). */
	struct pk_container_spec s = spec_ttl(2000, 1);
	struct pk_container *c = container_new("t", &s, &cost);
	char name[32];
	struct key k;
	uint64_t i, pending = 0, item = 1000;
	size_t r, holding = 0;

	for (i = 0; i < 300; i++) {
		snprintf(name, sizeof(name), "k-%llu", (unsigned long long)i);
		key_set(&k, name);
		ck_assert_int_eq(req(c, &k, 0, PK_OP_CREATE, i, PK_TTL_OFF),
				 201);
	}
	load(c, 1, 400, &item);
	container_set_throughput(c, 2000, 45000);
	ck_assert_uint_eq(c->metrics.ttl.pending_items, 300);
	ck_assert_uint_eq(c->pmap.n, 5);
	for (r = 0; r < c->pmap.n; r++) {
		pending += c->pp[r].ttl_pending_bytes;
		holding += c->pp[r].ttl_pending.n > 0;
	}
	/* container_check (in req) holds the per-range sums to the run's */
	ck_assert_uint_eq(pending, 300 * 1024);
	ck_assert_uint_eq(holding, 5); /* 300 hashed keys reach all five */
	ck_assert_int_eq(container_check(c), 0);
	/* second 2 idle: all 300 deleted from their new ranges */
	container_advance(c, 3000);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 300);
	ck_assert_uint_eq(container_storage(c), 400 * 1024);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* ---- through a whole run: the items' ttl property ---- */

START_TEST(test_ttl_property_in_a_run)
{
	/* 10 creates a second for 20 s, evenly spaced: item j at j / 10 s,
	   in second floor(j / 10). Its ttl alternates 5, -1, 5, ... (a
	   sequential list): the even items expire 5 s after their second.
	   The run closes seconds 0..19, so even items of seconds 0..14 (j <
	   150) expire: 75. Each second leaves 400 - 10 x 5 = 350 RU, room for
	   70 deletions of 5 RU: all 75 are deleted as they expire. */
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: /k, throughput: 400, default_ttl: 60}\n"
	    "variants: [{name: ttl}, {name: off, default_ttl: off}]\n"
	    "items:\n"
	    "  k: {values: \"k{0..9}\"}\n"
	    "  ttl: {values: [5, -1], distribution: sequential}\n"
	    "phases: [{duration: 20s, rate: 10/s}]\n";
	struct pk_run *run = tu_sim_text("ttl.yaml", text);
	struct pk_snapshot on;
	struct pk_snapshot off;

	tu_snapshot(run, 0, &on);
	tu_snapshot(run, 1, &off);
	ck_assert_uint_eq(on.metrics->totals.succeeded, 200);
	ck_assert_uint_eq(on.metrics->ttl.expired, 75);
	ck_assert_uint_eq(on.metrics->ttl.deleted, 75);
	ck_assert_uint_eq(on.storage_bytes, (200 - 75) * 1024);
	ck_assert_int_eq(on.metrics->ttl.delete_mru, 75 * 5000);
	/* default_ttl off: the items' ttl has no effect (D-TTL example 1) */
	ck_assert_int_eq(off.metrics->ttl_on, 0);
	ck_assert_int_eq(off.cosmos->ttl_lifetime_s, 0);
	ck_assert_uint_eq(off.storage_bytes, 200 * 1024);
	snapshot_free(&on);
	snapshot_free(&off);
	tu_sim_free(run);
}
END_TEST

START_TEST(test_ttl_data_file_records)
{
	/* records at 1 a second (rate 1/s: record j at j s), default -1:
	   only records with a ttl expire. Record 1's ttl 0 and record 2's
	   1.5 are refused with 400; record 3's "2" (a string of digits)
	   expires at second 3 + 2 = 5; records 0 and 4 have none and stay.
	   Phases keep the run to 10 s. */
	char *dir = tu_tmpdir(), *path, yaml[512];
	static const char data[] =
	    "{\"id\": \"a\", \"k\": \"x\"}\n"
	    "{\"id\": \"b\", \"k\": \"x\", \"ttl\": 0}\n"
	    "{\"id\": \"c\", \"k\": \"x\", \"ttl\": 1.5}\n"
	    "{\"id\": \"d\", \"k\": \"x\", \"ttl\": \"2\"}\n"
	    "{\"id\": \"e\", \"k\": \"x\"}\n";
	struct pk_run *run;
	struct pk_snapshot c;

	path = tu_write_file(dir, "r.jsonl", data);
	snprintf(yaml, sizeof(yaml), "%s/s.yaml", dir);
	run = tu_sim_text(yaml,
			  "container: {partition_key: /k, throughput: 400, "
			  "default_ttl: -1}\n"
			  "items: {file: r.jsonl, rate: 1/s, item_size: 1KB}\n"
			  "phases: [{duration: 10s}]\n");
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->totals.bad_request_400, 2);
	/* both for their ttl, and the finding names that cause, not key,
	   id and changed key */
	ck_assert_uint_eq(c.metrics->totals.bad_ttl_400, 2);
	{
		struct pk_result *res = result_build(run);
		size_t n, k, found = 0;
		char **f = findings_make(res, &res->variants[0], &n);

		for (k = 0; k < n; k++) {
			found += strcmp(f[k], "2 requests were refused with "
					      "400 (2 for an item ttl that is "
					      "not -1 or 1 .. 2,147,483,647 s "
					      "(rule 28)), 0 with 413 (over 2 "
					      "MiB) and 0 with 409 (an id its "
					      "logical partition holds)") == 0;
			free(f[k]);
		}
		free(f);
		ck_assert_uint_eq(found, 1);
		result_free(res);
	}
	ck_assert_uint_eq(c.metrics->totals.succeeded, 3);
	ck_assert_uint_eq(c.metrics->ttl.expired, 1);
	ck_assert_uint_eq(c.metrics->ttl.deleted, 1);
	ck_assert_uint_eq(c.storage_bytes, 2 * 1024);
	snapshot_free(&c);
	tu_sim_free(run);
	remove(path);
	free(path);
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_ttl_csv_row_end_of_second)
{
	/* 400 RU/s, default 10 s, 1 KB
	   items (1,024 B, 5 RU a create). Seconds 0..9: 40 creates (200
	   RU); seconds 10..39: 78 creates (390 RU, 10 RU left: two 5 RU
	   deletions a second). A row is the range at the end of its
	   second, after its expiries and deletions:
	   - t=9: 10 x 40 = 400 items, 409,600 B; nothing expired yet;
	   - t=10: second 0's 40 items expire at 0 + 10; 2 deleted: 38
	     pending, 38,912 B; storage 409,600 + 78 x 1,024 - 2 x 1,024 =
	     487,424;
	   - t=11: second 1's 40 expire, 2 more deleted: 38 + 40 - 2 = 76
	     pending, 77,824 B; storage 487,424 + (78 - 2) x 1,024 =
	     565,248.
	   Before the fix row t=10 showed 0 pending and 489,472 stored (the
	   state before its expiries), row t=11 the end of second 10. */
	char *dir = tu_tmpdir(), *path, *out = NULL, *err = NULL, args[512];

	path = tu_write_file(dir, "ttl3.yaml",
			     "container: {partition_key: /k, throughput: 400, "
			     "default_ttl: 10s}\n"
			     "items: {k: {values: \"k{1..10}\"}}\n"
			     "phases:\n"
			     "  - {name: light, duration: 10s, rate: 40/s}\n"
			     "  - {name: busy, duration: 30s, rate: 78/s}\n");
	snprintf(args, sizeof(args), "run '%s' --format csv", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_ptr_nonnull(
	    strstr(out, "\n\"/k\",9,\"0\",200,400,0.5,40,0,409600,0,0\n"));
	ck_assert_ptr_nonnull(strstr(
	    out, "\n\"/k\",10,\"0\",390,400,0.975,78,0,487424,0,38912\n"));
	ck_assert_ptr_nonnull(strstr(
	    out, "\n\"/k\",11,\"0\",390,400,0.975,78,0,565248,0,77824\n"));
	free(out);
	free(err);
	remove(path);
	free(path);
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_ttl_query_finds_nothing_left)
{
	/* Queries after every item expired are charged for an empty result.
	   One 1 KB create at t = 0
	   (5 RU), default 2 s: it expires at second 2 and, 4,000 RU/s left
	   unused, is deleted when second 2 closes. Single-partition queries
	   on k = "a" at t = 1 .. 5 s, results: 3, one range: 1 + 2.5 + 3 x
	   0.5 = 5 RU while the item is stored (t = 1; t = 2 too: expired but
	   not yet deleted, the documented ASSUMPTION), then an empty result,
	   1 + 2.5 = 3.5 RU (t = 3, 4, 5). RU consumed: 5 + 5 + 5 + 3 x 3.5 =
	   25.5 RU (it was 5 + 5 x 5 = 30). */
	struct pk_run *run = tu_sim_text(
	    "ttlq.yaml",
	    "container: {partition_key: /k, throughput: 4000, default_ttl: "
	    "2s}\n"
	    "items: {k: {values: [a]}}\n"
	    "phases:\n"
	    "  - {name: load, duration: 1s, rate: 1/s}\n"
	    "  - name: later\n"
	    "    duration: 5s\n"
	    "    rate: 1/s\n"
	    "    ops: {query: 1}\n"
	    "    queries: [{name: byk, where: {k: eq}, results: 3}]\n");
	struct pk_snapshot c;

	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->ttl.deleted, 1);
	ck_assert_uint_eq(c.metrics->totals.queries[PK_ROUTE_SINGLE], 5);
	ck_assert_int_eq(c.metrics->totals.ru_mru, 25500);
	snapshot_free(&c);
	tu_sim_free(run);
}
END_TEST

START_TEST(test_ttl_data_time_compressed)
{
	/* A data file replayed 10x compressed keeps time to live in the
	   data's own time (rule 28: an item expires n s after its last
	   write; container_ttl_data_time). 50 records 10 s of data time
	   apart, 1 KB each: record j arrives at 10 j / 10 = j s of the run.
	   default_ttl 100 (data s) = ceil(100 / 10) = 10 s of the run: record
	   j expires at second j + 10. Record 47's own ttl 15 lives ceil(1.5)
	   = 2 s: second 49. Record 49's ttl 51 lives ceil(5.1) = 6 s (never
	   shorter than its 5.1 s of data time): second 55, after the run.
	   The phase closes seconds 0 .. 54: records 0 .. 44 (j + 10 <= 54)
	   and 47 expire, 46 items; one 5 RU create a second leaves 395 of
	   the 400 RU for deletions, so all 46 are deleted: 4 x 1,024 B
	   stored. Counted as seconds of the run instead (100, 15, 51), none
	   would expire by second 54 and all 51,200 B would stay. */
	static const char text[] =
	    "container: {partition_key: /k, throughput: 400, "
	    "default_ttl: 100}\n"
	    "items: {file: r.jsonl, time_field: ts, time_compression: 10, "
	    "item_size: 1KB}\n"
	    "phases: [{duration: 55s}]\n";
	char *dir = tu_tmpdir(), *path, *scen, *out, args[512];
	char data[8192];
	size_t len = 0;
	int j;
	struct pk_run *run;
	struct pk_snapshot c;

	for (j = 0; j < 50; j++) {
		len += (size_t)snprintf(
		    data + len, sizeof(data) - len,
		    "{\"id\": \"r%d\", \"k\": \"x\", \"ts\": %d%s}\n", j,
		    1767830400 + 10 * j,
		    j == 47   ? ", \"ttl\": 15"
		    : j == 49 ? ", \"ttl\": 51"
			      : "");
	}
	path = tu_write_file(dir, "r.jsonl", data);
	scen = tu_write_file(dir, "s.yaml", text);
	run = tu_sim_text(scen, text);
	tu_snapshot(run, 0, &c);
	ck_assert_uint_eq(c.metrics->totals.succeeded, 50);
	ck_assert_uint_eq(c.metrics->ttl.expired, 46);
	ck_assert_uint_eq(c.metrics->ttl.deleted, 46);
	ck_assert_uint_eq(c.storage_bytes, 4 * 1024);
	snapshot_free(&c);
	tu_sim_free(run);
	/* the report says so, with the default's 10 s */
	snprintf(args, sizeof(args), "run '%s' --no-remedies", scen);
	out = tu_run_ok(args);
	ck_assert_ptr_nonnull(
	    strstr(out, "\n  counted in the data's own time: at "
			"time_compression 10 an item lives ceil(ttl / 10) s "
			"of the replay (10 s for the default)\n"));
	free(out);
	remove(scen);
	free(scen);
	remove(path);
	free(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* An upsert of item `item` (1 KB) under k with id `id` at t_ms, as a new
   item's upsert is sent (its own item number, the id it drew); returns
   the status. */
static int upsert_id(struct pk_container *c, const struct key *k, int64_t t_ms,
		     uint64_t item, const char *id)
{
	struct pk_request r;
	struct pk_outcome o;

	memset(&r, 0, sizeof(r));
	r.t_ms = t_ms;
	r.kind = PK_OP_UPSERT;
	r.item = item;
	r.size_bytes = 1024;
	r.key = k->enc;
	r.key_len = k->len;
	r.epk = &k->epk;
	r.ttl_s = PK_TTL_OFF;
	r.id = id;
	r.id_len = strlen(id);
	container_apply(c, &r, &o);
	ck_assert_int_eq(container_check(c), 0);
	return o.status;
}

START_TEST(test_ttl_upsert_takes_expired_id)
{
	/* Rule 28: an expired item is gone for requests; an upsert of its id
	   creates the item anew (201) and, as a write of the expired copy's
	   own item number does (test_ttl_item_overrides), takes the copy's
	   place at once. Default 2 s: item 1 (id "d1") written at 0.5 s
	   expires at second 2. At 2.5 s a new item's upsert (item 2) draws
	   the same id: 201, the copy dropped, counted expired, deleted and
	   replaced (second 2 has not closed): 1 item, 1,024 B stored. Before,
	   only a rewrite of item 1 itself dropped it: the upsert stored a
	   second copy beside it, 2,048 B, 0 replaced, and the pending copy
	   counted against the 20 GB cap until the background task came. */
	struct pk_container_spec s = spec_ttl(400, 2);
	struct pk_container *c = container_new("t", &s, &cost);
	struct key k;

	key_set(&k, "a");
	ck_assert_int_eq(upsert_id(c, &k, 500, 1, "d1"), 201);
	ck_assert_int_eq(upsert_id(c, &k, 2500, 2, "d1"), 201);
	ck_assert_uint_eq(c->metrics.ttl.replaced, 1);
	ck_assert_uint_eq(c->metrics.ttl.expired, 1);
	ck_assert_uint_eq(c->metrics.ttl.deleted, 1);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 1024);
	/* the id is item 2's now: a third upsert of it replaces it (200) */
	ck_assert_int_eq(upsert_id(c, &k, 2600, 3, "d1"), 200);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 1024);
	container_free(c);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ttl");
	TCase *tc = tcase_create("ttl");

	tcase_add_test(tc, test_ttl_rule_tables);
	tcase_add_test(tc, test_ttl_item_values);
	tcase_add_test(tc, test_ttl_queue_order);
	tcase_add_test(tc, test_ttl_fifo);
	tcase_add_test(tc, test_ttl_invisible_at_once);
	tcase_add_test(tc, test_ttl_item_overrides);
	tcase_add_test(tc, test_ttl_deletion_uses_leftover);
	tcase_add_test(tc, test_ttl_deletions_before_burst_credit);
	tcase_add_test(tc, test_ttl_cap_follows_deletions);
	tcase_add_test(tc, test_ttl_split_keeps_pending);
	tcase_add_test(tc, test_ttl_property_in_a_run);
	tcase_add_test(tc, test_ttl_data_file_records);
	tcase_add_test(tc, test_ttl_csv_row_end_of_second);
	tcase_add_test(tc, test_ttl_query_finds_nothing_left);
	tcase_add_test(tc, test_ttl_data_time_compressed);
	tcase_add_test(tc, test_ttl_upsert_takes_expired_id);
	suite_add_tcase(s, tc);
	return s;
}
