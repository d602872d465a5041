/*
 * pkey: the partition key definition, the value it takes from an item,
 * the rules a key value obeys, and how a query's filter routes.
 *
 * Three kinds of key (scenario.h struct pk_key_spec):
 * - a path ("/deviceId", "/address/city"): the item's property there;
 * - hierarchical (2-3 paths, MultiHash): each level hashed on its own and
 *   the hashes concatenated, so all items of one level-1 value sort
 *   together (reference §6, §7);
 * - synthetic: a template over properties, built into one string value
 *   (seed 000, 002): `{name}` a property, `{random A..B}` a number drawn
 *   for each item from the seeded generator, `{hash(name) mod N}` FNV-1a
 *   32-bit of the value's UTF-8 bytes (offset basis 2166136261, prime
 *   16777619) modulo N, `{crc32(name) mod N}` the CRC-32 of the same
 *   bytes (zlib's crc32, check value 0xCBF43926) modulo N, and the
 *   timestamp parts `{day(ts)}` (YYYY-MM-DD),
 *   `{month(ts)}` (YYYY-MM), `{year(ts)}` (YYYY), `{weekday(ts)}`
 *   (Monday..Sunday) and `{hour(ts)}` (YYYY-MM-DDTHH), all UTC, of a
 *   property holding epoch seconds or an ISO 8601 time.
 *
 * Rules (reference §3): a key value is a string, number,
 * true/false or null; an object or array is rejected (400). An item
 * without the property has the undefined value and goes to the single
 * "undefined" logical partition, as in the service (D-PART). A value is at
 * most 2,048 bytes (D-LIMITS; 400 above). With definition version 1 only
 * the first 100 characters (UTF-16 code units) of a string are hashed
 * (D-LPK): values sharing those are one logical partition.
 *
 * A logical partition is identified by its identity bytes: the typed
 * encoding (epk_encode_v2) of each component, concatenated; under version
 * 1 of the cut components. Distinct values never share identity bytes
 * (string encodings end in 0xFF, which UTF-8 never holds).
 *
 * A key with exact_numbers (an Amazon DynamoDB table's and its indexes':
 * DynamoDB keeps 38 significant digits and compares numbers by value)
 * encodes a number whose double does not keep it (decimal_fits_double,
 * so a value with text, value.h) as PK_KEY_MARK_DECIMAL, its decimal
 * text (decimal_format) and 0xFF, and every other number as its double,
 * as above: one value, one encoding ("1", "1.0", "1e0" the double 1),
 * and 9007199254740993 apart from 9007199254740992. Azure Cosmos DB
 * hashes a number as its double (reference §7), so a container's key
 * keeps the double alone.
 */
#ifndef PKSIM_PKEY_H
#define PKSIM_PKEY_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/epk.h"
#include "pksim/service/keyspace.h"

struct pk_workload; /* workload.h */

/* D-LIMITS: a partition key value is at most 2,048 bytes */
#define PK_KEY_MAX_VALUE_BYTES 2048
/* D-LPK: hash V1 uses the first 100 characters of a string */
#define PK_KEY_V1_CHARS 100
/* Identity bytes of the longest key: 3 levels of a 2,048-byte value plus
   marker and suffix each */
#define PK_KEY_ID_MAX (PK_KEY_MAX_LEVELS * (PK_KEY_MAX_VALUE_BYTES + 2))
/* Properties one key may read (levels or template references) */
#define PK_KEY_MAX_REFS 16
/* Identity marker of a number kept as its decimal text (exact_numbers);
   no epk marker (epk.h) takes it */
#define PK_KEY_MARK_DECIMAL 0x06

enum pk_tpl_kind {
	PK_TPL_TEXT = 0, /* literal text */
	PK_TPL_PROP,	 /* {name} */
	PK_TPL_RANDOM,	 /* {random A..B} */
	PK_TPL_HASH,	 /* {hash(name) mod N} */
	PK_TPL_CRC32,	 /* {crc32(name) mod N} */
	PK_TPL_DAY,	 /* {day(ts)} */
	PK_TPL_MONTH,
	PK_TPL_YEAR,
	PK_TPL_WEEKDAY,
	PK_TPL_HOUR,
};

struct pk_tpl_part {
	enum pk_tpl_kind kind;
	char *text;    /* TEXT: owned literal */
	size_t ref;    /* PROP, HASH, DAY..HOUR: index into refs */
	uint64_t a, b; /* RANDOM: A..B; HASH, CRC32: N in b */
};

struct pk_pkey {
	enum pk_key_kind kind;
	int version;		       /* 1 or 2 */
	char *text;		       /* owned; the key as written */
	char *refs[PK_KEY_MAX_REFS];   /* owned; property paths read */
	size_t n_refs;		       /* PATH: 1; HIERARCHICAL: levels */
	int ref_prop[PK_KEY_MAX_REFS]; /* workload property index per ref,
					  -1 when no item has it */
	struct pk_tpl_part *parts;     /* SYNTHETIC: owned template */
	size_t n_parts;
	int has_random;	   /* SYNTHETIC with a {random A..B} of B > A: a
			      reader cannot compute the key (rule 38) */
	uint64_t seed;	   /* run seed, for {random ..} */
	int exact_numbers; /* 1: numbers by their decimal value (above),
			      and a template writes a number with text
			      as that text; 0 (pkey_new's): by double */
	int no_epk;	   /* 1: pkey_build leaves out->epk pk_epk_min
			      (an Amazon DynamoDB key, placed by its own
			      hash of the identity bytes, not by an EPK);
			      0 (pkey_new's): the EPK is computed */
};

/* Where pkey reads one item's properties. */
struct pk_item_source {
	/*
	 * Write the value of reference ref (k->refs[ref]) into *out; string
	 * bytes go into buf (cap >= PK_VALUE_MAX_BYTES). A missing property
	 * is PK_VALUE_UNDEFINED. Returns 0, or -1 when the value is an object
	 * or array (not a key value).
	 */
	int (*get)(const struct pk_item_source *src, size_t ref,
		   struct pk_value *out, char *buf, size_t cap);
	const struct pk_pkey *key;
	const void *ctx; /* the source's own data */
	uint64_t item;	 /* the item's number, for {random ..} */
};

/* One item's key, built. */
struct pk_keyval {
	int status;			 /* 0, or 400: not a valid key value */
	const char *why;		 /* with 400: a static explanation */
	size_t id_len;			 /* bytes in id */
	struct pk_epk epk;		 /* where it lies in the key space */
	unsigned char id[PK_KEY_ID_MAX]; /* identity bytes (see above) */
};

/*
 * The key cs defines, over the items of sc generated by w (w may be NULL
 * when no workload is used, e.g. for `pksim locate`: ref_prop is then
 * -1). seed feeds {random ..}. Returns NULL with errors in diag (at the
 * key's place in sc->file) when: a template does not parse or uses more
 * than PK_KEY_MAX_REFS properties; a path names an object (a property
 * nested under it exists). Whether the items have the properties the key
 * reads is keycheck's question (keycheck.h). Caller frees.
 */
struct pk_pkey *pkey_new(const struct pk_container_spec *cs,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w, uint64_t seed,
			 struct pk_diag *diag);

/* Free k; NULL is allowed. */
void pkey_free(struct pk_pkey *k);

/* A source reading item `item` of workload w for key k. */
void pkey_source_workload(const struct pk_pkey *k, const struct pk_workload *w,
			  uint64_t item, struct pk_item_source *src);

/*
 * A source reading the JSON object obj (a jansson json_t *, borrowed) for
 * key k, as item number `item` (for {random ..}). Nested paths walk
 * objects; integers read as doubles (the service hashes numbers as
 * IEEE-754 doubles, reference §7).
 */
void pkey_source_json(const struct pk_pkey *k, const void *obj, uint64_t item,
		      struct pk_item_source *src);

/*
 * Build the key of the item src reads into *out: identity bytes, EPK
 * (V2, V1 or MultiHash; pk_epk_min when k->no_epk), and status 400 with
 * a reason when the value is not a valid key value.
 */
void pkey_build(const struct pk_pkey *k, const struct pk_item_source *src,
		struct pk_keyval *out);

/* pkey_build_pick's pick that means "the item's own random draws" */
#define PK_PICK_DRAWN UINT64_MAX

/*
 * How many key values the random parts of k can give one item: the
 * product of the spans B - A + 1 of its {random A..B} parts ({date}.
 * {random 1..400}: 400; {random 1..4}-{random 1..10}: 40); 1 for a key without
 * a random part; UINT64_MAX when the product does not fit. Rule 38
 * (D-SUFFIX-READ): a reader who does not know the draw must look for the
 * item under each of them.
 */
uint64_t pkey_random_values(const struct pk_pkey *k);

/*
 * The hash class of value v under reference ref of synthetic key k: the
 * residues of k's {hash(p) mod N} and {crc32(p) mod N} parts that read
 * ref, each of v's text as pkey_build hashes it, as one number in the
 * mixed radix of their N's (the first part lowest) into *cls. Returns
 * the classes there are (the N's product, *cls below it), or 0 when k
 * has no such part for ref (then *cls is 0) or the product passes
 * UINT32_MAX. Two values of one class give an item the same key value
 * wherever the key reads ref only through those parts.
 */
uint64_t pkey_hash_class(const struct pk_pkey *k, size_t ref,
			 const struct pk_value *v, uint64_t *cls);

/*
 * pkey_build with each random part of k set to candidate pick's value
 * instead of the item's draw: pick (0 <= pick < pkey_random_values(k))
 * read in the mixed radix of the parts' spans, the first part lowest
 * ({date}.{random 1..400}: pick 0 is "{date}.1", pick 399 "{date}.400").
 * The other parts are the item's, as pkey_build builds them. A pick out
 * of range is a bug (aborts).
 */
void pkey_build_pick(const struct pk_pkey *k, const struct pk_item_source *src,
		     uint64_t pick, struct pk_keyval *out);

/*
 * The key value as JSON text, as the template or path built it:
 * "dev-0042", 17, ["t1", "u7"], undefined. From identity bytes (id,
 * len); buf of cap bytes, NUL-terminated, truncated if needed.
 */
void pkey_format_id(const struct pk_pkey *k, const unsigned char *id,
		    size_t len, char *buf, size_t cap);

/*
 * pkey_format_id as valid JSON for a hierarchical key: an undefined level
 * (the item lacks that property; the SDKs' None value,
 * PartitionKey.None / PartitionKeyBuilder.AddNoneType in .NET,
 * addNoneValue in JavaScript, whose NonePartitionKeyType is the empty
 * object) is written {}: ["t3", {}], never null (a null level is the
 * value null). A single-component key as pkey_format_id.
 */
void pkey_format_id_json(const struct pk_pkey *k, const unsigned char *id,
			 size_t len, char *buf, size_t cap);

/*
 * The one typed value held in a single-component identity (a PATH or
 * SYNTHETIC key); a string's str points into id (borrowed). Returns 0, or
 * -1 for a hierarchical identity.
 */
int pkey_decode_single(const unsigned char *id, size_t len,
		       struct pk_value *out);

/* 1 if the identity is the undefined value (no such property), else 0. */
int pkey_id_is_undefined(const unsigned char *id, size_t len);

/* FNV-1a 32-bit over len bytes (offset basis 2166136261, prime
   16777619): the stable hash of {hash(name) mod N}. */
uint32_t pkey_fnv1a32(const void *data, size_t len);

/* CRC-32 over len bytes as zlib's crc32() computes it (the ISO-HDLC
   CRC of gzip, PNG and Python's zlib.crc32: reflected polynomial
   0xEDB88320, initial and final XOR 0xFFFFFFFF; "123456789" gives
   0xCBF43926): the hash of {crc32(name) mod N}. */
uint32_t pkey_crc32(const void *data, size_t len);

/* ---- time buckets (pkey_bucket.c) ---- */

/* Lengths of calendar units, s. ASSUMPTION: a month is its longest (31
   days) and a year a leap year (366 days), so "bounded" (result.h) is
   said only when even the longest bucket stays under the cap. */
/* PK_BUCKET_MINUTE_S .. PK_BUCKET_YEAR_S: service/keyspace.h */

/* struct pk_time_bucket: how long one key value keeps receiving writes
   (service/keyspace.h, for the stages that read a run). */

/*
 * The time bucket of key k over the items of sc into *out. Time parts are
 * a template's {day(ts)}, {month(ts)}, {year(ts)}, {hour(ts)} and
 * {weekday(ts)} (their strftime formats, pkey_template.c), and each
 * generated clock property of sc the key reads (a path, a level or a
 * template {name}), by its format's conversions: %Y %G %y %g %C %F %D %x
 * %s %c hold the year or the epoch (never come back); %m %b %B %h a
 * month (back every year), %d %e a day (every month), %j a day (every
 * year), %a %A %u %w a day (every week), %U %W %V a week (every year), %H
 * %k an hour (every day), %I %l an hour (every 12 h), %p half a day
 * (every day), %M a minute (every hour), %R a minute, %S a second (every
 * minute), %T %r %X a second (every day). Over several conversions and
 * parts: len_s the shortest; period_s 0 when any never comes back, else
 * the longest (ASSUMPTION: "%A %d" comes back when both do, irregularly;
 * pksim takes the longer cycle, a month, which makes it fill sooner).
 * {random ..} and other parts are not times. A key whose time parts
 * are all {hash(d) mod N} or {crc32(d) mod N} of generated clocks d has
 * hash_values (the N) set: a value is current in the buckets of d's
 * format whose text hashes to it (len_s d's), comes back irregularly,
 * and hash_share is the fullest value's share of the time, counted over
 * one cycle of a format that comes back (at most 86,400 of its buckets)
 * from sc's clock start, else 1 / N (ASSUMPTION: texts that never come
 * back hash evenly); period_s is len_s / hash_share. Beside a plain time
 * part such a hash is not a time. Never fails.
 */
void pkey_time_bucket(const struct pk_pkey *k, const struct pk_scenario *sc,
		      struct pk_time_bucket *out);

/*
 * The text of every time part key k reads (pkey_time_bucket's formats:
 * its template's time parts, its generated clock properties) at wall_s
 * (Unix seconds, UTC), one after another, into buf (cap bytes,
 * NUL-terminated, cut to fit): two instants give the same text exactly
 * when an item created at each lands in the same bucket, all else equal
 * ("Thursday" for a "%A" clock; a key of hashes of a time,
 * pkey_time_bucket's hash_values, writes the value they give after a
 * hash sign). "" when the key reads no time. For a projection stepping
 * through time (result/runway.h). Returns the length written.
 */
size_t pkey_time_text(const struct pk_pkey *k, const struct pk_scenario *sc,
		      int64_t wall_s, char *buf, size_t cap);

/*
 * The seconds over which pkey_time_text(k, sc, wall_s) holds still, spans
 * aligned to the epoch: the shortest isotime_format_span_s of the formats
 * it writes (86,400 for a key that reads no time). A projection stepping
 * through time formats again only when wall_s / span changes (strftime is
 * JavaScript in the browser's build, and a runway steps 43,824 hours).
 * Never fails; at least 1.
 */
int64_t pkey_time_span_s(const struct pk_pkey *k, const struct pk_scenario *sc);

/* ---- query routing (reference §6, rules 21 and 22) ---- */

/* enum pk_route_kind: where a query goes (service/keyspace.h) */

/* Where a query goes. The arrays are owned and grow as pkey_route needs
   (an IN list has up to PK_QUERY_MAX_IN values): zero the struct once,
   reuse it for every query, pkey_route_free it at the end. */
struct pk_route {
	enum pk_route_kind kind;
	size_t n;	      /* SINGLE, TARGETED: intervals */
	struct pk_epk *lo;    /* n entries, inclusive */
	struct pk_epk *hi;    /* n entries: inclusive for a point (lo == hi),
				 exclusive for a prefix */
	int *point;	      /* n entries, 1: a single EPK */
	size_t cap;	      /* entries the three arrays hold */
	struct pk_keyval *kv; /* owned scratch for building keys */
};

/* Release r's arrays; r is an empty route afterwards. NULL is allowed. */
void pkey_route_free(struct pk_route *r);

/*
 * Route query q whose condition values come from items: for an equality
 * or a prefix the item src_items[0] reads; for an IN list the n_items
 * items (1..PK_QUERY_MAX_IN). out is a zeroed or reused route (above).
 * Rules: the full key (every level or every
 * template property equal) -> one point; a leading prefix of a
 * hierarchical key -> the interval [EPK(prefix), EPK(prefix) + "FF");
 * an IN list on the key -> one point (or prefix) per value; anything
 * else (STARTSWITH or a range on the key, a filter without level 1, a
 * synthetic key with a {random ..} part) -> fan-out. ASSUMPTION: pksim
 * fans a query out rather than trying every random suffix.
 */
void pkey_route(const struct pk_pkey *k, const struct pk_query_spec *q,
		const struct pk_item_source *src_items, size_t n_items,
		struct pk_route *out);

#endif
