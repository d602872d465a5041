/*
 * service: the services a run can make (service.h). Azure Cosmos DB is
 * the one a scenario names today.
 */
#include "pksim/service/service.h"
#include "pksim/service/cosmos/cosmos_service.h"

struct pk_service *service_new(const struct pk_service_spec *spec,
			       struct pk_diag *diag)
{
	return cosmos_service_new(spec, diag);
}

void service_free(struct pk_service *s)
{
	if (s) {
		s->ops->free(s);
	}
}
