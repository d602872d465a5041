/*
 * remedies: the replayed remedies of a variant in words and as the text
 * report's table (remedies.h).
 */
#include "pksim/report/remedies.h"

#include <stdlib.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/money.h"
#include "remedies_int.h"

const char *remedies_name(enum pk_remedy_kind k)
{
	static const char *const names[PK_REMEDY_KINDS] = {
	    "raise on the existing layout",
	    "raise with splits",
	    "redistribution at the same total",
	    "switch to autoscale",
	    "merge",
	    "bulk stream: client RU budget",
	    "bulk stream: Low priority",
	    "bulk stream: throughput bucket",
	};

	return k < PK_REMEDY_KINDS ? names[k] : "?";
}

const char *remedies_kind_id(enum pk_remedy_kind k)
{
	static const char *const ids[PK_REMEDY_KINDS] = {
	    "raise",
	    "raise_with_splits",
	    "redistribute",
	    "autoscale",
	    "merge",
	    "bulk_ru_budget",
	    "bulk_low_priority",
	    "bulk_throughput_bucket",
	};

	return k < PK_REMEDY_KINDS ? ids[k] : "?";
}

const char *remedies_status_name(enum pk_remedy_status s)
{
	static const char *const names[] = {
	    "found",	    "not_found", "no_room",	   "not_needed",
	    "not_replayed", "failed",	 "not_applicable",
	};

	return (size_t)s < sizeof(names) / sizeof(names[0]) ? names[s] : "?";
}

/* What else the replays changed, said in the intro */
static const char *also_changed(const struct pk_remedies *m)
{
	int merge = remedies_measured(&m->items[PK_REMEDY_MERGE]);
	int bulk = remedies_measured(&m->items[PK_REMEDY_BUDGET]) ||
		   remedies_measured(&m->items[PK_REMEDY_LOW]) ||
		   remedies_measured(&m->items[PK_REMEDY_BUCKET]);

	return merge && bulk ? " (or its partitions merged, or the bulk "
			       "stream's client or bucket)"
	       : merge	     ? " (or its partitions merged)"
	       : bulk	     ? " (or the bulk stream's client or bucket)"
			     : "";
}

/* "; the replays run the data file Nx faster ..." when the run's
   arrivals come from a data file's time field compressed, into buf */
static const char *compressed(const struct pk_result *r, char *buf, size_t cap)
{
	const struct pk_items_file *f = r->sc->items_file;

	buf[0] = '\0';
	if (f && f->from == PK_FROM_TIME_FIELD && f->time_compression != 1) {
		snprintf(buf, cap,
			 "; like the run, each replays the data file's records "
			 "%gx faster than their own time (time_compression): "
			 "every RU/s and bill below is for that compressed "
			 "load, not for the data's own rate",
			 f->time_compression);
	}
	return buf;
}

char *remedies_intro(const struct pk_result *r, const struct pk_remedies *m)
{
	char mo[96] = "", c[PK_MONEY_BYTES], tc[224];

	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	if (m->before.priced) {
		snprintf(mo, sizeof(mo),
			 "; %s a month at this workload (the bill's month)",
			 money_fmt(m->before.month, m->before.currency, c));
	}
	if (m->merge_only) {
		char at[160] = "t = 0";

		if (m->merge_at_s > 0) {
			snprintf(at, sizeof(at),
				 "t = %llds (the start of phase '%s')",
				 (long long)m->merge_at_s,
				 m->merge_phase ? m->merge_phase : "?");
		}
		return xasprintf(
		    "the run had no 429: only the merge the findings name "
		    "(rules 32, 36) is replayed, on the run's operation "
		    "stream (seed %llu, the same arrivals) with the "
		    "container's partitions merged from %s; %zu replay "
		    "(at most %zu, set before it ran), as long as the run%s%s",
		    (unsigned long long)r->seed, at, m->replays, m->max_replays,
		    mo, compressed(r, tc, sizeof(tc)));
	}
	return xasprintf(
	    "each replays the run's operation stream (seed %llu, the same "
	    "arrivals) with only the container's %s changed%s, from t = 0; "
	    "%zu replay%s, each as long as the run (at most %zu, set before "
	    "they ran); the searches assume 429s do not come back as RU/s "
	    "rise; before: %s 429s, %s operations failed after the "
	    "client's retries%s%s",
	    (unsigned long long)r->seed,
	    m->autoscale ? "autoscale max"
			 : "RU/s (or, switched to autoscale, its max)",
	    also_changed(m), m->replays, m->replays == 1 ? "" : "s",
	    m->max_replays, fmt_thousands((int64_t)m->before.throttled_429, a),
	    fmt_thousands((int64_t)m->before.failed, b), mo,
	    compressed(r, tc, sizeof(tc)));
}

char *remedies_sentence(const struct pk_remedies *m, enum pk_remedy_kind k)
{
	const struct pk_remedy *x = &m->items[k];
	char a[PK_FMT_BYTES];
	char *body, *s;

	if (x->status == PK_REMEDY_NOT_APPLICABLE && k != PK_REMEDY_MERGE &&
	    k < PK_REMEDY_BUDGET) {
		/* the JSON report lists every kind: none of these ran */
		body = xstrdup(
		    m->merge_only
			? "not applicable: the run had no 429, so only the "
			  "merge is replayed"
			: "not applicable: a container of one partition has "
			  "nothing to redistribute");
	} else if (x->status == PK_REMEDY_FAILED) {
		body = xasprintf(
		    "the replay at %s %s stopped: %s",
		    fmt_thousands(x->setting, a),
		    remedy_autoscale(m, k) ? "RU/s of autoscale max" : "RU/s",
		    x->why ? x->why : "an error");
	} else {
		body = k == PK_REMEDY_RAISE    ? remedies_raise_words(m, x)
		       : k == PK_REMEDY_SPLIT  ? remedies_split_words(m, x)
		       : k == PK_REMEDY_REDIST ? remedies_redist_words(m, x)
		       : k == PK_REMEDY_MERGE  ? remedies_merge_words(m, x)
		       : k >= PK_REMEDY_BUDGET ? remedies_bulk_words(m, k, x)
					       : remedies_autoscale_words(m, x);
	}
	s = xasprintf("%s: %s", remedies_name(k), body);
	free(body);
	return s;
}

/* 1 if the tables show the busiest hour's bill: some row is autoscale */
static int bills_shown(const struct pk_remedies *m)
{
	return m->autoscale ||
	       remedies_measured(&m->items[PK_REMEDY_AUTOSCALE]);
}

/* The busiest hour's bill of f into c (PK_FMT_BYTES): "-" for manual
   figures, which bill their RU/s every hour */
static const char *bill_cell(const struct pk_remedy_figures *f, char *c)
{
	if (f->n_hours == 0) {
		snprintf(c, PK_FMT_BYTES, "-");
		return c;
	}
	return fmt_thousands(f->billed_peak_ru, c);
}

static void row(const char *name, const struct pk_remedies *m,
		const struct pk_remedy_figures *f, int64_t setting, FILE *out)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES];

	fprintf(out, "  %-32s %12s %10zu %6zu %12s %12s", name,
		fmt_thousands(setting, a), f->partitions, f->splits,
		fmt_thousands((int64_t)f->throttled_429, b),
		fmt_thousands((int64_t)f->failed, c));
	if (bills_shown(m)) {
		fprintf(out, " %12s", bill_cell(f, d));
	}
	fputc('\n', out);
}

/* A table row writer (text, Markdown or HTML): the row's name, then its
   figures. */
typedef void (*row_fn)(const char *name, const struct pk_remedies *m,
		       const struct pk_remedy_figures *f, int64_t setting,
		       FILE *out);

/* The run's row (at its end), then one a measured remedy, through
   put. */
static void each_row(const struct pk_remedies *m, row_fn put, FILE *out)
{
	size_t k;

	/* the run's RU/s beside its partitions: both at its end (a phase
	   may have changed them), as each replay's row shows its own */
	put("the run", m, &m->before,
	    m->before.ru_per_s > 0 ? m->before.ru_per_s : m->start_ru_per_s,
	    out);
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		if (remedies_measured(&m->items[k])) {
			/* a bulk stream's remedy keeps the container's
			   RU/s; its setting is the client's */
			put(remedies_name((enum pk_remedy_kind)k), m,
			    &m->items[k].after,
			    k >= PK_REMEDY_BUDGET ? m->start_ru_per_s
						  : m->items[k].setting,
			    out);
		}
	}
}

/* Each remedy's sentence, escaped by esc, between open and close. */
static void each_sentence(const struct pk_remedies *m, pk_remedies_text_fn esc,
			  const char *open, const char *close, FILE *out)
{
	size_t k;

	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		char *s;

		if (m->items[k].status == PK_REMEDY_NOT_APPLICABLE) {
			continue;
		}
		s = remedies_sentence(m, (enum pk_remedy_kind)k);
		fputs(open, out);
		esc(s, out);
		fputs(close, out);
		free(s);
	}
}

/* The cells of one row: setting, partitions, splits, 429s, failed and,
   for autoscale, the busiest hour's bill; c[k] holds PK_FMT_BYTES */
static size_t cells(const struct pk_remedies *m,
		    const struct pk_remedy_figures *f, int64_t setting,
		    char c[6][PK_FMT_BYTES])
{
	fmt_thousands(setting, c[0]);
	fmt_thousands((int64_t)f->partitions, c[1]);
	fmt_thousands((int64_t)f->splits, c[2]);
	fmt_thousands((int64_t)f->throttled_429, c[3]);
	fmt_thousands((int64_t)f->failed, c[4]);
	if (bills_shown(m)) {
		bill_cell(f, c[5]);
		return 6;
	}
	return 5;
}

/* The text table's columns: the setting's name and its figures, with a
   busiest hour's bill where bills_shown */
#define TEXT_TABLE_COLS 91
#define TEXT_BILL_COLS 14

/* One row stacked: its name, then one figure a line */
static void stacked_row(const char *name, const struct pk_remedies *m,
			const struct pk_remedy_figures *f, int64_t setting,
			FILE *out)
{
	static const char *const label[6] = {
	    "RU/s", "partitions", "splits", "429s", "failed", "busiest hour"};
	char c[6][PK_FMT_BYTES];
	size_t i, n = cells(m, f, setting, c);

	fprintf(out, "  %s\n", name);
	fprintf(out, "    %-14s %12s\n", m->autoscale ? "max RU/s" : label[0],
		c[0]);
	for (i = 1; i < n; i++) {
		fprintf(out, "    %-14s %12s\n", label[i], c[i]);
	}
}

const char *remedies_none_why(const struct pk_result *r,
			      const struct pk_result_variant *v)
{
	if (!r->remedies_built || v->remedies ||
	    v->metrics->totals.throttled_429 == 0) {
		return NULL;
	}
	if (!v->cosmos) {
		return "none replayed: pksim does not model remedies for a "
		       "DynamoDB table (a raise of its WCU or RCU, or "
		       "on-demand "
		       "capacity, is not replayed); try them as compare "
		       "variants";
	}
	if (v->serverless) {
		return "none replayed: a serverless container has no RU/s to "
		       "raise (its RU/s follow its physical partitions, "
		       "rule 19); provisioned throughput or a "
		       "key that spreads the load are compare variants to "
		       "try";
	}
	return NULL;
}

void remedies_text(const struct pk_result *r, const struct pk_result_variant *v,
		   size_t width, FILE *out)
{
	const struct pk_remedies *m = v->remedies;
	const char *why = remedies_none_why(r, v);
	char *s;
	size_t k;

	if (why) {
		fprintf(out, "\nremedies (%s)\n", why);
		return;
	}
	if (!m) {
		return;
	}
	if (m->not_replayed) {
		fprintf(out, "\nremedies (%s)\n", m->not_replayed);
		return;
	}
	s = remedies_intro(r, m);
	fprintf(out, "\nremedies (%s)\n", s);
	free(s);
	if (width > 0 &&
	    width < TEXT_TABLE_COLS + (bills_shown(m) ? TEXT_BILL_COLS : 0)) {
		each_row(m, stacked_row, out);
	} else {
		fprintf(out, "  %-32s %12s %10s %6s %12s %12s%s\n", "setting",
			m->autoscale ? "max RU/s" : "RU/s", "partitions",
			"splits", "429s", "failed",
			bills_shown(m) ? "  busiest hour" : "");
		each_row(m, row, out);
	}
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		if (m->items[k].status == PK_REMEDY_NOT_APPLICABLE) {
			continue;
		}
		s = remedies_sentence(m, (enum pk_remedy_kind)k);
		fprintf(out, "  - %s\n", s);
		free(s);
	}
}

static void md_row(const char *name, const struct pk_remedies *m,
		   const struct pk_remedy_figures *f, int64_t setting,
		   FILE *out)
{
	char c[6][PK_FMT_BYTES];
	size_t i, n = cells(m, f, setting, c);

	fprintf(out, "| %s |", name);
	for (i = 0; i < n; i++) {
		fprintf(out, " %s |", c[i]);
	}
	fputc('\n', out);
}

void remedies_markdown(const struct pk_result *r,
		       const struct pk_result_variant *v,
		       pk_remedies_text_fn esc, FILE *out)
{
	const struct pk_remedies *m = v->remedies;
	const char *why = remedies_none_why(r, v);
	char *s;

	if (why) {
		fprintf(out, "\n#### Remedies\n\n");
		esc(why, out);
		fputc('\n', out);
		return;
	}
	if (!m) {
		return;
	}
	if (m->not_replayed) {
		fprintf(out, "\n#### Remedies\n\n");
		esc(m->not_replayed, out);
		fputc('\n', out);
		return;
	}
	s = remedies_intro(r, m);
	fprintf(out, "\n#### Remedies (replayed)\n\n");
	esc(s, out);
	free(s);
	fprintf(out,
		"\n\n| setting | %s | partitions | splits | 429s | "
		"failed |%s\n| --- | ---: | ---: | ---: | ---: | ---: "
		"|%s\n",
		m->autoscale ? "max RU/s" : "RU/s",
		bills_shown(m) ? " busiest hour |" : "",
		bills_shown(m) ? " ---: |" : "");
	each_row(m, md_row, out);
	fputc('\n', out);
	each_sentence(m, esc, "- ", "\n", out);
}

static void html_row(const char *name, const struct pk_remedies *m,
		     const struct pk_remedy_figures *f, int64_t setting,
		     FILE *out)
{
	char c[6][PK_FMT_BYTES];
	size_t i, n = cells(m, f, setting, c);

	fprintf(out, "<tr><th>%s</th>", name);
	for (i = 0; i < n; i++) {
		fprintf(out, "<td class=\"n\">%s</td>", c[i]);
	}
	fprintf(out, "</tr>\n");
}

void remedies_html(const struct pk_result *r, const struct pk_result_variant *v,
		   pk_remedies_text_fn esc, FILE *out)
{
	const struct pk_remedies *m = v->remedies;
	const char *why = remedies_none_why(r, v);
	char *s;

	if (why) {
		fprintf(out, "<h3>Remedies</h3>\n<p>");
		esc(why, out);
		fprintf(out, "</p>\n");
		return;
	}
	if (!m) {
		return;
	}
	if (m->not_replayed) {
		fprintf(out, "<h3>Remedies</h3>\n<p>");
		esc(m->not_replayed, out);
		fprintf(out, "</p>\n");
		return;
	}
	s = remedies_intro(r, m);
	fprintf(out, "<h3>Remedies (replayed)</h3>\n<p>");
	esc(s, out);
	free(s);
	fprintf(out,
		"</p>\n<table>\n<tr><th>setting</th><th>%s</th>"
		"<th>partitions</th><th>splits</th><th>429s</th>"
		"<th>failed</th>%s</tr>\n",
		m->autoscale ? "max RU/s" : "RU/s",
		bills_shown(m) ? "<th>busiest hour</th>" : "");
	each_row(m, html_row, out);
	fprintf(out, "</table>\n<ul>\n");
	each_sentence(m, esc, "<li>", "</li>\n", out);
	fprintf(out, "</ul>\n");
}
