/*
 * sim: the clock. Drives one pass over the scenario's operation stream
 * through every container variant (one in `run`), schedules client
 * retries after a 429 (client.h's policy), applies each phase's
 * throughput change at its start, and closes the last second at the end.
 *
 * Order of events, per variant: by time, then by the operation's place in
 * the stream (a retry keeps its operation's place), so a run is the same
 * on every machine. At one instant: throughput changes first, then
 * retries and arrivals.
 */
#ifndef PKSIM_SIM_H
#define PKSIM_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/run/client.h"
#include "pksim/run/observer.h"
#include "pksim/run/retryq.h"
#include "pksim/service/service.h"
#include "pksim/workload/targets.h"
#include "pksim/workload/workload.h"

/* D-LIMITS: an id is at most 1,023 bytes */
#define PK_SIM_MAX_ID_BYTES 1023

/* One query of the scenario (a phase's `queries` entry) in one variant:
   its route under the variant's key and what it cost. */
struct pk_query_stats {
	int route;	 /* under this variant's key, the service's code
			    (pk_outcome.route; the last attempt's, the same for
			    every one) */
	uint64_t sent;	 /* attempts, retries and 429s included */
	uint64_t served; /* answered (not 429 or 410) */
	uint64_t throttled_429;
	uint64_t ranges_visited; /* over the served ones */
	int64_t ru_mru;		 /* RU of the served ones, mRU */
};

/* Operation kinds a stream's figures are kept for: a phase's kinds and
   PK_OP_CHARGE */
#define PK_STREAM_KINDS (PK_OP_KINDS + 1)

/* One stream's operations of one kind on one variant (scenarios with
   `streams:`). An operation ends once: succeeded,
   failed_429 (its last answer a 429: retries spent or policy none) or
   failed_other (any other failure: 400, 403, 404, 409, 413, or given up
   on 410s); operations waiting at the end of the run are in none. */
struct pk_stream_stats {
	uint64_t operations;	 /* offered (arrived), not attempts */
	uint64_t succeeded;	 /* ended in a 2xx */
	uint64_t throttled_429;	 /* service-side 429 answers, every attempt */
	uint64_t throttled_3212; /* ... of them 429/3212: past a
				    throughput bucket's cap (rule 31) */
	uint64_t throttled_low_429; /* ... of them to Low-priority requests
				       (rule 30) */
	uint64_t failed_429;	    /* ended in a 429 */
	uint64_t failed_other;	    /* ended in another failure */
	int64_t ru_mru;		    /* RU charged, every attempt, mRU */
	uint64_t not_sent;	    /* arrived, but no item was written in
				       this variant when it would have
				       been sent (targets.h); not in
				       operations */
	/* the client's wait on retries of each succeeded operation that
	   waited (ms; the others waited 0), in completion order; owned */
	uint32_t *waits;
	size_t n_waits, cap_waits;
};

/*
 * One stream's client pacing in one variant: its own
 * queue, budget clock and workers, so each stream's client spaces or
 * closes its own loop whatever the others do. A stream whose client
 * paces nothing has one too, idle (budget 0, no workers, queue empty).
 */
struct pk_pacer {
	/* operations waiting for budget or a worker, by arrival; owned */
	struct pk_retryq paced;
	/* retries due but waiting for the stream's budget, in the order
	   they came due (each keyed by its due time); owned. Only the
	   first is looked at: the others cannot go before it. */
	struct pk_retryq held;
	/* client.ru_budget in RU/s (0 = none) and when the budget next
	   allows a request, microseconds of simulated time */
	double budget_per_s;
	int64_t budget_next_us;
	/* while a request that waited in the client is sent: the time it
	   was ready to go, microseconds (a first attempt's arrival, 0 for
	   a held retry: any time before budget_next_us), which its charge
	   is spent from; -1 otherwise (spent from its send) */
	int64_t budget_from_us;
	/* client.concurrency: the closed-loop workers (client.h); off
	   (cap 0, latency 0) for an open-loop stream. Operations wait for
	   a worker in paced, as for budget. */
	struct pk_workers workers;
	/* client.ru_budget, the pace alone: the budget's microseconds
	   every first attempt of the stream spends, a throttled one what
	   it asked (pk_outcome.asked_mru), though the service charged it
	   nothing: how long the budget takes for the stream's work
	   (result.h workload_s) */
	int64_t paced_work_us;
	/* What the stream's operations saw of the client, kept while the pacer
	   is on: the first operation's arrival (ms, -1 before any), the latest
	   final answer (ms: the send, plus the workers' latency), the
	   operations sent a first time, and each one's wait in the client from
	   its arrival to its first send, for budget or a worker: the total, the
	   longest and every wait above 0 (ms, in send order; owned). */
	int64_t first_ms, last_answer_ms;
	uint64_t first_sends, wait_total_ms;
	uint32_t wait_max_ms;
	uint32_t *waits;
	size_t n_waits, cap_waits;
};

/* 1 if pacer p spaces or holds its stream's operations */
static inline int sim_pacer_on(const struct pk_pacer *p)
{
	return p->budget_per_s > 0 || p->workers.cap > 0;
}

struct pk_variant {
	struct pk_service *svc;	       /* owned; the variant's service */
	struct pk_targets *targets;    /* owned: the items this variant
					  has written, which reads, upserts,
					  replaces, deletes and conditional
					  queries target at their send
					  (targets.h); NULL when none does */
	struct pk_query_stats *qstats; /* owned; one per query sent:
					  the items file's `--query`s, or
					  every phase's, phase by phase in
					  scenario order
					  (scenario_query_index);
					  NULL when there are none */
	struct pk_svc_item *batch;     /* owned; a batch's PK_MAX_BATCH_OPS
					  items, NULL until the first batch */
	char *batch_ids;	       /* owned; PK_MAX_BATCH_OPS id buffers
					  of PK_VALUE_MAX_BYTES, with batch */
	char *id_buf;		       /* owned; PK_VALUE_MAX_BYTES: a
					  point request's id bytes, with
					  check_ids; NULL without */
	int check_ids;		       /* 1: check each created item's id */
	struct pk_retryq retries;      /* owned; retries to send */
	/* client.ru_budget and client.concurrency: each stream's own
	   pacing (struct pk_pacer), pacers[s] for stream s; owned, NULL
	   when no stream's client paces (pk_run.paced 0) */
	struct pk_pacer *pacers;
	/* a table's `retry_mode` (D16, client_aws.h): PK_DDB_RETRY_CLIENT
	   retries a throttle by each stream's client: as a 429 */
	enum pk_ddb_retry_mode aws_retry;
	/* standard: the client's retry quota, tokens (0 .. 500), and the
	   refunds counted into it so far (client_aws_refill) */
	int quota;
	uint64_t quota_seen;
	size_t next_action; /* the next of pk_run.actions to apply */
	/* per stream and kind, stream s kind k at [s * PK_STREAM_KINDS +
	   k]; owned, NULL with one stream */
	struct pk_stream_stats *sstats;
	int ahead;    /* 1: the service's prefetch helps (pk_service_ops.bind
			 with the group's workload, sim_ahead_init) */
	size_t index; /* its place in the scenario's variants */
	int64_t last_first_ms; /* the latest first send of an operation
				  of a stream whose client paces nothing
				  (its arrival: a data file's last
				  record), ms; -1 none: where the
				  workload's asking ends (result.h
				  workload_s; a paced client's is its
				  pace's work, pk_pacer) */

	/* with several streams, stream s's latest attempt's send at [s],
	   ms, -1 none: the seconds each stream was served (result.h
	   pk_stream_span); owned, NULL with one stream */
	int64_t *stream_sent_ms;
	int64_t observed_s;		   /* the service's open second when
					      the observer last heard of it
					      (pk_run.obs) */
	const struct pk_sim_observer *obs; /* borrowed; the run's observer
					      while its metrics' tap tells
					      it of each second */
	/* operations not sent for want of a target (sim_not_sent), by
	   enum pk_op_kind, whatever their stream; and of them, those that
	   found the draw set empty after some item had been written
	   (every one since deleted or replaced, not "none written yet") */
	uint64_t not_sent_kind[PK_OP_KINDS + 1];
	uint64_t not_sent_emptied;
};

struct pk_run {
	const struct pk_scenario *sc; /* borrowed */
	uint64_t seed;		      /* the seed the stream used */
	struct pk_workload *workload; /* owned */
	struct pk_variant *variants;  /* owned; one per scenario variant */
	size_t n_variants;
	int id_prop;	       /* workload index of /id, or -1 */
	int64_t end_ms;	       /* last closed second's end */
	struct pk_diag *diag;  /* borrowed; during sim_run only */
	size_t total_variants; /* variants of the whole run: messages
				  name the variant when > 1 (a
				  thread's copy of run holds only
				  some of them in variants) */
	int stopped;	       /* 1 once a phase action was refused, or
				  the run halted (halted) */
	int halt_429;	       /* pk_sim_opts.halt_429 */
	int halt_skip;	       /* pk_sim_opts.halt_skip */
	int halted;	       /* 1: stopped at a 429 (halt_429), not by
				  an error */
	int paced;	       /* 1: operations may wait to be sent
				  (some stream's client.ru_budget or
				  concurrency; pk_variant.pacers) */
	int classes;	       /* 1: some stream's client sends Low
				  priority or bucketed requests
				  (pk_svc_request.low, bucket) */
	/* the phases that change the container (throughput,
	   autoscale_max, throughput_policy, merge, redistribute), of every
	   stream, as indexes into sc->phases in the order they apply: by
	   their start, at one start by index (stream order); owned, NULL
	   when none (sim_actions_order) */
	size_t *actions;
	size_t n_actions;
	const struct pk_sim_observer *obs; /* borrowed; NULL: none */
	pk_service_new_fn service;	   /* each variant's service
					      (pk_sim_opts.service); NULL:
					      the scenario's `service:` */
};

/*
 * Replay sc with seed through every variant in sc->variants (one
 * operation stream for all). Returns the finished run (free with
 * sim_free), or NULL with errors in diag when a key definition does not
 * fit the items, or when a phase sets throughput below the minimum the
 * container has reached by then (rule 8: its storage, 1 RU/s per GB; the
 * loader checks the rest), reported at the phase's `throughput` with the
 * minimum and why.
 */
struct pk_run *sim_run(const struct pk_scenario *sc, uint64_t seed,
		       struct pk_diag *diag);

/*
 * As sim_run; with keep_seconds every variant keeps its per-second
 * records and samples however long the run (for the CSV series), else
 * only runs up to PK_METRICS_DETAIL_MAX_S do.
 */
struct pk_run *sim_run_detail(const struct pk_scenario *sc, uint64_t seed,
			      int keep_seconds, struct pk_diag *diag);

/* What a run is doing when it calls its progress callback */
enum pk_sim_stage {
	PK_SIM_STREAM,	      /* sending the operation stream */
	PK_SIM_DRAIN_RETRIES, /* stream sent; retries still due */
	PK_SIM_DRAIN_WAITING  /* stream sent; a paced client's (ru_budget,
				 concurrency) waiting operations and
				 retries still due */
};

/* Called from time to time during a run (sim_run_opts): simulated time
   done and in all (ms since t = 0; done may pass total, the phases' end,
   while retries drain), operations of the stream done so far (while
   draining: the stream's count, unchanged) and the stage. While the
   stream is sent it is called every PK_SIM_PROGRESS_OPS operations;
   while draining, after each simulated second that has something due. */
typedef void (*pk_sim_progress_fn)(void *ctx, int64_t done_ms, int64_t total_ms,
				   uint64_t ops, enum pk_sim_stage stage);

/* threads a run uses at most */
#define PK_SIM_MAX_JOBS 256

/* Operations between two calls of the progress callback, a power of 2 */
#define PK_SIM_PROGRESS_OPS 16384

struct pk_sim_opts {
	int keep_seconds;	     /* as sim_run_detail's */
	unsigned jobs;		     /* threads for the variants: up
					to this many groups of variants,
					each in its own thread over its
					own copy of the operation stream
					(same scenario and seed, so the same
					stream); 1: one thread; 0: the number
					of cores (at most
					PK_SIM_MAX_JOBS). Items from
					a data file: always one thread. The
					result is the same whatever jobs is. */
	pk_sim_progress_fn progress; /* NULL: none; called from the
					calling thread only */
	void *progress_ctx;
	/* NULL: none; else told of the run as it proceeds (observer.h),
	   from the calling thread: the variants then run in one thread
	   whatever jobs says (borrowed) */
	const struct pk_sim_observer *observer;
	/* NULL: every variant runs on the service the scenario names
	   (`service:`, service_maker in service.h); else the service
	   implementation each variant's service is made with
	   (pk_service_spec.make, service.h), passed through unread */
	pk_service_new_fn service;
	/* 1: the run stops at the first request answered 429 of a stream
	   other than halt_skip (-1: of any stream): a remedy's replay
	   that only asks whether a setting rate limits needs nothing
	   after it. sim_run_opts then returns the run with pk_run.halted
	   set and its figures partial (read only that it rate limited:
	   build no result from it). 0: the run goes to its end. */
	int halt_429;
	int halt_skip;
};

/*
 * sim_run_detail with options o. An error stops the run as without
 * threads: the error reported is the one a run in one thread meets first
 * (in stream order, then variant order), alone.
 */
struct pk_run *sim_run_opts(const struct pk_scenario *sc, uint64_t seed,
			    const struct pk_sim_opts *o, struct pk_diag *diag);

/* Free r and everything it owns; NULL is allowed. */
void sim_free(struct pk_run *r);

/* The most runs (sim_run, sim_run_detail, sim_run_opts) alive at once
   in this process since the last sim_runs_peak_reset: a count, not
   bytes, by which tests hold a command to the runs it keeps (`compare
   --seeds N` keeps one, not N). Thread-safe. */
unsigned long sim_runs_peak(void);
/* Count sim_runs_peak from the runs alive now. */
void sim_runs_peak_reset(void);

#endif
