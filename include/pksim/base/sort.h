/*
 * sort: sorting plain keys where qsort's comparison calls were the cost.
 * Used on the hashes of a data file's records (a million or more), whose
 * counts of distinct values the loader and the workload take from runs
 * of equal neighbours.
 */
#ifndef PKSIM_SORT_H
#define PKSIM_SORT_H

#include <stddef.h>
#include <stdint.h>

/*
 * Sort v[0 .. n) ascending in place: an LSD radix sort, a byte a pass,
 * skipping a byte every key shares (the result is qsort's with a
 * three-way compare of the values). n scratch words are allocated and
 * freed inside (8 bytes a key; out of memory is fatal, mem.h); v may be
 * NULL when n is 0.
 */
void sort_u64(uint64_t *v, size_t n);

#endif
