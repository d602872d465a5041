/*
 * runway_guard: the runway projects only the combinations of features
 * its tests prove (src/result/runway_guard.c); any other says "not
 * projected" and names the combination, never a figure. Each case below
 * is a combination whose closed form gave a wrong figure: it must give
 * the hand figure (arithmetic beside it) or not_projected. Units: 20 GiB =
 * 21,474,836,480 B (rule 11), 1 KB = 1,024 B.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/report_text.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "pksim/result/runway.h"
#include "testutil.h"

#define DAY 86400.0

struct gcase {
	const char *name; /* the trial's finding */
	const char *yaml;
	size_t variant; /* the variant checked */
	enum pk_full_kind kind;
	double full_s;	   /* PK_FULL_DAYS: the hand figure, s;
			      PK_FULL_LEVELS: the level, B */
	const char *words; /* in the sentence */
};

/* K1: ttl 1 h with 100 creates/s of 1 KB and 100 replaces/s of 100 KB
   on one key; the replay fills at t = 4,394 s, the projection said
   "never: levels off at 351.6 MiB" (the replaces left out) */
static const char k1[] =
    "container: {partition_key: /k, throughput: 20000, default_ttl: 1h}\n"
    "streams:\n"
    "  - name: writer\n"
    "    items: {k: {const: a}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 100/s, item_size: 1KB}\n"
    "  - name: rewriter\n"
    "    items: {k: {const: a}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 100/s, ops: {replace: 1}, "
    "item_size: 100KB}\n";

/* K11: the same size, one stream: a replace renews an item's lifetime
   (rule 28); the replay fills at t = 4,321 s, the projection said
   "never: levels off at 17.2 GiB" */
static const char k11[] =
    "container: {partition_key: /k, autoscale_max: 10000, default_ttl: "
    "1h}\n"
    "items: {k: {const: a}}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 100/s, ops: {create: 0.5, replace: 0.5}, "
    "item_size: 100KB}\n";

/* K6: batches of 2 under {hash(id) mod 4} over sequential unique ids:
   consecutive ids never share a bucket (FNV-1a), so none commits; the
   projection said 1.90 days. Under {random 1..4} (variant rand4) a
   batch commits when both draws agree, 1/4 of them: 0.25 x 2 x
   1,048,576 B a second over 4 buckets = 131,072 B/s a bucket, full at
   21,474,836,480 / 131,072 = 163,840 s (the 2-day replay: full) */
static const char k6[] =
    "container: {partition_key: \"{hash(id) mod 4}\", throughput: 30000}\n"
    "variants:\n"
    "  - {name: hash4}\n"
    "  - {name: rand4, partition_key: \"{random 1..4}\"}\n"
    "items:\n"
    "  id: {unique: \"x\"}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 1/s, ops: {batch: 1}, batch: {size: 2}, "
    "item_size: 1MB}\n";

/* K10: an id pool under a weekday key: a bucket holds the distinct ids
   drawn on its days (right 42.1 days); the projection said 7.19 */
static const char k10[] =
    "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
    "container: {partition_key: /wd, throughput: 30000}\n"
    "items:\n"
    "  wd: {clock: \"%A\"}\n"
    "  id: {values: \"d{1..10300}\"}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 0.1/s, ops: {upsert: 1}, item_size: 2MB}\n";

/* K12: a one-id pool with deletes under a 1-s ttl: "levels off at 65.1
   MiB ... written 0 B/s, its items living 0.0 s"; the replay holds 2
   MiB */
static const char k12[] =
    "container: {partition_key: /k, throughput: 10000, default_ttl: 1}\n"
    "items:\n"
    "  k: {const: a}\n"
    "  id: {values: \"d{1..1}\"}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 100/s, ops: {upsert: 0.5, delete: 0.5}, "
    "item_size: 2MB}\n";

/* H5: batches over an id pool: 0.20 days said, right 0.37 (replay) */
static const char h5[] =
    "container: {partition_key: /tenant, throughput: 30000}\n"
    "items:\n"
    "  tenant: {const: a}\n"
    "  id: {values: \"d{1..30000}\"}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 1/s, ops: {batch: 1}, batch: {size: 2}, "
    "item_size: 1MB}\n";

/* H6: an id pool of 10,300 ids upserted at 1/s with 2 MB items under a
   day key: every upsert taken as new, 0.12 days said (right 0.61, the
   replay 0.58). The same under a constant key (variant const) is the
   tested pool rule: 10,300 ids x 2 MiB pass the cap's 10,240 items, so
   it fills after n = 10,300 x ln(10,300 / 60) = 52,999 upserts, one a
   second: 52,999 s */
static const char h6[] =
    "container: {partition_key: /day, throughput: 30000}\n"
    "variants:\n"
    "  - {name: day}\n"
    "  - {name: const, partition_key: /k}\n"
    "items:\n"
    "  day: {clock: \"%Y-%m-%d\"}\n"
    "  k: {const: x}\n"
    "  id: {values: \"d{1..10300}\"}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 1/s, ops: {upsert: 1}, item_size: 2MB}\n";

/* H7: a pool stream beside a creating and a deleting stream: 2.43 days
   said, right 4.85 (replay 4.84) */
static const char h7[] =
    "container: {partition_key: /k, throughput: 10000}\n"
    "streams:\n"
    "  - name: pool\n"
    "    items: {k: {const: a}, id: {values: \"p{1..1000}\"}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 10/s, ops: {upsert: 1}, item_size: "
    "1KB}\n"
    "  - name: creator\n"
    "    items: {k: {const: a}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 10/s, item_size: 10KB}\n"
    "  - name: deleter\n"
    "    items: {k: {const: a}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 5/s, ops: {delete: 1}}\n";

/* H8: batches of 2 items of 512 KB .. 1,536 KB: the pairs past 2 MB are
   refused (413), so 0.237 days said for a right 0.284 (replay 0.2825) */
static const char h8[] =
    "container: {partition_key: /tenant, throughput: 30000}\n"
    "items:\n"
    "  tenant: {const: contoso}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 1/s, ops: {batch: 1}, batch: {size: 2}, "
    "item_size: {uniform: [512KB, 1536KB]}}\n";

/* F7: replaces at 100 KB picking items by zipf, not uniformly: 15.0 days
   said (the uniform figure), the replay 34.7 */
static const char f7[] =
    "container: {partition_key: /tenant, throughput: 10000}\n"
    "items:\n"
    "  tenant: {const: contoso}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 10/s, item_size: 1KB}\n"
    "  - {duration: 10m, rate: 10/s, ops: {replace: 1}, item_size: 100KB, "
    "select: {distribution: zipf, s: 1.3}}\n";

/* E1: an hour key on 5 ranges of 400 RU/s, cap 200 MB, 400 ops/s of
   10 % creates and 90 % point reads of 10 KB drawn zipfian (the oldest
   hottest), from 00:45. From 01:00 the reads fall nearly all on hour
   00's items, so hour 01's range takes only its creates, 40 x 9.09 =
   363.6 RU/s of 400 (rule 20): 400 KiB/s, 200 MiB in 512 s, full at
   900 + 512 = 1,412 s (a replay fills at 1,417 s). Read uniformly the
   range also takes its part of the reads: 1,686 s, what was said for
   zipfian, hotspot and latest alike (latest's replay: 2,123 s) */
static const char e1[] =
    "clock: {start: \"2026-03-05T00:45:00Z\"}\n"
    "container: {partition_key: /hour, throughput: 2000, partitions: 5, "
    "logical_partition_storage: 200MB}\n"
    "items: {hour: {clock: \"%Y-%m-%dT%H\"}}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 400/s, ops: {create: 0.1, read: 0.9}, "
    "item_size: 10KB, select: zipfian}\n";

/* F11: a day key whose items another stream replaces at 100 KB:
   "bounded ... 210.9 MiB" said, right 17.0 days (replay 17.2) */
static const char f11[] =
    "container: {partition_key: /day, throughput: 10000}\n"
    "streams:\n"
    "  - name: creates\n"
    "    items: {day: {clock: \"%Y-%m-%d\"}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 2.5/s, item_size: 1KB}\n"
    "  - name: rewrites\n"
    "    items: {day: {clock: \"%Y-%m-%d\"}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 2.5/s, ops: {replace: 1}, item_size: "
    "100KB}\n";

/* A date key with a random suffix, one stream of 400 creates/s of 10 KB
   from midnight: each of the 4 values of a day gets 100/s, 1,024,000
   B/s, full at 21,474,836,480 / 1,024,000 = 20,971.52 s, within its
   first day (trialK checked it right) */
static const char daterand[] =
    "clock: {start: \"2026-01-01T00:00:00Z\"}\n"
    "container: {partition_key: \"{date}.{random 1..4}\", throughput: "
    "60000}\n"
    "items:\n"
    "  date: {clock: \"%Y-%m-%d\"}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 400/s, item_size: 10KB}\n";

/* K5: autoscale max 1,000 RU/s admits 200 creates/s of 1 KB (5 RU), 2
   a key: 2,048 B/s, 121.4 days at a fixed max; but storage past 0.1 x
   max GB raises the max (rule 18) and the writes grow with it: stepped,
   about 21.5 days. The closed form keeps the max: not projected */
static const char k5[] = "container: {partition_key: /k, autoscale_max: 1000}\n"
			 "items:\n"
			 "  k: {values: \"k{1..100}\"}\n"
			 "phases:\n"
			 "  - {duration: 20s, rate: 5000/s, item_size: 1KB}\n";

/* K9: serverless RU/s grows with its partitions (rule 19) and its
   storage stops at 1 TB: 4.85 days said from the first partition's
   RU/s, about 1.46 stepped */
static const char k9[] = "container: {partition_key: /k, serverless: true}\n"
			 "items:\n"
			 "  k: {const: a}\n"
			 "phases:\n"
			 "  - {duration: 20s, rate: 2000/s, item_size: 1KB}\n";

/* F2: a raise to 20,000 RU/s whose split lands a day later: 2,000
   creates/s of 1 KB held to 6,000 RU/s until then, 0.2023 days by
   hand; the closed form took the raise from its phase (0.124) */
static const char f2[] =
    "container: {partition_key: /tenant, throughput: 6000, split_delay: "
    "1d}\n"
    "items:\n"
    "  tenant: {const: contoso}\n"
    "phases:\n"
    "  - {name: low, duration: 10s, rate: 2000/s, item_size: 1KB}\n"
    "  - {name: raised, duration: 20s, rate: 2000/s, item_size: 1KB, "
    "throughput: 20000}\n";

/* O5: the CRUD mix on one key, 100 operations/s of 10 KB: 50 creates,
   30 same-size replaces (nothing new stored) and 20 deletes (each a
   stored item drawn uniformly): "a" nets 30 items/s x 10,240 = 307,200
   B/s, full at 21,474,836,480 / 307,200 = 69,905.07 s (0.8091 days; the
   10-min replay stores 177.9 MiB, 175.8 by this rate); under {hash(id)
   mod 4} or a {random 1..4} suffix each of 4 values a quarter, 76,800
   B/s, 279,620.27 s. All three were "not projected: deletes with
   replaces" */
static const char o5[] =
    "container: {partition_key: /k, throughput: 20000}\n"
    "variants:\n"
    "  - {name: const}\n"
    "  - {name: hash4, partition_key: \"{hash(id) mod 4}\"}\n"
    "  - {name: rand4, partition_key: \"{k}-{random 1..4}\"}\n"
    "items:\n"
    "  k: {const: a}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 100/s, ops: {create: 0.5, replace: 0.3, "
    "delete: 0.2}, item_size: 10KB}\n";

/* O3: batches of 2 x 100 KB, half drawn spanning, k a or b: a spanning
   batch commits only when both draws agree (1/2; else 400, nothing
   stored), so "a" grows (5 x 2 / 2 + 2.5 x 2 / 2) x 102,400 = 768,000
   B/s, full at 27,962 s (the replay: 27,948 s); every batch counted
   gave 1,024,000 B/s, 20,972 s (25 % early) */
static const char o3[] =
    "container: {partition_key: /k, throughput: 60000}\n"
    "items:\n"
    "  k: {values: [a, b]}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 10/s, ops: {batch: 1}, batch: {size: 2, "
    "spanning: 0.5}, item_size: 100KB}\n";

/* O4: a split delay with no raise (o4none), and with a raise from 4,000
   to 6,000 RU/s that one partition holds (o4raise; 10,000 RU/s a
   partition, rule 6: no split, the raise applies at once): 10 creates/s
   of 1 KB, 10,240 B/s, 21,474,836,480 / 10,240 = 2,097,152 s (24.27
   days), as without a delay; both were "not projected: a split delay" */
static const char o4none[] =
    "container: {partition_key: /k, throughput: 4000, split_delay: 1d}\n"
    "items:\n"
    "  k: {const: a}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 10/s, item_size: 1KB}\n";
static const char o4raise[] =
    "container: {partition_key: /k, throughput: 4000, split_delay: 1d}\n"
    "items:\n"
    "  k: {const: a}\n"
    "phases:\n"
    "  - {duration: 10m, rate: 10/s, item_size: 1KB}\n"
    "  - {duration: 10m, rate: 10/s, item_size: 1KB, throughput: 6000}\n";

/* A ramp 0 -> 400/s on 400 RU/s: 3.03 days said, 3.371 by hand (72
   items/s stored) */
static const char ramp[] =
    "container: {partition_key: /k, throughput: 400}\n"
    "items:\n"
    "  k: {const: a}\n"
    "phases:\n"
    "  - {duration: 5m, rate: {from: 0/s, to: 400/s}, item_size: 1KB}\n";

/* K7: 11,000 pooled ids upserted at 1 KB while another stream replaces
   them at 2 MB: "never ... 10.7 MiB" (the ids x the mean item) said;
   11,000 x 2 MiB passes the cap and the replay fills at 88,391 s */
static const char k7[] =
    "container: {partition_key: /k, autoscale_max: 10000}\n"
    "streams:\n"
    "  - name: up\n"
    "    items: {k: {const: a}, id: {values: \"p{1..11000}\"}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 0.5/s, ops: {upsert: 1}, item_size: "
    "1KB}\n"
    "  - name: big\n"
    "    items: {k: {const: a}}\n"
    "    phases:\n"
    "      - {duration: 10m, rate: 9/s, ops: {replace: 1}, item_size: "
    "2MB}\n";

/* K2: 500 upserts/s of 10 KB among 2,500,000 ids living 2 h: the live
   ids level off at 2,500,000 x (1 - e^-1.44) x 10,240 B =
   19,534,649,378 B, 18.2 GiB (the README's own example; the replay
   holds 18.2 GiB, 0 x 403). An upsert of a live id replaces it, so only
   500 x e^-1.44 = 118.5 items expire a second, within the 160 deletes
   of 9.09 RU that the 6,000 - 500 x 9.09 RU/s left on its range pay for.
   Before: 0.12 days; then every expired write taken as an item to delete
   (500 a second, more than 160: deletions behind, "not projected") */
static const char k2[] =
    "container: {partition_key: /t, throughput: 60000, default_ttl: 2h}\n"
    "items:\n"
    "  t: {const: a}\n"
    "  id: {values: \"i{1..2500000}\"}\n"
    "phases:\n"
    "  - {duration: 2m, rate: 500/s, ops: {upsert: 1}, item_size: 10KB}\n";

/* M6: two streams upsert 5/s of 1 MB on one key, their pools
   i1..15000 and i10001..25000 overlapping: 25,000 distinct ids x 1 MiB
   = 24.4 GiB passes the cap (the replay fills at 4,581 s); "not within
   5 years (holds 14.6 GiB)" said, the two pools taken as one */
static const char m6[] =
    "container: {partition_key: /k, throughput: 30000}\n"
    "streams:\n"
    "  - name: a\n"
    "    items: {k: {const: a}, id: {values: \"i{1..15000}\"}}\n"
    "    phases:\n"
    "      - {duration: 2m, rate: 5/s, ops: {upsert: 1}, item_size: 1MB}\n"
    "  - name: b\n"
    "    items: {k: {const: a}, id: {values: \"i{10001..25000}\"}}\n"
    "    phases:\n"
    "      - {duration: 2m, rate: 5/s, ops: {upsert: 1}, item_size: 1MB}\n";

/* M1: creates, same-size replaces and reads on one key: a replace
   stores nothing new, so "a" grows by its creates, 50/s x 10,240 B =
   512,000 B/s, full at 21,474,836,480 / 512,000 = 41,943.04 s; under
   {hash(id) mod 4} (variant hash4) each of 4 values a quarter of it,
   167,772.16 s */
static const char m1[] =
    "container: {partition_key: /k, throughput: 20000}\n"
    "variants:\n"
    "  - {name: const}\n"
    "  - {name: hash4, partition_key: \"{hash(id) mod 4}\"}\n"
    "items:\n"
    "  k: {const: a}\n"
    "phases:\n"
    "  - {duration: 1m, rate: 100/s, ops: {create: 0.5, replace: 0.3, "
    "read: 0.2}, item_size: 10KB}\n";

/* M1: upserts on one key, half of them new (upsert_new 0.5): a
   rewriting upsert stores nothing new at the same size, so "a" grows by
   the new half, 50/s x 10,240 B = 512,000 B/s, full at 21,474,836,480 /
   512,000 = 41,943.04 s (11.7 h); a 30-day ttl (variant ttl30d) expires
   nothing before then (41,943 s < 2,592,000 s), so the same figure:
   counting every upsert as new gave half of it, 20,971.52 s */
static const char m1up[] =
    "container: {partition_key: /k, throughput: 20000}\n"
    "variants:\n"
    "  - {name: nottl}\n"
    "  - {name: ttl30d, default_ttl: 30d}\n"
    "items:\n"
    "  k: {const: a}\n"
    "phases:\n"
    "  - {duration: 1m, rate: 100/s, ops: {upsert: 1}, upsert_new: 0.5, "
    "item_size: 10KB}\n";

/* M1: 60 creates and 40 deletes a second of 10 KB under {hash(id) mod
   4} over unique ids (variant rand4: {random 1..4}): a delete takes a
   stored item drawn uniformly from every stored item, and the 4 values
   hold equal shares of them, so each nets (60 - 40) / 4 = 5 items/s x
   10,240 B = 51,200 B/s, full at 21,474,836,480 / 51,200 = 419,430.4 s
   (4.85 days) */
static const char m1del[] =
    "container: {partition_key: \"{hash(id) mod 4}\", throughput: 30000}\n"
    "variants:\n"
    "  - {name: hash4}\n"
    "  - {name: rand4, partition_key: \"{random 1..4}\"}\n"
    "phases:\n"
    "  - {duration: 1m, rate: 100/s, ops: {create: 0.6, delete: 0.4}, "
    "item_size: 10KB}\n";

static const struct gcase cases[] = {
    {"K1", k1, 0, PK_FULL_NOT_PROJECTED, -1, "time to live, replaces"},
    {"K11", k11, 0, PK_FULL_NOT_PROJECTED, -1, "time to live with replaces"},
    {"K6 hash4", k6, 0, PK_FULL_NOT_PROJECTED, -1, "transactional batches"},
    {"K6 rand4", k6, 1, PK_FULL_DAYS, 163840.0, "projected"},
    {"K10", k10, 0, PK_FULL_NOT_PROJECTED, -1, "an id pool"},
    {"K12", k12, 0, PK_FULL_NOT_PROJECTED, -1, "deletes"},
    {"H5", h5, 0, PK_FULL_NOT_PROJECTED, -1, "transactional batches"},
    {"H6 day", h6, 0, PK_FULL_NOT_PROJECTED, -1, "a time key"},
    {"H6 const", h6, 1, PK_FULL_DAYS, 52999.0, "projected"},
    {"H7", h7, 0, PK_FULL_NOT_PROJECTED, -1, "deletes"},
    {"H8", h8, 0, PK_FULL_NOT_PROJECTED, -1, "varying size"},
    {"F7", f7, 0, PK_FULL_NOT_PROJECTED, -1, "select"},
    {"E1", e1, 0, PK_FULL_NOT_PROJECTED, -1,
     "a select other than uniform for reads"},
    {"F11", f11, 0, PK_FULL_NOT_PROJECTED, -1, "a time key"},
    {"date.random", daterand, 0, PK_FULL_DAYS, 20971.52, "projected"},
    {"K5", k5, 0, PK_FULL_NOT_PROJECTED, -1, "rule 18"},
    {"K9", k9, 0, PK_FULL_NOT_PROJECTED, -1, "serverless"},
    {"F2", f2, 0, PK_FULL_NOT_PROJECTED, -1, "split delay"},
    {"O3", o3, 0, PK_FULL_NOT_PROJECTED, -1, "batches spanning"},
    {"O5 const", o5, 0, PK_FULL_DAYS, 69905.07, "projected"},
    {"O5 hash4", o5, 1, PK_FULL_DAYS, 279620.27, "projected"},
    {"O5 rand4", o5, 2, PK_FULL_DAYS, 279620.27, "projected"},
    {"O4 none", o4none, 0, PK_FULL_DAYS, 2097152.0, "projected"},
    {"O4 raise", o4raise, 0, PK_FULL_DAYS, 2097152.0, "projected"},
    {"ramp", ramp, 0, PK_FULL_NOT_PROJECTED, -1, "a ramp"},
    {"K7", k7, 0, PK_FULL_NOT_PROJECTED, -1, "the mean item"},
    {"K2", k2, 0, PK_FULL_LEVELS, 19534649378.0, "levels off at 18.2 GiB"},
    {"M6", m6, 0, PK_FULL_NOT_PROJECTED, -1, "several streams' id pools"},
    {"M1 const", m1, 0, PK_FULL_DAYS, 41943.04, "projected"},
    {"M1 hash4", m1, 1, PK_FULL_DAYS, 167772.16, "projected"},
    {"M1 upserts", m1up, 0, PK_FULL_DAYS, 41943.04, "projected"},
    {"M1 upserts ttl30d", m1up, 1, PK_FULL_DAYS, 41943.04,
     "before any item expires"},
    {"M1 deletes hash4", m1del, 0, PK_FULL_DAYS, 419430.4, "projected"},
    {"M1 deletes rand4", m1del, 1, PK_FULL_DAYS, 419430.4, "projected"},
};

START_TEST(test_guard_cases)
{
	const struct gcase *g = &cases[_i];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("guard.yaml", g->yaml), g->yaml, &run, &res);
	const struct pk_scorecard *v = &c[g->variant];
	char t[700];

	scorecard_full_text(res, v, 0, t, sizeof(t));
	ck_assert_msg(v->full_kind == g->kind, "%s: kind %d, not %d: %s",
		      g->name, v->full_kind, g->kind, t);
	if (g->kind == PK_FULL_DAYS) {
		/* within 0.1 % of the hand figure (the H6 pool's ln rounds
		   to the whole upsert) */
		ck_assert_msg(tu_near(v->days_to_full * DAY, g->full_s, 1e-3),
			      "%s: %f s, not %f: %s", g->name,
			      v->days_to_full * DAY, g->full_s, t);
	} else if (g->kind == PK_FULL_LEVELS) {
		/* full_s: the level, B */
		ck_assert_msg(tu_near(v->full_level_bytes, g->full_s, 1e-3),
			      "%s: %f B, not %f: %s", g->name,
			      v->full_level_bytes, g->full_s, t);
	} else {
		ck_assert_msg(v->days_to_full < 0, "%s: %s", g->name, t);
		ck_assert_msg(strncmp(t, "not projected: ", 15) == 0, "%s: %s",
			      g->name, t);
	}
	ck_assert_msg(strstr(t, g->words), "%s: %s", g->name, t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * H13: a data file whose second day repeats the first day's ids (every
 * one a 409): one record every 100 s for 48 h, ids r0 .. r863 twice.
 * Its pool is not drawn nearly whole (2 records an id, not 5), so the
 * pool rule does not bound it, and the 48-h mean was extrapolated as a
 * rate (2.4 days said; by the docs' pool rule never, 864 x 2 MiB).
 */
START_TEST(test_guard_data_repeats)
{
	static const char yaml[] =
	    "container: {partition_key: /device, throughput: 100000}\n"
	    "items: {file: rep.jsonl, time_field: ts, time_compression: 1, "
	    "item_size: 2MB}\n";
	char *data = malloc(1728 * 64), t[700];
	size_t at = 0;
	int i;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;

	ck_assert_ptr_nonnull(data);
	for (i = 0; i < 1728; i++) {
		at += (size_t)snprintf(data + at, 64,
				       "{\"device\": \"d1\", \"id\": \"r%d\", "
				       "\"ts\": %d}\n",
				       i % 864, 1767225600 + 100 * i);
	}
	tu_dir_file("rep.jsonl", data);
	free(data);
	c = tu_cards(tu_dir_file("guard.yaml", yaml), yaml, &run, &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(c[0].full_kind == PK_FULL_NOT_PROJECTED, "%s", t);
	ck_assert_msg(strstr(t, "redrawing ids"), "%s", t);
	ck_assert_msg(strstr(t, "more of the data"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * M7: a data file whose records have no ttl field, under a container's
 * default_ttl of 1 h: time to live with a data file is not a tested
 * combination, and the refusal names it so; it named "items' own ttl",
 * a field no record has. One record of device d1 every 10 s for 2 h.
 */
START_TEST(test_guard_data_no_own_ttl)
{
	static const char yaml[] =
	    "container: {partition_key: /device, throughput: 10000, "
	    "default_ttl: 1h}\n"
	    "items: {file: plain.jsonl, time_field: ts, time_compression: 1, "
	    "item_size: 10KB}\n";
	char *data = malloc(720 * 64), t[700];
	size_t at = 0;
	int i;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;

	ck_assert_ptr_nonnull(data);
	for (i = 0; i < 720; i++) {
		at += (size_t)snprintf(data + at, 64,
				       "{\"device\": \"d1\", \"id\": \"r%d\", "
				       "\"ts\": %d}\n",
				       i, 1767225600 + 10 * i);
	}
	tu_dir_file("plain.jsonl", data);
	free(data);
	c = tu_cards(tu_dir_file("guard.yaml", yaml), yaml, &run, &res);
	scorecard_full_text(res, &c[0], 0, t, sizeof(t));
	ck_assert_msg(c[0].full_kind == PK_FULL_NOT_PROJECTED, "%s", t);
	ck_assert_msg(strstr(t, "time to live with a data file"), "%s", t);
	ck_assert_msg(!strstr(t, "own ttl"), "%s", t);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * M4: variants of different logical partition caps: 1 create/s of
 * 100 KB on one key fills 20 GiB at 21,474,836,480 / 102,400 =
 * 209,715.2 s and a 1-GB cap at 1,073,741,824 / 102,400 = 10,485.76 s;
 * the compare header said "its cap, 20.0 GiB" above both rows. It names
 * none now, and each row its own cap.
 */
START_TEST(test_guard_compare_caps_named)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 10000}\n"
	    "variants:\n"
	    "  - {name: plain}\n"
	    "  - {name: cap1g, logical_partition_storage: 1GB}\n"
	    "items: {k: {const: a}}\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 1/s, item_size: 100KB}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file("caps.yaml", yaml), yaml, &run, &res);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert(tu_near(c[0].days_to_full * DAY, 209715.2, 1e-9));
	ck_assert(tu_near(c[1].days_to_full * DAY, 10485.76, 1e-9));
	report_text_compare_cards(res, c, 0, 120, f);
	fclose(f);
	ck_assert_msg(!strstr(text, "its cap, 20.0 GiB"), "%s", text);
	ck_assert_msg(strstr(text, "(its cap 20.0 GiB)"), "%s", text);
	ck_assert_msg(strstr(text, "(its cap 1.0 GiB)"), "%s", text);
	free(text);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * The features' sentence names a scenario's batches by what they are on
 * the variant's service: Azure Cosmos DB's transactional batch, and on a
 * DynamoDB table its `batches:` setting (BatchWriteItem, not atomic;
 * TransactWriteItems, all or nothing). The names alone: no run.
 */
START_TEST(test_guard_batch_names)
{
	const uint32_t f = PK_RW_F_BATCH | PK_RW_F_BATCH_SPAN;
	char t[256];

	runway_features_text(f, PK_RUNWAY_BATCH_COSMOS, t, sizeof(t));
	ck_assert_str_eq(t, "transactional batches with batches spanning "
			    "logical partitions (only those whose items "
			    "meet in one commit)");
	runway_features_text(f, PK_RUNWAY_BATCH_WRITE_ITEM, t, sizeof(t));
	ck_assert_str_eq(t, "BatchWriteItem batches (each item a put of its "
			    "own) with BatchWriteItem items spanning key "
			    "values");
	runway_features_text(f, PK_RUNWAY_BATCH_TRANSACT, t, sizeof(t));
	ck_assert_str_eq(t, "TransactWriteItems transactions with "
			    "transactions spanning key values");
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("runway_guard");
	TCase *tc = tcase_create("runway_guard");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_loop_test(tc, test_guard_cases, 0,
			    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_guard_data_repeats);
	tcase_add_test(tc, test_guard_compare_caps_named);
	tcase_add_test(tc, test_guard_data_no_own_ttl);
	tcase_add_test(tc, test_guard_batch_names);
	suite_add_tcase(s, tc);
	return s;
}
