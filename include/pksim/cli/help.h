/*
 * help: the usage text of pksim and of each subcommand, and the messages
 * for an option that is not one of the command's (with the nearest valid
 * option, or the command it belongs to). The texts are kept in step with
 * the man page doc/pksim.1 and the bash completion tools/pksim.bash;
 * tests/check_help.c checks that every option below appears in both.
 */
#ifndef PKSIM_CLI_HELP_H
#define PKSIM_CLI_HELP_H

#include <stdio.h>

/*
 * Write the help of command cmd ("run", "compare", "locate", "epk"; NULL
 * for the overview of pksim) to out: usage, what it does, its options,
 * an example and the exit statuses. Returns 0, or -1 when cmd is not a
 * command (nothing written). A write error is left in out's error flag.
 */
int cli_help(const char *cmd, FILE *out);

/*
 * The options command cmd takes, as written on the command line
 * ("--format", "-o", ...), NULL-terminated; NULL for an unknown command.
 * Borrowed, static.
 */
const char *const *cli_options(const char *cmd);

/*
 * Report on stderr that option arg (as the user typed it, "--formt" or
 * "--formt=x"; a long option name without dashes is read as "--name")
 * is not an option of cmd:
 *   pksim: error: '--items' is an option of 'pksim compare', not of
 *   'pksim run'; see 'pksim run --help'
 * when another command takes it, else
 *   pksim: error: unknown option '--formt'; did you mean '--format'?
 *   See 'pksim run --help'
 * (the suggestion only when one is close, suggest.h). Returns
 * PK_EXIT_INPUT (2).
 */
int cli_option_error(const char *cmd, const char *arg);

#endif
