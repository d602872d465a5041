/*
 * output: putting a finished report where the user asked, whole or not
 * at all. Reports are rendered into memory first; a file is written to a
 * temporary name beside it and renamed into place (docs/design.md), so a failed
 * run never leaves a half report.
 */
#ifndef PKSIM_OUTPUT_H
#define PKSIM_OUTPUT_H

#include <stddef.h>

#include "pksim/base/diag.h"

/*
 * Write len bytes of data to path, or to standard output when path is
 * NULL or "-". Returns 0; or -1 with an error in diag (the path and
 * strerror) when the file cannot be written; nothing is left at path then.
 * A closed standard output (EPIPE) counts as success: the reader left.
 */
int output_write(const char *path, const char *data, size_t len,
		 struct pk_diag *diag);

#endif
