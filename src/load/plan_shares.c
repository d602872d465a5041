/*
 * plan_shares: the share of a phase's operations the hottest value of a
 * variant's key can take, which the plan's judgement of whether a phase
 * can be rate limited (plan_ranges.c) puts on the busiest partition. A
 * key of one generated property (a pattern or a list) takes its
 * hottest value's share of the draws; a key that follows from an item's
 * unique value (/id, a `unique:` property, a template part of one or of
 * its hash mod N) takes a new item's value's share for the requests that
 * create items and a stored item's share of the phase's `select` for
 * those that name a stored one, over the items surely stored when the
 * phase starts. Every other key, and a phase with queries on such a
 * key, is not bounded here (share 1: it can always be rate limited).
 * Each share is an upper bound, never the run's own.
 */
#include "loader.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* The largest share of the operations one value of variant c's key can
   get: a key of one generated property (a pattern or a list), its
   hottest value's (dist_hottest) over all its values; any other
   key 1 (not bounded here). The norm is the sum ld_lps_planned has
   already asked for (dist_norm remembers it; a zipfian's draws use it
   too), so this costs no pass over the values. */
double ld_hottest_value_share(const struct pk_scenario *s,
			      const struct pk_container_spec *c)
{
	const struct pk_prop_spec *p;

	if (c->key.kind != PK_KEY_PATH || c->key.n_paths != 1 ||
	    !(p = scenario_find_prop(s, c->key.paths[0])) ||
	    (p->kind != PK_GEN_PATTERN && p->kind != PK_GEN_LIST)) {
		return 1;
	}
	return fmin(1,
		    dist_pmf(&p->dist, p->count, dist_norm(&p->dist, p->count),
			     dist_hottest(&p->dist, p->count)));
}

/* 1 when every item's value of the property at path is its own: each
   property the scenario's streams have there a unique counter
   (PK_GEN_UNIQUE, as /id is unless a stream sets it), and no item can
   lack it (/id never does; another property only when the variant
   refuses a key no item has). */
static int prop_unique(const struct pk_scenario *s,
		       const struct pk_container_spec *c, const char *path)
{
	size_t i, found = 0;

	for (i = 0; i < s->n_props; i++) {
		if (strcmp(s->props[i].path, path) == 0) {
			if (s->props[i].kind != PK_GEN_UNIQUE) {
				return 0;
			}
			found++;
		}
	}
	return found > 0 && (strcmp(path, PK_KEY_UNIQUE_PATH) == 0 ||
			     !c->allow_undefined_key);
}

/* A key part's hottest value's share of a phase's requests that name a
   new item (new_share) and of those that name a stored one (old_share),
   when the part follows from the item's unique value (key_share) */
struct key_part_share {
	double new_share, old_share;
};

/* The share of one synthetic key template part (part[0..len)) for
   variant c: {x} of a unique property x, as a key on it; {hash(x) mod
   N} or {crc32(x) mod N} of one, N values the hash spreads evenly: a
   new item's value 1 / N, a stored item's its own share (old) and its
   value's stored items' even share, three spreads up (n_stored / N
   items each). Any other part 1 (not bounded here). */
static struct key_part_share part_share(const struct pk_scenario *s,
					const struct pk_container_spec *c,
					const char *part, size_t len,
					struct key_part_share unique,
					double n_stored)
{
	struct key_part_share one = {1, 1}, sh;
	const char *open = memchr(part, '(', len), *close, *name;
	char path[256];
	size_t n_len, i;
	double n;

	while (len > 0 && part[len - 1] == ' ') {
		len--;
	}
	while (len > 0 && *part == ' ') {
		part++;
		len--;
	}
	name = part;
	n_len = len;
	n = 0;
	if (open) {
		close = memchr(open, ')', len - (size_t)(open - part));
		if (!close ||
		    !(strncmp(part, "hash(", 5) == 0 ||
		      strncmp(part, "crc32(", 6) == 0) ||
		    sscanf(close + 1, " mod %lf", &n) != 1 || !(n >= 1)) {
			return one;
		}
		name = open + 1;
		n_len = (size_t)(close - open - 1);
	}
	if (n_len == 0 || n_len + 2 > sizeof(path)) {
		return one;
	}
	path[0] = '/';
	for (i = 0; i < n_len; i++) {
		path[i + 1] = name[i] == '.' ? '/' : name[i];
	}
	path[n_len + 1] = '\0';
	if (!prop_unique(s, c, path)) {
		return one;
	}
	if (!open) {
		return unique;
	}
	sh.new_share = fmin(1, 1 / n);
	sh.old_share =
	    fmin(1, unique.old_share +
			(1 / n) * (1 + 3 / sqrt(fmax(n_stored / n, 1))));
	return sh;
}

/* The hottest value's share of variant c's key, as key_part_share says,
   when its value follows from an item's unique value: a key on a unique
   property (a new item's value each its own: 1 / items of the creates,
   one more for each stream, whose counters may coincide; a stored
   item's, its share of the select's draws, `unique`); a hierarchical
   key, the least of its levels' (a value fixes each level); a
   synthetic key, the least of its template parts' (part_share). {1, 1}
   when not known. */
static struct key_part_share key_share(const struct pk_scenario *s,
				       const struct pk_container_spec *c,
				       struct key_part_share unique,
				       double n_stored)
{
	struct key_part_share most = {1, 1}, sh;
	const char *a, *b;
	size_t i;

	if (c->key.kind == PK_KEY_SYNTHETIC) {
		for (a = c->key.template_text
			     ? strchr(c->key.template_text, '{')
			     : NULL;
		     a; a = strchr(b, '{')) {
			b = strchr(a, '}');
			if (!b) {
				return (struct key_part_share){1, 1};
			}
			sh = part_share(s, c, a + 1, (size_t)(b - a - 1),
					unique, n_stored);
			most.new_share = fmin(most.new_share, sh.new_share);
			most.old_share = fmin(most.old_share, sh.old_share);
		}
		return most;
	}
	for (i = 0; i < c->key.n_paths; i++) {
		if (prop_unique(s, c, c->key.paths[i])) {
			return unique;
		}
	}
	return most;
}

/* The most share of the draws one stored item gets from phase p's
   `select` over at least n_stored items: uniform 1 / n; zipfian, zipf
   and hotspot their hottest index's (the oldest), which falls as the
   items grow, so taken over at most PK_PLAN_SELECT_EXACT of them (the
   normaliser a sum over them); latest 1 (its newest item can be one
   just stored); 1 with no item known stored. */
#define PK_PLAN_SELECT_EXACT 4096
static double select_share(const struct pk_phase_spec *p, double n_stored)
{
	uint64_t n;

	if (!(n_stored >= 1) || p->select.kind == PK_DIST_LATEST) {
		return 1;
	}
	if (p->select.kind == PK_DIST_UNIFORM) {
		return 1 / n_stored;
	}
	if (p->select.kind == PK_DIST_HOTSPOT) {
		n = n_stored > (double)UINT64_MAX / 2 ? UINT64_MAX / 2
						      : (uint64_t)n_stored;
	} else if (p->select.kind == PK_DIST_ZIPFIAN ||
		   p->select.kind == PK_DIST_ZIPF) {
		n = n_stored > PK_PLAN_SELECT_EXACT ? PK_PLAN_SELECT_EXACT
						    : (uint64_t)n_stored;
	} else {
		return 1;
	}
	return fmin(1, dist_pmf(&p->select, n, dist_norm(&p->select, n),
				dist_hottest(&p->select, n)));
}

/* Phase i's hottest key value's share of its requests on variant c,
   when c's key follows from an item's unique value (key_share), with at
   least n_stored items stored while it runs: its creates' (a create, an
   upsert of a new item, a batch of new items, each naming new items)
   share of the phase times a new item's value's share, and its reads',
   BatchGetItems' (each of its N keys a stored item drawn by `select` as
   a read's target; the request counts N keys' units, ld_worst_op_ru,
   so a key's share of them is its value's partition's),
   replaces', deletes' and rewriting upserts' times a stored item's.
   The hottest value of the key's other kinds (ld_hottest_value_share) when
   it does not, and 1 (not known) with queries. */
static double phase_hottest_share(const struct pk_scenario *s,
				  const struct pk_container_spec *c, size_t i,
				  double items, double n_stored)
{
	const struct pk_phase_spec *p = &s->phases[i];
	struct key_part_share unique, sh;
	double fresh, old;

	unique.new_share =
	    fmin(1, (double)(s->n_streams ? s->n_streams : 1) / fmax(items, 1));
	unique.old_share = select_share(p, n_stored);
	sh = key_share(s, c, unique, n_stored);
	if (sh.new_share >= 1 && sh.old_share >= 1) {
		return ld_hottest_value_share(s, c);
	}
	if (p->mix[PK_OP_QUERY] > 0) {
		return 1;
	}
	fresh = p->mix[PK_OP_CREATE] + p->mix[PK_OP_BATCH] +
		p->mix[PK_OP_UPSERT] * p->upsert_new;
	old = p->mix[PK_OP_READ] + p->mix[PK_OP_BATCH_GET] +
	      p->mix[PK_OP_REPLACE] + p->mix[PK_OP_DELETE] +
	      p->mix[PK_OP_UPSERT] * (1 - p->upsert_new);
	return fmin(1, fresh * sh.new_share + old * sh.old_share);
}

/* The fewest of n_ops operations that are of a kind with share f: all
   of them (n_ops x f, the count's least) when every operation is of it
   and they arrive evenly; else six spreads below (a count of mean mu,
   spread at most sqrt(mu), passes mu - 6 sqrt(mu) - 6 but with a chance
   under 1e-9, as ld_phase_count takes it above) */
static double kind_least(const struct pk_phase_spec *p, double n_ops, double f)
{
	double mu = n_ops * f;

	if (f >= 1 && p->arrival == PK_ARRIVAL_UNIFORM) {
		return mu;
	}
	return fmax(0, mu - 6 * sqrt(mu) - 6);
}

/* The most of n_ops operations of a kind with share f, as kind_least's
   bound above */
static double kind_most(const struct pk_phase_spec *p, double n_ops, double f)
{
	double mu = n_ops * f;

	if (f <= 0) {
		return 0;
	}
	if (f >= 1 && p->arrival == PK_ARRIVAL_UNIFORM) {
		return ceil(mu);
	}
	return mu + 6 * sqrt(mu) + 6;
}

/* Each phase's hottest key value's share in each variant (t->h), with
   the phases before it: a key that follows from an item's unique value
   (key_share) takes a stored item's share of a phase's reads from the
   items its stream's earlier phases surely stored (their creates and
   upserts of new items, the fewest, kind_least: an open loop's, in a
   phase no variant can rate limit, is stored as it arrives), less every
   delete any phase can send (kind_most). ASSUMPTION: a batch's items
   are not counted stored (a batch of several key values can be
   refused whole). */
void ld_plan_shares(struct ld_throttle_plan *t)
{
	const struct pk_scenario *s = t->s;
	size_t np = s->n_phases, nv = s->n_variants, ns = s->n_streams, i, v;
	struct key_part_share probe = {0.5, 0.5}, sh;
	double gone = 0, *made;
	int keyed = 0;

	for (v = 0; v < nv; v++) {
		sh = key_share(s, &s->variants[v], probe, 1);
		keyed |= sh.new_share < 1 || sh.old_share < 1;
	}
	if (!keyed) {
		for (v = 0; v < nv; v++) {
			double h = ld_hottest_value_share(s, &s->variants[v]);

			for (i = 0; i < np; i++) {
				t->h[v * np + i] = h;
			}
		}
		return;
	}
	for (i = 0; i < np; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		gone += kind_most(p, ld_phase_count(p), p->mix[PK_OP_DELETE]);
	}
	made = xcalloc(ns ? ns : 1, sizeof(*made));
	/* the phases stream after stream, each stream's in order */
	for (i = 0; i < np; i++) {
		const struct pk_phase_spec *p = &s->phases[i];
		const struct pk_client_spec *cl =
		    &ld_phase_stream(s, i)->client;
		size_t k = t->stream[i];

		for (v = 0; v < nv; v++) {
			t->h[v * np + i] = phase_hottest_share(
			    s, &s->variants[v], i, t->items, made[k] - gone);
		}
		if (cl->concurrency == 0 && !(cl->ru_budget_per_s > 0) &&
		    !ld_plan_can_throttle(t, i)) {
			made[k] += kind_least(p, ld_phase_ops(p),
					      p->mix[PK_OP_CREATE] +
						  p->mix[PK_OP_UPSERT] *
						      p->upsert_new);
		}
	}
	free(made);
}
