/*
 * findings: verdicts in plain words from one variant's frozen result
 * (findings.h). The hot-partition bounds (99% and 30%) are the metrics'
 * (PK_METRICS_HOT, PK_METRICS_COLD), which count the hot seconds.
 */
#include "pksim/report/findings.h"

#include "findings_alive.h"
#include "findings_ddb.h"
#include "findings_density.h"
#include "findings_keys.h"
#include "findings_merge.h"
#include "findings_ops.h"
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
	0.20			 /* a logical partition this big a             \
				    share of RU is worth naming */
#define PK_FINDINGS_MAX_403 3	 /* full logical partitions named */
#define PK_FINDINGS_MAX_RANGES 5 /* rate-limited ranges named */
/* Rule 32 (the hot-partition advisory of the VS Code Cosmos DB
   extension, partitionHealth): p99 normalized RU thresholds, in whole
   percents, and the 429 rate of severity high */
#define PK_FINDINGS_HOT_P99_PCT 90
/* ASSUMPTION: a hot range whose first-attempt RU per unit of hash space
   is within 1.5 x the other ranges' is hot by its width (the layout), not
   by a key */
#define PK_FINDINGS_LAYOUT_RATIO 1.5
#define PK_FINDINGS_COLD_P99_PCT 70
#define PK_FINDINGS_HOT_HIGH_429 0.01
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

/* ---- the sentences ---- */

struct pk_sentences {
	char **v;
	size_t n, cap;
};

static void say(struct pk_sentences *s, char *text)
{
	mem_grow((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v));
	s->v[s->n++] = text;
}

/* say text unless it is NULL (nothing to say) */
static void say_some(struct pk_sentences *s, char *text)
{
	if (text) {
		say(s, text);
	}
}

static double pct(double x)
{
	return 100.0 * x;
}

static void key_text(const struct pk_result_variant *v,
		     const struct pk_result_lp *lp, char *buf, size_t cap)
{
	result_key_text(v, lp->key, lp->key_len, buf, cap);
}

/* Range id as the reports name it: as it is at the end, with its
   lineage ("range 3 (split at t = 50 s into 7 and 8)", "range 7 (split
   from 3 at t = 50 s)"), never a range that no longer exists as if it
   did. */
static const char *range_name(const struct pk_result_variant *v, uint32_t id,
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

/* Per range that rate-limited requests for its RU/s (429/3200; the
   worst PK_FINDINGS_MAX_RANGES, then a count): its rate against the
   container's utilisation in the seconds it did, and apart its
   throughput bucket's 429/3212s if any (rule 31: the range had room). */
static void say_throttled_ranges(struct pk_sentences *s,
				 const struct pk_result *r,
				 const struct pk_result_variant *v)
{
	char *said = xcalloc(v->n_ranges ? v->n_ranges : 1, 1);
	char a[32], b[32], name[96], apart_s[320], use[256];
	size_t i, n = 0, more = 0;

	while ((i = worst_unsaid(v, said)) != SIZE_MAX) {
		const struct pk_result_range *p = &v->ranges[i];

		said[i] = 1;
		if (n++ >= PK_FINDINGS_MAX_RANGES) {
			more++;
			continue;
		}
		apart(p, apart_s, sizeof(apart_s));
		use_words(r, v, p->id, use, sizeof(use));
		say(s, xasprintf(
			   "%s%s %s %.1f%% "
			   "of its requests (%s of %s%s) while the "
			   "%s%s%s",
			   v->cosmos ? "partition key "
			   : v->ddb  ? ""
				     : "key ",
			   range_name(v, p->id, name, sizeof(name)),
			   v->ddb ? "throttled" : "rate-limited",
			   pct(rate_429(v, i)), fmt_thousands(own_429(v, i), a),
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

/* The 429 rate of a range id over its life, 0..1. */
static double lineage_429(const struct pk_result_lineage *l)
{
	return l->requests ? (double)l->throttled_429 / (double)l->requests
			   : 0.0;
}

/* D-NRU's picture of a hot partition (one range at 100% while every
   other stays at or below 30%), as an example beside rule 32's advisory:
   the seconds range id matched it. */
static void say_picture(struct pk_sentences *s,
			const struct pk_result_variant *v, uint32_t id)
{
	const struct pk_range_stats *r;
	char a[32], name[96];

	if (id >= v->metrics->n_ranges) {
		return;
	}
	r = &v->metrics->ranges[id];
	if (r->hot_seconds == 0 || !v->cosmos) {
		/* the picture is Azure Cosmos DB's documentation's */
		return;
	}
	say(s, xasprintf("for example, %s matched the docs' picture of a hot "
			 "partition (100%% normalized RU consumption while "
			 "every other range stayed at or below 30%%) in %s of "
			 "its %s busy seconds, between t = %lld s and %lld s",
			 range_name(v, id, name, sizeof(name)),
			 fmt_thousands(r->hot_seconds, a),
			 fmt_thousands(r->request_seconds, a + 16),
			 (long long)r->hot_first_s, (long long)r->hot_last_s));
}

/* The seconds table v's partitions were compared over, into buf ("" when
   every partition that saw a request lived in them): those alive while
   the busiest, hot, ran at 90% or more (alive_hot_window), and how many
   partitions were left out, made after them or gone before */
static void ddb_hot_window(const struct pk_result_variant *v,
			   const struct pk_result_lineage *hot, char *buf,
			   size_t n)
{
	struct alive_window w;
	char a[32], b[32], c[96];
	size_t out = findings_ddb_compared(v, PK_FINDINGS_HOT_P99_PCT, hot, &w);

	if (out == 0) {
		return;
	}
	if (w.to_s == INT64_MAX) {
		snprintf(b, sizeof(b), "the end");
	} else {
		snprintf(b, sizeof(b), "t = %s s", fmt_thousands(w.to_s, a));
	}
	snprintf(buf, n,
		 " alive from t = %s s to %s (while %s was at 90%% or more; "
		 "%zu partition%s made after or gone before not compared)",
		 fmt_thousands(w.from_s, a), b,
		 range_name(v, hot->id, c, sizeof(c)), out,
		 out == 1 ? "" : "s");
}

/* Table v's partition off was offered off_ratio x the other partitions'
   first-attempt units per unit of share behind p99s capped at 100%
   (findings_ddb_offered_hot): say so, with what its throttles were, or
   what absorbed it when the table throttled none of its own requests */
static unsigned say_offered_hot(struct pk_sentences *s,
				const struct pk_result *r,
				const struct pk_result_variant *v,
				const struct pk_result_range *off,
				double off_ratio)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	uint64_t own = findings_ddb_table_throttles(v);
	uint64_t total = findings_ddb_total_throttles(v);
	char a[96], b[32], c[32], d[32], since[96] = "", why[512];

	if (off->born_s > 0) {
		snprintf(since, sizeof(since),
			 " since t = %s s, when the partitions at the end "
			 "were made",
			 fmt_thousands(off->born_s, d));
	}
	if (own == 0) {
		/* asked past its share, served all the same: by what the
		   others left unused (D10) or by its burst bank (D9) */
		snprintf(why, sizeof(why), "%s",
			 t && t->adaptive != PK_DDB_ADAPTIVE_OFF
			     ? "adaptive capacity (D10) lent it the units the "
			       "other partitions left unused, so it throttles "
			       "once they use their own shares"
			     : "its burst bank (D9) paid for what it asked "
			       "past its share, so it throttles once the bank "
			       "is spent");
		say(s, xasprintf(
			   "hot partition, absorbed: every partition ran at "
			   "p99 90%% or more normalized consumption, which "
			   "stops at 100%%, but %s was offered %.2f x the "
			   "first-attempt units per unit of its share that the "
			   "other partitions were%s (at least %.2f x, rule "
			   "32's 90%% against 70%%, marks one hot), and the "
			   "table throttled none of its own requests: %s. One "
			   "hot key or key range, not too few units",
			   range_name(v, off->id, a, sizeof(a)), off_ratio,
			   since, PK_FINDINGS_DDB_OFFERED_RATIO, why));
		return 0;
	}
	if (total * 2 > own) {
		/* most of its throttles were the table's own total: the
		   table was asked past its units as well */
		snprintf(why, sizeof(why),
			 "; %s of them the table's provisioned total's "
			 "(Table...ProvisionedThroughputExceeded, D14): the "
			 "table was asked past its units in those seconds, so "
			 "too few units for this load as well as one hot "
			 "partition (more units serve it; a key with more "
			 "values spreads it)",
			 fmt_thousands(total, d));
	} else {
		snprintf(why, sizeof(why),
			 ": one hot partition, a key problem, not too few "
			 "units");
	}
	say(s, xasprintf("hot partition: every partition ran at p99 90%% or "
			 "more normalized consumption, which stops at 100%%, "
			 "but %s was offered %.2f x the first-attempt units "
			 "per unit of its share that the other partitions "
			 "were%s (at least %.2f x, rule 32's 90%% against "
			 "70%%, marks one hot) and holds %s of the table's "
			 "%s throttles%s",
			 range_name(v, off->id, a, sizeof(a)), off_ratio, since,
			 PK_FINDINGS_DDB_OFFERED_RATIO,
			 fmt_thousands(off->throttled_429, b),
			 fmt_thousands(own, c), why));
	return PK_KEYS_HOT;
}

/*
 * Rule 32, the hot-partition advisory of Microsoft's tooling: per range
 * id that was busy, the p99 of its normalized RU consumption; "hot
 * partition risk" when the busiest range's p99 is >= 90% while another's
 * is < 70%, severity high when that range's 429 rate is >= 1%. When no
 * range is below 70% and every one is at >= 90%, the container is short
 * of RU/s, not of a better key.
 */
static unsigned say_hot_range(struct pk_sentences *s, const struct pk_result *r,
			      const struct pk_result_variant *v)
{
	unsigned said = 0;
	const struct pk_result_lineage *hot = NULL, *cold = NULL;
	const struct pk_totals *t = &v->metrics->totals;
	char a[96], b[96], c[96], also[640] = "", cause[1536], short_of[768];
	size_t i, n = 0, n_hot = 0;
	double ratio = 0, width = 0, share = 0, off_ratio = 0;
	const struct pk_result_range *off;
	int low_only;
	const char *why;

	for (i = 0; i < v->n_lineage; i++) {
		const struct pk_result_lineage *l = &v->lineage[i];

		if (l->busy_seconds == 0 || l->nru_p99_pct < 0) {
			continue;
		}
		n++;
		/* the busiest: highest p99, then the higher 429 rate */
		if (!hot || l->nru_p99_pct > hot->nru_p99_pct ||
		    (l->nru_p99_pct == hot->nru_p99_pct &&
		     lineage_429(l) > lineage_429(hot))) {
			hot = l;
		}
	}
	if (!hot || hot->nru_p99_pct < PK_FINDINGS_HOT_P99_PCT) {
		return 0;
	}
	cold = alive_coldest(v, hot, PK_FINDINGS_HOT_P99_PCT);
	/* every 429 to a Low-priority request: the priority rule's, which
	   keeps room for what High asked for the second before, even in a
	   second no High request comes (scenarios/README.md, priority) */
	low_only =
	    t->throttled_429 > 0 && t->throttled_low_429 == t->throttled_429;
	why = low_only ? "its 429s all to Low-priority requests, held back to "
			 "keep High's room (rule 30), not too few RU/s for "
			 "High"
		       : "too few RU/s for this load";
	if (v->ddb && !low_only && findings_ddb_table_throttles(v) == 0 &&
	    findings_ddb_on_bank(r, v, short_of, sizeof(short_of))) {
		why = short_of;
	} else if (v->ddb && !low_only &&
		   findings_ddb_table_throttles(v) == 0) {
		/* busy is not short: a table that throttled none of its own
		   requests lacks no units, and auto scaling's target
		   tracking (D19) or a spent burst bank
		   (D9) keeps a p99 at 90% or more without a throttle */
		why = "busy, yet the table throttled none of its own "
		      "requests, so not short of table capacity (a p99 at "
		      "90% or more is what auto scaling's target tracking "
		      "or burst capacity gives)";
	} else if (v->ddb && !low_only) {
		why = findings_ddb_short_of(r, PK_FINDINGS_HOT_P99_PCT, v, hot,
					    short_of, sizeof(short_of));
	}

	if (n == 1) {
		say(s, xasprintf("the one %s, %s, ran at p99 "
				 "%d%% normalized %s: %s (one "
				 "%s; %s)",
				 v->ddb ? "partition" : "physical partition",
				 range_name(v, hot->id, a, sizeof(a)),
				 hot->nru_p99_pct,
				 v->ddb ? "consumption" : "RU consumption", why,
				 v->ddb ? "partition" : "range",
				 v->cosmos ? "rule 32 needs another to compare"
					   : "no other to compare it with"));
		return 0;
	}
	if (cold->nru_p99_pct >= PK_FINDINGS_HOT_P99_PCT && v->ddb &&
	    (off = findings_ddb_offered_hot(v, &off_ratio)) != NULL) {
		/* the p99s are capped at 100%: the offered units tell the
		   partition asked past its share from the ones at it */
		return say_offered_hot(s, r, v, off, off_ratio);
	}
	if (cold->nru_p99_pct >= PK_FINDINGS_HOT_P99_PCT) {
		char when[256] = "";

		if (v->ddb) {
			ddb_hot_window(v, hot, when, sizeof(when));
		}
		say(s,
		    xasprintf("every %s%s ran at p99 90%% or more normalized "
			      "%s (the lowest, %s, at %d%%): "
			      "%s, not a key problem",
			      v->ddb ? "partition" : "range", when,
			      v->ddb ? "consumption (its busier bucket, read "
				       "or write, against its share)"
				     : "RU consumption",
			      range_name(v, cold->id, a, sizeof(a)),
			      cold->nru_p99_pct, why));
		return 0;
	}
	if (cold->nru_p99_pct >= PK_FINDINGS_COLD_P99_PCT) {
		return 0;
	}
	for (i = 0; i < v->n_lineage; i++) {
		const struct pk_result_lineage *l = &v->lineage[i];

		if (l != hot && l->busy_seconds > 0 &&
		    l->nru_p99_pct >= PK_FINDINGS_HOT_P99_PCT) {
			n_hot++;
			if (n_hot <= PK_FINDINGS_MAX_RANGES) {
				snprintf(also + strlen(also),
					 sizeof(also) - strlen(also), "%s%s",
					 n_hot > 1 ? ", " : "",
					 range_name(v, l->id, a, sizeof(a)));
			}
		}
	}
	if (n_hot > PK_FINDINGS_MAX_RANGES) {
		snprintf(also + strlen(also), sizeof(also) - strlen(also),
			 " and %zu more", n_hot - PK_FINDINGS_MAX_RANGES);
	}
	if (hot->at != SIZE_MAX && hot->at < v->n_ranges) {
		ratio = density_ratio(r, v, hot->at, &width, &share);
	}
	if (ratio > 0 && ratio <= PK_FINDINGS_LAYOUT_RATIO &&
	    !(v->ddb && findings_ddb_one_value(v, hot->id) == 1)) {
		/* (a table's partition whose throttled seconds were one
		   key value's is that value's, whatever its width) */
		snprintf(cause, sizeof(cause),
			 "the layout, not the key: it owns %.1f%% of the hash "
			 "space and its first-attempt %s per unit of hash "
			 "space is %.2f x the other %s' (even: 1; at "
			 "most %.1f x counts as its width's doing, not a "
			 "key's), so its load follows its width",
			 pct(width), v->ddb ? "capacity units" : "RU", ratio,
			 v->ddb ? "partitions" : "ranges",
			 PK_FINDINGS_LAYOUT_RATIO);
	} else {
		char key[200] = "", dens[192] = "";

		/* the hot range's own hottest logical partition, not the
		   container's; none when the hot range split
		   away or none of its logical partitions was charged RU */
		const struct pk_result_range *hr =
		    hot->at != SIZE_MAX && hot->at < v->n_ranges
			? &v->ranges[hot->at]
			: NULL;

		if (hr && hr->has_hottest) {
			/* a long key text is cut, 2 bytes kept for ")"
			   (snprintf's count can pass the buffer) */
			size_t k = fmt_append(key, sizeof(key) - 2, 0,
					      " (range %u's hottest logical "
					      "partition: %s = ",
					      hr->id, v->key_text);

			key_text(v, &hr->hottest, key + k, sizeof(key) - k - 2);
			strcat(key, ")");
		}
		if (ratio > 0) {
			const char *u = v->ddb ? "capacity units" : "RU";

			snprintf(dens, sizeof(dens),
				 ", its first-attempt %s per unit of hash "
				 "space %.2f x the other %s' (%.1f%% of "
				 "the first-attempt %s on %.1f%% of the hash "
				 "space)",
				 u, ratio, v->ddb ? "partitions" : "ranges",
				 pct(share), u, pct(width));
		}
		char *cut = findings_ddb_cut_words(v, hr);
		char words[768];

		said = PK_KEYS_HOT;
		snprintf(cause, sizeof(cause), "%s, %s%s%s%s",
			 v->ddb	 ? (n_hot ? "hot partitions among idle ones"
					  : "one hot partition")
			 : n_hot ? "hot ranges among idle ones"
				 : "one hot range",
			 findings_ddb_shared(v, hot->id, hr)
			     ? findings_ddb_shared_words(v, hot->id, words,
							 sizeof(words))
			     : "a key problem",
			 key, dens, cut ? cut : "");
		free(cut);
	}
	/* another service: the same test, not Azure Cosmos DB's rule; a
	   DynamoDB table in its words (a partition's busier bucket
	   against its share, a throttle answered HTTP 400) */
	say(s,
	    xasprintf("hot partition risk%s: %s ran at p99 %d%% "
		      "normalized %s while %s stayed at p99 "
		      "%d%% (%sthe busiest %s at 90%% or more "
		      "while another is under 70%%), with %.2f%% of its "
		      "requests %s%s%s%s: %s",
		      lineage_429(hot) >= PK_FINDINGS_HOT_HIGH_429
			  ? " (severity high)"
			  : "",
		      range_name(v, hot->id, b, sizeof(b)), hot->nru_p99_pct,
		      v->ddb ? "consumption (its busier bucket, read or "
			       "write, against its share)"
			     : "RU consumption",
		      range_name(v, cold->id, c, sizeof(c)), cold->nru_p99_pct,
		      v->cosmos ? "rule 32: " : "",
		      v->ddb ? "partition" : "range", pct(lineage_429(hot)),
		      v->ddb ? "throttled (HTTP 400)" : "rate limited",
		      lineage_429(hot) >= PK_FINDINGS_HOT_HIGH_429
			  ? " (high from 1%)"
			  : " (under the 1% of severity high)",
		      n_hot ? "; also at p99 90% or more: " : "", also, cause));
	say_picture(s, v, hot->id);
	return said;
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
			   "storage growth: logical partition %s = %s filled "
			   "in the replay itself, at t = %s s (above); when "
			   "one fills from the workload's start is not "
			   "projected: %s (pksim has no tested projection "
			   "of it)",
			   v->key_text, card.full_key,
			   fmt_thousands((int64_t)card.runway.replay_full_s, t),
			   runway_features_text(card.runway.features, f,
						sizeof(f))));
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
 * Cross-partition queries: fan-out queries (no usable partition-key
 * filter: every range, rule 21) are at least PK_FINDINGS_FANOUT_SHARE of
 * the queries served, on 2 or more physical partitions (on one, a fan-out
 * visits one range and costs what a single-partition query does).
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
	key_text(v, top, key, sizeof(key));
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

/* The first PK_FINDINGS_MAX_403 logical partitions (in order of
   creation) that refused a write, then how many did in all. */
static unsigned say_full_lps(struct pk_sentences *s,
			     const struct pk_result_variant *v)
{
	char key[128], a[32], b[32], cap[32];
	size_t i;

	for (i = 0; i < v->n_full_listed && i < PK_FINDINGS_MAX_403; i++) {
		const struct pk_result_lp *lp = &v->full[i];

		key_text(v, lp, key, sizeof(key));
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
				 "storage limit",
				 (unsigned long long)v->n_full));
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

	say_throttled_ranges(&s, r, v);
	{
		char *bucket = findings_bucket_capped(r, v);

		if (bucket) {
			say(&s, bucket);
		}
	}
	say_some(&s, findings_held_low(v));
	say_some(&s, findings_action_clash(r));
	said = say_hot_range(&s, r, v);
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
	say_some(&s, findings_ddb_never_fit_query(r, v));
	say_some(&s, findings_ddb_past_peak(r, v, 1));
	say_some(&s, findings_ddb_past_peak(r, v, 0));
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

		say(&s, xasprintf(
			    "no throttling: peak normalized consumption (the "
			    "busier bucket, read or write, against its "
			    "share) was %.0f%% in %s",
			    pct(v->peak_normalized),
			    range_name(v, v->peak_range, name, sizeof(name))));
	} else if (v->metrics->totals.throttled_429 == 0 && !v->ddb) {
		char name[96];

		say(&s, xasprintf(
			    "no rate limiting: peak normalized RU "
			    "consumption was %.0f%% in %s",
			    pct(v->peak_normalized),
			    range_name(v, v->peak_range, name, sizeof(name))));
	}
	*n = s.n;
	return s.v;
}
