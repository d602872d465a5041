/*
 * report_md: the report as GitHub-flavoured Markdown (see report_md.h).
 */
#include "pksim/report/report_md.h"
#include "pksim/report/report_streams.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/report/ddb_index.h"
#include "pksim/report/findings.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/report/money.h"
#include "pksim/report/remedies.h"
#include "pksim/report/scorecard.h"

#include "report_text_int.h"

/* s with Markdown's special characters escaped (report_md.h). */
static void md_text(const char *s, FILE *out)
{
	for (; *s; s++) {
		if (*s == '\n' || *s == '\r') {
			fputc(' ', out);
			continue;
		}
		if (strchr("\\|*_`<>[]#", *s)) {
			fputc('\\', out);
		}
		fputc(*s, out);
	}
}

static void assumptions(const struct pk_result *r, FILE *out)
{
	char t[1024];
	size_t i;

	fprintf(out, "## Assumptions\n\n");
	fprintf(out, "- Simulated: %lld s (seed %llu)\n",
		(long long)(r->end_ms / 1000), (unsigned long long)r->seed);
	fprintf(out, "- Arrival: ");
	md_text(scorecard_arrival(r, t, sizeof(t)), out);
	fprintf(out, "\n- Operations replayed: ");
	md_text(scorecard_replayed(r, t, sizeof(t)), out);
	fputc('\n', out);
	for (i = 0; i < r->n_variants; i++) {
		fprintf(out, "- Variant ");
		md_text(r->variants[i].name, out);
		fprintf(out, " (key ");
		md_text(r->variants[i].key_text, out);
		fprintf(out, "): ");
		md_text(layout_sentence(&r->variants[i], t, sizeof(t)), out);
		fputc('\n', out);
		if (keysummary_text(&r->variants[i], t, sizeof(t))) {
			/* as the text report's "undefined key:" line */
			fprintf(out, "- Undefined key (");
			md_text(r->variants[i].name, out);
			fprintf(out, "): ");
			md_text(t, out);
			fputc('\n', out);
		}
	}
}

/* With money: each variant's month at this workload (bill.h), as the
   text scorecard's row. */
static void md_cost_row(const struct pk_result *r, FILE *out)
{
	char m[PK_MONEY_BYTES], tag[PK_MONEY_TAG_BYTES];
	const struct pk_bill *any = NULL;
	size_t i;

	for (i = 0; i < r->n_variants && !any; i++) {
		any = r->variants[i].bill.priced ? &r->variants[i].bill : NULL;
	}
	if (!any) {
		return;
	}
	fprintf(out, "| cost a month (%s) ", money_compare_basis(r, 0));
	md_text(money_tag(r->sc, any, tag), out);
	fprintf(out, " |");
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		fputc(' ', out);
		md_text(b->priced
			    ? money_fmt(money_compare_month(r, b),
					b->throughput.pick.row->currency, m)
			    : "-",
			out);
		fprintf(out, " |");
	}
	fputc('\n', out);
}

/* The scorecard: one row per figure, one column per variant. */
static void table(const struct pk_result *r, const struct pk_scorecard *c,
		  FILE *out)
{
	char t[256];
	size_t i, row;

	fprintf(out, "\n## Scorecard\n\n| figure |");
	for (i = 0; i < r->n_variants; i++) {
		fputc(' ', out);
		md_text(c[i].name, out);
		fprintf(out, " |");
	}
	fprintf(out, "\n| --- |");
	for (i = 0; i < r->n_variants; i++) {
		fprintf(out, " ---: |");
	}
	fprintf(out, "\n| partition key |");
	for (i = 0; i < r->n_variants; i++) {
		fputc(' ', out);
		md_text(r->variants[i].key_text, out);
		fprintf(out, " |");
	}
	fprintf(out, "\n| %s |",
		layout_cosmos_words(r) ? "physical partitions" : "partitions");
	for (i = 0; i < r->n_variants; i++) {
		fputc(' ', out);
		md_text(layout_short(r, &r->variants[i], t, sizeof(t)), out);
		fprintf(out, " |");
	}
	fputc('\n', out);
	for (i = 0; i < r->n_variants && !r->variants[i].key_missing; i++) {
	}
	if (i < r->n_variants) {
		/* only when some variant's key misses items, as the text
		   scorecard's row (keysummary.h) */
		fprintf(out, "| items without key |");
		for (i = 0; i < r->n_variants; i++) {
			fputc(' ', out);
			md_text(keysummary_cell(&r->variants[i], t, sizeof(t)),
				out);
			fprintf(out, " |");
		}
		fputc('\n', out);
	}
	for (row = 0; row < compare_rows(); row++) {
		const char *name = compare_row_name(r, row);

		if (row + 1 == compare_rows()) {
			md_cost_row(r, out); /* before the rank, as in text */
		}
		fprintf(out, "| ");
		/* the text report's indent marks a share of the hottest */
		md_text(name + strspn(name, " "), out);
		fprintf(out, " |");
		for (i = 0; i < r->n_variants; i++) {
			fputc(' ', out);
			md_text(compare_cell(r, &c[i], row, t, sizeof(t)), out);
			fprintf(out, " |");
		}
		fputc('\n', out);
		if (row == compare_not_sent_after() &&
		    compare_not_sent_row(r)) {
			fprintf(out, "| %s |", compare_not_sent_name);
			for (i = 0; i < r->n_variants; i++) {
				fputc(' ', out);
				md_text(compare_not_sent_cell(&r->variants[i],
							      t, sizeof(t)),
					out);
				fprintf(out, " |");
			}
			fputc('\n', out);
		}
	}
}

static void ranking(const struct pk_result *r, const struct pk_scorecard *c,
		    FILE *out)
{
	size_t *order = scorecard_order(c, r->n_variants), k, i;
	char t[200], rule[PK_RANK_RULE_BYTES];

	fprintf(out, "\n## Ranking\n\nRanked ");
	md_text(scorecard_rule(r, rule), out);
	fprintf(out, ".\n\n");
	for (k = 0; k < r->n_variants; k++) {
		const struct pk_scorecard *s = &c[order[k]];

		fprintf(out, "- **%s%zu** ", s->tied ? "=" : "", s->rank);
		md_text(s->verdict, out);
		if (s->reason[0]) {
			fprintf(out, " (");
			md_text(s->reason, out);
			fputc(')', out);
		}
		if (s->log_caution) {
			fprintf(out, " (not the log's layout: ");
			md_text(s->log_caution, out);
			fputc(')', out);
		}
		fputc('\n', out);
	}
	fprintf(out, "\n### Days to full\n\n");
	for (i = 0; i < r->n_variants; i++) {
		fprintf(out, "- ");
		md_text(c[i].name, out);
		fprintf(out, ": ");
		md_text(scorecard_full_text(r, &c[i], 0, t, sizeof(t)), out);
		fputc('\n', out);
	}
	free(order);
}

/* Each query under each variant's key, when the scenario
   or `compare --query` sends any. */
static void query_row(const struct text_query_row *q, void *ctx)
{
	FILE *out = ctx;
	size_t j;

	fprintf(out, "| ");
	md_text(q->label, out);
	fprintf(out, " | ");
	md_text(q->v->name, out);
	fprintf(out, " |");
	for (j = 0; j < PK_TEXT_QUERY_COLS; j++) {
		fputc(' ', out);
		md_text(q->cells[j], out);
		fprintf(out, " |");
	}
	fputc('\n', out);
}

static void queries(const struct pk_result *r, FILE *out)
{
	size_t j;

	if (text_queries_of(r) == 0) {
		return;
	}
	fprintf(out, "\n## Queries\n\nEach query's route under each "
		     "variant's key; RU of the served ones.\n\n| query | "
		     "variant |");
	for (j = 0; j < PK_TEXT_QUERY_COLS; j++) {
		fputc(' ', out);
		md_text(text_query_heads[j], out);
		fprintf(out, " |");
	}
	fprintf(out, "\n| --- | --- | --- |");
	for (j = 1; j < PK_TEXT_QUERY_COLS; j++) {
		fprintf(out, " ---: |");
	}
	fputc('\n', out);
	text_query_rows(r->variants, r->n_variants, query_row, out);
}

/* Rule 39: each variant's change feed leases in one table. */
static void change_feed(const struct pk_result *r, FILE *out)
{
	char line[PK_TEXT_CFEED_BYTES];
	size_t i;

	for (i = 0; i < r->n_variants && !r->variants[i].cosmos; i++) {
	}
	if (i == r->n_variants) {
		return;
	}
	fprintf(out, "\n## Change feed\n\nOne lease per physical partition "
		     "(rule 39): at most as many consumers do work as there "
		     "are leases with changes.\n\n| variant | leases | with "
		     "changes | consumers | with work | busiest lease | its "
		     "share | its changes/s |\n| --- | ---: | ---: | ---: | "
		     "---: | ---: | ---: | ---: |\n");
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_result_variant *v = &r->variants[i];
		struct text_cfeed f;

		if (!v->cosmos) {
			continue;
		}
		text_cfeed_of(r, v, &f);
		fprintf(out, "| ");
		md_text(v->name, out);
		fprintf(out, " | %zu | %zu | %llu | %llu | ", f.leases, f.busy,
			(unsigned long long)f.consumers,
			(unsigned long long)f.with_work);
		if (f.changes) {
			fprintf(out, "%u | %.1f%% | %.1f |\n",
				v->ranges[f.busiest].id,
				100.0 * f.busiest_share,
				text_cfeed_rate(v, f.busiest));
		} else {
			fprintf(out, "- | - | - |\n");
		}
	}
	for (i = 0; i < r->n_variants; i++) {
		struct text_cfeed f;

		if (!r->variants[i].cosmos) {
			continue;
		}
		text_cfeed_of(r, &r->variants[i], &f);
		fprintf(out, "%s- ", i ? "" : "\n");
		md_text(r->variants[i].name, out);
		fprintf(out, ": ");
		md_text(text_cfeed_sentence(&r->variants[i], &f, line,
					    sizeof(line)),
			out);
		fputc('\n', out);
	}
}

/* Each Amazon DynamoDB table's CloudWatch view (D15; text_cloudwatch) */
static void cloudwatch(const struct pk_result *r, FILE *out)
{
	size_t vi, i, n;

	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];
		const struct pk_second **row;

		if (!v->ddb || v->metrics->n_minutes == 0) {
			continue;
		}
		row = xreallocarray(NULL, v->metrics->n_minutes, sizeof(*row));
		n = text_cw_rows(v, row);
		fprintf(out, "\n## %s: ", PK_TEXT_CW_TITLE);
		md_text(v->name, out);
		fprintf(out, "\n\n| t (s) | metric (CloudWatch) | sum | sum / "
			     "60 | capacity / s | peak second |\n| ---: | --- "
			     "| ---: | ---: | ---: | ---: |\n");
		for (i = 0; i < n; i++) {
			struct text_cw_metric c[PK_TEXT_CW_METRICS];
			int k;

			text_cw_metrics(row[i], c);
			for (k = 0; k < PK_TEXT_CW_METRICS; k++) {
				if (k == 0) {
					fprintf(out, "| %lld ",
						(long long)row[i]->t_s);
				} else {
					fputs("| ", out);
				}
				fprintf(out, "| %s | %s | %s | %s | %s |\n",
					c[k].name, c[k].sum, c[k].avg, c[k].cap,
					c[k].peak);
			}
		}
		fputc('\n', out);
		if (v->metrics->n_minutes > n) {
			md_text(text_cw_more(n, v->metrics->n_minutes), out);
			fprintf(out, "; ");
		}
		md_text(PK_TEXT_CW_MEANING, out);
		fprintf(out, ".\n");
		free(row);
	}
}

static void findings(const struct pk_result *r, FILE *out)
{
	size_t i, j, n;

	fprintf(out, "\n## Findings\n");
	for (i = 0; i < r->n_variants; i++) {
		char **f = findings_make(r, &r->variants[i], &n);

		fprintf(out, "\n### ");
		md_text(r->variants[i].name, out);
		fprintf(out, "\n\n");
		for (j = 0; j < n; j++) {
			fprintf(out, "- ");
			md_text(f[j], out);
			fputc('\n', out);
			free(f[j]);
		}
		if (n == 0) {
			fprintf(out, "- none\n");
		}
		free(f);
		remedies_markdown(r, &r->variants[i], md_text, out);
	}
}

int report_markdown(const struct pk_result *r, int compare, FILE *out)
{
	struct pk_scorecard *cards = scorecard_all(r);
	int rc = report_markdown_cards(r, cards, compare, out);

	free(cards);
	return rc;
}

/* With --seeds: each ranking figure's median and min-max. */
static void seeds_table(const struct pk_result *r, const struct pk_scorecard *c,
			FILE *out)
{
	char t[128];
	size_t i;
	int f;

	fprintf(out,
		"\n## Over %zu seeds\n\nMedian [min-max] of each ranking "
		"figure over seeds %llu to %llu; the scorecard shows "
		"medians, the verdicts seed %llu's run.\n\n| figure |",
		c[0].n_seeds, (unsigned long long)r->seed,
		(unsigned long long)(r->seed + c[0].n_seeds - 1),
		(unsigned long long)r->seed);
	for (i = 0; i < r->n_variants; i++) {
		fputc(' ', out);
		md_text(c[i].name, out);
		fprintf(out, " |");
	}
	fprintf(out, "\n| --- |");
	for (i = 0; i < r->n_variants; i++) {
		fprintf(out, " ---: |");
	}
	fputc('\n', out);
	for (f = 0; f < PK_RANK_FIGURES; f++) {
		fprintf(out, "| ");
		md_text(scorecard_figure_name(f), out);
		fprintf(out, " |");
		for (i = 0; i < r->n_variants; i++) {
			fputc(' ', out);
			md_text(compare_seed_figure(&c[i], f, t, sizeof(t)),
				out);
			fprintf(out, " |");
		}
		fputc('\n', out);
	}
}

int report_markdown_cards(const struct pk_result *r,
			  const struct pk_scorecard *cards, int compare,
			  FILE *out)
{

	fprintf(out, "# pksim %s: ", compare ? "compare" : "run");
	md_text(r->sc->name, out);
	fprintf(out, "\n\n");
	assumptions(r, out);
	table(r, cards, out);
	if (r->n_variants && cards[0].n_seeds > 1) {
		seeds_table(r, cards, out);
	}
	ranking(r, cards, out);
	report_streams_markdown(r, out);
	queries(r, out);
	change_feed(r, out);
	cloudwatch(r, out);
	ddb_index_cloudwatch_markdown(r, out);
	ddb_index_markdown(r, out);
	findings(r, out);
	money_markdown(r, md_text, out);
	return ferror(out) ? -1 : 0;
}

void report_md_text(const char *s, FILE *out)
{
	md_text(s, out);
}
