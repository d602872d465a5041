/*
 * runway_window: the runway of a generated workload whose run wrote
 * nothing because its rate schedule was 0 over the run's window (a
 * weekdays workload started on a Saturday, business hours started at
 * night). The projection needs items only for their key values (their
 * shares come from the distributions), so it draws them apart: the
 * same workload with its clock moved to the first hour its schedule
 * writes, then projected from the real start like any other
 * (runway.h).
 */
#include "runway_int.h"

#include "pksim/base/schedule.h"
#include "pksim/workload/workload.h"

/* Operations drawn apart at most: enough to meet a distribution's
   likely values, as a run of that length would */
#define PK_RW_WINDOW_OPS 20000
/* Hours searched for one the schedule writes in: a year and a day (a
   week covers a weekly curve, a year its holidays) */
#define PK_RW_WINDOW_HOURS (367 * 24)

/* The first whole hour from sc's clock (Unix s) at which some phase with
   new items and a rate schedule writes; -1 none within the search */
static int64_t first_writing_hour(const struct pk_scenario *sc)
{
	const int64_t t0 =
	    sc->clock_start_s -
	    ((sc->clock_start_s % PK_RUNWAY_STEP_S) + PK_RUNWAY_STEP_S) %
		PK_RUNWAY_STEP_S;
	int64_t h;
	size_t i;

	for (h = 0; h < PK_RW_WINDOW_HOURS; h++) {
		const int64_t at = t0 + h * PK_RUNWAY_STEP_S;

		for (i = 0; i < sc->n_phases; i++) {
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

void runway_from_window(const struct pk_snapshot *s,
			const struct pk_scenario *sc,
			struct pk_result_variant *v, struct pk_runway *rw)
{
	struct pk_scenario moved = *sc;
	struct pk_workload *w2;
	struct pk_op op;
	int64_t at = first_writing_hour(sc);
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
