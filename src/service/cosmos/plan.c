/*
 * plan: the arithmetic of `pksim plan` (plan.h), one formula per field,
 * each as seed 002's "Estimating cost" writes it.
 */
#include "pksim/service/cosmos/plan.h"

#include <math.h>
#include <stdlib.h>

#include "pksim/base/mem.h"

/* The share of the current writes on the hottest logical partition of
   key k. The writes of a moment all carry the current month (or day), so
   a period divides the writes over time, not over the values (seed 002:
   "the month distributes over time, not over the offices"); a unique
   path gives each item its own logical partition. */
static void key_share(const struct pk_plan *p, const struct pk_plan_key *k,
		      struct pk_plan_keyshare *out)
{
	int has_value = 0, has_unique = 0;
	const char *period = NULL;
	size_t i;

	for (i = 0; i < k->n_paths; i++) {
		switch (k->roles[i]) {
		case PK_PLAN_ROLE_VALUE:
			has_value = 1;
			break;
		case PK_PLAN_ROLE_UNIQUE:
			has_unique = 1;
			break;
		case PK_PLAN_ROLE_MONTH:
			period = period ? period : "month";
			break;
		default:
			period = period ? period : "day";
			break;
		}
	}
	out->key = k;
	out->period = NULL;
	if (has_unique) {
		out->hot = PK_PLAN_HOT_ONE_ITEM;
		out->share = 1.0 / p->total_per_year;
	} else if (has_value) {
		out->hot = period ? PK_PLAN_HOT_PERIOD : PK_PLAN_HOT_VALUE;
		out->period = period;
		out->share = p->rows[p->largest].share;
	} else {
		out->hot = PK_PLAN_HOT_ALL;
		out->period = period;
		out->share = 1.0;
	}
}

struct pk_plan *plan_compute(const struct pk_plan_spec *s)
{
	struct pk_plan *p = xcalloc(1, sizeof(*p));
	double max = (double)s->max_ru_per_s, together;
	size_t i;

	p->spec = s;
	p->stored_item_bytes = (double)s->item_bytes * s->index_factor;
	/* rule 2: a new container of max RU/s starts with ceil(max / 6,000)
	   physical partitions (at least 1), each given max / n of them; one
	   logical partition lives in one of them, so it re-syncs at its
	   share (never above rule 1's 10,000) */
	p->physical = ceil(max / PK_PLAN_RU_PER_NEW_PARTITION);
	p->physical = p->physical < 1 ? 1 : p->physical;
	p->lp_ru_per_s = max / p->physical;
	if (p->lp_ru_per_s > PK_PLAN_LP_RU_PER_S) {
		p->lp_ru_per_s = PK_PLAN_LP_RU_PER_S;
	}
	p->n_rows = s->n_values;
	p->rows = xcalloc(s->n_values, sizeof(*p->rows));
	for (i = 0; i < s->n_values; i++) {
		p->total_per_year += s->values[i].per_year;
	}
	for (i = 0; i < s->n_values; i++) {
		struct pk_plan_row *r = &p->rows[i];
		double y = s->values[i].per_year;

		r->name = s->values[i].name;
		r->per_year = y;
		r->storage_bytes = y * (double)s->years * p->stored_item_bytes;
		r->month_bytes = y / PK_PLAN_MONTHS * p->stored_item_bytes;
		r->resync_ru = y * s->ru_per_write;
		r->resync_s = r->resync_ru / p->lp_ru_per_s;
		r->day_writes =
		    y * s->writes_per_entity / (double)s->working_days;
		r->day_ru = r->day_writes * s->ru_per_write;
		r->share = y / p->total_per_year;
		if (y > p->rows[p->largest].per_year) {
			p->largest = i;
		}
	}
	/* together: the whole container's budget, but never faster than
	   the slowest value on its own partition */
	together = p->total_per_year * s->ru_per_write / max;
	p->total_resync_s = together;
	for (i = 0; i < s->n_values; i++) {
		if (p->rows[i].resync_s > p->total_resync_s) {
			p->total_resync_s = p->rows[i].resync_s;
		}
	}
	p->n_keys = s->n_keys;
	p->keys = xcalloc(s->n_keys, sizeof(*p->keys));
	for (i = 0; i < s->n_keys; i++) {
		key_share(p, &s->keys[i], &p->keys[i]);
	}
	p->lp_writes_per_s = PK_PLAN_LP_RU_PER_S / s->ru_per_write;
	p->lp_items = PK_PLAN_LP_BYTES / p->stored_item_bytes;
	p->lp_whole_items = floor(p->lp_items);
	return p;
}

void plan_free(struct pk_plan *p)
{
	if (!p) {
		return;
	}
	free(p->rows);
	free(p->keys);
	free(p);
}
