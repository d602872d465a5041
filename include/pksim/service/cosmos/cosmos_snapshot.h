/*
 * cosmos_snapshot: an Azure Cosmos DB container's end of run as the
 * service-neutral snapshot (service/snapshot.h) the result stage reads.
 */
#ifndef PKSIM_COSMOS_SNAPSHOT_H
#define PKSIM_COSMOS_SNAPSHOT_H

#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/pkey.h"
#include "pksim/service/queries.h"
#include "pksim/service/snapshot.h"

struct pk_container;

/* Azure Cosmos DB's answers to the run's readers (queries.h): its
   partition key's formatters and builders (pkey.h), its cost model's
   write charge (cost.h) over the container a snapshot's lps lends. */
extern const struct pk_queries cosmos_queries;

/*
 * Fill *out from container c after its clock stopped (container_end),
 * its variant's key definition key and the scenario sc (the key's time
 * bucket reads sc's time field). out owns its ranges, range ids and
 * Cosmos extension (free with snapshot_free) and borrows c (metrics,
 * spec, name, logical partitions read through out->lp_read) and key: c
 * and key outlive it. Reads c only; out of memory is fatal.
 */
void cosmos_snapshot_fill(const struct pk_container *c,
			  const struct pk_pkey *key,
			  const struct pk_scenario *sc,
			  struct pk_snapshot *out);

#endif
