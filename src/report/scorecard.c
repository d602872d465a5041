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

/* 1 if a strftime format names an absolute time (it holds the year or
   the epoch): its value never comes back, so a key made of it stops
   growing once time moves past it. %A, %H or %M alone cycle. */
static int clock_absolute(const char *fmt)
{
	const char *p;

	for (p = fmt; (p = strchr(p, '%')) != NULL && p[1]; p += 2) {
		if (strchr("YyGgFDcsxC", p[1])) {
			return 1;
		}
	}
	return 0;
}

/* 1 if path names a generated clock property of an absolute time. */
static int ref_is_clock(const struct pk_scenario *sc, const char *path)
{
	size_t i;

	for (i = 0; i < sc->n_props; i++) {
		if (sc->props[i].kind == PK_GEN_CLOCK &&
		    strcmp(sc->props[i].path, path) == 0 &&
		    clock_absolute(sc->props[i].clock_format)) {
			return 1;
		}
	}
	return 0;
}

int scorecard_key_bounded(const struct pk_pkey *k,
			  const struct pk_scenario *sc)
{
	size_t i;

	if (k->kind != PK_KEY_SYNTHETIC) {
		for (i = 0; i < k->n_refs; i++) {
			if (ref_is_clock(sc, k->refs[i])) {
				return 1;
			}
		}
		return 0;
	}
	for (i = 0; i < k->n_parts; i++) {
		switch (k->parts[i].kind) {
		case PK_TPL_DAY:
		case PK_TPL_MONTH:
		case PK_TPL_YEAR:
		case PK_TPL_HOUR:
			return 1;
		case PK_TPL_PROP:
			if (ref_is_clock(sc, k->refs[k->parts[i].ref])) {
				return 1;
			}
			break;
		default:
			break;
		}
	}
	return 0;
}

/*
 * When the largest logical partition is full (issue 12 §3), into sc:
 * bounded for a time-bucket key; n/a when every record arrived at once
 * (no growth rate); else its growth after the first instant it grew
 * (bytes stored since then over the time to its last growing write: n
 * writes make n - 1 intervals) extrapolated to the cap; never when it
 * did not grow after that instant.
 */
static void days_to_full(const struct pk_result *r,
			 const struct pk_result_variant *v,
			 struct pk_scorecard *sc)
{
	const struct pk_result_lp *top = &v->top_storage[0];
	double rate, left;

	sc->days_to_full = -1;
	if (v->n_top_storage > 0) {
		sc->largest_lp_bytes = top->storage_bytes;
	}
	if (v->n_top_storage > 0 && top->storage_bytes > 0 &&
	    (top->storage_bytes >= v->spec->lp_storage_bytes ||
	     top->rejected_403 > 0)) {
		sc->full_kind = PK_FULL_DAYS;
		sc->days_to_full = 0;
		return;
	}
	if (scorecard_key_bounded(v->key, r->sc)) {
		sc->full_kind = PK_FULL_BOUNDED;
		return;
	}
	if (r->sc->items_file && r->sc->items_file->from == PK_FROM_AT_ONCE) {
		sc->full_kind = PK_FULL_AT_ONCE;
		return;
	}
	sc->full_kind = PK_FULL_NEVER;
	if (v->n_top_storage == 0 || top->storage_bytes == 0 ||
	    top->last_grow_ms <= top->first_grow_ms ||
	    top->storage_bytes <= top->grow_base_bytes) {
		return;
	}
	rate = (double)(top->storage_bytes - top->grow_base_bytes) * 1000.0 /
	       (double)(top->last_grow_ms - top->first_grow_ms);
	left = (double)(v->spec->lp_storage_bytes - top->storage_bytes);
	left = left / rate / PK_SECONDS_PER_DAY;
	/* items replayed by a compressed time field: a simulated second is
	   time_compression seconds of the data's own time */
	if (r->sc->items_file &&
	    r->sc->items_file->from == PK_FROM_TIME_FIELD) {
		left *= r->sc->items_file->time_compression;
	}
	sc->full_kind = left > PK_SCORECARD_HORIZON_DAYS ? PK_FULL_BEYOND
							 : PK_FULL_DAYS;
	sc->days_to_full = left;
}

const char *scorecard_arrival(const struct pk_result *r, char *buf,
			      size_t cap)
{
	const struct pk_items_file *f = r->sc->items_file;

	if (!f) {
		snprintf(buf, cap, "at the scenario's rates");
	} else if (f->from == PK_FROM_RATE) {
		snprintf(buf, cap, "at %g records/s", f->rate_per_s);
	} else if (f->from == PK_FROM_TIME_FIELD) {
		snprintf(buf, cap,
			 "in the data's own time (%s, compressed %gx)",
			 f->time_field + (f->time_field[0] == '/'),
			 f->time_compression);
	} else {
		snprintf(buf, cap, "all records at once");
	}
	return buf;
}

const char *scorecard_full_text(const struct pk_result *r,
				const struct pk_scorecard *s, int brief,
				char *buf, size_t cap)
{
	char a[PK_FMT_BYTES], at[96];

	switch (s->full_kind) {
	case PK_FULL_BOUNDED:
		snprintf(buf, cap,
			 brief ? "bounded (%s)" : "bounded: largest bucket %s",
			 fmt_bytes(s->largest_lp_bytes, a));
		break;
	case PK_FULL_AT_ONCE:
		snprintf(buf, cap,
			 brief ? "n/a (at once)" : "n/a: all records at once");
		break;
	case PK_FULL_NEVER:
		snprintf(buf, cap, brief ? "never" : "never: it does not grow");
		break;
	case PK_FULL_BEYOND:
		snprintf(buf, cap, brief ? "> 100 years" : "over 100 years %s",
			 scorecard_arrival(r, at, sizeof(at)));
		break;
	default:
		if (s->days_to_full <= 0) {
			snprintf(buf, cap, "full now");
		} else if (brief) {
			snprintf(buf, cap, "%.1f", s->days_to_full);
		} else {
			snprintf(buf, cap, "%.1f days %s", s->days_to_full,
				 scorecard_arrival(r, at, sizeof(at)));
		}
		break;
	}
	return buf;
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
	days_to_full(r, v, sc);
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
static void hot_verdict(const struct pk_result *r,
			const struct pk_result_variant *v,
			struct pk_scorecard *s)
{
	char a[32], limited[96] = "", full[160] = "", t[128];

	if (s->throttled_429 > 0) {
		snprintf(limited, sizeof(limited),
			 "; %.1f%% of requests rate limited",
			 100.0 * ratio((double)s->throttled_429,
				       (double)(s->operations +
						s->throttled_429)));
	}
	if (s->full_kind == PK_FULL_DAYS) {
		snprintf(full, sizeof(full), "; full in %s",
			 scorecard_full_text(r, s, 0, t, sizeof(t)));
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
static void verdict(const struct pk_result *r,
		    const struct pk_result_variant *v,
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
		hot_verdict(r, v, s);
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
		verdict(r, &r->variants[i], &cards[i]);
		order[i] = &cards[i];
	}
	qsort(order, r->n_variants, sizeof(*order), cmp_cards);
	for (i = 0; i < r->n_variants; i++) {
		order[i]->rank = i + 1;
	}
	free(order);
	return cards;
}
