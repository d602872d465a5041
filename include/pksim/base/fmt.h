/*
 * fmt: numbers written for people, shared by the reports and the
 * messages: thousands separators and binary byte units.
 */
#ifndef PKSIM_FMT_H
#define PKSIM_FMT_H

#include <stdint.h>

/* Bytes fmt_* write at most, NUL included. */
#define PK_FMT_BYTES 32

/* v with thousands separators: -1234567 -> "-1,234,567", into buf
   (PK_FMT_BYTES); returns buf. */
const char *fmt_thousands(int64_t v, char *buf);

/* b in binary units with one decimal, labelled as such: "512 B",
   "20.0 GiB" (1 GiB = 2^30 bytes), into buf (PK_FMT_BYTES); returns buf. */
const char *fmt_bytes(uint64_t b, char *buf);

#endif
