/*
 * cli_opts: the options of `pksim run` and `pksim compare` (getopt_long
 * from the C library), read into struct pk_run_opts and checked against
 * each other before anything is loaded. Internal to src/cli.
 */
#ifndef PKSIM_CLI_OPTS_H
#define PKSIM_CLI_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/trace.h"

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

/*
 * Read argv (argc words, argv[0] the subcommand) into *o for `pksim
 * compare` when compare is 1, else `pksim run`; every field not given
 * takes its default. Usage errors go to stderr naming the command's
 * --help. Returns 0; -1 when --help was printed (exit 0); or the exit
 * status of a usage or input error (usage.h).
 */
int cli_run_opts(int argc, char **argv, int compare, struct pk_run_opts *o);

#endif
