/*
 * report_json_ddb: a DynamoDB table's global secondary indexes in the
 * JSON report (report-json.md, "indexes"): the figures ddb_index.h
 * prints, as numbers; and the table's own read and write sides of each
 * per_minute record (D15). Units in capacity units (milli-units / 1000).
 */
#include "pksim/report/ddb_index.h"
#include "pksim/service/snapshot.h"
#include "report_json_int.h"

static json_t *units(int64_t mcu)
{
	return json_real((double)mcu / 1000.0);
}

static json_t *part(const struct pk_ddb_index_part *p, size_t k)
{
	json_t *o = json_object();

	json_object_set_new(o, "partition", json_integer((json_int_t)k));
	json_object_set_new(o, "wcu_per_s", units(p->share_mcu));
	json_object_set_new(o, "wcu_consumed", units(p->used_mcu));
	json_object_set_new(o, "peak_second_wcu", units(p->peak_mcu));
	json_object_set_new(o, "peak_t_s",
			    p->peak_t_s < 0 ? json_null()
					    : json_integer(p->peak_t_s));
	json_object_set_new(o, "throttled",
			    json_integer((json_int_t)p->throttled));
	return o;
}

/* D15: the index's minute sums beside its busiest second */
static json_t *minutes(const struct pk_ddb_index *x)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < x->n_minutes; i++) {
		const struct pk_ddb_index_time *m = &x->minutes[i];
		json_t *o = json_object();

		json_object_set_new(o, "t_s", json_integer(m->t_s));
		json_object_set_new(o, "wcu_consumed", units(m->used_mcu));
		json_object_set_new(o, "peak_second_wcu",
				    units(m->peak_used_mcu));
		json_object_set_new(o, "throttled",
				    json_integer((json_int_t)m->throttled));
		json_object_set_new(
		    o, "peak_second_throttled",
		    json_integer((json_int_t)m->peak_throttled));
		json_array_append_new(a, o);
	}
	return a;
}

void report_json_ddb_minute(const struct pk_second *mi, json_t *o)
{
	static const char *const name[2][5] = {
	    {"rcu_consumed", "peak_second_rcu", "rcu_per_s",
	     "read_throttle_events", "peak_second_read_throttle_events"},
	    {"wcu_consumed", "peak_second_wcu", "wcu_per_s",
	     "write_throttle_events", "peak_second_write_throttle_events"}};
	int k;

	for (k = 0; k < 2; k++) {
		json_object_set_new(o, name[k][0], units(mi->side_used_mcu[k]));
		json_object_set_new(o, name[k][1], units(mi->peak_side_mcu[k]));
		json_object_set_new(o, name[k][2], units(mi->side_cap_mcu[k]));
		json_object_set_new(
		    o, name[k][3],
		    json_integer((json_int_t)mi->side_throttled[k]));
		json_object_set_new(
		    o, name[k][4],
		    json_integer((json_int_t)mi->peak_side_throttled[k]));
	}
}

static json_t *reasons(const struct pk_ddb_index *x)
{
	static const char *const kinds[2][2] = {
	    {"IndexWriteKeyRangeThroughputExceeded",
	     "IndexWriteProvisionedThroughputExceeded"},
	    {"IndexWriteKeyRangeThroughputExceeded",
	     "IndexWriteAccountLimitExceeded"}};
	json_t *a = json_array();
	int k;

	for (k = 0; k < 2; k++) {
		json_t *o = json_object();

		json_object_set_new(o, "reason",
				    json_string(kinds[x->on_demand != 0][k]));
		json_object_set_new(o, "count",
				    json_integer((json_int_t)x->throttled[k]));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *index_json(const struct pk_ddb_index *x)
{
	json_t *o = json_object(), *p = json_array();
	size_t k;

	json_object_set_new(o, "name", json_string(x->name));
	json_object_set_new(o, "partition_key", json_string(x->partition_key));
	json_object_set_new(o, "projection",
			    json_string(x->keys_only ? "keys_only" : "all"));
	json_object_set_new(o, "read_capacity_units", json_integer(x->rcu));
	json_object_set_new(o, "write_capacity_units", json_integer(x->wcu));
	json_object_set_new(o, "partitions",
			    json_integer((json_int_t)x->n_parts));
	json_object_set_new(o, "wcu_consumed", units(x->used_mcu));
	json_object_set_new(o, "wcu_provisioned_over_run", units(x->cap_mcu));
	json_object_set_new(o, "write_utilisation",
			    json_real(ddb_index_utilisation(x)));
	/* a base read never touches an index (statement 26): its read
	   units are a Query of it's */
	json_object_set_new(o, "rcu_consumed", units(x->read_used_mcu));
	json_object_set_new(o, "read_pages",
			    json_integer((json_int_t)x->reads));
	json_object_set_new(o, "read_throttled",
			    json_integer((json_int_t)(x->read_throttled[0] +
						      x->read_throttled[1])));
	json_object_set_new(
	    o, "throttled",
	    json_integer((json_int_t)(x->throttled[0] + x->throttled[1])));
	json_object_set_new(o, "throttled_by_reason", reasons(x));
	json_object_set_new(o, "first_throttle_s",
			    x->first_throttle_s < 0
				? json_null()
				: json_integer(x->first_throttle_s));
	for (k = 0; k < x->n_parts; k++) {
		json_array_append_new(p, part(&x->parts[k], k));
	}
	json_object_set_new(o, "by_partition", p);
	json_object_set_new(o, "per_minute", minutes(x));
	return o;
}

json_t *report_json_ddb_indexes(const struct pk_result_variant *v)
{
	json_t *a;
	size_t i;

	if (!v->ddb || v->ddb->n_indexes == 0) {
		return NULL;
	}
	a = json_array();
	for (i = 0; i < v->ddb->n_indexes; i++) {
		json_array_append_new(a, index_json(&v->ddb->indexes[i]));
	}
	return a;
}
