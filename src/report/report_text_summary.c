/*
 * report_text_summary: the head of a variant's terminal report, what ran:
 * the scenario or data file and how its items arrive, the service and
 * its settings, the phases' request options, the clients and their
 * retries.
 */
#include "report_text_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/load/monitor.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/report/keysummary.h"
#include "pksim/report/layout.h"
#include "pksim/service/snapshot.h"

#include "report_notes.h"

/* Where the items of a data file come from and how they arrive. */
static void items_file(const struct pk_result *r, FILE *out)
{
	const struct pk_items_file *f = r->sc->items_file;
	char a[40];

	if (f->monitor) {
		text_monitor_log(r, out);
		return;
	}
	fprintf(out, "items: %s, %s records, ", f->path,
		fmt_thousands(r->items_created, a));
	if (f->from == PK_FROM_TIME_FIELD) {
		fprintf(out, "arriving by %s", f->time_field);
		if (f->time_compression != 1) {
			fprintf(out, " compressed %gx", f->time_compression);
		}
	} else if (f->from == PK_FROM_RATE) {
		fprintf(out, "arriving at %g a second", f->rate_per_s);
	} else {
		fprintf(out, "all arriving at t = 0");
	}
	fputc('\n', out);
}

/* The Azure Cosmos DB container's settings beyond its throughput: caps,
   burst, throughput buckets, split timing. */
static void cosmos_settings(const struct pk_scenario *sc,
			    const struct pk_container_spec *cs, FILE *out)
{
	char a[40], b[40], c[40];
	struct pk_report_note notes[PK_REPORT_NOTES_MAX];
	size_t n = report_notes(sc, cs, notes), i;
	int k;

	fprintf(out,
		"caps: physical partition %s and %s RU/s; logical "
		"partition %s; index factor %g\n",
		fmt_bytes(cs->pp_storage_bytes, a),
		fmt_thousands((unsigned long long)cs->pp_ru_per_s, b),
		fmt_bytes(cs->lp_storage_bytes, c), cs->index_factor);
	for (i = 0; i < n; i++) {
		if (notes[i].rule == 33) {
			fprintf(out, "%s\n", notes[i].text);
		}
	}
	if (cs->burst) {
		fprintf(out, "burst capacity: on (partitions below 3,000 RU/s "
			     "save unused RU for up to 300 s and spend them "
			     "at up to 3,000 RU/s)\n");
	}
	for (k = 1; k <= PK_THROUGHPUT_BUCKETS; k++) {
		if (cs->bucket_pct[k] > 0 && k != cs->default_bucket) {
			fprintf(out,
				"throughput bucket %d: at most %d%% of each "
				"partition's RU/s a second (429/3212 past "
				"it)\n",
				k, cs->bucket_pct[k]);
			continue;
		}
		for (i = 0; i < n; i++) {
			if (notes[i].rule == 34 &&
			    strncmp(notes[i].text, "throughput bucket ", 18) ==
				0 &&
			    atoi(notes[i].text + 18) == k) {
				fprintf(out, "%s\n", notes[i].text);
			}
		}
	}
	if (cs->split_gone_ms > 0) {
		fprintf(out,
			"split gone window: %llds (after a split or merge "
			"the new ranges answer 410/1007; the client "
			"retries after %d ms)\n",
			(long long)(cs->split_gone_ms / 1000),
			PK_THROTTLE_GONE_RETRY_MS);
	}
	if (cs->split_delay_ms > 0) {
		fprintf(out,
			"split delay: %llds (a scale-up past partitions "
			"x %s RU/s waits this long for its splits)\n",
			(long long)(cs->split_delay_ms / 1000),
			fmt_thousands((unsigned long long)cs->pp_ru_per_s, a));
	}
}

/* Phase i's request options (rules 30, 31), and whether its client's
   bulk mode ignores them (rules 34, 35). */
static void phase_request_options(const struct pk_scenario *sc, size_t i,
				  FILE *out)
{
	const struct pk_phase_spec *p = &sc->phases[i];

	if (!p->req_priority && !p->req_bucket) {
		return;
	}
	fprintf(out, ", each request sent with");
	if (p->req_priority) {
		fprintf(out, " priority %s",
			p->req_priority == PK_REQ_LOW ? "low" : "high");
	}
	if (p->req_bucket) {
		fprintf(out, "%s throughput bucket %d",
			p->req_priority ? " and" : "", p->req_bucket);
	}
	if (scenario_stream_of_phase(sc, i)->client.bulk) {
		fprintf(out, " (ignored: its client runs in bulk mode, "
			     "rules 34, 35)");
	}
}

/* A table's retry_mode (D16, client_aws.h) when it is an AWS SDK's, in
   place of the client: lines (whose retries it replaces); 1 if said.
   Under retry_mode client, that the client: lines are the scenario's
   policy, not an AWS SDK's (reference §10); 0. */
static int aws_retries(const struct pk_ddb_table_spec *t, FILE *out)
{
	if (!t) {
		return 0;
	}
	if (t->retry_mode == PK_DDB_RETRY_CLIENT) {
		fprintf(out, "client retries of the table's throttles: the "
			     "client: settings below (retry_mode: client), "
			     "not an AWS SDK's; retry_mode: standard is "
			     "botocore's standard mode, legacy its legacy "
			     "mode (D16)\n");
		return 0;
	}
	if (t->retry_mode == PK_DDB_RETRY_LEGACY) {
		fprintf(out, "client retries: botocore legacy (10 attempts, "
			     "waits of 0.05 x 2^n s, no jitter: 25.55 s over "
			     "9 retries)\n");
	} else {
		fprintf(out, "client retries: botocore standard (3 attempts, "
			     "waits drawn below min(2^n, 20) s; a 500-token "
			     "retry quota, 5 a retry: an empty quota returns "
			     "the throttle)\n");
	}
	return 1;
}

void text_summary(const struct pk_result *r, const struct pk_result_variant *v,
		  FILE *out)
{
	const struct pk_scenario *sc = r->sc;
	const struct pk_container_spec *cs = v->spec;
	size_t created = v->created_ranges, i;
	int aws;
	const char *when = cs->existing_partitions ? "existing" : "at creation";
	char a[40], b[40], c[40], lay[PK_LAYOUT_SENTENCE_BYTES],
	    sp[PK_FMT_SPAN_BYTES];
	char ks[PK_KEYSUMMARY_BYTES];

	fprintf(out, "pksim run: %s (seed %llu)\n", sc->name,
		(unsigned long long)r->seed);
	if (sc->description) {
		fprintf(out, "  %s\n", sc->description);
	}
	if (v->ddb) {
		/* Amazon DynamoDB: a table of partitions, its read and
		   write units apart (D3; on demand its first instant
		   limits, D12) */
		char sides[PK_DDB_SIDES_BYTES];

		fprintf(out,
			"table: partition key %s, %s (%s; reads and writes "
			"apart) -> %zu partition%s at the start\n",
			v->key_text, ddb_sides_start(v, sides, sizeof(sides)),
			v->ddb->on_demand ? "on demand: its instant limits"
					  : "provisioned",
			created, created == 1 ? "" : "s");
	} else if (!v->cosmos) {
		/* another service: what its result says, not the spec's
		   throughput mode (Azure Cosmos DB's settings) */
		fprintf(out,
			"container: partition key %s, %s RU/s -> %zu physical "
			"partition%s at the start\n",
			v->key_text, fmt_thousands(v->created_ru_per_s, a),
			created, created == 1 ? "" : "s");
	} else if (cs->serverless) {
		fprintf(out,
			"container: partition key %s, serverless (%s "
			"RU/s per physical partition; at most %s "
			"stored) -> %zu physical "
			"partition%s %s\n",
			v->key_text, fmt_thousands(v->serverless_ru_per_pp, a),
			fmt_bytes(PK_PROVISION_SERVERLESS_MAX_BYTES, c),
			created, created == 1 ? "" : "s", when);
	} else if (cs->autoscale_max_ru_per_s > 0) {
		int64_t max = cs->autoscale_max_ru_per_s;

		fprintf(out,
			"container: partition key %s, autoscale max %s "
			"RU/s (%s to %s)%s -> %zu physical partition%s %s\n",
			v->key_text, fmt_thousands((unsigned long long)max, a),
			fmt_thousands(
			    (unsigned long long)v->spec_autoscale_floor, b),
			fmt_thousands((unsigned long long)max, c),
			cs->fabric
			    ? ", Cosmos DB in Fabric (rule 41: autoscale "
			      "only, dynamic)"
			    : "",
			created, created == 1 ? "" : "s", when);
	} else {
		fprintf(out,
			"container: partition key %s, %s RU/s manual -> "
			"%zu physical partition%s %s\n",
			v->key_text,
			fmt_thousands(
			    (unsigned long long)cs->throughput_ru_per_s, a),
			created, created == 1 ? "" : "s", when);
	}
	fprintf(out, "layout: %s\n", layout_sentence(v, lay, sizeof(lay)));
	if (r->sc->preload) {
		fprintf(out,
			"  %s (stored before the clock started, not "
			"charged)\n",
			layout_preload(v, lay, sizeof(lay)));
	}
	if (keysummary_text(v, ks, sizeof(ks))) {
		fprintf(out, "undefined key: %s\n", ks);
	}
	if (v->cosmos) {
		cosmos_settings(sc, cs, out);
	}
	if (sc->items_file) {
		items_file(r, out);
	}
	if (sc->n_phases > 0) {
		fprintf(out, "phases:\n");
	}
	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *p = &sc->phases[i];

		if (scenario_has_streams(sc)) {
			/* the stream's name before its phase's */
			char sn[PK_TEXT_STREAM_NAME_BYTES], pn[sizeof(sn)];
			char nm[2 * sizeof(sn) + 2];

			snprintf(
			    nm, sizeof(nm), "%s/%s",
			    text_name_str(scenario_stream_of_phase(sc, i)->name,
					  sn, sizeof(sn)),
			    text_name_str(p->name, pn, sizeof(pn)));
			fprintf(out, "  %-12s", nm);
		} else {
			fprintf(out, "  %-12s", p->name);
		}
		fprintf(out, " t=%s",
			fmt_seconds(r->phase_start_ms[i] / 1000, sp));
		fprintf(out, "  %s", fmt_seconds(p->duration_ms / 1000, sp));
		if (!sc->items_file && p->schedule) {
			char d[PK_SCHEDULE_DESC_BYTES];
			unsigned long long n_ops =
			    (unsigned long long)schedule_uniform_count(
				p->ops_planned);

			fprintf(
			    out, " at a rate schedule: %s (%s%s operation%s",
			    schedule_describe(p->schedule, d, sizeof(d)),
			    p->arrival == PK_ARRIVAL_POISSON ? "about " : "",
			    fmt_thousands(n_ops, a), n_ops == 1 ? "" : "s");
			fprintf(out, ", peak %s)",
				fmt_rate(p->peak_rate_per_s, a));
		} else if (!sc->items_file) {
			fprintf(out, " at %s", fmt_rate(p->rate_per_s, a));
		}
		if (p->throughput_ru_per_s > 0) {
			fprintf(
			    out, ", throughput set to %s RU/s",
			    fmt_thousands(
				(unsigned long long)p->throughput_ru_per_s, a));
		}
		phase_request_options(sc, i, out);
		fputc('\n', out);
	}
	aws = aws_retries(scenario_variant_table(sc, v->spec), out);
	for (i = 0; i < sc->n_streams; i++) {
		text_client_lines(sc, i, v->cosmos, aws, out);
	}
}
