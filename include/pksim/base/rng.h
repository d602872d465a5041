/*
 * rng: the one seeded generator (xoshiro256**, seeded through splitmix64)
 * and the distributions built on it. Nothing in pksim calls rand(): the
 * same seed gives the same stream on every machine and build.
 */
#ifndef PKSIM_RNG_H
#define PKSIM_RNG_H

#include <stddef.h>
#include <stdint.h>

/* YCSB ZipfianGenerator.ZIPFIAN_CONSTANT */
#define PK_DEFAULT_ZIPF_THETA 0.99
/* YCSB HotspotIntegerGenerator defaults (hotspotdatafraction/opnfraction) */
#define PK_DEFAULT_HOT_DATA_FRACTION 0.2
#define PK_DEFAULT_HOT_OP_FRACTION 0.8
/* Zipf's law in its classic form, p(k) ~ 1/k: the exponent s of
   `distribution: zipf` when the scenario gives none */
#define PK_DEFAULT_ZIPF_S 1.0
/* The largest exponent s pksim accepts: at s = 100 rank 2 already has
   2^-100 of rank 1's weight, so a larger s only adds rounding trouble
   (the sampler's x^(1-s) underflows near s = 1075) */
#define PK_ZIPF_MAX_S 100.0

/* How a value is drawn from a finite set of N values (index 0..N-1). */
enum pk_dist_kind {
	PK_DIST_UNIFORM = 0, /* each value 1/N */
	PK_DIST_ZIPFIAN,     /* YCSB zipfian, rank 0 hottest, theta */
	PK_DIST_HOTSPOT,     /* YCSB hotspot: first data fraction of the set
				gets op fraction of the draws */
	PK_DIST_SEQUENTIAL,  /* 0, 1, ..., N-1, 0, 1, ... */
	PK_DIST_LATEST,	     /* YCSB latest: values come into use in order, one
				per draw; draws favour the most recent (zipfian
				over recency) */
	PK_DIST_WEIGHTED,    /* explicit weights, one per value */
	PK_DIST_ZIPF,	     /* Zipf's law with any exponent s > 0: value k
				(1-based) with p(k) = k^-s / H(N, s), by
				rejection-inversion */
};

struct pk_dist_spec {
	enum pk_dist_kind kind;
	double theta; /* ZIPFIAN/LATEST: 0 < theta < 1, default 0.99 */
	double s;     /* ZIPF: exponent, 0 < s <= PK_ZIPF_MAX_S, default 1 */
	double hot_data_fraction; /* HOTSPOT: 0 < f < 1, default 0.2 */
	double hot_op_fraction;	  /* HOTSPOT: 0 < f < 1, default 0.8 */
	double *weights;	  /* WEIGHTED: owned, n_weights entries > 0 */
	size_t n_weights;	  /* WEIGHTED: equals the value count */
};

/*
 * The probability of index i (< n) under spec over [0, n) by the laws
 * the draws follow: UNIFORM and SEQUENTIAL 1/n (a sequence visits every
 * value equally), ZIPFIAN (i + 1)^-theta / zeta(n, theta) (Zipf's law;
 * the draw is YCSB's approximation of it, which differs past the first
 * two ranks: dist_chance), ZIPF (i + 1)^-s / H(n, s), HOTSPOT op
 * fraction over the first floor(n x data fraction) (at least 1) values
 * and the rest over the others, WEIGHTED w_i / sum w, LATEST (n -
 * i)^-theta / zeta(n, theta): its values come into use one per draw, so
 * after the first n draws every one is in use and the newest, n - 1, is
 * the zipfian's rank 0 (the n draws before that are not modelled: a
 * run's first n). norm is dist_norm(spec, n), computed once for a set
 * (a sum over n values).
 */
double dist_pmf(const struct pk_dist_spec *spec, uint64_t n, double norm,
		uint64_t i);
/*
 * The chance one dist_draw of spec over [0, n) gives index i (< n; 0
 * past it), as this generator draws it: dist_pmf's, except for ZIPFIAN
 * and LATEST, whose draw is YCSB's ZipfianGenerator (Gray et al.,
 * SIGMOD 1994): ranks 0 and 1 take 1 / zeta(n, theta) and 2^-theta /
 * zeta(n, theta) as Zipf's law does, and the rank past them is floor(n
 * (eta u - eta + 1)^(1 / (1 - theta))) for u uniform, so rank k >= 2
 * takes ((k + 1)^(1 - theta) - k^(1 - theta)) / (n^(1 - theta) eta),
 * eta = (1 - (2 / n)^(1 - theta)) / (1 - (1 + 2^-theta) / zeta(n,
 * theta)) (10 values at theta 0.99: rank 2 0.12305 where Zipf's law
 * gives 0.11401); LATEST's index n - 1 - k takes rank k's. norm is
 * dist_norm(spec, n). For a projection of each value's share of the
 * draws (result/runway.h).
 */
double dist_chance(const struct pk_dist_spec *spec, uint64_t n, double norm,
		   uint64_t i);
/* The chance a zipfian draw (dist_chance) over n ranks (norm zeta(n,
   theta)) gives rank k or more: 1 for k 0, 1 - 1 / norm for k 1, (1 -
   (k / n)^(1 - theta)) / eta for 2 <= k < n, 0 past it. The chance of
   ranks [a, b) is tail(a) - tail(b), without a sum over them. */
double dist_zipfian_tail(double theta, uint64_t n, double norm, uint64_t k);

/* The first zipfian rank dist_chances_at takes by a series: 2^9, so the
   series' 1 / k is at most 2^-9 and an anchor's step 2^-8 of it */
#define PK_DIST_CHANCES_SERIES_FROM 512u
/* Terms of (1 + u)^-theta kept, u < 2^-8: the first left out is at most
   theta (theta + 1) ... (theta + 7) / 8! u^8 < 1.7 x 2^-64 for theta <=
   1.2 */
#define PK_DIST_CHANCES_ANCHOR_TERMS 8
/* Terms of ((1 + x)^a - 1) / (a x) kept, x = 1 / k <= 2^-9, a = 1 -
   theta: the first left out, binomial(a, 7) x^6 / a, is at most 0.23 x
   2^-54 for -0.2 <= a < 1 */
#define PK_DIST_CHANCES_STEP_TERMS 6

/*
 * dist_chance for many indexes of one set, for a sum over every value:
 * ZIPFIAN and LATEST ranks from PK_DIST_CHANCES_SERIES_FROM on by a
 * series in place of three pow calls a rank. Rank k >= 2 takes ((k +
 * 1)^a - k^a) / (n^a eta), a = 1 - theta, and (k + 1)^a - k^a = a k^(a -
 * 1) (1 + (a - 1) / (2k) + (a - 1)(a - 2) / (6k^2) + ...): k^-theta from
 * the nearest anchor below (k's top 9 bits, pow once an anchor) by the
 * binomial series, times that series in 1 / k. Within 1e-14 of
 * dist_chance's pow form (about 1e-15: rounding in the sums), not bit
 * for bit; below PK_DIST_CHANCES_SERIES_FROM, and for every other kind,
 * dist_chance's own value. Plain data, no heap: nothing to free. spec
 * is borrowed for c's life; norm is dist_norm(spec, n).
 */
struct pk_dist_chances {
	const struct pk_dist_spec *spec; /* borrowed */
	uint64_t n;			 /* values in the set */
	double norm;			 /* dist_norm(spec, n) */
	int series;			 /* 1: ZIPFIAN or LATEST over more than
					    PK_DIST_CHANCES_SERIES_FROM values */
	double eta;			 /* Gray's eta over n, norm */
	double scale;			 /* (1 - theta) n^-(1 - theta) / eta */
	double step[PK_DIST_CHANCES_STEP_TERMS]; /* binomial(a, j + 1) /
						    a */
	double pw[PK_DIST_CHANCES_ANCHOR_TERMS]; /* binomial(-theta, j) */
	uint64_t anchor;			 /* 0 none yet */
	double anchor_pow, anchor_inv;		 /* anchor^-theta, 1 / anchor */
};

/* Set c up for spec over n values, norm dist_norm(spec, n). */
void dist_chances_init(struct pk_dist_chances *c,
		       const struct pk_dist_spec *spec, uint64_t n,
		       double norm);
/* Index i's chance (< n; 0 past it) as struct pk_dist_chances says.
   Cheapest for indexes in order (an anchor serves 2^-8 of k's octave). */
double dist_chances_at(struct pk_dist_chances *c, uint64_t i);
/* The index (< n, n > 0) dist_pmf gives the most: n - 1 for LATEST, the
   first largest weight for WEIGHTED, 0 for the others. */
uint64_t dist_hottest(const struct pk_dist_spec *spec, uint64_t n);
/* The normaliser dist_pmf needs for spec over n values: zeta(n, theta)
   (ZIPFIAN, LATEST), H(n, s) or the weights' sum; 1 for the others. */
double dist_norm(const struct pk_dist_spec *spec, uint64_t n);

struct pk_rng {
	uint64_t s[4]; /* xoshiro256** state, never all zero */
};

/* Seed r from seed (any value, 0 included) via splitmix64. */
void rng_seed(struct pk_rng *r, uint64_t seed);
/* Next 64 random bits. */
uint64_t rng_next(struct pk_rng *r);
/* Uniform integer in [0, n); n >= 1; unbiased (Lemire's method). */
uint64_t rng_below(struct pk_rng *r, uint64_t n);
/* The value in [0, n) rng_below(r, n) gives when its first draw x needs
   no second (the high 64 bits of x * n): for a guess at a draw to come
   without making it (targets_guess). */
uint64_t rng_scale(uint64_t x, uint64_t n);
/* Uniform integer in [lo, hi], lo <= hi; the whole uint64 range too
   (hi - lo + 1 would wrap to 0 there). */
uint64_t rng_between(struct pk_rng *r, uint64_t lo, uint64_t hi);
/* Uniform double in [0, 1) with 53 random bits. */
double rng_double(struct pk_rng *r);
/* Exponential with mean `mean` (> 0). */
double rng_exponential(struct pk_rng *r, double mean);
/* Normal(mean, stddev) by Box-Muller (one value per call). */
double rng_normal(struct pk_rng *r, double mean, double stddev);

/*
 * A draw over a finite set [0, n) per a pk_dist_spec. The set may grow
 * (dist_set_n) as items are created; zipfian constants are updated
 * incrementally as in YCSB. Owned by the caller; dist_free() releases it.
 */
struct pk_dist;

/* A new distribution over [0, n) (n >= 1) as spec says; spec is copied. */
struct pk_dist *dist_new(const struct pk_dist_spec *spec, uint64_t n);
/* Change the set size to n (n >= 1), e.g. when items were added. */
void dist_set_n(struct pk_dist *d, uint64_t n);
/* Draw one index in [0, n). */
uint64_t dist_draw(struct pk_dist *d, struct pk_rng *r);
/* Free d; NULL is allowed. */
void dist_free(struct pk_dist *d);
/* d's normaliser when d made it over its set as dist_norm(spec, n) does
   (a ZIPFIAN never resized: zeta(n, theta), the same sum bit for bit),
   into *norm and 1; else 0, *norm untouched. Spares a caller the sum
   over n values d already did. */
int dist_known_norm(const struct pk_dist *d, double *norm);

#endif
