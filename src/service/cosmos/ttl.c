/*
 * ttl: the expiry queue (per-TTL FIFOs under a heap of their heads) and
 * the FIFOs the container keeps per range for items awaiting deletion.
 * The rule itself is in include/pksim/service/cosmos/ttl.h.
 */
#include "pksim/service/cosmos/ttl.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"

int ttl_from_value(const struct pk_value *v, int64_t *out)
{
	int64_t n = 0;
	size_t i = 0;
	int neg = 0;

	switch (v->type) {
	case PK_VALUE_UNDEFINED:
		*out = PK_TTL_OFF;
		return 0;
	case PK_VALUE_NUMBER:
		if (!(v->num >= -1.0 && v->num <= (double)PK_TTL_MAX_S) ||
		    v->num != (double)(int64_t)v->num) {
			return -1;
		}
		n = (int64_t)v->num;
		break;
	case PK_VALUE_STRING:
		if (v->len > 0 && v->str[0] == '-') {
			neg = 1;
			i = 1;
		}
		if (i == v->len) {
			return -1;
		}
		for (; i < v->len; i++) {
			if (v->str[i] < '0' || v->str[i] > '9' ||
			    n > PK_TTL_MAX_S) {
				return -1;
			}
			n = n * 10 + (v->str[i] - '0');
		}
		n = neg ? -n : n;
		break;
	default:
		return -1;
	}
	if (!ttl_item_valid(n)) {
		return -1;
	}
	*out = n;
	return 0;
}

/* ---- FIFO ---- */

void ttl_fifo_push(struct pk_ttl_fifo *f, struct pk_ttl_entry e)
{
	if (f->head + f->n == f->cap && f->head > 0 && f->head >= f->n) {
		/* more room in front than in use: slide back, no growth */
		memmove(f->v, f->v + f->head, f->n * sizeof(*f->v));
		f->head = 0;
	}
	mem_grow((void **)&f->v, &f->cap, f->head + f->n + 1, sizeof(*f->v));
	f->v[f->head + f->n++] = e;
}

void ttl_fifo_append(struct pk_ttl_fifo *dst, struct pk_ttl_fifo *src)
{
	size_t i;

	for (i = 0; i < src->n; i++) {
		ttl_fifo_push(dst, src->v[src->head + i]);
	}
	ttl_fifo_free(src);
}

void ttl_fifo_free(struct pk_ttl_fifo *f)
{
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* ---- the queue ---- */

void ttl_queue_init(struct pk_ttl_queue *q)
{
	memset(q, 0, sizeof(*q));
}

void ttl_queue_free(struct pk_ttl_queue *q)
{
	struct pk_ttl_lane *l, *tmp;

	HASH_ITER(hh, q->lanes, l, tmp)
	{
		HASH_DEL(q->lanes, l);
		ttl_fifo_free(&l->q);
		free(l);
	}
	free(q->heap);
	ttl_queue_init(q);
}

/* 1 if lane a's head comes before lane b's. */
static int lane_before(const struct pk_ttl_lane *a, const struct pk_ttl_lane *b)
{
	uint32_t x = a->q.v[a->q.head].expire_s, y = b->q.v[b->q.head].expire_s;

	return x != y ? x < y : a->ttl_s < b->ttl_s;
}

static void heap_set(struct pk_ttl_queue *q, size_t i, struct pk_ttl_lane *l)
{
	q->heap[i] = l;
	l->heap_at = i;
}

static void sift_up(struct pk_ttl_queue *q, size_t i)
{
	struct pk_ttl_lane *l = q->heap[i];

	while (i > 0 && lane_before(l, q->heap[(i - 1) / 2])) {
		heap_set(q, i, q->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	heap_set(q, i, l);
}

static void sift_down(struct pk_ttl_queue *q, size_t i)
{
	struct pk_ttl_lane *l = q->heap[i];

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= q->n_heap) {
			break;
		}
		if (c + 1 < q->n_heap &&
		    lane_before(q->heap[c + 1], q->heap[c])) {
			c++;
		}
		if (!lane_before(q->heap[c], l)) {
			break;
		}
		heap_set(q, i, q->heap[c]);
		i = c;
	}
	heap_set(q, i, l);
}

static struct pk_ttl_lane *lane_of(struct pk_ttl_queue *q, int64_t ttl_s)
{
	struct pk_ttl_lane *l = q->last;

	if (l && l->ttl_s == ttl_s) {
		return l;
	}
	HASH_FIND(hh, q->lanes, &ttl_s, sizeof(ttl_s), l);
	if (!l) {
		l = xcalloc(1, sizeof(*l));
		l->ttl_s = ttl_s;
		l->heap_at = SIZE_MAX;
		HASH_ADD(hh, q->lanes, ttl_s, sizeof(l->ttl_s), l);
	}
	q->last = l;
	return l;
}

void ttl_queue_push(struct pk_ttl_queue *q, int64_t ttl_s, uint32_t item,
		    uint32_t expire_s)
{
	struct pk_ttl_lane *l = lane_of(q, ttl_s);
	struct pk_ttl_entry e;

	if (l->q.n && l->q.v[l->q.head + l->q.n - 1].expire_s > expire_s) {
		PK_BUG("ttl: expiry %u queued after %u (ttl %lld)", expire_s,
		       l->q.v[l->q.head + l->q.n - 1].expire_s,
		       (long long)ttl_s);
	}
	e.item = item;
	e.expire_s = expire_s;
	ttl_fifo_push(&l->q, e);
	q->n++;
	if (l->q.n == 1) {
		mem_grow((void **)&q->heap, &q->cap_heap, q->n_heap + 1,
			 sizeof(*q->heap));
		heap_set(q, q->n_heap++, l);
		sift_up(q, l->heap_at);
	}
}

int ttl_queue_peek(const struct pk_ttl_queue *q, struct pk_ttl_entry *e)
{
	const struct pk_ttl_lane *l;

	if (q->n_heap == 0) {
		return 0;
	}
	l = q->heap[0];
	*e = l->q.v[l->q.head];
	return 1;
}

void ttl_queue_pop(struct pk_ttl_queue *q, struct pk_ttl_entry *e)
{
	struct pk_ttl_lane *l;

	if (q->n_heap == 0) {
		PK_BUG("ttl: pop from an empty expiry queue");
	}
	l = q->heap[0];
	*e = l->q.v[l->q.head];
	ttl_fifo_pop(&l->q);
	q->n--;
	if (l->q.n == 0) {
		/* the lane leaves the heap: its last element takes the top */
		l->heap_at = SIZE_MAX;
		if (--q->n_heap > 0) {
			heap_set(q, 0, q->heap[q->n_heap]);
			sift_down(q, 0);
		}
		return;
	}
	sift_down(q, 0);
}
