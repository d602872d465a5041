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

/*
 * Layout or key: the hot range's load density (range_density) against
 * that of every other range at the end taken together (the RU of their
 * first attempts over their width x life). Returns the
 * ratio hot / others, or 0 when it cannot be told (the hot range split
 * away, one range, no width or load). ASSUMPTION: a ratio up to
 * PK_FINDINGS_LAYOUT_RATIO (1.5) is "about the same": the range is hot
 * because it owns more of the hash space (uneven widths after splits),
 * not because a key is hot; an even load gives 1.
 */
double density_ratio(const struct pk_result *r,
		     const struct pk_result_variant *v, size_t at,
		     double *hot_width, double *hot_share)
{
	int64_t end_s = r->end_ms / 1000;
	double w, hot = range_density(v, &v->ranges[at], end_s, hot_width);
	double load = 0, area = 0, all = 0;
	size_t i;

	*hot_width /= epk_fraction(&v->key_reach);
	for (i = 0; i < v->n_ranges; i++) {
		all += (double)v->ranges[i].offered_mru;
	}
	*hot_share = all > 0 ? (double)v->ranges[at].offered_mru / all : 0.0;
	if (hot <= 0) {
		return 0.0;
	}
	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *g = &v->ranges[i];
		int64_t life = end_s - (g->born_s > 0 ? g->born_s : 0);

		if (i == at || life <= 0) {
			continue;
		}
		range_density(v, g, end_s, &w);
		if (w <= 0) {
			continue;
		}
		load += (double)g->offered_mru;
		area += w * (double)life;
	}
	if (load <= 0 || area <= 0) {
		return 0.0;
	}
	return hot / (load / area);
}
