/*
 * plan: the back-of-envelope arithmetic of `pksim plan` (seed 002,
 * "Estimating cost: three offices"), from a validated plan
 * (load/plan_spec.h), without a simulation. Pure arithmetic on doubles;
 * the reports (report/report_plan.h) round for printing.
 *
 * The rules it uses (docs/cosmos-mechanics.md):
 * - rule 11: a logical partition holds at most 20 GB (binary, 2^30
 *   bytes a GB), so it holds 20 x 2^30 / (item bytes x index factor)
 *   items;
 * - rules 1 and 10: a logical partition lies in one physical partition,
 *   which accepts at most 10,000 RU/s, so one logical partition stops at
 *   10,000 / (RU per write) writes a second;
 * - rules 2 and 12: a container of max RU/s has n = max(1, ceil(max /
 *   6,000)) physical partitions, each with max / n RU/s each second; a
 *   value's logical partition lies in one of them, so its one-year
 *   re-sync (each entity of a year written once) takes per_year x RU per
 *   write / (max / n) seconds at full speed (max / n never above
 *   10,000, rule 1). With 2,000 RU/s (seed 002) n = 1: / 2,000. All
 *   values together take total RU / max, but no less than the slowest
 *   value alone.
 * And the seed's own assumptions: a year spreads evenly over 12 months
 * (largest month = per_year / 12, as its Solution 1 writes "40,000 / 12 x
 * 221 x 2"); stored bytes = item bytes x index factor; a working day
 * carries per_year x writes_per_entity / working_days writes.
 */
#ifndef PKSIM_MODEL_PLAN_H
#define PKSIM_MODEL_PLAN_H

#include <stddef.h>

#include "pksim/load/plan_spec.h"

/* rule 11: 20 GB per logical partition */
#define PK_PLAN_LP_BYTES (20.0 * 1024.0 * 1024.0 * 1024.0)
/* rule 1: 10,000 RU/s per physical partition, so per logical partition */
#define PK_PLAN_LP_RU_PER_S 10000.0
/* rule 2: a new manual container gets ceil(RU/s / 6,000) partitions */
#define PK_PLAN_RU_PER_NEW_PARTITION 6000.0
/* the seed's months of a year (an even spread) */
#define PK_PLAN_MONTHS 12.0
/* MB as the seed prints them: binary, 2^20 bytes */
#define PK_PLAN_MB (1024.0 * 1024.0)

/* The estimate for one value of the `per` path. */
struct pk_plan_row {
	const char *name;     /* borrowed from the spec */
	double per_year;      /* entities a year */
	double storage_bytes; /* per_year x years x item x index factor */
	double month_bytes;   /* per_year / 12 x item x index factor */
	double resync_ru;     /* per_year x RU per write */
	double resync_s;      /* resync_ru / lp_ru_per_s of the plan */
	double day_writes;    /* per_year x writes_per_entity / working days */
	double day_ru;	      /* day_writes x RU per write */
	double share;	      /* per_year / the sum over values, 0..1 */
};

/* Where the hottest logical partition of a candidate key is. */
enum pk_plan_hot {
	PK_PLAN_HOT_VALUE = 0, /* the largest value (key has `per`, no
				  unique path, no period) */
	PK_PLAN_HOT_PERIOD,    /* the current month/day of the largest value
				  (`per` and a period) */
	PK_PLAN_HOT_ONE_ITEM,  /* one item per partition (a unique path) */
	PK_PLAN_HOT_ALL,       /* every current write (only periods) */
};

/* One candidate key's share of the current writes. */
struct pk_plan_keyshare {
	const struct pk_plan_key *key; /* borrowed from the spec */
	double share;		       /* 0..1 of the current writes */
	enum pk_plan_hot hot;
	const char *period; /* "month" or "day" for HOT_PERIOD and
			       HOT_ALL, else NULL */
};

struct pk_plan {
	const struct pk_plan_spec *spec; /* borrowed */
	struct pk_plan_row *rows;	 /* owned, one per value, spec order */
	size_t n_rows;
	size_t largest;		       /* index of the row with the most
					  entities (the first on a tie) */
	double total_per_year;	       /* the sum over values */
	double stored_item_bytes;      /* item bytes x index factor */
	struct pk_plan_keyshare *keys; /* owned, one per candidate key */
	size_t n_keys;
	double lp_writes_per_s; /* 10,000 / RU per write */
	double lp_items;	/* 20 x 2^30 / stored item bytes (a
				   quotient; the seed prints it rounded) */
	double lp_whole_items;	/* whole items that fit: floor of lp_items */
	double total_resync_s;	/* every value's one-year re-sync at once:
				   total RU / max RU/s, at least the
				   largest row's resync_s */
	double physical;	/* physical partitions: max(1, ceil(max
				   RU/s / 6,000)) (rule 2) */
	double lp_ru_per_s;	/* one physical partition's RU/s: max RU/s
				   / physical, at most 10,000 */
};

/*
 * The estimate of spec (which must outlive the result). Never fails: a
 * spec from plan_spec_parse is in range (per_year sums to > 0, every
 * divisor > 0). Caller frees with plan_free.
 */
struct pk_plan *plan_compute(const struct pk_plan_spec *spec);

/* Free p (not its spec); NULL is allowed. */
void plan_free(struct pk_plan *p);

#endif
