/*
 * report_html: the self-contained HTML page (see report_html.h); its
 * tables of queries, change feed, streams and CloudWatch minutes are
 * report_html_tables.c.
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
#include "pksim/service/snapshot.h"

#include "report_html_int.h"
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
void html_sec(const char *name, size_t vi, const char *h2, FILE *out)
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

/* A variant's words for its units and throttles: Azure Cosmos DB's RU
   and 429s, or a DynamoDB table's capacity units and throttled requests
   (HTTP 400, D14); its throughput's are in the rows that print it (a
   table's reads and writes apart, ddb_sides.h) */
static const char *w_units(const struct pk_result_variant *v)
{
	return v->ddb ? "capacity units" : "RU";
}

static const char *w_parts(const struct pk_result_variant *v)
{
	return v->ddb ? "partition" : "physical partition";
}

void html_row(const char *k, const char *v, FILE *out)
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
	if (v->ddb) {
		/* D3: a table's reads and writes each their own units; on
		   demand its instant limits at the end are not kept */
		char sides[PK_DDB_SIDES_BYTES];
		const char *end = ddb_sides_end(v, sides, sizeof(sides));

		snprintf(buf, cap,
			 "at the start: %s; at the end: %zu %s%s (%s)%s%s",
			 layout_sentence(v, lay, sizeof(lay)), v->n_ranges,
			 w_parts(v), v->n_ranges == 1 ? "" : "s", how,
			 end ? ", " : "", end ? end : "");
		return buf;
	}
	snprintf(
	    buf, cap, "at the start: %s; at the end: %zu %s%s (%s), %s %s%s",
	    layout_sentence(v, lay, sizeof(lay)), v->n_ranges, w_parts(v),
	    v->n_ranges == 1 ? "" : "s", how, fmt_thousands(v->ru_per_s, ru),
	    "RU/s", v->autoscale ? " (autoscale max)" : "");
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

	html_sec("summary", vi, "Summary", out);
	fprintf(out, "<table>\n");
	if (r->sc->description) {
		html_row("scenario", r->sc->description, out);
	}
	html_row("partition key", v->key_text, out);
	/* items without the key's property, as the text summary says
	   (keysummary.h) */
	if (keysummary_text(v, buf, sizeof(buf))) {
		html_row("undefined key", buf, out);
	}
	if (v->ddb) {
		/* the text report's table line: reads and writes apart at
		   the start (D3; on demand the first instant limits, D12) */
		char sides[PK_DDB_SIDES_BYTES];

		snprintf(buf, sizeof(buf), "%s (%s) at the start",
			 ddb_sides_start(v, sides, sizeof(sides)),
			 v->ddb->on_demand ? "on demand: its instant limits"
					   : "provisioned");
	} else {
		snprintf(buf, sizeof(buf), "%s %s%s%s",
			 fmt_thousands(v->ru_per_s, a), "RU/s",
			 v->autoscale ? " (autoscale max)" : "",
			 v->serverless ? " (serverless)" : "");
	}
	html_row("throughput", buf, out);
	html_row(v->ddb ? "partitions" : "physical partitions",
		 start_end(v, buf, sizeof(buf)), out);
	if (v->cosmos) {
		/* Azure Cosmos DB's caps, as the spec sets them */
		snprintf(buf, sizeof(buf),
			 "%s RU/s and %s a physical partition; %s "
			 "a logical partition",
			 fmt_thousands(v->spec->pp_ru_per_s, a),
			 fmt_bytes(v->spec->pp_storage_bytes, b),
			 fmt_bytes(v->spec->lp_storage_bytes, buf + 200));
		html_row("caps", buf, out);
	}
	snprintf(buf, sizeof(buf), "%s operations, %s attempts",
		 fmt_thousands((int64_t)t->operations, a),
		 fmt_thousands((int64_t)t->attempts, b));
	html_row("requests", buf, out);
	snprintf(buf, sizeof(buf), "%s %s, %s failed after retries",
		 fmt_thousands((int64_t)t->throttled_429, a),
		 v->ddb ? "throttled (HTTP 400)" : "rate limited (429)",
		 fmt_thousands((int64_t)t->failed_after_retries, b));
	html_row("throttling", buf, out);
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
	html_row(w_units(v), buf, out);
	if (v->lps_none) {
		snprintf(buf, sizeof(buf), "%s (item collections not kept)",
			 fmt_bytes(v->storage_bytes, a));
	} else {
		snprintf(buf, sizeof(buf), "%s in %s logical partitions",
			 fmt_bytes(v->storage_bytes, a),
			 fmt_thousands((int64_t)v->lps_live, b));
	}
	html_row("storage", buf, out);
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
		html_sec("hot-lps", vi, "Hottest logical partitions", out);
		fprintf(out, "<p>None: the service keeps no logical partitions "
			     "(item collections not kept).</p>\n</section>\n");
		return;
	}
	html_sec("hot-lps", vi, "Hottest logical partitions", out);
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

	html_sec("timeline", vi, "Actions and splits", out);
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

			if (v->ddb) {
				/* the table's units, reads and writes
				   apart (D3) */
				char x2[PK_FMT_BYTES], y2[PK_FMT_BYTES];

				fprintf(out,
					"%s RCU + %s WCU to %s RCU + %s WCU, "
					"%zu to %zu partitions",
					fmt_thousands(e->side_from[0], x),
					fmt_thousands(e->side_from[1], x2),
					fmt_thousands(e->side_to[0], y),
					fmt_thousands(e->side_to[1], y2),
					e->ranges_before, e->ranges_after);
			} else {
				fprintf(out,
					"throughput %s to %s RU/s, %zu to %zu "
					"physical partitions",
					fmt_thousands(e->from_ru_per_s, x),
					fmt_thousands(e->to_ru_per_s, y),
					e->ranges_before, e->ranges_after);
			}
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
		html_sec("heatmap", vi,
			 v->ddb
			     ? "Heat map: normalized consumption per partition "
			       "over time"
			     : "Heat map: normalized RU consumption per range "
			       "over time",
			 out);
		heat_note(v, equal_bands, out);
		heatsvg_map(v, (int)vi, v->end_s, r->sc->clock_start_s,
			    equal_bands, 800, out);
		heatsvg_legend(!v->ddb, out);
		fprintf(out, "</section>\n");
		html_sec("ru-share", vi,
			 v->ddb
			     ? "Capacity units served against each partition's "
			       "share"
			     : "RU/s served against each range's share",
			 out);
		heatsvg_share_chart(v, out);
		fprintf(out, "</section>\n");
		html_sec("storage", vi,
			 v->ddb ? "Storage per partition" : "Storage per range",
			 out);
		heatsvg_storage_chart(v, out);
		fprintf(out, "</section>\n");
		lps(v, vi, out);
		ddb_index_html(v, vi, text, out);
		html_cloudwatch(v, vi, out);
		ddb_index_cloudwatch_html(v, vi, text, out);
		timeline(v, vi, out);
		html_queries(r, vi, out);
		fprintf(out, "</section>\n");
		html_change_feed(r, vi, out);
		html_streams(r, vi, vi + 1, 0, out);
		html_sec("money", vi, "Money", out);
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

	html_sec("ranking", 0, "Ranking", out);
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
		if (c->log_caution) {
			fprintf(out, " (not the log's layout: ");
			text(c->log_caution, out);
			fputc(')', out);
		}
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
	html_sec("remedies", 0, "Remedies by variant", out);
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

	html_sec("scorecard", 0, "Scorecard", out);
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
		html_sec("queries", 0, "Queries by variant", out);
		fprintf(out, "<p class=\"note\">Each query's route under each "
			     "variant's key; RU of the served ones.</p>\n");
		html_query_table(r, 0, r->n_variants, 1, out);
		fprintf(out, "</section>\n");
	}
	html_streams(r, 0, r->n_variants, 1, out);
	for (i = 0; i < r->n_variants; i++) {
		html_change_feed(r, i, out);
	}
	html_sec("heatmap", 0,
		 "Heat maps side by side: one time axis, one colour scale",
		 out);
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
