/*
 * container_ops: what one request does to a container: point requests
 * (create, read, replace, upsert, delete), transactional batches and
 * queries, each charged against its range's budget (rule 12) and counted
 * in the totals. The rules and their sources are listed in container.h.
 */
#include "container.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "container_int.h"

/* out zeroed field by field, once a request: GCC's generic tuning makes
   a memset of its 88 bytes a rep stos, 11 iterations and a start-up that
   cost more than the stores (cachegrind, zipf-2m bench: 23 M fewer
   instructions) */
_Static_assert(offsetof(struct pk_outcome, n_replaced_items) +
		       sizeof(uint32_t) + _Alignof(struct pk_outcome) >
		   sizeof(struct pk_outcome),
	       "outcome_clear zeroes each field of struct pk_outcome: "
	       "n_replaced_items is its last");
static inline void outcome_clear(struct pk_outcome *out)
{
	out->status = 0;
	out->sub_status = 0;
	out->held = 0;
	out->unprocessed = 0;
	out->charge_mru = 0;
	out->asked_mru = 0;
	out->retry_after_ms = 0;
	out->range = 0;
	out->ranges = 0;
	out->route = 0;
	out->pages_done = 0;
	out->lp = NULL;
	out->replaced = 0;
	out->replaced_items = NULL;
	out->n_replaced_items = 0;
}

/* c's memo (pk_container.memo_size) for item size size_bytes:
   refreshed when the size is not the one kept */
static inline void sized(struct pk_container *c, uint32_t size_bytes)
{
	double b;

	if (size_bytes == c->memo_size && c->memo_indexed) {
		return;
	}
	b = (double)units_llround((double)size_bytes * c->spec.index_factor);
	/* the loader keeps item size x index_factor within 32 bits */
	c->memo_indexed = b < 1 ? 1 : b > UINT32_MAX ? UINT32_MAX : (uint32_t)b;
	c->memo_write_mru = cost_write_mru(&c->cost, size_bytes);
	c->memo_size = size_bytes;
}

/* Bytes an item of size_bytes takes with its index (index_factor) */
static inline uint32_t with_index(struct pk_container *c, uint32_t size_bytes)
{
	sized(c, size_bytes);
	return c->memo_indexed;
}

/* The charge of a write of size_bytes, mRU */
static inline int64_t write_mru(struct pk_container *c, uint32_t size_bytes)
{
	sized(c, size_bytes);
	return c->memo_write_mru;
}

/* What the request will be charged, before it runs. */
static int64_t charge_of(struct pk_container *c, const struct pk_request *r,
			 uint32_t stored)
{
	switch (r->kind) {
	case PK_OP_READ:
		return stored ? cost_read_mru(&c->cost, stored)
			      : c->cost.not_found_mru;
	case PK_OP_DELETE:
		return stored ? cost_write_mru(&c->cost, stored)
			      : c->cost.not_found_mru;
	case PK_OP_REPLACE:
		return stored ? cost_write_mru(&c->cost, r->size_bytes)
			      : c->cost.not_found_mru;
	default:
		return write_mru(c, r->size_bytes);
	}
}

/* store and count_outcome run once an attempt, from a few call sites:
   always inlined, where GCC's size limits left them calls whose saving
   and restoring of callee-saved registers and argument set-up came to
   about 55 instructions an attempt (cachegrind, zipf-2m bench) */
#define OPS_HOT static inline __attribute__((always_inline))

OPS_HOT void count_outcome(struct pk_container *c, struct pk_lp *lp,
			   struct pk_pp *pp, const struct pk_request *r,
			   struct pk_outcome *out);

/* 1 when range i is among those the finding query visits */
static int find_visits(const struct pk_container *c, size_t i)
{
	return !c->attempt_mark || c->attempt_mark[i];
}

/* Whether charge fits budget b at t_ms as the request's class admits it,
   on a copy (the fleet pool's draw undone) */
static int find_fits(struct pk_container *c, const struct pk_budget *b,
		     int64_t t_ms, int64_t charge, struct pk_outcome *probe)
{
	struct pk_budget copy = *b;
	struct pk_pool pool = c->pool;
	int ok = ops_admit(c, &copy, t_ms, charge, probe);

	c->pool = pool;
	return ok;
}

/* The finding query's shares (c->find_mru over c->attempt_find ranges)
   on the ranges other than own, the item's: offered there, each checked
   against its range's budget at t_ms; returns own's share. When one
   does not fit, c->find_blocked: out names that range, with its
   retry-after and sub-status. */
static int64_t find_shares(struct pk_container *c, int64_t t_ms, size_t own,
			   struct pk_outcome *out)
{
	struct pk_outcome probe;
	int64_t own_part = c->find_mru;
	size_t i, k = 0;

	for (i = 0; i < c->pmap.n; i++) {
		int64_t part;

		if (!find_visits(c, i)) {
			continue;
		}
		part = ops_query_share(c->find_mru, c->attempt_find, k++);
		if (i == own) {
			own_part = part;
			continue;
		}
		ops_offer(c, part);
		if (!c->attempt_retry) {
			c->pp[i].offered_mru += part;
		}
		if (!c->find_blocked &&
		    !find_fits(c, &c->pp[i].budget, t_ms, part, &probe)) {
			c->find_blocked = 1;
			out->range = i;
			out->retry_after_ms = probe.retry_after_ms;
			out->sub_status = probe.sub_status;
			out->held = c->classes && probe.held;
		}
	}
	return own_part;
}

/* The query's shares on the ranges other than own charged there (the
   request admitted), each counting it as a request; the run's RU and
   logical partition lp's take them (the item's range's part is
   count_outcome's) */
static void find_commit(struct pk_container *c, struct pk_lp *lp, int64_t t_ms,
			size_t own)
{
	struct pk_outcome probe;
	size_t i, k = 0;

	for (i = 0; i < c->pmap.n; i++) {
		struct pk_pp *pp = &c->pp[i];
		int64_t part;

		if (!find_visits(c, i)) {
			continue;
		}
		part = ops_query_share(c->find_mru, c->attempt_find, k++);
		if (i == own) {
			continue;
		}
		ops_admit(c, &pp->budget, t_ms, part, &probe);
		container_touch(c, pp);
		pp->requests++;
		pp->sec_ru_mru += part;
		pp->ru_mru += part;
	}
	c->metrics.totals.ru_mru += c->find_other_mru;
	c->sec_served_mru += c->find_other_mru;
	if (lp) {
		lptable_count_add(c, lp, PK_LP_RU, (uint64_t)c->find_other_mru);
	}
}

/* The finding query throttled (count_outcome books it at out->range: the
   first range without room, or the item's range when only it had none):
   every other range it visits counts the request, and
   each that had no room for its part (own's, the item's range's: own_mru,
   its share and the point write) its 429, as container_query counts a
   throttled query at every range without room (each range's part is the
   SDK's own request); the run counts the 429 once */
static void find_throttled(struct pk_container *c, int64_t t_ms, size_t own,
			   int64_t own_mru, const struct pk_outcome *out)
{
	struct pk_outcome probe;
	size_t i, k = 0;

	for (i = 0; i < c->pmap.n; i++) {
		struct pk_pp *pp = &c->pp[i];
		int64_t part;

		if (!find_visits(c, i)) {
			continue;
		}
		part = ops_query_share(c->find_mru, c->attempt_find, k++);
		if (i == out->range) {
			continue;
		}
		container_touch(c, pp);
		pp->requests++;
		if (c->attempt_retry) {
			pp->sec_retries++;
			pp->retries++;
		}
		if (find_fits(c, &pp->budget, t_ms, i == own ? own_mru : part,
			      &probe)) {
			continue;
		}
		pp->sec_throttled++;
		pp->sec_bucket +=
		    probe.sub_status == PK_SUBSTATUS_BUCKET_EXCEEDED;
		pp->sec_held += (uint32_t)(c->classes && probe.held);
		pp->throttled_429++;
	}
}

/*
 * Rule 38 (D-SUFFIX-READ): a request whose caller cannot compute the key
 * (pk_container.attempt_find) first queries the IN list of the candidate key
 * values, charged as pksim charges a query (cost.h, rule 21): query_base +
 * query_per_range x the ranges the list visits + query_per_result x the
 * items found (1 if stored, else 0). A read is that query alone (the query
 * returns the item); a replace, delete or upsert of the stored item adds
 * its point write (point_mru); an upsert of an item not stored is a create
 * under a fresh draw, so no query. The query's part is left in
 * c->find_mru (0 when none), for the service to count. The query's charge
 * is split over the ranges the list visits (pk_container.attempt_mark),
 * each its share as container_query splits a query (rule 21: each range
 * serves its part; all or nothing, every range must have room for its
 * share); the point write is the item's range's (find_shares, find_commit). The
 * item's logical partition counts the whole charge (ASSUMPTION: the request is
 * its; the other values' partitions hold nothing it reads).
 *
 * Returns the charge of r on its item's range (out->range): the query's
 * share there and the point write; the other ranges' shares are offered,
 * and charged at once when every range has room; else c->find_blocked,
 * the request counted at every range it visits and the 429 at each that
 * had no room (find_throttled), and -1.
 */
static __attribute__((noinline)) int64_t
find_charge(struct pk_container *c, struct pk_lp *lp,
	    const struct pk_request *r, uint32_t stored, int64_t point_mru,
	    struct pk_outcome *out)
{
	struct pk_outcome probe;
	const size_t own_range = out->range;
	int64_t q, share, point;

	if (r->kind == PK_OP_UPSERT && !stored) {
		return point_mru;
	}
	q = cost_query_mru(&c->cost, c->attempt_find, stored ? 1 : 0);
	c->find_mru = q;
	point = r->kind == PK_OP_READ || !stored ? 0 : point_mru;
	share = q;
	if (c->attempt_find > 1 && find_visits(c, out->range)) {
		share = find_shares(c, r->t_ms, out->range, out);
		if (!c->find_blocked &&
		    find_fits(c, &c->pp[out->range].budget, r->t_ms,
			      share + point, &probe)) {
			/* the item's range admits it below: the others'
			   shares now */
			c->find_other_mru = q - share;
			find_commit(c, lp, r->t_ms, out->range);
		} else if (!c->find_blocked) {
			/* the others had room; the item's range throttles
			   it below (its 429 there): they count the request */
			find_throttled(c, r->t_ms, own_range, share + point,
				       out);
		}
	}
	if (c->find_blocked) {
		/* the item's range's part offered; the 429 is the range's
		   that had no room */
		ops_offer(c, share + point);
		if (!c->attempt_retry) {
			c->pp[own_range].offered_mru += share + point;
		}
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		if (c->attempt_find > 1 && find_visits(c, own_range)) {
			find_throttled(c, r->t_ms, own_range, share + point,
				       out);
		}
		count_outcome(c, lp, &c->pp[out->range], r, out);
		return -1;
	}
	return share + point;
}

/* A write at data time data_ms added grow bytes to lp: the earliest
   growing data time, and the bytes that are not growth (container.h,
   pk_lp: those at an instant that was the earliest when they came). The
   latest write of any kind is store's (pk_lp.last_write_ms). */
static void note_growth(struct pk_container *c, struct pk_lp *lp,
			int64_t data_ms, uint64_t grow)
{
	if (lp->first_grow_ms < 0 || data_ms <= lp->first_grow_ms) {
		lp->first_grow_ms = data_ms;
		lptable_count_add(c, lp, PK_LP_GROW_BASE, grow);
	}
}

/* Change item's stored bytes from old to new (either may be 0) in lp and
   its range pp, a write at data time data_ms (pk_request.data_ms);
   returns 403 if the logical partition would pass its cap (rule 11; *sub
   = 1014) or a serverless container its 1 TB (rule 19; *sub = 0),
   nothing changing then; else 0. */
OPS_HOT int store(struct pk_container *c, struct pk_lp *lp, struct pk_pp *pp,
		  uint64_t item, uint32_t old, uint32_t new_bytes,
		  int64_t data_ms, int *sub)
{
	if (new_bytes > old &&
	    container_lp_count(c, lp, PK_LP_STORAGE) + (new_bytes - old) >
		c->spec.lp_storage_bytes) {
		*sub = PK_SUBSTATUS_PARTITION_KEY_QUOTA;
		return PK_HTTP_FORBIDDEN;
	}
	if (new_bytes > old && c->serverless &&
	    container_storage(c) + (new_bytes - old) >
		PK_PROVISION_SERVERLESS_MAX_BYTES) {
		*sub = PK_SUBSTATUS_CONTAINER_FULL;
		return PK_HTTP_FORBIDDEN;
	}
	/* a write that does not grow lp still shows it was not growing
	   until then (days to full, result.h) */
	if (data_ms > lp->last_write_ms) {
		lp->last_write_ms = data_ms;
	}
	if (new_bytes > old) {
		note_growth(c, lp, data_ms, new_bytes - old);
		lptable_count_add(c, lp, PK_LP_STORAGE, new_bytes - old);
	} else {
		lptable_count_sub(c, lp, PK_LP_STORAGE, old - new_bytes);
	}
	pp->storage_bytes = pp->storage_bytes - old + new_bytes;
	if (!old && new_bytes) {
		if (lptable_count_inc(c, lp, PK_LP_ITEMS) == 1) {
			pp->logical_partitions++;
		}
	} else if (old && !new_bytes) {
		if (lptable_count_sub(c, lp, PK_LP_ITEMS, 1) == 0) {
			pp->logical_partitions--;
		}
	}
	if (c->keep_items) {
		lptable_slot(c, item)->bytes = new_bytes;
		lptable_slot(c, item)->lp = new_bytes ? lp->index : 0;
	}
	pp->changes += new_bytes != 0;
	return 0;
}

/* A request for a stored item under another key value. The key is
   immutable (reference §3): a replace or upsert is refused with 400
   (ASSUMPTION: pksim keeps one copy per item, so an upsert under a new key
   is refused too rather than creating a second); a read or delete looks
   up (key, id) and finds nothing: 404. */
static int moved(const struct pk_request *r)
{
	return r->kind == PK_OP_REPLACE || r->kind == PK_OP_UPSERT
		   ? PK_HTTP_BAD_REQUEST
		   : PK_HTTP_NOT_FOUND;
}

/* A create or upsert of an item not stored whose (key, id) an expired
   copy still holds (rule 28: gone for requests, its bytes awaiting the
   background deletion): the write takes the copy's place at once, as a
   write of the copy's own item does (container_apply), counted deleted
   and replaced. */
static void drop_expired_holder(struct pk_container *c,
				const struct pk_request *r, struct pk_lp *lp)
{
	uint64_t held;

	if (!c->ttl) {
		return;
	}
	held = lptable_id_expired_holder(c, lp, r);
	if (held != PK_LP_NO_HOLDER) {
		container_ttl_drop(c, held);
	}
}

/* An upsert of an item not stored whose (key, id) another stored item
   holds: the service's upsert replaces the item under a (key, id) (200),
   so the holder's bytes leave lp as r's come: one item, no second copy
   (*replaced = holder + 1); a 403 changes nothing. 0 when none holds it.
   ASSUMPTION: pksim's item numbers name copies: the new bytes are stored
   under r->item; the holder's expiry (rule 28) then finds it gone. */
static int upsert_held(struct pk_container *c, const struct pk_request *r,
		       struct pk_lp *lp, struct pk_pp *pp, uint32_t bytes,
		       int *sub, uint64_t *replaced)
{
	uint64_t held;
	uint32_t had;

	drop_expired_holder(c, r, lp);
	held = lptable_id_holder_of(c, lp, r);
	had = lptable_stored_bytes(c, held);
	if (held == PK_LP_NO_HOLDER) {
		return 0;
	}
	if (store(c, lp, pp, r->item, had, bytes, r->data_ms, sub)) {
		return PK_HTTP_FORBIDDEN;
	}
	lptable_slot(c, held)->bytes = 0;
	lptable_slot(c, held)->lp = 0;
	lptable_note_id(c, lp, r, 1);
	if (c->ttl) {
		container_ttl_written(c, r->item, r->ttl_s);
	}
	*replaced = held + 1;
	return PK_HTTP_OK;
}

/* 1 if another item of lp holds the id of create r (r->id set): a 409;
   an expired holder gives its place first (drop_expired_holder). */
static int create_id_taken(struct pk_container *c, const struct pk_request *r,
			   struct pk_lp *lp)
{
	drop_expired_holder(c, r, lp);
	return lptable_id_taken_of(c, lp, r);
}

/* Run an admitted request against the data; returns the status (and
   a 403's sub-status in *sub; *replaced as pk_outcome.replaced). */
static int execute(struct pk_container *c, const struct pk_request *r,
		   struct pk_lp *lp, struct pk_pp *pp, uint32_t old, int *sub,
		   uint64_t *replaced)
{
	int unused, held;

	uint32_t bytes = r->size_bytes ? with_index(c, r->size_bytes) : 0;

	if (old && r->kind != PK_OP_CREATE &&
	    c->items[r->item].lp != lp->index) {
		return moved(r);
	}
	switch (r->kind) {
	case PK_OP_CREATE:
		/* (key, id) is unique: a create of a held id is a 409 */
		if (old || (r->id && create_id_taken(c, r, lp))) {
			return PK_HTTP_CONFLICT;
		}
		break;
	case PK_OP_UPSERT:
		if (!old && r->id &&
		    (held = upsert_held(c, r, lp, pp, bytes, sub, replaced))) {
			return held;
		}
		break;
	case PK_OP_REPLACE:
		if (!old) {
			return PK_HTTP_NOT_FOUND;
		}
		break;
	case PK_OP_DELETE:
		if (!old) {
			return PK_HTTP_NOT_FOUND;
		}
		store(c, lp, pp, r->item, old, 0, r->data_ms, &unused);
		lptable_note_id(c, lp, r, 0);
		return PK_HTTP_NO_CONTENT;
	default:
		return old ? PK_HTTP_OK : PK_HTTP_NOT_FOUND;
	}
	if (store(c, lp, pp, r->item, old, bytes, r->data_ms, sub)) {
		return PK_HTTP_FORBIDDEN;
	}
	lptable_note_id(c, lp, r, 1);
	if (c->ttl) {
		container_ttl_written(c, r->item, r->ttl_s);
	}
	return old ? PK_HTTP_OK : PK_HTTP_CREATED;
}

void container_write_failed(struct pk_container *c, uint64_t item)
{
	container_mark_gone(c, item, PK_GONE_WRITE_FAILED);
}

static int is_write(const struct pk_request *r)
{
	return r->kind == PK_OP_CREATE || r->kind == PK_OP_UPSERT;
}

void ops_count_class_429(struct pk_container *c, const struct pk_outcome *out)
{
	struct pk_totals *t = &c->metrics.totals;

	t->throttled_low_429 += (uint64_t)c->attempt_low;
	t->throttled_3212 +=
	    (uint64_t)(out->sub_status == PK_SUBSTATUS_BUCKET_EXCEEDED);
}

int ops_admit_class(struct pk_container *c, struct pk_budget *b, int64_t t_ms,
		    int64_t charge, struct pk_outcome *out)
{
	int ok = throttle_admit_class(b, t_ms, charge, c->attempt_low,
				      c->attempt_bucket,
				      c->spec.bucket_pct[c->attempt_bucket],
				      &out->retry_after_ms, &out->sub_status);

	/* a Low 429/3200 the range had room for: kept for High (rule 30),
	   no sign of a range short of RU/s (as a bucket's 3212) */
	out->held = !ok && c->attempt_low &&
		    out->sub_status == PK_SUBSTATUS_RU_BUDGET_EXCEEDED &&
		    throttle_fits(b, charge);
	return ok;
}

OPS_HOT void count_outcome(struct pk_container *c, struct pk_lp *lp,
			   struct pk_pp *pp, const struct pk_request *r,
			   struct pk_outcome *out)
{
	struct pk_totals *t = &c->metrics.totals;

	t->attempts++;
	c->sec_active = 1;
	container_touch(c, pp);
	pp->requests++;
	if (c->attempt_retry) {
		pp->sec_retries++;
		pp->retries++;
	}
	if (lp) {
		lptable_count_inc(c, lp, PK_LP_REQUESTS);
		if (c->attempt_retry) {
			lptable_rare(c, lp)->retries++;
		}
		lptable_count_add(c, lp, PK_LP_RU, (uint64_t)out->charge_mru);
	}
	if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
		t->throttled_429++;
		pp->sec_throttled++;
		pp->sec_bucket +=
		    out->sub_status == PK_SUBSTATUS_BUCKET_EXCEEDED;
		pp->throttled_429++;
		if (lp) {
			lptable_rare(c, lp)->throttled_429++;
		}
		if (c->classes) {
			pp->sec_held += (uint32_t)out->held;
			ops_count_class_429(c, out);
		}
		return;
	}
	t->ru_mru += out->charge_mru;
	pp->sec_ru_mru += out->charge_mru;
	pp->ru_mru += out->charge_mru;
	c->sec_served_mru += out->charge_mru;
	if (out->status >= 400 && out->status != PK_HTTP_NOT_FOUND &&
	    out->status != PK_HTTP_CONFLICT && is_write(r)) {
		/* 403, 400, 413: not stored */
		container_mark_gone(c, r->item, PK_GONE_WRITE_FAILED);
	} else if (out->status < 300 && c->gone && is_write(r)) {
		container_mark_gone(c, r->item, 0);
	}
	if (out->status == PK_HTTP_FORBIDDEN &&
	    out->sub_status == PK_SUBSTATUS_CONTAINER_FULL) {
		t->container_full_403++;
	} else if (out->status == PK_HTTP_FORBIDDEN) {
		struct pk_lp_rare *x = lptable_rare(c, lp);

		t->rejected_403++;
		pp->rejected_403++;
		x->rejected_403++;
		if (x->full_at_ms < 0) {
			x->full_at_ms = r->t_ms;
		}
	} else if (out->status == PK_HTTP_NOT_FOUND) {
		t->not_found_404++;
		unsigned char why = container_gone(c, r->item);

		t->not_found_lost += why == PK_GONE_WRITE_FAILED;
		t->not_found_expired += why == PK_GONE_EXPIRED;
	} else if (out->status == PK_HTTP_CONFLICT) {
		t->conflict_409++;
	} else if (out->status == PK_HTTP_BAD_REQUEST) {
		t->bad_request_400++;
	} else if (out->status == PK_HTTP_TOO_LARGE) {
		t->too_large_413++;
	} else {
		t->succeeded++;
	}
}

void ops_gone(struct pk_container *c, struct pk_outcome *out)
{
	out->status = PK_HTTP_GONE;
	out->sub_status = PK_SUBSTATUS_COMPLETING_SPLIT;
	c->metrics.totals.attempts++;
	c->metrics.totals.gone_410++;
	if (c->attempt_retry) {
		c->metrics.totals.retries++;
		c->sec_retries++;
	}
	c->sec_active = 1;
}

void container_set_retry(struct pk_container *c, int retry)
{
	c->attempt_retry = retry ? 1 : 0;
}

void container_set_class(struct pk_container *c, int low, int bucket)
{
	if (bucket < 0 || bucket > PK_THROUGHPUT_BUCKETS) {
		PK_BUG("container: throughput bucket %d", bucket);
	}
	c->attempt_low = low ? 1 : 0;
	/* rule 34: a request naming no bucket counts against the default
	   bucket, if one is marked; one naming a bucket this container
	   does not configure (bucket_pct 0) runs uncapped */
	c->attempt_bucket = bucket ? bucket : c->spec.default_bucket;
	/* from the first call on, High requests without a bucket count
	   their demand too */
	c->classes = 1;
}

void ops_offer(struct pk_container *c, int64_t charge)
{
	struct pk_totals *t = &c->metrics.totals;

	if (c->attempt_retry) {
		c->sec_retry_mru += charge;
		c->sec_retries++;
		t->retry_mru += charge;
		t->retries++;
	} else {
		c->sec_offered_mru += charge;
		t->offered_mru += charge;
	}
}

/* Refused before it touches data: an invalid item (400, from the
   client's check of key and id) or one over 2 MB (413). */
static int refused(const struct pk_request *r)
{
	if (r->reject) {
		return r->reject;
	}
	if (r->size_bytes > PK_MAX_ITEM_BYTES) {
		return PK_HTTP_TOO_LARGE;
	}
	return 0;
}

/* container_apply, or container_charge when r is a PK_OP_CHARGE of
   recorded charge recorded_mru. */
static void apply(struct pk_container *c, const struct pk_request *r,
		  int64_t recorded_mru, struct pk_outcome *out)
{
	struct pk_lp *lp;
	struct pk_pp *pp;
	uint32_t old;
	int64_t charge;
	int refuse = refused(r), sub = 0, expired;

	container_advance(c, r->t_ms);
	c->now_ms = r->t_ms;
	lp = r->lp ? r->lp : lptable_find(c, r->key, r->key_len);
	outcome_clear(out);
	out->lp = lp;
	out->range = lp ? lptable_range(c, lp) : pmap_find(&c->pmap, r->epk);
	out->ranges = 1;
	pp = &c->pp[out->range];
	if (r->t_ms < pp->gone_until_ms) {
		ops_gone(c, out);
		return;
	}
	if (__builtin_expect(!c->keep_items, 0) && r->kind != PK_OP_CREATE &&
	    r->kind != PK_OP_CHARGE) {
		PK_BUG("container: a request of kind %d names an item, and "
		       "item slots are not kept",
		       (int)r->kind);
	}
	/* a recorded charge (a replayed log) touches no item */
	old = r->kind == PK_OP_CHARGE ? 0 : lptable_stored_bytes(c, r->item);
	expired = old && container_ttl_expired(c, r->item);
	if (expired) {
		/* rule 28: an expired item is gone for every request, though
		   its bytes stay until the background task deletes them */
		old = 0;
	}
	charge = refuse			   ? c->cost.not_found_mru
		 : r->kind == PK_OP_CHARGE ? recorded_mru
					   : charge_of(c, r, old);
	if (__builtin_expect(c->attempt_find != 0, 0) && !refuse) {
		/* the item's range's part: the rest on the others */
		charge = find_charge(c, lp, r, old, charge, out);
		if (charge < 0) {
			return; /* a 429 on another range the list visits */
		}
	}
	ops_offer(c, charge);
	if (!c->attempt_retry) {
		pp->offered_mru += charge;
	}
	if (!lp && !old && !refuse &&
	    (r->kind == PK_OP_CREATE || r->kind == PK_OP_UPSERT)) {
		/* the key value asked for has its logical partition from
		   its first write, admitted or not: a value whose every
		   create was rate limited still counts as seen (with its
		   429s), holding nothing */
		lp = lptable_add(c, r->key, r->key_len, r->epk);
		lptable_found_range(c, lp, out->range);
		out->lp = lp;
	}
	if (!ops_admit(c, &pp->budget, r->t_ms, charge, out)) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->asked_mru = charge;
		count_outcome(c, lp, pp, r, out);
		return;
	}
	out->sub_status = 0;
	out->charge_mru = charge;
	if (refuse) {
		if (refuse == PK_REJECT_BAD_TTL) {
			c->metrics.totals.bad_ttl_400++;
			refuse = PK_HTTP_BAD_REQUEST;
		}
		out->status = refuse;
		count_outcome(c, lp, pp, r, out);
		return;
	}
	if (expired && (r->kind == PK_OP_UPSERT || r->kind == PK_OP_CREATE)) {
		/* the write takes the expired copy's place at once */
		container_ttl_drop(c, r->item);
	}
	if (r->kind == PK_OP_CHARGE) {
		/* its key's logical partition holds its RU, not data */
		if (!lp) {
			lp = lptable_add(c, r->key, r->key_len, r->epk);
			lptable_found_range(c, lp, out->range);
			out->lp = lp;
		}
		out->status = PK_HTTP_OK;
	} else if (!lp && old) {
		out->status = moved(r);
	} else {
		if (!lp &&
		    (r->kind == PK_OP_CREATE || r->kind == PK_OP_UPSERT)) {
			lp = lptable_add(c, r->key, r->key_len, r->epk);
			lptable_found_range(c, lp, out->range);
			out->lp = lp;
		}
		out->status =
		    lp ? execute(c, r, lp, pp, old, &sub, &out->replaced)
		       : PK_HTTP_NOT_FOUND;
	}
	if (out->status == PK_HTTP_FORBIDDEN) {
		/* D-403: failed requests still use RUs; ASSUMPTION: the whole
		   write charge */
		out->sub_status = sub;
	}
	count_outcome(c, lp, pp, r, out);
	if (out->status == PK_HTTP_CONFLICT && old && r->kind == PK_OP_CREATE) {
		/* creates get new items: this one was stored by an upsert
		   sent before the create (pk_totals.conflict_409_stored) */
		c->metrics.totals.conflict_409_stored++;
	}
	if (expired && out->status == PK_HTTP_NOT_FOUND &&
	    !container_gone(c, r->item)) {
		/* expired, its bytes not yet deleted (rule 28) */
		c->metrics.totals.not_found_expired++;
	}
}

void container_apply(struct pk_container *c, const struct pk_request *r,
		     struct pk_outcome *out)
{
	if (r->kind == PK_OP_CHARGE) {
		PK_BUG("container_apply: a recorded charge without its RU");
	}
	apply(c, r, 0, out);
}

void container_charge(struct pk_container *c, const struct pk_request *r,
		      int64_t charge_mru, struct pk_outcome *out)
{
	if (r->kind != PK_OP_CHARGE || charge_mru < 0) {
		PK_BUG("container_charge: kind %d, %lld mRU", (int)r->kind,
		       (long long)charge_mru);
	}
	apply(c, r, charge_mru, out);
}

/* ---- transactional batches ---- */

/* 1 if every item of the batch has the first item's key identity. */
static int batch_one_key(const struct pk_request *items, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++) {
		if (items[i].key_len != items[0].key_len ||
		    memcmp(items[i].key, items[0].key, items[0].key_len) != 0) {
			return 0;
		}
	}
	return 1;
}

/* 1 if an item before item i of the batch carries item i's id. */
static int batch_id_repeated(const struct pk_request *items, size_t i)
{
	size_t j;

	if (!items[i].id) {
		return 0;
	}
	for (j = 0; j < i; j++) {
		if (items[j].id && items[j].id_len == items[i].id_len &&
		    memcmp(items[j].id, items[i].id, items[i].id_len) == 0) {
			return 1;
		}
	}
	return 0;
}

/* Create the n items of an admitted batch in lp (range pp), all or
   nothing: every item is checked before anything is stored, so a failing
   item leaves the container as it was. Returns 201, or the first failing
   item's status (409, or 403 with *sub). */
static int batch_commit(struct pk_container *c, struct pk_lp *lp,
			struct pk_pp *pp, const struct pk_request *items,
			size_t n, int *sub)
{
	uint64_t grow = 0;
	size_t i;
	int unused;

	for (i = 0; i < n; i++) {
		const struct pk_request *r = &items[i];

		if (lptable_stored_bytes(c, r->item) ||
		    lptable_id_taken(c, lp, r) || batch_id_repeated(items, i)) {
			return PK_HTTP_CONFLICT;
		}
		grow += with_index(c, r->size_bytes);
		if (container_lp_count(c, lp, PK_LP_STORAGE) + grow >
		    c->spec.lp_storage_bytes) {
			*sub = PK_SUBSTATUS_PARTITION_KEY_QUOTA;
			return PK_HTTP_FORBIDDEN;
		}
		if (c->serverless && container_storage(c) + grow >
					 PK_PROVISION_SERVERLESS_MAX_BYTES) {
			*sub = PK_SUBSTATUS_CONTAINER_FULL;
			return PK_HTTP_FORBIDDEN;
		}
	}
	for (i = 0; i < n; i++) {
		/* cannot fail: the checks above covered the whole batch */
		if (store(c, lp, pp, items[i].item, 0,
			  with_index(c, items[i].size_bytes), items[i].data_ms,
			  &unused)) {
			PK_BUG("batch item %llu refused after its check",
			       (unsigned long long)items[i].item);
		}
		lptable_note_id(c, lp, &items[i], 1);
		if (c->ttl) {
			container_ttl_written(c, items[i].item, items[i].ttl_s);
		}
	}
	return PK_HTTP_CREATED;
}

void container_batch(struct pk_container *c, int64_t t_ms,
		     const struct pk_request *items, size_t n,
		     struct pk_outcome *out)
{
	struct pk_totals *t = &c->metrics.totals;
	const struct pk_request *first = &items[0];
	struct pk_lp *lp;
	struct pk_pp *pp;
	uint64_t payload = 0;
	int64_t charge = 0;
	int refuse = 0, spans = 0, sub = 0;
	size_t i;

	if (n < 1 || n > PK_MAX_BATCH_OPS) {
		PK_BUG("batch of %zu operations", n);
	}
	container_advance(c, t_ms);
	c->now_ms = t_ms;
	memset(out, 0, sizeof(*out));
	lp = lptable_find(c, first->key, first->key_len);
	out->range =
	    lp ? lptable_range(c, lp) : pmap_find(&c->pmap, first->epk);
	out->ranges = 1;
	pp = &c->pp[out->range];
	if (t_ms < pp->gone_until_ms) {
		ops_gone(c, out);
		return;
	}
	for (i = 0; i < n; i++) {
		if (!refuse) {
			refuse = items[i].reject == PK_REJECT_BAD_TTL
				     ? PK_HTTP_BAD_REQUEST
				     : items[i].reject;
		}
		payload += items[i].size_bytes;
		charge += cost_write_mru(&c->cost, items[i].size_bytes);
	}
	if (!refuse && !batch_one_key(items, n)) {
		/* reference §3: a batch stays in one logical partition */
		refuse = PK_HTTP_BAD_REQUEST;
		spans = 1;
	} else if (!refuse && payload > PK_MAX_REQUEST_BYTES) {
		refuse = PK_HTTP_TOO_LARGE;
	}
	if (refuse) {
		charge = c->cost.not_found_mru;
	}
	ops_offer(c, charge);
	if (!c->attempt_retry) {
		pp->offered_mru += charge;
	}
	if (!ops_admit(c, &pp->budget, t_ms, charge, out)) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->asked_mru = charge;
		count_outcome(c, lp, pp, first, out);
		return;
	}
	out->sub_status = 0;
	out->charge_mru = charge;
	if (refuse) {
		out->status = refuse;
	} else {
		if (!lp) {
			lp = lptable_add(c, first->key, first->key_len,
					 first->epk);
			lptable_found_range(c, lp, out->range);
		}
		out->lp = lp;
		out->status = batch_commit(c, lp, pp, items, n, &sub);
		if (out->status == PK_HTTP_FORBIDDEN) {
			out->sub_status = sub;
		}
	}
	count_outcome(c, lp, pp, first, out);
	for (i = 0; out->status != PK_HTTP_TOO_MANY_REQUESTS && i < n; i++) {
		/* a batch stores all or nothing: its new items are lost
		   when it fails, found when it commits */
		if (out->status >= 400 &&
		    !lptable_stored_bytes(c, items[i].item)) {
			container_mark_gone(c, items[i].item,
					    PK_GONE_WRITE_FAILED);
		} else if (out->status < 300 && c->gone) {
			container_mark_gone(c, items[i].item, 0);
		}
	}
	t->batches++;
	t->batches_rejected_400 += (uint64_t)spans;
	if (out->status == PK_HTTP_CREATED) {
		t->batches_committed++;
		t->batch_items += n;
	}
}
