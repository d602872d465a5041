/*
 * remedy_bound: whether a variant's remedy replays fit the bounds a run
 * is held to before they start (remedy_int.h): their work, each replay
 * as much as the run, within PK_SCENARIO_MAX_WORK, and their memory,
 * beside the run's, within PK_SCENARIO_MAX_TRACK_BYTES. pksim runs them
 * in fewer threads when that fits, else skips them and says why.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/scenario.h"
#include "pksim/service/service.h"
#include "remedy_int.h"

/* The variant of task t as its costliest replay can run it: at the most
   RU/s a search tries (PK_MAX_RU_PER_S with phases to raise; a data file
   without phases: its creation's partitions, at their cap), so the most
   physical partitions, into *cs; the scenario of it alone into *view. */
static void replay_view(const struct remedy_task *t, struct pk_scenario *view,
			struct pk_container_spec *cs)
{
	const struct pk_remedies *r = t->out;
	int64_t top = t->sc->n_phases > 0 ? PK_MAX_RU_PER_S : r->cap_ru_per_s;

	*view = *t->sc;
	*cs = *t->spec;
	if (t->sc->n_phases == 0) {
		cs->existing_partitions = r->created_partitions;
	}
	if (cs->autoscale_max_ru_per_s > 0) {
		cs->autoscale_max_ru_per_s = cs->autoscale_max_ru_per_s > top
						 ? cs->autoscale_max_ru_per_s
						 : top;
	} else {
		cs->throughput_ru_per_s = cs->throughput_ru_per_s > top
					      ? cs->throughput_ru_per_s
					      : top;
	}
	view->container = *cs;
	view->variants = cs;
	view->n_variants = 1;
}

/* Bytes one replay of task t holds: its variant alone at its costliest
   replay, less the data files (the replays read the run's) */
static double replay_bytes(const struct remedy_task *t)
{
	struct pk_scenario view;
	struct pk_container_spec cs;
	struct pk_memory_estimate e;

	replay_view(t, &view, &cs);
	scenario_memory_estimate(&view, &e);
	return e.total - e.files;
}

/* Units of work one replay of task t takes (scenario_work_units) */
static double replay_work(const struct remedy_task *t)
{
	struct pk_scenario view;
	struct pk_container_spec cs;

	replay_view(t, &view, &cs);
	return scenario_work_units(&view);
}

size_t remedy_fit(const struct pk_scenario *sc, const struct remedy_task *tasks,
		  size_t n, size_t g, char **why)
{
	struct pk_memory_estimate run;
	double work = 0, one = 0, b;
	size_t replays = 0, i;
	char a[PK_FMT_BYTES], w[PK_FMT_BYTES], l[PK_FMT_BYTES];

	*why = NULL;
	if (n == 0) {
		return 0;
	}
	for (i = 0; i < n; i++) {
		work +=
		    (double)tasks[i].out->max_replays * replay_work(&tasks[i]);
		replays += tasks[i].out->max_replays;
		b = replay_bytes(&tasks[i]);
		one = b > one ? b : one;
	}
	if (work > PK_SCENARIO_MAX_WORK) {
		*why = xasprintf(
		    "not replayed: their at most %zu replays, each up to %s "
		    "units of work (an attempt of an operation 1, with its "
		    "retries when the replay can be rate limited; in each "
		    "attempt each value of a query's IN list %.3g and each "
		    "physical partition its values reach %.3g, each a query "
		    "without one visits %.3g; each physical partition %.3g "
		    "in each second with a request), come to %s, above "
		    "pksim's bound of %s units, the most a run may take; a "
		    "shorter run, or fewer operations, gets them",
		    replays,
		    fmt_thousands((int64_t)ceil(work / (double)replays), a),
		    PK_SCENARIO_IN_VALUE_WORK, PK_SCENARIO_IN_RANGE_WORK,
		    PK_SCENARIO_RANGE_WORK, PK_SCENARIO_RANGE_SECOND_WORK,
		    fmt_thousands((int64_t)ceil(work), w),
		    fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, l));
		return 0;
	}
	scenario_memory_estimate(sc, &run);
	while (g > 0 &&
	       run.total + (double)g * one > PK_SCENARIO_MAX_TRACK_BYTES) {
		g--;
	}
	if (g == 0) {
		*why = xasprintf(
		    "not replayed: one replay would take about %.1f GiB beside "
		    "the run's %.1f GiB, above the %.0f GiB pksim stops at; "
		    "a shorter run, or fewer variants, gets them",
		    one / (double)PK_GIB, run.total / (double)PK_GIB,
		    PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB);
	}
	return g;
}

int remedies_never_replay(const struct pk_scenario *sc)
{
	struct pk_remedies r;
	struct remedy_task t;
	double work = 0;
	size_t i;

	for (i = 0; i < sc->n_variants; i++) {
		const struct pk_container_spec *cs = &sc->variants[i];

		if (!scenario_must_throttle(sc, cs)) {
			continue;
		}
		memset(&r, 0, sizeof(r));
		memset(&t, 0, sizeof(t));
		t.sc = sc;
		t.spec = cs;
		t.out = &r;
		remedy_settings(&r, sc, cs, cs->autoscale_max_ru_per_s > 0,
				service_created_partitions(cs));
		work += (double)remedy_settings_bound(&t) * replay_work(&t);
		free(r.phases_why);
		free(r.over_cap_why);
	}
	return work > PK_SCENARIO_MAX_WORK;
}
