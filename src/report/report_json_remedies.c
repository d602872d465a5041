/*
 * report_json_remedies: the remedies replayed for a variant in the JSON
 * report (report_json_int.h; the fields of load/report_fields.def under
 * "remedies", docs/report-json.md): each remedy's setting and its
 * replay's figures, null where no replay measured them.
 */
#include "report_json_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "pksim/report/remedies.h"
#include "pksim/result/remedy.h"

static json_t *count(uint64_t v)
{
	return json_integer((json_int_t)v);
}

/* A remedy's figure x when its replay measured it, else null */
static json_t *measured_or_null(const struct pk_remedy *r, int64_t x)
{
	return r->status == PK_REMEDY_FOUND || r->status == PK_REMEDY_NOT_FOUND
		   ? json_integer(x)
		   : json_null();
}

/* A priced replay's month (change: less the run's), else null */
static json_t *month_or_null(const struct pk_remedies *m,
			     const struct pk_remedy *x, int change)
{
	if (!(x->status == PK_REMEDY_FOUND ||
	      x->status == PK_REMEDY_NOT_FOUND) ||
	    !x->after.priced || !m->before.priced) {
		return json_null();
	}
	return json_real(change ? x->after.month - m->before.month
				: x->after.month);
}

/* n hours' bills, RU/s, as a list (empty for none) */
static json_t *hours(const int64_t *x, size_t n)
{
	json_t *a = json_array();
	size_t h;

	for (h = 0; x && h < n; h++) {
		json_array_append_new(a, json_integer(x[h]));
	}
	return a;
}

/* The redistribution's RU/s range by range, before (the even share at
   t = 0, rule 4) and after (rule 26); [] when none was computed */
static json_t *redistribution(const struct pk_remedies *m)
{
	json_t *a = json_array();
	size_t i;
	char id[24];

	for (i = 0; m->redist_ru && i < m->created_partitions; i++) {
		json_t *e = json_object();

		snprintf(id, sizeof(id), "%zu", i);
		json_object_set_new(e, "range_id", json_string(id));
		json_object_set_new(e, "ru_per_s_before",
				    json_real((double)m->start_ru_per_s /
					      (double)m->created_partitions));
		json_object_set_new(e, "ru_per_s_after",
				    json_integer(m->redist_ru[i]));
		json_array_append_new(a, e);
	}
	return a;
}

/* Merge x's start, phase, the partitions then and what it left, into e
   (null where unknown or another remedy; the field table's words) */
static void merge_point(const struct pk_remedies *m, const struct pk_remedy *x,
			json_t *e)
{
	int at = x->kind == PK_REMEDY_MERGE && m->merge_phase != NULL;
	int left = x->kind == PK_REMEDY_MERGE &&
		   (x->status == PK_REMEDY_FOUND ||
		    x->status == PK_REMEDY_NOT_FOUND) &&
		   x->after.merge_after > 0;

	json_object_set_new(e, "merge_start_s",
			    at ? json_integer(m->merge_at_s) : json_null());
	json_object_set_new(e, "merge_phase",
			    at ? json_string(m->merge_phase) : json_null());
	json_object_set_new(e, "merge_from",
			    at ? count(m->merge_from) : json_null());
	json_object_set_new(e, "merge_left",
			    left ? count(x->after.merge_after) : json_null());
}

json_t *report_json_remedies(const struct pk_remedies *m)
{
	json_t *o = json_object(), *list = json_array();
	size_t k;

	json_object_set_new(o, "replays", count(m->replays));
	json_object_set_new(o, "max_replays", count(m->max_replays));
	if (m->not_replayed) {
		json_object_set_new(o, "not_replayed",
				    json_string(m->not_replayed));
	}
	json_object_set_new(
	    o, "setting",
	    json_string(m->autoscale ? "autoscale_max" : "ru_per_s"));
	json_object_set_new(o, "start_ru_per_s",
			    json_integer(m->start_ru_per_s));
	json_object_set_new(o, "max_without_split_ru_per_s",
			    json_integer(m->cap_ru_per_s));
	json_object_set_new(o, "throttled_429", count(m->before.throttled_429));
	json_object_set_new(o, "failed_after_retries", count(m->before.failed));
	json_object_set_new(o, "redistribution", redistribution(m));
	json_object_set_new(o, "month_cost",
			    m->before.priced ? json_real(m->before.month)
					     : json_null());
	json_object_set_new(o, "bulk_stream",
			    m->bulk_name ? json_string(m->bulk_name)
					 : json_null());
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		const struct pk_remedy *x = &m->items[k];
		json_t *e = json_object();
		char *text = remedies_sentence(m, x->kind);

		json_object_set_new(e, "kind",
				    json_string(remedies_kind_id(x->kind)));
		json_object_set_new(
		    e, "status", json_string(remedies_status_name(x->status)));
		json_object_set_new(e, "ru_per_s",
				    measured_or_null(x, x->setting));
		json_object_set_new(e, "rate_limited_ru_per_s",
				    x->status == PK_REMEDY_FOUND &&
					    x->kind != PK_REMEDY_REDIST &&
					    x->below > 0
					? json_integer(x->below)
					: json_null());
		json_object_set_new(e, "search_start_ru_per_s",
				    x->hint > 0 ? json_integer(x->hint)
						: json_null());
		json_object_set_new(e, "merge_to",
				    x->kind == PK_REMEDY_MERGE && x->merge_to
					? count(x->merge_to)
					: json_null());
		merge_point(m, x, e);
		json_object_set_new(e, "tolerance_ru_per_s",
				    json_integer(x->step));
		json_object_set_new(e, "replays", count(x->replays));
		json_object_set_new(
		    e, "throttled_429",
		    measured_or_null(x, (int64_t)x->after.throttled_429));
		json_object_set_new(
		    e, "failed_after_retries",
		    measured_or_null(x, (int64_t)x->after.failed));
		json_object_set_new(
		    e, "interactive_throttled_429",
		    m->bulk_name
			? measured_or_null(x, (int64_t)x->after.inter_429)
			: json_null());
		json_object_set_new(e, "month_cost", month_or_null(m, x, 0));
		json_object_set_new(e, "month_cost_change",
				    month_or_null(m, x, 1));
		json_object_set_new(
		    e, "physical_partitions",
		    measured_or_null(x, (int64_t)x->after.partitions));
		json_object_set_new(
		    e, "splits", measured_or_null(x, (int64_t)x->after.splits));
		json_object_set_new(
		    e, "billed_classic_ru_per_s_per_hour",
		    hours(x->after.billed_classic, x->after.n_hours));
		json_object_set_new(
		    e, "billed_dynamic_ru_per_s_per_hour",
		    hours(x->after.billed_dynamic, x->after.n_hours));
		json_object_set_new(e, "text", json_string(text));
		free(text);
		json_array_append_new(list, e);
	}
	json_object_set_new(o, "list", list);
	return o;
}
