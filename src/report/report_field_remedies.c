/*
 * report_field_remedies: the readers of the report's remedies fields
 * (report_field_int.h), written only for a variant whose remedies were
 * replayed (result/remedy.h): a remedy's figures are a replay's, null
 * where no replay measured them.
 */
#include "report_field_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "pksim/report/remedies.h"
#include "pksim/result/remedy.h"

static const struct pk_remedies *rem(const struct field_ctx *c)
{
	return c->v->remedies;
}

static const struct pk_remedy *rem_item(const struct field_ctx *c)
{
	return &c->v->remedies->items[c->idx[0]];
}

/* 1 if remedy x's figures are a replay's (found or not) */
static int rem_measured(const struct pk_remedy *x)
{
	return x->status == PK_REMEDY_FOUND || x->status == PK_REMEDY_NOT_FOUND;
}

void field_rem_replays(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)rem(c)->replays);
}

void field_rem_max(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)rem(c)->max_replays);
}

void field_rem_setting(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, rem(c)->autoscale ? "autoscale_max" : "ru_per_s");
}

void field_rem_start(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, rem(c)->start_ru_per_s);
}

void field_rem_cap(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, rem(c)->cap_ru_per_s);
}

void field_rem_429(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)rem(c)->before.throttled_429);
}

void field_rem_failed(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)rem(c)->before.failed);
}

void field_rem_n(const struct field_ctx *c, struct pk_field_value *o)
{
	(void)c;
	fv_int(o, PK_REMEDY_KINDS);
}

void field_rem_kind(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, remedies_kind_id(rem_item(c)->kind));
}

void field_rem_status(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_text(o, remedies_status_name(rem_item(c)->status));
}

/* x's figure v when its replay measured it, else null */
static void rem_or_null(const struct pk_remedy *x, int64_t v,
			struct pk_field_value *o)
{
	if (rem_measured(x)) {
		fv_int(o, v);
	} else {
		fv_null(o);
	}
}

void field_rem_ru(const struct field_ctx *c, struct pk_field_value *o)
{
	rem_or_null(rem_item(c), rem_item(c)->setting, o);
}

void field_rem_below(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_remedy *x = rem_item(c);

	if (x->status == PK_REMEDY_FOUND && x->kind != PK_REMEDY_REDIST) {
		fv_int(o, x->below);
	} else {
		fv_null(o);
	}
}

void field_rem_hint(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem_item(c)->hint > 0) {
		fv_int(o, rem_item(c)->hint);
	} else {
		fv_null(o);
	}
}

void field_rem_merge_to(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_remedy *x = rem_item(c);

	if (x->kind == PK_REMEDY_MERGE && x->merge_to > 0) {
		fv_int(o, (int64_t)x->merge_to);
	} else {
		fv_null(o);
	}
}

/* Merge x's point is known (remedy.h: merge_phase set): its start,
   phase and the partitions then */
static int rem_merge_point(const struct pk_remedies *m,
			   const struct pk_remedy *x)
{
	return x->kind == PK_REMEDY_MERGE && m->merge_phase != NULL;
}

void field_rem_merge_start(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem_merge_point(rem(c), rem_item(c))) {
		fv_int(o, rem(c)->merge_at_s);
	} else {
		fv_null(o);
	}
}

void field_rem_merge_phase(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem_merge_point(rem(c), rem_item(c))) {
		fv_text(o, rem(c)->merge_phase);
	} else {
		fv_null(o);
	}
}

void field_rem_merge_from(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem_merge_point(rem(c), rem_item(c))) {
		fv_int(o, (int64_t)rem(c)->merge_from);
	} else {
		fv_null(o);
	}
}

void field_rem_merge_left(const struct field_ctx *c, struct pk_field_value *o)
{
	const struct pk_remedy *x = rem_item(c);

	if (x->kind == PK_REMEDY_MERGE && rem_measured(x) &&
	    x->after.merge_after > 0) {
		fv_int(o, (int64_t)x->after.merge_after);
	} else {
		fv_null(o);
	}
}

void field_rem_not_replayed(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem(c)->not_replayed) {
		fv_text(o, rem(c)->not_replayed);
	} else {
		fv_null(o);
	}
}

void field_rem_bulk(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem(c)->bulk_name) {
		fv_text(o, rem(c)->bulk_name);
	} else {
		fv_null(o);
	}
}

void field_rem_item_inter(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem(c)->bulk_name) {
		rem_or_null(rem_item(c), (int64_t)rem_item(c)->after.inter_429,
			    o);
	} else {
		fv_null(o);
	}
}

void field_rem_month(const struct field_ctx *c, struct pk_field_value *o)
{
	if (rem(c)->before.priced) {
		fv_real(o, rem(c)->before.month);
	} else {
		fv_null(o);
	}
}

/* remedy x's month (change: less the run's) when priced and measured */
static void item_month(const struct field_ctx *c, int change,
		       struct pk_field_value *o)
{
	const struct pk_remedy *x = rem_item(c);

	if (rem_measured(x) && x->after.priced && rem(c)->before.priced) {
		fv_real(o, change ? x->after.month - rem(c)->before.month
				  : x->after.month);
	} else {
		fv_null(o);
	}
}

void field_rem_item_month(const struct field_ctx *c, struct pk_field_value *o)
{
	item_month(c, 0, o);
}

void field_rem_item_month_change(const struct field_ctx *c,
				 struct pk_field_value *o)
{
	item_month(c, 1, o);
}

void field_rem_step(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, rem_item(c)->step);
}

void field_rem_item_replays(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)rem_item(c)->replays);
}

void field_rem_item_429(const struct field_ctx *c, struct pk_field_value *o)
{
	rem_or_null(rem_item(c), (int64_t)rem_item(c)->after.throttled_429, o);
}

void field_rem_item_failed(const struct field_ctx *c, struct pk_field_value *o)
{
	rem_or_null(rem_item(c), (int64_t)rem_item(c)->after.failed, o);
}

void field_rem_item_pp(const struct field_ctx *c, struct pk_field_value *o)
{
	rem_or_null(rem_item(c), (int64_t)rem_item(c)->after.partitions, o);
}

void field_rem_item_splits(const struct field_ctx *c, struct pk_field_value *o)
{
	rem_or_null(rem_item(c), (int64_t)rem_item(c)->after.splits, o);
}

void field_rem_redist_n(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, rem(c)->redist_ru ? (int64_t)rem(c)->created_partitions : 0);
}

void field_rem_redist_id(const struct field_ctx *c, struct pk_field_value *o)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%zu", c->idx[0]);
	fv_text(o, buf);
}

void field_rem_redist_before(const struct field_ctx *c,
			     struct pk_field_value *o)
{
	fv_real(o, (double)rem(c)->start_ru_per_s /
		       (double)rem(c)->created_partitions);
}

void field_rem_redist_after(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, rem(c)->redist_ru[c->idx[0]]);
}

void field_rem_hours(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, (int64_t)rem_item(c)->after.n_hours);
}

void field_rem_classic(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, rem_item(c)->after.billed_classic[c->idx[1]]);
}

void field_rem_dynamic(const struct field_ctx *c, struct pk_field_value *o)
{
	fv_int(o, rem_item(c)->after.billed_dynamic[c->idx[1]]);
}

void field_rem_text(const struct field_ctx *c, struct pk_field_value *o)
{
	char *s = remedies_sentence(rem(c), rem_item(c)->kind);

	fv_text(o, s);
	free(s);
}
