/*
 * readme_bounds: the ranges scenarios/README.md states for bounded keys
 * are the loader's. For each key: the README's row for it states the
 * range in the words below, and the loader (scenario_parse) takes each
 * end of it and refuses one step past each end, naming the key.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "testutil.h"

#define PHASE "phases: [{duration: 1s, rate: 1/s}]\n"
#define CONTAINER "container: {partition_key: /k, throughput: 400}\n"

/* One key: the README row holding row (its first line that does) must
   hold says; the scenario yaml (a printf format of one %s, the value)
   has no error saying refusal with each of ok[] and one with each of
   bad[]. (An end of a range may still be refused by a bound on the run
   as a whole: max_retries 2147483647 by the work its retries could take;
   that is no range.) */
struct bound {
	const char *key;
	const char *refusal;
	const char *row;
	const char *says;
	const char *yaml;
	const char *ok[2];
	const char *bad[2];
};

static const struct bound bounds[] = {
    {"max_retries",
     "max_retries must be",
     "| `max_retries` |",
     "integer 0 to 2,147,483,647",
     CONTAINER "client: {retries: {max_retries: %s}}\n" PHASE,
     {"0", "2147483647"},
     {"-1", "2147483648"}},
    {"time_compression",
     "time_compression must be",
     "| `time_compression` |",
     "number 0.001 to 1e9",
     CONTAINER "items: {file: %%s, time_field: ts, time_compression: %s}\n",
     {"0.001", "1000000000"},
     {"0.0009", "1000000001"}},
    {"throughput",
     "throughput",
     "| `throughput` | **required**",
     "integer 400 to 1,000,000",
     "container: {partition_key: /k, throughput: %s}\n" PHASE,
     {"400", "1000000"},
     {"399", "1000001"}},
    {"physical_partition_throughput",
     "physical_partition_throughput must be",
     "| `physical_partition_throughput` |",
     "integer 1 to 1,000,000",
     "container: {partition_key: /k, throughput: 400, "
     "physical_partition_throughput: %s}\n" PHASE,
     {"1", "1000000"},
     {"0", "1000001"}},
    {"initial_throughput_per_partition",
     "initial_throughput_per_partition must be",
     "| `initial_throughput_per_partition` |",
     "integer 1 to 1,000,000",
     "container: {partition_key: /k, throughput: 400, "
     "initial_throughput_per_partition: %s}\n" PHASE,
     {"1", "1000000"},
     {"0", "1000001"}},
    {"results",
     "results must be",
     "| `results` |",
     "integer 0 to 4,294,967,295",
     CONTAINER "phases:\n  - {duration: 1s, rate: 1/s, ops: {query: 1},\n"
	       "     queries: [{where: {k: eq}, results: %s}]}\n",
     {"0", "4294967295"},
     {"-1", "4294967296"}},
    {"merge",
     "merge must be",
     "| `merge` |",
     "integer 1 to 4,294,967,295",
     CONTAINER "phases: [{duration: 1s, rate: 1/s, merge: %s}]\n",
     {"1", "4294967295"},
     {"0", "4294967296"}},
    {"read_capacity_units",
     "read_capacity_units must be",
     "| `read_capacity_units` |",
     "1 to 1,000,000",
     "service: dynamodb\ntable: {partition_key: /k, read_capacity_units: "
     "%s, write_capacity_units: 1}\n" PHASE,
     {"1", "1000000"},
     {"0", "1000001"}},
    {"write_capacity_units",
     "write_capacity_units must be",
     "| `write_capacity_units` |",
     "1 to 1,000,000",
     "service: dynamodb\ntable: {partition_key: /k, read_capacity_units: "
     "1, write_capacity_units: %s}\n" PHASE,
     {"1", "1000000"},
     {"0", "1000001"}},
};

/* The first line of text holding row (a static copy), or fail */
static const char *row_of(const char *text, const char *row)
{
	static char line[4096];
	const char *p = strstr(text, row), *start, *nl;

	ck_assert_msg(p != NULL, "scenarios/README.md has no row '%s'", row);
	start = p;
	while (start > text && start[-1] != '\n') {
		start--;
	}
	nl = strchr(p, '\n');
	snprintf(line, sizeof(line), "%.*s",
		 (int)(nl ? (size_t)(nl - start) : strlen(start)), start);
	return line;
}

/* Load b's scenario with value; 1 if no error says b->refusal */
static int loads(const struct bound *b, const char *value, const char *data)
{
	char fmt[1024], text[1024], *msg = NULL;
	struct pk_diag d;
	struct pk_scenario *s;
	size_t len = 0;
	FILE *mem;
	int ok;

	/* the value first; the data file's path (%%s) after */
	snprintf(fmt, sizeof(fmt), b->yaml, value);
	snprintf(text, sizeof(text), fmt, data);
	diag_init(&d);
	s = scenario_parse("bound.yaml", text, strlen(text), &d);
	mem = open_memstream(&msg, &len);
	ck_assert_ptr_nonnull(mem);
	diag_print(&d, mem);
	fclose(mem);
	ok = strstr(msg, b->refusal) == NULL;
	free(msg);
	scenario_free(s);
	diag_free(&d);
	return ok;
}

START_TEST(test_readme_bounds_match_loader)
{
	char *readme = tu_read_file(tu_src("scenarios/README.md"), NULL);
	char *dir = tu_tmpdir();
	char *data = tu_write_file(dir, "ts.csv", "k,ts\na,0\nb,1\n");
	size_t i, j;

	ck_assert_ptr_nonnull(readme);
	for (i = 0; i < sizeof(bounds) / sizeof(bounds[0]); i++) {
		const struct bound *b = &bounds[i];
		const char *line = row_of(readme, b->row);

		ck_assert_msg(strstr(line, b->says) != NULL,
			      "README's %s row does not say '%s': %s", b->key,
			      b->says, line);
		for (j = 0; j < 2; j++) {
			ck_assert_msg(loads(b, b->ok[j], data),
				      "%s: %s, in the README's range, refused",
				      b->key, b->ok[j]);
			ck_assert_msg(!loads(b, b->bad[j], data),
				      "%s: %s, past the README's range, "
				      "accepted",
				      b->key, b->bad[j]);
		}
	}
	free(data);
	free(dir);
	free(readme);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("readme_bounds");
	TCase *tc = tcase_create("readme_bounds");

	tcase_add_test(tc, test_readme_bounds_match_loader);
	suite_add_tcase(s, tc);
	return s;
}
