/*
 * service: the services a run can make (service.h): the one the spec's
 * constructor makes, else the variant's (Amazon DynamoDB's when it has
 * a table) or the one the scenario's `service:` names, from
 * the registry below (one entry per enum pk_service_kind).
 */
#include <stddef.h>

#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/service.h"

/* Each kind of scenario.h and the constructor of its service */
static const struct {
	enum pk_service_kind kind;
	pk_service_new_fn make;
} registry[] = {
    {PK_SERVICE_COSMOS, cosmos_service_new},
    {PK_SERVICE_DYNAMODB, ddb_service_new},
};

pk_service_new_fn service_maker(enum pk_service_kind kind)
{
	size_t i;

	for (i = 0; i < sizeof(registry) / sizeof(registry[0]); i++) {
		if (registry[i].kind == kind) {
			return registry[i].make;
		}
	}
	return NULL;
}

struct pk_service *service_new(const struct pk_service_spec *spec,
			       struct pk_diag *diag)
{
	/* a variant with a table is DynamoDB's, whatever the scenario's
	   service: a compare may set a table beside containers */
	enum pk_service_kind kind =
	    spec->spec->table ? PK_SERVICE_DYNAMODB : spec->sc->service;
	pk_service_new_fn make = spec->make ? spec->make : service_maker(kind);

	if (!make) {
		diag_error(diag, spec->sc->file, spec->spec->line,
			   spec->spec->col,
			   "pksim cannot replay this service yet; service: "
			   "cosmos can");
		return NULL;
	}
	return make(spec, diag);
}

size_t service_created_partitions(const struct pk_container_spec *spec)
{
	struct pk_epk epk = {0}, lo, hi;
	uint32_t id;

	if (spec->table) {
		return 0;
	}
	return cosmos_created_range(spec, &epk, &id, &lo, &hi);
}

void service_free(struct pk_service *s)
{
	if (s) {
		s->ops->free(s);
	}
}

int service_count_client(struct pk_totals *t, enum pk_client_event ev,
			 int64_t n)
{
	switch (ev) {
	case PK_CLIENT_ARRIVED:
		t->operations += (uint64_t)n;
		break;
	case PK_CLIENT_NOT_SENT:
		t->not_sent_no_target++;
		break;
	case PK_CLIENT_GAVE_UP_410:
		t->failed_after_410++;
		break;
	case PK_CLIENT_GAVE_UP_429:
		t->failed_after_retries++;
		break;
	case PK_CLIENT_RETRY_WAIT:
		t->retry_wait_ms += (uint64_t)n;
		break;
	case PK_CLIENT_WRITE_FAILED:
		return 1;
	}
	return 0;
}
