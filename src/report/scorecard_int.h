/*
 * scorecard_int: what scorecard.c and scorecard_rank.c share. Not a
 * public header.
 */
#ifndef PKSIM_SCORECARD_INT_H
#define PKSIM_SCORECARD_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/report/scorecard.h"

/* Rank the cards (order: n pointers, sorted here, best first; each
   card's rank, tied and reason set) by the figures in rank_by's order
   (scorecard_rank_by_parse; NULL: the default order), scorecard_rank.c. */
void scorecard_rank_cards(struct pk_scorecard **order, size_t n,
			  const char *rank_by);

/* The refusals (400, 409, 413) of card s of compare r as its report
   shows them: s->refused, and across services the 409s the ranking
   leaves out of it (scorecard.c). */
uint64_t scorecard_refused_shown(const struct pk_result *r,
				 const struct pk_scorecard *s);

#endif
