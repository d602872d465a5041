/*
 * report_html: the report as one self-contained HTML page:
 * inline CSS and SVG, no network access, no external fonts or scripts; it
 * reads fully without scripts and prints on paper. Drawn from the result
 * model only (result.h), like the other formats.
 *
 * A run's page: per variant a summary (scenario, container, caps, totals,
 * findings), the range x time heat map (heatsvg.h) with its legend, RU/s
 * served against each range's share over time, storage per range against
 * the cap, the hottest logical partitions, the actions and splits, and
 * queries by route, and its bill (money.h). A compare's page: the
 * scorecard (with its cost row when priced) and ranking, then one
 * heat map per variant on the same time axis and colour scale, side by
 * side. Each section is a <section id="...">: summary, heatmap, ru-share,
 * storage, hot-lps, timeline, queries, money (run); scorecard, ranking,
 * heatmap
 * (compare).
 */
#ifndef PKSIM_REPORT_HTML_H
#define PKSIM_REPORT_HTML_H

#include <stdio.h>

#include "pksim/result/result.h"

/* Write r's run page (compare = 0) or compare page (compare = 1) to out;
   equal_bands draws every band of a heat map column the same height
   instead of by hash-space share. Returns 0, or -1 on a write error. */
int report_html(const struct pk_result *r, int compare, int equal_bands,
		FILE *out);

#endif
