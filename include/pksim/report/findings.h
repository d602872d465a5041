/*
 * findings: what a finished variant's numbers mean, in plain words, and
 * the rankings the reports share (hottest logical partitions, container
 * utilisation). Thresholds and their sources:
 * - 1-5% of requests as 429s is healthy when latency is fine (D-429);
 * - a hot partition: one range at 100% normalized RU consumption while
 *   others stay far below (D-NRU's example: 100% against <= 30%).
 */
#ifndef PKSIM_FINDINGS_H
#define PKSIM_FINDINGS_H

#include <stddef.h>

#include "pksim/run/sim.h"

#define PK_FINDINGS_TOP 10 /* hottest logical partitions listed */

/* The k hottest logical partitions of c by RU charged (by_storage = 0) or
   by stored bytes (1), hottest first, ties by key; writes up to k
   pointers (borrowed from c) to out and returns how many. */
size_t findings_top_lps(const struct pk_container *c, int by_storage,
			const struct pk_lp **out, size_t k);

/* RU consumed over provisioned RU over the run (sum of RU/s over the
   closed seconds), 0..1; 0 when nothing was provisioned. */
double findings_utilisation(const struct pk_container *c);

/* Highest normalized RU consumption of any range in any second, 0..1, and
   the id of the first range that reached it (in *range_id). */
double findings_peak(const struct pk_container *c, uint32_t *range_id);

/* 1234567 -> "1,234,567" in buf (>= 32 bytes); returns buf. */
const char *findings_count(unsigned long long v, char *buf);

/* Bytes in binary units, "20.0 GB" (1 GB = 2^30 bytes), in buf (>= 32
   bytes); returns buf. */
const char *findings_bytes(uint64_t b, char *buf);

/* Logical partitions holding items now (those whose items were all
   deleted are not counted). */
uint64_t findings_live_lps(const struct pk_container *c);

/* 1 if some phase of run's scenario sends transactional batches. */
int findings_sends_batches(const struct pk_run *run);

/* Stored bytes of all logical partitions. */
uint64_t findings_storage(const struct pk_container *c);

/*
 * The findings for variant v of run, as sentences (each owned; the array
 * too: free each then the array). *n gets the count (>= 1).
 */
char **findings_make(const struct pk_run *run, const struct pk_variant *v,
		     size_t *n);

#endif
