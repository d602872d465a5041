/*
 * runway_items: what an item is and how long it lives, stream by stream
 * (runway.h: finite ids, time to live). Each stream's items have their
 * own lifetimes (its ttl property, else the container's default_ttl)
 * and their own ids (a pool of its own, or new ones each write); the
 * streams alike in both make one class. A logical partition holds each
 * class's writes less those expired and deleted (oldest first, as far
 * as its range's unused RU/s lets), a pool's deduped over its ids; its
 * level is the classes' sum, per bucket of a time key.
 */
#include "runway_int.h"

#include <math.h>
#include <string.h>

#include "pksim/base/mem.h"

/* The least rw_store.k before its writes are scaled back over 1 */
#define PK_RW_K_LEAST 1e-200

/* Halvings that find where a step's holdings cross the cap: 2^-60 of
   the step, below a double's resolution of it */
#define PK_RW_CROSS_HALVINGS 60

void runway_stream_view(const struct pk_scenario *sc, size_t k,
			struct pk_scenario *one)
{
	*one = *sc;
	if (k < sc->n_streams) {
		const struct pk_stream_spec *st = &sc->streams[k];

		one->props = sc->props + st->prop_first;
		one->n_props = st->n_props;
		one->phases = sc->phases + st->phase_first;
		one->n_phases = st->n_phases;
	}
}

/* The class of lifetimes l and pool p in cl, added when new */
static size_t class_of(struct rw_classes *cl, const struct rw_lives *l,
		       const struct id_pool *p)
{
	size_t j;

	for (j = 0; j < cl->n; j++) {
		const struct id_pool *q = &cl->c[j].pool;

		/* the pool by its fields: its padding is not set */
		if (memcmp(&cl->c[j].lives, l, sizeof(*l)) == 0 &&
		    q->n == p->n && q->mean == p->mean && q->seq == p->seq &&
		    q->skew == p->skew && q->creates == p->creates) {
			return j;
		}
	}
	cl->c[j].lives = *l;
	cl->c[j].pool = *p;
	cl->n++;
	return j;
}

/* Whether stream k of sc adds items at a rate in some phase */
static int stream_adds(const struct pk_scenario *sc, size_t k)
{
	struct pk_scenario one;
	size_t i;

	runway_stream_view(sc, k, &one);
	for (i = 0; i < one.n_phases; i++) {
		if (runway_phase_adds(&one.phases[i]) > 0 &&
		    (one.phases[i].rate_per_s > 0 || one.phases[i].schedule)) {
			return 1;
		}
	}
	return 0;
}

int runway_classes(const struct pk_result_variant *v,
		   const struct pk_scenario *sc, const struct refinfo *refs,
		   double factor, const double *weight, struct rw_classes *cl,
		   struct pk_runway *rw)
{
	const double cap = (double)v->spec->lp_storage_bytes;
	const size_t ns = sc->n_streams ? sc->n_streams : 1;
	double life = 0, expiring = 0, bounded = 0, first_s = 0;
	uint64_t ids = 0, pool_ids = 0;
	int all_bounded = 1, writers = 0;
	size_t k, b;

	memset(cl, 0, sizeof(*cl));
	for (k = 0; k < ns && k < PK_MAX_STREAMS; k++) {
		struct rw_lives l;
		struct id_pool p;
		struct pk_runway one;
		const double wk = weight ? weight[k] : 1.0;
		int adds = stream_adds(sc, k), in_pool;

		memset(&one, 0, sizeof(one));
		runway_lives(v, sc, k, &l);
		in_pool = runway_id_pool(v, sc, refs, k, factor, &p, &one);
		if (p.skew) {
			/* the pool's table, kept while cl is */
			cl->skews[cl->n_skews++] = p.skew;
		}
		/* ids drawn latest, stepped by the table (runway_latest.c) */
		rw->latest = adds && one.latest ? one.latest : rw->latest;
		if (in_pool) {
			bounded += adds ? one.bound_bytes : 0;
			ids += adds ? one.ids : 0;
			pool_ids += adds ? one.ids_pool : 0;
			if (adds && writers == 0) {
				rw->ids_mod = one.ids_mod;
				rw->ids_mean = one.ids_mean;
				rw->ids_exact = one.ids_exact;
			}
		} else {
			all_bounded &= !adds;
		}
		writers += adds;
		if (!adds) {
			/* a stream that adds no item (replaces only) rewrites
			   stored items drawn from every stream's at the send,
			   not its own pool's: its pool bounds nothing */
			memset(&p, 0, sizeof(p));
		}
		cl->of[k] = class_of(cl, &l, &p);
		cl->ttl |= l.n > 0;
		for (b = 0; b < l.n; b++) {
			life += wk * l.frac[b] * l.s[b];
			expiring += wk * l.frac[b];
			cl->mixed |= first_s > 0 && l.s[b] != first_s;
			first_s = first_s > 0 ? first_s : l.s[b];
		}
	}
	cl->mean_s = expiring > 0 ? life / expiring : 0;
	if (writers > 0 && all_bounded && bounded < cap) {
		/* every stream's items rewritten among its own pool: their
		   pools' most together (ASSUMPTION: two streams' pools are
		   different ids, so this errs high) */
		rw->kind = PK_RUNWAY_IDS;
		rw->ids = ids;
		rw->ids_pool = pool_ids;
		rw->bound_bytes = bounded;
		return 1;
	}
	return 0;
}

void runway_classes_free(struct rw_classes *cl)
{
	size_t i;

	for (i = 0; i < cl->n_skews; i++) {
		runway_skew_free(cl->skews[i]);
		cl->skews[i] = NULL;
	}
	cl->n_skews = 0;
}

double runway_classes_untimed(struct rw_classes *cl)
{
	struct rw_classes was = *cl;
	double min_s = 0;
	size_t j, k;

	if (was.n == 0) {
		return 0;
	}
	memset(cl, 0, sizeof(*cl));
	/* the tables stay cl's */
	memcpy(cl->skews, was.skews, sizeof(cl->skews));
	cl->n_skews = was.n_skews;
	for (j = 0; j < was.n; j++) {
		const struct rw_lives *l = &was.c[j].lives;

		if (l->n > 0 && (min_s <= 0 || l->min_s < min_s)) {
			min_s = l->min_s;
		}
		memset(&was.c[j].lives, 0, sizeof(was.c[j].lives));
	}
	for (k = 0; k < PK_MAX_STREAMS; k++) {
		j = was.of[k] < was.n ? was.of[k] : 0;
		cl->of[k] = class_of(cl, &was.c[j].lives, &was.c[j].pool);
	}
	return min_s;
}

void runway_store_init(struct rw_store *s, const struct rw_classes *cl,
		       int64_t steps, size_t n_slots)
{
	size_t j;

	memset(s, 0, sizeof(*s));
	s->n_slots = n_slots ? n_slots : 1;
	s->k = s->step_keep = 1.0;
	for (j = 0; j < cl->n; j++) {
		s->slot[j] = xcalloc(s->n_slots, sizeof(double));
		if (cl->c[j].lives.n > 0) {
			s->cum[j] = xcalloc((size_t)steps + 1, sizeof(double));
		}
	}
}

void runway_store_free(struct rw_store *s)
{
	size_t j;

	for (j = 0; j < PK_MAX_STREAMS; j++) {
		free(s->slot[j]);
		free(s->cum[j]);
	}
	memset(s, 0, sizeof(*s));
}

void runway_store_clear(struct rw_store *s, const struct rw_classes *cl,
			int slot)
{
	size_t j;

	for (j = 0; j < cl->n; j++) {
		s->slot[j][slot] = 0;
	}
}

/* cum at workload time t of steps ending on the clock's whole hours
   (off: seconds past one at t = 0), linear within a step */
static double cum_at(const double *cum, double t, int64_t off)
{
	int64_t q;
	double a, e;

	if (t <= 0) {
		return 0;
	}
	q = (int64_t)((t + (double)off) / PK_RUNWAY_STEP_S);
	a = q == 0 ? 0.0 : (double)(q * PK_RUNWAY_STEP_S - off);
	e = (double)((q + 1) * PK_RUNWAY_STEP_S - off);
	return cum[q] + (t - a) / (e - a) * (cum[q + 1] - cum[q]);
}

double runway_class_expiring(const struct rw_classes *cl, size_t j, double x)
{
	const struct id_pool *p = &cl->c[j].pool;

	return p->n > 0 ? runway_pool_growth(p, 0, runway_pool_held(p, x))
			: 1.0;
}

double runway_store_pending(struct rw_store *s, const struct rw_classes *cl,
			    int64_t h, const double *first, double t1,
			    int64_t off)
{
	double pend = 0;
	size_t j, b;

	for (j = 0; j < cl->n; j++) {
		double *cum = s->cum[j];

		if (!cum) {
			continue;
		}
		cum[h + 1] =
		    cum[h] + (h > 0 ? cum[h] - cum[h - 1] : first[j] / s->k);
		for (b = 0; b < cl->c[j].lives.n; b++) {
			double to =
			    fmin(cum[h + 1],
				 cum_at(cum, t1 - cl->c[j].lives.s[b], off));

			if (to > s->del_at[j][b]) {
				pend +=
				    cl->c[j].lives.frac[b] *
				    (to - s->del_at[j][b]) *
				    runway_class_expiring(cl, j, s->slot[j][0]);
			}
		}
	}
	return pend * s->k;
}

/* Workload time at which class j's writes reached cum value x (its
   deletion frontier for lifetime bin b, in step q or later), steps
   ending on the clock's whole hours, linear within a step: the write
   the next deletion takes */
static double written_at(const struct rw_store *s, size_t j, size_t b,
			 int64_t h, int64_t off)
{
	const double *cum = s->cum[j];
	const double x = s->del_at[j][b];
	int64_t q = (int64_t)s->del_q[j][b];
	double a, e;

	while (q < h && cum[q + 1] <= x) {
		q++;
	}
	a = q == 0 ? 0.0 : (double)(q * PK_RUNWAY_STEP_S - off);
	e = (double)((q + 1) * PK_RUNWAY_STEP_S - off);
	return cum[q + 1] > cum[q]
		   ? a + (x - cum[q]) / (cum[q + 1] - cum[q]) * (e - a)
		   : a;
}

/* Class j's lifetime bin b deleted from its frontier up to cum value
   to: each step's part of it leaves that step's bucket (slot_of, NULL:
   one bucket), share frac of it (the bin's); steps to h written */
static void delete_to(struct rw_store *s, size_t j, size_t b, double frac,
		      double to, const int *slot_of, int64_t h)
{
	const double *cum = s->cum[j];
	double from = s->del_at[j][b];
	size_t q = s->del_q[j][b];

	while (from < to && (int64_t)q <= h) {
		double end = fmin(cum[q + 1], to);
		int at = slot_of ? slot_of[q] : 0;

		if (end > from) {
			double *x = &s->slot[j][at];

			*x = fmax(0.0, *x - frac * (end - from) * s->k);
			from = end;
		}
		if (from >= cum[q + 1]) {
			q++;
		}
	}
	s->del_at[j][b] = to;
	s->del_q[j][b] = q;
}

void runway_store_scale(struct rw_store *s, const struct rw_classes *cl,
			int64_t h, double keep)
{
	size_t j, i, b;
	int64_t q;

	for (j = 0; j < cl->n; j++) {
		for (i = 0; i < s->n_slots; i++) {
			s->slot[j][i] *= keep;
		}
		s->step_keep = keep;
		for (b = 0; keep <= 0 && s->cum[j] && b < PK_RW_LIVES; b++) {
			/* every write so far deleted: none left to expire */
			s->del_at[j][b] = s->cum[j][h];
			s->del_q[j][b] = (size_t)h;
		}
	}
	if (keep <= 0) {
		return;
	}
	s->k *= keep;
	if (s->k >= PK_RW_K_LEAST) {
		return;
	}
	/* writes kept over k would pass a double's range: over 1 again */
	for (j = 0; j < cl->n; j++) {
		for (q = 0; s->cum[j] && q <= h; q++) {
			s->cum[j][q] *= s->k;
		}
		for (b = 0; b < PK_RW_LIVES; b++) {
			s->del_at[j][b] *= s->k;
		}
	}
	s->k = 1.0;
}

void runway_store_step(struct rw_store *s, const struct rw_classes *cl,
		       int64_t h, int slot, const double *add, double del,
		       double t1, int64_t off, const int *slot_of)
{
	const double t0 = h == 0 ? 0.0 : (double)(h * PK_RUNWAY_STEP_S - off);
	double to[PK_MAX_STREAMS][PK_RW_LIVES], pend = 0, part, from = 1.0;
	double live;
	size_t j, b;

	for (j = 0; j < cl->n; j++) {
		/* what it held before the step's deletes (runway_store_scale),
		   so they fall within the step as its writes rise */
		s->prev[j] = s->step_keep > 0 && s->step_keep != 1.0
				 ? s->slot[j][slot] / s->step_keep
				 : s->slot[j][slot]; /* x / 1 is x */
		s->added[j] = add[j];
		s->slot[j][slot] += add[j];
		s->sent[j] += add[j];
		if (!s->cum[j]) {
			continue;
		}
		s->cum[j][h + 1] = s->cum[j][h] + add[j] / s->k;
		live = runway_class_expiring(cl, j, s->prev[j]);
		for (b = 0; b < cl->c[j].lives.n; b++) {
			/* expired by t1: written a lifetime before it */
			to[j][b] = fmin(
			    s->cum[j][h + 1],
			    cum_at(s->cum[j], t1 - cl->c[j].lives.s[b], off));
			to[j][b] = fmax(s->del_at[j][b], to[j][b]);
			pend += cl->c[j].lives.frac[b] *
				(to[j][b] - s->del_at[j][b]) * s->k * live;
			if (to[j][b] > s->del_at[j][b] && t1 > t0) {
				/* nothing of it expires before its
				   frontier's write a lifetime on */
				double at = written_at(s, j, b, h, off) +
					    cl->c[j].lives.s[b];

				from = fmin(from, (at - t0) / (t1 - t0));
			}
		}
	}
	s->del_from = from < 1.0 ? fmax(0.0, from) : 0.0;
	s->step_keep = 1.0;
	/* what the range's room deletes of it, oldest first: each bin its
	   share (ASSUMPTION: bins expire alike within a step) */
	part = pend > 0 && del < pend ? del / pend : 1.0;
	s->left = pend > del ? pend - del : 0;
	/* the first expiry inside a step spreads the step's room over its
	   rest (an hour's deletions in the part after it): when they fall
	   short of what expired, the hourly step is not the service's */
	s->behind |= pend > 0 && del < pend * (1.0 - 1e-9) && s->del_from > 0;
	for (j = 0; j < cl->n; j++) {
		for (b = 0; s->cum[j] && b < cl->c[j].lives.n; b++) {
			double at = s->del_at[j][b];

			delete_to(s, j, b, cl->c[j].lives.frac[b],
				  at + part * (to[j][b] - at), slot_of, h);
		}
	}
}

void runway_store_add(struct rw_store *s, int slot, double bytes)
{
	s->slot[0][slot] += bytes;
	s->sent[0] += bytes;
}

/* What class j holds of x sent-and-undeleted bytes: deduped over its
   pool unless raw (a time key counts every new item) */
static double class_held(const struct rw_classes *cl, size_t j, double x,
			 int raw)
{
	return raw ? x : runway_pool_held(&cl->c[j].pool, x);
}

double runway_store_held(const struct rw_store *s, const struct rw_classes *cl,
			 int slot, int raw)
{
	double held = 0;
	size_t j;

	for (j = 0; j < cl->n; j++) {
		held += class_held(cl, j, s->slot[j][slot], raw);
	}
	return held;
}

/* Class j's bytes in slot at part a of the last step: its writes
   linear within it, its deletions linear from del_from on; *slope (NULL:
   not kept) their change a step there */
static double class_at(const struct rw_store *s, size_t j, int slot, double a,
		       double *slope)
{
	const double f = s->del_from;
	const double gone = s->prev[j] + s->added[j] - s->slot[j][slot];
	const double ramp = a <= f ? 0 : (a - f) / (1.0 - f);

	if (slope) {
		*slope = s->added[j] - (a < f ? 0 : gone / (1.0 - f));
	}
	return s->prev[j] + a * s->added[j] - ramp * gone;
}

/* Held at part a of the last step (class_at) */
static double held_at(const struct rw_store *s, const struct rw_classes *cl,
		      int slot, int raw, double a)
{
	double held = 0;
	size_t j;

	for (j = 0; j < cl->n; j++) {
		held += class_held(cl, j, class_at(s, j, slot, a, NULL), raw);
	}
	return held;
}

double runway_store_peak(const struct rw_store *s, const struct rw_classes *cl,
			 int slot, int raw)
{
	double end = runway_store_held(s, cl, slot, raw);

	return s->del_from > 0
		   ? fmax(end, held_at(s, cl, slot, raw, s->del_from))
		   : end;
}

double runway_store_cross(const struct rw_store *s, const struct rw_classes *cl,
			  int slot, int raw, double room, double *rate)
{
	double lo = 0, hi = 1, grow = 0;
	size_t j, i, moving = 0, only = 0;

	for (j = 0; j < cl->n; j++) {
		if (s->slot[j][slot] != s->prev[j]) {
			moving++;
			only = j;
		}
	}
	if (s->del_from > 0 && held_at(s, cl, slot, raw, s->del_from) >= room) {
		/* it reaches room before time to live deletes: the first
		   crossing is there */
		hi = s->del_from;
	}
	if (moving == 1 && s->del_from <= 0) {
		/* one class grows: its pool's inverse, exact */
		const struct id_pool none = {0, 0, 0, NULL, 0};
		const struct id_pool *p = raw ? &none : &cl->c[only].pool;
		double other = held_at(s, cl, slot, raw, 0) -
			       class_held(cl, only, s->prev[only], raw);
		double x = runway_pool_new_bytes(p, room - other);

		lo =
		    (x - s->prev[only]) / (s->slot[only][slot] - s->prev[only]);
		lo = fmin(1.0, fmax(0.0, lo));
	} else {
		for (i = 0; i < PK_RW_CROSS_HALVINGS; i++) {
			double mid = (lo + hi) / 2;

			if (held_at(s, cl, slot, raw, mid) >= room) {
				hi = mid;
			} else {
				lo = mid;
			}
		}
	}
	for (j = 0; j < cl->n; j++) {
		double d;
		double x = class_at(s, j, slot, lo, &d);

		grow += d * runway_pool_growth(&cl->c[j].pool, raw,
					       class_held(cl, j, x, raw));
	}
	*rate = grow;
	return lo;
}

int runway_store_for_good(const struct rw_store *s, const struct rw_classes *cl)
{
	size_t j;

	for (j = 0; j < cl->n; j++) {
		if (s->sent[j] > 0 &&
		    (cl->c[j].lives.n == 0 || cl->c[j].lives.never > 0)) {
			return 1;
		}
	}
	return 0;
}

void runway_class_adds(const struct rw_classes *cl, size_t ns,
		       const double *part, double share, double fresh,
		       double *add_c)
{
	unsigned seen = 0; /* bit c: class c has a term (PK_MAX_STREAMS) */
	size_t j;

	for (j = 0; j < ns; j++) {
		const size_t c = cl->of[j];
		const double term = part[j] * share * fresh;

		add_c[c] = ((seen >> c) & 1u ? add_c[c] : 0.0) + term;
		seen |= 1u << c;
	}
	for (j = 0; j < cl->n; j++) {
		if (!((seen >> j) & 1u)) {
			add_c[j] = 0.0;
		}
	}
}

double runway_largest_item(const struct pk_scenario *sc, double factor)
{
	double largest = 0;
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		double l = runway_largest_size(&sc->phases[i].item_size);

		largest = l > largest ? l : largest;
	}
	return largest * factor;
}
