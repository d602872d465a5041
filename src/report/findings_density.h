/*
 * findings_density (internal to findings): layout or key behind a hot
 * range (fresh-user finding 1).
 */
#ifndef PKSIM_FINDINGS_DENSITY_H
#define PKSIM_FINDINGS_DENSITY_H

#include <stddef.h>

#include "pksim/result/result.h"

/*
 * The first attempts (requests - retries) per unit of EPK width per
 * second of life of range v->ranges[at], over the same figure of every
 * other range at the end taken together (r->end_ms ends each life; a
 * max past the V2 hash reach counts to it). *hot_width: its share of the
 * hash space (0..1). Returns the ratio (an even load gives 1), or 0 when it
 * cannot be told (no width, life or load). Reference: rule 32's advisory
 * names the range; this tells whether its width or a key made it hot.
 */
double density_ratio(const struct pk_result *r,
		     const struct pk_result_variant *v, size_t at,
		     double *hot_width);

#endif
