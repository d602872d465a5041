/*
 * ddb_units: the capacity units one Amazon DynamoDB request consumes,
 * in milli-units (1 RCU or WCU = 1000 mCU) so that the eventually
 * consistent half unit and sums stay exact integers.
 *
 * Rule D1 of the DynamoDB reference (dynamodb-mechanics.md §1, §15;
 * source: the DynamoDB developer guide's provisioned-throughput page,
 * A-PT): sizes in binary KiB; a write takes one unit per 1 KiB or part
 * of it (twice that when transactional), a read one unit per 4 KiB or
 * part of it, times 0.5 eventual, 1 strong, 2 transactional. Batch items
 * are rounded one by one; a Query or Scan rounds the total of each 1 MB
 * page once. A read of a missing item still costs one 4 KiB unit and a
 * write at least one 1 KiB unit. D2: an item is at most 400 KiB
 * (409,600 bytes). D20: storage bills 100 bytes more per item and per
 * index entry; capacity units ignore them.
 *
 * What is left out: the attribute-by-attribute size of an item (callers
 * pass the item's size in bytes), global tables' 48 extra bytes.
 */
#ifndef PKSIM_DDB_UNITS_H
#define PKSIM_DDB_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pksim/service/dynamodb/spec.h" /* PK_DDB_ITEM_MAX_BYTES */

#define PK_DDB_WRITE_UNIT_BYTES 1024u /* D1: one WCU per 1 KiB */
#define PK_DDB_READ_UNIT_BYTES 4096u  /* D1: one RCU per 4 KiB */
/* D1: Query and Scan return at most 1 MB a call and are paid a page at a
   time. ASSUMPTION: 1 MB = 2^20 bytes; a page ends with the item that
   brings it to 1 MB or more (the reference gives no finer rule). */
#define PK_DDB_PAGE_BYTES 1048576u
#define PK_DDB_STORAGE_OVERHEAD_BYTES                                          \
	100u /* D20: per item, per index entry                                 \
	      */

/* The consistency of a read (D1): eventual costs half a unit per 4 KiB,
   strong one, transactional two. */
enum pk_ddb_read {
	PK_DDB_READ_EVENTUAL,
	PK_DDB_READ_STRONG,
	PK_DDB_READ_TRANSACTIONAL,
};

/* Units (mCU) of a write of an item of size_bytes: ceil(size / 1 KiB),
   at least 1, doubled when transactional (D1). PutItem and UpdateItem
   pass the larger of the item before and after; DeleteItem the deleted
   item's size. */
int64_t ddb_units_write_mcu(uint64_t size_bytes, bool transactional);

/* Units (mCU) of a read of an item of size_bytes, 0 for a missing item:
   ceil(size / 4 KiB), at least 1, times 0.5 / 1 / 2 by kind (D1). */
int64_t ddb_units_read_mcu(uint64_t size_bytes, enum pk_ddb_read kind);

/* Units (mCU) of a BatchGetItem of n items of sizes[i] bytes: each item
   rounded on its own, then summed (D1). sizes may be NULL when n is 0. */
int64_t ddb_units_batch_read_mcu(const uint64_t *sizes, size_t n,
				 enum pk_ddb_read kind);

/* Units (mCU) of a BatchWriteItem of n puts or deletes: each item rounded
   on its own, then summed (D1). */
int64_t ddb_units_batch_write_mcu(const uint64_t *sizes, size_t n);

/* Units (mCU) of a Query (items read) or Scan (items evaluated) over n
   items of sizes[i] bytes: the items fill 1 MB pages in order (see
   PK_DDB_PAGE_BYTES) and each page's total is rounded up to 4 KiB once
   (D1). ASSUMPTION: a Query that reads nothing costs one unit, as a
   read of a missing item does. */
int64_t ddb_units_query_mcu(const uint64_t *sizes, size_t n,
			    enum pk_ddb_read kind);

/* Units (mCU) a conditional write whose condition fails still consumes
   (D1): the new item's size when the item exists, one unit when it does
   not. */
int64_t ddb_units_failed_condition_mcu(bool item_exists,
				       uint64_t new_size_bytes);

/* Whether an item of size_bytes may be written (D2: at most 409,600). */
bool ddb_units_item_fits(uint64_t size_bytes);

/* Bytes billed for storage of an item of size_bytes with index_entries
   entries in secondary indexes: the item plus 100 bytes for the item and
   100 for each entry (D20). Saturates at UINT64_MAX. */
uint64_t ddb_units_billed_bytes(uint64_t size_bytes, uint64_t index_entries);

#endif
