/*
 * runway_data: days to full for a data file: every record at its own
 * time (compression undone), grouped by key, each group over its own
 * first-to-last span (runway.h has the rules).
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
	int fresh, several_at_once = 0, best_held = 0;
	size_t best_range = SIZE_MAX;

	runway_key_init(v, &key);
	rw->basis = sc->items_file->from == PK_FROM_RATE ? PK_RUNWAY_DATA_RATE
							 : PK_RUNWAY_DATA_TIME;
	for (i = 0; i < n; i++) {
		int64_t t = workload_item_data_ms(w, i);
		double b = (double)workload_item_size(w, i) * factor;

		runway_item_key(v, sc, w, i, NULL, &key);
		if (key.at.status != 0) {
			continue; /* refused (400): never stored */
		}
		g = runway_group_get(&tab, key.id, key.at.id_len, &fresh);
		if (fresh) {
			g->range = runway_range_of(v, &key.at.epk);
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
	runway_key_free(&key);
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
			ru = (double)runway_write_mru(v, mean) / 1000.0;
			bound = ru > 0 ? runway_range_ru(v, g->range) / ru *
					     mean * factor
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
		runway_groups_free(&tab);
		return;
	}
	runway_set_who(v, best->key, best->key_len, rw);
	rw->rate_bytes_per_s = best_rate;
	rw->span_s = best_span;
	if (best_held && best_range < v->n_ranges) {
		rw->bound_range = v->ranges[best_range].id;
		rw->bound_ru_per_s =
		    (int64_t)llround(runway_range_ru(v, best_range));
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
	runway_groups_free(&tab);
}
