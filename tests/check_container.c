/*
 * container: layout, throughput changes, per-second budgets and 429s,
 * the 20 GB logical partition cap, storage splits and the invariants
 * after any sequence of splits. Each expected number has its reason
 * beside it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/service/cosmos/container.h"
#include "pksim/service/cosmos/epk.h"
#include "testutil.h"

static struct pk_container_spec spec_for(int64_t ru)
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
	return s;
}

static struct pk_cost_spec default_cost(void)
{
	/* D-RU, D-KV published points */
	struct pk_cost_spec c = {1, 10, 5, 50, 1, 1, 2.5, 0.5};

	return c;
}

/* A new container of ru RU/s (spec_for) with the default costs; free
   with container_free. */
static struct pk_container *container_of(int64_t ru)
{
	struct pk_container_spec s = spec_for(ru);
	struct pk_cost_spec cost = default_cost();

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

/* a key "k-N" whose EPK falls in range index i of c; name written to out */
static void key_in_range(const struct pk_container *c, size_t i, char *out)
{
	unsigned char enc[PK_EPK_ENCODED_MAX];
	int n;

	for (n = 0; n < 100000; n++) {
		size_t len;
		struct pk_epk e;

		snprintf(out, 32, "k-%d", n);
		len = key_of(out, enc);
		e = epk_from_encoded_v2(enc, len);
		if (pmap_find(&c->pmap, &e) == i) {
			return;
		}
	}
	ck_abort_msg("no key found for range %zu", i);
}

/* container_apply with the request's EPK computed from its key (V2) */
static void apply(struct pk_container *c, struct pk_request *r,
		  struct pk_outcome *o)
{
	struct pk_epk e = epk_from_encoded_v2(r->key, r->key_len);

	r->epk = &e;
	container_apply(c, r, o);
}

static int64_t share_ru(const struct pk_container *c, size_t i)
{
	return c->pp[i].budget.share_mru / 1000;
}

START_TEST(test_container_initial_layout)
{
	/* rule 2 / D-SCALE: manual R RU/s -> max(1, ceil(R / 6000)) */
	struct pk_container_spec s = spec_for(18000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c = container_new("t", &s, &cost);

	ck_assert_uint_eq(c->pmap.n, 3);	/* 18,000 / 6,000 = 3 */
	ck_assert_int_eq(share_ru(c, 0), 6000); /* evenly: 18,000 / 3 */
	ck_assert_int_eq(share_ru(c, 2), 6000);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
	ck_assert_uint_eq(container_initial_ranges(400, 6000), 1);
	ck_assert_uint_eq(container_initial_ranges(30000, 6000), 5);
	ck_assert_uint_eq(container_initial_ranges(6001, 6000), 2);
}
END_TEST

START_TEST(test_container_raise_and_split)
{
	/* D-SCALE example: 3 partitions at 30,000 -> 45,000 gives 5 */
	struct pk_container *c = container_of(18000);

	container_set_throughput(c, 0, 30000);
	/* 30,000 <= 3 x 10,000: instant, still 3 ranges of 10,000 */
	ck_assert_uint_eq(c->pmap.n, 3);
	ck_assert_int_eq(share_ru(c, 0), 10000);
	ck_assert_uint_eq(c->metrics.n_splits, 0);
	container_set_throughput(c, 1000, 45000);
	/* ceil(45,000 / 10,000) = 5: two of the three parents split */
	ck_assert_uint_eq(c->pmap.n, 5);
	ck_assert_uint_eq(c->metrics.n_splits, 2);
	ck_assert_int_eq(c->metrics.splits[0].reason, PK_SPLIT_THROUGHPUT);
	/* RU/s re-divided evenly after the splits: 45,000 / 5 */
	ck_assert_int_eq(share_ru(c, 0), 9000);
	ck_assert_int_eq(share_ru(c, 4), 9000);
	/* the children halve the parent's range: parent 0 was
	   ["", 0x15555...), its children meet at its midpoint */
	ck_assert_uint_eq(c->metrics.splits[0].parent, 0);
	ck_assert_uint_eq(c->metrics.splits[0].children[0], 3);
	ck_assert_uint_eq(c->metrics.splits[0].children[1], 4);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

START_TEST(test_container_lower_keeps_partitions)
{
	/* rule 7: 24,000 -> 4 x 6,000; raised to 40,000 (<= 4 x 10,000,
	   instant) still 4; lowered to 30,000 -> 4 x 7,500 */
	struct pk_container *c = container_of(24000);

	ck_assert_uint_eq(c->pmap.n, 4);
	ck_assert_int_eq(share_ru(c, 0), 6000);
	container_set_throughput(c, 0, 40000);
	ck_assert_uint_eq(c->pmap.n, 4);
	ck_assert_int_eq(share_ru(c, 3), 10000);
	container_set_throughput(c, 2000, 30000);
	ck_assert_uint_eq(c->pmap.n, 4);
	ck_assert_int_eq(share_ru(c, 0), 7500);
	ck_assert_int_eq(share_ru(c, 3), 7500);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

START_TEST(test_container_uneven_shares_sum)
{
	/* 10,000 RU/s over 3 ranges does not divide: the shares must still
	   add up to exactly 10,000 (rule 4) */
	struct pk_container *c = container_of(18000);
	int64_t sum = 0;
	size_t i;

	container_set_throughput(c, 0, 10000);
	for (i = 0; i < c->pmap.n; i++) {
		sum += c->pp[i].budget.share_mru;
	}
	ck_assert_int_eq(sum, 10000 * 1000);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * The reported case: created at 30,000 RU/s (5 ranges) and lowered to
 * 10,000 (2,000 each). Four ranges get 100 req/s of 10 RU, one gets 100
 * req/s of 21 RU, evenly spaced. No retries (a 429 is final here).
 * Cost: write 1 KB = 10 RU, 100 KB = 109 RU, so linear 1 RU per KB:
 * 1 KB -> 10 RU, 12 KB -> 10 + 99 x 11 / 99 = 21 RU.
 */
START_TEST(test_container_throttling_case)
{
	struct pk_container_spec s = spec_for(30000);
	struct pk_cost_spec cost = {1, 10, 10, 109, 1, 1, 2.5, 0.5};
	struct pk_container *c = container_new("t", &s, &cost);
	unsigned char enc[5][PK_EPK_ENCODED_MAX];
	size_t len[5], i;
	char name[32];
	uint64_t item = 0, hot_429 = 0, hot_ok = 0, all = 0, all_429 = 0;
	const int seconds = 10;
	int t;

	ck_assert_uint_eq(c->pmap.n, 5); /* ceil(30,000 / 6,000) */
	container_set_throughput(c, 0, 10000);
	ck_assert_int_eq(share_ru(c, 0), 2000); /* 10,000 / 5 */
	for (i = 0; i < 5; i++) {
		key_in_range(c, i, name);
		len[i] = key_of(name, enc[i]);
	}
	for (t = 0; t < seconds * 1000; t += 10) {
		for (i = 0; i < 5; i++) {
			struct pk_request r = {
			    t,	    PK_OP_CREATE,
			    item++, i == 4 ? 12 * 1024 : 1024,
			    enc[i], len[i],
			    NULL,   0,
			    NULL,   0,
			    NULL,   PK_TTL_OFF,
			    t};
			struct pk_outcome o;

			apply(c, &r, &o);
			all++;
			if (o.status == 429) {
				all_429++;
				ck_assert_int_eq(o.sub_status, 3200);
				/* retry-after: until the next 1 s window */
				ck_assert_int_eq(o.retry_after_ms,
						 1000 - t % 1000);
			}
			if (i == 4) {
				hot_429 += o.status == 429;
				hot_ok += o.status == 201;
			} else {
				ck_assert_int_eq(o.status, 201);
				ck_assert_int_eq(o.charge_mru, 10000);
			}
		}
	}
	container_advance(c, seconds * 1000);
	/* 95 x 21 = 1,995 <= 2,000 < 96 x 21: 95 served, 5 limited a second */
	ck_assert_uint_eq(hot_ok, 95 * seconds);
	ck_assert_uint_eq(hot_429, 5 * seconds);
	/* 5 of 100 on that range: 5% */
	ck_assert_uint_eq(c->pp[4].throttled_429 * 100 / c->pp[4].requests, 5);
	/* a second with a 429 reads 100% normalized */
	ck_assert(c->metrics.ranges[c->pmap.ranges[4].id].peak_normalized ==
		  1.0);
	/* the others: 100 x 10 = 1,000 of 2,000 = 50%, no 429s */
	ck_assert(c->metrics.ranges[c->pmap.ranges[0].id].peak_normalized ==
		  0.5);
	ck_assert_uint_eq(c->pp[0].throttled_429, 0);
	/* overall 5 of 500 a second = 1% */
	ck_assert_uint_eq(all_429 * 100 / all, 1);
	ck_assert_uint_eq(c->metrics.totals.throttled_429, all_429);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * One key writing an item of 1 MB (2^20 bytes) every 130 ms: 20 GB
 * (2^30 x 20 bytes) holds 20 x 2^30 / 2^20 = 20,480 items, written at
 * t = 0 .. 20,479 x 130 ms, so the first write refused arrives at
 * t = 20,480 x 130 = 2,662,400 ms, in the report "t = 2,663 s". From then
 * on every write of that key gets 403/1014 and another key's writes do
 * not. Each write is 50 RU x 1,024 KB / 100 KB = 512 RU, at most 8 in a
 * second (1,000 / 130 = 7.7) = 4,096 RU/s, under the 5,000 RU/s of
 * either of 10,000 RU/s's two ranges: nothing is rate limited. (Items
 * of 1 MB, not 8 KB: 20,480 writes, not 2.6 million, fill the same cap.)
 */
START_TEST(test_container_lp_cap_20gb)
{
	struct pk_container *c = container_of(10000);
	unsigned char hot[PK_EPK_ENCODED_MAX], other[PK_EPK_ENCODED_MAX];
	size_t hl = key_of("filler", hot), ol = key_of("bystander", other);
	const struct pk_lp *lp;
	uint64_t item = 0, hot_403 = 0, other_403 = 0;
	/* 100 writes past the cap */
	int64_t t, end = 2662400 + 100 * 130;

	for (t = 0; t < end; t += 130) {
		struct pk_request r = {t,    PK_OP_CREATE, item++, 1 << 20, hot,
				       hl,   NULL,	   0,	   NULL,    0,
				       NULL, PK_TTL_OFF,   t};
		struct pk_outcome o;

		apply(c, &r, &o);
		if (o.status == 403) {
			ck_assert_int_eq(o.sub_status, 1014);
			ck_assert_int_ge(t, 2662400);
			hot_403++;
		} else {
			ck_assert_int_eq(o.status, 201);
			ck_assert_int_lt(t, 2662400);
		}
		if (t % 1000 == 0) {
			struct pk_request q = {
			    t, PK_OP_CREATE, item++, 8192, other,      ol, NULL,
			    0, NULL,	     0,	     NULL, PK_TTL_OFF, t};

			apply(c, &q, &o);
			other_403 += o.status == 403;
		}
	}
	lp = container_find_lp(c, hot, hl);
	ck_assert_ptr_nonnull(lp);
	ck_assert_int_eq(container_lp_rare(c, lp)->full_at_ms, 2662400);
	ck_assert_int_eq((container_lp_rare(c, lp)->full_at_ms + 999) / 1000,
			 2663);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS), 20480);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE),
			  20ULL << 30);
	ck_assert_uint_eq(hot_403, 100);
	ck_assert_uint_eq(other_403, 0);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * A storage split cuts at the logical-partition boundary nearest the
 * storage median (rule 9): four keys of 30 KB in one range with a 100 KB
 * cap (120 KB > 100 KB) split into two children of 2 keys, 60 KB each.
 */
START_TEST(test_container_storage_split_median)
{
	struct pk_container_spec s = spec_for(400);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	char name[8];
	int k;

	s.pp_storage_bytes = 100 * 1024;
	c = container_new("t", &s, &cost);
	ck_assert_uint_eq(c->pmap.n, 1);
	for (k = 0; k < 4; k++) {
		unsigned char enc[PK_EPK_ENCODED_MAX];
		struct pk_request r = {
		    k * 250, PK_OP_CREATE, (uint64_t)k, 30 * 1024, enc,
		    0,	     NULL,	   0,		NULL,	   0,
		    NULL,    PK_TTL_OFF,   k * 250};
		struct pk_outcome o;

		snprintf(name, sizeof(name), "key%d", k);
		r.key_len = key_of(name, enc);
		apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
	}
	ck_assert_uint_eq(c->pmap.n, 1); /* splits at the end of the second */
	container_advance(c, 1000);
	ck_assert_uint_eq(c->pmap.n, 2);
	ck_assert_uint_eq(c->metrics.n_splits, 1);
	ck_assert_int_eq(c->metrics.splits[0].reason, PK_SPLIT_STORAGE);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 60 * 1024);
	ck_assert_uint_eq(c->pp[1].storage_bytes, 60 * 1024);
	ck_assert_uint_eq(c->pp[0].logical_partitions, 2);
	/* 400 RU/s re-divided: 200 each */
	ck_assert_int_eq(share_ru(c, 0), 200);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* A key that is neither hierarchical nor of version 1 has pkey_build's
   EPK epk_from_encoded_v2(its identity bytes), so the container keeps
   only the identity bytes (PK_LP_EPK_OF_KEY) and computes the EPK again
   where it is read; a version 1 container keeps the EPK it was given. */
START_TEST(test_container_lp_keeps_key_bytes_only)
{
	static const char *const names[3] = {"a", "bb", "ccc"};
	int version;

	for (version = 2; version >= 1; version--) {
		struct pk_container_spec s = spec_for(400);
		struct pk_cost_spec cost = default_cost();
		struct pk_container *c;
		size_t kept = 0;
		int k;

		s.key.version = version;
		c = container_new("t", &s, &cost);
		for (k = 0; k < 3; k++) {
			unsigned char enc[PK_EPK_ENCODED_MAX];
			struct pk_request r = {0,
					       PK_OP_CREATE,
					       (uint64_t)k,
					       1024,
					       enc,
					       0,
					       NULL,
					       0,
					       NULL,
					       0,
					       NULL,
					       PK_TTL_OFF,
					       0};
			struct pk_outcome o;
			const struct pk_lp *lp;
			struct pk_epk want, got;

			r.key_len = key_of(names[k], enc);
			apply(c, &r, &o);
			ck_assert_int_eq(o.status, 201);
			lp = container_find_lp(c, enc, r.key_len);
			ck_assert_ptr_nonnull(lp);
			want = epk_from_encoded_v2(enc, r.key_len);
			got = container_lp_epk(lp);
			ck_assert_int_eq(epk_cmp(&got, &want), 0);
			ck_assert_int_eq(lp->epk_len, version == 2
							  ? PK_LP_EPK_OF_KEY
							  : PK_EPK_V2_BYTES);
			kept += r.key_len;
		}
		/* a string's identity bytes: marker, its bytes, 0xFF (epk.c):
		   3 + 4 + 5 = 12; version 1 keeps the 16-byte EPK of each
		   too: 12 + 3 x 16 = 60 */
		ck_assert_uint_eq(kept, 12);
		ck_assert_uint_eq(c->arena_used,
				  version == 2 ? 12 : 12 + 3 * PK_EPK_V2_BYTES);
		ck_assert_int_eq(container_check(c), 0);
		container_free(c);
	}
}
END_TEST

/* After any sequence of storage and throughput splits the invariants
   hold: ranges tile the space, each logical partition in one range,
   storage sums match, RU/s shares add up to the provisioned total. */
START_TEST(test_container_invariants_under_splits)
{
	struct pk_container_spec s = spec_for(6000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	uint64_t item = 0;
	int64_t t = 0;
	int round, k;

	s.pp_storage_bytes = 512 * 1024;
	c = container_new("t", &s, &cost);
	for (round = 0; round < 40; round++) {
		for (k = 0; k < 50; k++) {
			unsigned char enc[PK_EPK_ENCODED_MAX];
			char name[32];
			struct pk_request r = {
			    t,	    PK_OP_CREATE,
			    item++, (uint32_t)(1024 + 97 * k),
			    enc,    0,
			    NULL,   0,
			    NULL,   0,
			    NULL,   PK_TTL_OFF,
			    t};
			struct pk_outcome o;

			snprintf(name, sizeof(name), "u%d",
				 (k * 7 + round) % 300);
			r.key_len = key_of(name, enc);
			apply(c, &r, &o);
			t += 5;
		}
		if (round % 10 == 9) {
			container_set_throughput(c, t, 6000 + round * 2000);
		}
		container_advance(c, t + 1000);
		t += 1000;
		ck_assert_int_eq(container_check(c), 0);
	}
	ck_assert_uint_gt(c->metrics.n_splits, 3);
	container_free(c);
}
END_TEST

/* Rules on single requests (reference §3): the key is immutable, so a
   replace under another key value is a 400 and a read under it finds
   nothing (404); an item over 2 MB is a 413; an invalid item the client
   flags is a 400. None of them stores anything. */
START_TEST(test_container_request_rules)
{
	struct pk_container *c = container_of(400);
	unsigned char a[PK_EPK_ENCODED_MAX], b[PK_EPK_ENCODED_MAX];
	size_t al = key_of("a", a), bl = key_of("b", b);
	struct pk_request r = {0, PK_OP_CREATE, 1, 1024, a,	     al, NULL,
			       0, NULL,		0, NULL, PK_TTL_OFF, 0};
	struct pk_outcome o;

	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 201);
	/* a second create of the same item: 409 */
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 409);
	r.kind = PK_OP_REPLACE;
	r.key = b;
	r.key_len = bl;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 400);
	r.kind = PK_OP_READ;
	r.size_bytes = 0;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 404);
	/* under its own key the item is still there, unchanged */
	r.key = a;
	r.key_len = al;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 200);
	ck_assert_int_eq(o.charge_mru, 1000); /* a 1 KB read: 1 RU */
	/* 2 MB + 1 byte: 413 (D-LIMITS), charged 1 RU, nothing stored */
	r.kind = PK_OP_CREATE;
	r.item = 2;
	r.size_bytes = PK_MAX_ITEM_BYTES + 1;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 413);
	ck_assert_int_eq(o.charge_mru, 1000);
	r.item = 3;
	r.size_bytes = 1024;
	r.reject = 400;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 400);
	ck_assert_uint_eq(c->metrics.totals.bad_request_400, 2);
	ck_assert_uint_eq(c->metrics.totals.too_large_413, 1);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 1024);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * Item sizes that change from request to request are each charged and
 * stored as their own size (container_ops.c keeps the last size's
 * figures). index_factor 1.5, the default costs (5 RU a 1 KB write, 50 RU
 * at 100 KB, the line between, D-RU): 1 KB: 5,000 mRU, 1,024 x 1.5 =
 * 1,536 B; 50 KB: 5 + 45 x 49 / 99 = 27.2727 RU -> 27,273 mRU, 51,200 x
 * 1.5 = 76,800 B; 1 KB again: 5,000 mRU, 1,536 B; 8 KB: 5 + 45 x 7 / 99
 * = 8.1818 RU -> 8,182 mRU, 8,192 x 1.5 = 12,288 B. Stored in all:
 * 1,536 + 76,800 + 1,536 + 12,288 = 92,160 B. 45.5 RU in the second, far
 * under 10,000 RU/s: nothing is rate limited.
 */
START_TEST(test_container_sizes_change)
{
	static const uint32_t size[] = {1024, 50 * 1024, 1024, 8 * 1024};
	static const int64_t charge[] = {5000, 27273, 5000, 8182};
	struct pk_container_spec s = spec_for(10000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	unsigned char a[PK_EPK_ENCODED_MAX];
	size_t al = key_of("a", a), i;
	struct pk_request r = {0, PK_OP_CREATE, 1, 1024, a,	     al, NULL,
			       0, NULL,		0, NULL, PK_TTL_OFF, 0};
	struct pk_outcome o;

	s.index_factor = 1.5;
	c = container_new("t", &s, &cost);
	for (i = 0; i < 4; i++) {
		r.item = i + 1;
		r.size_bytes = size[i];
		apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
		ck_assert_int_eq(o.charge_mru, charge[i]);
	}
	ck_assert_uint_eq(container_storage(c), 92160);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* A 404's cause (metrics.h): item 1 is created (201); item 2's create
   is refused with 413; item 3's create ended failed in the client
   (container_write_failed, as the run calls it past the retries); item 4
   was never written (its create still waiting). Reads of 2 and 3 count
   as lost, 4 as neither: 3 404s, 2 lost, 0 expired. A later create of 3
   stores it: its read is a 200 and the counts stay. Charges: 5 + 1 (a
   413 is charged the not-found 1 RU) + 4 reads of 1 RU + 5 + 1 = 16 RU
   of the 400 RU/s in the second, so nothing is rate limited. */
START_TEST(test_container_404_causes)
{
	struct pk_container *c = container_of(400);
	unsigned char a[PK_EPK_ENCODED_MAX];
	size_t al = key_of("a", a);
	struct pk_request r = {0, PK_OP_CREATE, 1, 1024, a,	     al, NULL,
			       0, NULL,		0, NULL, PK_TTL_OFF, 0};
	struct pk_outcome o;
	static const uint64_t item[3] = {2, 3, 4};
	int k;

	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 201);
	r.item = 2;
	r.size_bytes = PK_MAX_ITEM_BYTES + 1;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 413);
	container_write_failed(c, 3);
	r.kind = PK_OP_READ;
	r.size_bytes = 0;
	for (k = 0; k < 3; k++) {
		r.item = item[k];
		apply(c, &r, &o);
		ck_assert_int_eq(o.status, 404);
	}
	r.item = 1;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 200);
	r.kind = PK_OP_CREATE;
	r.item = 3;
	r.size_bytes = 1024;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 201);
	r.kind = PK_OP_READ;
	r.size_bytes = 0;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 200);
	ck_assert_uint_eq(c->metrics.totals.not_found_404, 3);
	ck_assert_uint_eq(c->metrics.totals.not_found_lost, 2);
	ck_assert_uint_eq(c->metrics.totals.not_found_expired, 0);
	ck_assert_uint_eq(c->metrics.totals.throttled_429, 0);
	container_free(c);
}
END_TEST

/* A 409's cause (metrics.h conflict_409_stored): item 5 is upserted
   (stored), then its own create comes: 409, counted as stored first (the
   workload's upsert chose it while its create waited in the client).
   Item 6 is created with id "x"; item 7's create under the same key with
   id "x" is a 409 of a repeated id: counted, but not as stored first. So
   2 409s, 1 of them stored first. Charges: 5 (upsert) + 5 + 5 + 5 = 20
   RU of 400 RU/s: nothing is rate limited. */
START_TEST(test_container_409_causes)
{
	struct pk_container *c = container_of(400);
	unsigned char a[PK_EPK_ENCODED_MAX];
	size_t al = key_of("a", a);
	struct pk_request r = {0, PK_OP_UPSERT, 5, 1024, a,	     al, NULL,
			       0, NULL,		0, NULL, PK_TTL_OFF, 0};
	struct pk_outcome o;

	apply(c, &r, &o);
	ck_assert_int_lt(o.status, 300);
	r.kind = PK_OP_CREATE;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 409);
	ck_assert_uint_eq(c->metrics.totals.conflict_409_stored, 1);
	r.item = 6;
	r.id = "x";
	r.id_len = 1;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 201);
	r.item = 7;
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 409);
	ck_assert_uint_eq(c->metrics.totals.conflict_409, 2);
	ck_assert_uint_eq(c->metrics.totals.conflict_409_stored, 1);
	ck_assert_uint_eq(c->metrics.totals.throttled_429, 0);
	container_free(c);
}
END_TEST

/* Offer one second (starting at t_s) of 400 creates of 1 KB (5 RU each:
   2,000 RU) to key `name`, items numbered from *item, no retries; returns
   the RU rate limited, in RU. */
static int64_t offer_2000_ru(struct pk_container *c, const char *name,
			     int64_t t_s, uint64_t *item)
{
	unsigned char enc[PK_EPK_ENCODED_MAX];
	size_t len = key_of(name, enc);
	int64_t limited = 0;
	int k;

	for (k = 0; k < 400; k++) {
		struct pk_request r = {t_s * 1000 + k * 2,
				       PK_OP_CREATE,
				       (*item)++,
				       1024,
				       enc,
				       len,
				       NULL,
				       0,
				       NULL,
				       0,
				       NULL,
				       PK_TTL_OFF,
				       t_s * 1000 + k * 2};
		struct pk_outcome o;

		apply(c, &r, &o);
		if (o.status == 429) {
			limited += 5;
		}
	}
	return limited;
}

/* a fan-out query at t_ms; returns the ranges it visited */
static size_t fanout_ranges(struct pk_container *c, int64_t t_ms)
{
	struct pk_route rt;
	struct pk_outcome o;

	memset(&rt, 0, sizeof(rt));
	rt.kind = PK_ROUTE_FANOUT;
	container_query(c, t_ms, &rt, 1, &o);
	ck_assert_int_eq(o.status, 200);
	return o.ranges;
}

/*
 * Created at 18,000 RU/s (3 ranges, rule 2),
 * raised to 30,000 (instant: 3 x 10,000, rule 5), then to 200,000 for an
 * import (splits to ceil(200,000 / 10,000) = 20 ranges, rule 6), then back
 * to 30,000: the ranges stay (rule 7), 20 x 1,500 RU/s. One key needing
 * 2,000 RU/s was clean before the import (2,000 <= 10,000) and now has
 * 500 of its 2,000 RU rate limited (2,000 offered on a 1,500 budget):
 * 25%. A fan-out query visits 20 ranges instead of 3 (rule 21).
 */
START_TEST(test_container_import_case)
{
	struct pk_container_spec s = spec_for(18000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c = container_new("t", &s, &cost);
	uint64_t item = 0;
	size_t i;

	ck_assert_uint_eq(c->pmap.n, 3);
	container_set_throughput(c, 0, 30000);
	ck_assert_uint_eq(c->pmap.n, 3);
	ck_assert_int_eq(share_ru(c, 0), 10000);
	ck_assert_int_eq(offer_2000_ru(c, "hot", 1, &item), 0);
	ck_assert_uint_eq(fanout_ranges(c, 2000), 3);
	container_set_throughput(c, 3000, 200000);
	ck_assert_uint_eq(c->pmap.n, 20);
	ck_assert_uint_eq(c->metrics.n_splits, 17);
	container_set_throughput(c, 4000, 30000);
	ck_assert_uint_eq(c->pmap.n, 20);
	for (i = 0; i < c->pmap.n; i++) {
		ck_assert_int_eq(share_ru(c, i), 1500);
	}
	ck_assert_int_eq(offer_2000_ru(c, "hot", 5, &item), 500);
	ck_assert_uint_eq(fanout_ranges(c, 6000), 20);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* create `items` items of 1 KB (next item numbers from *item) at t_ms in
   the logical partition of key bytes (len) at epk */
static void create_in(struct pk_container *c, const unsigned char *key,
		      size_t len, const struct pk_epk *epk, int items,
		      int64_t t_ms, uint64_t *item)
{
	struct pk_request r;
	struct pk_outcome o;
	int i;

	for (i = 0; i < items; i++) {
		memset(&r, 0, sizeof(r));
		r.t_ms = t_ms;
		r.kind = PK_OP_CREATE;
		r.item = ++*item;
		r.size_bytes = 1024;
		r.key = key;
		r.key_len = len;
		r.epk = epk;
		r.ttl_s = PK_TTL_OFF;
		container_apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
	}
}

/* the logical partition of key bytes (len)'s RU, whole RU */
static double lp_ru(const struct pk_container *c, const unsigned char *key,
		    size_t len)
{
	const struct pk_lp *lp = container_find_lp(c, key, len);

	ck_assert_ptr_nonnull(lp);
	return (double)container_lp_count(c, lp, PK_LP_RU) / 1000.0;
}

/*
 * A targeted query's RU go to the logical partitions it reads, by the
 * items each holds (container_query.c). Key [/office, /month], 400 RU/s
 * (one range): [a, m1] holds 3 items, [a, m2] 1, [b, m1] 2, each a 1 KB
 * create of 5 RU (D-RU). The prefix query on office a with 10 results
 * costs 1 + 2.5 x 1 range + 0.5 x 10 = 8.5 RU (the cost model's query
 * charge), read from [a, m1] and [a, m2]: 8.5 x 3/4 = 6.375 and
 * 8.5 x 1/4 = 2.125 RU; [b, m1] is not read.
 */
START_TEST(test_container_query_prefix_charged)
{
	struct pk_container_spec s = spec_for(400);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	struct pk_value v[3][2] = {
	    {{PK_VALUE_STRING, "a", 1, 0, 0}, {PK_VALUE_STRING, "m1", 2, 0, 0}},
	    {{PK_VALUE_STRING, "a", 1, 0, 0}, {PK_VALUE_STRING, "m2", 2, 0, 0}},
	    {{PK_VALUE_STRING, "b", 1, 0, 0}, {PK_VALUE_STRING, "m1", 2, 0, 0}},
	};
	const unsigned char *key[3] = {(const unsigned char *)"a|m1",
				       (const unsigned char *)"a|m2",
				       (const unsigned char *)"b|m1"};
	int items[3] = {3, 1, 2}, i;
	struct pk_epk e[3], lo, hi;
	struct pk_route rt;
	struct pk_outcome o;
	int point = 0;
	uint64_t item = 0;
	const struct pk_lp *lp;

	s.partition_key = "[/office, /month]";
	s.key.kind = PK_KEY_HIERARCHICAL;
	s.key.n_paths = 2;
	c = container_new("t", &s, &cost);
	for (i = 0; i < 3; i++) {
		e[i] = epk_hash_multi(v[i], 2);
		create_in(c, key[i], 4, &e[i], items[i], 0, &item);
	}
	/* the prefix interval [EPK(a), EPK(a) + "FF") (reference §6) */
	lo = epk_hash_multi(v[0], 1);
	hi = lo;
	hi.b[hi.len++] = 0xFF;
	memset(&rt, 0, sizeof(rt));
	rt.kind = PK_ROUTE_TARGETED;
	rt.n = 1;
	rt.lo = &lo;
	rt.hi = &hi;
	rt.point = &point;
	container_query(c, 0, &rt, 10, &o);
	ck_assert_int_eq(o.status, 200);
	ck_assert_int_eq(o.charge_mru, 8500);
	ck_assert_double_eq_tol(lp_ru(c, key[0], 4), 3 * 5 + 6.375, 1e-9);
	ck_assert_double_eq_tol(lp_ru(c, key[1], 4), 1 * 5 + 2.125, 1e-9);
	ck_assert_double_eq_tol(lp_ru(c, key[2], 4), 2 * 5, 1e-9);
	/* the query is a request of both it read: 3 creates + 1, 1 + 1 */
	lp = container_find_lp(c, key[0], 4);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_REQUESTS), 4);
	lp = container_find_lp(c, key[2], 4);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_REQUESTS), 2);
	/* a logical partition added after the groups were built is read by
	   the next query: [a, m3] with 4 items of the 8 under a: 8.5 x
	   4/8 = 4.25 RU */
	{
		struct pk_value m3[2] = {{PK_VALUE_STRING, "a", 1, 0, 0},
					 {PK_VALUE_STRING, "m3", 2, 0, 0}};
		struct pk_epk e3 = epk_hash_multi(m3, 2);

		create_in(c, (const unsigned char *)"a|m3", 4, &e3, 4, 0,
			  &item);
		container_query(c, 0, &rt, 10, &o);
		ck_assert_double_eq_tol(
		    lp_ru(c, (const unsigned char *)"a|m3", 4), 4 * 5 + 4.25,
		    1e-9);
	}
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * An IN list over points on two ranges (12,000 RU/s: rule 2, 2 ranges):
 * "a" in range 0 with 1 item, "b" and "c" in range 1 with 3 and 1. With
 * 10 results the query costs 1 + 2.5 x 2 + 0.5 x 10 = 11 RU, 5.5 a
 * range (split evenly over the ranges visited): "a" takes range 0's 5.5,
 * "b" 5.5 x 3/4 = 4.125 and "c" 5.5 x 1/4 = 1.375 of range 1's.
 */
START_TEST(test_container_query_in_list_charged)
{
	struct pk_container_spec s = spec_for(12000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c = container_new("t", &s, &cost);
	char name[3][32];
	unsigned char k[3][PK_EPK_ENCODED_MAX];
	size_t len[3];
	struct pk_epk e[3];
	int items[3] = {1, 3, 1}, point[3] = {1, 1, 1}, i;
	double want[3] = {5 + 5.5, 3 * 5 + 4.125, 5 + 1.375};
	struct pk_route rt;
	struct pk_outcome o;
	uint64_t item = 0;

	ck_assert_uint_eq(c->pmap.n, 2);
	key_in_range(c, 0, name[0]);
	key_in_range(c, 1, name[1]);
	/* another key of range 1 than name[1] */
	for (i = 0; i < 100000; i++) {
		struct pk_epk x;

		snprintf(name[2], 32, "c-%d", i);
		len[2] = key_of(name[2], k[2]);
		x = epk_from_encoded_v2(k[2], len[2]);
		if (pmap_find(&c->pmap, &x) == 1) {
			break;
		}
	}
	for (i = 0; i < 3; i++) {
		len[i] = key_of(name[i], k[i]);
		e[i] = epk_from_encoded_v2(k[i], len[i]);
		create_in(c, k[i], len[i], &e[i], items[i], 0, &item);
	}
	memset(&rt, 0, sizeof(rt));
	rt.kind = PK_ROUTE_TARGETED;
	rt.n = 3;
	rt.lo = e;
	rt.hi = e;
	rt.point = point;
	container_query(c, 0, &rt, 10, &o);
	ck_assert_int_eq(o.status, 200);
	ck_assert_int_eq(o.charge_mru, 11000);
	for (i = 0; i < 3; i++) {
		ck_assert_double_eq_tol(lp_ru(c, k[i], len[i]), want[i], 1e-9);
	}
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * Rule 8 / D-LIMITS example: after 50,000 RU/s with 20 GB stored the
 * minimum is max(400, 20, 50,000 / 100) = 500; 2,000 GB would make it
 * 2,000. 20 creates of 1 MB stored at x 1,024 (index_factor) = 1 GB each.
 */
START_TEST(test_container_minimum)
{
	struct pk_container_spec s = spec_for(18000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	enum pk_min_reason why;
	int k;

	s.index_factor = 1024;
	c = container_new("t", &s, &cost);
	ck_assert_int_eq(container_min_ru_per_s(c, &why), 400);
	ck_assert_int_eq(why, PK_MIN_FLOOR);
	container_set_throughput(c, 0, 50000);
	for (k = 0; k < 20; k++) {
		unsigned char enc[PK_EPK_ENCODED_MAX];
		char name[32];
		struct pk_request r = {
		    1000 + k, PK_OP_CREATE, (uint64_t)k, 1024 * 1024, enc,
		    0,	      NULL,	    0,		 NULL,	      0,
		    NULL,     PK_TTL_OFF,   1000 + k};
		struct pk_outcome o;

		snprintf(name, sizeof(name), "g%d", k);
		r.key_len = key_of(name, enc);
		apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
	}
	ck_assert_uint_eq(container_storage(c), 20ULL << 30);
	ck_assert_int_eq(container_min_ru_per_s(c, &why), 500);
	ck_assert_int_eq(why, PK_MIN_HIGHEST);
	container_set_throughput(c, 2000, 30000);
	/* the highest ever stays 50,000 */
	ck_assert_int_eq(container_min_ru_per_s(c, NULL), 500);
	container_free(c);
}
END_TEST

/*
 * Autoscale max 31,000 -> ceil(3.1) = 4
 * physical partitions (rule 3), so one key can use at most 31,000 / 4 =
 * 7,750 RU/s (rule 17: a hot partition throttles at Tmax / P). A bulk
 * load of 1,000,000 writes of 10 RU into one key, sent as fast as the
 * range admits them, moves 775 writes a second: 1,000,000 / 775 =
 * 1,290.3, so it ends in its 1,291st second, never before 1,290 s. Those
 * seconds the container ran at T = 7,750 x 4 = 31,000, billed for the
 * hour; idle seconds run at 0.1 x 31,000 = 3,100.
 */
START_TEST(test_container_autoscale_case)
{
	struct pk_container_spec s = spec_for(0);
	struct pk_cost_spec cost = {1, 10, 10, 100, 1, 1, 2.5, 0.5};
	struct pk_container *c;
	unsigned char enc[PK_EPK_ENCODED_MAX];
	size_t len = key_of("bulk", enc);
	uint64_t done = 0, item = 0;
	int64_t t_ms = 0;

	s.autoscale_max_ru_per_s = 31000;
	c = container_new("t", &s, &cost);
	ck_assert_uint_eq(c->pmap.n, 4);
	ck_assert_int_eq(share_ru(c, 0), 7750);
	while (done < 1000000) {
		struct pk_request r = {t_ms, PK_OP_CREATE, item, 1024, enc,
				       len,  NULL,	   0,	 NULL, 0,
				       NULL, PK_TTL_OFF,   t_ms};
		struct pk_outcome o;

		apply(c, &r, &o);
		if (o.status == 201) {
			done++;
			item++;
		} else {
			ck_assert_int_eq(o.status, 429);
			t_ms += o.retry_after_ms;
		}
	}
	/* the last write went in during second 1,290 (0-based) */
	ck_assert_int_eq(t_ms / 1000, 1290);
	ck_assert_int_ge(t_ms, 1290000);
	container_advance(c, 1291000 + 5000);
	ck_assert_int_eq(c->metrics.seconds[0].ru_per_s, 31000);
	/* idle seconds run at the floor, 0.1 x 31,000 (one record covers
	   the idle run) */
	ck_assert_ptr_nonnull(metrics_second_at(&c->metrics, 1292));
	ck_assert_int_eq(metrics_second_at(&c->metrics, 1292)->ru_per_s, 3100);
	ck_assert_int_eq(container_autoscale_billed(c, 0), 31000);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* Rule 18 / D-AUTO: storage above 0.1 x Tmax GB raises Tmax to GB x 10
   rounded up to 1,000. Tmax 1,000 holds 100 GB; 101 GB of items (128 KB,
   64 RU, stored at x 8,192 = 1 GB each) raise it to 2,000 at the end of
   the second, recorded as an action. */
START_TEST(test_container_autoscale_storage)
{
	struct pk_container_spec s = spec_for(0);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	int k;

	s.autoscale_max_ru_per_s = 1000;
	s.index_factor = 8192;
	c = container_new("t", &s, &cost);
	ck_assert_uint_eq(c->pmap.n, 1);
	for (k = 0; k < 101; k++) {
		unsigned char enc[PK_EPK_ENCODED_MAX];
		char name[32];
		struct pk_request r = {(int64_t)k * 1000,
				       PK_OP_CREATE,
				       (uint64_t)k,
				       128 * 1024,
				       enc,
				       0,
				       NULL,
				       0,
				       NULL,
				       0,
				       NULL,
				       PK_TTL_OFF,
				       (int64_t)k * 1000};
		struct pk_outcome o;

		snprintf(name, sizeof(name), "g%d", k);
		r.key_len = key_of(name, enc);
		apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
	}
	container_advance(c, 102000);
	ck_assert_int_eq(c->ru_per_s, 2000);
	ck_assert_uint_eq(c->metrics.n_actions, 1);
	ck_assert_int_eq(c->metrics.actions[0].kind, PK_ACTION_AUTOSCALE_MAX);
	ck_assert_int_eq(c->metrics.actions[0].t_s, 101);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * Rule 19 (D-SLESS, D-LIMITS): a serverless container starts
 * with 1 range (pksim's assumption) at 5,000 RU/s. Items of 1 MB stored at
 * x 1,024 (index_factor) take 1 GB each, one key each, one a second:
 * storage splits (50 GB a range) add ranges, and the RU/s follow them:
 * ranges x 5,000 (rule 19 revised): 6 ranges -> 30,000, 20 -> 100,000,
 * always divided evenly. At 1 TB (1,024 GB) the next write
 * is refused: 403, sub-status 0 (pksim's choice: the docs give none), and
 * nothing is stored.
 */
START_TEST(test_container_serverless)
{
	struct pk_container_spec s = spec_for(0);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	int k, saw6 = 0, saw20 = 0;
	size_t i;

	s.serverless = 1;
	s.index_factor = 1024;
	c = container_new("t", &s, &cost);
	ck_assert_uint_eq(c->pmap.n, 1);
	ck_assert_int_eq(c->ru_per_s, 5000);
	for (k = 0; k <= 1024; k++) {
		unsigned char enc[PK_EPK_ENCODED_MAX];
		char name[32];
		struct pk_request r = {(int64_t)k * 1000,
				       PK_OP_CREATE,
				       (uint64_t)k,
				       1024 * 1024,
				       enc,
				       0,
				       NULL,
				       0,
				       NULL,
				       0,
				       NULL,
				       PK_TTL_OFF,
				       (int64_t)k * 1000};
		struct pk_outcome o;

		snprintf(name, sizeof(name), "s%d", k);
		r.key_len = key_of(name, enc);
		apply(c, &r, &o);
		if (k < 1024) {
			/* 512 RU a write, at least 1,000 RU/s a range */
			ck_assert_int_eq(o.status, 201);
		} else {
			ck_assert_int_eq(o.status, 403);
			ck_assert_int_eq(o.sub_status, 0);
		}
		ck_assert_int_eq(c->ru_per_s,
				 provision_serverless_ru_per_s(c->pmap.n));
		for (i = 0; i < c->pmap.n; i++) {
			/* evenly, the mRU remainder to the first ranges */
			ck_assert_int_le(
			    llabs(c->pp[i].budget.share_mru -
				  c->ru_per_s * 1000 / (int64_t)c->pmap.n),
			    1);
		}
		if (c->pmap.n == 6) {
			saw6 = 1;
			ck_assert_int_eq(c->ru_per_s, 30000);
		}
		if (c->pmap.n == 20) {
			saw20 = 1;
			ck_assert_int_eq(c->ru_per_s, 100000);
		}
		ck_assert_int_eq(container_check(c), 0);
	}
	ck_assert(saw6 && saw20);
	ck_assert_uint_eq(container_storage(c), 1024ULL << 30);
	ck_assert_uint_eq(c->metrics.totals.container_full_403, 1);
	ck_assert_uint_eq(c->metrics.totals.rejected_403, 0);
	container_free(c);
}
END_TEST

/*
 * Redistribution beside ranges holding a fraction of an RU/s: 36,000
 * RU/s make 6 ranges (rule 2); lowered to 2,000 each
 * holds 2,000 / 6 = 333.333 RU/s (333,333 mRU, rounded down). Ranges 0-2
 * set to 2,000 + 4,000 + 1,000: the shares add up to 7,000,000 +
 * 3 x 333,333 = 7,999,999 mRU, so the container's total (D-REDIST: the sum)
 * is 8,000 RU/s, rounded up; rounded down (7,999) the ranges would hold
 * more than the container.
 */
START_TEST(test_container_redistribute_fraction)
{
	struct pk_container *c = container_of(36000);
	struct pk_redist_spec a[3] = {
	    {0, 2000, 0, 0}, {1, 4000, 0, 0}, {2, 1000, 0, 0}};
	size_t bad = 99;

	ck_assert_uint_eq(c->pmap.n, 6);
	container_set_throughput(c, 0, 2000);
	ck_assert_int_eq(c->pp[3].budget.share_mru, 333333);
	ck_assert_int_eq(container_redistribute(c, 1000, a, 3, &bad), 0);
	ck_assert_int_eq(c->ru_per_s, 8000);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* One 1 KB create of key name at t_ms as item `item`; returns the status. */
static int create_1kb(struct pk_container *c, const char *name, int64_t t_ms,
		      uint64_t item)
{
	unsigned char enc[PK_EPK_ENCODED_MAX];
	struct pk_request r = {t_ms, PK_OP_CREATE, item, 1024, enc,
			       0,    NULL,	   0,	 NULL, 0,
			       NULL, PK_TTL_OFF,   t_ms};
	struct pk_outcome o;

	r.key_len = key_of(name, enc);
	apply(c, &r, &o);
	return o.status;
}

/*
 * Rule 26 / D-REDIST's examples: a container of 3 ranges at 6,000 RU/s
 * (created at 18,000, lowered: 3 x 2,000) set to 2,000 + 4,000 + 1,000
 * becomes a 7,000 RU/s container, each range with its own share. Then
 * range 1 set to 15,000 (above 10,000): it splits into two children of
 * 7,500 each, and the total is 2,000 + 15,000 + 1,000 = 18,000 over 4
 * ranges. A later throughput change keeps each range's fraction (rule 26,
 * redistribution FAQ); the policy set back to equal divides evenly.
 */
START_TEST(test_container_redistribute)
{
	struct pk_container *c = container_of(18000);
	struct pk_redist_spec a[3] = {
	    {0, 2000, 0, 0}, {1, 4000, 0, 0}, {2, 1000, 0, 0}};
	struct pk_redist_spec up = {1, 15000, 0, 0}, missing = {9, 100, 0, 0};
	size_t bad = 99;

	container_set_throughput(c, 0, 6000);
	ck_assert_int_eq(share_ru(c, 1), 2000);
	ck_assert_int_eq(container_redistribute(c, 1000, a, 3, &bad), 0);
	ck_assert_int_eq(c->ru_per_s, 7000);
	ck_assert_int_eq(share_ru(c, 0), 2000);
	ck_assert_int_eq(share_ru(c, 1), 4000);
	ck_assert_int_eq(share_ru(c, 2), 1000);
	ck_assert_int_eq(container_check(c), 0);
	ck_assert_int_eq(container_redistribute(c, 2000, &up, 1, &bad), 0);
	ck_assert_uint_eq(c->pmap.n, 4);
	ck_assert_uint_eq(c->metrics.n_splits, 1);
	ck_assert_uint_eq(c->metrics.splits[0].parent, 1);
	ck_assert_int_eq(share_ru(c, 1), 7500);
	ck_assert_int_eq(share_ru(c, 2), 7500);
	ck_assert_int_eq(c->ru_per_s, 18000);
	ck_assert_int_eq(container_check(c), 0);
	/* range 9 does not exist: refused, nothing changes */
	ck_assert_int_eq(container_redistribute(c, 3000, &missing, 1, &bad),
			 -1);
	ck_assert_uint_eq(bad, 0);
	ck_assert_int_eq(c->ru_per_s, 18000);
	/* two redistributions, one split among them */
	ck_assert_uint_eq(c->metrics.n_actions, 3);
	/* 20,000 x 2,000 / 18,000 = 2,222.2; x 7,500 / 18,000 = 8,333.3;
	   x 1,000 / 18,000 = 1,111.1 (share_ru rounds down) */
	container_set_throughput(c, 4000, 20000);
	ck_assert_int_eq(share_ru(c, 0), 2222);
	ck_assert_int_eq(share_ru(c, 1), 8333);
	ck_assert_int_eq(share_ru(c, 2), 8333);
	ck_assert_int_eq(share_ru(c, 3), 1111);
	ck_assert_int_eq(c->ru_per_s, 20000);
	ck_assert_int_eq(container_check(c), 0);
	/* equal again: 20,000 / 4 = 5,000 each */
	container_set_policy_equal(c, 5000);
	ck_assert_int_eq(share_ru(c, 0), 5000);
	ck_assert_int_eq(share_ru(c, 3), 5000);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * D-MERGE: 24,000 RU/s -> 4 ranges (rule 2), lowered to 8,000 (4 x
 * 2,000). Storage 3, 0, 1 and 5 KB (range 0 .. 3). merge: 2 merges the
 * pair with the least combined storage first: 1 + 2 (1 KB) -> id 4; then
 * 0 + 4 (4 KB; 4 + 3 would be 6 KB) -> id 5. Left: 5 [""..) and 3, each
 * 4,000 RU/s, storage 4 and 5 KB. Each merge is recorded with the
 * container before it: 4 ranges, 8,000 RU/s, 9 KB (2,000 RU/s a range
 * suits D-MERGE; result.c decides that). Then at 30,000 RU/s, merge: 1
 * stops at ceil(30,000 / 10,000) = 3 ranges; recorded at t = 1 s with 4
 * ranges before and 30,000 RU/s (7,500 a range: D-MERGE suits below
 * 3,000, which the result notes).
 */
START_TEST(test_container_merge)
{
	struct pk_container_spec s = spec_for(24000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c = container_new("t", &s, &cost);
	static const int per_range[4] = {3, 0, 1, 5};
	uint64_t item = 0;
	size_t i;
	int k;

	ck_assert_uint_eq(c->pmap.n, 4);
	container_set_throughput(c, 0, 8000);
	for (i = 0; i < 4; i++) {
		for (k = 0; k < per_range[i]; k++) {
			char name[32];

			/* the same key each time: one logical partition,
			   a new item */
			key_in_range(c, i, name);
			ck_assert_int_eq(create_1kb(c, name, 1000, item++),
					 201);
		}
	}
	ck_assert_uint_eq(c->pp[0].storage_bytes, 3 * 1024);
	ck_assert_uint_eq(c->pp[3].storage_bytes, 5 * 1024);
	ck_assert_uint_eq(container_merge(c, 2000, 2), 2);
	ck_assert_uint_eq(c->pmap.n, 2);
	ck_assert_uint_eq(c->pmap.ranges[0].id, 5);
	ck_assert_uint_eq(c->pmap.ranges[1].id, 3);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 4 * 1024);
	ck_assert_uint_eq(c->pp[1].storage_bytes, 5 * 1024);
	ck_assert_int_eq(share_ru(c, 0), 4000);
	ck_assert_int_eq(share_ru(c, 1), 4000);
	ck_assert_uint_eq(c->metrics.n_merges, 1);
	ck_assert_int_eq(c->metrics.merges[0].t_s, 2);
	ck_assert_uint_eq(c->metrics.merges[0].ranges_before, 4);
	ck_assert_uint_eq(c->metrics.merges[0].ranges_after, 2);
	ck_assert_int_eq(c->metrics.merges[0].ru_per_s, 8000);
	ck_assert_uint_eq(c->metrics.merges[0].storage_bytes, 9 * 1024);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);

	c = container_new("t", &s, &cost);
	container_set_throughput(c, 0, 30000);
	ck_assert_uint_eq(container_merge(c, 1000, 1), 1);
	ck_assert_uint_eq(c->pmap.n, 3);
	ck_assert_uint_eq(c->metrics.n_merges, 1);
	ck_assert_int_eq(c->metrics.merges[0].t_s, 1);
	ck_assert_uint_eq(c->metrics.merges[0].ranges_before, 4);
	ck_assert_uint_eq(c->metrics.merges[0].ranges_after, 3);
	ck_assert_int_eq(c->metrics.merges[0].ru_per_s, 30000);
	ck_assert_int_eq(share_ru(c, 0), 10000);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* n batch items numbered from item, size bytes each, under key (its EPK
   in *epk), without ids */
static void batch_items(struct pk_request *v, size_t n, uint64_t item,
			uint32_t size, const unsigned char *key, size_t len,
			struct pk_epk *epk)
{
	size_t i;

	*epk = epk_from_encoded_v2(key, len);
	for (i = 0; i < n; i++) {
		memset(&v[i], 0, sizeof(v[i]));
		v[i].kind = PK_OP_CREATE;
		v[i].item = item + i;
		v[i].size_bytes = size;
		v[i].key = key;
		v[i].key_len = len;
		v[i].epk = epk;
	}
}

/* A transactional batch on one key is stored whole and charged the sum
   of its creates; one spanning two keys is refused whole (400, 1 RU);
   a repeated id or item is a 409 that stores nothing. */
/* The logical-partition index (lptable, within the bytes per logical
   partition docs/design.md allows) is at most 7/8 full: it starts at 1,024
   slots and doubles when one more would pass 7/8, so 3,584 logical partitions
   (7/8 x 4,096) fit in 4,096 slots (at most half full they needed 8,192) and
   the 3,585th doubles it. Every key is found at its index through the tagged
   slots, and a key never written is not. */
START_TEST(test_container_lp_index_seven_eighths)
{
	struct pk_container *c = container_of(100000);
	unsigned char enc[PK_EPK_ENCODED_MAX];
	char name[32];
	int i;

	for (i = 0; i < 3585; i++) {
		size_t len;
		struct pk_request r;
		struct pk_outcome o;

		snprintf(name, sizeof(name), "lp-%d", i);
		len = key_of(name, enc);
		memset(&r, 0, sizeof(r));
		r.t_ms = i;
		r.data_ms = i;
		r.kind = PK_OP_CREATE;
		r.item = (uint64_t)i;
		r.size_bytes = 100;
		r.key = enc;
		r.key_len = len;
		r.ttl_s = PK_TTL_OFF;
		apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
		if (i == 3583) {
			/* 3,584 = 7/8 x 4,096: log2(4,096) = 12 index bits */
			ck_assert_uint_eq(c->lp_slot_mask + 1, 4096);
			ck_assert_uint_eq(c->lp_slot_bits, 12);
		}
	}
	ck_assert_uint_eq(c->n_lps, 3585);
	ck_assert_uint_eq(c->lp_slot_mask + 1, 8192);
	ck_assert_uint_eq(c->lp_slot_bits, 13);
	for (i = 0; i < 3585; i++) {
		const struct pk_lp *lp;
		size_t len;

		snprintf(name, sizeof(name), "lp-%d", i);
		len = key_of(name, enc);
		lp = container_find_lp(c, enc, len);
		ck_assert_ptr_nonnull(lp);
		/* indexes in order of creation, from 1 */
		ck_assert_uint_eq(lp->index, (uint32_t)i + 1);
		ck_assert_uint_eq(lp->key_len, len);
		ck_assert_mem_eq(lp->key, enc, len);
	}
	for (i = 3585; i < 4000; i++) {
		snprintf(name, sizeof(name), "lp-%d", i);
		ck_assert_ptr_null(
		    container_find_lp(c, enc, key_of(name, enc)));
	}
	container_free(c);
}
END_TEST

/*
 * Keys of every length of the index's hash words (container_int.h:
 * 8-byte words, then a last partial word of 1 to 7 bytes): the texts
 * "a", "aa", .. 22 a's (encoded 3 to 24 bytes: a marker, the text, an
 * end byte), and each again with its last letter "b": two keys of one
 * length that differ in one byte, in a whole word or in a partial one.
 * All 44 are created as 44 logical partitions, each found at its own
 * index.
 */
START_TEST(test_container_lp_index_key_lengths)
{
	struct pk_container *c = container_of(100000);
	unsigned char enc[PK_EPK_ENCODED_MAX];
	char name[32];
	size_t n, len;
	int last;

	for (last = 0; last < 2; last++) {
		for (n = 1; n <= 22; n++) {
			struct pk_request r;
			struct pk_outcome o;

			memset(name, 'a', n);
			name[n - 1] = last ? 'b' : 'a';
			name[n] = '\0';
			len = key_of(name, enc);
			memset(&r, 0, sizeof(r));
			r.t_ms = (int64_t)n;
			r.data_ms = (int64_t)n;
			r.kind = PK_OP_CREATE;
			r.item = (uint64_t)(last * 22 + n);
			r.size_bytes = 100;
			r.key = enc;
			r.key_len = len;
			r.ttl_s = PK_TTL_OFF;
			apply(c, &r, &o);
			ck_assert_int_eq(o.status, 201);
		}
	}
	ck_assert_uint_eq(c->n_lps, 44);
	for (last = 0; last < 2; last++) {
		for (n = 1; n <= 22; n++) {
			const struct pk_lp *lp;

			memset(name, 'a', n);
			name[n - 1] = last ? 'b' : 'a';
			name[n] = '\0';
			len = key_of(name, enc);
			lp = container_find_lp(c, enc, len);
			ck_assert_ptr_nonnull(lp);
			ck_assert_uint_eq(lp->index, (uint32_t)(last * 22 + n));
			ck_assert_uint_eq(lp->key_len, len);
			ck_assert_mem_eq(lp->key, enc, len);
		}
	}
	container_free(c);
}
END_TEST

START_TEST(test_container_batch_one_key)
{
	struct pk_container *c = container_of(400);
	unsigned char a[PK_EPK_ENCODED_MAX], b[PK_EPK_ENCODED_MAX];
	size_t al = key_of("a", a), bl = key_of("b", b);
	struct pk_request v[5];
	struct pk_epk ea, eb;
	struct pk_outcome o;
	const struct pk_totals *t = &c->metrics.totals;
	const struct pk_lp *lp;

	batch_items(v, 5, 10, 1024, a, al, &ea);
	container_batch(c, 0, v, 5, &o);
	ck_assert_int_eq(o.status, 201);
	/* 5 creates of 1 KB at 5 RU each (D-RU): 25 RU */
	ck_assert_int_eq(o.charge_mru, 25000);
	lp = container_find_lp(c, a, al);
	ck_assert_ptr_nonnull(lp);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS),
			  5); /* every item stored */
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE),
			  5 * 1024); /* x index 1 */
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_REQUESTS),
			  1); /* one request */
	ck_assert_uint_eq(t->attempts, 1);
	ck_assert_uint_eq(t->succeeded, 1);
	ck_assert_uint_eq(t->batches, 1);
	ck_assert_uint_eq(t->batches_committed, 1);
	ck_assert_uint_eq(t->batch_items, 5);
	ck_assert_int_eq(container_check(c), 0);

	/* items 20..22 on keys a, b, a: the batch spans two logical
	   partitions -> 400 whole, charged the not-found charge (1 RU) */
	batch_items(v, 3, 20, 1024, a, al, &ea);
	eb = epk_from_encoded_v2(b, bl);
	v[1].key = b;
	v[1].key_len = bl;
	v[1].epk = &eb;
	container_batch(c, 100, v, 3, &o);
	ck_assert_int_eq(o.status, 400);
	ck_assert_int_eq(o.charge_mru, 1000);
	/* nothing stored: no logical partition for b, a unchanged */
	ck_assert_ptr_null(container_find_lp(c, b, bl));
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS), 5);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 5 * 1024);
	ck_assert_uint_eq(t->batches, 2);
	ck_assert_uint_eq(t->batches_committed, 1);
	ck_assert_uint_eq(t->batches_rejected_400, 1);
	ck_assert_uint_eq(t->bad_request_400, 1); /* counted as a 400 too */

	/* the first batch again: its items are stored -> 409, nothing more
	   stored; ASSUMPTION (D-403): the whole charge is used */
	batch_items(v, 5, 10, 1024, a, al, &ea);
	container_batch(c, 200, v, 5, &o);
	ck_assert_int_eq(o.status, 409);
	ck_assert_int_eq(o.charge_mru, 25000);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS), 5);

	/* new items 30..32, but the third repeats the first's id: 409, and
	   the first two (which alone would fit) are not stored either */
	batch_items(v, 3, 30, 1024, a, al, &ea);
	v[0].id = "x";
	v[0].id_len = 1;
	v[1].id = "y";
	v[1].id_len = 1;
	v[2].id = "x";
	v[2].id_len = 1;
	container_batch(c, 300, v, 3, &o);
	ck_assert_int_eq(o.status, 409);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_ITEMS), 5);
	ck_assert_uint_eq(t->conflict_409, 2);
	ck_assert_uint_eq(t->batches_committed, 1);
	ck_assert_uint_eq(t->batch_items, 5);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* All or nothing against the budget, the logical partition cap and the
   2 MB request limit. */
START_TEST(test_container_batch_all_or_nothing)
{
	struct pk_container_spec s = spec_for(400);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	unsigned char a[PK_EPK_ENCODED_MAX], x[PK_EPK_ENCODED_MAX];
	size_t al = key_of("a", a), xl = key_of("x", x);
	struct pk_request v[25];
	struct pk_epk ea;
	struct pk_outcome o;
	const struct pk_totals *t;
	uint64_t item = 0;
	int k;

	s.lp_storage_bytes = 12 * 1024; /* a 12 KB logical partition cap */
	c = container_new("t", &s, &cost);
	t = &c->metrics.totals;
	/* 400 RU/s, one range: 60 single creates of 1 KB at t = 0, on keys
	   x0..x59 (each under the cap), use 300 of the second's 400 RU (5
	   RU each) */
	for (k = 0; k < 60; k++) {
		unsigned char xk[PK_EPK_ENCODED_MAX];
		char name[16];
		struct pk_request r = {0,    PK_OP_CREATE, item++, 1024, xk,
				       0,    NULL,	   0,	   NULL, 0,
				       NULL, PK_TTL_OFF,   0};

		snprintf(name, sizeof(name), "x%d", k);
		r.key_len = key_of(name, xk);
		apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
	}
	/* a batch of 25 x 1 KB under a needs 125 RU, 100 are left: rate
	   limited as a whole (429) until the next second, nothing stored
	   (none of the 20 that would have fit) */
	batch_items(v, 25, 100, 1024, a, al, &ea);
	container_batch(c, 0, v, 25, &o);
	ck_assert_int_eq(o.status, 429);
	ck_assert_int_eq(o.retry_after_ms, 1000);
	ck_assert_ptr_null(container_find_lp(c, a, al));
	ck_assert_uint_eq(c->pp[0].storage_bytes, 60 * 1024);
	ck_assert_uint_eq(t->throttled_429, 1);
	ck_assert_uint_eq(t->batches, 0); /* not answered yet */
	/* 10 x 1 KB (50 RU) fits in the 100 left: stored */
	container_batch(c, 0, v, 10, &o);
	ck_assert_int_eq(o.status, 201);
	ck_assert_uint_eq(
	    container_lp_count(c, container_find_lp(c, a, al), PK_LP_ITEMS),
	    10);
	/* 3 x 1 KB more under a would take it to 13 KB, past the 12 KB
	   cap: 403/1014 at the third item; the first two, which fit, are
	   not stored either */
	batch_items(v, 3, 200, 1024, a, al, &ea);
	container_batch(c, 1000, v, 3, &o);
	ck_assert_int_eq(o.status, 403);
	ck_assert_int_eq(o.sub_status, PK_SUBSTATUS_PARTITION_KEY_QUOTA);
	ck_assert_uint_eq(
	    container_lp_count(c, container_find_lp(c, a, al), PK_LP_ITEMS),
	    10);
	ck_assert_uint_eq(
	    container_lp_count(c, container_find_lp(c, a, al), PK_LP_STORAGE),
	    10 * 1024);
	ck_assert_uint_eq(t->rejected_403, 1);
	/* 3 x 1 MB under x: 3 MB, over the 2 MB request limit (D-LIMITS)
	   though each item is under 2 MB: 413, 1 RU, nothing stored */
	batch_items(v, 3, 300, 1024 * 1024, x, xl, &ea);
	container_batch(c, 1000, v, 3, &o);
	ck_assert_int_eq(o.status, 413);
	ck_assert_int_eq(o.charge_mru, 1000);
	ck_assert_ptr_null(container_find_lp(c, x, xl));
	ck_assert_uint_eq(container_storage(c), 70 * 1024); /* 60 + 10 */
	ck_assert_uint_eq(t->batches, 3);		    /* 201, 403, 413 */
	ck_assert_uint_eq(t->batches_committed, 1);
	ck_assert_uint_eq(t->batch_items, 10);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/*
 * Rule 27's docs example (dynamic autoscale): Tmax 1,000 over 2
 * partitions (500 each), one hour with P1 at 500 RU/s and P2 at 200.
 * Classic bills the busiest partition x P: 500 x 2 = 1,000; dynamic bills
 * 500 + 200 = 700. Set up: autoscale 1,000 (1 partition), 1 KB partition
 * storage cap, 1 KB writes costing 100 RU. t = 0: keys a and b (200 RU,
 * 2 KB) split the partition at the second's end: 2 x 500; each child
 * carries half the parent's 200 (100, below both later peaks). t = 1 s:
 * 5 writes on a (500 RU, its whole 500) and 2 on b (200 RU).
 */
START_TEST(test_container_autoscale_dynamic)
{
	struct pk_container_spec s = spec_for(0);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	uint64_t item = 0;
	int k;

	s.autoscale_max_ru_per_s = 1000;
	s.pp_storage_bytes = 1024;
	cost.write_1kb_ru = 100;
	c = container_new("t", &s, &cost);
	ck_assert_uint_eq(c->pmap.n, 1);
	ck_assert_int_eq(create_1kb(c, "a", 0, item++), 201);
	ck_assert_int_eq(create_1kb(c, "b", 10, item++), 201);
	for (k = 0; k < 5; k++) {
		ck_assert_int_eq(create_1kb(c, "a", 1000 + k, item++), 201);
	}
	ck_assert_uint_eq(c->pmap.n, 2);
	ck_assert_int_eq(share_ru(c, 0), 500);
	for (k = 0; k < 2; k++) {
		ck_assert_int_eq(create_1kb(c, "b", 1100 + k, item++), 201);
	}
	container_advance(c, 2000);
	container_end(c);
	ck_assert_int_eq(container_autoscale_billed(c, 0), 1000);
	ck_assert_int_eq(container_autoscale_dynamic_billed(c, 0), 700);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* ---- an existing layout ---- */

START_TEST(test_container_existing_layout)
{
	/* The SRE's container: 5 physical partitions now, 20 GB each, at
	   30,000 RU/s. Rule 2 would give a new container at 30,000
	   ceil(30,000 / 6,000) = 5 as well; at 50,000 it would give
	   ceil(50,000 / 6,000) = ceil(8.33) = 9. */
	struct pk_container_spec s = spec_for(30000);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	const uint64_t gb = 1024ULL * 1024ULL * 1024ULL;
	enum pk_min_reason why;
	size_t i;

	s.existing_partitions = 5;
	s.existing_bytes_per_pp = 20 * gb;
	c = container_new("t", &s, &cost);
	ck_assert_uint_eq(c->pmap.n, 5);
	ck_assert_uint_eq(c->created_ranges, 5);
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(share_ru(c, i), 6000); /* 30,000 / 5 */
		ck_assert_uint_eq(c->pp[i].storage_bytes, 20 * gb);
		ck_assert_uint_eq(c->pp[i].preloaded_bytes, 20 * gb);
		ck_assert_uint_eq(c->pp[i].logical_partitions, 0);
	}
	ck_assert_uint_eq(container_storage(c), 100 * gb); /* 5 x 20 GB */
	/* rule 8: max(400, 100 GB x 1, 30,000 / 100 = 300) = 400 */
	ck_assert_int_eq(container_min_ru_per_s(c, &why), 400);
	/* rule 5: 50,000 <= 5 x 10,000 is instant: 5 x 10,000, no split */
	container_set_throughput(c, 0, 50000);
	ck_assert_uint_eq(c->pmap.n, 5);
	ck_assert_uint_eq(c->metrics.n_splits, 0);
	ck_assert_int_eq(share_ru(c, 0), 10000);
	ck_assert_int_eq(share_ru(c, 4), 10000);
	/* rule 6: 60,000 > 50,000 splits to ceil(60,000 / 10,000) = 6: one
	   parent (range 0, the widest at the lowest index) splits at its
	   midpoint; each child keeps half its 20 GB */
	container_set_throughput(c, 1000, 60000);
	ck_assert_uint_eq(c->pmap.n, 6);
	ck_assert_uint_eq(c->metrics.n_splits, 1);
	ck_assert_uint_eq(c->metrics.splits[0].parent, 0);
	ck_assert_uint_eq(c->pp[0].preloaded_bytes, 10 * gb);
	ck_assert_uint_eq(c->pp[1].preloaded_bytes, 10 * gb);
	ck_assert_uint_eq(c->pp[2].storage_bytes, 20 * gb);
	ck_assert_int_eq(share_ru(c, 0), 10000); /* 60,000 / 6 */
	ck_assert_uint_eq(container_storage(c), 100 * gb);
	/* rule 7: lowering to 30,000 keeps 6 ranges of 5,000 */
	container_set_throughput(c, 2000, 30000);
	ck_assert_uint_eq(c->pmap.n, 6);
	ck_assert_int_eq(share_ru(c, 5), 5000);
	/* rule 8: max(400, 100 GB, 60,000 / 100 = 600) = 600, the highest
	   ever deciding */
	ck_assert_int_eq(container_min_ru_per_s(c, &why), 600);
	ck_assert_int_eq(why, PK_MIN_HIGHEST);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

START_TEST(test_container_existing_storage_split)
{
	/* 1 existing partition holding exactly its cap of 100 KiB (a
	   classroom cap); a 1 KiB write passes the cap, so at the end of
	   the second it splits: the preloaded data, spread evenly, has its
	   median at the EPK midpoint, so each child keeps 50 KiB of it and
	   the new item's child also holds the item's 1 KiB */
	struct pk_container_spec s = spec_for(400);
	struct pk_cost_spec cost = default_cost();
	struct pk_container *c;
	unsigned char enc[PK_EPK_ENCODED_MAX];
	struct pk_request r = {0, PK_OP_CREATE, 0, 1024, enc,	     0, NULL,
			       0, NULL,		0, NULL, PK_TTL_OFF, 0};
	struct pk_outcome o;
	uint64_t total;

	s.pp_storage_bytes = 100 * 1024;
	s.existing_partitions = 1;
	s.existing_bytes_total = 100 * 1024;
	c = container_new("t", &s, &cost);
	ck_assert_uint_eq(c->pp[0].storage_bytes, 100 * 1024);
	r.key_len = key_of("k", enc);
	apply(c, &r, &o);
	ck_assert_int_eq(o.status, 201);
	container_advance(c, 1000);
	ck_assert_uint_eq(c->pmap.n, 2);
	ck_assert_int_eq(c->metrics.splits[0].reason, PK_SPLIT_STORAGE);
	ck_assert_uint_eq(c->pp[0].preloaded_bytes, 50 * 1024);
	ck_assert_uint_eq(c->pp[1].preloaded_bytes, 50 * 1024);
	total = c->pp[0].storage_bytes + c->pp[1].storage_bytes;
	ck_assert_uint_eq(total, 101 * 1024); /* 100 KiB + the item */
	ck_assert_uint_eq(
	    c->pp[0].logical_partitions + c->pp[1].logical_partitions, 1);
	ck_assert_int_eq(container_check(c), 0);
	container_free(c);
}
END_TEST

/* Rule 30 through the container (container_set_class): on 1,000 RU/s,
   second 0 sends 100 High creates of 5 RU (500 RU) before any Low one;
   their demand counts from the first request, so in second 1 Low keeps
   500 RU free: 100 Low creates fit (500 RU), the next 101 get 429s, and
   the 100 High creates after them all fit (1,000 RU). */
START_TEST(test_container_priority_classes)
{
	struct pk_container *c = container_of(1000);
	unsigned char enc[PK_EPK_ENCODED_MAX];
	size_t len = key_of("k", enc);
	uint64_t item = 0;
	int i, ok = 0;

	for (i = 0; i < 100 + 201 + 100; i++) {
		int64_t t = i < 100 ? i : 1000 + i;
		int low = i >= 100 && i < 301;
		struct pk_request r = {t,    PK_OP_CREATE, item++, 1024, enc,
				       len,  NULL,	   0,	   NULL, 0,
				       NULL, PK_TTL_OFF,   t};
		struct pk_outcome o;

		container_set_class(c, low, 0);
		apply(c, &r, &o);
		if (low) {
			ok += o.status == 201;
			ck_assert_int_eq(o.status, i < 200 ? 201 : 429);
		} else {
			ck_assert_int_eq(o.status, 201);
		}
	}
	ck_assert_int_eq(ok, 100);
	ck_assert_uint_eq(c->metrics.totals.throttled_429, 101);
	ck_assert_uint_eq(c->metrics.totals.throttled_low_429, 101);
	ck_assert_uint_eq(c->metrics.totals.throttled_3212, 0);
	container_free(c);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("container");
	TCase *layout = tcase_create("layout");
	TCase *budget = tcase_create("budget");
	TCase *storage = tcase_create("storage");

	tcase_add_test(layout, test_container_initial_layout);
	tcase_add_test(layout, test_container_lp_index_key_lengths);
	tcase_add_test(layout, test_container_existing_layout);
	tcase_add_test(storage, test_container_existing_storage_split);
	tcase_add_test(layout, test_container_raise_and_split);
	tcase_add_test(layout, test_container_lower_keeps_partitions);
	tcase_add_test(layout, test_container_uneven_shares_sum);
	tcase_add_test(budget, test_container_throttling_case);
	tcase_add_test(budget, test_container_request_rules);
	tcase_add_test(budget, test_container_sizes_change);
	tcase_add_test(budget, test_container_404_causes);
	tcase_add_test(budget, test_container_409_causes);
	tcase_add_test(budget, test_container_import_case);
	tcase_add_test(budget, test_container_query_prefix_charged);
	tcase_add_test(budget, test_container_query_in_list_charged);
	tcase_add_test(budget, test_container_batch_one_key);
	tcase_add_test(budget, test_container_lp_index_seven_eighths);
	tcase_add_test(budget, test_container_batch_all_or_nothing);
	tcase_add_test(layout, test_container_minimum);
	tcase_add_test(layout, test_container_redistribute);
	tcase_add_test(layout, test_container_redistribute_fraction);
	tcase_add_test(layout, test_container_merge);
	tcase_add_test(budget, test_container_autoscale_case);
	tcase_add_test(budget, test_container_priority_classes);
	tcase_add_test(storage, test_container_autoscale_storage);
	tcase_add_test(storage, test_container_serverless);
	tcase_add_test(storage, test_container_autoscale_dynamic);
	tcase_add_test(storage, test_container_lp_cap_20gb);
	tcase_add_test(storage, test_container_storage_split_median);
	tcase_add_test(storage, test_container_lp_keeps_key_bytes_only);
	tcase_add_test(storage, test_container_invariants_under_splits);
	tcase_set_timeout(storage, 600);
	suite_add_tcase(s, layout);
	suite_add_tcase(s, budget);
	suite_add_tcase(s, storage);
	return s;
}
