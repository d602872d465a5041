/*
 * heatstrip: the terminal heat strip (see heatstrip.h).
 */
#include "pksim/report/heatstrip.h"

#include <inttypes.h>

#include "pksim/base/fmt.h"

/* Shades by fifths of normalized RU: 0-19 %, 20-39 %, ... 80-100 % */
static const char *const shade[5] = {"\u00b7", "\u2591", "\u2592", "\u2593",
				     "\u2588"};
/* ANSI 256-colour steps close to viridis at 10, 30, 50, 70, 90 % */
static const int ansi[5] = {54, 25, 30, 71, 220};

/* A span of seconds as the strip's header says it: "45 s", "50 min",
   "48 h", "1 h 30 min" (whole minutes from 10 min on) */
static const char *dur(int64_t s, char *buf, size_t cap)
{
	char a[PK_FMT_BYTES];

	if (s >= 3600 && s % 3600 == 0) {
		snprintf(buf, cap, "%s h", fmt_thousands(s / 3600, a));
	} else if (s >= 3600 && s % 60 == 0) {
		snprintf(buf, cap, "%s h %" PRId64 " min",
			 fmt_thousands(s / 3600, a), s % 3600 / 60);
	} else if (s >= 600 && s % 60 == 0) {
		snprintf(buf, cap, "%" PRId64 " min", s / 60);
	} else {
		snprintf(buf, cap, "%s s", fmt_thousands(s, a));
	}
	return buf;
}

static int level(int pct)
{
	return pct >= 80 ? 4 : pct / 20;
}

/* One shade; with colour, an escape only where the level changes
   (*prev: the level last set, -1 at a row's start) */
static void cell(int lv, int colour, int *prev, FILE *out)
{
	if (colour && lv != *prev) {
		fprintf(out, "\033[38;5;%dm", ansi[lv]);
	}
	*prev = lv;
	fputs(shade[lv], out);
}

/* Longest lineage label, bytes (a few ranges back, then "...") */
#define LABEL_BYTES 64
/* Ranges named in a label at most, the range itself included */
#define LABEL_RANGES 5

/* Code points of UTF-8 s: its width in the terminal (the labels hold
   ASCII and arrows) */
static size_t cols_of(const char *s)
{
	size_t n = 0;

	for (; *s; s++) {
		n += ((unsigned char)*s & 0xC0) != 0x80;
	}
	return n;
}

/* Range id's row label: the range, then the ranges it came from, newest
   first: "range 3 ← 1 ← 0" (split from 1, which split from 0),
   "range 5 ← 3+4" (made by merging 3 and 4) */
static void label_of(const struct pk_result_variant *v, uint32_t id, char *buf,
		     size_t cap)
{
	size_t len, k;

	len = fmt_append(buf, cap, 0, "%s %" PRIu32,
			 v->ddb ? "partition" : "range", id);
	for (k = 1; id < v->n_lineage && len + 1 < cap; k++) {
		const struct pk_result_lineage *l = &v->lineage[id];

		if (k == LABEL_RANGES &&
		    (l->parent != PK_RESULT_NO_RANGE ||
		     l->merged_from[0] != PK_RESULT_NO_RANGE)) {
			fmt_append(buf, cap, len, " \u2190 \u2026");
			return;
		}
		if (l->parent != PK_RESULT_NO_RANGE) {
			len = fmt_append(buf, cap, len, " \u2190 %" PRIu32,
					 l->parent);
			id = l->parent;
		} else if (l->merged_from[0] != PK_RESULT_NO_RANGE) {
			fmt_append(buf, cap, len,
				   " \u2190 %" PRIu32 "+%" PRIu32,
				   l->merged_from[0], l->merged_from[1]);
			return;
		} else {
			return;
		}
	}
}

/* Columns beside a row's cells: its indent (2), the label padded to
   w, " |" and "|" */
#define ROW_EXTRA_COLS 5

/* The strip's columns at most for labels of w columns within width
   (heatstrip.h) */
static size_t max_cols(size_t w, size_t width)
{
	size_t room;

	if (width == 0) {
		return PK_HEATSTRIP_COLS;
	}
	room = width > w + ROW_EXTRA_COLS ? width - w - ROW_EXTRA_COLS : 0;
	if (room < PK_HEATSTRIP_MIN_COLS) {
		return PK_HEATSTRIP_MIN_COLS;
	}
	return room < PK_HEATSTRIP_COLS ? room : PK_HEATSTRIP_COLS;
}

int heatstrip_text(const struct pk_result_variant *v, int colour, size_t width,
		   FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	size_t per, cols, r, c, k, w = 0, most;
	int64_t span;
	char label[LABEL_BYTES], d0[48], d1[48];
	int prev;

	if (h->n_cols == 0) {
		fprintf(out, "\nheat strip: none (the run closed no second)\n");
		return ferror(out) ? -1 : 0;
	}
	for (r = 0; r < v->n_ranges; r++) {
		label_of(v, v->ranges[r].id, label, sizeof(label));
		w = cols_of(label) > w ? cols_of(label) : w;
	}
	most = max_cols(w, width);
	per = (h->n_cols + most - 1) / most;
	cols = (h->n_cols + per - 1) / per;
	span = (int64_t)per * h->bucket_s;
	fprintf(out,
		"\nheat strip (normalized %s per %s, one column per %s, "
		"its highest second; 0 s .. %s)\n",
		v->cosmos ? "RU" : "units", v->ddb ? "partition" : "range",
		dur(span, d0, sizeof(d0)), dur(v->end_s, d1, sizeof(d1)));
	for (r = 0; r < v->n_ranges; r++) {
		const struct pk_result_range *x = &v->ranges[r];

		label_of(v, x->id, label, sizeof(label));
		fprintf(out, "  %s%*s |", label, (int)(w - cols_of(label)), "");
		prev = -1;
		for (c = 0; c < cols; c++) {
			int pct = -1;

			for (k = c * per; k < (c + 1) * per && k < h->n_cols;
			     k++) {
				struct pk_result_heat_cell y;

				if (result_heat_line(v, k, x->id, &y) &&
				    y.nru_pct > pct) {
					pct = y.nru_pct;
				}
			}
			if (pct < 0) {
				/* no band of its line (cannot happen: every
				   range comes from the ranges of creation) */
				fputc('?', out);
			} else {
				cell(level(pct), colour, &prev, out);
			}
		}
		fputs(colour ? "\033[0m|\n" : "|\n", out);
	}
	fprintf(out, "  legend: ");
	for (k = 0; k < 5; k++) {
		prev = -1;
		cell((int)k, colour, &prev, out);
		if (colour) {
			fputs("\033[0m", out);
		}
		fprintf(out, " %d-%d %%%s", (int)k * 20,
			k == 4 ? 100 : (int)k * 20 + 19, k < 4 ? "  " : "\n");
	}
	for (r = 0; r < v->n_ranges; r++) {
		const struct pk_result_lineage *l =
		    result_lineage(v, v->ranges[r].id);

		if (l && (l->parent != PK_RESULT_NO_RANGE ||
			  l->merged_from[0] != PK_RESULT_NO_RANGE)) {
			break;
		}
	}
	if (r < v->n_ranges && v->ddb) {
		/* a table's partitions split, never merge (D8) */
		fprintf(out,
			"  (before a partition existed, its row shows the "
			"partitions it came from:\n  \"partition 3 \u2190 1 "
			"\u2190 0\" is partition 0 until 1 split from it, "
			"then 1 until 3 did;\n  a second with a request "
			"throttled for the partition's own units counts as "
			"100 %%)\n");
	} else if (r < v->n_ranges) {
		fprintf(out,
			"  (before a range existed, its row shows the "
			"ranges it came from:\n  \"range 3 \u2190 1 "
			"\u2190 0\" is range 0 until 1 split from it, then "
			"1 until 3 did;\n  \"range 5 \u2190 3+4\" is the "
			"higher of 3 and 4 until they merged; a "
			"second\n  with a 429 of the range's own RU/s counts "
			"as 100 %%)\n");
	} else if (!v->cosmos) {
		fprintf(out, "  (a second with a request throttled for the "
			     "partition's own units counts as 100 %%)\n");
	} else {
		fprintf(out, "  (a second with a 429 of the range's own RU/s "
			     "counts as 100 %%)\n");
	}
	return ferror(out) ? -1 : 0;
}
