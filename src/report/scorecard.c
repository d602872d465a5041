/*
 * scorecard: per-variant figures and verdicts (see scorecard.h; the
 * ranking is scorecard_rank.c).
 */
#include "pksim/report/scorecard.h"
#include "pksim/load/monitor.h"
#include "scorecard_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings_ddb.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/report/money.h"
#include "pksim/service/snapshot.h"

#define PK_SECONDS_PER_DAY 86400.0
/* a variant's hottest logical partition is worth the verdict when it
   takes at least this share of the RU */
#define PK_SCORECARD_HOT_SHARE 0.5
/* D-429: up to 5% 429s is healthy */
#define PK_SCORECARD_HEALTHY_429 0.05

static double ratio(double a, double b)
{
	return b > 0 ? a / b : 0.0;
}

static void hottest(const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_result_lp *top = &v->top_ru[0];

	if (v->n_top_ru == 0) {
		return;
	}
	sc->have_hottest = 1;
	result_key_text(v, top->key, top->key_len, sc->hottest_key,
			sizeof(sc->hottest_key));
	sc->hottest_undefined = result_key_undefined(v, top->key, top->key_len);
	if (top->range < v->n_ranges) {
		sc->hottest_lp_range = v->ranges[top->range].id;
	}
	/* its first attempts (offered, served or not) of the operations
	   offered: under overload the served share is the retry order's
	   (scenarios/README.md, the retry order), not the key's */
	sc->hottest_share_requests =
	    ratio((double)(top->requests - top->retries),
		  (double)v->metrics->totals.operations);
	sc->hottest_share_ru =
	    ratio((double)top->ru_mru, (double)v->metrics->totals.ru_mru);
	sc->hottest_share_storage =
	    ratio((double)top->storage_bytes, (double)v->storage_bytes);
}

/* The standard deviation of a range's share of v's RU from where the
   logical partitions hash alone (scorecard.h, placement noise): a range
   holds logical partition i with probability p = 1 / N, independently,
   so its RU from them, sum r_i X_i, has the variance p (1 - p) sum r_i^2.
   0 with one range or no RU. */
static double placement_sd(const struct pk_result_variant *v)
{
	double total = (double)v->metrics->totals.ru_mru, p;

	if (v->n_ranges < 2 || total <= 0 || v->lp_ru_mru <= 0) {
		return 0.0;
	}
	p = 1.0 / (double)v->n_ranges;
	return sqrt(p * (1.0 - p) * v->lp_ru_sq) / total;
}

static void ranges(const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	uint64_t max = 0;
	int64_t hot_ru = -1;
	size_t i;

	sc->n_ranges = v->n_ranges;
	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *p = &v->ranges[i];
		double rate =
		    ratio((double)p->throttled_429, (double)p->requests);

		if (p->storage_bytes > max) {
			max = p->storage_bytes;
		}
		if (p->ru_mru > hot_ru) {
			hot_ru = p->ru_mru;
			sc->hottest_range = p->id;
		}
		if (rate > sc->worst_range_429_rate) {
			sc->worst_range_429_rate = rate;
			sc->worst_range = p->id;
			sc->worst_range_3212 = p->throttled_bucket;
		}
	}
	sc->hottest_range_share_ru =
	    ratio((double)hot_ru, (double)v->metrics->totals.ru_mru);
	sc->range_share_sd = placement_sd(v);
	sc->storage_max_over_mean =
	    ratio((double)max, (double)v->storage_bytes / (double)v->n_ranges);
}

const char *scorecard_replayed(const struct pk_result *r, char *buf, size_t cap)
{
	static const char *const kinds[PK_OP_KINDS] = {
	    "creates", "upserts", "reads",   "replaces",
	    "deletes", "queries", "batches", "batch gets"};
	const struct pk_items_file *f = r->sc->items_file;
	char a[40], b[40];
	size_t i, k, len;
	int any[PK_OP_KINDS] = {0};

	if (f && f->monitor) {
		snprintf(buf, cap,
			 "%s requests from %s rows of the monitor log, each "
			 "charging its recorded RU (no item sizes: nothing "
			 "stored)",
			 fmt_thousands(f->monitor->pieces, a),
			 fmt_thousands(f->monitor->n_rows, b));
		return buf;
	}
	if (f) {
		uint64_t ops = r->n_variants
				   ? r->variants[0].metrics->totals.operations
				   : 0;
		uint64_t recs = r->items_created;

		len = fmt_append(buf, cap, 0, "%s creates (one per record)",
				 fmt_thousands(recs, a));
		if (f->n_queries == 0) {
			fmt_append(buf, cap, len,
				   ", creates only: no queries or reads");
			return buf;
		}
		len = fmt_append(buf, cap, len, " and %s queries:",
				 fmt_thousands(ops - recs, b));
		for (i = 0; i < f->n_queries; i++) {
			const struct pk_query_spec *q = &f->queries[i];

			len = fmt_append(buf, cap, len,
					 "%s %s = ? (%.1f%% of the operations)",
					 i ? ";" : "", q->name,
					 100.0 * q->weight);
		}
		return buf;
	}
	for (i = 0; i < r->sc->n_phases; i++) {
		for (k = 0; k < PK_OP_KINDS; k++) {
			any[k] |= r->sc->phases[i].mix[k] > 0;
		}
	}
	len = fmt_append(buf, cap, 0,
			 "the scenario's %zu phase%s:", r->sc->n_phases,
			 r->sc->n_phases == 1 ? "" : "s");
	for (k = 0, i = 0; k < PK_OP_KINDS; k++) {
		if (any[k]) {
			len = fmt_append(buf, cap, len, "%s %s", i++ ? "," : "",
					 kinds[k]);
		}
	}
	return buf;
}

/* The across-services clause on time to live, appended to buf at len:
   a container variant's default_ttl expires its items (rule 28) where a
   table keeps every item it is given, since pksim replays no DynamoDB
   TTL; the tables' storage, splits and days to full then count items
   the container no longer holds. Returns the new length. */
static size_t across_ttl(const struct pk_result *r, char *buf, size_t cap,
			 size_t len)
{
	const struct pk_container_spec *c = NULL;
	char d[PK_FMT_SPAN_BYTES];
	size_t i;

	for (i = 0; i < r->n_variants && !c; i++) {
		const struct pk_container_spec *s = r->variants[i].spec;

		if (!r->variants[i].ddb && s && s->default_ttl_s > 0) {
			c = s;
		}
	}
	if (!c) {
		return len;
	}
	return fmt_append(buf, cap, len,
			  "%sthe container's default_ttl (%s) expires its "
			  "items, but no table here expires any: pksim does "
			  "not replay DynamoDB's TTL, so a table's storage, "
			  "partitions and days to full count every item "
			  "written",
			  len ? "; " : "", fmt_seconds(c->default_ttl_s, d));
}

/* A compare across services whose client has `ru_budget`: what it
   spends on each service, after buf's len bytes; returns the new
   length */
static size_t across_budget(const struct pk_result *r, char *buf, size_t cap,
			    size_t len)
{
	const struct pk_scenario *sc = r->sc;
	size_t i;

	for (i = 0; i < sc->n_streams; i++) {
		if (sc->streams[i].client.ru_budget_per_s > 0) {
			break;
		}
	}
	if (i == sc->n_streams) {
		return len;
	}
	len = fmt_append(buf, cap, len,
			 "%sclient.ru_budget is spent in RU on a container "
			 "and in capacity units (WRU and RRU) on a table, so "
			 "one budget paces them to different operations a "
			 "second",
			 len ? "; " : "");
	if (money_compare_paced(r)) {
		len = fmt_append(buf, cap, len,
				 ": the cost a month prices each at the "
				 "phases' demand");
	}
	return len;
}

/* The use of its instant limit past which an on-demand table's
   throttles are the limit's (D12), not one partition's cap: 90 %, rule
   32's busy partition */
#define PK_SCORECARD_OD_LIMIT_USE 0.9

/* The side (0 reads, 1 writes) whose throttles on-demand table v's
   instant limit made (D12): v throttled, that side used at least
   PK_SCORECARD_OD_LIMIT_USE of the limit over the run, and none of its
   refusals was a configured maximum's or the account quota's, which
   do not grow with traffic; -1 otherwise (a provisioned table, another
   service's variant, or throttles of a hot partition's own cap) */
static int od_limit_side(const struct pk_result_variant *v)
{
	int k;

	if (!v->ddb || !v->ddb->on_demand ||
	    v->metrics->totals.throttled_429 == 0) {
		return -1;
	}
	for (k = 1; k >= 0; k--) {
		double u = k ? v->write_utilisation : v->read_utilisation;

		if (u >= PK_SCORECARD_OD_LIMIT_USE &&
		    findings_ddb_max_only(v, k) == 0 &&
		    findings_ddb_quota_only(v, k) == 0) {
			return k;
		}
	}
	return -1;
}

/* The across-services clause on an on-demand table throttled by its
   instant limit (od_limit_side): the limit it started at is a new
   table's (or its warm throughput, D13), and rises to twice the peak a
   lag after it (D12), so its failed share is the table's first minutes,
   where its cost a month is the warmed table's; a pre-warm, charged by
   AWS, is not priced. Appended to buf at len; returns the new length */
static size_t across_od_limit(const struct pk_result *r, char *buf, size_t cap,
			      size_t len)
{
	char sides[PK_DDB_SIDES_BYTES], lag[96], w[PK_FMT_BYTES],
	    rr[PK_FMT_BYTES];
	size_t i;
	int k;

	for (i = 0; i < r->n_variants; i++) {
		const struct pk_result_variant *v = &r->variants[i];
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(r->sc, v->spec);

		if ((k = od_limit_side(v)) < 0 && t && v->ddb &&
		    v->ddb->on_demand &&
		    (t->warm_wru > PK_DDB_OD_WARM_WRU ||
		     t->warm_rru > PK_DDB_OD_WARM_RRU)) {
			/* warmed past a new table's limit: served, but
			   its pre-warm is not in its cost a month */
			len = fmt_append(
			    buf, cap, len,
			    "%s%s is pre-warmed past a new on-demand "
			    "table's %s WRU and %s RRU a second (D13), "
			    "which AWS charges and pksim does not price "
			    "(pricing.md §4): its cost a month leaves the "
			    "pre-warm out",
			    len ? "; " : "", v->name,
			    fmt_thousands(PK_DDB_OD_WARM_WRU, w),
			    fmt_thousands(PK_DDB_OD_WARM_RRU, rr));
		}
		if (k < 0) {
			continue;
		}
		len = fmt_append(
		    buf, cap, len,
		    "%s%s's throttles are its on-demand %s instant limit's "
		    "(D12), %s at the start (a new table's, or its warm "
		    "throughput, D13), which rises to twice the table's "
		    "peak %s after it: the same table warmed by that much "
		    "past traffic, or pre-warmed (%s), serves this load, so "
		    "its share failed is a new table's while its cost a "
		    "month is the warmed table's, and warm throughput above "
		    "a new table's default is not priced (pricing.md §4)",
		    len ? "; " : "", v->name, k ? "write" : "read",
		    ddb_sides_start(v, sides, sizeof(sides)),
		    findings_ddb_peak_lag(r, v, lag, sizeof(lag)),
		    k ? "warm_write_units" : "warm_read_units");
	}
	return len;
}

const char *scorecard_across(const struct pk_result *r, char *buf, size_t cap)
{
	const struct pk_scenario *sc = r->sc;
	int tables = 0, containers = 0, creates = 0, batches = 0, reads = 0;
	size_t i, len = 0;
	char a[40];

	for (i = 0; i < r->n_variants; i++) {
		tables += r->variants[i].ddb != NULL;
		containers += r->variants[i].ddb == NULL;
	}
	for (i = 0; i < sc->n_phases; i++) {
		creates |= sc->phases[i].mix[PK_OP_CREATE] > 0;
		batches |= sc->phases[i].mix[PK_OP_BATCH] > 0;
		reads |= sc->phases[i].mix[PK_OP_READ] > 0;
	}
	if (tables == 0 || containers == 0) {
		return NULL;
	}
	buf[0] = 0;
	for (i = 0; creates && i < r->n_variants; i++) {
		const struct pk_result_variant *v = &r->variants[i];

		char b[40];

		/* said only of a table where a create replaced an item:
		   where every create's key is new, insert and PutItem
		   store the same items */
		if (v->ddb && v->ddb->creates_replaced > 0) {
			len = fmt_append(
			    buf, cap, len,
			    "%sa create is Azure Cosmos DB's insert (409 when "
			    "the item exists) but %s's PutItem, which replaces "
			    "an item of the same primary key (%s creates "
			    "replaced one; it ended holding %s item%s; a "
			    "conditional put is not replayed, so the share "
			    "of operations failed or refused leaves the "
			    "container's 409s out)",
			    len ? "; " : "", v->name,
			    fmt_thousands((int64_t)v->ddb->creates_replaced, b),
			    fmt_thousands(v->ddb->items, a),
			    v->ddb->items == 1 ? "" : "s");
		}
	}
	for (i = 0; batches && i < r->n_variants; i++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(sc, r->variants[i].spec);

		if (t && t->transact) {
			batches = 2; /* a table sends TransactWriteItems */
		}
	}
	if (batches == 2) {
		len = fmt_append(buf, cap, len,
				 "%sa transactional batch is a table's "
				 "TransactWriteItems (batches: "
				 "transact_write_items): all or nothing, 2 WCU "
				 "a KB",
				 len ? "; " : "");
	} else if (batches) {
		len = fmt_append(buf, cap, len,
				 "%sa transactional batch is a table's "
				 "BatchWriteItem: not atomic, 1 WCU a KB "
				 "(TransactWriteItems, all or nothing, "
				 "takes 2: batches: transact_write_items)",
				 len ? "; " : "");
	}
	for (i = 0; reads && i < r->n_variants; i++) {
		const struct pk_result_variant *v = &r->variants[i];
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(sc, v->spec);

		if (v->ddb && t && t->reads == PK_DDB_CONSISTENCY_EVENTUAL) {
			len = fmt_append(
			    buf, cap, len,
			    "%s%s reads eventually consistent (half a strong "
			    "read's RCU, D1; a read may not see a recent "
			    "write), where Azure Cosmos DB's default Session "
			    "consistency lets a client read its own writes: "
			    "read_consistency: strong is the table's like for "
			    "like",
			    len ? "; " : "", v->name);
		}
	}
	len = across_ttl(r, buf, cap, len);
	len = across_budget(r, buf, cap, len);
	len = across_od_limit(r, buf, cap, len);
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_result_variant *v = &r->variants[i];
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(sc, v->spec);

		if (v->ddb && t && t->retry_mode == PK_DDB_RETRY_CLIENT) {
			len = fmt_append(
			    buf, cap, len,
			    "%s%s retries its throttles by the scenario's "
			    "client: settings (retry_mode: client), not an "
			    "AWS SDK's (retry_mode: standard or legacy)",
			    len ? "; " : "", v->name);
		}
	}
	return len ? buf : NULL;
}

/* A compare across services ranks a card's refusals (s->refused, the
   share of operations failed or refused) without a container's 409s: a
   create is Azure Cosmos DB's insert, 409 when the container holds its
   (key, id), and a table's PutItem, which replaces the held item and
   succeeds, so counting them would rank insert against upsert, not the
   services. ASSUMPTION (the reference is silent on translating an
   insert): a migration's writer sends PutItem, not a put conditional on
   attribute_not_exists, which pksim does not replay. */
uint64_t scorecard_refused_shown(const struct pk_result *r,
				 const struct pk_scorecard *s)
{
	size_t i;

	if (!scenario_mixed_services(r->sc)) {
		return s->refused;
	}
	for (i = 0; i < r->n_variants; i++) {
		if (strcmp(r->variants[i].name, s->name) == 0) {
			return s->refused +
			       r->variants[i].metrics->totals.conflict_409;
		}
	}
	return s->refused;
}

void scorecard_fill(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_totals *t = &v->metrics->totals;

	memset(sc, 0, sizeof(*sc));
	sc->name = v->name;
	/* a monitor log's keys hold RU, not items: count those seen */
	sc->logical_partitions = r->sc->items_file && r->sc->items_file->monitor
				     ? v->lps_seen
				     : v->lps_live;
	sc->logical_partitions_asked = v->lps_seen;
	sc->lps_none = v->lps_none;
	hottest(v, sc);
	ranges(v, sc);
	sc->peak_normalized_ru = v->peak_normalized;
	sc->peak_range = v->peak_range;
	sc->requests = t->attempts;
	sc->throttled_429 = t->throttled_429;
	sc->failed_after_retries = t->failed_after_retries;
	sc->rejected_403 = t->rejected_403;
	/* across services the ranked refusals leave a container's 409s out
	   (scorecard_refused_shown) */
	sc->refused = t->bad_request_400 + t->too_large_413 +
		      (scenario_mixed_services(r->sc) ? 0 : t->conflict_409);
	scorecard_full(r, v, sc);
	sc->ru_offered = metrics_ru(t->offered_mru);
	for (size_t i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
		/* a table's global secondary indexes' writes are capacity
		   units of its operations too, on the indexes' own units
		   (D17): the units they admitted */
		sc->ru_offered += metrics_ru(v->ddb->indexes[i].used_mcu);
	}
	sc->queries_single = t->queries[PK_ROUTE_SINGLE];
	sc->queries_targeted = t->queries[PK_ROUTE_TARGETED];
	sc->fanout_queries = t->queries[PK_ROUTE_FANOUT];
	sc->fanout_ru = metrics_ru(t->fanout_mru);
	sc->splits = v->metrics->n_splits;
	sc->operations = t->operations;
	sc->log_caution = v->log_contradicts ? v->log_finding : NULL;
	sc->other_units = v->ddb != NULL;
	sc->on_demand = v->ddb != NULL && v->ddb->on_demand;
	if (v->bill.priced) {
		sc->priced = 1;
		/* the compare's one basis, so the ranking weighs like
		   with like */
		sc->cost_month = money_compare_month(r, &v->bill);
		snprintf(sc->cost_basis, sizeof(sc->cost_basis), "%s",
			 money_compare_basis(r, 1));
		snprintf(sc->currency, sizeof(sc->currency), "%s",
			 v->bill.throughput.pick.row->currency);
	}
}
/* With operations failed after retries, why a share of what was served
   reflects pksim's retry order more than the key (scenarios/README.md,
   the retry order: an ASSUMPTION): "N failed after retries, and which
   were served follows the retry order, an ASSUMPTION)" into buf. */
static const char *retry_order(const struct pk_scorecard *s, char *buf,
			       size_t cap)
{
	char a[32];

	snprintf(buf, cap,
		 "%s failed after retries, and which were served follows "
		 "pksim's retry order, an ASSUMPTION)",
		 fmt_thousands(s->failed_after_retries, a));
	return buf;
}

/* One logical partition takes most of the RU: capped at one range's
   RU/s, and full at the growth seen. */
static void hot_verdict(const struct pk_result *r,
			const struct pk_result_variant *v,
			struct pk_scorecard *s)
{
	char a[32], o[200], limited[96] = "", full[320] = "", t[160],
			    served[256] = "", days[40];

	if (s->throttled_429 > 0) {
		/* of the requests sent: with retries off, or operations
		   failing after them, a 429 is not followed by one more
		   request each */
		snprintf(limited, sizeof(limited),
			 "; %.1f%% of requests rate limited",
			 100.0 * ratio((double)s->throttled_429,
				       (double)s->requests));
	}
	if (s->full_kind == PK_FULL_DAYS && s->days_to_full > 0 &&
	    !s->full_collection) {
		/* the statement names the partition; here only when it is
		   another than the hottest */
		snprintf(
		    full, sizeof(full), "; %s%sfull in %s %s",
		    strcmp(s->full_key, s->hottest_key) ? s->full_key : "",
		    strcmp(s->full_key, s->hottest_key) ? " " : "",
		    scorecard_days_text(s->days_to_full, 1, days, sizeof(days)),
		    scorecard_full_basis(r, &s->runway, t, sizeof(t)));
	} else if (s->full_kind == PK_FULL_NOT_PROJECTED) {
		/* no figure: neither full soon nor safe */
		snprintf(full, sizeof(full), "; days to full not projected");
	}
	if (s->failed_after_retries > 0) {
		/* the RU served is the retry order's share (retry_order) */
		snprintf(served, sizeof(served),
			 " served (%.1f%% of the operations offered; %s",
			 100.0 * s->hottest_share_requests,
			 retry_order(s, o, sizeof(o)));
	}
	snprintf(s->verdict, sizeof(s->verdict),
		 "%s: one logical partition (%s) takes %.0f%% of the RU%s, "
		 "capped at one range's %s RU/s%s%s",
		 s->name, s->hottest_key, 100.0 * s->hottest_share_ru, served,
		 fmt_thousands(v->n_top_ru
				   ? result_lp_range_ru_per_s(v, &v->top_ru[0])
				   : (v->ranges[0].ru_per_s_mru + 500) / 1000,
			       a),
		 limited, full);
}

/* "; KEY full in DAYS (basis)" when the runway projects s's first
   logical partition full, "; days to full not projected" when it has no
   figure (neither full soon nor safe), else "" into buf: a verdict
   that does not name one hot partition names the runway all the same */
static const char *full_note(const struct pk_result *r,
			     const struct pk_scorecard *s, char *buf,
			     size_t cap)
{
	char days[40], t[160];

	buf[0] = '\0';
	if (s->full_kind == PK_FULL_DAYS && s->days_to_full > 0 &&
	    !s->full_collection) {
		snprintf(
		    buf, cap, "; %s full in %s %s", s->full_key,
		    scorecard_days_text(s->days_to_full, 1, days, sizeof(days)),
		    scorecard_full_basis(r, &s->runway, t, sizeof(t)));
	} else if (s->full_kind == PK_FULL_NOT_PROJECTED) {
		snprintf(buf, cap, "; days to full not projected");
	}
	return buf;
}

/* The spread, in numbers: "spreads the load" only under
   PK_SCORECARD_SPREAD (scorecard.h), with both shares either way, and
   the runway (full_note). */
static void spread_verdict(const struct pk_result *r, struct pk_scorecard *s)
{
	char a[32], b[32], fan[128] = "", full[320];
	double even = s->n_ranges ? 1.0 / (double)s->n_ranges : 1.0;

	if (s->fanout_queries > 0) {
		snprintf(fan, sizeof(fan),
			 "; %s queries fan out to every range (%s RU)",
			 fmt_thousands(s->fanout_queries, a),
			 fmt_thousands(llround(s->fanout_ru), b));
	}
	if (s->hottest_range_share_ru <= PK_SCORECARD_SPREAD * even + 1e-9 &&
	    s->lps_none) {
		/* a service that keeps no logical partitions (item
		   collections): its partitions alone */
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: spreads the load over its %zu partition%s: the "
			 "hottest (%u) took %.1f%% of the units served "
			 "(even: %.1f%%); peak normalized consumption %.0f%%",
			 s->name, s->n_ranges, s->n_ranges == 1 ? "" : "s",
			 s->hottest_range, 100.0 * s->hottest_range_share_ru,
			 100.0 * even, 100.0 * s->peak_normalized_ru);
		return;
	}
	if (s->hottest_range_share_ru <= PK_SCORECARD_SPREAD * even + 1e-9) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: spreads the load over %s logical partitions: "
			 "the hottest range (%u) took %.1f%% of the RU "
			 "(even: %.1f%% of %zu), the hottest logical partition "
			 "%.1f%%; peak normalized RU consumption %.0f%%%s%s",
			 s->name, fmt_thousands(s->logical_partitions, a),
			 s->hottest_range, 100.0 * s->hottest_range_share_ru,
			 100.0 * even, s->n_ranges, 100.0 * s->hottest_share_ru,
			 100.0 * s->peak_normalized_ru, fan,
			 full_note(r, s, full, sizeof(full)));
		return;
	}
	if (s->lps_none) {
		/* a table: its partitions and capacity units; its item
		   collections are not kept, so no hottest key is named */
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: uneven: partition %u took %.1f%% of the "
			 "capacity units served (even: %.1f%% of %zu "
			 "partitions); peak normalized consumption %.0f%%",
			 s->name, s->hottest_range,
			 100.0 * s->hottest_range_share_ru, 100.0 * even,
			 s->n_ranges, 100.0 * s->peak_normalized_ru);
		return;
	}
	snprintf(s->verdict, sizeof(s->verdict),
		 "%s: uneven: range %u took %.1f%% of the RU (even: %.1f%% of "
		 "%zu ranges); the container's hottest logical partition (%s, "
		 "range %u) %.1f%%; peak normalized RU consumption %.0f%%%s%s",
		 s->name, s->hottest_range, 100.0 * s->hottest_range_share_ru,
		 100.0 * even, s->n_ranges,
		 s->have_hottest ? s->hottest_key : "-", s->hottest_lp_range,
		 100.0 * s->hottest_share_ru, 100.0 * s->peak_normalized_ru,
		 fan, full_note(r, s, full, sizeof(full)));
}

/* The plain sentence: the figure that hurts this variant most. */
static void verdict(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *s)
{
	char a[32], b[32];

	if (s->refused > 0 && s->refused * 2 >= s->operations) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: %s of %s operations were refused (400, 409 or "
			 "413): the key values or items break the service's "
			 "rules",
			 s->name, fmt_thousands(s->refused, a),
			 fmt_thousands(s->operations, b));
	} else if (s->rejected_403 > 0) {
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: a logical partition reached its %s limit; %s "
			 "writes failed with 403",
			 s->name,
			 v->cosmos ? fmt_bytes(v->spec->lp_storage_bytes, a)
				   : "storage",
			 fmt_thousands(s->rejected_403, b));
	} else if (s->have_hottest &&
		   s->hottest_share_ru >= PK_SCORECARD_HOT_SHARE) {
		hot_verdict(r, v, s);
	} else if (s->worst_range_429_rate > PK_SCORECARD_HEALTHY_429) {
		char c[32], fan[128] = "";

		if (s->fanout_queries > 0) {
			snprintf(fan, sizeof(fan),
				 "; %s queries fanned out to every range "
				 "(%s RU)",
				 fmt_thousands(s->fanout_queries, b),
				 fmt_thousands(llround(s->fanout_ru), c));
		}
		char bucket[160] = "";

		if (s->worst_range_3212 > 0) {
			/* rule 31: not the range short of RU/s */
			snprintf(bucket, sizeof(bucket),
				 " (%s of them 429/3212, a throughput "
				 "bucket's cap while the range had room)",
				 fmt_thousands(s->worst_range_3212, c));
		}
		snprintf(s->verdict, sizeof(s->verdict),
			 "%s: %s %u %s %.1f%% of its requests%s%s; "
			 "%s operation%s failed after retries%s",
			 s->name, v->ddb ? "partition" : "range",
			 s->worst_range,
			 v->ddb		       ? "throttled"
			 : s->worst_range_3212 ? "answered"
					       : "rate-limited",
			 100.0 * s->worst_range_429_rate,
			 s->worst_range_3212 ? " with 429" : "", bucket,
			 fmt_thousands(s->failed_after_retries, a),
			 s->failed_after_retries == 1 ? "" : "s", fan);
	} else {
		spread_verdict(r, s);
	}
	if (od_limit_side(v) >= 0) {
		size_t n = strlen(s->verdict);

		/* the cause is the table's, not one partition's (D12) */
		snprintf(s->verdict + n, sizeof(s->verdict) - n,
			 " (a new on-demand table's instant limit, D12, which "
			 "past traffic or a pre-warm raises: see across "
			 "services)");
	}
}

struct pk_scorecard *scorecard_all(const struct pk_result *r)
{
	struct pk_scorecard *cards = xcalloc(r->n_variants, sizeof(*cards));
	struct pk_scorecard **order = xcalloc(r->n_variants, sizeof(*order));
	size_t i;

	for (i = 0; i < r->n_variants; i++) {
		scorecard_fill(r, &r->variants[i], &cards[i]);
		verdict(r, &r->variants[i], &cards[i]);
		order[i] = &cards[i];
	}
	scorecard_rank_cards(order, r->n_variants, r->sc->rank_by);
	free(order);
	return cards;
}
