/*
 * workload_items: the item table of a generated stream.
 *
 * Target selection (the phase's `select` spec) ranks the live items --
 * created and not deleted in the generator's own view -- in creation
 * order, rank 0 the oldest, over n = live items at the draw:
 *   UNIFORM     each live item 1/n (a dense array of live items with
 *               swap-remove, O(1)).
 *   ZIPFIAN     rank = zipfian(n, theta): the oldest live item hottest.
 *   LATEST      rank = n - 1 - zipfian(n, theta): the newest live item
 *               hottest (YCSB SkewedLatestGenerator's latest - zipfian,
 *               with "latest" the newest live item rather than a counter).
 *   HOTSPOT     the oldest floor(n * hot_data_fraction) live items (at
 *               least 1) take hot_op_fraction of the draws.
 *   SEQUENTIAL  ranks 0, 1, 2, ... wrapping at n (n read at each draw).
 *   WEIGHTED    weight i for rank i; ranks past the weight list get 0.
 * Ranks map to items through a Fenwick tree of alive flags (k-th live item
 * in O(log items)), kept only when some phase selects non-uniformly. Each
 * phase has its own select distribution (its own zipfian constants and
 * sequential counter).
 *
 * Items. Per item: creation time (ms), last written size, position in the
 * live array (PK_WL_DEAD once deleted), one uint32 value index per drawn
 * property, a uint32 Fenwick cell when needed, and a uint32 size at
 * creation when some phase sends batches: 20 + 4 per drawn property
 * bytes (+ 8), within docs/design.md's 48 per tracked item. A deleted item
 * stays in the table, so workload_value() still rebuilds its values for
 * containers that hold it. Values are rebuilt on demand; nothing is
 * allocated per operation except amortized growth of the item arrays.
 */

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"
#include "pksim/load/trace.h"

#include "workload_int.h"

static inline uint64_t lowbit(uint64_t x)
{
	return x & (0 - x);
}

static void items_reserve(struct pk_workload *w)
{
	size_t cap = w->cap_items;
	size_t need = (size_t)w->n_items + 1;

	if (need <= cap) {
		return;
	}
	if (w->n_items >= PK_WL_MAX_ITEMS) {
		PK_BUG("workload: more than %llu items",
		       (unsigned long long)PK_WL_MAX_ITEMS);
	}
	mem_grow((void **)&w->created_ms, &cap, need, sizeof(*w->created_ms));
	w->size_bytes = xreallocarray(w->size_bytes, cap, sizeof(uint32_t));
	w->live_pos = xreallocarray(w->live_pos, cap, sizeof(uint32_t));
	w->live = xreallocarray(w->live, cap, sizeof(uint32_t));
	if (w->n_slots) {
		w->idx =
		    xreallocarray(w->idx, cap * w->n_slots, sizeof(uint32_t));
	}
	if (w->ordered) {
		w->fen = xreallocarray(w->fen, cap, sizeof(uint32_t));
	}
	if (w->batches) {
		w->created_size =
		    xreallocarray(w->created_size, cap, sizeof(uint32_t));
	}
	if (w->n_streams > 1) {
		w->item_stream =
		    xreallocarray(w->item_stream, cap, sizeof(uint8_t));
	}
	w->cap_items = cap;
}

/* Append Fenwick cell n_items + 1 for a new live item: the cell covers
   (i - lowbit(i), i], i.e. itself plus the cells it spans below. */
static void fen_append(struct pk_workload *w)
{
	uint64_t i = w->n_items + 1;
	uint64_t j;
	uint32_t sum = 1;

	for (j = i - 1; j > i - lowbit(i); j -= lowbit(j)) {
		sum += w->fen[j - 1];
	}
	w->fen[i - 1] = sum;
	if (w->fen_top * 2 <= i) {
		w->fen_top = w->fen_top ? w->fen_top * 2 : 1;
	}
}

static void fen_remove(struct pk_workload *w, uint64_t item)
{
	uint64_t i;

	for (i = item + 1; i <= w->n_items; i += lowbit(i)) {
		w->fen[i - 1]--;
	}
}

/* The live item of rank k (0-based, creation order); k < n_live. */
static uint64_t fen_kth(const struct pk_workload *w, uint64_t k)
{
	uint64_t pos = 0, step, rem = k + 1;

	for (step = w->fen_top; step; step >>= 1) {
		if (pos + step <= w->n_items && w->fen[pos + step - 1] < rem) {
			pos += step;
			rem -= w->fen[pos - 1];
		}
	}
	/* 1-based cell pos + 1 holds the item: its 0-based seq is pos */
	return pos;
}

uint32_t wl_size_draw(struct pk_workload *w, const struct pk_size_spec *s)
{
	double x;

	switch (s->kind) {
	case PK_SIZE_FIXED:
		return (uint32_t)s->bytes;
	case PK_SIZE_UNIFORM:
		return (uint32_t)rng_between(&w->rng, s->min_bytes,
					     s->max_bytes);
	case PK_SIZE_NORMAL:
		x = round(rng_normal(&w->rng, s->mean_bytes, s->stddev_bytes));
		if (!(x >= 1)) {
			x = 1;
		}
		if (x > (double)PK_MAX_ITEM_BYTES) {
			x = (double)PK_MAX_ITEM_BYTES;
		}
		return (uint32_t)x;
	}
	PK_BUG("workload: unknown size kind %d", (int)s->kind);
}

/* A new live item created at t_ms; returns its seq. With like !=
   PK_ITEM_NONE (a batch's earlier item) it copies like's drawn values
   but /id's and draws only /id's and the size (see the file header). */
uint64_t wl_item_new(struct pk_workload *w, int64_t t_ms,
		     const struct pk_phase_spec *ps, uint64_t like)
{
	uint64_t item = w->n_items;
	const uint32_t *from = NULL;
	uint32_t *idx;
	size_t s;

	items_reserve(w);
	/* no slots (no generated property): idx stays NULL, and NULL + 0 is
	   undefined in C (found by fuzz_run) */
	idx = w->n_slots ? w->idx + item * w->n_slots : NULL;
	if (like != PK_ITEM_NONE && w->n_slots) {
		from = w->idx + like * w->n_slots;
	}
	if (w->item_stream) {
		/* several streams: the item is its stream's, whose slots
		   alone it draws; the others stay 0 (never read) */
		w->item_stream[item] = (uint8_t)w->active;
		if (w->n_slots) {
			memset(idx, 0, w->n_slots * sizeof(*idx));
		}
	}
	for (s = w->slot_lo; s < w->slot_hi; s++) {
		idx[s] = from && (int)s != w->id_slot
			     ? from[s]
			     : (uint32_t)dist_draw(w->slot_dist[s], &w->rng);
	}
	w->created_ms[item] = t_ms;
	w->size_bytes[item] = wl_size_draw(w, &ps->item_size);
	if (w->batches) {
		w->created_size[item] = w->size_bytes[item];
	}
	w->live_pos[item] = (uint32_t)w->n_live;
	w->live[w->n_live++] = (uint32_t)item;
	if (w->ordered) {
		fen_append(w);
	}
	w->n_items++;
	return item;
}

uint64_t wl_item_create(struct pk_workload *w, int64_t t_ms,
			const struct pk_phase_spec *ps)
{
	return wl_item_new(w, t_ms, ps, PK_ITEM_NONE);
}

void wl_item_delete(struct pk_workload *w, uint64_t item)
{
	uint32_t pos = w->live_pos[item];
	uint32_t moved = w->live[w->n_live - 1];

	/* swap-remove: the last live item takes the hole */
	w->live[pos] = moved;
	w->live_pos[moved] = pos;
	w->n_live--;
	w->live_pos[item] = PK_WL_DEAD;
	if (w->ordered) {
		fen_remove(w, item);
	}
}

/* A live item per the phase's select spec; n_live >= 1. */
uint64_t wl_item_select(struct pk_workload *w, struct pk_wl_phase *ph)
{
	uint64_t rank;

	if (!ph->select) {
		return w->live[rng_below(&w->rng, w->n_live)];
	}
	dist_set_n(ph->select, w->n_live);
	rank = dist_draw(ph->select, &w->rng);
	if (ph->select_newest) {
		rank = w->n_live - 1 - rank;
	}
	return fen_kth(w, rank);
}

uint32_t workload_item_size(const struct pk_workload *w, uint64_t item)
{
	if (w->file) {
		if (item >= w->n_items) {
			return 0;
		}
		return wl_file_size(w, w->arr[item].rec);
	}
	return item < w->n_items ? w->size_bytes[item] : 0;
}

uint32_t workload_item_created_size(const struct pk_workload *w, uint64_t item)
{
	if (w->created_size && item < w->n_items) {
		return w->created_size[item];
	}
	return workload_item_size(w, item);
}
