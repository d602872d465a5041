/*
 * narrate: `pksim run --narrate`, a finished run told as a story, one
 * plain sentence per event, in simulated-time order (ties: the order
 * below, then range id):
 *   a throughput change asked for, and the container's actions (splits
 *     started/done, autoscale max raised, merges, redistributions);
 *   a split, with its reason and its two children;
 *   a range reaching 100 % normalized RU for the first time (D-NRU: a
 *     second in which it rate-limited counts as 100 %);
 *   the first 429 on a range;
 *   a hot partition starting and ending (metrics.h: the range alone at
 *     >= 99 % while every other stays <= 30 %; its first and last such
 *     second);
 *   a logical partition reaching its storage cap (403/1014);
 *   the retry queue drained: the first second after rate limiting with
 *     neither a 429 nor a retry.
 * The per-second events need the run's per-second records (kept for runs
 * up to PK_METRICS_DETAIL_MAX_S); a longer run narrates the others only.
 * Reads only the result model; deterministic (same run, same text).
 */
#ifndef PKSIM_REPORT_NARRATE_H
#define PKSIM_REPORT_NARRATE_H

#include <stdio.h>

#include "pksim/result/result.h"

/*
 * Write r's events to out, one line each ("t = 17 s: range 0 splits ..."),
 * with "[VARIANT] " after the time when r has more than one variant, then
 * "t = END s: the run ends." When step is not NULL, flush out after each
 * event and wait for a line (Enter) on step; at its end of file, go on
 * without waiting. Returns 0, or -1 on a write error.
 */
int report_narrate(const struct pk_result *r, FILE *out, FILE *step);

#endif
