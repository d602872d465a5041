/*
 * service: what the run (run/) knows of a simulated database service. A
 * service is an opaque handle whose only public field is its operations
 * table; the run makes one per variant from a spec (pk_service_spec),
 * sends it requests (pk_svc_request: every fact of one attempt is a
 * field, none is state set on the service), moves its clock, applies
 * the phases' actions and ends it. What a request's item is made of
 * (its key, its partition) is the service's business: the request names
 * the item by its number in the workload the service reads
 * (pk_service_ops.bind).
 *
 * Azure Cosmos DB is one implementation (service/cosmos/cosmos_service.h)
 * and the default; a request's status codes are HTTP's, as the Azure
 * Cosmos DB REST API answers them (docs/cosmos-mechanics.md, reference
 * §3). Another implementation is an ops table, a state struct that starts
 * with struct pk_service and a constructor (pk_service_new_fn); whoever
 * starts the run chooses it (pk_sim_opts.service, sim.h), and service_new
 * makes each variant's with it. It records the series of metrics.h and
 * ends in a snapshot (snapshot.h) without Azure Cosmos DB's extension;
 * the result and the reports read it as they read Azure Cosmos DB's, but
 * print none of Azure Cosmos DB's settings or rules for it
 * (pk_result_variant.cosmos; tests/check_service_fixed.c: one range with
 * a fixed budget a second).
 *
 * The hot path is one indirect call per attempt (pk_service_ops.apply or
 * .query, through service_apply and service_query), the request passed
 * by pointer, never copied.
 */
#ifndef PKSIM_SERVICE_H
#define PKSIM_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/service/metrics.h"
#include "pksim/service/status.h"
#include "pksim/workload/workload.h"

/* The reject a service gives a write whose item ttl its rules refuse
   (Azure Cosmos DB, rule 28: not -1 or 1 .. 2,147,483,647): answered 400
   like any other, and counted in pk_totals.bad_ttl_400 too, so the
   reports name the cause */
#define PK_REJECT_BAD_TTL 4001

/* A logical partition of a service that has them; opaque outside it */
struct pk_lp;

/* What one attempt got back. */
struct pk_outcome {
	int status;		/* 200, 201, 204, 400, 403, 404, 409, 410,
				   413 or 429 */
	int sub_status;		/* 3200 with 429; 1014 or 0 (container
				   full) with 403; 1007 with 410; else 0 */
	int held;		/* Low 429/3200 the range had room for (rule 30,
				   throttle_fits): 1; set only with classes */
	uint32_t unprocessed;	/* a batch not atomic (Amazon DynamoDB's
				   BatchWriteItem) answered with some items
				   written: bit k set for the request's item
				   k not written (UnprocessedItems), for the
				   client to send again as it retries a
				   throttle (status 429); a BatchGetItem
				   answered with some keys read: 1, its
				   keys not read in unread_items; else 0 */
	int64_t charge_mru;	/* RU charged (0 for a 429 unless a batch's
				   items or a query's pages were served by
				   it), mRU */
	int64_t asked_mru;	/* a point request's 429: the RU (Amazon
				   DynamoDB: capacity units) it asked and was
				   refused, mRU; else 0 */
	int64_t retry_after_ms; /* with 429: wait before retrying, ms */
	size_t range;		/* index of the (first) range it went to */
	size_t ranges;		/* ranges visited (1 for a point request) */
	int route;		/* a query: how it was routed, the service's
				   own code (Azure Cosmos DB: enum
				   pk_route_kind, pkey.h); else 0 */
	uint32_t pages_done;	/* a query answered in pages (Amazon
				   DynamoDB's Query and Scan, 1 MB each)
				   whose page was throttled (status 429):
				   how many of its pages, in order, are
				   served now, counting those of earlier
				   attempts (pk_svc_request.pages_done), for
				   the client to send the rest from there
				   as it retries a throttle; else 0 */
	struct pk_lp *lp;	/* point request, or a batch that reached
				   its partition: its logical partition
				   (created by it or earlier), or NULL when
				   there is none; owned by the service,
				   valid (and the same for the same key)
				   until it is freed; opaque outside it */
	uint64_t replaced;	/* a point write of a new item that took
				   the place of another stored item under
				   the service's identity (Azure Cosmos DB:
				   an upsert whose (key, id) another item
				   held, 200, its bytes gone from the
				   logical partition; Amazon DynamoDB: a
				   put whose primary key another item's
				   put held): 1 + that item's number; else
				   0 */
	union {
		const uint64_t *replaced_items; /* a batch whose items' puts
						   took the places of other
						   stored items (Amazon
						   DynamoDB's
						   BatchWriteItem): their
						   numbers, n_replaced_items,
						   owned by the service, valid
						   until its next request;
						   else NULL */
		const uint64_t *unread_items;	/* a BatchGetItem whose
						   unprocessed is 1: the
						   items of the keys it did
						   not read (UnprocessedKeys),
						   in the request's order,
						   n_unread, owned and valid
						   as replaced_items */
	};
	union {
		uint32_t n_replaced_items;
		uint32_t n_unread;
	};
	/* a field added here is zeroed in container_ops.c's outcome_clear
	   too (it asserts that n_replaced_items is the last) */
};

/* One item of a request: a point request's, or a batch's. */
struct pk_svc_item {
	uint64_t item;	     /* item number in the bound workload: the
				source of its key */
	uint32_t size_bytes; /* bytes written; 0 for read and delete */
	int reject;	     /* 400 when the client sent an invalid item
				(its id); else 0. The service adds its
				own (a bad key; an item ttl its rules
				refuse, PK_REJECT_BAD_TTL) */
	const char *id;	     /* the item's id when ids may repeat (a
				create of an id its partition holds is a
				409), id_len bytes, borrowed for the
				call; NULL when every item has its own */
	size_t id_len;
};

/* One attempt of one operation, as the client sends it. Borrowed for
   the call only. */
struct pk_svc_request {
	int64_t t_ms;	       /* when sent, ms; >= the service's clock */
	int64_t data_ms;       /* when its operation arrived, ms on the
				  run's clock (a data file's record time,
				  compressed): the data's time, whatever
				  retries followed */
	enum pk_op_kind kind;  /* what it does; PK_OP_QUERY only to
				  pk_service_ops.query */
	struct pk_svc_item it; /* its item (a batch: the first; a query:
				  it.item the item its condition reads, or
				  PK_ITEM_NONE for a full scan) */
	uint32_t phase;	       /* its operation's phase (an index into
				  scenario->phases) */
	int retry;	       /* attempts of its operation before this one
				  (after 429s and 410s): 0 for the first */
	int low;	       /* 1: Low priority (rule 30) */
	int bucket;	       /* throughput bucket 1 .. 5 (rule 31); 0 none */
	int arrived;	       /* 1: its operation arrived and is sent now,
				  counted as offered (pk_totals.operations) */
	int64_t waited_ms;     /* the client's wait on retries so far, ms:
				  recorded when this attempt succeeds */
	int64_t charge_mru;    /* PK_OP_CHARGE: the RU a replayed monitor
				  log recorded, mRU >= 0 */
	/* PK_OP_BATCH: its batch_n items (1 .. PK_MAX_BATCH_OPS) */
	const struct pk_svc_item *batch;
	uint32_t batch_n;
	/* PK_OP_QUERY: the query and the items its IN values are read from
	   (n_in, in_items; n_in 0: it.item alone); PK_OP_BATCH_GET: the
	   items whose keys it reads (n_in, 1 .. PK_DDB_BATCH_GET_MAX,
	   distinct; it.item the first) */
	const struct pk_query_spec *query;
	const uint64_t *in_items;
	uint32_t n_in;
	uint32_t pages_done; /* PK_OP_QUERY: its pages served by earlier
				attempts (pk_outcome.pages_done), which
				this one does not send again; 0 for its
				first attempt. Read only for a query */
};

/* What the client tells the service of its operations beyond their
   attempts (pk_service_ops.client): the counters reports read. */
enum pk_client_event {
	PK_CLIENT_ARRIVED,     /* n operations arrived (n = -1: one counted
				  when queued was never sent) */
	PK_CLIENT_NOT_SENT,    /* an operation had no written item to target */
	PK_CLIENT_GAVE_UP_410, /* an operation failed on 410s */
	PK_CLIENT_GAVE_UP_429, /* an operation failed on 429s */
	PK_CLIENT_RETRY_WAIT,  /* n ms of retry-after waited */
	PK_CLIENT_WRITE_FAILED /* item n's write failed in the client:
				  nothing stored it */
};

struct pk_service;
struct pk_service_spec;
struct pk_snapshot; /* service/snapshot.h */

/*
 * An implementation's constructor: a new service for spec (the variant,
 * its scenario, workload and seed; borrowed, outliving the service),
 * whose handle's ops are the implementation's table. Returns it, owned
 * by the caller (free with service_free), or NULL with errors in diag
 * when the variant does not fit the scenario. cosmos_service_new
 * (service/cosmos/cosmos_service.h) is Azure Cosmos DB's.
 */
typedef struct pk_service *(*pk_service_new_fn)(
    const struct pk_service_spec *spec, struct pk_diag *diag);

/* What a service is made from. Everything is borrowed and must outlive
   the service. */
struct pk_service_spec {
	const struct pk_scenario *sc;	      /* the scenario */
	const struct pk_container_spec *spec; /* the variant's */
	const struct pk_workload *workload;   /* the items' values */
	uint64_t seed;			      /* the run's seed */
	int keep_seconds;	/* 1: keep every second's records (metrics.h) */
	pk_service_new_fn make; /* the implementation (service_new): NULL
				   for the one the scenario names */
};

/* A service's operations. Every one takes its own handle first. */
struct pk_service_ops {
	const char *name; /* "cosmos", ... */
	/*
	 * A point request or a batch (rq->kind not PK_OP_QUERY) at
	 * rq->t_ms, advancing the clock first; its answer in *out.
	 */
	void (*apply)(struct pk_service *s, const struct pk_svc_request *rq,
		      struct pk_outcome *out);
	/* A query (rq->kind PK_OP_QUERY) at rq->t_ms; its answer in *out. */
	void (*query)(struct pk_service *s, const struct pk_svc_request *rq,
		      struct pk_outcome *out);
	/* Move the clock to t_ms (never backwards), closing the seconds
	   before it. */
	void (*advance)(struct pk_service *s, int64_t t_ms);
	/*
	 * Phase ph's actions on the service at its start start_ms
	 * (throughput, autoscale max, policy, merge, redistribution).
	 * Returns 0, or -1 with the error at the phase's key in diag (a
	 * change the service refuses, saying what it allows).
	 */
	int (*phase)(struct pk_service *s, const struct pk_phase_spec *ph,
		     int64_t start_ms, struct pk_diag *diag);
	/*
	 * The run is over at t_ms (the phases' end): close the second
	 * holding the later of t_ms and the last event, and every one before.
	 * Returns the end, ms.
	 */
	int64_t (*end)(struct pk_service *s, int64_t t_ms);
	/* The client's counters (enum pk_client_event) with n. */
	void (*client)(struct pk_service *s, enum pk_client_event ev,
		       int64_t n);
	/*
	 * The workload requests' items are read from from now on (a
	 * thread's own copy of the one the service was made with). Returns
	 * 1 when prefetch helps (the service keeps a per-item cache), else 0.
	 */
	int (*bind)(struct pk_service *s, const struct pk_workload *w);
	/*
	 * Ask memory for what requests of the n_slot items in slot will
	 * read first (stage 1), and of the n_part items in part next
	 * (stage 2: their stage 1 asked for earlier, so it has come).
	 * Every entry is an item number (never PK_ITEM_NONE); either array
	 * may be empty. One call covers several operations, so the run
	 * pays one indirect call per batch, not per operation. Changes
	 * nothing computed.
	 */
	void (*prefetch)(const struct pk_service *s, const uint64_t *slot,
			 size_t n_slot, const uint64_t *part, size_t n_part);
	/* The open second (s since t = 0). */
	int64_t (*now_s)(const struct pk_service *s);
	/* The per-second series it records; borrowed, valid while s is. */
	const struct pk_metrics *(*metrics)(const struct pk_service *s);
	/* Tell tap of each second as it closes (metrics.h; NULL: stop). */
	void (*watch)(struct pk_service *s, pk_metrics_tap_fn tap, void *ctx);
	/* 1 when out (an attempt's) is its logical partition's first
	   refusal for being full (403/1014; Amazon DynamoDB: an item
	   collection's first write refused past 10 GiB, D18), its key as
	   the reports print it in buf (cap bytes, cut); else 0. */
	int (*first_full)(const struct pk_service *s,
			  const struct pk_outcome *out, char *buf, size_t cap);
	/*
	 * The end of the run (after end) in service-neutral terms plus the
	 * service's own extension, into *out (service/snapshot.h: out owns
	 * what it says, free with snapshot_free; it borrows s, which must
	 * outlive it). sc: the scenario s was made for.
	 */
	void (*snapshot)(const struct pk_service *s,
			 const struct pk_scenario *sc, struct pk_snapshot *out);
	/* Free s and everything it owns. */
	void (*free)(struct pk_service *s);
};

/* The handle: an implementation's state starts with it. */
struct pk_service {
	const struct pk_service_ops *ops;
};

/*
 * The constructor of the service a scenario's `service:` names (kind,
 * scenario.h), from the registry in service.c: Azure Cosmos DB's for
 * PK_SERVICE_COSMOS; NULL for a kind the registry lacks (service_new
 * then refuses the scenario).
 */
pk_service_new_fn service_maker(enum pk_service_kind kind);

/*
 * A new service for spec->spec (the variant) of the implementation
 * spec->make names: spec->make(spec, diag) when it is set, else the one
 * the scenario names (service_maker(spec->sc->service)), unless the
 * run's caller chose another (pk_sim_opts.service, sim.h: the run passes
 * its choice through to every variant's spec and knows nothing else of
 * it). Returns it (free with service_free), or NULL with errors in diag
 * when the variant does not fit the scenario (a partition key its items
 * cannot give).
 */
struct pk_service *service_new(const struct pk_service_spec *spec,
			       struct pk_diag *diag);

/* Free s; NULL is allowed. */
void service_free(struct pk_service *s);

/*
 * The physical partitions a new Azure Cosmos DB container of spec starts
 * with (rules 2 and 3 of cosmos-mechanics.md: its RU/s, autoscale
 * maximum, serverless or `partitions:` layout), known before anything
 * is replayed: the count the container's constructor makes. Returns 0
 * for a DynamoDB table (spec->table set), whose layout its own service
 * decides.
 */
size_t service_created_partitions(const struct pk_container_spec *spec);

/*
 * The client's event ev (pk_service_ops.client) counted in totals t, as
 * every service counts it: arrivals (n operations), not sent, given up
 * after 410s or 429s, retry wait (n ms). PK_CLIENT_WRITE_FAILED is left
 * to the service (what it stores); returns 1 for it, else 0.
 */
int service_count_client(struct pk_totals *t, enum pk_client_event ev,
			 int64_t n);

/* s->ops->apply: a point request or batch. */
static inline void service_apply(struct pk_service *s,
				 const struct pk_svc_request *rq,
				 struct pk_outcome *out)
{
	s->ops->apply(s, rq, out);
}

/* s->ops->query: a query. */
static inline void service_query(struct pk_service *s,
				 const struct pk_svc_request *rq,
				 struct pk_outcome *out)
{
	s->ops->query(s, rq, out);
}

/* s->ops->client: a client counter. */
static inline void service_client(struct pk_service *s, enum pk_client_event ev,
				  int64_t n)
{
	s->ops->client(s, ev, n);
}

#endif
