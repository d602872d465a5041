/*
 * snapshot: freeing what a filler allocated (snapshot.h).
 */
#include "pksim/service/snapshot.h"

#include <stdlib.h>
#include <string.h>

void snapshot_free(struct pk_snapshot *s)
{
	if (!s) {
		return;
	}
	free(s->ranges);
	free(s->ids);
	if (s->cosmos) {
		free(s->cosmos->billed_classic);
		free(s->cosmos->billed_dynamic);
		free(s->cosmos);
	}
	memset(s, 0, sizeof(*s));
}
