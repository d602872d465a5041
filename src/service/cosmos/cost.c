/*
 * cost: request charges through the published points (see cost.h).
 */
#include "pksim/service/cosmos/cost.h"

#include <math.h>

#include "pksim/base/units.h"

#define PK_COST_KB 1024.0 /* ASSUMPTION: the docs' "1 KB" item is 1024 B */

static int64_t to_mru(double ru)
{
	return (int64_t)units_llround(ru * 1000.0);
}

void cost_init(struct pk_cost *c, const struct pk_cost_spec *spec)
{
	c->read_1kb_mru = to_mru(spec->read_1kb_ru);
	c->read_100kb_mru = to_mru(spec->read_100kb_ru);
	c->write_1kb_mru = to_mru(spec->write_1kb_ru);
	c->write_100kb_mru = to_mru(spec->write_100kb_ru);
	c->not_found_mru = to_mru(spec->not_found_ru);
	c->query_base_mru = to_mru(spec->query_base_ru);
	c->query_per_range_mru = to_mru(spec->query_per_range_ru);
	c->query_per_result_mru = to_mru(spec->query_per_result_ru);
}

int64_t cost_query_mru(const struct pk_cost *c, size_t ranges, uint64_t results)
{
	return c->query_base_mru + (int64_t)ranges * c->query_per_range_mru +
	       (int64_t)results * c->query_per_result_mru;
}

/* the line through (1 KB, at1) and (100 KB, at100); see cost.h */
static int64_t through_points(int64_t at1, int64_t at100, uint64_t bytes)
{
	double kb = (double)bytes / PK_COST_KB;

	if (kb <= 1.0) {
		return at1;
	}
	if (kb <= 100.0) {
		return at1 + (int64_t)units_llround((double)(at100 - at1) *
						    (kb - 1.0) / 99.0);
	}
	return (int64_t)units_llround((double)at100 * kb / 100.0);
}

int64_t cost_read_mru(const struct pk_cost *c, uint64_t size_bytes)
{
	return through_points(c->read_1kb_mru, c->read_100kb_mru, size_bytes);
}

int64_t cost_write_mru(const struct pk_cost *c, uint64_t size_bytes)
{
	return through_points(c->write_1kb_mru, c->write_100kb_mru, size_bytes);
}
