/*
 * report_csv: the per-second series per variant and range (see the
 * header for the columns).
 */
#include "pksim/report/report_csv.h"

#include <string.h>

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

int report_csv(const struct pk_result *r, FILE *out)
{
	size_t vi, i;
	int ttl = 0;

	for (vi = 0; vi < r->n_variants; vi++) {
		ttl |= r->variants[vi].metrics->ttl_on;
	}
	fputs("variant,t_s,range_id,ru,ru_per_s,normalized_ru,requests,"
	      "throttled_429,storage_bytes,retries",
	      out);
	fputs(ttl ? ",ttl_pending_bytes\n" : "\n", out);
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
			fputc('\n', out);
		}
	}
	return ferror(out) ? -1 : 0;
}
