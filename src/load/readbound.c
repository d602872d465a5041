/*
 * readbound: an input file read whole under a size bound (readbound.h).
 */
#define _GNU_SOURCE /* fopencookie */
#include "readbound.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

void readbound_error(struct pk_diag *d, const char *path, int known,
		     uint64_t size, uint64_t max_bytes, const char *what,
		     const char *hint)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char e[PK_FMT_BYTES];

	if (known) {
		diag_error(d, path, 0, 0,
			   "%s is %s bytes (%s), above pksim's limit of %s "
			   "bytes (%s); %s",
			   what, fmt_thousands((int64_t)size, a),
			   fmt_bytes(size, b),
			   fmt_thousands((int64_t)max_bytes, c),
			   fmt_bytes(max_bytes, e), hint);
	} else {
		diag_error(d, path, 0, 0,
			   "%s is more than pksim's limit of %s bytes (%s) "
			   "(read to that point: it has no size of its own, "
			   "as a pipe or a device); %s",
			   what, fmt_thousands((int64_t)max_bytes, c),
			   fmt_bytes(max_bytes, e), hint);
	}
}

struct readbound {
	FILE *in;	 /* the file opened */
	uint64_t n, max; /* bytes passed on; the bound */
	int line, col;	 /* where the next byte is, 1-based (col in
			    characters) */
	int over, nul;	 /* cut past the bound, or at a NUL */
	int nul_line, nul_col;
	const char *path, *what, *hint; /* borrowed, for the message */
};

/* The line and column after the bytes b[0..len) */
static void advance(struct readbound *rb, const char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)b[i];

		if (c == '\n') {
			rb->line++;
			rb->col = 1;
		} else if (c < 0x80 || (c >= 0xc2 && c <= 0xf4)) {
			rb->col++; /* a character starts */
		}
	}
}

static ssize_t bounded_read(void *cookie, char *buf, size_t size)
{
	struct readbound *rb = cookie;
	uint64_t left = rb->max + 1 - rb->n;
	size_t got;
	const char *z;

	if (rb->over || rb->nul) {
		return 0;
	}
	got = fread(buf, 1, size < left ? size : (size_t)left, rb->in);
	if (got == 0) {
		return ferror(rb->in) ? -1 : 0;
	}
	if ((z = memchr(buf, '\0', got))) {
		got = (size_t)(z - buf);
		rb->nul = 1;
	}
	rb->n += got;
	if (rb->n > rb->max) {
		rb->over = 1;
		return 0;
	}
	advance(rb, buf, got);
	if (rb->nul) {
		rb->nul_line = rb->line;
		rb->nul_col = rb->col;
	}
	return (ssize_t)got;
}

static int bounded_close(void *cookie)
{
	struct readbound *rb = cookie;

	return fclose(rb->in);
}

FILE *readbound_open(const char *path, uint64_t max_bytes, const char *what,
		     const char *hint, struct readbound **rb, struct pk_diag *d)
{
	static const cookie_io_functions_t io = {bounded_read, NULL, NULL,
						 bounded_close};
	FILE *f = fopen(path, "rb"), *b;
	struct stat st;

	*rb = NULL;
	if (!f) {
		diag_file_error(d, path, "cannot open", errno);
		return NULL;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
		if ((uint64_t)st.st_size > max_bytes) {
			readbound_error(d, path, 1, (uint64_t)st.st_size,
					max_bytes, what, hint);
			fclose(f);
			return NULL;
		}
		return f; /* its size is its bound; a NUL is the reader's */
	}
	*rb = xcalloc(1, sizeof(**rb));
	(*rb)->in = f;
	(*rb)->max = max_bytes;
	(*rb)->line = 1;
	(*rb)->col = 1;
	(*rb)->path = path;
	(*rb)->what = what;
	(*rb)->hint = hint;
	b = fopencookie(*rb, "rb", io);
	if (!b) {
		PK_BUG("fopencookie failed");
	}
	return b;
}

int readbound_close(FILE *f, struct readbound *rb, struct pk_diag *d)
{
	int rc = 0;

	if (rb && rb->over) {
		readbound_error(d, rb->path, 0, rb->n, rb->max, rb->what,
				rb->hint);
		rc = -1;
	} else if (rb && rb->nul) {
		diag_error(d, rb->path, rb->nul_line, rb->nul_col,
			   "a NUL character; %s must be text, which has none",
			   rb->what);
		rc = -1;
	}
	fclose(f);
	free(rb);
	return rc;
}

char *readbound_whole(const char *path, uint64_t max_bytes, const char *what,
		      const char *hint, size_t *len, struct pk_diag *d)
{
	struct readbound *rb;
	FILE *f = readbound_open(path, max_bytes, what, hint, &rb, d);
	char *buf = NULL;
	size_t n = 0, cap = 0, got;
	int err = 0;

	if (!f) {
		return NULL;
	}
	for (;;) {
		/* one byte past the bound tells a file that grew */
		mem_grow((void **)&buf, &cap, n + 65536 + 1, 1);
		errno = 0;
		got = fread(
		    buf + n, 1,
		    n + 65536 > max_bytes + 1 ? max_bytes + 1 - n : 65536, f);
		n += got;
		if (got == 0 || n > max_bytes) {
			break;
		}
	}
	if (ferror(f)) {
		/* a directory opens, and its first read fails with EISDIR */
		err = errno ? errno : EIO;
	}
	if (readbound_close(f, rb, d) != 0) {
		err = -1;
	} else if (err) {
		diag_file_error(d, path, "cannot read", err);
	} else if (n > max_bytes) {
		readbound_error(d, path, 0, n, max_bytes, what, hint);
		err = -1;
	}
	if (err) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}
