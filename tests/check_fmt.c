/* fmt: thousands separators and binary byte units (1 KiB = 1,024 B). */
#include <check.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/report/report_text_int.h"
#include "pksim/base/fmt.h"
#include "pksim/base/units.h"
#include "testutil.h"

START_TEST(test_fmt_thousands)
{
	char b[PK_FMT_BYTES];

	ck_assert_str_eq(fmt_thousands(0, b), "0");
	ck_assert_str_eq(fmt_thousands(999, b), "999");
	ck_assert_str_eq(fmt_thousands(1000, b), "1,000");
	ck_assert_str_eq(fmt_thousands(45000, b), "45,000");
	ck_assert_str_eq(fmt_thousands(100000, b), "100,000");
	ck_assert_str_eq(fmt_thousands(1234567, b), "1,234,567");
	/* the sign is not a digit: no comma after it */
	ck_assert_str_eq(fmt_thousands(-1, b), "-1");
	ck_assert_str_eq(fmt_thousands(-999, b), "-999");
	ck_assert_str_eq(fmt_thousands(-1000, b), "-1,000");
	ck_assert_str_eq(fmt_thousands(-123456, b), "-123,456");
	/* the extremes: 2^63 - 1 and -2^63, 19 digits in groups of 3 after
	   the first 1; "-9,223,372,036,854,775,808" is 26 bytes + NUL, under
	   PK_FMT_BYTES */
	ck_assert_str_eq(fmt_thousands(INT64_MAX, b),
			 "9,223,372,036,854,775,807");
	ck_assert_str_eq(fmt_thousands(INT64_MIN, b),
			 "-9,223,372,036,854,775,808");
}
END_TEST

START_TEST(test_fmt_bytes_units)
{
	char b[PK_FMT_BYTES];

	/* under 1 KB: whole bytes */
	ck_assert_str_eq(fmt_bytes(0, b), "0 B");
	ck_assert_str_eq(fmt_bytes(512, b), "512 B");
	ck_assert_str_eq(fmt_bytes(1023, b), "1023 B");
	/* 1,024 B = 1.0 KB; 1,536 = 1.5 KB */
	ck_assert_str_eq(fmt_bytes(1024, b), "1.0 KiB");
	ck_assert_str_eq(fmt_bytes(1536, b), "1.5 KiB");
	/* 32 MB = 32 x 2^20 = 33,554,432 B */
	ck_assert_str_eq(fmt_bytes(33554432ULL, b), "32.0 MiB");
	/* 20 GB (the logical partition limit) = 20 x 2^30 */
	ck_assert_str_eq(fmt_bytes(20ULL << 30, b), "20.0 GiB");
	/* 1 TB = 2^40, 1 PB = 2^50; 2^60 stays in PB: 1,024.0 PB */
	ck_assert_str_eq(fmt_bytes(1ULL << 40, b), "1.0 TiB");
	ck_assert_str_eq(fmt_bytes(1ULL << 50, b), "1.0 PiB");
	ck_assert_str_eq(fmt_bytes(1ULL << 60, b), "1024.0 PiB");
	/* 2^64 - 1 is 16,384 PB (less a hair) */
	ck_assert_str_eq(fmt_bytes(UINT64_MAX, b), "16384.0 PiB");
}
END_TEST

START_TEST(test_fmt_bytes_rounding)
{
	char b[PK_FMT_BYTES];

	/* one decimal, rounded to nearest: 1,075 B = 1.0498 KB -> 1.0;
	   1,076 B = 1.0508 KB -> 1.1 */
	ck_assert_str_eq(fmt_bytes(1075, b), "1.0 KiB");
	ck_assert_str_eq(fmt_bytes(1076, b), "1.1 KiB");
	/* 2,047 B = 1.999 KB -> 2.0 KB */
	ck_assert_str_eq(fmt_bytes(2047, b), "2.0 KiB");
	/* 221 B x 2 (an item stored twice, offices) x 9,560 = 4,225,520 B
	   = 4.0297 MB -> 4.0 MB */
	ck_assert_str_eq(fmt_bytes(4225520ULL, b), "4.0 MiB");
	/* 52,916,224 B / 2^20 = 50.4648 MB -> 50.5 MB */
	ck_assert_str_eq(fmt_bytes(52916224ULL, b), "50.5 MiB");
	/* just under a unit: 1,048,575 B = 1,023.999 KB rounds up to the
	   next unit, 1.0 MB, not "1024.0 KiB" */
	ck_assert_str_eq(fmt_bytes(1048575ULL, b), "1.0 MiB");
	/* 1,048,524 B = 1,023.949 KB stays 1023.9 KB */
	ck_assert_str_eq(fmt_bytes(1048524ULL, b), "1023.9 KiB");
}
END_TEST

/* text_ru: mRU to RU with separators and one decimal when not whole;
   the sign stays in front (defect: -1,500 mRU printed "-1.-5"). */
START_TEST(test_fmt_text_ru)
{
	char b[40];

	ck_assert_str_eq(text_ru(0, b), "0");
	ck_assert_str_eq(text_ru(1500, b), "1.5");	/* 1,500 mRU */
	ck_assert_str_eq(text_ru(5999950, b), "6,000"); /* 5,999.95 up */
	ck_assert_str_eq(text_ru(1234500, b), "1,234.5");
	ck_assert_str_eq(text_ru(-1500, b), "-1.5");
	ck_assert_str_eq(text_ru(-1234500, b), "-1,234.5");
	ck_assert_str_eq(text_ru(-40, b), "0"); /* -0.04 -> 0 */
	/* the engine's old overflow: -8,446,744,073,709,551,616 mRU (2^64
	   - 1e19 below 0) = -8,446,744,073,709,551.616 RU -> .6 */
	ck_assert_str_eq(text_ru(-8446744073709551616LL, b),
			 "-8,446,744,073,709,551.6");
	/* INT64_MIN = -9,223,372,036,854,775,808 mRU -> ...775.808 -> .8 */
	ck_assert_str_eq(text_ru(INT64_MIN, b), "-9,223,372,036,854,775.8");
}
END_TEST

/*
 * fmt_append (the snprintf audit after fuzz_run's out-of-bounds write in
 * findings.c): the length it returns is what the buffer holds, never
 * snprintf's count of what the whole text needs, so it is always a safe
 * offset. A 10-byte buffer holds 9 bytes of text and the NUL.
 */
START_TEST(test_fmt_append_cuts)
{
	char b[10];
	size_t n;

	memset(b, 'x', sizeof(b));
	n = fmt_append(b, sizeof(b), 0, "%s", "abc");
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(b, "abc");
	/* "abc" + "-12345" = 9 bytes: exactly fills it */
	n = fmt_append(b, sizeof(b), n, "-%d", 12345);
	ck_assert_uint_eq(n, 9);
	ck_assert_str_eq(b, "abc-12345");
	/* full: nothing more, the length stays 9 */
	n = fmt_append(b, sizeof(b), n, "more");
	ck_assert_uint_eq(n, 9);
	ck_assert_str_eq(b, "abc-12345");
	/* a 20-byte text in 10 bytes: its first 9, length 9 (snprintf
	   would say 20) */
	n = fmt_append(b, sizeof(b), 0, "%s", "abcdefghijklmnopqrst");
	ck_assert_uint_eq(n, 9);
	ck_assert_str_eq(b, "abcdefghi");
	/* a length past the buffer (a caller that added snprintf's count)
	   is taken as full: nothing written past b, 9 returned */
	n = fmt_append(b, sizeof(b), 25, "%s", "zz");
	ck_assert_uint_eq(n, 9);
	ck_assert_str_eq(b, "abcdefghi");
	/* an empty format appends nothing */
	n = fmt_append(b, sizeof(b), 0, "%s", "");
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(b, "");
	/* cap 0: nothing written, 0 */
	ck_assert_uint_eq(fmt_append(b, 0, 0, "abc"), 0);
}
END_TEST

/*
 * units_llround rounds as C's llround: to nearest, halves away from zero.
 * 0.49999999999999994 is the largest double below 0.5 (0.5 - 2^-54): 0,
 * where adding 0.5 and truncating gives 1. 2^52 - 0.5 = 4503599627370495.5
 * is the last half it sees itself (up: ...496); 2^53 + 2 and 1e18 are
 * integers beyond its exact range, passed to llround unchanged.
 */
START_TEST(test_units_llround)
{
	ck_assert_int_eq(units_llround(2.5), 3);
	ck_assert_int_eq(units_llround(-2.5), -3);
	ck_assert_int_eq(units_llround(0.5), 1);
	ck_assert_int_eq(units_llround(-0.5), -1);
	ck_assert_int_eq(units_llround(1.4999999999999998), 1);
	ck_assert_int_eq(units_llround(0.49999999999999994), 0);
	ck_assert_int_eq(units_llround(-0.49999999999999994), 0);
	ck_assert_int_eq(units_llround(1023.9999), 1024);
	ck_assert_int_eq(units_llround(4503599627370495.5), 4503599627370496LL);
	ck_assert_int_eq(units_llround(9007199254740994.0), 9007199254740994LL);
	ck_assert_int_eq(units_llround(1e18), 1000000000000000000LL);
	ck_assert_int_eq(units_llround(0.0), 0);
}
END_TEST

/* Spans for report lines: seconds alone below 1,000; then with the
   span in parts, by hand: 1,000 = 16 x 60 + 40; 14,400 = 4 x 3,600;
   85,200 = 23 x 3,600 + 40 x 60; 259,200 = 3 x 86,400; 90,061 =
   86,400 + 3,600 + 60 + 1. */
/*
 * floor_robust and ceil_robust: an x within max(1e-9, 1e-12 |x|) of an
 * integer is that integer, else floor and ceil. By hand: 2.3 -> 2 and 3;
 * 2.5 and 2.7 (nearest 3, above and below it) -> 2 and 3; 3 - 1e-10
 * (10/h x 1 h as a rate's rounding leaves it) -> 3 both ways; 3 - 2e-9,
 * past the 1e-9 -> 2 and 3; 0.4 -> 0 and 1; 10^9 - 0.0005, within
 * 1e-12 x 10^9 = 0.001 -> 10^9; 10^9 - 0.002, past it -> 10^9 - 1 and
 * 10^9; 2^53 -> itself; and below 0, -2.3 -> -3 and -2, -2.5 -> -3 and
 * -2.
 */
START_TEST(test_units_robust_floor_ceil)
{
	static const struct {
		double x;
		int64_t floor, ceil;
	} c[] = {
	    {2.3, 2, 3},
	    {2.5, 2, 3},
	    {2.7, 2, 3},
	    {3.0 - 1e-10, 3, 3},
	    {3.0 - 2e-9, 2, 3},
	    {0.4, 0, 1},
	    {0.0, 0, 0},
	    {1e9 - 0.0005, 1000000000, 1000000000},
	    {1e9 - 0.002, 999999999, 1000000000},
	    {9007199254740992.0, 9007199254740992LL, 9007199254740992LL},
	    {-2.3, -3, -2},
	    {-2.5, -3, -2},
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		ck_assert_msg(floor_robust(c[i].x) == c[i].floor &&
				  ceil_robust(c[i].x) == c[i].ceil,
			      "%.17g: %lld and %lld", c[i].x,
			      (long long)floor_robust(c[i].x),
			      (long long)ceil_robust(c[i].x));
	}
}
END_TEST

START_TEST(test_fmt_seconds)
{
	char buf[PK_FMT_SPAN_BYTES];

	ck_assert_str_eq(fmt_seconds(0, buf), "0s");
	ck_assert_str_eq(fmt_seconds(600, buf), "600s");
	ck_assert_str_eq(fmt_seconds(999, buf), "999s");
	ck_assert_str_eq(fmt_seconds(1000, buf), "1,000s (16m 40s)");
	ck_assert_str_eq(fmt_seconds(14400, buf), "14,400s (4h)");
	ck_assert_str_eq(fmt_seconds(85200, buf), "85,200s (23h 40m)");
	ck_assert_str_eq(fmt_seconds(259200, buf), "259,200s (3d)");
	ck_assert_str_eq(fmt_seconds(90061, buf), "90,061s (1d 1h 1m 1s)");
}
END_TEST

/* Rates: ops/s from 0.1/s; 0.25/h is 0.25 / 3,600 = 6.94444e-05/s,
   printed per hour; 0.5/d = 0.5 / 86,400/s is 0.5 / 24 = 0.0208 an hour
   (under 0.1), printed per day; 0.1/s itself stays per second. */
START_TEST(test_fmt_rate)
{
	char buf[PK_FMT_BYTES];

	ck_assert_str_eq(fmt_rate(2000, buf), "2000 ops/s");
	ck_assert_str_eq(fmt_rate(0.5, buf), "0.5 ops/s");
	ck_assert_str_eq(fmt_rate(0.1, buf), "0.1 ops/s");
	ck_assert_str_eq(fmt_rate(0, buf), "0 ops/s");
	ck_assert_str_eq(fmt_rate(0.25 / 3600.0, buf), "0.25 ops/h");
	ck_assert_str_eq(fmt_rate(0.5 / 3600.0, buf), "0.5 ops/h");
	ck_assert_str_eq(fmt_rate(0.5 / 86400.0, buf), "0.5 ops/d");
}
END_TEST

/* One decimal, or three significant digits under 0.1: 8,500 succeeded
   over 30,600,000 s (one worker of 1 h) are 8,500 / 30,600,000 =
   0.000277777.../s, "0.000278", not "0.0"; 0.05 is "0.0500"; one in
   366 days (31,622,400 s) 3.16e-8, "0.0000000316". */
START_TEST(test_fmt_decimal)
{
	char buf[PK_FMT_BYTES];

	ck_assert_str_eq(fmt_decimal(816.0, buf), "816.0");
	ck_assert_str_eq(fmt_decimal(0.1, buf), "0.1");
	ck_assert_str_eq(fmt_decimal(0, buf), "0.0");
	ck_assert_str_eq(fmt_decimal(8500.0 / 30600000.0, buf), "0.000278");
	ck_assert_str_eq(fmt_decimal(0.05, buf), "0.0500");
	ck_assert_str_eq(fmt_decimal(1.0 / 31622400.0, buf), "0.0000000316");
	ck_assert_str_eq(fmt_decimal(-0.002, buf), "-0.00200");
}
END_TEST

/* U+10000 (LINEAR B SYLLABLE B008 A): 4 bytes, 1 column (not a wide
   block); N of them are 4N bytes in N columns. */
static char *linear_b(size_t n)
{
	char *s = malloc(4 * n + 1);
	size_t i;

	for (i = 0; i < n; i++) {
		memcpy(s + 4 * i, "\xF0\x90\x80\x80", 4);
	}
	s[4 * n] = '\0';
	return s;
}

/* text_name_str at its widest: 40 four-byte characters fit 40 columns
   whole, 160 bytes; 41 are cut to 39 and the ellipsis (3 bytes), 159
   bytes; both within PK_TEXT_STREAM_NAME_BYTES (4 x 40 + 3 + 1 =
   164). */
START_TEST(test_text_name_str_widest)
{
	char buf[PK_TEXT_STREAM_NAME_BYTES];
	char *a = linear_b(40), *b = linear_b(41), *cut = linear_b(39);
	char want[PK_TEXT_STREAM_NAME_BYTES];

	ck_assert_str_eq(text_name_str(a, buf, sizeof(buf)), a);
	ck_assert_uint_eq(strlen(buf), 160);
	snprintf(want, sizeof(want), "%s\xE2\x80\xA6", cut);
	ck_assert_str_eq(text_name_str(b, buf, sizeof(buf)), want);
	ck_assert_uint_eq(strlen(buf), 159);
	free(a);
	free(b);
	free(cut);
}
END_TEST

/* A buffer shorter than the name as shown is a bug that stops pksim
   (SIGABRT), not a name cut short in silence: 40 four-byte characters
   (161 bytes with the NUL) into 100 */
START_TEST(test_text_name_str_short_buffer)
{
	char buf[100];
	char *a = linear_b(40);

	text_name_str(a, buf, sizeof(buf));
	free(a);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("fmt");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_fmt_thousands);
	tcase_add_test(tc, test_fmt_text_ru);
	tcase_add_test(tc, test_fmt_bytes_units);
	tcase_add_test(tc, test_fmt_bytes_rounding);
	tcase_add_test(tc, test_fmt_append_cuts);
	tcase_add_test(tc, test_units_llround);
	tcase_add_test(tc, test_units_robust_floor_ceil);
	tcase_add_test(tc, test_fmt_seconds);
	tcase_add_test(tc, test_fmt_rate);
	tcase_add_test(tc, test_fmt_decimal);
	tcase_add_test(tc, test_text_name_str_widest);
	/* the abort needs Check's fork (CK_FORK=no, as under valgrind,
	   would take the whole runner down) */
	if (!getenv("CK_FORK") || strcmp(getenv("CK_FORK"), "no") != 0) {
		tcase_add_test_raise_signal(tc, test_text_name_str_short_buffer,
					    SIGABRT);
	}
	suite_add_tcase(s, tc);
	return s;
}
