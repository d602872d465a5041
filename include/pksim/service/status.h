/*
 * status: the HTTP status and sub-status codes a service answers a
 * request with (pk_outcome in service.h), as the Azure Cosmos DB REST API
 * answers them (docs/cosmos-mechanics.md, reference §3). A leaf: the
 * run counts them, the service sets them.
 */
#ifndef PKSIM_SERVICE_STATUS_H
#define PKSIM_SERVICE_STATUS_H

/* HTTP status codes a service answers (reference §3; D-429, D-403) */
#define PK_HTTP_OK 200
#define PK_HTTP_CREATED 201
#define PK_HTTP_NO_CONTENT 204
#define PK_HTTP_BAD_REQUEST 400
#define PK_HTTP_FORBIDDEN 403
#define PK_HTTP_NOT_FOUND 404
#define PK_HTTP_CONFLICT 409
#define PK_HTTP_GONE 410
#define PK_HTTP_TOO_LARGE 413
#define PK_HTTP_TOO_MANY_REQUESTS 429

/* Sub-statuses of a 429 */
#define PK_SUBSTATUS_RU_BUDGET_EXCEEDED 3200 /* cosmos_status.rs */
/* D-BUCKETS (FAQ): a request past its throughput bucket's cap */
#define PK_SUBSTATUS_BUCKET_EXCEEDED 3212

#endif
