/*
 * report_json: the run as one JSON document, built with jansson so that
 * escaping and number syntax are a library's job. Documented in
 * docs/report-json.md.
 */
#include "pksim/report/report_json.h"
#include "pksim/report/report_streams.h"
#include "report_json_int.h"
#include "report_notes.h"
#include "report_text_int.h"

#include <jansson.h>
#include <stdlib.h>

#include "pksim/base/decimal.h"
#include "pksim/load/monitor.h"
#include "pksim/report/findings.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/service/snapshot.h"

/* Numbers with at most 16 significant digits: exact for RU sums to 10^13
   with 3 decimals, no binary noise (0.30000000000000004) */
#define PK_JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(16))

static json_t *ru(int64_t mru)
{
	return json_real(metrics_ru(mru));
}

static json_t *count(uint64_t v)
{
	return json_integer((json_int_t)v);
}

/* A count of v's logical partitions: null when its service keeps none
   (Amazon DynamoDB's item collections), never a 0 that reads as none
   written */
static json_t *lps_count(const struct pk_result_variant *v, uint64_t n)
{
	return v->lps_none ? json_null() : count(n);
}

static json_t *epk_json(struct pk_epk e)
{
	char buf[PK_EPK_HEX_MAX];

	epk_format(&e, buf);
	return json_string(buf);
}

json_t *report_json_number(const struct pk_value *v)
{
	struct pk_decimal d;
	int64_t x;

	if (v->str) {
		decimal_of_value(v, &d);
		if (decimal_int64(&d, &x)) {
			return json_integer((json_int_t)x);
		}
	}
	return json_real(v->num);
}

/* the key as its own JSON value: "dev-0042", 17, true, null; the undefined
   value (no such property) is null too, key_undefined: true beside it */
static json_t *key_json(const struct pk_result_variant *k,
			const struct pk_result_lp *lp)
{
	struct pk_value v;
	char text[PK_VALUE_MAX_BYTES * 2];
	json_t *j;

	if (result_key_single(k, lp->key, lp->key_len, &v)) {
		/* hierarchical: an array of the levels ({} undefined) */
		result_key_json(k, lp->key, lp->key_len, text, sizeof(text));
		j = json_loads(text, JSON_DECODE_ANY, NULL);
		return j ? j : json_string(text);
	}
	switch (v.type) {
	case PK_VALUE_STRING:
		return json_stringn(v.str, v.len);
	case PK_VALUE_NUMBER:
		return report_json_number(&v);
	case PK_VALUE_BOOL:
		return json_boolean(v.boolean);
	default:
		return json_null();
	}
}

static json_t *range_id(uint32_t id)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", id);
	return json_string(buf);
}

/* a retry-wait percentile in ms, or null when no operation succeeded */
static json_t *percentile(int64_t w)
{
	return w < 0 ? json_null() : json_integer(w);
}

int report_json_split_429(const struct pk_scenario *sc,
			  const struct pk_result_variant *v)
{
	return scenario_any_classes(sc) || scenario_has_buckets(v->spec);
}

const char *report_json_route(enum pk_route_kind route)
{
	static const char *const routes[] = {"single", "targeted", "fanout"};

	return (size_t)route < 3 ? routes[route] : "?";
}

const char *report_json_request(enum pk_route_kind route)
{
	static const char *const requests[] = {"Query", "Query per value",
					       "Scan"};

	return (size_t)route < 3 ? requests[route] : "?";
}

/* A table's canceled TransactWriteItems' items by the code of their
   CancellationReasons entry (ddb_batch.c) */
static json_t *cancellation_reasons(const struct pk_snapshot_ddb *x)
{
	static const char *const codes[2] = {"ThrottlingError", "None"};
	json_t *a = json_array();
	int k;

	for (k = 0; k < 2; k++) {
		json_t *e = json_object();

		json_object_set_new(e, "code", json_string(codes[k]));
		json_object_set_new(e, "items", count(x->tx_cancel_items[k]));
		json_array_append_new(a, e);
	}
	return a;
}

static json_t *totals(const struct pk_result_variant *v, int batches,
		      int split_429)
{
	const struct pk_totals *t = &v->metrics->totals;
	json_t *o = json_object();

	json_object_set_new(o, "operations", count(t->operations));
	json_object_set_new(o, "operations_not_sent",
			    count(t->not_sent_no_target));
	json_object_set_new(o, "requests", count(t->attempts));
	json_object_set_new(o, "retries", count(t->retries));
	json_object_set_new(o, "succeeded", count(t->succeeded));
	json_object_set_new(o, "throttled_429", count(t->throttled_429));
	if (split_429) {
		json_object_set_new(o, "throttled_3212",
				    count(t->throttled_3212));
		json_object_set_new(o, "throttled_low_429",
				    count(t->throttled_low_429));
	}
	if (v->n_reasons > 0) {
		/* only for a service that gives reasons: other reports stay
		   as they were */
		json_t *r = json_array();
		size_t i;

		for (i = 0; i < v->n_reasons; i++) {
			json_t *e = json_object();

			json_object_set_new(e, "reason",
					    json_string(v->reasons[i].name));
			json_object_set_new(e, "count",
					    count(v->reasons[i].count));
			json_array_append_new(r, e);
		}
		json_object_set_new(o, "throttled_by_reason", r);
	}
	json_object_set_new(o, "failed_after_retries",
			    count(t->failed_after_retries));
	json_object_set_new(o, "rejected_403", count(t->rejected_403));
	json_object_set_new(o, "not_found_404", count(t->not_found_404));
	json_object_set_new(o, "conflict_409", count(t->conflict_409));
	json_object_set_new(o, "bad_request_400", count(t->bad_request_400));
	json_object_set_new(o, "too_large_413", count(t->too_large_413));
	if (batches) {
		/* only with batches: reports of runs without them stay as
		   they were */
		json_object_set_new(o, "batches", count(t->batches));
		json_object_set_new(o, "batches_committed",
				    count(t->batches_committed));
		json_object_set_new(o, "batches_rejected",
				    count(t->batches_rejected_400));
		json_object_set_new(o, "batch_items", count(t->batch_items));
		if (v->ddb) {
			json_object_set_new(o, "batches_partial",
					    count(t->ddb_batches_partial));
		}
		if (v->ddb && v->ddb->transact) {
			json_object_set_new(o, "transactions_canceled",
					    count(v->ddb->tx_canceled));
			json_object_set_new(o, "cancellation_reasons",
					    cancellation_reasons(v->ddb));
		}
	}
	if (t->key_values > 0) {
		/* only with a random part in the key (rule 38): other
		   reports stay as they were */
		json_object_set_new(o, "key_values", count(t->key_values));
		json_object_set_new(o, "reads_as_queries",
				    count(t->key_queries));
		json_object_set_new(o, "reads_as_fanout_queries",
				    count(t->key_fanouts));
		json_object_set_new(o, "reads_as_queries_ru",
				    ru(t->key_query_mru));
	}
	json_object_set_new(o, "ru_consumed", ru(t->ru_mru));
	json_object_set_new(o, "ru_offered", ru(t->offered_mru));
	json_object_set_new(o, "ru_retried", ru(t->retry_mru));
	json_object_set_new(o, "retry_wait_ms", count(t->retry_wait_ms));
	json_object_set_new(o, "retry_wait_p50_ms", percentile(v->wait_p50_ms));
	json_object_set_new(o, "retry_wait_p99_ms", percentile(v->wait_p99_ms));
	if (v->last_answer_ms > 0) {
		/* only with client.concurrency: open-loop reports stay as
		   they were */
		json_object_set_new(o, "last_answer_ms",
				    json_integer(v->last_answer_ms));
		json_object_set_new(o, "first_ms", json_integer(v->first_ms));
		json_object_set_new(o, "achieved_succeeded_per_s",
				    json_real(v->achieved_ops_per_s));
	}
	json_object_set_new(o, "gone_410", count(t->gone_410));
	json_object_set_new(o, "failed_after_410", count(t->failed_after_410));
	json_object_set_new(o, "container_full_403",
			    count(t->container_full_403));
	json_object_set_new(o, "utilisation", json_real(v->utilisation));
	if (v->ddb) {
		json_object_set_new(o, "read_utilisation",
				    json_real(v->read_utilisation));
		json_object_set_new(o, "write_utilisation",
				    json_real(v->write_utilisation));
	}
	json_object_set_new(o, "logical_partitions", lps_count(v, v->lps_live));
	json_object_set_new(o, "logical_partitions_seen",
			    lps_count(v, v->lps_seen));
	json_object_set_new(o, "storage_bytes", count(v->storage_bytes));
	return o;
}

/* ... a table's (Amazon DynamoDB's words: its requests, partitions and
   read units, ddb_query.c) */
static json_t *by_query_ddb(const struct pk_result_query *q)
{
	json_t *o = json_object();

	json_object_set_new(o, "name", json_string(q->name));
	json_object_set_new(o, "phase",
			    q->phase ? json_string(q->phase) : json_null());
	json_object_set_new(o, "request",
			    q->sent ? json_string(report_json_request(q->route))
				    : json_null());
	json_object_set_new(o, "served", count(q->served));
	json_object_set_new(o, "throttled", count(q->throttled_429));
	json_object_set_new(o, "partitions_read", count(q->ranges_visited));
	json_object_set_new(o, "read_units", ru(q->ru_mru));
	json_object_set_new(
	    o, "read_units_mean",
	    json_real(q->served ? metrics_ru(q->ru_mru) / (double)q->served
				: 0.0));
	return o;
}

/* Per query of the scenario: its name, route under this key and cost. */
static json_t *by_query(const struct pk_result_variant *v)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < v->n_queries; i++) {
		const struct pk_result_query *q = &v->queries[i];
		json_t *o;

		if (v->ddb) {
			json_array_append_new(a, by_query_ddb(q));
			continue;
		}
		o = json_object();
		json_object_set_new(o, "name", json_string(q->name));
		json_object_set_new(
		    o, "phase", q->phase ? json_string(q->phase) : json_null());
		json_object_set_new(
		    o, "route",
		    q->sent ? json_string(report_json_route(q->route))
			    : json_null());
		json_object_set_new(o, "served", count(q->served));
		json_object_set_new(o, "throttled_429",
				    count(q->throttled_429));
		json_object_set_new(o, "ranges_visited",
				    count(q->ranges_visited));
		json_object_set_new(o, "ru", ru(q->ru_mru));
		json_object_set_new(
		    o, "ru_mean",
		    json_real(q->served
				  ? metrics_ru(q->ru_mru) / (double)q->served
				  : 0.0));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *queries(const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	json_t *o = json_object();

	if (v->ddb) {
		/* a table's requests (ddb_query.c), in DynamoDB's words */
		json_object_set_new(o, "query",
				    count(t->queries[PK_ROUTE_SINGLE]));
		json_object_set_new(o, "query_per_value",
				    count(t->queries[PK_ROUTE_TARGETED]));
		json_object_set_new(o, "scan",
				    count(t->queries[PK_ROUTE_FANOUT]));
		json_object_set_new(o, "partitions_read",
				    count(t->query_ranges));
		json_object_set_new(o, "scan_read_units", ru(t->fanout_mru));
		json_object_set_new(o, "by_query", by_query(v));
		return o;
	}
	json_object_set_new(o, "single", count(t->queries[PK_ROUTE_SINGLE]));
	json_object_set_new(o, "targeted",
			    count(t->queries[PK_ROUTE_TARGETED]));
	json_object_set_new(o, "fanout", count(t->queries[PK_ROUTE_FANOUT]));
	json_object_set_new(o, "ranges_visited", count(t->query_ranges));
	json_object_set_new(o, "fanout_ru", ru(t->fanout_mru));
	json_object_set_new(o, "by_query", by_query(v));
	return o;
}

static json_t *partitions(const struct pk_result_variant *v)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *p = &v->ranges[i];
		const struct pk_result_lineage *l;
		json_t *o = json_object();

		json_object_set_new(o, "id", range_id(p->id));
		json_object_set_new(o, "min", epk_json(p->min));
		json_object_set_new(o, "max", epk_json(p->max));
		json_object_set_new(o, "ru_per_s", ru(p->ru_per_s_mru));
		json_object_set_new(o, "storage_bytes",
				    count(p->storage_bytes));
		json_object_set_new(o, "logical_partitions",
				    lps_count(v, p->logical_partitions));
		json_object_set_new(o, "peak_normalized_ru",
				    json_real(p->peak_normalized));
		json_object_set_new(o, "parent",
				    p->parent == PK_RESULT_NO_RANGE
					? json_null()
					: range_id(p->parent));
		json_object_set_new(o, "created_s",
				    p->born_s < 0 ? json_null()
						  : json_integer(p->born_s));
		l = result_lineage(v, p->id);
		json_object_set_new(o, "p99_normalized_ru",
				    l && l->nru_p99_pct >= 0
					? json_real(l->nru_p99_pct / 100.0)
					: json_null());
		json_object_set_new(o, "throttled_429",
				    count(p->throttled_429));
		json_object_set_new(o, "requests", count(p->requests));
		json_object_set_new(o, "retries", count(p->retries));
		json_object_set_new(o, "ru_consumed", ru(p->ru_mru));
		if (v->metrics->ttl_on) {
			json_object_set_new(o, "ttl_pending_bytes",
					    count(p->ttl_pending_bytes));
		}
		if (v->cosmos) {
			json_object_set_new(o, "changes", count(p->changes));
			json_object_set_new(o, "changes_per_s",
					    json_real(text_cfeed_rate(v, i)));
		}
		json_array_append_new(a, o);
	}
	return a;
}

/* Time to live (rule 28): only for a container with a DefaultTimeToLive. */
static json_t *ttl(const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_ttl_totals *t = &m->ttl;
	json_t *o = json_object(), *a = json_array();
	size_t i;

	json_object_set_new(o, "default_ttl_s",
			    json_integer(v->spec->default_ttl_s));
	json_object_set_new(o, "expired", count(t->expired));
	json_object_set_new(o, "deleted", count(t->deleted));
	json_object_set_new(o, "replaced", count(t->replaced));
	json_object_set_new(o, "pending_items", count(t->pending_items));
	json_object_set_new(o, "pending_bytes", count(t->pending_bytes));
	json_object_set_new(o, "peak_pending_bytes",
			    count(t->peak_pending_bytes));
	json_object_set_new(o, "peak_pending_t_s",
			    t->peak_pending_t_s < 0
				? json_null()
				: json_integer(t->peak_pending_t_s));
	json_object_set_new(o, "delete_ru", ru(t->delete_mru));
	for (i = 0; i < m->n_ttl_minutes; i++) {
		const struct pk_ttl_minute *p = &m->ttl_by_minute[i];
		json_t *e = json_object();

		json_object_set_new(e, "t_s", json_integer(p->t_s));
		json_object_set_new(e, "expired", count(p->expired));
		json_object_set_new(e, "deleted", count(p->deleted));
		json_object_set_new(e, "delete_ru", ru(p->delete_mru));
		json_object_set_new(e, "pending_items",
				    count(p->pending_items));
		json_object_set_new(e, "pending_bytes",
				    count(p->pending_bytes));
		json_object_set_new(e, "storage_bytes", count(p->stored_bytes));
		json_array_append_new(a, e);
	}
	json_object_set_new(o, "per_minute", a);
	return o;
}

static json_t *hot(const struct pk_result_variant *v, int by_storage)
{
	const struct pk_result_lp *top =
	    by_storage ? v->top_storage : v->top_ru;
	size_t n = by_storage ? v->n_top_storage : v->n_top_ru, i;
	uint64_t storage = v->storage_bytes;
	int64_t total = v->metrics->totals.ru_mru;
	json_t *a = json_array();

	for (i = 0; i < n; i++) {
		const struct pk_result_lp *lp = &top[i];
		json_t *o = json_object();

		json_object_set_new(o, "key", key_json(v, lp));
		if (result_key_undefined(v, lp->key, lp->key_len)) {
			json_object_set_new(o, "key_undefined", json_true());
		}
		json_object_set_new(o, "epk", epk_json(lp->epk));
		json_object_set_new(o, "range",
				    range_id(v->ranges[lp->range].id));
		json_object_set_new(o, "ru", ru(lp->ru_mru));
		json_object_set_new(
		    o, "ru_share",
		    json_real(total ? (double)lp->ru_mru / (double)total
				    : 0.0));
		json_object_set_new(o, "requests", count(lp->requests));
		json_object_set_new(o, "retries", count(lp->retries));
		json_object_set_new(o, "throttled_429",
				    count(lp->throttled_429));
		json_object_set_new(o, "rejected_403", count(lp->rejected_403));
		json_object_set_new(o, "items", count(lp->items));
		json_object_set_new(o, "storage_bytes",
				    count(lp->storage_bytes));
		json_object_set_new(
		    o, "storage_share",
		    json_real(storage
				  ? (double)lp->storage_bytes / (double)storage
				  : 0.0));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *splits(const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	json_t *a = json_array();
	size_t i, k;

	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];
		json_t *o = json_object(), *ch = json_array();

		json_object_set_new(o, "t_s", json_integer(e->t_s));
		json_object_set_new(o, "parent", range_id(e->parent));
		for (k = 0; k < 2; k++) {
			json_t *x = json_object();

			json_object_set_new(x, "id", range_id(e->children[k]));
			json_object_set_new(x, "min", epk_json(e->min[k]));
			json_object_set_new(x, "max", epk_json(e->max[k]));
			json_array_append_new(ch, x);
		}
		json_object_set_new(o, "children", ch);
		json_object_set_new(
		    o, "reason", json_string(metrics_split_reason(e->reason)));
		json_array_append_new(a, o);
	}
	return a;
}

const char *report_json_heat_refusal(enum pk_ddb_heat_refusal why)
{
	static const char *const names[] = {"one_item", "lsi_collection",
					    "follows_sort_key"};

	_Static_assert(sizeof(names) / sizeof(names[0]) == PK_DDB_HEAT_REFUSALS,
		       "name every heat refusal");
	return (size_t)why < PK_DDB_HEAT_REFUSALS ? names[why] : "?";
}

/* A DynamoDB table's heat splits (D7) and hot-item isolations (D11)
   counted (ddb_hsplit.c, ddb_isolate.c); each split itself is in
   "splits" with reason heat or isolation */
static json_t *heat_splits(const struct pk_ddb_heat_splits *h)
{
	json_t *o = json_object(), *a = json_array();
	uint64_t refused = 0;
	int k;

	for (k = 0; k < PK_DDB_HEAT_REFUSALS; k++) {
		json_t *e = json_object();

		refused += h->refused[k];
		json_object_set_new(e, "reason",
				    json_string(report_json_heat_refusal(
					(enum pk_ddb_heat_refusal)k)));
		json_object_set_new(e, "count", count(h->refused[k]));
		json_object_set_new(e, "first_t_s",
				    h->refused[k] == 0
					? json_null()
					: json_integer(h->first_refused_s[k]));
		json_array_append_new(a, e);
	}
	json_object_set_new(o, "on", json_boolean(h->on));
	json_object_set_new(o, "started", count(h->started));
	json_object_set_new(o, "done", count(h->done));
	json_object_set_new(o, "isolated", count(h->isolated));
	json_object_set_new(o, "refused", count(refused));
	json_object_set_new(o, "refused_by_reason", a);
	return o;
}

static json_t *changes(const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < m->n_changes; i++) {
		const struct pk_throughput_event *e = &m->changes[i];
		json_t *o = json_object();

		json_object_set_new(o, "t_s", json_integer(e->t_s));
		json_object_set_new(o, "effective_t_s",
				    e->effective_t_s < 0
					? json_null()
					: json_integer(e->effective_t_s));
		if (e->effective_t_s == PK_EFFECTIVE_UNFINISHED) {
			/* the run ended before the splits were done */
			json_object_set_new(o, "would_apply_t_s",
					    json_integer(e->planned_t_s));
		}
		if (v->ddb) {
			/* a table's read and write units (D3) */
			json_object_set_new(o, "from_rcu",
					    json_integer(e->side_from[0]));
			json_object_set_new(o, "from_wcu",
					    json_integer(e->side_from[1]));
			json_object_set_new(o, "to_rcu",
					    json_integer(e->side_to[0]));
			json_object_set_new(o, "to_wcu",
					    json_integer(e->side_to[1]));
		} else {
			json_object_set_new(o, "from_ru_per_s",
					    json_integer(e->from_ru_per_s));
			json_object_set_new(o, "to_ru_per_s",
					    json_integer(e->to_ru_per_s));
		}
		json_object_set_new(o, "partitions_before",
				    count(e->ranges_before));
		json_object_set_new(o, "partitions_after",
				    count(e->ranges_after));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *actions(const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < m->n_actions; i++) {
		const struct pk_action *e = &m->actions[i];
		json_t *o = json_object();

		json_object_set_new(o, "t_s", json_integer(e->t_s));
		json_object_set_new(o, "what",
				    json_string(metrics_action_name(e->kind)));
		json_object_set_new(o, "detail", json_string(e->detail));
		json_array_append_new(a, o);
	}
	return a;
}

/* Per minute: the highest second's normalized RU consumption (D-NRU),
   RU served and offered, 429s; a DynamoDB table's busiest second too. */
static json_t *per_minute(const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < m->n_minutes; i++) {
		const struct pk_second *mi = &m->minutes[i];
		json_t *o = json_object();

		json_object_set_new(o, "t_s", json_integer(mi->t_s));
		json_object_set_new(o, "normalized_ru",
				    json_real(mi->max_normalized));
		json_object_set_new(o, "ru_consumed", ru(mi->served_mru));
		json_object_set_new(o, "ru_offered", ru(mi->offered_mru));
		json_object_set_new(o, "ru_retried", ru(mi->retry_mru));
		json_object_set_new(o, "retries", count(mi->retries));
		json_object_set_new(o, "throttled_429",
				    count(mi->throttled_429));
		if (v->ddb) {
			/* D15: CloudWatch's minute sums above, the second
			   the service enforces here */
			json_object_set_new(o, "peak_second_ru",
					    ru(mi->peak_served_mru));
			json_object_set_new(o, "peak_second_throttled_429",
					    count(mi->peak_throttled));
			report_json_ddb_minute(mi, o);
		}
		json_array_append_new(a, o);
	}
	return a;
}

/* Autoscale: the max and the RU/s billed per hour (rule 17, D-AUTO). */
static json_t *autoscale(const struct pk_result_variant *v)
{
	json_t *o = json_object(), *a = json_array();
	int64_t h;

	json_object_set_new(o, "max_ru_per_s", json_integer(v->ru_per_s));
	json_object_set_new(o, "min_ru_per_s",
			    json_integer(v->autoscale_floor));
	for (h = 0; h < v->n_hours; h++) {
		json_array_append_new(a, json_integer(v->billed_ru_per_s[h]));
	}
	json_object_set_new(o, "billed_ru_per_s_per_hour", a);
	/* rule 27: both bills, so a user sees what the other mode costs */
	json_object_set_new(
	    o, "mode",
	    json_string(v->autoscale_dynamic ? "dynamic" : "classic"));
	a = json_array();
	for (h = 0; h < v->n_hours; h++) {
		json_array_append_new(a, json_integer(v->billed_classic[h]));
	}
	json_object_set_new(o, "classic_billed_ru_per_s_per_hour", a);
	a = json_array();
	for (h = 0; h < v->n_hours; h++) {
		json_array_append_new(a, json_integer(v->billed_dynamic[h]));
	}
	json_object_set_new(o, "dynamic_billed_ru_per_s_per_hour", a);
	if (v->cosmos && v->spec && v->spec->fabric) {
		/* rule 41: Fabric bills capacity units */
		json_object_set_new(o, "profile", json_string("fabric"));
		a = json_array();
		for (h = 0; h < v->n_hours; h++) {
			json_array_append_new(a, json_real(fabric_cu_hours(
						     v->billed_ru_per_s[h])));
		}
		json_object_set_new(o, "fabric_cu_hours_per_hour", a);
	}
	return o;
}

/* Serverless: RU/s from the partitions, and the storage cap (rule 19). */
static json_t *serverless(const struct pk_result_variant *v)
{
	json_t *o = json_object();

	json_object_set_new(o, "ru_per_s", json_integer(v->ru_per_s));
	json_object_set_new(o, "physical_partitions", count(v->n_ranges));
	json_object_set_new(o, "max_storage_bytes",
			    count(PK_PROVISION_SERVERLESS_MAX_BYTES));
	return o;
}

/* The layout's origin at t = 0 (layout.h): a container the run
   created (rule 2, 3 or 19) or an existing one (`partitions: N`). */
static json_t *layout(const struct pk_result_variant *v)
{
	json_t *o = json_object();
	int64_t ru = layout_ru_per_s(v);
	uint64_t stored = layout_stored_bytes(v);

	json_object_set_new(o, "origin", json_string(layout_origin(v)));
	json_object_set_new(o, "physical_partitions", count(v->created_ranges));
	json_object_set_new(o, "ru_per_s", json_integer(ru));
	json_object_set_new(o, "ru_per_s_per_partition",
			    json_real((double)ru / (double)v->created_ranges));
	json_object_set_new(o, "stored_bytes", count(stored));
	if (v->preload_items > 0 || v->preload_refused > 0) {
		/* `preload:`: the data stored at t = 0 */
		json_object_set_new(o, "preloaded_items",
				    count(v->preload_items));
		json_object_set_new(o, "preloaded_bytes",
				    count(v->preload_bytes));
		json_object_set_new(o, "preloaded_logical_partitions",
				    count(v->preload_lps));
		json_object_set_new(o, "preloaded_spread",
				    json_boolean(v->preload_spread));
		json_object_set_new(o, "preloaded_refused",
				    count(v->preload_refused));
	}
	return o;
}

/* The change feed's leases (rule 39, report_cfeed.c); each lease's
   figures are its physical partition's (partitions). */
static json_t *change_feed(const struct pk_result *r,
			   const struct pk_result_variant *v)
{
	json_t *o = json_object();
	struct text_cfeed f;
	char line[PK_TEXT_CFEED_BYTES];

	text_cfeed_of(r, v, &f);
	json_object_set_new(o, "consumers", count(f.consumers));
	json_object_set_new(o, "leases", count(f.leases));
	json_object_set_new(o, "leases_with_changes", count(f.busy));
	json_object_set_new(o, "consumers_with_work", count(f.with_work));
	json_object_set_new(o, "changes", count(f.changes));
	json_object_set_new(o, "retired_changes", count(f.retired_changes));
	json_object_set_new(o, "busiest_lease_range",
			    f.changes ? range_id(v->ranges[f.busiest].id)
				      : json_null());
	json_object_set_new(o, "busiest_lease_changes_per_s",
			    json_real(f.busiest_rate));
	json_object_set_new(o, "busiest_lease_share",
			    json_real(f.busiest_share));
	json_object_set_new(
	    o, "sentence",
	    json_string(text_cfeed_sentence(v, &f, line, sizeof(line))));
	return o;
}

/* The container's notes of rules 33 and 34 (report_notes.h), as the
   text report says them; NULL when it has none */
static json_t *service_notes(const struct pk_result *r,
			     const struct pk_result_variant *v)
{
	struct pk_report_note notes[PK_REPORT_NOTES_MAX];
	size_t n = report_notes(r->sc, v->cosmos ? v->spec : NULL, notes), i;
	json_t *a;

	if (n == 0) {
		return NULL;
	}
	a = json_array();
	for (i = 0; i < n; i++) {
		json_array_append_new(a, json_string(notes[i].text));
	}
	return a;
}

static json_t *variant(const struct pk_result *r,
		       const struct pk_result_variant *v)
{
	json_t *o = json_object(), *f = json_array(), *fleet, *notes, *idx;
	char **text;
	size_t n, i;

	json_object_set_new(o, "name", json_string(v->name));
	json_object_set_new(o, "partition_key", json_string(v->key_text));
	if (v->ddb) {
		/* the service, for `pksim merge` to rank as compare does:
		   RU and capacity units are not one unit */
		json_object_set_new(o, "service", json_string("dynamodb"));
		/* its peak is against provisioned shares or the instant
		   limit's: merge ties the two as compare does */
		json_object_set_new(o, "capacity_mode",
				    json_string(v->ddb->on_demand
						    ? "on_demand"
						    : "provisioned"));
	}
	json_object_set_new(o, "throughput_ru_per_s",
			    json_integer(v->ru_per_s));
	json_object_set_new(o, "layout", layout(v));
	if ((notes = service_notes(r, v)) != NULL) {
		json_object_set_new(o, "service_notes", notes);
	}
	if (v->key_missing > 0) {
		/* keysummary.h: only when some item lacks a key property */
		json_t *u = json_object();
		char t[PK_KEYSUMMARY_BYTES];

		json_object_set_new(u, "items", count(v->key_items));
		json_object_set_new(u, "without_key_property",
				    count(v->key_missing));
		json_object_set_new(u, "allowed",
				    json_boolean(v->spec->allow_undefined_key));
		json_object_set_new(
		    u, "text", json_string(keysummary_text(v, t, sizeof(t))));
		json_object_set_new(o, "undefined_key", u);
	}
	if (v->autoscale) {
		json_object_set_new(o, "autoscale", autoscale(v));
	}
	if (v->serverless) {
		json_object_set_new(o, "serverless", serverless(v));
	}
	if ((fleet = report_json_fleet(v)) != NULL) {
		json_object_set_new(o, "fleet_pool", fleet);
	}
	if (v->custom_policy) {
		json_t *p = json_object();

		/* rule 26: fractions kept; what passes the caps is unusable */
		json_object_set_new(p, "policy", json_string("custom"));
		json_object_set_new(p, "effective_ru_per_s",
				    json_integer(v->effective_ru_per_s));
		json_object_set_new(
		    p, "unusable_ru_per_s",
		    json_integer(v->ru_per_s - v->effective_ru_per_s));
		json_object_set_new(o, "throughput_policy", p);
	}
	json_object_set_new(o, "money", report_json_money(r, v));
	json_object_set_new(
	    o, "totals",
	    totals(v, r->sends_batches, report_json_split_429(r->sc, v)));
	if (v->n_streams > 0) {
		json_object_set_new(
		    o, "streams",
		    report_json_streams(v, report_json_split_429(r->sc, v)));
	}
	if (v->metrics->ttl_on) {
		json_object_set_new(o, "ttl", ttl(v));
	}
	json_object_set_new(o, "queries", queries(v));
	if (v->cosmos) {
		json_object_set_new(o, "change_feed", change_feed(r, v));
	}
	json_object_set_new(o, "physical_partitions", partitions(v));
	if ((idx = report_json_ddb_indexes(v)) != NULL) {
		json_object_set_new(o, "indexes", idx);
	}
	json_object_set_new(o, "hot_logical_partitions", hot(v, 0));
	json_object_set_new(o, "largest_logical_partitions", hot(v, 1));
	json_object_set_new(o, "splits", splits(v));
	if (v->ddb) {
		json_object_set_new(o, "heat_splits",
				    heat_splits(&v->ddb->heat));
	}
	json_object_set_new(o, "throughput_changes", changes(v));
	json_object_set_new(o, "actions", actions(v));
	json_object_set_new(o, "per_minute", per_minute(v));
	text = findings_make(r, v, &n);
	for (i = 0; i < n; i++) {
		json_array_append_new(f, json_string(text[i]));
		free(text[i]);
	}
	free(text);
	json_object_set_new(o, "findings", f);
	if (v->remedies) {
		json_object_set_new(o, "remedies",
				    report_json_remedies(v->remedies));
	}
	return o;
}

/* The monitor log a run replayed (scenario.monitor_log, report-json.md). */
static json_t *monitor_log(const struct pk_items_file *f)
{
	const struct pk_monitor_log *m = f->monitor;
	json_t *o = json_object();

	json_object_set_new(o, "file", json_string(f->path));
	json_object_set_new(o, "table", json_string(PK_MONITOR_TABLE));
	json_object_set_new(o, "rows", count(m->n_rows));
	json_object_set_new(o, "rows_in_file", count(m->rows_in_file));
	json_object_set_new(o, "database",
			    m->database ? json_string(m->database)
					: json_null());
	json_object_set_new(o, "collection",
			    m->collection ? json_string(m->collection)
					  : json_null());
	json_object_set_new(o, "region",
			    m->region ? json_string(m->region) : json_null());
	json_object_set_new(o, "first_ms", json_integer(m->first_ms));
	json_object_set_new(o, "last_ms", json_integer(m->last_ms));
	json_object_set_new(o, "ru_recorded",
			    json_real((double)m->total_mru / 1000.0));
	json_object_set_new(o, "split_ru",
			    f->split_mru
				? json_real((double)f->split_mru / 1000.0)
				: json_null());
	json_object_set_new(o, "requests", count(m->pieces));
	json_object_set_new(o, "ranges_named", count(m->ranges));
	json_object_set_new(o, "rows_without_range", count(m->unranged));
	json_object_set_new(o, "repeated_rows", count(m->repeated));
	return o;
}

int report_json(const struct pk_result *run, int scorecards, FILE *out)
{
	struct pk_scorecard *cards = scorecards ? scorecard_all(run) : NULL;
	json_t *root = json_object(), *sc, *vs = json_array();
	size_t i;
	int rc;

	json_object_set_new(root, "pksim_report", json_integer(1));
	sc = json_pack(
	    "{s:o*, s:I, s:I, s:I, s:I, s:s*}", "name",
	    json_string(run->sc->name), "seed", (json_int_t)run->seed,
	    "duration_s", (json_int_t)(run->end_ms / 1000), "items_created",
	    (json_int_t)run->items_created, "operations_skipped",
	    (json_int_t)run->operations_skipped, "fingerprint",
	    scorecards && run->sc->fingerprint[0] ? run->sc->fingerprint
						  : NULL);
	if (scorecards) {
		char by[PK_RANK_BY_BYTES];

		/* the order the ranking took, the default's too (a reader
		   need not know it); `pksim merge` ranks in it */
		json_object_set_new(
		    sc, "rank_by",
		    json_string(scorecard_rank_by_text(run->sc->rank_by, by)));
	}
	if (run->sc->items_file && run->sc->items_file->monitor) {
		json_object_set_new(sc, "monitor_log",
				    monitor_log(run->sc->items_file));
	}
	json_object_set_new(root, "scenario", sc);
	for (i = 0; i < run->n_variants; i++) {
		json_t *v = variant(run, &run->variants[i]);

		if (cards) {
			json_object_set_new(
			    v, "scorecard",
			    report_json_scorecard(run, &cards[i]));
		}
		json_array_append_new(vs, v);
	}
	json_object_set_new(root, "variants", vs);
	free(cards);
	rc = report_json_dumpf(root, out, PK_JSON_FLAGS);
	json_decref(root);
	if (rc == 0) {
		fputc('\n', out);
	}
	return rc || ferror(out) ? -1 : 0;
}
