/*
 * runway_int.h: what the runway's files share (src/result/runway.c:
 * which builder and what a runway says; runway_step.c: generated items
 * stepped over the horizon; runway_grow.c: a logical partition's growth
 * in a step under its range's RU/s; runway_rates.c: their rates;
 * runway_data.c: a data file; runway_shares.c: each key value's share of
 * the new items), one header a concept, gathered here for the files
 * that use most of them. Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_INT_H
#define PKSIM_RUNWAY_INT_H

#include "runway_dels.h"    /* deletes taken from every stored item */
#include "runway_group.h"   /* groups, candidates picked, range shares */
#include "runway_grow.h"    /* a candidate's growth in a step */
#include "runway_ids.h"	    /* items rewritten among a pool of ids */
#include "runway_items.h"   /* lifetimes, item classes, what is stored */
#include "runway_latest.h"  /* a key drawn `latest` */
#include "runway_pool.h"    /* a fleet pool's lending */
#include "runway_proj.h"    /* one projection, its guards, what it says */
#include "runway_rates.h"   /* phases, stretches, slices, rewrites */
#include "runway_shares.h"  /* key references, group shares, builders */
#include "runway_timekey.h" /* the key's time text and short buckets */

#endif
