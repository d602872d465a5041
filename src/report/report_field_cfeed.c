/*
 * report_field_cfeed: the readers of the change feed's fields
 * (change_feed.* and physical_partitions[].changes_per_s: rule 39,
 * report_cfeed.c) for the table of report fields.
 */
#include "report_field_int.h"
#include "report_text_int.h"

#include <stdint.h>
#include <stdio.h>

void field_cfeed_range_rate(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_result_range *p = c->obj;

	fv_real(o, text_cfeed_rate(c->v, (size_t)(p - c->v->ranges)));
}

/* The change feed's figures (rule 39, report_cfeed.c) */
static void cfeed_fig(const struct field_ctx *c, struct pk_field_value *o,
		      int k)
{
	struct text_cfeed f;
	char line[PK_TEXT_CFEED_BYTES];

	text_cfeed_of(c->r, c->v, &f);
	switch (k) {
	case 0:
		fv_int(o, (int64_t)f.consumers);
		break;
	case 1:
		fv_int(o, (int64_t)f.leases);
		break;
	case 2:
		fv_int(o, (int64_t)f.busy);
		break;
	case 3:
		fv_int(o, (int64_t)f.with_work);
		break;
	case 4:
		fv_int(o, (int64_t)f.changes);
		break;
	case 5:
		if (f.changes) {
			snprintf(line, sizeof(line), "%u",
				 c->v->ranges[f.busiest].id);
			fv_text(o, line);
		} else {
			fv_null(o);
		}
		break;
	case 6:
		fv_real(o, f.busiest_share);
		break;
	case 8:
		fv_int(o, (int64_t)f.retired_changes);
		break;
	case 9:
		fv_real(o, f.busiest_rate);
		break;
	default:
		fv_text(o, text_cfeed_sentence(c->v, &f, line, sizeof(line)));
		break;
	}
}

#define CFEED_FN(name, k)                                                      \
	void field_cfeed_##name(const struct field_ctx *c,                     \
				struct pk_field_value *o)                      \
	{                                                                      \
		cfeed_fig(c, o, k);                                            \
	}
CFEED_FN(consumers, 0)
CFEED_FN(leases, 1)
CFEED_FN(busy, 2)
CFEED_FN(with_work, 3)
CFEED_FN(changes, 4)
CFEED_FN(busiest, 5)
CFEED_FN(share, 6)
CFEED_FN(sentence, 7)
CFEED_FN(retired, 8)
CFEED_FN(rate, 9)
