/*
 * money_reports: a variant's bill in the HTML, Markdown and money-csv
 * reports: the same figures and the "(prices of DATE, REGION,
 * CURRENCY)" of the text and JSON reports, each traceable to its price
 * rows. Figures derived beside the tests.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/*
 * Two manual variants, 60 s of 100 creates/s of 1 KB from 09:00 (one
 * clock hour): small 10,000 RU/s = 100 units x $0.008 = $0.80; big
 * 200 units, $1.60. Storage: 6,000 items x 1,024 B (index factor 1) =
 * 6,144,000 B = 0.0057220 GB for one hour of a 720-hour month:
 * 7.94729e-06 GB-months x $0.25 = $1.986821e-06. small's month: (0.80 +
 * 1.986821e-06) x 720 = $576.0014305; big's $1,152.001431. The shipped
 * table's rows: line 2 provisioned_single_write, line 8
 * storage_transactional.
 */
static const char scenario[] =
    "name: money-reports\n"
    "seed: 7\n"
    "clock: {start: \"2026-01-01T09:00:00Z\"}\n"
    "container: {partition_key: /dev, throughput: 10000}\n"
    "variants:\n"
    "  - {name: small, throughput: 10000}\n"
    "  - {name: big, throughput: 20000}\n"
    "items:\n"
    "  dev: {values: \"d-{0000..0999}\"}\n"
    "pricing: {region: us-nongov}\n"
    "phases:\n"
    "  - {duration: 60s, rate: 100/s, ops: {create: 1.0}, item_size: 1KB}\n";

#define TAG "(prices of 2026-01-01, us-nongov, USD)"

/* pksim CMD SCENARIO --format FORMAT [extra]: its standard output. */
static char *report(const char *cmd, const char *format, const char *text)
{
	char args[2048];
	const char *path = tu_dir_file("money.yaml", text);

	snprintf(args, sizeof(args), "%s '%s' --no-remedies --format %s", cmd,
		 path, format);
	return tu_run_ok(args);
}

static void has(const char *out, const char *what)
{
	ck_assert_msg(strstr(out, what) != NULL, "no \"%s\" in the report",
		      what);
}

START_TEST(test_money_csv)
{
	char *out = report("run", "money-csv", scenario);

	ck_assert_msg(strncmp(out,
			      "variant,line,what,amount,currency,prices_of,"
			      "region,table,price_rows,third_party\n",
			      80) == 0,
		      "%s", out);
	has(out, "\"small\",\"throughput\",\"100 x 100 RU/s-hours\",0.8,"
		 "\"USD\",2026-01-01,\"us-nongov\",\"prices-2026-11-30.csv\","
		 "\"2\",0\n");
	has(out, "\"small\",\"storage\",\"0.000008 GB-months\","
		 "1.986821493e-06,");
	has(out, "\"small\",\"a month\",\"720 h at this workload\","
		 "576.0014305,\"USD\",2026-01-01,\"us-nongov\","
		 "\"prices-2026-11-30.csv\",\"2 8\",0\n");
	has(out, "\"big\",\"a month\",\"720 h at this workload\","
		 "1152.001431,");
	free(out);
}
END_TEST

/* Without pricing: one row a variant saying why, and exit 0. */
START_TEST(test_money_csv_unpriced)
{
	char *text = strdup(scenario), *p = strstr(text, "pricing:"), *out;

	memcpy(p, "#", 1);
	out = report("run", "money-csv", text);
	has(out, "\"small\",\"not priced\",\"the scenario names no region to "
		 "price it in: ");
	has(out, "\",,,,,,,\n\"big\",\"not priced\",");
	free(out);
	free(text);
}
END_TEST

START_TEST(test_markdown)
{
	char *out = report("run", "markdown", scenario);

	has(out, "\n## Money\n\n### small\n\nmanual, billing date 2026-01-01 "
		 "from clock.start; table prices-2026-11-30.csv of "
		 "2026-11-30.\n");
	has(out, "| throughput | 100 x 100 RU/s-hours | $0.8000 | " TAG " |\n");
	has(out, "| a month | 720 h at this workload | $576.00 | " TAG " |\n");
	has(out,
	    "| a month | 720 h at this workload | $1,152.00 | " TAG " |\n");
	has(out,
	    "- line 2: cosmos us-nongov provisioned\\_single\\_write 0.008 "
	    "per 100RU/s-hour\n");
	free(out);
}
END_TEST

START_TEST(test_html_run)
{
	char *out = report("run", "html", scenario);

	has(out, "<section class=\"money\" id=\"money\"><h2>Money</h2>");
	has(out, "<section class=\"money\" id=\"money-v2\"><h2>Money</h2>");
	has(out, "<tr><th>a month</th><td>720 h at this workload</td><td "
		 "class=\"n\">$576.00</td><td>" TAG "</td></tr>");
	has(out, "<li>line 8: cosmos us-nongov storage_transactional 0.25 per "
		 "GB-month</li>");
	free(out);
}
END_TEST

START_TEST(test_html_compare)
{
	char *out = report("compare", "html", scenario);

	has(out, "<tr><th>cost a month (720 h)</th><td>$576.00</td>"
		 "<td>$1,152.00</td></tr>");
	has(out, "cost a month: the workload for 720 h " TAG);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("money_reports");
	TCase *tc = tcase_create("money_reports");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_money_csv);
	tcase_add_test(tc, test_money_csv_unpriced);
	tcase_add_test(tc, test_markdown);
	tcase_add_test(tc, test_html_run);
	tcase_add_test(tc, test_html_compare);
	suite_add_tcase(s, tc);
	return s;
}
