/*
 * report_json: the whole run as one JSON object (built with jansson). The
 * schema is documented in docs/report-json.md. Keys keep a fixed order;
 * fractions are 0..1; RU are numbers of RU (not mRU); bytes are integers.
 */
#ifndef PKSIM_REPORT_JSON_H
#define PKSIM_REPORT_JSON_H

#include <stdio.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "pksim/service/snapshot.h"

/* Write the JSON report of result r to out, ending in a newline; with
   scorecards (compare), each variant gets a "scorecard" object
   (scorecard.h). Returns 0, or -1 on a write error. */
int report_json(const struct pk_result *r, int scorecards, FILE *out);

/* The report's word for a query's route: "single", "targeted" or
   "fanout" (queries.by_query[].route). */
const char *report_json_route(enum pk_route_kind route);

/* The report's word for a query's request on an Amazon DynamoDB table
   (queries.by_query[].request, in place of route): "Query", "Query per
   value" or "Scan" (ddb_query.c). */
const char *report_json_request(enum pk_route_kind route);

/* The report's word for what days to full says: "days", "never",
   "beyond", "at_once", "bounded", "no_sizes", "levels_off" or "no_cap"
   (scorecard.days_to_full_kind). */
const char *report_json_full_kind(enum pk_full_kind kind);

/* The basis of s's days to full as the JSON report names it
   (scorecard.days_to_full_basis): "workload_rates", or
   "workload_rates_bounded_by_range" when a range's RU/s held the first
   back ("workload_rates_bounded_by_partition" a table's partition's
   write units, its item collection's), "data_time", "data_rate",
   "none" (runway.h). */
const char *report_json_full_basis(const struct pk_scorecard *s);

/* The report's word for why a DynamoDB table's heat split (D7) was
   refused (heat_splits.refused_by_reason[].reason, snapshot.h's enum):
   "one_item" (one item, or a key value of a table without a sort key),
   "lsi_collection" (a key value a local secondary index keeps whole) or
   "follows_sort_key" (a key value whose puts follow a rising or falling
   sort key); "?" out of range. */
const char *report_json_heat_refusal(enum pk_ddb_heat_refusal why);

/* 1 when the report splits v's 429s by class (throttled_3212,
   throttled_low_429, in the totals and each stream's): a client of sc
   sends Low-priority or bucketed requests, or v's container declares
   throughput buckets; else 0. */
int report_json_split_429(const struct pk_scenario *sc,
			  const struct pk_result_variant *v);

#endif
