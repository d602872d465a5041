/*
 * report_compare: the terminal report of `pksim compare`: what was
 * assumed (arrival, operations replayed, simulated time, each variant's
 * layout), the scorecards side by side, days to full, the ranking with
 * its reasons, then each variant's heat strip.
 */
#include "pksim/report/report_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/heatstrip.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/report/money.h"
#include "pksim/report/remedies.h"
#include "pksim/report/scorecard.h"
#include "pksim/report/textwrap.h"
#include "pksim/service/snapshot.h"

#include "report_text_int.h"
#include "scorecard_int.h"

#define PK_TEXT_COL 22	 /* width of a variant's column, at least */
#define PK_TEXT_LABEL 26 /* "  " and the row's label, padded */

/* The scorecard table as text before it is laid out: n_rows labels, and
   for each a cell per variant (cell[row * n_variants + variant]). */
struct table {
	size_t n_rows, n_variants, cap;
	const char **label;
	char **cell;
};

static void table_row(struct table *t, const char *label)
{
	if (t->n_rows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 32;
		t->label = xreallocarray(t->label, t->cap, sizeof(*t->label));
		t->cell = xreallocarray(
		    t->cell, t->cap * (t->n_variants ? t->n_variants : 1),
		    sizeof(*t->cell));
	}
	t->label[t->n_rows++] = label;
}

static void table_set(struct table *t, size_t variant, const char *text)
{
	t->cell[(t->n_rows - 1) * t->n_variants + variant] = xstrdup(text);
}

static void table_free(struct table *t)
{
	size_t i;

	for (i = 0; i < t->n_rows * t->n_variants; i++) {
		free(t->cell[i]);
	}
	free(t->cell);
	free(t->label);
}

/* Variant v's column width: its widest cell and a space, at least
   PK_TEXT_COL. A cell is never cut: a key or a figure read whole. */
static size_t column_width(const struct table *t, size_t v)
{
	size_t r, w = PK_TEXT_COL - 1;

	for (r = 0; r < t->n_rows; r++) {
		const char *c = t->cell[r * t->n_variants + v];
		size_t n = text_columns(c, strlen(c));

		w = n > w ? n : w;
	}
	return w + 1;
}

/* Variants [from, to) of t, one line a row. */
static void table_block(const struct table *t, const size_t *w, size_t from,
			size_t to, FILE *out)
{
	size_t r, v;

	for (r = 0; r < t->n_rows; r++) {
		fprintf(out, "  %-24s", t->label[r]);
		for (v = from; v < to; v++) {
			fputc(' ', out);
			text_pad(out, t->cell[r * t->n_variants + v],
				 v + 1 < to ? w[v] - 1 : 0);
		}
		fputc('\n', out);
	}
}

/* t in blocks of as many variants as fit width columns (0: no limit;
   always at least one a block), a blank line between blocks. */
static void table_print(const struct table *t, size_t width, FILE *out)
{
	size_t *w = xcalloc(t->n_variants ? t->n_variants : 1, sizeof(*w));
	size_t v, from = 0;

	for (v = 0; v < t->n_variants; v++) {
		w[v] = column_width(t, v);
	}
	while (from < t->n_variants) {
		size_t to = from + 1, used = PK_TEXT_LABEL + w[from];

		while (to < t->n_variants &&
		       (width == 0 || used + w[to] <= width)) {
			used += w[to++];
		}
		fputs(from ? "\n" : "", out);
		table_block(t, w, from, to, out);
		from = to;
	}
	free(w);
}

/* One table row: label, then each scorecard's value of field. */
enum pk_row {
	PK_ROW_LPS,
	PK_ROW_HOT_KEY,
	PK_ROW_HOT_REQ,
	PK_ROW_HOT_RU,
	PK_ROW_HOT_STORAGE,
	PK_ROW_STORAGE_SKEW,
	PK_ROW_RANGE_RU,
	PK_ROW_RU,
	PK_ROW_QUERIES,
	PK_ROW_PEAK,
	PK_ROW_429,
	PK_ROW_FAILED,
	PK_ROW_WORST,
	PK_ROW_403,
	PK_ROW_REFUSED,
	PK_ROW_FULL,
	PK_ROW_FANOUT,
	PK_ROW_SPLITS,
	PK_ROW_RANK,
	PK_ROWS
};

static const char *const row_names[PK_ROWS] = {
    "logical partitions",
    "hottest key",
    "  share of ops offered",
    "  share of RU served",
    "  share of storage",
    "storage max/mean",
    "hottest range RU share",
    "RU of the operations",
    "queries single/tgt/fan",
    "peak normalized RU",
    "429s (service)",
    "failed after retries",
    "worst range 429 rate",
    "rejected 403",
    "refused 400/409/413",
    "days to full",
    "fan-out queries (RU)",
    "splits",
    "rank",
};

/* The same rows in a run where some variant is another service's (an
   Amazon DynamoDB table: capacity units, HTTP 400 throttles) */
static const char *const row_names_other[PK_ROWS] = {
    "logical partitions",
    "hottest key",
    "  share of ops offered",
    "  share of units served",
    "  share of storage",
    "storage max/mean",
    "hottest partition unit share",
    "units of the operations",
    "queries single/tgt/fan",
    "peak normalized use",
    "throttled (service)",
    "failed after retries",
    "worst partition throttled",
    "rejected 403",
    "refused 400/409/413",
    "days to full",
    "fan-out queries (units)",
    "splits",
    "rank",
};

size_t compare_rows(void)
{
	return PK_ROWS;
}

const char *compare_row_name(const struct pk_result *run, size_t r)
{
	if (r >= PK_ROWS) {
		return "";
	}
	return layout_cosmos_words(run) ? row_names[r] : row_names_other[r];
}

/* In a compare across services, each card's figure in its service's
   own unit (cosmos for an Azure Cosmos DB container's, other for an
   Amazon DynamoDB table's); "" in a compare of one service, whose
   row name says the unit */
/* What card s calls its partitions: an Amazon DynamoDB table's are
   partitions, a container's partition key ranges */
static const char *part_word(const struct pk_scorecard *s)
{
	return s->other_units ? "partition" : "range";
}

static const char *own_unit(const struct pk_result *run,
			    const struct pk_scorecard *s, const char *cosmos,
			    const char *other)
{
	if (!scenario_mixed_services(run->sc)) {
		return "";
	}
	return s->other_units ? other : cosmos;
}

/* The hottest key's share of row r (ops offered, units served,
   storage); "-" for a service that keeps no key values' figures (item
   collections not kept): a 0.00% would read as no hot key */
static void hot_share(const struct pk_scorecard *s, size_t r, char *buf,
		      size_t cap)
{
	double x = r == PK_ROW_HOT_REQ	? s->hottest_share_requests
		   : r == PK_ROW_HOT_RU ? s->hottest_share_ru
					: s->hottest_share_storage;

	if (s->lps_none) {
		snprintf(buf, cap, "-");
	} else {
		snprintf(buf, cap, "%.2f%%", 100.0 * x);
	}
}

const char *compare_cell(const struct pk_result *run,
			 const struct pk_scorecard *s, size_t r, char *buf,
			 size_t cap)
{
	char a[40], b[40], c[40];

	switch ((enum pk_row)r) {
	case PK_ROW_LPS:
		/* the key values asked for beside those holding data: "1"
		   alone read as a one-value key when the others' every
		   create failed */
		if (s->lps_none) {
			snprintf(buf, cap, "not kept (item collections)");
		} else if (s->logical_partitions_asked >
			   s->logical_partitions) {
			snprintf(buf, cap, "%s of %s hold items",
				 fmt_thousands(s->logical_partitions, a),
				 fmt_thousands(s->logical_partitions_asked, b));
		} else {
			snprintf(buf, cap, "%s",
				 fmt_thousands(s->logical_partitions, a));
		}
		break;
	case PK_ROW_HOT_KEY:
		snprintf(buf, cap, "%s",
			 s->have_hottest ? s->hottest_key : "-");
		break;
	case PK_ROW_HOT_REQ:
	case PK_ROW_HOT_RU:
	case PK_ROW_HOT_STORAGE:
		hot_share(s, r, buf, cap);
		break;
	case PK_ROW_STORAGE_SKEW:
		snprintf(buf, cap, "%.2f", s->storage_max_over_mean);
		break;
	case PK_ROW_RANGE_RU:
		snprintf(buf, cap, "%.2f%% (%s %u)",
			 100.0 * s->hottest_range_share_ru, part_word(s),
			 s->hottest_range);
		break;
	case PK_ROW_RU:
		snprintf(buf, cap, "%s%s",
			 fmt_thousands(llround(s->ru_offered), a),
			 own_unit(run, s, " RU", " capacity units"));
		break;
	case PK_ROW_QUERIES:
		snprintf(buf, cap, "%s/%s/%s",
			 fmt_thousands(s->queries_single, a),
			 fmt_thousands(s->queries_targeted, b),
			 fmt_thousands(s->fanout_queries, c));
		break;
	case PK_ROW_PEAK:
		snprintf(buf, cap, "%.0f%% (%s %u)",
			 100.0 * s->peak_normalized_ru, part_word(s),
			 s->peak_range);
		break;
	case PK_ROW_429:
		snprintf(buf, cap, "%s%s", fmt_thousands(s->throttled_429, a),
			 own_unit(run, s, " (429)", " (throttled, HTTP 400)"));
		break;
	case PK_ROW_FAILED:
		snprintf(buf, cap, "%s",
			 fmt_thousands(s->failed_after_retries, a));
		break;
	case PK_ROW_WORST:
		snprintf(buf, cap, "%.2f%% (%s %u)",
			 100.0 * s->worst_range_429_rate, part_word(s),
			 s->worst_range);
		break;
	case PK_ROW_403:
		snprintf(buf, cap, "%s", fmt_thousands(s->rejected_403, a));
		break;
	case PK_ROW_REFUSED:
		snprintf(buf, cap, "%s",
			 fmt_thousands(scorecard_refused_shown(run, s), a));
		break;
	case PK_ROW_FULL:
		scorecard_full_text(run, s, 1, buf, cap);
		break;
	case PK_ROW_FANOUT:
		snprintf(
		    buf, cap, "%s (%s)", fmt_thousands(s->fanout_queries, a),
		    fmt_thousands((unsigned long long)(s->fanout_ru + 0.5), b));
		break;
	case PK_ROW_SPLITS:
		snprintf(buf, cap, "%zu", s->splits);
		break;
	default:
		snprintf(buf, cap, "%s%zu", s->tied ? "=" : "", s->rank);
		break;
	}
	return buf;
}

const char compare_not_sent_name[] = "not sent (no item yet)";

int compare_not_sent_row(const struct pk_result *run)
{
	size_t i;

	for (i = 0; i < run->n_variants; i++) {
		if (run->variants[i].metrics &&
		    run->variants[i].metrics->totals.not_sent_no_target > 0) {
			return 1;
		}
	}
	return 0;
}

size_t compare_not_sent_after(void)
{
	return PK_ROW_FAILED;
}

const char *compare_not_sent_cell(const struct pk_result_variant *v, char *buf,
				  size_t cap)
{
	char a[40];

	snprintf(
	    buf, cap, "%s",
	    fmt_thousands(
		v->metrics ? v->metrics->totals.not_sent_no_target : 0, a));
	return buf;
}

/* A compare of one service: each table whose creates replaced a held
   item (a PutItem of a held primary key replaces it, reference §1), as
   the "across services" line says it of a compare across services */
static void replaced_lines(const struct pk_result *run, FILE *out)
{
	char a[40], b[40];
	size_t i;

	for (i = 0; i < run->n_variants; i++) {
		const struct pk_result_variant *v = &run->variants[i];

		if (!v->ddb || v->ddb->creates_replaced == 0) {
			continue;
		}
		fprintf(out,
			"  creates replaced: %s: %s creates replaced an item "
			"of the same primary key (PutItem); it ended holding "
			"%s item%s; give sort_key to keep every one\n",
			v->name,
			fmt_thousands((int64_t)v->ddb->creates_replaced, a),
			fmt_thousands((int64_t)v->ddb->items, b),
			v->ddb->items == 1 ? "" : "s");
	}
}

/* What was assumed: arrival, operations, simulated time, and each
   variant's RU/s and layout. */
static void compare_header(const struct pk_result *run, FILE *out)
{
	char t[4096];
	size_t i;

	fprintf(out, "pksim compare: %s (seed %llu), %lld s simulated\n",
		run->sc->name, (unsigned long long)run->seed,
		(long long)(run->end_ms / 1000));
	fprintf(out, "  arrival: %s\n", scorecard_arrival(run, t, sizeof(t)));
	fprintf(out, "  replayed: %s\n", scorecard_replayed(run, t, sizeof(t)));
	if (scorecard_across(run, t, sizeof(t))) {
		fprintf(out, "  across services: %s\n", t);
	} else {
		replaced_lines(run, out);
	}
	for (i = 0; i < run->n_variants; i++) {
		fprintf(out, "  %s: %s\n", run->variants[i].name,
			layout_sentence(&run->variants[i], t, sizeof(t)));
	}
	fputc('\n', out);
}

int report_text_compare(const struct pk_result *run, FILE *out)
{
	return report_text_compare_styled(run, 0, 0, out);
}

int report_text_compare_styled(const struct pk_result *run, int colour,
			       size_t width, FILE *out)
{
	struct pk_scorecard *cards = scorecard_all(run);
	int rc = report_text_compare_cards(run, cards, colour, width, out);

	free(cards);
	return rc;
}

const char *compare_seed_figure(const struct pk_scorecard *s, int f, char *buf,
				size_t cap)
{
	char a[40], b[40], c[40];

	if (f == PK_RANK_COST) {
		char m[3][PK_MONEY_BYTES];

		if (!s->priced) {
			snprintf(buf, cap, "not priced");
		} else {
			snprintf(buf, cap, "%s [%s-%s]",
				 money_fmt(s->median[f], s->currency, m[0]),
				 money_fmt(s->range_min[f], s->currency, m[1]),
				 money_fmt(s->range_max[f], s->currency, m[2]));
		}
	} else if (f == PK_RANK_RU) {
		snprintf(buf, cap, "%s [%s-%s]",
			 fmt_thousands(llround(s->median[f]), a),
			 fmt_thousands(llround(s->range_min[f]), b),
			 fmt_thousands(llround(s->range_max[f]), c));
	} else if (f == PK_RANK_429) {
		snprintf(buf, cap, "%.3f [%.3f-%.3f]", s->median[f],
			 s->range_min[f], s->range_max[f]);
	} else {
		snprintf(buf, cap, "%.1f%% [%.1f%%-%.1f%%]",
			 100.0 * s->median[f], 100.0 * s->range_min[f],
			 100.0 * s->range_max[f]);
	}
	return buf;
}

/* With --seeds: each ranking figure's median and min-max per variant. */
static void seeds_section(const struct pk_result *run,
			  const struct pk_scorecard *cards, FILE *out)
{
	size_t i;
	int f;

	fprintf(out,
		"\nover %zu seeds (%llu to %llu): median [min-max]; the "
		"table shows medians, the verdicts seed %llu's run\n",
		cards[0].n_seeds, (unsigned long long)run->seed,
		(unsigned long long)(run->seed + cards[0].n_seeds - 1),
		(unsigned long long)run->seed);
	for (f = 0; f < PK_RANK_FIGURES; f++) {
		fprintf(out, "  %s\n", scorecard_figure_name(f));
		for (i = 0; i < run->n_variants; i++) {
			char t[128];

			fprintf(
			    out, "    %-22s %s\n", cards[i].name,
			    compare_seed_figure(&cards[i], f, t, sizeof(t)));
		}
	}
}

/* The scorecard table of run's variants: who they are, then one row a
   scorecard figure. */
/* The first priced variant, or NULL when none is. */
static const struct pk_result_variant *priced(const struct pk_result *run)
{
	size_t i;

	for (i = 0; i < run->n_variants; i++) {
		if (run->variants[i].bill.priced) {
			return &run->variants[i];
		}
	}
	return NULL;
}

/* With money: each variant's month at this workload on the compare's
   one basis (money_compare_month), "-" for one not priced. */
static void cost_row(const struct pk_result *run, struct table *t)
{
	char m[PK_MONEY_BYTES];
	size_t i;

	if (!priced(run)) {
		return;
	}
	/* the table borrows its labels until it is printed: literals */
	table_row(t, money_compare_weekly(run)
			 ? "cost a month (its week x 30/7)"
			 : "cost a month (720 h)");
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_bill *b = &run->variants[i].bill;

		table_set(t, i,
			  b->priced
			      ? money_fmt(money_compare_month(run, b),
					  b->throughput.pick.row->currency, m)
			      : "-");
	}
}

/* Under the table: what the cost row is priced with, or why there is
   none. */
static void cost_note(const struct pk_result *run, FILE *out)
{
	char t[512];

	fprintf(out, "%s\n", money_cost_note(run, t, sizeof(t)));
}

static void scorecard_table(const struct pk_result *run,
			    const struct pk_scorecard *cards, size_t width,
			    FILE *out)
{
	struct table t = {.n_variants = run->n_variants};
	char lay[PK_LAYOUT_SHORT_BYTES], buf[1024];
	size_t i, r;

	table_row(&t, "variant");
	for (i = 0; i < run->n_variants; i++) {
		table_set(&t, i, cards[i].name);
	}
	table_row(&t, "partition key");
	for (i = 0; i < run->n_variants; i++) {
		table_set(&t, i, run->variants[i].key_text);
	}
	table_row(&t, layout_cosmos_words(run) ? "physical partitions"
					       : "partitions");
	for (i = 0; i < run->n_variants; i++) {
		table_set(
		    &t, i,
		    layout_short(run, &run->variants[i], lay, sizeof(lay)));
	}
	for (i = 0; i < run->n_variants && !run->variants[i].key_missing; i++) {
	}
	if (i < run->n_variants) {
		/* only when some variant's key misses items (keysummary.h) */
		table_row(&t, "items without key");
		for (i = 0; i < run->n_variants; i++) {
			table_set(&t, i,
				  keysummary_cell(&run->variants[i], lay,
						  sizeof(lay)));
		}
	}
	for (r = 0; r < PK_ROWS; r++) {
		if (r == PK_ROW_RANK) {
			cost_row(run, &t);
		}
		table_row(&t, compare_row_name(run, r));
		for (i = 0; i < run->n_variants; i++) {
			table_set(
			    &t, i,
			    compare_cell(run, &cards[i], r, buf, sizeof(buf)));
		}
		if (r == compare_not_sent_after() &&
		    compare_not_sent_row(run)) {
			table_row(&t, compare_not_sent_name);
			for (i = 0; i < run->n_variants; i++) {
				table_set(
				    &t, i,
				    compare_not_sent_cell(&run->variants[i],
							  buf, sizeof(buf)));
			}
		}
	}
	table_print(&t, width, out);
	table_free(&t);
	cost_note(run, out);
}

/* 1 when run's Azure Cosmos DB variants differ in their logical
   partition cap (`logical_partition_storage:`): the header then names
   none and each row its own */
static int caps_differ(const struct pk_result *run)
{
	size_t i;

	for (i = 1; i < run->n_variants; i++) {
		if (run->variants[i].cosmos &&
		    run->variants[i].spec->lp_storage_bytes !=
			run->variants[0].spec->lp_storage_bytes) {
			return 1;
		}
	}
	return 0;
}

int report_text_compare_cards(const struct pk_result *run,
			      const struct pk_scorecard *cards, int colour,
			      size_t width, FILE *out)
{
	size_t i, k, *order;
	char a[40], rule[PK_RANK_RULE_BYTES];

	compare_header(run, out);
	scorecard_table(run, cards, width, out);
	if (run->n_variants && !run->variants[0].cosmos) {
		/* the cap is Azure Cosmos DB's; another service's is not
		   known (PK_FULL_NO_CAP) */
		fprintf(out, "\ndays to full\n");
	} else if (scenario_mixed_services(run->sc)) {
		/* a table's row is of its item collections (D18), not of
		   a logical partition's cap */
		fprintf(out,
			"\ndays to full (a container: until its first "
			"logical partition reaches its cap, %s; a table: as "
			"its row says; projected from the workload as "
			"described, not from what the replay stored)\n",
			fmt_bytes(run->variants[0].spec->lp_storage_bytes, a));
	} else if (caps_differ(run)) {
		fprintf(out, "\ndays to full (until the first logical "
			     "partition reaches its cap, each row's named, "
			     "projected from the workload as described, not "
			     "from what the replay stored)\n");
	} else {
		fprintf(
		    out,
		    "\ndays to full (until the first logical partition "
		    "reaches its cap, %s, projected from the workload as "
		    "described, not from what the replay stored)\n",
		    run->n_variants
			? fmt_bytes(run->variants[0].spec->lp_storage_bytes, a)
			: "-");
	}
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_result_variant *v = &run->variants[i];
		char t[1024], capt[64] = "";

		if (v->cosmos && caps_differ(run)) {
			snprintf(capt, sizeof(capt), "(its cap %s) ",
				 fmt_bytes(v->spec->lp_storage_bytes, a));
		}
		fprintf(out, "  %-24s %s%s\n", cards[i].name, capt,
			scorecard_full_text(run, &cards[i], 0, t, sizeof(t)));
	}
	text_compare_queries(run, run->n_variants ? cards[0].n_seeds : 1, out);
	text_compare_streams(run, run->n_variants ? cards[0].n_seeds : 1, out);
	if (run->n_variants && cards[0].n_seeds > 1) {
		seeds_section(run, cards, out);
	}
	fprintf(out, "\nranking (%s)\n", scorecard_rule(run, rule));
	order = scorecard_order(cards, run->n_variants);
	for (k = 0; k < run->n_variants; k++) {
		const struct pk_scorecard *c = &cards[order[k]];
		char rk[24];

		snprintf(rk, sizeof(rk), "%s%zu.", c->tied ? "=" : "", c->rank);
		fprintf(out, "  %s %s\n", rk, c->verdict);
		if (c->reason[0]) {
			fprintf(out, "     (%s)\n", c->reason);
		}
		if (c->log_caution) {
			/* beside the rank: a healthy rank on a layout the
			   log contradicts is not the log's answer */
			fprintf(out, "     (not the log's layout: %s)\n",
				c->log_caution);
		}
	}
	if (run->n_variants) {
		text_compare_stream_caveats(run, order[0], out);
	}
	free(order);
	/* the heat strip of each variant, in scenario order */
	for (i = 0; i < run->n_variants; i++) {
		fprintf(out, "\n== %s (%s)%s ==", run->variants[i].name,
			run->variants[i].key_text,
			cards[0].n_seeds > 1 ? ", the verdicts' seed" : "");
		heatstrip_text(&run->variants[i], colour, width, out);
		text_key_queries(&run->variants[i], out);
		text_cfeed(run, &run->variants[i], out);
		/* the variant's replayed remedies, as a run's report has
		   them (none without a 429 or a merge candidate) */
		remedies_text(run, &run->variants[i], width, out);
	}
	return ferror(out) ? -1 : 0;
}
