/*
 * output: atomic report files, and a report cut short said so: a reader
 * that closes its pipe or FIFO before the report's end (EPIPE) leaves it
 * with part of the report, an environment error as a full disk is.
 * A path that names something other than a regular file (/dev/null,
 * /dev/full, a FIFO) or a symbolic link (/dev/stdout) is written in place:
 * the temporary file and rename would replace the device node or the link
 * itself (as root, -o /dev/null would turn /dev/null into a regular file).
 * Such a write is not atomic; a symbolic link to a regular file is the
 * only case where that loses something, and replacing the user's link
 * with a file would be worse.
 * A report never replaces an input of its run (the same inode), nor,
 * without --force, a read-only file, or one a symbolic link names. A
 * report into a missing folder is refused before the run. While the temporary
 * file exists, SIGINT, SIGTERM and SIGHUP remove it before they end the
 * process, and SIGXFSZ (a file size limit, ulimit -f) is ignored, so
 * the write past the limit fails with EFBIG and the ordinary error path
 * removes the file and says why.
 */
#include "pksim/base/output.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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

/* The error of a write to path that failed with err: a reader that
   left (EPIPE) is named, as it got only part of the report */
static void write_error(const char *path, int err, struct pk_diag *diag)
{
	if (err == EPIPE) {
		diag_env_error(diag, path, 0, 0,
			       "cannot write: %s: the reader closed the pipe "
			       "before the report's end, so it has only part "
			       "of it",
			       strerror(err));
		return;
	}
	diag_env_error(diag, path, 0, 0, "cannot write: %s", strerror(err));
}

static int to_stdout(const char *data, size_t len, struct pk_diag *diag)
{
	if (write_all(STDOUT_FILENO, data, len) == 0) {
		return 0;
	}
	write_error("<stdout>", errno, diag);
	return -1;
}

/* A FIFO output_check found read and holds open for the report (-1 and
   NULL: none), so that its reader sees no end of file before the report:
   a write end opened and closed again would end a reader's `cat`. */
static int held_fd = -1;
static char *held_path;

/* Open path in place for writing without waiting for a FIFO's reader
   (open(2) would block until one comes, for ever if none does): with
   O_NONBLOCK, which fails with ENXIO when no process has the FIFO open
   for reading, then blocking again for the writes; a FIFO output_check
   holds is taken over. The descriptor, or -1 with errno. */
static int open_in_place_fd(const char *path)
{
	int fd, fl;

	if (held_path && strcmp(path, held_path) == 0) {
		fd = held_fd;
		held_fd = -1;
		free(held_path);
		held_path = NULL;
		return fd;
	}
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK);
	if (fd >= 0 && ((fl = fcntl(fd, F_GETFL)) < 0 ||
			fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

/* The error of an in-place open of path that failed with err */
static void in_place_error(const char *path, int err, struct pk_diag *diag)
{
	if (err == ENXIO) {
		diag_env_error(diag, path, 0, 0,
			       "cannot write: no process has this pipe open "
			       "for reading, and pksim would wait for one "
			       "for ever; start its reader first");
		return;
	}
	diag_env_error(diag, path, 0, 0, "cannot write: %s", strerror(err));
}

/* Write to an existing non-regular file or a symbolic link in place (no
   create, no rename); a reader that left (EPIPE) is an error, as on
   stdout. */
static int to_special(const char *path, const char *data, size_t len,
		      struct pk_diag *diag)
{
	int fd = open_in_place_fd(path), err = 0;

	if (fd < 0) {
		in_place_error(path, errno, diag);
		return -1;
	}
	if (write_all(fd, data, len)) {
		err = errno;
	}
	if (close(fd) && !err) {
		err = errno;
	}
	if (err) {
		write_error(path, err, diag);
		return -1;
	}
	return 0;
}

/* The temporary file a report is being written to, for the signal
   handler; NULL outside the write. One write at a time: the CLI writes
   its report once, from one thread. */
static char *volatile pending_tmp;

/* The signals a user ends pksim with, and what they did before the
   write (restored after it, and before a caught one is raised again) */
static const int end_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define PK_OUTPUT_N_SIGNALS (sizeof(end_signals) / sizeof(end_signals[0]))
static struct sigaction saved[PK_OUTPUT_N_SIGNALS];
static struct sigaction saved_xfsz;

static void on_end_signal(int sig)
{
	char *tmp = pending_tmp;
	size_t i;

	if (tmp) {
		unlink(tmp); /* async-signal-safe */
	}
	for (i = 0; i < PK_OUTPUT_N_SIGNALS; i++) {
		if (end_signals[i] == sig) {
			sigaction(sig, &saved[i], NULL);
		}
	}
	/* held until the handler returns, then does what it did before:
	   by default ends the process */
	raise(sig);
}

/* Catch end_signals for the write (on), or give them back what they did
   (!on). A signal ignored before (nohup) stays ignored. SIGXFSZ is
   ignored for the write and given back after it. */
static void guard_signals(int on)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	if (on) {
		sa.sa_handler = SIG_IGN;
		sigaction(SIGXFSZ, &sa, &saved_xfsz);
	} else {
		sigaction(SIGXFSZ, &saved_xfsz, NULL);
	}
	sa.sa_handler = on_end_signal;
	for (i = 0; i < PK_OUTPUT_N_SIGNALS; i++) {
		if (!on) {
			sigaction(end_signals[i], &saved[i], NULL);
		} else if (sigaction(end_signals[i], NULL, &saved[i]) == 0 &&
			   saved[i].sa_handler != SIG_IGN) {
			sigaction(end_signals[i], &sa, NULL);
		}
	}
}

/* The temporary file for path, created with its name in pending_tmp, with
   the end signals held off until both are true, so no signal finds the
   file without its name. Returns the descriptor, or -1 (errno set). */
static int make_tmp(char *tmp)
{
	sigset_t block, was;
	size_t i;
	int fd, err;

	sigemptyset(&block);
	for (i = 0; i < PK_OUTPUT_N_SIGNALS; i++) {
		sigaddset(&block, end_signals[i]);
	}
	sigprocmask(SIG_BLOCK, &block, &was);
	fd = mkstemp(tmp);
	err = errno;
	if (fd >= 0) {
		pending_tmp = tmp;
	}
	sigprocmask(SIG_SETMASK, &was, NULL);
	errno = err;
	return fd;
}

/* An existing regular file (st) the user may not write: no write bit at
   all (0444, which root would otherwise write through) or access(2) says
   no. */
static int read_only(const char *path, const struct stat *st)
{
	return (st->st_mode & 0222) == 0 || access(path, W_OK) != 0;
}

static int refuse_read_only(const char *path, const struct stat *st,
			    struct pk_diag *diag)
{
	diag_error(diag, path, 0, 0,
		   "the file is read-only (mode %04o); pksim replaces a "
		   "read-only file only with --force (or give -o another "
		   "file)",
		   (unsigned)(st->st_mode & 07777));
	return -1;
}

/* A symbolic link (lst) whose target is an existing read-only regular
   file: written in place, it would be overwritten as the file itself. */
static int link_to_read_only(const char *path, const struct stat *lst,
			     struct stat *target)
{
	return S_ISLNK(lst->st_mode) && stat(path, target) == 0 &&
	       S_ISREG(target->st_mode) && read_only(path, target);
}

/* path's folder (all before its last '/', "." without one, "/" for a
   path at the root) is missing or not a folder: a report written there
   fails, so say so before the run. -1 with the error, else 0. */
static int refuse_no_folder(const char *path, struct pk_diag *diag)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path), path)
			  : xasprintf(".");
	struct stat st;
	int rc = 0;

	if (!dir[0]) {
		free(dir);
		dir = xasprintf("/");
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		diag_error(diag, path, 0, 0,
			   "cannot write the report there: %s is %s; give -o a "
			   "file in an existing folder",
			   dir,
			   stat(dir, &st) != 0 ? "not an existing folder"
					       : "not a folder");
		rc = -1;
	}
	free(dir);
	return rc;
}

static int refuse_empty(struct pk_diag *diag)
{
	diag_error(diag, "-o", 0, 0,
		   "needs a file name, got an empty one; give -o FILE, or "
		   "-o - (or no -o) for standard output");
	return -1;
}

/* A report to path (a new or a regular file) is written as a temporary
   file beside it, then renamed: make that file now and remove it, so a
   folder pksim cannot create a file in (no permission, a read-only file
   system, /proc or /sys, a name too long) is said before the run, not
   after it. 0, or -1 with the error (the environment's: exit 1). */
static int try_create(const char *path, struct pk_diag *diag)
{
	char *tmp = xasprintf("%s.XXXXXX", path);
	int fd, err;

	guard_signals(1);
	fd = make_tmp(tmp);
	err = errno;
	if (fd >= 0) {
		close(fd);
		unlink(tmp);
	}
	pending_tmp = NULL;
	guard_signals(0);
	if (fd < 0) {
		diag_env_error(diag, path, 0, 0,
			       "cannot write the report there: cannot create "
			       "a file beside it (%s); give -o a file in a "
			       "folder pksim can write",
			       strerror(err));
	}
	free(tmp);
	return fd < 0 ? -1 : 0;
}

int output_check(const char *path, const char *const *inputs, size_t n_inputs,
		 int flags, struct pk_diag *diag)
{
	struct stat out, in;
	size_t i;

	if (!path || strcmp(path, "-") == 0) {
		return 0;
	}
	if (!path[0]) {
		return refuse_empty(diag);
	}
	if (path[0] == '=') {
		diag_error(diag, "-o", 0, 0,
			   "'%s' starts with '=': write -o FILE (a space, no "
			   "'=') or --output=FILE",
			   path);
		return -1;
	}
	if (stat(path, &out) != 0) {
		/* a new file: no input is there, but its folder must be,
		   and pksim must be able to create a file in it */
		if ((errno == ENOENT || errno == ENOTDIR) &&
		    refuse_no_folder(path, diag) < 0) {
			return -1;
		}
		return try_create(path, diag);
	}
	if (S_ISDIR(out.st_mode)) {
		/* the report would be renamed onto a folder (EISDIR),
		   found only after the run */
		diag_error(diag, path, 0, 0,
			   "cannot write the report there: %s is a folder; "
			   "give -o a file in an existing folder",
			   path);
		return -1;
	}
	for (i = 0; i < n_inputs; i++) {
		if (inputs[i] && stat(inputs[i], &in) == 0 &&
		    in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
			diag_error(diag, path, 0, 0,
				   "is the same file as %s, which this run "
				   "reads; the report would overwrite it: "
				   "give -o another file",
				   inputs[i]);
			return -1;
		}
	}
	if (!(flags & PK_OUTPUT_FORCE) && lstat(path, &out) == 0 &&
	    S_ISREG(out.st_mode) && read_only(path, &out)) {
		return refuse_read_only(path, &out, diag);
	}
	if (!(flags & PK_OUTPUT_FORCE) && lstat(path, &out) == 0 &&
	    link_to_read_only(path, &out, &in)) {
		return refuse_read_only(path, &in, diag);
	}
	if (lstat(path, &out) == 0 && S_ISREG(out.st_mode)) {
		return try_create(path, diag); /* replaced by a rename */
	}
	if (stat(path, &out) == 0 && S_ISFIFO(out.st_mode) && !held_path) {
		/* a pipe: its reader must be there now, and is kept until
		   the report (open_in_place_fd) */
		int fd = open_in_place_fd(path);

		if (fd < 0) {
			in_place_error(path, errno, diag);
			return -1;
		}
		held_fd = fd;
		held_path = xstrdup(path);
	}
	return 0;
}

/* Write data to the temporary file fd (mode: the mode it gets), close it
   and rename it to path; 0 or an errno. */
static int write_tmp(int fd, const char *tmp, const char *path, mode_t mode,
		     const char *data, size_t len)
{
	int err = 0;

	if (fchmod(fd, mode) || write_all(fd, data, len) || fsync(fd)) {
		err = errno;
	}
	if (close(fd) && !err) {
		err = errno;
	}
	if (!err && rename(tmp, path)) {
		err = errno;
	}
	return err;
}

int output_write(const char *path, const char *data, size_t len, int flags,
		 struct pk_diag *diag)
{
	struct stat st;
	char *tmp;
	int fd, err = 0, replacing = 0;
	mode_t mask;

	if (!path || strcmp(path, "-") == 0) {
		return to_stdout(data, len, diag);
	}
	if (!path[0]) {
		return refuse_empty(diag);
	}
	if (lstat(path, &st) == 0) {
		struct stat target;

		if (!(flags & PK_OUTPUT_FORCE) &&
		    link_to_read_only(path, &st, &target)) {
			return refuse_read_only(path, &target, diag);
		}
		if (!S_ISREG(st.st_mode)) {
			return to_special(path, data, len, diag);
		}
		if (!(flags & PK_OUTPUT_FORCE) && read_only(path, &st)) {
			return refuse_read_only(path, &st, diag);
		}
		replacing = 1; /* the new report keeps the file's mode */
	}
	mask = umask(0);
	umask(mask);
	tmp = xasprintf("%s.XXXXXX", path);
	guard_signals(1);
	fd = make_tmp(tmp);
	if (fd < 0) {
		err = errno;
	} else {
		/* mkstemp makes 0600; a new report is an ordinary file, a
		   replaced one keeps the mode it had (a private report stays
		   private) */
		err = write_tmp(fd, tmp, path,
				replacing ? st.st_mode & 07777 : 0666 & ~mask,
				data, len);
		if (err) {
			unlink(tmp);
		}
	}
	pending_tmp = NULL;
	guard_signals(0);
	if (err) {
		diag_env_error(diag, path, 0, 0, "cannot write: %s",
			       strerror(err));
	}
	free(tmp);
	return err ? -1 : 0;
}

/* Open os->path in place (output_open): standard output when NULL, else
   an existing non-regular file or symbolic link, as to_special (no
   create, no rename). os->f, or NULL with the error in diag. */
static FILE *open_in_place(struct pk_output_stream *os, struct pk_diag *diag)
{
	int fd;

	if (!os->path) {
		return os->f = stdout;
	}
	fd = open_in_place_fd(os->path);
	if (fd >= 0 && !(os->f = fdopen(fd, "w"))) {
		int err = errno;

		close(fd);
		errno = err;
	}
	if (!os->f) {
		in_place_error(os->path, errno, diag);
	}
	return os->f;
}

/* The temporary file beside os->path for a report of mode (os->tmp,
   pending_tmp, the end signals guarded), open as os->f; NULL with the
   error in diag and nothing left */
static FILE *open_tmp(struct pk_output_stream *os, mode_t mode,
		      struct pk_diag *diag)
{
	int fd, err;

	os->tmp = xasprintf("%s.XXXXXX", os->path);
	guard_signals(1);
	fd = make_tmp(os->tmp);
	if (fd >= 0 && fchmod(fd, mode) == 0 && (os->f = fdopen(fd, "w"))) {
		return os->f;
	}
	err = errno;
	if (fd >= 0) {
		close(fd);
		unlink(os->tmp);
	}
	pending_tmp = NULL;
	guard_signals(0);
	diag_env_error(diag, os->path, 0, 0, "cannot write: %s", strerror(err));
	free(os->tmp);
	os->tmp = NULL;
	return NULL;
}

FILE *output_open(const char *path, int flags, struct pk_output_stream *os,
		  struct pk_diag *diag)
{
	struct stat st;
	mode_t mask;

	memset(os, 0, sizeof(*os));
	os->path = path && strcmp(path, "-") == 0 ? NULL : path;
	if (!os->path) {
		return open_in_place(os, diag);
	}
	if (!path[0]) {
		refuse_empty(diag);
		return NULL;
	}
	mask = umask(0);
	umask(mask);
	if (lstat(path, &st) != 0) {
		/* mkstemp makes 0600; a new report is an ordinary file */
		return open_tmp(os, 0666 & ~mask, diag);
	}
	if (!(flags & PK_OUTPUT_FORCE)) {
		struct stat target;

		if (link_to_read_only(path, &st, &target)) {
			refuse_read_only(path, &target, diag);
			return NULL;
		}
		if (S_ISREG(st.st_mode) && read_only(path, &st)) {
			refuse_read_only(path, &st, diag);
			return NULL;
		}
	}
	if (!S_ISREG(st.st_mode)) {
		return open_in_place(os, diag);
	}
	/* a replaced report keeps the mode it had (a private report stays
	   private) */
	return open_tmp(os, st.st_mode & 07777, diag);
}

int output_close(struct pk_output_stream *os, int ok, struct pk_diag *diag)
{
	int err = 0;

	/* a failed write leaves its errno; fflush, fsync and fclose set
	   their own */
	if (fflush(os->f) || ferror(os->f)) {
		err = errno ? errno : EIO;
	}
	if (!err && os->tmp && fsync(fileno(os->f))) {
		err = errno;
	}
	if (os->f == stdout) {
		clearerr(stdout);
	} else if (fclose(os->f) && !err) {
		err = errno;
	}
	os->f = NULL;
	if (!os->tmp) {
		/* in place: a reader that left (EPIPE) is an error, as
		   in to_stdout and to_special */
		if (err) {
			write_error(os->path ? os->path : "<stdout>", err,
				    diag);
		}
		return err || !ok ? -1 : 0;
	}
	if (!err && ok && rename(os->tmp, os->path)) {
		err = errno;
	}
	if (err || !ok) {
		unlink(os->tmp);
	}
	pending_tmp = NULL;
	guard_signals(0);
	free(os->tmp);
	os->tmp = NULL;
	if (err) {
		diag_env_error(diag, os->path, 0, 0, "cannot write: %s",
			       strerror(err));
	}
	return err || !ok ? -1 : 0;
}
