/*
 * metrics: growable series of per-second records and events.
 */
#include "pksim/metrics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/mem.h"

void metrics_init(struct pk_metrics *m)
{
	memset(m, 0, sizeof(*m));
}

void metrics_free(struct pk_metrics *m)
{
	free(m->samples);
	free(m->seconds);
	free(m->splits);
	free(m->changes);
	free(m->actions);
	metrics_init(m);
}

void metrics_add_sample(struct pk_metrics *m, const struct pk_sample *s)
{
	mem_grow((void **)&m->samples, &m->cap_samples, m->n_samples + 1,
		 sizeof(*s));
	m->samples[m->n_samples++] = *s;
}

void metrics_add_second(struct pk_metrics *m, const struct pk_second *s)
{
	mem_grow((void **)&m->seconds, &m->cap_seconds, m->n_seconds + 1,
		 sizeof(*s));
	m->seconds[m->n_seconds++] = *s;
}

void metrics_add_split(struct pk_metrics *m, const struct pk_split_event *e)
{
	mem_grow((void **)&m->splits, &m->cap_splits, m->n_splits + 1,
		 sizeof(*e));
	m->splits[m->n_splits++] = *e;
}

void metrics_add_change(struct pk_metrics *m,
			const struct pk_throughput_event *e)
{
	mem_grow((void **)&m->changes, &m->cap_changes, m->n_changes + 1,
		 sizeof(*e));
	m->changes[m->n_changes++] = *e;
}

void metrics_add_action(struct pk_metrics *m, int64_t t_s,
			enum pk_action_kind kind, const char *fmt, ...)
{
	struct pk_action *a;
	va_list ap;

	mem_grow((void **)&m->actions, &m->cap_actions, m->n_actions + 1,
		 sizeof(*a));
	a = &m->actions[m->n_actions++];
	a->t_s = t_s;
	a->kind = kind;
	va_start(ap, fmt);
	vsnprintf(a->detail, sizeof(a->detail), fmt, ap);
	va_end(ap);
}

const char *metrics_action_name(enum pk_action_kind k)
{
	static const char *const names[PK_ACTION_KINDS] = {
		"splits_started", "splits_done",  "splits_cancelled",
		"merge",          "redistribute", "autoscale_max",
	};

	return k < PK_ACTION_KINDS ? names[k] : "?";
}

double metrics_normalized(const struct pk_sample *s)
{
	double n;

	if (s->throttled_429 > 0) {
		return 1.0;
	}
	if (s->ru_per_s_mru <= 0) {
		return s->ru_mru > 0 ? 1.0 : 0.0;
	}
	n = (double)s->ru_mru / (double)s->ru_per_s_mru;
	return n > 1.0 ? 1.0 : n;
}

double metrics_ru(int64_t mru)
{
	return (double)mru / 1000.0;
}

const char *metrics_split_reason(enum pk_split_reason r)
{
	return r == PK_SPLIT_STORAGE ? "storage" : "throughput";
}
