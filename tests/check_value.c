/* value: JSON text and equality of typed key values (reference §7,
   RFC 8259 §7 for string escapes). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/decimal.h"
#include "pksim/base/value.h"
#include "testutil.h"

static struct pk_value str(const char *s)
{
	struct pk_value v = {PK_VALUE_STRING, s, strlen(s), 0, 0};

	return v;
}

static struct pk_value num(double x)
{
	struct pk_value v = {PK_VALUE_NUMBER, NULL, 0, x, 0};

	return v;
}

static struct pk_value boolean(int b)
{
	struct pk_value v = {PK_VALUE_BOOL, NULL, 0, 0, b};

	return v;
}

/* value_format of v into a large buffer must be want, and the returned
   length strlen(want). */
static void formats_as(struct pk_value v, const char *want)
{
	char buf[256];
	size_t n = value_format(&v, buf, sizeof(buf));

	ck_assert_str_eq(buf, want);
	ck_assert_uint_eq(n, strlen(want));
}

START_TEST(test_value_scalars)
{
	struct pk_value null = {PK_VALUE_NULL, NULL, 0, 0, 0};
	struct pk_value undef = {PK_VALUE_UNDEFINED, NULL, 0, 0, 0};

	formats_as(null, "null");
	formats_as(undef, "undefined");
	formats_as(boolean(1), "true");
	formats_as(boolean(0), "false");
}
END_TEST

START_TEST(test_value_numbers_shortest_round_trip)
{
	formats_as(num(42), "42");
	formats_as(num(-7.5), "-7.5");
	/* %.15g of 0.1 is "0.1", and strtod("0.1") is the same double as
	   the literal 0.1, so 15 digits suffice */
	formats_as(num(0.1), "0.1");
	/* 0.1 + 0.2 = 0.30000000000000004 (the classic IEEE-754 sum):
	   %.15g and %.16g give 0.3, which is a different double; %.17g
	   gives the 17 significant digits 0.30000000000000004 */
	formats_as(num(0.1 + 0.2), "0.30000000000000004");
	/* 2^53 = 9007199254740992 has 16 digits; %.15g would round it to
	   9.00719925474099e+15 (a different double), %.16g is exact */
	formats_as(num(9007199254740992.0), "9007199254740992");
	/* 1e21: %.15g writes the exponent form, and it reads back */
	formats_as(num(1e21), "1e+21");
}
END_TEST

START_TEST(test_value_string_escapes)
{
	formats_as(str("abc"), "\"abc\"");
	formats_as(str(""), "\"\"");
	/* RFC 8259 §7: quotation mark and reverse solidus are escaped */
	formats_as(str("a\"b\\c"), "\"a\\\"b\\\\c\"");
	/* control characters U+0000..U+001F as \u00XX: tab is 0x09,
	   newline 0x0a, unit separator 0x1f */
	formats_as(str("\t\n\x1f"), "\"\\u0009\\u000a\\u001f\"");
	/* UTF-8 above 0x7f passes through: "é" is the two bytes c3 a9 */
	formats_as(str("\xc3\xa9"), "\"\xc3\xa9\"");
}
END_TEST

START_TEST(test_value_string_with_nul_byte)
{
	/* len counts the bytes, so an embedded NUL (0x00) is escaped as
	   \u0000 rather than ending the string */
	struct pk_value v = {PK_VALUE_STRING, "a\0b", 3, 0, 0};

	formats_as(v, "\"a\\u0000b\"");
}
END_TEST

START_TEST(test_value_truncation_like_snprintf)
{
	char buf[4];
	struct pk_value s = str("abcdef");
	struct pk_value t = boolean(1);
	size_t n;

	/* "\"abcdef\"" is 8 bytes; cap 4 keeps 3 bytes and the NUL */
	n = value_format(&s, buf, sizeof(buf));
	ck_assert_uint_eq(n, 8);
	ck_assert_str_eq(buf, "\"ab");
	/* "true" is 4 bytes; cap 4 keeps "tru" and the NUL */
	n = value_format(&t, buf, sizeof(buf));
	ck_assert_uint_eq(n, 4);
	ck_assert_str_eq(buf, "tru");
	/* cap 0 writes nothing and still returns the length: 8 for the
	   string, and "\"\\u0009\"" = 8 bytes for a lone tab */
	buf[0] = 'x';
	ck_assert_uint_eq(value_format(&s, buf, 0), 8);
	s = str("\t");
	ck_assert_uint_eq(value_format(&s, buf, 0), 8);
	ck_assert_int_eq(buf[0], 'x');
}
END_TEST

START_TEST(test_value_equality)
{
	struct pk_value a = str("x"), b = str("x"), c = str("xy");
	struct pk_value null = {PK_VALUE_NULL, NULL, 0, 0, 0};
	struct pk_value undef = {PK_VALUE_UNDEFINED, NULL, 0, 0, 0};
	struct pk_value one = num(1), one_s = str("1"), t = boolean(1);

	ck_assert_int_eq(value_equal(&a, &b), 1);
	ck_assert_int_eq(value_equal(&a, &c), 0); /* prefix is not equal */
	/* a typed key: the number 1, the string "1" and true differ */
	ck_assert_int_eq(value_equal(&one, &one_s), 0);
	ck_assert_int_eq(value_equal(&one, &t), 0);
	/* null (present, null) and undefined (missing) differ (§7) */
	ck_assert_int_eq(value_equal(&null, &undef), 0);
	ck_assert_int_eq(value_equal(&null, &null), 1);
	/* numbers compare by ==: 0.5 + 0.5 is exactly 1 */
	b = num(0.5 + 0.5);
	ck_assert_int_eq(value_equal(&one, &b), 1);
	b = boolean(0);
	ck_assert_int_eq(value_equal(&t, &b), 0);
}
END_TEST

/* decimal_parse then decimal_format of text: want, or NULL for a text
   decimal_parse refuses */
static void decimal_as(const char *text, const char *want)
{
	struct pk_decimal d;
	char buf[PK_DECIMAL_TEXT_MAX];

	if (!want) {
		ck_assert_msg(decimal_parse(text, strlen(text), &d) < 0,
			      "%s parsed", text);
		return;
	}
	ck_assert_msg(decimal_parse(text, strlen(text), &d) == 0, "%s", text);
	decimal_format(&d, buf, sizeof(buf));
	ck_assert_str_eq(buf, want);
}

/* -1, 0, 1 of decimal_cmp of two texts */
static int decimal_order(const char *a, const char *b)
{
	struct pk_decimal x, y;

	ck_assert_int_eq(decimal_parse(a, strlen(a), &x), 0);
	ck_assert_int_eq(decimal_parse(b, strlen(b), &y), 0);
	return decimal_cmp(&x, &y);
}

/* decimal_fits_double of a text */
static int decimal_fits(const char *text)
{
	struct pk_decimal d;

	ck_assert_int_eq(decimal_parse(text, strlen(text), &d), 0);
	return decimal_fits_double(&d);
}

/*
 * Amazon DynamoDB compares numbers by value to 38 digits ("Supported
 * data types and naming rules"): one value has one decimal and one text
 * whatever way it was written, and the text keeps every digit, in
 * JavaScript's layout (integers plain up to 21 digits, down to 6 zeros
 * after the point, an exponent past those).
 */
START_TEST(test_value_decimal_by_value)
{
	decimal_as("1", "1");
	decimal_as("1.0", "1");
	decimal_as("1e0", "1");
	decimal_as("10e-1", "1");
	decimal_as("0.10E1", "1");
	decimal_as("-0.0", "0");
	decimal_as("100", "100");
	decimal_as("101.50", "101.5");
	decimal_as("0.000001", "0.000001");
	decimal_as("1e-7", "1e-7");
	decimal_as("1e21", "1e+21");
	decimal_as("1.5e40", "1.5e+40");
	decimal_as("-123.456e2", "-12345.6");
	decimal_as("9007199254740993", "9007199254740993");
	decimal_as("12345678901234567890", "12345678901234567890");
	/* 38 digits: DynamoDB's most, every one kept */
	decimal_as("12345678901234567890123456789012345678",
		   "1.2345678901234567890123456789012345678e+37");
	/* 41 significant digits: past PK_DECIMAL_DIGITS; trailing zeros
	   are not significant */
	decimal_as("12345678901234567890123456789012345678901", NULL);
	decimal_as("1000000000000000000000000000000000000000000", "1e+42");
	/* not JSON numbers */
	decimal_as("01", NULL);
	decimal_as("1.", NULL);
	decimal_as(".5", NULL);
	decimal_as("+1", NULL);
	decimal_as("1e", NULL);
	decimal_as("-", NULL);
	decimal_as("", NULL);

	ck_assert_int_eq(decimal_order("-2", "-1"), -1);
	ck_assert_int_eq(decimal_order("-1", "0"), -1);
	ck_assert_int_eq(decimal_order("0", "0.5"), -1);
	ck_assert_int_eq(decimal_order("0.5", "1"), -1);
	ck_assert_int_eq(decimal_order("1", "1.0"), 0);
	ck_assert_int_eq(decimal_order("9007199254740993", "9007199254740992"),
			 1);
	ck_assert_int_eq(decimal_order("12", "1.2e1"), 0);
	ck_assert_int_eq(decimal_order("12", "121e-1"), -1);
	ck_assert_int_eq(decimal_order("-12", "-121e-1"), 1);
	ck_assert_int_eq(decimal_order("1e30", "999999999999999999"), 1);

	/* 2^53 is a double; 2^53 + 1 is not (its double is 2^53); any 15
	   digits are; 1.0000000000000001 (17 digits) is the double 1 */
	ck_assert_int_eq(decimal_fits("9007199254740992"), 1);
	ck_assert_int_eq(decimal_fits("9007199254740993"), 0);
	ck_assert_int_eq(decimal_fits("123456789012345"), 1);
	ck_assert_int_eq(decimal_fits("0.1"), 1);
	ck_assert_int_eq(decimal_fits("1.0000000000000001"), 0);
}
END_TEST

/* A number with its text is written and compared by that text's value;
   one without by its double (value.h) */
START_TEST(test_value_number_with_text)
{
	struct pk_value a = num(9007199254740992.0), b = a, c = a;
	char buf[64];

	b.str = "9007199254740993";
	b.len = strlen(b.str);
	c.str = "9007199254740992.0";
	c.len = strlen(c.str);
	value_format(&b, buf, sizeof(buf));
	ck_assert_str_eq(buf, "9007199254740993");
	value_format(&c, buf, sizeof(buf));
	ck_assert_str_eq(buf, "9007199254740992");
	ck_assert_int_eq(value_equal(&a, &b), 0);
	ck_assert_int_eq(value_equal(&a, &c), 1);
	ck_assert_int_eq(decimal_value_cmp(&a, &b), -1);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("value");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_value_scalars);
	tcase_add_test(tc, test_value_numbers_shortest_round_trip);
	tcase_add_test(tc, test_value_string_escapes);
	tcase_add_test(tc, test_value_string_with_nul_byte);
	tcase_add_test(tc, test_value_truncation_like_snprintf);
	tcase_add_test(tc, test_value_equality);
	tcase_add_test(tc, test_value_decimal_by_value);
	tcase_add_test(tc, test_value_number_with_text);
	suite_add_tcase(s, tc);
	return s;
}
