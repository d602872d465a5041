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
