/*
 * plan_readback: whether a run must keep its items' records, decided
 * before the run from the scenario (scenario.h,
 * scenario_items_read_back): only when a later operation can name a
 * stored item (reads, upserts, replaces, deletes, batch gets, queries with
 * conditions, time to live, a reused id, a data file); a create-only run
 * keeps none, and the memory estimate counts them only then.
 */
#include "loader.h"

/* A phase whose operations can name a stored item: reads, upserts,
   replaces, deletes, BatchGetItems, or a query with conditions. */
static int phase_reads_back(const struct pk_phase_spec *p)
{
	size_t i;

	if (p->mix[PK_OP_READ] > 0 || p->mix[PK_OP_UPSERT] > 0 ||
	    p->mix[PK_OP_REPLACE] > 0 || p->mix[PK_OP_DELETE] > 0 ||
	    p->mix[PK_OP_BATCH_GET] > 0) {
		return 1;
	}
	for (i = 0; p->mix[PK_OP_QUERY] > 0 && i < p->n_queries; i++) {
		if (p->queries[i].n_conds > 0) {
			return 1;
		}
	}
	return 0;
}

int scenario_items_read_back(const struct pk_scenario *s)
{
	const struct pk_prop_spec *id = scenario_find_prop(s, "/id");
	size_t i;

	if (s->items_file) {
		return !s->items_file->monitor;
	}
	if (id && id->kind != PK_GEN_UNIQUE) {
		return 1;
	}
	for (i = 0; i < s->n_variants; i++) {
		if (s->variants[i].default_ttl_s != PK_TTL_OFF) {
			return 1;
		}
	}
	for (i = 0; i < s->n_phases; i++) {
		if (phase_reads_back(&s->phases[i])) {
			return 1;
		}
	}
	return 0;
}
