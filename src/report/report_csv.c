/*
 * report_csv: the per-second series per variant and range (see the
 * header for the columns).
 */
#include "pksim/report/report_csv.h"

#include <string.h>

#include "pksim/service/snapshot.h"

/* A text field: always quoted, quotes doubled (RFC 4180), so text
   (the variant's name, the range id) is quoted and numbers never are. */
static void csv_text(const char *s, FILE *out)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"') {
			fputc('"', out);
		}
		fputc(*s, out);
	}
	fputc('"', out);
}

/* RU (mRU / 1000) with up to three decimals, no trailing zeros */
static void ru_field(int64_t mru, FILE *out)
{
	if (mru % 1000 == 0) {
		fprintf(out, "%lld", (long long)(mru / 1000));
	} else {
		char buf[32];
		size_t n;

		snprintf(buf, sizeof(buf), "%.3f", (double)mru / 1000.0);
		n = strlen(buf);
		while (buf[n - 1] == '0') {
			buf[--n] = '\0';
		}
		fputs(buf, out);
	}
}

/* The columns of a DynamoDB table, after the ttl column (report_csv.h):
   each side's units consumed and share, the row's span and D15's busiest
   second; then, on a table's minute rows only, each side's busiest
   second, its throttle events and their most in a second (CloudWatch's
   metrics, read and write apart); a row that is not a table's (a
   container's) leaves them empty but span_s 1 */
static const char ddb_head[] =
    ",rcu_consumed,wcu_consumed,rcu_share,wcu_share,span_s,"
    "peak_second_units,peak_second_throttled,peak_second_rcu,"
    "peak_second_wcu,read_throttle_events,write_throttle_events,"
    "peak_second_read_throttle_events,peak_second_write_throttle_events";

/* One row's DynamoDB cells: units in mCU, -1 for an empty cell; [0]
   the read side, [1] the write side */
struct ddb_cells {
	int64_t used[2], share[2];
	int64_t span_s;
	int64_t peak_mcu;
	int64_t peak_thr;
	int64_t peak_side[2];	/* mCU */
	int64_t events[2];	/* throttle events */
	int64_t peak_events[2]; /* ... in the second with the most */
};

/* An integer, or nothing for -1 */
static void opt_int(int64_t x, FILE *out)
{
	fputc(',', out);
	if (x >= 0) {
		fprintf(out, "%lld", (long long)x);
	}
}

/* Units (mCU, as ru_field), or nothing for -1 */
static void opt_units(int64_t mcu, FILE *out)
{
	fputc(',', out);
	if (mcu >= 0) {
		ru_field(mcu, out);
	}
}

static void ddb_cells_out(const struct ddb_cells *c, FILE *out)
{
	opt_units(c->used[0], out);
	opt_units(c->used[1], out);
	opt_units(c->share[0], out);
	opt_units(c->share[1], out);
	opt_int(c->span_s, out);
	opt_units(c->peak_mcu, out);
	opt_int(c->peak_thr, out);
	opt_units(c->peak_side[0], out);
	opt_units(c->peak_side[1], out);
	opt_int(c->events[0], out);
	opt_int(c->events[1], out);
	opt_int(c->peak_events[0], out);
	opt_int(c->peak_events[1], out);
}

static const struct ddb_cells no_ddb = {.used = {-1, -1},
					.share = {-1, -1},
					.span_s = 1,
					.peak_mcu = -1,
					.peak_thr = -1,
					.peak_side = {-1, -1},
					.events = {-1, -1},
					.peak_events = {-1, -1}};

/* The rows of a DynamoDB table's global secondary indexes (D17), after
   the table's: per index, closed second and partition with a write
   asked of it, its write units consumed and its share (wcu_consumed,
   wcu_share; a base read never asks an index, statement 26, and a
   Query of the index is not kept by second: rcu empty), its normalized
   consumption (units / share, at most 1; a second with a refusal is 1, as a
   table partition's), the index writes asked and refused, and the index's name
   in the last column; then its CloudWatch minutes (D15: span_s 60, the minute's
   sums, the index's WCU a second as its share, its busiest second's units and
   refusals). An index keeps no storage and retries nothing of its own:
   0. ttl: the ttl column is there (0). */
static void index_rows(const struct pk_result_variant *v, int ttl, FILE *out)
{
	size_t i, k;

	for (i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
		const struct pk_ddb_index *x = &v->ddb->indexes[i];

		for (k = 0; k < x->n_seconds + x->n_minutes && !ferror(out);
		     k++) {
			int minute = k >= x->n_seconds;
			const struct pk_ddb_index_time *s =
			    minute ? &x->minutes[k - x->n_seconds]
				   : &x->seconds[k];
			int64_t per_s =
			    minute ? s->share_mcu * 60 : s->share_mcu;
			double nru = s->throttled > 0 || s->used_mcu >= per_s
					 ? 1.0
					 : (double)s->used_mcu / (double)per_s;
			struct ddb_cells c = {
			    {-1, s->used_mcu},
			    {-1, s->share_mcu},
			    minute ? 60 : 1,
			    minute ? s->peak_used_mcu : -1,
			    minute ? (int64_t)s->peak_throttled : -1,
			    {-1, -1},
			    {-1, -1},
			    {-1, -1}};

			csv_text(v->name, out);
			if (minute) {
				/* the minute's busiest second: its normalized
				   consumption is not kept, so none */
				fprintf(out, ",%lld,\"\",,,,%llu,%llu,0,0%s",
					(long long)s->t_s,
					(unsigned long long)s->writes,
					(unsigned long long)s->throttled,
					ttl ? ",0" : "");
			} else {
				fprintf(out,
					",%lld,\"%u\",,,%.6g,%llu,%llu,0,0%s",
					(long long)s->t_s, s->part, nru,
					(unsigned long long)s->writes,
					(unsigned long long)s->throttled,
					ttl ? ",0" : "");
			}
			ddb_cells_out(&c, out);
			fputc(',', out);
			csv_text(x->name, out);
			fputc('\n', out);
		}
	}
}

/* Table v's CloudWatch minutes (D15), after its partitions' rows: per
   minute with a request, the whole table (range_id empty): its highest
   second's normalized consumption, its throttled requests and retries
   summed; each side's units summed over the minute's seconds and its
   units a second (at the minute's last second with a request); span_s
   60; the busiest second's units (read plus write) and the most
   throttled requests in one second; each side's busiest second, its
   throttle events summed and their most in one second. */
static void minute_rows(const struct pk_result_variant *v, int ttl, int idx,
			FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	size_t i;

	for (i = 0; i < m->n_minutes && !ferror(out); i++) {
		const struct pk_second *mi = &m->minutes[i];
		struct ddb_cells c = {{0, 0},
				      {0, 0},
				      60,
				      mi->peak_served_mru,
				      (int64_t)mi->peak_throttled,
				      {0, 0},
				      {0, 0},
				      {0, 0}};
		int k;

		if (mi->served_mru == 0 && mi->throttled_429 == 0 &&
		    mi->retries == 0 && mi->offered_mru == 0) {
			continue; /* idle: no request, as the other views */
		}
		for (k = 0; k < 2; k++) {
			c.used[k] = mi->side_used_mcu[k];
			c.share[k] = mi->side_cap_mcu[k];
			c.peak_side[k] = mi->peak_side_mcu[k];
			c.events[k] = (int64_t)mi->side_throttled[k];
			c.peak_events[k] = (int64_t)mi->peak_side_throttled[k];
		}
		csv_text(v->name, out);
		fprintf(out, ",%lld,\"\",,,%.6g,,%llu,,%llu%s",
			(long long)mi->t_s, mi->max_normalized,
			(unsigned long long)mi->throttled_429,
			(unsigned long long)mi->retries, ttl ? "," : "");
		ddb_cells_out(&c, out);
		fputs(idx ? ",\n" : "\n", out);
	}
}

/* Sample i of variant v's own cells: a table's partition's sides from
   its part_seconds row (the same row order), a container's none */
static struct ddb_cells sample_cells(const struct pk_result_variant *v,
				     size_t i)
{
	struct ddb_cells c = no_ddb;

	if (v->ddb && i < v->ddb->n_part_seconds) {
		const struct pk_ddb_part_time *p = &v->ddb->part_seconds[i];
		int k;

		for (k = 0; k < 2; k++) {
			c.used[k] = p->used_mcu[k];
			c.share[k] = p->share_mcu[k];
		}
	}
	return c;
}

int report_csv(const struct pk_result *r, FILE *out)
{
	size_t vi, i;
	int ttl = 0, idx = 0, tab = 0;

	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];

		ttl |= v->metrics->ttl_on;
		tab |= v->ddb != NULL;
		idx |= v->ddb && v->ddb->n_indexes > 0;
	}
	fputs("variant,t_s,range_id,ru,ru_per_s,normalized_ru,requests,"
	      "throttled_429,storage_bytes,retries",
	      out);
	fputs(ttl ? ",ttl_pending_bytes" : "", out);
	fputs(tab ? ddb_head : "", out);
	fputs(idx ? ",index\n" : "\n", out);
	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];
		const struct pk_metrics *m = v->metrics;

		for (i = 0; i < m->n_samples; i++) {
			const struct pk_sample *s = &m->samples[i];

			if (ferror(out)) {
				/* a stream that cannot take more (a full
				   disk) fails each later write again: stop
				   at the first */
				return -1;
			}
			csv_text(v->name, out);
			/* the range id is a string, as in the JSON report and
			   the service's partition key range feed ("id": "0") */
			fprintf(out, ",%lld,\"%u\",", (long long)s->t_s,
				s->range_id);
			if (!v->ddb) {
				ru_field(s->ru_mru, out);
				fputc(',', out);
				ru_field(s->ru_per_s_mru, out);
			} else {
				/* a table's units are read and write
				   capacity units, apart (D3): below */
				fputc(',', out);
			}
			fprintf(
			    out, ",%.6g,%u,%u,%llu,%u", metrics_normalized(s),
			    s->requests, s->throttled_429,
			    (unsigned long long)s->storage_bytes, s->retries);
			if (ttl) {
				/* rule 28: 0 in a variant without TTL */
				fprintf(
				    out, ",%llu",
				    (unsigned long long)(m->ttl_on &&
								 i < m->cap_ttl_pending
							     ? m->ttl_pending[i]
							     : 0));
			}
			if (tab) {
				struct ddb_cells c = sample_cells(v, i);

				ddb_cells_out(&c, out);
			}
			fputs(idx ? ",\n" : "\n", out);
		}
		if (v->ddb) {
			minute_rows(v, ttl, idx, out);
		}
		index_rows(v, ttl, out);
	}
	return ferror(out) ? -1 : 0;
}
