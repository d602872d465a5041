/*
 * ddb_service: Amazon DynamoDB behind the service interface (service.h):
 * one provisioned or on-demand table (ddb_ondemand.h) whose partitions
 * (ddb_layout.h) hold slices of a 64-bit hash of the partition key value, each
 * with per-second read and write buckets (ddb_admit.h), capacity units per
 * request by ddb_units.h, storage splits at 10 GiB. docs/dynamodb.md says what
 * each operation of a scenario is in DynamoDB's terms.
 *
 * The neutral metrics and snapshot carry capacity units where Azure
 * Cosmos DB's carry RU: a second's and a partition's "RU" are its read
 * plus write units (mCU), its "RU/s" its read plus write share, and a
 * partition's normalized consumption the busier of its two buckets
 * against its share (consumed / share, at most 1).
 */
#ifndef PKSIM_DDB_SERVICE_H
#define PKSIM_DDB_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/service/dynamodb/ddb_admit.h"
#include "pksim/service/service.h"

/*
 * The service for spec (pk_service_new_fn; the table is
 * scenario_variant_table of the scenario and variant, scenario.h). Returns it
 * (free with service_free), or NULL with the error in diag at the scenario's
 * place when the scenario asks for what this replay does not model: queries, a
 * monitor log or a preload.
 */
struct pk_service *ddb_service_new(const struct pk_service_spec *spec,
				   struct pk_diag *diag);

/*
 * Requests s (a ddb_service_new service) throttled on the table's write
 * (write 1) or read (0) side for reason why (D14: Table<Write|Read>
 * followed by ddb_verdict_name(why)), over the run so far; 0 for
 * PK_DDB_ADMITTED and for a reason the table's mode never gives
 * (Provisioned on demand; AccountLimit, MaxOnDemand provisioned).
 */
uint64_t ddb_service_throttles(const struct pk_service *s, int write,
			       enum pk_ddb_verdict why);

/*
 * The 64-bit placement hash of a key value's identity bytes (id, len):
 * FNV-1a 64 (offset basis 14695981039346656037, prime 1099511628211)
 * then splitmix64's finaliser, so slices of the hash space hold even
 * shares of many key values. ASSUMPTION: DynamoDB's hash is not
 * published; only counts and shares can match AWS, never which key
 * lands where.
 */
uint64_t ddb_key_hash(const unsigned char *id, size_t len);

/*
 * The write units s's global secondary indexes admitted over the run so
 * far, summed over the indexes, mCU (D17: a base write of an item in an
 * index is one index write; 1 unit = 1,000 mCU).
 */
int64_t ddb_service_gsi_used(const struct pk_service *s);

#endif
