/*
 * findings_keys (internal to findings): where a finding says the key, not
 * the layout, is the problem, the `pksim compare` command line that
 * replays the run's stream under other keys. What another key would do
 * is compare's to measure: the sentence names the keys and why they were
 * picked, never their effect.
 */
#ifndef PKSIM_FINDINGS_KEYS_H
#define PKSIM_FINDINGS_KEYS_H

#include "pksim/result/result.h"

/* What the findings said of v's key (bits) */
#define PK_KEYS_HOT                                                            \
	1u /* its load: a hot range by the key, or a hot                       \
	      logical partition */
#define PK_KEYS_STORAGE                                                        \
	2u /* its storage: a logical partition full, or                        \
	      growing to its cap */

/*
 * The compare pointer for variant v of r when the findings said `said`
 * (PK_KEYS_* bits; 0: NULL): keys to try beside v's own, by what was
 * said, on an Azure Cosmos DB variant whose items carry properties (not
 * a monitor log):
 * - storage: the hierarchical key of v's levels and /id (rule 33: a
 *   unique last level lets every prefix pass 20 GB), when v's key is a
 *   path or a hierarchical key of fewer than 3 levels without /id;
 * - load: v's key with a precalculated suffix, "{K}-{hash(id) mod N}"
 *   (rule 38: a reader that knows the id computes the key), N = 4 x the
 *   physical partitions at the end, at least 4 (ASSUMPTION: about 4
 *   values a partition, so hash placement spreads the hottest key value's
 *   load; compare measures whether it does).
 * The command names the scenario SCENARIO.yaml (a data file: --items FILE
 * ...), as the usage does, so the report is the same whatever path named
 * it. Owned by the caller; NULL when there is no key to suggest.
 */
char *findings_compare_keys(const struct pk_result *r,
			    const struct pk_result_variant *v, unsigned said);

#endif
