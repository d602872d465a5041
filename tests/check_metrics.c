/*
 * metrics: the roll-up of closed seconds (metrics_close_second,
 * metrics_close_idle): per minute the highest second's normalized RU
 * consumption (D-NRU), sums of RU and 429s; per range id its peak and its
 * hot-partition seconds (one range at >= 99% while every other stays at
 * or below 30%); the RU provisioned over the run. Seconds are built by
 * hand, each figure derived beside it.
 */
#include <check.h>
#include <string.h>

#include "pksim/service/metrics.h"
#include "testutil.h"

/* Close second t_s with ru_per_s RU/s over n ranges whose RU charged
   (mRU) are ru[k] and 429s thr[k] (NULL: none), each range's share being
   share_mru; served = the sum of ru, offered = served + 1 RU a 429 (a
   rate-limited request's charge was offered). */
static void close_sec(struct pk_metrics *m, int64_t t_s, int64_t ru_per_s,
		      int64_t share_mru, const int64_t *ru, const uint32_t *thr,
		      size_t n)
{
	struct pk_sample s[8];
	struct pk_second sec;
	size_t k;

	ck_assert_uint_le(n, 8);
	memset(&sec, 0, sizeof(sec));
	sec.t_s = t_s;
	sec.span_s = 1;
	sec.ru_per_s = ru_per_s;
	sec.ranges = (uint32_t)n;
	for (k = 0; k < n; k++) {
		memset(&s[k], 0, sizeof(s[k]));
		s[k].t_s = t_s;
		s[k].range_id = (uint32_t)k;
		s[k].requests = 1;
		s[k].ru_mru = ru[k];
		s[k].ru_per_s_mru = share_mru;
		s[k].throttled_429 = thr ? thr[k] : 0;
		sec.offered_mru += ru[k] + 1000 * (int64_t)s[k].throttled_429;
		sec.served_mru += ru[k];
	}
	metrics_close_second(m, &sec, s, n);
}

/* Normalized RU: used / share, capped at 1; a second with a 429 is 1. */
START_TEST(test_metrics_normalized)
{
	struct pk_sample s;

	memset(&s, 0, sizeof(s));
	s.ru_per_s_mru = 4000;
	s.ru_mru = 1000; /* 1,000 / 4,000 */
	ck_assert(metrics_normalized(&s) == 0.25);
	s.ru_mru = 6000; /* 6,000 / 4,000 = 1.5, capped */
	ck_assert(metrics_normalized(&s) == 1.0);
	s.ru_mru = 0;
	s.throttled_429 = 1; /* nothing served, but it rate-limited */
	ck_assert(metrics_normalized(&s) == 1.0);
}
END_TEST

/*
 * Rule 31: a range's 429/3212s (a throughput bucket's cap) are counted
 * apart, and a second of only 3212s is no second in which the range
 * rate-limited for its RU/s. One range of 4,000 mRU: t = 0, 3 429s all
 * 3212 (500 mRU served); t = 1, 4 429s of which 1 is 3212 (4,000 mRU
 * served). throttled_429 = 7, throttled_bucket = 1 + 3 = 4; one 3200
 * second (t = 1) that served 4 RU of the 4 RU/s provisioned.
 */
START_TEST(test_metrics_bucket_apart)
{
	struct pk_metrics m;
	struct pk_sample s;
	struct pk_second sec;
	static const uint32_t thr[2] = {3, 4}, bucket[2] = {3, 1};
	static const int64_t ru[2] = {500, 4000};
	int t;

	metrics_init(&m);
	for (t = 0; t < 2; t++) {
		memset(&s, 0, sizeof(s));
		memset(&sec, 0, sizeof(sec));
		sec.t_s = s.t_s = t;
		sec.span_s = 1;
		sec.ru_per_s = 4;
		sec.ranges = 1;
		sec.served_mru = s.ru_mru = ru[t];
		s.requests = thr[t] + 1;
		s.ru_per_s_mru = 4000;
		s.throttled_429 = thr[t];
		s.throttled_bucket = bucket[t];
		metrics_close_second(&m, &sec, &s, 1);
	}
	ck_assert_uint_eq(m.ranges[0].throttled_429, 7);
	ck_assert_uint_eq(m.ranges[0].throttled_bucket, 4);
	ck_assert_uint_eq(m.ranges[0].throttled_seconds, 1);
	ck_assert(m.ranges[0].throttled_served_ru == 4.0);
	ck_assert(m.ranges[0].throttled_prov_ru == 4.0);
	metrics_free(&m);
}
END_TEST

/*
 * Two ranges of 4,000 mRU (4 RU/s) each, 8 RU/s in all.
 *   t =  0: 1,000 and 2,000 mRU -> 0.25, 0.50; the second's highest 0.50
 *   t = 30: 3,000 and 0         -> 0.75, 0
 *   t = 59:   500 and 1,000     -> 0.125, 0.25
 *   t = 60: 2,000 and 0         -> 0.50
 *   t = 61: 0 and 0, range 1 with one 429 -> 0, 1.0
 * Minute 0 (t = 0..59): highest second 0.75, not the mean of the seconds
 * (0.5); 3 seconds recorded; RU 3,000 + 3,000 + 1,500 = 7,500 mRU.
 * Minute 1 (t = 60..): highest 1.0 (the 429 second); 1 429; 2,000 mRU.
 * Range 0 peaked at 0.75 at t = 30; range 1 at 1.0 at t = 61.
 * Provisioned: 5 seconds x 8 RU/s = 40, then 10 idle seconds (t = 62 ..
 * 71) x 8 = 80: 120 RU in all.
 */
START_TEST(test_metrics_per_minute_highest)
{
	struct pk_metrics m;
	static const int64_t s0[2] = {1000, 2000}, s30[2] = {3000, 0},
			     s59[2] = {500, 1000}, s60[2] = {2000, 0},
			     s61[2] = {0, 0};
	static const uint32_t t61[2] = {0, 1};

	metrics_init(&m);
	close_sec(&m, 0, 8, 4000, s0, NULL, 2);
	close_sec(&m, 30, 8, 4000, s30, NULL, 2);
	close_sec(&m, 59, 8, 4000, s59, NULL, 2);
	close_sec(&m, 60, 8, 4000, s60, NULL, 2);
	close_sec(&m, 61, 8, 4000, s61, t61, 2);
	metrics_close_idle(&m, 62, 10, 8, 2);

	ck_assert_uint_eq(m.n_minutes, 2);
	ck_assert_int_eq(m.minutes[0].t_s, 0);
	ck_assert_int_eq(m.minutes[0].span_s, 3);
	ck_assert(m.minutes[0].max_normalized == 0.75);
	ck_assert_int_eq(m.minutes[0].served_mru, 7500);
	ck_assert_uint_eq(m.minutes[0].throttled_429, 0);
	ck_assert_int_eq(m.minutes[1].t_s, 60);
	ck_assert_int_eq(m.minutes[1].span_s, 2);
	ck_assert(m.minutes[1].max_normalized == 1.0);
	ck_assert_int_eq(m.minutes[1].served_mru, 2000);
	ck_assert_uint_eq(m.minutes[1].throttled_429, 1);

	/* per second: the highest range that second */
	ck_assert_uint_eq(m.n_seconds, 6); /* 5 busy, 1 idle run */
	ck_assert(m.seconds[0].max_normalized == 0.5);
	ck_assert_int_eq(m.seconds[5].t_s, 62);
	ck_assert_int_eq(m.seconds[5].span_s, 10);
	ck_assert_ptr_eq(metrics_second_at(&m, 71), &m.seconds[5]);
	ck_assert_ptr_null(metrics_second_at(&m, 72));
	ck_assert_uint_eq(m.n_samples, 10);

	ck_assert(m.ranges[0].peak_normalized == 0.75);
	ck_assert_int_eq(m.ranges[0].peak_t_s, 30);
	ck_assert(m.ranges[1].peak_normalized == 1.0);
	ck_assert_int_eq(m.ranges[1].peak_t_s, 61);
	/* range 1 rate-limited in one second, t = 61: the container served
	   0 RU of 8 provisioned then */
	ck_assert_uint_eq(m.ranges[1].throttled_seconds, 1);
	ck_assert(m.ranges[1].throttled_served_ru == 0.0);
	ck_assert(m.ranges[1].throttled_prov_ru == 8.0);
	ck_assert(m.provisioned_ru == 120.0);
	metrics_free(&m);
}
END_TEST

/*
 * Hot seconds: three ranges of 10,000 mRU.
 *   t = 0: 10,000, 3,000, 0     -> 1.0, 0.30 (at the cold bound), 0: hot 0
 *   t = 1:  9,900, 2,000, 1,000 -> 0.99 (at the hot bound): hot 0
 *   t = 2: 10,000, 3,001, 0     -> 0.3001 > 0.30: not hot
 *   t = 3: 10,000, 10,000, 0    -> two at 100%: not hot
 *   t = 4:  9,899, 0, 0         -> 0.9899 < 0.99 (and > 0.30): not hot
 *   t = 5: 0, 0, 0 with a 429 in range 2 -> 1.0 for range 2: hot 2
 *   t = 10: 10,000, 0, 0        -> hot 0
 * Range 0: 3 hot seconds, first 0, last 10. Range 2: 1, at 5. Range 1:
 * none.
 */
START_TEST(test_metrics_hot_seconds)
{
	struct pk_metrics m;
	static const int64_t r0[3] = {10000, 3000, 0},
			     r1[3] = {9900, 2000, 1000},
			     r2[3] = {10000, 3001, 0},
			     r3[3] = {10000, 10000, 0}, r4[3] = {9899, 0, 0},
			     r5[3] = {0, 0, 0}, r10[3] = {10000, 0, 0};
	static const uint32_t t5[3] = {0, 0, 1};

	metrics_init(&m);
	close_sec(&m, 0, 30, 10000, r0, NULL, 3);
	close_sec(&m, 1, 30, 10000, r1, NULL, 3);
	close_sec(&m, 2, 30, 10000, r2, NULL, 3);
	close_sec(&m, 3, 30, 10000, r3, NULL, 3);
	close_sec(&m, 4, 30, 10000, r4, NULL, 3);
	close_sec(&m, 5, 30, 10000, r5, t5, 3);
	close_sec(&m, 10, 30, 10000, r10, NULL, 3);
	ck_assert_uint_eq(m.ranges[0].hot_seconds, 3);
	ck_assert_int_eq(m.ranges[0].hot_first_s, 0);
	ck_assert_int_eq(m.ranges[0].hot_last_s, 10);
	ck_assert_uint_eq(m.ranges[1].hot_seconds, 0);
	ck_assert_uint_eq(m.ranges[2].hot_seconds, 1);
	ck_assert_int_eq(m.ranges[2].hot_first_s, 5);
	ck_assert_int_eq(m.ranges[2].hot_last_s, 5);
	metrics_free(&m);
}
END_TEST

/*
 * Rule 32's p99 per range: whole percents rounded down
 * from mRU, so 5,400,000 of 6,000,000 mRU is 90% and 5,399,999 is 89%
 * (89.99998); a 429 second is 100%. Range 0 (share 10,000 mRU) over 100
 * busy seconds: 50 at 0, then 50 from t = 50 at 100% (10,000 mRU): p99
 * (nearest rank ceil(0.99 x 100) = 99) is 100%, p50 (rank 50) 0%.
 * Range 1 at 100% for one second only, 0 the other 99: p99 0% (the 99th
 * smallest of 99 zeros and one 100); its 1 429 at t = 7 in 100 requests.
 */
START_TEST(test_metrics_range_p99)
{
	struct pk_metrics m;
	struct pk_range_stats idle;
	struct pk_sample s;
	int64_t ru[2];
	uint32_t thr[2] = {0, 0};
	int64_t t;

	memset(&s, 0, sizeof(s));
	s.ru_per_s_mru = 6000000;
	s.ru_mru = 5400000;
	ck_assert_int_eq(metrics_normalized_pct(&s), 90);
	s.ru_mru = 5399999;
	ck_assert_int_eq(metrics_normalized_pct(&s), 89);
	s.ru_mru = 0;
	s.throttled_429 = 1;
	ck_assert_int_eq(metrics_normalized_pct(&s), 100);

	metrics_init(&m);
	for (t = 0; t < 100; t++) {
		ru[0] = t >= 50 ? 10000 : 0;
		ru[1] = 0;
		thr[1] = t == 7 ? 1 : 0;
		close_sec(&m, t, 20, 10000, ru, thr, 2);
	}
	ck_assert_uint_eq(m.ranges[0].busy_seconds, 100);
	ck_assert_int_eq(m.ranges[0].first_s, 0);
	ck_assert_int_eq(m.ranges[0].last_s, 99);
	ck_assert_int_eq(metrics_range_nru_percentile(&m.ranges[0], 99), 100);
	ck_assert_int_eq(metrics_range_nru_percentile(&m.ranges[0], 50), 0);
	ck_assert_int_eq(metrics_range_nru_percentile(&m.ranges[1], 99), 0);
	ck_assert_int_eq(metrics_range_nru_percentile(&m.ranges[1], 100), 100);
	/* close_sec sends 1 request a range a second */
	ck_assert_uint_eq(m.ranges[1].requests, 100);
	ck_assert_uint_eq(m.ranges[1].throttled_429, 1);
	metrics_free(&m);
	/* a range never busy has no percentile */
	memset(&idle, 0, sizeof(idle));
	ck_assert_int_eq(metrics_range_nru_percentile(&idle, 99), -1);
}
END_TEST

/* One range alone is never a hot partition: there is no other range to
   stay cold. */
START_TEST(test_metrics_hot_needs_two_ranges)
{
	struct pk_metrics m;
	static const int64_t full[1] = {10000};

	metrics_init(&m);
	close_sec(&m, 0, 10, 10000, full, NULL, 1);
	ck_assert(m.ranges[0].peak_normalized == 1.0);
	ck_assert_uint_eq(m.ranges[0].hot_seconds, 0);
	metrics_free(&m);
}
END_TEST

/* Without per-second detail only the minutes are kept. */
START_TEST(test_metrics_minutes_only)
{
	struct pk_metrics m;
	static const int64_t ru[2] = {1000, 3000};

	metrics_init(&m);
	m.keep_seconds = 0;
	close_sec(&m, 125, 8, 4000, ru, NULL, 2);
	metrics_close_idle(&m, 126, 4, 8, 2);
	ck_assert_uint_eq(m.n_seconds, 0);
	ck_assert_uint_eq(m.n_samples, 0);
	ck_assert_uint_eq(m.n_minutes, 1);
	/* second 125 is in the minute from 120; 3,000 / 4,000 = 0.75 */
	ck_assert_int_eq(m.minutes[0].t_s, 120);
	ck_assert(m.minutes[0].max_normalized == 0.75);
	/* 1 + 4 seconds at 8 RU/s */
	ck_assert(m.provisioned_ru == 40.0);
	metrics_free(&m);
}
END_TEST

/*
 * Rounded to the nearest whole percent for the reports ("32 %" for
 * 0.3185, not "31 %"): 637 RU of a 2,000 RU/s share is 31.85 %,
 * so 32 (floor: 31); 650 / 2,000 = 32.5 %, half up 33; 639.9 / 2,000 =
 * 31.995 %, 32; a 429 is 100; 2.5 / 2,000 = 0.125 % is 0.
 */
START_TEST(test_metrics_pct_nearest)
{
	struct pk_sample s;

	memset(&s, 0, sizeof(s));
	s.ru_per_s_mru = 2000000;
	s.ru_mru = 637000;
	ck_assert_int_eq(metrics_normalized_pct(&s), 31);
	ck_assert_int_eq(metrics_normalized_pct_nearest(&s), 32);
	s.ru_mru = 650000;
	ck_assert_int_eq(metrics_normalized_pct_nearest(&s), 33);
	s.ru_mru = 639900;
	ck_assert_int_eq(metrics_normalized_pct_nearest(&s), 32);
	s.ru_mru = 2500;
	ck_assert_int_eq(metrics_normalized_pct_nearest(&s), 0);
	s.ru_mru = 3000000; /* 150 %, capped */
	ck_assert_int_eq(metrics_normalized_pct_nearest(&s), 100);
	s.ru_mru = 0;
	s.throttled_429 = 1;
	ck_assert_int_eq(metrics_normalized_pct_nearest(&s), 100);
}
END_TEST

/*
 * Heat-map column widths (metrics_heat_width), each from the ladder 1, 2,
 * 5, 10, 15, 30, 60, 120, 300, 600, 900, 1,800, 3,600 s:
 *   720 s at 1 s records: 720 columns of 1 s fit;
 *   721 s: 721 > 720, so 2 s (361 columns);
 *   86,400 s: 86,400 / 720 = 120, so 120 s;
 *   172,800 s (two days): 240 -> 300 s;
 *   604,800 s (a week): 840 -> 900 s;
 *   31,622,400 s (366 days): 43,920, past the ladder: whole hours,
 *   46,800 s (13 h);
 *   172,800 s over 300 s records: 300 (a multiple of 300, 576 columns);
 *   216,001 s over 300 s records: 300 s would be 721 columns; 600 s is
 *   the next multiple of 300 on the ladder (361 columns; 900 is not
 *   tried since 600 fits);
 *   60 s over 120 s records: 120 (nothing smaller is a multiple);
 *   past the ladder with 7,200 s records: a multiple of lcm(3,600,
 *   7,200) = 7,200: 31,622,400 s -> 43,920 -> 50,400 s (7 x 7,200).
 */
START_TEST(test_metrics_heat_width)
{
	ck_assert_int_eq(metrics_heat_width(720, 1), 1);
	ck_assert_int_eq(metrics_heat_width(721, 1), 2);
	ck_assert_int_eq(metrics_heat_width(86400, 1), 120);
	ck_assert_int_eq(metrics_heat_width(172800, 1), 300);
	ck_assert_int_eq(metrics_heat_width(604800, 1), 900);
	ck_assert_int_eq(metrics_heat_width(31622400, 1), 46800);
	ck_assert_int_eq(metrics_heat_width(172800, 300), 300);
	ck_assert_int_eq(metrics_heat_width(216001, 300), 600);
	ck_assert_int_eq(metrics_heat_width(60, 120), 120);
	ck_assert_int_eq(metrics_heat_width(31622400, 7200), 50400);
}
END_TEST

/*
 * Without per-second detail, each range's seconds fold into one bucket
 * of bucket_s = 300 s: two ranges of 4,000 mRU (4 RU/s) each.
 *   t = 10:  1,000 and 2,000 mRU (25 %, 50 %)
 *   t = 20:  3,000 and 0 mRU, range 1 idle (no request: no fold)
 *   t = 299: 1,274 mRU on range 0 (31.85 % -> 32) and 1 429 on range 1
 *   t = 300: 500 mRU on range 0 (a new bucket)
 * Range 0's first bucket (t 0): highest 75 % (t = 20), RU 1,000 + 3,000
 * + 1,274 = 5,274 mRU, 3 requests; range 1's: 100 % (the 429), 2,000
 * mRU, 2 requests, 1 429; then range 0's second bucket (t 300): 13 %
 * (500 / 4,000 = 12.5 %, half up), 500 mRU. Three buckets in all, no
 * sample and no second kept.
 */
START_TEST(test_metrics_buckets)
{
	struct pk_metrics m;
	struct pk_sample s[2];
	struct pk_second sec;
	static const int64_t t[4] = {10, 20, 299, 300};
	static const int64_t ru0[4] = {1000, 3000, 1274, 500};
	static const int64_t ru1[4] = {2000, 0, 0, 0};
	static const uint32_t req1[4] = {1, 0, 1, 0};
	size_t k;

	metrics_init(&m);
	m.keep_seconds = 0;
	m.bucket_s = 300;
	for (k = 0; k < 4; k++) {
		memset(s, 0, sizeof(s));
		memset(&sec, 0, sizeof(sec));
		sec.t_s = t[k];
		sec.span_s = 1;
		sec.ru_per_s = 8;
		sec.ranges = 2;
		s[0].t_s = s[1].t_s = t[k];
		s[1].range_id = 1;
		s[0].requests = 1;
		s[0].ru_mru = ru0[k];
		s[1].requests = req1[k];
		s[1].ru_mru = ru1[k];
		s[1].throttled_429 = k == 2;
		s[0].ru_per_s_mru = s[1].ru_per_s_mru = 4000;
		s[0].storage_bytes = 100 * (uint64_t)(k + 1);
		metrics_close_second(&m, &sec, s, 2);
	}
	ck_assert_int_eq(metrics_record_s(&m), 300);
	ck_assert_uint_eq(m.n_samples, 0);
	ck_assert_uint_eq(m.n_seconds, 0);
	ck_assert_uint_eq(m.n_buckets, 3);
	ck_assert_int_eq(m.buckets[0].t_s, 0);
	ck_assert_uint_eq(m.buckets[0].range_id, 0);
	ck_assert_int_eq(m.buckets[0].nru_pct, 75);
	ck_assert_int_eq(m.buckets[0].ru_mru, 5274);
	ck_assert_uint_eq(m.buckets[0].requests, 3);
	ck_assert_uint_eq(m.buckets[0].storage_bytes, 300); /* t = 299 */
	ck_assert_uint_eq(m.buckets[1].range_id, 1);
	ck_assert_int_eq(m.buckets[1].nru_pct, 100);
	ck_assert_int_eq(m.buckets[1].ru_mru, 2000);
	ck_assert_uint_eq(m.buckets[1].requests, 2);
	ck_assert_uint_eq(m.buckets[1].throttled_429, 1);
	ck_assert_int_eq(m.buckets[2].t_s, 300);
	ck_assert_uint_eq(m.buckets[2].range_id, 0);
	ck_assert_int_eq(m.buckets[2].nru_pct, 13);
	ck_assert_int_eq(m.buckets[2].ru_mru, 500);
	metrics_free(&m);
	/* with per-second detail, no bucket */
	metrics_init(&m);
	close_sec(&m, 5, 8, 4000, ru0, NULL, 2);
	ck_assert_uint_eq(m.n_buckets, 0);
	ck_assert_int_eq(metrics_record_s(&m), 1);
	metrics_free(&m);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("metrics");
	TCase *tc = tcase_create("rollup");

	tcase_add_test(tc, test_metrics_normalized);
	tcase_add_test(tc, test_metrics_bucket_apart);
	tcase_add_test(tc, test_metrics_per_minute_highest);
	tcase_add_test(tc, test_metrics_hot_seconds);
	tcase_add_test(tc, test_metrics_range_p99);
	tcase_add_test(tc, test_metrics_hot_needs_two_ranges);
	tcase_add_test(tc, test_metrics_minutes_only);
	tcase_add_test(tc, test_metrics_pct_nearest);
	tcase_add_test(tc, test_metrics_heat_width);
	tcase_add_test(tc, test_metrics_buckets);
	suite_add_tcase(s, tc);
	return s;
}
