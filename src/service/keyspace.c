/*
 * keyspace: the key space's ends, order, hex text and widths
 * (keyspace.h).
 */
#include "pksim/service/keyspace.h"

#include <string.h>

const struct pk_epk pk_epk_min = {0, {0}};
const struct pk_epk pk_epk_end = {1, {0xFF}};

int epk_cmp(const struct pk_epk *a, const struct pk_epk *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->b, b->b, n);

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
