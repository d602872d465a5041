/*
 * report_streams: the figures per stream and operation kind of a
 * scenario with `streams:`, in the terminal report, Markdown and CSV
 * (report_json.c writes its own). A run of one stream has none, so its
 * reports have no streams section. Also the summary lines of each
 * stream's client (text_client_lines).
 */
#include "pksim/report/report_streams.h"

#include <inttypes.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/report/layout.h"
#include "report_text_int.h"

const char *report_stream_kind_name(int kind)
{
	static const char *const names[] = {
	    "create", "upsert", "read",	     "replace", "delete",
	    "query",  "batch",	"batch_get", "charge",
	};

	return kind >= 0 && kind <= PK_OP_KINDS ? names[kind] : "?";
}

/* "client retries WHO: ..." of r */
static void retries_line(const struct pk_retry_spec *r, const char *who,
			 FILE *out)
{
	fprintf(out, "client retries%s: ", who);
	if (r->enabled && r->policy == PK_RETRY_EXPONENTIAL) {
		fprintf(out,
			"exponential backoff from %lld ms to %lld ms, jitter "
			"%g (the retry-after when longer), ",
			(long long)r->base_ms, (long long)r->cap_ms, r->jitter);
	}
	if (r->enabled) {
		fprintf(out, "up to %d, at most %lld ms of total wait\n",
			r->max_retries, (long long)r->max_wait_ms);
	} else {
		fprintf(out, "off\n");
	}
}

/* Stream i's client: its retries, budget, workers, priority and bucket
   ("client retries: ...";
   with several streams "client retries (stream NAME): ..."). */
void text_client_lines(const struct pk_scenario *sc, size_t i, int cosmos,
		       int aws, FILE *out)
{
	const struct pk_client_spec *c = &sc->streams[i].client;
	char who[PK_TEXT_STREAM_NAME_BYTES + 16] = "";
	char nm[PK_TEXT_STREAM_NAME_BYTES];

	if (scenario_has_streams(sc)) {
		snprintf(who, sizeof(who), " (stream %s)",
			 text_name_str(sc->streams[i].name, nm, sizeof(nm)));
	}
	if (!aws) {
		/* else the table's retry_mode replaced them, said before */
		retries_line(&c->retry, who, out);
	}
	if (c->ru_budget_per_s > 0) {
		fprintf(out,
			"client RU budget%s: %g RU/s (throughput control: "
			"each request waits until the client's RU so far fit "
			"it)\n",
			who, c->ru_budget_per_s);
	}
	if (c->concurrency > 0) {
		fprintf(out,
			"client workers%s: %d closed-loop (each sends its next "
			"operation once the previous one is answered; every "
			"attempt takes %lld ms, so at most %g operations/s)\n",
			who, c->concurrency, (long long)c->latency_ms,
			(double)c->concurrency * 1000.0 /
			    (double)c->latency_ms);
	}
	/* what Azure Cosmos DB does with them (rules 30, 31); another
	   service's requests carry them too, to make of them what it will */
	if (c->priority_low) {
		fprintf(out, "client priority%s: low%s%s\n", who,
			c->priority_set ? ""
					: " (the account's default_priority, "
					  "rule 35)",
			cosmos ? " (rule 30: throttled before High requests "
				 "when both pass a partition's RU/s)"
			       : "");
	}
	if (c->throughput_bucket > 0) {
		fprintf(out, "client throughput bucket%s: %d%s\n", who,
			c->throughput_bucket,
			cosmos ? " (429/3212 past its cap)" : "");
	}
	if (c->bulk) {
		fprintf(out,
			"client bulk mode%s: on: every request carries the "
			"client's priority (%s) and throughput bucket (%s); a "
			"phase's own priority or throughput_bucket is "
			"ignored (rules 34, 35)\n",
			who, c->priority_low ? "low" : "high",
			c->throughput_bucket > 0 ? "set" : "none");
	}
}

const char *text_closed_loop_streams(const struct pk_scenario *sc, char *buf,
				     size_t cap)
{
	size_t i, n = 0, len = 0;
	char nm[PK_TEXT_STREAM_NAME_BYTES];

	for (i = 0; sc && scenario_has_streams(sc) && i < sc->n_streams; i++) {
		n += sc->streams[i].client.concurrency > 0;
	}
	if (n == 0) {
		return NULL;
	}
	len = (size_t)snprintf(buf, cap, "stream%s ", n > 1 ? "s" : "");
	for (i = 0, n = 0; i < sc->n_streams && len < cap; i++) {
		if (sc->streams[i].client.concurrency > 0) {
			len += (size_t)snprintf(
			    buf + len, cap - len, "%s%s", n++ ? ", " : "",
			    text_name_str(sc->streams[i].name, nm, sizeof(nm)));
		}
	}
	return buf;
}

/* A wait percentile: "N ms", or "-" when no operation succeeded. */
static const char *wait_text(int64_t ms, char *buf, size_t cap)
{
	if (ms < 0) {
		snprintf(buf, cap, "-");
	} else {
		snprintf(buf, cap, "%" PRId64 " ms", ms);
	}
	return buf;
}

/* A row of the streams table: stream (ws columns wide), then kind (or
   variant, w wide), the figures; split: 429/3212 and Low 429s too. */
static void text_row(const char *stream, int ws, const char *kind, int w,
		     const struct pk_result_stream_ops *o, int split, int ns,
		     FILE *out)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char d[PK_FMT_BYTES], e[PK_FMT_BYTES], f[40], p50[32], p99[32];

	fputs("  ", out);
	text_name_put(stream, ws, 1, out);
	fputc(' ', out);
	text_name_put(kind, w, 1, out);
	fprintf(out, " %11s %11s %10s",
		fmt_thousands((int64_t)o->operations, a),
		fmt_thousands((int64_t)o->succeeded, b),
		fmt_thousands((int64_t)o->throttled_429, c));
	if (split) {
		fprintf(out, " %10s %10s",
			fmt_thousands((int64_t)o->throttled_3212, a),
			fmt_thousands((int64_t)o->throttled_low_429, b));
	}
	fprintf(out, " %10s %8s", fmt_thousands((int64_t)o->failed_429, d),
		fmt_thousands((int64_t)o->failed_other, e));
	if (ns) {
		fprintf(out, " %9s", fmt_thousands((int64_t)o->not_sent, d));
	}
	fprintf(out, " %14s %9s %9s\n", text_ru(o->ru_mru, f),
		wait_text(o->wait_p50_ms, p50, 32),
		wait_text(o->wait_p99_ms, p99, 32));
}

/* The kinds stream s sent, counted: 0 when it sent one kind only. */
static int kinds_sent(const struct pk_result_stream *s)
{
	int k, n = 0;

	for (k = 0; k <= PK_OP_KINDS; k++) {
		n += s->kind[k].operations > 0;
	}
	return n;
}

/* The rest of the streams table's title (after "(") and its column
   heads: stream (ws wide), second (w wide); cosmos 0: a table of
   another service's variants (Amazon DynamoDB's throttles are HTTP
   400, not 429s), in its words. */
static void text_heads(int split, int ns, int ws, const char *second, int w,
		       int cosmos, FILE *out)
{
	fprintf(out,
		cosmos
		    ? "operations offered; 429s: service-side answers, every "
		      "attempt%s; failed 429: operations that ended in a "
		      "429; %swait: retry wait of the succeeded)\n"
		    : "operations offered; throttled: service-side "
		      "answers (HTTP 400), every attempt%s; failed thr: "
		      "operations that ended throttled; %swait: retry "
		      "wait of the succeeded)\n",
		split ? ", of them 429/3212 past a throughput bucket's cap "
			"and Low to Low-priority requests"
		      : "",
		ns ? "not sent: arrived, no item written yet to target, not "
		     "in operations; "
		   : "");
	fprintf(out, "  %-*s %-*s %11s %11s %10s", ws, "stream", w, second,
		"operations", "succeeded", cosmos ? "429s" : "throttled");
	if (split) {
		fprintf(out, " %10s %10s", "429/3212", "Low 429s");
	}
	fprintf(out, " %10s %8s", cosmos ? "failed 429" : "failed thr",
		"failed");
	if (ns) {
		fprintf(out, " %9s", "not sent");
	}
	fprintf(out, " %14s %9s %9s\n", cosmos ? "RU" : "units", "wait p50",
		"wait p99");
}

/* The streams table's stream column: the widest of v's names, at
   least 14, at most
   PK_TEXT_NAME_COLS. */
static int stream_width(const struct pk_result_variant *v)
{
	int w = 14;
	size_t i;

	for (i = 0; i < v->n_streams; i++) {
		int c = text_name_cols(v->streams[i].name);

		w = c > w ? c : w;
	}
	return w < PK_TEXT_NAME_COLS ? w : PK_TEXT_NAME_COLS;
}

void text_compare_streams(const struct pk_result *r, size_t n_seeds, FILE *out)
{
	size_t i, vi;
	int split = 0, ns = 0, w = 8, ws;

	if (r->n_variants == 0 || r->variants[0].n_streams == 0) {
		return;
	}
	ws = stream_width(&r->variants[0]);
	for (vi = 0; vi < r->n_variants; vi++) {
		int n = text_name_cols(r->variants[vi].name);

		split |= r->variants[vi].streams_split_429;
		for (i = 0; i < r->variants[vi].n_streams; i++) {
			ns |= r->variants[vi].streams[i].all.not_sent > 0;
		}
		w = n > w ? (n < 24 ? n : 24) : w;
	}
	fprintf(out, "\nstreams by variant (");
	if (n_seeds > 1) {
		fprintf(out, "seed %llu's run; ", (unsigned long long)r->seed);
	}
	text_heads(split, ns, ws, "variant", w, layout_cosmos_words(r), out);
	for (i = 0; i < r->variants[0].n_streams; i++) {
		for (vi = 0; vi < r->n_variants; vi++) {
			const struct pk_result_variant *v = &r->variants[vi];

			if (i < v->n_streams) {
				text_row(vi ? "" : v->streams[i].name, ws,
					 v->name, w, &v->streams[i].all, split,
					 ns, out);
			}
		}
	}
}

/* -1: stream ops a fared better than b (fewer operations failed, then
   fewer 429s, each per operation offered), 1 worse, 0 alike. */
static int stream_cmp(const struct pk_result_stream_ops *a,
		      const struct pk_result_stream_ops *b)
{
	double fa, fb;

	if (a->operations == 0 || b->operations == 0) {
		return 0;
	}
	fa = (double)(a->failed_429 + a->failed_other) / (double)a->operations;
	fb = (double)(b->failed_429 + b->failed_other) / (double)b->operations;
	if (fa != fb) {
		return fa < fb ? -1 : 1;
	}
	fa = (double)a->throttled_429 / (double)a->operations;
	fb = (double)b->throttled_429 / (double)b->operations;
	return fa < fb ? -1 : fa > fb;
}

static void caveat_side(const struct pk_result_variant *v, size_t i, FILE *out)
{
	const struct pk_result_stream_ops *o = &v->streams[i].all;
	char a[32], b[32], c[32];

	fprintf(out, "%s (%s 429s, %s failed of %s operations)", v->name,
		fmt_thousands((int64_t)o->throttled_429, a),
		fmt_thousands((int64_t)(o->failed_429 + o->failed_other), b),
		fmt_thousands((int64_t)o->operations, c));
}

void text_compare_stream_caveats(const struct pk_result *r, size_t first,
				 FILE *out)
{
	const struct pk_result_variant *f;
	size_t i, vi, best;

	if (first >= r->n_variants || r->variants[first].n_streams < 2) {
		return;
	}
	f = &r->variants[first];
	for (i = 0; i < f->n_streams; i++) {
		best = first;
		for (vi = 0; vi < r->n_variants; vi++) {
			const struct pk_result_variant *v = &r->variants[vi];

			if (i < v->n_streams &&
			    stream_cmp(&v->streams[i].all,
				       &r->variants[best].streams[i].all) < 0) {
				best = vi;
			}
		}
		if (best == first) {
			continue;
		}
		fprintf(out, "  stream %s fares better in ",
			f->streams[i].name);
		caveat_side(&r->variants[best], i, out);
		fputs(" than in the first ranked, ", out);
		caveat_side(f, i, out);
		fputs(": the ranking counts every stream's operations "
		      "together; rank by the stream that matters to you\n",
		      out);
	}
}

void report_streams_text(const struct pk_result_variant *v, FILE *out)
{
	size_t i;
	int k, ws;
	char nm[PK_TEXT_STREAM_NAME_BYTES];

	if (v->n_streams == 0) {
		return;
	}
	ws = stream_width(v);
	fprintf(out, "\nstreams (");
	text_heads(v->streams_split_429, 0, ws, "kind", 8, v->cosmos, out);
	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream *s = &v->streams[i];

		text_row(s->name, ws, "all", 8, &s->all, v->streams_split_429,
			 0, out);
		if (kinds_sent(s) < 2) {
			continue;
		}
		for (k = 0; k <= PK_OP_KINDS; k++) {
			if (s->kind[k].operations > 0) {
				text_row("", ws, report_stream_kind_name(k), 8,
					 &s->kind[k], v->streams_split_429, 0,
					 out);
			}
		}
	}
	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream *s = &v->streams[i];
		char a[32], b[32], r[PK_FMT_BYTES];

		if (s->last_answer_ms > 0) {
			fprintf(out,
				"  achieved (succeeded/s), stream %s: %s "
				"(closed loop: %s succeeded of %s answered, "
				"%.3f s to %.3f s)\n",
				text_name_str(s->name, nm, sizeof(nm)),
				fmt_decimal(s->achieved_ops_per_s, r),
				fmt_thousands((int64_t)s->succeeded, b),
				fmt_thousands((int64_t)s->answered, a),
				(double)s->first_ms / 1000.0,
				(double)s->last_answer_ms / 1000.0);
		}
	}
	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream *s = &v->streams[i];
		const char *sep = "";
		char a[32];

		if (s->all.not_sent == 0) {
			continue;
		}
		fprintf(out, "  not sent, stream %.*s: %s (",
			PK_TEXT_STREAM_NAME_BYTES, s->name,
			fmt_thousands(s->all.not_sent, a));
		for (k = 0; k < PK_OP_KINDS; k++) {
			if (s->kind[k].not_sent > 0) {
				fprintf(out, "%s%s %s", sep,
					report_stream_kind_name(k),
					fmt_thousands(s->kind[k].not_sent, a));
				sep = ", ";
			}
		}
		fputs("; no item written yet to target, so in no row)\n", out);
	}
}

/* A Markdown or CSV text cell: | and " are not in stream names' usual
   text, but any byte is allowed; md escapes |, csv doubles quotes. */
static void cell(const char *s, int csv, FILE *out)
{
	if (csv) {
		fputc('"', out);
	}
	for (; *s; s++) {
		if (csv && *s == '"') {
			fputc('"', out);
		} else if (!csv && (*s == '|' || *s == '\\')) {
			fputc('\\', out);
		}
		fputc(*s, out);
	}
	if (csv) {
		fputc('"', out);
	}
}

/* RU with up to three decimals, no trailing zeros (as report_csv) */
static void ru_plain(int64_t mru, FILE *out)
{
	char buf[32];
	size_t n;

	if (mru % 1000 == 0) {
		fprintf(out, "%" PRId64, mru / 1000);
		return;
	}
	snprintf(buf, sizeof(buf), "%.3f", (double)mru / 1000.0);
	n = strlen(buf);
	while (buf[n - 1] == '0') {
		buf[--n] = '\0';
	}
	fputs(buf, out);
}

static void plain_row(const char *variant, const char *stream, const char *kind,
		      const struct pk_result_stream_ops *o, double achieved,
		      int csv, FILE *out)
{
	const char *sep = csv ? "," : " | ";

	if (!csv) {
		fputs("| ", out);
	}
	if (variant) {
		cell(variant, csv, out);
		fputs(sep, out);
	}
	cell(stream, csv, out);
	fputs(sep, out);
	cell(kind, csv, out);
	fprintf(out,
		"%s%" PRIu64 "%s%" PRIu64 "%s%" PRIu64 "%s%" PRIu64 "%s%" PRIu64
		"%s%" PRIu64 "%s%" PRIu64 "%s%" PRIu64 "%s",
		sep, o->operations, sep, o->succeeded, sep, o->throttled_429,
		sep, o->throttled_3212, sep, o->throttled_low_429, sep,
		o->failed_429, sep, o->failed_other, sep, o->not_sent, sep);
	ru_plain(o->ru_mru, out);
	fputs(sep, out);
	if (o->wait_p50_ms >= 0) {
		fprintf(out, "%" PRId64, o->wait_p50_ms);
	} else if (!csv) {
		fputs("-", out);
	}
	fputs(sep, out);
	if (o->wait_p99_ms >= 0) {
		fprintf(out, "%" PRId64, o->wait_p99_ms);
	} else if (!csv) {
		fputs("-", out);
	}
	/* a closed-loop stream's achieved operations/s, on its all row */
	fputs(sep, out);
	if (achieved > 0) {
		fprintf(out, csv ? "%.3f" : "%.1f", achieved);
	} else if (!csv) {
		fputs("-", out);
	}
	fputs(csv ? "\n" : " |\n", out);
}

/* Every row of v: each stream's all, then each kind it sent or left
   unsent. */
static void plain_rows(const struct pk_result_variant *v, const char *variant,
		       int csv, FILE *out)
{
	size_t i;
	int k;

	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream *s = &v->streams[i];

		plain_row(variant, s->name, "all", &s->all,
			  s->achieved_ops_per_s, csv, out);
		for (k = 0; k <= PK_OP_KINDS; k++) {
			if (s->kind[k].operations + s->kind[k].not_sent > 0) {
				plain_row(variant, s->name,
					  report_stream_kind_name(k),
					  &s->kind[k], 0, csv, out);
			}
		}
	}
}

/* The Markdown streams section's heading and column heads in a run
   with another service's variant (an Amazon DynamoDB table, throttled
   with HTTP 400): the same columns, named in its words */
static void md_other_heads(FILE *out)
{
	fprintf(out,
		"\n## Streams\n\nPer stream and operation kind: "
		"operations offered; throttled are service-side answers "
		"(HTTP 400, every attempt; 429/3212 and Low 429s are "
		"Azure Cosmos DB's, 0 for a table); failed throttled are "
		"operations that ended throttled after their retries; "
		"not sent are operations that arrived but were never "
		"sent because no item was written yet to target (not in "
		"operations); wait is the retry wait of the operations "
		"that succeeded, in ms; achieved is a closed-loop "
		"stream's (client.concurrency) operations that succeeded "
		"a second, from its first arrival to its last answer.\n\n");
	fprintf(out, "| variant | stream | kind | operations | succeeded | "
		     "throttled | 429/3212 | Low 429s | failed throttled | "
		     "failed other | not sent | units | wait p50 ms | wait "
		     "p99 ms | achieved succeeded/s |\n");
}

void report_streams_markdown(const struct pk_result *r, FILE *out)
{
	size_t vi;

	if (r->n_variants == 0 || r->variants[0].n_streams == 0) {
		return;
	}
	if (!layout_cosmos_words(r)) {
		md_other_heads(out);
	} else {
		fprintf(
		    out,
		    "\n## Streams\n\nPer stream and operation kind: "
		    "operations offered; 429s are service-side answers "
		    "(every attempt), of them 429/3212 past a throughput "
		    "bucket's cap and Low to Low-priority requests; failed "
		    "429 are operations that ended "
		    "in a 429 after their retries; not sent are operations "
		    "that arrived but were never sent because no item was "
		    "written yet to target (not in operations); wait is the "
		    "retry wait of "
		    "the operations that succeeded, in ms; achieved is a "
		    "closed-loop stream's (client.concurrency) operations "
		    "that succeeded a second, from its first arrival to its "
		    "last answer.\n\n");
		fprintf(
		    out,
		    "| variant | stream | kind | operations | succeeded | "
		    "429s | 429/3212 | Low 429s | failed 429 | failed other | "
		    "not sent | RU | wait p50 ms | wait p99 ms | achieved "
		    "succeeded/s |\n");
	}
	fprintf(out, "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
		     "--:|\n");
	for (vi = 0; vi < r->n_variants; vi++) {
		plain_rows(&r->variants[vi], r->variants[vi].name, 0, out);
	}
}

/* The one stream of a scenario without `streams:` (named "main",
   scenarios/README.md) as its variant's totals count it: every
   operation is that stream's, so its all row is the totals' figures;
   pksim counts the kinds apart only per stream of `streams:`. */
static void main_ops(const struct pk_result_variant *v,
		     struct pk_result_stream_ops *o)
{
	const struct pk_totals *t = &v->metrics->totals;

	memset(o, 0, sizeof(*o));
	o->operations = t->operations;
	o->succeeded = t->succeeded;
	o->throttled_429 = t->throttled_429;
	o->throttled_3212 = t->throttled_3212;
	o->throttled_low_429 = t->throttled_low_429;
	o->failed_429 = t->failed_after_retries;
	/* every other way an operation ends (pk_stream_stats) */
	o->failed_other = t->bad_request_400 + t->rejected_403 +
			  t->container_full_403 + t->not_found_404 +
			  t->conflict_409 + t->too_large_413 +
			  t->failed_after_410;
	o->not_sent = t->not_sent_no_target;
	o->ru_mru = t->ru_mru;
	o->wait_p50_ms = v->wait_p50_ms;
	o->wait_p99_ms = v->wait_p99_ms;
}

int report_streams_csv(const struct pk_result *r, FILE *out)
{
	size_t vi;
	const char *name =
	    r->sc && r->sc->n_streams ? r->sc->streams[0].name : "main";

	fputs("variant,stream,kind,operations,succeeded,throttled_429,"
	      "throttled_3212,throttled_low_429,failed_429,failed_other,"
	      "not_sent,ru,"
	      "retry_wait_p50_ms,"
	      "retry_wait_p99_ms,achieved_succeeded_per_s\n",
	      out);
	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];
		struct pk_result_stream_ops o;

		if (v->n_streams > 0) {
			plain_rows(v, v->name, 1, out);
			continue;
		}
		main_ops(v, &o);
		plain_row(v->name, name, "all", &o, v->achieved_ops_per_s, 1,
			  out);
	}
	return ferror(out) ? -1 : 0;
}
