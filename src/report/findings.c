/*
 * findings: verdicts in plain words from one variant's frozen result
 * (findings.h). The hot-partition bounds (99% and 30%) are the metrics'
 * (PK_METRICS_HOT, PK_METRICS_COLD), which count the hot seconds.
 */
#include "pksim/report/findings.h"

#include "findings_alive.h"
#include "findings_ddb.h"
#include "findings_density.h"
#include "findings_int.h"
#include "findings_keys.h"
#include "findings_merge.h"
#include "findings_ops.h"
#include "findings_scaled.h"
#include "findings_streams.h"
#include "pksim/load/monitor.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/report/layout.h"
#include "pksim/report/scorecard.h"
#include "pksim/service/snapshot.h"

#define PK_FINDINGS_HEALTHY_429 0.05 /* D-429: 1-5% is healthy */
#define PK_FINDINGS_HOT_SHARE                                                  \
	0.20		      /* a logical partition this big a                \
				 share of RU is worth naming */
#define PK_FINDINGS_MAX_403 3 /* full logical partitions named */
/* The storage-growth advisory: ASSUMPTION (the reference gives no
   threshold): a logical partition that reaches its cap (20 GiB, rule 11)
   within 90 days at the growth seen, a quarter: time to plan a new key,
   which means a new container and a migration (the key is set when the
   container is created). Short runs extrapolate their rates, so a
   longer horizon would flag even the even loads of a good key. */
#define PK_FINDINGS_GROWTH_DAYS 90.0
/* The cross-partition-queries advisory: ASSUMPTION (the reference gives
   no threshold): fan-out queries (rule 21) from 10% of the queries served,
   on a container of 2 or more physical partitions. */
#define PK_FINDINGS_FANOUT_SHARE 0.10

/* ---- names ---- */

void findings_key_text(const struct pk_result_variant *v,
		       const struct pk_result_lp *lp, char *buf, size_t cap)
{
	result_key_text(v, lp->key, lp->key_len, buf, cap);
}

const char *findings_range_name(const struct pk_result_variant *v, uint32_t id,
				char *buf, size_t cap)
{
	const struct pk_result_lineage *l = result_lineage(v, id);
	/* a DynamoDB table's are partitions (its key ranges) */
	const char *w = v->ddb ? "partition" : "range";

	if (!l) {
		snprintf(buf, cap, "%s %u", w, id);
	} else if (l->split_s >= 0) {
		snprintf(buf, cap,
			 "%s %u (split at t = %lld s into %u and "
			 "%u)",
			 w, id, (long long)l->split_s, l->children[0],
			 l->children[1]);
	} else if (l->merged_away) {
		snprintf(buf, cap, "%s %u (merged away)", w, id);
	} else if (l->parent != PK_RESULT_NO_RANGE) {
		snprintf(buf, cap, "%s %u (split from %u at t = %lld s)", w, id,
			 l->parent, (long long)l->born_s);
	} else {
		snprintf(buf, cap, "%s %u", w, id);
	}
	return buf;
}

/* RU served over RU provisioned in the seconds range id rate-limited
   requests: how much of the container was in use while it throttled.
   Amazon DynamoDB never pools reads and writes (D3): the busier side's
   use of its own units, that side in *write (1: writes) */
static double utilisation_while_throttled(const struct pk_result_variant *v,
					  uint32_t id, int *write)
{
	const struct pk_range_stats *r;
	double u[2] = {0, 0};
	int k;

	*write = 0;
	if (id >= v->metrics->n_ranges) {
		return 0.0;
	}
	r = &v->metrics->ranges[id];
	if (!v->ddb) {
		return r->throttled_prov_ru > 0
			   ? r->throttled_served_ru / r->throttled_prov_ru
			   : 0.0;
	}
	for (k = 0; k < 2; k++) {
		if (r->throttled_side_cap[k] > 0) {
			u[k] = r->throttled_side_used[k] /
			       r->throttled_side_cap[k];
		}
	}
	/* the side throttled, when only one was; else the busier */
	k = findings_ddb_throttled_side(v);
	*write = k >= 0 ? k : u[1] >= u[0];
	return u[*write];
}

/* The units a second side write of table v held on average in the
   seconds range id throttled */
static double mean_while_throttled(const struct pk_result_variant *v,
				   uint32_t id, int write)
{
	const struct pk_range_stats *r;

	if (id >= v->metrics->n_ranges) {
		return 0.0;
	}
	r = &v->metrics->ranges[id];
	return r->throttled_seconds > 0
		   ? r->throttled_side_cap[write] / (double)r->throttled_seconds
		   : 0.0;
}

/* Into buf (n bytes): what was in use while range id throttled,
   "container used N% of its provisioned throughput in those seconds";
   for a table the busier side against its own units, as they were in
   those seconds (D3, D12) */
static void use_words(const struct pk_result *r,
		      const struct pk_result_variant *v, uint32_t id, char *buf,
		      size_t n)
{
	int write;
	double u = pct(utilisation_while_throttled(v, id, &write));
	char bound[160];

	if (!v->ddb) {
		snprintf(buf, n,
			 "%s used %.0f%% of its provisioned throughput in "
			 "those seconds",
			 v->cosmos ? "container" : "table", u);
	} else if (v->ddb->on_demand) {
		snprintf(
		    buf, n, "table's %s used %.0f%% of %s in those seconds",
		    write ? "writes" : "reads", u,
		    findings_ddb_od_bound(r, v, write, bound, sizeof(bound)));
	} else {
		/* the units it held in those seconds: its run's start, end
		   and most describe other seconds */
		struct pk_ddb_held h;
		char a[32];

		ddb_sides_held(v, write, &h);
		if (h.changed) {
			snprintf(buf, n,
				 "table's %s used %.0f%% of the %s it held in "
				 "those seconds: %s a second on average",
				 write ? "writes" : "reads", u,
				 write ? "WCU" : "RCU",
				 fmt_thousands((int64_t)(mean_while_throttled(
							     v, id, write) +
							 0.5),
					       a));
		} else {
			snprintf(buf, n,
				 "table's %s used %.0f%% of its %s %s in those "
				 "seconds",
				 write ? "writes" : "reads", u,
				 fmt_thousands(h.start, a),
				 write ? "WCU" : "RCU");
		}
	}
}

/* Range i's 429s for lack of its own RU/s: a 429/3212 is a throughput
   bucket's cap while the range had room (rule 31), and a Low request's
   429 while it had room keeps High's room (rule 30): neither is a sign
   of a range short of RU/s. */
static uint64_t own_429(const struct pk_result_variant *v, size_t i)
{
	const struct pk_result_range *p = &v->ranges[i];

	return p->throttled_429 - p->throttled_bucket - p->throttled_held;
}

/* The share of range i's requests it rate-limited for its RU/s. */
static double rate_429(const struct pk_result_variant *v, size_t i)
{
	const struct pk_result_range *p = &v->ranges[i];

	return p->requests ? (double)own_429(v, i) / (double)p->requests : 0.0;
}

/* Index of the range with the highest 429/3200 rate not yet said
   (said[]), or SIZE_MAX when none is left with 429/3200s. */
static size_t worst_unsaid(const struct pk_result_variant *v, const char *said)
{
	size_t i, best = SIZE_MAX;

	for (i = 0; i < v->n_ranges; i++) {
		if (said[i] || own_429(v, i) == 0) {
			continue;
		}
		if (best == SIZE_MAX || rate_429(v, i) > rate_429(v, best)) {
			best = i;
		}
	}
	return best;
}

/* Into buf (n bytes): "" or, when range p answered 429s while it had
   room, "; apart from these, ..." with them: rule 31's 429/3212s, rule
   30's 429s to Low requests held back to keep High's room. */
static void apart(const struct pk_result_range *p, char *buf, size_t n)
{
	char a[32];
	int k = 0;

	buf[0] = '\0';
	if (p->throttled_bucket > 0) {
		k = snprintf(buf, n,
			     "; apart from these, %s were 429/3212, a "
			     "throughput bucket's cap while the range had "
			     "room (rule 31)",
			     fmt_thousands(p->throttled_bucket, a));
	}
	if (p->throttled_held > 0 && k >= 0 && (size_t)k < n) {
		snprintf(buf + k, n - (size_t)k,
			 "%s %s were 429s to Low-priority requests the range "
			 "had room for, held back to keep High's room (rule "
			 "30)",
			 k ? ";" : "; apart from these,",
			 fmt_thousands(p->throttled_held, a));
	}
}

/* Mark said the unsaid ranges alike to range i (the same 429/3200s,
   requests, 429/3212s and held 429s, and the same use words, use: the
   seconds' utilisation as use_words says it); returns how many, the
   first PK_FINDINGS_MAX_RANGES - 1 of them in first[]. A run that asks
   every range alike (a fan-out query) throttles them alike: one line
   says it, not one a range. */
static size_t mark_alike(const struct pk_result *r,
			 const struct pk_result_variant *v, size_t i,
			 const char *use, char *said,
			 size_t first[PK_FINDINGS_MAX_RANGES - 1])
{
	const struct pk_result_range *p = &v->ranges[i], *q;
	char other[256];
	size_t j, k = 0;

	for (j = 0; j < v->n_ranges; j++) {
		q = &v->ranges[j];
		if (said[j] || own_429(v, j) != own_429(v, i) ||
		    q->requests != p->requests ||
		    q->throttled_bucket != p->throttled_bucket ||
		    q->throttled_held != p->throttled_held) {
			continue;
		}
		use_words(r, v, q->id, other, sizeof(other));
		if (strcmp(other, use) == 0) {
			said[j] = 1;
			if (k < PK_FINDINGS_MAX_RANGES - 1) {
				first[k] = j;
			}
			k++;
		}
	}
	return k;
}

/* Into buf (n bytes): "" for no range alike, else the k ranges alike
   (mark_alike) after the first's name: each named when there are at most
   PK_FINDINGS_MAX_RANGES - 1 (", range 3 and range 4"), else their count
   (" and 5,999 more alike") */
static void alike_words(const struct pk_result_variant *v,
			const size_t first[PK_FINDINGS_MAX_RANGES - 1],
			size_t k, char *buf, size_t n)
{
	char name[96], c[32];
	size_t j, at = 0;

	buf[0] = '\0';
	if (k >= PK_FINDINGS_MAX_RANGES) {
		snprintf(buf, n, " and %s more alike",
			 fmt_thousands((int64_t)k, c));
		return;
	}
	for (j = 0; j < k && at < n; j++) {
		at += (size_t)snprintf(
		    buf + at, n - at, "%s%s", j + 1 == k ? " and " : ", ",
		    findings_range_name(v, v->ranges[first[j]].id, name,
					sizeof(name)));
	}
}

/* Per range that rate-limited requests for its RU/s (429/3200; the
   worst PK_FINDINGS_MAX_RANGES, then a count): its rate against the
   container's utilisation in the seconds it did, and apart its
   throughput bucket's 429/3212s if any (rule 31: the range had room).
   The worst are picked by PK_FINDINGS_MAX_RANGES scans and the rest
   counted in one: a scan per range rate-limited would be quadratic in
   the ranges (hours at a million). */
static void say_throttled_ranges(struct pk_sentences *s,
				 const struct pk_result *r,
				 const struct pk_result_variant *v)
{
	char *said = xcalloc(v->n_ranges ? v->n_ranges : 1, 1);
	char a[32], b[32], name[96], apart_s[320], use[256], alike[512];
	size_t i, k, n = 0, more = 0, first[PK_FINDINGS_MAX_RANGES - 1];

	for (i = 0; i < v->n_ranges; i++) {
		more += own_429(v, i) > 0;
	}
	while (n < PK_FINDINGS_MAX_RANGES &&
	       (i = worst_unsaid(v, said)) != SIZE_MAX) {
		const struct pk_result_range *p = &v->ranges[i];

		said[i] = 1;
		n++;
		more--;
		apart(p, apart_s, sizeof(apart_s));
		use_words(r, v, p->id, use, sizeof(use));
		k = mark_alike(r, v, i, use, said, first);
		more -= k;
		alike_words(v, first, k, alike, sizeof(alike));
		say(s, xasprintf(
			   "%s%s%s %s %.1f%% "
			   "of %s requests%s (%s of %s%s) while the "
			   "%s%s%s",
			   v->cosmos ? "partition key "
			   : v->ddb  ? ""
				     : "key ",
			   findings_range_name(v, p->id, name, sizeof(name)),
			   alike, v->ddb ? "throttled" : "rate-limited",
			   pct(rate_429(v, i)), k ? "their" : "its",
			   k ? " each" : "", fmt_thousands(own_429(v, i), a),
			   fmt_thousands(p->requests, b),
			   p->throttled_bucket ? ", 429/3200" : "", use,
			   !v->ddb && rate_429(v, i) <= PK_FINDINGS_HEALTHY_429
			       ? " (1-5% is a healthy rate when "
				 "latency is acceptable)"
			       : "",
			   apart_s));
	}
	if (more > 0 && v->ddb) {
		say(s, xasprintf("%s more partitions throttled requests (the "
				 "partitions table lists them all)",
				 fmt_thousands(more, a)));
	} else if (more > 0) {
		say(s, xasprintf("%s more partition key ranges rate-limited "
				 "requests (the physical partitions table "
				 "lists them all)",
				 fmt_thousands(more, a)));
	}
	free(said);
}

/*
 * Storage growth: the first logical partition to reach its cap (rule 11:
 * 20 GiB, logical_partition_storage; a table's item collection, 10 GiB
 * with a local secondary index, D18) does within PK_FINDINGS_GROWTH_DAYS
 * of the workload's start as the runway projects it (runway.h: from the
 * workload's rates or the data's own time, never from what the replay
 * stored). Not when one is full already (the 403 finding says so), nor
 * when the projection finds no day count. A projection of a combination
 * no test proves (runway.h, PK_RUNWAY_UNTESTED) is said as that,
 * instead of a date, and suggests no key (nothing says it fills).
 */
static unsigned say_storage_growth(struct pk_sentences *s,
				   const struct pk_result *r,
				   const struct pk_result_variant *v)
{
	struct pk_scorecard card;
	char b[PK_FMT_BYTES], when[512];

	if (!r || (!v->ddb && v->runway.kind != PK_RUNWAY_DAYS &&
		   v->runway.kind != PK_RUNWAY_UNTESTED)) {
		return 0;
	}
	memset(&card, 0, sizeof(card));
	scorecard_full(r, v, &card);
	if (card.full_kind == PK_FULL_NOT_PROJECTED &&
	    card.runway.replay_full_s >= 0) {
		/* the replay filled it: said, beside the 403 finding */
		char f[640], t[32];

		say(s, xasprintf(
			   "storage growth: %s %s = %s filled "
			   "in the replay itself, at t = %s s (above); when "
			   "one fills from the workload's start is not "
			   "projected: %s",
			   v->ddb ? "item collection" : "logical partition",
			   v->key_text, card.full_key,
			   fmt_thousands((int64_t)card.runway.replay_full_s, t),
			   runway_untested_text(&card.runway, f, sizeof(f))));
		return 0;
	}
	if (card.full_kind == PK_FULL_NOT_PROJECTED && v->ddb) {
		/* a table's cap is its item collection's (D18), in
		   DynamoDB's words */
		say(s,
		    xasprintf(
			"storage growth: when an item collection of %s (a "
			"key value's items and local secondary index "
			"entries) reaches its %s limit (D18) is %s",
			v->key_text, fmt_bytes(v->ddb->coll_cap_bytes, b),
			scorecard_full_text(r, &card, 0, when, sizeof(when))));
		return 0;
	}
	if (card.full_kind == PK_FULL_NOT_PROJECTED) {
		/* no date: the combination is said, nothing suggested */
		say(s,
		    xasprintf(
			"storage growth: when a logical partition "
			"of %s reaches its %s limit is %s",
			v->key_text, fmt_bytes(v->spec->lp_storage_bytes, b),
			scorecard_full_text(r, &card, 0, when, sizeof(when))));
		return 0;
	}
	if (card.full_kind != PK_FULL_DAYS || card.days_to_full <= 0 ||
	    card.days_to_full > PK_FINDINGS_GROWTH_DAYS) {
		return 0;
	}
	if (v->ddb) {
		/* a table's cap: an item collection's 10 GB, only with a
		   local secondary index (D18, reference §13) */
		say(s, xasprintf(
			   "storage growth: item collection %s = %s "
			   "(its items and local secondary index "
			   "entries) reaches its 10 GiB limit in %s; "
			   "then writes to it fail with "
			   "ItemCollectionSizeLimitExceededException "
			   "(HTTP 400) (ASSUMPTION: pksim warns %.0f "
			   "days ahead, the time a new key and a "
			   "migration take to plan; the reference gives "
			   "no threshold)",
			   v->key_text, card.full_key,
			   scorecard_full_text(r, &card, 0, when, sizeof(when)),
			   PK_FINDINGS_GROWTH_DAYS));
		return PK_KEYS_STORAGE;
	}
	say(s, xasprintf("storage growth: logical partition %s = %s reaches "
			 "its %s limit in %s; then writes to it fail with "
			 "403/1014 (rule 11) (ASSUMPTION: pksim warns %.0f "
			 "days ahead, the time a new key and a migration "
			 "take to plan; the reference gives no threshold)",
			 v->key_text, card.full_key,
			 fmt_bytes(v->spec->lp_storage_bytes, b),
			 scorecard_full_text(r, &card, 0, when, sizeof(when)),
			 PK_FINDINGS_GROWTH_DAYS));
	return PK_KEYS_STORAGE;
}

/*
 * A table's Scans (a query naming no partition key value) in DynamoDB's
 * words: a Scan pays for the items it reads, by the 4 KiB of each 1 MB
 * page (D1), and nothing per partition visited (Azure Cosmos DB's rule
 * 21 is not DynamoDB's); its share is of the table's read units.
 */
static void say_scans(struct pk_sentences *s, const struct pk_result_variant *v,
		      uint64_t fan, uint64_t all, double share)
{
	const struct pk_totals *t = &v->metrics->totals;
	int64_t reads = v->ddb->side_used_mcu[0];
	char a[32], b[32], c[32], d[32];

	say(s, xasprintf(
		   "Scans: %s of the %s Query and Scan requests served "
		   "(%.1f%%) named no partition key value and read every "
		   "partition (%s at the end), %s read units, %.1f%% of the "
		   "table's read units consumed; a Scan pays for every item "
		   "it reads, ceil(the bytes of a 1 MB page / 4 KiB) x 0.5 "
		   "(eventual) or 1 (strong) read units (D1), nothing per "
		   "partition it visits: a Query on the partition key (or a "
		   "global secondary index keyed on the attribute filtered) "
		   "reads only the items it names, and a page Limit bounds "
		   "each page (ASSUMPTION: pksim says this from %.0f%% of the "
		   "requests; the reference gives no threshold)",
		   fmt_thousands(fan, a), fmt_thousands(all, b), pct(share),
		   fmt_thousands(v->n_ranges, c),
		   fmt_thousands((t->fanout_mru + 500) / 1000, d),
		   reads > 0 ? pct((double)t->fanout_mru / (double)reads) : 0.0,
		   pct(PK_FINDINGS_FANOUT_SHARE)));
}

/*
 * Cross-partition queries: fan-out queries (no usable partition-key
 * filter: every range, rule 21) are at least PK_FINDINGS_FANOUT_SHARE of
 * the queries served, on 2 or more physical partitions (on one, a fan-out
 * visits one range and costs what a single-partition query does). A
 * table's are its Scans, said in its words (say_scans).
 */
static void say_cross_partition(struct pk_sentences *s,
				const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	uint64_t fan = t->queries[PK_ROUTE_FANOUT];
	uint64_t all =
	    t->queries[PK_ROUTE_SINGLE] + t->queries[PK_ROUTE_TARGETED] + fan;
	double share;
	char a[32], b[32], c[32], d[32];

	if (fan == 0 || v->n_ranges < 2) {
		return;
	}
	share = (double)fan / (double)all;
	if (share < PK_FINDINGS_FANOUT_SHARE) {
		return;
	}
	if (v->ddb) {
		say_scans(s, v, fan, all, share);
		return;
	}
	say(s,
	    xasprintf(
		"cross-partition queries: %s of the %s queries served "
		"(%.1f%%) had no usable partition-key filter and fanned "
		"out to every physical partition (%s at the end), costing "
		"%s RU, %.1f%% of the RU consumed (rule 21: each range "
		"visited adds about 2-3 RU); a query whose filter names the "
		"partition key (or its first levels) goes to one range, but "
		"pksim did not replay these with one: where the reader "
		"knows the key, write such a query in the scenario (or "
		"`compare --query` with --items) to measure it (ASSUMPTION: "
		"pksim says this from %.0f%% of the queries; the reference "
		"gives no threshold)",
		fmt_thousands(fan, a), fmt_thousands(all, b), pct(share),
		fmt_thousands(v->n_ranges, c),
		fmt_thousands((t->fanout_mru + 500) / 1000, d),
		t->ru_mru > 0 ? pct((double)t->fanout_mru / (double)t->ru_mru)
			      : 0.0,
		pct(PK_FINDINGS_FANOUT_SHARE)));
}

/* Rule 14: a range at or above this RU/s earns no burst credit */
#define PK_FINDINGS_BURST_PEAK 3000

/* The hottest logical partition when it took PK_FINDINGS_HOT_SHARE of
   the RU; PK_KEYS_HOT when it did on a variant with 429s */
static unsigned say_hot_lp(struct pk_sentences *s,
			   const struct pk_result_variant *v)
{
	const struct pk_result_lp *top = &v->top_ru[0];
	char key[128], a[32];
	double share;

	if (v->metrics->totals.ru_mru <= 0 || v->n_top_ru == 0) {
		return 0;
	}
	share = (double)top->ru_mru / (double)v->metrics->totals.ru_mru;
	if (share < PK_FINDINGS_HOT_SHARE) {
		return 0;
	}
	findings_key_text(v, top, key, sizeof(key));
	say(s, xasprintf("logical partition %s = %s took %.0f%% of all RU; "
			 "one logical partition can never use more than its "
			 "range's %s RU/s%s",
			 v->key_text, key, pct(share),
			 fmt_thousands(result_lp_range_ru_per_s(v, top), a),
			 v->cosmos && v->spec->burst &&
				 result_lp_range_ru_per_s(v, top) <
				     PK_FINDINGS_BURST_PEAK
			     ? " (beyond it only from burst "
			       "savings, up to 3,000 RU/s)"
			 : v->cosmos && v->spec->fleet.max_ru_per_s > 0
			     ? " (beyond it only what the fleet pool lends, "
			       "rule 40)"
			     : ""));
	if (result_key_undefined(v, top->key, top->key_len)) {
		say(s, xasprintf("the hottest logical partition holds items "
				 "without %s: they all share the one "
				 "undefined partition key value",
				 v->key_text));
	}
	return v->metrics->totals.throttled_429 > 0 ? PK_KEYS_HOT : 0;
}

/* The first PK_FINDINGS_MAX_403 logical partitions to fill (result's
   full[]: earliest first), then how many did in all. */
static unsigned say_full_lps(struct pk_sentences *s,
			     const struct pk_result_variant *v)
{
	char key[128], a[32], b[32], cap[32];
	size_t i;

	for (i = 0; i < v->n_full_listed && i < PK_FINDINGS_MAX_403; i++) {
		const struct pk_result_lp *lp = &v->full[i];

		findings_key_text(v, lp, key, sizeof(key));
		/* the cap's size is Azure Cosmos DB's (the spec's) */
		say(s, xasprintf("logical partition %s = %s reached its %s "
				 "limit at t = %s s; %s writes to it failed "
				 "with 403/1014 and stored nothing",
				 v->key_text, key,
				 v->cosmos
				     ? fmt_bytes(v->spec->lp_storage_bytes, cap)
				     : "storage",
				 fmt_thousands(lp->full_at_ms / 1000, a),
				 fmt_thousands(lp->rejected_403, b)));
	}
	if (v->n_full > PK_FINDINGS_MAX_403) {
		say(s, xasprintf("%llu logical partitions in all reached their "
				 "storage limit (the %d above filled first)",
				 (unsigned long long)v->n_full,
				 PK_FINDINGS_MAX_403));
	}
	return v->n_full > 0 ? PK_KEYS_STORAGE : 0;
}

static void say_splits(struct pk_sentences *s,
		       const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	size_t i, n_storage = 0, n_tp = 0, n_heat = 0, n_iso = 0;

	for (i = 0; i < m->n_splits; i++) {
		if (m->splits[i].reason == PK_SPLIT_STORAGE) {
			n_storage++;
		} else if (m->splits[i].reason == PK_SPLIT_HEAT) {
			n_heat++;
		} else if (m->splits[i].reason == PK_SPLIT_ISOLATE) {
			n_iso++;
		} else {
			n_tp++;
		}
	}
	if (m->n_splits > 0 && v->ddb) {
		/* a table's read and write units are never pooled: no
		   per-partition figure of the two added */
		char a[32], h[96] = "";

		if (n_heat > 0) {
			/* D7: a table's splits for sustained heat */
			snprintf(h, sizeof(h), ", %zu for heat", n_heat);
		}
		if (n_iso > 0) {
			/* D11: cuts around a hot item */
			uint64_t items = v->ddb ? v->ddb->heat.isolated : 0;

			snprintf(h + strlen(h), sizeof(h) - strlen(h),
				 ", %zu to isolate %llu hot item%s", n_iso,
				 (unsigned long long)items,
				 items == 1 ? "" : "s");
		}
		say(s,
		    xasprintf("%zu split%s (%zu for storage, %zu for "
			      "throughput%s): the table ended with %s "
			      "partition%s",
			      m->n_splits, m->n_splits == 1 ? "" : "s",
			      n_storage, n_tp, h, fmt_thousands(v->n_ranges, a),
			      v->n_ranges == 1 ? "" : "s"));
	} else if (m->n_splits > 0) {
		/* RU/s a range: whole with separators, else one decimal */
		int64_t tenths = (v->ru_per_s * 10 + (int64_t)v->n_ranges / 2) /
				 (int64_t)v->n_ranges;
		char a[32], b[48], w[32];

		snprintf(b, sizeof(b), "%s", fmt_thousands(tenths / 10, w));
		if (tenths % 10 != 0) {
			snprintf(b + strlen(b), sizeof(b) - strlen(b), ".%lld",
				 (long long)(tenths % 10));
		}
		say(s, xasprintf("%zu split%s (%zu for storage, %zu for "
				 "throughput): the container ended with %s "
				 "physical partition%s of %s RU/s each",
				 m->n_splits, m->n_splits == 1 ? "" : "s",
				 n_storage, n_tp, fmt_thousands(v->n_ranges, a),
				 v->n_ranges == 1 ? "" : "s", b));
	}
	for (i = 0; i < v->n_ranges; i++) {
		if (v->ranges[i].split_blocked) {
			say(s, xasprintf("partition key range %u is over its "
					 "storage cap but holds a single "
					 "logical partition, so it cannot "
					 "split",
					 v->ranges[i].id));
		}
	}
}

/* Time to live (rule 28): expired items whose bytes waited for deletion
   because the partitions had little RU left over. */
static void say_ttl_late(struct pk_sentences *s,
			 const struct pk_result_variant *v)
{
	const struct pk_ttl_totals *t = &v->metrics->ttl;
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[32];

	if (!v->metrics->ttl_on || t->peak_pending_bytes == 0) {
		return;
	}
	say(s, xasprintf("time to live: up to %s of expired items waited for "
			 "deletion (t=%llds), %s items (%s) still at the end: "
			 "the background deletion uses only RU the partitions "
			 "leave unused, so under load storage is freed late "
			 "(rule 28)",
			 fmt_bytes(t->peak_pending_bytes, a),
			 (long long)t->peak_pending_t_s,
			 fmt_thousands((int64_t)t->pending_items, c),
			 fmt_bytes(t->pending_bytes, b)));
}

/* A service's throttle events by reason, summed (0 without reasons):
   DynamoDB counts an event for each batch item returned unprocessed and
   each index that throttled a write, where ThrottledRequests
   (throttled_429) counts a request once and a batch only when every
   item was throttled (reference, dynamodb-mechanics.md section 9) */
static uint64_t throttle_events(const struct pk_result_variant *v)
{
	uint64_t n = 0;

	for (size_t i = 0; i < v->n_reasons; i++) {
		n += v->reasons[i].count;
	}
	return n;
}

char **findings_make(const struct pk_result *r,
		     const struct pk_result_variant *v, size_t *n)
{
	struct pk_sentences s = {0};
	unsigned said;

	if (v->log_finding) {
		/* first: it qualifies the throttling sentences after it */
		say(&s, xstrdup(v->log_finding));
	}
	say_throttled_ranges(&s, r, v);
	{
		char *bucket = findings_bucket_capped(r, v);

		if (bucket) {
			say(&s, bucket);
		}
	}
	say_some(&s, findings_held_low(v));
	say_some(&s, findings_action_clash(r));
	said = findings_hot_range(&s, r, v);
	said |= say_hot_lp(&s, v);
	said |= say_full_lps(&s, v);
	for (size_t i = 0; i < v->n_reasons; i++) {
		say_some(&s, findings_index_throttles(r, v, i));
	}
	for (size_t i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
		say_some(&s, findings_ddb_index_fixed(r, v, i));
	}
	say_some(&s, findings_ddb_hot_key(r, v, 1));
	say_some(&s, findings_ddb_hot_key(r, v, 0));
	say_some(&s, findings_ddb_hot_key_linear(r, v));
	say_some(&s, findings_ddb_never_fit_query(r, v));
	say_some(&s, findings_ddb_past_peak(r, v, 1));
	say_some(&s, findings_ddb_past_peak(r, v, 0));
	say_some(&s, findings_scaled_month(v));
	say_some(&s, findings_failed(v));
	say_some(&s, findings_not_found(v));
	say_some(&s, findings_not_sent(r, v));
	say_ttl_late(&s, v);
	say_some(&s, findings_ttl_ignored(r, v));
	say_some(&s, findings_refused(r->sc, v));
	say_some(&s, findings_batches_refused(v));
	say_splits(&s, v);
	if (v->ddb && v->ddb->finding) {
		/* the table's own finding (snapshot.h) */
		say(&s, xstrdup(v->ddb->finding));
	}
	say_some(&s, findings_merge_ran(v));
	say_some(&s, findings_merge_candidate(r, v));
	said |= say_storage_growth(&s, r, v);
	say_cross_partition(&s, v);
	say_some(&s, findings_compare_keys(r, v, said));
	if (v->metrics->totals.throttled_429 == 0 && v->ddb &&
	    throttle_events(v) == 0) {
		char name[96];
		/* the run starts from the table's own units; a month that
		   repeats it under auto scaling may throttle (findings_scaled)
		 */
		int month = findings_scaled_short_side(v) >= 0;

		say(&s,
		    xasprintf("no throttling%s: peak normalized consumption "
			      "(the busier bucket, read or write, against its "
			      "share) was %.0f%% in %s%s",
			      month ? " in this run, from the table's own "
				      "starting units"
				    : "",
			      pct(v->peak_normalized),
			      findings_range_name(v, v->peak_range, name,
						  sizeof(name)),
			      month ? "; repeated, the workload is throttled "
				      "(auto scaling's finding above)"
				    : ""));
	} else if (v->metrics->totals.throttled_429 == 0 && !v->ddb) {
		char name[96];

		say(&s, xasprintf("no rate limiting: peak normalized RU "
				  "consumption was %.0f%% in %s",
				  pct(v->peak_normalized),
				  findings_range_name(v, v->peak_range, name,
						      sizeof(name))));
	}
	*n = s.n;
	return s.v;
}
