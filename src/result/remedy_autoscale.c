/*
 * remedy_autoscale: a manual container switched to autoscale (rule 27):
 * the smallest max on the 1,000 RU/s grid that leaves no 429, at least
 * rule 8's smallest max, searched from the manual remedy found
 * (remedy.h).
 */
#include "remedy_int.h"

/* The most an autoscale max is replayed at: 1,000,000 RU/s, or for a
   data file without phases its creation layout's most on the grid */
int64_t autoscale_limit(const struct remedy_task *t)
{
	int64_t step = PK_PROVISION_AUTOSCALE_STEP;
	int64_t cap = t->out->cap_ru_per_s / step * step;

	if (t->sc->n_phases > 0) {
		return PK_MAX_RU_PER_S;
	}
	return cap > PK_PROVISION_MIN_AUTOSCALE_MAX
		   ? cap
		   : PK_PROVISION_MIN_AUTOSCALE_MAX;
}

/* Where the autoscale search starts: the manual remedy found (the raise,
   else the raise with splits), else the most they tried, else the run's
   own, on the grid within [1,000, limit] */
static int64_t autoscale_hint(const struct pk_remedies *r, int64_t limit)
{
	const struct pk_remedy *a = &r->items[PK_REMEDY_RAISE];
	const struct pk_remedy *b = &r->items[PK_REMEDY_SPLIT];
	int64_t h = r->start_ru_per_s;

	if (a->status == PK_REMEDY_FOUND) {
		h = a->setting;
	} else if (b->status == PK_REMEDY_FOUND) {
		h = b->setting;
	} else if (a->setting > h || b->setting > h) {
		h = a->setting > b->setting ? a->setting : b->setting;
	}
	h = autoscale_grid(h);
	if (h < PK_PROVISION_MIN_AUTOSCALE_MAX) {
		h = PK_PROVISION_MIN_AUTOSCALE_MAX;
	}
	return h < limit ? h : limit;
}

/* Rule 8's GB, as the service counts it (2^30 bytes) */
#define PK_REMEDY_BYTES_PER_GB (1024ULL * 1024ULL * 1024ULL)

/* The smallest autoscale max the container takes at t = 0 (rule 8:
   max(1,000, 10 RU/s per GB stored, GB rounded up) on the 1,000 grid),
   from what it stores then: its existing data (storage_total, or
   storage_per_partition on each of its partitions) and its preload. The
   service's provision_min_autoscale_max says the same; result/ reaches
   a service only through its interface (docs/design.md), so the rule's
   public constants are used here */
static int64_t autoscale_floor(const struct remedy_task *t)
{
	const struct pk_container_spec *cs = t->spec;
	uint64_t bytes = (cs->existing_bytes_total
			      ? cs->existing_bytes_total
			      : cs->existing_bytes_per_pp *
				    (uint64_t)t->out->created_partitions) +
			 t->v->preload_bytes;
	int64_t gb = (int64_t)((bytes + PK_REMEDY_BYTES_PER_GB - 1) /
			       PK_REMEDY_BYTES_PER_GB);
	int64_t v = gb * PK_PROVISION_AUTOSCALE_RU_PER_GB;

	v = v > PK_PROVISION_MIN_AUTOSCALE_MAX ? v
					       : PK_PROVISION_MIN_AUTOSCALE_MAX;
	return autoscale_grid(v);
}

/* A manual container switched to autoscale (rule 27): the smallest max
   on the grid that leaves no 429, from the manual remedy's hint */
void search_autoscale(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_AUTOSCALE];
	struct replay_change ch = {0, NULL, 0, NULL,	  1, 0, NULL,
				   0, 0,    0, REPLAY_RU, 0, 0};
	int64_t limit = autoscale_limit(t), smallest, hint;

	if (r->autoscale) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = "the container is autoscale already: the raises "
			     "above are of its max, each with its bill";
		return;
	}
	if (r->one_lp) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = "no max stops the 429s: the raise with splits "
			     "shows they are one logical partition's, which "
			     "no RU/s reaches (see it)";
		return;
	}
	if (r->delay_stop) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = "every max past the layout's most splits, and the "
			     "raise with splits shows its split delay, not "
			     "the RU/s, is why the 429s stay (see it)";
		return;
	}
	/* when no manual setting stopped the 429s, a max up to the most
	   they tried (the same share a partition, rule 4) */
	if (r->items[PK_REMEDY_RAISE].status != PK_REMEDY_FOUND &&
	    r->items[PK_REMEDY_SPLIT].status != PK_REMEDY_FOUND) {
		int64_t most = autoscale_hint(r, limit);

		limit = most < limit ? most : limit;
	}
	/* below the smallest max allowed (rule 8): taken to rate limit,
	   never replayed (no container takes it) */
	smallest = autoscale_floor(t);
	if (smallest > limit) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = "the smallest autoscale max the container's data "
			     "allows (rule 8) is above the most the searches "
			     "try";
		return;
	}
	hint = autoscale_hint(r, limit);
	search_from(t, m, &ch, smallest - PK_PROVISION_AUTOSCALE_STEP, limit, 0,
		    hint > smallest ? hint : smallest);
	if (m->status == PK_REMEDY_FOUND && m->below < smallest) {
		m->below = 0; /* the answer is the smallest allowed */
	}
}

int remedy_autoscale(const struct pk_remedies *r, enum pk_remedy_kind k)
{
	return r->autoscale || k == PK_REMEDY_AUTOSCALE;
}
