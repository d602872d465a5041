/*
 * report_field_fleet: the readers of the fleet pool's fields
 * (fleet_pool.*: rule 40, report_fleet.h) for the table of report
 * fields.
 */
#include "report_field_int.h"
#include "report_fleet.h"

#include <stdint.h>

void field_fleet_min(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->spec->fleet.min_ru_per_s);
}

void field_fleet_max(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->spec->fleet.max_ru_per_s);
}

void field_fleet_extra(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->spec->fleet.extra_ru_per_s);
}

void field_fleet_cap(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, c->v->spec->fleet.cap_ru_per_s);
}

void field_fleet_lent(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, report_fleet_lent_ru(c->v));
}

void field_fleet_peak(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, report_fleet_peak(c->v));
}

void field_fleet_hours(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)report_fleet_hours(c->v));
}

void field_fleet_billed(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, report_fleet_billed(c->v, c->idx[0]));
}
