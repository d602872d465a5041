/*
 * runway_data: days to full for a data file: every record at its own
 * time (compression undone), grouped by key, each group over its own
 * first-to-last span and any silence after it to the data's end; a bucket that
 * comes back grows only while current, hour by hour in the data's own time
 * (runway.h has the rules).
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

/* A group of a key whose bucket comes back (a weekday, an hour of the
   day) of an hour or more: its bucket's text, and where the data's clock
   starts, so that each hour of data time reads as the key would */
struct walk {
	struct rw_text memo; /* the key's texts, once a span */
	double epoch_s;	     /* Unix s at data time 0 */
	char text[PK_RW_TEXT];
};

/* The key's bucket text at data time t (s) into buf (PK_RW_TEXT bytes) */
static void text_at(struct walk *k, double t, char *buf)
{
	runway_text_at(&k->memo, (int64_t)floor(k->epoch_s + t), buf);
}

/* End of the clock hour holding data time t, data s: buckets of an hour
   or more change only on whole hours (UTC) */
static double hour_end(const struct walk *k, double t)
{
	double a = k->epoch_s + t;

	return (floor(a / PK_RUNWAY_STEP_S) + 1) * PK_RUNWAY_STEP_S -
	       k->epoch_s;
}

/* Seconds of data time in [t0, t1) during which k's bucket is current */
static double walk_active(struct walk *k, double t0, double t1)
{
	double t = t0, on = 0;
	char buf[PK_RW_TEXT];

	while (t < t1) {
		double e = hour_end(k, t);

		if (e > t1) {
			e = t1;
		}
		text_at(k, t, buf);
		if (strcmp(buf, k->text) == 0) {
			on += e - t;
		}
		t = e;
	}
	return on;
}

/* Data time (s) at which need more bytes are in from t0, growing at rate
   only while k's bucket is current; HUGE_VAL when not before limit */
static double walk_fill(struct walk *k, double t0, double need, double rate,
			double limit)
{
	double t = t0;
	char buf[PK_RW_TEXT];

	while (t < limit) {
		double e = hour_end(k, t);

		text_at(k, t, buf);
		if (strcmp(buf, k->text) == 0) {
			if (rate * (e - t) >= need) {
				return t + need / rate;
			}
			need -= rate * (e - t);
		}
		t = e;
	}
	return HUGE_VAL;
}

/* walk_active from t1 to t (data s) for a group whose own records ran
   from t0 to t1 (k->text its bucket's): bk's whole periods counted once
   and multiplied, the rest walked */
static double periodic_active(struct walk *k, const struct pk_time_bucket *bk,
			      double t0, double t1, double t)
{
	const double per = (double)bk->period_s;
	double whole;

	text_at(k, t0, k->text);
	if (!(t > t1)) {
		return 0;
	}
	whole = floor((t - t1) / per);
	return whole * walk_active(k, t1, t1 + per) +
	       walk_active(k, t1 + whole * per, t);
}

/* A file at --rate under a time key that comes back, as if it came
   again and again (runway_from_data): each group of tab (its bytes a
   copy's) fills in copy k = the whole copies before cap, at the record
   of that copy its bytes pass what is left; again_need set to k and
   again_ms to that record's time in the file (the first pass's records:
   each stored, no id repeated, no time to live) */
static void file_again(const struct pk_scenario *sc,
		       const struct pk_workload *w,
		       const struct pk_result_variant *v, double factor,
		       double cap, struct group *tab, struct rw_key *key)
{
	struct group *g;
	uint64_t i, n = workload_items(w), open = 0;

	for (g = tab; g; g = g->hh.next) {
		g->again_ms = -1;
		g->again_need = 0;
		if (g->cross_ms < 0 && g->bytes > 0) {
			/* the copies before it, and what the next adds */
			g->again_need = floor(cap / g->bytes);
			g->cross_bytes = cap - g->again_need * g->bytes;
			if (g->cross_bytes <= 0) {
				/* full at the end of a copy: its last */
				g->again_need -= 1;
				g->cross_bytes += g->bytes;
			}
			open++;
		}
	}
	for (i = 0; i < n && open > 0; i++) {
		runway_item_key(v, sc, w, i, NULL, key);
		if (key->at.status != 0) {
			continue;
		}
		HASH_FIND(hh, tab, key->id, key->at.id_len, g);
		if (!g || g->again_ms >= 0 || g->cross_ms >= 0) {
			continue;
		}
		g->cross_bytes -= (double)workload_item_size(w, i) * factor;
		if (g->cross_bytes <= 0) {
			g->again_ms = workload_item_data_ms(w, i);
			open--;
		}
	}
}

/* Ranges of v holding a group of tab: those drawing on a fleet pool
   (ASSUMPTION: at once, over the data's span), at least 1 */
static size_t ranges_of(const struct pk_result_variant *v,
			const struct group *tab)
{
	char *has = xcalloc(v->n_ranges + 1, 1);
	const struct group *g;
	size_t n = 0;

	for (g = tab; g; g = g->hh.next) {
		if (g->range < v->n_ranges && !has[g->range]) {
			has[g->range] = 1;
			n++;
		}
	}
	free(has);
	return n ? n : 1;
}

/* Record i's lifetime under time to live (rule 28: its own ttl, else
   the container's default def), s; PK_TTL_NEVER never expires; -2 when
   its ttl is not one the service takes (refused: never stored); *own
   set to 1 when the record has a ttl of its own */
static int64_t record_life(const struct pk_result_variant *v,
			   const struct pk_workload *w, uint64_t i, int prop,
			   int64_t def, int *own)
{
	char buf[64];
	struct pk_value val;
	int64_t t;

	if (def == PK_TTL_OFF || !v->service_queries->item_ttl) {
		return PK_TTL_NEVER;
	}
	if (workload_value(w, i, prop, &val, buf, sizeof(buf)) != 0) {
		val.type = PK_VALUE_UNDEFINED;
	}
	*own |= val.type != PK_VALUE_UNDEFINED;
	if (v->service_queries->item_ttl(&val, &t) != 0) {
		return -2;
	}
	t = t == PK_TTL_OFF ? def : t;
	return t > 0 ? t : PK_TTL_NEVER;
}

/* Bytes of an id read to tell records apart: the service's 1,023 and a
   NUL (a longer one is refused before this) */
#define PK_RW_ID_BYTES 1024

/* Whether record i's id (property id_prop) is new under its key k: a
   record repeating one that never expires is a create refused with 409
   (ASSUMPTION: one that may have expired is counted, which errs early);
   a record whose id cannot be read is new */
static int record_new(const struct pk_workload *w, uint64_t i, int id_prop,
		      const struct rw_key *k, struct rw_idset *seen)
{
	char buf[PK_RW_ID_BYTES];
	struct pk_value val;

	if (id_prop < 0 ||
	    workload_value(w, i, id_prop, &val, buf, sizeof(buf)) != 0 ||
	    val.type != PK_VALUE_STRING) {
		return 1;
	}
	return runway_idset_add(
	    seen, runway_id_code(k->id, k->at.id_len, val.str, val.len));
}

/* Records a pool's size over, at least, for a group's records to have
   drawn it nearly whole: all but e^-5, 0.7 %, of its ids */
#define PK_RW_POOL_DRAWN 5.0

/* The ids group g's records are drawn among: N with N x (1 - e^(-n/N))
   = d, the distinct ids d of its n records (as if drawn uniformly from a
   pool of N, runway.h's finite ids read backwards); HUGE_VAL when none
   repeats */
static double pool_of(double d, double n)
{
	double lo = d, hi = d;
	int i;

	if (d >= n) {
		return HUGE_VAL;
	}
	while (hi * -expm1(-n / hi) < d && hi < 1e18) {
		hi *= 2;
	}
	for (i = 0; i < 200 && hi - lo > 1e-9 * lo; i++) {
		double mid = (lo + hi) / 2;

		if (mid * -expm1(-n / mid) < d) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return hi;
}

/* 1 when group g, some of whose records repeat an id it holds, rewrites
   a pool of ids (pool_of) its records have drawn nearly whole (at least
   PK_RW_POOL_DRAWN x the pool of them) that holds less than cap at its
   mean item: then it never fills, and *ids becomes PK_RUNWAY_IDS with
   the most of such groups (bound_bytes, ids). ASSUMPTION: its records go
   on drawing among those ids. Otherwise (new ids still coming, a
   duplicate now and then) it is projected from its new records only,
   over all its records' span. */
static int repeats_bound(const struct group *g, double cap,
			 struct pk_runway *ids)
{
	const double n = (double)(g->n + g->n_rep);
	const double pool = ceil(pool_of((double)g->n, n) - 1e-6);
	const double most = pool * g->bytes / (double)g->n;

	if (!(most < cap) || n < PK_RW_POOL_DRAWN * pool) {
		return 0;
	}
	if (ids->kind != PK_RUNWAY_IDS || most > ids->bound_bytes) {
		ids->kind = PK_RUNWAY_IDS;
		ids->bound_bytes = most;
		ids->ids = (uint64_t)pool;
	}
	return 1;
}

/* The data's time after group g's last record that its span counts,
   s, data_end the data's last record (ms): its silence there
   less one of its own mean gaps between records. A key still writing
   has its next record due within about one gap, and the data ends
   somewhere inside it (its own span stands); a key silent longer has
   stopped, and the rest of the data is time it wrote nothing, so a
   burst at the data's start is not taken as its rate for 5 years.
   ASSUMPTION: a silence past one mean gap is the key's, not chance
   (continuous at one gap: nothing added there). 0 for a group of
   fewer than 2 records. */
static double quiet_after(const struct group *g, int64_t data_end)
{
	double gap, silent;

	if (g->n < 2 || g->last_ms <= g->first_ms || data_end <= g->last_ms) {
		return 0;
	}
	gap = (double)(g->last_ms - g->first_ms) / PK_RW_MS_PER_S /
	      (double)(g->n + g->n_rep - 1);
	silent = (double)(data_end - g->last_ms) / PK_RW_MS_PER_S;
	return silent > gap ? silent - gap : 0;
}

/* Seconds from its first record until group g, growing at rate (B/s),
   holds cap bytes under time to live: what never expires grows, the
   rest holds its last lifetime's writes; HUGE_VAL when it levels off
   below cap (*level then that level, B) */
static double ttl_fill(const struct group *g, double rate, double cap,
		       double *level)
{
	const double p = g->bytes > 0 ? g->keep / g->bytes : 1.0;
	const double life =
	    g->bytes > g->keep ? g->life / (g->bytes - g->keep) : 0.0;

	*level = rate * (1.0 - p) * life;
	if (rate * life >= cap || p >= 1.0) {
		return cap / rate; /* before anything expires */
	}
	if (p <= 0) {
		return HUGE_VAL;
	}
	return life + (cap - rate * life) / (rate * p);
}

/* Seconds a bucket current len_s of every period_s is current at most
   within any window of life seconds: its whole periods' and the most
   of the rest */
static double active_within(const struct pk_time_bucket *bk, double life)
{
	const double per = (double)bk->period_s, len = (double)bk->len_s;
	const double whole = floor(life / per);

	return whole * len + fmin(life - whole * per, len);
}

/* A walked group's level under time to live when every record of it
   expires (rule 28): while current it grows at rate, and holds what it
   was sent within its records' mean lifetime, so at most rate x its
   current seconds in any such window, B; -1 when some record never
   expires (ASSUMPTION: then it is walked as without time to live, which
   errs early) */
static double walked_level(const struct group *g,
			   const struct pk_time_bucket *bk, double rate)
{
	if (g->keep > 0 || !(g->bytes > 0)) {
		return -1;
	}
	return rate * active_within(bk, g->life / g->bytes);
}

/* A logical partition whose records share one instant (no span, no
   rate of its own): the soonest it could fill, its records let in at
   its range's bound from the first (t, s; rate, B/s) */
struct instant {
	struct group *g;
	double t, rate;
};

/* Offer g, n >= 2 records at one instant, to *o: kept when it fills
   sooner at its bound (none known, or skip set: not offered) */
static void instant_offer(const struct pk_result_variant *v, struct group *g,
			  double factor, double cap, int skip, size_t n_pool,
			  struct instant *o)
{
	const double mean = g->bytes / (double)g->n / factor;
	const double ru = (double)runway_write_mru(v, mean) / 1000.0;
	double rate, when;

	if (skip || !(ru > 0)) {
		return;
	}
	rate = runway_range_ru(v, g->range, n_pool) / ru * mean * factor;
	if (!(rate > 0)) {
		return;
	}
	when = (double)g->first_ms / PK_RW_MS_PER_S +
	       (cap - g->first_bytes) / rate;
	if (when < o->t || (when == o->t && o->g &&
			    (g->key_len < o->g->key_len ||
			     (g->key_len == o->g->key_len &&
			      memcmp(g->key, o->g->key, g->key_len) < 0)))) {
		o->g = g;
		o->t = when;
		o->rate = rate;
	}
}

void runway_from_data(const struct pk_scenario *sc, const struct pk_workload *w,
		      struct pk_result_variant *v, struct pk_runway *rw)
{
	const double cap = (double)v->spec->lp_storage_bytes;
	const double factor =
	    v->spec->index_factor > 0 ? v->spec->index_factor : 1.0;
	struct group *tab = NULL, *g, *tmp, *best = NULL;
	struct rw_key key;
	uint64_t i, n = workload_items(w);
	double best_t = HUGE_VAL, best_rate = 0, best_span = 0;
	struct instant one = {NULL, HUGE_VAL, 0};
	int fresh, several_at_once = 0, best_held = 0, best_walked = 0;
	/* a bucket that comes back, an hour or more, data read by its time
	   field: each group grows only while its bucket is current, hour
	   by hour in the data's own time */
	const int walked = rw->bucket.period_s > 0 &&
			   rw->bucket.len_s >= PK_RUNWAY_STEP_S &&
			   sc->items_file->from == PK_FROM_TIME_FIELD;
	struct walk wk;
	size_t best_range = SIZE_MAX, n_pool;
	const int64_t def = v->spec->default_ttl_s;
	const int ttl_prop =
	    def != PK_TTL_OFF ? workload_prop_index(w, "/ttl") : -1;
	double level = 0, level_rate = 0, level_life = 0, best_level = 0;
	/* the first to fill does so before any of its records expires */
	int before = 0, best_before = 0;
	const struct group *level_g = NULL;
	const int id_prop = workload_prop_index(w, runway_id_path(v));
	struct rw_idset seen = {NULL, 0, 0, 0};
	struct rw_gindex gx = {NULL, 0, 0};
	/* the run found every record's id distinct (a string, no two
	   alike): no record repeats one, so none needs the set */
	const int ids_distinct = workload_file_ids_known_distinct(w);
	struct pk_runway ids; /* the most a group rewriting its ids holds */
	/* the file's stored records' first and last times, ms, and how
	   many: at --rate, the arrival of the whole file */
	int64_t file_first = -1, file_last = -1;
	/* the data's first and last records' times, ms, whatever they
	   stored, the latest of the others and the last's index */
	int64_t data_end = -1, data_first = -1, end_prev = -1;
	size_t end_i = 0;
	uint64_t n_file = 0;
	/* a walked group that fills past the horizon holding most by then
	   (far_held, B) */
	struct group *far = NULL;
	double far_held = 0, far_rate = 0, far_span = 0;
	/* the silence after a group's last record its span counts
	   (quiet_after), s: the group's at hand and the first's */
	double quiet = 0, best_quiet = 0;
	int best_file = 0;
	/* a file at --rate under a time key that comes back, no time to
	   live, no record repeating an id: walked again (file_again) */
	int again = sc->items_file->from == PK_FROM_RATE &&
		    rw->bucket.period_s > 0 && def == PK_TTL_OFF;

	memset(&ids, 0, sizeof(ids));
	runway_text_init(&wk.memo, v, sc);
	wk.epoch_s = (double)workload_data_epoch_ms(w) / 1000.0;
	wk.text[0] = '\0';
	runway_key_init(v, &key);
	rw->basis = sc->items_file->from == PK_FROM_RATE ? PK_RUNWAY_DATA_RATE
							 : PK_RUNWAY_DATA_TIME;
	for (i = 0; i < n; i++) {
		int64_t t = workload_item_data_ms(w, i);
		double b = (double)workload_item_size(w, i) * factor;
		int64_t life =
		    record_life(v, w, i, ttl_prop, def, &rw->data_own_ttl);

		if (t > data_end) {
			end_prev = data_end;
			data_end = t;
			end_i = i;
		} else if (t > end_prev) {
			end_prev = t;
		}
		data_first = data_first < 0 || t < data_first ? t : data_first;
		runway_item_key(v, sc, w, i, NULL, &key);
		if (key.at.status != 0 || life == -2) {
			continue; /* refused (400): never stored */
		}
		g = runway_gindex_get(&gx, &tab, key.id, key.at.id_len, &fresh);
		if (!fresh && life == PK_TTL_NEVER && !ids_distinct &&
		    !record_new(w, i, id_prop, &key, &seen)) {
			/* its id is stored: a 409, nothing new, though
			   its time is the group's */
			again = 0;
			g->n_rep++;
			g->last_ms = t;
			continue;
		}
		if (fresh && life == PK_TTL_NEVER && !ids_distinct) {
			record_new(w, i, id_prop, &key, &seen);
		}
		if (fresh) {
			g->range = runway_range_of(v, &key.at.epk);
			g->first_ms = t;
			g->first_bytes = b;
		}
		g->n++;
		g->bytes += b;
		g->last_ms = t;
		if (life > 0) {
			g->life += b * (double)life;
		} else {
			g->keep += b;
		}
		if (g->cross_ms < 0 && g->bytes >= cap && def == PK_TTL_OFF) {
			g->cross_ms = t;
			g->cross_bytes = g->bytes;
		}
		file_first = file_first < 0 || t < file_first ? t : file_first;
		file_last = t > file_last ? t : file_last;
		n_file++;
	}
	if (again && n_file >= 2 && file_last > file_first) {
		file_again(sc, w, v, factor, cap, tab, &key);
	}
	if (end_prev > data_first &&
	    data_end - end_prev > end_prev - data_first) {
		/* the data's end is one record further from the rest than
		   the rest spans: said beside a silence counted to it */
		rw->lone_end_s = (double)(data_end - end_prev) / PK_RW_MS_PER_S;
		runway_item_key(v, sc, w, end_i, NULL, &key);
		if (key.at.status == 0) {
			result_key_text(v, key.id, key.at.id_len, rw->lone_who,
					sizeof(rw->lone_who));
		}
	}
	runway_key_free(&key);
	runway_idset_free(&seen);
	runway_gindex_free(&gx);
	n_pool = ranges_of(v, tab);
	HASH_ITER(hh, tab, g, tmp)
	{
		double when, rate, span, bound, mean, ru, lvl = 0;
		int held = 0, is_file = 0;

		quiet = 0;
		if (g->n_rep > 0 && repeats_bound(g, cap, &ids)) {
			continue; /* rewrites its ids: never fills */
		}
		/* as many repeats as new records: a pool redrawn, not
		   new ids still coming (ASSUMPTION: where the two part) */
		rw->ids_repeat |= g->n_rep > 0 && g->n_rep >= g->n;
		if (g->cross_ms >= 0) {
			/* it fills inside the data: then, at its rate up to
			   that record (a walked bucket's while current) */
			const double t0 = (double)g->first_ms / PK_RW_MS_PER_S;

			when = (double)g->cross_ms / PK_RW_MS_PER_S;
			if (walked) {
				text_at(&wk, t0, wk.text);
			}
			span = walked ? walk_active(&wk, t0, when) : when - t0;
			rate = span > 0
				   ? (g->cross_bytes - g->first_bytes) / span
				   : 0;
		} else if (g->n >= 2 && g->last_ms > g->first_ms) {
			const double t0 = (double)g->first_ms / PK_RW_MS_PER_S,
				     t1 = (double)g->last_ms / PK_RW_MS_PER_S;

			span = t1 - t0;
			if (walked) {
				text_at(&wk, t0, wk.text);
				/* its rate while current: the hours of its
				   span its bucket was not are no time of
				   its own */
				span = walk_active(&wk, t0, t1);
			} else if (!rw->bucket.len_s) {
				quiet = quiet_after(g, data_end);
				span += quiet;
			}
			rate =
			    span > 0 ? (g->bytes - g->first_bytes) / span : 0;
			mean = g->bytes / (double)g->n / factor;
			ru = (double)runway_write_mru(v, mean) / 1000.0;
			bound = ru > 0 ? runway_range_ru(v, g->range, n_pool) /
					     ru * mean * factor
				       : HUGE_VAL;
			if (rate > bound) {
				rate = bound;
				held = 1;
			}
			if (!(rate > 0)) {
				continue;
			}
			/* every record living one lifetime (none its own)
			   and the cap reached within it from the first:
			   time to live takes nothing first, so it is
			   projected as without it, exactly */
			before =
			    def != PK_TTL_OFF && !rw->bucket.len_s &&
			    !rw->data_own_ttl && g->keep <= 0 && g->bytes > 0 &&
			    rate * g->life / g->bytes >= cap - g->first_bytes;
			if (def != PK_TTL_OFF && !rw->bucket.len_s && !before) {
				/* time to live: from its first record */
				when = t0 + ttl_fill(g, rate, cap, &lvl);
				if (when == HUGE_VAL) {
					if (lvl > level) {
						level = lvl;
						level_g = g;
						level_rate = rate;
						level_life =
						    g->life /
						    (g->bytes - g->keep);
					}
					continue;
				}
				rate *= g->keep / g->bytes;
				goto chosen;
			} else if (rw->bucket.len_s > 0 &&
				   rw->bucket.period_s == 0) {
				/* its bucket ends len_s after its first
				   record at the latest: the records that
				   fit before then at their own mean spacing
				   (one due at its very end is the next
				   bucket's), each its mean size; held back,
				   at the bound's rate */
				double left =
				    (double)(g->first_ms - g->last_ms) /
					PK_RW_MS_PER_S +
				    (double)rw->bucket.len_s;
				const double dt =
				    (t1 - t0) / (double)(g->n - 1);
				double reach =
				    held || !(left > 0)
					? g->bytes +
					      rate * (left > 0 ? left : 0)
					: g->bytes +
					      (ceil(left / dt) - 1.0) *
						  (g->bytes - g->first_bytes) /
						  (double)(g->n - 1);

				if (reach < cap) {
					if (reach > rw->bound_bytes) {
						rw->bound_bytes = reach;
					}
					continue;
				}
			} else if (walked && def != PK_TTL_OFF &&
				   (lvl = walked_level(g, &rw->bucket, rate)) >=
				       0 &&
				   lvl < cap) {
				/* its bucket holds its last lifetime's
				   writes while current: levels off */
				if (lvl > level) {
					level = lvl;
					level_g = g;
					level_rate = rate;
					level_life = g->life / g->bytes;
				}
				continue;
			} else if (walked) {
				lvl = 0;
				/* no sooner than growing without pause */
				when = t1 + (cap - g->bytes) / rate;
				if (when <= best_t) {
					text_at(&wk, t0, wk.text);
					when = walk_fill(
					    &wk, t1, cap - g->bytes, rate,
					    (double)PK_RUNWAY_HORIZON_S +
						PK_RUNWAY_STEP_S);
				}
				if (when == HUGE_VAL && !best) {
					/* past the horizon: what it holds
					   by then, its bucket current its
					   days */
					const double by =
					    g->bytes +
					    rate * periodic_active(
						       &wk, &rw->bucket, t0, t1,
						       (double)
							   PK_RUNWAY_HORIZON_S);

					if (by > far_held) {
						far = g;
						far_held = by;
						far_rate = rate;
						far_span = span;
					}
					continue;
				}
				goto chosen;
			} else if (rw->bucket.period_s > 0 &&
				   sc->items_file->from == PK_FROM_RATE &&
				   file_last > file_first && n_file >= 2) {
				/* ASSUMPTION: a file at --rate, its records'
				   buckets read from their own times, which
				   the arrival does not follow: it takes its
				   share of the file's records, as if the
				   file came again and again (a weekday a
				   seventh of two weeks' records), the file
				   arriving every n / (n - 1) x its span */
				span = (double)(file_last - file_first) /
				       PK_RW_MS_PER_S * (double)n_file /
				       (double)(n_file - 1);
				rate = g->bytes / span;
				is_file = 1;
				if (rate > bound) {
					rate = bound;
					held = 1;
				} else if (again && g->again_ms >= 0) {
					/* the copy it fills in, at the
					   record that fills it */
					when =
					    (double)file_first /
						PK_RW_MS_PER_S +
					    floor(g->again_need) * span +
					    (double)(g->again_ms - file_first) /
						PK_RW_MS_PER_S;
					goto chosen;
				}
			} else if (rw->bucket.period_s > 0 &&
				   span < (double)rw->bucket.period_s) {
				/* ASSUMPTION: buckets under an hour: it
				   grows len_s of every period_s, its rate
				   averaged so */
				rate *= (double)rw->bucket.len_s /
					(double)rw->bucket.period_s;
			}
			/* held back, its own span is too: it grows at
			   the bound from its first record */
			when = held ? t0 + (cap - g->first_bytes) / rate
				    : t1 + quiet + (cap - g->bytes) / rate;
		} else {
			several_at_once |= g->n >= 2;
			if (g->n >= 2) {
				/* not a time key's, nor under time to live */
				instant_offer(v, g, factor, cap,
					      rw->bucket.len_s > 0 ||
						  def != PK_TTL_OFF,
					      n_pool, &one);
			}
			continue;
		}
	chosen:
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
			best_walked = walked;
			best_level = lvl;
			best_before = before;
			best_file = is_file;
			best_quiet = quiet;
		}
		before = 0;
	}
	if (!best && far && !one.g) {
		/* walked groups fill, none within the horizon */
		rw->kind = PK_RUNWAY_BEYOND;
		rw->bound_bytes = far_held;
		runway_set_who(v, far->key, far->key_len, rw);
		rw->rate_bytes_per_s = far_rate;
		rw->span_s = far_span;
		runway_groups_free(&tab);
		return;
	}
	if (!best && level > 0) {
		/* every record expires: the largest level */
		rw->kind = PK_RUNWAY_LEVELS;
		rw->bound_bytes = level;
		runway_set_who(v, level_g->key, level_g->key_len, rw);
		rw->rate_bytes_per_s = level_rate;
		rw->ttl_s = (int64_t)llround(level_life);
		runway_groups_free(&tab);
		return;
	}
	if (!best && !one.g && rw->bound_bytes <= 0 &&
	    ids.kind == PK_RUNWAY_IDS) {
		/* every group rewrites its ids, the most the largest holds */
		rw->kind = PK_RUNWAY_IDS;
		rw->bound_bytes = ids.bound_bytes;
		rw->ids = rw->ids_pool = ids.ids;
		rw->ids_mean = 1;
		runway_groups_free(&tab);
		return;
	}
	if (!best && one.g && rw->bound_bytes <= 0) {
		/* nothing has a span of its own: the soonest an instant's
		   records could fill (the sentence says it is no rate) */
		best = one.g;
		best_t = one.t;
		best_rate = one.rate;
		best_held = 1;
		best_range = one.g->range;
	}
	if (!best) {
		rw->kind = rw->bound_bytes > 0 ? PK_RUNWAY_BUCKETS
			   : several_at_once   ? PK_RUNWAY_AT_ONCE
					       : PK_RUNWAY_NEVER;
		runway_groups_free(&tab);
		return;
	}
	runway_set_who(v, best->key, best->key_len, rw);
	rw->rate_bytes_per_s = best_rate;
	rw->span_s = best_span;
	rw->quiet_s = best_quiet;
	rw->span_file = best_file;
	if (best_held && best_range < v->n_ranges) {
		rw->bound_range = v->ranges[best_range].id;
		rw->bound_ru_per_s =
		    (int64_t)llround(runway_range_ru(v, best_range, n_pool));
	}
	if (best_t > (double)PK_RUNWAY_HORIZON_S) {
		const double t1 =
		    (double)best->last_ms / PK_RW_MS_PER_S + best_quiet;

		rw->kind = PK_RUNWAY_BEYOND;
		if (best_walked) {
			text_at(&wk, (double)best->first_ms / PK_RW_MS_PER_S,
				wk.text);
		}
		rw->bound_bytes =
		    (def != PK_TTL_OFF && !rw->bucket.len_s
			 ? best->keep + best_level
			 : best->bytes) +
		    best_rate *
			(best_walked
			     ? walk_active(&wk, t1, (double)PK_RUNWAY_HORIZON_S)
			     : (double)PK_RUNWAY_HORIZON_S - t1);
	} else {
		rw->kind = PK_RUNWAY_DAYS;
		rw->full_s = best_t;
		/* projected as without time to live, exactly (said) */
		rw->ttl_after = best_before;
		rw->ttl_s = best_before
				? (int64_t)llround(best->life / best->bytes)
				: rw->ttl_s;
	}
	runway_groups_free(&tab);
}
