/*
 * remedies: the remedies replayed for a rate-limited variant (result's
 * remedy.h) in words and as a table: what each replay measured, how the
 * setting was searched and how many replays it took. Nothing here
 * advises a setting that was not replayed.
 */
#ifndef PKSIM_REPORT_REMEDIES_H
#define PKSIM_REPORT_REMEDIES_H

#include <stdio.h>

#include "pksim/result/remedy.h"
#include "pksim/result/result.h"

/* The name remedy kind k goes by in every report ("raise on the existing
   layout"); static. */
const char *remedies_name(enum pk_remedy_kind k);

/* Remedy kind k's id in the JSON report ("raise",
   "raise_with_splits"); static. */
const char *remedies_kind_id(enum pk_remedy_kind k);

/* The name of status s in the JSON report ("found", "not_found",
   "no_room", "not_needed", "not_replayed", "failed"); static. */
const char *remedies_status_name(enum pk_remedy_status s);

/* What the replays were, said before the table: how many, against the
   bound said before they ran, and what they changed. Owned. */
char *remedies_intro(const struct pk_result *r, const struct pk_remedies *m);

/* Why variant v of r, rate limited, has no remedies although they were
   built (r->remedies_built): a sentence, static, for a serverless
   container (no RU/s to raise: its partitions' RU/s are fixed, rule
   19) or a DynamoDB table (capacity remedies not modelled); NULL when
   v has remedies, had no 429 or remedies were not built. */
const char *remedies_none_why(const struct pk_result *r,
			      const struct pk_result_variant *v);

/* Remedy k of m in one sentence: the setting the replays found and its
   measured effect, or why there is none; the search (its bounds, rule,
   replays and tolerance). Owned. */
char *remedies_sentence(const struct pk_remedies *m, enum pk_remedy_kind k);

/* The text report's remedies section of v (nothing when v has none):
   the intro, a table of the run and each measured remedy, each remedy's
   sentence. width: the terminal's columns (--width; 0: no limit); where
   the table's columns would pass it, each row is stacked instead, its
   name and then one figure a line, label and value, so that no figure
   is parted from its label when the lines are broken to the width. */
void remedies_text(const struct pk_result *r, const struct pk_result_variant *v,
		   size_t width, FILE *out);

/* How a report writes text: escaped for its format (Markdown, HTML) */
typedef void (*pk_remedies_text_fn)(const char *s, FILE *out);

/* The Markdown report's remedies of v under a "#### Remedies" heading
   (nothing when v has none): the intro, a table of the run and each
   measured remedy, each remedy's sentence; sentences through esc. */
void remedies_markdown(const struct pk_result *r,
		       const struct pk_result_variant *v,
		       pk_remedies_text_fn esc, FILE *out);

/* The HTML report's remedies of v (an h3, the intro, a table, a list;
   nothing when v has none); text through esc. */
void remedies_html(const struct pk_result *r, const struct pk_result_variant *v,
		   pk_remedies_text_fn esc, FILE *out);

#endif
