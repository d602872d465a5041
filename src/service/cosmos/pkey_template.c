/*
 * pkey_template: synthetic partition key templates (pkey.h, seed 000 and
 * 002): parsing "{deviceId}-{day(ts)}" into parts when a key is defined,
 * and building one item's key value from them. The placeholders:
 *   {name}               the property's value as text (a number as
 *                        JavaScript's String(x) writes it)
 *   {random A..B}        a number drawn per item from the run's seed
 *   {hash(name) mod N}   FNV-1a 32-bit of the value's UTF-8 bytes, mod N
 *   {crc32(name) mod N}  CRC-32 (zlib's crc32: ISO-HDLC, the one of
 *                        gzip, PNG and Python's zlib.crc32) of the same
 *                        bytes, mod N
 *   {day(ts)} {month(ts)} {year(ts)} {weekday(ts)} {hour(ts)}  UTC parts
 *                        of epoch seconds or an ISO 8601 time
 * Applications bucket keys with both hashes; the same value gives the
 * same bucket on every run and machine.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "pksim/base/isotime.h"
#include "pksim/base/mem.h"
#include "pksim/base/rng.h"
#include "pksim/service/cosmos/pkey.h"

#include "pkey_int.h"

#define PK_FNV_OFFSET 2166136261U /* FNV-1a 32-bit offset basis */
#define PK_FNV_PRIME 16777619U	  /* FNV-1a 32-bit prime */
/* 2^64 / golden ratio: spreads item numbers before seeding (splitmix64) */
#define PK_PKEY_ITEM_MIX 0x9E3779B97F4A7C15ULL
/* Timestamps pksim formats: within about 3,000 years of 1970 either way
   (gmtime_r's year must fit an int; this keeps far inside it) */
#define PK_PKEY_MAX_EPOCH_S 1e11
/* odd constants (splitmix64's multipliers) mixing the bounds A..B */
#define PK_PKEY_RANGE_MIX_A 0xBF58476D1CE4E5B9ULL
#define PK_PKEY_RANGE_MIX_B 0x94D049BB133111EBULL

uint32_t pkey_fnv1a32(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint32_t h = PK_FNV_OFFSET;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= p[i];
		h *= PK_FNV_PRIME;
	}
	return h;
}

uint32_t pkey_crc32(const void *data, size_t len)
{
	/* zlib takes lengths as uInt: feed it in pieces that fit */
	const unsigned char *p = data;
	uLong crc = crc32(0L, Z_NULL, 0);

	while (len > 0) {
		uInt n = len > UINT_MAX ? UINT_MAX : (uInt)len;

		crc = crc32(crc, p, n);
		p += n;
		len -= n;
	}
	return (uint32_t)crc;
}

struct pk_tpl_fn {
	const char *name;
	enum pk_tpl_kind kind;
};

static const struct pk_tpl_fn tpl_fns[] = {
    {"hash", PK_TPL_HASH}, {"crc32", PK_TPL_CRC32},
    {"day", PK_TPL_DAY},   {"month", PK_TPL_MONTH},
    {"year", PK_TPL_YEAR}, {"weekday", PK_TPL_WEEKDAY},
    {"hour", PK_TPL_HOUR},
};

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s)) {
		s++;
	}
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1])) {
		*--e = '\0';
	}
	return s;
}

/* "name" or "/name" -> "/name" (owned) */
static char *prop_path(const char *name)
{
	return name[0] == '/' ? xstrdup(name) : xasprintf("/%s", name);
}

/* A decimal number in s (spaces around allowed) into out: 0; -1 not a
   number, -2 above 2^64 - 1 (strtoull would clamp it to UINT64_MAX,
   the values pattern's "does not fit in 64 bits"), -3 negative. */
static int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (*s == '-' && isdigit((unsigned char)s[1])) {
		return -3;
	}
	if (!isdigit((unsigned char)*s)) {
		return -1;
	}
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*trim(end) != '\0') {
		return -1;
	}
	if (errno == ERANGE) {
		return -2;
	}
	*out = v;
	return 0;
}

/* The reason parse_u64's rc gives for the number named what ("A") */
static const char *u64_why(int rc)
{
	return rc == -2	  ? "does not fit in 64 bits (at most "
			    "18446744073709551615)"
	       : rc == -3 ? "is negative (negative numbers are not allowed)"
			  : "is not a whole number";
}

struct pk_tpl_ctx {
	struct pk_pkey *k;
	struct pk_diag *diag;
	const char *where; /* the file, or "--key 'TEXT'" for a key from
			      the command line (line 0) */
	int line, col;
	char *placeholder; /* owned; the "{...}" being parsed, as written */
};

static int tpl_error(struct pk_tpl_ctx *t, const char *what, const char *in)
{
	diag_error(t->diag, t->where, t->line, t->col,
		   "partition key template '%s': %s '%s'; allowed: {name}, "
		   "{random A..B}, {hash(name) mod N}, {crc32(name) mod N}, "
		   "{day(name)}, "
		   "{month(name)}, {year(name)}, {weekday(name)}, "
		   "{hour(name)}",
		   t->k->text, what, in);
	return -1;
}

/* The property a template names (whether the items have it is
   keycheck's question). */
static int tpl_ref(struct pk_tpl_ctx *t, const char *name, size_t *ref)
{
	char *path = prop_path(trim((char *)name));
	int r;

	if (path[1] == '\0') {
		free(path);
		return tpl_error(t, "a property needs a name in",
				 t->placeholder ? t->placeholder : "{}");
	}
	r = pkey_add_ref(t->k, path);
	free(path);
	if (r < 0) {
		return tpl_error(t, "too many properties in", t->k->text);
	}
	*ref = (size_t)r;
	return 0;
}

/* f(name) -> kind and name; 0 if it has that form */
static int tpl_call(char *in, enum pk_tpl_kind *kind, char **arg, char **rest)
{
	char *open = strchr(in, '('), *close = strchr(in, ')');
	size_t i, n;

	if (!open || !close || close < open) {
		return -1;
	}
	n = (size_t)(open - in);
	for (i = 0; i < sizeof(tpl_fns) / sizeof(tpl_fns[0]); i++) {
		if (strlen(tpl_fns[i].name) == n &&
		    strncmp(in, tpl_fns[i].name, n) == 0) {
			*kind = tpl_fns[i].kind;
			*close = '\0';
			*arg = open + 1;
			*rest = close + 1;
			return 0;
		}
	}
	return -2;
}

static int tpl_placeholder(struct pk_tpl_ctx *t, char *in,
			   struct pk_tpl_part *p)
{
	char *arg, *rest, *dots;
	int rc;

	in = trim(in);
	t->placeholder = in[0] ? xasprintf("{%s}", in) : NULL;
	if (*in == '\0') {
		return tpl_error(t, "empty placeholder in", "{}");
	}
	if (strncmp(in, "random", 6) == 0 && isspace((unsigned char)in[6])) {
		p->kind = PK_TPL_RANDOM;
		dots = strstr(in + 7, "..");
		if (!dots) {
			return tpl_error(t, "a random part needs A..B, got",
					 t->placeholder);
		}
		*dots = '\0';
		if ((rc = parse_u64(trim(in + 7), &p->a)) != 0) {
			char *why = xasprintf("a random part needs A..B: A %s "
					      "in",
					      u64_why(rc));

			rc = tpl_error(t, why, t->placeholder);
			free(why);
			return rc;
		}
		if ((rc = parse_u64(trim(dots + 2), &p->b)) != 0) {
			char *why = xasprintf("a random part needs A..B: B %s "
					      "in",
					      u64_why(rc));

			rc = tpl_error(t, why, t->placeholder);
			free(why);
			return rc;
		}
		if (p->a > p->b) {
			return tpl_error(t,
					 "a random part needs A..B with A <= B",
					 t->placeholder);
		}
		return 0;
	}
	rc = tpl_call(in, &p->kind, &arg, &rest);
	if (rc == -2) {
		return tpl_error(t, "unknown function in", t->placeholder);
	}
	if (rc == 0) {
		if (tpl_ref(t, arg, &p->ref)) {
			return -1;
		}
		rest = trim(rest);
		if (p->kind == PK_TPL_HASH || p->kind == PK_TPL_CRC32) {
			const char *fn =
			    p->kind == PK_TPL_HASH ? "hash" : "crc32";

			if (strncmp(rest, "mod", 3) != 0) {
				/* '%' is C's and Python's modulo: say the
				   template writes it as a word */
				char *why = xasprintf(
				    *rest == '%'
					? "%s takes its modulus as 'mod N' "
					  "(a word, not '%%'), N >= 1, in"
					: "%s needs 'mod N' after its "
					  "property, N >= 1, in",
				    fn);

				rc = tpl_error(t, why, t->placeholder);
				free(why);
				return rc;
			}
			if ((rc = parse_u64(trim(rest + 3), &p->b)) != 0 ||
			    p->b == 0) {
				char *why = xasprintf(
				    "%s needs 'mod N' with N >= 1: N %s "
				    "in",
				    fn, rc ? u64_why(rc) : "is 0");

				rc = tpl_error(t, why, t->placeholder);
				free(why);
				return rc;
			}
		} else if (*rest) {
			return tpl_error(t, "unexpected text after",
					 t->placeholder);
		}
		return 0;
	}
	p->kind = PK_TPL_PROP;
	return tpl_ref(t, in, &p->ref);
}

static void add_part(struct pk_pkey *k, const struct pk_tpl_part *p)
{
	k->parts = xreallocarray(k->parts, k->n_parts + 1, sizeof(*p));
	k->parts[k->n_parts++] = *p;
}

static int parse_template(struct pk_tpl_ctx *t, const char *text)
{
	const char *s = text;

	while (*s) {
		struct pk_tpl_part p = {0};
		const char *open = strchr(s, '{');
		const char *close;
		char *in;
		int rc;

		if (open != s) {
			size_t n = open ? (size_t)(open - s) : strlen(s);

			p.kind = PK_TPL_TEXT;
			p.text = xstrndup(s, n);
			if (strchr(p.text, '}')) {
				free(p.text);
				return tpl_error(t, "a '}' without '{' in",
						 text);
			}
			add_part(t->k, &p);
			s += n;
			continue;
		}
		close = strchr(open, '}');
		if (!close) {
			return tpl_error(t, "an unclosed '{' in", text);
		}
		in = xstrndup(open + 1, (size_t)(close - open - 1));
		rc = tpl_placeholder(t, in, &p);
		free(in);
		free(t->placeholder);
		t->placeholder = NULL;
		if (rc) {
			return -1;
		}
		/* a random part of one value ({random 1..1}) is a constant
		   its reader knows (rule 38: only a suffix the reader cannot
		   compute makes a read a query) */
		t->k->has_random |= p.kind == PK_TPL_RANDOM && p.a != p.b;
		add_part(t->k, &p);
		s = close + 1;
	}
	return 0;
}

int pkey_parse_template(struct pk_pkey *k, struct pk_diag *diag,
			const char *where, int line, int col, const char *text)
{
	struct pk_tpl_ctx t = {k, diag, where, line, col, NULL};
	int rc = parse_template(&t, text);

	free(t.placeholder);
	return rc;
}

/* ---- timestamps for {day(ts)} and friends ---- */

/* Whole seconds of t_ms, rounded down (before 1970 too). */
static int64_t floor_seconds(int64_t t_ms)
{
	return (t_ms - (t_ms < 0 ? 999 : 0)) / 1000;
}

/* Epoch seconds x as whole seconds (floor: -0.5 is 1969-12-31T23:59:59);
   -1 when x is not finite or beyond PK_PKEY_MAX_EPOCH_S either way. */
static int seconds_of(double x, int64_t *secs)
{
	if (!isfinite(x) || fabs(x) > PK_PKEY_MAX_EPOCH_S) {
		return -1;
	}
	*secs = (int64_t)floor(x);
	return 0;
}

static int time_of(const struct pk_value *v, int64_t *secs)
{
	char *end;
	char tmp[64];
	double x;
	int64_t ms;

	if (v->type == PK_VALUE_NUMBER) {
		return seconds_of(v->num, secs);
	}
	if (v->type != PK_VALUE_STRING || v->len == 0) {
		return -1;
	}
	if (isotime_parse_ms(v->str, v->len, &ms) == 0) {
		*secs = floor_seconds(ms);
		return 0;
	}
	if (v->len < sizeof(tmp)) {
		memcpy(tmp, v->str, v->len);
		tmp[v->len] = '\0';
		x = strtod(tmp, &end);
		if (end != tmp && *end == '\0') {
			return seconds_of(x, secs);
		}
	}
	return -1;
}

const char *pkey_tpl_time_format(enum pk_tpl_kind kind)
{
	switch (kind) {
	case PK_TPL_DAY:
		return "%Y-%m-%d";
	case PK_TPL_MONTH:
		return "%Y-%m";
	case PK_TPL_YEAR:
		return "%Y";
	case PK_TPL_WEEKDAY:
		return "%A";
	case PK_TPL_HOUR:
		return "%Y-%m-%dT%H";
	default:
		return NULL;
	}
}

static size_t format_time(enum pk_tpl_kind kind, int64_t secs, char *out,
			  size_t cap)
{
	time_t t = (time_t)secs;
	struct tm tm;

	if (!gmtime_r(&t, &tm)) {
		return 0;
	}
	return strftime(out, cap, pkey_tpl_time_format(kind), &tm);
}

/*
 * A finite number x as JavaScript's Number.prototype.toString and
 * JSON.stringify write it (ECMA-262, Number::toString): the fewest
 * significant digits that read back as x; an integer below 10^21 in plain
 * digits (1e3 -> "1000", 1e15 -> "1000000000000000"); -0 as "0"; a
 * fraction down to 10^-6 with a point ("0.000001"); otherwise an exponent
 * without padding ("1e+21", "1e-7", "1.5e-7"). out holds at least 32
 * bytes; returns the length.
 */
static size_t number_text(double x, char *out)
{
	char e[40], digits[20], *p = out;
	int prec, k = 0, n, i;

	if (x == 0 || !isfinite(x)) {
		return (size_t)sprintf(out, "%s", x == 0 ? "0" : "null");
	}
	if (x < 0) {
		*p++ = '-';
		x = -x;
	}
	/* %.{prec}e is correctly rounded: the first that reads back is the
	   shortest (1 to 17 significant digits) */
	for (prec = 0; prec < 17; prec++) {
		snprintf(e, sizeof(e), "%.*e", prec, x);
		if (strtod(e, NULL) == x) {
			break;
		}
	}
	for (i = 0; e[i] != 'e'; i++) {
		if (e[i] != '.') {
			digits[k++] = e[i];
		}
	}
	while (k > 1 && digits[k - 1] == '0') {
		k--;
	}
	digits[k] = '\0';
	n = atoi(e + i + 1) + 1; /* x = 0.digits x 10^n */
	if (k <= n && n <= 21) {
		p += sprintf(p, "%s%.*s", digits, n - k,
			     "000000000000000000000");
	} else if (0 < n && n <= 21) {
		p += sprintf(p, "%.*s.%s", n, digits, digits + n);
	} else if (-6 < n && n <= 0) {
		p += sprintf(p, "0.%.*s%s", -n, "000000", digits);
	} else {
		p += sprintf(p, "%c%s%.*se%c%d", digits[0], k > 1 ? "." : "",
			     k - 1, digits + 1, n - 1 >= 0 ? '+' : '-',
			     abs(n - 1));
	}
	return (size_t)(p - out);
}

/* The text a value contributes to key k's template: strings as they
   are, numbers as JavaScript writes them (number_text; under
   exact_numbers a number with its text as that text, every digit kept:
   decimal_format), true/false/null as words, undefined as nothing. */
static size_t value_text(const struct pk_pkey *k, const struct pk_value *v,
			 char *out, size_t cap)
{
	char tmp[64];
	size_t n;

	if (v->type == PK_VALUE_STRING) {
		n = v->len < cap ? v->len : cap;
		memcpy(out, v->str, n);
		return n;
	}
	if (v->type == PK_VALUE_UNDEFINED) {
		return 0;
	}
	if (v->type == PK_VALUE_NUMBER && k->exact_numbers && v->str) {
		n = value_format(v, tmp, sizeof(tmp));
	} else if (v->type == PK_VALUE_NUMBER) {
		n = number_text(v->num, tmp);
	} else {
		value_format(v, tmp, sizeof(tmp));
		n = strlen(tmp);
	}
	n = n < cap ? n : cap;
	memcpy(out, tmp, n);
	return n;
}

uint64_t pkey_hash_class(const struct pk_pkey *k, size_t ref,
			 const struct pk_value *v, uint64_t *cls)
{
	char vbuf[PK_VALUE_MAX_BYTES];
	size_t i, len;
	uint64_t n = 1, c = 0;
	int seen = 0;

	*cls = 0;
	if (k->kind != PK_KEY_SYNTHETIC) {
		return 0;
	}
	len = value_text(k, v, vbuf, sizeof(vbuf));
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];
		uint32_t h;

		if ((p->kind != PK_TPL_HASH && p->kind != PK_TPL_CRC32) ||
		    p->ref != ref) {
			continue;
		}
		if (p->b == 0 || n > UINT32_MAX / p->b) {
			return 0;
		}
		h = p->kind == PK_TPL_HASH ? pkey_fnv1a32(vbuf, len)
					   : pkey_crc32(vbuf, len);
		c += (h % p->b) * n;
		n *= p->b;
		seen = 1;
	}
	*cls = seen ? c : 0;
	return seen ? n : 0;
}

static uint64_t random_part(const struct pk_pkey *k,
			    const struct pk_tpl_part *p, uint64_t item)
{
	struct pk_rng r;

	/* one draw per item and range A..B from the run's seeded generator
	   family: the item's own suffix on every read, and the same in every
	   variant and template that draws from the same range */
	rng_seed(&r, k->seed ^ (item * PK_PKEY_ITEM_MIX) ^
			 (p->a * PK_PKEY_RANGE_MIX_A) ^
			 (p->b * PK_PKEY_RANGE_MIX_B));
	return rng_between(&r, p->a, p->b);
}

uint64_t pkey_random_values(const struct pk_pkey *k)
{
	uint64_t n = 1, span;
	size_t i;

	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];

		if (p->kind != PK_TPL_RANDOM) {
			continue;
		}
		span = p->b - p->a + 1;
		if (span == 0 || n > UINT64_MAX / span) {
			return UINT64_MAX;
		}
		n *= span;
	}
	return n;
}

int pkey_build_template(const struct pk_pkey *k,
			const struct pk_item_source *src, uint64_t pick,
			char *buf, size_t cap, struct pk_keyval *out)
{
	char vbuf[PK_VALUE_MAX_BYTES], tmp[64];
	size_t n = 0, i, add;
	uint64_t rest = pick, span, drawn;
	struct pk_value v;
	int64_t secs;

	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];
		const char *s = tmp;

		add = 0;
		if (p->kind == PK_TPL_TEXT) {
			s = p->text;
			add = strlen(s);
		} else if (p->kind == PK_TPL_RANDOM) {
			/* candidate `pick`: its digits in the mixed radix of
			   the random parts' spans, first part lowest */
			span = p->b - p->a + 1;
			drawn = pick == PK_PICK_DRAWN
				    ? random_part(k, p, src->item)
				    : p->a + (span ? rest % span : rest);
			rest = span ? rest / span : 0;
			add = (size_t)snprintf(tmp, sizeof(tmp), "%llu",
					       (unsigned long long)drawn);
		} else {
			if (pkey_get_value(src, p->ref, &v, vbuf, out)) {
				return -1;
			}
			if (p->kind == PK_TPL_PROP) {
				s = vbuf;
				add = value_text(k, &v, vbuf, sizeof(vbuf));
			} else if (p->kind == PK_TPL_HASH ||
				   p->kind == PK_TPL_CRC32) {
				size_t len =
				    value_text(k, &v, vbuf, sizeof(vbuf));
				uint32_t h = p->kind == PK_TPL_HASH
						 ? pkey_fnv1a32(vbuf, len)
						 : pkey_crc32(vbuf, len);

				add = (size_t)snprintf(
				    tmp, sizeof(tmp), "%llu",
				    (unsigned long long)(h % p->b));
			} else if (time_of(&v, &secs) == 0) {
				add = format_time(p->kind, secs, tmp,
						  sizeof(tmp));
			}
		}
		if (n + add > cap) {
			pkey_keyval_fail(out,
					 "the synthetic partition key value is "
					 "longer than 2,048 bytes");
			return -1;
		}
		memcpy(buf + n, s, add);
		n += add;
	}
	return (int)n;
}
