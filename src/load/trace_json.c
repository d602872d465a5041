/*
 * trace_json: records from a JSON array or JSON lines (jansson parses;
 * this file walks the result). A JSON array is parsed one record at a
 * time (JSON_DISABLE_EOF_CHECK reports how many bytes the record took),
 * so each record keeps its line and its byte span without a second
 * parser. Records are flattened into leaves, one per property at any
 * depth.
 */
#include "trace_int.h"

#include "json_words.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/decimal.h"
#include "pksim/base/mem.h"
#include "pksim/load/json_alloc.h"

/* Records are parsed by json_arena_parse (json_arena.h): jansson's
   memory from the loader's arena, integers as integers except past 64
   bits and -0 (parsed again as doubles); every number is kept as the
   double json_number_value gives, and a number that double does not
   keep (more than 15 significant digits: 9007199254740993 is the double
   9007199254740992) as its decimal text too (trace_number_texts), for
   Amazon DynamoDB, which keeps 38 digits and tells such keys apart */

/*
 * The path id of property name (len bytes) of the object whose path id is
 * parent (-1: the record itself), the record's L->memo_pos-th property
 * in the order flatten meets them. A name equal to the last such record's
 * at the same place, under the same parent, reuses its id: no path is
 * built or hashed (jansson keeps an object's keys in file order, so
 * records written by one program mostly hit). Else the path is built in
 * L->pbuf from the parent's and interned. -1 past the path limit.
 */
static long path_id(struct loader *L, long parent, const char *name, size_t len)
{
	struct pk_trace *t = L->t;
	size_t pos = L->memo_pos++;
	const struct pk_trace_path *pp;
	struct trace_key_memo *m;
	long id;

	if (pos < L->n_memo && L->memo[pos].parent == parent &&
	    L->memo[pos].len == len &&
	    memcmp(L->memo[pos].name, name, len) == 0) {
		return L->memo[pos].id;
	}
	L->plen = 0;
	if (parent >= 0) {
		pp = t->paths[parent];
		mem_grow((void **)&L->pbuf, &L->pcap, pp->len, 1);
		memcpy(L->pbuf, pp->path, pp->len);
		L->plen = pp->len;
	}
	trace_pbuf_push(L, name, len);
	id = trace_path_intern(t, L->pbuf, L->plen);
	if (id < 0 || pos > L->n_memo) {
		return id;
	}
	if (pos == L->n_memo) {
		mem_grow((void **)&L->memo, &L->memo_cap, pos + 1,
			 sizeof(*L->memo));
		L->n_memo++;
	} else {
		free(L->memo[pos].name);
	}
	m = &L->memo[pos];
	m->name = xmalloc(len ? len : 1);
	memcpy(m->name, name, len);
	m->len = len;
	m->parent = parent;
	m->id = id;
	return id;
}

/*
 * Add one leaf per property of obj (and of objects inside it), whose path
 * id is parent (-1: the record). Depth is bounded by jansson's parser
 * (2048 levels). Returns 0, or -1 when the file exceeds the leaf or path
 * limits.
 */
static int flatten(struct loader *L, json_t *obj, long parent)
{
	struct pk_trace *t = L->t;
	void *it;

	for (it = json_object_iter(obj); it;
	     it = json_object_iter_next(obj, it)) {
		json_t *v = json_object_iter_value(it);
		struct pk_trace_leaf *l;
		const char *str;
		size_t len;
		long id;
		int kind;

		id = path_id(L, parent, json_object_iter_key(it),
			     json_object_iter_key_len(it));
		switch (json_typeof(v)) {
		case JSON_OBJECT:
			kind = LEAF_OBJECT;
			break;
		case JSON_ARRAY:
			kind = LEAF_ARRAY;
			break;
		case JSON_STRING:
			kind = PK_VALUE_STRING;
			break;
		case JSON_INTEGER:
		case JSON_REAL:
			kind = PK_VALUE_NUMBER;
			break;
		case JSON_TRUE:
		case JSON_FALSE:
			kind = PK_VALUE_BOOL;
			break;
		default:
			kind = PK_VALUE_NULL;
			break;
		}
		l = id < 0 ? NULL : trace_leaf_add(t, id, kind);
		if (!l) {
			return -1;
		}
		if (kind == PK_VALUE_STRING) {
			str = json_string_value(v);
			len = json_string_length(v);
			if (len > UINT32_MAX) {
				return -1;
			}
			l->u.off = trace_pool_add(t, str, len);
			l->len = (uint32_t)len;
		} else if (kind == PK_VALUE_NUMBER) {
			l->u.num = json_number_value(v);
			mem_grow((void **)&L->num_leaves, &L->num_leaves_cap,
				 L->n_num_leaves + 1, sizeof(*L->num_leaves));
			L->num_leaves[L->n_num_leaves++] = t->n_leaves - 1;
		} else if (kind == PK_VALUE_BOOL) {
			l->u.boolean = json_is_true(v);
		} else if (kind == LEAF_OBJECT && flatten(L, v, id) < 0) {
			return -1;
		}
	}
	return 0;
}

/* Bytes of a token's text read to match it to a leaf by value: a
   longer one (its digits mostly zeros) is passed over */
#define NUM_TOKEN_MAX 512

/* The double of token tok of record text s, into *x; 0, or -1 for a
   token of NUM_TOKEN_MAX bytes or more */
static int token_double(const char *s, const struct trace_num_tok *tok,
			double *x)
{
	char text[NUM_TOKEN_MAX];

	if (tok->len >= sizeof(text)) {
		return -1;
	}
	memcpy(text, s + tok->off, tok->len);
	text[tok->len] = '\0';
	*x = strtod(text, NULL);
	return 0;
}

/* Give leaf k of L's trace the decimal text of token tok of record text
   s, when tok is its number (the same double) and that double does not
   keep tok's value (decimal_fits_double) */
static void number_text(struct loader *L, size_t k, const char *s,
			const struct trace_num_tok *tok)
{
	struct pk_trace_leaf *l = &L->t->leaves[k];
	char text[PK_DECIMAL_TEXT_MAX];
	struct pk_decimal d;
	size_t n;

	if (tok->digits <= PK_TRACE_DOUBLE_DIGITS || l->len != 0 ||
	    decimal_parse(s + tok->off, tok->len, &d) < 0 ||
	    decimal_fits_double(&d)) {
		return;
	}
	n = decimal_format(&d, text, sizeof(text));
	if (strtod(text, NULL) != l->u.num) {
		return; /* not this leaf's number */
	}
	l->u.off = trace_pool_add(L->t, text, n);
	l->len = (uint32_t)n;
}

void trace_number_texts(struct loader *L, const char *s)
{
	size_t i, j, from = 0;
	double x;

	if (L->n_num_leaves == L->n_toks) {
		/* flatten met the numbers in text order (jansson keeps an
		   object's members in file order; arrays hold no leaf) */
		for (i = 0; i < L->n_toks; i++) {
			number_text(L, L->num_leaves[i], s, &L->toks[i]);
		}
		return;
	}
	/* a repeated name dropped a number (jansson keeps the last value,
	   in the first one's place): each leaf takes the next token of its
	   double */
	for (i = 0; i < L->n_num_leaves; i++) {
		const struct pk_trace_leaf *l = &L->t->leaves[L->num_leaves[i]];

		for (j = from; j < L->n_toks; j++) {
			if (token_double(s, &L->toks[j], &x) == 0 &&
			    x == l->u.num) {
				number_text(L, L->num_leaves[i], s,
					    &L->toks[j]);
				from = j + 1;
				break;
			}
		}
	}
}

/*
 * A position moving forward through the text, counted as jansson counts:
 * line 1 column 0 at the start; '\n' starts a line at column 0; each
 * character adds 1, so col is the column of the last byte passed.
 */
struct cursor {
	size_t off;
	int line;
	int col;
};

static void cursor_to(struct cursor *c, const char *s, size_t off)
{
	for (; c->off < off; c->off++) {
		if (s[c->off] == '\n') {
			c->line++;
			c->col = 0;
		} else if (trace_starts_char((unsigned char)s[c->off])) {
			c->col++;
		}
	}
}

/*
 * Bytes of the JSON text s[0..len) without the white space between
 * tokens: the record's minified size. jansson has validated the text, so
 * tracking string literals (and their escapes) is all it takes.
 */
static size_t minified_bytes(const char *s, size_t len)
{
	size_t i, n = 0;
	int in_str = 0, esc = 0;

	/* machine-written records mostly have no white space at all */
	if (!memchr(s, ' ', len) && !memchr(s, '\n', len) &&
	    !memchr(s, '\t', len) && !memchr(s, '\r', len)) {
		return len;
	}
	for (i = 0; i < len; i++) {
		char c = s[i];

		if (in_str) {
			n++;
			if (esc) {
				esc = 0;
			} else if (c == '\\') {
				esc = 1;
			} else if (c == '"') {
				in_str = 0;
			}
		} else if (!trace_is_ws(c)) {
			n++;
			in_str = c == '"';
		}
	}
	return n;
}

static const char *json_type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "true/false";
	case JSON_NULL:
		return "null";
	default:
		return "an object";
	}
}

/* Note that the record being added (the next of L->t's) has a number
   of digits significant digits at offset off of its text s, which
   starts at line:col. */
static void wide_number(struct loader *L, const char *s, size_t off, int line,
			int col, int digits)
{
	struct pk_trace *t = L->t;
	struct cursor c = {0, line, col - 1};
	struct pk_trace_wide *w;

	cursor_to(&c, s, off);
	mem_grow((void **)&t->wide, &t->wide_cap, t->n_wide + 1,
		 sizeof(*t->wide));
	w = &t->wide[t->n_wide++];
	w->rec = t->n_recs;
	w->line = c.line;
	w->col = c.col + 1;
	w->digits = digits;
}

/*
 * Keep rec (jansson's parse of the text s[0..len), which starts at
 * line:col) as the next record. A non-object is an error (reading goes
 * on). Returns -1 when the file is past the module's limits (an error is
 * recorded).
 */
static int json_record(struct loader *L, json_t *rec, const char *s, size_t len,
		       int line, int col)
{
	size_t first = L->t->n_leaves;
	struct trace_ddb_nums nums;

	if (!json_is_object(rec)) {
		diag_error(L->d, L->t->path, line, col,
			   "a record must be a JSON object, not %s",
			   json_type_name(rec));
		return 0;
	}
	if (trace_ddb_json(rec)) {
		if (!L->ddb_json) {
			diag_error(L->d, L->t->path, line, col,
				   "this record is DynamoDB JSON (each "
				   "attribute a type map such as {\"S\": "
				   "\"...\"} or {\"N\": \"12\"}, as an export "
				   "to S3 or the AWS CLI writes it): a data "
				   "file holds plain JSON items, {\"pk\": "
				   "\"...\", \"n\": 12}; convert it first "
				   "(docs/dynamodb.md, \"DynamoDB JSON\")");
		}
		L->ddb_json = 1;
		return 0;
	}
	L->memo_pos = 0;
	L->n_num_leaves = 0;
	if (flatten(L, rec, -1) < 0) {
		diag_error(L->d, L->t->path, line, col,
			   "file too large: more than %u property values or "
			   "%u distinct paths",
			   (unsigned)UINT32_MAX, (unsigned)MAX_PATHS);
		return -1;
	}
	trace_ddb_numbers(s, len, &nums, L);
	if (nums.long_n > 0) {
		trace_number_texts(L, s);
	}
	if (nums.wide_off != SIZE_MAX) {
		wide_number(L, s, nums.wide_off, line, col, nums.wide_digits);
	}
	trace_rec_add(L->t, first, minified_bytes(s, len),
		      trace_ddb_item_bytes(rec, &nums), line, col);
	return trace_rec_done(L, line, col) ? -1 : 0;
}

/* The record at line, col could not be read for memory: a jansson
   allocation failed while it was parsed (json_alloc.h). jansson then
   says another error, or none, having cut a token short, so the record
   is neither bad input nor read: an environment error, exit 1. */
static void out_of_memory(struct loader *L, int line, int col)
{
	diag_env_error(L->d, L->t->path, line, col,
		       "out of memory reading this record");
}

/* --- JSON array ---------------------------------------------------------- */

/* Bytes read at least at a time from a file. */
#define WINDOW_CHUNK 65536

/*
 * The part of a JSON array held in memory: the whole text, or, when
 * reading L->f, the bytes from the current record on (those before it
 * are dropped as records are read, so the array is read as a stream).
 */
struct window {
	struct loader *L;
	const char *s; /* bytes [0, n) */
	size_t n;
	char *own; /* the buffer s points to when reading L->f */
	size_t cap;
	int eof;
};

/* Read more of L->f into w (at least as much as it holds, so a long
   record is parsed O(1) times over), up to upto bytes held in all; 0
   when there is no more. */
static int window_more(struct window *w, size_t upto)
{
	size_t want = w->n > WINDOW_CHUNK ? w->n : WINDOW_CHUNK, got;

	if (!w->L->f || w->eof || w->n >= upto) {
		return 0;
	}
	if (want > upto - w->n) {
		want = upto - w->n;
	}
	mem_grow((void **)&w->own, &w->cap, w->n + want, 1);
	w->s = w->own;
	errno = 0;
	got = fread(w->own + w->n, 1, want, w->L->f);
	w->n += got;
	w->L->t->read_bytes += got;
	if (got == 0) {
		w->eof = 1;
		if (ferror(w->L->f)) {
			w->L->read_err = errno ? errno : EIO;
		}
		return 0;
	}
	return 1;
}

/* The first offset >= pos that is not white space, reading more of the
   file as needed; w->n when there is none. */
static size_t window_skip_ws(struct window *w, size_t pos)
{
	for (;;) {
		pos = trace_skip_ws(w->s, w->n, pos);
		if (pos < w->n || !window_more(w, SIZE_MAX)) {
			return pos;
		}
	}
}

/*
 * jansson's parse of the record at w->s + pos. A parse that ends (or
 * fails) within the last 4 bytes held (a UTF-8 character is at most 4)
 * may have met the end of what was read rather than of the record: it is
 * tried again with more of the file. jansson is given at most
 * PK_TRACE_MAX_RECORD_BYTES + 1 bytes, and no more is read for a record
 * once that much is held: a parse that needs more sets *too_long (NULL
 * returned). *err as jansson sets it.
 */
static json_t *window_record(struct window *w, size_t pos, json_error_t *err,
			     int *too_long)
{
	const size_t max = (size_t)PK_TRACE_MAX_RECORD_BYTES + 1;
	json_t *rec;
	size_t give;

	*too_long = 0;
	for (;;) {
		give = w->n - pos < max ? w->n - pos : max;
		rec = json_arena_parse(&w->L->arena, w->s + pos, give,
				       JSON_DISABLE_EOF_CHECK, err);
		if (rec && (size_t)err->position > w->L->t->longest_rec) {
			w->L->t->longest_rec = (size_t)err->position;
		}
		if ((size_t)err->position + 4 < give) {
			return rec;
		}
		if (give == max) {
			if (rec) {
				return rec; /* an object ends at its '}' */
			}
			*too_long = 1;
			return NULL;
		}
		if (!window_more(w, pos + max)) {
			return rec;
		}
	}
}

void trace_parse_json_array(struct loader *L)
{
	struct window w = {L, L->s, L->n, NULL, 0, 0};
	size_t pos;
	struct cursor c = {L->start, 1, 0};
	json_error_t err;
	char words[JSON_ERROR_TEXT_LENGTH + 128];
	json_t *rec;
	unsigned long long failed;
	int line, col, rc, too_long;

	if (L->f) {
		/* the bytes trace_load read before settling the format */
		mem_grow((void **)&w.own, &w.cap, L->n + 1, 1);
		memcpy(w.own, L->s, L->n);
		w.s = w.own;
	}
	pos = window_skip_ws(&w, L->start);
	if (pos == w.n) {
		goto done; /* empty file: no records */
	}
	cursor_to(&c, w.s, pos);
	if (w.s[pos] != '[') {
		diag_error(L->d, L->t->path, c.line, c.col + 1,
			   "expected '[': a JSON array of item objects");
		goto done;
	}
	pos = window_skip_ws(&w, pos + 1);
	if (pos < w.n && w.s[pos] == ']') {
		pos++;
		goto tail;
	}
	for (;;) {
		cursor_to(&c, w.s, pos);
		if (w.own && pos >= WINDOW_CHUNK) {
			/* drop the records read: the cursor is at pos */
			memmove(w.own, w.own + pos, w.n - pos);
			w.n -= pos;
			c.off -= pos;
			pos = 0;
		}
		failed = json_alloc_failures();
		rec = window_record(&w, pos, &err, &too_long);
		if (json_alloc_failures() != failed) {
			out_of_memory(L, c.line, c.col + 1);
			goto done;
		}
		if (too_long) {
			trace_too_long(L, "this record", c.line, c.col + 1);
			goto done;
		}
		if (!rec) {
			/* jansson counts from the record: shift to the file */
			line = c.line + err.line - 1;
			col = err.line == 1 ? c.col + err.column : err.column;
			diag_error(L->d, L->t->path, line, col, "%s",
				   json_words(&err, "a JSON data file", words,
					      sizeof(words)));
			goto done;
		}
		rc = json_record(L, rec, w.s + pos, (size_t)err.position,
				 c.line, c.col + 1);
		if (rc < 0 || trace_too_many_errors(L) || trace_full(L)) {
			goto done;
		}
		pos = window_skip_ws(&w, pos + (size_t)err.position);
		if (pos < w.n && w.s[pos] == ',') {
			pos = window_skip_ws(&w, pos + 1);
			continue;
		}
		if (pos < w.n && w.s[pos] == ']') {
			pos++;
			break;
		}
		cursor_to(&c, w.s, pos);
		diag_error(L->d, L->t->path, c.line, c.col + 1,
			   pos == w.n ? "premature end of input: "
					"',' or ']' expected"
				      : "',' or ']' expected after a record");
		goto done;
	}
tail:
	pos = window_skip_ws(&w, pos);
	if (pos < w.n) {
		cursor_to(&c, w.s, pos);
		diag_error(L->d, L->t->path, c.line, c.col + 1,
			   "end of file expected after the array");
	}
done:
	free(w.own);
}

/* --- JSON lines ---------------------------------------------------------- */

void trace_parse_json_lines(struct loader *L)
{
	const char *s;
	size_t len, le, c0;
	unsigned long long failed;
	json_error_t err;
	char words[JSON_ERROR_TEXT_LENGTH + 128];
	json_t *rec;
	int line, rc;

	for (line = 1; trace_next_line(L, &s, &len); line++) {
		le = len > 0 && s[len - 1] == '\n' ? len - 1 : len;
		c0 = trace_skip_ws(s, le, 0);
		if (c0 == le) {
			continue; /* blank line */
		}
		if (le > L->t->longest_rec) {
			L->t->longest_rec = le;
		}
		failed = json_alloc_failures();
		rec = json_arena_parse(&L->arena, s, le, 0, &err);
		if (json_alloc_failures() != failed) {
			out_of_memory(L, line, (int)c0 + 1);
			return;
		}
		if (!rec) {
			diag_error(L->d, L->t->path, line + err.line - 1,
				   err.column, "%s",
				   json_words(&err, "a JSON-lines data file",
					      words, sizeof(words)));
			if (trace_too_many_errors(L)) {
				return;
			}
			continue;
		}
		rc = json_record(L, rec, s + c0, le - c0, line, (int)c0 + 1);
		if (rc < 0 || trace_too_many_errors(L) || trace_full(L)) {
			return;
		}
	}
}

/* --- one JSON object as an item ------------------------------------------ */

/* The value at path ("/a/b") in a JSON object: NULL when missing. */
static json_t *json_at(json_t *obj, const char *path)
{
	char seg[PK_VALUE_MAX_BYTES];
	const char *p = path;

	while (*p == '/' && obj) {
		const char *e = strchr(p + 1, '/');
		size_t n = e ? (size_t)(e - p - 1) : strlen(p + 1);

		if (n >= sizeof(seg) || !json_is_object(obj)) {
			return NULL;
		}
		memcpy(seg, p + 1, n);
		seg[n] = '\0';
		obj = json_object_get(obj, seg);
		p += n + 1;
	}
	return obj;
}

int trace_json_value(const void *obj, const char *path, struct pk_value *out,
		     char *buf, size_t cap)
{
	json_t *v = json_at((json_t *)obj, path);

	memset(out, 0, sizeof(*out));
	if (!v) {
		out->type = PK_VALUE_UNDEFINED;
	} else if (json_is_string(v)) {
		out->type = PK_VALUE_STRING;
		out->len =
		    json_string_length(v) < cap ? json_string_length(v) : cap;
		memcpy(buf, json_string_value(v), out->len);
		out->str = buf;
	} else if (json_is_number(v)) {
		out->type = PK_VALUE_NUMBER;
		out->num = json_number_value(v);
	} else if (json_is_boolean(v)) {
		out->type = PK_VALUE_BOOL;
		out->boolean = json_is_true(v);
	} else if (json_is_null(v)) {
		out->type = PK_VALUE_NULL;
	} else {
		return -1; /* an object or array is not a key value */
	}
	return 0;
}
