/*
 * runway_dels: the storage runway (include/pksim/result/runway.h) of
 * workloads that delete: each delete draws its target among every
 * stored item (select uniform), whatever its stream, phase or key, so a
 * logical partition loses deletes by its share of the stored items
 * (runway_dels.c). Figures derived by hand beside each test; each says
 * what it gave before.
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
	double s = tu_full_s("dels.yaml", text, &kind, t, cap);

	ck_assert_msg(kind == PK_FULL_DAYS, "kind %d: %s", kind, t);
	return s;
}

/*
 * A day key (`%Y-%m-%d`) with 6 creates and 4 deletes a second of 50 KB
 * (51,200 B). The deletes pick among every stored item, most of them
 * older days', so day k's bucket, starting empty on N0 = 172,800 k
 * stored items (net 2 a second), follows x' = 6 - 4 x / N, N = N0 + 2 t:
 * x = N - N0 (N0 / N)^2. At their days' ends: day 0 172,800 items (8.2
 * GiB), day 1 345,600 - 172,800 x 0.25 = 302,400, day 2 364,800, day 3
 * 399,600, day 4 864,000 - 691,200 x 0.64 = 421,632 > 419,430.4 (20 GiB
 * / 51,200): day 4 fills 85,856.6 s in, at 431,456.6 s (4.9937 days;
 * the 12-day replay: 431,426 s). Hourly steps, the crossing linear in
 * its hour: within 1e-4. Before: "bounded (8.2 GiB)", every delete
 * taken from the current day's bucket.
 */
START_TEST(test_dels_day_key_loses_by_stored_share)
{
	static const char text[] =
	    "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
	    "container: {partition_key: /day, throughput: 10000}\n"
	    "items: {day: {clock: \"%Y-%m-%d\"}}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 10/s, ops: {create: 0.6, delete: 0.4}, "
	    "item_size: 50KB}\n";
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 431456.6, 1e-4), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "\"2026-01-05\" first"), "%s", t);
}
END_TEST

/*
 * Three streams: "big" 1 create/s of 100 KB under key big, "small" 9/s
 * of 1 KB under key small, "deleter" 5 deletes/s. Every delete picks
 * among all 10 items written a second, so big loses 5 x 1/10: it keeps
 * 0.5 items/s = 51,200 B/s, full at 21,474,836,480 / 51,200 = 419,430.4
 * s (4.85 days; the 6-day replay: 419,054 s) whatever key the deleter's
 * own items name. Before: 209,715.2 s (2.4 days), the deleting stream
 * left out.
 */
#define THREE_STREAMS(dkey)                                                    \
	"container: {partition_key: /k, throughput: 10000}\n"                  \
	"streams:\n"                                                           \
	"  - name: big\n"                                                      \
	"    items: {k: {const: big}}\n"                                       \
	"    phases:\n"                                                        \
	"      - {duration: 10m, rate: 1/s, item_size: 100KB}\n"               \
	"  - name: small\n"                                                    \
	"    items: {k: {const: small}}\n"                                     \
	"    phases:\n"                                                        \
	"      - {duration: 10m, rate: 9/s, item_size: 1KB}\n"                 \
	"  - name: deleter\n"                                                  \
	"    items: {k: {const: " dkey "}}\n"                                  \
	"    phases:\n"                                                        \
	"      - {duration: 10m, rate: 5/s, ops: {delete: 1}}\n"

START_TEST(test_dels_stream_of_deletes)
{
	char t[640];
	double s = full_s(THREE_STREAMS("small"), t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 51200.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "\"big\" first"), "%s", t);
	s = full_s(THREE_STREAMS("big"), t, sizeof(t));
	ck_assert_msg(tu_near(s, CAP / 51200.0, 1e-9), "%f: %s", s, t);
}
END_TEST

/*
 * One key, a 20-minute cycle: 10 min of 100 creates/s of 1 KB, then 10
 * min of 50 operations/s. All deletes: a cycle stores 60,000 and deletes
 * 30,000, 25 items/s x 1,024 = 25,600 B/s, full at 838,860.8 s (9.71
 * days; the 1-day replay stores 25,600 B/s). 10 % creates, 90 %
 * deletes: 60,000 + 3,000 - 27,000 = 36,000 a cycle, 30,720 B/s, full at
 * 699,050.7 s (8.09 days). Before: 419,430.4 s (4.9 days) for both, the
 * second phase's net clamped to 0.
 */
#define PURGE(mix)                                                             \
	"container: {partition_key: /k, throughput: 10000}\n"                  \
	"items: {k: {const: a}}\n"                                             \
	"phases:\n"                                                            \
	"  - {duration: 10m, rate: 100/s, item_size: 1KB}\n"                   \
	"  - {duration: 10m, rate: 50/s, ops: " mix ", item_size: 1KB}\n"

START_TEST(test_dels_purge_phase_shrinks)
{
	char t[640];
	double s = full_s(PURGE("{delete: 1}"), t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 25600.0, 1e-9), "%f: %s", s, t);
	s = full_s(PURGE("{create: 0.1, delete: 0.9}"), t, sizeof(t));
	ck_assert_msg(tu_near(s, CAP / 30720.0, 1e-9), "%f: %s", s, t);
}
END_TEST

/*
 * A phase that replaces by `select: {distribution: zipf, s: 1.3}` (the
 * oldest items hottest): the runway's rewrites pick stored items
 * uniformly, which gave 15.0 days where the 5,200-cycle replay fills at
 * 34.7, so a select other than uniform is not projected and the
 * sentence names it; with select uniform it is projected and says
 * nothing of a select.
 */
#define REPLACES(select)                                                       \
	"container: {partition_key: /tenant, throughput: 10000}\n"             \
	"items: {tenant: {const: contoso}}\n"                                  \
	"phases:\n"                                                            \
	"  - {duration: 10s, rate: 10/s, item_size: 1KB}\n"                    \
	"  - {duration: 10m, rate: 10/s, ops: {replace: 1}, "                  \
	"item_size: 100KB" select "}\n"

START_TEST(test_dels_select_said)
{
	char t[800];
	int kind;

	tu_full_s("dels.yaml",
		  REPLACES(", select: {distribution: zipf, s: 1.3}"), &kind, t,
		  sizeof(t));
	ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "kind %d: %s", kind, t);
	ck_assert_msg(strstr(t, "a select other than uniform"), "%s", t);
	full_s(REPLACES(""), t, sizeof(t));
	ck_assert_msg(!strstr(t, "select"), "%s", t);
}
END_TEST

/* Key a written 10 items/s of 1 KB by one stream and rewritten 10/s at
   100 KB by another: the streams of the rewrite tests below */
#define REWRITER                                                               \
	"streams:\n"                                                           \
	"  - name: writer\n"                                                   \
	"    items: {k: {const: a}}\n"                                         \
	"    phases:\n"                                                        \
	"      - {duration: 10m, rate: 10/s, item_size: 1KB}\n"                \
	"  - name: rewriter\n"                                                 \
	"    items: {k: {const: a}}\n"                                         \
	"    phases:\n"                                                        \
	"      - {duration: 10m, rate: 10/s, ops: {replace: 1}, "              \
	"item_size: 100KB}\n"

/*
 * Rewrites from another stream: "writer" 10 creates/s of 1 KB and
 * "rewriter" 10 replaces/s of 100 KB under one key. One rewrite per new
 * item, each of a stored item drawn uniformly: the items not yet
 * rewritten, S of N = 10 t, follow S' = 10 - 10 S / N, S = N / 2, so
 * the partition holds 5 t x 102,400 + 5 t x 1,024 = 517,120 t B, full
 * at 21,474,836,480 / 517,120 = 41,527.6 s (0.4806 days; the 1-day
 * replay: 41,568 s). Before: 39,924 s, each hour's rewrites spread over
 * the items at its end as if all had been stored from its start.
 */
START_TEST(test_dels_rewrites_of_another_stream)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 1000000}\n" REWRITER;
	char t[640];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 517120.0, 1e-6), "%f: %s", s, t);
}
END_TEST

/*
 * Time to live that outlasts the fill changes nothing before it: 6
 * creates and 4 deletes a second of 50 KB under one key net 2 items a
 * second, 20 GiB / (2 x 51,200 B) = 209,715.2 s (2.4 days), before the
 * first item expires at 7 d = 604,800 s; the same as with time to live
 * off, the sentence saying why. Before: deletes taken off the new items
 * under any time to live, said as an ASSUMPTION.
 */
#define MIX_TTL(ttl)                                                           \
	"container: {partition_key: /k, throughput: 10000, default_ttl: " ttl  \
	"}\n"                                                                  \
	"items: {k: {const: a}}\n"                                             \
	"phases:\n"                                                            \
	"  - {duration: 10m, rate: 10/s, ops: {create: 0.6, delete: 0.4}, "    \
	"item_size: 50KB}\n"

START_TEST(test_dels_ttl_after_fill_said)
{
	char t[800];
	double s = full_s(MIX_TTL("7d"), t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 102400.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "it fills before any item expires (its items "
				"living 7.0 days)"),
		      "%s", t);
	ck_assert_msg(!strstr(t, "deletes taken off"), "%s", t);
	s = full_s(MIX_TTL("off"), t, sizeof(t));
	ck_assert_msg(tu_near(s, CAP / 102400.0, 1e-9), "%f: %s", s, t);
	ck_assert_msg(!strstr(t, "deletes") && !strstr(t, "expires"), "%s", t);
}
END_TEST

/*
 * The day key of test_dels_day_key_loses_by_stored_share under a 30-day
 * time to live: nothing expires before day 30, so day 4 fills as
 * without it, at 431,456.6 s (4.9937 days; the 6-day replay with the
 * ttl: 431,426 s). Before: "bounded (8.2 GiB)", the deletes taken off
 * the current day's new items because time to live was on.
 */
START_TEST(test_dels_day_key_long_ttl)
{
	static const char text[] =
	    "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
	    "container: {partition_key: /day, throughput: 10000, "
	    "default_ttl: 30d}\n"
	    "items: {day: {clock: \"%Y-%m-%d\"}}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 10/s, ops: {create: 0.6, delete: 0.4}, "
	    "item_size: 50KB}\n";
	char t[800];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 431456.6, 1e-4), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "\"2026-01-05\" first"), "%s", t);
}
END_TEST

/*
 * Rewrites at a larger size under a 30-day time to live (trial H9): a
 * writer's 10 creates/s of 1 KB and a rewriter's 10 replaces/s of 100
 * KB under one key. One rewrite per new item leaves half the items at
 * 1 KB (one created at part x of t is unrewritten with probability x):
 * bytes = 5 t x 102,400 + 5 t x 1,024 = 517,120 t, full at 41,527.5 s
 * (0.48 days; the 1-day replay with the ttl: 41,568 s), long before
 * anything expires. Before: 24.3 days, the rewrites not counted under
 * time to live.
 */
START_TEST(test_dels_rewrites_long_ttl)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000, "
	    "default_ttl: 30d}\n" REWRITER;
	char t[800];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, CAP / 517120.0, 1e-6), "%f: %s", s, t);
	ck_assert_msg(strstr(t, "before any item expires"), "%s", t);
}
END_TEST

/*
 * Deletes under a short time to live (trial H2): 60 creates and 40
 * deletes a second of 100 KB under one key, ttl 2 h, 60,000 RU/s (room
 * to delete what expires). A delete draws among every item written and
 * not yet deleted, expired ones too (a 404 then), so that set holds N =
 * 20 t items and an item written at s survives the deletes (rate 40 / N
 * = 2 / t) to t with (s / t)^2, to s + 7,200 when it expires: the key
 * holds 60 x integral from t - 7,200 to t of (s / t)^2 ds = 20 (t^3 -
 * (t - 7,200)^3) / t^2 items, 209,715.2 (20 GiB / 102,400 B) at t =
 * 10,916.5 s (bisected); the projection's hourly steps within 0.5 %
 * (the 4-h replay: full at t = 10,884 s). Before: 11,054 s within 2 %,
 * the deletes drawn among the live items only.
 */
START_TEST(test_dels_short_ttl_fills)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 60000, "
	    "default_ttl: 7200s}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 100/s, ops: {create: 0.6, delete: 0.4}, "
	    "item_size: 100KB}\n";
	char t[800];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 10916.5, 0.005), "%f: %s", s, t);
	ck_assert_msg(!strstr(t, "deletes taken off"), "%s", t);
}
END_TEST

/*
 * Trial K (K3): on one key, a stream creating 10 items/s of 100 KB that
 * never expire (default_ttl -1), one creating 10/s each living 60 s (its
 * own ttl) and one deleting 5/s. The deletes draw among every item
 * written and not yet deleted, the expired too (each a 404): that set
 * holds 20 t - 5 t = 15 t, half of it keep's, so a kept item written at
 * s survives (rate 5 / 15 t) to t with (s / t)^(1/3) and keep's items
 * number 10 x integral from 0 to t of (s / t)^(1/3) ds = 7.5 t; the
 * short ones add their last 60 s, 10 x integral from t - 60 to t of
 * (s / t)^(1/3) ds = 599.8 near the fill. 7.5 t + 599.8 = 209,715.2
 * items (20 GiB / 102,400 B) at t = 27,882.1 s (the 12-h replay: full
 * at t = 27,887 s, 104,840 deletes 404). Before: 36,525 s, the deletes
 * drawn among the live items only.
 */
START_TEST(test_dels_expired_targets_404)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000, default_ttl: "
	    "-1}\n"
	    "streams:\n"
	    "  - name: keep\n"
	    "    items: {k: {const: a}}\n"
	    "    phases:\n"
	    "      - {duration: 2m, rate: 10/s, item_size: 100KB}\n"
	    "  - name: short\n"
	    "    items: {k: {const: a}, ttl: {const: 60}}\n"
	    "    phases:\n"
	    "      - {duration: 2m, rate: 10/s, item_size: 100KB}\n"
	    "  - name: deleter\n"
	    "    items: {k: {const: a}}\n"
	    "    phases:\n"
	    "      - {duration: 2m, rate: 5/s, ops: {delete: 1}}\n";
	char t[800];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 27882.1, 0.001), "%f: %s", s, t);
}
END_TEST

/*
 * Preloaded items are not the workload's: no delete targets them
 * (scenarios/README.md). Keys a and b each preloaded with 19,456 items
 * of 1 MiB (19 GiB), then 10 operations/s, 60 % creates and 40 %
 * deletes of 10 KB over both keys alike: each key gets 3 creates and,
 * holding half the workload's items, 2 of the 4 deletes a second, so it
 * grows 10,240 B/s into its 1 GiB of room: 1,073,741,824 / 10,240 =
 * 104,857.6 s (1.21 days; trial's 2-day replay of the same with the
 * preload in one key: full at 104,957 s). Before: 86,063 s (1.00
 * days), the preloaded items counted among those the deletes draw from,
 * so the new items lost fewer deletes than they do.
 */
START_TEST(test_dels_preload_not_targeted)
{
	const char *text =
	    "container: {partition_key: /k, throughput: 30000}\n"
	    "items: {k: {values: [a, b]}}\n"
	    "preload: {property: k, items_per_value: 19456, item_size: 1MiB}\n"
	    "phases:\n"
	    "  - {duration: 10m, rate: 10/s, ops: {create: 0.6, delete: 0.4}, "
	    "item_size: 10KB}\n";
	char t[800];
	double s = full_s(text, t, sizeof(t));

	ck_assert_msg(tu_near(s, 1073741824.0 / 10240.0, 1e-6), "%f: %s", s, t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_dels");
	TCase *tc = tcase_create("runway_dels");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_dels_day_key_loses_by_stored_share);
	tcase_add_test(tc, test_dels_stream_of_deletes);
	tcase_add_test(tc, test_dels_purge_phase_shrinks);
	tcase_add_test(tc, test_dels_select_said);
	tcase_add_test(tc, test_dels_rewrites_of_another_stream);
	tcase_add_test(tc, test_dels_ttl_after_fill_said);
	tcase_add_test(tc, test_dels_day_key_long_ttl);
	tcase_add_test(tc, test_dels_rewrites_long_ttl);
	tcase_add_test(tc, test_dels_short_ttl_fills);
	tcase_add_test(tc, test_dels_expired_targets_404);
	tcase_add_test(tc, test_dels_preload_not_targeted);
	suite_add_tcase(s, tc);
	return s;
}
