/*
 * snapshot: a variant's result built from a service snapshot filled by
 * hand (result_variant_build), the seam a service other than Azure
 * Cosmos DB uses: no container, no run. Every expected figure is worked
 * out beside its assertion from the values below.
 *
 * The made-up service: 1,000 RU/s over 2 ranges of 500 RU/s each,
 * range 0 = ["", "20") and range 1 = ["20", "FF"), half the key space
 * each; 3 logical partitions; 2 seconds of series.
 *
 *   logical partition  range  stored  items  requests  RU
 *   "a"                0      3,000   3      10        40
 *   "b"                0      1,000   1      5         100
 *   "c"                1      2,000   2      4         60
 *
 *   second  range 0 RU  range 1 RU   (share 500 RU/s each)
 *   0       90          10
 *   1       50          50
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "pksim/result/result.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

#define MRU 1000 /* mRU per RU */
#define SHARE (500 * MRU)

static const struct pk_snapshot_lp lps[3] = {
    {.key = (const unsigned char *)"a",
     .key_len = 1,
     .range = 0,
     .storage_bytes = 3000,
     .items = 3,
     .requests = 10,
     .ru_mru = 40 * MRU,
     .full_at_ms = -1,
     .first_grow_ms = -1,
     .last_write_ms = -1},
    {.key = (const unsigned char *)"b",
     .key_len = 1,
     .range = 0,
     .storage_bytes = 1000,
     .items = 1,
     .requests = 5,
     .ru_mru = 100 * MRU,
     .full_at_ms = -1,
     .first_grow_ms = -1,
     .last_write_ms = -1},
    {.key = (const unsigned char *)"c",
     .key_len = 1,
     .range = 1,
     .storage_bytes = 2000,
     .items = 2,
     .requests = 4,
     .ru_mru = 60 * MRU,
     .full_at_ms = -1,
     .first_grow_ms = -1,
     .last_write_ms = -1},
};

static void lp_read(const void *ctx, uint64_t first, size_t n,
		    struct pk_snapshot_lp *out)
{
	memcpy(out, (const struct pk_snapshot_lp *)ctx + first,
	       n * sizeof(*out));
}

/* A sample of range id in second t charged ru RU at SHARE */
static struct pk_sample sample(int64_t t, uint32_t id, int64_t ru)
{
	struct pk_sample s;

	memset(&s, 0, sizeof(s));
	s.t_s = t;
	s.range_id = id;
	s.requests = 1;
	s.ru_mru = ru * MRU;
	s.ru_per_s_mru = SHARE;
	return s;
}

/* One second t of the table above into m */
static void second(struct pk_metrics *m, int64_t t, int64_t ru0, int64_t ru1)
{
	struct pk_second sec;
	struct pk_sample s[2];

	memset(&sec, 0, sizeof(sec));
	sec.t_s = t;
	sec.span_s = 1;
	sec.served_mru = (ru0 + ru1) * MRU;
	sec.ru_per_s = 1000;
	sec.ranges = 2;
	s[0] = sample(t, 0, ru0);
	s[1] = sample(t, 1, ru1);
	metrics_close_second(m, &sec, s, 2);
}

START_TEST(test_snapshot_by_hand)
{
	static struct pk_scenario sc;
	static struct pk_container_spec spec;
	struct pk_metrics m;
	struct pk_snapshot_range ranges[2];
	struct pk_snapshot_id ids[2];
	struct pk_snapshot s;
	struct pk_result_variant v;
	const struct pk_result_heat *h;
	const struct pk_epk mid = {.len = 1, .b = {0x20}};

	metrics_init(&m);
	second(&m, 0, 90, 10);
	second(&m, 1, 50, 50);
	m.totals.attempts = 19; /* 10 + 5 + 4 */
	m.totals.ru_mru = 200 * MRU;
	spec.lp_storage_bytes = 20ULL << 30;
	memset(ranges, 0, sizeof(ranges));
	memset(ids, 0, sizeof(ids));
	ranges[0].id = 0;
	ranges[0].min = pk_epk_min;
	ranges[0].max = mid;
	ranges[0].storage_bytes = 4000; /* a + b: 3,000 + 1,000 */
	ranges[0].logical_partitions = 2;
	ranges[1].id = 1;
	ranges[1].min = mid;
	ranges[1].max = pk_epk_end;
	ranges[1].storage_bytes = 2000; /* c */
	ranges[1].logical_partitions = 1;
	ranges[0].ru_per_s_mru = ranges[1].ru_per_s_mru = SHARE;
	ids[0].known = ids[1].known = 1;
	ids[0].min = pk_epk_min;
	ids[0].max = ids[1].min = mid;
	ids[1].max = pk_epk_end;
	ids[0].width = ids[1].width = 0.5;

	memset(&s, 0, sizeof(s));
	s.name = "by hand";
	s.spec = &spec;
	s.metrics = &m;
	s.end_s = 2;
	s.ru_per_s = s.effective_ru_per_s = 1000;
	s.created_ranges = 2;
	s.storage_bytes = 6000; /* 4,000 + 2,000 */
	s.ranges = ranges;
	s.n_ranges = 2;
	s.ids = ids;
	s.n_ids = 2;
	s.n_lps = 3;
	s.lp_read = lp_read;
	s.lps = lps;
	result_variant_build(&s, &sc, &v);

	ck_assert_str_eq(v.name, "by hand");
	ck_assert_uint_eq(v.lps_seen, 3);
	ck_assert_uint_eq(v.lps_live, 3); /* 2 + 1 */
	ck_assert_uint_eq(v.storage_bytes, 6000);
	ck_assert_int_eq(v.autoscale, 0); /* no Cosmos extension */
	ck_assert_int_eq(v.n_hours, 1);	  /* ceil(2 / 3,600) */
	ck_assert_ptr_null(v.billed_ru_per_s);
	ck_assert_int_eq(v.merge_note.t_s, -1);

	/* hottest by RU: b 100 > c 60 > a 40 */
	ck_assert_uint_eq(v.n_top_ru, 3);
	ck_assert_int_eq(v.top_ru[0].key[0], 'b');
	ck_assert_int_eq(v.top_ru[0].ru_mru, 100 * MRU);
	ck_assert_int_eq(v.top_ru[1].key[0], 'c');
	ck_assert_int_eq(v.top_ru[2].key[0], 'a');
	/* by storage: a 3,000 > c 2,000 > b 1,000 */
	ck_assert_int_eq(v.top_storage[0].key[0], 'a');
	ck_assert_uint_eq(v.top_storage[0].storage_bytes, 3000);
	ck_assert_int_eq(v.top_storage[1].key[0], 'c');
	ck_assert_int_eq(v.top_storage[2].key[0], 'b');
	/* each range's hottest: range 0 b (100 > 40), range 1 c */
	ck_assert_int_eq(v.ranges[0].has_hottest, 1);
	ck_assert_int_eq(v.ranges[0].hottest.key[0], 'b');
	ck_assert_int_eq(v.ranges[1].hottest.key[0], 'c');
	/* b's range's share: 500,000 mRU/s = 500 RU/s */
	ck_assert_int_eq(result_lp_range_ru_per_s(&v, &v.top_ru[0]), 500);

	/* peak normalized RU: range 0 in second 0, 90 / 500 = 0.18; range
	   1's highest is 50 / 500 = 0.10 */
	ck_assert(v.peak_normalized == 90.0 / 500.0);
	ck_assert_uint_eq(v.peak_range, 0);
	ck_assert(v.ranges[0].peak_normalized == 90.0 / 500.0);
	ck_assert(v.ranges[1].peak_normalized == 50.0 / 500.0);
	/* utilisation: 200 RU over 1,000 RU/s x 2 s = 0.1 */
	ck_assert(v.utilisation == 200.0 / 2000.0);
	/* requests served: attempts, no 429 or 410 */
	ck_assert_uint_eq(v.requests_served, 19);

	/* lineage: both there at creation (born 0), at the end; the
	   metrics' per-id table grows in steps, so ids past 1 have empty
	   entries, at no range */
	ck_assert_uint_ge(v.n_lineage, 3);
	ck_assert_uint_eq(v.lineage[2].at, SIZE_MAX);
	ck_assert_int_eq(v.lineage[2].merged_away, 0);
	ck_assert_int_eq(v.lineage[1].born_s, 0);
	ck_assert_uint_eq(v.lineage[1].at, 1);
	ck_assert_uint_eq(v.lineage[0].busy_seconds, 2);

	/* heat map: 2 s in 1 s columns, two bands of half the space each;
	   column 0: 90 / 500 = 18 %, 10 / 500 = 2 %; column 1: 10 %, 10 % */
	h = &v.heat;
	ck_assert_int_eq(h->bucket_s, 1);
	ck_assert_uint_eq(h->n_cols, 2);
	ck_assert_uint_eq(h->n_cells, 4);
	ck_assert_int_eq(h->cells[0].nru_pct, 18);
	ck_assert_int_eq(h->cells[1].nru_pct, 2);
	ck_assert_int_eq(h->cells[2].nru_pct, 10);
	ck_assert_int_eq(h->cells[3].nru_pct, 10);
	ck_assert_int_eq(h->cells[0].ru_mru, 90 * MRU);
	ck_assert(h->cells[0].y1 == 0.5);
	ck_assert(h->cells[1].y0 == 0.5 && h->cells[1].y1 == 1.0);

	/* days to full: no logical partition grew (first_grow_ms -1) */
	ck_assert_int_eq(v.fill.growing, 0);
	ck_assert_int_eq(v.fill.full_now, 0);

	result_variant_free(&v);
	metrics_free(&m);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("snapshot");
	TCase *tc = tcase_create("snapshot");

	tcase_add_test(tc, test_snapshot_by_hand);
	suite_add_tcase(s, tc);
	return s;
}
