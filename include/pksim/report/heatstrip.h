/*
 * heatstrip: the heat map in the terminal, drawn from the
 * result model's heat map (result.h, struct pk_result_heat): one row per
 * partition key range at the end of the run, labelled with its lineage,
 * newest first ("range 3 \u2190 1 \u2190 0": split from 1, which split from
 * 0; "range 5 \u2190 3+4": made by merging 3 and 4; at most 5 ranges, then
 * "\u2026"), labels padded to the longest; before a range existed its row
 * shows the ranges it came from (result_heat_line), one column per time
 * bucket (at most PK_HEATSTRIP_COLS: several heat map columns make one,
 * at their highest), one Unicode shade block per cell by normalized RU
 * consumption (D-NRU, rule 15; a second with a 429 is 100 %), and a
 * legend (what a lineage label means only when a row has one).
 */
#ifndef PKSIM_REPORT_HEATSTRIP_H
#define PKSIM_REPORT_HEATSTRIP_H

#include <stdio.h>

#include "pksim/result/result.h"

/* Columns of the strip, at most */
#define PK_HEATSTRIP_COLS 60
/* Columns of the strip at least, whatever the width: fewer would tell
   too little of the run's time (a row then passes a width too narrow
   for its label and these) */
#define PK_HEATSTRIP_MIN_COLS 10

/* Write v's strip to out (UTF-8). colour = 1 adds ANSI 256-colour
   escapes (a viridis-like step per shade); 0 writes plain text, the
   same bytes for the same run. width: the terminal's columns (--width;
   0: no limit): each row (its indent, label, the bars and the cells)
   fits them, more seconds going to a column, down to
   PK_HEATSTRIP_MIN_COLS columns. A run that closed no second (no
   column) gets one line saying so. Returns 0, or -1 on a write error. */
int heatstrip_text(const struct pk_result_variant *v, int colour, size_t width,
		   FILE *out);

#endif
