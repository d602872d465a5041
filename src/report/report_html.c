/*
 * report_html: the self-contained HTML page (see report_html.h).
 */
#include "pksim/report/report_html.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/report/ddb_index.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/report/findings.h"
#include "pksim/report/heatsvg.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/report/money.h"
#include "pksim/report/remedies.h"
#include "pksim/report/report_streams.h"
#include "pksim/report/scorecard.h"

#include "report_text_int.h"

/* Light and dark colours, print rules; SVG text follows the page. */
static const char css[] =
    ":root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--mute:#555;"
    "--rule:#ccc;--mark:#d1006b}\n"
    "@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#15171a;"
    "--mute:#aaa;--rule:#444;--mark:#ff6fb0}}\n"
    "body{font:15px/1.45 system-ui,sans-serif;color:var(--fg);"
    "background:var(--bg);margin:1.5em auto;max-width:60em;"
    "padding:0 1em}\n"
    "h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid "
    "var(--rule);padding-bottom:.2em;margin-top:1.6em}\n"
    "table{border-collapse:collapse;margin:.5em 0}td,th{padding:.15em "
    ".6em;border-bottom:1px solid var(--rule);text-align:left;"
    "vertical-align:top}td.n{text-align:right;font-variant-numeric:"
    "tabular-nums}\n"
    "svg{max-width:100%;height:auto;display:block}svg text{fill:var(--fg);"
    "font:11px system-ui,sans-serif}\n"
    ".frame{fill:none;stroke:var(--rule)}.axis line,.tick{stroke:var(--mute)}"
    "\n.split{stroke:var(--mark);stroke-width:2}.action{stroke:var(--mute);"
    "stroke-width:1.5;stroke-dasharray:2 2}\n.midnight{stroke:var(--fg);"
    "stroke-dasharray:5 3}text.midnight{stroke:none;font-weight:600}\n"
    ".hatch{stroke:#fff;stroke-width:1}.ref{stroke:var(--mark);"
    "stroke-dasharray:4 3}.line{fill:none;stroke-width:1.5}\n"
    ".leader{fill:none;stroke-width:1;stroke-dasharray:none}"
    ".rl{stroke:var(--fg)}"
    ".ref-arrow{fill:var(--mark)}line.change{stroke:var(--fg);"
    "stroke-width:1.5;stroke-dasharray:1 2}\n"
    /* labels inside the heat map: light text on a dark halo */
    "svg text.inband{fill:#fff;stroke:#000;stroke-width:2.5px;"
    "paint-order:stroke;stroke-opacity:.7}\n"
    ".multiples{display:flex;flex-wrap:wrap;gap:1em}.multiples figure"
    "{flex:1 1 22em;margin:0}figcaption{font-weight:600}\n"
    /* small multiples are drawn at about half size: text twice as big */
    ".multiples svg{overflow:visible}.multiples svg text{font-size:14px}\n"
    ".note{color:var(--mute)}\n"
    "@media print{body{max-width:none;color:#000;background:#fff}"
    "section{break-inside:avoid}svg text{fill:#000}"
    ".multiples figure{flex:1 1 45%}}\n";

static void text(const char *s, FILE *out)
{
	heatsvg_text(s, out);
}

/* Open section `name` of variant vi: ids stay unique in the page */
static void sec(const char *name, size_t vi, const char *h2, FILE *out)
{
	fprintf(out, "<section class=\"%s\" id=\"%s", name, name);
	if (vi > 0) {
		fprintf(out, "-v%zu", vi + 1);
	}
	fprintf(out, "\"><h2>%s</h2>\n", h2);
}

static void head(const struct pk_result *r, int compare, FILE *out)
{
	char secs[PK_FMT_BYTES];

	fprintf(out,
		"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		"content=\"width=device-width, initial-scale=1\">\n"
		"<title>pksim %s: ",
		compare ? "compare" : "run");
	text(r->sc->name, out);
	fprintf(out,
		"</title>\n<style>\n%s</style>\n</head>\n<body>\n"
		"<header><h1>pksim %s: ",
		css, compare ? "compare" : "run");
	text(r->sc->name, out);
	fprintf(out,
		"</h1>\n<p class=\"note\">seed %" PRIu64 ", %s"
		" s simulated. Every figure is from the simulator's own "
		"per-second record; colours are normalized %s"
		"consumption (the highest second of each cell).</p>"
		"</header>\n",
		r->seed, fmt_thousands(r->end_ms / PK_MS_PER_S, secs),
		layout_cosmos_words(r) ? "RU " : "");
}

/* A variant's words for its throughput, units and throttles: Azure
   Cosmos DB's RU/s, RU and 429s, or a DynamoDB table's capacity units
   (read plus write) and throttled requests (HTTP 400, D14) */
static const char *w_rate(const struct pk_result_variant *v)
{
	return v->ddb ? "capacity units a second" : "RU/s";
}

static const char *w_units(const struct pk_result_variant *v)
{
	return v->ddb ? "capacity units" : "RU";
}

static const char *w_parts(const struct pk_result_variant *v)
{
	return v->ddb ? "partition" : "physical partition";
}

static void row(const char *k, const char *v, FILE *out)
{
	fprintf(out, "<tr><th>%s</th><td>", k);
	text(v, out);
	fprintf(out, "</td></tr>\n");
}

/* Ranges merged away in v's run */
static size_t merged(const struct pk_result_variant *v)
{
	size_t i, n = 0;

	for (i = 0; i < v->metrics->n_merges; i++) {
		const struct pk_merge_event *e = &v->metrics->merges[i];

		n += e->ranges_before - e->ranges_after;
	}
	return n;
}

/* "at the start: LAYOUT; at the end: 5 physical partitions (2 splits),
   45,000 RU/s" */
static const char *start_end(const struct pk_result_variant *v, char *buf,
			     size_t cap)
{
	char lay[PK_LAYOUT_SENTENCE_BYTES], ru[PK_FMT_BYTES], how[64];
	size_t sp = v->metrics->n_splits, mg = merged(v);

	if (sp == 0 && mg == 0) {
		snprintf(how, sizeof(how), "no split or merge");
	} else if (mg == 0) {
		snprintf(how, sizeof(how), "%zu split%s", sp,
			 sp == 1 ? "" : "s");
	} else {
		snprintf(how, sizeof(how), "%zu split%s, %zu merged away", sp,
			 sp == 1 ? "" : "s", mg);
	}
	snprintf(
	    buf, cap, "at the start: %s; at the end: %zu %s%s (%s), %s %s%s",
	    layout_sentence(v, lay, sizeof(lay)), v->n_ranges, w_parts(v),
	    v->n_ranges == 1 ? "" : "s", how, fmt_thousands(v->ru_per_s, ru),
	    w_rate(v), v->autoscale ? " (autoscale max)" : "");
	return buf;
}

/* "; most 429s: range 90 (33.7 % of its requests)": the range of the
   run (gone before the end too) that rate-limited the most requests,
   the lowest id on a tie; nothing without 429s. Appended to buf. */
static void most_429(const struct pk_result_variant *v, char *buf, size_t cap)
{
	const struct pk_result_lineage *best = NULL;
	char n[PK_FMT_BYTES];
	size_t i;

	for (i = 0; i < v->n_lineage; i++) {
		const struct pk_result_lineage *l = &v->lineage[i];

		if (l->throttled_429 > 0 &&
		    (!best || l->throttled_429 > best->throttled_429)) {
			best = l;
		}
	}
	if (best) {
		snprintf(buf, cap,
			 "; most %s: %s %" PRIu32
			 " (%s of its requests %s, %.1f %%)",
			 v->ddb ? "throttles" : "429s",
			 v->ddb ? "partition" : "range", best->id,
			 fmt_thousands((int64_t)best->throttled_429, n),
			 v->ddb ? "throttled" : "rate limited",
			 100.0 * (double)best->throttled_429 /
			     (double)best->requests);
	}
}

static void summary(const struct pk_result *r,
		    const struct pk_result_variant *v, size_t vi, FILE *out)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[64], b[64], buf[PK_LAYOUT_SENTENCE_BYTES + 256];
	char **f;
	size_t n, i;

	sec("summary", vi, "Summary", out);
	fprintf(out, "<table>\n");
	if (r->sc->description) {
		row("scenario", r->sc->description, out);
	}
	row("partition key", v->key_text, out);
	/* items without the key's property, as the text summary says
	   (keysummary.h) */
	if (keysummary_text(v, buf, sizeof(buf))) {
		row("undefined key", buf, out);
	}
	snprintf(buf, sizeof(buf), "%s %s%s%s", fmt_thousands(v->ru_per_s, a),
		 w_rate(v), v->autoscale ? " (autoscale max)" : "",
		 v->serverless ? " (serverless)" : "");
	row("throughput", buf, out);
	row(v->ddb ? "partitions" : "physical partitions",
	    start_end(v, buf, sizeof(buf)), out);
	if (v->cosmos) {
		/* Azure Cosmos DB's caps, as the spec sets them */
		snprintf(buf, sizeof(buf),
			 "%s RU/s and %s a physical partition; %s "
			 "a logical partition",
			 fmt_thousands(v->spec->pp_ru_per_s, a),
			 fmt_bytes(v->spec->pp_storage_bytes, b),
			 fmt_bytes(v->spec->lp_storage_bytes, buf + 200));
		row("caps", buf, out);
	}
	snprintf(buf, sizeof(buf), "%s operations, %s attempts",
		 fmt_thousands((int64_t)t->operations, a),
		 fmt_thousands((int64_t)t->attempts, b));
	row("requests", buf, out);
	snprintf(buf, sizeof(buf), "%s %s, %s failed after retries",
		 fmt_thousands((int64_t)t->throttled_429, a),
		 v->ddb ? "throttled (HTTP 400)" : "rate limited (429)",
		 fmt_thousands((int64_t)t->failed_after_retries, b));
	row("throttling", buf, out);
	if (v->ddb) {
		char sides[PK_DDB_SIDES_BYTES];

		/* D3: reads and writes each against its own units */
		snprintf(buf, sizeof(buf),
			 "%s capacity units consumed: %s; peak normalized "
			 "consumption %.0f %% (first reached by partition "
			 "%" PRIu32 ")",
			 fmt_thousands(t->ru_mru / PK_MRU_PER_RU, a),
			 ddb_sides_sentence(v, sides, sizeof(sides)),
			 100.0 * v->peak_normalized, v->peak_range);
	} else {
		snprintf(buf, sizeof(buf),
			 "%s %s, %.1f %% of the %s provisioned; "
			 "peak normalized %s %.0f %% (first reached by range "
			 "%" PRIu32 ")",
			 fmt_thousands(t->ru_mru / PK_MRU_PER_RU, a),
			 w_units(v), 100.0 * v->utilisation, w_units(v), "RU",
			 100.0 * v->peak_normalized, v->peak_range);
	}
	most_429(v, buf + strlen(buf), sizeof(buf) - strlen(buf));
	row(w_units(v), buf, out);
	if (v->lps_none) {
		snprintf(buf, sizeof(buf), "%s (item collections not kept)",
			 fmt_bytes(v->storage_bytes, a));
	} else {
		snprintf(buf, sizeof(buf), "%s in %s logical partitions",
			 fmt_bytes(v->storage_bytes, a),
			 fmt_thousands((int64_t)v->lps_live, b));
	}
	row("storage", buf, out);
	fprintf(out, "</table>\n<h3>Findings</h3>\n<ul>\n");
	f = findings_make(r, v, &n);
	for (i = 0; i < n; i++) {
		fprintf(out, "<li>");
		text(f[i], out);
		fprintf(out, "</li>\n");
		free(f[i]);
	}
	free(f);
	fprintf(out, "</ul>\n");
	remedies_html(r, v, text, out);
	fprintf(out, "</section>\n");
}

static void heat_note(const struct pk_result_variant *v, int equal_bands,
		      FILE *out)
{
	char cells[PK_FMT_BYTES], col[PK_FMT_BYTES], rec[PK_FMT_BYTES];

	fprintf(out,
		"<p class=\"note\">x: simulated time; y: %s One column "
		"is %s s%s. Hatched cells had %s; solid vertical "
		"lines are splits, dashed ones other actions, dotted ones "
		"throughput changes. Hover a cell for its figures.",
		equal_bands && v->ddb
		    ? "the partitions in key order, from the one starting at "
		      "\"\" (top) to the one ending at \"FF\" (bottom), "
		      "every band of a column the same height (--bands "
		      "equal): a band's height says nothing of its share of "
		      "the hash space, and the y axis is no scale of the key "
		      "space."
		: equal_bands
		    ? "the partition key ranges in key order, from the one "
		      "starting at \"\" (top) to the one ending at \"FF\" "
		      "(bottom), every band of a column the same height "
		      "(--bands equal): a band's height says nothing of its "
		      "share of the hash space, and the y axis is no scale of "
		      "the key space."
		: v->ddb
		    ? "the key space from \"\" (top) to \"FF\" (bottom), one "
		      "band per partition, its height its share of the hash "
		      "space."
		    : "the key space from \"\" (top) to \"FF\" (bottom), one "
		      "band per partition key range, its height its share of "
		      "the hash space.",
		fmt_thousands(v->heat.bucket_s, col),
		v->heat.bucket_s > 1 ? ", coloured by its highest second" : "",
		v->ddb ? "throttled requests (HTTP 400)" : "429s");
	if (v->heat.bucket_s > metrics_heat_width(v->end_s, v->heat.record_s)) {
		fprintf(out,
			" Columns are wider than the run's length alone needs: "
			"a map has at most %s cells (bands x columns).",
			fmt_thousands(PK_RESULT_HEAT_CELLS, cells));
	}
	if (v->heat.record_s > 1) {
		fprintf(out,
			" The run is longer than a day: instead of every "
			"second, pksim kept per %s one record per %s"
			" s (its highest second, its %s), and a "
			"column is a whole number of them.",
			v->ddb ? "partition" : "range",
			fmt_thousands(v->heat.record_s, rec),
			v->ddb ? "capacity units and throttled requests"
			       : "RU and 429s");
	}
	fprintf(out, "</p>\n");
}

static void lps(const struct pk_result_variant *v, size_t vi, FILE *out)
{
	char key[256], a[40], b[40];
	size_t i;
	int frac = 0;

	/* RU and RU % as the text report rounds them (report_text.c) */
	for (i = 0; i < v->n_top_ru; i++) {
		frac |= text_ru_fraction(v->top_ru[i].ru_mru);
	}
	if (v->lps_none) {
		/* a service that keeps none: say so, not an empty table */
		sec("hot-lps", vi, "Hottest logical partitions", out);
		fprintf(out, "<p>None: the service keeps no logical partitions "
			     "(item collections not kept).</p>\n</section>\n");
		return;
	}
	sec("hot-lps", vi, "Hottest logical partitions", out);
	fprintf(out, "<table>\n<tr><th>key</th><th>RU</th>"
		     "<th>RU %%</th><th>storage</th><th>requests</th>"
		     "<th>429s</th><th>range</th></tr>\n");
	for (i = 0; i < v->n_top_ru; i++) {
		const struct pk_result_lp *lp = &v->top_ru[i];
		int64_t tot = v->metrics->totals.ru_mru;

		result_key_text(v, lp->key, lp->key_len, key, sizeof(key));
		fprintf(out, "<tr><td>");
		text(key, out);
		fprintf(out,
			"</td><td class=\"n\">%s</td><td class=\"n\">%.2f</td>"
			"<td class=\"n\">%s</td><td class=\"n\">%s</td>"
			"<td class=\"n\">%s</td><td class=\"n\">%" PRIu32
			"</td></tr>\n",
			text_ru_col(lp->ru_mru, frac, a),
			tot ? 100.0 * (double)lp->ru_mru / (double)tot : 0.0,
			fmt_bytes(lp->storage_bytes, b),
			fmt_thousands((int64_t)lp->requests, key),
			fmt_thousands((int64_t)lp->throttled_429, key + 64),
			v->ranges[lp->range].id);
	}
	fprintf(out, "</table>\n</section>\n");
}

/* The rank of an entry of the actions table at one second: a
   throughput change first (it causes what follows), then its splits,
   then the other actions */
enum { TL_CHANGE, TL_SPLIT, TL_ACTION };

static void timeline(const struct pk_result_variant *v, size_t vi, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	size_t a = 0, s = 0, c = 0;
	char x[PK_FMT_BYTES], y[PK_FMT_BYTES], t[PK_FMT_BYTES];

	sec("timeline", vi, "Actions and splits", out);
	fprintf(out, "<table>\n<tr><th>t</th><th>what</th></tr>\n");
	/* merge the three lists, each in time order */
	while (a < m->n_actions || s < m->n_splits || c < m->n_changes) {
		int64_t tc = c < m->n_changes ? m->changes[c].t_s : INT64_MAX;
		int64_t ts = s < m->n_splits ? m->splits[s].t_s : INT64_MAX;
		int64_t ta = a < m->n_actions ? m->actions[a].t_s : INT64_MAX;
		int k = tc <= ts && tc <= ta ? TL_CHANGE
			: ts <= ta	     ? TL_SPLIT
					     : TL_ACTION;

		fprintf(out, "<tr><td class=\"n\">%s s</td><td>",
			fmt_thousands(k == TL_CHANGE  ? tc
				      : k == TL_SPLIT ? ts
						      : ta,
				      t));
		if (k == TL_CHANGE) {
			const struct pk_throughput_event *e = &m->changes[c++];

			fprintf(out,
				"throughput %s to %s RU/s, %zu to %zu "
				"physical partitions",
				fmt_thousands(e->from_ru_per_s, x),
				fmt_thousands(e->to_ru_per_s, y),
				e->ranges_before, e->ranges_after);
			/* as the text report says it (report_text_time.c) */
			if (e->effective_t_s == PK_EFFECTIVE_UNFINISHED) {
				fprintf(out,
					" (the run ended before its splits "
					"were done; they would have been at "
					"t=%" PRId64 "s)",
					e->planned_t_s);
			} else if (e->effective_t_s < 0) {
				fprintf(out, " (cancelled by a later change "
					     "before its splits were done)");
			} else if (e->effective_t_s != e->t_s) {
				fprintf(out,
					" (from t=%" PRId64 "s, once the "
					"splits are done)",
					e->effective_t_s);
			}
		} else if (k == TL_SPLIT) {
			const struct pk_split_event *e = &m->splits[s++];

			fprintf(out,
				"range %" PRIu32 " split (%s) into %" PRIu32
				" and %" PRIu32,
				e->parent, metrics_split_reason(e->reason),
				e->children[0], e->children[1]);
		} else {
			const struct pk_action *e = &m->actions[a++];

			fprintf(out, "%s: ", metrics_action_name(e->kind));
			text(e->detail, out);
		}
		fprintf(out, "</td></tr>\n");
	}
	if (m->n_actions + m->n_splits + m->n_changes == 0) {
		fprintf(out, "<tr><td>-</td><td>none</td></tr>\n");
	}
	fprintf(out, "</table>\n</section>\n");
}

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
	text(q->label, x->out);
	if (x->compare) {
		fprintf(x->out, "</td><td>");
		text(q->v->name, x->out);
	}
	fprintf(x->out, "</td><td>%s</td>", q->cells[0]);
	for (j = 1; j < PK_TEXT_QUERY_COLS; j++) {
		fprintf(x->out, "<td class=\"n\">%s</td>", q->cells[j]);
	}
	fprintf(x->out, "</tr>\n");
}

/* The per-query table (report_queries.c) of variants [first, end) of r, a
   variant column when compare. */
static void query_table(const struct pk_result *r, size_t first, size_t end,
			int compare, FILE *out)
{
	struct query_ctx x = {out, compare};
	size_t j;

	fprintf(out, "<table>\n<tr><th>query</th>%s",
		compare ? "<th>variant</th>" : "");
	for (j = 0; j < PK_TEXT_QUERY_COLS; j++) {
		fprintf(out, "<th>%s</th>", text_query_heads[j]);
	}
	fprintf(out, "</tr>\n");
	text_query_rows(&r->variants[first], end - first, query_row, &x);
	fprintf(out, "</table>\n");
}

/* Rule 39: the variant's change feed leases (report_cfeed.c). */
static void change_feed(const struct pk_result *r, size_t vi, FILE *out)
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
	sec("change-feed", vi, "Change feed leases", out);
	fprintf(out, "<p>");
	text(v->name, out);
	fprintf(out, ": ");
	text(text_cfeed_sentence(v, &f, line, sizeof(line)), out);
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
		text(label, out);
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

static void queries(const struct pk_result *r, size_t vi, FILE *out)
{
	const struct pk_result_variant *v = &r->variants[vi];
	const struct pk_totals *t = &v->metrics->totals;
	static const char *names[3] = {"single partition", "targeted",
				       "fan-out"};
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES + 4];
	size_t i;

	sec("queries", vi, "Queries by route", out);
	if (v->ddb) {
		fprintf(out, "<p>None: Query and Scan are not replayed on an "
			     "Amazon DynamoDB table (docs/dynamodb.md).</p>\n");
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
		query_table(r, vi, vi + 1, 0, out);
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
	text(name, out);
	fprintf(out, "</td><td>");
	text(second, out);
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
		fprintf(out, "</td><td class=\"n\">%.1f</td></tr>\n", achieved);
	} else {
		fprintf(out, "</td><td class=\"n\">-</td></tr>\n");
	}
}

/* With `streams:`, section "streams" (id as sec's, vi) of
   variants [first, end) of r: per stream a row of all its operations,
   on a run's page then one per kind when it sent several, on compare's
   (a variant column) one per variant. Nothing without streams. */
static void streams(const struct pk_result *r, size_t first, size_t end,
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
	sec("streams", compare ? 0 : first,
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
static void cloudwatch(const struct pk_result_variant *v, size_t vi, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_second **row;
	size_t i, n;

	if (!v->ddb || m->n_minutes == 0) {
		return;
	}
	row = xreallocarray(NULL, m->n_minutes, sizeof(*row));
	n = text_cw_rows(v, row);
	sec("cloudwatch", vi, "CloudWatch 1-minute view", out);
	fprintf(out, "<p>");
	text(PK_TEXT_CW_TITLE, out);
	fprintf(out, "</p>\n<table>\n<tr><th>t (s)</th><th>units (sum)</th>"
		     "<th>sum / 60</th><th>peak second</th><th>throttled "
		     "(sum)</th><th>peak second</th></tr>\n");
	for (i = 0; i < n; i++) {
		struct text_cw_cells c;

		text_cw_cells(row[i], &c);
		fprintf(out,
			"<tr><td class=\"n\">%s</td><td class=\"n\">%s</td>"
			"<td class=\"n\">%s</td><td class=\"n\">%s</td>"
			"<td class=\"n\">%s</td><td class=\"n\">%s</td>"
			"</tr>\n",
			c.t, c.sum, c.avg, c.peak, c.thr, c.thr_peak);
	}
	fprintf(out, "</table>\n<p>");
	if (m->n_minutes > n) {
		text(text_cw_more(n, m->n_minutes), out);
		fprintf(out, "; ");
	}
	text(PK_TEXT_CW_MEANING, out);
	fprintf(out, ".</p>\n</section>\n");
	free(row);
}

static int run_page(const struct pk_result *r, int equal_bands, FILE *out)
{
	size_t vi;

	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];

		fprintf(out, "<article class=\"variant\">\n");
		if (r->n_variants > 1) {
			fprintf(out, "<h2>Variant %zu of %zu: ", vi + 1,
				r->n_variants);
			text(v->name, out);
			fprintf(out, "</h2>\n");
		}
		summary(r, v, vi, out);
		sec("heatmap", vi,
		    v->ddb ? "Heat map: normalized consumption per partition "
			     "over time"
			   : "Heat map: normalized RU consumption per range "
			     "over time",
		    out);
		heat_note(v, equal_bands, out);
		heatsvg_map(v, (int)vi, v->end_s, r->sc->clock_start_s,
			    equal_bands, 800, out);
		heatsvg_legend(!v->ddb, out);
		fprintf(out, "</section>\n");
		sec("ru-share", vi,
		    v->ddb ? "Capacity units served against each partition's "
			     "share"
			   : "RU/s served against each range's share",
		    out);
		heatsvg_share_chart(v, out);
		fprintf(out, "</section>\n");
		sec("storage", vi,
		    v->ddb ? "Storage per partition" : "Storage per range",
		    out);
		heatsvg_storage_chart(v, out);
		fprintf(out, "</section>\n");
		lps(v, vi, out);
		ddb_index_html(v, vi, text, out);
		cloudwatch(v, vi, out);
		ddb_index_cloudwatch_html(v, vi, text, out);
		timeline(v, vi, out);
		queries(r, vi, out);
		fprintf(out, "</section>\n");
		change_feed(r, vi, out);
		streams(r, vi, vi + 1, 0, out);
		sec("money", vi, "Money", out);
		money_html(r, v, text, out);
		fprintf(out, "</section>\n</article>\n");
	}
	return 0;
}

static void card_row(const char *what, const struct pk_result *r,
		     const struct pk_scorecard *cards, int which, FILE *out)
{
	size_t i;
	char a[160];

	fprintf(out, "<tr><th>%s</th>", what);
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_scorecard *s = &cards[i];

		switch (which) {
		case 0:
			snprintf(a, sizeof(a), "%s", r->variants[i].key_text);
			break;
		case 1:
			layout_short(r, &r->variants[i], a, sizeof(a));
			snprintf(a + strlen(a), sizeof(a) - strlen(a),
				 "; %zu at the end", r->variants[i].n_ranges);
			break;
		case 2:
			snprintf(a, sizeof(a), "%.1f %%",
				 100 * s->hottest_share_ru);
			break;
		case 3:
			snprintf(a, sizeof(a), "%.0f %%",
				 100 * s->peak_normalized_ru);
			break;
		case 4:
			fmt_thousands((int64_t)s->throttled_429, a);
			break;
		case 5:
			fmt_thousands((int64_t)s->failed_after_retries, a);
			break;
		case 6:
			snprintf(a, sizeof(a), "%.2f",
				 s->storage_max_over_mean);
			break;
		case 7:
			snprintf(a, sizeof(a), "%zu", s->splits);
			break;
		default:
			scorecard_full_text(r, s, 1, a, sizeof(a));
			break;
		}
		fprintf(out, "<td>");
		text(a, out);
		fprintf(out, "</td>");
	}
	fprintf(out, "</tr>\n");
}

/* The ranking as the text report gives it: its rule, then per variant in
   ranking order its rank ("=1" when tied), verdict and reason */
static void ranking(const struct pk_result *r, const struct pk_scorecard *cards,
		    FILE *out)
{
	size_t *order = scorecard_order(cards, r->n_variants), k;
	char rule[PK_RANK_RULE_BYTES];

	sec("ranking", 0, "Ranking", out);
	fprintf(out, "<p class=\"note\">Ranked ");
	text(scorecard_rule(r, rule), out);
	fprintf(out, ".</p>\n<table class=\"rank\">\n<tr><th>rank</th>"
		     "<th>variant: verdict</th><th>why ahead of the next</th>"
		     "</tr>\n");
	for (k = 0; k < r->n_variants; k++) {
		const struct pk_scorecard *c = &cards[order[k]];

		fprintf(out, "<tr><td class=\"n\">%s%zu</td><td>",
			c->tied ? "=" : "", c->rank);
		text(c->verdict, out);
		fprintf(out, "</td><td>");
		text(c->reason[0] ? c->reason : "-", out);
		fprintf(out, "</td></tr>\n");
	}
	fprintf(out, "</table>\n</section>\n");
	free(order);
}

/* Each variant's replayed remedies, as a run's page has them, in one
   section; none when no variant has remedies */
static void compare_remedies(const struct pk_result *r, FILE *out)
{
	size_t i, n = 0;

	for (i = 0; i < r->n_variants; i++) {
		n += r->variants[i].remedies != NULL;
	}
	if (n == 0) {
		return;
	}
	sec("remedies", 0, "Remedies by variant", out);
	for (i = 0; i < r->n_variants; i++) {
		if (!r->variants[i].remedies) {
			continue;
		}
		fprintf(out, "<h3>");
		text(r->variants[i].name, out);
		fprintf(out, "</h3>\n");
		remedies_html(r, &r->variants[i], text, out);
	}
	fprintf(out, "</section>\n");
}

static int compare_page(const struct pk_result *r, int equal_bands, FILE *out)
{
	struct pk_scorecard *cards = scorecard_all(r);
	static const char *cosmos_rows[] = {"partition key",
					    "physical partitions",
					    "hottest key: share of RU",
					    "peak normalized RU",
					    "429s",
					    "failed after retries",
					    "storage max/mean",
					    "splits",
					    "days to full"};
	/* a run with another service's variant (a DynamoDB table) */
	static const char *other_rows[] = {
	    "partition key",	   "partitions", "hottest key: share of units",
	    "peak normalized use", "throttled",	 "failed after retries",
	    "storage max/mean",	   "splits",	 "days to full"};
	const char **rows = layout_cosmos_words(r) ? cosmos_rows : other_rows;
	int64_t span = 1;
	size_t i, k;
	char note[512];

	sec("scorecard", 0, "Scorecard", out);
	fprintf(out, "<table>\n<tr><th>variant</th>");
	for (i = 0; i < r->n_variants; i++) {
		fprintf(out, "<th>");
		text(cards[i].name, out);
		fprintf(out, "</th>");
		if (r->variants[i].end_s > span) {
			span = r->variants[i].end_s;
		}
	}
	fprintf(out, "</tr>\n");
	for (k = 0; k < sizeof(cosmos_rows) / sizeof(cosmos_rows[0]); k++) {
		card_row(rows[k], r, cards, (int)k, out);
	}
	money_html_cost_row(r, text, out);
	fprintf(out, "</table>\n<p class=\"note\">");
	text(money_cost_note(r, note, sizeof(note)), out);
	fprintf(out, "</p>\n</section>\n");
	ranking(r, cards, out);
	if (text_queries_of(r) > 0) {
		sec("queries", 0, "Queries by variant", out);
		fprintf(out, "<p class=\"note\">Each query's route under each "
			     "variant's key; RU of the served ones.</p>\n");
		query_table(r, 0, r->n_variants, 1, out);
		fprintf(out, "</section>\n");
	}
	streams(r, 0, r->n_variants, 1, out);
	for (i = 0; i < r->n_variants; i++) {
		change_feed(r, i, out);
	}
	sec("heatmap", 0,
	    "Heat maps side by side: one time axis, one colour scale", out);
	if (r->n_variants) {
		heat_note(&r->variants[0], equal_bands, out);
	}
	heatsvg_legend(layout_cosmos_words(r), out);
	fprintf(out, "<div class=\"multiples\">\n");
	for (i = 0; i < r->n_variants; i++) {
		fprintf(out, "<figure><figcaption>");
		text(r->variants[i].name, out);
		fprintf(out, ": ");
		text(r->variants[i].key_text, out);
		fprintf(out, "</figcaption>\n");
		heatsvg_map(&r->variants[i], (int)i, span, r->sc->clock_start_s,
			    equal_bands, 420, out);
		fprintf(out, "</figure>\n");
	}
	fprintf(out, "</div>\n</section>\n");
	compare_remedies(r, out);
	free(cards);
	return 0;
}

int report_html(const struct pk_result *r, int compare, int equal_bands,
		FILE *out)
{
	head(r, compare, out);
	fprintf(out, "<main>\n");
	if (compare) {
		compare_page(r, equal_bands, out);
	} else {
		run_page(r, equal_bands, out);
	}
	fprintf(out, "</main>\n<footer class=\"note\"><p>Made by pksim; "
		     "this page needs no network and no script.</p></footer>\n"
		     "</body>\n</html>\n");
	return ferror(out) ? -1 : 0;
}
