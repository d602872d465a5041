/*
 * money_keyspace (internal to money): how many bytes a DynamoDB table's
 * bounded key space can ever hold, for the storage note's projection.
 */
#ifndef PKSIM_MONEY_KEYSPACE_H
#define PKSIM_MONEY_KEYSPACE_H

#include <stdint.h>

#include "pksim/load/scenario.h"
#include "pksim/service/dynamodb/spec.h"

/* The most bytes table t of sc can ever bill for its items, or 0 when
   its key space is not bounded: a table's primary key is its partition
   key with its sort key, one item per key value (reference §1), and a
   create or put of a held key replaces that item, so it holds at most
   as many items as key values: the fewer of each stream's pool summed
   and the union of the streams' partition key values times the union
   of their sort key values (key_values_union); each item at most the
   largest item any phase writes (a normal size at its 400 KB cap, D1)
   with its index entries (item_bill_bytes). Not bounded with items from
   a file or a preload (their keys are not the generator's). Sets
   *items and *item_bytes (the largest item). Borrows sc and t. */
double money_keyspace_bytes(const struct pk_scenario *sc,
			    const struct pk_ddb_table_spec *t, uint64_t *items,
			    uint64_t *item_bytes);

#endif
