/*
 * runway_items: what an item is and how long it lives, stream by stream
 * (src/result/runway_items.c, include/pksim/result/runway.h: finite ids,
 * time to live): each stream's items keep their own lifetime and id
 * pool on a key several streams write; a pool and a lifetime together;
 * time to live on a key that changes with time; a data file's records
 * that repeat an id; lifetimes under a time
 * scale. Figures by hand beside each
 * test; each says what it gave before.
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

/* The first variant's scorecard of scenario text into *out, its runway
   sentence into t */
static void text_card(const char *text, struct pk_scorecard *out, char *t,
		      size_t cap)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);

	*out = c[0];
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
}

/* Two streams on key "one" at 100,000 RU/s (never a bound), 1 KB items:
   a at 100 ops/s (items a_items, ops a_ops), b at 10/s (b_items, b_ops);
   the container's default_ttl def */
static const char two_fmt[] =
    "container: {partition_key: /k, throughput: 100000, default_ttl: %s}\n"
    "streams:\n"
    "  - name: a\n"
    "    items: {k: {const: one}%s}\n"
    "    phases:\n"
    "      - {name: p, duration: 1m, rate: 100/s, ops: {%s: 1}, "
    "item_size: 1KB}\n"
    "  - name: b\n"
    "    items: {k: {const: one}%s}\n"
    "    phases:\n"
    "      - {name: p, duration: 1m, rate: 10/s, ops: {%s: 1}, "
    "item_size: 1KB}\n";

static void two_card(const char *def, const char *a_items, const char *a_ops,
		     const char *b_items, const char *b_ops,
		     struct pk_scorecard *c, char *t, size_t cap)
{
	char text[900];

	snprintf(text, sizeof(text), two_fmt, def, a_items, a_ops, b_items,
		 b_ops);
	text_card(text, c, t, cap);
}

/*
 * Stream a's items live 60 s (their own ttl under default_ttl -1, or
 * the default 60 s while b's carry ttl -1), b's 10 creates/s of 1 KB
 * never expire: the key holds a's last 60 s, 100 x 1,024 x 60 =
 * 6,144,000 B, and grows 10,240 B/s for good: full at (21,474,836,480 -
 * 6,144,000) / 10,240 = 2,096,552 s (24.27 days). Before: one stream's
 * lifetime taken for both, "never: levels off at 6.4 MiB" (a's 60 s for
 * b's items too) and "2.2 days" (b's -1 for a's).
 */
START_TEST(test_runway_streams_own_ttl)
{
	struct pk_scorecard c;
	char t[700];

	two_card("-1", ", ttl: {const: 60}", "create", "", "create", &c, t,
		 sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 2096552.0, 1e-6),
		      "%f s: %s", c.days_to_full * 86400.0, t);
	ck_assert_msg(tu_near(c.full_rate, 10240.0, 1e-6), "%f: %s",
		      c.full_rate, t);
	two_card("60", "", "create", ", ttl: {const: -1}", "create", &c, t,
		 sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 2096552.0, 1e-6),
		      "%f s: %s", c.days_to_full * 86400.0, t);
}
END_TEST

/*
 * Stream a upserts among its own 1,000 ids (at most 1,000 x 1,024 =
 * 1,024,000 B once every id is drawn), b creates 10 new items a second:
 * full at (21,474,836,480 - 1,024,000) / 10,240 = 2,097,052 s. The
 * roles swapped (a's 100 creates/s new, b's 10 upserts/s among the
 * pool): (21,474,836,480 - 1,024,000) / 102,400 = 209,705.2 s. Before:
 * a's pool taken for the key, "never: its items are written among 1000
 * ids", and b's pool ignored, 2.2 days at 110 KiB/s.
 */
START_TEST(test_runway_streams_own_pool)
{
	struct pk_scorecard c;
	char t[700];

	two_card("off", ", id: {values: \"d{1..1000}\"}", "upsert", "",
		 "create", &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 2097052.0, 1e-6),
		      "%f s: %s", c.days_to_full * 86400.0, t);
	two_card("off", "", "create", ", id: {values: \"d{1..1000}\"}",
		 "upsert", &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 209705.2, 1e-6),
		      "%f s: %s", c.days_to_full * 86400.0, t);
}
END_TEST

/*
 * 500 upserts/s of 10 KB (10,240 B stored) among 2,500,000 ids, items
 * living 2 h, one partition of 10,000 RU/s: the writes take 500 x 9.09
 * RU and the rest deletes some 600 expired items a second, more than
 * the 500 x e^(-1.44) = 118 expiring, so the key holds the distinct ids
 * of its last 2 h, 2,500,000 x (1 - e^(-500 x 7,200 / 2,500,000)) x
 * 10,240 = 19,534,649,378 B (18.2 GiB): it levels off, never full,
 * written 500 x 10,240 = 5,120,000 B/s (4.9 MiB/s; before, the level
 * over the lifetime, "2.6 MiB/s on average").
 * Before: the pool dropped under time to live, 5,120,000 B/s for 2 h
 * (34.3 GiB) filling at 4,194 s; the pool alone fills at 9,110 s.
 */
START_TEST(test_runway_pool_with_ttl)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000, partitions: 1, "
	    "default_ttl: 7200}\n"
	    "items: {k: {const: one}, id: {values: \"d{1..2500000}\"}}\n"
	    "phases:\n"
	    "  - {name: p, duration: 20s, rate: 500/s, ops: {upsert: 1}, "
	    "item_size: 10KB}\n";
	struct pk_scorecard c;
	char t[700];

	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 19534649378.0, 1e-6),
		      "%f: %s", c.full_level_bytes, t);
	ck_assert_msg(strstr(t, "written 4.9 MiB/s, its items living 2.0 h: "
				"the distinct ids of a lifetime's writes"),
		      "%s", t);
}
END_TEST

/* One logical partition "one" writing 50 items a second of 1 KB (1,024
   B stored) among the 2,500 ids d1 .. d2500 drawn dist, by op (create
   or upsert), items living 100 s, its cap 2.3 MiB: below the pool's
   2,500 x 1,024 = 2,560,000 B, so the pool does not bound it */
static const char pool_ttl_fmt[] =
    "container: {partition_key: /k, throughput: 10000, partitions: 1, "
    "default_ttl: 100, logical_partition_storage: 2.3MiB}\n"
    "items: {k: {const: one}, id: {values: \"d{1..2500}\"%s}}\n"
    "phases:\n"
    "  - {name: p, duration: 10m, rate: 50/s, ops: {%s: 1}, "
    "item_size: 1KB}\n";

/*
 * A lifetime's writes are r T = 50 x 100 = 5,000, r p T = 2 an id.
 * Upserts: each renews its id's lifetime, so an id is held when drawn
 * in the last 100 s, 1 - e^(-2) = 0.864665 of them: 2,560,000 x
 * 0.864665 = 2,213,541.7 B (2.1 MiB), its level.
 * Creates: a create of an id held is refused (409) and does not renew
 * it, so an id is held 100 s of every 100 + 1 / (r p) = 150 s, 2/3 of
 * the time: 2,560,000 x 2/3 = 1,706,666.7 B (1.6 MiB, 1,667 items) at a
 * steady rate. Its peak is still 2,213,541.7 B: the first 100 s are the
 * upserts' (nothing has expired yet), and an id is held at t only if
 * drawn in (t - 100, t], 1 - e^(-2) at most. The replay of 10 min ends
 * holding about 1,667 items (its 2.1 MiB at t = 100 s, 1.5 MiB at 130
 * s). Zipf s = 1 over the 2,500 ids, p_i = 1 / (i H(2500)), H(2500) =
 * 8.40285: n = 5,000 draws a lifetime hold sum_i n p_i / (1 + n p_i) x
 * 1,024 = 1,004,394.1 B (980.9 KiB; by a script summing the 2,500 terms),
 * their peak sum_i (1 - (1 - p_i)^n) x 1,024 = 1,201,738.2 B.
 * Before: creates said "levels off at 2.1 MiB", as upserts.
 */
START_TEST(test_runway_pool_creates_with_ttl)
{
	char text[600];
	struct pk_scorecard c;
	char t[700];

	snprintf(text, sizeof(text), pool_ttl_fmt, "", "create");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 2213541.7, 1e-6), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_msg(tu_near(c.runway.creates_bytes, 1706666.7, 1e-6),
		      "%f: %s", c.runway.creates_bytes, t);
	ck_assert_msg(strstr(t, "at most 2.1 MiB under time to live") &&
			  strstr(t,
				 "then about 1.6 MiB at that rate: a "
				 "create of an id it holds is refused (409)"),
		      "%s", t);
	/* the replay's 10 min end near the steady level, not the peak */
	ck_assert_msg(tu_near((double)c.largest_lp_bytes, 1706666.7, 0.05),
		      "%llu", (unsigned long long)c.largest_lp_bytes);

	snprintf(text, sizeof(text), pool_ttl_fmt, ", distribution: zipf, s: 1",
		 "create");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 1201738.2, 1e-4), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_msg(tu_near(c.runway.creates_bytes, 1004394.1, 1e-4),
		      "%f: %s", c.runway.creates_bytes, t);

	snprintf(text, sizeof(text), pool_ttl_fmt, "", "upsert");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 2213541.7, 1e-6), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert(c.runway.creates_bytes == 0);
	ck_assert_msg(strstr(t, "levels off at 2.1 MiB") && !strstr(t, "409"),
		      "%s", t);
	ck_assert_msg(tu_near((double)c.largest_lp_bytes, 2213541.7, 0.05),
		      "%llu", (unsigned long long)c.largest_lp_bytes);
}
END_TEST

/* A key of the weekday (`%A`) from Thursday 2026-01-08 00:00, 2 creates
   of 100 KB a second (204,800 B/s), default_ttl def */
static const char day_fmt[] =
    "clock: {start: \"2026-01-08T00:00:00Z\"}\n"
    "container: {partition_key: /day, throughput: 100000, "
    "default_ttl: %s}\n"
    "items: {day: {clock: \"%%A\"}}\n"
    "phases:\n"
    "  - {name: p, duration: 1m, rate: 2/s, ops: {create: 1}, "
    "item_size: 100KB}\n";

/*
 * Items living 1 h: the current day's bucket holds its last hour's
 * writes, 204,800 x 3,600 = 737,280,000 B (703.1 MiB), never full.
 * Living 7 days: a Thursday's item expires the next Thursday at its own
 * time of day, as its successor is written, so the bucket holds one
 * day's writes at most, 204,800 x 86,400 = 17,694,720,000 B (16.5 GiB),
 * never full. Without time to live Thursday fills on its second
 * Thursday: 7 days + (21,474,836,480 - 17,694,720,000) / 204,800 =
 * 604,800 + 18,457.6 = 623,257.6 s. Before: 7.2 days whatever the ttl.
 */
START_TEST(test_runway_time_key_ttl)
{
	char text[600];
	struct pk_scorecard c;
	char t[700];

	snprintf(text, sizeof(text), day_fmt, "1h");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 737280000.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
	snprintf(text, sizeof(text), day_fmt, "7d");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 17694720000.0, 1e-9),
		      "%f: %s", c.full_level_bytes, t);
	snprintf(text, sizeof(text), day_fmt, "off");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 623257.6, 1e-9),
		      "%f s: %s", c.days_to_full * 86400.0, t);
}
END_TEST

/* A date key (`%Y-%m-%d`, a bucket that never comes back) from
   2026-01-01 00:00, rate creates/s of size at ru RU/s, default_ttl def */
static const char date_fmt[] =
    "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
    "container: {partition_key: /d, throughput: %s, default_ttl: %s}\n"
    "items: {d: {clock: \"%%Y-%%m-%%d\"}}\n"
    "phases:\n"
    "  - {name: p, duration: 1m, rate: %s/s, item_size: %s}\n";

/*
 * A date key under a ttl shorter than its fill. 50 creates/s of 100 KB
 * living 10 min at 60,000 RU/s (10 ranges of 6,000; a write of 100 KB
 * 50 RU, so 2,500 RU/s written and 3,500 left: room to delete 70
 * expired items a second, more than the 50 expiring): a day's bucket
 * holds its last 10 minutes, 50 x 600 x 102,400 = 3,072,000,000 B (2.9
 * GiB; a 1-h replay holds 2.9 GiB, every expired item deleted).
 * 700 creates/s of 1 KB at 6,000 RU/s (one range; 5 RU a write, 3,500
 * RU/s written, 2,500 left: 500 deletions a second) living 3 h: the
 * bucket grows 700/s for 10,800 s (7,560,000 items, 7,741,440,000 B),
 * then 700 - 500 = 200/s (204,800 B/s): full at 10,800 +
 * (21,474,836,480 - 7,741,440,000) / 204,800 = 10,800 + 67,057.6 =
 * 77,857.6 s, within its first day. Living 10 min: the first day nets
 * 200/s after its first 600 s, 420,000 + 85,800 x 200 = 17,580,000
 * items at midnight (16.4 GiB, not full); its 17,160,000 expired ones
 * are deleted oldest first at 500/s (34,320 s), so the second day's
 * bucket keeps all its 700/s meanwhile and fills at 21,474,836,480 /
 * 716,800 = 29,959.31 s into it: 86,400 + 29,959.31 = 116,359.31 s;
 * but the hour steps time the first expiry inside the hour (at 600 s)
 * with the hour's room spread over its rest, and a time key is not
 * stepped a second at a time (runway_secs): a ttl under the step whose
 * deletions fall behind is not projected (that the figure is right here
 * is the day-1 bucket's not filling). Before: "not projected: time to
 * live with a time key".
 */
START_TEST(test_runway_date_key_ttl)
{
	char text[600];
	struct pk_scorecard c;
	char t[700];

	snprintf(text, sizeof(text), date_fmt, "60000", "10m", "50", "100KB");
	text_card(text, &c, t, sizeof(t));
	ck_assert_msg(c.full_kind == PK_FULL_BOUNDED, "%s", t);
	ck_assert_msg(tu_near(c.bucket_reach_bytes, 3072000000.0, 1e-9),
		      "%f: %s", c.bucket_reach_bytes, t);
	snprintf(text, sizeof(text), date_fmt, "6000", "3h", "700", "1KB");
	text_card(text, &c, t, sizeof(t));
	ck_assert_msg(c.full_kind == PK_FULL_DAYS, "%s", t);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 77857.6, 1e-9),
		      "%f s: %s", c.days_to_full * 86400.0, t);
	snprintf(text, sizeof(text), date_fmt, "6000", "10m", "700", "1KB");
	text_card(text, &c, t, sizeof(t));
	ck_assert_msg(c.full_kind == PK_FULL_NOT_PROJECTED, "%s", t);
	ck_assert_msg(strstr(t, "deletions falling behind what expires"), "%s",
		      t);
}
END_TEST

/* days.jsonl in tu_dir: a record every 60 s for 2 days from Thursday
   2026-01-08 00:00 UTC (ts 1767830400), 2,880 of them */
static void day_records(void)
{
	char path[600];
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s/days.jsonl", tu_dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 2880; i++) {
		fprintf(f, "{\"id\": \"r%d\", \"ts\": %d}\n", i,
			1767830400 + 60 * i);
	}
	fclose(f);
}

/* The records of day_records, 2 MB (2,097,152 B) each, keyed by their
   weekday, default_ttl def */
static const char day_data_fmt[] =
    "container: {partition_key: \"{weekday(ts)}\", throughput: 100000, "
    "default_ttl: %s}\n"
    "items: {file: days.jsonl, time_field: ts, item_size: 2MB}\n";

/*
 * A data file's weekday key: Thursday is sent 2,097,152 B a minute,
 * 34,952.53 B/s, while current. Items living 1 h: it holds its last
 * hour's, 34,952.53 x 3,600 = 125,829,120 B (120 MiB), never full;
 * living 7 days: one day's, 34,952.53 x 86,400 = 3,019,898,880 B
 * (2.8 GiB). Before: the ttl ignored, days to full as without it (the
 * eighth Thursday).
 */
START_TEST(test_runway_data_time_key_ttl)
{
	char text[600];
	struct pk_scorecard c;
	char t[700];

	day_records();
	snprintf(text, sizeof(text), day_data_fmt, "3600");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 125829120.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
	snprintf(text, sizeof(text), day_data_fmt, "7d");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 3019898880.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
}
END_TEST

/* rep.jsonl in tu_dir: 2,000 records of key "Z", 10 a second (ts 0 ..
   199.9); record i's id r(i % pool), or with pool 0 r(i), every tenth
   repeating the one before it */
static void rep_records(int pool)
{
	char path[600];
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s/rep.jsonl", tu_dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 2000; i++) {
		int id = pool ? i % pool : i % 10 == 9 ? i - 1 : i;

		fprintf(f, "{\"id\": \"r%d\", \"k\": \"Z\", \"ts\": %.1f}\n",
			id, i * 0.1);
	}
	fclose(f);
}

static const char rep_yaml[] =
    "container: {partition_key: /k, throughput: 100000}\n"
    "items: {file: rep.jsonl, time_field: ts, item_size: 1KB}\n";

/*
 * A data file whose 2,000 records cycle over 100 ids (the successive
 * versions of 100 documents): every record after the first 100 is a
 * create of a stored id, refused with 409, so "Z" holds 100 items of
 * 1,024 B, 102,400 B: never full. With every tenth record repeating the
 * one before (1,800 ids over 2,000 records: new ids still coming, not
 * a pool drawn whole) it grows by its 1,800 new records over its span,
 * (1,800 - 1) x 1,024 / 199.9 = 9,215.49 B/s, full at 199.9 +
 * (21,474,836,480 - 1,843,200) / 9,215.49 = 2,330,298.3 s. Before: the
 * refused records counted, 10,240 B/s, 24.3 days for both.
 */
START_TEST(test_runway_data_repeated_ids)
{
	struct pk_scorecard c;
	char t[700];

	rep_records(100);
	text_card(rep_yaml, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_NEVER);
	ck_assert_int_eq(c.runway.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(c.runway.ids, 100);
	ck_assert_msg(tu_near(c.runway.bound_bytes, 102400.0, 1e-9), "%f: %s",
		      c.runway.bound_bytes, t);
	rep_records(0);
	text_card(rep_yaml, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 2330298.3, 1e-6),
		      "%f s: %s", c.days_to_full * 86400.0, t);
}
END_TEST

/* `time_scale: 1s = 1m`, one key, 100 creates/s of 10 KB a simulated
   second, default_ttl def simulated seconds */
static const char scaled_fmt[] =
    "time_scale: 1s = 1m\n"
    "container: {partition_key: /k, throughput: 100000, default_ttl: %s}\n"
    "items: {k: {const: one}}\n"
    "phases:\n"
    "  - {name: p, duration: 1m, rate: 100/s, ops: {create: 1}, "
    "item_size: 10KB}\n";

/*
 * The replay applies default_ttl in simulated seconds, so an item lives
 * 600 of them, 36,000 real seconds, while the key is written 100 x
 * 10,240 / 60 = 17,066.7 B a real second: it holds 17,066.7 x 36,000 =
 * 614,400,000 B (585.9 MiB), levelling off there. At 30,000 simulated
 * seconds (20.8 real days) it fills first: 21,474,836,480 / 17,066.7 =
 * 1,258,291.2 s (14.56 days). Before: the rate scaled and the lifetime
 * not, "levels off at 9.8 MiB" (600 real seconds) and "never: levels
 * off at 488.3 MiB".
 */
START_TEST(test_runway_ttl_time_scale)
{
	char text[600];
	struct pk_scorecard c;
	char t[700];

	snprintf(text, sizeof(text), scaled_fmt, "600");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_LEVELS);
	ck_assert_msg(tu_near(c.full_level_bytes, 614400000.0, 1e-9), "%f: %s",
		      c.full_level_bytes, t);
	ck_assert_int_eq(c.full_ttl_s, 36000);
	snprintf(text, sizeof(text), scaled_fmt, "30000");
	text_card(text, &c, t, sizeof(t));
	ck_assert_int_eq(c.full_kind, PK_FULL_DAYS);
	ck_assert_msg(tu_near(c.days_to_full * 86400.0, 1258291.2, 1e-9),
		      "%f s: %s", c.days_to_full * 86400.0, t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_items");
	TCase *tc = tcase_create("runway_items");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_runway_streams_own_ttl);
	tcase_add_test(tc, test_runway_date_key_ttl);
	tcase_add_test(tc, test_runway_streams_own_pool);
	tcase_add_test(tc, test_runway_pool_with_ttl);
	tcase_add_test(tc, test_runway_pool_creates_with_ttl);
	tcase_add_test(tc, test_runway_time_key_ttl);
	tcase_add_test(tc, test_runway_data_time_key_ttl);
	tcase_add_test(tc, test_runway_data_repeated_ids);
	tcase_add_test(tc, test_runway_ttl_time_scale);
	suite_add_tcase(s, tc);
	return s;
}
