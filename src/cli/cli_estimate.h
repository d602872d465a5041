/*
 * cli_estimate: the `--estimate` of pksim run and compare (cli.c).
 */
#ifndef PKSIM_CLI_ESTIMATE_H
#define PKSIM_CLI_ESTIMATE_H

#include <stddef.h>

#include "pksim/load/scenario.h"

/*
 * What a run of s would take by pksim's up-front bounds, without running
 * it: its memory estimate by part (bytes; scenario_memory_estimate) and
 * its work units a variant, each beside its limit; text, or a JSON object
 * when json is 1. Its peak bound counts the report's rows at the cost
 * of the run's report format (cost: scenario_report_rows_bytes), not
 * the costliest format's the estimate counts; it adds the process
 * itself and, when
 * remedies is 1 and some operation can be rate limited
 * (scenario_can_throttle) or a merge can apply (scenario_can_merge),
 * the remedy replays that can run beside the
 * run: up to jobs at once (0: the cores), each one variant alone. A new
 * string (caller frees) of *len bytes ending in a newline, or NULL when
 * out of memory.
 */
char *cli_estimate(const struct pk_scenario *s, int json,
		   enum pk_report_cost cost, unsigned jobs, int remedies,
		   size_t *len);

#endif
