/*
 * scorecard: per-variant figures, ranking and verdicts (see scorecard.h).
 */
#include "pksim/report/scorecard.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

#define PK_SECONDS_PER_DAY 86400.0
/* a variant's hottest logical partition is worth the verdict when it
   takes at least this share of the RU */
#define PK_SCORECARD_HOT_SHARE 0.5
/* D-429: up to 5% 429s is healthy */
#define PK_SCORECARD_HEALTHY_429 0.05

static double ratio(double a, double b)
{
	return b > 0 ? a / b : 0.0;
}

static void hottest(const struct pk_result_variant *v,
		    struct pk_scorecard *sc)
{
	const struct pk_result_lp *top = &v->top_ru[0];

	if (v->n_top_ru == 0) {
		return;
	}
	sc->have_hottest = 1;
	pkey_format_id(v->key, top->key, top->key_len, sc->hottest_key,
		       sizeof(sc->hottest_key));
	sc->hottest_undefined = pkey_id_is_undefined(top->key, top->key_len);
	sc->hottest_share_requests =
		ratio((double)top->served, (double)v->lps_served);
	sc->hottest_share_ru = ratio((double)top->ru_mru,
				     (double)v->metrics->totals.ru_mru);
	sc->hottest_share_storage =
		ratio((double)top->storage_bytes, (double)v->storage_bytes);
}

static void ranges(const struct pk_result_variant *v,
		   struct pk_scorecard *sc)
{
	uint64_t max = 0;
	size_t i;

	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *p = &v->ranges[i];
		double rate = ratio((double)p->throttled_429,
				    (double)p->requests);

		if (p->storage_bytes > max) {
			max = p->storage_bytes;
		}
		if (rate > sc->worst_range_429_rate) {
			sc->worst_range_429_rate = rate;
			sc->worst_range = p->id;
		}
	}
	sc->storage_max_over_mean =
		ratio((double)max,
		      (double)v->storage_bytes / (double)v->n_ranges);
}

/* Days until the largest logical partition is full at the growth seen:
   its bytes over the time between its first and last growing write (a
   logical partition written once has shown no growth: never). */
static double days_to_full(const struct pk_result_variant *v)
{
	const struct pk_result_lp *top = &v->top_storage[0];
	double rate, left;

	if (v->n_top_storage == 0 || top->storage_bytes == 0) {
		return -1;
	}
	if (top->storage_bytes >= v->spec->lp_storage_bytes ||
	    top->rejected_403 > 0) {
		return 0;
	}
	if (top->last_grow_ms <= top->first_grow_ms) {
		return -1;
	}
	rate = (double)top->storage_bytes * 1000.0 /
	       (double)(top->last_grow_ms - top->first_grow_ms);
	left = (double)(v->spec->lp_storage_bytes - top->storage_bytes);
	left = left / rate / PK_SECONDS_PER_DAY;
	return left > PK_SCORECARD_HORIZON_DAYS ? -1 : left;
}

void scorecard_fill(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_totals *t = &v->metrics->totals;

	memset(sc, 0, sizeof(*sc));
	sc->name = v->name;
	sc->logical_partitions = v->lps_live;
	hottest(v, sc);
	ranges(v, sc);
	sc->peak_normalized_ru = v->peak_normalized;
	sc->peak_range = v->peak_range;
	sc->throttled_429 = t->throttled_429;
	sc->failed_after_retries = t->failed_after_retries;
	sc->rejected_403 = t->rejected_403;
	sc->refused = t->bad_request_400 + t->too_large_413 + t->conflict_409;
	sc->days_to_full = days_to_full(v);
	/* items replayed by a compressed time field: a simulated second is
	   time_compression seconds of the data's own time */
	if (sc->days_to_full > 0 && r->sc->items_file &&
	    r->sc->items_file->from == PK_FROM_TIME_FIELD) {
		sc->days_to_full *= r->sc->items_file->time_compression;
		if (sc->days_to_full > PK_SCORECARD_HORIZON_DAYS) {
			sc->days_to_full = -1;
		}
	}
	sc->fanout_queries = t->queries[PK_ROUTE_FANOUT];
	sc->fanout_ru = metrics_ru(t->fanout_mru);
	sc->splits = v->metrics->n_splits;
	sc->operations = t->operations;
}
/* ---- ranking ---- */

static double failed_share(const struct pk_scorecard *s)
{
	return ratio((double)(s->failed_after_retries + s->rejected_403 +
			      s->refused),
		     (double)s->operations);
}

static int cmp_double(double a, double b)
{
	/* equal within a part in a million: the next figure decides */
	if (fabs(a - b) <= 1e-6 * fmax(fabs(a), fabs(b))) {
		return 0;
	}
	return a < b ? -1 : 1;
}

static int cmp_cards(const void *pa, const void *pb)
{
	const struct pk_scorecard *a = *(const struct pk_scorecard *const *)pa;
	const struct pk_scorecard *b = *(const struct pk_scorecard *const *)pb;
	int c;

	if ((c = cmp_double(failed_share(a), failed_share(b))) != 0 ||
	    (c = cmp_double(ratio((double)a->throttled_429,
				  (double)a->operations),
			    ratio((double)b->throttled_429,
				  (double)b->operations))) != 0 ||
	    (c = cmp_double(a->hottest_share_ru, b->hottest_share_ru)) != 0 ||
	    (c = cmp_double(a->peak_normalized_ru, b->peak_normalized_ru)) !=
		    0 ||
	    (c = cmp_double(a->fanout_ru, b->fanout_ru)) != 0) {
		return c;
	}
	return strcmp(a->name, b->name);
}

/* One logical partition takes most of the RU: capped at one range's
   RU/s, and full at the growth seen. */
static void hot_verdict(const struct pk_result_variant *v,
			struct pk_scorecard *s)
{
	char a[32], limited[96] = "", full[64] = "";

	if (s->throttled_429 > 0) {
		snprintf(limited, sizeof(limited),
			 "; %.1f%% of requests rate limited",
			 100.0 * ratio((double)s->throttled_429,
				       (double)(s->operations +
						s->throttled_429)));
	}
	if (s->days_to_full >= 0) {
		snprintf(full, sizeof(full), "; full in %.1f days at this rate",
			 s->days_to_full);
	}
	snprintf(s->verdict, sizeof(s->verdict),
		 "%s: one logical partition (%s) takes %.0f%% of the RU, "
		 "capped at one range's %s RU/s%s%s",
		 s->name, s->hottest_key, 100.0 * s->hottest_share_ru,
		 fmt_thousands(v->n_top_ru ? result_lp_range_ru_per_s(
						     v, &v->top_ru[0])
					   : v->ranges[0].ru_per_s_mru / 1000,
			       a),
		 limited, full);
}

/* The plain sentence: the figure that hurts this variant most. */
static void verdict(const struct pk_result_variant *v,
		    struct pk_scorecard *s)
{
	char a[32], b[32];

	if (s->refused > 0 && s->refused * 2 >= s->operations) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: %s of %s operations were refused (400, 409 or "
			 "413): the key values or items break the service's "
			 "rules",
			 s->name, fmt_thousands(s->refused, a),
			 fmt_thousands(s->operations, b));
	} else if (s->rejected_403 > 0) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: a logical partition reached its %s limit; %s "
			 "writes failed with 403",
			 s->name,
			 fmt_bytes(v->spec->lp_storage_bytes, a),
			 fmt_thousands(s->rejected_403, b));
	} else if (s->have_hottest &&
		   s->hottest_share_ru >= PK_SCORECARD_HOT_SHARE) {
		hot_verdict(v, s);
	} else if (s->worst_range_429_rate > PK_SCORECARD_HEALTHY_429) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: range %u rate-limited %.1f%% of its requests; "
			 "%s operations failed after retries",
			 s->name, s->worst_range,
			 100.0 * s->worst_range_429_rate,
			 fmt_thousands(s->failed_after_retries, a));
	} else if (s->fanout_queries > 0) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: spreads the load (hottest logical partition "
			 "%.1f%% of RU), but %s queries fan out to every range "
			 "(%s RU)",
			 s->name, 100.0 * s->hottest_share_ru,
			 fmt_thousands(s->fanout_queries, a),
			 fmt_thousands(llround(s->fanout_ru), b));
	} else {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: spreads the load over %s logical partitions "
			 "(hottest %.1f%% of RU), peak normalized RU "
			 "consumption %.0f%%",
			 s->name, fmt_thousands(s->logical_partitions, a),
			 100.0 * s->hottest_share_ru,
			 100.0 * s->peak_normalized_ru);
	}
}

struct pk_scorecard *scorecard_all(const struct pk_result *r)
{
	struct pk_scorecard *cards = xcalloc(r->n_variants, sizeof(*cards));
	struct pk_scorecard **order = xcalloc(r->n_variants, sizeof(*order));
	size_t i;

	for (i = 0; i < r->n_variants; i++) {
		scorecard_fill(r, &r->variants[i], &cards[i]);
		verdict(&r->variants[i], &cards[i]);
		order[i] = &cards[i];
	}
	qsort(order, r->n_variants, sizeof(*order), cmp_cards);
	for (i = 0; i < r->n_variants; i++) {
		order[i]->rank = i + 1;
	}
	free(order);
	return cards;
}
