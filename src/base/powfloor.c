/*
 * powfloor: (uint64_t)(n * pow(x, alpha)) without pow where that is
 * safe (powfloor.h).
 *
 * A zipfian's alpha = 1 / (1 - theta) lies within a few ulps of an
 * integer N for the thetas people write (0.99: 100 + 9e-14, 0.5: 2, 0.9:
 * 10 + 2e-15), and x^N takes a few multiplications (binary powering)
 * where pow takes about 120 instructions. x^alpha = x^N e^(f log x),
 * f = alpha - N, and |f log x| <= |f| (1 - x) / x = t for 0 < x <= 1.
 *
 * The error, eps = 2^-52: binary powering rounds each product once, and
 * a rounding of x^j raised to the N/j-th power weighs N/j times, at most
 * 2N in all, so x^N is within N eps (relative); dropping e^(f log x)
 * moves it by at most 1.01 t; the product by n a half eps more. The
 * expression's own value, pow within 2 ulps and its product a half,
 * differs from n x^alpha by at most 3 eps. pow_floor's band is 4 eps (N
 * + 8) + 2t: when the band around its n x^N holds no integer, the
 * expression's value lies in the same unit interval, and its whole part
 * is that of the band's ends. Else, and for an alpha farther from an
 * integer, it calls pow.
 */
#include "pksim/base/powfloor.h"

#include <math.h>

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/* 4 x 2^-52: the band's unit (above) */
#define PF_BAND 0x1p-50
/* The most f = alpha - N pow_floor drops, and the largest N it powers */
#define PF_MAX_F 1e-9
#define PF_MAX_N 65536.0

/* x^k by binary powering, k >= 1 */
static double pow_int(double x, uint32_t k)
{
	double p = (k & 1) ? x : 1.0;

	while (k >>= 1) {
		x *= x;
		if (k & 1) {
			p *= x;
		}
	}
	return p;
}

void pow_floor_init(struct pk_powfloor *p, double alpha)
{
	double whole = alpha >= 1.0 && alpha <= PF_MAX_N
			   ? (double)(uint32_t)(alpha + 0.5)
			   : 0;

	p->alpha = alpha;
	p->f = fabs(alpha - whole);
	p->whole = (uint32_t)whole;
	p->band = PF_BAND * (whole + 8.0);
	if (whole == 0 || p->f > PF_MAX_F) {
		p->whole = 0;
	}
}

uint64_t pow_floor(const struct pk_powfloor *p, double n, double x)
{
	double y, band;
	uint64_t a;

	if (p->whole > 0 && x > 0x1p-900 && x <= 1.0 && n >= 1.0 &&
	    n <= 0x1p53) {
		band =
		    p->f > 0 ? p->band + 2.0 * p->f * (1.0 - x) / x : p->band;
		y = n * pow_int(x, p->whole);
		a = (uint64_t)(y * (1.0 - band));
		if (y > 0x1p-900 && band < 0x1p-20 &&
		    a == (uint64_t)(y * (1.0 + band))) {
			return a;
		}
	}
	return (uint64_t)(n * pow(x, p->alpha));
}
