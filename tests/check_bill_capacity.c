/*
 * bill_capacity: the bills of the capacity modes beyond a container's own
 * RU/s, a fleetspace's pool (rule 40) and Cosmos DB in Fabric's capacity
 * units (rule 41), on runs priced by the shipped table: fleet_pool
 * $0.012 per 100 RU/s-hour (status assumed: autoscale's rate),
 * fabric_capacity_unit $0.18 per CU-hour (third-party), fabric_storage
 * $0.023 per GB-month (assumed). Figures derived beside each test.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* `pksim run` of yaml, --format json: its one variant's money (the
   root is *root, decref'd by the caller). */
static json_t *money_of(const char *yaml, json_t **root)
{
	char args[512], *out;

	snprintf(args, sizeof(args), "run '%s' --no-remedies --format json",
		 tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	*root = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(*root);
	return json_object_get(
	    json_array_get(json_object_get(*root, "variants"), 0), "money");
}

static double num(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	ck_assert_msg(json_is_number(v), "no number %s", key);
	return json_number_value(v);
}

/* A manual 400 RU/s container on one partition draws on a pool of max
   3,000, min 300: 200 creates/s of 1 KB at 5 RU (rule 20) ask 1,000
   RU/s, the pool lends 600 a second (rule 40: the container's own RU/s
   first). From 09:00 for 60 s, one clock hour: the pool bills its peak,
   600 RU/s (above its min 300) = 6 units x $0.012 = $0.072; the
   container 4 units x $0.008 = $0.032; the run $0.104 plus storage.
   From 09:59:30, two clock hours, each with a second lending 600: 12
   pool units, $0.144, and 8 of the container's, $0.064. A pool of min
   1,000 (max 10,000) bills its min, 10 units, $0.12, whatever it
   lent. */
START_TEST(test_fleet_pool_at_its_peak)
{
	static const char fmt[] =
	    "clock: {start: \"2026-11-30T%s\"}\n"
	    "container: {partition_key: /k, throughput: 400, fleet_pool: "
	    "{%s}}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "pricing: {region: us-nongov}\n"
	    "phases: [{duration: 60s, rate: 200/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	char yaml[512];
	json_t *root, *m;

	snprintf(yaml, sizeof(yaml), fmt, "09:00:00Z", "max: 3000, min: 300");
	m = money_of(yaml, &root);
	ck_assert_double_eq_tol(num(m, "pool_cost"), 0.072, 1e-9);
	ck_assert_double_eq_tol(num(m, "throughput_cost"), 0.032, 1e-9);
	ck_assert_double_eq_tol(num(m, "cost"), 0.104 + num(m, "storage_cost"),
				1e-9);
	json_decref(root);
	snprintf(yaml, sizeof(yaml), fmt, "09:59:30Z", "max: 3000, min: 300");
	m = money_of(yaml, &root);
	ck_assert_double_eq(num(m, "hours"), 2);
	ck_assert_double_eq_tol(num(m, "pool_cost"), 0.144, 1e-9);
	ck_assert_double_eq_tol(num(m, "throughput_cost"), 0.064, 1e-9);
	json_decref(root);
	snprintf(yaml, sizeof(yaml), fmt, "09:00:00Z", "max: 10000");
	m = money_of(yaml, &root);
	ck_assert_double_eq_tol(num(m, "pool_cost"), 0.12, 1e-9);
	json_decref(root);
}
END_TEST

/* The fleet pool section says where the pool is priced: the money
   block's line when the run is priced (it draws on the fleet_pool row),
   never that the table has no pool meter. */
START_TEST(test_fleet_section_names_its_bill)
{
	char args[512], *out;

	snprintf(args, sizeof(args), "run '%s' --no-remedies",
		 tu_dir_file("s.yaml",
			     "container: {partition_key: /k, throughput: 400, "
			     "fleet_pool: {max: 3000, min: 300}}\n"
			     "items: {k: {values: \"k{000..999}\"}}\n"
			     "pricing: {region: us-nongov}\n"
			     "phases: [{duration: 10s, rate: 200/s, ops: "
			     "{create: 1}, item_size: 1KB}]\n"));
	out = tu_run_ok(args);
	ck_assert_ptr_null(strstr(out, "no pool meter"));
	ck_assert_msg(strstr(out, "at least its minimum (priced in the money "
				  "block's fleet pool line)"),
		      "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "\n  fleet pool  "));
	free(out);
}
END_TEST

/* Cosmos DB in Fabric, autoscale max 5,000 on one partition (dynamic,
   rule 41): 600 creates/s of 1 KB at 5 RU hold 3,000 RU/s, the hour's
   bill: 3,000 / 100 x 0.067 = 2.01 CU hours x $0.18 = $0.3618. Storage:
   36,000 items x 1,024 B = 36,864,000 B = 0.0343323 GB for one hour of
   a 720-hour month x $0.023 = $0.0000010967. The month: the one hour x
   720 = $260.496 + 0.0343323 x $0.023 = $260.4968. The money-csv rows
   name the two rows, the CU one third-party, the storage one assumed
   (third_party 1: check them). */
START_TEST(test_fabric_capacity_units)
{
	static const char yaml[] =
	    "clock: {start: \"2026-11-30T09:00:00Z\"}\n"
	    "container: {partition_key: /k, autoscale_max: 5000, profile: "
	    "fabric}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "pricing: {region: us-nongov}\n"
	    "phases: [{duration: 60s, rate: 600/s, ops: {create: 1}, "
	    "item_size: 1KB}]\n";
	char args[512], *out;
	json_t *root, *m = money_of(yaml, &root);

	ck_assert_str_eq(json_string_value(json_object_get(m, "mode")),
			 "fabric");
	ck_assert_double_eq_tol(num(m, "cu_hours"), 2.01, 1e-9);
	ck_assert_double_eq_tol(num(m, "throughput_cost"), 0.3618, 1e-9);
	ck_assert_double_eq_tol(num(m, "storage_cost"),
				36864000.0 / 1073741824.0 / 720 * 0.023, 1e-12);
	ck_assert_double_eq_tol(
	    num(m, "month_cost"),
	    0.3618 * 720 + 36864000.0 / 1073741824.0 * 0.023, 1e-6);
	json_decref(root);
	snprintf(args, sizeof(args), "run '%s' --format money-csv",
		 tu_dir_file("s.yaml", yaml));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "\"throughput\",\"2.0100 CU hours (rule "
				  "41)\",0.3618,\"USD\",2026-11-30,"
				  "\"us-nongov\",\"prices-2026-11-30.csv\","
				  "\"19\",1,1\n"),
		      "%s", out);
	free(out);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("bill_capacity");
	TCase *tc = tcase_create("bill_capacity");

	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_fleet_pool_at_its_peak);
	tcase_add_test(tc, test_fleet_section_names_its_bill);
	tcase_add_test(tc, test_fabric_capacity_units);
	suite_add_tcase(s, tc);
	return s;
}
