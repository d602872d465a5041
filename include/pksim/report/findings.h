/*
 * findings: what a finished variant's numbers mean, in plain words, read
 * from its frozen result (result.h). Thresholds and their sources:
 * - 1-5% of requests as 429s is healthy when latency is fine (D-429);
 * - a hot partition: one range at 100% normalized RU consumption while
 *   others stay far below (D-NRU's example: 100% against <= 30%;
 *   counted per second by the metrics, PK_METRICS_HOT and _COLD);
 * - a logical partition with >= 20% of the RU is named (ASSUMPTION: a
 *   share worth a sentence).
 */
#ifndef PKSIM_FINDINGS_H
#define PKSIM_FINDINGS_H

#include <stddef.h>

#include "pksim/result/result.h"

/*
 * The findings for variant v of a result, as sentences, in this order:
 * rate-limited ranges (the worst 5, then a count), hot-partition seconds
 * per range, the hottest logical partition when it took >= 20% of the
 * RU, logical partitions that filled (the first 3, then a count),
 * operations failed after retries, 404s, refused requests (400, 413,
 * 409, batches spanning logical partitions), splits and ranges that
 * cannot split, an unsuited merge (D-MERGE), and "no rate limiting" when
 * nothing was rate limited. Each sentence owned; the array too: free
 * each then the array. *n gets the count.
 */
char **findings_make(const struct pk_result_variant *v, size_t *n);

#endif
