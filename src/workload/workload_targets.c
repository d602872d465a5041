/*
 * workload_targets: the per-variant draw set of written items and the
 * target draws at send (targets.h says the rule).
 *
 * Ranks. The written items, in creation order (item number), rank 0 the
 * oldest, over n = items in the set at the draw, by the phase's select
 * spec exactly as workload_items.c describes: UNIFORM picks an entry of a
 * dense array (swap-remove, O(1)); the others map a rank to its item
 * through a Fenwick tree over written flags indexed by item number (k-th
 * written item in O(log items)). Items join out of order (a create
 * that waited or was retried is stored after a later one), so the tree
 * takes a point update, not an append: its cells are grown to the newest
 * written item (a new cell holds the sum of the empty cells it spans),
 * then the item's flag is added.
 *
 * IN values, as workload_stream.c's header says: item, then K - 1 more by
 * the same select, each repeated while it hits one already in the list
 * (up to PK_WL_IN_MAX_DRAWS draws) when at least K items are written;
 * lists longer than PK_WL_IN_SCAN_MAX find repeats in a hash set. A
 * BatchGetItem's keys are drawn alike, its repeats then left out.
 */
#include "pksim/workload/targets.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"

#include "workload_int.h"

/* pos[item]: 0 never written, PK_TG_GONE removed for good (replaced),
   PK_TG_DELETING removed by a sent delete (back if it fails:
   targets_kept), else its place in live + 1 (at most PK_WL_MAX_ITEMS) */
#define PK_TG_GONE UINT32_MAX
#define PK_TG_DELETING (UINT32_MAX - 1)
/* the target generators' seed is the run's XOR this (the fractional bits
   of sqrt(3), SHA-2's style of constant), then XOR stream k times
   PK_TG_STREAM_MIX, so they repeat neither the generation stream nor
   each other */
#define PK_TG_SEED_MIX 0xBB67AE8584CAA73BULL
#define PK_TG_STREAM_MIX 0xA0761D6478BD642FULL
/* splitmix64's multiplier: spreads item numbers over the set's slots */
#define PK_TG_IN_SET_MIX 0xBF58476D1CE4E5B9ULL

struct pk_targets {
	const struct pk_workload *w; /* borrowed */
	struct pk_rng *rng;	     /* per stream, n_rng entries */
	size_t n_rng;
	struct pk_dist **sel; /* per phase: over ranks; NULL: uniform */
	int *newest;	      /* per phase: LATEST counts from the newest */
	int ordered;	      /* some phase selects by rank: keep fen */
	uint32_t *pos;	      /* per item, cap entries (above) */
	uint32_t *live;	      /* items in the set, any order */
	uint64_t n_live;
	uint32_t *fen;	    /* Fenwick cell i at fen[i - 1], n_cells */
	uint64_t n_cells;   /* items covered (pos, fen) */
	uint64_t fen_top;   /* largest power of 2 <= n_cells */
	size_t cap;	    /* entries of pos, live, fen */
	uint64_t *in_items; /* the last IN list; in_cap entries */
	size_t in_cap;
	uint64_t *in_set; /* item + 1 (0 = empty), in_set_cap slots */
	size_t in_set_cap;
	/* targets_guess: rng[0] as it will be after the `guessed` draws
	   guessed and not yet made (a prefetch hint only) */
	struct pk_rng guess_rng;
	uint64_t guessed;
};

static inline uint64_t lowbit(uint64_t x)
{
	return x & (0 - x);
}

/* 1 when phase ps can send an operation that needs a target. */
static int phase_needs(const struct pk_phase_spec *ps)
{
	size_t i;

	if (ps->mix[PK_OP_READ] > 0 || ps->mix[PK_OP_BATCH_GET] > 0 ||
	    (ps->mix[PK_OP_UPSERT] > 0 && ps->upsert_new < 1) ||
	    ps->mix[PK_OP_REPLACE] > 0 || ps->mix[PK_OP_DELETE] > 0) {
		return 1;
	}
	if (ps->mix[PK_OP_QUERY] > 0) {
		for (i = 0; i < ps->n_queries; i++) {
			if (ps->queries[i].n_conds > 0) {
				return 1;
			}
		}
	}
	return 0;
}

struct pk_targets *targets_new(const struct pk_workload *w, uint64_t seed)
{
	const struct pk_scenario *sc = w->sc;
	struct pk_targets *t;
	size_t i, need = 0;

	if (w->file) {
		return NULL;
	}
	for (i = 0; i < sc->n_phases; i++) {
		need |= (size_t)phase_needs(&sc->phases[i]);
	}
	if (!need) {
		return NULL;
	}
	t = xcalloc(1, sizeof(*t));
	t->w = w;
	t->n_rng = sc->n_streams > 1 ? sc->n_streams : 1;
	t->rng = xcalloc(t->n_rng, sizeof(*t->rng));
	for (i = 0; i < t->n_rng; i++) {
		rng_seed(&t->rng[i], seed ^ PK_TG_SEED_MIX ^
					 ((uint64_t)i * PK_TG_STREAM_MIX));
	}
	t->sel = xcalloc(sc->n_phases ? sc->n_phases : 1, sizeof(*t->sel));
	t->newest = xcalloc(sc->n_phases ? sc->n_phases : 1, sizeof(int));
	for (i = 0; i < sc->n_phases; i++) {
		struct pk_dist_spec z = sc->phases[i].select;

		if (z.kind == PK_DIST_UNIFORM) {
			continue;
		}
		if (z.kind == PK_DIST_LATEST) {
			/* newest favoured: zipfian rank from the newest */
			z.kind = PK_DIST_ZIPFIAN;
			t->newest[i] = 1;
		}
		t->sel[i] = dist_new(&z, 1);
		t->ordered = 1;
	}
	return t;
}

void targets_free(struct pk_targets *t)
{
	size_t i;

	if (!t) {
		return;
	}
	for (i = 0; i < t->w->sc->n_phases; i++) {
		dist_free(t->sel[i]);
	}
	free(t->sel);
	free(t->newest);
	free(t->rng);
	free(t->pos);
	free(t->live);
	free(t->fen);
	free(t->in_items);
	free(t->in_set);
	free(t);
}

int targets_needed(const struct pk_workload *w, const struct pk_op *op)
{
	switch (op->kind) {
	case PK_OP_UPSERT:
		/* a new item's upsert names it (upsert_new) */
		return op->item == PK_ITEM_NONE;
	case PK_OP_READ:
	case PK_OP_REPLACE:
	case PK_OP_DELETE:
	case PK_OP_BATCH_GET:
		return 1;
	case PK_OP_QUERY:
		return !w->file &&
		       w->sc->phases[op->phase].queries[op->query].n_conds > 0;
	default:
		return 0;
	}
}

/* Cover items 0 .. item: grow the arrays, and the tree by empty cells,
   each holding the sum of the cells it spans below it. */
static void cover(struct pk_targets *t, uint64_t item)
{
	uint64_t i, j, need = item + 1;

	if (need <= t->n_cells) {
		return;
	}
	if (need > t->cap) {
		size_t cap = t->cap;

		mem_grow((void **)&t->pos, &cap, need, sizeof(*t->pos));
		t->live = xreallocarray(t->live, cap, sizeof(*t->live));
		if (t->ordered) {
			t->fen = xreallocarray(t->fen, cap, sizeof(*t->fen));
		}
		t->cap = cap;
	}
	for (i = t->n_cells + 1; i <= need; i++) {
		uint32_t sum = 0;

		t->pos[i - 1] = 0;
		if (t->ordered) {
			for (j = i - 1; j > i - lowbit(i); j -= lowbit(j)) {
				sum += t->fen[j - 1];
			}
			t->fen[i - 1] = sum;
		}
	}
	t->n_cells = need;
	if (t->ordered) {
		if (!t->fen_top) {
			t->fen_top = 1;
		}
		while (t->fen_top * 2 <= t->n_cells) {
			t->fen_top *= 2;
		}
	}
}

static void fen_add(struct pk_targets *t, uint64_t item, uint32_t delta)
{
	uint64_t i;

	for (i = item + 1; i <= t->n_cells; i += lowbit(i)) {
		t->fen[i - 1] += delta; /* delta: 1 or UINT32_MAX (-1) */
	}
}

/* The written item of rank k (0-based, creation order); k < n_live. */
static uint64_t fen_kth(const struct pk_targets *t, uint64_t k)
{
	uint64_t pos = 0, step, rem = k + 1;

	for (step = t->fen_top; step; step >>= 1) {
		if (pos + step <= t->n_cells && t->fen[pos + step - 1] < rem) {
			pos += step;
			rem -= t->fen[pos - 1];
		}
	}
	return pos;
}

/* item (covered, not in the set) joins it at its creation-order rank */
static void add_item(struct pk_targets *t, uint64_t item)
{
	t->live[t->n_live++] = (uint32_t)item;
	t->pos[item] = (uint32_t)t->n_live;
	if (t->ordered) {
		fen_add(t, item, 1);
	}
}

void targets_written(struct pk_targets *t, uint64_t item)
{
	if (!t) {
		return;
	}
	if (item >= PK_WL_MAX_ITEMS) {
		PK_BUG("targets: item %llu", (unsigned long long)item);
	}
	cover(t, item);
	if (t->pos[item] != 0) {
		return; /* in the set, or a sent delete took it out */
	}
	add_item(t, item);
}

void targets_kept(struct pk_targets *t, uint64_t item)
{
	if (!t || item >= t->n_cells || t->pos[item] != PK_TG_DELETING) {
		return; /* not taken out by a delete, or replaced since */
	}
	add_item(t, item);
}

/* item leaves the set (swap-remove; its flag drops to 0) for good. */
static void remove_item(struct pk_targets *t, uint64_t item)
{
	uint32_t at = t->pos[item] - 1;
	uint32_t moved = t->live[t->n_live - 1];

	t->live[at] = moved;
	t->pos[moved] = at + 1;
	t->n_live--;
	t->pos[item] = PK_TG_GONE;
	if (t->ordered) {
		fen_add(t, item, UINT32_MAX);
	}
}

void targets_replaced(struct pk_targets *t, uint64_t item)
{
	if (!t) {
		return;
	}
	cover(t, item);
	if (t->pos[item] != 0 && t->pos[item] != PK_TG_GONE &&
	    t->pos[item] != PK_TG_DELETING) {
		remove_item(t, item);
	}
	t->pos[item] = PK_TG_GONE;
}

/* A written item per phase ph's select; n_live >= 1. */
static uint64_t select_one(struct pk_targets *t, uint32_t ph, struct pk_rng *r)
{
	struct pk_dist *d = t->sel[ph];
	uint64_t rank;

	if (!d) {
		return t->live[rng_below(r, t->n_live)];
	}
	dist_set_n(d, t->n_live);
	rank = dist_draw(d, r);
	if (t->newest[ph]) {
		rank = t->n_live - 1 - rank;
	}
	return fen_kth(t, rank);
}

/* 1 if item is among the first n of list. */
static int in_list(const uint64_t *list, uint32_t n, uint64_t item)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		if (list[i] == item) {
			return 1;
		}
	}
	return 0;
}

/* Add item to t->in_set; 1 if it was there already. */
static int in_set_add(struct pk_targets *t, uint64_t item)
{
	size_t mask = t->in_set_cap - 1;
	size_t i = (size_t)((item * PK_TG_IN_SET_MIX) >> 32) & mask;

	while (t->in_set[i] != 0) {
		if (t->in_set[i] == item + 1) {
			return 1;
		}
		i = (i + 1) & mask;
	}
	t->in_set[i] = item + 1;
	return 0;
}

/* Room for an IN list of n items (and its set when n is long). */
static void in_reserve(struct pk_targets *t, uint32_t n)
{
	size_t set = 1;

	mem_grow((void **)&t->in_items, &t->in_cap, n, sizeof(*t->in_items));
	if (n <= PK_WL_IN_SCAN_MAX) {
		return;
	}
	while (set < 2 * (size_t)n) {
		set *= 2;
	}
	if (set > t->in_set_cap) {
		free(t->in_set);
		t->in_set = xcalloc(set, sizeof(*t->in_set));
		t->in_set_cap = set;
	} else {
		memset(t->in_set, 0, t->in_set_cap * sizeof(*t->in_set));
	}
}

/* The IN list of K = n_in items of a query whose target is item. */
static void in_draw(struct pk_targets *t, uint32_t ph, struct pk_rng *r,
		    uint64_t item, uint32_t n_in)
{
	int set = n_in > PK_WL_IN_SCAN_MAX, tries, seen;
	uint64_t *in;
	uint32_t k;

	in_reserve(t, n_in);
	in = t->in_items;
	in[0] = item;
	if (set) {
		in_set_add(t, item);
	}
	for (k = 1; k < n_in; k++) {
		tries = 0;
		do {
			in[k] = select_one(t, ph, r);
			seen =
			    set ? in_set_add(t, in[k]) : in_list(in, k, in[k]);
		} while (t->n_live >= n_in && ++tries < PK_WL_IN_MAX_DRAWS &&
			 seen);
	}
}

/* A BatchGetItem's keys: n items drawn as an IN list's (in_draw) into
   t->in_items, a repeat left out (DynamoDB refuses a request naming one
   key twice, and a client asks each key once); their count */
static uint32_t batch_get_draw(struct pk_targets *t, uint32_t ph,
			       struct pk_rng *r, uint64_t item, uint32_t n)
{
	uint32_t k, m = 1;

	in_draw(t, ph, r, item, n);
	for (k = 1; k < n; k++) {
		if (!in_list(t->in_items, m, t->in_items[k])) {
			t->in_items[m++] = t->in_items[k];
		}
	}
	return m;
}

int targets_pick(struct pk_targets *t, struct pk_op *op)
{
	struct pk_rng *r;
	uint64_t item;

	if (t->n_live == 0) {
		t->guessed = 0; /* a guess for op is void: start again */
		return 0;
	}
	r = &t->rng[op->stream < t->n_rng ? op->stream : 0];
	item = select_one(t, op->phase, r);
	if (t->guessed > 0) {
		t->guessed--;
	} else {
		t->guess_rng = t->rng[0];
	}
	op->item = item;
	op->n_in = 0;
	op->in_items = NULL;
	if (op->kind == PK_OP_DELETE) {
		remove_item(t, item);
		t->pos[item] = PK_TG_DELETING;
	} else if (op->kind == PK_OP_QUERY) {
		const struct pk_query_spec *q =
		    &t->w->sc->phases[op->phase].queries[op->query];
		uint32_t n_in = 0;
		size_t c;

		for (c = 0; c < q->n_conds; c++) {
			if (q->conds[c].kind == PK_COND_IN) {
				n_in = (uint32_t)q->conds[c].in_count;
			}
		}
		if (n_in) {
			in_draw(t, op->phase, r, item, n_in);
			op->n_in = n_in;
			op->in_items = t->in_items;
		}
	} else if (op->kind == PK_OP_BATCH_GET) {
		op->n_in =
		    batch_get_draw(t, op->phase, r, item,
				   t->w->sc->phases[op->phase].batch_get_size);
		op->in_items = t->in_items;
	}
	return 1;
}

uint64_t targets_guess(struct pk_targets *t, const struct pk_op *op,
		       uint64_t joining)
{
	if (!t || t->n_live == 0 || t->n_rng != 1 || t->sel[op->phase] ||
	    !targets_needed(t->w, op)) {
		return PK_ITEM_NONE;
	}
	if (t->guessed == 0) {
		t->guess_rng = t->rng[0];
	}
	t->guessed++;
	/* rng_below's first draw (its rare second, lo < n, goes
	   unguessed) over the set as it will be */
	return rng_scale(rng_next(&t->guess_rng), t->n_live + joining);
}

const uint32_t *targets_guess_at(const struct pk_targets *t, uint64_t rank)
{
	return rank < t->n_live ? &t->live[rank] : NULL;
}

int targets_any_written(const struct pk_targets *t)
{
	/* items are covered by their first write (or a replacement's,
	   which names a written item) */
	return t && t->n_cells > 0;
}

uint64_t targets_count(const struct pk_targets *t)
{
	return t ? t->n_live : 0;
}
