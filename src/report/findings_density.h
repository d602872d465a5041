/*
 * findings_density (internal to findings): layout or key behind a hot
 * range (rule 32).
 */
#ifndef PKSIM_FINDINGS_DENSITY_H
#define PKSIM_FINDINGS_DENSITY_H

#include <stddef.h>

#include "pksim/result/result.h"

/*
 * The RU of the first attempts (pk_result_range.offered_mru: what each
 * operation cost the first time it was sent, rate limited or not) per
 * unit of EPK width of range v->ranges[at] over its life, against the
 * same figure of the rest of the hash space over the same seconds (the
 * container's first attempts from its start on, less its own; a max
 * past the key values' reach, v->key_reach, counts to it). RU, not
 * requests: a partition's budget is RU (rule 12), so a range taking the
 * large items at the same request rate is hot by its keys, not its
 * width. *hot_width: its share of the hash space (0..1); *hot_share: its
 * share of the first-attempt RU of the ranges at the end (0..1; 0 when
 * they had none). Returns the
 * ratio (an even load gives 1), or 0 when it cannot be told (no width,
 * life or load). Reference: rule 32's advisory names the range; this
 * tells whether its width or a key made it hot.
 */
double density_ratio(const struct pk_result *r,
		     const struct pk_result_variant *v, size_t at,
		     double *hot_width, double *hot_share);

#endif
