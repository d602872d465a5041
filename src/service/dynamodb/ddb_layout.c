/*
 * ddb_layout: a DynamoDB table's partition count and shares (rules D3-D5,
 * D8; see ddb_layout.h).
 */
#include "pksim/service/dynamodb/ddb_layout.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

static size_t ceil_div(uint64_t a, uint64_t b)
{
	return (size_t)(a / b + (a % b != 0));
}

size_t ddb_layout_throughput_count(uint64_t rcu, uint64_t wcu)
{
	/* rcu / 3,000 + wcu / 1,000 = (rcu + 3 wcu) / 3,000 */
	uint64_t per_part = PK_DDB_PART_RCU;
	uint64_t scaled = PK_DDB_PART_RCU / PK_DDB_PART_WCU;

	return ceil_div(rcu + scaled * wcu, per_part);
}

size_t ddb_layout_initial_count(uint64_t rcu, uint64_t wcu,
				uint64_t stored_bytes)
{
	size_t by_units = ddb_layout_throughput_count(rcu, wcu);
	size_t by_bytes = ceil_div(stored_bytes, PK_DDB_PART_BYTES);
	size_t n = by_units > by_bytes ? by_units : by_bytes;

	return n > 0 ? n : 1;
}

/* even shares of the table's provisioned units over n partitions */
static void spread_even(struct pk_ddb_layout *l)
{
	for (size_t i = 0; i < l->n; i++) {
		l->parts[i].rcu = (double)l->rcu / (double)l->n;
		l->parts[i].wcu = (double)l->wcu / (double)l->n;
	}
}

static void resize(struct pk_ddb_layout *l, size_t n)
{
	l->parts = xreallocarray(l->parts, n, sizeof(*l->parts));
	l->n = n;
}

void ddb_layout_init(struct pk_ddb_layout *l, uint64_t rcu, uint64_t wcu,
		     uint64_t stored_bytes, enum pk_ddb_raise_rule rule)
{
	memset(l, 0, sizeof(*l));
	l->rcu = rcu;
	l->wcu = wcu;
	l->rule = rule;
	resize(l, ddb_layout_initial_count(rcu, wcu, stored_bytes));
	spread_even(l);
}

void ddb_layout_init_on_demand(struct pk_ddb_layout *l)
{
	ddb_layout_init(l, 0, 0, 0, PK_DDB_RAISE_DOUBLE);
	resize(l, PK_DDB_ON_DEMAND_PARTITIONS);
	spread_even(l);
}

size_t ddb_layout_raise_count(size_t n, uint64_t rcu, uint64_t wcu,
			      enum pk_ddb_raise_rule rule)
{
	size_t need = ddb_layout_throughput_count(rcu, wcu);

	if (need > n) {
		if (rule == PK_DDB_RAISE_FORMULA) {
			n = need;
		}
		while (n < need) {
			n *= 2;
		}
	}
	return n;
}

size_t ddb_layout_set_throughput(struct pk_ddb_layout *l, uint64_t rcu,
				 uint64_t wcu)
{
	size_t n = ddb_layout_raise_count(l->n, rcu, wcu, l->rule);
	size_t added = n - l->n;

	l->rcu = rcu;
	l->wcu = wcu;
	resize(l, n);
	spread_even(l);
	return added;
}

void ddb_layout_split(struct pk_ddb_layout *l, size_t i)
{
	struct pk_ddb_part half = {l->parts[i].rcu / 2, l->parts[i].wcu / 2};

	resize(l, l->n + 1);
	memmove(&l->parts[i + 2], &l->parts[i + 1],
		(l->n - i - 2) * sizeof(*l->parts));
	l->parts[i] = half;
	l->parts[i + 1] = half;
}

void ddb_layout_free(struct pk_ddb_layout *l)
{
	if (l != NULL) {
		free(l->parts);
		l->parts = NULL;
		l->n = 0;
	}
}
