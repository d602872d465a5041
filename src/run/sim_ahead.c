/*
 * sim_ahead: the operation stream read a few operations ahead of the
 * simulation, so the memory each will touch is on its way before it is
 * needed. A generated key's logical partition is found through
 * the variant's per-value cache (pk_variant.lp_cache) and then the pool:
 * two dependent loads from tables of a million entries, which miss the
 * caches and without prefetch are about half of the run's time. Each operation
 * read asks for its cache slot at once (stage 1) and, half the window later,
 * for the logical partition the slot names (stage 2), so both loads overlap the
 * work of the operations before it.
 *
 * Reading ahead changes nothing the run computes: the workload draws its
 * operations independently of what the containers do, and the operations
 * come out in the order they were made. An operation whose target is
 * drawn at its send (targets.h: pk_op.item is PK_ITEM_NONE until then)
 * has its target guessed (targets_guess, a hint that draws nothing of
 * the variant's: guess_rank) and asks for the draw set's entry, the
 * cache slot and the logical partition the guess names, in three
 * stages. The one borrowed field, an IN list (pk_op.in_items, valid
 * until the next workload_next), is kept valid by reading nothing past
 * an operation that has one until it has been handed out. A stopped
 * run discards what was read ahead; a stopped run has no report
 * (sim_run_opts). With no per-value cache (data files,
 * keys of several properties) the window is one operation.
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
		if (i >= run->n_variants || !run->variants[i].lp_cache) {
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
   come; ask for the item's cache slot (lp 0), or, the slot having come,
   for the logical partition it names (lp 1). */
static void guess_ahead(const struct pk_run *run, const uint64_t *guess, int lp)
{
	size_t i;

	for (i = 0; i < PK_SIM_AHEAD_GUESS && i < run->n_variants; i++) {
		const struct pk_variant *v = &run->variants[i];
		const uint32_t *at;
		const uint32_t *slot;

		if (guess[i] == PK_ITEM_NONE ||
		    (at = targets_guess_at(v->targets, guess[i])) == NULL) {
			continue;
		}
		slot = sim_lp_slot(run, v, *at);
		if (!lp) {
			__builtin_prefetch(slot);
		} else if (*slot) {
			__builtin_prefetch(container_lp(v->container, *slot),
					   1);
		}
	}
}

/* Stage 1: ask for op's cache slot in each variant. */
static inline void ahead_slot(const struct pk_run *run, const struct pk_op *op)
{
	size_t i;

	if (op->kind == PK_OP_QUERY || op->kind == PK_OP_BATCH ||
	    op->item == PK_ITEM_NONE) {
		return;
	}
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_variant *v = &run->variants[i];

		if (v->lp_cache) {
			__builtin_prefetch(sim_lp_slot(run, v, op->item));
		}
	}
}

/* Stage 2: the slot has come; ask for the logical partition it names
   (64 bytes, one cache line). An empty slot (a value not seen yet, or
   one an operation still in the window will add) asks nothing. */
static inline void ahead_lp(const struct pk_run *run, const struct pk_op *op)
{
	size_t i;

	if (op->kind == PK_OP_QUERY || op->kind == PK_OP_BATCH ||
	    op->item == PK_ITEM_NONE) {
		return;
	}
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_variant *v = &run->variants[i];
		uint32_t lp;

		if (!v->lp_cache) {
			continue;
		}
		lp = *sim_lp_slot(run, v, op->item);
		if (lp) {
			__builtin_prefetch(container_lp(v->container, lp), 1);
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

		if (v->lp_cache) {
			a->depth = PK_SIM_AHEAD;
			a->guessing |= i < PK_SIM_AHEAD_GUESS && v->targets;
			/* the view of the group's own workload (compare's
			   threads each have a copy) */
			v->lp_cache_view = workload_value_index_view(
			    run->workload, v->lp_cache_prop, &v->lp_cache_idx);
		}
	}
}

/* sim_ahead_next with targets guessed (a->guessing): each operation whose
   target is drawn at the send has it guessed as it is read (guess_rank),
   its cache slot asked for half the window later and its logical
   partition a quarter of the window before it is handed out. */
static const struct pk_op *ahead_next_guess(struct pk_sim_ahead *a,
					    const struct pk_run *run)
{
	const struct pk_op *op;
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
		ahead_slot(run, x);
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
		ahead_lp(run, &a->ring[at]);
		if (a->ring[at].item == PK_ITEM_NONE) {
			guess_ahead(run, a->guess[at], 0);
		}
	}
	at = (a->head + PK_SIM_AHEAD / 4) % PK_SIM_AHEAD;
	if (a->n > PK_SIM_AHEAD / 4 && a->ring[at].item == PK_ITEM_NONE) {
		guess_ahead(run, a->guess[at], 1);
	}
	return op;
}

const struct pk_op *sim_ahead_next(struct pk_sim_ahead *a,
				   const struct pk_run *run)
{
	const struct pk_op *op;

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
		if (a->depth > 1) {
			ahead_slot(run, x);
		}
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
	if (a->n > PK_SIM_AHEAD / 2) {
		ahead_lp(run,
			 &a->ring[(a->head + PK_SIM_AHEAD / 2) % PK_SIM_AHEAD]);
	}
	return op;
}
