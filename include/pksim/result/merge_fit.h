/*
 * merge_fit: whether a finished variant is a container a merge suits,
 * by both rules that name one: rule 32's count (more physical
 * partitions than max(ceil(RU/s / per-partition RU/s), ceil(storage /
 * per-partition storage)) would need) and rule 36's conditions (the
 * merge docs: under PK_MERGE_MAX_RU_PER_PP RU/s and
 * PK_MERGE_MAX_AVG_BYTES of average storage a partition). The finding
 * that names a merge candidate and the merge remedy read the same test,
 * so pksim never advises, nor replays, a merge rule 36 would refuse.
 */
#ifndef PKSIM_RESULT_MERGE_FIT_H
#define PKSIM_RESULT_MERGE_FIT_H

#include <stdint.h>

struct pk_result_variant;

/* The figures the test read, all at the end of the run. */
struct pk_merge_fit {
	uint64_t ru_per_s;    /* the RU/s the container will have (a raise
				 still waiting for its splits counts at its
				 new RU/s), RU/s */
	uint64_t pp_ru_per_s; /* a partition's RU/s cap (rule 1's 10,000
				 unless the scenario lowers it), RU/s */
	uint64_t pp_bytes;    /* a partition's storage cap (rule 1's 50 GiB
				 unless lowered), bytes */
	uint64_t need;	      /* rule 32's count, at least 1 */
	uint64_t n;	      /* physical partitions at the end */
};

/*
 * 1 if v (an Azure Cosmos DB variant with RU/s, not serverless) has more
 * partitions than rule 32's count and rule 36's conditions hold, else 0.
 * f gets the figures read whenever the variant has RU/s and partitions
 * (f->need 0 otherwise). Pure: reads v only.
 */
int merge_fit(const struct pk_result_variant *v, struct pk_merge_fit *f);

#endif
