/*
 * provision: the throughput arithmetic of a container, as pure functions:
 * what each physical partition may spend, what the service allows a user
 * to set, and how autoscale and serverless scale. The container applies
 * these numbers; this module holds no state.
 *
 * Rules (docs/cosmos-mechanics.md, numbered rules at its end):
 * - minimum manual RU/s max(400, ceil(storage GB) x 1, highest ever / 100)
 *   (rule 8, D-LIMITS);
 * - minimum autoscale max max(1,000, storage GB x 10, highest max / 10)
 *   rounded up to a multiple of 1,000 (rule 8, D-LIMITS);
 * - a new autoscale container gets max(1, ceil(Tmax / 10,000)) physical
 *   partitions (rule 3, D-SCALE);
 * - autoscale runs between 0.1 Tmax and Tmax (rule 17, D-AUTO); storage
 *   above 0.1 x Tmax GB raises Tmax to storage GB x 10 rounded up to
 *   1,000 (rule 18, D-AUTO);
 * - serverless: RU/s = physical partitions x 5,000 (rule 19, D-SLESS as
 *   the page reads now; the older table is not modelled).
 * GB are binary (2^30 bytes), as everywhere in pksim.
 *
 * The minima (rule 8) and their constants are declared in spec.h, with
 * the spec they bound, so the loader checks throughput with the rules the
 * engine applies; this header includes it. Defined in provision.c.
 */
#ifndef PKSIM_PROVISION_H
#define PKSIM_PROVISION_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/service/cosmos/spec.h"

/* D-AUTO: autoscale scales between Tmax / 10 and Tmax */
#define PK_PROVISION_AUTOSCALE_FLOOR_DIVISOR 10LL
/* D-SCALE: an autoscale container gets one partition per 10,000 of max */
#define PK_PROVISION_AUTOSCALE_RU_PER_PP 10000LL
/* D-SLESS (current page, rule 19 revised 2026-11-30): 5,000 RU/s per
   physical partition. The older page's table (5,000 up to 5 partitions,
   then 1,000 each) is not kept. */
#define PK_PROVISION_SERVERLESS_RU_PER_PP 5000LL

/* Physical partitions of a new autoscale container (rule 3):
  max(1, ceil(max / 10,000)); 31,000 gives 4. */
size_t provision_autoscale_ranges(int64_t max_ru_per_s);

/*
 * The autoscale RU/s T of one second (rule 17), from the RU the busiest
 * range used in it, busiest_mru, with `ranges` ranges.
 * ASSUMPTION (D-AUTO says only that T moves instantly between 0.1 Tmax and
 * Tmax; dynamic autoscale per partition is left out): every range may
 * spend Tmax / P in every second, so autoscale itself never throttles
 * below Tmax; T is what the container had to be scaled to for that
 * second: the busiest range's use times P, rounded up to whole RU/s,
 * clamped to [ceil(0.1 Tmax), Tmax].
 */
int64_t provision_autoscale_current(int64_t max_ru_per_s, int64_t busiest_mru,
				    size_t ranges);

/* The lowest RU/s autoscale ever bills for an hour: ceil(0.1 Tmax). */
int64_t provision_autoscale_floor(int64_t max_ru_per_s);

/*
 * Tmax for storage_bytes (rule 18): max_ru_per_s while storage is at most
 * 0.1 x Tmax GB, else ceil(GB x 10 / 1,000) x 1,000 (6,000 GB gives
 * 60,000).
 */
int64_t provision_autoscale_max_for_storage(int64_t max_ru_per_s,
					    uint64_t storage_bytes);

/* RU/s of a serverless container with `ranges` physical partitions
   (rule 19): ranges x 5,000 (2 give 10,000, 20 give 100,000). */
int64_t provision_serverless_ru_per_s(size_t ranges);

#endif
