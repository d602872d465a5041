/*
 * findings_ddb: Amazon DynamoDB's traps in its own words
 * (findings_ddb.h).
 */
#include "findings_ddb.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "findings_refusal.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"

#define MCU_PER_UNIT 1000
/* D3: what one partition serves a second */
#define PART_WCU 1000
#define PART_RCU 3000
/* A key value's puts "follow" a sort key at PK_DDB_FOLLOW_SHARE
   (snapshot.h): the service's heat splits refuse such a value by the
   same share */
#define FOLLOW_SHARE PK_DDB_FOLLOW_SHARE

/* Key k's puts after its first that changed its sort key (a put of the
   sort key before is the same item again) */
static double changed(const struct pk_ddb_hot_key *k)
{
	return k->puts > 1 + k->same ? (double)(k->puts - 1 - k->same) : 0;
}

/* Whether key k's puts follow a steadily rising or falling sort key
   (FOLLOW_SHARE of those after its first that changed it) */
static int follows(const struct pk_ddb_hot_key *k)
{
	double after = changed(k);

	return after > 0 && ((double)k->rising >= FOLLOW_SHARE * after ||
			     (double)k->falling >= FOLLOW_SHARE * after);
}

static const char *const refused_why[PK_DDB_HEAT_REFUSALS];

/* The why of table v's most refused heat splits, -1 none refused */
static int first_refused(const struct pk_result_variant *v)
{
	int k, top = -1;

	for (k = 0; k < PK_DDB_HEAT_REFUSALS; k++) {
		if (v->ddb->heat.refused[k] > 0 &&
		    (top < 0 ||
		     v->ddb->heat.refused[k] > v->ddb->heat.refused[top])) {
			top = k;
		}
	}
	return top;
}

/* Whether sort key path sk of scenario sc is a `unique` generator (the
   id pksim adds when items give none is one): the prefix and the item's
   sequence number, which rises with every item */
static int sk_is_sequence(const struct pk_scenario *sc, const char *sk)
{
	const struct pk_prop_spec *p;

	if (!sc || !sk || sc->items_file) {
		return 0;
	}
	p = scenario_find_prop(sc, sk);
	return p && p->kind == PK_GEN_UNIQUE;
}

/* Why no split helps key k of table v (or what could), into buf; sc
   (NULL: unknown) tells whether a rising sort key is pksim's own
   sequence rather than the application's data */
static void why_no_split(const struct pk_scenario *sc,
			 const struct pk_result_variant *v,
			 const struct pk_ddb_hot_key *k, int write, char *buf,
			 size_t cap)
{
	const char *sk = v->ddb->sort_key;
	char a[32], b[32], c[32];
	int no;

	if (!sk) {
		snprintf(buf, cap,
			 "no split can fix it: without a sort key each key "
			 "value is one item, and DynamoDB never splits a "
			 "partition for one hot item (D7)");
	} else if (write && k->item_mcu > PART_WCU * MCU_PER_UNIT) {
		/* statement 17: one item is served at most a partition's
		   cap, on whichever partition holds it */
		snprintf(buf, cap,
			 "no split can fix it: its puts in second %lld carried "
			 "one sort key value (%s), so they were one item, one "
			 "primary key, asked %s %s alone, above the 1,000 a "
			 "single item is ever served (statement 17), and "
			 "DynamoDB never splits a partition for one item "
			 "(D7): its throttles go on as long as its load "
			 "does (of its %s puts, %s carried the sort key of "
			 "the one before: the same item again)",
			 (long long)k->item_s, sk,
			 fmt_thousands(k->item_mcu / MCU_PER_UNIT, a),
			 v->ddb->on_demand ? "WRU" : "WCU",
			 fmt_thousands((int64_t)k->puts, b),
			 fmt_thousands((int64_t)k->same, c));
	} else if (v->ddb->colls.capped) {
		snprintf(buf, cap,
			 "no split can fix it: a local secondary index keeps "
			 "a key value's item collection on one partition "
			 "(D18)");
	} else if (write && follows(k)) {
		snprintf(buf, cap,
			 "no split can fix it: its writes follow a steadily "
			 "%s sort key (%s %s in %s of its %s puts after the "
			 "first%s), and DynamoDB does not split a partition "
			 "for heat along one (D7, reference §4, §5)%s",
			 k->rising >= k->falling ? "rising" : "falling", sk,
			 k->rising >= k->falling ? "rose" : "fell",
			 fmt_thousands((int64_t)(k->rising >= k->falling
						     ? k->rising
						     : k->falling),
				       a),
			 fmt_thousands((int64_t)changed(k), b),
			 k->same ? " that changed it" : "",
			 sk_is_sequence(sc, sk)
			     ? "; that sort key is pksim's `unique` "
			       "generator (the id pksim adds when items give "
			       "none), a prefix and the item's sequence "
			       "number, which rises with every item: where "
			       "the application's ids do not rise (a GUID), "
			       "give items an id drawn at random (id: "
			       "{values: \"{0..999999999}\"}) and DynamoDB "
			       "splits the value for heat after minutes of it"
			     : "");
	} else if (!write && 2 * k->q_mcu > k->peak_mcu) {
		snprintf(buf, cap,
			 "most of that second's units were Queries of its "
			 "item collection, whose items DynamoDB could cut "
			 "apart by sort key (%s) with a heat split after "
			 "minutes of sustained heat (D7); pksim's heat splits "
			 "weigh the items point requests name, not a Query's "
			 "(ASSUMPTION), so it replays none for them: its "
			 "throttles here are an upper bound",
			 sk);
	} else if (v->ddb->heat.on && v->ddb->heat.done == 0 &&
		   (no = first_refused(v)) >= 0) {
		snprintf(
		    buf, cap,
		    "DynamoDB cuts a collection's items apart by sort key "
		    "(%s) with a heat split (D7) only where a cut helps, "
		    "and pksim refused it (%s time%s): %s, so its "
		    "throttles here go on as long as its load does",
		    sk, fmt_thousands((int64_t)v->ddb->heat.refused[no], a),
		    v->ddb->heat.refused[no] == 1 ? "" : "s", refused_why[no]);
	} else if (v->ddb->heat.on) {
		snprintf(
		    buf, cap,
		    "DynamoDB cuts its items apart by sort key (%s) with a "
		    "heat split after minutes of sustained heat (D7), as "
		    "pksim replays (ASSUMPTION: a partition at 80 %% of "
		    "its cap for 300 s by default, split 300 s later; "
		    "%llu heat split%s in the run): its throttles here "
		    "are those before the split%s",
		    sk, (unsigned long long)v->ddb->heat.done,
		    v->ddb->heat.done == 1 ? "" : "s",
		    v->ddb->heat.done ? ""
				      : ", which comes after the run if the "
					"heat lasts");
	} else {
		snprintf(buf, cap,
			 "DynamoDB could cut its items apart by sort key (%s) "
			 "with a heat split within minutes (D7), which this "
			 "table's heat_split: off does not replay: its "
			 "throttles here are an upper bound",
			 sk);
	}
}

/* What a hot key value's side (write) asks to be done, into buf: a
   write-hot value spreads its writes over more key values (write
   sharding); a read-hot one reads eventually consistent at half the
   units (D1; statement 17: 6,000 such reads of up to 4 KiB a second
   where 3,000 strong) and has a cache answer its repeated reads. On a
   table without a sort key the value is one item, whose reads sharding
   its writes does not spread (every copy must be written); with one, the
   value is an item collection whose items a key suffix the reader
   computes from the sort key spreads */
static void hot_key_remedy(const struct pk_scenario *sc,
			   const struct pk_result_variant *v, int write,
			   char *buf, size_t cap)
{
	const struct pk_ddb_table_spec *t =
	    sc ? scenario_variant_table(sc, v->spec) : NULL;
	int strong = t && t->reads == PK_DDB_CONSISTENCY_STRONG;

	if (write) {
		snprintf(buf, cap,
			 "Spread its writes over more partition-key values "
			 "(write sharding: the value with a suffix 0 to N - "
			 "1, read back from all N)");
		return;
	}
	snprintf(
	    buf, cap, "%s. %s",
	    strong ? "Its reads are strongly consistent: an eventually "
		     "consistent read costs half the units (D1), so where a "
		     "read need not see the latest write one partition serves "
		     "twice as many (statement 17: 6,000 reads of up to 4 KiB "
		     "a second against 3,000 strong)"
		   : "Its reads are already eventually consistent, half the "
		     "units of a strong read (D1)",
	    t && t->sort_key
		? "A cache in front of the table (DynamoDB Accelerator, DAX, "
		  "or the application's own) answers its items' repeated "
		  "reads without asking its partition, as often as an item "
		  "is read again (pksim replays no cache); the value is an "
		  "item collection (its sort key), so a partition-key "
		  "suffix the reader computes from the sort key (the value "
		  "with .{hash(sort key) mod N}, as compare --key can try) "
		  "spreads its items, and their reads, over N values"
		: "A cache in front of the table (DynamoDB Accelerator, DAX, "
		  "or the application's own) answers one item's repeated "
		  "reads without asking its partition (pksim replays no "
		  "cache); write sharding is for a write-hot value: it does "
		  "not spread one item's reads");
}

char *findings_ddb_hot_key(const struct pk_result *r,
			   const struct pk_result_variant *v, int write)
{
	const struct pk_ddb_hot_key *k;
	int64_t cap = write ? PART_WCU : PART_RCU;
	char a[32], b[32], why[1024], fix[1024];

	if (!v->ddb) {
		return NULL;
	}
	k = &v->ddb->hot[write != 0];
	if (k->peak_mcu <= cap * MCU_PER_UNIT) {
		return NULL;
	}
	why_no_split(r ? r->sc : NULL, v, k, write, why, sizeof(why));
	hot_key_remedy(r ? r->sc : NULL, v, write, fix, sizeof(fix));
	return xasprintf(
	    "hot key: %s was asked %s %s units in one second (t = %llds), "
	    "above the %s %s one partition serves whatever the table's "
	    "capacity (D3, statement 17); %s. %s",
	    k->key, fmt_thousands(k->peak_mcu / MCU_PER_UNIT, a),
	    write ? "write" : "read", (long long)k->peak_s,
	    fmt_thousands(cap, b),
	    v->ddb->on_demand ? (write ? "WRU" : "RRU")
			      : (write ? "WCU" : "RCU"),
	    why, fix);
}

char *findings_ddb_hot_key_linear(const struct pk_result *r,
				  const struct pk_result_variant *v)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	const struct pk_ddb_hot_key *rd, *wr;
	char a[32], b[32], why[1024], fix[1024];
	double fr, fw;
	int write;

	if (!v->ddb || !t || t->partition_limit != PK_DDB_LIMIT_LINEAR) {
		return NULL;
	}
	rd = &v->ddb->hot[0];
	wr = &v->ddb->hot[1];
	if (rd->peak_mcu == 0 || wr->peak_mcu == 0 ||
	    strcmp(rd->key, wr->key) != 0 ||
	    rd->peak_mcu > PART_RCU * MCU_PER_UNIT ||
	    wr->peak_mcu > PART_WCU * MCU_PER_UNIT) {
		/* one side past its own cap: findings_ddb_hot_key says it */
		return NULL;
	}
	fr = (double)rd->peak_mcu / (PART_RCU * MCU_PER_UNIT);
	fw = (double)wr->peak_mcu / (PART_WCU * MCU_PER_UNIT);
	if (fr + fw <= 1.0) {
		return NULL;
	}
	write = fw >= fr;
	why_no_split(r->sc, v, write ? wr : rd, write, why, sizeof(why));
	hot_key_remedy(r->sc, v, write, fix, sizeof(fix));
	return xasprintf(
	    "hot key: %s was asked %s read units (t = %llds) and %s write "
	    "units (t = %llds) in its busiest seconds, %.2f of the one "
	    "budget a partition serves under partition_limit: linear "
	    "(reads / 3,000 + writes / 1,000 at most 1 a second, D3, "
	    "reference §2)%s, so about %.0f%% of its units are refused "
	    "whatever the table's capacity, though neither side alone "
	    "passes its cap (under `independent`, two buckets, none is "
	    "refused); %s. %s",
	    rd->key, fmt_thousands(rd->peak_mcu / MCU_PER_UNIT, a),
	    (long long)rd->peak_s,
	    fmt_thousands(wr->peak_mcu / MCU_PER_UNIT, b),
	    (long long)wr->peak_s, fr + fw,
	    rd->peak_s == wr->peak_s
		? ""
		: " (their busiest seconds differ: an upper bound)",
	    100.0 * (fr + fw - 1.0) / (fr + fw), why, fix);
}

char *findings_ddb_index_fixed(const struct pk_result *r,
			       const struct pk_result_variant *v, size_t i)
{
	const struct pk_snapshot_ddb *b = v->ddb;
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	const struct pk_ddb_index *x;
	int64_t lo, hi;
	uint64_t refused;
	size_t k;
	char a[32], c[32], e[32], f[32], g[32], moved[128];

	if (!b || b->on_demand || i >= b->n_indexes || !t || !t->scale.on ||
	    i >= t->n_gsis || !t->gsis[i].fixed) {
		return NULL;
	}
	x = &b->indexes[i];
	refused = x->throttled[0] + x->throttled[1];
	/* the table's own write units: its changes (ddb_change.c) */
	lo = hi = b->table_wcu;
	for (k = 0; v->metrics && k < v->metrics->n_changes; k++) {
		int64_t w = v->metrics->changes[k].side_to[1];

		lo = w < lo ? w : lo;
		hi = w > hi ? w : hi;
	}
	if (refused == 0 || lo == hi) {
		return NULL;
	}
	/* in the order they moved: up from the start, down from it, or
	   both ways */
	if (lo == b->table_wcu) {
		snprintf(moved, sizeof(moved), "%s to %s WCU",
			 fmt_thousands(lo, a), fmt_thousands(hi, c));
	} else if (hi == b->table_wcu) {
		snprintf(moved, sizeof(moved), "%s down to %s WCU",
			 fmt_thousands(hi, c), fmt_thousands(lo, a));
	} else {
		snprintf(moved, sizeof(moved), "from %s WCU, between %s and %s",
			 fmt_thousands(b->table_wcu, g), fmt_thousands(lo, a),
			 fmt_thousands(hi, c));
	}
	return xasprintf(
	    "auto scaling moved only the table's write units (%s, "
	    "D19): global secondary index %s, with auto_scaling: off, kept "
	    "its %s WCU the whole run and refused %s base write%s (not "
	    "stored): give it the write units its writes need, or let it "
	    "follow the table's auto scaling on its own writes (leave out "
	    "its auto_scaling: off)",
	    moved, x->name, fmt_thousands(x->wcu, e),
	    fmt_thousands((int64_t)refused, f), refused == 1 ? "" : "s");
}

/* How long after a peak the on-demand limit doubles, in the finding's
   words: the reference's 30 minutes, or the scenario's peak_lag_s */
static void past_peak_lag(const struct pk_result *r,
			  const struct pk_result_variant *v, char *lag,
			  size_t lag_size, char *rule, size_t rule_size)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	char span[PK_FMT_SPAN_BYTES];

	if (!t || t->peak_lag_s == PK_DDB_OD_LAG_S) {
		snprintf(lag, lag_size, "30 minutes");
		snprintf(rule, rule_size,
			 "that a peak raises the limit only 30 minutes later "
			 "is the reference's proposal, an ASSUMPTION");
		return;
	}
	snprintf(lag, lag_size, "%s (the table's peak_lag_s)",
		 fmt_seconds(t->peak_lag_s, span));
	snprintf(rule, rule_size,
		 "that a peak raises the limit only %s later is the table's "
		 "peak_lag_s (the reference proposes 30 minutes, an "
		 "ASSUMPTION)",
		 span);
}

const char *findings_ddb_peak_lag(const struct pk_result *r,
				  const struct pk_result_variant *v, char *buf,
				  size_t n)
{
	char rule[192];

	past_peak_lag(r, v, buf, n, rule, sizeof(rule));
	return buf;
}

char *findings_ddb_past_peak(const struct pk_result *r,
			     const struct pk_result_variant *v, int write)
{
	const struct pk_ddb_past_peak *p;
	const char *u = write ? "WRU" : "RRU";
	char a[32], b[32], c[32], e[32], f[32], g[32], both[256] = "";
	char lag[96], rule[256];

	if (!v->ddb || !v->ddb->on_demand) {
		return NULL;
	}
	p = &v->ddb->past_peak[write != 0];
	if (p->seconds == 0 || p->met_seconds == 0) {
		/* asked past the limit, but it refused nothing: what was
		   throttled in those seconds was its partitions' caps */
		return NULL;
	}
	if (p->first_asked_mcu <= p->first_limit_mcu &&
	    p->other_limit_mcu > 0) {
		/* under its own limit, past the two taken together */
		snprintf(both, sizeof(both),
			 " with %s %s of %s, %.0f%% of the two limits taken "
			 "together (a new table serves 4,000 WRU and 12,000 "
			 "RRU a second, or a linear combination: KC-OD, "
			 "reference §7)",
			 fmt_thousands(p->other_asked_mcu / MCU_PER_UNIT, g),
			 write ? "RRU" : "WRU", write ? "reads" : "writes",
			 100.0 * ((double)p->first_asked_mcu /
				      (double)p->first_limit_mcu +
				  (double)p->other_asked_mcu /
				      (double)p->other_limit_mcu));
	}
	past_peak_lag(r, v, lag, sizeof(lag), rule, sizeof(rule));
	return xasprintf(
	    "the on-demand table's %s met its instant limit: %s %s asked at "
	    "t = %llds against an instant limit of %s %s a second (twice the "
	    "peak it served %s before, at least its warm throughput; "
	    "D12, D13)%s; %s second%s past the limit in all (the most asked "
	    "in one %s %s, first attempts: a retry asks again for units "
	    "already counted), %s request%s throttled in them, retries "
	    "included. On demand serves at once up to twice its previous "
	    "peak (reference §7); %s: "
	    "traffic under twice a younger peak can meet this limit, whose "
	    "floor is the table's warm throughput (§8)",
	    write ? "writes" : "reads",
	    fmt_thousands(p->first_asked_mcu / MCU_PER_UNIT, a), u,
	    (long long)p->first_s,
	    fmt_thousands(p->first_limit_mcu / MCU_PER_UNIT, b), u, lag, both,
	    fmt_thousands(p->seconds, c), p->seconds == 1 ? "" : "s",
	    fmt_thousands(p->peak_asked_mcu / MCU_PER_UNIT, e), u,
	    fmt_thousands((int64_t)p->throttled, f),
	    p->throttled == 1 ? " was" : "s were", rule);
}

char *findings_ddb_never_fit_query(const struct pk_result *r,
				   const struct pk_result_variant *v)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	uint64_t n;
	char a[32];

	if (!v->ddb || v->ddb->never_fit_q == 0) {
		return NULL;
	}
	n = v->ddb->never_fit_q;
	return xasprintf(
	    "%s Query or Scan page%s each asked more read units than a "
	    "partition can admit in any one second (%s%s%sat most its "
	    "3,000 RCU cap, D3): a page (at most 1 MB, D1) is admitted on "
	    "its own, all its units at once (ASSUMPTION: never into debt, "
	    "which the reference leaves open), so such a page never fits "
	    "and its request is throttled at every try, whatever the rate; "
	    "no heat split comes for it (a throttled page consumes nothing, "
	    "and a heat split weighs the items point requests name). What "
	    "brings each page under a partition's second: a page Limit "
	    "(fewer items a page, the next asked with its LastEvaluatedKey)"
	    "%s",
	    fmt_thousands((int64_t)n, a), n == 1 ? "" : "s",
	    v->ddb->on_demand ? "" : "its share, ",
	    v->ddb->on_demand || (t && t->adaptive == PK_DDB_ADAPTIVE_OFF)
		? ""
		: "what adaptive capacity lends, ",
	    v->ddb->on_demand || (t && t->burst == PK_DDB_BURST_OFF)
		? ""
		: "300 s of it banked, ",
	    t && t->reads == PK_DDB_CONSISTENCY_STRONG
		? ", or eventually consistent reads, half the units of "
		  "strong ones (D1)"
		: " (its reads are eventually consistent already, half "
		  "the units of strong ones, D1)");
}

/* Whether table v's partition id split for heat (D7) in the run */
static int split_for_heat(const struct pk_result_variant *v, uint32_t id)
{
	const struct pk_metrics *m = v->metrics;
	size_t i;

	for (i = 0; m && i < m->n_splits; i++) {
		if (m->splits[i].parent == id &&
		    m->splits[i].reason == PK_SPLIT_HEAT) {
			return 1;
		}
	}
	return 0;
}

/* Why a heat split of one partition was refused (ddb_hsplit.c), in the
   findings' words: the unit no cut divides */
static const char *const refused_why[PK_DDB_HEAT_REFUSALS] = {
    "one item (a key value, on a table without a sort key) carried more "
    "than half of the weight it observed and alone asked what makes a "
    "partition hot, so a child holding it would be as hot",
    "one key value, whose item collection a local secondary index keeps "
    "on one partition (D18), carried more than half of the weight it "
    "observed and alone asked what makes a partition hot",
    "one key value whose puts follow a steadily rising or falling sort "
    "key carried more than half of the weight it observed, its puts "
    "making the heat: every later put lands past any cut (reference "
    "§4, §5)"};

/* Table v's first refusal of a heat split of partition id, or NULL */
static const struct pk_ddb_heat_refusal_at *
refused_at(const struct pk_result_variant *v, uint32_t id)
{
	size_t k;

	for (k = 0; k < v->ddb->heat.n_at; k++) {
		if (v->ddb->heat.at[k].part == id) {
			return &v->ddb->heat.at[k];
		}
	}
	return NULL;
}

const char *findings_ddb_shared_words(const struct pk_result *r,
				      const struct pk_result_variant *v,
				      uint32_t id, char *buf, size_t n)
{
	const struct pk_ddb_heat_refusal_at *no;

	if (!v->ddb->heat.on) {
		return "several key values sharing it, each under a "
		       "partition's cap: DynamoDB would split it for heat "
		       "within minutes of sustained heat (D7), which this "
		       "table's heat_split: off does not replay, so its "
		       "throttles after the first minutes are an upper "
		       "bound, and which key values share a partition is "
		       "pksim's hash, not AWS's";
	}
	if (split_for_heat(v, id)) {
		return "several key values sharing it, each under a "
		       "partition's cap: DynamoDB splits it for heat after "
		       "minutes of sustained heat (D7), as pksim replays "
		       "(ASSUMPTION: 80 % of its cap for 300 s by default, "
		       "split 300 s later, at the median of the weight it "
		       "observed), so its throttles are those before its "
		       "split, and which key values share a partition is "
		       "pksim's hash, not AWS's";
	}
	if ((no = refused_at(v, id)) != NULL) {
		char a[32];

		snprintf(buf, n,
			 "several key values sharing it, each under a "
			 "partition's cap, but no heat split (D7): %s (pksim "
			 "refused the split %s time%s, first at t = %lld s), "
			 "so its throttles go on as long as its load does%s; "
			 "which key values share a partition is pksim's "
			 "hash, not AWS's",
			 refused_why[no->why],
			 fmt_thousands((int64_t)no->count, a),
			 no->count == 1 ? "" : "s", (long long)no->first_s,
			 no->why == PK_DDB_HEAT_ONE_ITEM && !v->ddb->sort_key
			     ? " (hot_item_isolation: on, D11, moves such an "
			       "item to a partition of its own)"
			     : "");
		return buf;
	}
	if (findings_ddb_refusal_ahead(r, v, id, buf, n)) {
		return buf; /* a refusal to come, known from the first heat */
	}
	return "several key values sharing it, each under a partition's "
	       "cap: DynamoDB splits it for heat after minutes of sustained "
	       "heat (D7), as pksim replays (ASSUMPTION: 80 % of its cap "
	       "for 300 s by default, split 300 s later), none within this "
	       "run: its throttles here are those before its split, as long "
	       "as the heat lasts, and which key values share a partition is "
	       "pksim's hash, not AWS's";
}

/* The first-attempt units partition id of table v was asked in second
   x (a per-second sample): its requests less its retries at the mean
   units of its admitted ones, mCU; -1 when none was admitted */
static double first_asked(const struct pk_sample *x)
{
	uint32_t ok = x->requests - x->throttled_429;

	if (ok == 0) {
		return -1;
	}
	return (double)x->ru_mru * (double)(x->requests - x->retries) /
	       (double)ok;
}

int findings_ddb_one_value(const struct pk_result_variant *v, uint32_t id)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_ddb_hot_key *k;
	double key, most = -1, at_peak = -1;
	size_t i;

	if (!v->ddb || !m->keep_seconds) {
		return -1;
	}
	k = v->ddb->hot;
	key = (double)(k[0].peak_mcu + k[1].peak_mcu);
	for (i = 0; i < m->n_samples; i++) {
		const struct pk_sample *x = &m->samples[i];
		double a;

		if (x->range_id != id) {
			continue;
		}
		a = first_asked(x);
		if (x->t_s == k[0].peak_s || x->t_s == k[1].peak_s) {
			at_peak = a > at_peak ? a : at_peak;
		}
		if (x->throttled_429 > 0) {
			if (a < 0) {
				return -1; /* nothing admitted: no units */
			}
			most = a > most ? a : most;
		}
	}
	if (most < 0 || at_peak < 0) {
		return -1;
	}
	/* a value asks at most its peak second's units in any second: a
	   throttled second asked more (a unit's rounding aside) had
	   another value; and the hottest value's own peak second on this
	   partition puts it here */
	if (most > key + MCU_PER_UNIT) {
		return 0;
	}
	return at_peak + MCU_PER_UNIT >= key ? 1 : -1;
}

int findings_ddb_shared(const struct pk_result_variant *v, uint32_t id,
			const struct pk_result_range *hr)
{
	int one;

	const struct pk_ddb_hot_key *k;
	uint64_t busy = 0;
	size_t i;

	if (!v->ddb) {
		return 0;
	}
	one = findings_ddb_one_value(v, id);
	if (one >= 0) {
		/* its throttled seconds tell: one value, or more */
		return !one;
	}
	k = v->ddb->hot;
	if (k[0].peak_mcu > PART_RCU * MCU_PER_UNIT ||
	    k[1].peak_mcu > PART_WCU * MCU_PER_UNIT) {
		return 0;
	}
	if (!hr) {
		return 0; /* split away: only its seconds could tell */
	}
	for (i = 0; i < v->n_lineage; i++) {
		if (v->lineage[i].id == hr->id) {
			busy = v->lineage[i].busy_seconds;
		}
	}
	return busy > 0 &&
	       hr->offered_mru / (int64_t)busy > k[0].peak_mcu + k[1].peak_mcu;
}

uint64_t findings_ddb_table_throttles(const struct pk_result_variant *v)
{
	uint64_t n = 0;
	size_t i;

	if (!v->ddb) {
		return 0;
	}
	for (i = 0; i < v->n_reasons; i++) {
		const char *name = v->reasons[i].name;

		if (name && strncmp(name, "Index", 5) != 0) {
			n += v->reasons[i].count;
		}
	}
	return n;
}

uint64_t findings_ddb_total_throttles(const struct pk_result_variant *v)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; v->ddb && i < v->n_reasons; i++) {
		const char *name = v->reasons[i].name;

		if (name && strncmp(name, "Table", 5) == 0 &&
		    strstr(name, "ProvisionedThroughputExceeded")) {
			n += v->reasons[i].count;
		}
	}
	return n;
}

const struct pk_result_range *
findings_ddb_offered_hot(const struct pk_result_variant *v, double *ratio)
{
	const struct pk_result_range *hot = NULL;
	uint64_t own = findings_ddb_table_throttles(v);
	double best = 0, rest = 0;
	int64_t born;
	size_t i;

	if (!v->ddb || v->n_ranges < 2 || v->ranges[0].born_s < 0) {
		return NULL;
	}
	/* the partitions at the end were all made in one second (at the
	   creation, or by one change's splits): from it to the end their
	   offered units cover the same seconds */
	born = v->ranges[0].born_s;
	for (i = 0; i < v->n_lineage; i++) {
		if (v->lineage[i].at == SIZE_MAX && v->lineage[i].requests &&
		    v->lineage[i].gone_s > born) {
			return NULL; /* gone with requests while they lived */
		}
	}
	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *p = &v->ranges[i];
		double d;

		if (p->born_s != born || p->ru_per_s_mru <= 0) {
			return NULL;
		}
		d = (double)p->offered_mru / (double)p->ru_per_s_mru;
		rest += d;
		if (!hot || d > best) {
			hot = p;
			best = d;
		}
	}
	rest = (rest - best) / (double)(v->n_ranges - 1);
	if (rest <= 0 || best < PK_FINDINGS_DDB_OFFERED_RATIO * rest ||
	    (own > 0 && hot->throttled_429 * 2 <= own)) {
		return NULL;
	}
	*ratio = best / rest;
	return hot;
}

/* Table v's reads throttled by a partition's own units
   (TableReadKeyRangeThroughputExceeded, D14) */
static uint64_t read_key_range(const struct pk_result_variant *v)
{
	size_t i;

	for (i = 0; i < v->n_reasons; i++) {
		if (strcmp(v->reasons[i].name,
			   "TableReadKeyRangeThroughputExceeded") == 0) {
			return v->reasons[i].count;
		}
	}
	return 0;
}

char *findings_ddb_cut_words(const struct pk_result_variant *v,
			     const struct pk_result_range *hr)
{
	const struct pk_metrics *m = v->metrics;
	char a[32];
	size_t i;
	int k;

	if (!v->ddb || !hr || !v->ddb->sort_key || v->ddb->colls.capped) {
		return NULL;
	}
	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];

		if (e->reason != PK_SPLIT_STORAGE) {
			continue;
		}
		for (k = 0; k < 2; k++) {
			if (e->children[k] != hr->id) {
				continue;
			}
			if (e->by_sort_key && follows(&v->ddb->hot[1])) {
				return xasprintf(
				    "; it came from a storage split at t = "
				    "%llds, which cut the hottest key value's "
				    "items by sort key as DynamoDB does (D6): "
				    "its puts follow a steadily %s sort key, "
				    "so every later put sorts past the cut "
				    "into one child: these throttles are "
				    "DynamoDB's",
				    (long long)e->t_s,
				    v->ddb->hot[1].rising >=
					    v->ddb->hot[1].falling
					? "rising"
					: "falling");
			}
			if (e->by_sort_key) {
				return xasprintf(
				    "; it came from a storage split at t = "
				    "%llds, which cut the hottest key value's "
				    "items by sort key as DynamoDB does (D6): "
				    "each later request goes to the child "
				    "holding its sort key",
				    (long long)e->t_s);
			}
			if (follows(&v->ddb->hot[1]) && read_key_range(v) > 0) {
				return xasprintf(
				    "; it came from a storage split at t = "
				    "%llds: DynamoDB cuts a partition into "
				    "two halves by data (D6), so the hottest "
				    "key value's items are cut by sort key; "
				    "its puts follow a steadily %s sort key "
				    "and sort past the cut into one child "
				    "there too, but its reads go to the child "
				    "holding each item, while pksim cuts the "
				    "hash slice and keeps each key value on "
				    "one child (ASSUMPTION): these throttles "
				    "(%s of them reads) are an upper bound",
				    (long long)e->t_s,
				    v->ddb->hot[1].rising >=
					    v->ddb->hot[1].falling
					? "rising"
					: "falling",
				    fmt_thousands((int64_t)read_key_range(v),
						  a));
			}
			if (follows(&v->ddb->hot[1])) {
				return xasprintf(
				    "; it came from a storage split at t = "
				    "%llds: DynamoDB cuts a partition into "
				    "two halves by data (D6), and the hottest "
				    "key value's puts follow a steadily %s "
				    "sort key, so every later put sorts past "
				    "the cut into one child there too: these "
				    "throttles are DynamoDB's",
				    (long long)e->t_s,
				    v->ddb->hot[1].rising >=
					    v->ddb->hot[1].falling
					? "rising"
					: "falling");
			}
			return xasprintf(
			    "; it came from a storage split at t = %llds: "
			    "DynamoDB cuts a partition into two halves by "
			    "data (D6), so a key value holding the middle "
			    "of its data is cut by sort key and its later "
			    "items and requests past the cut go to the "
			    "other child, while pksim, when no key value "
			    "holds more than half the data, cuts the hash "
			    "slice and keeps each key value on one child "
			    "(ASSUMPTION): these throttles are an upper "
			    "bound",
			    (long long)e->t_s);
		}
	}
	return NULL;
}

/* Provisioned table v throttled none of its own requests though a side
   consumed more than the units it held over the run: only its burst
   bank (D9) can pay that, and a bank is finite. Into buf (n bytes): the
   side, its use, when a bank full at the start (300 s of its units,
   ASSUMPTION as ddb_parts.c's) empties at the run's mean rate past the
   units, 300 s / (use - 1), and the share of that side's requests then
   throttled, (use - 1) / use; returns 1, else 0 (nothing written) */
int findings_ddb_bank_use(const struct pk_result *r,
			  const struct pk_result_variant *v, int side,
			  int *write, double *use)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;

	*write = side >= 0 ? side : v->write_utilisation >= v->read_utilisation;
	*use = *write ? v->write_utilisation : v->read_utilisation;
	return t && !v->ddb->on_demand && t->burst != PK_DDB_BURST_OFF &&
	       *use > 1.0;
}

int findings_ddb_on_bank(const struct pk_result *r,
			 const struct pk_result_variant *v, char *buf, size_t n)
{
	int write;
	double use;
	char of[PK_DDB_SIDES_BYTES], a[32];

	if (!findings_ddb_bank_use(r, v, -1, &write, &use)) {
		return 0;
	}
	snprintf(buf, n,
		 "busy on its burst bank: the table's %s used %.0f%% of %s, "
		 "the part above them paid by its burst bank (D9; full at "
		 "the start with 300 s of its units, ASSUMPTION), which this "
		 "rate empties at t = %s s; from then about %.0f%% of its %s "
		 "are throttled: too few %s for this load past the run's "
		 "length",
		 write ? "writes" : "reads", 100.0 * use,
		 ddb_sides_of(v, write, ddb_sides_mean(v, write),
			      "over the run", of, sizeof(of)),
		 fmt_thousands(
		     (int64_t)(PK_FINDINGS_DDB_BANK_S / (use - 1.0) + 0.5), a),
		 100.0 * (use - 1.0) / use, write ? "writes" : "reads",
		 write ? "WCU" : "RCU");
	return 1;
}

/* The seconds table v's partitions are compared over when the busiest,
   hot, ran at 90% or more (alive_hot_window), into *w, its end at most
   the run's; how many partitions that saw a request it leaves out
   (made after it or gone before): 0 when it covers every one */
size_t findings_ddb_compared(const struct pk_result_variant *v, int hot_pct,
			     const struct pk_result_lineage *hot,
			     struct alive_window *w)
{
	size_t i, out = 0;

	*w = alive_hot_window(v, hot, hot_pct);
	for (i = 0; i < v->n_lineage; i++) {
		const struct pk_result_lineage *l = &v->lineage[i];

		out +=
		    l != hot && l->busy_seconds > 0 && !alive_during(v, l, *w);
	}
	return out;
}
