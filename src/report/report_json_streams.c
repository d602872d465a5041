/*
 * report_json_streams: the JSON report's "streams" array (report-json.md):
 * per stream its totals and, by kind, the kinds it sent or could not
 * send for want of a written item to target.
 */
#include <jansson.h>

#include "pksim/report/report_streams.h"
#include "pksim/service/metrics.h"
#include "report_json_int.h"

static json_t *ru(int64_t mru)
{
	return json_real(metrics_ru(mru));
}

static json_t *count(uint64_t v)
{
	return json_integer((json_int_t)v);
}

/* a retry wait percentile: null when none succeeded */
static json_t *percentile(int64_t w)
{
	return w < 0 ? json_null() : json_integer(w);
}

/* One stream's operations of a kind (or all), report-json.md. */
static json_t *stream_ops(const struct pk_result_stream_ops *s, int split_429)
{
	json_t *o = json_object();

	json_object_set_new(o, "operations", count(s->operations));
	json_object_set_new(o, "not_sent", count(s->not_sent));
	json_object_set_new(o, "succeeded", count(s->succeeded));
	json_object_set_new(o, "throttled_429", count(s->throttled_429));
	if (split_429) {
		/* as the totals (classes()) */
		json_object_set_new(o, "throttled_3212",
				    count(s->throttled_3212));
		json_object_set_new(o, "throttled_low_429",
				    count(s->throttled_low_429));
	}
	json_object_set_new(o, "failed_429", count(s->failed_429));
	json_object_set_new(o, "failed_other", count(s->failed_other));
	json_object_set_new(o, "ru", ru(s->ru_mru));
	json_object_set_new(o, "retry_wait_p50_ms", percentile(s->wait_p50_ms));
	json_object_set_new(o, "retry_wait_p99_ms", percentile(s->wait_p99_ms));
	return o;
}

/* "streams": per stream its totals and, by kind, the kinds it sent. */
json_t *report_json_streams(const struct pk_result_variant *v, int split_429)
{
	json_t *a = json_array();
	size_t i;
	int k;

	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream *s = &v->streams[i];
		json_t *o = json_object(), *by = json_object();

		json_object_set_new(o, "name", json_string(s->name));
		json_object_set_new(o, "totals",
				    stream_ops(&s->all, split_429));
		if (s->last_answer_ms > 0) {
			/* a closed-loop stream (client.concurrency) */
			json_t *t = json_object_get(o, "totals");

			json_object_set_new(t, "first_ms",
					    json_integer(s->first_ms));
			json_object_set_new(t, "last_answer_ms",
					    json_integer(s->last_answer_ms));
			json_object_set_new(t, "achieved_succeeded_per_s",
					    json_real(s->achieved_ops_per_s));
		}
		for (k = 0; k <= PK_OP_KINDS; k++) {
			if (s->kind[k].operations + s->kind[k].not_sent > 0) {
				json_object_set_new(
				    by, report_stream_kind_name(k),
				    stream_ops(&s->kind[k], split_429));
			}
		}
		json_object_set_new(o, "by_kind", by);
		json_array_append_new(a, o);
	}
	return a;
}
