/*
 * runway_renew: under time to live, one stream of one steady phase whose
 * upserts rewrite stored items (upsert_new < 1), in closed form
 * (runway_int.h, runway_renew, has where it applies).
 *
 * A rewriting upsert draws its target uniformly among every item its
 * stream has created (workload: targets drawn at the send; an item time
 * to live deleted stays a target). A target still living is replaced
 * (200): no item added, its lifetime renewed from now (rule 28: the
 * lifetime runs from the last write). One that expired is written anew
 * (201), taking an expired copy's place if it waits undeleted. With n
 * new items and w rewrites a second (bytes alike: each at the mean
 * item), a = w / n, the stream has created N = n t items by t, so each
 * is rewritten at w / N = a / t a second. Mean-field (each item's
 * rewrites a Poisson stream of that rate; the pool large):
 * - live at t > T (T the lifetime): the items created within T, n T,
 *   and of those created before, the ones rewritten within (t - T, t],
 *   1 - u^a with u = (t - T) / t: L(t) = n t (1 - u^(a + 1)); L = n t
 *   before T. It rises to (n + w) T, the level every write leaving a
 *   live item for T gives (what the hour steps take from the start);
 * - expiring at t: the writes of t - T not rewritten since, (n + w) u^a;
 * - deleted: the range's room D a second (the RU/s its requests leave
 *   at a write's charge, rule 28); once expiries pass it (from t0, u0^a
 *   = D / (n + w)) the expired wait (a pile P), and a rewrite of one
 *   (a / t of the pile a second) takes it back to life:
 *   P' = (n + w) u^a - D - a P / t, so with t^a as the integrating
 *   factor P(t) = [(n + w) ((t - T)^(a + 1) - (t0 - T)^(a + 1))
 *   - D (t^(a + 1) - t0^(a + 1))] / ((a + 1) t^a).
 * What it holds, L + P, only rises (before t0 L' > 0; after it S' = n +
 * w (1 - S / N) - D, and where S' = 0, S'' = w S N' / N^2 > 0), so its
 * fill is found by bisection. Against replays of 350 upserts/s of 10
 * KB, half new, at 6,000 RU/s: a 1-h ttl held 11,971,000,320 B at
 * 25,000 s and 13,972,869,120 B at 51,000 s (this: 11,973,427,200 and
 * 13,975,051,930); a 10-min ttl 5,316,884,480 B at 25,000 s (this:
 * 5,320,794,750, the pile rewrites take back included). Left out: a rate that
 * varies (schedules, several phases), writes the RU/s hold back, other
 * selects, deletes, replaces, id pools, several streams or lifetimes.
 */
#include <math.h>
#include <stdlib.h>

#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "runway_int.h"

/* Halvings of the horizon that find the fill second, about 1e-16 of it */
#define PK_RW_RENEW_HALVINGS 64

/* One candidate's steady rates, bytes a second, and its lifetime, s */
struct renew {
	double n, w; /* new items' writes, rewrites' */
	double a;    /* w / n */
	double life; /* T */
	double del;  /* what its range's room deletes, D */
	double t0;   /* the pile's start, s (HUGE_VAL: never) */
};

/* Live bytes at t: n t (1 - u^(a + 1)), u = (t - T) / t */
static double live(const struct renew *m, double t)
{
	if (t <= m->life) {
		return m->n * t;
	}
	return m->n * t * (1.0 - pow((t - m->life) / t, m->a + 1.0));
}

/* Expired bytes not yet deleted at t, the terms divided by t^a so that
   none overflows */
static double pile(const struct renew *m, double t)
{
	const double r = m->n + m->w, T = m->life, t0 = m->t0;

	if (!(t > t0)) {
		return 0;
	}
	return (r * (t - T) * pow((t - T) / t, m->a) -
		r * (t0 - T) * pow((t0 - T) / t, m->a) - m->del * t +
		m->del * t0 * pow(t0 / t, m->a)) /
	       (m->a + 1.0);
}

static double held(const struct renew *m, double t)
{
	return live(m, t) + pile(m, t);
}

/* Its growth at t, bytes a second */
static double growth(const struct renew *m, double t)
{
	const double r = m->n + m->w;
	double u;

	if (t <= m->life) {
		return m->n;
	}
	if (t > m->t0) {
		return m->n + m->w * (1.0 - held(m, t) / (m->n * t)) - m->del;
	}
	u = (t - m->life) / t;
	return m->n - r * pow(u, m->a) + m->w * pow(u, m->a + 1.0);
}

/* The stream's one phase when p is what this models, else NULL */
static const struct rphase *steady(const struct rw_proj *p)
{
	const struct rw_classes *cl = &p->cl;
	const struct rstream *st = p->st;
	const struct rphase *ph;

	if (!cl->ttl || p->ns != 1 || p->sc->n_streams != 1 || cl->n != 1 ||
	    cl->c[0].lives.n != 1 || cl->c[0].lives.never > 0 ||
	    cl->c[0].pool.n > 0 || p->dels.sent || p->dels.on ||
	    p->pool.nr > 0 || p->scale != 1.0 || p->time_key ||
	    p->sc->preload || st->client_ru > 0 || st->client_ops > 0 ||
	    st->n != 1) {
		return NULL;
	}
	ph = &st->ph[0];
	if (ph->ps->schedule || ph->bucket != 0 || ph->dels > 0 ||
	    ph->rewrites > 0 || !(ph->recreated > 0) ||
	    !(ph->adds - ph->recreated > 0) ||
	    ph->ps->select.kind != PK_DIST_UNIFORM) {
		return NULL;
	}
	return ph;
}

/* Candidate c's rates from its phase's second x (the hour steps' ph:
   every rewrite counted as a new item) into *m; 0 when its range holds
   its writes back or its RU/s is not known */
static int cand_rates(const struct rw_proj *p, const struct rphase *ph,
		      const struct stretch *x, const struct cand *c,
		      struct renew *m)
{
	const struct pk_result_variant *v = p->v;
	const double per_range = v->n_ranges ? 1.0 / (double)v->n_ranges : 1.0;
	const double share = c->range_ru * x->ru_scale;
	const double own = c->range_mass[0] > 0
			       ? fmin(1.0, c->mass[0] / c->range_mass[0])
			       : 1.0;
	const double rupb = x->bytes > 0 ? x->ru / x->bytes : 0;
	const double fresh = (ph->adds - ph->recreated) / ph->adds;
	double ru, r;

	ru = c->range_mass[0] * (x->ru + x->keyed) + x->spread * per_range +
	     x->find * c->find_share;
	if (!(c->range_ru > 0) || c->timed || c->bit.held || ru > share ||
	    !(rupb > 0) || !(c->mass[0] > 0)) {
		return 0;
	}
	m->n = c->mass[0] * x->bytes * fresh;
	m->w = c->mass[0] * x->bytes * (1.0 - fresh);
	m->a = m->w / m->n;
	m->life = p->cl.c[0].lives.s[0];
	m->del = (share - ru) * own / rupb;
	r = m->n + m->w;
	m->t0 = HUGE_VAL;
	if (m->del < r) {
		/* expiries pass the room where u^a = D / (n + w) */
		m->t0 =
		    m->life / (1.0 - pow(fmax(m->del, 0.0) / r, 1.0 / m->a));
	}
	return 1;
}

/* The second candidate m, holding start at t = 0, reaches room bytes
   (HUGE_VAL: not within the horizon) */
static double fill_at(const struct renew *m, double room)
{
	double lo = 0, hi = (double)PK_RUNWAY_HORIZON_S;
	int i;

	if (held(m, hi) < room) {
		return HUGE_VAL;
	}
	for (i = 0; i < PK_RW_RENEW_HALVINGS; i++) {
		const double mid = (lo + hi) / 2.0;

		if (held(m, mid) >= room) {
			hi = mid;
		} else {
			lo = mid;
		}
	}
	return hi;
}

void runway_renew(struct rw_proj *p)
{
	const double cap = (double)p->v->spec->lp_storage_bytes;
	const struct rphase *ph = steady(p);
	struct renew *m;
	struct stretch x;
	double first_t = HUGE_VAL, most = -1;
	struct cand *first = NULL, *most_c = NULL;
	int piles = 0;
	size_t j;

	p->renew = 0;
	if (!ph || p->n_c == 0) {
		return;
	}
	p->st[0].ph[0].cur_cycle = -1;
	if (!runway_stretch_walked(p->sc, &p->st[0], 0.0, 1.0, &x)) {
		return;
	}
	m = xcalloc(p->n_c, sizeof(*m));
	for (j = 0; j < p->n_c; j++) {
		if (!cand_rates(p, ph, &x, &p->c[j], &m[j])) {
			free(m);
			return;
		}
	}
	for (j = 0; j < p->n_c; j++) {
		struct cand *c = &p->c[j];
		const double room = cap - c->g->start;
		const double t = fill_at(&m[j], room);
		const double h = held(&m[j], (double)PK_RUNWAY_HORIZON_S);

		piles |= m[j].t0 < HUGE_VAL;
		if (t < first_t) {
			first_t = t;
			first = c;
		}
		if (h + c->g->start > most) {
			most = h + c->g->start;
			most_c = c;
		}
	}
	if (!first && !piles) {
		/* deletions keep up: it levels off at (n + w) T, the level
		   the hour steps found (approached from below) */
		free(m);
		return;
	}
	p->renew = 1;
	p->first = first;
	p->first_t = first ? first_t : HUGE_VAL;
	if (first) {
		const struct renew *k = &m[first - p->c];

		first->rate = growth(k, first_t);
		first->written = k->n + k->w;
	} else {
		/* its expired items pile up past the horizon */
		p->renew_c = most_c;
		p->renew_held = most;
	}
	free(m);
}
