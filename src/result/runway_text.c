/*
 * runway_text: the key's time text as a projection steps through time,
 * formatted once a span, and whether a key value moves on with it
 * (runway_int.h).
 */
#include <stdint.h>
#include <stdio.h>
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

/* Whether group g's key value moves on with time: its item's key at
   the clock's start differs from its key a bucket later (a group with
   no item to ask, or whose key cannot be made, is taken to move on as
   the key's bucket says). A stream whose key property is a constant
   beside another's clock property keeps one value for good. A hash of
   a time may give the next bucket the same value: the buckets after it
   are asked too, up to PK_RW_HASH_LOOK. */
#define PK_RW_HASH_LOOK 64
int runway_moves_on(const struct rw_proj *p, const struct group *g,
		    const struct pk_time_bucket *bk)
{
	struct rw_key a, b;
	int64_t t0 = p->sc->clock_start_s, t1;
	const int look = bk->hash_values > 0 ? PK_RW_HASH_LOOK : 1;
	int moves = 0, i;

	if (g->item == UINT64_MAX) {
		return 1;
	}
	runway_key_init(p->v, &a);
	runway_key_init(p->v, &b);
	runway_item_key(p->v, p->sc, g->w ? g->w : p->w, g->item, &t0, &a);
	for (i = 1; i <= look && !moves; i++) {
		t1 = t0 + i * bk->len_s;
		runway_item_key(p->v, p->sc, g->w ? g->w : p->w, g->item, &t1,
				&b);
		moves = a.at.status != 0 || b.at.status != 0 ||
			a.at.id_len != b.at.id_len ||
			memcmp(a.id, b.id, a.at.id_len) != 0;
	}
	runway_key_free(&a);
	runway_key_free(&b);
	return moves;
}

int runway_text_slot(char (*texts)[64], size_t *n, size_t cap, const char *text)
{
	size_t i;

	for (i = 0; i < *n; i++) {
		if (strcmp(texts[i], text) == 0) {
			return (int)i;
		}
	}
	if (*n >= cap) {
		return -1;
	}
	snprintf(texts[*n], 64, "%.63s", text);
	return (int)(*n)++;
}
