/*
 * ddb_queries: what the readers of a finished run ask an Amazon DynamoDB
 * table (service/queries.h). Its partition key is built by the same key
 * module as Azure Cosmos DB's (pkey.h), so key values read, format and
 * take their time parts as a container's do (cosmos_queries answers
 * those); what differs is the table's own:
 * - where a key value lies: its 8-byte hash (ddb_key_hash), the key
 *   space its partitions slice (ddb_part_min), not Azure Cosmos DB's
 *   EPK;
 * - what a write is charged: ceil(bytes / 1 KiB) WCU (D1), and again
 *   for each local secondary index of projection all that holds the
 *   item, 1 WCU for each keys_only one (D18, ddb_lsi.c), on the key
 *   value's partition, in milli-units;
 * - reads: on the partition's read bucket (D3: reads and writes are
 *   never pooled), so a read is charged nothing against the write units
 *   a projection of storage meets;
 * - no item carries a time to live (a table keeps every item given).
 * A data file's records take the same answers.
 */
#include <string.h>

#include "ddb_state.h"
#include "pksim/service/cosmos/cosmos_snapshot.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/queries.h"

/* Key value (id, len)'s place in the table's key space: its hash's 8
   big-endian bytes, as ddb_part_min gives a partition's start */
static struct pk_epk key_epk(const unsigned char *id, size_t len)
{
	const uint64_t h = ddb_key_hash(id, len);
	struct pk_epk e;
	int k;

	memset(&e, 0, sizeof(e));
	e.len = 8;
	for (k = 0; k < 8; k++) {
		e.b[k] = (uint8_t)(h >> (56 - 8 * k));
	}
	return e;
}

static void key_reads(const struct pk_pkey *k, const struct pk_scenario *sc,
		      struct pk_key_reads *out)
{
	cosmos_queries.key_reads(k, sc, out);
}

static void item_key(const struct pk_pkey *k, const struct pk_scenario *sc,
		     const struct pk_workload *w, uint64_t item,
		     const int64_t *wall_s, unsigned char *id, size_t cap,
		     struct pk_key_item *out)
{
	cosmos_queries.item_key(k, sc, w, item, wall_s, id, cap, out);
	if (out->status == 0) {
		out->epk = key_epk(id, out->id_len);
	}
}

static uint64_t spread_values(const struct pk_pkey *k,
			      const struct pk_scenario *sc)
{
	return cosmos_queries.spread_values(k, sc);
}

static void item_key_pick(const struct pk_pkey *k, const struct pk_scenario *sc,
			  const struct pk_workload *w, uint64_t item,
			  const int64_t *wall_s, uint64_t pick,
			  unsigned char *id, size_t cap,
			  struct pk_key_item *out)
{
	cosmos_queries.item_key_pick(k, sc, w, item, wall_s, pick, id, cap,
				     out);
	if (out->status == 0) {
		out->epk = key_epk(id, out->id_len);
	}
}

static void value_key(const struct pk_pkey *k, const struct pk_scenario *sc,
		      const struct pk_workload *w, const uint64_t *index,
		      unsigned char *id, size_t cap, struct pk_key_item *out)
{
	cosmos_queries.value_key(k, sc, w, index, id, cap, out);
	if (out->status == 0) {
		out->epk = key_epk(id, out->id_len);
	}
}

/* A put of a new item of bytes bytes: its units (D1, not
   transactional) and its local indexes' (ddb_lsi.c lsi_index: an entry
   of projection all costs the base write's units, a keys_only one 1
   WCU), for each index its items hold (ddb_lsis_item_indexes) */
static int64_t write_mru(const void *lps, uint64_t bytes)
{
	const struct ddb *d = lps;
	const int64_t base = ddb_units_write_mcu(bytes, false);
	size_t all = 0, keys = 0;

	ddb_lsis_item_indexes(d, &all, &keys);
	return base * (int64_t)(1 + all) + 1000 * (int64_t)keys;
}

/* Reads take the read bucket (D3), never the write units */
static int64_t read_mru(const void *lps, uint64_t bytes)
{
	(void)lps;
	(void)bytes;
	return 0;
}

const struct pk_queries ddb_queries = {
    .key_text = pkey_format_id,
    .key_json = pkey_format_id_json,
    .key_single = pkey_decode_single,
    .key_undefined = pkey_id_is_undefined,
    .time_text = pkey_time_text,
    .time_span_s = pkey_time_span_s,
    .key_reads = key_reads,
    .item_key = item_key,
    .random_values = pkey_random_values,
    .spread_values = spread_values,
    .item_key_pick = item_key_pick,
    .hash_class = pkey_hash_class,
    .value_key = value_key,
    .id_max = PK_KEY_ID_MAX,
    .write_mru = write_mru,
    .read_mru = read_mru,
    .item_ttl = NULL,
};
