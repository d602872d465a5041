/*
 * scenario_get: the loader's errors and typed getters (loader.h). Each
 * getter reports its own error at the node and returns -1; numbers and
 * units are read by base/units, the messages name what is allowed.
 */
#include "loader.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"

/* ------------------------------------------------------------------ */
/* Errors */

void ld_err_at(struct ld *ld, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror(ld->d, ld->file, line, col, fmt, ap);
	va_end(ap);
}

void ld_warn_at(struct ld *ld, int line, int col, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_warning(ld->d, ld->file, line, col, "%s", msg);
	free(msg);
}

void ld_err(struct ld *ld, const struct yn *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror(ld->d, ld->file, n->line, n->col, fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------------ */
/* Typed getters: each reports its own error and returns -1 */

int ld_need_kind(struct ld *ld, const struct yn *n, enum yn_kind kind,
		 const char *key, const char *what)
{
	char buf[PK_YN_DESC_BYTES];

	if (n->kind == kind) {
		return 0;
	}
	ld_err(ld, n, "%s must be %s (got %s)", key, what,
	       yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/* A non-empty string (or with allow_empty, any string); owned copy. */
int ld_get_string(struct ld *ld, const struct yn *n, const char *key,
		  int allow_empty, char **out)
{
	if (ld_need_kind(ld, n, YN_SCALAR, key, "a string") < 0) {
		return -1;
	}
	if (!allow_empty && n->len == 0) {
		ld_err(ld, n, "%s must not be empty", key);
		return -1;
	}
	*out = xstrdup(n->text);
	return 0;
}

/* An integer in [min, max]; what describes the allowed values. */
int ld_get_int(struct ld *ld, const struct yn *n, const char *key, int64_t min,
	       int64_t max, const char *what, int64_t *out)
{
	char buf[PK_YN_DESC_BYTES];
	int64_t v;

	if (n->kind == YN_SCALAR && units_int(n->text, &v) && v >= min &&
	    v <= max) {
		*out = v;
		return 0;
	}
	ld_err(ld, n, "%s must be %s (got %s)", key, what,
	       yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/*
 * A number in the range lo..hi (each end open or closed as flagged);
 * what describes the allowed values.
 */
int ld_get_number(struct ld *ld, const struct yn *n, const char *key, double lo,
		  int lo_open, double hi, int hi_open, const char *what,
		  double *out)
{
	char buf[PK_YN_DESC_BYTES];
	double v;

	if (n->kind == YN_SCALAR && units_number(n->text, &v) &&
	    (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi)) {
		*out = v;
		return 0;
	}
	ld_err(ld, n, "%s must be %s (got %s)", key, what,
	       yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/*
 * When the unit units_read_* stopped at is an exponent ("e9/s" of
 * "1e9/s"), report that exponents are not allowed, with the number in
 * digits when it has at most 15 of them, and return 1; else 0 (allowed
 * says what a number with its unit is written as).
 */
static int exponent_error(struct ld *ld, const struct yn *n, const char *key,
			  const char *unit, const char *allowed)
{
	char buf[PK_YN_DESC_BYTES], num[32], digits[64];
	const char *rest = unit + 1;
	double x;

	if (*rest == '+' || *rest == '-') {
		rest++;
	}
	if ((unit[0] != 'e' && unit[0] != 'E') || !ld_is_digit(*rest)) {
		return 0;
	}
	while (ld_is_digit(*rest)) {
		rest++;
	}
	x = strtod(n->text, NULL);
	digits[0] = '\0';
	snprintf(num, sizeof(num), "%.15g", x);
	if (isfinite(x) && !strchr(num, 'e')) {
		snprintf(digits, sizeof(digits), ": %.31s%.16s", num, rest);
	}
	ld_err(ld, n,
	       "%s %s has an exponent ('%.*s'), which numbers here may not "
	       "have; write the number in plain digits, a decimal point "
	       "allowed%s; allowed: %s",
	       key, yn_desc(n, buf, sizeof(buf)), (int)(rest - unit), unit,
	       digits, allowed);
	return 1;
}

/* A size in bytes within [min, max]; what names the range for messages. */
int ld_get_size(struct ld *ld, const struct yn *n, const char *key,
		uint64_t min, uint64_t max, const char *what, uint64_t *out)
{
	char buf[PK_YN_DESC_BYTES];
	const char *unit = "";
	uint64_t v;
	enum pk_units_status st;

	if (ld_need_kind(ld, n, YN_SCALAR, key,
			 "a size such as 512, 4KB or 1.5 MB") < 0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	st = units_read_size(n->text, &v, &unit);
	switch (st) {
	case PK_UNITS_OK:
		if (v < min || v > max) {
			ld_err(ld, n, "%s must be %s (got %s = %llu bytes)",
			       key, what, buf, (unsigned long long)v);
			return -1;
		}
		*out = v;
		return 0;
	case PK_UNITS_UNIT:
		if (exponent_error(ld, n, key, unit, "512, 4KB, 1.5 MB")) {
			return -1;
		}
		ld_err(
		    ld, n,
		    "unknown size unit '%.*s' in %s; allowed: B, KB, MB, GB, "
		    "TB (binary, 1 KB = 1024 bytes; KiB, MiB, GiB, TiB also "
		    "accepted)",
		    PK_SCENARIO_QUOTE_BYTES, unit, buf);
		return -1;
	case PK_UNITS_RANGE:
		ld_err(ld, n, "%s %s does not fit in 64 bits of bytes", key,
		       buf);
		return -1;
	case PK_UNITS_NEGATIVE:
		ld_err(ld, n, "%s must be %s (got %s)", key, what, buf);
		return -1;
	default:
		ld_err(ld, n,
		       "%s must be a size: bytes, or a number with a unit KB, "
		       "MB, GB or TB, e.g. 512, 4KB, 1.5 MB (got %s)",
		       key, buf);
		return -1;
	}
}

/*
 * A duration in ms, >= min_ms. Whole seconds; units s m h d.
 */
int ld_get_duration(struct ld *ld, const struct yn *n, const char *key,
		    int64_t min_ms, int64_t *out)
{
	static const char hint[] =
	    "write whole seconds with a unit s, m, h or d, e.g. 90s, "
	    "10m, 2h, 1d";
	char buf[PK_YN_DESC_BYTES];
	const char *unit = "";
	int64_t v;
	enum pk_units_status st;

	if (ld_need_kind(ld, n, YN_SCALAR, key,
			 "a duration such as 90s or 10m") < 0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	st = units_read_duration(n->text, &v, &unit);
	switch (st) {
	case PK_UNITS_OK:
		if (v < min_ms) {
			ld_err(ld, n, "%s must be %s 0 (got %s); %s", key,
			       min_ms > 0 ? "greater than" : "at least", buf,
			       hint);
			return -1;
		}
		if (v / PK_MS_PER_S > PK_SCENARIO_MAX_SIM_S) {
			/* every duration is added to simulated time somewhere
			   (a phase's end, a split's 410 window, a spike); none
			   may pass a run's limit, so no sum overflows */
			ld_err(ld, n,
			       "%s must be at most 366d (31,622,400 s), "
			       "pksim's limit of simulated time (got %s)",
			       key, buf);
			return -1;
		}
		*out = v;
		return 0;
	case PK_UNITS_NEGATIVE:
		ld_err(ld, n, "%s must be %s 0 (got %s); %s", key,
		       min_ms > 0 ? "greater than" : "at least", buf, hint);
		return -1;
	case PK_UNITS_UNIT:
		if (exponent_error(ld, n, key, unit, "90s, 10m, 2h, 1d")) {
			return -1;
		}
		ld_err(ld, n,
		       "unknown duration unit '%.*s' in %s; allowed: s, m, "
		       "h, d (seconds, minutes, hours, days)",
		       PK_SCENARIO_QUOTE_BYTES, unit, buf);
		return -1;
	case PK_UNITS_FRACTION:
		ld_err(ld, n,
		       "%s must be a whole number of seconds (got %s); %s", key,
		       buf, hint);
		return -1;
	case PK_UNITS_RANGE:
		ld_err(ld, n, "%s %s is too long", key, buf);
		return -1;
	default:
		ld_err(ld, n, "%s must be a duration (got %s); %s", key, buf,
		       hint);
		return -1;
	}
}

int ld_get_rate(struct ld *ld, const struct yn *n, const char *key, double *out)
{
	return ld_get_rate_from(ld, n, key, 0, out);
}

int ld_get_rate_from(struct ld *ld, const struct yn *n, const char *key,
		     int allow_zero, double *out)
{
	static const char hint[] = "write it as N/s, N/m or N/h";
	char buf[PK_YN_DESC_BYTES];
	const char *unit = "";
	double v;
	enum pk_units_status st;

	if (ld_need_kind(ld, n, YN_SCALAR, key, "a rate such as 2000/s") < 0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	st = units_read_rate(n->text, &v, &unit);
	switch (st) {
	case PK_UNITS_OK:
		if (v == 0 && !allow_zero && strpbrk(n->text, "123456789")) {
			/* its digits are past the 18 decimals a rate keeps */
			ld_err(ld, n,
			       "%s is below the smallest rate pksim reads, "
			       "0.000000000000000001 (18 decimals) a unit of "
			       "time (got %s); write a larger rate",
			       key, buf);
			return -1;
		}
		if (!(allow_zero ? v >= 0 : v > 0) || !isfinite(v)) {
			ld_err(ld, n, "%s must be %s 0 (got %s); %s", key,
			       allow_zero ? "at least" : "greater than", buf,
			       hint);
			return -1;
		}
		*out = v;
		return 0;
	case PK_UNITS_NEGATIVE:
		ld_err(ld, n, "%s must be %s 0 (got %s); %s", key,
		       allow_zero ? "at least" : "greater than", buf, hint);
		return -1;
	case PK_UNITS_UNIT:
		if (exponent_error(ld, n, key, unit,
				   "N/s, N/m or N/h, e.g. 2000/s, 0.5/s, "
				   "120/m")) {
			return -1;
		}
		ld_err(ld, n,
		       "unknown rate unit '%.*s' in %s; %s (per second, "
		       "minute, hour)",
		       PK_SCENARIO_QUOTE_BYTES, unit, buf, hint);
		return -1;
	case PK_UNITS_RANGE:
		ld_err(ld, n,
		       "%s is too large (got %s): pksim reads a rate of at "
		       "most 18446744073709551615 (2^64 - 1) a unit of time; "
		       "%s",
		       key, buf, hint);
		return -1;
	default:
		ld_err(ld, n, "%s must be a rate (got %s); %s", key, buf, hint);
		return -1;
	}
}

int ld_get_rate_in(struct ld *ld, const struct yn *n, const char *key,
		   double lo, double hi, const char *range, const char *why,
		   const char *eg, double *out)
{
	char buf[PK_YN_DESC_BYTES], allowed[256];
	const char *unit = "";
	double v = 0;
	enum pk_units_status st;

	if (ld_need_kind(ld, n, YN_SCALAR, key, "a rate such as 2000/s") < 0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	st = units_read_rate(n->text, &v, &unit);
	if (st == PK_UNITS_UNIT) {
		snprintf(allowed, sizeof(allowed), "%s, e.g. %s", range, eg);
		if (exponent_error(ld, n, key, unit, allowed)) {
			return -1;
		}
	}
	if (st == PK_UNITS_OK || st == PK_UNITS_NEGATIVE ||
	    st == PK_UNITS_RANGE) {
		if (st == PK_UNITS_OK && v >= lo && v <= hi) {
			*out = v;
			return 0;
		}
		ld_err(ld, n, "%s must be %s (got %s): %s", key, range, buf,
		       why);
		return -1;
	}
	return ld_get_rate(ld, n, key, out);
}

/* A switch: true/false (also on/off, yes/no). Returns 0 and *out, or -1
   with an error naming key. */
int ld_get_switch(struct ld *ld, const struct yn *n, const char *key, int *out)
{
	static const char *const yes[] = {"true", "on", "yes", NULL};
	static const char *const no[] = {"false", "off", "no", NULL};
	char buf[PK_YN_DESC_BYTES];

	if (n->kind == YN_SCALAR && ld_word_in(n->text, yes)) {
		*out = 1;
		return 0;
	}
	if (n->kind == YN_SCALAR && ld_word_in(n->text, no)) {
		*out = 0;
		return 0;
	}
	ld_err(ld, n, "%s must be true or false (got %s)", key,
	       yn_desc(n, buf, sizeof(buf)));
	return -1;
}
