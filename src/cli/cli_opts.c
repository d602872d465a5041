/*
 * cli_opts: the options of `pksim run` and `pksim compare` (cli_opts.h).
 */
#include "cli_opts.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/units.h"
#include "pksim/cli/cli.h"
#include "pksim/cli/help.h"
#include "pksim/cli/usage.h"
#include "pksim/report/scorecard.h"
#include "pksim/run/sim.h"

#include "cli_seeds.h"

/* --time-compression: from stretching time 1,000-fold to compressing a
   billion-fold; beyond, arrival times leave the range of milliseconds */
#define PK_CLI_MIN_COMPRESSION 1e-3
#define PK_CLI_MAX_COMPRESSION 1e9
/* D-LIMITS: the smallest manual throughput of a container */
#define PK_CLI_MIN_RU_PER_S 400

/* The command whose options are being read ("run" or "compare"): usage
   errors point at its --help; NULL before one (pksim's own --help) */
static const char *usage_cmd;

static int usage_error(const char *fmt, const char *arg)
{
	return cli_usage_error(usage_cmd, fmt, arg);
}

static int parse_format(const char *arg, struct pk_run_opts *o)
{
	if (strcmp(arg, "text") == 0) {
		o->format = PK_FORMAT_TEXT;
	} else if (strcmp(arg, "json") == 0) {
		o->format = PK_FORMAT_JSON;
	} else if (strcmp(arg, "csv") == 0) {
		o->format = PK_FORMAT_CSV;
	} else if (strcmp(arg, "streams-csv") == 0) {
		o->format = PK_FORMAT_STREAMS_CSV;
	} else if (strcmp(arg, "money-csv") == 0) {
		o->format = PK_FORMAT_MONEY_CSV;
	} else if (strcmp(arg, "html") == 0) {
		o->format = PK_FORMAT_HTML;
	} else if (strcmp(arg, "markdown") == 0) {
		o->format = PK_FORMAT_MARKDOWN;
	} else {
		return usage_error("unknown format '%s'; allowed: text, json, "
				   "csv, streams-csv, money-csv, markdown, "
				   "html",
				   arg);
	}
	return 0;
}

/*
 * Without --format, -o's extension picks the format (report.json is
 * JSON). With --format, an extension naming another format is refused:
 * a text report in report.json is a plausible file that fails only when
 * a JSON tool reads it. The csv formats all go to .csv. Returns 0, or
 * the exit status of a usage error.
 */
static int fit_output_format(struct pk_run_opts *o, const char *given)
{
	static const char *const formats[] = {"text", "json",	  "csv",
					      "html", "markdown", NULL};
	const char *named = o->output ? cli_format_of_name(o->output) : NULL;
	const char *f = given;

	if (named && given && strcmp(named, "csv") == 0 &&
	    strstr(given, "csv")) {
		return 0;
	}
	if (cli_output_format(usage_cmd, o->output, formats, &f)) {
		return PK_EXIT_INPUT;
	}
	return given || !f ? 0 : parse_format(f, o);
}

/* A number from lo to hi, the whole of arg; 0, or -1 (nothing written). */
static int parse_between(const char *arg, double lo, double hi, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !(v >= lo && v <= hi)) {
		return -1;
	}
	*out = v;
	return 0;
}

/* The options only compare takes; returns 0, or an exit status. */
static int parse_compare_opt(int ch, const char *arg, struct pk_run_opts *o)
{
	uint64_t u;

	switch (ch) {
	case 'k':
		if (o->n_keys == PK_CLI_MAX_KEYS) {
			return usage_error("at most 16 --key options, got "
					   "more at '%s'",
					   arg);
		}
		o->keys[o->n_keys++] = arg;
		return 0;
	case 'Y': {
		int order[PK_RANK_FIGURES];
		char err[512];

		if (scorecard_rank_by_parse(arg, order, err, sizeof(err))) {
			return usage_error("%s", err);
		}
		o->rank_by = arg;
		return 0;
	}
	case 'N':
		if (cli_parse_u64(arg, &u) || u < 2 || u > PK_CLI_MAX_SEEDS) {
			return usage_error("--seeds needs 2 to 100 seeds, got "
					   "'%s'",
					   arg);
		}
		o->seeds = (size_t)u;
		return 0;
	case 'q':
		if (o->n_queries == PK_CLI_MAX_QUERIES) {
			return usage_error("at most 16 --query options, got "
					   "more at '%s'",
					   arg);
		}
		o->queries[o->n_queries++] = arg;
		return 0;
	case 'i':
		o->items = arg;
		return 0;
	case 'F':
		if (trace_format_parse(arg, &o->items_format)) {
			return usage_error("unknown --items-format '%s'; "
					   "allowed: auto, json, jsonl, csv",
					   arg);
		}
		return 0;
	case 't':
		o->time_field = arg;
		return 0;
	case 'c':
		/* one message for every wrong value (a number out of range
		   and text alike) */
		if (parse_between(arg, PK_CLI_MIN_COMPRESSION,
				  PK_CLI_MAX_COMPRESSION,
				  &o->time_compression)) {
			return usage_error("--time-compression needs a factor "
					   "from 0.001 to 1e9, got '%s'",
					   arg);
		}
		o->have_compression = 1;
		return 0;
	case 'r':
		/* 0 is a rate to the unit parser (an idle phase); here it
		   would read as no --rate at all */
		if (units_parse_rate(arg, &o->rate_per_s) ||
		    !(o->rate_per_s > 0)) {
			return usage_error("--rate needs records a second "
					   "greater than 0: 1000, 1000/s, "
					   "60/m or 10/h, got '%s'",
					   arg);
		}
		return 0;
	case 'a':
		o->at_once = 1;
		return 0;
	case 'V':
		if (o->n_variants == PK_CLI_MAX_KEYS) {
			return usage_error("at most 16 --variant options, got "
					   "more at '%s'",
					   arg);
		}
		o->variants[o->n_variants++] = arg;
		return 0;
	case 'P':
		if (cli_parse_u64(arg, &u) || u < 1 ||
		    u > PK_MAX_EXISTING_PARTITIONS) {
			return usage_error("--partitions needs the existing "
					   "container's physical partitions, "
					   "1 to 10,000, got '%s'",
					   arg);
		}
		o->partitions = u;
		return 0;
	case 'S':
		if (units_parse_size(arg, &o->pp_bytes)) {
			return usage_error("--storage-per-partition needs a "
					   "size: 20GB, 512MB, 1.5TB, bytes "
					   "without a unit, got '%s'",
					   arg);
		}
		o->have_pp_bytes = 1;
		return 0;
	default:
		if (cli_parse_u64(arg, &u) || u < PK_CLI_MIN_RU_PER_S ||
		    u > PK_MAX_RU_PER_S) {
			return usage_error("--throughput needs RU/s from 400 "
					   "(the minimum of a container) to "
					   "1,000,000, got '%s'",
					   arg);
		}
		o->throughput = (int64_t)u;
		return 0;
	}
}

static int check_operands(int argc, char **argv, struct pk_run_opts *o)
{
	const char *cmd = o->compare ? "compare" : "run";

	if (o->items && optind == argc && o->prices) {
		/* money is priced by region, which only a scenario's
		   pricing: names */
		return usage_error(
		    "--prices '%s' needs a scenario whose pricing: names the "
		    "region, and --items makes none: write a scenario with "
		    "items: {file: ...} and pricing: {region: ...} "
		    "(docs/money.md), then compare it with --key",
		    o->prices);
	}
	if (o->items && optind == argc) {
		return 0;
	}
	if (optind >= argc) {
		fprintf(stderr,
			"pksim: error: %s needs one scenario file%s; see "
			"'pksim %s --help'\n",
			cmd, o->compare ? " (or --items FILE)" : "", cmd);
		return PK_EXIT_INPUT;
	}
	if (optind != argc - 1) {
		fprintf(stderr,
			"pksim: error: %s takes one scenario file, got '%s' "
			"and '%s'; see 'pksim %s --help'\n",
			cmd, argv[optind], argv[optind + 1], cmd);
		return PK_EXIT_INPUT;
	}
	if (o->items) {
		return usage_error("give a scenario file or --items, not both "
				   "(got '%s')",
				   argv[optind]);
	}
	o->scenario = argv[optind];
	return 0;
}

int cli_run_opts(int argc, char **argv, int compare, struct pk_run_opts *o)
{
	static const struct option longs[] = {
	    {"format", required_argument, NULL, 'f'},
	    {"seed", required_argument, NULL, 's'},
	    {"output", required_argument, NULL, 'o'},
	    {"help", no_argument, NULL, 'h'},
	    {"key", required_argument, NULL, 'k'},
	    {"items", required_argument, NULL, 'i'},
	    {"items-format", required_argument, NULL, 'F'},
	    {"time-field", required_argument, NULL, 't'},
	    {"time-compression", required_argument, NULL, 'c'},
	    {"rate", required_argument, NULL, 'r'},
	    {"at-once", no_argument, NULL, 'a'},
	    {"query", required_argument, NULL, 'q'},
	    {"seeds", required_argument, NULL, 'N'},
	    {"throughput", required_argument, NULL, 'T'},
	    {"partitions", required_argument, NULL, 'P'},
	    {"storage-per-partition", required_argument, NULL, 'S'},
	    {"allow-undefined-key", no_argument, NULL, 'U'},
	    {"bands", required_argument, NULL, 'B'},
	    {"color", required_argument, NULL, 'C'},
	    {"variant", required_argument, NULL, 'V'},
	    {"wide", no_argument, NULL, 'W'},
	    {"width", required_argument, NULL, 'w'},
	    {"narrate", no_argument, NULL, 'n'},
	    {"step", no_argument, NULL, 'p'},
	    {"jobs", required_argument, NULL, 'j'},
	    {"quiet", no_argument, NULL, 'Q'},
	    {"force", no_argument, NULL, 'X'},
	    {"no-remedies", no_argument, NULL, 'R'},
	    {"estimate", no_argument, NULL, 'Z'},
	    {"prices", required_argument, NULL, 'M'},
	    {"explain", no_argument, NULL, 'E'},
	    {"rank-by", required_argument, NULL, 'Y'},
	    {NULL, 0, NULL, 0},
	};
	int ch, rc, li = 0;
	uint64_t ju;
	const char *cmd = compare ? "compare" : "run";
	const char *format = NULL; /* --format's value; NULL: not given */
	const char *named;	   /* the format -o's extension names */

	memset(o, 0, sizeof(*o));
	o->compare = compare;
	usage_cmd = cmd;
	o->colour = -1;
	o->width = -1;
	o->time_compression = 1;
	o->throughput = PK_CLI_DEFAULT_ITEMS_RU_PER_S;
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":o:h", longs, &li)) != -1) {
		rc = 0;
		switch (ch) {
		case 'f':
			rc = parse_format(optarg, o);
			format = optarg;
			break;
		case 's':
			if (cli_parse_u64(optarg, &o->seed)) {
				return usage_error("--seed needs an unsigned "
						   "64-bit integer, got '%s'",
						   optarg);
			}
			o->have_seed = 1;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'U': /* --allow-undefined-key, --wide */
		case 'W':
			if (ch == 'W' && compare) {
				/* compare's text shows no EPK or key cut to
				   fit: accepted and ignored, it would promise
				   what it does not do */
				return usage_error(
				    "%s is run's: compare's report cuts no "
				    "key or EPK to show whole (widen it with "
				    "--width N, or read the JSON)",
				    "--wide");
			}
			*(ch == 'U' ? &o->allow_undefined : &o->wide) = 1;
			break;
		case 'B':
		case 'C':
			rc = cli_style_option(cmd, ch, optarg, &o->equal_bands,
					      &o->colour);
			break;
		case 'w':
			rc = cli_style_width_option(cmd, optarg, &o->width);
			break;
		case 'Q':
			o->quiet = 1;
			break;
		case 'X':
			o->force = 1;
			break;
		case 'R':
			o->no_remedies = 1;
			break;
		case 'Z':
			o->estimate = 1;
			break;
		case 'M':
			o->prices = optarg;
			break;
		case 'E':
			o->explain = 1;
			break;
		case 'j':
			if (cli_parse_u64(optarg, &ju) || ju < 1 ||
			    ju > PK_SIM_MAX_JOBS) {
				return usage_error("--jobs needs a number of "
						   "threads from 1 to 256, "
						   "got '%s'",
						   optarg);
			}
			o->jobs = (unsigned)ju;
			o->have_jobs = 1;
			break;
		case 'n': /* --narrate */
		case 'p': /* --step */
			o->narrate = 1;
			o->step |= ch == 'p';
			break;
		case 'h':
			cli_help(cmd, stdout);
			return -1;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		case '?':
			return cli_option_error(cmd, argv[optind - 1]);
		default:
			if (!o->compare) {
				/* longs[li]: argv[optind - 1] may be the
				   option's value */
				return cli_option_error(cmd, longs[li].name);
			}
			/* --items-format, --time-field,
			   --time-compression, --rate, --at-once,
			   --throughput, --partitions,
			   --storage-per-partition: only for --items */
			if (strchr("FtcraTPS", ch) && !o->items_only) {
				o->items_only = longs[li].name;
			}
			rc = parse_compare_opt(ch, optarg, o);
			break;
		}
		if (rc) {
			return rc;
		}
	}
	if (o->items_only && !o->items) {
		/* a scenario's workload says how items arrive: the option
		   would be silently ignored */
		fprintf(
		    stderr,
		    "pksim: error: --%s goes with --items FILE (a data file "
		    "instead of a scenario), not with a scenario; see "
		    "'pksim compare --help'\n",
		    o->items_only);
		return PK_EXIT_INPUT;
	}
	if (o->step && !(isatty(STDIN_FILENO) && isatty(STDERR_FILENO))) {
		return usage_error("%s", "--step needs a terminal: it waits "
					 "for Enter after each event (use "
					 "--narrate alone otherwise)");
	}
	rc = fit_output_format(o, format);
	if (rc) {
		return rc;
	}
	named = o->output ? cli_format_of_name(o->output) : NULL;
	if (o->estimate && named && strcmp(named, "json") != 0) {
		/* the estimate is text, or JSON under --format json, for
		   the run --format names: prose in est.csv would fail only
		   when a tool read it */
		return usage_error("--estimate writes text (json with "
				   "--format json), not %s: give -o a .txt "
				   "or .json name (--format names the report "
				   "whose run is estimated)",
				   named);
	}
	return check_operands(argc, argv, o);
}
