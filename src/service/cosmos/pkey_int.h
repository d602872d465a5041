/*
 * pkey_int: what pkey.c and pkey_template.c share and nothing outside
 * them uses. Not a public header: it stays beside the sources.
 */
#ifndef PKSIM_PKEY_INT_H
#define PKSIM_PKEY_INT_H

#include <stddef.h>

#include "pksim/base/diag.h"
#include "pksim/service/cosmos/pkey.h"

/* Index of path in k->refs, adding a copy if new; -1 when k already
   reads PK_KEY_MAX_REFS properties. */
int pkey_add_ref(struct pk_pkey *k, const char *path);

/* Mark out as refused: status 400 with why (static text). */
void pkey_keyval_fail(struct pk_keyval *out, const char *why);

/* Reference ref's value from src into *v (string bytes in buf, at
   least PK_VALUE_MAX_BYTES). 0, or -1 with out failed (400) when the
   value is an object or array. */
int pkey_get_value(const struct pk_item_source *src, size_t ref,
		   struct pk_value *v, char *buf, struct pk_keyval *out);

/*
 * Parse template text into k->parts (and the properties it reads into
 * k->refs). 0, or -1 with one error in diag at where:line:col (the key's
 * place; line 0 for a key from the command line) naming the template and
 * the placeholders allowed.
 */
int pkey_parse_template(struct pk_pkey *k, struct pk_diag *diag,
			const char *where, int line, int col, const char *text);

/* Build the synthetic key value of the item src reads into buf (cap
   bytes, not NUL-terminated), its random parts the item's own draws
   (pick PK_PICK_DRAWN) or candidate pick (pkey_build_pick); its length,
   or -1 with out failed (400: an object or array read, or a value
   longer than cap). */
int pkey_build_template(const struct pk_pkey *k,
			const struct pk_item_source *src, uint64_t pick,
			char *buf, size_t cap, struct pk_keyval *out);

/* The strftime format (UTC) a time part writes: {day(ts)} "%Y-%m-%d",
   {month(ts)} "%Y-%m", {year(ts)} "%Y", {weekday(ts)} "%A", {hour(ts)}
   "%Y-%m-%dT%H"; NULL for any other part. Static. */
const char *pkey_tpl_time_format(enum pk_tpl_kind kind);

#endif
