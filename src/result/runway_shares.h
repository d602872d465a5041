/*
 * runway_shares.h: how the key reads each reference and the groups'
 * shares of the new items (runway_shares.c, runway_hash.c,
 * runway_window.c), an item's key value, and the builders a runway
 * starts from (runway_data.c, runway_step.c). Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_SHARES_H
#define PKSIM_RUNWAY_SHARES_H

#include "runway_group.h"

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

#endif
