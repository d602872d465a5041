/*
 * cli: the pksim command line: subcommands, options, exit codes.
 *
 *   pksim run SCENARIO.yaml [--format text|json] [--seed N] [-o FILE]
 *   pksim --help | --version
 *
 * Exit codes (DESIGN.md): 0 success; 1 environment or runtime failure (a
 * file cannot be written); 2 bad input or usage. Diagnostics go to stderr
 * as `pksim: FILE:LINE:COL: error: ...`; reports to stdout or -o FILE.
 */
#ifndef PKSIM_CLI_H
#define PKSIM_CLI_H

#define PK_EXIT_OK 0
#define PK_EXIT_ENV 1
#define PK_EXIT_INPUT 2

/* Run the command line argv[0..argc-1]; returns the exit status. */
int cli_main(int argc, char **argv);

#endif
