/*
 * merge_bound: `pksim merge` reads a report of at most 1 GiB
 * (1,073,741,824 bytes): a regular file larger is refused with its size
 * before a byte is read, exit 2; a pipe or device that sends more is
 * refused at the first byte past it (by hand with a FIFO of endless
 * spaces, 11 s; not here, as a gigabyte through a pipe is too slow for
 * the test budget). A NUL is refused where it is met (/dev/zero at 1:1).
 * The reports together are at most 1,431,655,765 bytes (8 GiB over the
 * 6 bytes of memory a byte merge takes), counted before any is read
 * (regular files) or as read (pipes). Memory that runs out while a
 * report is read is out of memory, exit 1, not bad input.
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pksim/cli/cli.h"
#include "pksim/load/json_alloc.h"
#include "testutil.h"

/* A sparse file of 1,073,741,825 bytes (one past the limit) takes no
   disk and no time; the message says its size and the limit. */
START_TEST(test_merge_bound_regular_file)
{
	char *dir = tu_tmpdir(), path[512], args[1024];
	char *out = NULL, *err = NULL;
	int fd, rc;

	snprintf(path, sizeof(path), "%s/big.json", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (off_t)(1LL << 30) + 1), 0);
	close(fd);
	snprintf(args, sizeof(args), "merge '%s'", path);
	rc = tu_run(args, &out, &err);
	ck_assert_int_eq(rc, 2);
	ck_assert_str_eq(out, "");
	ck_assert_msg(strstr(err, "big.json: error: the report is "
				  "1,073,741,825 bytes, above merge's limit "
				  "of 1,073,741,824 bytes (1 GiB) a report"),
		      "%s", err);
	free(out);
	free(err);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* /dev/zero's first byte is a NUL, which no JSON text has: refused at
   1:1 as such, not as the end of the text */
START_TEST(test_merge_bound_nul)
{
	char *out = NULL, *err = NULL;

	ck_assert_int_eq(tu_run("merge /dev/zero", &out, &err), 2);
	ck_assert_str_eq(out, "");
	ck_assert_msg(strstr(err, "pksim: /dev/zero:1:1: error: a NUL "
				  "character; a report is JSON text, which "
				  "has none"),
		      "%s", err);
	free(out);
	free(err);
}
END_TEST

/* Address space for test_merge_bound_oom: pksim merges a report of `{}`
   under 8 MiB (prlimit --as=8388608), so 24 MiB leaves it room to start
   and to read part of the array below. */
#define OOM_AS_BYTES (24L * 1024L * 1024L)
/* Elements of the array the test reads: each "[]," costs jansson an
   array and its 8-slot table, about 135 bytes with malloc's headers
   (1,000,000 of them merged peak at 135,276 KB, /usr/bin/time -f %M):
   about 40 MB for 300,000, past OOM_AS_BYTES, in 900,001 bytes. */
#define OOM_ELEMENTS 300000

/* 1 when the test may limit the address space: not under
   AddressSanitizer, whose shadow memory needs terabytes of it (as
   check_badinput's as_limited) */
static int oom_testable(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return 0;
#else
	return 1;
#endif
}

/* A file of valid JSON whose parse needs more memory than the merge has
   (jansson's allocations fail: it returns NULL with an empty error text
   and no position) is out of memory, exit 1, said with the bytes read,
   never "not JSON" (bad input, exit 2). */
START_TEST(test_merge_bound_oom)
{
	const char *bin = getenv("PKSIM_BIN");
	char *dir = tu_tmpdir(), path[512], epath[512], *err, *at;
	FILE *f;
	int st;
	long i;
	pid_t pid;

	if (!oom_testable()) {
		rmdir(dir);
		free(dir);
		return;
	}
	ck_assert_ptr_nonnull(bin);
	snprintf(path, sizeof(path), "%s/deep.json", dir);
	snprintf(epath, sizeof(epath), "%s/stderr", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputc('[', f);
	for (i = 0; i < OOM_ELEMENTS; i++) {
		fputs(i ? ",[]" : "[]", f);
	}
	fputs("]\n", f);
	ck_assert_int_eq(fclose(f), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct rlimit as = {OOM_AS_BYTES, OOM_AS_BYTES};
		int e = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		setrlimit(RLIMIT_AS, &as);
		dup2(e, STDERR_FILENO);
		execl(bin, "pksim", "merge", path, "-o", "/dev/null",
		      (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	err = tu_read_file(epath, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 1, "status %d: %s",
		      st, err);
	at = strstr(err, "pksim: error: out of memory reading ");
	ck_assert_msg(at && strstr(at, "deep.json after "), "%s", err);
	ck_assert_ptr_null(strstr(err, "not JSON"));
	/* a count of bytes read: digits, never 0 (jansson reads before it
	   allocates) */
	at = strstr(at, " after ") + 7;
	ck_assert_msg(*at >= '1' && *at <= '9' && strstr(at, " bytes"), "%s",
		      err);
	free(err);
	unlink(epath);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* A sparse file of size bytes at dir/name (no disk, no time); its
   path in path (cap bytes) */
static void sparse(const char *dir, const char *name, long long size,
		   char *path, size_t cap)
{
	int fd;

	snprintf(path, cap, "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (off_t)size), 0);
	close(fd);
}

/* The reports together are bounded before any is read: merge holds them
   all in memory at about 6 bytes a byte, and pksim takes at most 8 GiB,
   so at most 8,589,934,592 / 6 = 1,431,655,765 bytes of reports. A
   report of 1,073,741,824 bytes (the limit of one) and one of
   357,913,941 are that much: read (the first one's NUL at 1:1); a byte
   more (1,431,655,766 in all, 8,589,934,596 bytes of memory) is refused
   with its figures and nothing read. */
START_TEST(test_merge_bound_together)
{
	char *dir = tu_tmpdir(), a[512], b[512], args[1200];
	char *out = NULL, *err = NULL;

	sparse(dir, "a.json", 1LL << 30, a, sizeof(a));
	sparse(dir, "b.json", 357913941, b, sizeof(b));
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_msg(strstr(err, "a.json:1:1: error: a NUL character"), "%s",
		      err);
	free(out);
	free(err);
	sparse(dir, "b.json", 357913942, b, sizeof(b));
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_str_eq(out, "");
	ck_assert_str_eq(
	    err, "pksim: error: the reports are 1,431,655,766 bytes in all "
		 "(about 8,589,934,596 bytes of memory to merge): a merge "
		 "holds them in memory at once, about 6 bytes a byte, and "
		 "pksim takes at most 8,589,934,592 bytes (8 GiB); merge at "
		 "most 1,431,655,765 bytes of reports (fewer variants)\n");
	free(out);
	free(err);
	unlink(a);
	unlink(b);
	rmdir(dir);
	free(dir);
}
END_TEST

/* pksim merge /dev/stdin A B with text on a pipe as its standard input:
   the exit status; *err its stderr (caller frees) */
static int merge_pipe(const char *text, const char *a, const char *b,
		      char **err)
{
	const char *bin = getenv("PKSIM_BIN");
	char *dir = tu_tmpdir(), epath[512];
	int fds[2], st;
	pid_t pid;

	ck_assert_ptr_nonnull(bin);
	snprintf(epath, sizeof(epath), "%s/stderr", dir);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int e = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		close(fds[1]);
		dup2(fds[0], STDIN_FILENO);
		dup2(e, STDERR_FILENO);
		execl(bin, "pksim", "merge", "/dev/stdin", a, b, "-o",
		      "/dev/null", (char *)NULL);
		_exit(127);
	}
	close(fds[0]);
	ck_assert_int_eq(write(fds[1], text, strlen(text)),
			 (ssize_t)strlen(text));
	close(fds[1]);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	*err = tu_read_file(epath, NULL);
	ck_assert_ptr_nonnull(*err);
	unlink(epath);
	rmdir(dir);
	free(dir);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A report through a pipe counts as it is read: beside regular files of
   1,431,655,762 bytes (3 under the 1,431,655,765 of all reports), a
   pipe's 3 bytes "{}\n" are read (and refused as no report), its 4
   "{} \n" refused at the byte past, naming it. */
START_TEST(test_merge_bound_together_pipe)
{
	char *dir = tu_tmpdir(), a[512], b[512], *err;

	sparse(dir, "a.json", 1LL << 30, a, sizeof(a));
	sparse(dir, "b.json", 357913938, b, sizeof(b));
	ck_assert_int_eq(merge_pipe("{}\n", a, b, &err), 2);
	ck_assert_msg(strstr(err, "pksim: /dev/stdin: error: not a pksim "
				  "JSON report"),
		      "%s", err);
	free(err);
	ck_assert_int_eq(merge_pipe("{} \n", a, b, &err), 2);
	ck_assert_msg(strstr(err, "pksim: /dev/stdin: error: the reports are "
				  "more than 1,431,655,765 bytes in all "
				  "(this one read to that point): a merge "
				  "holds them in memory at once"),
		      "%s", err);
	free(err);
	unlink(a);
	unlink(b);
	rmdir(dir);
	free(dir);
}
END_TEST

/* The jansson allocations test_merge_bound_oom_each makes fail, in
   turn: every one of a merge of a small compare's report, or every so
   many so that about this many are tried */
#define OOM_TRIES 400

/* A compare of two variants, 1 s of 10 creates: a report of about 20 KB */
static const char tiny_yaml[] =
    "name: tiny\n"
    "container: {partition_key: /k, throughput: 400}\n"
    "variants:\n"
    "  - {name: k, partition_key: /k}\n"
    "  - {name: id, partition_key: /id}\n"
    "items:\n"
    "  k: {values: \"k{0..3}\"}\n"
    "phases: [{duration: 1s, rate: 10/s}]\n";

/* Out of memory at a jansson allocation anywhere in a merge (each made
   to fail in turn, in process: json_alloc_fail_at) is out of memory,
   exit 1, and nothing written: never a merged report short of what
   jansson could not allocate (it goes on without it: a variant not
   appended, a rank not set, a container not dumped), never bad input,
   never another error. */
START_TEST(test_merge_bound_oom_each)
{
	char *dir = tu_tmpdir(), out[512], epath[512], *err, *line, *next;
	char in[512], args[1200],
	    *yaml = tu_write_file(dir, "tiny.yaml", tiny_yaml);
	char *argv[] = {"merge", in, "-o", out, NULL};
	unsigned long long base, total, k, step;
	int saved, fd, rc = 1;

	snprintf(in, sizeof(in), "%s/tiny.json", dir);
	snprintf(args, sizeof(args), "compare '%s' --format json -o '%s'", yaml,
		 in);
	ck_assert_int_eq(tu_run(args, NULL, NULL), 0);
	snprintf(out, sizeof(out), "%s/merged.json", dir);
	snprintf(epath, sizeof(epath), "%s/stderr", dir);
	json_alloc_fail_at(0);
	base = json_alloc_made();
	ck_assert_int_eq(cli_merge(4, argv), 0);
	total = json_alloc_made() - base;
	ck_assert_int_eq(unlink(out), 0);
	step = total / OOM_TRIES + 1;
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	fd = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	dup2(fd, STDERR_FILENO);
	close(fd);
	/* from the last: the merge's and the dump's allocations first */
	for (k = total; k >= 1 && rc == 1 && access(out, F_OK) != 0;
	     k = k > step ? k - step : 0) {
		json_alloc_fail_at(k);
		rc = cli_merge(4, argv);
		json_alloc_fail_at(0);
	}
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	ck_assert_msg(rc == 1 && access(out, F_OK) != 0,
		      "allocation %llu of %llu failed: exit %d", k + step,
		      total, rc);
	err = tu_read_file(epath, NULL);
	ck_assert_ptr_nonnull(err);
	for (line = err; *line; line = next) {
		next = strchr(line, '\n');
		ck_assert_ptr_nonnull(next);
		*next++ = '\0';
		ck_assert_msg(
		    strncmp(line, "pksim: error: out of memory ", 28) == 0,
		    "%s", line);
	}
	free(err);
	unlink(epath);
	unlink(in);
	unlink(yaml);
	free(yaml);
	rmdir(dir);
	free(dir);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("merge_bound");
	TCase *tc = tcase_create("bound");

	tcase_add_test(tc, test_merge_bound_regular_file);
	tcase_add_test(tc, test_merge_bound_nul);
	tcase_add_test(tc, test_merge_bound_oom);
	tcase_add_test(tc, test_merge_bound_oom_each);
	tcase_add_test(tc, test_merge_bound_together);
	tcase_add_test(tc, test_merge_bound_together_pipe);
	suite_add_tcase(s, tc);
	return s;
}
