/*
 * powfloor: the whole part of n x^alpha as the C expression
 * (uint64_t)(n * pow(x, alpha)) gives it, most often without calling pow:
 * the zipfian draw's last step (rng.c, Gray et al.), which pow dominated.
 */
#ifndef PKSIM_BASE_POWFLOOR_H
#define PKSIM_BASE_POWFLOOR_H

#include <stdint.h>

/* What pow_floor needs of alpha, set once (pow_floor_init) */
struct pk_powfloor {
	double alpha;	/* the exponent */
	double f;	/* |alpha - whole| */
	double band;	/* the band's part that does not depend on x */
	uint32_t whole; /* the integer nearest alpha; 0: pow_floor calls pow */
};

/* p for exponent alpha (any double; pow_floor calls pow unless alpha is
   within 1e-9 of an integer in [1, 65,536]) */
void pow_floor_init(struct pk_powfloor *p, double alpha);

/*
 * (uint64_t)(n * pow(x, p's alpha)) for 0 < x <= 1 and 1 <= n <= 2^53
 * (a set's size): the same integer the expression gives with a C
 * library whose pow is within 2 ulps of x^alpha (glibc's is within 1,
 * its tests' bound). Where alpha is within 1e-9 of an integer N (a
 * zipfian's 1 / (1 - theta) for the thetas people write) it takes x^N by
 * multiplications and calls pow only when n x^alpha lies so near an
 * integer that the errors (powfloor.c: their bound) could put the
 * expression on the other side of it; else, and outside the ranges
 * above, it calls pow. Pure; no errors.
 */
uint64_t pow_floor(const struct pk_powfloor *p, double n, double x);

#endif
