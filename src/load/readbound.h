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

#endif
