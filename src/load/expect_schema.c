/*
 * expect_schema: the names an `expect:` assertion may measure (expect.h),
 * the fields of docs/report-json.md. tests/check_expect.c walks the JSON
 * reports of the shipped scenarios and fails on a field missing here, and
 * on a name here that docs/report-json.md does not document.
 */
#include "pksim/load/expect.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/suggest.h"

static const char *const schema[] = {
    /* variant-relative */
    "name",
    "partition_key",
    "throughput_ru_per_s",
    "layout.origin",
    "layout.physical_partitions",
    "layout.ru_per_s",
    "layout.ru_per_s_per_partition",
    "layout.stored_bytes",
    "layout.preloaded_items",
    "layout.preloaded_bytes",
    "layout.preloaded_logical_partitions",
    "layout.preloaded_spread",
    "layout.preloaded_refused",
    "serverless.ru_per_s",
    "serverless.physical_partitions",
    "serverless.max_storage_bytes",
    "autoscale.max_ru_per_s",
    "autoscale.min_ru_per_s",
    "autoscale.billed_ru_per_s_per_hour[]",
    "autoscale.mode",
    "autoscale.classic_billed_ru_per_s_per_hour[]",
    "autoscale.dynamic_billed_ru_per_s_per_hour[]",
    "throughput_policy.policy",
    "throughput_policy.effective_ru_per_s",
    "throughput_policy.unusable_ru_per_s",
    "totals.operations",
    "totals.operations_not_sent",
    "totals.requests",
    "totals.retries",
    "totals.succeeded",
    "totals.throttled_429",
    "totals.throttled_3212",
    "totals.throttled_low_429",
    "totals.failed_after_retries",
    "totals.rejected_403",
    "totals.not_found_404",
    "totals.conflict_409",
    "totals.bad_request_400",
    "totals.too_large_413",
    "totals.batches",
    "totals.batches_committed",
    "totals.batches_rejected",
    "totals.batch_items",
    "totals.ru_consumed",
    "totals.ru_offered",
    "totals.ru_retried",
    "totals.retry_wait_ms",
    "totals.retry_wait_p50_ms",
    "totals.retry_wait_p99_ms",
    "totals.last_answer_ms",
    "totals.first_ms",
    "totals.achieved_succeeded_per_s",
    "totals.gone_410",
    "totals.failed_after_410",
    "totals.container_full_403",
    "totals.utilisation",
    "totals.logical_partitions",
    "totals.logical_partitions_seen",
    "totals.storage_bytes",
    "queries.single",
    "queries.targeted",
    "queries.fanout",
    "queries.ranges_visited",
    "queries.fanout_ru",
    "queries.by_query[].name",
    "queries.by_query[].phase",
    "queries.by_query[].route",
    "queries.by_query[].served",
    "queries.by_query[].throttled_429",
    "queries.by_query[].ranges_visited",
    "queries.by_query[].ru",
    "queries.by_query[].ru_mean",
    "physical_partitions[].id",
    "physical_partitions[].min",
    "physical_partitions[].max",
    "physical_partitions[].ru_per_s",
    "physical_partitions[].storage_bytes",
    "physical_partitions[].logical_partitions",
    "physical_partitions[].peak_normalized_ru",
    "physical_partitions[].parent",
    "physical_partitions[].created_s",
    "physical_partitions[].p99_normalized_ru",
    "physical_partitions[].throttled_429",
    "physical_partitions[].requests",
    "physical_partitions[].retries",
    "physical_partitions[].ru_consumed",
    "physical_partitions[].ttl_pending_bytes",
    "ttl.default_ttl_s",
    "ttl.expired",
    "ttl.deleted",
    "ttl.replaced",
    "ttl.pending_items",
    "ttl.pending_bytes",
    "ttl.peak_pending_bytes",
    "ttl.peak_pending_t_s",
    "ttl.delete_ru",
    "ttl.per_minute[].t_s",
    "ttl.per_minute[].expired",
    "ttl.per_minute[].deleted",
    "ttl.per_minute[].delete_ru",
    "ttl.per_minute[].pending_items",
    "ttl.per_minute[].pending_bytes",
    "ttl.per_minute[].storage_bytes",
#define LP_FIELDS(L)                                                           \
	L "[].key", L "[].key[]", L "[].key_undefined", L "[].epk",            \
	    L "[].range", L "[].ru", L "[].ru_share", L "[].requests",         \
	    L "[].retries", L "[].throttled_429", L "[].rejected_403",         \
	    L "[].items", L "[].storage_bytes", L "[].storage_share"
/* `streams:`: per stream its totals and its
   kinds' figures */
#define STREAM_OPS(S)                                                          \
	S ".operations", S ".not_sent", S ".succeeded", S ".throttled_429",    \
	    S ".throttled_3212", S ".throttled_low_429", S ".failed_429",      \
	    S ".failed_other", S ".ru", S ".retry_wait_p50_ms",                \
	    S ".retry_wait_p99_ms"
    "streams[].name",
    STREAM_OPS("streams[].totals"),
    "streams[].totals.last_answer_ms",
    "streams[].totals.first_ms",
    "streams[].totals.achieved_succeeded_per_s",
    STREAM_OPS("streams[].by_kind.create"),
    STREAM_OPS("streams[].by_kind.upsert"),
    STREAM_OPS("streams[].by_kind.read"),
    STREAM_OPS("streams[].by_kind.replace"),
    STREAM_OPS("streams[].by_kind.delete"),
    STREAM_OPS("streams[].by_kind.query"),
    STREAM_OPS("streams[].by_kind.batch"),
    STREAM_OPS("streams[].by_kind.charge"),
#undef STREAM_OPS
    LP_FIELDS("hot_logical_partitions"),
    LP_FIELDS("largest_logical_partitions"),
#undef LP_FIELDS
    "splits[].t_s",
    "splits[].parent",
    "splits[].children[].id",
    "splits[].children[].min",
    "splits[].children[].max",
    "splits[].reason",
    "throughput_changes[].t_s",
    "throughput_changes[].effective_t_s",
    "throughput_changes[].from_ru_per_s",
    "throughput_changes[].to_ru_per_s",
    "throughput_changes[].partitions_before",
    "throughput_changes[].partitions_after",
    "actions[].t_s",
    "actions[].what",
    "actions[].detail",
    "per_minute[].t_s",
    "per_minute[].normalized_ru",
    "per_minute[].ru_consumed",
    "per_minute[].ru_offered",
    "per_minute[].ru_retried",
    "per_minute[].retries",
    "per_minute[].throttled_429",
    "findings[]",
    "scorecard.logical_partitions",
    "scorecard.hottest_key",
    "scorecard.hottest_key[]",
    "scorecard.hottest_share_requests",
    "scorecard.hottest_share_ru",
    "scorecard.hottest_share_storage",
    "scorecard.storage_max_over_mean",
    "scorecard.peak_normalized_ru",
    "scorecard.peak_range",
    "scorecard.throttled_429",
    "scorecard.failed_after_retries",
    "scorecard.worst_range_429_rate",
    "scorecard.rejected_403",
    "scorecard.refused_400_409_413",
    "scorecard.hottest_key_undefined",
    "scorecard.days_to_20gb",
    "scorecard.days_to_full_kind",
    "scorecard.days_to_full_text",
    "scorecard.largest_lp_bytes",
    "scorecard.first_full_key",
    "scorecard.first_full_key[]",
    "scorecard.first_full_bytes",
    "scorecard.first_full_growth_bytes_per_s",
    "scorecard.bucket_seconds",
    "scorecard.bucket_period_seconds",
    "scorecard.hottest_range",
    "scorecard.hottest_range_share_ru",
    "scorecard.ru_of_operations",
    "scorecard.queries_single",
    "scorecard.queries_targeted",
    "scorecard.fanout_queries",
    "scorecard.fanout_ru",
    "scorecard.splits",
    "scorecard.rank",
    "scorecard.tied",
    "scorecard.reason",
    "scorecard.verdict",
    /* the scenario */
    "scenario.name",
    "scenario.seed",
    "scenario.duration_s",
    "scenario.items_created",
    "scenario.operations_skipped",
    "scenario.fingerprint",
    "scenario.monitor_log.file",
    "scenario.monitor_log.table",
    "scenario.monitor_log.rows",
    "scenario.monitor_log.rows_in_file",
    "scenario.monitor_log.database",
    "scenario.monitor_log.collection",
    "scenario.monitor_log.region",
    "scenario.monitor_log.first_ms",
    "scenario.monitor_log.last_ms",
    "scenario.monitor_log.ru_recorded",
    "scenario.monitor_log.split_ru",
    "scenario.monitor_log.requests",
    "scenario.monitor_log.ranges_named",
    /* shorthands */
    "partitions",
    "first_403_s",
    "range_429_rate[]",
    "rank",
    NULL,
};

const char *const *expect_schema(void)
{
	return schema;
}

char *expect_template(const char *measure, char *buf, size_t cap)
{
	size_t o = 0;
	const char *p = measure;

	if (cap == 0) {
		return buf;
	}
	while (*p && o + 1 < cap) {
		if (*p == '[') {
			const char *e = strchr(p, ']');

			if (e && o + 2 < cap) {
				buf[o++] = '[';
				buf[o++] = ']';
				p = e + 1;
				continue;
			}
		}
		buf[o++] = *p++;
	}
	buf[o] = '\0';
	return buf;
}

/* 1 if every "[...]" of measure holds a decimal index (range_429_rate
   takes any id). */
static int indexes_ok(const char *measure)
{
	const char *p = measure;

	if (strncmp(measure, "range_429_rate[", 15) == 0) {
		const char *e = strchr(measure, ']');

		return e && e > measure + 15 && e[1] == '\0';
	}
	while ((p = strchr(p, '['))) {
		const char *q = p + 1;

		if (*q < '0' || *q > '9') {
			return 0;
		}
		while (*q >= '0' && *q <= '9') {
			q++;
		}
		if (*q != ']' || q - p > 10) {
			return 0;
		}
		p = q;
	}
	return 1;
}

int expect_measure_valid(const char *measure, const char **near)
{
	char t[256];
	size_t i, n;

	if (near) {
		*near = NULL;
	}
	if (strlen(measure) >= sizeof(t) - 2) {
		return 0;
	}
	expect_template(measure, t, sizeof(t));
	if (indexes_ok(measure)) {
		n = strlen(t);
		for (i = 0; schema[i]; i++) {
			if (strcmp(schema[i], t) == 0) {
				return 1;
			}
			/* a list without an index: its length */
			if (strncmp(schema[i], t, n) == 0 &&
			    strncmp(schema[i] + n, "[]", 2) == 0 &&
			    strcmp(t, "range_429_rate") != 0) {
				return 1;
			}
		}
	}
	if (near) {
		*near = suggest_nearest(t, schema);
		if (!*near) {
			/* "storage_bytes": a field's last name */
			for (i = 0; schema[i]; i++) {
				const char *dot = strrchr(schema[i], '.');

				if (dot && strcmp(dot + 1, t) == 0) {
					*near = schema[i];
					break;
				}
			}
		}
	}
	return 0;
}

const char *expect_op_name(enum pk_expect_op op)
{
	static const char *const names[] = {
	    "equal",   "approximately", "less",	   "greater",
	    "at_most", "at_least",	"between",
	};

	return (size_t)op < sizeof(names) / sizeof(names[0]) ? names[op] : "?";
}
