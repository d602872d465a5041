/*
 * report_json_int: what the files of the JSON report (report_json.c,
 * report_json_card.c, report_json_money.c, report_json_streams.c,
 * report_json_remedies.c, report_json_out.c) share. Not a public header.
 */
#ifndef PKSIM_REPORT_JSON_INT_H
#define PKSIM_REPORT_JSON_INT_H

#include <jansson.h>
#include <stdio.h>

#include "pksim/base/value.h"
#include "pksim/result/result.h"

/* Write root to out as json_dumpf(root, out, flags) does, byte for
   byte, in one fwrite per 16 KiB instead of one per token
   (report_json_out.c). root is borrowed; out must be open for writing.
   Returns 0, or -1 when jansson cannot encode root (as json_dumpf) or
   the stream took fewer bytes than written; what came before the
   failure may have reached out. */
int report_json_dumpf(const json_t *root, FILE *out, size_t flags);

struct pk_scorecard;

/* A variant's "scorecard" object: s, one of r's (report_json_card.c).
   A new object the caller owns. */
json_t *report_json_scorecard(const struct pk_result *r,
			      const struct pk_scorecard *s);

/* A variant's "money" object: its bill, or why it has none
   (report_json_money.c). A new object the caller owns. */
json_t *report_json_money(const struct pk_result *r,
			  const struct pk_result_variant *v);

/* v's "streams" array (report-json.md): per stream "name", "totals" (a
   closed-loop stream's with first_ms, last_answer_ms and
   achieved_succeeded_per_s) and
   "by_kind", each kind sent or not sent; split_429: the 429s split by
   class as the totals are. A new array the caller owns. */
json_t *report_json_streams(const struct pk_result_variant *v, int split_429);

struct pk_remedies;

/* A variant's "remedies" object (report-json.md): the replays, the
   setting searched, and each remedy of m with its figures, null where
   no replay measured them (report_json_remedies.c). A new object the
   caller owns. */
json_t *report_json_remedies(const struct pk_remedies *m);

/* A variant's "fleet_pool" object (report_fleet.c, rule 40), or NULL
   without a pool. */
json_t *report_json_fleet(const struct pk_result_variant *v);

/* A DynamoDB table's minute mi (a pk_metrics.minutes record) as
   CloudWatch's metrics show it (D15; report_json_ddb.c), into per_minute
   object o: each side's units consumed, summed and in its busiest
   second, its units a second, and its throttle events, summed and in
   the second with the most */
void report_json_ddb_minute(const struct pk_second *mi, json_t *o);
/* A DynamoDB variant's "indexes" array (report_json_ddb.c): per global
   secondary index its units, partitions, throttles and minutes (D15,
   D17); NULL for a variant without one. A new array the caller owns. */
json_t *report_json_ddb_indexes(const struct pk_result_variant *v);

/* A number key value v as JSON (a new reference): with its text (a
   table's number its double does not keep, value.h), its exact integer
   when it is one of 64 bits; else its double, the nearest jansson
   writes */
json_t *report_json_number(const struct pk_value *v);

#endif
