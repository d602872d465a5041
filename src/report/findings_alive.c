/*
 * findings_alive: the seconds a hot range was hot and the ranges alive
 * in them (findings_alive.h).
 */
#include "findings_alive.h"

#include "pksim/service/metrics.h"

/* The second l was made: its birth, or a merge's second */
static int64_t life_from(const struct pk_result_lineage *l)
{
	if (l->born_s >= 0) {
		return l->born_s;
	}
	return l->merged_s > 0 ? l->merged_s : 0;
}

/* The second l ended: its split, the merge that took it away, or, at
   the end, INT64_MAX (no window passes the run's end) */
static int64_t life_to(const struct pk_result_variant *v,
		       const struct pk_result_lineage *l)
{
	size_t i;

	if (l->split_s >= 0) {
		return l->split_s;
	}
	for (i = 0; l->merged_away && i < v->n_lineage; i++) {
		const struct pk_result_lineage *m = &v->lineage[i];

		if (m->merged_s >= 0 && (m->merged_from[0] == l->id ||
					 m->merged_from[1] == l->id)) {
			return m->merged_s;
		}
	}
	return INT64_MAX;
}

struct alive_window alive_hot_window(const struct pk_result_variant *v,
				     const struct pk_result_lineage *hot,
				     int pct)
{
	const struct pk_metrics *m = v->metrics;
	struct alive_window w = {-1, -1};
	int64_t span = m->keep_seconds ? 1 : metrics_record_s(m);
	size_t i, n = m->keep_seconds ? m->n_samples : m->n_buckets;

	for (i = 0; i < n; i++) {
		int64_t t;
		int p;

		if (m->keep_seconds) {
			if (m->samples[i].range_id != hot->id) {
				continue;
			}
			t = m->samples[i].t_s;
			p = metrics_normalized_pct_nearest(&m->samples[i]);
		} else {
			if (m->buckets[i].range_id != hot->id) {
				continue;
			}
			t = m->buckets[i].t_s;
			p = m->buckets[i].nru_pct;
		}
		if (p < pct) {
			continue;
		}
		if (w.from_s < 0 || t < w.from_s) {
			w.from_s = t;
		}
		if (t + span > w.to_s) {
			w.to_s = t + span;
		}
	}
	if (w.from_s < 0) {
		w.from_s = life_from(hot);
		w.to_s = life_to(v, hot);
	}
	return w;
}

int alive_during(const struct pk_result_variant *v,
		 const struct pk_result_lineage *l, struct alive_window w)
{
	return life_from(l) < w.to_s && life_to(v, l) > w.from_s;
}

const struct pk_result_lineage *
alive_coldest(const struct pk_result_variant *v,
	      const struct pk_result_lineage *hot, int pct)
{
	struct alive_window w = alive_hot_window(v, hot, pct);
	const struct pk_result_lineage *cold = NULL;
	size_t i;

	for (i = 0; i < v->n_lineage; i++) {
		const struct pk_result_lineage *l = &v->lineage[i];

		if (l->busy_seconds == 0 || l->nru_p99_pct < 0 ||
		    (l != hot && !alive_during(v, l, w))) {
			continue;
		}
		if (!cold || l->nru_p99_pct < cold->nru_p99_pct) {
			cold = l;
		}
	}
	return cold;
}
