/*
 * pmap: the partition key ranges of one container.
 */
#include "pmap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* V1 hashes are MurmurHash3_x86_32 values: [0, 2^32) */
#define PK_PMAP_V1_SPACE 4294967296.0
/* Fraction of the whole 2^128 space the V2 hashes reach: 0x40../0x100.. */
#define PK_PMAP_V2_REACH_FRACTION 0.25

/* i * (2^126 / n) as a 16-byte EPK, for 0 <= i <= n */
static struct pk_epk even_boundary(size_t i, size_t n)
{
	__extension__ typedef unsigned __int128 u128;
	u128 reach = (u128)1 << 126;
	u128 b = reach / n * i + reach % n * i / n;
	struct pk_epk e;
	int k;

	memset(&e, 0, sizeof(e));
	e.len = PK_EPK_V2_BYTES;
	for (k = 15; k >= 0; k--) {
		e.b[k] = (uint8_t)b;
		b >>= 8;
	}
	return e;
}

/* i / n of the V1 hash space [0, 2^32), as a V1 number */
static struct pk_epk v1_boundary(size_t i, size_t n)
{
	return epk_v1_number(floor((double)i * PK_PMAP_V1_SPACE / (double)n));
}

void pmap_init(struct pk_pmap *m, size_t n)
{
	pmap_init_version(m, n, 2);
}

void pmap_init_version(struct pk_pmap *m, size_t n, int version)
{
	size_t i;

	memset(m, 0, sizeof(*m));
	m->version = version == 1 ? 1 : 2;
	m->gen = 1;
	if (n < 1) {
		n = 1;
	}
	mem_grow((void **)&m->ranges, &m->cap, n, sizeof(*m->ranges));
	for (i = 0; i < n; i++) {
		m->ranges[i].id = (uint32_t)i;
		m->ranges[i].min = i == 0	     ? pk_epk_min
				   : m->version == 1 ? v1_boundary(i, n)
						     : even_boundary(i, n);
		m->ranges[i].max = i + 1 == n	     ? pk_epk_end
				   : m->version == 1 ? v1_boundary(i + 1, n)
						     : even_boundary(i + 1, n);
	}
	m->n = n;
	m->next_id = (uint32_t)n;
}

int pmap_set_cuts(struct pk_pmap *m, const struct pk_epk *cuts)
{
	size_t i;

	for (i = 0; i + 1 < m->n; i++) {
		const struct pk_epk *lo = i ? &cuts[i - 1] : &pk_epk_min;

		if (epk_cmp(lo, &cuts[i]) >= 0 ||
		    epk_cmp(&cuts[i], &pk_epk_end) >= 0) {
			return -1;
		}
	}
	for (i = 0; i + 1 < m->n; i++) {
		m->ranges[i].max = cuts[i];
		m->ranges[i + 1].min = cuts[i];
	}
	return 0;
}

void pmap_free(struct pk_pmap *m)
{
	free(m->ranges);
	memset(m, 0, sizeof(*m));
}

/* The first 8 bytes at b as a big-endian number: two such numbers are
   in the order of their bytes (keyspace.c's epk_cmp starts so) */
static inline uint64_t head8(const uint8_t *b)
{
	return (uint64_t)b[0] << 56 | (uint64_t)b[1] << 48 |
	       (uint64_t)b[2] << 40 | (uint64_t)b[3] << 32 |
	       (uint64_t)b[4] << 24 | (uint64_t)b[5] << 16 |
	       (uint64_t)b[6] << 8 | (uint64_t)b[7];
}

size_t pmap_find(const struct pk_pmap *m, const struct pk_epk *e)
{
	size_t lo = 0, hi = m->n;
	uint64_t eh = head8(e->b);
	int e_long = e->len >= 8;

	/* the last range whose min <= e. Where both are 8 bytes or longer
	   and their first 8 differ, those order them, as in epk_cmp, which
	   is left for the rest (a V1 or empty min, the same first 8 bytes):
	   a V2 EPK's hash differs there from almost every range's min, so
	   a search of 10,000 ranges makes 14 compares of two numbers
	   instead of 14 calls. */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		const struct pk_epk *min = &m->ranges[mid].min;
		uint64_t mh = head8(min->b);
		int at_or_below = e_long && min->len >= 8 && mh != eh
				      ? mh < eh
				      : epk_cmp(min, e) <= 0;

		if (at_or_below) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return lo;
}

int pmap_split(struct pk_pmap *m, size_t i, const struct pk_epk *cut)
{
	struct pk_range parent;

	if (i >= m->n || epk_cmp(cut, &m->ranges[i].min) <= 0 ||
	    epk_cmp(cut, &m->ranges[i].max) >= 0) {
		return -1;
	}
	parent = m->ranges[i];
	mem_grow((void **)&m->ranges, &m->cap, m->n + 1, sizeof(*m->ranges));
	memmove(&m->ranges[i + 2], &m->ranges[i + 1],
		(m->n - i - 1) * sizeof(*m->ranges));
	m->ranges[i].id = m->next_id++;
	m->ranges[i].min = parent.min;
	m->ranges[i].max = *cut;
	m->ranges[i + 1].id = m->next_id++;
	m->ranges[i + 1].min = *cut;
	m->ranges[i + 1].max = parent.max;
	m->n++;
	m->gen++;
	return 0;
}

int pmap_merge(struct pk_pmap *m, size_t i)
{
	if (i + 1 >= m->n) {
		return -1;
	}
	m->ranges[i].id = m->next_id++;
	m->ranges[i].max = m->ranges[i + 1].max;
	memmove(&m->ranges[i + 1], &m->ranges[i + 2],
		(m->n - i - 2) * sizeof(*m->ranges));
	m->n--;
	m->gen++;
	return 0;
}

/* The range's end for arithmetic: "FF" past the reachable V2 space
   counts as its end, 0x40.. (reference §7: halving "" .. "FF" at "7F.."
   would leave one child empty). */
static const struct pk_epk *effective_max(const struct pk_range *r)
{
	if (epk_cmp(&r->max, &pk_epk_v2_reach) > 0 &&
	    epk_cmp(&r->min, &pk_epk_v2_reach) < 0) {
		return &pk_epk_v2_reach;
	}
	return &r->max;
}

/* The V1 hash numbers a range covers: "" is 0, "FF" is 2^32. */
static void v1_bounds(const struct pk_range *r, double *lo, double *hi)
{
	*lo = 0;
	*hi = PK_PMAP_V1_SPACE;
	if (r->min.len > 0 && epk_v1_number_of(&r->min, lo)) {
		*lo = 0;
	}
	if (epk_cmp(&r->max, &pk_epk_end) != 0 &&
	    epk_v1_number_of(&r->max, hi)) {
		*hi = PK_PMAP_V1_SPACE;
	}
}

struct pk_epk pmap_midpoint(const struct pk_pmap *m, size_t i)
{
	const struct pk_range *r = &m->ranges[i];
	double lo, hi;

	if (m->version == 1) {
		v1_bounds(r, &lo, &hi);
		return epk_v1_number(floor((lo + hi) / 2));
	}
	return epk_midpoint(&r->min, effective_max(r));
}

double pmap_width(const struct pk_pmap *m, size_t i)
{
	const struct pk_range *r = &m->ranges[i];
	double lo, hi;

	if (m->version == 1) {
		v1_bounds(r, &lo, &hi);
		return (hi - lo) / PK_PMAP_V1_SPACE;
	}

	if (epk_cmp(&r->min, &pk_epk_v2_reach) >= 0) {
		return 0.0;
	}
	return (epk_fraction(effective_max(r)) - epk_fraction(&r->min)) /
	       PK_PMAP_V2_REACH_FRACTION;
}

int pmap_check(const struct pk_pmap *m)
{
	size_t i;

	if (m->n < 1 || epk_cmp(&m->ranges[0].min, &pk_epk_min) != 0 ||
	    epk_cmp(&m->ranges[m->n - 1].max, &pk_epk_end) != 0) {
		return -1;
	}
	for (i = 0; i < m->n; i++) {
		if (epk_cmp(&m->ranges[i].min, &m->ranges[i].max) >= 0) {
			return -1;
		}
		if (i + 1 < m->n &&
		    epk_cmp(&m->ranges[i].max, &m->ranges[i + 1].min) != 0) {
			return -1;
		}
	}
	return 0;
}
