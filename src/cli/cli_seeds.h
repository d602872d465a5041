/*
 * cli_seeds: `pksim compare --seeds N`: the same scenario
 * replayed with N seeds, its scorecards merged (scorecard_merge_seeds).
 * Internal to src/cli.
 */
#ifndef PKSIM_CLI_SEEDS_H
#define PKSIM_CLI_SEEDS_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"

/* At most this many seeds (N replays of the whole workload: the work
   bound, scenario_check_seeds, usually stops N first) */
#define PK_CLI_MAX_SEEDS 100

/*
 * Replay sc with seeds base, base + 1, ..., base + n - 1 (n >= 2), one
 * run alive at a time (each seed's run is freed once its scorecard is
 * taken; seed base runs last and is kept for the report), and
 * render the merged comparison into *buf (*len bytes; caller frees):
 * Markdown when markdown, else text (its heat strips in ANSI colour when
 * colour is 1, its table in blocks that fit width columns, 0: no limit).
 * When remedies is 1 (no --no-remedies), the remedies of the run of seed
 * base, the one the verdicts and heat strips are of, are replayed
 * (remedies_build, in jobs threads) and printed with each variant, as
 * a one-seed compare prints them; their intro names the seed.
 * Returns 0; 1 when a run failed (errors in diag); -1 when the report could not
 * be rendered (errno).
 */
int cli_compare_seeds(const struct pk_scenario *sc, uint64_t base, size_t n,
		      int markdown, int colour, size_t width, int remedies,
		      unsigned jobs, char **buf, size_t *len,
		      struct pk_diag *diag);

#endif
