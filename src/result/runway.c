/*
 * runway: days to full projected from the workload, not extrapolated
 * from the run (include/pksim/result/runway.h has the rules). Two
 * builders: one for generated items (shares from the distributions,
 * rates from the schedules, stepped hourly over the horizon) and one for
 * a data file (every record at its own time, grouped by key). Memory is
 * transient: a table of the key values seen, then at most
 * 2 x PK_RUNWAY_CANDIDATES partitions stepped.
 */
#include "pksim/result/runway.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "pksim/result/result.h"
#include "pksim/service/cosmos/cost.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"
#include "result_int.h"

#define PK_RW_MS_PER_S 1000.0
/* Value-index codes a bitmap dedupes (16 MiB); past it a hash table */
#define PK_RW_BITMAP_CODES (1ULL << 27)
/* Bucket texts a key's time parts take at most in one projection (a
   day of the year's 366; more say the key changes faster than a step) */
#define PK_RW_MAX_SLOTS 1024

/* One logical partition of the projection (a key value less its time
   part), as a hash entry. */
struct group {
	unsigned char *key; /* owned identity bytes */
	size_t key_len;
	double mass;   /* share of the new items, 0..1 */
	double start;  /* bytes at t = 0 (preloaded) */
	size_t range;  /* index into v->ranges, or SIZE_MAX */
	uint64_t item; /* an item that built it */
	/* data files */
	uint64_t n;
	double bytes, first_bytes;
	int64_t first_ms, last_ms, cross_ms;
	UT_hash_handle hh;
};

struct codeent {
	uint64_t code;
	UT_hash_handle hh;
};

/* One phase of the single cycle the projection repeats, per stream */
struct rphase {
	const struct pk_phase_spec *ps;
	int64_t start_s, dur_s; /* within its stream's cycle */
	double adds;		/* new items an operation, net of deletes */
	double mean_bytes;	/* mean item size */
	double factor;		/* stored bytes an item byte (index_factor) */
	double ru_per_byte;	/* write charge of the mean item, RU/B */
	struct pk_schedule_cursor cur;
	int64_t cur_cycle; /* the cycle cur walks, -1 none */
};

/* Stretches one cycle of a short stream holds, at most */
#define PK_RW_CYCLE_STRETCHES 64

/* One stretch of the workload: its new bytes, the RU their writes
   take, and its length, s */
struct stretch {
	double bytes, ru, len;
};

struct rstream {
	struct rphase *ph;
	size_t n;
	int64_t cycle_s;
	double scale; /* real seconds a simulated one (time_scale) */
	/* a cycle shorter than a step (in real time): its first cycle's
	   stretches, which every step repeats (ASSUMPTION: a daily curve read
	   at its start) */
	struct stretch once[PK_RW_CYCLE_STRETCHES];
	size_t n_once;
	int have_once;
};

/* A logical partition stepped */
struct cand {
	struct group *g;
	double range_mass; /* its range's share of the new items */
	double range_ru;   /* its range's RU/s */
	double acc;	   /* bytes so far (no time key, no TTL) */
	double *slot;	   /* bytes per bucket text (time keys) */
	double *cum;	   /* TTL: cumulative bytes at each step */
	double rate;	   /* its last step's growth, B/s */
	int held;	   /* 1: its range's RU/s held it back */
};

/* ---- shared ---- */

static void set_who(const struct pk_result_variant *v, const unsigned char *id,
		    size_t len, struct pk_runway *rw)
{
	pkey_format_id(v->key, id, len, rw->who, sizeof(rw->who));
}

/* Index in v->ranges of the range holding epk (ranges in key order) */
static size_t range_of(const struct pk_result_variant *v,
		       const struct pk_epk *e)
{
	size_t lo = 0, hi = v->n_ranges;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (epk_cmp(&v->ranges[mid].min, e) <= 0) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return v->n_ranges ? lo : SIZE_MAX;
}

static double range_ru(const struct pk_result_variant *v, size_t r)
{
	if (r == SIZE_MAX || r >= v->n_ranges) {
		return v->n_ranges ? (double)v->ru_per_s / (double)v->n_ranges
				   : (double)v->ru_per_s;
	}
	return (double)v->ranges[r].ru_per_s_mru / 1000.0;
}

static struct group *group_get(struct group **tab, const unsigned char *id,
			       size_t len, int *fresh)
{
	struct group *g;

	HASH_FIND(hh, *tab, id, len, g);
	*fresh = g == NULL;
	if (!g) {
		g = xcalloc(1, sizeof(*g));
		g->key = xmalloc(len ? len : 1);
		memcpy(g->key, id, len);
		g->key_len = len;
		g->range = SIZE_MAX;
		g->first_ms = -1;
		g->cross_ms = -1;
		HASH_ADD_KEYPTR(hh, *tab, g->key, g->key_len, g);
	}
	return g;
}

static void groups_free(struct group **tab)
{
	struct group *g, *tmp;

	HASH_ITER(hh, *tab, g, tmp)
	{
		HASH_DEL(*tab, g);
		free(g->key);
		free(g);
	}
}

/* ---- a data file ---- */

static void from_data(const struct pk_scenario *sc, const struct pk_workload *w,
		      struct pk_result_variant *v, struct pk_runway *rw)
{
	const double cap = (double)v->spec->lp_storage_bytes;
	const double factor =
	    v->spec->index_factor > 0 ? v->spec->index_factor : 1.0;
	struct group *tab = NULL, *g, *tmp, *best = NULL;
	struct pk_item_source src;
	struct pk_keyval *kv = xmalloc(sizeof(*kv));
	struct pk_cost cost;
	uint64_t i, n = workload_items(w);
	double best_t = HUGE_VAL, best_rate = 0, best_span = 0;
	int fresh, several_at_once = 0, best_held = 0;
	size_t best_range = SIZE_MAX;

	cost_init(&cost, &sc->cost);
	rw->basis = sc->items_file->from == PK_FROM_RATE ? PK_RUNWAY_DATA_RATE
							 : PK_RUNWAY_DATA_TIME;
	for (i = 0; i < n; i++) {
		int64_t t = workload_item_data_ms(w, i);
		double b = (double)workload_item_size(w, i) * factor;

		pkey_source_workload(v->key, w, i, &src);
		pkey_build(v->key, &src, kv);
		if (kv->status != 0) {
			continue; /* refused (400): never stored */
		}
		g = group_get(&tab, kv->id, kv->id_len, &fresh);
		if (fresh) {
			g->range = range_of(v, &kv->epk);
			g->first_ms = t;
			g->first_bytes = b;
		}
		g->n++;
		g->bytes += b;
		g->last_ms = t;
		if (g->cross_ms < 0 && g->bytes >= cap) {
			g->cross_ms = t;
		}
	}
	free(kv);
	HASH_ITER(hh, tab, g, tmp)
	{
		double when, rate, span, bound, mean, ru;
		int held = 0;

		if (g->cross_ms >= 0) {
			when = (double)g->cross_ms / PK_RW_MS_PER_S;
			rate = 0;
			span = 0;
		} else if (g->n >= 2 && g->last_ms > g->first_ms) {
			span =
			    (double)(g->last_ms - g->first_ms) / PK_RW_MS_PER_S;
			rate = (g->bytes - g->first_bytes) / span;
			mean = g->bytes / (double)g->n / factor;
			ru = (double)cost_write_mru(&cost, (uint64_t)mean) /
			     1000.0;
			bound = ru > 0
				    ? range_ru(v, g->range) / ru * mean * factor
				    : HUGE_VAL;
			if (rate > bound) {
				rate = bound;
				held = 1;
			}
			if (!(rate > 0)) {
				continue;
			}
			if (rw->bucket.len_s > 0 && rw->bucket.period_s == 0) {
				/* its bucket ends len_s after its first
				   record at the latest */
				double left =
				    (double)(g->first_ms - g->last_ms) /
					PK_RW_MS_PER_S +
				    (double)rw->bucket.len_s;
				double reach =
				    g->bytes + rate * (left > 0 ? left : 0);

				if (reach < cap) {
					if (reach > rw->bound_bytes) {
						rw->bound_bytes = reach;
					}
					continue;
				}
			} else if (rw->bucket.period_s > 0 &&
				   span < (double)rw->bucket.period_s) {
				/* ASSUMPTION: it grows len_s of every
				   period_s, its rate averaged so */
				rate *= (double)rw->bucket.len_s /
					(double)rw->bucket.period_s;
			}
			when = (double)g->last_ms / PK_RW_MS_PER_S +
			       (cap - g->bytes) / rate;
		} else {
			several_at_once |= g->n >= 2;
			continue;
		}
		if (when < best_t ||
		    (when == best_t && best &&
		     (g->key_len < best->key_len ||
		      (g->key_len == best->key_len &&
		       memcmp(g->key, best->key, g->key_len) < 0)))) {
			best = g;
			best_t = when;
			best_rate = rate;
			best_span = span;
			best_held = held;
			best_range = g->range;
		}
	}
	if (!best) {
		rw->kind = rw->bound_bytes > 0 ? PK_RUNWAY_BUCKETS
			   : several_at_once   ? PK_RUNWAY_AT_ONCE
					       : PK_RUNWAY_NEVER;
		groups_free(&tab);
		return;
	}
	set_who(v, best->key, best->key_len, rw);
	rw->rate_bytes_per_s = best_rate;
	rw->span_s = best_span;
	if (best_held && best_range < v->n_ranges) {
		rw->bound_range = v->ranges[best_range].id;
		rw->bound_ru_per_s = (int64_t)llround(range_ru(v, best_range));
	}
	if (rw->ttl_s > 0 && best_rate * (double)rw->ttl_s < cap &&
	    best->cross_ms < 0) {
		rw->kind = PK_RUNWAY_LEVELS;
		rw->bound_bytes = best_rate * (double)rw->ttl_s;
	} else if (best_t > (double)PK_RUNWAY_HORIZON_S) {
		rw->kind = PK_RUNWAY_BEYOND;
		rw->bound_bytes =
		    best->bytes +
		    best_rate * ((double)PK_RUNWAY_HORIZON_S -
				 (double)best->last_ms / PK_RW_MS_PER_S);
	} else {
		rw->kind = PK_RUNWAY_DAYS;
		rw->full_s = best_t;
	}
	groups_free(&tab);
}

/* ---- generated items: the shares ---- */

/* How the key reads one reference */
struct refinfo {
	int prop;	/* sc->props index, or -1 (no item has it) */
	int clock;	/* 1: a clock property (the time bucket) */
	int unique;	/* 1: a unique property */
	uint64_t count; /* value indexes (drawn properties) */
	double norm;	/* dist_norm over count */
	uint64_t radix; /* its place in the value code */
};

/* The key's item source with the time fixed and unique values hidden
   (so one group is one key value less its time part) */
struct fixed_src {
	struct pk_item_source inner;
	const struct pk_scenario *sc;
	const struct refinfo *refs;
	int64_t wall_s;
};

static int fixed_get(const struct pk_item_source *src, size_t ref,
		     struct pk_value *out, char *buf, size_t cap)
{
	const struct fixed_src *f = src->ctx;
	const struct refinfo *r = &f->refs[ref];

	if (r->prop >= 0 && (r->clock || r->unique)) {
		time_t t = (time_t)f->wall_s;
		struct tm tm;
		size_t len = 0;

		if (r->clock) {
			gmtime_r(&t, &tm);
			len = strftime(buf, cap,
				       f->sc->props[r->prop].clock_format, &tm);
		} else {
			len = (size_t)snprintf(buf, cap, "u");
		}
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_STRING;
		out->str = buf;
		out->len = len;
		return 0;
	}
	return f->inner.get(&f->inner, ref, out, buf, cap);
}

/* Build into kv the key of item with its time at wall_s */
static void fixed_key(const struct pk_result_variant *v,
		      const struct pk_scenario *sc, const struct pk_workload *w,
		      const struct refinfo *refs, uint64_t item, int64_t wall_s,
		      struct pk_keyval *kv)
{
	struct fixed_src f;
	struct pk_item_source src;

	pkey_source_workload(v->key, w, item, &f.inner);
	f.sc = sc;
	f.refs = refs;
	f.wall_s = wall_s;
	src = f.inner;
	src.get = fixed_get;
	src.ctx = &f;
	src.item = 0;
	pkey_build(v->key, &src, kv);
}

/* The key's references (refs[], n) and the share each value of a hashed
   or random part leaves one key value (*spread); 0 when the shares must
   come from the run; *whole_unique 1 when the key reads a unique
   property whole (every item its own logical partition). */
static int key_refs(const struct pk_result_variant *v,
		    const struct pk_scenario *sc, const struct pk_workload *w,
		    struct refinfo *refs, double *spread, int *whole_unique)
{
	const struct pk_pkey *k = v->key;
	size_t i;
	uint64_t radix = 1;

	*spread = 1;
	*whole_unique = 0;
	for (i = 0; i < k->n_refs; i++) {
		struct refinfo *r = &refs[i];

		memset(r, 0, sizeof(*r));
		r->prop = k->ref_prop[i];
		if (r->prop < 0 || (size_t)r->prop >= sc->n_props) {
			r->prop = -1;
			continue;
		}
		r->clock = sc->props[r->prop].kind == PK_GEN_CLOCK;
		r->unique = sc->props[r->prop].kind == PK_GEN_UNIQUE;
		if (r->clock || r->unique) {
			continue;
		}
		r->count = workload_value_indexes(w, r->prop);
		if (r->count == 0 || radix > UINT64_MAX / r->count) {
			return 0;
		}
		r->norm = dist_norm(&sc->props[r->prop].dist, r->count);
		r->radix = radix;
		radix *= r->count;
	}
	if (k->kind != PK_KEY_SYNTHETIC) {
		for (i = 0; i < k->n_refs; i++) {
			*whole_unique |= refs[i].unique;
		}
		return 1;
	}
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];

		if (p->kind == PK_TPL_RANDOM) {
			*spread /= (double)(p->b - p->a + 1);
		} else if ((p->kind == PK_TPL_HASH ||
			    p->kind == PK_TPL_CRC32) &&
			   refs[p->ref].unique) {
			/* ASSUMPTION: a hash spreads unique values evenly */
			*spread /= (double)p->b;
		} else if (p->kind == PK_TPL_PROP && refs[p->ref].unique) {
			*whole_unique = 1;
		}
	}
	return 1;
}

/* The groups from the distributions: every distinct value code among
   the items, its mass, summed by key value less time. */
static void groups_from_dists(const struct pk_result_variant *v,
			      const struct pk_scenario *sc,
			      const struct pk_workload *w,
			      const struct refinfo *refs, double spread,
			      int64_t wall0, struct group **tab)
{
	const struct pk_pkey *k = v->key;
	uint64_t n = workload_items(w), i, codes = 1;
	unsigned char *bits = NULL;
	struct codeent *seen = NULL, *ce, *ctmp;
	struct pk_keyval *kv = xmalloc(sizeof(*kv));
	struct pk_item_source src;
	size_t j;
	int fresh;

	for (j = 0; j < k->n_refs; j++) {
		if (refs[j].count) {
			codes = refs[j].radix * refs[j].count;
		}
	}
	if (codes <= PK_RW_BITMAP_CODES) {
		bits = xcalloc((size_t)(codes / 8 + 1), 1);
	}
	for (i = 0; i < n; i++) {
		uint64_t code = 0;
		double mass = spread;
		struct group *g;

		for (j = 0; j < k->n_refs; j++) {
			if (refs[j].count) {
				code +=
				    workload_value_index(w, i, refs[j].prop) *
				    refs[j].radix;
			}
		}
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
		for (j = 0; j < k->n_refs; j++) {
			if (refs[j].count) {
				const struct pk_prop_spec *p =
				    &sc->props[refs[j].prop];

				mass *= dist_pmf(
				    &p->dist, refs[j].count, refs[j].norm,
				    workload_value_index(w, i, refs[j].prop));
			}
		}
		fixed_key(v, sc, w, refs, i, wall0, kv);
		if (kv->status != 0) {
			continue;
		}
		g = group_get(tab, kv->id, kv->id_len, &fresh);
		g->mass += mass;
		if (fresh) {
			g->item = i;
			/* the range of the item's own key value */
			pkey_source_workload(k, w, i, &src);
			pkey_build(k, &src, kv);
			g->range = range_of(v, &kv->epk);
		}
	}
	HASH_ITER(hh, seen, ce, ctmp)
	{
		HASH_DEL(seen, ce);
		free(ce);
	}
	free(bits);
	free(kv);
}

/* The groups from the run: each logical partition's items written over
   all written (several streams, or a property the key reads not drawn
   from a distribution). */
static void groups_from_run(const struct pk_snapshot *s,
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
		g = group_get(tab, lp->key, lp->key_len, &fresh);
		g->mass +=
		    (double)(lp->items - lp->preloaded_items) / (double)all;
		g->range = lp->range;
		g->item = UINT64_MAX;
	}
	(void)v;
	(void)tmp;
}

/* Preloaded bytes at t = 0, into the groups of those logical partitions */
static void preload_start(const struct pk_snapshot *s,
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

/* ---- generated items: the rates ---- */

static double mean_size(const struct pk_size_spec *z)
{
	switch (z->kind) {
	case PK_SIZE_UNIFORM:
		return ((double)z->min_bytes + (double)z->max_bytes) / 2.0;
	case PK_SIZE_NORMAL:
		return z->mean_bytes > 1 ? z->mean_bytes : 1;
	default:
		return (double)z->bytes;
	}
}

static double largest_size(const struct pk_size_spec *z)
{
	switch (z->kind) {
	case PK_SIZE_UNIFORM:
		return (double)z->max_bytes;
	case PK_SIZE_NORMAL:
		return (double)PK_MAX_ITEM_BYTES; /* clamped there */
	default:
		return (double)z->bytes;
	}
}

static void streams_init(const struct pk_scenario *sc, double factor,
			 struct rstream *st)
{
	struct pk_cost cost;
	size_t i, j;

	cost_init(&cost, &sc->cost);
	for (i = 0; i < sc->n_streams; i++) {
		const struct pk_stream_spec *ss = &sc->streams[i];
		int64_t at = 0;

		st[i].n = ss->n_phases;
		st[i].ph =
		    xcalloc(ss->n_phases ? ss->n_phases : 1, sizeof(*st[i].ph));
		for (j = 0; j < ss->n_phases; j++) {
			const struct pk_phase_spec *ps =
			    &sc->phases[ss->phase_first + j];
			struct rphase *p = &st[i].ph[j];

			p->ps = ps;
			p->start_s = at;
			p->dur_s = ps->duration_ms / 1000;
			at += p->dur_s;
			p->adds = ps->mix[PK_OP_CREATE] +
				  ps->mix[PK_OP_UPSERT] * ps->upsert_new +
				  ps->mix[PK_OP_BATCH] * ps->batch_size -
				  ps->mix[PK_OP_DELETE];
			if (p->adds < 0) {
				p->adds = 0;
			}
			p->mean_bytes = mean_size(&ps->item_size);
			p->factor = factor;
			p->ru_per_byte = (double)cost_write_mru(
					     &cost, (uint64_t)p->mean_bytes) /
					 1000.0 / p->mean_bytes;
			p->cur_cycle = -1;
		}
		st[i].cycle_s = at;
	}
}

/* Operations phase p offers over [a, b) of its occurrence in cycle k
   (seconds within the phase) */
static double phase_ops(const struct pk_scenario *sc, struct rphase *p,
			int64_t cycle_s, int64_t k, double a, double b)
{
	if (!p->ps->schedule) {
		return p->ps->rate_per_s * (b - a);
	}
	if (p->cur_cycle != k) {
		schedule_cursor_init(
		    &p->cur, p->ps->schedule,
		    sc->clock_start_s + k * cycle_s + p->start_s, p->dur_s);
		p->cur_cycle = k;
	}
	return -schedule_cursor_count(&p->cur, a) +
	       schedule_cursor_count(&p->cur, b);
}

static size_t walk(const struct pk_scenario *sc, struct rstream *st, double t0,
		   double t1, struct stretch *out, size_t cap);

/* The stretches of stream st in [t0, t1) (workload seconds), into out
   (at most cap); returns how many. */
static size_t stretches(const struct pk_scenario *sc, struct rstream *st,
			double t0, double t1, struct stretch *out, size_t cap)
{
	size_t n;

	if (st->cycle_s <= 0) {
		return 0;
	}
	if ((double)st->cycle_s * st->scale < PK_RUNWAY_STEP_S) {
		double times;

		if (!st->have_once) {
			st->have_once = 1;
			n = walk(sc, st, 0, (double)st->cycle_s, st->once,
				 PK_RW_CYCLE_STRETCHES);
			st->n_once = n;
		}
		times = (t1 - t0) / (double)st->cycle_s;
		for (n = 0; n < st->n_once && n < cap; n++) {
			out[n] = st->once[n];
			out[n].bytes *= times;
			out[n].ru *= times;
			out[n].len *= times;
		}
		return n;
	}
	return walk(sc, st, t0, t1, out, cap);
}

/* The stretches of stream st in [t0, t1) walked phase by phase */
static size_t walk(const struct pk_scenario *sc, struct rstream *st, double t0,
		   double t1, struct stretch *out, size_t cap)
{
	size_t n = 0, j;
	double t = t0;

	while (t < t1 && n < cap) {
		int64_t k = (int64_t)floor(t / (double)st->cycle_s);
		double in = t - (double)k * (double)st->cycle_s, end;

		for (j = 0; j + 1 < st->n &&
			    in >= (double)(st->ph[j].start_s + st->ph[j].dur_s);
		     j++) {
		}
		end = (double)(st->ph[j].start_s + st->ph[j].dur_s);
		if (end - in > t1 - t) {
			end = in + (t1 - t);
		}
		{
			struct rphase *p = &st->ph[j];
			double ops = phase_ops(sc, p, st->cycle_s, k,
					       in - (double)p->start_s,
					       end - (double)p->start_s);

			/* stored with the index (rule 11 counts what is
			   stored), charged on the item */
			out[n].bytes = ops * p->adds * p->mean_bytes;
			out[n].ru = out[n].bytes * p->ru_per_byte;
			out[n].bytes *= p->factor;
			out[n].len = end - in;
			n++;
		}
		t += end - in;
	}
	return n;
}

/* What candidate c adds over stretches x[0..n): its share, each capped
   by its range's RU/s over the stretch; *held set when a cap bit. */
static double cand_add(const struct cand *c, const struct stretch *x, size_t n,
		       int *held)
{
	double add = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double want = c->g->mass * x[i].bytes;
		double range_ru = c->range_mass * x[i].ru;

		if (range_ru > 0 && range_ru > c->range_ru * x[i].len) {
			want *= c->range_ru * x[i].len / range_ru;
			*held = 1;
		}
		add += want;
	}
	return add;
}

static int cand_cmp(const void *pa, const void *pb)
{
	const struct group *a = *(struct group *const *)pa;
	const struct group *b = *(struct group *const *)pb;
	size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
	int d;

	if (a->mass + a->start * 1e-30 != b->mass + b->start * 1e-30) {
		return a->mass < b->mass ? 1 : -1;
	}
	d = memcmp(a->key, b->key, n);
	return d != 0 ? d
		      : (a->key_len > b->key_len) - (a->key_len < b->key_len);
}

/* Slot of bucket text in the table (texts, *n used); -1 when full */
static int slot_of(char (*texts)[64], size_t *n, const char *text)
{
	size_t i;

	for (i = 0; i < *n; i++) {
		if (strcmp(texts[i], text) == 0) {
			return (int)i;
		}
	}
	if (*n >= PK_RW_MAX_SLOTS) {
		return -1;
	}
	snprintf(texts[*n], 64, "%.63s", text);
	return (int)(*n)++;
}

static void from_rates(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       const struct pk_workload *w, struct pk_result_variant *v,
		       struct pk_runway *rw)
{
	const double cap = (double)v->spec->lp_storage_bytes;
	const struct pk_time_bucket *bk = &rw->bucket;
	/* real seconds a simulated one stands for (`time_scale:`): the
	   projection steps in real time */
	const double scale = sc->time_scale > 0 ? sc->time_scale : 1.0;
	const double factor =
	    v->spec->index_factor > 0 ? v->spec->index_factor : 1.0;
	struct refinfo refs[PK_KEY_MAX_REFS];
	struct group *tab = NULL, *g, *tmp, **all;
	struct rstream *st;
	struct cand *c;
	char(*texts)[64] = NULL;
	size_t n_texts = 0, n_groups, n_c = 0, i, j, nx;
	double spread, *range_mass;
	int whole_unique, by_dist, time_key = bk->len_s > 0;
	int64_t h, steps = PK_RUNWAY_HORIZON_S / PK_RUNWAY_STEP_S + 1,
		   longest = 0;
	struct stretch x[64];
	const struct pk_prop_spec *idp = scenario_find_prop(sc, "/id");
	double largest = 0;
	char prev_text[256] = "";
	struct pk_keyval *kv;

	rw->basis = PK_RUNWAY_RATES;
	rw->time_scale = scale;
	by_dist = sc->n_streams == 1 &&
		  key_refs(v, sc, w, refs, &spread, &whole_unique);
	for (i = 0; i < sc->n_phases; i++) {
		double l = largest_size(&sc->phases[i].item_size);

		largest = l > largest ? l : largest;
	}
	largest *= factor; /* stored with the index */
	if (by_dist && whole_unique) {
		rw->kind = PK_RUNWAY_IDS;
		rw->ids = 1;
		rw->bound_bytes = largest;
		return;
	}
	if (idp && (idp->kind == PK_GEN_PATTERN || idp->kind == PK_GEN_LIST) &&
	    (double)idp->count * largest < cap) {
		rw->kind = PK_RUNWAY_IDS;
		rw->ids = idp->count;
		rw->bound_bytes = (double)idp->count * largest;
		return;
	}
	if (by_dist) {
		groups_from_dists(v, sc, w, refs, spread, sc->clock_start_s,
				  &tab);
	} else {
		groups_from_run(s, v, &tab);
		rw->share_from_run = 1;
	}
	if (!time_key) {
		preload_start(s, v, &tab);
	}
	n_groups = HASH_COUNT(tab);
	if (n_groups == 0) {
		rw->kind = PK_RUNWAY_NEVER;
		return;
	}
	all = xcalloc(n_groups, sizeof(*all));
	range_mass = xcalloc(v->n_ranges + 1, sizeof(*range_mass));
	i = 0;
	HASH_ITER(hh, tab, g, tmp)
	{
		all[i++] = g;
		range_mass[g->range < v->n_ranges ? g->range : v->n_ranges] +=
		    g->mass;
	}
	qsort(all, n_groups, sizeof(*all), cand_cmp);
	/* the largest shares, and each range's largest */
	c = xcalloc(2 * PK_RUNWAY_CANDIDATES, sizeof(*c));
	{
		char *took = xcalloc(v->n_ranges + 1, 1);

		for (i = 0; i < n_groups && n_c < 2 * PK_RUNWAY_CANDIDATES;
		     i++) {
			size_t r = all[i]->range < v->n_ranges ? all[i]->range
							       : v->n_ranges;

			if (i < PK_RUNWAY_CANDIDATES || !took[r]) {
				took[r] = 1;
				c[n_c].g = all[i];
				n_c++;
			}
		}
		free(took);
	}
	for (i = 0; i < n_c; i++) {
		size_t r =
		    c[i].g->range < v->n_ranges ? c[i].g->range : v->n_ranges;

		/* a time key's other values wait for their time */
		c[i].range_mass = time_key ? c[i].g->mass : range_mass[r];
		c[i].range_ru = range_ru(v, c[i].g->range);
		if (time_key) {
			c[i].slot = xcalloc(PK_RW_MAX_SLOTS, sizeof(double));
		}
		if (rw->ttl_s > 0 && !time_key) {
			c[i].cum = xcalloc((size_t)steps + 1, sizeof(double));
		}
	}
	st = xcalloc(sc->n_streams, sizeof(*st));
	streams_init(sc, factor, st);
	for (i = 0; i < sc->n_streams; i++) {
		st[i].scale = scale;
	}
	for (i = 0; i < sc->n_streams; i++) {
		longest = st[i].cycle_s > longest ? st[i].cycle_s : longest;
	}
	rw->span_s = (double)longest * scale;
	if (time_key) {
		texts = xcalloc(PK_RW_MAX_SLOTS, sizeof(*texts));
	}
	{
		struct cand *first = NULL;
		double first_t = HUGE_VAL, level = 0;
		int first_slot = -1;

		/* steps end on the clock's whole hours (a daily curve's,
		   a bucket's edges): the first is short when the clock
		   starts inside an hour */
		int64_t off = ((sc->clock_start_s % PK_RUNWAY_STEP_S) +
			       PK_RUNWAY_STEP_S) %
			      PK_RUNWAY_STEP_S;

		for (h = 0; h < steps && !first; h++) {
			double t0 = h == 0
					? 0.0
					: (double)(h * PK_RUNWAY_STEP_S - off),
			       t1 = (double)((h + 1) * PK_RUNWAY_STEP_S - off),
			       share = 1;

			if (t0 >= (double)PK_RUNWAY_HORIZON_S) {
				break;
			}
			if (t1 > (double)PK_RUNWAY_HORIZON_S) {
				t1 = (double)PK_RUNWAY_HORIZON_S;
			}
			int slot = 0;
			struct stretch xs[64 * 4];
			size_t n_all = 0;

			for (i = 0; i < sc->n_streams; i++) {
				nx = stretches(sc, &st[i], t0 / scale,
					       t1 / scale, x, 64);
				for (j = 0; j < nx && n_all < 64 * 4; j++) {
					/* the RU/s bound in real seconds */
					x[j].len *= scale;
					xs[n_all++] = x[j];
				}
			}
			if (time_key) {
				char text[256];

				pkey_time_text(v->key, sc,
					       sc->clock_start_s + (int64_t)t0,
					       text, sizeof(text));
				if (bk->len_s < PK_RUNWAY_STEP_S) {
					/* several buckets an hour: each its
					   share */
					share =
					    bk->period_s > 0
						? (double)bk->len_s /
						      (double)bk->period_s
						: (double)bk->len_s / (t1 - t0);
					slot = 0;
					if (bk->period_s == 0) {
						for (i = 0; i < n_c; i++) {
							c[i].slot[0] = 0;
						}
					}
				} else if (bk->period_s == 0) {
					slot = 0;
					if (strcmp(text, prev_text) != 0) {
						/* a new bucket, never to
						   return: starts empty */
						for (i = 0; i < n_c; i++) {
							c[i].slot[0] = 0;
						}
					}
				} else {
					slot = slot_of(texts, &n_texts, text);
					if (slot < 0) {
						slot = 0;
					}
				}
				snprintf(prev_text, sizeof(prev_text), "%s",
					 text);
			}
			for (i = 0; i < n_c; i++) {
				struct cand *ci = &c[i];
				int held = 0;
				double add =
				    cand_add(ci, xs, n_all, &held) * share;
				double before, need;

				ci->rate = add / (t1 - t0);
				if (time_key) {
					before = ci->slot[slot];
					ci->slot[slot] += add;
					if (ci->slot[slot] > level) {
						level = ci->slot[slot];
					}
				} else if (ci->cum) {
					double lag = t1 - (double)rw->ttl_s;
					double gone = 0;

					ci->cum[h + 1] = ci->cum[h] + add;
					if (lag > 0) {
						int64_t q =
						    (int64_t)((lag +
							       (double)off) /
							      PK_RUNWAY_STEP_S);
						double
						    a = q == 0
							    ? 0.0
							    : (double)(q * PK_RUNWAY_STEP_S -
								       off),
						    e = (double)((q + 1) *
								     PK_RUNWAY_STEP_S -
								 off);

						gone = ci->cum[q] +
						       (lag - a) / (e - a) *
							   (ci->cum[q + 1] -
							    ci->cum[q]);
					}
					before = ci->cum[h] - gone;
					if (ci->cum[h + 1] - gone > level) {
						level = ci->cum[h + 1] - gone;
					}
				} else {
					before = ci->acc;
					ci->acc += add;
				}
				need = cap - ci->g->start - before;
				if (add > 0 && need <= add) {
					double t = t0 + (need > 0 ? need : 0) /
							    add * (t1 - t0);

					if (t < first_t) {
						first_t = t;
						first = ci;
						first_slot = slot;
						ci->held = held;
					}
				}
			}
		}
		kv = xmalloc(sizeof(*kv));
		if (first) {
			rw->kind = PK_RUNWAY_DAYS;
			rw->full_s = first_t;
			rw->rate_bytes_per_s = first->rate;
			if (first->held) {
				size_t r = first->g->range;

				rw->bound_range =
				    r < v->n_ranges ? v->ranges[r].id : 0;
				rw->bound_ru_per_s =
				    (int64_t)llround(first->range_ru);
			}
			(void)first_slot;
		} else {
			/* the one holding most at the horizon */
			first = &c[0];
			for (i = 1; i < n_c; i++) {
				double a = time_key ? 0 : c[i].acc;
				double b = time_key ? 0 : first->acc;

				if (a + c[i].g->start > b + first->g->start) {
					first = &c[i];
				}
			}
			if (time_key && bk->period_s == 0) {
				rw->kind = PK_RUNWAY_BUCKETS;
				rw->bound_bytes = level;
			} else if (rw->ttl_s > 0 && !time_key) {
				rw->kind = level > 0 ? PK_RUNWAY_LEVELS
						     : PK_RUNWAY_NEVER;
				rw->bound_bytes = level;
			} else if (time_key ? level > 0 : first->acc > 0) {
				rw->kind = PK_RUNWAY_BEYOND;
				rw->bound_bytes =
				    time_key ? level
					     : first->acc + first->g->start;
			} else {
				rw->kind = PK_RUNWAY_NEVER;
			}
		}
		/* its name: the key value at the instant it fills */
		if (rw->kind != PK_RUNWAY_NEVER) {
			if (first->g->item != UINT64_MAX) {
				int64_t at = rw->kind == PK_RUNWAY_DAYS
						 ? (int64_t)floor(rw->full_s)
						 : 0;

				fixed_key(v, sc, w, refs, first->g->item,
					  sc->clock_start_s + at, kv);
				set_who(v, kv->id, kv->id_len, rw);
				if (time_key && rw->bound_range != UINT32_MAX &&
				    range_of(v, &kv->epk) < v->n_ranges) {
					/* the bucket's own range */
					rw->bound_range =
					    v->ranges[range_of(v, &kv->epk)].id;
				}
			} else {
				set_who(v, first->g->key, first->g->key_len,
					rw);
			}
		}
		free(kv);
	}
	for (i = 0; i < n_c; i++) {
		free(c[i].slot);
		free(c[i].cum);
	}
	for (i = 0; i < sc->n_streams; i++) {
		free(st[i].ph);
	}
	free(st);
	free(c);
	free(texts);
	free(all);
	free(range_mass);
	groups_free(&tab);
}

void runway_build(const struct pk_snapshot *s, const struct pk_scenario *sc,
		  const struct pk_workload *w, struct pk_result_variant *v)
{
	struct pk_runway *rw = &v->runway;
	const struct pk_items_file *f = sc->items_file;

	memset(rw, 0, sizeof(*rw));
	rw->full_s = -1;
	rw->bound_range = UINT32_MAX;
	rw->bucket = s->key_bucket;
	rw->ttl_s = s->cosmos ? s->cosmos->ttl_lifetime_s : 0;
	if (!s->cosmos) {
		/* the cap is Azure Cosmos DB's (rule 11): another service's
		   is not known, nothing to project against */
		return;
	}
	if (v->fill.full_now) {
		const struct pk_result_lp *lp =
		    v->n_full_listed ? &v->full[0] : &v->top_storage[0];

		rw->kind = PK_RUNWAY_FULL_NOW;
		rw->full_s = 0;
		set_who(v, lp->key, lp->key_len, rw);
		return;
	}
	if (f && f->monitor) {
		rw->kind = PK_RUNWAY_NO_SIZES;
		return;
	}
	if (f && f->from == PK_FROM_AT_ONCE) {
		rw->kind = PK_RUNWAY_AT_ONCE;
		return;
	}
	if (f) {
		from_data(sc, w, v, rw);
	} else {
		from_rates(s, sc, w, v, rw);
	}
}
