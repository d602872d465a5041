/*
 * runway_latest: values drawn `distribution: latest` (runway.h): a key
 * on one property drawn so, and a pool of ids drawn so.
 *
 * rng.c brings value i (0-based, of n) into use at draw i + 1, and draw
 * j takes value i < m = min(j, n) with rank m - 1 - i of a zipfian over
 * the m in use, YCSB's SkewedLatestGenerator: rank 0 with 1 / zeta(m,
 * theta) exactly. After K >= n draws value i has been drawn
 *   E_i(K) = G_i + (K - n) p_i times,
 *   p_i = (n - i)^-theta / zeta(n, theta)   (its share once every value
 *                                           is in use: dist_chance),
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
 * A pool of ids drawn latest into one logical partition holds the ids
 * drawn at least once: sum_i (1 - prod_j (1 - P_j(i))) over ids i and
 * draws j, P_j(i) the chance draw j takes id i. Exactly that is O(n x
 * draws); runway_latest_distinct sums it with the draws' chances as the
 * generator makes them (Gray et al.'s inversion, ranks past 1 not quite
 * the zipfian's r^-theta, which the distinct ids feel), the first 1,024
 * draws id by id, then ids of about one age in blocks, stepped a part
 * of the draws made at a time, and once every id is in use in closed
 * form.
 *
 * Left out: before draw n a value's items are below the line (G_i is at
 * most about 1 + ln zeta(n) items, far below a cap of at least 10,240 of
 * the largest items), so a partition that fills must fill after every
 * value is in use; a range's RU/s bound meets the line's rate from t = 0
 * (ASSUMPTION: the values not yet in use take its writes meanwhile).
 */
#include "runway_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
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
		    dist_chance(&p->dist, refs[0].count, refs[0].norm, newest);
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
		share = dist_chance(&p->dist, n, refs[0].norm, at);
		/* the newest's G is its share exactly */
		g[i].start +=
		    mean * ((at == n - 1 ? share : drawn_in(s, theta, n, at)) -
			    (double)n * share);
	}
}

/* ---- a pool of ids drawn latest ---- */

/* Ids a block of ids of about one age holds at most, as a part of its
   youngest's age: their draws' rates then lie within about theta x
   this of one another (each block's mid id stands for them) */
#define PK_RW_LATEST_BLOCK (1.0 / 64)
/* A step of the draws moves them on by at most this part of those
   made: the draws' normaliser is taken at its middle */
#define PK_RW_LATEST_STEP (1.0 / 32)
/* A block's first draws after its youngest came into use, one by one
   (its rate per draw there changes fastest) */
#define PK_RW_LATEST_YOUNG 64

/* The draw as rng.c makes it (ZipfianGenerator, Gray et al.): ranks 0
   and 1 with 1 / zeta(m) and 2^-theta / zeta(m), and rank r >= 2
   with P(rank >= r) = (1 - (r / m)^(1 - theta)) / eta(m), eta(m) =
   (1 - (2 / m)^(1 - theta)) / (1 - zeta(2) / zeta(m)) (the inverse of
   its continuous draw); rank r is the value of age r + 1 */
struct lt_draw {
	double theta;
	double s[PK_RW_LATEST_EXACT + 1];
	double n;
};

/* P(rank >= r) with m values in use */
static double lt_tail(const struct lt_draw *t, double r, double m)
{
	const double zm = zeta_at(t->s, t->theta, m);
	double eta;

	if (r <= 0) {
		return 1;
	}
	if (r >= m) {
		return 0;
	}
	if (m <= 2 || r < 2) {
		return 1 - zeta_at(t->s, t->theta, r) / zm;
	}
	eta = -expm1((1 - t->theta) * log(2 / m)) / (1 - t->s[2] / zm);
	return -expm1((1 - t->theta) * log(r / m)) / eta;
}

/* The chance a draw with m in use takes the value of age a */
static double lt_p(const struct lt_draw *t, double a, double m)
{
	return lt_tail(t, a - 1, m) - lt_tail(t, a, m);
}

/* The draws' chances summed over ages (a0, a1], a0 >= 2, with m in
   use: the rank's tail, not cut at m (the age moves on with m) */
static double lt_ages(const struct lt_draw *t, double a0, double a1, double m)
{
	const double zm = zeta_at(t->s, t->theta, m);
	const double e = 1 - t->theta;
	double eta;

	if (m <= 2) {
		return (zeta_at(t->s, t->theta, a1) -
			zeta_at(t->s, t->theta, a0)) /
		       zm;
	}
	eta = -expm1(e * log(2 / m)) / (1 - t->s[2] / zm);
	return (pow(a1, e) - pow(a0, e)) * pow(m, -e) / eta;
}

/* Ids lo .. lo + c - 1, s the sum of the chances each is not drawn
   yet */
struct lt_block {
	double lo, c, s;
};

struct lt_blocks {
	struct lt_block *b; /* owned; youngest first */
	size_t n, cap;
};

static void lt_push(struct lt_blocks *bs, double lo, double c, double s)
{
	if (bs->n == bs->cap) {
		bs->cap = bs->cap ? bs->cap * 2 : 1024;
		bs->b = xreallocarray(bs->b, bs->cap, sizeof(*bs->b));
	}
	bs->b[bs->n].lo = lo;
	bs->b[bs->n].c = c;
	bs->b[bs->n].s = s;
	bs->n++;
}

/* The expected distinct ids after K draws (K <= n: K in use) and the
   next draw's chance of a new one, from the blocks */
static double lt_held(const struct lt_draw *t, const struct lt_blocks *bs,
		      double K, double *next)
{
	const double m = K + 1 <= t->n ? K + 1 : t->n;
	double miss = 0, nx = K + 1 <= t->n ? lt_p(t, 1, m) : 0;
	size_t j;

	for (j = 0; j < bs->n; j++) {
		const struct lt_block *b = &bs->b[j];

		miss += b->s;
		/* the block's chance at the next draw, its ids alike */
		nx += b->s *
		      (lt_tail(t, K - (b->lo + b->c - 1), m) -
		       lt_tail(t, K + 1 - b->lo, m)) /
		      b->c;
	}
	*next = nx;
	return (K < t->n ? K : t->n) - miss;
}

/* Draws K + 1 .. K2 (<= n): each block's ids drawn as its mid id is
   (one by one while it is young, then the ages' sum at the step's
   middle normaliser), and the ids they bring in put into blocks by age */
static void lt_step(const struct lt_draw *t, struct lt_blocks *bs, double K,
		    double K2)
{
	const double mid = (K + 1 + K2) / 2, dn = K2 - K;
	struct lt_blocks fresh = {NULL, 0, 0};
	double phi = 0, a = 1;
	size_t j;

	for (j = 0; j < bs->n; j++) {
		struct lt_block *b = &bs->b[j];
		const double im = b->lo + (b->c - 1) / 2;
		double k = K, lam = 0;

		while (k < K2 && k + 1 - im <= PK_RW_LATEST_YOUNG) {
			k++;
			lam -= log1p(-lt_p(t, k - im, k));
		}
		if (k < K2) {
			lam += lt_ages(t, k - im, K2 - im, (k + 1 + K2) / 2);
		}
		b->s *= exp(-lam);
	}
	/* the new ids: ages 1 .. dn at K2, each not drawn with e^phi(a),
	   phi(a) the sum of log(1 - p) over its draws at the middle */
	while (a <= dn) {
		double w = floor(a * PK_RW_LATEST_BLOCK), s = 0, x;

		w = w < 1 ? 1 : w;
		w = a + w - 1 > dn ? dn - a + 1 : w;
		if (a + w - 1 <= PK_RW_LATEST_EXACT) {
			for (x = a; x < a + w; x++) {
				phi += log1p(-lt_p(t, x, mid));
				s += exp(phi);
			}
		} else {
			/* past the exact ages each draw's chance is small:
			   the block at its middle age */
			s = w *
			    exp(phi - lt_ages(t, a - 1, a + (w - 1) / 2, mid));
			phi -= lt_ages(t, a - 1, a + w - 1, mid);
		}
		lt_push(&fresh, K2 - (a + w - 1), w, s);
		a += w;
	}
	/* youngest first: the new ones, then the rest merged where a block
	   stays within its youngest's age x PK_RW_LATEST_BLOCK */
	for (j = 0; j < bs->n; j++) {
		struct lt_block *p = &fresh.b[fresh.n - 1];
		const struct lt_block *b = &bs->b[j];

		if (b->lo + b->c == p->lo &&
		    p->c + b->c <=
			PK_RW_LATEST_BLOCK * (K2 - (p->lo + p->c - 1))) {
			p->lo = b->lo;
			p->c += b->c;
			p->s += b->s;
		} else {
			lt_push(&fresh, b->lo, b->c, b->s);
		}
	}
	free(bs->b);
	*bs = fresh;
}

double runway_latest_coolest(const struct pk_dist_spec *d, uint64_t n)
{
	struct lt_draw t;
	size_t i;

	t.theta = d->theta;
	t.n = (double)n;
	t.s[0] = 0;
	for (i = 1; i <= PK_RW_LATEST_EXACT; i++) {
		t.s[i] = t.s[i - 1] + pow((double)i, -t.theta);
	}
	return lt_tail(&t, (double)n - 1, (double)n);
}

/* The exact draws' figures after K draws from each id's chance not to
   be drawn yet (miss[0 .. min(K, n))): held ids, and the next draw's
   chance of a new one into *next */
static double lt_held_exact(const struct lt_draw *t, const double *miss,
			    double K, double *next)
{
	const double m = K + 1 <= t->n ? K + 1 : t->n;
	const size_t in_use = (size_t)(K < t->n ? K : t->n);
	double held = (double)in_use, nx = K + 1 <= t->n ? lt_p(t, 1, m) : 0;
	size_t i;

	for (i = 0; i < in_use; i++) {
		held -= miss[i];
		nx += miss[i] * lt_p(t, K + 1 - (double)i, m);
	}
	*next = nx;
	return held;
}

void runway_latest_distinct(const struct pk_dist_spec *d, uint64_t n, double x0,
			    double step, size_t npts, double *dd, double *ds)
{
	struct lt_draw t;
	struct lt_blocks bs = {NULL, 0, 0};
	const size_t exact =
	    n < PK_RW_LATEST_EXACT ? (size_t)n : PK_RW_LATEST_EXACT;
	double *miss = xcalloc(exact, sizeof(double));
	double K, held, next, x = x0;
	size_t k = 0, i;

	t.theta = d->theta;
	t.n = (double)n;
	t.s[0] = 0;
	for (i = 1; i <= PK_RW_LATEST_EXACT; i++) {
		t.s[i] = t.s[i - 1] + pow((double)i, -t.theta);
	}
	/* the first draws id by id: draw K brings id K - 1 in; a point
	   between draws K and K + 1 is K's held and the next's chance */
	for (K = 1; K <= (double)exact; K++) {
		miss[(size_t)K - 1] = 1;
		for (i = 0; i < (size_t)K; i++) {
			miss[i] *= 1 - lt_p(&t, K - (double)i, K);
		}
		for (; k < npts && (x = x0 * exp((double)k * step)) < K + 1;
		     k++) {
			held = lt_held_exact(&t, miss, K, &next);
			dd[k] = x < K ? x * held / K : held + (x - K) * next;
			ds[k] = x < K ? dd[k] : x * next;
		}
	}
	K = (double)exact;
	/* then in blocks of about one age, youngest first */
	for (i = exact; i > 0;) {
		const double age = K - (double)(i - 1);
		size_t w = (size_t)(age * PK_RW_LATEST_BLOCK), j;
		double s = 0;

		w = w < 1 ? 1 : w > i ? i : w;
		for (j = i - w; j < i; j++) {
			s += miss[j];
		}
		lt_push(&bs, (double)(i - w), (double)w, s);
		i -= w;
	}
	while (K < t.n) {
		double K2 = K + floor(K * PK_RW_LATEST_STEP);

		K2 = K2 > K + 1 ? K2 : K + 1;
		if (k < npts && floor(x0 * exp((double)k * step)) < K2) {
			/* land on the next point's draw */
			K2 = floor(x0 * exp((double)k * step));
			K2 = K2 > K + 1 ? K2 : K + 1;
		}
		K2 = K2 < t.n ? K2 : t.n;
		lt_step(&t, &bs, K, K2);
		K = K2;
		for (; k < npts && (x = x0 * exp((double)k * step)) < K + 1;
		     k++) {
			held = lt_held(&t, &bs, K, &next);
			dd[k] = held + (x - K) * next;
			ds[k] = x * next;
		}
	}
	/* every id in use: each block's ids drawn with their ranks' chance
	   at n, (1 - q)^(x - n) of its misses left */
	for (; k < npts; k++) {
		double miss_x = 0, slope = 0;

		x = x0 * exp((double)k * step);
		for (i = 0; i < bs.n; i++) {
			const struct lt_block *b = &bs.b[i];
			const double r1 = t.n - b->lo - b->c, r2 = t.n - b->lo;
			const double lq = log1p(
			    -(lt_tail(&t, r1, t.n) - lt_tail(&t, r2, t.n)) /
			    b->c);
			const double e = b->s * exp((x - t.n) * lq);

			miss_x += e;
			slope -= e * lq;
		}
		dd[k] = t.n - miss_x;
		ds[k] = x * slope;
	}
	free(miss);
	free(bs.b);
}
