/*
 * usage: what a command says when it cannot go on: a usage error naming
 * the command's --help, an option's unsigned value, and the exit status
 * of a failed load or run with its errors on stderr (PK_EXIT_*, cli.h).
 */
#ifndef PKSIM_CLI_USAGE_H
#define PKSIM_CLI_USAGE_H

#include <stdint.h>

struct pk_diag;

/*
 * "pksim: error: MESSAGE; see 'pksim CMD --help'" on stderr, MESSAGE
 * being fmt with arg (one %s); cmd NULL names pksim's own --help.
 * Returns PK_EXIT_INPUT (2).
 */
int cli_usage_error(const char *cmd, const char *fmt, const char *arg);

/* An option's unsigned decimal value s into *out: digits only (no sign,
   not empty), within 64 bits. Returns 0, or -1 (*out unchanged). */
int cli_parse_u64(const char *s, uint64_t *out);

/* The exit status of d's errors, by the category set where each was
   raised (diag.h): PK_EXIT_ENV (1) for an environment failure, else
   PK_EXIT_INPUT (2). */
int cli_diag_status(const struct pk_diag *d);

/* Print d's errors on stderr, free d, and return cli_diag_status. */
int cli_diag_fail(struct pk_diag *d);

#endif
