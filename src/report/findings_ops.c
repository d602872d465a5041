/*
 * findings_ops: the operations' answers in plain words (findings_ops.h).
 */
#include "findings_ops.h"

#include "findings_ddb.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/report/report_streams.h"
#include "pksim/service/snapshot.h"

/* D3: an index partition takes at most 1,000 WCU a second, mCU */
#define INDEX_PART_CAP_MCU 1000000.0

char *findings_failed(const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[32], who[512] = "";
	size_t i, len = 0;

	if (t->failed_after_retries == 0) {
		return NULL;
	}
	/* with streams, whose operations they were (each stream's own
	   client and retry policy): every stream with one, in file order */
	for (i = 0; v->n_streams > 1 && i < v->n_streams; i++) {
		const struct pk_result_stream *rs = &v->streams[i];

		if (rs->all.failed_429 > 0) {
			len = fmt_append(who, sizeof(who), len, "%s%s: %s",
					 len ? ", stream " : " (stream ",
					 rs->name,
					 fmt_thousands(rs->all.failed_429, a));
		}
	}
	if (len) {
		fmt_append(who, sizeof(who), len, ")");
	}
	return xasprintf(
	    "%s operation%s (%.2f%%) failed after the client's "
	    "retries%s: the application sees these %s",
	    fmt_thousands(t->failed_after_retries, a),
	    t->failed_after_retries == 1 ? "" : "s",
	    100.0 * (double)t->failed_after_retries / (double)t->operations,
	    who, v->throttle_name ? "throttles (HTTP 400)" : "429s");
}

/* The throttle reasons a DynamoDB table gives a global secondary
   index's refusal (D14, A-REASON; ddb_gsi.c names them "KIND (index
   NAME)") */
#define INDEX_KEY_RANGE "IndexWriteKeyRangeThroughputExceeded (index "
#define INDEX_PROVISIONED "IndexWriteProvisionedThroughputExceeded (index "
#define INDEX_ACCOUNT "IndexWriteAccountLimitExceeded (index "

/* v's global index name (its length len), NULL when none */
static const struct pk_ddb_index *index_named(const struct pk_result_variant *v,
					      const char *name, int len)
{
	const struct pk_snapshot_ddb *x = v->ddb;
	size_t k;

	for (k = 0; x && k < x->n_indexes; k++) {
		if (strncmp(x->indexes[k].name, name, (size_t)len) == 0 &&
		    x->indexes[k].name[len] == '\0') {
			return &x->indexes[k];
		}
	}
	return NULL;
}

/* An on-demand table's index throttles (D12, D13, D17): reason x, of
   index name (len), key_range its KeyRange reason (else AccountLimit),
   at_cap whether a partition was asked its 1,000 WRU */
static char *od_index_throttles(const struct pk_throttle_reason *x,
				const char *name, int len, int key_range,
				int at_cap, const char *lag)
{
	char a[32];

	if (!key_range) {
		return xasprintf(
		    "%s write attempt%s throttled by global secondary index "
		    "%.*s (IndexWriteAccountLimitExceeded) and not stored: "
		    "its writes passed the per-table quota (40,000 WRU a "
		    "second by default, adjustable; table_quota_units, "
		    "reference §7)",
		    fmt_thousands((int64_t)x->count, a),
		    x->count == 1 ? " was" : "s were", len, name);
	}
	if (at_cap) {
		return xasprintf(
		    "%s write attempt%s throttled by global secondary index "
		    "%.*s (IndexWriteKeyRangeThroughputExceeded) and not "
		    "stored, though the table had room: one of the index's "
		    "partitions was past its 1,000 WRU a second, on demand "
		    "too (D3, D17). When one value of the index's key asks "
		    "that much, it stays on one partition, so neither on "
		    "demand's scaling nor warm throughput helps and an index "
		    "key with more values does (reference §12, example E5); "
		    "when several values share the partition, each under "
		    "the cap, DynamoDB would split it for heat after "
		    "minutes of sustained heat (D7), which pksim does not "
		    "replay on an index (ASSUMPTION, docs/dynamodb.md): then "
		    "these throttles are an upper bound, those of a "
		    "partition never split",
		    fmt_thousands((int64_t)x->count, a),
		    x->count == 1 ? " was" : "s were", len, name);
	}
	return xasprintf(
	    "%s write attempt%s throttled by global secondary index %.*s "
	    "(IndexWriteKeyRangeThroughputExceeded) and not stored, though "
	    "the table had room: the index's writes passed its own "
	    "on-demand instant limit, twice its peak of %s before "
	    "and at least its warm throughput (D12, D13; a new index's "
	    "4,000 WRU a second, ASSUMPTION): warm the index "
	    "(warm_write_units) or spread the growth over %s",
	    fmt_thousands((int64_t)x->count, a),
	    x->count == 1 ? " was" : "s were", len, name, lag, lag);
}

/* The write units a second index partition's record r was asked, its
   refused writes at the mean units of its admitted ones, mCU; of a
   minute (seconds 60) its mean second */
static double index_asked(const struct pk_ddb_index_time *r, double seconds)
{
	uint64_t admitted = r->writes - r->throttled;

	if (admitted == 0) {
		return 0;
	}
	return (double)r->used_mcu * (double)r->writes / (double)admitted /
	       seconds;
}

/* 1 when some partition of v's global index name (its length len) was
   asked its 1,000 WCU cap or more in a second (D3), its refused writes
   at the mean units of its admitted ones (per-second rows; without them,
   a minute's mean second, or a second that admitted the cap): a value
   past the cap; 0 when every one was asked less, so its refusals were of
   its share (D5) */
static int index_at_cap(const struct pk_result_variant *v, const char *name,
			int len)
{
	const struct pk_snapshot_ddb *x = v->ddb;
	const double cap = INDEX_PART_CAP_MCU;
	size_t k, j;

	for (k = 0; x && k < x->n_indexes; k++) {
		const struct pk_ddb_index *ix = &x->indexes[k];

		if (strncmp(ix->name, name, (size_t)len) != 0 ||
		    ix->name[len] != '\0') {
			continue;
		}
		for (j = 0; j < ix->n_seconds; j++) {
			if (index_asked(&ix->seconds[j], 1) >= cap) {
				return 1;
			}
		}
		for (j = 0; ix->n_seconds == 0 && j < ix->n_minutes; j++) {
			if (index_asked(&ix->minutes[j], 60) >= cap ||
			    (double)ix->minutes[j].peak_used_mcu >= cap) {
				return 1;
			}
		}
		return 0;
	}
	return 1;
}

char *findings_index_throttles(const struct pk_result *r,
			       const struct pk_result_variant *v, size_t i)
{
	const struct pk_throttle_reason *x = &v->reasons[i];
	size_t kr = strlen(INDEX_KEY_RANGE), pr = strlen(INDEX_PROVISIONED);
	size_t ar = strlen(INDEX_ACCOUNT);
	int key_range = strncmp(x->name, INDEX_KEY_RANGE, kr) == 0;
	int account = strncmp(x->name, INDEX_ACCOUNT, ar) == 0;
	const struct pk_ddb_index *ix;
	const char *name;
	char a[32];
	int len;

	if (x->count == 0 || (!key_range && !account &&
			      strncmp(x->name, INDEX_PROVISIONED, pr) != 0)) {
		return NULL;
	}
	name = x->name + (key_range ? kr : account ? ar : pr);
	len = (int)strlen(name) - 1; /* without the closing bracket */
	ix = index_named(v, name, len);
	if (ix && ix->on_demand) {
		char lag[96];

		return od_index_throttles(
		    x, name, len, key_range,
		    key_range && index_at_cap(v, name, len),
		    findings_ddb_peak_lag(r, v, lag, sizeof(lag)));
	}
	if (key_range && !index_at_cap(v, name, len)) {
		/* no partition of the index was asked its cap: each refusal
		   was of a partition's share, which more units or adaptive
		   capacity raise */
		return xasprintf(
		    "%s write attempt%s throttled by global secondary "
		    "index %.*s (IndexWriteKeyRangeThroughputExceeded) and "
		    "not stored, though the table's partitions had room: "
		    "one of the index's partitions was asked past its share "
		    "of the index's write units (D5), under its 1,000 WCU "
		    "a second (D3, D17): more index write units (a larger "
		    "share, or more partitions, D4) or adaptive capacity "
		    "(D10: instant lends the others' unused share) take it "
		    "with the same index key",
		    fmt_thousands((int64_t)x->count, a),
		    x->count == 1 ? " was" : "s were", len, name);
	}
	if (key_range) {
		return xasprintf(
		    "%s write attempt%s throttled by global secondary "
		    "index %.*s (IndexWriteKeyRangeThroughputExceeded) and "
		    "not stored, though the table's partitions had room: "
		    "one of the index's partitions was past its 1,000 WCU a "
		    "second (D3, D17). When one value of the index's key "
		    "asks that much, it stays on one partition, so more "
		    "units on the table or the index do not help and an "
		    "index key with more values does (reference §12, "
		    "example E5); when several values share the partition, "
		    "each under the cap, more index write units (more "
		    "partitions, D4) would separate them, and DynamoDB "
		    "would split the partition for heat after minutes of "
		    "sustained heat (D7), which pksim does not replay on an "
		    "index (ASSUMPTION, docs/dynamodb.md): then these "
		    "throttles are an upper bound, those of a partition "
		    "never split",
		    fmt_thousands((int64_t)x->count, a),
		    x->count == 1 ? " was" : "s were", len, name);
	}
	return xasprintf("%s write attempt%s throttled by global "
			 "secondary index %.*s "
			 "(IndexWriteProvisionedThroughputExceeded) and not "
			 "stored: the index's provisioned write units were "
			 "spent; give the index at least the table's write "
			 "capacity (reference §12, D17)",
			 fmt_thousands((int64_t)x->count, a),
			 x->count == 1 ? " was" : "s were", len, name);
}

/* The smallest `spanning` of sc's phases that send batches of more
   than one item, or 1 when none does: below 1, some batches' items copy
   the first item's drawn values (scenarios/README.md "Transactional
   batches"), its key values on a table keyed on drawn properties. */
static double batch_copies(const struct pk_scenario *sc)
{
	double least = 1;
	size_t i;

	for (i = 0; sc && i < sc->n_phases; i++) {
		const struct pk_phase_spec *ph = &sc->phases[i];

		if (ph->mix[PK_OP_BATCH] > 0 && ph->batch_size > 1 &&
		    ph->batch_spanning < least) {
			least = ph->batch_spanning;
		}
	}
	return least;
}

/* DynamoDB's 400s: ValidationException, for an item over 400 KB (D2),
   a TransactWriteItems whose items total over 4 MB (said only when one
   was) or a key value the table refuses (not a string or number,
   empty, a partition key over 2,048 bytes or a sort key over 1,024);
   the BatchWriteItems naming one key twice say why
   when sc's batches copy their first item's values */
static char *ddb_refused(const struct pk_scenario *sc,
			 const struct pk_totals *t)
{
	char a[32], b[32], c[32], e[32];
	char f[32], g[32], why[160] = "", tx[200] = "";
	uint64_t other = t->bad_request_400 - t->ddb_too_large_400 -
			 t->ddb_lsi_400 - t->ddb_dup_400 - t->ddb_tx_large_400;
	double span = batch_copies(sc);

	if (t->ddb_dup_400 > 0 && span < 1) {
		snprintf(why, sizeof(why),
			 "; the batch's items copy the first item's key "
			 "values (spanning: %g); give spanning: 1 for "
			 "independent items",
			 span);
	}
	if (t->ddb_tx_large_400 > 0) {
		snprintf(tx, sizeof(tx),
			 "%s TransactWriteItems whose items total over 4 MB "
			 "(ValidationException: DynamoDB's most for one "
			 "transaction; nothing written, no units consumed), ",
			 fmt_thousands(t->ddb_tx_large_400, g));
	}

	return xasprintf("%s request%s refused with 400: %s with an item "
			 "over DynamoDB's 400 KB (D2, ValidationException), "
			 "%s by a local secondary index (D18: its item "
			 "collection at 10 GB, "
			 "ItemCollectionSizeLimitExceededException, or the "
			 "item with its projections over 400 KB), %s "
			 "BatchWriteItems naming one primary key twice "
			 "(ValidationException: each refused whole, nothing "
			 "written%s), %s%s with a key value the table "
			 "refuses (not a string or number, empty, a "
			 "partition key over 2,048 bytes or a sort key over "
			 "1,024)",
			 fmt_thousands(t->bad_request_400, a),
			 t->bad_request_400 == 1 ? " was" : "s were",
			 fmt_thousands(t->ddb_too_large_400, b),
			 fmt_thousands(t->ddb_lsi_400, e),
			 fmt_thousands(t->ddb_dup_400, f), why, tx,
			 fmt_thousands(other, c));
}

char *findings_refused(const struct pk_scenario *sc,
		       const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[32], b[32], d[32], e[32], why[256];
	uint64_t other = t->bad_request_400 - t->bad_ttl_400;

	if (t->bad_request_400 + t->too_large_413 + t->conflict_409 == 0) {
		return NULL;
	}
	if (v->ddb) {
		return ddb_refused(sc, t);
	}
	/* the 400s per cause: an item ttl (rule 28), then the client's
	   check of key and id and a changed key */
	snprintf(why, sizeof(why), "%s%s%s%s%s",
		 t->bad_ttl_400 ? fmt_thousands(t->bad_ttl_400, e) : "",
		 t->bad_ttl_400 ? " for an item ttl that is not -1 or 1 .. "
				  "2,147,483,647 s (rule 28)"
				: "",
		 t->bad_ttl_400 && other ? "; " : "",
		 t->bad_ttl_400 && other ? fmt_thousands(other, d) : "",
		 other || !t->bad_ttl_400
		     ? t->bad_ttl_400
			   ? " for the key value (an object or array "
			     "or over 2,048 bytes), a bad id, or a "
			     "changed key"
			   : "the key value is an object or array "
			     "or over 2,048 bytes, a bad id, or a "
			     "changed key"
		     : "");
	return xasprintf("%s requests were refused with 400 (%s), %s with "
			 "413 (over 2 MiB) and %s with 409 (an id its logical "
			 "partition holds)",
			 fmt_thousands(t->bad_request_400, a), why,
			 fmt_thousands(t->too_large_413, b),
			 fmt_thousands(t->conflict_409, d));
}

char *findings_batches_refused(const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[32];

	if (t->batches_rejected_400 == 0 || v->ddb) {
		/* a table's BatchWriteItems refused whole are among its
		   400s' causes (ddb_refused) */
		return NULL;
	}
	/* reference §3: a batch stays inside one logical partition */
	return xasprintf("%s of the 400s were transactional batches whose "
			 "items span logical partitions: a batch must stay "
			 "inside one, so each was refused whole",
			 fmt_thousands(t->batches_rejected_400, a));
}

/* "for N its create had failed (...)" and the like, appended to buf
   (len > 0 bytes so far) after "; " unless buf ends in a space; returns
   the new length. */
static size_t cause(char *buf, size_t cap, size_t len, uint64_t n,
		    const char *why)
{
	char a[32];

	if (n == 0) {
		return len;
	}
	return fmt_append(buf, cap, len, "%sfor %s %s",
			  buf[len - 1] == ' ' ? "" : "; ", fmt_thousands(n, a),
			  why);
}

char *findings_not_found(const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	uint64_t lost = t->not_found_lost, expired = t->not_found_expired;
	uint64_t waiting = t->not_found_404 - lost - expired;
	char a[32], why[768] = "";
	size_t len = 0;

	if (t->not_found_404 == 0) {
		return NULL;
	}
	if (waiting == t->not_found_404 &&
	    t->failed_after_retries + t->rejected_403 + t->bad_request_400 +
		    t->too_large_413 + t->conflict_409 ==
		0) {
		/* no create failed and none expired: targets are drawn
		   among stored items at the first send (targets.h), so
		   the item was deleted by a delete sent while this
		   operation waited to be retried */
		snprintf(why, sizeof(why),
			 "in this container a delete sent while it waited "
			 "for a retry had deleted it first (the "
			 "application's own race); no operation failed");
	} else if (lost == t->not_found_404) {
		snprintf(why, sizeof(why),
			 "in this container its create failed (rate limited "
			 "past the retries, or refused)");
	} else if (expired == t->not_found_404) {
		snprintf(why, sizeof(why),
			 "in this container it had expired (time to live, "
			 "rule 28: gone for requests at once)");
	} else {
		/* the causes apart, each counted: a 404 is told by its
		   item's state when it was answered */
		len = fmt_append(why, sizeof(why), 0, "in this container ");
		len = cause(why, sizeof(why), len, lost,
			    "its create had failed (rate limited past the "
			    "retries, or refused)");
		len = cause(why, sizeof(why), len, expired,
			    "it had expired (time to live, rule 28: gone for "
			    "requests at once)");
		cause(why, sizeof(why), len, waiting,
		      "a delete sent while it waited for a retry had "
		      "deleted it first");
	}
	return xasprintf("%s %s found no item (404): "
			 "the workload had created it, but %s",
			 fmt_thousands(t->not_found_404, a),
			 t->not_found_404 == 1 ? "read, replace or delete"
					       : "reads, replaces or deletes",
			 why);
}

char *findings_ttl_ignored(const struct pk_result *r,
			   const struct pk_result_variant *v)
{
	const struct pk_prop_spec *p;

	/* rule 28 is Azure Cosmos DB's: another service's time to live
	   is its own (metrics ttl_on) */
	if (v->metrics->ttl_on || !v->cosmos || !r->sc ||
	    !(p = scenario_find_prop(r->sc, "/ttl"))) {
		return NULL;
	}
	return xasprintf("the items carry a ttl (line %d) but the container "
			 "has no default_ttl: the service ignores an item's "
			 "ttl unless the container's time to live is on "
			 "(rule 28), so nothing expired; set default_ttl: -1 "
			 "to expire only items with a ttl of their own, or a "
			 "duration to expire the others too",
			 p->line);
}

/* The kinds of v's operations not sent (pk_result_variant.not_sent_kind)
   into buf, as "read, delete": those that need a target (targets.h). */
static size_t target_kinds(const struct pk_result_variant *v, char *buf,
			   size_t cap, size_t len)
{
	static const int kinds[] = {PK_OP_READ, PK_OP_UPSERT, PK_OP_REPLACE,
				    PK_OP_DELETE, PK_OP_QUERY};
	size_t i, n = 0;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (v->not_sent_kind[kinds[i]] > 0) {
			len = fmt_append(buf, cap, len, "%s%s", n++ ? ", " : "",
					 report_stream_kind_name(kinds[i]));
		}
	}
	return len;
}

char *findings_not_sent(const struct pk_result *r,
			const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	uint64_t n = t->not_sent_no_target;
	char a[32], b[32], c[32], share[32], who[512] = "", why[256];
	double pct;
	size_t i, len = 0;
	int k;

	if (n == 0) {
		return NULL;
	}
	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream *rs = &v->streams[i];
		int first = 1;

		if (rs->all.not_sent == 0) {
			continue;
		}
		len = fmt_append(who, sizeof(who), len,
				 "%sstream %s:", len ? "; " : "", rs->name);
		for (k = 0; k < PK_OP_KINDS; k++) {
			if (rs->kind[k].not_sent > 0) {
				len = fmt_append(
				    who, sizeof(who), len, "%s %s %s",
				    first ? "" : ",",
				    report_stream_kind_name(k),
				    fmt_thousands(rs->kind[k].not_sent, a));
				first = 0;
			}
		}
	}
	if (v->n_streams == 0) {
		len = fmt_append(who, sizeof(who), 0, "of kinds ");
		target_kinds(v, who, sizeof(who), len);
	}
	/* none written yet, or every one written gone by the send */
	if (v->not_sent_emptied == 0) {
		snprintf(why, sizeof(why),
			 "none was written yet when %s "
			 "arrived",
			 n == 1 ? "it" : "they");
	} else if (v->not_sent_emptied == n) {
		snprintf(why, sizeof(why),
			 "every item written had been "
			 "deleted or replaced when %s came to be sent",
			 n == 1 ? "it" : "they");
	} else {
		snprintf(why, sizeof(why),
			 "none was written yet when %s of "
			 "them arrived, and every item written had been "
			 "deleted or replaced when the other %s came to be "
			 "sent",
			 fmt_thousands(n - v->not_sent_emptied, b),
			 fmt_thousands(v->not_sent_emptied, c));
	}
	pct = 100.0 * (double)n / (double)(t->operations + n);
	if (pct < 0.01) {
		snprintf(share, sizeof(share), "under 0.01%%");
	} else {
		snprintf(share, sizeof(share), "%.2f%%", pct);
	}
	return xasprintf(
	    "%s operation%s (%s of those that arrived) %s not sent "
	    "(%s): each targets an item this %s has written, drawn "
	    "at its send, and %s%s; these figures leave %s out",
	    fmt_thousands(n, a), n == 1 ? "" : "s", share,
	    n == 1 ? "was" : "were", who, v->ddb ? "table" : "container", why,
	    v->preload_items > 0 ? " (preloaded items, preload:, are never "
				   "targets)"
	    : t->operations == 0 ? " (nothing was written: give a create "
				   "phase or stream before them)"
				 : "",
	    n == 1 ? "it" : "them");
}
