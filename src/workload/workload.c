/*
 * workload: the deterministic operation stream of a scenario.
 *
 * Time. Phases run back to back from t = 0; phase i starts at the sum of
 * the earlier durations (whole seconds). UNIFORM arrivals: a phase offers
 * count = floor(duration_s * rate) operations (rounded to the nearest
 * integer when within PK_WL_ROUND_EPS of it, so 10/h for 1 h is 10), op j
 * at start + floor(j * 1000 / rate) (same rounding). POISSON arrivals:
 * exponential gaps with mean 1000 / rate ms are summed as a double from
 * the phase start; the first arrival is one gap in, the phase stops at
 * the first sum >= duration, and t_ms = start + floor(sum).
 *
 * One arrival, one decision: per arrival the generator draws (in this
 * order) the POISSON gap, one rng_double against the cumulative phase
 * mix, then what the kind needs: CREATE draws every PATTERN/LIST property
 * (scenario order) from its own pk_dist, then the size; UPSERT/REPLACE
 * draw the target, then the new size; READ/DELETE draw the target; QUERY
 * draws one rng_double against the phase's cumulative query weights,
 * then, if the query has conditions, the target (op.item), then for an
 * IN of K values the K - 1 further items (below). An UPSERT with no live
 * item is emitted as a CREATE; a READ, REPLACE, DELETE, or QUERY with
 * conditions, with no live item is not emitted and counts in
 * workload_skipped (its arrival slot stays empty). A QUERY without
 * conditions (a full scan) needs no item: op.item = PK_ITEM_NONE. The
 * query draws come last and only for QUERY, so a scenario without
 * queries has the same stream as before queries existed.
 *
 * Batches. A BATCH (phase `batch: {size: N, spanning: F}`) draws, after
 * the kind: one rng_double against F when 0 < F < 1 (below F: spanning;
 * F = 0 never and F = 1 always span, without a draw); then N new items
 * in order, all created at the arrival time. The first item, and every
 * item of a spanning batch, draws as a CREATE does (every PATTERN/LIST
 * property, then the size). Items 2..N of a batch that does not span
 * copy the first item's value index of every drawn property except /id
 * (ids are each item's own: a copied id would make every batch a 409),
 * drawing only /id's value when it is drawn, then their size. So every
 * key built from generated properties is the first item's; CLOCK values
 * agree (same creation time), UNIQUE ids differ, and a key using
 * `{random ..}` or a UNIQUE property still differs per item (pksim does
 * not model a client picking one random suffix for a batch). op.item is
 * the first item, op.batch_n = N, op.size_bytes the sum of the sizes.
 * Batch draws happen only for BATCH, so a scenario without batches has
 * the same stream as before batches existed.
 *
 * IN values. The items of an IN of K values are item, then K - 1 more
 * drawn by the same `select` spec. ASSUMPTION: an IN list names distinct
 * values, so with at least K live items each further draw is repeated
 * while it hits an item already in the list, up to PK_WL_IN_MAX_DRAWS
 * draws (then the repeat is kept: a bound against heavy skew); with
 * fewer than K live items repeats are unavoidable and each slot takes
 * one draw. Distinct items may still share a key value.
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
 * bytes (+ 8), within DESIGN.md's 48 per tracked item. A deleted item
 * stays in the table, so workload_value() still rebuilds its values for
 * containers that hold it. Values are rebuilt on demand; nothing is
 * allocated per operation except amortized growth of the item arrays.
 *
 * Items from a data file (sc->items_file, records read by the trace
 * module): arrivals are computed once at workload_new into one array of
 * (t_ms, record) in arrival order, 16 bytes per record; the stream walks
 * it. Property values are read from the record on demand (trace_value),
 * so the workload keeps no value of its own; property indexes name paths
 * in a table that grows as keys ask for paths.
 *
 * Left out: throughput changes (sim applies phase throughput), and any
 * feedback from throttling: the offered load is open.
 */
#include "pksim/workload/workload.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/base/rng.h"
#include "pksim/load/trace.h"

#ifdef __clang__
/* Same stream at -O0 and -O2: no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF
#endif

/* live_pos of a deleted item */
#define PK_WL_DEAD UINT32_MAX
/* Items are indexed by uint32 (48-byte budget); 4 billion items would
   need ~100 GB anyway. */
#define PK_WL_MAX_ITEMS ((uint64_t)UINT32_MAX - 1)
/* A computed count or time this close to an integer is that integer:
   absolute 1e-9, or 1e-12 relative (thousands of ulps) for large values,
   which absorbs the rounding of rates such as 10/h = 0.00277... per s. */
#define PK_WL_ROUND_EPS 1e-9
#define PK_WL_ROUND_REL 1e-12
/* clock values kept for reuse are at most this long (NUL included) */
#define PK_WL_CLOCK_TEXT 64
/* Draws tried per IN slot for an item not yet in the list: a bound, not
   a guarantee. With n_live = K = 8 under zipfian 0.99 the last slot hits
   the one free item with p ~ 0.047, so 256 draws all miss with p ~ 5e-6;
   under hotspot with hot_ops near 1 a repeat is sometimes kept. */
#define PK_WL_IN_MAX_DRAWS 256

struct pk_wl_phase {
	int64_t start_ms;	     /* phase start, ms since t = 0 */
	uint64_t count;		     /* UNIFORM arrivals: ops in the phase */
	double cum_mix[PK_OP_KINDS]; /* cumulative mix, last ~ 1 */
	enum pk_op_kind last_kind;   /* last kind with mix > 0 (rounding) */
	struct pk_dist *select;	     /* over live ranks; NULL for UNIFORM */
	int select_newest;	     /* LATEST: rank counts from newest */
	double *cum_query;	     /* cumulative query weights / total,
					n_queries entries, last ~ 1;
					NULL without queries */
};

/* One record of a data file in the stream. */
struct pk_wl_arrival {
	int64_t t_ms; /* arrival, ms since t = 0 */
	size_t rec;   /* record index in the trace (file order) */
};

/* Property paths of a file-backed workload, indexed by
   workload_prop_index. */
struct pk_wl_paths {
	char **path; /* owned strings, n entries */
	size_t n, cap;
};

/* A formatted clock value, kept for the next item of the same second. */
struct pk_wl_clock {
	int64_t t;                   /* the second formatted; -1 = none */
	size_t len;                  /* bytes in text */
	char text[PK_WL_CLOCK_TEXT]; /* strftime output */
};

struct pk_workload {
	const struct pk_scenario *sc; /* borrowed */
	/* items from a data file; NULL when generated */
	const struct pk_items_file *file; /* borrowed: sc->items_file */
	struct pk_wl_arrival *arr;	  /* n_arr entries, arrival order */
	size_t n_arr;
	struct pk_wl_paths *paths; /* owned; file-backed only */
	struct pk_rng rng;
	struct pk_wl_phase *phases; /* n_phases entries */
	int64_t end_ms;		    /* end of the last phase */

	/* position in the stream */
	size_t phase;	   /* current phase; n_phases when done */
	uint64_t phase_op; /* UNIFORM: next op index in phase */
	double poisson_ms; /* POISSON: offset of the last arrival */
	uint64_t seq;	   /* ops emitted */
	uint64_t skipped;  /* arrivals not emitted */

	/* drawn properties (PATTERN, LIST) */
	int *prop_slot;		    /* per prop: slot in idx, or -1 */
	struct pk_dist **slot_dist; /* per slot: draw over spec.count */
	size_t n_slots;

	/* items, all arrays cap_items long */
	uint64_t n_items;
	size_t cap_items;
	int64_t *created_ms;  /* creation time, ms since t = 0 */
	uint32_t *size_bytes; /* size at the last write */
	uint32_t *live_pos;   /* index into live, or PK_WL_DEAD */
	uint32_t *idx;	      /* n_slots value indexes per item */
	uint32_t *live;	      /* live item seqs, any order */
	uint64_t n_live;
	int ordered;	  /* some phase selects by rank: keep fen */
	uint32_t *fen;	  /* Fenwick over alive flags, 1-based
			     cell i at fen[i - 1]; NULL unless
			     ordered */
	int batches;	  /* some phase sends batches: keep
			     created_size */
	uint32_t *created_size; /* size at creation (a batch's retry
				   resends it); NULL unless batches */
	int id_slot;	  /* slot in idx of a drawn /id, or -1 */
	uint64_t fen_top; /* largest power of 2 <= n_items */
	/* per prop: the last clock value formatted (CLOCK only): items
	   created in the same second share it, and strftime is costly */
	struct pk_wl_clock *clock;
};

/* floor(x) for x >= 0, snapping to an integer within the tolerance. */
static int64_t floor_robust(double x)
{
	long long r = llround(x);
	double tol = fmax(PK_WL_ROUND_EPS, PK_WL_ROUND_REL * fabs(x));

	if (fabs(x - (double)r) <= tol) {
		return r;
	}
	return (int64_t)floor(x);
}

static inline uint64_t lowbit(uint64_t x)
{
	return x & (0 - x);
}

/* ------------------------------------------------------------------ */
/* Items                                                               */

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

static uint32_t size_draw(struct pk_workload *w, const struct pk_size_spec *s)
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
static uint64_t item_new(struct pk_workload *w, int64_t t_ms,
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
	for (s = 0; s < w->n_slots; s++) {
		idx[s] = from && (int)s != w->id_slot
			     ? from[s]
			     : (uint32_t)dist_draw(w->slot_dist[s], &w->rng);
	}
	w->created_ms[item] = t_ms;
	w->size_bytes[item] = size_draw(w, &ps->item_size);
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

static uint64_t item_create(struct pk_workload *w, int64_t t_ms,
			    const struct pk_phase_spec *ps)
{
	return item_new(w, t_ms, ps, PK_ITEM_NONE);
}

static void item_delete(struct pk_workload *w, uint64_t item)
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
static uint64_t item_select(struct pk_workload *w, struct pk_wl_phase *ph)
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

/* ------------------------------------------------------------------ */
/* Stream                                                              */

static void phase_enter(struct pk_workload *w, size_t i)
{
	w->phase = i;
	w->phase_op = 0;
	w->poisson_ms = 0;
}

/* The next arrival time in the current phase; 0 when it has ended. */
static int arrival_next(struct pk_workload *w, int64_t *t_ms)
{
	const struct pk_phase_spec *ps = &w->sc->phases[w->phase];
	const struct pk_wl_phase *ph = &w->phases[w->phase];
	int64_t off_ms;

	if (ps->arrival == PK_ARRIVAL_POISSON) {
		w->poisson_ms +=
		    rng_exponential(&w->rng, PK_MS_PER_S / ps->rate_per_s);
		if (w->poisson_ms >= (double)ps->duration_ms) {
			return 0;
		}
		off_ms = (int64_t)floor(w->poisson_ms);
	} else {
		if (w->phase_op >= ph->count) {
			return 0;
		}
		off_ms = floor_robust((double)w->phase_op * PK_MS_PER_S /
				      ps->rate_per_s);
		w->phase_op++;
	}
	*t_ms = ph->start_ms + off_ms;
	return 1;
}

static enum pk_op_kind kind_draw(struct pk_workload *w,
				 const struct pk_wl_phase *ph)
{
	double u = rng_double(&w->rng);
	int k;

	for (k = 0; k < PK_OP_KINDS; k++) {
		if (u < ph->cum_mix[k]) {
			return (enum pk_op_kind)k;
		}
	}
	return ph->last_kind;
}

/* Index of a query of the current phase drawn by weight. */
static uint32_t query_draw(struct pk_workload *w, const struct pk_wl_phase *ph,
			   size_t n_queries)
{
	double u = rng_double(&w->rng);
	size_t i;

	for (i = 0; i + 1 < n_queries; i++) {
		if (u < ph->cum_query[i]) {
			return (uint32_t)i;
		}
	}
	return (uint32_t)(n_queries - 1);
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

/* A QUERY at t_ms into op (see the file header); 0 if it needs an item
   and none is live. */
static int query_make(struct pk_workload *w, int64_t t_ms, struct pk_op *op)
{
	const struct pk_phase_spec *ps = &w->sc->phases[w->phase];
	struct pk_wl_phase *ph = &w->phases[w->phase];
	const struct pk_query_spec *q;
	uint64_t in_items[PK_QUERY_MAX_IN];
	uint64_t item = PK_ITEM_NONE;
	uint32_t qi, n_in = 0, k;
	size_t c;
	int tries;

	qi = query_draw(w, ph, ps->n_queries);
	q = &ps->queries[qi];
	if (q->n_conds > 0) {
		if (w->n_live == 0) {
			return 0;
		}
		item = item_select(w, ph);
		for (c = 0; c < q->n_conds; c++) {
			if (q->conds[c].kind == PK_COND_IN) {
				n_in = (uint32_t)q->conds[c].in_count;
			}
		}
		in_items[0] = item;
		for (k = 1; k < n_in; k++) {
			tries = 0;
			do {
				in_items[k] = item_select(w, ph);
			} while (w->n_live >= n_in &&
				 ++tries < PK_WL_IN_MAX_DRAWS &&
				 in_list(in_items, k, in_items[k]));
		}
	}
	op->t_ms = t_ms;
	op->kind = PK_OP_QUERY;
	op->item = item;
	op->size_bytes = 0;
	op->phase = (uint32_t)w->phase;
	op->seq = w->seq++;
	op->query = qi;
	op->n_in = n_in;
	memset(op->in_items, 0, sizeof(op->in_items));
	if (n_in) {
		memcpy(op->in_items, in_items, n_in * sizeof(in_items[0]));
	}
	op->batch_n = 0;
	return 1;
}

/* A BATCH at t_ms into op (see the file header): the phase's batch_size
   new items. Always emitted. */
static void batch_make(struct pk_workload *w, int64_t t_ms, struct pk_op *op)
{
	const struct pk_phase_spec *ps = &w->sc->phases[w->phase];
	double f = ps->batch_spanning;
	int spanning = f >= 1 || (f > 0 && rng_double(&w->rng) < f);
	uint64_t first, item, total;
	uint32_t k;

	first = item_create(w, t_ms, ps);
	total = w->size_bytes[first];
	for (k = 1; k < ps->batch_size; k++) {
		item = item_new(w, t_ms, ps, spanning ? PK_ITEM_NONE : first);
		total += w->size_bytes[item];
	}
	memset(op, 0, sizeof(*op));
	op->t_ms = t_ms;
	op->kind = PK_OP_BATCH;
	op->item = first;
	/* at most 100 x 2 MB: well within 32 bits */
	op->size_bytes = (uint32_t)total;
	op->phase = (uint32_t)w->phase;
	op->seq = w->seq++;
	op->batch_n = ps->batch_size;
}

/* Build the operation of kind at t_ms into op; 0 if it cannot be. */
static int op_make(struct pk_workload *w, enum pk_op_kind kind, int64_t t_ms,
		   struct pk_op *op)
{
	const struct pk_phase_spec *ps = &w->sc->phases[w->phase];
	struct pk_wl_phase *ph = &w->phases[w->phase];
	uint64_t item;
	uint32_t size = 0;

	if (kind == PK_OP_QUERY) {
		return query_make(w, t_ms, op);
	}
	if (kind == PK_OP_BATCH) {
		batch_make(w, t_ms, op);
		return 1;
	}
	if (kind == PK_OP_UPSERT && w->n_live == 0) {
		kind = PK_OP_CREATE;
	}
	if (kind == PK_OP_CREATE) {
		item = item_create(w, t_ms, ps);
		size = w->size_bytes[item];
	} else {
		if (w->n_live == 0) {
			return 0;
		}
		item = item_select(w, ph);
		switch (kind) {
		case PK_OP_UPSERT:
		case PK_OP_REPLACE:
			size = size_draw(w, &ps->item_size);
			w->size_bytes[item] = size;
			break;
		case PK_OP_DELETE:
			item_delete(w, item);
			break;
		default:
			break;
		}
	}
	op->t_ms = t_ms;
	op->kind = kind;
	op->item = item;
	op->size_bytes = size;
	op->phase = (uint32_t)w->phase;
	op->seq = w->seq++;
	op->query = 0;
	op->n_in = 0;
	memset(op->in_items, 0, sizeof(op->in_items));
	op->batch_n = 0;
	return 1;
}

/* The next create of a file-backed stream (see the file header). */
static int file_next(struct pk_workload *w, struct pk_op *op)
{
	const struct pk_wl_arrival *a;
	size_t n_phases = w->sc->n_phases;

	if (w->seq >= w->n_arr) {
		return 0;
	}
	a = &w->arr[w->seq];
	/* the phase in effect at t_ms: the last one started by then */
	while (w->phase + 1 < n_phases &&
	       w->phases[w->phase + 1].start_ms <= a->t_ms) {
		w->phase++;
	}
	memset(op, 0, sizeof(*op));
	op->t_ms = a->t_ms;
	op->kind = PK_OP_CREATE;
	op->item = w->seq;
	op->size_bytes = w->file->size_bytes
			     ? (uint32_t)w->file->size_bytes
			     : trace_size_bytes(w->file->trace, a->rec);
	op->phase = n_phases ? (uint32_t)w->phase : 0;
	op->seq = w->seq++;
	w->n_items = w->seq;
	return 1;
}

int workload_next(struct pk_workload *w, struct pk_op *op)
{
	int64_t t_ms;

	if (w->file) {
		return file_next(w, op);
	}
	while (w->phase < w->sc->n_phases) {
		if (!arrival_next(w, &t_ms)) {
			phase_enter(w, w->phase + 1);
			continue;
		}
		if (op_make(w, kind_draw(w, &w->phases[w->phase]), t_ms, op)) {
			return 1;
		}
		w->skipped++;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Lifetime                                                            */

static void phase_init(struct pk_wl_phase *ph, const struct pk_phase_spec *ps,
		       int64_t start_ms)
{
	double cum = 0;
	int k;

	ph->start_ms = start_ms;
	ph->count = (uint64_t)floor_robust((double)ps->duration_ms /
					   PK_MS_PER_S * ps->rate_per_s);
	ph->last_kind = PK_OP_CREATE;
	for (k = 0; k < PK_OP_KINDS; k++) {
		cum += ps->mix[k];
		ph->cum_mix[k] = cum;
		if (ps->mix[k] > 0) {
			ph->last_kind = (enum pk_op_kind)k;
		}
	}
	if (ps->n_queries > 0) {
		double total = 0;
		size_t i;

		for (i = 0; i < ps->n_queries; i++) {
			total += ps->queries[i].weight;
		}
		ph->cum_query = xcalloc(ps->n_queries, sizeof(double));
		cum = 0;
		for (i = 0; i < ps->n_queries; i++) {
			cum += ps->queries[i].weight;
			ph->cum_query[i] = cum / total;
		}
	} else if (ps->mix[PK_OP_QUERY] > 0) {
		/* the loader requires queries when the mix has some */
		PK_BUG("workload: phase %s sends queries but lists none",
		       ps->name);
	}
	if (ps->mix[PK_OP_BATCH] > 0 &&
	    (ps->batch_size < 1 || ps->batch_size > PK_MAX_BATCH_OPS)) {
		/* the loader keeps batch sizes in 1..100 */
		PK_BUG("workload: phase %s sends batches of %u", ps->name,
		       ps->batch_size);
	}
	if (ps->select.kind == PK_DIST_UNIFORM) {
		ph->select = NULL;
	} else if (ps->select.kind == PK_DIST_LATEST) {
		/* newest favoured: zipfian rank counted from the newest */
		struct pk_dist_spec z = ps->select;

		z.kind = PK_DIST_ZIPFIAN;
		ph->select = dist_new(&z, 1);
		ph->select_newest = 1;
	} else {
		ph->select = dist_new(&ps->select, 1);
	}
}

static int arrival_cmp(const void *pa, const void *pb)
{
	const struct pk_wl_arrival *a = pa, *b = pb;

	if (a->t_ms != b->t_ms) {
		return a->t_ms < b->t_ms ? -1 : 1;
	}
	return a->rec < b->rec ? -1 : a->rec > b->rec;
}

/* Arrival times of the used records of sc->items_file, in arrival order
   (see the file header). */
static void file_init(struct pk_workload *w)
{
	const struct pk_items_file *f = w->sc->items_file;
	size_t n = trace_count(f->trace), i;
	int64_t earliest = INT64_MAX;
	struct pk_diag d;

	if (f->limit && f->limit < n) {
		n = f->limit;
	}
	w->file = f;
	w->n_arr = n;
	w->arr = xcalloc(n, sizeof(*w->arr));
	w->paths = xcalloc(1, sizeof(*w->paths));
	diag_init(&d);
	for (i = 0; i < n; i++) {
		w->arr[i].rec = i;
		switch (f->from) {
		case PK_FROM_TIME_FIELD:
			if (trace_time_ms(f->trace, i, f->time_field,
					  &w->arr[i].t_ms, &d) < 0) {
				/* the loader checks every used record */
				PK_BUG("workload: record %zu has no valid time "
				       "field %s",
				       i, f->time_field);
			}
			if (w->arr[i].t_ms < earliest) {
				earliest = w->arr[i].t_ms;
			}
			break;
		case PK_FROM_RATE:
			w->arr[i].t_ms = floor_robust(
			    (double)i * PK_MS_PER_S / f->rate_per_s);
			break;
		case PK_FROM_AT_ONCE:
			w->arr[i].t_ms = 0;
			break;
		}
	}
	diag_free(&d);
	if (f->from == PK_FROM_TIME_FIELD) {
		for (i = 0; i < n; i++) {
			w->arr[i].t_ms =
			    floor_robust((double)(w->arr[i].t_ms - earliest) /
					 f->time_compression);
		}
		qsort(w->arr, n, sizeof(*w->arr), arrival_cmp);
	}
	if (n > 0 && w->arr[n - 1].t_ms > w->end_ms) {
		w->end_ms = w->arr[n - 1].t_ms;
	}
}

struct pk_workload *workload_new(const struct pk_scenario *sc, uint64_t seed)
{
	struct pk_workload *w = xcalloc(1, sizeof(*w));
	int64_t t_ms = 0;
	size_t i;

	w->sc = sc;
	rng_seed(&w->rng, seed);
	w->phases = xcalloc(sc->n_phases, sizeof(*w->phases));
	for (i = 0; i < sc->n_phases; i++) {
		phase_init(&w->phases[i], &sc->phases[i], t_ms);
		t_ms += sc->phases[i].duration_ms;
		if (w->phases[i].select) {
			w->ordered = 1;
		}
		if (sc->phases[i].mix[PK_OP_BATCH] > 0) {
			w->batches = 1;
		}
	}
	w->end_ms = t_ms;
	if (sc->items_file) {
		file_init(w);
	}

	w->prop_slot = xcalloc(sc->n_props, sizeof(*w->prop_slot));
	w->clock = xcalloc(sc->n_props, sizeof(*w->clock));
	for (i = 0; i < sc->n_props; i++) {
		w->clock[i].t = -1;
	}
	w->slot_dist = xcalloc(sc->n_props, sizeof(*w->slot_dist));
	w->id_slot = -1;
	for (i = 0; i < sc->n_props; i++) {
		const struct pk_prop_spec *p = &sc->props[i];

		w->prop_slot[i] = -1;
		if (p->kind != PK_GEN_PATTERN && p->kind != PK_GEN_LIST) {
			continue;
		}
		if (p->count == 0 || p->count > UINT32_MAX) {
			/* the loader keeps value counts in [1, 2^32) */
			PK_BUG("workload: property %s has %llu values", p->path,
			       (unsigned long long)p->count);
		}
		if (strcmp(p->path, "/id") == 0) {
			w->id_slot = (int)w->n_slots;
		}
		w->prop_slot[i] = (int)w->n_slots;
		w->slot_dist[w->n_slots++] = dist_new(&p->dist, p->count);
	}
	phase_enter(w, 0);
	return w;
}

void workload_free(struct pk_workload *w)
{
	size_t i;

	if (!w) {
		return;
	}
	for (i = 0; i < w->sc->n_phases; i++) {
		dist_free(w->phases[i].select);
		free(w->phases[i].cum_query);
	}
	free(w->clock);
	for (i = 0; i < w->n_slots; i++) {
		dist_free(w->slot_dist[i]);
	}
	free(w->phases);
	free(w->prop_slot);
	free(w->slot_dist);
	free(w->created_ms);
	free(w->size_bytes);
	free(w->live_pos);
	free(w->idx);
	free(w->live);
	free(w->fen);
	free(w->created_size);
	free(w->arr);
	if (w->paths) {
		for (i = 0; i < w->paths->n; i++) {
			free(w->paths->path[i]);
		}
		free(w->paths->path);
		free(w->paths);
	}
	free(w);
}

/* ------------------------------------------------------------------ */
/* Queries                                                             */

int64_t workload_phase_start_ms(const struct pk_workload *w, size_t i)
{
	if (i >= w->sc->n_phases) {
		return w->end_ms;
	}
	return w->phases[i].start_ms;
}

int workload_prop_index(const struct pk_workload *w, const char *path)
{
	size_t i;

	if (w->file) {
		struct pk_wl_paths *t = w->paths;

		for (i = 0; i < t->n; i++) {
			if (strcmp(t->path[i], path) == 0) {
				return (int)i;
			}
		}
		if (t->n >= INT_MAX) {
			PK_BUG("workload: too many property paths");
		}
		mem_grow((void **)&t->path, &t->cap, t->n + 1,
			 sizeof(*t->path));
		t->path[t->n] = xstrdup(path);
		return (int)t->n++;
	}
	for (i = 0; i < w->sc->n_props; i++) {
		if (strcmp(w->sc->props[i].path, path) == 0) {
			return (int)i;
		}
	}
	return -1;
}

/* Copy len bytes of s into buf (truncated to cap - 1), NUL-terminated;
   returns the bytes kept. */
static size_t copy_str(char *buf, size_t cap, const char *s, size_t len)
{
	if (len > cap - 1) {
		len = cap - 1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	return len;
}

/* Length snprintf wrote into cap bytes, given what it returned. */
static size_t printed_len(int n, size_t cap)
{
	if (n < 0) {
		return 0;
	}
	return (size_t)n < cap ? (size_t)n : cap - 1;
}

/* workload_value for items from a data file (workload.h). */
static int file_value(const struct pk_workload *w, uint64_t item, int prop,
		      struct pk_value *out, char *buf, size_t cap)
{
	if (item >= w->n_items || prop < 0 || (size_t)prop >= w->paths->n ||
	    cap == 0) {
		return -1;
	}
	if (trace_value(w->file->trace, w->arr[item].rec, w->paths->path[prop],
			out, NULL, 0) == PK_TRACE_NOT_SCALAR) {
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_UNDEFINED;
		return PK_WORKLOAD_NOT_SCALAR;
	}
	if (out->type == PK_VALUE_STRING) {
		/* an empty string may point nowhere: copy nothing then */
		out->len = out->len ? copy_str(buf, cap, out->str, out->len)
				    : copy_str(buf, cap, "", 0);
		out->str = buf;
	}
	return 0;
}

/* strftime of second t (UTC) into buf, through the cache c of the
   last second formatted for this property. Returns the length (0, and
   an empty string, when the format gives nothing). */
static size_t clock_text(struct pk_wl_clock *c, const char *format, time_t t,
			 char *buf, size_t cap)
{
	struct tm tm;
	size_t len = 0;

	if (c->t == (int64_t)t && c->len < cap) {
		memcpy(buf, c->text, c->len + 1);
		return c->len;
	}
	if (gmtime_r(&t, &tm)) {
		len = strftime(buf, cap, format, &tm);
	}
	if (len == 0) {
		buf[0] = '\0';
	}
	if (len < sizeof(c->text)) {
		memcpy(c->text, buf, len + 1);
		c->len = len;
		c->t = (int64_t)t;
	}
	return len;
}

int workload_value(const struct pk_workload *w, uint64_t item, int prop,
		   struct pk_value *out, char *buf, size_t cap)
{
	const struct pk_prop_spec *p;
	uint32_t vi = 0;
	time_t t;
	int n;

	if (w->file) {
		return file_value(w, item, prop, out, buf, cap);
	}
	if (item >= w->n_items || prop < 0 || (size_t)prop >= w->sc->n_props ||
	    cap == 0) {
		return -1;
	}
	p = &w->sc->props[prop];
	if (w->prop_slot[prop] >= 0) {
		vi = w->idx[item * w->n_slots + (size_t)w->prop_slot[prop]];
	}
	memset(out, 0, sizeof(*out));
	out->type = PK_VALUE_STRING;
	out->str = buf;
	switch (p->kind) {
	case PK_GEN_PATTERN:
		n = snprintf(buf, cap, "%s%0*llu%s", p->prefix, p->width,
			     (unsigned long long)(p->first + vi), p->suffix);
		out->len = printed_len(n, cap);
		break;
	case PK_GEN_LIST:
		out->len = copy_str(buf, cap, p->list[vi], strlen(p->list[vi]));
		break;
	case PK_GEN_CLOCK:
		/* C locale names (%A = "Friday"): pksim never calls
		   setlocale, so reports do not depend on the machine */
		t = (time_t)(w->sc->clock_start_s +
			     w->created_ms[item] / PK_MS_PER_S);
		out->len = clock_text(&w->clock[prop], p->clock_format, t, buf,
				      cap);
		break;
	case PK_GEN_CONST:
		*out = p->const_value;
		if (out->type == PK_VALUE_STRING) {
			out->len = p->const_value.len
				       ? copy_str(buf, cap, p->const_value.str,
						  p->const_value.len)
				       : copy_str(buf, cap, "", 0);
			out->str = buf;
		}
		break;
	case PK_GEN_UNIQUE:
		n = snprintf(buf, cap, "%s%llu", p->prefix,
			     (unsigned long long)item);
		out->len = printed_len(n, cap);
		break;
	default:
		PK_BUG("workload: unknown generator %d", (int)p->kind);
	}
	return 0;
}

uint32_t workload_item_size(const struct pk_workload *w, uint64_t item)
{
	if (w->file) {
		if (item >= w->n_items) {
			return 0;
		}
		return w->file->size_bytes
			   ? (uint32_t)w->file->size_bytes
			   : trace_size_bytes(w->file->trace, w->arr[item].rec);
	}
	return item < w->n_items ? w->size_bytes[item] : 0;
}

uint32_t workload_item_created_size(const struct pk_workload *w,
				    uint64_t item)
{
	if (w->created_size && item < w->n_items) {
		return w->created_size[item];
	}
	return workload_item_size(w, item);
}

uint64_t workload_items(const struct pk_workload *w)
{
	return w->n_items;
}

uint64_t workload_skipped(const struct pk_workload *w)
{
	return w->skipped;
}
