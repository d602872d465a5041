/*
 * heatsvg_int: what the files of the heatsvg module share (heatsvg.c: the
 * heat map and legend; heatsvg_chart.c: the line charts): plot margins
 * and the time axis. Internal to src/report/.
 */
#ifndef PKSIM_REPORT_HEATSVG_INT_H
#define PKSIM_REPORT_HEATSVG_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Plot margins inside an svg, CSS pixels: left, right, top, bottom */
#define ML 44
#define MR 92
#define MT 22
#define MB 30

/* Font size of svg text, viewBox px: the page's CSS (report_html.c:
   11px, 14px in the small multiples, drawn under PK_HEATSVG_W px
   wide), and the width of a character of a label, at most, in ems
   (digits and letters of the sans-serif fonts measured in Chromium:
   0.64 em at weight 600; a margin above) */
#define FONT_PX 11.0
#define SMALL_FONT_PX 14.0
#define CHAR_EM 0.66

/* Labels at a plot's right edge: wanted at the y of what they name,
   placed at y; idx names it (a range index; SIZE_MAX: a chart's
   reference line) */
struct heatsvg_label {
	double want, y;
	size_t idx;
};

/* Least distance between two labels at a right edge, px */
#define HEATSVG_LABEL_GAP 11.0

/* Place the n labels in y order at least HEATSVG_LABEL_GAP apart within
   [lo, hi], each as near its wanted y as pushing down (then, at the
   bottom, back up) allows. Returns 0, or -1 (nothing placed) when n
   labels cannot fit. Sorts l by want. */
int heatsvg_spread(struct heatsvg_label *l, size_t n, double lo, double hi);

/* The x axis of a plot w pixels wide from ML, at height y: ticks and
   labels from 0 to span seconds (span >= 1), "simulated time". */
void heatsvg_x_axis(int64_t span, double w, double y, FILE *out);

#endif
