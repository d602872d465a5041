/*
 * Helpers shared by the Check suites.
 *
 * Every tests/check_<name>.c defines tu_suite(); testutil.c holds the one
 * main() that runs it (tests/meson.build links each suite with testutil.c).
 */
#ifndef PKSIM_TESTUTIL_H
#define PKSIM_TESTUTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pksim/run/sim.h"
#include "pksim/service/snapshot.h"

struct pk_diag;
struct pk_run;
struct pk_result;

/* The suite of this test program: defined once by each check_<name>.c,
   run by the shared main() in testutil.c (exit 0 when every test passed,
   1 otherwise). */
Suite *tu_suite(void);

/*
 * Assertions for the body of a loop of many draws or operations. Check
 * records the place of every ck_assert that passes (_mark_point: one
 * write(2) to its message file), which over a loop of a million draws
 * is most of a suite's CPU (check_rng: 5.5 M writes, 15 CPU s). These
 * check the same relation, evaluate each operand once and fail as
 * ck_assert_uint_*, ck_assert_int_* and ck_assert do, with the same
 * message and this file and line; a pass records nothing, so a crash
 * later in the test is placed after the last Check assertion before
 * the loop.
 */
#define tu_loop_uint(X, OP, Y)                                                 \
	do {                                                                   \
		uintmax_t tu_x_ = (X), tu_y_ = (Y);                            \
		if (!(tu_x_ OP tu_y_)) {                                       \
			ck_assert_msg(tu_x_ OP tu_y_,                          \
				      "Assertion '%s' failed: %s == %ju, "     \
				      "%s == %ju",                             \
				      #X " " #OP " " #Y, #X, tu_x_, #Y,        \
				      tu_y_);                                  \
		}                                                              \
	} while (0)
#define tu_loop_int(X, OP, Y)                                                  \
	do {                                                                   \
		intmax_t tu_x_ = (X), tu_y_ = (Y);                             \
		if (!(tu_x_ OP tu_y_)) {                                       \
			ck_assert_msg(tu_x_ OP tu_y_,                          \
				      "Assertion '%s' failed: %s == %jd, "     \
				      "%s == %jd",                             \
				      #X " " #OP " " #Y, #X, tu_x_, #Y,        \
				      tu_y_);                                  \
		}                                                              \
	} while (0)
#define tu_loop_true(E)                                                        \
	do {                                                                   \
		if (!(E)) {                                                    \
			ck_assert_msg(0, "Assertion '%s' failed", #E);         \
		}                                                              \
	} while (0)

/* Everything diag_print writes for d, as one string (caller frees). */
char *tu_diag_text(const struct pk_diag *d);

struct pk_memory_estimate;

/* The memory estimate (scenario_memory_estimate) of scenario text
   parsed as name, into *e; fails the test when text does not load. */
void tu_estimate_text(const char *name, const char *text,
		      struct pk_memory_estimate *e);

/* Path of a file under the source tree (PKSIM_SOURCE_ROOT) or "../.."
   when unset; returns a static buffer valid until the next call. */
const char *tu_src(const char *rel);
/* Whole file as a NUL-terminated string (caller frees), or NULL. */
char *tu_read_file(const char *path, size_t *len);
/*
 * Run the pksim binary (PKSIM_BIN) with the shell-quoted argument string
 * args; stdout and stderr captured into *out and *err (caller frees).
 * Returns the exit status, or -1 if it could not run.
 */
int tu_run(const char *args, char **out, char **err);
/*
 * The commands `pksim --help` lists under "commands:" (a line "  NAME  what
 * it does"; continuation lines are indented further), comma-separated in
 * its order: "run, compare, ...". Caller frees; a failed test when the
 * overview has no such list.
 */
char *tu_help_commands(void);
/* One row of tests/vectors/epk_vectors.csv; strings valid during the
   callback only. */
struct tu_vector {
	const char *id, *kind, *version; /* "7", "Hash", "2" */
	const char *components;		 /* a JSON array */
	const char *expected;		 /* the EPK in uppercase hex */
};

/*
 * Call row(v, ctx) for every data row of epk_vectors.csv, in file order,
 * read with libcsv at call time. Returns the number of rows, or -1 when
 * the file cannot be read or parsed.
 */
int tu_epk_vectors(void (*row)(const struct tu_vector *v, void *ctx),
		   void *ctx);

/* pksim ARGS (tu_run) expected to exit 0: its stdout (caller frees),
   or a failed test naming the exit status and stderr. */
char *tu_run_ok(const char *args);

/* A fresh temporary directory (caller frees the path). */
char *tu_tmpdir(void);
/* kB of the line "NAME:   123 kB" in /proc/self/status (VmRSS, VmHWM),
   or -1 when there is none. */
long tu_status_kb(const char *name);

/* Write text to the file dir/name (made or emptied); its path (caller
   frees), or a failed test. */
char *tu_write_file(const char *dir, const char *name, const char *text);

/*
 * Parse scenario text as file `file` (a data file it names is found
 * relative to file), load its price table when it asks for money
 * (scenario_pricing_resolve, as the CLI) and run it with its seed
 * (sim_run). Returns the run;
 * its scenario (run->sc) is the caller's too: free both with
 * tu_sim_free. A parse or run error fails the test with its messages.
 */
struct pk_run *tu_sim_text(const char *file, const char *text);

/* Free run and the scenario it ran (run->sc, which nothing else
   frees); NULL is allowed. */
void tu_sim_free(struct pk_run *run);

/* The series svc recorded (its metrics); borrowed, valid while svc is. */
const struct pk_metrics *tu_metrics(const struct pk_service *svc);

/* Variant v's end of run (its service's snapshot, snapshot.h) into *s;
   free with snapshot_free before tu_sim_free. */
void tu_snapshot(const struct pk_run *run, size_t v, struct pk_snapshot *s);

/* Variant 0's throttles at the end of run: *hot those of the partition
   with the most requests (the first of equals), *cold all the others'. */
void tu_hot_throttles(const struct pk_run *run, uint64_t *hot, uint64_t *cold);

/* What variant v's snapshot says at the end of run, in brief. */
struct tu_end {
	size_t ranges;	  /* partition key ranges */
	uint64_t storage; /* stored bytes */
	int64_t ru_per_s; /* provisioned RU/s */
};
struct tu_end tu_end(const struct pk_run *run, size_t v);

/* Logical partition i (0 .. s->n_lps - 1, in order of creation) of s. */
struct pk_snapshot_lp tu_lp(const struct pk_snapshot *s, uint64_t i);

/* A run of scenario text and its result (result_build), for the tests
   of the reports drawn from it. */
struct tu_fx {
	struct pk_run *run;  /* tu_sim_text's */
	struct pk_result *r; /* owned */
};

/* Run text as file `file` into *f (tu_sim_text), then build its
   result; free with tu_fx_free. */
void tu_fx_run(struct tu_fx *f, const char *file, const char *text);
void tu_fx_free(struct tu_fx *f);

/* Load the shipped scenario scenarios/NAME.yaml (its data files found
   beside it) and run it with its seed; free with tu_sim_free. A load or
   run error fails the test with its messages. */
struct pk_run *tu_sim_shipped(const char *name);

/* tu_fx_run of the shipped scenario scenarios/NAME.yaml. */
void tu_fx_shipped(struct tu_fx *f, const char *name);

/* The variant of f's result named name (borrowed), or a failed test. */
const struct pk_result_variant *tu_fx_variant(const struct tu_fx *f,
					      const char *name);

/* What writer (report_text, report_csv, ...) writes of r, as one
   string (caller frees); a failed test when it returns nonzero. */
char *tu_report(const struct pk_result *r,
		int (*writer)(const struct pk_result *r, FILE *out));

/* The findings (findings_make) of r's first variant, each followed by
   "\n", as one string (caller frees); a failed test when out of
   memory. */
char *tu_findings_text(const struct pk_result *r);

/* A test case's temporary directory, tu_dir, for the files its tests
   write: made by tu_dir_setup and removed, with every file in it, by
   tu_dir_teardown; a checked fixture
   (tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown)). */
extern char *tu_dir;
void tu_dir_setup(void);
void tu_dir_teardown(void);

/* Write text to tu_dir/name (made or emptied); its path, kept until
   tu_dir_teardown, or a failed test. */
const char *tu_dir_file(const char *name, const char *text);

struct pk_scorecard;
struct pk_result;

/* Run scenario sc with its seed (the run owns sc afterwards), build
   its result into *res and return every variant's scorecard
   (scorecard_all); free the three with tu_cards_free. A run error fails
   the test with its messages. */
struct pk_scorecard *tu_cards_sc(struct pk_scenario *sc, struct pk_run **run,
				 struct pk_result **res);

/* tu_cards_sc of scenario text parsed as file `file` (tu_sim_text). */
struct pk_scorecard *tu_cards(const char *file, const char *text,
			      struct pk_run **run, struct pk_result **res);

/* Free what tu_cards made: the scorecards, the result, the run and its
   scenario. */
void tu_cards_free(struct pk_scorecard *cards, struct pk_run *run,
		   struct pk_result *res);

/* The storage runway of scenario text's first variant (tu_cards, parsed
   as file `file`): its time to full in seconds, -1 when it is not a
   number of days; its kind (enum pk_full_kind) into *kind and its
   sentence (scorecard_full_text) into t, at most cap bytes. */
/* 1 when x is within rel (a fraction) of want */
int tu_near(double x, double want, double rel);

double tu_full_s(const char *file, const char *text, int *kind, char *t,
		 size_t cap);

#endif
