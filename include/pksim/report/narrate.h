/*
 * narrate: `pksim run --narrate`, a run told while it proceeds, one plain
 * sentence per event, in simulated-time order (ties: the order below,
 * then the variant, then the order the run met them):
 *   a throughput change asked for, and the container's actions (splits
 *     started, autoscale max raised, merges, redistributions);
 *   a split, with its reason and its two children;
 *   what the second's splits caused: a scale-up's splits done, serverless
 *     RU/s following the ranges (told after the splits, their cause);
 *   a range reaching 100 % normalized RU for the first time (D-NRU: a
 *     second in which it rate-limited counts as 100 %);
 *   the first 429 on a range;
 *   a hot partition starting (metrics.h: the range alone at >= 99 % while
 *     every other stays <= 30 %), from each first hot second of a run of
 *     them;
 *   a logical partition reaching its storage cap: its first 403/1014
 *     (rule 11), for the first PK_NARRATE_MAX_FULL of each variant;
 *   a hot partition ending: the second after each run of hot seconds;
 *   the retry queue drained: the first second after rate limiting with
 *     neither a 429 nor a retry, or the second the run ends when the
 *     queue empties in its last second (as a hot partition still open
 *     ends there).
 * The narrator is a run observer (run/observer.h): the run loop feeds it,
 * and it tells the events of a second once every variant has closed that
 * second, so the sentences come out while the simulation goes on and, with
 * --step, the simulation waits at each one. The per-second events (100 %,
 * first 429, hot partitions, the retry queue) are read from each second
 * as the run closes it (the observer's `second`), not from the per-second
 * records a run keeps only up to PK_METRICS_DETAIL_MAX_S: a run of any
 * length is told whole, and the narrator's memory grows with the ranges
 * and the events not yet told, not with simulated time. Deterministic:
 * the same run, the same text, whatever the machine or the speed.
 */
#ifndef PKSIM_REPORT_NARRATE_H
#define PKSIM_REPORT_NARRATE_H

#include <stdint.h>
#include <stdio.h>

#include "pksim/load/scenario.h"
#include "pksim/run/observer.h"

/* Full logical partitions told per variant; one more sentence says that
   further ones are left to the report. */
#define PK_NARRATE_MAX_FULL 10

struct pk_narrator;

/* What --step prints on out after each event while it waits for Enter */
#define NARRATE_STEP_PROMPT "(--step: press Enter for the next event) "

/*
 * A narrator for a run of sc (borrowed; its variants are the run's, in
 * order) writing one line per event to out ("t = 17 s: range 0 splits
 * ..."), with "[VARIANT] " after the time when sc has more than one
 * variant. When step is not NULL, NARRATE_STEP_PROMPT (no newline: the
 * terminal's echo of Enter ends the line) follows each event, out is
 * flushed after it, and a
 * line (Enter) is read from step before the run goes on; at step's end of
 * file it goes on without waiting. Free with narrate_free.
 */
struct pk_narrator *narrate_new(const struct pk_scenario *sc, FILE *out,
				FILE *step);

/* Fill *o with the observer that feeds n: pass it to the run
   (sim.h, pk_sim_opts.observer); n must outlive the run. */
void narrate_observer(struct pk_narrator *n, struct pk_sim_observer *o);

/*
 * The run finished at end_ms: tell the events not yet told, then "t =
 * END s: the run ends." (END = end_ms rounded up to a second). Returns 0,
 * or -1 when a write to out failed at any point of the narration.
 */
int narrate_end(struct pk_narrator *n, int64_t end_ms);

/* The run stopped with an error: tell the events it reached, without an
   end line. Returns as narrate_end. */
int narrate_stop(struct pk_narrator *n);

/* Free n; NULL is allowed. */
void narrate_free(struct pk_narrator *n);

#endif
