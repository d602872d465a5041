/*
 * trace_stream: reading a data file as a stream. JSON lines and CSV are
 * read one line at a time (getline), a JSON array one record at a time
 * (trace_json.c keeps only the bytes from the current record on), so the
 * memory a load takes grows with what the records keep (their leaves and
 * string values) and the longest record, not with the file's length.
 */
#include "trace_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "readbound.h"

#define TRACE_SIZE_HINT "pksim reads a data file whole: give a smaller export"

/* Bytes read from a file at a time. */
#define LINE_CHUNK 65536

void trace_too_long(struct loader *L, const char *what, int line, int col)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	diag_error(L->d, L->t->path, line, col,
		   "%s runs past pksim's limit of %s bytes (%s) for a line "
		   "or record of a data file, and reading stops here; a "
		   "record stands for one item, which is at most 2 MB in "
		   "Azure Cosmos DB and 400 KB in Amazon DynamoDB",
		   what, fmt_thousands((int64_t)PK_TRACE_MAX_RECORD_BYTES, a),
		   fmt_bytes(PK_TRACE_MAX_RECORD_BYTES, b));
	L->cut = 1;
}

/* The error for the NUL that ends the line being read, of len bytes in
   L->lbuf so far; sets L->cut. */
static void nul_error(struct loader *L, size_t len)
{
	int col = 1;
	size_t k;

	for (k = 0; k < len; k++) {
		col += trace_starts_char((unsigned char)L->lbuf[k]);
	}
	diag_error(L->d, L->t->path, L->lines + 1, col,
		   "a NUL character; the data file must be text, which has "
		   "none");
	L->cut = 1;
}

/* Read the next chunk of L->f into L->cbuf (cut at a NUL, L->cnul);
   0 at its end or on a failed read (L->read_err). */
static int refill(struct loader *L)
{
	const char *z;
	size_t got;

	if (L->cnul) {
		return 0;
	}
	mem_grow((void **)&L->cbuf, &L->ccap, LINE_CHUNK, 1);
	errno = 0;
	got = fread(L->cbuf, 1, LINE_CHUNK, L->f);
	if (got == 0) {
		if (ferror(L->f)) {
			L->read_err = errno ? errno : EIO;
		}
		return 0;
	}
	if ((z = memchr(L->cbuf, '\0', got))) {
		got = (size_t)(z - L->cbuf);
		L->cnul = 1;
	}
	L->t->read_bytes += got;
	L->cpos = 0;
	L->clen = got;
	return 1;
}

/* Append k bytes of s to the line in L->lbuf, n bytes so far. */
static void line_add(struct loader *L, size_t n, const char *s, size_t k)
{
	mem_grow((void **)&L->lbuf, &L->lcap, n + k + 1, 1);
	memcpy(L->lbuf + n, s, k);
}

/*
 * Lines from memory are passed in place; from a file, they are built in
 * L->lbuf from chunks of LINE_CHUNK bytes, so a line is never held past
 * PK_TRACE_MAX_RECORD_BYTES (+ one chunk) whatever the file holds: one
 * line of 2 GB without a newline is refused after 8 MiB.
 */
int trace_next_line(struct loader *L, const char **p, size_t *len)
{
	const char *nl, *c;
	size_t n = 0, avail, k;

	if (L->cut) {
		return 0;
	}
	if (L->pos < L->n) {
		avail = L->n - L->pos;
		nl = memchr(L->s + L->pos, '\n', avail);
		k = nl ? (size_t)(nl - (L->s + L->pos)) : avail;
		if (k > PK_TRACE_MAX_RECORD_BYTES) {
			trace_too_long(L, "this line", L->lines + 1, 1);
			return 0;
		}
		if (nl || !L->f) {
			*p = L->s + L->pos;
			*len = nl ? k + 1 : k;
			L->pos += *len;
			L->lines++;
			return 1;
		}
		/* the text ends inside this line: the rest is in L->f */
		line_add(L, 0, L->s + L->pos, avail);
		if ((c = memchr(L->s + L->pos, '\0', avail))) {
			/* a file of NULs is refused at once, not after
			   8 MiB of its first line */
			nul_error(L, (size_t)(c - (L->s + L->pos)));
			return 0;
		}
		n = avail;
		L->pos = L->n;
	}
	if (!L->f) {
		return 0;
	}
	for (;;) {
		if (L->cpos == L->clen && !refill(L)) {
			if (L->cnul) {
				nul_error(L, n);
				return 0;
			}
			break;
		}
		c = L->cbuf + L->cpos;
		avail = L->clen - L->cpos;
		nl = memchr(c, '\n', avail);
		k = nl ? (size_t)(nl - c) : avail;
		if (n + k > PK_TRACE_MAX_RECORD_BYTES) {
			trace_too_long(L, "this line", L->lines + 1, 1);
			return 0;
		}
		k += nl ? 1 : 0;
		line_add(L, n, c, k);
		n += k;
		L->cpos += k;
		if (nl) {
			break;
		}
	}
	if (n == 0) {
		return 0;
	}
	*p = L->lbuf;
	*len = n;
	L->lines++;
	return 1;
}

char *trace_read_file(const char *path, size_t *len, struct pk_diag *d)
{
	return readbound_whole(path, PK_TRACE_MAX_FILE_BYTES, "the data file",
			       TRACE_SIZE_HINT, len, d);
}

/* Bytes read at a time until the format is settled. */
#define PREFIX_CHUNK 4096

/*
 * The file is read in small chunks up to its first byte that is not
 * white space (the prefix), which settles the format as trace_parse's
 * detection would on the whole text; the parser then reads the prefix and
 * the rest of the stream: JSON lines and CSV a line at a time, a JSON
 * array a record at a time (trace_json.c).
 */
struct pk_trace *trace_load(const char *path, enum pk_trace_format fmt,
			    struct pk_diag *d)
{
	return trace_load_within(path, fmt, 0, PK_TRACE_MAX_MEMORY_BYTES, 0, d);
}

/* trace_load_within with a reader of each record (NULL: none) */
static struct pk_trace *load_stream(const char *path, enum pk_trace_format fmt,
				    double rec_bytes, double max_bytes,
				    size_t max_recs, struct trace_each *each,
				    struct pk_diag *d)
{
	struct readbound *rb;
	FILE *f = readbound_open(path, PK_TRACE_MAX_FILE_BYTES, "the data file",
				 TRACE_SIZE_HINT, &rb, d);
	char *buf = NULL;
	size_t n = 0, cap = 0, got, start = 0;
	int err = 0;
	struct pk_trace *t = NULL;
	struct pk_diag scratch;

	if (!f) {
		return NULL;
	}
	for (;;) {
		mem_grow((void **)&buf, &cap, n + PREFIX_CHUNK, 1);
		errno = 0;
		got = fread(buf + n, 1, PREFIX_CHUNK, f);
		n += got;
		if (got == 0) {
			/* a directory opens, and its first read fails */
			err = ferror(f) ? (errno ? errno : EIO) : 0;
			break;
		}
		start = n >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
		if (trace_skip_ws(buf, n, start) < n) {
			break;
		}
	}
	/* a stream cut by its bound or at a NUL: that is the error, not
	   what the parser made of the cut text */
	diag_init(&scratch);
	if (err) {
		diag_file_error(&scratch, path, "cannot read", err);
	} else {
		t = trace_parse_stream_each(path, buf, n, f, fmt, rec_bytes,
					    max_bytes, max_recs, each,
					    &scratch);
	}
	if (readbound_close(f, rb, d) == 0) {
		diag_move(d, &scratch);
	} else {
		trace_free(t);
		t = NULL;
	}
	diag_free(&scratch);
	free(buf);
	return t;
}

struct pk_trace *trace_load_within(const char *path, enum pk_trace_format fmt,
				   double rec_bytes, double max_bytes,
				   size_t max_recs, struct pk_diag *d)
{
	return load_stream(path, fmt, rec_bytes, max_bytes, max_recs, NULL, d);
}

struct pk_trace *trace_load_each(const char *path, enum pk_trace_format fmt,
				 int (*each)(void *ctx,
					     const struct pk_trace *t),
				 void *ctx, size_t *n, struct pk_diag *d)
{
	struct trace_each e = {each, ctx, 0};
	struct pk_trace *t =
	    load_stream(path, fmt, 0, PK_TRACE_MAX_MEMORY_BYTES, 0, &e, d);

	*n = e.n;
	return t;
}
