/*
 * epk: MurmurHash3 primitives and the V1, V2, MultiHash and Range
 * effective partition keys, checked against the published values: the
 * reference's self-check (§8), every row of
 * tests/vectors/epk_vectors.csv and both sets of XML baselines
 * (tests/vectors/{azure-sdk-for-rust,azure-cosmos-dotnet-v3}), read at
 * test time. No expected value is copied here.
 */
#include <check.h>
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/service/cosmos/epk.h"
#include "testutil.h"

START_TEST(test_epk_murmur_reference)
{
	uint64_t h1, h2;

	/* reference §8 "quick self-check": MurmurHash3_x86_32("hello", 0) */
	ck_assert_uint_eq(epk_murmur3_x86_32("hello", 5, 0), 0x248BFA47U);
	/* and MurmurHash3_x64_128("hello", 0) */
	epk_murmur3_x64_128("hello", 5, 0, &h1, &h2);
	ck_assert_uint_eq(h1, 0xCBD8A7B341BD9B02ULL);
	ck_assert_uint_eq(h2, 0x5B1E906A48AE1D19ULL);
}
END_TEST

/* ---- values from JSON ---- */

/* Components in a test row: the vectors have at most 6 */
#define MAX_COMPONENTS 8
/* Bytes of the longest EPK any row expects, with room to spare */
#define MAX_EPK_BYTES 1024

/* one JSON value -> a component; numbers as doubles (JSON_DECODE_INT_AS_REAL:
   the service hashes every number as an IEEE-754 double, reference §7) */
static void to_value(json_t *x, struct pk_value *v)
{
	memset(v, 0, sizeof(*v));
	if (json_is_string(x)) {
		v->type = PK_VALUE_STRING;
		v->str = json_string_value(x);
		v->len = json_string_length(x);
	} else if (json_is_number(x)) {
		v->type = PK_VALUE_NUMBER;
		v->num = json_number_value(x);
	} else if (json_is_boolean(x)) {
		v->type = PK_VALUE_BOOL;
		v->boolean = json_is_true(x);
	} else if (json_is_null(x)) {
		v->type = PK_VALUE_NULL;
	} else {
		/* {} stands for Undefined in the SDK tests */
		v->type = PK_VALUE_UNDEFINED;
	}
}

static size_t to_values(json_t *arr, struct pk_value *v, size_t cap)
{
	size_t i, n = json_array_size(arr);

	ck_assert_uint_le(n, cap);
	for (i = 0; i < n; i++) {
		to_value(json_array_get(arr, i), &v[i]);
	}
	return n;
}

static void to_hex(const unsigned char *b, size_t n, char *out)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = hex[b[i] >> 4];
		out[2 * i + 1] = hex[b[i] & 15];
	}
	out[2 * n] = '\0';
}

/* ---- the vectors file ---- */

enum row_kind { ROW_HASH_V1, ROW_HASH_V2, ROW_MULTIHASH, ROW_RANGE, ROW_KINDS };

static const char *const row_kind_name[ROW_KINDS] = {
    "Hash V1",
    "Hash V2",
    "MultiHash",
    "Range",
};

struct row_counts {
	int checked[ROW_KINDS], failed[ROW_KINDS];
};

static enum row_kind row_kind(const struct tu_vector *st)
{
	if (strcmp(st->kind, "Hash") == 0) {
		ck_assert_msg(strcmp(st->version, "1") == 0 ||
				  strcmp(st->version, "2") == 0,
			      "row %s: version '%s'", st->id, st->version);
		return st->version[0] == '1' ? ROW_HASH_V1 : ROW_HASH_V2;
	}
	if (strcmp(st->kind, "MultiHash") == 0) {
		return ROW_MULTIHASH;
	}
	ck_assert_msg(strcmp(st->kind, "Range") == 0, "row %s: kind '%s'",
		      st->id, st->kind);
	return ROW_RANGE;
}

/* The EPK of the row's components, as the hex the vectors hold. */
static void row_epk(enum row_kind kind, const struct pk_value *v, size_t n,
		    char got[2 * MAX_EPK_BYTES + 1])
{
	unsigned char b[MAX_EPK_BYTES];
	struct pk_epk e;
	size_t len;

	switch (kind) {
	case ROW_HASH_V1:
		len = epk_v1_bytes(v, n, b, sizeof(b));
		ck_assert_uint_le(len, sizeof(b));
		to_hex(b, len, got);
		/* the routing form keeps the first 48 bytes of the same */
		e = epk_hash_v1(v, n);
		ck_assert_uint_eq(e.len, len < 48 ? len : 48);
		ck_assert_mem_eq(e.b, b, e.len);
		break;
	case ROW_RANGE:
		len = epk_range_bytes(v, n, b, sizeof(b));
		ck_assert_uint_le(len, sizeof(b));
		to_hex(b, len, got);
		break;
	case ROW_HASH_V2:
		e = epk_hash_v2(v, n);
		epk_format(&e, got);
		break;
	default:
		e = epk_hash_multi(v, n);
		epk_format(&e, got);
		break;
	}
}

static void check_row(const struct tu_vector *st, void *ctx)
{
	struct row_counts *counts = ctx;
	struct pk_value v[MAX_COMPONENTS];
	json_error_t err;
	json_t *arr;
	char got[2 * MAX_EPK_BYTES + 1];
	enum row_kind kind = row_kind(st);
	size_t n;

	arr = json_loads(st->components, JSON_DECODE_INT_AS_REAL, &err);
	ck_assert_msg(json_is_array(arr), "row %s: bad components %s", st->id,
		      st->components);
	n = to_values(arr, v, MAX_COMPONENTS);
	row_epk(kind, v, n, got);
	if (strcmp(got, st->expected) != 0) {
		counts->failed[kind]++;
		fprintf(stderr, "row %s (%s) %.60s: got %s want %s\n", st->id,
			row_kind_name[kind], st->components, got, st->expected);
	}
	counts->checked[kind]++;
	json_decref(arr);
}

START_TEST(test_epk_all_vectors)
{
	/* rows of each kind in the file (reference §8, SOURCES.md: 130) */
	static const int want[ROW_KINDS] = {54, 62, 5, 9};
	struct row_counts st = {{0}, {0}};
	int k, total = 0;

	ck_assert_int_eq(tu_epk_vectors(check_row, &st), 130);
	for (k = 0; k < ROW_KINDS; k++) {
		fprintf(stderr, "epk vectors: %s %d/%d\n", row_kind_name[k],
			st.checked[k] - st.failed[k], st.checked[k]);
		ck_assert_int_eq(st.checked[k], want[k]);
		ck_assert_int_eq(st.failed[k], 0);
		total += st.checked[k];
	}
	ck_assert_int_eq(total, 130);
}
END_TEST

/* ---- the XML baselines (PartitionKeyHashBaselineTest.*.xml) ---- */

/*
 * Two encodings of the same 29 inputs (SOURCES.md):
 * - rust: production encoding (V1 string suffix 0x00, not cut; V2 suffix
 *   0xFF), V2 unmasked; & 0x3F on the first byte gives the real EPK.
 * - dotnet: raw MurmurHash3 primitives: strings without a suffix, V1
 *   strings cut to 100 chars, V2 unmasked, bytes joined by dashes.
 * V1 is 12 zero bytes and the 32-bit hash big-endian; a list is one hash
 * per element, concatenated.
 */
enum xml_set { XML_RUST, XML_DOTNET };

static const char *const xml_category[] = {
    "Singletons",
    "Numbers",
    "Strings",
    "Lists",
};

/* The text of the first element called name under node (xmlFree it). */
static xmlChar *xml_find(xmlNode *node, const char *name)
{
	xmlNode *c;
	xmlChar *t;

	for (c = node->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE) {
			continue;
		}
		if (xmlStrcmp(c->name, (const xmlChar *)name) == 0) {
			return xmlNodeGetContent(c);
		}
		t = xml_find(c, name);
		if (t) {
			return t;
		}
	}
	return NULL;
}

/* Upper-case hex without dashes. */
static void undash(const char *in, char *out, size_t cap)
{
	size_t n = 0;

	for (; *in && n + 1 < cap; in++) {
		if (*in != '-') {
			out[n++] = *in;
		}
	}
	out[n] = '\0';
}

/* The encoding the set hashed for one element: V1 (0x00 suffix) or V2
   (0xFF); dotnet strips the suffix and cuts V1 strings at 100 chars (the
   inputs are ASCII, so 100 bytes). */
static size_t xml_encode(enum xml_set set, int v1, const struct pk_value *v,
			 unsigned char *buf, size_t cap)
{
	struct pk_value cut = *v;
	size_t len = 0;

	if (set == XML_DOTNET && v1 && cut.type == PK_VALUE_STRING &&
	    cut.len > 100) {
		cut.len = 100;
	}
	ck_assert_int_eq(v1 ? epk_encode_v1(&cut, buf, cap, &len)
			    : epk_encode_v2(&cut, buf, cap, &len),
			 0);
	if (set == XML_DOTNET && cut.type == PK_VALUE_STRING) {
		len--; /* no suffix */
	}
	return len;
}

/* Check one element's V1 and V2 hashes against 32 hex chars each. */
static void xml_check_one(enum xml_set set, const struct pk_value *v,
			  const char *want_v1, const char *want_v2,
			  const char *what)
{
	unsigned char buf[3 * PK_EPK_ENCODED_MAX], b[16];
	char got[2 * PK_EPK_MAX_BYTES + 1], want[33];
	struct pk_epk e;
	uint64_t h1, h2;
	uint32_t h;
	size_t len;
	int i;

	/* V1: the 32-bit hash, big-endian after 12 zero bytes */
	len = xml_encode(set, 1, v, buf, sizeof(buf));
	h = epk_murmur3_x86_32(buf, len, 0);
	memset(b, 0, sizeof(b));
	for (i = 0; i < 4; i++) {
		b[12 + i] = (unsigned char)(h >> (24 - 8 * i));
	}
	to_hex(b, 16, got);
	ck_assert_msg(strncmp(got, want_v1, 32) == 0,
		      "%s V1: got %s want %.32s", what, got, want_v1);
	/* the production V1 hash cuts strings; the same below 101 bytes */
	if (set == XML_RUST && (v->type != PK_VALUE_STRING || v->len <= 100)) {
		ck_assert_uint_eq(epk_hash32_v1(v, 1), h);
	}
	/* V2: h1|h2 little-endian, reversed, unmasked */
	len = xml_encode(set, 0, v, buf, sizeof(buf));
	epk_murmur3_x64_128(buf, len, 0, &h1, &h2);
	for (i = 0; i < 8; i++) {
		b[i] = (unsigned char)(h2 >> (56 - 8 * i));
		b[8 + i] = (unsigned char)(h1 >> (56 - 8 * i));
	}
	to_hex(b, 16, got);
	ck_assert_msg(strncmp(got, want_v2, 32) == 0,
		      "%s V2: got %s want %.32s", what, got, want_v2);
	if (set == XML_RUST) {
		/* & 0x3F on the first byte: the real V2 EPK */
		static const char hex[] = "0123456789ABCDEF";

		memcpy(want, want_v2, 32);
		want[32] = '\0';
		want[0] = hex[(strchr(hex, want[0]) - hex) & 0x3];
		e = epk_hash_v2(v, 1);
		epk_format(&e, got);
		ck_assert_msg(strcmp(got, want) == 0, "%s EPK: got %s want %s",
			      what, got, want);
	}
}

/*
 * A PartitionKeyValue: JSON, or UNDEFINED. The .NET generator wrote the
 * doubles NaN and +-Infinity as the JSON strings "NaN", "Infinity" and
 * "-Infinity"; only these three are read back as doubles (.NET's NaN is
 * the negative quiet NaN, 0xFFF8000000000000).
 */
static void xml_value(json_t *x, struct pk_value *v)
{
	const char *s = json_string_value(x);
	uint64_t nan_bits = UINT64_C(0xFFF8000000000000);

	to_value(x, v);
	if (!s) {
		return;
	}
	if (strcmp(s, "NaN") == 0) {
		v->type = PK_VALUE_NUMBER;
		memcpy(&v->num, &nan_bits, sizeof(v->num));
	} else if (strcmp(s, "Infinity") == 0 || strcmp(s, "-Infinity") == 0) {
		v->type = PK_VALUE_NUMBER;
		v->num = s[0] == '-' ? -HUGE_VAL : HUGE_VAL;
	}
}

static int xml_check_file(enum xml_set set, const char *category)
{
	char path[256], v1[512], v2[512], what[320];
	xmlDoc *doc;
	xmlNode *r;
	int results = 0;

	snprintf(path, sizeof(path),
		 "tests/vectors/%s/PartitionKeyHashBaselineTest.%s.xml",
		 set == XML_RUST ? "azure-sdk-for-rust"
				 : "azure-cosmos-dotnet-v3",
		 category);
	doc = xmlReadFile(tu_src(path), NULL, XML_PARSE_NONET);
	ck_assert_msg(doc != NULL, "cannot parse %s", path);
	for (r = xmlDocGetRootElement(doc)->children; r; r = r->next) {
		xmlChar *desc, *val, *h1, *h2;
		struct pk_value v;
		json_error_t err;
		json_t *x;
		size_t i, n;

		if (r->type != XML_ELEMENT_NODE ||
		    xmlStrcmp(r->name, (const xmlChar *)"Result") != 0) {
			continue;
		}
		desc = xml_find(r, "Description");
		val = xml_find(r, "PartitionKeyValue");
		h1 = xml_find(r, "PartitionKeyHashV1");
		h2 = xml_find(r, "PartitionKeyHashV2");
		ck_assert_msg(desc && val && h1 && h2, "%s: incomplete", path);
		undash((const char *)h1, v1, sizeof(v1));
		undash((const char *)h2, v2, sizeof(v2));
		snprintf(what, sizeof(what), "%s %s", path + 8,
			 (const char *)desc);
		if (xmlStrcmp(val, (const xmlChar *)"UNDEFINED") == 0) {
			memset(&v, 0, sizeof(v));
			v.type = PK_VALUE_UNDEFINED;
			xml_check_one(set, &v, v1, v2, what);
		} else {
			x = json_loads(
			    (const char *)val,
			    JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL, &err);
			ck_assert_msg(x != NULL, "%s: bad value", what);
			/* a list: one hash per element (MultiHash shape) */
			n = json_is_array(x) ? json_array_size(x) : 1;
			ck_assert_uint_eq(strlen(v1), 32 * n);
			ck_assert_uint_eq(strlen(v2), 32 * n);
			for (i = 0; i < n; i++) {
				xml_value(
				    json_is_array(x) ? json_array_get(x, i) : x,
				    &v);
				xml_check_one(set, &v, v1 + 32 * i, v2 + 32 * i,
					      what);
			}
			json_decref(x);
		}
		results++;
		xmlFree(desc);
		xmlFree(val);
		xmlFree(h1);
		xmlFree(h2);
	}
	xmlFreeDoc(doc);
	return results;
}

START_TEST(test_epk_xml_baselines)
{
	int set, c, results;

	for (set = XML_RUST; set <= XML_DOTNET; set++) {
		results = 0;
		for (c = 0; c < 4; c++) {
			results += xml_check_file(set, xml_category[c]);
		}
		/* 29 inputs in each set (reference §8) */
		ck_assert_int_eq(results, 29);
	}
	xmlCleanupParser();
}
END_TEST

/* ---- V1 details the vectors do not reach ---- */

/* The full V1 EPK bytes of the one string component: 'a' x pad, then
   tail; returns the length. */
static size_t v1_of(size_t pad, const char *tail, unsigned char *out,
		    size_t cap)
{
	char s[256];
	struct pk_value v = {PK_VALUE_STRING, s, 0, 0, 0};

	memset(s, 'a', pad);
	snprintf(s + pad, sizeof(s) - pad, "%s", tail);
	v.len = strlen(s);
	return epk_v1_bytes(&v, 1, out, cap);
}

START_TEST(test_epk_v1_cut_utf16)
{
	unsigned char a[512], b[512];
	size_t la, lb;

	/* 98 'a' + U+1F600 (4 UTF-8 bytes, 2 UTF-16 units) is 100 units:
	   the cut drops only what follows */
	la = v1_of(98, "\xF0\x9F\x98\x80xyz", a, sizeof(a));
	lb = v1_of(98, "\xF0\x9F\x98\x80", b, sizeof(b));
	ck_assert_uint_eq(la, lb);
	ck_assert_mem_eq(a, b, la);
	/* 99 'a' + U+1F600: the cut falls inside the surrogate pair; the
	   lone high surrogate is written as U+FFFD (EF BF BD) */
	la = v1_of(99, "\xF0\x9F\x98\x80", a, sizeof(a));
	lb = v1_of(99, "\xEF\xBF\xBD", b, sizeof(b));
	ck_assert_uint_eq(la, lb);
	ck_assert_mem_eq(a, b, la);
	/* the length is returned even when the buffer is too small */
	ck_assert_uint_eq(v1_of(99, "\xF0\x9F\x98\x80", NULL, 0), la);
	/* the empty key is the minimum */
	ck_assert_uint_eq(epk_v1_bytes(NULL, 0, a, sizeof(a)), 0);
	ck_assert_uint_eq(epk_hash_v1(NULL, 0).len, 0);
	ck_assert_uint_eq(epk_hash_v2(NULL, 0).len, 0);
}
END_TEST

/* ordinal order of byte strings, a prefix first */
static int bytes_cmp(const unsigned char *a, size_t la, const unsigned char *b,
		     size_t lb)
{
	int c = memcmp(a, b, la < lb ? la : lb);

	return c ? c : (la > lb) - (la < lb);
}

START_TEST(test_epk_binary_number_order)
{
	/* the binary encoding sorts numbers in numeric order (reference §7:
	   "this makes the order sortable") */
	static const double nums[] = {
	    -HUGE_VAL,
	    -1.7976931348623157e308,
	    -1e9,
	    -5.5,
	    -1,
	    -5e-324,
	    -0.0,
	    5e-324,
	    1,
	    2,
	    5.123124190509124,
	    5.5,
	    1e9,
	    1.7976931348623157e308,
	    HUGE_VAL,
	};
	unsigned char prev[16], cur[16];
	size_t lp = 0, lc, i;
	struct pk_value v = {PK_VALUE_NUMBER, NULL, 0, 0, 0};

	for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		v.num = nums[i];
		lc = epk_range_bytes(&v, 1, cur, sizeof(cur));
		ck_assert_uint_le(lc, 10); /* marker, top byte, 8 x 7 bits */
		if (i > 0) {
			ck_assert_msg(bytes_cmp(prev, lp, cur, lc) < 0,
				      "%g does not sort after %g", nums[i],
				      nums[i - 1]);
		}
		memcpy(prev, cur, lc);
		lp = lc;
	}
}
END_TEST

START_TEST(test_epk_order_and_format)
{
	/* ordinal order of the hex strings: "10FF.." < "20" < "2000.." */
	struct pk_epk a = {16, {0x10, 0xFF}}, b = {1, {0x20}};
	struct pk_epk c = {16, {0x20}};
	struct pk_epk m;
	char buf[PK_EPK_HEX_MAX];

	ck_assert_int_lt(epk_cmp(&a, &b), 0);
	ck_assert_int_lt(epk_cmp(&b, &c), 0); /* a prefix sorts first */
	ck_assert_int_gt(epk_cmp(&c, &a), 0);
	ck_assert_int_eq(epk_cmp(&c, &c), 0);
	epk_format(&pk_epk_min, buf);
	ck_assert_str_eq(buf, ""); /* reference §7: the minimum is "" */
	epk_format(&pk_epk_end, buf);
	ck_assert_str_eq(buf, "FF"); /* and the maximum "FF" */
	/* every V2 EPK sorts below "FF" and below 0x40.. */
	ck_assert_int_lt(epk_cmp(&a, &pk_epk_end), 0);
	/* midpoint of ["", 0x40..) is 0x20.. (16 bytes) */
	m = epk_midpoint(&pk_epk_min, &pk_epk_v2_reach);
	epk_format(&m, buf);
	ck_assert_str_eq(buf, "20000000000000000000000000000000");
	/* midpoint of [0x10FF.., 0x20..): (0x10FF + 0x2000) / 2 = 0x187F.8,
	   i.e. 0x187F8000.. */
	m = epk_midpoint(&a, &c);
	epk_format(&m, buf);
	ck_assert_str_eq(buf, "187F8000000000000000000000000000");
	/* 48-byte EPKs (three MultiHash levels) keep their length */
	a.len = 48;
	m = epk_midpoint(&a, &c);
	ck_assert_uint_eq(m.len, 48);
}
END_TEST

/*
 * epk_cmp where its first-8-bytes word and the bytes after it meet: the
 * order is the bytes' order, a shorter prefix first (keyspace.h). By
 * hand: bytes 0x10 0x20 .. differ first at byte 7 (0x01 < 0x02), at
 * byte 11 past the word (0x05 < 0x06), at byte 3 against a key that ends
 * there (3 bytes, a prefix of the other: first); 8 bytes are a prefix of
 * the same 8 and a ninth 0x00 (first); 0 bytes ("") sort before all.
 */
START_TEST(test_epk_order_word)
{
	struct pk_epk a = {8, {1, 2, 3, 4, 5, 6, 7, 1}};
	struct pk_epk b = {8, {1, 2, 3, 4, 5, 6, 7, 2}};
	struct pk_epk c = {12, {1, 2, 3, 4, 5, 6, 7, 1, 9, 9, 9, 5}};
	struct pk_epk d = {12, {1, 2, 3, 4, 5, 6, 7, 1, 9, 9, 9, 6}};
	struct pk_epk e = {3, {1, 2, 3}};
	struct pk_epk f = {9, {1, 2, 3, 4, 5, 6, 7, 1, 0}};

	ck_assert_int_eq(epk_cmp(&a, &b), -1);
	ck_assert_int_eq(epk_cmp(&b, &a), 1);
	ck_assert_int_eq(epk_cmp(&c, &d), -1);
	ck_assert_int_eq(epk_cmp(&d, &c), 1);
	ck_assert_int_eq(epk_cmp(&d, &d), 0);
	ck_assert_int_eq(epk_cmp(&e, &a), -1);
	ck_assert_int_eq(epk_cmp(&a, &e), 1);
	ck_assert_int_eq(epk_cmp(&a, &f), -1);
	ck_assert_int_eq(epk_cmp(&f, &a), 1);
	ck_assert_int_eq(epk_cmp(&f, &c), -1); /* 0x00 < 0x09 at byte 8 */
	ck_assert_int_eq(epk_cmp(&b, &c), 1);  /* 0x02 > 0x01 at byte 7 */
	ck_assert_int_eq(epk_cmp(&pk_epk_min, &e), -1);
	ck_assert_int_eq(epk_cmp(&e, &pk_epk_min), 1);
	ck_assert_int_eq(epk_cmp(&pk_epk_min, &pk_epk_min), 0);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("epk");
	TCase *tc = tcase_create("hash");

	tcase_add_test(tc, test_epk_murmur_reference);
	tcase_add_test(tc, test_epk_all_vectors);
	tcase_add_test(tc, test_epk_xml_baselines);
	tcase_add_test(tc, test_epk_v1_cut_utf16);
	tcase_add_test(tc, test_epk_binary_number_order);
	tcase_add_test(tc, test_epk_order_and_format);
	tcase_add_test(tc, test_epk_order_word);
	suite_add_tcase(s, tc);
	return s;
}
