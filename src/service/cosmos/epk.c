/*
 * epk: MurmurHash3, the V1 and V2 effective partition keys, MultiHash and
 * the binary encoding (Range kind, and the V1 EPK's body).
 * Source: reference §7 (type markers, encoding, V1 and V2 steps); the
 * MurmurHash3 code follows Appleby's public-domain MurmurHash3.cpp.
 */
#include "pksim/service/cosmos/epk.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* V1 cuts each string to its first 100 UTF-16 code units before hashing
   (reference §7, V1 step 1; .NET StringPartitionKeyComponent's
   MaxStringChars) */
#define PK_EPK_V1_MAX_CHARS 100
/* The binary encoding writes a string whole (and a 0x00 end) up to 100
   UTF-8 bytes, else exactly 101 bytes and no end (reference §7, V1 step 4;
   .NET MaxStringBytesToAppend) */
#define PK_EPK_BIN_MAX_STRING 100
/* Bytes of a V1-cut string: 100 code units of at most 3 UTF-8 bytes each
   (a 4-byte sequence is 2 code units) */
#define PK_EPK_V1_CUT_BYTES (3 * PK_EPK_V1_MAX_CHARS)
/* UTF-8 of U+FFFD, which .NET's and JS's UTF-8 encoders write for a lone
   surrogate */
static const unsigned char utf8_replacement[3] = {0xEF, 0xBF, 0xBD};

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

/* The type marker of a null, boolean or undefined value. */
static unsigned char marker_of(const struct pk_value *v)
{
	if (v->type == PK_VALUE_NULL) {
		return PK_EPK_MARK_NULL;
	}
	if (v->type == PK_VALUE_BOOL) {
		return v->boolean ? PK_EPK_MARK_TRUE : PK_EPK_MARK_FALSE;
	}
	return PK_EPK_MARK_UNDEFINED;
}

/* The hash encoding of v with string suffix end (0xFF V2, 0x00 V1). */
static int encode_hashed(const struct pk_value *v, unsigned char end,
			 unsigned char *buf, size_t cap, size_t *len)
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
		buf[n++] = end;
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
		buf[n++] = marker_of(v);
		break;
	}
	*len = n;
	return 0;
}

int epk_encode_v2(const struct pk_value *v, unsigned char *buf, size_t cap,
		  size_t *len)
{
	return encode_hashed(v, PK_EPK_V2_STRING_END, buf, cap, len);
}

int epk_encode_v1(const struct pk_value *v, unsigned char *buf, size_t cap,
		  size_t *len)
{
	return encode_hashed(v, PK_EPK_V1_STRING_END, buf, cap, len);
}

/* Bytes the hash encoding of v takes (encode_hashed's output). */
static size_t encoded_size(const struct pk_value *v)
{
	switch (v->type) {
	case PK_VALUE_STRING:
		return v->len + 2;
	case PK_VALUE_NUMBER:
		return 1 + sizeof(double); /* marker, little-endian double */
	default:
		return 1;
	}
}

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
	unsigned char stack[3 * PK_EPK_ENCODED_MAX], *buf = stack;
	size_t len = 0, cap = 0, i;
	struct pk_epk e;
	int rc;

	if (n == 0) {
		return pk_epk_min; /* the empty key (.NET: EmptyPartitionKey) */
	}
	for (i = 0; i < n; i++) {
		cap += encoded_size(&components[i]);
	}
	if (cap > sizeof(stack)) {
		buf = xmalloc(cap); /* longer than any key the service takes */
	}
	for (i = 0; i < n; i++) {
		rc = epk_encode_v2(&components[i], buf, cap, &len);
		assert(rc == 0);
		(void)rc;
	}
	e = epk_from_encoded_v2(buf, len);
	if (buf != stack) {
		free(buf);
	}
	return e;
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

/* ---- binary encoding (Range kind, and the V1 EPK) ---- */

/* Output that counts past its capacity, as snprintf does. */
struct bin_sink {
	unsigned char *out; /* cap bytes; may be NULL when cap is 0 */
	size_t cap;	    /* bytes out holds */
	size_t len;	    /* bytes written so far, counting those past cap */
};

static void sink_put(struct bin_sink *s, unsigned char b)
{
	if (s->len < s->cap) {
		s->out[s->len] = b;
	}
	s->len++;
}

/*
 * A number: the marker, the top byte of the order-preserving 64-bit
 * pattern, then 7 bits at a time, high bits first, each byte with its low
 * bit set except the last. Reference §7, V1 step 4; the loop mirrors .NET
 * NumberPartitionKeyComponent.WriteForBinaryEncoding, which always writes
 * at least one byte after the top byte (2.0 is 05 C0 00).
 */
static void bin_number(struct bin_sink *s, double num)
{
	uint64_t u;
	unsigned char b;

	memcpy(&u, &num, sizeof(u));
	/* sign clear: flip it; sign set: two's-complement negation, so the
	   unsigned order of u is the numeric order of num */
	u = (u >> 63) == 0 ? u ^ (UINT64_C(1) << 63) : ~u + 1;
	sink_put(s, PK_EPK_MARK_NUMBER);
	sink_put(s, (unsigned char)(u >> 56));
	u <<= 8;
	do {
		b = (unsigned char)((u >> 56) | 0x01);
		u <<= 7;
		if (u != 0) {
			sink_put(s, b);
		}
	} while (u != 0);
	sink_put(s, (unsigned char)(b & 0xFE));
}

/* A string: the marker, each UTF-8 byte plus one (0xFF stays), whole with
   a 0x00 end up to 100 bytes, else its first 101 bytes and no end. */
static void bin_string(struct bin_sink *s, const char *str, size_t len)
{
	const unsigned char *p = (const unsigned char *)str;
	int whole = len <= PK_EPK_BIN_MAX_STRING;
	size_t n = whole ? len : PK_EPK_BIN_MAX_STRING + 1, i;

	sink_put(s, PK_EPK_MARK_STRING);
	for (i = 0; i < n; i++) {
		sink_put(s, p[i] < 0xFF ? (unsigned char)(p[i] + 1) : 0xFF);
	}
	if (whole) {
		sink_put(s, 0x00);
	}
}

static void bin_value(struct bin_sink *s, const struct pk_value *v)
{
	switch (v->type) {
	case PK_VALUE_STRING:
		bin_string(s, v->str, v->len);
		break;
	case PK_VALUE_NUMBER:
		bin_number(s, v->num);
		break;
	default:
		sink_put(s, marker_of(v)); /* null, booleans, undefined */
		break;
	}
}

size_t epk_range_bytes(const struct pk_value *components, size_t n,
		       unsigned char *out, size_t cap)
{
	struct bin_sink s = {out, cap, 0};
	size_t i;

	for (i = 0; i < n; i++) {
		bin_value(&s, &components[i]);
	}
	return s.len;
}

/*
 * Bytes and UTF-16 code units of the UTF-8 sequence at p (at most left
 * bytes). ASSUMPTION: strings are valid UTF-8 (jansson and libyaml check);
 * a stray byte counts as one byte and one unit.
 */
static size_t utf8_seq(const unsigned char *p, size_t left, int *units)
{
	size_t k = *p < 0x80	? 1
		   : *p >= 0xF0 ? 4
		   : *p >= 0xE0 ? 3
		   : *p >= 0xC0 ? 2
				: 1;

	*units = k == 4 ? 2 : 1; /* a 4-byte sequence is a surrogate pair */
	return k <= left ? k : left;
}

/*
 * The V1 cut of v (reference §7, V1 step 1): strings longer than 100
 * UTF-16 code units keep their first 100. A cut between the halves of a
 * surrogate pair leaves a lone high surrogate, which .NET (and JS) write
 * in UTF-8 as U+FFFD. ASSUMPTION: the service does as .NET does (Java's
 * getBytes would write '?'). Writes the cut string into buf when it
 * changes; out borrows v's string or buf.
 */
static void v1_cut(const struct pk_value *v, struct pk_value *out,
		   char buf[PK_EPK_V1_CUT_BYTES])
{
	const unsigned char *p = (const unsigned char *)v->str;
	size_t i = 0, n = 0, k;
	int units = 0, u;

	*out = *v;
	if (v->type != PK_VALUE_STRING || v->len <= PK_EPK_V1_MAX_CHARS) {
		return; /* at most 100 bytes: at most 100 code units */
	}
	while (i < v->len && units < PK_EPK_V1_MAX_CHARS) {
		k = utf8_seq(p + i, v->len - i, &u);
		if (units + u > PK_EPK_V1_MAX_CHARS) {
			memcpy(buf + n, utf8_replacement, 3);
			n += 3;
			break;
		}
		memcpy(buf + n, p + i, k);
		n += k;
		i += k;
		units += u;
	}
	if (i < v->len) {
		out->str = buf;
		out->len = n;
	}
}

uint32_t epk_hash32_v1(const struct pk_value *components, size_t n)
{
	/* room for 8 cut strings; longer keys are encoded on the heap */
	unsigned char stack[8 * (PK_EPK_V1_CUT_BYTES + 2)], *buf = stack;
	char cut_buf[PK_EPK_V1_CUT_BYTES];
	struct pk_value cut;
	size_t len = 0, cap = 0, i;
	uint32_t h;
	int rc;

	if (n == 0) {
		return epk_murmur3_x86_32("", 0, 0);
	}
	for (i = 0; i < n; i++) {
		v1_cut(&components[i], &cut, cut_buf);
		cap += encoded_size(&cut);
	}
	if (cap > sizeof(stack)) {
		buf = xmalloc(cap);
	}
	for (i = 0; i < n; i++) {
		v1_cut(&components[i], &cut, cut_buf);
		rc = epk_encode_v1(&cut, buf, cap, &len);
		assert(rc == 0);
		(void)rc;
	}
	h = epk_murmur3_x86_32(buf, len, 0);
	if (buf != stack) {
		free(buf);
	}
	return h;
}

size_t epk_v1_bytes(const struct pk_value *components, size_t n,
		    unsigned char *out, size_t cap)
{
	struct bin_sink s = {out, cap, 0};
	char cut_buf[PK_EPK_V1_CUT_BYTES];
	struct pk_value cut;
	size_t i;

	if (n == 0) {
		return 0; /* the empty key: the minimum EPK "" */
	}
	bin_number(&s, (double)epk_hash32_v1(components, n));
	for (i = 0; i < n; i++) {
		v1_cut(&components[i], &cut, cut_buf);
		bin_value(&s, &cut);
	}
	return s.len;
}

struct pk_epk epk_hash_v1(const struct pk_value *components, size_t n)
{
	struct pk_epk e;
	size_t len;

	memset(&e, 0, sizeof(e));
	len = epk_v1_bytes(components, n, e.b, PK_EPK_V1_ROUTE_BYTES);
	e.len = (uint8_t)(len < PK_EPK_V1_ROUTE_BYTES ? len
						      : PK_EPK_V1_ROUTE_BYTES);
	return e;
}

struct pk_epk epk_v1_number(double x)
{
	struct pk_value v = {PK_VALUE_NUMBER, NULL, 0, x, 0};
	unsigned char buf[PK_EPK_MAX_BYTES];
	struct pk_epk e;
	size_t n = epk_range_bytes(&v, 1, buf, sizeof(buf));

	memset(&e, 0, sizeof(e));
	e.len = (uint8_t)(n < sizeof(e.b) ? n : sizeof(e.b));
	memcpy(e.b, buf, e.len);
	return e;
}

int epk_v1_number_of(const struct pk_epk *e, double *x)
{
	uint64_t u;
	size_t k;
	int shift;

	if (e->len < 2 || e->b[0] != PK_EPK_MARK_NUMBER) {
		return -1;
	}
	/* the inverse of bin_number: 8 bits, then 7 in each byte's top bits
	   while the low bit says another follows */
	u = (uint64_t)e->b[1] << 56;
	for (k = 2, shift = 49; k < e->len && shift >= 0; k++, shift -= 7) {
		u |= (uint64_t)(e->b[k] >> 1) << shift;
		if ((e->b[k] & 1) == 0) {
			break;
		}
	}
	u = (u >> 63) ? u ^ (UINT64_C(1) << 63) : ~u + 1;
	memcpy(x, &u, sizeof(*x));
	return 0;
}
