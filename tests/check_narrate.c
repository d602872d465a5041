/*
 * narrate: `pksim run --narrate` and `--step` tell a run while it
 * proceeds (src/report/narrate.c fed by the run loop through
 * run/observer.h).
 *  - a scenario whose every event and time is derived by hand below is
 *    told word for word, the same on every run, and the report is the
 *    same bytes with and without --narrate;
 *  - several variants are told in one order whatever --jobs says;
 *  - a run longer than a day (no per-second records kept) tells its
 *    100 %, first 429, hot partitions and drained queue as a short one;
 *  - the events are told as the simulation reaches them: a run that stops
 *    with an error at t = 20 s has told what happened before it (a
 *    narration built from the finished run would tell nothing);
 *  - --step on a terminal (two pseudo-terminals: stdin and stderr) waits
 *    for Enter after each event: the run has neither ended nor written
 *    its report while it waits at the first one, and each Enter lets out
 *    the next event.
 */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "pksim/report/narrate.h"
#include "testutil.h"

/*
 * The hand-worked scenario. 12,000 RU/s make ceil(12,000 / 6,000) = 2
 * ranges (ids 0 and 1) of 6,000 RU/s, splitting the EPK space in half.
 * Every item has key "partitionKey", whose V2 EPK is 013AEFCF... (the
 * Java SDK's vector, tests/vectors/epk_vectors.csv row 17): below the
 * middle, so on range 0. Creates of 1 KB cost 5 RU; retries are off.
 *   steady 0..10 s: 1,000/s x 5 = 5,000 RU/s, 83 % of range 0: nothing.
 *   burst 10..15 s: 1,500/s x 5 = 7,500 RU/s: range 0 admits 6,000 RU =
 *     1,200 creates a second and refuses 300 with 429 (not retried).
 *     t = 10: range 0 at 100 % (6,000 RU of 6,000), its first 429 (300
 *     of 1,500), and it is a hot partition (alone at 100 %; range 1 has
 *     no request, 0 % <= 30 %).
 *   raised 15..20 s: throughput 24,000 > 2 x 10,000: ceil(24,000 /
 *     10,000) = 3 ranges, so the widest range (both are; the lowest
 *     index, range 0) splits into the next ids, 2 and 3. 1,000/s x 5 =
 *     5,000 RU/s on 8,000: second 15 is neither hot nor rate limited,
 *     so the hot run (seconds 10..14, 5 s) ends at 15 and so do the
 *     429s, which nobody retried.
 *     The logical partition cap is 18 MB = 18,874,368 B = 18,432 items
 *     of 1,024 B. Stored by t = 15: 10 x 1,000 + 5 x 1,200 = 16,000;
 *     the 18,433rd create is the raised phase's 2,433rd (index 2,432),
 *     sent at 15 + 2,432 / 1,000 = 17.432 s: the first 403/1014 at
 *     t = 17.
 *   The phases end at 20 s: the run ends at 20.
 * Within a second the order is: throughput change, split, 100 %, first
 * 429, hot start, full logical partition, hot end, drained (narrate.h).
 */
static const char scenario[] =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 12000,\n"
    "            logical_partition_storage: 18MB}\n"
    "client: {retries: off}\n"
    "items: {k: {values: [partitionKey]}}\n"
    "phases:\n"
    "  - {name: steady, duration: 10s, rate: 1000/s, item_size: 1KB}\n"
    "  - {name: burst, duration: 5s, rate: 1500/s, item_size: 1KB}\n"
    "  - {name: raised, duration: 5s, rate: 1000/s, item_size: 1KB,\n"
    "     throughput: 24000}\n";

/* Then a phase that stops the run at t = 20 s: range 0 split away at
   15 s, so it cannot be given RU/s (the error names the line). */
static const char stops[] =
    "  - {name: custom, duration: 5s, rate: 1000/s, item_size: 1KB,\n"
    "     redistribute: {\"0\": 9000}}\n";

static const char *const events[] = {
    "t = 10 s: range 0 reaches 100 % normalized RU: it used 6,000 RU of "
    "its 6,000 RU/s in this second.\n",
    "t = 10 s: first 429 on range 0: 300 of its 1,500 requests in this "
    "second are rate limited.\n",
    "t = 10 s: range 0 is a hot partition: alone at 100 % normalized RU "
    "while every other range stays at or below 30 %.\n",
    "t = 15 s: throughput changes from 12,000 to 24,000 RU/s; 2 physical "
    "partitions become 3.\n",
    "t = 15 s: range 0 splits into ranges 2 and 3, because the throughput "
    "was raised past what the partitions can serve (10,000 RU/s each).\n",
    "t = 15 s: range 0 is no longer a hot partition (hot for 5 s, from "
    "t = 10 s to t = 14 s).\n",
    "t = 15 s: no more 429s: the rate-limited requests were not "
    "retried.\n",
    "t = 17 s: logical partition \"partitionKey\" is full: a write that "
    "would take it past its 18.0 MiB cap is refused with 403/1014.\n",
};
#define N_EVENTS (sizeof(events) / sizeof(events[0]))
static const char end_line[] = "t = 20 s: the run ends.\n";
/* The error of the scenario with `stops` (its path for %s): line 12 is
   stops' second line, column 21 its "0" */
#define STOP_ERROR                                                             \
	"pksim: %s:12:21: error: phase 'custom' redistributes range 0, but "   \
	"at t=20s the container has no range 0 (it has 2, 3, 1)\n"

/* The vector the derivation rests on: "partitionKey" hashes below the
   middle of the V2 space (EPKs are below "40"; 2 ranges meet at "20"). */
static void find_vector(const struct tu_vector *v, void *ctx)
{
	if (strcmp(v->id, "17") == 0) {
		ck_assert_str_eq(v->components, "[\"partitionKey\"]");
		ck_assert_str_eq(v->version, "2");
		ck_assert_int_lt(strcmp(v->expected, "20"), 0);
		*(int *)ctx = 1;
	}
}

static char *write_scenario(const char *dir, const char *name, const char *tail)
{
	char *path = malloc(strlen(dir) + strlen(name) + 2);
	FILE *f;

	sprintf(path, "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(scenario, f);
	fputs(tail, f);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

static char *all_events(void)
{
	size_t i, len = 0;
	char *s;

	for (i = 0; i < N_EVENTS; i++) {
		len += strlen(events[i]);
	}
	s = calloc(1, len + 1);
	for (i = 0; i < N_EVENTS; i++) {
		strcat(s, events[i]);
	}
	return s;
}

START_TEST(test_narrate_hand_worked)
{
	char *dir = tu_tmpdir(), *path = write_scenario(dir, "n.yaml", "");
	char args[1024], *out = NULL, *err = NULL, *err2 = NULL, *plain = NULL;
	char *want = all_events(), *a, *b;
	int found = 0;

	ck_assert_int_eq(tu_epk_vectors(find_vector, &found) > 0, 1);
	ck_assert_int_eq(found, 1);
	want = realloc(want, strlen(want) + sizeof(end_line));
	strcat(want, end_line);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/a.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_str_eq(out, "");
	/* then the expect: line */
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
	free(out);
	/* the same words on a second run */
	ck_assert_int_eq(tu_run(args, &out, &err2), 0);
	ck_assert_str_eq(err2, err);
	free(out);
	/* the report does not change with the narration */
	snprintf(args, sizeof(args), "run %s -o %s/b.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &plain), 0);
	ck_assert_str_eq(plain, "");
	snprintf(args, sizeof(args), "%s/a.txt", dir);
	a = tu_read_file(args, NULL);
	snprintf(args, sizeof(args), "%s/b.txt", dir);
	b = tu_read_file(args, NULL);
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	free(out);
	free(plain);
	free(err);
	free(err2);
	free(want);
	free(path);
	free(dir);
}
END_TEST

/*
 * A run longer than a day: runs past PK_METRICS_DETAIL_MAX_S
 * = 86,400 s keep no per-second records, and the narration used to say
 * nothing of the 100 %, first-429 and drained events there. Derived by
 * hand: 12,000 RU/s make 2 ranges (0 and 1) of 6,000 RU/s; every item's
 * key is "partitionKey", on range 0 (vector 17, find_vector); creates of
 * 1 KB cost 5 RU; retries are off.
 *   quiet 0..90,000 s (25 h) at 1/h: 25 creates, at t = 0, 3,600, ...,
 *     86,400, each 5 RU of 6,000 (0.08 %): nothing to tell.
 *   burst 90,000..90,005 s at 1,500/s: 7,500 RU a second on 6,000:
 *     range 0 admits 1,200 creates (6,000 RU) and refuses 300 with 429.
 *     t = 90,000: 100 % (6,000 RU of 6,000), first 429 (300 of 1,500),
 *     hot partition (range 1 has no request: 0 % <= 30 %).
 *   calm 90,005..93,605 s at 1/h: one create at 90,005 (5 RU): not hot,
 *     no 429, so the hot run 90,000..90,004 (5 s) ends at 90,005, and so
 *     do the 429s (not retried); then idle seconds until 93,605.
 *   burst2 93,605..93,608 s at 1,500/s: range 0 is hot again from 93,605
 *     (its 100 % and first 429 are told once: not again); the phases end
 *     at 93,608, the run with them, and the open hot run ends there (3 s,
 *     93,605..93,607); no quiet second closes after its 429s, but the
 *     run ends with none outstanding: "no more 429s" at 93,608 too.
 * The run is 93,608 s > 86,400 s: the text report keeps no per-second
 * record; --format csv keeps them (cli.c): the narration is the same.
 */
static const char long_run[] =
    "seed: 1\n"
    "container: {partition_key: /k, throughput: 12000}\n"
    "client: {retries: off}\n"
    "items: {k: {values: [partitionKey]}}\n"
    "phases:\n"
    "  - {name: quiet, duration: 25h, rate: 1/h, item_size: 1KB}\n"
    "  - {name: burst, duration: 5s, rate: 1500/s, item_size: 1KB}\n"
    "  - {name: calm, duration: 1h, rate: 1/h, item_size: 1KB}\n"
    "  - {name: burst2, duration: 3s, rate: 1500/s, item_size: 1KB}\n";

static const char long_told[] =
    "t = 90000 s: range 0 reaches 100 % normalized RU: it used 6,000 RU of "
    "its 6,000 RU/s in this second.\n"
    "t = 90000 s: first 429 on range 0: 300 of its 1,500 requests in this "
    "second are rate limited.\n"
    "t = 90000 s: range 0 is a hot partition: alone at 100 % normalized RU "
    "while every other range stays at or below 30 %.\n"
    "t = 90005 s: range 0 is no longer a hot partition (hot for 5 s, from "
    "t = 90000 s to t = 90004 s).\n"
    "t = 90005 s: no more 429s: the rate-limited requests were not "
    "retried.\n"
    "t = 93605 s: range 0 is a hot partition: alone at 100 % normalized RU "
    "while every other range stays at or below 30 %.\n"
    "t = 93608 s: range 0 is no longer a hot partition (hot for 3 s, from "
    "t = 93605 s to t = 93607 s).\n"
    "t = 93608 s: no more 429s: the rate-limited requests were not "
    "retried.\n"
    "t = 93608 s: the run ends.\n";

START_TEST(test_narrate_longer_than_a_day)
{
	char *dir = tu_tmpdir(), path[600], args[1024];
	char *out = NULL, *err = NULL, *csv_err = NULL;
	FILE *f;
	int found = 0;

	ck_assert_int_eq(tu_epk_vectors(find_vector, &found) > 0, 1);
	ck_assert_int_eq(found, 1);
	snprintf(path, sizeof(path), "%s/long.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(long_run, f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_str_eq(err, long_told);
	free(out);
	snprintf(args, sizeof(args),
		 "run %s --narrate --format csv -o %s/r.csv", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &csv_err), 0);
	ck_assert_str_eq(csv_err, long_told);
	free(out);
	free(err);
	free(csv_err);
	free(dir);
}
END_TEST

/*
 * A retry queue that empties in the run's last second is
 * told as drained at the end, as a quiet second after it would. One
 * range of 400 RU/s; 100 creates/s of 1 KB (5 RU) for 10 s = 500 RU/s
 * offered, 5,000 RU in all. At t = 0: 400 RU admit 80 creates, 20 get
 * 429 (400 of 100 x 5). The backlog never empties while the phase runs
 * (500 > 400 each second), so every second uses 400 RU; by t = 10 the
 * range has served 4,000 RU and 1,000 RU = 200 creates wait as retries:
 * 400 RU in second 10, 400 in 11, the last 200 in 12 (retries at t = 12).
 * Nothing is left at 13: the run ends at 13 and the queue has drained
 * then; before the fix only "the run ends" was said.
 */
static const char drains_last[] =
    "container: {partition_key: /deviceId, throughput: 400}\n"
    "items: {deviceId: {values: \"dev-{00..09}\"}}\n"
    "phases:\n"
    "  - {duration: 10s, rate: 100/s, ops: {create: 1}, item_size: 1KB}\n";

static const char drains_told[] =
    "t = 0 s: range 0 reaches 100 % normalized RU: it used 400 RU of its "
    "400 RU/s in this second.\n"
    "t = 0 s: first 429 on range 0: 20 of its 100 requests in this second "
    "are rate limited.\n"
    "t = 13 s: the retry queue has drained: no 429 and no retry in this "
    "second (the last retries at t = 12 s).\n"
    "t = 13 s: the run ends.\n";

START_TEST(test_narrate_drains_in_last_second)
{
	char *dir = tu_tmpdir(), path[600], args[1024];
	char *out = NULL, *err = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "%s/s1.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(drains_last, f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_str_eq(err, drains_told);
	free(out);
	free(err);
	free(dir);
}
END_TEST

/*
 * The effect after its cause. Serverless with a 1 MiB
 * physical partition cap (1,048,576 B), 100 creates/s of 1 KB: by the
 * end of second 9, 1,000 x 1,024 = 1,024,000 B (under the cap); the
 * 1,025th item, at 10.24 s, passes it. Storage splits are checked as a
 * second closes, stamped with the next: range 0 splits into 1 and 2 at
 * t = 11, and serverless RU/s follow the ranges: 1 x 5,000 -> 2 x 5,000
 * = 10,000 (rule 19), told after the split that caused it.
 */
static const char serverless_split[] =
    "container: {partition_key: /k, serverless: true,\n"
    "            physical_partition_storage: 1MB}\n"
    "items: {k: {values: \"k{0..999}\"}}\n"
    "phases:\n"
    "  - {duration: 20s, rate: 100/s, item_size: 1KB}\n";

static const char serverless_told[] =
    "t = 11 s: range 0 splits into ranges 1 and 2, because its storage "
    "passed the physical partition cap of 1.0 MiB.\n"
    "t = 11 s: 2 physical partitions: serverless RU/s 5,000 -> 10,000.\n"
    "t = 20 s: the run ends.\n";

START_TEST(test_narrate_split_before_its_effect)
{
	char *dir = tu_tmpdir(), path[600], args[1024];
	char *out = NULL, *err = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "%s/sl.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(serverless_split, f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_str_eq(err, serverless_told);
	free(out);
	free(err);
	free(dir);
}
END_TEST

/*
 * "Reaches 100 %" says why when the RU do not show it.
 * (a) 400 RU/s, creates charged 7 RU (cost: write_1kb: 7), 100 in
 * second 0, no retries: 57 fit (57 x 7 = 399 RU), the 58th needs 7 RU
 * with 1 left and gets a 429 (throttle_admit: a charge that does not fit
 * what is left), and so do the other 42: 43 of 100. The range used 399 of
 * 400 RU yet a 429 makes the second 100 % (D-NRU), so the sentence says a
 * request was rate limited. (b) autoscale-burst's manual-400-burst, its
 * spike cut to 1 s and its keys to 10 (the storage runway replays each
 * logical partition's burst credit: a tenth of the CPU): the spike
 * (t = 300 s) sends 500 writes of 5 RU = 2,500 RU in a second on 400
 * RU/s; the 5 quiet minutes (a 5 RU write every 2 s) saved up to 300 x
 * 400 = 120,000 RU (D-BURST, rule 14), so it uses 2,500 RU, 2,500 - 400
 * = 2,100 from burst capacity. (b) and the shipped scenario below run
 * with --no-remedies: the remedies' replays are never narrated, and only
 * the narration is read.
 */
static const char rate_limited_under[] =
    "container: {partition_key: /k, throughput: 400}\n"
    "client: {retries: off}\n"
    "cost: {write_1kb: 7}\n"
    "items: {k: {values: [a]}}\n"
    "phases:\n"
    "  - {duration: 1s, rate: 100/s, item_size: 1KB}\n";
static const char burst_spike[] =
    "seed: 7\n"
    "container: {partition_key: /deviceId, throughput: 400, burst: true}\n"
    "items: {deviceId: {values: \"dev-{0..9}\"}}\n"
    "phases:\n"
    "  - {name: quiet, duration: 5m, rate: 30/m, item_size: 1KB}\n"
    "  - {name: spike, duration: 1s, rate: 500/s, item_size: 1KB}\n";

START_TEST(test_narrate_full_says_why)
{
	char *dir = tu_tmpdir(), path[600], args[1024];
	char *out = NULL, *err = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "%s/c.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(rate_limited_under, f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_ptr_nonnull(
	    strstr(err, "t = 0 s: range 0 reaches 100 % normalized RU: a "
			"request was rate limited in this second, which "
			"counts as 100 % (399 RU used of its 400 RU/s).\n"
			"t = 0 s: first 429 on range 0: 43 of its 100 "
			"requests in this second are rate limited.\n"));
	free(out);
	free(err);
	out = err = NULL;
	snprintf(path, sizeof(path), "%s/b.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(burst_spike, f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args),
		 "run %s --narrate --no-remedies -o %s/b.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_ptr_nonnull(
	    strstr(err, "t = 300 s: range 0 reaches 100 % normalized RU: it "
			"used 2,500 RU of its 400 RU/s in this second, 2,100 "
			"of them from burst capacity.\n"));
	free(out);
	free(err);
	out = err = NULL;
	ck_assert_int_eq(chdir(tu_src(".")), 0);
	/* throughput-bucket's variant bucket: each second 200 + 500 = 700
	   RU of 1,000 and 160 429/3212 (the bucket's cap, not the range's
	   RU/s): its first 429 is told, but the range never reaches 100 % */
	snprintf(args, sizeof(args),
		 "run scenarios/throughput-bucket.yaml --narrate --no-remedies "
		 "-o %s/t.txt",
		 dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(err,
				     "t = 0 s: [bucket] first 429 on range "
				     "0: 160 of its 300 requests"));
	ck_assert_ptr_null(strstr(err, "[bucket] range 0 reaches 100 %"));
	free(out);
	free(err);
	free(dir);
}
END_TEST

/* evening-peak raises 400 to 1,000 RU/s on its one partition (under
   10,000: no split): "the 1 physical partition takes it", singular. */
START_TEST(test_narrate_one_partition_singular)
{
	char *out = NULL, *err = NULL;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	ck_assert_int_eq(
	    tu_run("run scenarios/evening-peak.yaml --narrate", &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "; the 1 physical partition takes "
					  "it at once.\n"));
	ck_assert_ptr_null(strstr(err, "1 physical partitions"));
	free(out);
	free(err);
}
END_TEST

/*
 * A DynamoDB table's narration in its own words (partitions, capacity
 * units, throttles), word for word on the shipped hot key
 * (scenarios/dynamodb/hot-key.yaml, its figures derived in its header):
 * partition 1 takes the hot key's 1,500 writes a second, admits its
 * 1,000 WCU cap and throttles 500 from t = 0; it is hot alone until the
 * phase ends at 60 s, and nobody retried. No "429" and no "range".
 */
START_TEST(test_narrate_dynamodb_words)
{
	static const char *const want =
	    "t = 0 s: partition 1 reaches 100 % of its share: a request was "
	    "throttled in this second, which counts as 100 % (1,000 capacity "
	    "units used, read plus write).\n"
	    "t = 0 s: first throttle on partition 1 (HTTP 400): 500 of its "
	    "1,500 requests in this second are throttled.\n"
	    "t = 0 s: partition 1 is a hot partition: alone at 100 % of its "
	    "share while every other partition stays at or below 30 %.\n"
	    "t = 60 s: partition 1 is no longer a hot partition (hot for 60 "
	    "s, from t = 0 s to t = 59 s).\n"
	    "t = 60 s: no more throttles: the throttled requests were not "
	    "retried.\n"
	    "t = 60 s: the run ends.\n";
	char *out = NULL, *err = NULL;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	ck_assert_int_eq(
	    tu_run("run scenarios/dynamodb/hot-key.yaml --narrate", &out, &err),
	    0);
	/* then the expect: line */
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
	free(out);
	free(err);
}
END_TEST

/*
 * A provisioned table's raise narrated in its own words (trialX2 L-a):
 * 10 RCU + 1,000 WCU lay out ceil(10 / 3,000 + 1,000 / 1,000) = 2
 * partitions (D4); a phase's 4,000 WCU needs ceil(10 / 3,000 + 4) = 5,
 * so they double to 4, then 8. Its read and write units apart (D3), no
 * "RU/s" and no on-demand instant limit.
 */
START_TEST(test_narrate_dynamodb_raise)
{
	char *dir = tu_tmpdir(), path[600], args[1024];
	char *out = NULL, *err = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "%s/raise.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("service: dynamodb\n"
	      "table: {partition_key: /k, read_capacity_units: 10, "
	      "write_capacity_units: 1000}\n"
	      "items: {k: {values: \"k-{0..99}\"}}\n"
	      "phases:\n"
	      "  - {duration: 2s, rate: 100/s}\n"
	      "  - {duration: 2s, rate: 100/s, write_capacity_units: 4000}\n",
	      f);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_msg(
	    strstr(err, "t = 2 s: the table's units change from 10 RCU + "
			"1,000 WCU to 10 RCU + 4,000 WCU; 2 partitions become "
			"8.\n") &&
		strstr(err, "because the table's provisioned units outgrew "
			    "what its partitions serve (1,000 WCU, 3,000 RCU "
			    "each, D4)") &&
		!strstr(err, "RU/s") && !strstr(err, "instant limit"),
	    "%s", err);
	free(out);
	free(err);
	snprintf(path, sizeof(path), "%s/r.txt", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/raise.yaml", dir);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

/* compare-iot's four variants narrated: each line of a variant starts
   "[VARIANT]" (the /date variant's hot partition, told with its name);
   --narrate with --seeds (several runs) is a usage error. */
START_TEST(test_narrate_variants_named)
{
	char *dir = tu_tmpdir(), args[1024], *out = NULL, *err = NULL;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	snprintf(args, sizeof(args),
		 "compare scenarios/compare-iot.yaml --narrate --jobs 1 -o "
		 "%s/1.txt",
		 dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "[date] range "));
	ck_assert_int_eq(tu_run("compare scenarios/compare-iot.yaml "
				"--narrate --seeds 3",
				NULL, NULL),
			 2);
	snprintf(args, sizeof(args), "%s/1.txt", dir);
	unlink(args);
	rmdir(dir);
	free(out);
	free(err);
	free(dir);
}
END_TEST

/* The same narration and report whatever --jobs says (with --narrate
   the variants run in one thread), and the same report as without
   --narrate. Three replays of compare-iot for bytes equal: build/ only
   (tagged plain_only), where test_narrate_variants_named's narrated
   replay runs under the sanitizers. */
START_TEST(test_narrate_variants_and_jobs)
{
	char *dir = tu_tmpdir(), args[1024], path[600];
	char *out = NULL, *e1 = NULL, *e4 = NULL, *plain = NULL, *r1, *r4, *r0;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	snprintf(args, sizeof(args),
		 "compare scenarios/compare-iot.yaml --narrate --jobs 1 -o "
		 "%s/1.txt",
		 dir);
	ck_assert_int_eq(tu_run(args, &out, &e1), 0);
	free(out);
	snprintf(args, sizeof(args),
		 "compare scenarios/compare-iot.yaml --narrate --jobs 4 -o "
		 "%s/4.txt",
		 dir);
	ck_assert_int_eq(tu_run(args, &out, &e4), 0);
	free(out);
	snprintf(args, sizeof(args),
		 "compare scenarios/compare-iot.yaml --jobs 4 -o %s/0.txt",
		 dir);
	ck_assert_int_eq(tu_run(args, &out, &plain), 0);
	free(out);
	ck_assert_str_eq(e1, e4);
	ck_assert_ptr_nonnull(strstr(e1, "[date] range "));
	snprintf(path, sizeof(path), "%s/1.txt", dir);
	r1 = tu_read_file(path, NULL);
	snprintf(path, sizeof(path), "%s/4.txt", dir);
	r4 = tu_read_file(path, NULL);
	snprintf(path, sizeof(path), "%s/0.txt", dir);
	r0 = tu_read_file(path, NULL);
	ck_assert_ptr_nonnull(r0);
	ck_assert_str_eq(r1, r0);
	ck_assert_str_eq(r4, r0);
	free(r0);
	free(r1);
	free(r4);
	free(e1);
	free(e4);
	free(plain);
	free(dir);
}
END_TEST

/* A run that stops at t = 20 s has told everything before it, then the
   error: the narration comes from the run loop, not the finished run. */
START_TEST(test_narrate_live_before_error)
{
	char *dir = tu_tmpdir(), *path = write_scenario(dir, "s.yaml", stops);
	char args[1024], *out = NULL, *err = NULL, *want = all_events();
	char line[1024];

	snprintf(args, sizeof(args), "run %s --narrate -o %s/r.txt", path, dir);
	ck_assert_int_eq(tu_run(args, &out, &err), 2);
	snprintf(line, sizeof(line), STOP_ERROR, path);
	want = realloc(want, strlen(want) + strlen(line) + 1);
	strcat(want, line);
	ck_assert_str_eq(err, want);
	/* no report for a run that stopped */
	snprintf(args, sizeof(args), "%s/r.txt", dir);
	ck_assert_int_eq(access(args, F_OK), -1);
	free(out);
	free(err);
	free(want);
	free(path);
	free(dir);
}
END_TEST

/* ---- --step through two pseudo-terminals ---- */

/* A pseudo-terminal in raw mode (no echo, no \r added): its master
   descriptor, and its slave's open descriptor in *slave (opened before
   the fork, so the master never reads a hang-up before pksim runs). */
static int open_pty(int *slave)
{
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	struct termios t;

	ck_assert_int_ge(m, 0);
	ck_assert_int_eq(grantpt(m), 0);
	ck_assert_int_eq(unlockpt(m), 0);
	*slave = open(ptsname(m), O_RDWR | O_NOCTTY);
	ck_assert_int_ge(*slave, 0);
	ck_assert_int_eq(tcgetattr(*slave, &t), 0);
	cfmakeraw(&t);
	ck_assert_int_eq(tcsetattr(*slave, TCSANOW, &t), 0);
	return m;
}

/* Read from fd until buf (of cap bytes, *len used) holds `lines` lines
   or the other end is gone (EIO or end of file); each wait is bounded
   so a hung child fails the test instead of hanging it. */
static void read_lines(int fd, char *buf, size_t cap, size_t *len, size_t lines)
{
	for (;;) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		size_t i, have = 0;
		ssize_t n;

		for (i = 0; i < *len; i++) {
			have += buf[i] == '\n';
		}
		if (have >= lines) {
			return;
		}
		ck_assert_msg(poll(&p, 1, 120000) == 1,
			      "no output from pksim --step: %.*s", (int)*len,
			      buf);
		n = read(fd, buf + *len, cap - 1 - *len);
		if (n <= 0) {
			return; /* EIO: the slave side is closed */
		}
		*len += (size_t)n;
		buf[*len] = '\0';
	}
}

/* Read from fd until buf holds k step prompts (or the other end is
   gone), each wait bounded as read_lines' */
static void read_prompts(int fd, char *buf, size_t cap, size_t *len, size_t k)
{
	for (;;) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		const char *at = buf;
		size_t have = 0;
		ssize_t n;

		while ((at = strstr(at, NARRATE_STEP_PROMPT)) != NULL) {
			have++;
			at += strlen(NARRATE_STEP_PROMPT);
		}
		if (have >= k) {
			return;
		}
		ck_assert_msg(poll(&p, 1, 120000) == 1,
			      "no prompt from pksim --step: %.*s", (int)*len,
			      buf);
		n = read(fd, buf + *len, cap - 1 - *len);
		if (n <= 0) {
			return;
		}
		*len += (size_t)n;
		buf[*len] = '\0';
	}
}

/* Run scenario + tail with --step on two pseudo-terminals, pressing
   Enter after each event only once it is out; the whole stderr must be
   the events, then the end line (rc 0) or STOP_ERROR (rc 2), and the
   exit status rc. */
static void step_through(const char *tail, int rc)
{
	char *dir = tu_tmpdir(), *path = write_scenario(dir, "n.yaml", tail);
	char report[512], buf[16384], last[1024];
	const char *bin = getenv("PKSIM_BIN");
	char *want = calloc(1, 1);
	size_t len = 0, i;
	int min, merr, sin, serr, status;

	/* each event, then the prompt --step waits at: never a wait with
	   nothing on the terminal */
	for (i = 0; i < N_EVENTS; i++) {
		want = realloc(want, strlen(want) + strlen(events[i]) +
					 strlen(NARRATE_STEP_PROMPT) + 1);
		strcat(want, events[i]);
		strcat(want, NARRATE_STEP_PROMPT);
	}
	pid_t pid;

	ck_assert_ptr_nonnull(bin);
	if (rc == 0) {
		snprintf(last, sizeof(last), "%s", end_line);
	} else {
		snprintf(last, sizeof(last), STOP_ERROR, path);
	}
	snprintf(report, sizeof(report), "%s/r.txt", dir);
	min = open_pty(&sin);
	merr = open_pty(&serr);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int nul = open("/dev/null", O_WRONLY);

		if (nul < 0 || dup2(sin, 0) < 0 || dup2(nul, 1) < 0 ||
		    dup2(serr, 2) < 0) {
			_exit(127);
		}
		execl(bin, bin, "run", path, "--step", "-o", report,
		      (char *)NULL);
		_exit(127);
	}
	/* pksim holds the slaves now: the master reads EIO once it exits */
	close(sin);
	close(serr);
	buf[0] = '\0';
	for (i = 0; i < N_EVENTS; i++) {
		size_t upto = (size_t)(strstr(want, events[i]) - want) +
			      strlen(events[i]) + strlen(NARRATE_STEP_PROMPT);

		read_prompts(merr, buf, sizeof(buf), &len, i + 1);
		/* each Enter lets out the next event, and the run waits
		   there: not ended (no end line, no error), no report */
		ck_assert_msg(len == upto && strncmp(buf, want, upto) == 0,
			      "after %zu Enter: %s", i, buf);
		if (i == 0) {
			ck_assert_int_eq(waitpid(pid, &status, WNOHANG), 0);
			ck_assert_int_eq(access(report, F_OK), -1);
		}
		ck_assert_int_eq(write(min, "\n", 1), 1);
	}
	/* then the last line, and nothing else until pksim exits */
	read_lines(merr, buf, sizeof(buf), &len, (size_t)-1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), rc);
	want = realloc(want, strlen(want) + strlen(last) + 1);
	strcat(want, last);
	ck_assert_str_eq(buf, want);
	ck_assert_int_eq(access(report, F_OK), rc == 0 ? 0 : -1);
	close(min);
	close(merr);
	free(want);
	free(path);
	free(dir);
}

START_TEST(test_step_waits_for_enter)
{
	step_through("", 0);
}
END_TEST

/* The run that stops at 20 s, stepped: its error comes only after the
   last Enter, because the simulation waited at each event before it got
   there. */
START_TEST(test_step_holds_the_simulation)
{
	step_through(stops, 2);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("narrate");
	TCase *tc = tcase_create("narrate");
	/* tagged plain_only: tools/test's asan stage skips it (replays
	   for bytes equal, checked in build/) */
	TCase *plain = tcase_create("narrate_plain_only");

	tcase_set_tags(plain, "plain_only");

	tcase_add_test(tc, test_narrate_hand_worked);
	tcase_add_test(tc, test_narrate_drains_in_last_second);
	tcase_add_test(tc, test_narrate_split_before_its_effect);
	tcase_add_test(tc, test_narrate_full_says_why);
	tcase_add_test(tc, test_narrate_variants_named);
	tcase_add_test(plain, test_narrate_variants_and_jobs);
	tcase_add_test(tc, test_narrate_live_before_error);
	tcase_add_test(tc, test_step_waits_for_enter);
	tcase_add_test(tc, test_step_holds_the_simulation);
	tcase_add_test(tc, test_narrate_one_partition_singular);
	tcase_add_test(tc, test_narrate_longer_than_a_day);
	tcase_add_test(tc, test_narrate_dynamodb_words);
	tcase_add_test(tc, test_narrate_dynamodb_raise);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, plain);
	return s;
}
