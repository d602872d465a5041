/*
 * badinput: bad inputs too big or too odd to commit as files.
 * Each is generated here into a temporary directory and given to the
 * pksim binary with -o; each must end with the expected first message
 * line and exit status, leave no report (the directory holds only the
 * input afterwards), and stay within bounded time and memory:
 * - a 100 MB scalar: refused by size before parsing (exit 2);
 * - lists nested 10,000 deep: refused at depth 64 (exit 2);
 * - a data file with a 128 MiB line, CSV row or JSON record: refused at
 *   its start once 8 MiB are read, in a few MiB of memory; a 4 GiB
 *   (sparse) file of NULs: refused at 1:1 at once (exit 2);
 * - a plan counting a pipe (count_from): a record at a time in a few
 *   MiB, refused at the first record without its value (exit 2);
 * - a directory instead of a scenario file (exit 2, like a missing file:
 *   see check_cli);
 * - a file without read permission: an environment error (exit 1,
 *   docs/design.md "Errors"). Skipped when running as root, where permission
 *   checks do not apply; CI runs as root, so CI skips it.
 * The alias bomb ("billion laughs") is small and lives in the committed
 * corpus: tests/bad/billion-laughs.yaml.
 */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

/* Bounds on one refused run. Generous: the same test runs under ASan and
   valgrind; a loader that expanded its input would blow through both. */
#define BAD_MAX_CPU_S 120
#define BAD_MAX_RSS_KB (1024L * 1024L)

#define HEAD                                                                   \
	"container: {partition_key: /k, throughput: 400}\n"                    \
	"phases: [{duration: 1m, rate: 1/s}]\n"

/* The address space a refused run may take in refused_small (256 MiB):
   each of those scenarios would need GiB or years if it ran. */
#define BAD_AS_BYTES (256L * 1024L * 1024L)

/* 1 when refused_small limits the address space: not when this test,
   and so the pksim it runs (one build's flags), is built with
   AddressSanitizer, which reserves terabytes of shadow address space
   at start and cannot start under 256 MiB. The environment cannot tell:
   `meson test -C build-asan` sets no ASAN_OPTIONS. There the refusals'
   status and messages are checked, the small memory in build/. */
static int as_limited(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return 0;
#else
	return 1;
#endif
}

struct bad_run {
	int status; /* exit status, or -1 if killed */
	char *err;  /* captured stderr, caller frees */
	long maxrss_kb;
	double cpu_s;
};

/* Run PKSIM_BIN run input -o dir/report.txt with a CPU limit; stdout and
   stderr go to files in dir, which are removed afterwards. */
static void run_bad(const char *dir, const char *input, struct bad_run *r)
{
	const char *bin = getenv("PKSIM_BIN");
	char report[512], epath[512], opath[512];
	struct rusage ru;
	int st;
	pid_t pid;

	ck_assert_ptr_nonnull(bin);
	snprintf(report, sizeof(report), "%s/report.txt", dir);
	snprintf(epath, sizeof(epath), "%s/stderr", dir);
	snprintf(opath, sizeof(opath), "%s/stdout", dir);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct rlimit cpu = {BAD_MAX_CPU_S, BAD_MAX_CPU_S};
		int e = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int o = open(opath, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		setrlimit(RLIMIT_CPU, &cpu);
		dup2(o, STDOUT_FILENO);
		dup2(e, STDERR_FILENO);
		execl(bin, "pksim", "run", input, "-o", report, (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(wait4(pid, &st, 0, &ru), pid);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	r->err = tu_read_file(epath, NULL);
	r->maxrss_kb = ru.ru_maxrss;
	r->cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
		   1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
	{
		char *out = tu_read_file(opath, NULL);

		ck_assert_str_eq(out, ""); /* nothing on stdout either */
		free(out);
	}
	unlink(epath);
	unlink(opath);
	/* no report, not even a temporary file beside it */
	{
		DIR *d = opendir(dir);
		struct dirent *e;

		ck_assert_ptr_nonnull(d);
		while ((e = readdir(d)) != NULL) {
			ck_assert_msg(strncmp(e->d_name, "report", 6) != 0,
				      "%s left %s behind", input, e->d_name);
		}
		closedir(d);
	}
	ck_assert_ptr_nonnull(r->err);
	ck_assert_msg(r->cpu_s < BAD_MAX_CPU_S, "%s: %.1f s of CPU", input,
		      r->cpu_s);
	ck_assert_msg(r->maxrss_kb < BAD_MAX_RSS_KB, "%s: %ld KB resident",
		      input, r->maxrss_kb);
}

/* The first line of s, in place. */
static char *first_line(char *s)
{
	char *nl = strchr(s, '\n');

	if (nl) {
		*nl = '\0';
	}
	return s;
}

static void write_file(const char *path, const char *a, size_t an, int fill,
		       size_t n, const char *b, size_t bn)
{
	FILE *f = fopen(path, "wb");
	char block[65536];
	size_t k;

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(a, 1, an, f), an);
	memset(block, fill, sizeof(block));
	for (k = 0; k < n; k += sizeof(block)) {
		size_t m = n - k < sizeof(block) ? n - k : sizeof(block);

		ck_assert_uint_eq(fwrite(block, 1, m, f), m);
	}
	ck_assert_uint_eq(fwrite(b, 1, bn, f), bn);
	ck_assert_int_eq(fclose(f), 0);
}

/* ------------------------------------------------------------------ */

/*
 * Runs that must be refused before any simulation, under a 256 MiB
 * address-space limit (RLIMIT_AS, as prlimit --as; not under ASan, whose
 * shadow memory needs more) and 20 s of CPU: each committed
 * tests/bad/NAME.yaml exits 2 with the first line of NAME.expect. Each
 * would take GiB of memory, centuries of simulated time or hours of work
 * if it started: the refusal is up front, not an out-of-memory halfway.
 */
START_TEST(test_badinput_refused_small)
{
	static const char *const names[] = {
	    "client-budget-cost-override",
	    "client-budget-time",
	    "client-latency-time",
	    "run-ops-just-over",
	    "memory-rounds-to-limit",
	    "memory-too-big",
	    "retry-memory",
	    "retry-memory-streams",
	    "long-keys-memory",
	    "preload-long-keys-memory",
	    "query-in-work",
	    "query-fanout-work",
	    "client-queue-memory",
	    "work-retries",
	    "work-gone-retries",
	    "client-gone-time",
	    "ddb-legacy-time",
	    "ddb-legacy-retry-memory",
	    "ddb-legacy-work",
	    "ddb-put-work",
	    "ddb-heat-split-work",
	    "ddb-gsi-rows-memory",
	    "client-arrival-time",
	    "client-file-arrival-time",
	    "client-monitor-time",
	    "client-step-late-time",
	    "client-spike-late-time",
	    "client-spike-train-time",
	    "client-ramp-time",
	    "client-ramp-budget-time",
	    "client-ramp-spikes-time",
	    "client-queue-peak-memory",
	    "work-streams-together",
	    "work-throughput-carried",
	    "work-bucket",
	    "work-redistribute",
	    "work-low-priority",
	};
	const char *bin = getenv("PKSIM_BIN");
	size_t i;

	ck_assert_ptr_nonnull(bin);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char yaml[256], expect[256], *want, *err;
		char *dir = tu_tmpdir(), epath[512];
		int st;
		pid_t pid;

		snprintf(yaml, sizeof(yaml), "tests/bad/%s.yaml", names[i]);
		snprintf(expect, sizeof(expect), "tests/bad/%s.expect",
			 names[i]);
		snprintf(epath, sizeof(epath), "%s/stderr", dir);
		pid = fork();
		ck_assert_int_ge(pid, 0);
		if (pid == 0) {
			struct rlimit cpu = {20, 20};
			struct rlimit as = {BAD_AS_BYTES, BAD_AS_BYTES};
			int e = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0600);

			if (chdir(tu_src(".")) != 0) {
				_exit(126);
			}
			setrlimit(RLIMIT_CPU, &cpu);
			if (as_limited()) {
				setrlimit(RLIMIT_AS, &as);
			}
			dup2(e, STDERR_FILENO);
			execl(bin, "pksim", "run", yaml, "-o", "/dev/null",
			      (char *)NULL);
			_exit(127);
		}
		ck_assert_int_eq(waitpid(pid, &st, 0), pid);
		err = tu_read_file(epath, NULL);
		want = tu_read_file(tu_src(expect), NULL);
		ck_assert_ptr_nonnull(err);
		ck_assert_ptr_nonnull(want);
		ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2,
			      "%s: status %d: %s", yaml, st, err);
		ck_assert_str_eq(first_line(err), first_line(want));
		free(err);
		free(want);
		unlink(epath);
		rmdir(dir);
		free(dir);
	}
}
END_TEST

/* Records of {"officeId": "a"} (18 bytes with its newline) a pipe feeds
   count_plan_pipe before its bad one: 54,000,000 bytes, which a plan
   that held every record as loaded took 111 MB resident to count (and
   `yes`, without end, ran out of memory). */
#define PIPE_RECORDS 3000000L

/* Feed the FIFO at path: PIPE_RECORDS records and one without the
   /officeId the plan counts by when good, else "y" lines (as `yes`) until
   the reader stops; exits. */
static void feed_fifo(const char *path, int good)
{
	static const char rec[] = "{\"officeId\": \"a\"}\n";
	char block[18 * 3000];
	int fd = open(path, O_WRONLY);
	size_t k;
	long n;

	if (fd < 0) {
		_exit(1);
	}
	signal(SIGPIPE, SIG_IGN);
	if (!good) {
		for (k = 0; k + 2 <= sizeof(block); k += 2) {
			memcpy(block + k, "y\n", 2);
		}
		while (write(fd, block, sizeof(block)) > 0) {
		}
		_exit(0);
	}
	for (k = 0; k < sizeof(block); k += sizeof(rec) - 1) {
		memcpy(block + k, rec, sizeof(rec) - 1);
	}
	for (n = 0; n < PIPE_RECORDS; n += 3000) {
		if (write(fd, block, sizeof(block)) != (ssize_t)sizeof(block)) {
			_exit(1);
		}
	}
	if (write(fd, "{\"x\": 1}\n", 9) != 9) {
		_exit(1);
	}
	close(fd);
	_exit(0);
}

/*
 * A plan whose count_from names a pipe: counted a record at a time in a
 * few MiB whatever the pipe sends, under BAD_AS_BYTES of address space;
 * refused (exit 2) at the first record without the value it counts by,
 * at its line: record PIPE_RECORDS + 1 of the good feed, record 1 (line
 * 2, under the CSV header "y") of `yes`.
 */
static void count_plan_pipe(int good, const char *want_tail)
{
	static const char plan[] =
	    "per: /officeId\n"
	    "count_from: {file: in.data}\n"
	    "item_size: 221\nru_per_write: 6\nyears: 5\n"
	    "max_throughput: 2000\nworking_days: 230\nkeys: [/officeId]\n";
	const char *bin = getenv("PKSIM_BIN");
	char *dir = tu_tmpdir(), path[512], fifo[512], epath[512], out[512],
	     want[1024], *err;
	struct rusage ru;
	pid_t feeder, pid;
	int st;

	ck_assert_ptr_nonnull(bin);
	snprintf(path, sizeof(path), "%s/p.yaml", dir);
	snprintf(fifo, sizeof(fifo), "%s/in.data", dir);
	snprintf(epath, sizeof(epath), "%s/stderr", dir);
	snprintf(out, sizeof(out), "%s/report.txt", dir);
	write_file(path, plan, strlen(plan), 0, 0, "", 0);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	feeder = fork();
	ck_assert_int_ge(feeder, 0);
	if (feeder == 0) {
		feed_fifo(fifo, good);
	}
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct rlimit cpu = {BAD_MAX_CPU_S, BAD_MAX_CPU_S};
		struct rlimit as = {BAD_AS_BYTES, BAD_AS_BYTES};
		int e = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		setrlimit(RLIMIT_CPU, &cpu);
		if (as_limited()) {
			setrlimit(RLIMIT_AS, &as);
		}
		dup2(e, STDERR_FILENO);
		execl(bin, "pksim", "plan", path, "-o", out, (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(wait4(pid, &st, 0, &ru), pid);
	/* the feeder has ended at its last record or at the closed pipe,
	   unless pksim never opened the pipe */
	kill(feeder, SIGKILL);
	ck_assert_int_eq(waitpid(feeder, NULL, 0), feeder);
	err = tu_read_file(epath, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d: %s",
		      st, err);
	snprintf(want, sizeof(want), "pksim: %s%s", fifo, want_tail);
	ck_assert_str_eq(first_line(err), want);
	ck_assert_int_ne(access(out, F_OK), 0); /* no report */
	if (as_limited()) {
		ck_assert_msg(ru.ru_maxrss < 64L * 1024L, "%ld KB resident",
			      ru.ru_maxrss);
	}
	free(err);
	unlink(epath);
	unlink(fifo);
	unlink(path);
	rmdir(dir);
	free(dir);
}

START_TEST(test_badinput_plan_count_pipe)
{
	/* `yes`: the CSV header "y", then record 1 on line 2 */
	count_plan_pipe(0, ":2: error: record 1 has no non-empty string of "
			   "at most 255 bytes at /officeId; count_from "
			   "counts records by their /officeId");
	/* 3,000,000 good records on lines 1 .. 3,000,000, the bad one
	   after them */
	count_plan_pipe(1, ":3000001: error: record 3000001 has no "
			   "non-empty string of at most 255 bytes at "
			   "/officeId; count_from counts records by their "
			   "/officeId");
}
END_TEST

START_TEST(test_badinput_huge_scalar)
{
	/* 100 MB: name: xxxx...; the loader's limit is 16 MB */
	static const char pre[] = HEAD "name: ";
	char *dir = tu_tmpdir(), path[512], want[1024];
	struct bad_run r;

	snprintf(path, sizeof(path), "%s/huge.yaml", dir);
	write_file(path, pre, strlen(pre), 'x', 100u * 1024u * 1024u, "\n", 1);
	run_bad(dir, path, &r);
	ck_assert_int_eq(r.status, 2);
	/* the file's own size, from its open file before a byte is read:
	   HEAD (84 bytes), "name: " (6), 100 x 2^20 = 104,857,600 x and a
	   newline: 104,857,691 bytes */
	snprintf(want, sizeof(want),
		 "pksim: %s: error: the scenario is 104,857,691 bytes "
		 "(100.0 MiB), above pksim's limit of 16,777,216 bytes "
		 "(16.0 MiB); a scenario is a few pages of YAML: records "
		 "belong in a data file (items: {file: ...})",
		 path);
	ck_assert_str_eq(first_line(r.err), want);
	free(r.err);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* The tail of every long-record refusal (PK_TRACE_MAX_RECORD_BYTES:
   8 x 2^20 = 8,388,608 bytes, 8.0 MiB). */
#define LONG_TAIL                                                              \
	" runs past pksim's limit of 8,388,608 bytes (8.0 MiB) for a line or " \
	"record of a data file, and reading stops here; a record stands for "  \
	"one item, which is at most 2 MB in Azure Cosmos DB and 400 KB in "    \
	"Amazon DynamoDB"

/* Resident memory a long-record refusal may take, below the 128 MiB
   each case's record holds (before the limit a record was held whole,
   two to five times over): at most 8 MiB of it is held, and a parse of
   it takes a few times that (jansson's arena keeps the buffers its
   lexer doubles through: about 60 MiB for the JSON record when
   MALLOC_PERTURB_, which meson test sets, touches every byte
   allocated; 28 MiB without). */
#define LONG_MAX_RSS_KB (96L * 1024L)

/*
 * Run a scenario that loads dir/d.data (made by the caller) at once;
 * the first stderr line must be dir/d.data:where: error: what, and the
 * run must stay under LONG_MAX_RSS_KB (not under ASan, whose shadow
 * memory counts as resident).
 */
static void long_case(char *dir, const char *where, const char *what)
{
	static const char yaml[] =
	    "container: {partition_key: /k, throughput: 400}\n"
	    "items: {file: d.data, format: auto, at_once: true}\n";
	char path[512], data[512], want[1024];
	struct bad_run r;

	snprintf(path, sizeof(path), "%s/s.yaml", dir);
	snprintf(data, sizeof(data), "%s/d.data", dir);
	write_file(path, yaml, strlen(yaml), 0, 0, "", 0);
	run_bad(dir, path, &r);
	ck_assert_int_eq(r.status, 2);
	snprintf(want, sizeof(want), "pksim: %s:%s: error: %s", data, where,
		 what);
	ck_assert_str_eq(first_line(r.err), want);
	if (as_limited()) {
		ck_assert_msg(r.maxrss_kb < LONG_MAX_RSS_KB, "%ld KB resident",
			      r.maxrss_kb);
	}
	free(r.err);
	unlink(path);
	unlink(data);
	rmdir(dir);
	free(dir);
}

/* 128 MiB of data, so that holding it whole shows in the resident size. */
#define LONG_BYTES (128u * 1024u * 1024u)

START_TEST(test_badinput_long_csv_line)
{
	/* a header, then one 128 MiB line with no newline: refused at its
	   start, line 2, once 8 MiB of it are read */
	char *dir = tu_tmpdir(), data[512];

	snprintf(data, sizeof(data), "%s/d.data", dir);
	write_file(data, "k\n", 2, 'x', LONG_BYTES, "", 0);
	long_case(dir, "2:1", "this line" LONG_TAIL);
}
END_TEST

START_TEST(test_badinput_long_csv_row)
{
	/* a quoted field of 128 MiB of newlines: each line is short, the row
	   (from line 2, `a,"`) is not */
	char *dir = tu_tmpdir(), data[512];

	snprintf(data, sizeof(data), "%s/d.data", dir);
	write_file(data, "k,v\na,\"", 7, '\n', LONG_BYTES, "\"\n", 2);
	long_case(dir, "2:1", "this CSV row" LONG_TAIL);
}
END_TEST

START_TEST(test_badinput_long_jsonl_record)
{
	/* one JSON-lines record of 128 MiB: {"k":"xxx...  */
	char *dir = tu_tmpdir(), data[512];

	snprintf(data, sizeof(data), "%s/d.data", dir);
	write_file(data, "{\"k\":\"", 6, 'x', LONG_BYTES, "\"}\n", 3);
	long_case(dir, "1:1", "this line" LONG_TAIL);
}
END_TEST

START_TEST(test_badinput_long_json_record)
{
	/* a JSON array whose second record, at line 2 column 2 (after
	   `[{"k":"a"},\n `), is 128 MiB */
	static const char head[] = "[{\"k\":\"a\"},\n {\"k\":\"";
	char *dir = tu_tmpdir(), data[512];

	snprintf(data, sizeof(data), "%s/d.data", dir);
	write_file(data, head, strlen(head), 'x', LONG_BYTES, "\"}]\n", 4);
	long_case(dir, "2:2", "this record" LONG_TAIL);
}
END_TEST

START_TEST(test_badinput_nul_file)
{
	/* 4 GiB of NULs, the largest data file pksim takes, made sparse:
	   refused at its first byte at once, not read to its end */
	char *dir = tu_tmpdir(), data[512];
	int fd;

	snprintf(data, sizeof(data), "%s/d.data", dir);
	fd = open(data, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (off_t)4 << 30), 0);
	close(fd);
	long_case(dir, "1:1",
		  "a NUL character; the data file must be text, which has "
		  "none");
}
END_TEST

START_TEST(test_badinput_deep_nesting)
{
	/* x: [[[[ ... ]]]] 10,000 deep, 20 KB in all */
	static const char pre[] = HEAD "x: ";
	char *dir = tu_tmpdir(), path[512], want[600];
	char *close_brackets = malloc(10001);
	struct bad_run r;

	memset(close_brackets, ']', 10000);
	close_brackets[10000] = '\n';
	snprintf(path, sizeof(path), "%s/deep.yaml", dir);
	write_file(path, pre, strlen(pre), '[', 10000, close_brackets, 10001);
	free(close_brackets);
	run_bad(dir, path, &r);
	ck_assert_int_eq(r.status, 2);
	/* line 3; the root mapping is level 1, so the 64th '[' (column
	   3 + 64) is the first one too deep */
	snprintf(want, sizeof(want),
		 "pksim: %s:3:67: error: nesting deeper than 64 levels of "
		 "lists and mappings",
		 path);
	ck_assert_str_eq(first_line(r.err), want);
	free(r.err);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_badinput_directory)
{
	char *dir = tu_tmpdir(), sub[512], want[600];
	struct bad_run r;

	snprintf(sub, sizeof(sub), "%s/scenario.yaml", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	run_bad(dir, sub, &r);
	ck_assert_int_eq(r.status, 2);
	snprintf(want, sizeof(want),
		 "pksim: %s: error: cannot read: Is a directory", sub);
	ck_assert_str_eq(first_line(r.err), want);
	free(r.err);
	rmdir(sub);
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_badinput_unreadable)
{
	char *dir, path[512], want[600], *text;
	struct bad_run r;
	FILE *f;

	if (geteuid() == 0) {
		/* root reads any file: nothing to test (CI runs as root) */
		fprintf(stderr, "test_badinput_unreadable: skipped as root\n");
		return;
	}
	dir = tu_tmpdir();
	snprintf(path, sizeof(path), "%s/secret.yaml", dir);
	text = tu_read_file(tu_src("scenarios/offices.yaml"), NULL);
	ck_assert_ptr_nonnull(text);
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	free(text);
	ck_assert_int_eq(chmod(path, 0), 0);
	run_bad(dir, path, &r);
	snprintf(want, sizeof(want),
		 "pksim: %s: error: cannot open: Permission denied", path);
	ck_assert_str_eq(first_line(r.err), want);
	/* an environment error, not bad input (docs/design.md "Errors") */
	ck_assert_int_eq(r.status, 1);
	free(r.err);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("badinput");
	TCase *tc = tcase_create("generated");

	tcase_add_test(tc, test_badinput_huge_scalar);
	tcase_add_test(tc, test_badinput_refused_small);
	tcase_add_test(tc, test_badinput_plan_count_pipe);
	tcase_add_test(tc, test_badinput_deep_nesting);
	tcase_add_test(tc, test_badinput_long_csv_line);
	tcase_add_test(tc, test_badinput_long_csv_row);
	tcase_add_test(tc, test_badinput_long_jsonl_record);
	tcase_add_test(tc, test_badinput_long_json_record);
	tcase_add_test(tc, test_badinput_nul_file);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	tc = tcase_create("files");
	tcase_add_test(tc, test_badinput_directory);
	tcase_add_test(tc, test_badinput_unreadable);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
