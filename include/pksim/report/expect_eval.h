/*
 * expect_eval: a scenario's `expect:` assertions (load/expect.h) checked
 * against a finished run. Each measure is read from the result model by
 * the field readers (report_field.h), by the paths the loader checked
 * against the table of report fields (load/report_fields.h): the values
 * the JSON report with scorecards holds, without writing it.
 */
#ifndef PKSIM_REPORT_EXPECT_EVAL_H
#define PKSIM_REPORT_EXPECT_EVAL_H

#include <stdio.h>

#include "pksim/load/expect.h"
#include "pksim/result/result.h"

/* Room for a value as printed: "12345.678", "\"storage\"", "absent". */
#define PK_EXPECT_VALUE_BYTES 96

/* The outcome of one assertion. */
struct pk_expect_outcome {
	const struct pk_expect *e; /* borrowed: the assertion */
	const char *variant;	   /* borrowed: the variant measured, or NULL
				      for a scenario.* measure */
	int pass;		   /* 1 held, 0 failed */
	int skipped;		   /* 1: its variant is not in this run
				      (--variant kept another); pass is 1 */
	char actual[PK_EXPECT_VALUE_BYTES];   /* the measured value */
	char expected[PK_EXPECT_VALUE_BYTES]; /* "= 3", "in [16, 18]",
						 "≈ 1500 ± 1 %" */
};

/*
 * Check the n assertions ex against result r into out (n entries, caller
 * owned). A measure that is absent in this run (an index past a list's
 * end, an optional field, a range id that does not exist at the end)
 * fails with actual "absent". Returns the number that failed.
 */
int expect_eval(const struct pk_result *r, const struct pk_expect *ex, size_t n,
		struct pk_expect_outcome *out);

/*
 * Print the outcomes of file's assertions to out: each failing one as
 * "FILE:LINE:COL: expect failed: MEASURE [variant V]: expected E, got A"
 * (FILE the one the assertion is written in, pk_expect.file, else file),
 * or, when all held, one line "FILE: all N expectations hold" (file).
 * Returns the number that failed.
 */
int expect_print(const char *file, const struct pk_expect_outcome *o, size_t n,
		 FILE *out);

#endif
