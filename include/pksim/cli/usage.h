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

/* The report format an -o file name's extension names, as --format
   spells it ("json", "csv", "html", "markdown"; the case of the
   extension ignored): NULL for "-", a name without an extension, or one
   no report format claims (".txt" too: any format is text of a kind).
   The returned text is static. */
const char *cli_format_of_name(const char *path);

/*
 * Fit -o's extension to a command that writes the formats in formats (a
 * NULL-terminated list as --format spells them). *format holds --format's
 * argument, or NULL when none was given; without one, an extension naming
 * one of formats picks it (*format set to that static text). Refused,
 * with a usage error naming cmd's --help: an extension naming a format the
 * command does not write, or another format than the one --format gave
 * (a report in a file whose name says another format is a plausible file
 * that fails only when a tool reads it). output NULL (stdout) or without
 * a known extension: nothing checked. Returns 0, or PK_EXIT_INPUT (2).
 */
int cli_output_format(const char *cmd, const char *output,
		      const char *const *formats, const char **format);

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
