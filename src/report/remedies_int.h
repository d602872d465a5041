/*
 * remedies_int (internal to report/): what the remedies' sentences share
 * (remedies_effect.c) and each kind's sentence (remedies_raise.c,
 * remedies_layout.c, remedies_bulk.c), which remedies_sentence
 * (remedies.c) dispatches to.
 */
#ifndef PKSIM_REPORT_REMEDIES_INT_H
#define PKSIM_REPORT_REMEDIES_INT_H

#include <stddef.h>

#include "pksim/report/remedies.h"
#include "pksim/result/remedy.h"

/* "RU/s" or "RU/s of autoscale max" after m's settings (static) */
const char *remedies_unit(const struct pk_remedies *m);

/* 1 if remedy x has a replay's figures to show (found or not) */
int remedies_measured(const struct pk_remedy *x);

/* "; $86.40 a month at this workload, +$28.80 against the run's" of a
   priced replay f against m's run into g (cap bytes); "" when either is
   not priced */
void remedies_month(const struct pk_remedies *m,
		    const struct pk_remedy_figures *f, char *g, size_t cap);

/* "leave no 429 (429s 1,234 -> 0; operations failed after retries 56
   -> 0; 4 partitions after, 0 splits...)" of replay f against m's run,
   with an autoscale replay's bill and a priced replay's month; owned */
char *remedies_effect(const struct pk_remedies *m,
		      const struct pk_remedy_figures *f);

/* Each kind's sentence after "NAME: ", x its item of m; owned. The raise
   on the existing layout, the raise with splits and the switch to
   autoscale (remedies_raise.c) */
char *remedies_raise_words(const struct pk_remedies *m,
			   const struct pk_remedy *x);
char *remedies_split_words(const struct pk_remedies *m,
			   const struct pk_remedy *x);
char *remedies_autoscale_words(const struct pk_remedies *m,
			       const struct pk_remedy *x);

/* The redistribution and the merge (remedies_layout.c) */
char *remedies_redist_words(const struct pk_remedies *m,
			    const struct pk_remedy *x);
char *remedies_merge_words(const struct pk_remedies *m,
			   const struct pk_remedy *x);

/* Bulk remedy k, a client RU budget, Low priority or a throughput bucket
   (remedies_bulk.c) */
char *remedies_bulk_words(const struct pk_remedies *m, enum pk_remedy_kind k,
			  const struct pk_remedy *x);

#endif
