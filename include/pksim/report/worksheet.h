/*
 * worksheet: a lesson's student handout and its solutions (`pksim lesson
 * LESSON.yaml --worksheet | --solutions`, docs/teaching.md), in Markdown
 * or as one self-contained HTML page. The handout holds the lesson's
 * goal, the command to run, what to look at and the questions with room
 * for answers, never an answer; the solutions add each answer and the
 * figures one run produced: every `expect:` claim of the lesson and its
 * scenario with the value measured (expect_eval.h).
 */
#ifndef PKSIM_REPORT_WORKSHEET_H
#define PKSIM_REPORT_WORKSHEET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pksim/load/scenario.h"
#include "pksim/report/expect_eval.h"

enum pk_worksheet_format {
	PK_WORKSHEET_MARKDOWN = 0,
	PK_WORKSHEET_HTML,
};

/* What one worksheet shows; every pointer borrowed. */
struct pk_worksheet {
	const struct pk_scenario *sc; /* loaded; sc->lesson not NULL */
	const char *path;	      /* the lesson as the user named it:
					 the command to run names it */
	uint64_t seed;		      /* the seed run (the command adds
					 --seed N when it is not sc->seed) */
	/* the solutions: the outcomes of sc's n_expects claims on a run
	   at seed (n_outcomes = sc->n_expects); NULL for the handout */
	const struct pk_expect_outcome *outcomes;
	size_t n_outcomes;
};

/*
 * Write w's handout (outcomes NULL) or solutions to out in format. The
 * command to run is `pksim compare PATH --narrate` for a scenario with
 * more than one container variant, else `pksim run PATH --narrate`. Lesson text
 * is escaped for the format (report_md_text, heatsvg_text). Returns 0, or -1
 * when writing failed (ferror).
 */
int worksheet_write(const struct pk_worksheet *w,
		    enum pk_worksheet_format format, FILE *out);

#endif
