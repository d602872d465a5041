/*
 * ddb_find: reads by a table's partition key with a random part
 * (`compare --key '{customerId}.{random 1..N}'`, write sharding with a
 * random suffix). The reader cannot compute the suffix the writer drew,
 * so it asks every candidate key, a GetItem each: the item's own at its
 * size, every other one a read of an item that does not exist, 1 RCU
 * strong or 0.5 eventual (dynamodb-mechanics.md §1), each on its own
 * key's partition (D3, D5). Figures derived by hand beside each test.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

/* One partition: ceil(100 / 3,000 + 100 / 1,000) = 1 (D4). 500 creates
   of 1 KB, then 300 eventual reads a second of them for 10 s. */
static const char table[] =
    "seed: 1\n"
    "service: dynamodb\n"
    "table: {name: t, partition_key: /customerId, sort_key: /id, "
    "read_capacity_units: 100, write_capacity_units: 100, burst: off, "
    "read_consistency: eventual}\n"
    "client: {retries: off}\n"
    "items:\n"
    "  customerId: {const: customer-0042}\n"
    "phases:\n"
    "  - {name: w, duration: 10s, rate: 50/s, ops: {create: 1}, "
    "item_size: 1KB}\n"
    "  - {name: r, duration: 10s, rate: 300/s, ops: {read: 1}}\n";

/* Run text with a variant keyed by key added (as `compare --key`): the
   run, or NULL with the error's text in *err (caller frees) */
static struct pk_run *run_key(const char *text, const char *key, char **err)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;

	diag_init(&d);
	sc = scenario_parse("find.yaml", text, strlen(text), &d);
	ck_assert_msg(sc != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(scenario_add_variant(sc, key, &d), 0);
	run = sim_run(sc, sc->seed, &d);
	*err = run ? NULL : tu_diag_text(&d);
	if (!run) {
		scenario_free(sc);
	}
	diag_free(&d);
	return run;
}

/*
 * {customerId}.{random 1..2}: each read is 2 GetItems on the one
 * partition, the item's (1 KB, eventual: 0.5 RCU) and the other suffix's
 * missing item (0.5), 1 RCU a read. Burst off, 100 RCU a second: the
 * first 100 reads of each second take 2 x 0.5 x 100 = 100 RCU, the
 * bucket's all; every later GetItem finds it empty. So 100 reads a
 * second are served and 200 throttled: 1,000 and 2,000 over 10 s, and
 * 1,000 read units consumed by them. Writes: 500 x 1 WCU. A reader
 * charged one GetItem (0.5) would have been served 200 a second,
 * throttled 1,000.
 */
START_TEST(test_find_reads_every_suffix)
{
	char *err;
	struct pk_run *run = run_key(table, "{customerId}.{random 1..2}", &err);
	const struct pk_totals *t;

	ck_assert_msg(run != NULL, "%s", err);
	t = &tu_metrics(run->variants[1].svc)->totals;
	ck_assert_uint_eq(t->key_values, 2);
	ck_assert_uint_eq(t->operations, 3500);
	ck_assert_uint_eq(t->succeeded, 500 + 1000);
	ck_assert_uint_eq(t->throttled_429, 2000);
	ck_assert_uint_eq(t->key_queries, 1000);
	ck_assert_int_eq(t->key_query_mru, 1000 * 1000);
	ck_assert_int_eq(t->ru_mru, (500 + 1000) * 1000);
	/* the table's own key: one GetItem of 0.5, 200 a second */
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 500 + 2000);
	ck_assert_uint_eq(t->throttled_429, 1000);
	ck_assert_uint_eq(t->key_queries, 0);
	tu_sim_free(run);
}
END_TEST

/* A writer that replaces by such a key would first have to find the
   item: not replayed, refused with its phase's place */
START_TEST(test_find_refuses_replace)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /customerId, sort_key: /id, "
	    "read_capacity_units: 100, write_capacity_units: 100}\n"
	    "items:\n"
	    "  customerId: {const: c}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10s, rate: 5/s, ops: {create: 1}}\n"
	    "  - {name: u, duration: 10s, rate: 5/s, ops: {replace: 1}}\n";
	char *err;
	struct pk_run *run = run_key(text, "{customerId}.{random 1..4}", &err);

	ck_assert_ptr_null(run);
	ck_assert_msg(strstr(err, "find.yaml:8:5:") != NULL, "%s", err);
	ck_assert_ptr_nonnull(strstr(err, "phase 'u' upserts, replaces or "
					  "deletes"));
	free(err);
}
END_TEST

/* A BatchGetItem names each key, whose random part its reader cannot
   compute: not replayed, refused with its phase's place */
START_TEST(test_find_refuses_batch_get)
{
	static const char text[] =
	    "seed: 1\n"
	    "service: dynamodb\n"
	    "table: {name: t, partition_key: /customerId, sort_key: /id, "
	    "read_capacity_units: 100, write_capacity_units: 100}\n"
	    "items:\n"
	    "  customerId: {const: c}\n"
	    "phases:\n"
	    "  - {name: w, duration: 10s, rate: 5/s, ops: {create: 1}}\n"
	    "  - {name: g, duration: 10s, rate: 5/s, ops: {batch_get: 1}}\n";
	char *err;
	struct pk_run *run = run_key(text, "{customerId}.{random 1..4}", &err);

	ck_assert_ptr_null(run);
	ck_assert_msg(strstr(err, "find.yaml:8:5:") != NULL, "%s", err);
	ck_assert_ptr_nonnull(strstr(err, "phase 'g' sends batch_get"));
	free(err);
}
END_TEST

/* More candidate values than a reader is replayed asking: refused */
START_TEST(test_find_refuses_wide_random)
{
	char *err;
	struct pk_run *run =
	    run_key(table, "{customerId}.{random 1..5000}", &err);

	ck_assert_ptr_null(run);
	ck_assert_ptr_nonnull(strstr(err, "5000 values"));
	free(err);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_find");
	TCase *tc = tcase_create("find");

	tcase_add_test(tc, test_find_reads_every_suffix);
	tcase_add_test(tc, test_find_refuses_replace);
	tcase_add_test(tc, test_find_refuses_batch_get);
	tcase_add_test(tc, test_find_refuses_wide_random);
	suite_add_tcase(s, tc);
	return s;
}
