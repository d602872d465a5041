/*
 * days: "days to full": the first
 * logical partition to reach its cap, each at its own growth in the
 * data's own time; a time bucket bounded only when a bucket cannot fill
 * before it ends; a value that comes back (a weekday, an hour of the day)
 * growing only while its time comes round. Every expected value is
 * derived by hand beside its test.
 */
#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/service/cosmos/container.h"
#include "pksim/base/diag.h"
#include "pksim/report/findings.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/pkey.h"
#include "testutil.h"

/* 20 GiB = 21,474,836,480 B: the logical partition cap (rule 11) */
#define CAP 21474836480.0
#define DAY 86400.0

/* 1 if a finding of variant i of res holds s. */
static int finding_has(const struct pk_result *res, size_t i, const char *s)
{
	size_t n, k;
	char **f = findings_make(res, &res->variants[i], &n);
	int found = 0;

	for (k = 0; k < n; k++) {
		found |= strstr(f[k], s) != NULL;
		free(f[k]);
	}
	free(f);
	return found;
}

static int near(double x, double want)
{
	return fabs(x - want) <= 1e-6 * fabs(want);
}

/*
 * Finding A: 1,000 creates a second of 1 KiB (1,024 B) for 10 s into a
 * date key, at 10,000 RU/s (2 ranges of 5,000; a create costs 5 RU, so
 * the one range taking them all runs at 5,000: no 429). The writes are 1
 * ms apart from t = 0 to 9,999 ms; projected (runway.h) the workload's
 * 1,024,000 B/s go to the current bucket from t = 0 (2026-01-01 00:00).
 * A day's bucket at that rate would hold 1,024,000 x 86,400 = 88.5 GB >
 * 20 GiB, so it fills at 21,474,836,480 / 1,024,000 = 20,971.52 s =
 * 0.242726 days (5.8 h), and the storage-growth finding says so.
 * Variants:
 * - /year ("%Y": a year's bucket) the same; /hour ("%Y-%m-%dT%H": an
 *   hour's bucket ends at 3,600 x 1,024,000 = 3,686,400,000 B = 3.4 GiB
 *   < 20 GiB: bounded);
 * - /hod ("%H", an hour of the day, back every day): hour 00 gets
 *   3,686,400,000 B a day; after 5 days it holds 18,432,000,000 B and
 *   the 3,042,836,480 B left take 2,971.52 s of day 6's hour 00: full at
 *   5 x 86,400 + 2,971.52 = 434,971.52 s (5.03 days).
 */
START_TEST(test_days_bucket_fills_before_it_ends)
{
	static const char text[] =
	    "container: {partition_key: /date, throughput: 10000}\n"
	    "variants:\n"
	    "  - {name: date, partition_key: /date}\n"
	    "  - {name: year, partition_key: /year}\n"
	    "  - {name: hour, partition_key: /hour}\n"
	    "  - {name: hod, partition_key: /hod}\n"
	    "items:\n"
	    "  date: {clock: \"%Y-%m-%d\"}\n"
	    "  year: {clock: \"%Y\"}\n"
	    "  hour: {clock: \"%Y-%m-%dT%H\"}\n"
	    "  hod: {clock: \"%H\"}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("days.yaml", text, &run, &res);
	const double days = CAP / 1024000.0 / DAY;
	char t[640];

	ck_assert(near(days, 0.2427259)); /* the arithmetic above */
	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(near(c[0].days_to_full, days), "%f", c[0].days_to_full);
	ck_assert_str_eq(c[0].full_key, "\"2026-01-01\"");
	ck_assert(near(c[0].full_rate, 1024000.0));
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "0.24 days (5.8 h) projected") &&
			  strstr(t, "while its day is current"),
		      "%s", t);
	ck_assert(finding_has(res, 0,
			      "storage growth: logical partition "
			      "/date = \"2026-01-01\" reaches"));
	ck_assert_int_eq(c[1].full_kind, PK_FULL_DAYS);
	ck_assert(near(c[1].days_to_full, days));
	ck_assert(finding_has(res, 1, "storage growth"));
	ck_assert_int_eq(c[2].full_kind, PK_FULL_BOUNDED);
	ck_assert(near(c[2].bucket_reach_bytes, 3686400000.0));
	scorecard_full_text(res, &c[2], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "bounded: an hour's bucket ends before it "
				"fills, holding at most 3.4 GiB"),
		      "%s", t);
	ck_assert(!finding_has(res, 2, "storage growth"));
	ck_assert_int_eq(c[3].full_kind, PK_FULL_DAYS);
	ck_assert_msg(near(c[3].days_to_full * DAY, 434971.52), "%f",
		      c[3].days_to_full * DAY);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A bucket that cannot fill: 1 KiB a second (1,024 B/s projected from
 * t = 0, 2026-01-01, a Thursday).
 * - /date: a day's bucket ends at 1,024 x 86,400 = 88,473,600 B = 84.4
 *   MiB: bounded, no storage-growth finding;
 * - /month ("%Y-%m"): 31 days, 2,742,681,600 B = 2.6 GiB: bounded;
 * - /year ("%Y"): 365 days of 2026, 32.3 GB > 20 GiB: it fills at
 *   21,474,836,480 / 1,024 = 20,971,520 s = 242.7259 days;
 * - {k}-{wd} ("%A", a day back every week): Thursday gets 88,473,600 B a
 *   week; after 242 weeks it holds 21,410,611,200 B, and the 64,225,280 B
 *   left take 62,720 s of the next Thursday: 242 x 604,800 + 62,720 =
 *   146,424,320 s (1,694.7 days);
 * - {deviceId}-like keys with no time: /k, 242.7259 days.
 */
START_TEST(test_days_bounded_and_recurring)
{
	static const char text[] =
	    "container: {partition_key: /date, throughput: 400}\n"
	    "variants:\n"
	    "  - {name: date, partition_key: /date}\n"
	    "  - {name: month, partition_key: /month}\n"
	    "  - {name: year, partition_key: /year}\n"
	    "  - {name: wd, partition_key: \"{k}-{wd}\"}\n"
	    "  - {name: k, partition_key: /k}\n"
	    "items:\n"
	    "  k: same\n"
	    "  date: {clock: \"%Y-%m-%d\"}\n"
	    "  month: {clock: \"%Y-%m\"}\n"
	    "  year: {clock: \"%Y\"}\n"
	    "  wd: {clock: \"%A\"}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 1/s, ops: {create: 1}, item_size: "
	    "1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("days.yaml", text, &run, &res);
	const double days = CAP / 1024.0 / DAY;
	char t[640];

	ck_assert(near(days, 242.72593)); /* the arithmetic above */
	ck_assert_int_eq(c[0].full_kind, PK_FULL_BOUNDED);
	ck_assert(near(c[0].bucket_reach_bytes, 88473600.0));
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_str_eq(t, "bounded: a day's bucket ends before it fills, "
			    "holding at most 84.4 MiB, projected from the "
			    "workload's rates");
	scorecard_full_text(res, &c[0], 1, t, sizeof(t));
	ck_assert_str_eq(t, "bounded (84.4 MiB)");
	ck_assert_int_eq(c[1].full_kind, PK_FULL_BOUNDED);
	ck_assert(near(c[1].bucket_reach_bytes, 2742681600.0));
	ck_assert_int_eq(c[2].full_kind, PK_FULL_DAYS);
	ck_assert_msg(near(c[2].days_to_full, days), "%f", c[2].days_to_full);
	ck_assert_int_eq(c[3].full_kind, PK_FULL_DAYS);
	ck_assert_msg(near(c[3].days_to_full * DAY, 146424320.0), "%f",
		      c[3].days_to_full * DAY);
	scorecard_full_text(res, &c[3], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "growing 1.0 KiB/s while its day is current"),
		      "%s", t);
	ck_assert_int_eq(c[4].full_kind, PK_FULL_DAYS);
	ck_assert(near(c[4].days_to_full, days));
	tu_cards_free(c, run, res);
}
END_TEST

/* A record of exactly 1,000 bytes minified: id, key k, an ISO time of
   fixed width at ms since the epoch, and a pad. */
static void record(FILE *f, char k, int i, long ms)
{
	char head[128];
	int n;

	n = snprintf(
	    head, sizeof(head),
	    "{\"id\":\"%c%04d\",\"k\":\"%c\",\"ts\":\"1970-01-01T%02ld:"
	    "%02ld:%02ld.%03ldZ\",\"p\":\"",
	    k, i, k, ms / 3600000, ms / 60000 % 60, ms / 1000 % 60, ms % 1000);
	/* the pad fills up to 1,000 with the closing quote and brace */
	fprintf(f, "%s%.*s\"}\n", head, 1000 - n - 2,
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
		"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp");
}

/* grow.jsonl: A 5,000 records at 5/s from ts 0 (i x 200 ms, to 999.8
   s), B 1,000 at 100/s over the last 10 s (990 s + j x 10 ms); with
   a_at_zero every A record carries ts 0. Returns its path. */
static const char *grow(int slot, const char *name, int a_at_zero)
{
	static char path[4][512];
	FILE *f;
	int i;

	snprintf(path[slot], sizeof(path[slot]), "%s/%s", tu_dir, name);
	f = fopen(path[slot], "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 5000; i++) {
		record(f, 'A', i, a_at_zero ? 0 : i * 200L);
	}
	for (i = 0; i < 1000; i++) {
		record(f, 'B', i, 990000L + i * 10L);
	}
	ck_assert_int_eq(fclose(f), 0);
	return path[slot];
}

/* The scorecard of `pksim compare ARGS --format json` (variant 0); the
   caller decrefs *root. */
static json_t *card(const char *args, json_t **root)
{
	char full[2048], *out = NULL, *err = NULL;
	int rc;

	snprintf(full, sizeof(full), "compare %s --format json", args);
	rc = tu_run(full, &out, &err);
	ck_assert_msg(rc == 0, "%s: %d %s", full, rc, err ? err : "");
	*root = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(*root);
	free(out);
	free(err);
	return json_object_get(
	    json_array_get(json_object_get(*root, "variants"), 0), "scorecard");
}

/*
 * Finding B: days to full is the first logical partition to fill, each
 * at its own growth over its own active span, not the largest. Every
 * record is 1,000 B (record()). A: 5,000,000 B; after its first instant
 * 4,999 x 1,000 B over 999.8 s = 5,000 B/s; it fills in (21,474,836,480
 * - 5,000,000) / 5,000 = 4,293,967.3 s = 49.70 days. B: 1,000,000 B;
 * 999 x 1,000 B over 9.99 s = 100,000 B/s; (21,474,836,480 - 1,000,000) /
 * 100,000 = 214,738.4 s after its last record at 999.99 s: 2.496972
 * days from the data's start (runway.h counts from there): B first (the
 * largest, A, gave 49.7). The same with --time-compression 10 (the data's own
 * time), and with every A record at ts 0: A arrives at once (429s spread its
 * writes over the replay, but its data time is one instant: no growth), B
 * decides.
 */
START_TEST(test_days_first_to_fill)
{
	const double b_days = (999.99 + (CAP - 1000000.0) / 100000.0) / DAY;
	static const char *const opts[] = {"", " --time-compression 10"};
	char args[1024];
	json_t *root, *c;
	size_t i;

	ck_assert(near(b_days, 2.496972)); /* the arithmetic above */
	for (i = 0; i < 3; i++) {
		snprintf(args, sizeof(args),
			 "--items '%s' --time-field ts --key /k%s",
			 i < 2 ? grow(0, "grow.jsonl", 0)
			       : grow(1, "grow0.jsonl", 1),
			 i < 2 ? opts[i] : "");
		c = card(args, &root);
		ck_assert_str_eq(
		    json_string_value(json_object_get(c, "days_to_full_kind")),
		    "days");
		ck_assert_msg(
		    near(json_number_value(json_object_get(c, "days_to_20gb")),
			 b_days),
		    "%s: %f", args,
		    json_number_value(json_object_get(c, "days_to_20gb")));
		ck_assert_str_eq(
		    json_string_value(json_object_get(c, "first_full_key")),
		    "B");
		ck_assert(near(json_number_value(json_object_get(
				   c, "first_full_growth_bytes_per_s")),
			       100000.0));
		/* the largest is A (5,000,000 B) */
		ck_assert_int_eq(
		    json_integer_value(json_object_get(c, "largest_lp_bytes")),
		    5000000);
		if (i == 2) {
			/* A's 5,000 at once were rate limited */
			ck_assert_int_gt(json_integer_value(json_object_get(
					     c, "throttled_429")),
					 0);
		}
		json_decref(root);
	}
}
END_TEST

/*
 * A logical partition with few items grows over its own first-to-last
 * span, never the whole data set's (runway.h). y: 41 records at ts 0,
 * 2.5 .. 100 s, 40 x 1,000 B over 100 s = 400 B/s: 621.4 days. x: 2
 * records at ts 99.998 and 100.000 s, the data's end: 1,000 B over its
 * own 2 ms = 500,000 B/s, full at 100 + (21,474,836,480 - 2,000) /
 * 500,000 = 43,049.67 s (0.4983 days): x is first (before, x was
 * measured over the data's 100 s and y came first). Its records end
 * the data: no silence after them counts (test_runway_data_quiet_after_
 * burst has a key that stops early).
 */
START_TEST(test_days_few_writes)
{
	FILE *f;
	char path[600], args[1024];
	json_t *root, *c;
	int i;

	snprintf(path, sizeof(path), "%s/few.jsonl", tu_dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i <= 40; i++) {
		record(f, 'y', i, i * 2500L);
	}
	record(f, 'x', 0, 99998L);
	record(f, 'x', 1, 100000L);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "--items '%s' --time-field ts --key /k",
		 path);
	c = card(args, &root);
	ck_assert_str_eq(
	    json_string_value(json_object_get(c, "first_full_key")), "x");
	ck_assert_msg(
	    near(json_number_value(json_object_get(c, "days_to_20gb")),
		 (100.0 + (CAP - 2000.0) / 500000.0) / DAY),
	    "%f", json_number_value(json_object_get(c, "days_to_20gb")));
	json_decref(root);
}
END_TEST

/*
 * The growth fields in data time (container.h, pk_lp): writes at run
 * times 0, 10, 20, 30 ms whose operations arrived at data times 1,000,
 * 0, 0 and 3,000 ms (retries arrive out of order) adding 100, 200, 300
 * and 400 B: the earliest growing data time is 0, the latest 3,000; not
 * growth: 200 + 300 = 500 B at the earliest, and (ASSUMPTION) the 100 B
 * of 1,000 ms, the earliest when they came: 600 B. A preload of 2 items
 * of 1 KiB before the clock is not growth either: 600 + 2,048.
 */
START_TEST(test_days_growth_in_data_time)
{
	static const int64_t data[] = {1000, 0, 0, 3000};
	static const uint32_t size[] = {100, 200, 300, 400};
	/* D-RU, D-KV published points, as check_container's */
	struct pk_cost_spec cost = {1, 10, 5, 50, 1, 1, 2.5, 0.5};
	struct pk_container_spec s;
	struct pk_container *c;
	struct pk_value v = {PK_VALUE_STRING, "k", 1, 0, 0};
	unsigned char key[PK_EPK_ENCODED_MAX];
	size_t len = 0;
	struct pk_epk e;
	const struct pk_lp *lp;
	int i;

	memset(&s, 0, sizeof(s));
	s.partition_key = "/k";
	s.throughput_ru_per_s = 400;
	s.pp_storage_bytes = PK_DEFAULT_PP_STORAGE_BYTES;
	s.pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	s.initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	s.lp_storage_bytes = PK_DEFAULT_LP_STORAGE_BYTES;
	s.index_factor = 1.0;
	c = container_new("t", &s, &cost);
	ck_assert_int_eq(epk_encode_v2(&v, key, sizeof(key), &len), 0);
	e = epk_from_encoded_v2(key, len);
	for (i = 0; i < 4; i++) {
		struct pk_request r;
		struct pk_outcome o;

		memset(&r, 0, sizeof(r));
		r.t_ms = i * 10;
		r.data_ms = data[i];
		r.kind = PK_OP_CREATE;
		r.item = (uint64_t)i;
		r.size_bytes = size[i];
		r.key = key;
		r.key_len = len;
		r.epk = &e;
		r.ttl_s = PK_TTL_OFF;
		container_apply(c, &r, &o);
		ck_assert_int_eq(o.status, 201);
	}
	lp = container_find_lp(c, key, len);
	ck_assert_ptr_nonnull(lp);
	ck_assert_int_eq(lp->first_grow_ms, 0);
	ck_assert_int_eq(lp->last_write_ms, 3000);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_GROW_BASE), 600);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE), 1000);
	ck_assert_int_eq(container_preload(c, key, len, &e, 2, 1024), 0);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_GROW_BASE),
			  600 + 2048);
	ck_assert_uint_eq(container_lp_count(c, lp, PK_LP_STORAGE),
			  1000 + 2048);
	container_free(c);
}
END_TEST

/*
 * H5 (1): rewrites count in the window. 50 upserts of ids d1..d50
 * (1 KiB each) at 0, 10, ..., 490 ms create them; 9,950 more, to 99,990
 * ms, replace them at the same size. Growth after the first instant:
 * 49 x 1,024 = 50,176 B over the window to the last write, 99.99 s
 * (was 0.49 s, to the last growing write: 2.4 days) = 501.81 B/s;
 * (21,474,836,480 - 51,200) / 501.81 = 42,794,... s = 495.31 days was
 * the extrapolation. Projected (runway.h), the 50 ids bound "a" to 50 x
 * 1 KiB = 51,200 B: it never fills.
 */
START_TEST(test_days_rewrites_do_not_grow)
{
	const char *text =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "items: {k: {const: a}, id: {values: \"d{1..50}\", "
	    "distribution: sequential}}\n"
	    "phases: [{duration: 100s, rate: 100/s, ops: {upsert: 1}, "
	    "item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("days.yaml", text, &run, &res);

	ck_assert_int_eq(c[0].full_kind, PK_FULL_NEVER);
	ck_assert_uint_eq(c[0].runway.ids, 50);
	ck_assert(near(c[0].runway.bound_bytes, 51200.0));
	ck_assert(!finding_has(res, 0, "storage growth"));
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * H5 (2): preloaded items do not count toward PK_RESULT_FILL_MIN_ITEMS.
 * 100 keys x 1,000 preloaded items; about 8,000 x 30 x 0.0005 = 120
 * creates over 30 s, a handful a key: each key wrote fewer than 30, so
 * its rate is over the data's span (the first to the last create of any
 * key, just under 30 s), not its own few writes (t014: 2 creates 0.3 s
 * apart read as 3.2 KiB/s, 76.5 days, and a warning). The fastest key
 * wrote k KiB after its first over under 30 s: k x 1,024 / 30 B/s;
 * k <= 10 gave over 726 days. Projected (runway.h): 8,000 x 0.0005 = 4
 * creates/s of 1 KiB over 100 uniform tenants, 40.96 B/s each from
 * their preloaded 1,024,000 B: (21,474,836,480 - 1,024,000) / 40.96 =
 * 524.3 million s, 6,068 days: not within 5 years.
 */
START_TEST(test_days_preload_not_written)
{
	const char *text =
	    "container: {partition_key: /tenantId, throughput: 12000}\n"
	    "items: {tenantId: {values: \"t{000..099}\"}}\n"
	    "preload: {property: tenantId, items_per_value: 1000, "
	    "item_size: 1KB}\n"
	    "phases: [{duration: 30s, rate: 8000/s, "
	    "ops: {create: 0.0005, read: 0.9995}}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("days.yaml", text, &run, &res);

	ck_assert_int_eq(c[0].full_kind, PK_FULL_BEYOND);
	ck_assert(!finding_has(res, 0, "storage growth"));
	tu_cards_free(c, run, res);
}
END_TEST

/* pkey_time_bucket over templates and clock formats (pkey.h). */
START_TEST(test_days_time_buckets)
{
	static const struct {
		const char *key, *clock;
		int64_t len, period;
	} cases[] = {
	    {"/c", "%Y-%m-%d", PK_BUCKET_DAY_S, 0},
	    {"/c", "%Y", PK_BUCKET_YEAR_S, 0},
	    {"/c", "%s", 1, 0},
	    {"/c", "%A", PK_BUCKET_DAY_S, PK_BUCKET_WEEK_S},
	    {"/c", "%H", PK_BUCKET_HOUR_S, PK_BUCKET_DAY_S},
	    {"/c", "%A %H", PK_BUCKET_HOUR_S, PK_BUCKET_WEEK_S},
	    {"/c", "%m-%d", PK_BUCKET_DAY_S, PK_BUCKET_YEAR_S},
	    {"/c", "%Y-W%V", PK_BUCKET_WEEK_S, 0},
	    {"/c", "%M", PK_BUCKET_MINUTE_S, PK_BUCKET_HOUR_S},
	    {"/c", "fixed", 0, 0},
	    {"/k", "%Y", 0, 0},
	    {"'{k}-{c}'", "%Y-%m", PK_BUCKET_MONTH_S, 0},
	    {"'{k}-{day(ts)}'", "%H", PK_BUCKET_DAY_S, 0},
	    {"'{weekday(ts)}'", "%Y", PK_BUCKET_DAY_S, PK_BUCKET_WEEK_S},
	    {"'{hour(ts)}'", "%Y", PK_BUCKET_HOUR_S, 0},
	    {"'{month(ts)}.{hash(k) mod 4}'", "%Y", PK_BUCKET_MONTH_S, 0},
	    {"'{weekday(ts)}-{c}'", "%H", PK_BUCKET_HOUR_S, PK_BUCKET_WEEK_S},
	    {"[/k, /c]", "%d", PK_BUCKET_DAY_S, PK_BUCKET_MONTH_S},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[512];
		struct pk_diag d;
		struct pk_scenario *sc;
		struct pk_pkey *k;
		struct pk_time_bucket b;

		snprintf(text, sizeof(text),
			 "container: {partition_key: %s, throughput: 400}\n"
			 "items: {k: same, ts: same, c: {clock: '%s'}}\n"
			 "phases: [{duration: 1s, rate: 1/s}]\n",
			 cases[i].key, cases[i].clock);
		diag_init(&d);
		sc = scenario_parse("b.yaml", text, strlen(text), &d);
		if (!sc) {
			diag_print(&d, stderr);
		}
		ck_assert_ptr_nonnull(sc);
		k = pkey_new(&sc->variants[0], sc, NULL, 1, &d);
		ck_assert_ptr_nonnull(k);
		pkey_time_bucket(k, sc, &b);
		ck_assert_msg(b.len_s == cases[i].len &&
				  b.period_s == cases[i].period,
			      "%s %s: %lld %lld", cases[i].key, cases[i].clock,
			      (long long)b.len_s, (long long)b.period_s);
		pkey_free(k);
		scenario_free(sc);
		diag_free(&d);
	}
}
END_TEST

/*
 * pkey_time_span_s (pkey.h): the key's time text holds still over each
 * span aligned to the epoch, the shortest span of the formats it writes,
 * and (for a key whose text is a time) changes at the span's start. The
 * runway formats once a span on that promise, so a span too long would
 * give a wrong projection silently. Midnight 2026-03-04 UTC is day
 * 20,516 (check_isotime), 1,772,582,400 s: every span starts there.
 */
START_TEST(test_days_time_span)
{
	static const struct {
		const char *key, *clock;
		int64_t span;
		int changes; /* 1: the text at the span's start differs from
				the second before */
	} cases[] = {
	    {"/c", "%Y-%m-%d", 86400, 1},
	    {"/c", "%A %H", 3600, 1},
	    {"/c", "%M", 60, 1},
	    {"/c", "%s", 1, 1},
	    {"/c", "fixed", 86400, 0},
	    {"/k", "%H", 86400, 0},
	    {"'{k}-{day(ts)}'", "%H", 86400, 1},
	    {"'{hour(ts)}'", "%Y", 3600, 1},
	    {"'{weekday(ts)}-{c}'", "%H", 3600, 1},
	    {"[/k, /c]", "%d", 86400, 1},
	};
	const int64_t start = 20516LL * 86400;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[512], a[64], b[64], before[64];
		struct pk_diag d;
		struct pk_scenario *sc;
		struct pk_pkey *k;
		int64_t span, t;

		snprintf(text, sizeof(text),
			 "container: {partition_key: %s, throughput: 400}\n"
			 "items: {k: same, ts: same, c: {clock: '%s'}}\n"
			 "phases: [{duration: 1s, rate: 1/s}]\n",
			 cases[i].key, cases[i].clock);
		diag_init(&d);
		sc = scenario_parse("s.yaml", text, strlen(text), &d);
		ck_assert_ptr_nonnull(sc);
		k = pkey_new(&sc->variants[0], sc, NULL, 1, &d);
		ck_assert_ptr_nonnull(k);
		span = pkey_time_span_s(k, sc);
		ck_assert_msg(span == cases[i].span, "%s %s: span %lld",
			      cases[i].key, cases[i].clock, (long long)span);
		pkey_time_text(k, sc, start, a, sizeof(a));
		/* each hour (each second under an hour) and the last second */
		for (t = start; t<start + span; t += span> 3600 ? 3600 : 1) {
			pkey_time_text(k, sc, t, b, sizeof(b));
			ck_assert_str_eq(b, a);
		}
		pkey_time_text(k, sc, start + span - 1, b, sizeof(b));
		ck_assert_str_eq(b, a);
		pkey_time_text(k, sc, start - 1, before, sizeof(before));
		ck_assert_msg((strcmp(before, a) != 0) == cases[i].changes,
			      "%s %s: \"%s\" then \"%s\"", cases[i].key,
			      cases[i].clock, before, a);
		pkey_free(k);
		scenario_free(sc);
		diag_free(&d);
	}
}
END_TEST

/*
 * Under two days the table cell and the ranking say the figure the
 * statement does (never "0.0" beside
 * "0.01 days (15.4 min)"). Preloaded: 19,456 x 1 MiB = 19 GiB; then 100
 * creates of 1 MiB at 1/s, t = 0 .. 99 s: 99 MiB grown after the first
 * over 99 s = 1 MiB/s; projected from t = 0 (runway.h) the preloaded
 * 19,456 MiB grow 1 MiB/s to the 20,480 MiB cap: 1,024 s = 17.1 min =
 * 1,024 / 86,400 = 0.0119 days, "0.01".
 */
START_TEST(test_days_under_two_days_readable)
{
	char *path, *out = NULL, *err = NULL, args[600];

	path = tu_write_file(
	    tu_dir, "prefull.yaml",
	    "container: {partition_key: /tenantId, throughput: 10000, "
	    "partitions: 1}\n"
	    "preload: {property: tenantId, items_per_value: 19456, "
	    "item_size: 1MB}\n"
	    "items:\n"
	    "  tenantId: {const: big}\n"
	    "phases:\n"
	    "  - {duration: 100s, rate: 1/s, item_size: 1MB}\n");
	snprintf(args, sizeof(args), "compare '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_msg(
	    strstr(out, "  days to full             0.01 (17.1 min)\n"), "%s",
	    out);
	ck_assert_ptr_nonnull(strstr(out, "  /tenantId                0.01 "
					  "days (17.1 min) projected from the "
					  "workload's rates"));
	ck_assert_ptr_nonnull(strstr(out, "; full in 0.01 days (17.1 min) "
					  "projected from the workload's "
					  "rates"));
	ck_assert_ptr_null(strstr(out, "0.0 days"));
	free(out);
	free(err);
	free(path);
}
END_TEST

/*
 * Time to live: one key written 1
 * MiB every 3,600 / 42.67 = 84.375 s, 1,024 MiB (1 GiB) a day for 10 days:
 * 10,240 items, the last at 10,239 x 84.375 = 863,915.6 s, so the write
 * rate is 10,239 MiB / 863,915.6 s = 1 MiB / 84.375 s = 12,427.6 B/s
 * (12.1 KiB/s) whatever expired.
 * - default_ttl 7d: an item lives 604,800 s, so the partition holds at
 *   most 604,800 / 84.375 = 7,168 MiB = 7.0 GiB (days 3..9 at the end):
 *   below 20 GiB it levels off and never fills. Before the fix the net
 *   growth, (7,168 - 1) MiB over 863,915.6 s = 8.5 KiB/s, read as 18.6
 *   days to full and a storage-growth finding.
 * - default_ttl 30d: 30 x 1,024 MiB = 30 GiB >= 20 GiB: it fills before
 *   its first items expire, at the write rate: 20,480 MiB x 84.375 s/MiB
 *   = 1,728,000 s = 20.0 days from the start (runway.h: the 10-day
 *   phase repeats), as without TTL.
 * - off: the same 20.0 days.
 */
START_TEST(test_days_time_to_live)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *cards;
	char t[512];
	const double mib = 1048576.0, days10 = 20480.0 * 84.375 / DAY;

	ck_assert(near(days10, 20.0)); /* the arithmetic above */
	cards = tu_cards(
	    "days.yaml",
	    "container: {partition_key: /deviceId, throughput: 4000, "
	    "default_ttl: 7d}\n"
	    "variants:\n"
	    "  - {name: ttl7d}\n"
	    "  - {name: ttl30d, default_ttl: 30d}\n"
	    "  - {name: nottl, default_ttl: off}\n"
	    "items:\n"
	    "  deviceId: {const: dev-1}\n"
	    "phases:\n"
	    "  - {duration: 10d, rate: 42.666666666666667/h, item_size: 1MB}\n",
	    &run, &res);
	ck_assert_int_eq(cards[0].full_kind, PK_FULL_LEVELS);
	ck_assert_msg(near(cards[0].full_level_bytes, 7168.0 * mib), "%f",
		      cards[0].full_level_bytes);
	ck_assert_msg(near(cards[0].full_rate, mib / 84.375), "%f",
		      cards[0].full_rate);
	ck_assert_str_eq(scorecard_full_text(res, &cards[0], 0, t, sizeof(t)),
			 "never: levels off at 7.0 GiB under time to live "
			 "(\"dev-1\" written 12.1 KiB/s, its items living "
			 "7.0 days)");
	ck_assert_str_eq(scorecard_full_text(res, &cards[0], 1, t, sizeof(t)),
			 "levels at 7.0 GiB");
	ck_assert(!finding_has(res, 0, "storage growth"));
	ck_assert_int_eq(cards[1].full_kind, PK_FULL_DAYS);
	ck_assert_msg(near(cards[1].days_to_full, days10), "%f",
		      cards[1].days_to_full);
	ck_assert_int_eq(cards[2].full_kind, PK_FULL_DAYS);
	ck_assert_msg(near(cards[2].days_to_full, days10), "%f",
		      cards[2].days_to_full);
	tu_cards_free(cards, run, res);
}
END_TEST

/*
 * A time key under time to live near the cap: 3 creates/s of 100 KB
 * (3 x 102,400 = 307,200 B/s) into a "%Y-%m-%d" key.
 * - Without time to live a day's bucket fills: 21,474,836,480 / 307,200
 *   = 69,905.1 s < 86,400 s. With default_ttl 69,840 s its first items
 *   expire before that, so time to live, not the day's end, holds it
 *   under the cap: 69,840 x 307,200 = 21,454,848,000 B = 19.981 GiB,
 *   20 MB under the cap; one decimal would print the cap's "20.0 GiB".
 *   69,840 s = 19.4 h.
 * - default_ttl 60,000 s: 60,000 x 307,200 = 18,432,000,000 B = 17.17
 *   GiB ("17.2 GiB"), its items living 16.7 h: again the lifetime.
 * - An hour-of-day key ("%H") of 50 creates/s of 100 KB (5,120,000 B/s)
 *   under default_ttl 86,990 s: hour 00 holds its last lifetime's
 *   writes, one hour a day plus the 590 s of the next day's hour 00 that
 *   the lifetime reaches: 3,600 x 5,120,000 + 590 x 5,120,000 =
 *   21,452,800,000 B = 19.979 GiB ("19.98 GiB"), under the cap.
 */
START_TEST(test_days_time_key_held_by_ttl)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char t[640];

	ck_assert(CAP / 307200.0 < DAY);		    /* 69,905.1 s */
	ck_assert(near(69840.0 * 307200.0, 21454848000.0)); /* < CAP */
	c = tu_cards("days.yaml",
		     "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
		     "container: {partition_key: /day, throughput: 100000, "
		     "default_ttl: 69840s}\n"
		     "variants:\n"
		     "  - {name: near}\n"
		     "  - {name: t60000, default_ttl: 60000s}\n"
		     "items:\n"
		     "  day: {clock: \"%Y-%m-%d\"}\n"
		     "phases:\n"
		     "  - {duration: 1h, rate: 3/s, ops: {create: 1}, "
		     "item_size: 100KB}\n",
		     &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_BOUNDED);
	ck_assert_msg(near(c[0].bucket_reach_bytes, 21454848000.0), "%f",
		      c[0].bucket_reach_bytes);
	ck_assert_str_eq(scorecard_full_text(res, &c[0], 0, t, sizeof(t)),
			 "bounded: time to live holds a day's bucket to at "
			 "most 19.98 GiB (its items living 19.4 h), "
			 "projected from the workload's rates");
	ck_assert_str_eq(scorecard_full_text(res, &c[0], 1, t, sizeof(t)),
			 "bounded (19.98 GiB)");
	ck_assert_int_eq(c[1].full_kind, PK_FULL_BOUNDED);
	ck_assert(near(c[1].bucket_reach_bytes, 18432000000.0));
	ck_assert_str_eq(scorecard_full_text(res, &c[1], 0, t, sizeof(t)),
			 "bounded: time to live holds a day's bucket to at "
			 "most 17.2 GiB (its items living 16.7 h), "
			 "projected from the workload's rates");
	tu_cards_free(c, run, res);
	c = tu_cards("days.yaml",
		     "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
		     "container: {partition_key: /h, throughput: 1000000, "
		     "default_ttl: 86990s}\n"
		     "items:\n"
		     "  h: {clock: \"%H\"}\n"
		     "phases:\n"
		     "  - {duration: 1h, rate: 50/s, ops: {create: 1}, "
		     "item_size: 100KB}\n",
		     &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_LEVELS);
	ck_assert_msg(near(c[0].full_level_bytes, 21452800000.0), "%f",
		      c[0].full_level_bytes);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "never: levels off at 19.98 GiB under time "
				"to live"),
		      "%s", t);
	ck_assert_str_eq(scorecard_full_text(res, &c[0], 1, t, sizeof(t)),
			 "levels at 19.98 GiB");
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A levels-off sentence at a time scale: `time_scale: 1s = 1m`, 60
 * creates a simulated second of 100 KB into one key under default_ttl
 * 600 s (simulated). In real time that is 1 create a second: 102,400 B/s
 * (100.0 KiB/s), its items living 600 x 60 = 36,000 s (10.0 h), so it
 * levels off at 102,400 x 36,000 = 3,686,400,000 B (3.4 GiB), and the
 * sentence names the scale those figures are in, as the others do.
 */
START_TEST(test_days_levels_at_time_scale)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;
	char t[640];

	c = tu_cards("days.yaml",
		     "time_scale: 1s = 1m\n"
		     "container: {partition_key: /tenant, throughput: 1000000, "
		     "default_ttl: 600s}\n"
		     "items:\n"
		     "  tenant: {values: [\"a\"]}\n"
		     "phases:\n"
		     "  - {duration: 10m, rate: 60/s, ops: {create: 1}, "
		     "item_size: 100KB}\n",
		     &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_LEVELS);
	ck_assert_msg(near(c[0].full_level_bytes, 3686400000.0), "%f",
		      c[0].full_level_bytes);
	ck_assert_str_eq(scorecard_full_text(res, &c[0], 0, t, sizeof(t)),
			 "never: levels off at 3.4 GiB under time to live "
			 "(\"a\" written 100.0 KiB/s, its items living "
			 "10.0 h), at its time scale (1s = 1m)");
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * A partition the horizon cuts just under its cap reads as not full:
 * one key, 0.133 creates/s of 1 KB (1,024 B), so 136.192 B/s. At the
 * horizon, 1,825 days = 157,680,000 s, it holds 136.192 x 157,680,000 =
 * 21,474,754,560 B, 81,920 B under 20 GiB (21,474,836,480 B), full at
 * 157,680,601.5 s (day 1,825.007): not within 5 years. 21,474,754,560
 * / 2^30 = 19.99992 GiB, which one or two or three decimals round to
 * the cap (20.0, 20.00, 20.000) and four do not: "19.9999 GiB", said by
 * day 1,825. Before: "holds 20.0 GiB by then" beside a 20.0 GiB cap.
 */
START_TEST(test_days_beyond_just_under_cap)
{
	static const char text[] =
	    "container: {partition_key: /t, throughput: 400}\n"
	    "items: {t: {const: a}}\n"
	    "phases: [{duration: 1h, rate: 0.133/s, item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("days.yaml", text, &run, &res);
	char t[1024];

	ck_assert_int_eq(c[0].full_kind, PK_FULL_BEYOND);
	ck_assert_msg(near((double)c[0].full_lp_bytes, 21474754560.0), "%f",
		      (double)c[0].full_lp_bytes);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(strstr(t, "not within 5 years") &&
			  strstr(t, "\"a\" holds 19.9999 GiB by day 1,825, "
				    "the horizon of 5 x 365 days)"),
		      "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("days");
	TCase *tc = tcase_create("days");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_days_bucket_fills_before_it_ends);
	tcase_add_test(tc, test_days_bounded_and_recurring);
	tcase_add_test(tc, test_days_first_to_fill);
	tcase_add_test(tc, test_days_few_writes);
	tcase_add_test(tc, test_days_growth_in_data_time);
	tcase_add_test(tc, test_days_time_buckets);
	tcase_add_test(tc, test_days_time_span);
	tcase_add_test(tc, test_days_under_two_days_readable);
	tcase_add_test(tc, test_days_time_to_live);
	tcase_add_test(tc, test_days_time_key_held_by_ttl);
	tcase_add_test(tc, test_days_levels_at_time_scale);
	tcase_add_test(tc, test_days_rewrites_do_not_grow);
	tcase_add_test(tc, test_days_preload_not_written);
	tcase_add_test(tc, test_days_beyond_just_under_cap);
	suite_add_tcase(s, tc);
	return s;
}
