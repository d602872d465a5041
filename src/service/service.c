/*
 * service: the services a run can make (service.h): the one the spec's
 * constructor makes, else the one the scenario's `service:` names, from
 * the registry below (one entry per enum pk_service_kind).
 */
#include <stddef.h>

#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/service/service.h"

/* Each kind of scenario.h and the constructor of its service */
static const struct {
	enum pk_service_kind kind;
	pk_service_new_fn make;
} registry[] = {
    {PK_SERVICE_COSMOS, cosmos_service_new},
};

pk_service_new_fn service_maker(enum pk_service_kind kind)
{
	size_t i;

	for (i = 0; i < sizeof(registry) / sizeof(registry[0]); i++) {
		if (registry[i].kind == kind) {
			return registry[i].make;
		}
	}
	return cosmos_service_new;
}

struct pk_service *service_new(const struct pk_service_spec *spec,
			       struct pk_diag *diag)
{
	pk_service_new_fn make =
	    spec->make ? spec->make : service_maker(spec->sc->service);

	return make(spec, diag);
}

void service_free(struct pk_service *s)
{
	if (s) {
		s->ops->free(s);
	}
}
