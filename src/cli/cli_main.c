/*
 * cli_main: pksim's entry: the one table of commands (dispatch, the
 * nearest-name suggestion and the unknown-command message read it), the
 * help command, --version, and the closing of standard output.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/mem.h"
#include "pksim/base/suggest.h"
#include "pksim/cli/cli.h"
#include "pksim/cli/help.h"

#define PK_VERSION "0.1.0"

static int cmd_help(int argc, char **argv);

/* The commands, in the order of the overview's "commands:" list: the one
   table dispatch, the nearest-name suggestion and the unknown-command
   message read (tests/check_help.c holds it to the overview). */
static const struct pk_cli_cmd {
	const char *name;
	int (*run)(int argc, char **argv); /* argv[0] is the name */
} commands[] = {
    {"run", cli_run},	    {"compare", cli_compare}, {"locate", cli_locate},
    {"epk", cli_epk},	    {"plan", cli_plan},	      {"check", cli_check},
    {"lesson", cli_lesson}, {"merge", cli_merge},     {"help", cmd_help},
};

#define PK_CLI_N_CMDS (sizeof(commands) / sizeof(commands[0]))

/* "pksim: error: unknown command 'X'; commands: run, ...; see 'pksim
   --help'", the list from the table. Returns PK_EXIT_INPUT. */
static int unknown_command(const char *name)
{
	size_t i;

	fprintf(stderr, "pksim: error: unknown command '%s'; commands: ", name);
	for (i = 0; i < PK_CLI_N_CMDS; i++) {
		fprintf(stderr, "%s%s", i ? ", " : "", commands[i].name);
	}
	fputs("; see 'pksim --help'\n", stderr);
	return PK_EXIT_INPUT;
}

/* pksim help [COMMAND]: the overview, or one command's help. */
static int cmd_help(int argc, char **argv)
{
	if (argc > 2) {
		fputs("pksim: error: help takes one command; see 'pksim "
		      "--help'\n",
		      stderr);
		return PK_EXIT_INPUT;
	}
	if (argc == 2 &&
	    (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		cli_help("help", stdout);
		return PK_EXIT_OK;
	}
	if (cli_help(argc == 2 ? argv[1] : NULL, stdout)) {
		return unknown_command(argv[1]);
	}
	return PK_EXIT_OK;
}

/* The command named by argv[1]; its exit status. */
static int dispatch(int argc, char **argv)
{
	const char *names[PK_CLI_N_CMDS + 1], *near;
	size_t i;

	if (argc < 2) {
		cli_help(NULL, stderr);
		return PK_EXIT_INPUT;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		cli_help(NULL, stdout);
		return PK_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("pksim %s\n", PK_VERSION);
		return PK_EXIT_OK;
	}
	for (i = 0; i < PK_CLI_N_CMDS; i++) {
		if (strcmp(argv[1], commands[i].name) == 0) {
			return commands[i].run(argc - 1, argv + 1);
		}
		names[i] = commands[i].name;
	}
	names[PK_CLI_N_CMDS] = NULL;
	/* a slip of a command's name: the nearest one */
	near = suggest_nearest(argv[1], names);
	if (near) {
		fprintf(stderr,
			"pksim: error: unknown command '%s'; did you mean "
			"'%s'? See 'pksim --help'\n",
			argv[1], near);
		return PK_EXIT_INPUT;
	}
	return unknown_command(argv[1]);
}

/* Standard output at exit: what stdio still holds is written and the
   stream closed; a write that failed (a full disk, /dev/full) is an
   environment failure, said in output.c's words, whatever the command
   printed with stdio (help, --version, locate, epk); so is a reader
   that left before the end (EPIPE), as in output.c. Returns the exit
   status. */
static int close_stdout(int rc)
{
	int err = 0;

	errno = 0;
	if (fflush(stdout) != 0) {
		err = errno ? errno : EIO;
	} else if (ferror(stdout)) {
		err = EIO; /* an earlier write failed; its errno is gone */
	}
	if (fclose(stdout) != 0 && !err) {
		err = errno ? errno : EIO;
	}
	/* a reader that left was said once already when the report's own
	   write met it (the run then fails) */
	if (err && !(err == EPIPE && rc != PK_EXIT_OK)) {
		fprintf(stderr, "pksim: <stdout>: error: cannot write: %s%s\n",
			strerror(err),
			err == EPIPE
			    ? ": the reader closed the pipe before the "
			      "output's end, so it has only part of it"
			    : "");
		return rc == PK_EXIT_OK ? PK_EXIT_ENV : rc;
	}
	return rc;
}

/* Bytes of standard output stdio holds when it is not a terminal: more
   than any help text (compare --help is some 6 KiB, past stdio's 4 KiB),
   so a write that fails does so in close_stdout, whose errno says why
   (a full disk is "No space left on device"); a write that fails
   earlier leaves only ferror, its errno gone. */
#define PK_STDOUT_BUF_BYTES (64 * 1024)

int cli_main(int argc, char **argv)
{
	static char out_buf[PK_STDOUT_BUF_BYTES];

	/* a closed stdout (pksim run ... | head) must not kill us mid-write:
	   output.c says the reader left (EPIPE) and the run exits 1 */
	signal(SIGPIPE, SIG_IGN);
	/* the memory estimate holds only if freed blocks leave the process */
	mem_map_large_blocks();
	if (!isatty(STDOUT_FILENO)) {
		setvbuf(stdout, out_buf, _IOFBF, sizeof(out_buf));
	}
	return close_stdout(dispatch(argc, argv));
}
