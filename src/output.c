/*
 * output: atomic report files and quiet handling of a closed stdout.
 */
#include "pksim/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pksim/mem.h"

static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, data, len);

		if (w < 0) {
			if (errno == EINTR) {
				continue;
			}
			return -1;
		}
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

static int to_stdout(const char *data, size_t len, struct pk_diag *diag)
{
	if (write_all(STDOUT_FILENO, data, len) == 0 || errno == EPIPE) {
		return 0;
	}
	diag_error(diag, "<stdout>", 0, 0, "cannot write: %s",
		   strerror(errno));
	return -1;
}

int output_write(const char *path, const char *data, size_t len,
		 struct pk_diag *diag)
{
	char *tmp;
	int fd, err = 0;

	if (!path || strcmp(path, "-") == 0) {
		return to_stdout(data, len, diag);
	}
	tmp = xasprintf("%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		diag_error(diag, path, 0, 0, "cannot write: %s",
			   strerror(errno));
		free(tmp);
		return -1;
	}
	mode_t mask = umask(0);

	umask(mask);
	/* mkstemp makes 0600; a report is an ordinary file */
	if (fchmod(fd, 0666 & ~mask) || write_all(fd, data, len) ||
	    fsync(fd)) {
		err = errno;
	}
	if (close(fd) && !err) {
		err = errno;
	}
	if (!err && rename(tmp, path)) {
		err = errno;
	}
	if (err) {
		unlink(tmp);
		diag_error(diag, path, 0, 0, "cannot write: %s", strerror(err));
	}
	free(tmp);
	return err ? -1 : 0;
}
