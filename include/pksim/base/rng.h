/*
 * rng: the one seeded generator (xoshiro256**, seeded through splitmix64)
 * and the distributions built on it. Nothing in pksim calls rand(): the
 * same seed gives the same stream on every machine and build.
 */
#ifndef PKSIM_RNG_H
#define PKSIM_RNG_H

#include <stdint.h>

#include "pksim/load/scenario.h"

struct pk_rng {
	uint64_t s[4]; /* xoshiro256** state, never all zero */
};

/* Seed r from seed (any value, 0 included) via splitmix64. */
void rng_seed(struct pk_rng *r, uint64_t seed);
/* Next 64 random bits. */
uint64_t rng_next(struct pk_rng *r);
/* Uniform integer in [0, n); n >= 1; unbiased (Lemire's method). */
uint64_t rng_below(struct pk_rng *r, uint64_t n);
/* Uniform integer in [lo, hi], lo <= hi; the whole uint64 range too
   (hi - lo + 1 would wrap to 0 there: issue 11 fault 3). */
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

#endif
