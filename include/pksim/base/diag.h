/*
 * diag: diagnostics with source positions.
 *
 * Modules below the CLI never print: they record errors here and return a
 * status; the CLI prints them as `pksim: FILE:LINE:COL: error: MESSAGE`,
 * followed by an optional `pksim: note: ...` line. Each error carries a
 * category set where it is raised: bad input (the CLI exits 2) or an
 * environment failure (exits 1); the CLI never reads the message to tell.
 * At most PK_DIAG_MAX_ERRORS errors are kept; later ones are counted only.
 * A warning (input that is valid but cannot mean what it seems to) is
 * kept apart, never counted as an error: the CLI prints it as
 * `pksim: FILE:LINE:COL: warning: MESSAGE` and its exit status stays.
 * Our own bugs (broken invariants) are not diagnostics: they go to
 * PK_BUG(), which aborts with file:line.
 */
#ifndef PKSIM_DIAG_H
#define PKSIM_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define PK_DIAG_MAX_ERRORS 20	/* STYLE.md: collect up to 20 errors */
#define PK_DIAG_MAX_WARNINGS 20 /* warnings kept, as errors */

/* What kind of failure an error is; the CLI maps it to the exit status. */
enum pk_diag_category {
	PK_DIAG_INPUT = 0, /* bad input or usage: the user can fix the text */
	PK_DIAG_ENV,	   /* the environment failed: a file that exists cannot
			      be read, a report cannot be written */
};

struct pk_diag_entry {
	char *file; /* owned; may be NULL for errors without a file */
	int line;   /* 1-based; 0 when unknown */
	int col;    /* 1-based; 0 when unknown */
	char *msg;  /* owned; one line, no trailing newline */
	char *note; /* owned; NULL when there is none */
	enum pk_diag_category category;
};

struct pk_diag {
	struct pk_diag_entry entries[PK_DIAG_MAX_ERRORS];
	size_t n_entries; /* entries kept, <= PK_DIAG_MAX_ERRORS */
	size_t n_errors;  /* errors reported in all, >= n_entries */
	size_t n_env;	  /* of those, PK_DIAG_ENV errors (kept or not) */
	/* warnings, kept apart from the errors (their category unused) */
	struct pk_diag_entry warnings[PK_DIAG_MAX_WARNINGS];
	size_t n_warnings; /* kept, <= PK_DIAG_MAX_WARNINGS */
	size_t n_warned;   /* reported in all, >= n_warnings */
	size_t n_flushed;  /* of those, printed or dropped by
			      diag_print_warnings */
};

/* Initialise an empty diagnostics object (no allocation). */
void diag_init(struct pk_diag *d);

/* Release every message held by d; d is empty afterwards. */
void diag_free(struct pk_diag *d);

/* Move every message of from (in order) to the end of to, as if each had
   been reported to to (counts too; beyond PK_DIAG_MAX_ERRORS kept, the
   messages are dropped but counted); from is empty afterwards. */
void diag_move(struct pk_diag *to, struct pk_diag *from);

/*
 * Record one error at FILE:LINE:COL (1-based; 0 for unknown line/column).
 * file is copied. The message is printf-formatted. Never fails (out of
 * memory is fatal).
 */
void diag_error(struct pk_diag *d, const char *file, int line, int col,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void diag_verror(struct pk_diag *d, const char *file, int line, int col,
		 const char *fmt, va_list ap);

/*
 * Record that path could not be opened, read or written: `what: STRERROR`
 * (what is e.g. "cannot open") at path, line 0, with errnum's text. The
 * category follows errnum: a path that does not exist (ENOENT, ENOTDIR,
 * ENAMETOOLONG, ELOOP) or names a directory (EISDIR) is bad input, since
 * the user gave the wrong name; anything else (EACCES, EIO, ENOSPC, ...)
 * is an environment failure.
 */
void diag_file_error(struct pk_diag *d, const char *path, const char *what,
		     int errnum);

/* Record an environment failure (PK_DIAG_ENV), as diag_error otherwise. */
void diag_env_error(struct pk_diag *d, const char *file, int line, int col,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/*
 * Record one warning at FILE:LINE:COL (as diag_error): input pksim takes
 * as written that cannot mean what it seems to. Not an error: diag_count
 * does not count it and the exit status does not change.
 */
void diag_warning(struct pk_diag *d, const char *file, int line, int col,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Number of warnings reported so far (kept or not, printed or not). */
size_t diag_warning_count(const struct pk_diag *d);

/*
 * Print every kept warning to out as `pksim: FILE:LINE:COL: warning:
 * MSG` (parts with 0 left out) and a count line if some were dropped,
 * then drop them from d (printed once: a later diag_print does not
 * repeat them).
 */
void diag_print_warnings(struct pk_diag *d, FILE *out);

/* PK_DIAG_ENV when any error recorded in d (kept or dropped) is an
   environment failure, else PK_DIAG_INPUT. */
enum pk_diag_category diag_category(const struct pk_diag *d);

/* Attach a note to the most recent error (ignored if none is kept). */
void diag_note(struct pk_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Number of errors reported so far (kept or not). */
size_t diag_count(const struct pk_diag *d);

/*
 * Print every kept error to out as
 * `pksim: FILE:LINE:COL: error: MSG` (parts with 0 left out), each note as
 * `pksim: note: NOTE`, and a count line if errors were dropped; the
 * warnings not printed yet before them (as diag_print_warnings, kept).
 */
void diag_print(const struct pk_diag *d, FILE *out);

/* Abort with file:line and a message: for broken invariants only. */
_Noreturn void diag_bug(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define PK_BUG(...) diag_bug(__FILE__, __LINE__, __VA_ARGS__)

#endif
