/*
 * heat: the range x time heat map of a variant (result.h, "The range x
 * time heat map"), aggregated once from the recorded per-second samples.
 */
#include "pksim/result/result.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/service/snapshot.h"
#include "result_int.h"

/* Key-space bounds of every range id of the run, where known, and the
   width of its slice (the snapshot's ids). */
struct bounds {
	struct pk_epk min, max;
	double width;
	int known;
};

/* The n range ids' bounds from the snapshot (unknown past its ids). */
static struct bounds *all_bounds(const struct pk_snapshot *s, size_t n)
{
	struct bounds *b = xcalloc(n ? n : 1, sizeof(*b));
	size_t i;

	for (i = 0; i < n && i < s->n_ids; i++) {
		b[i].min = s->ids[i].min;
		b[i].max = s->ids[i].max;
		b[i].width = s->ids[i].width;
		b[i].known = s->ids[i].known;
	}
	return b;
}

/* 1 if [a) and [b) share keys */
static int overlaps(const struct bounds *a, const struct bounds *b)
{
	return epk_cmp(&a->min, &b->max) < 0 && epk_cmp(&b->min, &a->max) < 0;
}

/* One range's record over one second (a sample) or one bucket of a long
   run (a pk_bucket), as the builder reads both. */
struct obs {
	int64_t t_s;
	uint32_t range_id;
	int pct; /* highest second, metrics_normalized_pct_nearest */
	uint64_t requests, throttled_429;
	int64_t ru_mru, ru_per_s_mru;
	uint64_t storage_bytes;
};

/* Record i of m's samples (keep_seconds) or buckets, as an obs */
static void obs_at(const struct pk_metrics *m, size_t i, struct obs *o)
{
	if (m->keep_seconds) {
		const struct pk_sample *s = &m->samples[i];

		o->t_s = s->t_s;
		o->range_id = s->range_id;
		o->pct = metrics_normalized_pct_nearest(s);
		o->requests = s->requests;
		o->throttled_429 = s->throttled_429;
		o->ru_mru = s->ru_mru;
		o->ru_per_s_mru = s->ru_per_s_mru;
		o->storage_bytes = s->storage_bytes;
	} else {
		const struct pk_bucket *b = &m->buckets[i];

		o->t_s = b->t_s;
		o->range_id = b->range_id;
		o->pct = b->nru_pct;
		o->requests = b->requests;
		o->throttled_429 = b->throttled_429;
		o->ru_mru = b->ru_mru;
		o->ru_per_s_mru = b->ru_per_s_mru;
		o->storage_bytes = b->storage_bytes;
	}
}

static size_t obs_count(const struct pk_metrics *m)
{
	return m->keep_seconds ? m->n_samples : m->n_buckets;
}

struct builder {
	const struct pk_snapshot *s;
	struct bounds *b;
	size_t n_ids;
	/* the range ids now, in key order: a list linked through next[]
	   and prev[] (per id, LAYOUT_END past either end) from head, so a
	   split puts its children in its parent's place without moving
	   the others */
	uint32_t *next, *prev;
	uint32_t head, tail;
	char *in_layout; /* per id: 1 while it is in the list */
	size_t *cell_at; /* per id: its cell in column cell_col[id] - 1 */
	size_t *cell_col;
	size_t col;		/* the column being built */
	int col_sorted;		/* 1: its bands known, in key order, apart */
	size_t next_split;	/* splits[] not applied yet */
	size_t next_fuse;	/* fuses[] not applied yet */
	int64_t *last_share;	/* per id: RU/s share, last sample */
	uint64_t *last_storage; /* per id: storage, last sample */
	struct pk_result_heat *h;
	size_t cap_cells;
};

static struct pk_result_heat_cell *push(struct builder *bd, uint32_t id)
{
	struct pk_result_heat *h = bd->h;
	struct pk_result_heat_cell *x;

	mem_grow((void **)&h->cells, &bd->cap_cells, h->n_cells + 1,
		 sizeof(*h->cells));
	x = &h->cells[h->n_cells++];
	memset(x, 0, sizeof(*x));
	x->range_id = id;
	return x;
}

/* The slices [y0, y1) of the bands from..n_cells: by hash-space share
   when every band's bounds are known, else equal. */
static void place(struct builder *bd, size_t from)
{
	struct pk_result_heat *h = bd->h;
	size_t n = h->n_cells - from, i;
	double y = 0, w;
	int known = 1;

	bd->col_sorted = 1;
	for (i = from; i < h->n_cells; i++) {
		uint32_t id = h->cells[i].range_id;

		known = known && id < bd->n_ids && bd->b[id].known;
		if (!known ||
		    (i > from && epk_cmp(&bd->b[h->cells[i - 1].range_id].max,
					 &bd->b[id].min) > 0) ||
		    epk_cmp(&bd->b[id].min, &bd->b[id].max) >= 0) {
			bd->col_sorted = 0;
		}
	}
	for (i = from; i < h->n_cells; i++) {
		struct pk_result_heat_cell *x = &h->cells[i];

		w = known ? bd->b[x->range_id].width : 1.0 / (double)n;
		x->y0 = y;
		y += w;
		x->y1 = i + 1 == h->n_cells ? 1.0 : y;
	}
	if (n > h->max_bands) {
		h->max_bands = n;
	}
}

/* Add record s to the bands from..n_cells of its column: its own band,
   or the bands it overlaps (see result.h). */
static void fold(struct builder *bd, size_t from, const struct obs *s)
{
	struct pk_result_heat *h = bd->h;
	struct pk_result_heat_cell *hit[64];
	double wsum = 0, w[64];
	size_t i, n = 0;
	int pct = s->pct;
	const struct bounds *sb =
	    s->range_id < bd->n_ids ? &bd->b[s->range_id] : NULL;

	if (sb && bd->cell_col[s->range_id] == bd->col + 1) {
		/* its own band: the index gives it without a scan */
		hit[0] = &h->cells[bd->cell_at[s->range_id]];
		w[0] = 1;
		wsum = 1;
		n = 1;
		from = h->n_cells;
	} else if (sb && sb->known && bd->col_sorted) {
		/* the column's bands are known, in key order and apart: those
		   s overlaps are the run of them from the first that ends past
		   its start, found by halving (what the scan below finds, in
		   its order, without a pass over every band) */
		size_t lo = from, hi = h->n_cells, mid;

		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (epk_cmp(&bd->b[h->cells[mid].range_id].max,
				    &sb->min) > 0) {
				hi = mid;
			} else {
				lo = mid + 1;
			}
		}
		for (i = lo; i < h->n_cells && n < 64; i++) {
			const struct bounds *xb = &bd->b[h->cells[i].range_id];

			if (epk_cmp(&xb->min, &sb->max) >= 0) {
				break;
			}
			w[n] = xb->width;
			wsum += w[n];
			hit[n++] = &h->cells[i];
		}
		from = h->n_cells;
	}
	for (i = from; i < h->n_cells; i++) {
		struct pk_result_heat_cell *x = &h->cells[i];

		if (x->range_id == s->range_id) {
			hit[0] = x;
			w[0] = 1;
			wsum = 1;
			n = 1;
			break;
		}
		if (n < 64 && sb && sb->known && x->range_id < bd->n_ids &&
		    bd->b[x->range_id].known &&
		    overlaps(sb, &bd->b[x->range_id])) {
			w[n] = bd->b[x->range_id].width;
			wsum += w[n];
			hit[n++] = x;
		}
	}
	for (i = 0; i < n; i++) {
		struct pk_result_heat_cell *x = hit[i];

		if (pct > x->nru_pct) {
			x->nru_pct = pct;
		}
		x->throttled_429 += s->throttled_429;
		x->requests += s->requests;
		x->ru_mru += wsum > 0
				 ? (int64_t)((double)s->ru_mru * w[i] / wsum)
				 : s->ru_mru / (int64_t)n;
	}
}

#define LAYOUT_END UINT32_MAX

/* Take x out of the layout */
static void layout_unlink(struct builder *bd, uint32_t x)
{
	uint32_t p = bd->prev[x], n = bd->next[x];

	if (p != LAYOUT_END) {
		bd->next[p] = n;
	} else {
		bd->head = n;
	}
	if (n != LAYOUT_END) {
		bd->prev[n] = p;
	} else {
		bd->tail = p;
	}
	bd->in_layout[x] = 0;
}

/* Put id into the layout before at (LAYOUT_END: at its end) */
static void layout_link(struct builder *bd, uint32_t id, uint32_t at)
{
	uint32_t p = at != LAYOUT_END ? bd->prev[at] : bd->tail;

	bd->prev[id] = p;
	bd->next[id] = at;
	if (p != LAYOUT_END) {
		bd->next[p] = id;
	} else {
		bd->head = id;
	}
	if (at != LAYOUT_END) {
		bd->prev[at] = id;
	} else {
		bd->tail = id;
	}
	bd->in_layout[id] = 1;
}

/* Replace the layout's ranges that overlap range id by id (a split
   child, or a range made by a merge), keeping key order: at the first
   one it replaces, else before the first known range that starts after
   it. A scan of the layout: splits take split_into's way instead. */
static void enter(struct builder *bd, uint32_t id)
{
	const struct bounds *nb = &bd->b[id];
	uint32_t x, n, at = LAYOUT_END;
	int after_gone = 0; /* before the next range kept */

	/* already there: the layout is disjoint, so nothing else it holds
	   overlaps id and there is nothing to do */
	if (bd->in_layout[id]) {
		return;
	}
	for (x = bd->head; x != LAYOUT_END; x = n) {
		n = bd->next[x];
		if (bd->b[x].known && overlaps(nb, &bd->b[x])) {
			if (at == LAYOUT_END) {
				after_gone = 1;
			}
			layout_unlink(bd, x);
			continue;
		}
		if (at == LAYOUT_END &&
		    (after_gone || (bd->b[x].known &&
				    epk_cmp(&bd->b[x].min, &nb->min) > 0))) {
			at = x;
		}
	}
	layout_link(bd, id, at);
}

/* 1 if a and b, neither empty, lie in p in that order, apart */
static int within(const struct bounds *a, const struct bounds *b,
		  const struct bounds *p)
{
	return epk_cmp(&p->min, &a->min) <= 0 &&
	       epk_cmp(&a->min, &a->max) < 0 &&
	       epk_cmp(&a->max, &b->min) <= 0 &&
	       epk_cmp(&b->min, &b->max) < 0 && epk_cmp(&b->max, &p->max) <= 0;
}

/* Split sp's children into the layout: in their parent's place when it
   is there with known bounds, which hold both and nothing else there
   (the layout is disjoint), and nothing of unknown bounds follows it
   that enter would put the second child after; else as enter places
   each. O(1) a split, where enter's scan made a run of P splits O(P^2). */
static void split_into(struct builder *bd, const struct pk_split_event *sp)
{
	uint32_t p = sp->parent, a = sp->children[0], b = sp->children[1];
	uint32_t n;

	if (p < bd->n_ids && bd->in_layout[p] && bd->b[p].known &&
	    a < bd->n_ids && b < bd->n_ids && a != b && !bd->in_layout[a] &&
	    !bd->in_layout[b] && bd->b[a].known && bd->b[b].known &&
	    within(&bd->b[a], &bd->b[b], &bd->b[p])) {
		n = bd->next[p];
		if (n == LAYOUT_END || bd->b[n].known) {
			layout_unlink(bd, p);
			layout_link(bd, a, n);
			layout_link(bd, b, n);
			return;
		}
	}
	enter(bd, a);
	enter(bd, b);
}

/* Apply the splits and merges of the seconds before t_s (up to t_s when
   incl) to the layout, in time order (a split first in a second with
   both): the children, or the merged range, replace what they cover. */
static void events_to(struct builder *bd, int64_t t_s, int incl)
{
	const struct pk_metrics *m = bd->s->metrics;

	for (;;) {
		const struct pk_split_event *sp =
		    bd->next_split < m->n_splits ? &m->splits[bd->next_split]
						 : NULL;
		const struct pk_fuse_event *fu = bd->next_fuse < m->n_fuses
						     ? &m->fuses[bd->next_fuse]
						     : NULL;

		if (sp && (sp->t_s < t_s || (incl && sp->t_s == t_s)) &&
		    (!fu || sp->t_s <= fu->t_s)) {
			split_into(bd, sp);
			bd->next_split++;
		} else if (fu && (fu->t_s < t_s || (incl && fu->t_s == t_s))) {
			if (fu->range < bd->n_ids) {
				enter(bd, fu->range);
			}
			bd->next_fuse++;
		} else {
			return;
		}
	}
}

/* Column col from records [lo, hi) (its seconds or buckets; lo == hi:
   idle), after the splits and merges before its end. */
static void column(struct builder *bd, size_t col, size_t lo, size_t hi)
{
	const struct pk_metrics *m = bd->s->metrics;
	struct pk_result_heat *h = bd->h;
	int64_t end = (int64_t)(col + 1) * h->bucket_s;
	size_t from = h->n_cells, i;
	struct obs o, *s = &o;
	uint32_t id;

	h->col_start[col] = from;
	for (i = lo; i < hi; i++) {
		obs_at(m, i, &o);
		/* the splits and merges up to this second */
		events_to(bd, s->t_s, 1);
		if (s->range_id < bd->n_ids) {
			if (bd->b[s->range_id].known) {
				enter(bd, s->range_id);
			}
			bd->last_share[s->range_id] = s->ru_per_s_mru;
			bd->last_storage[s->range_id] = s->storage_bytes;
		}
	}
	events_to(bd, end, 0);
	bd->col = col;
	for (id = bd->head; id != LAYOUT_END; id = bd->next[id]) {
		struct pk_result_heat_cell *y = push(bd, id);

		y->ru_per_s_mru = bd->last_share[id];
		y->storage_bytes = bd->last_storage[id];
		bd->cell_at[id] = h->n_cells - 1;
		bd->cell_col[id] = col + 1;
	}
	place(bd, from);
	for (i = lo; i < hi; i++) {
		obs_at(m, i, &o);
		fold(bd, from, &o);
	}
}

/* What a range id held before its first record (result.h): storage and
   RU/s share, mRU */
struct before {
	uint64_t storage;
	int64_t share;
};

/* Range id's values before its first record (result.h): its first
   record's; without one, nothing was written to it: its values at the
   end, or, gone before it, a split parent its children's sums, a range
   of the creation layout what it held at t = 0 (the snapshot's ids:
   its preloaded bytes and its even share of the RU/s, rule 4).
   first/seen: the first record of each id. */
static struct before before_of(const struct pk_snapshot *s,
			       const struct pk_result_variant *v,
			       const struct before *first, const char *seen,
			       uint32_t id, size_t depth)
{
	const struct pk_result_lineage *l = &v->lineage[id];
	struct before b = {0, 0}, x, y;

	if (seen[id]) {
		return first[id];
	}
	if (l->at != SIZE_MAX) {
		b.storage = v->ranges[l->at].storage_bytes;
		b.share = v->ranges[l->at].ru_per_s_mru;
		return b;
	}
	if (l->split_s >= 0 && depth < v->n_lineage &&
	    l->children[0] < v->n_lineage && l->children[1] < v->n_lineage) {
		x = before_of(s, v, first, seen, l->children[0], depth + 1);
		y = before_of(s, v, first, seen, l->children[1], depth + 1);
		b.storage = x.storage + y.storage;
		b.share = x.share + y.share;
		return b;
	}
	if (id < s->created_ranges && id < s->n_ids) {
		b.storage = s->ids[id].created_bytes;
		b.share = s->ids[id].created_share_mru;
	}
	return b;
}

/* Set storage[] and share[] of the n range ids to their values before
   their first record */
static void first_values(const struct pk_snapshot *s,
			 const struct pk_result_variant *v, uint64_t *storage,
			 int64_t *share, size_t n)
{
	const struct pk_metrics *m = s->metrics;
	struct before *first = xcalloc(n + 1, sizeof(*first)), b;
	char *seen = xcalloc(n + 1, 1);
	size_t i;
	struct obs o;

	for (i = 0; i < obs_count(m); i++) {
		obs_at(m, i, &o);
		if (o.range_id < n && !seen[o.range_id]) {
			seen[o.range_id] = 1;
			first[o.range_id].storage = o.storage_bytes;
			first[o.range_id].share = o.ru_per_s_mru;
		}
	}
	for (i = 0; i < n && i < v->n_lineage; i++) {
		b = before_of(s, v, first, seen, (uint32_t)i, 0);
		storage[i] = b.storage;
		share[i] = b.share;
	}
	free(first);
	free(seen);
}

/* Build the map of v with columns width_s wide (a multiple of
   record_s); h->record_s is set. */
static void build(const struct pk_snapshot *s, struct pk_result_variant *v,
		  int64_t width_s)
{
	const struct pk_metrics *m = s->metrics;
	struct pk_result_heat *h = &v->heat;
	int64_t record_s = h->record_s;
	struct builder bd;
	size_t col, lo = 0, e;

	memset(h, 0, sizeof(*h));
	h->record_s = record_s;
	h->bucket_s = width_s;
	if (v->end_s <= 0) {
		h->col_start = xcalloc(1, sizeof(*h->col_start));
		return;
	}
	h->n_cols = (size_t)((v->end_s + h->bucket_s - 1) / h->bucket_s);
	h->col_start = xcalloc(h->n_cols + 1, sizeof(*h->col_start));
	bd.s = s;
	bd.n_ids = v->n_lineage;
	bd.b = all_bounds(s, bd.n_ids);
	bd.h = h;
	bd.cap_cells = 0;
	bd.next_split = 0;
	bd.next_fuse = 0;
	bd.next = xcalloc(bd.n_ids + 1, sizeof(*bd.next));
	bd.prev = xcalloc(bd.n_ids + 1, sizeof(*bd.prev));
	bd.head = LAYOUT_END;
	bd.tail = LAYOUT_END;
	bd.in_layout = xcalloc(bd.n_ids + 1, 1);
	bd.cell_at = xcalloc(bd.n_ids + 1, sizeof(*bd.cell_at));
	bd.cell_col = xcalloc(bd.n_ids + 1, sizeof(*bd.cell_col));
	bd.col = 0;
	bd.last_share = xcalloc(bd.n_ids + 1, sizeof(*bd.last_share));
	bd.last_storage = xcalloc(bd.n_ids + 1, sizeof(*bd.last_storage));
	first_values(s, v, bd.last_storage, bd.last_share, bd.n_ids);
	/* the layout at creation: ids 0 .. created_ranges - 1, key order */
	for (col = 0; col < s->created_ranges && col < bd.n_ids; col++) {
		layout_link(&bd, (uint32_t)col, LAYOUT_END);
	}
	for (col = 0; col < h->n_cols; col++) {
		int64_t end = (int64_t)(col + 1) * h->bucket_s;

		for (e = lo; e < obs_count(m); e++) {
			struct obs o;

			obs_at(m, e, &o);
			if (o.t_s >= end) {
				break;
			}
		}
		column(&bd, col, lo, e);
		lo = e;
	}
	h->col_start[h->n_cols] = h->n_cells;
	free(bd.b);
	free(bd.next);
	free(bd.prev);
	free(bd.in_layout);
	free(bd.cell_at);
	free(bd.cell_col);
	free(bd.last_share);
	free(bd.last_storage);
}

/* The next column width after w that is a multiple of unit: the
   smallest that keeps a run of w x PK_METRICS_HEAT_COLS + 1 seconds
   within the columns, which w itself cannot */
static int64_t wider(int64_t w, int64_t unit)
{
	return metrics_heat_width(w * PK_METRICS_HEAT_COLS + 1, unit);
}

static size_t cols_of(int64_t end_s, int64_t w)
{
	return (size_t)((end_s + w - 1) / w);
}

/* The cells the index sorts, for qsort's comparison */
/* The cells cmp_by_id reads, one per thread: the remedy replays build
   their maps at once on --jobs threads */
static _Thread_local const struct pk_result_heat_cell *sort_cells;

/* range_id order, of equal ids key order (the cells' own) */
static int cmp_by_id(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	uint32_t p = sort_cells[x].range_id, q = sort_cells[y].range_id;

	if (p != q) {
		return p < q ? -1 : 1;
	}
	return (x > y) - (x < y);
}

/* Build h->by_id, so that finding a range's cell in a column is a binary
   search rather than a scan of the column (a map of many ranges looks up
   each of them in each column). */
static void index_by_id(struct pk_result_heat *h)
{
	size_t c, i;

	h->by_id = xcalloc(h->n_cells ? h->n_cells : 1, sizeof(*h->by_id));
	for (i = 0; i < h->n_cells; i++) {
		h->by_id[i] = (uint32_t)i;
	}
	sort_cells = h->cells;
	for (c = 0; c < h->n_cols; c++) {
		qsort(h->by_id + h->col_start[c],
		      h->col_start[c + 1] - h->col_start[c], sizeof(*h->by_id),
		      cmp_by_id);
	}
	sort_cells = NULL;
}

/* The first cell (key order) of column col with range id, or SIZE_MAX */
static size_t find_cell(const struct pk_result_heat *h, size_t col, uint32_t id)
{
	size_t lo = h->col_start[col], hi = h->col_start[col + 1], i;

	if (!h->by_id) {
		for (i = lo; i < hi; i++) {
			if (h->cells[i].range_id == id) {
				return i;
			}
		}
		return SIZE_MAX;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (h->cells[h->by_id[mid]].range_id < id) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	return lo < h->col_start[col + 1] &&
		       h->cells[h->by_id[lo]].range_id == id
		   ? h->by_id[lo]
		   : SIZE_MAX;
}

void result_heat_build(const struct pk_snapshot *s, struct pk_result_variant *v)
{
	struct pk_result_heat *h = &v->heat;
	int64_t record_s = metrics_record_s(s->metrics);
	int64_t w = metrics_heat_width(v->end_s, record_s);
	size_t bands =
	    v->n_ranges > s->created_ranges ? v->n_ranges : s->created_ranges;

	/* at most PK_RESULT_HEAT_CELLS cells: fewer columns for many
	   ranges, first by the bands at creation and at the end, then by
	   what the map drew */
	while (cols_of(v->end_s, w) > 1 &&
	       cols_of(v->end_s, w) * bands > PK_RESULT_HEAT_CELLS) {
		w = wider(w, record_s);
	}
	h->record_s = record_s;
	build(s, v, w);
	while (h->n_cols > 1 && h->n_cells > PK_RESULT_HEAT_CELLS) {
		result_heat_free(h);
		h->record_s = record_s;
		build(s, v, wider(w, record_s));
		w = h->bucket_s;
	}
	index_by_id(h);
}

void result_heat_free(struct pk_result_heat *heat)
{
	free(heat->col_start);
	free(heat->cells);
	free(heat->by_id);
	memset(heat, 0, sizeof(*heat));
}

const struct pk_result_heat_cell *
result_heat_cell(const struct pk_result_variant *v, size_t col, uint32_t id)
{
	const struct pk_result_heat *h = &v->heat;
	size_t i, hops;

	if (col >= h->n_cols) {
		return NULL;
	}
	for (hops = 0; hops <= v->n_lineage; hops++) {
		i = find_cell(h, col, id);
		if (i != SIZE_MAX) {
			return &h->cells[i];
		}
		if (id >= v->n_lineage ||
		    v->lineage[id].parent == PK_RESULT_NO_RANGE) {
			return NULL;
		}
		id = v->lineage[id].parent;
	}
	return NULL;
}

/* Add the bands of id's line in column col to hit[0..*n) once each
   (result.h, result_heat_line); depth bounds a malformed lineage. */
static void line_bands(const struct pk_result_variant *v, size_t col,
		       uint32_t id, const struct pk_result_heat_cell ***hit,
		       size_t *hit_cap, size_t *n, size_t cap, size_t depth)
{
	const struct pk_result_heat *h = &v->heat;
	const struct pk_result_lineage *l;
	size_t i, k;

	if (depth > v->n_lineage || id >= v->n_lineage) {
		return;
	}
	i = find_cell(h, col, id);
	if (i != SIZE_MAX) {
		for (k = 0; k < *n; k++) {
			if ((*hit)[k] == &h->cells[i]) {
				return;
			}
		}
		if (*n < cap) {
			mem_grow((void **)hit, hit_cap, *n + 1, sizeof(**hit));
			(*hit)[(*n)++] = &h->cells[i];
		}
		return;
	}
	l = &v->lineage[id];
	if (l->parent != PK_RESULT_NO_RANGE) {
		line_bands(v, col, l->parent, hit, hit_cap, n, cap, depth + 1);
	}
	for (k = 0; k < 2; k++) {
		if (l->merged_from[k] != PK_RESULT_NO_RANGE) {
			line_bands(v, col, l->merged_from[k], hit, hit_cap, n,
				   cap, depth + 1);
		}
	}
}

size_t result_heat_line(const struct pk_result_variant *v, size_t col,
			uint32_t id, struct pk_result_heat_cell *out)
{
	const struct pk_result_heat *h = &v->heat;
	const struct pk_result_heat_cell **hit = NULL;
	size_t n = 0, cap, i, hit_cap = 0;

	memset(out, 0, sizeof(*out));
	if (col >= h->n_cols) {
		return 0;
	}
	cap = h->col_start[col + 1] - h->col_start[col];
	line_bands(v, col, id, &hit, &hit_cap, &n, cap, 0);
	for (i = 0; i < n; i++) {
		const struct pk_result_heat_cell *x = hit[i];

		if (i == 0 || x->y0 < out->y0) {
			out->range_id = x->range_id;
			out->y0 = x->y0;
		}
		if (i == 0 || x->y1 > out->y1) {
			out->y1 = x->y1;
		}
		if (x->nru_pct > out->nru_pct) {
			out->nru_pct = x->nru_pct;
		}
		out->throttled_429 += x->throttled_429;
		out->requests += x->requests;
		out->ru_mru += x->ru_mru;
		out->ru_per_s_mru += x->ru_per_s_mru;
		out->storage_bytes += x->storage_bytes;
	}
	free(hit);
	return n;
}
