/*
 * ddb_index: a DynamoDB table's global secondary indexes in the text,
 * Markdown and HTML reports (ddb_index.h). Each format prints the same
 * cells (index_cells, part_cells): the sentences about the index, then
 * one row per partition.
 */
#include "pksim/report/ddb_index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/report_md.h"
#include "pksim/service/snapshot.h"
#include "report_text_int.h"

#define CELL 200

/* What a report says of one index, as sentences */
struct index_cells {
	char head[CELL];      /* "by-status: key /status, projection all, 3
				 partitions of 666.7 WCU a second" */
	const char *label;    /* "provisioned", or "on demand" */
	char prov[CELL];      /* its provisioned units, or on demand its
				 warm throughput and highest limit */
	char writes[CELL];    /* units consumed against them */
	char reads[CELL];     /* why no read units are consumed */
	char throttled[CELL]; /* its throttles by reason */
};

/* Whether index x's partition k has a row: on demand only one written
   (its partitions are laid out for its quota, most never written) */
static int part_shown(const struct pk_ddb_index *x, size_t k)
{
	return !x->on_demand || x->parts[k].writes > 0;
}

/* One partition's row */
struct part_cells {
	char id[PK_FMT_BYTES], share[40], used[40], peak[40], at[PK_FMT_BYTES],
	    thr[PK_FMT_BYTES];
};

static const char *const heads[6] = {"partition",    "WCU a second (share)",
				     "WCU consumed", "busiest second",
				     "at t (s)",     "base writes throttled"};

double ddb_index_utilisation(const struct pk_ddb_index *x)
{
	return x->cap_mcu > 0 ? (double)x->used_mcu / (double)x->cap_mcu : 0.0;
}

/* On demand (D12, D13): the sentences that differ from a provisioned
   index's */
static void od_cells(const struct pk_ddb_index *x, struct index_cells *c)
{
	char a[40], b[40], d[40], e[40];

	c->label = "on demand";
	snprintf(c->head, CELL,
		 "%s: key %s, projection %s, %zu partitions of up to 1,000 "
		 "WRU a second (rows: those written)",
		 x->name, x->partition_key, x->keys_only ? "keys_only" : "all",
		 x->n_parts);
	snprintf(c->prov, CELL,
		 "warm %s RRU + %s WRU a second (D13); its write limit "
		 "reached %s WRU a second (D12: twice its own peak)",
		 fmt_thousands(x->warm_rru, a), fmt_thousands(x->warm_wru, b),
		 text_ru(x->top_limit_mcu, d));
	snprintf(c->writes, CELL,
		 "%s WRU consumed of %s its write limit allowed over the run "
		 "(%.1f%%)",
		 text_ru(x->used_mcu, d), text_ru(x->cap_mcu, e),
		 100.0 * ddb_index_utilisation(x));
	snprintf(c->reads, CELL,
		 "none consumed: no query reads it (a base read never "
		 "touches an index, statement 26; a Query of an on-demand "
		 "index is not replayed)");
	snprintf(c->throttled, CELL,
		 "%s (%s IndexWriteKeyRangeThroughputExceeded, %s "
		 "IndexWriteAccountLimitExceeded): each a base write "
		 "throttled and not stored",
		 fmt_thousands((int64_t)(x->throttled[0] + x->throttled[1]), a),
		 fmt_thousands((int64_t)x->throttled[0], b),
		 fmt_thousands((int64_t)x->throttled[1], d));
}

static void index_cells(const struct pk_ddb_index *x, struct index_cells *c)
{
	char a[40], b[40], d[40], e[40];

	if (x->on_demand) {
		od_cells(x, c);
		return;
	}
	c->label = "provisioned";
	snprintf(c->head, CELL,
		 "%s: key %s, projection %s, %zu partition%s of %s WCU a "
		 "second",
		 x->name, x->partition_key, x->keys_only ? "keys_only" : "all",
		 x->n_parts, x->n_parts == 1 ? "" : "s",
		 text_ru(x->n_parts ? x->parts[0].share_mcu : 0, a));
	snprintf(c->prov, CELL, "%s RCU + %s WCU a second",
		 fmt_thousands(x->rcu, a), fmt_thousands(x->wcu, b));
	if (x->scaled) {
		snprintf(c->prov, CELL,
			 "%s RCU + %s WCU a second at the start; its write "
			 "units followed the table's auto scaling (D19): %s "
			 "to %s WCU",
			 fmt_thousands(x->rcu, a), fmt_thousands(x->wcu, b),
			 fmt_thousands(x->lo_wcu, d),
			 fmt_thousands(x->hi_wcu, e));
	}
	snprintf(c->writes, CELL,
		 "%s WCU consumed of %s provisioned over the run (%.1f%%)",
		 text_ru(x->used_mcu, d), text_ru(x->cap_mcu, e),
		 100.0 * ddb_index_utilisation(x));
	if (x->reads > 0) {
		snprintf(c->reads, CELL,
			 "%s RCU consumed by a Query of it (%s pages asked, %s "
			 "IndexReadKeyRangeThroughputExceeded, %s "
			 "IndexReadProvisionedThroughputExceeded; a base "
			 "request never fails for them, statement 26)",
			 text_ru(x->read_used_mcu, d),
			 fmt_thousands((int64_t)x->reads, a),
			 fmt_thousands((int64_t)x->read_throttled[0], b),
			 fmt_thousands((int64_t)x->read_throttled[1], e));
	} else {
		snprintf(c->reads, CELL,
			 "none of its %s RCU consumed: no query reads it (a "
			 "base read never touches an index, statement 26)",
			 fmt_thousands(x->rcu, a));
	}
	snprintf(c->throttled, CELL,
		 "%s (%s IndexWriteKeyRangeThroughputExceeded, %s "
		 "IndexWriteProvisionedThroughputExceeded): each a base "
		 "write throttled and not stored",
		 fmt_thousands((int64_t)(x->throttled[0] + x->throttled[1]), a),
		 fmt_thousands((int64_t)x->throttled[0], b),
		 fmt_thousands((int64_t)x->throttled[1], d));
}

static void part_cells(const struct pk_ddb_index_part *p, size_t k,
		       struct part_cells *c)
{
	snprintf(c->id, sizeof(c->id), "%zu", k);
	text_ru(p->share_mcu, c->share);
	text_ru(p->used_mcu, c->used);
	if (p->peak_t_s < 0) {
		snprintf(c->peak, sizeof(c->peak), "-");
		snprintf(c->at, sizeof(c->at), "-");
	} else {
		text_ru(p->peak_mcu, c->peak);
		fmt_thousands(p->peak_t_s, c->at);
	}
	fmt_thousands((int64_t)p->throttled, c->thr);
}

void ddb_index_text(const struct pk_result_variant *v, FILE *out)
{
	size_t i, k;

	if (!v->ddb || v->ddb->n_indexes == 0) {
		return;
	}
	fprintf(out, "\nglobal secondary indexes (partitions of their own; a "
		     "base write is admitted only when every index partition "
		     "it touches can take it)\n");
	for (i = 0; i < v->ddb->n_indexes; i++) {
		const struct pk_ddb_index *x = &v->ddb->indexes[i];
		struct index_cells c;

		index_cells(x, &c);
		fprintf(out, "  %s\n", c.head);
		fprintf(out, "    %-22s %s\n", c.label, c.prov);
		fprintf(out, "    %-22s %s\n", "writes", c.writes);
		fprintf(out, "    %-22s %s\n", "reads", c.reads);
		fprintf(out, "    %-22s %s\n", "throttled", c.throttled);
		fprintf(out, "    %9s %20s %14s %14s %9s %21s\n", heads[0],
			heads[1], heads[2], heads[3], heads[4], heads[5]);
		for (k = 0; k < x->n_parts; k++) {
			struct part_cells p;

			if (!part_shown(x, k)) {
				continue;
			}
			part_cells(&x->parts[k], k, &p);
			fprintf(out, "    %9s %20s %14s %14s %9s %21s\n", p.id,
				p.share, p.used, p.peak, p.at, p.thr);
		}
	}
}

void ddb_index_markdown(const struct pk_result *r, FILE *out)
{
	size_t vi, i, k;

	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];

		if (!v->ddb || v->ddb->n_indexes == 0) {
			continue;
		}
		fprintf(out, "\n## Global secondary indexes: ");
		report_md_text(v->name, out);
		fputc('\n', out);
		for (i = 0; i < v->ddb->n_indexes; i++) {
			const struct pk_ddb_index *x = &v->ddb->indexes[i];
			struct index_cells c;

			index_cells(x, &c);
			fprintf(out, "\n");
			report_md_text(c.head, out);
			fprintf(out, "\n\n- %s: ", c.label);
			report_md_text(c.prov, out);
			fprintf(out, "\n- writes: ");
			report_md_text(c.writes, out);
			fprintf(out, "\n- reads: ");
			report_md_text(c.reads, out);
			fprintf(out, "\n- throttled: ");
			report_md_text(c.throttled, out);
			fprintf(out,
				"\n\n| %s | %s | %s | %s | %s | %s |\n"
				"| ---: | ---: | ---: | ---: | ---: | "
				"---: |\n",
				heads[0], heads[1], heads[2], heads[3],
				heads[4], heads[5]);
			for (k = 0; k < x->n_parts; k++) {
				struct part_cells p;

				if (!part_shown(x, k)) {
					continue;
				}
				part_cells(&x->parts[k], k, &p);
				fprintf(
				    out, "| %s | %s | %s | %s | %s | %s |\n",
				    p.id, p.share, p.used, p.peak, p.at, p.thr);
			}
		}
	}
}

void ddb_index_html(const struct pk_result_variant *v, size_t vi,
		    void (*esc)(const char *s, FILE *out), FILE *out)
{
	size_t i, k;

	if (!v->ddb || v->ddb->n_indexes == 0) {
		return;
	}
	fprintf(out, "<section class=\"indexes\" id=\"indexes");
	if (vi > 0) {
		fprintf(out, "-v%zu", vi + 1);
	}
	fprintf(out, "\"><h2>Global secondary indexes</h2>\n");
	for (i = 0; i < v->ddb->n_indexes; i++) {
		const struct pk_ddb_index *x = &v->ddb->indexes[i];
		struct index_cells c;

		index_cells(x, &c);
		fprintf(out, "<h3>");
		esc(c.head, out);
		fprintf(out, "</h3>\n<ul><li>%s: ", c.label);
		esc(c.prov, out);
		fprintf(out, "</li><li>writes: ");
		esc(c.writes, out);
		fprintf(out, "</li><li>reads: ");
		esc(c.reads, out);
		fprintf(out, "</li><li>throttled: ");
		esc(c.throttled, out);
		fprintf(out, "</li></ul>\n<table>\n<tr>");
		for (k = 0; k < 6; k++) {
			fprintf(out, "<th>%s</th>", heads[k]);
		}
		fprintf(out, "</tr>\n");
		for (k = 0; k < x->n_parts; k++) {
			struct part_cells p;

			if (!part_shown(x, k)) {
				continue;
			}
			part_cells(&x->parts[k], k, &p);
			fprintf(out,
				"<tr><td class=\"n\">%s</td><td "
				"class=\"n\">%s</td><td class=\"n\">%s</td>"
				"<td class=\"n\">%s</td><td class=\"n\">%s"
				"</td><td class=\"n\">%s</td></tr>\n",
				p.id, p.share, p.used, p.peak, p.at, p.thr);
		}
		fprintf(out, "</table>\n");
	}
	fprintf(out, "</section>\n");
}

/* ---- D15: each index's CloudWatch 1-minute view ---- */

/* The minutes of index x as the table's view records them (pk_second:
   served_mru its units, throttled_429 its refusals), for text_cw_pick
   and text_cw_cells; caller frees */
static struct pk_second *index_minutes(const struct pk_ddb_index *x)
{
	struct pk_second *m =
	    xcalloc(x->n_minutes ? x->n_minutes : 1, sizeof(*m));
	size_t i;

	for (i = 0; i < x->n_minutes; i++) {
		m[i].t_s = x->minutes[i].t_s;
		m[i].served_mru = x->minutes[i].used_mcu;
		m[i].peak_served_mru = x->minutes[i].peak_used_mcu;
		m[i].throttled_429 = x->minutes[i].throttled;
		m[i].peak_throttled = x->minutes[i].peak_throttled;
	}
	return m;
}

/* One index's view: its title, its rows (at most PK_TEXT_CW_MINUTES,
   the busiest, in time order) and how many it left out */
struct index_cw {
	char title[CELL];
	struct pk_second *recs;
	const struct pk_second **row;
	size_t n, of;
};

static void index_cw_make(const struct pk_ddb_index *x, struct index_cw *w)
{
	snprintf(w->title, CELL,
		 "CloudWatch 1-minute view of global secondary index %s "
		 "(D15: each minute's sums of its consumed write capacity "
		 "and write throttle events, beside its busiest second)",
		 x->name);
	w->recs = index_minutes(x);
	w->row = xreallocarray(NULL, x->n_minutes ? x->n_minutes : 1,
			       sizeof(*w->row));
	w->n = text_cw_pick(w->recs, x->n_minutes, w->row);
	w->of = x->n_minutes;
}

static void index_cw_free(struct index_cw *w)
{
	free(w->recs);
	free(w->row);
}

static const char *const cw_heads[6] = {"t (s)",	   "WCU (sum)",
					"sum / 60",	   "peak second",
					"throttled (sum)", "peak second"};

void ddb_index_cloudwatch_text(const struct pk_result_variant *v, FILE *out)
{
	size_t i, k;

	for (i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
		struct index_cw w;

		if (v->ddb->indexes[i].n_minutes == 0) {
			continue;
		}
		index_cw_make(&v->ddb->indexes[i], &w);
		fprintf(out, "\n%s\n", w.title);
		fprintf(out, "  %-10s %14s %12s %12s %15s %12s\n", cw_heads[0],
			cw_heads[1], cw_heads[2], cw_heads[3], cw_heads[4],
			cw_heads[5]);
		for (k = 0; k < w.n; k++) {
			struct text_cw_cells c;

			text_cw_cells(w.row[k], &c);
			fprintf(out, "  %-10s %14s %12s %12s %15s %12s\n", c.t,
				c.sum, c.avg, c.peak, c.thr, c.thr_peak);
		}
		if (w.of > w.n) {
			fprintf(out, "  (%s)\n", text_cw_more(w.n, w.of));
		}
		index_cw_free(&w);
	}
}

void ddb_index_cloudwatch_markdown(const struct pk_result *r, FILE *out)
{
	size_t vi, i, k;

	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];

		for (i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
			struct index_cw w;

			if (v->ddb->indexes[i].n_minutes == 0) {
				continue;
			}
			index_cw_make(&v->ddb->indexes[i], &w);
			fprintf(out, "\n## ");
			report_md_text(w.title, out);
			fprintf(out, ": ");
			report_md_text(v->name, out);
			fprintf(out,
				"\n\n| %s | %s | %s | %s | %s | %s |\n"
				"| ---: | ---: | ---: | ---: | ---: | "
				"---: |\n",
				cw_heads[0], cw_heads[1], cw_heads[2],
				cw_heads[3], cw_heads[4], cw_heads[5]);
			for (k = 0; k < w.n; k++) {
				struct text_cw_cells c;

				text_cw_cells(w.row[k], &c);
				fprintf(out,
					"| %s | %s | %s | %s | %s | %s |\n",
					c.t, c.sum, c.avg, c.peak, c.thr,
					c.thr_peak);
			}
			if (w.of > w.n) {
				fputc('\n', out);
				report_md_text(text_cw_more(w.n, w.of), out);
				fprintf(out, ".\n");
			}
			index_cw_free(&w);
		}
	}
}

void ddb_index_cloudwatch_html(const struct pk_result_variant *v, size_t vi,
			       void (*esc)(const char *s, FILE *out), FILE *out)
{
	size_t i, k;

	for (i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
		struct index_cw w;

		if (v->ddb->indexes[i].n_minutes == 0) {
			continue;
		}
		index_cw_make(&v->ddb->indexes[i], &w);
		fprintf(out,
			"<section class=\"cloudwatch\" id=\"cloudwatch-"
			"index%zu",
			i + 1);
		if (vi > 0) {
			fprintf(out, "-v%zu", vi + 1);
		}
		fprintf(out, "\"><h2>");
		esc(w.title, out);
		fprintf(out, "</h2>\n<table>\n<tr>");
		for (k = 0; k < 6; k++) {
			fprintf(out, "<th>%s</th>", cw_heads[k]);
		}
		fprintf(out, "</tr>\n");
		for (k = 0; k < w.n; k++) {
			struct text_cw_cells c;

			text_cw_cells(w.row[k], &c);
			fprintf(out,
				"<tr><td class=\"n\">%s</td><td "
				"class=\"n\">%s</td><td class=\"n\">%s</td>"
				"<td class=\"n\">%s</td><td class=\"n\">%s"
				"</td><td class=\"n\">%s</td></tr>\n",
				c.t, c.sum, c.avg, c.peak, c.thr, c.thr_peak);
		}
		fprintf(out, "</table>\n");
		if (w.of > w.n) {
			fprintf(out, "<p>");
			esc(text_cw_more(w.n, w.of), out);
			fprintf(out, ".</p>\n");
		}
		fprintf(out, "</section>\n");
		index_cw_free(&w);
	}
}
