/*
 * scenario_client: the client and cost settings of a scenario (`client:`
 * and `cost:`), as the loader fills them (src/load/scenario_client.c) and
 * the model reads them (throttle's retry policy, cost's charges). A leaf
 * header, so that cost.h and throttle.h need not include scenario.h.
 */
#ifndef PKSIM_SCENARIO_CLIENT_H
#define PKSIM_SCENARIO_CLIENT_H

#include <stdint.h>

/* RetryOptions.cs: 9 retries on 429, 30 s total wait */
#define PK_DEFAULT_MAX_RETRIES 9
#define PK_DEFAULT_MAX_RETRY_WAIT_MS 30000LL
/* policy exponential, pksim's defaults taken from the Azure SDK's own
   exponential retry (@azure/core-rest-pipeline PipelineRetryOptions:
   retryDelayInMs 1,000, maxRetryDelayInMs 64,000) */
#define PK_DEFAULT_BACKOFF_BASE_MS 1000LL
#define PK_DEFAULT_BACKOFF_CAP_MS 64000LL
/* policy exponential: "full jitter" (M. Brooker, "Exponential Backoff And
   Jitter", AWS Architecture Blog, 2015: the backoff drawn uniformly
   below its exponential bound) */
#define PK_DEFAULT_BACKOFF_JITTER 1.0

/* ASSUMPTION (the reference gives no figure): the client retries a
   410/1007 after a fixed short delay, and gives up once those waits
   would pass 30 s in all (the 429 policy's default cap, borrowed) */
#define PK_THROTTLE_GONE_RETRY_MS 100
#define PK_THROTTLE_GONE_MAX_WAIT_MS 30000

/* How a client waits before it sends a rate-limited (429) request again. */
enum pk_retry_policy {
	PK_RETRY_SDK = 0,     /* the Cosmos SDKs' default: the service's
				 x-ms-retry-after-ms (RetryOptions.cs) */
	PK_RETRY_EXPONENTIAL, /* max(retry-after, min(cap, base x 2^k) x
				 (1 - jitter x u)), k retries so far, u
				 uniform in [0, 1) from the seeded
				 generator */
	PK_RETRY_NONE,	      /* no retry: a 429 fails at once */
};

struct pk_retry_spec {
	int enabled;		     /* 0: a 429 fails at once (policy
					none); 1 otherwise */
	int max_retries;	     /* >= 0, default 9 */
	int64_t max_wait_ms;	     /* total wait cap, >= 0, default 30,000 */
	enum pk_retry_policy policy; /* default PK_RETRY_SDK */
	int64_t base_ms; /* EXPONENTIAL: the first backoff, 1 ms .. 1 h,
			    default 1,000 */
	int64_t cap_ms;	 /* EXPONENTIAL: the longest backoff, base_ms ..
			    1 h, default 64,000 */
	double jitter;	 /* EXPONENTIAL: the fraction of each backoff drawn
			    at random, 0 .. 1, default 1 */
};

/*
 * A stream's client (`client:`, per stream): how it
 * retries and how it paces its requests. Each stream of a scenario has
 * its own (pk_stream_spec.client, scenario.h).
 */
struct pk_client_spec {
	struct pk_retry_spec retry;
	/* `client.ru_budget`: the client's throughput control, RU per
	   second it spaces its requests to (1 .. PK_MAX_RU_BUDGET,
	   scenario.h); 0 = off (the default) */
	double ru_budget_per_s;
	/* `client.concurrency` (client.h): N closed-loop workers,
	   each sending the next operation only once the previous one has its
	   final answer (retries and their waits included); 1 ..
	   PK_MAX_CONCURRENCY (scenario.h), 0 = open loop (the default: each
	   operation goes at its arrival). */
	int concurrency;
	/* `client.latency`: with concurrency, how long one attempt takes
	   from send to answer, ms (1 .. 3,600,000; default
	   PK_DEFAULT_LATENCY_MS, scenario.h). pksim has no latency model:
	   the open-loop client's attempts take no time. */
	int64_t latency_ms;
	/* `client.priority` (rule 30): 1 when the client's requests are
	   Low priority, 0 High (the default) */
	int priority_low;
	/* 1 when the client names its priority (`client.priority`); else
	   it takes the account's default_priority (rule 35) */
	int priority_set;
	/* `client.throughput_bucket` (rule 31): the bucket id its requests
	   carry, 1 .. PK_THROUGHPUT_BUCKETS, one the container declares; 0
	   = none (the default) */
	int throughput_bucket;
	/* `client.bulk` (AllowBulkExecution): 1 when the client runs in
	   bulk mode, so its requests carry its own priority and bucket and
	   a phase's request options are ignored (rules 34, 35); 0 the
	   default */
	int bulk;
};

/*
 * The class a request of client c in phase ph is sent with: Low (1) or
 * High (0) into *low, its bucket (0 none) into *bucket. A phase's
 * request options override the client's, unless the client runs in
 * bulk mode (rules 34, 35: only the client's apply).
 */
static inline void client_request_class(const struct pk_client_spec *c,
					int req_priority, int req_bucket,
					int *low, int *bucket)
{
	*low = c->priority_low;
	*bucket = c->throughput_bucket;
	if (c->bulk) {
		return;
	}
	if (req_priority) {
		*low = req_priority == 2;
	}
	if (req_bucket) {
		*bucket = req_bucket;
	}
}

/*
 * RU cost model through the published points (D-RU, D-KV): read 1 KB = 1 RU,
 * 100 KB = 10 RU; write 1 KB = 5 RU, 100 KB = 50 RU; linear between,
 * proportional beyond 100 KB, flat below 1 KB.
 */
/* Each cost key is at most this many RU: 1,000 x the 100 KB write (50),
   so a 2 MB write (20.48 x write_100kb) stays below 2.1e5 RU, 2.1e8 mRU,
   and one operation's charge in mRU fits 64 bits with room for a run's
   sums (checked against PK_COST_MAX_RUN_RU, scenario.h). */
#define PK_COST_MAX_RU 10000.0

struct pk_cost_spec {
	double read_1kb_ru;    /* default 1 */
	double read_100kb_ru;  /* default 10 */
	double write_1kb_ru;   /* default 5 */
	double write_100kb_ru; /* default 50 */
	double not_found_ru;   /* a 404 (read/replace/delete of a missing
				  item), default 1 */
	/* Queries (rule 21; D-PART: 2-3 RU per physical partition visited).
	   ASSUMPTION: base and per-result charges are pksim's choice. */
	double query_base_ru;	    /* once per query, default 1 */
	double query_per_range_ru;  /* per range visited, default 2.5 */
	double query_per_result_ru; /* per item returned, default 0.5 */
};

#endif
