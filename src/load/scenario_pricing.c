/*
 * scenario_pricing: a scenario's `pricing:` block (docs/money.md), the
 * price table it names or --prices gives, and the rows a bill reads,
 * chosen for the billing date. Money is never guessed: a missing region,
 * a region the table does not price, a meter without a row on the
 * billing date, an override of a row that is not there: each stops the
 * run (exit 2) before it starts.
 */
#include "loader.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/prices.h"

/* Largest RU/s reserved: the most pksim provisions (PK_MAX_RU_PER_S). */
#define PK_PRICING_MAX_RESERVED PK_MAX_RU_PER_S

/* `overrides: {cosmos.us-nongov.serverless: 0.30, ...}` */
static void load_overrides(struct ld *ld, const struct yn *m)
{
	struct pk_pricing_spec *p = &ld->s->pricing;
	size_t i;

	if (ld_need_kind(ld, m, YN_MAP, "overrides",
			 "a mapping {PROVIDER.REGION.METER: PRICE}, such as "
			 "{cosmos.us-nongov.serverless: 0.30}") < 0) {
		return;
	}
	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i), *v = yn_val(m, i);
		const char *a = k->text, *b = strchr(a, '.');
		const char *c = b ? strchr(b + 1, '.') : NULL;
		struct pk_price_override o = {0};

		if (!b || !c || b == a || c == b + 1 || !c[1] ||
		    strchr(c + 1, '.')) {
			ld_err(ld, k,
			       "an override is named PROVIDER.REGION.METER, "
			       "such as cosmos.us-nongov.serverless (got '%s')",
			       a);
			continue;
		}
		/* its highest is the row's unit's (prices_max), checked
		   once the table is read */
		if (ld_get_number(ld, v, k->text, 0, 0, HUGE_VAL, 1,
				  "a price >= 0 in the row's currency per its "
				  "unit",
				  &o.price) < 0) {
			continue;
		}
		o.provider = xstrndup(a, (size_t)(b - a));
		o.region = xstrndup(b + 1, (size_t)(c - b - 1));
		o.meter = xstrdup(c + 1);
		o.line = k->line;
		o.col = k->col;
		o.price_line = v->line;
		o.price_col = v->col;
		p->overrides = xreallocarray(p->overrides, p->n_overrides + 1,
					     sizeof(*p->overrides));
		p->overrides[p->n_overrides++] = o;
	}
}

/* `reserved: {ru_per_s: N, discount: 20%}` */
static void load_reserved(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {"ru_per_s", "discount", NULL};
	struct pk_pricing_spec *p = &ld->s->pricing;
	const struct yn *n;
	double pct;

	if (ld_need_kind(ld, m, YN_MAP, "reserved",
			 "a mapping {ru_per_s: 100000, discount: 20}") < 0) {
		return;
	}
	ld_check_keys(ld, m, keys, "in reserved");
	if (!(n = yn_get(m, "ru_per_s")) || !yn_get(m, "discount")) {
		ld_err(ld, m,
		       "reserved needs ru_per_s (the RU/s bought, at the "
		       "standard rate) and discount (percent off the list "
		       "price, 0 to 99)");
		return;
	}
	if (ld_get_int(ld, n, "ru_per_s", 100, PK_PRICING_MAX_RESERVED,
		       "RU/s reserved, 100 to 1,000,000",
		       &p->reserved_ru_per_s) == 0 &&
	    p->reserved_ru_per_s % 100 != 0) {
		/* C-BILL bills provisioned throughput, and so what a
		   reservation covers, in units of 100 RU/s */
		ld_err(ld, n,
		       "ru_per_s must be a multiple of 100 RU/s, the unit "
		       "Azure bills and reserves provisioned throughput in "
		       "(C-BILL, pricing.md §1); got %lld",
		       (long long)p->reserved_ru_per_s);
		return;
	}
	if (ld_get_number(ld, yn_get(m, "discount"), "discount", 0, 0, 100, 1,
			  "percent off the list price, 0 to below 100",
			  &pct) < 0) {
		return;
	}
	if (pct > 0 && pct < 1) {
		/* a fraction (0.2 for 20%) is the likelier meaning than
		   under 1% off, which no reservation term gives (C-BILL's
		   example is 20%): refused rather than billed either way */
		ld_err(ld, yn_get(m, "discount"),
		       "discount %g would be %g%% off: discount is percent off "
		       "the list price (0 to below 100); did you mean %g?",
		       pct, pct, pct * 100);
		return;
	}
	p->reserved_discount = pct / 100.0;
}

/* The price table's provider names, indexed by enum pk_service_kind */
static const char *const providers[PK_SERVICE_KINDS] = {"cosmos", "dynamodb"};

/* `region: us-nongov`, or `region: {cosmos: us-nongov, dynamodb:
   us-east-1}`: a region by service, for a compare across services */
static void load_region(struct ld *ld, const struct yn *n)
{
	struct pk_pricing_spec *p = &ld->s->pricing;
	static const char *const keys[] = {"cosmos", "dynamodb", NULL};
	size_t i;

	if (n->kind != YN_MAP) {
		ld_get_string(ld, n, "region", 0, &p->region);
		return;
	}
	ld_check_keys(ld, n, keys, "in pricing.region (a region by service)");
	for (i = 0; i < PK_SERVICE_KINDS; i++) {
		const struct yn *r = yn_get(n, providers[i]);

		if (r) {
			ld_get_string(ld, r, providers[i], 0,
				      &p->service_region[i]);
		}
	}
}

void ld_load_pricing(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {"region",	"table",     "date",
					   "overrides", "free_tier", "reserved",
					   NULL};
	struct pk_pricing_spec *p = &ld->s->pricing;
	const struct yn *n;
	char *date = NULL;

	if (ld_need_kind(ld, m, YN_MAP, "pricing",
			 "a mapping {region: us-nongov, ...}") < 0) {
		return;
	}
	ld_check_keys(ld, m, keys, "in pricing");
	p->asked = 1;
	p->line = m->line;
	p->col = m->col;
	if ((n = yn_get(m, "region"))) {
		load_region(ld, n);
	}
	if ((n = yn_get(m, "table")) &&
	    ld_get_string(ld, n, "table", 0, &p->table) == 0) {
		char *t = ld_beside(ld->file, p->table);

		free(p->table);
		p->table = t;
		p->table_line = n->line;
		p->table_col = n->col;
	}
	if ((n = yn_get(m, "date")) &&
	    ld_get_string(ld, n, "date", 0, &date) == 0 &&
	    prices_parse_day(date, &p->date_day) < 0) {
		ld_err(ld, n,
		       "date must be a billing date YYYY-MM-DD, such as "
		       "2024-11-01 (got '%s')",
		       date);
	}
	free(date);
	if ((n = yn_get(m, "free_tier"))) {
		ld_get_switch(ld, n, "free_tier", &p->free_tier);
	}
	if ((n = yn_get(m, "reserved"))) {
		load_reserved(ld, n);
	}
	if ((n = yn_get(m, "overrides"))) {
		load_overrides(ld, n);
	}
}

void ld_pricing_free(struct pk_pricing_spec *p)
{
	size_t i;

	for (i = 0; i < p->n_overrides; i++) {
		free(p->overrides[i].provider);
		free(p->overrides[i].region);
		free(p->overrides[i].meter);
	}
	free(p->overrides);
	free(p->region);
	for (i = 0; i < PK_SERVICE_KINDS; i++) {
		free(p->service_region[i]);
	}
	free(p->table);
	prices_free(p->prices);
	memset(p, 0, sizeof(*p));
	p->date_day = -1;
}

const char *scenario_prices_name(const struct pk_scenario *s)
{
	const char *f = s->pricing.prices->file;
	const char *slash = strrchr(f, '/');

	return s->pricing.table || !slash ? f : slash + 1;
}

int64_t scenario_billing_day(const struct pk_scenario *s,
			     enum pk_billing_day_from *from)
{
	const struct pk_pricing_spec *p = &s->pricing;
	enum pk_billing_day_from f;
	int64_t day;

	if (p->date_day >= 0) {
		f = PK_BILLING_DATE;
		day = p->date_day;
	} else if (p->clock_given) {
		f = PK_BILLING_CLOCK;
		day = s->clock_start_s >= 0
			  ? s->clock_start_s / 86400
			  : -((-s->clock_start_s + 86399) / 86400);
	} else {
		f = PK_BILLING_TABLE;
		day = p->prices ? p->prices->date_day : 0;
	}
	if (from) {
		*from = f;
	}
	return day;
}

/* The Cosmos DB meters a variant's bill reads under pricing p
   (NULL-terminated, at most 5). */
static void meters_of(const struct pk_container_spec *c,
		      const struct pk_pricing_spec *p, const char **out)
{
	size_t k = 0;

	if (c->fabric) {
		/* rule 41: capacity units, and Fabric's storage */
		out[k++] = "fabric_capacity_unit";
		out[k++] = "fabric_storage";
		out[k] = NULL;
		return;
	}
	if (c->serverless) {
		out[k++] = "serverless";
	} else if (c->autoscale_max_ru_per_s > 0) {
		out[k++] = "autoscale_single_write";
	} else {
		out[k++] = "provisioned_single_write";
	}
	out[k++] = "storage_transactional";
	if (p->reserved_ru_per_s > 0) {
		/* reserved capacity is bought at the standard rate */
		out[k++] = "provisioned_single_write";
	}
	if (c->fleet.max_ru_per_s > 0) {
		out[k++] = "fleet_pool"; /* rule 40 */
	}
	out[k] = NULL;
}

const char *scenario_variant_provider(const struct pk_scenario *s,
				      const struct pk_container_spec *v)
{
	return providers[scenario_variant_table(s, v) ? PK_SERVICE_DYNAMODB
						      : PK_SERVICE_COSMOS];
}

const char *scenario_pricing_region(const struct pk_scenario *s,
				    const char *provider)
{
	const struct pk_pricing_spec *p = &s->pricing;
	size_t i;

	for (i = 0; i < PK_SERVICE_KINDS; i++) {
		if (strcmp(provider, providers[i]) == 0 &&
		    p->service_region[i]) {
			return p->service_region[i];
		}
	}
	return p->region;
}

int scenario_price_on(const struct pk_scenario *s, const char *provider,
		      const char *meter, int64_t day, struct pk_price_pick *out)
{
	const char *region = scenario_pricing_region(s, provider);
	const struct pk_pricing_spec *p = &s->pricing;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (!p->prices || !region) {
		return -1;
	}
	out->row = prices_find(p->prices, provider, region, meter, day);
	if (!out->row) {
		return -1;
	}
	out->price = out->row->price;
	for (i = 0; i < p->n_overrides; i++) {
		const struct pk_price_override *o = &p->overrides[i];

		if (strcmp(o->provider, provider) == 0 &&
		    strcmp(o->region, region) == 0 &&
		    strcmp(o->meter, meter) == 0) {
			out->price = o->price;
			out->overridden = 1;
		}
	}
	return 0;
}

/* 1 when some variant of s runs on provider */
static int provider_used(const struct pk_scenario *s, const char *provider)
{
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		if (strcmp(scenario_variant_provider(s, &s->variants[v]),
			   provider) == 0) {
			return 1;
		}
	}
	return 0;
}

/* A region for provider, and one the table prices it in */
static int need_provider_region(struct pk_scenario *s, const char *provider,
				const char *file, struct pk_diag *d)
{
	struct pk_pricing_spec *p = &s->pricing;
	const char *region = scenario_pricing_region(s, provider);
	int mixed = scenario_mixed_services(s);
	char *regions = prices_regions(p->prices, provider);

	if (!region) {
		diag_error(d, file, p->line, p->col,
			   "pricing needs %s%s: money is priced by region, "
			   "never a default one (%s; %s regions of %s: %s)",
			   mixed ? "a region for " : "'region'",
			   mixed ? provider : "",
			   mixed ? "a compare across services names one "
				   "for each: region: {cosmos: us-nongov, "
				   "dynamodb: us-east-1}"
			   : strcmp(provider, "cosmos") == 0
			       ? "pricing: {region: us-nongov}"
			       : "pricing: {region: us-east-1}",
			   provider, scenario_prices_name(s), regions);
	} else if (!prices_has_region(p->prices, provider, region)) {
		diag_error(d, file, p->line, p->col,
			   "region '%s' has no %s rows in %s; its %s "
			   "regions: %s%s",
			   region, provider, scenario_prices_name(s), provider,
			   regions,
			   mixed && region == p->region
			       ? " (a compare across services bills a "
				 "container in an Azure region and a table "
				 "in an AWS one: region: {cosmos: us-nongov, "
				 "dynamodb: us-east-1})"
			       : "");
		region = NULL;
	}
	free(regions);
	return region ? 0 : -1;
}

/* Each service a variant runs on has a region the table prices. */
static int need_region(struct pk_scenario *s, const char *file,
		       struct pk_diag *d)
{
	size_t i;

	for (i = 0; i < PK_SERVICE_KINDS; i++) {
		if (provider_used(s, providers[i]) &&
		    need_provider_region(s, providers[i], file, d)) {
			return -1;
		}
	}
	return 0;
}

/* Every override names a row in effect on the billing date, at a price
   its unit allows (prices_max). */
static int check_overrides(struct pk_scenario *s, const char *file,
			   struct pk_diag *d)
{
	const struct pk_pricing_spec *p = &s->pricing;
	int64_t day = scenario_billing_day(s, NULL);
	char buf[16];
	size_t i;
	int rc = 0;

	for (i = 0; i < p->n_overrides; i++) {
		const struct pk_price_override *o = &p->overrides[i];
		const struct pk_price_row *r = prices_find(
		    p->prices, o->provider, o->region, o->meter, day);
		const char *why = NULL;
		char hi[PK_FMT_BYTES], cap[PK_FMT_BYTES];

		if (r && o->price > prices_max(r->unit, &why) && why) {
			diag_error(
			    d, file, o->price_line, o->price_col,
			    "override %s.%s.%s: price %.15g per %s is "
			    "more than a bill can hold: allowed 0 to "
			    "%s (%s, and a bill line stops at %s)",
			    o->provider, o->region, o->meter, o->price, r->unit,
			    fmt_thousands((int64_t)prices_max(r->unit, NULL),
					  hi),
			    why, fmt_thousands((int64_t)PK_MONEY_MAX, cap));
			rc = -1;
		}
		if (!r) {
			diag_error(d, file, o->line, o->col,
				   "override %s.%s.%s names no row of %s in "
				   "effect on %s: an override changes a row's "
				   "price, it adds no meter",
				   o->provider, o->region, o->meter,
				   scenario_prices_name(s),
				   prices_day_text(day, buf, sizeof(buf)));
			rc = -1;
		}
	}
	return rc;
}

/* The meters variant c's bill needs: its Cosmos DB meters, or when it
   is a table DynamoDB's capacity mode's (provisioned WCU and RCU, or
   on-demand WRU and RRU) and storage ones (NULL-terminated into m) */
static void needed_meters(const struct pk_scenario *s,
			  const struct pk_container_spec *c, const char **m)
{
	const struct pk_ddb_table_spec *t = scenario_variant_table(s, c);

	if (t) {
		int od = t->capacity == PK_DDB_ON_DEMAND;

		m[0] =
		    od ? "ondemand_wru_standard" : "provisioned_wcu_standard";
		m[1] =
		    od ? "ondemand_rru_standard" : "provisioned_rcu_standard";
		m[2] = "storage_standard";
		/* its free GB: a table without it would bill from 0 GB */
		m[3] = "storage_free";
		m[4] = NULL;
		return;
	}
	meters_of(c, &s->pricing, m);
}

/* The meters variant c's bill reads beside its own when the table has
   them (NULL-terminated into m): DynamoDB provisioned's on-demand
   comparison */
static void optional_meters(const struct pk_scenario *s,
			    const struct pk_container_spec *c, const char **m)
{
	const struct pk_ddb_table_spec *t = scenario_variant_table(s, c);
	size_t k = 0;

	if (t && t->capacity != PK_DDB_ON_DEMAND) {
		m[k++] = "ondemand_wru_standard";
		m[k++] = "ondemand_rru_standard";
	}
	m[k] = NULL;
}

/* What a DynamoDB bill cannot take: a reservation (DynamoDB's reserved
   capacity is not modelled). Beside Azure Cosmos DB containers it is
   theirs alone: only when no variant is a container is it refused. */
static int ddb_pricing_ok(struct pk_scenario *s, const char *file,
			  struct pk_diag *d)
{
	const struct pk_pricing_spec *p = &s->pricing;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[v]);

		if (t && t->infrequent) {
			diag_error(d, file, t->class_line, t->class_col,
				   "table_class STANDARD_INFREQUENT_ACCESS "
				   "pays less for storage and more for "
				   "throughput (pricing.md §4), and pksim's "
				   "prices are the Standard class's only: a "
				   "bill of this table would be wrong; drop "
				   "pricing: (its capacity is replayed the "
				   "same) or use STANDARD");
			return -1;
		}
	}
	if (provider_used(s, providers[PK_SERVICE_COSMOS]) ||
	    p->reserved_ru_per_s == 0) {
		return 0;
	}
	diag_error(d, file, p->line, p->col,
		   "reserved is Azure Cosmos DB's reserved capacity (RU/s); "
		   "pksim does not model DynamoDB's (an upfront fee and a "
		   "lower hourly rate): leave it out when every variant is a "
		   "DynamoDB table");
	return -1;
}

/* The rows meters m (NULL-terminated) of variant name use on day, all
   in one currency (an allowance row, currency GB, aside): pksim converts
   no currency, so a bill adding two would be a wrong sum under one
   sign. Refused at the table's row that disagrees. */
static int one_currency(struct pk_scenario *s, const char *const *m,
			const struct pk_container_spec *c, int64_t day,
			struct pk_diag *d)
{
	const struct pk_pricing_spec *p = &s->pricing;
	const char *provider = scenario_variant_provider(s, c);
	const char *region = scenario_pricing_region(s, provider);
	const struct pk_price_row *first = NULL, *r;
	size_t k;

	for (k = 0; m[k]; k++) {
		r = prices_find(p->prices, provider, region, m[k], day);
		if (!r || strcmp(r->currency, "GB") == 0) {
			continue;
		}
		if (!first) {
			first = r;
			continue;
		}
		if (strcmp(r->currency, first->currency) == 0) {
			continue;
		}
		diag_error(d, p->prices->file, r->line, r->currency_col,
			   "variant %s's bill draws on rows in two "
			   "currencies: line %d (%s) in %s, line %d (%s) in "
			   "%s; pksim converts no currency and a bill adds "
			   "its lines, so one bill is in one currency: give "
			   "the %s rows of %s one currency",
			   c->name, first->line, first->meter, first->currency,
			   r->line, r->meter, r->currency, provider, region);
		return -1;
	}
	return 0;
}

/* The last day the planned run touches when its clock hours are
   priced by their own days (billing date from clock.start): the day of
   clock.start + the phases' durations - 1 s; else the billing date. */
static int64_t last_planned_day(const struct pk_scenario *s)
{
	enum pk_billing_day_from f;
	int64_t day = scenario_billing_day(s, &f), ms = 0, end_s;
	size_t i;

	if (f != PK_BILLING_CLOCK) {
		return day;
	}
	for (i = 0; i < s->n_phases; i++) {
		ms += s->phases[i].duration_ms;
	}
	end_s = s->clock_start_s + (ms > 0 ? (ms + 999) / 1000 - 1 : 0);
	return end_s >= 0 ? end_s / 86400 : -((-end_s + 86399) / 86400);
}

/* Variant v's meters have a row on day, in one currency. */
static int check_day(struct pk_scenario *s, const char *file,
		     const struct pk_container_spec *c, int64_t day,
		     struct pk_diag *d)
{
	const struct pk_pricing_spec *p = &s->pricing;
	const char *provider = scenario_variant_provider(s, c);
	struct pk_price_pick pick;
	const char *m[10];
	char buf[16];
	size_t k;

	needed_meters(s, c, m);
	for (k = 0; m[k]; k++) {
		if (scenario_price_on(s, provider, m[k], day, &pick) == 0) {
			continue;
		}
		diag_error(d, file, p->line, p->col,
			   "no price for %s %s %s on %s in %s (variant %s "
			   "needs it%s): add the row, or give a region or "
			   "date that has it",
			   provider, scenario_pricing_region(s, provider), m[k],
			   prices_day_text(day, buf, sizeof(buf)),
			   scenario_prices_name(s), c->name,
			   day == scenario_billing_day(s, NULL)
			       ? ""
			       : "; each clock hour of the run is priced "
				 "on its own day");
		return -1;
	}
	optional_meters(s, c, m + k);
	return one_currency(s, m, c, day, d);
}

/* The first row of variant c's own meters on day that is in a
   currency (an allowance row, currency GB, aside), or NULL */
static const struct pk_price_row *
currency_row(struct pk_scenario *s, const struct pk_container_spec *c,
	     int64_t day)
{
	const char *provider = scenario_variant_provider(s, c);
	const char *m[10];
	struct pk_price_pick pick;
	size_t k;

	needed_meters(s, c, m);
	for (k = 0; m[k]; k++) {
		if (scenario_price_on(s, provider, m[k], day, &pick) == 0 &&
		    strcmp(pick.row->currency, "GB") != 0) {
			return pick.row;
		}
	}
	return NULL;
}

/* Every variant billed in one currency: a compare ranks their months
   against each other (across services too: a container's Azure rows
   and a table's AWS rows), and pksim converts no currency. Refused at
   the second currency's row. */
static int variants_one_currency(struct pk_scenario *s, struct pk_diag *d)
{
	int64_t day = scenario_billing_day(s, NULL);
	const struct pk_price_row *first = NULL, *r;
	size_t v, at = 0;

	for (v = 0; v < s->n_variants; v++) {
		r = currency_row(s, &s->variants[v], day);
		if (!r) {
			continue;
		}
		if (!first) {
			first = r;
			at = v;
			continue;
		}
		if (strcmp(r->currency, first->currency) == 0) {
			continue;
		}
		diag_error(d, s->pricing.prices->file, r->line, r->currency_col,
			   "variant %s is billed in %s (%s %s %s) and variant "
			   "%s in %s (%s %s %s, line %d): a compare ranks "
			   "their costs against each other and pksim "
			   "converts no currency; give both services' "
			   "regions rows in one currency",
			   s->variants[v].name, r->currency, r->provider,
			   r->region, r->meter, s->variants[at].name,
			   first->currency, first->provider, first->region,
			   first->meter, first->line);
		return -1;
	}
	return 0;
}

/* Every variant's meters have a row on each day the planned run
   touches (the billing date alone unless its hours are priced by their
   own days). */
static int check_meters(struct pk_scenario *s, const char *file,
			struct pk_diag *d)
{
	const struct pk_pricing_spec *p = &s->pricing;
	int64_t first = scenario_billing_day(s, NULL);
	int64_t last = last_planned_day(s), day;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		if (p->free_tier && s->variants[v].serverless) {
			diag_error(d, file, p->line, p->col,
				   "free_tier with variant %s, which is "
				   "serverless: Azure Cosmos DB offers no free "
				   "tier for serverless accounts (C-BILL); "
				   "leave free_tier out",
				   s->variants[v].name);
			return -1;
		}
		if (p->reserved_ru_per_s > 0 && s->variants[v].serverless) {
			diag_error(d, file, p->line, p->col,
				   "reserved with variant %s, which is "
				   "serverless: reserved capacity is RU/s "
				   "bought for provisioned throughput, and a "
				   "serverless account bills the RU it "
				   "consumes (C-BILL), so the reservation "
				   "would not apply; leave reserved out",
				   s->variants[v].name);
			return -1;
		}
		if ((p->free_tier || p->reserved_ru_per_s > 0) &&
		    s->variants[v].fabric) {
			diag_error(d, file, p->line, p->col,
				   "%s with variant %s, which has profile "
				   "fabric: Cosmos DB in Fabric is billed in "
				   "a Fabric capacity's units (rule 41), not "
				   "by Azure Cosmos DB's free tier or reserved "
				   "capacity; leave %s out",
				   p->free_tier ? "free_tier" : "reserved",
				   s->variants[v].name,
				   p->free_tier ? "free_tier" : "reserved");
			return -1;
		}
		for (day = first; day <= last; day++) {
			if (check_day(s, file, &s->variants[v], day, d)) {
				return -1;
			}
		}
	}
	return 0;
}

int scenario_pricing_resolve(struct pk_scenario *s, const char *prices_file,
			     struct pk_diag *d)
{
	struct pk_pricing_spec *p = &s->pricing;
	const char *file = s->file;
	char *path;

	if (prices_file) {
		p->asked = 1;
		free(p->table);
		p->table = xstrdup(prices_file);
	}
	if (!p->asked) {
		return 0;
	}
	path = p->table ? xstrdup(p->table) : prices_default_path(d);
	if (!path) {
		return -1;
	}
	prices_free(p->prices);
	p->prices = prices_load(path, d);
	free(path);
	if (!p->prices) {
		return -1;
	}
	if (need_region(s, file, d) || check_overrides(s, file, d) ||
	    ddb_pricing_ok(s, file, d) || check_meters(s, file, d) ||
	    variants_one_currency(s, d)) {
		return -1;
	}
	return 0;
}
