/*
 * cli_plan: `pksim plan PLAN.yaml [--format text|json|markdown]
 * [--scenario] [-o FILE]`, seed 002's back-of-envelope estimate without a
 * simulation (cli.h): load the plan (load/plan_spec), compute
 * (service/cosmos/plan), write the report or the scenario (report/report_plan)
 * into memory, then to stdout or FILE whole or not at all.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/memstream.h"
#include "pksim/base/output.h"
#include "pksim/cli/cli.h"
#include "pksim/cli/help.h"
#include "pksim/cli/usage.h"
#include "pksim/load/plan_spec.h"
#include "pksim/load/scenario.h"
#include "pksim/report/report_plan.h"
#include "pksim/service/cosmos/plan.h"

enum plan_format { PLAN_TEXT, PLAN_JSON, PLAN_MARKDOWN };

struct plan_opts {
	enum plan_format format;
	int scenario; /* --scenario */
	int have_format;
	const char *format_name; /* --format's text, or what -o names */
	const char *output;	 /* NULL: stdout */
	int force;		 /* --force: -o may replace a read-only file */
	const char *file;
};

static int plan_usage(const char *fmt, const char *arg)
{
	fputs("pksim: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("; see 'pksim plan --help'\n", stderr);
	return PK_EXIT_INPUT;
}

/* o->format from --format's text or -o's extension (text without
   either): 0, or the exit status of a usage error */
static int plan_format(struct plan_opts *o)
{
	static const char *const formats[] = {"text", "json", "markdown", NULL};
	const char *f = o->format_name;

	if (f && strcmp(f, "text") != 0 && strcmp(f, "json") != 0 &&
	    strcmp(f, "markdown") != 0) {
		return plan_usage("unknown format '%s'; allowed: text, json, "
				  "markdown",
				  f);
	}
	if (cli_output_format("plan", o->output, formats, &f)) {
		return PK_EXIT_INPUT;
	}
	o->format = !f				 ? PLAN_TEXT
		    : strcmp(f, "json") == 0	 ? PLAN_JSON
		    : strcmp(f, "markdown") == 0 ? PLAN_MARKDOWN
						 : PLAN_TEXT;
	return 0;
}

static int parse_plan_opts(int argc, char **argv, struct plan_opts *o)
{
	static const struct option longs[] = {
	    {"format", required_argument, NULL, 'f'},
	    {"output", required_argument, NULL, 'o'},
	    {"scenario", no_argument, NULL, 'S'},
	    {"help", no_argument, NULL, 'h'},
	    {"force", no_argument, NULL, 'X'},
	    {NULL, 0, NULL, 0},
	};
	int ch, rc;

	memset(o, 0, sizeof(*o));
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":o:h", longs, NULL)) != -1) {
		switch (ch) {
		case 'f':
			o->format_name = optarg;
			o->have_format = 1;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'S':
			o->scenario = 1;
			break;
		case 'X':
			o->force = 1;
			break;
		case 'h':
			cli_help("plan", stdout);
			return -1;
		case ':':
			return plan_usage("option '%s' needs a value",
					  argv[optind - 1]);
		default:
			return cli_option_error("plan", argv[optind - 1]);
		}
	}
	if (o->scenario && o->have_format) {
		return plan_usage("%s", "--scenario writes a scenario YAML; "
					"it takes no --format");
	}
	if (o->scenario && o->output && cli_format_of_name(o->output)) {
		return plan_usage("--scenario writes a scenario YAML; -o '%s' "
				  "names a report file (give it a .yaml name)",
				  o->output);
	}
	if (!o->scenario && (rc = plan_format(o))) {
		return rc;
	}
	if (optind != argc - 1) {
		return plan_usage("%s", optind >= argc
					    ? "plan needs one plan file "
					      "(PLAN.yaml)"
					    : "plan takes one plan file");
	}
	o->file = argv[optind];
	return 0;
}

static int render(const struct pk_plan *p, const struct plan_opts *o,
		  char **buf, size_t *len)
{
	FILE *mem = xmemstream(buf, len);
	int rc;

	if (!mem) {
		return -1;
	}
	if (o->scenario) {
		rc = report_plan_scenario(p, mem);
	} else if (o->format == PLAN_JSON) {
		rc = report_plan_json(p, mem);
	} else if (o->format == PLAN_MARKDOWN) {
		rc = report_plan_markdown(p, mem);
	} else {
		rc = report_plan_text(p, mem);
	}
	if (fclose(mem)) {
		rc = -1;
	}
	return rc;
}

/* 1 when `pksim run` would refuse the scenario text[0..len) that
   --scenario made from plan file `file` (its bounds: a re-sync past 366
   days, too many operations, work or memory): the loader's errors in
   diag, after one at the plan file saying so, and nothing is written;
   else 0. */
static int scenario_refused(const char *file, const char *text, size_t len,
			    struct pk_diag *diag)
{
	struct pk_diag why;
	struct pk_scenario *s;

	diag_init(&why);
	s = scenario_parse("plan --scenario", text, len, &why);
	if (s) {
		scenario_free(s);
		diag_free(&why);
		return 0;
	}
	diag_error(diag, file, 0, 0,
		   "--scenario makes a scenario `pksim run` refuses (below), "
		   "so none is written; plan fewer entities, "
		   "writes_per_entity or years, or a larger max_throughput");
	diag_move(diag, &why);
	return 1;
}

int cli_plan(int argc, char **argv)
{
	struct plan_opts o;
	struct pk_diag diag;
	struct pk_plan_spec *spec;
	struct pk_plan *plan;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	rc = parse_plan_opts(argc, argv, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	diag_init(&diag);
	spec = plan_spec_load(o.file, &diag);
	if (!spec) {
		return cli_diag_fail(&diag);
	}
	{
		/* the plan and the data file it counts from are its inputs */
		const char *in[2] = {o.file, spec->count_file};

		if (output_check(o.output, in, 2, o.force ? PK_OUTPUT_FORCE : 0,
				 &diag)) {
			diag_print(&diag, stderr);
			diag_free(&diag);
			plan_spec_free(spec);
			return PK_EXIT_INPUT;
		}
	}
	plan = plan_compute(spec);
	rc = PK_EXIT_OK;
	if (render(plan, &o, &buf, &len)) {
		fprintf(stderr, "pksim: error: cannot render the plan: %s\n",
			strerror(errno));
		rc = PK_EXIT_ENV;
	} else if (o.scenario && scenario_refused(o.file, buf, len, &diag)) {
		diag_print(&diag, stderr);
		rc = PK_EXIT_INPUT;
	} else if (output_write(o.output, buf, len,
				o.force ? PK_OUTPUT_FORCE : 0, &diag)) {
		diag_print(&diag, stderr);
		rc = cli_diag_status(&diag);
	}
	free(buf);
	plan_free(plan);
	plan_spec_free(spec);
	diag_free(&diag);
	return rc;
}
