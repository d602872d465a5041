/*
 * lp: the record of one logical partition as the container keeps it
 * (container.h): its counters, 32 bits while they fit and 64 past that,
 * the few counters only 429s, retries and full partitions touch, and
 * what the container holds of one item. The pool, index and item tables
 * that hold them are lptable.c's; read a record's counters with
 * container_lp_count.
 */
#ifndef PKSIM_LP_H
#define PKSIM_LP_H

#include <stdint.h>

/* Logical partitions a block of the pool holds (2^bits): 32,768 records
   of 64 bytes, one 2 MiB huge page (PK_MEM_HUGE_BYTES; lptable.c). */
#define PK_LP_BLOCK_BITS 15
#define PK_LP_BLOCK (1U << PK_LP_BLOCK_BITS)

/* The counters of a logical partition (container_lp_count). */
enum pk_lp_count {
	PK_LP_STORAGE = 0, /* stored bytes (x index factor) <= cap */
	PK_LP_ITEMS,	   /* items stored now */
	PK_LP_REQUESTS,	   /* attempts, 429s and retries included;
			      single-partition queries on its key too
			      (container_query) */
	PK_LP_RU,	   /* RU charged, mRU (never negative) */
	PK_LP_GROW_BASE,   /* bytes that are not growth: preloaded
			      before the clock, and added at data time
			      first_grow_ms, so growth counts from the
			      end of that instant (n writes are n - 1
			      intervals). ASSUMPTION: a
			      write at an instant earlier than the
			      earliest so far (a retried earlier
			      record) makes it the earliest, and the
			      bytes of the former earliest stay here:
			      growth undercounts them, so no field more
			      is kept */
	PK_LP_COUNTS
};

/* pk_lp.epk_len of a logical partition whose EPK is not kept: it is
   the V2 hash of its identity bytes (epk_from_encoded_v2), as pkey_build
   makes the EPK of every key that is neither hierarchical nor of
   definition version 1 (pkey.c). Recomputed where read
   (container_lp_epk): 16 bytes a logical partition fewer in the arena.
   Above PK_EPK_MAX_BYTES, so never a kept length. */
#define PK_LP_EPK_OF_KEY UINT8_MAX

/* The largest counter value pk_lp keeps in 32 bits; a wide pk_lp's
   counters read PK_LP_WIDE_MARK there (the same value: pk_lp.wide tells
   them apart), so adding to one overflows 32 bits. */
#define PK_LP_NARROW_MAX UINT32_MAX
#define PK_LP_WIDE_MARK UINT32_MAX

/* A logical partition's counters once one of them passed 32 bits. */
struct pk_lp_wide {
	uint64_t count[PK_LP_COUNTS]; /* by enum pk_lp_count */
};

/*
 * One logical partition: all items with one partition key value. They
 * live in a pool of blocks of PK_LP_BLOCK (container_lp), never move
 * while the container lives and are never removed; 64 bytes each, plus
 * their key bytes (and, for hierarchical and version 1 keys, EPK bytes:
 * PK_LP_EPK_OF_KEY) in the container's byte arena and 4 to 8 bytes of
 * the open-addressing index (lptable.c). The counters only 429s,
 * retries and full partitions touch are in a pk_lp_rare, kept for the
 * few logical partitions that have one (container_lp_rare).
 *
 * The counters (enum pk_lp_count) are 32 bits here while they fit, which
 * they do for all but the largest or busiest logical partitions; the
 * first change that would take one past PK_LP_NARROW_MAX moves all of
 * them to 64 bits in a pk_lp_wide of the container (wide = 1), so none
 * ever wraps. Read them with container_lp_count.
 */
struct pk_lp {
	const unsigned char *key; /* identity bytes of the value (pkey.h),
				     key_len of them, then the EPK's
				     epk_len bytes unless epk_len is
				     PK_LP_EPK_OF_KEY (container_lp_epk);
				     owned by the container's arena */
	int64_t first_grow_ms;	  /* min data_ms of a write that added
				     bytes; last_write_ms: max of any stored
				     write; -1 before any (retries: min/max) */
	int64_t last_write_ms;
	uint32_t count[PK_LP_COUNTS]; /* wide = 0: the counters by enum
					 pk_lp_count; wide = 1:
					 PK_LP_WIDE_MARK, but
					 count[PK_LP_GROW_BASE] is the entry
					 of c->lp_wide holding them */
	uint32_t index;		      /* 1, 2, ... in order of creation */
	uint32_t range;		      /* its range index under layout
					 generation range_gen
					 (lptable_range) */
	uint32_t range_gen;	      /* pmap.gen range was found at; 0 none */
	uint32_t rare;		      /* its entry of the container's lp_rare,
					 0 none yet (all zero, full_at_ms -1) */
	uint16_t key_len;	      /* bytes of key (<= PK_KEY_ID_MAX) */
	uint8_t epk_len; /* EPK bytes after them (<= PK_EPK_MAX_BYTES),
			    or PK_LP_EPK_OF_KEY: none kept */
	uint8_t wide;	 /* 1: the counters are in c->lp_wide */
};

/* What few logical partitions need: their retries, 429s and 403s. */
struct pk_lp_rare {
	uint64_t retries;	/* ... of requests, retries (an operation's
				   second and later attempts); the
				   first attempts are requests - retries */
	uint64_t throttled_429; /* attempts rate limited (served =
				   requests - throttled_429) */
	uint64_t rejected_403;	/* writes refused: partition full */
	int64_t full_at_ms;	/* first 403/1014, or -1 */
};

/* What a container holds of one item. */
struct pk_item_slot {
	uint32_t bytes; /* stored bytes (x index factor); 0 = not stored */
	uint32_t lp;	/* index of its logical partition; 0 = none */
};

#endif
