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

int heatstrip_text(const struct pk_result_variant *v, int colour, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	size_t per, cols, r, c, k;
	int64_t span;
	char label[64], d0[48], d1[48];
	int prev;

	if (h->n_cols == 0) {
		fprintf(out, "\nheat strip: none (the run closed no second)\n");
		return ferror(out) ? -1 : 0;
	}
	per = (h->n_cols + PK_HEATSTRIP_COLS - 1) / PK_HEATSTRIP_COLS;
	cols = (h->n_cols + per - 1) / per;
	span = (int64_t)per * h->bucket_s;
	fprintf(out,
		"\nheat strip (normalized RU per range, one column per %s, "
		"its highest second; 0 s .. %s)\n",
		dur(span, d0, sizeof(d0)), dur(v->end_s, d1, sizeof(d1)));
	for (r = 0; r < v->n_ranges; r++) {
		const struct pk_result_range *x = &v->ranges[r];

		if (x->parent != PK_RESULT_NO_RANGE) {
			snprintf(label, sizeof(label),
				 "range %" PRIu32 " (of %" PRIu32 ")", x->id,
				 x->parent);
		} else {
			snprintf(label, sizeof(label), "range %" PRIu32, x->id);
		}
		fprintf(out, "  %-18s |", label);
		prev = -1;
		for (c = 0; c < cols; c++) {
			int pct = -1;

			for (k = c * per; k < (c + 1) * per && k < h->n_cols;
			     k++) {
				const struct pk_result_heat_cell *y =
				    result_heat_cell(v, k, x->id);

				if (y && y->nru_pct > pct) {
					pct = y->nru_pct;
				}
			}
			if (pct < 0) {
				/* no band of its line yet (a merged range) */
				fputc(' ', out);
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
	fprintf(out, "  (a row shows the range it split from before it "
		     "existed; a second with a 429 counts as 100 %%)\n");
	return ferror(out) ? -1 : 0;
}
