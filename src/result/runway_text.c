/*
 * runway_text: the key's time text as a projection steps through time,
 * formatted once a span (runway_int.h).
 */
#include <stdint.h>
#include <string.h>

#include "runway_int.h"

void runway_text_init(struct rw_text *m, const struct pk_result_variant *v,
		      const struct pk_scenario *sc)
{
	m->v = v;
	m->sc = sc;
	m->span_s = v->service_queries->time_span_s(v->key, sc);
	if (m->span_s < 1) {
		m->span_s = 1;
	}
	m->start_s = INT64_MIN;
	m->text[0] = '\0';
}

void runway_text_at(struct rw_text *m, int64_t wall_s, char *buf)
{
	/* the span's first second, rounded down for times before 1970 */
	int64_t start = wall_s - ((wall_s % m->span_s) + m->span_s) % m->span_s;

	if (start != m->start_s) {
		m->v->service_queries->time_text(m->v->key, m->sc, wall_s,
						 m->text, sizeof(m->text));
		m->start_s = start;
	}
	memcpy(buf, m->text, sizeof(m->text));
}
