/*
 * keyspace: the key space's ends, order, hex text and widths
 * (keyspace.h).
 */
#include "pksim/service/keyspace.h"

#include <string.h>

const struct pk_epk pk_epk_min = {0, {0}};
const struct pk_epk pk_epk_end = {1, {0xFF}};

/* The first 8 bytes at b as a big-endian number: two such numbers are
   in the order of their bytes */
static inline uint64_t epk_head(const uint8_t *b)
{
	return (uint64_t)b[0] << 56 | (uint64_t)b[1] << 48 |
	       (uint64_t)b[2] << 40 | (uint64_t)b[3] << 32 |
	       (uint64_t)b[4] << 24 | (uint64_t)b[5] << 16 |
	       (uint64_t)b[6] << 8 | (uint64_t)b[7];
}

int epk_cmp(const struct pk_epk *a, const struct pk_epk *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = 0;

	/* the first min(n, 8) bytes as one number (b holds at least 8),
	   so that positions that differ there, most of them (a V2 EPK's
	   hash), are told apart without a memcmp call */
	if (n > 0) {
		uint64_t mask = n >= 8 ? UINT64_MAX : ~(UINT64_MAX >> (8 * n));
		uint64_t x = epk_head(a->b) & mask, y = epk_head(b->b) & mask;

		if (x != y) {
			return x < y ? -1 : 1;
		}
	}
	if (n > 8) {
		c = memcmp(a->b + 8, b->b + 8, n - 8);
	}
	if (c != 0) {
		return c < 0 ? -1 : 1;
	}
	return a->len == b->len ? 0 : (a->len < b->len ? -1 : 1);
}

void epk_format(const struct pk_epk *e, char out[PK_EPK_HEX_MAX])
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < e->len; i++) {
		out[2 * i] = hex[e->b[i] >> 4];
		out[2 * i + 1] = hex[e->b[i] & 15];
	}
	out[2 * e->len] = '\0';
}

double epk_fraction(const struct pk_epk *e)
{
	double x = 0;
	int i;

	for (i = 7; i >= 0; i--) {
		x = (x + e->b[i]) / 256.0;
	}
	return x;
}
