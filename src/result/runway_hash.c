/*
 * runway_hash: the hash classes of a property a key reads only through
 * {hash(p) mod N} parts -- each class's share of the new items from
 * every value the property can take, drawn or not, by probability mass,
 * for one stream or each of several -- and the class of one item's
 * value (runway.h has the rules).
 */
#include "runway_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/rng.h"

/* Values of one property hashed one by one, at most: up to it every
   value exactly, each value's class kept when they all fit (64 MiB of
   class indexes); past it half of them the hottest values exactly and
   the rest sampled, one value a stratum (PK_RW_CLASS_VALUES / 2 strata
   of consecutive values), each standing for its stratum. A class of
   share p then comes out within about sqrt(p / 2^23) of it (0.07 % of
   a quarter), the work bounded whatever the pool. */
#define PK_RW_CLASS_VALUES (1ULL << 24)
/* The sample's seed (stream k's: + k): fixed, not the scenario's, so the
   figure is the same whatever seed the run drew with */
#define PK_RW_SAMPLE_SEED 0x5eed5a3b1e0c1a55ULL

/* The hash class of value index j of property prop under the key's
   reference ref into *c; returns the classes there are (0: none, or a
   value the workload cannot list) */
static uint64_t class_at(const struct pk_result_variant *v,
			 const struct pk_workload *w, size_t ref, int prop,
			 uint64_t j, uint64_t *c)
{
	char buf[PK_VALUE_MAX_BYTES];
	struct pk_value val;

	if (workload_value_at(w, prop, j, &val, buf, sizeof(buf))) {
		return 0;
	}
	return v->service_queries->hash_class(v->key, ref, &val, c);
}

/* One property's classes: its values' count and mass by class */
struct prop_cls {
	uint32_t *cls;	 /* each value's class (owned), or NULL */
	double *mass;	 /* n_cls: the probability mass of its values */
	double *count;	 /* n_cls: how many values it has */
	uint64_t n_cls;	 /* 0: none could be made */
	uint64_t hashed; /* values hashed */
};

/* Value j (weight its share of the pool, count the values it stands
   for) into o; 0 when its class cannot be made or the classes differ */
static int add_value(const struct pk_result_variant *v,
		     const struct pk_workload *w, size_t ref, int prop,
		     uint64_t j, double weight, double count,
		     struct prop_cls *o)
{
	uint64_t c, nc = class_at(v, w, ref, prop, j, &c);

	if (nc == 0 || nc > PK_RW_CLASS_VALUES ||
	    (o->n_cls && nc != o->n_cls)) {
		return 0;
	}
	if (!o->n_cls) {
		o->n_cls = nc;
		o->mass = xcalloc((size_t)nc, sizeof(*o->mass));
		o->count = xcalloc((size_t)nc, sizeof(*o->count));
	}
	o->mass[c] += weight;
	o->count[c] += count;
	if (o->cls) {
		o->cls[j] = (uint32_t)c;
	}
	o->hashed++;
	return 1;
}

static void prop_cls_free(struct prop_cls *o)
{
	free(o->cls);
	free(o->mass);
	free(o->count);
	memset(o, 0, sizeof(*o));
}

/* The sampled part [lo, hi) of a pool past PK_RW_CLASS_VALUES: strata of
   consecutive values, one drawn from each (PK_RW_SAMPLE_SEED), its share
   dist_chance x the stratum's values, the shares then scaled to the part's own
   mass (left: 1 less the exact part's) */
static int sample_part(const struct pk_result_variant *v,
		       const struct pk_workload *w, size_t ref, int prop,
		       const struct pk_dist_spec *d, uint64_t n, double norm,
		       uint64_t lo, uint64_t hi, double left, uint64_t seed,
		       struct prop_cls *o)
{
	const uint64_t strata = PK_RW_CLASS_VALUES / 2;
	const uint64_t span = hi - lo;
	double *was, sum = 0;
	struct pk_rng g;
	uint64_t s, c;

	if (!o->n_cls) {
		return 0;
	}
	/* the exact part's masses, the sampled part's scaled on top */
	was = xmalloc((size_t)o->n_cls * sizeof(*was));
	memcpy(was, o->mass, (size_t)o->n_cls * sizeof(*was));
	rng_seed(&g, seed);
	for (s = 0; s < strata; s++) {
		uint64_t a = lo + (uint64_t)((double)span * (double)s /
					     (double)strata),
			 b = lo + (uint64_t)((double)span * (double)(s + 1) /
					     (double)strata),
			 j;
		double m;

		if (s + 1 == strata) {
			b = hi;
		}
		if (b <= a) {
			continue;
		}
		j = a + rng_below(&g, b - a);
		m = dist_chance(d, n, norm, j) * (double)(b - a);
		if (!add_value(v, w, ref, prop, j, m, (double)(b - a), o)) {
			free(was);
			return 0;
		}
		sum += m;
	}
	for (c = 0; c < o->n_cls && sum > 0; c++) {
		o->mass[c] = was[c] + (o->mass[c] - was[c]) * left / sum;
	}
	free(was);
	return 1;
}

/* Property prop's classes under the key's reference ref (its n values
   drawn by d, norm dist_norm over them) into o: every value when n <=
   PK_RW_CLASS_VALUES (each's class kept when keep), else the hottest
   PK_RW_CLASS_VALUES / 2 exactly and the rest sampled (sample_part).
   0 (o empty) when some value has no class. */
static int prop_classes(const struct pk_result_variant *v,
			const struct pk_workload *w, size_t ref, int prop,
			const struct pk_dist_spec *d, uint64_t n, double norm,
			int keep, uint64_t seed, struct prop_cls *o)
{
	uint64_t j, head, h0;
	double exact = 0;

	memset(o, 0, sizeof(*o));
	if (n <= PK_RW_CLASS_VALUES) {
		o->cls = keep ? xmalloc((size_t)n * sizeof(*o->cls)) : NULL;
		for (j = 0; j < n; j++) {
			if (!add_value(v, w, ref, prop, j,
				       dist_chance(d, n, norm, j), 1, o)) {
				prop_cls_free(o);
				return 0;
			}
		}
		return 1;
	}
	head = PK_RW_CLASS_VALUES / 2;
	h0 = dist_hottest(d, n) == 0 ? 0 : n - head;
	for (j = h0; j < h0 + head; j++) {
		double m = dist_chance(d, n, norm, j);

		if (!add_value(v, w, ref, prop, j, m, 1, o)) {
			prop_cls_free(o);
			return 0;
		}
		exact += m;
	}
	if (!sample_part(v, w, ref, prop, d, n, norm, h0 == 0 ? head : 0,
			 h0 == 0 ? n : h0, 1.0 - exact, seed, o)) {
		prop_cls_free(o);
		return 0;
	}
	return 1;
}

/* Several streams: each stream's own property at r's path (refinfo
   sprop, scount, snorm), its classes into r->scmass[k] (and scls[k]
   when every stream's values together fit PK_RW_CLASS_VALUES); nothing
   kept when a stream has none there or their classes differ */
static void stream_classes(const struct pk_result_variant *v,
			   const struct pk_scenario *sc,
			   const struct pk_workload *w, size_t ref,
			   struct refinfo *r)
{
	struct prop_cls o[PK_MAX_STREAMS];
	uint64_t all = 0, nc = 0;
	size_t k, ns = sc->n_streams;
	int ok = 1;

	for (k = 0; k < ns; k++) {
		if (r->sprop[k] < 0) {
			return;
		}
		all += r->scount[k];
	}
	for (k = 0; k < ns; k++) {
		const struct pk_prop_spec *p = &sc->props[r->sprop[k]];

		if (!prop_classes(v, w, ref, r->sprop[k], &p->dist,
				  r->scount[k], r->snorm[k],
				  all <= PK_RW_CLASS_VALUES,
				  PK_RW_SAMPLE_SEED + k, &o[k]) ||
		    (nc && o[k].n_cls != nc)) {
			ok = 0;
			ns = k + (o[k].n_cls ? 1 : 0);
			break;
		}
		nc = o[k].n_cls;
	}
	for (k = 0; k < ns; k++) {
		if (ok) {
			r->scls[k] = o[k].cls;
			r->scmass[k] = o[k].mass;
			r->sccount[k] = o[k].count;
			o[k].cls = NULL;
			o[k].mass = NULL;
			o[k].count = NULL;
		}
		prop_cls_free(&o[k]);
	}
	r->n_cls = ok ? nc : 0;
}

void runway_hash_classes(const struct pk_result_variant *v,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w, size_t ref,
			 struct refinfo *r)
{
	struct prop_cls o;

	if (!v->service_queries->hash_class) {
		return;
	}
	r->ref = ref;
	if (sc->n_streams > 1) {
		stream_classes(v, sc, w, ref, r);
		return;
	}
	if (!prop_classes(v, w, ref, r->prop, &sc->props[r->prop].dist,
			  r->count, r->norm, 1, PK_RW_SAMPLE_SEED, &o)) {
		return;
	}
	r->cls = o.cls;
	r->cmass = o.mass;
	r->ccount = o.count;
	r->n_cls = o.n_cls;
}

uint64_t runway_value_class(const struct pk_result_variant *v,
			    const struct pk_workload *w,
			    const struct refinfo *r, uint64_t item)
{
	const size_t k = workload_item_stream(w, item);
	uint64_t c = 0;
	uint32_t idx;
	int prop = r->prop;

	if (r->scmass[0]) {
		workload_own_value(w, item, r->prop, &prop, &idx);
		if (k < PK_MAX_STREAMS && r->scls[k]) {
			return r->scls[k][idx];
		}
	} else {
		idx = workload_value_index(w, item, r->prop);
		if (r->cls) {
			return r->cls[idx];
		}
	}
	if (prop < 0 || class_at(v, w, r->ref, prop, idx, &c) == 0 ||
	    c >= r->n_cls) {
		return 0;
	}
	return c;
}

double runway_class_mass(const struct refinfo *r, size_t k, uint64_t c)
{
	const double *m = r->scmass[0] ? r->scmass[k] : r->cmass;

	return m && c < r->n_cls ? m[c] : 0;
}

void runway_hash_free(struct refinfo *r)
{
	size_t k;

	free(r->cls);
	free(r->cmass);
	free(r->ccount);
	r->cls = NULL;
	r->cmass = NULL;
	r->ccount = NULL;
	for (k = 0; k < PK_MAX_STREAMS; k++) {
		free(r->scls[k]);
		free(r->scmass[k]);
		free(r->sccount[k]);
		r->scls[k] = NULL;
		r->scmass[k] = NULL;
		r->sccount[k] = NULL;
	}
	r->n_cls = 0;
}
