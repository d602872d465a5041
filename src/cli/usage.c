/*
 * usage: usage errors, option values and the exit status of a failed
 * load (usage.h).
 */
#include "pksim/cli/usage.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

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
