/*
 * sim_ahead: the operation stream read a few operations ahead of the
 * simulation, so the memory each will touch is on its way before it is
 * needed (pk_service_ops.prefetch). Azure Cosmos DB finds a generated
 * key's logical partition through a per-value cache and then the pool:
 * two dependent loads from tables of a million entries, which miss the
 * caches and without prefetch are about half of the run's time. The
 * window is refilled PK_SIM_AHEAD_CHUNK operations at a time, once a
 * chunk's room is free: each operation read asks for its first load at
 * once (stage 1) and, two refills later, for the second (stage 2), so
 * both overlap the work of the operations before it. One call per
 * variant and refill asks for everything of that refill (arrays of
 * items), and between refills sim_ahead_next (inline, sim_int.h) only
 * hands out the next operation: an indirect call per operation cost
 * more than the prefetch it made.
 *
 * Reading ahead changes nothing the run computes: the workload draws its
 * operations independently of what the containers do, and the operations
 * come out in the order they were made. An operation whose target is
 * drawn at its send (targets.h: pk_op.item is PK_ITEM_NONE until then)
 * has its target guessed as it is read (targets_guess, a hint that
 * draws nothing of the variant's: guess_rank) and asks for the draw
 * set's entry, then one refill later the service's stage 1 for the item
 * the guess names and one more later its stage 2. The one borrowed
 * field, an IN list (pk_op.in_items, valid until the next workload_next), is
 * kept valid by reading nothing past an operation that has one until it has
 * been handed out. A stopped run discards what was read ahead; a stopped run
 * has no report (sim_run_opts). When no variant's service prefetches (Azure
 * Cosmos DB: data files, keys of several properties) the window is one
 * operation.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pksim/workload/targets.h"
#include "pksim/workload/workload.h"

#include "sim_int.h"

/* Stage 1 of an operation whose target is drawn at the send: guess
   the target's rank in each variant (targets_guess) and ask for the
   live entry it names. */
static void guess_rank(const struct pk_run *run, const struct pk_op *op,
		       uint64_t joining, uint64_t *guess)
{
	size_t i;

	for (i = 0; i < PK_SIM_AHEAD_GUESS; i++) {
		const uint32_t *at;

		guess[i] = PK_ITEM_NONE;
		if (i >= run->n_variants || !run->variants[i].ahead) {
			continue;
		}
		guess[i] = targets_guess(run->variants[i].targets, op, joining);
		if (guess[i] != PK_ITEM_NONE &&
		    (at = targets_guess_at(run->variants[i].targets,
					   guess[i])) != NULL) {
			__builtin_prefetch(at);
		}
	}
}

/* The item op's request will name, or PK_ITEM_NONE: a query's, a
   batch's and a target not drawn yet ask nothing ahead. */
static inline uint64_t ahead_item(const struct pk_op *op)
{
	if (op->kind == PK_OP_QUERY || op->kind == PK_OP_BATCH) {
		return PK_ITEM_NONE;
	}
	return op->item;
}

/* Items op's create, batch or new item's upsert will add to the draw
   sets (when stored). */
static uint64_t op_joins(const struct pk_op *op)
{
	return op->kind == PK_OP_CREATE ? 1
	       : op->kind == PK_OP_BATCH
		   ? op->batch_n
		   : (op->kind == PK_OP_UPSERT && op->item != PK_ITEM_NONE);
}

/* The ring place of the operation k places from the head. */
static inline size_t place(const struct pk_sim_ahead *a, size_t k)
{
	return (a->head + k) % PK_SIM_AHEAD;
}

/* The item variant i (v) guessed for the operation k places from the
   head, or PK_ITEM_NONE: its target is drawn already, the variant
   guesses nothing, or the guessed entry is gone. */
static inline uint64_t guessed(const struct pk_sim_ahead *a,
			       const struct pk_variant *v, size_t i, size_t k)
{
	size_t at = place(a, k);
	const uint32_t *e;

	if (a->ring[at].item != PK_ITEM_NONE || i >= PK_SIM_AHEAD_GUESS ||
	    a->guess[at][i] == PK_ITEM_NONE ||
	    (e = targets_guess_at(v->targets, a->guess[at][i])) == NULL) {
		return PK_ITEM_NONE;
	}
	return *e;
}

void sim_ahead_init(struct pk_sim_ahead *a, const struct pk_run *run)
{
	size_t i;

	a->head = 0;
	a->n = 0;
	a->more = 1;
	a->depth = 1;
	a->refill_at = 0;
	a->guessing = 0;
	for (i = 0; i < run->n_variants; i++) {
		struct pk_variant *v = &run->variants[i];

		/* the group's own workload (compare's threads each have a
		   copy) */
		v->ahead = v->svc->ops->bind(v->svc, run->workload);
		if (v->ahead) {
			a->depth = PK_SIM_AHEAD;
			a->guessing |= i < PK_SIM_AHEAD_GUESS && v->targets;
		}
	}
	if (a->depth > 1) {
		a->refill_at = PK_SIM_AHEAD - PK_SIM_AHEAD_CHUNK;
	}
}

/* 1 when the next operation may be read: the stream goes on, the
   window has room and the last one read (the ring's tail) has no IN
   list, which the next workload_next would end. */
static inline int may_read(const struct pk_sim_ahead *a)
{
	return a->more && a->n < a->depth &&
	       (a->n == 0 || a->ring[place(a, a->n - 1)].n_in == 0);
}

/* What the operations lo .. hi - 1 places from the head ask for in
   variant i (v): their guessed targets' items appended to x (*n
   entries). */
static void add_guessed(const struct pk_sim_ahead *a,
			const struct pk_variant *v, size_t i, size_t lo,
			size_t hi, uint64_t *x, size_t *n)
{
	uint64_t g;

	for (; lo < hi; lo++) {
		if ((g = guessed(a, v, i, lo)) != PK_ITEM_NONE) {
			x[(*n)++] = g;
		}
	}
}

/*
 * One refill of the window (may_read(a) holds): read up to
 * PK_SIM_AHEAD_CHUNK operations (depth 1: one), stopping after one with
 * an IN list, then ask each variant whose service prefetches, in one
 * call, for
 * - stage 1 of the items of those just read;
 * - with guesses, stage 1 of the items guessed for the chunk read one
 *   refill before (their draw set entries asked for then have come);
 * - stage 2 of the items of the chunk read two refills before, and of
 *   their guessed items (their stage 1 asked for a refill ago).
 * guessing is a->guessing, a constant at each call so that the path
 * without guesses is compiled without them.
 */
static inline void refill(struct pk_sim_ahead *a, const struct pk_run *run,
			  const int guessing)
{
	uint64_t slot[PK_SIM_AHEAD_CHUNK], part[PK_SIM_AHEAD_CHUNK], x;
	const size_t head = a->head, n0 = a->n;
	const size_t end = n0 + PK_SIM_AHEAD_CHUNK < a->depth
			       ? n0 + PK_SIM_AHEAD_CHUNK
			       : a->depth;
	size_t mid = n0 > PK_SIM_AHEAD_CHUNK ? n0 - PK_SIM_AHEAD_CHUNK : 0;
	size_t lo =
	    n0 > 2 * PK_SIM_AHEAD_CHUNK ? n0 - 2 * PK_SIM_AHEAD_CHUNK : 0;
	size_t n = n0, n_slot = 0, n_part = 0, k, i;
	uint64_t joining = 0;

	for (k = lo; k < mid; k++) {
		if ((x = ahead_item(&a->ring[(head + k) % PK_SIM_AHEAD])) !=
		    PK_ITEM_NONE) {
			part[n_part++] = x;
		}
	}
	/* a guess counts the items the creates before it in the window
	   will add */
	for (k = 0; guessing && k < n0; k++) {
		joining += op_joins(&a->ring[(head + k) % PK_SIM_AHEAD]);
	}
	while (n < end) {
		struct pk_op *op = &a->ring[(head + n) % PK_SIM_AHEAD];

		if (!workload_next(run->workload, op)) {
			a->more = 0;
			break;
		}
		if (guessing) {
			if (op->item == PK_ITEM_NONE) {
				guess_rank(run, op, joining,
					   a->guess[(head + n) % PK_SIM_AHEAD]);
			}
			joining += op_joins(op);
		}
		n++;
		if ((x = ahead_item(op)) != PK_ITEM_NONE) {
			slot[n_slot++] = x;
		}
		if (op->n_in > 0) {
			break; /* its IN list lives until the next read */
		}
	}
	a->n = n;
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_variant *v = &run->variants[i];
		uint64_t gs[2 * PK_SIM_AHEAD_CHUNK], gp[2 * PK_SIM_AHEAD_CHUNK];
		size_t n_gs = n_slot, n_gp = n_part;

		if (!v->ahead) {
			continue;
		}
		if (!guessing || i >= PK_SIM_AHEAD_GUESS || !v->targets) {
			if (n_slot > 0 || n_part > 0) {
				v->svc->ops->prefetch(v->svc, slot, n_slot,
						      part, n_part);
			}
			continue;
		}
		memcpy(gs, slot, n_slot * sizeof(*slot));
		memcpy(gp, part, n_part * sizeof(*part));
		add_guessed(a, v, i, mid, n0, gs, &n_gs);
		add_guessed(a, v, i, lo, mid, gp, &n_gp);
		if (n_gs > 0 || n_gp > 0) {
			v->svc->ops->prefetch(v->svc, gs, n_gs, gp, n_gp);
		}
	}
}

const struct pk_op *sim_ahead_read(struct pk_sim_ahead *a,
				   const struct pk_run *run)
{
	const struct pk_op *op;

	/* a chunk at a time, once a chunk's room is free */
	while (a->n <= a->refill_at && may_read(a)) {
		if (a->guessing) {
			refill(a, run, 1);
		} else {
			refill(a, run, 0);
		}
	}
	if (a->n == 0) {
		return NULL;
	}
	/* handed out where it lies, not copied: the next call is the
	   first that may write its place again */
	op = &a->ring[a->head];
	a->head = (a->head + 1) % PK_SIM_AHEAD;
	a->n--;
	return op;
}
