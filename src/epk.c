/*
 * epk: MurmurHash3 and the V2 effective partition key.
 * Source: reference §7 (type markers, encoding, V2 steps); the
 * MurmurHash3 code follows Appleby's public-domain MurmurHash3.cpp.
 */
#include "pksim/epk.h"

#include <stdio.h>
#include <string.h>

enum {
	PK_EPK_MARK_UNDEFINED = 0x00,
	PK_EPK_MARK_NULL = 0x01,
	PK_EPK_MARK_FALSE = 0x02,
	PK_EPK_MARK_TRUE = 0x03,
	PK_EPK_MARK_NUMBER = 0x05,
	PK_EPK_MARK_STRING = 0x08,
	PK_EPK_V2_STRING_END = 0xFF, /* V2 string suffix; V1 uses 0x00 */
};

static uint64_t rotl64(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint32_t rotl32(uint32_t x, int r)
{
	return (x << r) | (x >> (32 - r));
}

static uint64_t get64le(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--) {
		v = (v << 8) | p[i];
	}
	return v;
}

static uint64_t fmix64(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	k ^= k >> 33;
	return k;
}

static uint32_t fmix32(uint32_t h)
{
	h ^= h >> 16;
	h *= 0x85ebca6bU;
	h ^= h >> 13;
	h *= 0xc2b2ae35U;
	h ^= h >> 16;
	return h;
}

void epk_murmur3_x64_128(const void *data, size_t len, uint32_t seed,
			 uint64_t *out1, uint64_t *out2)
{
	const unsigned char *p = data;
	const uint64_t c1 = 0x87c37b91114253d5ULL;
	const uint64_t c2 = 0x4cf5ad432745937fULL;
	uint64_t h1 = seed, h2 = seed, k1, k2;
	size_t nblocks = len / 16, i;
	const unsigned char *tail;

	for (i = 0; i < nblocks; i++) {
		k1 = get64le(p + i * 16);
		k2 = get64le(p + i * 16 + 8);
		k1 *= c1;
		k1 = rotl64(k1, 31);
		k1 *= c2;
		h1 ^= k1;
		h1 = rotl64(h1, 27);
		h1 += h2;
		h1 = h1 * 5 + 0x52dce729;
		k2 *= c2;
		k2 = rotl64(k2, 33);
		k2 *= c1;
		h2 ^= k2;
		h2 = rotl64(h2, 31);
		h2 += h1;
		h2 = h2 * 5 + 0x38495ab5;
	}
	tail = p + nblocks * 16;
	k1 = 0;
	k2 = 0;
	for (i = len & 15; i > 8; i--) {
		k2 ^= (uint64_t)tail[i - 1] << ((i - 9) * 8);
	}
	if ((len & 15) > 8) {
		k2 *= c2;
		k2 = rotl64(k2, 33);
		k2 *= c1;
		h2 ^= k2;
	}
	for (i = (len & 15) < 8 ? (len & 15) : 8; i > 0; i--) {
		k1 ^= (uint64_t)tail[i - 1] << ((i - 1) * 8);
	}
	if ((len & 15) > 0) {
		k1 *= c1;
		k1 = rotl64(k1, 31);
		k1 *= c2;
		h1 ^= k1;
	}
	h1 ^= (uint64_t)len;
	h2 ^= (uint64_t)len;
	h1 += h2;
	h2 += h1;
	h1 = fmix64(h1);
	h2 = fmix64(h2);
	h1 += h2;
	h2 += h1;
	*out1 = h1;
	*out2 = h2;
}

uint32_t epk_murmur3_x86_32(const void *data, size_t len, uint32_t seed)
{
	const unsigned char *p = data;
	const uint32_t c1 = 0xcc9e2d51U, c2 = 0x1b873593U;
	uint32_t h = seed, k;
	size_t nblocks = len / 4, i;
	const unsigned char *tail = p + nblocks * 4;

	for (i = 0; i < nblocks; i++) {
		k = (uint32_t)p[i * 4] | (uint32_t)p[i * 4 + 1] << 8 |
		    (uint32_t)p[i * 4 + 2] << 16 | (uint32_t)p[i * 4 + 3] << 24;
		k *= c1;
		k = rotl32(k, 15);
		k *= c2;
		h ^= k;
		h = rotl32(h, 13);
		h = h * 5 + 0xe6546b64U;
	}
	k = 0;
	switch (len & 3) {
	case 3:
		k ^= (uint32_t)tail[2] << 16;
		/* fall through */
	case 2:
		k ^= (uint32_t)tail[1] << 8;
		/* fall through */
	case 1:
		k ^= tail[0];
		k *= c1;
		k = rotl32(k, 15);
		k *= c2;
		h ^= k;
		break;
	default:
		break;
	}
	h ^= (uint32_t)len;
	return fmix32(h);
}

int epk_encode_v2(const struct pk_value *v, unsigned char *buf, size_t cap,
		  size_t *len)
{
	size_t n = *len;
	uint64_t bits;
	int i;

	switch (v->type) {
	case PK_VALUE_STRING:
		if (cap - n < v->len + 2) {
			return -1;
		}
		buf[n++] = PK_EPK_MARK_STRING;
		memcpy(buf + n, v->str, v->len);
		n += v->len;
		buf[n++] = PK_EPK_V2_STRING_END;
		break;
	case PK_VALUE_NUMBER:
		if (cap - n < 9) {
			return -1;
		}
		buf[n++] = PK_EPK_MARK_NUMBER;
		memcpy(&bits, &v->num, sizeof(bits));
		for (i = 0; i < 8; i++) {
			buf[n++] = (unsigned char)(bits >> (8 * i));
		}
		break;
	default:
		if (cap - n < 1) {
			return -1;
		}
		buf[n++] = v->type == PK_VALUE_NULL ? PK_EPK_MARK_NULL
			   : v->type == PK_VALUE_BOOL
			       ? (v->boolean ? PK_EPK_MARK_TRUE
					     : PK_EPK_MARK_FALSE)
			       : PK_EPK_MARK_UNDEFINED;
		break;
	}
	*len = n;
	return 0;
}

const struct pk_epk pk_epk_min = {0, {0}};
const struct pk_epk pk_epk_end = {1, {0xFF}};
const struct pk_epk pk_epk_v2_reach = {PK_EPK_V2_BYTES, {0x40}};

struct pk_epk epk_from_encoded_v2(const unsigned char *enc, size_t len)
{
	uint64_t h1, h2;
	struct pk_epk e;
	int i;

	memset(&e, 0, sizeof(e));
	epk_murmur3_x64_128(enc, len, 0, &h1, &h2);
	/* bytes h1(le)|h2(le) reversed = h2 big-endian then h1 big-endian */
	for (i = 0; i < 8; i++) {
		e.b[i] = (uint8_t)(h2 >> (56 - 8 * i));
		e.b[8 + i] = (uint8_t)(h1 >> (56 - 8 * i));
	}
	e.b[0] &= 0x3F; /* clear the top two bits (reference §7, V2 step 4) */
	e.len = PK_EPK_V2_BYTES;
	return e;
}

struct pk_epk epk_hash_v2(const struct pk_value *components, size_t n)
{
	unsigned char buf[3 * PK_EPK_ENCODED_MAX];
	size_t len = 0, i;

	for (i = 0; i < n; i++) {
		if (epk_encode_v2(&components[i], buf, sizeof(buf), &len)) {
			break; /* longer than any key pksim accepts */
		}
	}
	return epk_from_encoded_v2(buf, len);
}

struct pk_epk epk_hash_multi(const struct pk_value *levels, size_t n)
{
	struct pk_epk e, one;
	size_t i;

	memset(&e, 0, sizeof(e));
	for (i = 0; i < n && i < PK_EPK_MAX_BYTES / PK_EPK_V2_BYTES; i++) {
		one = epk_hash_v2(&levels[i], 1);
		memcpy(e.b + e.len, one.b, PK_EPK_V2_BYTES);
		e.len += PK_EPK_V2_BYTES;
	}
	return e;
}

int epk_cmp(const struct pk_epk *a, const struct pk_epk *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->b, b->b, n);

	if (c != 0) {
		return c < 0 ? -1 : 1;
	}
	return a->len == b->len ? 0 : (a->len < b->len ? -1 : 1);
}

void epk_format(const struct pk_epk *e, char out[PK_EPK_HEX_MAX])
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < e->len; i++) {
		out[2 * i] = hex[e->b[i] >> 4];
		out[2 * i + 1] = hex[e->b[i] & 15];
	}
	out[2 * e->len] = '\0';
}

struct pk_epk epk_midpoint(const struct pk_epk *a, const struct pk_epk *b)
{
	struct pk_epk m;
	unsigned sum[PK_EPK_MAX_BYTES];
	size_t n = a->len > b->len ? a->len : b->len, i;
	unsigned carry = 0;

	if (n < PK_EPK_V2_BYTES) {
		n = PK_EPK_V2_BYTES;
	}
	/* a + b, byte by byte from the end (bytes past len are zero) */
	for (i = n; i-- > 0;) {
		unsigned s = (unsigned)a->b[i] + b->b[i] + carry;

		sum[i] = s & 0xFF;
		carry = s >> 8;
	}
	/* halve the n + 1 byte number carry|sum */
	memset(&m, 0, sizeof(m));
	m.len = (uint8_t)n;
	for (i = 0; i < n; i++) {
		m.b[i] = (uint8_t)((carry << 7) | (sum[i] >> 1));
		carry = sum[i] & 1;
	}
	return m;
}

double epk_fraction(const struct pk_epk *e)
{
	double x = 0;
	int i;

	for (i = 7; i >= 0; i--) {
		x = (x + e->b[i]) / 256.0;
	}
	return x;
}
