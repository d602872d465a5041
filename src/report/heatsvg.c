/*
 * heatsvg: the SVG figures of the HTML report (see heatsvg.h).
 */
#include "pksim/report/heatsvg.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/fmt.h"
#include "pksim/model/cost.h"
#include "pksim/model/metrics.h"

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
	if (t % 3600 == 0 && t > 0) {
		snprintf(buf, cap, "%" PRId64 " h", t / 3600);
	} else if (t % 60 == 0 && t > 0) {
		snprintf(buf, cap, "%" PRId64 " min", t / 60);
	} else {
		snprintf(buf, cap, "%" PRId64 " s", t);
	}
}

/* Plot margins inside an svg */
#define ML 44
#define MR 64
#define MT 22
#define MB 30

static void x_axis(int64_t span, double w, double y, FILE *out)
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
	char col[8], ru[32], share[32], end[24];

	snprintf(end, sizeof(end), "%" PRId64, t1);
	heatsvg_colour(x->nru_pct, col);
	fmt_thousands((x->ru_mru + PK_MRU_PER_RU / 2) / PK_MRU_PER_RU, ru);
	fmt_thousands(x->ru_per_s_mru / PK_MRU_PER_RU, share);
	fprintf(out,
		"<rect class=\"band\" data-range=\"%" PRIu32 "\" "
		"x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"fill=\"%s\"><title>range %" PRIu32 ", t = %" PRId64
		"%s%s s: %d %% normalized RU%s, %s RU, RU/s share %s, %" PRIu64
		" 429s</title></rect>",
		x->range_id, px, y, w, hgt, col, x->range_id, t0,
		t1 - t0 > 1 ? "-" : "", t1 - t0 > 1 ? end : "", x->nru_pct,
		h->bucket_s > 1 ? " (highest second)" : "", ru, share,
		x->throttled_429);
}

static void markers(const struct pk_result_variant *v, int64_t span,
		    int64_t clock0, double w, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	size_t i;
	int64_t d;

	fprintf(out, "<g class=\"markers\">");
	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];
		double x = ML + w * (double)e->t_s / (double)span;

		fprintf(out,
			"<line class=\"split\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"><title>t = %" PRId64
			" s: range %" PRIu32 " split (%s) into %" PRIu32
			" and %" PRIu32 "</title></line>",
			x, MT - 8, x, MT + PK_HEATSVG_H, e->t_s, e->parent,
			metrics_split_reason(e->reason), e->children[0],
			e->children[1]);
	}
	for (i = 0; i < m->n_actions; i++) {
		const struct pk_action *a = &m->actions[i];
		double x = ML + w * (double)a->t_s / (double)span;

		fprintf(out,
			"<line class=\"action\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"><title>t = %" PRId64
			" s: %s</title></line>",
			x, MT - 8, x, MT + PK_HEATSVG_H, a->t_s,
			metrics_action_name(a->kind));
	}
	/* wall-clock midnights (UTC) */
	for (d = (clock0 / 86400 + 1) * 86400 - clock0;
	     d < span && d - span < 0; d += 86400) {
		double x = ML + w * (double)d / (double)span;
		time_t tt = (time_t)(clock0 + d);
		struct tm tm;
		char day[32];

		gmtime_r(&tt, &tm);
		strftime(day, sizeof(day), "%a %Y-%m-%d", &tm);
		fprintf(out,
			"<line class=\"midnight\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"><title>midnight UTC: %s "
			"begins</title></line><text class=\"midnight\" "
			"x=\"%.1f\" y=\"%d\">00:00 %s</text>",
			x, MT - 12, x, MT + PK_HEATSVG_H, day, x + 3, MT - 12,
			day);
	}
	fprintf(out, "</g>\n");
}

int heatsvg_map(const struct pk_result_variant *v, int id, int64_t span_s,
		int64_t clock_start_s, int equal_bands, int width_px, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	double w = PK_HEATSVG_W, cw;
	size_t c, i;
	int tw = ML + PK_HEATSVG_W + MR, th = MT + PK_HEATSVG_H + MB + 6;

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
	fprintf(out,
		": normalized RU consumption per partition key range "
		"and %s</title>\n",
		h->bucket_s > 1 ? "time bucket (highest second)" : "second");
	fprintf(out,
		"<defs><pattern id=\"hatch-%d\" width=\"4\" "
		"height=\"4\" patternUnits=\"userSpaceOnUse\">"
		"<path d=\"M0,4 L4,0\" class=\"hatch\"/></pattern></defs>\n",
		id);
	fprintf(out,
		"<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"/>\n",
		ML, MT, PK_HEATSVG_W, PK_HEATSVG_H);
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
			band(v, x, t0, px, MT + y0 * PK_HEATSVG_H,
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
				px, MT + y0 * PK_HEATSVG_H, cwc,
				(y1 - y0) * PK_HEATSVG_H, id);
		}
		fprintf(out, "</g>\n");
		if (c + 1 < h->n_cols) {
			continue;
		}
		/* range ids at the right edge, where the band is tall
		   enough to hold one */
		for (i = a; i < b; i++) {
			const struct pk_result_heat_cell *x = &h->cells[i];
			double y0 =
			    equal_bands ? (double)(i - a) / (b - a) : x->y0;
			double y1 =
			    equal_bands ? (double)(i - a + 1) / (b - a) : x->y1;

			if ((y1 - y0) * PK_HEATSVG_H < 11) {
				continue;
			}
			fprintf(out,
				"<text class=\"rid\" x=\"%d\" y=\"%.1f\">"
				"range %" PRIu32 "</text>",
				ML + PK_HEATSVG_W + 4,
				MT + (y0 + y1) / 2 * PK_HEATSVG_H + 4,
				x->range_id);
		}
	}
	fprintf(out,
		"<g class=\"axis\"><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">\"\"</text><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">\"FF\"</text><text x=\"12\" y=\"%d\" "
		"transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">"
		"key space (EPK)</text></g>\n",
		ML - 4, MT + 10, ML - 4, MT + PK_HEATSVG_H,
		MT + PK_HEATSVG_H / 2, MT + PK_HEATSVG_H / 2);
	x_axis(span_s, w, MT + PK_HEATSVG_H, out);
	markers(v, span_s, clock_start_s, w, out);
	fprintf(out, "</svg>\n");
	return ferror(out) ? -1 : 0;
}

int heatsvg_legend(FILE *out)
{
	int p;
	char col[8];

	fprintf(out,
		"<svg class=\"legend\" xmlns=\"http://www.w3.org/2000/svg\" "
		"role=\"img\" viewBox=\"0 0 460 44\" width=\"460\">"
		"<title>colour legend: normalized RU consumption, 0 %% to "
		"100 %%</title><text x=\"330\" y=\"16\">normalized "
		"RU</text>");
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

/* One polyline per range at the end over the heat columns; value(x,
   seconds) gives its y in 0..ymax. */
typedef double (*value_fn)(const struct pk_result_heat_cell *x,
			   int64_t seconds);

static void chart(const struct pk_result_variant *v, value_fn f, double ymax,
		  double ref, const char *ylab, const char *reflab, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	int W = PK_HEATSVG_W, H = 160;
	size_t r, c;
	char col[8];

	fprintf(out,
		"<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
		"role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\">"
		"<title>%s per range over time</title>"
		"<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"/>\n",
		ML + W + MR, MT + H + MB + 6, ML + W + MR, ylab, ML, MT, W, H);
	if (ref > 0 && ref <= ymax) {
		double y = MT + H - H * ref / ymax;

		fprintf(out,
			"<line class=\"ref\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
			"y2=\"%.1f\"/><text x=\"%d\" y=\"%.1f\">%s</text>\n",
			ML, y, ML + W, y, ML + W + 4, y + 4, reflab);
	}
	for (r = 0; r < v->n_ranges; r++) {
		heatsvg_colour(
		    (int)(r * 80 / (v->n_ranges > 1 ? v->n_ranges - 1 : 1)),
		    col);
		fprintf(out, "<polyline class=\"line\" stroke=\"%s\" points=\"",
			col);
		for (c = 0; c < h->n_cols; c++) {
			const struct pk_result_heat_cell *x =
			    result_heat_cell(v, c, v->ranges[r].id);
			int64_t t0 = (int64_t)c * h->bucket_s;
			int64_t secs = t0 + h->bucket_s > v->end_s
					   ? v->end_s - t0
					   : h->bucket_s;
			double y = x ? f(x, secs) : 0;

			if (y > ymax) {
				y = ymax;
			}
			fprintf(out, "%.1f,%.1f ",
				ML + W * ((double)t0 + secs / 2.0) /
					 (double)v->end_s,
				MT + H - H * y / ymax);
		}
		fprintf(out, "\"><title>range %" PRIu32 "</title></polyline>\n",
			v->ranges[r].id);
		if (h->n_cols > 0) {
			const struct pk_result_heat_cell *x =
			    result_heat_cell(v, h->n_cols - 1, v->ranges[r].id);
			int64_t t0 = (int64_t)(h->n_cols - 1) * h->bucket_s;
			double y = x ? f(x, v->end_s - t0) : 0;

			y = y > ymax ? ymax : y;
			fprintf(out,
				"<text x=\"%d\" y=\"%.1f\">range %" PRIu32
				"</text>\n",
				ML + W + 4,
				MT + H - H * y / ymax + 4 + (double)(r % 3) * 3,
				v->ranges[r].id);
		}
	}
	fprintf(out,
		"<g class=\"axis\"><text x=\"%d\" y=\"%d\" text-anchor=\"end\">"
		"0</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.3g"
		"</text><text x=\"%d\" y=\"%d\" text-anchor=\"start\">%s"
		"</text></g>\n",
		ML - 4, MT + H, ML - 4, MT + 8, ymax, ML, MT - 6, ylab);
	x_axis(v->end_s > 0 ? v->end_s : 1, W, MT + H, out);
	fprintf(out, "</svg>\n");
}

static double served_pct(const struct pk_result_heat_cell *x, int64_t secs)
{
	if (x->ru_per_s_mru <= 0 || secs <= 0) {
		return 0;
	}
	return 100.0 * (double)x->ru_mru / (double)secs /
	       (double)x->ru_per_s_mru;
}

static double stored_gb(const struct pk_result_heat_cell *x, int64_t secs)
{
	(void)secs;
	return (double)x->storage_bytes / 1e9;
}

int heatsvg_share_chart(const struct pk_result_variant *v, FILE *out)
{
	chart(v, served_pct, 150, 100,
	      "RU/s served, % of the range's RU/s share (mean of the bucket)",
	      "100 %", out);
	return ferror(out) ? -1 : 0;
}

int heatsvg_storage_chart(const struct pk_result_variant *v, FILE *out)
{
	double cap = (double)v->spec->pp_storage_bytes / 1e9, top = 0;
	size_t i;
	char lab[48];

	for (i = 0; i < v->heat.n_cells; i++) {
		double g = (double)v->heat.cells[i].storage_bytes / 1e9;

		top = g > top ? g : top;
	}
	/* the cap line shows when storage comes within a fifth of it */
	top = top * 1.25 >= cap ? cap * 1.1 : (top > 0 ? top * 1.25 : 1);
	snprintf(lab, sizeof(lab), "cap %.0f GB", cap);
	chart(v, stored_gb, top, cap, "storage per range, GB", lab, out);
	return ferror(out) ? -1 : 0;
}
