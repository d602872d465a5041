/*
 * findings_ops (internal to findings): findings about the operations'
 * answers: failures after retries, refusals (400, 409, 413), reads
 * that found no item (404) and operations not sent (no target). Each returns
 * one sentence owned by the caller (free()), or NULL when there is nothing to
 * say.
 */
#ifndef PKSIM_FINDINGS_OPS_H
#define PKSIM_FINDINGS_OPS_H

#include "pksim/result/result.h"

/* Operations that ended in a 429 after the client's retries: their
   count and share of the operations (the application sees them). */
char *findings_failed(const struct pk_result_variant *v);

/* Requests refused with 400, 413 and 409, in one sentence, when any
   was; a table's BatchWriteItems naming one key twice say when sc's
   batches copy their first item's key values (`spanning` under 1). */
char *findings_refused(const struct pk_scenario *sc,
		       const struct pk_result_variant *v);

/* A DynamoDB table's global secondary index that throttled base
   writes (v's throttle reason i an IndexWrite one, with a count): how
   many, that they were not stored, and what helps (D17, reference §12,
   E5; on demand the table's peak lag, from r's scenario); NULL for
   another reason. */
char *findings_index_throttles(const struct pk_result *r,
			       const struct pk_result_variant *v, size_t i);

/* Of the 400s, the transactional batches refused whole because their
   items span logical partitions (reference §3), when any was. */
char *findings_batches_refused(const struct pk_result_variant *v);

/* Reads, replaces and deletes that found no item (404) although the
   workload had created it, and why. */
char *findings_not_found(const struct pk_result_variant *v);

/* Rule 28: the items carry a `ttl` property (a generator of r's
   scenario) while v's container has no default_ttl: the service ignores
   an item's ttl then, so nothing expired; how to turn it on. NULL when
   that is not the case, or v's service is not Azure Cosmos DB. */
char *findings_ttl_ignored(const struct pk_result *r,
			   const struct pk_result_variant *v);

/* Operations that arrived but were not sent (pk_totals.
   not_sent_no_target: a read, a rewriting upsert, replace, delete or
   conditional query with no written item to target), when any: how many,
   whose (per stream and kind with streams; else the kinds of r's phases
   that need a target) and why (targets.h: drawn among the items written
   in this container; preloaded items are never targets). */
char *findings_not_sent(const struct pk_result *r,
			const struct pk_result_variant *v);

#endif
