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
 * 6,144,000 B = 0.0057220 GB for one hour of January's 744 (the
 * clock's calendar month, pricing.md §3): 7.690922e-06 GB-months x
 * $0.25 = $1.922730e-06. small's month, its hours' average GB for 720
 * hours: (0.80 + 0.0057220 / 720 x 0.25) x 720 = $576.0014305; big's
 * $1,152.001431. The shipped
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
			      "region,table,price_rows,third_party,in_total\n",
			      89) == 0,
		      "%s", out);
	has(out, "\"small\",\"throughput\",\"100 x 100 RU/s-hours\",0.8,"
		 "\"USD\",2026-01-01,\"us-nongov\",\"prices-2026-11-30.csv\","
		 "\"2\",0,1\n");
	has(out, "\"small\",\"storage\",\"0.000008 GB-months\","
		 "1.922730477e-06,");
	has(out, "\"small\",\"a month\",\"720 h at this workload\","
		 "576.0014305,\"USD\",2026-01-01,\"us-nongov\","
		 "\"prices-2026-11-30.csv\",\"2 8\",0,0\n");
	has(out, "\"big\",\"a month\",\"720 h at this workload\","
		 "1152.001431,");
	free(out);
}
END_TEST

/* Without pricing: one row a variant saying why, and exit 0. The hint
   names only what gives a region (pricing:'s region): --prices takes a
   table, and `--prices FILE` alone is refused for want of a region. */
START_TEST(test_money_csv_unpriced)
{
	char *text = strdup(scenario), *p = strstr(text, "pricing:"), *out;

	memcpy(p, "#", 1);
	out = report("run", "money-csv", text);
	has(out, "\"small\",\"not priced\",\"the scenario names no region to "
		 "price it in: ");
	has(out, "\",,,,,,,,\n\"big\",\"not priced\",");
	has(out, "add pricing: {region: us-nongov} (docs/money.md; --prices "
		 "FILE then names another table)");
	ck_assert_ptr_null(strstr(out, "with a region"));
	free(out);
	free(text);
}
END_TEST

/* A monitor-log replay of an existing container: the log records no
   item sizes, so what the container stores is unknown, and its storage
   line ($0.00, nothing stored) is not the container's storage: the
   money block says so, and that the log's rows (RegionName West
   Europe) are priced at us-nongov's rows. Given storage_per_partition
   the storage is known and the note goes. */
START_TEST(test_monitor_storage_not_known)
{
	static const char fmt[] =
	    "container: {partition_key: /customerId, throughput: 10000, "
	    "partitions: 2%s}\n"
	    "monitor_log: {file: '%s', database: shop, collection: orders}\n"
	    "pricing: {region: us-nongov}\n";
	char yaml[1024], csv[512], *out;

	snprintf(csv, sizeof(csv), "%s",
		 tu_src("scenarios/data/monitor_shop_tuesday.csv"));
	snprintf(yaml, sizeof(yaml), fmt, "", csv);
	out = report("run", "text", yaml);
	has(out, "storage is not known: the monitor log records no item "
		 "sizes");
	has(out, "the log's rows are from West Europe, priced at "
		 "us-nongov's rows");
	free(out);
	snprintf(yaml, sizeof(yaml), fmt, ", storage_per_partition: 10GB", csv);
	out = report("run", "text", yaml);
	ck_assert_msg(!strstr(out, "storage is not known"), "%s", out);
	free(out);
}
END_TEST

/* s with its one occurrence of from replaced by to; frees s. */
static char *replace(char *s, const char *from, const char *to)
{
	char *at = strstr(s, from), *out;
	size_t n;

	ck_assert_ptr_nonnull(at);
	n = strlen(s) - strlen(from) + strlen(to) + 1;
	out = malloc(n);
	snprintf(out, n, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
	free(s);
	return out;
}

/* Field k (0-based) of CSV row line, unquoted, into buf. */
static void csv_field(const char *line, int k, char *buf, size_t cap)
{
	const char *p = line;
	size_t n = 0;
	int quoted = 0;

	for (; *p && *p != '\n' && k > 0; p++) {
		quoted ^= *p == '"';
		k -= *p == ',' && !quoted;
	}
	for (; *p && *p != '\n' && (quoted || *p != ','); p++) {
		quoted ^= *p == '"';
		if (*p != '"' && n + 1 < cap) {
			buf[n++] = *p;
		}
	}
	buf[n] = '\0';
}

/*
 * in_total says which rows add up to the run. Autoscale, max 20,000: 60 s
 * of 100 creates/s from 09:00 stays at the floor, 2,000 RU/s (rule 17),
 * for the one clock hour. Free tier takes 1,000 RU/s off: 10 units x
 * $0.012 = $0.12 (throughput, in the total); what it took, 10 units =
 * $0.12, is a row not in the total (the throughput row is already
 * after it). A reservation of 1,000 RU/s at 20% off: its fee 10 x
 * $0.008 x 0.8 = $0.064, and it covers 10 x $0.008 = $0.08 of the
 * hour: -$0.016 (in the total). 6,000 KB stored stays under the free
 * 25 GB: $0. The run: 0.12 + 0 - 0.016 = $0.104, the sum of the rows
 * with in_total 1; the totals (the run, an hour, a month) are 0.
 */
START_TEST(test_money_csv_in_total)
{
	char *text = strdup(scenario), *out, f[64];
	const char *line;
	double sum = 0, run = -1;

	text = replace(text, "pricing: {region: us-nongov}",
		       "pricing: {region: us-nongov, free_tier: true, "
		       "reserved: {ru_per_s: 1000, discount: 20}}");
	text = replace(text,
		       "  - {name: small, throughput: 10000}\n"
		       "  - {name: big, throughput: 20000}\n",
		       "  - {name: auto, autoscale_max: 20000}\n");
	out = report("run", "money-csv", text);
	for (line = strchr(out, '\n') + 1; *line;
	     line = strchr(line, '\n') + 1) {
		char label[32], in[8];

		csv_field(line, 1, label, sizeof(label));
		csv_field(line, 3, f, sizeof(f));
		csv_field(line, 10, in, sizeof(in));
		if (strcmp(label, "the run") == 0) {
			run = strtod(f, NULL);
		}
		ck_assert_msg(
		    strcmp(in, strcmp(label, "throughput") == 0 ||
				       strcmp(label, "storage") == 0 ||
				       strcmp(label, "reserved") == 0
				   ? "1"
				   : "0") == 0,
		    "%s: in_total %s", label, in);
		sum += strcmp(in, "1") == 0 ? strtod(f, NULL) : 0;
	}
	has(out, "\"auto\",\"throughput\",\"10 x 100 RU/s-hours\",0.12,");
	has(out, "\"auto\",\"reserved\",\"1000 RU/s at 20% off\",-0.016,");
	has(out, "\"auto\",\"free tier\",\"1,000 RU/s and 25 GB\",-0.12");
	ck_assert_double_eq_tol(run, 0.104, 1e-9);
	ck_assert_double_eq_tol(sum, run, 1e-9);
	free(out);
	free(text);
}
END_TEST

/* Occurrences of what in s */
static int count(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return n;
}

/* A reservation is priced against the provisioned throughput row
   (line 2), so the bill draws on two rows (2 and 8), each listed once
   in every report: before, line 2 was listed twice. */
START_TEST(test_reserved_row_listed_once)
{
	char *text = strdup(scenario), *out;

	text = replace(text, "pricing: {region: us-nongov}",
		       "pricing: {region: us-nongov, "
		       "reserved: {ru_per_s: 1000, discount: 20}}");
	text = replace(text,
		       "  - {name: small, throughput: 10000}\n"
		       "  - {name: big, throughput: 20000}\n",
		       "  - {name: small, throughput: 10000}\n");
	out = report("run", "text", text);
	ck_assert_int_eq(count(out, "    line 2: cosmos"), 1);
	ck_assert_int_eq(count(out, "    line 8: cosmos"), 1);
	free(out);
	out = report("run", "money-csv", text);
	has(out, "\"the run\",\"1 clock hour billed\",");
	has(out, "\"prices-2026-11-30.csv\",\"2 8\",0,0\n");
	free(out);
	out = report("run", "json", text);
	ck_assert_int_eq(count(out, "\"line\": 2,"), 1);
	ck_assert_int_eq(count(out, "\"line\": 8,"), 1);
	free(out);
	out = report("run", "markdown", text);
	ck_assert_int_eq(count(out, "- line 2: cosmos"), 1);
	free(out);
	free(text);
}
END_TEST

/* A DynamoDB table without a name is named by its partition key
   attribute (customerId), in DynamoDB's terms, not by the Azure Cosmos
   DB path /customerId. */
START_TEST(test_ddb_variant_named_by_attribute)
{
	char *out = report("run", "money-csv",
			   "name: ddb-name\n"
			   "seed: 1\n"
			   "service: dynamodb\n"
			   "table: {partition_key: /customerId, "
			   "read_capacity_units: 100, "
			   "write_capacity_units: 100}\n"
			   "items: {customerId: {values: \"c{000..999}\"}}\n"
			   "pricing: {region: us-east-1}\n"
			   "phases: [{duration: 10s, rate: 10/s, ops: "
			   "{create: 1}}]\n");

	has(out, "\n\"customerId\",\"writes\",");
	ck_assert_ptr_null(strstr(out, "\"/customerId\""));
	free(out);
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
	    "USD per 100RU/s-hour\n");
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
	has(out,
	    "<li>line 8: cosmos us-nongov storage_transactional 0.25 USD per "
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

/* An on-demand table's global secondary index warmer than a new
   index's default (D13, reference §12: 4,000 WRU/s, 12,000 RRU/s) was
   pre-warmed, which AWS charges for a table or a GSI alike (reference
   §8, pricing.md §4, A-WARM) at a rate the table does not hold: the
   money block names the index. At the defaults it says nothing. */
START_TEST(test_gsi_warm_above_default_said)
{
	static const char fmt[] =
	    "service: dynamodb\n"
	    "table:\n"
	    "  partition_key: /id\n"
	    "  capacity: on_demand\n"
	    "  global_secondary_indexes: [{name: by-s, partition_key: /s%s}]\n"
	    "pricing: {region: us-east-1}\n"
	    "items: {s: {values: \"s{0..9}\"}}\n"
	    "phases: [{duration: 2s, rate: 2/s, ops: {create: 1}}]\n";
	char yaml[512], *m;

	snprintf(yaml, sizeof(yaml), fmt, ", warm_write_units: 20000");
	m = report("run", "text", yaml);
	has(m, "warm throughput above a new index's default is not priced "
	       "for the global secondary index by-s (default 4000 WRU/s, "
	       "12000 RRU/s): its pre-warm is charged");
	free(m);
	snprintf(yaml, sizeof(yaml), fmt, "");
	m = report("run", "text", yaml);
	ck_assert_ptr_null(strstr(m, "warm throughput above"));
	free(m);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("money_reports");
	TCase *tc = tcase_create("money_reports");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_money_csv);
	tcase_add_test(tc, test_monitor_storage_not_known);
	tcase_add_test(tc, test_money_csv_unpriced);
	tcase_add_test(tc, test_money_csv_in_total);
	tcase_add_test(tc, test_reserved_row_listed_once);
	tcase_add_test(tc, test_ddb_variant_named_by_attribute);
	tcase_add_test(tc, test_markdown);
	tcase_add_test(tc, test_html_run);
	tcase_add_test(tc, test_html_compare);
	tcase_add_test(tc, test_gsi_warm_above_default_said);
	suite_add_tcase(s, tc);
	return s;
}
