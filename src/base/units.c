/*
 * units: sizes, durations, rates and numbers from text (units.h). Exact
 * where it matters: sizes and durations are parsed in integers (a
 * duration's fraction must give whole seconds), a size's fraction is
 * rounded to the nearest byte.
 */
#include "pksim/base/units.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Fraction digits kept when parsing a size (more only refine rounding). */
#define PK_UNITS_SIZE_FRAC_DIGITS 18
/* Fraction digits a whole-second duration can have: 1 d = 86,400 s =
   2^7 x 3^3 x 5^2 s, so more than 2 significant fraction digits never give
   whole seconds; 9 is a comfortable bound that keeps arithmetic exact. */
#define PK_UNITS_DURATION_FRAC_DIGITS 9

/* A non-negative decimal number: ip + frac_num / frac_den. */
struct dec {
	uint64_t ip;
	uint64_t frac_num;
	uint64_t frac_den; /* 10^k, k fraction digits kept */
	const char *end;   /* first byte after the number */
};

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static const char *skip_spaces(const char *s)
{
	while (*s == ' ') {
		s++;
	}
	return s;
}

/* Length of s without trailing spaces. */
static size_t trim_len(const char *s)
{
	size_t n = strlen(s);

	while (n > 0 && s[n - 1] == ' ') {
		n--;
	}
	return n;
}

/*
 * Parse "12", "1.5", ".5" at s (leading spaces skipped), keeping at most
 * max_frac fraction digits (more must still be digits; they are dropped).
 * With strict_frac, dropped digits must be zeros or PK_UNITS_FRACTION results.
 */
static enum pk_units_status dec_parse(const char *s, int max_frac,
				      int strict_frac, struct dec *d)
{
	int any = 0, k = 0;

	s = skip_spaces(s);
	d->ip = 0;
	d->frac_num = 0;
	d->frac_den = 1;
	if (*s == '-' && (is_digit(s[1]) || s[1] == '.')) {
		return PK_UNITS_NEGATIVE;
	}
	if (*s == '+') {
		s++;
	}
	while (is_digit(*s)) {
		unsigned dig = (unsigned)(*s - '0');

		if (d->ip > (UINT64_MAX - dig) / 10) {
			return PK_UNITS_RANGE;
		}
		d->ip = d->ip * 10 + dig;
		any = 1;
		s++;
	}
	if (*s == '.') {
		s++;
		while (is_digit(*s)) {
			if (k < max_frac) {
				d->frac_num =
				    d->frac_num * 10 + (uint64_t)(*s - '0');
				d->frac_den *= 10;
				k++;
			} else if (strict_frac && *s != '0') {
				return PK_UNITS_FRACTION;
			}
			any = 1;
			s++;
		}
	}
	if (!any) {
		return PK_UNITS_SYNTAX;
	}
	d->end = s;
	return PK_UNITS_OK;
}

/* Multiplier for a size unit of len bytes at u, or 0 if unknown. */
static uint64_t size_unit(const char *u, size_t len)
{
	static const struct {
		const char *name;
		uint64_t mult;
	} units[] = {
	    {"", 1},
	    {"B", 1},
	    {"KB", 1ULL << 10},
	    {"MB", 1ULL << 20},
	    {"GB", 1ULL << 30},
	    {"TB", 1ULL << 40},
	    {"KiB", 1ULL << 10},
	    {"MiB", 1ULL << 20},
	    {"GiB", 1ULL << 30},
	    {"TiB", 1ULL << 40},
	};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strlen(units[i].name) == len &&
		    memcmp(units[i].name, u, len) == 0) {
			return units[i].mult;
		}
	}
	return 0;
}

/* Size with detail; *unit (if not NULL) gets the unit text on PK_UNITS_UNIT. */
enum pk_units_status units_read_size(const char *text, uint64_t *bytes,
				     const char **unit)
{
	struct dec d;
	enum pk_units_status st =
	    dec_parse(text, PK_UNITS_SIZE_FRAC_DIGITS, 0, &d);
	const char *u;
	uint64_t mult, whole, part;
	long double frac;

	if (st != PK_UNITS_OK) {
		return st;
	}
	u = skip_spaces(d.end);
	mult = size_unit(u, trim_len(u));
	if (!mult) {
		if (unit) {
			*unit = u;
		}
		return PK_UNITS_UNIT;
	}
	if (__builtin_mul_overflow(d.ip, mult, &whole)) {
		return PK_UNITS_RANGE;
	}
	frac = (long double)d.frac_num / (long double)d.frac_den *
	       (long double)mult;
	part = (uint64_t)(frac + 0.5L);
	if (__builtin_add_overflow(whole, part, &whole)) {
		return PK_UNITS_RANGE;
	}
	*bytes = whole;
	return PK_UNITS_OK;
}

/* Duration units and the milliseconds each stands for; no unit is
   seconds. "ms" only where a duration may be shorter than a second. */
static const struct {
	const char *name;
	uint64_t ms;
} duration_units[] = {
    {"ms", 1},	  {"", 1000},	  {"s", 1000},
    {"m", 60000}, {"h", 3600000}, {"d", 86400000},
};

/*
 * A duration in ms that must be a whole number of grain_ms (1000: whole
 * seconds, and "ms" is no unit then; 1: whole milliseconds), for
 * units_read_duration and units_read_duration_ms.
 */
static enum pk_units_status read_duration(const char *text, uint64_t grain_ms,
					  int64_t *ms, const char **unit)
{
	struct dec d;
	enum pk_units_status st =
	    dec_parse(text, PK_UNITS_DURATION_FRAC_DIGITS, 1, &d);
	const char *u;
	size_t ulen, i;
	uint64_t mult = 0, whole, fms;

	if (st != PK_UNITS_OK) {
		return st;
	}
	u = skip_spaces(d.end);
	ulen = trim_len(u);
	for (i = 0; i < sizeof(duration_units) / sizeof(duration_units[0]);
	     i++) {
		if (duration_units[i].ms >= grain_ms &&
		    strlen(duration_units[i].name) == ulen &&
		    memcmp(duration_units[i].name, u, ulen) == 0) {
			mult = duration_units[i].ms;
		}
	}
	if (!mult) {
		if (unit) {
			*unit = u;
		}
		return PK_UNITS_UNIT;
	}
	/* frac_num < 10^9 and mult <= 8.64e7: below 2^64; frac_den <=
	   10^9 and grain_ms <= 1,000: so is their product */
	fms = d.frac_num * mult;
	if (fms % (d.frac_den * grain_ms) != 0) {
		return PK_UNITS_FRACTION;
	}
	if (__builtin_mul_overflow(d.ip, mult, &whole) ||
	    __builtin_add_overflow(whole, fms / d.frac_den, &whole) ||
	    whole > (uint64_t)INT64_MAX) {
		return PK_UNITS_RANGE;
	}
	*ms = (int64_t)whole;
	return PK_UNITS_OK;
}

enum pk_units_status units_read_duration(const char *text, int64_t *ms,
					 const char **unit)
{
	return read_duration(text, PK_MS_PER_S, ms, unit);
}

enum pk_units_status units_read_duration_ms(const char *text, int64_t *ms,
					    const char **unit)
{
	return read_duration(text, 1, ms, unit);
}

enum pk_units_status units_read_rate(const char *text, double *per_s,
				     const char **unit)
{
	struct dec d;
	enum pk_units_status st =
	    dec_parse(text, PK_UNITS_SIZE_FRAC_DIGITS, 0, &d);
	const char *u;
	double v, div;

	if (st != PK_UNITS_OK) {
		return st;
	}
	u = skip_spaces(d.end);
	if (*u == '\0') {
		div = 1;
	} else if (*u == '/') {
		const char *w = skip_spaces(u + 1);
		size_t wl = trim_len(w);

		if (wl == 1 && w[0] == 's') {
			div = 1;
		} else if (wl == 1 && w[0] == 'm') {
			div = 60;
		} else if (wl == 1 && w[0] == 'h') {
			div = 3600;
		} else {
			if (unit) {
				*unit = u;
			}
			return PK_UNITS_UNIT;
		}
	} else {
		if (unit) {
			*unit = u;
		}
		return PK_UNITS_UNIT;
	}
	v = (double)d.ip + (double)d.frac_num / (double)d.frac_den;
	*per_s = v / div;
	return PK_UNITS_OK;
}

int units_parse_size(const char *text, uint64_t *bytes)
{
	uint64_t b;

	if (!text || units_read_size(text, &b, NULL) != PK_UNITS_OK) {
		return -1;
	}
	*bytes = b;
	return 0;
}

int units_parse_duration(const char *text, int64_t *ms)
{
	int64_t v;

	if (!text || units_read_duration(text, &v, NULL) != PK_UNITS_OK) {
		return -1;
	}
	*ms = v;
	return 0;
}

int units_parse_rate(const char *text, double *per_s)
{
	double v;

	if (!text || units_read_rate(text, &v, NULL) != PK_UNITS_OK) {
		return -1;
	}
	*per_s = v;
	return 0;
}

/*
 * Strict decimal number as YAML 1.2's core schema writes one:
 * [-+]? digits [. digits] [e [-+] digits], or [-+]? . digits ...
 * Returns 1 and the value, or 0 (also for infinities after overflow).
 */
int units_number(const char *s, double *out)
{
	const char *p = s;
	int digits = 0;
	char *end;
	double v;

	if (*p == '-' || *p == '+') {
		p++;
	}
	while (is_digit(*p)) {
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		while (is_digit(*p)) {
			p++;
			digits++;
		}
	}
	if (!digits) {
		return 0;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '-' || *p == '+') {
			p++;
		}
		if (!is_digit(*p)) {
			return 0;
		}
		while (is_digit(*p)) {
			p++;
		}
	}
	if (*p) {
		return 0;
	}
	errno = 0;
	v = strtod(s, &end);
	if (*end || !isfinite(v)) {
		return 0;
	}
	*out = v;
	return 1;
}

/* Strict decimal integer [-+]?digits into int64; 0 if not one. */
int units_int(const char *s, int64_t *out)
{
	const char *p = s;
	char *end;
	long long v;

	if (*p == '-' || *p == '+') {
		p++;
	}
	if (!is_digit(*p)) {
		return 0;
	}
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end || errno == ERANGE) {
		return 0;
	}
	*out = v;
	return 1;
}
