/*
 * container_query: a query against a container (container.h,
 * container_query): the ranges its route visits, the charge split over
 * them, each share against its range's budget (rule 12), and each
 * range's share charged to the logical partitions the query reads there.
 * Split from container_ops.c, whose admission and counting it shares
 * (container_int.h: ops_admit, ops_offer, ops_gone,
 * ops_count_class_429).
 *
 * Where a query's RU are counted (docs/cosmos-mechanics.md, "Queries"):
 * its charge is split evenly over the ranges it visits (each serves its
 * part); a single-partition query's whole charge is its key's logical
 * partition's; a targeted query's (a hierarchical prefix, an IN list)
 * share of a range goes to the logical partitions it reads there (those
 * under the prefix, or at the IN list's values) in proportion to the
 * items each holds when the query runs, evenly when none holds any.
 * ASSUMPTION: the service reports no per-logical-partition charge of a
 * query; the items a logical partition holds are its expected share of
 * what the query scans. A fan-out query's RU, and a range's share where
 * it holds none of the logical partitions read, belong to no logical
 * partition. Each logical partition read counts the query as a request
 * (and its 429 when it was throttled).
 *
 * A query is admitted all or nothing: it is served when every range it
 * visits has room for its share in the second, else rate limited (429)
 * as a whole. Each range without room counts the 429 (its 429s and its
 * throttled second), as the SDK's request to that range would have been
 * answered 429; a range that had room counts the request only. The run
 * counts the query's 429 once.
 */
#include "container.h"

#include <string.h>

#include "container_int.h"
#include "pksim/base/mem.h"

/* c->visit's flags per range during a query: visited (mark_ranges), and
   when the range had no room for its share, its 429's marks */
enum {
	VISIT = 1,	   /* the route visits the range */
	VISIT_NO_ROOM = 2, /* no room for its share: a 429 there */
	VISIT_BUCKET = 4,  /* that 429 was a bucket's 3212 */
	VISIT_HELD = 8	   /* that 429 was a Low request held for High */
};

/* Mark the ranges route visits in c->visit; returns how many. */
static size_t mark_ranges(struct pk_container *c, const struct pk_route *rt)
{
	size_t n = 0, i, k;

	mem_grow((void **)&c->visit, &c->visit_cap, c->pmap.n, 1);
	memset(c->visit, rt->kind == PK_ROUTE_FANOUT ? VISIT : 0, c->pmap.n);
	if (rt->kind == PK_ROUTE_FANOUT) {
		return c->pmap.n;
	}
	for (i = 0; i < rt->n; i++) {
		k = pmap_find(&c->pmap, &rt->lo[i]);
		do {
			c->visit[k] = VISIT;
			k++;
		} while (!rt->point[i] && k < c->pmap.n &&
			 epk_cmp(&c->pmap.ranges[k].min, &rt->hi[i]) < 0);
	}
	for (i = 0; i < c->pmap.n; i++) {
		n += c->visit[i];
	}
	return n;
}

/* Sum, per visited range, the items and the number of the logical
   partitions targeted route rt reads there (c->reads), and give each
   visited range its share of charge (n ranges) to hand out. */
static void reads_mark(struct pk_container *c, const struct pk_route *rt,
		       int64_t charge, size_t n)
{
	size_t i, j, m, k = 0;

	mem_grow((void **)&c->reads, &c->reads_cap, c->pmap.n,
		 sizeof(*c->reads));
	memset(c->reads, 0, c->pmap.n * sizeof(*c->reads));
	for (i = 0; i < c->pmap.n; i++) {
		if (c->visit[i]) {
			c->reads[i].share = ops_query_share(charge, n, k++);
		}
	}
	for (i = 0; i < rt->n; i++) {
		const uint32_t *lps = lpgroup_find(c, &rt->lo[i], &m);

		for (j = 0; j < m; j++) {
			struct pk_lp *lp = container_lp(c, lps[j]);
			size_t r = lptable_range(c, lp);

			if (c->visit[r]) {
				c->reads[r].items +=
				    container_lp_count(c, lp, PK_LP_ITEMS);
				c->reads[r].lps++;
			}
		}
	}
}

/* share x num / den, rounded down; 0 when den is 0 */
static int64_t cut(int64_t share, uint64_t num, uint64_t den)
{
	__extension__ typedef unsigned __int128 u128;

	return den ? (int64_t)((u128)(uint64_t)share * num / den) : 0;
}

/* lp's part (mRU) of range r's share of a targeted query: by its items
   of the items read in the range, evenly when those hold none. Each part
   is the step of the rounded-down running total, so the parts of a range
   add up to its share exactly and none is off by more than 1 mRU. */
static int64_t read_part(struct pk_container *c, struct pk_lp *lp, size_t r)
{
	struct pk_range_read *rd = &c->reads[r];
	uint64_t before, after, den;

	if (rd->items == 0) {
		before = rd->lps_done;
		after = before + 1;
		den = rd->lps;
	} else {
		before = rd->items_done;
		after = before + container_lp_count(c, lp, PK_LP_ITEMS);
		den = rd->items;
	}
	rd->items_done += container_lp_count(c, lp, PK_LP_ITEMS);
	rd->lps_done++;
	return cut(rd->share, after, den) - cut(rd->share, before, den);
}

/* Count targeted query rt at every logical partition it reads: a request
   (a retry, a 429 as out says) and, when served, its part of its range's
   share of charge (n ranges visited). */
static void reads_charge(struct pk_container *c, const struct pk_route *rt,
			 int64_t charge, size_t n, const struct pk_outcome *out)
{
	size_t i, j, m;

	reads_mark(c, rt, charge, n);
	for (i = 0; i < rt->n; i++) {
		const uint32_t *lps = lpgroup_find(c, &rt->lo[i], &m);

		for (j = 0; j < m; j++) {
			struct pk_lp *lp = container_lp(c, lps[j]);
			size_t r = lptable_range(c, lp);
			int64_t p;

			if (!c->visit[r]) {
				continue;
			}
			p = read_part(c, lp, r);
			lptable_count_inc(c, lp, PK_LP_REQUESTS);
			if (c->attempt_retry) {
				lptable_rare(c, lp)->retries++;
			}
			if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
				lptable_rare(c, lp)->throttled_429++;
			} else {
				lptable_count_add(c, lp, PK_LP_RU, (uint64_t)p);
			}
		}
	}
}

void container_query(struct pk_container *c, int64_t t_ms,
		     const struct pk_route *route, uint32_t results,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &c->metrics.totals;
	struct pk_lp *lp;
	size_t n, i, k = 0;
	struct pk_outcome probe;
	int64_t charge;

	container_advance(c, t_ms);
	memset(out, 0, sizeof(*out));
	n = mark_ranges(c, route);
	for (i = 0; i < c->pmap.n; i++) {
		if (c->visit[i] && t_ms < c->pp[i].gone_until_ms) {
			out->range = i;
			out->ranges = n;
			ops_gone(c, out);
			return;
		}
	}
	out->ranges = n;
	/* a single-partition query is served by its key's logical
	   partition: it counts there as a point request does */
	lp = route->kind == PK_ROUTE_SINGLE && route->kv
		 ? lptable_find(c, route->kv->id, route->kv->id_len)
		 : NULL;
	if (lp && container_lp_count(c, lp, PK_LP_ITEMS) == 0) {
		/* nothing there to find (deleted, or expired and deleted:
		   rule 28): an empty result, charged as one */
		results = 0;
	}
	charge = cost_query_mru(&c->cost, n, results);
	ops_offer(c, charge);
	t->attempts++;
	c->sec_active = 1;
	/* all or nothing: every range must have room for its share; each
	   that has none is marked to count the 429 */
	for (i = 0; i < c->pmap.n; i++) {
		struct pk_budget b;

		if (!c->visit[i]) {
			continue;
		}
		b = c->pp[i].budget;
		if (!ops_admit(c, &b, t_ms, ops_query_share(charge, n, k++),
			       &probe)) {
			out->status = PK_HTTP_TOO_MANY_REQUESTS;
			out->sub_status = probe.sub_status;
			out->held = c->classes && probe.held;
			out->retry_after_ms = probe.retry_after_ms;
			out->range = i;
			c->visit[i] |=
			    VISIT_NO_ROOM |
			    (probe.sub_status == PK_SUBSTATUS_BUCKET_EXCEEDED
				 ? VISIT_BUCKET
				 : 0) |
			    (out->held ? VISIT_HELD : 0);
		}
	}
	k = 0;
	for (i = 0; i < c->pmap.n; i++) {
		struct pk_pp *pp = &c->pp[i];
		int64_t part;

		if (!c->visit[i]) {
			continue;
		}
		part = ops_query_share(charge, n, k++);
		container_touch(c, pp);
		pp->requests++;
		if (c->attempt_retry) {
			pp->sec_retries++;
			pp->retries++;
		} else {
			pp->offered_mru += part;
		}
		if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
			if (c->visit[i] & VISIT_NO_ROOM) {
				pp->sec_throttled++;
				pp->sec_bucket +=
				    !!(c->visit[i] & VISIT_BUCKET);
				pp->sec_held += !!(c->visit[i] & VISIT_HELD);
				pp->throttled_429++;
			}
			if (c->classes && !c->attempt_low) {
				/* its demand counts though it was not sent */
				throttle_note_high(&pp->budget, t_ms, part);
			}
			continue;
		}
		ops_admit(c, &pp->budget, t_ms, part, &probe);
		pp->sec_ru_mru += part;
		pp->ru_mru += part;
	}
	if (route->kind == PK_ROUTE_TARGETED) {
		reads_charge(c, route, charge, n, out);
	}
	if (lp) {
		lptable_count_inc(c, lp, PK_LP_REQUESTS);
		if (c->attempt_retry) {
			lptable_rare(c, lp)->retries++;
		}
	}
	if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
		t->throttled_429++;
		if (lp) {
			lptable_rare(c, lp)->throttled_429++;
		}
		if (c->classes) {
			ops_count_class_429(c, out);
		}
		return;
	}
	if (lp) {
		lptable_count_add(c, lp, PK_LP_RU, (uint64_t)charge);
	}
	out->status = PK_HTTP_OK;
	out->charge_mru = charge;
	t->succeeded++;
	t->ru_mru += charge;
	c->sec_served_mru += charge;
	t->queries[route->kind]++;
	t->query_ranges += n;
	if (route->kind == PK_ROUTE_FANOUT) {
		t->fanout_mru += charge;
	}
}
