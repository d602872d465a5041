/*
 * runway_ids: a logical partition whose items are rewritten among a
 * pool of ids (runway.h, finite ids): how many of the ids it may hold
 * under the key, and what new items sent to it hold (the distinct ids
 * drawn, each at the mean item: for ids drawn skewed, the expected
 * distinct ids under the draw's own probabilities, tabulated once); and
 * which of a data file's records repeat an id already stored under
 * their key.
 */
#include "runway_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/rng.h"

/* A skewed pool's ids in groups of about equal probability: a group's
   ids lie within this ratio of one another's (its mean taken for each:
   the error in the distinct ids is about the square of it over 24) */
#define PK_RW_SKEW_RATIO 0.01
/* A zipf-like rank whose weight is below this part of rank 1's is
   lumped with every rank past it: even 1e21 draws give each of them
   far less than one */
#define PK_RW_SKEW_TAIL 1e-30
/* The table's step in ln(draws): cubic Hermite interpolation in
   ln(draws) errs by about step^4 / 384 of the pool */
#define PK_RW_SKEW_STEP 0.125
/* The table starts where the hottest id's expected draws are this
   (the distinct ids there are the draws within a part of it) */
#define PK_RW_SKEW_LOW 1e-6
/* ... and ends where the coolest id's are this (e^-40 of it left
   undrawn), or at PK_RW_SKEW_MOST draws */
#define PK_RW_SKEW_HIGH 40.0
#define PK_RW_SKEW_MOST 1e21
/* Halvings that invert the table within a step: 2^-60 of it */
#define PK_RW_SKEW_HALVINGS 60

struct rw_skew {
	double x0;	 /* draws at the first point, > 0 */
	size_t n;	 /* points, >= 2 */
	double *d;	 /* owned; n: the expected distinct ids after
			    x0 e^(k step) draws */
	double *s;	 /* owned; n: their slope in ln(draws), ids */
	double hot;	 /* the hottest id's probability */
	size_t n_g;	 /* groups of ids of about one probability */
	double *g_count; /* owned; n_g: each group's ids */
	double *g_p;	 /* owned; n_g: the probability of each of them */
};

/* Groups of ids of about one probability: count ids of probability p
   each, lp = log1p(-p) */
struct skew_groups {
	size_t n, cap;
	double *count, *p, *lp;
};

static void groups_add(struct skew_groups *g, double count, double p)
{
	if (count <= 0) {
		return;
	}
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 256;
		g->count = xreallocarray(g->count, g->cap, sizeof(double));
		g->p = xreallocarray(g->p, g->cap, sizeof(double));
		g->lp = xreallocarray(g->lp, g->cap, sizeof(double));
	}
	g->count[g->n] = count;
	g->p[g->n] = p;
	g->n++;
}

/* The sum of r^-a over ranks lo .. hi - 1 (1-based): exactly for one
   rank, else the integral over [lo - 1/2, hi - 1/2] (the midpoint
   rule: within a(a + 1) / (24 lo^2) of the sum) */
static double rank_mass(uint64_t lo, uint64_t hi, double a)
{
	const double x0 = (double)lo - 0.5, x1 = (double)hi - 0.5;

	if (hi == lo + 1) {
		return pow((double)lo, -a);
	}
	if (fabs(a - 1.0) < 1e-12) {
		return log(x1 / x0);
	}
	return (pow(x1, 1.0 - a) - pow(x0, 1.0 - a)) / (1.0 - a);
}

/* A zipf-like draw over n ranks, rank r (1-based) of weight r^-a, in
   groups: ranks whose weights lie within PK_RW_SKEW_RATIO, each group's
   probability its mean; normalised by the groups' own sum */
static void groups_zipf(struct skew_groups *g, uint64_t n, double a)
{
	const double step = PK_RW_SKEW_RATIO / (a > 1.0 ? a : 1.0);
	double total = 0;
	uint64_t r = 1;
	size_t i;

	while (r <= n) {
		double w = floor((double)r * step);
		uint64_t hi;
		double m;

		if (pow((double)r, -a) < PK_RW_SKEW_TAIL) {
			hi = n + 1;
		} else {
			w = w < 1 ? 1 : w;
			hi = w >= (double)(n + 1 - r) ? n + 1 : r + (uint64_t)w;
		}
		m = rank_mass(r, hi, a);
		groups_add(g, (double)(hi - r), m / (double)(hi - r));
		total += m;
		r = hi;
	}
	for (i = 0; i < g->n; i++) {
		g->p[i] /= total;
	}
}

/* A zipfian draw over n ranks (theta), as rng.c draws it (YCSB's
   approximation of Zipf's law, dist_chance), in groups_zipf's groups:
   each group's chance its ranks' summed in closed form
   (dist_zipfian_tail), the first two ranks apart as the draw takes
   them; the chances sum to 1 */
static void groups_zipfian(struct skew_groups *g, const struct pk_dist_spec *d,
			   uint64_t n)
{
	const double step = PK_RW_SKEW_RATIO, norm = dist_norm(d, n);
	uint64_t r = 1;

	while (r <= n) {
		double w = floor((double)r * step);
		uint64_t hi;

		if (r <= 2) {
			hi = r + 1;
		} else if (pow((double)r, -d->theta) < PK_RW_SKEW_TAIL) {
			hi = n + 1;
		} else {
			w = w < 1 ? 1 : w;
			hi = w >= (double)(n + 1 - r) ? n + 1 : r + (uint64_t)w;
		}
		/* ranks r .. hi - 1, 1-based: 0-based r - 1 .. hi - 2 */
		groups_add(g, (double)(hi - r),
			   (dist_zipfian_tail(d->theta, n, norm, r - 1) -
			    dist_zipfian_tail(d->theta, n, norm, hi - 1)) /
			       (double)(hi - r));
		r = hi;
	}
}

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Weights given value by value: sorted, and runs within
   PK_RW_SKEW_RATIO of their first taken at their mean */
static void groups_weighted(struct skew_groups *g, const struct pk_dist_spec *d,
			    uint64_t n)
{
	const size_t m = d->n_weights < n ? d->n_weights : (size_t)n;
	double *w = xmalloc((m ? m : 1) * sizeof(double));
	double total = 0;
	size_t i = 0, j;

	for (j = 0; j < m; j++) {
		w[j] = d->weights[j];
		total += w[j];
	}
	qsort(w, m, sizeof(double), cmp_double);
	while (i < m) {
		double sum = 0;

		for (j = i; j < m && w[j] <= w[i] * (1.0 + PK_RW_SKEW_RATIO);
		     j++) {
			sum += w[j];
		}
		groups_add(g, (double)(j - i), sum / (double)(j - i) / total);
		i = j;
	}
	free(w);
}

/* The expected distinct ids of groups g after x draws, and their slope
   in ln(x) into *slope: sum of count (1 - (1 - p)^x), each draw
   independent */
static double groups_distinct(const struct skew_groups *g, double x,
			      double *slope)
{
	double d = 0, s = 0;
	size_t i;

	for (i = 0; i < g->n; i++) {
		const double e = x * g->lp[i];

		d -= g->count[i] * expm1(e);
		s -= g->count[i] * e * exp(e);
	}
	*slope = s;
	return d;
}

/* The table of a pool of n ids drawn `latest`: they come into use one
   a draw, so no fixed probabilities give it (runway_latest.c steps the
   draws as the generator makes them); from one draw (one id) to where
   the coolest id, once all are in use, expects PK_RW_SKEW_HIGH draws */
static struct rw_skew *latest_skew(const struct pk_dist_spec *d, uint64_t n)
{
	struct rw_skew *t = xcalloc(1, sizeof(*t));
	double x1 = (double)n + PK_RW_SKEW_HIGH / runway_latest_coolest(d, n);

	t->hot = 1.0; /* the first draw takes the one id in use */
	t->x0 = 1.0;
	x1 = x1 < PK_RW_SKEW_MOST ? x1 : PK_RW_SKEW_MOST;
	t->n = (size_t)ceil(log(x1 / t->x0) / PK_RW_SKEW_STEP) + 1;
	t->d = xmalloc(t->n * sizeof(double));
	t->s = xmalloc(t->n * sizeof(double));
	runway_latest_distinct(d, n, t->x0, PK_RW_SKEW_STEP, t->n, t->d, t->s);
	return t;
}

/* The table of d's pool of n ids (NULL when the draw is uniform,
   sequential or of one id: the closed forms) */
static struct rw_skew *skew_new(const struct pk_dist_spec *d, uint64_t n)
{
	struct skew_groups g = {0, 0, NULL, NULL, NULL};
	struct rw_skew *t;
	double lo = 1.0, hi = 0, x1;
	size_t i;

	if (n < 2) {
		return NULL;
	}
	switch (d->kind) {
	case PK_DIST_ZIPF:
		groups_zipf(&g, n, d->s);
		break;
	case PK_DIST_ZIPFIAN:
		groups_zipfian(&g, d, n);
		break;
	case PK_DIST_LATEST:
		return latest_skew(d, n);
	case PK_DIST_HOTSPOT: {
		const double p0 = dist_chance(d, n, 1.0, 0);
		const double p1 = dist_chance(d, n, 1.0, n - 1);
		const double hot =
		    p0 != p1 ? floor(d->hot_op_fraction / p0 + 0.5) : (double)n;

		if (hot >= (double)n) {
			return NULL;
		}
		groups_add(&g, hot, p0);
		groups_add(&g, (double)n - hot, p1);
		break;
	}
	case PK_DIST_WEIGHTED:
		groups_weighted(&g, d, n);
		break;
	default:
		return NULL;
	}
	for (i = 0; i < g.n; i++) {
		g.lp[i] = log1p(-g.p[i]);
		if (g.p[i] > 0) {
			lo = g.p[i] < lo ? g.p[i] : lo;
		}
		hi = g.p[i] > hi ? g.p[i] : hi;
	}
	t = xcalloc(1, sizeof(*t));
	t->hot = hi;
	t->x0 = PK_RW_SKEW_LOW / hi;
	x1 = PK_RW_SKEW_HIGH / lo;
	x1 = x1 < PK_RW_SKEW_MOST ? x1 : PK_RW_SKEW_MOST;
	x1 = x1 > t->x0 * 2 ? x1 : t->x0 * 2;
	t->n = (size_t)ceil(log(x1 / t->x0) / PK_RW_SKEW_STEP) + 1;
	t->d = xmalloc(t->n * sizeof(double));
	t->s = xmalloc(t->n * sizeof(double));
	for (i = 0; i < t->n; i++) {
		t->d[i] = groups_distinct(
		    &g, t->x0 * exp((double)i * PK_RW_SKEW_STEP), &t->s[i]);
	}
	/* the groups, for creates under time to live
	   (runway_pool_held_creates) */
	t->n_g = g.n;
	t->g_count = g.count;
	t->g_p = g.p;
	free(g.lp);
	return t;
}

void runway_skew_free(struct rw_skew *t)
{
	if (t) {
		free(t->d);
		free(t->s);
		free(t->g_count);
		free(t->g_p);
		free(t);
	}
}

/* The table's distinct ids after x draws, and d/dx of it into *dx
   (NULL: not kept): cubic Hermite in ln(x) between its points, linear
   from 0 below the first, the last past the end */
static double skew_at(const struct rw_skew *t, double x, double *dx)
{
	double u, a, b, h00, h10, h01, h11, v, dv;
	size_t k;

	if (x <= t->x0) {
		if (dx) {
			*dx = t->d[0] / t->x0;
		}
		return x <= 0 ? 0 : x * t->d[0] / t->x0;
	}
	u = log(x / t->x0) / PK_RW_SKEW_STEP;
	if (u >= (double)(t->n - 1)) {
		if (dx) {
			*dx = 0;
		}
		return t->d[t->n - 1];
	}
	k = (size_t)u;
	a = u - (double)k;
	b = 1.0 - a;
	h00 = (1.0 + 2.0 * a) * b * b;
	h10 = a * b * b;
	h01 = a * a * (3.0 - 2.0 * a);
	h11 = -a * a * b;
	v = h00 * t->d[k] + h01 * t->d[k + 1] +
	    PK_RW_SKEW_STEP * (h10 * t->s[k] + h11 * t->s[k + 1]);
	if (dx) {
		/* dv/da over step: the slope in ln(x); over x: in x */
		dv = 6.0 * a * b * (t->d[k + 1] - t->d[k]) / PK_RW_SKEW_STEP +
		     b * (1.0 - 3.0 * a) * t->s[k] +
		     a * (3.0 * a - 2.0) * t->s[k + 1];
		*dx = dv / x;
	}
	return v;
}

/* The draws after which t expects d distinct ids: HUGE_VAL at or past
   the table's last */
static double skew_draws(const struct rw_skew *t, double d)
{
	size_t lo = 0, hi = t->n - 1;
	double a = 0, b = 1;
	int i;

	if (d <= t->d[0]) {
		return d <= 0 ? 0 : d * t->x0 / t->d[0];
	}
	if (d >= t->d[t->n - 1]) {
		return HUGE_VAL;
	}
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (t->d[mid] <= d) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	for (i = 0; i < PK_RW_SKEW_HALVINGS; i++) {
		double m = (a + b) / 2;
		double x = t->x0 * exp(((double)lo + m) * PK_RW_SKEW_STEP);

		if (skew_at(t, x, NULL) < d) {
			a = m;
		} else {
			b = m;
		}
	}
	return t->x0 * exp(((double)lo + b) * PK_RW_SKEW_STEP);
}

/* How v's key reads the id: 0 not at all, 1 whole, else the N of the
   hash(id) mod N parts it is read through only (by path: each stream
   has its own /id) */
static uint64_t key_reads_id(const struct pk_result_variant *v,
			     const struct pk_scenario *sc)
{
	struct pk_key_reads kr;
	uint64_t how = 0;
	size_t i;

	v->service_queries->key_reads(v->key, sc, &kr);
	for (i = 0; i < kr.n_refs && i < PK_QUERY_KEY_REFS; i++) {
		if (kr.prop[i] < 0 || (size_t)kr.prop[i] >= sc->n_props ||
		    strcmp(sc->props[kr.prop[i]].path, runway_id_path(v)) !=
			0) {
			continue;
		}
		if (kr.hash_mod[i] == 0) {
			return 1;
		}
		how = how == 0 || kr.hash_mod[i] < how ? kr.hash_mod[i] : how;
	}
	return how;
}

/* The ids of the most numerous hash class of r (its values' classes,
   runway_key_refs; several streams, stream k's own), 0 when r has none */
static uint64_t class_most(const struct refinfo *r, size_t k)
{
	const double *n = r->scmass[0] ? r->sccount[k] : r->ccount;
	double most = 0;
	uint64_t j;

	if (!n || r->n_cls == 0) {
		return 0;
	}
	for (j = 0; j < r->n_cls; j++) {
		most = n[j] > most ? n[j] : most;
	}
	return (uint64_t)llround(most);
}

/* The ids one logical partition of v's key holds at most when the key
   reads the id only through hash(id) mod N parts: the most of any one
   hash class of stream k's own ids, each id hashed as the key hashes
   it (refs' classes); 0 when refs hold no classes for it */
static uint64_t ids_hashed_most(const struct pk_result_variant *v,
				const struct pk_scenario *sc,
				const struct refinfo *refs, size_t k)
{
	struct pk_key_reads kr;
	uint64_t most = 0, m;
	size_t i;

	if (!refs) {
		return 0;
	}
	v->service_queries->key_reads(v->key, sc, &kr);
	for (i = 0; i < kr.n_refs && i < PK_QUERY_KEY_REFS; i++) {
		if (kr.prop[i] < 0 || (size_t)kr.prop[i] >= sc->n_props ||
		    strcmp(sc->props[kr.prop[i]].path, runway_id_path(v)) !=
			0 ||
		    kr.hash_mod[i] == 0) {
			continue;
		}
		m = class_most(&refs[i], k);
		if (m == 0) {
			return 0;
		}
		most = most == 0 || m < most ? m : most;
	}
	return most;
}

/* 1 when v's key gives every item one value: each property it reads
   (refs, runway_key_refs') of one value, no random part (NULL refs:
   not known, 0) */
static int one_value(const struct pk_result_variant *v,
		     const struct pk_scenario *sc, const struct refinfo *refs)
{
	size_t i, n = runway_n_refs(v, sc);

	if (!refs || runway_spread_values(v, sc) > 1 ||
	    runway_random_values(v) > 1) {
		return 0;
	}
	for (i = 0; i < n && i < PK_QUERY_KEY_REFS; i++) {
		if (refs[i].prop >= 0 &&
		    (refs[i].clock || refs[i].unique || refs[i].count > 1)) {
			return 0;
		}
	}
	return 1;
}

/* The largest item stream one's phases write, and any phase of sc's
   that replaces (its target drawn from every stream's stored items at
   the send, a pool's among them), bytes */
static double largest_item(const struct pk_scenario *one,
			   const struct pk_scenario *sc)
{
	double most = 0;
	size_t i;

	for (i = 0; i < one->n_phases; i++) {
		double l = runway_largest_size(&one->phases[i].item_size);

		most = l > most ? l : most;
	}
	for (i = 0; i < sc->n_phases; i++) {
		double l = runway_largest_size(&sc->phases[i].item_size);

		if (sc->phases[i].mix[PK_OP_REPLACE] > 0) {
			most = l > most ? l : most;
		}
	}
	return most;
}

/* 1 when stream one writes by creates alone: a phase that writes
   creates and none upserts, replaces, deletes or batches */
static int creates_only(const struct pk_scenario *one)
{
	int creates = 0;
	size_t i;

	for (i = 0; i < one->n_phases; i++) {
		const struct pk_phase_spec *ps = &one->phases[i];

		if (ps->mix[PK_OP_UPSERT] > 0 || ps->mix[PK_OP_REPLACE] > 0 ||
		    ps->mix[PK_OP_DELETE] > 0 || ps->mix[PK_OP_BATCH] > 0) {
			return 0;
		}
		creates |= ps->mix[PK_OP_CREATE] > 0;
	}
	return creates;
}

int runway_id_pool(const struct pk_result_variant *v,
		   const struct pk_scenario *sc, const struct refinfo *refs,
		   size_t k, double factor, struct id_pool *pool,
		   struct pk_runway *rw)
{
	const double cap = (double)v->spec->lp_storage_bytes;
	struct pk_scenario one;
	const struct pk_prop_spec *idp;
	double largest;
	uint64_t how, n, exact;

	pool->n = pool->mean = 0;
	pool->seq = 0;
	pool->skew = NULL;
	pool->creates = 0;
	runway_stream_view(sc, k, &one);
	idp = scenario_find_prop(&one, runway_id_path(v));
	if (!idp || (idp->kind != PK_GEN_PATTERN && idp->kind != PK_GEN_LIST)) {
		return 0;
	}
	pool->creates = creates_only(&one);
	how = key_reads_id(v, sc);
	exact = how > 1 ? ids_hashed_most(v, sc, refs, k) : 0;
	n = how == 0   ? idp->count
	    : how == 1 ? 1
	    : exact    ? exact
		       : (idp->count + how - 1) / how;
	largest = largest_item(&one, sc) * factor;
	pool->n = (double)n;
	pool->mean = runway_mean_item(&one) * factor;
	pool->seq = idp->dist.kind == PK_DIST_SEQUENTIAL;
	if (how == 0 &&
	    (idp->dist.kind != PK_DIST_LATEST || one_value(v, sc, refs))) {
		/* every id in one logical partition: the draw's own
		   probabilities (a key reading the id whole gives each its
		   own; one reading a hash of it leaves the pool uniform,
		   which the guard refuses for a skewed draw); ids drawn
		   latest only where that partition takes every draw, as
		   the table counts them */
		pool->skew = skew_new(&idp->dist, idp->count);
		rw->latest = idp->dist.kind == PK_DIST_LATEST && idp->count > 1
				 ? idp->count
				 : rw->latest;
	}
	if (pool->n * largest < cap || pool->n * pool->mean < cap) {
		rw->ids = n;
		rw->ids_pool = idp->count;
		rw->ids_mod = how > 1 ? how : 0;
		rw->ids_exact = exact > 0;
		rw->ids_mean = pool->n * largest >= cap;
		rw->bound_bytes =
		    pool->n * (rw->ids_mean ? pool->mean : largest);
		return 1;
	}
	return 0;
}

double runway_pool_new_bytes(const struct id_pool *p, double room)
{
	double all = p->n * p->mean;

	if (p->n <= 0 || room <= 0) {
		return room;
	}
	if (p->skew) {
		return p->mean * skew_draws(p->skew, room / p->mean);
	}
	if (room >= all) {
		return HUGE_VAL;
	}
	return p->seq ? room : -all * log1p(-room / all);
}

double runway_pool_held(const struct id_pool *p, double sent)
{
	double all = p->n * p->mean;

	if (p->n <= 0) {
		return sent;
	}
	if (p->skew) {
		return p->mean * skew_at(p->skew, sent / p->mean, NULL);
	}
	if (p->seq) {
		return sent < all ? sent : all;
	}
	return all * -expm1(-sent / all);
}

double runway_pool_held_creates(const struct id_pool *p, double sent)
{
	const double all = p->n * p->mean;
	double n, held = 0;
	size_t i;

	if (p->n <= 0 || p->seq) {
		return -1;
	}
	if (sent <= 0) {
		return 0;
	}
	if (!p->skew) {
		return all * sent / (all + sent);
	}
	n = sent / p->mean;
	for (i = 0; i < p->skew->n_g; i++) {
		const double np = n * p->skew->g_p[i];

		held += p->skew->g_count[i] * np / (1.0 + np);
	}
	return p->mean * held;
}

double runway_pool_growth(const struct id_pool *p, int raw, double held)
{
	double dx;

	if (p->n <= 0 || p->seq || raw) {
		return 1.0;
	}
	if (p->skew) {
		double x = skew_draws(p->skew, held / p->mean);

		if (isinf(x)) {
			return 0;
		}
		skew_at(p->skew, x, &dx);
		return dx;
	}
	return 1.0 - held / (p->n * p->mean);
}

/* Codes a set holds at most per slot before it doubles: half full */
#define PK_RW_IDSET_LOAD 2

uint64_t runway_id_code(const unsigned char *key, size_t key_len,
			const char *id, size_t id_len)
{
	/* FNV-1a, 64 bits, over the key's bytes, a 0 and the id's */
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < key_len; i++) {
		h = (h ^ key[i]) * 1099511628211ULL;
	}
	h = (h ^ 0) * 1099511628211ULL;
	for (i = 0; i < id_len; i++) {
		h = (h ^ (unsigned char)id[i]) * 1099511628211ULL;
	}
	return h;
}

/* Place code in s's slots (room for it), 1 when it was not there */
static int idset_put(struct rw_idset *s, uint64_t code)
{
	size_t at = (size_t)(code ^ (code >> 29)) & (s->cap - 1);

	while (s->slot[at] != 0) {
		if (s->slot[at] == code) {
			return 0;
		}
		at = (at + 1) & (s->cap - 1);
	}
	s->slot[at] = code;
	s->n++;
	return 1;
}

int runway_idset_add(struct rw_idset *s, uint64_t code)
{
	if (code == 0) {
		int fresh = !s->zero;

		s->zero = 1;
		return fresh;
	}
	if ((s->n + 1) * PK_RW_IDSET_LOAD > s->cap) {
		struct rw_idset g = {NULL, s->cap ? s->cap * 2 : 1024, 0,
				     s->zero};
		size_t i;

		g.slot = xcalloc(g.cap, sizeof(*g.slot));
		for (i = 0; i < s->cap; i++) {
			if (s->slot[i] != 0) {
				idset_put(&g, s->slot[i]);
			}
		}
		free(s->slot);
		*s = g;
	}
	return idset_put(s, code);
}

void runway_idset_free(struct rw_idset *s)
{
	free(s->slot);
	memset(s, 0, sizeof(*s));
}
