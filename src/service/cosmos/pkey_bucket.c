/*
 * pkey_bucket: how long a partition key value keeps receiving writes when
 * the value moves on with time (pkey_time_bucket, pkey.h): a template's
 * time parts ({day(ts)} and friends) and the generated clock properties a
 * key reads, read as strftime formats. Days to full (result.h) asks it:
 * a date's logical partition grows for one day, then never again; a
 * weekday's grows one day in seven, for ever.
 *
 * Left out: a data file's own date strings (a property "/date" holding
 * "2026-03-04"): pksim cannot know that text is a time, so such a key
 * counts as any other.
 */
#include "pksim/service/cosmos/pkey.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pkey_int.h"
#include "pksim/base/isotime.h"
#include "pksim/base/mem.h"

/* One strftime conversion: the time its text stands for and when that
   text comes back (0: never, it holds the year or the epoch). */
struct conv {
	char c;
	int64_t len_s;
	int64_t cycle_s;
};

static const struct conv convs[] = {
    /* absolute: the value never comes back. ASSUMPTION: a two-digit
       year (%y, %g) comes back after 100 years, far past any horizon
       pksim reports: counted as never */
    {'Y', PK_BUCKET_YEAR_S, 0},
    {'G', PK_BUCKET_YEAR_S, 0},
    {'y', PK_BUCKET_YEAR_S, 0},
    {'g', PK_BUCKET_YEAR_S, 0},
    {'C', 100 * PK_BUCKET_YEAR_S, 0},
    {'s', 1, 0},
    {'c', 1, 0},
    {'F', PK_BUCKET_DAY_S, 0},
    {'D', PK_BUCKET_DAY_S, 0},
    {'x', PK_BUCKET_DAY_S, 0},
    /* recurring */
    {'m', PK_BUCKET_MONTH_S, PK_BUCKET_YEAR_S},
    {'b', PK_BUCKET_MONTH_S, PK_BUCKET_YEAR_S},
    {'B', PK_BUCKET_MONTH_S, PK_BUCKET_YEAR_S},
    {'h', PK_BUCKET_MONTH_S, PK_BUCKET_YEAR_S},
    {'d', PK_BUCKET_DAY_S, PK_BUCKET_MONTH_S},
    {'e', PK_BUCKET_DAY_S, PK_BUCKET_MONTH_S},
    {'j', PK_BUCKET_DAY_S, PK_BUCKET_YEAR_S},
    {'a', PK_BUCKET_DAY_S, PK_BUCKET_WEEK_S},
    {'A', PK_BUCKET_DAY_S, PK_BUCKET_WEEK_S},
    {'u', PK_BUCKET_DAY_S, PK_BUCKET_WEEK_S},
    {'w', PK_BUCKET_DAY_S, PK_BUCKET_WEEK_S},
    {'U', PK_BUCKET_WEEK_S, PK_BUCKET_YEAR_S},
    {'W', PK_BUCKET_WEEK_S, PK_BUCKET_YEAR_S},
    {'V', PK_BUCKET_WEEK_S, PK_BUCKET_YEAR_S},
    {'H', PK_BUCKET_HOUR_S, PK_BUCKET_DAY_S},
    {'k', PK_BUCKET_HOUR_S, PK_BUCKET_DAY_S},
    {'I', PK_BUCKET_HOUR_S, PK_BUCKET_DAY_S / 2},
    {'l', PK_BUCKET_HOUR_S, PK_BUCKET_DAY_S / 2},
    {'p', PK_BUCKET_DAY_S / 2, PK_BUCKET_DAY_S},
    {'P', PK_BUCKET_DAY_S / 2, PK_BUCKET_DAY_S},
    {'M', PK_BUCKET_MINUTE_S, PK_BUCKET_HOUR_S},
    {'R', PK_BUCKET_MINUTE_S, PK_BUCKET_DAY_S},
    {'S', 1, PK_BUCKET_MINUTE_S},
    {'T', 1, PK_BUCKET_DAY_S},
    {'r', 1, PK_BUCKET_DAY_S},
    {'X', 1, PK_BUCKET_DAY_S},
};

/* What the bucket so far (*b, *absolute) becomes with conversion c. */
static void add_conv(char c, struct pk_time_bucket *b, int *absolute)
{
	size_t i;

	for (i = 0; i < sizeof(convs) / sizeof(convs[0]); i++) {
		if (convs[i].c != c) {
			continue;
		}
		if (b->len_s == 0 || convs[i].len_s < b->len_s) {
			b->len_s = convs[i].len_s;
		}
		if (convs[i].cycle_s == 0) {
			*absolute = 1;
		} else if (convs[i].cycle_s > b->period_s) {
			b->period_s = convs[i].cycle_s;
		}
		return;
	}
}

static void add_format(const char *fmt, struct pk_time_bucket *b, int *absolute)
{
	const char *p;

	for (p = fmt; (p = strchr(p, '%')) != NULL && p[1]; p += 2) {
		if ((p[1] == 'E' || p[1] == 'O') && p[2]) {
			p++; /* a modifier: the conversion follows */
		}
		add_conv(p[1], b, absolute);
	}
}

/* The clock format of the generated property at path, or NULL. */
static const char *clock_of(const struct pk_scenario *sc, const char *path)
{
	size_t i;

	for (i = 0; sc && i < sc->n_props; i++) {
		if (sc->props[i].kind == PK_GEN_CLOCK &&
		    strcmp(sc->props[i].path, path) == 0) {
			return sc->props[i].clock_format;
		}
	}
	return NULL;
}

/* 1 when part p of key k hashes a generated clock property of sc */
static int hashes_clock(const struct pk_pkey *k, const struct pk_scenario *sc,
			const struct pk_tpl_part *p)
{
	return (p->kind == PK_TPL_HASH || p->kind == PK_TPL_CRC32) &&
	       p->b > 0 && clock_of(sc, k->refs[p->ref]) != NULL;
}

/* The values key k's hashes of a time take (their N multiplied) when
   every time part of k is such a hash; 0 when k reads a time otherwise
   too (a plain time part beside one keeps its own buckets, the hash then
   counted as any other part), reads none, or past UINT32_MAX values */
static uint64_t hashed_values(const struct pk_pkey *k,
			      const struct pk_scenario *sc)
{
	uint64_t n = 1;
	int seen = 0;
	size_t i;

	if (k->kind != PK_KEY_SYNTHETIC) {
		return 0;
	}
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];

		if (pkey_tpl_time_format(p->kind) != NULL ||
		    (p->kind == PK_TPL_PROP &&
		     clock_of(sc, k->refs[p->ref]) != NULL)) {
			return 0;
		}
		if (hashes_clock(k, sc, p)) {
			if (n > UINT32_MAX / p->b) {
				return 0;
			}
			n *= p->b;
			seen = 1;
		}
	}
	return seen ? n : 0;
}

/* The value key k's hashes of a time give an item created at wall_s
   (each part's hash mod N of its clock's text, as pkey_build_template
   hashes it; a mixed radix, the first part lowest) */
static uint64_t hashed_class(const struct pk_pkey *k,
			     const struct pk_scenario *sc, int64_t wall_s)
{
	char text[PK_KEY_MAX_VALUE_BYTES];
	time_t t = (time_t)wall_s;
	struct tm tm;
	uint64_t c = 0, n = 1;
	size_t i, len;

	gmtime_r(&t, &tm);
	for (i = 0; i < k->n_parts; i++) {
		const struct pk_tpl_part *p = &k->parts[i];
		uint32_t h;

		if (!hashes_clock(k, sc, p)) {
			continue;
		}
		len = strftime(text, sizeof(text),
			       clock_of(sc, k->refs[p->ref]), &tm);
		h = p->kind == PK_TPL_HASH ? pkey_fnv1a32(text, len)
					   : pkey_crc32(text, len);
		c += (h % p->b) * n;
		n *= p->b;
	}
	return c;
}

static int cmp_u64(const void *a, const void *b)
{
	const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Buckets of one cycle a hash of a time is counted over, at most (a
   day of seconds; past it each value is taken as an equal share) */
#define PK_BUCKET_HASH_TEXTS 86400

/* The bucket of a key whose time parts are all hashes of clocks (n
   values): the clocks' own bucket length; the fullest value's share of
   the time counted over one cycle of the clocks' formats from sc's
   clock start when they come back (every bucket of the cycle hashed),
   else 1 / n (ASSUMPTION: the hashes of texts that never come back
   spread evenly over the n values) */
static void hashed_bucket(const struct pk_pkey *k, const struct pk_scenario *sc,
			  uint64_t n, struct pk_time_bucket *out)
{
	int absolute = 0;
	size_t i;

	for (i = 0; i < k->n_parts; i++) {
		if (hashes_clock(k, sc, &k->parts[i])) {
			add_format(clock_of(sc, k->refs[k->parts[i].ref]), out,
				   &absolute);
		}
	}
	if (out->len_s == 0) {
		memset(out, 0, sizeof(*out));
		return;
	}
	out->hash_values = n;
	out->hash_share = 1.0 / (double)n;
	if (!absolute && out->period_s > 0 &&
	    out->period_s / out->len_s <= PK_BUCKET_HASH_TEXTS) {
		const size_t m = (size_t)(out->period_s / out->len_s);
		uint64_t *cls = xmalloc(m * sizeof(*cls));
		size_t run = 1, most = 1;

		for (i = 0; i < m; i++) {
			cls[i] = hashed_class(
			    k, sc, sc->clock_start_s + (int64_t)i * out->len_s);
		}
		qsort(cls, m, sizeof(*cls), cmp_u64);
		for (i = 1; i < m; i++) {
			run = cls[i] == cls[i - 1] ? run + 1 : 1;
			most = run > most ? run : most;
		}
		free(cls);
		out->hash_share = (double)most / (double)m;
	}
	out->period_s = llround((double)out->len_s / out->hash_share);
}

void pkey_time_bucket(const struct pk_pkey *k, const struct pk_scenario *sc,
		      struct pk_time_bucket *out)
{
	int absolute = 0;
	const char *f;
	uint64_t n;
	size_t i;

	memset(out, 0, sizeof(*out));
	if ((n = hashed_values(k, sc)) > 0) {
		hashed_bucket(k, sc, n, out);
		return;
	}
	if (k->kind != PK_KEY_SYNTHETIC) {
		for (i = 0; i < k->n_refs; i++) {
			if ((f = clock_of(sc, k->refs[i])) != NULL) {
				add_format(f, out, &absolute);
			}
		}
	} else {
		for (i = 0; i < k->n_parts; i++) {
			const struct pk_tpl_part *p = &k->parts[i];

			if ((f = pkey_tpl_time_format(p->kind)) != NULL) {
				add_format(f, out, &absolute);
			} else if (p->kind == PK_TPL_PROP &&
				   (f = clock_of(sc, k->refs[p->ref])) !=
				       NULL) {
				add_format(f, out, &absolute);
			}
		}
	}
	if (absolute || out->len_s == 0) {
		out->period_s = 0;
	}
}

/* Append strftime(fmt, tm) to buf at *len (cap bytes). */
static void put_time(const char *fmt, const struct tm *tm, char *buf,
		     size_t cap, size_t *len)
{
	if (*len + 1 < cap) {
		*len += strftime(buf + *len, cap - *len, fmt, tm);
	}
}

/* The time format of the i-th of key k's n_formats(k) places (a path,
   a level or a template part) that may write a time, or NULL when that
   one does not: pkey_time_text and pkey_time_span_s read the same list */
static size_t n_formats(const struct pk_pkey *k)
{
	return k->kind == PK_KEY_SYNTHETIC ? k->n_parts : k->n_refs;
}

static const char *format_of(const struct pk_pkey *k,
			     const struct pk_scenario *sc, size_t i)
{
	const struct pk_tpl_part *p;
	const char *f;

	if (k->kind != PK_KEY_SYNTHETIC) {
		return clock_of(sc, k->refs[i]);
	}
	p = &k->parts[i];
	f = pkey_tpl_time_format(p->kind);
	if (f == NULL && p->kind == PK_TPL_PROP) {
		f = clock_of(sc, k->refs[p->ref]);
	}
	return f;
}

size_t pkey_time_text(const struct pk_pkey *k, const struct pk_scenario *sc,
		      int64_t wall_s, char *buf, size_t cap)
{
	time_t t = (time_t)wall_s;
	struct tm tm;
	const char *f;
	size_t i, len = 0;

	if (cap == 0) {
		return 0;
	}
	buf[0] = '\0';
	if (hashed_values(k, sc) > 0) {
		/* the value the hashes give: buckets whose times hash
		   alike are one */
		snprintf(buf, cap, "#%llu",
			 (unsigned long long)hashed_class(k, sc, wall_s));
		return strlen(buf);
	}
	gmtime_r(&t, &tm);
	for (i = 0; i < n_formats(k); i++) {
		if ((f = format_of(k, sc, i)) != NULL) {
			put_time(f, &tm, buf, cap, &len);
		}
	}
	return len;
}

int64_t pkey_time_span_s(const struct pk_pkey *k, const struct pk_scenario *sc)
{
	const int hashed = hashed_values(k, sc) > 0;
	int64_t span = 86400, u;
	const char *f;
	size_t i;

	for (i = 0; i < n_formats(k); i++) {
		f = !hashed ? format_of(k, sc, i)
		    : hashes_clock(k, sc, &k->parts[i])
			? clock_of(sc, k->refs[k->parts[i].ref])
			: NULL;
		if (f != NULL && (u = isotime_format_span_s(f)) < span) {
			span = u;
		}
	}
	return span;
}
