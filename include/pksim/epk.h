/*
 * epk: the effective partition key (EPK), the point in the hash space that
 * places a logical partition in a partition key range.
 *
 * pksim uses the service's hash V2 for every key (reference §7): the typed
 * components are encoded (string: 0x08, UTF-8 bytes, 0xFF; number: 0x05
 * and the little-endian IEEE-754 double; true 0x03; false 0x02; null 0x01;
 * undefined 0x00), hashed with MurmurHash3_x64_128 (seed 0), the 16 bytes
 * h1|h2 (little-endian) reversed, and the top two bits cleared. The
 * result is kept in binary as two 64-bit words whose unsigned order equals
 * the ordinal order of the 32-character uppercase hex strings.
 * Left out here (issue 5): hash V1, MultiHash for hierarchical keys.
 */
#ifndef PKSIM_EPK_H
#define PKSIM_EPK_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/value.h"

/* A 128-bit EPK: hi holds bytes 0-7 (most significant first), lo 8-15. */
struct pk_epk {
	uint64_t hi;
	uint64_t lo;
};

/* "" : the minimum of the key space, the first range's inclusive start */
#define PK_EPK_MIN ((struct pk_epk){0, 0})
/* "FF": the end of the key space, the last range's exclusive end. No V2
   EPK reaches it: their first byte is below 0x40. */
#define PK_EPK_END ((struct pk_epk){UINT64_MAX, UINT64_MAX})
/* Exclusive end of the space V2 hashes reach: 0x40 followed by zeros. */
#define PK_EPK_V2_REACH ((struct pk_epk){0x4000000000000000ULL, 0})

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

/* <0, 0, >0 as a sorts before, equal to, or after b. */
int epk_cmp(struct pk_epk a, struct pk_epk b);

/*
 * The EPK as the service writes it: "" for PK_EPK_MIN, "FF" for PK_EPK_END,
 * otherwise 32 uppercase hex characters. out holds at least 33 bytes.
 */
void epk_format(struct pk_epk e, char out[33]);

/* a + (b - a) / 2, rounded down; requires a <= b. */
struct pk_epk epk_midpoint(struct pk_epk a, struct pk_epk b);

#endif
