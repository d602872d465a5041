/*
 * cli: the pksim command line: subcommands, options, exit codes.
 *
 *   pksim run SCENARIO.yaml [--format text|json|csv] [--seed N] [-o FILE]
 *   pksim compare SCENARIO.yaml | --items FILE ... [--key K]...
 *   pksim locate SCENARIO.yaml [ITEM_JSON...]
 *   pksim epk [--version 1|2] [--multihash] JSON_ARRAY
 *   pksim plan PLAN.yaml [--format text|json|markdown] [--scenario] [-o F]
 *   pksim lesson LESSON.yaml --worksheet|--solutions [--format F] [-o F]
 *   pksim help [COMMAND] | COMMAND --help | --version
 * (each command's options and help text: help.h, doc/pksim.1.scd).
 *
 * Exit codes (docs/design.md): 0 success; 1 environment failure (a file exists
 * but cannot be read, the report cannot be written, out of memory); 2 bad
 * input or usage; 3 an `expect:` assertion failed (the report is written
 * first). Diagnostics go to stderr
 * as `pksim: FILE:LINE:COL: error: ...`; reports to stdout or -o FILE.
 */
#ifndef PKSIM_CLI_H
#define PKSIM_CLI_H

#include <stddef.h>

#define PK_EXIT_OK 0
#define PK_EXIT_ENV 1
#define PK_EXIT_INPUT 2
#define PK_EXIT_EXPECT 3 /* the run finished; an `expect:` assertion failed */

/* Run the command line argv[0..argc-1]; returns the exit status
   (cli_main.c: the table of commands). */
int cli_main(int argc, char **argv);

/*
 * `pksim run SCENARIO.yaml [options]` and `pksim compare SCENARIO.yaml |
 * --items FILE [options]` (argv[0] is "run" or "compare"): replay the
 * scenario (or the data file) and write the report to stdout or -o FILE,
 * written to a temporary file and renamed. Returns the exit status above
 * (3 when an expect: assertion failed; the report is written first).
 */
int cli_run(int argc, char **argv);
int cli_compare(int argc, char **argv);

/*
 * `pksim locate SCENARIO.yaml [ITEM_JSON...]` (argv[0] is "locate"):
 * where each item goes at the start of the run, for every variant. Items
 * come from the arguments, or one JSON object per line on standard input
 * when there are none. Returns the exit status (2 for a bad scenario or
 * item, with `pksim: WHERE:LINE:COL: error: ...` on stderr).
 */
int cli_locate(int argc, char **argv);

/*
 * `pksim plan PLAN.yaml [--format text|json|markdown] [--scenario]
 * [-o FILE]` (argv[0] is "plan"): seed 002's estimate of storage, re-sync
 * time, hot-partition shares and tipping points from the plan's inputs,
 * without a simulation; --scenario writes a scenario replaying the plan
 * instead. Returns the exit status (2 for a bad plan, with
 * `pksim: FILE:LINE:COL: error: ...` on stderr; 1 when the output cannot
 * be written).
 */
int cli_plan(int argc, char **argv);

/*
 * `pksim epk [--version 1|2] [--multihash] JSON` (argv[0] is "epk"): the
 * effective partition key of the key components in JSON, in uppercase
 * hex. Returns the exit status (2 for bad JSON or options).
 */
int cli_epk(int argc, char **argv);

/*
 * The report style options of run and compare (src/cli/cli_style.c):
 * ch 'B' is --bands ARG (share or equal: *equal_bands 0 or 1), ch 'C' is
 * --color ARG (auto, always, never: *colour -1, 1, 0). Returns 0, or
 * PK_EXIT_INPUT after a usage message on stderr naming what is allowed
 * and 'pksim CMD --help' (cmd: "run" or "compare").
 */
int cli_style_option(const char *cmd, int ch, const char *arg, int *equal_bands,
		     int *colour);

/*
 * Whether the text report's heat strip gets ANSI colour: colour 1
 * (always) or 0 (never) as given; -1 (auto) when the report goes to
 * standard output (output NULL or "-"), that is a terminal, and the
 * NO_COLOR environment variable is unset or empty (no-color.org).
 */
int cli_style_colour(int colour, const char *output);

/* --width N of run and compare: the text report's columns, 0 for no
   limit, or PK_CLI_MIN_WIDTH to PK_CLI_MAX_WIDTH. Sets *width; returns
   0, or PK_EXIT_INPUT after a usage message on stderr (cmd as above). */
#define PK_CLI_MIN_WIDTH 40
#define PK_CLI_MAX_WIDTH 1000
int cli_style_width_option(const char *cmd, const char *arg, long *width);

/*
 * The columns the text report fits (textwrap.h): width as given by
 * --width (>= 0); unset (-1): the terminal's width when the report goes
 * to standard output (output NULL or "-") and that is a terminal (80
 * when the terminal does not say), else 0, no limit: a report written to
 * a file or a pipe is the same bytes whatever window ran it.
 */
size_t cli_style_width(long width, const char *output);

/* `pksim merge REPORT.json... [-o FILE]` (argv[0] is "merge"): a sweep's
   merge: the JSON reports of `pksim compare ...
   --variant NAME --format json` runs of one workload (same scenario
   name, seed and scenario.fingerprint) as the JSON report one compare of
   all their variants writes, byte for byte when the files are given in
   the scenario's variant order: the variants in the order given,
   scenario.duration_s the longest run's, and every scorecard's rank,
   tied and reason worked out again by scorecard_rank over all of them.
   Returns 0; 2 (PK_EXIT_INPUT) with a message for bad input (a missing
   file, not JSON, not a compare's JSON report, runs of different
   workloads, a variant given twice, no file); 1 when a file that exists
   cannot be read or the output cannot be written. */
int cli_merge(int argc, char **argv);

/* `pksim lesson LESSON.yaml --worksheet | --solutions [--format
   markdown|html] [--seed N] [-o FILE] [--force]` (argv[0] is "lesson"):
   the lesson's student handout (goal, the command to run, what to look
   at, its questions; no answers, no run), or its solutions (the answers
   and every `expect:` claim with the value of one run at the seed),
   report/worksheet.h. Returns 0; 2 for bad usage, a bad file or a
   scenario without `lesson:` (pksim: FILE:LINE:COL: error: ...); 1 when
   the output cannot be written; 3 when a claim failed (the solutions
   are written first and show it). */
int cli_lesson(int argc, char **argv);

struct pk_run;
struct pk_scenario;
struct pk_result;

/* After the report of `pksim run`/`compare`: check sc's `expect:`
   assertions on res, the result the report read (expect_eval.h), print
   each failing one (or one line when all hold) to stderr; an assertion
   on remedies.* reads the remedies the report replayed, replayed here
   only when the report did not (res->remedies_built 0, remedy.h), and
   not checked when remedies is 0 (--no-remedies: the field is not in the
   report then). Returns 0 (all hold, or none), 3 (PK_EXIT_EXPECT) or 1
   (out of memory building the JSON). */
int cli_expect(struct pk_result *res, const struct pk_scenario *sc,
	       int remedies);

/* `pksim check [SCENARIO...]` (argv[0] is "check"): run each scenario (by
   default every *.yaml of the shipped scenarios' folder: BINDIR/../share/
   pksim/scenarios beside an installed binary, else the source tree's
   scenarios/) and check its `expect:`; a table on stdout, failing
   assertions on stderr. Returns 0 when all hold, 3 when one fails, 2
   (bad input) or 1 (environment) when a scenario cannot run. */
int cli_check(int argc, char **argv);

#endif
