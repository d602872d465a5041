/*
 * scenario_service: the service a scenario runs on (`service:`; Azure
 * Cosmos DB, `cosmos`, when it names none), and its container section
 * read by that service's own spec loader.
 */
#include <stdio.h>
#include <string.h>

#include "loader.h"

/* One service a scenario may name, and the loader of its section */
struct service_loader {
	const char *name; /* as a scenario writes it */
	const char *what; /* as people know it */
	enum pk_service_kind kind;
	void (*load)(struct ld *ld, const struct yn *root);
};

/* Azure Cosmos DB's section: `container` (required) and `variants` */
static void load_cosmos(struct ld *ld, const struct yn *root)
{
	const struct yn *n = yn_get(root, "container");

	if (!n) {
		ld_err(ld, root,
		       "missing required key 'container' (with "
		       "partition_key and throughput)");
	} else if (ld_need_kind(ld, n, YN_MAP, "container",
				"a mapping with partition_key and throughput") <
		   0) {
		n = NULL;
	}
	if (yn_get(root, "table")) {
		ld_err(ld, yn_get(root, "table"),
		       "table is Amazon DynamoDB's section; add service: "
		       "dynamodb, or describe an Azure Cosmos DB container "
		       "under container:");
	}
	ld_load_containers(ld, n, yn_get(root, "variants"));
}

/* Amazon DynamoDB's section: `table` (required); none of Azure Cosmos
   DB's container sections, and one table a scenario */
static void load_dynamodb(struct ld *ld, const struct yn *root)
{
	static const char *const cosmos_only[] = {"container", "variants",
						  "change_feed", NULL};
	const struct yn *n = yn_get(root, "table");
	const struct yn *a = yn_get(root, "account");
	size_t i;

	if (a && a->kind == YN_MAP && (a = yn_get(a, "default_priority"))) {
		ld_err(ld, a,
		       "default_priority is Azure Cosmos DB's priority-based "
		       "execution (rule 35); service: dynamodb has no request "
		       "priority (a table throttles every request alike): "
		       "remove it");
	}
	for (i = 0; cosmos_only[i]; i++) {
		const struct yn *c = yn_get(root, cosmos_only[i]);

		if (c) {
			ld_err(ld, c,
			       "%s is for service: cosmos; a dynamodb "
			       "scenario describes one table under table: "
			       "(partition_key, capacity, ...)",
			       cosmos_only[i]);
		}
	}
	if (!n) {
		ld_err(ld, root,
		       "missing required key 'table' (with partition_key "
		       "and capacity) for service: dynamodb");
		return;
	}
	if (ld_need_kind(ld, n, YN_MAP, "table",
			 "a mapping with partition_key and capacity") == 0) {
		ld_load_table(ld, n);
	}
}

static const struct service_loader services[] = {
    {"cosmos", "Azure Cosmos DB", PK_SERVICE_COSMOS, load_cosmos},
    {"dynamodb", "Amazon DynamoDB", PK_SERVICE_DYNAMODB, load_dynamodb},
};

#define N_SERVICES (sizeof(services) / sizeof(services[0]))

/* Room for the list of services with what each is */
#define PK_SERVICE_LIST_BYTES 256

/* "cosmos (Azure Cosmos DB), ..." into buf */
static const char *service_list(char *buf, size_t cap)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < N_SERVICES && at < cap; i++) {
		int k = snprintf(buf + at, cap - at, "%s%s (%s)", i ? ", " : "",
				 services[i].name, services[i].what);

		at += k > 0 ? (size_t)k : 0;
	}
	return buf;
}

/* The service n names, or NULL after an error at n */
static const struct service_loader *service_named(struct ld *ld,
						  const struct yn *n)
{
	const char *names[N_SERVICES + 1];
	char buf[PK_YN_DESC_BYTES], all[PK_SERVICE_LIST_BYTES];
	const char *near;
	size_t i;

	for (i = 0; i < N_SERVICES; i++) {
		if (n->kind == YN_SCALAR &&
		    strcmp(n->text, services[i].name) == 0) {
			return &services[i];
		}
		names[i] = services[i].name;
	}
	names[N_SERVICES] = NULL;
	yn_desc(n, buf, sizeof(buf));
	service_list(all, sizeof(all));
	if (n->kind != YN_SCALAR) {
		ld_err(ld, n, "service must be one word, one of: %s (got %s)",
		       all, buf);
		return NULL;
	}
	near = ld_nearest(n->text, names);
	if (near) {
		ld_err(ld, n,
		       "unknown service %s; did you mean '%s'? allowed: %s",
		       buf, near, all);
	} else {
		ld_err(ld, n, "unknown service %s; allowed: %s", buf, all);
	}
	return NULL;
}

int ld_load_service(struct ld *ld, const struct yn *root)
{
	const struct yn *n = yn_get(root, "service");
	const struct service_loader *sv = &services[0];

	if (n && !(sv = service_named(ld, n))) {
		return -1;
	}
	ld->s->service = sv->kind;
	sv->load(ld, root);
	return 0;
}

int scenario_mixed_services(const struct pk_scenario *s)
{
	size_t i;

	for (i = 1; i < s->n_variants; i++) {
		if (!scenario_variant_table(s, &s->variants[i]) !=
		    !scenario_variant_table(s, &s->variants[0])) {
			return 1;
		}
	}
	return 0;
}

int ld_any_batch_write_table(const struct pk_scenario *s)
{
	const struct pk_ddb_table_spec *t;
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		t = scenario_variant_table(s, &s->variants[i]);
		if (t && !t->transact) {
			return 1;
		}
	}
	return 0;
}

int ld_any_table(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		if (scenario_variant_table(s, &s->variants[i])) {
			return 1;
		}
	}
	return 0;
}
