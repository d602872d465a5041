/*
 * cli: subcommands and options (getopt_long from the C library).
 */
#include "pksim/cli.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/diag.h"
#include "pksim/epk.h"
#include "pksim/mem.h"
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
	"       pksim locate SCENARIO.yaml [ITEM_JSON...]\n"
	"       pksim epk [--version 1|2] [--multihash] JSON_ARRAY\n"
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
	"pksim locate prints, for each item (JSON objects as arguments, or\n"
	"one per line on standard input) and each container variant of the\n"
	"scenario, the partition key value the key definition builds, its EPK\n"
	"and the physical partition it lands in at the start of the run.\n"
	"\n"
	"pksim epk prints the effective partition key of the key whose\n"
	"components are JSON_ARRAY (e.g. '[\"redmond\"]'; numbers hash as\n"
	"doubles, {} is undefined) in uppercase hex, as the SDKs compute it:\n"
	"  --version N      hash version 1 or 2 (default 2)\n"
	"  --multihash      hierarchical key, 1 to 3 levels (version 2 only)\n"
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
	rc = format == PK_FORMAT_JSON ? report_json(run, 0, mem)
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

/* ---- pksim epk ---- */

/* Where `pksim epk` errors say the JSON came from */
#define PK_EPK_ARG_NAME "<argument>"
/* Levels a MultiHash key may have (reference §6, §7: up to 3 paths) */
#define PK_EPK_MULTIHASH_LEVELS 3

struct pk_epk_opts {
	int version;       /* hash version: 1 or 2 */
	int multihash;     /* 1: hierarchical key (V2 only) */
	const char *json;  /* the components, a JSON array; borrowed argv */
};

static int parse_epk_opts(int argc, char **argv, struct pk_epk_opts *o)
{
	static const struct option longs[] = {
		{"version", required_argument, NULL, 'v'},
		{"multihash", no_argument, NULL, 'm'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int ch;

	memset(o, 0, sizeof(*o));
	o->version = 2;
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
		switch (ch) {
		case 'v':
			if (strcmp(optarg, "1") != 0 &&
			    strcmp(optarg, "2") != 0) {
				return usage_error("--version takes 1 or 2, "
						   "got '%s'",
						   optarg);
			}
			o->version = optarg[0] - '0';
			break;
		case 'm':
			o->multihash = 1;
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
	if (o->multihash && o->version != 2) {
		return usage_error("%s", "--multihash needs --version 2 "
					 "(MultiHash keys use hash V2 only)");
	}
	if (optind != argc - 1) {
		return usage_error("%s", optind >= argc
						 ? "epk needs one JSON array"
						 : "epk takes one JSON array");
	}
	o->json = argv[optind];
	return 0;
}

/* The JSON type of a non-scalar, for messages. */
static const char *json_kind(const json_t *x)
{
	return json_is_object(x) ? "an object" : "an array";
}

/*
 * The components of the JSON array text into v (n of them, borrowing
 * strings from *root, which the caller json_decref()s). Numbers become
 * doubles (the service hashes every number as an IEEE-754 double,
 * reference §7); {} is undefined, as in the SDK tests. Prints the error
 * and returns -1 on bad input.
 */
static int epk_parse(const char *text, json_t **root, struct pk_value **v,
		     size_t *n)
{
	json_error_t err;
	json_t *arr, *x;
	size_t i;

	arr = json_loads(text, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL |
				       JSON_ALLOW_NUL,
			 &err);
	if (!arr) {
		fprintf(stderr, "pksim: %s:%d:%d: error: %s\n",
			PK_EPK_ARG_NAME, err.line > 0 ? err.line : 1,
			err.column > 0 ? err.column : 1, err.text);
		return -1;
	}
	if (!json_is_array(arr)) {
		fprintf(stderr,
			"pksim: %s:1:1: error: expected a JSON array of "
			"partition key components, e.g. '[\"redmond\"]'\n",
			PK_EPK_ARG_NAME);
		json_decref(arr);
		return -1;
	}
	*n = json_array_size(arr);
	*v = xcalloc(*n ? *n : 1, sizeof(**v));
	for (i = 0; i < *n; i++) {
		struct pk_value *c = &(*v)[i];

		x = json_array_get(arr, i);
		if (json_is_string(x)) {
			c->type = PK_VALUE_STRING;
			c->str = json_string_value(x);
			c->len = json_string_length(x);
		} else if (json_is_number(x)) {
			c->type = PK_VALUE_NUMBER;
			c->num = json_number_value(x);
		} else if (json_is_boolean(x)) {
			c->type = PK_VALUE_BOOL;
			c->boolean = json_is_true(x);
		} else if (json_is_null(x)) {
			c->type = PK_VALUE_NULL;
		} else if (json_is_object(x) && json_object_size(x) == 0) {
			c->type = PK_VALUE_UNDEFINED;
		} else {
			fprintf(stderr,
				"pksim: %s: error: component %zu is %s; a "
				"partition key component is a string, number, "
				"true, false, null or {} (undefined)\n",
				PK_EPK_ARG_NAME, i + 1, json_kind(x));
			free(*v);
			json_decref(arr);
			return -1;
		}
	}
	*root = arr;
	return 0;
}

static int cmd_epk(int argc, char **argv)
{
	struct pk_epk_opts o;
	struct pk_value *v;
	struct pk_epk e;
	json_t *root;
	unsigned char *bytes;
	char *hex;
	size_t n, len, i;
	int rc;

	rc = parse_epk_opts(argc, argv, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	if (epk_parse(o.json, &root, &v, &n)) {
		return PK_EXIT_INPUT;
	}
	if (o.multihash && n > PK_EPK_MULTIHASH_LEVELS) {
		fprintf(stderr,
			"pksim: %s: error: a MultiHash key has at most %d "
			"levels, got %zu\n",
			PK_EPK_ARG_NAME, PK_EPK_MULTIHASH_LEVELS, n);
		free(v);
		json_decref(root);
		return PK_EXIT_INPUT;
	}
	if (o.version == 1) {
		/* the whole V1 EPK, not the 48 bytes routing keeps */
		len = epk_v1_bytes(v, n, NULL, 0);
		bytes = xmalloc(len);
		epk_v1_bytes(v, n, bytes, len);
	} else {
		e = o.multihash ? epk_hash_multi(v, n) : epk_hash_v2(v, n);
		len = e.len;
		bytes = xmalloc(len);
		memcpy(bytes, e.b, len);
	}
	hex = xmalloc(2 * len + 1);
	for (i = 0; i < len; i++) {
		snprintf(hex + 2 * i, 3, "%02X", bytes[i]);
	}
	hex[2 * len] = '\0';
	rc = PK_EXIT_OK;
	if (printf("%s\n", hex) < 0 || fflush(stdout) != 0) {
		if (errno != EPIPE) {
			fprintf(stderr, "pksim: stdout: %s\n",
				strerror(errno));
			rc = PK_EXIT_ENV;
		}
	}
	free(hex);
	free(bytes);
	free(v);
	json_decref(root);
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
	if (strcmp(argv[1], "locate") == 0) {
		return cli_locate(argc - 1, argv + 1);
	}
	if (strcmp(argv[1], "epk") == 0) {
		return cmd_epk(argc - 1, argv + 1);
	}
	/* the list stays "run": tests/check_cli.c pins this message */
	return usage_error("unknown command '%s'; commands: run, locate, epk",
			   argv[1]);
}
