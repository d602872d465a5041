/*
 * merge_bound: `pksim merge` reads a report of at most 1 GiB
 * (1,073,741,824 bytes): a regular file larger is refused with its size
 * before a byte is read, exit 2; a pipe or device that sends more is
 * refused at the first byte past it (by hand with a FIFO of endless
 * spaces, 11 s; not here, as a gigabyte through a pipe is too slow for
 * the test budget). A NUL is refused where it is met (/dev/zero at 1:1).
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

Suite *tu_suite(void)
{
	Suite *s = suite_create("merge_bound");
	TCase *tc = tcase_create("bound");

	tcase_add_test(tc, test_merge_bound_regular_file);
	tcase_add_test(tc, test_merge_bound_nul);
	suite_add_tcase(s, tc);
	return s;
}
