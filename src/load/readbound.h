/*
 * readbound: an input file read under a size bound, so that no input
 * (a scenario, a plan, a data file, an Azure Monitor log, a pipe or a
 * device such as /dev/zero) is read without end. The bound is checked
 * on the open file's size when it has one (a regular file: refused
 * before a byte is read, with its true size) and while reading for
 * everything else (refused at the first byte past it).
 */
#ifndef PKSIM_LOAD_READBOUND_H
#define PKSIM_LOAD_READBOUND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pksim/base/diag.h"

/*
 * Read path whole, at most max_bytes. what names the file in the
 * message ("the scenario"), hint ends it with what to do (no trailing
 * punctuation). Returns the bytes (NUL-terminated, *len without the NUL;
 * caller frees), or NULL with one error in d: "cannot open" or "cannot
 * read" (diag_file_error: ENOENT and such are input errors, the rest
 * environment), or an input error naming the file's size in bytes (or
 * "more than max_bytes" for a file without a size) and the bound.
 */
char *readbound_whole(const char *path, uint64_t max_bytes, const char *what,
		      const char *hint, size_t *len, struct pk_diag *d);

/* The error readbound_whole gives for a file of size bytes (known, 1) or
   of more than max_bytes (!known), into d at path. */
void readbound_error(struct pk_diag *d, const char *path, int known,
		     uint64_t size, uint64_t max_bytes, const char *what,
		     const char *hint);

/* A file being read as a stream under a bound (readbound_open). */
struct readbound;

/*
 * Open path for reading as a stream of at most max_bytes. A regular file
 * larger than that is refused at once (the error readbound_whole gives,
 * in d; NULL returned). Anything else (a pipe, a device) is read through
 * a counting stream that ends (EOF to the reader) at the first byte past
 * the bound or at the first NUL byte, which no text input has: /dev/zero
 * ends at once. Returns the stream and *rb (both for readbound_close),
 * or NULL with "cannot open" in d.
 */
FILE *readbound_open(const char *path, uint64_t max_bytes, const char *what,
		     const char *hint, struct readbound **rb,
		     struct pk_diag *d);

/*
 * Close the stream f of readbound_open and free rb. Returns 0 when the
 * stream ended on its own; -1 when it was cut by the bound or at a NUL,
 * with that error in d (the size error, or "a NUL character" at its line
 * and column): what the reader made of the cut text is then moot.
 */
int readbound_close(FILE *f, struct readbound *rb, struct pk_diag *d);

#endif
