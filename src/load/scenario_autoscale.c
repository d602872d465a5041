/*
 * scenario_autoscale: a provisioned table's `auto_scaling:` (D19;
 * docs/dynamodb.md): target utilisation and each side's bounds, the
 * delay from a decision to the new units and the points below the
 * target a minute must be to count towards a decrease (both
 * ASSUMPTION, spec.h). The 2 and 15
 * one-minute points are the reference's (§11, CONFIRMED), not settings.
 * Each global secondary index without `auto_scaling: off` follows the
 * same policy on its own write units (AWS's console applies a table's
 * settings to its indexes), so it starts within the write bounds.
 */
#include "loader.h"

#include <stdint.h>

#include "pksim/service/dynamodb/spec.h"

/* One optional bound of m, 1 .. PK_DDB_MAX_CAPACITY_UNITS */
static void bound(struct ld *ld, const struct yn *m, const char *key,
		  int64_t *out)
{
	const struct yn *n = yn_get(m, key);

	if (n) {
		ld_get_int(ld, n, key, 1, PK_DDB_MAX_CAPACITY_UNITS,
			   "capacity units a second, 1 .. 1,000,000", out);
	}
}

/* A side's bounds: min <= the table's units <= max */
static void side_fits(struct ld *ld, const struct yn *m, const char *side,
		      int64_t min, int64_t units, int64_t max)
{
	if (min > max) {
		ld_err(ld, m,
		       "auto_scaling's min_%s_units %lld is above its "
		       "max_%s_units %lld",
		       side, (long long)min, side, (long long)max);
	} else if (units < min || units > max) {
		ld_err(ld, m,
		       "the table's %s_capacity_units %lld is outside "
		       "auto_scaling's %lld .. %lld (min_%s_units .. "
		       "max_%s_units): start the table within them",
		       side, (long long)units, (long long)min, (long long)max,
		       side, side);
	}
}

/* Each index of t that follows the table's auto scaling starts within
   its write bounds */
static void index_fits(struct ld *ld, const struct pk_ddb_table_spec *t)
{
	const struct pk_ddb_autoscale_spec *a = &t->scale;
	size_t i;

	if (a->min_wcu > a->max_wcu) {
		return; /* said above */
	}
	for (i = 0; i < t->n_gsis; i++) {
		const struct pk_ddb_gsi_spec *g = &t->gsis[i];

		if (g->fixed || g->wcu == 0 ||
		    (g->wcu >= a->min_wcu && g->wcu <= a->max_wcu)) {
			continue;
		}
		ld_err_at(ld, g->line, g->col,
			  "global secondary index '%s' has "
			  "write_capacity_units %lld outside the table's "
			  "auto_scaling %lld .. %lld (min_write_units .. "
			  "max_write_units), which it follows: start it "
			  "within them, or give it auto_scaling: off to keep "
			  "its units",
			  g->name ? g->name : "", (long long)g->wcu,
			  (long long)a->min_wcu, (long long)a->max_wcu);
	}
}

void ld_load_autoscale(struct ld *ld, const struct yn *m,
		       struct pk_ddb_table_spec *t)
{
	static const char *const keys[] = {
	    "target",	       "min_read_units",
	    "max_read_units",  "min_write_units",
	    "max_write_units", "update_delay_s",
	    "scale_in_margin", NULL,
	};
	struct pk_ddb_autoscale_spec *a = &t->scale;
	const struct yn *n;

	if (ld_need_kind(ld, m, YN_MAP, "auto_scaling",
			 "a mapping {target: 70, ...}") < 0) {
		return;
	}
	if (t->capacity != PK_DDB_PROVISIONED) {
		ld_err(ld, m,
		       "auto_scaling is for capacity: provisioned; an "
		       "on_demand table scales by itself (D12)");
		return;
	}
	ld_check_keys(ld, m, keys, "in auto_scaling");
	a->on = 1;
	a->min_rcu = a->min_wcu = 1;
	a->max_rcu = a->max_wcu = PK_DDB_OD_QUOTA;
	a->update_delay_s = PK_DDB_SCALE_DELAY_S;
	a->scale_in_margin_pct = PK_DDB_SCALE_IN_MARGIN_PCT;
	if (!(n = yn_get(m, "target"))) {
		ld_err(ld, m,
		       "missing required key 'target' in auto_scaling (the "
		       "target utilisation in percent, 20 .. 90)");
	} else {
		ld_get_int(ld, n, "target", 20, 90,
			   "a target utilisation in percent, 20 .. 90 (what "
			   "DynamoDB auto scaling takes)",
			   &a->target_pct);
	}
	bound(ld, m, "min_read_units", &a->min_rcu);
	bound(ld, m, "max_read_units", &a->max_rcu);
	bound(ld, m, "min_write_units", &a->min_wcu);
	bound(ld, m, "max_write_units", &a->max_wcu);
	if ((n = yn_get(m, "update_delay_s"))) {
		ld_get_int(ld, n, "update_delay_s", 0, 3600,
			   "whole seconds, 0 .. 3600", &a->update_delay_s);
	}
	if ((n = yn_get(m, "scale_in_margin"))) {
		ld_get_int(ld, n, "scale_in_margin", 0, 90,
			   "percentage points below the target, 0 .. 90",
			   &a->scale_in_margin_pct);
	}
	side_fits(ld, m, "read", a->min_rcu, t->rcu, a->max_rcu);
	side_fits(ld, m, "write", a->min_wcu, t->wcu, a->max_wcu);
	index_fits(ld, t);
}
