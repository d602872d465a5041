/*
 * readbound: an input file read whole under a size bound (readbound.h).
 */
#include "readbound.h"

#include <errno.h>
#include <stdlib.h>
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

char *readbound_whole(const char *path, uint64_t max_bytes, const char *what,
		      const char *hint, size_t *len, struct pk_diag *d)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *buf = NULL;
	size_t n = 0, cap = 0, got;
	int err = 0;

	if (!f) {
		diag_file_error(d, path, "cannot open", errno);
		return NULL;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size > max_bytes) {
		readbound_error(d, path, 1, (uint64_t)st.st_size, max_bytes,
				what, hint);
		fclose(f);
		return NULL;
	}
	for (;;) {
		/* one byte past the bound tells a longer stream */
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
	fclose(f);
	if (err) {
		diag_file_error(d, path, "cannot read", err);
	} else if (n > max_bytes) {
		/* a regular file that grew while read says its size now */
		readbound_error(d, path, 0, n, max_bytes, what, hint);
	}
	if (err || n > max_bytes) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}
