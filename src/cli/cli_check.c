/*
 * cli_check: `expect:` after `pksim run`/`compare` (exit 3 when one
 * fails) and `pksim check [SCENARIO...]` (every shipped scenario's
 * assertions, as a table) (cli.h).
 */
#include "pksim/cli/cli.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/cli/help.h"
#include "pksim/cli/usage.h"
#include "pksim/load/scenario.h"
#include "pksim/report/expect_eval.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"

#ifndef PK_SOURCE_SCENARIOS
#define PK_SOURCE_SCENARIOS "scenarios"
#endif

/* 1 if assertion e measures the remedies: their replays are needed to
   check it */
static int on_remedies(const struct pk_expect *e)
{
	return strncmp(e->measure, "remedies", 8) == 0;
}

/* Check the n assertions ex on res, with its remedies replayed when
   one measures them and they were not: outcomes into *out (n entries,
   owned by the caller); the number that failed. */
static int evaluate(struct pk_result *res, const struct pk_expect *ex, size_t n,
		    struct pk_expect_outcome **out)
{
	size_t i;

	for (i = 0; i < n && !res->remedies_built; i++) {
		if (on_remedies(&ex[i])) {
			remedies_build(res, 0);
		}
	}
	*out = xcalloc(n ? n : 1, sizeof(**out));
	return expect_eval(res, ex, n, *out);
}

int cli_expect(struct pk_result *res, const struct pk_scenario *sc,
	       int remedies)
{
	const char *file = sc->lesson_file ? sc->lesson_file : sc->file;
	struct pk_expect_outcome *o;
	struct pk_expect *kept;
	size_t i, n = 0;
	int failed;

	if (sc->n_expects == 0) {
		return PK_EXIT_OK;
	}
	/* --no-remedies: the assertions on them are not checked, and said
	   so, rather than failed as absent */
	kept = xcalloc(sc->n_expects, sizeof(*kept));
	for (i = 0; i < sc->n_expects; i++) {
		if (remedies || !on_remedies(&sc->expects[i])) {
			kept[n++] = sc->expects[i];
		}
	}
	if (n < sc->n_expects) {
		fprintf(stderr,
			"%s: expect: %zu assertion%s on remedies not checked: "
			"--no-remedies skips their replays\n",
			file, sc->n_expects - n,
			sc->n_expects - n == 1 ? "" : "s");
	}
	failed = evaluate(res, kept, n, &o);
	expect_print(file, o, n, stderr);
	free(o);
	free(kept);
	return failed ? PK_EXIT_EXPECT : PK_EXIT_OK;
}

/* ---- pksim check ---- */

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The shipped scenarios' folder: BINDIR/../share/pksim/scenarios next
   to an installed binary, else this source tree's scenarios/. Owned. */
static char *shipped_dir(void)
{
	char exe[PATH_MAX], *slash, *dir;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			dir = xmalloc(strlen(exe) + 32);
			sprintf(dir, "%s/../share/pksim/scenarios", exe);
			if (access(dir, R_OK) == 0) {
				return dir;
			}
			free(dir);
		}
	}
	return xstrdup(PK_SOURCE_SCENARIOS);
}

/* Every *.yaml of dir, sorted, into *out (owned); their count, or -1. */
static int list_yaml(const char *dir, char ***out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, cap = 0;
	char **v = NULL;

	if (!d) {
		fprintf(stderr,
			"pksim: %s: error: cannot open the shipped "
			"scenarios: %s\n",
			dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0) {
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			v = xreallocarray(v, cap, sizeof(*v));
		}
		v[n] = xmalloc(strlen(dir) + len + 2);
		sprintf(v[n], "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	if (n) {
		qsort(v, n, sizeof(*v), by_name);
	}
	*out = v;
	return (int)n;
}

/* One scenario: a table row; failing assertions to stderr. Returns the
   exit status it earns. */
static int check_one(const char *path, FILE *out)
{
	struct pk_diag diag;
	struct pk_scenario *sc;
	struct pk_run *run = NULL;
	struct pk_result *res;
	struct pk_expect_outcome *o = NULL;
	const char *base = strrchr(path, '/');
	int failed = 0, rc;

	base = base ? base + 1 : path;
	diag_init(&diag);
	sc = scenario_load(path, &diag);
	/* what the loader warned of, before the table's line */
	diag_print_warnings(&diag, stderr);
	/* as run does: pricing: loads the price table, so expect: can
	   measure money */
	if (sc && scenario_pricing_resolve(sc, NULL, &diag)) {
		scenario_free(sc);
		sc = NULL;
	}
	if (sc) {
		run = sim_run(sc, sc->seed, &diag);
	}
	if (!run) {
		rc = cli_diag_status(&diag);
		diag_print(&diag, stderr);
		fprintf(out, "%-28s %10s %8s %8s  %s\n", base, "-", "-", "-",
			"error");
		goto done;
	}
	if (sc->n_expects == 0) {
		fprintf(out, "%-28s %10d %8d %8d  %s\n", base, 0, 0, 0,
			"no expect:");
		rc = PK_EXIT_OK;
		goto done;
	}
	res = result_build(run);
	failed = evaluate(res, sc->expects, sc->n_expects, &o);
	result_free(res);
	if (failed) {
		expect_print(sc->lesson_file ? sc->lesson_file : sc->file, o,
			     sc->n_expects, stderr);
	}
	fprintf(out, "%-28s %10zu %8zu %8d  %s\n", base, sc->n_expects,
		sc->n_expects - (size_t)failed, failed, failed ? "FAIL" : "ok");
	rc = failed ? PK_EXIT_EXPECT : PK_EXIT_OK;
done:
	free(o);
	sim_free(run);
	scenario_free(sc);
	diag_free(&diag);
	return rc;
}

int cli_check(int argc, char **argv)
{
	char **paths = NULL, *dir = NULL;
	int n, i, rc, worst = PK_EXIT_OK, failing = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			cli_help("check", stdout);
			return PK_EXIT_OK;
		}
		if (argv[i][0] == '-' && argv[i][1]) {
			return cli_option_error("check", argv[i]);
		}
	}
	if (argc > 1) {
		n = argc - 1;
		paths = xcalloc((size_t)n, sizeof(*paths));
		for (i = 0; i < n; i++) {
			paths[i] = xstrdup(argv[i + 1]);
		}
	} else {
		char **more = NULL, *sub;
		int m;

		dir = shipped_dir();
		n = list_yaml(dir, &paths);
		/* and the lessons, in their order (scenarios/lessons/) */
		sub = xasprintf("%s/lessons", dir);
		m = access(sub, R_OK) == 0 && n > 0 ? list_yaml(sub, &more) : 0;
		if (m > 0) {
			paths = xreallocarray(paths, (size_t)(n + m),
					      sizeof(*paths));
			memcpy(paths + n, more, (size_t)m * sizeof(*more));
			n += m;
		}
		free(more);
		free(sub);
		if (n <= 0) {
			if (n == 0) {
				fprintf(stderr,
					"pksim: %s: error: no "
					"scenarios (*.yaml) there\n",
					dir);
			}
			free(dir);
			return PK_EXIT_ENV;
		}
	}
	if (dir) {
		printf("shipped scenarios: %s\n", dir);
	}
	printf("%-28s %10s %8s %8s  %s\n", "scenario", "assertions", "passed",
	       "failed", "status");
	for (i = 0; i < n; i++) {
		fflush(stdout);
		rc = check_one(paths[i], stdout);
		failing += rc != PK_EXIT_OK;
		/* 1 (environment) and 2 (bad input) outrank 3: the check could
		   not even run */
		if (rc != PK_EXIT_OK &&
		    (worst == PK_EXIT_OK || worst == PK_EXIT_EXPECT)) {
			worst = rc;
		}
		free(paths[i]);
	}
	printf("%d scenario%s, %d failing\n", n, n == 1 ? "" : "s", failing);
	free(paths);
	free(dir);
	return worst;
}
