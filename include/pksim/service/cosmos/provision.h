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
 * A leaf header (tools/check-layers): it includes only the C library, so
 * any stage may include it; the loader checks throughput with the same
 * rules the engine applies. Including a header other than base's or the C
 * library's here would make the loader's includes layering violations.
 */
#ifndef PKSIM_PROVISION_H
#define PKSIM_PROVISION_H

#include <stddef.h>
#include <stdint.h>

/* D-LIMITS: the smallest manual RU/s of a container */
#define PK_PROVISION_MIN_MANUAL_RU_PER_S 400LL
/* D-LIMITS: manual minimum per GB stored, RU/s */
#define PK_PROVISION_MANUAL_RU_PER_GB 1LL
/* D-LIMITS: the minimum is 1% of the highest RU/s ever set */
#define PK_PROVISION_HIGHEST_DIVISOR 100LL
/* D-AUTO, D-LIMITS: the smallest autoscale max, and its step */
#define PK_PROVISION_MIN_AUTOSCALE_MAX 1000LL
#define PK_PROVISION_AUTOSCALE_STEP 1000LL
/* D-LIMITS: autoscale minimum max per GB stored, and of highest max */
#define PK_PROVISION_AUTOSCALE_RU_PER_GB 10LL
#define PK_PROVISION_AUTOSCALE_HIGHEST_DIVISOR 10LL
/* D-AUTO: autoscale scales between Tmax / 10 and Tmax */
#define PK_PROVISION_AUTOSCALE_FLOOR_DIVISOR 10LL
/* D-SCALE: an autoscale container gets one partition per 10,000 of max */
#define PK_PROVISION_AUTOSCALE_RU_PER_PP 10000LL
/* D-SLESS (current page, rule 19 revised 2026-11-30): 5,000 RU/s per
   physical partition. The older page's table (5,000 up to 5 partitions,
   then 1,000 each) is not kept. */
#define PK_PROVISION_SERVERLESS_RU_PER_PP 5000LL
/* D-LIMITS (2023 revision): a serverless container stores at most 1 TB */
#define PK_PROVISION_SERVERLESS_MAX_BYTES                                      \
	(1024ULL * 1024ULL * 1024ULL * 1024ULL)

/* Which term of a minimum decided it (the largest; the first on ties). */
enum pk_min_reason {
	PK_MIN_FLOOR = 0, /* the fixed floor: 400 (manual), 1,000 (autoscale) */
	PK_MIN_STORAGE,	  /* the per-GB term */
	PK_MIN_HIGHEST,	  /* the share of the highest ever set */
};

/* Whole GB of storage_bytes, rounded up: ceil(bytes / 2^30). */
int64_t provision_storage_gb(uint64_t storage_bytes);

/*
 * The smallest manual RU/s the service accepts for a container storing
 * storage_bytes whose highest RU/s ever was highest_ru_per_s (rule 8):
 * max(400, ceil(GB) x 1, ceil(highest / 100)). *why (may be NULL) gets the
 * deciding term. After 100,000 RU/s the minimum is 1,000; at 50,000 RU/s
 * and 20 GB it is 500.
 */
int64_t provision_min_manual(uint64_t storage_bytes, int64_t highest_ru_per_s,
			     enum pk_min_reason *why);

/* Bytes of a phase name quoted in provision_min_message (more is cut). */
#define PK_PROVISION_QUOTE_BYTES 80
/* Room for provision_min_message's text with a variant suffix. */
#define PK_PROVISION_MIN_MESSAGE_BYTES 512

/*
 * The one message for a phase asking for less than the minimum manual
 * RU/s (rule 8), written to buf (cap bytes, cut to fit) and returned:
 * "phase 'NAME' sets W RU/s, below the minimum M[ at t=Ts] (WHY)SUFFIX",
 * WHY by why: "1% of the highest ever, H", "1 RU/s per GB stored: G GB"
 * or "the smallest manual throughput"; numbers with thousands separators.
 * The loader knows no time (t_s < 0 leaves " at t=" out); the run does.
 * suffix names the variant (scenario_variant_suffix) or is "".
 */
const char *provision_min_message(char *buf, size_t cap, const char *phase,
				  int64_t want, int64_t min,
				  enum pk_min_reason why, int64_t highest,
				  int64_t storage_gb, int64_t t_s,
				  const char *suffix);

/*
 * The smallest autoscale max the service accepts (rule 8):
 * max(1,000, ceil(GB) x 10, highest max / 10) rounded up to 1,000.
 */
int64_t provision_min_autoscale_max(uint64_t storage_bytes,
				    int64_t highest_max_ru_per_s,
				    enum pk_min_reason *why);

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
