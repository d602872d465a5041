/*
 * report_text: the run report for a terminal: scenario summary, totals,
 * physical partitions, hottest logical partitions by RU and by storage,
 * split events and throughput changes, a timeline, findings in plain
 * words. Deterministic: no clock, no absolute paths, sorted output.
 */
#ifndef PKSIM_REPORT_TEXT_H
#define PKSIM_REPORT_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "pksim/result/result.h"

/* Write the text report of result r to out. Returns 0, or -1 on a write
   error. */
int report_text(const struct pk_result *r, FILE *out);

/* The same; wide = 1 prints EPKs and keys whole (--wide) instead of cut
   to what tells them apart. */
int report_text_wide(const struct pk_result *r, int wide, FILE *out);

/* The same with the heat strip (heatstrip.h) in ANSI colour when colour
   is 1, and the heat strip and the remedies' table fitted to width
   columns (--width; 0: no limit; the other lines are broken to it by
   textwrap.h); report_text_wide(r, wide, out) is report_text_styled(r,
   wide, 0, 0, out). */
int report_text_styled(const struct pk_result *r, int wide, int colour,
		       size_t width, FILE *out);

/*
 * The comparison of r's variants (pksim compare): what ran, a table
 * with one column per variant and one row per scorecard figure, the
 * ranking with one sentence per variant, then each variant's heat strip
 * (heatstrip.h; in ANSI colour when colour is 1). The table's cells are
 * never cut: a column is as wide as its widest cell, and when the
 * columns would pass width columns (0: no limit) the variants go in
 * blocks that fit, the row labels repeated. report_text_compare(r, out)
 * is report_text_compare_styled(r, 0, 0, out). Returns 0, or -1 on a
 * write error.
 */
int report_text_compare(const struct pk_result *r, FILE *out);
int report_text_compare_styled(const struct pk_result *r, int colour,
			       size_t width, FILE *out);

struct pk_scorecard;

/* As report_text_compare_styled with the scorecards given (n_variants of
   r, e.g. scorecard_merge_seeds's over several seeds: then a section
   gives each ranking figure's median and min-max, and the strips are of
   r's run, the seed the verdicts describe). cards are borrowed. */
int report_text_compare_cards(const struct pk_result *r,
			      const struct pk_scorecard *cards, int colour,
			      size_t width, FILE *out);

#endif
