/*
 * runway_guard: the runway projects only what it has a test for
 * (runway.h, pk_runway.features). A projection's features are the
 * workload's parts its closed form depends on (time to live, an id pool,
 * deletes, rewrites, batches, several streams, a key's hashed or random
 * or time parts, a data file, a preload, a time scale, a select); the
 * table below lists every combination of them the runway's tests prove
 * right, each naming its tests. A projection whose combination is not in
 * the table says PK_RUNWAY_UNTESTED instead of a figure, naming
 * the combination: a combination no test covers printed a confident
 * wrong figure time and again (ttl with rewrites, id pools with
 * deletes, batches with keys), so an untested one is not a figure.
 */
#include "runway_int.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/load/scenario.h"

/* One tested combination: exactly these features, and the tests that
   prove its figures (tests/check_runway_*.c) */
struct tested {
	uint32_t features;
	const char *tests;
};

#define TTL PK_RW_F_TTL
#define ITTL PK_RW_F_ITEM_TTL
#define POOL PK_RW_F_POOL
#define DEL PK_RW_F_DELETES
#define REP PK_RW_F_REPLACES
#define UPS PK_RW_F_UPSERTS
#define SIZE PK_RW_F_RESIZE
#define BATCH PK_RW_F_BATCH
#define BSIZE PK_RW_F_BATCH_SIZES
#define STR PK_RW_F_STREAMS
#define HASH PK_RW_F_HASH_POOL
#define HUNIQ PK_RW_F_HASH_UNIQUE
#define RAND PK_RW_F_RANDOM
#define TKEY PK_RW_F_TIME_KEY
#define CYCLE PK_RW_F_TIME_CYCLE
#define DATA PK_RW_F_DATA
#define DREP PK_RW_F_DATA_REPEATS
#define PRE PK_RW_F_PRELOAD
#define SCALE PK_RW_F_TIME_SCALE
#define SEL PK_RW_F_SELECT
#define AUTO PK_RW_F_AUTOSCALE_RU
#define SLESS PK_RW_F_SERVERLESS
#define SDELAY PK_RW_F_SPLIT_DELAY
#define RAMP PK_RW_F_RAMP_RU
#define IMEAN PK_RW_F_IDS_MEAN
#define PTTL PK_RW_F_POOL_TTL_FILLS
#define POOLS PK_RW_F_POOLS
#define BEHIND PK_RW_F_TTL_BEHIND
#define SPAN PK_RW_F_BATCH_SPAN
#define TRETRY PK_RW_F_TTL_RETRIES
#define SKEW PK_RW_F_POOL_SKEW
#define LATEST PK_RW_F_LATEST

/* Each combination a test proves, by suite (tests/check_SUITE.c) and
   test */
static const struct tested tested[] = {
    {0, "runway test_runway_burst_bounded_by_throughput, runway "
	"test_runway_filled_in_run_is_projected, ..."},
    {TTL, "runway test_runway_ttl_needs_room, runway_bounds "
	  "test_bounds_burst_after_deletions, ..."},
    {ITTL, "runway_ttl test_runway_item_ttl_levels, runway_ttl "
	   "test_runway_item_ttl_mixed_levels"},
    {TTL | ITTL, "runway_ttl test_runway_item_ttl_never_share"},
    {POOL, "runway test_runway_id_pool_levels_at_mean, runway "
	   "test_runway_id_pool_past_the_cap, ..."},
    {TTL | POOL, "runway_items test_runway_pool_with_ttl, runway_items "
		 "test_runway_pool_creates_with_ttl"},
    {POOL | SKEW, "runway_ids test_runway_ids_zipf_creates, runway_ids "
		  "test_runway_ids_hotspot_creates"},
    {TTL | POOL | SKEW, "runway_ids test_runway_ids_zipf_upserts_ttl, "
			"runway_items test_runway_pool_creates_with_ttl"},
    {LATEST, "runway test_runway_latest_newest_fills, runway "
	     "test_runway_latest_replay_fills"},
    {POOL | SKEW | LATEST, "runway_ids test_runway_ids_latest_creates, "
			   "runway_ids test_runway_ids_latest_replay"},
    {DEL, "runway_dels test_dels_purge_phase_shrinks, runway_dels "
	  "test_dels_ttl_after_fill_said"},
    {DEL | HUNIQ, "runway_guard test_guard_cases (M1 deletes hash4)"},
    {DEL | RAND, "runway_guard test_guard_cases (M1 deletes rand4)"},
    {TTL | DEL, "runway_dels test_dels_short_ttl_fills"},
    {TTL | UPS, "runway_ttl test_runway_ttl_upserts_rewrite_expired"},
    {UPS, "runway_guard test_guard_cases (M1 upserts, M1 upserts ttl30d)"},
    {POOL | UPS, "runway test_runway_id_pool_never"},
    {REP | SIZE, "runway_rates test_rates_rewrites_grow_items"},
    {REP, "runway_guard test_guard_cases (M1 create/replace)"},
    {DEL | REP, "runway_guard test_guard_cases (O5 const)"},
    {DEL | REP | HUNIQ, "runway_guard test_guard_cases (O5 hash4)"},
    {DEL | REP | RAND, "runway_guard test_guard_cases (O5 rand4)"},
    {REP | HUNIQ, "runway_guard test_guard_cases (M1 hash4)"},
    {BATCH, "runway_rates test_rates_batch_only_bounded, runway_rates "
	    "test_rates_batch_only_grows, ..."},
    {STR, "runway test_runway_two_streams, runway_rates "
	  "test_rates_stream_idle_in_window"},
    {ITTL | STR, "runway_items test_runway_streams_own_ttl"},
    {TTL | ITTL | STR, "runway_items test_runway_streams_own_ttl"},
    {POOL | STR, "runway_items test_runway_streams_own_pool"},
    {DEL | STR, "runway_dels test_dels_stream_of_deletes"},
    {ITTL | DEL | STR, "runway_dels test_dels_expired_targets_404"},
    {REP | SIZE | STR, "runway_dels test_dels_rewrites_long_ttl, runway_dels "
		       "test_dels_rewrites_of_another_stream, ..."},
    {POOL | REP | SIZE | STR,
     "runway_streams test_streams_pool_bound_takes_replaced_size, "
     "runway_streams test_streams_replaces_ignore_their_pool"},
    {HASH, "runway_hash test_runway_hash_plain_large_pool, runway_hash "
	   "test_runway_hash_run_length"},
    {STR | HASH, "runway_hash test_runway_hash_two_streams"},
    {POOL | STR | HASH, "runway_hash test_runway_hash_pool_two_streams"},
    {POOL | POOLS | STR | HASH,
     "runway_hash test_runway_hash_pool_two_streams"},
    {POOL | HASH, "runway_ids test_runway_ids_hashed, runway_ids "
		  "test_runway_ids_hashed_counted, ..."},
    {HUNIQ, "runway_hash test_runway_hash_unique_each_on_its_range"},
    {RAND, "runway_bounds test_bounds_suffix_reads_where_they_run"},
    {BATCH | RAND, "runway_streams test_streams_batches_refused_whole"},
    {DEL | TKEY, "runway_dels test_dels_day_key_long_ttl, runway_dels "
		 "test_dels_day_key_loses_by_stored_share"},
    {STR | TKEY, "runway_streams test_streams_date_key_beside_constant"},
    {HASH | TKEY, "runway_hash test_runway_hash_day_bucket_large_pool"},
    {CYCLE, "runway test_runway_iot_by_day, runway test_runway_weekday_bucket"},
    {TTL | CYCLE, "runway_items test_runway_time_key_ttl"},
    {STR | CYCLE, "runway_streams test_streams_time_key_beside_constant, "
		  "runway_streams test_streams_time_key_idle_in_the_run"},
    {ITTL | STR | CYCLE,
     "runway_streams test_streams_time_key_fills_beside_expiring"},
    {DATA, "runway test_runway_data_file_compression, runway_data "
	   "test_runway_data_burst_said, ..."},
    {ITTL | DATA, "runway_ttl test_runway_data_item_ttl_levels, runway_ttl "
		  "test_runway_data_item_ttl_never_share"},
    {TKEY | DATA, "rank test_days_bounded"},
    {CYCLE | DATA, "runway test_runway_data_file_weekday, runway_data "
		   "test_runway_data_bucket_while_current"},
    {TTL | CYCLE | DATA, "runway_items test_runway_data_time_key_ttl"},
    {DEL | PRE, "runway_dels test_dels_preload_not_targeted"},
    {SCALE, "runway test_runway_time_scale_offices"},
    {TTL | SCALE, "runway_items test_runway_ttl_time_scale"},
    {HUNIQ | SCALE, "runway test_runway_time_scale_offices"},
    {TKEY | SCALE, "runway test_runway_time_scale_offices"},
    {CYCLE | SCALE, "runway test_runway_time_scale_weekday"},
    {TTL | TKEY, "runway_items test_runway_date_key_ttl"},
    {TKEY, "days test_days_bucket_fills_before_it_ends, days "
	   "test_days_bounded_and_recurring"},
    {RAND | TKEY, "runway_guard test_guard_cases (date.random)"},
    {PRE, "days test_days_preload_not_written"},
};

/* The features' names, in bit order, as the sentence says them */
static const char *const names[PK_RW_FEATURES] = {
    "time to live",
    "items' own ttl",
    "an id pool (finite ids)",
    "deletes",
    "replaces",
    "upserts of stored items",
    "rewrites at another size than the new items",
    "transactional batches",
    "batch items of varying size",
    "several streams writing",
    "a key part hashed from a pool of values",
    "a key part hashed from a unique property",
    "a random key part",
    "a time key",
    "a time key whose bucket comes back",
    "a data file",
    "a data file redrawing ids (as many repeats as new records)",
    "a preload",
    "a time scale",
    "a select other than uniform for reads, rewrites or deletes",
    "autoscale held back by its RU/s (storage raises the max, rule 18)",
    "a serverless container (RU/s grows with partitions, rule 19; 1 TB "
    "at most)",
    "a split delay (a raise lands late)",
    "a ramp or spikes that fit their phase no whole number of times",
    "an id pool's bound at the mean item beside rewrites of another size",
    "an id pool under time to live filling after items expire",
    "several streams' id pools",
    "deletions falling behind what expires (a phase's RU/s leave too "
    "little room)",
    "batches spanning logical partitions (only those whose items meet "
    "in one commit)",
    "writes held by the RU/s whose client retries with an exponential "
    "backoff or a max_wait short of its max_retries",
    "ids drawn skewed from the pool",
    "values drawn latest (one more in use each draw)",
};

/* A table's names of its batches (PK_RW_F_BATCH, PK_RW_F_BATCH_SPAN)
   in DynamoDB's words, by its `batches:` setting: BatchWriteItem is not
   atomic, each item a put of its own on its own key value's partition
   (ddb_batch.c), so its items spanning key values are refused never;
   TransactWriteItems takes its items all or nothing, across key values
   too */
static const char *const write_item_names[2] = {
    "BatchWriteItem batches (each item a put of its own)",
    "BatchWriteItem items spanning key values",
};
static const char *const transact_names[2] = {
    "TransactWriteItems transactions",
    "transactions spanning key values",
};

/* The name of feature bit i (its index in names[]) for batches of api */
static const char *feature_name(size_t i, enum pk_runway_batch_api api)
{
	const char *const *table =
	    api == PK_RUNWAY_BATCH_WRITE_ITEM ? write_item_names
	    : api == PK_RUNWAY_BATCH_TRANSACT ? transact_names
					      : NULL;

	if (table && (1u << i) == BATCH) {
		return table[0];
	}
	if (table && (1u << i) == SPAN) {
		return table[1];
	}
	return names[i];
}

/* What v's batches are (runway.h pk_runway_batch_api) */
static enum pk_runway_batch_api batch_api(const struct pk_result_variant *v)
{
	if (!v->ddb) {
		return PK_RUNWAY_BATCH_COSMOS;
	}
	return v->ddb->transact ? PK_RUNWAY_BATCH_TRANSACT
				: PK_RUNWAY_BATCH_WRITE_ITEM;
}

/* 1 when phase ps writes or deletes (an operation that changes what is
   stored) */
static int phase_writes(const struct pk_phase_spec *ps)
{
	return ps->mix[PK_OP_CREATE] > 0 || ps->mix[PK_OP_UPSERT] > 0 ||
	       ps->mix[PK_OP_REPLACE] > 0 || ps->mix[PK_OP_DELETE] > 0 ||
	       ps->mix[PK_OP_BATCH] > 0;
}

/* 1 when ps rewrites stored items: replaces, upserts of a stored item */
static int phase_rewrites(const struct pk_phase_spec *ps)
{
	return ps->mix[PK_OP_REPLACE] > 0 ||
	       (ps->mix[PK_OP_UPSERT] > 0 && ps->upsert_new < 1);
}

/* 1 when a and b write items of the same size */
static int same_size(const struct pk_size_spec *a, const struct pk_size_spec *b)
{
	return a->kind == b->kind && a->bytes == b->bytes &&
	       a->min_bytes == b->min_bytes && a->max_bytes == b->max_bytes &&
	       a->mean_bytes == b->mean_bytes &&
	       a->stddev_bytes == b->stddev_bytes;
}

/* The property of stream st at path, or NULL */
static const struct pk_prop_spec *stream_prop(const struct pk_scenario *sc,
					      const struct pk_stream_spec *st,
					      const char *path)
{
	size_t i;

	for (i = st->prop_first; i < st->prop_first + st->n_props; i++) {
		if (i < sc->n_props && strcmp(sc->props[i].path, path) == 0) {
			return &sc->props[i];
		}
	}
	return NULL;
}

/* 1 when id (a stream's /id) is a pool of ids drawn skewed: not each
   alike (uniform) nor in turn (sequential) */
static int pool_skewed(const struct pk_prop_spec *id)
{
	return (id->kind == PK_GEN_PATTERN || id->kind == PK_GEN_LIST) &&
	       id->count > 1 && id->dist.kind != PK_DIST_UNIFORM &&
	       id->dist.kind != PK_DIST_SEQUENTIAL;
}

/* 1 when p's values come into use one per draw (`distribution: latest`
   over more than one value): the newest value, the likeliest once all
   are in use, has no item until the draws reach it, so neither the
   stationary shares (dist_chance) nor the values a short run drew tell
   when one fills */
static int drawn_latest(const struct pk_prop_spec *p)
{
	return (p->kind == PK_GEN_PATTERN || p->kind == PK_GEN_LIST) &&
	       p->count > 1 && p->dist.kind == PK_DIST_LATEST;
}

/* The features of the generated workload of sc: its streams and phases */
static uint32_t workload_features(const struct pk_scenario *sc,
				  const struct pk_result_variant *v)
{
	const struct pk_size_spec *size = NULL;
	uint32_t f = 0;
	size_t s, i, writers = 0, pooled = 0;
	int rewrites = 0, resized = 0;

	for (s = 0; s < sc->n_streams; s++) {
		const struct pk_stream_spec *st = &sc->streams[s];
		const struct pk_prop_spec *id =
		    stream_prop(sc, st, runway_id_path(v));
		int writes = 0;

		for (i = st->phase_first;
		     i < st->phase_first + st->n_phases && i < sc->n_phases;
		     i++) {
			const struct pk_phase_spec *ps = &sc->phases[i];

			if (ps->select.kind != PK_DIST_UNIFORM &&
			    ps->mix[PK_OP_READ] > 0) {
				/* reads drawn skewed over the stored items: a
				   range's part of them is not its part of the
				   items (zipfian: the oldest hottest) */
				f |= SEL;
			}
			if (!phase_writes(ps)) {
				continue;
			}
			writes = 1;
			f |= ps->mix[PK_OP_DELETE] > 0 ? DEL : 0;
			f |= ps->mix[PK_OP_BATCH] > 0 ? BATCH : 0;
			f |= ps->mix[PK_OP_BATCH] > 0 && ps->batch_spanning > 0
				 ? SPAN
				 : 0;
			f |= ps->mix[PK_OP_BATCH] > 0 &&
				     ps->item_size.kind != PK_SIZE_FIXED
				 ? BSIZE
				 : 0;
			f |= ps->mix[PK_OP_REPLACE] > 0 ? REP : 0;
			f |= ps->mix[PK_OP_UPSERT] > 0 && ps->upsert_new < 1
				 ? UPS
				 : 0;
			rewrites |= phase_rewrites(ps);
			if (ps->select.kind != PK_DIST_UNIFORM &&
			    (phase_rewrites(ps) || ps->mix[PK_OP_DELETE] > 0)) {
				f |= SEL;
			}
			if (ps->mix[PK_OP_DELETE] < 1) {
				resized |=
				    size && !same_size(size, &ps->item_size);
				size = size ? size : &ps->item_size;
			}
		}
		writers += (size_t)writes;
		if (writes && id && id->kind != PK_GEN_UNIQUE) {
			f |= POOL;
			pooled++;
			f |= pool_skewed(id) ? SKEW : 0;
			f |= drawn_latest(id) ? LATEST : 0;
		}
		if (writes && v->spec->default_ttl_s != PK_TTL_OFF &&
		    stream_prop(sc, st, "/ttl")) {
			f |= ITTL;
		}
	}
	f |= (rewrites || (f & POOL)) && resized ? SIZE : 0;
	f |= writers > 1 ? STR : 0;
	f |= pooled > 1 ? POOLS : 0;
	f |= sc->time_scale != 1.0 && sc->time_scale > 0 ? SCALE : 0;
	return f;
}

/* 1 when a stream of sc draws its property at path `latest` */
static int key_reads_latest(const struct pk_scenario *sc, const char *path)
{
	size_t s;

	for (s = 0; s < sc->n_streams; s++) {
		const struct pk_prop_spec *p =
		    stream_prop(sc, &sc->streams[s], path);

		if (p && drawn_latest(p)) {
			return 1;
		}
	}
	return 0;
}

/* The features of how v's key reads the items: a hash of a pool's
   values, a random part or a hash of a unique property, a time part */
static uint32_t key_features(const struct pk_scenario *sc,
			     const struct pk_result_variant *v,
			     const struct pk_runway *rw)
{
	struct pk_key_reads kr;
	uint32_t f = 0;
	size_t i;

	if (rw->bucket.len_s > 0) {
		f |= rw->bucket.period_s > 0 ? CYCLE : TKEY;
	}
	if (!v->service_queries || !v->service_queries->key_reads) {
		return f;
	}
	memset(&kr, 0, sizeof(kr));
	v->service_queries->key_reads(v->key, sc, &kr);
	f |= v->service_queries->random_values &&
		     v->service_queries->random_values(v->key) > 1
		 ? RAND
		 : 0;
	for (i = 0; i < kr.n_refs && i < PK_QUERY_KEY_REFS; i++) {
		const int p = kr.prop[i];

		if (kr.hash_mod[i] > 0 && p >= 0 && (size_t)p < sc->n_props &&
		    !(rw->bucket.hash_values > 0 &&
		      sc->props[p].kind == PK_GEN_CLOCK)) {
			/* a hash of a clock in a key of such hashes is
			   its time part (CYCLE) */
			f |= sc->props[p].kind == PK_GEN_UNIQUE ? HUNIQ : HASH;
		}
		if (p >= 0 && (size_t)p < sc->n_props) {
			f |= key_reads_latest(sc, sc->props[p].path) ? LATEST
								     : 0;
		}
	}
	return f;
}

/* 1 when a phase of sc that writes has a rate its repetitions do not
   repeat: a ramp, or spikes whose period is not a whole number of the
   phase's seconds (the projection repeats the phase, and each
   repetition would start with a spike: a 60 s phase with spikes every
   hour would spike every minute) */
static int any_ramp(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *ps = &sc->phases[i];
		const struct pk_schedule_spec *s = ps->schedule;

		if (!phase_writes(ps) || !s) {
			continue;
		}
		if (s->base == PK_SCHEDULE_RAMP ||
		    (s->has_spikes &&
		     (ps->duration_ms / 1000) % s->spike_every_s != 0)) {
			return 1;
		}
	}
	return 0;
}

/* 1 when a phase of sc raises the RU/s past what v's container's
   partitions at its creation hold (rule 6: a partition holds at most
   pp_ru_per_s): the raise splits them, and a split_delay holds the old
   RU/s until the splits are done (container_set_throughput). A raise
   within them applies at once, so a split delay changes nothing without
   one (ASSUMPTION: the partitions are counted as the fewest that hold
   the container's RU/s, not the more rule 2 makes at creation nor those
   storage splits add, which errs towards refusing). */
static int raise_splits(const struct pk_scenario *sc,
			const struct pk_result_variant *v)
{
	const int64_t made = v->spec->throughput_ru_per_s > 0
				 ? v->spec->throughput_ru_per_s
				 : v->spec->autoscale_max_ru_per_s;
	const int64_t cap =
	    v->spec->pp_ru_per_s > 0 ? v->spec->pp_ru_per_s : 10000;
	int64_t ranges = (made + cap - 1) / cap;
	size_t i;

	ranges = ranges < 1 ? 1 : ranges;
	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *ps = &sc->phases[i];
		const int64_t set = ps->throughput_ru_per_s > 0
					? ps->throughput_ru_per_s
					: ps->autoscale_max_ru_per_s;

		if (set > ranges * cap) {
			return 1;
		}
	}
	return 0;
}

/* The features of v's container the closed form keeps fixed: under a
   throughput bound, autoscale's max raised by storage (rule 18); a
   split delay with a raise that splits (it lands late); a ramp; serverless RU/s
   and its 1 TB (rule 19) */
static uint32_t container_features(const struct pk_scenario *sc,
				   const struct pk_result_variant *v,
				   const struct pk_runway *rw)
{
	const int held = rw->bound_range != UINT32_MAX;
	uint32_t f = 0;

	f |= held && v->spec->autoscale_max_ru_per_s > 0 ? AUTO : 0;
	f |= v->spec->serverless ? SLESS : 0;
	f |= v->spec->split_delay_ms > 0 && raise_splits(sc, v) ? SDELAY : 0;
	f |= any_ramp(sc) ? RAMP : 0;
	return f;
}

uint32_t runway_features(const struct pk_scenario *sc,
			 const struct pk_workload *w,
			 const struct pk_result_variant *v,
			 const struct pk_runway *rw)
{
	uint32_t f = key_features(sc, v, rw);

	(void)w; /* a data file's own ttls: rw->data_own_ttl */
	if (sc->items_file) {
		f |= DATA;
		f |= rw->ids_repeat ? DREP : 0;
		f |= v->spec->default_ttl_s > 0 ? TTL : 0;
		f |= v->spec->default_ttl_s != PK_TTL_OFF && rw->data_own_ttl
			 ? ITTL
			 : 0;
	} else {
		f |= workload_features(sc, v);
		f |= v->spec->default_ttl_s > 0 ? TTL : 0;
	}
	f |= sc->preload ? PRE : 0;
	f |= rw->ttl_behind ? BEHIND : 0;
	f |= rw->ttl_retries ? TRETRY : 0;
	f |= container_features(sc, v, rw);
	if (rw->kind == PK_RUNWAY_IDS && rw->ids_mean && (f & (REP | UPS)) &&
	    (f & SIZE)) {
		/* the ids x the mean item, where rewrites write larger */
		f |= IMEAN;
	}
	if (rw->kind == PK_RUNWAY_IDS) {
		/* the pool's bound holds however its ids are drawn */
		f &= ~(uint32_t)(SKEW | LATEST);
	}
	if (rw->kind == PK_RUNWAY_DAYS && (f & TTL) && (f & POOL) &&
	    !rw->ttl_after) {
		/* the pool's live ids under ttl: tested only as a level */
		f |= PTTL;
	}
	if (rw->kind == PK_RUNWAY_DAYS && rw->ttl_after) {
		/* it fills before any item expires: projected as without
		   time to live, exactly */
		f &= ~(uint32_t)(TTL | ITTL);
	}
	return f;
}

/* The entry of tested[] that is exactly f, or NULL */
static const struct tested *tested_entry(uint32_t f)
{
	size_t i;

	for (i = 0; i < sizeof(tested) / sizeof(tested[0]); i++) {
		if (tested[i].features == f) {
			return &tested[i];
		}
	}
	return NULL;
}

/* 1 when kind k is a projection's figure the guard weighs: not a fact
   of the run (full now) nor a reason there is none */
static int guarded_kind(enum pk_runway_kind k)
{
	return k == PK_RUNWAY_DAYS || k == PK_RUNWAY_BEYOND ||
	       k == PK_RUNWAY_NEVER || k == PK_RUNWAY_IDS ||
	       k == PK_RUNWAY_BUCKETS || k == PK_RUNWAY_LEVELS;
}

void runway_guard(const struct pk_scenario *sc, const struct pk_workload *w,
		  const struct pk_result_variant *v, struct pk_runway *rw)
{
	if (!guarded_kind(rw->kind)) {
		return;
	}
	rw->batch_api = batch_api(v);
	rw->features = runway_features(sc, w, v, rw);
	if (rw->kind == PK_RUNWAY_IDS && rw->ids == 1 && rw->ids_mod == 0) {
		/* every item its own logical partition: one item, whatever
		   else the workload does */
		return;
	}
	if (tested_entry(rw->features) && !rw->ttl_early &&
	    (!(rw->features & LATEST) ||
	     (rw->latest && !((key_features(sc, v, rw) & LATEST) &&
			      (workload_features(sc, v) & LATEST))))) {
		/* values drawn latest only as runway_latest.c steps them:
		   a key's or a pool's, not both */
		return;
	}
	rw->kind = PK_RUNWAY_UNTESTED;
	rw->full_s = -1;
	/* no figure: no logical partition named, no growth given */
	rw->who[0] = '\0';
	rw->rate_bytes_per_s = 0;
}

const char *runway_features_text(uint32_t f, enum pk_runway_batch_api api,
				 char *buf, size_t cap)
{
	size_t at = 0, n = 0, i, total = 0;

	for (i = 0; i < PK_RW_FEATURES; i++) {
		total += (f >> i) & 1u;
	}
	total -= (f & DATA) && (f & DREP);
	buf[0] = '\0';
	for (i = 0; i < PK_RW_FEATURES && at < cap; i++) {
		if (!((f >> i) & 1u) || ((1u << i) == DATA && (f & DREP))) {
			continue; /* "a data file redrawing ids" says both */
		}
		n++;
		at += (size_t)snprintf(buf + at, cap - at, "%s%s",
				       n == 1	    ? ""
				       : n == total ? " with "
						    : ", ",
				       feature_name(i, api));
	}
	if (total == 0) {
		snprintf(buf, cap, "this workload");
	}
	return buf;
}

const char *runway_untested_text(const struct pk_runway *rw, char *buf,
				 size_t cap)
{
	char f[512], a[32], b[32];

	if (rw->burst_joined) {
		snprintf(buf, cap,
			 "its range's burst credit (rule 14) banks in each "
			 "quiet stretch for the burst after it, but the "
			 "projection joined stretches it could not take in "
			 "turn (a phase list past the %d a step keeps apart "
			 "whose phases do not come round the same number of "
			 "times, or a spiking phase's spikes cut mid-period), "
			 "whose credit then banked and was spent as one: when "
			 "it fills is not timed",
			 PK_RW_STRETCHES);
		return buf;
	}
	if (rw->sub_untimed == 2) {
		snprintf(buf, cap,
			 "its key's buckets of %lld s come back and its writes "
			 "vary within an hour, where the projection takes a "
			 "step's writes as even over it (under time to live, "
			 "deletes, an id pool or several streams), so which "
			 "value fills first, and when, is not timed",
			 (long long)rw->bucket.len_s);
		return buf;
	}
	if (rw->sub_untimed == 3) {
		snprintf(buf, cap,
			 "its key's buckets of %lld s come back under time to "
			 "live, where the projection takes each value at its "
			 "mean share of each hour, not in its own buckets, "
			 "and leaves out the expired items that wait for "
			 "deletion while their range is busy (rule 28), so "
			 "which value fills first, and when, is not timed",
			 (long long)rw->bucket.len_s);
		return buf;
	}
	if (!rw->sub_untimed) {
		snprintf(buf, cap, "%s (pksim has no tested projection of it)",
			 runway_features_text(
			     rw->features,
			     (enum pk_runway_batch_api)rw->batch_api, f,
			     sizeof(f)));
		return buf;
	}
	snprintf(buf, cap,
		 "its key's buckets of %lld s come back, but on a cycle or "
		 "with more values than the projection steps one at a time "
		 "(a minute, an hour or whole hours dividing a week; %s "
		 "values a cycle, %s a step over the partitions it "
		 "follows), so which value fills first, and when, is not "
		 "timed",
		 (long long)rw->bucket.len_s,
		 fmt_thousands(PK_RUNWAY_SUB_VALUES, a),
		 fmt_thousands(PK_RW_SUB_STEP_PARTS, b));
	return buf;
}
