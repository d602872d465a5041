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

/* The rows of a DynamoDB table's global secondary indexes (D17), after
   the table's: per index, closed second and partition with a write
   asked of it, its write units consumed, its share, its normalized
   consumption (units / share, at most 1; a second with a refusal is
   1, as a table partition's), the index writes asked and refused, and
   the index's name in the last column. An index keeps no storage and
   retries nothing of its own: 0. ttl: the ttl column is there (0). */
static void index_rows(const struct pk_result_variant *v, int ttl, FILE *out)
{
	size_t i, k;

	for (i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
		const struct pk_ddb_index *x = &v->ddb->indexes[i];

		for (k = 0; k < x->n_seconds; k++) {
			const struct pk_ddb_index_time *s = &x->seconds[k];
			double nru =
			    s->throttled > 0 || s->used_mcu >= s->share_mcu
				? 1.0
				: (double)s->used_mcu / (double)s->share_mcu;

			csv_text(v->name, out);
			fprintf(out, ",%lld,\"%u\",", (long long)s->t_s,
				s->part);
			ru_field(s->used_mcu, out);
			fputc(',', out);
			ru_field(s->share_mcu, out);
			fprintf(out, ",%.6g,%llu,%llu,0,0%s,", nru,
				(unsigned long long)s->writes,
				(unsigned long long)s->throttled,
				ttl ? ",0" : "");
			csv_text(x->name, out);
			fputc('\n', out);
		}
	}
}

int report_csv(const struct pk_result *r, FILE *out)
{
	size_t vi, i;
	int ttl = 0, idx = 0;

	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];

		ttl |= v->metrics->ttl_on;
		idx |= v->ddb && v->ddb->n_indexes > 0;
	}
	fputs("variant,t_s,range_id,ru,ru_per_s,normalized_ru,requests,"
	      "throttled_429,storage_bytes,retries",
	      out);
	fputs(ttl ? ",ttl_pending_bytes" : "", out);
	fputs(idx ? ",index\n" : "\n", out);
	for (vi = 0; vi < r->n_variants; vi++) {
		const struct pk_result_variant *v = &r->variants[vi];
		const struct pk_metrics *m = v->metrics;

		for (i = 0; i < m->n_samples; i++) {
			const struct pk_sample *s = &m->samples[i];

			csv_text(v->name, out);
			/* the range id is a string, as in the JSON report and
			   the service's partition key range feed ("id": "0") */
			fprintf(out, ",%lld,\"%u\",", (long long)s->t_s,
				s->range_id);
			ru_field(s->ru_mru, out);
			fputc(',', out);
			ru_field(s->ru_per_s_mru, out);
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
			fputs(idx ? ",\n" : "\n", out);
		}
		index_rows(v, ttl, out);
	}
	return ferror(out) ? -1 : 0;
}
