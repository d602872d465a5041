/*
 * merge_bound: `pksim merge` reads a report of at most 1 GiB
 * (1,073,741,824 bytes): a regular file larger is refused with its size
 * before a byte is read, exit 2; a pipe or device that sends more is
 * refused at the first byte past it (by hand with a FIFO of endless
 * spaces, 11 s; not here, as a gigabyte through a pipe is too slow for
 * the test budget). A NUL is refused where it is met (/dev/zero at 1:1).
 * Memory that runs out while a report is read is out of memory, exit 1,
 * not bad input.
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

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

Suite *tu_suite(void)
{
	Suite *s = suite_create("merge_bound");
	TCase *tc = tcase_create("bound");

	tcase_add_test(tc, test_merge_bound_regular_file);
	tcase_add_test(tc, test_merge_bound_nul);
	tcase_add_test(tc, test_merge_bound_oom);
	suite_add_tcase(s, tc);
	return s;
}
