/*
 * Helpers shared by the Check suites.
 *
 * Every tests/check_<name>.c defines tu_suite(); testutil.c holds the one
 * main() that runs it (tests/meson.build links each suite with testutil.c).
 */
#ifndef PKSIM_TESTUTIL_H
#define PKSIM_TESTUTIL_H

#include <check.h>
#include <stddef.h>

struct pk_diag;

/* The suite of this test program: defined once by each check_<name>.c,
   run by the shared main() in testutil.c (exit 0 when every test passed,
   1 otherwise). */
Suite *tu_suite(void);

/* Everything diag_print writes for d, as one string (caller frees). */
char *tu_diag_text(const struct pk_diag *d);

/* Path of a file under the source tree (PKSIM_SOURCE_ROOT) or "../.."
   when unset; returns a static buffer valid until the next call. */
const char *tu_src(const char *rel);
/* Whole file as a NUL-terminated string (caller frees), or NULL. */
char *tu_read_file(const char *path, size_t *len);
/*
 * Run the pksim binary (PKSIM_BIN) with the shell-quoted argument string
 * args; stdout and stderr captured into *out and *err (caller frees).
 * Returns the exit status, or -1 if it could not run.
 */
int tu_run(const char *args, char **out, char **err);
/* One row of tests/vectors/epk_vectors.csv; strings valid during the
   callback only. */
struct tu_vector {
	const char *id, *kind, *version; /* "7", "Hash", "2" */
	const char *components;		 /* a JSON array */
	const char *expected;		 /* the EPK in uppercase hex */
};

/*
 * Call row(v, ctx) for every data row of epk_vectors.csv, in file order,
 * read with libcsv at call time. Returns the number of rows, or -1 when
 * the file cannot be read or parsed.
 */
int tu_epk_vectors(void (*row)(const struct tu_vector *v, void *ctx),
		   void *ctx);

/* A fresh temporary directory (caller frees the path). */
char *tu_tmpdir(void);

#endif
