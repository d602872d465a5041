/*
 * progress: the one updating line a long run or compare prints on
 * standard error when that is a terminal (issue 13 section 4):
 *   pksim: simulated 2:13:20 of 24:00:00 (9%), 2.1 M ops/s, about 1m 40s left
 * and once simulated time is past the phases' end while retries (or a
 * paced client's waiting operations) are still sent:
 *   pksim: simulated 24:03:10, past the phases' end at 24:00:00: retries
 *   draining, 2.1 M ops/s
 * The time left is estimated from simulated time done, not operations.
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

struct pk_progress {
	FILE *out;	  /* standard error, or NULL: print nothing */
	int64_t start_ns; /* wall clock at the start (CLOCK_MONOTONIC) */
	int64_t after_ns; /* first line no earlier than start + this */
	int64_t every_ns; /* redrawn no sooner than this after the last */
	int64_t last_ns;  /* when the line was last drawn; 0 = never */
	int shown;	  /* 1 once a line is on the terminal */
};

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

/* Erase the line if one was drawn. */
void progress_end(struct pk_progress *p);

#endif
