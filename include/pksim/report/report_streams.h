/*
 * report_streams: a run's figures per stream and operation kind
 * (result.h's pk_result_stream; scenarios with `streams:`) in the terminal
 * report, Markdown and CSV. Every function but report_streams_csv writes
 * nothing for a run of one stream (its variants have no streams), so those
 * reports have no streams section.
 */
#ifndef PKSIM_REPORT_STREAMS_H
#define PKSIM_REPORT_STREAMS_H

#include <stdio.h>

#include "pksim/result/result.h"

/* The name of operation kind (enum pk_op_kind, PK_OP_CHARGE included)
   in reports and expect paths: "create", "upsert", "read", "replace",
   "delete", "query", "batch", "batch_get", "charge"; "?" out of range.
   Static. */
const char *report_stream_kind_name(int kind);

/* The terminal report's "streams" section of variant v: per stream a
   row of all its operations, then one per kind it sent when it sent
   more than one: operations, succeeded, 429s (service-side answers;
   with Low or bucketed clients or container buckets,
   pk_result_variant.streams_split_429, also their 429/3212 and Low
   429s, as the totals split them),
   failed 429 (operations that ended in one), failed (other failures),
   RU, retry wait p50 and p99 of the succeeded; then a line per
   closed-loop stream with its achieved operations/s; then a line per
   stream with operations not sent (pk_result_stream_ops.not_sent: no
   item written yet to target), by kind, which are in no row. */
void report_streams_text(const struct pk_result_variant *v, FILE *out);

/* The Markdown report's "Streams" section: one table, a row per
   variant, stream and kind ("all", then each kind sent or left unsent),
   the columns of
   report_streams_csv ("-" for an empty cell). */
void report_streams_markdown(const struct pk_result *r, FILE *out);

/*
 * `--format streams-csv`: one row per (variant, stream, kind), kind
 * "all" first then each kind the stream sent or left unsent; a run without
 * `streams:` one "all" row per variant for its one stream (named "main"), from
 * the variant's totals (no kinds: they are counted per stream of `streams:`
 * only):
 *
 *   variant,stream,kind,operations,succeeded,throttled_429,throttled_3212,throttled_low_429,failed_429,failed_other,not_sent,ru,retry_wait_p50_ms,retry_wait_p99_ms,achieved_succeeded_per_s
 *
 * Text fields quoted (quotes doubled), numbers not; ru in RU with up to
 * three decimals; throttled_3212 and throttled_low_429 are of the
 * throttled_429 (429/3212 past a throughput bucket's cap, rule 31; 429s
 * to Low-priority requests, rule 30), always there (0 without
 * classes; they overlap: a Low request's 429/3212 is in both); not_sent
 * (pk_result_stream_ops.not_sent; the totals' not_sent_no_target for
 * main) is not in operations; an empty wait when no operation of the row
 * succeeded; achieved_ops_per_s (three decimals) only on the "all" row of a
 * closed-loop stream (pk_result_stream.achieved_ops_per_s), else empty.
 * Returns 0, or -1 on a write error.
 */
int report_streams_csv(const struct pk_result *r, FILE *out);

#endif
