/*
 * trace: items from JSON, JSON lines and CSV data files.
 *
 * jansson parses JSON and libcsv parses CSV; this file only walks their
 * results. A JSON array is parsed one record at a time (jansson with
 * JSON_DISABLE_EOF_CHECK reports how many bytes the record took), so each
 * record keeps its line and its byte span without a second parser.
 * Records are flattened into leaves (one per property, any depth) over
 * one string pool; paths are interned once, so a lookup is one hash of
 * the path and a short scan of the record's leaves.
 */
#include "pksim/base/isotime.h"
#include "pksim/load/trace.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"

/* Leaf kinds beyond the scalar enum pk_value_type (0..4). */
#define LEAF_OBJECT 5
#define LEAF_ARRAY 6

/* jansson flags for every record: integers become doubles (a key value is
   a double in pk_value, and 2^63 would otherwise be a parse error) */
#define JSON_FLAGS JSON_DECODE_INT_AS_REAL

/* Path ids live in a 29-bit field of a leaf. */
#define MAX_PATHS (1u << 29)

/* Longest string trace_time_ms tries to read as a time: ISO 8601 with a
   nanosecond fraction and an offset is 35 bytes. */
#define TIME_TEXT_MAX 64

/* Epoch seconds beyond this (about 3 million years) are out of range:
   their milliseconds would no longer be exact in a double. */
#define MAX_EPOCH_S 1e14

struct pk_trace_path {
	char *path;  /* owned; "/address/city", names escaped (RFC 6901) */
	size_t len;  /* bytes of path */
	uint32_t id; /* index in pk_trace.paths */
	UT_hash_handle hh; /* in pk_trace.path_hash, keyed by path */
};

struct pk_trace_leaf {
	unsigned path_id : 29; /* index in pk_trace.paths, < n_paths */
	unsigned kind : 3;     /* enum pk_value_type (never UNDEFINED), or
				  LEAF_OBJECT / LEAF_ARRAY */
	uint32_t len;	       /* STRING: bytes in the pool */
	union {
		double num;   /* NUMBER */
		uint64_t off; /* STRING: offset in pk_trace.pool */
		int boolean;  /* BOOL: 0 or 1 */
	} u;
};

/* DESIGN.md budgets bytes per item: keep a leaf at 16 bytes. */
_Static_assert(sizeof(struct pk_trace_leaf) == 16, "leaf grew");

struct pk_trace_rec {
	uint32_t first_leaf; /* leaves [first_leaf, next record's) */
	uint32_t size_bytes; /* serialized size, see trace.h */
	int line;	     /* 1-based source line of the record */
};

struct pk_trace {
	char *path;		   /* owned; the file, for diagnostics */
	enum pk_trace_format fmt;  /* never AUTO */
	struct pk_trace_rec *recs; /* n_recs records in file order */
	size_t n_recs, recs_cap;
	struct pk_trace_leaf *leaves; /* n_leaves, by record */
	size_t n_leaves, leaves_cap;
	char *pool; /* string bytes, not NUL-separated */
	size_t pool_len, pool_cap;
	struct pk_trace_path *path_hash; /* owns the path entries */
	struct pk_trace_path **paths;	 /* by id, n_paths, borrowed */
	size_t n_paths, paths_cap;
};

/* State of one load: the text, the trace being built, the diagnostics. */
struct loader {
	struct pk_trace *t;
	struct pk_diag *d;
	const char *s; /* the text */
	size_t n;      /* its length in bytes */
	size_t start;  /* offset after a byte order mark */
	size_t e0;     /* diag_count(d) before the load */
	char *pbuf;    /* path being built while flattening */
	size_t plen, pcap;
};

/* --- building ----------------------------------------------------------- */

static int too_many_errors(const struct loader *L)
{
	return diag_count(L->d) - L->e0 >= PK_DIAG_MAX_ERRORS;
}

static uint64_t pool_add(struct pk_trace *t, const char *s, size_t len)
{
	uint64_t off = t->pool_len;

	/* one spare byte: the pool exists once anything was added, even an
	   empty string, so pool + off is always a valid pointer */
	mem_grow((void **)&t->pool, &t->pool_cap, t->pool_len + len + 1, 1);
	if (len == 0) {
		return off;
	}
	memcpy(t->pool + t->pool_len, s, len);
	t->pool_len += len;
	return off;
}

static struct pk_trace_path *path_find(const struct pk_trace *t, const char *p,
				       size_t len)
{
	struct pk_trace_path *e = NULL;

	HASH_FIND(hh, t->path_hash, p, len, e);
	return e;
}

/* The id of path p (len bytes), added if new; -1 past MAX_PATHS. */
static long path_intern(struct pk_trace *t, const char *p, size_t len)
{
	struct pk_trace_path *e = path_find(t, p, len);

	if (e) {
		return e->id;
	}
	if (t->n_paths >= MAX_PATHS) {
		return -1;
	}
	e = xcalloc(1, sizeof(*e));
	e->path = xstrndup(p, len);
	e->len = len;
	e->id = (uint32_t)t->n_paths;
	HASH_ADD_KEYPTR(hh, t->path_hash, e->path, e->len, e);
	mem_grow((void **)&t->paths, &t->paths_cap, t->n_paths + 1,
		 sizeof(*t->paths));
	t->paths[t->n_paths++] = e;
	return e->id;
}

/* A new leaf for path id, or NULL past UINT32_MAX leaves. */
static struct pk_trace_leaf *leaf_add(struct pk_trace *t, long id, int kind)
{
	struct pk_trace_leaf *l;

	if (t->n_leaves >= UINT32_MAX) {
		return NULL;
	}
	mem_grow((void **)&t->leaves, &t->leaves_cap, t->n_leaves + 1,
		 sizeof(*t->leaves));
	l = &t->leaves[t->n_leaves++];
	memset(l, 0, sizeof(*l));
	l->path_id = (unsigned)id;
	l->kind = (unsigned)kind;
	return l;
}

static void rec_add(struct pk_trace *t, size_t first_leaf, size_t size_bytes,
		    int line)
{
	struct pk_trace_rec *r;

	mem_grow((void **)&t->recs, &t->recs_cap, t->n_recs + 1,
		 sizeof(*t->recs));
	r = &t->recs[t->n_recs++];
	r->first_leaf = (uint32_t)first_leaf;
	r->size_bytes =
	    size_bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)size_bytes;
	r->line = line;
}

static void pbuf_put(struct loader *L, char c)
{
	mem_grow((void **)&L->pbuf, &L->pcap, L->plen + 1, 1);
	L->pbuf[L->plen++] = c;
}

/* Append "/" and name to the path being built, escaped as RFC 6901. */
static void pbuf_push(struct loader *L, const char *name, size_t len)
{
	size_t i;

	pbuf_put(L, '/');
	for (i = 0; i < len; i++) {
		if (name[i] == '~') {
			pbuf_put(L, '~');
			pbuf_put(L, '0');
		} else if (name[i] == '/') {
			pbuf_put(L, '~');
			pbuf_put(L, '1');
		} else {
			pbuf_put(L, name[i]);
		}
	}
}

/*
 * Add one leaf per property of obj (and of objects inside it) under the
 * path in L->pbuf. Depth is bounded by jansson's parser (2048 levels).
 * Returns 0, or -1 when the file exceeds the leaf or path limits.
 */
static int flatten(struct loader *L, json_t *obj)
{
	struct pk_trace *t = L->t;
	size_t base = L->plen;
	void *it;

	for (it = json_object_iter(obj); it;
	     it = json_object_iter_next(obj, it)) {
		json_t *v = json_object_iter_value(it);
		struct pk_trace_leaf *l;
		const char *str;
		size_t len;
		long id;
		int kind;

		L->plen = base;
		pbuf_push(L, json_object_iter_key(it),
			  json_object_iter_key_len(it));
		id = path_intern(t, L->pbuf, L->plen);
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
		l = id < 0 ? NULL : leaf_add(t, id, kind);
		if (!l) {
			return -1;
		}
		if (kind == PK_VALUE_STRING) {
			str = json_string_value(v);
			len = json_string_length(v);
			if (len > UINT32_MAX) {
				return -1;
			}
			l->u.off = pool_add(t, str, len);
			l->len = (uint32_t)len;
		} else if (kind == PK_VALUE_NUMBER) {
			l->u.num = json_number_value(v);
		} else if (kind == PK_VALUE_BOOL) {
			l->u.boolean = json_is_true(v);
		} else if (kind == LEAF_OBJECT && flatten(L, v) < 0) {
			return -1;
		}
	}
	L->plen = base;
	return 0;
}

/* --- positions and sizes ------------------------------------------------ */

/* White space as JSON defines it (RFC 8259), which jansson also skips. */
static int is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_ws(const char *s, size_t n, size_t pos)
{
	while (pos < n && is_ws(s[pos])) {
		pos++;
	}
	return pos;
}

/* 1 if byte c starts a character: jansson's utf8_check_first, which is
   how jansson counts columns (in characters, not bytes). */
static int starts_char(unsigned char c)
{
	return c < 0x80 || (c >= 0xc2 && c <= 0xf4);
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
		} else if (starts_char((unsigned char)s[c->off])) {
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
		} else if (!is_ws(c)) {
			n++;
			in_str = c == '"';
		}
	}
	return n;
}

/* Bytes of s as a JSON string literal, quotes included, escaped as
   jansson's dump escapes (short forms for \b \f \n \r \t). */
static size_t json_string_bytes(const char *s, size_t len)
{
	size_t i, n = 2;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\' || c == '\b' || c == '\f' ||
		    c == '\n' || c == '\r' || c == '\t') {
			n += 2;
		} else if (c < 0x20) {
			n += 6; /* \u00XX */
		} else {
			n++;
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

/*
 * Keep rec (jansson's parse of the text s[0..len), at line:col) as the
 * next record. A non-object is an error (reading goes on). Returns -1
 * when the file is past the module's limits (an error is recorded).
 */
static int json_record(struct loader *L, json_t *rec, const char *s, size_t len,
		       int line, int col)
{
	size_t first = L->t->n_leaves;

	if (!json_is_object(rec)) {
		diag_error(L->d, L->t->path, line, col,
			   "a record must be a JSON object, not %s",
			   json_type_name(rec));
		return 0;
	}
	L->plen = 0;
	if (flatten(L, rec) < 0) {
		diag_error(L->d, L->t->path, line, col,
			   "file too large: more than %u property values or "
			   "%u distinct paths",
			   (unsigned)UINT32_MAX, (unsigned)MAX_PATHS);
		return -1;
	}
	rec_add(L->t, first, minified_bytes(s, len), line);
	return 0;
}

/* --- JSON array ---------------------------------------------------------- */

static void parse_json_array(struct loader *L)
{
	const char *s = L->s;
	size_t n = L->n, pos = skip_ws(s, n, L->start);
	struct cursor c = {L->start, 1, 0};
	json_error_t err;
	json_t *rec;
	int line, col, rc;

	if (pos == n) {
		return; /* empty file: no records */
	}
	cursor_to(&c, s, pos);
	if (s[pos] != '[') {
		diag_error(L->d, L->t->path, c.line, c.col + 1,
			   "expected '[': a JSON array of item objects");
		return;
	}
	pos = skip_ws(s, n, pos + 1);
	if (pos < n && s[pos] == ']') {
		pos++;
		goto tail;
	}
	for (;;) {
		cursor_to(&c, s, pos);
		rec = json_loadb(s + pos, n - pos,
				 JSON_FLAGS | JSON_DISABLE_EOF_CHECK, &err);
		if (!rec) {
			/* jansson counts from s + pos: shift to the file */
			line = c.line + err.line - 1;
			col = err.line == 1 ? c.col + err.column : err.column;
			diag_error(L->d, L->t->path, line, col, "%s", err.text);
			return;
		}
		rc = json_record(L, rec, s + pos, (size_t)err.position, c.line,
				 c.col + 1);
		json_decref(rec);
		if (rc < 0 || too_many_errors(L)) {
			return;
		}
		pos = skip_ws(s, n, pos + (size_t)err.position);
		if (pos < n && s[pos] == ',') {
			pos = skip_ws(s, n, pos + 1);
			continue;
		}
		if (pos < n && s[pos] == ']') {
			pos++;
			break;
		}
		cursor_to(&c, s, pos);
		diag_error(L->d, L->t->path, c.line, c.col + 1,
			   pos == n ? "premature end of input: "
				      "',' or ']' expected"
				    : "',' or ']' expected after a record");
		return;
	}
tail:
	pos = skip_ws(s, n, pos);
	if (pos < n) {
		cursor_to(&c, s, pos);
		diag_error(L->d, L->t->path, c.line, c.col + 1,
			   "end of file expected after the array");
	}
}

/* --- JSON lines ---------------------------------------------------------- */

static void parse_json_lines(struct loader *L)
{
	const char *s = L->s;
	size_t n = L->n, ls = L->start, le;
	const char *nl;
	json_error_t err;
	json_t *rec;
	int line = 1, rc;

	for (; ls < n; ls = le + 1, line++) {
		nl = memchr(s + ls, '\n', n - ls);
		le = nl ? (size_t)(nl - s) : n;
		if (skip_ws(s, le, ls) == le) {
			continue; /* blank line */
		}
		rec = json_loadb(s + ls, le - ls, JSON_FLAGS, &err);
		if (!rec) {
			diag_error(L->d, L->t->path, line + err.line - 1,
				   err.column, "%s", err.text);
			if (too_many_errors(L)) {
				return;
			}
			continue;
		}
		rc = json_record(L, rec, s + ls, le - ls, line,
				 (int)(skip_ws(s, le, ls) - ls) + 1);
		json_decref(rec);
		if (rc < 0 || too_many_errors(L)) {
			return;
		}
	}
}

/* --- CSV ----------------------------------------------------------------- */

struct csv_field {
	uint64_t off; /* in the pool */
	size_t len;   /* bytes */
};

struct csv_state {
	struct loader *L;
	int line;	     /* line being fed to libcsv */
	int row_line;	     /* line where the current row started */
	struct csv_field *f; /* fields of the current row */
	size_t nf, f_cap;
	size_t row_mark; /* pool length before the current row */
	int have_header;
	long *col_id;	   /* path id per column */
	size_t *col_bytes; /* "name": per column, in bytes */
	size_t n_cols;
	int stop; /* limits reached: ignore the rest */
};

static void csv_on_field(void *s, size_t len, void *data)
{
	struct csv_state *st = data;
	struct pk_trace *t = st->L->t;

	if (st->stop) {
		return;
	}
	if (st->nf == 0) {
		st->row_mark = t->pool_len;
	}
	mem_grow((void **)&st->f, &st->f_cap, st->nf + 1, sizeof(*st->f));
	/* libcsv may pass NULL for an empty field */
	st->f[st->nf].off = pool_add(t, s ? s : "", s ? len : 0);
	st->f[st->nf].len = s ? len : 0;
	st->nf++;
}

static void csv_header(struct csv_state *st, int line)
{
	struct loader *L = st->L;
	const char *name;
	size_t j;
	long id;

	st->have_header = 1;
	st->n_cols = st->nf;
	st->col_id = xcalloc(st->nf, sizeof(*st->col_id));
	st->col_bytes = xcalloc(st->nf, sizeof(*st->col_bytes));
	for (j = 0; j < st->nf; j++) {
		name = L->t->pool + st->f[j].off;
		L->plen = 0;
		pbuf_push(L, name, st->f[j].len);
		id = path_intern(L->t, L->pbuf, L->plen);
		if ((size_t)id != j) {
			/* the trace held no paths before the header */
			diag_error(L->d, L->t->path, line, 0,
				   "duplicate column name \"%.*s\"",
				   (int)st->f[j].len, name);
		}
		st->col_id[j] = id;
		st->col_bytes[j] = json_string_bytes(name, st->f[j].len) + 1;
	}
	/* the names live on as paths; the pool is for values */
	st->L->t->pool_len = st->row_mark;
}

static void csv_on_row(int c, void *data)
{
	struct csv_state *st = data;
	struct loader *L = st->L;
	struct pk_trace *t = L->t;
	size_t j, first, size;
	struct pk_trace_leaf *l;
	int row_line = st->row_line;

	/* every row ends with the '\n' that ends the chunk fed (or at EOF,
	   c == -1), so the next row starts on the next line */
	st->row_line = st->line + 1;
	if (st->stop || st->nf == 0) {
		return; /* blank line (CSV_REPALL_NL reports those too) */
	}
	if (!st->have_header) {
		csv_header(st, row_line);
		st->nf = 0;
		return;
	}
	if (st->nf != st->n_cols) {
		diag_error(L->d, t->path, row_line, 0,
			   "row has %zu fields, the header has %zu", st->nf,
			   st->n_cols);
		t->pool_len = st->row_mark;
		st->nf = 0;
		st->stop = too_many_errors(L);
		return;
	}
	first = t->n_leaves;
	size = 2 + (st->nf - 1); /* braces and commas */
	for (j = 0; j < st->nf; j++) {
		l = leaf_add(t, st->col_id[j], PK_VALUE_STRING);
		if (!l || st->f[j].len > UINT32_MAX) {
			diag_error(L->d, t->path, row_line, 0,
				   "file too large: more than %u values",
				   (unsigned)UINT32_MAX);
			st->stop = 1;
			return;
		}
		l->u.off = st->f[j].off;
		l->len = (uint32_t)st->f[j].len;
		size += st->col_bytes[j] +
			json_string_bytes(t->pool + st->f[j].off, st->f[j].len);
	}
	rec_add(t, first, size, row_line);
	st->nf = 0;
}

/* libcsv's allocator hooks: out of memory is fatal, as everywhere. */
static void *csv_xrealloc(void *p, size_t n)
{
	return xreallocarray(p, n ? n : 1, 1);
}

static void parse_csv(struct loader *L)
{
	struct csv_state st;
	struct csv_parser p;
	const char *s = L->s, *nl;
	size_t n = L->n, ls = L->start, le, got, k;
	int col;

	memset(&st, 0, sizeof(st));
	st.L = L;
	st.line = 1;
	st.row_line = 1;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL) != 0) {
		PK_BUG("csv_init failed");
	}
	csv_set_realloc_func(&p, csv_xrealloc);
	csv_set_free_func(&p, free);
	/* fed one line at a time, so that rows know their line */
	for (; ls < n && !st.stop; ls = le, st.line++) {
		nl = memchr(s + ls, '\n', n - ls);
		le = nl ? (size_t)(nl - s) + 1 : n;
		got = csv_parse(&p, s + ls, le - ls, csv_on_field, csv_on_row,
				&st);
		if (got != le - ls) {
			/* libcsv returns the offset of the offending byte */
			for (col = 0, k = ls; k <= ls + got && k < le; k++) {
				col += starts_char((unsigned char)s[k]);
			}
			diag_error(L->d, L->t->path, st.line, col,
				   "bad CSV quoting: %s",
				   csv_strerror(csv_error(&p)));
			diag_note(L->d, "a field with quotes must be quoted "
					"as a whole, and its quotes doubled");
			st.stop = 1;
		}
	}
	if (!st.stop && csv_fini(&p, csv_on_field, csv_on_row, &st) != 0) {
		diag_error(L->d, L->t->path, st.row_line, 0,
			   "unterminated quoted field");
	}
	csv_free(&p);
	free(st.f);
	free(st.col_id);
	free(st.col_bytes);
}

/* --- loading ------------------------------------------------------------- */

static enum pk_trace_format detect(const char *s, size_t n, size_t start)
{
	size_t pos = skip_ws(s, n, start);

	if (pos == n || s[pos] == '[') {
		return PK_TRACE_FORMAT_JSON;
	}
	return s[pos] == '{' ? PK_TRACE_FORMAT_JSONL : PK_TRACE_FORMAT_CSV;
}

struct pk_trace *trace_parse(const char *path, const char *text, size_t len,
			     enum pk_trace_format fmt, struct pk_diag *d)
{
	struct loader L;
	struct pk_trace *t = xcalloc(1, sizeof(*t));

	memset(&L, 0, sizeof(L));
	L.t = t;
	L.d = d;
	L.s = text ? text : "";
	L.n = text ? len : 0;
	L.e0 = diag_count(d);
	if (L.n >= 3 && memcmp(L.s, "\xef\xbb\xbf", 3) == 0) {
		L.start = 3;
	}
	t->path = xstrdup(path);
	t->fmt = fmt == PK_TRACE_FORMAT_AUTO ? detect(L.s, L.n, L.start) : fmt;
	switch (t->fmt) {
	case PK_TRACE_FORMAT_JSON:
		parse_json_array(&L);
		break;
	case PK_TRACE_FORMAT_JSONL:
		parse_json_lines(&L);
		break;
	case PK_TRACE_FORMAT_CSV:
		parse_csv(&L);
		break;
	default:
		PK_BUG("unknown trace format %d", (int)fmt);
	}
	free(L.pbuf);
	if (diag_count(d) != L.e0) {
		trace_free(t);
		return NULL;
	}
	return t;
}

struct pk_trace *trace_load(const char *path, enum pk_trace_format fmt,
			    struct pk_diag *d)
{
	FILE *f = fopen(path, "rb");
	struct pk_trace *t;
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		diag_file_error(d, path, "cannot open", errno);
		return NULL;
	}
	for (;;) {
		mem_grow((void **)&buf, &cap, n + 65536, 1);
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			break;
		}
	}
	/* a directory opens, and its first read fails with EISDIR */
	if (ferror(f)) {
		diag_file_error(d, path, "cannot read", errno);
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	t = trace_parse(path, buf, n, fmt, d);
	free(buf);
	return t;
}

void trace_free(struct pk_trace *t)
{
	struct pk_trace_path *e, *tmp;

	if (!t) {
		return;
	}
	HASH_ITER(hh, t->path_hash, e, tmp)
	{
		HASH_DEL(t->path_hash, e);
		free(e->path);
		free(e);
	}
	free(t->paths);
	free(t->recs);
	free(t->leaves);
	free(t->pool);
	free(t->path);
	free(t);
}

int trace_format_parse(const char *name, enum pk_trace_format *fmt)
{
	static const struct {
		const char *name;
		enum pk_trace_format fmt;
	} names[] = {
	    {"auto", PK_TRACE_FORMAT_AUTO},   {"json", PK_TRACE_FORMAT_JSON},
	    {"jsonl", PK_TRACE_FORMAT_JSONL}, {"ndjson", PK_TRACE_FORMAT_JSONL},
	    {"csv", PK_TRACE_FORMAT_CSV},
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i].name) == 0) {
			*fmt = names[i].fmt;
			return 0;
		}
	}
	return -1;
}

/* --- queries ------------------------------------------------------------- */

enum pk_trace_format trace_format(const struct pk_trace *t)
{
	return t->fmt;
}

size_t trace_count(const struct pk_trace *t)
{
	return t->n_recs;
}

static const struct pk_trace_rec *rec_at(const struct pk_trace *t, size_t i)
{
	if (i >= t->n_recs) {
		PK_BUG("trace record %zu of %zu", i, t->n_recs);
	}
	return &t->recs[i];
}

uint32_t trace_size_bytes(const struct pk_trace *t, size_t i)
{
	return rec_at(t, i)->size_bytes;
}

int trace_line(const struct pk_trace *t, size_t i)
{
	return rec_at(t, i)->line;
}

/* The leaf of record i at path (with or without its leading '/'), or
   NULL when the record has none. */
static const struct pk_trace_leaf *leaf_at(const struct pk_trace *t, size_t i,
					   const char *path)
{
	const struct pk_trace_rec *r = rec_at(t, i);
	size_t k, end, len = strlen(path);
	const struct pk_trace_path *e;
	char local[256], *tmp;

	if (path[0] == '/') {
		e = path_find(t, path, len);
	} else if (len + 2 <= sizeof(local)) {
		local[0] = '/';
		memcpy(local + 1, path, len + 1);
		e = path_find(t, local, len + 1);
	} else {
		tmp = xasprintf("/%s", path);
		e = path_find(t, tmp, len + 1);
		free(tmp);
	}
	if (!e) {
		return NULL;
	}
	end = i + 1 < t->n_recs ? t->recs[i + 1].first_leaf : t->n_leaves;
	for (k = r->first_leaf; k < end; k++) {
		if (t->leaves[k].path_id == e->id) {
			return &t->leaves[k];
		}
	}
	return NULL;
}

int trace_value(const struct pk_trace *t, size_t i, const char *path,
		struct pk_value *out, char *buf, size_t cap)
{
	const struct pk_trace_leaf *l = leaf_at(t, i, path);

	memset(out, 0, sizeof(*out));
	out->type = PK_VALUE_UNDEFINED;
	if (!l) {
		return PK_TRACE_OK;
	}
	switch (l->kind) {
	case LEAF_OBJECT:
	case LEAF_ARRAY:
		return PK_TRACE_NOT_SCALAR;
	case PK_VALUE_STRING:
		if (buf && (size_t)l->len >= cap) {
			out->len = l->len;
			return PK_TRACE_TOO_LONG;
		}
		if (buf) {
			memcpy(buf, t->pool + l->u.off, l->len);
			buf[l->len] = '\0';
			out->str = buf;
		} else {
			out->str = t->pool + l->u.off;
		}
		out->len = l->len;
		break;
	case PK_VALUE_NUMBER:
		out->num = l->u.num;
		break;
	case PK_VALUE_BOOL:
		out->boolean = l->u.boolean;
		break;
	default:
		break;
	}
	out->type = (enum pk_value_type)l->kind;
	return PK_TRACE_OK;
}

/* --- time ---------------------------------------------------------------- */

/* A plain decimal number (no inf, nan or hex, which strtod would take)
   in s[0..len) -> *x; 0, or -1. */
static int decimal_number(const char *s, size_t len, double *x)
{
	char tmp[TIME_TEXT_MAX + 1], *end;
	size_t i;
	int digits = 0;

	if (len == 0 || len > TIME_TEXT_MAX) {
		return -1;
	}
	for (i = 0; i < len; i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			digits++;
		} else if (!strchr("+-.eE", s[i]) || s[i] == '\0') {
			return -1;
		}
	}
	if (!digits) {
		return -1;
	}
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	errno = 0;
	*x = strtod(tmp, &end);
	return *end == '\0' && errno == 0 ? 0 : -1;
}

static int epoch_s_to_ms(double s, int64_t *t_ms)
{
	if (!isfinite(s) || fabs(s) > MAX_EPOCH_S) {
		return -1;
	}
	*t_ms = (int64_t)llround(s * (double)PK_MS_PER_S);
	return 0;
}

int trace_time_ms(const struct pk_trace *t, size_t i, const char *field,
		  int64_t *t_ms, struct pk_diag *d)
{
	const struct pk_trace_leaf *l = leaf_at(t, i, field);
	int line = trace_line(t, i);
	const char *slash = field[0] == '/' ? "" : "/";
	const char *str;
	double x;

	if (!l) {
		diag_error(d, t->path, line, 0,
			   "record %zu has no time field \"%s%s\"", i + 1,
			   slash, field);
		return -1;
	}
	if (l->kind == PK_VALUE_NUMBER) {
		if (epoch_s_to_ms(l->u.num, t_ms) < 0) {
			diag_error(d, t->path, line, 0,
				   "time field \"%s%s\": %g epoch seconds is "
				   "out of range",
				   slash, field, l->u.num);
			return -1;
		}
		return 0;
	}
	if (l->kind != PK_VALUE_STRING) {
		diag_error(d, t->path, line, 0,
			   "time field \"%s%s\" must be a number (epoch "
			   "seconds) or an ISO 8601 string",
			   slash, field);
		return -1;
	}
	str = t->pool + l->u.off;
	if (decimal_number(str, l->len, &x) == 0) {
		if (epoch_s_to_ms(x, t_ms) == 0) {
			return 0;
		}
	} else if (isotime_parse_ms(str, l->len, t_ms) == 0) {
		return 0;
	}
	diag_error(d, t->path, line, 0,
		   "time field \"%s%s\": \"%.*s\" is neither epoch seconds "
		   "nor an ISO 8601 date-time",
		   slash, field,
		   l->len > TIME_TEXT_MAX ? TIME_TEXT_MAX : (int)l->len, str);
	diag_note(d, "expected e.g. 1594598700 or 2020-07-13T00:05:00Z");
	return -1;
}

int trace_check(const struct pk_trace *t)
{
	size_t i, k;
	const struct pk_trace_leaf *l;

	if (t->fmt == PK_TRACE_FORMAT_AUTO) {
		PK_BUG("trace format not resolved");
	}
	for (i = 0; i < t->n_recs; i++) {
		if (t->recs[i].first_leaf > t->n_leaves ||
		    (i > 0 &&
		     t->recs[i].first_leaf < t->recs[i - 1].first_leaf)) {
			PK_BUG("trace record %zu: leaves out of order", i);
		}
	}
	if (t->n_recs == 0 && t->n_leaves != 0) {
		PK_BUG("trace: leaves without records");
	}
	for (k = 0; k < t->n_leaves; k++) {
		l = &t->leaves[k];
		if (l->path_id >= t->n_paths) {
			PK_BUG("trace leaf %zu: path id %u", k,
			       (unsigned)l->path_id);
		}
		if (l->kind == PK_VALUE_UNDEFINED || l->kind > LEAF_ARRAY) {
			PK_BUG("trace leaf %zu: kind %u", k, (unsigned)l->kind);
		}
		if (l->kind == PK_VALUE_STRING &&
		    (l->u.off > t->pool_len ||
		     l->len > t->pool_len - l->u.off)) {
			PK_BUG("trace leaf %zu: string outside the pool", k);
		}
	}
	for (k = 0; k < t->n_paths; k++) {
		if (t->paths[k]->id != k) {
			PK_BUG("trace path %zu has id %u", k,
			       (unsigned)t->paths[k]->id);
		}
	}
	return 0;
}
