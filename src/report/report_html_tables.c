/*
 * report_html_tables: the HTML page's sections that are tables built
 * from the text report's rows (report_text_int.h): the queries by route
 * and per query, the change feed's leases (rule 39), the streams, and an
 * Amazon DynamoDB table's CloudWatch minutes (D15).
 */
#include "report_html_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/heatsvg.h"
#include "pksim/report/layout.h"
#include "pksim/report/report_streams.h"

#include "report_text_int.h"

/* mRU >= 0 as RU with separators and one decimal: "325,000.5" */
static const char *ru_tenths(int64_t mru, char *buf, size_t cap)
{
	char a[PK_FMT_BYTES];
	int64_t d = (mru + 50) / 100; /* tenths of an RU, rounded */

	snprintf(buf, cap, "%s.%d", fmt_thousands(d / 10, a), (int)(d % 10));
	return buf;
}

/* query_table's context: the output, and 1 for a variant column */
struct query_ctx {
	FILE *out;
	int compare;
};

static void query_row(const struct text_query_row *q, void *ctx)
{
	const struct query_ctx *x = ctx;
	size_t j;

	fprintf(x->out, "<tr><td>");
	heatsvg_text(q->label, x->out);
	if (x->compare) {
		fprintf(x->out, "</td><td>");
		heatsvg_text(q->v->name, x->out);
	}
	fprintf(x->out, "</td><td>%s</td>", q->cells[0]);
	for (j = 1; j < PK_TEXT_QUERY_COLS; j++) {
		fprintf(x->out, "<td class=\"n\">%s</td>", q->cells[j]);
	}
	fprintf(x->out, "</tr>\n");
}

/* The per-query table (report_queries.c) of variants [first, end) of r, a
   variant column when compare. */
void html_query_table(const struct pk_result *r, size_t first, size_t end,
		      int compare, FILE *out)
{
	struct query_ctx x = {out, compare};
	size_t j;
	/* a table's own words when every variant shown is a table */
	const char *const *h = text_query_heads_ddb;

	for (j = first; j < end; j++) {
		if (!r->variants[j].ddb) {
			h = text_query_heads;
		}
	}
	fprintf(out, "<table>\n<tr><th>query</th>%s",
		compare ? "<th>variant</th>" : "");
	for (j = 0; j < PK_TEXT_QUERY_COLS; j++) {
		fprintf(out, "<th>%s</th>", h[j]);
	}
	fprintf(out, "</tr>\n");
	text_query_rows(&r->variants[first], end - first, query_row, &x);
	fprintf(out, "</table>\n");
}

/* Rule 39: the variant's change feed leases (report_cfeed.c). */
void html_change_feed(const struct pk_result *r, size_t vi, FILE *out)
{
	const struct pk_result_variant *v = &r->variants[vi];
	char line[PK_TEXT_CFEED_BYTES], a[PK_FMT_BYTES], label[48];
	struct text_cfeed f;
	size_t i;
	double rate;

	if (!v->cosmos) {
		return;
	}
	text_cfeed_of(r, v, &f);
	html_sec("change-feed", vi, "Change feed leases", out);
	fprintf(out, "<p>");
	heatsvg_text(v->name, out);
	fprintf(out, ": ");
	heatsvg_text(text_cfeed_sentence(v, &f, line, sizeof(line)), out);
	fprintf(out, "</p>\n<table>\n<tr><th>lease (range)</th><th>changes"
		     "</th><th>changes/s</th><th>share</th></tr>\n");
	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *g = &v->ranges[i];

		fprintf(out,
			"<tr><td>%u</td><td class=\"n\">%s</td><td "
			"class=\"n\">%.1f</td><td class=\"n\">%.1f%%</td>"
			"</tr>\n",
			g->id, fmt_thousands((int64_t)g->changes, a),
			text_cfeed_rate(v, i),
			f.changes
			    ? 100.0 * (double)g->changes / (double)f.changes
			    : 0.0);
	}
	for (i = 0; i < v->n_lineage; i++) {
		if (!text_cfeed_retired(v, i, &rate, label, sizeof(label))) {
			continue;
		}
		fprintf(out, "<tr><td>");
		heatsvg_text(label, out);
		fprintf(out,
			"</td><td class=\"n\">%s</td><td class=\"n\">%.1f"
			"</td><td class=\"n\">%.1f%%</td></tr>\n",
			fmt_thousands((int64_t)v->lineage[i].changes, a), rate,
			f.changes ? 100.0 * (double)v->lineage[i].changes /
					(double)f.changes
				  : 0.0);
	}
	fprintf(out, "</table>\n</section>\n");
}

void html_queries(const struct pk_result *r, size_t vi, FILE *out)
{
	const struct pk_result_variant *v = &r->variants[vi];
	const struct pk_totals *t = &v->metrics->totals;
	static const char *names[3] = {"single partition", "targeted",
				       "fan-out"};
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES + 4];
	size_t i;

	html_sec("queries", vi, "Queries by route", out);
	if (v->ddb) {
		/* a table's Query and Scan (ddb_query.c) */
		if (v->n_queries == 0) {
			fprintf(out, "<p>None: the run sent no Query or "
				     "Scan.</p>\n");
			return;
		}
		fprintf(out, "<table>\n<tr><th>request</th><th>served</th>"
			     "</tr>\n");
		for (i = 0; i < 3; i++) {
			fprintf(out,
				"<tr><td>%s</td><td class=\"n\">%s</td>"
				"</tr>\n",
				text_route_name_ddb((enum pk_route_kind)i),
				fmt_thousands((int64_t)t->queries[i], a));
		}
		fprintf(out,
			"</table>\n<p class=\"note\">%s partition reads by "
			"queries; Scans cost %s read units.</p>\n",
			fmt_thousands((int64_t)t->query_ranges, a),
			ru_tenths(t->fanout_mru, b, sizeof(b)));
		html_query_table(r, vi, vi + 1, 0, out);
		return;
	}
	fprintf(out, "<table>\n<tr><th>route</th><th>queries</th></tr>\n");
	for (i = 0; i < 3; i++) {
		fprintf(out, "<tr><td>%s</td><td class=\"n\">%s</td></tr>\n",
			names[i], fmt_thousands((int64_t)t->queries[i], a));
	}
	fprintf(out,
		"</table>\n<p class=\"note\">%s range visits by "
		"queries; fan-out queries cost %s RU.</p>\n",
		fmt_thousands((int64_t)t->query_ranges, a),
		ru_tenths(t->fanout_mru, b, sizeof(b)));
	if (v->n_queries > 0) {
		fprintf(out, "<p>Each query's route under this key; RU of the "
			     "served ones.</p>\n");
		html_query_table(r, vi, vi + 1, 0, out);
	}
}

/* One row of the streams table: name, second column (kind or variant),
   then the figures of o as the text report's streams table has them. */
static void stream_row(const char *name, const char *second,
		       const struct pk_result_stream_ops *o, int split,
		       double achieved, FILE *out)
{
	const uint64_t n[] = {o->operations,	    o->succeeded,
			      o->throttled_429,	    o->throttled_3212,
			      o->throttled_low_429, o->failed_429,
			      o->failed_other,	    o->not_sent};
	char a[PK_FMT_BYTES];
	size_t k;

	fprintf(out, "<tr><td>");
	heatsvg_text(name, out);
	fprintf(out, "</td><td>");
	heatsvg_text(second, out);
	fprintf(out, "</td>");
	for (k = 0; k < sizeof(n) / sizeof(n[0]); k++) {
		if (split || (k != 3 && k != 4)) {
			fprintf(out, "<td class=\"n\">%s</td>",
				fmt_thousands((int64_t)n[k], a));
		}
	}
	fprintf(out, "<td class=\"n\">%s</td>", text_ru(o->ru_mru, a));
	fprintf(out, "<td class=\"n\">");
	if (o->wait_p50_ms >= 0) {
		fprintf(out, "%" PRId64 "</td><td class=\"n\">%" PRId64,
			o->wait_p50_ms, o->wait_p99_ms);
	} else {
		fprintf(out, "-</td><td class=\"n\">-");
	}
	if (achieved > 0) {
		char r[PK_FMT_BYTES];

		fprintf(out, "</td><td class=\"n\">%s</td></tr>\n",
			fmt_decimal(achieved, r));
	} else {
		fprintf(out, "</td><td class=\"n\">-</td></tr>\n");
	}
}

/* With `streams:`, section "streams" (id as sec's, vi) of
   variants [first, end) of r: per stream a row of all its operations,
   on a run's page then one per kind when it sent several, on compare's
   (a variant column) one per variant. Nothing without streams. */
void html_streams(const struct pk_result *r, size_t first, size_t end,
		  int compare, FILE *out)
{
	size_t i, vi;
	int k, split = 0, cos = layout_cosmos_words(r);

	if (first >= end || r->variants[first].n_streams == 0) {
		return;
	}
	for (vi = first; vi < end; vi++) {
		split |= r->variants[vi].streams_split_429;
	}
	html_sec("streams", compare ? 0 : first,
		 compare ? "Streams by variant" : "Streams", out);
	fprintf(out,
		"<p class=\"note\">Operations offered; %s are service-side "
		"answers (every attempt)%s; %s are operations that "
		"ended %s after their retries; not sent are operations "
		"that arrived but were never sent, no item being written yet "
		"to target (not in operations); wait is the retry wait "
		"of the operations that succeeded, in ms; achieved is a "
		"closed-loop stream's operations that succeeded a second.</p>\n"
		"<table>\n<tr><th>stream</th><th>%s</th><th>operations</th>"
		"<th>succeeded</th><th>%s</th>%s<th>%s</th>"
		"<th>failed other</th><th>not sent</th><th>RU</th>"
		"<th>wait p50 ms</th>"
		"<th>wait p99 ms</th><th>achieved succeeded/s</th></tr>\n",
		cos ? "429s" : "throttled requests (HTTP 400)",
		split ? ", of them 429/3212 past a throughput bucket's cap "
			"and Low to Low-priority requests"
		      : "",
		cos ? "failed 429" : "failed throttled",
		cos ? "in a 429" : "throttled", compare ? "variant" : "kind",
		cos ? "429s" : "throttled",
		split ? "<th>429/3212</th><th>Low 429s</th>" : "",
		cos ? "failed 429" : "failed throttled");
	for (i = 0; i < r->variants[first].n_streams; i++) {
		for (vi = first; vi < end; vi++) {
			const struct pk_result_stream *s =
			    &r->variants[vi].streams[i];
			int kinds = 0;

			stream_row(s->name,
				   compare ? r->variants[vi].name : "all",
				   &s->all, split, s->achieved_ops_per_s, out);
			for (k = 0; k <= PK_OP_KINDS; k++) {
				kinds += s->kind[k].operations +
					     s->kind[k].not_sent >
					 0;
			}
			for (k = 0; !compare && kinds > 1 && k <= PK_OP_KINDS;
			     k++) {
				if (s->kind[k].operations +
					s->kind[k].not_sent >
				    0) {
					stream_row("",
						   report_stream_kind_name(k),
						   &s->kind[k], split, 0, out);
				}
			}
		}
	}
	fprintf(out, "</table>\n</section>\n");
}

/* An Amazon DynamoDB table's CloudWatch view (D15; text_cloudwatch) */
void html_cloudwatch(const struct pk_result_variant *v, size_t vi, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_second **row;
	size_t i, n;

	if (!v->ddb || m->n_minutes == 0) {
		return;
	}
	row = xreallocarray(NULL, m->n_minutes, sizeof(*row));
	n = text_cw_rows(v, row);
	html_sec("cloudwatch", vi, "CloudWatch 1-minute view", out);
	fprintf(out, "<p>");
	heatsvg_text(PK_TEXT_CW_TITLE, out);
	fprintf(out, "</p>\n<table>\n<tr><th>t (s)</th><th>metric "
		     "(CloudWatch)</th><th>sum</th><th>sum / 60</th>"
		     "<th>capacity / s</th><th>peak second</th></tr>\n");
	for (i = 0; i < n; i++) {
		struct text_cw_metric c[PK_TEXT_CW_METRICS];
		int k;

		text_cw_metrics(row[i], c);
		for (k = 0; k < PK_TEXT_CW_METRICS; k++) {
			fputs("<tr><td class=\"n\">", out);
			if (k == 0) {
				fprintf(out, "%lld", (long long)row[i]->t_s);
			}
			fprintf(out,
				"</td><td>%s</td><td class=\"n\">%s</td>"
				"<td class=\"n\">%s</td><td class=\"n\">%s"
				"</td><td class=\"n\">%s</td></tr>\n",
				c[k].name, c[k].sum, c[k].avg, c[k].cap,
				c[k].peak);
		}
	}
	fprintf(out, "</table>\n<p>");
	if (m->n_minutes > n) {
		heatsvg_text(text_cw_more(n, m->n_minutes), out);
		fprintf(out, "; ");
	}
	heatsvg_text(PK_TEXT_CW_MEANING, out);
	fprintf(out, ".</p>\n</section>\n");
	free(row);
}
