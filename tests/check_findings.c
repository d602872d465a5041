/*
 * findings: each sentence's trigger and threshold, on result models built
 * by hand (no run), so every figure in a sentence follows from the
 * fixture beside it. The last test runs two small scenarios with a merge
 * to check the merge note result.c derives from the recorded merge.
 */
#include <check.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/monitor.h"
#include "pksim/report/findings.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_snapshot.h"
#include "pksim/service/cosmos/pkey.h"
#include "testutil.h"

#define RANGES 8

/* One variant's result, built field by field. */
struct fx {
	struct pk_container_spec spec;
	struct pk_pkey *key;
	struct pk_metrics m;
	struct pk_result_range ranges[RANGES];
	struct pk_result_lineage lineage[RANGES];
	struct pk_keyval kv[4];
	struct pk_result_variant v;
	struct pk_result r; /* the run: the bare scenario, v its variant */
};

static struct pk_scenario bare = {.file = "t.yaml"};

/* The compare command for a storage problem of key /k (findings_keys.h):
   the hierarchical key with a unique last level (rule 33) */
#define STORAGE_POINTER                                                        \
	"the key, not the layout: `pksim compare SCENARIO.yaml --key '[/k, "   \
	"/id]'` (this scenario's file) replays this stream under this key "    \
	"beside /k and ranks them (a key "                                     \
	"is set when a container is created: another means a new container "   \
	"and a migration); [/k, /id]: a unique last level, so no full key "    \
	"value reaches the logical partition's storage cap (rule 33)"

/* An Azure Cosmos DB variant: 6,000 RU/s manual on one range (id 0) with
   the default caps, partition key /k; nothing happened yet. */
static struct fx *fx_new(void)
{
	struct fx *f = calloc(1, sizeof(*f));
	struct pk_diag d;
	size_t i;

	ck_assert_ptr_nonnull(f);
	f->spec.name = (char *)"t";
	f->spec.partition_key = (char *)"/k";
	f->spec.key.kind = PK_KEY_PATH;
	f->spec.key.paths[0] = (char *)"/k";
	f->spec.key.n_paths = 1;
	f->spec.key.version = 2;
	f->spec.throughput_ru_per_s = 6000;
	f->spec.pp_storage_bytes = PK_DEFAULT_PP_STORAGE_BYTES;
	f->spec.pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	f->spec.initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	f->spec.lp_storage_bytes = PK_DEFAULT_LP_STORAGE_BYTES;
	f->spec.index_factor = 1;
	diag_init(&d);
	f->key = pkey_new(&f->spec, &bare, NULL, 1, &d);
	diag_free(&d);
	ck_assert_ptr_nonnull(f->key);
	metrics_init(&f->m);
	/* per-range-id statistics for ids 0 .. RANGES - 1 */
	f->m.ranges = calloc(RANGES, sizeof(*f->m.ranges));
	f->m.n_ranges = RANGES;
	for (i = 0; i < RANGES; i++) {
		f->ranges[i].id = (uint32_t)i;
	}
	f->ranges[0].ru_per_s_mru = 6000 * 1000;
	f->v.name = "t";
	f->v.key = f->key;
	f->v.key_text = f->key->text;
	f->v.service_queries = &cosmos_queries;
	f->v.key_reach = pk_epk_v2_reach;
	f->v.spec = &f->spec;
	f->v.metrics = &f->m;
	f->v.ranges = f->ranges;
	f->v.n_ranges = 1;
	f->v.ru_per_s = 6000;
	f->v.merge_note.t_s = -1;
	f->v.cosmos = 1; /* its spec's caps and the rules apply */
	f->r.sc = &bare;
	f->r.variants = &f->v;
	f->r.n_variants = 1;
	return f;
}

static void fx_free(struct fx *f)
{
	metrics_free(&f->m);
	pkey_free(f->key);
	free(f);
}

/* Key bytes of the JSON item text into f->kv[i], for lp. */
static void fx_key(struct fx *f, size_t i, const char *item,
		   struct pk_result_lp *lp)
{
	json_t *obj = json_loads(item, 0, NULL);
	struct pk_item_source src;

	ck_assert_ptr_nonnull(obj);
	pkey_source_json(f->key, obj, 0, &src);
	pkey_build(f->key, &src, &f->kv[i]);
	json_decref(obj);
	ck_assert_int_eq(f->kv[i].status, 0);
	lp->key = f->kv[i].id;
	lp->key_len = f->kv[i].id_len;
	lp->epk = f->kv[i].epk;
}

/* The findings of f, one a line (caller frees), and their count. */
static char *said(struct fx *f, size_t *count)
{
	size_t n, i, len = 1;
	char **v = findings_make(&f->r, &f->v, &n);
	char *out;

	for (i = 0; i < n; i++) {
		len += strlen(v[i]) + 1;
	}
	out = calloc(1, len);
	for (i = 0; i < n; i++) {
		strcat(out, v[i]);
		strcat(out, "\n");
		free(v[i]);
	}
	free(v);
	if (count) {
		*count = n;
	}
	return out;
}

/* 1 if some finding of f is exactly line */
static int says(struct fx *f, const char *line)
{
	char *all = said(f, NULL), *p = all;
	size_t n = strlen(line);
	int found = 0;

	while (p && *p && !found) {
		char *end = strchr(p, '\n');

		found = (size_t)(end - p) == n && memcmp(p, line, n) == 0;
		p = end + 1;
	}
	free(all);
	return found;
}

/* 1 if some finding of f contains text */
static int mentions(struct fx *f, const char *text)
{
	char *all = said(f, NULL);
	int found = strstr(all, text) != NULL;

	free(all);
	return found;
}

START_TEST(test_findings_quiet)
{
	struct fx *f = fx_new();
	size_t n;
	char *all;

	/* no 429 anywhere: the one sentence is the peak, 0.834 -> "83%"
	   (%.0f of 83.4) in range 0 */
	f->v.peak_normalized = 0.834;
	f->v.peak_range = 0;
	all = said(f, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(all, "no rate limiting: peak normalized RU "
			      "consumption was 83% in range 0\n");
	free(all);
	/* one 429 in the totals and the sentence goes */
	f->m.totals.throttled_429 = 1;
	ck_assert(!mentions(f, "no rate limiting"));
	fx_free(f);
}
END_TEST

/* D-429: 1-5% is healthy. Range 1: 51 of 1,000 = 5.1%, above: no
   remark. Range 0: 50 of 1,000 = 5.0%, at the threshold: the remark.
   Range 1 is the worse, so it comes first. Range 1's seconds with 429s
   served 9,000 RU of 12,000 provisioned: 75%. */
START_TEST(test_findings_throttled_ranges)
{
	struct fx *f = fx_new();
	char *all;

	f->v.n_ranges = 3;
	f->v.ru_per_s = 30000; /* 3 ranges needed: no merge candidate */
	f->m.totals.throttled_429 = 101;
	f->ranges[0].requests = 1000;
	f->ranges[0].throttled_429 = 50;
	f->ranges[1].requests = 1000;
	f->ranges[1].throttled_429 = 51;
	f->ranges[2].requests = 1000; /* no 429: not named */
	f->m.ranges[1].throttled_served_ru = 9000;
	f->m.ranges[1].throttled_prov_ru = 12000;
	all = said(f, NULL);
	ck_assert_str_eq(all,
			 "partition key range 1 rate-limited 5.1% of its "
			 "requests (51 of 1,000) while the container used 75% "
			 "of its provisioned throughput in those seconds\n"
			 "partition key range 0 rate-limited 5.0% of its "
			 "requests (50 of 1,000) while the container used 0% "
			 "of its provisioned throughput in those seconds (1-5% "
			 "is a healthy rate when latency is acceptable)\n");
	free(all);
	fx_free(f);
}
END_TEST

/* Rule 31: a 429/3212 is a throughput bucket's cap while the range had
   room, not the range short of its RU/s. Range 0: 3,000 requests, 1,600
   429s, all 3212: it rate-limited nothing for its RU/s, so no sentence
   (before: "rate-limited 53.3% of its requests (1,600 of 3,000)"). Range
   1: 3,000 requests, 1,300 429s of which 1,000 are 3212: 300 / 3,000 =
   10.0% for its RU/s, the 1,000 told apart; its 3200 seconds served
   7,000 RU of 10,000 provisioned: 70%. */
START_TEST(test_findings_throttled_bucket_apart)
{
	struct fx *f = fx_new();
	char *all;

	f->v.n_ranges = 2;
	f->v.ru_per_s = 20000; /* 2 ranges needed: no merge candidate */
	f->m.totals.throttled_429 = 2900;
	f->m.totals.throttled_3212 = 2600;
	f->ranges[0].requests = 3000;
	f->ranges[0].throttled_429 = 1600;
	f->ranges[0].throttled_bucket = 1600;
	f->ranges[1].requests = 3000;
	f->ranges[1].throttled_429 = 1300;
	f->ranges[1].throttled_bucket = 1000;
	f->m.ranges[1].throttled_served_ru = 7000;
	f->m.ranges[1].throttled_prov_ru = 10000;
	all = said(f, NULL);
	ck_assert_msg(!strstr(all, "range 0 rate-limited"), "%s", all);
	ck_assert_msg(strstr(all, "partition key range 1 rate-limited 10.0% of "
				  "its requests (300 of 3,000, 429/3200) "
				  "while the container used 70% of its "
				  "provisioned throughput in those seconds; "
				  "apart from these, 1,000 were 429/3212, a "
				  "throughput bucket's cap while the range "
				  "had room (rule 31)\n"),
		      "%s", all);
	free(all);
	fx_free(f);
}
END_TEST

/* Rule 30: a 429 to a Low request the range had room for keeps High's
   room, not the range short of its RU/s. Range 0: 1,000
   requests, 300 429s, 200 of them held Low 429s: 100 / 1,000 = 10.0%
   for its RU/s (30.0% before), the 200 told apart; its 429/3200 seconds
   served 9,000 RU of 10,000: 90%. Range 1: 1,000 requests, 50 429s, all
   held: no sentence. */
START_TEST(test_findings_throttled_low_held_apart)
{
	struct fx *f = fx_new();
	char *all;

	f->v.n_ranges = 2;
	f->v.ru_per_s = 20000; /* 2 ranges needed: no merge candidate */
	f->m.totals.throttled_429 = 350;
	f->m.totals.throttled_low_429 = 250;
	f->ranges[0].requests = 1000;
	f->ranges[0].throttled_429 = 300;
	f->ranges[0].throttled_held = 200;
	f->ranges[1].requests = 1000;
	f->ranges[1].throttled_429 = 50;
	f->ranges[1].throttled_held = 50;
	f->m.ranges[0].throttled_served_ru = 9000;
	f->m.ranges[0].throttled_prov_ru = 10000;
	all = said(f, NULL);
	ck_assert_msg(!strstr(all, "range 1 rate-limited"), "%s", all);
	/* a finding of its own: 200 + 50 = 250 held (no stream results in
	   the fixture, so no stream is named) */
	ck_assert_msg(strstr(all, "250 429s went to Low-priority requests the "
				  "partitions had room for: held back to keep "
				  "room for High-priority demand (rule 30)"),
		      "%s", all);
	ck_assert_msg(strstr(all, "partition key range 0 rate-limited 10.0% of "
				  "its requests (100 of 1,000) while the "
				  "container used 90% of its provisioned "
				  "throughput in those seconds; apart from "
				  "these, 200 were 429s to Low-priority "
				  "requests the range had room for, held back "
				  "to keep High's room (rule 30)\n"),
		      "%s", all);
	free(all);
	fx_free(f);
}
END_TEST

/* At most 5 ranges are named; 7 with 429s: the worst 5 (rates 7/100 ..
   3/100, ranges 6 .. 2), then "2 more". */
START_TEST(test_findings_throttled_ranges_capped)
{
	struct fx *f = fx_new();
	size_t i, n;
	char *all;

	f->v.n_ranges = 7;
	f->v.ru_per_s = 70000; /* 7 ranges needed: no merge candidate */
	f->m.totals.throttled_429 = 28;
	for (i = 0; i < 7; i++) {
		f->ranges[i].requests = 100;
		f->ranges[i].throttled_429 = i + 1;
	}
	all = said(f, &n);
	ck_assert_uint_eq(n, 6);
	ck_assert_ptr_nonnull(strstr(all, "range 6 rate-limited 7.0%"));
	ck_assert_ptr_nonnull(strstr(all, "range 2 rate-limited 3.0%"));
	ck_assert_ptr_null(strstr(all, "range 1 rate-limited"));
	ck_assert_ptr_null(strstr(all, "range 0 rate-limited"));
	ck_assert(strstr(all, "range 6") < strstr(all, "range 2"));
	ck_assert(says(f, "2 more partition key ranges rate-limited requests "
			  "(the physical partitions table lists them all)"));
	free(all);
	fx_free(f);
}
END_TEST

/* Ranges 0 and 1 busy for 100 s with the given p99s and range 0's 429s
   of 10,000 requests; every other id never busy. */
static void fx_p99(struct fx *f, int p0, int p1, uint64_t r0_429)
{
	size_t i;

	for (i = 0; i < RANGES; i++) {
		f->lineage[i].id = (uint32_t)i;
		f->lineage[i].at = i < f->v.n_ranges ? i : SIZE_MAX;
		f->lineage[i].parent = PK_RESULT_NO_RANGE;
		f->lineage[i].split_s = -1;
		f->lineage[i].nru_p99_pct = -1;
		f->lineage[i].busy_seconds = 0;
	}
	f->lineage[0].busy_seconds = 100;
	f->lineage[0].nru_p99_pct = p0;
	f->lineage[0].requests = 10000;
	f->lineage[0].throttled_429 = r0_429;
	f->lineage[1].busy_seconds = p1 < 0 ? 0 : 100;
	f->lineage[1].nru_p99_pct = p1;
	f->lineage[1].requests = 10000;
	f->v.lineage = f->lineage;
	f->v.n_lineage = RANGES;
}

/*
 * Rule 32 at each threshold's edge (2 ranges of 6,000 RU/s, 12,000 in
 * all: no merge candidate). Busiest p99 90% (>= 90) and the other 69%
 * (< 70), 100 of 10,000 requests rate limited = 1.00% (>= 1%): hot
 * partition risk, severity high. 89% busiest: no advisory. 70% other:
 * none either (and not "every range": 70 < 90). 99 of 10,000 = 0.99%:
 * not severity high. Both at 90%: every range, too few RU/s; 100% and
 * 89%: no sentence (89 is neither < 70 nor >= 90).
 */
START_TEST(test_findings_hot_range)
{
	struct fx *f = fx_new();

	f->v.n_ranges = 2;
	f->v.ru_per_s = 12000;
	f->m.totals.throttled_429 = 1;
	ck_assert(!mentions(f, "hot partition"));
	fx_p99(f, 90, 69, 100);
	ck_assert(says(f, "hot partition risk (severity high): range 0 ran at "
			  "p99 90% normalized RU consumption while range 1 "
			  "stayed at p99 69% (rule 32: the busiest range at "
			  "90% or more while another is under 70%), with "
			  "1.00% of its requests rate limited (high from 1%): "
			  "one hot range, a key problem"));
	/* 2 ranges: 4 x 2 = 8 values of the suffix */
	ck_assert(mentions(f, "--key '{k}-{hash(id) mod 8}'"));
	ck_assert(!mentions(f, "/id]"));
	fx_p99(f, 89, 69, 100);
	ck_assert(!mentions(f, "hot partition"));
	ck_assert(!mentions(f, "p99"));
	fx_p99(f, 90, 70, 100);
	ck_assert(!mentions(f, "p99"));
	fx_p99(f, 90, 69, 99);
	ck_assert(mentions(f, "hot partition risk: range 0 ran at p99 90%"));
	ck_assert(mentions(f, "with 0.99% of its requests rate limited (under "
			      "the 1% of severity high)"));
	fx_p99(f, 90, 90, 100);
	ck_assert(says(f, "every range ran at p99 90% or more normalized RU "
			  "consumption (the lowest, range 0, at 90%): too few "
			  "RU/s for this load, not a key problem"));
	ck_assert(!mentions(f, "pksim compare"));
	fx_p99(f, 100, 89, 100);
	ck_assert(!mentions(f, "p99"));
	/* one busy range: nothing to compare, at p99 95% too few RU/s */
	fx_p99(f, 95, -1, 0);
	ck_assert(says(f, "the one physical partition, range 0, ran at p99 95% "
			  "normalized RU consumption: too few RU/s for this "
			  "load (one range; rule 32 needs another to "
			  "compare)"));
	/* every 429 to a Low request (4 of 4) is the
	   priority rule's, not a lack of RU/s; 3 of 4 is not */
	f->m.totals.throttled_429 = 4;
	f->m.totals.throttled_low_429 = 4;
	ck_assert(says(f, "the one physical partition, range 0, ran at p99 95% "
			  "normalized RU consumption: its 429s all to "
			  "Low-priority requests, held back to keep High's "
			  "room (rule 30), not too few RU/s for High (one "
			  "range; rule 32 needs another to compare)"));
	f->m.totals.throttled_low_429 = 3;
	ck_assert(mentions(f, "95% normalized RU consumption: too few RU/s"));
	f->m.totals.throttled_429 = 0;
	f->m.totals.throttled_low_429 = 0;
	fx_free(f);
}
END_TEST

/*
 * Range 1 at 100% from t = 50 s of a 180 s run while
 * range 0 idles. Its p99 over 180 busy seconds (nearest rank
 * ceil(0.99 x 180) = 179: 130 seconds at 100, 50 below) is 100%, so
 * rule 32 names it hot, 500 of 1,000 requests rate limited (50.00%);
 * D-NRU's picture held in only 9 seconds (the others above 30% the rest
 * of the time) and is said as an example, not as "hot in 9 seconds",
 * of the 130 seconds range 1 itself had requests in (t = 50 .. 179),
 * not the container's 180.
 * Range 1 split at t = 50 s into 3 and 4 and is named so.
 */
START_TEST(test_findings_hot_range_lineage)
{
	struct fx *f = fx_new();

	f->v.n_ranges = 4;
	f->v.ru_per_s = 40000;
	f->m.totals.throttled_429 = 1;
	fx_p99(f, 0, 100, 0);
	f->lineage[1].requests = 1000;
	f->lineage[1].throttled_429 = 500;
	f->lineage[1].split_s = 50;
	f->lineage[1].children[0] = 3;
	f->lineage[1].children[1] = 4;
	f->lineage[1].at = SIZE_MAX;
	f->m.ranges[1].hot_seconds = 9;
	f->m.ranges[1].busy_seconds = 180;
	f->m.ranges[1].request_seconds = 130;
	f->m.ranges[1].hot_first_s = 50;
	f->m.ranges[1].hot_last_s = 58;
	ck_assert(mentions(f, "hot partition risk (severity high): range 1 "
			      "(split at t = 50 s into 3 and 4) ran at p99 "
			      "100% normalized RU consumption while range 0 "
			      "stayed at p99 0%"));
	ck_assert(mentions(f, "with 50.00% of its requests rate limited"));
	ck_assert(says(f, "for example, range 1 (split at t = 50 s into 3 and "
			  "4) matched the docs' picture of a hot partition "
			  "(100% normalized RU consumption while every other "
			  "range stayed at or below 30%) in 9 of its 130 busy "
			  "seconds, between t = 50 s and 58 s"));
	ck_assert(!mentions(f, "was a hot partition in"));
	/* a child names its parent */
	f->lineage[3].parent = 1;
	f->lineage[3].born_s = 50;
	f->lineage[3].at = 2;
	f->lineage[3].busy_seconds = 130;
	f->lineage[3].nru_p99_pct = 100;
	f->lineage[3].requests = 100;
	f->lineage[3].throttled_429 = 90;
	ck_assert(mentions(f, "hot partition risk (severity high): range 3 "
			      "(split from 1 at t = 50 s) ran at p99 100%"));
	fx_free(f);
}
END_TEST

/*
 * Rule 32's key problem names the hot range's own hottest
 * logical partition, not the container's. Range 0 at p99 69%, range 1 at
 * 100% (fx_p99): the container's hottest, "dev-1", lies in range 0 (its
 * range index 0) with 900 RU; range 1's hottest is "dev-2" with 100 RU,
 * so the sentence names "dev-2" and never "dev-1". Range 1 split away
 * (at = SIZE_MAX) or with no logical partition charged RU
 * (has_hottest = 0): no key is named at all, not a wrong one. 10,000 RU
 * in all: dev-1's 900 are 9%, under say_hot_lp's 20%, so "dev-1" would
 * appear only in the hot range's sentence.
 */
START_TEST(test_findings_hot_range_key)
{
	struct fx *f = fx_new();

	f->v.n_ranges = 2;
	f->v.ru_per_s = 12000;
	f->m.totals.throttled_429 = 1;
	f->m.totals.ru_mru = 10000 * 1000;
	fx_key(f, 0, "{\"k\": \"dev-1\"}", &f->v.top_ru[0]);
	f->v.top_ru[0].range = 0;
	f->v.top_ru[0].ru_mru = 900 * 1000;
	f->ranges[0].has_hottest = 1;
	f->ranges[0].hottest = f->v.top_ru[0];
	fx_key(f, 1, "{\"k\": \"dev-2\"}", &f->v.top_ru[1]);
	f->v.top_ru[1].range = 1;
	f->v.top_ru[1].ru_mru = 100 * 1000;
	f->v.n_top_ru = 2;
	f->ranges[1].has_hottest = 1;
	f->ranges[1].hottest = f->v.top_ru[1];
	fx_p99(f, 69, 100, 100);
	ck_assert(mentions(f, "hot partition risk: range 1 ran at p99 100%"));
	ck_assert(mentions(f, "one hot range, a key problem (range 1's hottest "
			      "logical partition: /k = \"dev-2\")"));
	ck_assert(!mentions(f, "dev-1"));
	f->ranges[1].has_hottest = 0;
	ck_assert(mentions(f, "one hot range, a key problem"));
	/* a raise's effect is a remedy's replay (remedies.h), never a
	   finding's guess */
	ck_assert(!mentions(f, "divided evenly"));
	ck_assert(!mentions(f, "hottest logical partition"));
	f->ranges[1].has_hottest = 1;
	fx_p99(f, 69, 100, 100);
	f->lineage[1].at = SIZE_MAX;
	f->lineage[1].split_s = 50;
	f->lineage[1].children[0] = 2;
	f->lineage[1].children[1] = 3;
	ck_assert(mentions(f, "hot partition risk: range 1 (split at t = 50 s "
			      "into 2 and 3)"));
	ck_assert(!mentions(f, "hottest logical partition"));
	fx_free(f);
}
END_TEST

/* Range id's bucket at t_s (10 s buckets) at nru % into f's metrics,
   which then keep buckets, not seconds */
static void fx_bucket(struct fx *f, uint32_t id, int64_t t_s, int nru)
{
	struct pk_bucket *b;

	f->m.keep_seconds = 0;
	f->m.bucket_s = 10;
	f->m.buckets =
	    realloc(f->m.buckets, (f->m.n_buckets + 1) * sizeof(*f->m.buckets));
	ck_assert_ptr_nonnull(f->m.buckets);
	b = &f->m.buckets[f->m.n_buckets++];
	memset(b, 0, sizeof(*b));
	b->t_s = t_s;
	b->range_id = id;
	b->nru_pct = nru;
}

/*
 * Rule 32's "another range under 70 %" counts only ranges alive in the
 * seconds the hot range was hot. Range 0 (p99 41 %) split at t = 40 s
 * into 2 and 3 (p99 76 % each, born at 40 s); range 1 reached 90 % or
 * more only in its buckets of t = 40 s and 50 s: its hot seconds are
 * [40, 60), when range 0 was gone, and its neighbours then stayed at
 * 76 % (>= 70 %): no hot partition risk (a light start's parent is not
 * a cold neighbour). With range 1 hot from its bucket at t = 30 s as
 * well, range 0 served beside it ([30, 40)): the finding holds against
 * range 0's 41 %.
 */
START_TEST(test_findings_hot_range_alive)
{
	struct fx *f = fx_new();
	size_t i;

	f->v.n_ranges = 4;
	f->v.ru_per_s = 40000;
	f->m.totals.throttled_429 = 1;
	fx_p99(f, 41, 100, 0);
	f->lineage[0].split_s = 40;
	f->lineage[0].children[0] = 2;
	f->lineage[0].children[1] = 3;
	f->lineage[0].at = SIZE_MAX;
	for (i = 2; i <= 3; i++) {
		f->lineage[i].parent = 0;
		f->lineage[i].born_s = 40;
		f->lineage[i].busy_seconds = 20;
		f->lineage[i].nru_p99_pct = 76;
		f->lineage[i].requests = 1000;
	}
	fx_bucket(f, 1, 0, 40);
	fx_bucket(f, 1, 30, 60);
	fx_bucket(f, 1, 40, 100);
	fx_bucket(f, 1, 50, 100);
	ck_assert(!mentions(f, "hot partition risk"));
	f->m.buckets[1].nru_pct = 95;
	ck_assert(mentions(f, "hot partition risk: range 1 ran at p99 100% "
			      "normalized RU consumption while range 0 (split "
			      "at t = 40 s into 2 and 3) stayed at p99 41%"));
	fx_free(f);
}
END_TEST

/*
 * A variant of a service other than Azure Cosmos DB (cosmos 0): the
 * fixture's spec is the scenario's, not what ran, so no finding sizes a
 * cap from it or gives Azure Cosmos DB's advice: the full logical
 * partition reached "its storage limit", no merge candidate (at 4,000
 * RU/s on 2 ranges rules 32 and 36 would name one, as below), the one
 * range's p99 without rule 32, no burst savings.
 */
START_TEST(test_findings_other_service)
{
	struct fx *f = fx_new();

	f->v.cosmos = 0;
	f->spec.burst = 1;
	f->m.totals.throttled_429 = 1;
	f->v.n_ranges = 2;
	f->v.ru_per_s = 4000;
	ck_assert(!mentions(f, "merge candidate"));
	f->v.ru_per_s = 6000;
	f->v.n_ranges = 1;
	fx_key(f, 0, "{\"k\": \"a\"}", &f->v.full[0]);
	f->v.full[0].full_at_ms = 1001;
	f->v.full[0].rejected_403 = 7;
	f->v.n_full_listed = 1;
	f->v.n_full = 1;
	ck_assert(says(f, "logical partition /k = \"a\" reached its storage "
			  "limit at t = 1 s; 7 writes to it failed with "
			  "403/1014 and stored nothing"));
	fx_p99(f, 95, -1, 0);
	ck_assert(mentions(f, "(one range; no other to compare it with)"));
	ck_assert(!mentions(f, "rule "));
	ck_assert(!mentions(f, "GiB"));
	fx_free(f);
}
END_TEST

/*
 * The merge candidate: rule 32's count, partitions > max(ceil(RU/s /
 * 10,000), ceil(storage / 50 GiB)), where rule 36 would merge too: under
 * 3,000 RU/s and 20 GiB a partition on average.
 * - 2 ranges at 20,000 RU/s: ceil(2) = 2, not more: none.
 * - 2 ranges at 6,000 RU/s, no data: 1 would do (rule 32), but 6,000 / 2
 *   = 3,000 a partition is not under 3,000 (rule 36): none (named
 *   before).
 * - 2 ranges at 4,000 RU/s: 1 would do, 2,000 a partition: named.
 * - 2 ranges at 4,001: 2,000.5 a partition, "about 2,001": named.
 * - 40 GiB stored: ceil(40 / 50) = 1, but 20 GiB a partition is not
 *   under 20 GiB: none; 40 GiB - 2 bytes: 20 GiB - 1 byte each: named.
 * - 50 GiB + 1 byte: ceil = 2 (rule 32): none.
 */
START_TEST(test_findings_merge_candidate)
{
	struct fx *f = fx_new();

	f->m.totals.throttled_429 = 1;
	f->v.n_ranges = 2;
	f->v.ru_per_s = 20000;
	ck_assert(!mentions(f, "merge candidate"));
	f->v.ru_per_s = 6000;
	ck_assert(!mentions(f, "merge candidate"));
	f->v.ru_per_s = 4000;
	ck_assert(says(f, "merge candidate: 2 physical partitions where "
			  "max(ceil(4,000 RU/s / 10,000), ceil(0 B / 50 GiB)) "
			  "= 1 would hold the RU/s and the data (rule 32), "
			  "and the merge docs suit it: 2,000 RU/s and 0 B a "
			  "partition on average, under their 3,000 RU/s and "
			  "20 GiB (rule 36; merging is a preview feature); "
			  "its merge is not replayed, and pksim measured "
			  "nothing of it: no remedies were replayed "
			  "(--no-remedies or a CSV report)"));
	/* the finding names no merge without its replay or why there is
	   none: the fixture's result had no remedies built */
	f->v.ru_per_s = 4001;
	ck_assert(mentions(f, "suit it: about 2,001 RU/s and 0 B a partition"));
	f->v.ru_per_s = 4000;
	f->v.storage_bytes = 40ULL * 1024 * 1024 * 1024;
	ck_assert(!mentions(f, "merge candidate"));
	f->v.storage_bytes -= 2;
	ck_assert(mentions(f, "max(ceil(4,000 RU/s / 10,000), ceil(40.0 GiB / "
			      "50 GiB)) = 1"));
	f->v.storage_bytes = 50ULL * 1024 * 1024 * 1024 + 1;
	ck_assert(!mentions(f, "merge candidate"));
	/* a classroom cap counts as the partition the advisory counts:
	   storage-split's 32 MiB cap and 117.2 MiB stored need
	   ceil(117.2 / 32) = 4 partitions, so 4 ranges are no candidate
	   (with 50 GiB, 1 would do and 4 were named before) and 5 are, at
	   6,000 / 5 = 1,200 RU/s and 23.4 MiB a partition (rule 36) */
	f->spec.pp_storage_bytes = 32ULL * 1024 * 1024;
	f->v.storage_bytes = 122890240; /* 117.2 MiB = 117.2 x 2^20 */
	f->v.ru_per_s = 6000;
	f->v.n_ranges = 4;
	ck_assert(!mentions(f, "merge candidate"));
	f->v.n_ranges = 5;
	ck_assert(mentions(f, "max(ceil(6,000 RU/s / 10,000), ceil(117.2 MiB / "
			      "32 MiB)) = 4"));
	ck_assert(mentions(f, "suit it: 1,200 RU/s and 23.4 MiB a partition"));
	f->spec.pp_storage_bytes = 0;
	f->v.storage_bytes = 0;
	/* 2 ranges at 4,000 RU/s are a candidate (1 would do); with a raise
	   to 30,000 RU/s still waiting for its splits at the end (30,000 >
	   2 x 10,000, rule 6) the advisory counts what the container will
	   have, ceil(30,000 / 10,000) = 3 partitions: none */
	f->v.n_ranges = 2;
	f->v.ru_per_s = 4000;
	ck_assert(mentions(f, "max(ceil(4,000 RU/s / 10,000), ceil(0 B / 50 "
			      "GiB)) = 1"));
	f->v.pending_ru_per_s = 30000;
	ck_assert(!mentions(f, "merge candidate"));
	f->v.pending_ru_per_s = 0;
	/* serverless: RU/s follow the ranges, never a candidate */
	f->v.serverless = 1;
	ck_assert(!mentions(f, "merge candidate"));
	fx_free(f);
}
END_TEST

/*
 * Storage growth (ASSUMPTION: a logical partition full within 90 days at
 * the projection; the reference gives no threshold). The first logical
 * partition to fill grows 1,024 B/s as runway_build projects it. With 20
 * GiB = 21,474,836,480 bytes as its cap, from what it holds:
 * - 80 days left = 80 x 86,400 x 1,024 = 7,077,888,000 bytes, so it holds
 *   21,474,836,480 - 7,077,888,000 = 14,396,948,480 (13.4 GiB): named;
 * - 90 days (7,962,624,000 left, 13,512,212,480 held): named, the edge;
 * - 100 days (8,847,360,000 left): not;
 * - full (20 GiB held): not (the 403/1014 finding says it);
 * - all records at once: no growth rate, not.
 */
static void fx_growth(struct fx *f, uint64_t held)
{
	struct pk_result_lp *lp = &f->v.top_storage[0];

	fx_key(f, 0, "{\"k\": \"a\"}", lp);
	f->v.n_top_storage = 1;
	lp->storage_bytes = held;
	memset(&f->v.fill, 0, sizeof(f->v.fill));
	f->v.fill.first_s = -1;
	memset(&f->v.runway, 0, sizeof(f->v.runway));
	f->v.runway.bound_range = UINT32_MAX;
	f->v.runway.full_s = -1;
	snprintf(f->v.runway.who, sizeof(f->v.runway.who), "\"a\"");
	if (held >= 21474836480ULL) {
		f->v.fill.full_now = 1;
		f->v.runway.kind = PK_RUNWAY_FULL_NOW;
		return;
	}
	/* runway_build's figures (check_runway and check_days derive them
	   from runs): "a" first, growing 1,024 B/s */
	f->v.runway.kind = PK_RUNWAY_DAYS;
	f->v.runway.basis = PK_RUNWAY_RATES;
	f->v.runway.rate_bytes_per_s = 1024;
	f->v.runway.full_s = (21474836480.0 - (double)held) / 1024;
}

START_TEST(test_findings_storage_growth)
{
	struct fx *f = fx_new();
	struct pk_items_file at_once = {.from = PK_FROM_AT_ONCE};
	struct pk_scenario file_sc = {.file = "t.yaml", .items_file = &at_once};

	f->m.totals.throttled_429 = 1;
	ck_assert(!mentions(f, "storage growth"));
	fx_growth(f, 14396948480ULL);
	ck_assert(says(f, "storage growth: logical partition /k = \"a\" "
			  "reaches its 20.0 GiB limit in 80.0 days projected "
			  "from the workload's rates (\"a\" first, growing "
			  "1.0 KiB/s); "
			  "then writes to it fail with 403/1014 (rule 11) "
			  "(ASSUMPTION: pksim warns 90 days ahead, the time a "
			  "new key and a migration take to plan; the "
			  "reference gives no threshold)"));
	/* what another key does is compare's to measure: the command, for
	   storage the key with a unique last level (rule 33) */
	ck_assert(says(f, STORAGE_POINTER));
	fx_growth(f, 13512212480ULL);
	ck_assert(mentions(f, "limit in 90.0 days"));
	fx_growth(f, 21474836480ULL - 8847360000ULL);
	ck_assert(!mentions(f, "storage growth"));
	fx_growth(f, 21474836480ULL);
	ck_assert(!mentions(f, "storage growth"));
	fx_growth(f, 14396948480ULL);
	f->r.sc = &file_sc;
	f->v.runway.kind = PK_RUNWAY_AT_ONCE;
	ck_assert(!mentions(f, "storage growth"));
	fx_free(f);
}
END_TEST

/*
 * Cross-partition queries (ASSUMPTION: fan-out queries from 10% of the
 * queries served, on 2 or more physical partitions). 90 single-partition
 * queries and 10 fan-outs: 10 / 100 = 10.0%, the edge: named, with their
 * 250 RU of the 1,000 RU consumed = 25.0%. 91 and 10: 10 / 101 = 9.9%:
 * not. On 1 range a fan-out visits one partition: not.
 */
START_TEST(test_findings_cross_partition)
{
	struct fx *f = fx_new();

	f->m.totals.throttled_429 = 1;
	f->v.n_ranges = 2;
	f->v.ru_per_s = 12000;
	f->m.totals.queries[PK_ROUTE_SINGLE] = 90;
	f->m.totals.queries[PK_ROUTE_FANOUT] = 10;
	f->m.totals.fanout_mru = 250000;
	f->m.totals.ru_mru = 1000000;
	ck_assert(says(f, "cross-partition queries: 10 of the 100 queries "
			  "served (10.0%) had no usable partition-key filter "
			  "and fanned out to every physical partition (2 at "
			  "the end), costing 250 RU, 25.0% of the RU consumed "
			  "(rule 21: each range visited adds about 2-3 RU); a "
			  "query whose filter names the partition key (or its "
			  "first levels) goes to one range, but pksim did not "
			  "replay these with one: where the reader knows the "
			  "key, write such a query in the scenario (or "
			  "`compare --query` with --items) to measure it "
			  "(ASSUMPTION: pksim says this from 10% of the "
			  "queries; the reference gives no threshold)"));
	f->m.totals.queries[PK_ROUTE_SINGLE] = 91;
	ck_assert(!mentions(f, "cross-partition"));
	f->m.totals.queries[PK_ROUTE_SINGLE] = 90;
	f->v.n_ranges = 1;
	ck_assert(!mentions(f, "cross-partition"));
	fx_free(f);
}
END_TEST

/* The hottest logical partition is named from 20% of the RU: 200,000 of
   1,000,000 mRU is 20% (named), 199,999 is 19.9999% (not). Its range
   has 6,000 RU/s (6,000,000 mRU / 1,000). */
START_TEST(test_findings_hot_lp)
{
	struct fx *f = fx_new();
	const char *named = "logical partition /k = \"dev-1\" took 20% of all "
			    "RU; one logical partition can never use more "
			    "than its range's 6,000 RU/s";
	char line[256];

	f->m.totals.throttled_429 = 1;
	f->m.totals.ru_mru = 1000000;
	fx_key(f, 0, "{\"k\": \"dev-1\"}", &f->v.top_ru[0]);
	f->v.n_top_ru = 1;
	f->v.top_ru[0].ru_mru = 199999;
	ck_assert(!mentions(f, "took"));
	f->v.top_ru[0].ru_mru = 200000;
	ck_assert(says(f, named));
	/* a load problem with 429s: the key with a precalculated suffix,
	   4 values a physical partition x 1 partition (ASSUMPTION) */
	ck_assert(says(f, "the key, not the layout: `pksim compare "
			  "SCENARIO.yaml --key '{k}-{hash(id) mod 4}'` (this "
			  "scenario's file) replays this stream "
			  "under this key beside /k and ranks them (a key is "
			  "set when a container is created: another means a "
			  "new container and a migration); {k}-{hash(id) mod "
			  "4}: the key value spread over 4 values, 4 a "
			  "physical partition (ASSUMPTION), that a reader who "
			  "knows the id computes (rule 38)"));
	/* without a 429 the hot logical partition is said, no command */
	f->m.totals.throttled_429 = 0;
	ck_assert(!mentions(f, "pksim compare"));
	f->m.totals.throttled_429 = 1;
	/* with burst capacity, the way past it is said too, on a range
	   below 3,000 RU/s only (rule 14: at or above it nothing is
	   saved, so its 6,000 RU/s are all it gets) */
	f->spec.burst = 1;
	ck_assert(says(f, named));
	ck_assert(!mentions(f, "burst savings"));
	f->ranges[0].ru_per_s_mru = 2999000;
	snprintf(line, sizeof(line),
		 "logical partition /k = \"dev-1\" took 20%% of all RU; one "
		 "logical partition can never use more than its range's "
		 "2,999 RU/s (beyond it only from burst savings, up to 3,000 "
		 "RU/s)");
	ck_assert(says(f, line));
	f->ranges[0].ru_per_s_mru = 6000000;
	f->spec.burst = 0;
	/* 50,000 RU/s over 9 ranges: 50,000,000 / 9 = 5,555,556 mRU, shown
	   rounded to nearest as 5,556 RU/s like the layout line, not 5,555 */
	f->ranges[0].ru_per_s_mru = 5555556;
	ck_assert(says(f, "logical partition /k = \"dev-1\" took 20% of all "
			  "RU; one logical partition can never use more "
			  "than its range's 5,556 RU/s"));
	/* items without /k: the undefined value, said apart */
	fx_key(f, 1, "{\"x\": 1}", &f->v.top_ru[0]);
	f->v.top_ru[0].ru_mru = 1000000;
	ck_assert(says(f, "the hottest logical partition holds items without "
			  "/k: they all share the one undefined partition key "
			  "value"));
	fx_free(f);
}
END_TEST

/* Full logical partitions: the first 3 listed are named; a count follows
   only when more than 3 filled. First 403 at t = 1,001 ms: said as t = 1
   s, the second in which it happened (floor(1,001 / 1,000) = 1, as the
   narration and first_403_s say). 20 GB is the
   default cap. */
START_TEST(test_findings_full_lps)
{
	struct pk_scenario quoted_sc = {.file = "my dir/it's.yaml"};
	struct pk_monitor_log log;
	struct pk_items_file mon = {.monitor = &log};
	struct pk_scenario monitor_sc = {.file = "m.yaml", .items_file = &mon};

	memset(&log, 0, sizeof(log));
	struct fx *f = fx_new();
	static const char *const items[4] = {"{\"k\": \"a\"}", "{\"k\": \"b\"}",
					     "{\"k\": \"c\"}",
					     "{\"k\": \"d\"}"};
	size_t i, n;
	char *all;

	f->m.totals.throttled_429 = 1;
	for (i = 0; i < 4; i++) {
		fx_key(f, i, items[i], &f->v.full[i]);
		f->v.full[i].full_at_ms = 1001;
		f->v.full[i].rejected_403 = 7;
	}
	f->v.n_full_listed = 3;
	f->v.n_full = 3;
	all = said(f, &n);
	/* the 3 named and the compare command for a storage problem */
	ck_assert_uint_eq(n, 4);
	ck_assert(says(f, STORAGE_POINTER));
	ck_assert(says(f, "logical partition /k = \"a\" reached its 20.0 GiB "
			  "limit at t = 1 s; 7 writes to it failed with "
			  "403/1014 and stored nothing"));
	ck_assert(mentions(f, "/k = \"c\" reached"));
	free(all);
	f->v.n_full_listed = 4;
	f->v.n_full = 4;
	ck_assert(!mentions(f, "/k = \"d\""));
	ck_assert(says(f, "4 logical partitions in all reached their storage "
			  "limit (the 3 above filled first)"));
	/* the scenario by the usage's name, whatever path named it, so a
	   lesson and its scenario report the same bytes */
	f->r.sc = &quoted_sc;
	ck_assert(says(f, STORAGE_POINTER));
	/* a monitor log records no item properties to key by: no command */
	f->r.sc = &monitor_sc;
	ck_assert(!mentions(f, "pksim compare"));
	fx_free(f);
}
END_TEST

/* Failures after retries, 404s and refusals: said when not zero.
   3 of 400 operations = 0.75%. */
START_TEST(test_findings_failures)
{
	struct fx *f = fx_new();
	struct pk_totals *t = &f->m.totals;
	size_t n;
	char *all;

	t->throttled_429 = 1;
	all = said(f, &n);
	ck_assert_uint_eq(n, 0);
	free(all);
	t->operations = 400;
	t->not_found_404 = 2;
	/* no operation failed and none expired: targets are drawn among
	   stored items (targets.h), so a delete sent while they waited for
	   a retry deleted their items */
	ck_assert(says(f, "2 reads, replaces or deletes found no item (404): "
			  "the workload had created it, but in this container "
			  "a delete sent while it waited for a retry had "
			  "deleted it first (the application's own race); no "
			  "operation failed"));
	ck_assert(!mentions(f, "its create failed"));
	t->not_found_404 = 0;
	t->failed_after_retries = 3;
	ck_assert(says(f, "3 operations (0.75%) failed after the client's "
			  "retries: the application sees these 429s"));
	{
		/* with streams, whose they were (all the bucketed etl
		   stream's): 3 = app's 0 + etl's 1 + job's
		   2; a stream without one is not named */
		struct pk_result_stream st[3];

		memset(st, 0, sizeof(st));
		st[0].name = "app";
		st[1].name = "etl";
		st[1].all.failed_429 = 1;
		st[2].name = "job";
		st[2].all.failed_429 = 2;
		f->v.streams = st;
		f->v.n_streams = 3;
		ck_assert(says(f, "3 operations (0.75%) failed after the "
				  "client's retries (stream etl: 1, stream "
				  "job: 2): the application sees these "
				  "429s"));
		ck_assert(!mentions(f, "stream app"));
		f->v.streams = NULL;
		f->v.n_streams = 0;
	}
	/* both 404s of items whose create had failed */
	t->not_found_404 = 2;
	t->not_found_lost = 2;
	ck_assert(says(f, "2 reads, replaces or deletes found no item (404): "
			  "the workload had created it, but in this container "
			  "its create failed (rate limited past the retries, "
			  "or refused)"));
	/* 7 404s: 4 of failed creates, 2 of expired items, so 7 - 4 - 2 =
	   1 deleted by a delete sent while it waited for a retry (targets
	   are drawn among stored items, targets.h); each cause with its
	   count (before: "its create failed" for all 7) */
	t->not_found_404 = 7;
	t->not_found_lost = 4;
	t->not_found_expired = 2;
	ck_assert(says(f, "7 reads, replaces or deletes found no item (404): "
			  "the workload had created it, but in this container "
			  "for 4 its create had failed (rate limited past the "
			  "retries, or refused); for 2 it had expired (time "
			  "to live, rule 28: gone for requests at once); for "
			  "1 a delete sent while it waited for a retry had "
			  "deleted it first"));
	/* all 7 expired: that cause alone */
	t->not_found_lost = 0;
	t->not_found_expired = 7;
	ck_assert(says(f, "7 reads, replaces or deletes found no item (404): "
			  "the workload had created it, but in this container "
			  "it had expired (time to live, rule 28: gone for "
			  "requests at once)"));
	t->not_found_404 = 0;
	t->not_found_expired = 0;
	t->conflict_409 = 1;
	ck_assert(says(f, "0 requests were refused with 400 (the key value is "
			  "an object or array or over 2,048 bytes, a bad id, "
			  "or a changed key), 0 with 413 (over 2 MiB) and 1 "
			  "with 409 (an id its logical partition holds)"));
	ck_assert(!mentions(f, "pksim's, not an application's"));
	/* the count of 409s of creates whose item was already stored is
	   no longer a finding: targets are drawn among stored items
	   (targets.h), so it stays 0 (check_sim's
	   test_sim_upserts_beside_paced_import) */
	t->conflict_409 = 3;
	t->conflict_409_stored = 2;
	ck_assert(!mentions(f, "pksim's, not an application's"));
	t->conflict_409 = 1;
	t->conflict_409_stored = 0;
	ck_assert(!mentions(f, "transactional batches"));
	t->bad_request_400 = 1;
	t->batches_rejected_400 = 1;
	ck_assert(says(f, "1 of the 400s were transactional batches whose "
			  "items span logical partitions: a batch must stay "
			  "inside one, so each was refused whole"));
	fx_free(f);
}
END_TEST

/* Splits: counted by reason; RU/s a range with one decimal when not
   whole: 10,000 / 3 = 3,333.33 -> tenths (100,000 + 1) / 3 = 33,333 ->
   "3,333.3"; 12,000 / 2 = 6,000 whole. */
START_TEST(test_findings_splits)
{
	struct fx *f = fx_new();
	struct pk_split_event e;

	f->m.totals.throttled_429 = 1;
	ck_assert(!mentions(f, "split"));
	memset(&e, 0, sizeof(e));
	e.reason = PK_SPLIT_STORAGE;
	metrics_add_split(&f->m, &e);
	f->v.n_ranges = 2;
	f->v.ru_per_s = 12000;
	ck_assert(says(f, "1 split (1 for storage, 0 for throughput): the "
			  "container ended with 2 physical partitions of "
			  "6,000 RU/s each"));
	metrics_add_split(&f->m, &e);
	e.reason = PK_SPLIT_THROUGHPUT;
	metrics_add_split(&f->m, &e);
	f->v.n_ranges = 3;
	f->v.ru_per_s = 10000;
	ck_assert(says(f, "3 splits (2 for storage, 1 for throughput): the "
			  "container ended with 3 physical partitions of "
			  "3,333.3 RU/s each"));
	f->ranges[2].split_blocked = 1;
	ck_assert(says(f, "partition key range 2 is over its storage cap but "
			  "holds a single logical partition, so it cannot "
			  "split"));
	fx_free(f);
}
END_TEST

/* The merge note as result.c leaves it: said when t_s >= 0. 1 GiB a
   range is "1.0 GB". */
START_TEST(test_findings_merge_note)
{
	struct fx *f = fx_new();

	f->m.totals.throttled_429 = 1;
	ck_assert(!mentions(f, "merge"));
	f->v.merge_note.t_s = 5;
	f->v.merge_note.ru_per_pp = 7500;
	f->v.merge_note.avg_bytes = PK_GIB;
	ck_assert(says(f,
		       "the merge at t=5s ran on a container with 7,500 "
		       "RU/s and 1.0 GiB a physical partition; D-MERGE suits "
		       "containers below 3,000 RU/s and 20 GiB a "
		       "partition"));
	fx_free(f);
}
END_TEST

static struct pk_result *run_text(const char *text, struct pk_scenario **sc,
				  struct pk_run **run)
{
	struct pk_diag d;

	diag_init(&d);
	*sc = scenario_parse("merge.yaml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(*sc);
	*run = sim_run(*sc, (*sc)->seed, &d);
	ck_assert_ptr_nonnull(*run);
	diag_free(&d);
	return result_build(*run);
}

/*
 * D-MERGE suits containers below 3,000 RU/s and 20 GB a range.
 * 30,000 RU/s: max(ceil(30,000 / 6,000), ceil(30,000 / 10,000)) = 5
 * ranges (rule 2); merge: 1 at t = 1 s stops at ceil(30,000 / 10,000) = 3;
 * before it 30,000 / 5 = 6,000 RU/s a range: noted. 12,000 RU/s (2
 * ranges) lowered to 4,000 at t = 1 s, merged to 1 at t = 2 s: 2,000 RU/s
 * a range and a few KB: suited, no note.
 */
/* Operations not sent (totals.not_sent_no_target): a stream that only
   reads a preloaded container. 3 values x 10 preloaded items; 5 reads
   (1/s for 5 s) find no written item to target (preloaded items are
   never targets, targets.h), so all 5 are not sent: 5 / (0 sent + 5) =
   100%. Before this finding the findings said nothing of them. With
   streams the finding names each stream and kind: stream "app" reads 4
   (1/s for 4 s) and stream "bulk" 10 (1/s for 10 s), nothing is ever
   written and nothing preloaded: 14 not sent, 100%, and the finding
   says nothing was written. */
START_TEST(test_findings_not_sent_from_run)
{
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *r;
	size_t n, i;
	char **v;
	int found = 0;

	r = run_text("container: {partition_key: /k, throughput: 400}\n"
		     "items: {k: {values: \"k{1..3}\"}}\n"
		     "preload: {property: k, items_per_value: 10, "
		     "item_size: 1KB}\n"
		     "phases: [{duration: 5s, rate: 1/s, ops: {read: 1}}]\n",
		     &sc, &run);
	ck_assert_uint_eq(r->variants[0].metrics->totals.not_sent_no_target, 5);
	v = findings_make(r, &r->variants[0], &n);
	for (i = 0; i < n; i++) {
		found |=
		    strstr(v[i],
			   "5 operations (100.00% of those that arrived) "
			   "were not sent (of kinds read): each targets "
			   "an item this container has written, drawn at "
			   "its send, and none was written yet when they "
			   "arrived (preloaded items, preload:, are never "
			   "targets); these figures leave them out") == v[i];
		free(v[i]);
	}
	free(v);
	ck_assert(found);
	result_free(r);
	sim_free(run);
	scenario_free(sc);

	r = run_text("container: {partition_key: /k, throughput: 400}\n"
		     "streams:\n"
		     "  - name: app\n"
		     "    items: {k: {values: \"k{1..3}\"}}\n"
		     "    phases: [{duration: 4s, rate: 1/s, ops: {read: 1}}]\n"
		     "  - name: bulk\n"
		     "    items: {k: {values: \"k{1..3}\"}}\n"
		     "    phases:\n"
		     "      - {duration: 10s, rate: 1/s, ops: {read: 1}, "
		     "select: latest}\n",
		     &sc, &run);
	found = 0;
	v = findings_make(r, &r->variants[0], &n);
	for (i = 0; i < n; i++) {
		found |= strstr(v[i], "14 operations (100.00% of those that "
				      "arrived) were not sent (stream app: "
				      "read 4; stream bulk: read 10): each "
				      "targets an item") == v[i] &&
			 strstr(v[i], "nothing was written: ") != NULL;
		free(v[i]);
	}
	free(v);
	ck_assert(found);
	result_free(r);
	sim_free(run);
	scenario_free(sc);
}
END_TEST

/* Operations not sent after every item written was deleted, on a
   table: 20 puts (10/s for 2 s), then 20 deletes (10/s for 2 s), each
   drawing a distinct stored item (a sent delete takes its target out),
   so none is left; then 10 reads (5/s for 2 s) find nothing to target:
   10 not sent, 10 / (40 sent + 10) = 20.00%. The finding names only
   the kind not sent (read, not the deletes, all sent), says table,
   and says the items were deleted, not that none was written yet. */
START_TEST(test_findings_not_sent_emptied)
{
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *r;
	size_t n, i;
	char **v;
	int found = 0;

	r = run_text("service: dynamodb\n"
		     "table: {partition_key: /id, read_capacity_units: 100, "
		     "write_capacity_units: 100}\n"
		     "client: {retries: off}\n"
		     "phases:\n"
		     "  - {duration: 2s, rate: 10/s, ops: {create: 1}}\n"
		     "  - {duration: 2s, rate: 10/s, ops: {delete: 1}}\n"
		     "  - {duration: 2s, rate: 5/s, ops: {read: 1}}\n",
		     &sc, &run);
	ck_assert_uint_eq(r->variants[0].metrics->totals.not_sent_no_target,
			  10);
	ck_assert_uint_eq(r->variants[0].not_sent_kind[PK_OP_READ], 10);
	ck_assert_uint_eq(r->variants[0].not_sent_kind[PK_OP_DELETE], 0);
	ck_assert_uint_eq(r->variants[0].not_sent_emptied, 10);
	v = findings_make(r, &r->variants[0], &n);
	for (i = 0; i < n; i++) {
		found |= strstr(v[i],
				"10 operations (20.00% of those that arrived) "
				"were not sent (of kinds read): each targets "
				"an item this table has written, drawn at its "
				"send, and every item written had been deleted "
				"or replaced when they came to be sent; these "
				"figures leave them out") == v[i];
		free(v[i]);
	}
	free(v);
	ck_assert(found);
	result_free(r);
	sim_free(run);
	scenario_free(sc);
}
END_TEST

START_TEST(test_findings_merge_from_run)
{
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *r;
	size_t n, i;
	char **v;
	int found = 0;

	r = run_text("container: {partition_key: /k, throughput: 30000}\n"
		     "items: {k: a}\n"
		     "phases:\n"
		     "  - {duration: 1s, rate: 1/s}\n"
		     "  - {duration: 1s, rate: 1/s, merge: 1}\n",
		     &sc, &run);
	ck_assert_int_eq(r->variants[0].merge_note.t_s, 1);
	ck_assert_int_eq(r->variants[0].merge_note.ru_per_pp, 6000);
	ck_assert_uint_eq(r->variants[0].n_ranges, 3);
	v = findings_make(r, &r->variants[0], &n);
	for (i = 0; i < n; i++) {
		found |= strstr(v[i], "the merge at t=1s ran on a container "
				      "with 6,000 RU/s") == v[i];
		free(v[i]);
	}
	free(v);
	ck_assert(found);
	result_free(r);
	sim_free(run);
	scenario_free(sc);

	r = run_text("container: {partition_key: /k, throughput: 12000}\n"
		     "items: {k: a}\n"
		     "phases:\n"
		     "  - {duration: 1s, rate: 1/s}\n"
		     "  - {duration: 1s, rate: 1/s, throughput: 4000}\n"
		     "  - {duration: 1s, rate: 1/s, merge: 1}\n",
		     &sc, &run);
	ck_assert_uint_eq(r->variants[0].n_ranges, 1);
	ck_assert_int_eq(r->variants[0].merge_note.t_s, -1);
	result_free(r);
	sim_free(run);
	scenario_free(sc);
}
END_TEST

/*
 * A raise waiting for its splits (split_delay) when the run ends: the
 * merge candidate counts the RU/s the container will have. Created at
 * 60,000 RU/s manual: ceil(60,000 / 6,000) = 10 ranges (rule 2); lowered
 * to 6,000 at t = 2 s (instant, the 10 ranges stay, rule 7): 10 >
 * max(ceil(6,000 / 10,000), ceil(a few KB / 50 GiB)) = 1, a merge
 * candidate. Raised at t = 4 s to 150,000 > 10 x 10,000, so the service
 * splits to ceil(150,000 / 10,000) = 15 (rule 6), done only after the 1 h
 * split_delay, past the run's 6 s: the container still has 10 ranges at
 * 6,000 RU/s, and will have 15 at 150,000, for which 10 are too few to
 * merge. Without the raise, the same 10 ranges at 6,000 are named.
 */
START_TEST(test_findings_merge_candidate_pending_raise)
{
	static const char *const head =
	    "container: {partition_key: /k, throughput: 60000, "
	    "split_delay: 1h}\n"
	    "items: {k: a}\n"
	    "phases:\n"
	    "  - {duration: 2s, rate: 1/s}\n"
	    "  - {duration: 2s, rate: 1/s, throughput: 6000}\n";
	char text[512];
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *r;
	size_t n, i;
	char **v;
	int named = 0;

	snprintf(text, sizeof(text), "%s%s", head,
		 "  - {duration: 2s, rate: 1/s, throughput: 150000}\n");
	r = run_text(text, &sc, &run);
	ck_assert_uint_eq(r->variants[0].n_ranges, 10);
	ck_assert_int_eq(r->variants[0].ru_per_s, 6000);
	ck_assert_int_eq(r->variants[0].pending_ru_per_s, 150000);
	v = findings_make(r, &r->variants[0], &n);
	for (i = 0; i < n; i++) {
		named |= strstr(v[i], "merge candidate") != NULL;
		free(v[i]);
	}
	free(v);
	ck_assert_msg(!named, "a container waiting to split named a merge "
			      "candidate");
	result_free(r);
	sim_free(run);
	scenario_free(sc);

	r = run_text(head, &sc, &run);
	ck_assert_uint_eq(r->variants[0].n_ranges, 10);
	ck_assert_int_eq(r->variants[0].pending_ru_per_s, 0);
	v = findings_make(r, &r->variants[0], &n);
	for (i = 0; i < n; i++) {
		named |= strstr(v[i], "merge candidate: 10 physical partitions "
				      "where max(ceil(6,000 RU/s / 10,000), "
				      "ceil(") == v[i];
		free(v[i]);
	}
	free(v);
	ck_assert(named);
	result_free(r);
	sim_free(run);
	scenario_free(sc);
}
END_TEST

/* The findings of the first variant of scenario text, one a line
   (caller frees). */
static char *findings_of(const char *text)
{
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *r = run_text(text, &sc, &run);
	size_t n, i, len = 1;
	char **v = findings_make(r, &r->variants[0], &n), *out;

	for (i = 0; i < n; i++) {
		len += strlen(v[i]) + 1;
	}
	out = calloc(1, len);
	for (i = 0; i < n; i++) {
		strcat(out, v[i]);
		strcat(out, "\n");
		free(v[i]);
	}
	free(v);
	result_free(r);
	sim_free(run);
	scenario_free(sc);
	return out;
}

/*
 * The two advisories from runs. Storage growth: one key, creates of 1
 * KiB (1,024 bytes) for 10 s. At 100/s the workload grows the one key
 * 102,400 B/s (500 RU/s of 6,000: not held back), and 21,474,836,480 /
 * 102,400 / 86,400 = 2.4 days to 20 GiB: named. At 1/s, 1,024 B/s:
 * 242.7 days: not. Cross-partition queries: 12,000
 * RU/s = 2 ranges (rule 2); half the operations a query without a filter
 * (a full scan: every range), so every query served fans out, 100%:
 * named; the same queries filtering on the key (/k = ?) route to one
 * range: not.
 */
START_TEST(test_findings_advisories_from_runs)
{
	static const char *const growth =
	    "container: {partition_key: /k, throughput: 6000}\n"
	    "items: {k: a}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: %s, item_size: 1KB}\n";
	static const char *const queries =
	    "container: {partition_key: /k, throughput: 12000}\n"
	    "items: {k: {values: \"k{0..99}\"}}\n"
	    "phases:\n"
	    "  - duration: 10s\n"
	    "    rate: 100/s\n"
	    "    ops: {create: 0.5, query: 0.5}\n"
	    "    queries: [{name: q, where: %s}]\n";
	char text[512], *out;

	snprintf(text, sizeof(text), growth, "100/s");
	out = findings_of(text);
	ck_assert_msg(strstr(out, "storage growth: logical partition /k = "
				  "\"a\" reaches its 20.0 GiB limit in 2.4 "
				  "days projected from the workload's rates"),
		      "%s", out);
	free(out);
	snprintf(text, sizeof(text), growth, "1/s");
	out = findings_of(text);
	ck_assert_msg(!strstr(out, "storage growth"), "%s", out);
	free(out);

	snprintf(text, sizeof(text), queries, "{}");
	out = findings_of(text);
	ck_assert_msg(strstr(out, "cross-partition queries: ") &&
			  strstr(out, " queries served (100.0%) had no usable "
				      "partition-key filter and fanned out to "
				      "every physical partition (2 at the "
				      "end)"),
		      "%s", out);
	free(out);
	snprintf(text, sizeof(text), queries, "{k: eq}");
	out = findings_of(text);
	ck_assert_msg(!strstr(out, "cross-partition"), "%s", out);
	free(out);
}
END_TEST

/*
 * Layout or key: the hot range's first-attempt RU per unit of hash space,
 * not its requests. 12,000 RU/s manual: ceil(12,000 / 6,000) = 2 ranges
 * (rule 2) of equal width, range 0 ["", "20...") and range 1 ["20...",
 * "FF") of the V2 hash reach ("3F..."): 50.0% each. Two streams of
 * creates, each 450/s for 60 s (uniform: ceil(450 x 60) = 27,000
 * operations each), equal request rates:
 * - big: 20 KB items (20,480 bytes) on keys k-0, k-1, k-2, k-4, k-6,
 *   which all hash into range 1 (`pksim locate`: EPKs 33D1.., 2DF3..,
 *   2DC9.., 3318.., 271B..);
 * - small: 1 KB items on k-3, k-5, k-8, k-9, k-12, all in range 0 (01AD..,
 *   0FC7.., 038C.., 08D1.., 0D7E..).
 * The cost model (cost.c, rule 20's points: a 1 KB write 5 RU, 100 KB 50
 * RU, the line between): 20 KB costs 5,000 + round(45,000 x 19 / 99 =
 * 8,636.36) = 13,636 mRU, 1 KB 5,000 mRU. First-attempt RU: range 1
 * 27,000 x 13,636 = 368,172,000 mRU, range 0 27,000 x 5,000 =
 * 135,000,000 mRU. Range 1 takes 368,172 / 503,172 = 73.17% of it on 50%
 * of the hash space: 368,172 / 135,000 = 2.727 x range 0's density (both
 * live the whole run), past 1.5: a key problem. Range 1 offers 13,636 x
 * 450 = 6,136 RU/s against its 6,000 (p99 100%), range 0 5,000 x 450 =
 * 2,250 of 6,000 (37.5%, p99 37%): rule 32 names range 1. Counting
 * requests (27,000 first attempts each: 1.00 x) pksim said "the layout,
 * not the key ... so its load follows its width".
 */
START_TEST(test_findings_layout_or_key_by_ru)
{
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *r;
	char *out;

	r = run_text(
	    "container: {partition_key: /k, throughput: 12000}\n"
	    "streams:\n"
	    "  - name: big\n"
	    "    items: {k: {values: [k-0, k-1, k-2, k-4, k-6]}}\n"
	    "    phases: [{duration: 60s, rate: 450/s, item_size: 20KB}]\n"
	    "  - name: small\n"
	    "    items: {k: {values: [k-3, k-5, k-8, k-9, k-12]}}\n"
	    "    phases: [{duration: 60s, rate: 450/s, item_size: 1KB}]\n",
	    &sc, &run);
	ck_assert_uint_eq(r->variants[0].n_ranges, 2);
	ck_assert_int_eq(r->variants[0].ranges[0].offered_mru, 135000000);
	ck_assert_int_eq(r->variants[0].ranges[1].offered_mru, 368172000);
	ck_assert_uint_eq(r->variants[0].ranges[0].requests -
			      r->variants[0].ranges[0].retries,
			  27000);
	ck_assert_uint_eq(r->variants[0].ranges[1].requests -
			      r->variants[0].ranges[1].retries,
			  27000);
	result_free(r);
	sim_free(run);
	scenario_free(sc);

	out = findings_of(
	    "container: {partition_key: /k, throughput: 12000}\n"
	    "streams:\n"
	    "  - name: big\n"
	    "    items: {k: {values: [k-0, k-1, k-2, k-4, k-6]}}\n"
	    "    phases: [{duration: 60s, rate: 450/s, item_size: 20KB}]\n"
	    "  - name: small\n"
	    "    items: {k: {values: [k-3, k-5, k-8, k-9, k-12]}}\n"
	    "    phases: [{duration: 60s, rate: 450/s, item_size: 1KB}]\n");
	ck_assert_msg(strstr(out, "hot partition risk (severity high): range "
				  "1 ran at p99 100% normalized RU "
				  "consumption while range 0 stayed at p99 "
				  "37%"),
		      "%s", out);
	ck_assert_msg(strstr(out, ": one hot range, a key problem (range 1's "
				  "hottest logical partition: /k = "),
		      "%s", out);
	ck_assert_msg(strstr(out, "its first-attempt RU per unit of hash space "
				  "2.73 x the other ranges' (73.2% of the "
				  "first-attempt RU on 50.0% of the hash "
				  "space)"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "follows its width"), "%s", out);
	free(out);
}
END_TEST

/*
 * The full logical partitions named are the first to fill, not the
 * first made. 20 records of 216 bytes (260 with the id added) arrive
 * in file order at 10 a second on a 1 KB logical partition cap, which
 * holds 3 (780 B; a 4th makes 1,040): one each to a, b, c, d, e (made
 * in that order, t = 0 to 0.4 s), three more to e (its 4th, at t = 0.7
 * s, is refused), then a, b, c, d three times round (their 4ths
 * refused at t = 1.6, 1.7, 1.8, 1.9 s). e filled first: the findings
 * name e, a and b, first to last; in order of creation they named a, b
 * and c and left e out.
 */
START_TEST(test_findings_full_lps_by_time)
{
	static const char order[] = "abcdeeeeabcdabcdabcd";
	char data[20 * 240], yaml[512], *f;
	size_t n = 0, i;

	for (i = 0; order[i]; i++) {
		n += (size_t)snprintf(data + n, sizeof(data) - n,
				      "{\"k\":\"%c\",\"p\":\"%0200d\"}\n",
				      order[i], 0);
	}
	snprintf(yaml, sizeof(yaml),
		 "container: {partition_key: /k, throughput: 400, "
		 "logical_partition_storage: 1KB}\n"
		 "items: {file: '%s', rate: 10/s}\n",
		 tu_dir_file("full.jsonl", data));
	f = findings_of(yaml);
	ck_assert_msg(strstr(f, "logical partition /k = \"e\" reached its "
				"1.0 KiB limit at t = 0 s; 1 writes") &&
			  strstr(f, "/k = \"a\" reached its") &&
			  strstr(f, "/k = \"b\" reached its") &&
			  !strstr(f, "/k = \"c\" reached its") &&
			  strstr(f, "5 logical partitions in all reached their "
				    "storage limit (the 3 above filled "
				    "first)"),
		      "%s", f);
	ck_assert_msg(strstr(f, "\"e\" reached") < strstr(f, "\"a\" reached"),
		      "%s", f);
	free(f);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("findings");
	TCase *tc = tcase_create("sentences");
	TCase *run = tcase_create("from_run");
	TCase *files = tcase_create("from_files");

	tcase_add_test(tc, test_findings_quiet);
	tcase_add_test(tc, test_findings_throttled_ranges);
	tcase_add_test(tc, test_findings_throttled_bucket_apart);
	tcase_add_test(tc, test_findings_throttled_low_held_apart);
	tcase_add_test(tc, test_findings_throttled_ranges_capped);
	tcase_add_test(tc, test_findings_hot_range);
	tcase_add_test(tc, test_findings_hot_range_lineage);
	tcase_add_test(tc, test_findings_hot_range_key);
	tcase_add_test(tc, test_findings_hot_range_alive);
	tcase_add_test(tc, test_findings_merge_candidate);
	tcase_add_test(tc, test_findings_other_service);
	tcase_add_test(tc, test_findings_storage_growth);
	tcase_add_test(tc, test_findings_cross_partition);
	tcase_add_test(tc, test_findings_hot_lp);
	tcase_add_test(tc, test_findings_full_lps);
	tcase_add_test(tc, test_findings_failures);
	tcase_add_test(tc, test_findings_splits);
	tcase_add_test(tc, test_findings_merge_note);
	suite_add_tcase(s, tc);
	tcase_add_test(run, test_findings_merge_from_run);
	tcase_add_test(run, test_findings_not_sent_from_run);
	tcase_add_test(run, test_findings_not_sent_emptied);
	tcase_add_test(run, test_findings_merge_candidate_pending_raise);
	tcase_add_test(run, test_findings_advisories_from_runs);
	tcase_add_test(run, test_findings_layout_or_key_by_ru);
	suite_add_tcase(s, run);
	tcase_add_checked_fixture(files, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(files, test_findings_full_lps_by_time);
	suite_add_tcase(s, files);
	return s;
}
