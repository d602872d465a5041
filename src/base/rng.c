/*
 * rng: the one seeded generator and the distributions built on it.
 *
 * The generator is xoshiro256** 1.0 (Blackman and Vigna,
 * https://prng.di.unimi.it/xoshiro256starstar.c), its state filled from
 * the seed by splitmix64 (https://prng.di.unimi.it/splitmix64.c), as the
 * authors recommend. Only integer arithmetic and IEEE-754 double
 * operations with one rounding each are used, so a seed gives the same
 * stream on every build; we forbid FMA contraction below for the same
 * reason.
 *
 * Distributions (struct pk_dist) draw an index in [0, n) and follow YCSB
 * (https://github.com/brianfrankcooper/YCSB, core/.../generator/):
 *   UNIFORM     UniformLongGenerator: rng_below(n).
 *   ZIPFIAN     ZipfianGenerator: Gray et al., "Quickly generating
 *               billion-record synthetic databases" (SIGMOD 1994), rank 0
 *               the most popular; zeta(n, theta) is updated incrementally
 *               when n grows.
 *   HOTSPOT     HotspotIntegerGenerator: hot set = first
 *               floor(n * hot_data_fraction) values (at least 1).
 *   SEQUENTIAL  SequentialGenerator / CounterGenerator: 0, 1, ..., n-1, 0.
 *   LATEST      SkewedLatestGenerator over a fixed set: the values come
 *               into use in order, one more per draw, and a draw returns
 *               latest - zipfian(introduced), so the newest is likeliest.
 *   WEIGHTED    DiscreteGenerator: cumulative weights, binary search.
 *   ZIPF        Zipf's law for any exponent s > 0 (YCSB's zipfian needs
 *               theta < 1): value k = 1..n with p(k) = k^-s / H(n, s),
 *               H(n, s) = sum of j^-s for j = 1..n, by rejection-inversion
 *               (W. Hormann and G. Derflinger, "Rejection-inversion to
 *               generate variates from monotone discrete distributions",
 *               ACM TOMACS 6(3), 1996), as Apache Commons RNG's
 *               RejectionInversionZipfSampler writes it. Exact (no
 *               approximation of H), O(1) set-up, so the set may grow at
 *               no cost; about 1.1 uniform draws per value.
 *
 * Left out: YCSB's ScrambledZipfianGenerator (hash-scattered ranks) and
 * its thread safety; a pk_dist is single-threaded like the simulator.
 */
#include "pksim/base/rng.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/powfloor.h"

#ifdef __clang__
/* Same results at -O0 and -O2: no fused multiply-add (GCC in ISO C mode
   does not contract by default). */
#pragma STDC FP_CONTRACT OFF
#endif

/* splitmix64 increment: 2^64 / golden ratio (splitmix64.c) */
#define PK_RNG_GOLDEN_GAMMA 0x9e3779b97f4a7c15ULL
/* 2^-53: turns the top 53 bits into a double in [0, 1) (Vigna's note
   "Generating uniform doubles in the unit interval") */
#define PK_RNG_DOUBLE_UNIT 0x1.0p-53
/* 2 pi, for the Box-Muller angle */
#define PK_RNG_TWO_PI 6.283185307179586476925286766559

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += PK_RNG_GOLDEN_GAMMA);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void rng_seed(struct pk_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	int i;

	for (i = 0; i < 4; i++) {
		r->s[i] = splitmix64(&x);
	}
	/* splitmix64 is a bijection of its counter, so four successive
	   outputs are never all zero; xoshiro only needs that. */
}

uint64_t rng_next(struct pk_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* High and low 64 bits of a * b. */
static inline uint64_t mul_128(uint64_t a, uint64_t b, uint64_t *lo)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 m = (unsigned __int128)a * b;

	*lo = (uint64_t)m;
	return (uint64_t)(m >> 64);
#else
	uint64_t a_lo = a & 0xffffffffULL, a_hi = a >> 32;
	uint64_t b_lo = b & 0xffffffffULL, b_hi = b >> 32;
	uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi;
	uint64_t hl = a_hi * b_lo, hh = a_hi * b_hi;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffULL) + (hl & 0xffffffffULL);

	*lo = (mid << 32) | (ll & 0xffffffffULL);
	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/*
 * Lemire, "Fast random integer generation in an interval" (ACM TOMACS
 * 2019): the high word of x * n is uniform on [0, n) once the low words
 * below 2^64 mod n are rejected.
 */
uint64_t rng_below(struct pk_rng *r, uint64_t n)
{
	uint64_t lo, hi;

	if (n == 0) {
		PK_BUG("rng_below: empty range");
	}
	hi = mul_128(rng_next(r), n, &lo);
	if (lo < n) {
		uint64_t threshold = (0 - n) % n; /* 2^64 mod n */

		while (lo < threshold) {
			hi = mul_128(rng_next(r), n, &lo);
		}
	}
	return hi;
}

uint64_t rng_scale(uint64_t x, uint64_t n)
{
	uint64_t lo;

	return mul_128(x, n, &lo);
}

uint64_t rng_between(struct pk_rng *r, uint64_t lo, uint64_t hi)
{
	if (lo > hi) {
		PK_BUG("rng_between: %llu > %llu", (unsigned long long)lo,
		       (unsigned long long)hi);
	}
	if (hi - lo == UINT64_MAX) {
		return rng_next(r); /* every value: all 64 bits */
	}
	return lo + rng_below(r, hi - lo + 1);
}

double rng_double(struct pk_rng *r)
{
	return (double)(rng_next(r) >> 11) * PK_RNG_DOUBLE_UNIT;
}

double rng_exponential(struct pk_rng *r, double mean)
{
	/* 1 - u lies in (0, 1], so the log is finite */
	return -mean * log(1.0 - rng_double(r));
}

double rng_normal(struct pk_rng *r, double mean, double stddev)
{
	/* Box-Muller, cosine branch only: one value per call keeps the
	   stream independent of how many values a caller asks for. */
	double u1 = 1.0 - rng_double(r); /* (0, 1] */
	double u2 = rng_double(r);

	return mean + stddev * sqrt(-2.0 * log(u1)) * cos(PK_RNG_TWO_PI * u2);
}

/* ------------------------------------------------------------------ */
/* Distributions                                                       */

struct pk_zipf {
	double theta;	   /* 0 < theta < 1 */
	double alpha;	   /* 1 / (1 - theta) */
	double zeta2;	   /* zeta(2, theta) = 1 + 0.5^theta */
	double half_theta; /* 0.5^theta */
	double zetan;	   /* zeta(count, theta) */
	double eta;	   /* Gray's eta for count; 0 when count <= 2 */
	uint64_t count;	   /* the set size zetan and eta belong to, >= 1 */
	struct pk_powfloor pow_alpha; /* x^alpha's, for the draw */
};

/*
 * Rejection-inversion for Zipf's law (ZIPF): h(x) = x^-s is the density
 * the discrete weights k^-s are sampled under, H(x) its antiderivative
 * (x^(1-s) - 1) / (1 - s) (log x at s = 1). A uniform u on (H(1.5) - 1,
 * H(n + 0.5)] inverted through H gives x, rounded to k; k is accepted
 * when u >= H(k + 0.5) - h(k), which makes P(k) exactly proportional to
 * h(k) = k^-s (for k = 1 always, the interval's left end being H(1.5) -
 * h(1)). The test k - x <= cut is a cheaper sufficient condition
 * (Theorem 2 of the paper).
 */
struct pk_zipf_ri {
	double s;	/* exponent, > 0 */
	double h_x1;	/* H(1.5) - 1: the lower end of u's interval */
	double h_n;	/* H(n + 0.5): the upper end */
	double cut;	/* 2 - H^-1(H(2.5) - h(2)): the quick accept */
	uint64_t count; /* the set size h_n belongs to, >= 1 */
};

struct pk_dist {
	enum pk_dist_kind kind;
	uint64_t n;		  /* set size, >= 1 */
	struct pk_zipf zipf;	  /* ZIPFIAN over n, LATEST over introduced */
	struct pk_zipf_ri zri;	  /* ZIPF over n */
	double hot_data_fraction; /* HOTSPOT */
	double hot_op_fraction;	  /* HOTSPOT */
	uint64_t next;		  /* SEQUENTIAL: next value to return */
	uint64_t introduced;	  /* LATEST: values in use so far, <= n */
	int resized;		  /* 1: dist_set_n changed n */
	double *cum;  /* WEIGHTED: owned; cum[i] = w[0] + .. + w[i] */
	size_t n_cum; /* WEIGHTED: entries in cum */
};

/* Terms zeta_terms adds one by one; beyond, the rest of the sum is the
   Euler-Maclaurin estimate (zeta_tail). A set of up to 2^32 values (what
   the loader accepts) would otherwise take minutes to set up: accepted
   input the engine could not handle. A set that grows (zipf_resize)
   adds the terms it gains one by one, up to this many. */
#define PK_RNG_ZETA_EXACT_TERMS 10000000ULL

/* Terms zeta_sum adds one by one before the Euler-Maclaurin tail. The
   tail's error is at most the first term it leaves out (f's derivatives
   alternate in sign), B6 / 6! x |f^(5)(a)| = s (s+1) (s+2) (s+3) (s+4) /
   30240 x a^(-s-5): at a = 1025, 3.6e-21 for s = 0.99 and at most 5.2e-20
   for any s > 0 (near s = 0.2), far below a double's rounding (1.1e-16)
   of a sum >= 1. A pow call per value made a 10^6-value set's sum 140 M
   instructions, 4 % of the benchmark run. Sets of up to this many
   values are summed exactly. */
#define PK_RNG_ZETA_SUM_EXACT 1024ULL

/*
 * Sum of k^-s for k in [a, b] (1 <= a <= b) by Euler-Maclaurin
 * (Abramowitz and Stegun 23.1.30): the integral, the end-point halves,
 * and the B2 and B4 derivative terms, with f(x) = x^-s, f'(x) =
 * -s x^(-s-1), f'''(x) = -s (s+1) (s+2) x^(-s-3), B2 / 2! = 1/12,
 * B4 / 4! = -1/720. The integral (b^(1-s) - a^(1-s)) / (1-s) is written
 * a^(1-s) expm1((1-s) L) / (1-s), L = log(b / a): it keeps its digits
 * where b^(1-s) and a^(1-s) are close (s near 1: 1.148 - 1.071 at
 * s = 0.99, a = 1025, b = 10^6) and is L at s = 1.
 */
static double zeta_tail(double a, double b, double s)
{
	double e = 1.0 - s;
	double L = log1p((b - a) / a);
	double integral = e == 0 ? L : pow(a, e) * (expm1(e * L) / e);
	double ends = (pow(a, -s) + pow(b, -s)) / 2.0;
	double d1 = s * (pow(a, -s - 1.0) - pow(b, -s - 1.0)) / 12.0;
	double d3 = s * (s + 1.0) * (s + 2.0) *
		    (pow(a, -s - 3.0) - pow(b, -s - 3.0)) / 720.0;

	return integral + ends + d1 - d3;
}

/* Sum of 1 / i^theta for i in (from, to]. */
static double zeta_terms(uint64_t from, uint64_t to, double theta)
{
	double sum = 0;
	uint64_t i, exact = to;

	if (to - from > PK_RNG_ZETA_EXACT_TERMS) {
		exact = from + PK_RNG_ZETA_EXACT_TERMS;
	}
	for (i = from; i < exact; i++) {
		sum += 1.0 / pow((double)(i + 1), theta);
	}
	if (exact < to) {
		sum += zeta_tail((double)exact + 1.0, (double)to, theta);
	}
	return sum;
}

/* Sums zeta_sum remembers: a run sets up the same set's sum for its
   draws (zipf_init) and again for its reports (dist_norm), once per
   variant, and at 10^7 values each sum is 10^7 pow calls. */
#define PK_RNG_ZETA_MEMO 8

/* zeta(n, theta): the first PK_RNG_ZETA_SUM_EXACT terms one by one (as
   zeta_terms adds them), the rest by zeta_tail; computed once per
   (n, theta) in the process.
   The variants' threads share the table (hence the lock, held while a
   sum is computed so that a second thread asking for it waits for it);
   a remembered sum is the same double as a recomputed one, so results
   do not depend on which thread asked first. */
static double zeta_sum(uint64_t n, double theta)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static struct {
		uint64_t n;
		double theta, sum;
	} memo[PK_RNG_ZETA_MEMO];
	static size_t n_memo, next;
	double sum;
	size_t i;

	pthread_mutex_lock(&lock);
	for (i = 0; i < n_memo; i++) {
		if (memo[i].n == n && memo[i].theta == theta) {
			sum = memo[i].sum;
			pthread_mutex_unlock(&lock);
			return sum;
		}
	}
	if (n <= PK_RNG_ZETA_SUM_EXACT) {
		sum = zeta_terms(0, n, theta);
	} else {
		sum = zeta_terms(0, PK_RNG_ZETA_SUM_EXACT, theta) +
		      zeta_tail((double)PK_RNG_ZETA_SUM_EXACT + 1.0, (double)n,
				theta);
	}
	memo[next].n = n;
	memo[next].theta = theta;
	memo[next].sum = sum;
	next = (next + 1) % PK_RNG_ZETA_MEMO;
	if (n_memo < PK_RNG_ZETA_MEMO) {
		n_memo++;
	}
	pthread_mutex_unlock(&lock);
	return sum;
}

static void zipf_update_eta(struct pk_zipf *z)
{
	/*
	 * Gray et al.: eta = (1 - (2/n)^(1-theta)) / (1 - zeta2/zeta_n).
	 * YCSB's ZipfianGenerator keeps the constructor's item count in
	 * (2/n) after an incremental update; we use the current count as
	 * the formula intends. For n <= 2 the draw never reaches eta (and
	 * the formula divides by zero).
	 */
	if (z->count <= 2) {
		z->eta = 0;
		return;
	}
	z->eta = (1.0 - pow(2.0 / (double)z->count, 1.0 - z->theta)) /
		 (1.0 - z->zeta2 / z->zetan);
}

static void zipf_init(struct pk_zipf *z, double theta, uint64_t count)
{
	if (!(theta > 0 && theta < 1)) {
		PK_BUG("zipfian theta %g outside (0, 1)", theta);
	}
	z->theta = theta;
	z->alpha = 1.0 / (1.0 - theta);
	pow_floor_init(&z->pow_alpha, z->alpha);
	z->half_theta = pow(0.5, theta);
	z->zeta2 = 1.0 + z->half_theta;
	z->zetan = zeta_sum(count, theta);
	z->count = count;
	zipf_update_eta(z);
}

/*
 * Move the zipfian to a new set size. Growing adds the new terms, as
 * ZipfianGenerator.nextLong(itemcount) does. Shrinking subtracts the
 * terms that went away (the improvement YCSB's own TODO there proposes),
 * or recomputes from scratch when that is fewer terms.
 */
static void zipf_resize(struct pk_zipf *z, uint64_t count)
{
	if (count == z->count) {
		return;
	}
	if (count > z->count) {
		z->zetan += zeta_terms(z->count, count, z->theta);
	} else if (count < z->count - count) {
		/* fewer terms, and it clears accumulated rounding */
		z->zetan = zeta_sum(count, z->theta);
	} else if (z->count - count > PK_RNG_ZETA_EXACT_TERMS) {
		z->zetan -= zeta_terms(count, z->count, z->theta);
	} else {
		uint64_t i;

		for (i = z->count; i > count; i--) {
			z->zetan -= 1.0 / pow((double)i, z->theta);
		}
	}
	z->count = count;
	zipf_update_eta(z);
}

/* A rank in [0, count), rank 0 the most likely: ZipfianGenerator. */
static uint64_t zipf_draw(const struct pk_zipf *z, struct pk_rng *r)
{
	double u = rng_double(r);
	double uz = u * z->zetan;
	uint64_t ret;

	if (uz < 1.0) {
		return 0;
	}
	if (uz < 1.0 + z->half_theta) {
		return 1;
	}
	/* (uint64_t)(count * pow(eta u - eta + 1, alpha)), pow only where
	   its rounding could matter (powfloor.h) */
	ret = pow_floor(&z->pow_alpha, (double)z->count,
			z->eta * u - z->eta + 1.0);
	/* u < 1 keeps ret below count in exact arithmetic; guard rounding */
	return ret < z->count ? ret : z->count - 1;
}

/* log(1 + x) / x, also near x = 0 (Commons RNG's helper1) */
static double zri_helper1(double x)
{
	if (fabs(x) > 1e-8) {
		return log1p(x) / x;
	}
	return 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
}

/* (exp(x) - 1) / x, also near x = 0 (Commons RNG's helper2) */
static double zri_helper2(double x)
{
	if (fabs(x) > 1e-8) {
		return expm1(x) / x;
	}
	return 1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x));
}

/* h(x) = x^-s */
static double zri_h(const struct pk_zipf_ri *z, double x)
{
	return exp(-z->s * log(x));
}

/* H(x) = (x^(1-s) - 1) / (1 - s), log x at s = 1: written as
   helper2((1 - s) log x) log x, exact on both sides of s = 1 */
static double zri_hint(const struct pk_zipf_ri *z, double x)
{
	double lx = log(x);

	return zri_helper2((1.0 - z->s) * lx) * lx;
}

/* H^-1(x) = (1 + (1 - s) x)^(1 / (1 - s)), e^x at s = 1 */
static double zri_hint_inv(const struct pk_zipf_ri *z, double x)
{
	double t = x * (1.0 - z->s);

	if (t < -1.0) {
		t = -1.0; /* rounding can push it just past the domain */
	}
	return exp(zri_helper1(t) * x);
}

static void zri_init(struct pk_zipf_ri *z, double s, uint64_t count)
{
	if (!(s > 0 && s <= PK_ZIPF_MAX_S)) {
		PK_BUG("zipf exponent %g outside (0, %g]", s, PK_ZIPF_MAX_S);
	}
	z->s = s;
	z->h_x1 = zri_hint(z, 1.5) - 1.0;
	z->cut = 2.0 - zri_hint_inv(z, zri_hint(z, 2.5) - zri_h(z, 2.0));
	z->count = count;
	z->h_n = zri_hint(z, (double)count + 0.5);
}

static void zri_resize(struct pk_zipf_ri *z, uint64_t count)
{
	z->count = count;
	z->h_n = zri_hint(z, (double)count + 0.5);
}

/* A rank in [0, count), rank 0 (value k = 1) the most likely. */
static uint64_t zri_draw(const struct pk_zipf_ri *z, struct pk_rng *r)
{
	for (;;) {
		/* rng_double is in [0, 1): u in (h_x1, h_n] */
		double u = z->h_n + rng_double(r) * (z->h_x1 - z->h_n);
		double x = zri_hint_inv(z, u);
		double kd = floor(x + 0.5);
		uint64_t k;

		/* rounding can put x just outside [0.5, count + 0.5) */
		if (!(kd >= 1.0)) {
			k = 1;
		} else if (kd >= (double)z->count) {
			k = z->count;
		} else {
			k = (uint64_t)kd;
		}
		if ((double)k - x <= z->cut ||
		    u >= zri_hint(z, (double)k + 0.5) - zri_h(z, (double)k)) {
			return k - 1;
		}
	}
}

struct pk_dist *dist_new(const struct pk_dist_spec *spec, uint64_t n)
{
	struct pk_dist *d = xcalloc(1, sizeof(*d));
	size_t i;

	if (n == 0) {
		PK_BUG("dist_new: empty set");
	}
	d->kind = spec->kind;
	d->n = n;
	switch (spec->kind) {
	case PK_DIST_UNIFORM:
	case PK_DIST_SEQUENTIAL:
		break;
	case PK_DIST_ZIPFIAN:
		zipf_init(&d->zipf, spec->theta, n);
		break;
	case PK_DIST_LATEST:
		/* nothing introduced yet: the first draw brings in value 0 */
		zipf_init(&d->zipf, spec->theta, 1);
		break;
	case PK_DIST_ZIPF:
		zri_init(&d->zri, spec->s, n);
		break;
	case PK_DIST_HOTSPOT:
		d->hot_data_fraction = spec->hot_data_fraction;
		d->hot_op_fraction = spec->hot_op_fraction;
		break;
	case PK_DIST_WEIGHTED:
		if (spec->n_weights == 0) {
			PK_BUG("dist_new: weighted without weights");
		}
		d->n_cum = spec->n_weights;
		d->cum = xreallocarray(NULL, d->n_cum, sizeof(*d->cum));
		for (i = 0; i < d->n_cum; i++) {
			d->cum[i] = (i ? d->cum[i - 1] : 0) + spec->weights[i];
		}
		break;
	default:
		PK_BUG("dist_new: unknown kind %d", (int)spec->kind);
	}
	return d;
}

void dist_set_n(struct pk_dist *d, uint64_t n)
{
	if (n == 0) {
		PK_BUG("dist_set_n: empty set");
	}
	d->resized |= n != d->n;
	d->n = n;
	if (d->kind == PK_DIST_ZIPFIAN) {
		zipf_resize(&d->zipf, n);
	} else if (d->kind == PK_DIST_ZIPF) {
		zri_resize(&d->zri, n);
	} else if (d->kind == PK_DIST_LATEST && d->introduced > n) {
		d->introduced = n;
		zipf_resize(&d->zipf, n);
	}
}

/* HotspotIntegerGenerator.nextValue() over [0, n). */
static uint64_t hotspot_draw(const struct pk_dist *d, struct pk_rng *r)
{
	double h = (double)d->n * d->hot_data_fraction;
	/* a double of n near 2^64 rounds up to 2^64, out of uint64's range */
	uint64_t hot = h >= (double)UINT64_MAX ? d->n : (uint64_t)h;
	uint64_t cold;
	double u;

	if (hot < 1) {
		hot = 1;
	}
	if (hot > d->n) {
		hot = d->n;
	}
	cold = d->n - hot;
	u = rng_double(r); /* drawn even when cold is empty: fixed usage */
	if (cold == 0 || u < d->hot_op_fraction) {
		return rng_below(r, hot);
	}
	return hot + rng_below(r, cold);
}

/*
 * DiscreteGenerator: the first i with u * total < cum[i]. Only the first
 * min(n, n_cum) weights take part, so a set smaller than the weight list
 * draws among its own values; values past the list have weight 0.
 */
static uint64_t weighted_draw(const struct pk_dist *d, struct pk_rng *r)
{
	size_t m = d->n < d->n_cum ? (size_t)d->n : d->n_cum;
	double target = rng_double(r) * d->cum[m - 1];
	size_t lo = 0, hi = m - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (target < d->cum[mid]) {
			hi = mid;
		} else {
			lo = mid + 1;
		}
	}
	return lo;
}

uint64_t dist_draw(struct pk_dist *d, struct pk_rng *r)
{
	uint64_t v;

	switch (d->kind) {
	case PK_DIST_UNIFORM:
		return rng_below(r, d->n);
	case PK_DIST_ZIPFIAN:
		return zipf_draw(&d->zipf, r);
	case PK_DIST_HOTSPOT:
		return hotspot_draw(d, r);
	case PK_DIST_SEQUENTIAL:
		if (d->next >= d->n) {
			d->next = 0;
		}
		return d->next++;
	case PK_DIST_LATEST:
		/* SkewedLatestGenerator: the counter it reads grows by one
		   per insert; here by one per draw, up to n. */
		if (d->introduced < d->n) {
			d->introduced++;
			zipf_resize(&d->zipf, d->introduced);
		}
		v = zipf_draw(&d->zipf, r);
		return d->introduced - 1 - v;
	case PK_DIST_WEIGHTED:
		return weighted_draw(d, r);
	case PK_DIST_ZIPF:
		return zri_draw(&d->zri, r);
	}
	PK_BUG("dist_draw: unknown kind %d", (int)d->kind);
}

void dist_free(struct pk_dist *d)
{
	if (!d) {
		return;
	}
	free(d->cum);
	free(d);
}

/* The size of HOTSPOT's hot set over n values, as hotspot_draw takes it */
static uint64_t hot_count(const struct pk_dist_spec *spec, uint64_t n)
{
	double h = (double)n * spec->hot_data_fraction;
	uint64_t hot = h >= (double)UINT64_MAX ? n : (uint64_t)h;

	if (hot < 1) {
		hot = 1;
	}
	return hot > n ? n : hot;
}

/* Euler's constant, for the harmonic number past the exact terms */
#define PK_RNG_EULER_GAMMA 0.57721566490153286

double dist_norm(const struct pk_dist_spec *spec, uint64_t n)
{
	double sum = 0;
	size_t i;

	switch (spec->kind) {
	case PK_DIST_ZIPFIAN:
	case PK_DIST_LATEST:
		return zeta_sum(n, spec->theta);
	case PK_DIST_ZIPF:
		if (spec->s == 1.0 && n > PK_RNG_ZETA_EXACT_TERMS) {
			/* H(n) = ln n + gamma + 1 / 2n: zeta_tail divides by
			   1 - s */
			return log((double)n) + PK_RNG_EULER_GAMMA +
			       0.5 / (double)n;
		}
		return zeta_sum(n, spec->s);
	case PK_DIST_WEIGHTED:
		for (i = 0; i < spec->n_weights; i++) {
			sum += spec->weights[i];
		}
		return sum;
	default:
		return 1.0;
	}
}

int dist_known_norm(const struct pk_dist *d, double *norm)
{
	/* zipf_init summed zeta_terms(0, n, theta), as dist_norm does; a
	   resize adds or takes terms in another order */
	if (d->kind != PK_DIST_ZIPFIAN || d->resized || d->zipf.count != d->n) {
		return 0;
	}
	*norm = d->zipf.zetan;
	return 1;
}

double dist_pmf(const struct pk_dist_spec *spec, uint64_t n, double norm,
		uint64_t i)
{
	uint64_t hot;

	switch (spec->kind) {
	case PK_DIST_ZIPFIAN:
		return 1.0 / pow((double)(i + 1), spec->theta) / norm;
	case PK_DIST_LATEST:
		return i < n ? 1.0 / pow((double)(n - i), spec->theta) / norm
			     : 0.0;
	case PK_DIST_ZIPF:
		return 1.0 / pow((double)(i + 1), spec->s) / norm;
	case PK_DIST_WEIGHTED:
		return i < spec->n_weights ? spec->weights[i] / norm : 0.0;
	case PK_DIST_HOTSPOT:
		hot = hot_count(spec, n);
		if (hot >= n) {
			return 1.0 / (double)n;
		}
		return i < hot
			   ? spec->hot_op_fraction / (double)hot
			   : (1.0 - spec->hot_op_fraction) / (double)(n - hot);
	default:
		return 1.0 / (double)n;
	}
}

/* zipf_update_eta's eta over n >= 3 ranks, norm their zeta */
static double zipfian_eta(double theta, uint64_t n, double norm)
{
	return (1.0 - pow(2.0 / (double)n, 1.0 - theta)) /
	       (1.0 - (1.0 + pow(0.5, theta)) / norm);
}

double dist_zipfian_tail(double theta, uint64_t n, double norm, uint64_t k)
{
	if (k == 0) {
		return 1.0;
	}
	if (k >= n) {
		return 0.0;
	}
	if (k == 1) {
		return 1.0 - 1.0 / norm;
	}
	/* u >= 1 - (1 - (k / n)^(1 - theta)) / eta draws rank k or more */
	return -expm1((1.0 - theta) * log((double)k / (double)n)) /
	       zipfian_eta(theta, n, norm);
}

/* zipf_draw's chance of rank k >= 2, k < n, eta zipfian_eta's over n */
static double zipfian_chance_past(double theta, uint64_t n, double eta,
				  uint64_t k)
{
	const double e = 1.0 - theta;

	/* ((k + 1)^e - k^e) / n^e as (k / n)^e (e^(e ln(1 + 1 / k)) - 1):
	   no cancellation for large k */
	return pow((double)k / (double)n, e) *
	       expm1(e * log1p(1.0 / (double)k)) / eta;
}

/* zipf_draw's chance of rank k < n (norm zeta(n, theta)) */
static double zipfian_chance(double theta, uint64_t n, double norm, uint64_t k)
{
	if (k == 0) {
		return 1.0 / norm;
	}
	if (k == 1) {
		return pow(0.5, theta) / norm; /* zipf_draw's half_theta */
	}
	return zipfian_chance_past(theta, n, zipfian_eta(theta, n, norm), k);
}

double dist_chance(const struct pk_dist_spec *spec, uint64_t n, double norm,
		   uint64_t i)
{
	if (i >= n) {
		return 0.0;
	}
	switch (spec->kind) {
	case PK_DIST_ZIPFIAN:
		return zipfian_chance(spec->theta, n, norm, i);
	case PK_DIST_LATEST:
		return zipfian_chance(spec->theta, n, norm, n - 1 - i);
	default:
		return dist_pmf(spec, n, norm, i);
	}
}

void dist_chances_init(struct pk_dist_chances *c,
		       const struct pk_dist_spec *spec, uint64_t n, double norm)
{
	const double theta = spec->theta, a = 1.0 - theta;
	int j;

	c->spec = spec;
	c->n = n;
	c->norm = norm;
	c->series =
	    (spec->kind == PK_DIST_ZIPFIAN || spec->kind == PK_DIST_LATEST) &&
	    n > PK_DIST_CHANCES_SERIES_FROM;
	c->anchor = 0;
	if (!c->series) {
		return;
	}
	c->eta = zipfian_eta(theta, n, norm);
	c->scale = a * pow((double)n, -a) / c->eta;
	/* binomial(a, j + 1) / a = binomial(a, j) / a x (a - j) / (j + 1) */
	c->step[0] = 1.0;
	for (j = 1; j < PK_DIST_CHANCES_STEP_TERMS; j++) {
		c->step[j] = c->step[j - 1] * (a - (double)j) / (double)(j + 1);
	}
	c->pw[0] = 1.0;
	for (j = 1; j < PK_DIST_CHANCES_ANCHOR_TERMS; j++) {
		c->pw[j] =
		    c->pw[j - 1] * (-theta - (double)(j - 1)) / (double)j;
	}
}

double dist_chances_at(struct pk_dist_chances *c, uint64_t i)
{
	uint64_t k, anchor;
	double u, x, p, s;
	int b, j;

	if (!c->series || i >= c->n) {
		return dist_chance(c->spec, c->n, c->norm, i);
	}
	k = c->spec->kind == PK_DIST_LATEST ? c->n - 1 - i : i;
	if (k < PK_DIST_CHANCES_SERIES_FROM) {
		return k < 2 ? zipfian_chance(c->spec->theta, c->n, c->norm, k)
			     : zipfian_chance_past(c->spec->theta, c->n, c->eta,
						   k);
	}
	/* k^-theta: the anchor keeps k's top 9 bits, so u < 2^-8 */
	b = 63 - __builtin_clzll(k) - 8;
	anchor = k >> b << b;
	if (anchor != c->anchor) {
		c->anchor = anchor;
		c->anchor_pow = pow((double)anchor, -c->spec->theta);
		c->anchor_inv = 1.0 / (double)anchor;
	}
	u = (double)(k - anchor) * c->anchor_inv;
	p = c->pw[PK_DIST_CHANCES_ANCHOR_TERMS - 1];
	for (j = PK_DIST_CHANCES_ANCHOR_TERMS - 2; j >= 0; j--) {
		p = p * u + c->pw[j];
	}
	/* ((1 + x)^a - 1) / (a x), x = 1 / k */
	x = 1.0 / (double)k;
	s = c->step[PK_DIST_CHANCES_STEP_TERMS - 1];
	for (j = PK_DIST_CHANCES_STEP_TERMS - 2; j >= 0; j--) {
		s = s * x + c->step[j];
	}
	return c->scale * c->anchor_pow * p * s;
}

uint64_t dist_hottest(const struct pk_dist_spec *spec, uint64_t n)
{
	uint64_t i, best = 0;

	if (n == 0) {
		return 0;
	}
	switch (spec->kind) {
	case PK_DIST_LATEST:
		return n - 1;
	case PK_DIST_WEIGHTED:
		for (i = 1; i < spec->n_weights && i < n; i++) {
			if (spec->weights[i] > spec->weights[best]) {
				best = i;
			}
		}
		return best;
	default:
		return 0;
	}
}
