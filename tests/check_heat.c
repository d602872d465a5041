/*
 * heat: the range x time heat map of the result model (result.h) and the
 * HTML page drawn from it (report_html.h): column widths, bands that tile
 * the key space by hash-space share, splits, and a day-long run's page
 * size bound.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/diag.h"
#include "pksim/report/heatstrip.h"
#include "pksim/report/report_html.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/pkey.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

/* Every column's bands: distinct ids, [y0, y1) contiguous from 0 to 1. */
static void assert_tiles(const struct pk_result_heat *h)
{
	size_t c, i, k;

	for (c = 0; c < h->n_cols; c++) {
		size_t a = h->col_start[c], b = h->col_start[c + 1], dup = 0;

		ck_assert_uint_gt(b, a);
		ck_assert(h->cells[a].y0 == 0.0);
		ck_assert(h->cells[b - 1].y1 == 1.0);
		for (i = a; i < b; i++) {
			tu_loop_true(h->cells[i].y1 > h->cells[i].y0);
			if (i + 1 < b) {
				tu_loop_true(h->cells[i].y1 ==
					     h->cells[i + 1].y0);
			}
			/* one assertion for the pairs, not one a pair:
			   Check records every passing assertion (a write
			   to its parent), and a column of 2,000 ranges
			   has 2 million pairs */
			for (k = a; k < i; k++) {
				dup += h->cells[k].range_id ==
				       h->cells[i].range_id;
			}
		}
		/* no range twice in a column */
		ck_assert_msg(dup == 0,
			      "column %zu: %zu pairs of cells share "
			      "a range id",
			      c, dup);
	}
}

/*
 * Created at 18,000 RU/s: 3 ranges (rule 2: 18,000 / 6,000), each a
 * third of the space V2 hashes reach (pmap_init). Raised to 45,000 at
 * t = 10 s: ceil(45,000 / 10,000) = 5 ranges, so 2 of the 3 split
 * (D-SCALE) and each child holds half its parent: 1/6 of the space.
 * A 20 s run (plus retries) is under 720 s: 1 s columns.
 */
static const char split_text[] =
    "name: heat\nseed: 5\n"
    "container: {partition_key: /d, throughput: 18000}\n"
    "items:\n  d: {values: \"d-{0000..0999}\"}\n"
    "phases:\n"
    "  - {name: a, duration: 10s, rate: 200/s, ops: {create: 1},"
    " item_size: 1KB}\n"
    "  - {name: b, duration: 10s, throughput: 45000, rate: "
    "200/s, ops: {create: 1}, item_size: 1KB}\n";

START_TEST(test_heat_split_layout)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	size_t a, b, c, i, n6 = 0;

	tu_fx_run(&f, "heat.yaml", split_text);
	v = &f.r->variants[0];
	h = &v->heat;
	ck_assert_int_eq(h->record_s, 1);
	ck_assert_int_eq(h->bucket_s, 1);
	ck_assert_uint_eq(h->n_cols, (size_t)v->end_s);
	assert_tiles(h);
	/* t = 0: the three ranges of creation, a third each */
	a = h->col_start[0];
	b = h->col_start[1];
	ck_assert_uint_eq(b - a, 3);
	for (i = 0; i < 3; i++) {
		ck_assert_uint_eq(h->cells[a + i].range_id, i);
		ck_assert_double_eq_tol(h->cells[a + i].y1 - h->cells[a + i].y0,
					1.0 / 3, 1e-9);
	}
	/* the last column: five bands, four of them a sixth */
	c = h->n_cols - 1;
	a = h->col_start[c];
	b = h->col_start[c + 1];
	ck_assert_uint_eq(b - a, 5);
	ck_assert_uint_eq(h->max_bands, 5);
	for (i = a; i < b; i++) {
		double w = h->cells[i].y1 - h->cells[i].y0;

		if (w > 1.0 / 6 - 1e-9 && w < 1.0 / 6 + 1e-9) {
			n6++;
		}
	}
	ck_assert_uint_eq(n6, 4);
	/* a range at the end that was split from a parent shows the
	   parent's band at t = 0 */
	for (i = 0; i < v->n_ranges; i++) {
		if (v->ranges[i].parent != PK_RESULT_NO_RANGE) {
			ck_assert_uint_eq(
			    result_heat_cell(v, 0, v->ranges[i].id)->range_id,
			    v->ranges[i].parent);
		}
	}
	tu_fx_free(&f);
}
END_TEST

/*
 * The terminal strip of the same split: one row per range at the end,
 * 5 (3 at creation, 2 of them split: rule 2, D-SCALE), the 4 children
 * labelled with the range they came from, "range 3 \u2190 0" (not
 * "(of 0)"), and range 2 without; labels
 * padded to the longest, "range 3 \u2190 0" = 11 columns, so "range 2"
 * gets 4 spaces; with colour = 0 no escape, with 1 an ANSI colour escape
 * and a reset.
 */
START_TEST(test_heat_strip)
{
	struct tu_fx f;
	char *buf = NULL, *p;
	size_t len = 0, rows = 0, of0 = 0, of1 = 0;
	FILE *mem;

	tu_fx_run(&f, "heat.yaml", split_text);
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(heatstrip_text(&f.r->variants[0], 0, 0, mem), 0);
	fclose(mem);
	ck_assert_ptr_null(strchr(buf, '\033'));
	for (p = buf; (p = strstr(p, "\n  range ")) != NULL; p++) {
		rows++;
		of0 += strncmp(strchr(p + 9, ' '), " \u2190 0 |", 7) == 0;
		of1 += strncmp(strchr(p + 9, ' '), " \u2190 1 |", 7) == 0;
	}
	ck_assert_uint_eq(rows, 5);
	ck_assert_uint_eq(of0, 2);
	ck_assert_uint_eq(of1, 2);
	ck_assert_ptr_nonnull(strstr(buf, "\n  range 2     |"));
	ck_assert_ptr_nonnull(strstr(buf, "legend:"));
	free(buf);
	buf = NULL;
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(heatstrip_text(&f.r->variants[0], 1, 0, mem), 0);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(buf, "\033[38;5;"));
	ck_assert_ptr_nonnull(strstr(buf, "\033[0m|\n"));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/* The cells of the first strip row of buf (code points between its
   bars) and that row's columns in all */
static size_t strip_cells(const char *buf, size_t *row_cols)
{
	const char *p = strstr(buf, "\n  range 0 |"), *q;
	size_t n = 0;

	ck_assert_ptr_nonnull(p);
	p += strlen("\n  range 0 |");
	for (q = p; *q != '|'; q++) {
		n += ((unsigned char)*q & 0xC0) != 0x80;
	}
	*row_cols = strlen("  range 0 |") + n + 1;
	return n;
}

/*
 * The strip fits --width: 100 s of one range ("range 0", 7 columns) give
 * 100 heat columns of 1 s. Without a limit at most 60 columns: 2 s a
 * column, 50 of them. At width 40 a row has 40 - 2 (indent) - 7 - 2
 * (" |") - 1 ("|") = 28 columns for cells: 4 s a column (100 / 28 -> 4),
 * 25 of them, the row 36 columns. At 80, 68 columns of room but at most
 * 60: as without a limit. At 20 (narrower than the CLI allows) still
 * PK_HEATSTRIP_MIN_COLS = 10: 10 s a column.
 */
START_TEST(test_heat_strip_width)
{
	static const size_t width[] = {0, 40, 80, 20};
	static const size_t cells[] = {50, 25, 50, 10};
	static const char *const per[] = {"2 s", "4 s", "2 s", "10 s"};
	struct tu_fx f;
	size_t i, row;
	char want[64];

	tu_fx_run(&f, "long.yaml",
		  "name: long\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 400}\n"
		  "items:\n  d: {values: \"d-{0..9}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 100s, rate: 10/s, ops: {create: "
		  "1}, item_size: 1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].heat.n_cols, 100);
	for (i = 0; i < 4; i++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);

		ck_assert_int_eq(
		    heatstrip_text(&f.r->variants[0], 0, width[i], mem), 0);
		fclose(mem);
		ck_assert_uint_eq(strip_cells(buf, &row), cells[i]);
		if (width[i] >= 40) {
			ck_assert_uint_le(row, width[i]);
		}
		snprintf(want, sizeof(want), "one column per %s,", per[i]);
		ck_assert_msg(strstr(buf, want), "%s", buf);
		free(buf);
	}
	tu_fx_free(&f);
}
END_TEST

/*
 * 1,000 s: 1 s columns would be 1,000 > 720, so 2 s columns (the next
 * width of the ladder): 500 of them. A cell's normalized RU is the
 * highest second of its column, so it is never below any sample of
 * that range in those two seconds.
 */
START_TEST(test_heat_buckets)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	const struct pk_metrics *m;
	size_t i;

	tu_fx_run(&f, "heat.yaml",
		  "name: heat\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 400}\n"
		  "items:\n  d: {values: \"d-{0000..0009}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 1000s, rate: 20/s, ops: {create: "
		  "1}, item_size: 1KB}\n");
	v = &f.r->variants[0];
	h = &v->heat;
	m = v->metrics;
	ck_assert_int_eq(v->end_s, 1000);
	ck_assert_int_eq(h->bucket_s, 2);
	ck_assert_uint_eq(h->n_cols, 500);
	assert_tiles(h);
	for (i = 0; i < m->n_samples; i++) {
		const struct pk_result_heat_cell *x = result_heat_cell(
		    v, (size_t)(m->samples[i].t_s / 2), m->samples[i].range_id);

		ck_assert_ptr_nonnull(x);
		ck_assert_int_ge(x->nru_pct,
				 metrics_normalized_pct(&m->samples[i]));
	}
	tu_fx_free(&f);
}
END_TEST

/* A day-long run: 86,400 s / 720 = 120 s columns (the ladder's first
   width that fits), and the page stays under 3 MB. */
START_TEST(test_heat_day_page_size)
{
	struct tu_fx f;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;

	tu_fx_run(&f, "heat.yaml",
		  "name: day\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 40000}\n"
		  "items:\n  d: {values: \"d-{0000..0999}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 24h, rate: 2/s, ops: {create: 1},"
		  " item_size: 1KB}\n");
	ck_assert_int_eq(f.r->variants[0].heat.bucket_s, 120);
	ck_assert_uint_eq(f.r->variants[0].heat.n_cols, 720);
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(report_html(f.r, 0, 0, mem), 0);
	fclose(mem);
	ck_assert_uint_lt(len, 3000000);
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * Many ranges: 600,000 RU/s make 600,000 / 6,000 = 100 ranges (rule 2).
 * A day at 120 s columns would be 720 x 100 = 72,000 cells (the page
 * was 17 MB); at most PK_RESULT_HEAT_CELLS = 10,000 cells allow 100
 * columns, 86,400 / 100 = 864 s, so 900 s on the ladder: 96 columns,
 * 9,600 cells, and the page stays under 3 MB.
 */
START_TEST(test_heat_many_ranges_page_size)
{
	struct tu_fx f;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;

	tu_fx_run(&f, "heat.yaml",
		  "name: day100\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 600000}\n"
		  "items:\n  d: {values: \"d-{00000..99999}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 24h, rate: 2/s, ops: {create: 1},"
		  " item_size: 1KB}\n");
	ck_assert_uint_eq(f.r->variants[0].n_ranges, 100);
	ck_assert_int_eq(f.r->variants[0].heat.bucket_s, 900);
	ck_assert_uint_eq(f.r->variants[0].heat.n_cols, 96);
	ck_assert_uint_eq(f.r->variants[0].heat.n_cells, 9600);
	assert_tiles(&f.r->variants[0].heat);
	mem = open_memstream(&buf, &len);
	ck_assert_int_eq(report_html(f.r, 0, 0, mem), 0);
	fclose(mem);
	ck_assert_uint_lt(len, 3000000);
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/* The index in v->ranges of the range holding the logical partition
   whose key prints as `key` (pkey_format_id), from the hottest list */
static size_t range_of(const struct pk_result_variant *v, const char *key)
{
	char buf[64];
	size_t i;

	for (i = 0; i < v->n_top_ru; i++) {
		pkey_format_id(v->key, v->top_ru[i].key, v->top_ru[i].key_len,
			       buf, sizeof(buf));
		if (strcmp(buf, key) == 0) {
			return v->top_ru[i].range;
		}
	}
	ck_abort_msg("no logical partition %s", key);
	return 0;
}

/* The text of report_html, or of heatstrip_text, of f's first variant */
static char *page_of(struct tu_fx *f, int strip)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (strip) {
		ck_assert_int_eq(heatstrip_text(&f->r->variants[0], 0, 0, mem),
				 0);
	} else {
		ck_assert_int_eq(report_html(f->r, 0, 0, mem), 0);
	}
	fclose(mem);
	return buf;
}

/*
 * A two-day run ("per-minute highest for long runs"). 172,800
 * s > 86,400, so no per-second samples (metrics.h); the buckets are as
 * wide as the columns of a 172,800 s run: 172,800 / 720 = 240 -> 300 s on
 * the ladder, and the map has 172,800 / 300 = 576 columns of 300 s.
 * Clock from Wednesday 12:00 UTC, key = the day: Wednesday until 12 h
 * (column 144 = 43,200 / 300), Thursday until 36 h (column 432), then
 * Friday. 2 creates of 1 KB a second at 5 RU each (rule 20) = 10 RU/s,
 * all on the day's range. 3 existing partitions share 600
 * RU/s: 200 each, 10 / 200 = 5 %; from 24 h (column 288) 900 RU/s: 300
 * each, 10 / 300 = 3.33 % -> 3 %. A column: 2 x 300 = 600 requests, 600
 * x 5 = 3,000 RU. One range has requests in each second, so one bucket
 * a column: 576 buckets. The strip merges ceil(576 / 60) = 10 columns:
 * 3,000 s = 50 min a character, over 48 h.
 */
START_TEST(test_heat_long_run)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	const struct pk_result_heat_cell *x;
	uint32_t wed, thu, fri;
	char *buf;

	tu_fx_run(&f, "heat.yaml",
		  "name: two-days\nseed: 7\n"
		  "clock: {start: \"2026-03-04T12:00:00Z\"}\n"
		  "container: {partition_key: /day, throughput: 600, "
		  "partitions: 3}\n"
		  "items:\n  day: {clock: \"%A\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 24h, rate: 2/s, ops: {create: 1},"
		  " item_size: 1KB}\n"
		  "  - {name: b, duration: 24h, throughput: 900, rate: 2/s, "
		  "ops: {create: 1}, item_size: 1KB}\n");
	v = &f.r->variants[0];
	h = &v->heat;
	ck_assert_int_eq(v->end_s, 172800);
	ck_assert_int_eq(v->metrics->keep_seconds, 0);
	ck_assert_uint_eq(v->metrics->n_samples, 0);
	ck_assert_uint_eq(v->metrics->n_buckets, 576);
	ck_assert_int_eq(h->record_s, 300);
	ck_assert_int_eq(h->bucket_s, 300);
	ck_assert_uint_eq(h->n_cols, 576);
	assert_tiles(h);
	wed = v->ranges[range_of(v, "\"Wednesday\"")].id;
	thu = v->ranges[range_of(v, "\"Thursday\"")].id;
	fri = v->ranges[range_of(v, "\"Friday\"")].id;
	x = result_heat_cell(v, 0, wed);
	ck_assert_int_eq(x->nru_pct, 5);
	ck_assert_uint_eq(x->requests, 600);
	ck_assert_int_eq(x->ru_mru, 3000 * 1000);
	ck_assert_int_eq(x->ru_per_s_mru, 200 * 1000);
	ck_assert_int_eq(result_heat_cell(v, 0, thu)->nru_pct, 0);
	ck_assert_int_eq(result_heat_cell(v, 143, wed)->nru_pct, 5);
	ck_assert_int_eq(result_heat_cell(v, 144, wed)->nru_pct, 0);
	ck_assert_int_eq(result_heat_cell(v, 144, thu)->nru_pct, 5);
	ck_assert_int_eq(result_heat_cell(v, 287, thu)->nru_pct, 5);
	x = result_heat_cell(v, 288, thu);
	ck_assert_int_eq(x->nru_pct, 3);
	ck_assert_int_eq(x->ru_per_s_mru, 300 * 1000);
	ck_assert_int_eq(result_heat_cell(v, 432, thu)->nru_pct, 0);
	ck_assert_int_eq(result_heat_cell(v, 432, fri)->nru_pct, 3);
	ck_assert_int_eq(result_heat_cell(v, 575, fri)->nru_pct, 3);
	buf = page_of(&f, 1);
	ck_assert_ptr_nonnull(
	    strstr(buf, "heat strip (normalized RU per range, one column per "
			"50 min, its highest second; 0 s .. 48 h)"));
	ck_assert_ptr_nonnull(strstr(buf, "\n  range 0 |"));
	ck_assert_ptr_nonnull(strstr(buf, "\n  range 2 |"));
	free(buf);
	buf = page_of(&f, 0);
	ck_assert_ptr_nonnull(strstr(buf, "data-columns=\"576\""));
	ck_assert_ptr_nonnull(strstr(buf, "one record per 300 s"));
	ck_assert_ptr_null(strstr(buf, "no heat map"));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * The hover text rounds to the nearest percent: 51 creates/s of 1 KB at
 * 5 RU (rule 20) = 255 RU/s on the one range of a 400 RU/s container
 * (rule 2: under 6,000, one range): 255 / 400 = 63.75 % -> 64 % (it
 * said 63 %, the floor).
 */
START_TEST(test_heat_hover_rounds)
{
	struct tu_fx f;
	char *buf;

	tu_fx_run(&f, "heat.yaml",
		  "name: r\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 400}\n"
		  "items:\n  d: {values: \"d-{0000..0009}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 10s, rate: 51/s, ops: {create: 1},"
		  " item_size: 1KB}\n");
	ck_assert_int_eq(result_heat_cell(&f.r->variants[0], 0, 0)->nru_pct,
			 64);
	buf = page_of(&f, 0);
	ck_assert_ptr_nonnull(
	    strstr(buf, "<title>range 0, t = 0 s: 64 % normalized RU, 255 RU"));
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * Preloaded storage counts from t = 0 in
 * every range, idle or not. An existing container of 5 ranges holding
 * 20 GB each (GB = 2^30 B: 20 x 1,073,741,824 = 21,474,836,480 B) at
 * 30,000 RU/s; all writes go to one key, so 4 ranges see no request and
 * have no record: their cells said 0 B. Every cell of an idle range
 * holds 21,474,836,480 B; the busy one at least that from column 0.
 */
START_TEST(test_heat_preloaded_storage)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	size_t c, i, idle = 0;

	tu_fx_run(&f, "heat.yaml",
		  "name: pre\nseed: 1\n"
		  "container: {partition_key: /t, throughput: 30000, "
		  "partitions: 5, storage_per_partition: 20GB}\n"
		  "items:\n  t: {const: contoso}\n"
		  "phases:\n"
		  "  - {name: a, duration: 5s, rate: 100/s, ops: {create: 1},"
		  " item_size: 1KB}\n");
	v = &f.r->variants[0];
	h = &v->heat;
	ck_assert_uint_eq(v->n_ranges, 5);
	for (c = 0; c < h->n_cols; c++) {
		for (i = h->col_start[c]; i < h->col_start[c + 1]; i++) {
			const struct pk_result_heat_cell *x = &h->cells[i];

			ck_assert_uint_ge(x->storage_bytes, 21474836480ULL);
			if (x->requests == 0) {
				ck_assert_uint_eq(x->storage_bytes,
						  21474836480ULL);
				idle++;
			}
		}
	}
	/* 4 idle ranges in each of the (at least 5) columns */
	ck_assert_uint_ge(idle, 4 * 5);
	tu_fx_free(&f);
}
END_TEST

/*
 * A range made by a merge shows the ranges
 * it came from before the merge, in the map, the strip and the charts
 * (it showed 0 and a blank strip row). 4 existing partitions (ids 0-3,
 * 6,000 / 4 = 1,500 RU/s each, a quarter of the key space each), reads
 * only (404s: nothing stored), `merge: 1` at t = 10 s: every pair holds 0
 * B, so the narrowest pair merges first, the first of equals
 * (container_layout.c lightest_pair): 0 + 1 -> 4 (a half); of [4, 2, 3]
 * the pair 2 + 3 (a half, against 4 + 2's three quarters) -> 5; then
 * 4 + 5 -> 6, a merged range merged again; the end holds 6. Before t =
 * 10, range 6's line is ranges 0, 1, 2 and 3 combined: 4 x 1,500 =
 * 6,000 RU/s of share, the key space [0, 1); from t = 10 its own band.
 */
START_TEST(test_heat_merge_parents)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	struct pk_result_heat_cell x;
	char *buf, *row, *end;
	size_t i;

	tu_fx_run(&f, "heat.yaml",
		  "name: m\nseed: 1\n"
		  "container: {partition_key: /d, throughput: 6000, "
		  "partitions: 4}\n"
		  "items:\n  d: {values: \"d-{000..099}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 10s, rate: 100/s, ops: {read: 1}}\n"
		  "  - {name: m, duration: 10s, rate: 100/s, ops: {read: 1}, "
		  "merge: 1}\n");
	v = &f.r->variants[0];
	h = &v->heat;
	ck_assert_uint_eq(v->n_ranges, 1);
	ck_assert_uint_eq(v->ranges[0].id, 6);
	ck_assert_uint_eq(v->lineage[6].merged_from[0], 4);
	ck_assert_uint_eq(v->lineage[6].merged_from[1], 5);
	ck_assert_int_eq(v->lineage[6].merged_s, 10);
	ck_assert_uint_eq(v->lineage[4].merged_from[0], 0);
	ck_assert_uint_eq(v->lineage[4].merged_from[1], 1);
	ck_assert_uint_eq(v->lineage[5].merged_from[0], 2);
	ck_assert_uint_eq(v->lineage[5].merged_from[1], 3);
	for (i = 0; i < 6; i++) {
		ck_assert_int_eq(v->lineage[i].merged_away, 1);
	}
	assert_tiles(h);
	/* the map: 0, 1, 2, 3 until 10 s, then 6 */
	ck_assert_uint_eq(h->col_start[10] - h->col_start[9], 4);
	ck_assert_uint_eq(h->col_start[11] - h->col_start[10], 1);
	ck_assert_uint_eq(h->cells[h->col_start[10]].range_id, 6);
	/* range 6's line before the merge: 0, 1, 2 and 3 */
	ck_assert_uint_eq(result_heat_line(v, 9, 6, &x), 4);
	ck_assert_int_eq(x.ru_per_s_mru, 6000 * 1000);
	ck_assert_double_eq_tol(x.y0, 0.0, 1e-9);
	ck_assert_double_eq_tol(x.y1, 1.0, 1e-9);
	ck_assert_uint_eq(x.range_id, 0);
	ck_assert_uint_eq(result_heat_line(v, 10, 6, &x), 1);
	ck_assert_uint_eq(x.range_id, 6);
	/* its strip row: a shade in every column, no blank */
	buf = page_of(&f, 1);
	row = strstr(buf, "\n  range 6 \u2190 4+5 |");
	ck_assert_ptr_nonnull(row);
	row = strchr(row, '|') + 1;
	end = strchr(row, '|');
	ck_assert_ptr_nonnull(end);
	for (; row < end; row++) {
		ck_assert_msg(*row != ' ' && *row != '?', "a gap in %s", buf);
	}
	free(buf);
	tu_fx_free(&f);
}
END_TEST

/*
 * A split inside a column: 3 ranges at 18,000 RU/s (rule 2), creates at
 * 10/s for 1,501 s, then a raise to 45,000 (rule 6: 5 ranges, so 2 of
 * the 3 split, each child half its parent) and 10 s with no request.
 * The run is over 720 s, so columns are wider than a second and the
 * column holding the split also holds the parent's last records. A
 * record of a range the column's layout no longer holds is spread over
 * every band it overlaps, by width (result.h): each child is half its
 * parent, so the two children of a split get the same share of their
 * parent's RU in that column. The one other request is phase b's first
 * create (1/h: one arrival, at its start), 5 RU (cost below) on one
 * child: the children's RU differ by at most 5,000 mRU. Folding the
 * parent's records into the first child alone would put them 15,000
 * mRU apart here.
 */
START_TEST(test_heat_split_inside_column)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	size_t c, i, j, checked = 0;

	tu_fx_run(&f, "heat.yaml",
		  "name: heat\nseed: 5\n"
		  "container: {partition_key: /d, throughput: 18000}\n"
		  "cost: {write_1kb: 5}\n"
		  "items:\n  d: {values: \"d-{0000..0999}\"}\n"
		  "phases:\n"
		  "  - {name: a, duration: 1501s, rate: 10/s, ops: {create: 1},"
		  " item_size: 1KB}\n"
		  "  - {name: b, duration: 10s, throughput: 45000, rate: 1/h, "
		  "ops: {create: 1}, item_size: 1KB}\n");
	v = &f.r->variants[0];
	h = &v->heat;
	ck_assert_int_gt(h->bucket_s, 1);
	assert_tiles(h);
	for (c = 0; c < h->n_cols; c++) {
		size_t a = h->col_start[c], b = h->col_start[c + 1];

		for (i = a; i < b; i++) {
			const struct pk_result_lineage *l =
			    &v->lineage[h->cells[i].range_id];

			/* the first column of a split's first child */
			if (l->parent == PK_RESULT_NO_RANGE ||
			    v->lineage[l->parent].children[0] !=
				h->cells[i].range_id ||
			    (c > 0 &&
			     result_heat_cell(v, c - 1, h->cells[i].range_id)
				     ->range_id == h->cells[i].range_id)) {
				continue;
			}
			for (j = a; j < b; j++) {
				if (h->cells[j].range_id ==
				    v->lineage[l->parent].children[1]) {
					int64_t d = h->cells[i].ru_mru -
						    h->cells[j].ru_mru;

					ck_assert_int_gt(h->cells[i].ru_mru, 0);
					ck_assert_int_le(d < 0 ? -d : d, 5000);
					checked++;
				}
			}
		}
	}
	/* both splits, in the one column that holds them */
	ck_assert_uint_eq(checked, 2);
	tu_fx_free(&f);
}
END_TEST

/*
 * A classroom storage cap of 1 KB splits a range at nearly every 1 KB
 * create (rule 7): 1,000 creates a second for 2 s end with over a
 * thousand ranges, each split in the second its parent took the write.
 * The map puts a split's children in their parent's place and finds the
 * bands a record of a range split within the column overlaps by halving
 * the column: its last column holds every range once and the tiles
 * cover the key space. What that costs is a benchmark's figure, not a
 * test's (tools/bench.py).
 */
START_TEST(test_heat_many_splits)
{
	struct pk_run *run = tu_sim_text(
	    "splits.yaml", "name: splits\nseed: 5\n"
			   "container: {partition_key: /id, throughput: 400, "
			   "physical_partition_storage: 1KB}\n"
			   "phases:\n  - {duration: 2s, rate: 1000/s}\n");
	struct pk_result *r;
	const struct pk_result_heat *h;

	r = result_build(run);
	h = &r->variants[0].heat;
	ck_assert_uint_gt(r->variants[0].n_ranges, 1000);
	ck_assert_uint_eq(h->col_start[h->n_cols] - h->col_start[h->n_cols - 1],
			  r->variants[0].n_ranges);
	assert_tiles(h);
	result_free(r);
	tu_sim_free(run);
}
END_TEST

/*
 * A DynamoDB table split by a raise: created at 5,000 RCU and 2,000 WCU,
 * ceil(5,000 / 3,000 + 2,000 / 1,000) = 4 partitions (the reference's
 * section 3.2 formula), even quarters of the hash space (D4); raised to
 * 8,000 RCU at t = 2 s, ceil(8,000 / 3,000 + 2) = 5 > 4, so every
 * partition doubles (raise_rule double): 8 of an eighth, each child half
 * of its parent's quarter. Every column must tile the frame, each band
 * inside it with a positive height, and each child inside the slice its
 * parent had at t = 0. (The parents of the creation layout kept no
 * bounds once gone, so their bands stayed and the children were drawn
 * past the frame.)
 */
START_TEST(test_heat_table_split_in_place)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	size_t a, b, c, i;

	tu_fx_run(&f, "raise.yaml",
		  "service: dynamodb\n"
		  "table: {name: t, partition_key: /id, read_capacity_units: "
		  "5000, write_capacity_units: 2000}\n"
		  "phases:\n"
		  "  - {name: a, duration: 2s, rate: 1/s, ops: {create: 1}}\n"
		  "  - {name: b, duration: 2s, rate: 1/s, ops: {create: 1}, "
		  "read_capacity_units: 8000}\n");
	v = &f.r->variants[0];
	h = &v->heat;
	ck_assert_uint_eq(v->n_ranges, 8);
	ck_assert_uint_eq(h->n_cols, 4);
	assert_tiles(h);
	ck_assert_uint_eq(h->col_start[1] - h->col_start[0], 4);
	c = h->n_cols - 1;
	a = h->col_start[c];
	b = h->col_start[c + 1];
	ck_assert_uint_eq(b - a, 8);
	ck_assert_uint_eq(h->max_bands, 8);
	for (i = a; i < b; i++) {
		const struct pk_result_heat_cell *x = &h->cells[i];
		const struct pk_result_heat_cell *p =
		    result_heat_cell(v, 0, x->range_id);

		ck_assert_double_eq_tol(x->y1 - x->y0, 1.0 / 8, 1e-9);
		/* at t = 0 its parent's band: a quarter holding it */
		ck_assert_uint_lt(p->range_id, 4);
		ck_assert_double_eq_tol(p->y1 - p->y0, 1.0 / 4, 1e-9);
		ck_assert(x->y0 >= p->y0 - 1e-9 && x->y1 <= p->y1 + 1e-9);
	}
	tu_fx_free(&f);
}
END_TEST

/*
 * A DynamoDB heat split inside one item collection (check_ddb_hsplit's
 * hot item at 1,100 puts a second): 3 partitions at 3 RCU and 2,000 WCU
 * (ceil(3 / 3,000 + 2,000 / 1,000) = 3, thirds), key "a" hot on
 * partition 0, split at t = 15 s (10 s window, 5 s delay) at a sort key
 * inside "a"'s collection: the lower child from 0 to "a"'s hash, the
 * upper from there to a third. Their heights are those hash widths,
 * which add up to their parent's third, so the column tiles the frame.
 * (A bound with a cut's bytes after its hash counted as the hash
 * space's end or start, so the children's bands took 3/4 and more.)
 */
START_TEST(test_heat_table_split_in_collection)
{
	struct tu_fx f;
	const struct pk_result_variant *v;
	const struct pk_result_heat *h;
	size_t a, b, c;

	tu_fx_run(&f, "coll.yaml",
		  "seed: 1\n"
		  "service: dynamodb\n"
		  "table: {partition_key: /k, sort_key: /s, "
		  "read_capacity_units: 3, write_capacity_units: 2000, "
		  "heat_window_s: 10, split_delay_s: 5}\n"
		  "client: {retries: off}\n"
		  "items: {k: {const: a}, s: {values: \"s{000..999}\", "
		  "distribution: zipf, s: 2}}\n"
		  "phases: [{duration: 16s, rate: 1100/s, item_size: 1KB}]\n");
	v = &f.r->variants[0];
	h = &v->heat;
	ck_assert_uint_eq(v->metrics->n_splits, 1);
	ck_assert_int_eq(v->metrics->splits[0].t_s, 15);
	ck_assert_uint_eq(v->metrics->splits[0].parent, 0);
	assert_tiles(h);
	c = h->n_cols - 1;
	a = h->col_start[c];
	b = h->col_start[c + 1];
	ck_assert_uint_eq(b - a, 4);
	/* the children, in key order, in partition 0's third */
	ck_assert_uint_eq(h->cells[a].range_id,
			  v->metrics->splits[0].children[0]);
	ck_assert_uint_eq(h->cells[a + 1].range_id,
			  v->metrics->splits[0].children[1]);
	ck_assert_double_eq_tol(h->cells[a + 1].y1, 1.0 / 3, 1e-9);
	ck_assert_double_eq_tol(h->cells[a + 2].y1 - h->cells[a + 2].y0,
				1.0 / 3, 1e-9);
	tu_fx_free(&f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("heat");
	TCase *tc = tcase_create("heat");

	tcase_add_test(tc, test_heat_split_layout);
	tcase_add_test(tc, test_heat_split_inside_column);
	tcase_add_test(tc, test_heat_buckets);
	tcase_add_test(tc, test_heat_strip);
	tcase_add_test(tc, test_heat_strip_width);
	tcase_add_test(tc, test_heat_day_page_size);
	tcase_add_test(tc, test_heat_long_run);
	tcase_add_test(tc, test_heat_hover_rounds);
	tcase_add_test(tc, test_heat_many_ranges_page_size);
	tcase_add_test(tc, test_heat_preloaded_storage);
	tcase_add_test(tc, test_heat_merge_parents);
	tcase_add_test(tc, test_heat_many_splits);
	tcase_add_test(tc, test_heat_table_split_in_place);
	tcase_add_test(tc, test_heat_table_split_in_collection);
	suite_add_tcase(s, tc);
	return s;
}
