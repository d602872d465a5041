/*
 * html: the HTML report's page (report_html.h, heatsvg.h) as a first-time
 * reader needs it: the RU/s chart's axis reaching the data,
 * what the page says of --bands equal, the hottest logical partitions
 * rounded as the text report rounds them, labels on maps of many ranges,
 * a delayed throughput raise drawn where it applies. Each fixture's
 * figures are derived beside it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/report/report_html.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "testutil.h"

/* The page of f's run (a run page; equal_bands as --bands equal) */
static char *page(struct tu_fx *f, int equal_bands)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	ck_assert_int_eq(report_html(f->r, 0, equal_bands, mem), 0);
	fclose(mem);
	return buf;
}

/* The part of page p from the first `from` to the next `to` (a copy) */
static char *part(const char *p, const char *from, const char *to)
{
	const char *a = strstr(p, from), *b;
	char *s;

	ck_assert_msg(a != NULL, "no %s", from);
	b = strstr(a, to);
	ck_assert_msg(b != NULL, "no %s after %s", to, from);
	s = strndup(a, (size_t)(b - a));
	ck_assert_ptr_nonnull(s);
	return s;
}

/*
 * Item 5: the RU/s chart cut at 150 %. 400 RU/s with burst capacity
 * (rule 14): 5 quiet minutes save credit, then 500 creates/s of 1 KB at
 * 5 RU (rule 20) = 2,500 RU a second on the one range (rule 2: 400 <
 * 6,000), all served (burst up to 3,000 RU/s): 2,500 / 400 = 625 % of
 * its share. The run is under 720 s: 1 s columns, so a column's mean is
 * that second. The axis reaches 625 x 1.1 = 687.5, on a step of 1, 2 or
 * 5 x 10^k giving at most 5 intervals: 687.5 / 5 = 137.5 -> 200, top
 * 800. The spike's point is at y = MT + H - H x 625 / 800 = 22 + 160 -
 * 125 = 57.0 (heatsvg_int.h MT 22, heatsvg_chart.c CH 160).
 */
START_TEST(test_html_share_axis_fits)
{
	struct tu_fx f;
	char *p, *ch;

	tu_fx_run(&f, "html.yaml",
		  "name: burst\nseed: 7\n"
		  "container: {partition_key: /d, throughput: 400, "
		  "burst: true}\n"
		  "items:\n  d: {values: \"d-{000..099}\"}\n"
		  "phases:\n"
		  "  - {name: quiet, duration: 5m, rate: 30/m, item_size: "
		  "1KB}\n"
		  "  - {name: spike, duration: 10s, rate: 500/s, item_size: "
		  "1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->totals.throttled_429, 0);
	ck_assert_int_eq(f.r->variants[0].heat.bucket_s, 1);
	p = page(&f, 0);
	ch = part(p, "<svg class=\"chart share\"", "</svg>");
	ck_assert_ptr_nonnull(strstr(ch, "text-anchor=\"end\">800</text>"));
	ck_assert_ptr_null(strstr(ch, "text-anchor=\"end\">150</text>"));
	ck_assert_ptr_nonnull(strstr(ch, ",57.0 "));
	free(ch);
	free(p);
	tu_fx_free(&f);
}
END_TEST

/*
 * Item 6: with --bands equal the page said the band heights were
 * hash-space shares and labelled the y axis as the key space. One range
 * or five, the words are the mode's.
 */
START_TEST(test_html_equal_bands_said)
{
	struct tu_fx f;
	char *p;

	tu_fx_run(&f, "html.yaml",
		  "name: eq\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 30000}\n"
		  "items:\n  d: {values: \"d-{000..099}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 5s, rate: 10/s, item_size: 1KB}\n");
	p = page(&f, 1);
	ck_assert_ptr_nonnull(strstr(p, ">ranges in key order (equal "
					"bands)</text>"));
	ck_assert_ptr_nonnull(strstr(p, "every band of a column the same "
					"height (--bands equal)"));
	ck_assert_ptr_null(strstr(p, "its height its share"));
	ck_assert_ptr_null(strstr(p, ">key space (EPK)</text>"));
	free(p);
	p = page(&f, 0);
	ck_assert_ptr_nonnull(strstr(p, "its height its share of the hash "
					"space"));
	ck_assert_ptr_nonnull(strstr(p, ">key space (EPK)</text>"));
	free(p);
	tu_fx_free(&f);
}
END_TEST

/*
 * Item 10: the hottest logical partitions rounded as the text report
 * does (one decimal of RU when a value of the column has one, RU % with
 * two). A write of 1 KB set to 5.0912 RU is kept as 5,091 mRU (whole
 * mRU, cost.h); 10 creates (1/s for 10 s) into one key = 50,910 mRU =
 * 50.91 RU -> "50.9" (it showed 50); the one key has all of it:
 * "100.00" (it showed 100.0).
 */
START_TEST(test_html_hot_lps_rounded)
{
	struct tu_fx f;
	char *p, *t;

	tu_fx_run(&f, "html.yaml",
		  "name: lp\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 400}\n"
		  "cost: {write_1kb: 5.0912}\n"
		  "items:\n  d: {const: one}\n"
		  "phases:\n"
		  "  - {name: a, duration: 10s, rate: 1/s, item_size: 1KB}\n");
	ck_assert_int_eq(f.r->variants[0].top_ru[0].ru_mru, 50910);
	p = page(&f, 0);
	t = part(p, "id=\"hot-lps\"", "</table>");
	ck_assert_msg(strstr(t, "<td class=\"n\">50.9</td><td class=\"n\">"
				"100.00</td>") != NULL,
		      "%s", t);
	free(t);
	free(p);
	tu_fx_free(&f);
}
END_TEST

/*
 * Item 13: a delayed raise (split_delay, rule 6). Created at 18,000 RU/s:
 * 3 ranges (rule 2); raised to 45,000 at t = 20 s: ceil(45,000 / 10,000)
 * = 5 ranges, 2 splits, done 10 s later, at t = 30 s, when the new RU/s
 * apply. The map drew the change (labelled "45,000 RU/s") at 20 s and
 * the actions table dropped the text report's "(from t=30s, once the
 * splits are done)". Now the change line is where the splits are (same
 * x), its hover text says when it was asked for, and the table row says
 * what the text report says.
 */
START_TEST(test_html_delayed_raise)
{
	struct tu_fx f;
	char *p, *split, *change;

	tu_fx_run(&f, "html.yaml",
		  "name: sd\nseed: 5\n"
		  "container: {partition_key: /d, throughput: 18000, "
		  "split_delay: 10s}\n"
		  "items:\n  d: {values: \"d-{0000..0999}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 20s, rate: 200/s, ops: {create: "
		  "1}, item_size: 1KB}\n"
		  "  - {name: b, duration: 20s, throughput: 45000, rate: "
		  "200/s, ops: {create: 1}, item_size: 1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].metrics->n_splits, 2);
	ck_assert_int_eq(f.r->variants[0].metrics->splits[0].t_s, 30);
	p = page(&f, 0);
	split = part(p, "<line class=\"split\" x1=", " y1=");
	change = part(p, "<line class=\"change\" x1=", " y1=");
	ck_assert_str_eq(change + strlen("<line class=\"change\""),
			 split + strlen("<line class=\"split\""));
	ck_assert_ptr_nonnull(
	    strstr(p, "<title>t = 30 s: throughput 18,000 to 45,000 RU/s, "
		      "3 to 5 physical partitions (asked for at t = 20 s; "
		      "from here, once the splits are done)</title>"));
	ck_assert_ptr_nonnull(
	    strstr(p, "<td>throughput 18,000 to 45,000 RU/s, 3 to 5 physical "
		      "partitions (from t=30s, once the splits are "
		      "done)</td>"));
	free(split);
	free(change);
	free(p);
	tu_fx_free(&f);
}
END_TEST

/* How many times s occurs in t */
static size_t count(const char *t, const char *s)
{
	size_t n = 0;

	for (; (t = strstr(t, s)) != NULL; t++) {
		n++;
	}
	return n;
}

/*
 * Item 11: no range named on a map of more than 20 ranges. 600,000 RU/s
 * make 600,000 / 6,000 = 100 ranges (rule 2) of 6,000 RU/s, each band
 * 240 / 100 = 2.4 px, under the 11 px a label needs: the hottest ranges
 * that saw a request are named, 10 at most, with leaders. One key takes
 * every create: 2,000/s x 5 RU (rule 20) = 10,000 RU/s into one range
 * of 6,000: it alone has requests and 429s, so it alone is named, and
 * the summary names it as the range with the most 429s. With 10,000
 * keys every range sees requests: 10 labels.
 */
START_TEST(test_html_many_ranges_labelled)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	char *p, *map, want[64];
	uint32_t hot;

	tu_fx_run(&f, "html.yaml",
		  "name: r100\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 600000}\n"
		  "items:\n  d: {const: x}\n"
		  "phases:\n"
		  "  - {name: a, duration: 5s, rate: 2000/s, ops: {create: "
		  "1}, item_size: 1KB}\n");
	v = &f.r->variants[0];
	ck_assert_uint_eq(v->n_ranges, 100);
	ck_assert_uint_gt(v->metrics->totals.throttled_429, 0);
	hot = v->ranges[v->top_ru[0].range].id;
	p = page(&f, 0);
	map = part(p, "<svg class=\"heatmap\"", "</svg>");
	ck_assert_uint_eq(count(map, "<text class=\"rid\""), 1);
	snprintf(want, sizeof(want), ">range %u</text>", hot);
	ck_assert_ptr_nonnull(strstr(map, want));
	ck_assert_ptr_nonnull(strstr(map, "<path class=\"leader rl\""));
	snprintf(want, sizeof(want), "; most 429s: range %u (", hot);
	ck_assert_ptr_nonnull(strstr(p, want));
	free(map);
	free(p);
	tu_fx_free(&f);
	tu_fx_run(&f, "html.yaml",
		  "name: r100\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 600000}\n"
		  "items:\n  d: {values: \"d-{0000..9999}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 5s, rate: 2000/s, ops: {create: "
		  "1}, item_size: 1KB}\n");
	p = page(&f, 0);
	map = part(p, "<svg class=\"heatmap\"", "</svg>");
	ck_assert_uint_eq(count(map, "<text class=\"rid\""), 10);
	free(map);
	free(p);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("html");
	TCase *tc = tcase_create("html");

	tcase_add_test(tc, test_html_share_axis_fits);
	tcase_add_test(tc, test_html_equal_bands_said);
	tcase_add_test(tc, test_html_hot_lps_rounded);
	tcase_add_test(tc, test_html_delayed_raise);
	tcase_add_test(tc, test_html_many_ranges_labelled);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
