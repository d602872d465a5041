/*
 * report_text: the terminal report. Layout, top to bottom: what ran
 * (report_text_summary.c), the totals, the physical partitions at the end, the
 * hottest logical partitions, splits and throughput changes, a timeline, the
 * findings.
 */
#include "pksim/report/report_text.h"
#include "pksim/load/monitor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "pksim/load/scenario_client.h"
#include "pksim/report/ddb_index.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/report/findings.h"
#include "pksim/report/heatstrip.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/report/money.h"
#include "pksim/report/remedies.h"
#include "pksim/report/report_streams.h"
#include "pksim/report/scorecard.h"
#include "pksim/report/textwrap.h"
#include "pksim/service/snapshot.h"

#include "report_notes.h"
#include "report_text_int.h"

/* RU with thousands separators and one decimal when not whole (rounded
   to a tenth: 5,999.95 RU -> 6,000); a negative figure (none should
   reach a report) keeps its sign in front, never inside the fraction
   (-1.5, not -1.-5) */
int text_ru_fraction(int64_t mru)
{
	return (mru + 50) / 100 % 10 != 0;
}

const char *text_ru_col(int64_t mru, int tenths, char *buf)
{
	char whole[32];
	unsigned long long m =
	    mru < 0 ? 0ULL - (unsigned long long)mru : (unsigned long long)mru;
	unsigned long long t = m / 100 + (m % 100 >= 50);

	if (!tenths) {
		return text_ru(mru, buf);
	}
	fmt_thousands((int64_t)(t / 10), whole);
	snprintf(buf, 40, "%s%s.%llu", mru < 0 && t > 0 ? "-" : "", whole,
		 t % 10);
	return buf;
}

const char *text_ru(int64_t mru, char *buf)
{
	char whole[32];
	/* magnitude in unsigned: -INT64_MIN does not fit int64_t */
	unsigned long long m =
	    mru < 0 ? 0ULL - (unsigned long long)mru : (unsigned long long)mru;
	unsigned long long tenths = m / 100 + (m % 100 >= 50);

	fmt_thousands((int64_t)(tenths / 10), whole);
	snprintf(buf, 40, "%s%s", mru < 0 && tenths > 0 ? "-" : "", whole);
	if (tenths % 10 != 0) {
		snprintf(buf + strlen(buf), 40 - strlen(buf), ".%llu",
			 tenths % 10);
	}
	return buf;
}

const char *text_epk_cut(struct pk_epk e, int digits, char *buf)
{
	char full[PK_EPK_HEX_MAX];

	epk_format(&e, full);
	if (strlen(full) <= 2) {
		snprintf(buf, PK_TEXT_EPK_BYTES, "\"%s\"", full);
	} else if (digits > 0 && strlen(full) > (size_t)digits) {
		snprintf(buf, PK_TEXT_EPK_BYTES, "%.*s..", digits, full);
	} else {
		snprintf(buf, PK_TEXT_EPK_BYTES, "%s", full);
	}
	return buf;
}

/* Hex digits two EPKs share at the start. */
static int common_digits(struct pk_epk a, struct pk_epk b)
{
	char x[PK_EPK_HEX_MAX], y[PK_EPK_HEX_MAX];
	int n = 0;

	epk_format(&a, x);
	epk_format(&b, y);
	if (strcmp(x, y) == 0) {
		return 0;
	}
	while (x[n] && x[n] == y[n]) {
		n++;
	}
	return n;
}

int text_epk_digits(const struct pk_result_variant *v, int wide)
{
	const struct pk_metrics *m = v->metrics;
	int d = PK_TEXT_EPK_DIGITS, c;
	size_t i;

	if (wide) {
		return 0;
	}
	/* neighbours at the end: each range's min against its max, which
	   is the next range's min */
	for (i = 0; i < v->n_ranges; i++) {
		c = common_digits(v->ranges[i].min, v->ranges[i].max) + 1;
		d = c > d ? c : d;
	}
	for (i = 0; i < m->n_splits; i++) {
		c = common_digits(m->splits[i].min[0], m->splits[i].max[0]) + 1;
		d = c > d ? c : d;
		c = common_digits(m->splits[i].min[1], m->splits[i].max[1]) + 1;
		d = c > d ? c : d;
	}
	return d;
}

/* p50 and p99 of the retry waits of the operations that succeeded */
static void retry_latency(const struct pk_result_variant *v, FILE *out)
{
	int64_t p50 = v->wait_p50_ms;
	int64_t p99 = v->wait_p99_ms;

	if (p50 < 0) {
		fprintf(out, "  retry wait (succeeded)   - (no operation "
			     "succeeded)\n");
		return;
	}
	fprintf(out,
		"  retry wait (succeeded)   p50 %lld ms, p99 %lld ms "
		"(per operation that succeeded, the time it waited "
		"in all before its retries)\n",
		(long long)p50, (long long)p99);
}

static void totals(const struct pk_result_variant *v, int batches,
		   const char *cl_stream, FILE *out)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[40], b[40], c[40];
	size_t i;

	fprintf(out, "\ntotals\n");
	fprintf(out,
		"  operations offered       %s (first attempts: the "
		"demand)\n",
		fmt_thousands(t->operations, a));
	if (t->not_sent_no_target > 0) {
		fprintf(out,
			"  operations not sent      %s (no item %s to "
			"target)\n",
			fmt_thousands(t->not_sent_no_target, a),
			v->not_sent_emptied > 0 ? "stored" : "written yet");
	}
	fprintf(out,
		"  retries                  %s (attempts after an "
		"operation's first, after %s)\n",
		fmt_thousands(t->retries, a),
		v->cosmos ? "a 429 or 410" : "a throttle (HTTP 400)");
	fprintf(out,
		"  requests sent            %s (first attempts and "
		"retries)\n",
		fmt_thousands(t->attempts, a));
	fprintf(out, "  succeeded                %s\n",
		fmt_thousands(t->succeeded, a));
	if (v->throttle_name && v->ddb && v->ddb->tx_canceled > 0) {
		/* a canceled transaction is a throttle under another name
		   (ddb_batch.c) */
		fprintf(out,
			"  throttled                %s service-side "
			"responses (%s; %s of them TransactWriteItems "
			"answered TransactionCanceledException)\n",
			fmt_thousands(t->throttled_429 - t->throttled_3212, a),
			v->throttle_name,
			fmt_thousands(v->ddb->tx_canceled, b));
	} else if (v->throttle_name) {
		fprintf(out,
			"  throttled                %s service-side "
			"responses (%s)\n",
			fmt_thousands(t->throttled_429 - t->throttled_3212, a),
			v->throttle_name);
	} else {
		fprintf(out,
			"  rate limited (429/3200)  %s service-side "
			"responses\n",
			fmt_thousands(t->throttled_429 - t->throttled_3212, a));
	}
	if (t->throttled_3212 > 0 ||
	    (v->cosmos && scenario_has_buckets(v->spec))) {
		fprintf(out,
			"  rate limited (429/3212)  %s past a throughput "
			"bucket's cap\n",
			fmt_thousands(t->throttled_3212, a));
	}
	if (t->throttled_low_429 > 0) {
		fprintf(out, "  ... to Low priority     %s of the 429s\n",
			fmt_thousands(t->throttled_low_429, a));
	}
	for (i = 0; i < v->n_reasons; i++) {
		if (v->reasons[i].count == 0) {
			continue;
		}
		fprintf(out, "  ... events by reason     %s %s\n",
			fmt_thousands(v->reasons[i].count, a),
			v->reasons[i].name);
	}
	fprintf(out, "  failed after retries     %s operations\n",
		fmt_thousands(t->failed_after_retries, a));
	retry_latency(v, out);
	if (v->last_answer_ms > 0) {
		char r[PK_FMT_BYTES];

		fprintf(out,
			"  achieved (succeeded/s)   %s (closed loop%s%s: "
			"%s succeeded of %s answered, %.3f s to %.3f s)\n",
			fmt_decimal(v->achieved_ops_per_s, r),
			cl_stream ? ", " : "", cl_stream ? cl_stream : "",
			fmt_thousands(v->succeeded, b),
			fmt_thousands(v->answered, a),
			(double)v->first_ms / 1000.0,
			(double)v->last_answer_ms / 1000.0);
	}
	if ((v->cosmos && v->spec->split_gone_ms > 0) || t->gone_410 > 0) {
		fprintf(out,
			"  gone (410/1007)          %s responses while "
			"ranges completed a split or merge\n",
			fmt_thousands(t->gone_410, a));
		fprintf(out, "  failed after 410 retries %s operations\n",
			fmt_thousands(t->failed_after_410, a));
	}
	if (!v->ddb) {
		/* Azure Cosmos DB's full logical partition; DynamoDB has
		   no such answer */
		fprintf(out, "  rejected (403/1014)      %s\n",
			fmt_thousands(t->rejected_403, a));
	}
	if (v->custom_policy && v->effective_ru_per_s < v->ru_per_s) {
		char u[40], w[40];

		fprintf(out,
			"  custom throughput policy %s of %s RU/s usable "
			"(%s unusable: a partition holds at most %s)\n",
			fmt_thousands(v->effective_ru_per_s, a),
			fmt_thousands(v->ru_per_s, b),
			fmt_thousands(v->ru_per_s - v->effective_ru_per_s, u),
			fmt_thousands(v->spec->pp_ru_per_s, w));
	}
	if (v->serverless || t->container_full_403 > 0) {
		fprintf(out,
			"  container full (403)     %s (serverless "
			"container at 1 TiB)\n",
			fmt_thousands(t->container_full_403, a));
	}
	fprintf(out, "  not found (404)          %s\n",
		fmt_thousands(t->not_found_404, a));
	if (t->bad_request_400 > 0 && v->ddb) {
		/* DynamoDB's ValidationException: an item over 400 KB (D2)
		   or a key value it refuses */
		char lsi[32];

		char dup[32];
		char tx[32];

		fprintf(out,
			"  bad request (400)        %s (%s with an item over "
			"400 KB, D2; %s by a local secondary index, D18; %s "
			"BatchWriteItems naming one key twice%s%s%s%s)\n",
			fmt_thousands(t->bad_request_400, a),
			fmt_thousands(t->ddb_too_large_400, b),
			fmt_thousands(t->ddb_lsi_400, lsi),
			fmt_thousands(t->ddb_dup_400, dup),
			t->ddb_tx_large_400 > 0 ? "; " : "",
			t->ddb_tx_large_400 > 0
			    ? fmt_thousands(t->ddb_tx_large_400, tx)
			    : "",
			t->ddb_tx_large_400 > 0
			    ? " TransactWriteItems whose items total over "
			      "4 MB"
			    : "",
			t->bad_request_400 >
				t->ddb_too_large_400 + t->ddb_lsi_400 +
				    t->ddb_dup_400 + t->ddb_tx_large_400
			    ? "; the rest a key value the table refuses"
			    : "");
	} else if (t->bad_request_400 > 0 && t->bad_ttl_400 > 0) {
		/* per cause (rule 28's ttl, then the rest) */
		fprintf(out,
			"  bad request (400)        %s (%s an item ttl not -1 "
			"or 1 .. 2,147,483,647 s%s)\n",
			fmt_thousands(t->bad_request_400, a),
			fmt_thousands(t->bad_ttl_400, b),
			t->bad_request_400 > t->bad_ttl_400
			    ? "; the rest an invalid key value or id, or a "
			      "changed key"
			    : "");
	} else if (t->bad_request_400 > 0) {
		fprintf(out,
			"  bad request (400)        %s (invalid key value "
			"or id, or a changed key)\n",
			fmt_thousands(t->bad_request_400, a));
	}
	if (t->too_large_413 > 0) {
		fprintf(out,
			"  too large (413)          %s (items over 2 MiB)\n",
			fmt_thousands(t->too_large_413, a));
	}
	if (t->conflict_409 > 0) {
		fprintf(out, "  conflict (409)           %s\n",
			fmt_thousands(t->conflict_409, a));
	}
	if (batches && v->ddb && v->ddb->transact) {
		char d[40], e[40], g[40];

		/* TransactWriteItems: all or nothing; a canceled attempt
		   is a throttle, retried whole (ddb_batch.c) */
		fprintf(out,
			"  TransactWriteItems       %s answered: %s "
			"committed (%s items), %s refused whole (400 "
			"ValidationException: a key DynamoDB refuses, one "
			"item twice, an item over 400 KB, or items over 4 MB "
			"in all)\n",
			fmt_thousands(t->batches, a),
			fmt_thousands(t->batches_committed, b),
			fmt_thousands(t->batch_items, d),
			fmt_thousands(t->batches_rejected_400, e));
		if (v->ddb->tx_canceled > 0) {
			fprintf(out,
				"  ... canceled             %s attempts "
				"answered TransactionCanceledException (HTTP "
				"400), CancellationReasons ThrottlingError for "
				"%s items (on the partition that could not "
				"take them), None for %s\n",
				fmt_thousands(v->ddb->tx_canceled, a),
				fmt_thousands(v->ddb->tx_cancel_items[0], d),
				fmt_thousands(v->ddb->tx_cancel_items[1], g));
		}
	} else if (batches && v->ddb) {
		char d[40], e[40], g[40];

		/* BatchWriteItem: no transaction; refused whole for an
		   invalid or repeated key or an item over 400 KB; each
		   item admitted on its own, the throttled ones resent */
		fprintf(out,
			"  BatchWriteItem           %s answered: %s "
			"written, %s partly (%s items written; the rest "
			"returned as UnprocessedItems), %s refused whole (400: "
			"a key DynamoDB refuses, one item twice, or an item "
			"over 400 KB)\n",
			fmt_thousands(t->batches, a),
			fmt_thousands(t->batches_committed, b),
			fmt_thousands(t->ddb_batches_partial, g),
			fmt_thousands(t->batch_items, d),
			fmt_thousands(t->batches_rejected_400, e));
	} else if (batches) {
		char d[40], e[40];

		fprintf(out,
			"  transactional batches    %s answered: %s "
			"committed (%s items), %s rejected whole (400: "
			"items in more than one logical partition)\n",
			fmt_thousands(t->batches, a),
			fmt_thousands(t->batches_committed, b),
			fmt_thousands(t->batch_items, d),
			fmt_thousands(t->batches_rejected_400, e));
	}
	if (v->ddb) {
		ddb_sides_text(v, out);
	} else {
		fprintf(out,
			"  %-24s %s of %s offered and %s "
			"retried (%.1f%% of provisioned RU over the run%s)\n",
			"RU consumed", text_ru(t->ru_mru, a),
			text_ru(t->offered_mru, b), text_ru(t->retry_mru, c),
			100.0 * v->utilisation,
			/* printed above 100.0 */
			100.0 * v->utilisation >= 100.05
			    ? ": more than it was provisioned, by burst "
			      "capacity or by a request charged more than "
			      "its second's RU left, whose charge is carried "
			      "into the next seconds, past the run's end if "
			      "it is large"
			    : "");
	}
	if (v->lps_none) {
		fprintf(out, "  logical partitions       none: the service "
			     "keeps none (item collections not kept)\n");
	} else {
		fprintf(out,
			"  logical partitions       %s holding items (%s "
			"seen)\n",
			fmt_thousands(v->lps_live, a),
			fmt_thousands(v->lps_seen, b));
	}
	fprintf(out, "  storage                  %s\n",
		fmt_bytes(v->storage_bytes, a));
	if (v->ddb && v->ddb->creates_replaced > 0) {
		/* a PutItem of a held primary key replaces the item
		   (reference §1): the creates succeeded, the items did not
		   add up */
		fprintf(out,
			"  creates replaced         %s (PutItem replaces an "
			"item of the same primary key: the table holds %s "
			"item%s; give sort_key to keep every one)\n",
			fmt_thousands((int64_t)v->ddb->creates_replaced, a),
			fmt_thousands((int64_t)v->ddb->items, b),
			v->ddb->items == 1 ? "" : "s");
	}
}

/* Per query `name` (phase/name when more than one phase has queries):
   its route under this key, served count, ranges visited a query, RU in
   all and a query, 429s (text_query_cells). Names are never cut: the
   column fits the longest. */
struct query_ctx {
	FILE *out;
	int w; /* the label column's width */
};

static void query_row(const struct text_query_row *q, void *ctx)
{
	const struct query_ctx *x = ctx;

	fprintf(x->out, "  %-*s %-16s %10s %13s %12s %10s %10s\n", x->w,
		q->label, q->cells[0], q->cells[1], q->cells[2], q->cells[3],
		q->cells[4], q->cells[5]);
}

static void query_table(const struct pk_result_variant *v, FILE *out)
{
	struct query_ctx x = {out, 5};
	size_t i;

	for (i = 0; i < v->n_queries; i++) {
		char *l = text_query_label(v, i);

		x.w = (int)strlen(l) > x.w ? (int)strlen(l) : x.w;
		free(l);
	}
	const char *const *h = v->ddb ? text_query_heads_ddb : text_query_heads;

	fprintf(out, "  by query (%s of the served ones):\n",
		v->ddb ? "read units" : "RU");
	fprintf(out, "  %-*s %-16s %10s %13s %12s %10s %10s\n", x.w, "query",
		h[0], h[1], h[2], h[3], h[4], h[5]);
	text_query_rows(v, 1, query_row, &x);
}

void text_key_queries(const struct pk_result_variant *v, FILE *out)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[40], b[40], d[40], e[40], f[40];

	if (t->key_queries == 0) {
		return;
	}
	if (v->ddb) {
		fprintf(out,
			"\nreads by a random-suffix key asked each of its %s "
			"values (rule 38)\n  %s reads found their item, each "
			"sent as a GetItem per value on the value's partition "
			"(the item's own at its size, each other one a read "
			"of an item that does not exist: 1 RCU strong, 0.5 "
			"eventual): %s read units for them\n",
			fmt_thousands(t->key_values, d),
			fmt_thousands(t->key_queries, a),
			text_ru(t->key_query_mru, b));
		return;
	}
	fprintf(out,
		"\nreads by a random-suffix key became queries over its %s "
		"values (rule 38)\n",
		fmt_thousands(t->key_values, d));
	if (t->key_fanouts == 0) {
		fprintf(out,
			"  %s point requests (read, replace, delete, upsert) "
			"sent as an IN list to the ranges holding the values: "
			"%s RU for those queries\n",
			fmt_thousands(t->key_queries, a),
			text_ru(t->key_query_mru, b));
		return;
	}
	fprintf(out,
		"  %s point requests (read, replace, delete, upsert): %s as "
		"an IN list to the ranges holding the values, %s as a fan-out "
		"query to every range (suffix_reads: fan_out, or a list past "
		"%s values): %s RU for those queries\n",
		fmt_thousands(t->key_queries, a),
		fmt_thousands(t->key_queries - t->key_fanouts, e),
		fmt_thousands(t->key_fanouts, f), fmt_thousands(4096, d),
		text_ru(t->key_query_mru, b));
}

static void queries(const struct pk_result_variant *v, FILE *out)
{
	const struct pk_totals *t = &v->metrics->totals;
	uint64_t n = t->queries[PK_ROUTE_SINGLE] +
		     t->queries[PK_ROUTE_TARGETED] +
		     t->queries[PK_ROUTE_FANOUT];
	char a[40], b[40], d[40];

	text_key_queries(v, out);
	if (n == 0) {
		return;
	}
	if (v->ddb) {
		/* a table's Query and Scan (ddb_query.c) */
		fprintf(out, "\nqueries (served)\n");
		fprintf(out,
			"  Query                    %s (one partition key "
			"value's item collection)\n",
			fmt_thousands(t->queries[PK_ROUTE_SINGLE], a));
		fprintf(out,
			"  Query per IN value       %s (an IN list on the key: "
			"one Query a distinct key value)\n",
			fmt_thousands(t->queries[PK_ROUTE_TARGETED], a));
		fprintf(out,
			"  Scan                     %s (every partition), %s "
			"read units\n",
			fmt_thousands(t->queries[PK_ROUTE_FANOUT], a),
			text_ru(t->fanout_mru, b));
		fprintf(out, "  partitions read          %s, %.2f a query\n",
			fmt_thousands(t->query_ranges, d),
			(double)t->query_ranges / (double)n);
		query_table(v, out);
		return;
	}
	fprintf(out, "\nqueries (served)\n");
	fprintf(out, "  single partition         %s (the full key)\n",
		fmt_thousands(t->queries[PK_ROUTE_SINGLE], a));
	fprintf(out,
		"  targeted                 %s (a key prefix or IN list)\n",
		fmt_thousands(t->queries[PK_ROUTE_TARGETED], a));
	fprintf(out, "  fan-out                  %s (every range), %s RU\n",
		fmt_thousands(t->queries[PK_ROUTE_FANOUT], a),
		text_ru(t->fanout_mru, b));
	fprintf(out, "  ranges visited           %s, %.2f a query\n",
		fmt_thousands(t->query_ranges, d),
		(double)t->query_ranges / (double)n);
	query_table(v, out);
}

/* Where a range at the end came from: "creation", "split of 3 at
   t=50s", "a merge". */
static const char *since(const struct pk_result_range *p, char *buf)
{
	if (p->parent != PK_RESULT_NO_RANGE) {
		snprintf(buf, 48, "split of %u at t=%llds", p->parent,
			 (long long)p->born_s);
	} else if (p->born_s < 0) {
		snprintf(buf, 48, "a merge");
	} else {
		snprintf(buf, 48, "creation");
	}
	return buf;
}

/* The ranges split or merged away, with their figures until then: the
   history of the ranges at the end. */
static void gone_ranges(const struct pk_result_variant *v, FILE *out)
{
	char a[40], b[40], when[48];
	size_t i, n = 0;

	for (i = 0; i < v->n_lineage; i++) {
		const struct pk_result_lineage *l = &v->lineage[i];
		double peak = l->id < v->metrics->n_ranges
				  ? v->metrics->ranges[l->id].peak_normalized
				  : 0.0;

		if (l->split_s < 0 && !l->merged_away) {
			continue;
		}
		if (n++ == 0) {
			/* a table's partitions never merge (D8) */
			fprintf(out, "  %s away (figures until then):\n",
				v->ddb ? "partitions split"
				       : "ranges split or merged");
			fprintf(out, "  %-5s %-26s %7s %7s %12s %10s\n",
				v->ddb ? "part." : "range", "until", "peak",
				"p99", "requests",
				v->ddb ? "throttled" : "429s");
		}
		if (l->split_s >= 0) {
			snprintf(when, sizeof(when), "t=%llds, into %u and %u",
				 (long long)l->split_s, l->children[0],
				 l->children[1]);
		} else {
			snprintf(when, sizeof(when), "a merge");
		}
		fprintf(out, "  %-5u %-26s %6.1f%% %6d%% %12s %10s\n", l->id,
			when, 100.0 * peak,
			l->nru_p99_pct < 0 ? 0 : l->nru_p99_pct,
			fmt_thousands(l->requests, a),
			fmt_thousands(l->throttled_429, b));
	}
}

/* A range's logical partitions as the table prints them: digits alone */
static const char *lp_count(uint64_t n, char *buf)
{
	snprintf(buf, PK_FMT_BYTES, "%llu", (unsigned long long)n);
	return buf;
}

static void partitions(const struct pk_result_variant *v, int digits, FILE *out)
{
	char a[40], b[40], d[40], e[40], lo[PK_TEXT_EPK_BYTES],
	    hi[PK_TEXT_EPK_BYTES], st[32], org[48], lp[PK_FMT_BYTES];
	size_t i;
	int w = 12, frac = 0;

	for (i = 0; i < v->n_ranges; i++) {
		frac |= text_ru_fraction(v->ranges[i].ru_per_s_mru);
	}
	for (i = 0; i < v->n_ranges; i++) {
		int n = (int)strlen(text_epk_cut(v->ranges[i].min, digits, lo));
		int x = (int)strlen(text_epk_cut(v->ranges[i].max, digits, hi));

		w = n > w ? n : w;
		w = x > w ? x : w;
	}
	if (digits > 0) {
		fprintf(out,
			"\n%s at the end (%s ranges "
			"shortened to %d hex digits, enough to tell them "
			"apart; --wide or the JSON report has them "
			"whole)\n",
			v->cosmos ? "physical partitions" : "partitions",
			v->cosmos ? "EPK" : "hash", digits);
	} else {
		fprintf(out, "\n%s at the end\n",
			v->cosmos ? "physical partitions" : "partitions");
	}
	fprintf(out,
		"  %-5s %-*s %-*s %9s %10s %9s %7s %12s %10s %10s "
		"%7s  %s\n",
		v->ddb ? "part." : "range", w, "min", w, "max", "logical",
		"storage", v->cosmos ? "RU/s" : "units/s", "peak", "offered",
		"retries", v->cosmos ? "429s" : "throttled",
		v->cosmos ? "429 %" : "thr %", "since");
	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *p = &v->ranges[i];

		fprintf(out,
			"  %-5u %-*s %-*s %9s %10s %9s %6.1f%% %12s "
			"%10s %10s %6.2f%%  %s\n",
			p->id, w, text_epk_cut(p->min, digits, lo), w,
			text_epk_cut(p->max, digits, hi),
			/* a service that keeps none: not a count of 0 */
			v->lps_none ? "-" : lp_count(p->logical_partitions, lp),
			fmt_bytes(p->storage_bytes, st),
			text_ru_col(p->ru_per_s_mru, frac, a),
			100.0 * p->peak_normalized,
			fmt_thousands(p->requests - p->retries, b),
			fmt_thousands(p->retries, e),
			fmt_thousands(p->throttled_429, d),
			p->requests ? 100.0 * (double)p->throttled_429 /
					  (double)p->requests
				    : 0.0,
			since(p, org));
	}
	fprintf(out,
		"  (peak = highest normalized %s consumption in any "
		"second; offered = first attempts; %s of all attempts; "
		"each row covers its %s's life, from \"since\")\n",
		v->cosmos ? "RU" : "unit",
		v->cosmos ? "429 % = 429s" : "thr % = throttled (HTTP 400)",
		v->ddb ? "partition" : "range");
	gone_ranges(v, out);
}

static void hot_lps(const struct pk_result_variant *v, int by_storage,
		    FILE *out)
{
	const struct pk_result_lp *top =
	    by_storage ? v->top_storage : v->top_ru;
	size_t n = by_storage ? v->n_top_storage : v->n_top_ru, i;
	uint64_t storage = v->storage_bytes;
	int64_t total = v->metrics->totals.ru_mru;
	char key[PK_TEXT_KEY_BYTES], a[40], b[40], c[40], st[32];
	int w = PK_TEXT_KEY_COL, frac = 0;

	for (i = 0; i < n; i++) {
		frac |= text_ru_fraction(top[i].ru_mru);
	}
	/* the key column as wide as the longest key: a key is never cut */
	for (i = 0; i < n; i++) {
		int len;

		result_key_text(v, top[i].key, top[i].key_len, key,
				sizeof(key));
		len = (int)text_columns(key, strlen(key));
		w = len > w ? len : w;
	}
	fprintf(out, "\nhottest logical partitions by %s\n",
		by_storage ? "storage" : "RU");
	fprintf(out, "  %-*s %12s %7s %10s %7s %10s %10s %6s\n", w, "key", "RU",
		"RU %", "storage", "stor %", "offered", "retries", "range");
	for (i = 0; i < n; i++) {
		const struct pk_result_lp *lp = &top[i];

		result_key_text(v, lp->key, lp->key_len, key, sizeof(key));
		fputs("  ", out);
		text_pad(out, key, (size_t)w);
		fprintf(
		    out, " %12s %6.2f%% %10s %6.2f%% %10s %10s %6u\n",
		    text_ru_col(lp->ru_mru, frac, a),
		    total ? 100.0 * (double)lp->ru_mru / (double)total : 0.0,
		    fmt_bytes(lp->storage_bytes, st),
		    storage
			? 100.0 * (double)lp->storage_bytes / (double)storage
			: 0.0,
		    fmt_thousands(lp->requests - lp->retries, b),
		    fmt_thousands(lp->retries, c), v->ranges[lp->range].id);
	}
	if (n == 0) {
		fprintf(out, "  (none)\n");
	}
}

int report_text(const struct pk_result *r, FILE *out)
{
	return report_text_wide(r, 0, out);
}

int report_text_wide(const struct pk_result *r, int wide, FILE *out)
{
	return report_text_styled(r, wide, 0, 0, out);
}

int report_text_styled(const struct pk_result *r, int wide, int colour,
		       size_t width, FILE *out)
{
	size_t vi, i, n;
	char cl[PK_TEXT_CLOSED_LOOP_BYTES];

	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];
		char **f;

		if (r->n_variants > 1) {
			fprintf(out, "%s== variant %zu of %zu: %s ==\n",
				vi ? "\n" : "", vi + 1, r->n_variants, v->name);
		}
		text_summary(r, v, out);
		totals(v, r->sends_batches,
		       text_closed_loop_streams(r->sc, cl, sizeof(cl)), out);
		report_streams_text(v, out);
		queries(v, out);
		partitions(v, text_epk_digits(v, wide), out);
		ddb_index_text(v, out);
		if (v->lps_none) {
			fprintf(out, "\nhottest logical partitions\n  (none: "
				     "the service keeps no logical "
				     "partitions; item collections not "
				     "kept)\n");
		} else {
			hot_lps(v, 0, out);
		}
		if (v->lps_none) {
			/* said above */
		} else if (r->sc->items_file && r->sc->items_file->monitor) {
			fprintf(out, "\nhottest logical partitions by "
				     "storage\n  (none: the monitor log "
				     "records no item sizes)\n");
		} else {
			hot_lps(v, 1, out);
		}
		text_events(v, text_epk_digits(v, wide), out);
		text_ttl(r, v, out);
		text_cfeed(r, v, out);
		text_billing(v, out);
		text_fleet(v, out);
		money_text(r, v, r->sc->pricing.explain, out);
		text_timeline(v, out);
		text_cloudwatch(v, out);
		ddb_index_cloudwatch_text(v, out);
		heatstrip_text(v, colour, width, out);
		f = findings_make(r, v, &n);
		fprintf(out, "\nfindings\n");
		for (i = 0; i < n; i++) {
			fprintf(out, "  - %s\n", f[i]);
			free(f[i]);
		}
		free(f);
		remedies_text(r, v, width, out);
	}
	return ferror(out) ? -1 : 0;
}
