/*
 * ddb_units: DynamoDB capacity units per request (rule D1; see
 * ddb_units.h). Everything is integer milli-units.
 */
#include "pksim/service/dynamodb/ddb_units.h"

#define MCU 1000 /* milli-units in one unit */

/* ceil(size / unit), at least 1: a request of any size costs a unit */
static int64_t units_of(uint64_t size_bytes, uint64_t unit_bytes)
{
	uint64_t n = size_bytes / unit_bytes + (size_bytes % unit_bytes != 0);

	return n == 0 ? 1 : (int64_t)n;
}

/* mCU of n whole 4 KiB units read at consistency kind */
static int64_t read_scale(int64_t n, enum pk_ddb_read kind)
{
	switch (kind) {
	case PK_DDB_READ_EVENTUAL:
		return n * (MCU / 2);
	case PK_DDB_READ_TRANSACTIONAL:
		return n * 2 * MCU;
	case PK_DDB_READ_STRONG:
	default:
		return n * MCU;
	}
}

int64_t ddb_units_write_mcu(uint64_t size_bytes, bool transactional)
{
	int64_t n = units_of(size_bytes, PK_DDB_WRITE_UNIT_BYTES);

	return n * MCU * (transactional ? 2 : 1);
}

int64_t ddb_units_read_mcu(uint64_t size_bytes, enum pk_ddb_read kind)
{
	return read_scale(units_of(size_bytes, PK_DDB_READ_UNIT_BYTES), kind);
}

int64_t ddb_units_batch_read_mcu(const uint64_t *sizes, size_t n,
				 enum pk_ddb_read kind)
{
	int64_t sum = 0;

	for (size_t i = 0; i < n; i++) {
		sum += ddb_units_read_mcu(sizes[i], kind);
	}
	return sum;
}

int64_t ddb_units_batch_write_mcu(const uint64_t *sizes, size_t n)
{
	int64_t sum = 0;

	for (size_t i = 0; i < n; i++) {
		sum += ddb_units_write_mcu(sizes[i], false);
	}
	return sum;
}

int64_t ddb_units_query_mcu(const uint64_t *sizes, size_t n,
			    enum pk_ddb_read kind)
{
	int64_t whole = 0;
	uint64_t page = 0;

	for (size_t i = 0; i < n; i++) {
		page += sizes[i];
		if (page >= PK_DDB_PAGE_BYTES) {
			whole += units_of(page, PK_DDB_READ_UNIT_BYTES);
			page = 0;
		}
	}
	if (page > 0 || whole == 0) {
		whole += units_of(page, PK_DDB_READ_UNIT_BYTES);
	}
	return read_scale(whole, kind);
}

int64_t ddb_units_failed_condition_mcu(bool item_exists,
				       uint64_t new_size_bytes)
{
	return item_exists ? ddb_units_write_mcu(new_size_bytes, false) : MCU;
}

bool ddb_units_item_fits(uint64_t size_bytes)
{
	return size_bytes <= PK_DDB_ITEM_MAX_BYTES;
}

uint64_t ddb_units_billed_bytes(uint64_t size_bytes, uint64_t index_entries)
{
	uint64_t extra;

	if (index_entries >= UINT64_MAX / PK_DDB_STORAGE_OVERHEAD_BYTES) {
		return UINT64_MAX;
	}
	extra = (index_entries + 1) * PK_DDB_STORAGE_OVERHEAD_BYTES;
	return size_bytes > UINT64_MAX - extra ? UINT64_MAX
					       : size_bytes + extra;
}
