/*
 * findings_hot: rule 32's hot-partition advisory (findings_int.h,
 * findings_hot_range): the busiest range's p99 normalized RU consumption
 * against the others', what made it hot (a key, the layout, too few
 * RU/s), and D-NRU's picture of a hot partition as an example.
 */
#include "findings_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings_alive.h"
#include "findings_ddb.h"
#include "findings_density.h"
#include "findings_keys.h"
#include "findings_scaled.h"
#include "pksim/base/fmt.h"
#include "pksim/load/scenario.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/report/layout.h"
#include "pksim/report/scorecard.h"
#include "pksim/service/snapshot.h"

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
			 findings_range_name(v, id, name, sizeof(name)),
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
		 findings_range_name(v, hot->id, c, sizeof(c)), out,
		 out == 1 ? "" : "s");
}

/* Provisioned table v (of r) whose throttles were its partitions' own
   caps (D3), not its total's, though a side consumed more than the
   units it held over the run: its burst bank (D9) paid the part above
   them, so the table is short of units as well, only not yet. Into buf
   (n bytes): the side's use, when the banks, full at the start with 300
   s of the table's units (ASSUMPTION as ddb_parts.c's), empty at the
   run's mean rate past the units, 300 s / (use - 1), and the share of
   the side's requests then throttled whatever the key, at least (use -
   1) / use (what was asked is at least what was consumed); returns 1,
   else 0 (nothing written) */
static int bank_short(const struct pk_result *r,
		      const struct pk_result_variant *v, char *buf, size_t n)
{
	int write;
	double use;
	char of[PK_DDB_SIDES_BYTES], a[32];

	if (!findings_ddb_bank_use(r, v, findings_ddb_throttled_side(v), &write,
				   &use)) {
		return 0;
	}
	snprintf(buf, n,
		 "; yet the table was asked past its units as well, carried "
		 "for now by its burst bank: its %s used %.0f%% of %s, the "
		 "part above them paid by the bank (D9; full at the start "
		 "with 300 s of its units, ASSUMPTION), which this rate "
		 "empties at t = %s s, and from then at least %.0f%% of its "
		 "%s are throttled whatever the key: too few units for this "
		 "load as well as one hot partition (more units serve it; a "
		 "key with more values spreads it)",
		 write ? "writes" : "reads", 100.0 * use,
		 ddb_sides_of(v, write, ddb_sides_mean(v, write),
			      "over the run", of, sizeof(of)),
		 fmt_thousands(
		     (int64_t)(PK_FINDINGS_DDB_BANK_S / (use - 1.0) + 0.5), a),
		 100.0 * (use - 1.0) / use, write ? "writes" : "reads");
	return 1;
}

/* D3: what one partition of a table serves a second, reads and writes,
   in mCU */
#define PART_CAP_MCU_READ (3000 * 1000)
#define PART_CAP_MCU_WRITE (1000 * 1000)

/* The most of its cap (D3) partition id of table v used in one second
   of the run, as a fraction (the busier side's units over its own cap;
   under `partition_limit: linear` the two sides' fractions added, as the
   table admits them), with that second's units of the busier side in
   *mcu and the side in *write; -1 when the run kept no per-second
   detail */
static double part_cap_use(const struct pk_result_variant *v,
			   const struct pk_ddb_table_spec *t, uint32_t id,
			   int64_t *mcu, int *write)
{
	const struct pk_ddb_part_time *p;
	double most = -1, r, w, use;
	size_t i;

	for (i = 0; i < v->ddb->n_part_seconds; i++) {
		p = &v->ddb->part_seconds[i];
		if (p->part != id) {
			continue;
		}
		r = (double)p->used_mcu[0] / PART_CAP_MCU_READ;
		w = (double)p->used_mcu[1] / PART_CAP_MCU_WRITE;
		use = t->partition_limit == PK_DDB_LIMIT_LINEAR ? r + w
		      : r > w					? r
								: w;
		if (use > most) {
			most = use;
			*write = w >= r;
			*mcu = p->used_mcu[*write];
		}
	}
	return most;
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
	char a[96], b[32], c[32], d[32], since[96] = "", why[1024];

	if (off->born_s > 0) {
		snprintf(since, sizeof(since),
			 " since t = %s s, when the partitions at the end "
			 "were made",
			 fmt_thousands(off->born_s, d));
	}
	if (own == 0) {
		int64_t mcu = 0;
		int write = 1;
		double use = t && t->adaptive != PK_DDB_ADAPTIVE_OFF
				 ? part_cap_use(v, t, off->id, &mcu, &write)
				 : -1;
		char cap_s[256] = "";

		if (use >= 0) {
			snprintf(cap_s, sizeof(cap_s),
				 " (its busiest second used %.0f%% of that, "
				 "%s %s units)",
				 100.0 * use, fmt_thousands(mcu / 1000, b),
				 write ? "write" : "read");
		}
		/* asked past its share, served all the same: by what the
		   others left unused (D10) or by its burst bank (D9) */
		if (t && t->adaptive != PK_DDB_ADAPTIVE_OFF) {
			snprintf(why, sizeof(why),
				 "adaptive capacity (D10) lent it the units "
				 "the other partitions left unused, so it "
				 "throttles only when the table is asked past "
				 "its own units (whatever the key) or it nears "
				 "what one partition serves (1,000 WCU and "
				 "3,000 RCU a second, D3)%s",
				 cap_s);
		} else {
			snprintf(why, sizeof(why),
				 "its burst bank (D9) paid for what it asked "
				 "past its share, so it throttles once the "
				 "bank is spent");
		}
		say(s, xasprintf(
			   "hot partition, absorbed: every partition ran at "
			   "p99 90%% or more normalized consumption, which "
			   "stops at 100%%, but %s was offered %.2f x the "
			   "first-attempt units per unit of its share that the "
			   "other partitions were%s (at least %.2f x, rule "
			   "32's 90%% against 70%%, marks one hot), and the "
			   "table throttled none of its own requests: %s. %s",
			   findings_range_name(v, off->id, a, sizeof(a)),
			   off_ratio, since, PK_FINDINGS_DDB_OFFERED_RATIO, why,
			   use >= 0 && 100.0 * use < PK_FINDINGS_HOT_P99_PCT
			       ? "Not a key problem in this run: one hot key "
				 "or key range, well under that cap"
			       : "One hot key or key range, not too few "
				 "units"));
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
	} else if (!bank_short(r, v, why, sizeof(why))) {
		/* neither the table's total nor its bank was asked past
		   its units: the partition's cap alone throttled */
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
			 findings_range_name(v, off->id, a, sizeof(a)),
			 off_ratio, since, PK_FINDINGS_DDB_OFFERED_RATIO,
			 fmt_thousands(off->throttled_429, b),
			 fmt_thousands(own, c), why));
	return PK_KEYS_HOT;
}

/* Table v's partition hot ran past its even share (p99 at 90 % or
   more against it) while cold stayed under 70 %, yet throttled none of
   its requests, on a provisioned table whose adaptive capacity is
   instant (D10: a partition may take the units the others leave
   unused, at once, up to its cap, D3) and whose busiest second used
   under 90 % of that cap: the share is not its limit, so the partition
   throttles only when the table is asked past its own units (which a
   key with more values does not change) or it nears its cap. Say that
   instead of rule 32's risk and return 1; else 0 (nothing said). */
static int absorbed_below_cap(struct pk_sentences *s, const struct pk_result *r,
			      const struct pk_result_variant *v,
			      const struct pk_result_lineage *hot,
			      const struct pk_result_lineage *cold)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	char a[96], b[96], c[32];
	int64_t mcu = 0;
	int write = 1;
	double use;

	if (!v->ddb || !t || v->ddb->on_demand || hot->throttled_429 > 0 ||
	    t->adaptive != PK_DDB_ADAPTIVE_INSTANT) {
		return 0;
	}
	use = part_cap_use(v, t, hot->id, &mcu, &write);
	if (use < 0 || 100.0 * use >= PK_FINDINGS_HOT_P99_PCT) {
		return 0;
	}
	say(s,
	    xasprintf(
		"busy past its share, absorbed: %s ran at p99 %d%% "
		"normalized consumption (its busier bucket, read or write, "
		"against its even share) while %s stayed at p99 %d%%, and "
		"none of its requests was throttled: its share is not its "
		"limit here, as adaptive capacity (instant, D10) lends a "
		"partition the units the others leave unused, up to what one "
		"partition serves (1,000 WCU and 3,000 RCU a second, D3), "
		"and its busiest second used %.0f%% of that (%s %s units). "
		"Not a key problem in this run: it throttles only when the "
		"table is asked past its own units, which a key with more "
		"values does not change, or when it nears its cap",
		findings_range_name(v, hot->id, a, sizeof(a)), hot->nru_p99_pct,
		findings_range_name(v, cold->id, b, sizeof(b)),
		cold->nru_p99_pct, 100.0 * use, fmt_thousands(mcu / 1000, c),
		write ? "write" : "read"));
	return 1;
}

/* 1 when [min, max) is one hash wide: a partition of one key value, as
   hot-item isolation (D11) cuts around an item of a table without a
   sort key (ddb_isolate.c: a cut just before it and one just after) */
static int one_hash(const struct pk_epk *min, const struct pk_epk *max)
{
	uint64_t lo = 0, hi = 0;
	int k;

	if (min->len != 8 || max->len != 8) {
		return 0;
	}
	for (k = 0; k < 8; k++) {
		lo = lo << 8 | min->b[k];
		hi = hi << 8 | max->b[k];
	}
	return hi > lo && hi - lo == 1;
}

/* The partition of one item that hot-item isolation (D11) cut out of
   table v's partition id at second t_s (-1: at its first isolation
   split), through the up to two splits of that second, with the second
   in *at_s; NULL when id was not split to isolate an item */
static const struct pk_result_lineage *
isolated_from(const struct pk_result_variant *v, uint32_t id, int64_t t_s,
	      int64_t *at_s)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_result_lineage *l;
	size_t i;
	int c;

	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];

		if (e->parent != id || e->reason != PK_SPLIT_ISOLATE ||
		    (t_s >= 0 && e->t_s != t_s)) {
			continue;
		}
		for (c = 0; c < 2; c++) {
			if (e->children[c] >= v->n_lineage) {
				continue;
			}
			*at_s = e->t_s;
			if (one_hash(&e->min[c], &e->max[c])) {
				return &v->lineage[e->children[c]];
			}
			l = isolated_from(v, e->children[c], e->t_s, at_s);
			if (l) {
				return l;
			}
		}
	}
	return NULL;
}

/* Table v's partition hot, split at *at_s to isolate one hot item (D11)
   into partition iso: say that its throttles were before the move, what
   iso holds and what limits it (one partition's cap, D3: no heat split
   comes for one item, D7), with its busiest second's use of that cap;
   into buf (n bytes), returned */
static const char *isolated_words(const struct pk_result *r,
				  const struct pk_result_variant *v,
				  const struct pk_result_lineage *iso,
				  int64_t at_s, char *buf, size_t n)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	char a[96], b[32], c[32], use_s[128] = "";
	int64_t mcu = 0;
	int write = 1;
	double use = t ? part_cap_use(v, t, iso->id, &mcu, &write) : -1;

	if (use >= 0) {
		snprintf(use_s, sizeof(use_s),
			 "; its busiest second used %.0f%% of that (%s %s "
			 "units)",
			 100.0 * use, fmt_thousands(mcu / 1000, b),
			 write ? "write" : "read");
	}
	snprintf(buf, n,
		 "one hot item sharing it with other key values, which "
		 "hot-item isolation (D11) moved at t = %s s to %s, a "
		 "partition of its own holding that item alone, so its "
		 "throttles are those before the move: the item's partition "
		 "is never split for heat (one item, D7) and throttles only "
		 "past what one partition serves (1,000 WCU and 3,000 RCU a "
		 "second, D3), %s of its requests throttled%s",
		 fmt_thousands(at_s, c),
		 findings_range_name(v, iso->id, a, sizeof(a)),
		 fmt_thousands((int64_t)iso->throttled_429, b), use_s);
	return buf;
}

/*
 * Most ranges hot on a container asked about its RU/s or more: more
 * than half of the n ranges compared (n_hot of them) ran at p99 90% or
 * more, and the first attempts asked at least 90% of the RU provisioned
 * over the run (pk_totals.offered_mru over pk_metrics.provisioned_ru,
 * the even-spread normalized consumption). Spread evenly over the
 * ranges, that load would still put every range at rule 32's 90%, so a
 * range under 70% beside them is one its key values missed (uniform
 * keys leave e^-L of the ranges without one of L requests each, 1.8% at
 * 4), not a key that piles the load on a few: the container is short of
 * RU/s (or has too many partitions for the RU/s), and a new key would
 * not help. ASSUMPTION (pksim's, the reference gives none): "most" is
 * more than half, as a key problem leaves most ranges idle. Azure
 * Cosmos DB only (a table's reads and writes are apart). Says so with
 * the figures and returns 1; else 0 (nothing said).
 */
static int most_hot(struct pk_sentences *s, const struct pk_result_variant *v,
		    const struct pk_result_lineage *cold, size_t n_hot,
		    size_t n, const char *why)
{
	double asked = metrics_ru(v->metrics->totals.offered_mru);
	double prov = v->metrics->provisioned_ru;
	double even = prov > 0 ? asked / prov : 0;
	int64_t secs = v->end_s > 0 ? v->end_s : 1;
	char a[96], b[32], c[32], d[32], e[32], f[32];

	if (v->ddb || n_hot * 2 <= n ||
	    100.0 * even < PK_FINDINGS_HOT_P99_PCT) {
		return 0;
	}
	say(s,
	    xasprintf("most ranges hot: %s of the %s ranges (%.1f%%) ran "
		      "at p99 90%% or more normalized RU consumption (the "
		      "lowest, %s, at %d%%), and the first attempts asked "
		      "%s RU/s on average against %s provisioned (%.0f%%, "
		      "over the run's %s s): spread evenly over the ranges, "
		      "this load would still hold every one at 90%% or "
		      "more, so rule 32's busiest range against one under "
		      "70%% does not point to the key: %s, not a key "
		      "problem",
		      fmt_thousands((int64_t)n_hot, b),
		      fmt_thousands((int64_t)n, c),
		      100.0 * (double)n_hot / (double)n,
		      findings_range_name(v, cold->id, a, sizeof(a)),
		      cold->nru_p99_pct,
		      fmt_thousands((int64_t)(asked / (double)secs + 0.5), d),
		      fmt_thousands((int64_t)(prov / (double)secs + 0.5), e),
		      pct(even), fmt_thousands(secs, f), why));
	return 1;
}

/*
 * Rule 32, the hot-partition advisory of Microsoft's tooling: per range
 * id that was busy, the p99 of its normalized RU consumption; "hot
 * partition risk" when the busiest range's p99 is >= 90% while another's
 * is < 70%, severity high when that range's 429 rate is >= 1%. When no
 * range is below 70% and every one is at >= 90%, or most are and an even
 * spread would hold every one there (most_hot), the container is short
 * of RU/s, not of a better key.
 */
unsigned findings_hot_range(struct pk_sentences *s, const struct pk_result *r,
			    const struct pk_result_variant *v)
{
	unsigned said = 0;
	const struct pk_result_lineage *hot = NULL, *cold = NULL;
	const struct pk_totals *t = &v->metrics->totals;
	char a[96], b[96], c[96], also[640] = "", cause[3072], short_of[768];
	size_t i, n = 0, n_hot = 0;
	double ratio = 0, width = 0, share = 0, off_ratio = 0, rate;
	const struct pk_result_range *off;
	const struct pk_result_lineage *iso = NULL;
	int64_t iso_s = 0;
	char sev[160];
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
		   findings_ddb_table_throttles(v) == 0 &&
		   findings_scaled_short_side(v) >= 0) {
		/* the run throttled none, but its month under auto scaling
		   asks past the units held (findings_scaled) */
		why = "busy; the table throttled none of its own requests in "
		      "this run, from its own starting units, but repeated "
		      "the workload is short of table capacity in the "
		      "minutes auto scaling trails it (its finding below)";
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
				 findings_range_name(v, hot->id, a, sizeof(a)),
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
			      findings_range_name(v, cold->id, a, sizeof(a)),
			      cold->nru_p99_pct, why));
		return 0;
	}
	if (cold->nru_p99_pct >= PK_FINDINGS_COLD_P99_PCT ||
	    absorbed_below_cap(s, r, v, hot, cold)) {
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
					 findings_range_name(v, l->id, a,
							     sizeof(a)));
			}
		}
	}
	if (n_hot > PK_FINDINGS_MAX_RANGES) {
		snprintf(also + strlen(also), sizeof(also) - strlen(also),
			 " and %zu more", n_hot - PK_FINDINGS_MAX_RANGES);
	}
	if (most_hot(s, v, cold, n_hot + 1, n, why)) {
		return 0;
	}
	if (hot->at != SIZE_MAX && hot->at < v->n_ranges) {
		ratio = density_ratio(r, v, hot->at, &width, &share);
	}
	if (v->ddb) {
		iso = isolated_from(v, hot->id, -1, &iso_s);
	}
	rate = lineage_429(hot);
	if (iso && t->attempts > 0) {
		/* its throttles all came before its hot item moved: the
		   severity is their share of the run's requests, not of
		   its own short life's */
		rate = (double)hot->throttled_429 / (double)t->attempts;
		snprintf(sev, sizeof(sev),
			 " (%s the 1%% of severity high: %.2f%% of the run's "
			 "requests, all before its hot item moved)",
			 rate >= PK_FINDINGS_HOT_HIGH_429 ? "at or above"
							  : "under",
			 pct(rate));
	} else {
		snprintf(sev, sizeof(sev), "%s",
			 rate >= PK_FINDINGS_HOT_HIGH_429
			     ? " (high from 1%)"
			     : " (under the 1% of severity high)");
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

			findings_key_text(v, &hr->hottest, key + k,
					  sizeof(key) - k - 2);
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
		char words[1024], bank[1024] = "";

		said = PK_KEYS_HOT;
		if (v->ddb && findings_ddb_table_throttles(v) > 0 &&
		    findings_ddb_total_throttles(v) * 2 <=
			findings_ddb_table_throttles(v)) {
			/* the throttles its partitions' caps', yet a side
			   asked past the table's units, its bank paying:
			   too few units as well, as say_offered_hot says */
			(void)bank_short(r, v, bank, sizeof(bank));
		}
		snprintf(
		    cause, sizeof(cause), "%s, %s%s%s%s%s",
		    v->ddb  ? (n_hot ? "hot partitions among idle ones"
				     : "one hot partition")
		    : n_hot ? "hot ranges among idle ones"
			    : "one hot range",
		    iso ? isolated_words(r, v, iso, iso_s, words, sizeof(words))
		    : findings_ddb_shared(v, hot->id, hr)
			? findings_ddb_shared_words(r, v, hot->id, words,
						    sizeof(words))
			: "a key problem",
		    key, dens, cut ? cut : "", bank);
		free(cut);
	}
	/* another service: the same test, not Azure Cosmos DB's rule; a
	   DynamoDB table in its words (a partition's busier bucket
	   against its share, a throttle answered HTTP 400) */
	say(s,
	    xasprintf(
		"hot partition risk%s: %s ran at p99 %d%% "
		"normalized %s while %s stayed at p99 "
		"%d%% (%sthe busiest %s at 90%% or more "
		"while another is under 70%%), with %.2f%% of its "
		"requests %s%s%s%s: %s",
		rate >= PK_FINDINGS_HOT_HIGH_429 ? " (severity high)" : "",
		findings_range_name(v, hot->id, b, sizeof(b)), hot->nru_p99_pct,
		v->ddb ? "consumption (its busier bucket, read or "
			 "write, against its share)"
		       : "RU consumption",
		findings_range_name(v, cold->id, c, sizeof(c)),
		cold->nru_p99_pct, v->cosmos ? "rule 32: " : "",
		v->ddb ? "partition" : "range", pct(lineage_429(hot)),
		v->ddb ? "throttled (HTTP 400)" : "rate limited", sev,
		n_hot ? "; also at p99 90% or more: " : "", also, cause));
	say_picture(s, v, hot->id);
	return said;
}
