/*
 * trace_csv: records from CSV with a header row (libcsv parses; this file
 * turns each row into string leaves and sizes it as the compact JSON
 * object it stands for).
 */
#include "trace_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "pksim/base/mem.h"
#include "pksim/base/utf8.h"

/* --- CSV ----------------------------------------------------------------- */

/* Bytes libcsv's field buffer grows by (csv_set_blk_size): 64 KiB. */
#define CSV_FIELD_STEP 65536

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
	size_t *col_name;  /* its name's bytes as read */
	size_t n_cols;
	int stop;	  /* limits reached: ignore the rest */
	int row_ended;	  /* a row ended in the line just fed */
	size_t row_bytes; /* bytes fed since the last row ended */
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
	st->f[st->nf].off = trace_pool_add(t, s ? s : "", s ? len : 0);
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
	st->col_name = xcalloc(st->nf, sizeof(*st->col_name));
	for (j = 0; j < st->nf; j++) {
		name = L->t->pool + st->f[j].off;
		L->plen = 0;
		trace_pbuf_push(L, name, st->f[j].len);
		id = trace_path_intern(L->t, L->pbuf, L->plen);
		if ((size_t)id != j) {
			/* the trace held no paths before the header */
			diag_error(L->d, L->t->path, line, 0,
				   "duplicate column name \"%.*s\"",
				   (int)st->f[j].len, name);
		}
		st->col_id[j] = id;
		st->col_bytes[j] =
		    trace_json_string_bytes(name, st->f[j].len) + 1;
		st->col_name[j] = st->f[j].len;
	}
	/* the names live on as paths; the pool is for values */
	st->L->t->pool_len = st->row_mark;
}

static void csv_on_row(int c, void *data)
{
	struct csv_state *st = data;
	struct loader *L = st->L;
	struct pk_trace *t = L->t;
	size_t j, first, size, ddb = 0;
	struct pk_trace_leaf *l;
	int row_line = st->row_line;

	/* every row ends with the '\n' that ends the chunk fed (or at EOF,
	   c == -1), so the next row starts on the next line */
	st->row_line = st->line + 1;
	st->row_ended = 1;
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
		st->stop = trace_too_many_errors(L);
		return;
	}
	first = t->n_leaves;
	size = 2 + (st->nf - 1); /* braces and commas */
	for (j = 0; j < st->nf; j++) {
		l = trace_leaf_add(t, st->col_id[j], PK_VALUE_STRING);
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
			trace_json_string_bytes(t->pool + st->f[j].off,
						st->f[j].len);
		/* DynamoDB's measure: a string attribute is its name's
		   bytes and its value's (reference §1) */
		ddb += st->col_name[j] + st->f[j].len;
	}
	trace_rec_add(t, first, size, ddb, row_line, 1);
	st->nf = 0;
	if (trace_rec_done(L, row_line, 1) || trace_full(L)) {
		st->stop = 1;
	}
}

/* libcsv's allocator hooks: out of memory is fatal, as everywhere. */
static void *csv_xrealloc(void *p, size_t n)
{
	return xreallocarray(p, n ? n : 1, 1);
}

/* A NUL or a byte that is not UTF-8 in the line s[0..len) of the file
   (line, 1-based): an error at its line and column (in characters),
   returning 1; else 0. libcsv would take both as field bytes: a key
   \xff\xfe would be a logical partition no report could print. */
static int csv_bad_text(struct loader *L, const char *s, size_t len, int line)
{
	size_t bad = utf8_invalid_at(s, len), k;
	const char *nul = memchr(s, '\0', bad);
	int col = 1;

	if (nul) {
		bad = (size_t)(nul - s);
	}
	if (bad == len) {
		return 0;
	}
	for (k = 0; k < bad; k++) {
		col += trace_starts_char((unsigned char)s[k]);
	}
	if (nul) {
		diag_error(L->d, L->t->path, line, col,
			   "a NUL character; a CSV data file must be UTF-8 "
			   "text, which has none");
	} else {
		diag_error(L->d, L->t->path, line, col,
			   "invalid UTF-8 (byte 0x%02X); a CSV data file must "
			   "be UTF-8 text (save it as UTF-8)",
			   (unsigned)(unsigned char)s[bad]);
	}
	return 1;
}

void trace_parse_csv(struct loader *L)
{
	struct csv_state st;
	struct csv_parser p;
	const char *s;
	size_t len, got, k;
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
	/* libcsv grows a field's buffer by blk_size bytes a time (128 by
	   default): a field of 8 MiB would be 65,536 reallocations, each a
	   copy where realloc cannot grow in place (AddressSanitizer's
	   never does); in steps of CSV_FIELD_STEP it is 128 */
	csv_set_blk_size(&p, CSV_FIELD_STEP);
	/* fed one line at a time, so that rows know their line */
	for (; !st.stop && trace_next_line(L, &s, &len); st.line++) {
		if (csv_bad_text(L, s, len, st.line)) {
			st.stop = 1;
			break;
		}
		st.row_ended = 0;
		got = csv_parse(&p, s, len, csv_on_field, csv_on_row, &st);
		/* a quoted field may span lines: the row, not only its
		   lines, is held to the limit */
		if (st.row_ended && st.row_bytes + len > L->t->longest_rec) {
			L->t->longest_rec = st.row_bytes + len;
		}
		st.row_bytes = st.row_ended ? 0 : st.row_bytes + len;
		if (!st.stop && st.row_bytes > PK_TRACE_MAX_RECORD_BYTES) {
			trace_too_long(L, "this CSV row", st.row_line, 1);
			st.stop = 1;
		}
		if (got != len) {
			/* libcsv returns the offset of the offending byte */
			for (col = 0, k = 0; k <= got && k < len; k++) {
				col += trace_starts_char((unsigned char)s[k]);
			}
			diag_error(L->d, L->t->path, st.line, col,
				   "bad CSV quoting: %s",
				   csv_strerror(csv_error(&p)));
			diag_note(L->d, "a field with quotes must be quoted "
					"as a whole, and its quotes doubled");
			st.stop = 1;
		}
	}
	if (!st.stop && !L->cut &&
	    csv_fini(&p, csv_on_field, csv_on_row, &st) != 0) {
		diag_error(L->d, L->t->path, st.row_line, 0,
			   "unterminated quoted field");
	}
	csv_free(&p);
	free(st.f);
	free(st.col_id);
	free(st.col_bytes);
	free(st.col_name);
}

/* --- where a field starts ------------------------------------------------ */

/* Fields libcsv has completed while trace_csv_field_pos feeds it. */
static void pos_on_field(void *s, size_t len, void *data)
{
	(void)s;
	(void)len;
	(*(size_t *)data)++;
}

/*
 * libcsv reports no positions, so the row is fed to it again one byte at
 * a time from the start of its line: field k + 1 starts at the byte after
 * the one that completed field k (its delimiter). Only for messages.
 */
int trace_csv_field_pos(const char *s, size_t n, size_t start, int line,
			size_t field, int *out_line, int *out_col)
{
	struct csv_parser p;
	size_t pos = start, done = 0, before;
	int l = 1, col = 1, rc = -1;

	for (; l < line && pos < n; pos++) {
		if (s[pos] == '\n') {
			l++;
		}
	}
	if (l != line) {
		return -1;
	}
	if (field == 0) {
		*out_line = line;
		*out_col = 1;
		return 0;
	}
	if (csv_init(&p, CSV_STRICT | CSV_REPALL_NL) != 0) {
		PK_BUG("csv_init failed");
	}
	csv_set_realloc_func(&p, csv_xrealloc);
	csv_set_free_func(&p, free);
	for (; pos < n; pos++) {
		before = done;
		if (csv_parse(&p, s + pos, 1, pos_on_field, NULL, &done) != 1) {
			break;
		}
		if (s[pos] == '\n') {
			l++;
			col = 1;
		} else if (trace_starts_char((unsigned char)s[pos])) {
			col++;
		}
		if (done > before && s[pos] == '\n') {
			break; /* the row ended before the field */
		}
		if (done > before && done == field) {
			*out_line = l;
			*out_col = col;
			rc = 0;
			break;
		}
	}
	csv_free(&p);
	return rc;
}
