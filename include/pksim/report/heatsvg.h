/*
 * heatsvg: the inline SVG figures of the HTML report, drawn
 * from the result model's heat map (result.h, struct pk_result_heat):
 * the range x time heat map, its colour legend, and the per-range line
 * charts (RU/s served against the range's share; storage against the
 * physical partition cap).
 *
 * Colour: normalized RU consumption (D-NRU, rule 15) 0..100 % on the
 * viridis scale (perceptually uniform, colour-blind safe), interpolated
 * between 9 published stops of matplotlib's viridis.
 */
#ifndef PKSIM_REPORT_HEATSVG_H
#define PKSIM_REPORT_HEATSVG_H

#include <stdint.h>
#include <stdio.h>

#include "pksim/result/result.h"

/* Plot area of one heat map, CSS pixels */
#define PK_HEATSVG_W 720
#define PK_HEATSVG_H 240

/* Write s to out with <, >, & and " escaped for HTML text and
   attribute values. */
void heatsvg_text(const char *s, FILE *out);

/* The viridis colour of pct (clamped to 0..100) as "#rrggbb" into out. */
void heatsvg_colour(int pct, char out[8]);

/*
 * The heat map of v as one <svg class="heatmap"> element: x = simulated
 * time 0 .. span_s (span_s >= v->end_s, so small multiples share one time
 * axis), y = the key space "" (top) .. "FF" (bottom). One <g class="col">
 * per heat column holding one <rect class="band" data-range="ID"> per
 * band (heights by hash-space share, or equal when equal_bands: the
 * y axis then says "ranges in key order (equal bands)"), each
 * with a <title> (range, time, normalized RU rounded to whole percents,
 * RU, RU/s share, 429s; numbers with thousands separators); cells with
 * 429s hatched; splits (solid), actions (dashed) and throughput changes
 * (dotted, split or not, labelled with the new RU/s) as vertical lines;
 * wall-clock midnights (clock_start_s, Unix seconds UTC) as labelled
 * dashed lines; the ranges at the end named at the right edge, those gone
 * before it inside their band when it is large enough. width_px scales
 * the drawing (small multiples); id (unique in the page) names its SVG
 * pattern.
 * Returns 0, or -1 on a write error.
 */
int heatsvg_map(const struct pk_result_variant *v, int id, int64_t span_s,
		int64_t clock_start_s, int equal_bands, int width_px,
		FILE *out);

/* The legend: a 0 % .. 100 % viridis bar with labelled ticks, as one
   <svg class="legend">, of normalized RU consumption (ru 1: Azure
   Cosmos DB's words) or of normalized consumption (0: another
   service's, or several). Returns 0, or -1 on a write error. */
int heatsvg_legend(int ru, FILE *out);

/* Per range at the end (its ancestors before it existed), the RU/s it
   served in each heat column as a percent of its RU/s share, against a
   100 % line, as one <svg class="chart share">: the axis reaches 150 %,
   or the highest value x 1.1 (a burst at 625 %: 800), never cutting a
   value; labels at the right edge
   at least 11 px apart, each joined to its line's end. Returns 0, or -1
   on a write error. */
int heatsvg_share_chart(const struct pk_result_variant *v, FILE *out);

/* Per range at the end, its storage over time against the physical
   partition cap (the scenario's, default 50 GiB), as one <svg
   class="chart storage">: y ticks in the binary unit (B .. TiB) in which
   the axis top reads 1 or more; the cap a dashed line on the scale when
   the data come within a fifth of it, else an arrow and "cap X, above
   this scale" at the top right; labels as the share chart's. Returns 0,
   or -1 on a write error. */
int heatsvg_storage_chart(const struct pk_result_variant *v, FILE *out);

#endif
