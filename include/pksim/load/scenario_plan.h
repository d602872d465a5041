/*
 * scenario_plan: the limits a scenario is held to and what it is planned
 * to cost before it runs: the values' bounds, the memory estimate and its
 * per-structure sizes, the work bound and its units, the simulated-time
 * and operation limits, and the checks that refuse a run up front
 * (plan_memory.c, plan_work.c and their kin). scenario.h includes it.
 *
 * Units: sizes in bytes, durations in milliseconds unless a name says
 * seconds (_S), work in units of about 0.37 us of CPU on a release build
 * (README).
 */
#ifndef PKSIM_SCENARIO_PLAN_H
#define PKSIM_SCENARIO_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"

struct pk_container_spec;
struct pk_scenario;

/* Memory a run may plan to track its items: the machines have 24 GiB,
   and a scenario needing more than a third of it is refused up front with
   the estimate (plan_memory.c). Each size below is what the code
   allocates, from its struct's sizeof on x86-64, glibc malloc's rounding
   (a chunk is the request + 8 bytes, rounded up to 16) and the growth of
   its table; an array grown by doubling through realloc counts at its
   entries, not its capacity (pages past the last entry written are never
   touched). Per item: the workload's record (plan_memory.c,
   item_record_bytes: 4 bytes of size when a later operation can name
   the item (scenario_items_read_back), 4 a drawn property's value index,
   8 of creation time with a clock property, 4 of size at creation with
   batches, 1 of stream with several streams), and each variant's
   pk_item_slot (8 bytes: bytes stored, logical partition) when a later
   operation can name the item (scenario_items_read_back), plus its draw
   set of written items when operations target them
   (PK_SCENARIO_TARGET_BYTES). */
#define PK_SCENARIO_MAX_TRACK_BYTES (8.0 * 1024 * 1024 * 1024)
#define PK_SCENARIO_SLOT_BYTES 8.0
/* Per item and variant when operations target written items (targets.h):
   its place in the draw set, the set's entry and a Fenwick cell, 4 bytes
   each */
#define PK_SCENARIO_TARGET_BYTES 12.0
/* More of what a run allocates, per variant, for the same estimate:
   - an id entry (ids that can repeat: a data file or a non-unique /id):
     pk_id_entry is 80 bytes (a 56-byte UT_hash_handle, a 16-byte key, the
     8-byte item), a 96-byte malloc chunk, and uthash's buckets (16 bytes
     each, about one per 2 entries once it has doubled them) 8: 104;
   - a logical partition: pk_lp, 64 bytes in the pool (lp.h), and its
     4-byte slot of the index, kept at most 7/8 and at least 7/16 full
     (lptable.c): at most 4 x 16 / 7 = 9.1, so 74; its identity bytes
     (each level's text + 2, epk_encode_v2) and EPK (16 bytes a level,
     PK_EPK_V2_BYTES) in the container's arena are counted at the key's
     length (PK_SCENARIO_LP_LEVEL_BYTES a level), and the per-value cache
     of a key that is one property (cosmos_service.c: 4 bytes a value,
     touched a 4 KiB page at a time) beside them;
   - a per-second sample (one range in one second) and a per-second or
     per-minute record (48 and 64 bytes);
   - one counter of the retry-wait histogram per ms of wait, up to
     max_wait when the client retries plus the 30 s of 410 waits
     (PK_THROTTLE_GONE_MAX_WAIT_MS) when a variant sets split_gone, as
     the histogram grows: by doubling from 16;
   - per-second detail is kept for runs up to a day
     (PK_METRICS_DETAIL_MAX_S); a longer run keeps instead, per range a
     request reached, one 56-byte bucket per heat-map column of its
     planned length (PK_METRICS_HEAT_COLS = 720), 750 allowing for
     retries and splits after the last phase. */
#define PK_SCENARIO_ID_BYTES 104.0
/* a physical partition: its record, key range, range statistics and a
   second's scratch sample; measured: 1,000,000 partitions (1,000,000
   RU/s at 1 RU/s a partition) ran in 685 MB */
#define PK_SCENARIO_RANGE_BYTES 700.0
/* What a split keeps beyond its new range's PK_SCENARIO_RANGE_BYTES
   (its event, the per-range arrays' growth): measured max RSS under a
   1 KB storage cap, 39,999 splits of a preload 205 MB and 9,812 of 10 s
   of creates 55.5 MB, 1.8 and 1.2 KB a split above the estimate
   without it. Rounded up. */
#define PK_SCENARIO_SPLIT_BYTES 2048.0
#define PK_SCENARIO_LP_BYTES 74.0
#define PK_SCENARIO_LP_LEVEL_BYTES 18.0
/* The key arena (lptable.c, PK_LP_ARENA_BLOCK): logical partitions' keys
   packed into blocks of PK_SCENARIO_LP_ARENA_BLOCK bytes, each its own
   allocation with malloc's header (PK_SCENARIO_ALLOC_HEADER_BYTES); a
   key longer than a block is allocated alone */
#define PK_SCENARIO_LP_ARENA_BLOCK 65536.0
#define PK_SCENARIO_ALLOC_HEADER_BYTES 16.0
#define PK_SCENARIO_LP_CACHE_BYTES 4.0
/* A logical partition that sees a 429 gets a pk_lp_rare (lp.h, 32
   bytes), counted when the run can be rate limited
   (scenario_can_throttle) for each one on a partition that can pass its
   share of the RU/s (plan_ranges.c, over_share); the pool's last block
   is a whole 2 MiB huge page (PK_LP_BLOCK x 64 bytes) however few it
   holds, once a variant */
#define PK_SCENARIO_LP_RARE_BYTES 32.0
#define PK_SCENARIO_LP_BLOCK_BYTES (2.0 * 1024 * 1024)
/* The report's storage runway (result/runway.c) groups a variant's
   logical partitions by key value, one variant at a time, while the run
   is still held: per group its record (240 bytes as allocated), its hash
   bucket's share (16), its key (at most the logical partition's key
   bytes, and 16 of allocation) and, for a key of several properties'
   values, the entry that marks its code seen while the groups are made
   from the values' chances (runway_shares.c: 64 and a bucket's 16); a
   key that is one property's values takes instead a share and a count
   per logical partition (12 bytes). Measured (massif, 50,000 logical
   partitions of [/a, /b]): 12,000,000 B of records, 3,200,000 of seen
   entries, 750,000 of keys at the peak. */
#define PK_SCENARIO_RUNWAY_GROUP_BYTES 352.0
/* A data file's runway also finds a record's group through an index
   (runway.c, struct rw_gindex): a 16-byte slot per group at least twice
   over, 4 times just after it doubles: at most 64 bytes a group */
#define PK_SCENARIO_RUNWAY_INDEX_BYTES 64.0
#define PK_SCENARIO_RUNWAY_VALUE_BYTES 12.0
/* The report's per-range share beside PK_SCENARIO_RANGE_BYTES: the
   result's per-range records (the layout, each range's statistics and
   findings) and the report's rows for them, rendered, by format. JSON's
   (jansson objects and the text in memory) is the largest of the
   per-range costs; text, Markdown and HTML cost about the same, which is
   mostly the result's records (Markdown prints no per-range row), and a
   CSV series costs what text does (below), beside its rows
   (PK_SCENARIO_REPORT_CSV_ROW_BYTES). Measured, not derived from the
   allocations (jansson's and stdio's growth are not pksim's): the peak
   RSS (`/usr/bin/time -f %M`) of `pksim run R.yaml --no-remedies
   --format F -o OUT`, R tools/bench's ranges_yaml(N, 1000000) at
   100/s for 7200 s, grows between N = 1,000 and N = 10,000 by, a
   range: JSON 5,435 bytes, text 2,833, HTML 2,743, Markdown 2,803, CSV
   2,132 (its 21,528 more rows at PK_SCENARIO_REPORT_CSV_ROW_BYTES taken
   out); less the 700 counted above: 4,735, 2,133, 2,043, 2,103 and
   1,432; so 4,800 and 2,200 (text, Markdown, HTML, and the streams and
   money series, which measure as text). CSV's 1,432 was a slope with its
   rows taken out at 64 bytes when it held them; it now writes them as it
   renders them (cli.c, write_series), and its peak RSS is text's within
   1.1 % at 1,000 and 10,000 ranges over 60, 720 and 7,200 s (release
   build: 10,000 ranges for 60 s, 40,816,640 bytes against text's
   40,894,464), where 1,500 a range put its bound under the peak (0.865x
   at 10,000 ranges for 60 s): a CSV series counts text's 2,200. */
#define PK_SCENARIO_REPORT_RANGE_JSON_BYTES 4800.0
#define PK_SCENARIO_REPORT_RANGE_TEXT_BYTES 2200.0
/* A line of the text report's timeline (report_text_time.c): a row
   "  %-10lld %9s %6u %12s %12s %12s %10s %5.0f%%\n" is 87 bytes at its
   columns' widths (an idle stretch's line, at most 66), counted at 90
   for a figure wider than its column; the report is rendered into a
   memory stream whose buffer doubles as it grows: 180. Lines a run can
   print: ld_timeline_lines. Measured (the trial case steps.yaml, 348 d
   of 0.001/s steps): 30,122 lines, 2,446,755 bytes (81 a line), in a
   4 MiB buffer. */
#define PK_SCENARIO_TIMELINE_LINE_BYTES 180.0
/* One row of the CSV series (report_csv.c): a sample's variant name
   (quoted), second, range id
   (quoted) and seven numbers, 14 bytes of quotes, commas and newline;
   derived as the name's and 50 bytes of fields (a second up to 8
   digits, a range id up to 5, RU and RU/s up to 7 and 11, storage up to
   12, the rest a few each). The bench's 2 h rows average 41 bytes
   (24,648,006 bytes, 590,213 rows). ASSUMPTION: counted, though the
   series is written as rendered and holds none (its peak is text's):
   the refusals of runs whose per-second rows are the bulk (a DynamoDB
   table's global secondary indexes, tests/bad/ddb-gsi-rows-memory.yaml)
   count them, and DynamoDB tables' peaks already pass their text bounds
   (dynamodb/on-demand-ramp.yaml 0.96x): taking them out waits for those. */
#define PK_SCENARIO_REPORT_CSV_ROW_BYTES 64.0
/* One cell of the report's range x time heat map (result.h,
   pk_result_heat_cell: 56 bytes, 64 as allocated); a map has at most
   PK_METRICS_HEAT_COLS columns of one second or more, and past
   PK_RESULT_HEAT_CELLS cells it has fewer columns, one at the least (a
   cell per range then) */
#define PK_SCENARIO_HEAT_CELL_BYTES 64.0
#define PK_SCENARIO_HEAT_COLS 720.0
#define PK_SCENARIO_HEAT_CELLS 10000.0
#define PK_SCENARIO_PAGE_BYTES 4096.0
#define PK_SCENARIO_SAMPLE_BYTES 48.0
/* A closed second's record kept for the run's detail (metrics.h,
   struct pk_second: 184 bytes, the last 48 an Amazon DynamoDB table's
   read and write throttle events and, in a minute's record, each
   side's busiest second) */
#define PK_SCENARIO_SECOND_BYTES 184.0
/* The report's rows for one per-minute record, rendered: its JSON
   objects (jansson) and text, only in a JSON report (text, Markdown and
   HTML chart the run in at most a screen of rows, the CSV series is per
   second); and what a minute holds in any run, its record and what the
   result builds from it. Measured on 30,000,000 s at 1 create/s
   (500,000 minutes, release build, peak RSS less the rest of the
   estimate): 126 bytes a minute with a text report, 1,414 with a JSON
   one; counted at 192 and 1,320 more for JSON (1,512). The record
   (struct pk_second) has since grown by 48 bytes, an Amazon DynamoDB
   table's read and write throttle events and each side's busiest
   second (D15): 126 + 48 = 174, still under 192. */
#define PK_SCENARIO_REPORT_MINUTE_BYTES 1320.0
#define PK_SCENARIO_MINUTE_BYTES 192.0
/* The minutes of a run an Azure Cosmos DB container keeps its highest
   RU/s of, idle or not, which the bill's month repeats: the first 720
   hours (container.h's PK_CONTAINER_MINUTES_KEPT; check_plan_memory
   holds the copies equal). Each minute 8 bytes in the container's
   array, which grows to at most twice what it holds (mem_grow), and 8
   in the result's copy: 24. */
#define PK_SCENARIO_BILL_MINUTES (720.0 * 60.0)
#define PK_SCENARIO_BILL_MINUTE_BYTES 24.0
/* A DynamoDB table's JSON per-minute row has 19 members, not a
   container's 7 (peak_second_ru, peak_second_throttled_429 and each
   side's five too). With 9 members it was measured (build/ -O2, `/usr/bin/time
   -f %M`, --no-remedies -o FILE): a table of 100,000 RCU and WCU (134
   partitions), 0.01 creates/s for 10,000,000 s (100,000 minutes with a put),
   84,916 KB with a text report and 249,252 KB with a JSON one: 1,683 bytes a
   minute (the 134 partitions' JSON rows, 3 bytes a minute, left in); counted at
   1,760, 440 more than a container's row. The row then took 10 more members,
   each side's units, busiest second, units a second and throttle events
   (D15): the same run (release build) 82,468 KB with a text report and
   426,636 KB with a JSON one, 3,524 bytes a minute (77,580 and 242,020
   KB, 1,684, before); counted at 3,600. */
#define PK_SCENARIO_REPORT_TABLE_MINUTE_BYTES 3600.0
/* A global secondary index's per-minute record (ddb_gsi.c, gsi_minute:
   struct pk_ddb_index_time, 64 bytes, in an array that doubles as it
   grows, so up to 128 bytes a record), kept in every run for every
   minute with a write attempt on the index, and its JSON row
   (indexes[].per_minute[], 5 members). Measured as
   PK_SCENARIO_REPORT_TABLE_MINUTE_BYTES's run with 0, 5 and 20 indexes
   of 1,000 WCU (100,000 minute records each): text 84,916, 129,808 and
   223,628 KB, 92 and 71 bytes a record; JSON 249,252, 774,440 and
   2,349,380 KB, 1,076 bytes a record, so 984 to 1,005 for its JSON row;
   counted at 128 and 1,024 (1,152 in a JSON run). */
#define PK_SCENARIO_GSI_MINUTE_BYTES 128.0
#define PK_SCENARIO_REPORT_GSI_MINUTE_BYTES 1024.0
#define PK_SCENARIO_COUNTER_BYTES 8.0
#define PK_SCENARIO_GONE_WAIT_MS 30000.0
#define PK_SCENARIO_DETAIL_MAX_S 86400.0
/* What a CSV series of a run longer than PK_SCENARIO_DETAIL_MAX_S holds
   (cli.c keeps every second for it): a row's sample, struct pk_sample
   (64 bytes), for each physical partition in each second it sees a
   request, and a second's record, struct pk_second (184 bytes); the
   rows are rendered into the report's file as they are made, not held
   (output_open). Measured (peak RSS of --format csv less that of
   --format json, debug build, 2 creates/s over 10 ranges): 4, 8 and 16
   days, 656,578, 1,313,404 and 2,627,100 rows, 87.3, 172.2 and 338.0 MB
   against 89.0, 178.1 and 364.9 MB counted; 10 days at 1/s on one
   range (tests/check_output.c's), 179,772 kB in all against a
   peak bound of 201 MB. */
#define PK_SCENARIO_CSV_KEPT_ROW_BYTES 64.0
#define PK_SCENARIO_CSV_SECOND_BYTES 184.0
#define PK_SCENARIO_BUCKET_BYTES 56.0
#define PK_SCENARIO_BUCKETS_PER_RANGE 750.0
/* A DynamoDB table's partition-key value's heat record (ddb_heat.c:
   168 bytes, its allocation's overhead and its hash bucket's share)
   beside its key's bytes; a global secondary index's partition (its
   write side, its totals and its open second's counters), and one of its
   per-second rows (struct pk_ddb_index_time, 64 bytes) */
#define PK_SCENARIO_DDB_HEAT_BYTES 200.0
#define PK_SCENARIO_GSI_PART_BYTES 256.0
#define PK_SCENARIO_GSI_ROW_BYTES 64.0
/* A waiting retry's global index write, foreseen on its index partition
   in the second the retry is due (ddb_ahead.c: a 24-byte record in an
   array that doubles as it grows): at most 2 an index (reference §12: a
   changed index key value is a delete and a put) */
#define PK_SCENARIO_DDB_DUE_INDEX_BYTES 48.0
/* A global secondary index's key value as the on-demand comparison
   keeps it (ddb_demand.c: a 105-byte record in a hash table). Measured,
   max RSS of 200,000 puts of distinct values with 0 and 1 index keyed
   by /id: 93,084 and 120,288 KB, 139 bytes a value; counted at 144. */
#define PK_SCENARIO_GSI_VALUE_BYTES 144.0
/* A variant with a default_ttl: per item its 4-byte expiry and an 8-byte
   entry when it waits for deletion (ttl.h), and per write an 8-byte entry
   in the expiry queue, with the arrays' growth slack */
#define PK_SCENARIO_TTL_ITEM_BYTES 24.0
#define PK_SCENARIO_TTL_ENTRY_BYTES 16.0
/* Bounds on one run, checked before it starts: the
   simulated time of all phases together (366 days: a year of per-minute
   records and hourly bills, and the sum stays far from int64 ms
   overflow), and the operations they send (1e9: at the ~1 us an
   operation costs, some 20 minutes of run time per variant). pksim's
   choice, not the service's. */
#define PK_SCENARIO_MAX_SIM_S (366LL * 86400LL)
#define PK_SCENARIO_MAX_OPERATIONS 1e9
/* The work a run may take, in units of one attempt of an operation
   (plan_work.c): an attempt 1, and in each attempt of a query each
   value of its IN list PK_SCENARIO_IN_VALUE_WORK and each physical
   partition those values reach (at most the values)
   PK_SCENARIO_IN_RANGE_WORK, or each physical partition a query
   without an IN list visits PK_SCENARIO_RANGE_WORK. Measured on a
   release build (user + sys CPU, --no-remedies, less the same run
   without the queries): a create 0.36 to 0.42 us (2,000,000 on 10,000
   partitions, 0.72 to 0.84 s), the unit; a full-scan query 1.7 ms on
   10,000 partitions (10,000 of them, 17.2 s: 0.17 us a partition, 0.48
   unit); an IN query of 6,000 values 7.4 ms on 10 partitions (200, 1.48
   s: 1.23 us a value, 3.4 units) and 25.5 ms on 10,000 partitions (200,
   5.1 s: less the values 18.1 ms over its at most 6,000 partitions, 3.0
   us each, 8.4 units). Rounded up. pksim's choice, as the operations'. */
#define PK_SCENARIO_MAX_WORK 1e9
#define PK_SCENARIO_RANGE_WORK 0.5
#define PK_SCENARIO_IN_VALUE_WORK 4.0
#define PK_SCENARIO_IN_RANGE_WORK 10.0
/* The work of one physical partition in a second that sees a request
   (the second closes with a pass over every partition's samples and
   counters; an idle second closes without one), in the same units.
   Measured on a release build (user + sys CPU, --no-remedies): 3
   creates/s for 5,000 s on 10,000 partitions (50,000,000 partition-
   seconds, 15,000 creates) 2.68 s, 54 ns a partition-second; plain
   creates with no 429, 2,000,000 of them, 0.27 s on 17 partitions and
   0.65 s on 10,000: 0.14 to 0.33 us a unit. A quarter of a unit puts
   a partition-second at 0.22 us a unit, within that span. */
#define PK_SCENARIO_RANGE_SECOND_WORK 0.25
/* The work of one piece of a rate schedule's walk (a spike, the gap
   after it, a step, an hour of a daily curve: schedule_walk_pieces),
   which the workload's arrivals cross whatever the operations, in the
   same units. Measured on a debugoptimized build (-O2; user CPU): one
   stream of 366 days at 0.00001/s with 2-s spikes, 31,622,400 pieces
   and 158 operations, 0.40 s of its 0.46 in the walk (piece_enter,
   schedule_cursor_time): 12.6 ns a piece, 0.042 of a 0.30 us unit.
   Rounded up. */
#define PK_SCENARIO_SCHEDULE_PIECE_WORK 0.0625
/* ASSUMPTION: the longest IN list pksim enumerates for a key with a
   random part (rule 38); a key with more candidate values is looked for
   by a fan-out to every range (no limit is documented; 4,096 values of a
   few dozen bytes keep the query text far under its 512 KB) */
#define PK_SCENARIO_FIND_IN_MAX 4096
/* The work of finding an item under a key's `{random A..B}` part
   (rule 38) before a read, replace, upsert or delete, in the same
   units: each candidate value of the IN list built and placed
   PK_SCENARIO_RANDOM_VALUE_WORK; each physical partition the list
   reaches, or every one for a fan-out, PK_SCENARIO_FIND_RANGE_WORK
   (the query's share offered, checked and charged there); and each
   physical partition the list passes over without reaching
   PK_SCENARIO_FIND_PASS_WORK (the marks cleared and read twice).
   Measured on a release build (user + sys CPU, --no-remedies, less the
   same run without the reads): 10,000 reads under
   `{k}-{random 1..4096}` on 100 partitions 1.04 s (104 us a read, 25
   ns a value; 46 ns in a second measurement: 0.08 to 0.15 units at 0.30
   us a unit); 10,000 fan-out reads on 10,000 partitions 2.64 s (26 ns a
   partition, 0.088 units); 100,000 reads under `{random 1..4}` on
   10,000 partitions 6.9 s (6.9 ns a partition, 0.023 units). Rounded
   up. */
#define PK_SCENARIO_RANDOM_VALUE_WORK 0.25
#define PK_SCENARIO_FIND_RANGE_WORK 0.125
#define PK_SCENARIO_FIND_PASS_WORK 0.03125
/* The work of a split for each physical partition there
   (container_layout.c: the split scans every range for the widest and
   shifts the per-range arrays), in the same units. Measured on a
   release build (user + sys CPU, --no-remedies) under a 1 KB storage
   cap: 1,000 creates a second of distinct keys for 10 s and 20 s (9,812
   and 19,812 splits) 2.56 and 13.43 s, a preload of 40,000 values
   (39,999 splits at t = 0) 44.6 s: 53 to 68 ns for each of the r^2 / 2
   partitions the splits pass, 0.18 to 0.23 units at 0.30 us a unit.
   Rounded up. */
#define PK_SCENARIO_SPLIT_RANGE_WORK 0.25
/* The work of each physical partition a container variant has, once
   whatever the run's length: creating it, its per-second metrics, its
   snapshot and its report rows (cosmos_snapshot_fill, result_variant
   build, the report writers), in the same units. Measured (user + sys
   CPU, --no-remedies, a debugoptimized build at load 10) on 1,000,000
   partitions (throughput 1,000,000 at 1 RU/s each) and 100 creates for
   1 s: --format csv 10.5 s, markdown 11.1 s, text 15.3 s, html 15.3 s,
   json 32.8 s: 35 to 109 units a partition at 0.30 us a unit. The
   costliest format's, rounded up: the bound holds whatever -o writes. */
#define PK_SCENARIO_RANGE_SETUP_WORK 128.0
/* The work of a logical partition's key bytes past the first
   PK_SCENARIO_KEY_FREE_BYTES (which the attempt that makes it covers),
   once a logical partition: hashing, copying into the key arena, the
   snapshot's and the report's copies. Measured (user + sys CPU, a
   debugoptimized build at load 16) on 45,000 creates a second for 100 s
   of uniform values over 10,000,000 keys of 2,000 characters: 3,624,280
   logical partitions, 57.0 s against 4.4 s with 8-character keys: 14.5
   us a logical partition of 2,018 key bytes, 7.2 ns a byte, 0.020
   units at 0.37 us. Rounded up. */
#define PK_SCENARIO_KEY_FREE_BYTES 64.0
#define PK_SCENARIO_KEY_BYTE_WORK 0.03125
/* The index of the logical partitions under each key prefix that the
   first targeted query builds (lpgroup.c: a group record, its uthash
   handle and its array of indexes), a logical partition and level.
   Measured (max RSS, --no-remedies) on 1,000,000 logical partitions
   and 40 queries after them: `in: 2` on the key 375.0 MB against 126.8
   MB with `eq` (248 B each); under [/a, /b] a query on /a alone 815.5
   MB against 554.3 MB with both levels (270 B each). Rounded up. */
#define PK_SCENARIO_LP_GROUP_BYTES 256.0
/* The work of a DynamoDB table's heat split (D7) for each item the
   table holds (ddb_parts.c: the cut is weighed
   by a pass over every stored item, ddb_items_below, each routed to its
   partition), and the partitions' rows the heat map then builds, in the
   same units. Measured on a debugoptimized build (user CPU,
   --no-remedies, the machine loaded): trialW6's hs1.yaml cut to 5 min,
   5,267 heat splits over 10,000 items, 11.81 s against 0.47 s with
   heat_split off: 0.22 us a split and item, 0.7 units at 0.30 us a
   unit. Rounded up. */
#define PK_SCENARIO_TABLE_SPLIT_ITEM_WORK 1.0
/* The work of one write on one global secondary index (ddb_gsi.c: its
   key value built and hashed, admitted on the index partition, and
   noted for the on-demand comparison), in the same units. Measured on
   a release build (user + sys CPU, --no-remedies): 200,000 puts of
   distinct values with 0 and 20 indexes keyed by /id, 1.44 and 13.20 s:
   2.94 us an index write, 9.8 units at the 0.30 us a unit the
   zipf-2m bench took beside it. Rounded up. */
#define PK_SCENARIO_INDEX_WRITE_WORK 10.0
/* The storage runway's projection (runway_step.c), which every Azure
   Cosmos DB variant of generated items takes after its run, in the
   work bound's units (scenario_runway_units): each of its hourly steps
   (PK_SCENARIO_RUNWAY_STEP_S, runway.h's PK_RUNWAY_STEP_S) over the
   five-year horizon (PK_SCENARIO_RUNWAY_STEPS, runway.h's
   PK_RUNWAY_HORIZON_S / PK_RUNWAY_STEP_S + 1) cuts each stream's hour
   into stretches (at most PK_SCENARIO_RUNWAY_STRETCHES a stream,
   runway_int.h's PK_RW_STRETCHES; a phase with `steps:` up to
   PK_SCENARIO_RUNWAY_PIECES, its PK_RW_PIECES) and steps each candidate
   logical partition (at most PK_SCENARIO_RUNWAY_CANDIDATES, runway.h's
   PK_RUNWAY_CANDIDATES, and a range's first for up to as many ranges)
   through every slice the streams' stretches make:
   PK_SCENARIO_RUNWAY_WORK for each slice and each candidate and one
   more. tests/check_plan_work.c holds the copies equal. Measured on a
   release build (user + sys CPU, --no-remedies; streams of one 1-h
   phase at 0.01 creates/s, whose simulation takes under 0.01 s;
   tools/bench-work.py): 1, 4 and 16 streams of 1 to 128 key values with
   and without spikes, 0.01 to 0.94 s, 6 to 28 ns for each (1 +
   candidates) x slice x step as counted here (the slices an upper
   bound); 1 stream of 128 values 0.30 us a unit, 16 of 10 0.21, 4 of
   128 with spikes 0.23, beside 0.37 us a create (the unit). 1/16 unit
   is 23 ns. Rounded up. */
#define PK_SCENARIO_RUNWAY_STEPS 43801.0
#define PK_SCENARIO_RUNWAY_STEP_S 3600.0
#define PK_SCENARIO_RUNWAY_STRETCHES 64.0
#define PK_SCENARIO_RUNWAY_PIECES 8.0
#define PK_SCENARIO_RUNWAY_CANDIDATES 64.0
#define PK_SCENARIO_RUNWAY_WORK 0.0625
/* The work of one per-minute row of the report (a minute of a variant
   with a request, and a DynamoDB index's minute with a write:
   pk_memory_estimate's report_minutes and report_index_minutes), as a
   JSON report builds and writes it (report_json.c: its object of seven
   members and their numbers formatted), in the work bound's units. The
   bound counts it for every format, as the memory estimate counts the
   costliest format's rows. Measured on a release build (user CPU,
   --no-remedies, the machine at load 20): a compare of 2 variants over
   one 365-day phase at 0.02/s (1,028,160 per-minute rows) took 7.21 and
   7.35 s with --format json against 1.11 and 1.06 s with a text report,
   6.0 us a row, and 10.67 against 1.05 s in a first run, 9.4 us a row:
   20 to 31 units at 0.30 us a unit. Rounded up. */
#define PK_SCENARIO_REPORT_MINUTE_WORK 32.0
/* The work of reading and parsing a data file, once a run, in the work
   bound's units: each byte read PK_SCENARIO_PARSE_BYTE_WORK and each
   record kept PK_SCENARIO_PARSE_RECORD_WORK. Measured on a
   debugoptimized build (user + sys CPU of `run --estimate`, which loads
   the file and counts its keys; a 2-record file's took 0.00 s; the
   machine at load 19): 398,004,200 bytes in 200 records (2 MB values),
   5.72 and 7.67 s, 14.4 to 19.3 ns a byte; 2,000,000 records of 24 bytes
   (47,793,810), 2.39 and 2.25 s, 0.66 to 0.85 us a record beside its
   bytes at those rates. At the unit's 0.36 us (a release build's create,
   PK_SCENARIO_MAX_WORK: this build's parse is the slower, so the figures
   run high) 0.054 unit a byte and 2.4 a record; rounded up. */
#define PK_SCENARIO_PARSE_BYTE_WORK (1.0 / 16.0)
#define PK_SCENARIO_PARSE_RECORD_WORK 2.5
/* pksim's bound on `change_feed: {consumers: C}` (not the service's): a
   lease per physical partition, and a container has at most
   PK_MAX_EXISTING_PARTITIONS of them in pksim */
#define PK_SCENARIO_MAX_CF_CONSUMERS 10000
/* The RU a run may charge at most (operations x attempts x the costliest
   attempt, plan_limits.c): half of INT64_MAX mRU, so the engine's totals
   (offered, retried and served mRU, each and added) fit 64 bits. */
#define PK_COST_MAX_RUN_RU ((double)INT64_MAX / 1000.0 / 2.0)
/* Ranges a query may visit, at most, for that bound: throughput gives
   <= 1,000,000 / 6,000 = 167, an existing layout <= 10,000, storage
   splits <= 1e9 writes x 2 MB / 25 GB = 80,000 (a split halves 50 GB). */
#define PK_COST_MAX_RANGES 100000.0
/* The longest client.retries.max_wait pksim takes: 1 hour (120 x the
   SDK's default 30 s). pksim's bound, not the SDK's: the retry-wait
   histogram keeps one 8-byte counter per millisecond up to it (29 MB a
   variant at most). */
#define PK_SCENARIO_MAX_WAIT_MS (60LL * 60LL * 1000LL)
/* Bytes one waiting retry takes in the retry queue (retryq.c), at most:
   its pk_retry_entry (120 bytes: the operation and the client's state),
   in the FIFO run's blocks (60 KiB each, the last one partly filled and
   one spare besides) or, queued out of order, in the heap's slot pool
   with its 4-byte place on the free list and its 24-byte key in the
   heap, whose array doubles as it grows (48 bytes touched a key at
   most): 172 bytes at most, kept at the 196 of the queue before the run
   held whole entries (its keys' array touched twice the keys it held).
   Measured then: 1,000,000 creates a second for 10 s on 10 key values,
   9 M retries waiting, 1.62 GB peak RSS, 171 bytes a retry. */
#define PK_SCENARIO_RETRY_BYTES 196.0
/* Bytes one waiting retry takes when every retry of the run comes due in
   the order it was queued (ld_retry_entry_bytes, plan_queues.c), so that
   each is held in the queue's FIFO run (retryq.h): its pk_retry_entry,
   120 bytes, in blocks of 512 (61,456 bytes with their 16-byte header,
   and glibc's 16 a chunk), 120.06 bytes a retry, rounded up. The run's
   partly filled last block and its spare, 2 x 60 KiB, are below the
   rounding of the rest at the queue lengths where it matters. */
#define PK_SCENARIO_RETRY_RUN_BYTES 121.0
/* Bytes an operation waiting for its client's workers or ru_budget takes
   while it waits: a paced client queues its stream's operations in the
   order they arrive (sim.c), so each is an entry of the retry queue's
   FIFO run, 120.06 bytes as above, rounded up as
   PK_SCENARIO_RETRY_RUN_BYTES is. Measured: a 366-day phase at 0.1
   creates/s with 10/s for 5 days from day 300 (4,320,000 creates of
   5 RU), ru_budget 10, 30 and 50 RU/s (2, 6 and 10 creates a second):
   3,456,000, 1,728,000 and 0 wait at day 305, peak RSS 518,936,
   311,712 and 105,804 KB, so 122.8 and 122.0 bytes a waiting operation
   by difference, that is this entry and the 4-byte record of its wait
   (PK_SCENARIO_PACED_OP_BYTES, counted there). */
#define PK_SCENARIO_PACED_WAIT_BYTES 121.0
/* Bytes a paced client (ru_budget, concurrency) keeps for each
   operation of its stream over the whole run, waiting at once or not:
   its wait's 4-byte record (pk_pacer.waits, one per operation that
   waited above 0 ms, kept for the report's percentiles; it grows by an
   eighth past 64 MiB, and only the pages written are resident), and at
   the report a sorted copy of them (4) with glibc qsort's merge buffer
   (4 more): 12. Measured: Poisson arrivals at 900/s for 10,000 s under
   one worker at 1 ms (9,000,276 creates, few waiting at once, most
   waiting a little) peaked at 132,600 KB, the same open loop at
   44,092 KB: 10.1 bytes an operation. */
#define PK_SCENARIO_PACED_OP_BYTES 12.0
/* Bytes a closed-loop worker (client.concurrency) takes in each variant,
   whatever the operations: the times it is free from, in the heap of the
   free ones (8 bytes) and beside it in the send order (8): client.h's
   struct pk_workers, allocated whole at the start (100,000 workers:
   1.6 MB a stream a variant). */
#define PK_SCENARIO_WORKER_BYTES 16.0
/* Bytes a scenario with `streams:` keeps for an operation that succeeds
   after waiting for its retries: its wait in its stream's and kind's
   record (4 bytes, sim.h's pk_stream_stats.waits, for the streams
   table's percentiles), and at the report a copy of a kind's, the
   stream's all kinds together and qsort's merge buffer (4 each): 16.
   Measured: two streams on one partition of 10,000 RU/s, 10,000,000
   reads in 1,000 s at 5,000/s with 1-s spikes of factor 3 every 2 s,
   2,500,000 of them retried once: 45,508 KB peak; with factor 2 (none
   retried) 6,324 KB: 16.0 bytes a retried read. */
#define PK_SCENARIO_STREAM_WAIT_BYTES 16.0
/* client.ru_budget, at most (RU/s): a container's own 1,000,000 RU/s
   without a support request (D-LIMITS) is far below it; pksim's bound so
   one request's spacing (charge / budget) stays exact in microseconds */
#define PK_MAX_RU_BUDGET 1000000000.0
/* client.concurrency, at most: pksim's bound (a worker's free time is 8
   bytes, so 800 KB a variant) */
#define PK_MAX_CONCURRENCY 100000
/* client.latency's default, ms: the SLA's bound for point reads and
   writes ("SLA of less than 10 ms for point read/write operations with
   direct connectivity",
   https://learn.microsoft.com/azure/cosmos-db/monitor-server-side-latency);
   ASSUMPTION: every attempt, a 429 and a query included, takes it */
#define PK_DEFAULT_LATENCY_MS 10
/* D-LIMITS: 2 MB per item (413 above) */
#define PK_MAX_ITEM_BYTES (2ULL * 1024ULL * 1024ULL)
/* ASSUMPTION: simulated clock starts 2026-01-01T00:00:00Z unless set */
#define PK_DEFAULT_CLOCK_START_S 1767225600LL

/*
 * Check s's plan again after variants were added (scenario_add_variant;
 * the loader checked it with the file's own): the run's simulated time
 * and operations (PK_SCENARIO_MAX_SIM_S, PK_SCENARIO_MAX_OPERATIONS) and
 * the memory estimate over every variant (PK_SCENARIO_MAX_TRACK_BYTES).
 * Returns 0, or -1 with the error in diag (at s->file's phase; exit 2).
 */
int scenario_check_plan(const struct pk_scenario *s, struct pk_diag *diag);
/* Operations s's phases plan (sum of ceil(rate x duration), as the run-size
   limit counts), 0 with a data file; for progress.h's share done. */
double scenario_planned_ops(const struct pk_scenario *s);

/* What a run of a scenario holds at most, in bytes, by part
   (scenario_memory_estimate); the loader refuses a scenario whose total
   passes PK_SCENARIO_MAX_TRACK_BYTES. An upper bound: measured peaks stay
   below it (tools/bench prints both). */
struct pk_memory_estimate {
	double items;	       /* items' records, slots, ids, draw sets, TTL */
	double partitions;     /* logical partitions (at their key's length,
				  preloaded ones too) and physical ones */
	double samples;	       /* per-second samples and records, per-range
				  buckets, per-minute records (their JSON
				  rows are the report's) */
	double histograms;     /* retry-wait histograms, and the streams'
				  records of their operations' retry waits */
	double retries;	       /* retries that can wait at once */
	double files;	       /* the data files as loaded */
	double client_queues;  /* operations waiting for a client's workers
				  or ru_budget */
	double report;	       /* the report's rows at the largest format's
				  cost (scenario_report_rows_bytes) and its
				  heat map's cells */
	double report_ranges;  /* the ranges report counts, every variant
				  together (a count) */
	double report_rows;    /* the rows a CSV series has, every variant
				  together (a count) */
	double report_minutes; /* the per-minute rows a JSON report has,
				  every variant together (a count) */
	double csv_seconds;    /* what a CSV series adds to a run longer
				  than PK_SCENARIO_DETAIL_MAX_S: every
				  second's samples and records, a row each;
				  not in total (no other format keeps them,
				  scenario_check_csv_memory) */
	double runway;	       /* of partitions: the report's storage
				  runway's groups (the variant with the
				  most), alive only while the report is
				  built, freed before remedy replays run */
	double total;	       /* the parts added up */
	double n_items;	       /* items the run can write (a count) */
	double queries;	       /* queries the run sends (a count) */
	/* of report_minutes, a DynamoDB table's (9 members a row; a
	   count) */
	double report_table_minutes;
	/* the global secondary indexes' per-minute rows a JSON report has,
	   every index of every variant (a count) */
	double report_index_minutes;
	/* the text report's timeline lines, at most, every variant
	   together (a count; plan_timeline.c) */
	double report_timeline_lines;
};

/*
 * The memory a run of s would take at most, every variant together, into
 * *e (bytes; the figures of plan_memory.c, scenario.h's PK_SCENARIO_*
 * sizes). Reads s only; no error: s is a scenario the loader accepted.
 */
void scenario_memory_estimate(const struct pk_scenario *s,
			      struct pk_memory_estimate *e);

/* 0 when a run of s with a CSV series (`--format csv`) keeps within
   PK_SCENARIO_MAX_TRACK_BYTES: its estimate (scenario_memory_estimate)
   with the CSV rows' cost and csv_seconds; else -1 with an error in
   diag at the first phase (or the data file) giving both figures. */
int scenario_check_csv_memory(const struct pk_scenario *s,
			      struct pk_diag *diag);

/* The report formats by what their rows cost (scenario.h's
   PK_SCENARIO_REPORT_*): JSON; text, Markdown, HTML and the streams and
   money series; the per-second CSV series. */
enum pk_report_cost {
	PK_REPORT_COST_JSON,
	PK_REPORT_COST_TEXT,
	PK_REPORT_COST_CSV,
};

/*
 * The bytes the report's rows of a format of cost k take in a run
 * estimated as e (scenario_memory_estimate), beside the heat map: its
 * ranges at the format's per-range cost, for CSV its rows at
 * PK_SCENARIO_REPORT_CSV_ROW_BYTES, and for JSON its per-minute rows at
 * PK_SCENARIO_REPORT_MINUTE_BYTES (a DynamoDB table's at
 * PK_SCENARIO_REPORT_TABLE_MINUTE_BYTES) and its global secondary
 * indexes' at PK_SCENARIO_REPORT_GSI_MINUTE_BYTES (only JSON renders
 * every minute: text,
 * Markdown and HTML chart the run in at most a screen of rows, the CSV
 * series is per second), and for text its timeline's lines at
 * PK_SCENARIO_TIMELINE_LINE_BYTES. e->report counts the largest of the
 * formats' (the run is refused before its format is known); a peak bound
 * for one format takes that out and its own in.
 */
double scenario_report_rows_bytes(const struct pk_memory_estimate *e,
				  enum pk_report_cost k);

/*
 * 1 when some operation of s can be rate limited (a 429) in some
 * variant, by the estimate's arithmetic (plan_memory.c,
 * phase_can_throttle): a phase's or a data file's peak RU/s on its
 * busiest physical partition (the hottest key value's share and three
 * spreads above an even share of the rest) passes that partition's RU/s;
 * always for serverless, a monitor log, or a key whose hottest value
 * pksim does not bound. Only then are retries counted in the estimate,
 * and only then can remedies replay the run (remedy_needed).
 */
int scenario_can_throttle(const struct pk_scenario *s);

/*
 * The passes over every phase of a scenario that the plan's run-wide
 * figures (the items the phases create, the largest item, a variant's
 * logical and physical partitions: plan_ranges.c, plan_lps.c,
 * plan_limits.c) have made in this process so far, every thread
 * together. Loading and estimating a scenario make a number of them
 * that does not grow with its phases (one a phase would make them
 * quadratic in the phases); a test holds them to that.
 */
unsigned long scenario_plan_passes(void);

/*
 * 1 when variant c of s surely sees a 429 (plan_ranges.c): a provisioned
 * Azure Cosmos DB container (not serverless, no burst capacity, no fleet
 * pool) whose phases leave its RU/s as set, with a phase that sends its
 * key's hottest value, at a steady rate from an open loop, creates of
 * one size whose charges in one second pass the RU/s of a partition at
 * creation (its RU/s over its partitions then) by six spreads of the
 * value's count and more: a chance under 1e-9 that it does not. 0 when
 * that is not sure (a key pksim does not bound, a data file). So the
 * remedies replay it only as a rate-limited run (remedies_never_replay).
 */
int scenario_must_throttle(const struct pk_scenario *s,
			   const struct pk_container_spec *c);

/*
 * 1 when some variant of s could end with more physical partitions than
 * its RU/s need, so that the merge remedy can replay it (remedy_needed,
 * merge_replayable) with no 429: a provisioned Azure Cosmos DB container
 * (not serverless, not a DynamoDB table) whose planned partitions
 * (the estimate's) pass ceil(RU/s / 10,000) and ceil(storage / the
 * partition's storage cap) (rule 32) at under 3,000 RU/s and 20 GiB of
 * storage a partition (rule 36). The storage is the least the run holds,
 * an existing layout's data (storage_per_partition, storage_total): what
 * the items add is only known at the run's end and can only keep a merge
 * out, so this may say 1 where the run has none to replay. The least
 * RU/s the scenario sets counts. Reads s only.
 */
int scenario_can_merge(const struct pk_scenario *s);

/*
 * The units of work one variant's run of s takes, as the up-front bound
 * counts them (PK_SCENARIO_MAX_WORK; plan_work.c): each operation's
 * attempts (1, the most max_retries when the run can be rate limited,
 * and 300 retries of a 410/1007 when a variant sets split_gone) times
 * 1 and its query's units (each IN value PK_SCENARIO_IN_VALUE_WORK and
 * each physical partition the values reach PK_SCENARIO_IN_RANGE_WORK, at
 * most the values and the items the run writes, which they are drawn
 * from, and no less than a fan-out's PK_SCENARIO_RANGE_WORK a partition,
 * or each partition a query without an IN list visits
 * PK_SCENARIO_RANGE_WORK), and each physical partition the run can have
 * PK_SCENARIO_RANGE_SECOND_WORK in each second that can see a request
 * (a phase's or a data file's seconds, at most one a request); a
 * monitor log's requests their attempts each.
 */
double scenario_work_units(const struct pk_scenario *s);
/*
 * The work units of the storage runway's projection of one variant
 * (PK_SCENARIO_RUNWAY_WORK; the costliest Azure Cosmos DB variant's):
 * its hourly steps x the slices the streams cut a step into, at most
 * (each stream's phases' pieces and one phase again, at most
 * PK_SCENARIO_RUNWAY_STRETCHES a stream, and 1) x (1 + its candidate
 * logical partitions: the key's values with one stream, at most
 * PK_SCENARIO_RUNWAY_CANDIDATES and one a range for up to as many
 * ranges), twice under time to live. 0 with a data file, whose runway
 * walks its records, or when every variant is a DynamoDB table. The
 * run's work bound (PK_SCENARIO_MAX_WORK) counts it beside
 * scenario_work_units for every variant and seed. *slices and *cands
 * (may be NULL) get the two counts.
 */
double scenario_runway_units(const struct pk_scenario *s, double *slices,
			     double *cands);
/*
 * The work units the report's per-minute rows of one variant of s take
 * (PK_SCENARIO_REPORT_MINUTE_WORK each): the minutes with a request the
 * memory estimate counts (scenario_memory_estimate: at most the run's
 * minutes and at most its attempts) and a DynamoDB table's indexes'
 * minutes with a write, over the variants. The run's work bound
 * (PK_SCENARIO_MAX_WORK) counts it beside scenario_work_units and
 * scenario_runway_units for every variant and seed. *rows (may be NULL)
 * gets the rows.
 */
double scenario_report_units(const struct pk_scenario *s, double *rows);
/* The work units reading and parsing s's data file took, once a run
   (not a variant's nor a seed's: the load reads it once), its bytes read
   x PK_SCENARIO_PARSE_BYTE_WORK and its records kept x
   PK_SCENARIO_PARSE_RECORD_WORK; 0 without a data file (or with an
   Azure Monitor log). *bytes and *records (may be NULL) get the two
   counts. */
double scenario_parse_units(const struct pk_scenario *s, double *bytes,
			    double *records);
/* 0 when n runs of s (`--seeds n`, replayed one at a time: the memory
   is one run's, checked as any run's) with seeds base to base + n - 1
   keep within the bounds together: the last seed within 2^64 - 1 (seeds
   never wrap round to 0) and n x the work units (every variant's)
   within PK_SCENARIO_MAX_WORK; else -1 with an error at "--seeds" in
   diag giving the figures. */
int scenario_check_seeds(const struct pk_scenario *s, uint64_t base, size_t n,
			 struct pk_diag *diag);
/* The units scenario_work_units counts, spelled out for a message with
   s's attempts an operation and its most physical partitions ("an
   operation 1 for each of its up to 10 attempts ..."), into buf (cap
   bytes, cut to fit; 1024 holds any), returned. */
const char *scenario_work_terms(const struct pk_scenario *s, char *buf,
				size_t cap);

#endif
