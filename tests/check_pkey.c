/*
 * pkey: key definitions (path, hierarchical, synthetic templates), the
 * rules a key value obeys, and query routing, each number with its reason
 * beside it.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/service/cosmos/container.h"
#include "pksim/service/cosmos/pkey.h"
#include "testutil.h"

/* A scenario with no generated properties: pkey_new then accepts any
   property name in a template (items come from JSON here). */
static struct pk_scenario bare = {.file = "t.yaml"};

static struct pk_container_spec spec(enum pk_key_kind kind, const char *text,
				     int version, int64_t ru)
{
	struct pk_container_spec s;

	memset(&s, 0, sizeof(s));
	s.name = (char *)text;
	s.partition_key = (char *)text;
	s.key.kind = kind;
	s.key.version = version;
	s.key.line = 3;
	s.key.col = 18;
	if (kind == PK_KEY_SYNTHETIC) {
		s.key.template_text = (char *)text;
	}
	s.throughput_ru_per_s = ru;
	s.pp_storage_bytes = PK_DEFAULT_PP_STORAGE_BYTES;
	s.pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	s.initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	s.lp_storage_bytes = PK_DEFAULT_LP_STORAGE_BYTES;
	s.index_factor = 1;
	return s;
}

static struct pk_pkey *key_for(struct pk_container_spec *s)
{
	struct pk_diag d;
	struct pk_pkey *k;

	diag_init(&d);
	k = pkey_new(s, &bare, NULL, 42, &d);
	if (!k) {
		diag_print(&d, stderr);
	}
	diag_free(&d);
	ck_assert_ptr_nonnull(k);
	return k;
}

/* Build the key of the JSON item text into kv. */
static void build(struct pk_pkey *k, const char *item, uint64_t n,
		  struct pk_keyval *kv)
{
	json_t *obj = json_loads(item, 0, NULL);
	struct pk_item_source src;

	ck_assert_ptr_nonnull(obj);
	pkey_source_json(k, obj, n, &src);
	pkey_build(k, &src, kv);
	json_decref(obj);
}

static const char *value_of(struct pk_pkey *k, const char *item)
{
	static char text[PK_VALUE_MAX_BYTES];
	struct pk_keyval *kv = malloc(sizeof(*kv));

	build(k, item, 0, kv);
	ck_assert_int_eq(kv->status, 0);
	pkey_format_id(k, kv->id, kv->id_len, text, sizeof(text));
	free(kv);
	return text;
}

START_TEST(test_pkey_fnv_buckets)
{
	/* seed 002: ids t-00000 .. t-07359 into 10 buckets by FNV-1a 32:
	   the smallest bucket holds 719 ids and the largest 747 */
	unsigned count[10] = {0}, lo = UINT32_MAX, hi = 0;
	char id[16];
	int i;

	for (i = 0; i < 7360; i++) {
		snprintf(id, sizeof(id), "t-%05d", i);
		count[pkey_fnv1a32(id, strlen(id)) % 10]++;
	}
	for (i = 0; i < 10; i++) {
		lo = count[i] < lo ? count[i] : lo;
		hi = count[i] > hi ? count[i] : hi;
	}
	ck_assert_uint_eq(lo, 719);
	ck_assert_uint_eq(hi, 747);
	/* FNV-1a of "" is the offset basis */
	ck_assert_uint_eq(pkey_fnv1a32("", 0), 2166136261U);
}
END_TEST

START_TEST(test_pkey_synthetic_hash_suffix)
{
	/* seed 002: "key of t-00001: buero-nord.1" */
	struct pk_container_spec s =
	    spec(PK_KEY_SYNTHETIC, "{officeId}.{hash(id) mod 10}", 2, 400);
	struct pk_pkey *k = key_for(&s);

	ck_assert_str_eq(value_of(k, "{\"id\": \"t-00001\", "
				     "\"officeId\": \"buero-nord\"}"),
			 "\"buero-nord.1\"");
	pkey_free(k);
}
END_TEST

/*
 * A number in a template is the text JavaScript's String(x) and
 * JSON.stringify write (ECMA-262 Number::toString; scenarios/README.md):
 * the value, not the item's text. By the spec's rules: 1e3 is the integer
 * 1000, plain digits below 10^21 ("1000"; 1e15 is 1 and 15 zeros); -0 is
 * "0"; 0.000001 (10^-6) keeps its point, 1e-7 is below it: "1e-7"; 1e21
 * is "1e+21"; 123456789012345678 is the double 123456789012345680 (the
 * nearest: 2^56 < x < 2^57, so doubles there are 16 apart, and
 * ...680 - ...678 = 2 < ...678 - ...664 = 14), whose shortest digits
 * are 12345678901234568 and one zero. The hash reads that text: crc32 of
 * 123456789.0 is the CRC of "123456789", the published check value
 * 0xCBF43926 = 3,421,780,262, mod 400 = 262 (test_pkey_crc32 below).
 */
START_TEST(test_pkey_template_number_text)
{
	static const struct {
		const char *item, *want;
	} cases[] = {
	    {"{\"n\": 1e3}", "\"1000\""},
	    {"{\"n\": 1000.0}", "\"1000\""},
	    {"{\"n\": 1e15}", "\"1000000000000000\""},
	    {"{\"n\": -0.0}", "\"0\""},
	    {"{\"n\": 0.000001}", "\"0.000001\""},
	    {"{\"n\": 1e-7}", "\"1e-7\""},
	    {"{\"n\": 1.5e-7}", "\"1.5e-7\""},
	    {"{\"n\": 1e21}", "\"1e+21\""},
	    {"{\"n\": -2.5e30}", "\"-2.5e+30\""},
	    {"{\"n\": 0.1}", "\"0.1\""},
	    {"{\"n\": 123456789012345678}", "\"123456789012345680\""},
	};
	struct pk_container_spec s = spec(PK_KEY_SYNTHETIC, "{n}", 2, 400);
	struct pk_container_spec c =
	    spec(PK_KEY_SYNTHETIC, "{crc32(n) mod 400}", 2, 400);
	struct pk_pkey *k = key_for(&s), *kc = key_for(&c);
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		const char *got = value_of(k, cases[i].item);

		ck_assert_msg(strcmp(got, cases[i].want) == 0,
			      "%s: want %s, got %s", cases[i].item,
			      cases[i].want, got);
	}
	ck_assert_str_eq(value_of(kc, "{\"n\": 123456789.0}"), "\"262\"");
	ck_assert_str_eq(value_of(kc, "{\"n\": 1.23456789e8}"), "\"262\"");
	pkey_free(k);
	pkey_free(kc);
}
END_TEST

/*
 * no_epk (an Amazon DynamoDB table's keys, placed by their own hash of
 * the identity bytes): the same identity bytes as a key that computes
 * the EPK, and the EPK left pk_epk_min, never the previous build's.
 */
START_TEST(test_pkey_no_epk)
{
	struct pk_container_spec s = spec(PK_KEY_PATH, "/k", 2, 400);
	struct pk_pkey *k;
	struct pk_keyval *with = malloc(sizeof(*with));
	struct pk_keyval *without = malloc(sizeof(*without));

	s.key.paths[0] = "/k";
	s.key.n_paths = 1;
	k = key_for(&s);
	build(k, "{\"k\": \"dev-0042\"}", 0, with);
	ck_assert_int_eq(with->status, 0);
	ck_assert_int_ne(epk_cmp(&with->epk, &pk_epk_min), 0);
	/* the same buffer: a build that skips the EPK clears it */
	memcpy(without, with, sizeof(*with));
	k->no_epk = 1;
	build(k, "{\"k\": \"dev-0042\"}", 0, without);
	ck_assert_int_eq(without->status, 0);
	ck_assert_uint_eq(without->id_len, with->id_len);
	ck_assert_mem_eq(without->id, with->id, with->id_len);
	ck_assert_int_eq(epk_cmp(&without->epk, &pk_epk_min), 0);
	free(with);
	free(without);
	pkey_free(k);
}
END_TEST

/*
 * {crc32(name) mod N}: zlib's CRC-32 against the published check values
 * (the CRC catalogue's CRC-32/ISO-HDLC, check = 0xCBF43926 for the ASCII
 * "123456789"; 0x414FA339 for "The quick brown fox jumps over the lazy
 * dog", the example on Wikipedia's CRC-32 page; 0 for no bytes), then a
 * key built with it. By hand: 0xCBF43926 = 3,421,780,262 and
 * 3,421,780,262 - 8,554,450 x 400 = 262, so id "123456789" under
 * "{officeId}.{crc32(id) mod 400}" is "buero-nord.262"; mod 7:
 * 3,421,780,262 - 488,825,751 x 7 = 5.
 */
START_TEST(test_pkey_crc32)
{
	static const char fox[] = "The quick brown fox jumps over the lazy dog";
	struct pk_container_spec s =
	    spec(PK_KEY_SYNTHETIC, "{officeId}.{crc32(id) mod 400}", 2, 400);
	struct pk_container_spec s7 =
	    spec(PK_KEY_SYNTHETIC, "{crc32( id ) mod 7}", 2, 400);
	struct pk_pkey *k = key_for(&s), *k7 = key_for(&s7);

	ck_assert_uint_eq(pkey_crc32("123456789", 9), 0xCBF43926U);
	ck_assert_uint_eq(pkey_crc32(fox, strlen(fox)), 0x414FA339U);
	ck_assert_uint_eq(pkey_crc32("", 0), 0);
	ck_assert_str_eq(value_of(k, "{\"id\": \"123456789\", "
				     "\"officeId\": \"buero-nord\"}"),
			 "\"buero-nord.262\"");
	ck_assert_str_eq(value_of(k7, "{\"id\": \"123456789\"}"), "\"5\"");
	/* a number is hashed as its text, as {hash ..} does: 123456789 */
	ck_assert_str_eq(value_of(k7, "{\"id\": 123456789}"), "\"5\"");
	pkey_free(k);
	pkey_free(k7);
}
END_TEST

/*
 * A bad crc32 placeholder in a scenario: `pksim run` exits 2 with the
 * key's FILE:LINE:COL (line 2: "  partition_key: ...", the value starts
 * at column 18 after 2 spaces and the 15 characters "partition_key: ")
 * and the placeholders allowed.
 */
START_TEST(test_pkey_crc32_bad_scenario)
{
	static const char yaml[] = "container:\n"
				   "  partition_key: \"{crc32(id) mod 0}\"\n"
				   "  throughput: 400\n"
				   "phases: [{duration: 10s, rate: 1/s}]\n";
	char *dir = tu_tmpdir(), path[512], args[600], want[800];
	char *out = NULL, *err = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "%s/crc.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(yaml, f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "run '%s'", path);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	snprintf(want, sizeof(want),
		 "pksim: %s:2:18: error: partition key template '{crc32(id) "
		 "mod 0}': crc32 needs 'mod N' with N >= 1: N is 0 in "
		 "'{crc32(id) mod 0}'; allowed: {name}, {random A..B}, "
		 "{hash(name) mod N}, {crc32(name) mod N}, {day(name)}, ",
		 path);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "got %s", err);
	free(out);
	free(err);
	free(dir);
}
END_TEST

START_TEST(test_pkey_synthetic_concat_and_time)
{
	struct pk_container_spec s =
	    spec(PK_KEY_SYNTHETIC, "{deviceId}-{day(ts)}", 2, 400);
	struct pk_container_spec w =
	    spec(PK_KEY_SYNTHETIC, "{weekday(ts)}/{hour(ts)}", 2, 400);
	struct pk_pkey *k = key_for(&s), *kw = key_for(&w);

	/* 1594598700 s = 2020-07-13T00:05:00Z (a Monday) */
	ck_assert_str_eq(value_of(k, "{\"deviceId\": \"abc-123\", "
				     "\"ts\": 1594598700}"),
			 "\"abc-123-2020-07-13\"");
	/* the same instant written in ISO 8601 with an offset */
	ck_assert_str_eq(value_of(k, "{\"deviceId\": \"abc-123\", "
				     "\"ts\": \"2020-07-13T02:05:00+02:00\"}"),
			 "\"abc-123-2020-07-13\"");
	ck_assert_str_eq(value_of(kw, "{\"ts\": 1594598700}"),
			 "\"Monday/2020-07-13T00\"");
	pkey_free(k);
	pkey_free(kw);
}
END_TEST

START_TEST(test_pkey_synthetic_random_suffix)
{
	struct pk_container_spec s =
	    spec(PK_KEY_SYNTHETIC, "{date}.{random 1..400}", 2, 400);
	struct pk_pkey *k = key_for(&s);
	struct pk_keyval *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	char seen[401] = {0};
	int distinct = 0, n;

	ck_assert_int_eq(k->has_random, 1);
	/* the same item always gets the same suffix (it is part of the
	   item: reads must find it) */
	build(k, "{\"date\": \"2026-01-01\"}", 7, a);
	build(k, "{\"date\": \"2026-01-01\"}", 7, b);
	ck_assert_mem_eq(a->id, b->id, a->id_len);
	/* 2,000 items spread over the 400 suffixes: nearly all appear
	   (expected missing 400 x (399/400)^2000 = 2.7) */
	for (n = 0; n < 2000; n++) {
		struct pk_value v;
		const char *dot;
		int suffix;

		build(k, "{\"date\": \"2026-01-01\"}", (uint64_t)n, a);
		ck_assert_int_eq(pkey_decode_single(a->id, a->id_len, &v), 0);
		dot = memchr(v.str, '.', v.len);
		suffix = atoi(dot + 1);
		ck_assert(suffix >= 1 && suffix <= 400);
		distinct += !seen[suffix];
		seen[suffix] = 1;
	}
	ck_assert_int_ge(distinct, 390);
	free(a);
	free(b);
	pkey_free(k);
}
END_TEST

/* The text of candidate pick of k for the item of JSON text item. */
static const char *pick_of(struct pk_pkey *k, const char *item, uint64_t pick)
{
	static char text[PK_VALUE_MAX_BYTES];
	struct pk_keyval *kv = malloc(sizeof(*kv));
	json_t *obj = json_loads(item, 0, NULL);
	struct pk_item_source src;

	ck_assert_ptr_nonnull(obj);
	pkey_source_json(k, obj, 7, &src);
	pkey_build_pick(k, &src, pick, kv);
	ck_assert_int_eq(kv->status, 0);
	pkey_format_id(k, kv->id, kv->id_len, text, sizeof(text));
	free(kv);
	json_decref(obj);
	return text;
}

/*
 * Rule 38: the candidate key values a reader without the draw must look
 * under. {date}.{random 1..400}: 400 of them, pick 0 is ".1" and pick 399
 * ".400", and the item's own drawn value is one of them. Two random
 * parts {random 1..4}-{random 1..10}: 4 x 10 = 40, the first part the
 * lowest digit: pick 13 = 1 + 3 x 4 gives 1 + 1 = 2 and 1 + 3 = 4, "2-4".
 * No random part: 1. A span of 2^64 values does not fit: UINT64_MAX.
 */
START_TEST(test_pkey_random_candidates)
{
	struct pk_container_spec s1 =
	    spec(PK_KEY_SYNTHETIC, "{date}.{random 1..400}", 2, 400);
	struct pk_container_spec s2 =
	    spec(PK_KEY_SYNTHETIC, "{random 1..4}-{random 1..10}", 2, 400);
	struct pk_container_spec s3 = spec(PK_KEY_SYNTHETIC, "{date}", 2, 400);
	struct pk_container_spec s4 =
	    spec(PK_KEY_SYNTHETIC, "{random 0..18446744073709551615}", 2, 400);
	struct pk_pkey *k1 = key_for(&s1), *k2 = key_for(&s2);
	struct pk_pkey *k3 = key_for(&s3), *k4 = key_for(&s4);
	const char *item = "{\"date\": \"2026-01-01\"}";
	char drawn[PK_VALUE_MAX_BYTES];
	struct pk_keyval *kv = malloc(sizeof(*kv));
	uint64_t p;
	int hits = 0;

	ck_assert_uint_eq(pkey_random_values(k1), 400);
	ck_assert_uint_eq(pkey_random_values(k2), 40);
	ck_assert_uint_eq(pkey_random_values(k3), 1);
	ck_assert_uint_eq(pkey_random_values(k4), UINT64_MAX);
	ck_assert_str_eq(pick_of(k1, item, 0), "\"2026-01-01.1\"");
	ck_assert_str_eq(pick_of(k1, item, 399), "\"2026-01-01.400\"");
	ck_assert_str_eq(pick_of(k2, item, 0), "\"1-1\"");
	ck_assert_str_eq(pick_of(k2, item, 13), "\"2-4\"");
	ck_assert_str_eq(pick_of(k2, item, 39), "\"4-10\"");
	/* item 7's own draw is exactly one candidate */
	build(k1, item, 7, kv);
	pkey_format_id(k1, kv->id, kv->id_len, drawn, sizeof(drawn));
	for (p = 0; p < 400; p++) {
		hits += strcmp(pick_of(k1, item, p), drawn) == 0;
	}
	ck_assert_int_eq(hits, 1);
	free(kv);
	pkey_free(k1);
	pkey_free(k2);
	pkey_free(k3);
	pkey_free(k4);
}
END_TEST

START_TEST(test_pkey_template_errors)
{
	static const char *const bad[] = {
	    "{deviceId",
	    "{}",
	    "{frob(x)}",
	    "{hash(id) mod 0}",
	    "{random 5..1}",
	    "{hash(id)}",
	    "x}",
	    "{crc32(id)}",
	    "{crc32(id) mod 0}",
	    "{crc32(id) mod x}",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pk_container_spec s =
		    spec(PK_KEY_SYNTHETIC, bad[i], 2, 400);
		struct pk_diag d;

		diag_init(&d);
		ck_assert_ptr_null(pkey_new(&s, &bare, NULL, 1, &d));
		ck_assert_uint_eq(diag_count(&d), 1);
		/* at the key's place, naming the template */
		ck_assert_int_eq(d.entries[0].line, 3);
		ck_assert_ptr_nonnull(strstr(d.entries[0].msg, bad[i]));
		diag_free(&d);
	}
}
END_TEST

/* A missing 'mod N' reads as a sentence, and C's '%' is named (it read
   "crc32 needs 'mod N' with N >= 1 '{crc32(k) % 10}'", a word short). */
START_TEST(test_pkey_template_mod_words)
{
	static const struct {
		const char *tpl, *why;
	} bad[] = {
	    {"{crc32(k) % 10}", "crc32 takes its modulus as 'mod N' (a word, "
				"not '%'), N >= 1, in '{crc32(k) % 10}';"},
	    {"{hash(k)}",
	     "hash needs 'mod N' after its property, N >= 1, in '{hash(k)}';"},
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pk_container_spec s =
		    spec(PK_KEY_SYNTHETIC, bad[i].tpl, 2, 400);
		struct pk_diag d;

		diag_init(&d);
		ck_assert_ptr_null(pkey_new(&s, &bare, NULL, 1, &d));
		ck_assert_msg(strstr(d.entries[0].msg, bad[i].why), "got %s",
			      d.entries[0].msg);
		diag_free(&d);
	}
}
END_TEST

/* Numbers past 2^64 - 1 = 18,446,744,073,709,551,615 (20 digits) are
   refused with the reason, not clamped to it by strtoull (a 23-digit
   A..B gave 18446744073709551615 for every item); 2^64 - 1 itself is
   fine; a negative number is named as such. */
START_TEST(test_pkey_template_u64)
{
	static const struct {
		const char *tpl, *why;
	} bad[] = {
	    {"{random 99999999999999999999999..99999999999999999999999}",
	     "A does not fit in 64 bits"},
	    {"{random 1..18446744073709551616}", "B does not fit in 64 bits"},
	    {"{hash(id) mod 18446744073709551616}",
	     "N does not fit in 64 bits"},
	    {"{random -1..3}", "A is negative"},
	};
	struct pk_container_spec ok =
	    spec(PK_KEY_SYNTHETIC, "{random 0..18446744073709551615}", 2, 400);
	struct pk_diag d;
	struct pk_pkey *k;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pk_container_spec s =
		    spec(PK_KEY_SYNTHETIC, bad[i].tpl, 2, 400);

		diag_init(&d);
		ck_assert_ptr_null(pkey_new(&s, &bare, NULL, 1, &d));
		ck_assert_uint_eq(diag_count(&d), 1);
		ck_assert_int_eq(d.entries[0].line, 3);
		ck_assert_ptr_nonnull(strstr(d.entries[0].msg, bad[i].why));
		diag_free(&d);
	}
	diag_init(&d);
	k = pkey_new(&ok, &bare, NULL, 1, &d);
	ck_assert_ptr_nonnull(k);
	pkey_free(k);
	diag_free(&d);
}
END_TEST

START_TEST(test_pkey_value_rules)
{
	struct pk_container_spec s = spec(PK_KEY_PATH, "/k", 2, 400);
	struct pk_pkey *k;
	struct pk_keyval *kv = malloc(sizeof(*kv));
	char *big = malloc(2100), *item = malloc(2200);

	s.key.paths[0] = "/k";
	s.key.n_paths = 1;
	k = key_for(&s);
	/* an object is not a key value: 400 */
	build(k, "{\"k\": {\"a\": 1}}", 0, kv);
	ck_assert_int_eq(kv->status, 400);
	build(k, "{\"k\": [1, 2]}", 0, kv);
	ck_assert_int_eq(kv->status, 400);
	/* a missing property: the one undefined logical partition */
	build(k, "{\"other\": 1}", 0, kv);
	ck_assert_int_eq(kv->status, 0);
	ck_assert(pkey_id_is_undefined(kv->id, kv->id_len));
	/* numbers, booleans and null are key values */
	ck_assert_str_eq(value_of(k, "{\"k\": 17}"), "17");
	ck_assert_str_eq(value_of(k, "{\"k\": true}"), "true");
	ck_assert_str_eq(value_of(k, "{\"k\": null}"), "null");
	/* D-LIMITS: at most 2,048 bytes; 2,049 is refused */
	memset(big, 'a', 2049);
	big[2049] = '\0';
	snprintf(item, 2200, "{\"k\": \"%s\"}", big);
	build(k, item, 0, kv);
	ck_assert_int_eq(kv->status, 400);
	big[2048] = '\0';
	snprintf(item, 2200, "{\"k\": \"%s\"}", big);
	build(k, item, 0, kv);
	ck_assert_int_eq(kv->status, 0);
	free(big);
	free(item);
	free(kv);
	pkey_free(k);
}
END_TEST

/* Distinct identities among 1,000 values of 120 bytes that share a
   110-byte prefix, under definition version v. */
static int distinct_lps(int v)
{
	struct pk_container_spec s = spec(PK_KEY_PATH, "/k", v, 400);
	struct pk_pkey *k;
	struct pk_keyval *kv = malloc(sizeof(*kv));
	struct pk_epk first;
	char item[256], prefix[111];
	int i, same = 0;

	s.key.paths[0] = "/k";
	s.key.n_paths = 1;
	k = key_for(&s);
	memset(prefix, 'p', 110);
	prefix[110] = '\0';
	for (i = 0; i < 1000; i++) {
		snprintf(item, sizeof(item), "{\"k\": \"%s%010d\"}", prefix, i);
		build(k, item, 0, kv);
		ck_assert_int_eq(kv->status, 0);
		if (i == 0) {
			first = kv->epk;
		}
		same += epk_cmp(&kv->epk, &first) == 0;
	}
	free(kv);
	pkey_free(k);
	/* all equal to the first: 1 logical partition; else 1,000 */
	return same == 1000 ? 1 : 1000 - same + 1;
}

START_TEST(test_pkey_v1_collision)
{
	/* D-LPK: version 1 hashes only the first 100 characters, so the
	   1,000 values (same first 110 bytes) are one logical partition;
	   version 2 hashes all 120 bytes: 1,000 */
	ck_assert_int_eq(distinct_lps(1), 1);
	ck_assert_int_eq(distinct_lps(2), 1000);
}
END_TEST

/* ---- routing ---- */

static struct pk_query_spec query(const char *p1, enum pk_cond_kind k1,
				  const char *p2, enum pk_cond_kind k2,
				  int in_count)
{
	struct pk_query_spec q;

	memset(&q, 0, sizeof(q));
	q.results = 1;
	if (p1) {
		q.conds[q.n_conds].path = (char *)p1;
		q.conds[q.n_conds].kind = k1;
		q.conds[q.n_conds++].in_count = in_count;
	}
	if (p2) {
		q.conds[q.n_conds].path = (char *)p2;
		q.conds[q.n_conds++].kind = k2;
	}
	return q;
}

/* Items one visits() call routes, at most */
#define VISITS_MAX 8

/* Ranges a query visits: route it for the JSON items, run it. */
static size_t visits(struct pk_container *c, struct pk_pkey *k,
		     const struct pk_query_spec *q, const char *const *items,
		     size_t n, enum pk_route_kind *kind)
{
	struct pk_item_source src[VISITS_MAX];
	json_t *obj[VISITS_MAX];
	struct pk_route route;
	struct pk_outcome o;
	size_t i;

	memset(&route, 0, sizeof(route));
	ck_assert_uint_le(n, VISITS_MAX);
	for (i = 0; i < n; i++) {
		obj[i] = json_loads(items[i], 0, NULL);
		pkey_source_json(k, obj[i], i, &src[i]);
	}
	pkey_route(k, q, src, n, &route);
	for (i = 0; i < n; i++) {
		json_decref(obj[i]);
	}
	/* queries at a fresh second: no budget left over from before */
	container_query(c, (c->now_s + 1) * 1000, &route, q->results, &o);
	ck_assert_int_eq(o.status, 200);
	*kind = route.kind;
	pkey_route_free(&route);
	return o.ranges;
}

START_TEST(test_pkey_route_single_path)
{
	/* created with 10 ranges: 60,000 RU/s / 6,000 */
	struct pk_container_spec s = spec(PK_KEY_PATH, "/k", 2, 60000);
	struct pk_pkey *k;
	struct pk_container *c;
	struct pk_query_spec eq = query("/k", PK_COND_EQ, NULL, 0, 0);
	struct pk_query_spec sw = query("/k", PK_COND_STARTSWITH, NULL, 0, 0);
	struct pk_query_spec in = query("/k", PK_COND_IN, NULL, 0, 2);
	struct pk_query_spec other = query("/x", PK_COND_EQ, NULL, 0, 0);
	const char *const two[] = {"{\"k\": \"a\"}", "{\"k\": \"b\"}"};
	enum pk_route_kind kind;

	s.key.paths[0] = "/k";
	s.key.n_paths = 1;
	k = key_for(&s);
	c = container_new("t", &s,
			  &(struct pk_cost_spec){1, 10, 5, 50, 1, 1, 2.5, 0.5});
	ck_assert_uint_eq(c->pmap.n, 10);
	/* equality on the key: one range */
	ck_assert_uint_eq(visits(c, k, &eq, two, 1, &kind), 1);
	ck_assert_int_eq(kind, PK_ROUTE_SINGLE);
	/* STARTSWITH on the key: every range (rule 21) */
	ck_assert_uint_eq(visits(c, k, &sw, two, 1, &kind), 10);
	ck_assert_int_eq(kind, PK_ROUTE_FANOUT);
	/* IN of two keys: at most two ranges */
	ck_assert_uint_le(visits(c, k, &in, two, 2, &kind), 2);
	ck_assert_int_eq(kind, PK_ROUTE_TARGETED);
	/* a filter on another property: every range */
	ck_assert_uint_eq(visits(c, k, &other, two, 1, &kind), 10);
	/* the fan-out charge: 1 + 10 x 2.5 + 1 x 0.5 = 26.5 RU */
	ck_assert_int_eq(c->metrics.totals.fanout_mru, 2 * 26500);
	container_free(c);
	pkey_free(k);
}
END_TEST

/*
 * Hierarchical [/tenantId, /userId] on a container created with 8 ranges
 * (48,000 RU/s): a full-key query visits 1 range, a small tenant's prefix
 * 1; after one tenant stores 120 GB, storage splits (50 GB cap) have cut
 * its prefix interval, so its prefix query visits at least 3 ranges
 * (120 / 50 > 2), while no full key spans two ranges; a query on userId
 * alone visits every range (D-HPK routing table).
 */
START_TEST(test_pkey_route_hierarchical)
{
	struct pk_container_spec s =
	    spec(PK_KEY_HIERARCHICAL, "[/tenantId, /userId]", 2, 48000);
	struct pk_query_spec full =
	    query("/tenantId", PK_COND_EQ, "/userId", PK_COND_EQ, 0);
	struct pk_query_spec prefix =
	    query("/tenantId", PK_COND_EQ, NULL, 0, 0);
	struct pk_query_spec user = query("/userId", PK_COND_EQ, NULL, 0, 0);
	const char *const small[] = {"{\"tenantId\": \"small\", \"userId\": "
				     "\"u1\"}"};
	const char *const big[] = {"{\"tenantId\": \"big\", \"userId\": "
				   "\"u1\"}"};
	struct pk_keyval *kv = malloc(sizeof(*kv));
	enum pk_route_kind kind;
	struct pk_container *c;
	struct pk_pkey *k;
	int64_t t = 0;
	int u, i;

	s.key.paths[0] = "/tenantId";
	s.key.paths[1] = "/userId";
	s.key.n_paths = 2;
	k = key_for(&s);
	c = container_new("t", &s,
			  &(struct pk_cost_spec){1, 10, 5, 50, 1, 1, 2.5, 0.5});
	ck_assert_uint_eq(c->pmap.n, 8); /* 48,000 / 6,000 */
	ck_assert_uint_eq(visits(c, k, &full, small, 1, &kind), 1);
	ck_assert_int_eq(kind, PK_ROUTE_SINGLE);
	ck_assert_uint_eq(visits(c, k, &prefix, small, 1, &kind), 1);
	ck_assert_int_eq(kind, PK_ROUTE_TARGETED);
	t = (c->now_s + 1) * 1000; /* after the queries: time moves on */
	/* tenant "big": 1,200 users x 50 items of 2 MB = 120 GB; each user
	   100 MB, far under 20 GB. 4 writes a second (4 x 1,024 RU) fit the
	   smallest share a range gets here (48,000 / 11). */
	for (u = 0; u < 1200; u++) {
		char item[96];

		snprintf(item, sizeof(item),
			 "{\"tenantId\": \"big\", \"userId\": \"u%d\"}", u);
		build(k, item, 0, kv);
		for (i = 0; i < 50; i++) {
			struct pk_request r = {t,
					       PK_OP_CREATE,
					       (uint64_t)(u * 50 + i),
					       (uint32_t)PK_MAX_ITEM_BYTES,
					       kv->id,
					       kv->id_len,
					       &kv->epk,
					       0,
					       NULL,
					       0,
					       NULL,
					       PK_TTL_OFF,
					       t};
			struct pk_outcome o;

			container_apply(c, &r, &o);
			tu_loop_int(o.status, ==, 201);
			t += 250;
		}
	}
	container_advance(c, t + 1000);
	ck_assert_int_eq(container_check(c), 0); /* no full key in two */
	ck_assert_uint_ge(c->metrics.n_splits, 2);
	ck_assert_uint_ge(visits(c, k, &prefix, big, 1, &kind), 3);
	ck_assert_uint_eq(visits(c, k, &full, big, 1, &kind), 1);
	ck_assert_uint_eq(visits(c, k, &user, big, 1, &kind), c->pmap.n);
	ck_assert_int_eq(kind, PK_ROUTE_FANOUT);
	free(kv);
	container_free(c);
	pkey_free(k);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("pkey");
	TCase *def = tcase_create("definitions");
	TCase *rules = tcase_create("rules");
	TCase *route = tcase_create("routing");

	tcase_add_test(def, test_pkey_fnv_buckets);
	tcase_add_test(def, test_pkey_crc32);
	tcase_add_test(def, test_pkey_template_number_text);
	tcase_add_test(def, test_pkey_no_epk);
	tcase_add_test(def, test_pkey_crc32_bad_scenario);
	tcase_add_test(def, test_pkey_synthetic_hash_suffix);
	tcase_add_test(def, test_pkey_synthetic_concat_and_time);
	tcase_add_test(def, test_pkey_synthetic_random_suffix);
	tcase_add_test(def, test_pkey_random_candidates);
	tcase_add_test(def, test_pkey_template_u64);
	tcase_add_test(def, test_pkey_template_errors);
	tcase_add_test(def, test_pkey_template_mod_words);
	tcase_add_test(rules, test_pkey_value_rules);
	tcase_add_test(rules, test_pkey_v1_collision);
	tcase_add_test(route, test_pkey_route_single_path);
	tcase_add_test(route, test_pkey_route_hierarchical);
	tcase_set_timeout(route, 600);
	suite_add_tcase(s, def);
	suite_add_tcase(s, rules);
	suite_add_tcase(s, route);
	return s;
}
