/*
 * ddb_layout: how many partitions an Amazon DynamoDB table has and what
 * share of its provisioned read and write capacity each one holds.
 *
 * Rules (dynamodb-mechanics.md §3, §15; sources A-GUIDE17, SO-PART,
 * PAPER §4, BLOG3):
 * - D3: a partition serves at most 3,000 read and 1,000 write units a
 *   second and holds about 10 GiB.
 * - D4: a provisioned table starts with max(1, ceil(RCU / 3,000 +
 *   WCU / 1,000), ceil(GiB / 10)) partitions; an on-demand table with 4
 *   (INFERRED: 4,000 WRU/s and 12,000 RRU/s at once).
 * - D5: provisioned capacity is divided evenly at creation and after a
 *   raise; a storage split gives each child half its parent's share, so
 *   shares become uneven.
 * - A raise the partitions cannot carry (RCU / 3,000 + WCU / 1,000 above
 *   the count) adds partitions: the count doubles until it can
 *   (`double`, the 2017 guide's rule and the default) or becomes the
 *   formula's value (`formula`). ASSUMPTION: AWS publishes no rule today;
 *   the reference proposes this switch.
 * - D8: partitions are never merged; lowering capacity shrinks shares.
 *
 * Partitions are kept in key-space order: a split puts its two children
 * where the parent was. What is left out here: where a heat split (D7)
 * cuts, which needs the traffic (ddb_hsplit.c; its children share their
 * parent's amount as a storage split's, ddb_layout_split), and the hash
 * placement of keys.
 */
#ifndef PKSIM_DDB_LAYOUT_H
#define PKSIM_DDB_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#define PK_DDB_PART_RCU 3000u			       /* D3 */
#define PK_DDB_PART_WCU 1000u			       /* D3 */
#define PK_DDB_PART_BYTES (10ull * 1024 * 1024 * 1024) /* D6: 10 GiB */
#define PK_DDB_ON_DEMAND_PARTITIONS 4u		       /* D4, INFERRED */

enum pk_ddb_raise_rule {
	PK_DDB_RAISE_DOUBLE,  /* the count doubles until it carries the raise */
	PK_DDB_RAISE_FORMULA, /* the count becomes ceil(RCU/3,000 + WCU/1,000)
			       */
};

/* One partition's provisioned share, in units a second (may be
   fractional: 500 WCU over 16 partitions is 31.25 each). */
struct pk_ddb_part {
	double rcu; /* read units a second, >= 0 */
	double wcu; /* write units a second, >= 0 */
};

/* A table's partitions. Owns parts. */
struct pk_ddb_layout {
	struct pk_ddb_part *parts; /* n partitions in key-space order */
	size_t n;		   /* >= 1 */
	uint64_t rcu; /* the table's provisioned RCU (0 on demand) */
	uint64_t wcu; /* the table's provisioned WCU (0 on demand) */
	enum pk_ddb_raise_rule rule;
};

/* The D4 partition count of a provisioned table created with rcu read
   and wcu write units a second holding stored_bytes: max(1, ceil(rcu /
   3,000 + wcu / 1,000), ceil(stored_bytes / 10 GiB)). */
size_t ddb_layout_initial_count(uint64_t rcu, uint64_t wcu,
				uint64_t stored_bytes);

/* The partitions throughput alone asks for: ceil(rcu / 3,000 + wcu /
   1,000), computed exactly in integers. */
size_t ddb_layout_throughput_count(uint64_t rcu, uint64_t wcu);

/* Fill l for a provisioned table created with rcu, wcu and stored_bytes
   (D4), shares even (D5). l is overwritten; free it with
   ddb_layout_free. */
void ddb_layout_init(struct pk_ddb_layout *l, uint64_t rcu, uint64_t wcu,
		     uint64_t stored_bytes, enum pk_ddb_raise_rule rule);

/* Fill l for an on-demand table: 4 partitions (D4), no provisioned
   shares. */
void ddb_layout_init_on_demand(struct pk_ddb_layout *l);

/* The partition count of n partitions (>= 1) once the table's units
   become rcu and wcu: n when they can carry them
   (ddb_layout_throughput_count <= n), else by rule: n doubled until
   they can, or the formula's count. Never below n (D8). */
size_t ddb_layout_raise_count(size_t n, uint64_t rcu, uint64_t wcu,
			      enum pk_ddb_raise_rule rule);

/* Set the table's provisioned rcu and wcu. When the partitions cannot
   carry them (ddb_layout_throughput_count above n) partitions are added
   by l->rule; never removed (D8). Shares become even (D5). Returns the
   number of partitions added (0 for a lowering). */
size_t ddb_layout_set_throughput(struct pk_ddb_layout *l, uint64_t rcu,
				 uint64_t wcu);

/* Split partition i (0-based, < n) for storage (D6): two children in its
   place, each with half its share (D5). */
void ddb_layout_split(struct pk_ddb_layout *l, size_t i);

/* Release l's partitions; l may be NULL. */
void ddb_layout_free(struct pk_ddb_layout *l);

#endif
