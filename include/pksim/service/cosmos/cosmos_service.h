/*
 * cosmos_service: Azure Cosmos DB behind the service interface
 * (service.h): one container per variant (container.h) with its
 * partition key (pkey.h), the key each request's item gives built and
 * hashed once per value (a per-value cache of the logical partition it
 * reached), the variant's `preload:` stored before the clock starts, and
 * the phases' actions checked against the service's rules.
 *
 * The queries at the end answer what only Azure Cosmos DB has and the
 * snapshot (snapshot.h) does not say: whether the container's books
 * balance, where the creation layout puts a key (`pksim locate`), how
 * large the per-value cache grew. The container itself (container.h,
 * pmap.h) is private to src/service/cosmos/.
 */
#ifndef PKSIM_COSMOS_SERVICE_H
#define PKSIM_COSMOS_SERVICE_H

#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/epk.h"
#include "pksim/service/cosmos/keycheck.h"
#include "pksim/service/cosmos/pkey.h"
#include "pksim/service/service.h"

/* The operations table of the Azure Cosmos DB service (service.h). */
extern const struct pk_service_ops cosmos_service_ops;

/*
 * A new Azure Cosmos DB service for spec (service.h: the variant's
 * container spec, the scenario, its workload and seed): its partition
 * key over the scenario's items (keycheck: how many lack it), its
 * container (container_new) with the scenario's cost model, the
 * scenario's `preload:` stored (cosmos_preload). Returns it, owned (free
 * with service_free), or NULL with errors in diag when the key does not
 * fit the items (pkey_new, keycheck_run).
 */
struct pk_service *cosmos_service_new(const struct pk_service_spec *spec,
				      struct pk_diag *diag);

/*
 * 0 when the books of s's container balance, else -1: every logical
 * partition lies in one range and each range's storage and count are the
 * sums of its logical partitions'; the RU/s shares add up to the
 * provisioned RU/s; no logical partition is over its cap (rule 7); with
 * time to live, every expired item was deleted or waits (rule 28). For
 * tests and fuzzing: a run that breaks one is a bug in the service.
 */
int cosmos_service_check(const struct pk_service *s);

/*
 * The partition key range of spec's creation layout (rules 2 and 3: the
 * ranges a new container of spec gets, or its `partitions:`) holding the
 * key-space position epk: its id (the ranges of a new container are
 * numbered 0 .. n - 1 in key order) in *id and its bounds [*min, *max).
 * Returns n, the ranges of that layout. Nothing is simulated.
 */
size_t cosmos_created_range(const struct pk_container_spec *spec,
			    const struct pk_epk *epk, uint32_t *id,
			    struct pk_epk *min, struct pk_epk *max);

/* The partition key behind s. Borrowed. */
const struct pk_pkey *cosmos_service_key(const struct pk_service *s);

/* How many of the scenario's items lack s's key (keycheck.h). Borrowed. */
const struct pk_keycheck *cosmos_service_keycheck(const struct pk_service *s);

/* Entries of s's per-value cache of logical partitions: the value indexes
   of the one property its key reads; 0 when it keeps none (a key of
   several properties, a data file's). */
uint64_t cosmos_service_lp_cache_n(const struct pk_service *s);

#endif
