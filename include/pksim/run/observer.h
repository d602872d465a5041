/*
 * observer: watching a run while it proceeds (`pksim run --narrate`).
 * The run loop (sim.c) calls an observer's functions as the
 * simulation reaches each point, before it goes on: an observer that
 * blocks (--step waiting for Enter) holds the simulation there. The
 * observer only reads; it changes nothing the run computes, so a run
 * gives the same result with or without one.
 *
 * Order: per variant, in simulated time. A run with an observer runs its
 * variants in one thread (sim.h, pk_sim_opts.jobs), over one operation
 * stream: at each operation every variant reaches it in turn, so the
 * variants' clocks never drift more than one operation apart, and the
 * calls come from the calling thread only.
 */
#ifndef PKSIM_RUN_OBSERVER_H
#define PKSIM_RUN_OBSERVER_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/service/metrics.h"

/* The most bytes (NUL included) of a key's text lp_full is given; a
   longer value is cut (pkey_format_id). */
#define PK_OBSERVER_KEY_BYTES 256

struct pk_sim_observer {
	void *ctx; /* passed to each function; borrowed */
	/*
	 * Variant `variant` (0-based, in the scenario's order) has closed
	 * every second before before_s: m (borrowed, valid during the call)
	 * holds their per-second records and samples (when it keeps
	 * them, metrics.h), its ranges' statistics, and every split,
	 * throughput change and action recorded so far, some of which may
	 * be at the open second before_s itself (a phase's action at its
	 * start). No record at a second before before_s is added later.
	 * Called each time before_s grows, and once at the end of the run
	 * with the end (the last closed second + 1). May be NULL.
	 */
	void (*closed)(void *ctx, size_t variant, const struct pk_metrics *m,
		       int64_t before_s);
	/*
	 * Variant `variant` is closing a second with requests (sec, and its
	 * n samples: every range in key order) or a run of idle seconds
	 * (n = 0), as its metrics record it (metrics.h, pk_metrics_tap_fn):
	 * called for every closed second of a run of any length, whether
	 * or not m keeps per-second records, before the closed call that
	 * passes it; all borrowed, valid during the call. May be NULL.
	 */
	void (*second)(void *ctx, size_t variant, const struct pk_metrics *m,
		       const struct pk_second *sec,
		       const struct pk_sample *samples, size_t n);
	/*
	 * Variant `variant`'s logical partition refused its first write
	 * with 403/1014 (its storage cap, rule 11) at t_ms: key is its
	 * value as the reports print it (pkey_format_id, at most
	 * PK_OBSERVER_KEY_BYTES - 1 bytes), borrowed. May be
	 * NULL.
	 */
	void (*lp_full)(void *ctx, size_t variant, int64_t t_ms,
			const char *key);
};

#endif
