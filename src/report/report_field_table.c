/*
 * report_field_table: one reader per field of the table of report fields
 * (load/report_fields.def), in its order: where report_json.c takes the
 * field's value from, and what it computes. tests/check_fields.c checks
 * that both tables hold the same paths and that every reader reads what
 * the writer writes.
 */
#include "report_field_int.h"
#include "report_text_int.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/expect.h"
#include "pksim/load/monitor.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/report/report_json.h"
#include "pksim/service/snapshot.h"

/* ---- the figures the writer computes ---- */

static double share(double part, double whole)
{
	return whole ? part / whole : 0.0;
}

static void partition_key(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->v->key_text);
}

static void service_of(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_text(o, "dynamodb");
}

static void capacity_mode_of(const struct field_ctx *c,
			     struct pk_field_value *o)
{
	fv_text(o, c->v->ddb->on_demand ? "on_demand" : "provisioned");
}

/* A count of logical partitions, null when the service keeps none */
static void lps_or_null(const struct field_ctx *c, uint64_t n,
			struct pk_field_value *o)
{
	if (c->v->lps_none) {
		fv_null(o);
	} else {
		fv_int(o, (int64_t)n);
	}
}

static void lps_live(const struct field_ctx *c, struct pk_field_value *o)
{
	lps_or_null(c, c->v->lps_live, o);
}

static void lps_seen(const struct field_ctx *c, struct pk_field_value *o)
{
	lps_or_null(c, c->v->lps_seen, o);
}

static void range_lps(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_range *p = c->obj;

	lps_or_null(c, p->logical_partitions, o);
}

static void card_lps(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	lps_or_null(c, s->logical_partitions, o);
}

static void layout_origin_of(const struct field_ctx *c,
			     struct pk_field_value *o)
{
	fv_text(o, layout_origin(c->v));
}

static void layout_ru(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, layout_ru_per_s(c->v));
}

static void layout_ru_each(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o,
		(double)layout_ru_per_s(c->v) / (double)c->v->created_ranges);
}

static void layout_stored(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)layout_stored_bytes(c->v));
}

static void undef_allowed(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_bool(o, c->v->spec->allow_undefined_key);
}

static void undef_text(const struct field_ctx *c, struct pk_field_value *o)
{
	char t[PK_KEYSUMMARY_BYTES];

	fv_text(o, keysummary_text(c->v, t, sizeof(t)));
}

static void serverless_max(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)PK_PROVISION_SERVERLESS_MAX_BYTES);
}

static void billed(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->billed_ru_per_s[c->idx[0]]);
}

static void billed_classic(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->billed_classic[c->idx[0]]);
}

static void billed_dynamic(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->billed_dynamic[c->idx[0]]);
}

static void fabric_profile(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_text(o, "fabric");
}

static void fabric_cu(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, fabric_cu_hours(c->v->billed_ru_per_s[c->idx[0]]));
}

/* The container's notes (rules 33, 34, report_notes.h) */
static void notes_n(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)field_notes(c, NULL));
}

static void note_at(const struct field_ctx *c, struct pk_field_value *o)
{
	struct pk_report_note notes[PK_REPORT_NOTES_MAX];

	field_notes(c, notes);
	fv_text(o, notes[c->idx[0]].text);
}

static void autoscale_mode(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->v->autoscale_dynamic ? "dynamic" : "classic");
}

static void policy(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, "custom");
}

static void unusable(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->ru_per_s - c->v->effective_ru_per_s);
}

static void query_route(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_query *q = c->obj;

	if (q->sent) {
		fv_text(o, report_json_route(q->route));
	} else {
		fv_null(o);
	}
}

static void query_ru_mean(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_query *q = c->obj;

	fv_real(o, q->served ? metrics_ru(q->ru_mru) / (double)q->served : 0.0);
}

static void range_p99(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_range *p = c->obj;
	const struct pk_result_lineage *l = result_lineage(c->v, p->id);

	if (l && l->nru_p99_pct >= 0) {
		fv_real(o, l->nru_p99_pct / 100.0);
	} else {
		fv_null(o);
	}
}

static void default_ttl(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->spec->default_ttl_s);
}

static void lp_key(const struct field_ctx *c, struct pk_field_value *o)
{
	field_key_lp(c->v, c->obj, -1, o);
}

static void lp_key_level(const struct field_ctx *c, struct pk_field_value *o)
{
	field_key_lp(c->v, c->obj, (long)c->idx[1], o);
}

static void lp_key_undefined(const struct field_ctx *c,
			     struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;

	if (result_key_undefined(c->v, lp->key, lp->key_len)) {
		fv_bool(o, 1);
	}
}

static void lp_range(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", c->v->ranges[lp->range].id);
	fv_text(o, buf);
}

static void lp_ru_share(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;

	fv_real(
	    o, share((double)lp->ru_mru, (double)c->v->metrics->totals.ru_mru));
}

static void lp_storage_share(const struct field_ctx *c,
			     struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;

	fv_real(o,
		share((double)lp->storage_bytes, (double)c->v->storage_bytes));
}

static void two(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, 2);
}

static void child_id(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", e->children[c->idx[1]]);
	fv_text(o, buf);
}

static void child_min(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;
	char buf[PK_EPK_HEX_MAX];

	epk_format(&e->min[c->idx[1]], buf);
	fv_text(o, buf);
}

static void child_max(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;
	char buf[PK_EPK_HEX_MAX];

	epk_format(&e->max[c->idx[1]], buf);
	fv_text(o, buf);
}

static void split_reason(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;

	fv_text(o, metrics_split_reason(e->reason));
}

static void action_what(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_action *e = c->obj;

	fv_text(o, metrics_action_name(e->kind));
}

static void findings_n(const struct field_ctx *c, struct pk_field_value *o)
{
	size_t n;

	field_findings(c, &n);
	fv_int(o, (int64_t)n);
}

static void finding(const struct field_ctx *c, struct pk_field_value *o)
{
	size_t n;

	fv_text(o, field_findings(c, &n)[c->idx[0]]);
}

static void hottest_key(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->hottest_key, s->have_hottest && !s->hottest_undefined,
		       -1, o);
}

static void hottest_level(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->hottest_key, s->have_hottest && !s->hottest_undefined,
		       (long)c->idx[0], o);
}

static void hottest_undefined(const struct field_ctx *c,
			      struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	if (s->hottest_undefined) {
		fv_bool(o, 1);
	}
}

static void days_to_20gb(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	if (s->full_kind == PK_FULL_DAYS) {
		fv_real(o, s->days_to_full);
	} else {
		fv_null(o);
	}
}

static void full_kind(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	fv_text(o, report_json_full_kind(s->full_kind));
}

static void full_basis(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, report_json_full_basis(c->obj));
}

static void bound_bucket(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	if (s->runway.bound_range != UINT32_MAX && s->runway.bound_bucket > 0) {
		fv_int(o, s->runway.bound_bucket);
	} else {
		fv_null(o);
	}
}

static void full_text(const struct field_ctx *c, struct pk_field_value *o)
{
	char t[640];

	fv_text(o, scorecard_full_text(c->r, c->obj, 0, t, sizeof(t)));
}

static void full_key(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->full_key, s->full_key[0] != '\0', -1, o);
}

static void full_level(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->full_key, s->full_key[0] != '\0', (long)c->idx[0], o);
}

static void sc_name(const struct field_ctx *c, struct pk_field_value *o)
{
	if (c->r->sc->name) {
		fv_text(o, c->r->sc->name);
	}
}

static void sc_duration(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->r->end_ms / 1000);
}

static void sc_fingerprint(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->r->sc->fingerprint);
}

/* The order the ranking took (the JSON writer's scenario.rank_by),
   written with the scorecards */
static void sc_rank_by(const struct field_ctx *c, struct pk_field_value *o)
{
	char by[PK_RANK_BY_BYTES];

	fv_text(o, scorecard_rank_by_text(c->r->sc->rank_by, by));
}

static void log_file(const struct field_ctx *c, struct pk_field_value *o)
{
	if (c->r->sc->items_file->path) {
		fv_text(o, c->r->sc->items_file->path);
	}
}

static void log_table(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, PK_MONITOR_TABLE);
}

static void log_ru(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_monitor_log *m = c->obj;

	fv_real(o, (double)m->total_mru / 1000.0);
}

static void log_split(const struct field_ctx *c, struct pk_field_value *o)
{
	int64_t s = c->r->sc->items_file->split_mru;

	if (s) {
		fv_real(o, (double)s / 1000.0);
	} else {
		fv_null(o);
	}
}

/* first_403_s: the second of the first 403/1014 of the logical
   partitions listed full, -1 when none */
static void first_403(const struct field_ctx *c, struct pk_field_value *o)
{
	int64_t first = -1;
	size_t i;

	for (i = 0; i < c->v->n_full_listed; i++) {
		int64_t t = c->v->full[i].full_at_ms;

		if (t >= 0 && (first < 0 || t < first)) {
			first = t;
		}
	}
	fv_int(o, first < 0 ? -1 : first / 1000);
}

/* range_429_rate[ID]: throttled_429 / requests of range ID at the end (0
   without requests); absent when no range at the end has that id */
static void range_429_rate(const struct field_ctx *c, struct pk_field_value *o)
{
	size_t i;
	char buf[16];

	for (i = 0; i < c->v->n_ranges; i++) {
		const struct pk_result_range *p = &c->v->ranges[i];

		snprintf(buf, sizeof(buf), "%u", p->id);
		if (strcmp(buf, c->id) == 0) {
			/* as the report's integers read back */
			double req = (double)(int64_t)p->requests;

			o->absent = 0;
			o->is_num = 1;
			o->num = req > 0
				     ? (double)(int64_t)p->throttled_429 / req
				     : 0;
		}
	}
}

/* ---- the table ---- */

#define OF(T, m) offsetof(struct T, m)
/* a member m of sel's object T, converted by cv, written when w */
#define M(p, sel, T, m, cv, w)                                                 \
	{                                                                      \
		p, sel, cv, w, 0, OF(T, m), NULL                               \
	}
/* a figure fn computes from sel's object */
#define FN(p, sel, w, fn)                                                      \
	{                                                                      \
		p, sel, CV_FN, w, 0, 0, fn                                     \
	}
#define VAR(p, m, cv, w) M(p, SEL_VARIANT, pk_result_variant, m, cv, w)
#define MET(p, m, cv) M(p, SEL_METRICS, pk_metrics, m, cv, 0)
#define TOT(p, m, cv, w) M("totals." p, SEL_TOTALS, pk_totals, m, cv, w)
#define TTL(p, m, cv) M("ttl." p, SEL_TTL, pk_ttl_totals, m, cv, FW_TTL)
#define TTLM(p, m, cv)                                                         \
	M("ttl.per_minute[]." p, SEL_TTL_MIN, pk_ttl_minute, m, cv, FW_TTL)
#define RANGE(p, m, cv, w)                                                     \
	M("physical_partitions[]." p, SEL_RANGE, pk_result_range, m, cv, w)
#define QUERY(p, m, cv)                                                        \
	M("queries.by_query[]." p, SEL_QUERY, pk_result_query, m, cv, 0)
#define CARD(p, m, cv) M("scorecard." p, SEL_CARD, pk_scorecard, m, cv, 0)
#define LOG(p, m, cv)                                                          \
	M("scenario.monitor_log." p, SEL_MONITOR, pk_monitor_log, m, cv,       \
	  FW_MONITOR)
/* one stream's operations of kind k (-1: all), written when w */
#define OPS(p, m, cv, k, w)                                                    \
	{                                                                      \
		p, SEL_STREAM_OPS, cv, FW_STREAMS | (w), k,                    \
		    OF(pk_result_stream_ops, m), NULL                          \
	}
#define STREAM_OPS(P, k, w)                                                    \
	OPS(P ".operations", operations, CV_U64, k, w),                        \
	    OPS(P ".not_sent", not_sent, CV_U64, k, w),                        \
	    OPS(P ".succeeded", succeeded, CV_U64, k, w),                      \
	    OPS(P ".throttled_429", throttled_429, CV_U64, k, w),              \
	    OPS(P ".throttled_3212", throttled_3212, CV_U64, k,                \
		(w) | FW_SPLIT_429),                                           \
	    OPS(P ".throttled_low_429", throttled_low_429, CV_U64, k,          \
		(w) | FW_SPLIT_429),                                           \
	    OPS(P ".failed_429", failed_429, CV_U64, k, w),                    \
	    OPS(P ".failed_other", failed_other, CV_U64, k, w),                \
	    OPS(P ".ru", ru_mru, CV_MRU, k, w),                                \
	    OPS(P ".retry_wait_p50_ms", wait_p50_ms, CV_I64_NULL, k, w),       \
	    OPS(P ".retry_wait_p99_ms", wait_p99_ms, CV_I64_NULL, k, w)
#define BY_KIND(name, k) STREAM_OPS("streams[].by_kind." name, k, FW_KIND)
/* a logical partition of list L (sel S: top_ru or top_storage), n its
   length's member */
#define LP_FIELDS(L, S, n)                                                     \
	VAR(L, n, CV_SIZE, 0), FN(L "[].key", S, 0, lp_key),                   \
	    FN(L "[].key[]", S, 0, lp_key_level),                              \
	    FN(L "[].key_undefined", S, 0, lp_key_undefined),                  \
	    M(L "[].epk", S, pk_result_lp, epk, CV_EPK, 0),                    \
	    FN(L "[].range", S, 0, lp_range),                                  \
	    M(L "[].ru", S, pk_result_lp, ru_mru, CV_MRU, 0),                  \
	    FN(L "[].ru_share", S, 0, lp_ru_share),                            \
	    M(L "[].requests", S, pk_result_lp, requests, CV_U64, 0),          \
	    M(L "[].retries", S, pk_result_lp, retries, CV_U64, 0),            \
	    M(L "[].throttled_429", S, pk_result_lp, throttled_429, CV_U64,    \
	      0),                                                              \
	    M(L "[].rejected_403", S, pk_result_lp, rejected_403, CV_U64, 0),  \
	    M(L "[].items", S, pk_result_lp, items, CV_U64, 0),                \
	    M(L "[].storage_bytes", S, pk_result_lp, storage_bytes, CV_U64,    \
	      0),                                                              \
	    FN(L "[].storage_share", S, 0, lp_storage_share)

const struct field_reader field_readers[] = {
    VAR("name", name, CV_STR, 0),
    FN("partition_key", SEL_VARIANT, 0, partition_key),
    FN("service", SEL_VARIANT, FW_DDB, service_of),
    FN("capacity_mode", SEL_VARIANT, FW_DDB, capacity_mode_of),
    VAR("throughput_ru_per_s", ru_per_s, CV_I64, 0),
    FN("layout.origin", SEL_VARIANT, 0, layout_origin_of),
    VAR("layout.physical_partitions", created_ranges, CV_SIZE, 0),
    FN("layout.ru_per_s", SEL_VARIANT, 0, layout_ru),
    FN("layout.ru_per_s_per_partition", SEL_VARIANT, 0, layout_ru_each),
    FN("layout.stored_bytes", SEL_VARIANT, 0, layout_stored),
    VAR("layout.preloaded_items", preload_items, CV_U64, FW_PRELOAD),
    VAR("layout.preloaded_bytes", preload_bytes, CV_U64, FW_PRELOAD),
    VAR("layout.preloaded_logical_partitions", preload_lps, CV_U64, FW_PRELOAD),
    VAR("layout.preloaded_spread", preload_spread, CV_BOOL, FW_PRELOAD),
    VAR("layout.preloaded_refused", preload_refused, CV_U64, FW_PRELOAD),
    FN("service_notes", SEL_VARIANT, FW_NOTES, notes_n),
    FN("service_notes[]", SEL_VARIANT, FW_NOTES, note_at),
    VAR("undefined_key.items", key_items, CV_U64, FW_UNDEF_KEY),
    VAR("undefined_key.without_key_property", key_missing, CV_U64,
	FW_UNDEF_KEY),
    FN("undefined_key.allowed", SEL_VARIANT, FW_UNDEF_KEY, undef_allowed),
    FN("undefined_key.text", SEL_VARIANT, FW_UNDEF_KEY, undef_text),
    VAR("serverless.ru_per_s", ru_per_s, CV_I64, FW_SERVERLESS),
    VAR("serverless.physical_partitions", n_ranges, CV_SIZE, FW_SERVERLESS),
    FN("serverless.max_storage_bytes", SEL_VARIANT, FW_SERVERLESS,
       serverless_max),
    VAR("autoscale.max_ru_per_s", ru_per_s, CV_I64, FW_AUTOSCALE),
    VAR("autoscale.min_ru_per_s", autoscale_floor, CV_I64, FW_AUTOSCALE),
    VAR("autoscale.billed_ru_per_s_per_hour", n_hours, CV_I64, FW_AUTOSCALE),
    FN("autoscale.billed_ru_per_s_per_hour[]", SEL_VARIANT, FW_AUTOSCALE,
       billed),
    FN("autoscale.mode", SEL_VARIANT, FW_AUTOSCALE, autoscale_mode),
    VAR("autoscale.classic_billed_ru_per_s_per_hour", n_hours, CV_I64,
	FW_AUTOSCALE),
    FN("autoscale.classic_billed_ru_per_s_per_hour[]", SEL_VARIANT,
       FW_AUTOSCALE, billed_classic),
    VAR("autoscale.dynamic_billed_ru_per_s_per_hour", n_hours, CV_I64,
	FW_AUTOSCALE),
    FN("autoscale.dynamic_billed_ru_per_s_per_hour[]", SEL_VARIANT,
       FW_AUTOSCALE, billed_dynamic),
    FN("autoscale.profile", SEL_VARIANT, FW_AUTOSCALE | FW_FABRIC,
       fabric_profile),
    VAR("autoscale.fabric_cu_hours_per_hour", n_hours, CV_I64,
	FW_AUTOSCALE | FW_FABRIC),
    FN("autoscale.fabric_cu_hours_per_hour[]", SEL_VARIANT,
       FW_AUTOSCALE | FW_FABRIC, fabric_cu),
    FN("fleet_pool.min_ru_per_s", SEL_VARIANT, FW_FLEET, field_fleet_min),
    FN("fleet_pool.max_ru_per_s", SEL_VARIANT, FW_FLEET, field_fleet_max),
    FN("fleet_pool.extra_ru_per_s_per_partition", SEL_VARIANT, FW_FLEET,
       field_fleet_extra),
    FN("fleet_pool.partition_cap_ru_per_s", SEL_VARIANT, FW_FLEET,
       field_fleet_cap),
    FN("fleet_pool.lent_ru", SEL_VARIANT, FW_FLEET, field_fleet_lent),
    FN("fleet_pool.peak_lent_ru_per_s", SEL_VARIANT, FW_FLEET,
       field_fleet_peak),
    FN("fleet_pool.billed_ru_per_s_per_hour", SEL_VARIANT, FW_FLEET,
       field_fleet_hours),
    FN("fleet_pool.billed_ru_per_s_per_hour[]", SEL_VARIANT, FW_FLEET,
       field_fleet_billed),
    FN("throughput_policy.policy", SEL_VARIANT, FW_POLICY, policy),
    VAR("throughput_policy.effective_ru_per_s", effective_ru_per_s, CV_I64,
	FW_POLICY),
    FN("throughput_policy.unusable_ru_per_s", SEL_VARIANT, FW_POLICY, unusable),
    FN("money.priced", SEL_NONE, 0, field_money_priced),
    FN("money.why", SEL_NONE, FW_NO_MONEY, field_money_why),
    FN("money.mode", SEL_NONE, FW_MONEY, field_money_mode),
    FN("money.billing_date", SEL_NONE, FW_MONEY, field_money_date),
    FN("money.billing_date_from", SEL_NONE, FW_MONEY, field_money_from),
    FN("money.month_prices_of", SEL_NONE, FW_MONEY, field_money_prices_of),
    FN("money.region", SEL_NONE, FW_MONEY, field_money_region),
    FN("money.currency", SEL_NONE, FW_MONEY, field_money_currency),
    FN("money.table", SEL_NONE, FW_MONEY, field_money_table),
    FN("money.table_date", SEL_NONE, FW_MONEY, field_money_table_date),
    FN("money.hours", SEL_NONE, FW_MONEY, field_money_hours),
    FN("money.throughput_cost", SEL_NONE, FW_MONEY, field_money_tp),
    FN("money.storage_cost", SEL_NONE, FW_MONEY, field_money_storage),
    FN("money.cost", SEL_NONE, FW_MONEY, field_money_cost),
    FN("money.cost_per_hour", SEL_NONE, FW_MONEY, field_money_hourly),
    FN("money.month_cost", SEL_NONE, FW_MONEY, field_money_month),
    FN("money.month_cost_720h", SEL_NONE, FW_MONEY, field_money_month_720),
    FN("money.month_basis", SEL_NONE, FW_MONEY, field_money_basis),
    FN("money.reads_cost", SEL_NONE, FW_DDB_MONEY, field_money_reads),
    FN("money.pool_cost", SEL_NONE, FW_MONEY | FW_FLEET, field_money_pool),
    FN("money.cu_hours", SEL_NONE, FW_MONEY | FW_FABRIC, field_money_cu),
    FN("money.ondemand_cost", SEL_NONE, FW_ONDEMAND, field_money_od_cost),
    FN("money.ondemand_month_cost", SEL_NONE, FW_ONDEMAND,
       field_money_od_month),
    FN("money.ondemand_wru_millions", SEL_NONE, FW_ONDEMAND,
       field_money_od_wru),
    FN("money.ondemand_rru_millions", SEL_NONE, FW_ONDEMAND,
       field_money_od_rru),
    FN("money.breakeven_write_share", SEL_NONE, FW_ONDEMAND,
       field_money_even_w),
    FN("money.breakeven_read_share", SEL_NONE, FW_ONDEMAND, field_money_even_r),
    FN("money.write_used_share", SEL_NONE, FW_ONDEMAND, field_money_use_w),
    FN("money.read_used_share", SEL_NONE, FW_ONDEMAND, field_money_use_r),
    FN("money.rows", SEL_NONE, FW_MONEY, field_money_n),
    FN("money.rows[].line", SEL_NONE, FW_MONEY, field_money_line),
    FN("money.rows[].meter", SEL_NONE, FW_MONEY, field_money_meter),
    FN("money.rows[].price", SEL_NONE, FW_MONEY, field_money_price),
    FN("money.rows[].status", SEL_NONE, FW_MONEY, field_money_status),
    TOT("operations", operations, CV_U64, 0),
    TOT("operations_not_sent", not_sent_no_target, CV_U64, 0),
    TOT("requests", attempts, CV_U64, 0),
    TOT("retries", retries, CV_U64, 0),
    TOT("succeeded", succeeded, CV_U64, 0),
    TOT("throttled_429", throttled_429, CV_U64, 0),
    TOT("throttled_3212", throttled_3212, CV_U64, FW_SPLIT_429),
    TOT("throttled_low_429", throttled_low_429, CV_U64, FW_SPLIT_429),
    FN("totals.throttled_by_reason", SEL_NONE, FW_REASONS, field_reasons_n),
    FN("totals.throttled_by_reason[].reason", SEL_NONE, FW_REASONS,
       field_reason_name),
    FN("totals.throttled_by_reason[].count", SEL_NONE, FW_REASONS,
       field_reason_count),
    TOT("failed_after_retries", failed_after_retries, CV_U64, 0),
    TOT("rejected_403", rejected_403, CV_U64, 0),
    TOT("not_found_404", not_found_404, CV_U64, 0),
    TOT("conflict_409", conflict_409, CV_U64, 0),
    TOT("bad_request_400", bad_request_400, CV_U64, 0),
    TOT("too_large_413", too_large_413, CV_U64, 0),
    TOT("batches", batches, CV_U64, FW_BATCHES),
    TOT("batches_committed", batches_committed, CV_U64, FW_BATCHES),
    TOT("batches_rejected", batches_rejected_400, CV_U64, FW_BATCHES),
    TOT("batch_items", batch_items, CV_U64, FW_BATCHES),
    TOT("key_values", key_values, CV_U64, FW_KEY_RANDOM),
    TOT("reads_as_queries", key_queries, CV_U64, FW_KEY_RANDOM),
    TOT("reads_as_fanout_queries", key_fanouts, CV_U64, FW_KEY_RANDOM),
    TOT("reads_as_queries_ru", key_query_mru, CV_MRU, FW_KEY_RANDOM),
    TOT("ru_consumed", ru_mru, CV_MRU, 0),
    TOT("ru_offered", offered_mru, CV_MRU, 0),
    TOT("ru_retried", retry_mru, CV_MRU, 0),
    TOT("retry_wait_ms", retry_wait_ms, CV_U64, 0),
    VAR("totals.retry_wait_p50_ms", wait_p50_ms, CV_I64_NULL, 0),
    VAR("totals.retry_wait_p99_ms", wait_p99_ms, CV_I64_NULL, 0),
    VAR("totals.last_answer_ms", last_answer_ms, CV_I64, FW_CLOSED),
    VAR("totals.first_ms", first_ms, CV_I64, FW_CLOSED),
    VAR("totals.achieved_succeeded_per_s", achieved_ops_per_s, CV_DOUBLE,
	FW_CLOSED),
    TOT("gone_410", gone_410, CV_U64, 0),
    TOT("failed_after_410", failed_after_410, CV_U64, 0),
    TOT("container_full_403", container_full_403, CV_U64, 0),
    VAR("totals.utilisation", utilisation, CV_DOUBLE, 0),
    VAR("totals.read_utilisation", read_utilisation, CV_DOUBLE, FW_DDB),
    VAR("totals.write_utilisation", write_utilisation, CV_DOUBLE, FW_DDB),
    FN("totals.logical_partitions", SEL_VARIANT, 0, lps_live),
    FN("totals.logical_partitions_seen", SEL_VARIANT, 0, lps_seen),
    VAR("totals.storage_bytes", storage_bytes, CV_U64, 0),
    M("queries.single", SEL_TOTALS, pk_totals, queries[PK_ROUTE_SINGLE], CV_U64,
      0),
    M("queries.targeted", SEL_TOTALS, pk_totals, queries[PK_ROUTE_TARGETED],
      CV_U64, 0),
    M("queries.fanout", SEL_TOTALS, pk_totals, queries[PK_ROUTE_FANOUT], CV_U64,
      0),
    M("queries.ranges_visited", SEL_TOTALS, pk_totals, query_ranges, CV_U64, 0),
    M("queries.fanout_ru", SEL_TOTALS, pk_totals, fanout_mru, CV_MRU, 0),
    VAR("queries.by_query", n_queries, CV_SIZE, 0),
    QUERY("name", name, CV_STR),
    QUERY("phase", phase, CV_STR_NULL),
    FN("queries.by_query[].route", SEL_QUERY, 0, query_route),
    QUERY("served", served, CV_U64),
    QUERY("throttled_429", throttled_429, CV_U64),
    QUERY("ranges_visited", ranges_visited, CV_U64),
    QUERY("ru", ru_mru, CV_MRU),
    FN("queries.by_query[].ru_mean", SEL_QUERY, 0, query_ru_mean),
    FN("change_feed.consumers", SEL_VARIANT, FW_COSMOS, field_cfeed_consumers),
    FN("change_feed.leases", SEL_VARIANT, FW_COSMOS, field_cfeed_leases),
    FN("change_feed.leases_with_changes", SEL_VARIANT, FW_COSMOS,
       field_cfeed_busy),
    FN("change_feed.consumers_with_work", SEL_VARIANT, FW_COSMOS,
       field_cfeed_with_work),
    FN("change_feed.changes", SEL_VARIANT, FW_COSMOS, field_cfeed_changes),
    FN("change_feed.retired_changes", SEL_VARIANT, FW_COSMOS,
       field_cfeed_retired),
    FN("change_feed.busiest_lease_range", SEL_VARIANT, FW_COSMOS,
       field_cfeed_busiest),
    FN("change_feed.busiest_lease_changes_per_s", SEL_VARIANT, FW_COSMOS,
       field_cfeed_rate),
    FN("change_feed.busiest_lease_share", SEL_VARIANT, FW_COSMOS,
       field_cfeed_share),
    FN("change_feed.sentence", SEL_VARIANT, FW_COSMOS, field_cfeed_sentence),
    VAR("physical_partitions", n_ranges, CV_SIZE, 0),
    RANGE("id", id, CV_RANGE, 0),
    RANGE("min", min, CV_EPK, 0),
    RANGE("max", max, CV_EPK, 0),
    RANGE("ru_per_s", ru_per_s_mru, CV_MRU, 0),
    RANGE("storage_bytes", storage_bytes, CV_U64, 0),
    FN("physical_partitions[].logical_partitions", SEL_RANGE, 0, range_lps),
    RANGE("peak_normalized_ru", peak_normalized, CV_DOUBLE, 0),
    RANGE("parent", parent, CV_RANGE_NULL, 0),
    RANGE("created_s", born_s, CV_I64_NULL, 0),
    FN("physical_partitions[].p99_normalized_ru", SEL_RANGE, 0, range_p99),
    RANGE("throttled_429", throttled_429, CV_U64, 0),
    RANGE("requests", requests, CV_U64, 0),
    RANGE("retries", retries, CV_U64, 0),
    RANGE("ru_consumed", ru_mru, CV_MRU, 0),
    RANGE("ttl_pending_bytes", ttl_pending_bytes, CV_U64, FW_TTL),
    RANGE("changes", changes, CV_U64, FW_COSMOS),
    FN("physical_partitions[].changes_per_s", SEL_RANGE, FW_COSMOS,
       field_cfeed_range_rate),
    FN("indexes", SEL_NONE, FW_DDB_INDEXES, field_gsi_n),
    FN("indexes[].name", SEL_NONE, FW_DDB_INDEXES, field_gsi_name),
    FN("indexes[].partition_key", SEL_NONE, FW_DDB_INDEXES, field_gsi_key),
    FN("indexes[].projection", SEL_NONE, FW_DDB_INDEXES, field_gsi_proj),
    FN("indexes[].read_capacity_units", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_rcu),
    FN("indexes[].write_capacity_units", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_wcu),
    FN("indexes[].partitions", SEL_NONE, FW_DDB_INDEXES, field_gsi_parts),
    FN("indexes[].wcu_consumed", SEL_NONE, FW_DDB_INDEXES, field_gsi_used),
    FN("indexes[].wcu_provisioned_over_run", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_cap),
    FN("indexes[].write_utilisation", SEL_NONE, FW_DDB_INDEXES, field_gsi_util),
    FN("indexes[].rcu_consumed", SEL_NONE, FW_DDB_INDEXES, field_gsi_rcu_used),
    FN("indexes[].throttled", SEL_NONE, FW_DDB_INDEXES, field_gsi_throttled),
    FN("indexes[].throttled_by_reason", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_reasons_n),
    FN("indexes[].throttled_by_reason[].reason", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_reason),
    FN("indexes[].throttled_by_reason[].count", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_reason_count),
    FN("indexes[].first_throttle_s", SEL_NONE, FW_DDB_INDEXES, field_gsi_first),
    FN("indexes[].by_partition", SEL_NONE, FW_DDB_INDEXES, field_gsi_parts),
    FN("indexes[].by_partition[].partition", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_part_ix),
    FN("indexes[].by_partition[].wcu_per_s", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_part_share),
    FN("indexes[].by_partition[].wcu_consumed", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_part_used),
    FN("indexes[].by_partition[].peak_second_wcu", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_part_peak),
    FN("indexes[].by_partition[].peak_t_s", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_part_peak_t),
    FN("indexes[].by_partition[].throttled", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_part_throttled),
    FN("indexes[].per_minute", SEL_NONE, FW_DDB_INDEXES, field_gsi_min_n),
    FN("indexes[].per_minute[].t_s", SEL_NONE, FW_DDB_INDEXES, field_gsi_min_t),
    FN("indexes[].per_minute[].wcu_consumed", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_min_used),
    FN("indexes[].per_minute[].peak_second_wcu", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_min_peak),
    FN("indexes[].per_minute[].throttled", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_min_thr),
    FN("indexes[].per_minute[].peak_second_throttled", SEL_NONE, FW_DDB_INDEXES,
       field_gsi_min_peak_thr),
    FN("ttl.default_ttl_s", SEL_VARIANT, FW_TTL, default_ttl),
    TTL("expired", expired, CV_U64),
    TTL("deleted", deleted, CV_U64),
    TTL("replaced", replaced, CV_U64),
    TTL("pending_items", pending_items, CV_U64),
    TTL("pending_bytes", pending_bytes, CV_U64),
    TTL("peak_pending_bytes", peak_pending_bytes, CV_U64),
    TTL("peak_pending_t_s", peak_pending_t_s, CV_I64_NULL),
    TTL("delete_ru", delete_mru, CV_MRU),
    M("ttl.per_minute", SEL_METRICS, pk_metrics, n_ttl_minutes, CV_SIZE,
      FW_TTL),
    TTLM("t_s", t_s, CV_I64),
    TTLM("expired", expired, CV_U64),
    TTLM("deleted", deleted, CV_U64),
    TTLM("delete_ru", delete_mru, CV_MRU),
    TTLM("pending_items", pending_items, CV_U64),
    TTLM("pending_bytes", pending_bytes, CV_U64),
    TTLM("storage_bytes", stored_bytes, CV_U64),
    VAR("streams", n_streams, CV_SIZE, FW_STREAMS),
    M("streams[].name", SEL_STREAM, pk_result_stream, name, CV_STR, FW_STREAMS),
    STREAM_OPS("streams[].totals", -1, 0),
    M("streams[].totals.last_answer_ms", SEL_STREAM, pk_result_stream,
      last_answer_ms, CV_I64, FW_STREAMS | FW_STREAM_CLOSED),
    M("streams[].totals.first_ms", SEL_STREAM, pk_result_stream, first_ms,
      CV_I64, FW_STREAMS | FW_STREAM_CLOSED),
    M("streams[].totals.achieved_succeeded_per_s", SEL_STREAM, pk_result_stream,
      achieved_ops_per_s, CV_DOUBLE, FW_STREAMS | FW_STREAM_CLOSED),
    BY_KIND("create", PK_OP_CREATE),
    BY_KIND("upsert", PK_OP_UPSERT),
    BY_KIND("read", PK_OP_READ),
    BY_KIND("replace", PK_OP_REPLACE),
    BY_KIND("delete", PK_OP_DELETE),
    BY_KIND("query", PK_OP_QUERY),
    BY_KIND("batch", PK_OP_BATCH),
    BY_KIND("charge", PK_OP_CHARGE),
    LP_FIELDS("hot_logical_partitions", SEL_HOT, n_top_ru),
    LP_FIELDS("largest_logical_partitions", SEL_LARGEST, n_top_storage),
    MET("splits", n_splits, CV_SIZE),
    M("splits[].t_s", SEL_SPLIT, pk_split_event, t_s, CV_I64, 0),
    M("splits[].parent", SEL_SPLIT, pk_split_event, parent, CV_RANGE, 0),
    FN("splits[].children", SEL_SPLIT, 0, two),
    FN("splits[].children[].id", SEL_SPLIT, 0, child_id),
    FN("splits[].children[].min", SEL_SPLIT, 0, child_min),
    FN("splits[].children[].max", SEL_SPLIT, 0, child_max),
    FN("splits[].reason", SEL_SPLIT, 0, split_reason),
    MET("throughput_changes", n_changes, CV_SIZE),
    M("throughput_changes[].t_s", SEL_CHANGE, pk_throughput_event, t_s, CV_I64,
      0),
    M("throughput_changes[].effective_t_s", SEL_CHANGE, pk_throughput_event,
      effective_t_s, CV_I64_NULL, 0),
    M("throughput_changes[].would_apply_t_s", SEL_CHANGE, pk_throughput_event,
      planned_t_s, CV_I64, FW_UNFINISHED),
    M("throughput_changes[].from_ru_per_s", SEL_CHANGE, pk_throughput_event,
      from_ru_per_s, CV_I64, 0),
    M("throughput_changes[].to_ru_per_s", SEL_CHANGE, pk_throughput_event,
      to_ru_per_s, CV_I64, 0),
    M("throughput_changes[].partitions_before", SEL_CHANGE, pk_throughput_event,
      ranges_before, CV_SIZE, 0),
    M("throughput_changes[].partitions_after", SEL_CHANGE, pk_throughput_event,
      ranges_after, CV_SIZE, 0),
    MET("actions", n_actions, CV_SIZE),
    M("actions[].t_s", SEL_ACTION, pk_action, t_s, CV_I64, 0),
    FN("actions[].what", SEL_ACTION, 0, action_what),
    M("actions[].detail", SEL_ACTION, pk_action, detail, CV_CHARS, 0),
    MET("per_minute", n_minutes, CV_SIZE),
    M("per_minute[].t_s", SEL_MINUTE, pk_second, t_s, CV_I64, 0),
    M("per_minute[].normalized_ru", SEL_MINUTE, pk_second, max_normalized,
      CV_DOUBLE, 0),
    M("per_minute[].ru_consumed", SEL_MINUTE, pk_second, served_mru, CV_MRU, 0),
    M("per_minute[].ru_offered", SEL_MINUTE, pk_second, offered_mru, CV_MRU, 0),
    M("per_minute[].ru_retried", SEL_MINUTE, pk_second, retry_mru, CV_MRU, 0),
    M("per_minute[].retries", SEL_MINUTE, pk_second, retries, CV_U64, 0),
    M("per_minute[].throttled_429", SEL_MINUTE, pk_second, throttled_429,
      CV_U64, 0),
    M("per_minute[].peak_second_ru", SEL_MINUTE, pk_second, peak_served_mru,
      CV_MRU, FW_DDB),
    M("per_minute[].peak_second_throttled_429", SEL_MINUTE, pk_second,
      peak_throttled, CV_U64, FW_DDB),
    FN("findings", SEL_NONE, 0, findings_n),
    FN("findings[]", SEL_NONE, 0, finding),
    FN("remedies.replays", SEL_NONE, FW_REMEDIES, field_rem_replays),
    FN("remedies.max_replays", SEL_NONE, FW_REMEDIES, field_rem_max),
    FN("remedies.not_replayed", SEL_NONE, FW_REMEDIES, field_rem_not_replayed),
    FN("remedies.setting", SEL_NONE, FW_REMEDIES, field_rem_setting),
    FN("remedies.start_ru_per_s", SEL_NONE, FW_REMEDIES, field_rem_start),
    FN("remedies.max_without_split_ru_per_s", SEL_NONE, FW_REMEDIES,
       field_rem_cap),
    FN("remedies.throttled_429", SEL_NONE, FW_REMEDIES, field_rem_429),
    FN("remedies.failed_after_retries", SEL_NONE, FW_REMEDIES,
       field_rem_failed),
    FN("remedies.redistribution", SEL_NONE, FW_REMEDIES, field_rem_redist_n),
    FN("remedies.redistribution[].range_id", SEL_NONE, FW_REMEDIES,
       field_rem_redist_id),
    FN("remedies.redistribution[].ru_per_s_before", SEL_NONE, FW_REMEDIES,
       field_rem_redist_before),
    FN("remedies.redistribution[].ru_per_s_after", SEL_NONE, FW_REMEDIES,
       field_rem_redist_after),
    FN("remedies.bulk_stream", SEL_NONE, FW_REMEDIES, field_rem_bulk),
    FN("remedies.month_cost", SEL_NONE, FW_REMEDIES, field_rem_month),
    FN("remedies.list", SEL_NONE, FW_REMEDIES, field_rem_n),
    FN("remedies.list[].kind", SEL_NONE, FW_REMEDIES, field_rem_kind),
    FN("remedies.list[].status", SEL_NONE, FW_REMEDIES, field_rem_status),
    FN("remedies.list[].ru_per_s", SEL_NONE, FW_REMEDIES, field_rem_ru),
    FN("remedies.list[].rate_limited_ru_per_s", SEL_NONE, FW_REMEDIES,
       field_rem_below),
    FN("remedies.list[].search_start_ru_per_s", SEL_NONE, FW_REMEDIES,
       field_rem_hint),
    FN("remedies.list[].merge_to", SEL_NONE, FW_REMEDIES, field_rem_merge_to),
    FN("remedies.list[].merge_start_s", SEL_NONE, FW_REMEDIES,
       field_rem_merge_start),
    FN("remedies.list[].merge_phase", SEL_NONE, FW_REMEDIES,
       field_rem_merge_phase),
    FN("remedies.list[].merge_from", SEL_NONE, FW_REMEDIES,
       field_rem_merge_from),
    FN("remedies.list[].merge_left", SEL_NONE, FW_REMEDIES,
       field_rem_merge_left),
    FN("remedies.list[].tolerance_ru_per_s", SEL_NONE, FW_REMEDIES,
       field_rem_step),
    FN("remedies.list[].replays", SEL_NONE, FW_REMEDIES,
       field_rem_item_replays),
    FN("remedies.list[].throttled_429", SEL_NONE, FW_REMEDIES,
       field_rem_item_429),
    FN("remedies.list[].failed_after_retries", SEL_NONE, FW_REMEDIES,
       field_rem_item_failed),
    FN("remedies.list[].interactive_throttled_429", SEL_NONE, FW_REMEDIES,
       field_rem_item_inter),
    FN("remedies.list[].month_cost", SEL_NONE, FW_REMEDIES,
       field_rem_item_month),
    FN("remedies.list[].month_cost_change", SEL_NONE, FW_REMEDIES,
       field_rem_item_month_change),
    FN("remedies.list[].physical_partitions", SEL_NONE, FW_REMEDIES,
       field_rem_item_pp),
    FN("remedies.list[].splits", SEL_NONE, FW_REMEDIES, field_rem_item_splits),
    FN("remedies.list[].billed_classic_ru_per_s_per_hour", SEL_NONE,
       FW_REMEDIES, field_rem_hours),
    FN("remedies.list[].billed_classic_ru_per_s_per_hour[]", SEL_NONE,
       FW_REMEDIES, field_rem_classic),
    FN("remedies.list[].billed_dynamic_ru_per_s_per_hour", SEL_NONE,
       FW_REMEDIES, field_rem_hours),
    FN("remedies.list[].billed_dynamic_ru_per_s_per_hour[]", SEL_NONE,
       FW_REMEDIES, field_rem_dynamic),
    FN("remedies.list[].text", SEL_NONE, FW_REMEDIES, field_rem_text),
    FN("scorecard.logical_partitions", SEL_CARD, 0, card_lps),
    FN("scorecard.hottest_key", SEL_CARD, 0, hottest_key),
    FN("scorecard.hottest_key[]", SEL_CARD, 0, hottest_level),
    CARD("hottest_share_requests", hottest_share_requests, CV_DOUBLE),
    CARD("hottest_share_ru", hottest_share_ru, CV_DOUBLE),
    CARD("hottest_share_storage", hottest_share_storage, CV_DOUBLE),
    CARD("storage_max_over_mean", storage_max_over_mean, CV_DOUBLE),
    CARD("peak_normalized_ru", peak_normalized_ru, CV_DOUBLE),
    CARD("peak_range", peak_range, CV_RANGE),
    CARD("throttled_429", throttled_429, CV_U64),
    CARD("failed_after_retries", failed_after_retries, CV_U64),
    CARD("worst_range_429_rate", worst_range_429_rate, CV_DOUBLE),
    CARD("rejected_403", rejected_403, CV_U64),
    CARD("refused_400_409_413", refused, CV_U64),
    FN("scorecard.hottest_key_undefined", SEL_CARD, 0, hottest_undefined),
    FN("scorecard.days_to_20gb", SEL_CARD, 0, days_to_20gb),
    FN("scorecard.days_to_full_kind", SEL_CARD, 0, full_kind),
    FN("scorecard.days_to_full_text", SEL_CARD, 0, full_text),
    FN("scorecard.days_to_full_basis", SEL_CARD, 0, full_basis),
    FN("scorecard.runway_bound_bucket", SEL_CARD, 0, bound_bucket),
    CARD("largest_lp_bytes", largest_lp_bytes, CV_U64),
    FN("scorecard.first_full_key", SEL_CARD, 0, full_key),
    FN("scorecard.first_full_key[]", SEL_CARD, 0, full_level),
    CARD("first_full_bytes", full_lp_bytes, CV_U64),
    CARD("first_full_growth_bytes_per_s", full_rate, CV_DOUBLE),
    CARD("bucket_seconds", bucket.len_s, CV_I64),
    CARD("bucket_period_seconds", bucket.period_s, CV_I64),
    CARD("hottest_range", hottest_range, CV_RANGE),
    CARD("hottest_range_share_ru", hottest_range_share_ru, CV_DOUBLE),
    CARD("range_share_sd", range_share_sd, CV_DOUBLE),
    CARD("ru_of_operations", ru_offered, CV_DOUBLE),
    CARD("queries_single", queries_single, CV_U64),
    CARD("queries_targeted", queries_targeted, CV_U64),
    CARD("fanout_queries", fanout_queries, CV_U64),
    CARD("fanout_ru", fanout_ru, CV_DOUBLE),
    CARD("splits", splits, CV_SIZE),
    M("scorecard.cost_month", SEL_CARD, pk_scorecard, cost_month, CV_DOUBLE,
      FW_MONEY),
    M("scorecard.cost_basis", SEL_CARD, pk_scorecard, cost_basis, CV_CHARS,
      FW_MONEY),
    CARD("rank", rank, CV_SIZE),
    CARD("tied", tied, CV_BOOL),
    CARD("reason", reason, CV_CHARS),
    CARD("verdict", verdict, CV_CHARS),
    FN("scenario.name", SEL_RUN, 0, sc_name),
    M("scenario.seed", SEL_RUN, pk_result, seed, CV_U64, 0),
    FN("scenario.duration_s", SEL_RUN, 0, sc_duration),
    M("scenario.items_created", SEL_RUN, pk_result, items_created, CV_U64, 0),
    M("scenario.operations_skipped", SEL_RUN, pk_result, operations_skipped,
      CV_U64, 0),
    FN("scenario.fingerprint", SEL_RUN, FW_FINGERPRINT, sc_fingerprint),
    FN("scenario.rank_by", SEL_CARD, 0, sc_rank_by),
    FN("scenario.monitor_log.file", SEL_MONITOR, FW_MONITOR, log_file),
    FN("scenario.monitor_log.table", SEL_MONITOR, FW_MONITOR, log_table),
    LOG("rows", n_rows, CV_SIZE),
    LOG("rows_in_file", rows_in_file, CV_SIZE),
    LOG("database", database, CV_STR_NULL),
    LOG("collection", collection, CV_STR_NULL),
    LOG("region", region, CV_STR_NULL),
    LOG("first_ms", first_ms, CV_I64),
    LOG("last_ms", last_ms, CV_I64),
    FN("scenario.monitor_log.ru_recorded", SEL_MONITOR, FW_MONITOR, log_ru),
    FN("scenario.monitor_log.split_ru", SEL_MONITOR, FW_MONITOR, log_split),
    LOG("requests", pieces, CV_U64),
    LOG("ranges_named", ranges, CV_SIZE),
    LOG("repeated_rows", repeated, CV_SIZE),
    VAR("partitions", n_ranges, CV_SIZE, 0),
    FN("first_403_s", SEL_VARIANT, 0, first_403),
    FN("range_429_rate[]", SEL_VARIANT, 0, range_429_rate),
    M("rank", SEL_CARD, pk_scorecard, rank, CV_SIZE, 0),
};

const size_t field_n_readers = sizeof(field_readers) / sizeof(field_readers[0]);
