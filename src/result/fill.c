/*
 * fill: when each logical partition reaches its cap, and which is first
 * (result.h, struct pk_result_fill). Two passes over the snapshot's
 * logical partitions after the run (the first is result.c's, which
 * gathers the span every rate needs: result_fill_see; the second
 * here), from the three growth fields each
 * keeps (first_grow_ms, last_write_ms, grow_base_bytes), the bytes time
 * to live freed and the items preloaded: the per-operation path keeps
 * only the latest write (last_write_ms).
 */
#include "pksim/result/result.h"

#include <stdint.h>
#include <string.h>

#include "pksim/service/snapshot.h"
#include "result_int.h"

#define PK_FILL_MS_PER_S 1000.0

/* Data ms per ms of the run's clock (result.h). */
static double data_scale(const struct pk_scenario *sc)
{
	const struct pk_items_file *f = sc->items_file;

	return f && f->from == PK_FROM_TIME_FIELD ? f->time_compression : 1.0;
}

/* The data span of the growing writes, whether some logical partition
   is full, and whether all growth came at one instant, from what
   result.c's pass saw of every logical partition (sp). */
static void span(const struct pk_result_fill_span *sp, struct pk_result_fill *f)
{
	f->full_now = sp->full;
	if (sp->hi >= 0) {
		f->data_span_s =
		    (double)(sp->hi - sp->lo) * f->scale / PK_FILL_MS_PER_S;
		f->at_one_instant = sp->hi == sp->lo && sp->multi;
	}
}

/* lp's growth rate, B per data second, into *rate over *measured s, as
   result.h says; 0 when it did not grow after its first instant. For a
   value that never comes back, *reach: what its bucket holds at its end
   at that rate. */
static int rate_of(const struct pk_snapshot_lp *lp,
		   const struct pk_result_fill *f, double *rate,
		   double *measured, double *reach)
{
	const struct pk_time_bucket *b = &f->bucket;
	uint64_t stored = lp->storage_bytes, base = lp->grow_base_bytes;
	uint64_t grown, held, pre, freed = lp->ttl_freed_bytes;
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
	held = lp->items;
	pre = lp->preloaded_items;
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

/* The first logical partition to fill so far, and the one levelling off
   highest under TTL (result.h), as the second pass finds them. */
struct leaders {
	struct pk_snapshot_lp first, level;
	int has_first, has_level;
};

/* Weigh lp, growing at rate (rate_of), against the leaders: skip it when
   its bucket ends before it fills, else as one that levels off under
   TTL (below the cap within lives data seconds) or one that fills. */
static void weigh(const struct pk_snapshot_lp *lp, double rate, double measured,
		  double reach, double cap, double lives,
		  struct pk_result_fill *f, struct leaders *l)
{
	double left, stored;

	if (reach > f->bucket_reach_bytes) {
		f->bucket_reach_bytes = reach;
	}
	if (f->bucket.len_s > 0 && f->bucket.period_s == 0 && reach < cap) {
		return; /* its bucket ends before it fills */
	}
	if (f->ttl_s > 0 && rate * lives < cap) {
		/* it holds lives seconds of writes at most */
		if (!l->has_level || rate * lives > f->level_bytes) {
			l->level = *lp;
			l->has_level = 1;
			f->level_bytes = rate * lives;
			f->level_rate = rate;
		}
		return;
	}
	stored = (double)lp->storage_bytes;
	left = cap > stored ? (cap - stored) / rate : 0;
	if (!l->has_first || left < f->first_s) {
		l->first = *lp;
		l->has_first = 1;
		f->first_s = left;
		f->rate_bytes_per_s = rate;
		f->measured_s = measured;
	}
}

void result_fill_build(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       const struct pk_result_fill_span *sp,
		       struct pk_result_variant *v)
{
	struct pk_result_fill *f = &v->fill;
	const double cap = (double)s->spec->lp_storage_bytes;
	struct leaders l = {.has_first = 0, .has_level = 0};
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	double rate, measured, reach, lives;

	memset(f, 0, sizeof(*f));
	f->bucket = s->key_bucket;
	f->scale = data_scale(sc);
	f->first_s = -1;
	if (!s->cosmos) {
		/* the cap is Azure Cosmos DB's (rule 11, spec's
		   lp_storage_bytes): another service's logical partitions
		   have none this model knows, so nothing fills
		   (scorecard.h: PK_FULL_NO_CAP) */
		return;
	}
	f->ttl_s = s->cosmos->ttl_lifetime_s;
	/* a lifetime in data seconds, as the rates are */
	lives = (double)f->ttl_s * f->scale;
	span(sp, f);
	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		if (rate_of(lp, f, &rate, &measured, &reach)) {
			weigh(lp, rate, measured, reach, cap, lives, f, &l);
		}
	}
	if (l.has_first) {
		f->growing = 1;
		result_copy_lp(&l.first, &f->first);
	} else if (l.has_level) {
		f->levels_off = 1;
		result_copy_lp(&l.level, &f->level);
	}
	f->bounded =
	    f->bucket.len_s > 0 && f->bucket.period_s == 0 && !f->growing;
}
