/*
 * yamltree: a scenario's YAML text turned into a small node tree of our
 * own (internal to the loader; the only module that includes <yaml.h>).
 *
 * libyaml's event stream (yaml_parser_parse) is built into scalars, lists
 * and mappings with 1-based positions. Building the tree ourselves, rather
 * than using libyaml's document loader, lets us reject anchors and aliases
 * (which bounds the "billion laughs" expansion), bound nesting depth and
 * node count, and report duplicate keys. Any YAML syntax error stops the
 * parse. Left out: YAML tags other than the standard str/seq/map ones,
 * multiple documents, merge keys (<<, which need aliases anyway).
 */
#ifndef PKSIM_LOAD_YAMLTREE_H
#define PKSIM_LOAD_YAMLTREE_H

#include <stddef.h>

#include "pksim/base/diag.h"

/* How much of a user's text is quoted back in a message, in bytes. */
#define PK_SCENARIO_QUOTE_BYTES 80
/* Room for yn_desc's text of any node. */
#define PK_YN_DESC_BYTES (PK_SCENARIO_QUOTE_BYTES + 16)

enum yn_kind {
	YN_SCALAR = 0,
	YN_SEQ,
	YN_MAP,
};

struct yn {
	enum yn_kind kind;
	int line, col;	  /* 1-based start position; 0 when built without
			     a file (yn_scalar_new) */
	char *text;	  /* SCALAR: owned, NUL-terminated */
	size_t len;	  /* SCALAR: bytes in text */
	int plain;	  /* SCALAR: 1 if unquoted (so it may be typed) */
	struct yn **kids; /* SEQ: elements; MAP: key, value, key, value... */
	size_t n_kids;	  /* SEQ: elements; MAP: 2 x pairs */
	size_t cap_kids;
};

/*
 * Parse len bytes of text (file names it in messages) into a tree owned by
 * the caller (yn_free). Returns NULL with errors in d when the text is not
 * UTF-8, is not one YAML document, is empty, uses anchors or aliases,
 * nests deeper than 64 levels or holds more than 1,000,000 values. Errors
 * that do not stop the parse (a duplicate key, which is dropped; a tag; a
 * NUL in a scalar; a non-scalar key, dropped) are recorded in d and the
 * tree is still returned.
 */
struct yn *yamltree_parse(const char *file, const char *text, size_t len,
			  struct pk_diag *d);

/* Free n and every node below it; NULL is allowed. */
void yn_free(struct yn *n);
/* Append kid (owned by n from now on) to the list or mapping n. */
void yn_push(struct yn *n, struct yn *kid);
/* A new plain scalar holding len bytes of text, at line 0 (no position). */
struct yn *yn_scalar_new(const char *text, size_t len);

/* Pairs of mapping m; the key and value of pair i (borrowed from m). */
size_t yn_pairs(const struct yn *m);
const struct yn *yn_key(const struct yn *m, size_t i);
const struct yn *yn_val(const struct yn *m, size_t i);
/* The value of key in mapping m, or NULL (also when m is NULL or not a
   mapping). Keys are unique (duplicates are dropped while parsing). */
const struct yn *yn_get(const struct yn *m, const char *key);

/*
 * What a node is, for "(got ...)": the quoted text of a scalar (cut to
 * PK_SCENARIO_QUOTE_BYTES), "nothing", or "a mapping" / "a list". Writes
 * at most cap bytes (PK_YN_DESC_BYTES is enough) and returns buf.
 */
const char *yn_desc(const struct yn *n, char *buf, size_t cap);

#endif
