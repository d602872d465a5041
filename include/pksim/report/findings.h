/*
 * findings: what a finished variant's numbers mean, in plain words, read
 * from its frozen result (result.h). Thresholds and their sources:
 * - 1-5% of requests as 429s is healthy when latency is fine (D-429);
 * - hot partition risk (rule 32, the advisory of Microsoft's tooling):
 *   the busiest range's p99 normalized RU consumption (over its busy
 *   seconds) >= 90% while another range's is < 70%; severity high when
 *   the busiest range rate-limited >= 1% of its requests. Every range at
 *   >= 90% is "too few RU/s", not a key problem. D-NRU's picture (one
 *   range at 100% while the others stay <= 30%, counted per second by
 *   the metrics, PK_METRICS_HOT and _COLD) follows as an example;
 * - merge candidate (rule 32): more physical partitions than
 *   max(ceil(RU/s / 10,000), ceil(storage / 50 GiB)) (the scenario's
 *   physical partition caps), at the RU/s the container will have: a
 *   raise still waiting for its splits at the end (split_delay, rule 6)
 *   counts at its new RU/s, so it never makes a candidate;
 * - storage growth: the first logical partition to fill reaches its cap (20
 *   GiB, rule 11) within 90 days at the growth seen (the scorecard's
 *   days to full); ASSUMPTION, said in the sentence: the reference gives
 *   no threshold, and a quarter is the time to plan a new key (a new
 *   container and a migration);
 * - cross-partition queries: fan-out queries (rule 21) are >= 10% of the
 *   queries served on 2 or more physical partitions; ASSUMPTION, said in
 *   the sentence: the reference gives no threshold;
 * - ranges are named as they are at the end, with their lineage
 *   ("range 3 (split at t = 50 s into 7 and 8)");
 * - a logical partition with >= 20% of the RU is named (ASSUMPTION: a
 *   share worth a sentence).
 */
#ifndef PKSIM_FINDINGS_H
#define PKSIM_FINDINGS_H

#include <stddef.h>

#include "pksim/result/result.h"

/*
 * The findings for variant v of a result, as sentences, in this order:
 * rate-limited ranges (the worst 5, then a count), hot partition risk or
 * too few RU/s (rule 32) with D-NRU's picture as an example, the hottest
 * logical partition when it took >= 20% of the
 * RU, logical partitions that filled (the first 3, then a count),
 * operations failed after retries, 404s, operations not sent (no
 * written item to target), refused requests (400, 413,
 * 409, batches spanning logical partitions), splits and ranges that
 * cannot split, an unsuited merge (D-MERGE), a merge candidate (rule
 * 32), storage growth, cross-partition queries, and "no rate limiting"
 * when nothing was rate limited. r is the run v belongs to (its arrival
 * rule qualifies the storage-growth days; NULL leaves that advisory out).
 * Each sentence owned; the array too: free each then the array. *n gets
 * the count.
 */
char **findings_make(const struct pk_result *r,
		     const struct pk_result_variant *v, size_t *n);

#endif
