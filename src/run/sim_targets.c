/*
 * sim_targets: the run's side of targets drawn at the send (targets.h):
 * a stored create's items join the variant's draw set (an item a new
 * item's write replaced under the service's identity leaves it:
 * pk_outcome.replaced, replaced_items), and an operation
 * with nothing to target is counted as not sent; a batch answered with
 * some items unprocessed keeps the rest to send again, a BatchGetItem its
 * keys not read. sim.c draws the target
 * itself (targets_pick) at an operation's first send: at its arrival
 * when it goes at once, or when its client's pacing lets it go.
 */
#include "pksim/workload/targets.h"

#include <string.h>

#include "sim_int.h"

/* The items out's writes took the places of leave v's draw set */
static void replaced(struct pk_variant *v, const struct pk_outcome *out)
{
	uint32_t k;

	if (out->replaced) {
		targets_replaced(v->targets, out->replaced - 1);
	}
	for (k = 0; k < out->n_replaced_items; k++) {
		targets_replaced(v->targets, out->replaced_items[k]);
	}
}

void sim_written(struct pk_variant *v, const struct pk_op *op,
		 const struct pk_outcome *out)
{
	uint32_t k, n = op->kind == PK_OP_BATCH ? op->batch_n : 1;

	replaced(v, out);
	for (k = 0; k < n; k++) {
		targets_written(v->targets, op->item + k);
	}
}

const struct pk_op *sim_unprocessed(struct pk_variant *v,
				    const struct pk_op *op,
				    const struct pk_outcome *out,
				    struct pk_op *rest)
{
	uint32_t k, j = 0;

	*rest = *op;
	if (v->targets) {
		replaced(v, out);
	}
	for (k = 0; k < op->batch_n && k < 32; k++) {
		if (sim_batch_item_done(op, k)) {
			continue;
		}
		if (!(out->unprocessed >> j++ & 1)) {
			rest->batch_done |= UINT32_C(1) << k;
			if (v->targets) {
				targets_written(v->targets, op->item + k);
			}
		}
	}
	return rest;
}

const struct pk_op *sim_unread(const struct pk_op *op,
			       const struct pk_outcome *out, uint64_t *owned,
			       struct pk_op *rest)
{
	*rest = *op;
	if (owned) {
		/* op's own list: the unread keys, a part of it in its
		   order, take its place (the retry queue takes it over) */
		memmove(owned, out->unread_items,
			out->n_unread * sizeof(*owned));
		rest->in_items = owned;
	} else {
		rest->in_items = out->unread_items;
	}
	rest->n_in = out->n_unread;
	rest->item = rest->in_items[0];
	return rest;
}

void sim_not_sent(struct pk_variant *v, const struct pk_op *op)
{
	service_client(v->svc, PK_CLIENT_NOT_SENT, 1);
	v->not_sent_kind[op->kind]++;
	v->not_sent_emptied += targets_any_written(v->targets);
	if (v->sstats) {
		v->sstats[(size_t)op->stream * PK_STREAM_KINDS +
			  (size_t)op->kind]
		    .not_sent++;
	}
}

void sim_unqueue_not_sent(struct pk_variant *v, const struct pk_op *op)
{
	service_client(v->svc, PK_CLIENT_ARRIVED, -1);
	if (v->sstats) {
		v->sstats[(size_t)op->stream * PK_STREAM_KINDS +
			  (size_t)op->kind]
		    .operations--;
	}
	sim_not_sent(v, op);
}
