/*
 * keysummary: the sentence and the figures a report gives for the items
 * that lack a property the partition key reads (keycheck.h): with a path
 * key they are in the undefined logical partition (D-PART), with a
 * hierarchical key one of their levels is undefined, with a template the
 * property's part of their key is empty. Reports print it in the summary
 * (run), as a scorecard row (compare) and as an object in JSON, only when
 * some item lacks one (keycheck.h: a key no item has stops the run unless
 * allowed).
 */
#ifndef PKSIM_KEYSUMMARY_H
#define PKSIM_KEYSUMMARY_H

#include <stddef.h>

#include "pksim/result/result.h"

/* Bytes a keysummary sentence needs at most (a key text of up to 120
   bytes shown; longer keys are cut with "...") */
#define PK_KEYSUMMARY_BYTES 320

/*
 * "2 of 5 items (40.0%) have no /tenantId: they went to the undefined
 * logical partition" (a path key; the other kinds say what became of
 * their key), with " (allowed: allow_undefined_key)" when the container
 * allows it. Into buf (cap bytes, NUL-terminated); returns buf, or NULL
 * (buf untouched) when no item lacks a key property.
 */
const char *keysummary_text(const struct pk_result_variant *v, char *buf,
			    size_t cap);

/* "2 of 5 (40.0%)", or "0" when no item lacks one: a scorecard cell.
   Returns buf. */
const char *keysummary_cell(const struct pk_result_variant *v, char *buf,
			    size_t cap);

#endif
