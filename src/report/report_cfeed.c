/*
 * report_cfeed: the change feed's leases (rule 39), one table in
 * every report: the change feed processor holds one lease per physical
 * partition (partition key range), so at most as many of the scenario's
 * consumers (`change_feed: {consumers: C}`, default 1) do work as there
 * are leases with changes, and the busiest lease is one consumer's
 * backlog. A change is a write that stored an item (create, replace,
 * upsert, a batch's items: the latest-version feed; deletes and TTL
 * expiries are not in it). Leases are the ranges at the end; each range's
 * changes and rate are over its own life (a split's children start
 * their own leases). Only for Azure Cosmos DB (pk_result_variant.cosmos):
 * another service's report has no change-feed table. What it leaves out: lease
 * balancing over time, the feed's lag, all-versions-and-deletes mode.
 */
#include <stdio.h>

#include "pksim/base/fmt.h"
#include "report_text_int.h"

double text_cfeed_rate(const struct pk_result_variant *v, size_t i)
{
	const struct pk_result_range *g = &v->ranges[i];
	int64_t from = g->born_s > 0 ? g->born_s : 0;
	int64_t life = v->end_s - from;

	return life > 0 ? (double)g->changes / (double)life : 0.0;
}

void text_cfeed_of(const struct pk_result *r, const struct pk_result_variant *v,
		   struct text_cfeed *out)
{
	size_t i;

	out->leases = v->n_ranges;
	out->busy = 0;
	out->changes = 0;
	out->busiest = 0;
	out->consumers = r->sc->change_feed_consumers;
	for (i = 0; i < v->n_ranges; i++) {
		out->changes += v->ranges[i].changes;
		out->busy += v->ranges[i].changes > 0;
		if (v->ranges[i].changes > v->ranges[out->busiest].changes) {
			out->busiest = i;
		}
	}
	out->holding =
	    out->consumers < out->leases ? out->consumers : out->leases;
	out->with_work =
	    out->consumers < out->busy ? out->consumers : out->busy;
	out->busiest_share =
	    out->changes
		? (double)v->ranges[out->busiest].changes / (double)out->changes
		: 0.0;
}

const char *text_cfeed_sentence(const struct pk_result_variant *v,
				const struct text_cfeed *f, char *buf,
				size_t cap)
{
	char a[PK_FMT_BYTES];

	if (f->changes == 0) {
		snprintf(buf, cap,
			 "no changes: none of %llu consumer%s has work (%zu "
			 "lease%s, one per physical partition)",
			 (unsigned long long)f->consumers,
			 f->consumers == 1 ? "" : "s", f->leases,
			 f->leases == 1 ? "" : "s");
		return buf;
	}
	snprintf(buf, cap,
		 "%llu of %llu consumer%s %s work: %zu lease%s (one per "
		 "physical partition), %zu with changes; the busiest, range "
		 "%u, holds %.1f%% of the %s changes (%.1f a second)%s",
		 (unsigned long long)f->with_work,
		 (unsigned long long)f->consumers, f->consumers == 1 ? "" : "s",
		 f->with_work == 1 ? "has" : "have", f->leases,
		 f->leases == 1 ? "" : "s", f->busy, v->ranges[f->busiest].id,
		 100.0 * f->busiest_share,
		 fmt_thousands((int64_t)f->changes, a),
		 text_cfeed_rate(v, f->busiest),
		 f->consumers > 1 ? ": one consumer's backlog" : "");
	return buf;
}

void text_cfeed(const struct pk_result *r, const struct pk_result_variant *v,
		FILE *out)
{
	struct text_cfeed f;
	char line[PK_TEXT_CFEED_BYTES], a[PK_FMT_BYTES];
	size_t i;

	if (!v->cosmos) {
		return;
	}
	text_cfeed_of(r, v, &f);
	fprintf(out,
		"\nchange feed (one lease per physical partition, rule "
		"39)\n  %s\n",
		text_cfeed_sentence(v, &f, line, sizeof(line)));
	fprintf(out, "  lease (range)      changes  changes/s    share\n");
	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *g = &v->ranges[i];

		fprintf(out, "  %-13u %12s %10.1f %7.1f%%\n", g->id,
			fmt_thousands((int64_t)g->changes, a),
			text_cfeed_rate(v, i),
			f.changes
			    ? 100.0 * (double)g->changes / (double)f.changes
			    : 0.0);
	}
}
