/*
 * cosmos_service: Azure Cosmos DB behind the service interface
 * (service.h): one container per variant (container.h) with its
 * partition key (pkey.h), the key each request's item gives built and
 * hashed once per value (a per-value cache of the logical partition it
 * reached), the variant's `preload:` stored before the clock starts, and
 * the phases' actions checked against the service's rules.
 *
 * The accessors at the end reach the state behind the handle: the
 * result's key check (result.c, the one place above the service stage
 * that calls them) and the tests; nothing else uses them.
 */
#ifndef PKSIM_COSMOS_SERVICE_H
#define PKSIM_COSMOS_SERVICE_H

#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/container.h"
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

/* The container behind s (an Azure Cosmos DB service). Borrowed. */
struct pk_container *cosmos_service_container(const struct pk_service *s);

/* The partition key behind s. Borrowed. */
const struct pk_pkey *cosmos_service_key(const struct pk_service *s);

/* How many of the scenario's items lack s's key (keycheck.h). Borrowed. */
const struct pk_keycheck *cosmos_service_keycheck(const struct pk_service *s);

/* Entries of s's per-value cache of logical partitions: the value indexes
   of the one property its key reads; 0 when it keeps none (a key of
   several properties, a data file's). */
uint64_t cosmos_service_lp_cache_n(const struct pk_service *s);

#endif
