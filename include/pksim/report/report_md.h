/*
 * report_md: the report as GitHub-flavoured Markdown, for a design review
 * or a wiki: the assumptions (arrival, operations replayed,
 * simulated time, each variant's RU/s and physical partitions and their
 * origin), the scorecard as a table (one column per variant), the ranking
 * with each rank's verdict and reason, and each variant's findings.
 * `pksim run --format markdown` and `pksim compare --format markdown`
 * write the same document; only the title names the command.
 */
#ifndef PKSIM_REPORT_MD_H
#define PKSIM_REPORT_MD_H

#include <stdio.h>

#include "pksim/result/result.h"

/*
 * Write r as Markdown to out. Text from the scenario and the data (names,
 * keys, values) is escaped so that it never breaks the table or starts
 * markup: backslash, |, *, _, `, <, >, [, ], # get a backslash; newlines
 * become spaces. compare: 1 for `pksim compare` (the title). Returns 0,
 * or -1 when writing failed (ferror).
 */
int report_markdown(const struct pk_result *r, int compare, FILE *out);

struct pk_scorecard;

/* As report_markdown with the scorecards given (r->n_variants, e.g.
   scorecard_merge_seeds's: then a table gives each ranking figure's
   median and min-max over the seeds). cards are borrowed. */
int report_markdown_cards(const struct pk_result *r,
			  const struct pk_scorecard *cards, int compare,
			  FILE *out);

/* Write s to out escaped as report_markdown escapes text from the
   scenario (backslash before \\ | * _ ` < > [ ] #; newlines as
   spaces), so it never breaks a table or starts markup. */
void report_md_text(const char *s, FILE *out);

#endif
