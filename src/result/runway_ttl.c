/*
 * runway_ttl: the items' lifetimes under time to live for the runway
 * (rule 28; runway.h has the rules): the container's DefaultTimeToLive
 * for an item without a ttl of its own, the item's own ttl otherwise
 * (-1 never expires), nothing expiring with time to live off; and what
 * a logical partition has expired by a time, from its cumulative writes.
 */
#include "runway_int.h"

#include <math.h>
#include <string.h>

/* Values of a {A..B} ttl pattern read one by one; past it, evenly
   spaced ones stand for their neighbours (ASSUMPTION: the pmf changes
   little between them) */
#define PK_RW_LIVES_READ (1ULL << 20)

/* Add share f of the items living ttl (an item's own, or PK_TTL_OFF: the
   container's default def) to l, binned by lifetime in [lo, hi] */
static void lives_add(struct rw_lives *l, int64_t ttl, int64_t def, double f,
		      double lo, double hi)
{
	int64_t s = ttl == PK_TTL_OFF ? def : ttl;
	size_t b;

	if (!(f > 0)) {
		return;
	}
	if (s <= 0) {
		l->never += f;
		return;
	}
	l->min_s = l->min_s > 0 && l->min_s < (double)s ? l->min_s : (double)s;
	b = hi > lo ? (size_t)(((double)s - lo) / (hi - lo) * PK_RW_LIVES) : 0;
	b = b >= PK_RW_LIVES ? PK_RW_LIVES - 1 : b;
	l->s[b] += f * (double)s; /* a sum now, the bin's mean at the end */
	l->frac[b] += f;
}

/* The ttl of a generated value's text through ttl_of (the service's
   item_ttl), into *t: 0, or -1 when refused */
static int text_ttl(int (*ttl_of)(const struct pk_value *, int64_t *),
		    const char *text, int64_t *t)
{
	struct pk_value v;

	memset(&v, 0, sizeof(v));
	v.type = PK_VALUE_STRING;
	v.str = text;
	v.len = strlen(text);
	return ttl_of(&v, t);
}

/* The least and most lifetime (s) of the item ttls of p, and the
   default def */
static void lives_span(int (*ttl_of)(const struct pk_value *, int64_t *),
		       const struct pk_prop_spec *p, int64_t def, double *lo,
		       double *hi)
{
	*lo = *hi = (double)def;
	if (p && p->kind == PK_GEN_PATTERN) {
		*lo = (double)p->first;
		*hi = (double)(p->first + p->count - 1);
	} else if (p && p->kind == PK_GEN_LIST) {
		uint64_t i;

		for (i = 0; i < p->count; i++) {
			int64_t t;

			if (text_ttl(ttl_of, p->list[i], &t) == 0 && t > 0) {
				*lo =
				    i == 0 || (double)t < *lo ? (double)t : *lo;
				*hi =
				    i == 0 || (double)t > *hi ? (double)t : *hi;
			}
		}
		if (def > 0) {
			*lo = fmin(*lo, (double)def);
			*hi = fmax(*hi, (double)def);
		}
	}
}

void runway_lives_done(struct rw_lives *l)
{
	size_t b, n = 0;
	double all = 0, sum = 0;

	for (b = 0; b < PK_RW_LIVES; b++) {
		if (l->frac[b] > 0) {
			l->s[n] = l->s[b] / l->frac[b];
			l->frac[n] = l->frac[b];
			all += l->frac[n];
			sum += l->frac[n] * l->s[n];
			n++;
		}
	}
	for (b = n; b < PK_RW_LIVES; b++) {
		l->s[b] = l->frac[b] = 0;
	}
	l->n = n;
	l->mean_s = all > 0 ? sum / all : 0;
}

/* l's lifetimes times scale (real seconds a simulated one) */
static void lives_scale(struct rw_lives *l, double scale)
{
	size_t b;

	for (b = 0; b < l->n; b++) {
		l->s[b] *= scale;
	}
	l->mean_s *= scale;
	l->min_s *= scale;
}

void runway_lives(const struct pk_result_variant *v,
		  const struct pk_scenario *sc, size_t k, struct rw_lives *l)
{
	struct pk_scenario one;
	const struct pk_prop_spec *p;
	const int64_t def = v->spec ? v->spec->default_ttl_s : PK_TTL_OFF;
	int (*ttl_of)(const struct pk_value *, int64_t *) =
	    v->service_queries->item_ttl;
	double lo, hi, norm;
	uint64_t i, step;
	int64_t t;

	memset(l, 0, sizeof(*l));
	if (def == PK_TTL_OFF || !ttl_of) {
		return; /* time to live off: an item's own ttl does nothing */
	}
	runway_stream_view(sc, k, &one);
	p = scenario_find_prop(&one, "/ttl");
	lives_span(ttl_of, p, def, &lo, &hi);
	if (!p || p->kind == PK_GEN_CONST) {
		if (!p || ttl_of(&p->const_value, &t) != 0) {
			t = PK_TTL_OFF;
		}
		lives_add(l, t, def, 1.0, lo, hi);
	} else if (p->kind == PK_GEN_LIST || p->kind == PK_GEN_PATTERN) {
		norm = dist_norm(&p->dist, p->count);
		step =
		    p->count > PK_RW_LIVES_READ
			? (p->count + PK_RW_LIVES_READ - 1) / PK_RW_LIVES_READ
			: 1;
		for (i = 0; i < p->count; i += step) {
			double f =
			    dist_chance(&p->dist, p->count, norm, i) *
			    (double)(i + step <= p->count ? step
							  : p->count - i);

			if (p->kind == PK_GEN_PATTERN) {
				t = (int64_t)(p->first + i);
			} else if (text_ttl(ttl_of, p->list[i], &t) != 0) {
				t = PK_TTL_OFF;
			}
			lives_add(l, t, def, f, lo, hi);
		}
	} else {
		lives_add(l, PK_TTL_OFF, def, 1.0, lo, hi);
	}
	runway_lives_done(l);
	lives_scale(l, sc->time_scale > 0 ? sc->time_scale : 1.0);
}

void runway_lives_record(struct rw_lives *l, int64_t ttl, int64_t def, double f)
{
	/* bins of a data file's lifetimes: up to 2^31 s, by their log */
	int64_t s = ttl == PK_TTL_OFF ? def : ttl;

	if (s > 0) {
		double at = log((double)s) / log((double)PK_TTL_MAX_S) *
			    (double)(PK_RW_LIVES - 1);
		size_t b = (size_t)at;

		l->min_s =
		    l->min_s > 0 && l->min_s < (double)s ? l->min_s : (double)s;
		b = b >= PK_RW_LIVES ? PK_RW_LIVES - 1 : b;
		l->s[b] += f * (double)s;
		l->frac[b] += f;
	} else if (f > 0) {
		l->never += f;
	}
}
