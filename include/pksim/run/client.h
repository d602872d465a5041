/*
 * client: what the SDK client does with an answer it must retry -- when it
 * sends the operation again and what it keeps meanwhile. The simulator's
 * clock (sim.c) sends and counts; the client decides and queues.
 *
 * A queued operation owns its IN list (retryq.h): the workload's list is
 * only valid until its next operation, while a retry may be sent seconds
 * later.
 */
#ifndef PKSIM_CLIENT_H
#define PKSIM_CLIENT_H

#include <stdint.h>

#include "pksim/model/throttle.h"
#include "pksim/run/retryq.h"
#include "pksim/workload/workload.h"

/*
 * Queue op to be sent again at t_ms (ms since t = 0) in retry state st.
 * owned: *owned is op's IN list when op already owns it (a retry retried
 * again); it moves into the queue and *owned becomes NULL. Otherwise (NULL)
 * the workload's list is copied (op->n_in values, 8 bytes each). An op
 * without an IN list queues as it is.
 */
void client_retry_push(struct pk_retryq *q, const struct pk_op *op,
		       struct pk_retry_state st, int64_t t_ms,
		       uint64_t **owned);

#endif
