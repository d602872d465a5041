/*
 * client: queueing an operation the client will send again (client.h).
 */
#include "pksim/run/client.h"

#include <string.h>

#include "pksim/base/mem.h"

void client_retry_push(struct pk_retryq *q, const struct pk_op *op,
		       struct pk_retry_state st, int64_t t_ms, uint64_t **owned)
{
	struct pk_retry_entry e;

	e.t_ms = t_ms;
	e.seq = op->seq;
	e.op = *op;
	e.st = st;
	if (op->n_in > 0) {
		if (*owned) {
			e.op.in_items = *owned;
			*owned = NULL;
		} else {
			uint64_t *copy =
			    xreallocarray(NULL, op->n_in, sizeof(*copy));

			memcpy(copy, op->in_items, op->n_in * sizeof(*copy));
			e.op.in_items = copy;
		}
	}
	retryq_push(q, &e);
}
