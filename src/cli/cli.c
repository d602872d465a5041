/*
 * cli: subcommands and options (getopt_long from the C library).
 */
#include "pksim/cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/output.h"
#include "pksim/base/units.h"
#include "pksim/cli/help.h"
#include "pksim/cli/progress.h"
#include "pksim/cli/usage.h"
#include "pksim/load/scenario.h"
#include "pksim/load/trace.h"
#include "pksim/report/money.h"
#include "pksim/report/narrate.h"
#include "pksim/report/report_csv.h"
#include "pksim/report/report_html.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_md.h"
#include "pksim/report/report_streams.h"
#include "pksim/report/report_text.h"
#include "pksim/report/scorecard.h"
#include "pksim/report/textwrap.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"

#include "cli_estimate.h"
#include "cli_fingerprint.h"
#include "cli_seeds.h"

enum pk_format {
	PK_FORMAT_TEXT,
	PK_FORMAT_JSON,
	PK_FORMAT_CSV,
	PK_FORMAT_HTML,
	PK_FORMAT_MARKDOWN,
	PK_FORMAT_STREAMS_CSV, /* per stream and kind (report_streams.h) */
	PK_FORMAT_MONEY_CSV    /* every variant's bill (money.h) */
};

/* --key options one compare takes, at most */
#define PK_CLI_MAX_KEYS 16
/* --query options one compare takes, at most */
#define PK_CLI_MAX_QUERIES 16
/* `pksim compare --items` without --throughput: one range at creation
   and no throttling worth the name for most exports. ASSUMPTION: a
   default for answering "which key?" from a data file alone. */
#define PK_CLI_DEFAULT_ITEMS_RU_PER_S 10000

struct pk_run_opts {
	int compare;	      /* 1: pksim compare */
	const char *scenario; /* NULL with --items */
	const char *output;   /* NULL: stdout */
	int force;	      /* --force: -o may replace a read-only file */
	enum pk_format format;
	int have_seed;
	uint64_t seed;
	const char *keys[PK_CLI_MAX_KEYS]; /* --key, in order */
	size_t n_keys;
	const char *queries[PK_CLI_MAX_QUERIES]; /* --query, in order */
	size_t n_queries;
	const char *items; /* --items FILE */
	enum pk_trace_format items_format;
	const char *time_field;
	double time_compression;
	double rate_per_s;
	int at_once;
	int have_compression;
	int64_t throughput;
	uint64_t partitions; /* --partitions N: an existing layout; 0 new */
	uint64_t pp_bytes;   /* --storage-per-partition SIZE */
	int have_pp_bytes;   /* --storage-per-partition given */
	size_t seeds;	     /* --seeds N; 0: one run */
	int allow_undefined; /* --allow-undefined-key */
	int equal_bands;     /* --bands=equal (html) */
	int colour;	     /* --color: -1 auto (default), 0 never, 1 always */
	const char *variants[PK_CLI_MAX_KEYS]; /* --variant, in order */
	size_t n_variants;
	unsigned jobs;		/* --jobs N; 0 = the number of cores */
	int have_jobs;		/* --jobs given */
	int quiet;		/* --quiet: no progress line */
	int narrate;		/* --narrate: the run's events on stderr */
	int step;		/* --step: narrate, pausing at each event */
	int wide;		/* --wide: EPKs and keys whole in text */
	long width;		/* --width N; -1: the terminal's (cli.h) */
	int no_remedies;	/* --no-remedies: no remedy replays */
	int estimate;		/* --estimate: the bounds' figures, no run */
	const char *prices;	/* --prices FILE: price the run with it */
	int explain;		/* --explain: the price rows' sources */
	const char *rank_by;	/* --rank-by LIST (scorecard.h); NULL: the
				   default order */
	const char *items_only; /* the first option given that only --items
				   uses, without the "--"; NULL if none */
};

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

static int parse_run_opts(int argc, char **argv, struct pk_run_opts *o)
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
	int ch, rc, li = 0, compare = o->compare;
	uint64_t ju;
	const char *cmd = compare ? "compare" : "run";

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
	return check_operands(argc, argv, o);
}

/* The text report in *buf (*len bytes) broken to fit width columns
   (textwrap.h; 0: unchanged). Returns 0, or -1 (errno) with *buf kept. */
static int fit_width(char **buf, size_t *len, size_t width)
{
	char *wrapped = NULL;
	size_t n = 0;
	FILE *mem;
	int rc;

	if (width == 0) {
		return 0;
	}
	mem = open_memstream(&wrapped, &n);
	if (!mem) {
		return -1;
	}
	rc = text_wrap(*buf, *len, width, mem);
	if (fclose(mem) || rc) {
		free(wrapped);
		return -1;
	}
	free(*buf);
	*buf = wrapped;
	*len = n;
	return 0;
}

/* Render the report of res into memory, so it is written whole or not
   at all; its remedies replayed here (once: `expect:` reads them too),
   announced on prog's terminal. */
static int render(struct pk_result *res, const struct pk_run_opts *o,
		  struct pk_progress *prog, char **buf, size_t *len)
{
	FILE *mem = open_memstream(buf, len);
	int rc;

	if (!mem) {
		return -1;
	}
	/* the series formats carry no remedies: nothing to replay */
	if (!o->no_remedies && o->format != PK_FORMAT_CSV &&
	    o->format != PK_FORMAT_STREAMS_CSV &&
	    o->format != PK_FORMAT_MONEY_CSV) {
		size_t most, n = remedies_plan(res, &most);

		progress_remedies_start(prog, n, most);
		remedies_build(res, o->jobs);
		progress_remedies_end(prog, remedies_replays(res),
				      remedies_not_replayed(res));
	}
	if (o->format == PK_FORMAT_CSV) {
		rc = report_csv(res, mem);
	} else if (o->format == PK_FORMAT_STREAMS_CSV) {
		rc = report_streams_csv(res, mem);
	} else if (o->format == PK_FORMAT_MONEY_CSV) {
		rc = report_money_csv(res, mem);
	} else if (o->format == PK_FORMAT_JSON) {
		rc = report_json(res, o->compare, mem);
	} else if (o->format == PK_FORMAT_HTML) {
		rc = report_html(res, o->compare, o->equal_bands, mem);
	} else if (o->format == PK_FORMAT_MARKDOWN) {
		rc = report_markdown(res, o->compare, mem);
	} else if (o->compare) {
		rc = report_text_compare_styled(
		    res, cli_style_colour(o->colour, o->output),
		    cli_style_width(o->width, o->output), mem);
	} else {
		rc = report_text_styled(
		    res, o->wide, cli_style_colour(o->colour, o->output),
		    cli_style_width(o->width, o->output), mem);
	}
	if (fclose(mem)) {
		rc = -1;
	}
	if (rc == 0 && o->format == PK_FORMAT_TEXT) {
		rc = fit_width(buf, len, cli_style_width(o->width, o->output));
	}
	return rc;
}

/* The scenario to replay: the file, or one built for --items; --key adds
   variants. NULL with errors in diag. */
static struct pk_scenario *scenario_of(const struct pk_run_opts *o,
				       struct pk_diag *diag)
{
	struct pk_scenario *sc;
	size_t i;
	int from = (o->time_field != NULL) + (o->rate_per_s > 0) + o->at_once;

	if (o->items && o->have_compression && !o->time_field) {
		diag_error(diag, "--time-compression", 0, 0,
			   "goes with --time-field: it divides the time "
			   "between records");
		return NULL;
	}
	if (o->items && from != 1) {
		diag_error(diag, o->items, 0, 0,
			   "say how records arrive: exactly one of "
			   "--time-field F, --rate R or --at-once");
		return NULL;
	}
	if (o->items && o->n_keys == 0) {
		diag_error(diag, o->items, 0, 0,
			   "say which keys to compare: --key /path, --key "
			   "'[/a, /b]' or --key '{a}-{b}', once each");
		return NULL;
	}
	sc = o->items
		 ? scenario_for_items(o->items, o->items_format, o->time_field,
				      o->time_compression, o->rate_per_s,
				      o->at_once, o->throughput, diag)
		 : scenario_load(o->scenario, diag);
	/* an existing layout, before the --key variants copy the container */
	if (sc && o->items && (o->partitions > 0 || o->have_pp_bytes) &&
	    scenario_items_layout(sc, o->partitions,
				  o->have_pp_bytes ? &o->pp_bytes : NULL,
				  diag)) {
		scenario_free(sc);
		return NULL;
	}
	if (!o->items && o->n_queries > 0) {
		diag_error(diag, "--query", 0, 0,
			   "goes with --items: a scenario file's phases send "
			   "their own queries (`queries:`)");
		scenario_free(sc);
		return NULL;
	}
	for (i = 0; sc && i < o->n_keys; i++) {
		if (scenario_add_variant(sc, o->keys[i], diag)) {
			scenario_free(sc);
			return NULL;
		}
	}
	if (sc && o->allow_undefined) {
		scenario_allow_undefined_key(sc);
	}
	for (i = 0; sc && i < o->n_queries; i++) {
		if (scenario_add_query(sc, o->queries[i], diag)) {
			scenario_free(sc);
			return NULL;
		}
	}
	if (sc && scenario_pricing_resolve(sc, o->prices, diag)) {
		scenario_free(sc);
		return NULL;
	}
	if (sc && scenario_query_shares(sc, diag)) {
		scenario_free(sc);
		return NULL;
	}
	/* more variants, more memory: the estimate again */
	if (sc &&
	    ((o->n_variants &&
	      scenario_keep_variants(sc, o->variants, o->n_variants, diag)) ||
	     (o->n_keys > 0 && scenario_check_plan(sc, diag)))) {
		scenario_free(sc);
		return NULL;
	}
	return sc;
}

/* sc->fingerprint (cli_fingerprint.h): the options that shape the
   workload, as parsed; not --variant, --key, --seed or the report's form. */
static int fingerprint(const struct pk_run_opts *o, struct pk_scenario *sc)
{
	char t[256];

	snprintf(t, sizeof(t), "%d %.17g %.17g %d %lld %llu %d %llu %d",
		 (int)o->items_format, o->time_compression, o->rate_per_s,
		 o->at_once, (long long)o->throughput,
		 (unsigned long long)o->partitions, o->have_pp_bytes,
		 (unsigned long long)o->pp_bytes, o->allow_undefined);
	return cli_fingerprint(sc, o->items ? o->items : o->scenario, t,
			       o->time_field, o->queries, o->n_queries);
}

/* What format f's rows cost (scenario.h): the per-second CSV series
   its own, JSON its own, the rest text's */
static enum pk_report_cost report_cost(enum pk_format f)
{
	return f == PK_FORMAT_JSON  ? PK_REPORT_COST_JSON
	       : f == PK_FORMAT_CSV ? PK_REPORT_COST_CSV
				    : PK_REPORT_COST_TEXT;
}

/* --estimate: the scenario's figures against pksim's bounds, written as
   a report is (-o); sc and diag freed. An exit status. */
static int estimate_only(struct pk_scenario *sc, const struct pk_run_opts *o,
			 struct pk_diag *diag)
{
	size_t len;
	/* the series formats carry no remedies (cmd_run_or_compare) */
	int remedies = !o->no_remedies && o->format != PK_FORMAT_CSV &&
		       o->format != PK_FORMAT_STREAMS_CSV &&
		       o->format != PK_FORMAT_MONEY_CSV;
	char *buf =
	    cli_estimate(sc, o->format == PK_FORMAT_JSON,
			 report_cost(o->format), o->jobs, remedies, &len);
	int rc = PK_EXIT_OK;

	if (output_write(o->output, buf, len, o->force ? PK_OUTPUT_FORCE : 0,
			 diag)) {
		diag_print(diag, stderr);
		rc = cli_diag_status(diag);
	}
	free(buf);
	scenario_free(sc);
	diag_free(diag);
	return rc;
}

/* Refuse, before the run, an -o that would destroy one of the run's
   inputs or replace a read-only file without --force (output.h). */
static int output_ok(const struct pk_run_opts *o, const struct pk_scenario *sc,
		     struct pk_diag *diag)
{
	const char *in[PK_SCENARIO_MAX_INPUTS];

	return output_check(o->output, in, scenario_inputs(sc, in),
			    o->force ? PK_OUTPUT_FORCE : 0, diag);
}

static int cmd_run_or_compare(int argc, char **argv, int compare)
{
	struct pk_run_opts o;
	struct pk_diag diag;
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_sim_opts so = {0};
	struct pk_sim_observer obs;
	struct pk_narrator *nar = NULL;
	struct pk_progress prog;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	o.compare = compare;
	rc = parse_run_opts(argc, argv, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	if (o.seeds && o.format != PK_FORMAT_TEXT &&
	    o.format != PK_FORMAT_MARKDOWN) {
		return usage_error(
		    "--seeds gives medians and ranges in the "
		    "text and markdown reports only, not "
		    "--format %s",
		    o.format == PK_FORMAT_JSON		? "json"
		    : o.format == PK_FORMAT_CSV		? "csv"
		    : o.format == PK_FORMAT_STREAMS_CSV ? "streams-csv"
		    : o.format == PK_FORMAT_MONEY_CSV	? "money-csv"
							: "html");
	}
	if (o.seeds && o.narrate) {
		return usage_error("%s", "--narrate tells one run as it "
					 "proceeds; --seeds makes several "
					 "(leave one out)");
	}
	diag_init(&diag);
	sc = scenario_of(&o, &diag);
	if (sc) {
		sc->pricing.explain = o.explain;
		sc->rank_by = o.rank_by;
	}
	if (sc && output_ok(&o, sc, &diag)) {
		scenario_free(sc);
		sc = NULL;
	}
	if (sc && o.compare && o.format == PK_FORMAT_JSON &&
	    fingerprint(&o, sc)) {
		fprintf(stderr, "pksim: %s: error: cannot read: %s\n",
			o.items ? o.items : o.scenario, strerror(errno));
		scenario_free(sc);
		diag_free(&diag);
		return PK_EXIT_ENV;
	}
	if (sc && o.seeds) {
		rc = cli_compare_seeds(sc, o.have_seed ? o.seed : sc->seed,
				       o.seeds, o.format == PK_FORMAT_MARKDOWN,
				       cli_style_colour(o.colour, o.output),
				       cli_style_width(o.width, o.output),
				       !o.no_remedies, o.jobs, &buf, &len,
				       &diag);
		if (rc == 0 && o.format != PK_FORMAT_MARKDOWN) {
			rc = fit_width(&buf, &len,
				       cli_style_width(o.width, o.output));
		}
		if (rc > 0) {
			rc = cli_diag_status(&diag);
			diag_print(&diag, stderr);
		} else if (rc < 0) {
			fprintf(stderr,
				"pksim: error: cannot render the "
				"report: %s\n",
				strerror(errno));
			rc = PK_EXIT_ENV;
		} else if (output_write(o.output, buf, len,
					o.force ? PK_OUTPUT_FORCE : 0, &diag)) {
			diag_print(&diag, stderr);
			rc = cli_diag_status(&diag);
		}
		free(buf);
		scenario_free(sc);
		diag_free(&diag);
		return rc;
	}
	if (sc && o.estimate) {
		return estimate_only(sc, &o, &diag);
	}
	so.keep_seconds = o.format == PK_FORMAT_CSV;
	/* 0: the number of cores; run's variants in one thread unless
	   --jobs says */
	so.jobs = o.compare || o.have_jobs ? o.jobs : 1;
	if (sc && o.narrate) {
		/* told while the run proceeds (narrate.h), on stderr: the
		   progress line would tear it */
		nar = narrate_new(sc, stderr, o.step ? stdin : NULL);
		narrate_observer(nar, &obs);
		so.observer = &obs;
	}
	progress_start(&prog, stderr, o.quiet || nar, &so);
	prog.planned_ops = sc ? scenario_planned_ops(sc) : 0;
	run = sc ? sim_run_opts(sc, o.have_seed ? o.seed : sc->seed, &so, &diag)
		 : NULL;
	progress_end(&prog);
	if (nar && (run ? narrate_end(nar, run->end_ms) : narrate_stop(nar))) {
		fprintf(stderr,
			"pksim: error: cannot write the narration: "
			"%s\n",
			strerror(errno));
		narrate_free(nar);
		sim_free(run);
		diag_free(&diag);
		scenario_free(sc);
		return PK_EXIT_ENV;
	}
	narrate_free(nar);
	if (!run) {
		rc = cli_diag_status(&diag);
		diag_print(&diag, stderr);
		diag_free(&diag);
		scenario_free(sc);
		return rc;
	}
	rc = PK_EXIT_OK;
	res = result_build(run);
	if (render(res, &o, &prog, &buf, &len)) {
		fprintf(stderr, "pksim: error: cannot render the report: %s\n",
			strerror(errno));
		rc = PK_EXIT_ENV;
	} else if (output_write(o.output, buf, len,
				o.force ? PK_OUTPUT_FORCE : 0, &diag)) {
		diag_print(&diag, stderr);
		rc = cli_diag_status(&diag);
	} else if (sc->n_expects && (o.n_variants || o.n_keys)) {
		/* expect: speaks of the scenario's variants as written */
		fprintf(stderr,
			"%s: expect: not checked: %s changes the "
			"scenario's variants\n",
			sc->lesson_file ? sc->lesson_file : sc->file,
			o.n_variants ? "--variant" : "--key");
	} else {
		rc = cli_expect(res, sc, !o.no_remedies);
	}
	result_free(res);
	free(buf);
	sim_free(run);
	scenario_free(sc);
	diag_free(&diag);
	return rc;
}

int cli_run(int argc, char **argv)
{
	return cmd_run_or_compare(argc, argv, 0);
}

int cli_compare(int argc, char **argv)
{
	return cmd_run_or_compare(argc, argv, 1);
}
