/*
 * ddb_across: one compare whose variants are an Azure Cosmos DB
 * container and an Amazon DynamoDB table (`service: dynamodb` in a
 * variant) over the same operation stream, each figure derived by hand
 * beside it: the container by the Cosmos DB reference's rules (rule 2:
 * one physical partition per 6,000 RU/s; a 1 KB create costs 5 RU), the
 * table by dynamodb-mechanics.md's (D1, D3-D5, D10, D14). The ranking
 * weighs failures, throttles and cost across the services, never RU
 * against capacity units (PK_SCORECARD_RULE_ACROSS).
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/report/money.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/metrics.h"
#include "testutil.h"

/* iot-by-day's creates (scenarios/dynamodb/iot-by-day-both.yaml) over
   10 s: every create of the run carries "Wednesday", one logical
   partition, one item collection */
#define WORKLOAD                                                               \
	"seed: 42\n"                                                           \
	"clock: {start: \"2026-03-04T12:00:00Z\"}\n"                           \
	"client: {retries: off}\n"                                             \
	"items:\n"                                                             \
	"  deviceId: {values: \"dev-{0000..0999}\"}\n"                         \
	"  day: {clock: \"%A\"}\n"                                             \
	"phases:\n"                                                            \
	"  - {duration: 10s, rate: 2000/s, ops: {create: 1}, item_size: "      \
	"1KB}\n"

#define TABLE                                                                  \
	"partition_key: /day, read_capacity_units: 3000, "                     \
	"write_capacity_units: 4000"

static const char across[] =
    "container: {partition_key: /day, throughput: 18000}\n"
    "variants:\n"
    "  - {name: cosmos}\n"
    "  - {name: dynamodb, service: dynamodb, " TABLE "}\n" WORKLOAD;

static const char table_alone[] =
    "service: dynamodb\n"
    "table: {name: dynamodb, " TABLE "}\n" WORKLOAD;

/* The loader gives the second variant its own table and leaves the
   first a container */
START_TEST(test_across_loads)
{
	struct pk_run *run = tu_sim_text("across.yaml", across);
	const struct pk_scenario *sc = run->sc;
	const struct pk_ddb_table_spec *t;

	ck_assert_uint_eq(sc->n_variants, 2);
	ck_assert_ptr_null(scenario_variant_table(sc, &sc->variants[0]));
	t = scenario_variant_table(sc, &sc->variants[1]);
	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(t->partition_key, "/day");
	ck_assert_int_eq(t->rcu, 3000);
	ck_assert_int_eq(t->wcu, 4000);
	ck_assert_int_eq(scenario_mixed_services(sc), 1);
	tu_sim_free(run);
}
END_TEST

/*
 * 20,000 creates of 1 KB on each service, no retries:
 * - the container: 18,000 RU/s are 3 ranges of 6,000 (rule 2); the
 *   day's range serves 6,000 / 5 = 1,200 creates a second, 12,000 in
 *   10 s, and rate limits 8,000 (429), each a failed operation;
 * - the table: 5 partitions of 800 WCU (D4, D5); adaptive capacity
 *   lifts the day's partition to its cap, 1,000 WCU (D3, D10), so it
 *   serves 10,000 and throttles 10,000.
 * Failed: 40% against 50%, so the container ranks first, on failures.
 * Its RU of the operations (20,000 x 5 = 100,000) and the table's
 * capacity units (20,000 x 1) differ fivefold, yet tie: not one unit.
 */
START_TEST(test_across_ranks_comparable)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("across.yaml", across, &run, &res);
	char rule[PK_RANK_RULE_BYTES];

	ck_assert_str_eq(c[0].name, "cosmos");
	ck_assert_uint_eq(c[0].operations, 20000);
	ck_assert_uint_eq(c[0].throttled_429, 8000);
	ck_assert_uint_eq(c[0].failed_after_retries, 8000);
	ck_assert_uint_eq(res->variants[0].metrics->totals.succeeded, 12000);
	ck_assert_double_eq_tol(c[0].ru_offered, 100000, 1e-6);
	ck_assert_int_eq(c[0].other_units, 0);

	ck_assert_uint_eq(c[1].operations, 20000);
	ck_assert_uint_eq(c[1].throttled_429, 10000);
	ck_assert_uint_eq(c[1].failed_after_retries, 10000);
	ck_assert_uint_eq(res->variants[1].metrics->totals.succeeded, 10000);
	ck_assert_double_eq_tol(c[1].ru_offered, 20000, 1e-6);
	ck_assert_int_eq(c[1].other_units, 1);

	ck_assert_uint_eq(c[0].rank, 1);
	ck_assert_uint_eq(c[1].rank, 2);
	ck_assert_ptr_nonnull(
	    strstr(c[0].reason, "on operations failed or refused: 40.0% vs "
				"50.0%"));
	/* no RU against capacity units in the reason either */
	ck_assert_ptr_null(strstr(c[0].reason, "RU of the operations"));
	ck_assert_int_lt(scorecard_figure_cmp(&c[0], &c[1], PK_RANK_FAILED), 0);
	ck_assert_int_eq(scorecard_figure_cmp(&c[0], &c[1], PK_RANK_RU), 0);
	ck_assert_int_eq(scorecard_figure_cmp(&c[0], &c[1], PK_RANK_PEAK), 0);
	ck_assert_ptr_nonnull(
	    strstr(scorecard_rule(res, rule), PK_SCORECARD_RULE_ACROSS));
	tu_cards_free(c, run, res);
}
END_TEST

/* The table in a compare serves what the same table alone serves:
   the variant carries its own service, nothing of the container's */
START_TEST(test_across_table_as_alone)
{
	struct pk_run *ra, *rb;
	struct pk_result *xa, *xb;
	struct pk_scorecard *a = tu_cards("across.yaml", across, &ra, &xa);
	struct pk_scorecard *b = tu_cards("alone.yaml", table_alone, &rb, &xb);
	struct tu_end ea = tu_end(ra, 1), eb = tu_end(rb, 0);

	ck_assert_int_eq(scenario_mixed_services(rb->sc), 0);
	ck_assert_uint_eq(ea.ranges, eb.ranges);
	ck_assert_int_eq(ea.ru_per_s, eb.ru_per_s);
	ck_assert_uint_eq(ea.storage, eb.storage);
	ck_assert_uint_eq(a[1].operations, b[0].operations);
	ck_assert_uint_eq(a[1].throttled_429, b[0].throttled_429);
	ck_assert_double_eq(a[1].ru_offered, b[0].ru_offered);
	ck_assert_int_eq(b[0].other_units, 1);
	tu_cards_free(a, ra, xa);
	tu_cards_free(b, rb, xb);
}
END_TEST

/* Both services healthy: 100 creates of 1 KB a second for 10 s over
   1,000 device ids, on a container of 6,000 RU/s (1 range, rule 2: 500
   RU/s of 5-RU creates) and a table of 1,000 RCU + 1,000 WCU (2
   partitions, D4: about 50 WCU a second each of a 500 share). Nothing
   fails or is throttled, neither is priced, and RU against capacity
   units (5,000 vs 1,000) does not rank: the two tie, =1. */
static const char healthy[] =
    "seed: 7\n"
    "container: {partition_key: /deviceId, throughput: 6000}\n"
    "variants:\n"
    "  - {name: cosmos}\n"
    "  - {name: table, service: dynamodb, partition_key: /deviceId, "
    "read_capacity_units: 1000, write_capacity_units: 1000}\n"
    "items:\n"
    "  deviceId: {values: \"dev-{0000..0999}\"}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, item_size: 1KB}\n";

/*
 * The healthy compare priced, each service in its own region
 * (`region: {cosmos: us-nongov, dynamodb: us-east-1}`) at the shipped
 * table's rows of 2026-11-30 (pricing.md §2, §5):
 * - the container: 6,000 RU/s manual = 60 x $0.008 = $0.48 an hour,
 *   $345.60 for 720 h; its storage, 1,000 items of 1 KB (about 0.001
 *   GB) x $0.25 a GB-month, adds well under a cent;
 * - the table: 1,000 WCU x $0.00065 + 1,000 RCU x $0.00013 = $0.78 an
 *   hour, $561.60 for 720 h; its storage is inside the 25 free GB.
 * Nothing fails or throttles, so the cost decides (within 1 %): the
 * container first, where unpriced the two tie (=1).
 */
START_TEST(test_across_priced_ranks_on_cost)
{
	static const char *const pricing =
	    "pricing: {region: {cosmos: us-nongov, dynamodb: us-east-1}, "
	    "date: 2026-11-30}\n";
	char text[2048];
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c;

	snprintf(text, sizeof(text), "%s%s", healthy, pricing);
	c = tu_cards("priced.yaml", text, &run, &res);
	ck_assert_str_eq(res->variants[0].bill.region, "us-nongov");
	ck_assert_str_eq(res->variants[1].bill.region, "us-east-1");
	ck_assert_str_eq(c[0].name, "cosmos");
	ck_assert_int_eq(c[0].priced, 1);
	ck_assert_int_eq(c[1].priced, 1);
	ck_assert_str_eq(c[0].currency, "USD");
	ck_assert_str_eq(c[1].currency, "USD");
	ck_assert_double_eq_tol(c[0].cost_month, 345.60, 0.01);
	ck_assert_double_eq_tol(c[1].cost_month, 561.60, 1e-6);
	ck_assert_uint_eq(c[0].rank, 1);
	ck_assert_uint_eq(c[1].rank, 2);
	ck_assert_ptr_nonnull(strstr(c[0].reason, "on cost a month"));
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * One client budget across services (trialX6 X6-4): 1,000 creates a
 * second of 1,000 B for 60 s, `client: {retries: off, ru_budget:
 * 2000/s}`, a serverless container beside an on-demand table, at the
 * rows of 2026-11-30. A create of 1 KB is 5 RU on the container
 * (reference statement 20) and a put 1 WRU on the table (D1), so the
 * budget paces the container to 2,000 / 5 = 400 creates a second (its
 * 60,000 sends take 150 s) and not the table (1,000 WRU a second, 60 s).
 * At the phases' demand, 1,000 creates a second, the container bills
 * 5,000 RU/s x 2,592,000 s x $0.25 a million = $3,240.00 (and its
 * storage, 60,000 items of 1,000 B = 0.056 GB x $0.25 a GB-month, about
 * $0.014) and the table 1,000 WRU/s x 2,592,000 s x $0.625 a
 * million = $1,620.00: the table is first on cost. Each at its own pace
 * the container's month was 2,000 RU/s, $1,296.00, and ranked first
 * for half the operations.
 */
START_TEST(test_across_budget_one_basis)
{
	static const char text[] =
	    "seed: 1\n"
	    "container: {partition_key: /k, serverless: true}\n"
	    "variants:\n"
	    "  - {name: cosmos-sl}\n"
	    "  - {name: ddb-od, service: dynamodb, partition_key: /k, "
	    "capacity: on_demand}\n"
	    "pricing: {region: {cosmos: us-nongov, dynamodb: us-east-1}, "
	    "date: 2026-11-30}\n"
	    "client: {retries: off, ru_budget: 2000/s}\n"
	    "items: {k: {unique: \"k-\"}}\n"
	    "phases:\n"
	    "  - {duration: 60s, rate: 1000/s, ops: {create: 1}, "
	    "item_size: 1000}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("budget.yaml", text, &run, &res);
	char note[1024];

	ck_assert_str_eq(c[0].name, "cosmos-sl");
	ck_assert_double_eq_tol(c[0].cost_month, 3240.014, 0.005);
	ck_assert_double_eq_tol(c[1].cost_month, 1620.00, 1e-6);
	ck_assert_uint_eq(c[0].rank, 2);
	ck_assert_uint_eq(c[1].rank, 1);
	ck_assert_ptr_nonnull(
	    strstr(money_cost_note(res, note, sizeof(note)),
		   "every variant's month is at the phases' demand"));
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Two tables in a scenario whose container: is never replayed (both
 * variants are `service: dynamodb`) are priced in the AWS region alone:
 * 1,000 WCU x $0.00065 + 3,000 RCU x $0.00013 = $1.04 an hour, $748.80
 * for 720 h (pricing.md §5); on demand is billed by the units used.
 */
START_TEST(test_across_tables_priced_in_aws_region)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "pricing: {region: us-east-1, date: 2026-11-30}\n"
	    "variants:\n"
	    "  - {name: prov, service: dynamodb, partition_key: /k, "
	    "read_capacity_units: 3000, write_capacity_units: 1000}\n"
	    "  - {name: od, service: dynamodb, partition_key: /k, capacity: "
	    "on_demand}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{000..999}\"}}\n"
	    "phases: [{duration: 10s, rate: 100/s, item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("tables.yaml", text, &run, &res);
	size_t i;

	for (i = 0; i < 2; i++) {
		ck_assert_str_eq(res->variants[i].bill.provider, "dynamodb");
		ck_assert_str_eq(res->variants[i].bill.region, "us-east-1");
		ck_assert_int_eq(c[i].priced, 1);
	}
	ck_assert_double_eq_tol(
	    strcmp(c[0].name, "prov") == 0 ? c[0].cost_month : c[1].cost_month,
	    748.80, 1e-6);
	tu_cards_free(c, run, res);
}
END_TEST

/*
 * Two provisioned tables alike but for a global secondary index (trial
 * U9), unpriced. 10 s x 100 creates of 1 KiB, each a new item (key
 * /id): 1,000 puts of 1 WCU (D1) on each table, no throttle (1,000
 * WCU). Every item has /s, so each
 * put is also one index write of 1 WCU on the index (projection all,
 * D17): the indexed table's operations take 1,000 + 1,000 = 2,000
 * capacity units, the other's 1,000. Nothing fails or throttles and
 * the base tables' partitions are alike, so the units decide: the table
 * without the index ranks first (counting the base writes alone, both
 * took 1,000 and tied).
 */
START_TEST(test_across_index_writes_ranked)
{
	static const char text[] =
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "variants:\n"
	    "  - {name: plain, service: dynamodb, partition_key: /id, "
	    "read_capacity_units: 100, write_capacity_units: 1000}\n"
	    "  - {name: indexed, service: dynamodb, partition_key: /id, "
	    "read_capacity_units: 100, write_capacity_units: 1000, "
	    "global_secondary_indexes: [{name: by-s, partition_key: /s, "
	    "read_capacity_units: 100, write_capacity_units: 1000}]}\n"
	    "client: {retries: off}\n"
	    "items: {k: {values: \"k{000..999}\"}, s: {values: [a, b]}}\n"
	    "phases: [{duration: 10s, rate: 100/s, item_size: 1KB}]\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("indexed.yaml", text, &run, &res);
	const struct pk_scorecard *plain =
	    strcmp(c[0].name, "plain") == 0 ? &c[0] : &c[1];
	const struct pk_scorecard *indexed = plain == &c[0] ? &c[1] : &c[0];

	ck_assert_uint_eq(plain->throttled_429 + indexed->throttled_429, 0);
	ck_assert_double_eq_tol(plain->ru_offered, 1000, 1e-9);
	ck_assert_double_eq_tol(indexed->ru_offered, 2000, 1e-9);
	ck_assert_uint_eq(plain->rank, 1);
	ck_assert_uint_eq(indexed->rank, 2);
	ck_assert_msg(strstr(plain->reason, "capacity units of the operations "
					    "and their index writes"),
		      "%s", plain->reason);
	tu_cards_free(c, run, res);
}
END_TEST

/* Variant name's scorecard of JSON report root */
static json_t *card_json(json_t *root, const char *name)
{
	json_t *vs = json_object_get(root, "variants"), *v;
	size_t i;

	json_array_foreach(vs, i, v)
	{
		if (strcmp(json_string_value(json_object_get(v, "name")),
			   name) == 0) {
			return json_object_get(v, "scorecard");
		}
	}
	ck_abort_msg("no variant %s", name);
	return NULL;
}

/* `pksim compare --variant NAME --format json` of path into dir/NAME.json */
static void variant_json(const char *path, const char *name, char *out,
			 size_t cap)
{
	char args[2048];

	snprintf(out, cap, "%s/%s.json", tu_dir, name);
	snprintf(args, sizeof(args),
		 "compare '%s' --variant %s --format json -o '%s'", path, name,
		 out);
	free(tu_run_ok(args));
}

/*
 * pksim merge ranks a cross-service sweep as compare ranks it: the
 * JSON says which variant is a table ("service": "dynamodb"), so the
 * merge ties the two on RU (5,000 RU against 1,000 capacity units,
 * which would rank the table first) and both are =1.
 */
/*
 * Two tables, one even workload (100,000 keys, 500 writes and 1,500
 * eventual reads of 1 KB a second): provisioned 3,000 RCU + 1,000 WCU
 * has 2 partitions (ceil(3,000 / 3,000 + 1,000 / 1,000), D4), on demand
 * 4 (its warm 12,000 RRU + 4,000 WRU, D13). Even loads give a hottest
 * share of about 50 % and 25 %: that is the layout, not the key, so the
 * share does not decide. Nor does the peak: the provisioned table's is
 * against its 500 WCU shares (about 250 writes a second each, ~50 %),
 * the on-demand table's against its 1,000 WRU shares of the instant
 * limit (~13 %), which is headroom of another kind. Neither fails nor
 * throttles and both consume the same units (D1 charges either mode
 * alike), so unpriced the two tie (=1), in compare and in merge alike.
 */
static const char *const two_modes =
    "name: two\n"
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 18000}\n"
    "variants:\n"
    "  - {name: prov, service: dynamodb, partition_key: /k, sort_key: "
    "/id, read_capacity_units: 3000, write_capacity_units: 1000}\n"
    "  - {name: od, service: dynamodb, partition_key: /k, sort_key: "
    "/id, capacity: on_demand}\n"
    "client: {retries: off}\n"
    "items: {k: {values: \"k{00000..99999}\"}}\n"
    "phases:\n"
    "  - {duration: 20s, rate: 2000/s, ops: {create: 0.25, read: "
    "0.75}, item_size: 1KB}\n";

START_TEST(test_across_tables_of_two_sizes)
{
	const char *path = tu_dir_file("two.yaml", two_modes);
	char args[4096], a[1024], b[1024], *out;
	json_t *merged;

	snprintf(args, sizeof(args), "compare '%s' --no-remedies", path);
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "its 2 partitions") &&
			  strstr(out, "its 4 partitions"),
		      "%s", out);
	ck_assert_ptr_null(strstr(out, "on hottest range's share"));
	ck_assert_ptr_null(strstr(out, "on peak normalized consumption:"));
	ck_assert_ptr_nonnull(strstr(out, "tables of different partition "
					  "counts tie on the hottest "
					  "partition's share"));
	ck_assert_ptr_nonnull(strstr(out, "a provisioned and an on-demand "
					  "table tie on peak normalized "
					  "consumption"));
	ck_assert_msg(strstr(out, "=1. od") && strstr(out, "=1. prov"), "%s",
		      out);
	free(out);
	variant_json(path, "prov", a, sizeof(a));
	variant_json(path, "od", b, sizeof(b));
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	out = tu_run_ok(args);
	merged = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(merged);
	ck_assert_int_eq(json_integer_value(json_object_get(
			     card_json(merged, "prov"), "rank")),
			 1);
	ck_assert_int_eq(json_integer_value(
			     json_object_get(card_json(merged, "od"), "rank")),
			 1);
	json_decref(merged);
}
END_TEST

START_TEST(test_across_merge_ranks_as_compare)
{
	const char *path = tu_dir_file("healthy.yaml", healthy);
	char args[4096], a[1024], b[1024], *out;
	json_t *whole, *merged;

	snprintf(args, sizeof(args), "compare '%s' --format json", path);
	out = tu_run_ok(args);
	whole = json_loads(out, 0, NULL);
	free(out);
	variant_json(path, "cosmos", a, sizeof(a));
	variant_json(path, "table", b, sizeof(b));
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	out = tu_run_ok(args);
	merged = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(whole);
	ck_assert_ptr_nonnull(merged);
	ck_assert_double_eq_tol(
	    json_number_value(json_object_get(card_json(whole, "cosmos"),
					      "ru_of_operations")),
	    5000, 1e-6);
	ck_assert_double_eq_tol(
	    json_number_value(
		json_object_get(card_json(whole, "table"), "ru_of_operations")),
	    1000, 1e-6);
	for (int k = 0; k < 2; k++) {
		json_t *r = k ? merged : whole;

		ck_assert_int_eq(json_integer_value(json_object_get(
				     card_json(r, "cosmos"), "rank")),
				 1);
		ck_assert_int_eq(json_integer_value(json_object_get(
				     card_json(r, "table"), "rank")),
				 1);
		ck_assert(json_is_true(
		    json_object_get(card_json(r, "table"), "tied")));
	}
	json_decref(whole);
	json_decref(merged);
}
END_TEST

/* A table's report without "service" (a pksim before it wrote one) is
   refused, not ranked as a container: its throttles by reason say it
   is DynamoDB's */
START_TEST(test_across_merge_refuses_unsaid_service)
{
	const char *path = tu_dir_file("healthy.yaml", healthy);
	char args[4096], a[1024], b[1024], *out, *err;
	json_t *r;

	variant_json(path, "cosmos", a, sizeof(a));
	variant_json(path, "table", b, sizeof(b));
	r = json_load_file(b, 0, NULL);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(
	    json_object_del(json_array_get(json_object_get(r, "variants"), 0),
			    "service"),
	    0);
	ck_assert_int_eq(json_dump_file(r, b, 0), 0);
	json_decref(r);
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_str_eq(out, "");
	ck_assert_ptr_nonnull(strstr(err, "variant 'table' has no service"));
	free(out);
	free(err);
}
END_TEST

/*
 * The "not priced" hint names a region of the run's own service, so a
 * user who follows it is priced: the shipped price table's DynamoDB rows
 * are us-east-1's (pricing.md), its Azure Cosmos DB rows us-nongov's.
 * A table alone: "{region: us-east-1}"; the cross-service compare: one
 * of each. Each hint, added to the scenario as written, prices it.
 */
START_TEST(test_across_unpriced_hint_prices)
{
	static const char *const table =
	    "seed: 7\n"
	    "service: dynamodb\n"
	    "table: {partition_key: /deviceId, read_capacity_units: 100, "
	    "write_capacity_units: 100}\n"
	    "items:\n"
	    "  deviceId: {values: \"dev-{0000..0999}\"}\n"
	    "phases:\n"
	    "  - {duration: 10s, rate: 10/s, ops: {create: 1}, "
	    "item_size: 1KB}\n";
	static const char *const hint[2] = {
	    "add pricing: {region: us-east-1}",
	    "add pricing: {region: {cosmos: us-nongov, dynamodb: "
	    "us-east-1}}"};
	static const char *const cmd[2] = {"run", "compare"};
	const char *text[2] = {table, healthy};
	char args[1024], yaml[2048], *out;
	int k;

	for (k = 0; k < 2; k++) {
		const char *path = tu_dir_file("hint.yaml", text[k]);

		snprintf(args, sizeof(args), "%s '%s' --no-remedies", cmd[k],
			 path);
		out = tu_run_ok(args);
		ck_assert_msg(strstr(out, hint[k]) != NULL, "%s", out);
		ck_assert_ptr_null(strstr(out, "{region: us-nongov}"));
		free(out);
		snprintf(yaml, sizeof(yaml), "%spricing: %s\n", text[k],
			 strstr(hint[k], "{region"));
		path = tu_dir_file("hinted.yaml", yaml);
		snprintf(args, sizeof(args), "%s '%s' --no-remedies", cmd[k],
			 path);
		out = tu_run_ok(args);
		ck_assert_ptr_null(strstr(out, "add pricing"));
		free(out);
	}
}
END_TEST

/* pksim CMD (run or compare) on scenario text saved as NAME in the
   test's folder, --no-remedies: its output (exit 0 asserted), owned */
static char *cli_out(const char *cmd, const char *name, const char *text)
{
	char args[1024];

	snprintf(args, sizeof(args), "%s '%s' --no-remedies", cmd,
		 tu_dir_file(name, text));
	return tu_run_ok(args);
}

/*
 * One item created 100 times (1 s at 100/s, one key value, one id): the
 * container stores the first and answers the other 99 with 409 (an
 * insert of a held (key, id)); the table's PutItem replaces the item 99
 * times and refuses none. Neither side is near its capacity (100 x 5 RU
 * of 1,000 RU/s; 100 x 1 WCU of 1,000), so across services the share of
 * operations failed or refused leaves the 409s out: 0 % against 0 %, a
 * tie, where 99 % against 0 % would rank the table first on insert
 * against upsert. The refused row still shows the 99. Two containers
 * count them: 99 % each.
 */
#define ONE_ITEM                                                               \
	"seed: 1\n"                                                            \
	"container: {partition_key: /deviceId, throughput: 1000}\n"            \
	"client: {retries: off}\n"                                             \
	"items:\n"                                                             \
	"  deviceId: {values: \"dev-{0..0}\"}\n"                               \
	"  id: {values: \"r{0..0}\"}\n"                                        \
	"phases:\n"                                                            \
	"  - {duration: 1s, rate: 100/s, ops: {create: 1}, item_size: 1KB}\n"  \
	"variants:\n"                                                          \
	"  - {name: cosmos}\n"

START_TEST(test_across_conflicts_not_ranked)
{
	static const char across_one[] =
	    ONE_ITEM "  - {name: ddb, service: dynamodb, partition_key: "
		     "/deviceId, sort_key: /id, read_capacity_units: 1000, "
		     "write_capacity_units: 1000}\n";
	static const char cosmos_two[] = ONE_ITEM "  - {name: cosmos2}\n";
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c = tu_cards("one.yaml", across_one, &run, &res);
	char *out, *row, args[4096], a[1024], b[1024];
	unsigned long long shown[2];
	json_t *merged;

	ck_assert_str_eq(c[0].name, "cosmos");
	ck_assert_uint_eq(c[0].operations, 100);
	ck_assert_uint_eq(res->variants[0].metrics->totals.conflict_409, 99);
	ck_assert_uint_eq(c[0].refused, 0);
	ck_assert_uint_eq(c[1].refused, 0);
	ck_assert_uint_eq(res->variants[1].ddb->creates_replaced, 99);
	ck_assert_int_eq(scorecard_figure_cmp(&c[0], &c[1], PK_RANK_FAILED), 0);
	ck_assert_uint_eq(c[0].rank, 1);
	ck_assert_uint_eq(c[1].rank, 1);
	ck_assert_msg(strstr(c[0].verdict, "were refused") == NULL, "%s",
		      c[0].verdict);
	tu_cards_free(c, run, res);
	out = cli_out("compare", "one.yaml", across_one);
	ck_assert_msg(strstr(out, "the share of operations failed or refused "
				  "leaves the container's 409s out") != NULL,
		      "%s", out);
	row = strstr(out, "refused 400/409/413");
	ck_assert_ptr_nonnull(row);
	ck_assert_int_eq(
	    sscanf(row, "refused 400/409/413 %llu %llu", &shown[0], &shown[1]),
	    2);
	ck_assert_uint_eq(shown[0], 99);
	ck_assert_uint_eq(shown[1], 0);
	free(out);
	/* pksim merge of the two variants' reports ranks them alike */
	variant_json(tu_dir_file("one.yaml", across_one), "cosmos", a,
		     sizeof(a));
	variant_json(tu_dir_file("one.yaml", across_one), "ddb", b, sizeof(b));
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	out = tu_run_ok(args);
	merged = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(merged);
	ck_assert_int_eq(
	    json_integer_value(json_object_get(card_json(merged, "cosmos"),
					       "refused_400_409_413")),
	    99);
	ck_assert_int_eq(json_integer_value(json_object_get(
			     card_json(merged, "cosmos"), "rank")),
			 1);
	ck_assert_int_eq(json_integer_value(
			     json_object_get(card_json(merged, "ddb"), "rank")),
			 1);
	json_decref(merged);
	c = tu_cards("two.yaml", cosmos_two, &run, &res);
	ck_assert_uint_eq(c[0].refused, 99);
	ck_assert_uint_eq(c[1].refused, 99);
	tu_cards_free(c, run, res);
}
END_TEST

/* The table's creates replaced: in `across` every create carries one
   key value, so each admitted create after the first replaced the one
   item (admitted - 1); keyed by each create's own id, none did */
START_TEST(test_across_creates_replaced)
{
	static const char by_id[] =
	    "container: {partition_key: /day, throughput: 18000}\n"
	    "variants:\n"
	    "  - {name: cosmos}\n"
	    "  - {name: dynamodb, service: dynamodb, partition_key: /id, "
	    "read_capacity_units: 3000, write_capacity_units: 4000}\n" WORKLOAD;
	struct pk_run *run = tu_sim_text("across.yaml", across);
	struct pk_result *res = result_build(run);
	const struct pk_result_variant *v = &res->variants[1];
	char *out;

	ck_assert_uint_gt(v->metrics->totals.succeeded, 1);
	ck_assert_uint_eq(v->ddb->creates_replaced,
			  v->metrics->totals.succeeded - 1);
	result_free(res);
	tu_sim_free(run);
	run = tu_sim_text("byid.yaml", by_id);
	res = result_build(run);
	ck_assert_uint_eq(res->variants[1].ddb->creates_replaced, 0);
	ck_assert_uint_eq(res->variants[1].ddb->items, 20000);
	result_free(res);
	tu_sim_free(run);
	out = cli_out("compare", "byid.yaml", by_id);
	ck_assert_msg(strstr(out, "replaces an item of the same") == NULL, "%s",
		      out);
	free(out);
}
END_TEST

/* A compare across services says what the table replays differently
   from the container's operation of the same name. `across`: every
   create carries day "Wednesday" and the table has no sort key, so its
   20,000 PutItems (2,000 a second for 10 s) share one primary key and
   leave 1 item, where the container's creates are inserts of new ids;
   every create after the first admitted one finds the key held and
   replaces its item (creates replaced = admitted creates - 1, and the
   sentence counts them); the table has no retry_mode, so the
   scenario's client: settings
   retry it, as the table's own run says. Its creates only: no batch
   sentence. A compare of one service says none of it. */
START_TEST(test_across_says_what_differs)
{
	char args[1024], *out;
	const char *path = tu_dir_file("across.yaml", across);

	snprintf(args, sizeof(args), "compare '%s' --no-remedies", path);
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "  across services: a create is Azure "
				  "Cosmos DB's insert") != NULL,
		      "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "dynamodb's PutItem, which "
					  "replaces an item of the same "
					  "primary key ("));
	ck_assert_ptr_nonnull(strstr(out, " creates replaced one; it ended "
					  "holding 1 item;"));
	ck_assert_ptr_nonnull(strstr(out, "dynamodb retries its throttles "
					  "by the scenario's client: "
					  "settings (retry_mode: client)"));
	ck_assert_ptr_null(strstr(out, "TransactWriteItems"));
	/* it neither reads nor has a default_ttl */
	ck_assert_ptr_null(strstr(out, "reads eventually"));
	ck_assert_ptr_null(strstr(out, "default_ttl"));
	free(out);
	path = tu_dir_file("alone.yaml", table_alone);
	snprintf(args, sizeof(args), "run '%s' --no-remedies", path);
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "client retries of the table's throttles: "
				  "the client: settings below (retry_mode: "
				  "client), not an AWS SDK's") != NULL,
		      "%s", out);
	free(out);
	path = tu_dir_file("tables.yaml", two_modes);
	snprintf(args, sizeof(args), "compare '%s' --no-remedies", path);
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "across services:") == NULL, "%s", out);
	free(out);
}
END_TEST

/*
 * A table's run and a compare of tables say how many creates replaced a
 * held item. `table_alone`: every create carries day "Wednesday" on a
 * table without a sort key; its 5 partitions of 800 WCU (D4, D5) lift
 * the day's to its cap, 1,000 WCU (D3, D10), so 10 s x 1,000 = 10,000
 * creates are admitted, the first stores the item and 9,999 replace it:
 * 1 item held. Keyed by /deviceId (dev-0000..0999, 1 KB) the same
 * table throttles nothing (20,000 WCU asked of 4,000 a second spread
 * over 5 partitions: at most 2,000 a second, under 4,000) and holds the
 * 1,000 devices drawn, so 19,000 creates replaced one (`compare --key
 * /deviceId`, a key compare of one table).
 */
START_TEST(test_tables_say_creates_replaced)
{
	char args[1024], *out = cli_out("run", "alone.yaml", table_alone);

	ck_assert_msg(strstr(out, "  creates replaced         9,999 (PutItem "
				  "replaces an item of the same primary key: "
				  "the table holds 1 item;") != NULL,
		      "%s", out);
	free(out);
	snprintf(args, sizeof(args),
		 "compare '%s' --key /deviceId --no-remedies",
		 tu_dir_file("alone.yaml", table_alone));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out,
			     "  creates replaced: dynamodb: 9,999 creates "
			     "replaced an item of the same primary key "
			     "(PutItem); it ended holding 1 item;") != NULL,
		      "%s", out);
	ck_assert_msg(strstr(out, "  creates replaced: /deviceId: 19,000 "
				  "creates replaced an item of the same "
				  "primary key (PutItem); it ended holding "
				  "1,000 items;") != NULL,
		      "%s", out);
	free(out);
}
END_TEST

/* A compare across services that reads says which consistency each
   table reads at: GetItem's default (eventual) costs half a strong
   read's RCU (D1), where the container reads at Session, its own
   writes seen; a table set to strong reads like for like and is not
   named. `reads`: 10 s of 100 creates/s, then 10 s of 100 reads/s. The
   creates-only compare above says nothing of reads. */
static const char reads[] =
    "container: {partition_key: /deviceId, throughput: 6000}\n"
    "variants:\n"
    "  - {name: cosmos}\n"
    "  - {name: ev, service: dynamodb, partition_key: /deviceId, "
    "read_capacity_units: 1000, write_capacity_units: 1000}\n"
    "  - {name: st, service: dynamodb, partition_key: /deviceId, "
    "read_capacity_units: 1000, write_capacity_units: 1000, "
    "read_consistency: strong}\n"
    "client: {retries: off}\n"
    "items: {deviceId: {values: \"dev-{000..999}\"}}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, item_size: 1KB}\n"
    "  - {duration: 10s, rate: 100/s, ops: {read: 1}, item_size: 1KB}\n";

START_TEST(test_across_says_read_consistency)
{
	char *out = cli_out("compare", "reads.yaml", reads);

	ck_assert_msg(strstr(out, "; ev reads eventually consistent (half a "
				  "strong read's RCU, D1;") != NULL,
		      "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "read_consistency: strong is the "
					  "table's like for like"));
	ck_assert_msg(strstr(out, "st reads eventually") == NULL, "%s", out);
	/* cosmos ties ev and st pairwise (across services they compare on
	   failures, throttles and cost only), ev beats st on capacity
	   units (1,500 vs 2,000: 1,000 reads at 0.5 against 1), so cosmos
	   shares ev's rank and is ahead of st only through ev: said, no
	   figure named (there is none) */
	ck_assert_msg(strstr(out, "(ahead of st through its group; tied with "
				  "it on every figure") != NULL,
		      "%s", out);
	ck_assert_msg(strstr(out, "(null)") == NULL, "%s", out);
	free(out);
}
END_TEST

/* A container's default_ttl expires its items (rule 28); a table here
   keeps every item, pksim replaying no DynamoDB TTL, so the compare
   says so: `across` with default_ttl 1 day (86,400 s) on the
   container. Without it (test_across_says_what_differs) nothing is
   said. */
START_TEST(test_across_says_ttl_not_replayed)
{
	static const char ttl[] =
	    "container: {partition_key: /day, throughput: 18000, "
	    "default_ttl: 1d}\n"
	    "variants:\n"
	    "  - {name: cosmos}\n"
	    "  - {name: dynamodb, service: dynamodb, " TABLE "}\n" WORKLOAD;
	char *out = cli_out("compare", "ttl.yaml", ttl);

	ck_assert_msg(strstr(out, "; the container's default_ttl (86,400s "
				  "(1d)) expires its items, but no table "
				  "here expires any") != NULL,
		      "%s", out);
	free(out);
}
END_TEST

/* A reader (stream 0) of 10 reads a second and a writer (stream 1) of
   one create a second, 10 s, on a container and a table */
static const char read_first[] =
    "seed: 1\n"
    "container: {partition_key: /id, throughput: 1000}\n"
    "variants:\n"
    "  - {name: cosmos}\n"
    "  - {name: ddb, service: dynamodb, partition_key: /id, "
    "read_capacity_units: 100, write_capacity_units: 100}\n"
    "streams:\n"
    "  - name: reader\n"
    "    client: {retries: off}\n"
    "    phases: [{duration: 10s, rate: 10/s, ops: {read: 1}}]\n"
    "  - name: writer\n"
    "    client: {retries: off}\n"
    "    phases: [{duration: 10s, rate: 1/s, ops: {create: 1}, "
    "item_size: 1KB}]\n";

/* Operations not sent count in no other row of the compare table, so it
   has a row of its own when some variant has any. Above, the reader's
   first read and the writer's first create arrive at 0 ms, the read
   first (stream order), with nothing stored: 1 not sent in each
   variant; every later read finds the item created at 0 s. Text and
   Markdown both have the row; a compare with none does not. */
START_TEST(test_across_not_sent_row)
{
	char *out = cli_out("compare", "first.yaml", read_first);
	const char *row = strstr(out, "\n  not sent (no item yet) ");
	char args[1024];
	unsigned a = 0, b = 0;

	ck_assert_ptr_nonnull(row);
	ck_assert_int_eq(
	    sscanf(row, "\n  not sent (no item yet) %u %u", &a, &b), 2);
	ck_assert_uint_eq(a, 1);
	ck_assert_uint_eq(b, 1);
	free(out);
	snprintf(args, sizeof(args),
		 "compare '%s' --no-remedies --format markdown",
		 tu_dir_file("first.yaml", read_first));
	out = tu_run_ok(args);
	ck_assert_msg(strstr(out, "| not sent (no item yet) | 1 | 1 |") != NULL,
		      "%s", out);
	free(out);
	out = cli_out("compare", "healthy.yaml", healthy);
	ck_assert_ptr_null(strstr(out, "not sent"));
	free(out);
}
END_TEST

/*
 * pksim merge of a priced cross-service compare's variants (trialX4
 * F2): each service priced in its own region, as the compare prices
 * them, ranks as the compare does (cosmos $345.60 first, the table
 * $561.60, above), where the merge refused the two regions. Two
 * variants of one service still share their region: a container priced
 * in another Azure region (its report edited so) beside one in
 * us-nongov is refused, whichever service comes first.
 */
START_TEST(test_across_merge_priced_by_service)
{
	static const char *const pricing =
	    "pricing: {region: {cosmos: us-nongov, dynamodb: us-east-1}, "
	    "date: 2026-11-30}\n";
	char text[2048], args[4096], a[1024], b[1024], c[1024];
	const char *path;
	char *out, *err;
	json_t *merged, *other, *v;

	snprintf(text, sizeof(text), "%s%s", healthy, pricing);
	path = tu_dir_file("priced.yaml", text);
	variant_json(path, "cosmos", a, sizeof(a));
	variant_json(path, "table", b, sizeof(b));
	snprintf(args, sizeof(args), "merge '%s' '%s'", a, b);
	out = tu_run_ok(args);
	merged = json_loads(out, 0, NULL);
	free(out);
	ck_assert_ptr_nonnull(merged);
	ck_assert_int_eq(json_integer_value(json_object_get(
			     card_json(merged, "cosmos"), "rank")),
			 1);
	ck_assert_int_eq(json_integer_value(json_object_get(
			     card_json(merged, "table"), "rank")),
			 2);
	json_decref(merged);
	/* the container's report as if priced in another Azure region */
	other = json_load_file(a, 0, NULL);
	ck_assert_ptr_nonnull(other);
	v = json_array_get(json_object_get(other, "variants"), 0);
	json_object_set_new(v, "name", json_string("cosmos2"));
	json_object_set_new(json_object_get(v, "money"), "region",
			    json_string("us-other"));
	snprintf(c, sizeof(c), "%s/other.json", tu_dir);
	ck_assert_int_eq(json_dump_file(other, c, 0), 0);
	json_decref(other);
	snprintf(args, sizeof(args), "merge '%s' '%s' '%s'", a, b, c);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_msg(strstr(err, "money.region (us-nongov vs us-other)"), "%s",
		      err);
	free(out);
	free(err);
	snprintf(args, sizeof(args), "merge '%s' '%s' '%s'", b, a, c);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	ck_assert_msg(strstr(err, "money.region (us-nongov vs us-other)"), "%s",
		      err);
	free(out);
	free(err);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_across");
	TCase *tc = tcase_create("compare");

	tcase_add_test(tc, test_across_loads);
	tcase_add_test(tc, test_across_ranks_comparable);
	tcase_add_test(tc, test_across_table_as_alone);
	tcase_add_test(tc, test_across_priced_ranks_on_cost);
	tcase_add_test(tc, test_across_budget_one_basis);
	tcase_add_test(tc, test_across_tables_priced_in_aws_region);
	suite_add_tcase(s, tc);
	tc = tcase_create("merge");
	tcase_add_checked_fixture(tc, tu_dir_setup, tu_dir_teardown);
	tcase_add_test(tc, test_across_merge_ranks_as_compare);
	tcase_add_test(tc, test_across_tables_of_two_sizes);
	tcase_add_test(tc, test_across_merge_refuses_unsaid_service);
	tcase_add_test(tc, test_across_unpriced_hint_prices);
	tcase_add_test(tc, test_across_says_what_differs);
	tcase_add_test(tc, test_across_creates_replaced);
	tcase_add_test(tc, test_tables_say_creates_replaced);
	tcase_add_test(tc, test_across_conflicts_not_ranked);
	tcase_add_test(tc, test_across_not_sent_row);
	tcase_add_test(tc, test_across_says_read_consistency);
	tcase_add_test(tc, test_across_says_ttl_not_replayed);
	tcase_add_test(tc, test_across_index_writes_ranked);
	tcase_add_test(tc, test_across_merge_priced_by_service);
	suite_add_tcase(s, tc);
	return s;
}
