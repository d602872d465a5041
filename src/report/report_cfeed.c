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
 * their own leases); the leases of ranges split or merged away are rows
 * of their own with their changes until then, so the total is the
 * feed's. The busiest lease is the one at the end with the most changes
 * a second while it lived: a count ranks leases by age, not heat. Only for
 * Azure Cosmos DB (pk_result_variant.cosmos): another service's report has no
 * change-feed table. What it leaves out: lease balancing over time, the feed's
 * lag, all-versions-and-deletes mode.
 */
#include <stdio.h>

#include "pksim/base/fmt.h"
#include "report_text_int.h"

/* The second lineage entry l's lease began: its split's or merge's, or
   0 */
static int64_t lease_born(const struct pk_result_lineage *l)
{
	return l->born_s > 0 ? l->born_s : l->merged_s > 0 ? l->merged_s : 0;
}

double text_cfeed_rate(const struct pk_result_variant *v, size_t i)
{
	const struct pk_result_range *g = &v->ranges[i];
	int64_t from = g->born_s > 0 ? g->born_s : 0;
	int64_t life;

	if (v->lineage && g->id < v->n_lineage) {
		from = lease_born(&v->lineage[g->id]);
	}
	life = v->end_s - from;
	return life > 0 ? (double)g->changes / (double)life : 0.0;
}

/* Lineage entry l's changes a second while it lived, for a lease of a
   range split or merged away */
static double retired_rate(const struct pk_result_lineage *l)
{
	int64_t life = l->gone_s - lease_born(l);

	return life > 0 ? (double)l->changes / (double)life : 0.0;
}

void text_cfeed_of(const struct pk_result *r, const struct pk_result_variant *v,
		   struct text_cfeed *out)
{
	size_t i;

	out->leases = v->n_ranges;
	out->busy = 0;
	out->changes = 0;
	out->retired_changes = 0;
	out->retired = 0;
	out->busiest = 0;
	out->busiest_rate = 0;
	out->consumers = r->sc->change_feed_consumers;
	for (i = 0; i < v->n_ranges; i++) {
		double rate = text_cfeed_rate(v, i);

		out->changes += v->ranges[i].changes;
		out->busy += v->ranges[i].changes > 0;
		/* a hot backlog is a fast one: by rate, not by a count that
		   grows with the lease's age */
		if (rate > out->busiest_rate) {
			out->busiest = i;
			out->busiest_rate = rate;
		}
	}
	for (i = 0; i < v->n_lineage; i++) {
		const struct pk_result_lineage *l = &v->lineage[i];

		if (l->at == SIZE_MAX && l->gone_s >= 0) {
			out->retired_changes += l->changes;
			out->retired += l->changes > 0;
		}
	}
	out->changes += out->retired_changes;
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
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], gone[160] = "";

	if (f->changes == 0) {
		snprintf(buf, cap,
			 "no changes: none of %llu consumer%s has work (%zu "
			 "lease%s, one per physical partition)",
			 (unsigned long long)f->consumers,
			 f->consumers == 1 ? "" : "s", f->leases,
			 f->leases == 1 ? "" : "s");
		return buf;
	}
	if (f->retired_changes > 0) {
		snprintf(gone, sizeof(gone),
			 "; %s of them in %zu lease%s of range%s split or "
			 "merged away, whose children's leases start anew",
			 fmt_thousands((int64_t)f->retired_changes, b),
			 f->retired, f->retired == 1 ? "" : "s",
			 f->retired == 1 ? "" : "s");
	}
	snprintf(buf, cap,
		 "%llu of %llu consumer%s %s work: %zu lease%s (one per "
		 "physical partition), %zu with changes; the busiest, range "
		 "%u, takes %.1f changes a second while it lives, %.1f%% of "
		 "the feed's %s changes%s%s",
		 (unsigned long long)f->with_work,
		 (unsigned long long)f->consumers, f->consumers == 1 ? "" : "s",
		 f->with_work == 1 ? "has" : "have", f->leases,
		 f->leases == 1 ? "" : "s", f->busy, v->ranges[f->busiest].id,
		 f->busiest_rate, 100.0 * f->busiest_share,
		 fmt_thousands((int64_t)f->changes, a), gone,
		 f->consumers > 1 ? ": one consumer's backlog" : "");
	return buf;
}

const char *text_cfeed_retired(const struct pk_result_variant *v, size_t i,
			       double *rate, char *label, size_t cap)
{
	const struct pk_result_lineage *l = &v->lineage[i];

	if (l->at != SIZE_MAX || l->gone_s < 0) {
		return NULL;
	}
	*rate = retired_rate(l);
	snprintf(label, cap, "%u (gone %llds)", l->id, (long long)l->gone_s);
	return label;
}

void text_cfeed(const struct pk_result *r, const struct pk_result_variant *v,
		FILE *out)
{
	struct text_cfeed f;
	char line[PK_TEXT_CFEED_BYTES], a[PK_FMT_BYTES], label[48];
	size_t i;
	double rate;

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
	for (i = 0; i < v->n_lineage; i++) {
		if (text_cfeed_retired(v, i, &rate, label, sizeof(label))) {
			fprintf(
			    out, "  %-13s %12s %10.1f %7.1f%%\n", label,
			    fmt_thousands((int64_t)v->lineage[i].changes, a),
			    rate,
			    f.changes ? 100.0 * (double)v->lineage[i].changes /
					    (double)f.changes
				      : 0.0);
		}
	}
}
