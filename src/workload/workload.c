/*
 * workload: the deterministic operation stream of a scenario: its
 * lifetime and counters. The module's files (workload_int.h lists them)
 * each describe their part: the stream's time, draws and batches in
 * workload_stream.c, the item table in workload_items.c, the per-variant
 * targets drawn at the send (and IN values) in workload_targets.c,
 * values in workload_values.c, data files in workload_file.c.
 *
 * Left out: throughput changes (sim applies phase throughput), and any
 * feedback from throttling: the offered load is open.
 */
#include "pksim/workload/workload.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/isotime.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"

#include "workload_int.h"

struct pk_workload *workload_new(const struct pk_scenario *sc, uint64_t seed)
{
	struct pk_workload *w = xcalloc(1, sizeof(*w));
	int64_t t_ms = 0;
	size_t i, k;

	w->sc = sc;
	rng_seed(&w->rng, seed);
	w->phases = xcalloc(sc->n_phases, sizeof(*w->phases));
	for (i = 0; i < sc->n_phases; i++) {
		if (sc->n_streams > 1 && i > 0 &&
		    scenario_stream_of_phase(sc, i)->phase_first == i) {
			/* each stream's phases from t = 0 */
			if (t_ms > w->end_ms) {
				w->end_ms = t_ms;
			}
			t_ms = 0;
		}
		wl_phase_init(&w->phases[i], &sc->phases[i], t_ms,
			      sc->clock_start_s);
		t_ms += sc->phases[i].duration_ms;
		if (sc->phases[i].mix[PK_OP_BATCH] > 0) {
			w->batches = 1;
		}
	}
	if (t_ms > w->end_ms) {
		w->end_ms = t_ms;
	}
	if (sc->items_file) {
		wl_file_init(w);
	}
	w->keep_sizes = scenario_items_read_back(sc);

	w->prop_slot = xcalloc(sc->n_props, sizeof(*w->prop_slot));
	w->clock = xcalloc(sc->n_props, sizeof(*w->clock));
	for (i = 0; i < sc->n_props; i++) {
		for (k = 0; k < PK_WL_CLOCK_SLOTS; k++) {
			w->clock[i].slot[k].t = INT64_MIN;
		}
		w->clock[i].span_s = 1;
		if (sc->props[i].kind == PK_GEN_CLOCK) {
			w->keep_created = 1;
			w->clock[i].span_s =
			    isotime_format_span_s(sc->props[i].clock_format);
		}
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
	w->slot_lo = 0;
	w->slot_hi = w->n_slots;
	wl_phase_enter(w, 0);
	if (sc->n_streams > 1 && !sc->items_file) {
		wl_streams_init(w, seed);
	}
	return w;
}

void workload_free(struct pk_workload *w)
{
	size_t i;

	if (!w) {
		return;
	}
	for (i = 0; i < w->sc->n_phases; i++) {
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
	free(w->idx);
	free(w->created_size);
	free(w->arr);
	free(w->q_per_record);
	free(w->q_sent);
	free(w->heap);
	free(w->streams);
	free(w->item_stream);
	free(w->remap);
	free(w->pos_base);
	free(w->pos_total);
	free(w->pos_undef);
	if (w->paths) {
		for (i = 0; i < w->paths->n; i++) {
			free(w->paths->path[i]);
		}
		free(w->paths->path);
		free(w->paths->id);
		free(w->paths);
	}
	free(w);
}

int64_t workload_phase_start_ms(const struct pk_workload *w, size_t i)
{
	if (i >= w->sc->n_phases) {
		return w->end_ms;
	}
	return w->phases[i].start_ms;
}

uint64_t workload_items(const struct pk_workload *w)
{
	return w->n_items;
}

uint64_t workload_skipped(const struct pk_workload *w)
{
	return w->skipped;
}
