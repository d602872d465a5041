/*
 * keyspace: the key space's ends and order (keyspace.h).
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
