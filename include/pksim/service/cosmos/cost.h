/*
 * cost: the request charge of one operation, in milli-RU (1 RU = 1000
 * mRU), kept in integers so sums are exact.
 *
 * Through the published points (D-RU, D-KV; reference §5 and rule 20):
 * point read of 1 KB = 1 RU and of 100 KB = 10 RU; write of 1 KB = 5 RU and
 * of 100 KB = 50 RU. ASSUMPTION (no formula is published): linear in size
 * between 1 KB and 100 KB, flat below 1 KB, proportional above 100 KB
 * (read 100 KB x k costs 10 x k RU). 1 KB = 1024 bytes. Create, upsert and
 * replace are writes of the new item size; a delete is charged as a write
 * of the stored item's size; a read or write of a missing item (404) costs
 * the scenario's not_found charge (default 1 RU). Every point is a
 * scenario setting (`cost:`).
 */
#ifndef PKSIM_COST_H
#define PKSIM_COST_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/units.h"
#include "pksim/load/scenario_client.h"

struct pk_cost {
	int64_t read_1kb_mru;
	int64_t read_100kb_mru;
	int64_t write_1kb_mru;
	int64_t write_100kb_mru;
	int64_t not_found_mru;
	int64_t query_base_mru;
	int64_t query_per_range_mru;
	int64_t query_per_result_mru;
};

/* The model for spec (RU values rounded to whole mRU). */
void cost_init(struct pk_cost *c, const struct pk_cost_spec *spec);

/* Charge (mRU) of a point read of an item of size_bytes. */
int64_t cost_read_mru(const struct pk_cost *c, uint64_t size_bytes);

/* Charge (mRU) of a create/upsert/replace/delete of size_bytes. */
int64_t cost_write_mru(const struct pk_cost *c, uint64_t size_bytes);

/* Charge (mRU) of a query visiting `ranges` ranges and returning
   `results` items: base + per range + per result (rule 21). */
int64_t cost_query_mru(const struct pk_cost *c, size_t ranges,
		       uint64_t results);

#endif
