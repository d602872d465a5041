/*
 * rules: the reference's rules of the current docs (cosmos-mechanics.md
 * rules 33-41), each on the reference's own example, with the expected
 * figures worked out by hand beside each test.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/report_json.h"
#include "pksim/report/report_text.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/spec.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"
#include "testutil.h"

/* ---- rule 33: a unique last level ---- */

/*
 * The reference's example key (§6, TenantId > UserId > SessionId), once
 * as three levels and once with /id as a fourth (rule 33). One tenant,
 * user and session: every item shares the three-level prefix. A 1 MiB
 * logical partition cap stands in for 20 GB. 2,000 creates of 1 KiB at
 * 100/s for 20 s (5 RU each, 500 RU/s of 1,000: no 429).
 * - Three levels: one logical partition; 1,048,576 / 1,024 = 1,024 items
 *   fit (the 1,024th fills it exactly), the other 2,000 - 1,024 = 976
 *   are refused with 403/1014 (rule 11).
 * - /id fourth: each item its own logical partition (2,000 of them), the
 *   prefix passes the cap with 2,000 KiB, and nothing is refused.
 */
static const char hpk_id[] =
    "seed: 1\n"
    "container: {throughput: 1000, logical_partition_storage: 1MB}\n"
    "variants:\n"
    "  - {name: three, partition_key: [/tenantId, /userId, /sessionId]}\n"
    "  - {name: four, partition_key: [/tenantId, /userId, /sessionId, "
    "/id]}\n"
    "items:\n"
    "  tenantId: {values: [contoso]}\n"
    "  userId: {values: [alice]}\n"
    "  sessionId: {values: [s1]}\n"
    "phases:\n"
    "  - {duration: 20s, rate: 100/s, ops: {create: 1}, item_size: 1KB}\n";

START_TEST(test_rule33_id_last_level)
{
	struct pk_run *run = tu_sim_text("hpk-id.yaml", hpk_id);
	const struct pk_totals *three =
	    &tu_metrics(run->variants[0].svc)->totals;
	const struct pk_totals *four =
	    &tu_metrics(run->variants[1].svc)->totals;
	struct pk_snapshot s;

	ck_assert_uint_eq(three->operations, 2000);
	ck_assert_uint_eq(three->rejected_403, 976);
	ck_assert_uint_eq(three->throttled_429, 0);
	ck_assert_uint_eq(four->operations, 2000);
	ck_assert_uint_eq(four->rejected_403, 0);
	ck_assert_uint_eq(tu_end(run, 0).storage, 1024ULL * 1024);
	ck_assert_uint_eq(tu_end(run, 1).storage, 2000ULL * 1024);
	tu_snapshot(run, 0, &s);
	ck_assert_uint_eq(s.n_lps, 1);
	snapshot_free(&s);
	tu_snapshot(run, 1, &s);
	ck_assert_uint_eq(s.n_lps, 2000);
	snapshot_free(&s);
	tu_sim_free(run);
}
END_TEST

/* ---- rule 34: throughput buckets, completed ---- */

/*
 * The run of rule 31's example (check_sim's test_sim_bucket_alone):
 * 1,000 RU/s on one partition, 100 creates/s of 1 KiB (5 RU: 500 RU/s
 * of demand) for 10 s, no retries, bucket 1 capped at 20 %: 200 RU a
 * second, 40 creates. `buckets` is the container's throughput_buckets,
 * `client` the client's bucket setting (may be empty).
 */
static struct pk_run *bucket_run(const char *buckets, const char *client)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "seed: 1\n"
		 "container: {partition_key: /k, throughput: 1000,\n"
		 "            throughput_buckets: %s}\n"
		 "items: {k: {values: \"k{0..99}\"}}\n"
		 "client: {retries: off%s}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 buckets, client);
	return tu_sim_text("buckets.yaml", text);
}

/* A default bucket (isDefaultBucket): the client names none, so every
   request counts against bucket 1's 20 %: each second 40 succeed and 60
   get 429/3212; over 10 s 400 and 600 (as if each named bucket 1). */
START_TEST(test_rule34_default_bucket)
{
	struct pk_run *run =
	    bucket_run("[{id: 1, max_percent: 20, default: true}]", "");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 400);
	ck_assert_uint_eq(t->throttled_3212, 600);
	tu_sim_free(run);
}
END_TEST

/* A request naming a deleted bucket (2: an id 1..5 the container does
   not configure) is no error and uses the container uncapped: 500 RU/s
   of 1,000, all 1,000 succeed, no 429 - even beside a default bucket,
   which only requests naming none count against. */
START_TEST(test_rule34_deleted_bucket_uncapped)
{
	struct pk_run *run =
	    bucket_run("[{id: 1, max_percent: 20}]", ", throughput_bucket: 2");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 1000);
	ck_assert_uint_eq(t->throttled_429, 0);
	tu_sim_free(run);
	run = bucket_run("[{id: 1, max_percent: 20, default: true}]",
			 ", throughput_bucket: 2");
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 1000);
	ck_assert_uint_eq(t->throttled_429, 0);
	tu_sim_free(run);
}
END_TEST

static int json_report(const struct pk_result *r, FILE *out)
{
	return report_json(r, 0, out);
}

/*
 * The container's notes of rules 33 and 34 in the JSON report
 * (service_notes), the text report's sentences: a default bucket 1 of 20
 * % and a client naming bucket 2, which the container does not
 * configure; and a key ending in /id as a fourth level, with a 1 MiB
 * logical partition cap. Before: in the text report only.
 */
START_TEST(test_rule34_notes_in_json)
{
	static const char *const want[] = {
	    "throughput bucket 1: at most 20% of each partition's RU/s a "
	    "second (429/3212 past it); the default: requests naming no "
	    "bucket count against it (rule 34)",
	    "throughput bucket 2: not configured on this container: "
	    "requests naming it use the container's throughput uncapped "
	    "(rule 34)",
	    "unique last level: /id ends the key as a fourth level, which "
	    "only it may be, so each full key holds one item and any prefix "
	    "may pass 1.0 MiB; a transactional batch holds one item (rule "
	    "33)"};
	struct tu_fx f, g;
	char *text, *json;
	size_t i;

	tu_fx_run(&f, "buckets.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, throughput: 1000,\n"
		  "            throughput_buckets: [{id: 1, max_percent: 20, "
		  "default: true}]}\n"
		  "items: {k: {values: \"k{0..9}\"}}\n"
		  "client: {throughput_bucket: 2}\n"
		  "phases:\n"
		  "  - {duration: 2s, rate: 10/s, ops: {create: 1}}\n");
	tu_fx_run(&g, "hpk-id.yaml", hpk_id);
	for (i = 0; i < 3; i++) {
		const struct pk_result *r = i < 2 ? f.r : g.r;
		char quoted[400];

		text = tu_report(r, report_text);
		json = tu_report(r, json_report);
		snprintf(quoted, sizeof(quoted), "\"%s\"", want[i]);
		ck_assert_msg(strstr(text, want[i]), "%s", text);
		ck_assert_msg(strstr(json, "\"service_notes\""), "%s", json);
		ck_assert_msg(strstr(json, quoted), "%s", want[i]);
		free(text);
		free(json);
	}
	tu_fx_free(&f);
	tu_fx_free(&g);
}
END_TEST

/* ---- rule 35: an account's default priority ---- */

/*
 * Rule 30's Low-alone run (check_sim's test_sim_priority_low_alone):
 * 400 RU/s, 100 creates/s of 5 RU for 10 s, no retries: each second 80
 * fit and 20 get a 429; 800 succeed, 200 429s. `client` is the client's
 * priority setting (may be empty); the account's default is Low.
 */
static struct pk_run *account_run(const char *client)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "seed: 1\n"
		 "account: {default_priority: low}\n"
		 "container: {partition_key: /k, throughput: 400}\n"
		 "items: {k: {values: \"k{0..99}\"}}\n"
		 "client: {retries: off%s}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 client);
	return tu_sim_text("account.yaml", text);
}

/* No priority named: the requests are Low (the account's default), so
   all 200 429s are Low ones. Naming high overrides it: 0 Low 429s. */
START_TEST(test_rule35_account_default_priority)
{
	struct pk_run *run = account_run("");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 800);
	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->throttled_low_429, 200);
	tu_sim_free(run);
	run = account_run(", priority: high");
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 800);
	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->throttled_low_429, 0);
	tu_sim_free(run);
}
END_TEST

/* ---- rule 36: merge ---- */

/*
 * Rule 36 on the docs' own terms: the count after a merge is fixed from
 * the RU/s in force when it starts; a raise during it cancels it, a
 * lowering does not. An existing container of 4 physical partitions at
 * 25,000 RU/s asks at t = 0 to merge to 1; the merge takes 60 s
 * (merge_delay). At t = 10 s a phase changes the RU/s to %s.
 * The floor at the start: ceil(25,000 / 10,000) = 3 (rule 1), so the
 * merge is fixed at 4 -> 3.
 */
static const char merge_text[] =
    "seed: 1\n"
    "container: {partition_key: /k, partitions: 4, throughput: 25000,\n"
    "            merge_delay: 60s}\n"
    "items: {k: {values: \"k{0..99}\"}}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 10/s, merge: 1}\n"
    "  - {duration: 80s, rate: 10/s, throughput: %s}\n";

/* The run of merge_text with the RU/s set at t = 10 s. */
static struct pk_run *merge_run(const char *ru)
{
	char text[sizeof(merge_text) + 32];

	snprintf(text, sizeof(text), merge_text, ru);
	return tu_sim_text("merge.yaml", text);
}

/* 1 when run's variant 0 recorded an action of kind k at t_s. */
static int has_action(const struct pk_run *run, enum pk_action_kind k,
		      int64_t t_s)
{
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	size_t i;

	for (i = 0; i < m->n_actions; i++) {
		if (m->actions[i].kind == k && m->actions[i].t_s == t_s) {
			return 1;
		}
	}
	return 0;
}

/* Lowered to 8,000 at t = 10 s: 8,000 alone would allow one partition,
   but the count was fixed at the start: at t = 60 s the merge ends at 3
   partitions, which share 8,000 RU/s. Before it ends the 4 ranges stay. */
START_TEST(test_rule36_lowering_keeps_merge)
{
	struct pk_run *run = merge_run("8000");
	struct tu_end end = tu_end(run, 0);

	ck_assert(has_action(run, PK_ACTION_MERGE_STARTED, 0));
	ck_assert(has_action(run, PK_ACTION_MERGE, 60));
	ck_assert(!has_action(run, PK_ACTION_MERGE_CANCELLED, 10));
	ck_assert_uint_eq(end.ranges, 3);
	ck_assert_int_eq(end.ru_per_s, 8000);
	tu_sim_free(run);
}
END_TEST

/* Raised to 30,000 at t = 10 s (within 4 x 10,000: no split): the merge
   is cancelled then and never happens; 4 partitions at the end. */
START_TEST(test_rule36_raise_cancels_merge)
{
	struct pk_run *run = merge_run("30000");
	struct tu_end end = tu_end(run, 0);

	ck_assert(has_action(run, PK_ACTION_MERGE_STARTED, 0));
	ck_assert(has_action(run, PK_ACTION_MERGE_CANCELLED, 10));
	ck_assert(!has_action(run, PK_ACTION_MERGE, 60));
	ck_assert_uint_eq(end.ranges, 4);
	ck_assert_int_eq(end.ru_per_s, 30000);
	tu_sim_free(run);
}
END_TEST

/* Without merge_delay the merge is done at once, as before: 4 -> 3 at
   t = 0 (the floor from 25,000), and the raise at 10 s has nothing to
   cancel. */
START_TEST(test_rule36_instant_merge)
{
	struct pk_run *run = tu_sim_text(
	    "merge0.yaml", "seed: 1\n"
			   "container: {partition_key: /k, partitions: 4, "
			   "throughput: 25000}\n"
			   "items: {k: {values: \"k{0..99}\"}}\n"
			   "phases:\n"
			   "  - {duration: 10s, rate: 10/s, merge: 1}\n"
			   "  - {duration: 10s, rate: 10/s, throughput: "
			   "30000}\n");

	ck_assert(has_action(run, PK_ACTION_MERGE, 0));
	ck_assert(!has_action(run, PK_ACTION_MERGE_CANCELLED, 10));
	ck_assert_uint_eq(tu_end(run, 0).ranges, 3);
	tu_sim_free(run);
}
END_TEST

/* ---- rule 41: Cosmos DB in Fabric ---- */

/*
 * Rule 41's own figures: a Fabric container is autoscale only with
 * dynamic per-partition autoscale, billed 0.067 CU hours for 100 RU/s
 * for an hour. Max 20,000 RU/s: 2 physical partitions (rule 3), each
 * scaling between 1,000 and 10,000. One key takes 400 creates/s of 1 KiB
 * (5 RU: 2,000 RU/s) on one partition for 10 minutes; the other idles at
 * its floor, 0.1 x 10,000 = 1,000. Hour 0 bills the dynamic sum,
 * 2,000 + 1,000 = 3,000 RU/s (classic would scale both to the busiest:
 * 2 x 2,000 = 4,000), so 3,000 / 100 x 0.067 = 2.01 CU hours. No
 * autoscale_mode is written: the profile makes it dynamic.
 */
START_TEST(test_rule41_fabric_bill)
{
	struct tu_fx f;
	const struct pk_result_variant *v;

	tu_fx_run(&f, "fabric.yaml",
		  "seed: 1\n"
		  "container: {partition_key: /k, autoscale_max: 20000, "
		  "profile: fabric}\n"
		  "items: {k: {values: [hot]}}\n"
		  "phases:\n"
		  "  - {duration: 10m, rate: 400/s, ops: {create: 1}, "
		  "item_size: 1KB}\n");
	v = &f.r->variants[0];
	ck_assert_int_eq(v->n_ranges, 2);
	ck_assert_int_eq(v->autoscale_dynamic, 1);
	ck_assert_int_eq(v->n_hours, 1);
	ck_assert_int_eq(v->billed_classic[0], 4000);
	ck_assert_int_eq(v->billed_dynamic[0], 3000);
	ck_assert_int_eq(v->billed_ru_per_s[0], 3000);
	ck_assert_double_eq_tol(fabric_cu_hours(v->billed_ru_per_s[0]), 2.01,
				1e-9);
	tu_fx_free(&f);
}
END_TEST

/* ---- rules 34, 35: bulk mode takes the client's class ---- */

/*
 * Rule 31's example run (bucket_run's): 1,000 RU/s, 100 creates/s of
 * 5 RU for 10 s, no retries, bucket 1 capped at 20 % (200 RU, 40 creates
 * a second). Here the phase sends each request with bucket 1 (a request
 * option); `client` is the client's settings.
 * - not bulk: the request's bucket applies: 400 succeed, 600 429/3212;
 * - bulk, the client naming no bucket: the request's bucket is ignored
 *   (rule 34: with bulk only the client's), all 1,000 succeed;
 * - bulk with the client's bucket 1: 400 and 600 again.
 */
static struct pk_run *bulk_bucket_run(const char *client)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "seed: 1\n"
		 "container: {partition_key: /k, throughput: 1000,\n"
		 "            throughput_buckets: [{id: 1, max_percent: 20}]}\n"
		 "items: {k: {values: \"k{0..99}\"}}\n"
		 "client: {retries: off%s}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
		 "item_size: 1KB, throughput_bucket: 1}\n",
		 client);
	return tu_sim_text("bulk-bucket.yaml", text);
}

START_TEST(test_rule34_bulk_takes_client_bucket)
{
	struct pk_run *run = bulk_bucket_run("");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->succeeded, 400);
	ck_assert_uint_eq(t->throttled_3212, 600);
	tu_sim_free(run);
	run = bulk_bucket_run(", bulk: true");
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 1000);
	ck_assert_uint_eq(t->throttled_3212, 0);
	tu_sim_free(run);
	run = bulk_bucket_run(", bulk: true, throughput_bucket: 1");
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->succeeded, 400);
	ck_assert_uint_eq(t->throttled_3212, 600);
	tu_sim_free(run);
}
END_TEST

/*
 * Rule 30's Low-alone run: 400 RU/s, 100 creates/s of 5 RU for 10 s, no
 * retries: each second 80 fit and 20 get a 429, 200 in all. The phase
 * sends each request as Low; `head` is the account and client settings.
 * - not bulk: the request's Low applies: the 200 are Low 429s;
 * - bulk (the account's default High): the request's priority is ignored
 *   (rule 35), the 200 are High's: no Low 429;
 * - bulk with the account's default_priority low: the client's default
 *   is Low, so are the 200.
 */
static struct pk_run *bulk_priority_run(const char *account, const char *client)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "seed: 1\n"
		 "%s"
		 "container: {partition_key: /k, throughput: 400}\n"
		 "items: {k: {values: \"k{0..99}\"}}\n"
		 "client: {retries: off%s}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
		 "item_size: 1KB, priority: low}\n",
		 account, client);
	return tu_sim_text("bulk-priority.yaml", text);
}

START_TEST(test_rule35_bulk_takes_client_priority)
{
	struct pk_run *run = bulk_priority_run("", "");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->throttled_low_429, 200);
	tu_sim_free(run);
	run = bulk_priority_run("", ", bulk: true");
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->throttled_low_429, 0);
	tu_sim_free(run);
	run = bulk_priority_run("account: {default_priority: low}\n",
				", bulk: true");
	t = &tu_metrics(run->variants[0].svc)->totals;
	ck_assert_uint_eq(t->throttled_429, 200);
	ck_assert_uint_eq(t->throttled_low_429, 200);
	tu_sim_free(run);
}
END_TEST

/* ---- rule 40: fleet pools ---- */

/*
 * One physical partition under `container` (its throughput and pool),
 * 100 keys, creates of 1 KiB (5 RU) at `rate` for 10 s, no retries.
 */
static struct pk_run *fleet_run(const char *container, const char *rate)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "seed: 1\n"
		 "container: {partition_key: /k, %s}\n"
		 "items: {k: {values: \"k{0..99}\"}}\n"
		 "client: {retries: off}\n"
		 "phases:\n"
		 "  - {duration: 10s, rate: %s, ops: {create: 1}, "
		 "item_size: 1KB}\n",
		 container, rate);
	return tu_sim_text("fleet.yaml", text);
}

/*
 * Rule 40 on the docs' own tenant (fleet-pools: a container of 100 -
 * 1,000 RU/s whose peak demand reaches 5,000 RU/s): 1,000 RU/s is one
 * partition (rule 2), 1,000 creates/s of 5 RU ask 5,000 RU/s. The
 * partition's total is min(3,000 + 1,000, 8,000) = 4,000 RU/s: 800
 * creates a second succeed, 200 get 429; over 10 s 8,000 and 2,000, and
 * the pool lends 3,000 RU each second, 30,000 RU in all (its busiest
 * second, and so hour 0's peak, 3,000). Without the pool 1,000 RU/s:
 * 200 a second, 2,000 in all.
 */
START_TEST(test_rule40_fleet_extra)
{
	struct pk_run *run =
	    fleet_run("throughput: 1000, fleet_pool: {max: 100000}", "1000/s");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.succeeded, 8000);
	ck_assert_uint_eq(m->totals.throttled_429, 2000);
	ck_assert_int_eq(m->totals.pool_mru, 30000LL * 1000);
	ck_assert_uint_eq(m->n_hours, 1);
	ck_assert_int_eq(m->hours[0].max_pool_mru, 3000LL * 1000);
	tu_sim_free(run);
	run = fleet_run("throughput: 1000", "1000/s");
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.succeeded, 2000);
	ck_assert_int_eq(m->totals.pool_mru, 0);
	tu_sim_free(run);
}
END_TEST

/*
 * The 8,000 cap: 6,000 RU/s is one partition (rule 2); 2,000 creates/s
 * ask 10,000 RU/s; min(3,000 + 6,000, 8,000) = 8,000 RU/s: 1,600 a
 * second, 16,000 in 10 s, the pool lending 2,000 a second (20,000 RU).
 * A share above the cap (an existing 1-partition container at 10,000
 * RU/s, 2,400 creates/s = 12,000 RU/s asked) keeps its own 10,000
 * (dedicated RU/s are guaranteed; ASSUMPTION where min(...) would fall
 * below them) and draws nothing: 2,000 a second, 20,000 in all.
 */
START_TEST(test_rule40_fleet_cap)
{
	struct pk_run *run =
	    fleet_run("throughput: 6000, fleet_pool: {max: 100000}", "2000/s");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.succeeded, 16000);
	ck_assert_int_eq(m->totals.pool_mru, 20000LL * 1000);
	tu_sim_free(run);
	run = fleet_run("throughput: 10000, partitions: 1, "
			"fleet_pool: {max: 100000}",
			"2400/s");
	m = tu_metrics(run->variants[0].svc);
	ck_assert_uint_eq(m->totals.succeeded, 20000);
	ck_assert_int_eq(m->totals.pool_mru, 0);
	tu_sim_free(run);
}
END_TEST

/*
 * The pool's own maximum bounds what it lends in a second, to every
 * partition together: a pool of 100 .. 1,000 RU/s lends 1,000 of the
 * 3,000 the partition may draw: 2,000 RU/s, 400 creates a second of the
 * 1,000 asked, 4,000 in 10 s.
 */
START_TEST(test_rule40_fleet_pool_max)
{
	struct pk_run *run = fleet_run(
	    "throughput: 1000, fleet_pool: {min: 100, max: 1000}", "1000/s");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.succeeded, 4000);
	ck_assert_int_eq(m->totals.pool_mru, 10000LL * 1000);
	tu_sim_free(run);
}
END_TEST

/* ---- rule 38: reads that must know their key ---- */

/*
 * A key with a random part the reader cannot know, "{k}.{random 1..2}"
 * with k always "k0": two candidate values, k0.1 and k0.2, both on range
 * 3 (`pksim locate`), so the IN list holds two values on one range. 24,000
 * RU/s is 4 ranges (rule 2: ceil(24,000 / 6,000)). 100 creates of 1 KB,
 * then 100 reads with the IN list (the default) and 100 with `suffix_reads:
 * fan_out`, every item found. Charged as pksim's query (cost.h, rule 21:
 * 1 RU + 2.5 RU a range visited + 0.5 RU the item found):
 * - IN list: 1 + 1 x 2.5 + 0.5 = 4 RU a read, 400 RU;
 * - fan-out: 1 + 4 x 2.5 + 0.5 = 11.5 RU a read, 1,150 RU.
 * 200 finding queries, 100 of them fan-outs, 1,550 RU. Before: no
 * `suffix_reads`, every read the IN list's 4 RU (800 RU).
 */
START_TEST(test_rule38_suffix_reads_in_list_or_fan_out)
{
	struct pk_run *run = tu_sim_text(
	    "suffix.yaml",
	    "seed: 1\n"
	    "container: {partition_key: \"{k}.{random 1..2}\", "
	    "throughput: 24000}\n"
	    "items: {k: {const: k0}}\n"
	    "phases:\n"
	    "  - {duration: 1s, rate: 100/s, ops: {create: 1}, "
	    "item_size: 1KB}\n"
	    "  - {duration: 1s, rate: 100/s, ops: {read: 1}, item_size: 1KB}\n"
	    "  - {duration: 1s, rate: 100/s, ops: {read: 1}, item_size: 1KB, "
	    "suffix_reads: fan_out}\n");
	const struct pk_totals *t = &tu_metrics(run->variants[0].svc)->totals;

	ck_assert_uint_eq(tu_end(run, 0).ranges, 4);
	ck_assert_uint_eq(t->key_values, 2);
	ck_assert_uint_eq(t->throttled_429, 0);
	ck_assert_uint_eq(t->not_found_404, 0);
	ck_assert_uint_eq(t->key_queries, 200);
	ck_assert_uint_eq(t->key_fanouts, 100);
	ck_assert_int_eq(t->key_query_mru, 100 * 4000 + 100 * 11500);
	tu_sim_free(run);
}
END_TEST

/*
 * A random part of one value, "{k}.{random 1..1}", is a constant the
 * reader knows: every key is "kN.1", so a read names its key and is a
 * point read (rule 38 asks a query only of a suffix the reader cannot
 * compute). 100 creates of 1 KB then 100 reads of them: 100 x 5 RU +
 * 100 x 1 RU (cost.h's 1 KB create and point read) = 600 RU, no query,
 * no key values listed; the same as the plain key "{k}.1". Before: each
 * read a 4 RU IN-list query (1 + 2.5 + 0.5), 900 RU.
 */
START_TEST(test_rule38_one_value_random_part_is_known)
{
	static const char *const key[] = {"{k}.{random 1..1}", "{k}.1"};
	size_t i;

	for (i = 0; i < 2; i++) {
		char text[512];
		struct pk_run *run;
		const struct pk_totals *t;

		snprintf(text, sizeof(text),
			 "seed: 1\n"
			 "container: {partition_key: \"%s\", "
			 "throughput: 24000}\n"
			 "items: {k: {values: \"k{0..9}\"}}\n"
			 "phases:\n"
			 "  - {duration: 1s, rate: 100/s, ops: {create: 1}, "
			 "item_size: 1KB}\n"
			 "  - {duration: 1s, rate: 100/s, ops: {read: 1}, "
			 "item_size: 1KB}\n",
			 key[i]);
		run = tu_sim_text("one.yaml", text);
		t = &tu_metrics(run->variants[0].svc)->totals;
		ck_assert_uint_eq(t->key_values, 0);
		ck_assert_uint_eq(t->key_queries, 0);
		ck_assert_uint_eq(t->not_found_404, 0);
		ck_assert_int_eq(t->key_query_mru, 0);
		ck_assert_msg(t->ru_mru == 600 * 1000, "%s: %lld mRU", key[i],
			      (long long)t->ru_mru);
		tu_sim_free(run);
	}
}
END_TEST

/*
 * Rule 38 with rule 21: a random-suffix read's IN list is charged to the
 * ranges it runs on, each its share, as a query is (container_query.c:
 * the charge split evenly over the ranges visited). "{t}.{random 1..10}",
 * t always "a", on 5 ranges of 400 RU/s: `pksim locate` puts a.1 .. a.10
 * on ranges 0, 2, 3, 4 (2, 2, 4 and 2 values), none on range 1. Each
 * read is an IN list over those 4 ranges: 1 + 4 x 2.5 + 0.5 = 11.5 RU,
 * 2.875 RU on each. 100 reads a second: 287.5 RU/s on each of the four,
 * 71.875 % of 400, no 429; range 1 none. Before: the whole 11.5 RU on the
 * item's range, range 3 (40 % of the items) asked 460 RU/s: 429s there.
 */
START_TEST(test_rule38_in_list_charged_where_it_runs)
{
	struct pk_run *run = tu_sim_text(
	    "inlist.yaml", "seed: 1\n"
			   "container: {partition_key: \"{t}.{random 1..10}\", "
			   "throughput: 2000, partitions: 5}\n"
			   "client: {retries: off}\n"
			   "items: {t: {const: a}}\n"
			   "phases:\n"
			   "  - {duration: 10s, rate: 100/s, ops: {create: 1}, "
			   "item_size: 1KB}\n"
			   "  - {duration: 10s, rate: 100/s, ops: {read: 1}, "
			   "item_size: 1KB}\n");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);
	size_t i;

	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_uint_eq(m->totals.key_queries, 1000);
	ck_assert_int_eq(m->totals.key_query_mru, 1000 * 11500);
	ck_assert_uint_eq(tu_end(run, 0).ranges, 5);
	for (i = 0; i < 5; i++) {
		double want = i == 1 ? 0.0 : 287.5 / 400.0;

		ck_assert_msg(m->ranges[i].peak_normalized == want,
			      "range %zu: %f", i, m->ranges[i].peak_normalized);
	}
	tu_sim_free(run);
}
END_TEST

/*
 * Normalized RU consumption with a fleet pool counts against what the
 * partition may use (rule 40, the pool's own example): 1,000 RU/s is one
 * partition; 600 creates/s of 5 RU ask 3,000 RU/s, all served (its own
 * 1,000 and 2,000 lent a second, under min(1,000 + 3,000, 8,000) =
 * 4,000). Every second it uses 3,000 of 4,000: 75 %, not 100 % of its
 * share alone (before: capped at 100 %, and the advisory called it too
 * few RU/s for the load though nothing was rate limited). Without the
 * pool the same load is short of RU/s: 100 %.
 */
START_TEST(test_rule40_fleet_normalized)
{
	struct pk_run *run =
	    fleet_run("throughput: 1000, fleet_pool: {max: 100000}", "600/s");
	const struct pk_metrics *m = tu_metrics(run->variants[0].svc);

	ck_assert_uint_eq(m->totals.throttled_429, 0);
	ck_assert_int_eq(m->totals.pool_mru, 10 * 2000LL * 1000);
	ck_assert_msg(m->ranges[0].peak_normalized == 0.75, "%f",
		      m->ranges[0].peak_normalized);
	ck_assert_int_eq(metrics_range_nru_percentile(&m->ranges[0], 99), 75);
	tu_sim_free(run);
	run = fleet_run("throughput: 1000", "600/s");
	m = tu_metrics(run->variants[0].svc);
	ck_assert(m->ranges[0].peak_normalized == 1.0);
	tu_sim_free(run);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_rule33_id_last_level);
	tcase_add_test(tc, test_rule34_default_bucket);
	tcase_add_test(tc, test_rule34_deleted_bucket_uncapped);
	tcase_add_test(tc, test_rule34_notes_in_json);
	tcase_add_test(tc, test_rule35_account_default_priority);
	tcase_add_test(tc, test_rule36_lowering_keeps_merge);
	tcase_add_test(tc, test_rule36_raise_cancels_merge);
	tcase_add_test(tc, test_rule36_instant_merge);
	tcase_add_test(tc, test_rule38_suffix_reads_in_list_or_fan_out);
	tcase_add_test(tc, test_rule38_one_value_random_part_is_known);
	tcase_add_test(tc, test_rule38_in_list_charged_where_it_runs);
	tcase_add_test(tc, test_rule34_bulk_takes_client_bucket);
	tcase_add_test(tc, test_rule35_bulk_takes_client_priority);
	tcase_add_test(tc, test_rule40_fleet_extra);
	tcase_add_test(tc, test_rule40_fleet_cap);
	tcase_add_test(tc, test_rule40_fleet_pool_max);
	tcase_add_test(tc, test_rule40_fleet_normalized);
	tcase_add_test(tc, test_rule41_fabric_bill);
	suite_add_tcase(s, tc);
	return s;
}
