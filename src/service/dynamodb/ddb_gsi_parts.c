/*
 * ddb_gsi_parts: a global secondary index's partitions as slices of the
 * hash space of its key values (D17: "partitions that behave like table
 * partitions", reference §12), and how a raise of its units adds
 * partitions as a raise of the table's does (D4, reference §3.1, §3.2:
 * partitions are added "when throughput is raised past what the
 * existing ones support"): the count the table's raise rule gives
 * (ddb_layout_raise_count: doubled until ceil(RCU / 3,000 + WCU /
 * 1,000) fits, or that count under `raise_rule: formula`), each new
 * partition the upper half of a partition's slice, the slices split
 * from the first in hash order, as the table's (ddb_parts_provision).
 *
 * A partition keeps its number for the run: the lower half of a split
 * slice stays the partition that held it, with its history (admitted,
 * peak, throttled) and its `delayed` episode and lift; the upper half
 * is a new partition numbered after the others, which takes half the
 * parent's burst bank (D9, as a table's split child) and the parent's
 * episode and lift. The slices in hash order (start, at) say which
 * partition holds a hash. Never a merge (D8); an index never splits for
 * storage or heat here.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_layout.h"

/* Grow index gi's per-partition arrays to n entries, the new ones
   zeroed */
static void grow(struct ddb_gsi *gi, size_t n)
{
	size_t old = gi->n;

#define GROW(a)                                                                \
	do {                                                                   \
		(a) = xreallocarray((a), n, sizeof(*(a)));                     \
		memset((a) + old, 0, (n - old) * sizeof(*(a)));                \
	} while (0)
	GROW(gi->w);
	GROW(gi->parts);
	GROW(gi->s_writes);
	GROW(gi->s_throttled);
	GROW(gi->fc_mcu);
	GROW(gi->since_s);
	GROW(gi->last_s);
	GROW(gi->lifted);
	GROW(gi->start);
	GROW(gi->at);
	GROW(gi->r);
	GROW(gi->r_since_s);
	GROW(gi->r_last_s);
	GROW(gi->r_lifted);
#undef GROW
	gi->n = n;
	gi->info->parts = gi->parts;
	gi->info->n_parts = n;
}

void ddb_gsi_parts_alloc(struct ddb_gsi *gi, size_t n)
{
	size_t k;

	gi->n = 0;
	grow(gi, n);
	for (k = 0; k < n; k++) {
		/* even slices, as the table's at creation */
		gi->start[k] = k == 0 ? 0 : (UINT64_MAX / n + 1) * k;
		gi->at[k] = k;
		gi->w[k].cap_mcu = (int64_t)PK_DDB_PART_WCU * 1000;
		gi->parts[k].peak_t_s = -1;
		gi->since_s[k] = -1;
		gi->last_s[k] = INT64_MIN;
		gi->r[k].cap_mcu = (int64_t)PK_DDB_PART_RCU * 1000;
		gi->r_since_s[k] = -1;
		gi->r_last_s[k] = INT64_MIN;
	}
}

long ddb_gsi_part_at(const struct ddb_gsi *gi, uint64_t h)
{
	size_t lo = 0, hi = gi->n; /* the slice is in [lo, hi) */

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (gi->start[mid] <= h) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return (long)gi->at[lo];
}

/* Split the slice at hash-order position j in two: its lower half stays
   its partition's, its upper half a new partition (the file's header) */
static void split(struct ddb_gsi *gi, size_t j)
{
	size_t n = gi->n, p = gi->at[j];
	/* the slice's width mod 2^64: 0 for the whole space (one
	   partition) */
	uint64_t end = j + 1 < n ? gi->start[j + 1] : 0;
	uint64_t span = end - gi->start[j];
	uint64_t mid =
	    gi->start[j] + (span == 0 ? UINT64_C(1) << 63 : span / 2);
	int64_t half;

	grow(gi, n + 1);
	memmove(gi->start + j + 2, gi->start + j + 1,
		(n - j - 1) * sizeof(*gi->start));
	memmove(gi->at + j + 2, gi->at + j + 1, (n - j - 1) * sizeof(*gi->at));
	gi->start[j + 1] = mid;
	gi->at[j + 1] = n;
	gi->w[n].cap_mcu = gi->w[p].cap_mcu;
	half = gi->w[p].bank_mcu / 2;
	gi->w[n].bank_mcu = gi->w[p].bank_mcu - half;
	gi->w[p].bank_mcu = half;
	gi->parts[n].peak_t_s = -1;
	gi->since_s[n] = gi->since_s[p];
	gi->last_s[n] = gi->last_s[p];
	gi->lifted[n] = gi->lifted[p];
	/* its read side alike (its share set by the caller,
	   ddb_gsi_read_shares) */
	gi->r[n].cap_mcu = gi->r[p].cap_mcu;
	half = gi->r[p].bank_mcu / 2;
	gi->r[n].bank_mcu = gi->r[p].bank_mcu - half;
	gi->r[p].bank_mcu = half;
	gi->r_since_s[n] = gi->r_since_s[p];
	gi->r_last_s[n] = gi->r_last_s[p];
	gi->r_lifted[n] = gi->r_lifted[p];
}

size_t ddb_gsi_parts_raise(struct ddb *d, struct ddb_gsi *gi, int64_t wcu)
{
	size_t n0 = gi->n,
	       want = ddb_layout_raise_count(gi->n, (uint64_t)gi->g->rcu,
					     (uint64_t)wcu, d->layout.rule);

	while (gi->n < want) {
		size_t n = gi->n, k = want - n < n ? want - n : n;

		/* the first k slices in hash order, from the last, so the
		   positions below stay where they are */
		while (k-- > 0) {
			split(gi, k);
		}
	}
	return gi->n - n0;
}

void ddb_gsi_parts_free(struct ddb_gsi *gi)
{
	free(gi->w);
	free(gi->parts);
	free(gi->s_writes);
	free(gi->s_throttled);
	free(gi->fc_mcu);
	free(gi->since_s);
	free(gi->last_s);
	free(gi->lifted);
	free(gi->start);
	free(gi->at);
	free(gi->r);
	free(gi->r_since_s);
	free(gi->r_last_s);
	free(gi->r_lifted);
}
