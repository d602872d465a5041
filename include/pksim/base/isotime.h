/*
 * isotime: ISO 8601 times as the scenario clock, data-file time fields and
 * key templates read them, in one place.
 *
 * Accepted: "YYYY-MM-DD", optionally followed by "T", "t" or a space and
 * "hh:mm", ":ss", a fraction (".fff" or ",fff"; cut to milliseconds: the
 * digits past the third are dropped, never rounded up, so a time stays
 * in its own second: ".9996" is 999 ms), then a zone: "Z", "+hh:mm",
 * "+hhmm", "+hh" (or "-").
 * No zone means UTC (ASSUMPTION: exports without a zone are UTC). Dates are
 * checked (February 30 is refused); second 60 (a leap second) counts as
 * the next second.
 */
#ifndef PKSIM_ISOTIME_H
#define PKSIM_ISOTIME_H

#include <stddef.h>
#include <stdint.h>

/* Days from 1970-01-01 to y-m-d, proleptic Gregorian (H. Hinnant,
   "chrono-Compatible Low-Level Date Algorithms"); m 1..12. */
int64_t isotime_days_from_civil(int64_t y, int m, int d);

/* Days (28..31) of the calendar month holding day `day` (days from
   1970-01-01, proleptic Gregorian; H. Hinnant's civil_from_days). */
int isotime_month_days(int64_t day);

/* The time in s[0..len) as milliseconds since 1970-01-01T00:00:00Z.
   Returns 0, or -1 when s is not of the form above (*t_ms untouched). */
int isotime_parse_ms(const char *s, size_t len, int64_t *t_ms);

/* The seconds over which strftime(format) of a UTC time holds still,
   spans aligned to the epoch (a span starts at a multiple of it from
   1970-01-01T00:00:00Z): its finest conversion's unit, 86,400 for a
   date's parts (a day, week, month or year begins at a UTC midnight, a
   multiple of 86,400 s from the epoch), 3,600 for the hour's, 60 for
   the minute's, 1 for any that writes the second and any not known here
   (a shorter span is always safe for a cache of formatted times, a
   longer one wrong); 86,400 for a format with none. format is a
   NUL-terminated strftime format; never fails. */
int64_t isotime_format_span_s(const char *format);

#endif
