/*
 * memstream: open_memstream's contract on fopencookie, growing through
 * mem.h so that running out of memory ends the run (memstream.h).
 */
#define _GNU_SOURCE /* fopencookie */
#include "pksim/base/memstream.h"

#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "pksim/base/mem.h"

struct memstream {
	char **buf;
	size_t *len;
	size_t cap; /* bytes of *buf, the NUL included */
};

static ssize_t ms_write(void *cookie, const char *data, size_t n)
{
	struct memstream *m = cookie;

	/* room for n more bytes and the NUL; mem_grow doubles, then grows
	   large blocks by an eighth, and exits on out of memory */
	mem_grow((void **)m->buf, &m->cap, *m->len + n + 1, 1);
	memcpy(*m->buf + *m->len, data, n);
	*m->len += n;
	(*m->buf)[*m->len] = '\0';
	return (ssize_t)n;
}

static int ms_close(void *cookie)
{
	free(cookie);
	return 0;
}

FILE *xmemstream(char **buf, size_t *len)
{
	struct memstream *m = xcalloc(1, sizeof(*m));
	cookie_io_functions_t io = {NULL, ms_write, NULL, ms_close};
	FILE *f;

	m->buf = buf;
	m->len = len;
	m->cap = 16;
	*buf = xmalloc(m->cap);
	**buf = '\0';
	*len = 0;
	f = fopencookie(m, "w", io);
	if (!f) {
		mem_oom();
	}
	return f;
}
