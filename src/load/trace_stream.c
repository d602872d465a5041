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

#include "pksim/base/mem.h"
#include "readbound.h"

#define TRACE_SIZE_HINT "pksim reads a data file whole: give a smaller export"

/* The rest of the line that L->s ends in without its '\n', read from
   L->f: the whole line in L->lbuf. */
static int splice_line(struct loader *L, const char **p, size_t *len)
{
	size_t part = L->n - L->pos;
	char *rest = NULL;
	size_t rcap = 0, k = 0;
	ssize_t got;

	errno = 0;
	got = getline(&rest, &rcap, L->f);
	if (got > 0) {
		k = (size_t)got;
	} else if (ferror(L->f)) {
		L->read_err = errno ? errno : EIO;
	}
	mem_grow((void **)&L->lbuf, &L->lcap, part + k + 1, 1);
	memcpy(L->lbuf, L->s + L->pos, part);
	if (k > 0) {
		memcpy(L->lbuf + part, rest, k);
	}
	free(rest);
	L->pos = L->n;
	*p = L->lbuf;
	*len = part + k;
	return 1;
}

int trace_next_line(struct loader *L, const char **p, size_t *len)
{
	const char *nl;
	ssize_t k;

	if (L->pos < L->n) {
		nl = memchr(L->s + L->pos, '\n', L->n - L->pos);
		if (!nl && L->f) {
			return splice_line(L, p, len);
		}
		*p = L->s + L->pos;
		*len = nl ? (size_t)(nl - *p) + 1 : L->n - L->pos;
		L->pos += *len;
		return 1;
	}
	if (!L->f) {
		return 0;
	}
	errno = 0;
	k = getline(&L->lbuf, &L->lcap, L->f);
	if (k <= 0) {
		if (ferror(L->f)) {
			L->read_err = errno ? errno : EIO;
		}
		return 0;
	}
	*p = L->lbuf;
	*len = (size_t)k;
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

struct pk_trace *trace_load_within(const char *path, enum pk_trace_format fmt,
				   double rec_bytes, double max_bytes,
				   size_t max_recs, struct pk_diag *d)
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
		t = trace_parse_stream(path, buf, n, f, fmt, rec_bytes,
				       max_bytes, max_recs, &scratch);
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
