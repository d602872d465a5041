/* retryq: retries go out by time, then by the operation's place in the
   stream (retryq.h), whatever order they were queued in. */
#include <check.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/run/retryq.h"
#include "testutil.h"

static struct pk_retry_entry entry(int64_t t_ms, uint64_t seq)
{
	struct pk_retry_entry e;

	memset(&e, 0, sizeof(e));
	e.t_ms = t_ms;
	e.seq = seq;
	/* payload to check the whole entry comes back */
	e.op.seq = seq;
	e.op.item = seq * 7;
	e.st.retries = (int)(seq % 9);
	e.st.waited_ms = t_ms / 2;
	return e;
}

static void pop_expect(struct pk_retryq *q, int64_t t_ms, uint64_t seq)
{
	struct pk_retry_entry e;
	int64_t pt;
	uint64_t ps;

	ck_assert_int_eq(retryq_peek(q, &pt, &ps), 1);
	ck_assert_int_eq(pt, t_ms);
	ck_assert_uint_eq(ps, seq);
	retryq_pop(q, &e);
	ck_assert_int_eq(e.t_ms, t_ms);
	ck_assert_uint_eq(e.seq, seq);
	ck_assert_uint_eq(e.op.seq, seq);
	ck_assert_uint_eq(e.op.item, seq * 7);
	ck_assert_int_eq(e.st.retries, (int)(seq % 9));
	ck_assert_int_eq(e.st.waited_ms, t_ms / 2);
}

START_TEST(test_retryq_empty)
{
	struct pk_retryq q;
	int64_t t = -1;
	uint64_t s = 99;

	retryq_init(&q);
	ck_assert_uint_eq(retryq_len(&q), 0);
	/* peek on an empty queue says so and leaves the outputs alone */
	ck_assert_int_eq(retryq_peek(&q, &t, &s), 0);
	ck_assert_int_eq(t, -1);
	ck_assert_uint_eq(s, 99);
	/* push one, pop it: empty again */
	{
		struct pk_retry_entry e = entry(5, 1);

		retryq_push(&q, &e);
	}
	ck_assert_uint_eq(retryq_len(&q), 1);
	pop_expect(&q, 5, 1);
	ck_assert_uint_eq(retryq_len(&q), 0);
	ck_assert_int_eq(retryq_peek(&q, &t, &s), 0);
	retryq_free(&q);
	retryq_free(&q); /* freeing an empty queue twice is harmless */
}
END_TEST

START_TEST(test_retryq_order_by_time)
{
	struct pk_retryq q;
	/* queued out of order; they go out 100, 200, 300, 400, 500 ms */
	static const int64_t t[] = {300, 100, 500, 200, 400};
	size_t i;

	retryq_init(&q);
	for (i = 0; i < 5; i++) {
		struct pk_retry_entry e = entry(t[i], i);

		retryq_push(&q, &e);
	}
	ck_assert_uint_eq(retryq_len(&q), 5);
	pop_expect(&q, 100, 1);
	pop_expect(&q, 200, 3);
	pop_expect(&q, 300, 0);
	pop_expect(&q, 400, 4);
	pop_expect(&q, 500, 2);
	ck_assert_uint_eq(retryq_len(&q), 0);
	retryq_free(&q);
}
END_TEST

START_TEST(test_retryq_ties_by_place)
{
	struct pk_retryq q;
	/* all at 1,000 ms, queued in the order 4, 2, 9, 0, 7: they go out
	   0, 2, 4, 7, 9 (the stream's order), not the queueing order */
	static const uint64_t seq[] = {4, 2, 9, 0, 7};
	size_t i;

	retryq_init(&q);
	for (i = 0; i < 5; i++) {
		struct pk_retry_entry e = entry(1000, seq[i]);

		retryq_push(&q, &e);
	}
	/* and one earlier with a later place: time comes first */
	{
		struct pk_retry_entry e = entry(999, 100);

		retryq_push(&q, &e);
	}
	pop_expect(&q, 999, 100);
	pop_expect(&q, 1000, 0);
	pop_expect(&q, 1000, 2);
	pop_expect(&q, 1000, 4);
	pop_expect(&q, 1000, 7);
	pop_expect(&q, 1000, 9);
	retryq_free(&q);
}
END_TEST

/* retryq_push_at: room with (t_ms, seq) set, filled in place; in the run
   when not before the last queued, else in the heap's pool */
static void push_at(struct pk_retryq *q, int64_t t_ms, uint64_t seq)
{
	struct pk_retry_entry want = entry(t_ms, seq);
	struct pk_retry_entry *at = retryq_push_at(q, t_ms, seq);

	ck_assert_int_eq(at->t_ms, t_ms);
	ck_assert_uint_eq(at->seq, seq);
	at->op = want.op;
	at->st = want.st;
}

START_TEST(test_retryq_push_in_place)
{
	struct pk_retryq q;

	/* (10, 1) and (20, 2) start the run; (15, 3) comes before the
	   run's last (20, 2), so does (20, 1) (same time, earlier place):
	   both go to the heap; (30, 4) is after (20, 2): the run. Out by
	   (time, place): (10, 1), (15, 3), (20, 1), (20, 2), (30, 4), each
	   with the payload filled in place. */
	retryq_init(&q);
	push_at(&q, 10, 1);
	push_at(&q, 20, 2);
	push_at(&q, 15, 3);
	push_at(&q, 20, 1);
	push_at(&q, 30, 4);
	ck_assert_uint_eq(retryq_len(&q), 5);
	ck_assert_uint_eq(q.n_run, 3);
	ck_assert_uint_eq(q.n, 2);
	pop_expect(&q, 10, 1);
	pop_expect(&q, 15, 3);
	/* a slot freed by the pop is the next heap entry's room: (18, 9)
	   is before the run's last (30, 4) */
	push_at(&q, 18, 9);
	ck_assert_uint_eq(q.n, 2);
	ck_assert_uint_eq(q.n_slots, 2);
	pop_expect(&q, 18, 9);
	pop_expect(&q, 20, 1);
	pop_expect(&q, 20, 2);
	pop_expect(&q, 30, 4);
	ck_assert_uint_eq(retryq_len(&q), 0);
	retryq_free(&q);
}
END_TEST

/* The payload entry() gives (t_ms, seq), checked on a taken entry */
static void entry_expect(const struct pk_retry_entry *e, int64_t t_ms,
			 uint64_t seq)
{
	ck_assert_int_eq(e->t_ms, t_ms);
	ck_assert_uint_eq(e->seq, seq);
	ck_assert_uint_eq(e->op.seq, seq);
	ck_assert_uint_eq(e->op.item, seq * 7);
	ck_assert_int_eq(e->st.retries, (int)(seq % 9));
	ck_assert_int_eq(e->st.waited_ms, t_ms / 2);
}

START_TEST(test_retryq_take_in_place)
{
	struct pk_retryq q;
	struct pk_retry_entry buf;
	const struct pk_retry_entry *a, *b;
	uint64_t i;

	retryq_init(&q);
	/* (0, 0), (1, 1), (2, 2): the run's first block */
	for (i = 0; i < 3; i++) {
		push_at(&q, (int64_t)i, i);
	}
	/* the run's head with two more after it: where the queue keeps it */
	a = retryq_take(&q, &buf);
	ck_assert_ptr_ne(a, &buf);
	ck_assert_ptr_eq(a, &q.first->e[0]);
	entry_expect(a, 0, 0);
	/* RETRYQ_BLOCK pushes after it: 509 fill the first block (3 + 509
	   = 512), 3 start a second; none is written over a */
	for (i = 0; i < RETRYQ_BLOCK; i++) {
		push_at(&q, (int64_t)(100 + i), 100 + i);
	}
	ck_assert_uint_eq(q.n_blocks, 2);
	entry_expect(a, 0, 0);
	b = retryq_take(&q, &buf);
	ck_assert_ptr_eq(b, &q.first->e[1]);
	entry_expect(b, 1, 1);
	entry_expect(a, 0, 0); /* untouched by the take after it */
	/* the first block holds (0, 0) .. (2, 2) and (100, 100) ..
	   (608, 608); the second (609, 609) .. (611, 611). Entries 2 ..
	   510 of the first, each with more after it: (2, 2), then
	   (100, 100) .. (607, 607) */
	for (i = 2; i < RETRYQ_BLOCK - 1; i++) {
		int64_t t = i == 2 ? 2 : (int64_t)(100 + i - 3);

		b = retryq_take(&q, &buf);
		ck_assert_ptr_ne(b, &buf);
		entry_expect(b, t, (uint64_t)t);
	}
	/* the block's last entry, (608, 608): copied, the block recycled */
	b = retryq_take(&q, &buf);
	ck_assert_ptr_eq(b, &buf);
	entry_expect(b, 608, 608);
	/* one due before the run's last (611, 611) goes to the heap; with
	   the heap not empty a take copies, even when the run's head comes
	   out first: (609, 609), (610, 610), then the heap's (611, 5) */
	push_at(&q, 611, 5);
	ck_assert_uint_eq(q.n, 1);
	b = retryq_take(&q, &buf);
	ck_assert_ptr_eq(b, &buf);
	entry_expect(b, 609, 609);
	b = retryq_take(&q, &buf);
	ck_assert_ptr_eq(b, &buf);
	entry_expect(b, 610, 610);
	b = retryq_take(&q, &buf);
	ck_assert_ptr_eq(b, &buf);
	entry_expect(b, 611, 5);
	pop_expect(&q, 611, 611);
	ck_assert_uint_eq(retryq_len(&q), 0);
	retryq_free(&q);
}
END_TEST

START_TEST(test_retryq_interleaved_and_reused)
{
	struct pk_retryq q;
	size_t n_heap_slots;
	uint64_t i;

	retryq_init(&q);
	/* 1,000 entries at t = (i x 7919) mod 1,000 (7,919 is prime, so
	   every t in 0..999 appears once): they come out t = 0, 1, ..., 999,
	   the place of t being i with i x 7,919 = t (mod 1,000). Only those
	   not before the last one the run took go to the run (t = 0, 919,
	   ...), the rest to the heap, each to a slot of its own. */
	for (i = 0; i < 1000; i++) {
		struct pk_retry_entry e = entry((int64_t)(i * 7919 % 1000), i);

		retryq_push(&q, &e);
	}
	n_heap_slots = q.n_slots;
	ck_assert_uint_eq(q.n + q.n_run, 1000);
	ck_assert_uint_eq(n_heap_slots, q.n);
	/* pop half: t = 0 .. 499, from both halves */
	for (i = 0; i < 500; i++) {
		struct pk_retry_entry e;

		retryq_pop(&q, &e);
		ck_assert_int_eq(e.t_ms, (int64_t)i);
		ck_assert_uint_eq(e.seq * 7919 % 1000, i);
	}
	/* push 500 at t = 2,000 + i, after all the rest: in order, so the
	   run takes them and no slot is used */
	for (i = 0; i < 500; i++) {
		struct pk_retry_entry e = entry(2000 + (int64_t)i, 5000 + i);

		retryq_push(&q, &e);
	}
	ck_assert_uint_eq(q.n_slots, n_heap_slots);
	/* and 300 at t = 1,000 + (i x 7) mod 300, due before the run's last
	   (2,499): they go to the heap, into slots the pops freed (the first
	   500 out were more than 300 heap entries: the run held at most the
	   1,000 - n_heap_slots others) */
	ck_assert_uint_ge(500 - (1000 - n_heap_slots), 300);
	for (i = 0; i < 300; i++) {
		struct pk_retry_entry e =
		    entry(1000 + (int64_t)(i * 7 % 300), 9000 + i);

		retryq_push(&q, &e);
	}
	ck_assert_uint_eq(retryq_len(&q), 1300);
	ck_assert_uint_eq(q.n_slots, n_heap_slots);
	for (i = 500; i < 1000; i++) {
		struct pk_retry_entry e;

		retryq_pop(&q, &e);
		ck_assert_int_eq(e.t_ms, (int64_t)i);
	}
	/* t = 1,000 + j was pushed as i with i x 7 = j (mod 300) */
	for (i = 0; i < 300; i++) {
		struct pk_retry_entry e;

		retryq_pop(&q, &e);
		ck_assert_int_eq(e.t_ms, 1000 + (int64_t)i);
		ck_assert_uint_eq((e.seq - 9000) * 7 % 300, i);
	}
	for (i = 0; i < 500; i++) {
		pop_expect(&q, 2000 + (int64_t)i, 5000 + i);
	}
	ck_assert_uint_eq(retryq_len(&q), 0);
	retryq_free(&q);
}
END_TEST

/* The run in blocks: entries queued in order come out in that order,
   whole, across the blocks' ends (RETRYQ_BLOCK entries each), and a run
   that stays about as long reuses its blocks: with at most L entries
   queued the run spans at most L / RETRYQ_BLOCK + 2 blocks (a partly
   popped one at each end), and one emptied block is kept as the spare,
   so no more than that + 1 are ever allocated. */
START_TEST(test_retryq_run_blocks)
{
	struct pk_retryq q;
	const uint64_t live = 3 * RETRYQ_BLOCK + 17;
	uint64_t i, next_out = 0;

	retryq_init(&q);
	for (i = 0; i < live; i++) {
		struct pk_retry_entry e = entry((int64_t)(i / 10), i);

		retryq_push(&q, &e);
	}
	/* 10 entries a ms, pushed in order: all in the run, none in the heap */
	ck_assert_uint_eq(q.n_run, live);
	ck_assert_uint_eq(q.n, 0);
	/* 20 block lengths of one pop and one push each */
	for (; i < live + 20 * RETRYQ_BLOCK; i++) {
		struct pk_retry_entry e = entry((int64_t)(i / 10), i);

		pop_expect(&q, (int64_t)(next_out / 10), next_out);
		next_out++;
		retryq_push(&q, &e);
		ck_assert_uint_eq(retryq_len(&q), live);
	}
	ck_assert_uint_le(q.n_blocks, live / RETRYQ_BLOCK + 3);
	ck_assert_uint_eq(q.n_slots, 0);
	while (next_out < i) {
		pop_expect(&q, (int64_t)(next_out / 10), next_out);
		next_out++;
	}
	ck_assert_uint_eq(retryq_len(&q), 0);
	/* emptied: the last block stays to start the run again, besides
	   the spare at most */
	ck_assert_uint_le(q.n_blocks, 2);
	retryq_free(&q);
	ck_assert_uint_eq(q.n_blocks, 0);
}
END_TEST

/* The FIFO run and the heap together give one order: keys queued mostly
   in order (as 429 retries are: due at the next whole second, in the
   order they were refused), one in eight due earlier than the last one
   queued, popped in bursts between pushes. Each pop must give the
   smallest (t_ms, seq) still queued, found here by scanning a plain
   list of what was pushed and not yet popped: the definition of the
   order, not a second implementation of it. */
#define RUN_HEAP_KEYS 10000
START_TEST(test_retryq_run_and_heap_one_order)
{
	static int64_t shadow_t[RUN_HEAP_KEYS];
	static uint64_t shadow_s[RUN_HEAP_KEYS];
	struct pk_retryq q;
	uint64_t lcg = 12345, seq = 0;
	int64_t base = 1000;
	size_t n_shadow = 0, round, from_heap = 0;

	retryq_init(&q);
	for (round = 0; round < 200; round++) {
		size_t k, burst = round % 3 == 0 ? 80 : 20;

		for (k = 0; k < 50; k++) {
			struct pk_retry_entry e;
			int64_t t = base + 1000;

			lcg = lcg * 6364136223846793005ULL +
			      1442695040888963407ULL;
			if ((lcg >> 61) == 0) {
				t = base + (int64_t)((lcg >> 33) % 1000);
				from_heap++;
			}
			e = entry(t, ++seq);
			retryq_push(&q, &e);
			shadow_t[n_shadow] = t;
			shadow_s[n_shadow++] = seq;
		}
		for (k = 0; k < burst && n_shadow > 0; k++) {
			size_t j, m = 0;

			for (j = 1; j < n_shadow; j++) {
				if (shadow_t[j] < shadow_t[m] ||
				    (shadow_t[j] == shadow_t[m] &&
				     shadow_s[j] < shadow_s[m])) {
					m = j;
				}
			}
			pop_expect(&q, shadow_t[m], shadow_s[m]);
			shadow_t[m] = shadow_t[--n_shadow];
			shadow_s[m] = shadow_s[n_shadow];
		}
		ck_assert_uint_eq(retryq_len(&q), n_shadow);
		base += 1000;
	}
	/* the test did exercise both halves */
	ck_assert_uint_gt(from_heap, 100);
	retryq_free(&q);
}
END_TEST

START_TEST(test_retryq_empty_pop_aborts)
{
	struct pk_retryq q;
	struct pk_retry_entry e;

	/* popping an empty queue is a broken invariant of the caller:
	   PK_BUG, which aborts (SIGABRT), rather than reading slot 0 of no
	   heap */
	retryq_init(&q);
	retryq_pop(&q, &e);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("retryq");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_retryq_empty);
	tcase_add_test(tc, test_retryq_order_by_time);
	tcase_add_test(tc, test_retryq_ties_by_place);
	tcase_add_test(tc, test_retryq_push_in_place);
	tcase_add_test(tc, test_retryq_take_in_place);
	tcase_add_test(tc, test_retryq_interleaved_and_reused);
	tcase_add_test(tc, test_retryq_run_blocks);
	tcase_add_test(tc, test_retryq_run_and_heap_one_order);
	/* the abort needs Check's fork (CK_FORK=no, as under valgrind,
	   would take the whole runner down) */
	if (!getenv("CK_FORK") || strcmp(getenv("CK_FORK"), "no") != 0) {
		tcase_add_test_raise_signal(tc, test_retryq_empty_pop_aborts,
					    SIGABRT);
	}
	suite_add_tcase(s, tc);
	return s;
}
