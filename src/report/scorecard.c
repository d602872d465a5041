/*
 * scorecard: per-variant figures, ranking and verdicts (see scorecard.h).
 */
#include "pksim/report/scorecard.h"
#include "pksim/load/monitor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/money.h"
#include "pksim/service/snapshot.h"

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

static void hottest(const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_result_lp *top = &v->top_ru[0];

	if (v->n_top_ru == 0) {
		return;
	}
	sc->have_hottest = 1;
	result_key_text(v, top->key, top->key_len, sc->hottest_key,
			sizeof(sc->hottest_key));
	sc->hottest_undefined = result_key_undefined(v, top->key, top->key_len);
	if (top->range < v->n_ranges) {
		sc->hottest_lp_range = v->ranges[top->range].id;
	}
	/* its first attempts (offered, served or not) of the operations
	   offered: under overload the served share is the retry order's
	   (scenarios/README.md, the retry order), not the key's */
	sc->hottest_share_requests =
	    ratio((double)(top->requests - top->retries),
		  (double)v->metrics->totals.operations);
	sc->hottest_share_ru =
	    ratio((double)top->ru_mru, (double)v->metrics->totals.ru_mru);
	sc->hottest_share_storage =
	    ratio((double)top->storage_bytes, (double)v->storage_bytes);
}

/* The standard deviation of a range's share of v's RU from where the
   logical partitions hash alone (scorecard.h, placement noise): a range
   holds logical partition i with probability p = 1 / N, independently,
   so its RU from them, sum r_i X_i, has the variance p (1 - p) sum r_i^2.
   0 with one range or no RU. */
static double placement_sd(const struct pk_result_variant *v)
{
	double total = (double)v->metrics->totals.ru_mru, p;

	if (v->n_ranges < 2 || total <= 0 || v->lp_ru_mru <= 0) {
		return 0.0;
	}
	p = 1.0 / (double)v->n_ranges;
	return sqrt(p * (1.0 - p) * v->lp_ru_sq) / total;
}

static void ranges(const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	uint64_t max = 0;
	int64_t hot_ru = -1;
	size_t i;

	sc->n_ranges = v->n_ranges;
	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *p = &v->ranges[i];
		double rate =
		    ratio((double)p->throttled_429, (double)p->requests);

		if (p->storage_bytes > max) {
			max = p->storage_bytes;
		}
		if (p->ru_mru > hot_ru) {
			hot_ru = p->ru_mru;
			sc->hottest_range = p->id;
		}
		if (rate > sc->worst_range_429_rate) {
			sc->worst_range_429_rate = rate;
			sc->worst_range = p->id;
			sc->worst_range_3212 = p->throttled_bucket;
		}
	}
	sc->hottest_range_share_ru =
	    ratio((double)hot_ru, (double)v->metrics->totals.ru_mru);
	sc->range_share_sd = placement_sd(v);
	sc->storage_max_over_mean =
	    ratio((double)max, (double)v->storage_bytes / (double)v->n_ranges);
}

const char *scorecard_replayed(const struct pk_result *r, char *buf, size_t cap)
{
	static const char *const kinds[PK_OP_KINDS] = {
	    "creates", "upserts", "reads",  "replaces",
	    "deletes", "queries", "batches"};
	const struct pk_items_file *f = r->sc->items_file;
	char a[40], b[40];
	size_t i, k, len;
	int any[PK_OP_KINDS] = {0};

	if (f && f->monitor) {
		snprintf(buf, cap,
			 "%s requests from %s rows of the monitor log, each "
			 "charging its recorded RU (no item sizes: nothing "
			 "stored)",
			 fmt_thousands(f->monitor->pieces, a),
			 fmt_thousands(f->monitor->n_rows, b));
		return buf;
	}
	if (f) {
		uint64_t ops = r->n_variants
				   ? r->variants[0].metrics->totals.operations
				   : 0;
		uint64_t recs = r->items_created;

		len = fmt_append(buf, cap, 0, "%s creates (one per record)",
				 fmt_thousands(recs, a));
		if (f->n_queries == 0) {
			fmt_append(buf, cap, len,
				   ", creates only: no queries or reads");
			return buf;
		}
		len = fmt_append(buf, cap, len, " and %s queries:",
				 fmt_thousands(ops - recs, b));
		for (i = 0; i < f->n_queries; i++) {
			const struct pk_query_spec *q = &f->queries[i];

			len = fmt_append(buf, cap, len,
					 "%s %s = ? (%.1f%% of the operations)",
					 i ? ";" : "", q->name,
					 100.0 * q->weight);
		}
		return buf;
	}
	for (i = 0; i < r->sc->n_phases; i++) {
		for (k = 0; k < PK_OP_KINDS; k++) {
			any[k] |= r->sc->phases[i].mix[k] > 0;
		}
	}
	len = fmt_append(buf, cap, 0,
			 "the scenario's %zu phase%s:", r->sc->n_phases,
			 r->sc->n_phases == 1 ? "" : "s");
	for (k = 0, i = 0; k < PK_OP_KINDS; k++) {
		if (any[k]) {
			len = fmt_append(buf, cap, len, "%s %s", i++ ? "," : "",
					 kinds[k]);
		}
	}
	return buf;
}

void scorecard_fill(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_totals *t = &v->metrics->totals;

	memset(sc, 0, sizeof(*sc));
	sc->name = v->name;
	/* a monitor log's keys hold RU, not items: count those seen */
	sc->logical_partitions = r->sc->items_file && r->sc->items_file->monitor
				     ? v->lps_seen
				     : v->lps_live;
	sc->logical_partitions_asked = v->lps_seen;
	sc->lps_none = v->lps_none;
	hottest(v, sc);
	ranges(v, sc);
	sc->peak_normalized_ru = v->peak_normalized;
	sc->peak_range = v->peak_range;
	sc->throttled_429 = t->throttled_429;
	sc->failed_after_retries = t->failed_after_retries;
	sc->rejected_403 = t->rejected_403;
	sc->refused = t->bad_request_400 + t->too_large_413 + t->conflict_409;
	scorecard_full(r, v, sc);
	sc->ru_offered = metrics_ru(t->offered_mru);
	sc->queries_single = t->queries[PK_ROUTE_SINGLE];
	sc->queries_targeted = t->queries[PK_ROUTE_TARGETED];
	sc->fanout_queries = t->queries[PK_ROUTE_FANOUT];
	sc->fanout_ru = metrics_ru(t->fanout_mru);
	sc->splits = v->metrics->n_splits;
	sc->operations = t->operations;
	sc->other_units = v->ddb != NULL;
	sc->on_demand = v->ddb != NULL && v->ddb->on_demand;
	if (v->bill.priced) {
		sc->priced = 1;
		/* the compare's one basis, so the ranking weighs like
		   with like */
		sc->cost_month = money_compare_month(r, &v->bill);
		snprintf(sc->cost_basis, sizeof(sc->cost_basis), "%s",
			 money_compare_basis(r, 1));
		snprintf(sc->currency, sizeof(sc->currency), "%s",
			 v->bill.throughput.pick.row->currency);
	}
}
/* With operations failed after retries, why a share of what was served
   reflects pksim's retry order more than the key (scenarios/README.md,
   the retry order: an ASSUMPTION): "N failed after retries, and which
   were served follows the retry order, an ASSUMPTION)" into buf. */
static const char *retry_order(const struct pk_scorecard *s, char *buf,
			       size_t cap)
{
	char a[32];

	snprintf(buf, cap,
		 "%s failed after retries, and which were served follows "
		 "pksim's retry order, an ASSUMPTION)",
		 fmt_thousands(s->failed_after_retries, a));
	return buf;
}

/* ---- ranking ---- */

static double failed_share(const struct pk_scorecard *s)
{
	return ratio(
	    (double)(s->failed_after_retries + s->rejected_403 + s->refused),
	    (double)s->operations);
}

/* The figures the ranking compares, in order (scorecard.h). */
static double figure(const struct pk_scorecard *s, int f)
{
	if (s->n_seeds > 1) {
		return s->median[f];
	}
	switch (f) {
	case PK_RANK_FAILED:
		return failed_share(s);
	case PK_RANK_429:
		return ratio((double)s->throttled_429, (double)s->operations);
	case PK_RANK_COST:
		return s->cost_month;
	case PK_RANK_RU:
		return s->ru_offered;
	case PK_RANK_RANGE:
		return s->hottest_range_share_ru;
	case PK_RANK_LP:
		return s->hottest_share_ru;
	default:
		return s->peak_normalized_ru;
	}
}

/* The placement noise of figure f (4 or 6) of one-run card s, as a
   standard deviation (scorecard.h); 0 for the other figures. */
static double noise_sd(const struct pk_scorecard *s, int f)
{
	if (s->n_seeds > 1) {
		return 0.0;
	}
	if (f == PK_RANK_RANGE) {
		return s->range_share_sd;
	}
	if (f == PK_RANK_PEAK && s->hottest_range_share_ru > 0) {
		return s->peak_normalized_ru * s->range_share_sd /
		       s->hottest_range_share_ru;
	}
	return 0.0;
}

/* The tolerance of figure f between a and b (scorecard.h). */
static double tolerance(int f, double a, double b)
{
	double big = fmax(fabs(a), fabs(b));

	switch (f) {
	case PK_RANK_FAILED:
		return PK_RANK_TOL_FAILED;
	case PK_RANK_429:
	case PK_RANK_COST:
	case PK_RANK_RU:
		return PK_RANK_TOL_REL * big;
	default:
		return PK_RANK_TOL_SHARE;
	}
}

/* The tolerance of figure f between a and b (scorecard.h), at least
   PK_RANK_NOISE_Z standard deviations of cards ca's and cb's placement
   noise (NULL: none). */
static double tolerance_of(int f, double a, double b,
			   const struct pk_scorecard *ca,
			   const struct pk_scorecard *cb)
{
	double t = tolerance(f, a, b), sa, sb;

	if (!ca || !cb) {
		return t;
	}
	sa = noise_sd(ca, f);
	sb = noise_sd(cb, f);
	return fmax(t, PK_RANK_NOISE_Z * sqrt(sa * sa + sb * sb));
}

int scorecard_figure_cmp(const struct pk_scorecard *a,
			 const struct pk_scorecard *b, int f)
{
	double x = figure(a, f), y = figure(b, f), lo, hi;

	if (a->other_units != b->other_units && f != PK_RANK_FAILED &&
	    f != PK_RANK_429 && f != PK_RANK_COST) {
		/* a container beside a table: different units and
		   partitions (PK_SCORECARD_RULE_ACROSS) */
		return 0;
	}
	if (f == PK_RANK_RANGE && a->other_units && b->other_units &&
	    a->n_ranges != b->n_ranges) {
		/* two tables of different partition counts: the hottest
		   partition's share is of partitions of different sizes
		   (an even load gives 50 % on 2 and 25 % on 4)
		   (PK_SCORECARD_RULE_TABLES) */
		return 0;
	}
	if (f == PK_RANK_PEAK && a->other_units && b->other_units &&
	    a->on_demand != b->on_demand) {
		/* a provisioned and an on-demand table: peaks against
		   different limits (PK_SCORECARD_RULE_MODES) */
		return 0;
	}
	if (f == PK_RANK_COST && (!a->priced || !b->priced)) {
		/* cost never decides between a priced and an unpriced
		   variant (scorecard.h) */
		return 0;
	}
	if (f == PK_RANK_429 &&
	    fmax(a->n_seeds > 1 ? a->range_max[f] : x,
		 b->n_seeds > 1 ? b->range_max[f] : y) < PK_RANK_429_HEALTHY) {
		/* both rates healthy (reference: 1-5% 429s is healthy):
		   retried 429s under 1% of operations do not decide */
		return 0;
	}
	if (a->n_seeds > 1 && b->n_seeds > 1) {
		/* over seeds: ranges that overlap tie */
		if (a->range_max[f] +
			tolerance(f, a->range_max[f], b->range_min[f]) <
		    b->range_min[f]) {
			return -1;
		}
		if (b->range_max[f] +
			tolerance(f, b->range_max[f], a->range_min[f]) <
		    a->range_min[f]) {
			return 1;
		}
		return 0;
	}
	lo = fmin(x, y);
	hi = fmax(x, y);
	if (hi - lo <= tolerance_of(f, x, y, a, b)) {
		return 0;
	}
	return x < y ? -1 : 1;
}

/* a before b (< 0), tied (0) or after, comparing the figures in
   order[0..PK_RANK_FIGURES); *decided: the figure that decided,
   PK_RANK_FIGURES when tied. */
static int cmp_cards(const struct pk_scorecard *a, const struct pk_scorecard *b,
		     const int *order, int *decided)
{
	int k, c;

	for (k = 0; k < PK_RANK_FIGURES; k++) {
		if ((c = scorecard_figure_cmp(a, b, order[k])) != 0) {
			*decided = order[k];
			return c;
		}
	}
	*decided = PK_RANK_FIGURES;
	return 0;
}

static const char *const figure_names[PK_RANK_FIGURES] = {
    "operations failed or refused",
    "429s per operation",
    "cost a month",
    "RU of the operations",
    "hottest range's share of RU",
    "hottest logical partition's share of RU",
    "peak normalized RU consumption",
};

/* The same figures as a compare of DynamoDB tables names them */
static const char *const ddb_figure_names[PK_RANK_FIGURES] = {
    "operations failed or refused",
    "throttled requests per operation",
    "cost a month",
    "capacity units of the operations",
    "hottest partition's share of the capacity units",
    "hottest key's share (not kept for a table)",
    "peak normalized consumption",
};

const char *scorecard_figure_name(int f)
{
	return f >= 0 && f < PK_RANK_FIGURES ? figure_names[f] : "-";
}

/* Figure f of s as the ranking's reason shows it. */
static const char *figure_text(const struct pk_scorecard *s, int f, char *buf,
			       size_t cap)
{
	char a[40], m[PK_MONEY_BYTES];

	switch (f) {
	case PK_RANK_COST:
		snprintf(buf, cap, "%s",
			 s->priced ? money_fmt(s->cost_month, s->currency, m)
				   : "not priced");
		break;
	case PK_RANK_RU:
		snprintf(buf, cap, "%s",
			 fmt_thousands(llround(s->ru_offered), a));
		break;
	case PK_RANK_429:
		/* the rate the label names, then the count behind it */
		snprintf(buf, cap, "%.4f (%s)", figure(s, f),
			 fmt_thousands(s->throttled_429, a));
		break;
	default:
		snprintf(buf, cap, "%.1f%%", 100.0 * figure(s, f));
		break;
	}
	return buf;
}

/* Where figure f comes in fig[0..PK_RANK_FIGURES). */
static int position(const int *fig, int f)
{
	int k;

	for (k = 0; k < PK_RANK_FIGURES && fig[k] != f; k++) {
	}
	return k;
}

/* Rank the cards (order: n pointers, sorted here) by the figures in
   rank_by's order (scorecard_rank_by_parse): insertion sort by
   cmp_cards, then the name; neighbours tied on every figure share a
   rank; each card's reason names the figure that put it ahead of the
   next group. */
static void rank_cards(struct pk_scorecard **order, size_t n,
		       const char *rank_by)
{
	int fig[PK_RANK_FIGURES];
	char err[8];
	size_t i, j, len;
	int f;

	if (scorecard_rank_by_parse(rank_by, fig, err, sizeof(err))) {
		/* the command line checked it: never here */
		scorecard_rank_by_parse(NULL, fig, err, sizeof(err));
	}
	for (i = 1; i < n; i++) {
		struct pk_scorecard *x = order[i];

		for (j = i; j > 0; j--) {
			int c = cmp_cards(order[j - 1], x, fig, &f);

			if (c < 0 || (c == 0 && strcmp(order[j - 1]->name,
						       x->name) <= 0)) {
				break;
			}
			order[j] = order[j - 1];
		}
		order[j] = x;
	}
	for (i = 0; i < n; i++) {
		if (i > 0 && cmp_cards(order[i - 1], order[i], fig, &f) == 0) {
			order[i]->rank = order[i - 1]->rank;
			order[i]->tied = order[i - 1]->tied = 1;
		} else {
			order[i]->rank = i + 1;
		}
	}
	for (i = 0; i < n; i++) {
		char a[40], b[40];

		for (j = i + 1; j < n && order[j]->rank == order[i]->rank;
		     j++) {
		}
		if (j == n) {
			if (order[i]->tied) {
				snprintf(order[i]->reason,
					 sizeof(order[i]->reason),
					 "tied on every figure within the "
					 "tolerance");
			}
			continue;
		}
		cmp_cards(order[i], order[j], fig, &f);
		len = fmt_append(order[i]->reason, sizeof(order[i]->reason), 0,
				 "%sahead of %s on %s: %s vs %s",
				 order[i]->tied ? "tied with its group; " : "",
				 order[j]->name,
				 order[i]->lps_none && order[j]->lps_none
				     ? ddb_figure_names[f]
				     : figure_names[f],
				 figure_text(order[i], f, a, sizeof(a)),
				 figure_text(order[j], f, b, sizeof(b)));
		if ((f == PK_RANK_RANGE || f == PK_RANK_LP) &&
		    (order[i]->failed_after_retries > 0 ||
		     order[j]->failed_after_retries > 0)) {
			/* shares of the RU served: with failures, the retry
			   order chose what was served */
			fmt_append(
			    order[i]->reason, sizeof(order[i]->reason), len,
			    "; shares of the RU served, and operations "
			    "failed after retries (%s: %s, %s: %s): which "
			    "were served follows pksim's retry order, an "
			    "ASSUMPTION, not the key alone",
			    order[i]->name,
			    fmt_thousands(order[i]->failed_after_retries, a),
			    order[j]->name,
			    fmt_thousands(order[j]->failed_after_retries, b));
		} else if ((f == PK_RANK_FAILED || f == PK_RANK_429) &&
			   position(fig, f) < position(fig, PK_RANK_RU) &&
			   scorecard_figure_cmp(order[i], order[j],
						PK_RANK_RU) != 0) {
			/* what the key makes the operations cost, which
			   drives the failures: queries that fan out */
			fmt_append(
			    order[i]->reason, sizeof(order[i]->reason), len,
			    "; RU of the operations %s vs %s",
			    figure_text(order[i], PK_RANK_RU, a, sizeof(a)),
			    figure_text(order[j], PK_RANK_RU, b, sizeof(b)));
		}
	}
}

void scorecard_rank(struct pk_scorecard *cards, size_t n, const char *rank_by)
{
	struct pk_scorecard **order = xcalloc(n ? n : 1, sizeof(*order));
	size_t i;

	for (i = 0; i < n; i++) {
		cards[i].rank = 0;
		cards[i].tied = 0;
		cards[i].reason[0] = '\0';
		order[i] = &cards[i];
	}
	rank_cards(order, n, rank_by);
	free(order);
}

/* One logical partition takes most of the RU: capped at one range's
   RU/s, and full at the growth seen. */
static void hot_verdict(const struct pk_result *r,
			const struct pk_result_variant *v,
			struct pk_scorecard *s)
{
	char a[32], o[200], limited[96] = "", full[320] = "", t[160],
			    served[256] = "", days[40];

	if (s->throttled_429 > 0) {
		snprintf(limited, sizeof(limited),
			 "; %.1f%% of requests rate limited",
			 100.0 *
			     ratio((double)s->throttled_429,
				   (double)(s->operations + s->throttled_429)));
	}
	if (s->full_kind == PK_FULL_DAYS && s->days_to_full > 0 &&
	    !s->full_collection) {
		/* the statement names the partition; here only when it is
		   another than the hottest */
		snprintf(
		    full, sizeof(full), "; %s%sfull in %s %s",
		    strcmp(s->full_key, s->hottest_key) ? s->full_key : "",
		    strcmp(s->full_key, s->hottest_key) ? " " : "",
		    scorecard_days_text(s->days_to_full, 1, days, sizeof(days)),
		    scorecard_full_basis(r, &s->runway, t, sizeof(t)));
	}
	if (s->failed_after_retries > 0) {
		/* the RU served is the retry order's share (retry_order) */
		snprintf(served, sizeof(served),
			 " served (%.1f%% of the operations offered; %s",
			 100.0 * s->hottest_share_requests,
			 retry_order(s, o, sizeof(o)));
	}
	snprintf(s->verdict, sizeof(s->verdict),
		 "%s: one logical partition (%s) takes %.0f%% of the RU%s, "
		 "capped at one range's %s RU/s%s%s",
		 s->name, s->hottest_key, 100.0 * s->hottest_share_ru, served,
		 fmt_thousands(v->n_top_ru
				   ? result_lp_range_ru_per_s(v, &v->top_ru[0])
				   : (v->ranges[0].ru_per_s_mru + 500) / 1000,
			       a),
		 limited, full);
}

/* The spread, in numbers: "spreads the load" only under
   PK_SCORECARD_SPREAD (scorecard.h), with both shares either way. */
static void spread_verdict(struct pk_scorecard *s)
{
	char a[32], b[32], fan[128] = "";
	double even = s->n_ranges ? 1.0 / (double)s->n_ranges : 1.0;

	if (s->fanout_queries > 0) {
		snprintf(fan, sizeof(fan),
			 "; %s queries fan out to every range (%s RU)",
			 fmt_thousands(s->fanout_queries, a),
			 fmt_thousands(llround(s->fanout_ru), b));
	}
	if (s->hottest_range_share_ru <= PK_SCORECARD_SPREAD * even + 1e-9 &&
	    s->lps_none) {
		/* a service that keeps no logical partitions (item
		   collections): its partitions alone */
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: spreads the load over its %zu partition%s: the "
			 "hottest (%u) took %.1f%% of the units served "
			 "(even: %.1f%%); peak normalized consumption %.0f%%",
			 s->name, s->n_ranges, s->n_ranges == 1 ? "" : "s",
			 s->hottest_range, 100.0 * s->hottest_range_share_ru,
			 100.0 * even, 100.0 * s->peak_normalized_ru);
		return;
	}
	if (s->hottest_range_share_ru <= PK_SCORECARD_SPREAD * even + 1e-9) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: spreads the load over %s logical partitions: "
			 "the hottest range (%u) took %.1f%% of the RU "
			 "(even: %.1f%% of %zu), the hottest logical partition "
			 "%.1f%%; peak normalized RU consumption %.0f%%%s",
			 s->name, fmt_thousands(s->logical_partitions, a),
			 s->hottest_range, 100.0 * s->hottest_range_share_ru,
			 100.0 * even, s->n_ranges, 100.0 * s->hottest_share_ru,
			 100.0 * s->peak_normalized_ru, fan);
		return;
	}
	if (s->lps_none) {
		/* a table: its partitions and capacity units; its item
		   collections are not kept, so no hottest key is named */
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: uneven: partition %u took %.1f%% of the "
			 "capacity units served (even: %.1f%% of %zu "
			 "partitions); peak normalized consumption %.0f%%",
			 s->name, s->hottest_range,
			 100.0 * s->hottest_range_share_ru, 100.0 * even,
			 s->n_ranges, 100.0 * s->peak_normalized_ru);
		return;
	}
	snprintf(s->verdict, sizeof(s->verdict),
		 "%s: uneven: range %u took %.1f%% of the RU (even: %.1f%% of "
		 "%zu ranges); the container's hottest logical partition (%s, "
		 "range %u) %.1f%%; peak normalized RU consumption %.0f%%%s",
		 s->name, s->hottest_range, 100.0 * s->hottest_range_share_ru,
		 100.0 * even, s->n_ranges,
		 s->have_hottest ? s->hottest_key : "-", s->hottest_lp_range,
		 100.0 * s->hottest_share_ru, 100.0 * s->peak_normalized_ru,
		 fan);
}

/* The plain sentence: the figure that hurts this variant most. */
static void verdict(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *s)
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
			 v->cosmos ? fmt_bytes(v->spec->lp_storage_bytes, a)
				   : "storage",
			 fmt_thousands(s->rejected_403, b));
	} else if (s->have_hottest &&
		   s->hottest_share_ru >= PK_SCORECARD_HOT_SHARE) {
		hot_verdict(r, v, s);
	} else if (s->worst_range_429_rate > PK_SCORECARD_HEALTHY_429) {
		char c[32], fan[128] = "";

		if (s->fanout_queries > 0) {
			snprintf(fan, sizeof(fan),
				 "; %s queries fanned out to every range "
				 "(%s RU)",
				 fmt_thousands(s->fanout_queries, b),
				 fmt_thousands(llround(s->fanout_ru), c));
		}
		char bucket[160] = "";

		if (s->worst_range_3212 > 0) {
			/* rule 31: not the range short of RU/s */
			snprintf(bucket, sizeof(bucket),
				 " (%s of them 429/3212, a throughput "
				 "bucket's cap while the range had room)",
				 fmt_thousands(s->worst_range_3212, c));
		}
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: %s %u %s %.1f%% of its requests%s%s; "
			 "%s operation%s failed after retries%s",
			 s->name, v->ddb ? "partition" : "range",
			 s->worst_range,
			 v->ddb		       ? "throttled"
			 : s->worst_range_3212 ? "answered"
					       : "rate-limited",
			 100.0 * s->worst_range_429_rate,
			 s->worst_range_3212 ? " with 429" : "", bucket,
			 fmt_thousands(s->failed_after_retries, a),
			 s->failed_after_retries == 1 ? "" : "s", fan);
	} else {
		spread_verdict(s);
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
	rank_cards(order, r->n_variants, r->sc->rank_by);
	free(order);
	return cards;
}

size_t *scorecard_order(const struct pk_scorecard *cards, size_t n)
{
	size_t *o = xcalloc(n ? n : 1, sizeof(*o)), i, j, x;

	for (i = 0; i < n; i++) {
		o[i] = i;
	}
	for (i = 1; i < n; i++) {
		x = o[i];
		for (j = i; j > 0; j--) {
			const struct pk_scorecard *p = &cards[o[j - 1]];

			if (p->rank < cards[x].rank ||
			    (p->rank == cards[x].rank &&
			     strcmp(p->name, cards[x].name) <= 0)) {
				break;
			}
			o[j] = o[j - 1];
		}
		o[j] = x;
	}
	return o;
}

/* The lower median of x[0..n) (sorted in place). */
static double lower_median(double *x, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		double v = x[i];

		for (j = i; j > 0 && x[j - 1] > v; j--) {
			x[j] = x[j - 1];
		}
		x[j] = v;
	}
	return x[(n - 1) / 2];
}

/* Field of every seed's card of variant i, its lower median. */
#define PK_MEDIAN_OF(field, type)                                              \
	do {                                                                   \
		for (k = 0; k < n_seeds; k++) {                                \
			x[k] = (double)per_seed[k][i].field;                   \
		}                                                              \
		m->field = (type)lower_median(x, n_seeds);                     \
	} while (0)

struct pk_scorecard *scorecard_merge_seeds(struct pk_scorecard *const *per_seed,
					   size_t n_seeds, size_t n_variants,
					   const char *rank_by)
{
	struct pk_scorecard *out =
	    xcalloc(n_variants ? n_variants : 1, sizeof(*out));
	struct pk_scorecard **order =
	    xcalloc(n_variants ? n_variants : 1, sizeof(*order));
	double *x = xcalloc(n_seeds, sizeof(*x));
	size_t i, k;
	int f;

	for (i = 0; i < n_variants; i++) {
		struct pk_scorecard *m = &out[i];
		int all_days = 1;

		*m = per_seed[0][i];
		for (f = 0; f < PK_RANK_FIGURES; f++) {
			m->range_min[f] = m->range_max[f] =
			    figure(&per_seed[0][i], f);
			for (k = 0; k < n_seeds; k++) {
				x[k] = figure(&per_seed[k][i], f);
				m->range_min[f] = fmin(m->range_min[f], x[k]);
				m->range_max[f] = fmax(m->range_max[f], x[k]);
			}
			m->median[f] = lower_median(x, n_seeds);
		}
		PK_MEDIAN_OF(logical_partitions, uint64_t);
		PK_MEDIAN_OF(hottest_share_requests, double);
		PK_MEDIAN_OF(hottest_share_ru, double);
		PK_MEDIAN_OF(hottest_share_storage, double);
		PK_MEDIAN_OF(storage_max_over_mean, double);
		PK_MEDIAN_OF(hottest_range_share_ru, double);
		PK_MEDIAN_OF(ru_offered, double);
		PK_MEDIAN_OF(queries_single, uint64_t);
		PK_MEDIAN_OF(queries_targeted, uint64_t);
		PK_MEDIAN_OF(fanout_queries, uint64_t);
		PK_MEDIAN_OF(fanout_ru, double);
		PK_MEDIAN_OF(peak_normalized_ru, double);
		PK_MEDIAN_OF(throttled_429, uint64_t);
		PK_MEDIAN_OF(failed_after_retries, uint64_t);
		PK_MEDIAN_OF(worst_range_429_rate, double);
		PK_MEDIAN_OF(rejected_403, uint64_t);
		PK_MEDIAN_OF(refused, uint64_t);
		PK_MEDIAN_OF(splits, size_t);
		PK_MEDIAN_OF(operations, uint64_t);
		PK_MEDIAN_OF(cost_month, double);
		PK_MEDIAN_OF(largest_lp_bytes, uint64_t);
		for (k = 0; k < n_seeds; k++) {
			all_days &= per_seed[k][i].full_kind == m->full_kind;
		}
		if (all_days && (m->full_kind == PK_FULL_DAYS ||
				 m->full_kind == PK_FULL_BEYOND)) {
			PK_MEDIAN_OF(days_to_full, double);
		}
		m->n_seeds = n_seeds;
		m->tied = 0;
		m->reason[0] = '\0';
		order[i] = m;
	}
	rank_cards(order, n_variants, rank_by);
	free(x);
	free(order);
	return out;
}
