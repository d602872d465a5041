/*
 * scenario_phase_units: a phase's change of a dynamodb table's
 * provisioned capacity (`read_capacity_units`, `write_capacity_units`
 * in a phase, as an Azure Cosmos DB phase sets `throughput`): read
 * with the phase, then checked against the scenario's variants and its
 * pricing once every phase is read. The table applies the change at the phase's
 * start (ddb_change.c; docs/dynamodb.md).
 */
#include "loader.h"

#include <stdint.h>

#include "pksim/service/dynamodb/spec.h"

void ld_load_phase_units(struct ld *ld, const struct yn *m,
			 struct pk_phase_spec *ph)
{
	static const char *const keys[] = {"read_capacity_units",
					   "write_capacity_units"};
	int64_t *out[] = {&ph->ddb_rcu, &ph->ddb_wcu};
	const struct yn *mode = yn_get(m, "capacity");
	size_t k;

	if (mode) {
		/* statement 22 (reference §7): what a switched table takes
		   at once is stated; how often it may switch and how long
		   its old units serve while it switches are not */
		ld_err(ld, mode,
		       "phase '%.*s' switches the table's capacity mode "
		       "(statement 22): pksim does not replay a switch "
		       "during a run, as the reference's sources disagree on "
		       "how often a table may switch (once, twice or four "
		       "times in 24 h) and do not say how long its old units "
		       "serve while it switches; replay each mode in a run "
		       "of its own (after a switch to on_demand the table "
		       "takes at once at least 4,000 write and 12,000 read "
		       "units a second, or its provisioned units if more: "
		       "capacity: on_demand with warm_write_units and "
		       "warm_read_units)",
		       PK_SCENARIO_QUOTE_BYTES, ph->name);
	}
	for (k = 0; k < 2; k++) {
		const struct yn *n = yn_get(m, keys[k]);

		if (!n) {
			continue;
		}
		ld_get_int(ld, n, keys[k], 1, PK_DDB_MAX_CAPACITY_UNITS,
			   "a whole number of capacity units a second from 1 "
			   "(a table's minimum, reference §11) to 1,000,000: "
			   "the table's new provisioned units from the "
			   "phase's start",
			   out[k]);
		if (ph->ddb_units_line == 0) {
			ph->ddb_units_line = n->line;
			ph->ddb_units_col = n->col;
		}
	}
}

/* What variant v is to a phase changing a table's units: NULL when it
   takes them (a provisioned table), else why not */
static const char *units_misfit(const struct pk_scenario *s, size_t v)
{
	const struct pk_ddb_table_spec *t =
	    scenario_variant_table(s, &s->variants[v]);

	if (!t && !ld_any_table(s)) {
		return "Azure Cosmos DB: the scenario has no table; a "
		       "container's phase sets throughput (RU/s)";
	}
	if (!t) {
		return "an Azure Cosmos DB container: it would keep its RU/s "
		       "while the table's capacity changes, and a phase's "
		       "throughput is not replayed on a table; compare the "
		       "two services at fixed capacity";
	}
	if (t->capacity != PK_DDB_PROVISIONED) {
		return "an on_demand table: it has no provisioned units to "
		       "change (switching a table's capacity mode is not "
		       "replayed)";
	}
	return NULL;
}

void ld_check_phase_units(struct ld *ld)
{
	const struct pk_scenario *s = ld->s;
	char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
	size_t i, v;

	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *ph = &s->phases[i];

		if (ph->ddb_units_line == 0) {
			continue;
		}
		for (v = 0; v < s->n_variants; v++) {
			const char *why = units_misfit(s, v);

			if (!why) {
				continue;
			}
			ld_err_at(ld, ph->ddb_units_line, ph->ddb_units_col,
				  "phase '%.*s' changes a dynamodb table's "
				  "provisioned capacity units, but the "
				  "service%s is %s",
				  PK_SCENARIO_QUOTE_BYTES, ph->name,
				  scenario_variant_suffix(s->n_variants > 1,
							  s->variants[v].name,
							  vn, sizeof(vn)),
				  why);
			break;
		}
	}
}
