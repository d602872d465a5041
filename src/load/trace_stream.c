/*
 * trace_stream: reading a data file. JSON lines and CSV are read one line
 * at a time (getline), so the memory a load takes grows with what the
 * records keep (their leaves and string values), not with the file's
 * length; a JSON array is read whole, since jansson parses it a record at
 * a time from memory (trace_json.c).
 */
#include "trace_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "pksim/base/mem.h"

int trace_next_line(struct loader *L, const char **p, size_t *len)
{
	const char *nl;
	ssize_t k;

	if (L->pos < L->n) {
		nl = memchr(L->s + L->pos, '\n', L->n - L->pos);
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

/* Append the rest of f to buf[0..*n) (capacity *cap). 0, or errno. */
static int read_rest(FILE *f, char **buf, size_t *n, size_t *cap)
{
	size_t got;

	for (;;) {
		mem_grow((void **)buf, cap, *n + 65536, 1);
		got = fread(*buf + *n, 1, *cap - *n, f);
		*n += got;
		if (got == 0) {
			break;
		}
	}
	/* a directory opens, and its first read fails with EISDIR */
	return ferror(f) ? (errno ? errno : EIO) : 0;
}

char *trace_read_file(const char *path, size_t *len, struct pk_diag *d)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int err;

	if (!f) {
		diag_file_error(d, path, "cannot open", errno);
		return NULL;
	}
	err = read_rest(f, &buf, &n, &cap);
	fclose(f);
	if (err) {
		diag_file_error(d, path, "cannot read", err);
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

/* 1 if line[0..len) holds a byte that is not JSON white space; skip
   bytes of a byte order mark first. */
static int has_text(const char *line, size_t len, size_t skip)
{
	return trace_skip_ws(line, len, skip) < len;
}

/*
 * The file is read line by line up to its first line with text (the
 * prefix), which settles the format as trace_parse's detection would on
 * the whole text; the parser then reads the prefix and the rest of the
 * stream. Blank lines before it are few, so the prefix is small.
 */
struct pk_trace *trace_load(const char *path, enum pk_trace_format fmt,
			    struct pk_diag *d)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *line = NULL;
	size_t n = 0, cap = 0, lcap = 0, start;
	ssize_t k;
	int err = 0;
	struct pk_trace *t = NULL;

	if (!f) {
		diag_file_error(d, path, "cannot open", errno);
		return NULL;
	}
	for (;;) {
		errno = 0;
		k = getline(&line, &lcap, f);
		if (k <= 0) {
			err = ferror(f) ? (errno ? errno : EIO) : 0;
			break;
		}
		mem_grow((void **)&buf, &cap, n + (size_t)k + 1, 1);
		memcpy(buf + n, line, (size_t)k);
		start = n == 0 && k >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0
			    ? 3
			    : 0;
		n += (size_t)k;
		if (has_text(line, (size_t)k, start)) {
			break;
		}
	}
	free(line);
	if (!err && n >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		start = 3;
	} else {
		start = 0;
	}
	if (!err && fmt == PK_TRACE_FORMAT_AUTO) {
		fmt = trace_detect(buf ? buf : "", n, start);
	}
	if (!err && fmt == PK_TRACE_FORMAT_JSON) {
		err = read_rest(f, &buf, &n, &cap);
		if (!err) {
			t = trace_parse(path, buf, n, fmt, d);
		}
	} else if (!err) {
		t = trace_parse_stream(path, buf, n, f, fmt, d);
	}
	if (err) {
		diag_file_error(d, path, "cannot read", err);
	}
	fclose(f);
	free(buf);
	return t;
}
