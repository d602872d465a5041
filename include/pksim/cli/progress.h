/*
 * progress: the one updating line a long run or compare prints on
 * standard error when that is a terminal:
 *   pksim: simulated 2:13:20 of 24:00:00 (9%), 2.1 M ops/s, about 0m 20s left
 * and once simulated time is past the phases' end while retries (or a
 * paced client's waiting operations) are still sent:
 *   pksim: simulated 24:03:10 (end 24:00:00), draining retries, 2.1 M ops/s
 * The share done is operations sent over the operations the phases
 * plan (rate x duration, set in planned_ops) when that is known, else
 * simulated time done over the phases' end (a data file's records); the
 * time left is the wall time so far scaled by that share. "ops/s" is
 * operations per wall-clock second. The line is cut to the terminal's
 * width (TIOCGWINSZ on the stream; PK_PROGRESS_COLS when it says
 * nothing) so that \r redraws it in place.
 * It appears once the run has taken PK_PROGRESS_AFTER_MS of wall time
 * (the environment variable PKSIM_PROGRESS_AFTER_MS, milliseconds,
 * overrides it: tests use 0), is redrawn at most every
 * PK_PROGRESS_EVERY_MS (PKSIM_PROGRESS_EVERY_MS overrides it), and is erased
 * when the run ends. Nothing is printed when standard error is not a terminal
 * or with --quiet; it never touches standard output or the report. Wall-clock
 * time decides only whether and when the line is drawn, never a simulated
 * figure.
 */
#ifndef PKSIM_PROGRESS_H
#define PKSIM_PROGRESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pksim/run/sim.h"

/* a run shorter than this (wall time) prints nothing */
#define PK_PROGRESS_AFTER_MS 2000
/* the line is redrawn at most this often */
#define PK_PROGRESS_EVERY_MS 250
/* the width assumed when the terminal does not say */
#define PK_PROGRESS_COLS 80

struct pk_progress {
	FILE *out;	     /* standard error, or NULL: print nothing */
	int64_t start_ns;    /* wall clock at the start (CLOCK_MONOTONIC) */
	int64_t after_ns;    /* first line no earlier than start + this */
	int64_t every_ns;    /* redrawn no sooner than this after the last */
	int64_t last_ns;     /* when the line was last drawn; 0 = never */
	int shown;	     /* 1 once a line is on the terminal */
	double planned_ops;  /* operations the run's phases plan; 0: not
				known (set after progress_start) */
	int64_t remedies_ns; /* when the remedies' replays started */
};

/*
 * The remedies' replays (result/remedy.h) on the same terminal (nothing
 * when p prints nothing: standard error not a terminal, or --quiet), each
 * a whole line, after the progress line is erased. Before them:
 *   pksim: replaying the remedies of 2 variants with 429s (at most 47
 *   replays, each as long as the run); --no-remedies skips them
 * and after, with their share of the wall time since progress_start:
 *   pksim: the remedies' 12 replays took 5.9 s, 91% of the wall time
 * or, when none ran because they would pass the run's bounds
 * (not_replayed: remedy.h's sentence, borrowed; NULL when they ran):
 *   pksim: remedies not replayed: their at most 41 replays ...
 * Wall time is said here only, never in the report.
 */
void progress_remedies_start(struct pk_progress *p, size_t variants,
			     size_t max_replays);
void progress_remedies_end(struct pk_progress *p, size_t replays,
			   const char *not_replayed);

/* Start timing; out (borrowed) gets the line if it is a terminal and
   quiet is 0; so's progress callback becomes p's (progress_update). */
void progress_start(struct pk_progress *p, FILE *out, int quiet,
		    struct pk_sim_opts *so);

/* A pk_sim_progress_fn (sim.h): ctx is a struct pk_progress. */
void progress_update(void *ctx, int64_t done_ms, int64_t total_ms, uint64_t ops,
		     enum pk_sim_stage stage);

/* The progress line's estimate of the wall time left, s seconds, into
   buf (cap bytes, NUL-terminated, cut to fit): rounded to the nearest
   second, "about 1m 05s left" (64.5 s), "about 0m 01s left" (0.5 s),
   "about 1h 02m 05s left" from an hour on; under half a second (or NaN)
   "less than 1s left". Until 2026-12-02 the seconds were truncated, so
   the last second of a run showed "0m 00s". Estimates over a year say a
   year. */
void progress_left_text(double s, char *buf, size_t cap);

/* Cut line (NUL-terminated, changed in place) to cols - 1 characters
   (cols 0: PK_PROGRESS_COLS), the last column left free so that the
   cursor stays on the line's row; returns its length. */
size_t progress_fit(char *line, size_t cols);

/* The share of a run done, in [0, 0.999]: ops / planned_ops when
   planned_ops > 0, else done_ms / total_ms; 1 when neither is known
   (total_ms <= 0). Capped below 1: called while the stream is sent. */
double progress_fraction(int64_t done_ms, int64_t total_ms, uint64_t ops,
			 double planned_ops);

/* Erase the line if one was drawn. */
void progress_end(struct pk_progress *p);

#endif
