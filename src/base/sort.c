/*
 * sort: an LSD radix sort of 64-bit keys (sort.h). Eight passes of 256
 * buckets, one count pass for all eight: a few sequential sweeps over
 * the keys where qsort makes n log2 n calls (20 M at a million keys).
 * Invariant: after pass b the keys are in order by their low b + 1
 * bytes, ties kept in the order the pass met them (a stable pass).
 */
#include "pksim/base/sort.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* Bytes in a key: one pass each */
#define PK_SORT_PASSES 8

void sort_u64(uint64_t *v, size_t n)
{
	size_t count[PK_SORT_PASSES][256], i, sum, c;
	uint64_t *src = v, *dst, *tmp;
	int b;

	if (n < 2) {
		return;
	}
	memset(count, 0, sizeof(count));
	for (i = 0; i < n; i++) {
		for (b = 0; b < PK_SORT_PASSES; b++) {
			count[b][(v[i] >> (8 * b)) & 0xff]++;
		}
	}
	tmp = xmalloc(n * sizeof(*tmp));
	dst = tmp;
	for (b = 0; b < PK_SORT_PASSES; b++) {
		uint64_t *swap;

		if (count[b][(v[0] >> (8 * b)) & 0xff] == n) {
			continue; /* every key has this byte: order stands */
		}
		for (sum = 0, i = 0; i < 256; i++) {
			c = count[b][i];
			count[b][i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++) {
			dst[count[b][(src[i] >> (8 * b)) & 0xff]++] = src[i];
		}
		swap = src;
		src = dst;
		dst = swap;
	}
	if (src != v) {
		memcpy(v, src, n * sizeof(*v));
	}
	free(tmp);
}
