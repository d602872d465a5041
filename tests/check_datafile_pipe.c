/*
 * datafile_pipe: a data file read from a pipe stops where a limit the
 * run must keep is decided, not at the end of the pipe (which may never
 * come) or the 8 GiB memory bound: records at a rate stop one record
 * past the 366 days of simulated time a run may take, and the refusal
 * says the time; the span is to the last record's arrival.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pksim/load/scenario.h"
#include "testutil.h"

/*
 * A FIFO of a CSV header and 200,000 rows, records at 0.0001 a second:
 * record j, from 0, arrives at j / 0.0001 s, so records 0 to 3,162 fit
 * the 31,622,400 s (366 days) a run may simulate (3,162 x 10,000 =
 * 31,620,000 s) and record 3,163, the 3,164th, arrives at 31,630,000 s
 * (366d 2h 6m 40s), past it: the loader reads no further and refuses
 * for that span.
 * Read to its end, the pipe's 200,000 records would be refused as
 * spanning 2,000,000,000 s; a pipe without an end would be read to the
 * 8 GiB bound and refused for its size.
 */
START_TEST(test_rate_stops_at_the_time_limit)
{
	char path[4096], text[4400], *msg;
	struct pk_scenario *s;
	struct pk_diag d;
	pid_t w;
	int st;

	snprintf(path, sizeof(path), "%s/rows.fifo", tu_dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	w = fork();
	ck_assert_int_ge(w, 0);
	if (w == 0) {
		FILE *f = fopen(path, "w");
		int i;

		signal(SIGPIPE, SIG_DFL);
		fputs("k,v\n", f);
		for (i = 0; i < 200000; i++) {
			fputs("a,1\n", f);
		}
		fclose(f);
		_exit(0);
	}
	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: 400}\n"
		 "items: {file: '%s', rate: 0.0001/s}\n",
		 path);
	diag_init(&d);
	s = scenario_parse(tu_dir_file("s.yaml", text), text, strlen(text), &d);
	kill(w, SIGKILL);
	waitpid(w, &st, 0);
	msg = tu_diag_text(&d);
	ck_assert_ptr_null(s);
	ck_assert_msg(strstr(msg, "the data file's arrivals span 31,630,000s "
				  "(366d 2h 6m 40s), above pksim's limit of "
				  "31,622,400 s"),
		      "%s", msg);
	free(msg);
	diag_free(&d);
}
END_TEST

/* A regular CSV file of a header and n rows "a,1", at 0.0001 a second,
   parsed; the diagnostics' text in *msg (the caller frees it). */
static struct pk_scenario *parse_rows_at_rate(int n, char **msg,
					      struct pk_diag *d)
{
	char path[4096], text[4400];
	struct pk_scenario *s;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s/rows%d.csv", tu_dir, n);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("k,v\n", f);
	for (i = 0; i < n; i++) {
		fputs("a,1\n", f);
	}
	ck_assert_int_eq(fclose(f), 0);
	snprintf(text, sizeof(text),
		 "container: {partition_key: /k, throughput: 400}\n"
		 "items: {file: '%s', rate: 0.0001/s}\n",
		 path);
	diag_init(d);
	s = scenario_parse(tu_dir_file("s.yaml", text), text, strlen(text), d);
	*msg = tu_diag_text(d);
	return s;
}

/*
 * n records at a rate span (n - 1) / rate, the last one's arrival: 3,163
 * records at 0.0001/s end at 3,162 x 10,000 = 31,620,000 s, within the
 * 31,622,400 s a run may simulate, and are accepted (n / rate would say
 * 31,630,000 s and refuse them); 3,164 end at 31,630,000 s, refused
 * saying so.
 */
START_TEST(test_rate_span_ends_at_the_last_record)
{
	struct pk_scenario *s;
	struct pk_diag d;
	char *msg;

	s = parse_rows_at_rate(3163, &msg, &d);
	ck_assert_msg(s != NULL, "%s", msg);
	scenario_free(s);
	free(msg);
	diag_free(&d);
	s = parse_rows_at_rate(3164, &msg, &d);
	ck_assert_ptr_null(s);
	ck_assert_msg(strstr(msg, "the data file's arrivals span 31,630,000s "
				  "(366d 2h 6m 40s), above"),
		      "%s", msg);
	free(msg);
	diag_free(&d);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("datafile_pipe");
	TCase *tc = tcase_create("pipe");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_rate_stops_at_the_time_limit);
	tcase_add_test(tc, test_rate_span_ends_at_the_last_record);
	suite_add_tcase(s, tc);
	return s;
}
