/*
 * report_field_container: the readers of the fields report_json.c
 * computes rather than copies (report_field_int.h): the variant's key,
 * service and layout, its logical partitions, ranges, queries, splits and
 * actions, its findings, its scorecard's keys and runway, the scenario and
 * the monitor log it replayed. report_field_table.c names each in
 * load/report_fields.def's order.
 */
#include "report_field_int.h"

#include <stdio.h>
#include <string.h>

#include "pksim/load/monitor.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/report/report_json.h"
#include "pksim/service/snapshot.h"

static double share(double part, double whole)
{
	return whole ? part / whole : 0.0;
}

void field_partition_key(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->v->key_text);
}

void field_service_of(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_text(o, "dynamodb");
}

void field_capacity_mode_of(const struct field_ctx *c, struct pk_field_value *o)
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

void field_lps_live(const struct field_ctx *c, struct pk_field_value *o)
{
	lps_or_null(c, c->v->lps_live, o);
}

void field_lps_seen(const struct field_ctx *c, struct pk_field_value *o)
{
	lps_or_null(c, c->v->lps_seen, o);
}

void field_range_lps(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_range *p = c->obj;

	lps_or_null(c, p->logical_partitions, o);
}

void field_card_lps(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	lps_or_null(c, s->logical_partitions, o);
}

void field_layout_origin_of(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, layout_origin(c->v));
}

void field_layout_ru(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, layout_ru_per_s(c->v));
}

void field_layout_ru_each(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o,
		(double)layout_ru_per_s(c->v) / (double)c->v->created_ranges);
}

void field_layout_stored(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)layout_stored_bytes(c->v));
}

void field_undef_allowed(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_bool(o, c->v->spec->allow_undefined_key);
}

void field_undef_text(const struct field_ctx *c, struct pk_field_value *o)
{
	char t[PK_KEYSUMMARY_BYTES];

	fv_text(o, keysummary_text(c->v, t, sizeof(t)));
}

void field_serverless_max(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)PK_PROVISION_SERVERLESS_MAX_BYTES);
}

void field_billed(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->billed_ru_per_s[c->idx[0]]);
}

void field_billed_classic(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->billed_classic[c->idx[0]]);
}

void field_billed_dynamic(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->billed_dynamic[c->idx[0]]);
}

void field_fabric_profile(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_text(o, "fabric");
}

void field_fabric_cu(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, fabric_cu_hours(c->v->billed_ru_per_s[c->idx[0]]));
}

/* The container's notes (rules 33, 34, report_notes.h) */
void field_notes_n(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)field_notes(c, NULL));
}

void field_note_at(const struct field_ctx *c, struct pk_field_value *o)
{
	struct pk_report_note notes[PK_REPORT_NOTES_MAX];

	field_notes(c, notes);
	fv_text(o, notes[c->idx[0]].text);
}

void field_autoscale_mode(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->v->autoscale_dynamic ? "dynamic" : "classic");
}

void field_policy(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, "custom");
}

void field_unusable(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->ru_per_s - c->v->effective_ru_per_s);
}

void field_query_route(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_query *q = c->obj;

	if (q->sent) {
		fv_text(o, report_json_route(q->route));
	} else {
		fv_null(o);
	}
}

void field_query_request(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_query *q = c->obj;

	if (q->sent) {
		fv_text(o, report_json_request(q->route));
	} else {
		fv_null(o);
	}
}

void field_query_ru_mean(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_query *q = c->obj;

	fv_real(o, q->served ? metrics_ru(q->ru_mru) / (double)q->served : 0.0);
}

void field_range_p99(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_range *p = c->obj;
	const struct pk_result_lineage *l = result_lineage(c->v, p->id);

	if (l && l->nru_p99_pct >= 0) {
		fv_real(o, l->nru_p99_pct / 100.0);
	} else {
		fv_null(o);
	}
}

void field_default_ttl(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->spec->default_ttl_s);
}

void field_lp_key(const struct field_ctx *c, struct pk_field_value *o)
{
	field_key_lp(c->v, c->obj, -1, o);
}

void field_lp_key_level(const struct field_ctx *c, struct pk_field_value *o)
{
	field_key_lp(c->v, c->obj, (long)c->idx[1], o);
}

void field_lp_key_undefined(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;

	if (result_key_undefined(c->v, lp->key, lp->key_len)) {
		fv_bool(o, 1);
	}
}

void field_lp_range(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", c->v->ranges[lp->range].id);
	fv_text(o, buf);
}

void field_lp_ru_share(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;

	fv_real(
	    o, share((double)lp->ru_mru, (double)c->v->metrics->totals.ru_mru));
}

void field_lp_storage_share(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_lp *lp = c->obj;

	fv_real(o,
		share((double)lp->storage_bytes, (double)c->v->storage_bytes));
}

void field_two(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, 2);
}

void field_child_id(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", e->children[c->idx[1]]);
	fv_text(o, buf);
}

void field_child_min(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;
	char buf[PK_EPK_HEX_MAX];

	epk_format(&e->min[c->idx[1]], buf);
	fv_text(o, buf);
}

void field_child_max(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;
	char buf[PK_EPK_HEX_MAX];

	epk_format(&e->max[c->idx[1]], buf);
	fv_text(o, buf);
}

void field_split_reason(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_split_event *e = c->obj;

	fv_text(o, metrics_split_reason(e->reason));
}

void field_action_what(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_action *e = c->obj;

	fv_text(o, metrics_action_name(e->kind));
}

void field_findings_n(const struct field_ctx *c, struct pk_field_value *o)
{
	size_t n;

	field_findings(c, &n);
	fv_int(o, (int64_t)n);
}

void field_finding(const struct field_ctx *c, struct pk_field_value *o)
{
	size_t n;

	fv_text(o, field_findings(c, &n)[c->idx[0]]);
}

void field_hottest_key(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->hottest_key, s->have_hottest && !s->hottest_undefined,
		       -1, o);
}

void field_hottest_level(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->hottest_key, s->have_hottest && !s->hottest_undefined,
		       (long)c->idx[0], o);
}

void field_hottest_undefined(const struct field_ctx *c,
			     struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	if (s->hottest_undefined) {
		fv_bool(o, 1);
	}
}

void field_days_to_20gb(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	if (s->full_kind == PK_FULL_DAYS) {
		fv_real(o, s->days_to_full);
	} else {
		fv_null(o);
	}
}

void field_full_kind(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	fv_text(o, report_json_full_kind(s->full_kind));
}

void field_full_basis(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, report_json_full_basis(c->obj));
}

void field_bound_bucket(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	if (s->runway.bound_range != UINT32_MAX && s->runway.bound_bucket > 0) {
		fv_int(o, s->runway.bound_bucket);
	} else {
		fv_null(o);
	}
}

void field_full_text(const struct field_ctx *c, struct pk_field_value *o)
{
	char t[640];

	fv_text(o, scorecard_full_text(c->r, c->obj, 0, t, sizeof(t)));
}

void field_full_key(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->full_key, s->full_key[0] != '\0', -1, o);
}

void field_full_level(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_scorecard *s = c->obj;

	field_key_text(s->full_key, s->full_key[0] != '\0', (long)c->idx[0], o);
}

void field_sc_name(const struct field_ctx *c, struct pk_field_value *o)
{
	if (c->r->sc->name) {
		fv_text(o, c->r->sc->name);
	}
}

void field_sc_duration(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->r->end_ms / 1000);
}

void field_sc_fingerprint(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->r->sc->fingerprint);
}

/* The order the ranking took (the JSON writer's scenario.rank_by),
   written with the scorecards */
void field_sc_rank_by(const struct field_ctx *c, struct pk_field_value *o)
{
	char by[PK_RANK_BY_BYTES];

	fv_text(o, scorecard_rank_by_text(c->r->sc->rank_by, by));
}

void field_log_file(const struct field_ctx *c, struct pk_field_value *o)
{
	if (c->r->sc->items_file->path) {
		fv_text(o, c->r->sc->items_file->path);
	}
}

void field_log_table(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, PK_MONITOR_TABLE);
}

void field_log_ru(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_monitor_log *m = c->obj;

	fv_real(o, (double)m->total_mru / 1000.0);
}

void field_log_split(const struct field_ctx *c, struct pk_field_value *o)
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
void field_first_403(const struct field_ctx *c, struct pk_field_value *o)
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

/* field_range_429_rate[ID]: throttled_429 / requests of range ID at the end (0
   without requests); absent when no range at the end has that id */
void field_range_429_rate(const struct field_ctx *c, struct pk_field_value *o)
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
