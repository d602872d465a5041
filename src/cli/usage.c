/*
 * usage: usage errors, option values and the exit status of a failed
 * load (usage.h).
 */
#include "pksim/cli/usage.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pksim/base/diag.h"
#include "pksim/cli/cli.h"

int cli_usage_error(const char *cmd, const char *fmt, const char *arg)
{
	fputs("pksim: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "; see 'pksim %s%s--help'\n", cmd ? cmd : "",
		cmd ? " " : "");
	return PK_EXIT_INPUT;
}

const char *cli_format_of_name(const char *path)
{
	static const char *const exts[][2] = {
	    {".json", "json"}, {".csv", "csv"},	    {".html", "html"},
	    {".htm", "html"},  {".md", "markdown"}, {".markdown", "markdown"},
	};
	const char *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');
	size_t i;

	if (!dot || (slash && dot < slash) || dot == path || dot[-1] == '/') {
		return NULL;
	}
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		if (strcasecmp(dot, exts[i][0]) == 0) {
			return exts[i][1];
		}
	}
	return NULL;
}

/* "an" before a format name said with a vowel sound (html), else "a" */
static const char *article(const char *name)
{
	return name[0] == 'h' ? "an" : "a";
}

/* Whether formats lists name */
static int lists(const char *const *formats, const char *name)
{
	for (; *formats; formats++) {
		if (strcmp(*formats, name) == 0) {
			return 1;
		}
	}
	return 0;
}

int cli_output_format(const char *cmd, const char *output,
		      const char *const *formats, const char **format)
{
	const char *named = output ? cli_format_of_name(output) : NULL;

	if (!named || (*format && strcmp(*format, named) == 0)) {
		return 0;
	}
	if (!lists(formats, named)) {
		fprintf(stderr,
			"pksim: error: -o '%s' names %s %s file but pksim %s "
			"writes no %s report; give -o a name that fits the "
			"format it writes; see 'pksim %s --help'\n",
			output, article(named), named, cmd, named, cmd);
		return PK_EXIT_INPUT;
	}
	if (*format) {
		fprintf(stderr,
			"pksim: error: -o '%s' names %s %s file but --format "
			"%s writes the %s report; give --format %s, or leave "
			"--format out (the extension picks it); see 'pksim %s "
			"--help'\n",
			output, article(named), named, *format, *format, named,
			cmd);
		return PK_EXIT_INPUT;
	}
	*format = named;
	return 0;
}

int cli_parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!s[0] || s[0] == '-' || s[0] == '+') {
		return -1;
	}
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end) {
		return -1;
	}
	*out = v;
	return 0;
}

int cli_diag_status(const struct pk_diag *d)
{
	return diag_category(d) == PK_DIAG_ENV ? PK_EXIT_ENV : PK_EXIT_INPUT;
}

int cli_diag_fail(struct pk_diag *d)
{
	int rc = cli_diag_status(d);

	diag_print(d, stderr);
	diag_free(d);
	return rc;
}
