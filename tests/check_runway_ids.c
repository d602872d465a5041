/*
 * runway_ids: the storage runway of items rewritten among a pool of ids
 * under a key that reads the id (src/result/runway_ids.c,
 * include/pksim/result/runway.h, finite ids). Figures by hand beside
 * each test; each says what it gave before.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "testutil.h"

/* Upserts of 10 KB (10,240 B) among the ids d1 .. d3000000, 1,000 a
   second for 20 s, under key key (with a property t of values a, b) */
static const char fmt[] =
    "container: {partition_key: \"%s\", throughput: 100000}\n"
    "items:\n"
    "  t: {values: [a, b]}\n"
    "  id: {values: \"d{1..3000000}\"}\n"
    "phases:\n"
    "  - {name: p, duration: 20s, rate: 1000/s, ops: {upsert: 1.0}, "
    "item_size: 10KB}\n";

/* The first variant's runway under key into *rw, its sentence into t */
static void ids_runway(const char *key, struct pk_runway *rw, char *t,
		       size_t cap)
{
	char text[600];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;

	snprintf(text, sizeof(text), fmt, key);
	c = tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	ck_assert_int_eq(c[0].full_kind, PK_FULL_NEVER);
	*rw = c[0].runway;
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
}

/*
 * `{hash(id) mod 10}`: a logical partition holds only the ids that hash
 * to its value: FNV-1a (32 bits) of "d1" .. "d3000000" mod 10 gives
 * 299,868 .. 300,121 ids a value (counted in Python), so at most
 * 300,121 x 10,240 B = 3,073,239,040 B (2.86 GiB): never full. Before:
 * all 3,000,000 ids in every partition, 28.6 GiB, "2.3 days"; then
 * 3,000,000 / 10 = 300,000, "about 300,000".
 */
START_TEST(test_runway_ids_hashed)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("{hash(id) mod 10}", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 300121);
	ck_assert_uint_eq(rw.ids_mod, 10);
	ck_assert_msg(rw.bound_bytes == 3073239040.0, "%f: %s", rw.bound_bytes,
		      t);
	ck_assert_msg(strstr(t, "at most 300,121 of the 3,000,000"), "%s", t);
}
END_TEST

/*
 * `{t}-{hash(id) mod 4}`: "b-2" holds the ids of one hash of four,
 * whatever t: FNV-1a mod 4 of "d1" .. "d3000000" gives 750,000 /
 * 750,000 / 750,001 / 749,999, so at most 750,001 x 10,240 =
 * 7,680,010,240 B (7.15 GiB), never full. Before: "3.5 days" ("b-2"
 * first).
 */
START_TEST(test_runway_ids_hashed_with_prefix)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("{t}-{hash(id) mod 4}", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 750001);
	ck_assert_msg(rw.bound_bytes == 7680010240.0, "%f: %s", rw.bound_bytes,
		      t);
}
END_TEST

/*
 * `{hash(id) mod 3}` over "d1" .. "d30600", 2 upserts/s (uniform over
 * the ids) of 2 MB (2,097,152 B). FNV-1a mod 3 gives 10,203 / 10,148 /
 * 10,249 ids (counted in Python), not 10,200 each: "2" can hold 10,249
 * x 2 MiB = 21,493,710,848 B > 20 GiB (= 10,240 x 2 MiB). After n
 * upserts it holds 10,249 x (1 - e^(-n / 30,600)) ids; 10,240 at n =
 * 30,600 x ln(10,249 / 9) = 215,354 upserts = 107,677.0 s at 2/s =
 * 1.24626 days, "2" first (a 2-day replay: "2" full at t = 111,416 s).
 * Before: "never ... about 10,200 of the 30,600: at most 19.9 GiB".
 */
START_TEST(test_runway_ids_hashed_counted)
{
	const char *text = "container: {partition_key: \"{hash(id) mod 3}\", "
			   "throughput: 30000}\n"
			   "items:\n"
			   "  id: {values: \"d{1..30600}\"}\n"
			   "phases:\n"
			   "  - {duration: 10m, rate: 2/s, ops: {upsert: 1}, "
			   "item_size: 2MB}\n";
	char t[640];
	int kind;
	double s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));

	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(fabs(s - 107677.0) < 1.0, "%.1f: %s", s, t);
	ck_assert_msg(strstr(t, "\"2\" first"), "%s", t);
}
END_TEST

/*
 * Keyed by /id itself: every logical partition is one id, one item of
 * at most 10,240 B. Before: "not within 5 years ... holds 509.1 MiB".
 */
START_TEST(test_runway_ids_key_is_id)
{
	struct pk_runway rw;
	char t[640];

	ids_runway("/id", &rw, t, sizeof(t));
	ck_assert_int_eq(rw.kind, PK_RUNWAY_IDS);
	ck_assert_uint_eq(rw.ids, 1);
	ck_assert_msg(rw.bound_bytes == 10240.0, "%f", rw.bound_bytes);
	ck_assert_msg(strstr(t, "every item is its own logical partition"),
		      "%s", t);
}
END_TEST

/* Ids "i1" .. "i300000" drawn dist on key /k of one value, 100 ops/s
   (op) of 100 KB (102,400 B stored), default_ttl ttl; 100,000 RU/s (17
   ranges of 5,882: a 100 KB write is 50 RU, 5,000 RU/s) */
static const char skew_fmt[] =
    "container: {partition_key: /k, throughput: 100000, default_ttl: %s}\n"
    "items:\n"
    "  k: {values: [a]}\n"
    "  id: {values: \"i{1..300000}\", distribution: %s}\n"
    "phases:\n"
    "  - {name: p, duration: 60s, rate: 100/s, ops: {%s: 1.0}, "
    "item_size: 100KB}\n";

static double skew_full_s(const char *ttl, const char *dist, const char *op,
			  int *kind, char *t, size_t cap)
{
	char text[600];

	snprintf(text, sizeof(text), skew_fmt, ttl, dist, op);
	return tu_full_s("runway.yaml", text, kind, t, cap);
}

/*
 * 100 creates/s among 300,000 ids drawn zipf s = 1: a create of an id
 * the key already holds is refused (409) and stores nothing, so after n
 * draws it holds the expected distinct ids sum_i (1 - (1 - p_i)^n),
 * p_i = (1 / i) / H(300,000) (H = 13.18876), each 102,400 B. 20 GiB is
 * 21,474,836,480 / 102,400 = 209,715.2 ids: by hand (the sum over every
 * id, solved by halving in Python) n = 2,169,484 draws, 21,694.8 s at
 * 100/s (a replay written out fills at 21,650 s). Before: the ids taken
 * as uniform, n = -300,000 ln(1 - 209,715.2 / 300,000) = 360,244,
 * "60.0 min".
 */
START_TEST(test_runway_ids_zipf_creates)
{
	char t[640];
	int kind;
	double s = skew_full_s("off", "zipf", "create", &kind, t, sizeof(t));

	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(fabs(s - 21694.8) < 2.0, "%.1f: %s", s, t);
	/* uniform draws keep their closed form: 3,602.4 s */
	s = skew_full_s("off", "uniform", "create", &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(fabs(s - 3602.4) < 0.5, "%.1f: %s", s, t);
}
END_TEST

/*
 * The same drawn zipfian (theta 0.99), which rng.c draws as YCSB does,
 * Gray et al.'s approximation of Zipf's law: ranks 0 and 1 take 1 / zeta
 * and 0.5^0.99 / zeta (zeta = zeta(300,000, 0.99)), rank k >= 2 ((k +
 * 1)^0.01 - k^0.01) / (300,000^0.01 eta), eta = (1 - (2 / 300,000)^0.01)
 * / (1 - (1 + 0.5^0.99) / zeta). The distinct ids sum_i (1 - (1 -
 * p_i)^n) reach 209,715.2 at n = 2,082,959 draws (halving in Python,
 * every id summed): 20,829.6 s at 100/s. A trial's replays held 208,712
 * ids at 20,500 s and 209,509 at 20,700 s. Before: Zipf's exact p_i,
 * n = 2,045,144, 20,451.4 s.
 */
START_TEST(test_runway_ids_zipfian_creates)
{
	char t[640];
	int kind;
	double s = skew_full_s("off", "zipfian", "create", &kind, t, sizeof(t));

	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(fabs(s - 20829.6) < 2.0, "%.1f: %s", s, t);
}
END_TEST

/*
 * The same drawn hotspot (YCSB's 0.2 / 0.8): 60,000 hot ids of p =
 * 0.8 / 60,000 and 240,000 of 0.2 / 240,000; distinct after n draws
 * 60,000 (1 - (1 - 0.8/60,000)^n) + 240,000 (1 - (1 - 0.2/240,000)^n)
 * = 209,715.2 at n = 1,173,203 (halving in Python): 11,732.0 s.
 * Before: 3,602 s (uniform).
 */
START_TEST(test_runway_ids_hotspot_creates)
{
	char t[640];
	int kind;
	double s = skew_full_s("off", "hotspot", "create", &kind, t, sizeof(t));

	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(fabs(s - 11732.0) < 2.0, "%.1f: %s", s, t);
}
END_TEST

/*
 * Upserts under default_ttl 3 h: an upsert of a held id rewrites it and
 * renews its ttl, so the key holds the ids drawn in the last 3 h, n =
 * 100 x 10,800 = 1,080,000 draws: sum_i (1 - (1 - p_i)^n) = 151,636.2
 * ids (Python), x 102,400 = 15,527,551,555 B (14.46 GiB): it levels
 * off, never full. Only an id's last write leaves an item to expire:
 * 100 x sum_i p_i (1 - p_i)^n = 7.40 deletions a second, within the
 * 882 RU/s the writes leave its range (17.6 deletes of 50 RU). Before:
 * the ids taken as uniform, "fills in 60.0 min"; then every expired
 * write counted as a deletion (100 a second): "deletions falling
 * behind".
 */
START_TEST(test_runway_ids_zipf_upserts_ttl)
{
	char text[600];
	struct pk_scorecard c;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *cs;
	char t[700];

	snprintf(text, sizeof(text), skew_fmt, "10800", "zipf", "upsert");
	cs = tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	c = cs[0];
	scorecard_full_text(res, &cs[0], 0, t, sizeof(t));
	tu_cards_free(cs, run, res);
	ck_assert_msg(c.full_kind == PK_FULL_LEVELS, "%d: %s", c.full_kind, t);
	ck_assert_msg(tu_near(c.full_level_bytes, 15527551555.0, 1e-4),
		      "%f: %s", c.full_level_bytes, t);
	/* written 100 x 102,400 = 10,240,000 B/s, 9.8 MiB/s (before: the
	   level over the lifetime, "1.4 MiB/s on average") */
	ck_assert_msg(strstr(t, "written 9.8 MiB/s"), "%s", t);
}
END_TEST

/*
 * The same zipf pool read through {hash(id) mod 10}: a value holds about
 * 30,000 of the ids, 1 MB each (30 GB, past the cap), drawn as the hash
 * leaves them within the zipf: not stepped, so not projected, the
 * sentence naming the skewed draw. Before: projected as uniform draws
 * among 30,000.
 */
START_TEST(test_runway_ids_skewed_hashed_refused)
{
	const char *text = "container: {partition_key: \"{hash(id) mod 10}\", "
			   "throughput: 100000}\n"
			   "items:\n"
			   "  id: {values: \"i{1..300000}\", distribution: "
			   "zipf}\n"
			   "phases:\n"
			   "  - {duration: 60s, rate: 100/s, ops: {create: 1}, "
			   "item_size: 1MB}\n";
	char t[640];
	int kind;
	double s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));

	ck_assert_msg(kind == PK_FULL_NOT_PROJECTED, "%d: %s", kind, t);
	ck_assert_msg(s < 0, "%f: %s", s, t);
	ck_assert_msg(strstr(t, "ids drawn skewed"), "%s", t);
}
END_TEST

/*
 * The generator's own chance that a draw with m values in use takes the
 * value of rank r (rank 0 the newest): rng.c's zipf_draw is YCSB's
 * ZipfianGenerator (Gray et al.), which returns rank 0 when u zeta(m) <
 * 1, rank 1 when below 1 + 2^-theta, else floor(m (eta u - eta + 1)^(1
 * / (1 - theta))) with eta = (1 - (2 / m)^(1 - theta)) / (1 - zeta(2) /
 * zeta(m)). Solving that floor for u: P(rank >= r) = (1 - (r / m)^(1 -
 * theta)) / eta for r >= 2. z is zeta(m, theta).
 */
static double gray_p(int r, int m, double theta, double z)
{
	double eta, lo, hi;

	if (r == 0) {
		return 1.0 / z;
	}
	if (r == 1) {
		return m > 1 ? pow(2, -theta) / z : 0;
	}
	if (m <= 2 || r >= m) {
		return 0;
	}
	eta = (1 - pow(2.0 / m, 1 - theta)) / (1 - (1 + pow(2, -theta)) / z);
	lo = (1 - pow((double)r / m, 1 - theta)) / eta;
	hi = r + 1 >= m ? 0 : (1 - pow((double)(r + 1) / m, 1 - theta)) / eta;
	return lo - hi;
}

/* The draws after which a pool of n ids drawn latest (theta) holds want
   distinct ids, summed over every id and draw: draw K brings id K - 1
   into use (while K <= n) and takes id i with gray_p(m - 1 - i, m), m
   the ids in use; an id's chance not to be drawn yet is the product of
   1 - its chances. Linear between the two draws either side. */
static double latest_draws_to(int n, double theta, double want)
{
	double *miss = calloc((size_t)n, sizeof(double));
	double *p = calloc((size_t)n + 1, sizeof(double));
	double z = 0, held = 0, was = 0;
	int k, i, m = 0;

	for (k = 1;; k++) {
		if (k <= n) {
			m = k;
			z += pow(k, -theta);
			miss[k - 1] = 1;
			for (i = 0; i < m; i++) {
				p[i] = gray_p(m - 1 - i, m, theta, z);
			}
		}
		held = 0;
		for (i = 0; i < m; i++) {
			miss[i] *= 1 - p[i];
			held += 1 - miss[i];
		}
		if (held >= want) {
			break;
		}
		was = held;
	}
	free(miss);
	free(p);
	return k - 1 + (want - was) / (held - was);
}

/*
 * Ids drawn `latest` into one key, 100 creates/s of 1 KB: a new id comes
 * into use each draw (rng.c), so the key holds more distinct ids than
 * any fixed skew would draw; a create of an id it holds stores nothing
 * (409). With a cap of 1500 KB (1,500 ids of 1,024 B) and 2,000 ids,
 * latest_draws_to, the sum over every id and draw, gives the draw that
 * holds 1,500 (3,663.3, after all 2,000 are in use); at 100/s the
 * projection must say that within 2e-4 (7 ms, 0.7 draws: its blocks of
 * ids err by about 1e-5 of the pool, 0.02 ids here, 0.2 draws at the
 * 0.11 new ids a draw there).
 * F1: 300,000 ids, 100 creates/s of 100 KB (209,715.2 ids in 20 GiB):
 * the trial's own simulation of the draws filled at 4,782 s and a
 * replay at 4,800 s; within 1 %. Before: not projected (and before
 * that 20,451 s, a fixed zipfian over the pool).
 */
START_TEST(test_runway_ids_latest_creates)
{
	const char *text = "container: {partition_key: /k, throughput: "
			   "10000, logical_partition_storage: 1500KB}\n"
			   "items:\n"
			   "  k: only\n"
			   "  id: {values: \"i-{0001..2000}\", distribution: "
			   "latest}\n"
			   "phases:\n"
			   "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
			   "item_size: 1KB}\n";
	const double want = latest_draws_to(2000, 0.99, 1500) / 100;
	char t[640];
	int kind;
	double s = tu_full_s("runway.yaml", text, &kind, t, sizeof(t));

	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, want, 2e-4), "%f s, want %f: %s", s, want, t);
	ck_assert_msg(strstr(t, "values drawn latest (all 2,000 in use"), "%s",
		      t);
	s = skew_full_s("off", "latest", "create", &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_DAYS, "%d: %s", kind, t);
	ck_assert_msg(tu_near(s, 4782, 0.01), "%f s: %s", s, t);
}
END_TEST

/*
 * The projection against a replay: 30,000 ids drawn latest into one key,
 * 100 creates/s of 1 KB, a cap of 20 MB (20,480 ids). The replay
 * refuses its first create (403) where its distinct ids pass 20,480;
 * their count at a draw has an sd of about sqrt(20,480 x 0.3) = 80 ids,
 * 600 draws (6 s) at the 0.13 new ids a draw there, of about 400 s: 5 %
 * is over 3 sd.
 */
START_TEST(test_runway_ids_latest_replay)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 10000, "
	    "logical_partition_storage: 20MB}\n"
	    "items:\n"
	    "  k: only\n"
	    "  id: {values: \"i-{00001..30000}\", distribution: latest}\n"
	    "phases:\n"
	    "  - {duration: 600s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("runway.yaml", text), text, &run, &res);
	const struct pk_result_variant *v = &res->variants[0];
	const double s = c[0].days_to_full * 86400.0;

	ck_assert_int_eq(c[0].full_kind, PK_FULL_DAYS);
	ck_assert_msg(v->n_full_listed >= 1, "the replay filled it");
	ck_assert_msg(tu_near((double)v->full[0].full_at_ms / 1000.0, s, 0.05),
		      "replay %lld ms, projected %f s",
		      (long long)v->full[0].full_at_ms, s);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * 1,000 ids drawn `latest` into one key, 1 KB each: however they are
 * drawn the partition holds at most 1,000 x 1,024 B = 1000.0 KiB, below
 * the cap: "never", the pool's bound, which does not depend on the draw.
 */
START_TEST(test_runway_ids_latest_bounded)
{
	const char *text = "container: {partition_key: /k, throughput: "
			   "10000}\n"
			   "items:\n"
			   "  k: only\n"
			   "  id: {values: \"i-{000..999}\", distribution: "
			   "latest}\n"
			   "phases:\n"
			   "  - {duration: 1m, rate: 100/s, ops: {create: 1}, "
			   "item_size: 1KB}\n";
	char t[640];
	int kind;

	(void)tu_full_s("runway.yaml", text, &kind, t, sizeof(t));
	ck_assert_msg(kind == PK_FULL_NEVER, "%d: %s", kind, t);
	ck_assert_msg(strstr(t, "at most 1000.0 KiB"), "%s", t);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_ids");
	TCase *tc = tcase_create("runway_ids");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_runway_ids_hashed);
	tcase_add_test(tc, test_runway_ids_hashed_with_prefix);
	tcase_add_test(tc, test_runway_ids_key_is_id);
	tcase_add_test(tc, test_runway_ids_hashed_counted);
	tcase_add_test(tc, test_runway_ids_zipf_creates);
	tcase_add_test(tc, test_runway_ids_zipfian_creates);
	tcase_add_test(tc, test_runway_ids_hotspot_creates);
	tcase_add_test(tc, test_runway_ids_zipf_upserts_ttl);
	tcase_add_test(tc, test_runway_ids_latest_creates);
	tcase_add_test(tc, test_runway_ids_latest_replay);
	tcase_add_test(tc, test_runway_ids_latest_bounded);
	tcase_add_test(tc, test_runway_ids_skewed_hashed_refused);
	suite_add_tcase(s, tc);
	return s;
}
