/*
 * report_field_service: the readers of fields only some services write
 * (report_field_int.h): the throttles a service names by reason
 * (pk_result_variant.reasons; DynamoDB's D14), as report_json.c writes
 * them, and a DynamoDB table's global secondary indexes (D17), as
 * report_json_ddb.c writes them.
 */
#include "report_field_int.h"

#include "pksim/report/ddb_index.h"
#include "pksim/report/report_json.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"

void field_reasons_n(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->n_reasons);
}

void field_reason_name(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, c->v->reasons[c->idx[0]].name);
}

void field_reason_count(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->reasons[c->idx[0]].count);
}

void field_heat_on(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_bool(o, c->v->ddb->heat.on);
}

void field_heat_started(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->ddb->heat.started);
}

void field_heat_done(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->ddb->heat.done);
}

void field_heat_isolated(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->ddb->heat.isolated);
}

void field_heat_refused(const struct field_ctx *c, struct pk_field_value *o)
{
	uint64_t n = 0;
	int k;

	for (k = 0; k < PK_DDB_HEAT_REFUSALS; k++) {
		n += c->v->ddb->heat.refused[k];
	}
	fv_int(o, (int64_t)n);
}

void field_heat_whys_n(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_int(o, PK_DDB_HEAT_REFUSALS);
}

void field_heat_why(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o,
		report_json_heat_refusal((enum pk_ddb_heat_refusal)c->idx[0]));
}

void field_heat_why_count(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->ddb->heat.refused[c->idx[0]]);
}

void field_heat_why_first(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_ddb_heat_splits *h = &c->v->ddb->heat;

	if (h->refused[c->idx[0]] == 0) {
		fv_null(o);
	} else {
		fv_int(o, h->first_refused_s[c->idx[0]]);
	}
}

void field_tx_canceled(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->ddb->tx_canceled);
}

/* CancellationReasons' codes as report_json.c writes them */
static const char *const tx_codes[2] = {"ThrottlingError", "None"};

void field_tx_codes_n(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_int(o, 2);
}

void field_tx_code(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, tx_codes[c->idx[0]]);
}

void field_tx_code_items(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->ddb->tx_cancel_items[c->idx[0]]);
}

/* The index idx[0] of c's table */
static const struct pk_ddb_index *gsi(const struct field_ctx *c)
{
	return &c->v->ddb->indexes[c->idx[0]];
}

/* ... its partition idx[1], its minute idx[1] */
static const struct pk_ddb_index_part *gsi_part(const struct field_ctx *c)
{
	return &gsi(c)->parts[c->idx[1]];
}

static const struct pk_ddb_index_time *gsi_min(const struct field_ctx *c)
{
	return &gsi(c)->minutes[c->idx[1]];
}

/* Capacity units (mCU / 1000), as the writer's json_real */
static void units(struct pk_field_value *o, int64_t mcu)
{
	fv_real(o, (double)mcu / 1000.0);
}

/* x, or null when negative */
static void int_or_null(struct pk_field_value *o, int64_t x)
{
	if (x < 0) {
		fv_null(o);
	} else {
		fv_int(o, x);
	}
}

void field_gsi_n(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->v->ddb->n_indexes);
}

void field_gsi_name(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, gsi(c)->name);
}

void field_gsi_key(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, gsi(c)->partition_key);
}

void field_gsi_proj(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, gsi(c)->keys_only ? "keys_only" : "all");
}

void field_gsi_rcu(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, gsi(c)->rcu);
}

void field_gsi_wcu(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, gsi(c)->wcu);
}

void field_gsi_parts(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)gsi(c)->n_parts);
}

void field_gsi_used(const struct field_ctx *c, struct pk_field_value *o)
{
	units(o, gsi(c)->used_mcu);
}

void field_gsi_cap(const struct field_ctx *c, struct pk_field_value *o)
{
	units(o, gsi(c)->cap_mcu);
}

void field_gsi_util(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_real(o, ddb_index_utilisation(gsi(c)));
}

void field_gsi_rcu_used(const struct field_ctx *c, struct pk_field_value *o)
{
	/* a base read never touches an index (statement 26): its read
	   units are a Query of it's */
	fv_real(o, (double)gsi(c)->read_used_mcu / 1000.0);
}

void field_gsi_read_pages(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)gsi(c)->reads);
}

void field_gsi_read_thr(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)(gsi(c)->read_throttled[0] +
			    gsi(c)->read_throttled[1]));
}

void field_gsi_throttled(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)(gsi(c)->throttled[0] + gsi(c)->throttled[1]));
}

void field_gsi_reasons_n(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_int(o, 2);
}

void field_gsi_reason(const struct field_ctx *c, struct pk_field_value *o)
{
	/* an on-demand index's second reason is the quota's (D14) */
	fv_text(o, c->idx[1] == 0 ? "IndexWriteKeyRangeThroughputExceeded"
		   : gsi(c)->on_demand
		       ? "IndexWriteAccountLimitExceeded"
		       : "IndexWriteProvisionedThroughputExceeded");
}

void field_gsi_reason_count(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)gsi(c)->throttled[c->idx[1]]);
}

void field_gsi_first(const struct field_ctx *c, struct pk_field_value *o)
{
	int_or_null(o, gsi(c)->first_throttle_s);
}

void field_gsi_part_ix(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)c->idx[1]);
}

void field_gsi_part_share(const struct field_ctx *c, struct pk_field_value *o)
{
	units(o, gsi_part(c)->share_mcu);
}

void field_gsi_part_used(const struct field_ctx *c, struct pk_field_value *o)
{
	units(o, gsi_part(c)->used_mcu);
}

void field_gsi_part_peak(const struct field_ctx *c, struct pk_field_value *o)
{
	units(o, gsi_part(c)->peak_mcu);
}

void field_gsi_part_peak_t(const struct field_ctx *c, struct pk_field_value *o)
{
	int_or_null(o, gsi_part(c)->peak_t_s);
}

void field_gsi_part_throttled(const struct field_ctx *c,
			      struct pk_field_value *o)
{
	fv_int(o, (int64_t)gsi_part(c)->throttled);
}

void field_gsi_min_n(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)gsi(c)->n_minutes);
}

void field_gsi_min_t(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, gsi_min(c)->t_s);
}

void field_gsi_min_used(const struct field_ctx *c, struct pk_field_value *o)
{
	units(o, gsi_min(c)->used_mcu);
}

void field_gsi_min_peak(const struct field_ctx *c, struct pk_field_value *o)
{
	units(o, gsi_min(c)->peak_used_mcu);
}

void field_gsi_min_thr(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)gsi_min(c)->throttled);
}

void field_gsi_min_peak_thr(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)gsi_min(c)->peak_throttled);
}
