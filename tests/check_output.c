/*
 * output: where a finished report goes and what happens when it cannot
 * get there (docs/design.md "Errors").
 * - a closed standard output (`pksim run ... | head -1`): the reader left
 *   before the report's end, so it has part of it: exit 1 with `pksim:
 *   <stdout>: error: cannot write: Broken pipe: ...`, once, and no crash
 *   (SIGPIPE ignored);
 * - a full disk on standard output (> /dev/full): exit 1 with
 *   `pksim: <stdout>: error: cannot write: No space left on device`;
 * - -o naming a device (/dev/full, /dev/null): written in place, the
 *   device node left as it was (a temporary file and rename would replace
 *   it: as root, /dev/null would become a regular file);
 * - -o into a directory or a missing directory: exit 1, nothing left
 *   behind, not even the temporary file;
 * - SIGINT or SIGTERM while the report is written: the temporary file is
 *   removed and the signal ends the process as it would have (an ignored
 *   SIGINT stays ignored: the report is written whole);
 * - -o naming an input of the run (the scenario, through a link too, or
 *   its data file), -o "" and a read-only file without --force: refused
 *   before the run, exit 2, the file as it was.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/base/memstream.h"
#include "pksim/base/output.h"
#include "testutil.h"

#define ENOSPC_LINE "error: cannot write: No space left on device\n"
#define EPIPE_LINE                                                             \
	"pksim: <stdout>: error: cannot write: Broken pipe: the reader "       \
	"closed the pipe before the report's end, so it has only part of "     \
	"it\n"

/*
 * Run pksim with argv (argv[0] is replaced by PKSIM_BIN) and standard
 * output on fd out_fd; standard error is captured into *err (caller
 * frees). Returns the raw wait status.
 */
static int run_fd(char *const argv[], int out_fd, char **err)
{
	const char *bin = getenv("PKSIM_BIN");
	char *dir = tu_tmpdir(), epath[512];
	int st = -1, efd;
	pid_t pid;

	ck_assert_ptr_nonnull(bin);
	ck_assert_ptr_nonnull(dir);
	snprintf(epath, sizeof(epath), "%s/err", dir);
	efd = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(efd, 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		/* the child starts with SIGPIPE at its default, as from a shell
		 */
		signal(SIGPIPE, SIG_DFL);
		dup2(out_fd, STDOUT_FILENO);
		dup2(efd, STDERR_FILENO);
		execv(bin, argv);
		_exit(127);
	}
	close(efd);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	*err = tu_read_file(epath, NULL);
	unlink(epath);
	rmdir(dir);
	free(dir);
	return st;
}

static void to_src_root(void)
{
	ck_assert_int_eq(chdir(tu_src(".")), 0);
}

/* Entries in dir other than . and .. */
static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			n++;
		}
	}
	closedir(d);
	return n;
}

/* ------------------------------------------------------------------ */

/* Nothing on stderr but the one line of offices.yaml's expect: summary
   (all assertions holding print one line). */
static int only_expect_line(const char *err)
{
	static const char tail[] = " expectations hold\n";
	size_t n = strlen(err);

	return n > sizeof(tail) && strchr(err, '\n') == err + n - 1 &&
	       strcmp(err + n - (sizeof(tail) - 1), tail) == 0;
}

START_TEST(test_output_closed_stdout)
{
	/* the read end is closed before pksim starts, so its first write
	   fails with EPIPE every time: deterministic, unlike `| head -1`.
	   A report rendered whole and the CSV series written as it is
	   rendered (output_open): the reader got none of it, which exit 0
	   would pass off as a whole report. */
	static const char *fmts[] = {"text", "json", "csv"};
	size_t i;

	to_src_root();
	for (i = 0; i < 3; i++) {
		char *argv[] = {
		    "pksim",	"run",		 "scenarios/offices.yaml",
		    "--format", (char *)fmts[i], NULL};
		int p[2], st;
		char *err = NULL;

		ck_assert_int_eq(pipe(p), 0);
		close(p[0]);
		st = run_fd(argv, p[1], &err);
		close(p[1]);
		ck_assert_msg(WIFEXITED(st), "%s: killed by signal %d", fmts[i],
			      WIFSIGNALED(st) ? WTERMSIG(st) : 0);
		ck_assert_int_eq(WEXITSTATUS(st), 1);
		ck_assert_msg(
		    strstr(err, EPIPE_LINE) &&
			!strstr(strstr(err, EPIPE_LINE) + strlen(EPIPE_LINE),
				"Broken pipe"),
		    "%s: %s", fmts[i], err);
		free(err);
	}
}
END_TEST

START_TEST(test_output_closed_stdout_shell)
{
	/* the command line (pksim run ... | head -1) through the
	   shell: offices' report (9,162 bytes) fits the pipe's buffer, so
	   it is written whole before head leaves (exit 0, no message); if
	   head leaves first, the write fails and says so (exit 1) */
	char *out = NULL, *err = NULL;
	char *dir = tu_tmpdir(), cmd[2048], status[512], *st;

	to_src_root();
	snprintf(status, sizeof(status), "%s/status", dir);
	snprintf(cmd, sizeof(cmd),
		 "-c '{ \"$0\" run scenarios/offices.yaml; echo $? >%s; } "
		 "| head -1'",
		 status);
	/* tu_run runs PKSIM_BIN; run sh instead with PKSIM_BIN as $0 */
	{
		const char *bin = getenv("PKSIM_BIN");
		char full[4096], o[600], e[600];

		snprintf(o, sizeof(o), "%s/out", dir);
		snprintf(e, sizeof(e), "%s/err", dir);
		snprintf(full, sizeof(full), "sh %s '%s' >'%s' 2>'%s'", cmd,
			 bin, o, e);
		ck_assert_int_eq(system(full), 0);
		out = tu_read_file(o, NULL);
		err = tu_read_file(e, NULL);
		unlink(o);
		unlink(e);
	}
	st = tu_read_file(status, NULL);
	ck_assert_ptr_nonnull(st);
	ck_assert_str_eq(out, "pksim run: offices (seed 2)\n");
	if (strcmp(st, "1\n") == 0) {
		ck_assert_msg(strstr(err, EPIPE_LINE), "%s", err);
	} else {
		ck_assert_str_eq(st, "0\n");
		ck_assert_msg(only_expect_line(err), "%s", err);
	}
	unlink(status);
	rmdir(dir);
	free(dir);
	free(st);
	free(out);
	free(err);
}
END_TEST

/* The report (text) and the CSV series (written as it is rendered) to a
   full standard output: exit 1, the error alone */
START_TEST(test_output_full_stdout)
{
	static const char *fmts[] = {"text", "csv"};
	size_t i;

	to_src_root();
	for (i = 0; i < 2; i++) {
		char *argv[] = {
		    "pksim",	"run",		 "scenarios/offices.yaml",
		    "--format", (char *)fmts[i], "--no-remedies",
		    NULL};
		char *err = NULL;
		int fd, st;

		fd = open("/dev/full", O_WRONLY);
		ck_assert_int_ge(fd, 0);
		st = run_fd(argv, fd, &err);
		close(fd);
		ck_assert(WIFEXITED(st));
		ck_assert_int_eq(WEXITSTATUS(st), 1);
		ck_assert_str_eq(err, "pksim: <stdout>: " ENOSPC_LINE);
		free(err);
	}
}
END_TEST

START_TEST(test_output_full_file)
{
	static const char *fmts[] = {"text", "csv"};
	size_t i;

	to_src_root();
	for (i = 0; i < 2; i++) {
		char *out = NULL, *err = NULL, args[256];
		struct stat st;

		snprintf(args, sizeof(args),
			 "run scenarios/offices.yaml --format %s "
			 "--no-remedies -o /dev/full",
			 fmts[i]);
		ck_assert_int_eq(tu_run(args, &out, &err), 1);
		ck_assert_str_eq(err, "pksim: /dev/full: " ENOSPC_LINE);
		ck_assert_str_eq(out, "");
		/* still the device, not a regular file put there by
		   rename */
		ck_assert_int_eq(stat("/dev/full", &st), 0);
		ck_assert(S_ISCHR(st.st_mode));
		free(out);
		free(err);
	}
}
END_TEST

/* The peak bound `pksim run FILE --estimate --format csv` prints ("peak
   RSS at most: ... (N bytes"), in bytes */
static long long csv_peak_bound(const char *file)
{
	char args[1024], *out = NULL, *p;
	long long n = 0;

	snprintf(args, sizeof(args),
		 "run '%s' --estimate --no-remedies --format csv", file);
	ck_assert_int_eq(tu_run(args, &out, NULL), 0);
	p = strstr(out, "peak RSS at most: ");
	ck_assert_ptr_nonnull(p);
	p = strchr(p, '(');
	ck_assert_ptr_nonnull(p);
	for (p++; (*p >= '0' && *p <= '9') || *p == ','; p++) {
		n = *p == ',' ? n : n * 10 + (*p - '0');
	}
	free(out);
	return n;
}

/*
 * The CSV series of a run longer than a day within its own peak bound,
 * the peak RSS the bound says (not under ASan, whose shadow memory
 * counts; without MALLOC_PERTURB_, which touches memory allocated and
 * never used): 10 days at 1 create/s on one range, 864,000 rows. The
 * address space is not the measure: the series' arrays reserve their
 * growth untouched (mem_grow: up to twice below 64 MiB, an eighth
 * more above). Its text is written to the file as
 * it is rendered, never whole in memory (where memory grown by doubling
 * held the old and the new block at once), and the seconds' records and
 * samples behind it grow by an eighth past 64 MiB, not by doubling. The
 * file by hand: a row is `"/k",T,"0",5,400,0.0125,1,0,S,0` and a newline,
 * S = 1,024 x (T + 1) bytes stored, so 30 bytes and T's and S's digits.
 * T = 0 .. 863,999: 10 x 1 + 90 x 2 + 900 x 3 + 9,000 x 4 + 90,000 x 5 +
 * 764,000 x 6 = 5,072,890 digits. S: 4 digits up to T + 1 = 9 (9,216), 5
 * to 97 (99,328), 6 to 976 (999,424), 7 to 9,765 (9,999,360), 8 to
 * 97,656 (99,999,744), 9 past: 9 x 4 + 88 x 5 + 879 x 6 + 8,789 x 7 +
 * 87,891 x 8 + 766,344 x 9 = 7,667,497. 864,000 x 30 + 5,072,890 +
 * 7,667,497 = 38,660,387 bytes, and the 92-byte header: 38,660,479.
 * Before, the run needed about 1.05 x its bound of address space (it
 * spun, then ended out of memory, at 250,000 kB against 239,457 kB).
 * Its bound counts the 864,000 rows at 64 bytes and seconds at 184,
 * 214,272,000 bytes (228,096,000 at 200 and 64 before); measured
 * 179,772 kB in all.
 */
START_TEST(test_output_series_within_bound)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {k: {values: \"k{1..10}\"}}\n"
	    "phases: [{duration: 10d, rate: 1/s}]\n";
	const char *bin = getenv("PKSIM_BIN");
	char *dir = tu_tmpdir(), *file, cmd[4096], csv[512];
	long long bound;
	struct stat st;
	struct rusage ru;

	ck_assert_ptr_nonnull(bin);
	ck_assert_ptr_nonnull(dir);
	file = tu_write_file(dir, "po10.yaml", yaml);
	snprintf(csv, sizeof(csv), "%s/po10.csv", dir);
	bound = csv_peak_bound(file);
	ck_assert_int_gt(bound, 38660479);
	snprintf(cmd, sizeof(cmd),
		 "ulimit -t 120; unset MALLOC_PERTURB_; exec '%s' run '%s' "
		 "--no-remedies --quiet --format csv -o '%s'",
		 bin, file, csv);
	ck_assert_int_eq(system(cmd), 0);
	/* the largest child waited for: pksim (the estimate's run is
	   smaller), kB */
	ck_assert_int_eq(getrusage(RUSAGE_CHILDREN, &ru), 0);
#if !defined(__SANITIZE_ADDRESS__)
	ck_assert_msg((long long)ru.ru_maxrss * 1024 <= bound,
		      "peak RSS %ld kB above the bound's %lld bytes",
		      ru.ru_maxrss, bound);
#endif
	ck_assert_int_eq(stat(csv, &st), 0);
	ck_assert_int_eq(st.st_size, 38660479);
	unlink(csv);
	unlink(file);
	rmdir(dir);
	free(file);
	free(dir);
}
END_TEST

START_TEST(test_output_device_kept)
{
	struct pk_diag d;
	struct stat st;

	/* in-process: writing to /dev/null is a success that leaves the
	   device node alone */
	diag_init(&d);
	ck_assert_int_eq(output_write("/dev/null", "x\n", 2, 0, &d), 0);
	ck_assert_uint_eq(diag_count(&d), 0);
	ck_assert_int_eq(stat("/dev/null", &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	diag_free(&d);
}
END_TEST

START_TEST(test_output_bad_target)
{
	char *dir = tu_tmpdir(), path[512];
	struct pk_diag d;

	ck_assert_ptr_nonnull(dir);
	/* a directory: refused, nothing created beside it */
	diag_init(&d);
	ck_assert_int_eq(output_write(dir, "x\n", 2, 0, &d), -1);
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_str_eq(d.entries[0].msg, "cannot write: Is a directory");
	diag_free(&d);
	ck_assert_int_eq(dir_entries(dir), 0);
	/* a missing directory */
	snprintf(path, sizeof(path), "%s/no/r.txt", dir);
	diag_init(&d);
	ck_assert_int_eq(output_write(path, "x\n", 2, 0, &d), -1);
	ck_assert_str_eq(d.entries[0].msg,
			 "cannot write: No such file or directory");
	diag_free(&d);
	ck_assert_int_eq(dir_entries(dir), 0);
	/* a good file: exactly the report, no temporary file left */
	snprintf(path, sizeof(path), "%s/r.txt", dir);
	diag_init(&d);
	ck_assert_int_eq(output_write(path, "report\n", 7, 0, &d), 0);
	diag_free(&d);
	ck_assert_int_eq(dir_entries(dir), 1);
	{
		char *got = tu_read_file(path, NULL);

		ck_assert_str_eq(got, "report\n");
		free(got);
	}
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* A report written over an existing file keeps that file's mode (0600
   stays 0600, 0640 stays 0640); a new one gets 0666 less the umask
   (022 here: 0644). */
START_TEST(test_output_keeps_mode)
{
	static const mode_t modes[] = {0600, 0640};
	struct pk_diag d;
	struct stat st;
	char *dir = tu_tmpdir(), path[512];
	mode_t old = umask(022);
	size_t i;
	int fd;

	diag_init(&d);
	snprintf(path, sizeof(path), "%s/r.txt", dir);
	for (i = 0; i < 2; i++) {
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, modes[i]);
		ck_assert_int_ge(fd, 0);
		close(fd);
		ck_assert_int_eq(chmod(path, modes[i]), 0);
		ck_assert_int_eq(output_write(path, "report\n", 7, 0, &d), 0);
		ck_assert_int_eq(stat(path, &st), 0);
		ck_assert_int_eq(st.st_mode & 07777, modes[i]);
		unlink(path);
	}
	ck_assert_int_eq(output_write(path, "report\n", 7, 0, &d), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0644);
	unlink(path);
	umask(old);
	rmdir(dir);
	free(dir);
	diag_free(&d);
}
END_TEST

/* Bytes of the report a child writes while it is interrupted: at
   hundreds of MB/s, hundreds of ms of writing, against the microseconds
   from inotify's creation event to the signal */
#define SIG_REPORT_BYTES (256u << 20)

/*
 * Fork a child that writes SIG_REPORT_BYTES to dir/out.csv through
 * output_write (with SIGINT ignored first when ignore); as soon as
 * inotify says the temporary file was created, send it sig. Returns the
 * child's wait status.
 */
static int interrupt_write(const char *dir, int sig, int ignore)
{
	char buf[4096], path[512];
	int in = inotify_init1(IN_CLOEXEC), st;
	pid_t pid;

	ck_assert_int_ge(in, 0);
	ck_assert_int_ge(inotify_add_watch(in, dir, IN_CREATE), 0);
	snprintf(path, sizeof(path), "%s/out.csv", dir);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct pk_diag d;
		char *data = malloc(SIG_REPORT_BYTES);

		if (!data) {
			_exit(99);
		}
		memset(data, 'x', SIG_REPORT_BYTES);
		/* as pksim starts from a shell (Check's own handlers would
		   end the whole test run) */
		signal(SIGINT, ignore ? SIG_IGN : SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		diag_init(&d);
		_exit(output_write(path, data, SIG_REPORT_BYTES, 0, &d) ? 1
									: 0);
	}
	ck_assert_int_gt(read(in, buf, sizeof(buf)), 0); /* out.csv.XXXXXX */
	ck_assert_int_eq(kill(pid, sig), 0);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	close(in);
	return st;
}

START_TEST(test_output_signal_removes_tmp)
{
	static const int sigs[] = {SIGINT, SIGTERM};
	char *dir = tu_tmpdir();
	size_t i;
	int st;

	for (i = 0; i < 2; i++) {
		st = interrupt_write(dir, sigs[i], 0);
		/* ended by the signal, as without pksim's handler */
		ck_assert(WIFSIGNALED(st));
		ck_assert_int_eq(WTERMSIG(st), sigs[i]);
		/* no report and no temporary file */
		ck_assert_int_eq(dir_entries(dir), 0);
	}
	/* an ignored SIGINT (nohup, a background job) stays ignored: the
	   write finishes whole */
	st = interrupt_write(dir, SIGINT, 1);
	ck_assert(WIFEXITED(st));
	ck_assert_int_eq(WEXITSTATUS(st), 0);
	ck_assert_int_eq(dir_entries(dir), 1);
	{
		char path[512];
		struct stat sb;

		snprintf(path, sizeof(path), "%s/out.csv", dir);
		ck_assert_int_eq(stat(path, &sb), 0);
		ck_assert_int_eq(sb.st_size, (off_t)SIG_REPORT_BYTES);
		unlink(path);
	}
	rmdir(dir);
	free(dir);
}
END_TEST

/*
 * A file size limit (ulimit -f, RLIMIT_FSIZE) of 4,096 bytes and a
 * 65,536-byte report: the write past the limit would raise SIGXFSZ,
 * whose default ends the process and leaves out.csv.XXXXXX; ignored
 * for the write, write() fails with EFBIG instead, output_write returns
 * -1 and removes the temporary file: the child exits 1, the folder is
 * empty.
 */
START_TEST(test_output_file_size_limit)
{
	char *dir = tu_tmpdir(), path[512];
	int st;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/out.csv", dir);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		static char data[65536];
		struct rlimit rl = {4096, 4096};
		struct pk_diag d;

		memset(data, 'x', sizeof(data));
		signal(SIGXFSZ, SIG_DFL);
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0) {
			_exit(99);
		}
		diag_init(&d);
		_exit(output_write(path, data, sizeof(data), 0, &d) ? 1 : 0);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st), "ended by signal %d",
		      WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	ck_assert_int_eq(WEXITSTATUS(st), 1);
	ck_assert_int_eq(dir_entries(dir), 0);
	rmdir(dir);
	free(dir);
}
END_TEST

/* A scenario of 2 items read from its data file d.csv beside it */
#define INPUT_SCENARIO                                                         \
	"container: {partition_key: /k, throughput: 400}\n"                    \
	"items: {file: d.csv, format: csv, at_once: true}\n"
#define INPUT_DATA "k,v\na,1\nb,2\n"

/* pksim run dir/s.yaml -o dir/NAME [extra] (-o "" when name is empty);
   the exit status, and the first line of stderr in err (cap bytes) */
static int run_to(const char *dir, const char *name, const char *extra,
		  char *err, size_t cap)
{
	char args[1536];
	char *out = NULL, *e = NULL, *nl;
	int rc;

	snprintf(args, sizeof(args), "run '%s/s.yaml' -o '%s%s%s' %s", dir,
		 name[0] ? dir : "", name[0] ? "/" : "", name, extra);
	rc = tu_run(args, &out, &e);
	snprintf(err, cap, "%s", e ? e : "");
	if ((nl = strchr(err, '\n'))) {
		*nl = '\0';
	}
	free(out);
	free(e);
	return rc;
}

/* The file at dir/name holds text */
static void holds(const char *dir, const char *name, const char *text)
{
	char path[512], *got;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	got = tu_read_file(path, NULL);
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, text);
	free(got);
}

START_TEST(test_output_not_an_input)
{
	char *dir = tu_tmpdir(), err[1024], want[1536], link[512];
	char *s = tu_write_file(dir, "s.yaml", INPUT_SCENARIO);
	char *d = tu_write_file(dir, "d.csv", INPUT_DATA);

	/* the scenario itself, and through a symbolic link to it */
	ck_assert_int_eq(run_to(dir, "s.yaml", "", err, sizeof(err)), 2);
	snprintf(want, sizeof(want),
		 "pksim: %s/s.yaml: error: is the same file as %s/s.yaml, "
		 "which this run reads; the report would overwrite it: give "
		 "-o another file",
		 dir, dir);
	ck_assert_str_eq(err, want);
	holds(dir, "s.yaml", INPUT_SCENARIO);
	snprintf(link, sizeof(link), "%s/l.yaml", dir);
	ck_assert_int_eq(symlink(s, link), 0);
	ck_assert_int_eq(run_to(dir, "l.yaml", "", err, sizeof(err)), 2);
	holds(dir, "s.yaml", INPUT_SCENARIO);
	/* the data file the scenario reads (resolved beside it), even with
	   --force */
	ck_assert_int_eq(run_to(dir, "d.csv", "--force", err, sizeof(err)), 2);
	ck_assert_ptr_nonnull(strstr(err, "d.csv, which this run reads"));
	holds(dir, "d.csv", INPUT_DATA);
	/* the price table the run reads (--prices), even with --force */
	{
		char args[1600], *o = NULL, *e = NULL;
		char *pt = tu_read_file(
		    tu_src("data/prices/prices-2026-11-30.csv"), NULL);
		char *p = tu_write_file(dir, "p.csv", pt);
		char *m = tu_write_file(dir, "m.yaml",
					INPUT_SCENARIO
					"pricing: {region: us-nongov}\n");

		snprintf(args, sizeof(args),
			 "run '%s' --prices '%s' --force -o '%s'", m, p, p);
		ck_assert_int_eq(tu_run(args, &o, &e), 2);
		ck_assert_msg(strstr(e, "p.csv, which this run reads"), "%s",
			      e);
		holds(dir, "p.csv", pt);
		unlink(p);
		unlink(m);
		free(o);
		free(e);
		free(m);
		free(p);
		free(pt);
	}
	/* -o "": says what is wrong */
	ck_assert_int_eq(run_to(dir, "", "", err, sizeof(err)), 2);
	ck_assert_str_eq(err, "pksim: -o: error: needs a file name, got an "
			      "empty one; give -o FILE, or -o - (or no -o) "
			      "for standard output");
	/* only the inputs and the link: no report, no temporary file */
	ck_assert_int_eq(dir_entries(dir), 3);
	unlink(link);
	unlink(s);
	unlink(d);
	free(s);
	free(d);
	rmdir(dir);
	free(dir);
}
END_TEST

/* A read-only report (0444) is replaced only with --force; the refusal
   comes before the run and leaves the file as it was. Mode bits, not
   access(2) alone: root (CI) could write it anyway. */
START_TEST(test_output_read_only)
{
	char *dir = tu_tmpdir(), err[1024], want[1536];
	char *s = tu_write_file(dir, "s.yaml", INPUT_SCENARIO);
	char *d = tu_write_file(dir, "d.csv", INPUT_DATA);
	char *r = tu_write_file(dir, "r.txt", "old\n");
	struct stat st;

	ck_assert_int_eq(chmod(r, 0444), 0);
	ck_assert_int_eq(run_to(dir, "r.txt", "", err, sizeof(err)), 2);
	snprintf(want, sizeof(want),
		 "pksim: %s: error: the file is read-only (mode 0444); pksim "
		 "replaces a read-only file only with --force (or give -o "
		 "another file)",
		 r);
	ck_assert_str_eq(err, want);
	holds(dir, "r.txt", "old\n");
	ck_assert_int_eq(run_to(dir, "r.txt", "--force", err, sizeof(err)), 0);
	ck_assert_int_eq(stat(r, &st), 0);
	/* replaced; the report keeps the file's mode */
	ck_assert_int_eq(st.st_mode & 07777, 0444);
	ck_assert_int_gt(st.st_size, 4);
	ck_assert_int_eq(dir_entries(dir), 3);
	unlink(r);
	unlink(s);
	unlink(d);
	free(r);
	free(s);
	free(d);
	rmdir(dir);
	free(dir);
}
END_TEST

/* -o through a symbolic link to a read-only file is refused as the file
   itself is (a link is written in place: without the check the report
   would overwrite it), and written with --force; a link to a writable file
   is written in place. -o into a missing folder and -o '=r.txt' (the
   file name after a stray '=') are refused before the run: exit 2, the
   message, no file made; so is -o naming a folder. */
START_TEST(test_output_link_folder_equals)
{
	char *dir = tu_tmpdir(), err[1024], want[1536], link[512];
	char *s = tu_write_file(dir, "s.yaml", INPUT_SCENARIO);
	char *d = tu_write_file(dir, "d.csv", INPUT_DATA);
	char *r = tu_write_file(dir, "r.txt", "old\n");
	char *w = tu_write_file(dir, "w.txt", "old\n");

	ck_assert_int_eq(chmod(r, 0444), 0);
	snprintf(link, sizeof(link), "%s/l.txt", dir);
	ck_assert_int_eq(symlink(r, link), 0);
	ck_assert_int_eq(run_to(dir, "l.txt", "", err, sizeof(err)), 2);
	snprintf(want, sizeof(want),
		 "pksim: %s: error: the file is read-only (mode 0444); pksim "
		 "replaces a read-only file only with --force (or give -o "
		 "another file)",
		 link);
	ck_assert_str_eq(err, want);
	holds(dir, "r.txt", "old\n");
	unlink(link);
	ck_assert_int_eq(symlink(w, link), 0);
	ck_assert_int_eq(run_to(dir, "l.txt", "", err, sizeof(err)), 0);
	ck_assert_int_eq(unlink(link), 0); /* still the link, w.txt written */
	ck_assert_int_eq(dir_entries(dir), 4);

	ck_assert_int_eq(run_to(dir, "no/r.txt", "", err, sizeof(err)), 2);
	snprintf(want, sizeof(want),
		 "pksim: %s/no/r.txt: error: cannot write the report there: "
		 "%s/no is not an existing folder; give -o a file in an "
		 "existing folder",
		 dir, dir);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(run_to(dir, "s.yaml/r.txt", "", err, sizeof(err)), 2);
	ck_assert_ptr_nonnull(strstr(err, "s.yaml is not a folder"));
	ck_assert_int_eq(dir_entries(dir), 4);
	{
		char args[1024], *out = NULL, *e = NULL;

		snprintf(args, sizeof(args), "run '%s/s.yaml' -o=r.txt", dir);
		ck_assert_int_eq(tu_run(args, &out, &e), 2);
		ck_assert_str_eq(e, "pksim: -o: error: '=r.txt' starts with "
				    "'=': write -o FILE (a space, no '=') or "
				    "--output=FILE\n");
		free(out);
		free(e);
	}
	ck_assert_int_eq(dir_entries(dir), 4);
	/* -o naming a folder: refused before the run in the missing
	   folder's words (exit 2), not found when the report is renamed
	   onto it (exit 1), and nothing is left in it */
	snprintf(link, sizeof(link), "%s/sub", dir);
	ck_assert_int_eq(mkdir(link, 0755), 0);
	ck_assert_int_eq(run_to(dir, "sub", "", err, sizeof(err)), 2);
	snprintf(want, sizeof(want),
		 "pksim: %s/sub: error: cannot write the report there: %s/sub "
		 "is a folder; give -o a file in an existing folder",
		 dir, dir);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(dir_entries(link), 0);
	ck_assert_int_eq(rmdir(link), 0);
	unlink(r);
	unlink(w);
	unlink(s);
	unlink(d);
	free(r);
	free(w);
	free(s);
	free(d);
	rmdir(dir);
	free(dir);
}
END_TEST

/* -o where pksim cannot create a file, though the folder is there: /proc
   (creating a file there says ENOENT) and a name past NAME_MAX (255
   bytes). Said before the run with the reason (exit 1, the
   environment's), where the whole run went first and then "cannot
   write"; nothing is left in the folder. */
START_TEST(test_output_cannot_create)
{
	char *dir = tu_tmpdir(), args[2048], name[300], *out = NULL, *e = NULL;
	char *s = tu_write_file(dir, "s.yaml", INPUT_SCENARIO);
	char *d = tu_write_file(dir, "d.csv", INPUT_DATA);

	snprintf(args, sizeof(args), "run '%s' -o /proc/pksim-out.txt", s);
	ck_assert_int_eq(tu_run(args, &out, &e), 1);
	ck_assert_str_eq(e, "pksim: /proc/pksim-out.txt: error: cannot write "
			    "the report there: cannot create a file beside "
			    "it (No such file or directory); give -o a file "
			    "in a folder pksim can write\n");
	free(out);
	free(e);
	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	snprintf(args, sizeof(args), "run '%s' -o '%s/%s'", s, dir, name);
	ck_assert_int_eq(tu_run(args, &out, &e), 1);
	ck_assert_msg(strstr(e, "cannot create a file beside it (File name "
				"too long)"),
		      "%s", e);
	free(out);
	free(e);
	ck_assert_int_eq(dir_entries(dir), 2);
	unlink(s);
	unlink(d);
	free(s);
	free(d);
	rmdir(dir);
	free(dir);
}
END_TEST

/* -o naming a FIFO: with no process reading it the run is refused before
   it starts (exit 1; it waited for a reader for ever), and nothing is
   left in the folder; with a reader (this test, holding the read end
   open without blocking: the short report fits the pipe's buffer) the
   report goes through it whole and the reader sees its end only after
   the report (output_check holds the write end from the check on). */
START_TEST(test_output_fifo_reader)
{
	char *dir = tu_tmpdir(), args[2048], *out = NULL, *e = NULL, *p;
	char *s = tu_write_file(dir, "s.yaml", INPUT_SCENARIO);
	char *d = tu_write_file(dir, "d.csv", INPUT_DATA);
	char want[128], got[65536];
	ssize_t n, all = 0;
	int fd;

	p = tu_write_file(dir, "p", "");
	unlink(p);
	ck_assert_int_eq(mkfifo(p, 0600), 0);
	snprintf(args, sizeof(args), "run '%s' -o '%s'", s, p);
	ck_assert_int_eq(tu_run(args, &out, &e), 1);
	snprintf(want, sizeof(want),
		 "pksim: %s: error: cannot write: no process has this pipe ",
		 p);
	ck_assert_msg(strncmp(e, want, strlen(want)) == 0, "%s", e);
	free(out);
	free(e);
	ck_assert_int_eq(dir_entries(dir), 3);
	fd = open(p, O_RDONLY | O_NONBLOCK);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(tu_run(args, &out, &e), 0);
	while ((n = read(fd, got + all, sizeof(got) - 1 - (size_t)all)) > 0) {
		all += n;
	}
	ck_assert_int_eq(n, 0); /* the end: pksim closed the pipe */
	got[all] = '\0';
	ck_assert_ptr_nonnull(strstr(got, "pksim run: s (seed 1)\n"));
	close(fd);
	free(out);
	free(e);
	unlink(p);
	unlink(s);
	unlink(d);
	free(p);
	free(s);
	free(d);
	rmdir(dir);
	free(dir);
}
END_TEST

/* xmemstream keeps every byte: 1,000,000 writes of the 10 bytes
   "0123456789" are 10,000,000 bytes, the last a '9', then the NUL */
START_TEST(test_memstream_holds_every_byte)
{
	char *buf = NULL;
	size_t len = 1, i;
	FILE *f = xmemstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(len, 0);
	ck_assert_str_eq(buf, "");
	for (i = 0; i < 1000000; i++) {
		fputs("0123456789", f);
	}
	ck_assert_int_eq(fflush(f), 0);
	ck_assert_uint_eq(len, 10000000);
	ck_assert_int_eq(buf[len - 1], '9');
	ck_assert_int_eq(buf[len], '\0');
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_uint_eq(len, 10000000);
	ck_assert_int_eq(memcmp(buf + 4999990, "0123456789", 10), 0);
	free(buf);
}
END_TEST

/* A report rendered into memory under an address-space limit ends
   `pksim: out of memory`, exit 1: glibc's open_memstream dropped what no
   longer fit, left the error flag clear and fclose returned 0, so the
   child below exited 0 with a report cut short. The child may grow 32
   MiB past what it maps at the start and writes 256 MiB. Not under
   ASan, whose shadow memory an address-space limit refuses. */
START_TEST(test_memstream_out_of_memory_exits)
{
#if defined(__SANITIZE_ADDRESS__)
	return;
#else
	pid_t pid = fork();
	int status = 0;

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		static char chunk[1 << 20];
		unsigned long pages = 0;
		FILE *statm = fopen("/proc/self/statm", "r");
		struct rlimit as;
		char *buf = NULL;
		size_t len = 0;
		FILE *f;
		int i, fd = open("/dev/null", O_WRONLY);

		if (!statm || fscanf(statm, "%lu", &pages) != 1 || fd < 0) {
			_exit(3);
		}
		fclose(statm);
		dup2(fd, 2);
		memset(chunk, 'x', sizeof(chunk));
		as.rlim_cur = as.rlim_max =
		    (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) +
		    ((rlim_t)32 << 20);
		if (setrlimit(RLIMIT_AS, &as)) {
			_exit(4);
		}
		f = xmemstream(&buf, &len);
		for (i = 0; i < 256; i++) {
			if (fwrite(chunk, 1, sizeof(chunk), f) !=
			    sizeof(chunk)) {
				_exit(5);
			}
		}
		_exit(fclose(f) == 0 && len == ((size_t)256 << 20) ? 6 : 7);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 1);
#endif
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("stdout");

	tcase_add_test(tc, test_output_closed_stdout);
	tcase_add_test(tc, test_output_closed_stdout_shell);
	tcase_add_test(tc, test_output_full_stdout);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	tc = tcase_create("file");
	tcase_add_test(tc, test_output_full_file);
	tcase_add_test(tc, test_output_device_kept);
	tcase_add_test(tc, test_output_bad_target);
	tcase_add_test(tc, test_output_keeps_mode);
	tcase_add_test(tc, test_output_signal_removes_tmp);
	tcase_add_test(tc, test_output_file_size_limit);
	tcase_add_test(tc, test_output_not_an_input);
	tcase_add_test(tc, test_output_read_only);
	tcase_add_test(tc, test_output_link_folder_equals);
	tcase_add_test(tc, test_output_series_within_bound);
	tcase_add_test(tc, test_output_cannot_create);
	tcase_add_test(tc, test_output_fifo_reader);
	tcase_add_test(tc, test_memstream_holds_every_byte);
	tcase_add_test(tc, test_memstream_out_of_memory_exits);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
