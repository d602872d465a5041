/*
 * epk: the effective partition key (EPK), the point in the hash space that
 * places a logical partition in a partition key range.
 *
 * The typed components are encoded for hashing (string: 0x08, UTF-8
 * bytes, then 0xFF for V2 or 0x00 for V1; number: 0x05 and the
 * little-endian IEEE-754 double; true 0x03; false 0x02; null 0x01;
 * undefined 0x00). Reference §7:
 * - V2: MurmurHash3_x64_128 (seed 0), the 16 bytes h1|h2 (little-endian)
 *   reversed, the top two bits cleared. MultiHash: one V2 hash a level.
 * - V1: strings cut to 100 UTF-16 code units, MurmurHash3_x86_32 (seed 0),
 *   and the EPK is the *binary encoding* of [hash as a double, the cut
 *   components] (05C1...), of variable length.
 * - Range kind: the binary encoding of the components, no hash.
 * An EPK is kept in binary: up to PK_EPK_MAX_BYTES bytes whose
 * lexicographic order (a shorter prefix first) equals the service's
 * ordinal order of the uppercase hex strings: "" < "15.." < "FF".
 * Left out: the "Infinity" key (the service's "FF") as an input value.
 */
#ifndef PKSIM_EPK_H
#define PKSIM_EPK_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/value.h"
#include "pksim/service/keyspace.h"

/* Type markers of the hash encoding (reference §7): one byte before
   each component. */
enum pk_epk_mark {
	PK_EPK_MARK_UNDEFINED = 0x00,
	PK_EPK_MARK_NULL = 0x01,
	PK_EPK_MARK_FALSE = 0x02,
	PK_EPK_MARK_TRUE = 0x03,
	PK_EPK_MARK_NUMBER = 0x05,
	PK_EPK_MARK_STRING = 0x08,
	PK_EPK_V2_STRING_END = 0xFF, /* V2 string suffix */
	PK_EPK_V1_STRING_END = 0x00, /* V1 string suffix */
};

/* An EPK is a key-space position (keyspace.h: struct pk_epk, at most
   PK_EPK_MAX_BYTES, pk_epk_min, pk_epk_end, epk_cmp). */
/* Bytes of one V2 hash: 32 hex characters */
#define PK_EPK_V2_BYTES 16
/* Exclusive end of the space V2 hashes reach: 0x40 followed by 15 zero
   bytes. */
extern const struct pk_epk pk_epk_v2_reach;

/* Bytes the encoding of one component can take: marker + value + suffix */
#define PK_EPK_ENCODED_MAX (PK_VALUE_MAX_BYTES + 2)

/*
 * MurmurHash3_x64_128 (Austin Appleby, public domain; the variant in the
 * Cosmos SDKs' MurmurHash3.cs) of len bytes at data with seed. Writes the
 * two 64-bit halves h1, h2.
 */
void epk_murmur3_x64_128(const void *data, size_t len, uint32_t seed,
			 uint64_t *h1, uint64_t *h2);

/* MurmurHash3_x86_32 of len bytes at data with seed. */
uint32_t epk_murmur3_x86_32(const void *data, size_t len, uint32_t seed);

/*
 * Append the hash encoding of v (V2: strings end in 0xFF) to buf at *len,
 * where buf has cap bytes. Returns 0, or -1 if it does not fit (buf and
 * *len unchanged then).
 */
int epk_encode_v2(const struct pk_value *v, unsigned char *buf, size_t cap,
		  size_t *len);

/* The V2 EPK of already encoded bytes (epk_encode_v2 output). */
struct pk_epk epk_from_encoded_v2(const unsigned char *enc, size_t len);

/*
 * As epk_encode_v2 with the V1 string suffix 0x00. Strings are written
 * whole: the caller cuts them (epk_hash32_v1 does).
 */
int epk_encode_v1(const struct pk_value *v, unsigned char *buf, size_t cap,
		  size_t *len);

/* The V2 EPK of n components; n == 0 (the empty key) gives pk_epk_min.
   Any length is hashed whole. Source: reference §7, rule 23. */
struct pk_epk epk_hash_v2(const struct pk_value *components, size_t n);

/*
 * The MultiHash EPK of a hierarchical key (n = 1..4 levels, the fourth
 * only /id, rule 33; levels past 4 are ignored; n == 0 gives pk_epk_min): the
 * V2 EPK of each level on its own, concatenated (16 bytes a level). Its first
 * 16 bytes equal the V2 EPK of level 1 alone, which is what prefix routing
 * needs. Source: reference §7 (MultiHash), rule 23.
 */
struct pk_epk epk_hash_multi(const struct pk_value *levels, size_t n);

/*
 * The V1 hash of n components: MurmurHash3_x86_32 (seed 0) of their V1
 * encoding (epk_encode_v1), each string first cut to its first 100 UTF-16
 * code units. A cut through a surrogate pair keeps the lone high
 * surrogate, written as U+FFFD (ASSUMPTION: as .NET's UTF-8 encoder does).
 * Source: reference §7, V1 steps 1-3.
 */
uint32_t epk_hash32_v1(const struct pk_value *components, size_t n);

/*
 * The full V1 EPK of n components: the binary encoding of [the V1 hash as
 * a double, the cut components] (reference §7, V1 step 4), e.g. "redmond"
 * gives 05C1EFE313830C 087366656E706F6500. Writes at most cap bytes to out
 * (out may be NULL when cap is 0) and returns the length of the whole
 * EPK, which may exceed cap (as snprintf); n == 0 gives 0 (the minimum
 * EPK ""). Each component takes at most 102 bytes, the hash 10.
 */
size_t epk_v1_bytes(const struct pk_value *components, size_t n,
		    unsigned char *out, size_t cap);

/*
 * The V1 EPK for routing: the first PK_EPK_V1_ROUTE_BYTES (48) bytes of
 * epk_v1_bytes. ASSUMPTION: routing compares the first 48 bytes. The V1
 * range boundaries in the SDK tests are hash-prefix numbers such as
 * 05C1D5AB55AB50 (7 bytes), so keeping 48 never changes which range an
 * EPK falls in; only two keys equal in their first 48 bytes tie.
 */
struct pk_epk epk_hash_v1(const struct pk_value *components, size_t n);
#define PK_EPK_V1_ROUTE_BYTES 48

/*
 * The EPK of a Range-kind key: the binary encoding of the components
 * alone (no hash, strings not cut; the encoding keeps at most 101 bytes
 * of a string). Writes at most cap bytes to out and returns the whole
 * length, as epk_v1_bytes. Source: reference §7, V1 step 5 (.NET
 * PartitionKeyInternal for PartitionKind.Range).
 */
size_t epk_range_bytes(const struct pk_value *components, size_t n,
		       unsigned char *out, size_t cap);

/*
 * The V1 binary encoding of the number x alone (0x05, then the sortable
 * 7-bit groups): the form of a V1 EPK's hash prefix, and of the V1 range
 * boundaries the SDK tests show (05C1D5AB55AB50). Source: reference §7.
 */
struct pk_epk epk_v1_number(double x);

/*
 * The number at the start of a V1 EPK (its hash, or a boundary made by
 * epk_v1_number) into *x. Returns 0, or -1 when e does not start with a
 * V1 number encoding.
 */
int epk_v1_number_of(const struct pk_epk *e, double *x);

/* epk_format, PK_EPK_HEX_MAX and epk_fraction: keyspace.h */

/*
 * The midpoint of [a, b) for a throughput split: both read as numbers of
 * max(len a, len b, 16) bytes (shorter ones padded with zero bytes), a +
 * (b - a) / 2 rounded down, with that many bytes. Requires a < b.
 */
struct pk_epk epk_midpoint(const struct pk_epk *a, const struct pk_epk *b);

#endif
