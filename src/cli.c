/*
 * cli: subcommands and options (getopt_long from the C library).
 */
#include "pksim/cli.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/diag.h"
#include "pksim/output.h"
#include "pksim/report_json.h"
#include "pksim/report_text.h"
#include "pksim/scenario.h"
#include "pksim/sim.h"

#define PK_VERSION "0.1.0"

enum pk_format { PK_FORMAT_TEXT, PK_FORMAT_JSON };

struct pk_run_opts {
	const char *scenario;
	const char *output; /* NULL: stdout */
	enum pk_format format;
	int have_seed;
	uint64_t seed;
};

static const char usage_text[] =
	"usage: pksim run SCENARIO.yaml [--format text|json] [--seed N] "
	"[-o FILE]\n"
	"       pksim --help | --version\n"
	"\n"
	"Replays the scenario's workload against a simulated Azure Cosmos DB\n"
	"container and reports what the partition key did: physical\n"
	"partitions, hot logical partitions, 429 rate limiting, splits.\n"
	"\n"
	"options for run:\n"
	"  --format FORMAT  text (default) or json\n"
	"  --seed N         override the scenario's seed (unsigned 64-bit)\n"
	"  -o, --output F   write the report to F (whole or not at all)\n"
	"\n"
	"exit status: 0 ok, 1 cannot write output, 2 bad input or usage.\n"
	"The scenario format is described in scenarios/README.md.\n";

static int usage_error(const char *fmt, const char *arg)
{
	fputs("pksim: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("; see 'pksim --help'\n", stderr);
	return PK_EXIT_INPUT;
}

static int parse_u64(const char *s, uint64_t *out)
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

static int parse_run_opts(int argc, char **argv, struct pk_run_opts *o)
{
	static const struct option longs[] = {
		{"format", required_argument, NULL, 'f'},
		{"seed", required_argument, NULL, 's'},
		{"output", required_argument, NULL, 'o'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int ch;

	memset(o, 0, sizeof(*o));
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":o:h", longs, NULL)) != -1) {
		switch (ch) {
		case 'f':
			if (strcmp(optarg, "text") == 0) {
				o->format = PK_FORMAT_TEXT;
			} else if (strcmp(optarg, "json") == 0) {
				o->format = PK_FORMAT_JSON;
			} else {
				return usage_error("unknown format '%s'; "
						   "allowed: text, json",
						   optarg);
			}
			break;
		case 's':
			if (parse_u64(optarg, &o->seed)) {
				return usage_error("--seed needs an unsigned "
						   "64-bit integer, got '%s'",
						   optarg);
			}
			o->have_seed = 1;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return -1;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	if (optind != argc - 1) {
		return usage_error("%s", optind >= argc
						 ? "run needs one scenario file"
						 : "run takes one scenario "
						   "file");
	}
	o->scenario = argv[optind];
	return 0;
}

/* Render the report into memory, so it is written whole or not at all. */
static int render(const struct pk_run *run, enum pk_format format,
		  char **buf, size_t *len)
{
	FILE *mem = open_memstream(buf, len);
	int rc;

	if (!mem) {
		return -1;
	}
	rc = format == PK_FORMAT_JSON ? report_json(run, mem)
				      : report_text(run, mem);
	if (fclose(mem)) {
		rc = -1;
	}
	return rc;
}

static int cmd_run(int argc, char **argv)
{
	struct pk_run_opts o;
	struct pk_diag diag;
	struct pk_scenario *sc;
	struct pk_run *run;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	rc = parse_run_opts(argc, argv, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	diag_init(&diag);
	sc = scenario_load(o.scenario, &diag);
	if (!sc) {
		diag_print(&diag, stderr);
		diag_free(&diag);
		return PK_EXIT_INPUT;
	}
	run = sim_run(sc, o.have_seed ? o.seed : sc->seed, &diag);
	if (!run) {
		diag_print(&diag, stderr);
		diag_free(&diag);
		scenario_free(sc);
		return PK_EXIT_INPUT;
	}
	rc = PK_EXIT_OK;
	if (render(run, o.format, &buf, &len)) {
		fprintf(stderr, "pksim: error: cannot render the report: %s\n",
			strerror(errno));
		rc = PK_EXIT_ENV;
	} else if (output_write(o.output, buf, len, &diag)) {
		diag_print(&diag, stderr);
		rc = PK_EXIT_ENV;
	}
	free(buf);
	sim_free(run);
	scenario_free(sc);
	diag_free(&diag);
	return rc;
}

int cli_main(int argc, char **argv)
{
	/* a closed stdout (pksim run ... | head) must not kill us mid-write:
	   output.c treats EPIPE as the reader having left */
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2) {
		fputs(usage_text, stderr);
		return PK_EXIT_INPUT;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_text, stdout);
		return PK_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("pksim %s\n", PK_VERSION);
		return PK_EXIT_OK;
	}
	if (strcmp(argv[1], "run") == 0) {
		return cmd_run(argc - 1, argv + 1);
	}
	return usage_error("unknown command '%s'; commands: run", argv[1]);
}
