/*
 * output: putting a finished report where the user asked, whole or not
 * at all. Reports are rendered into memory first (the series formats
 * into the file itself, output_open); a file is written to a temporary
 * name beside it and renamed into place (docs/design.md), so a failed
 * run never leaves a half report.
 */
#ifndef PKSIM_OUTPUT_H
#define PKSIM_OUTPUT_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "pksim/base/diag.h"

/* output_check and output_write flags */
#define PK_OUTPUT_FORCE 1 /* --force: replace a read-only file */

/*
 * Before a run: can a report go to path without harm? path NULL or "-"
 * is standard output (always fine). Refused, with an input error in diag
 * (exit 2), when path is empty; when it names a folder, or a file in a
 * folder that does not exist (the report could not be written there);
 * when it names the same file (same
 * device and inode, so through a link too) as one of the n_inputs paths
 * in inputs (the scenario and every data file the run reads: writing
 * there would destroy the input; inputs borrowed, NULL entries skipped);
 * or when it is an existing regular file without write permission (mode
 * 0444, or access(2) says no) and flags lack PK_OUTPUT_FORCE: the
 * rename would replace it although the user cannot write it. A FIFO no
 * process has open for reading is refused with an environment error
 * (exit 1: the write would wait for a reader for ever); one that has a
 * reader is opened now and held until output_write or output_open
 * write the report there, so its reader sees no end before it. Returns
 * 0, or -1 with the error in diag.
 */
int output_check(const char *path, const char *const *inputs, size_t n_inputs,
		 int flags, struct pk_diag *diag);

/*
 * Write len bytes of data to path, or to standard output when path is
 * NULL or "-". A regular file is written to path.XXXXXX beside it and
 * renamed into place; SIGINT, SIGTERM or SIGHUP while that temporary
 * file exists removes it before the signal ends the process as it would
 * have. Returns 0; or -1 with an error in diag: an input error (exit 2)
 * for an empty path or a read-only file without PK_OUTPUT_FORCE in
 * flags (as output_check), an environment error (the path and strerror,
 * exit 1) when the file cannot be written (a FIFO no process reads: as
 * output_check); nothing is left at path then.
 * A closed standard output (EPIPE) counts as success: the reader left.
 */
int output_write(const char *path, const char *data, size_t len, int flags,
		 struct pk_diag *diag);

/* A report written in pieces (output_open .. output_close); the fields
   are output.c's */
struct pk_output_stream {
	FILE *f;	  /* where the pieces go */
	char *tmp;	  /* the temporary file (owned), NULL when written in
			     place (standard output, a device, a FIFO) */
	const char *path; /* borrowed from output_open */
	mode_t mode;	  /* the mode the report gets */
};

/*
 * The series formats (CSV) in pieces, as they are rendered, never whole
 * in memory: a per-second series of a 100-day run is ~400 MB of text,
 * and memory grown for it by doubling holds the old and the new block at
 * once. Opens where output_write would write (the same rules: a regular
 * file through path.XXXXXX beside it, renamed by output_close; standard
 * output, a device or a FIFO in place) and returns the stream to write to
 * (os->f), the end signals guarded from here to output_close. Returns
 * NULL with an error in diag as output_write's (nothing created).
 */
FILE *output_open(const char *path, int flags, struct pk_output_stream *os,
		  struct pk_diag *diag);

/*
 * End what output_open began: ok (the report rendered whole) and every
 * write done: the temporary file renamed into place; else it is removed
 * and nothing is left at path. A closed standard output (EPIPE) counts as
 * success. Returns 0, or -1 with an environment error in diag (exit 1).
 */
int output_close(struct pk_output_stream *os, int ok, struct pk_diag *diag);

#endif
