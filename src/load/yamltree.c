/*
 * yamltree: YAML text -> node tree (yamltree.h). The only file that
 * includes <yaml.h>.
 *
 * Invariant: a returned tree has unique keys in every mapping, only
 * scalar keys, no anchors or aliases, depth <= PK_SCENARIO_MAX_DEPTH and at
 * most PK_SCENARIO_MAX_NODES nodes.
 */
#include "yamltree.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "pksim/base/mem.h"
#include "pksim/base/utf8.h"

/* Deepest nesting of lists/mappings accepted; real scenarios use ~5. */
#define PK_SCENARIO_MAX_DEPTH 64
/* Most YAML nodes in one file: bounds memory on hostile input. */
#define PK_SCENARIO_MAX_NODES 1000000

/* Parser state for one yamltree_parse call. */
struct yt {
	const char *file; /* name used in messages */
	const char *text; /* the input, len bytes, not NUL-terminated */
	size_t len;
	struct pk_diag *d;
	yaml_parser_t parser;
	size_t n_nodes; /* nodes built so far, <= PK_SCENARIO_MAX_NODES */
	int fatal;	/* 1 once an error stops tree building */
};

void yn_free(struct yn *n)
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

void yn_push(struct yn *n, struct yn *kid)
{
	mem_grow((void **)&n->kids, &n->cap_kids, n->n_kids + 1,
		 sizeof(*n->kids));
	n->kids[n->n_kids++] = kid;
}

size_t yn_pairs(const struct yn *m)
{
	return m->n_kids / 2;
}

const struct yn *yn_key(const struct yn *m, size_t i)
{
	return m->kids[2 * i];
}

const struct yn *yn_val(const struct yn *m, size_t i)
{
	return m->kids[2 * i + 1];
}

/* The value of key in mapping m, or NULL. Keys are unique (duplicates are
   dropped while the tree is built). */
const struct yn *yn_get(const struct yn *m, const char *key)
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

/*
 * What a node is, for "(got ...)": the quoted text of a scalar (cut to
 * PK_SCENARIO_QUOTE_BYTES), or "a mapping" / "a list". Returns buf.
 */
const char *yn_desc(const struct yn *n, char *buf, size_t cap)
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

/* Line and column (1-based) of byte offset off in the input. */
static void offset_pos(const struct yt *yt, size_t off, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off && i < yt->len; i++) {
		if (yt->text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)yt->text[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

static void report_yaml_error(struct yt *yt)
{
	yaml_parser_t *p = &yt->parser;
	int line, col;

	yt->fatal = 1;
	if (p->error == YAML_MEMORY_ERROR) {
		diag_error(yt->d, yt->file, 0, 0,
			   "out of memory while parsing YAML");
		return;
	}
	if (p->error == YAML_READER_ERROR) {
		offset_pos(yt, p->problem_offset, &line, &col);
		if (p->problem_value != -1) {
			diag_error(yt->d, yt->file, line, col,
				   "invalid text: %s (byte 0x%02X); a scenario "
				   "must be UTF-8 text",
				   p->problem ? p->problem : "bad byte",
				   (unsigned)p->problem_value & 0xFFu);
		} else {
			diag_error(yt->d, yt->file, line, col,
				   "invalid text: %s; a scenario must be UTF-8 "
				   "text",
				   p->problem ? p->problem : "bad byte");
		}
		return;
	}
	line = (int)p->problem_mark.line + 1;
	col = (int)p->problem_mark.column + 1;
	if (p->problem_mark.index < yt->len &&
	    yt->text[p->problem_mark.index] == '\t') {
		diag_error(
		    yt->d, yt->file, line, col,
		    "tab character in YAML; indent with spaces, not tabs");
	} else {
		diag_error(yt->d, yt->file, line, col, "YAML syntax error: %s",
			   p->problem ? p->problem : "unknown problem");
	}
	if (p->context) {
		diag_note(yt->d, "%s at line %d, column %d", p->context,
			  (int)p->context_mark.line + 1,
			  (int)p->context_mark.column + 1);
	}
}

/* ------------------------------------------------------------------ */
/* Tree building from libyaml events */

static int next_event(struct yt *yt, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&yt->parser, ev)) {
		report_yaml_error(yt);
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
static void drop_duplicate_keys(struct yt *yt, struct yn *m)
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
			char buf[PK_YN_DESC_BYTES];

			diag_error(yt->d, yt->file, k->line, k->col,
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
 * (the root is 1). Returns NULL after a fatal error (yt->fatal set).
 */
/* A scalar's NUL characters as the two characters \0, after its error:
   cut at the first NUL, "a\0x" and "a\0y" would both read "a" and the
   loader would report a duplicate that is not in the file. */
static void nul_escaped(struct yn *n)
{
	size_t i, k = 0, nuls = 0;
	char *t;

	for (i = 0; i < n->len; i++) {
		nuls += n->text[i] == '\0';
	}
	t = xmalloc(n->len + nuls + 1);
	for (i = 0; i < n->len; i++) {
		if (n->text[i] == '\0') {
			t[k++] = '\\';
			t[k++] = '0';
		} else {
			t[k++] = n->text[i];
		}
	}
	t[k] = '\0';
	free(n->text);
	n->text = t;
	n->len = k;
}

static struct yn *build(struct yt *yt, yaml_event_t *ev, int depth)
{
	struct yn *n;
	const yaml_char_t *anchor = NULL, *tag = NULL;
	const char *std_tag = NULL;
	int line = (int)ev->start_mark.line + 1;
	int col = (int)ev->start_mark.column + 1;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		diag_error(
		    yt->d, yt->file, line, col,
		    "anchors and aliases are not supported (alias '*%s'); "
		    "write the value out in full",
		    (const char *)ev->data.alias.anchor);
		yt->fatal = 1;
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
		diag_error(
		    yt->d, yt->file, line, col,
		    "anchors and aliases are not supported (anchor '&%s'); "
		    "write the value out in full",
		    (const char *)anchor);
		yt->fatal = 1;
		yaml_event_delete(ev);
		return NULL;
	}
	if (ev->type != YAML_SCALAR_EVENT && depth > PK_SCENARIO_MAX_DEPTH) {
		diag_error(
		    yt->d, yt->file, line, col,
		    "nesting deeper than %d levels of lists and mappings",
		    PK_SCENARIO_MAX_DEPTH);
		yt->fatal = 1;
		yaml_event_delete(ev);
		return NULL;
	}
	if (++yt->n_nodes > PK_SCENARIO_MAX_NODES) {
		diag_error(
		    yt->d, yt->file, line, col,
		    "more than %d YAML values; a scenario file is limited "
		    "to that many",
		    PK_SCENARIO_MAX_NODES);
		yt->fatal = 1;
		yaml_event_delete(ev);
		return NULL;
	}
	if (tag && strcmp((const char *)tag, std_tag) != 0) {
		static const char yaml_prefix[] = "tag:yaml.org,2002:";
		const char *t = (const char *)tag;
		int std = strncmp(t, yaml_prefix, sizeof(yaml_prefix) - 1) == 0;

		diag_error(yt->d, yt->file, line, col,
			   "YAML tag '%s%s' is not supported; remove it",
			   std ? "!!" : "",
			   std ? t + sizeof(yaml_prefix) - 1 : t);
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
			diag_error(yt->d, yt->file, n->line, n->col,
				   "text may not contain a NUL character");
			nul_escaped(n);
		}
		yaml_event_delete(ev);
		return n;
	}

	n->kind = ev->type == YAML_SEQUENCE_START_EVENT ? YN_SEQ : YN_MAP;
	yaml_event_delete(ev);
	for (;;) {
		yaml_event_t kev, vev;
		struct yn *k, *v;

		if (next_event(yt, &kev) < 0) {
			goto fail;
		}
		if (kev.type == YAML_SEQUENCE_END_EVENT ||
		    kev.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&kev);
			break;
		}
		k = build(yt, &kev, depth + 1);
		if (!k) {
			goto fail;
		}
		if (n->kind == YN_SEQ) {
			yn_push(n, k);
			continue;
		}
		if (next_event(yt, &vev) < 0) {
			yn_free(k);
			goto fail;
		}
		v = build(yt, &vev, depth + 1);
		if (!v) {
			yn_free(k);
			goto fail;
		}
		if (k->kind != YN_SCALAR) {
			diag_error(yt->d, yt->file, k->line, k->col,
				   "mapping keys must be plain strings, not %s",
				   k->kind == YN_MAP ? "a mapping" : "a list");
			yn_free(k);
			yn_free(v);
			continue;
		}
		yn_push(n, k);
		yn_push(n, v);
	}
	if (n->kind == YN_MAP) {
		drop_duplicate_keys(yt, n);
	}
	return n;
fail:
	yn_free(n);
	return NULL;
}

/* Parse the whole input into a tree; NULL if there is nothing to load
   (errors recorded). */
static struct yn *tree_parse(struct yt *yt)
{
	yaml_event_t ev;
	struct yn *root = NULL;

	if (!yaml_parser_initialize(&yt->parser)) {
		diag_error(yt->d, yt->file, 0, 0,
			   "out of memory while parsing YAML");
		return NULL;
	}
	yaml_parser_set_input_string(&yt->parser,
				     (const unsigned char *)yt->text, yt->len);
	/* STREAM-START, then DOCUMENT-START or STREAM-END */
	if (next_event(yt, &ev) < 0) {
		goto out;
	}
	yaml_event_delete(&ev);
	if (next_event(yt, &ev) < 0) {
		goto out;
	}
	if (ev.type == YAML_STREAM_END_EVENT) {
		yaml_event_delete(&ev);
		diag_error(yt->d, yt->file, 1, 1,
			   "empty scenario; expected a mapping with at least "
			   "'container' and 'phases'");
		goto out;
	}
	yaml_event_delete(&ev);
	if (next_event(yt, &ev) < 0) {
		goto out;
	}
	root = build(yt, &ev, 1);
	if (!root) {
		goto out;
	}
	/* DOCUMENT-END, then STREAM-END: one document only */
	if (next_event(yt, &ev) < 0) {
		goto fail;
	}
	yaml_event_delete(&ev);
	if (next_event(yt, &ev) < 0) {
		goto fail;
	}
	if (ev.type != YAML_STREAM_END_EVENT) {
		diag_error(
		    yt->d, yt->file, (int)ev.start_mark.line + 1,
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
	yaml_parser_delete(&yt->parser);
	return root;
}

struct yn *yamltree_parse(const char *file, const char *text, size_t len,
			  struct pk_diag *d)
{
	struct yt yt;
	size_t bad;

	memset(&yt, 0, sizeof(yt));
	yt.file = file;
	yt.text = text;
	yt.len = len;
	yt.d = d;
	bad = utf8_invalid_at(text, len);
	if (bad < len) {
		int line, col;

		offset_pos(&yt, bad, &line, &col);
		diag_error(d, file, line, col,
			   "invalid UTF-8 (byte 0x%02X); a scenario must be "
			   "UTF-8 text",
			   (unsigned)(unsigned char)text[bad]);
		return NULL;
	}
	return tree_parse(&yt);
}

struct yn *yn_scalar_new(const char *text, size_t len)
{
	struct yn *n = xcalloc(1, sizeof(*n));

	n->kind = YN_SCALAR;
	n->text = xstrndup(text, len);
	n->len = len;
	n->plain = 1;
	return n;
}
