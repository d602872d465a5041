/*
 * report_queries: the per-query table every report prints:
 * each query by name (a phase's `queries` entry, or a `compare --query`),
 * its route under a variant's key, the queries served, the ranges a query
 * visited, the RU in all and a query, and the 429s. The cells are made
 * here once; the text, Markdown and HTML reports lay them out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "report_text_int.h"

const char *const text_query_heads[PK_TEXT_QUERY_COLS] = {
    "route", "served", "ranges/query", "RU", "RU/query", "429s",
};

/* ... a DynamoDB table's (its requests: ddb_query.c) */
const char *const text_query_heads_ddb[PK_TEXT_QUERY_COLS] = {
    "request", "served", "parts/query", "units", "units/query", "throttled",
};

const char *text_route_name_ddb(enum pk_route_kind k)
{
	return k == PK_ROUTE_SINGLE	? "Query"
	       : k == PK_ROUTE_TARGETED ? "Query per value"
					: "Scan";
}

const char *text_route_name(enum pk_route_kind k)
{
	return k == PK_ROUTE_SINGLE	? "single partition"
	       : k == PK_ROUTE_TARGETED ? "targeted"
					: "fan-out";
}

/* 1 when v's queries come from more than one phase */
static int phased(const struct pk_result_variant *v)
{
	size_t i;

	for (i = 1; i < v->n_queries; i++) {
		if (v->queries[i].phase != v->queries[0].phase) {
			return 1;
		}
	}
	return 0;
}

char *text_query_label(const struct pk_result_variant *v, size_t i)
{
	const struct pk_result_query *q = &v->queries[i];

	if (q->phase && phased(v)) {
		return xasprintf("%s/%s", q->phase, q->name);
	}
	return xstrdup(q->name);
}

void text_query_cells(const struct pk_result_variant *v, size_t i, int tenths,
		      char cells[PK_TEXT_QUERY_COLS][PK_TEXT_QUERY_CELL])
{
	const struct pk_result_query *q = &v->queries[i];
	double n = (double)q->served;

	snprintf(cells[0], PK_TEXT_QUERY_CELL, "%s",
		 !q->sent ? "-"
		 : v->ddb ? text_route_name_ddb(q->route)
			  : text_route_name(q->route));
	fmt_thousands(q->served, cells[1]);
	snprintf(cells[2], PK_TEXT_QUERY_CELL, "%.2f",
		 q->served ? (double)q->ranges_visited / n : 0.0);
	text_ru_col(q->ru_mru, tenths, cells[3]);
	snprintf(cells[4], PK_TEXT_QUERY_CELL, "%.2f",
		 q->served ? metrics_ru(q->ru_mru) / n : 0.0);
	fmt_thousands(q->throttled_429, cells[5]);
}

size_t text_queries_of(const struct pk_result *r)
{
	return r->n_variants ? r->variants[0].n_queries : 0;
}

void text_query_rows(const struct pk_result_variant *vs, size_t n,
		     void (*row)(const struct text_query_row *q, void *ctx),
		     void *ctx)
{
	struct text_query_row q;
	size_t i, k, most = 0;
	int tenths = 0;

	for (i = 0; i < n; i++) {
		for (k = 0; k < vs[i].n_queries; k++) {
			tenths |= text_ru_fraction(vs[i].queries[k].ru_mru);
		}
		most = vs[i].n_queries > most ? vs[i].n_queries : most;
	}
	for (k = 0; k < most; k++) {
		for (i = 0; i < n; i++) {
			char *l;

			if (k >= vs[i].n_queries) {
				continue;
			}
			l = text_query_label(&vs[i], k);
			q.v = &vs[i];
			q.label = l;
			text_query_cells(&vs[i], k, tenths, q.cells);
			row(&q, ctx);
			free(l);
		}
	}
}

/* text_compare_queries' context: the output and the columns' widths */
struct compare_ctx {
	FILE *out;
	int wq, wv;
};

static void compare_row(const struct text_query_row *q, void *ctx)
{
	const struct compare_ctx *x = ctx;

	fprintf(x->out, "  %-*s %-*s %-16s %10s %13s %12s %10s %10s\n", x->wq,
		q->label, x->wv, q->v->name, q->cells[0], q->cells[1],
		q->cells[2], q->cells[3], q->cells[4], q->cells[5]);
}

/* The widest query label of any variant, and the widest variant name. */
static void widths(const struct pk_result *r, size_t *wq, size_t *wv)
{
	size_t i, k;

	*wq = strlen("query");
	*wv = strlen("variant");
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_result_variant *v = &r->variants[i];

		*wv = strlen(v->name) > *wv ? strlen(v->name) : *wv;
		for (k = 0; k < v->n_queries; k++) {
			char *l = text_query_label(v, k);

			*wq = strlen(l) > *wq ? strlen(l) : *wq;
			free(l);
		}
	}
}

void text_compare_queries(const struct pk_result *r, size_t n_seeds, FILE *out)
{
	struct compare_ctx x;
	size_t wq, wv, n = text_queries_of(r);

	if (n == 0) {
		return;
	}
	widths(r, &wq, &wv);
	fprintf(out, "\nqueries by variant (");
	if (n_seeds > 1) {
		fprintf(out, "seed %llu's run; ", (unsigned long long)r->seed);
	}
	fprintf(out, "RU of the served ones)\n");
	fprintf(out, "  %-*s %-*s %-16s %10s %13s %12s %10s %10s\n", (int)wq,
		"query", (int)wv, "variant", text_query_heads[0],
		text_query_heads[1], text_query_heads[2], text_query_heads[3],
		text_query_heads[4], text_query_heads[5]);
	x.out = out;
	x.wq = (int)wq;
	x.wv = (int)wv;
	text_query_rows(r->variants, r->n_variants, compare_row, &x);
}
