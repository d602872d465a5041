/*
 * cosmos_int: what the files of the Azure Cosmos DB service
 * (cosmos_service.c, cosmos_phase.c, cosmos_preload.c) share and nothing
 * outside them uses. Not a public header.
 */
#ifndef PKSIM_COSMOS_INT_H
#define PKSIM_COSMOS_INT_H

#include <stdint.h>

#include "container.h"
#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/pkey.h"

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

#endif
