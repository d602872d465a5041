/*
 * cli_style: --bands, --color and --width of run and compare (see cli.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "pksim/cli/cli.h"

static int bad(const char *cmd, const char *opt, const char *arg,
	       const char *allowed)
{
	fprintf(stderr,
		"pksim: error: unknown %s '%s'; allowed: %s; see 'pksim %s "
		"--help'\n",
		opt, arg, allowed, cmd);
	return PK_EXIT_INPUT;
}

int cli_style_option(const char *cmd, int ch, const char *arg, int *equal_bands,
		     int *colour)
{
	if (ch == 'B') {
		if (strcmp(arg, "share") != 0 && strcmp(arg, "equal") != 0) {
			return bad(cmd, "--bands", arg, "share, equal");
		}
		*equal_bands = arg[0] == 'e';
		return 0;
	}
	if (strcmp(arg, "auto") == 0) {
		*colour = -1;
	} else if (strcmp(arg, "always") == 0) {
		*colour = 1;
	} else if (strcmp(arg, "never") == 0) {
		*colour = 0;
	} else {
		return bad(cmd, "--color", arg, "auto, always, never");
	}
	return 0;
}

int cli_style_colour(int colour, const char *output)
{
	const char *nc = getenv("NO_COLOR");

	if (colour >= 0) {
		return colour;
	}
	if (output && strcmp(output, "-") != 0) {
		return 0;
	}
	return isatty(STDOUT_FILENO) && !(nc && nc[0]);
}

int cli_style_width_option(const char *cmd, const char *arg, long *width)
{
	char *end;
	long w;

	errno = 0;
	w = strtol(arg, &end, 10);
	if (errno || end == arg || *end ||
	    (w != 0 && (w < PK_CLI_MIN_WIDTH || w > PK_CLI_MAX_WIDTH))) {
		fprintf(stderr,
			"pksim: error: --width needs a number of columns "
			"from %d to %d, or 0 for no limit, got '%s'; see "
			"'pksim %s --help'\n",
			PK_CLI_MIN_WIDTH, PK_CLI_MAX_WIDTH, arg, cmd);
		return PK_EXIT_INPUT;
	}
	*width = w;
	return 0;
}

size_t cli_style_width(long width, const char *output)
{
	struct winsize ws;

	if (width >= 0) {
		return (size_t)width;
	}
	if ((output && strcmp(output, "-") != 0) || !isatty(STDOUT_FILENO)) {
		return 0;
	}
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
		return ws.ws_col < PK_CLI_MIN_WIDTH ? PK_CLI_MIN_WIDTH
						    : ws.ws_col;
	}
	return 80;
}
