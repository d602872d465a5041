/*
 * plan_table_memory: the bytes a DynamoDB table keeps in a run, for the
 * memory estimate (plan_memory.c): its stored items and their keys, its
 * global secondary indexes' partitions, rows and key values, and the
 * index writes queued retries foresee. A table's partitions are
 * plan_tables.c's; the workload's own records of the items are
 * plan_memory.c's.
 */
#include "loader.h"

#include <math.h>
#include <string.h>

/* Writes the phases send to a table's global secondary indexes, at
   most: each stored item's (creates, upserts, a batch's items) and each
   replace and delete (ddb_gsi.c: a base write with the index's
   attribute is one index write; reads never touch an index); a data
   file's records. */
double ld_table_index_writes(const struct pk_scenario *s)
{
	double n = ld_items_planned(s);
	size_t i;

	for (i = 0; !s->items_file && i < s->n_phases; i++) {
		const double *m = s->phases[i].mix;

		n += ld_phase_ops(&s->phases[i]) *
		     (m[PK_OP_REPLACE] + m[PK_OP_DELETE]);
	}
	return n;
}

/* The distinct values of index g's attribute the run's items can
   carry: a data file's records' own, counted (ld_file_lps), else
   ld_lps_planned of a key of that one path */
static double gsi_values(const struct pk_scenario *s,
			 const struct pk_ddb_gsi_spec *g, double items)
{
	struct pk_container_spec k;
	double key_bytes, top;

	memset(&k, 0, sizeof(k));
	k.key.kind = PK_KEY_PATH;
	k.key.paths[0] = g->partition_key;
	k.key.n_paths = 1;
	if (s->items_file && s->items_file->trace && !s->items_file->monitor) {
		/* a table's index: numbers told apart by value */
		return ld_file_lps(s->items_file, &k.key, 1, &key_bytes, &top);
	}
	return ld_lps_planned(s, &k, items);
}

/* An index key value's entries as a Query of the index keeps them
   (ddb_gsi_read.c): an 88-byte record (uthash handle 56, key 16, bytes
   and entries 16), its allocation and bucket: 128 (estimated) */
#define PK_SCENARIO_GSI_READ_VALUE_BYTES 128.0

/* 1 when some query of s reads index g (its `index:`) */
static int gsi_read(const struct pk_scenario *s,
		    const struct pk_ddb_gsi_spec *g)
{
	const struct pk_query_spec *q;
	size_t i, j;

	for (i = 0; i < s->n_phases; i++) {
		for (j = 0; j < s->phases[i].n_queries; j++) {
			q = &s->phases[i].queries[j];
			if (q->index && strcmp(q->index, g->name) == 0) {
				return 1;
			}
		}
	}
	return 0;
}

/* Table t's global secondary indexes (ddb_gsi.c): each index's
   partitions, the most it can reach (ld_gsi_parts: D4 from its units,
   raised to its auto scaling's maximum; on demand max(4, ceil(quota /
   1,000)), laid out for its quota), at
   PK_SCENARIO_GSI_PART_BYTES each; each index key value written, a
   record of the on-demand comparison's (ddb_demand.c) at
   PK_SCENARIO_GSI_VALUE_BYTES: at most the index's writes (writes) and
   at most the values its attribute takes (gsi_values), and as many
   records of its entries (PK_SCENARIO_GSI_READ_VALUE_BYTES) when a
   query reads it (gsi_read); and, when the
   run keeps per-second detail (detail), a row
   (PK_SCENARIO_GSI_ROW_BYTES) for each partition in each second it is
   written: at most its writes and at most its partitions x the run's
   seconds. The rows into *rows (each also a CSV row), the key values'
   bytes into *values; the other bytes returned. */
double ld_table_gsi_bytes(const struct pk_scenario *s,
			  const struct pk_ddb_table_spec *t, double writes,
			  double run_s, int detail, double *rows,
			  double *values)
{
	double b = 0, gp, r, items = ld_items_planned(s);
	size_t i;

	*rows = 0;
	*values = 0;
	for (i = 0; i < t->n_gsis; i++) {
		gp = ld_gsi_parts(t, i);
		r = detail ? fmin(writes, ceil(run_s) * gp) : 0;
		*rows += r;
		b += gp * PK_SCENARIO_GSI_PART_BYTES +
		     r * PK_SCENARIO_GSI_ROW_BYTES;
		*values += fmin(writes, gsi_values(s, &t->gsis[i], items)) *
			   (PK_SCENARIO_GSI_VALUE_BYTES +
			    (gsi_read(s, &t->gsis[i])
				 ? PK_SCENARIO_GSI_READ_VALUE_BYTES
				 : 0));
	}
	return b;
}

/* Bytes of the items table t stores (ddb_items.c): one record
   (LD_DDB_ITEM_BYTES) and its primary key's bytes a distinct
   primary key: at most the items the run writes, and without a sort key
   at most the lps partition-key values, each of key bytes; a sort key's
   value as long as its property's longest (ld_lp_key_bytes; a data file's
   as long as the partition key's); once an item is written, the
   memo of the items' primary keys (LD_DDB_KEY_MEMO_BYTES); and when the
   scenario sends queries, an item collection a partition-key value
   (LD_DDB_QUERY_KEY_BYTES and its key's bytes; at most the items, at
   most the lps values). */
double ld_table_items_bytes(const struct pk_scenario *s,
			    const struct pk_ddb_table_spec *t, double items,
			    double lps, double key)
{
	struct pk_container_spec k;
	double sk = 0, kept = items > 0 ? LD_DDB_KEY_MEMO_BYTES : 0;

	if (scenario_query_count(s) > 0) {
		kept += fmin(items, lps) * (LD_DDB_QUERY_KEY_BYTES + key);
	}
	if (!t->sort_key) {
		return fmin(items, lps) * (LD_DDB_ITEM_BYTES + key) + kept;
	}
	memset(&k, 0, sizeof(k));
	k.key.kind = PK_KEY_PATH;
	k.key.paths[0] = t->sort_key;
	k.key.n_paths = 1;
	sk = s->items_file ? key : ld_lp_key_bytes(s, &k, items);
	return items * (LD_DDB_ITEM_BYTES + key + sk) + kept;
}

/* Bytes queued waiting retries (of each variant) hold for the global
   index writes the tables that read ahead foresee for them
   (the provisioned tables that lend unused capacity; ddb_ahead.c): each index
   write of a retry, 2 an index at most */
double ld_table_due_index_bytes(const struct pk_scenario *s, double queued)
{
	double bytes = 0;
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[i]);

		if (t && t->capacity != PK_DDB_ON_DEMAND &&
		    t->adaptive != PK_DDB_ADAPTIVE_OFF) {
			bytes += queued * 2.0 * (double)t->n_gsis *
				 PK_SCENARIO_DDB_DUE_INDEX_BYTES;
		}
	}
	return bytes;
}
