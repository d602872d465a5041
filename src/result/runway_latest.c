/*
 * runway_latest: a key on one property drawn `distribution: latest`
 * (runway.h). rng.c brings value i (0-based, of n) into use at draw
 * i + 1 and draw j takes value i < m = min(j, n) with (m - i)^-theta /
 * zeta(m, theta), YCSB's SkewedLatestGenerator. After K >= n draws value
 * i has been drawn
 *   E_i(K) = G_i + (K - n) p_i times,
 *   p_i = (n - i)^-theta / zeta(n, theta)   (its share once every value
 *                                           is in use: dist_pmf),
 *   G_i = sum_{j = i + 1}^{n} (j - i)^-theta / zeta(j, theta)
 * (what the draws gave it while values came into use). The steps give a
 * logical partition p_i of the new items from t = 0, so it starts at
 * (G_i - n p_i) items (group.start, negative: the draws before it was in
 * use or the likeliest): the newest, G = p = 1 / zeta(n), holds
 * (K - n + 1) / zeta(n) items and fills at draw n - 1 + cap_items x
 * zeta(n). The steps count a draw per new item, so this holds for one
 * stream whose new items each draw the key (no batches, which copy the
 * first item's key; runway_guard.c refuses the rest).
 *
 * Left out: before draw n a value's items are below the line (G_i is at
 * most about 1 + ln zeta(n) items, far below a cap of at least 10,240 of
 * the largest items), so a partition that fills must fill after every
 * value is in use; a range's RU/s bound meets the line's rate from t = 0
 * (ASSUMPTION: the values not yet in use take its writes meanwhile).
 */
#include "runway_int.h"

#include <math.h>
#include <string.h>

#include "pksim/base/rng.h"

/* Terms of zeta(m) summed one by one; past it the Euler-Maclaurin tail
   (two correction terms: the next is below 1e-11 of a term there) */
#define PK_RW_LATEST_EXACT 1024
/* Terms of G_i summed one by one, from the draw that brought value i in:
   the rest (each below PK_RW_LATEST_EXACT^-theta / zeta of a draw) in
   bins of d growing by PK_RW_LATEST_BIN, each bin's zeta at its middle
   (within about 1e-4 of an item in all) */
#define PK_RW_LATEST_BIN 1.25

/* zeta(m, theta) = sum_{k=1}^{m} k^-theta, from the exact prefix s
   (s[k] = zeta(k), k <= PK_RW_LATEST_EXACT) */
static double zeta_at(const double *s, double theta, double m)
{
	const double a = PK_RW_LATEST_EXACT;

	if (m <= a) {
		return s[(size_t)m];
	}
	/* sum_{k=a+1}^{m} f(k) = int_a^m f + (f(m) - f(a)) / 2 + (f'(m) -
	   f'(a)) / 12, f = x^-theta */
	return s[PK_RW_LATEST_EXACT] +
	       pow(a, 1.0 - theta) * expm1((1.0 - theta) * log(m / a)) /
		   (1.0 - theta) +
	       (pow(m, -theta) - pow(a, -theta)) / 2.0 -
	       theta * (pow(m, -theta - 1.0) - pow(a, -theta - 1.0)) / 12.0;
}

/* G_i of value i of n (the file comment): its draws while the values
   came into use */
static double drawn_in(const double *s, double theta, uint64_t n, uint64_t i)
{
	const uint64_t last = n - i; /* d = j - i runs 1 .. last */
	double z = zeta_at(s, theta, (double)(i + 1)), g = 0, d, hi;
	uint64_t k;

	for (k = 1; k <= last && k <= PK_RW_LATEST_EXACT; k++) {
		if (k > 1) {
			z += pow((double)(i + k), -theta);
		}
		g += pow((double)k, -theta) / z;
	}
	for (d = PK_RW_LATEST_EXACT + 1; d <= (double)last; d = hi + 1) {
		hi = floor(d * PK_RW_LATEST_BIN);
		hi = hi < (double)last ? hi : (double)last;
		/* sum of k^-theta over the bin, over zeta at its middle */
		g += (zeta_at(s, theta, hi) - zeta_at(s, theta, d - 1)) /
		     zeta_at(s, theta, (double)i + (d + hi) / 2);
	}
	return g;
}

int runway_latest_prop(const struct pk_result_variant *v,
		       const struct pk_scenario *sc, const struct refinfo *refs,
		       double spread)
{
	const struct pk_prop_spec *p;

	if (sc->n_streams != 1 || runway_n_refs(v, sc) != 1 || spread != 1 ||
	    refs[0].prop < 0 || refs[0].n_cls || refs[0].count < 2) {
		return -1;
	}
	p = &sc->props[refs[0].prop];
	if ((p->kind != PK_GEN_PATTERN && p->kind != PK_GEN_LIST) ||
	    p->dist.kind != PK_DIST_LATEST || p->count != refs[0].count) {
		return -1;
	}
	return refs[0].prop;
}

int runway_latest_newest(const struct pk_snapshot *s,
			 const struct pk_result_variant *v,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w,
			 const struct refinfo *refs, struct group **tab,
			 struct rw_pick *pick)
{
	const uint64_t newest = refs[0].count - 1;
	const struct pk_prop_spec *p = &sc->props[refs[0].prop];
	struct rw_key key;
	struct group *g;
	int fresh;

	if (!v->service_queries->value_key) {
		return 0;
	}
	if (pick && s->value_lps && newest < s->n_value_lps &&
	    s->value_lps[newest] != 0) {
		return 1; /* the run reached it: offered with the others */
	}
	runway_key_init(v, &key);
	v->service_queries->value_key(v->key, sc, w, &newest, key.id,
				      v->service_queries->id_max, &key.at);
	if (key.at.status != 0) {
		runway_key_free(&key);
		return 0;
	}
	/* *tab owns its key bytes, which pick's copy borrows */
	g = runway_group_get(tab, key.id, key.at.id_len, &fresh);
	if (fresh) {
		g->mass =
		    dist_pmf(&p->dist, refs[0].count, refs[0].norm, newest);
		g->range = runway_range_of(v, &key.at.epk);
		g->item = UINT64_MAX;
		g->value = newest;
		if (pick) {
			runway_pick_add(pick, g);
		}
	}
	runway_key_free(&key);
	return 1;
}

void runway_latest_starts(const struct pk_scenario *sc,
			  const struct pk_workload *w,
			  const struct refinfo *refs, double mean,
			  struct group *g, size_t n_g)
{
	const struct pk_prop_spec *p = &sc->props[refs[0].prop];
	const uint64_t n = refs[0].count;
	const double theta = p->dist.theta;
	double s[PK_RW_LATEST_EXACT + 1];
	size_t i;

	s[0] = 0;
	for (i = 1; i <= PK_RW_LATEST_EXACT; i++) {
		s[i] = s[i - 1] + pow((double)i, -theta);
	}
	for (i = 0; i < n_g; i++) {
		uint64_t at = g[i].value;
		double share;

		if (at == UINT64_MAX && g[i].item != UINT64_MAX) {
			at = workload_value_index(g[i].w ? g[i].w : w,
						  g[i].item, refs[0].prop);
		}
		if (at >= n) {
			continue;
		}
		share = dist_pmf(&p->dist, n, refs[0].norm, at);
		/* the newest's G is its share exactly */
		g[i].start +=
		    mean * ((at == n - 1 ? share : drawn_in(s, theta, n, at)) -
			    (double)n * share);
	}
}
