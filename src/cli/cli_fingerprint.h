/*
 * cli_fingerprint: the workload's fingerprint of a compare
 * (pk_scenario.fingerprint): FNV-1a 64 over the bytes of the files the
 * workload is read from and over the workload options as parsed, so that
 * `pksim merge` (cli_merge.c) merges only the runs of one workload. Internal
 * to src/cli.
 */
#ifndef PKSIM_CLI_FINGERPRINT_H
#define PKSIM_CLI_FINGERPRINT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/scenario.h"

/* FNV-1a's 64-bit offset basis: the hash of nothing */
#define PK_FP_BASIS 0xcbf29ce484222325ULL

/* h after the n bytes at p (FNV-1a 64, prime 0x100000001b3). */
uint64_t cli_fp_bytes(uint64_t h, const void *p, size_t n);

/* h after text and its terminating NUL (so "ab" + "c" differs from "a" +
   "bc"); NULL hashes as one NUL. */
uint64_t cli_fp_text(uint64_t h, const char *text);

/* *h after the bytes of the file at path, then its length as text.
   Returns 0, or -1 when it cannot be read (errno set; *h unchanged). */
int cli_fp_file(uint64_t *h, const char *path);

/*
 * Set sc->fingerprint (16 hex digits): the bytes of path (the scenario
 * file or the --items data file; for a lesson, of the scenario it names,
 * sc->file: the lesson adds only text and expect:), then opts (the workload
 * options as parsed, as text), time_field (may be NULL) and the n_queries
 * --query texts, in order. Not the variants (--variant, --key), the seed (the
 * report says it) or the report's form: runs of one workload that differ only
 * in those share it. Returns 0, or -1 when a file cannot be read (errno set).
 */
int cli_fingerprint(struct pk_scenario *sc, const char *path, const char *opts,
		    const char *time_field, const char *const *queries,
		    size_t n_queries);

#endif
