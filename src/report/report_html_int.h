/*
 * report_html_int: what the files of the HTML page share (report_html.c:
 * the page, its sections around the heat map; report_html_tables.c: its
 * tables of queries, change feed, streams and CloudWatch minutes).
 * Internal to src/report/.
 */
#ifndef PKSIM_REPORT_HTML_INT_H
#define PKSIM_REPORT_HTML_INT_H

#include <stddef.h>
#include <stdio.h>

#include "pksim/result/result.h"

/* Open section `name` of variant vi (<section> and its <h2> h2): ids
   stay unique in the page */
void html_sec(const char *name, size_t vi, const char *h2, FILE *out);

/* A table row: header k, cell v (escaped) */
void html_row(const char *k, const char *v, FILE *out);

/* The per-query table (report_queries.c) of variants [first, end) of r, a
   variant column when compare. */
void html_query_table(const struct pk_result *r, size_t first, size_t end,
		      int compare, FILE *out);

/* Section "queries" of variant vi: queries by route, then per query. */
void html_queries(const struct pk_result *r, size_t vi, FILE *out);

/* Rule 39: section "change-feed" of variant vi, its change feed's leases
   (report_cfeed.c); nothing for a service other than Azure Cosmos DB. */
void html_change_feed(const struct pk_result *r, size_t vi, FILE *out);

/* With `streams:`, section "streams" (id as html_sec's for variant first
   on a run's page, for variant 0 on compare's) of variants
   [first, end) of r: per stream a row of all its operations, on a run's
   page then one per kind when it sent several, on compare's (a variant
   column) one per variant. Nothing without streams. */
void html_streams(const struct pk_result *r, size_t first, size_t end,
		  int compare, FILE *out);

/* An Amazon DynamoDB table's CloudWatch view, section "cloudwatch" of
   variant vi (D15; text_cw_rows); nothing for another service. */
void html_cloudwatch(const struct pk_result_variant *v, size_t vi, FILE *out);

#endif
