/*
 * scenario: the YAML scenario loader.
 *
 * Two passes. First, libyaml's event stream (yaml_parser_parse) is turned
 * into a small node tree of our own: scalars, lists and mappings with
 * 1-based positions. Building the tree ourselves, rather than using
 * libyaml's document loader, lets us reject anchors and aliases (which
 * bounds the "billion laughs" expansion), bound nesting depth and node
 * count, and report duplicate keys. Any YAML syntax error stops the load.
 * Second, the tree is walked key by key into a struct pk_scenario; every
 * semantic error is recorded in the diag object and the walk goes on, so
 * one run shows many mistakes (diag keeps PK_DIAG_MAX_ERRORS of them).
 *
 * Variants: `container:` is loaded as the base; each entry of `variants:`
 * is a deep copy of it with the entry's keys laid over (every string
 * owned by its variant), and s->container ends up a copy of variants[0].
 * Partition key templates are kept as text: pkey parses them.
 *
 * Items from a data file (`items: {file: PATH, ...}`): the loader reads
 * the file through trace_load (its errors are passed on as they are) and
 * checks every used record's time field up front, so the workload never
 * meets a bad record. Phases are then optional and only set throughput.
 * The command line builds the same kind of scenario without YAML
 * (scenario_for_items, scenario_add_variant), reusing the same checks.
 *
 * Left out: YAML tags other than the standard str/seq/map ones, multiple
 * documents, merge keys (<<, which need aliases anyway).
 *
 * Invariant: a scenario is returned only when this call recorded no error,
 * and then every field is filled in and in range (see scenario.h).
 */
#include "pksim/base/isotime.h"
#include "pksim/base/fmt.h"
#include "pksim/load/scenario.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "pksim/base/mem.h"
#include "pksim/model/provision.h"
#include "pksim/load/trace.h"

/* Deepest nesting of lists/mappings accepted; real scenarios use ~5. */
#define PK_SCENARIO_MAX_DEPTH 64
/* Most YAML nodes in one file: bounds memory on hostile input. */
#define PK_SCENARIO_MAX_NODES 1000000
/* Largest scenario file read, in bytes (16 MiB: far above any real one). */
#define PK_SCENARIO_MAX_FILE_BYTES (16u * 1024u * 1024u)
/* Suggest the nearest known key when its edit distance is at most this. */
#define PK_SCENARIO_SUGGEST_DISTANCE 2
/* ...or at most a third of the suggested word's length (thruput). */
/* A word this long that starts a known word suggests it (zipf). */
#define PK_SCENARIO_SUGGEST_MIN_PREFIX 3
/* Keys longer than this are never compared for suggestions. */
#define PK_SCENARIO_SUGGEST_MAX_LEN 64
/* Op mix fractions must sum to 1 within this tolerance. */
#define PK_SCENARIO_MIX_TOLERANCE 1e-6
/* A pattern range holds fewer than 2^32 values (workload indexes them
   with 32-bit draws). */
#define PK_SCENARIO_PATTERN_MAX_COUNT 0xFFFFFFFFULL
/* Decimal digits in UINT64_MAX: the longest number a pattern can print. */
#define PK_SCENARIO_U64_DIGITS 20
/* How much of a user's text is quoted back in a message, in bytes. */
#define PK_SCENARIO_QUOTE_BYTES 80
/* Fraction digits kept when parsing a size (more only refine rounding). */
#define PK_SCENARIO_SIZE_FRAC_DIGITS 18
/* Fraction digits a whole-second duration can have: 1 d = 86,400 s =
   2^7 x 3^3 x 5^2 s, so more than 2 significant fraction digits never give
   whole seconds; 9 is a comfortable bound that keeps arithmetic exact. */
#define PK_SCENARIO_DURATION_FRAC_DIGITS 9

/* ------------------------------------------------------------------ */
/* Node tree */

enum yn_kind {
	YN_SCALAR = 0,
	YN_SEQ,
	YN_MAP,
};

struct yn {
	enum yn_kind kind;
	int line, col;	  /* 1-based start position */
	char *text;	  /* SCALAR: owned, NUL-terminated */
	size_t len;	  /* SCALAR: bytes in text */
	int plain;	  /* SCALAR: 1 if unquoted (so it may be typed) */
	struct yn **kids; /* SEQ: elements; MAP: key, value, key, value... */
	size_t n_kids;	  /* SEQ: elements; MAP: 2 x pairs */
	size_t cap_kids;
};

/* Loader state for one scenario_parse call. */
struct ld {
	const char *file; /* name used in messages */
	const char *text; /* the input, len bytes, not NUL-terminated */
	size_t len;
	struct pk_diag *d;
	yaml_parser_t parser;
	size_t n_nodes; /* nodes built so far, <= PK_SCENARIO_MAX_NODES */
	int fatal;	/* 1 once an error stops tree building */
	struct pk_scenario *s;
	size_t cap_props;
};

static void yn_free(struct yn *n)
{
	size_t i;

	if (!n) {
		return;
	}
	for (i = 0; i < n->n_kids; i++) {
		yn_free(n->kids[i]);
	}
	free(n->kids);
	free(n->text);
	free(n);
}

static void yn_push(struct yn *n, struct yn *kid)
{
	mem_grow((void **)&n->kids, &n->cap_kids, n->n_kids + 1,
		 sizeof(*n->kids));
	n->kids[n->n_kids++] = kid;
}

static size_t yn_pairs(const struct yn *m)
{
	return m->n_kids / 2;
}

static const struct yn *yn_key(const struct yn *m, size_t i)
{
	return m->kids[2 * i];
}

static const struct yn *yn_val(const struct yn *m, size_t i)
{
	return m->kids[2 * i + 1];
}

/* The value of key in mapping m, or NULL. Keys are unique (duplicates are
   dropped while the tree is built). */
static const struct yn *yn_get(const struct yn *m, const char *key)
{
	size_t i;

	if (!m || m->kind != YN_MAP) {
		return NULL;
	}
	for (i = 0; i < yn_pairs(m); i++) {
		if (strcmp(yn_key(m, i)->text, key) == 0) {
			return yn_val(m, i);
		}
	}
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Errors */

static void err_at(struct ld *ld, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void err_at(struct ld *ld, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror(ld->d, ld->file, line, col, fmt, ap);
	va_end(ap);
}

static void err(struct ld *ld, const struct yn *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void err(struct ld *ld, const struct yn *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror(ld->d, ld->file, n->line, n->col, fmt, ap);
	va_end(ap);
}

/*
 * What a node is, for "(got ...)": the quoted text of a scalar (cut to
 * PK_SCENARIO_QUOTE_BYTES), or "a mapping" / "a list". Returns buf.
 */
static const char *yn_desc(const struct yn *n, char *buf, size_t cap)
{
	if (n->kind == YN_MAP) {
		snprintf(buf, cap, "a mapping");
	} else if (n->kind == YN_SEQ) {
		snprintf(buf, cap, "a list");
	} else if (n->len > PK_SCENARIO_QUOTE_BYTES) {
		snprintf(buf, cap, "'%.*s...'", PK_SCENARIO_QUOTE_BYTES,
			 n->text);
	} else if (n->len == 0 && n->plain) {
		snprintf(buf, cap, "nothing");
	} else {
		snprintf(buf, cap, "'%s'", n->text);
	}
	return buf;
}

#define DESC_BYTES (PK_SCENARIO_QUOTE_BYTES + 16)

/* Line and column (1-based) of byte offset off in the input. */
static void offset_pos(const struct ld *ld, size_t off, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off && i < ld->len; i++) {
		if (ld->text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)ld->text[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

static void report_yaml_error(struct ld *ld)
{
	yaml_parser_t *p = &ld->parser;
	int line, col;

	ld->fatal = 1;
	if (p->error == YAML_MEMORY_ERROR) {
		err_at(ld, 0, 0, "out of memory while parsing YAML");
		return;
	}
	if (p->error == YAML_READER_ERROR) {
		offset_pos(ld, p->problem_offset, &line, &col);
		if (p->problem_value != -1) {
			err_at(ld, line, col,
			       "invalid text: %s (byte 0x%02X); a scenario "
			       "must be UTF-8 text",
			       p->problem ? p->problem : "bad byte",
			       (unsigned)p->problem_value & 0xFFu);
		} else {
			err_at(ld, line, col,
			       "invalid text: %s; a scenario must be UTF-8 "
			       "text",
			       p->problem ? p->problem : "bad byte");
		}
		return;
	}
	line = (int)p->problem_mark.line + 1;
	col = (int)p->problem_mark.column + 1;
	if (p->problem_mark.index < ld->len &&
	    ld->text[p->problem_mark.index] == '\t') {
		err_at(ld, line, col,
		       "tab character in YAML; indent with spaces, not tabs");
	} else {
		err_at(ld, line, col, "YAML syntax error: %s",
		       p->problem ? p->problem : "unknown problem");
	}
	if (p->context) {
		diag_note(ld->d, "%s at line %d, column %d", p->context,
			  (int)p->context_mark.line + 1,
			  (int)p->context_mark.column + 1);
	}
}

/*
 * Offset of the first byte that does not start a well-formed UTF-8
 * sequence (RFC 3629: no overlongs, no surrogates, <= U+10FFFF), or len.
 * libyaml checks too, but reports the byte after the bad one.
 */
static size_t utf8_invalid_at(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i];
		size_t n, k;
		unsigned lo = 0x80, hi = 0xBF;

		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xC2 && c <= 0xDF) {
			n = 1;
		} else if (c >= 0xE0 && c <= 0xEF) {
			n = 2;
			lo = c == 0xE0 ? 0xA0 : 0x80;
			hi = c == 0xED ? 0x9F : 0xBF;
		} else if (c >= 0xF0 && c <= 0xF4) {
			n = 3;
			lo = c == 0xF0 ? 0x90 : 0x80;
			hi = c == 0xF4 ? 0x8F : 0xBF;
		} else {
			return i;
		}
		if (i + n >= len) {
			return i;
		}
		for (k = 1; k <= n; k++) {
			unsigned b = s[i + k];

			if (b < (k == 1 ? lo : 0x80) ||
			    b > (k == 1 ? hi : 0xBF)) {
				return i;
			}
		}
		i += n + 1;
	}
	return len;
}

/* ------------------------------------------------------------------ */
/* Tree building from libyaml events */

static int next_event(struct ld *ld, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&ld->parser, ev)) {
		report_yaml_error(ld);
		return -1;
	}
	return 0;
}

struct key_ref {
	const char *text;
	size_t len;
	size_t idx; /* pair index */
};

static int key_ref_cmp(const void *a, const void *b)
{
	const struct key_ref *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->text, y->text, n);

	if (c) {
		return c;
	}
	if (x->len != y->len) {
		return x->len < y->len ? -1 : 1;
	}
	return x->idx < y->idx ? -1 : (x->idx > y->idx ? 1 : 0);
}

/* Report and drop every repeated key of m (the first one wins).
   O(n log n) so a huge hostile mapping stays cheap. */
static void drop_duplicate_keys(struct ld *ld, struct yn *m)
{
	size_t n = yn_pairs(m), i, j;
	struct key_ref *refs;
	size_t *first;

	if (n < 2) {
		return;
	}
	refs = xcalloc(n, sizeof(*refs));
	first = xcalloc(n, sizeof(*first));
	for (i = 0; i < n; i++) {
		refs[i].text = yn_key(m, i)->text;
		refs[i].len = yn_key(m, i)->len;
		refs[i].idx = i;
		first[i] = SIZE_MAX;
	}
	qsort(refs, n, sizeof(*refs), key_ref_cmp);
	for (i = 1; i < n; i++) {
		if (refs[i].len == refs[i - 1].len &&
		    memcmp(refs[i].text, refs[i - 1].text, refs[i].len) == 0) {
			/* refs[i - 1] is either the first or already
			   points at it */
			size_t f = first[refs[i - 1].idx];

			first[refs[i].idx] =
			    f == SIZE_MAX ? refs[i - 1].idx : f;
		}
	}
	for (i = 0, j = 0; i < n; i++) {
		struct yn *k = m->kids[2 * i], *v = m->kids[2 * i + 1];

		if (first[i] != SIZE_MAX) {
			char buf[DESC_BYTES];

			err(ld, k,
			    "duplicate key %s (first at line %d); each "
			    "key may appear once in a mapping",
			    yn_desc(k, buf, sizeof(buf)),
			    yn_key(m, first[i])->line);
			yn_free(k);
			yn_free(v);
			continue;
		}
		m->kids[2 * j] = k;
		m->kids[2 * j + 1] = v;
		j++;
	}
	m->n_kids = 2 * j;
	free(refs);
	free(first);
}

/*
 * Build the node that starts with *ev (consumed), at nesting depth depth
 * (the root is 1). Returns NULL after a fatal error (ld->fatal set).
 */
static struct yn *build(struct ld *ld, yaml_event_t *ev, int depth)
{
	struct yn *n;
	const yaml_char_t *anchor = NULL, *tag = NULL;
	const char *std_tag = NULL;
	int line = (int)ev->start_mark.line + 1;
	int col = (int)ev->start_mark.column + 1;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		err_at(ld, line, col,
		       "anchors and aliases are not supported (alias '*%s'); "
		       "write the value out in full",
		       (const char *)ev->data.alias.anchor);
		ld->fatal = 1;
		yaml_event_delete(ev);
		return NULL;
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		tag = ev->data.scalar.tag;
		std_tag = YAML_STR_TAG;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
		std_tag = YAML_SEQ_TAG;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
		std_tag = YAML_MAP_TAG;
		break;
	default:
		PK_BUG("unexpected YAML event %d inside a document",
		       (int)ev->type);
	}
	if (anchor) {
		err_at(ld, line, col,
		       "anchors and aliases are not supported (anchor '&%s'); "
		       "write the value out in full",
		       (const char *)anchor);
		ld->fatal = 1;
		yaml_event_delete(ev);
		return NULL;
	}
	if (ev->type != YAML_SCALAR_EVENT && depth > PK_SCENARIO_MAX_DEPTH) {
		err_at(ld, line, col,
		       "nesting deeper than %d levels of lists and mappings",
		       PK_SCENARIO_MAX_DEPTH);
		ld->fatal = 1;
		yaml_event_delete(ev);
		return NULL;
	}
	if (++ld->n_nodes > PK_SCENARIO_MAX_NODES) {
		err_at(ld, line, col,
		       "more than %d YAML values; a scenario file is limited "
		       "to that many",
		       PK_SCENARIO_MAX_NODES);
		ld->fatal = 1;
		yaml_event_delete(ev);
		return NULL;
	}
	if (tag && strcmp((const char *)tag, std_tag) != 0) {
		static const char yaml_prefix[] = "tag:yaml.org,2002:";
		const char *t = (const char *)tag;
		int std = strncmp(t, yaml_prefix, sizeof(yaml_prefix) - 1) == 0;

		err_at(ld, line, col,
		       "YAML tag '%s%s' is not supported; remove it",
		       std ? "!!" : "", std ? t + sizeof(yaml_prefix) - 1 : t);
	}

	n = xcalloc(1, sizeof(*n));
	n->line = line;
	n->col = col;
	if (ev->type == YAML_SCALAR_EVENT) {
		n->kind = YN_SCALAR;
		n->len = ev->data.scalar.length;
		n->text = xstrndup((const char *)ev->data.scalar.value, n->len);
		n->plain =
		    ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !tag;
		if (memchr(n->text, '\0', n->len)) {
			err(ld, n, "text may not contain a NUL character");
			n->len = strlen(n->text);
		}
		yaml_event_delete(ev);
		return n;
	}

	n->kind = ev->type == YAML_SEQUENCE_START_EVENT ? YN_SEQ : YN_MAP;
	yaml_event_delete(ev);
	for (;;) {
		yaml_event_t kev, vev;
		struct yn *k, *v;

		if (next_event(ld, &kev) < 0) {
			goto fail;
		}
		if (kev.type == YAML_SEQUENCE_END_EVENT ||
		    kev.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&kev);
			break;
		}
		k = build(ld, &kev, depth + 1);
		if (!k) {
			goto fail;
		}
		if (n->kind == YN_SEQ) {
			yn_push(n, k);
			continue;
		}
		if (next_event(ld, &vev) < 0) {
			yn_free(k);
			goto fail;
		}
		v = build(ld, &vev, depth + 1);
		if (!v) {
			yn_free(k);
			goto fail;
		}
		if (k->kind != YN_SCALAR) {
			err(ld, k, "mapping keys must be plain strings, not %s",
			    k->kind == YN_MAP ? "a mapping" : "a list");
			yn_free(k);
			yn_free(v);
			continue;
		}
		yn_push(n, k);
		yn_push(n, v);
	}
	if (n->kind == YN_MAP) {
		drop_duplicate_keys(ld, n);
	}
	return n;
fail:
	yn_free(n);
	return NULL;
}

/* Parse the whole input into a tree; NULL if there is nothing to load
   (errors recorded). */
static struct yn *tree_parse(struct ld *ld)
{
	yaml_event_t ev;
	struct yn *root = NULL;

	if (!yaml_parser_initialize(&ld->parser)) {
		err_at(ld, 0, 0, "out of memory while parsing YAML");
		return NULL;
	}
	yaml_parser_set_input_string(&ld->parser,
				     (const unsigned char *)ld->text, ld->len);
	/* STREAM-START, then DOCUMENT-START or STREAM-END */
	if (next_event(ld, &ev) < 0) {
		goto out;
	}
	yaml_event_delete(&ev);
	if (next_event(ld, &ev) < 0) {
		goto out;
	}
	if (ev.type == YAML_STREAM_END_EVENT) {
		yaml_event_delete(&ev);
		err_at(ld, 1, 1,
		       "empty scenario; expected a mapping with at least "
		       "'container' and 'phases'");
		goto out;
	}
	yaml_event_delete(&ev);
	if (next_event(ld, &ev) < 0) {
		goto out;
	}
	root = build(ld, &ev, 1);
	if (!root) {
		goto out;
	}
	/* DOCUMENT-END, then STREAM-END: one document only */
	if (next_event(ld, &ev) < 0) {
		goto fail;
	}
	yaml_event_delete(&ev);
	if (next_event(ld, &ev) < 0) {
		goto fail;
	}
	if (ev.type != YAML_STREAM_END_EVENT) {
		err_at(ld, (int)ev.start_mark.line + 1,
		       (int)ev.start_mark.column + 1,
		       "a second YAML document; a scenario file holds exactly "
		       "one (remove the '---')");
		yaml_event_delete(&ev);
		goto fail;
	}
	yaml_event_delete(&ev);
	goto out;
fail:
	yn_free(root);
	root = NULL;
out:
	yaml_parser_delete(&ld->parser);
	return root;
}

/* ------------------------------------------------------------------ */
/* Key checks and suggestions */

/* Levenshtein distance; SIZE_MAX when either string is too long. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[PK_SCENARIO_SUGGEST_MAX_LEN + 1];

	if (la > PK_SCENARIO_SUGGEST_MAX_LEN ||
	    lb > PK_SCENARIO_SUGGEST_MAX_LEN) {
		return SIZE_MAX;
	}
	for (j = 0; j <= lb; j++) {
		row[j] = j;
	}
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best) {
				best = up + 1;
			}
			if (row[j - 1] + 1 < best) {
				best = row[j - 1] + 1;
			}
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* The allowed word nearest to word, or NULL if none is close enough. */
static const char *nearest(const char *word, const char *const *allowed)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX, i;

	for (i = 0; allowed[i]; i++) {
		size_t dist = edit_distance(word, allowed[i]);

		if (dist < best_d) {
			best_d = dist;
			best = allowed[i];
		}
	}
	if (best && best_d < strlen(word) &&
	    (best_d <= PK_SCENARIO_SUGGEST_DISTANCE ||
	     best_d <= strlen(best) / 3)) {
		return best;
	}
	/* "zipf" for "zipfian": a clipped word */
	if (strlen(word) >= PK_SCENARIO_SUGGEST_MIN_PREFIX) {
		for (i = 0; allowed[i]; i++) {
			if (strncmp(allowed[i], word, strlen(word)) == 0) {
				return allowed[i];
			}
		}
	}
	return NULL;
}

static int word_in(const char *word, const char *const *list)
{
	size_t i;

	for (i = 0; list[i]; i++) {
		if (strcmp(word, list[i]) == 0) {
			return 1;
		}
	}
	return 0;
}

/* "a, b, c" of a NULL-terminated list; caller frees. */
static char *word_join(const char *const *list)
{
	size_t i, n = 1;
	char *s, *p;

	for (i = 0; list[i]; i++) {
		n += strlen(list[i]) + 2;
	}
	s = xmalloc(n);
	p = s;
	*p = '\0';
	for (i = 0; list[i]; i++) {
		p += sprintf(p, "%s%s", i ? ", " : "", list[i]);
	}
	return s;
}

/*
 * Report word (at node n) as not one of allowed: "unknown NOUN 'word'
 * WHERE; did you mean 'x'?" or "...; allowed: a, b, c".
 */
static void err_unknown(struct ld *ld, const struct yn *n, const char *noun,
			const char *word, const char *where,
			const char *const *allowed)
{
	const char *near;
	char buf[DESC_BYTES];
	char *all;

	yn_desc(n, buf, sizeof(buf));
	if (n->kind != YN_SCALAR) {
		all = word_join(allowed);
		err(ld, n, "%s must be one of %s (got %s)", noun, all, buf);
		free(all);
		return;
	}
	near = nearest(word, allowed);
	if (near) {
		err(ld, n, "unknown %s %s %s; did you mean '%s'?", noun, buf,
		    where, near);
		return;
	}
	all = word_join(allowed);
	err(ld, n, "unknown %s %s %s; allowed: %s", noun, buf, where, all);
	free(all);
}

/* Report every key of mapping m that is not in allowed. */
static void check_keys(struct ld *ld, const struct yn *m,
		       const char *const *allowed, const char *where)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);

		if (!word_in(k->text, allowed)) {
			err_unknown(ld, k, "key", k->text, where, allowed);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Number and unit parsing */

enum pstat {
	P_OK = 0,
	P_SYNTAX,   /* not a number of the expected form */
	P_UNIT,	    /* number fine, unit unknown */
	P_RANGE,    /* too large */
	P_FRACTION, /* duration not a whole number of seconds */
	P_NEGATIVE, /* a minus sign */
};

/* A non-negative decimal number: ip + frac_num / frac_den. */
struct dec {
	uint64_t ip;
	uint64_t frac_num;
	uint64_t frac_den; /* 10^k, k fraction digits kept */
	const char *end;   /* first byte after the number */
};

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static const char *skip_spaces(const char *s)
{
	while (*s == ' ') {
		s++;
	}
	return s;
}

/* Length of s without trailing spaces. */
static size_t trim_len(const char *s)
{
	size_t n = strlen(s);

	while (n > 0 && s[n - 1] == ' ') {
		n--;
	}
	return n;
}

/*
 * Parse "12", "1.5", ".5" at s (leading spaces skipped), keeping at most
 * max_frac fraction digits (more must still be digits; they are dropped).
 * With strict_frac, dropped digits must be zeros or P_FRACTION results.
 */
static enum pstat dec_parse(const char *s, int max_frac, int strict_frac,
			    struct dec *d)
{
	int any = 0, k = 0;

	s = skip_spaces(s);
	d->ip = 0;
	d->frac_num = 0;
	d->frac_den = 1;
	if (*s == '-' && (is_digit(s[1]) || s[1] == '.')) {
		return P_NEGATIVE;
	}
	if (*s == '+') {
		s++;
	}
	while (is_digit(*s)) {
		unsigned dig = (unsigned)(*s - '0');

		if (d->ip > (UINT64_MAX - dig) / 10) {
			return P_RANGE;
		}
		d->ip = d->ip * 10 + dig;
		any = 1;
		s++;
	}
	if (*s == '.') {
		s++;
		while (is_digit(*s)) {
			if (k < max_frac) {
				d->frac_num =
				    d->frac_num * 10 + (uint64_t)(*s - '0');
				d->frac_den *= 10;
				k++;
			} else if (strict_frac && *s != '0') {
				return P_FRACTION;
			}
			any = 1;
			s++;
		}
	}
	if (!any) {
		return P_SYNTAX;
	}
	d->end = s;
	return P_OK;
}

/* Multiplier for a size unit of len bytes at u, or 0 if unknown. */
static uint64_t size_unit(const char *u, size_t len)
{
	static const struct {
		const char *name;
		uint64_t mult;
	} units[] = {
	    {"", 1},
	    {"B", 1},
	    {"KB", 1ULL << 10},
	    {"MB", 1ULL << 20},
	    {"GB", 1ULL << 30},
	    {"TB", 1ULL << 40},
	    {"KiB", 1ULL << 10},
	    {"MiB", 1ULL << 20},
	    {"GiB", 1ULL << 30},
	    {"TiB", 1ULL << 40},
	};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strlen(units[i].name) == len &&
		    memcmp(units[i].name, u, len) == 0) {
			return units[i].mult;
		}
	}
	return 0;
}

/* Size with detail; *unit (if not NULL) gets the unit text on P_UNIT. */
static enum pstat size_parse(const char *text, uint64_t *bytes,
			     const char **unit)
{
	struct dec d;
	enum pstat st = dec_parse(text, PK_SCENARIO_SIZE_FRAC_DIGITS, 0, &d);
	const char *u;
	uint64_t mult, whole, part;
	long double frac;

	if (st != P_OK) {
		return st;
	}
	u = skip_spaces(d.end);
	mult = size_unit(u, trim_len(u));
	if (!mult) {
		if (unit) {
			*unit = u;
		}
		return P_UNIT;
	}
	if (__builtin_mul_overflow(d.ip, mult, &whole)) {
		return P_RANGE;
	}
	frac = (long double)d.frac_num / (long double)d.frac_den *
	       (long double)mult;
	part = (uint64_t)(frac + 0.5L);
	if (__builtin_add_overflow(whole, part, &whole)) {
		return P_RANGE;
	}
	*bytes = whole;
	return P_OK;
}

static enum pstat duration_parse(const char *text, int64_t *ms,
				 const char **unit)
{
	struct dec d;
	enum pstat st =
	    dec_parse(text, PK_SCENARIO_DURATION_FRAC_DIGITS, 1, &d);
	const char *u;
	size_t ulen;
	uint64_t mult, secs, fsecs;

	if (st != P_OK) {
		return st;
	}
	u = skip_spaces(d.end);
	ulen = trim_len(u);
	if (ulen == 0 || (ulen == 1 && u[0] == 's')) {
		mult = 1;
	} else if (ulen == 1 && u[0] == 'm') {
		mult = 60;
	} else if (ulen == 1 && u[0] == 'h') {
		mult = 3600;
	} else if (ulen == 1 && u[0] == 'd') {
		mult = 86400;
	} else {
		if (unit) {
			*unit = u;
		}
		return P_UNIT;
	}
	/* frac_num < 10^9 and mult <= 86,400: no overflow */
	fsecs = d.frac_num * mult;
	if (fsecs % d.frac_den != 0) {
		return P_FRACTION;
	}
	if (__builtin_mul_overflow(d.ip, mult, &secs) ||
	    __builtin_add_overflow(secs, fsecs / d.frac_den, &secs) ||
	    secs > (uint64_t)INT64_MAX / 1000) {
		return P_RANGE;
	}
	*ms = (int64_t)secs * 1000;
	return P_OK;
}

static enum pstat rate_parse(const char *text, double *per_s, const char **unit)
{
	struct dec d;
	enum pstat st = dec_parse(text, PK_SCENARIO_SIZE_FRAC_DIGITS, 0, &d);
	const char *u;
	double v, div;

	if (st != P_OK) {
		return st;
	}
	u = skip_spaces(d.end);
	if (*u == '\0') {
		div = 1;
	} else if (*u == '/') {
		const char *w = skip_spaces(u + 1);
		size_t wl = trim_len(w);

		if (wl == 1 && w[0] == 's') {
			div = 1;
		} else if (wl == 1 && w[0] == 'm') {
			div = 60;
		} else if (wl == 1 && w[0] == 'h') {
			div = 3600;
		} else {
			if (unit) {
				*unit = u;
			}
			return P_UNIT;
		}
	} else {
		if (unit) {
			*unit = u;
		}
		return P_UNIT;
	}
	v = (double)d.ip + (double)d.frac_num / (double)d.frac_den;
	*per_s = v / div;
	return P_OK;
}

int scenario_parse_size(const char *text, uint64_t *bytes)
{
	uint64_t b;

	if (!text || size_parse(text, &b, NULL) != P_OK) {
		return -1;
	}
	*bytes = b;
	return 0;
}

int scenario_parse_duration(const char *text, int64_t *ms)
{
	int64_t v;

	if (!text || duration_parse(text, &v, NULL) != P_OK) {
		return -1;
	}
	*ms = v;
	return 0;
}

int scenario_parse_rate(const char *text, double *per_s)
{
	double v;

	if (!text || rate_parse(text, &v, NULL) != P_OK) {
		return -1;
	}
	*per_s = v;
	return 0;
}

/*
 * Strict decimal number as YAML 1.2's core schema writes one:
 * [-+]? digits [. digits] [e [-+] digits], or [-+]? . digits ...
 * Returns 1 and the value, or 0 (also for infinities after overflow).
 */
static int number_parse(const char *s, double *out)
{
	const char *p = s;
	int digits = 0;
	char *end;
	double v;

	if (*p == '-' || *p == '+') {
		p++;
	}
	while (is_digit(*p)) {
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		while (is_digit(*p)) {
			p++;
			digits++;
		}
	}
	if (!digits) {
		return 0;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '-' || *p == '+') {
			p++;
		}
		if (!is_digit(*p)) {
			return 0;
		}
		while (is_digit(*p)) {
			p++;
		}
	}
	if (*p) {
		return 0;
	}
	errno = 0;
	v = strtod(s, &end);
	if (*end || !isfinite(v)) {
		return 0;
	}
	*out = v;
	return 1;
}

/* Strict decimal integer [-+]?digits into int64; 0 if not one. */
static int int_parse(const char *s, int64_t *out)
{
	const char *p = s;
	char *end;
	long long v;

	if (*p == '-' || *p == '+') {
		p++;
	}
	if (!is_digit(*p)) {
		return 0;
	}
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end || errno == ERANGE) {
		return 0;
	}
	*out = v;
	return 1;
}

/* ------------------------------------------------------------------ */
/* Typed getters: each reports its own error and returns -1 */

static int need_kind(struct ld *ld, const struct yn *n, enum yn_kind kind,
		     const char *key, const char *what)
{
	char buf[DESC_BYTES];

	if (n->kind == kind) {
		return 0;
	}
	err(ld, n, "%s must be %s (got %s)", key, what,
	    yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/* A non-empty string (or with allow_empty, any string); owned copy. */
static int get_string(struct ld *ld, const struct yn *n, const char *key,
		      int allow_empty, char **out)
{
	if (need_kind(ld, n, YN_SCALAR, key, "a string") < 0) {
		return -1;
	}
	if (!allow_empty && n->len == 0) {
		err(ld, n, "%s must not be empty", key);
		return -1;
	}
	*out = xstrdup(n->text);
	return 0;
}

/* An integer in [min, max]; what describes the allowed values. */
static int get_int(struct ld *ld, const struct yn *n, const char *key,
		   int64_t min, int64_t max, const char *what, int64_t *out)
{
	char buf[DESC_BYTES];
	int64_t v;

	if (n->kind == YN_SCALAR && int_parse(n->text, &v) && v >= min &&
	    v <= max) {
		*out = v;
		return 0;
	}
	err(ld, n, "%s must be %s (got %s)", key, what,
	    yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/*
 * A number in the range lo..hi (each end open or closed as flagged);
 * what describes the allowed values.
 */
static int get_number(struct ld *ld, const struct yn *n, const char *key,
		      double lo, int lo_open, double hi, int hi_open,
		      const char *what, double *out)
{
	char buf[DESC_BYTES];
	double v;

	if (n->kind == YN_SCALAR && number_parse(n->text, &v) &&
	    (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi)) {
		*out = v;
		return 0;
	}
	err(ld, n, "%s must be %s (got %s)", key, what,
	    yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/* A size in bytes within [min, max]; what names the range for messages. */
static int get_size(struct ld *ld, const struct yn *n, const char *key,
		    uint64_t min, uint64_t max, const char *what, uint64_t *out)
{
	char buf[DESC_BYTES];
	const char *unit = "";
	uint64_t v;
	enum pstat st;

	if (need_kind(ld, n, YN_SCALAR, key,
		      "a size such as 512, 4KB or 1.5 MB") < 0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	st = size_parse(n->text, &v, &unit);
	switch (st) {
	case P_OK:
		if (v < min || v > max) {
			err(ld, n, "%s must be %s (got %s = %llu bytes)", key,
			    what, buf, (unsigned long long)v);
			return -1;
		}
		*out = v;
		return 0;
	case P_UNIT:
		err(ld, n,
		    "unknown size unit '%.*s' in %s; allowed: B, KB, MB, GB, "
		    "TB (binary, 1 KB = 1024 bytes; KiB, MiB, GiB, TiB also "
		    "accepted)",
		    PK_SCENARIO_QUOTE_BYTES, unit, buf);
		return -1;
	case P_RANGE:
		err(ld, n, "%s %s does not fit in 64 bits of bytes", key, buf);
		return -1;
	case P_NEGATIVE:
		err(ld, n, "%s must be %s (got %s)", key, what, buf);
		return -1;
	default:
		err(ld, n,
		    "%s must be a size: bytes, or a number with a unit KB, "
		    "MB, GB or TB, e.g. 512, 4KB, 1.5 MB (got %s)",
		    key, buf);
		return -1;
	}
}

/*
 * A duration in ms, >= min_ms. Whole seconds; units s m h d.
 */
static int get_duration(struct ld *ld, const struct yn *n, const char *key,
			int64_t min_ms, int64_t *out)
{
	static const char hint[] =
	    "write whole seconds with a unit s, m, h or d, e.g. 90s, "
	    "10m, 2h, 1d";
	char buf[DESC_BYTES];
	const char *unit = "";
	int64_t v;
	enum pstat st;

	if (need_kind(ld, n, YN_SCALAR, key, "a duration such as 90s or 10m") <
	    0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	st = duration_parse(n->text, &v, &unit);
	switch (st) {
	case P_OK:
		if (v < min_ms) {
			err(ld, n, "%s must be %s 0 (got %s); %s", key,
			    min_ms > 0 ? "greater than" : "at least", buf,
			    hint);
			return -1;
		}
		*out = v;
		return 0;
	case P_NEGATIVE:
		err(ld, n, "%s must be %s 0 (got %s); %s", key,
		    min_ms > 0 ? "greater than" : "at least", buf, hint);
		return -1;
	case P_UNIT:
		err(ld, n,
		    "unknown duration unit '%.*s' in %s; allowed: s, m, "
		    "h, d (seconds, minutes, hours, days)",
		    PK_SCENARIO_QUOTE_BYTES, unit, buf);
		return -1;
	case P_FRACTION:
		err(ld, n, "%s must be a whole number of seconds (got %s); %s",
		    key, buf, hint);
		return -1;
	case P_RANGE:
		err(ld, n, "%s %s is too long", key, buf);
		return -1;
	default:
		err(ld, n, "%s must be a duration (got %s); %s", key, buf,
		    hint);
		return -1;
	}
}

static int get_rate(struct ld *ld, const struct yn *n, const char *key,
		    double *out)
{
	static const char hint[] = "write it as N/s, N/m or N/h";
	char buf[DESC_BYTES];
	const char *unit = "";
	double v;
	enum pstat st;

	if (need_kind(ld, n, YN_SCALAR, key, "a rate such as 2000/s") < 0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	st = rate_parse(n->text, &v, &unit);
	switch (st) {
	case P_OK:
		if (!(v > 0) || !isfinite(v)) {
			err(ld, n, "%s must be greater than 0 (got %s); %s",
			    key, buf, hint);
			return -1;
		}
		*out = v;
		return 0;
	case P_NEGATIVE:
		err(ld, n, "%s must be greater than 0 (got %s); %s", key, buf,
		    hint);
		return -1;
	case P_UNIT:
		err(ld, n,
		    "unknown rate unit '%.*s' in %s; %s (per second, "
		    "minute, hour)",
		    PK_SCENARIO_QUOTE_BYTES, unit, buf, hint);
		return -1;
	default:
		err(ld, n, "%s must be a rate (got %s); %s", key, buf, hint);
		return -1;
	}
}

/* ------------------------------------------------------------------ */
/* Clock */

/*
 * "2026-01-01", "2026-01-01T08:30:00Z", "2026-01-01 08:30", with an
 * optional "+02:00"/"-0500" offset (no zone = UTC) -> Unix seconds
 * (isotime.h); a fraction of a second is dropped.
 */
static int clock_parse(const char *s, int64_t *out)
{
	int64_t ms;

	if (isotime_parse_ms(s, strlen(s), &ms)) {
		return -1;
	}
	*out = (ms - (ms < 0 ? 999 : 0)) / 1000;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Distributions */

static const char *const dist_names[] = {
    "uniform", "zipfian", "hotspot", "sequential", "latest", "weighted", NULL,
};
/* For `select`: drawing an existing item. */
static const char *const select_dist_names[] = {
    "uniform", "zipfian", "latest", "hotspot", NULL,
};

static enum pk_dist_kind dist_kind_of(const char *name)
{
	static const enum pk_dist_kind kinds[] = {
	    PK_DIST_UNIFORM,	PK_DIST_ZIPFIAN, PK_DIST_HOTSPOT,
	    PK_DIST_SEQUENTIAL, PK_DIST_LATEST,	 PK_DIST_WEIGHTED,
	};
	size_t i;

	for (i = 0; dist_names[i]; i++) {
		if (strcmp(name, dist_names[i]) == 0) {
			return kinds[i];
		}
	}
	PK_BUG("dist_kind_of(%s)", name);
}

static void dist_defaults(struct pk_dist_spec *d)
{
	memset(d, 0, sizeof(*d));
	d->kind = PK_DIST_UNIFORM;
	d->theta = PK_DEFAULT_ZIPF_THETA;
	d->hot_data_fraction = PK_DEFAULT_HOT_DATA_FRACTION;
	d->hot_op_fraction = PK_DEFAULT_HOT_OP_FRACTION;
}

/* A distribution name at n (one of allowed) into *kind. */
static int get_dist_name(struct ld *ld, const struct yn *n,
			 const char *const *allowed, enum pk_dist_kind *kind)
{
	const char *near;
	char buf[DESC_BYTES];
	char *all;

	if (n->kind == YN_SCALAR && word_in(n->text, allowed)) {
		*kind = dist_kind_of(n->text);
		return 0;
	}
	all = word_join(allowed);
	yn_desc(n, buf, sizeof(buf));
	near = n->kind == YN_SCALAR ? nearest(n->text, allowed) : NULL;
	if (n->kind == YN_SCALAR && n->len > 0) {
		if (near) {
			err(ld, n,
			    "unknown distribution %s; allowed: %s; did "
			    "you mean '%s'?",
			    buf, all, near);
		} else {
			err(ld, n, "unknown distribution %s; allowed: %s", buf,
			    all);
		}
	} else {
		err(ld, n, "distribution must be one of %s (got %s)", all, buf);
	}
	free(all);
	return -1;
}

/*
 * Fill *out from the distribution keys of mapping m (distribution, theta,
 * hot_data, hot_ops and, when n_values > 0, weights). n_values is the
 * value count the weights must match; 0 for `select` (no weights).
 */
static void load_dist(struct ld *ld, const struct yn *m,
		      const char *const *allowed, uint64_t n_values,
		      struct pk_dist_spec *out)
{
	const struct yn *dn = yn_get(m, "distribution");
	const struct yn *wn = n_values ? yn_get(m, "weights") : NULL;
	const struct yn *tn = yn_get(m, "theta");
	const struct yn *hd = yn_get(m, "hot_data");
	const struct yn *ho = yn_get(m, "hot_ops");
	enum pk_dist_kind kind = wn ? PK_DIST_WEIGHTED : PK_DIST_UNIFORM;
	size_t i;

	dist_defaults(out);
	if (dn && get_dist_name(ld, dn, allowed, &kind) < 0) {
		return;
	}
	out->kind = kind;
	if (tn) {
		if (kind != PK_DIST_ZIPFIAN && kind != PK_DIST_LATEST) {
			err(ld, tn,
			    "theta only applies to distribution "
			    "zipfian or latest");
		} else {
			get_number(ld, tn, "theta", 0, 1, 1, 1,
				   "a number between 0 and 1, both excluded "
				   "(default 0.99)",
				   &out->theta);
		}
	}
	if (hd || ho) {
		if (kind != PK_DIST_HOTSPOT) {
			err(ld, hd ? hd : ho,
			    "%s only applies to distribution hotspot",
			    hd ? "hot_data" : "hot_ops");
		} else {
			if (hd) {
				get_number(ld, hd, "hot_data", 0, 1, 1, 1,
					   "a fraction between 0 and 1, both "
					   "excluded (default 0.2)",
					   &out->hot_data_fraction);
			}
			if (ho) {
				get_number(ld, ho, "hot_ops", 0, 1, 1, 1,
					   "a fraction between 0 and 1, both "
					   "excluded (default 0.8)",
					   &out->hot_op_fraction);
			}
		}
	}
	if (kind == PK_DIST_WEIGHTED && !wn) {
		err(ld, dn,
		    "distribution weighted needs weights: a list of "
		    "numbers > 0, one per value");
		return;
	}
	if (!wn) {
		return;
	}
	if (kind != PK_DIST_WEIGHTED) {
		err(ld, wn,
		    "weights are only used with distribution weighted "
		    "(got distribution %s)",
		    dn->text);
		return;
	}
	if (need_kind(ld, wn, YN_SEQ, "weights",
		      "a list of numbers > 0, one per value") < 0) {
		return;
	}
	if ((uint64_t)wn->n_kids != n_values) {
		err(ld, wn,
		    "weights has %zu entries but there are %llu values; "
		    "give one weight per value",
		    wn->n_kids, (unsigned long long)n_values);
		return;
	}
	out->weights = xcalloc(wn->n_kids, sizeof(*out->weights));
	out->n_weights = wn->n_kids;
	for (i = 0; i < wn->n_kids; i++) {
		get_number(ld, wn->kids[i], "a weight", 0, 1, HUGE_VAL, 0,
			   "a number greater than 0", &out->weights[i]);
	}
}

/* ------------------------------------------------------------------ */
/* Item properties */

static const char *const gen_keys[] = {
    "values",  "distribution", "theta", "hot_data", "hot_ops",
    "weights", "clock",	       "const", "unique",   NULL,
};
static const char *const gen_kind_keys[] = {
    "values", "clock", "const", "unique", NULL,
};
static const char *const dist_keys[] = {
    "distribution", "theta", "hot_data", "hot_ops", "weights", NULL,
};

static struct pk_prop_spec *prop_add(struct ld *ld, const char *path,
				     const struct yn *at)
{
	struct pk_scenario *s = ld->s;
	struct pk_prop_spec *p;

	mem_grow((void **)&s->props, &ld->cap_props, s->n_props + 1,
		 sizeof(*s->props));
	p = &s->props[s->n_props++];
	memset(p, 0, sizeof(*p));
	p->path = xstrdup(path);
	p->prefix = xstrdup("");
	p->suffix = xstrdup("");
	dist_defaults(&p->dist);
	p->line = at->line;
	p->col = at->col;
	return p;
}

/* Room for one generated value of len bytes (NUL included)? */
static int value_fits(size_t len)
{
	return len + 1 <= PK_VALUE_MAX_BYTES;
}

/*
 * "dev-{0000..0999}" into p. Returns NULL or why it is malformed.
 */
static const char *pattern_parse(const char *s, struct pk_prop_spec *p)
{
	const char *open = strchr(s, '{'), *close, *a, *b, *dots;
	size_t la, lb, i;
	uint64_t va = 0, vb = 0;

	if (!open) {
		return "it has no {A..B} range";
	}
	close = strchr(open, '}');
	if (!close) {
		return "the '{' is not closed by '}'";
	}
	if (strchr(close + 1, '{') || strchr(close + 1, '}') ||
	    memchr(s, '}', (size_t)(open - s))) {
		return "it has more than one range or a stray brace";
	}
	a = open + 1;
	dots = strstr(a, "..");
	if (!dots || dots > close) {
		return "the range has no '..'";
	}
	b = dots + 2;
	la = (size_t)(dots - a);
	lb = (size_t)(close - b);
	if (la == 0 || lb == 0) {
		return "a range end is missing";
	}
	for (i = 0; i < la; i++) {
		if (!is_digit(a[i])) {
			return "A is not a decimal number";
		}
		if (va > (UINT64_MAX - (uint64_t)(a[i] - '0')) / 10) {
			return "A does not fit in 64 bits";
		}
		va = va * 10 + (uint64_t)(a[i] - '0');
	}
	for (i = 0; i < lb; i++) {
		if (!is_digit(b[i])) {
			return "B is not a decimal number";
		}
		if (vb > (UINT64_MAX - (uint64_t)(b[i] - '0')) / 10) {
			return "B does not fit in 64 bits";
		}
		vb = vb * 10 + (uint64_t)(b[i] - '0');
	}
	if (va > vb) {
		return "A is greater than B";
	}
	if (vb - va >= PK_SCENARIO_PATTERN_MAX_COUNT) {
		return "the range holds 2^32 values or more";
	}
	if (!value_fits(
		(size_t)(open - s) + strlen(close + 1) +
		(lb > PK_SCENARIO_U64_DIGITS ? lb : PK_SCENARIO_U64_DIGITS))) {
		return "its values would exceed the value size limit";
	}
	free(p->prefix);
	free(p->suffix);
	p->prefix = xstrndup(s, (size_t)(open - s));
	p->suffix = xstrdup(close + 1);
	p->first = va;
	p->count = vb - va + 1;
	p->width = (la > 1 && a[0] == '0') || la == lb ? (int)la : 0;
	p->kind = PK_GEN_PATTERN;
	return NULL;
}

/* The typed value of a CONST scalar into p (YAML 1.2 core schema). */
static void const_set(struct ld *ld, const struct yn *n, struct pk_prop_spec *p)
{
	const char *t = n->text;
	double v;

	p->kind = PK_GEN_CONST;
	if (n->plain) {
		if (n->len == 0 || strcmp(t, "~") == 0 ||
		    strcmp(t, "null") == 0 || strcmp(t, "Null") == 0 ||
		    strcmp(t, "NULL") == 0) {
			p->const_value.type = PK_VALUE_NULL;
			return;
		}
		if (strcmp(t, "true") == 0 || strcmp(t, "True") == 0 ||
		    strcmp(t, "TRUE") == 0) {
			p->const_value.type = PK_VALUE_BOOL;
			p->const_value.boolean = 1;
			return;
		}
		if (strcmp(t, "false") == 0 || strcmp(t, "False") == 0 ||
		    strcmp(t, "FALSE") == 0) {
			p->const_value.type = PK_VALUE_BOOL;
			p->const_value.boolean = 0;
			return;
		}
		if (number_parse(t, &v)) {
			p->const_value.type = PK_VALUE_NUMBER;
			p->const_value.num = v;
			return;
		}
	}
	if (!value_fits(n->len)) {
		err(ld, n,
		    "constant is %zu bytes; values are limited to %d "
		    "bytes",
		    n->len, PK_VALUE_MAX_BYTES - 1);
		return;
	}
	p->const_text = xstrdup(t);
	p->const_value.type = PK_VALUE_STRING;
	p->const_value.str = p->const_text;
	p->const_value.len = n->len;
}

static void load_values(struct ld *ld, const char *path, const struct yn *m,
			const struct yn *vn, struct pk_prop_spec *p)
{
	char buf[DESC_BYTES];
	const char *why;
	size_t i;

	if (vn->kind == YN_SCALAR) {
		why = pattern_parse(vn->text, p);
		if (why) {
			err(ld, vn,
			    "bad values pattern %s: %s; write a list "
			    "[a, b] or one range {A..B} with decimal "
			    "A <= B, e.g. 'dev-{0000..0999}'",
			    yn_desc(vn, buf, sizeof(buf)), why);
			return;
		}
	} else if (vn->kind == YN_SEQ) {
		if (vn->n_kids == 0) {
			err(ld, vn,
			    "values list for '%s' is empty; give at "
			    "least one value",
			    path);
			return;
		}
		p->kind = PK_GEN_LIST;
		p->list = xcalloc(vn->n_kids, sizeof(*p->list));
		p->count = vn->n_kids;
		for (i = 0; i < vn->n_kids; i++) {
			const struct yn *e = vn->kids[i];

			if (need_kind(ld, e, YN_SCALAR, "each value",
				      "a string") < 0) {
				p->list[i] = xstrdup("");
				continue;
			}
			if (!value_fits(e->len)) {
				err(ld, e,
				    "value is %zu bytes; values are "
				    "limited to %d bytes",
				    e->len, PK_VALUE_MAX_BYTES - 1);
			}
			p->list[i] = xstrdup(e->text);
		}
	} else {
		err(ld, vn,
		    "values must be a pattern like 'dev-{1..100}' or a "
		    "list [a, b, c] (got a mapping)");
		return;
	}
	load_dist(ld, m, dist_names, p->count, &p->dist);
}

/* A generator mapping m {values: ...} etc. for the property at path,
   named by key node k. */
static void load_gen(struct ld *ld, const char *path, const struct yn *k,
		     const struct yn *m)
{
	char *where = xasprintf("in generator for '%s'", path);
	const struct yn *kinds[4], *first = NULL, *second = NULL;
	struct pk_prop_spec *p;
	size_t i;

	check_keys(ld, m, gen_keys, where);
	free(where);
	for (i = 0; gen_kind_keys[i]; i++) {
		kinds[i] = yn_get(m, gen_kind_keys[i]);
		if (kinds[i] && !first) {
			first = kinds[i];
		} else if (kinds[i] && !second) {
			second = kinds[i];
		}
	}
	if (!first) {
		err(ld, m,
		    "generator for '%s' needs one of values, clock, "
		    "const or unique",
		    path);
		return;
	}
	if (second) {
		err(ld, second,
		    "generator for '%s' has more than one of "
		    "values, clock, const, unique; use exactly one",
		    path);
		return;
	}
	if (!kinds[0]) {
		for (i = 0; dist_keys[i]; i++) {
			const struct yn *dk = yn_get(m, dist_keys[i]);

			if (dk) {
				err(ld, dk,
				    "%s only applies to a values "
				    "generator",
				    dist_keys[i]);
			}
		}
	}
	p = prop_add(ld, path, k);
	if (kinds[0]) {
		load_values(ld, path, m, kinds[0], p);
	} else if (kinds[1]) {
		p->kind = PK_GEN_CLOCK;
		if (get_string(ld, kinds[1], "clock", 0, &p->clock_format) ==
			0 &&
		    !value_fits(kinds[1]->len)) {
			err(ld, kinds[1], "clock format is too long");
		}
	} else if (kinds[2]) {
		if (need_kind(ld, kinds[2], YN_SCALAR, "const",
			      "a string, number, true, false or null") == 0) {
			const_set(ld, kinds[2], p);
		} else {
			p->kind = PK_GEN_CONST;
		}
	} else {
		p->kind = PK_GEN_UNIQUE;
		free(p->prefix);
		p->prefix = NULL;
		if (get_string(ld, kinds[3], "unique", 1, &p->prefix) == 0 &&
		    !value_fits(kinds[3]->len + PK_SCENARIO_U64_DIGITS)) {
			err(ld, kinds[3],
			    "unique prefix is too long; values "
			    "are limited to %d bytes",
			    PK_VALUE_MAX_BYTES - 1);
		}
		if (!p->prefix) {
			p->prefix = xstrdup("");
		}
	}
}

static int has_gen_key(const struct yn *m)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		if (word_in(yn_key(m, i)->text, gen_keys)) {
			return 1;
		}
	}
	return 0;
}

/* The properties of mapping m, nested under JSON path parent ("" = root). */
static void load_props(struct ld *ld, const struct yn *m, const char *parent)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i), *v = yn_val(m, i);
		char *path;

		if (k->len == 0) {
			err(ld, k, "property names must not be empty");
			continue;
		}
		if (strchr(k->text, '/')) {
			err(ld, k,
			    "property name '%.*s' must not contain '/'; "
			    "nest mappings for nested objects "
			    "(address: {city: ...})",
			    PK_SCENARIO_QUOTE_BYTES, k->text);
			continue;
		}
		path = xasprintf("%s/%s", parent, k->text);
		if (v->kind == YN_SCALAR) {
			const_set(ld, v, prop_add(ld, path, k));
		} else if (v->kind == YN_SEQ) {
			err(ld, v,
			    "property '%s' is a list; write {values: "
			    "[a, b]} to draw from a list of values",
			    path);
		} else if (v->n_kids == 0) {
			err(ld, v,
			    "property '%s' is an empty mapping; give a "
			    "generator (values, clock, const, unique) "
			    "or nested properties",
			    path);
		} else if (has_gen_key(v)) {
			load_gen(ld, path, k, v);
		} else {
			load_props(ld, v, path);
		}
		free(path);
	}
}

/* ------------------------------------------------------------------ */
/* Container, partition key and variants */

/* Keys of `container:` and of each entry of `variants:`. */
static const char *const container_keys[] = {
    "name",
    "partition_key",
    "partition_key_version",
    "throughput",
    "physical_partition_storage",
    "physical_partition_throughput",
    "initial_throughput_per_partition",
    "logical_partition_storage",
    "index_factor",
    "split_delay",
    "autoscale_max",
    "burst",
    "serverless",
    "split_gone",
    NULL,
};

/* What a container or variant mapping sets (load_container_keys). */
#define CT_SETS_KEY 1u	      /* partition_key */
#define CT_SETS_THROUGHPUT 2u /* throughput */

/* D-LPK: partition key definition versions 1 and 2 */
#define PK_SCENARIO_KEY_VERSION_MAX 2

static const char key_forms[] =
    "a JSON path that starts with '/' and has non-empty segments, e.g. "
    "/deviceId or /address/city; a list of 2-3 such paths, e.g. "
    "[/tenantId, /userId]; or a template with {property}, e.g. "
    "'{deviceId}-{date}'";

/* 1 if s is a JSON path: "/a", "/a/b" (leading '/', no empty segment). */
static int path_ok(const char *s)
{
	size_t len = strlen(s);

	return s[0] == '/' && len >= 2 && s[len - 1] != '/' && !strstr(s, "//");
}

static void key_free(struct pk_key_spec *k)
{
	size_t i;

	for (i = 0; i < k->n_paths; i++) {
		free(k->paths[i]);
	}
	free(k->template_text);
}

/* Free what c owns (not c itself). */
static void container_free(struct pk_container_spec *c)
{
	free(c->name);
	free(c->partition_key);
	key_free(&c->key);
}

/* dst = a deep copy of src (dst holds nothing owned before). */
static void container_copy(struct pk_container_spec *dst,
			   const struct pk_container_spec *src)
{
	size_t i;

	*dst = *src;
	dst->name = src->name ? xstrdup(src->name) : NULL;
	dst->partition_key =
	    src->partition_key ? xstrdup(src->partition_key) : NULL;
	for (i = 0; i < src->key.n_paths; i++) {
		dst->key.paths[i] = xstrdup(src->key.paths[i]);
	}
	dst->key.template_text =
	    src->key.template_text ? xstrdup(src->key.template_text) : NULL;
}

/*
 * The partition_key value n: a path, a list of 1-3 paths, or a template
 * (any string with '{'; pkey parses it). Fills kind, paths, template_text
 * and position of *k (version untouched) and sets *display to the key as
 * written; both owned by the caller. Returns 0, or -1 with errors
 * recorded and nothing allocated.
 */
static int load_key(struct ld *ld, const struct yn *n, struct pk_key_spec *k,
		    char **display)
{
	char buf[DESC_BYTES];
	size_t i, j, len;
	int bad = 0;
	char *p;

	k->line = n->line;
	k->col = n->col;
	k->n_paths = 0;
	k->template_text = NULL;
	if (n->kind == YN_SCALAR) {
		if (n->len == 0) {
			err(ld, n, "partition_key must not be empty; give %s",
			    key_forms);
			return -1;
		}
		if (strchr(n->text, '{')) {
			/* ASSUMPTION: the template is checked by pkey,
			   which knows the properties */
			k->kind = PK_KEY_SYNTHETIC;
			k->template_text = xstrdup(n->text);
			*display = xstrdup(n->text);
			return 0;
		}
		if (!path_ok(n->text)) {
			err(ld, n, "partition_key must be %s (got %s)",
			    key_forms, yn_desc(n, buf, sizeof(buf)));
			return -1;
		}
		k->kind = PK_KEY_PATH;
		k->paths[0] = xstrdup(n->text);
		k->n_paths = 1;
		*display = xstrdup(n->text);
		return 0;
	}
	if (n->kind != YN_SEQ) {
		err(ld, n, "partition_key must be %s (got %s)", key_forms,
		    yn_desc(n, buf, sizeof(buf)));
		return -1;
	}
	if (n->n_kids == 0) {
		err(ld, n,
		    "partition_key is an empty list; give 1 to %d paths, "
		    "e.g. [/tenantId, /userId]",
		    PK_KEY_MAX_LEVELS);
		return -1;
	}
	if (n->n_kids > PK_KEY_MAX_LEVELS) {
		/* D-HPK: up to three levels */
		err(ld, n,
		    "a hierarchical partition key has at most %d levels "
		    "(got %zu)",
		    PK_KEY_MAX_LEVELS, n->n_kids);
		return -1;
	}
	for (i = 0; i < n->n_kids; i++) {
		const struct yn *e = n->kids[i];

		if (e->kind != YN_SCALAR || !path_ok(e->text)) {
			err(ld, e,
			    "each level of a hierarchical partition_key "
			    "must be a JSON path that starts with '/' and "
			    "has non-empty segments, e.g. /tenantId (got %s)",
			    yn_desc(e, buf, sizeof(buf)));
			bad = 1;
			continue;
		}
		for (j = 0; j < i; j++) {
			if (n->kids[j]->kind == YN_SCALAR &&
			    strcmp(n->kids[j]->text, e->text) == 0) {
				err(ld, e,
				    "partition_key level %s is listed "
				    "twice; each level is a different "
				    "property",
				    yn_desc(e, buf, sizeof(buf)));
				bad = 1;
				break;
			}
		}
	}
	if (bad) {
		return -1;
	}
	k->kind = n->n_kids == 1 ? PK_KEY_PATH : PK_KEY_HIERARCHICAL;
	len = 3;
	for (i = 0; i < n->n_kids; i++) {
		k->paths[i] = xstrdup(n->kids[i]->text);
		len += n->kids[i]->len + 2;
	}
	k->n_paths = n->n_kids;
	if (k->kind == PK_KEY_PATH) {
		/* [/a] is the path /a, shown as such */
		*display = xstrdup(k->paths[0]);
		return 0;
	}
	*display = p = xmalloc(len);
	p += sprintf(p, "[");
	for (i = 0; i < k->n_paths; i++) {
		p += sprintf(p, "%s%s", i ? ", " : "", k->paths[i]);
	}
	sprintf(p, "]");
	return 0;
}

/* A switch: true/false (also on/off, yes/no). Returns 0 and *out, or -1
   with an error naming key. */
static int get_switch(struct ld *ld, const struct yn *n, const char *key,
		      int *out)
{
	static const char *const yes[] = {"true", "on", "yes", NULL};
	static const char *const no[] = {"false", "off", "no", NULL};
	char buf[DESC_BYTES];

	if (n->kind == YN_SCALAR && word_in(n->text, yes)) {
		*out = 1;
		return 0;
	}
	if (n->kind == YN_SCALAR && word_in(n->text, no)) {
		*out = 0;
		return 0;
	}
	err(ld, n, "%s must be true or false (got %s)", key,
	    yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/*
 * The `autoscale_max` value n of mapping m: Tmax, a multiple of 1,000,
 * >= 1,000 (D-AUTO: Tmax moves in steps of 1,000 from 1,000). It replaces
 * manual throughput, so m may not set both.
 */
static void load_autoscale(struct ld *ld, const struct yn *m,
			   const struct yn *n, struct pk_container_spec *c)
{
	int64_t v;

	if (yn_get(m, "throughput")) {
		err(ld, n,
		    "set either throughput (manual RU/s) or autoscale_max "
		    "(autoscale), not both");
		return;
	}
	if (get_int(ld, n, "autoscale_max", PK_PROVISION_MIN_AUTOSCALE_MAX,
		    INT64_MAX,
		    "a whole number of RU/s, a multiple of 1000, >= 1000",
		    &v) < 0) {
		return;
	}
	if (v % PK_PROVISION_AUTOSCALE_STEP != 0) {
		err(ld, n,
		    "autoscale_max must be a multiple of 1000 RU/s (got "
		    "%lld)",
		    (long long)v);
		return;
	}
	c->autoscale_max_ru_per_s = v;
	c->throughput_ru_per_s = 0;
}

/*
 * The `serverless` switch n of mapping m (rule 19, D-SLESS): a serverless
 * container has no provisioned throughput, so m may not also set
 * throughput or autoscale_max. Returns CT_SETS_THROUGHPUT when it turns
 * serverless on (it stands for the throughput), else 0.
 */
static unsigned load_serverless(struct ld *ld, const struct yn *m,
				const struct yn *n, struct pk_container_spec *c)
{
	int on = 0;

	if (get_switch(ld, n, "serverless", &on) < 0) {
		return 0;
	}
	if (on && (yn_get(m, "throughput") || yn_get(m, "autoscale_max"))) {
		err(ld, n,
		    "a serverless container has no provisioned throughput; "
		    "set one of throughput, autoscale_max or serverless");
		return 0;
	}
	c->serverless = on;
	if (!on) {
		return 0;
	}
	c->throughput_ru_per_s = 0;
	c->autoscale_max_ru_per_s = 0;
	return CT_SETS_THROUGHPUT;
}

/*
 * Lay the keys of mapping m (a `container:` or one variant) over *c,
 * which holds the defaults or the base container. where names m in
 * messages. Returns the CT_SETS_* bits of the required keys m sets.
 */
static unsigned load_container_keys(struct ld *ld, const struct yn *m,
				    struct pk_container_spec *c,
				    const char *where)
{
	const struct yn *n, *kn, *vn;
	unsigned sets = 0;

	c->line = m->line;
	c->col = m->col;
	check_keys(ld, m, container_keys, where);
	if ((n = yn_get(m, "name"))) {
		char *name = NULL;

		if (get_string(ld, n, "name", 0, &name) == 0) {
			free(c->name);
			c->name = name;
		}
	}
	if ((kn = yn_get(m, "partition_key"))) {
		struct pk_key_spec k;
		char *display = NULL;

		sets |= CT_SETS_KEY;
		memset(&k, 0, sizeof(k));
		if (load_key(ld, kn, &k, &display) == 0) {
			k.version = c->key.version;
			key_free(&c->key);
			free(c->partition_key);
			c->key = k;
			c->partition_key = display;
		}
	}
	if ((vn = yn_get(m, "partition_key_version"))) {
		int64_t v;

		if (get_int(ld, vn, "partition_key_version", 1,
			    PK_SCENARIO_KEY_VERSION_MAX, "1 or 2, default 2",
			    &v) == 0) {
			c->key.version = (int)v;
		}
	}
	if ((kn || vn) && c->partition_key &&
	    c->key.kind == PK_KEY_HIERARCHICAL && c->key.version == 1) {
		/* D-HPK: hierarchical keys hash with MultiHash, which exists
		   only under definition version 2 */
		const struct yn *at = vn ? vn : kn;

		err(ld, at,
		    "a hierarchical partition key needs "
		    "partition_key_version 2 (MultiHash has no version 1); "
		    "remove partition_key_version or set it to 2");
	}
	if ((n = yn_get(m, "throughput"))) {
		sets |= CT_SETS_THROUGHPUT;
		if (get_int(ld, n, "throughput", 1, PK_MAX_RU_PER_S,
			    "a whole number of RU/s from 1 to 1,000,000 (the "
			    "service's limit per container)",
			    &c->throughput_ru_per_s) == 0 &&
		    c->throughput_ru_per_s < PK_PROVISION_MIN_MANUAL_RU_PER_S) {
			/* rule 8, D-LIMITS */
			err(ld, n,
			    "throughput %lld RU/s is below the minimum %lld "
			    "RU/s of a container with manual throughput",
			    (long long)c->throughput_ru_per_s,
			    PK_PROVISION_MIN_MANUAL_RU_PER_S);
		}
	}
	if ((n = yn_get(m, "autoscale_max"))) {
		load_autoscale(ld, m, n, c);
		sets |= CT_SETS_THROUGHPUT;
	} else if (yn_get(m, "throughput")) {
		/* a variant's own throughput replaces an inherited
		   autoscale max */
		c->autoscale_max_ru_per_s = 0;
	}
	if (yn_get(m, "throughput") || yn_get(m, "autoscale_max")) {
		/* ... and an inherited serverless */
		c->serverless = 0;
	}
	if ((n = yn_get(m, "serverless"))) {
		sets |= load_serverless(ld, m, n, c);
	}
	if ((n = yn_get(m, "burst"))) {
		get_switch(ld, n, "burst", &c->burst);
	}
	if (c->serverless && c->burst) {
		/* D-BURST: burst capacity is not available on serverless */
		n = yn_get(m, "burst") ? yn_get(m, "burst")
				       : yn_get(m, "serverless");
		err(ld, n ? n : m,
		    "burst capacity is not available on a serverless "
		    "container; remove burst or serverless");
	}
	if ((n = yn_get(m, "split_delay"))) {
		get_duration(ld, n, "split_delay", 0, &c->split_delay_ms);
	}
	if ((n = yn_get(m, "split_gone"))) {
		get_duration(ld, n, "split_gone", 0, &c->split_gone_ms);
	}
	if ((n = yn_get(m, "physical_partition_storage"))) {
		get_size(ld, n, "physical_partition_storage", 1, UINT64_MAX,
			 "at least 1 byte", &c->pp_storage_bytes);
	}
	if ((n = yn_get(m, "physical_partition_throughput"))) {
		get_int(ld, n, "physical_partition_throughput", 1,
			PK_MAX_RU_PER_S,
			"a whole number of RU/s from 1 to 1,000,000",
			&c->pp_ru_per_s);
	}
	if ((n = yn_get(m, "initial_throughput_per_partition"))) {
		get_int(ld, n, "initial_throughput_per_partition", 1,
			PK_MAX_RU_PER_S,
			"a whole number of RU/s from 1 to 1,000,000",
			&c->initial_ru_per_pp);
	}
	if ((n = yn_get(m, "logical_partition_storage"))) {
		get_size(ld, n, "logical_partition_storage", 1, UINT64_MAX,
			 "at least 1 byte", &c->lp_storage_bytes);
	}
	if ((n = yn_get(m, "index_factor"))) {
		get_number(ld, n, "index_factor", 0, 1, HUGE_VAL, 0,
			   "a number greater than 0 (default 1)",
			   &c->index_factor);
	}
	return sets;
}

/*
 * The `variants:` list n: each entry a copy of the base container
 * (ld->s->container) with its keys laid over it. Returns the CT_SETS_*
 * bits every entry sets (so the base need not), 0 on a malformed list.
 */
static unsigned load_variants(struct ld *ld, const struct yn *n)
{
	struct pk_scenario *s = ld->s;
	unsigned all = CT_SETS_KEY | CT_SETS_THROUGHPUT;
	size_t i, j;

	if (need_kind(ld, n, YN_SEQ, "variants",
		      "a list of container variants (- partition_key: "
		      "/deviceId ...)") < 0) {
		return 0;
	}
	if (n->n_kids == 0) {
		err(ld, n,
		    "variants is empty; list at least one variant, or "
		    "leave variants out to run the container alone");
		return 0;
	}
	s->variants = xcalloc(n->n_kids, sizeof(*s->variants));
	s->n_variants = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		struct pk_container_spec *v = &s->variants[i];
		const struct yn *m = n->kids[i], *nn;
		char *where;

		container_copy(v, &s->container);
		/* the name is the one key a variant does not inherit */
		free(v->name);
		v->name = NULL;
		v->line = m->line;
		v->col = m->col;
		if (need_kind(ld, m, YN_MAP, "a variant",
			      "a mapping of container keys (name, "
			      "partition_key, throughput, ...)") < 0) {
			v->name = xasprintf("variant-%zu", i + 1);
			all = 0;
			continue;
		}
		nn = yn_get(m, "name");
		if (nn && nn->kind == YN_SCALAR && nn->len > 0) {
			where = xasprintf("in variant '%.*s'",
					  PK_SCENARIO_QUOTE_BYTES, nn->text);
		} else {
			where = xasprintf("in variant %zu", i + 1);
		}
		all &= load_container_keys(ld, m, v, where);
		free(where);
		if (!v->name) {
			v->name = v->partition_key
				      ? xstrdup(v->partition_key)
				      : xasprintf("variant-%zu", i + 1);
		}
		for (j = 0; j < i; j++) {
			if (strcmp(s->variants[j].name, v->name) == 0) {
				err(ld, nn ? nn : m,
				    "duplicate variant name '%.*s' (first at "
				    "line %d); add name: to tell the "
				    "variants apart (a variant without one "
				    "is named after its partition_key)",
				    PK_SCENARIO_QUOTE_BYTES, v->name,
				    s->variants[j].line);
				break;
			}
		}
	}
	return all;
}

/*
 * The `container:` mapping m (or NULL when missing or not a mapping) and
 * the `variants:` node vn (or NULL): fill s->container and s->variants.
 */
static void load_containers(struct ld *ld, const struct yn *m,
			    const struct yn *vn)
{
	struct pk_scenario *s = ld->s;
	struct pk_container_spec *c = &s->container;
	unsigned sets = 0, vsets = 0;
	const char *inherit;

	if (m) {
		sets = load_container_keys(ld, m, c, "in container");
	}
	if (vn) {
		vsets = load_variants(ld, vn);
	}
	inherit = vn ? "; a variant inherits it unless it sets its own" : "";
	if (m && !(sets & CT_SETS_KEY) && !(vsets & CT_SETS_KEY)) {
		err(ld, m,
		    "missing required key 'partition_key' in container (a "
		    "JSON path such as /deviceId)%s",
		    inherit);
	}
	if (m && !(sets & CT_SETS_THROUGHPUT) &&
	    !(vsets & CT_SETS_THROUGHPUT)) {
		err(ld, m,
		    "missing required key 'throughput' in container "
		    "(provisioned RU/s, e.g. 18000; or autoscale_max, or "
		    "serverless: true)%s",
		    inherit);
	}
	if (!c->name && c->partition_key) {
		c->name = xstrdup(c->partition_key);
	}
	if (!s->variants) {
		s->variants = xcalloc(1, sizeof(*s->variants));
		s->n_variants = 1;
		container_copy(&s->variants[0], c);
		return;
	}
	/* scenario.h: container is the first variant's spec */
	container_free(c);
	container_copy(c, &s->variants[0]);
}

/* ------------------------------------------------------------------ */
/* Sections */

static void load_client(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {"retries", NULL};
	static const char *const retry_keys[] = {
	    "max_retries",
	    "max_wait",
	    NULL,
	};
	struct pk_retry_spec *r = &ld->s->retry;
	const struct yn *n, *rn;

	check_keys(ld, m, keys, "in client");
	rn = yn_get(m, "retries");
	if (!rn) {
		return;
	}
	if (rn->kind == YN_SCALAR) {
		if (strcmp(rn->text, "off") == 0 ||
		    strcmp(rn->text, "false") == 0) {
			r->enabled = 0;
			return;
		}
		if (strcmp(rn->text, "on") == 0 ||
		    strcmp(rn->text, "true") == 0) {
			return;
		}
	}
	if (rn->kind != YN_MAP) {
		char buf[DESC_BYTES];

		err(ld, rn,
		    "retries must be a mapping {max_retries: N, "
		    "max_wait: DURATION}, or off (got %s)",
		    yn_desc(rn, buf, sizeof(buf)));
		return;
	}
	check_keys(ld, rn, retry_keys, "in client.retries");
	if ((n = yn_get(rn, "max_retries"))) {
		int64_t v;

		if (get_int(ld, n, "max_retries", 0, INT_MAX,
			    "a whole number >= 0 (default 9)", &v) == 0) {
			r->max_retries = (int)v;
		}
	}
	if ((n = yn_get(rn, "max_wait"))) {
		get_duration(ld, n, "max_wait", 0, &r->max_wait_ms);
	}
}

static void load_cost(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {
	    "read_1kb",	       "read_100kb",	   "write_1kb",
	    "write_100kb",     "not_found",	   "query_base",
	    "query_per_range", "query_per_result", NULL,
	};
	struct pk_cost_spec *c = &ld->s->cost;
	double *fields[] = {
	    &c->read_1kb_ru,	    &c->read_100kb_ru,	     &c->write_1kb_ru,
	    &c->write_100kb_ru,	    &c->not_found_ru,	     &c->query_base_ru,
	    &c->query_per_range_ru, &c->query_per_result_ru,
	};
	size_t i;

	check_keys(ld, m, keys, "in cost");
	for (i = 0; keys[i]; i++) {
		const struct yn *n = yn_get(m, keys[i]);
		/* a query may return nothing, so 0 RU per result is fine */
		int zero_ok = fields[i] == &c->query_per_result_ru;

		if (n) {
			get_number(ld, n, keys[i], 0, !zero_ok, HUGE_VAL, 0,
				   zero_ok ? "a number of RU >= 0"
					   : "a number of RU greater than 0",
				   fields[i]);
		}
	}
}

static void load_clock(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {"start", NULL};
	const struct yn *n;

	check_keys(ld, m, keys, "in clock");
	n = yn_get(m, "start");
	if (!n) {
		return;
	}
	if (n->kind != YN_SCALAR ||
	    clock_parse(n->text, &ld->s->clock_start_s) < 0) {
		char buf[DESC_BYTES];

		err(ld, n,
		    "clock start must be an ISO 8601 time such as "
		    "2026-01-01T00:00:00Z (no zone = UTC) or a date "
		    "2026-01-01 (got %s)",
		    yn_desc(n, buf, sizeof(buf)));
	}
}

static const char size_range[] =
    "between 1 byte and 2 MB (2097152 bytes), the item size limit";

static void load_item_size(struct ld *ld, const struct yn *n,
			   struct pk_size_spec *z)
{
	static const char *const keys[] = {"uniform", "normal", NULL};
	static const char *const normal_keys[] = {"mean", "stddev", NULL};
	const struct yn *u, *nm, *x;
	uint64_t v;

	if (n->kind == YN_SCALAR) {
		z->kind = PK_SIZE_FIXED;
		get_size(ld, n, "item_size", 1, PK_MAX_ITEM_BYTES, size_range,
			 &z->bytes);
		return;
	}
	if (n->kind != YN_MAP || yn_pairs(n) != 1) {
		char buf[DESC_BYTES];

		err(ld, n,
		    "item_size must be a size (1KB), {uniform: [MIN, "
		    "MAX]} or {normal: {mean: M, stddev: S}} (got %s)",
		    yn_desc(n, buf, sizeof(buf)));
		return;
	}
	check_keys(ld, n, keys, "in item_size");
	if ((u = yn_get(n, "uniform"))) {
		z->kind = PK_SIZE_UNIFORM;
		if (u->kind != YN_SEQ || u->n_kids != 2) {
			char buf[DESC_BYTES];

			err(ld, u,
			    "uniform must be a list of two sizes [MIN, "
			    "MAX] (got %s)",
			    yn_desc(u, buf, sizeof(buf)));
			return;
		}
		if (get_size(ld, u->kids[0], "uniform minimum", 1,
			     PK_MAX_ITEM_BYTES, size_range,
			     &z->min_bytes) == 0 &&
		    get_size(ld, u->kids[1], "uniform maximum", 1,
			     PK_MAX_ITEM_BYTES, size_range,
			     &z->max_bytes) == 0 &&
		    z->min_bytes > z->max_bytes) {
			err(ld, u,
			    "uniform minimum (%llu bytes) is greater "
			    "than maximum (%llu bytes)",
			    (unsigned long long)z->min_bytes,
			    (unsigned long long)z->max_bytes);
		}
	} else if ((nm = yn_get(n, "normal"))) {
		z->kind = PK_SIZE_NORMAL;
		if (need_kind(ld, nm, YN_MAP, "normal",
			      "a mapping {mean: SIZE, stddev: SIZE}") < 0) {
			return;
		}
		check_keys(ld, nm, normal_keys, "in item_size normal");
		x = yn_get(nm, "mean");
		if (!x) {
			err(ld, nm, "missing required key 'mean' in normal");
		} else if (get_size(ld, x, "mean", 1, PK_MAX_ITEM_BYTES,
				    size_range, &v) == 0) {
			z->mean_bytes = (double)v;
		}
		x = yn_get(nm, "stddev");
		if (!x) {
			err(ld, nm, "missing required key 'stddev' in normal");
		} else if (get_size(ld, x, "stddev", 0, PK_MAX_ITEM_BYTES,
				    "between 0 and 2 MB", &v) == 0) {
			z->stddev_bytes = (double)v;
		}
	}
}

static void load_ops(struct ld *ld, const struct yn *m, double *mix)
{
	static const char *const ops[] = {
	    "create", "upsert", "read", "replace", "delete", "query", "batch",
	    NULL,
	};
	double sum = 0;
	int bad = 0;
	size_t i;

	if (need_kind(ld, m, YN_MAP, "ops",
		      "a mapping of operation to fraction, e.g. {create: 0.8, "
		      "read: 0.2}") < 0) {
		return;
	}
	for (i = 0; i < PK_OP_KINDS; i++) {
		mix[i] = 0;
	}
	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);

		if (!word_in(k->text, ops)) {
			err_unknown(ld, k, "operation", k->text, "in ops", ops);
			bad = 1;
		}
	}
	for (i = 0; ops[i]; i++) {
		const struct yn *n = yn_get(m, ops[i]);

		if (n &&
		    get_number(ld, n, ops[i], 0, 0, 1, 0,
			       "a fraction between 0 and 1", &mix[i]) < 0) {
			bad = 1;
		}
		sum += mix[i];
	}
	if (!bad && fabs(sum - 1) > PK_SCENARIO_MIX_TOLERANCE) {
		err(ld, m, "ops fractions must sum to 1 (got %g)", sum);
	}
}

static void load_select(struct ld *ld, const struct yn *n,
			struct pk_dist_spec *d)
{
	static const char *const keys[] = {
	    "distribution", "theta", "hot_data", "hot_ops", NULL,
	};

	if (n->kind == YN_SCALAR) {
		dist_defaults(d);
		get_dist_name(ld, n, select_dist_names, &d->kind);
		return;
	}
	if (need_kind(ld, n, YN_MAP, "select",
		      "a distribution name or {distribution: NAME, ...}") < 0) {
		return;
	}
	check_keys(ld, n, keys, "in select");
	load_dist(ld, n, select_dist_names, 0, d);
}

/* Condition words of a query's `where` (IN is written {in: K}). */
static const char *const cond_words[] = {
    "eq", "startswith", "range", "in", NULL,
};
static const char cond_allowed[] = "eq, startswith, range, {in: K}";

/* The condition word for a common other spelling ("=", "equals",
   "prefix", "between"), or NULL. */
static const char *cond_synonym(const char *word)
{
	static const struct {
		const char *word, *cond;
	} syn[] = {
	    {"=", "eq"},
	    {"==", "eq"},
	    {"equal", "eq"},
	    {"equals", "eq"},
	    {"prefix", "startswith"},
	    {"starts_with", "startswith"},
	    {"like", "startswith"},
	    {"<", "range"},
	    {">", "range"},
	    {"<=", "range"},
	    {">=", "range"},
	    {"lt", "range"},
	    {"gt", "range"},
	    {"between", "range"},
	};
	size_t i;

	for (i = 0; i < sizeof(syn) / sizeof(syn[0]); i++) {
		if (strcmp(word, syn[i].word) == 0) {
			return syn[i].cond;
		}
	}
	return NULL;
}

/*
 * The property written as a `where` key: "deviceId", "address/city" or
 * with a leading '/'. Returns the path with one leading '/' (owned), or
 * NULL after an error.
 */
static char *query_path(struct ld *ld, const struct yn *k)
{
	const char *t = k->text[0] == '/' ? k->text + 1 : k->text;
	char *path = xasprintf("/%s", t);

	if (!path_ok(path)) {
		char buf[DESC_BYTES];

		err(ld, k,
		    "query property %s must be a property name such as "
		    "deviceId, or a nested path such as address/city (a "
		    "leading '/' is optional)",
		    yn_desc(k, buf, sizeof(buf)));
		free(path);
		return NULL;
	}
	return path;
}

/* The condition n on path into *c (path not yet set). Returns 0 or -1. */
static int load_cond(struct ld *ld, const struct yn *n, const char *path,
		     struct pk_cond_spec *c)
{
	static const char *const in_keys[] = {"in", NULL};
	char buf[DESC_BYTES];
	const struct yn *kn;
	const char *near;
	int64_t v;
	char *where;

	if (n->kind == YN_SCALAR) {
		if (strcmp(n->text, "eq") == 0) {
			c->kind = PK_COND_EQ;
			return 0;
		}
		if (strcmp(n->text, "startswith") == 0) {
			c->kind = PK_COND_STARTSWITH;
			return 0;
		}
		if (strcmp(n->text, "range") == 0) {
			c->kind = PK_COND_RANGE;
			return 0;
		}
		if (strcmp(n->text, "in") == 0) {
			err(ld, n,
			    "condition in on '%s' needs the number of "
			    "values: {in: K} with K from 1 to %d",
			    path, PK_QUERY_MAX_IN);
			return -1;
		}
		near = n->len ? cond_synonym(n->text) : NULL;
		if (!near && n->len) {
			near = nearest(n->text, cond_words);
		}
		if (near) {
			err(ld, n,
			    "unknown condition %s on '%s'; allowed: %s; "
			    "did you mean '%s'?",
			    yn_desc(n, buf, sizeof(buf)), path, cond_allowed,
			    strcmp(near, "in") == 0 ? "{in: K}" : near);
		} else {
			err(ld, n, "unknown condition %s on '%s'; allowed: %s",
			    yn_desc(n, buf, sizeof(buf)), path, cond_allowed);
		}
		return -1;
	}
	if (n->kind != YN_MAP || yn_pairs(n) == 0) {
		err(ld, n, "condition on '%s' must be one of %s (got %s)", path,
		    cond_allowed, yn_desc(n, buf, sizeof(buf)));
		return -1;
	}
	where = xasprintf("in the condition on '%s'", path);
	check_keys(ld, n, in_keys, where);
	free(where);
	kn = yn_get(n, "in");
	if (!kn) {
		return -1; /* check_keys reported the key */
	}
	c->kind = PK_COND_IN;
	where =
	    xasprintf("a whole number of values from 1 to %d", PK_QUERY_MAX_IN);
	if (get_int(ld, kn, "in", 1, PK_QUERY_MAX_IN, where, &v) < 0) {
		free(where);
		return -1;
	}
	free(where);
	c->in_count = (int)v;
	return 0;
}

/* The `where` mapping n of query q. */
static void load_where(struct ld *ld, const struct yn *n,
		       struct pk_query_spec *q)
{
	const struct pk_cond_spec *first_in = NULL;
	const struct yn *first_in_at = NULL;
	size_t i, j;

	if (n->kind == YN_SCALAR && n->plain &&
	    (n->len == 0 || strcmp(n->text, "~") == 0 ||
	     strcmp(n->text, "null") == 0)) {
		return; /* no filter: a full scan */
	}
	if (need_kind(ld, n, YN_MAP, "where",
		      "a mapping of property to condition, e.g. {deviceId: "
		      "eq, date: range}, or {} for no filter") < 0) {
		return;
	}
	if (yn_pairs(n) > PK_QUERY_MAX_CONDS) {
		err(ld, n, "a query has at most %d conditions (got %zu)",
		    PK_QUERY_MAX_CONDS, yn_pairs(n));
		return;
	}
	for (i = 0; i < yn_pairs(n); i++) {
		const struct yn *k = yn_key(n, i), *v = yn_val(n, i);
		struct pk_cond_spec c;
		char *path = query_path(ld, k);
		int dup = 0;

		if (!path) {
			continue;
		}
		for (j = 0; j < q->n_conds; j++) {
			if (strcmp(q->conds[j].path, path) == 0) {
				err(ld, k,
				    "a second condition on '%s' in one "
				    "query; give each property one "
				    "condition",
				    path);
				dup = 1;
				break;
			}
		}
		memset(&c, 0, sizeof(c));
		if (dup || load_cond(ld, v, path, &c) < 0) {
			free(path);
			continue;
		}
		if (c.kind == PK_COND_IN) {
			if (first_in) {
				err(ld, v,
				    "a query may have at most one IN "
				    "condition (it has one on '%s' at line "
				    "%d); use eq or range for '%s'",
				    first_in->path, first_in_at->line, path);
				free(path);
				continue;
			}
			first_in_at = v;
		}
		c.path = path;
		q->conds[q->n_conds++] = c;
		if (c.kind == PK_COND_IN) {
			first_in = &q->conds[q->n_conds - 1];
		}
	}
}

/* The `queries` list n of phase ph. */
static void load_queries(struct ld *ld, const struct yn *n,
			 struct pk_phase_spec *ph)
{
	static const char *const keys[] = {
	    "name", "where", "results", "weight", NULL,
	};
	size_t i;

	if (need_kind(ld, n, YN_SEQ, "queries",
		      "a list of queries (- where: {deviceId: eq})") < 0) {
		return;
	}
	if (n->n_kids == 0) {
		return;
	}
	ph->queries = xcalloc(n->n_kids, sizeof(*ph->queries));
	ph->n_queries = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		struct pk_query_spec *q = &ph->queries[i];
		const struct yn *m = n->kids[i], *x;
		char *where;
		int64_t v;

		q->results = 1;
		q->weight = 1;
		q->line = m->line;
		q->col = m->col;
		if (need_kind(ld, m, YN_MAP, "a query",
			      "a mapping {name: ..., where: {PROPERTY: "
			      "CONDITION}, results: N, weight: W}") < 0) {
			q->name = xasprintf("query-%zu", i + 1);
			continue;
		}
		x = yn_get(m, "name");
		if (x && x->kind == YN_SCALAR && x->len > 0) {
			q->name = xstrdup(x->text);
			where = xasprintf("in query '%.*s'",
					  PK_SCENARIO_QUOTE_BYTES, q->name);
		} else {
			if (x) {
				get_string(ld, x, "name", 0, &q->name);
			}
			q->name = xasprintf("query-%zu", i + 1);
			where = xasprintf("in query %zu", i + 1);
		}
		check_keys(ld, m, keys, where);
		free(where);
		if ((x = yn_get(m, "where"))) {
			load_where(ld, x, q);
		}
		if ((x = yn_get(m, "results")) &&
		    get_int(ld, x, "results", 0, UINT32_MAX,
			    "a whole number of items >= 0 (default 1)",
			    &v) == 0) {
			q->results = (uint32_t)v;
		}
		if ((x = yn_get(m, "weight"))) {
			get_number(ld, x, "weight", 0, 1, HUGE_VAL, 0,
				   "a number greater than 0 (default 1)",
				   &q->weight);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Items from a data file */

/* Keys of `items:` when it names a data file. */
static const char *const items_file_keys[] = {
    "file",	 "format", "time_field", "time_compression", "rate", "at_once",
    "item_size", "limit",  NULL,
};

/* Names trace_format_parse accepts, for messages. */
static const char *const trace_format_names[] = {
    "auto", "json", "jsonl", "ndjson", "csv", NULL,
};

/* Keys of a phase that generate operations: with items from a file the
   operations come from the file, so these are errors there. */
static const char *const generator_phase_keys[] = {
    "rate",    "arrival", "ops",   "item_size",
    "select", "queries", "batch", NULL,
};

/* 1 if the `items:` mapping m names a data file (a scalar `file:`); a
   property called "file" has a generator mapping instead. */
static int is_items_file(const struct yn *m)
{
	const struct yn *f = yn_get(m, "file");

	return f && f->kind == YN_SCALAR;
}

/* path resolved against the folder of the scenario file `file`: path
   itself when absolute or when file has no folder part. Owned. */
static char *resolve_path(const char *file, const char *path)
{
	const char *slash = strrchr(file, '/');

	if (path[0] == '/' || !slash) {
		return xstrdup(path);
	}
	return xasprintf("%.*s/%s", (int)(slash - file), file, path);
}

/* "/ts" for "ts" or "/ts". Owned. */
static char *field_path(const char *name)
{
	return name[0] == '/' ? xstrdup(name) : xasprintf("/%s", name);
}

/* Records of f the run uses: the first f->limit, or all. */
static size_t items_file_used(const struct pk_items_file *f)
{
	size_t n = trace_count(f->trace);

	return f->limit && f->limit < n ? f->limit : n;
}

/*
 * Read f->resolved into f->trace (errors as trace_load gives them) and
 * check what the run needs of the records: at least one, and under
 * FROM_TIME_FIELD a valid time in every used record (each bad record at
 * its line, up to PK_DIAG_MAX_ERRORS). where/line/col name the place
 * that gave the file, for the note on a file that cannot be opened.
 * Returns 0, or -1 with errors in d.
 */
static int items_file_read(struct pk_items_file *f, struct pk_diag *d,
			   const char *where, int line, int col)
{
	size_t before = diag_count(d), i, n, bad = 0;
	int64_t t_ms;

	f->trace = trace_load(f->resolved, (enum pk_trace_format)f->format, d);
	if (!f->trace) {
		/* a line-0 error (cannot open/read) is kept as it is, so the
		   CLI can tell it from bad input; the note says who named the
		   file */
		if (d->n_entries > 0 &&
		    d->entries[d->n_entries - 1].line == 0 &&
		    diag_count(d) == before + 1) {
			if (line > 0) {
				diag_note(d,
					  "the data file named by "
					  "items.file at %s:%d:%d",
					  where, line, col);
			} else {
				diag_note(d, "the data file named by %s",
					  where);
			}
		}
		return -1;
	}
	n = items_file_used(f);
	if (n == 0) {
		diag_error(d, f->resolved, 0, 0,
			   "the data file holds no records; give a JSON array "
			   "of objects, JSON lines or CSV with a header and "
			   "at least one row");
		return -1;
	}
	if (f->from != PK_FROM_TIME_FIELD) {
		return 0;
	}
	for (i = 0; i < n && bad < PK_DIAG_MAX_ERRORS; i++) {
		if (trace_time_ms(f->trace, i, f->time_field, &t_ms, d) < 0) {
			bad++;
		}
	}
	return bad ? -1 : 0;
}

/*
 * `items: {file: PATH, ...}` (mapping m): fill ld->s->items_file (set
 * even when something is wrong, so that phases are judged as file
 * phases) and read the file when the mapping itself is right.
 */
static void load_items_file(struct ld *ld, const struct yn *m)
{
	static const char rules[] = "time_field (a timestamp property, "
				    "epoch seconds or ISO 8601), rate (e.g. "
				    "100/s, in file order) or at_once: true";
	struct pk_items_file *f = xcalloc(1, sizeof(*f));
	const struct yn *fn = yn_get(m, "file"), *n, *rule = NULL;
	const char *rule_name = NULL;
	size_t before = diag_count(ld->d);
	enum pk_trace_format fmt = PK_TRACE_FORMAT_AUTO;
	int64_t v;

	ld->s->items_file = f;
	f->line = fn->line;
	f->col = fn->col;
	f->time_compression = 1;
	check_keys(ld, m, items_file_keys, "in items (with file)");
	if (fn->len == 0) {
		err(ld, fn,
		    "items.file must not be empty; give the data file's "
		    "path (relative to the scenario file's folder)");
	} else {
		f->path = xstrdup(fn->text);
		f->resolved = resolve_path(ld->file, fn->text);
	}
	if ((n = yn_get(m, "format"))) {
		if (n->kind != YN_SCALAR || trace_format_parse(n->text, &fmt)) {
			err_unknown(ld, n, "format", n->text, "in items",
				    trace_format_names);
		}
	}
	f->format = (int)fmt;
	/* the arrival rule: exactly one of time_field, rate, at_once */
	if ((n = yn_get(m, "time_field"))) {
		char *name = NULL;

		rule = n;
		rule_name = "time_field";
		f->from = PK_FROM_TIME_FIELD;
		if (get_string(ld, n, "time_field", 0, &name) == 0) {
			f->time_field = field_path(name);
			free(name);
		}
	}
	if ((n = yn_get(m, "rate"))) {
		if (rule) {
			err(ld, n,
			    "give only one of time_field, rate and at_once "
			    "(got %s and rate)",
			    rule_name);
		}
		rule = n;
		rule_name = "rate";
		f->from = PK_FROM_RATE;
		get_rate(ld, n, "rate", &f->rate_per_s);
	}
	if ((n = yn_get(m, "at_once"))) {
		if (n->kind == YN_SCALAR && strcmp(n->text, "true") == 0) {
			if (rule) {
				err(ld, n,
				    "give only one of time_field, rate and "
				    "at_once (got %s and at_once)",
				    rule_name);
			}
			rule = n;
			f->from = PK_FROM_AT_ONCE;
		} else if (n->kind != YN_SCALAR ||
			   strcmp(n->text, "false") != 0) {
			char buf[DESC_BYTES];

			err(ld, n, "at_once must be true or false (got %s)",
			    yn_desc(n, buf, sizeof(buf)));
		}
	}
	if (!rule && diag_count(ld->d) == before) {
		err(ld, m,
		    "items.file needs an arrival rule: give exactly "
		    "one of %s",
		    rules);
	}
	if ((n = yn_get(m, "time_compression"))) {
		if (f->from != PK_FROM_TIME_FIELD || !rule) {
			err(ld, n,
			    "time_compression applies only with time_field "
			    "(arrival by timestamp)");
		} else {
			get_number(ld, n, "time_compression", 1e-3, 0, 1e9, 0,
				   "a factor from 0.001 to 1e9 (default 1; 60 "
				   "replays an hour in a minute)",
				   &f->time_compression);
		}
	}
	if ((n = yn_get(m, "item_size"))) {
		get_size(ld, n, "item_size", 1, PK_MAX_ITEM_BYTES, size_range,
			 &f->size_bytes);
	}
	if ((n = yn_get(m, "limit"))) {
		if (get_int(ld, n, "limit", 1, INT64_MAX,
			    "a whole number of records >= 1", &v) == 0) {
			f->limit =
			    (uint64_t)v > SIZE_MAX ? SIZE_MAX : (size_t)v;
		}
	}
	if (diag_count(ld->d) == before) {
		items_file_read(f, ld->d, ld->file, fn->line, fn->col);
	}
}

/* With items from a file: report every key of phase m that generates
   operations (rate, ops, ...). */
static void file_phase_keys(struct ld *ld, const struct yn *m,
			    const char *where)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);

		if (word_in(k->text, generator_phase_keys)) {
			err(ld, k,
			    "'%s' does not apply %s: with items from a file "
			    "(items.file) every record is one create and its "
			    "arrival comes from items; a phase only sets "
			    "throughput for its duration",
			    k->text, where);
		}
	}
}

/* The `redistribute` mapping n: {RANGE_ID: RU/s, ...} (D-REDIST). */
static void load_redistribute(struct ld *ld, const struct yn *n,
			      struct pk_phase_spec *ph)
{
	char buf[DESC_BYTES];
	size_t i, j;

	if (need_kind(ld, n, YN_MAP, "redistribute",
		      "a mapping of partition key range id to RU/s, e.g. "
		      "{\"0\": 2000, \"1\": 4000}") < 0) {
		return;
	}
	if (yn_pairs(n) == 0) {
		err(ld, n,
		    "redistribute is empty; name at least one partition key "
		    "range and its RU/s");
		return;
	}
	ph->redistribute = xcalloc(yn_pairs(n), sizeof(*ph->redistribute));
	for (i = 0; i < yn_pairs(n); i++) {
		const struct yn *k = yn_key(n, i);
		struct pk_redist_spec *e = &ph->redistribute[ph->n_redistribute];
		int64_t id;

		if (k->kind != YN_SCALAR || !int_parse(k->text, &id) ||
		    id < 0 || id > UINT32_MAX) {
			err(ld, k,
			    "redistribute names partition key ranges by id, "
			    "a whole number >= 0 as the reports show it (got "
			    "%s)",
			    yn_desc(k, buf, sizeof(buf)));
			continue;
		}
		if (get_int(ld, yn_val(n, i), "each RU/s in redistribute", 1,
			    PK_REDIST_MAX_RU_PER_S,
			    "a whole number of RU/s from 1 to 20,000 (D-REDIST: "
			    "above 10,000 the range splits in two)",
			    &e->ru_per_s) < 0) {
			continue;
		}
		for (j = 0; j < ph->n_redistribute; j++) {
			if (ph->redistribute[j].range_id == (uint32_t)id) {
				err(ld, k,
				    "redistribute names range %lld twice",
				    (long long)id);
				break;
			}
		}
		if (j < ph->n_redistribute) {
			continue;
		}
		e->range_id = (uint32_t)id;
		e->line = k->line;
		e->col = k->col;
		ph->n_redistribute++;
	}
}

/* A phase's actions beyond throughput: `redistribute` or `merge`. */
static void load_phase_actions(struct ld *ld, const struct yn *m,
			       struct pk_phase_spec *ph)
{
	const struct yn *rn = yn_get(m, "redistribute");
	const struct yn *mn = yn_get(m, "merge");

	if (rn && mn) {
		err(ld, mn,
		    "a phase may redistribute or merge, not both (a merge "
		    "re-divides RU/s evenly); use two phases");
		return;
	}
	if (rn) {
		ph->action_line = rn->line;
		ph->action_col = rn->col;
		load_redistribute(ld, rn, ph);
	}
	if (mn) {
		ph->action_line = mn->line;
		ph->action_col = mn->col;
		get_int(ld, mn, "merge", 1, UINT32_MAX,
			"a whole number of physical partitions >= 1 to merge "
			"down to",
			&ph->merge_to);
	}
}

/* The `batch` mapping n of phase ph: {size: N, spanning: F}. Settings
   without ops.batch are allowed (and unused), like queries. */
static void load_batch(struct ld *ld, const struct yn *n,
		       struct pk_phase_spec *ph)
{
	static const char *const keys[] = {"size", "spanning", NULL};
	const struct yn *k;
	int64_t size;

	if (need_kind(ld, n, YN_MAP, "batch",
		      "a mapping {size: N, spanning: F}") < 0) {
		return;
	}
	check_keys(ld, n, keys, "in batch");
	if ((k = yn_get(n, "size")) &&
	    get_int(ld, k, "batch size", 1, PK_MAX_BATCH_OPS,
		    "a whole number of operations from 1 to 100, the "
		    "service's limit per transactional batch",
		    &size) == 0) {
		ph->batch_size = (uint32_t)size;
	}
	if ((k = yn_get(n, "spanning"))) {
		get_number(ld, k, "batch spanning", 0, 0, 1, 0,
			   "a fraction between 0 and 1", &ph->batch_spanning);
	}
}

static void load_phase(struct ld *ld, const struct yn *m, size_t idx)
{
	static const char *const keys[] = {
	    "name",	 "duration", "rate",	   "arrival", "ops",
	    "item_size", "select",   "throughput", "queries", "redistribute",
	    "merge",	 "batch",    NULL,
	};
	static const char *const arrivals[] = {"uniform", "poisson", NULL};
	struct pk_phase_spec *ph = &ld->s->phases[idx];
	const struct yn *n;
	char *where;

	ph->line = m->line;
	ph->col = m->col;
	n = yn_get(m, "name");
	if (n && n->kind == YN_SCALAR && n->len > 0) {
		ph->name = xstrdup(n->text);
	} else {
		if (n) {
			get_string(ld, n, "name", 0, &ph->name);
		}
		ph->name = xasprintf("phase-%zu", idx + 1);
	}
	if (n) {
		where = xasprintf("in phase '%.*s'", PK_SCENARIO_QUOTE_BYTES,
				  ph->name);
	} else {
		where = xasprintf("in phase %zu", idx + 1);
	}
	check_keys(ld, m, keys, where);
	n = yn_get(m, "duration");
	if (!n) {
		err(ld, m, "missing required key 'duration' %s (e.g. 10m)",
		    where);
	} else {
		get_duration(ld, n, "duration", 1, &ph->duration_ms);
	}
	if (ld->s->items_file) {
		file_phase_keys(ld, m, where);
		free(where);
		if ((n = yn_get(m, "throughput"))) {
			get_int(ld, n, "throughput", 1, PK_MAX_RU_PER_S,
				"a whole number of RU/s from 1 to 1,000,000 "
				"(the service's limit per container)",
				&ph->throughput_ru_per_s);
		}
		return;
	}
	n = yn_get(m, "rate");
	if (!n) {
		err(ld, m, "missing required key 'rate' %s (e.g. 2000/s)",
		    where);
	} else {
		get_rate(ld, n, "rate", &ph->rate_per_s);
	}
	free(where);
	if ((n = yn_get(m, "arrival"))) {
		if (n->kind == YN_SCALAR && strcmp(n->text, "poisson") == 0) {
			ph->arrival = PK_ARRIVAL_POISSON;
		} else if (n->kind != YN_SCALAR ||
			   strcmp(n->text, "uniform") != 0) {
			err_unknown(ld, n, "arrival", n->text, "in phase",
				    arrivals);
		}
	}
	if ((n = yn_get(m, "ops"))) {
		load_ops(ld, n, ph->mix);
	}
	if ((n = yn_get(m, "queries"))) {
		load_queries(ld, n, ph);
	}
	if (ph->mix[PK_OP_QUERY] > 0 && ph->n_queries == 0) {
		n = yn_get(yn_get(m, "ops"), "query");
		err(ld, n ? n : m,
		    "ops.query is %g but the phase lists no queries; add "
		    "queries: [{where: {deviceId: eq}}] or drop query from "
		    "ops",
		    ph->mix[PK_OP_QUERY]);
	}
	if ((n = yn_get(m, "batch"))) {
		load_batch(ld, n, ph);
	}
	if ((n = yn_get(m, "item_size"))) {
		load_item_size(ld, n, &ph->item_size);
	}
	if ((n = yn_get(m, "select"))) {
		load_select(ld, n, &ph->select);
	}
	if ((n = yn_get(m, "throughput"))) {
		get_int(ld, n, "throughput", 1, PK_MAX_RU_PER_S,
			"a whole number of RU/s from 1 to 1,000,000 (the "
			"service's limit per container)",
			&ph->throughput_ru_per_s);
		ph->throughput_line = n->line;
		ph->throughput_col = n->col;
	}
	load_phase_actions(ld, m, ph);
}

/* A phase setting throughput on a container that has none to set:
   serverless (its RU/s follow its partitions) or autoscale (pksim keeps
   the max a scenario starts with). */
static void refuse_phase_throughput(struct ld *ld, const struct pk_scenario *s,
				    const struct pk_phase_spec *ph, size_t v)
{
	const struct pk_container_spec *c = &s->variants[v];
	int named = s->n_variants > 1;

	err_at(ld, ph->throughput_line, ph->throughput_col,
	       "phase '%.*s' sets throughput, but container%s%.*s%s is %s",
	       PK_SCENARIO_QUOTE_BYTES, ph->name, named ? " '" : "",
	       PK_SCENARIO_QUOTE_BYTES, named ? c->name : "",
	       named ? "'" : "",
	       c->serverless ? "serverless: it has no throughput to set"
			     : "autoscale; pksim does not change an autoscale "
			       "max in a phase");
}

/*
 * The part of the minimum manual RU/s (rule 8, D-LIMITS) known before the
 * run: each phase's throughput against max(400, highest ever / 100) of
 * every variant, the highest counting the container's own and every
 * earlier phase's. The storage term is checked when the run reaches the
 * phase (sim.c). One error per phase.
 */
static void check_phase_minimums(struct ld *ld)
{
	struct pk_scenario *s = ld->s;
	unsigned char *reported = xcalloc(s->n_phases + 1, 1);
	size_t v, i;
	char a[32], b[32], c[32];

	for (v = 0; v < s->n_variants; v++) {
		int64_t highest = s->variants[v].throughput_ru_per_s;

		for (i = 0; i < s->n_phases; i++) {
			struct pk_phase_spec *ph = &s->phases[i];
			enum pk_min_reason why;
			int64_t min, want = ph->throughput_ru_per_s;
			char vn[PK_SCENARIO_QUOTE_BYTES + 32] = "";

			if (want <= 0) {
				continue;
			}
			if (s->variants[v].serverless ||
			    s->variants[v].autoscale_max_ru_per_s > 0) {
				if (!reported[i]) {
					reported[i] = 1;
					refuse_phase_throughput(ld, s, ph, v);
				}
				continue;
			}
			min = provision_min_manual(0, highest, &why);
			if (want < min && !reported[i]) {
				reported[i] = 1;
				if (s->n_variants > 1) {
					snprintf(vn, sizeof(vn),
						 " in variant '%.*s'",
						 PK_SCENARIO_QUOTE_BYTES,
						 s->variants[v].name);
				}
				if (why == PK_MIN_HIGHEST) {
					err_at(ld, ph->throughput_line,
					       ph->throughput_col,
					       "phase '%.*s' sets %s RU/s, "
					       "below the minimum %s (1%% of "
					       "the highest ever, %s)%s",
					       PK_SCENARIO_QUOTE_BYTES,
					       ph->name, fmt_thousands(want, a),
					       fmt_thousands(min, b),
					       fmt_thousands(highest, c), vn);
				} else {
					err_at(ld, ph->throughput_line,
					       ph->throughput_col,
					       "phase '%.*s' sets %s RU/s, "
					       "below the minimum %s of a "
					       "container with manual "
					       "throughput%s",
					       PK_SCENARIO_QUOTE_BYTES,
					       ph->name, fmt_thousands(want, a),
					       fmt_thousands(min, b), vn);
				}
			}
			if (want > highest) {
				highest = want;
			}
		}
	}
	free(reported);
}

/*
 * Merge and redistribution are features of provisioned throughput
 * (D-MERGE, D-REDIST): neither applies to a serverless variant, and pksim
 * redistributes manual throughput only (ASSUMPTION: it leaves out how a
 * per-partition setting meets autoscale's own scaling). One error per
 * phase.
 */
static void check_phase_actions(struct ld *ld)
{
	struct pk_scenario *s = ld->s;
	size_t v, i;

	for (i = 0; i < s->n_phases; i++) {
		struct pk_phase_spec *ph = &s->phases[i];
		const char *what = ph->merge_to > 0 ? "merges" : "redistributes";

		if (ph->merge_to == 0 && ph->n_redistribute == 0) {
			continue;
		}
		for (v = 0; v < s->n_variants; v++) {
			const struct pk_container_spec *c = &s->variants[v];
			const char *kind = c->serverless ? "serverless"
					   : c->autoscale_max_ru_per_s > 0 &&
							   ph->merge_to == 0
						   ? "autoscale"
						   : NULL;

			if (!kind) {
				continue;
			}
			err_at(ld, ph->action_line, ph->action_col,
			       "phase '%.*s' %s, but container%s%.*s%s is %s; "
			       "pksim %s manual%s throughput only",
			       PK_SCENARIO_QUOTE_BYTES, ph->name, what,
			       s->n_variants > 1 ? " '" : "",
			       PK_SCENARIO_QUOTE_BYTES,
			       s->n_variants > 1 ? c->name : "",
			       s->n_variants > 1 ? "'" : "", kind,
			       ph->merge_to > 0 ? "merges" : "redistributes",
			       ph->merge_to > 0 ? " or autoscale" : "");
			break;
		}
	}
}

static void load_phases(struct ld *ld, const struct yn *n)
{
	struct pk_scenario *s = ld->s;
	size_t i;

	if (need_kind(ld, n, YN_SEQ, "phases",
		      "a list of phases (- duration: 10m ...)") < 0) {
		return;
	}
	if (n->n_kids == 0) {
		err(ld, n,
		    s->items_file
			? "phases is empty; give at least one phase with "
			  "duration and throughput, or leave phases out"
			: "phases is empty; give at least one phase with "
			  "duration and rate");
		return;
	}
	s->phases = xcalloc(n->n_kids, sizeof(*s->phases));
	s->n_phases = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		struct pk_phase_spec *ph = &s->phases[i];

		ph->mix[PK_OP_CREATE] = 1;
		ph->batch_size = PK_DEFAULT_BATCH_OPS;
		ph->item_size.kind = PK_SIZE_FIXED;
		ph->item_size.bytes = PK_KIB;
		dist_defaults(&ph->select);
		ph->throughput_ru_per_s = -1;
		ph->arrival = PK_ARRIVAL_UNIFORM;
		if (need_kind(ld, n->kids[i], YN_MAP, "a phase",
			      "a mapping with duration and rate") < 0) {
			ph->name = xasprintf("phase-%zu", i + 1);
			continue;
		}
		load_phase(ld, n->kids[i], i);
	}
}

/* File base name without directory and .yaml/.yml. */
static char *base_name(const char *file)
{
	const char *b = strrchr(file, '/');
	size_t len;

	b = b ? b + 1 : file;
	len = strlen(b);
	if (len > 5 && strcmp(b + len - 5, ".yaml") == 0) {
		len -= 5;
	} else if (len > 4 && strcmp(b + len - 4, ".yml") == 0) {
		len -= 4;
	}
	return xstrndup(b, len);
}

static void load_root(struct ld *ld, const struct yn *root)
{
	static const char *const keys[] = {
	    "name", "description", "seed",   "clock",	 "container", "client",
	    "cost", "items",	   "phases", "variants", NULL,
	};
	struct pk_scenario *s = ld->s;
	const struct yn *n;

	if (root->kind != YN_MAP) {
		char buf[DESC_BYTES];

		err(ld, root,
		    "a scenario must be a mapping of keys (container, "
		    "phases, ...) (got %s)",
		    yn_desc(root, buf, sizeof(buf)));
		return;
	}
	check_keys(ld, root, keys, "at top level");
	if ((n = yn_get(root, "name"))) {
		get_string(ld, n, "name", 0, &s->name);
	}
	if ((n = yn_get(root, "description"))) {
		get_string(ld, n, "description", 1, &s->description);
	}
	if ((n = yn_get(root, "seed"))) {
		char buf[DESC_BYTES];
		const char *p = n->text;
		int ok = n->kind == YN_SCALAR && is_digit(*p);
		uint64_t v = 0;

		for (; ok && *p; p++) {
			unsigned dig = (unsigned)(*p - '0');

			if (!is_digit(*p) || v > (UINT64_MAX - dig) / 10) {
				ok = 0;
				break;
			}
			v = v * 10 + dig;
		}
		if (ok) {
			s->seed = v;
		} else {
			err(ld, n,
			    "seed must be an unsigned 64-bit integer, 0 "
			    "to 18446744073709551615 (got %s)",
			    yn_desc(n, buf, sizeof(buf)));
		}
	}
	if ((n = yn_get(root, "clock")) &&
	    need_kind(ld, n, YN_MAP, "clock",
		      "a mapping {start: \"2026-01-01T00:00:00Z\"}") == 0) {
		load_clock(ld, n);
	}
	n = yn_get(root, "container");
	if (!n) {
		err(ld, root,
		    "missing required key 'container' (with "
		    "partition_key and throughput)");
	} else if (need_kind(ld, n, YN_MAP, "container",
			     "a mapping with partition_key and throughput") <
		   0) {
		n = NULL;
	}
	load_containers(ld, n, yn_get(root, "variants"));
	if ((n = yn_get(root, "client")) &&
	    need_kind(ld, n, YN_MAP, "client", "a mapping {retries: ...}") ==
		0) {
		load_client(ld, n);
	}
	if ((n = yn_get(root, "cost")) &&
	    need_kind(ld, n, YN_MAP, "cost",
		      "a mapping of RU charges {read_1kb: 1, ...}") == 0) {
		load_cost(ld, n);
	}
	if ((n = yn_get(root, "items")) &&
	    need_kind(ld, n, YN_MAP, "items",
		      "a mapping of property name to generator") == 0) {
		if (is_items_file(n)) {
			load_items_file(ld, n);
		} else {
			load_props(ld, n, "");
		}
	}
	n = yn_get(root, "phases");
	if (!n && s->items_file) {
		/* phases are optional: the run lasts until the last record
		   arrives */
	} else if (!n) {
		err(ld, root,
		    "missing required key 'phases' (a list of "
		    "phases with duration and rate)");
	} else {
		load_phases(ld, n);
		check_phase_minimums(ld);
		check_phase_actions(ld);
	}
}

static void scenario_defaults(struct pk_scenario *s)
{
	s->seed = 1;
	s->clock_start_s = PK_DEFAULT_CLOCK_START_S;
	s->container.pp_storage_bytes = PK_DEFAULT_PP_STORAGE_BYTES;
	s->container.pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	s->container.initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	s->container.lp_storage_bytes = PK_DEFAULT_LP_STORAGE_BYTES;
	s->container.index_factor = 1;
	s->container.key.version = 2; /* D-LPK: the default for new
					 containers */
	s->retry.enabled = 1;
	s->retry.max_retries = PK_DEFAULT_MAX_RETRIES;
	s->retry.max_wait_ms = PK_DEFAULT_MAX_RETRY_WAIT_MS;
	s->cost.read_1kb_ru = 1;
	s->cost.read_100kb_ru = 10;
	s->cost.write_1kb_ru = 5;
	s->cost.write_100kb_ru = 50;
	s->cost.not_found_ru = 1;
	s->cost.query_base_ru = 1;
	s->cost.query_per_range_ru = 2.5;
	s->cost.query_per_result_ru = 0.5;
}

/* ------------------------------------------------------------------ */
/* Public API */

/* Items the phases create (creates, upserts and batches' items), or the
   data file's. */
static double items_planned(const struct pk_scenario *s)
{
	double n = 0;
	size_t i;

	if (s->items_file) {
		return (double)trace_count(s->items_file->trace);
	}
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		n += p->rate_per_s * (double)p->duration_ms / 1000.0 *
		     (p->mix[PK_OP_CREATE] + p->mix[PK_OP_UPSERT] +
		      p->mix[PK_OP_BATCH] * (double)p->batch_size);
	}
	return n;
}

/* The retries a client can have waiting at once are at most the
   operations of one max_wait (all rate limited and retried); refuse a
   scenario whose fastest phase could queue more than fits (issue 6 §4). */
static void check_retry_memory(struct ld *ld, const struct pk_scenario *s)
{
	double wait_s = (double)s->retry.max_wait_ms / 1000.0, bytes;
	size_t i, worst = 0;

	if (!s->retry.enabled || s->n_phases == 0) {
		return;
	}
	for (i = 1; i < s->n_phases; i++) {
		if (s->phases[i].rate_per_s > s->phases[worst].rate_per_s) {
			worst = i;
		}
	}
	if ((double)s->phases[worst].duration_ms / 1000.0 < wait_s) {
		wait_s = (double)s->phases[worst].duration_ms / 1000.0;
	}
	bytes = s->phases[worst].rate_per_s * wait_s *
		PK_SCENARIO_RETRY_BYTES * (double)s->n_variants;
	if (bytes <= PK_SCENARIO_MAX_TRACK_BYTES) {
		return;
	}
	err_at(ld, s->phases[worst].line, s->phases[worst].col,
	       "at %.3g operations a second, rate-limited operations could "
	       "queue about %.3g retries, %.0f GB (pksim stops at %.0f GB); "
	       "lower the rate, or the client's max_wait",
	       s->phases[worst].rate_per_s,
	       s->phases[worst].rate_per_s * wait_s * (double)s->n_variants,
	       bytes / (double)PK_GIB,
	       PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB);
}

/* Refuse up front a scenario whose items would not fit in memory: the
   estimate, and what to change (issue 6 §4). */
static void check_memory(struct ld *ld, const struct pk_scenario *s)
{
	double items = items_planned(s);
	double bytes = items * (PK_SCENARIO_ITEM_BYTES +
				PK_SCENARIO_SLOT_BYTES * (double)s->n_variants);

	if (bytes <= PK_SCENARIO_MAX_TRACK_BYTES) {
		check_retry_memory(ld, s);
		return;
	}
	err_at(ld, s->n_phases ? s->phases[0].line : 0,
	       s->n_phases ? s->phases[0].col : 0,
	       "the phases create about %.3g items, which takes about %.0f GB "
	       "to track (pksim stops at %.0f GB); lower a phase's rate, "
	       "duration or share of creates",
	       items, bytes / (double)PK_GIB,
	       PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB);
}

/* The largest item a run writes, in bytes. */
static uint64_t largest_item(const struct pk_scenario *s)
{
	uint64_t max = 0, b;
	size_t i;

	if (s->items_file && s->items_file->size_bytes) {
		return s->items_file->size_bytes;
	}
	if (s->items_file) {
		for (i = 0; i < trace_count(s->items_file->trace); i++) {
			b = trace_size_bytes(s->items_file->trace, i);
			max = b > max ? b : max;
		}
		return max;
	}
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_size_spec *z = &s->phases[i].item_size;

		b = z->kind == PK_SIZE_FIXED	 ? z->bytes
		    : z->kind == PK_SIZE_UNIFORM ? z->max_bytes
						 : PK_MAX_ITEM_BYTES;
		max = b > max ? b : max;
	}
	return max;
}

/* An item's stored bytes (size x index_factor) must fit the 32 bits the
   containers keep per item: at most 4 GB. */
static void check_index_factor(struct ld *ld, const struct pk_scenario *s)
{
	double item = (double)largest_item(s);
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		const struct pk_container_spec *c = &s->variants[i];

		if (item * c->index_factor <= (double)UINT32_MAX) {
			continue;
		}
		err_at(ld, c->line, c->col,
		       "index_factor %g with items of up to %.0f bytes stores "
		       "more than 4 GB per item; pksim keeps an item's stored "
		       "size in 32 bits: lower index_factor or item_size",
		       c->index_factor, item);
		return;
	}
}

struct pk_scenario *scenario_parse(const char *file, const char *text,
				   size_t len, struct pk_diag *diag)
{
	struct ld ld;
	struct yn *root;
	size_t before = diag_count(diag), bad;
	struct pk_scenario *s;

	memset(&ld, 0, sizeof(ld));
	ld.file = file;
	ld.text = text;
	ld.len = len;
	ld.d = diag;
	if (len > PK_SCENARIO_MAX_FILE_BYTES) {
		err_at(&ld, 0, 0, "scenario is %zu bytes; the limit is %u", len,
		       PK_SCENARIO_MAX_FILE_BYTES);
		return NULL;
	}
	bad = utf8_invalid_at((const unsigned char *)text, len);
	if (bad < len) {
		int line, col;

		offset_pos(&ld, bad, &line, &col);
		err_at(&ld, line, col,
		       "invalid UTF-8 (byte 0x%02X); a scenario must be UTF-8 "
		       "text",
		       (unsigned)(unsigned char)text[bad]);
		return NULL;
	}
	root = tree_parse(&ld);
	if (!root) {
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	ld.s = s;
	s->file = xstrdup(file);
	scenario_defaults(s);
	load_root(&ld, root);
	yn_free(root);
	if (!s->name) {
		s->name = base_name(file);
	}
	if (!s->items_file && !scenario_find_prop(s, "/id")) {
		struct yn at = {.line = 0, .col = 0};
		struct pk_prop_spec *p = prop_add(&ld, "/id", &at);

		p->kind = PK_GEN_UNIQUE;
		free(p->prefix);
		p->prefix = xstrdup("item-");
	}
	if (diag_count(diag) == before) {
		check_memory(&ld, s);
		check_index_factor(&ld, s);
	}
	if (diag_count(diag) != before) {
		scenario_free(s);
		return NULL;
	}
	return s;
}

struct pk_scenario *scenario_load(const char *path, struct pk_diag *diag)
{
	FILE *f = fopen(path, "rb");
	struct pk_scenario *s;
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		diag_error(diag, path, 0, 0, "cannot open: %s",
			   strerror(errno));
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			if (cap > PK_SCENARIO_MAX_FILE_BYTES) {
				break;
			}
			cap = cap ? cap * 2 : 65536;
			buf = xreallocarray(buf, cap, 1);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			break;
		}
	}
	if (ferror(f)) {
		diag_error(diag, path, 0, 0, "cannot read: %s",
			   strerror(errno));
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	s = scenario_parse(path, buf ? buf : "", n, diag);
	free(buf);
	return s;
}

static void prop_free(struct pk_prop_spec *p)
{
	uint64_t i;

	free(p->path);
	free(p->prefix);
	free(p->suffix);
	if (p->list) {
		for (i = 0; i < p->count; i++) {
			free(p->list[i]);
		}
		free(p->list);
	}
	free(p->dist.weights);
	free(p->clock_format);
	free(p->const_text);
}

void scenario_free(struct pk_scenario *s)
{
	size_t i, j, k;

	if (!s) {
		return;
	}
	for (i = 0; i < s->n_props; i++) {
		prop_free(&s->props[i]);
	}
	free(s->props);
	for (i = 0; i < s->n_phases; i++) {
		struct pk_phase_spec *ph = &s->phases[i];

		for (j = 0; j < ph->n_queries; j++) {
			for (k = 0; k < ph->queries[j].n_conds; k++) {
				free(ph->queries[j].conds[k].path);
			}
			free(ph->queries[j].name);
		}
		free(ph->queries);
		free(ph->redistribute);
		free(ph->name);
		free(ph->select.weights);
	}
	free(s->phases);
	if (s->items_file) {
		free(s->items_file->path);
		free(s->items_file->resolved);
		free(s->items_file->time_field);
		trace_free(s->items_file->trace);
		free(s->items_file);
	}
	container_free(&s->container);
	for (i = 0; i < s->n_variants; i++) {
		container_free(&s->variants[i]);
	}
	free(s->variants);
	free(s->file);
	free(s->name);
	free(s->description);
	free(s);
}

const struct pk_prop_spec *scenario_find_prop(const struct pk_scenario *s,
					      const char *path)
{
	size_t i;

	for (i = 0; i < s->n_props; i++) {
		if (strcmp(s->props[i].path, path) == 0) {
			return &s->props[i];
		}
	}
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Scenarios from the command line */

/* The data file's base name without directory and extension. Owned. */
static char *data_base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	const char *dot;

	b = b ? b + 1 : path;
	dot = strrchr(b, '.');
	if (dot && dot > b) {
		return xstrndup(b, (size_t)(dot - b));
	}
	return xstrdup(*b ? b : path);
}

struct pk_scenario *
scenario_for_items(const char *path, int format, const char *time_field,
		   double time_compression, double rate_per_s, int at_once,
		   int64_t throughput_ru_per_s, struct pk_diag *diag)
{
	size_t before = diag_count(diag);
	int rules = (time_field != NULL) + (rate_per_s != 0) + (at_once != 0);
	struct pk_scenario *s;
	struct pk_items_file *f;

	if (rules != 1) {
		diag_error(diag, "--items", 0, 0,
			   rules ? "give only one of --time-field, --rate "
				   "and --at-once"
				 : "give how records arrive: one of "
				   "--time-field F (a timestamp property), "
				   "--rate R (e.g. 100/s, in file order) or "
				   "--at-once");
	}
	if (time_field &&
	    (time_field[0] == '\0' || strcmp(time_field, "/") == 0)) {
		diag_error(diag, "--time-field", 0, 0,
			   "the time field must name a property, e.g. ts");
	}
	if (time_field &&
	    !(time_compression > 0 && isfinite(time_compression))) {
		diag_error(diag, "--time-field", 0, 0,
			   "the time compression must be a number greater "
			   "than 0 (got %g)",
			   time_compression);
	}
	if (rate_per_s != 0 && !(rate_per_s > 0 && isfinite(rate_per_s))) {
		diag_error(diag, "--rate", 0, 0,
			   "the rate must be greater than 0 (got %g)",
			   rate_per_s);
	}
	if (throughput_ru_per_s < 1 || throughput_ru_per_s > PK_MAX_RU_PER_S) {
		diag_error(diag, "--throughput", 0, 0,
			   "throughput must be a whole number of RU/s from 1 "
			   "to 1,000,000 (got %lld)",
			   (long long)throughput_ru_per_s);
	}
	if (format < PK_TRACE_FORMAT_AUTO || format > PK_TRACE_FORMAT_CSV) {
		PK_BUG("scenario_for_items: format %d", format);
	}
	if (diag_count(diag) != before) {
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	scenario_defaults(s);
	s->file = xstrdup(path);
	s->name = data_base_name(path);
	s->container.throughput_ru_per_s = throughput_ru_per_s;
	/* a placeholder until the caller adds variants (scenario.h) */
	s->container.partition_key = xstrdup("/id");
	s->container.name = xstrdup("/id");
	s->container.key.kind = PK_KEY_PATH;
	s->container.key.paths[0] = xstrdup("/id");
	s->container.key.n_paths = 1;
	s->items_file = f = xcalloc(1, sizeof(*f));
	f->path = xstrdup(path);
	f->resolved = xstrdup(path);
	f->format = format;
	if (time_field) {
		f->from = PK_FROM_TIME_FIELD;
		f->time_field = field_path(time_field);
		f->time_compression = time_compression;
	} else if (rate_per_s != 0) {
		f->from = PK_FROM_RATE;
		f->rate_per_s = rate_per_s;
	} else {
		f->from = PK_FROM_AT_ONCE;
	}
	if (items_file_read(f, diag, "--items", 0, 0)) {
		scenario_free(s);
		return NULL;
	}
	return s;
}

/* A scalar node holding len bytes of text, at line 0 (no position). */
static struct yn *yn_scalar_new(const char *text, size_t len)
{
	struct yn *n = xcalloc(1, sizeof(*n));

	n->kind = YN_SCALAR;
	n->text = xstrndup(text, len);
	n->len = len;
	n->plain = 1;
	return n;
}

/* text[0..len) without the spaces around it: sets *len, returns start. */
static const char *trim_span(const char *text, size_t *len)
{
	while (*len > 0 && (*text == ' ' || *text == '\t')) {
		text++;
		(*len)--;
	}
	while (*len > 0 && (text[*len - 1] == ' ' || text[*len - 1] == '\t')) {
		(*len)--;
	}
	return text;
}

/*
 * The node a scenario file would hold for the key text of `--key`: a
 * template or a single path as a scalar, "/a,/b" or "[/a, /b]" as a
 * list of scalars, so load_key checks it as it checks partition_key.
 */
static struct yn *key_node(const char *text)
{
	size_t len = strlen(text), part;
	const char *t, *comma;
	struct yn *seq;

	if (strchr(text, '{')) {
		return yn_scalar_new(text, len); /* a template, as written */
	}
	t = trim_span(text, &len);
	if (len >= 2 && t[0] == '[' && t[len - 1] == ']') {
		t++;
		len -= 2;
	} else if (!memchr(t, ',', len)) {
		return yn_scalar_new(t, len);
	}
	seq = xcalloc(1, sizeof(*seq));
	seq->kind = YN_SEQ;
	t = trim_span(t, &len);
	if (len == 0) {
		return seq; /* "[]": an empty list, which load_key reports */
	}
	for (;;) {
		const char *e;

		comma = memchr(t, ',', len);
		part = comma ? (size_t)(comma - t) : len;
		e = trim_span(t, &part);
		yn_push(seq, yn_scalar_new(e, part));
		if (!comma) {
			return seq;
		}
		len -= (size_t)(comma - t) + 1;
		t = comma + 1;
	}
}

int scenario_add_variant(struct pk_scenario *s, const char *key_text,
			 struct pk_diag *diag)
{
	struct ld ld;
	struct yn *n;
	struct pk_key_spec k;
	struct pk_container_spec *v;
	char *where, *display = NULL;
	size_t i;
	int rc;

	where = xasprintf("--key '%s'", key_text);
	memset(&ld, 0, sizeof(ld));
	ld.file = where;
	ld.d = diag;
	ld.s = s;
	for (i = 0; i < s->n_variants; i++) {
		if (strcmp(s->variants[i].name, key_text) == 0) {
			diag_error(diag, where, 0, 0,
				   "this key is given twice; each --key adds "
				   "one variant named after it");
			free(where);
			return -1;
		}
	}
	memset(&k, 0, sizeof(k));
	n = key_node(key_text);
	rc = load_key(&ld, n, &k, &display);
	yn_free(n);
	if (rc == 0 && k.kind == PK_KEY_HIERARCHICAL &&
	    s->container.key.version == 1) {
		/* D-HPK: MultiHash exists only under version 2 */
		diag_error(diag, where, 0, 0,
			   "a hierarchical partition key needs partition "
			   "key definition version 2, and the container "
			   "uses version 1");
		key_free(&k);
		free(display);
		rc = -1;
	}
	free(where);
	if (rc) {
		return -1;
	}
	k.version = s->container.key.version;
	k.line = 0;
	k.col = 0;
	s->variants =
	    xreallocarray(s->variants, s->n_variants + 1, sizeof(*s->variants));
	v = &s->variants[s->n_variants];
	container_copy(v, &s->container);
	key_free(&v->key);
	free(v->partition_key);
	free(v->name);
	v->key = k;
	v->partition_key = display;
	v->name = xstrdup(key_text);
	v->line = 0;
	v->col = 0;
	if (s->n_variants++ == 0) {
		/* scenario.h: container is the first variant's spec */
		container_free(&s->container);
		container_copy(&s->container, v);
	}
	return 0;
}
