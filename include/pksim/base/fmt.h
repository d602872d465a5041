/*
 * fmt: numbers written for people, shared by the reports and the
 * messages: thousands separators and binary byte units.
 */
#ifndef PKSIM_FMT_H
#define PKSIM_FMT_H

#include <stddef.h>
#include <stdint.h>

/* Bytes fmt_* write at most, NUL included. */
#define PK_FMT_BYTES 32

/* v with thousands separators: -1234567 -> "-1,234,567", into buf
   (PK_FMT_BYTES); returns buf. */
const char *fmt_thousands(int64_t v, char *buf);

/* b in binary units with one decimal, labelled as such: "512 B",
   "20.0 GiB" (1 GiB = 2^30 bytes), into buf (PK_FMT_BYTES); returns buf. */
const char *fmt_bytes(uint64_t b, char *buf);

/* Bytes fmt_seconds writes at most, NUL included. */
#define PK_FMT_SPAN_BYTES 64

/*
 * A span of s whole seconds for a report line, into buf
 * (PK_FMT_SPAN_BYTES); returns buf. Below 1,000 s the seconds alone
 * ("600s"); from 1,000 s with thousands separators and the span in days,
 * hours, minutes and seconds, the zero parts left out: 14400 ->
 * "14,400s (4h)", 85200 -> "85,200s (23h 40m)", 259200 -> "259,200s
 * (3d)". Negative s: the seconds alone.
 */
const char *fmt_seconds(int64_t s, char *buf);

/*
 * An operation rate of per_s operations a second for a report line, into
 * buf (PK_FMT_BYTES); returns buf. 0 and rates from 0.1/s in ops/s with
 * up to 6 significant digits ("2000 ops/s", "0.5 ops/s"); slower rates
 * per hour when that is at least 0.1 ("0.25 ops/h" for 0.25/h, not
 * "6.94444e-05 ops/s"), else per day ("0.5 ops/d"), with up to 4
 * significant digits and no exponent down to 0.0001 a day.
 */
const char *fmt_rate(double per_s, char *buf);

/*
 * v for a column of one decimal, into buf (PK_FMT_BYTES); returns buf:
 * "%.1f" for 0 and from 0.1 (and for what is not a number); between 0
 * and 0.1 (either sign) with the decimals its first three significant
 * digits need, at most 15 ("0.000278" for 1 in an hour), so a nonzero
 * figure never reads 0.0.
 */
const char *fmt_decimal(double v, char *buf);

/*
 * Append printf-formatted text to the len bytes of text in buf (cap
 * bytes), cut to what fits, NUL-terminated; returns the new length,
 * always < cap, so it can be passed back as len (snprintf's count, the
 * length the whole text needs, may pass the buffer and must not be used
 * as an offset). A len >= cap is taken as cap - 1 (the buffer is full):
 * nothing is written. cap 0 writes nothing and returns 0.
 */
size_t fmt_append(char *buf, size_t cap, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
