/*
 * scorecard_rank: the ranking of the variants' scorecards (scorecard.h):
 * the figures compared in the --rank-by order, each within its tolerance
 * of noise, the reason each rank states, the report order, and the lower
 * medians of several seeds' cards.
 */
#include "pksim/report/scorecard.h"
#include "scorecard_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/money.h"

static double ratio(double a, double b)
{
	return b > 0 ? a / b : 0.0;
}

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
    "capacity units of the operations and their index writes",
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
void scorecard_rank_cards(struct pk_scorecard **order, size_t n,
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
		if (f == PK_RANK_FIGURES) {
			/* tied with the next one pairwise: its rank came
			   from another card of its group (tolerances do not
			   chain) */
			snprintf(order[i]->reason, sizeof(order[i]->reason),
				 "ahead of %s through its group; tied with it "
				 "on every figure within the tolerance",
				 order[j]->name);
			continue;
		}
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
	scorecard_rank_cards(order, n, rank_by);
	free(order);
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
	scorecard_rank_cards(order, n_variants, rank_by);
	free(x);
	free(order);
	return out;
}
