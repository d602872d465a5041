/*
 * report_json_card: a variant's "scorecard" object in `pksim compare`'s
 * JSON report (docs/report-json.md), and the words it and the field
 * readers write for the days to full's kind and basis.
 */
#include "report_json_int.h"
#include "scorecard_int.h"

#include <stdint.h>
#include <stdio.h>

#include "pksim/report/report_json.h"

/* a count and a range id, as report_json.c writes them */
static json_t *count(uint64_t v)
{
	return json_integer((json_int_t)v);
}

static json_t *range_id(uint32_t id)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", id);
	return json_string(buf);
}

const char *report_json_full_kind(enum pk_full_kind kind)
{
	static const char *const kinds[] = {
	    "days",	"never",      "beyond", "at_once",   "bounded",
	    "no_sizes", "levels_off", "no_cap", "no_writes", "not_projected"};

	return (size_t)kind < sizeof(kinds) / sizeof(kinds[0]) ? kinds[kind]
							       : "?";
}

const char *report_json_full_basis(const struct pk_scorecard *s)
{
	switch (s->runway.basis) {
	case PK_RUNWAY_RATES:
		if (s->runway.bound_range != UINT32_MAX && s->full_collection) {
			/* a table's: its partition's write units */
			return "workload_rates_bounded_by_partition";
		}
		if (s->runway.bound_range != UINT32_MAX) {
			return s->runway.bound_bucket > 0
				   ? "workload_rates_bounded_by_bucket"
				   : "workload_rates_bounded_by_range";
		}
		return s->runway.bound_client
			   ? "workload_rates_bounded_by_client"
			   : "workload_rates";
	case PK_RUNWAY_DATA_TIME:
		return "data_time";
	case PK_RUNWAY_DATA_RATE:
		return "data_rate";
	default:
		return "none";
	}
}

/* a key's JSON text as its JSON value ("dev-1", 17, ["t1", "u2"]) */
static json_t *key_value(const char *text)
{
	json_t *j = json_loads(text, JSON_DECODE_ANY, NULL);

	return j ? j : json_string(text);
}

/* the hottest key as its JSON value */
static json_t *hottest_key(const struct pk_scorecard *s)
{
	if (!s->have_hottest || s->hottest_undefined) {
		return json_null();
	}
	return key_value(s->hottest_key);
}

json_t *report_json_scorecard(const struct pk_result *r,
			      const struct pk_scorecard *s)
{
	json_t *o = json_object();
	char t[640];

	json_object_set_new(o, "logical_partitions",
			    s->lps_none ? json_null()
					: count(s->logical_partitions));
	json_object_set_new(o, "hottest_key", hottest_key(s));
	if (s->hottest_undefined) {
		json_object_set_new(o, "hottest_key_undefined", json_true());
	}
	json_object_set_new(o, "hottest_share_requests",
			    json_real(s->hottest_share_requests));
	json_object_set_new(o, "hottest_share_ru",
			    json_real(s->hottest_share_ru));
	json_object_set_new(o, "hottest_share_storage",
			    json_real(s->hottest_share_storage));
	json_object_set_new(o, "storage_max_over_mean",
			    json_real(s->storage_max_over_mean));
	json_object_set_new(o, "peak_normalized_ru",
			    json_real(s->peak_normalized_ru));
	json_object_set_new(o, "peak_range", range_id(s->peak_range));
	json_object_set_new(o, "throttled_429", count(s->throttled_429));
	json_object_set_new(o, "failed_after_retries",
			    count(s->failed_after_retries));
	json_object_set_new(o, "worst_range_429_rate",
			    json_real(s->worst_range_429_rate));
	json_object_set_new(o, "rejected_403", count(s->rejected_403));
	json_object_set_new(o, "refused_400_409_413",
			    count(scorecard_refused_shown(r, s)));
	json_object_set_new(o, "days_to_20gb",
			    s->full_kind == PK_FULL_DAYS
				? json_real(s->days_to_full)
				: json_null());
	json_object_set_new(o, "days_to_full_kind",
			    json_string(report_json_full_kind(s->full_kind)));
	json_object_set_new(
	    o, "days_to_full_text",
	    json_string(scorecard_full_text(r, s, 0, t, sizeof(t))));
	json_object_set_new(o, "days_to_full_basis",
			    json_string(report_json_full_basis(s)));
	json_object_set_new(o, "runway_bound_bucket",
			    s->runway.bound_range != UINT32_MAX &&
				    s->runway.bound_bucket > 0
				? json_integer(s->runway.bound_bucket)
				: json_null());
	json_object_set_new(o, "largest_lp_bytes", count(s->largest_lp_bytes));
	json_object_set_new(o, "first_full_key",
			    s->full_key[0] ? key_value(s->full_key)
					   : json_null());
	json_object_set_new(o, "first_full_bytes", count(s->full_lp_bytes));
	json_object_set_new(o, "first_full_growth_bytes_per_s",
			    json_real(s->full_rate));
	json_object_set_new(o, "bucket_seconds", json_integer(s->bucket.len_s));
	json_object_set_new(o, "bucket_period_seconds",
			    json_integer(s->bucket.period_s));
	json_object_set_new(o, "hottest_range", range_id(s->hottest_range));
	json_object_set_new(o, "hottest_range_share_ru",
			    json_real(s->hottest_range_share_ru));
	json_object_set_new(o, "range_share_sd", json_real(s->range_share_sd));
	json_object_set_new(o, "ru_of_operations", json_real(s->ru_offered));
	json_object_set_new(o, "queries_single", count(s->queries_single));
	json_object_set_new(o, "queries_targeted", count(s->queries_targeted));
	json_object_set_new(o, "fanout_queries", count(s->fanout_queries));
	json_object_set_new(o, "fanout_ru", json_real(s->fanout_ru));
	json_object_set_new(o, "splits", count(s->splits));
	if (s->priced) {
		json_object_set_new(o, "cost_month", json_real(s->cost_month));
		json_object_set_new(o, "cost_basis",
				    json_string(s->cost_basis));
	}
	json_object_set_new(o, "rank", count(s->rank));
	json_object_set_new(o, "tied", json_boolean(s->tied));
	json_object_set_new(o, "reason", json_string(s->reason));
	json_object_set_new(o, "verdict", json_string(s->verdict));
	json_object_set_new(o, "log_caution",
			    s->log_caution ? json_string(s->log_caution)
					   : json_null());
	return o;
}
