/*
 * ddb_index: an Amazon DynamoDB table's global secondary indexes in the
 * reports (dynamodb-mechanics.md D17: each index is partitions of its
 * own, laid out by D4 from its own units, with an even share each, D5;
 * a base write is admitted only when every index partition it touches
 * can take it, statement 25): per index its provisioned units, the
 * write units it consumed against them, its partitions (share, units
 * consumed, busiest second, base writes refused) and its throttles by
 * reason (D14), in the text, Markdown and HTML reports. The JSON
 * report's `indexes` (report_json_ddb.c) and the CSV report's index
 * rows (report_csv.c) give the same figures.
 *
 * A variant without indexes (or of another service) prints nothing.
 * Reads never touch an index (statement 26; a Query of the index is
 * not replayed), so its read units are provisioned and billed but
 * never consumed: each report says so rather than print a 0 % that
 * reads as idle capacity.
 */
#ifndef PKSIM_REPORT_DDB_INDEX_H
#define PKSIM_REPORT_DDB_INDEX_H

#include <stdio.h>

#include "pksim/result/result.h"

/* v's indexes as a text section ("global secondary indexes"), after its
   totals; nothing when it has none. Writes to out; errors are out's. */
void ddb_index_text(const struct pk_result_variant *v, FILE *out);

/* ... as Markdown: a "## Global secondary indexes: NAME" section per
   variant of r with indexes */
void ddb_index_markdown(const struct pk_result *r, FILE *out);

/* ... as an HTML <section> of variant vi (ids "indexes", "indexes-vN"
   past the first); esc writes text escaped for HTML */
void ddb_index_html(const struct pk_result_variant *v, size_t vi,
		    void (*esc)(const char *s, FILE *out), FILE *out);

/* D15 for each index of v: its CloudWatch 1-minute view (each minute's
   write units and throttled base writes summed, / 60, and in its
   busiest second; at most PK_TEXT_CW_MINUTES minutes, the busiest, the
   JSON report's indexes[].per_minute every one), after the table's, in
   text, Markdown (every variant of r) and HTML (a <section> each, ids
   "cloudwatch-indexN", "-vM" past the first variant) */
void ddb_index_cloudwatch_text(const struct pk_result_variant *v, FILE *out);
void ddb_index_cloudwatch_markdown(const struct pk_result *r, FILE *out);
void ddb_index_cloudwatch_html(const struct pk_result_variant *v, size_t vi,
			       void (*esc)(const char *s, FILE *out),
			       FILE *out);

/* The index's write utilisation over the run: units consumed / its WCU
   summed over the closed seconds, 0..1 (0 before any second closed) */
double ddb_index_utilisation(const struct pk_ddb_index *x);

#endif
