/*
 * scenario_phase_fit: the checks of the loaded phases against every
 * variant, once all are known: a batch's items under each key, a
 * table's batch and transaction limits, the settings a container's kind
 * allows, the queries a table can replay, a query's `index:` and
 * BatchGetItem's service (the phases themselves are read in
 * scenario_phases.c).
 */
#include "loader.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/service/cosmos/spec.h"
#include "pksim/service/dynamodb/spec.h"

/* 1 when the last level of key k is the unique /id (a plain /id too) */
static int key_ends_unique(const struct pk_key_spec *k)
{
	return k->kind != PK_KEY_SYNTHETIC && k->n_paths > 0 &&
	       strcmp(k->paths[k->n_paths - 1], PK_KEY_UNIQUE_PATH) == 0;
}

/*
 * Rule 33: a transactional batch needs one full key, and a key whose last
 * level is /id (a plain /id too) gives every item its own: under it a
 * batch holds one item, and the service refuses a larger one (400). When
 * every variant is a container whose key ends in /id, a phase that sends
 * batches of more than one item cannot mean that: an error naming the
 * rule. A comparison where some key can hold the batches runs, and shows
 * the 400s; so does one with a DynamoDB table, whose BatchWriteItem takes
 * items of any keys (reference §14).
 */
static void batch_fits_some_key(struct ld *ld, const struct pk_phase_spec *ph)
{
	const struct pk_scenario *s = ld->s;
	size_t v;

	if (ph->mix[PK_OP_BATCH] <= 0 || ph->batch_size <= 1 ||
	    s->n_variants == 0) {
		return;
	}
	for (v = 0; v < s->n_variants; v++) {
		if (!key_ends_unique(&s->variants[v].key) ||
		    scenario_variant_table(s, &s->variants[v])) {
			return;
		}
	}
	ld_err_at(ld, ph->batch_line ? ph->batch_line : ph->line,
		  ph->batch_line ? ph->batch_col : ph->col,
		  "phase '%.*s' sends batches of %u items, but the partition "
		  "key %s%s ends in %s: every item is its own logical "
		  "partition and a transactional batch holds one, so each "
		  "batch is a single item (rule 33); set batch size 1 or end "
		  "the key in a grouping property",
		  PK_SCENARIO_QUOTE_BYTES, ph->name, ph->batch_size,
		  s->variants[0].partition_key,
		  s->n_variants > 1 ? " (and every variant's)" : "",
		  PK_KEY_UNIQUE_PATH);
}

/* A phase whose batches are BatchWriteItem requests of more than 25
   items where a variant is a table that sends them so (not `batches:
   transact_write_items`, whose 100 no batch passes): DynamoDB refuses
   every one (ValidationException; reference §14, A-PT), which cannot
   be what the scenario means. */
static void ddb_batch_fits(struct ld *ld, const struct pk_phase_spec *ph)
{
	if (ph->mix[PK_OP_BATCH] <= 0 ||
	    ph->batch_size <= PK_DDB_BATCH_WRITE_MAX ||
	    !ld_any_batch_write_table(ld->s)) {
		return;
	}
	ld_err_at(ld, ph->batch_line ? ph->batch_line : ph->line,
		  ph->batch_line ? ph->batch_col : ph->col,
		  "phase '%.*s' sends batches of %u items; a dynamodb "
		  "table's BatchWriteItem takes 1 to %u (every larger one is "
		  "a ValidationException)",
		  PK_SCENARIO_QUOTE_BYTES, ph->name, ph->batch_size,
		  PK_DDB_BATCH_WRITE_MAX);
}

/* The fewest bytes ph's items may draw: a fixed size, a uniform range's
   least; 0 for a normal draw (its sizes reach down to 1 byte) */
static uint64_t least_item_bytes(const struct pk_phase_spec *ph)
{
	return ph->item_size.kind == PK_SIZE_FIXED     ? ph->item_size.bytes
	       : ph->item_size.kind == PK_SIZE_UNIFORM ? ph->item_size.min_bytes
						       : 0;
}

/* A phase whose every batch is a TransactWriteItems of items over 4 MB
   in all, where a variant is a table under `batches:
   transact_write_items`: DynamoDB refuses every one ("The aggregate size
   of the items in the transaction cannot exceed 4 MB", AWS's
   TransactWriteItems reference; ValidationException), which cannot be
   what the scenario means. A size some batches pass is replayed, the
   larger ones refused and counted. */
static void ddb_transact_fits(struct ld *ld, const struct pk_phase_spec *ph)
{
	const struct pk_scenario *s = ld->s;
	const struct pk_ddb_table_spec *t;
	uint64_t least = least_item_bytes(ph);
	char a[32], all[32], most[32];
	size_t v;

	if (ph->mix[PK_OP_BATCH] <= 0 ||
	    (uint64_t)ph->batch_size * least <= PK_DDB_TRANSACT_MAX_BYTES) {
		return;
	}
	for (v = 0; v < s->n_variants; v++) {
		t = scenario_variant_table(s, &s->variants[v]);
		if (t && t->transact) {
			break;
		}
	}
	if (v == s->n_variants) {
		return;
	}
	ld_err_at(
	    ld, ph->batch_line ? ph->batch_line : ph->line,
	    ph->batch_line ? ph->batch_col : ph->col,
	    "phase '%.*s' sends TransactWriteItems of %u items of at "
	    "least %s bytes, %s bytes in all; DynamoDB takes at most 4 "
	    "MB (%s bytes) in one transaction, every larger one a "
	    "ValidationException; allowed: fewer or smaller items, at "
	    "most 4 MB together",
	    PK_SCENARIO_QUOTE_BYTES, ph->name, ph->batch_size,
	    fmt_thousands((int64_t)least, a),
	    fmt_thousands((int64_t)((uint64_t)ph->batch_size * least), all),
	    fmt_thousands((int64_t)PK_DDB_TRANSACT_MAX_BYTES, most));
}

/*
 * Merge and redistribution are features of provisioned throughput
 * (D-MERGE, D-REDIST): neither applies to a serverless variant, and pksim
 * redistributes manual throughput only (ASSUMPTION: it leaves out how a
 * per-partition setting meets autoscale's own scaling). One error per
 * phase.
 */
static void phase_settings_fit(struct ld *ld, const struct pk_phase_spec *ph)
{
	const struct pk_scenario *s = ld->s;
	char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		const struct pk_container_spec *c = &s->variants[v];
		const char *kind = c->serverless ? "serverless"
				   : c->autoscale_max_ru_per_s > 0 ? "autoscale"
								   : "manual";

		if (ph->policy_equal && strcmp(kind, "manual") != 0) {
			ld_err_at(ld, ph->policy_line, ph->policy_col,
				  "phase '%.*s' sets throughput_policy, but "
				  "the container%s is %s; the policy applies "
				  "to manual throughput only",
				  PK_SCENARIO_QUOTE_BYTES, ph->name,
				  scenario_variant_suffix(s->n_variants > 1,
							  c->name, vn,
							  sizeof(vn)),
				  kind);
			return;
		}
		if (ph->autoscale_max_ru_per_s > 0 &&
		    strcmp(kind, "autoscale") != 0) {
			ld_err_at(
			    ld, ph->autoscale_max_line, ph->autoscale_max_col,
			    "phase '%.*s' sets autoscale_max, but the "
			    "container%s is %s; set the container's "
			    "autoscale_max to use autoscale (or "
			    "throughput in the phase for manual)",
			    PK_SCENARIO_QUOTE_BYTES, ph->name,
			    scenario_variant_suffix(s->n_variants > 1, c->name,
						    vn, sizeof(vn)),
			    kind);
			return;
		}
		if (c->fabric &&
		    ph->autoscale_max_ru_per_s > PK_FABRIC_MAX_MAX) {
			/* rule 41: a Fabric container's max stays in
			   1,000 .. 50,000 */
			ld_err_at(
			    ld, ph->autoscale_max_line, ph->autoscale_max_col,
			    "phase '%.*s' sets autoscale_max %lld, but "
			    "the container%s has profile fabric, whose "
			    "max is 1,000 .. 50,000 RU/s (rule 41)",
			    PK_SCENARIO_QUOTE_BYTES, ph->name,
			    (long long)ph->autoscale_max_ru_per_s,
			    scenario_variant_suffix(s->n_variants > 1, c->name,
						    vn, sizeof(vn)));
			return;
		}
	}
}

/* Query q's `index:` on an Azure Cosmos DB container: IndexName is
   DynamoDB's (a global secondary index of a table); pksim does not
   replay Azure Cosmos DB's global secondary index containers (preview;
   reference dynamodb-mechanics.md §12: a container of its own, fed by
   the change feed), so it is refused at the key */
static void cosmos_index_refuse(struct ld *ld, const struct pk_query_spec *q,
				const struct pk_container_spec *c)
{
	char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];

	ld_err_at(ld, q->index_line, q->index_col,
		  "query '%.*s' names index '%.*s', but the container%s is "
		  "Azure Cosmos DB's: index: names a global secondary "
		  "index of a DynamoDB table (service: dynamodb); "
		  "allowed: no index: on a container (the query reads the "
		  "container)",
		  PK_SCENARIO_QUOTE_BYTES, q->name, PK_SCENARIO_QUOTE_BYTES,
		  q->index,
		  scenario_variant_suffix(ld->s->n_variants > 1, c->name, vn,
					  sizeof(vn)));
}

/* A phase whose mix sends BatchGetItem (ops.batch_get) where a variant
   is an Azure Cosmos DB container: BatchGetItem is DynamoDB's request,
   and pksim replays no read of many keys in one request on a container
   (its transactional batch writes), so it is refused at the key */
static void batch_get_fits(struct ld *ld, const struct pk_phase_spec *ph)
{
	char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
	size_t v;

	if (ph->mix[PK_OP_BATCH_GET] <= 0) {
		return;
	}
	for (v = 0; v < ld->s->n_variants; v++) {
		const struct pk_container_spec *c = &ld->s->variants[v];

		if (scenario_variant_table(ld->s, c)) {
			continue;
		}
		ld_err_at(
		    ld, ph->batch_get_line ? ph->batch_get_line : ph->line,
		    ph->batch_get_line ? ph->batch_get_col : ph->col,
		    "phase '%.*s' sends batch_get, but the container%s is "
		    "Azure "
		    "Cosmos DB's: batch_get is a DynamoDB table's BatchGetItem "
		    "(service: dynamodb); allowed on a container: read",
		    PK_SCENARIO_QUOTE_BYTES, ph->name ? ph->name : "",
		    scenario_variant_suffix(ld->s->n_variants > 1,
					    c->name ? c->name : "", vn,
					    sizeof(vn)));
		return;
	}
}

/* A query with no condition in a compare across services, refused at
   its place: a container answers it with its `results` items and charges
   them (query_per_result, scenarios/README.md), a table replays it as a Scan
   that reads and charges every item it holds (reference §1: a Scan pays for the
   items it evaluates), so the two variants would not be sent the same request
   and the ranking would turn on the translation. 0, or -1 said. */
static int across_query_fits(struct ld *ld, const struct pk_query_spec *q)
{
	if (q->n_conds > 0 || q->index || !scenario_mixed_services(ld->s)) {
		return 0;
	}
	ld_err_at(ld, q->line, q->col,
		  "query '%.*s' has no condition, in a compare across "
		  "services: a container answers it with its %u result%s "
		  "and charges those, a DynamoDB table replays it as a Scan "
		  "that reads and charges every item the table holds, so "
		  "the variants would not be sent the same request; "
		  "allowed: a condition (eq or in on the partition key: a "
		  "Query on a table; on another attribute: a filter, a Scan "
		  "read in full), or a compare of one service",
		  PK_SCENARIO_QUOTE_BYTES, q->name ? q->name : "", q->results,
		  q->results == 1 ? "" : "s");
	return -1;
}

/* Each query of phase ph that a table variant cannot replay
   (scenario_ddb_query_check, across_query_fits), refused at its place; a
   query naming an index, on a container variant */
static void ddb_queries_fit(struct ld *ld, const struct pk_phase_spec *ph)
{
	const struct pk_ddb_table_spec *t;
	size_t v, j;

	for (j = 0; j < ph->n_queries; j++) {
		if (across_query_fits(ld, &ph->queries[j]) < 0) {
			return;
		}
	}

	for (v = 0; v < ld->s->n_variants; v++) {
		t = scenario_variant_table(ld->s, &ld->s->variants[v]);
		for (j = 0; !t && j < ph->n_queries; j++) {
			if (ph->queries[j].index) {
				cosmos_index_refuse(ld, &ph->queries[j],
						    &ld->s->variants[v]);
				return;
			}
		}
		for (j = 0; t && j < ph->n_queries; j++) {
			if (scenario_ddb_query_check(
				ld->file, t, &ph->queries[j],
				ph->queries[j].line, ph->queries[j].col,
				ld->d) < 0) {
				return;
			}
		}
	}
}

void ld_check_phase_actions(struct ld *ld)
{
	struct pk_scenario *s = ld->s;
	size_t v, i;

	for (i = 0; i < s->n_phases; i++) {
		struct pk_phase_spec *ph = &s->phases[i];
		const char *what =
		    ph->merge_to > 0 ? "merges" : "redistributes";

		phase_settings_fit(ld, ph);
		batch_fits_some_key(ld, ph);
		ddb_batch_fits(ld, ph);
		ddb_transact_fits(ld, ph);
		ddb_queries_fit(ld, ph);
		batch_get_fits(ld, ph);
		if (ph->merge_to == 0 && ph->n_redistribute == 0) {
			continue;
		}
		for (v = 0; v < s->n_variants; v++) {
			const struct pk_container_spec *c = &s->variants[v];
			const char *kind =
			    c->serverless ? "serverless"
			    : c->autoscale_max_ru_per_s > 0 && ph->merge_to == 0
				? "autoscale"
				: NULL;

			if (!kind) {
				continue;
			}
			ld_err_at(
			    ld, ph->action_line, ph->action_col,
			    "phase '%.*s' %s, but container%s%.*s%s is %s; "
			    "pksim %s manual%s throughput only",
			    PK_SCENARIO_QUOTE_BYTES, ph->name, what,
			    s->n_variants > 1 ? " '" : "",
			    PK_SCENARIO_QUOTE_BYTES,
			    s->n_variants > 1 ? c->name : "",
			    s->n_variants > 1 ? "'" : "", kind,
			    ph->merge_to > 0 ? "merges" : "redistributes",
			    ph->merge_to > 0 ? " or autoscale" : "");
			break;
		}
	}
}
