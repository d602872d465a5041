/*
 * runway_int.h: what the runway's files share (src/result/runway.c:
 * which builder and what a runway says; runway_step.c: generated items
 * stepped over the horizon; runway_grow.c: a logical partition's growth
 * in a step under its range's RU/s; runway_rates.c: their rates;
 * runway_data.c: a data file; runway_shares.c: each key value's share of
 * the new items). Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_INT_H
#define PKSIM_RUNWAY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/schedule.h"
#include "pksim/result/result.h"
#include "pksim/result/runway.h"
#include "pksim/service/queries.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"

#define PK_RW_MS_PER_S 1000.0
/* Value-index codes a bitmap dedupes (16 MiB); past it a hash table */
#define PK_RW_BITMAP_CODES (1ULL << 27)
/* Bytes of a key's time text (runway_text_at), its NUL included */
#define PK_RW_TEXT 256

/* One logical partition of the projection (a key value less its time
   part), as a hash entry. */
struct group {
	unsigned char *key; /* owned identity bytes */
	size_t key_len;
	double mass;		     /* share of the new items, 0..1 */
	double start;		     /* bytes at t = 0 (preloaded) */
	size_t range;		     /* index into v->ranges, or SIZE_MAX */
	uint64_t item;		     /* an item that built it, or UINT64_MAX */
	const struct pk_workload *w; /* the workload item is of (one drawn
					apart: runway_window_stream), NULL
					the run's */
	uint64_t value; /* runway_groups_from_values: the value index of
			   its one value, else UINT64_MAX */
	int picked;	/* 1: its key is item's with the random parts set to
			   candidate pick (runway_item_key_pick), not the
			   item's own draw */
	uint64_t pick;
	double *smass; /* several streams, shares from the distributions:
			  its share of each stream's new items (owned by
			  the table, n_streams); NULL: mass for each */
	/* data files */
	uint64_t n, n_rep; /* records stored, records repeating an id */
	double bytes, first_bytes;
	int64_t first_ms, last_ms, cross_ms;
	double cross_bytes; /* bytes it held at cross_ms */
	/* a file at --rate coming again (runway_data.c): the bytes still
	   to come in the copy of the file it fills in, and the time in the
	   file of the record that brings them (-1 not yet) */
	double again_need;
	int64_t again_ms;
	/* ... under time to live: bytes that never expire, and the
	   others' bytes x lifetime, B s */
	double keep, life;
	UT_hash_handle hh;
};

struct codeent {
	uint64_t code;
	UT_hash_handle hh;
};

/* How the key reads one reference */
struct refinfo {
	int prop;	/* sc->props index, or -1 (no item has it) */
	int clock;	/* 1: a clock property (the time bucket) */
	int unique;	/* 1: a unique property */
	uint64_t count; /* value indexes (drawn properties) */
	double norm;	/* dist_norm over count */
	uint64_t radix; /* its place in the value code */
	/* read only through {hash(p) mod N} parts (runway_hash.c), the
	   key's reference index ref: one stream, each value index's hash
	   class (owned, count entries; NULL past PK_RW_CLASS_VALUES, the
	   class then hashed when asked), each class's share, the
	   probability mass of every value in it, drawn or not, and how
	   many values it has (owned, n_cls entries each); several streams,
	   the same of each stream's own property (scls, scmass, sccount); n_cls
	   the classes, 0 none kept (runway_refs_free frees them) */
	size_t ref;
	uint32_t *cls;
	double *cmass;
	double *ccount;
	uint32_t *scls[PK_MAX_STREAMS];
	double *scmass[PK_MAX_STREAMS];
	double *sccount[PK_MAX_STREAMS];
	uint64_t n_cls;
	/* several streams: each stream's own property at this path
	   (-1: its items have none), its values and dist_norm over them */
	int sprop[PK_MAX_STREAMS];
	uint64_t scount[PK_MAX_STREAMS];
	double snorm[PK_MAX_STREAMS];
};

/* The order the projection weighs groups in: the larger share first,
   at equal shares the one preloaded with more, then by key bytes; < 0
   when a comes first. A total order (keys differ between groups). */
int runway_group_order(const struct group *a, const struct group *b);

/* The candidates chosen as groups come (runway_pick.c): their shares
   summed by range, the PK_RUNWAY_CANDIDATES first in order (a heap, the
   last of them at top[0]) and each range's first; copies, so a group
   offered need not outlive the call. */
struct rw_pick {
	size_t n_ranges;     /* index n_ranges: groups of no range */
	double *range_mass;  /* owned; n_ranges + 1 shares summed */
	size_t n_streams;    /* > 1: range_smass kept */
	double *range_smass; /* owned; (n_ranges + 1) x n_streams: each
				stream's shares summed by range, from
				groups with smass; NULL with one stream */
	struct group top[PK_RUNWAY_CANDIDATES];
	size_t n_top;
	struct group *best; /* owned; n_ranges + 1: each range's first */
	char *has;	    /* owned; n_ranges + 1: 1 where best is set */
	uint64_t n_groups;  /* groups offered */
};

/* n_streams: the scenario's (range_smass kept when > 1) */
void runway_pick_init(struct rw_pick *p, size_t n_ranges, size_t n_streams);

/* Offer g (its mass, start, range and key set) */
void runway_pick_add(struct rw_pick *p, const struct group *g);

/* The candidates in order into out (room for 2 x PK_RUNWAY_CANDIDATES):
   the PK_RUNWAY_CANDIDATES first, and each range's first where none of
   those is in it, at most 2 x PK_RUNWAY_CANDIDATES; returns how many */
size_t runway_pick_done(struct rw_pick *p, struct group *out);

void runway_pick_free(struct rw_pick *p);
/* runway_pick.c: the groups offered to pick (runway_step.c's
   projection): from the snapshot's values when it maps them (returns 1),
   else from the distributions or the run into *tab (returns 0); the
   share of the values no item drew spread over the ranges; each range's
   part of a random-suffix reader's IN list (comments at each) */
struct rw_proj;
int runway_find_groups(const struct pk_snapshot *s, const struct rw_proj *p,
		       const struct refinfo *refs, double spread, int by_dist,
		       double each, const double *weight, struct group **tab,
		       struct pk_workload **apart, struct pk_scenario *moved,
		       struct rw_pick *pick, struct pk_runway *rw);
void runway_unseen_spread(struct rw_pick *p);
void runway_find_shares(const struct pk_result_variant *v,
			const struct rw_pick *pick, double *share);

/* rw->who: the key of identity bytes id (len bytes) as reports print it */
void runway_set_who(const struct pk_result_variant *v, const unsigned char *id,
		    size_t len, struct pk_runway *rw);

/* Index in v->ranges of the range holding e (ranges in key order), or
   SIZE_MAX without ranges */
size_t runway_range_of(const struct pk_result_variant *v,
		       const struct pk_epk *e);

/* Range r's share of v's RU/s at the end of the run (an even share
   when r is SIZE_MAX), RU/s, before any fleet pool */
double runway_range_share(const struct pk_result_variant *v, size_t r);

/* The RU/s a range whose own share is ru may use: with a fleet pool
   (rule 40) its share plus what the pool may lend it, at most the pool's
   extra a partition, and the pool's max shared evenly by the n_pool
   ranges drawing on it in the same second (a data file's bound:
   ASSUMPTION, every range with writes draws, each an even part), within
   the pool's cap; ru without (runway_pool.c) */
double runway_with_pool(const struct pk_result_variant *v, double ru,
			size_t n_pool);

/* runway_with_pool of range r's share (runway_range_share) */
double runway_range_ru(const struct pk_result_variant *v, size_t r,
		       size_t n_pool);

/* The group of identity bytes id in *tab, made (and *fresh 1) when new */
struct group *runway_group_get(struct group **tab, const unsigned char *id,
			       size_t len, int *fresh);

/* An index over a group table for lookups a record at a time (a data
   file's walk): open addressing by a 64-bit hash of the identity bytes,
   so a group is found in one probe or a few, where the table's bucket
   chains cost a cache miss a link. The table stays runway_group_get's:
   the same groups, added in the same order. Zeroed: empty. */
struct rw_gslot {
	uint64_t h;	 /* the identity bytes' hash */
	struct group *g; /* borrowed from the table; NULL: a free slot */
};
struct rw_gindex {
	struct rw_gslot *slot; /* owned; cap slots */
	size_t cap, n;	       /* cap 0 or a power of 2; n <= cap / 2 */
};

/* runway_group_get(tab, id, len, fresh) through x, which then holds the
   group too. Every group x holds must be *tab's. */
struct group *runway_gindex_get(struct rw_gindex *x, struct group **tab,
				const unsigned char *id, size_t len,
				int *fresh);

/* Free x's slots (not the groups) and zero it */
void runway_gindex_free(struct rw_gindex *x);

/* Free every group of *tab */
void runway_groups_free(struct group **tab);

/* A data file's runway (runway_data.c): every record at its own time */
void runway_from_data(const struct pk_scenario *sc, const struct pk_workload *w,
		      struct pk_result_variant *v, struct pk_runway *rw);

/* runway_shares.c: how the key reads each reference (0 when it cannot
   be projected from the distributions), the groups with their shares
   from the distributions or from the run, and what preload put in them;
   refs has room for PK_QUERY_KEY_REFS, each zeroed first, even on 0,
   and runway_refs_free frees them */
int runway_key_refs(const struct pk_result_variant *v,
		    const struct pk_scenario *sc, const struct pk_workload *w,
		    struct refinfo *refs, double *spread, int *whole_unique);

/* Free what runway_key_refs kept in refs[0 .. n) (the hash classes) */
void runway_refs_free(struct refinfo *refs, size_t n);

/* runway_hash.c: r's hash classes (refinfo's cls .. n_cls) when the key
   (reference ref) reads r's property only through {hash(p) mod N}
   parts: every value the property can take (each stream's own, with
   several) hashed as the key hashes it, a class's share the probability
   mass (dist_chance) of its values, drawn or not, so the shares depend on
   neither the run's length nor which values it drew. Past
   PK_RW_CLASS_VALUES values the hottest half of that exactly and the
   rest by a stratified sample of a fixed seed (ASSUMPTION: within about
   sqrt(share / 2^23) of the share). Nothing kept (n_cls 0) for a
   service without hash parts, a property whose values the workload
   cannot list, or a stream without the property. */
void runway_hash_classes(const struct pk_result_variant *v,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w, size_t ref,
			 struct refinfo *r);
/* The hash class of item's value of r's property (r->n_cls > 0) */
uint64_t runway_value_class(const struct pk_result_variant *v,
			    const struct pk_workload *w,
			    const struct refinfo *r, uint64_t item);
/* Class c's share of stream k's new items (one stream: k 0) */
double runway_class_mass(const struct refinfo *r, size_t k, uint64_t c);
/* Free r's hash classes */
void runway_hash_free(struct refinfo *r);

/* ... several streams: each group's smass (its share of each stream's
   items, the own property's dist_chance), mass their sum weighted by
   weight[k] (each stream's share of the new bytes, for the order); only
   stream only's items when only >= 0 */
void runway_groups_from_dists(const struct pk_result_variant *v,
			      const struct pk_scenario *sc,
			      const struct pk_workload *w,
			      const struct refinfo *refs, double spread,
			      const double *weight, int64_t wall0, long only,
			      struct group **tab);

/* The groups of a key on one property whose values' logical partitions
   the snapshot keeps (pk_snapshot.value_lps): each logical partition a
   value reached is one group, its share the values' summed, offered to
   *p with what preload put in it (each: bytes a preloaded item; 0 adds
   none). 0 when the snapshot cannot say so (nothing offered). */
int runway_groups_from_values(const struct pk_snapshot *s,
			      const struct pk_result_variant *v,
			      const struct pk_scenario *sc,
			      const struct refinfo *refs, double spread,
			      double each, struct rw_pick *p);

/* Groups for the values of largest probability mass a key on one
   property can take, whether or not the run drew them, into *tab (a
   value whose key is there already left as it is): the first
   PK_RUNWAY_CANDIDATES ranks of a zipf or zipfian, the hot set of a
   hotspot (its cold values when those weigh more), the heaviest of a
   weighted list; each its share (spread x dist_chance), its value index,
   its range and its key as the workload would name it
   (pk_queries.value_key). reached (n_reached entries, NULL none):
   pk_snapshot.value_lps, a value it maps left to that pass. Nothing for
   several streams, several properties, random or hash parts, values
   that share alike (uniform, sequential) or `latest`. Returns how many
   groups it made. */
size_t runway_groups_heavy(const struct pk_result_variant *v,
			   const struct pk_scenario *sc,
			   const struct pk_workload *w,
			   const struct refinfo *refs, double spread,
			   const uint32_t *reached, uint64_t n_reached,
			   struct group **tab);

/* The shares of groups g[0 .. n - 1] of runway_groups_from_values
   again, each of one value exactly as dist_chance gives it: that pass sums
   a zipfian's shares by a series, close to 1e-15 but not bit for bit */
void runway_exact_mass(const struct pk_scenario *sc, const struct refinfo *refs,
		       double spread, struct group *g, size_t n);

void runway_groups_from_run(const struct pk_snapshot *s,
			    const struct pk_result_variant *v,
			    struct group **tab);

/* Several streams, shares as the run drew them: each group's share of
   each stream's new items (smass: the items of stream k whose own key
   value is the group's over stream k's items in w; an item of it as
   g->item), mass their sum weighted by weight[k]; with only < 0 the
   groups of *tab (runway_groups_from_run's) for every stream, else the
   groups of stream only's items, made when new. A logical partition
   then grows by its own streams' bytes, not by a pool of every
   stream's split by item count. */
void runway_groups_counted(const struct pk_result_variant *v,
			   const struct pk_scenario *sc,
			   const struct pk_workload *w, const double *weight,
			   long only, struct group **tab);

void runway_preload_start(const struct pk_snapshot *s,
			  const struct pk_result_variant *v,
			  struct group **tab);

/* One item's key value as the service answers it (service/queries.h:
   item_key): at, and its identity bytes in id */
struct rw_key {
	struct pk_key_item at;
	unsigned char *id; /* owned; the service's id_max bytes */
};

/* A key's room for v's service (runway_key_free frees it) */
void runway_key_init(const struct pk_result_variant *v, struct rw_key *k);

void runway_key_free(struct rw_key *k);

/* The key of item into *k: its own with wall_s NULL; else with the time
   fixed at *wall_s and unique values hidden (one group is one key value
   less its time part) */
void runway_item_key(const struct pk_result_variant *v,
		     const struct pk_scenario *sc, const struct pk_workload *w,
		     uint64_t item, const int64_t *wall_s, struct rw_key *k);

/* Key values whose random parts the projection tells apart, at most:
   a key with more is taken as one value's share spread evenly */
#define PK_RW_MAX_PICKS 1024

/* How many key values the random parts of v's key give one item, when
   2 .. PK_RW_MAX_PICKS and v's service can build each
   (service/queries.h: random_values, item_key_pick); else 1 */
uint64_t runway_random_values(const struct pk_result_variant *v);

/* How many key values the projection tells apart for one item: its
   random parts' and the hash classes of a unique property read through
   {hash(p) mod N} (service/queries.h: spread_values; ASSUMPTION: the hash
   spreads unique values evenly, each class an equal part, as
   pk_key_reads.spread counts it), when 2 .. PK_RW_MAX_PICKS; else 1 */
uint64_t runway_spread_values(const struct pk_result_variant *v,
			      const struct pk_scenario *sc);

/* runway_item_key with the random parts set to candidate pick and each
   hashed unique property to a value of pick's class (0 <= pick <
   runway_spread_values(v, sc)) */
void runway_item_key_pick(const struct pk_result_variant *v,
			  const struct pk_scenario *sc,
			  const struct pk_workload *w, uint64_t item,
			  const int64_t *wall_s, uint64_t pick,
			  struct rw_key *k);

/* What v's service charges a write of an item of mean bytes, mRU
   (service/queries.h: write_mru) */
int64_t runway_write_mru(const struct pk_result_variant *v, double mean);
/* The path of the property that tells a key value's items apart
   (pk_result_variant.id_path): "/id" unless v says another */
const char *runway_id_path(const struct pk_result_variant *v);

/* The properties v's key reads (at most PK_QUERY_KEY_REFS) */
size_t runway_n_refs(const struct pk_result_variant *v,
		     const struct pk_scenario *sc);

/* New items an operation of phase ps sends in transactional batches
   that the service refuses whole (400): a batch's items must share one
   logical partition, and the parts of v's key drawn per item (a random
   suffix: 1 / its span each; a hash of a unique property: 1 / N each;
   pk_key_reads.spread) put its n items in one key value with
   probability spread^(n - 1) (ASSUMPTION: the other properties shared
   as the workload shares them, a spanning batch's too, so this errs
   low), and of those the batches whose items together pass 2 MB (413:
   refused whole too; a fixed size exactly, drawn sizes by the normal
   approximation of their sum); 0 without batches */
double runway_batch_refused(const struct pk_result_variant *v,
			    const struct pk_scenario *sc,
			    const struct pk_phase_spec *ps);

/* Generated items' runway (runway_step.c): w's items give the key values,
   their shares from the distributions */
void runway_from_rates(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       const struct pk_workload *w, struct pk_result_variant *v,
		       struct pk_runway *rw);

/* Whether a phase of sc adds items at a rate (its own, or its rate
   schedule's) */
int runway_writes(const struct pk_scenario *sc);

/* runway_from_rates when the run's window wrote nothing (its rate
   schedule at 0 there: runway_window.c): the key values from items
   drawn apart, at the first hour the schedule writes */
void runway_from_window(const struct pk_snapshot *s,
			const struct pk_scenario *sc,
			struct pk_result_variant *v, struct pk_runway *rw);

/* Stream k of sc drawn apart (runway_window.c) when its phases write but
   the run's window gave it no item (its schedule 0 there): the same
   workload with its clock (in *moved, which the workload borrows: keep
   it while the workload lives) at the first hour stream k writes, drawn
   until stream k has items enough; NULL when it never writes within the
   search. The caller frees it (workload_free). */
struct pk_workload *runway_window_stream(const struct pk_scenario *sc, size_t k,
					 struct pk_scenario *moved);

/* The streams of sc whose phases write but that the run's window (w)
   gave no item (their rate schedule 0 there, beside streams that
   wrote): each drawn apart (runway_window_stream), its groups added to
   tab by the distributions as the others' (runway_groups_from_dists),
   or with refs NULL as the run drew them (runway_groups_counted);
   the workloads into apart[k] (NULL for the rest), their scenarios into
   moved[k] (sc->n_streams of each), kept while the groups name items
   of them (group.w). Returns how many. */
size_t runway_groups_apart(const struct pk_result_variant *v,
			   const struct pk_scenario *sc,
			   const struct pk_workload *w,
			   const struct refinfo *refs, double spread,
			   const double *weight, struct group **tab,
			   struct pk_workload **apart,
			   struct pk_scenario *moved);

/* Free runway_groups_apart's workloads (ns of apart) and moved */
void runway_apart_free(struct pk_workload **apart, struct pk_scenario *moved,
		       size_t ns);

/* ---- runway_latest.c: a key on one property drawn `latest` ---- */

/* The property (an index into sc->props) v's key reads (refs, spread:
   runway_key_refs') when it reads one property alone and whole (no hash
   or random part), drawn `distribution: latest` over two or more values
   by sc's one stream; else -1 */
int runway_latest_prop(const struct pk_result_variant *v,
		       const struct pk_scenario *sc, const struct refinfo *refs,
		       double spread);

/* The logical partition of that property's newest value (its index
   count - 1, the likeliest once all are in use), which a short run may
   not have drawn: added to *tab (which owns it) when no item built it,
   and with pick offered to it too unless the snapshot's value map s
   says the run reached it (runway_groups_from_values offered it then;
   *tab then holds no other group). Its share the
   newest's dist_chance, its range its key's. Returns 1, or 0 when v's
   service cannot name a value no item drew (pk_queries.value_key). */
int runway_latest_newest(const struct pk_snapshot *s,
			 const struct pk_result_variant *v,
			 const struct pk_scenario *sc,
			 const struct pk_workload *w,
			 const struct refinfo *refs, struct group **tab,
			 struct rw_pick *pick);

/* Each of groups g[0 .. n_g) of a key runway_latest_prop accepts starts
   at (G_i - n p_i) x mean bytes more (runway_latest.c: its draws while
   the values came into use less what its share from t = 0 would have
   given it; mean the stored bytes of a new item) */
void runway_latest_starts(const struct pk_scenario *sc,
			  const struct pk_workload *w,
			  const struct refinfo *refs, double mean,
			  struct group *g, size_t n_g);

/* The chance a draw with all n values in use takes the oldest (d
   `latest`, as rng.c draws it) */
double runway_latest_coolest(const struct pk_dist_spec *d, uint64_t n);

/* The expected distinct ids of a pool of n ids drawn `latest` (d) into
   one logical partition that takes every draw, after x_k = x0 e^(k
   step) draws, into dd[k], and its slope in ln(x) (x d/dx) into ds[k],
   k < npts (x0 >= 1). runway_latest.c: the draws as rng.c makes them
   (ids come into use one a draw), the first 1,024 id by id, then ids
   of about one age in blocks; within about 1e-5 of the pool of the
   sum over every id and draw (a pool of 10,000: 0.12 ids). */
void runway_latest_distinct(const struct pk_dist_spec *d, uint64_t n, double x0,
			    double step, size_t npts, double *dd, double *ds);

/* ---- runway_ids.c: items rewritten among a pool of ids ---- */

/* The expected distinct ids of a pool drawn skewed against the draws
   made (runway_ids.c), tabulated once */
struct rw_skew;

/* Items written among a pool of ids (runway.h, finite ids): n ids one
   logical partition may hold (0: no pool), the mean stored item, bytes;
   seq: drawn in turn; skew: drawn skewed (zipf, zipfian, latest,
   hotspot, weighted) into a logical partition holding the whole pool,
   NULL for the closed forms (uniform, sequential); borrowed from the
   rw_classes that owns it (rw_classes.skews); creates: its stream
   writes the pool's ids by creates alone (no upsert, replace, delete or
   batch in any phase that writes), so a create of an id held is
   refused (409) and does not renew its lifetime */
struct id_pool {
	double n, mean;
	int seq;
	struct rw_skew *skew;
	int creates;
};

void runway_skew_free(struct rw_skew *t);

/* Whether stream k of sc draws its ids from a pool (a pattern or list
   /id of its own) and how many of them one logical partition of v's key
   may hold: all of them when the key does not read the id, one when it
   reads it whole, those of one hash when it reads it only through
   hash(id) mod N: the most ids of any one hash, each id hashed as the
   key hashes it (refs, runway_key_refs: their classes; NULL or none
   there, several streams: ASSUMPTION the hash spreads the ids evenly,
   N / its values each). Fills *pool (its mean item the stream's own; factor:
   stored bytes an item byte); returns 1 with rw's ids fields and
   bound_bytes set (the pool's most: N x the stream's largest stored
   item, or N x its mean when that is below the cap and the largest's is
   not) when a logical partition never reaches the cap by that stream's
   items, else 0. pool->skew, when set (ids drawn skewed and the key not
   reading the id), is the caller's to free (runway_skew_free). */
int runway_id_pool(const struct pk_result_variant *v,
		   const struct pk_scenario *sc, const struct refinfo *refs,
		   size_t k, double factor, struct id_pool *pool,
		   struct pk_runway *rw);

/* New-item bytes a logical partition must be sent to hold room bytes
   (HUGE_VAL: never); under a skewed draw the draws after which the
   expected distinct ids sum_i (1 - (1 - p_i)^n) hold them (each draw
   independent, p_i the draw's dist_chance; ids of about one probability
   taken together, within about 1e-5 of the sum) */
double runway_pool_new_bytes(const struct id_pool *p, double room);

/* What new-item bytes sent hold: the distinct ids they draw. Under
   time to live, sent a lifetime's writes: what upserts hold (each
   renews its id's lifetime), and the most creates hold, reached when
   a lifetime of them lands on a pool holding few (its first) */
double runway_pool_held(const struct id_pool *p, double sent);

/* What a steady rate of creates (p->creates) holds under time to live
   once its first lifetimes have passed, sent the bytes written over a
   lifetime: a create of an id held is refused (409) and does not renew
   it, so id i, drawn a lifetime T at rate r p_i, is held T of every
   T + 1 / (r p_i) seconds, r p_i T / (1 + r p_i T) of the time (not
   upserts' 1 - e^(-r p_i T)): N x mean x sent / (N x mean + sent) for
   an even draw, mean x sum_i n p_i / (1 + n p_i) (n = sent / mean) for
   a skewed one; bytes. -1 for a pool drawn in turn (sequential) or no
   pool: not worked out. */
double runway_pool_held_creates(const struct id_pool *p, double sent);

/* Stored bytes a new-item byte adds when held bytes are stored: 1
   without a pool (or raw: a time key or time to live, which count every
   new item) */
double runway_pool_growth(const struct id_pool *p, int raw, double held);

/* The (key, id) pairs a data file's records have written so far, each
   as a 64-bit code (runway_id_code): a record repeating one is a create
   the service refuses (409), storing nothing. ASSUMPTION: two pairs of
   one code (about n^2 / 2^65 for n records) count as one. Zeroed is
   empty; runway_idset_free frees it. */
struct rw_idset {
	uint64_t *slot; /* owned; cap codes, 0 free */
	size_t cap, n;
	int zero; /* the code 0 is in it */
};

/* The code of key identity bytes key and id (FNV-1a, 64 bits) */
uint64_t runway_id_code(const unsigned char *key, size_t key_len,
			const char *id, size_t id_len);

/* Add code to s: 1 when it was not in it, 0 when it was */
int runway_idset_add(struct rw_idset *s, uint64_t code);

void runway_idset_free(struct rw_idset *s);

/* ---- runway_ttl.c: the items' lifetimes (rule 28) ---- */

/* Lifetimes a projection tells apart, at most (binned past it) */
#define PK_RW_LIVES 16

/* The new items' lifetimes under time to live: share frac[k] of them
   lives s[k] seconds after its write (k < n), share never never expires */
struct rw_lives {
	size_t n;
	double s[PK_RW_LIVES], frac[PK_RW_LIVES];
	double never;
	double mean_s; /* the expiring ones' mean lifetime, s; 0 none */
	double min_s;  /* the shortest, s (before binning); 0 none */
};

/* The lifetimes of stream k's generated items of sc in v's container
   (rule 28, read by v's service: pk_queries.item_ttl): an item's own ttl
   (the stream's /ttl property, each value's dist_chance share; ASSUMPTION:
   drawn independently of the key and the size) or, without one, the
   container's default_ttl; -1 never expires; with default_ttl off
   nothing expires (n 0, never 0: no time to live). In real seconds:
   the replay applies a ttl in simulated ones, so each is times
   sc->time_scale as the projection's rates are divided by it. */
void runway_lives(const struct pk_result_variant *v,
		  const struct pk_scenario *sc, size_t k, struct rw_lives *l);

/* Add share f (bytes, or items) living ttl (a record's own ttl;
   PK_TTL_OFF: the default def) to l, built from zero; then
   runway_lives_done */
void runway_lives_record(struct rw_lives *l, int64_t ttl, int64_t def,
			 double f);

/* Close l's bins (their mean lifetimes, n, mean_s) */
void runway_lives_done(struct rw_lives *l);

/* ---- runway_items.c: each stream's items, by class ---- */

/* sc seen as stream k alone into *one: its properties and phases, the
   rest shared (read only); sc itself past its streams */
void runway_stream_view(const struct pk_scenario *sc, size_t k,
			struct pk_scenario *one);

/* One class of items: the streams whose items live alike and are
   written among one pool of ids (or new ones) */
struct rw_class {
	struct rw_lives lives;
	struct id_pool pool;
};

struct rw_classes {
	size_t n; /* classes, 1 .. the streams */
	struct rw_class c[PK_MAX_STREAMS];
	size_t of[PK_MAX_STREAMS]; /* each stream's class */
	int ttl;		   /* some class's items expire */
	double mean_s;		   /* the expiring items' mean lifetime,
				      weighted by the streams' new bytes, s */
	int mixed;		   /* their lifetimes differ */
	/* the skewed pools' tables (the classes' pools borrow them),
	   owned: runway_classes_free frees them */
	struct rw_skew *skews[PK_MAX_STREAMS];
	size_t n_skews;
};

/* The classes of v's streams of sc (factor: stored bytes an item byte;
   weight: each stream's share of the new bytes, runway_streams_weigh,
   NULL alike; refs: the key's references, runway_id_pool's, or NULL).
   Returns 1 with rw's kind PK_RUNWAY_IDS (its ids and
   bound_bytes) when every stream that adds items writes them among a
   pool of its own and the pools' most together is below the cap,
   else 0 */
int runway_classes(const struct pk_result_variant *v,
		   const struct pk_scenario *sc, const struct refinfo *refs,
		   double factor, const double *weight, struct rw_classes *cl,
		   struct pk_runway *rw);

/* Free what cl owns (its skewed pools' tables); cl then has none */
void runway_classes_free(struct rw_classes *cl);

/* The shortest lifetime of cl's items that expire, s (0: none
   expires); then cl with no lifetimes (time to live taken as off, the
   classes alike in their pools merged): what a projection ending
   before that lifetime holds is the same, nothing having expired */
double runway_classes_untimed(struct rw_classes *cl);

/* What one logical partition holds of each class as the projection
   steps (owned arrays; runway_store_free frees them) */
struct rw_store {
	size_t n_slots;		      /* buckets of a time key, 1 without */
	double *slot[PK_MAX_STREAMS]; /* each class's bytes written and
					 not deleted, per bucket */
	double *cum[PK_MAX_STREAMS];  /* a class whose items expire: its
					 writes before each step (steps + 1),
					 else NULL */
	/* ... each lifetime's deletion frontier: writes up to this cum
	   value deleted, and the step it lies in */
	double del_at[PK_MAX_STREAMS][PK_RW_LIVES];
	size_t del_q[PK_MAX_STREAMS][PK_RW_LIVES];
	double sent[PK_MAX_STREAMS];  /* each class's writes so far */
	double prev[PK_MAX_STREAMS];  /* its slot's before the last step */
	double added[PK_MAX_STREAMS]; /* each class's writes in it */
	double del_from;  /* the part of the last step (0 .. 1) before which
			     time to live deleted nothing (its first expiry
			     there); 0 when it deleted nothing */
	double k;	  /* deletes taken apart under time to live
			     (runway_dels.c): what is left of a write
			     since it was made is k now over k then, so
			     cum holds each write over k at its step and
			     an expiry clears that times k now; 1 without */
	double step_keep; /* ... the part of it the coming step's deletes
			     leave (runway_store_scale), 1 without */
	int behind;	  /* 1: some step's room deleted less than had
			     expired (rule 28: deletions fell behind) */
	double left;	  /* bytes expired by the last step's end that
			     its room left undeleted (held still), 0 none */
};

void runway_store_init(struct rw_store *s, const struct rw_classes *cl,
		       int64_t steps, size_t n_slots);

void runway_store_free(struct rw_store *s);

/* s before step h under deletes taken apart (runway_dels.c): every
   stored byte times keep, the part the step's deletes leave, and k
   with it (written at step h at the latest) */
void runway_store_scale(struct rw_store *s, const struct rw_classes *cl,
			int64_t h, double keep);

/* Empty bucket slot (a new bucket that takes its place) */
void runway_store_clear(struct rw_store *s, const struct rw_classes *cl,
			int slot);

/* The part of class j's expired writes that leave an item to delete
   when it holds x sent-and-undeleted bytes: under an id pool a write
   whose id was written again within its lifetime was replaced by that
   write and expires with it, so only an id's last write leaves one:
   over a lifetime of n draws, sum_i p_i (1 - p_i)^n of them (the
   pool's growth at x: e^(-n/N) for uniform draws); 1 without a pool.
   Deletions (rule 28) spend RU/s on those only. */
double runway_class_expiring(const struct rw_classes *cl, size_t j, double x);

/* Step h (ending at workload time t1, steps ending on the clock's
   whole hours, off s past one at t = 0) into bucket slot: add[j] bytes
   of class j written, then what has expired by t1 deleted oldest first
   as far as del bytes (the range's room; HUGE_VAL: all), each step's
   part from the bucket it was written in (slot_of[q] of step q; NULL:
   slot 0) */
void runway_store_step(struct rw_store *s, const struct rw_classes *cl,
		       int64_t h, int slot, const double *add, double del,
		       double t1, int64_t off, const int *slot_of);

/* bytes written into bucket slot of s, whose one class none of whose
   items expire (runway_store_step's writes there, without its record
   of the last step: the values of a time key shorter than a step, each
   stepped many times a step, whose fills runway_subhash_cross times) */
void runway_store_add(struct rw_store *s, int slot, double bytes);

/* The bytes expired by t1 and not yet deleted were step h's writes
   the step before's (step 0: first[j] of class j's), set so in each
   class's cum until runway_store_step sets them */
double runway_store_pending(struct rw_store *s, const struct rw_classes *cl,
			    int64_t h, const double *first, double t1,
			    int64_t off);

/* What it holds in bucket slot: each class's bytes written and not
   deleted, deduped over its pool unless raw (a time key), bytes */
double runway_store_held(const struct rw_store *s, const struct rw_classes *cl,
			 int slot, int raw);

/* The part of the last step (0 .. 1) at which bucket slot's holdings
   first reach room bytes (they pass it by its end, or at del_from),
   each class's writes linear within it and its deletions from del_from
   on; *rate: the holdings' growth there, bytes a step */
double runway_store_cross(const struct rw_store *s, const struct rw_classes *cl,
			  int slot, int raw, double room, double *rate);

/* What bucket slot held at its most in the last step: at its end, or
   where time to live began to delete (del_from), bytes */
double runway_store_peak(const struct rw_store *s, const struct rw_classes *cl,
			 int slot, int raw);

/* 1 when it holds bytes of a class some of whose items never expire */
int runway_store_for_good(const struct rw_store *s,
			  const struct rw_classes *cl);

/* ---- runway_rates.c: the workload's rates ---- */

/* One phase of the single cycle the projection repeats, per stream */
struct rphase {
	const struct pk_phase_spec *ps;
	int64_t start_s, dur_s; /* within its stream's cycle */
	double adds;		/* new items an operation, net of deletes
				   (with deletes apart, runway_dels.c:
				   gross) */
	double dels;		/* deletes an operation sends when they are
				   taken apart (runway_dels.c), else 0 */
	double rewrites;	/* stored items an operation rewrites at
				   mean_bytes: replaces, rewriting upserts */
	double recreated;	/* of adds, rewriting upserts whose target
				   has expired (time to live): they write
				   it anew */
	double mean_bytes;	/* mean item size */
	double factor;		/* stored bytes an item byte (index_factor) */
	double ru_per_byte;	/* write charge a byte, RU/B: the mean of each
				   drawn size's charge over the mean size */
	int drawn;		/* 1: its item sizes are drawn (uniform,
				   normal), 0 one size */
	/* RU an operation takes that stores nothing new: point reads,
	   replaces, deletes and rewriting upserts, single-partition and
	   targeted queries land where the items are (keyed); fan-out
	   queries, and a stream's that adds no items, spread evenly over
	   the ranges; the IN-list query a reader of a random-suffix key
	   sends first (rule 38) is split evenly over the ranges holding
	   the suffix's values (find: cand.find_share), or spread when it
	   fans out */
	double keyed_ru, spread_ru, find_ru;
	struct pk_schedule_spec rel; /* with a schedule: its part by the
					phase's own clock
					(schedule_phase_part), for a
					cycle shorter than a step */
	struct pk_schedule_own own;  /* with a schedule: its own clock in
					closed form (occurrence's pieces) */
	struct pk_schedule_cursor cur;
	int64_t cur_cycle;  /* the cycle cur walks, -1 none */
	double set_ru;	    /* the container RU/s (autoscale: the max) it
			       sets at its start, 0 none */
	int bucket;	    /* the throughput bucket its requests count
			       against (rules 31, 34), 0 none or uncapped */
	double bucket_frac; /* ... the share of a range's RU/s it may use,
			       1 without */
	int low;	    /* its requests are Low priority (rules 30, 35) */
	int set_j;	    /* the latest phase of its cycle at or before it
			       that sets the RU/s, -1 none */
};

/* Stretches one cycle of a short stream holds, at most */
#define PK_RW_CYCLE_STRETCHES 64

/* One stretch of one stream: its new bytes, the RU their writes take,
   the RU of its other requests (rphase's keyed and spread) and its
   length, s */
struct stretch {
	double bytes, ru, keyed, spread, find, len;
	double ops; /* operations its phase offers in it (before a client
		       holds any back) */
	/* its new items, the stored items it rewrites and their bytes as
	   rewritten (stored with the index) */
	double items, rw_ops, rw_bytes;
	double dels; /* the deletes it sends (runway_dels.c), 0 without */
	size_t ph;   /* its phase, an index into its stream's ph */
	/* the container's RU/s in force in it over those at the end of the
	   run (what the ranges' shares are of), and the workload second it
	   was set at (-1: the container's own, never set by a phase) */
	double ru_scale, set_at;
	int bucket;	    /* its phase's rphase.bucket */
	double bucket_frac; /* ... and bucket_frac */
	int low;	    /* ... and low */
	int drawn;	    /* ... and drawn */
	double reps;	    /* cycles of a short stream it stands for (its one
			       cycle's stretch repeated), 1 for a walked one */
	double runs;	    /* runs of seconds apart it joins, each cycle (a
			       spiking phase's spikes, or the gaps between them,
			       in one piece; stretches folded into it), >= 1 */
	int client;	    /* what of its stream's client held it back (a
			       pk_runway_client), 0 nothing */
};

/* rstream.joined's bits */
#define PK_RW_JOINED_FOLD 1u
#define PK_RW_JOINED_SPIKES 2u

/* Stretches a stream gives one step, at most */
#define PK_RW_STRETCHES 64
/* Own-clock pieces (a step's rate, a spike) one occurrence of a phase
   keeps apart in a step, at most */
#define PK_RW_PIECES 8

/* Own-clock pieces of one occurrence of a phase as they first come
   (occurrence): each a step's spike seconds or the rest of its seconds
   (key: step x 2, plus 1 for the spikes), at most `most` of them; a
   piece of a key not yet kept once `most` are kept joins the last
   kept. */
struct rw_pieces {
	size_t key[PK_RW_PIECES], n, most;
	double ops[PK_RW_PIECES], len[PK_RW_PIECES];
};

/* [a, b) of phase p (its own seconds; wall multiplier m constant over
   it) into pc, step by step: each step's spike seconds and the rest in
   closed form (schedule_own_split), the one that comes first at a
   first, so the pieces keep the order a walk edge by edge gives; once
   the pieces are full, the steps whose keys are not kept in one count
   (schedule_own_count). Costs the steps crossed, never the spikes. */
void runway_pieces_span(struct rw_pieces *pc, const struct rphase *p, double a,
			double b, double m);

/* One slice of a step in which every stream's stretch is one: each
   stream's part of theirs (the streams run at once) */
struct slice {
	double len;
	double ru_scale; /* the RU/s in force over the end's: that of the
			    stream whose setting came last */
	double bytes[PK_MAX_STREAMS], ru[PK_MAX_STREAMS], keyed[PK_MAX_STREAMS],
	    spread[PK_MAX_STREAMS], find[PK_MAX_STREAMS];
	/* each stream's stretch.items, rw_ops and rw_bytes */
	double items[PK_MAX_STREAMS], rw_ops[PK_MAX_STREAMS],
	    rw_bytes[PK_MAX_STREAMS];
	double dels[PK_MAX_STREAMS]; /* each stream's stretch.dels */
	/* each stream's throughput bucket and its share of the RU/s
	   (stretch.bucket, bucket_frac; 0 and 1 without) */
	int bucket[PK_MAX_STREAMS];
	double bucket_frac[PK_MAX_STREAMS];
	/* each stream's requests Low priority there (stretch.low) */
	int low[PK_MAX_STREAMS];
	/* each stream's item sizes drawn there (stretch.drawn) */
	int drawn[PK_MAX_STREAMS];
	/* what of each stream's client held it back (stretch.client) */
	int client[PK_MAX_STREAMS];
	/* cycles it stands for: the slices of one step are one short
	   cycle's, each repeated this often (one stream; 1 otherwise) */
	double reps;
	/* the most runs of seconds apart a stream's stretch joins in it
	   each cycle (stretch.runs, times its part of the stretch) */
	double runs;
	/* each range's share of the stored items its keyed requests read
	   (runway_stored_shares; borrowed from the steps, n_ranges
	   entries), NULL: its range's share of the writes (cand.range_mass) */
	const double *kshare;
};

/* A step's slices as runway_again_step last found them new: gen, their
   generation, moves on only when a step's slices differ from the last
   step's (0: not kept, more than its cap or none) */
struct rw_again {
	struct slice *prev; /* owned; the last new slices */
	size_t n;
	uint64_t gen, last; /* last: the latest gen given */
};

struct rstream {
	struct rphase *ph;
	size_t n;
	int64_t cycle_s;
	double scale; /* real seconds a simulated one (time_scale) */
	/* a cycle shorter than a step (in real time): its first cycle's
	   stretches by the phases' own clocks, which every step repeats,
	   each times its phase's wall-clock multipliers (daily, weekly,
	   holidays) averaged over the step */
	struct stretch once[PK_RW_CYCLE_STRETCHES];
	size_t n_once;
	int have_once;
	/* the RU/s in force (rphase.set_ru, set_j): the container's at its
	   creation (ru_first, autoscale: the max) until a phase sets one,
	   the cycle's last setting (last_set, -1 none) from the second
	   cycle on; over ru_end, what the ranges hold at the end */
	double ru_first, ru_end;
	int last_set;
	/* its client's limits (client.ru_budget, RU/s; client.concurrency
	   over client.latency, operations a second); 0 none */
	double client_ru, client_ops;
	/* what its client could not send yet, sent first when it can (the
	   replay's client queue): operations, their new bytes (before the
	   index factor), write RU, keyed and spread RU */
	struct {
		double ops, bytes, ru, keyed, spread, find;
	} queue;
	/* what a walk joined of its stretches that ran apart (bits):
	   PK_RW_JOINED_FOLD those past the room it keeps
	   (runway_stretch_fold), PK_RW_JOINED_SPIKES the spikes of more
	   than one period of a spiking phase in one piece; their seconds
	   are counted, their order is not, which burst credit sees */
	unsigned joined;
};

/* New items an operation of ps adds: creates, new upserts and batch
   items less deletes, never below 0 */
double runway_phase_adds(const struct pk_phase_spec *ps);

/* ... its creates, new upserts and batch items, deletes not taken off */
double runway_phase_new(const struct pk_phase_spec *ps);

/* The mean size of the new items sc's phases add, weighted by how many
   each offers (rate x duration x adds), bytes; the phases' plain mean
   when none has a rate */
double runway_mean_item(const struct pk_scenario *sc);

/* The largest item a size spec gives, bytes */
double runway_largest_size(const struct pk_size_spec *z);

/* Each stream's phases of sc (st: sc->n_streams entries) for variant v:
   stored bytes an item byte (factor), write charge, the other requests'
   RU (rphase); untimed: as if nothing expired (no rewriting upsert
   finds its target expired and writes it anew); runway_streams_free
   frees them */
void runway_streams_init(const struct pk_result_variant *v,
			 const struct pk_scenario *sc, double factor,
			 int untimed, struct rstream *st);

/* Each stream's share over its cycle (its phases' mean rates: rate x
   duration x adds over the cycle) of the new bytes (by_bytes 1) or of
   the new items (0) the streams of st (ns of them) add, into w[0 ..
   ns): 0 for a stream that adds none, all 0 when none does */
void runway_streams_weigh(const struct rstream *st, size_t ns, int by_bytes,
			  double *w);

void runway_streams_free(struct rstream *st, size_t ns);

/* The stretches of stream st in [t0, t1) (workload seconds), into out
   (at most cap, those past it joined to kept ones: runway_fold.c);
   returns how many */
size_t runway_stretches(const struct pk_scenario *sc, struct rstream *st,
			double t0, double t1, struct stretch *out, size_t cap);

/* runway_fold.c: stretch x of stream st, past the room of out[0 .. n)
   (n >= 1 kept, in time order), added into the latest kept one that
   asks a range the same each second (rates a second, phase settings),
   else into out[n - 1]: its operations, bytes, RU and seconds are
   counted, never dropped; n 0: nothing */
void runway_stretch_fold(const struct rstream *st, struct stretch *out,
			 size_t n, const struct stretch *x);

/* n more phases looked at by the projection's steps
   (runway_phase_visits) */
void runway_count_phase_visits(unsigned long n);

/* Stream st's requests over [t0, t1) (workload seconds) walked phase
   by phase by their own and the wall clock, as one stretch into *out
   (its pieces summed; ru_scale and ph the last piece's): never a short
   cycle's mean, so a second at a time follows a busy and a quiet phase
   apart (runway_secs.c). Walk forward in time (each phase's cursor walks
   forward only; reset rphase.cur_cycle to -1 first). Returns the pieces
   summed, 0 for a stream with no cycle. */
size_t runway_stretch_walked(const struct pk_scenario *sc, struct rstream *st,
			     double t0, double t1, struct stretch *out);

/* Where one stream's keyed requests (point reads, replaces, deletes,
   rewriting upserts, single-partition and targeted queries) land when a
   range's RU/s holds its writes back: each reads an item drawn from
   what is stored, so a range's part of them is its share of the stored
   items, and that share is what its RU/s let it store. Into s[0 ..
   n_ranges) the fixed point s_r = m_r f_r / sum_j m_j f_j, m_r the
   range's share of the new items (rmass), f_r = min(1, its RU/s in
   force over slice x's length / what its requests ask: m_r x its
   writes' RU + s_r x the keyed RU + an even part of the spread RU),
   found by halving steps (ASSUMPTION: the stored share settles where
   the served writes put it, the slice's rates held; what preload
   stored, burst credit, throughput buckets, priority and a fleet pool's
   lending are left out of the share). Returns 0 (s untouched) when no
   range is held back at the writes' shares, so those stand. */
int runway_stored_shares(const struct pk_result_variant *v, const double *rmass,
			 const struct slice *x, double *s);

/* The slices of ns streams' stretches x[k][0 .. nx[k]) (each stream's
   one after another from 0, lengths in real seconds) into out (room for
   ns x PK_RW_STRETCHES + 1); returns how many */
size_t runway_slices_of(struct stretch (*x)[PK_RW_STRETCHES], const size_t *nx,
			size_t ns, struct slice *out);

/* A fleet pool's lending to each range slice by slice (runway_pool.c,
   rule 40): a range draws what it is offered beyond its own RU/s in
   force, at most the pool's extra a partition and within its cap, and
   when the ranges' draws pass the pool's max each is scaled down to fit
   (ASSUMPTION: they all draw in the same second, every second of the
   slice alike; reads and queries draw as writes do) */
struct rw_pool {
	size_t nr, ns; /* ranges (0: no pool), streams */
	double *rmass; /* owned; nr x ns: each range's share of each
			  stream's new items */
	double *lim;   /* owned; (ns x PK_RW_STRETCHES + 1) x nr: each
			  slice's RU/s of each range, its draw included */
};

/* p for v's pool (p->nr 0 without one), the ranges' shares from pick
   (unseen_spread applied) */
void runway_pool_init(struct rw_pool *p, const struct pk_result_variant *v,
		      const struct rw_pick *pick, size_t ns);

/* Each range's RU/s in slices x[0 .. n) with what it draws, into p->lim */
void runway_pool_draws(struct rw_pool *p, const struct pk_result_variant *v,
		       const struct slice *x, size_t n);

/* Range r's RU/s in slice i of the last runway_pool_draws, or -1 without
   a pool */
double runway_pool_lim(const struct rw_pool *p, size_t i, size_t r);

void runway_pool_free(struct rw_pool *p);

/* Rewrites at another size over the projection's steps (runway.h,
   rewrites): every stream's new items so far, and one step's rewrites,
   their bytes, and each stream's new bytes and items offered */
struct rw_rewrites {
	double all;	   /* new items offered so far, this step's in */
	double before;	   /* ... before this step (stored items, with
			      deletes taken apart) */
	double ops, bytes; /* the step's rewrites and their bytes as
			      rewritten */
	double offered[PK_MAX_STREAMS], items[PK_MAX_STREAMS];
};

/* r's step: slices x[0 .. n) of ns streams */
void runway_rewrites_step(struct rw_rewrites *r, const struct slice *x,
			  size_t n, size_t ns);

/* What a logical partition holding acc bytes of its *items new items
   holds after r's step, when the step adds add bytes (of its shares
   mass[0 .. ns) of each stream's new items offered, what the bounds
   let through) and its share of the step's rewrites, as many as its
   share of the stored items, at the same part of what was offered;
   *items grows by its new items. Rewrites pick stored items uniformly
   (ASSUMPTION: whatever their size; the step's new items among them,
   each from its write on): over a step of A new items and R rewrites
   at steady rates on N0 stored (N1 after), an item stored before it
   keeps its size with (N0 / N1)^(R / A) (e^(-R / N0) without new
   ones), the step's new items with (N1 - N0 keep) / (A + R) (the
   solution of S' = a - r S / N), the rest take the rewrite's.
   Bytes. */
double runway_rewritten(const struct rw_rewrites *r, const double *mass,
			size_t ns, double add, double acc, double *items);

/* The key's time text (service_queries->time_text) kept for the span
   it holds still (time_span_s): a projection steps hour by hour over
   PK_RUNWAY_HORIZON_DAYS, and in the browser's build strftime is
   JavaScript, most of a lesson's run when formatted at every step
   (runway_text.c) */
struct rw_text {
	const struct pk_result_variant *v;
	const struct pk_scenario *sc;
	int64_t span_s;	       /* >= 1 */
	int64_t start_s;       /* the span held, its first second; INT64_MIN:
				  none yet */
	char text[PK_RW_TEXT]; /* its text */
};

/* m for the time text of v's key over sc's items */
void runway_text_init(struct rw_text *m, const struct pk_result_variant *v,
		      const struct pk_scenario *sc);

/* The key's text at wall_s (Unix s, UTC) into buf (PK_RW_TEXT bytes,
   NUL-terminated), as time_text writes it; formatted only when wall_s
   is in another span than the last asked for. */
void runway_text_at(struct rw_text *m, int64_t wall_s, char *buf);

/* Whether group g's key value moves on with p's time key of bucket bk
   (runway_text.c): 1 yes, 0 it keeps one value for good */
int runway_moves_on(const struct rw_proj *p, const struct group *g,
		    const struct pk_time_bucket *bk);

/* ---- runway_hash_time.c: a hash of a time shorter than a step ---- */

/* Key values a cycle's buckets give at most (runway_step.c's store
   slots for such a key) */
#define PK_RW_SUB_SLOTS PK_RUNWAY_SUB_VALUES
/* Values a step of such a key updates at most, over the candidates it
   follows (pksim's choice: an hour of seconds, "%M:%S", 3,600 values
   an hour, for up to 8 candidates; 43,800 steps of that take about 0.1
   s of a release build a candidate); past it they are not stepped one
   by one */
#define PK_RW_SUB_STEP_PARTS (8 * 3600)

/* The buckets of one cycle of a time key whose buckets are shorter
   than a step and come back (pk_time_bucket's len_s under
   PK_RUNWAY_STEP_S, period_s set), or of a key of hashes of such a time
   (hash_values): each bucket's key value (a slot), the values current
   in each whole hour of the cycle and each one's part of it. Owned
   arrays; on 0 when the cycle is not one runway_subhash_init takes. */
struct rw_subhash {
	int on;
	int untimed;	  /* on 0: a key whose buckets come back but that
			     is not taken (its values past PK_RW_SUB_SLOTS,
			     a plain time's cycle not one taken), so its
			     values' fills are not timed */
	int hashed;	  /* 1: a key of hashes of a time, 0 a plain time */
	int64_t len_s;	  /* a bucket, s */
	int64_t period_s; /* the cycle the buckets come back on, s */
	int64_t base_s;	  /* wall s of the table's first bucket (the one
			     holding the clock's start) */
	int64_t hour0_s;  /* wall s of the whole hour holding the start */
	size_t m;	  /* buckets a cycle */
	int *slot;	  /* m: each bucket's value, an index in texts */
	char (*texts)[PK_RW_TEXT]; /* texts_cap (at most PK_RW_SUB_SLOTS):
				      the values */
	size_t texts_cap;
	size_t n_slots; /* values met in a cycle */
	int *index;	/* index_cap (a power of 2, at least 2 m): texts'
			   slots by their FNV-1a, -1 a free place */
	size_t index_cap;
	double *count;	   /* n_slots: its buckets a cycle */
	double *acc;	   /* n_slots, all 0 between calls: a walk's sums */
	char *seen;	   /* n_slots, all 0 between calls: listed in a walk */
	size_t n_pos;	   /* whole hours a cycle (1 for a cycle of an
			      hour or less) */
	size_t *pos_at;	   /* n_pos + 1: where each hour's values start in
			      pos_slot and pos_part */
	int *pos_slot;	   /* the values current in each hour at that place
			      in the cycle, in slot order */
	double *pos_part;  /* ... each one's part of the hour, 0 .. 1 */
	size_t most_parts; /* the most values current in one hour */
	int *sc_slot;	   /* a step that is not a whole hour: its values */
	double *sc_part;   /* ... and their parts */
};

/* s for bucket bk of the key whose texts memo gives, from the clock's
   start (wall s): 1 and s on when the buckets are shorter than a step
   and come back on a cycle of a minute or an hour, or of whole hours
   dividing a week (a day, half a day, a week), of at most 86,400
   buckets and PK_RW_SUB_SLOTS values; else 0, nothing owned, and
   untimed set when the buckets come back all the same */
int runway_subhash_init(struct rw_subhash *s, struct rw_text *memo,
			const struct pk_time_bucket *bk, int64_t clock_start_s);

/* The shortest of a minute, an hour, half a day, a day and a week
   (whole buckets of len_s, at most 86,400 of them) over which memo's
   texts from clock_start_s come back, compared for a cycle and at least
   an hour; 0 none */
int64_t runway_subhash_period(struct rw_text *memo, int64_t len_s,
			      int64_t clock_start_s);

/* The slot of the bucket holding wall_s (s on) */
int runway_subhash_slot(const struct rw_subhash *s, int64_t wall_s);

/* The values current in [w0, w1) (wall s, at most an hour) into *slot,
   in slot order, and each one's part of the span into *part (summing to
   1); returns how many. Both borrowed from s until the next call. */
size_t runway_subhash_parts(struct rw_subhash *s, int64_t w0, int64_t w1,
			    const int **slot, const double **part);

/* The parts (0 .. 1) of [w0, w1) (wall s, at most an hour) where its
   buckets meet, its ends too, into u (room for the buckets an hour
   crosses, plus 1): u[0] 0, u[n] 1; returns n, the buckets */
size_t runway_subhash_edges(const struct rw_subhash *s, int64_t w0, int64_t w1,
			    double *u);

/* runway_subhash_parts, each bucket's part the step's writes in it
   rather than its seconds: at[i] the part of the step's writes added by
   edge u[i] (runway_subhash_edges, runway_step_added_at), so a value
   current while a phase writes more takes more */
size_t runway_subhash_parts_at(struct rw_subhash *s, int64_t w0, int64_t w1,
			       const double *at, const int **slot,
			       const double **part);

/* The wall time in [w0, w1) at which slot's buckets have taken the part
   need (of the step's writes, at as runway_subhash_parts_at's) since
   w0, linear within a bucket, strictly inside it; just before w1 when
   they do not take that much. *rate: that bucket's part of the step's
   writes over its seconds in the step (1/s). */
double runway_subhash_cross_at(const struct rw_subhash *s, int slot, int64_t w0,
			       int64_t w1, const double *at, double need,
			       double *rate);

/* The wall time in [w0, w1) at which slot's buckets have been current
   for need_s seconds since w0, strictly inside one of them (so the key
   at its whole second is the slot's); just before w1 when they are not
   current that long */
double runway_subhash_cross(const struct rw_subhash *s, int slot, int64_t w0,
			    int64_t w1, double need_s);

/* The first wall second from wall_s on at which the fullest value (the
   most buckets a cycle; of those alike, the first current) is current */
int64_t runway_subhash_fullest_at(const struct rw_subhash *s, int64_t wall_s);

void runway_subhash_free(struct rw_subhash *s);

/* ---- runway_grow.c: a logical partition's growth under its range's
   RU/s ---- */

/* What held a candidate back in a step: held set when a cap bit, ru the
   RU/s of the last slice it bit in, shared when other requests were in
   that RU/s */
struct bite {
	int held, shared;
	double ru;
	int bucket; /* the throughput bucket whose share bit, 0 none */
	int burst;  /* the range's burst credit was in what bit */
	int client; /* what of a stream's client held it back (a
		       pk_runway_client), 0 none */
	size_t client_stream; /* ... that stream */
	int low;   /* Low-priority writes got what High-priority requests left
		      (rule 30) */
	int table; /* a table's cap on all its writes together
		      (pk_result_variant.table_write_cap) bit, ru its */
};

/* What of a candidate runway_cand_add reads besides the slices
   (runway_again.c) */
struct rw_memo_in {
	const struct group *g;
	size_t range;
	double bank, del_q, range_ru, find_share, kv_share;
	int kv_on, burst;
	double mass[PK_MAX_STREAMS], range_mass[PK_MAX_STREAMS];
};

/* runway_cand_add's figures for a candidate in a step: the slices'
   generation (rw_again.gen; 0 none), its inputs, and what it gave */
struct rw_memo {
	uint64_t gen;
	struct rw_memo_in in;
	struct bite b;
	double del, bank, add;
	double part[PK_MAX_STREAMS];
};

/* A logical partition stepped */
struct cand {
	struct group *g;
	int timed; /* 1: its key value moves on with time (rw->bucket): it
		      grows in the current bucket only; 0 for one that does
		      not, beside a time key of another stream's */
	double mass[PK_MAX_STREAMS];	   /* its share of each stream's */
	double range_mass[PK_MAX_STREAMS]; /* its range's, of each stream's */
	double range_ru;      /* its range's share of the RU/s at the end of
				 the run, before a fleet pool */
	double find_share;    /* its range's part of a random-suffix
				 reader's IN list (rphase.find_ru): 1 / the
				 ranges holding the suffix's values, 0 for
				 a range holding none */
	struct rw_store held; /* what it holds of each class of items */
	double items;	      /* ... of its new items so far (rewrites
				 at another size: runway_rewritten) */
	double rate;	      /* its last step's growth, B/s */
	double mean;	      /* its growth over the last whole cycle of
				 the phases before it filled, B/s; 0 none */
	double cyc_held[2];   /* what it held at the last two ends of a
				 cycle of the phases (t = 0 the first) */
	int n_cyc;	      /* ... of them passed, t = 0 counted */
	double written;	      /* what its last step wrote, B/s */
	struct bite bit;      /* what held it back last, in any step so far */
	double fill_ru;	      /* its range's RU/s where it filled when the
				 step it filled in did not hold it back
				 (bit is another phase's), else 0 */
	int client;	      /* what of a stream's client held it back in any
				 step so far (pk_runway_client), 0 none */
	size_t client_stream; /* ... that stream */
	int burst;	      /* 1: its range has burst capacity (rule 14) */
	double bank;	      /* ... its burst credit so far, RU */
	double retry_s;	      /* how long its streams' clients retry a throttled
				 write at most, s (runway_spill_window) */
	double thr_bps, thr_s; /* ... what its range threw away of its writes
				  in the last slice, B/s, and that slice's
				  length (one time it comes), s */
	double thr_per_ru;     /* ... its bytes a range RU asked there */
	double spill_b;	       /* the most its retries could have stored
				  past the slices' bounds, B */
	double grown_b;	       /* what the slices stored of it, B */
	int bank_piled;	       /* ... 1: the credit reached the most it
				  holds (PK_RW_BURST_SAVE_S of its RU/s)
				  in some slice, or grew over a whole
				  cycle of a short stream after the first
				  a step walks: bursts left it unspent */
	double del_q;	 /* TTL: the part of its range's unused RU/s the step's
			    deletions take (rule 28), which the bank does not
			    earn */
	int kv_on;	 /* 1: its keyed requests are kv_share of them (a key
			    of one value at a time: runway_keyed.h) */
	double kv_share; /* ... its range's share of the stored items, 0..1 */
	struct rw_memo memo; /* its last step's growth (runway_cand_again) */
};

/* What candidate c adds over slices x[0..n) (each slice in
   order: its share of each stream's bytes, capped by its range's RU/s
   in force there with the fleet pool's lending (pool) and its burst
   credit, a stream in a throughput bucket first held to its share;
   *b says what bit); *del: the bytes time to live could delete in them,
   HUGE_VAL when the range's RU/s is not known. With burst credit (c->burst) the
   slices of one short cycle repeated (x[0].reps > 1) are stepped a cycle
   at a time, the credit carried from one to the next, at most
   PK_RW_BURST_CYCLES of them; the rest repeat the last cycle's growth,
   deletions and credit change (ASSUMPTION: by then the credit is steady
   or nearly so). part[k] (NULL: not kept) grows by stream k's part of
   it. */
double runway_cand_add(const struct pk_result_variant *v, struct cand *c,
		       const struct slice *x, size_t n, size_t ns,
		       const struct rw_pool *pool, struct bite *b, double *del,
		       double *part);

/* ---- runway_again.c: a step's growth given again ---- */

/* Step's slices x[0..n) into a: its generation moves on unless they are
   the last step's, byte for byte */
void runway_again_step(struct rw_again *a, const struct slice *x, size_t n);

/* runway_cand_add (same arguments; b a fresh bite, all 0, and part,
   non-NULL, what the caller adds to), its figures those c.memo kept
   when the slices are of the generation they were found for (a->gen)
   and c's inputs the same: the same doubles, bit for bit, as calling it
   again; else runway_cand_add's, then kept */
double runway_cand_again(const struct pk_result_variant *v, struct cand *c,
			 const struct rw_again *a, const struct slice *x,
			 size_t n, size_t ns, const struct rw_pool *pool,
			 struct bite *b, double *del, double *part);

void runway_again_free(struct rw_again *a);

/* The part of the unused RU/s of candidate c's range that time to live's
   deletions take in step h (ending at t1) of slices x[0..n): the bytes
   expired by t1 and not yet deleted over what the range's unused RU/s
   could delete in the step, at most 1 (rule 28: deletions use what
   requests leave; rule 14: only capacity left unused is banked;
   ASSUMPTION: deletions first, as the replay takes them,
   throttle_spend_unused). The step's writes are taken as the last
   step's (the first step's without burst credit), each class's
   (runway_store_pending). */
double runway_deletions_first(const struct pk_result_variant *v, struct cand *c,
			      const struct slice *x, size_t n, size_t ns,
			      const struct rw_pool *pool,
			      const struct rw_classes *cl, int64_t h, double t1,
			      int64_t off);

/* The part of a step (0 .. 1 of its slices' length) by which candidate
   c, its burst credit bank at the step's start, has added the part a
   (0 .. 1) of what it adds over the step's slices x[0 .. n) (ns
   streams, no fleet pool): the slices in time order, a short cycle's
   (x[0].reps > 1) its one cycle repeated, so a fill inside a step is
   timed by the schedule's steps, not the step's mean rate (ASSUMPTION:
   what it stores grows as what it adds, no id pool, expiry or delete
   in the step). a itself when the slices add nothing. *pace: the
   rate it adds at that moment over the step's mean rate (1 when a is
   returned as it came, or past a short cycle's first repetition). */
double runway_step_part(const struct pk_result_variant *v, const struct cand *c,
			double bank, const struct slice *x, size_t n, size_t ns,
			double a, double *pace);

/* The other way round: the part (0 .. 1) of what candidate c adds over
   the step's slices x[0 .. n) that it has added by part u (0 .. 1) of
   their length, on runway_step_part's terms; u itself when the slices
   add nothing */
double runway_step_added(const struct pk_result_variant *v,
			 const struct cand *c, double bank,
			 const struct slice *x, size_t n, size_t ns, double u);

/* runway_step_added at each of u[0 .. nu) into out[0 .. nu), the
   step's adds found once */
void runway_step_added_at(const struct pk_result_variant *v,
			  const struct cand *c, double bank,
			  const struct slice *x, size_t n, size_t ns,
			  const double *u, size_t nu, double *out);

/* The most expired bytes candidate c's range leaves undeleted within
   one cycle of stream st (one stream, a cycle shorter than a step, its
   first cycle's stretches st->once): the projection steps such a cycle
   at its mean, so a phase whose RU/s leave too little room to delete
   what expires piles up a backlog that a roomier one clears later in
   the cycle. Expiries taken at the cycle's mean write rate (ASSUMPTION:
   steady over the cycle), live of them leaving an item to delete
   (runway_class_expiring); the most a run of stretches, cyclically,
   leaves behind; bytes. */
double runway_cycle_backlog(const struct pk_result_variant *v,
			    const struct rstream *st, const struct cand *c,
			    const struct rw_pool *pool, double scale,
			    double live);

/* ---- runway_dels.c: deletes taken from every stored item ---- */

/* Deletes as the replay sends them: each draws its target among every
   item of the variant written and not yet taken by a delete, whatever
   its stream or key (workload targets: one draw set of written items,
   select uniform), so a logical partition loses deletes in proportion
   to its share of that set, not of the new items. Over a step of C new
   items and D deletes at steady rates on N0 in the set, N(t) = N0 +
   (C - D) t / T, an item in it at the step's start is left with
   probability keep = (N0 / N1)^(D / (C - D)) (e^(-D / N0) when C = D),
   and the step's new items with fresh = (N1 - N0 keep) / C (the
   solution of x' = a - d x / N for a partition sent a of the new items:
   x1 = x0 keep + a T fresh). Under time to live an expired item stays
   in the set (the workload does not know it expired): a delete that
   draws it finds nothing (404) and removes it from the set, so N counts
   expired items too and a stored item's keep is the same as without
   time to live (the replay of 10 creates/s that never expire beside 10
   living 60 s and 5 deletes/s: N = 15 t, the first kept at
   (s / t)^(1/3), 7.5 a second net). ASSUMPTIONS: a delete picks
   uniformly (a phase's select is not read), the step's rates steady
   within it, every stream's new items stored (a bound that holds one
   partition back does not change N). Preloaded items are not in N: no
   delete targets them. Not under an id pool (there deletes come off
   the new items, never below 0). */
struct rw_dels {
	int on;	     /* deletes taken apart */
	int sent;    /* a phase sends deletes at a rate */
	double live; /* the workload's items in the draw set after the
			last step (expired ones too; preloaded items not
			counted) */
	double keep, fresh;
	const struct rw_classes *cl; /* borrowed: the projection's */
};

/* d for projection p (its classes set, kept while d lives): on when a
   phase of sc sends deletes at a rate and no class draws from an id
   pool; then each rphase of st (ns streams) counts its new items gross
   and its deletes apart (rphase.adds, dels), and live starts at 0
   (preloaded items are no delete's target); steps: the projection's
   (runway_dels_free frees what time to live keeps) */
void runway_dels_init(struct rw_dels *d, const struct pk_result_variant *v,
		      const struct pk_scenario *sc, const struct rw_classes *cl,
		      struct rstream *st, size_t ns, int64_t steps);

/* d's keep and fresh over step h (ending at workload time t1, steps off
   s past the clock's whole hour, as runway_store_step's) of slices
   x[0 .. n) (ns streams), live moved on to its end */
void runway_dels_step(struct rw_dels *d, const struct slice *x, size_t n,
		      size_t ns, int64_t h, double t1, int64_t off);

void runway_dels_free(struct rw_dels *d);

/* s after a runway_store_step into bucket slot (no lifetimes): what was
   stored before it times keep, in every bucket, the step's adds as
   they were (the caller scaled them by fresh) */
void runway_store_keep(struct rw_store *s, const struct rw_classes *cl,
		       int slot, double keep);

/* ---- runway_step.c and runway.c: generated items projected ---- */

/* One projection of generated items: what runway_step.c steps hour by
   hour and runway_say_rates (runway.c) says of it */
struct rw_proj {
	const struct pk_result_variant *v;
	const struct pk_scenario *sc;
	const struct pk_workload *w;
	struct rstream *st; /* owned; ns streams */
	size_t ns;
	/* each stream's part of the items the streams add, 0 for one that
	   adds none (runway_streams_weigh by items): where a reader's reads
	   land */
	double kw[PK_MAX_STREAMS];
	struct rw_classes cl;
	struct cand *c; /* owned; the candidates stepped, n_c of them */
	size_t n_c;
	struct rw_pool pool;
	struct rw_dels dels;
	double scale;	/* real seconds a simulated one (time_scale) */
	double cycle_s; /* the longest stream's cycle of phases, real s */
	int time_key;	/* 1: the key has a time part (rw->bucket) */
	int in_order;	/* 1: a step's slices come in time order
			   (runway_step.c, slices_in_order), found once */
	double *rmass;	/* owned; n_ranges: each range's share of the new
			   items (one stream, no time key), NULL not kept */
	/* what the steps found: the first candidate to fill and when (its
	   workload second), NULL none within the horizon; the most any
	   candidate held after a step, who, and what it wrote then, B/s */
	struct cand *first;
	double first_t;
	double level;
	struct cand *level_c;
	double level_written;
	double who_at;	   /* the workload second whose key value is
			      named (a time key's value stepped at the
			      fullest's share), -1: the fill's, or the
			      start's */
	double level_pile; /* ... of what it held then, the expired items
			      the steps' room left undeleted (not for a
			      time key's bucket), B */
	/* stepped a second at a time (runway_secs.c): the figures above
	   are those seconds', pile the expired bytes not yet deleted at
	   level_c's peak */
	int secs;
	double pile;
	/* in closed form (runway_renew.c): the figures above are its;
	   with none filling, the one holding most at the horizon and what
	   it holds then, B */
	int renew;
	struct cand *renew_c;
	double renew_held;
};

/* runway_spill.c: how long a throttled write of sc's streams keeps
   retrying under variant v at most, s: a table's retry_mode's (legacy
   25.55 s, standard 3 s, D16), else the longest of its streams'
   clients' (max_wait, and max_retries of a retry-after's second or an
   exponential backoff's cap; rule 13); 0 when none retries */
double runway_spill_window(const struct pk_scenario *sc,
			   const struct pk_result_variant *v);

/* ... a slice of len s (a cycle's slice coming `times` times in it)
   for candidate c: its range threw away `thrown` B of c's writes,
   left `spare` RU unused, asked per_ru B of c a RU, and stored `stored`
   B of it: c's spill_b grows by what retries of the last slice's
   thrown writes within c->retry_s could store in this one's room,
   grown_b by stored */
void runway_spill_slice(struct cand *c, double len, double times, double thrown,
			double spare, double per_ru, double stored);

/* ... rw (a DAYS, BEYOND or LEVELS figure of p, stepped by the hour)
   made PK_RUNWAY_UNTESTED with retry_spill_s when named's spill_b
   passes a hundredth of its grown_b: its client's retries of what one
   slice throttled could store that much more in the next. named NULL:
   nothing. */
void runway_spill_guard(const struct rw_proj *p, const struct cand *named,
			struct pk_runway *rw);

/* runway_fold.c: rw (a DAYS, BEYOND or LEVELS figure of p, stepped by
   the hour, not a second at a time) made PK_RUNWAY_UNTESTED with
   burst_joined when named's writes were held back by a range with
   burst credit (rule 14) and a walk of p's streams joined stretches
   that ran apart (rstream.joined): those past the room a step keeps,
   or a spiking phase's spikes when the credit piled up
   (cand.bank_piled: its most reached, or grown over a cycle). The
   credit each quiet stretch would bank for the burst after it is then
   lost or spent late, the figure late. named NULL: nothing. */
void runway_fold_guard(const struct rw_proj *p, const struct cand *named,
		       struct pk_runway *rw);

/* Under time to live, p's candidates stepped again a second at a time
   (runway_secs.c) when p is within what that walks: one stream, one
   lifetime every item lives (no id pool, deletes, rewrites, time key,
   preload, client or bucket limits, fleet pool or time scale), a cycle
   (its phases' and its wall-clock multipliers': a day, a week) and a
   lifetime of at most a week and 8 days. Each second a candidate's
   range serves its requests up to its RU/s in force (with burst credit,
   rule 14) and deletes what has expired, oldest first, with the RU/s
   they leave at a write's charge (rule 28, as the replay's throttle
   spends it), so a busy phase's pile of expired items is what the
   service leaves, not a cycle's mean; the requests it throttled come
   back at the next second's start, before its new ones, up to the
   client's retries (runway_secs_retries; an exponential backoff is not
   walked). Stepped until the first fills,
   or past the lifetime until two cycles in a row end as they began
   (what it holds, its pile, its burst credit: it levels off at the
   next cycle's peak) or two cycles in a row never empty the pile and
   grow alike (then whole cycles extrapolated to the cycle it fills in, and
   that cycle's second found, its growth and writes the cycle's). Sets p->secs
   and p's first, first_t, level, level_c, level_written and pile, and each
   candidate's rate and written at its fill; p->secs 0 (p untouched) outside
   that or past its budget of seconds. */
void runway_secs(struct rw_proj *p);

/* Under time to live, p in closed form (runway_renew.c) when its one
   stream runs one phase at a steady rate (no schedule, bucket, client
   limit, time scale, time key, preload, fleet pool, id pool, delete or
   replace; one lifetime every item lives) whose upserts rewrite stored
   items drawn uniformly (upsert_new < 1), no candidate's writes held
   back by its range's RU/s: a rewrite renews a live target's lifetime
   and writes an expired one anew, the deletions take its range's room
   (rule 28). Sets p->renew and p's first, first_t and the first's rate
   and written; or, none filling within the horizon while expired items
   pile up, renew_c and renew_held. p untouched (renew 0) outside that,
   or when deletions keep up and nothing fills: the hour steps' level,
   (n + w) T, is the one it tends to. */
void runway_renew(struct rw_proj *p);

/* runway_spikes.c: 1 when the slices x[0 .. n) of a step (ns streams)
   write alike over it: each stream's bytes a second, and the RU/s in
   force, the same in every slice (a slice of no length aside) */
int runway_slices_even(const struct slice *x, size_t n, size_t ns);

/* 1 when p's one stream has spikes, no client limit,
   a cycle of at least a step and no time scale: runway_spike_part can
   walk its step */
int runway_spikes_walkable(const struct rw_proj *p);

/* The part of step [t0, t1) (workload s) by which candidate ci, its
   burst credit bank0 at the step's start, has added the part a (0 .. 1)
   of what it adds (runway_step_part), the step's slices cut where its
   spikes start and end: its seconds walked (runway_stretch_walked) and
   those alike joined in time order, so a fill inside a spike is timed
   by the spike's rate, not the hour's mean; *pace as runway_step_part
   sets it. a as it came past PK_RW_SPIKE_SLICES slices. */
double runway_spike_part(struct rw_proj *p, const struct cand *ci, double bank0,
			 double t0, double t1, double a, double *pace);

/* 1 when every stream of sc has a client whose retries of a 429
   runway_secs steps: none, or the SDK's at each next second's start
   (the retry-after) up to max_retries within max_wait, that many for
   every request; 0 for an exponential backoff (its waits drawn with
   jitter) or a max_wait that cuts a request's retries by where in its
   second it came */
int runway_secs_retries(const struct pk_scenario *sc);

/* rw's kind, figures, bound and key from projection p that stepped to
   its end (rw->bucket the key's time bucket) */
void runway_say_rates(const struct rw_proj *p, struct pk_runway *rw);

/* runway_guard.c: rw->features of variant v's projection of sc (its
   workload, key, ttl, data file and preload; time to live left out when
   it fills before any item expires), and rw->kind
   PK_RUNWAY_UNTESTED (full_s -1) when no test proves that
   combination; kinds that are facts of the run or reasons there is no
   figure are left as they are */
uint32_t runway_features(const struct pk_scenario *sc,
			 const struct pk_workload *w,
			 const struct pk_result_variant *v,
			 const struct pk_runway *rw);
void runway_guard(const struct pk_scenario *sc, const struct pk_workload *w,
		  const struct pk_result_variant *v, struct pk_runway *rw);

#endif
