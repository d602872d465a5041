/*
 * sim_ahead: the operation stream read a few operations ahead of the
 * simulation, so the memory each will touch is on its way before it is
 * needed (pk_service_ops.prefetch). Azure Cosmos DB finds a generated
 * key's logical partition through a per-value cache and then the pool:
 * two dependent loads from tables of a million entries, which miss the
 * caches and without prefetch are about half of the run's time. Each
 * operation read asks for its first load at once (stage 1) and, half the
 * window later, for the second (stage 2), so both overlap the work of
 * the operations before it; one call per variant asks for both.
 *
 * Reading ahead changes nothing the run computes: the workload draws its
 * operations independently of what the containers do, and the operations
 * come out in the order they were made. An operation whose target is
 * drawn at its send (targets.h: pk_op.item is PK_ITEM_NONE until then)
 * has its target guessed (targets_guess, a hint that draws nothing of
 * the variant's: guess_rank) and asks for the draw set's entry, then
 * the service's two stages for the item the guess names. The one borrowed
 * field, an IN list (pk_op.in_items, valid until the next workload_next), is
 * kept valid by reading nothing past an operation that has one until it has
 * been handed out. A stopped run discards what was read ahead; a stopped run
 * has no report (sim_run_opts). When no variant's service prefetches (Azure
 * Cosmos DB: data files, keys of several properties) the window is one
 * operation.
 */
#include <stddef.h>

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

/* Later stages of a guessed target in variant i: the live entry has
   come; ask for the service's stage 1 of the item (stage2 0), or, that
   having come, its stage 2 (stage2 1). */
static void guess_ahead(const struct pk_run *run, const uint64_t *guess,
			int stage2)
{
	size_t i;

	for (i = 0; i < PK_SIM_AHEAD_GUESS && i < run->n_variants; i++) {
		const struct pk_variant *v = &run->variants[i];
		const uint32_t *at;

		if (guess[i] == PK_ITEM_NONE ||
		    (at = targets_guess_at(v->targets, guess[i])) == NULL) {
			continue;
		}
		v->svc->ops->prefetch(v->svc, stage2 ? PK_ITEM_NONE : *at,
				      stage2 ? *at : PK_ITEM_NONE);
	}
}

/* The item op's request will name, or PK_ITEM_NONE: a query's, a
   batch's and a target not drawn yet ask nothing ahead. */
static inline uint64_t ahead_item(const struct pk_op *op)
{
	if (!op || op->kind == PK_OP_QUERY || op->kind == PK_OP_BATCH) {
		return PK_ITEM_NONE;
	}
	return op->item;
}

/* Stage 1 of op1 (just read) and stage 2 of op2 (half the window on;
   either may be NULL) in each variant whose service prefetches. */
static inline void ahead(const struct pk_run *run, const struct pk_op *op1,
			 const struct pk_op *op2)
{
	uint64_t slot = ahead_item(op1), part = ahead_item(op2);
	size_t i;

	if (slot == PK_ITEM_NONE && part == PK_ITEM_NONE) {
		return;
	}
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_variant *v = &run->variants[i];

		if (v->ahead) {
			v->svc->ops->prefetch(v->svc, slot, part);
		}
	}
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

void sim_ahead_init(struct pk_sim_ahead *a, const struct pk_run *run)
{
	size_t i;

	a->head = 0;
	a->n = 0;
	a->more = 1;
	a->depth = 1;
	a->joining = 0;
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
}

/* sim_ahead_next with targets guessed (a->guessing): each operation whose
   target is drawn at the send has it guessed as it is read (guess_rank),
   the service's stage 1 for it asked for half the window later and its
   stage 2 a quarter of the window before it is handed out. */
static const struct pk_op *ahead_next_guess(struct pk_sim_ahead *a,
					    const struct pk_run *run)
{
	const struct pk_op *op, *read = NULL, *mid = NULL;
	size_t at;

	while (a->more && a->n < a->depth &&
	       (a->n == 0 ||
		a->ring[(a->head + a->n - 1) % PK_SIM_AHEAD].n_in == 0)) {
		struct pk_op *x = &a->ring[(a->head + a->n) % PK_SIM_AHEAD];

		if (!workload_next(run->workload, x)) {
			a->more = 0;
			break;
		}
		if (x->item == PK_ITEM_NONE) {
			guess_rank(run, x, a->joining,
				   a->guess[(a->head + a->n) % PK_SIM_AHEAD]);
		}
		a->joining += op_joins(x);
		if (read) {
			ahead(run, read, NULL);
		}
		read = x;
		a->n++;
	}
	if (a->n == 0) {
		return NULL;
	}
	/* handed out where it lies, not copied: the next call is the
	   first that may write its place again */
	op = &a->ring[a->head];
	a->joining -= op_joins(op);
	a->head = (a->head + 1) % PK_SIM_AHEAD;
	a->n--;
	if (a->n > PK_SIM_AHEAD / 2) {
		at = (a->head + PK_SIM_AHEAD / 2) % PK_SIM_AHEAD;
		mid = &a->ring[at];
		if (a->ring[at].item == PK_ITEM_NONE) {
			guess_ahead(run, a->guess[at], 0);
		}
	}
	ahead(run, read, mid);
	at = (a->head + PK_SIM_AHEAD / 4) % PK_SIM_AHEAD;
	if (a->n > PK_SIM_AHEAD / 4 && a->ring[at].item == PK_ITEM_NONE) {
		guess_ahead(run, a->guess[at], 1);
	}
	return op;
}

const struct pk_op *sim_ahead_next(struct pk_sim_ahead *a,
				   const struct pk_run *run)
{
	const struct pk_op *op, *read = NULL, *mid = NULL;

	if (a->guessing) {
		return ahead_next_guess(a, run);
	}
	while (a->more && a->n < a->depth &&
	       (a->n == 0 ||
		a->ring[(a->head + a->n - 1) % PK_SIM_AHEAD].n_in == 0)) {
		struct pk_op *x = &a->ring[(a->head + a->n) % PK_SIM_AHEAD];

		if (!workload_next(run->workload, x)) {
			a->more = 0;
			break;
		}
		if (read) {
			ahead(run, read, NULL);
		}
		read = x;
		a->n++;
	}
	if (a->n == 0) {
		return NULL;
	}
	/* handed out where it lies, not copied: the next call is the
	   first that may write its place again */
	op = &a->ring[a->head];
	a->head = (a->head + 1) % PK_SIM_AHEAD;
	a->n--;
	if (a->depth == 1) {
		return op;
	}
	if (a->n > PK_SIM_AHEAD / 2) {
		mid = &a->ring[(a->head + PK_SIM_AHEAD / 2) % PK_SIM_AHEAD];
	}
	ahead(run, read, mid);
	return op;
}
