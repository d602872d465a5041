/*
 * targets: which item a read, upsert, replace, delete or conditional
 * query names, drawn when the operation is first SENT, per container
 * variant, among the items that variant has WRITTEN.
 *
 * The workload (workload.h) makes operations as they arrive; an
 * operation that names an existing item arrives with pk_op.item =
 * PK_ITEM_NONE and no IN list. The run keeps one pk_targets per variant
 * and, at the operation's first send in that variant, asks it for the
 * target (targets_pick): an application reads, upserts, replaces and
 * deletes ids it has written, and with a paced client (client.ru_budget,
 * client.concurrency) or 429 retries a create may wait in the client long
 * after it arrived, so the items offered so far are not the items
 * written. A retry keeps the target its first send drew (the application
 * retries the same id).
 *
 * The draw set: the items whose create (a CREATE, an UPSERT of a new item
 * (phase upsert_new) or made a CREATE, or a BATCH) this variant has stored
 * (201, or 200 for a new item's upsert that replaced the item holding its
 * (key, id); targets_written), ranked in creation order (item number),
 * less those a delete already sent in this variant targeted (removed at
 * its send, so no second delete picks it while it waits for an answer;
 * back in the set when the delete finally fails: targets_kept) and
 * those a new item's write replaced under the service's identity (a
 * container's upsert of a held (key, id); a table's put of a held primary
 * key: pk_outcome.replaced; targets_replaced). An item time to
 * live deleted stays in the set: the application does not know, and its read is
 * a 404 from the service. Items of `preload:` are not in it (never targeted, as
 * before). The phase's `select` spec ranks the set as workload_items.c
 * describes for the live set (uniform, zipfian, latest, hotspot, sequential,
 * weighted), each variant with its own distribution state per phase.
 *
 * Randomness: one generator per stream, seeded from the run's seed (not
 * the workload's generator, whose stream stays the same in every
 * variant), consumed in the variant's send order. Same seed, same
 * draws; compare --jobs N equals --jobs 1 (each variant has its own).
 *
 * Memory: 8 bytes per item up to the newest one written (its place in the
 * dense set and the set's entry), 4 more when some phase selects by rank
 * (a Fenwick tree over written flags), grown as items are written; no
 * allocation per operation (an IN list reuses one buffer).
 */
#ifndef PKSIM_WORKLOAD_TARGETS_H
#define PKSIM_WORKLOAD_TARGETS_H

#include <stdint.h>

#include "pksim/workload/workload.h"

struct pk_targets;

/*
 * A new, empty draw set for one variant of a run over workload w
 * (borrowed: it must outlive the set), its generators seeded from seed
 * (the run's). NULL when no operation of w ever needs a target (no phase
 * mixes reads, upserts, replaces, deletes or queries with conditions;
 * items from a data file or a monitor log): such a run pays nothing.
 */
struct pk_targets *targets_new(const struct pk_workload *w, uint64_t seed);

/* Free t; NULL is allowed. */
void targets_free(struct pk_targets *t);

/* 1 when op (as workload_next made it) needs a target drawn at its first
   send: a READ, UPSERT that rewrites a stored item (item PK_ITEM_NONE),
   REPLACE, DELETE or BATCH_GET, or a QUERY with conditions; else 0
   (CREATE, an
   UPSERT of a new item, BATCH, a full-scan QUERY, CHARGE). */
int targets_needed(const struct pk_workload *w, const struct pk_op *op);

/*
 * Draw op's target among t's written items (op needs one:
 * targets_needed): op->item, and for a query with an IN of K values
 * op->n_in = K and op->in_items (t's buffer, valid until the next
 * targets_pick on t; a caller that keeps op longer, as a queued retry
 * does, copies it). The K values: item, then K - 1 more by the same
 * select, distinct while at least K items are written (up to
 * PK_WL_IN_MAX_DRAWS tries a slot), as workload_stream.c says. A
 * BATCH_GET's keys likewise: its phase's batch_get_size drawn so, a
 * repeat left out, in op->n_in (1 .. batch_get_size) and op->in_items
 * (in_items[0] == item). A DELETE's target leaves the set. Returns 1, or 0 when
 * t holds no item (op untouched: the run does not send it and counts it as not
 * sent, "no item written yet").
 */
int targets_pick(struct pk_targets *t, struct pk_op *op);

/* Item `item` was stored by its create (201) in t's variant: it joins
   the draw set at its creation-order rank. Idempotent; an item a sent
   delete removed does not come back. */
void targets_written(struct pk_targets *t, uint64_t item);

/* The delete that targets_pick drew `item` for finally failed (its 429
   or 410 retries given up, or another refusal than a 404): the item is
   still stored, so it joins t's draw set again at its creation-order
   rank, unless a new item's write replaced it since (targets_replaced).
   NULL t is allowed. */
void targets_kept(struct pk_targets *t, uint64_t item);

/* Item `item` no longer holds its (key, id) (a table: its primary key):
   a new item's write under the same identity replaced it
   (pk_outcome.replaced, replaced_items). It leaves t's
   draw set for good, as a deleted item does (the new item joins by
   targets_written). NULL t is allowed. */
void targets_replaced(struct pk_targets *t, uint64_t item);

/*
 * A prefetch hint, never an answer (sim_ahead.c): the rank among t's live
 * entries that the next targets_pick on t not yet guessed is likely to
 * draw for op, when t's phase selects uniformly with one stream, else
 * PK_ITEM_NONE, over the set with `joining` more items (the creates
 * between now and op's send). Guesses are made in stream order, ahead of
 * the picks; one holds when exactly `joining` items join the set and none
 * leaves before the pick (a rank past today's set names no entry yet:
 * targets_guess_at). It consumes no draw of t's:
 * picks, and so every output, are the same with or without guesses.
 */
uint64_t targets_guess(struct pk_targets *t, const struct pk_op *op,
		       uint64_t joining);

/* Where the live entry of rank (a targets_guess) lies now, to prefetch or
   read; NULL when rank is past the set. */
const uint32_t *targets_guess_at(const struct pk_targets *t, uint64_t rank);

/* 1 when some item was ever written in t's variant (targets_written),
   whether or not it is still in the draw set; 0 for NULL t. */
int targets_any_written(const struct pk_targets *t);

/* Items in t's draw set now. */
uint64_t targets_count(const struct pk_targets *t);

#endif
