/*
 * container_ttl: time to live in a container (rule 28, D-TTL; the rule
 * and the expiry queue are in include/pksim/service/cosmos/ttl.h).
 *
 * Each stored item with an expiry has it in ttl->expire (a second) and an
 * entry in the expiry queue. When a second closes, the entries due by
 * then are taken from the queue (never a scan of the items): an item
 * still stored with that expiry is "expired" and waits, in its range's
 * ttl_pending FIFO, for the background task. Requests see it as gone at
 * once (container_ops.c: reads, replaces and deletes 404; an upsert
 * creates it anew; a create of its id succeeds).
 *
 * The background task (D-TTL: "uses leftover RUs that haven't been
 * consumed by user requests"): when second t closes, each range gives
 * what its RU budget left unused in t (throttle_unused_mru) to deleting
 * its pending items, oldest first. ASSUMPTION (the docs give no figure
 * for provisioned throughput): deleting an item takes the RU a delete of
 * it is charged, a write of its stored size (5 RU for 1 KB; D-TTL says
 * serverless deletions are charged "at the same rate as delete item
 * operations"). An item whose deletion costs more than a second's
 * leftover is deleted once the leftovers given to it add up to its cost;
 * leftover with nothing left to delete is lost. Only then do its bytes
 * leave the logical partition and the range, so the 20 GB check, storage
 * splits and the reports' storage follow the deletions, late under load.
 * What the deletions spend is charged to the range's budget for that
 * second (throttle_spend_unused): burst credit (rule 14) banks only the
 * capacity left *unused*, so one second's leftover is spent once,
 * deletions first (ASSUMPTION: neither D-TTL nor D-BURST gives the
 * order). ASSUMPTION: the deletions use neither burst credit nor the
 * user's RU totals and normalized RU consumption (they are reported on
 * their own);
 * on serverless they wait for leftover RU/s too (the docs say only that
 * they are billed).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "container_int.h"
#include "pksim/base/mem.h"

void container_ttl_new(struct pk_container *c)
{
	struct pk_container_ttl *x;

	if (c->spec.default_ttl_s == PK_TTL_OFF) {
		return;
	}
	x = xcalloc(1, sizeof(*x));
	x->default_s = c->spec.default_ttl_s;
	x->data_per_s = 1.0;
	ttl_queue_init(&x->queue);
	c->ttl = x;
	c->metrics.ttl_on = 1;
}

void container_ttl_free(struct pk_container *c)
{
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		ttl_fifo_free(&c->pp[i].ttl_pending);
	}
	if (!c->ttl) {
		return;
	}
	ttl_queue_free(&c->ttl->queue);
	free(c->ttl->expire);
	free(c->ttl->freed);
	free(c->ttl);
	c->ttl = NULL;
}

void container_ttl_data_time(struct pk_container *c, double data_per_s)
{
	if (c->ttl && data_per_s > 0) {
		c->ttl->data_per_s = data_per_s;
	}
}

/* How many seconds of the run an item with TTL n > 0 lives: n, or for a
   data file replayed with its times divided by k = data_per_s, n data
   seconds replayed in ceil(n / k) seconds: never shorter than the data's
   own lifetime, longer by less than one second of the run (k data
   seconds), as the expiry is a whole second; at least 1, as at 1x. */
static int64_t run_lifetime_s(const struct pk_container_ttl *x, int64_t n)
{
	double s;

	if (x->data_per_s == 1.0) {
		return n;
	}
	s = ceil((double)n / x->data_per_s);
	if (s < 1.0) {
		return 1;
	}
	return s < (double)PK_TTL_HORIZON_S ? (int64_t)s : PK_TTL_HORIZON_S;
}

void container_ttl_written(struct pk_container *c, uint64_t item, int64_t ttl_s)
{
	struct pk_container_ttl *x = c->ttl;
	int64_t n = ttl_effective(x->default_s, ttl_s), e;

	x->own_ttl |= ttl_s != PK_TTL_OFF;

	if (item >= x->cap) {
		size_t old = x->cap;

		if (n == 0) {
			return; /* never expires: nothing to record */
		}
		mem_grow((void **)&x->expire, &x->cap, item + 1,
			 sizeof(*x->expire));
		memset(x->expire + old, 0, (x->cap - old) * sizeof(*x->expire));
	}
	e = n ? c->now_s + run_lifetime_s(x, n) : 0;
	if (e >= (int64_t)PK_TTL_HORIZON_S) {
		e = 0; /* past any run: it never expires here */
	}
	x->expire[item] = (uint32_t)e;
	if (e) {
		ttl_queue_push(&x->queue, n, (uint32_t)item, (uint32_t)e);
	}
}

/* Take stored item `item` out of its logical partition and range (its
   bytes and its count), as a delete does. */
static void remove_item(struct pk_container *c, uint64_t item)
{
	struct pk_item_slot *s = &c->items[item];
	struct pk_lp *lp = container_lp(c, s->lp);
	struct pk_pp *pp = &c->pp[lptable_range(c, lp)];
	struct pk_container_ttl *x = c->ttl;

	if (s->lp >= x->freed_cap) {
		size_t old = x->freed_cap;

		mem_grow((void **)&x->freed, &x->freed_cap, (size_t)s->lp + 1,
			 sizeof(*x->freed));
		memset(x->freed + old, 0,
		       (x->freed_cap - old) * sizeof(*x->freed));
	}
	x->freed[s->lp] += s->bytes;

	lptable_count_sub(c, lp, PK_LP_STORAGE, s->bytes);
	pp->storage_bytes -= s->bytes;
	if (lptable_count_sub(c, lp, PK_LP_ITEMS, 1) == 0) {
		pp->logical_partitions--;
	}
	s->bytes = 0;
	s->lp = 0;
	c->ttl->expire[item] = 0;
}

/* Pending item `item` of b bytes leaves the pending set of its range. */
static void unpend(struct pk_container *c, uint64_t item, uint32_t b)
{
	struct pk_ttl_totals *t = &c->metrics.ttl;
	struct pk_lp *lp = container_lp(c, c->items[item].lp);

	c->pp[lptable_range(c, lp)].ttl_pending_bytes -= b;
	t->pending_items--;
	t->pending_bytes -= b;
	t->deleted++;
}

void container_ttl_drop(struct pk_container *c, uint64_t item)
{
	struct pk_ttl_totals *t = &c->metrics.ttl;
	uint32_t b = c->items[item].bytes;

	if (c->ttl->expire[item] & PK_TTL_PENDING_BIT) {
		unpend(c, item, b);
	} else {
		t->expired++; /* due this very second: not reaped yet */
		t->deleted++;
	}
	t->replaced++;
	remove_item(c, item);
}

int64_t container_ttl_idle_until(const struct pk_container *c, int64_t to)
{
	struct pk_ttl_entry e;

	if (c->metrics.ttl.pending_items > 0) {
		return c->now_s + 1;
	}
	if (!ttl_queue_peek(&c->ttl->queue, &e)) {
		return to;
	}
	if ((int64_t)e.expire_s <= c->now_s) {
		return c->now_s + 1;
	}
	return (int64_t)e.expire_s < to ? (int64_t)e.expire_s : to;
}

/* 1 if entry e (in a pending FIFO) is still an item waiting for
   deletion: stored, and its expiry is e's, marked pending. */
static int still_pending(const struct pk_container *c,
			 const struct pk_ttl_entry *e)
{
	return lptable_stored_bytes(c, e->item) > 0 &&
	       c->ttl->expire[e->item] == (e->expire_s | PK_TTL_PENDING_BIT);
}

/* Move the queue's entries due by t_s to their ranges' pending FIFOs. */
static void reap(struct pk_container *c, int64_t t_s)
{
	struct pk_container_ttl *x = c->ttl;
	struct pk_ttl_totals *t = &c->metrics.ttl;
	struct pk_ttl_entry e;

	while (ttl_queue_peek(&x->queue, &e) && (int64_t)e.expire_s <= t_s) {
		uint32_t b;
		struct pk_pp *pp;

		ttl_queue_pop(&x->queue, &e);
		b = lptable_stored_bytes(c, e.item);
		if (b == 0 || x->expire[e.item] != e.expire_s) {
			continue; /* deleted, rewritten, or already due */
		}
		x->expire[e.item] |= PK_TTL_PENDING_BIT;
		pp = &c->pp[lptable_range(
		    c, container_lp(c, c->items[e.item].lp))];
		ttl_fifo_push(&pp->ttl_pending, e);
		pp->ttl_pending_bytes += b;
		t->expired++;
		t->pending_items++;
		t->pending_bytes += b;
	}
}

/* Range i spends leftover mRU on its pending items, oldest first;
   returns what it spent of it (the rest is lost when nothing is left to
   delete). */
static int64_t delete_pending(struct pk_container *c, size_t i,
			      int64_t leftover)
{
	struct pk_pp *p = &c->pp[i];
	struct pk_ttl_entry *e;

	p->ttl_progress_mru += leftover;
	while ((e = ttl_fifo_head(&p->ttl_pending))) {
		uint32_t b;
		int64_t cost;

		if (!still_pending(c, e)) {
			ttl_fifo_pop(&p->ttl_pending);
			continue;
		}
		b = c->items[e->item].bytes;
		cost = cost_write_mru(&c->cost, b);
		if (p->ttl_progress_mru < cost) {
			return leftover; /* all of it towards the next */
		}
		p->ttl_progress_mru -= cost;
		c->metrics.ttl.delete_mru += cost;
		unpend(c, e->item, b);
		remove_item(c, e->item);
		container_mark_gone(c, e->item, PK_GONE_EXPIRED);
		ttl_fifo_pop(&p->ttl_pending);
	}
	/* nothing left to delete: the rest of the leftover is not kept,
	   and was not spent */
	if (p->ttl_progress_mru > leftover) {
		p->ttl_progress_mru = leftover;
	}
	leftover -= p->ttl_progress_mru;
	p->ttl_progress_mru = 0;
	return leftover;
}

void container_ttl_second(struct pk_container *c, int64_t t_s)
{
	struct pk_ttl_totals *t = &c->metrics.ttl;
	size_t i;

	reap(c, t_s);
	for (i = 0; t->pending_items > 0 && i < c->pmap.n; i++) {
		if (c->pp[i].ttl_pending.n > 0) {
			struct pk_budget *b = &c->pp[i].budget;

			throttle_spend_unused(
			    b, t_s,
			    delete_pending(c, i, throttle_unused_mru(b, t_s)));
		}
	}
	metrics_ttl_second(&c->metrics, t_s, container_storage(c));
}

uint64_t container_ttl_freed(const struct pk_container *c,
			     const struct pk_lp *lp)
{
	return c->ttl && lp->index < c->ttl->freed_cap
		   ? c->ttl->freed[lp->index]
		   : 0;
}

int64_t container_ttl_lifetime_s(const struct pk_container *c)
{
	return c->ttl && c->ttl->default_s > 0 && !c->ttl->own_ttl
		   ? c->ttl->default_s
		   : 0;
}

void container_ttl_relocate(struct pk_container *c, struct pk_ttl_fifo *old)
{
	struct pk_ttl_entry *e;

	while ((e = ttl_fifo_head(old))) {
		if (still_pending(c, e)) {
			struct pk_lp *lp =
			    container_lp(c, c->items[e->item].lp);
			struct pk_pp *pp = &c->pp[lptable_range(c, lp)];

			pp->ttl_pending_bytes += c->items[e->item].bytes;
			ttl_fifo_push(&pp->ttl_pending, *e);
		}
		ttl_fifo_pop(old);
	}
	ttl_fifo_free(old);
}
