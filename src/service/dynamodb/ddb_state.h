/*
 * ddb_state: the DynamoDB service's state, shared by its modules
 * (ddb_service.c: the service's operations; ddb_request.c: a
 * request's units and admission; ddb_seconds.c: the seconds as they
 * close; ddb_parts.c: partitions, placement and splits; ddb_snapshot.c:
 * the end of the run). Private to src/service/dynamodb/.
 */
#ifndef PKSIM_DDB_STATE_H
#define PKSIM_DDB_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/pkey.h"
#include "pksim/service/dynamodb/ddb_admit.h"
#include "pksim/service/dynamodb/ddb_layout.h"
#include "pksim/service/dynamodb/ddb_ondemand.h"
#include "pksim/service/metrics.h"
#include "pksim/service/service.h"
#include "pksim/service/snapshot.h"

/* Throttle reasons this replay gives (D14: Table<Read|Write><limit>):
   a provisioned table's KeyRange and Provisioned ones, an on-demand
   table's KeyRange, AccountLimit and MaxOnDemand ones, reads first;
   then each index's IndexWrite KeyRange and Provisioned ones; then
   those of each index a query reads, IndexRead KeyRange and
   Provisioned (ddb_gsi_read.c) */
#define DDB_REASONS (6 + 4 * PK_DDB_MAX_GSIS)

/* One global secondary index (D17; ddb_gsi.c) */
struct ddb_gsi {
	const struct pk_ddb_gsi_spec *g;
	struct pk_container_spec cs; /* its key as pkey reads it; strings
					borrowed from g */
	struct pk_pkey *key;
	size_t n;		   /* partitions: slices of the hash space,
				      ddb_gsi_parts.c */
	uint64_t *start;	   /* n: each slice's first hash, in hash
				      order (start[0] 0, ascending) */
	size_t *at;		   /* n: the partition holding each slice */
	struct pk_ddb_side *w;	   /* their write sides, n */
	struct pk_ddb_total tw;	   /* the index's write side (provisioned) */
	int on_demand;		   /* 1: the table's mode is on demand */
	struct pk_ddb_od od;	   /* ... then its writes' instant limit
				      (D12, D13; ddb_ondemand.h) */
	int reason_ix[2];	   /* its KeyRange and Provisioned (on demand:
				      AccountLimit) reasons in ddb.reasons */
	char *names[2];		   /* their names, owned */
	int64_t used_mcu;	   /* admitted over the run */
	struct pk_ddb_index *info; /* what the reports read (in
				      d->index_info) */
	struct pk_ddb_index_part *parts; /* n, owned: info's */
	uint64_t *s_writes;		 /* n: asked in the open second */
	uint64_t *s_throttled;		 /* n: ... of them refused */
	int64_t *fc_mcu; /* n: writes the open second will ask (ddb_ahead.c) */
	/* n: delayed adaptive capacity, as struct ddb_part's w_since_s,
	   w_last_s and w_lifted */
	int64_t *since_s, *last_s;
	int *lifted;
	struct pk_ddb_index_time *seconds, *minutes; /* owned: info's */
	size_t cap_seconds, cap_minutes;
	int64_t wcu; /* provisioned write units a second now */
	/* auto scaling of its write units (D19; ddb_scale.c), scaled 1
	   when the table's is on and the index follows it: the open
	   minute's consumed and provisioned mCU, its runs of minutes above
	   and below the target, a decision in flight (sc_pending_s -1:
	   none) and its units; its decreases in the UTC day dec_day, how
	   many, and the second of the latest (INT64_MIN: none; reference
	   §11: "counted separately for the table and each GSI") */
	int scaled;
	/* with scaled: its write units asked by first attempts
	   (ddb_bill_index_units) and what the bill's minutes already hold
	   of them, mCU */
	int64_t own_demand_mcu, own_booked_mcu;
	int64_t sc_used_mcu, sc_cap_mcu;
	int sc_out, sc_in;
	int64_t sc_pending_s, sc_to;
	int64_t dec_day, dec_last_s;
	int dec_in_day;
	/* its reads (ddb_gsi_read.c), read 1 when a query reads it (a
	   provisioned table's): n read sides (shares of the index's own
	   RCU), their total, their `delayed` runs and lifts (as w's),
	   its read reasons in ddb.reasons and their names (owned) */
	int read;
	struct pk_ddb_side *r;
	struct pk_ddb_total tr;
	int64_t *r_since_s, *r_last_s;
	int *r_lifted;
	int read_reason_ix[2];
	char *read_names[2];
};

/* One local secondary index (D18; ddb_lsi.c) */
struct ddb_lsi {
	const struct pk_ddb_lsi_spec *l;
	struct pk_container_spec cs; /* its sort key as pkey reads it;
					strings borrowed from l */
	struct pk_pkey *key;
};

struct ddb_coll;  /* an item collection (ddb_lsi.c) */
struct ddb_heat;  /* a partition-key value's heat (ddb_heat.c) */
struct ddb_watch; /* a hot partition's observed weights (ddb_hsplit.c) */
struct ddb_dval;  /* a key value's on-demand count (ddb_demand.c) */
struct ddb_ahead; /* the open second's demand read ahead (ddb_ahead.c) */
struct ddb_item;  /* a stored item (ddb_items.c) */
struct ddb_memo;  /* a workload item's primary key, kept (ddb_items.c) */
struct ddb_qcoll; /* a key value's items, for Query (ddb_query.c) */
struct ddb_gcoll; /* an index key value's entries (ddb_gsi_read.c) */

/* One request's primary keys (ddb_items.c): key i is bytes [off[i],
   off[i + 1]); used: bytes of the key being built */
struct ddb_keys {
	unsigned char *bytes;
	size_t cap, used, n;
	size_t off[PK_MAX_BATCH_OPS + 1];
};

/* What one index write changed, to undo when a later one is refused */
struct ddb_gsi_undo {
	struct ddb_gsi *gi;
	size_t part;
	struct pk_ddb_side side;
	struct pk_ddb_total total;
	int64_t used;
	int64_t od_used; /* the index's od.used_mcu before it */
	int64_t bytes;	 /* what it adds to the index's stored bytes */
	int64_t entries; /* ... and entries (-1: a delete) */
	uint64_t hash;	 /* ... under the index key value of this hash */
	size_t len;	 /* ... and length */
};

/* One index write a base write asks (ddb_gsis_demand): of index index,
   on the value of length len and hash hash, units mCU */
struct ddb_gsi_ask {
	size_t index;
	size_t len;
	uint64_t hash;
	int64_t units;
};

/* One index write of a base write (ddb_gsis_writes): on partition part
   of index index, units mCU (at most 400 KB's, D2) */
struct ddb_gsi_write {
	uint32_t index;
	uint32_t part;
	int64_t units;
};

/* One partition: its hash slice [lo, next partition's lo), its buckets
   and its counters. */
struct ddb_part {
	uint64_t lo;
	/* with cut (owned, NULL none): the partition starts inside the
	   item collection of the key value whose hash is lo, at the item
	   of this sort key identity (pkey id bytes, cut_len of them; D6: a
	   storage split cuts a collection holding most of a partition's
	   data by sort key), in DynamoDB's order (ddb_sk_cmp) */
	unsigned char *cut;
	size_t cut_len;
	uint32_t id;		      /* never reused in a run */
	struct pk_ddb_side r, w;      /* read and write buckets */
	int64_t r_since_s, w_since_s; /* delayed adaptive capacity: first
					 second of the current run of
					 throttles, -1 none */
	int64_t r_last_s, w_last_s;   /* ... its latest throttled second,
					 INT64_MIN none */
	int r_lifted, w_lifted;	      /* 1: adaptive capacity applies */
	int64_t fc_mcu[2]; /* the open second's reads and writes foreseen,
			      mCU (ddb_ahead.c) */
	uint64_t storage_bytes;
	/* D7 (ddb_hsplit.c): the first second of its run of hot seconds
	   (-1 none) and the weights observed since (NULL none); a heat
	   split in flight completes at the start of second split_s (-1
	   none), its upper child from split_hash and, inside that key
	   value's collection, from sort key identity split_cut (owned,
	   split_cut_len bytes; NULL between key values) */
	int64_t heat_since_s;
	struct ddb_watch *watch;
	int64_t split_s;
	uint64_t split_hash;
	/* D11 (ddb_isolate.c): the item of key hash iso_hash moves to a
	   partition of its own at the start of second iso_s (-1 none) */
	int64_t iso_s;
	uint64_t iso_hash;
	/* ... in second iso_sec_s (-1 none) the first key hash a point
	   request's first attempt named, and 1 once another followed */
	int64_t iso_sec_s;
	uint64_t iso_first;
	int iso_mixed;
	unsigned char *split_cut;
	size_t split_cut_len;
	/* over its life */
	uint64_t requests, retries, throttled;
	int64_t used_mcu, offered_mcu;
	/* in the open second */
	uint32_t s_requests, s_retries, s_throttled;
};

struct ddb {
	struct pk_service base; /* first: the handle */
	const struct pk_scenario *sc;
	const struct pk_ddb_table_spec *t;
	const struct pk_container_spec *spec;
	const struct pk_workload *w;
	struct pk_pkey *key;
	struct pk_keyval *kv; /* scratch for one request's key */
	int put_held;	      /* 1: ddb_items_put's last put found an item
				 of its primary key */
	struct pk_metrics m;
	struct pk_ddb_layout layout; /* shares, in the order of parts */
	struct ddb_part *parts;	     /* layout.n, in (hash, cut) order */
	size_t n_cuts;		     /* of them, those with a cut */
	size_t created;		     /* partitions at creation */
	int64_t created_units;	     /* their units a second, read plus
					write (provisioned, or on demand's
					first bounds) */
	uint32_t next_id;
	int64_t rcu, wcu; /* provisioned units a second now (0 on demand) */
	/* decreases of them (reference §11): in the UTC day dec_day, how
	   many, and the second of the latest (INT64_MIN: none) */
	int64_t dec_day, dec_last_s;
	int dec_in_day;
	/* throughput dilution (D8): the most units it had; the second of
	   the decrease that left more partitions than its units lay out
	   (-1 none), and the key-range throttles counted before it */
	int64_t top_rcu, top_wcu;
	int64_t dil_t_s;
	uint64_t dil_before;
	/* auto scaling (D19; ddb_scale.c): each side's units consumed and
	   provisioned in the open minute, its runs of minutes above and
	   below the target; a decision in flight (pending_s -1: none) and
	   its units */
	int64_t sc_used_mcu[2], sc_cap_mcu[2];
	int sc_out[2], sc_in[2];
	int64_t sc_pending_s, sc_to[2];
	/* the indexes' write units now less those they started with (auto
	   scaling moves them): what the bill's hours add (ddb_bill.c) */
	int64_t gsi_wcu_moved;
	struct pk_ddb_total tr, tw; /* the table's read and write sides */
	int64_t now_s;		    /* the open second */
	int active;		    /* 1: a request reached it */
	struct pk_second sec;	    /* its table-wide figures */
	struct pk_sample *samples;  /* scratch, layout.n */
	struct pk_ddb_part_time *part_seconds; /* owned: bill's */
	size_t cap_part_seconds;
	/* throttles by reason, named (D14): n_reasons of them in the
	   order the reports list them; reason_ix[write][verdict - 1] is a
	   verdict's index there, -1 for one the mode never gives */
	struct pk_throttle_reason reasons[DDB_REASONS];
	size_t n_reasons;
	int reason_ix[2][PK_DDB_VERDICTS];
	/* on demand (D12, D13): each side's instant limit; unused when
	   provisioned */
	int on_demand;
	struct pk_ddb_od odr, odw;
	uint64_t storage_bytes;
	uint64_t item_max_bytes;     /* the largest item stored so far, bytes;
					never lowered (ddb_ahead.c's holds) */
	struct pk_snapshot_ddb bill; /* what its bill reads (ddb_bill.c) */
	struct pk_ddb_hour booked;   /* of bill's unit totals, what its
					hours already hold */
	int64_t own_demand_mcu[2];   /* with auto scaling: the table's own
					read [0] and write [1] demand
					(ddb_bill_demand, no index's), mCU */
	int64_t own_booked_mcu[2];   /* ... what bill's minutes already
					hold */
	int64_t phases_end_s;	     /* the phases' planned end, whole
					seconds: bill.phases_used_mcu counts
					before it */
	/* global secondary indexes (ddb_gsi.c), n_gsis; the undo log of
	   one request's index writes (n_gsis x PK_MAX_BATCH_OPS) */
	struct ddb_gsi *gsis;
	struct pk_ddb_index *index_info; /* n_gsis: d->bill.indexes */
	size_t n_gsis;
	struct ddb_gsi_undo *undo;
	size_t n_undo;
	/* local secondary indexes (ddb_lsi.c), n_lsis; the item
	   collections by key value; writes refused for a full one */
	struct ddb_lsi *lsis;
	size_t n_lsis;
	struct ddb_coll *colls;
	uint64_t collection_refused;
	struct ddb_coll *coll_full; /* the collection the request being
				       answered refused its first write
				       past 10 GiB; NULL: none */
	/* the items stored, by primary key (ddb_items.c); the sort key
	   (NULL without one), its scratch value and its spec; one
	   request's keys */
	struct ddb_item *items;
	struct pk_pkey *sk;
	struct pk_keyval *skv;
	struct pk_container_spec sk_cs;
	struct ddb_keys keys;
	struct ddb_memo *memo; /* DDB_MEMO_SLOTS, or NULL before a key */
	/* the workload items a batch's puts took the place of
	   (pk_outcome.replaced_items), n_took of them */
	uint64_t took[PK_MAX_BATCH_OPS];
	uint32_t n_took;
	/* the workload items of the keys a BatchGetItem did not read
	   (pk_outcome.unread_items) */
	uint64_t unread[PK_DDB_BATCH_GET_MAX];
	/* each partition-key value's heat (ddb_heat.c) */
	struct ddb_heat *heat;
	/* the earliest second a heat split in flight completes, INT64_MAX
	   none (ddb_hsplit.c) */
	int64_t heat_due_s;
	/* each key value's first attempts on demand (ddb_demand.c) */
	struct ddb_dval *demand;
	/* the open second's demand read ahead (ddb_ahead.c; NULL when
	   nothing is lent), the second it was read for (-1 none), and how
	   many throttles the request answered last left for a retry */
	struct ddb_ahead *ahead;
	int64_t ahead_s;
	size_t ahead_last;
	int ahead_paced; /* 1: a stream's client paces (ddb_ahead_paced) */
	/* a partition key with a random part: the candidate values a
	   reader looks under (pkey_random_values; ddb_find.c), 0 none */
	uint64_t find_n;
	/* Query and Scan (ddb_query.c): queries 1 when the scenario sends
	   any, and only then each partition-key value's items are kept
	   (qcolls); the route of the query being answered and its scratch
	   (q_src, q_acc: mCU per partition, q_parts: the partitions it
	   asks, q_save: their read sides before it, q_seg: its runs of
	   pages, q_key: its key values sorted, each q_cap long) */
	int queries;
	struct ddb_qcoll *qcolls;
	struct pk_route route;
	struct pk_item_source *q_src;
	size_t q_src_cap;
	int64_t *q_acc;
	size_t *q_parts;
	struct pk_ddb_side *q_save;
	struct ddb_qseg *q_seg;
	struct ddb_qkey *q_key;
	size_t q_cap;
	/* a Query of an index (ddb_gsi_read.c): gsi_reads 1 when a query
	   reads one, and only then each of its key values' entries are
	   kept (gcolls) */
	int gsi_reads;
	struct ddb_gcoll *gcolls;
};

/* One run of a Query's or Scan's 1 MiB pages on one partition
   (ddb_query.c): a key value's Query, or a Scan's partition */
struct ddb_qseg {
	uint64_t bytes;	  /* what it reads, bytes (0: one page reading
			     nothing) */
	uint64_t hash;	  /* its key value's hash (a Scan: the partition's
			     lowest) */
	uint64_t item;	  /* the workload item its key value is read from;
			     PK_ITEM_NONE for a Scan's partition */
	const void *coll; /* its key value's items (struct ddb_qcoll; a
			     Query of an index: its entries, struct
			     ddb_gcoll), NULL when it holds none (and for a
			     Scan); compared, never read, here */
	size_t part;	  /* the partition it reads */
};

/* A Query's key value as ddb_query.c sorts an IN list's to find those
   named twice */
struct ddb_qkey {
	uint64_t hash;	/* ddb_qseg.hash */
	uintptr_t coll; /* ddb_qseg.coll */
	size_t i;	/* its place in the list */
};

/* What one request (or one item of a BatchWriteItem) asks of the table */
struct ask {
	int write;	       /* 1: the write bucket, else the read one */
	int64_t units;	       /* mCU */
	int64_t grow;	       /* bytes it adds to its partition if admitted
				  (negative: removes) */
	int64_t items;	       /* items it adds if admitted (-1: a delete) */
	int64_t base_units;    /* units of the item(s) alone, mCU: what
				  a global index write projects (units
				  also holds local index writes) */
	int64_t coll_grow;     /* bytes its item collection grows by
				  (local secondary indexes, D18) */
	struct ddb_coll *coll; /* ... that collection, NULL without */
	int status;	       /* the answer if admitted */
	int bad;	       /* 1: refused before capacity (400) */
	int too_large;	       /* ... because an item is over 400 KB
				  (D2) */
	long part;	       /* the partition of its key value, -1 when
				  bad */
	uint64_t hash;	       /* ... its hash */
	uint32_t key;	       /* its primary key's index among the
				  request's keys (ddb_items: 0, or a
				  batch's item) */
};

/* ddb_request.c: a throttled second (d->now_s) of a partition's side
   (a table's or a global index's) whose run of throttles started at
   *since (its latest throttled second *last): delayed adaptive capacity
   lifts it (*lifted 1) adaptive_delay_s after its throttling started
   (reference §6: "5 to 30 minutes between the start of throttling and
   the boost"; §12: an index's partitions behave like the table's),
   throttled or not in the seconds between. ASSUMPTION: a quiet spell
   of PK_DDB_ADAPTIVE_QUIET_S seconds without a throttle ends the
   episode, so the next throttle starts the delay again; once lifted, it
   stays lifted. */
void ddb_adaptive_note(const struct ddb *d, int64_t *since, int64_t *last,
		       int *lifted);

/* ddb_request.c: count an attempt of units u (mCU) in the run's and the
   open second's totals and, p not NULL, on partition p; count it on
   partition p alone (ddb_count_part: an item of a batch). Store what a,
   admitted on partition i, did (bytes, with its local index entries',
   and items), and split it when it holds more than 10 GiB (D6). Admit a
   on partition i and, a write, on every
   index that holds its item(s) (D17: back-pressure): an index's refusal
   undoes the table's admission and throttles the request, its reason the
   index's (*by_index set to 1). ASSUMPTION: the table is asked first, so
   a request both would refuse is the table's throttle. A throttle's
   retry-after: the rest of rq's second, ms. */
void ddb_count_attempt(struct ddb *d, struct ddb_part *p,
		       const struct pk_svc_request *rq, int64_t u);
void ddb_count_part(struct ddb_part *p, const struct pk_svc_request *rq,
		    int64_t u);
/* A throttled first attempt of rq asking u mCU of side (write) of
   partition p: counted in d->bill.never_fit when p could admit it in no
   second (ASSUMPTION: a request waits for all its units; reference §18
   leaves open whether one is admitted into debt) */
void ddb_note_never(struct ddb *d, const struct ddb_part *p,
		    const struct pk_svc_request *rq, int write, int64_t u);
void ddb_store(struct ddb *d, size_t i, const struct ask *a);
enum pk_ddb_verdict ddb_admit_all(struct ddb *d, size_t i,
				  const struct pk_svc_request *rq,
				  const struct ask *a, int *by_index);
int64_t ddb_retry_after_ms(const struct pk_svc_request *rq);

/* ddb_seconds.c: close the open second (active), or n idle seconds
   from it: its sides' and partitions' records, the banks' refill and
   the next second's start */
void ddb_close_seconds(struct ddb *d, int64_t n);

/* ddb_request.c: the table's bucket, units and answer of point
   request rq (D1, D2) on the items stored now, into *a */
void ddb_ask_of(struct ddb *d, const struct pk_svc_request *rq, struct ask *a);

/* ddb_ahead.c (D10 `instant`): when the table may lend (provisioned,
   adaptive capacity not off, the run's workload known), its own copy of
   the run's stream (spec's workload and seed). ddb_ahead_open, at the
   open second's first request: each partition's foreseen reads and
   writes (its first attempts arriving in the second, on the items
   stored now, and the retries due in it) into fc_mcu, the table's and
   each global index's pool (pk_ddb_total.pool_mcu) the shares they
   leave unasked. A throttle of request rq on partition i (of hash h),
   side write, units mCU, that the client may retry (ddb_ahead_retry:
   wait_ms after rq, by PK_CLIENT_RETRY_WAIT; d->ahead_last counts them,
   zeroed by each request); ix (NULL: none) rq's ask, whose global index
   writes the retry asks again, foreseen on the index partitions in the
   second it is due. Free it. */
void ddb_ahead_init(struct ddb *d, const struct pk_service_spec *spec);
void ddb_ahead_open(struct ddb *d);
void ddb_ahead_throttled(struct ddb *d, const struct pk_svc_request *rq,
			 uint64_t h, size_t i, int write, int64_t units,
			 const struct ask *ix);
void ddb_ahead_retry(struct ddb *d, int64_t wait_ms);
void ddb_ahead_free(struct ddb *d);
/* ddb_ahead.c: 1 when rq (asking a) is the first attempt of an
   operation whose target was drawn at its send, which the open second
   held units for (a read, replace, delete, a stored item's upsert);
   then its units on each partition it asks (ddb_ahead_part: units mCU
   on side write of partition i), and once its hold comes back
   (ddb_ahead_arrived: units its whole ask), before it is admitted */
int ddb_ahead_unforeseen(const struct ddb *d, const struct pk_svc_request *rq,
			 const struct ask *a);
void ddb_ahead_part(struct ddb *d, size_t i, int write, int64_t units);
void ddb_ahead_arrived(struct ddb *d, const struct pk_svc_request *rq,
		       int write, int64_t units);
/* ... and, a write on a table with global indexes, its index writes
   (ddb_gsis_arrived) and their holds' coming back */
void ddb_ahead_index_arrived(struct ddb *d, const struct pk_svc_request *rq,
			     const struct ask *a);

/* ... whether rq's units are among the open second's foreseen ones (a
   retry the client said it sends in it, or a first attempt sent as it
   arrived); and, rq asking a on partition i refused (throttled, or 400
   after its units were foreseen), give them back: its partition's
   foreseen units shrink by them and the pool gains what that leaves of
   its share, and each index's alike for its index writes (D10: a unit
   neither consumed nor asked is unused) */
int ddb_ahead_counted(const struct ddb *d, const struct pk_svc_request *rq);
/* ... whether rq is a paced client's first attempt (client.ru_budget or
   client.concurrency: it goes when its pace lets it, not at its
   arrival, so the open second does not foresee it: it holds back what
   the phase sent the second before); and, one sent asking a on
   partition i, count it on its partition and index partitions as it
   comes, the hold coming back (d->ahead set) */
int ddb_ahead_paced(const struct ddb *d, const struct pk_svc_request *rq);
void ddb_ahead_sent(struct ddb *d, const struct pk_svc_request *rq, size_t i,
		    const struct ask *a);
/* ... rq asking a answered 400 before capacity (a->part -1: its key or
   item refused; else by a local index): an unforeseen operation's holds
   come back, a foreseen one's units as ddb_ahead_refused's */
void ddb_ahead_bad(struct ddb *d, const struct pk_svc_request *rq,
		   const struct ask *a);
void ddb_ahead_refused(struct ddb *d, const struct pk_svc_request *rq, size_t i,
		       const struct ask *a);

/* ddb_gsi.c, for ddb_ahead.c: zero each index partition's foreseen
   writes; add those of base write rq asking a (ddb_gsis_demand's); set
   each index's pool to the shares its partitions will leave unasked */
void ddb_gsis_forecast_open(struct ddb *d);
void ddb_gsis_forecast(struct ddb *d, const struct pk_svc_request *rq,
		       const struct ask *a);
void ddb_gsis_forecast_pool(struct ddb *d);
/* ... and the units (mCU) index i's write of a base write of base_mcu
   asks: base_mcu (projection all) or 1 WCU (keys_only) */
int64_t ddb_gsi_write_mcu(const struct ddb *d, size_t i, int64_t base_mcu);
/* ... and, base write rq asking a refused, take its index writes off
   their partitions' foreseen writes, the pool gaining what that leaves
   of their shares */
void ddb_gsis_release(struct ddb *d, const struct pk_svc_request *rq,
		      const struct ask *a);
/* ... and index i's partition k asks units mCU more (units < 0: less,
   down to none) than foreseen in the open second: its pool loses (or
   gains) what that takes of (or leaves of) the partition's share */
void ddb_gsi_foresee(struct ddb *d, size_t i, size_t k, int64_t units);
/* ... and the index writes base write rq asking a asks (reference §12's
   table, on the items stored now), into out (room for 2 x d->n_gsis):
   how many */
size_t ddb_gsis_writes(struct ddb *d, const struct pk_svc_request *rq,
		       const struct ask *a, struct ddb_gsi_write *out);
/* ... and, an unforeseen base write rq asking a arriving, add its index
   writes to their partitions' foreseen writes, the pool losing what
   that takes of their shares left: its units on each index into units
   (d->n_gsis) */
void ddb_gsis_arrived(struct ddb *d, const struct pk_svc_request *rq,
		      const struct ask *a, int64_t *units);

/* ddb_find.c (d->find_n > 0): read rq of an item whose partition key
   has a random part, own its ask by the drawn key (ddb_ask_of, not
   bad), at the open second: a GetItem per candidate key, each on its
   partition, the read admitted when its own key's was (the file's
   comment); its answer in *out (zeroed by the caller). Add item's
   candidates' read units to their partitions' forecasts
   (ddb_ahead.c). */
void ddb_find_read(struct ddb *d, const struct pk_svc_request *rq,
		   const struct ask *own, struct pk_outcome *out);
void ddb_find_forecast(struct ddb *d, uint64_t item);
/* ddb_find.c: refuse what a table's replay cannot mean of a partition
   key (container spec cs) whose random parts give n candidate values,
   at its place in sc: more than 4,096 of them, or a phase that upserts,
   replaces or deletes by it (its writer would first have to find the
   item, not replayed). 0, or -1 with the error in diag. */
int ddb_find_refuse(const struct pk_scenario *sc,
		    const struct pk_container_spec *cs, uint64_t n,
		    struct pk_diag *diag);

/* ddb_batch.c: BatchWriteItem rq (rq->kind PK_OP_BATCH) at the open
   second, its answer in *out (zeroed by the caller): a 400 whole for a
   request DynamoDB refuses, else each item admitted or throttled on its
   own; the throttled ones returned in out->unprocessed (service.h) */
void ddb_batch_apply(struct ddb *d, const struct pk_svc_request *rq,
		     struct pk_outcome *out);
/* ddb_batch_get.c: BatchGetItem rq (rq->kind PK_OP_BATCH_GET, its keys
   rq->in_items) at the open second, its answer in *out (zeroed by the
   caller): a 400 whole for a request DynamoDB refuses, else each key
   read or throttled on its own partition's read bucket; the keys not
   read returned in out->unread_items (service.h) */
void ddb_batch_get_apply(struct ddb *d, const struct pk_svc_request *rq,
			 struct pk_outcome *out);
/* ... 1 when DynamoDB takes BatchWriteItem rq (its keys, items and
   count), 0 when it refuses it whole before capacity; the request's
   keys (ddb_items) are rq's after */
int ddb_batch_whole(struct ddb *d, const struct pk_svc_request *rq);

/* ddb_items.c: the table's sort key from d->t; 0, or -1 with the error
   in diag. Build workload item's partition key into d->kv and its hash
   into *hash: 0, or -1 for a value DynamoDB refuses (ValidationException:
   not a string or number, an empty string, over 2,048 bytes; reference
   §14). Forget the request's keys (reset); add item's primary key as
   the request's next key (partition key as ddb_items_pkey, then its
   sort key when the table has one: present, a string of 1 to 1,024
   bytes, or a number): 0, or -1 for a key DynamoDB refuses. Build item's
   partition key into d->kv and its sort key into d->skv without adding
   a key (values: the heat of a batch's items, ddb_heat.c). Add item's
   primary key with its partition key's random parts set to candidate
   pick instead of the item's draw (key_pick: pkey_build_pick; hash and
   answer as ddb_items_key). Of key i: the
   current size of the item it holds in *size (0 for none) and whether
   one is stored; whether an earlier key of the request is the same
   (repeats); the workload item that last wrote the item it holds in
   *src and its size in *size (ddb_items_src: whether one is stored);
   store an item of size bytes written by workload item src under it
   (put: a new one or the replacement of the one there; it returns 1 +
   the workload item whose put held the key when that was another one,
   the item src takes the place of, else 0); delete its item (drop,
   nothing when none). Free them. */
int ddb_items_init(struct ddb *d, const struct pk_service_spec *spec,
		   struct pk_diag *diag);
/* ddb_items.c: -1, 0, 1 as sort key identity a (na bytes) sorts
   before, with or after b in DynamoDB's order (numbers by value,
   strings by their UTF-8 bytes; ASSUMPTION: of two types, a number
   first, as a table's sort key has one type). The sort key identity of
   the request's key i (its bytes past the partition key's; len 0
   without a sort key). Partition i's cut by data (D6) when one key
   value's items hold more than half of the bytes of the items it
   holds: 1, with that value's hash in *hash, the first sort key of the
   upper half (owned by the caller) in *cut, *cut_len, and the bytes of
   the partition's items below it and in all in *low and *all; else 0
   (then nothing is set). The lower half takes items in (hash, sort key)
   order while they hold at most half the bytes, at least one of the
   value's items and never all of them. */
int ddb_sk_cmp(const unsigned char *a, size_t na, const unsigned char *b,
	       size_t nb);
const unsigned char *ddb_items_sk(const struct ddb *d, size_t i, size_t *len);
int ddb_items_cut(const struct ddb *d, size_t i, uint64_t *hash,
		  unsigned char **cut, size_t *cut_len, uint64_t *low,
		  uint64_t *all);
/* ddb_items.c: the bytes of partition i's items below the position of
   hash and sort key identity cut (NULL: before the value's every item)
   into *low, and of all its items into *all. The bytes of the request's
   key i (ddb_items arena: 2 bytes of the partition key's length, its
   bytes, the sort key's) and their length in *len, valid until the
   next ddb_items_reset. */
void ddb_items_below(const struct ddb *d, size_t i, uint64_t hash,
		     const unsigned char *cut, size_t cut_len, uint64_t *low,
		     uint64_t *all);
const unsigned char *ddb_items_key_bytes(const struct ddb *d, size_t i,
					 size_t *len);
int ddb_items_pkey(struct ddb *d, uint64_t item, uint64_t *hash);
void ddb_items_values(struct ddb *d, uint64_t item);
void ddb_items_reset(struct ddb *d);
int ddb_items_key(struct ddb *d, uint64_t item, uint64_t *hash);
int ddb_items_key_pick(struct ddb *d, uint64_t item, uint64_t pick,
		       uint64_t *hash);
int ddb_items_size(const struct ddb *d, size_t i, uint64_t *size);
int ddb_items_src(const struct ddb *d, size_t i, uint64_t *src, uint64_t *size);
int ddb_items_repeats(const struct ddb *d, size_t i);
uint64_t ddb_items_put(struct ddb *d, size_t i, uint64_t size, uint64_t src);
void ddb_items_drop(struct ddb *d, size_t i);
void ddb_items_free(struct ddb *d);

/* ddb_bill.c: note items in the clock hours of seconds [t_s, t_s +
   n_s), and the units counted since the last call in the hour of t_s
   (the second closing); count a first attempt's units a (write: the write side)
   of phase `phase` (pk_svc_request.phase) as demand. */
void ddb_bill_hours(struct ddb *d, int64_t t_s, int64_t n_s);
void ddb_bill_demand(struct ddb *d, uint32_t phase, int write,
		     int64_t units_mcu);
/* ... count a first attempt's index writes as demand: as ddb_bill_demand
   on the write side, but not the table's own (its auto scaling's
   minutes) */
void ddb_bill_index_demand(struct ddb *d, uint32_t phase, int64_t units_mcu);
/* ... and of them, units_mcu asked of index `index` (d->gsis), for the
   minutes a following index's auto scaling is replayed on */
void ddb_bill_index_units(struct ddb *d, size_t index, int64_t units_mcu);
/* ... count an admitted attempt's units as consumed */
void ddb_bill_used(struct ddb *d, int write, int64_t units_mcu);

/* ddb_demand.c: a first attempt of request rq (a point request or one
   item of a batch) asking a of the table and, a write, its index
   writes (ddb_gsis_demand), counted as demand (ddb_bill_demand)
   only when its key value and each index key value can take it in the
   open second on demand (D3: 3,000 RRU, 1,000 WRU a partition in either
   mode); else nothing of it. Its key value is the one d->kv holds now,
   of key hash h (ddb_key_hash): every caller has just built it for the
   request's heat (ddb_heat_note), so it is not built again. Forget the
   counts. */
void ddb_demand_note(struct ddb *d, const struct pk_svc_request *rq,
		     const struct ask *a, uint64_t h);
void ddb_demand_free(struct ddb *d);
/* ddb_demand.c: at the run's end, each key value whose cap refused
   some first attempt into d->bill.refused (snapshot.h), with the cap a
   second it holds now; d->bill.linear */
void ddb_demand_end(struct ddb *d);

/* ddb_parts.c: lay out the table's partitions (D4, D5); the index of
   the partition whose slice holds hash h (the last of a key value cut
   by sort key); ... of the item of hash h and sort key identity sk (len
   bytes; NULL: before every cut); ... of the request's key i (ddb_items
   arena) of hash h; ... of hash h that was partition id, when it still
   is one of those that hash's items can be on, else ddb_part_of's; a
   split of partition i at second t_s: a storage split (D6) cuts a key
   value's item collection by sort key when it holds more than half the
   partition's data, else the slice at its middle; a throughput split
   the slice at its middle. Free the partitions' cuts. */
void ddb_parts_init(struct ddb *d);
size_t ddb_part_of(const struct ddb *d, uint64_t h);
size_t ddb_part_of_sk(const struct ddb *d, uint64_t h, const unsigned char *sk,
		      size_t len);
size_t ddb_part_of_key(const struct ddb *d, uint64_t h, size_t i);
size_t ddb_part_at(const struct ddb *d, uint64_t h, uint32_t id);
void ddb_parts_free(struct ddb *d);
void ddb_parts_split(struct ddb *d, size_t i, int64_t t_s,
		     enum pk_split_reason why);
/* A heat split (D7) of partition i at second t_s: the upper child
   starts at key value hash and, cut not NULL, at sort key identity cut
   (cut_len bytes, owned by the call) inside that value's collection;
   each child holds the parent's items on its side (ddb_items_below) */
void ddb_parts_split_at(struct ddb *d, size_t i, int64_t t_s, uint64_t hash,
			unsigned char *cut, size_t cut_len);
/* A provisioned table's units become rcu and wcu at second t_s: the
   partitions split for throughput where they cannot carry them (D4:
   doubled, or to the formula's count, ddb_layout_raise_count; the first
   ones in hash order when not all split), never merged (D8); every
   share rcu / n and wcu / n (D5: even after a change); a bank holds at
   most 300 s of its new share (D9). ASSUMPTION: a child of such a split
   takes half its parent's bank, as a storage split's does. */
void ddb_parts_provision(struct ddb *d, int64_t rcu, int64_t wcu, int64_t t_s);
/* On demand: each partition's share of the open second's bounds
   (ddb_od_bound_mcu over the partitions, at most its cap), after
   splitting every partition for throughput at second t_s until they can
   carry the instant limits under the quota (D3: 1,000 WRU, 3,000 RRU
   each). ASSUMPTION: on
   demand "scales a table by splitting partitions" (PAPER §4.5) as a
   provisioned raise does, by doubling. */
void ddb_parts_on_demand(struct ddb *d, int64_t t_s);
/* Partition i's closing second t_s, its read and write units and
   shares, as a row of the run's per-second detail (bill.part_seconds) */
void ddb_parts_second_row(struct ddb *d, size_t i, int64_t t_s);
/* The bounds of partition i as key-space positions (snapshot.h):
   8 big-endian bytes of its lo, then the bytes of its cut's sort key
   identity (at most PK_EPK_MAX_BYTES in all) when it starts inside a
   collection; pk_epk_min for 0, pk_epk_end past the last. */
struct pk_epk ddb_part_min(const struct ddb *d, size_t i);
struct pk_epk ddb_part_max(const struct ddb *d, size_t i);
/* The bounds, as ddb_part_min and ddb_part_max give them, of partition
   i (i < d->created) of the creation layout: the even slice [2^64 x i /
   created, 2^64 x (i + 1) / created) ddb_parts_init gave it (D4), which
   it kept until it split (a partition's bounds change only by its
   split) */
struct pk_epk ddb_created_min(const struct ddb *d, size_t i);
struct pk_epk ddb_created_max(const struct ddb *d, size_t i);

/* ddb_gsi.c: the table's indexes from d->t (after name_reasons: their
   reasons follow the table's; their provisioned units added to the
   bill); 0, or -1 with the error in diag (an index on an attribute no
   item has). Close the open second (or n idle ones: ddb_gsis_close,
   before d->now_s moves on): each partition's use and refusals into
   its totals, peak, per-second rows (when d->m keeps seconds) and the
   index's minute (D15); then refill their buckets for n closed
   seconds (ddb_gsis_refill). The index writes of base write rq (a
   point request or one item of a batch, a delete or a put) asking a
   (its base units, its key among the request's: the stored item it
   replaces or deletes, reference §12: a put that changes the stored
   item's index key value is a delete on the old value's partition and a
   put on the new one's): 0 when every index admitted them, -1 when one
   refused (nothing of them kept, its reason counted). Their units
   admitted over the run, mCU. Free them. */
int ddb_gsis_init(struct ddb *d, const struct pk_service_spec *spec,
		  struct pk_diag *diag);
void ddb_gsis_close(struct ddb *d, int64_t n);
void ddb_gsis_refill(struct ddb *d, int64_t n);
int ddb_gsis_write(struct ddb *d, const struct pk_svc_request *rq,
		   const struct ask *a);
int64_t ddb_gsis_used(const struct ddb *d);
/* Store in d->bill's index_bytes and index_entries what the index
   writes ddb_gsis_write admitted last did */
void ddb_gsis_store(struct ddb *d);
/* The index writes rq asking a would make, admitted or not, into out
   (room for 2 x d->n_gsis): how many */
size_t ddb_gsis_demand(struct ddb *d, const struct pk_svc_request *rq,
		       const struct ask *a, struct ddb_gsi_ask *out);
void ddb_gsis_free(struct ddb *d);
/* Index i's key value of workload item: its partition, with the
   value's length and hash in *len and *hash (d->kv holds the value);
   -1 when the item has no string or number there (not in the index) */
long ddb_gsi_value(struct ddb *d, size_t i, uint64_t item, size_t *len,
		   uint64_t *hash);

/* ddb_gsi_read.c: a Query of a global secondary index (D17, reference
   §12 "Reads"). reads_init marks the indexes a query reads and gives
   them their read sides and reasons (after every index's own, the
   table's provisioned, its on-demand ones not read); read_shares sets
   index gi's read shares (its RCU over its partitions, after a raise
   added some); read_refill refills them as n seconds close; read_store
   keeps what one index write u did to its key value's entries;
   read_value is index i's value of length len and hash's entries
   (NULL none) and their bytes in *bytes; read_admit asks u mCU of
   index i's partition k's read bucket: 1 admitted, else 0 with the
   index's read reason counted. reads_free frees what they keep. */
void ddb_gsi_reads_init(struct ddb *d);
void ddb_gsi_read_shares(struct ddb_gsi *gi);
void ddb_gsi_read_refill(struct ddb_gsi *gi, int64_t n);
void ddb_gsi_read_store(struct ddb *d, const struct ddb_gsi_undo *u);
const void *ddb_gsi_read_value(const struct ddb *d, size_t i, size_t len,
			       uint64_t hash, uint64_t *bytes);
int ddb_gsi_read_admit(struct ddb *d, size_t i, size_t k, int64_t u);
void ddb_gsi_reads_free(struct ddb *d);

/* ddb_lsi.c: the table's local secondary indexes from d->t, and what
   the runway projects its item collections against (d->bill's
   coll_cap_bytes, coll_item_factor, coll_write_mcu); 0, or -1 with the
   error in diag. With them, what write request rq (a point
   write, or a batch's item as a request of its own) of the request's
   key ix (ddb_items: the stored item it replaces or deletes) adds,
   called right after its partition key was built into d->kv: *units
   (mCU, its base units on entry) gets its index writes' units (D18: on
   the table's capacity, by reference §12's table), *grow
   (bytes the item collection grows by, the base write's on entry) its
   index entries' bytes, *coll the key value's collection; 0, or -1
   when the write is refused with 400: its item and projections over
   400 KiB, or its collection past 10 GiB
   (ItemCollectionSizeLimitExceededException, counted in
   d->collection_refused; its first such refusal in d->coll_full). Grow
   collection c by grow bytes and items items (negative: shrink) once the
   write is admitted. At the run's end, whether a collection is full
   into *out (capped 0 without an index: no key value is capped; when
   it is full is the runway's, result/runway.h). The local indexes an
   item of the scenario enters into *all (projection all) and *keys
   (keys_only): those whose sort key some stream's items (or a data
   file's records) hold (ASSUMPTION: every item of such a stream holds
   it). Free them. */
int ddb_lsis_init(struct ddb *d, const struct pk_service_spec *spec,
		  struct pk_diag *diag);
int ddb_lsis_ask(struct ddb *d, const struct pk_svc_request *rq, uint32_t ix,
		 int64_t *units, int64_t *grow, struct ddb_coll **coll);
void ddb_lsis_store(struct ddb_coll *c, int64_t grow, int64_t items);
void ddb_lsis_end(const struct ddb *d, struct pk_ddb_collections *out);
void ddb_lsis_item_indexes(const struct ddb *d, size_t *all, size_t *keys);
/* ddb_queries.c: the table's answers to the run's readers (queries.h):
   key values as the key module gives them, placed by the table's hash,
   writes charged by D1 and its local indexes */
extern const struct pk_queries ddb_queries;
/* The units (mCU) write rq of key ix, units its base units, adds on
   the local indexes (ddb_lsis_ask's, without counting or storing: what
   ddb_ahead.c foresees); d->kv is overwritten */
int64_t ddb_lsis_units(struct ddb *d, const struct pk_svc_request *rq,
		       uint32_t ix, int64_t units);
/* Whether the request last answered was its collection's first refusal
   past 10 GiB: 1 with the key value's text in buf (cap bytes,
   pkey_format_id), else 0 */
int ddb_lsis_first_full(const struct ddb *d, char *buf, size_t cap);
void ddb_lsis_free(struct ddb *d);

/* ddb_change.c: a phase's change of the table's provisioned units
   (pk_phase_spec.ddb_rcu, ddb_wcu) at second t_s: applied by
   ddb_parts_provision and recorded as a throughput change (metrics.h;
   its RU/s the table's read plus write units); 0, or -1 with the error
   in diag for a decrease DynamoDB refuses (reference §11: 4 a UTC day,
   then one more only when none was made in the hour before). */
int ddb_change_capacity(struct ddb *d, const struct pk_phase_spec *ph,
			int64_t t_s, struct pk_diag *diag);
/* At the run's end: d->bill.finding says the table's throughput
   dilution when a decrease left it more partitions than its units lay
   out (ddb_layout_throughput_count), a partition could not use the
   table's unused units (adaptive capacity off, or delayed), and
   requests were throttled by their partition since (D8, D10, D14) */
void ddb_change_finding(struct ddb *d);

/* ddb_change.c: set the units to rcu and wcu at second t_s as
   ddb_change_capacity does: 0, or -1 (nothing changed) for a decrease
   past the day's limit */
int ddb_change_units(struct ddb *d, int64_t rcu, int64_t wcu, int64_t t_s);

/* ddb_change.c: whether a resource (the table, or an index) whose
   decreases in the UTC day *day number *in_day, the latest at second
   *last_s (INT64_MIN: none), may decrease its units at t_s (reference
   §11: 4 a UTC day, then one more only when none was made in the hour
   before); counted in them when it may */
int ddb_decrease_ok(const struct ddb *d, int64_t *day, int *in_day,
		    int64_t *last_s, int64_t t_s);

/* ddb_gsi.c: index gi's provisioned write units become wcu (auto
   scaling, D19), from the next second: a raise its partitions cannot
   carry adds partitions as the table's does (D4, ddb_gsi_parts_raise),
   each partition's share wcu / n (D5), a bank at most 300 s of its new
   share (D9), the bill's hours following (d->gsi_wcu_moved) */
void ddb_gsi_set_wcu(struct ddb *d, struct ddb_gsi *gi, int64_t wcu);

/* ddb_gsi_parts.c: index gi's n partitions (>= 1) as even slices of the
   hash space, their per-partition arrays allocated (w with its cap,
   parts, s_writes, s_throttled, fc_mcu, since_s -1, last_s INT64_MIN,
   lifted, start, at; shares and banks 0, the caller's) and
   gi->info->parts, n_parts pointing at them; the partition holding hash
   h; the partitions a raise of its write units to wcu needs
   (ddb_layout_raise_count on its read units and wcu, the table's raise
   rule), each added by splitting a slice (the file's header), the
   count added returned (shares unchanged: the caller's); freeing the
   arrays. */
void ddb_gsi_parts_alloc(struct ddb_gsi *gi, size_t n);
long ddb_gsi_part_at(const struct ddb_gsi *gi, uint64_t h);
size_t ddb_gsi_parts_raise(struct ddb *d, struct ddb_gsi *gi, int64_t wcu);
void ddb_gsi_parts_free(struct ddb_gsi *gi);

/* ddb_scale.c, auto scaling (D19) when d->t->scale.on: count n closing
   seconds from t_s (used: each side's units in the first, the rest
   idle) into the open minute, deciding at its end; the most seconds
   (<= n) the next close may span without passing a minute's end or a
   decision's time; apply a decision whose time has come. */
void ddb_scale_close(struct ddb *d, int64_t t_s, int64_t n,
		     const int64_t used[2]);
int64_t ddb_scale_span(const struct ddb *d, int64_t n);
void ddb_scale_apply(struct ddb *d);

/* ddb_heat.c: note a point request of kind (its attempt retry, 0 the
   first) asking units (mCU) of the key value d->kv holds (its sort key
   in d->skv), reads (write 0) or writes (1), in the open second (it
   returns the value's units of that side asked so far in the second by
   first attempts, mCU); at the
   run's end the hottest value of each side into out; free them. */
int64_t ddb_heat_note(struct ddb *d, enum pk_op_kind kind, int retry, int write,
		      int64_t units);
void ddb_heat_end(struct ddb *d, struct pk_ddb_hot_key out[2]);
void ddb_heat_free(struct ddb *d);

/* ddb_heat.c: whether the puts of key value pk (pkey identity bytes,
   len) follow a steadily rising or falling sort key
   (PK_DDB_FOLLOW_SHARE of them after the first) */
int ddb_heat_follows(const struct ddb *d, const unsigned char *pk, size_t len);

/* ddb_hsplit.c, heat splits (D7) when d->t->heat_split: at the close
   of an active second (before the buckets are refilled), each
   partition's heat, deciding a split (or its refusal, counted in
   d->bill.heat) at the window's end; at the close of idle seconds, every
   partition's heat ends; once d->now_s reaches d->heat_due_s, the splits
   due complete. A watched partition p (p->watch) weighs the request
   naming workload item item's primary key, asking units mCU of side
   write (first attempts only: the caller checks). Forget p's heat and any
   split in flight (a partition being replaced). */
void ddb_hsplit_close(struct ddb *d);
void ddb_hsplit_idle(struct ddb *d);
void ddb_hsplit_due(struct ddb *d);
void ddb_hsplit_note(struct ddb_part *p, uint64_t item, int write,
		     int64_t units);
void ddb_hsplit_forget(struct ddb_part *p);
/* Start weighing p's requests (p->watch), when a request finds its
   units used so far in the open second at the threshold (ddb_hot_now) */
void ddb_hsplit_watch(struct ddb_part *p);
/* Whether partition p, with no split in flight, has used heat_pct % of
   its cap on a side so far in the open second (D7) */
static inline int ddb_hot_now(const struct ddb *d, const struct ddb_part *p)
{
	return p->split_s < 0 &&
	       (p->r.used_mcu * 100 >= d->t->heat_pct * p->r.cap_mcu ||
		p->w.used_mcu * 100 >= d->t->heat_pct * p->w.cap_mcu);
}

/* Partition p refused one request, key, item or page of side write
   (not an index's refusal): its throttles over the run and in the open
   second, and the table's read or write throttle events that second
   (CloudWatch's ReadThrottleEvents, WriteThrottleEvents; D15) */
static inline void ddb_part_refused(struct ddb *d, struct ddb_part *p,
				    int write)
{
	p->throttled++;
	p->s_throttled++;
	d->sec.side_throttled[write != 0]++;
}

/* ddb_isolate.c, hot-item isolation (D11) when d->t->isolate: the key
   value of hash h on partition i (one item: the table has no sort key)
   was asked asked mCU of side write by first attempts in the open
   second; above the partition's share, it moves to a partition of its
   own isolate_delay_s after the second (due in ddb_hsplit_due). */
void ddb_isolate_note(struct ddb *d, size_t i, uint64_t h, int write,
		      int64_t asked);
/* ddb_parts.c: partition i cut around key hash h, so that h alone has
   a partition: up to two splits at second t_s (reason
   PK_SPLIT_ISOLATE); how many */
int ddb_parts_isolate(struct ddb *d, size_t i, uint64_t h, int64_t t_s);
/* ddb_parts.c: whether partition i holds key hash h alone (its slice
   is [h, h + 1)) */
int ddb_parts_alone(const struct ddb *d, size_t i, uint64_t h);

/* ddb_snapshot.c: the service's snapshot (pk_service_ops.snapshot). */
void ddb_snapshot(const struct pk_service *s, const struct pk_scenario *sc,
		  struct pk_snapshot *out);

/* ddb_request.c: admit one request's reads (write 0: a Query's or
   Scan's page) or writes (1: a TransactWriteItems) on n partitions,
   units[parts[k]]
   mCU on partition parts[k] (distinct), all or nothing: a refusal
   undoes the units admitted before it (their sides as saved in
   d->q_save, room for n: ddb_query_scratch), counts its reason and
   puts the refused partition's index in parts in *refused. rq is the
   request (a first attempt: rq->retry 0). */
enum pk_ddb_verdict ddb_admit_many(struct ddb *d, int write,
				   const size_t *parts, const int64_t *units,
				   size_t n, const struct pk_svc_request *rq,
				   size_t *refused);

/* ddb_query.c: a scenario query on the table (reference §1, D1): one
   naming the partition key's value is a Query of that value's item
   collection, an IN list one Query per value, any other a Scan of every
   partition; answered at the open second into *out (zeroed by the
   caller). Keep key value key's (an item's primary key as ddb_items
   builds it: 2 bytes of the partition key's length, its bytes, then the
   sort key's) items: bytes and items added (negative: removed), when
   d->queries. Refuse at load what a table's Query cannot mean (a
   condition on the sort key): 0, or -1 with the error in diag. Free
   them. */
void ddb_query_apply(struct ddb *d, const struct pk_svc_request *rq,
		     struct pk_outcome *out);
void ddb_query_note(struct ddb *d, const unsigned char *key, int64_t bytes,
		    int64_t items);
int ddb_query_refuse(const struct pk_scenario *sc,
		     const struct pk_ddb_table_spec *t, struct pk_diag *diag);
void ddb_query_free(struct ddb *d);
/* ... room for n entries in q_parts, q_save, q_seg and q_key and for
   every partition in q_acc (zero between requests) */
void ddb_query_scratch(struct ddb *d, size_t n);

#endif
