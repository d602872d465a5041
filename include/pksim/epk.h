/*
 * epk: the effective partition key (EPK), the point in the hash space that
 * places a logical partition in a partition key range.
 *
 * pksim uses the service's hash V2 for every key (reference §7): the typed
 * components are encoded (string: 0x08, UTF-8 bytes, 0xFF; number: 0x05
 * and the little-endian IEEE-754 double; true 0x03; false 0x02; null 0x01;
 * undefined 0x00), hashed with MurmurHash3_x64_128 (seed 0), the 16 bytes
 * h1|h2 (little-endian) reversed, and the top two bits cleared.
 * An EPK is kept in binary: up to PK_EPK_MAX_BYTES bytes whose
 * lexicographic order (a shorter prefix first) equals the service's
 * ordinal order of the uppercase hex strings: "" < "15.." < "FF".
 * Left out here (issue 5): hash V1.
 */
#ifndef PKSIM_EPK_H
#define PKSIM_EPK_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/value.h"

/* Bytes of the longest EPK kept: three MultiHash levels of 16 bytes
   (reference §7: 32 hex characters per level, up to 96). */
#define PK_EPK_MAX_BYTES 48
/* Bytes of one V2 hash: 32 hex characters */
#define PK_EPK_V2_BYTES 16

/* An EPK in binary: len bytes of b (the hex string is 2 x len chars). */
struct pk_epk {
	uint8_t len;                 /* 0 .. PK_EPK_MAX_BYTES */
	uint8_t b[PK_EPK_MAX_BYTES]; /* bytes past len are zero */
};

/* "" : the minimum of the key space, the first range's inclusive start */
extern const struct pk_epk pk_epk_min;
/* "FF": the end of the key space, the last range's exclusive end. No V2
   EPK reaches it: their first byte is below 0x40. */
extern const struct pk_epk pk_epk_end;
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

/* The V2 EPK of n components (n >= 1). Source: reference §7, rule 23. */
struct pk_epk epk_hash_v2(const struct pk_value *components, size_t n);

/*
 * The MultiHash EPK of a hierarchical key (n = 1..3 levels): the V2 EPK
 * of each level on its own, concatenated (16 bytes a level). Its first 16
 * bytes equal the V2 EPK of level 1 alone, which is what prefix routing
 * needs. Source: reference §7 (MultiHash), rule 23.
 */
struct pk_epk epk_hash_multi(const struct pk_value *levels, size_t n);

/* <0, 0, >0 as a sorts before, equal to, or after b (ordinal order of
   the hex strings). */
int epk_cmp(const struct pk_epk *a, const struct pk_epk *b);

/* Characters epk_format needs, NUL included. */
#define PK_EPK_HEX_MAX (2 * PK_EPK_MAX_BYTES + 1)

/*
 * The EPK as the service writes it: uppercase hex, 2 characters a byte:
 * "" for the minimum, "FF" for the end. out holds PK_EPK_HEX_MAX bytes.
 */
void epk_format(const struct pk_epk *e, char out[PK_EPK_HEX_MAX]);

/*
 * The midpoint of [a, b) for a throughput split: both read as numbers of
 * max(len a, len b, 16) bytes (shorter ones padded with zero bytes), a +
 * (b - a) / 2 rounded down, with that many bytes. Requires a < b.
 */
struct pk_epk epk_midpoint(const struct pk_epk *a, const struct pk_epk *b);

/* The first 8 bytes as a fraction of 2^64 (0 .. 1), for widths. */
double epk_fraction(const struct pk_epk *e);

#endif
