/*
 * keyspace: what any partitioned store's key space and keys share, for
 * the stages that read a run without knowing its service (snapshot.h,
 * result/, report/): a position in the key space (pk_epk: bytes whose
 * order, memcmp with a shorter prefix first, is the key space's order,
 * from pk_epk_min to pk_epk_end) and how long a key value keeps
 * receiving writes when it moves on with time (pk_time_bucket). Azure
 * Cosmos DB's positions are its effective partition keys
 * (service/cosmos/epk.h: how they are hashed); a service without hashing
 * puts its logical partitions anywhere inside [pk_epk_min, pk_epk_end).
 * Pure data and one comparison: no service's rules.
 */
#ifndef PKSIM_SERVICE_KEYSPACE_H
#define PKSIM_SERVICE_KEYSPACE_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of the longest position kept: Azure Cosmos DB's MultiHash
   levels of 16 bytes (reference §7: 32 hex characters per level), four
   of them when a fourth level /id is allowed (rule 33). */
#define PK_EPK_MAX_BYTES 64

/* A key-space position in binary: len bytes of b (as hex, 2 x len
   characters). */
struct pk_epk {
	uint8_t len;		     /* 0 .. PK_EPK_MAX_BYTES */
	uint8_t b[PK_EPK_MAX_BYTES]; /* bytes past len are zero */
};

/* "" : the minimum of the key space, the first range's inclusive start */
extern const struct pk_epk pk_epk_min;
/* "FF": the end of the key space, the last range's exclusive end. No
   Azure Cosmos DB V2 EPK reaches it: their first byte is below 0x40. */
extern const struct pk_epk pk_epk_end;

/* <0, 0, >0 as a sorts before, equal to, or after b (the bytes' order, a
   shorter prefix first: the ordinal order of the hex strings). */
int epk_cmp(const struct pk_epk *a, const struct pk_epk *b);

/* Characters epk_format needs, NUL included. */
#define PK_EPK_HEX_MAX (2 * PK_EPK_MAX_BYTES + 1)

/*
 * A position as Azure Cosmos DB writes its EPKs: uppercase hex, 2
 * characters a byte: "" for the minimum, "FF" for the end. out holds
 * PK_EPK_HEX_MAX bytes.
 */
void epk_format(const struct pk_epk *e, char out[PK_EPK_HEX_MAX]);

/* The first 8 bytes as a fraction of 2^64 (0 .. 1), for widths. */
double epk_fraction(const struct pk_epk *e);

/* The lengths a time bucket takes, s (a month and a year at their
   longest, so a bucket's reach is said only when even the longest stays
   under the cap) */
#define PK_BUCKET_MINUTE_S INT64_C(60)
#define PK_BUCKET_HOUR_S INT64_C(3600)
#define PK_BUCKET_DAY_S INT64_C(86400)
#define PK_BUCKET_WEEK_S (7 * PK_BUCKET_DAY_S)
#define PK_BUCKET_MONTH_S (31 * PK_BUCKET_DAY_S)
#define PK_BUCKET_YEAR_S (366 * PK_BUCKET_DAY_S)

/* How long one key value keeps receiving writes when the value moves on
   with time (Azure Cosmos DB: pkey_time_bucket). */
struct pk_time_bucket {
	int64_t len_s;	      /* the time one value lasts: a day for a date,
				 an hour for {hour(ts)} or "%H", a month, a
				 year...; 0 when the key's values do not move
				 on with time */
	int64_t period_s;     /* a value that comes back (a weekday, an hour
				 of the day): every period_s s, len_s of
				 which it receives writes; 0 when it never
				 comes back (the format holds the year or
				 the epoch); for a hash of a time (hash_values
				 > 0) the fullest value's mean time between
				 its turns, len_s / hash_share rounded */
	uint64_t hash_values; /* > 0: every time part of the key is a
				 hash of a time ({hash(d) mod N}, d a
				 generated clock): the values it takes (the
				 N, multiplied over such parts), each current
				 in the buckets whose time text hashes to it,
				 not in turn; 0 a plain time */
	double hash_share;    /* hash_values > 0: the share of the time the
				 fullest value is current, 0..1 */
};

/* Where a query goes in the key space: the reports count queries by it */
enum pk_route_kind {
	PK_ROUTE_SINGLE = 0, /* the full key: one logical partition */
	PK_ROUTE_TARGETED,   /* a key prefix or an IN list: some ranges */
	PK_ROUTE_FANOUT,     /* no usable key filter: every range */
};

/* A service's key definition, opaque to the stages that only pass it
   back to the service's own functions (Azure Cosmos DB's is in
   service/cosmos/pkey.h) */
struct pk_pkey;

#endif
