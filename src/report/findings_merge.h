/*
 * findings_merge (internal to findings): the merge findings, rule 36:
 * a container that rule 32 counts as having more physical partitions
 * than it needs, where a merge would suit (the candidate), and a merge
 * the run made on a container the merge docs would not suit. Each
 * returns one sentence owned by the caller (free()), or NULL when there
 * is nothing to say.
 */
#ifndef PKSIM_FINDINGS_MERGE_H
#define PKSIM_FINDINGS_MERGE_H

#include "pksim/result/result.h"

/* The merge candidate of variant v of run r: rule 32's count where rule
   36 would merge too, with its replay or why there is none. */
char *findings_merge_candidate(const struct pk_result *r,
			       const struct pk_result_variant *v);

/* D-MERGE: a merge v ran, with the RU/s and storage a partition it ran
   at, beside the docs' 3,000 RU/s and 20 GiB. */
char *findings_merge_ran(const struct pk_result_variant *v);

#endif
