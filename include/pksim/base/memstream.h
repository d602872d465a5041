/*
 * memstream: a stream that writes into a growing block of memory, as
 * POSIX open_memstream does, but whose growth is mem.h's: when memory
 * runs out pksim prints `pksim: out of memory` and exits 1. glibc's
 * open_memstream instead drops what no longer fits without setting the
 * stream's error flag and fclose still returns 0, so a report rendered
 * under a memory limit came out cut short with exit status 0.
 */
#ifndef PKSIM_MEMSTREAM_H
#define PKSIM_MEMSTREAM_H

#include <stddef.h>
#include <stdio.h>

/*
 * A write-only stream into *buf, *len bytes long (the NUL that follows
 * is not counted). *buf and *len are set at once (an empty string) and
 * kept current after every flush and at fclose; the caller owns *buf
 * (free) after fclose. No seeking. Never returns NULL: out of memory is
 * fatal (mem.h), here and on every write.
 */
FILE *xmemstream(char **buf, size_t *len);

#endif
