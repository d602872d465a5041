/*
 * workload_monitor: the requests of an Azure Monitor log
 * (sc->items_file->monitor, monitor.h).
 *
 * Each kept row becomes row->pieces requests of kind PK_OP_CHARGE, request
 * j at the start of the row's calendar second - t0 + floor(j x 1000 /
 * pieces) ms charging monitor_piece_mru (t0: sc->items_file->monitor_t0_ms,
 * the first row's whole second). A row's requests stay in its own second
 * whatever its TimeGenerated's fractional digits (rule 37, monitor.h), so
 * rows of one second share its budget and rows of two seconds never do.
 * The rows are sorted by their second (ties in file order, the digits
 * after the second not looked at) into w->arr; a row's later requests
 * wait in a small heap ordered by (time, the row's place in arr), so the
 * stream comes out in time order without holding every request, and
 * requests of several rows at one millisecond in file order. Nothing is
 * drawn: the stream is the same for every seed and variant. A request's
 * item is its row (in file order among the kept rows), which
 * workload_value answers with the row's key.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/load/monitor.h"

#include "workload_int.h"

static int arrival_cmp(const void *pa, const void *pb)
{
	const struct pk_wl_arrival *a = pa, *b = pb;

	if (a->t_ms != b->t_ms) {
		return a->t_ms < b->t_ms ? -1 : 1;
	}
	return a->rec < b->rec ? -1 : a->rec > b->rec;
}

/* 1 if a comes before b: earlier, or as early and from an earlier row */
static int piece_before(const struct pk_wl_piece *a,
			const struct pk_wl_piece *b)
{
	return a->t_ms < b->t_ms || (a->t_ms == b->t_ms && a->pos < b->pos);
}

static void heap_push(struct pk_workload *w, struct pk_wl_piece p)
{
	size_t i, up;

	mem_grow((void **)&w->heap, &w->heap_cap, w->n_heap + 1,
		 sizeof(*w->heap));
	i = w->n_heap++;
	while (i > 0 && piece_before(&p, &w->heap[up = (i - 1) / 2])) {
		w->heap[i] = w->heap[up];
		i = up;
	}
	w->heap[i] = p;
}

static struct pk_wl_piece heap_pop(struct pk_workload *w)
{
	struct pk_wl_piece top = w->heap[0], last = w->heap[--w->n_heap];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < w->n_heap) {
		if (c + 1 < w->n_heap &&
		    piece_before(&w->heap[c + 1], &w->heap[c])) {
			c++;
		}
		if (!piece_before(&w->heap[c], &last)) {
			break;
		}
		w->heap[i] = w->heap[c];
		i = c;
	}
	if (w->n_heap > 0) {
		w->heap[i] = last;
	}
	return top;
}

void wl_monitor_init(struct pk_workload *w)
{
	const struct pk_items_file *f = w->file;
	const struct pk_monitor_log *m = f->monitor;
	size_t i;

	w->n_arr = m->n_rows;
	w->arr = xcalloc(m->n_rows ? m->n_rows : 1, sizeof(*w->arr));
	for (i = 0; i < m->n_rows; i++) {
		const struct pk_monitor_row *r = &m->rows[i];
		int64_t last;

		w->arr[i].t_ms = r->sec_ms - f->monitor_t0_ms;
		w->arr[i].rec = i;
		last =
		    w->arr[i].t_ms + monitor_piece_offset_ms(r, r->pieces - 1);
		if (last > w->end_ms) {
			w->end_ms = last;
		}
	}
	qsort(w->arr, w->n_arr, sizeof(*w->arr), arrival_cmp);
}

int wl_monitor_next(struct pk_workload *w, struct pk_op *op)
{
	const struct pk_monitor_log *m = w->file->monitor;
	const struct pk_monitor_row *r;
	struct pk_wl_piece p = {0, 0, 0};
	size_t n_phases = w->sc->n_phases;

	if (w->next_row < w->n_arr) {
		p.t_ms = w->arr[w->next_row].t_ms;
		p.pos = w->next_row;
		p.j = 0;
	}
	if (w->n_heap > 0 &&
	    (w->next_row >= w->n_arr || piece_before(&w->heap[0], &p))) {
		p = heap_pop(w);
	} else if (w->next_row < w->n_arr) {
		w->next_row++;
	} else {
		return 0;
	}
	r = &m->rows[w->arr[p.pos].rec];
	if (p.j + 1 < r->pieces) {
		struct pk_wl_piece next = p;

		next.j++;
		next.t_ms =
		    w->arr[p.pos].t_ms + monitor_piece_offset_ms(r, next.j);
		heap_push(w, next);
	}
	/* the phase in effect at t_ms: the last one started by then */
	while (w->phase + 1 < n_phases &&
	       w->phases[w->phase + 1].start_ms <= p.t_ms) {
		w->phase++;
	}
	memset(op, 0, sizeof(*op));
	op->t_ms = p.t_ms;
	op->kind = PK_OP_CHARGE;
	op->item = w->arr[p.pos].rec;
	op->charge_mru = monitor_piece_mru(r, p.j);
	op->phase = n_phases ? (uint32_t)w->phase : 0;
	op->seq = w->seq++;
	return 1;
}

int wl_monitor_value(const struct pk_workload *w, uint64_t item, int prop,
		     struct pk_value *out, char *buf, size_t cap)
{
	const struct pk_monitor_log *m = w->file->monitor;
	const struct pk_key_spec *key = &w->sc->variants[0].key;
	size_t level;

	if (item >= m->n_rows || prop < 0 || (size_t)prop >= w->paths->n ||
	    cap == 0) {
		return -1;
	}
	memset(out, 0, sizeof(*out));
	out->type = PK_VALUE_UNDEFINED;
	for (level = 0; level < key->n_paths && level < m->levels; level++) {
		if (strcmp(key->paths[level], w->paths->path[prop]) == 0) {
			monitor_value(m, (size_t)item, level, out);
			break;
		}
	}
	if (out->type == PK_VALUE_STRING) {
		out->len = copy_str(buf, cap, out->str, out->len);
		out->str = buf;
	}
	return 0;
}
