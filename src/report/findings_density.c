/*
 * findings_density: a range's load per unit of hash-space width, to tell
 * a hot range of the layout from one of a key (findings_density.h).
 */
#include "findings_density.h"

/*
 * Load density of a range at the end: the RU of its first attempts
 * (offered_mru) per unit of hash-space width (EPK fractions, a max past
 * the key values' reach, v->key_reach, counted to it) per second of its
 * life. Returns 0 when the width or the life is 0.
 */
static double range_density(const struct pk_result_variant *v,
			    const struct pk_result_range *g, int64_t end_s,
			    double *width)
{
	const struct pk_epk *hi = &g->max;
	const struct pk_epk *reach = &v->key_reach;
	double w;
	int64_t life = end_s - (g->born_s > 0 ? g->born_s : 0);

	if (epk_cmp(hi, reach) > 0 && epk_cmp(&g->min, reach) < 0) {
		hi = reach;
	}
	w = epk_fraction(hi) - epk_fraction(&g->min);
	*width = w > 0 ? w : 0;
	if (w <= 0 || life <= 0) {
		return 0.0;
	}
	return (double)g->offered_mru / (w * (double)life);
}

/* The second the hot range's life starts: its birth (0 at creation, a
   split's second) or, made by a merge, the merge's second */
static int64_t life_start(const struct pk_result_variant *v, size_t at)
{
	const struct pk_result_range *g = &v->ranges[at];
	size_t i;

	if (g->born_s >= 0) {
		return g->born_s;
	}
	for (i = 0; i < v->n_lineage; i++) {
		if (v->lineage[i].id == g->id && v->lineage[i].merged_s > 0) {
			return v->lineage[i].merged_s;
		}
	}
	return 0;
}

/* The first-attempt RU the whole container was offered from second
   from_s on (its per-second records, or its per-minute ones when the
   seconds were not kept: the minute holding from_s counts whole), mRU */
static int64_t offered_since(const struct pk_result_variant *v, int64_t from_s)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_second *x = m->keep_seconds ? m->seconds : m->minutes;
	size_t i, n = m->keep_seconds ? m->n_seconds : m->n_minutes;
	int64_t sum = 0;

	for (i = 0; i < n; i++) {
		if (x[i].t_s + (m->keep_seconds ? 0 : 59) >= from_s) {
			sum += x[i].offered_mru;
		}
	}
	return sum;
}

/*
 * Layout or key: the hot range's first-attempt RU per unit of its width
 * against the rest of the hash space's over the same seconds, the hot
 * range's life: the container's first-attempt RU from its start on, less
 * its own, over the rest of the width the keys reach. Ranges split or
 * merged during its life count with their seconds in it, and the
 * seconds before it do not count (comparing lives of different lengths
 * read a range made at creation, through a light start, as cooler than
 * ranges made later). Returns the ratio hot / others, or 0 when it
 * cannot be told (no width, no load, no other range). ASSUMPTION: a
 * ratio up to PK_FINDINGS_LAYOUT_RATIO (1.5) is the width's doing: the
 * range is hot because it owns more of the hash space (uneven widths
 * after splits), not because a key is hot; an even load gives 1.
 */
double density_ratio(const struct pk_result *r,
		     const struct pk_result_variant *v, size_t at,
		     double *hot_width, double *hot_share)
{
	int64_t end_s = r->end_ms / 1000;
	double w, reach = epk_fraction(&v->key_reach);
	double hot = range_density(v, &v->ranges[at], end_s, &w);
	double all = 0, others;
	size_t i;

	*hot_width = reach > 0 ? w / reach : 0;
	for (i = 0; i < v->n_ranges; i++) {
		all += (double)v->ranges[i].offered_mru;
	}
	*hot_share = all > 0 ? (double)v->ranges[at].offered_mru / all : 0.0;
	if (hot <= 0 || v->n_ranges < 2 || reach - w <= 0) {
		return 0.0;
	}
	others = (double)(offered_since(v, life_start(v, at)) -
			  v->ranges[at].offered_mru);
	if (others <= 0) {
		return 0.0;
	}
	return ((double)v->ranges[at].offered_mru / w) / (others / (reach - w));
}
