/*
 * logranges: a replayed Azure Monitor log's recorded partition key ranges
 * against the layout a container starts with.
 *
 * The log's PartitionKeyRangeId column records which range served each
 * row (Azure Monitor table reference, CDBPartitionKeyRUConsumption). An
 * existing container's range boundaries are not documented (reference §7,
 * UNCONFIRMED) and pksim lays its ranges out evenly (pmap.h, an
 * ASSUMPTION), so two keys the log records on two ranges may share one
 * range here, and the replay then shows load on one range that the log
 * shows on two. This module finds such a disagreement so the report can
 * say so instead of presenting its 429s as the log's.
 */
#ifndef PKSIM_LOGRANGES_H
#define PKSIM_LOGRANGES_H

#include "pksim/load/monitor.h"
#include "pksim/service/cosmos/pkey.h"
#include "pmap.h"

/*
 * One sentence for the findings (owned by the caller, free()) when the
 * rows of m (the replayed log, its rows the items of w in order, keyed
 * by k) are placed by map (the layout at the start, as many ranges as
 * the log records: the caller's condition) against the ranges the log
 * records: two key values the log records on two ranges share one range
 * of map, which adds load there that the log does not show. It names the
 * two key values (the earliest rows of the first such range of map) and
 * the ranges. NULL when they agree, or when the log records no range
 * (m->ranges == 0) or a row has none. kv is scratch for one key.
 */
char *logranges_disagree(const struct pk_pkey *k, const struct pk_workload *w,
			 const struct pk_monitor_log *m,
			 const struct pk_pmap *map, struct pk_keyval *kv);

#endif
