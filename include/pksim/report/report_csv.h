/*
 * report_csv: the per-second series of every variant as one tidy CSV
 * table, one row per (variant, second, partition key range):
 *
 *   variant,t_s,range_id,ru,ru_per_s,normalized_ru,requests,throttled_429,storage_bytes,retries
 *
 * ru: RU charged in that second; ru_per_s: the range's share of the
 * provisioned RU/s; normalized_ru: 0..1 (metrics.h); requests: attempts,
 * 429s and retries included; storage_bytes: at the end of the second
 * (with TTL after its expiries and the deletions its leftover RU paid for,
 * container_ttl.c);
 * retries: the attempts among requests that were retries (requests -
 * retries are first attempts, the demand). When some variant has a
 * DefaultTimeToLive (rule 28), an 11th column ttl_pending_bytes: the
 * bytes of the range's expired items still awaiting deletion at the same
 * instant, the end of the second (0 in a variant without TTL). Seconds in
 * which the container saw no request have no rows. Text fields are
 * always quoted and numbers never are (RFC 4180 quoting, quotes
 * doubled): variant, and range_id, which is a string as in the JSON
 * report and the service's partition key range feed ("id": "0"), written
 * "0". pandas reads it with pandas.read_csv("series.csv",
 * dtype={"range_id": str}) (without dtype it guesses integers).
 *
 * When some variant is an Amazon DynamoDB table, thirteen columns follow
 * (before index): rcu_consumed,wcu_consumed,rcu_share,wcu_share,span_s,
 * peak_second_units,peak_second_throttled,peak_second_rcu,
 * peak_second_wcu,read_throttle_events,write_throttle_events,
 * peak_second_read_throttle_events,peak_second_write_throttle_events.
 * A table partition's row: its read and write capacity units consumed
 * that second and its read and write shares a second (D3, D5;
 * snapshot.h pk_ddb_part_time), ru and ru_per_s empty, span_s 1, the
 * peaks and events empty. After its partitions' rows, the table's
 * CloudWatch minutes (D15): range_id empty, span_s 60, each side's units
 * summed, the table's units a second, throttled_429 and retries summed,
 * the busiest second's units (read plus write) and throttles, then each
 * side's busiest second's units and its throttle events (CloudWatch's
 * ReadThrottleEvents and WriteThrottleEvents), summed and in the second
 * with the most. A container's rows leave the thirteen empty, span_s 1,
 * and an index's rows the last six. With a
 * global secondary index, the index column: its partitions' seconds
 * (wcu_consumed, wcu_share) and its minutes, after the table's rows.
 */
#ifndef PKSIM_REPORT_CSV_H
#define PKSIM_REPORT_CSV_H

#include <stdio.h>

#include "pksim/result/result.h"

/* Write the series of result r to out (its run must have kept
   per-second detail: sim_run_detail). Returns 0, or -1 on a write
   error. */
int report_csv(const struct pk_result *r, FILE *out);

#endif
