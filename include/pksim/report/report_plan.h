/*
 * report_plan: the estimate of `pksim plan` (service/cosmos/plan.h) written for
 * people and programs: a text table laid out like seed 002's "Estimating
 * cost", the same in Markdown, JSON with every input and unrounded
 * result, and a scenario YAML that replays the plan's one-year re-sync
 * second by second (`pksim plan --scenario`).
 *
 * Rounding (text and Markdown): storage after N years to 0.01 MB, the
 * largest month to 0.001 MB, re-sync seconds to 0.1 s, shares to 3
 * significant digits (printf %.3g: 76.99 % -> "77", 0.010460 % ->
 * "0.0105"; below 1 % without an exponent: "0.0000274"), writes/s and items in
 * 20 GB to whole numbers (nearest, as the seed prints 48,585,603 for a quotient
 * of 48,585,602.9). MB and GB are binary (2^20 and 2^30 bytes), and each output
 * says so.
 *
 * Each function writes to out and returns 0, or -1 when a write failed
 * (errno from the stream). Same plan, same bytes.
 */
#ifndef PKSIM_REPORT_PLAN_H
#define PKSIM_REPORT_PLAN_H

#include <stdio.h>

#include "pksim/service/cosmos/plan.h"

int report_plan_text(const struct pk_plan *p, FILE *out);
int report_plan_markdown(const struct pk_plan *p, FILE *out);
/* JSON: {"plan": ..., "units": ..., "inputs": {...}, "values": [...],
   "keys": [...], "tipping": {...}}; see docs/plan-format.md. */
int report_plan_json(const struct pk_plan *p, FILE *out);

/*
 * A scenario (scenarios/README.md) that `pksim run` and `pksim compare`
 * accept: a container at the plan's maximum RU/s with the index factor,
 * one variant per candidate key, items whose `per` property is drawn
 * with the values' volumes as weights (values with no entities left
 * out), month/day properties from the clock, unique ones numbered, and
 * `time_scale: <seconds>s = 365d` (the phase's seconds stand for the
 * year, so days to full are in real days, not the re-sync repeated), and
 * one phase "resync" that creates one year of entities (the sum over the
 * values) in the whole seconds the seed's re-sync needs at the maximum
 * (ceil of the sum of the re-sync seconds), each write charged the plan's
 * RU per write (write_1kb and write_100kb both set to it). When the
 * busiest second (ceil of the rate) would not fit the RU/s maximum, the
 * rate is floor(max / RU per write) and the phase ceil(entities / rate)
 * seconds long. A write dearer than the whole maximum cannot fit any
 * second; the phase then offers 0.001/s and throttles.
 */
int report_plan_scenario(const struct pk_plan *p, FILE *out);

#endif
