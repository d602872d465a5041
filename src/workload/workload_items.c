/*
 * workload_items: the item table of a generated stream.
 *
 * Items. Per item: its size at its create, one uint32 value index per
 * drawn property, its creation time (ms) when a clock property formats
 * it, a uint32 size at creation when some phase sends batches and its
 * stream with several: 4 + 4 per drawn property bytes (+ 8, + 4, + 1),
 * within docs/design.md's 48 per tracked item. The workload keeps no live set:
 * which items a read, upsert, replace, delete or conditional query may
 * name is the variant's draw set of written items, drawn at the send
 * (targets.h, workload_targets.c). An item stays in the table for good,
 * so workload_value() rebuilds its values for containers that hold it.
 * Values are rebuilt on demand; nothing is allocated per operation except
 * amortized growth of the item arrays.
 */

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"
#include "pksim/load/trace.h"

#include "workload_int.h"

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
	if (w->keep_sizes) {
		mem_grow((void **)&w->size_bytes, &cap, need,
			 sizeof(*w->size_bytes));
	} else {
		/* the same growth with no array of sizes */
		while (cap < need) {
			cap = cap ? cap * 2 : 16;
		}
	}
	if (w->keep_created) {
		w->created_ms =
		    xreallocarray(w->created_ms, cap, sizeof(int64_t));
	}
	if (w->n_slots) {
		w->idx =
		    xreallocarray(w->idx, cap * w->n_slots, sizeof(uint32_t));
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
	   undefined in C */
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
	if (w->keep_created) {
		w->created_ms[item] = t_ms;
	}
	w->last_size = wl_size_draw(w, &ps->item_size);
	if (w->keep_sizes) {
		w->size_bytes[item] = w->last_size;
	}
	if (w->batches) {
		w->created_size[item] = w->last_size;
	}
	w->n_items++;
	return item;
}

uint64_t wl_item_create(struct pk_workload *w, int64_t t_ms,
			const struct pk_phase_spec *ps)
{
	return wl_item_new(w, t_ms, ps, PK_ITEM_NONE);
}

uint32_t workload_item_size(const struct pk_workload *w, uint64_t item)
{
	if (w->file) {
		if (item >= w->n_items) {
			return 0;
		}
		return wl_file_size(w, w->arr[item].rec);
	}
	if (!w->keep_sizes) {
		/* no operation of the scenario reads an item back */
		PK_BUG("workload: item %llu's size asked, not kept",
		       (unsigned long long)item);
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
