/*
 * runway_window: the runway of a generated workload whose run wrote
 * nothing because its rate schedule was 0 over the run's window (a
 * weekdays workload started on a Saturday, business hours started at
 * night), or a stream of it that wrote nothing beside others that did. The
 * projection needs items only for their key values (their shares come from the
 * distributions), so it draws them apart: the same workload with its clock
 * moved to the first hour its schedule writes, then projected from the real
 * start like any other (runway.h).
 */
#include "runway_int.h"

#include <stdlib.h>

#include "pksim/base/schedule.h"
#include "pksim/workload/workload.h"

/* Operations drawn apart at most: enough to meet a distribution's
   likely values, as a run of that length would */
#define PK_RW_WINDOW_OPS 20000
/* ... of all streams, drawing one stream apart beside the others */
#define PK_RW_WINDOW_STREAM_OPS (50 * PK_RW_WINDOW_OPS)
/* Hours searched for one the schedule writes in: a year and a day (a
   week covers a weekly curve, a year its holidays) */
#define PK_RW_WINDOW_HOURS (367 * 24)

/* The first whole hour from sc's clock (Unix s) at which some phase of
   sc->phases[first .. first + n) with new items writes (a rate, or a
   rate schedule not 0 in that hour); -1 none within the search */
static int64_t first_writing_hour(const struct pk_scenario *sc, size_t first,
				  size_t n)
{
	const int64_t t0 =
	    sc->clock_start_s -
	    ((sc->clock_start_s % PK_RUNWAY_STEP_S) + PK_RUNWAY_STEP_S) %
		PK_RUNWAY_STEP_S;
	int64_t h;
	size_t i;

	for (h = 0; h < PK_RW_WINDOW_HOURS; h++) {
		const int64_t at = t0 + h * PK_RUNWAY_STEP_S;

		for (i = first; i < first + n && i < sc->n_phases; i++) {
			const struct pk_phase_spec *ps = &sc->phases[i];

			if (runway_phase_adds(ps) > 0 &&
			    (!ps->schedule ||
			     schedule_wall_mean(ps->schedule, at,
						PK_RUNWAY_STEP_S) > 0)) {
				return at;
			}
		}
	}
	return -1;
}

/* Whether a phase of sc->phases[first .. first + n) adds items at a
   rate (its own, or its rate schedule's) */
static int phases_write(const struct pk_scenario *sc, size_t first, size_t n)
{
	size_t i;

	for (i = first; i < first + n && i < sc->n_phases; i++) {
		const struct pk_phase_spec *ps = &sc->phases[i];

		if (runway_phase_adds(ps) > 0 &&
		    (ps->rate_per_s > 0 || ps->schedule)) {
			return 1;
		}
	}
	return 0;
}

int runway_writes(const struct pk_scenario *sc)
{
	return phases_write(sc, 0, sc->n_phases);
}

struct pk_workload *runway_window_stream(const struct pk_scenario *sc, size_t k,
					 struct pk_scenario *moved)
{
	const struct pk_stream_spec *ss = &sc->streams[k];
	int64_t at = first_writing_hour(sc, ss->phase_first, ss->n_phases);
	struct pk_workload *w2;
	struct pk_op op;
	size_t n = 0, mine = 0;

	if (at < 0) {
		return NULL;
	}
	*moved = *sc;
	moved->clock_start_s = at;
	w2 = workload_new(moved, sc->seed);
	/* the other streams draw too: as many of stream k's operations as
	   a run of its own would, within PK_RW_WINDOW_STREAM_OPS in all */
	while (mine < PK_RW_WINDOW_OPS && n++ < PK_RW_WINDOW_STREAM_OPS &&
	       workload_next(w2, &op)) {
		mine += op.stream == k;
	}
	return w2;
}

void runway_from_window(const struct pk_snapshot *s,
			const struct pk_scenario *sc,
			struct pk_result_variant *v, struct pk_runway *rw)
{
	struct pk_scenario moved = *sc;
	struct pk_workload *w2;
	struct pk_op op;
	int64_t at = first_writing_hour(sc, 0, sc->n_phases);
	size_t n = 0;

	if (at < 0) {
		rw->basis = PK_RUNWAY_RATES;
		rw->kind = PK_RUNWAY_NO_WRITES;
		return;
	}
	moved.clock_start_s = at;
	w2 = workload_new(&moved, sc->seed);
	while (n++ < PK_RW_WINDOW_OPS && workload_next(w2, &op)) {
	}
	rw->drawn_apart = 1; /* the snapshot holds none of its values */
	runway_from_rates(s, sc, w2, v, rw);
	workload_free(w2);
}

size_t runway_groups_apart(const struct pk_result_variant *v,
			   const struct pk_scenario *sc,
			   const struct pk_workload *w,
			   const struct refinfo *refs, double spread,
			   const double *weight, struct group **tab,
			   struct pk_workload **apart,
			   struct pk_scenario *moved)
{
	const size_t ns = sc->n_streams;
	char has[PK_MAX_STREAMS] = {0};
	uint64_t i, n = workload_items(w);
	size_t k, seen = 0, drawn = 0;

	for (i = 0; i < n && seen < ns; i++) {
		k = workload_item_stream(w, i);
		if (k < ns && !has[k]) {
			has[k] = 1;
			seen++;
		}
	}
	for (k = 0; k < ns; k++) {
		const struct pk_stream_spec *ss = &sc->streams[k];

		apart[k] = NULL;
		if (has[k] ||
		    !phases_write(sc, ss->phase_first, ss->n_phases)) {
			continue;
		}
		apart[k] = runway_window_stream(sc, k, &moved[k]);
		if (apart[k] && refs) {
			runway_groups_from_dists(v, sc, apart[k], refs, spread,
						 weight, sc->clock_start_s,
						 (long)k, tab);
		} else if (apart[k]) {
			runway_groups_counted(v, sc, apart[k], weight, (long)k,
					      tab);
		}
		drawn += apart[k] != NULL;
	}
	return drawn;
}

void runway_apart_free(struct pk_workload **apart, struct pk_scenario *moved,
		       size_t ns)
{
	size_t k;

	for (k = 0; k < ns && moved; k++) {
		if (apart[k]) {
			workload_free(apart[k]);
		}
	}
	free(moved);
}
