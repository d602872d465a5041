/*
 * report_field_service: the readers of fields only some services write
 * (report_field_int.h): the throttles a service names by reason
 * (pk_result_variant.reasons; DynamoDB's D14), as report_json.c writes
 * them.
 */
#include "report_field_int.h"

#include "pksim/service/metrics.h"

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
