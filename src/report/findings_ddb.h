/*
 * findings_ddb (internal to findings): the classic Amazon DynamoDB traps
 * a table's run shows (issue's "findings in DynamoDB's words"; reference
 * §7, §15): an on-demand table meeting traffic past twice its previous
 * peak (D12, D13). Each returns one sentence owned by the caller
 * (free()), or NULL when there is nothing to say (another service, a
 * provisioned table, no such second).
 */
#ifndef PKSIM_FINDINGS_DDB_H
#define PKSIM_FINDINGS_DDB_H

#include <stddef.h>

#include "findings_alive.h"
#include "pksim/result/result.h"

/* An on-demand table's side (write: 1 writes, 0 reads) asked more units
   in some second than its instant limit, max(warm, 2 x the previous
   peak) (D12, D13; pk_ddb_past_peak): the first such second, its limit
   and what was asked, how many seconds and throttles, and the rule
   (the table's peak_lag_s, 30 minutes unless the scenario says, read
   from r's scenario; the warm throughput as its floor). */
char *findings_ddb_past_peak(const struct pk_result *r,
			     const struct pk_result_variant *v, int write);

/* Under `partition_limit: linear` (D3, reference §2: a partition
   serves reads / 3,000 + writes / 1,000 at most 1 a second), a table's
   hottest value of reads, also its hottest of writes, asked in their
   busiest seconds more than one budget though neither side passed its
   own cap (findings_ddb_hot_key's): the fraction, the share of its
   units refused ((f - 1) / f), whether a split could help and what to
   do, for its heavier side (as findings_ddb_hot_key). NULL otherwise
   (another limit, the hottest values differ, or within one budget).
   Owned by the caller. */
char *findings_ddb_hot_key_linear(const struct pk_result *r,
				  const struct pk_result_variant *v);

/* A table's partition-key value asked more units of one side (write:
   1 writes, 0 reads) in a second than one partition serves (D3: 1,000
   WCU, 3,000 RCU; pk_ddb_hot_key): how much and when, and whether a
   split could ever help: never for one item (no sort key), a value
   pinned by a local secondary index (D18) or writes along a rising or
   falling sort key (D7); else a heat split by sort key could (D7, not
   replayed: the throttles are an upper bound); and what to do: write
   sharding for writes; for reads, eventually consistent reads (half
   the units, D1) and a cache (DAX), not write sharding. r's scenario
   gives the table's read consistency. NULL under the cap. */
char *findings_ddb_hot_key(const struct pk_result *r,
			   const struct pk_result_variant *v, int write);

/* Auto scaling (D19) changed table v's (of r) write units while global
   secondary index i kept its fixed units and refused base writes: the
   table's lowest and highest write units, the index's units and
   throttles, and that pksim scales no index (ASSUMPTION: the reference
   says nothing of an index's auto scaling; AWS's console can apply a
   table's settings to its indexes, each with its own). NULL otherwise
   (no auto scaling, units never changed, no throttle of index i). */
char *findings_ddb_index_fixed(const struct pk_result *r,
			       const struct pk_result_variant *v, size_t i);

/* Whether the seconds table v's partition id throttled were one key
   value's, from the per-second samples: each throttled second's first
   attempts, at the mean units of its admitted requests, asked no more
   than the table's hottest values asked in their busiest second (reads
   and writes added, a unit's rounding aside), and in that busiest second
   the partition was asked as much (the value is on it): 1; a throttled
   second asked more, which one value cannot: 0; -1 when it cannot tell
   (no per-second samples, a throttled second with nothing admitted, or
   the hottest value elsewhere). */
int findings_ddb_one_value(const struct pk_result_variant *v, uint32_t id);

/* Whether table v's partition id was hot by several key values rather
   than one: where its throttled seconds tell (findings_ddb_one_value),
   one of them asked more than one value can; else no key value asked
   more than a partition's cap in a second (else findings_ddb_hot_key
   speaks) and hr, its row at the end (NULL when it split away: then
   only its seconds tell), had first attempts averaging more units a
   busy second than any one value asked in its busiest second, reads and
   writes added, which one value alone cannot do. 0 for another
   service. */
int findings_ddb_shared(const struct pk_result_variant *v, uint32_t id,
			const struct pk_result_range *hr);

/* How long after a peak table v's on-demand instant limit doubles, in
   the findings' words, into buf (n bytes), returned: the reference's
   "30 minutes", or the table's peak_lag_s (r's scenario). */
const char *findings_ddb_peak_lag(const struct pk_result *r,
				  const struct pk_result_variant *v, char *buf,
				  size_t n);

/* Table v's Query and Scan pages that never fit (pk_snapshot_ddb
   .never_fit_q): their count, why (a page is admitted whole, never into
   debt: ASSUMPTION), that no heat split comes for them, and what brings
   each under a partition's second (a page Limit, eventually consistent
   reads); owned by the caller. NULL when none (or another service). */
char *findings_ddb_never_fit_query(const struct pk_result *r,
				   const struct pk_result_variant *v);

/* What the hot-partition finding calls table v's partition id, hot by
   several key values, in place of "a key problem": DynamoDB splits it
   for heat (D7), which pksim replays (the table's heat_split, on by
   default): split in the run (its throttles are those before the
   split), refused (why, and that its throttles go on), or not within
   the run; or does not (off: those after its first minutes are an
   upper bound); and that which values share a partition is pksim's
   hash. Not within the run, a refusal its first hot seconds already
   show is said as one (findings_ddb_refusal_ahead, r's scenario giving
   the table's heat_pct). A static string, or buf (n bytes) filled. */
const char *findings_ddb_shared_words(const struct pk_result *r,
				      const struct pk_result_variant *v,
				      uint32_t id, char *buf, size_t n);

/* Table v's partition hr came from a storage split (D6) while the table
   keeps its key values' items by sort key with no local secondary index
   to pin a collection (D18): what the hot-partition finding adds, owned
   by the caller. A split that cut the hottest key value's items by sort
   key (pk_split_event.by_sort_key) is said so: each later request goes
   to the child holding its sort key, and a steady sort key's puts all
   to one child (its throttles are DynamoDB's). Else the caveat
   that DynamoDB cuts by data, so one key value's
   items past the cut and their requests go to the other child, which
   pksim, cutting the hash slice, keeps on one (ASSUMPTION): its throttles
   are an upper bound. When the key value's puts follow a steady sort
   key, its later puts sort past the cut into one child in DynamoDB too
   (its throttles are DynamoDB's), unless reads were throttled by a
   partition's own units: those go to the child holding each item, so
   the caveat stays an upper bound and counts them. NULL otherwise (another
   service, no sort key, a local index, a partition of the creation layout or of
   a heat split). */
char *findings_ddb_cut_words(const struct pk_result_variant *v,
			     const struct pk_result_range *hr);

/* The side (1 writes, 0 reads) table v's throttles named when they
   named one only (its pk_throttle_reason names, "TableWrite..." or
   "IndexWrite..." against "TableRead..."), else -1: none, or both. */
int findings_ddb_throttled_side(const struct pk_result_variant *v);

/* Table v's throttles of its own requests, reads and writes: every
   pk_throttle_reason but a global secondary index's ("IndexWrite...",
   which the index refused, not the table's units). 0 for another
   service. */
uint64_t findings_ddb_table_throttles(const struct pk_result_variant *v);

/* Normalized consumption stops at 100%, so a partition asked far past
   its share looks like one just at it. The partition of table v that,
   by its first attempts' units over its life (offered_mru) per unit of
   its share (ru_per_s_mru), was offered at least
   PK_FINDINGS_DDB_OFFERED_RATIO x the other partitions' mean and, when
   the table throttled any of its own requests, holds more than half of
   them: a hot partition the p99 cannot show. Its ratio to the others'
   mean into *ratio. The partitions at the end are compared over the
   seconds they all lived: they must all have been made in one second
   (the creation, or one change's splits), and no partition gone after
   it may have had requests. NULL for another service, one partition,
   partitions made at different seconds or by a merge, or one gone with
   requests while they lived (their sums would cover different seconds).
   Borrowed from v. */
const struct pk_result_range *
findings_ddb_offered_hot(const struct pk_result_variant *v, double *ratio);

/* The throttles of table v's own provisioned total
   (Table...ProvisionedThroughputExceeded, D14): the table was asked past
   its units in those seconds. 0 for another service */
uint64_t findings_ddb_total_throttles(const struct pk_result_variant *v);

/* rule 32's gap between the busiest partition (90%) and another (70%),
   90 / 70, asked of the offered units, which no cap stops */
#define PK_FINDINGS_DDB_OFFERED_RATIO (90.0 / 70.0)

/* What held on-demand table v's side (write) in r's scenario, into buf
   (n bytes): "its configured maximum of 2,000 WRU a second
   (max_write_request_units)" when every throttle of that side was the
   maximum's (TableWriteMaxOnDemandThroughputExceeded: D12, reference §7
   "optional per-table maximum"), "the table's quota of 3,000 WRU a
   second (table_quota_units, AccountLimitExceeded)" when every one was
   the quota's, else "its on-demand write instant limit". Returns buf. */
const char *findings_ddb_od_bound(const struct pk_result *r,
				  const struct pk_result_variant *v, int write,
				  char *buf, size_t n);

/* The throttles of on-demand table v's side (write) its configured
   maximum refused, when they were every throttle of that side; else
   0 (provisioned, none, or others too) */
uint64_t findings_ddb_max_only(const struct pk_result_variant *v, int write);

/* The throttles of on-demand table v's side (write) its per-table quota
   refused (Table...AccountLimitExceeded: table_quota_units, D12; a quota
   that does not grow with traffic, reference §7 "Ceilings"), when they
   were every throttle of that side; else 0 */
uint64_t findings_ddb_quota_only(const struct pk_result_variant *v, int write);

/* Whether provisioned table v (of r) used more than the units it held
   on a side over the run while its burst bank (D9) is on: the side
   (side >= 0: that one; -1: the busier) into *write (1: writes) and its
   use (consumed / units held) into *use, written whatever the answer */
int findings_ddb_bank_use(const struct pk_result *r,
			  const struct pk_result_variant *v, int side,
			  int *write, double *use);

/* Provisioned table v (of r) throttled none of its own requests though
   a side consumed more than the units it held over the run: only its
   burst bank (D9) can pay that. Into buf (n bytes): the side, its use,
   when a bank full at the start empties (300 s / (use - 1)) and the
   share then throttled ((use - 1) / use); returns 1, else 0 (nothing
   written). */
int findings_ddb_on_bank(const struct pk_result *r,
			 const struct pk_result_variant *v, char *buf,
			 size_t n);

/* D9: a partition's bank holds at most 300 s of its units (reference
   §6; ddb_admit.h's PK_DDB_BANK_SECONDS, private to the service), s */
#define PK_FINDINGS_DDB_BANK_S 300.0

/* The seconds table v's partitions are compared over when the busiest,
   hot, ran at hot_pct % or more (alive_hot_window), into *w; returns
   how many partitions made after or gone before those seconds are left
   out (0: none, every partition compared). */
size_t findings_ddb_compared(const struct pk_result_variant *v, int hot_pct,
			     const struct pk_result_lineage *hot,
			     struct alive_window *w);

/* Into buf (n bytes), for table v of r: which of its units ran short,
   the side throttled against its own (D3), "too few WCU for this load
   (...)", or on demand the maximum that refused them (D12); over the
   seconds findings_ddb_compared gives for hot (NULL: none) at hot_pct
   when they leave partitions out, else over the run. Returns buf. */
const char *findings_ddb_short_of(const struct pk_result *r, int hot_pct,
				  const struct pk_result_variant *v,
				  const struct pk_result_lineage *hot,
				  char *buf, size_t n);

#endif
