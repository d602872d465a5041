/* isotime: ISO 8601 (RFC 3339 profile) times to epoch milliseconds.
   Expected values are calendar facts worked out beside each test:
   1970-01-01 is day 0, a common year has 365 days, a leap year 366
   (divisible by 4, except centuries not divisible by 400). */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "pksim/base/isotime.h"
#include "testutil.h"

#define DAY_MS 86400000LL

/* s must parse to want (ms since the epoch). */
static void parses(const char *s, int64_t want)
{
	int64_t got = -42;

	ck_assert_msg(isotime_parse_ms(s, strlen(s), &got) == 0, "%s refused",
		      s);
	ck_assert_msg(got == want, "%s: %lld, expected %lld", s, (long long)got,
		      (long long)want);
}

/* s must be refused, leaving the output untouched. */
static void refused(const char *s)
{
	int64_t got = -42;

	ck_assert_msg(isotime_parse_ms(s, strlen(s), &got) == -1, "%s accepted",
		      s);
	ck_assert_int_eq(got, -42);
}

START_TEST(test_isotime_days_from_civil)
{
	/* the epoch is day 0; the day before it is -1 */
	ck_assert_int_eq(isotime_days_from_civil(1970, 1, 1), 0);
	ck_assert_int_eq(isotime_days_from_civil(1969, 12, 31), -1);
	/* 1970 and 1971 are common (365 each), 1972 leap: 1973-01-01 is
	   365 + 365 + 366 = 1,096 */
	ck_assert_int_eq(isotime_days_from_civil(1973, 1, 1), 1096);
	/* 2000-01-01: 30 years from 1970, 7 of them leap (1972, 76, 80,
	   84, 88, 92, 96): 30 x 365 + 7 = 10,957 */
	ck_assert_int_eq(isotime_days_from_civil(2000, 1, 1), 10957);
	/* 2000 is leap (divisible by 400): 29 Feb exists, 1 Mar is 31 + 29
	   = 60 days after 1 Jan */
	ck_assert_int_eq(isotime_days_from_civil(2000, 3, 1), 10957 + 60);
	/* 1900 is not (a century not divisible by 400): 1900-03-01 is
	   31 + 28 = 59 days after 1900-01-01; 1900-01-01 is 70 years
	   before the epoch with 17 leap years (1904..1968): -(70 x 365 +
	   17) = -25,567 */
	ck_assert_int_eq(isotime_days_from_civil(1900, 1, 1), -25567);
	ck_assert_int_eq(isotime_days_from_civil(1900, 3, 1), -25567 + 59);
}
END_TEST

START_TEST(test_isotime_dates)
{
	parses("1970-01-01", 0);
	/* 2026-03-04: 2026-01-01 is 56 years after 1970 with 14 leap years
	   (1972..2024): 56 x 365 + 14 = 20,454 days; + 31 (Jan) + 28 (Feb,
	   2026 common) + 3 = 20,516 */
	parses("2026-03-04", 20516 * DAY_MS);
	parses("2026-03-04T00:00:00Z", 20516 * DAY_MS);
	/* a space or a lower-case t separates date and time too */
	parses("2026-03-04 00:00:00Z", 20516 * DAY_MS);
	parses("2026-03-04t00:00z", 20516 * DAY_MS);
}
END_TEST

START_TEST(test_isotime_leap_years)
{
	/* 29 Feb exists in 2024 (divisible by 4) and 2000 (by 400) */
	/* 2024-01-01 is 2026-01-01 (day 20,454) less 365 (2025) and 366
	   (2024): 19,723; 29 Feb is 31 + 28 = 59 days later */
	parses("2024-02-29", (19723 + 59) * DAY_MS);
	parses("2000-02-29", (10957 + 59) * DAY_MS);
	/* and not in 2026, 2100 or 1900 (centuries not divisible by 400) */
	refused("2026-02-29");
	refused("2100-02-29");
	refused("1900-02-29");
	/* 30 Feb never */
	refused("2024-02-30");
	/* 2024-03-01 follows 29 Feb by one day */
	parses("2024-03-01", (19723 + 60) * DAY_MS);
}
END_TEST

START_TEST(test_isotime_offsets)
{
	/* 2026-03-04T12:00 at +02:00 is 10:00 UTC: 20,516 days + 10 h */
	int64_t ten_utc = 20516 * DAY_MS + 10 * 3600000LL;

	parses("2026-03-04T12:00:00+02:00", ten_utc);
	parses("2026-03-04T12:00:00+0200", ten_utc);
	parses("2026-03-04T12:00:00+02", ten_utc);
	/* -05:30: 04:30 local is 10:00 UTC */
	parses("2026-03-04T04:30:00-05:30", ten_utc);
	/* an offset that crosses midnight: 01:00+02:00 is 23:00 UTC the
	   day before */
	parses("2026-03-04T01:00:00+02:00", 20515 * DAY_MS + 23 * 3600000LL);
	/* -00:00 and +00:00 are UTC */
	parses("2026-03-04T10:00:00-00:00", ten_utc);
	/* no zone means UTC (isotime.h's ASSUMPTION) */
	parses("2026-03-04T10:00:00", ten_utc);
	/* out of range or malformed offsets */
	refused("2026-03-04T10:00:00+24:00");
	refused("2026-03-04T10:00:00+02:60");
	refused("2026-03-04T10:00:00+2");
	refused("2026-03-04T10:00:00+02:0");
	refused("2026-03-04T10:00:00+");
}
END_TEST

START_TEST(test_isotime_fractions)
{
	int64_t base = 20516 * DAY_MS; /* 2026-03-04T00:00:00Z */

	parses("2026-03-04T00:00:00.5Z", base + 500);
	parses("2026-03-04T00:00:00.25Z", base + 250);
	parses("2026-03-04T00:00:00,125Z", base + 125);
	/* cut after the 3rd digit (isotime.h): .1234 -> 123, .1235 -> 123 */
	parses("2026-03-04T00:00:00.1234Z", base + 123);
	parses("2026-03-04T00:00:00.1235Z", base + 123);
	/* .9996 is 999 ms: still second 0, never rounded into second 1 */
	parses("2026-03-04T00:00:00.9996Z", base + 999);
	parses("2026-03-04T00:00:59.9999999Z", base + 59999);
	/* nanoseconds: the digits past the 3rd never count */
	parses("2026-03-04T00:00:00.000999999Z", base + 0);
	/* a fraction needs a digit */
	refused("2026-03-04T00:00:00.Z");
	/* hh:mm:ss.fff with an offset: 12:00:01.750+01:00 = 11:00:01.750 */
	parses("2026-03-04T12:00:01.750+01:00", base + 11 * 3600000LL + 1750);
}
END_TEST

START_TEST(test_isotime_fields_out_of_range)
{
	refused("2026-00-10");
	refused("2026-13-10");
	refused("2026-01-00");
	refused("2026-01-32");
	refused("2026-04-31"); /* April has 30 days */
	refused("2026-03-04T24:00:00Z");
	refused("2026-03-04T10:60:00Z");
	refused("2026-03-04T10:00:61Z");
	/* second 60 (a leap second) counts as the next second:
	   23:59:60 on 2016-12-31 = 2017-01-01T00:00:00; 2017-01-01 is 47
	   years after 1970 with 12 leap years (1972..2016): 47 x 365 + 12
	   = 17,167 days */
	parses("2016-12-31T23:59:60Z", 17167 * DAY_MS);
}
END_TEST

START_TEST(test_isotime_malformed)
{
	refused("");
	refused("2026");
	refused("2026-3-04");
	refused("26-03-04");
	refused("2026/03/04");
	refused("2026-03-04T");
	refused("2026-03-04T10");
	refused("2026-03-04T10:0");
	refused("2026-03-04T10:00:0");
	refused("2026-03-04T10:00:00Zjunk");
	refused("2026-03-04 ");
	/* only len bytes are read: "2026-03-04" followed by junk the
	   caller did not pass */
	{
		const char *s = "2026-03-04T99";
		int64_t t = 0;

		ck_assert_int_eq(isotime_parse_ms(s, 10, &t), 0);
		ck_assert_int_eq(t, 20516 * DAY_MS);
	}
}
END_TEST

/* Days of the month a day is in: 31 for January (its first and last
   day), 28 for February 2026 (2026 is not a multiple of 4), 29 for
   February 2024 and 2000 (a multiple of 400), 28 for February 2100 (a
   multiple of 100 only), 30 for November, 31 for December 1969 (day
   -1). */
START_TEST(test_isotime_month_days)
{
	ck_assert_int_eq(
	    isotime_month_days(isotime_days_from_civil(2026, 1, 1)), 31);
	ck_assert_int_eq(
	    isotime_month_days(isotime_days_from_civil(2026, 1, 31)), 31);
	ck_assert_int_eq(
	    isotime_month_days(isotime_days_from_civil(2026, 2, 10)), 28);
	ck_assert_int_eq(
	    isotime_month_days(isotime_days_from_civil(2024, 2, 29)), 29);
	ck_assert_int_eq(
	    isotime_month_days(isotime_days_from_civil(2000, 2, 1)), 29);
	ck_assert_int_eq(
	    isotime_month_days(isotime_days_from_civil(2100, 2, 1)), 28);
	ck_assert_int_eq(
	    isotime_month_days(isotime_days_from_civil(2026, 11, 30)), 30);
	ck_assert_int_eq(isotime_month_days(-1), 31);
}
END_TEST

/* The span a format holds still is its finest conversion's; what the
   cache relies on (a shorter span is always safe, a longer one wrong) */
START_TEST(test_isotime_format_span)
{
	ck_assert_int_eq(isotime_format_span_s("%Y-%m-%d"), 86400);
	ck_assert_int_eq(isotime_format_span_s("%A"), 86400);
	ck_assert_int_eq(isotime_format_span_s("week %V of %G"), 86400);
	ck_assert_int_eq(isotime_format_span_s("%Y-%m-%dT%H"), 3600);
	ck_assert_int_eq(isotime_format_span_s("%OH:%M"), 60);
	ck_assert_int_eq(isotime_format_span_s("%F %T"), 1);
	ck_assert_int_eq(isotime_format_span_s("%s"), 1);
	/* %% and the zone (UTC's, always) change nothing; an unknown
	   conversion is taken as changing every second */
	ck_assert_int_eq(isotime_format_span_s("100%% %Z %z %d"), 86400);
	ck_assert_int_eq(isotime_format_span_s("%Q"), 1);
	ck_assert_int_eq(isotime_format_span_s("plain"), 86400);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("isotime");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_isotime_days_from_civil);
	tcase_add_test(tc, test_isotime_dates);
	tcase_add_test(tc, test_isotime_leap_years);
	tcase_add_test(tc, test_isotime_offsets);
	tcase_add_test(tc, test_isotime_fractions);
	tcase_add_test(tc, test_isotime_month_days);
	tcase_add_test(tc, test_isotime_fields_out_of_range);
	tcase_add_test(tc, test_isotime_malformed);
	tcase_add_test(tc, test_isotime_format_span);
	suite_add_tcase(s, tc);
	return s;
}
