/*
 * runway: when the first logical partition reaches its cap (rule 11: 20
 * GiB, or the container's logical_partition_storage) if the workload
 * runs as described: "days to full" and the storage-growth finding.
 * A projection forward in the workload's own time from what the
 * workload defines, never an extrapolation of what the replay happened
 * to store: so the figure does not depend on replay speed, throttling,
 * time compression, the seed's draws or --jobs.
 *
 * An Amazon DynamoDB table with a local secondary index is projected
 * alike, its item collections (a partition-key value's items and index
 * entries) against 10 GiB (D18), through a view of the variant in the
 * table's terms (runway.c table_runway: the collection's cap and bytes
 * an item adds, a key value's write units in place of a range's RU/s,
 * the sort key telling its items apart, no burst, buckets, fleet pool
 * or time to live); a table without one caps nothing and is not
 * projected.
 *
 * Two bases, named in every sentence that gives the figure:
 * - generated items, PK_RUNWAY_RATES ("projected from the workload's
 *   rates"): a logical partition's share of the new items is the
 *   probability mass of its key's values (rng.h dist_chance: the
 *   distribution as the generator draws it, a zipfian's by YCSB's
 *   approximation of Zipf's law, not the sampled counts; a key on one
 *   property drawn `latest` by one stream starts each value that far
 *   below the line its share from t = 0 gives as its draws while the
 *   values came into use fall short, so its newest, in use from draw
 *   n, fills at draw n - 1 + cap items x zeta(n, theta), drawn by the
 *   run or not: runway_latest.c; a product over the properties the key
 *   reads, ASSUMPTION: drawn independently), summed
 *   over the values that build one key (a {hash(p) mod N} part: every
 *   value p can take hashed, drawn or not, each stream's own pool with
 *   several, so a short run's few draws of a large pool do not shrink
 *   it; past 16,777,216 values half exactly and the rest by a
 *   stratified sample of a fixed seed, runway_hash.c; where
 *   the snapshot maps each value of a one-property key to its logical
 *   partition, pk_snapshot.value_lps, over the values that reached it,
 *   a zipf's shares past its 512th value summed for the ranges by a
 *   binomial series within about 1e-15 of pow's, the candidates' own
 *   exact; a key on one property of one stream also takes the values
 *   of most mass whether or not the run drew them, named as the
 *   workload names them: a zipf's or zipfian's first
 *   PK_RUNWAY_CANDIDATES ranks, a hotspot's hotter set, a weighted
 *   list's heaviest, runway_groups_heavy, so the seed does not decide
 *   which value fills first); a
 *   {random A..B} part or a hash of a unique property spreads it evenly
 *   over its B - A + 1 or N values, each held apart on its own range
 *   (up to 1,024 of them; more spread over the ranges). The new items a second
 * are the rate schedule's (schedule.h: ramps, steps, daily, weekly, holidays,
 *   spikes) times the phase mix's creates, upserts writing a new item
 *   (upsert_new) and batch items, at the mean item size (a normal
 *   size's as drawn, rounded and clamped to 1 B .. 2 MiB: normal(1 KB,
 *   10 KB) writes 4,618 B on average); deletes, of
 *   any phase or stream, take each stored item alike (runway_dels.c: a
 *   logical partition loses them by its share of the stored items;
 *   under time to live of the items not yet expired; under an
 *   id pool they come off the new items);
 *   rewrites at another size (replaces, upserts of a stored item,
 *   at their phase's mean size) change what a logical partition holds:
 *   its share of a step's rewrites is its share of the stored items, and
 *   after r rewrites over its n items a share e^(-r/n) keeps its size,
 *   the rest take the rewrite's (runway_rewritten; ASSUMPTION: a rewrite
 *   picks a stored item uniformly whatever its size, the step's new
 *   items among them; not under a time key or time to live past the
 *   first item's expiry, and an id pool takes the largest item); a
 *   logical partition that fills before any item expires is projected
 *   as without time to live, exactly (ttl_after, said); the phases repeat as a
 * cycle past their end (ASSUMPTION: the workload as written is what runs every
 *   cycle; a cycle shorter than an hour is said in the sentence: a burst
 *   that does not repeat is not a rate). Several streams run at once: a
 *   logical partition's share is kept per stream (each stream's own
 *   property at the key's path, its own distribution) and applied to
 *   that stream's own rates; the streams' stretches are cut where any
 *   ends. Stepped an hour at a time (a cycle shorter than an hour at its
 *   cycle's mean) from t = 0 to PK_RUNWAY_HORIZON_S, a fill inside an
 *   hour timed by its slices in order (a short cycle's repeated: the
 *   steps' own rates, one stream without spikes and with no id pool,
 *   time to live or deletes in the hour; else linearly). When a property the
 * key reads is not a function of a drawn value (a unique property read whole,
 * streams that generate it differently: a clock in one, a pattern in another),
 * the shares are the run's: each logical partition's items written over all
 * written (share_from_run, said in the sentence); with several streams each
 * stream's own (its items whose key value is the partition's over its items),
 * so a partition grows by its own streams' bytes. Under a time key a logical
 * partition whose value does not move on (its key a bucket later the same:
 * another stream's constant beside a clock) keeps everything it is sent, for
 * good (untimed).
 * - items from a data file, PK_RUNWAY_DATA_TIME ("from the data's own
 *   time"): every record the data holds, whether or not the replay stored
 *   it, at its own time (time field, compression undone; or its arrival
 *   at --rate), grouped by key, less the records that repeat an id their
 *   key holds (creates the service refuses with 409; one that may have
 *   expired under time to live is counted); a key whose records have
 *   drawn a pool of N ids nearly whole (N x (1 - e^(-n/N)) their
 *   distinct ids, n >= 5 N records) holds at most N x its mean record
 *   ("never" below the cap; ASSUMPTION: its records go on drawing
 *   among those ids); each logical partition grows at (its
 *   bytes less its first record's) over its own first-to-last span and
 *   the data's time after its last record past one of its own mean gaps
 *   (a key that stopped writing: a burst at the data's start is not its
 *   rate; no time key), and fills where its records pass the cap, or
 *   that far past that span's end at that rate (held back by the throughput
 * bound, at the bound from its first record: its own span is bounded too). A
 * span under PK_RUNWAY_BURST_S is said: the figure is its records' rate as if
 *   they went on, the soonest it could fill, and a burst that does not
 *   repeat is not a rate. When no logical partition has a span of its
 *   own (every key's records at one instant), the one its range's bound
 *   fills soonest from its first record, said to be no rate (a key
 *   with a time bucket, or under time to live, is not projected so). A key
 * whose time bucket comes back
 * ({weekday(ts)}, {hour(ts)}: an hour or more) grows only while its bucket is
 * current, hour by hour on the data's own clock (UTC), at its rate while
 * current (its bytes over the hours of its span its bucket was; the sentence
 *   says it grows while its day or hour is current); a bucket under
 *   an hour, or a file at --rate, grows at that rate x len_s / period_s.
 * Bounds, each said when it applies:
 * - throughput: a logical partition grows at most as fast as its range's
 *   RU/s in force let its writes of that size succeed, met by each rate
 *   a phase's own clock gives in an hour (its steps' apart, its spikes'
 *   seconds together and those between them together: up to 8 such in
 *   an hour, more share the last; ASSUMPTION with several streams: a
 *   stream's spike seconds meet the others' at the start of its hour),
 *   the range's RU/s shared among its logical partitions by their share
 *   of writes and with the requests that store nothing new (point reads,
 *   replaces, deletes, rewriting upserts, single-partition queries and
 *   targeted ones (a prefix or an IN list: they run only on the ranges
 *   holding those key values, each charged by its share of their items)
 *   by the range's share of the writes, or with one stream and no time
 *   key, once a range holds writes back, by its share of the stored
 *   items they read, the served writes' (runway_stored_shares), fan-out
 *   queries (and a stream's
 *   that adds no items) evenly over the ranges, each at the charge the service
 * gives it or the run found for it: pk_queries.read_mru, a query's served RU,
 * rule 38's query over a random suffix); ASSUMPTION: a range asked for more
 * than its RU/s serves every request the same part (one stream's new items
 * alone: whole writes a second, floor(RU/s / a write's RU) of them, the
 * service admitting a request only when its charge fits what the second
 * has left; not with a fleet pool), a time key's keyed requests
 *   on the current bucket's ranges for the part of the stored items it
 *   holds and spread over every range for the past buckets' (they read
 *   stored items of every bucket; targets taken as uniform, time to live
 *   not counted there), but under a key of one value at a time (/date,
 *   "%H", "%M") on each bucket's own range by the part of the stored
 *   items that range's values hold, each bucket growing under its own
 *   range's RU/s and that part followed within a step as the bucket
 *   fills, a time-keyed value's range shared with every key
 *   value current with it there, each value's range its key's at the
 *   run's time standing for every bucket's, the
 *   share of values the run never drew spread evenly over the ranges,
 *   ranges split later not counted; bound_range names the range when it
 *   held back the first to fill in any step before it filled (the RU/s
 *   of the last that did), bound_shared says other requests were in its
 *   RU/s. The RU/s in force: each stretch takes its phase's, the share
 *   of the range at the end of the run times the container's RU/s then
 *   (a phase's `throughput:` or autoscale max from its start on; in the
 *   first cycle the container's own until a phase sets one; from the
 *   second cycle on the cycle's last setting until a phase sets another;
 *   with several streams the setting made last; ASSUMPTION: the ranges
 *   at the end, each its share, whatever splits the RU/s caused; a
 *   cycle shorter than an hour takes its later cycles' settings) over
 *   the container's at the end; a data file the end's. With burst on
 *   (rule 14 as throttle.h models it) a range whose RU/s in force is
 *   below 3,000 banks what its requests leave unused, at most 300 s of
 *   it, carried from slice to slice and step to step, and spends it on
 *   top of its RU/s up to 3,000 RU/s (bound_burst); a cycle shorter than
 *   a step is stepped a cycle at a time, at most 16 a step, the rest
 *   repeating the last (ASSUMPTION: its credit steady by then; with
 *   several streams their slices are the step's, not a cycle's); under
 *   time to live the deletions take the unused RU/s first, the bank
 *   only what they leave (rules 14 and 28, throttle_spend_unused;
 *   ASSUMPTION: deletions first, the step's writes the last step's). With a
 * fleet pool (rule 40) the pool is shared by need (runway_pool.c): each range
 * draws what it is offered beyond its own RU/s in force (writes, keyed and
 * spread requests), at most the pool's extra a partition within its cap,
 * and when the draws together pass the pool's max each is scaled down to
 * fit (ASSUMPTION: they all draw in the same second, every second of a
 * slice alike; a data file's bound shares the max evenly by the ranges
 * with writes);
 * - throughput buckets (rule 31): a stream's requests in a bucket
 *   (client_request_class: the phase's or the client's, a bulk client's
 *   own; rule 34: the default bucket for those naming none, a bucket the
 *   container does not declare uncapped) use at most the bucket's
 *   percentage of their range's RU/s in force, as each range caps it
 *   (throttle.h); the streams in one bucket alike; bound_bucket names it;
 * - priority (rule 30 as throttle.h replays it): a range asked for more
 *   than its RU/s serves its High-priority requests first and the Low
 *   ones what High leaves (each priority's requests the same part);
 *   bound_low says Low writes got what High left;
 * - the client: a stream sends at most what its client can
 *   (client.h): its client.ru_budget (RU/s) over an operation's RU
 *   (its write, its keyed and spread requests) and client.concurrency
 *   x 1,000 / client.latency_ms operations a second, whatever the rate
 *   offered (bound_client, bound_stream name it); what it cannot send in
 *   a stretch waits in its queue and goes out first in a later, quieter
 *   one, as the replay's client queue sends it (a cycle shorter than a
 *   step walked twice, the second finding the queue the first left);
 * - time buckets (pkey_time_bucket): a key whose value moves on with time
 *   grows only in its current bucket (pkey_time_text at each step), at
 *   the rate of that moment; a bucket that never comes back starts empty;
 * - each stream's items (runway_items.c): a stream's items keep their
 *   own lifetime and their own ids, whatever other streams write to the
 *   same key: the streams alike in both are one class, and a logical
 *   partition holds the sum of what each class leaves in it (one stream
 *   creating new items beside another upserting among 1,000 ids grows
 *   at the first's rate on top of the pool's 1,000 items);
 * - finite ids (runway_ids.c): items rewritten among a pool of ids (a
 *   pattern or list /id of their stream) hold at most N x the largest
 *   item (its stream's, or any phase's replace: a replace's target is
 *   drawn from every stored item at the send, so a stream that only
 *   replaces has no pool of its own) per logical partition, N the ids
 *   it can hold: the pool's when the key does not read the id, 1 when
 *   it reads it whole, the most any one of the M values gets when it
 *   reads it only through hash(id) mod M, each id hashed as the key
 *   hashes it (several streams: each stream's own ids so;
 *   every logical partition is given the largest value's ids, which
 *   errs early for the others); a unique property read whole one item: "never"
 * below the cap (with several streams, when every stream that writes has a pool
 *   and their most together is below it; ASSUMPTION: two streams' pools
 *   are different ids, which errs high). Past it, a logical partition
 *   holds the distinct ids drawn into it, each at the mean item: N x
 *   mean x (1 - e^(-n/N)) after n new items (uniform draws; sequential
 *   ones hold min(n, N) x mean); "never" when N x mean is below the
 *   cap, else it fills after n = -N ln(1 - cap / (N x mean)) items.
 *   Ids drawn skewed (zipf, zipfian, hotspot, weighted) into
 *   a logical partition holding the whole pool hold the expected
 *   distinct ids sum_i (1 - (1 - p_i)^n) x mean, p_i each id's
 *   dist_chance (a create of an id already held stores nothing: 300,000
 *   ids drawn zipf s = 1 at 100 creates/s of 100 KB fill 20 GiB at
 *   21,695 s, not the uniform draw's 3,602); under a key that reads the
 *   id through a hash, or with several streams, a skewed pool is not
 *   projected (PK_RW_F_POOL_SKEW untested); ids drawn latest come
 *   into use one a draw, the draws' chances the generator's own: their
 *   distinct ids summed over ids and draws (runway_latest.c, into a key
 *   of one value only: 300,000 ids at 100 creates/s of 100 KB fill at
 *   4,782 s); ids or key values drawn latest otherwise are not projected
 *   (PK_RW_F_LATEST without pk_runway.latest: their shares move as
 *   values come into use, one per draw);
 *   under time to live n is the new items written and not yet expired
 *   and deleted (the ids of the last lifetime: N x mean x (1 -
 *   e^(-rate x lifetime / N)) when deletion keeps up; ASSUMPTION: a
 *   deletion clears one written item's bytes, fewer than the expired
 *   ids hold when the pool repeats them, so the figure errs early);
 *   written by creates alone that level is their peak as the first
 *   lifetime ends, and a steady rate then holds sum_i r p_i T / (1 +
 *   r p_i T) (creates_bytes: a create of an id held is a 409 that does
 *   not renew it);
 *   time keys count every new item;
 * - time to live (rule 28; runway_ttl.c): an item lives its own ttl
 *   (its stream's /ttl property, each value's dist_chance share; a data
 *   record's "ttl"), else the container's default_ttl (-1: only items
 *   with a ttl of their own expire; off: none, whatever the items
 *   carry), in simulated seconds as the replay applies it: under a
 *   time_scale each lifetime is times the scale, as the rates are
 *   divided by it. A logical
 *   partition holds only the last lifetime of each share of its writes
 *   (a rewriting upsert counted as a write of a new item at the share
 *   of items that expire: its target, drawn among every item written,
 *   has nearly always expired, and it is written anew; ASSUMPTION, the
 *   level it tends to; one stream of one steady phase whose writes its
 *   range does not hold back in closed form instead, runway_renew.c: a
 *   rewrite of a live item renews it, adding none, so the live items
 *   rise to that level as n t (1 - ((t - T) / t)^(w / n + 1)) for n new
 *   items and w rewrites a second, and expired ones waiting to be
 *   deleted are taken back by the rewrites that find them)
 *   (binned into at most 16 lifetimes), less what its range's unused
 *   RU/s cannot delete (deletes take the RU/s requests leave, at a
 *   write's charge, oldest first; ASSUMPTION: a range's room shared
 *   among its logical partitions as their writes are; an item's ttl
 *   drawn independently of its key and size); every share expiring,
 *   never reaching the cap it levels off; a share that never expires
 *   grows for good (days to full at the net growth, written less
 *   deleted, both said). A time key's bucket holds likewise the last
 *   lifetime of what was written into it (a %A day under a 1-h ttl its
 *   current hour's; under 7 days one day's, each item expiring as its
 *   successor a week on is written) and levels off below the cap. One
 *   stream of one lifetime (runway_secs.c has the bounds) is stepped
 *   again a second at a time: each second's writes, expiries and room
 *   as the service's, its cycle's peak the level and the expired items
 *   undeleted then said (backlog_bytes, secs). Otherwise a cycle
 *   shorter than a step is stepped at its mean, and a projection whose
 *   deletions fall behind what expires in a phase shorter than a step
 *   (cycle_backlog) or inside a step's first expiry, or whose level
 *   reaches the cap, is not projected (ttl_behind); the expired items a
 *   busy step's room leaves undeleted at the level's peak are said
 *   (backlog_bytes) within the level. A data file's group
 *   grows at its rate over its own span: its never-expiring bytes' share
 *   of it for good, the rest holding its bytes' mean lifetime; one whose
 *   bucket comes back ({weekday(ts)}) and whose records all expire holds
 *   at most its rate while current x the seconds its bucket is current
 *   within a lifetime (ASSUMPTION: with records that never expire it is
 *   walked as without time to live, which errs early).
 * A run whose window wrote nothing (a rate schedule at 0 over it: a
 * weekdays workload started on a Saturday) has no items to name its key
 * values: they are drawn apart (runway_window.c: the same workload with
 * its clock at the first hour its schedule writes, within a year) and
 * projected from the run's own start (drawn_apart, said in the
 * sentence); so is each stream whose phases write but that wrote
 * nothing in the run's window beside streams that did (its clock at the
 * first hour it writes, drawn until it has as many operations as a
 * window of its own), its shares from its distributions as every
 * stream's: a weekdays stream demonstrated on a Saturday beside a steady
 * one fills first from Monday.
 * Not projected: key values the run never wrote (their share is below what
 * one item in the run would show), the items a `preload:` spread; and any
 * projection whose features (pk_runway_feature: time to live, an id pool,
 * deletes, rewrites, batches, streams, the key's parts, a data file...)
 * are a combination no test proves (runway_guard.c lists those that
 * are, each with its tests): PK_RUNWAY_UNTESTED, no figure.
 */
#ifndef PKSIM_RESULT_RUNWAY_H
#define PKSIM_RESULT_RUNWAY_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/service/keyspace.h"

/* The horizon: 5 years of 365 days of workload time, the years `pksim
   plan` counts (a plan's storage after 5 years is 5 x a year's); beyond
   it the figure is "not within 5 years". pksim's choice: a key is
   redesigned on a shorter view than that. */
#define PK_RUNWAY_HORIZON_DAYS 1825
#define PK_RUNWAY_HORIZON_S ((int64_t)PK_RUNWAY_HORIZON_DAYS * 86400)
/* The projection's step: an hour (a daily curve's resolution) */
#define PK_RUNWAY_STEP_S 3600
/* Phases that last less than this are said in the sentence: a window
   that short says little of a rate */
#define PK_RUNWAY_SHORT_S 3600
/* ... and under this they are called a burst */
#define PK_RUNWAY_BURST_S 60
/* Logical partitions the projection steps at most: the largest shares,
   and the largest of each range */
#define PK_RUNWAY_CANDIDATES 64
/* Values of a time key with buckets shorter than a step that the
   projection steps one by one at most: a week of minutes ("%A %H:%M",
   10,080), so a day of minutes and an hour of seconds are too
   (pksim's choice: a store slot of 8 B each a candidate) */
#define PK_RUNWAY_SUB_VALUES 10080

enum pk_runway_kind {
	PK_RUNWAY_DAYS = 0,  /* full_s from t = 0 the first fills */
	PK_RUNWAY_FULL_NOW,  /* one is at its cap or refused a write in the
				run */
	PK_RUNWAY_BEYOND,    /* none fills within PK_RUNWAY_HORIZON_S */
	PK_RUNWAY_NEVER,     /* nothing grows */
	PK_RUNWAY_IDS,	     /* rewritten among ids: at most ids x the
				largest item (bound_bytes), below the cap */
	PK_RUNWAY_BUCKETS,   /* a bucket that never comes back holds at most
				bound_bytes when it ends, below the cap */
	PK_RUNWAY_LEVELS,    /* time to live: levels off at bound_bytes */
	PK_RUNWAY_AT_ONCE,   /* every record at one instant: no rate */
	PK_RUNWAY_NO_SIZES,  /* a monitor log: no sizes */
	PK_RUNWAY_NO_WRITES, /* the workload writes, but its schedule is 0
				over the run's window and every hour of
				the year after it: no key value is known */
	PK_RUNWAY_UNTESTED,  /* its features (pk_runway.features) are a
				combination no test of the runway proves
				(runway_guard.c): not projected */
};

/* The features a projection depends on (pk_runway.features), one bit
   each; runway_guard.c lists the combinations the tests prove */
enum pk_runway_feature {
	PK_RW_F_TTL = 1u << 0,		   /* a default_ttl of seconds */
	PK_RW_F_ITEM_TTL = 1u << 1,	   /* items carry their own /ttl */
	PK_RW_F_POOL = 1u << 2,		   /* a writing stream's /id is drawn
					      from finite values (an id pool) */
	PK_RW_F_DELETES = 1u << 3,	   /* a phase deletes */
	PK_RW_F_REPLACES = 1u << 4,	   /* a phase replaces */
	PK_RW_F_UPSERTS = 1u << 5,	   /* upserts of a stored item
					      (upsert_new < 1) */
	PK_RW_F_RESIZE = 1u << 6,	   /* rewrites (or a pool's upserts) at
					      another size than other writes */
	PK_RW_F_BATCH = 1u << 7,	   /* transactional batches */
	PK_RW_F_BATCH_SIZES = 1u << 8,	   /* ... of items whose size varies */
	PK_RW_F_STREAMS = 1u << 9,	   /* several streams write */
	PK_RW_F_HASH_POOL = 1u << 10,	   /* the key reads a drawn property
					      through hash(p) mod N */
	PK_RW_F_HASH_UNIQUE = 1u << 11,	   /* ... a unique one */
	PK_RW_F_RANDOM = 1u << 12,	   /* a {random A..B} part */
	PK_RW_F_TIME_KEY = 1u << 13,	   /* a time bucket that never comes
					      back (a date) */
	PK_RW_F_TIME_CYCLE = 1u << 14,	   /* a time bucket that comes back
					      (a weekday, an hour of day) */
	PK_RW_F_DATA = 1u << 15,	   /* items from a data file */
	PK_RW_F_DATA_REPEATS = 1u << 16,   /* ... a key that grows repeating
					      as many ids it holds as it adds
					      new (a pool redrawn, not drawn
					      whole) */
	PK_RW_F_PRELOAD = 1u << 17,	   /* `preload:` */
	PK_RW_F_TIME_SCALE = 1u << 18,	   /* `time_scale:` */
	PK_RW_F_SELECT = 1u << 19,	   /* reads, rewrites or deletes pick
					      by a select other than uniform */
	PK_RW_F_AUTOSCALE_RU = 1u << 20,   /* autoscale, growth held back by
					      RU/s: storage raises the max
					      (rule 18) as it grows */
	PK_RW_F_SERVERLESS = 1u << 21,	   /* serverless: RU/s grows with
					      partitions (rule 19), storage
					      stops at 1 TB */
	PK_RW_F_SPLIT_DELAY = 1u << 22,	   /* a split_delay: a raise of
					      RU/s lands late */
	PK_RW_F_RAMP_RU = 1u << 23,	   /* a ramp in a writing phase */
	PK_RW_F_IDS_MEAN = 1u << 24,	   /* an id pool bound at the ids x
					      the mean item while rewrites
					      write other sizes */
	PK_RW_F_POOL_TTL_FILLS = 1u << 25, /* an id pool under time to live
					      projected to fill after the
					      first expiry */
	PK_RW_F_POOLS = 1u << 26,	   /* several writing streams draw
					      their ids from pools */
	PK_RW_F_TTL_BEHIND = 1u << 27,	   /* time to live whose deletions
					      fall behind what expires, not
					      stepped a second at a time */
	PK_RW_F_BATCH_SPAN = 1u << 28,	   /* transactional batches drawn
					      spanning (`spanning:`): their
					      items' keys drawn apart, the
					      batch refused (400) unless
					      they meet in one */
	PK_RW_F_TTL_RETRIES = 1u << 29,	   /* time to live, writes held by
					      the RU/s, and a client whose
					      retries are not stepped (an
					      exponential backoff) */
	PK_RW_F_POOL_SKEW = 1u << 30,	   /* an id pool drawn skewed (zipf,
					      zipfian, latest, hotspot,
					      weighted) projected by its
					      draws, not bounded */
};
/* A value the key reads, or a writing stream's /id, drawn `latest`:
   values come into use one per draw (rng.h), so a value's share moves
   until all are in use and the values a short run drew are not the ones
   that fill; projected only as runway_latest.c steps it (pk_runway.latest
   set), else refused. A define, not an enumerator: 1u << 31 is past an
   int. */
#define PK_RW_F_LATEST (1u << 31)
#define PK_RW_FEATURES 32

/* What a scenario's `batch` operations are on the variant's service,
   as runway_features_text names PK_RW_F_BATCH and PK_RW_F_BATCH_SPAN:
   Azure Cosmos DB's transactional batch (one logical partition, all or
   nothing), or on an Amazon DynamoDB table its `batches:` setting,
   BatchWriteItem (not atomic, each item a put of its own) or
   TransactWriteItems (all or nothing across key values) */
enum pk_runway_batch_api {
	PK_RUNWAY_BATCH_COSMOS = 0,
	PK_RUNWAY_BATCH_WRITE_ITEM,
	PK_RUNWAY_BATCH_TRANSACT
};

/* What of a stream's client held the first back (client.h) */
enum pk_runway_client {
	PK_RUNWAY_CLIENT_NONE = 0,
	PK_RUNWAY_CLIENT_RU,	 /* its client.ru_budget */
	PK_RUNWAY_CLIENT_WORKERS /* its client.concurrency workers at
				    client.latency each */
};

enum pk_runway_basis {
	PK_RUNWAY_NONE = 0,
	PK_RUNWAY_RATES,     /* projected from the workload's rates */
	PK_RUNWAY_DATA_TIME, /* from the data's own time */
	PK_RUNWAY_DATA_RATE, /* a data file at --rate, in file order */
};

struct pk_runway {
	enum pk_runway_kind kind;
	enum pk_runway_basis basis;
	double full_s; /* DAYS: workload seconds from t = 0 until
			  the first fills; -1 otherwise */
	char who[128]; /* DAYS, BEYOND, LEVELS, BUCKETS: the logical
			  partition (JSON text of its key value) */
	double written_bytes_per_s; /* under time to live, DAYS: what it is
				       sent as it fills (rate_bytes_per_s is
				       that less what expires and is
				       deleted); LEVELS: as it peaks; B/s,
				       0 without */
	double creates_bytes;	    /* LEVELS, an id pool its stream writes
				       by creates alone, one lifetime, drawn
				       evenly or skewed: what a steady
				       written_bytes_per_s holds once its
				       first lifetimes have passed, below
				       bound_bytes (its peak): a create of
				       an id held is refused (409) and does
				       not renew it (runway_ids.c); B, 0
				       otherwise */
	double backlog_bytes;	    /* LEVELS: of bound_bytes, expired items
				       a phase's RU/s leave no room to
				       delete at the level's peak (a cycle
				       shorter than a step's, or the hour
				       steps' own), B */
	double rate_bytes_per_s;    /* DAYS: its growth as it fills (the
				       hour's; a data file's over its span),
				       B/s */
	double mean_bytes_per_s;    /* RATES, DAYS, no time to live or time
				       key: its growth over the last whole
				       cycle of the phases (span_s, at
				       least an hour) before it fills,
				       B/s; 0 when no whole cycle ends
				       before it fills */
	double span_s;		    /* DATA_TIME: its own first-to-last span,
				       and quiet_s after it, s; RATES: the
				       phases' cycle, s */
	double quiet_s;		    /* DATA_TIME, DATA_RATE, no time key: the
				       data's time after its last record
				       counted in span_s (the silence past
				       one of its own mean gaps: a key that
				       stopped writing), s; 0 none */
	double lone_end_s;	    /* DATA_TIME, DATA_RATE: the data's last
				       record stands this long after every
				       other one, more than their whole span
				       (a lone record far from the rest: a
				       clock set wrong, perhaps), which sets
				       the data's end quiet_s counts to, s;
				       0 none */
	char lone_who[128];	    /* ... its key value as reports print it,
				       "" when its key could not be made */
	int span_file;		    /* DATA_RATE, a time key whose bucket
				       comes back: 1 when span_s is the
				       whole file's arrival and the rate
				       its share of the file's records */
	double bound_bytes;	    /* IDS, BUCKETS, LEVELS: the most it holds;
				       BEYOND: what it holds at the horizon */
	uint64_t ids;		    /* IDS: ids a logical partition holds at
				       most */
	uint64_t ids_pool;	    /* IDS: ids in the pool (ids when the key
				       does not read the id) */
	uint64_t ids_mod;	    /* IDS: N of the hash(id) mod N the key
				       reads the id through, 0 none */
	int ids_exact;		    /* IDS with ids_mod: 1 when ids is the
				       most ids any one hash gets, counted,
				       0 the pool / N */
	int ids_mean;		    /* IDS: 1 when bound_bytes is ids x the mean
				       item (some items are larger), 0 when
				       ids x the largest */
	int64_t ttl_s;		    /* the items' lifetime under time to live
				       (their mean when they differ), s; 0
				       none expires */
	int ttl_mixed;		    /* 1: lifetimes differ (ttl_s their mean) */
	uint32_t bound_range;	    /* the range whose RU/s held the first back,
				       else UINT32_MAX */
	int64_t bound_ru_per_s;	    /* ... its RU/s */
	int64_t bound_fill_ru_per_s; /* ... the range's RU/s where it fills
					when that step's writes were not
					held back (the bound was another
					phase's RU/s), else 0 */
	int bound_shared;	     /* ... shared with reads, queries or other
					requests that store nothing new */
	int bound_bucket;     /* ... the throughput bucket (rule 31) whose
				 share of it held the first back, 0 none */
	int bound_bucket_pct; /* ... that share, percent */
	enum pk_runway_client bound_client; /* what of a stream's client
					       held it back in any step
					       before it filled */
	size_t bound_stream;   /* ... that stream, an index into the
				  scenario's streams */
	int bound_burst;       /* ... its burst credit (rule 14) counted in
				  that RU/s */
	int bound_low;	       /* ... its writes Low priority, served what
				  High-priority requests left (rule 30) */
	int bound_scaled;      /* ... a table's: the units auto scaling
				  raises it to (D19), not its starting ones */
	int bound_table;       /* ... a table's: its cap on every partition's
				  writes together, bound_ru_per_s (1 an
				  on-demand quota, 2 provisioned units), 0
				  a partition's */
	int bound_start_units; /* ... a table's: its starting units, a
				  phase's write_capacity_units not
				  followed (adaptive capacity off: the
				  share moves with the partitions a
				  raise makes) */
	int share_from_run;    /* RATES: shares from the run's writes */
	int dels_netted;       /* RATES: deletes taken off the new items
				  (an id pool), not from every stored
				  item */
	int ttl_after;	       /* RATES, DAYS: it fills before the first
				  item expires (ttl_s), projected as
				  without time to live */
	int fill_at_mean;      /* DAYS: the fill timed inside its hour step
				  at the step's mean rate though the
				  step's writes vary over it (several
				  streams whose cycles are shorter than an
				  hour, time to live, an id pool or
				  deletes: a step's slices summed, not in
				  time order): up to a step off */
	int sub_untimed;       /* UNTESTED: 3 the key's buckets are shorter
				  than an hour and come back under time
				  to live and one would fill (each value
				  stepped at its mean share of an hour);
				  2 the key's buckets are shorter than an
				  hour and its writes vary within an hour
				  where the projection takes them as
				  even; 1 the key's buckets are shorter
				  than an hour and come back, but their
				  values are not stepped one by one (more
				  than PK_RUNWAY_SUB_VALUES of them or more
				  than the steps' budget updates, or
				  their cycle not a whole number of hours
				  dividing a week, a minute or an hour): a
				  value's fill is not timed */
	int burst_joined;      /* UNTESTED: the projection joined stretches
				  of a phase list past the room a step
				  keeps apart, or a spiking phase's spikes
				  into one piece, in a slice it could not
				  take in turn, and its burst credit
				  (rule 14) banked there as one: what each
				  quiet stretch banks for its burst is not
				  followed */
	int untimed;	       /* RATES: the key has a time part (bucket) but
				  the logical partition named keeps its value
				  for good (another stream's constant) */
	int drawn_apart;       /* RATES: 1 the run's window wrote nothing,
				  2 a stream of it wrote nothing beside
				  others that did; its key values drawn
				  apart where the schedule writes */
	double time_scale;     /* RATES: real seconds a simulated one stands
				  for (`time_scale:`), 1 without */
	struct pk_time_bucket bucket; /* the key's; a hash of a time whose
					 buckets are shorter than a step
					 and that fills: hash_share and
					 period_s those of the value
					 named, not the fullest's */
	uint32_t features;	      /* the projection's features
					 (pk_runway_feature bits), 0 for
					 kinds the guard does not weigh */
	int batch_api;		      /* what the variant's batches are
					 (enum pk_runway_batch_api), for
					 their names in the features'
					 sentence */
	int ids_repeat;		      /* DATA: a key that grows has as many
					 records repeating an id it holds
					 (409) as new ones, its ids not
					 drawn whole as a pool */
	int data_own_ttl;	      /* DATA under time to live: some record
					 has a ttl of its own */
	int ttl_behind;		      /* RATES under time to live: a step's
					 RU/s left too little room to delete
					 what expired (rule 28) and the
					 projection was not stepped a second
					 at a time (runway_secs):
					 PK_RW_F_TTL_BEHIND */
	int ttl_retries;	      /* RATES under time to live: writes
					 held by the RU/s and a client's
					 retries the second-true walk does
					 not model (runway_secs_retries):
					 PK_RW_F_TTL_RETRIES */
	uint64_t latest;	      /* RATES: the n values of a key, or ids
					 of a pool, drawn `latest` projected
					 from their draws (runway_latest.c:
					 all in use from draw n); 0 without,
					 or when they are not, which the
					 guard then refuses (PK_RW_F_LATEST) */
	int ttl_early;		      /* RATES under time to live: it fills
					 sooner than without time to live,
					 which takes items away: the model
					 does not hold (a rewriting upsert
					 taken as a new item while its target
					 lives); refused */
	double replay_full_s;	      /* UNTESTED: when the replay itself
					 filled who (the first of its
					 logical partitions to refuse a
					 write, 403/1014), s of the run's
					 clock; -1 none did */
	int secs;		      /* RATES under time to live: stepped a
					 second at a time (runway_secs): a
					 LEVELS bound_bytes is its cycle's
					 peak, backlog_bytes the expired
					 items undeleted then */
	int renew;		      /* RATES under time to live: rewriting
					 upserts in closed form
					 (runway_renew.c): a rewrite of a
					 live item renews its lifetime and
					 adds none, so the figures are that
					 model's, not the level's from the
					 start */
};

struct pk_snapshot;
struct pk_scenario;
struct pk_workload;
struct pk_result_variant;

/*
 * Project variant v (its ranges, key, fill.full_now set: result.c) of a
 * run of sc with workload w (borrowed, read only: item values, sizes and
 * times) from snapshot s into v->runway. Never fails; allocates only
 * transiently. Rules: 11 (the cap), 12 and 4 (a range's RU/s, the
 * throughput bound, in force phase by phase), 40 (a fleet pool's
 * lending, its max shared), 28 (time to live); the rest is ASSUMPTION
 * as the file comment says.
 */
void runway_build(const struct pk_snapshot *s, const struct pk_scenario *sc,
		  const struct pk_workload *w, struct pk_result_variant *v);

/*
 * The phases of a scenario that runway_build's projections have looked
 * at in this process so far, every thread together: each phase of the
 * pass that finds whether a step's slices come in time order (once a
 * projection) and each phase a stretch's search for its phase compares
 * with (runway_rates.c walk, by halving: the phases' ends rise). A
 * projection of S steps over P phases looks at about P + S x log2(P)
 * of them, not S x P (a pass over the phases at every step made a run of
 * 5,000 phases spend 13 s in the runway); a test holds them to that.
 */
unsigned long runway_phase_visits(void);

/*
 * The names of features f (pk_runway_feature bits) as a sentence says
 * them, "time to live with replaces", into buf (cap bytes, truncated to
 * fit); "this workload" when f is 0. Batches are named as api says
 * (PK_RUNWAY_BATCH_COSMOS "transactional batches", on a table
 * "BatchWriteItem batches" or "TransactWriteItems transactions").
 * Returns buf.
 */
const char *runway_features_text(uint32_t f, enum pk_runway_batch_api api,
				 char *buf, size_t cap);

/*
 * Why PK_RUNWAY_UNTESTED rw has no figure, as a sentence says it after
 * "not projected: " into buf (cap bytes, truncated to fit): its
 * features' names and "(pksim has no tested projection of it)", or for
 * a time key whose values are not stepped one by one (sub_untimed) what
 * the projection times and what it does not. Returns buf.
 */
const char *runway_untested_text(const struct pk_runway *rw, char *buf,
				 size_t cap);

#endif
