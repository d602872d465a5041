/*
 * fill: when each logical partition reaches its cap, and which is first
 * (result.h, struct pk_result_fill). Two passes over the logical
 * partitions after the run, from the three growth fields each keeps
 * (pk_lp.first_grow_ms, last_write_ms, grow_base_bytes) and the items
 * preloaded: the per-operation path keeps only the latest write
 * (last_write_ms).
 */
#include "pksim/result/result.h"

#include <stdint.h>
#include <string.h>

#include "pksim/service/cosmos/container.h"

#define PK_FILL_MS_PER_S 1000.0

/* Data ms per ms of the run's clock (result.h). */
static double data_scale(const struct pk_scenario *sc)
{
	const struct pk_items_file *f = sc->items_file;

	return f && f->from == PK_FROM_TIME_FIELD ? f->time_compression : 1.0;
}

/* The data span of the growing writes, whether some logical partition
   is full, and whether all growth came at one instant (first pass). */
static void span(const struct pk_container *c, struct pk_result_fill *f)
{
	int64_t lo = INT64_MAX, hi = -1;
	int multi = 0;
	uint64_t x;

	for (x = 1; x <= c->n_lps; x++) {
		const struct pk_lp *lp = container_lp(c, x);

		if (container_lp_count(c, lp, PK_LP_STORAGE) >=
			c->spec.lp_storage_bytes ||
		    container_lp_rare(c, lp)->rejected_403 > 0) {
			f->full_now = 1;
		}
		if (lp->first_grow_ms < 0) {
			continue;
		}
		lo = lp->first_grow_ms < lo ? lp->first_grow_ms : lo;
		hi = lp->last_write_ms > hi ? lp->last_write_ms : hi;
		multi |= container_lp_count(c, lp, PK_LP_ITEMS) > 1;
	}
	if (hi >= 0) {
		f->data_span_s =
		    (double)(hi - lo) * f->scale / PK_FILL_MS_PER_S;
		f->at_one_instant = hi == lo && multi;
	}
}

/* lp's growth rate, B per data second, into *rate over *measured s, as
   result.h says; 0 when it did not grow after its first instant. For a
   value that never comes back, *reach: what its bucket holds at its end
   at that rate. */
static int rate_of(const struct pk_container *c, const struct pk_lp *lp,
		   const struct pk_result_fill *f, double *rate,
		   double *measured, double *reach)
{
	const struct pk_time_bucket *b = &f->bucket;
	uint64_t stored = container_lp_count(c, lp, PK_LP_STORAGE);
	uint64_t base = container_lp_count(c, lp, PK_LP_GROW_BASE);
	uint64_t grown, held, pre, freed = container_ttl_freed(c, lp);
	double own, len = (double)b->len_s, period = (double)b->period_s;

	if (lp->first_grow_ms < 0 || lp->last_write_ms <= lp->first_grow_ms ||
	    stored + freed <= base) {
		return 0;
	}
	/* what its writes added: what TTL took out counts (result.h) */
	grown = stored + freed - base;
	own = (double)(lp->last_write_ms - lp->first_grow_ms) * f->scale /
	      PK_FILL_MS_PER_S;
	/* items the run wrote: preloaded ones say nothing of a rate */
	held = container_lp_count(c, lp, PK_LP_ITEMS);
	pre = container_lp_preloaded(c, lp);
	*measured = (held > pre ? held - pre : 0) >= PK_RESULT_FILL_MIN_ITEMS ||
			    own >= f->data_span_s
			? own
			: f->data_span_s;
	*rate = (double)grown / *measured;
	*reach = 0;
	if (b->len_s > 0 && b->period_s == 0) {
		*reach = *rate * len;
	} else if (b->period_s > 0 && *measured < period) {
		/* it grows len of every period */
		*rate = (double)grown / (*measured < len ? *measured : len) *
			len / period;
	}
	return 1;
}

void result_fill_build(const struct pk_container *c,
		       const struct pk_scenario *sc,
		       struct pk_result_variant *v)
{
	struct pk_result_fill *f = &v->fill;
	const double cap = (double)c->spec.lp_storage_bytes;
	const struct pk_lp *lp, *first = NULL, *level = NULL;
	double rate, measured, reach, left, stored, lives;
	uint64_t x;

	memset(f, 0, sizeof(*f));
	pkey_time_bucket(v->key, sc, &f->bucket);
	f->scale = data_scale(sc);
	f->first_s = -1;
	f->ttl_s = container_ttl_lifetime_s(c);
	/* a lifetime in data seconds, as the rates are */
	lives = (double)f->ttl_s * f->scale;
	span(c, f);
	for (x = 1; x <= c->n_lps; x++) {
		lp = container_lp(c, x);
		if (!rate_of(c, lp, f, &rate, &measured, &reach)) {
			continue;
		}
		if (reach > f->bucket_reach_bytes) {
			f->bucket_reach_bytes = reach;
		}
		if (f->bucket.len_s > 0 && f->bucket.period_s == 0 &&
		    reach < cap) {
			continue; /* its bucket ends before it fills */
		}
		if (f->ttl_s > 0 && rate * lives < cap) {
			/* it holds lives seconds of writes at most */
			if (!level || rate * lives > f->level_bytes) {
				level = lp;
				f->level_bytes = rate * lives;
				f->level_rate = rate;
			}
			continue;
		}
		stored = (double)container_lp_count(c, lp, PK_LP_STORAGE);
		left = cap > stored ? (cap - stored) / rate : 0;
		if (!first || left < f->first_s) {
			first = lp;
			f->first_s = left;
			f->rate_bytes_per_s = rate;
			f->measured_s = measured;
		}
	}
	if (first) {
		f->growing = 1;
		result_copy_lp(c, first, &f->first);
	} else if (level) {
		f->levels_off = 1;
		result_copy_lp(c, level, &f->level);
	}
	f->bounded =
	    f->bucket.len_s > 0 && f->bucket.period_s == 0 && !f->growing;
}
