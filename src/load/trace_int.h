/*
 * trace_int: what trace.c, trace_json.c and trace_csv.c share (internal to
 * src/load): the in-memory layout of a loaded data file and the helpers
 * that build it. The layout and its invariants are described in trace.h
 * and trace.c.
 */
#ifndef PKSIM_LOAD_TRACE_INT_H
#define PKSIM_LOAD_TRACE_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "json_arena.h"
#include "pksim/base/hashtab.h"
#include "pksim/load/trace.h"

/* Leaf kinds beyond the scalar enum pk_value_type (0..4). */
#define LEAF_OBJECT 5
#define LEAF_ARRAY 6

/* Path ids live in a 29-bit field of a leaf. */
#define MAX_PATHS (1u << 29)

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
	uint32_t len;	       /* STRING: bytes in the pool; NUMBER: 0,
				  or the bytes of its decimal text in the
				  pool (a number its double does not keep,
				  trace_number_texts) */
	union {
		double num;   /* NUMBER with len 0 */
		uint64_t off; /* STRING, NUMBER with len > 0: offset in
				 pk_trace.pool */
		int boolean;  /* BOOL: 0 or 1 */
	} u;
};

/* docs/design.md budgets bytes per item: keep a leaf at 16 bytes. */
_Static_assert(sizeof(struct pk_trace_leaf) == 16, "leaf grew");

struct pk_trace_rec {
	uint32_t first_leaf; /* leaves [first_leaf, next record's) */
	uint32_t size_bytes; /* serialized size, see trace.h */
	uint32_t ddb_bytes;  /* Amazon DynamoDB's item size, see trace.h */
	int line;	     /* 1-based source line of the record */
	int col;	     /* 1-based column where it starts: its '{' in
				JSON (in characters, as jansson counts),
				1 for a CSV row */
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
	char *times_field; /* owned; the field trace_keep_times kept */
	int64_t *times_ms; /* n_times, by record, or NULL */
	size_t n_times;
	size_t longest_rec;    /* bytes of the longest record read: a JSON
				  record's text, a CSV row's lines */
	uint32_t largest_size; /* the most size_bytes of a record in recs */
	uint64_t read_bytes;   /* bytes of text the load read (the prefix
				  given and the file's bytes after it) */
	uint64_t serial;       /* trace_serial's, set when made */
	/* the records with a number DynamoDB refuses, in file order */
	struct pk_trace_wide *wide; /* n_wide, owned */
	size_t n_wide, wide_cap;
};

/* State of one load: the text, the trace being built, the diagnostics. */
struct loader {
	struct pk_trace *t;
	struct pk_diag *d;
	const char *s; /* the text */
	size_t n;      /* its length in bytes */
	size_t start;  /* offset after a byte order mark */
	size_t e0;     /* diag_count(d) before the load */
	/* the memory bound (trace_load_within): bytes a record costs the
	   run at least, and the most in all */
	double rec_bytes, max_bytes;
	/* records to read at most (a data file's `limit`); 0: all */
	size_t max_recs;
	char *pbuf; /* path being built while flattening */
	size_t plen, pcap;
	/* the property names of the last JSON record, in the order flatten
	   met them, with their parents' and their own path ids: records of
	   a file mostly repeat them, so a name equal to the one at its place
	   skips building and interning its path */
	struct trace_key_memo *memo;
	size_t n_memo, memo_cap;
	size_t memo_pos; /* places met so far in the current record */
	/* lines: s[pos..n) first, then the rest of f (NULL: none) */
	size_t pos;
	FILE *f;
	char *lbuf; /* the line read from f (trace_next_line) */
	size_t lcap;
	char *cbuf; /* bytes read from f: [cpos, clen) not yet taken */
	size_t cpos, clen, ccap;
	int cnul;     /* 1: f's bytes end at clen with a NUL */
	int lines;    /* lines trace_next_line returned */
	int cut;      /* 1: a line too long or a NUL stopped reading (the
			 error is in d): the parser adds no more */
	int read_err; /* errno of a failed read of f, else 0 */
	/* the reader of each record (trace_load_each), NULL: records are
	   kept; stopped: it asked to read no more */
	struct trace_each *each;
	int stopped;
	struct json_arena arena; /* jansson's memory for each JSON record */
	/* the number tokens of the JSON record being read that lie in no
	   array, in text order (trace_ddb_numbers), and the indexes of the
	   record's number leaves in the order flatten added them */
	struct trace_num_tok *toks;
	size_t n_toks, toks_cap;
	size_t *num_leaves;
	size_t n_num_leaves, num_leaves_cap;
	int ddb_json; /* 1: a record in DynamoDB JSON was refused (the
			 error names the first only) */
};

/* A number token of a record's text that lies in no array: its place
   and its significant digits (leading and trailing zeros and the
   exponent left out) */
struct trace_num_tok {
	size_t off; /* from the record's first byte */
	size_t len; /* bytes of the token */
	int digits; /* significant digits, >= 1 */
};

/* A reader of each record as it is read (trace_load_each): fn(ctx, t)
   with the record as t's record 0; n counts the records it saw. */
struct trace_each {
	int (*fn)(void *ctx, const struct pk_trace *t);
	void *ctx;
	size_t n;
};

struct trace_key_memo {
	char *name; /* owned, len bytes (a copy of the JSON key) */
	size_t len;
	long parent; /* path id of the object holding it, -1 the record */
	long id;     /* path id of the parent's path + "/" + name (escaped) */
};

/* 1 once the load recorded PK_DIAG_MAX_ERRORS errors: stop reading. */
int trace_too_many_errors(const struct loader *L);
/* Append len bytes of s to t's string pool; their offset. */
uint64_t trace_pool_add(struct pk_trace *t, const char *s, size_t len);
/* The id of path p (len bytes), added if new; -1 past the path limit. */
long trace_path_intern(struct pk_trace *t, const char *p, size_t len);
/* A new leaf for path id, or NULL past UINT32_MAX leaves. */
struct pk_trace_leaf *trace_leaf_add(struct pk_trace *t, long id, int kind);
/* Close a record whose leaves start at first_leaf, of size_bytes
   serialized and ddb_bytes as Amazon DynamoDB measures it. */
void trace_rec_add(struct pk_trace *t, size_t first_leaf, size_t size_bytes,
		   uint64_t ddb_bytes, int line, int col);
/* The numbers written in a JSON record's text, as trace_ddb_numbers
   reads them */
struct trace_ddb_nums {
	size_t count;	 /* number tokens, outside strings */
	uint64_t bytes;	 /* their DynamoDB bytes, each ceil(digits/2)+1 */
	size_t wide_off; /* offset of the first with more than
			    PK_DDB_NUMBER_MAX_DIGITS significant digits,
			    SIZE_MAX none */
	int wide_digits; /* its significant digits (0: none) */
	size_t long_n;	 /* tokens in no array of more than
			    PK_TRACE_DOUBLE_DIGITS significant digits */
};
/* Significant digits of a decimal a double always keeps (DBL_DIG): a
   number with more may need its text (trace_number_texts) */
#define PK_TRACE_DOUBLE_DIGITS 15
/* Read the numbers of the JSON text s[0..len) (one record, validated by
   jansson) into *out, and those in no array into L->toks (L->n_toks of
   them, in text order; L NULL: not kept). */
void trace_ddb_numbers(const char *s, size_t len, struct trace_ddb_nums *out,
		       struct loader *L);
/* Give each number leaf of the record just flattened from text s (its
   leaves' indexes in L->num_leaves, its tokens in L->toks) whose double
   does not keep the value written its decimal text in the pool
   (trace_json.c). */
void trace_number_texts(struct loader *L, const char *s);
/* trace_ddbsize.c: the bytes Amazon DynamoDB counts for JSON value v
   as an attribute's value, and for object rec as an item (its
   attributes' names and values); reference §1, see that file. With
   nums (trace_ddb_numbers of rec's text), a number counts the digits
   written; without, or when rec holds fewer numbers than its text (a
   repeated name), the shortest decimal of its double. */
uint64_t trace_ddb_value_bytes(const json_t *v);
/* trace_ddbjson.c: 1 when JSON object rec is an item in DynamoDB JSON
   (every attribute a one-key type map, {"S": "..."}, {"N": "..."}, ...;
   or such an item under "Item", as an export to S3 writes it), which
   the loader refuses: pksim reads plain JSON items */
int trace_ddb_json(const json_t *rec);
/* trace_ddbjson.c: the offset of "Items" when the text s[0..n) opens,
   from start, as the AWS CLI's scan and query print their answer, one
   object {"Items": [...], "Count": ...} (pretty or on one line), whose
   items are DynamoDB JSON; SIZE_MAX otherwise (only "Items" as its
   first key is recognised, as the CLI writes it) */
size_t trace_ddb_scan_at(const char *s, size_t n, size_t start);
/* The error for such a file (trace.c says it once, at "Items") */
#define PK_TRACE_DDB_SCAN_WORDS                                                \
	"this file is the AWS CLI's scan or query output, one object "         \
	"{\"Items\": [...], \"Count\": ...} whose items are DynamoDB "         \
	"JSON (each attribute a type map such as {\"S\": \"...\"} or "         \
	"{\"N\": \"12\"}): a data file holds plain JSON items, one a "         \
	"line or in an array, {\"pk\": \"...\", \"n\": 12}; convert "          \
	"its Items first (docs/dynamodb.md, \"DynamoDB JSON\": jq -c "         \
	"'.Items[] | ...')"
uint64_t trace_ddb_item_bytes(const json_t *rec,
			      const struct trace_ddb_nums *nums);
/* Append "/" and name to the path being built, escaped as RFC 6901. */
void trace_pbuf_push(struct loader *L, const char *name, size_t len);
/* 1 if c is JSON white space (RFC 8259), which jansson also skips. */
static inline int trace_is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The first offset >= pos of s[0..n) that is not JSON white space. */
static inline size_t trace_skip_ws(const char *s, size_t n, size_t pos)
{
	while (pos < n && trace_is_ws(s[pos])) {
		pos++;
	}
	return pos;
}
/* 1 if byte c starts a character (how jansson counts columns). */
int trace_starts_char(unsigned char c);
/* Bytes of s[0..len) as a JSON string literal, as jansson dumps it. */
size_t trace_json_string_bytes(const char *s, size_t len);

/*
 * The next line of L's text (L->s[L->pos..L->n), then the rest of L->f):
 * *p and *len, its '\n' included when it has one; valid until the next
 * call. Returns 1, or 0 at the end (L->read_err set on a failed read),
 * or 0 with L->cut set and an error in L->d: a line longer than
 * PK_TRACE_MAX_RECORD_BYTES (at most that much of it read) or a NUL
 * read from L->f (reading stops at it).
 */
int trace_next_line(struct loader *L, const char **p, size_t *len);

/*
 * As trace_parse, from the text[0..len) and then the rest of f (NULL:
 * none): JSON lines and CSV are read one line at a time, a JSON array
 * whole. A failed read of f is one "cannot read" error (and NULL).
 */
struct pk_trace *trace_parse_stream(const char *path, const char *text,
				    size_t len, FILE *f,
				    enum pk_trace_format fmt, double rec_bytes,
				    double max_bytes, size_t max_recs,
				    struct pk_diag *d);

/* 1 once L holds the most records it reads (loader.max_recs): the
   parsers stop there and read no more of the text or the file. */
static inline int trace_full(const struct loader *L)
{
	return L->stopped || (L->max_recs > 0 && L->t->n_recs >= L->max_recs);
}

/* The error for a line (what: "this line", "this CSV row", "this record") at
   line, col that runs past PK_TRACE_MAX_RECORD_BYTES; sets L->cut. */
void trace_too_long(struct loader *L, const char *what, int line, int col);

/* 1 (with the error at line, col) when the records read so far pass
   L's memory bound (trace_load_within): parsing stops; else 0. */
int trace_over_memory(const struct loader *L, int line, int col);

/* The record just added (trace_rec_add) at line, col is whole: with a
   reader (L->each), handed to it and dropped (the trace's records,
   leaves, string pool and numbers DynamoDB refuses emptied; its paths
   kept); else checked against the memory bound (trace_over_memory).
   1 when parsing stops there (the reader asked it, or the bound's error
   in L->d), else 0. */
int trace_rec_done(struct loader *L, int line, int col);

/* trace_parse_stream with a reader of each record (NULL: none) */
struct pk_trace *
trace_parse_stream_each(const char *path, const char *text, size_t len, FILE *f,
			enum pk_trace_format fmt, double rec_bytes,
			double max_bytes, size_t max_recs,
			struct trace_each *each, struct pk_diag *d);

/* The format of a text that starts with s[start..n): JSON when it is
   empty or starts with '[', JSON lines with '{', else CSV. */
enum pk_trace_format trace_detect(const char *s, size_t n, size_t start);

/* The parsers: every record of L's text into L->t, errors into L->d. */
void trace_parse_json_array(struct loader *L);
void trace_parse_json_lines(struct loader *L);
void trace_parse_csv(struct loader *L);

/* Where field number field (0-based) of the CSV row starting at line
   `line` of s[0..n) begins, as libcsv reads it: *out_line, *out_col
   (1-based, in characters). start skips a byte order mark. Returns 0, or
   -1 when the row has fewer fields or the line does not exist. */
int trace_csv_field_pos(const char *s, size_t n, size_t start, int line,
			size_t field, int *out_line, int *out_col);

#endif
