/*
 * heatsvg_chart: the line charts of the HTML report (see heatsvg.h): per
 * range at the end, RU/s served against its share and storage against
 * the physical partition cap, over the heat map's columns.
 */
#include "pksim/report/heatsvg.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "heatsvg_int.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

/* The line charts: plot height, right margin (a leader, "range 123"),
   and the least distance between two labels at the right edge, px */
#define CH 160
#define CMR 100

/* Labels by wanted y, then index */
static int label_cmp(const void *a, const void *b)
{
	const struct heatsvg_label *x = a, *y = b;

	if (x->want != y->want) {
		return x->want < y->want ? -1 : 1;
	}
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* See heatsvg_int.h: no two labels overlap */
int heatsvg_spread(struct heatsvg_label *l, size_t n, double lo, double hi)
{
	size_t i;

	if (n == 0) {
		return 0;
	}
	if ((double)(n - 1) * HEATSVG_LABEL_GAP > hi - lo) {
		return -1;
	}
	qsort(l, n, sizeof(*l), label_cmp);
	for (i = 0; i < n; i++) {
		l[i].y = l[i].want < lo ? lo : l[i].want;
		if (i > 0 && l[i].y < l[i - 1].y + HEATSVG_LABEL_GAP) {
			l[i].y = l[i - 1].y + HEATSVG_LABEL_GAP;
		}
	}
	if (l[n - 1].y > hi) {
		l[n - 1].y = hi;
		for (i = n - 1; i-- > 0;) {
			if (l[i].y > l[i + 1].y - HEATSVG_LABEL_GAP) {
				l[i].y = l[i + 1].y - HEATSVG_LABEL_GAP;
			}
		}
	}
	return 0;
}

/* A step of 1, 2 or 5 x 10^k giving at most five intervals up to top */
static double nice_step(double top)
{
	double raw = top / 5, p, m;

	if (!(raw > 0)) {
		return 1;
	}
	p = pow(10, floor(log10(raw)));
	m = raw / p;
	return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/* The value of a heat cell a chart draws (raw units: percent, bytes),
   over a column of `seconds` */
typedef double (*value_fn)(const struct pk_result_heat_cell *x,
			   int64_t seconds);

struct chart_spec {
	const char *cls;       /* "share" or "storage" */
	const char *title;     /* axis title, unit included */
	value_fn f;	       /* a cell's raw value */
	double top;	       /* raw value wanted at the top, > 0 */
	double unit;	       /* raw units per axis unit */
	double ref;	       /* raw value of the reference line (the
				  share, the cap); 0: none */
	const char *ref_label; /* its label */
	int fit;	       /* 1: the axis grows past top to the data's
				  highest value x 1.1, so no value is cut */
};

/* The value cs draws for range r (index in v->ranges) in heat column c:
   its line's (result_heat_line: its cell, or before it existed, the
   ranges it came from, combined); 0 without one */
static double value(const struct pk_result_variant *v,
		    const struct chart_spec *cs, size_t r, size_t c)
{
	const struct pk_result_heat *h = &v->heat;
	struct pk_result_heat_cell x;
	int64_t t0 = (int64_t)c * h->bucket_s;
	int64_t secs =
	    t0 + h->bucket_s > v->end_s ? v->end_s - t0 : h->bucket_s;

	return result_heat_line(v, c, v->ranges[r].id, &x) ? cs->f(&x, secs)
							   : 0;
}

/* The reference value above the axis: an arrow and its label at the top
   right, so the line is never silently off the chart */
static void ref_above(const struct chart_spec *cs, int W, FILE *out)
{
	double x = ML + W;

	fprintf(out,
		"<g class=\"ref-above\"><path class=\"ref-arrow\" d=\"M%.1f,"
		"%d l-4,7 h8 z\"/><text class=\"reflab\" x=\"%.1f\" y=\"%d\" "
		"text-anchor=\"end\">",
		x - 4, MT - 15, x - 12, MT - 6);
	heatsvg_text(cs->ref_label, out);
	fprintf(out, ", above this scale</text></g>\n");
}

/* One polyline per range at the end over the heat columns (its
   ancestors' cells before it existed), with y ticks in cs's unit, the
   reference line, and labels that never overlap. */
static void chart(const struct pk_result_variant *v,
		  const struct chart_spec *cs, FILE *out)
{
	const struct pk_result_heat *h = &v->heat;
	int W = PK_HEATSVG_W, H = CH;
	double step, ymax, t;
	struct heatsvg_label *lab = xcalloc(v->n_ranges + 1, sizeof(*lab));
	size_t r, c, n = 0;
	char col[8];
	double top = cs->top;

	for (r = 0; cs->fit && r < v->n_ranges; r++) {
		for (c = 0; c < h->n_cols; c++) {
			double y = value(v, cs, r, c);

			top = y * 1.1 > top ? y * 1.1 : top;
		}
	}
	step = nice_step(top / cs->unit);
	ymax = ceil(top / cs->unit / step - 1e-9) * step * cs->unit;
	fprintf(out,
		"<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" "
		"role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\">"
		"<title>",
		cs->cls, ML + W + CMR, MT + H + MB + 6, ML + W + CMR);
	heatsvg_text(cs->title, out);
	fprintf(out,
		" per range over time</title>"
		"<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"/>\n<g class=\"axis\">",
		ML, MT, W, H);
	for (t = 0; t <= ymax / cs->unit + step * 1e-6; t += step) {
		double y = MT + H - H * t * cs->unit / ymax;

		fprintf(out,
			"<line class=\"tick\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
			"y2=\"%.1f\"/><text class=\"ytick\" x=\"%d\" "
			"y=\"%.1f\" text-anchor=\"end\">%.4g</text>",
			ML - 3, y, ML, y, ML - 5, y + 4, t);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\">", ML, MT - 6);
	heatsvg_text(cs->title, out);
	fprintf(out, "</text></g>\n");
	if (cs->ref > 0 && cs->ref <= ymax) {
		double y = MT + H - H * cs->ref / ymax;

		fprintf(out,
			"<line class=\"ref\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
			"y2=\"%.1f\"/>\n",
			ML, y, ML + W, y);
		lab[n].want = y;
		lab[n++].idx = SIZE_MAX;
	} else if (cs->ref > 0) {
		ref_above(cs, W, out);
	}
	for (r = 0; r < v->n_ranges; r++) {
		heatsvg_colour(
		    (int)(r * 80 / (v->n_ranges > 1 ? v->n_ranges - 1 : 1)),
		    col);
		fprintf(out, "<polyline class=\"line\" stroke=\"%s\" points=\"",
			col);
		for (c = 0; c < h->n_cols; c++) {
			int64_t t0 = (int64_t)c * h->bucket_s;
			int64_t secs = t0 + h->bucket_s > v->end_s
					   ? v->end_s - t0
					   : h->bucket_s;
			double y = value(v, cs, r, c);

			y = y > ymax ? ymax : y;
			fprintf(out, "%.1f,%.1f ",
				ML + W * ((double)t0 + secs / 2.0) /
					 (double)v->end_s,
				MT + H - H * y / ymax);
			if (c + 1 == h->n_cols) {
				lab[n].want = MT + H - H * y / ymax;
				lab[n++].idx = r;
			}
		}
		fprintf(out, "\"><title>%s %" PRIu32 "</title></polyline>\n",
			v->ddb ? "partition" : "range", v->ranges[r].id);
	}
	if (heatsvg_spread(lab, n, MT, MT + H + 8) < 0) {
		fprintf(out,
			"<text class=\"rid\" x=\"%d\" y=\"%d\">%zu ranges:"
			"</text><text class=\"rid\" x=\"%d\" y=\"%d\">hover a "
			"line</text>\n",
			ML + W + 4, MT + 10, v->n_ranges, ML + W + 4, MT + 22);
		n = 0;
	}
	for (r = 0; r < n; r++) {
		const struct heatsvg_label *l = &lab[r];
		int ref = l->idx == SIZE_MAX;

		if (!ref) {
			heatsvg_colour(
			    (int)(l->idx * 80 /
				  (v->n_ranges > 1 ? v->n_ranges - 1 : 1)),
			    col);
		}
		fprintf(out,
			"<path class=\"%s\" %s%s%sd=\"M%d,%.1f L%d,%.1f "
			"L%d,%.1f\"/><text class=\"%s\" x=\"%d\" y=\"%.1f\">",
			ref ? "ref leader" : "leader", ref ? "" : "stroke=\"",
			ref ? "" : col, ref ? "" : "\" ", ML + W, l->want,
			ML + W + 6, l->y, ML + W + 12, l->y,
			ref ? "reflab" : "rid", ML + W + 14, l->y + 4);
		if (ref) {
			heatsvg_text(cs->ref_label, out);
		} else {
			fprintf(out, "range %" PRIu32, v->ranges[l->idx].id);
		}
		fprintf(out, "</text>\n");
	}
	free(lab);
	heatsvg_x_axis(v->end_s > 0 ? v->end_s : 1, W, MT + H, out);
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

static double stored(const struct pk_result_heat_cell *x, int64_t secs)
{
	(void)secs;
	return (double)x->storage_bytes;
}

int heatsvg_share_chart(const struct pk_result_variant *v, FILE *out)
{
	/* a DynamoDB table's in its words: units, its partitions' shares */
	struct chart_spec cs = {
	    "share",
	    v->ddb ? "capacity units a second served, % of the partition's "
		     "share (mean of the column)"
		   : "RU/s served, % of the range's RU/s share (mean of the "
		     "column)",
	    served_pct,
	    150,
	    1,
	    100,
	    "100 %",
	    1};

	chart(v, &cs, out);
	return ferror(out) ? -1 : 0;
}

/* The binary unit (1, 2^10, ... 2^40 bytes) in which top reads as 1 or
   more, and its name */
static double byte_unit(double top, const char **name)
{
	static const char *const names[] = {"B", "KiB", "MiB", "GiB", "TiB"};
	double u = 1;
	int i = 0;

	while (i < 4 && top >= u * 1024) {
		u *= 1024;
		i++;
	}
	*name = names[i];
	return u;
}

/*
 * The axis reaches the data's highest value x 1.25, or the cap x 1.1 when
 * the data come within a fifth of it (top x 1.25 >= cap) or nothing was
 * stored; the cap is then a line on the scale, else an arrow "cap ...,
 * above this scale". Units are binary, chosen so the top reads >= 1.
 * The cap is Azure Cosmos DB's (the spec's): another service's chart has
 * none (cap 0: no line).
 */
int heatsvg_storage_chart(const struct pk_result_variant *v, FILE *out)
{
	double cap = v->cosmos ? (double)v->spec->pp_storage_bytes : 0, top = 0;
	const char *uname;
	char lab[48], title[64], b[PK_FMT_BYTES];
	struct chart_spec cs;
	size_t i;

	for (i = 0; i < v->heat.n_cells; i++) {
		double g = (double)v->heat.cells[i].storage_bytes;

		top = g > top ? g : top;
	}
	top = top <= 0 || top * 1.25 >= cap ? (cap > top ? cap : top) * 1.1
					    : top * 1.25;
	if (!(top > 0)) {
		top = 1;
	}
	cs.unit = byte_unit(top, &uname);
	snprintf(lab, sizeof(lab), "cap %s",
		 fmt_bytes(v->spec->pp_storage_bytes, b));
	snprintf(title, sizeof(title), "storage per range, %s", uname);
	cs.cls = "storage";
	cs.title = title;
	cs.f = stored;
	cs.top = top;
	cs.ref = cap;
	cs.ref_label = lab;
	cs.fit = 0;
	chart(v, &cs, out);
	return ferror(out) ? -1 : 0;
}
