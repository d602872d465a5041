/*
 * runway_shares: each key value's share of a generated workload's new
 * items, from the distributions (their probability mass, not the sampled
 * counts) or, where the key cannot be read that way, from the run; and
 * what `preload:` put in each (runway.h has the rules).
 */
#include "runway_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "result_int.h"

void runway_key_init(const struct pk_result_variant *v, struct rw_key *k)
{
	memset(k, 0, sizeof(*k));
	k->id = xmalloc(v->service_queries->id_max);
}

void runway_key_free(struct rw_key *k)
{
	free(k->id);
	k->id = NULL;
}

void runway_item_key(const struct pk_result_variant *v,
		     const struct pk_scenario *sc, const struct pk_workload *w,
		     uint64_t item, const int64_t *wall_s, struct rw_key *k)
{
	v->service_queries->item_key(v->key, sc, w, item, wall_s, k->id,
				     v->service_queries->id_max, &k->at);
}

uint64_t runway_random_values(const struct pk_result_variant *v)
{
	const struct pk_queries *q = v->service_queries;
	uint64_t n;

	if (!q->random_values || !q->item_key_pick || !v->key) {
		return 1;
	}
	n = q->random_values(v->key);
	return n > 1 && n <= PK_RW_MAX_PICKS ? n : 1;
}

uint64_t runway_spread_values(const struct pk_result_variant *v,
			      const struct pk_scenario *sc)
{
	const struct pk_queries *q = v->service_queries;
	uint64_t n;

	if (!q->spread_values || !q->item_key_pick || !v->key) {
		return 1;
	}
	n = q->spread_values(v->key, sc);
	return n > 1 && n <= PK_RW_MAX_PICKS ? n : 1;
}

void runway_item_key_pick(const struct pk_result_variant *v,
			  const struct pk_scenario *sc,
			  const struct pk_workload *w, uint64_t item,
			  const int64_t *wall_s, uint64_t pick,
			  struct rw_key *k)
{
	v->service_queries->item_key_pick(v->key, sc, w, item, wall_s, pick,
					  k->id, v->service_queries->id_max,
					  &k->at);
}

const char *runway_id_path(const struct pk_result_variant *v)
{
	return v->id_path ? v->id_path : "/id";
}

int64_t runway_write_mru(const struct pk_result_variant *v, double mean)
{
	return v->service_queries->write_mru(v->service_state, (uint64_t)mean);
}

size_t runway_n_refs(const struct pk_result_variant *v,
		     const struct pk_scenario *sc)
{
	struct pk_key_reads kr;

	v->service_queries->key_reads(v->key, sc, &kr);
	return kr.n_refs;
}

/* Several streams: each stream's own property at r->prop's path into
   r->sprop, scount and snorm, and r->clock / r->unique when every stream
   that has one generates it so; 0 when they differ (the shares must then
   come from the run). */
static int stream_refs(const struct pk_scenario *sc, struct refinfo *r)
{
	const char *path = sc->props[r->prop].path;
	int kind = -1;
	size_t k, j;

	for (k = 0; k < sc->n_streams && k < PK_MAX_STREAMS; k++) {
		const struct pk_stream_spec *ss = &sc->streams[k];
		const struct pk_prop_spec *p = NULL;

		r->sprop[k] = -1;
		r->scount[k] = 1;
		r->snorm[k] = 1;
		for (j = ss->prop_first; j < ss->prop_first + ss->n_props;
		     j++) {
			if (strcmp(sc->props[j].path, path) == 0) {
				r->sprop[k] = (int)j;
				p = &sc->props[j];
				break;
			}
		}
		if (!p) {
			continue;
		}
		if (kind >= 0 && (int)p->kind != kind &&
		    (p->kind == PK_GEN_CLOCK || p->kind == PK_GEN_UNIQUE ||
		     kind == PK_GEN_CLOCK || kind == PK_GEN_UNIQUE)) {
			return 0;
		}
		kind = (int)p->kind;
		if (p->kind == PK_GEN_PATTERN || p->kind == PK_GEN_LIST) {
			r->scount[k] = p->count;
			r->snorm[k] = dist_norm(&p->dist, p->count);
		}
	}
	r->clock = kind == PK_GEN_CLOCK;
	r->unique = kind == PK_GEN_UNIQUE;
	return sc->n_streams <= PK_MAX_STREAMS;
}

void runway_refs_free(struct refinfo *refs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		runway_hash_free(&refs[i]);
	}
}

/* The key's references (refs[], n) and the share each value of a hashed
   or random part leaves one key value (*spread); 0 when the shares must
   come from the run; *whole_unique 1 when the key reads a unique
   property whole (every item its own logical partition). */
int runway_key_refs(const struct pk_result_variant *v,
		    const struct pk_scenario *sc, const struct pk_workload *w,
		    struct refinfo *refs, double *spread, int *whole_unique)
{
	struct pk_key_reads kr;
	size_t i;
	uint64_t radix = 1;

	v->service_queries->key_reads(v->key, sc, &kr);
	*spread = 1;
	*whole_unique = 0;
	memset(refs, 0, PK_QUERY_KEY_REFS * sizeof(*refs));
	for (i = 0; i < kr.n_refs; i++) {
		struct refinfo *r = &refs[i];

		r->prop = kr.prop[i];
		if (r->prop < 0 || (size_t)r->prop >= sc->n_props) {
			r->prop = -1;
			continue;
		}
		r->clock = sc->props[r->prop].kind == PK_GEN_CLOCK;
		r->unique = sc->props[r->prop].kind == PK_GEN_UNIQUE;
		if (sc->n_streams > 1 && !stream_refs(sc, r)) {
			return 0;
		}
		if (r->clock || r->unique) {
			continue;
		}
		r->count = workload_value_indexes(w, r->prop);
		if (r->count == 0 || radix > UINT64_MAX / r->count) {
			return 0;
		}
		if (!workload_value_norm(w, r->prop, &r->norm)) {
			r->norm = dist_norm(&sc->props[r->prop].dist, r->count);
		}
		if (kr.hash_mod[i] > 0) {
			runway_hash_classes(v, sc, w, i, r);
		}
		/* a value code counts a hashed property by its class */
		if (r->n_cls && radix > UINT64_MAX / r->n_cls) {
			return 0;
		}
		r->radix = radix;
		radix *= r->n_cls ? r->n_cls : r->count;
	}
	*spread = kr.spread;
	*whole_unique = kr.whole_unique;
	return 1;
}

/* Item i's share of its stream's new items (several streams): the
   product over the references of its own property's dist_chance, or its
   hash class's share of stream k (code[j], refinfo.scmass) */
static double stream_mass(const struct pk_scenario *sc,
			  const struct pk_workload *w,
			  const struct refinfo *refs, size_t n_refs,
			  double spread, size_t k, uint64_t i,
			  const uint64_t *code)
{
	double mass = spread;
	size_t j;

	for (j = 0; j < n_refs; j++) {
		int own;
		uint32_t idx;

		if (!refs[j].count) {
			continue;
		}
		if (refs[j].n_cls) {
			mass *= runway_class_mass(&refs[j], k, code[j]);
			continue;
		}
		workload_own_value(w, i, refs[j].prop, &own, &idx);
		if (own >= 0) {
			mass *=
			    dist_chance(&sc->props[own].dist, refs[j].scount[k],
					refs[j].snorm[k], idx);
		}
	}
	return mass;
}

/* Item i's share mass of stream k's new items (weight[k] its stream's
   share of all; several streams) into its group: its key less time at
   wall0, the item's own draw or (picked) candidate pick of its random
   parts (rule 38: each of them an equal share, spread already counts
   it) */
static void add_group(const struct pk_result_variant *v,
		      const struct pk_scenario *sc, const struct pk_workload *w,
		      uint64_t i, int64_t wall0, int picked, uint64_t pick,
		      size_t k, double mass, const double *weight,
		      struct rw_key *key, struct group **tab)
{
	const size_t ns = sc->n_streams > 1 ? sc->n_streams : 1;
	struct group *g;
	int fresh;

	if (picked) {
		runway_item_key_pick(v, sc, w, i, &wall0, pick, key);
	} else {
		runway_item_key(v, sc, w, i, &wall0, key);
	}
	if (key->at.status != 0) {
		return;
	}
	g = runway_group_get(tab, key->id, key->at.id_len, &fresh);
	if (ns > 1) {
		if (!g->smass) {
			g->smass = xcalloc(ns, sizeof(*g->smass));
		}
		g->smass[k] += mass;
		mass *= weight[k];
	}
	g->mass += mass;
	if (fresh) {
		g->item = i;
		g->w = w;
		g->picked = picked;
		g->pick = pick;
		/* the range of the item's own key value */
		if (picked) {
			runway_item_key_pick(v, sc, w, i, NULL, pick, key);
		} else {
			runway_item_key(v, sc, w, i, NULL, key);
		}
		g->range = runway_range_of(v, &key->at.epk);
	}
}

/* Item i's place in reference r's part of a value code: its value index
   (several streams: position), or its hash class when r keeps them
   (refinfo.n_cls) */
static uint64_t value_code(const struct pk_result_variant *v,
			   const struct pk_workload *w, const struct refinfo *r,
			   uint64_t i)
{
	if (r->n_cls) {
		return runway_value_class(v, w, r, i);
	}
	return workload_value_index(w, i, r->prop);
}

/* The groups from the distributions: every distinct value code among
   the items (with several streams, per stream), its mass, summed by key
   value less time. */
void runway_groups_from_dists(const struct pk_result_variant *v,
			      const struct pk_scenario *sc,
			      const struct pk_workload *w,
			      const struct refinfo *refs, double spread,
			      const double *weight, int64_t wall0, long only,
			      struct group **tab)
{
	const size_t n_refs = runway_n_refs(v, sc);
	const uint64_t ns = sc->n_streams > 1 ? sc->n_streams : 1;
	uint64_t n = workload_items(w), i, codes = 1, picks, pick;
	uint64_t part[PK_QUERY_KEY_REFS] = {0};
	unsigned char *bits = NULL;
	struct codeent *seen = NULL, *ce, *ctmp;
	struct rw_key key;
	size_t j;

	runway_key_init(v, &key);
	for (j = 0; j < n_refs; j++) {
		if (refs[j].count) {
			codes = refs[j].radix *
				(refs[j].n_cls ? refs[j].n_cls : refs[j].count);
		}
	}
	picks = runway_spread_values(v, sc);
	codes = codes > UINT64_MAX / ns ? UINT64_MAX : codes * ns;
	if (codes <= PK_RW_BITMAP_CODES) {
		bits = xcalloc((size_t)(codes / 8 + 1), 1);
	}
	for (i = 0; i < n; i++) {
		uint64_t code = 0;
		double mass = spread;
		size_t k = workload_item_stream(w, i);

		if (only >= 0 && k != (size_t)only) {
			continue;
		}
		for (j = 0; j < n_refs; j++) {
			if (refs[j].count) {
				part[j] = value_code(v, w, &refs[j], i);
				code += part[j] * refs[j].radix;
			}
		}
		code = code * ns + k;
		if (bits) {
			if (bits[code / 8] & (1u << (code % 8))) {
				continue;
			}
			bits[code / 8] |= (unsigned char)(1u << (code % 8));
		} else {
			HASH_FIND(hh, seen, &code, sizeof(code), ce);
			if (ce) {
				continue;
			}
			ce = xmalloc(sizeof(*ce));
			ce->code = code;
			HASH_ADD(hh, seen, code, sizeof(ce->code), ce);
		}
		for (j = 0; ns == 1 && j < n_refs; j++) {
			if (refs[j].count) {
				const struct pk_prop_spec *p =
				    &sc->props[refs[j].prop];

				mass *=
				    refs[j].n_cls
					? runway_class_mass(&refs[j], 0,
							    part[j])
					: dist_chance(&p->dist, refs[j].count,
						      refs[j].norm, part[j]);
			}
		}
		if (ns > 1) {
			mass = stream_mass(sc, w, refs, n_refs, spread, k, i,
					   part);
		}
		for (pick = 0; pick < picks; pick++) {
			add_group(v, sc, w, i, wall0, picks > 1, pick, k, mass,
				  weight, &key, tab);
		}
	}
	HASH_ITER(hh, seen, ce, ctmp)
	{
		HASH_DEL(seen, ce);
		free(ce);
	}
	free(bits);
	runway_key_free(&key);
}

/* Logical partitions placed a run at a time (pk_snapshot.lp_place) */
#define PK_RW_PLACE_RUN 64
/* x^-e for x below this is pow's own; above, a series from the nearest
   anchor below (x's top PK_RW_SERIES_BITS + 1 bits), so u = (x - a) / a
   < 2^-PK_RW_SERIES_BITS */
#define PK_RW_SERIES_BITS 8
#define PK_RW_SERIES_FROM (1u << (PK_RW_SERIES_BITS + 1))
/* Terms of the binomial series (1 + u)^-e kept: the first left out is at
   most C(e + 8, 8) u^8 < 165 x 2^-64, 1e-17, for e <= PK_RW_SERIES_MAX_E */
#define PK_RW_SERIES_TERMS 8
#define PK_RW_SERIES_MAX_E 4.0

/* x^-e for ascending integers x: pow once an anchor, then the binomial
   series, about 1e-15 relative off pow's (rounding in the sum) */
struct rw_series {
	double e;
	double c[PK_RW_SERIES_TERMS]; /* c[k] = binomial(-e, k) */
	uint64_t a;		      /* the anchor, 0 none yet */
	double a_pow, a_inv;	      /* a^-e, 1 / a */
};

static void series_init(struct rw_series *w, double e)
{
	int k;

	w->e = e;
	w->c[0] = 1.0;
	for (k = 1; k < PK_RW_SERIES_TERMS; k++) {
		w->c[k] = w->c[k - 1] * (-e - (double)(k - 1)) / (double)k;
	}
	w->a = 0;
}

static double series_pow(struct rw_series *w, uint64_t x)
{
	int b = 63 - __builtin_clzll(x) - PK_RW_SERIES_BITS;
	uint64_t a = x >> b << b;
	double u, sum;
	int k;

	if (a != w->a) {
		w->a = a;
		w->a_pow = 1.0 / pow((double)a, w->e);
		w->a_inv = 1.0 / (double)a;
	}
	u = (double)(x - a) * w->a_inv;
	sum = w->c[PK_RW_SERIES_TERMS - 1];
	for (k = PK_RW_SERIES_TERMS - 2; k >= 0; k--) {
		sum = sum * u + w->c[k];
	}
	return w->a_pow * sum;
}

/* The exponent of a power-law distribution the series may stand in
   for, or 0: Zipf's law (a zipfian's draw is not one past its first two
   ranks: dist_chances stands in for its pow calls) */
static double series_exponent(const struct pk_dist_spec *d)
{
	if (d->kind == PK_DIST_ZIPF && d->s <= PK_RW_SERIES_MAX_E) {
		return d->s;
	}
	return 0;
}

/* Value index i's share: by the series when e > 0, else dist_chances'
   (dist_chance, a series past a zipfian's first ranks when approx) */
static double value_mass(const struct pk_dist_spec *d, const struct refinfo *r,
			 struct rw_series *w, struct pk_dist_chances *c,
			 double e, int approx, uint64_t i)
{
	if (e > 0 && i + 1 >= PK_RW_SERIES_FROM) {
		return series_pow(w, i + 1) / r->norm;
	}
	if (approx) {
		return dist_chances_at(c, i);
	}
	return dist_chance(d, r->count, r->norm, i);
}

/* Each value's share into mass[] by logical partition (hit[] marks
   them, one[] holds the value index + 1 of each's one value, UINT32_MAX
   for several); 0 when a logical partition has several values and a
   series stands in (approx): their sum must be pow's. A logical
   partition of one value takes its exact share back after the pick
   (runway_exact_mass). */
static int value_shares(const struct pk_snapshot *s,
			const struct pk_dist_spec *d, const struct refinfo *r,
			double spread, int approx, double *mass, uint32_t *one)
{
	const double e = approx ? series_exponent(d) : 0;
	struct pk_dist_chances c;
	struct rw_series w;
	uint64_t i, k;

	series_init(&w, e);
	dist_chances_init(&c, d, r->count, r->norm);
	for (i = 0; i < s->n_value_lps; i++) {
		if (s->value_lps[i] == 0 || s->value_lps[i] > s->n_lps) {
			continue;
		}
		k = s->value_lps[i] - 1;
		if (one[k] != 0) {
			if (approx) {
				return 0;
			}
			one[k] = UINT32_MAX;
		} else {
			one[k] = (uint32_t)i + 1;
		}
		mass[k] += spread * value_mass(d, r, &w, &c, e, approx, i);
	}
	return 1;
}

int runway_groups_from_values(const struct pk_snapshot *s,
			      const struct pk_result_variant *v,
			      const struct pk_scenario *sc,
			      const struct refinfo *refs, double spread,
			      double each, struct rw_pick *p)
{
	const struct pk_dist_spec *d;
	struct pk_snapshot_lp_place at[PK_RW_PLACE_RUN];
	struct group g;
	double *mass;
	uint32_t *one;
	uint64_t i;
	int approx;

	if (!s->value_lps || !s->lp_place || runway_n_refs(v, sc) != 1 ||
	    runway_spread_values(v, sc) > 1 || refs[0].count == 0 ||
	    refs[0].n_cls || refs[0].count > UINT32_MAX - 1 ||
	    refs[0].prop != s->value_prop || s->n_value_lps != refs[0].count) {
		return 0;
	}
	d = &sc->props[refs[0].prop].dist;
	mass = xcalloc(s->n_lps ? s->n_lps : 1, sizeof(*mass));
	one = xcalloc(s->n_lps ? s->n_lps : 1, sizeof(*one));
	/* a key on one property is that value's: every value that reached
	   a logical partition adds its share to that one (the run holds no
	   value whose key was refused) */
	approx = series_exponent(d) > 0 || d->kind == PK_DIST_ZIPFIAN ||
		 d->kind == PK_DIST_LATEST;
	if (!value_shares(s, d, &refs[0], spread, approx, mass, one)) {
		memset(mass, 0, s->n_lps * sizeof(*mass));
		memset(one, 0, s->n_lps * sizeof(*one));
		value_shares(s, d, &refs[0], spread, 0, mass, one);
	}
	memset(&g, 0, sizeof(g));
	g.item = UINT64_MAX;
	for (i = 0; i < s->n_lps; i += PK_RW_PLACE_RUN) {
		size_t n = s->n_lps - i < PK_RW_PLACE_RUN
			       ? (size_t)(s->n_lps - i)
			       : PK_RW_PLACE_RUN;
		size_t j;

		s->lp_place(s->lps, i, n, at);
		for (j = 0; j < n; j++) {
			uint64_t k = i + j;

			if (one[k] == 0) {
				continue;
			}
			g.key = (unsigned char *)at[j].key;
			g.key_len = at[j].key_len;
			g.mass = mass[k];
			g.start = (double)at[j].preloaded_items * each;
			g.range =
			    at[j].range < v->n_ranges ? at[j].range : SIZE_MAX;
			g.value =
			    one[k] == UINT32_MAX ? UINT64_MAX : one[k] - 1;
			runway_pick_add(p, &g);
		}
	}
	free(one);
	free(mass);
	return 1;
}

void runway_exact_mass(const struct pk_scenario *sc, const struct refinfo *refs,
		       double spread, struct group *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (g[i].value != UINT64_MAX) {
			g[i].mass =
			    spread * dist_chance(&sc->props[refs[0].prop].dist,
						 refs[0].count, refs[0].norm,
						 g[i].value);
		}
	}
}

/* A weighted list's value and its weight (heavy_indexes) */
struct heavy {
	double w;
	uint64_t i;
};

/* The heavier first, then the lower index */
static int heavy_cmp(const void *a, const void *b)
{
	const struct heavy *x = a, *y = b;

	if (x->w != y->w) {
		return x->w < y->w ? 1 : -1;
	}
	return (x->i > y->i) - (x->i < y->i);
}

/* The value indexes of d over count values (norm its dist_norm) with
   the largest probability mass, heaviest first, at most max, into out;
   returns how many (0: every value weighs alike, or `latest`). A
   hotspot's values of one set weigh alike: the hotter set's, from its
   first index (the hot set 0 .., the cold one from count - 1 down). */
static size_t heavy_indexes(const struct pk_dist_spec *d, uint64_t count,
			    double norm, uint64_t *out, size_t max)
{
	size_t n = 0;
	struct heavy *all;
	uint64_t i;
	double top;

	switch (d->kind) {
	case PK_DIST_ZIPF:
	case PK_DIST_ZIPFIAN:
		for (i = 0; i < count && n < max; i++) {
			out[n++] = i;
		}
		return n;
	case PK_DIST_HOTSPOT:
		if (count < 2) {
			return 0;
		}
		top = dist_chance(d, count, norm, 0);
		if (top > dist_chance(d, count, norm, count - 1)) {
			for (i = 0; i < count && n < max &&
				    dist_chance(d, count, norm, i) == top;
			     i++) {
				out[n++] = i;
			}
		} else if (top < dist_chance(d, count, norm, count - 1)) {
			top = dist_chance(d, count, norm, count - 1);
			for (i = count;
			     i > 0 && n < max &&
			     dist_chance(d, count, norm, i - 1) == top;
			     i--) {
				out[n++] = i - 1;
			}
		}
		return n;
	case PK_DIST_WEIGHTED:
		if (d->n_weights != count || count < 2) {
			return 0;
		}
		all = xcalloc(count, sizeof(*all));
		for (i = 0; i < count; i++) {
			all[i].w = d->weights[i];
			all[i].i = i;
		}
		qsort(all, count, sizeof(*all), heavy_cmp);
		/* a list whose weights are all alike adds nothing */
		if (all[0].w > all[count - 1].w) {
			for (n = 0; n < count && n < max; n++) {
				out[n] = all[n].i;
			}
		}
		free(all);
		return n;
	default:
		return 0;
	}
}

size_t runway_groups_heavy(const struct pk_result_variant *v,
			   const struct pk_scenario *sc,
			   const struct pk_workload *w,
			   const struct refinfo *refs, double spread,
			   const uint32_t *reached, uint64_t n_reached,
			   struct group **tab)
{
	const struct pk_queries *q = v->service_queries;
	const struct pk_prop_spec *prop;
	uint64_t idx[PK_RUNWAY_CANDIDATES], at[PK_QUERY_KEY_REFS] = {0};
	struct rw_key key;
	struct group *g;
	size_t n, i, made = 0;
	int fresh;

	if (!q->value_key || !v->key || sc->n_streams > 1 ||
	    runway_n_refs(v, sc) != 1 || refs[0].prop < 0 ||
	    refs[0].count == 0 || refs[0].n_cls ||
	    runway_spread_values(v, sc) > 1 || workload_items(w) == 0) {
		return 0;
	}
	prop = &sc->props[refs[0].prop];
	n = heavy_indexes(&prop->dist, refs[0].count, refs[0].norm, idx,
			  PK_RUNWAY_CANDIDATES);
	runway_key_init(v, &key);
	for (i = 0; i < n; i++) {
		if (reached && idx[i] < n_reached && reached[idx[i]] != 0) {
			continue;
		}
		/* the key reads this one property alone */
		at[0] = idx[i];
		q->value_key(v->key, sc, w, at, key.id, q->id_max, &key.at);
		if (key.at.status != 0) {
			continue;
		}
		g = runway_group_get(tab, key.id, key.at.id_len, &fresh);
		if (!fresh) {
			continue;
		}
		g->mass = spread * dist_chance(&prop->dist, refs[0].count,
					       refs[0].norm, idx[i]);
		g->value = idx[i];
		g->item = UINT64_MAX;
		g->range = runway_range_of(v, &key.at.epk);
		made++;
	}
	runway_key_free(&key);
	return made;
}

/* The groups from the run: each logical partition's items written over
   all written (several streams, or a property the key reads not drawn
   from a distribution). */
void runway_groups_from_run(const struct pk_snapshot *s,
			    const struct pk_result_variant *v,
			    struct group **tab)
{
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	uint64_t all = 0;
	struct group *g, *tmp;
	int fresh;

	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		all += lp->items > lp->preloaded_items
			   ? lp->items - lp->preloaded_items
			   : 0;
	}
	result_lps_start(&r, s);
	while (all && (lp = result_lps_next(&r)) != NULL) {
		if (lp->items <= lp->preloaded_items) {
			continue;
		}
		g = runway_group_get(tab, lp->key, lp->key_len, &fresh);
		g->mass +=
		    (double)(lp->items - lp->preloaded_items) / (double)all;
		g->range = lp->range;
		g->item = UINT64_MAX;
	}
	(void)v;
	(void)tmp;
}

void runway_groups_counted(const struct pk_result_variant *v,
			   const struct pk_scenario *sc,
			   const struct pk_workload *w, const double *weight,
			   long only, struct group **tab)
{
	const size_t ns = sc->n_streams;
	uint64_t n = workload_items(w), i, all[PK_MAX_STREAMS] = {0};
	struct rw_key key;
	struct group *g, *tmp;
	size_t k;
	int fresh;

	runway_key_init(v, &key);
	for (i = 0; i < n; i++) {
		k = workload_item_stream(w, i);
		if (k >= ns || (only >= 0 && k != (size_t)only)) {
			continue;
		}
		runway_item_key(v, sc, w, i, NULL, &key);
		if (key.at.status != 0) {
			continue;
		}
		all[k]++;
		if (only < 0) {
			HASH_FIND(hh, *tab, key.id, key.at.id_len, g);
			fresh = 0;
		} else {
			g = runway_group_get(tab, key.id, key.at.id_len,
					     &fresh);
		}
		if (!g) {
			continue;
		}
		if (fresh) {
			g->range = runway_range_of(v, &key.at.epk);
			g->item = UINT64_MAX;
		}
		if (!g->smass) {
			g->smass = xcalloc(ns, sizeof(*g->smass));
		}
		g->smass[k] += 1;
		if (g->item == UINT64_MAX) {
			g->item = i;
			g->w = w;
		}
	}
	runway_key_free(&key);
	HASH_ITER(hh, *tab, g, tmp)
	{
		if (!g->smass) {
			g->smass = xcalloc(ns, sizeof(*g->smass));
		}
		g->mass = 0;
		for (k = 0; k < ns; k++) {
			if (all[k]) {
				g->smass[k] /= (double)all[k];
			}
			g->mass += g->smass[k] * weight[k];
		}
	}
}

/* The share of phase ps's batches whose items together pass the 2 MB a
   request may carry (PK_MAX_REQUEST_BYTES, D-LIMITS): the service refuses
   them whole (413). A fixed size exactly; sizes drawn (uniform, normal)
   by the normal approximation of their sum, n x the mean and n x the
   variance (ASSUMPTION: the central limit theorem, near enough for a
   sum of several; the normal's clamp to 1 B .. 2 MB left out) */
static double batch_too_large(const struct pk_phase_spec *ps)
{
	const struct pk_size_spec *z = &ps->item_size;
	const double n = (double)ps->batch_size;
	const double lim = (double)PK_MAX_REQUEST_BYTES;
	double mean, var, w;

	switch (z->kind) {
	case PK_SIZE_UNIFORM:
		/* rng_between's integers min .. max alike */
		w = (double)z->max_bytes - (double)z->min_bytes + 1.0;
		mean = ((double)z->min_bytes + (double)z->max_bytes) / 2.0;
		var = (w * w - 1.0) / 12.0;
		break;
	case PK_SIZE_NORMAL:
		mean = z->mean_bytes;
		var = z->stddev_bytes * z->stddev_bytes;
		break;
	default:
		return n * (double)z->bytes > lim ? 1.0 : 0.0;
	}
	if (var <= 0) {
		return n * mean > lim ? 1.0 : 0.0;
	}
	return 0.5 * erfc((lim - n * mean) / sqrt(2.0 * n * var));
}

double runway_batch_refused(const struct pk_result_variant *v,
			    const struct pk_scenario *sc,
			    const struct pk_phase_spec *ps)
{
	struct pk_key_reads kr;
	double n = (double)ps->batch_size, one = 1.0;

	if (ps->mix[PK_OP_BATCH] <= 0 || ps->batch_size <= 1) {
		return 0;
	}
	v->service_queries->key_reads(v->key, sc, &kr);
	if (kr.spread < 1.0) {
		one = pow(kr.spread, n - 1.0);
	}
	/* committed: in one key value and within the request's size */
	return ps->mix[PK_OP_BATCH] * n *
	       (1.0 - one * (1.0 - batch_too_large(ps)));
}

/* Preloaded bytes at t = 0, into the groups of those logical partitions */
void runway_preload_start(const struct pk_snapshot *s,
			  const struct pk_result_variant *v, struct group **tab)
{
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	struct group *g;
	double each;

	if (v->preload_items == 0) {
		return;
	}
	each = (double)v->preload_bytes / (double)v->preload_items;
	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		if (lp->preloaded_items == 0) {
			continue;
		}
		HASH_FIND(hh, *tab, lp->key, lp->key_len, g);
		if (g) {
			g->start = (double)lp->preloaded_items * each;
		}
	}
}
