/*
 * report_ttl: the terminal report's time-to-live section (rule 28, D-TTL):
 * what expired, what the background task deleted with the RU the
 * partitions left unused, what still waits, and a short table of storage
 * and pending bytes over time from the per-minute TTL series (metrics.h).
 * Printed only for a variant whose container has a DefaultTimeToLive.
 */
#include <math.h>
#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/service/cosmos/spec.h"
#include "report_text_int.h"

/* At most this many rows in the table over time */
#define PK_TTL_TABLE_ROWS 12

/* Row spacings tried, the smallest that keeps the rows within the bound:
   1, 5, 10, 30 minutes, 1, 6, 12 hours, 1, 7, 30 days */
static const int64_t steps_s[] = {
    60, 300, 600, 1800, 3600, 21600, 43200, 86400, 604800, 2592000,
};

/* "90s", "15m", "6h", "7d": the largest unit that divides s. */
static const char *span(int64_t s, char *buf, size_t cap)
{
	if (s > 0 && s % 86400 == 0) {
		snprintf(buf, cap, "%lldd", (long long)(s / 86400));
	} else if (s > 0 && s % 3600 == 0) {
		snprintf(buf, cap, "%lldh", (long long)(s / 3600));
	} else if (s > 0 && s % 60 == 0) {
		snprintf(buf, cap, "%lldm", (long long)(s / 60));
	} else {
		snprintf(buf, cap, "%llds", (long long)s);
	}
	return buf;
}

/* The table: one row per step to the end of the run, labelled by the
   step's start (as the JSON report's ttl series labels a minute), each
   with the storage and the pending items at the step's end (its last
   minute record) and what expired and was deleted within it. */
static void table(const struct pk_result_variant *v, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	int64_t step = steps_s[sizeof(steps_s) / sizeof(steps_s[0]) - 1], t;
	size_t i, k = 0;
	char a[40], b[40], c[40], d[40], e[40], f[40];

	for (i = 0; i < sizeof(steps_s) / sizeof(steps_s[0]); i++) {
		if ((v->end_s + steps_s[i] - 1) / steps_s[i] <=
		    PK_TTL_TABLE_ROWS) {
			step = steps_s[i];
			break;
		}
	}
	fprintf(out,
		"  over time (every %s, each row labelled by its start, as "
		"the JSON report's\n  ttl series: storage and items awaiting "
		"deletion at its end, items expired and\n  deleted within "
		"it)\n",
		span(step, a, sizeof(a)));
	fprintf(out, "    %-10s %12s %12s %12s %12s %12s\n", "t", "storage",
		"expired", "deleted", "awaiting", "awaiting");
	fprintf(out, "    %-10s %12s %12s %12s %12s %12s\n", "", "", "items",
		"items", "items", "bytes");
	for (t = step; t - step < v->end_s; t += step) {
		uint64_t exp = 0, del = 0;
		const struct pk_ttl_minute *last = NULL;
		int64_t end = t < v->end_s ? t : v->end_s;

		for (; k < m->n_ttl_minutes && m->ttl_by_minute[k].t_s < end;
		     k++) {
			exp += m->ttl_by_minute[k].expired;
			del += m->ttl_by_minute[k].deleted;
		}
		if (k > 0) {
			last = &m->ttl_by_minute[k - 1];
		}
		fprintf(
		    out, "    t=%-8s %12s %12s %12s %12s %12s\n",
		    span(t - step, a, sizeof(a)),
		    fmt_bytes(last ? last->stored_bytes : 0, b),
		    fmt_thousands((int64_t)exp, c),
		    fmt_thousands((int64_t)del, d),
		    fmt_thousands((int64_t)(last ? last->pending_items : 0), e),
		    fmt_bytes(last ? last->pending_bytes : 0, f));
	}
}

/* Under a data file's time_compression, how the replay counts the
   lifetimes (container_ttl_data_time): in the data's own time. */
static void data_time(const struct pk_result *r, int64_t def, FILE *out)
{
	const struct pk_items_file *f = r->sc->items_file;
	char b[40];

	if (!f || f->from != PK_FROM_TIME_FIELD || f->time_compression == 1) {
		return;
	}
	fprintf(out,
		"  counted in the data's own time: at time_compression %g an "
		"item lives ceil(ttl / %g) s of the replay",
		f->time_compression, f->time_compression);
	if (def > 0) {
		double s = ceil((double)def / f->time_compression);

		fprintf(out, " (%s s for the default)",
			fmt_thousands(s < 1 ? 1 : (int64_t)s, b));
	}
	fputc('\n', out);
}

void text_ttl(const struct pk_result *r, const struct pk_result_variant *v,
	      FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_ttl_totals *t = &m->ttl;
	int64_t def = v->spec->default_ttl_s;
	char a[40], b[40], c[40];

	if (!m->ttl_on) {
		return;
	}
	if (def == PK_TTL_NEVER) {
		fprintf(out,
			"\ntime to live (rule 28): default_ttl -1: on, only "
			"items with their own ttl expire\n");
	} else {
		fprintf(out,
			"\ntime to live (rule 28): default_ttl %s (%s s) after "
			"an item's last write; an item's own ttl overrides "
			"it\n",
			span(def, a, sizeof(a)), fmt_thousands(def, b));
	}
	data_time(r, def, out);
	fprintf(out,
		"  expired                %s items (invisible at once: reads "
		"404)\n",
		fmt_thousands((int64_t)t->expired, a));
	fprintf(out,
		"  deleted                %s items (%s by the background "
		"task, %s replaced by an upsert first)\n",
		fmt_thousands((int64_t)t->deleted, a),
		fmt_thousands((int64_t)(t->deleted - t->replaced), b),
		fmt_thousands((int64_t)t->replaced, c));
	fprintf(out,
		"  RU of the deletions    %s (only RU the partitions left "
		"unused each second; not in RU consumed)\n",
		text_ru(t->delete_mru, a));
	fprintf(out, "  awaiting deletion      %s items, %s at the end",
		fmt_thousands((int64_t)t->pending_items, a),
		fmt_bytes(t->pending_bytes, b));
	if (t->peak_pending_t_s >= 0) {
		fprintf(out, " (peak %s at t=%llds)",
			fmt_bytes(t->peak_pending_bytes, c),
			(long long)t->peak_pending_t_s);
	}
	fputc('\n', out);
	table(v, out);
}
