/*
 * workload_stream: phases and the generated operation stream.
 *
 * Time. Phases run back to back from t = 0; phase i starts at the sum of
 * the earlier durations (whole seconds). UNIFORM arrivals: op j at
 * start + floor(j * 1000 / rate) ms for every j whose j / rate falls
 * before the phase's end, so a phase offers count = ceil(duration_s *
 * rate) operations (rounded to the nearest integer when within
 * PK_WL_ROUND_EPS of it, so 10/h for 1 h is 10): {90s, 1/m} sends 2 (t =
 * 0 and 60 s), and splitting a phase never loses an operation (24 x {1h,
 * 0.5/h} sends 24, one at each phase's start). POISSON arrivals:
 * exponential gaps with mean 1000 / rate ms are summed as a double from
 * the phase start; the first arrival is one gap in, the phase stops at
 * the first sum >= duration, and t_ms = start + floor(sum). With a rate
 * schedule (ps->schedule) the arrival instants come from the phase's
 * schedule cursor instead (schedule.h): UNIFORM op j at the first instant
 * the expected count L passes j, POISSON at the first instant L passes a
 * running sum of exponential draws of mean 1 (one draw per arrival, in
 * the place the POISSON gap has). A phase without a schedule keeps the
 * stream above, draw for draw.
 *
 * One arrival, one decision: per arrival the generator draws (in this
 * order) the POISSON gap, one rng_double against the cumulative phase
 * mix, then what the kind needs: CREATE draws every PATTERN/LIST property
 * (scenario order) from its own pk_dist, then the size; UPSERT first
 * draws one rng_double against the phase's upsert_new F when 0 < F < 1
 * (below F: a new item; F = 1 always and F = 0 never, without a draw),
 * then a new item draws as a CREATE does and is emitted as an UPSERT
 * naming it (op.item set, as a create's), and a rewrite draws the new
 * size; REPLACE draws the new size; READ/DELETE draw nothing more; QUERY
 * draws one rng_double against the phase's cumulative query weights. No
 * target is drawn here: a READ, rewriting UPSERT, REPLACE, DELETE or
 * QUERY with conditions comes with op.item = PK_ITEM_NONE, and the run
 * draws its target (and an IN list) at the operation's first send in
 * each variant, among the items that variant has written, from
 * generators of its own (targets.h, workload_targets.c), so this stream
 * is the same in every variant. A rewriting UPSERT that arrives before
 * any item was created (n_items 0, any stream) is emitted as a CREATE
 * (nothing to rewrite yet). Every arrival is emitted. A QUERY
 * without conditions (a full scan) needs no item either. The
 * query draws come last and only for QUERY, so a scenario without
 * queries draws nothing for them: its stream is that of its seed alone.
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
 * Batch draws happen only for BATCH, so a scenario without batches
 * draws nothing for them.
 *
 * IN values are drawn at the send with the target (targets.h says how:
 * distinct while enough items are written, PK_WL_IN_MAX_DRAWS tries a
 * slot).
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"
#include "pksim/base/units.h"

#include "workload_int.h"

void wl_phase_enter(struct pk_workload *w, size_t i)
{
	w->phase = i;
	/* the current phase by pointer: the stream reads it for every
	   operation, and indexing the arrays costs a multiply each time */
	w->cur_ps = i < w->sc->n_phases ? &w->sc->phases[i] : NULL;
	w->cur_ph = i < w->sc->n_phases ? &w->phases[i] : NULL;
	w->phase_op = 0;
	w->poisson_ms = 0;
}

/* The next arrival time of a phase with a rate schedule (schedule.h):
   UNIFORM operation j at the first instant L passes j, POISSON at the
   first instant L passes S_k, the sum of k exponential draws of mean 1;
   0 when the phase has ended. Out of line, so the path of a phase
   without a schedule stays as it was. */
static __attribute__((noinline)) int schedule_next(struct pk_workload *w,
						   int64_t *t_ms)
{
	const struct pk_phase_spec *ps = w->cur_ps;
	struct pk_wl_phase *ph = w->cur_ph;
	int64_t off_ms;

	if (ps->arrival == PK_ARRIVAL_POISSON) {
		w->poisson_ms += rng_exponential(&w->rng, 1.0);
		if (!schedule_cursor_time(&ph->cur, w->poisson_ms, 0,
					  &off_ms)) {
			return 0;
		}
	} else {
		if (!schedule_cursor_time(&ph->cur, (double)w->phase_op, 1,
					  &off_ms)) {
			return 0;
		}
		w->phase_op++;
	}
	*t_ms = ph->start_ms + off_ms;
	return 1;
}

/* The next arrival time in the current phase; 0 when it has ended. A
   phase with a schedule has count 0, so it leaves the uniform path at
   its end check: a phase without one pays nothing per operation for
   schedules. */
static int arrival_next(struct pk_workload *w, int64_t *t_ms)
{
	const struct pk_phase_spec *ps = w->cur_ps;
	const struct pk_wl_phase *ph = w->cur_ph;
	int64_t off_ms;

	if (ph->arrival == PK_WL_ARRIVAL_POISSON) {
		w->poisson_ms +=
		    rng_exponential(&w->rng, PK_MS_PER_S / ps->rate_per_s);
		if (w->poisson_ms >= (double)ps->duration_ms) {
			return 0;
		}
		off_ms = (int64_t)floor(w->poisson_ms);
	} else {
		if (w->phase_op >= ph->count) {
			return ph->arrival == PK_WL_ARRIVAL_SCHEDULE
				   ? schedule_next(w, t_ms)
				   : 0;
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

/* A QUERY at t_ms into op (see the file header): its target and IN
   list, when it has conditions, are drawn at its send (targets.h). */
static int query_make(struct pk_workload *w, int64_t t_ms, struct pk_op *op)
{
	const struct pk_phase_spec *ps = w->cur_ps;
	uint32_t qi = query_draw(w, w->cur_ph, ps->n_queries);

	op->t_ms = t_ms;
	op->kind = PK_OP_QUERY;
	op->stream = 0;
	op->item = PK_ITEM_NONE;
	op->size_bytes = 0;
	op->phase = (uint32_t)w->phase;
	op->seq = w->seq++;
	op->query = qi;
	op->n_in = 0;
	op->in_items = NULL;
	op->batch_n = 0;
	op->batch_done = 0; /* and pages_done */
	return 1;
}

/* A BATCH at t_ms into op (see the file header): the phase's batch_size
   new items. Always emitted. */
static void batch_make(struct pk_workload *w, int64_t t_ms, struct pk_op *op)
{
	const struct pk_phase_spec *ps = w->cur_ps;
	double f = ps->batch_spanning;
	int spanning = f >= 1 || (f > 0 && rng_double(&w->rng) < f);
	uint64_t first, total;
	uint32_t k;

	first = wl_item_create(w, t_ms, ps);
	total = w->last_size;
	for (k = 1; k < ps->batch_size; k++) {
		wl_item_new(w, t_ms, ps, spanning ? PK_ITEM_NONE : first);
		total += w->last_size;
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

/* 1 if an UPSERT arrival writes a new item (see the file header):
   with probability ps->upsert_new, one rng_double drawn only when it is
   strictly between 0 and 1. */
static int upsert_fresh(struct pk_workload *w, const struct pk_phase_spec *ps)
{
	double f = ps->upsert_new;

	return f >= 1 || (f > 0 && rng_double(&w->rng) < f);
}

/* Build the operation of kind at t_ms into op; 0 if it cannot be. */
static int op_make(struct pk_workload *w, enum pk_op_kind kind, int64_t t_ms,
		   struct pk_op *op)
{
	const struct pk_phase_spec *ps = w->cur_ps;
	uint64_t item;
	uint32_t size = 0;
	int fresh = 0;

	if (kind == PK_OP_QUERY) {
		return query_make(w, t_ms, op);
	}
	if (kind == PK_OP_BATCH) {
		batch_make(w, t_ms, op);
		return 1;
	}
	if (kind == PK_OP_UPSERT) {
		fresh = upsert_fresh(w, ps);
		if (!fresh && w->n_items == 0) {
			kind = PK_OP_CREATE;
		}
	}
	if (kind == PK_OP_CREATE || fresh) {
		item = wl_item_create(w, t_ms, ps);
		size = w->last_size;
	} else {
		/* the target is drawn at the send (targets.h) */
		item = PK_ITEM_NONE;
		if (kind == PK_OP_UPSERT || kind == PK_OP_REPLACE) {
			size = wl_size_draw(w, &ps->item_size);
		}
	}
	op->t_ms = t_ms;
	op->kind = kind;
	op->stream = 0;
	op->item = item;
	op->size_bytes = size;
	op->phase = (uint32_t)w->phase;
	op->seq = w->seq++;
	op->query = 0;
	op->n_in = 0;
	op->in_items = NULL;
	op->batch_n = 0;
	op->batch_done = 0; /* and pages_done */
	return 1;
}

int workload_next(struct pk_workload *w, struct pk_op *op)
{
	int64_t t_ms;

	if (w->file) {
		return wl_file_next(w, op);
	}
	if (w->streams) {
		return wl_streams_next(w, op);
	}
	while (w->phase < w->sc->n_phases) {
		if (!arrival_next(w, &t_ms)) {
			wl_phase_enter(w, w->phase + 1);
			continue;
		}
		if (op_make(w, kind_draw(w, w->cur_ph), t_ms, op)) {
			return 1;
		}
		w->skipped++;
	}
	return 0;
}

void wl_phase_init(struct pk_wl_phase *ph, const struct pk_phase_spec *ps,
		   int64_t start_ms, int64_t clock_start_s)
{
	double cum = 0;
	int k;

	ph->start_ms = start_ms;
	ph->arrival = ps->schedule ? PK_WL_ARRIVAL_SCHEDULE
		      : ps->arrival == PK_ARRIVAL_POISSON
			  ? PK_WL_ARRIVAL_POISSON
			  : PK_WL_ARRIVAL_UNIFORM;
	if (ps->schedule) {
		/* phases start at whole seconds (workload.h) */
		schedule_cursor_init(&ph->cur, ps->schedule,
				     clock_start_s + start_ms / PK_MS_PER_S,
				     ps->duration_ms / PK_MS_PER_S);
		ph->count = 0;
	} else {
		ph->count = (uint64_t)ceil_robust((double)ps->duration_ms /
						  PK_MS_PER_S * ps->rate_per_s);
	}
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
}

/* ---- several streams (scenario `streams:`) ---- */

/* Keep the active stream's place; make stream k the active one. */
static void stream_switch(struct pk_workload *w, size_t k)
{
	struct pk_wl_stream *a = &w->streams[w->active], *b = &w->streams[k];

	a->rng = w->rng;
	a->phase = w->phase;
	a->cur_ps = w->cur_ps;
	a->cur_ph = w->cur_ph;
	a->phase_op = w->phase_op;
	a->poisson_ms = w->poisson_ms;
	w->rng = b->rng;
	w->phase = b->phase;
	w->cur_ps = b->cur_ps;
	w->cur_ph = b->cur_ph;
	w->phase_op = b->phase_op;
	w->poisson_ms = b->poisson_ms;
	w->slot_lo = b->slot_lo;
	w->slot_hi = b->slot_hi;
	w->id_slot = b->id_slot;
	w->active = k;
}

/* The active stream's next arrival into its next_t, or done. */
static void stream_peek(struct pk_workload *w)
{
	struct pk_wl_stream *st = &w->streams[w->active];
	int64_t t_ms;

	while (w->phase < st->phase_end) {
		if (arrival_next(w, &t_ms)) {
			st->next_t = t_ms;
			return;
		}
		if (w->phase + 1 < st->phase_end) {
			wl_phase_enter(w, w->phase + 1);
		} else {
			w->phase = st->phase_end;
		}
	}
	st->done = 1;
}

/* splitmix64's odd constant from wyhash: stream k > 0 is seeded with
   seed XOR k times it, so no stream repeats another's draws */
#define PK_WL_STREAM_SEED_MIX 0xA0761D6478BD642FULL

void wl_streams_init(struct pk_workload *w, uint64_t seed)
{
	const struct pk_scenario *sc = w->sc;
	size_t k, i, j, n = sc->n_streams;

	w->n_streams = n;
	w->streams = xcalloc(n, sizeof(*w->streams));
	w->remap = xcalloc(n * sc->n_props, sizeof(*w->remap));
	for (k = 0; k < n; k++) {
		const struct pk_stream_spec *ss = &sc->streams[k];
		struct pk_wl_stream *st = &w->streams[k];

		rng_seed(&st->rng,
			 k == 0 ? seed
				: seed ^ ((uint64_t)k * PK_WL_STREAM_SEED_MIX));
		st->phase_end = ss->phase_first + ss->n_phases;
		st->id_slot = -1;
		st->slot_lo = w->n_slots;
		st->slot_hi = 0;
		for (i = ss->prop_first; i < ss->prop_first + ss->n_props;
		     i++) {
			int slot = w->prop_slot[i];

			if (slot < 0) {
				continue;
			}
			if ((size_t)slot < st->slot_lo) {
				st->slot_lo = (size_t)slot;
			}
			if ((size_t)slot + 1 > st->slot_hi) {
				st->slot_hi = (size_t)slot + 1;
			}
			if (strcmp(sc->props[i].path, "/id") == 0) {
				st->id_slot = slot;
			}
		}
		if (st->slot_hi == 0) {
			st->slot_lo = 0;
		}
		for (i = 0; i < sc->n_props; i++) {
			w->remap[k * sc->n_props + i] = -1;
			for (j = ss->prop_first;
			     j < ss->prop_first + ss->n_props; j++) {
				if (strcmp(sc->props[i].path,
					   sc->props[j].path) == 0) {
					w->remap[k * sc->n_props + i] = (int)j;
					break;
				}
			}
		}
	}
	wl_streams_positions(w);
	/* each stream's first arrival, drawn from its own generator */
	for (k = 0; k < n; k++) {
		struct pk_wl_stream *st = &w->streams[k];

		w->active = k;
		w->rng = st->rng;
		w->slot_lo = st->slot_lo;
		w->slot_hi = st->slot_hi;
		w->id_slot = st->id_slot;
		wl_phase_enter(w, sc->streams[k].phase_first);
		stream_peek(w);
		if (k + 1 < n) {
			stream_switch(w, k + 1);
		}
	}
}

int wl_streams_next(struct pk_workload *w, struct pk_op *op)
{
	for (;;) {
		size_t k, best = SIZE_MAX;
		int64_t t_ms;
		int made;

		for (k = 0; k < w->n_streams; k++) {
			if (!w->streams[k].done &&
			    (best == SIZE_MAX ||
			     w->streams[k].next_t < w->streams[best].next_t)) {
				best = k;
			}
		}
		if (best == SIZE_MAX) {
			return 0;
		}
		if (best != w->active) {
			stream_switch(w, best);
		}
		t_ms = w->streams[best].next_t;
		made = op_make(w, kind_draw(w, w->cur_ph), t_ms, op);
		if (made) {
			op->stream = (uint32_t)best;
		} else {
			w->skipped++;
		}
		/* the stream's next arrival after this one's draws, as one
		   stream draws them */
		stream_peek(w);
		if (made) {
			return 1;
		}
	}
}
