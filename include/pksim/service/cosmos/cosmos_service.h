/*
 * cosmos_service: Azure Cosmos DB behind the service interface
 * (service.h): one container per variant (container.h) with its
 * partition key (pkey.h), the key each request's item gives built and
 * hashed once per value (a per-value cache of the logical partition it
 * reached), the variant's `preload:` stored before the clock starts, and
 * the phases' actions checked against the service's rules.
 *
 * The accessors at the end reach the state behind the handle for what
 * the result still reads directly (result.c, fill.c) and for the tests;
 * nothing else uses them.
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

/* Where a refused phase action is said: the scenario's file, 1 to name
   the container's variant in the message (several variants), the
   errors' list. Borrowed. */
struct cosmos_where {
	const char *file;
	int name_variant;
	struct pk_diag *diag;
};

/*
 * Phase ph's actions on container c at its start `start` (ms), in this
 * order: `throughput_policy: equal`, autoscale max, throughput (each
 * refused below the minimum c has reached then, rule 8, D-LIMITS),
 * merge, redistribution (rule 26, D-REDIST; a range it names must exist
 * and stay within 2 x the per-range cap). Returns 0, or -1 with the error
 * at the phase's key in w->diag (what it asked, the minimum or the
 * ranges there are).
 */
int cosmos_phase_apply(struct pk_container *c, const struct pk_phase_spec *ph,
		       int64_t start, const struct cosmos_where *w);

/*
 * Store sc's `preload:` (nothing without one) in c before the clock
 * starts, each item under key (kv: scratch for one key value), charged
 * nothing; seed feeds the preload's own draws (counts per value). Then
 * container_preload_done.
 */
void cosmos_preload(struct pk_container *c, const struct pk_pkey *key,
		    struct pk_keyval *kv, const struct pk_scenario *sc,
		    uint64_t seed);

/* The container behind s (an Azure Cosmos DB service). Borrowed. */
struct pk_container *cosmos_service_container(const struct pk_service *s);

/* The partition key behind s. Borrowed. */
const struct pk_pkey *cosmos_service_key(const struct pk_service *s);

/* How many of the scenario's items lack s's key (keycheck.h). Borrowed. */
const struct pk_keycheck *cosmos_service_keycheck(const struct pk_service *s);

#endif
