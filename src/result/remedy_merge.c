/*
 * remedy_merge: the merge remedy (remedy.h): where in the run a merge to
 * rule 32's count is replayed, and its replay. The merge starts at the
 * start of the first phase after the container stopped changing: after
 * every phase that changes it has started and after the run's last
 * split, so the partitions it merges are the ones the finding counts at
 * the run's end (a merge at t = 0 when nothing changes the container,
 * the common case); a phase that changes it merges after its own change.
 * A run whose last split comes in its last phase has no phase to merge
 * at: its merge is not replayed, and says why.
 */
#include <stdlib.h>

#include "pksim/base/mem.h"
#include "pksim/result/merge_fit.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "remedy_int.h"

/* Where a merge is replayed: phase index k and its start, ms */
struct merge_point {
	size_t k;
	int64_t start_ms;
};

/* Each phase's start in sc, ms from t = 0, into start (n_phases
   entries): a stream's phases run one after another from t = 0 */
static void phase_starts(const struct pk_scenario *sc, int64_t *start)
{
	size_t s, k;

	for (s = 0; s < sc->n_streams; s++) {
		const struct pk_stream_spec *ss = &sc->streams[s];
		int64_t t = 0;

		for (k = 0; k < ss->n_phases; k++) {
			start[ss->phase_first + k] = t;
			t += sc->phases[ss->phase_first + k].duration_ms;
		}
	}
}

/* 1 if phase ph changes the container at its start */
static int phase_acts(const struct pk_phase_spec *ph)
{
	return ph->throughput_ru_per_s > 0 || ph->n_redistribute > 0 ||
	       ph->merge_to > 0 || ph->policy_equal ||
	       ph->autoscale_max_ru_per_s > 0;
}

/*
 * The merge point of v's run of sc (see above): the phase with the
 * earliest start (the lowest index of equals) that starts at or after
 * every phase that acts and after the run's last split (a split's second
 * ended before it), that redistributes nothing (its ranges would be gone)
 * and after which no phase starting at the same ms acts (sim_actions:
 * equals act in index order). 0 with *p set, -1 when none.
 */
static int merge_point(const struct pk_scenario *sc,
		       const struct pk_result_variant *v, struct merge_point *p)
{
	int64_t *start, after = 0, split_ms = -1;
	size_t i, j, n = sc->n_phases;
	int found = 0;

	if (n == 0) {
		return -1;
	}
	start = xcalloc(n, sizeof(*start));
	phase_starts(sc, start);
	for (i = 0; i < n; i++) {
		if (phase_acts(&sc->phases[i]) && start[i] > after) {
			after = start[i];
		}
	}
	for (i = 0; i < v->metrics->n_splits; i++) {
		int64_t ms = v->metrics->splits[i].t_s * 1000;

		split_ms = ms > split_ms ? ms : split_ms;
	}
	for (i = 0; i < n; i++) {
		int ok = start[i] >= after && start[i] > split_ms &&
			 sc->phases[i].n_redistribute == 0;

		for (j = i + 1; ok && j < n; j++) {
			ok = !(start[j] == start[i] &&
			       phase_acts(&sc->phases[j]));
		}
		if (ok && (!found || start[i] < p->start_ms)) {
			p->k = i;
			p->start_ms = start[i];
			found = 1;
		}
	}
	free(start);
	return found ? 0 : -1;
}

/* v's physical partitions just before t_ms: those it was created with,
   one more for each split and fewer by each merge before then */
static size_t partitions_at(const struct pk_result_variant *v, int64_t t_ms)
{
	int64_t n = (int64_t)v->created_ranges;
	size_t i;

	for (i = 0; i < v->metrics->n_splits; i++) {
		n += v->metrics->splits[i].t_s * 1000 < t_ms;
	}
	for (i = 0; i < v->metrics->n_merges; i++) {
		const struct pk_merge_event *e = &v->metrics->merges[i];

		if (e->t_s * 1000 < t_ms) {
			n -= (int64_t)e->ranges_before -
			     (int64_t)e->ranges_after;
		}
	}
	return n > 0 ? (size_t)n : 0;
}

int merge_replayable(const struct pk_scenario *sc,
		     const struct pk_result_variant *v)
{
	struct pk_merge_fit mf;
	struct merge_point p;

	return merge_fit(v, &mf) && merge_point(sc, v, &p) == 0 &&
	       (uint64_t)partitions_at(v, p.start_ms) > mf.need;
}

void search_merge(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_MERGE];
	struct replay_change ch = {0, NULL, 0, NULL,	  0, 0, NULL,
				   0, 0,    0, REPLAY_RU, 0, 0};
	struct pk_merge_fit mf;
	struct merge_point p;
	int rc;

	if (!merge_fit(t->v, &mf)) {
		m->status = PK_REMEDY_NOT_APPLICABLE;
		return;
	}
	m->status = PK_REMEDY_NOT_REPLAYED;
	m->merge_to = (size_t)mf.need;
	if (t->sc->n_phases == 0) {
		m->why_not = "a data file without phases has none to merge it "
			     "at";
		return;
	}
	if (merge_point(t->sc, t->v, &p)) {
		m->why_not = "the run's last split came in its last phase "
			     "(or that phase redistributes): no phase starts "
			     "after it to merge at";
		return;
	}
	r->merge_at_s = p.start_ms / 1000;
	r->merge_phase = t->sc->phases[p.k].name;
	r->merge_from = partitions_at(t->v, p.start_ms);
	if (r->merge_from <= m->merge_to) {
		m->why_not = "where the merge would start there are no more "
			     "partitions than rule 32's count";
		return;
	}
	ch.merge_to = m->merge_to;
	ch.merge_phase = p.k;
	rc = probe_with(t, m, &ch, &m->after);
	if (rc >= 0) {
		m->status = rc ? PK_REMEDY_NOT_FOUND : PK_REMEDY_FOUND;
		/* the RU/s in force at the merge: no phase acts after it */
		m->setting =
		    p.start_ms > 0 ? t->v->ru_per_s : r->start_ru_per_s;
	}
}
