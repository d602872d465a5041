/*
 * scenario_preload: `preload:`, the container's data at t = 0, loaded before
 * the clock starts and charged nothing: items per value of a generated property
 * (a fixed number, a uniform draw, or a total under Zipf's law), or the records
 * of a data file. The loader checks that every value's items fit a logical
 * partition (20 GB, rule 11) of every variant; the run stores them
 * (src/service/cosmos/cosmos_preload.c).
 */
#include "loader.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/trace.h"
#include "pksim/service/cosmos/spec.h"

static const char *const preload_keys[] = {
    "property", "items_per_value", "item_size", "file", "format", "limit", NULL,
};

static const char count_what[] =
    "a whole number of items for every value, from 0 to "
    "1,000,000,000,000 (10^12), {uniform: [MIN, "
    "MAX]} (each value draws MIN .. MAX) or {zipf: {total: N, s: S}} (N "
    "items in all under Zipf's law with exponent S > 0, the first value "
    "the largest)";

/* `items_per_value` n into p. */
static void load_count(struct ld *ld, const struct yn *n,
		       struct pk_preload_spec *p)
{
	const struct yn *u, *z;
	int64_t a, b;

	if (n->kind == YN_SCALAR) {
		if (ld_get_int(ld, n, "items_per_value", 0,
			       (int64_t)PK_PRELOAD_MAX_ITEMS, count_what,
			       &a) == 0) {
			p->count_kind = PK_PRELOAD_FIXED;
			p->count = (uint64_t)a;
		}
		return;
	}
	u = n->kind == YN_MAP && n->n_kids == 2 ? yn_get(n, "uniform") : NULL;
	z = n->kind == YN_MAP && n->n_kids == 2 ? yn_get(n, "zipf") : NULL;
	if (u && u->kind == YN_SEQ && u->n_kids == 2) {
		if (ld_get_int(ld, u->kids[0], "uniform", 0,
			       (int64_t)PK_PRELOAD_MAX_ITEMS, count_what,
			       &a) == 0 &&
		    ld_get_int(ld, u->kids[1], "uniform", 0,
			       (int64_t)PK_PRELOAD_MAX_ITEMS, count_what,
			       &b) == 0) {
			if (a > b) {
				ld_err(ld, u,
				       "items_per_value {uniform: [MIN, MAX]} "
				       "needs MIN <= MAX (got %lld > %lld)",
				       (long long)a, (long long)b);
				return;
			}
			p->count_kind = PK_PRELOAD_UNIFORM;
			p->count = (uint64_t)a;
			p->count_max = (uint64_t)b;
		}
		return;
	}
	if (z && z->kind == YN_MAP && yn_get(z, "total") && yn_get(z, "s")) {
		static const char *const zkeys[] = {"total", "s", NULL};

		ld_check_keys(ld, z, zkeys, "in items_per_value.zipf");
		if (ld_get_int(ld, yn_get(z, "total"), "total", 0,
			       (int64_t)PK_PRELOAD_MAX_ITEMS,
			       "a whole number of items in all, from 0 to "
			       "1,000,000,000,000 (10^12)",
			       &a) == 0 &&
		    ld_get_number(ld, yn_get(z, "s"), "s", 0, 1, 100, 0,
				  "Zipf's exponent, a number > 0 and <= 100",
				  &p->s) == 0) {
			p->count_kind = PK_PRELOAD_ZIPF;
			p->count = (uint64_t)a;
		}
		return;
	}
	{
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, n, "items_per_value must be %s (got %s)", count_what,
		       yn_desc(n, buf, sizeof(buf)));
	}
}

/* The most items one value gets. */
static uint64_t most_per_value(const struct pk_preload_spec *p)
{
	switch (p->count_kind) {
	case PK_PRELOAD_UNIFORM:
		return p->count_max;
	case PK_PRELOAD_ZIPF: {
		/* the first value's share, total / H(values, s), and one more
		   for the rounding */
		double h = 0;
		uint64_t k;

		for (k = 1; k <= p->values; k++) {
			h += pow((double)k, -p->s);
		}
		return h > 0 ? (uint64_t)ceil((double)p->count / h) + 1
			     : p->count;
	}
	default:
		return p->count;
	}
}

/* The generated property the preload names (n, a path with or without
   its leading '/'), checked: enumerable values. */
static void load_property(struct ld *ld, const struct yn *n,
			  struct pk_preload_spec *p)
{
	const struct pk_prop_spec *prop;
	char *name = NULL;

	if (ld_get_string(ld, n, "property", 0, &name) < 0) {
		return;
	}
	p->property = ld_field_path(name);
	free(name);
	if (ld->s->items_file) {
		ld_err(ld, n,
		       "preload.property takes its values from the items' "
		       "generators, and items come from a data file; preload "
		       "a data file with preload.file instead");
		return;
	}
	prop = scenario_find_prop(ld->s, p->property);
	if (!prop && strcmp(p->property, "/id") == 0) {
		/* the id pksim adds (unique item-N, after the items are read)
		   has no set of values to give items to: each is one item's */
		ld_err(ld, n,
		       "preload.property '/id' names the id pksim adds to "
		       "items without one ({unique: \"item-\"}, one value "
		       "for each item): it has no set of values to preload "
		       "items per value of; name a generated property with "
		       "a pattern, a list or a constant (the partition key's, "
		       "to fill its logical partitions), or give id values "
		       "in items");
		return;
	}
	if (!prop) {
		ld_err(ld, n,
		       "preload.property '%.*s' is not a property the items "
		       "section generates",
		       PK_SCENARIO_QUOTE_BYTES, p->property);
		return;
	}
	if (prop->kind == PK_GEN_CONST) {
		p->values = 1;
	} else if (prop->kind == PK_GEN_PATTERN || prop->kind == PK_GEN_LIST) {
		p->values = prop->count;
	} else {
		ld_err(ld, n,
		       "preload.property '%.*s' must have a known set of "
		       "values: a pattern, a list or a constant (it is %s)",
		       PK_SCENARIO_QUOTE_BYTES, p->property,
		       prop->kind == PK_GEN_CLOCK ? "a clock" : "unique");
		return;
	}
	if (p->values > PK_PRELOAD_MAX_VALUES) {
		char a[32], b[32];

		ld_err(ld, n,
		       "preload.property '%.*s' has %s values; a preload "
		       "fills at most %s logical partitions (pksim's bound)",
		       PK_SCENARIO_QUOTE_BYTES, p->property,
		       fmt_thousands((int64_t)p->values, a),
		       fmt_thousands((int64_t)PK_PRELOAD_MAX_VALUES, b));
	}
}

/* Every value's items fit a logical partition of every variant (rule
   11: the service would have refused the write that passed 20 GB). */
static void check_fit(struct ld *ld, const struct yn *at,
		      const struct pk_preload_spec *p)
{
	double most = (double)most_per_value(p) * (double)p->size_bytes;
	size_t i;

	for (i = 0; i < ld->s->n_variants; i++) {
		const struct pk_container_spec *c = &ld->s->variants[i];
		double bytes = most * c->index_factor;
		char a[PK_FMT_BYTES], b[PK_FMT_BYTES];
		char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];

		if (bytes <= (double)c->lp_storage_bytes) {
			continue;
		}
		ld_err(ld, at,
		       "preload puts up to %s in one logical partition, more "
		       "than the %s one may hold (rule 11)%s; give fewer or "
		       "smaller items a value",
		       fmt_bytes(bytes > (double)UINT64_MAX ? UINT64_MAX
							    : (uint64_t)bytes,
				 a),
		       fmt_bytes(c->lp_storage_bytes, b),
		       scenario_variant_suffix(ld->s->n_variants > 1, c->name,
					       vn, sizeof(vn)));
		return;
	}
}

/* The fewest bytes the preload stores (with the index, every variant
   alike): the least each value gets. */
static double least_bytes(const struct pk_preload_spec *p)
{
	double items = p->count_kind == PK_PRELOAD_ZIPF
			   ? (double)p->count
			   : (double)p->count * (double)p->values;

	return items * (double)p->size_bytes;
}

/* The most preload bytes fmt_bytes and the RU/s minimum's int64 are
   given (1e18, 888 PiB); a larger store is said in floating point */
#define PRELOAD_SAID_BYTES 1e18

/* Rule 8: a container holding the preload at t = 0 needs at least 1 RU/s
   per GB (an autoscale max 10 per GB); a start below it is an error. */
static void check_minimum(struct ld *ld, const struct yn *at,
			  const struct pk_preload_spec *p)
{
	size_t i;

	for (i = 0; i < ld->s->n_variants; i++) {
		const struct pk_container_spec *c = &ld->s->variants[i];
		double b = least_bytes(p) * c->index_factor +
			   (double)c->existing_bytes_total +
			   (double)c->existing_bytes_per_pp *
			       (double)c->existing_partitions;
		uint64_t bytes = b > PRELOAD_SAID_BYTES
				     ? (uint64_t)PRELOAD_SAID_BYTES
				     : (uint64_t)b;
		int64_t have = c->autoscale_max_ru_per_s
				   ? c->autoscale_max_ru_per_s
				   : c->throughput_ru_per_s;
		int64_t min =
		    c->autoscale_max_ru_per_s
			? provision_min_autoscale_max(bytes, have, NULL)
			: provision_min_manual(bytes, have, NULL);
		char a[32], d[32], e[PK_FMT_BYTES];
		char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];

		if (c->serverless || have >= min) {
			continue;
		}
		if (b > PRELOAD_SAID_BYTES) {
			/* past what fmt_bytes and the minimum's int64 say:
			   the true figures in floating point, GB being
			   2^30 bytes as provision_storage_gb counts it */
			ld_err(
			    ld, at,
			    "preload stores %.3g bytes (%.3g GiB) at t = "
			    "0, which needs %.3g RU/s (rule 8: %s per GB "
			    "stored), more than the %s the container "
			    "has%s",
			    b, b / (double)PK_GIB,
			    ceil(b / (double)PK_GIB) *
				(c->autoscale_max_ru_per_s ? 10.0 : 1.0),
			    c->autoscale_max_ru_per_s ? "an autoscale max of 10"
						      : "1 RU/s",
			    fmt_thousands(have, d),
			    scenario_variant_suffix(ld->s->n_variants > 1,
						    c->name, vn, sizeof(vn)));
			return;
		}
		ld_err(ld, at,
		       "preload stores at least %s at t = 0, which needs at "
		       "least %s RU/s (rule 8: %s per GB stored), more than "
		       "the %s the container has%s",
		       fmt_bytes(bytes, e), fmt_thousands(min, a),
		       c->autoscale_max_ru_per_s ? "an autoscale max of 10"
						 : "1 RU/s",
		       fmt_thousands(have, d),
		       scenario_variant_suffix(ld->s->n_variants > 1, c->name,
					       vn, sizeof(vn)));
		return;
	}
}

/* `file` and its keys: the records stored at t = 0. */
static void load_file(struct ld *ld, const struct yn *m,
		      struct pk_preload_spec *p)
{
	const struct yn *fn = yn_get(m, "file"), *n;
	struct pk_items_file *f = xcalloc(1, sizeof(*f));
	enum pk_trace_format fmt = PK_TRACE_FORMAT_AUTO;
	size_t before = diag_count(ld->d);
	int64_t v;

	p->file = f;
	f->line = fn->line;
	f->col = fn->col;
	f->from = PK_FROM_AT_ONCE;
	f->time_compression = 1;
	if (ld_need_kind(ld, fn, YN_SCALAR, "file", "a data file's path") < 0) {
		return;
	}
	if (fn->len == 0) {
		ld_err(ld, fn,
		       "preload.file must not be empty; give the data file's "
		       "path (relative to the scenario file's folder)");
		return;
	}
	f->path = xstrdup(fn->text);
	f->resolved = ld_resolve_path(ld->file, fn->text);
	if ((n = yn_get(m, "format"))) {
		if (n->kind != YN_SCALAR || trace_format_parse(n->text, &fmt)) {
			static const char *const names[] = {
			    "auto", "json", "jsonl", "ndjson", "csv", NULL,
			};

			ld_err_unknown(ld, n, "format",
				       n->kind == YN_SCALAR ? n->text : "?",
				       "in preload", names);
		}
	}
	f->format = (int)fmt;
	f->size_bytes = p->size_bytes;
	if ((n = yn_get(m, "limit")) &&
	    ld_get_int(ld, n, "limit", 1, INT64_MAX,
		       "a whole number of records >= 1", &v) == 0) {
		f->limit = (uint64_t)v > SIZE_MAX ? SIZE_MAX : (size_t)v;
	}
	if (diag_count(ld->d) == before) {
		char *where = xasprintf("preload.file at %s:%d:%d", ld->file,
					fn->line, fn->col);

		ld_items_file_read(f, ld->d, where, 0, 0,
				   LD_PRELOAD_RECORD_BYTES);
		free(where);
	}
}

void ld_load_preload(struct ld *ld, const struct yn *m)
{
	struct pk_preload_spec *p;
	const struct yn *n, *prop = yn_get(m, "property");
	const struct yn *file = yn_get(m, "file");

	size_t i;

	if (ld->s->service == PK_SERVICE_DYNAMODB) {
		/* the preload is Azure Cosmos DB's store (its partitions,
		   rule 8's minimum RU/s); a table has neither model */
		ld_err(ld, m,
		       "preload is not modelled with service: dynamodb "
		       "(docs/dynamodb.md): a table starts empty; store the "
		       "items with a first phase of creates, or leave preload "
		       "out");
		return;
	}
	for (i = 0; i < ld->s->n_variants; i++) {
		/* a compare across services: the table variant has no
		   preload either (and no RU/s for rule 8 to ask of it) */
		if (ld->s->variants[i].table) {
			ld_err(ld, m,
			       "preload is not modelled with service: "
			       "dynamodb, the service of variant '%s' "
			       "(docs/dynamodb.md): a table starts empty; "
			       "store the items with a first phase of "
			       "creates, for every variant, or leave preload "
			       "out",
			       ld->s->variants[i].name ? ld->s->variants[i].name
						       : "");
			return;
		}
	}
	if (ld_need_kind(ld, m, YN_MAP, "preload",
			 "a mapping {property: NAME, items_per_value: N, "
			 "item_size: SIZE} or {file: PATH}") < 0) {
		return;
	}
	p = xcalloc(1, sizeof(*p));
	ld->s->preload = p;
	p->line = m->line;
	p->col = m->col;
	ld_check_keys(ld, m, preload_keys, "in preload");
	if (!!prop == !!file) {
		ld_err(ld, m,
		       "preload needs exactly one of property (items per "
		       "value of a generated property) and file (the records "
		       "of a data file)");
		return;
	}
	if ((n = yn_get(m, "item_size"))) {
		ld_get_size(ld, n, "item_size", 1, PK_MAX_ITEM_BYTES,
			    ld_size_range, &p->size_bytes);
	} else if (prop) {
		p->size_bytes = PK_KIB; /* the default item size, 1 KB */
	}
	if (file) {
		if ((n = yn_get(m, "items_per_value"))) {
			ld_err(
			    ld, n,
			    "items_per_value goes with property; a preloaded "
			    "data file stores each record once");
		}
		load_file(ld, m, p);
		return;
	}
	if ((n = yn_get(m, "format")) || (n = yn_get(m, "limit"))) {
		ld_err(ld, n, "format and limit go with preload.file");
	}
	load_property(ld, prop, p);
	if (p->values > PK_PRELOAD_MAX_VALUES) {
		/* refused for its count (load_property): what the values
		   would store is not walked, a zipf share being a sum over
		   every value */
		return;
	}
	if (!(n = yn_get(m, "items_per_value"))) {
		ld_err(ld, m,
		       "missing required key 'items_per_value' in preload (%s)",
		       count_what);
		return;
	}
	load_count(ld, n, p);
	check_fit(ld, n, p);
	check_minimum(ld, n, p);
}

void ld_preload_free(struct pk_preload_spec *p)
{
	if (!p) {
		return;
	}
	if (p->file) {
		free(p->file->path);
		free(p->file->resolved);
		trace_free(p->file->trace);
		free(p->file);
	}
	free(p->property);
	free(p);
}
