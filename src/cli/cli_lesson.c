/*
 * cli_lesson: `pksim lesson LESSON.yaml --worksheet | --solutions
 * [--format markdown|html] [--seed N] [-o FILE]` (cli.h): a lesson's
 * student handout, or its solutions with the figures of one run
 * (report/worksheet.h), written whole or not at all.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/memstream.h"
#include "pksim/base/output.h"
#include "pksim/cli/cli.h"
#include "pksim/cli/help.h"
#include "pksim/cli/usage.h"
#include "pksim/load/scenario.h"
#include "pksim/report/expect_eval.h"
#include "pksim/report/worksheet.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"

struct lesson_opts {
	int worksheet, solutions;
	enum pk_worksheet_format format;
	const char *format_name; /* --format's text, or what -o names */
	int have_seed;
	uint64_t seed;
	const char *output; /* NULL: stdout */
	int force;
	const char *file;
};

static int lesson_usage(const char *fmt, const char *arg)
{
	return cli_usage_error("lesson", fmt, arg);
}

static int lesson_opt(int ch, const char *arg, struct lesson_opts *o)
{
	switch (ch) {
	case 'W':
		o->worksheet = 1;
		return 0;
	case 'S':
		o->solutions = 1;
		return 0;
	case 'f':
		o->format_name = arg;
		return 0;
	case 's':
		o->have_seed = 1;
		return cli_parse_u64(arg, &o->seed)
			   ? lesson_usage("--seed needs an unsigned "
					  "integer, got '%s'",
					  arg)
			   : 0;
	case 'o':
		o->output = arg;
		return 0;
	default: /* 'X' */
		o->force = 1;
		return 0;
	}
}

/* o->format from --format's text or -o's extension (markdown without
   either): 0, or the exit status of a usage error */
static int lesson_format(struct lesson_opts *o)
{
	static const char *const formats[] = {"markdown", "html", NULL};
	const char *f = o->format_name;

	if (f && strcmp(f, "markdown") != 0 && strcmp(f, "html") != 0) {
		return lesson_usage("unknown format '%s'; allowed: "
				    "markdown, html",
				    f);
	}
	if (cli_output_format("lesson", o->output, formats, &f)) {
		return PK_EXIT_INPUT;
	}
	o->format = f && strcmp(f, "html") == 0 ? PK_WORKSHEET_HTML
						: PK_WORKSHEET_MARKDOWN;
	return 0;
}

/* Returns 0, -1 after --help, or the exit status of a usage error. */
static int parse_lesson_opts(int argc, char **argv, struct lesson_opts *o)
{
	static const struct option longs[] = {
	    {"worksheet", no_argument, NULL, 'W'},
	    {"solutions", no_argument, NULL, 'S'},
	    {"format", required_argument, NULL, 'f'},
	    {"seed", required_argument, NULL, 's'},
	    {"output", required_argument, NULL, 'o'},
	    {"force", no_argument, NULL, 'X'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int ch, rc;

	memset(o, 0, sizeof(*o));
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":o:h", longs, NULL)) != -1) {
		if (ch == 'h') {
			cli_help("lesson", stdout);
			return -1;
		}
		if (ch == ':') {
			return lesson_usage("option '%s' needs a value",
					    argv[optind - 1]);
		}
		if (ch == '?') {
			return cli_option_error("lesson", argv[optind - 1]);
		}
		if ((rc = lesson_opt(ch, optarg, o))) {
			return rc;
		}
	}
	if (o->worksheet == o->solutions) {
		return lesson_usage("%s", o->worksheet
					      ? "give --worksheet or "
						"--solutions, not both"
					      : "lesson needs --worksheet (the "
						"student handout) or "
						"--solutions");
	}
	if (optind != argc - 1) {
		return lesson_usage("%s", optind >= argc
					      ? "lesson needs one lesson file "
						"(LESSON.yaml)"
					      : "lesson takes one lesson file");
	}
	o->file = argv[optind];
	return lesson_format(o);
}

/* One run's claims: the outcomes borrow the variants' names from res. */
struct solved {
	struct pk_run *run;
	struct pk_result *res;
	struct pk_expect_outcome *out; /* sc->n_expects of them */
};

/* The outcomes of sc's claims on a run at seed into *s (free with
   unsolve); 0, or an exit status after the errors on stderr. */
static int solve(const struct pk_scenario *sc, uint64_t seed, struct solved *s)
{
	struct pk_diag diag;

	diag_init(&diag);
	s->run = sim_run(sc, seed, &diag);
	if (!s->run) {
		return cli_diag_fail(&diag);
	}
	diag_free(&diag);
	s->res = result_build(s->run);
	s->out = xcalloc(sc->n_expects ? sc->n_expects : 1, sizeof(*s->out));
	expect_eval(s->res, sc->expects, sc->n_expects, s->out);
	return PK_EXIT_OK;
}

static void unsolve(struct solved *s)
{
	free(s->out);
	result_free(s->res);
	sim_free(s->run);
}

/* Render and write; 0 or an exit status. */
static int emit(const struct pk_worksheet *w, const struct lesson_opts *o)
{
	struct pk_diag diag;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = xmemstream(&buf, &len);
	int rc = PK_EXIT_OK;

	if (!mem || worksheet_write(w, o->format, mem) || fclose(mem)) {
		fprintf(stderr, "pksim: error: cannot render the %s: %s\n",
			o->solutions ? "solutions" : "worksheet",
			strerror(errno));
		free(buf);
		return PK_EXIT_ENV;
	}
	diag_init(&diag);
	if (output_write(o->output, buf, len, o->force ? PK_OUTPUT_FORCE : 0,
			 &diag)) {
		diag_print(&diag, stderr);
		rc = cli_diag_status(&diag);
	}
	diag_free(&diag);
	free(buf);
	return rc;
}

/* The failing claims on stderr (the solutions show them too); 3 when
   one failed. */
static int claims_status(const struct pk_scenario *sc,
			 const struct pk_expect_outcome *out)
{
	size_t i;

	for (i = 0; i < sc->n_expects; i++) {
		if (!out[i].pass) {
			expect_print(sc->lesson_file ? sc->lesson_file
						     : sc->file,
				     out, sc->n_expects, stderr);
			return PK_EXIT_EXPECT;
		}
	}
	return PK_EXIT_OK;
}

int cli_lesson(int argc, char **argv)
{
	struct lesson_opts o;
	struct pk_diag diag;
	struct pk_scenario *sc;
	struct solved sol = {0};
	struct pk_worksheet w;
	const char *in[PK_SCENARIO_MAX_INPUTS];
	int rc;

	rc = parse_lesson_opts(argc, argv, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	diag_init(&diag);
	sc = scenario_load(o.file, &diag);
	diag_print_warnings(&diag, stderr);
	if (sc && output_check(o.output, in, scenario_inputs(sc, in),
			       o.force ? PK_OUTPUT_FORCE : 0, &diag)) {
		scenario_free(sc);
		sc = NULL;
	}
	if (!sc) {
		return cli_diag_fail(&diag);
	}
	diag_free(&diag);
	if (!sc->lesson) {
		fprintf(stderr,
			"pksim: %s:1:1: error: no lesson: block; pksim "
			"lesson takes a lesson, a scenario with lesson: "
			"{goal, look_at, questions} (docs/teaching.md)\n",
			o.file);
		scenario_free(sc);
		return PK_EXIT_INPUT;
	}
	memset(&w, 0, sizeof(w));
	w.sc = sc;
	w.path = o.file;
	w.seed = o.have_seed ? o.seed : sc->seed;
	if (o.solutions) {
		rc = solve(sc, w.seed, &sol);
		w.outcomes = sol.out;
		w.n_outcomes = sc->n_expects;
	}
	if (rc == PK_EXIT_OK) {
		rc = emit(&w, &o);
	}
	if (rc == PK_EXIT_OK && sol.out) {
		rc = claims_status(sc, sol.out);
	}
	unsolve(&sol);
	scenario_free(sc);
	return rc;
}
