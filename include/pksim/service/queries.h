/*
 * queries: what the stages that read a finished run ask its service, in
 * terms any partitioned store shares: how a key value reads (as text, as
 * JSON, as one typed value), the key value an item of the workload gets
 * and where it lies in the key space, the text of the time part a key
 * reads, how the key reads the items' properties, and what a write of
 * some bytes is charged. A service fills one table of functions
 * (pk_queries) and hands it out with its snapshot (snapshot.h,
 * pk_snapshot.queries); result/ and report/ call through it and never
 * include the service's own headers.
 *
 * Key values are named by their identity bytes (pk_snapshot_lp.key):
 * what the service keeps of one logical partition's key value, distinct
 * for distinct values. The key definition is the opaque struct pk_pkey
 * (keyspace.h) the snapshot lends (pk_snapshot.key); what a write costs
 * reads the service's own state (pk_snapshot.lps). Every function reads
 * only: the service outlives the result that calls them.
 */
#ifndef PKSIM_SERVICE_QUERIES_H
#define PKSIM_SERVICE_QUERIES_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/value.h"
#include "pksim/service/keyspace.h"

struct pk_scenario; /* load/scenario.h */
struct pk_workload; /* workload/workload.h */

/* Properties one key may read (levels or template references) */
#define PK_QUERY_KEY_REFS 16

/* How a key reads the items' properties, for a projection of each key
   value's share from the properties' distributions (result/runway). */
struct pk_key_reads {
	size_t n_refs;		     /* properties it reads, <=
					PK_QUERY_KEY_REFS */
	int prop[PK_QUERY_KEY_REFS]; /* each one's property index in the
					workload (workload_value_index), -1
					when no item has it */
	double spread;		     /* the share of one key value that one
					combination of the properties'
					values leaves, 0..1: 1 / span for
					each random part, 1 / N for each
					hash mod N of a unique property, 1
					for a key without either */
	int whole_unique;	     /* 1: the key reads a unique property
					whole, so every item is its own
					logical partition */
	uint64_t hash_mod[PK_QUERY_KEY_REFS]; /* each property read only
					through hash(p) mod N parts: the
					least N (one key value holds only
					the values of one hash); 0 when it
					is read whole or not so */
};

/* One item's key value (pk_queries.item_key). */
struct pk_key_item {
	int status;	   /* 0, or 400: not a valid key value (no
			      logical partition; id_len 0) */
	size_t id_len;	   /* identity bytes written to the caller's
			      buffer */
	struct pk_epk epk; /* where it lies in the key space */
};

struct pk_queries {
	/* The identity bytes (id, len) of a key value under key k as JSON
	   text, as the key built it: "dev-0042", 17, ["t1", "u7"],
	   undefined; into buf of cap bytes, NUL-terminated, cut to fit. */
	void (*key_text)(const struct pk_pkey *k, const unsigned char *id,
			 size_t len, char *buf, size_t cap);
	/* ... as valid JSON: a key of several levels with an undefined
	   level writes that level {} (key_text writes undefined). */
	void (*key_json)(const struct pk_pkey *k, const unsigned char *id,
			 size_t len, char *buf, size_t cap);
	/* The one typed value of a key value of one component into *out (a
	   string borrowed from id); returns 0, or -1 for a key value of
	   several components (key_json writes those). */
	int (*key_single)(const unsigned char *id, size_t len,
			  struct pk_value *out);
	/* 1: the key value is the undefined value (the items lack the
	   property), else 0. */
	int (*key_undefined)(const unsigned char *id, size_t len);
	/* The text of every time part key k reads at wall_s (Unix seconds,
	   UTC), into buf (cap bytes, NUL-terminated, cut to fit): two
	   instants give the same text exactly when an item created at each
	   lands in the same time bucket, all else equal; "" for a key that
	   reads no time. Returns the length written. */
	size_t (*time_text)(const struct pk_pkey *k,
			    const struct pk_scenario *sc, int64_t wall_s,
			    char *buf, size_t cap);
	/* The seconds over which time_text(k, sc, wall_s) holds still,
	   spans aligned to the epoch (at least 1): a caller stepping
	   through time formats again only when wall_s / span changes. */
	int64_t (*time_span_s)(const struct pk_pkey *k,
			       const struct pk_scenario *sc);
	/* How key k reads the properties of sc's items into *out. */
	void (*key_reads)(const struct pk_pkey *k, const struct pk_scenario *sc,
			  struct pk_key_reads *out);
	/* The key value of item `item` of workload w (generated from sc)
	   under key k: its identity bytes into id (cap >= id_max bytes),
	   the rest into *out. With wall_s non-NULL, the item's clock
	   properties read at *wall_s and its unique properties hidden (one
	   value for all), so key values differ only where the key's other
	   properties do: one key value less its time part. */
	void (*item_key)(const struct pk_pkey *k, const struct pk_scenario *sc,
			 const struct pk_workload *w, uint64_t item,
			 const int64_t *wall_s, unsigned char *id, size_t cap,
			 struct pk_key_item *out);
	/* How many key values the random parts of key k can give one item
	   (Azure Cosmos DB's rule 38: a reader who does not know the draw
	   looks under each), 1 for a key without one, UINT64_MAX when the
	   count does not fit. NULL for a service whose keys have none. */
	uint64_t (*random_values)(const struct pk_pkey *k);
	/* How many key values one item can take under key k for a
	   projection that tells them apart: random_values(k) times the
	   hash classes of each unique property k reads only through
	   {hash(p) mod N} parts (N for one such part), UINT64_MAX when the
	   count does not fit. NULL as random_values. */
	uint64_t (*spread_values)(const struct pk_pkey *k,
				  const struct pk_scenario *sc);
	/* item_key with each random part of k set to candidate pick's
	   value and each hashed unique property to a value of pick's
	   class (0 <= pick < spread_values(k, sc): the random parts'
	   digits first, the first part lowest, then the classes in the
	   order of the properties) instead of the item's own draw. NULL as
	   random_values. */
	void (*item_key_pick)(const struct pk_pkey *k,
			      const struct pk_scenario *sc,
			      const struct pk_workload *w, uint64_t item,
			      const int64_t *wall_s, uint64_t pick,
			      unsigned char *id, size_t cap,
			      struct pk_key_item *out);
	/* The hash class of value v under reference ref of key k (its
	   {hash(p) mod N} parts' residues, Azure Cosmos DB's
	   pkey_hash_class) into *cls; returns the classes there are, 0
	   when k reads ref through no hash. NULL for a service whose keys
	   have no hash parts. */
	uint64_t (*hash_class)(const struct pk_pkey *k, size_t ref,
			       const struct pk_value *v, uint64_t *cls);
	/* The key value under key k of an item whose property at each of
	   k's references ref is value index index[ref] of that property
	   (workload_value_at: a PATTERN's, LIST's or CONST's; index holds
	   one for each reference key_reads counts), its random parts
	   those of item 0: identity bytes into id (cap >= id_max bytes),
	   the rest into *out; out->status 400 when a reference's property
	   has no such value. For a projection that names a key value no
	   item of the run drew (result/runway: the newest value of a
	   `latest` draw). NULL for a service that cannot. */
	void (*value_key)(const struct pk_pkey *k, const struct pk_scenario *sc,
			  const struct pk_workload *w, const uint64_t *index,
			  unsigned char *id, size_t cap,
			  struct pk_key_item *out);
	size_t id_max; /* identity bytes of the longest key value */
	/* What the service charges a write (a create) of an item of bytes
	   bytes, mRU; lps is the snapshot's (pk_snapshot.lps). */
	int64_t (*write_mru)(const void *lps, uint64_t bytes);
	/* What the service charges a point read of an item of bytes bytes,
	   mRU; lps as write_mru's. NULL for a service that does not say. */
	int64_t (*read_mru)(const void *lps, uint64_t bytes);
	/* An item's own time to live from the value of its ttl property
	   (Azure Cosmos DB's rule 28: ttl_from_value, cosmos/spec.h): 0 with
	   *out its ttl, s (-1 never expires, 0 none of its own), or -1 for
	   a value the service refuses. NULL for a service whose items carry
	   none. */
	int (*item_ttl)(const struct pk_value *v, int64_t *out);
};

#endif
