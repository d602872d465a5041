/*
 * service: the services a run can make (service.h): the one the spec's
 * constructor makes, Azure Cosmos DB when it names none.
 */
#include "pksim/service/service.h"
#include "pksim/service/cosmos/cosmos_service.h"

struct pk_service *service_new(const struct pk_service_spec *spec,
			       struct pk_diag *diag)
{
	return spec->make ? spec->make(spec, diag)
			  : cosmos_service_new(spec, diag);
}

void service_free(struct pk_service *s)
{
	if (s) {
		s->ops->free(s);
	}
}
