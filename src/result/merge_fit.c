/*
 * merge_fit: rule 32's count and rule 36's conditions on a finished
 * variant (merge_fit.h).
 */
#include "pksim/result/merge_fit.h"

#include <string.h>

#include "pksim/result/result.h"

/* Rule 1's caps, unless a classroom scenario lowers them */
#define MERGE_FIT_RU_PER_PP 10000ULL
#define MERGE_FIT_BYTES_PER_PP (50ULL * 1024 * 1024 * 1024)

int merge_fit(const struct pk_result_variant *v, struct pk_merge_fit *f)
{
	int64_t ru =
	    v->pending_ru_per_s > 0 ? v->pending_ru_per_s : v->ru_per_s;
	uint64_t by_ru, by_storage;

	memset(f, 0, sizeof(*f));
	f->n = (uint64_t)v->n_ranges;
	if (!v->cosmos || v->serverless || ru <= 0 || f->n == 0) {
		return 0; /* the rules' caps are Azure Cosmos DB's */
	}
	f->ru_per_s = (uint64_t)ru;
	f->pp_bytes = v->spec && v->spec->pp_storage_bytes
			  ? v->spec->pp_storage_bytes
			  : MERGE_FIT_BYTES_PER_PP;
	f->pp_ru_per_s = v->spec && v->spec->pp_ru_per_s > 0
			     ? (uint64_t)v->spec->pp_ru_per_s
			     : MERGE_FIT_RU_PER_PP;
	by_ru = (f->ru_per_s + f->pp_ru_per_s - 1) / f->pp_ru_per_s;
	by_storage = (v->storage_bytes + f->pp_bytes - 1) / f->pp_bytes;
	f->need = by_ru > by_storage ? by_ru : by_storage;
	if (f->need < 1) {
		f->need = 1;
	}
	/* rule 32, then rule 36: RU/s / n < 3,000 and storage / n < 20 GiB */
	return f->n > f->need &&
	       f->ru_per_s < (uint64_t)PK_MERGE_MAX_RU_PER_PP * f->n &&
	       v->storage_bytes < PK_MERGE_MAX_AVG_BYTES * f->n;
}
