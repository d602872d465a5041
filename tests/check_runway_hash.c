/*
 * runway_hash: the storage runway of keys with a {hash(p) mod N} part
 * (src/result/runway_hash.c, include/pksim/result/runway.h): each key
 * value's share is the probability mass of every value of p that hashes
 * to it, not of the values a short run happened to draw. Figures by
 * hand beside each test; each says what it gave before.
 *
 * The hash classes of the vins below, counted apart from pksim (FNV-1a
 * 32, offset basis 2166136261, prime 16777619, over each value's bytes,
 * as pkey_fnv1a32): "VIN000000" .. "VIN099999" fall 25,000 / 25,000 /
 * 25,000 / 25,000 into mod 4's values 0 .. 3, so each holds exactly a
 * quarter of a uniform draw.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11) */
#define CAP 21474836480.0

/* The first variant of scenario text: its runway's time to full (s),
   the runway sentence into t */
static double full_s(const char *text, char *t, size_t cap)
{
	int kind;
	double s = tu_full_s("hash.yaml", text, &kind, t, cap);

	ck_assert_int_eq(kind, PK_FULL_DAYS);
	return s;
}

/*
 * "{date}.{hash(vin) mod 4}" over 100,000 vins drawn uniformly (the key
 * lesson 4 recommends), 100 creates/s of 10 KB (10,240 B) from Monday
 * 2026-05-04 00:00 UTC for 30 s. Each suffix takes a quarter of the
 * writes: 25 x 10,240 = 256,000 B/s while its day is current, 20 GiB
 * at t = 21,474,836,480 / 256,000 = 83,886.08 s (0.971 days), inside
 * the day's 86,400 s. 100,000 RU/s leave every write room. Before:
 * "bounded: a day's bucket ends before it fills, holding at most 634.5
 * MiB": each suffix only the mass of the ~750 vins of its class the
 * 3,000 creates drew.
 */
START_TEST(test_runway_hash_day_bucket_large_pool)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: \"2026-05-04T00:00:00Z\"}\n"
	    "container: {partition_key: \"{date}.{hash(vin) mod 4}\", "
	    "throughput: 100000}\n"
	    "items:\n"
	    "  vin: {values: \"VIN{000000..099999}\"}\n"
	    "  date: {clock: \"%Y-%m-%d\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: 30s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 256000.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "projected from the workload's rates"), "%s",
		      t);
	ck_assert_msg(strstr(t, "while its day is current"), "%s", t);
}
END_TEST

/*
 * "{hash(vin) mod 4}" alone, 10 creates/s of 10 KB for 30 s: each value
 * a quarter, 2.5 x 10,240 = 25,600 B/s, 20 GiB in 21,474,836,480 /
 * 25,600 = 838,860.8 s (9.71 days), however few of the vins the 300
 * creates drew. Before: "not within 5 years ("2" holds 12.0 GiB by
 * then)", the mass of the ~75 vins each value drew.
 */
START_TEST(test_runway_hash_plain_large_pool)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{hash(vin) mod 4}\", throughput: "
	    "10000}\n"
	    "items:\n"
	    "  vin: {values: \"VIN{000000..099999}\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: 30s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 25600.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "projected from the workload's rates"), "%s",
		      t);
}
END_TEST

/*
 * The same figure whatever the run's length: 30 s or 10 min of the
 * same rate draw 300 or 6,000 vins and say the same 838,860.8 s.
 */
START_TEST(test_runway_hash_run_length)
{
	static const char fmt[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{hash(vin) mod 4}\", throughput: "
	    "10000}\n"
	    "items:\n"
	    "  vin: {values: \"VIN{000000..099999}\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: %s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char text[400], t[640];
	double a, b;

	snprintf(text, sizeof(text), fmt, "30s");
	a = full_s(text, t, sizeof(t));
	snprintf(text, sizeof(text), fmt, "10m");
	b = full_s(text, t, sizeof(t));
	ck_assert_msg(tu_near(a, CAP / 25600.0, 1e-6), "%f", a);
	ck_assert_msg(tu_near(b, CAP / 25600.0, 1e-6), "%f", b);
}
END_TEST

/*
 * "{t}-{hash(id) mod 10}" with t always "a" and the id unique: ten key
 * values, each a tenth of 400 creates/s of 1 KB (5 RU each): 40
 * creates/s, 200 RU/s, 40,960 B/s a value. 5 ranges of 400 RU/s; the
 * values lie 6 / 1 / 3 / 0 / 0 on ranges 0 .. 4 (the run's table: a-7
 * alone on range 1; a-0, a-2, a-6 on range 2). a-7 is asked 200 < 400
 * RU/s and grows its whole 40,960 B/s: 20 GiB in 21,474,836,480 /
 * 40,960 = 524,288 s (6.07 days), first; range 2's three get 400 / 600
 * of it (9.1 days), range 0's six 400 / 1,200 (18.2 days). Before:
 * "8.5 days ("a-8" first, growing 28.6 KiB/s, bounded by range 0's 400
 * RU/s)", one value for the key, on range 0, the others' shares spread
 * over every range.
 */
START_TEST(test_runway_hash_unique_each_on_its_range)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{t}-{hash(id) mod 10}\", "
	    "throughput: 2000, partitions: 5}\n"
	    "client: {retries: off}\n"
	    "items:\n"
	    "  t: {const: a}\n"
	    "phases:\n"
	    "  - {name: p, duration: 2m, rate: 400/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 40960.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"a-7\" first"), "%s", t);
	ck_assert_msg(!strstr(t, "bounded by"), "%s", t);
}
END_TEST

/*
 * "{hash(vin) mod 4}" written by two streams, 100 creates/s of 10 KB
 * each: stream a over "VIN0000" .. "VIN9999", b over "W0" .. "W99999".
 * FNV-1a 32 as above: a's 10,000 fall 2,500 to each of 0 .. 3, b's
 * 100,000 25,000 to each, so each value gets a quarter of both, 25 + 25
 * = 50 creates/s of 10,240 B = 512,000 B/s: 20 GiB at 21,474,836,480 /
 * 512,000 = 41,943.04 s (0.4855 days), after a 1-min run or a 10-min
 * one alike. Before: 1.84 days after 1 min, 0.67 after 10: each value
 * only the mass of the values the run drew.
 */
START_TEST(test_runway_hash_two_streams)
{
	static const char fmt[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{hash(vin) mod 4}\", throughput: "
	    "60000}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    items: {vin: {values: \"VIN{0000..9999}\"}}\n"
	    "    phases:\n"
	    "      - {duration: %s, rate: 100/s, item_size: 10KB}\n"
	    "  - name: b\n"
	    "    items: {vin: {values: \"W{0..99999}\"}}\n"
	    "    phases:\n"
	    "      - {duration: %s, rate: 100/s, item_size: 10KB}\n";
	char text[600], t[640];
	double a, b;

	snprintf(text, sizeof(text), fmt, "1m", "1m");
	a = full_s(text, t, sizeof(t));
	ck_assert_msg(tu_near(a, CAP / 512000.0, 1e-6), "%f: %s", a, t);
	snprintf(text, sizeof(text), fmt, "10m", "10m");
	b = full_s(text, t, sizeof(t));
	ck_assert_msg(tu_near(b, CAP / 512000.0, 1e-6), "%f: %s", b, t);
}
END_TEST

/*
 * One id pool "d1" .. "d30600" upserted by two streams, 1/s of 2 MB
 * (2,097,152 B) each, under "{hash(id) mod 3}": both write one item
 * table, so it is one pool upserted 2/s. FNV-1a 32: the ids fall
 * 10,203 / 10,148 / 10,249 into 0 / 1 / 2. "2" gets 2 x 10,249 /
 * 30,600 upserts/s, each a new item with chance (1 - held / 10,249);
 * the cap holds 10,240 items of 2 MiB, reached after 10,249 x
 * ln(10,249 / 9) upserts of it: t = 30,600 x ln(10,249 / 9) / 2 =
 * 107,676.98 s (1.246 days). 30,000 RU/s leave every write room.
 * Before: "not within 5 years", each stream's pool taken as 30,600 / 3
 * = 10,200 ids (19.9 GiB, under the cap).
 */
START_TEST(test_runway_hash_pool_two_streams)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{hash(id) mod 3}\", throughput: "
	    "30000}\n"
	    "streams:\n"
	    "  - name: a\n"
	    "    items: {id: {values: \"d{1..30600}\"}}\n"
	    "    phases:\n"
	    "      - {duration: 10m, rate: 1/s, ops: {upsert: 1}, "
	    "item_size: 2MB}\n"
	    "  - name: b\n"
	    "    items: {id: {values: \"d{1..30600}\"}}\n"
	    "    phases:\n"
	    "      - {duration: 10m, rate: 1/s, ops: {upsert: 1}, "
	    "item_size: 2MB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 30600.0 * log(10249.0 / 9.0) / 2.0, 1e-6),
		      "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"2\" first"), "%s", t);
}
END_TEST

/*
 * A hash of a time: "{hash(d) mod 4}", d a "%Y-%m-%d" clock, 1 create/s
 * of 100 KB (102,400 B) from Thursday 2026-01-01. Each day's writes go
 * to the value its date hashes to; FNV-1a of "2026-01-01" .. "2026-01-12"
 * mod 4, counted apart from pksim: 3, 2, 1, 0, 3, 2, 1, 0, 3, 1, 2, 3.
 * A day adds 86,400 x 102,400 = 8,847,360,000 B; "3" holds 2 days'
 * 17,694,720,000 B after Jan 1 and 5, and needs 3,780,116,480 B more
 * = 36,915.2 s into Jan 9: t = 8 x 86,400 + 36,915.2 = 728,115.2 s
 * (8.427 days; a 9-day replay fills "3" at t = 728,115 s). Before: 2.4
 * days, "1" first: every write taken into one value for good.
 */
START_TEST(test_runway_hash_of_a_date)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{hash(d) mod 4}\", "
	    "throughput: 10000}\n"
	    "items:\n"
	    "  d: {clock: \"%Y-%m-%d\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, rate: 1/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 8 * 86400.0 + 36915.2, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"3\" first, growing 100.0 KiB/s while a "
				"day hashing to it is current)"),
		      "%s", t);
}
END_TEST

/*
 * A hash of a date whose first two days give one value: "{hash(d) mod
 * 2}" from Friday 2026-01-09, 1 create/s of 100 KB. FNV-1a mod 2 of Jan
 * 9 .. 16, counted apart from pksim: 1, 1, 0, 1, 0, 1, 0, 1. "1" takes
 * its third day on Jan 12 and fills 36,915.2 s into it: t = 3 x 86,400
 * + 36,915.2 = 296,115.2 s. Before (with the value moving on judged by
 * the next day alone): 2.4 days, every write into "1" for good.
 */
START_TEST(test_runway_hash_of_a_date_repeats)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-09}\n"
	    "container: {partition_key: \"{hash(d) mod 2}\", "
	    "throughput: 10000}\n"
	    "items:\n"
	    "  d: {clock: \"%Y-%m-%d\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, rate: 1/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 3 * 86400.0 + 36915.2, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"1\" first"), "%s", t);
}
END_TEST

/*
 * The same with CRC-32 (zlib's): the dates' crc32 mod 4 run 1, 3, 1, 2,
 * 0, 2, 0, 1, ...; "1" (Jan 1, 3, 8) fills 36,915.2 s into Jan 8: t = 7
 * x 86,400 + 36,915.2 = 641,715.2 s.
 */
START_TEST(test_runway_crc32_of_a_date)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{crc32(d) mod 4}\", "
	    "throughput: 10000}\n"
	    "items:\n"
	    "  d: {clock: \"%Y-%m-%d\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, rate: 1/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 7 * 86400.0 + 36915.2, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"1\" first"), "%s", t);
}
END_TEST

/*
 * A hash of a minute that comes back every hour: "{hash(m) mod 7}", m a
 * "%M" clock, 1 create/s of 100 KB from 2026-01-01 00:00. FNV-1a of
 * "00" .. "59" mod 7 (counted apart from pksim) gives 8, 9, 8, 8, 9, 8,
 * 10 minutes to values 0 .. 6; "6" has minutes 01, 08, 13, 14, 20, 29,
 * 34, 42, 52 and 59, and grows 10 x 60 x 102,400 = 61,440,000 B an
 * hour. After 349 hours it holds 21,442,560,000 B and needs 32,276,480
 * B = 315.2 s more: 5 of its minutes (01 .. 20) and 15.2 s into minute
 * 29 of hour 349: t = 349 x 3,600 + 29 x 60 + 15.2 = 1,258,155.2 s, and
 * "6" is named. Before: 1,258,291.2 s (its hour's mean) under whichever
 * value was current then.
 */
START_TEST(test_runway_hash_of_a_minute)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{hash(m) mod 7}\", "
	    "throughput: 10000}\n"
	    "items:\n"
	    "  m: {clock: \"%M\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, rate: 1/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 349 * 3600.0 + 29 * 60 + 15.2, 1e-9), "%f: %s",
		      s, t);
	ck_assert_msg(strstr(t, "(\"6\" first, growing 16.7 KiB/s on "
				"average, the minutes hashing to it 16.7 % of "
				"them)"),
		      "%s", t);
}
END_TEST

/*
 * The same hash of a second ("%S"), 10 creates/s of 100 KB: the seconds
 * hash as the minutes above, "6" current 10 s a minute, 600 s an hour:
 * 614,400,000 B an hour. After 34 hours it holds 20,889,600,000 B and
 * needs 585,236,480 B = 571.52 s at 1,024,000 B/s, 9.526 of its
 * minutes' worth of seconds: every hour "6" is current in second 01,
 * 08, 13, 14, 20, 29, 34, 42, 52 and 59 of each minute, so 571.52 s is
 * 57 whole minutes of it (570 s) and 1.52 s more: minute 57's second
 * 01 is its 571st second, and 0.52 s into minute 57's second 08: t =
 * 34 x 3,600 + 57 x 60 + 8.52 = 125,828.52 s (a replay of this workload
 * for 127,000 s fills "6" at t = 125,828 s). Before: "1" named, at
 * the hour's mean 125,829 s.
 */
START_TEST(test_runway_hash_of_a_second)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{hash(d) mod 7}\", "
	    "throughput: 100000}\n"
	    "items:\n"
	    "  d: {clock: \"%S\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1h, rate: 10/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 34 * 3600.0 + 57 * 60 + 8.52, 1e-9), "%f: %s",
		      s, t);
	ck_assert_msg(strstr(t, "(\"6\" first"), "%s", t);
}
END_TEST

/*
 * A hash of a minute of the day ("%H:%M", 1,440 texts a day), 10
 * creates/s of 100 KB: FNV-1a mod 7 (counted apart) puts 203, 210, 207,
 * 201, 207, 200, 212 minutes into 0 .. 6. The fullest, "6", is not
 * first: "2"'s minutes lie earlier in the day. A day adds 207 x 60 x
 * 1,024,000 = 12,718,080,000 B to "2"; on day 2 it needs 8,756,756,480
 * B = 8,551.52 s = 142 of its minutes and 31.52 s, and its 143rd minute
 * of the day is 15:55 (minute 955): t = 86,400 + 955 x 60 + 31.52 =
 * 143,731.52 s (a replay fills "2" at t = 143,731 s). "6" needs 137
 * minutes and 31.52 s of day 2, its 138th minute after 15:55. The
 * sentence gives "2"'s share, 207 / 1,440 = 14.4 %, and its mean
 * 1,024,000 x 0.14375 = 147,200 B/s (143.8 KiB/s). Before: "0" at
 * 142,448 s, at "6"'s share.
 */
START_TEST(test_runway_hash_of_a_minute_of_the_day)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{hash(d) mod 7}\", "
	    "throughput: 100000}\n"
	    "items:\n"
	    "  d: {clock: \"%H:%M\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1h, rate: 10/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 86400.0 + 955 * 60 + 31.52, 1e-9), "%f: %s", s,
		      t);
	ck_assert_msg(strstr(t, "(\"2\" first, growing 143.8 KiB/s on "
				"average, the minutes hashing to it 14.4 % of "
				"them)"),
		      "%s", t);
}
END_TEST

/*
 * The hash of a minute under time to live (100,000 s), where the steps
 * keep the fullest value's share of every hour: "6", current 10 minutes
 * of 60, holds its last lifetime's writes, 102,400 x 10 / 60 x 100,000
 * = 17,066,666,667 B (15.9 GiB), and is the value named. Before: "4",
 * the value current at the clock's start.
 */
START_TEST(test_runway_hash_of_a_minute_under_ttl)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{hash(d) mod 7}\", "
	    "throughput: 100000, default_ttl: 100000}\n"
	    "items:\n"
	    "  d: {clock: \"%M\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1h, rate: 10/s, item_size: 100KB}\n";
	char t[640];
	int kind;

	tu_full_s("hash.yaml", text, &kind, t, sizeof(t));
	ck_assert_int_eq(kind, PK_FULL_LEVELS);
	ck_assert_msg(strstr(t, "levels off at 15.9 GiB under time to live "
				"(\"6\" written"),
		      "%s", t);
}
END_TEST

/*
 * A hash of a timestamp to the second, which never comes back: each
 * value is taken as current 1 second in 7 (ASSUMPTION: the seconds'
 * hashes spread evenly; a second-by-second FNV-1a walk fills "6" at
 * 1,463,672 s, 0.3 % sooner): 102,400 / 7 B/s, 20 GiB at 209,715.2 x 7
 * = 1,468,006.4 s, and the sentence says so. Before: 2.4 days.
 */
START_TEST(test_runway_hash_of_a_timestamp)
{
	static const char text[] =
	    "seed: 1\n"
	    "clock: {start: 2026-01-01}\n"
	    "container: {partition_key: \"{hash(ts) mod 7}\", "
	    "throughput: 10000}\n"
	    "items:\n"
	    "  ts: {clock: \"%Y-%m-%dT%H:%M:%SZ\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10m, rate: 1/s, item_size: 100KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 209715.2 * 7, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "the seconds hashing to it taken as 1 in 7"),
		      "%s", t);
}
END_TEST

/*
 * "{hash(v) mod 4}" over 20,000,000 values "v1" .. "v20000000", past
 * the 16,777,216 hashed one by one: FNV-1a 32 (counted apart) puts
 * 5,000,001 / 4,999,999 / 4,999,999 / 5,000,001 into 0 .. 3, a quarter
 * each within 2e-7. 100 creates/s of 10 KB: 25 x 10,240 = 256,000 B/s
 * a value, 20 GiB at 21,474,836,480 / 256,000 = 83,886.08 s (0.971
 * days). pksim hashes the hottest 8,388,608 values exactly and a seeded
 * stratified sample of the rest (one value per stratum of ~1.4), so the
 * shares come within about sqrt(0.25 / 2^23) = 1.7e-4 of a quarter:
 * asserted within 0.5 %. The sample's seed is pksim's own, not the
 * run's: seed 1 and seed 7 say the same figure to the bit. Before: "not
 * within 5 years" after a 1-min run (the 6,000 values drawn, 6,000 /
 * 20 M of the mass).
 */
START_TEST(test_runway_hash_past_16m_values)
{
	static const char fmt[] =
	    "seed: %d\n"
	    "container: {partition_key: \"{hash(v) mod 4}\", throughput: "
	    "40000}\n"
	    "items:\n"
	    "  v: {values: \"v{1..20000000}\"}\n"
	    "phases:\n"
	    "  - {name: p, duration: 1m, rate: 100/s, ops: {create: 1}, "
	    "item_size: 10KB}\n";
	char text[400], t[640];
	double s, s7;

	snprintf(text, sizeof(text), fmt, 1);
	s = full_s(text, t, sizeof(t));
	ck_assert_msg(tu_near(s, CAP / 256000.0, 5e-3), "%f: %s", s, t);
	snprintf(text, sizeof(text), fmt, 7);
	s7 = full_s(text, t, sizeof(t));
	ck_assert_msg(s7 == s, "seed 7 %.9f, seed 1 %.9f", s7, s);
}
END_TEST

/*
 * "{hash(tenant) mod 3}" over "t-01" .. "t-10" drawn zipfian (theta
 * 0.99), 1,000 creates/s of 1 KB. By FNV-1a 32 mod 3 (counted in
 * Python): t-01, t-02, t-07, t-08 fall in "1", t-03, t-04, t-09, t-10 in
 * "0", t-05, t-06 in "2". rng.c draws the zipfian as YCSB does (Gray et
 * al.): zeta = zeta(10, 0.99) = 2.956108, ranks 0 and 1 take 1 / zeta =
 * 0.338283 and 0.5^0.99 / zeta = 0.170318, rank k >= 2 ((k + 1)^0.01 -
 * k^0.01) / (10^0.01 eta), eta = (1 - 0.2^0.01) / (1 - (1 + 0.5^0.99) /
 * zeta) = 0.032490: ranks 6 and 7 0.047240 and 0.040980. "1" takes
 * 0.596821 of the creates, 611,144.8 B/s, and fills at 21,474,836,480 /
 * 611,144.8 = 35,138.7 s (a trial's 600,000-draw replay stored 0.59775
 * of its bytes there). Before: Zipf's exact masses, 0.601050, 34,891 s
 * (and "0" 0.27280 where the draws give 0.27927: 2.3 % late).
 */
START_TEST(test_runway_hash_zipfian_as_drawn)
{
	static const char text[] =
	    "container: {partition_key: \"{hash(tenant) mod 3}\", "
	    "throughput: 100000}\n"
	    "items:\n"
	    "  tenant: {values: \"t-{01..10}\", distribution: zipfian}\n"
	    "phases:\n"
	    "  - {name: p, duration: 10s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 35138.7, 1e-5), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "(\"1\" first"), "%s", t);
}
END_TEST

/*
 * "{hash(id) mod 256}" over unique ids, 100 creates/s of 2,000,000 B,
 * 200,000 RU/s: each value taken as a 256th, 0.390625 creates/s x
 * 2,000,000 = 781,250 B/s, 20 GiB at 21,474,836,480 /
 * 781,250 = 27,487.79 s. FNV-1a's low byte over the generator's
 * sequential ids is uneven (a 26,000-s replay fills "150" at t = 25,253
 * s, 8 % sooner): the sentence says the equal parts are an assumption.
 * Before: the same figure, the assumption unsaid.
 */
START_TEST(test_runway_hash_unique_parts_assumed)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: \"{hash(id) mod 256}\", "
	    "throughput: 200000}\n"
	    "items:\n"
	    "  id: {unique: \"item-\"}\n"
	    "phases:\n"
	    "  - {name: w, duration: 1m, rate: 100/s, item_size: 2000000}\n";
	char t[800];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 781250.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "ASSUMPTION: the ids' hashes split them into "
				"equal parts"),
		      "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_hash");
	TCase *tc = tcase_create("runway_hash");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_runway_hash_day_bucket_large_pool);
	tcase_add_test(tc, test_runway_hash_plain_large_pool);
	tcase_add_test(tc, test_runway_hash_run_length);
	tcase_add_test(tc, test_runway_hash_unique_each_on_its_range);
	tcase_add_test(tc, test_runway_hash_unique_parts_assumed);
	tcase_add_test(tc, test_runway_hash_two_streams);
	tcase_add_test(tc, test_runway_hash_pool_two_streams);
	tcase_add_test(tc, test_runway_hash_past_16m_values);
	tcase_add_test(tc, test_runway_hash_zipfian_as_drawn);
	tcase_add_test(tc, test_runway_hash_of_a_date);
	tcase_add_test(tc, test_runway_crc32_of_a_date);
	tcase_add_test(tc, test_runway_hash_of_a_date_repeats);
	tcase_add_test(tc, test_runway_hash_of_a_minute);
	tcase_add_test(tc, test_runway_hash_of_a_second);
	tcase_add_test(tc, test_runway_hash_of_a_minute_of_the_day);
	tcase_add_test(tc, test_runway_hash_of_a_minute_under_ttl);
	tcase_add_test(tc, test_runway_hash_of_a_timestamp);
	suite_add_tcase(s, tc);
	return s;
}
