/*
 * check_rng: the generator against published reference outputs, and the
 * distributions against their exact probabilities. Every draw uses a
 * fixed seed, so the statistical checks are deterministic; their
 * tolerances are still derived (about 4 binomial standard deviations), so
 * a correct generator would pass them for any seed.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "pksim/base/powfloor.h"
#include "pksim/base/rng.h"
#include "testutil.h"

/* |observed - p| for a frequency over n draws, in binomial sds */
static double sds_off(uint64_t hits, uint64_t n, double p)
{
	double f = (double)hits / (double)n;

	return fabs(f - p) / sqrt(p * (1 - p) / (double)n);
}

/* zeta(n, theta) = sum 1/i^theta, i = 1..n, summed here independently */
static double zeta(uint64_t n, double theta)
{
	double s = 0;
	uint64_t i;

	for (i = 1; i <= n; i++) {
		s += pow((double)i, -theta);
	}
	return s;
}

START_TEST(test_rng_seed_splitmix)
{
	struct pk_rng r;

	/* splitmix64.c (prng.di.unimi.it) from x = 0: its first four
	   outputs, computed with a Python transcription of that file; the
	   first is the widely quoted 0xe220a8397b1dcdaf */
	rng_seed(&r, 0);
	ck_assert_uint_eq(r.s[0], 0xe220a8397b1dcdafULL);
	ck_assert_uint_eq(r.s[1], 0x6e789e6aa1b965f4ULL);
	ck_assert_uint_eq(r.s[2], 0x06c45d188009454fULL);
	ck_assert_uint_eq(r.s[3], 0xf88bb8a8724c81ecULL);
	/* and seed 1, same source */
	rng_seed(&r, 1);
	ck_assert_uint_eq(r.s[0], 0x910a2dec89025cc1ULL);
	ck_assert_uint_eq(r.s[3], 0x71c18690ee42c90bULL);
}
END_TEST

START_TEST(test_rng_xoshiro_reference)
{
	struct pk_rng r = {{1, 2, 3, 4}};
	static const uint64_t want[] = {
	    11520ULL,
	    0ULL,
	    1509978240ULL,
	    1215971899390074240ULL,
	    1216172134540287360ULL,
	    607988272756665600ULL,
	};
	size_t i;

	/* xoshiro256starstar.c from state {1, 2, 3, 4}: the vector in the
	   Rust rand_xoshiro test suite, re-derived with a Python
	   transcription of the reference C */
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		ck_assert_uint_eq(rng_next(&r), want[i]);
	}
	/* seeded from 0: outputs of the same transcription */
	rng_seed(&r, 0);
	ck_assert_uint_eq(rng_next(&r), 0x99ec5f36cb75f2b4ULL);
	ck_assert_uint_eq(rng_next(&r), 0xbf6e1f784956452aULL);
}
END_TEST

START_TEST(test_rng_seed_determinism)
{
	struct pk_rng a, b, c;
	int i, differ = 0;

	rng_seed(&a, 42);
	rng_seed(&b, 42);
	rng_seed(&c, 43);
	for (i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a);

		/* same seed, same stream: the whole point of pk_rng */
		ck_assert_uint_eq(x, rng_next(&b));
		differ += x != rng_next(&c);
	}
	/* another seed gives another stream (a 64-bit match is ~2^-64) */
	ck_assert_int_eq(differ, 1000);
}
END_TEST

START_TEST(test_rng_below_range)
{
	struct pk_rng r;
	uint64_t hits[3] = {0}, low = 0;
	const uint64_t n = 300000;
	/* ~2/3 of 2^64: a modulo reduction would put 2/3 of draws below
	   big/2 (values under 2^64 - big come up twice) */
	const uint64_t big = 0xaaaaaaaaaaaaaaaaULL;
	uint64_t i;

	rng_seed(&r, 7);
	for (i = 0; i < 1000; i++) {
		/* n = 1 has a single value */
		ck_assert_uint_eq(rng_below(&r, 1), 0);
	}
	for (i = 0; i < n; i++) {
		uint64_t v = rng_below(&r, 3);

		tu_loop_uint(v, <, 3); /* in range by contract */
		hits[v]++;
	}
	for (i = 0; i < 3; i++) {
		/* each of 3 values 1/3, within 4 binomial sds */
		ck_assert_double_le(sds_off(hits[i], n, 1.0 / 3), 4);
	}
	for (i = 0; i < n; i++) {
		uint64_t v = rng_below(&r, big);

		tu_loop_uint(v, <, big);
		low += v < big / 2;
	}
	/* unbiased: half below the midpoint (modulo would give 2/3) */
	ck_assert_double_le(sds_off(low, n, 0.5), 4);
}
END_TEST

/* The whole uint64 range A..B = 0..2^64-1 has
   B - A + 1 = 0 in 64 bits; rng_between takes all 64 bits then, so the
   first draw from state {1, 2, 3, 4} is xoshiro's published first output,
   11520 (the vector above). A one-value range gives that value. */
START_TEST(test_rng_between_full_range)
{
	struct pk_rng r = {{1, 2, 3, 4}};

	ck_assert_uint_eq(rng_between(&r, 0, UINT64_MAX), 11520ULL);
	ck_assert_uint_eq(rng_between(&r, UINT64_MAX, UINT64_MAX), UINT64_MAX);
	ck_assert_uint_eq(rng_between(&r, 7, 7), 7);
}
END_TEST

START_TEST(test_rng_double_continuous)
{
	struct pk_rng r;
	const int n = 200000;
	double sum = 0, sum2 = 0, exp_sum = 0, x;
	int i;

	rng_seed(&r, 3);
	for (i = 0; i < n; i++) {
		x = rng_double(&r);
		/* [0, 1) by contract */
		tu_loop_true(x >= 0 && x < 1);
		sum += x;
	}
	/* uniform mean 1/2, sd of the mean sqrt(1/12/n) ~ 0.00065 */
	ck_assert_double_eq_tol(sum / n, 0.5, 4 * sqrt(1.0 / 12 / n));

	for (i = 0; i < n; i++) {
		x = rng_exponential(&r, 250.0);
		tu_loop_true(x >= 0); /* exponential support */
		exp_sum += x;
	}
	/* exponential mean 250, sd of the mean 250/sqrt(n) */
	ck_assert_double_eq_tol(exp_sum / n, 250.0, 4 * 250.0 / sqrt(n));

	sum = 0;
	for (i = 0; i < n; i++) {
		x = rng_normal(&r, 10.0, 2.0);
		sum += x;
		sum2 += (x - 10.0) * (x - 10.0);
	}
	/* normal mean 10, sd of the mean 2/sqrt(n) */
	ck_assert_double_eq_tol(sum / n, 10.0, 4 * 2.0 / sqrt(n));
	/* variance 4; the sample variance has sd 4 * sqrt(2/n) */
	ck_assert_double_eq_tol(sum2 / n, 4.0, 4 * 4.0 * sqrt(2.0 / n));
}
END_TEST

START_TEST(test_rng_dist_uniform)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_UNIFORM};
	struct pk_dist *d = dist_new(&spec, 10);
	struct pk_rng r;
	uint64_t hits[10] = {0};
	const uint64_t n = 100000;
	uint64_t i;

	rng_seed(&r, 11);
	for (i = 0; i < n; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 10); /* [0, n) */
		hits[v]++;
	}
	for (i = 0; i < 10; i++) {
		/* each value 1/10 */
		ck_assert_double_le(sds_off(hits[i], n, 0.1), 4);
	}
	dist_free(d);
	dist_free(NULL); /* NULL allowed by contract */
}
END_TEST

START_TEST(test_rng_dist_zipfian)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPFIAN, .theta = 0.99};
	struct pk_dist *d = dist_new(&spec, 1000);
	struct pk_rng r;
	const uint64_t n = 200000;
	uint64_t i, h0 = 0, h1 = 0, h_tail = 0;
	double z = zeta(1000, 0.99);

	rng_seed(&r, 5);
	for (i = 0; i < n; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 1000);
		h0 += v == 0;
		h1 += v == 1;
		h_tail += v >= 500;
	}
	/* Gray et al.: rank 0 iff u * zeta_n < 1, so P(0) = 1/zeta(n)
	   exactly (~0.129 for n = 1000, theta 0.99) */
	ck_assert_double_le(sds_off(h0, n, 1 / z), 4);
	/* rank 1 iff 1 <= u * zeta_n < 1 + 0.5^theta: P(1) = 0.5^theta/zeta */
	ck_assert_double_le(sds_off(h1, n, pow(0.5, 0.99) / z), 4);
	/* the upper half of the ranks holds about (zeta(1000) - zeta(500)) /
	   zeta(1000) ~ 0.09 of the mass; Gray's formula is an approximation
	   beyond rank 1, so allow 10% of that share */
	ck_assert_double_eq_tol((double)h_tail / n, (z - zeta(500, 0.99)) / z,
				0.1 * (z - zeta(500, 0.99)) / z);
	dist_free(d);
}
END_TEST

/*
 * A zipfian over 2^32 - 1 values (the most the
 * loader accepts) sets up at once (the sum past 10^7 terms is estimated)
 * and draws rank 0 with P = 1 / zeta(n) (Gray et al.). zeta(4,294,967,295,
 * 0.99) = 25.40954191228768 from mpmath as zeta(0.99) - hurwitz(0.99,
 * n + 1) (30 digits), so P(0) = 0.03935529430054: 200,000 draws land
 * within 4 standard deviations of it.
 */
START_TEST(test_rng_dist_zipfian_huge)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPFIAN, .theta = 0.99};
	struct pk_dist *d = dist_new(&spec, 4294967295ULL);
	struct pk_rng r;
	const uint64_t n = 200000;
	uint64_t i, h0 = 0;

	rng_seed(&r, 11);
	for (i = 0; i < n; i++) {
		h0 += dist_draw(d, &r) == 0;
	}
	ck_assert_double_le(sds_off(h0, n, 0.03935529430054), 4);
	dist_free(d);
}
END_TEST

START_TEST(test_rng_dist_zipfian_resize)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPFIAN, .theta = 0.99};
	struct pk_dist *d = dist_new(&spec, 1);
	struct pk_rng r;
	const uint64_t n = 200000;
	uint64_t i, k, h0;

	rng_seed(&r, 9);
	/* a one-value set has one answer */
	ck_assert_uint_eq(dist_draw(d, &r), 0);
	/* grow one at a time (the incremental zeta update) to 1000 */
	for (k = 2; k <= 1000; k++) {
		dist_set_n(d, k);
		ck_assert_uint_lt(dist_draw(d, &r), k);
	}
	for (h0 = 0, i = 0; i < n; i++) {
		h0 += dist_draw(d, &r) == 0;
	}
	/* the grown set behaves as a fresh n = 1000 one: P(0) = 1/zeta */
	ck_assert_double_le(sds_off(h0, n, 1 / zeta(1000, 0.99)), 4);
	/* shrink to 600 (subtracting terms), then 100 (recomputed) */
	dist_set_n(d, 600);
	for (h0 = 0, i = 0; i < n; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 600);
		h0 += v == 0;
	}
	ck_assert_double_le(sds_off(h0, n, 1 / zeta(600, 0.99)), 4);
	dist_set_n(d, 100);
	for (h0 = 0, i = 0; i < n; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 100);
		h0 += v == 0;
	}
	ck_assert_double_le(sds_off(h0, n, 1 / zeta(100, 0.99)), 4);
	dist_free(d);
}
END_TEST

START_TEST(test_rng_dist_hotspot)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_HOTSPOT,
				    .hot_data_fraction = 0.2,
				    .hot_op_fraction = 0.8};
	struct pk_dist *d = dist_new(&spec, 1000);
	struct pk_rng r;
	const uint64_t n = 200000;
	uint64_t i, hot = 0, first = 0;

	rng_seed(&r, 13);
	for (i = 0; i < n; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 1000);
		hot += v < 200;
		first += v == 0;
	}
	/* hot set = values 0..199 gets 80%; binomial sd ~ 0.09%, the brief's
	   bound is 0.5% */
	ck_assert_double_eq_tol((double)hot / n, 0.8, 0.005);
	/* within the hot set uniform: value 0 has 0.8 / 200 */
	ck_assert_double_le(sds_off(first, n, 0.8 / 200), 4);
	/* one value: hot set of 1, empty cold set, so always 0 */
	dist_set_n(d, 1);
	for (i = 0; i < 100; i++) {
		ck_assert_uint_eq(dist_draw(d, &r), 0);
	}
	dist_free(d);
}
END_TEST

START_TEST(test_rng_dist_sequential)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_SEQUENTIAL};
	struct pk_dist *d = dist_new(&spec, 5);
	struct pk_rng r;
	uint64_t i;

	rng_seed(&r, 1);
	/* 0, 1, ..., n-1, then wrap: exact by definition */
	for (i = 0; i < 12; i++) {
		ck_assert_uint_eq(dist_draw(d, &r), i % 5);
	}
	/* next would be 2; shrinking to 2 wraps it to 0 */
	dist_set_n(d, 2);
	ck_assert_uint_eq(dist_draw(d, &r), 0);
	ck_assert_uint_eq(dist_draw(d, &r), 1);
	ck_assert_uint_eq(dist_draw(d, &r), 0);
	dist_free(d);
}
END_TEST

START_TEST(test_rng_dist_latest)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_LATEST, .theta = 0.99};
	struct pk_dist *d = dist_new(&spec, 1000);
	struct pk_rng r;
	const uint64_t n = 200000;
	uint64_t i, newest = 0, oldest = 0;

	rng_seed(&r, 17);
	/* the first draw has only value 0 in use */
	ck_assert_uint_eq(dist_draw(d, &r), 0);
	/* draw k (1-based) has values 0..k-1 in use */
	for (i = 2; i <= 1000; i++) {
		ck_assert_uint_lt(dist_draw(d, &r), i);
	}
	/* all 1000 in use: newest = 999 with P = 1/zeta(1000) (rank 0) */
	for (i = 0; i < n; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 1000);
		newest += v == 999;
		oldest += v == 0;
	}
	ck_assert_double_le(sds_off(newest, n, 1 / zeta(1000, 0.99)), 4);
	/* and it favours the newest: 999 far above 0 (rank 999) */
	ck_assert_uint_gt(newest, 20 * oldest);
	dist_free(d);
}
END_TEST

/*
 * What dist_pmf says of the draws above: LATEST over 3 values, theta 0.5,
 * once all are in use gives the newest (2) the zipfian's rank 0,
 * 1 / zeta(3, 0.5) = 1 / 2.2844570503761732 = 0.437741, and the oldest
 * (0) rank 2, 3^-0.5 / 2.2844570503761732 = 0.252730; it sums to 1 and
 * dist_hottest names 2. A weighted set's hottest is its largest weight,
 * wherever it stands. (dist_pmf said 1/3 each for LATEST, and the memory
 * estimate took index 0 as every set's hottest.)
 */
START_TEST(test_rng_dist_pmf_latest_hottest)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_LATEST, .theta = 0.5};
	double w[] = {1, 5, 2};
	struct pk_dist_spec ws = {
	    .kind = PK_DIST_WEIGHTED, .weights = w, .n_weights = 3};
	double norm = dist_norm(&spec, 3);

	ck_assert(fabs(norm - 2.2844570503761732) < 1e-15);
	ck_assert(fabs(dist_pmf(&spec, 3, norm, 2) - 0.437741) < 1e-6);
	ck_assert(fabs(dist_pmf(&spec, 3, norm, 0) - 0.252730) < 1e-6);
	ck_assert(fabs(dist_pmf(&spec, 3, norm, 0) +
		       dist_pmf(&spec, 3, norm, 1) +
		       dist_pmf(&spec, 3, norm, 2) - 1.0) < 1e-12);
	ck_assert_uint_eq(dist_hottest(&spec, 3), 2);
	ck_assert_uint_eq(dist_hottest(&ws, 3), 1);
	spec.kind = PK_DIST_ZIPFIAN;
	ck_assert_uint_eq(dist_hottest(&spec, 3), 0);
}
END_TEST

/*
 * What dist_chance says of a zipfian's draws: 10 values at theta 0.99,
 * by hand (Python) after zipf_draw. zeta = zeta(10, 0.99) = 2.956108;
 * ranks 0 and 1 as Zipf's law, 1 / zeta = 0.338283 and 0.5^0.99 / zeta
 * = 0.170318; past them the rank is floor(10 (eta u - eta + 1)^100),
 * eta = (1 - 0.2^0.01) / (1 - (1 + 0.5^0.99) / zeta) = 0.032490, so rank
 * k takes ((k + 1)^0.01 - k^0.01) / (10^0.01 eta): rank 2 0.123054
 * (Zipf's law: 3^-0.99 / zeta = 0.114012), rank 9 0.032412 (0.034620).
 * The chances sum to 1, the tail of rank 2 is 1 - 0.338283 - 0.170318,
 * LATEST's index 9 - k takes rank k's, and 1,000,000 draws land within
 * 4 standard deviations of each.
 */
START_TEST(test_rng_dist_chance_zipfian)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPFIAN, .theta = 0.99};
	struct pk_dist_spec late = {.kind = PK_DIST_LATEST, .theta = 0.99};
	struct pk_dist *d = dist_new(&spec, 10);
	const double norm = dist_norm(&spec, 10);
	const uint64_t n = 1000000;
	uint64_t hits[10] = {0}, i;
	double sum = 0;
	struct pk_rng r;

	ck_assert(fabs(dist_chance(&spec, 10, norm, 0) - 0.338283) < 1e-6);
	ck_assert(fabs(dist_chance(&spec, 10, norm, 1) - 0.170318) < 1e-6);
	ck_assert(fabs(dist_chance(&spec, 10, norm, 2) - 0.123054) < 1e-6);
	ck_assert(fabs(dist_chance(&spec, 10, norm, 9) - 0.032412) < 1e-6);
	ck_assert(dist_chance(&spec, 10, norm, 10) == 0);
	ck_assert(fabs(dist_zipfian_tail(0.99, 10, norm, 2) -
		       (1 - 0.338283 - 0.170318)) < 1e-6);
	ck_assert(dist_zipfian_tail(0.99, 10, norm, 10) == 0);
	for (i = 0; i < 10; i++) {
		sum += dist_chance(&spec, 10, norm, i);
		ck_assert(dist_chance(&late, 10, norm, 9 - i) ==
			  dist_chance(&spec, 10, norm, i));
	}
	ck_assert(fabs(sum - 1.0) < 1e-12);
	rng_seed(&r, 11);
	for (i = 0; i < n; i++) {
		hits[dist_draw(d, &r)]++;
	}
	for (i = 0; i < 10; i++) {
		ck_assert_double_le(
		    sds_off(hits[i], n, dist_chance(&spec, 10, norm, i)), 4);
	}
	dist_free(d);
}
END_TEST

/*
 * dist_chances against the exact pow form, n = 2,000,000, norm zeta(n,
 * theta) given (so the check does not lean on dist_norm's own sum).
 * By hand (Python mpmath, 40 digits): norm = zeta(theta) - zeta(theta,
 * n + 1), eta = (1 - (2 / n)^a) / (1 - (1 + 2^-theta) / norm), a = 1 -
 * theta; index 1 takes 2^-theta / norm, index k >= 2 ((k + 1)^a - k^a) /
 * (n^a eta):
 *   theta 0.5:  norm 2826.9671237907564; 1: 2.5012911371900533e-4,
 *     10: 1.0918317981379845e-4, 1,000: 1.1181978447605681e-5,
 *     1,000,000: 3.5369349720244642e-7
 *   theta 0.99: norm 16.190453459707433; 3.1097200352130064e-2,
 *     5.9333102791947418e-3, 6.5123225847115921e-5,
 *     6.9815294837277718e-8
 *   theta 1.2:  norm 5.3169423190832268; 8.1865714451292819e-2,
 *     1.0663596535332202e-2, 4.4940370184157971e-5,
 *     1.1295276035831655e-8
 * The leading term alone, theta 0.99 at 1,000,000: eta = 0.142246, a
 * k^-theta / (n^a eta) = 0.01 x 1e6^-0.99 / (2e6^0.01 x 0.142246) =
 * 6.98153e-8, the next term (a - 1) / 2k off by 5e-7 of it. Indexes
 * 1 and 10 are below PK_DIST_CHANCES_SERIES_FROM: dist_chance's own
 * value, bit for bit; 1,000 and 1,000,000 by the series, within 1e-14
 * (relative) of the exact value and of dist_chance. LATEST's index n - 1
 * - k takes rank k's, and every index of a set of 600 values in order
 * (an anchor for each 2 of them from 512 on) is within 1e-14 of
 * dist_chance.
 */
START_TEST(test_rng_dist_chances_series)
{
	static const double theta[3] = {0.5, 0.99, 1.2};
	static const double norm[3] = {2826.9671237907564, 16.190453459707433,
				       5.3169423190832268};
	static const uint64_t at[4] = {1, 10, 1000, 1000000};
	static const double want[3][4] = {
	    {2.5012911371900533e-4, 1.0918317981379845e-4,
	     1.1181978447605681e-5, 3.5369349720244642e-7},
	    {3.1097200352130064e-2, 5.9333102791947418e-3,
	     6.5123225847115921e-5, 6.9815294837277718e-8},
	    {8.1865714451292819e-2, 1.0663596535332202e-2,
	     4.4940370184157971e-5, 1.1295276035831655e-8},
	};
	const uint64_t n = 2000000;
	struct pk_dist_chances c, l;
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPFIAN};
	struct pk_dist_spec late = {.kind = PK_DIST_LATEST};
	uint64_t i;
	int t, j;

	for (t = 0; t < 3; t++) {
		spec.theta = late.theta = theta[t];
		dist_chances_init(&c, &spec, n, norm[t]);
		dist_chances_init(&l, &late, n, norm[t]);
		for (j = 0; j < 4; j++) {
			const double got = dist_chances_at(&c, at[j]);
			const double pw = dist_chance(&spec, n, norm[t], at[j]);

			ck_assert_double_le(fabs(got / want[t][j] - 1), 1e-14);
			ck_assert_double_le(fabs(got / pw - 1), 1e-14);
			if (at[j] < PK_DIST_CHANCES_SERIES_FROM) {
				ck_assert(got == pw);
			}
			ck_assert(dist_chances_at(&l, n - 1 - at[j]) == got);
		}
		ck_assert(dist_chances_at(&c, n) == 0);
	}
	spec.theta = 0.99;
	dist_chances_init(&c, &spec, 600, dist_norm(&spec, 600));
	for (i = 0; i < 600; i++) {
		const double pw = dist_chance(&spec, 600, c.norm, i);

		ck_assert_double_le(fabs(dist_chances_at(&c, i) / pw - 1),
				    1e-14);
	}
}
END_TEST

START_TEST(test_rng_dist_weighted)
{
	double w[] = {7360, 1800, 400};
	struct pk_dist_spec spec = {
	    .kind = PK_DIST_WEIGHTED, .weights = w, .n_weights = 3};
	struct pk_dist *d = dist_new(&spec, 3);
	struct pk_rng r;
	const uint64_t n = 200000;
	uint64_t hits[3] = {0}, i;

	rng_seed(&r, 19);
	for (i = 0; i < n; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 3);
		hits[v]++;
	}
	/* share i = w[i] / 9560, within 4 binomial sds */
	for (i = 0; i < 3; i++) {
		ck_assert_double_le(sds_off(hits[i], n, w[i] / 9560), 4);
	}
	/* set of 2: only the first two weights take part */
	dist_set_n(d, 2);
	for (i = 0; i < 1000; i++) {
		ck_assert_uint_lt(dist_draw(d, &r), 2);
	}
	dist_free(d);
}
END_TEST

/*
 * Zipf's law with exponent s (distribution: zipf), against the exact
 * probabilities p(k) = k^-s / H(N, s), H(N, s) = sum of j^-s, j = 1..N,
 * summed here independently of rng.c.
 *
 * The check is Pearson's chi-square over the N = 20 values:
 *   X^2 = sum over k of (O_k - M p_k)^2 / (M p_k),
 * O_k the draws of value k out of M = 400,000. For a correct sampler X^2
 * follows a chi-square distribution with N - 1 = 19 degrees of freedom
 * (mean 19, sd sqrt(2 x 19) = 6.2); its 0.999 quantile is 43.82 (any
 * chi-square table, e.g. NIST/SEMATECH e-Handbook of Statistical Methods,
 * 1.3.6.7.4, row 19, column 0.999). The least expected count is M p_20 at
 * s = 2: 400,000 x 20^-2 / H(20, 2) = 400,000 x 0.0025 / 1.5962 = 627,
 * far above the 5 the chi-square approximation needs.
 *
 * Beside it, each rank on its own: |O_k - M p_k| within 4 binomial
 * standard deviations sqrt(M p_k (1 - p_k)), as the other distributions
 * here.
 *
 * And the test can fail: the same counts against the probabilities of
 * s + 0.05 give X^2 of about 500 to 1,000 (noncentrality M x sum (p_k -
 * q_k)^2 / q_k, computed beside this test in Python: 900 at s = 0.5, 995
 * at 1, 904 at 1.3, 506 at 2), far past 43.82.
 */
#define ZIPF_N 20
#define ZIPF_DRAWS 400000
#define CHI2_19_Q999 43.82

/* p[k - 1] = k^-s / H(n, s) for k = 1..n */
static void zipf_exact(double s, size_t n, double *p)
{
	double h = 0;
	size_t k;

	for (k = 1; k <= n; k++) {
		h += pow((double)k, -s);
	}
	for (k = 1; k <= n; k++) {
		p[k - 1] = pow((double)k, -s) / h;
	}
}

static double chi_square(const uint64_t *obs, const double *p, size_t n,
			 uint64_t draws)
{
	double x2 = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		double e = (double)draws * p[k];

		x2 += ((double)obs[k] - e) * ((double)obs[k] - e) / e;
	}
	return x2;
}

static void zipf_check(double s, uint64_t seed)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPF, .s = s};
	struct pk_dist *d = dist_new(&spec, ZIPF_N);
	uint64_t obs[ZIPF_N] = {0}, i;
	double p[ZIPF_N], q[ZIPF_N];
	struct pk_rng r;

	rng_seed(&r, seed);
	for (i = 0; i < ZIPF_DRAWS; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, ZIPF_N);
		obs[v]++;
	}
	zipf_exact(s, ZIPF_N, p);
	ck_assert_double_lt(chi_square(obs, p, ZIPF_N, ZIPF_DRAWS),
			    CHI2_19_Q999);
	for (i = 0; i < ZIPF_N; i++) {
		ck_assert_double_le(sds_off(obs[i], ZIPF_DRAWS, p[i]), 4);
	}
	/* a sampler of the wrong exponent would be caught */
	zipf_exact(s + 0.05, ZIPF_N, q);
	ck_assert_double_gt(chi_square(obs, q, ZIPF_N, ZIPF_DRAWS),
			    10 * CHI2_19_Q999);
	dist_free(d);
}

START_TEST(test_rng_dist_zipf_exponents)
{
	/* below 1 (where YCSB's zipfian also reaches), exactly 1 (the
	   sampler's log branch), the 1.3, and 2 */
	zipf_check(0.5, 21);
	zipf_check(1.0, 22);
	zipf_check(1.3, 23);
	zipf_check(2.0, 24);
}
END_TEST

/*
 * A large set: N = 1,000,000 values at s = 1.3. H(10^6, 1.3) is summed
 * here (10^6 terms); ranks 1 to 3 and the mass beyond rank 1,000 hold
 * within 4 binomial sds over 400,000 draws.
 */
START_TEST(test_rng_dist_zipf_large)
{
	const uint64_t n = 1000000, draws = 400000;
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPF, .s = 1.3};
	struct pk_dist *d = dist_new(&spec, n);
	uint64_t hits[3] = {0}, tail = 0, i;
	double h = 0, head = 0;
	struct pk_rng r;

	for (i = n; i >= 1; i--) {
		h += pow((double)i, -1.3); /* smallest terms first */
	}
	for (i = 1; i <= 1000; i++) {
		head += pow((double)i, -1.3);
	}
	rng_seed(&r, 25);
	for (i = 0; i < draws; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, n);
		if (v < 3) {
			hits[v]++;
		}
		tail += v >= 1000;
	}
	for (i = 0; i < 3; i++) {
		ck_assert_double_le(
		    sds_off(hits[i], draws, pow((double)(i + 1), -1.3) / h), 4);
	}
	ck_assert_double_le(sds_off(tail, draws, 1 - head / h), 4);
	dist_free(d);
}
END_TEST

/*
 * The set grows (items created one by one under `select`) and shrinks:
 * the sampler is exact for the current N each time. One value: always
 * value 1 (rank 0). Grown 1 -> 20: the chi-square of the N = 20 test
 * holds. Shrunk to 2: p(1) = 1 / (1 + 2^-1.3) = 0.71118.
 * And a steep s = 100: p(2) = 2^-100 / H, so 1,000 draws all give rank 0.
 */
START_TEST(test_rng_dist_zipf_resize)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPF, .s = 1.3};
	struct pk_dist *d = dist_new(&spec, 1);
	uint64_t obs[ZIPF_N] = {0}, i, k, h0 = 0;
	double p[ZIPF_N];
	struct pk_rng r;

	rng_seed(&r, 26);
	for (i = 0; i < 100; i++) {
		ck_assert_uint_eq(dist_draw(d, &r), 0);
	}
	for (k = 2; k <= ZIPF_N; k++) {
		dist_set_n(d, k);
		ck_assert_uint_lt(dist_draw(d, &r), k);
	}
	for (i = 0; i < ZIPF_DRAWS; i++) {
		obs[dist_draw(d, &r)]++;
	}
	zipf_exact(1.3, ZIPF_N, p);
	ck_assert_double_lt(chi_square(obs, p, ZIPF_N, ZIPF_DRAWS),
			    CHI2_19_Q999);
	dist_set_n(d, 2);
	for (i = 0; i < ZIPF_DRAWS; i++) {
		uint64_t v = dist_draw(d, &r);

		tu_loop_uint(v, <, 2);
		h0 += v == 0;
	}
	ck_assert_double_le(sds_off(h0, ZIPF_DRAWS, 1 / (1 + pow(2, -1.3))), 4);
	dist_free(d);

	spec.s = PK_ZIPF_MAX_S;
	d = dist_new(&spec, 1000);
	for (i = 0; i < 1000; i++) {
		ck_assert_uint_eq(dist_draw(d, &r), 0);
	}
	dist_free(d);
}
END_TEST

/*
 * A zipfian's normaliser as the draw summed it: zeta(3, 0.5) = 1 +
 * 2^-0.5 + 3^-0.5 = 2.2844570503761732, and bit for bit what dist_norm
 * sums, so a projection may take it instead of summing n terms again.
 * Once the set is resized the sum was made another way: none given.
 * A uniform keeps none (its dist_norm is 1 without a sum).
 */
START_TEST(test_rng_dist_known_norm)
{
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPFIAN, .theta = 0.5};
	struct pk_dist *d = dist_new(&spec, 3);
	double norm = 0;

	ck_assert_int_eq(dist_known_norm(d, &norm), 1);
	ck_assert(fabs(norm - 2.2844570503761732) < 1e-15);
	ck_assert(norm == dist_norm(&spec, 3));
	dist_free(d);
	d = dist_new(&spec, 100000);
	ck_assert_int_eq(dist_known_norm(d, &norm), 1);
	ck_assert(norm == dist_norm(&spec, 100000));
	dist_set_n(d, 100001);
	norm = -1;
	ck_assert_int_eq(dist_known_norm(d, &norm), 0);
	ck_assert(norm == -1);
	dist_free(d);
	spec.kind = PK_DIST_UNIFORM;
	d = dist_new(&spec, 10);
	ck_assert_int_eq(dist_known_norm(d, &norm), 0);
	dist_free(d);
}
END_TEST

/*
 * dist_norm's sums against their values from mpmath (40 digits):
 * zeta(s) - hurwitz(s, n + 1) for n values, harmonic(n) at s = 1. The
 * first 1,024 terms are added one by one and the rest is the
 * Euler-Maclaurin tail, whose own error (below 5.2e-20, rng.c) is far
 * below a double's: what is left is rounding, about a half unit in the
 * last place per term added, a random walk of sqrt(1,024) / 2 = 16 ulp
 * of the sum's size; 64 ulp is four times that. A sum of all 10^6 terms
 * one by one walks sqrt(10^6) / 2 = 500 ulp and is 220 to 414 ulp off
 * at these four: outside.
 */
START_TEST(test_rng_dist_norm_tail)
{
	static const struct {
		enum pk_dist_kind kind;
		double s;
		uint64_t n;
		double want;
	} c[] = {
	    {PK_DIST_ZIPFIAN, 0.99, 1000000, 15.391849746036803861},
	    {PK_DIST_ZIPFIAN, 0.5, 1000000, 1998.5401454911487465},
	    {PK_DIST_ZIPF, 1.0, 1000000, 14.392726722865723631},
	    {PK_DIST_ZIPF, 1.3, 1000000, 3.8791194466519709060},
	    /* the first value past the exact terms: a one-term tail */
	    {PK_DIST_ZIPFIAN, 0.99, 1025, 7.7554021613147076949},
	    /* the most values the loader accepts */
	    {PK_DIST_ZIPFIAN, 0.99, 4294967295ULL, 25.409541912287681845},
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct pk_dist_spec spec = {.kind = c[i].kind};
		double ulp = nextafter(c[i].want, INFINITY) - c[i].want;
		double got;

		if (c[i].kind == PK_DIST_ZIPF) {
			spec.s = c[i].s;
		} else {
			spec.theta = c[i].s;
		}
		got = dist_norm(&spec, c[i].n);
		ck_assert_msg(fabs(got - c[i].want) <= 64 * ulp,
			      "s %g, n %llu: %.17g, want %.17g", c[i].s,
			      (unsigned long long)c[i].n, got, c[i].want);
	}
}
END_TEST

/*
 * pow_floor against the expression it stands for, (uint64_t)(n *
 * pow(x, alpha)), where the two could part: at each x whose n x^alpha is
 * an integer k (x = (k / n)^(1 / alpha), as pow gives it) and 40 doubles
 * either side, where the fast path must hand over to pow; and at 50,000
 * x a setting, uniform over those where n x^alpha runs from 1 to n (a
 * draw's). The settings: the zipfian's alpha = 1 / (1 - theta) at theta
 * 0.99 (the bench's: 100 + 9e-14), 0.5 (2), 0.9 (10 + 2e-15), 0.2 (1.25,
 * pow's path) and 0.9999, over 1,000, 10^6 and 2^32 - 1 values. By hand: 10 x
 * 0.9^2 = 8.1, whole part 8; 1,000 x 0.5^2 = 250 exactly.
 */
START_TEST(test_rng_pow_floor)
{
	static const double theta[] = {0.99, 0.5, 0.9, 0.2, 0.9999};
	static const double n[] = {1000.0, 1e6, 4294967295.0};
	struct pk_powfloor p;
	struct pk_rng r;
	size_t i, j, k;
	int d;

	pow_floor_init(&p, 2.0);
	ck_assert_uint_eq(pow_floor(&p, 10.0, 0.9), 8);
	ck_assert_uint_eq(pow_floor(&p, 1000.0, 0.5), 250);
	rng_seed(&r, 27);
	for (i = 0; i < sizeof(theta) / sizeof(theta[0]); i++) {
		double alpha = 1.0 / (1.0 - theta[i]);

		pow_floor_init(&p, alpha);
		for (j = 0; j < sizeof(n) / sizeof(n[0]); j++) {
			for (k = 1; k <= 4096; k = k * 3 / 2 + 1) {
				double x = pow((double)k / n[j], 1.0 / alpha);

				for (d = 0; d < 40; d++) {
					x = nextafter(x, 0.0);
				}
				for (d = -40; d <= 40;
				     d++, x = nextafter(x, 2.0)) {
					if (x > 0 && x <= 1.0) {
						tu_loop_uint(
						    pow_floor(&p, n[j], x), ==,
						    (uint64_t)(n[j] *
							       pow(x, alpha)));
					}
				}
			}
			/* x where n x^alpha runs from 1 to n, as a draw's */
			for (k = 0; k < 50000; k++) {
				double x =
				    1.0 - rng_double(&r) *
					      (1.0 - pow(n[j], -1.0 / alpha));

				tu_loop_uint(pow_floor(&p, n[j], x), ==,
					     (uint64_t)(n[j] * pow(x, alpha)));
			}
		}
	}
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("rng");
	struct {
		const char *name;
		const TTest *fn;
	} cases[] = {
#define CASE(fn) {#fn, fn}
	    CASE(test_rng_seed_splitmix),
	    CASE(test_rng_xoshiro_reference),
	    CASE(test_rng_seed_determinism),
	    CASE(test_rng_below_range),
	    CASE(test_rng_between_full_range),
	    CASE(test_rng_double_continuous),
	    CASE(test_rng_dist_uniform),
	    CASE(test_rng_dist_zipfian),
	    CASE(test_rng_dist_zipfian_resize),
	    CASE(test_rng_dist_zipfian_huge),
	    CASE(test_rng_dist_hotspot),
	    CASE(test_rng_dist_sequential),
	    CASE(test_rng_dist_latest),
	    CASE(test_rng_dist_pmf_latest_hottest),
	    CASE(test_rng_dist_chance_zipfian),
	    CASE(test_rng_dist_chances_series),
	    CASE(test_rng_dist_weighted),
	    CASE(test_rng_dist_zipf_exponents),
	    CASE(test_rng_dist_zipf_large),
	    CASE(test_rng_dist_zipf_resize),
	    CASE(test_rng_dist_known_norm),
	    CASE(test_rng_dist_norm_tail),
	    CASE(test_rng_pow_floor),
#undef CASE
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TCase *tc = tcase_create(cases[i].name);

		tcase_add_test(tc, cases[i].fn);
		suite_add_tcase(s, tc);
	}
	return s;
}
