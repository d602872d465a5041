/*
 * output: atomic report files and quiet handling of a closed stdout.
 * A path that names something other than a regular file (/dev/null,
 * /dev/full, a FIFO) or a symbolic link (/dev/stdout) is written in place:
 * the temporary file and rename would replace the device node or the link
 * itself (as root, -o /dev/null would turn /dev/null into a regular file).
 * Such a write is not atomic; a symbolic link to a regular file is the
 * only case where that loses something, and replacing the user's link
 * with a file would be worse.
 */
#include "pksim/base/output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pksim/base/mem.h"

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
	diag_env_error(diag, "<stdout>", 0, 0, "cannot write: %s",
		       strerror(errno));
	return -1;
}

/* Write to an existing non-regular file or a symbolic link in place (no
   create, no rename).
   As with stdout, a reader that left (EPIPE) counts as success. */
static int to_special(const char *path, const char *data, size_t len,
		      struct pk_diag *diag)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC), err = 0;

	if (fd < 0) {
		diag_env_error(diag, path, 0, 0, "cannot write: %s",
			       strerror(errno));
		return -1;
	}
	if (write_all(fd, data, len) && errno != EPIPE) {
		err = errno;
	}
	if (close(fd) && !err) {
		err = errno;
	}
	if (err) {
		diag_env_error(diag, path, 0, 0, "cannot write: %s",
			       strerror(err));
		return -1;
	}
	return 0;
}

int output_write(const char *path, const char *data, size_t len,
		 struct pk_diag *diag)
{
	struct stat st;
	char *tmp;
	int fd, err = 0, replacing = 0;

	if (!path || strcmp(path, "-") == 0) {
		return to_stdout(data, len, diag);
	}
	if (lstat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			return to_special(path, data, len, diag);
		}
		replacing = 1; /* the new report keeps the file's mode */
	}
	tmp = xasprintf("%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		diag_env_error(diag, path, 0, 0, "cannot write: %s",
			       strerror(errno));
		free(tmp);
		return -1;
	}
	mode_t mask = umask(0);

	umask(mask);
	/* mkstemp makes 0600; a new report is an ordinary file, a replaced
	   one keeps the mode it had (a private report stays private) */
	if (fchmod(fd, replacing ? st.st_mode & 07777 : 0666 & ~mask) ||
	    write_all(fd, data, len) || fsync(fd)) {
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
		diag_env_error(diag, path, 0, 0, "cannot write: %s",
			       strerror(err));
	}
	free(tmp);
	return err ? -1 : 0;
}
