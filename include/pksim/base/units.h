/*
 * units: numbers with units as a person writes them in a scenario or on
 * the command line: sizes, durations, rates, and YAML-style numbers.
 * Shared by the loader (which turns each status into a positioned
 * message) and the CLI.
 *
 * Sizes: "512", "1KB", "1.5 MB", "20GB", "1TB"; KB, MB, GB, TB are binary
 * (1 KB = 1024 bytes; KiB, MiB, GiB, TiB also accepted; B or no unit =
 * bytes). Durations: "90s", "10m", "2h", "1d" or a bare number of seconds,
 * whole seconds only, in milliseconds. Rates: "2000/s", "120/m", "10/h" or
 * a bare number (per second), in operations per second. Spaces are allowed
 * around the number and the unit; a leading '+' is allowed; a minus sign
 * is PK_UNITS_NEGATIVE.
 */
#ifndef PKSIM_UNITS_H
#define PKSIM_UNITS_H

#include <math.h>
#include <stdint.h>

/* Milliseconds in a second: pksim keeps simulated time in ms and meters
   RU per one-second window (docs/design.md, Time). The one definition. */
#define PK_MS_PER_S 1000

/* mRU in one RU: charges, budgets and shares are kept in integer mRU
   (thousandths of a request unit); the one definition */
#define PK_MRU_PER_RU 1000

/* Binary size units, as the scenario's KB and GB are (1 GB = 2^30 bytes) */
#define PK_KIB 1024ULL
#define PK_GIB (1024ULL * 1024ULL * 1024ULL)

/*
 * llround(x), exactly (nearest integer, halves away from zero), without
 * the libm call (not inlined) on the per-request path. For |x| < 2^52 the
 * truncation i and x - i are exact, so comparing the fraction with 0.5 rounds
 * as llround does; larger, NaN and infinite x go to llround itself.
 */
static inline long long units_llround(double x)
{
	long long i;
	double f;

	if (!(fabs(x) < 0x1p52)) {
		return llround(x);
	}
	i = (long long)x;
	f = x - (double)i;
	return f >= 0.5 ? i + 1 : f <= -0.5 ? i - 1 : i;
}

enum pk_units_status {
	PK_UNITS_OK = 0,
	PK_UNITS_SYNTAX,   /* not a number of the expected form */
	PK_UNITS_UNIT,	   /* number fine, unit unknown */
	PK_UNITS_RANGE,	   /* too large */
	PK_UNITS_FRACTION, /* duration not a whole number of seconds */
	PK_UNITS_NEGATIVE, /* a minus sign */
};

/*
 * Read a size, duration or rate from text. On PK_UNITS_OK the value is
 * written; otherwise nothing is, and on PK_UNITS_UNIT *unit (when unit is
 * not NULL) points at the unknown unit inside text (borrowed).
 */
enum pk_units_status units_read_size(const char *text, uint64_t *bytes,
				     const char **unit);
enum pk_units_status units_read_duration(const char *text, int64_t *ms,
					 const char **unit);
enum pk_units_status units_read_rate(const char *text, double *per_s,
				     const char **unit);
/* A duration that may be shorter than a second: as units_read_duration,
   plus the unit "ms" (milliseconds), and the result need only be a whole
   number of milliseconds ("1.5s" = 1,500 ms, "0.25" = 250 ms, "100ms";
   "0.5ms" is PK_UNITS_FRACTION). For client backoff delays. */
enum pk_units_status units_read_duration_ms(const char *text, int64_t *ms,
					    const char **unit);

/*
 * The same, for callers that only need yes or no: 0 and the value, or -1
 * on a NULL, malformed or out-of-range text (nothing written).
 * "1.5 MB" -> 1,572,864 bytes; "1.5m" -> 90,000 ms; "120/m" -> 2 per s.
 */
int units_parse_size(const char *text, uint64_t *bytes);
int units_parse_duration(const char *text, int64_t *ms);
int units_parse_rate(const char *text, double *per_s);

/*
 * A strict decimal number as YAML 1.2's core schema writes one:
 * [-+]? digits [. digits] [e [-+] digits], or [-+]? . digits ...
 * Returns 1 and the value, or 0 (also for infinities after overflow).
 */
int units_number(const char *s, double *out);

/* A strict decimal integer [-+]?digits that fits int64: 1 and the value,
   or 0. */
int units_int(const char *s, int64_t *out);

/* A computed count or time this close to an integer is that integer:
   absolute 1e-9, or 1e-12 relative (thousands of ulps) for large values,
   which absorbs the rounding of rates such as 10/h = 0.00277... per s. */
#define PK_WL_ROUND_EPS 1e-9
#define PK_WL_ROUND_REL 1e-12

/* The distance within which a computed x is an integer:
   max(PK_WL_ROUND_EPS, PK_WL_ROUND_REL |x|), written out because fmax is
   a library call and the stream asks this for every arrival. */
static inline double round_tol(double x)
{
	double rel = PK_WL_ROUND_REL * fabs(x);

	return rel > PK_WL_ROUND_EPS ? rel : PK_WL_ROUND_EPS;
}

/* floor(x) for x >= 0, snapping to an integer within the tolerance.
   r = units_llround(x) is the integer nearest x (|x - r| <= 0.5, and
   x - r exact), so floor(x) is r or the one below it: no floor call. */
static inline int64_t floor_robust(double x)
{
	long long r = units_llround(x);
	double d = x - (double)r;

	if (fabs(d) <= round_tol(x)) {
		return r;
	}
	return d > 0 ? r : r - 1;
}

/* ceil(x), but x within the same tolerance of an integer is that
   integer (so 10/h for 1 h is 10 arrivals, not 11); r or the one above
   it, as floor_robust. */
static inline int64_t ceil_robust(double x)
{
	long long r = units_llround(x);
	double d = x - (double)r;

	if (fabs(d) <= round_tol(x)) {
		return r;
	}
	return d > 0 ? r + 1 : r;
}

#endif
