/*
 * heatsvg: the SVG figures of the HTML report (see heatsvg.h).
 */
#include "pksim/report/heatsvg.h"

#include "heatsvg_int.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/service/metrics.h"

/* matplotlib's viridis at 0, 1/8, ..., 1 */
static const unsigned char viridis[9][3] = {
    {0x44, 0x01, 0x54}, {0x47, 0x2d, 0x7b}, {0x3b, 0x52, 0x8b},
    {0x2c, 0x72, 0x8e}, {0x21, 0x91, 0x8c}, {0x28, 0xae, 0x80},
    {0x5e, 0xc9, 0x62}, {0xad, 0xdc, 0x30}, {0xfd, 0xe7, 0x25},
};

void heatsvg_text(const char *s, FILE *out)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

void heatsvg_colour(int pct, char out[8])
{
	int lo, k, c[3];
	double f;

	pct = pct < 0 ? 0 : pct > 100 ? 100 : pct;
	lo = pct * 8 / 100;
	if (lo > 7) {
		lo = 7;
	}
	f = (double)pct * 8.0 / 100.0 - lo;
	for (k = 0; k < 3; k++) {
		c[k] = (int)(viridis[lo][k] +
			     f * (viridis[lo + 1][k] - viridis[lo][k]) + 0.5);
	}
	snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

/* Tick spacing, seconds: the smallest that keeps ticks <= 8 */
static int64_t tick_step(int64_t span)
{
	static const int64_t steps[] = {1,    2,    5,	   10,	  15,	 30,
					60,   120,  300,   600,	  900,	 1800,
					3600, 7200, 10800, 21600, 43200, 86400};
	size_t i;

	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		if (span / steps[i] <= 8) {
			return steps[i];
		}
	}
	return (span / 8 + 86399) / 86400 * 86400;
}

static void t_label(int64_t t, char *buf, size_t cap)
{
	char n[PK_FMT_BYTES];

	if (t % 86400 == 0 && t > 0) {
		snprintf(buf, cap, "%s d", fmt_thousands(t / 86400, n));
	} else if (t % 3600 == 0 && t > 0) {
		snprintf(buf, cap, "%s h", fmt_thousands(t / 3600, n));
	} else if (t % 60 == 0 && t > 0) {
		snprintf(buf, cap, "%s min", fmt_thousands(t / 60, n));
	} else {
		snprintf(buf, cap, "%s s", fmt_thousands(t, n));
	}
}

/* Top margin of a heat map, px: two rows of labels above the plot, the
   midnights' and the throughput changes', each baseline low enough for
   the small multiples' 14 px text */
#define MAP_MT 38
#define MIDNIGHT_Y 14
#define CHANGE_Y 32

void heatsvg_x_axis(int64_t span, double w, double y, FILE *out)
{
	int64_t step = tick_step(span), t;
	char lab[32];

	fprintf(out, "<g class=\"axis\">");
	for (t = 0; t <= span; t += step) {
		double x = ML + w * (double)t / (double)span;

		t_label(t, lab, sizeof(lab));
		fprintf(out,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\"/><text x=\"%.1f\" y=\"%.1f\" "
			"text-anchor=\"middle\">%s</text>",
			x, y, x, y + 4, x, y + 15, lab);
	}
	fprintf(out,
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">"
		"simulated time</text></g>\n",
		ML + w, y + 27);
}

static void band(const struct pk_result_variant *v,
		 const struct pk_result_heat_cell *x, int64_t t0, double px,
		 double y, double w, double hgt, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	int64_t t1 = t0 + h->bucket_s > v->end_s ? v->end_s : t0 + h->bucket_s;
	char col[8], ru[PK_FMT_BYTES], share[PK_FMT_BYTES], end[PK_FMT_BYTES],
	    start[PK_FMT_BYTES], n429[PK_FMT_BYTES];

	fmt_thousands(t0, start);
	fmt_thousands(t1, end);
	heatsvg_colour(x->nru_pct, col);
	fmt_thousands((x->ru_mru + PK_MRU_PER_RU / 2) / PK_MRU_PER_RU, ru);
	fmt_thousands((x->ru_per_s_mru + PK_MRU_PER_RU / 2) / PK_MRU_PER_RU,
		      share);
	fmt_thousands((int64_t)x->throttled_429, n429);
	fprintf(out,
		"<rect class=\"band\" data-range=\"%" PRIu32 "\" "
		"x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"fill=\"%s\"><title>%s %" PRIu32 ", t = %s"
		"%s%s s: %d %% normalized %s%s, %s %s, %s share %s, %s"
		" %s</title></rect>",
		x->range_id, px, y, w, hgt, col, v->ddb ? "partition" : "range",
		x->range_id, start, t1 - t0 > 1 ? "-" : "",
		t1 - t0 > 1 ? end : "", x->nru_pct,
		v->ddb ? "consumption" : "RU",
		h->bucket_s > 1 ? " (highest second)" : "", ru,
		v->ddb ? "capacity units" : "RU", v->ddb ? "units/s" : "RU/s",
		share, n429, v->ddb ? "throttled" : "429s");
}

/* Formats of a midnight's label, longest first: the day that begins */
static const char *const day_fmt[] = {"00:00 %a %Y-%m-%d", "%a %Y-%m-%d",
				      "%a %m-%d", "%m-%d"};
/* Days between two labelled midnights: the first that leaves room */
static const int64_t day_step[] = {1, 2, 7, 14, 28, 56, 91, 182, 364};
/* Least room between two labels above a map, and a label's offset from
   its line, viewBox px */
#define LABEL_PAD 10.0
#define LABEL_OFF 3.0

/* The width of a label of n characters drawn char_px a character */
static double label_w(size_t n, double char_px)
{
	return (double)n * char_px;
}

/*
 * Wall-clock midnights (UTC) over a map w px wide for span seconds from
 * clock0. Labels never overlap and never leave the drawing: the longest
 * format that fits between two labels, labels every day, else every 2,
 * 7, 14, ... days (the first that leaves room for the shortest format,
 * "03-04"); a label that would pass the right edge is drawn left of its
 * line when it clears the one before, else left out (its line keeps its
 * <title>). Lines closer than 4 px are drawn for labelled midnights
 * only, so a year is not a black bar.
 */
static void midnights(int64_t span, int64_t clock0, double w, double char_px,
		      FILE *out)
{
	int64_t first = (clock0 / 86400 + 1) * 86400 - clock0, d, k = 1;
	double gap = w * 86400.0 / (double)span, last_right = -1e9;
	double right = ML + w + MR;
	size_t f = 0, i, n = 0;
	int found = 0;

	for (d = first; d < span; d += 86400) {
		n++;
	}
	if (n == 0) {
		return;
	}
	for (i = 0; !found && i < sizeof(day_step) / sizeof(day_step[0]); i++) {
		k = day_step[i];
		for (f = 0; f < sizeof(day_fmt) / sizeof(day_fmt[0]); f++) {
			char probe[40];
			struct tm tm = {.tm_year = 126, .tm_mday = 4};

			strftime(probe, sizeof(probe), day_fmt[f], &tm);
			if (label_w(strlen(probe), char_px) + LABEL_PAD <=
			    (double)k * gap) {
				found = 1;
				break;
			}
		}
	}
	if (!found) {
		/* longer than any step: the shortest, every 364 days */
		f = sizeof(day_fmt) / sizeof(day_fmt[0]) - 1;
	}
	for (i = 0, d = first; d < span; d += 86400, i++) {
		double x = ML + w * (double)d / (double)span, lw, lx;
		time_t tt = (time_t)(clock0 + d);
		struct tm tm;
		char day[32], lab[40];
		int labelled = i % (size_t)k == 0;

		gmtime_r(&tt, &tm);
		strftime(day, sizeof(day), "%a %Y-%m-%d", &tm);
		if (!labelled && gap < 4) {
			continue;
		}
		fprintf(out,
			"<line class=\"midnight\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"><title>midnight UTC: %s "
			"begins</title></line>",
			x, MIDNIGHT_Y - 11, x, MAP_MT + PK_HEATSVG_H, day);
		if (!labelled) {
			continue;
		}
		strftime(lab, sizeof(lab), day_fmt[f], &tm);
		lw = label_w(strlen(lab), char_px);
		lx = x + LABEL_OFF;
		if (lx + lw > right) {
			lx = x - LABEL_OFF - lw;
			if (lx < last_right + LABEL_PAD || lx < 0) {
				continue;
			}
		}
		fprintf(out,
			"<text class=\"midnight\" x=\"%.1f\" y=\"%d\">%s"
			"</text>",
			lx, MIDNIGHT_Y, lab);
		last_right = lx + lw;
	}
}

static void markers(const struct pk_result_variant *v, int64_t span,
		    int64_t clock0, double w, double char_px, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	size_t i;
	double last_label = -1e9;
	char t[PK_FMT_BYTES];

	fprintf(out, "<g class=\"markers\">");
	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];
		double x = ML + w * (double)e->t_s / (double)span;

		fprintf(out,
			"<line class=\"split\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"><title>t = %s"
			" s: range %" PRIu32 " split (%s) into %" PRIu32
			" and %" PRIu32 "</title></line>",
			x, MAP_MT - 8, x, MAP_MT + PK_HEATSVG_H,
			fmt_thousands(e->t_s, t), e->parent,
			metrics_split_reason(e->reason), e->children[0],
			e->children[1]);
	}
	for (i = 0; i < m->n_actions; i++) {
		const struct pk_action *a = &m->actions[i];
		double x = ML + w * (double)a->t_s / (double)span;

		fprintf(out,
			"<line class=\"action\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"><title>t = %s s: %s: ",
			x, MAP_MT - 8, x, MAP_MT + PK_HEATSVG_H,
			fmt_thousands(a->t_s, t), metrics_action_name(a->kind));
		heatsvg_text(a->detail, out);
		fprintf(out, "</title></line>");
	}
	/* throughput changes, split or not: a dotted line where the new
	   RU/s apply (a delayed raise once its splits are done), labelled
	   with them above the map where the last label left room */
	for (i = 0; i < m->n_changes; i++) {
		const struct pk_throughput_event *e = &m->changes[i];
		int64_t at = e->effective_t_s >= 0 ? e->effective_t_s : e->t_s;
		double x = ML + w * (double)at / (double)span, lw, lx;
		char a[PK_FMT_BYTES], b[PK_FMT_BYTES], when[PK_FMT_BYTES];
		char lab[PK_FMT_BYTES + 24];

		fmt_thousands(e->from_ru_per_s, a);
		fmt_thousands(e->to_ru_per_s, b);
		fprintf(out,
			"<line class=\"change\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"><title>t = %s"
			" s: throughput %s to %s RU/s, %zu to %zu physical "
			"partitions",
			x, MAP_MT - 8, x, MAP_MT + PK_HEATSVG_H,
			fmt_thousands(at, t), a, b, e->ranges_before,
			e->ranges_after);
		fmt_thousands(e->t_s, when);
		if (e->effective_t_s == PK_EFFECTIVE_UNFINISHED) {
			fprintf(out,
				" (asked for at t = %s s; the run ended "
				"before its splits were done)",
				when);
		} else if (e->effective_t_s < 0) {
			fprintf(out,
				" (asked for at t = %s s; cancelled by a "
				"later change before its splits were done)",
				when);
		} else if (e->effective_t_s != e->t_s) {
			fprintf(out,
				" (asked for at t = %s s; from here, once "
				"the splits are done)",
				when);
		}
		fprintf(out, "</title></line>");
		snprintf(lab, sizeof(lab), "%s RU/s%s", b,
			 e->effective_t_s == PK_EFFECTIVE_UNFINISHED
			     ? " pending"
			 : e->effective_t_s < 0 ? " cancelled"
						: "");
		lw = label_w(strlen(lab), char_px);
		lx = x + LABEL_OFF;
		if (lx + lw > ML + w + MR) {
			/* past the drawing's edge: left of the line */
			lx = x - LABEL_OFF - lw;
		}
		if (lx >= last_label + LABEL_PAD && lx >= 0) {
			fprintf(out,
				"<text class=\"changelab\" x=\"%.1f\" "
				"y=\"%d\">%s</text>",
				lx, CHANGE_Y, lab);
			last_label = lx + lw;
		}
	}
	midnights(span, clock0, w, char_px, out);
	fprintf(out, "</g>\n");
}

/* The slice [y0, y1) of band i of the column cells[a, b) */
static void slice(const struct pk_result_heat *h, size_t a, size_t b, size_t i,
		  int equal_bands, double *y0, double *y1)
{
	*y0 = equal_bands ? (double)(i - a) / (double)(b - a) : h->cells[i].y0;
	*y1 = equal_bands ? (double)(i - a + 1) / (double)(b - a)
			  : h->cells[i].y1;
}

/* Ranges named at a map's right edge when its bands are too thin for
   every name: the hottest this many */
#define MAP_LABELS 10

/* Least width and height of a band that holds a label inside, px */
#define INBAND_W 56
#define INBAND_H 12

/*
 * Ranges that are gone before the end (split parents, merged ranges)
 * have no label at the right edge: name each inside its band, in the
 * middle of its life, where the band is large enough (light text on a
 * dark halo, readable on any colour of the scale).
 */
static void inband_labels(const struct pk_result_variant *v, double w,
			  int64_t span_s, int equal_bands, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	size_t n = v->n_lineage, c, i, *first, *last;
	double *y0, *y1;
	uint32_t id;

	if (n == 0 || h->n_cols == 0) {
		return;
	}
	first = xcalloc(n, sizeof(*first));
	last = xcalloc(n, sizeof(*last));
	y0 = xcalloc(n, sizeof(*y0));
	y1 = xcalloc(n, sizeof(*y1));
	for (id = 0; id < n; id++) {
		first[id] = SIZE_MAX;
	}
	for (c = 0; c < h->n_cols; c++) {
		size_t a = h->col_start[c], b = h->col_start[c + 1];

		for (i = a; i < b; i++) {
			id = h->cells[i].range_id;
			if (id >= n) {
				continue;
			}
			if (first[id] == SIZE_MAX) {
				first[id] = c;
			}
			last[id] = c;
			slice(h, a, b, i, equal_bands, &y0[id], &y1[id]);
		}
	}
	for (id = 0; id < n; id++) {
		double x0, x1;

		if (first[id] == SIZE_MAX || last[id] + 1 == h->n_cols) {
			continue;
		}
		x0 = w * (double)((int64_t)first[id] * h->bucket_s) /
		     (double)span_s;
		x1 = w * (double)((int64_t)(last[id] + 1) * h->bucket_s) /
		     (double)span_s;
		if (x1 - x0 < INBAND_W ||
		    (y1[id] - y0[id]) * PK_HEATSVG_H < INBAND_H) {
			continue;
		}
		fprintf(out,
			"<text class=\"rid inband\" x=\"%.1f\" y=\"%.1f\" "
			"text-anchor=\"middle\">range %" PRIu32 "</text>",
			ML + (x0 + x1) / 2,
			MAP_MT + (y0[id] + y1[id]) / 2 * PK_HEATSVG_H + 4, id);
	}
	fprintf(out, "\n");
	free(first);
	free(last);
	free(y0);
	free(y1);
}

/* The hotter of two ranges at the end (v->ranges indexes) for a label:
   most 429s, then highest peak normalized RU, then most RU, then key
   order */
static const struct pk_result_variant *hot_v;

static int hotter(const void *pa, const void *pb)
{
	const struct pk_result_range *a = &hot_v->ranges[*(const size_t *)pa];
	const struct pk_result_range *b = &hot_v->ranges[*(const size_t *)pb];

	if (a->throttled_429 != b->throttled_429) {
		return a->throttled_429 > b->throttled_429 ? -1 : 1;
	}
	if (a->peak_normalized != b->peak_normalized) {
		return a->peak_normalized > b->peak_normalized ? -1 : 1;
	}
	if (a->ru_mru != b->ru_mru) {
		return a->ru_mru > b->ru_mru ? -1 : 1;
	}
	return *(const size_t *)pa < *(const size_t *)pb ? -1 : 1;
}

/*
 * The ranges at the end named at the right edge of the map (the bands
 * cells[a, b) of the last column, one per range at the end, key order):
 * each in the middle of its band when every band is tall enough
 * (HEATSVG_LABEL_GAP); else the MAP_LABELS hottest that saw a request
 * (hotter()), moved apart and joined to their band by a leader.
 */
static void end_labels(const struct pk_result_variant *v, size_t a, size_t b,
		       int equal_bands, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	struct heatsvg_label *lab;
	size_t i, n = 0, *idx, k = 0;
	int all = 1;
	double right = ML + PK_HEATSVG_W;

	for (i = a; i < b; i++) {
		double y0, y1;

		slice(h, a, b, i, equal_bands, &y0, &y1);
		all = all && (y1 - y0) * PK_HEATSVG_H >= HEATSVG_LABEL_GAP;
	}
	if (all) {
		for (i = a; i < b; i++) {
			double y0, y1;

			slice(h, a, b, i, equal_bands, &y0, &y1);
			fprintf(out,
				"<text class=\"rid\" x=\"%.0f\" y=\"%.1f\">"
				"range %" PRIu32 "</text>",
				right + 4,
				MAP_MT + (y0 + y1) / 2 * PK_HEATSVG_H + 4,
				h->cells[i].range_id);
		}
		return;
	}
	/* the ranges at the end are the bands of the last column, in the
	   same key order: v->ranges[i - a] is band i */
	idx = xcalloc(b - a + 1, sizeof(*idx));
	for (i = 0; i < b - a && i < v->n_ranges; i++) {
		if (v->ranges[i].requests > 0) {
			idx[k++] = i;
		}
	}
	hot_v = v;
	qsort(idx, k, sizeof(*idx), hotter);
	lab = xcalloc(MAP_LABELS + 1, sizeof(*lab));
	for (i = 0; i < k && n < MAP_LABELS; i++) {
		double y0, y1;

		slice(h, a, b, a + idx[i], equal_bands, &y0, &y1);
		lab[n].want = MAP_MT + (y0 + y1) / 2 * PK_HEATSVG_H;
		lab[n++].idx = idx[i];
	}
	if (heatsvg_spread(lab, n, MAP_MT + 4, MAP_MT + PK_HEATSVG_H) == 0) {
		for (i = 0; i < n; i++) {
			fprintf(out,
				"<path class=\"leader rl\" d=\"M%.0f,%.1f "
				"L%.0f,%.1f L%.0f,%.1f\"/><text class=\"rid\" "
				"x=\"%.0f\" y=\"%.1f\">range %" PRIu32
				"</text>",
				right, lab[i].want, right + 6, lab[i].y,
				right + 10, lab[i].y, right + 12, lab[i].y + 4,
				v->ranges[lab[i].idx].id);
		}
	}
	free(lab);
	free(idx);
}

int heatsvg_map(const struct pk_result_variant *v, int id, int64_t span_s,
		int64_t clock_start_s, int equal_bands, int width_px, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	double w = PK_HEATSVG_W, cw;
	size_t c, i;
	int tw = ML + PK_HEATSVG_W + MR, th = MAP_MT + PK_HEATSVG_H + MB + 6;

	if (span_s < 1) {
		span_s = 1;
	}
	fprintf(out,
		"<svg class=\"heatmap\" xmlns=\"http://www.w3.org/2000/svg\" "
		"role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\" "
		"data-columns=\"%zu\" data-bucket-s=\"%" PRId64 "\">"
		"<title>",
		tw, th, width_px, h->n_cols, h->bucket_s);
	heatsvg_text(v->name, out);
	fprintf(out, ": normalized %s per %s and %s</title>\n",
		v->ddb ? "consumption" : "RU consumption",
		v->ddb ? "partition" : "partition key range",
		h->bucket_s > 1 ? "time bucket (highest second)" : "second");
	fprintf(out,
		"<defs><pattern id=\"hatch-%d\" width=\"4\" "
		"height=\"4\" patternUnits=\"userSpaceOnUse\">"
		"<path d=\"M0,4 L4,0\" class=\"hatch\"/></pattern></defs>\n",
		id);
	fprintf(out,
		"<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"/>\n",
		ML, MAP_MT, PK_HEATSVG_W, PK_HEATSVG_H);
	cw = w * (double)h->bucket_s / (double)span_s;
	for (c = 0; c < h->n_cols; c++) {
		size_t a = h->col_start[c], b = h->col_start[c + 1];
		int64_t t0 = (int64_t)c * h->bucket_s;
		double px = ML + w * (double)t0 / (double)span_s, cwc = cw;

		if (t0 + h->bucket_s > v->end_s) {
			cwc = w * (double)(v->end_s - t0) / (double)span_s;
		}
		fprintf(out, "<g class=\"col\" data-t=\"%" PRId64 "\">", t0);
		for (i = a; i < b; i++) {
			const struct pk_result_heat_cell *x = &h->cells[i];
			double y0 =
			    equal_bands ? (double)(i - a) / (b - a) : x->y0;
			double y1 =
			    equal_bands ? (double)(i - a + 1) / (b - a) : x->y1;

			/* overlap the next column and band by a little:
			   no hairline seams where anti-aliased edges
			   meet */
			band(v, x, t0, px, MAP_MT + y0 * PK_HEATSVG_H,
			     cwc + (c + 1 < h->n_cols ? 0.6 : 0),
			     (y1 - y0) * PK_HEATSVG_H + (i + 1 < b ? 0.6 : 0),
			     out);
		}
		for (i = a; i < b; i++) {
			const struct pk_result_heat_cell *x = &h->cells[i];
			double y0 =
			    equal_bands ? (double)(i - a) / (b - a) : x->y0;
			double y1 =
			    equal_bands ? (double)(i - a + 1) / (b - a) : x->y1;

			if (x->throttled_429 == 0) {
				continue;
			}
			fprintf(out,
				"<rect class=\"m429\" x=\"%.2f\" y=\"%.2f\" "
				"width=\"%.2f\" height=\"%.2f\" "
				"fill=\"url(#hatch-%d)\"/>",
				px, MAP_MT + y0 * PK_HEATSVG_H, cwc,
				(y1 - y0) * PK_HEATSVG_H, id);
		}
		fprintf(out, "</g>\n");
		if (c + 1 < h->n_cols) {
			continue;
		}
		end_labels(v, a, b, equal_bands, out);
	}
	inband_labels(v, w, span_s, equal_bands, out);
	fprintf(out,
		"<g class=\"axis\"><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">\"\"</text><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">\"FF\"</text><text x=\"16\" y=\"%d\" "
		"transform=\"rotate(-90 16 %d)\" text-anchor=\"middle\">"
		"%s</text></g>\n",
		ML - 4, MAP_MT + 10, ML - 4, MAP_MT + PK_HEATSVG_H,
		MAP_MT + PK_HEATSVG_H / 2, MAP_MT + PK_HEATSVG_H / 2,
		equal_bands ? "ranges in key order (equal bands)"
			    : "key space (EPK)");
	heatsvg_x_axis(span_s, w, MAP_MT + PK_HEATSVG_H, out);
	markers(v, span_s, clock_start_s, w,
		(width_px < PK_HEATSVG_W ? SMALL_FONT_PX : FONT_PX) * CHAR_EM,
		out);
	fprintf(out, "</svg>\n");
	return ferror(out) ? -1 : 0;
}

int heatsvg_legend(int ru, FILE *out)
{
	int p;
	char col[8];

	fprintf(out,
		"<svg class=\"legend\" xmlns=\"http://www.w3.org/2000/svg\" "
		"role=\"img\" viewBox=\"0 0 460 44\" width=\"460\">"
		"<title>colour legend: normalized %s, 0 %% to "
		"100 %%</title><text x=\"330\" y=\"16\">normalized%s</text>",
		ru ? "RU consumption" : "consumption", ru ? " RU" : "");
	for (p = 0; p <= 100; p++) {
		heatsvg_colour(p, col);
		fprintf(out,
			"<rect x=\"%.1f\" y=\"4\" width=\"3.2\" height=\"14\" "
			"fill=\"%s\"/>",
			10 + p * 3.0, col);
	}
	for (p = 0; p <= 100; p += 25) {
		fprintf(out,
			"<line x1=\"%.1f\" y1=\"18\" x2=\"%.1f\" y2=\"22\" "
			"class=\"tick\"/><text x=\"%.1f\" y=\"34\" "
			"text-anchor=\"middle\">%d %%</text>",
			11.5 + p * 3.0, 11.5 + p * 3.0, 11.5 + p * 3.0, p);
	}
	fprintf(out, "</svg>\n");
	return ferror(out) ? -1 : 0;
}
