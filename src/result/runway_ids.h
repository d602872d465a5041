/*
 * runway_ids.h: items rewritten among a pool of ids (runway_ids.c).
 * Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_IDS_H
#define PKSIM_RUNWAY_IDS_H

#include "runway_group.h"

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

#endif
