/*
 * result_int: what the result stage's files share (src/result/), never
 * included above it. Each builder fills a part of one variant's model.
 */
#ifndef PKSIM_RESULT_INT_H
#define PKSIM_RESULT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/result/result.h"
#include "pksim/service/snapshot.h"

/* The heat map of v (v->heat) from snapshot s's series, events and
   range ids; v's ranges, lineage and end_s set (src/result/heat.c). */
void result_heat_build(const struct pk_snapshot *s,
		       struct pk_result_variant *v);

/* Logical partitions read from a snapshot PK_RESULT_LP_RUN at a time
   (pk_snapshot.lp_read): one indirect call per run */
#define PK_RESULT_LP_RUN 64

/* A pass over snapshot s's logical partitions in order of creation
   (result_lps_start, then result_lps_next until NULL). */
struct pk_result_lps {
	const struct pk_snapshot *s;
	uint64_t next; /* the first not read yet */
	size_t at, n;  /* lp[at .. n - 1] not handed out yet */
	struct pk_snapshot_lp lp[PK_RESULT_LP_RUN];
};

static inline void result_lps_start(struct pk_result_lps *r,
				    const struct pk_snapshot *s)
{
	r->s = s;
	r->next = 0;
	r->at = 0;
	r->n = 0;
}

/* The next logical partition, or NULL after the last; borrowed from r
   until the next call. */
static inline const struct pk_snapshot_lp *
result_lps_next(struct pk_result_lps *r)
{
	if (r->at == r->n) {
		uint64_t left = r->s->n_lps - r->next;

		if (left == 0) {
			return NULL;
		}
		r->n =
		    left < PK_RESULT_LP_RUN ? (size_t)left : PK_RESULT_LP_RUN;
		r->s->lp_read(r->s->lps, r->next, r->n, r->lp);
		r->next += r->n;
		r->at = 0;
	}
	return &r->lp[r->at++];
}

/* What days to full needs of every logical partition before it weighs
   any (src/result/fill.c): gathered in result.c's one pass over them
   (result_fill_see), so fill.c reads them once more, not twice. */
struct pk_result_fill_span {
	int64_t lo; /* the first growing write's data time over the
		       logical partitions that grew, ms; INT64_MAX none */
	int64_t hi; /* ... the last write's, ms; -1 none */
	int multi;  /* 1: one that grew holds more than one item */
	int full;   /* 1: one is at its cap or refused a write */
};

static inline void result_fill_span_start(struct pk_result_fill_span *sp)
{
	sp->lo = INT64_MAX;
	sp->hi = -1;
	sp->multi = 0;
	sp->full = 0;
}

/* lp into sp; cap_bytes: the logical partition cap of its container
   (pk_container_spec.lp_storage_bytes). */
static inline void result_fill_see(struct pk_result_fill_span *sp,
				   const struct pk_snapshot_lp *lp,
				   uint64_t cap_bytes)
{
	if (lp->storage_bytes >= cap_bytes || lp->rejected_403 > 0) {
		sp->full = 1;
	}
	if (lp->first_grow_ms < 0) {
		return;
	}
	sp->lo = lp->first_grow_ms < sp->lo ? lp->first_grow_ms : sp->lo;
	sp->hi = lp->last_write_ms > sp->hi ? lp->last_write_ms : sp->hi;
	sp->multi |= lp->items > 1;
}

/* The days-to-full figures of v (v->fill, see struct pk_result_fill)
   from snapshot s's logical partitions, sp (every one of them seen by
   result_fill_see) and sc's arrival (src/result/fill.c). */
void result_fill_build(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       const struct pk_result_fill_span *sp,
		       struct pk_result_variant *v);

/* Logical partition lp as the reports show it (src/result/result.c). */
void result_copy_lp(const struct pk_snapshot_lp *lp, struct pk_result_lp *out);

/* v's figures per stream (v->streams) from the run's variant pv, when
   sc has more than one stream (src/result/streams.c). */
struct pk_variant;
void result_streams_build(const struct pk_scenario *sc,
			  const struct pk_variant *pv,
			  struct pk_result_variant *v);

/* v's closed-loop figures (last_answer_ms, answered,
   achieved_ops_per_s) from the workers of each stream of the run's
   variant pv, and each stream's own in v->streams when it has them
   (src/result/streams.c; after result_streams_build). */
void result_achieved_build(const struct pk_scenario *sc,
			   const struct pk_variant *pv,
			   struct pk_result_variant *v);

/* bill.c, bill_ddb.c and bill_capacity.c share: the clock hours
   variant v bills (the wall-clock hours it touched); a row's marks
   (third-party, overridden) into b; b's month from its cost, hours and whole
   weeks (bill.h) */
int64_t bill_hours_billed(const struct pk_result_variant *v);
void bill_note_pick(struct pk_bill *b, const struct pk_price_pick *p);
void bill_month(const struct pk_scenario *sc, struct pk_bill *b);
/* b's lines and cost made: its hour, days and month, priced 1 (or
   left unpriced when an hour's day had no row, b->why) */
void bill_finish(const struct pk_scenario *sc, struct pk_bill *b);
/* A line's quantity and cost summed over clock hours whose price may
   change: a run of hours at one price is summed (in the unit's raw
   count) before it is scaled by / div1 / div2 and priced, so a bill
   whose rows do not change prices its whole quantity once */
struct bill_acc {
	double div1, div2;
	double raw;	/* every hour's, unscaled */
	double run_raw; /* the current run of hours at price */
	double price;
	double cost; /* of the runs before the current one */
	int any;
};
void bill_acc_add(struct bill_acc *a, double raw, double price);
/* quantity (scaled) and cost so far */
double bill_acc_quantity(const struct bill_acc *a);
double bill_acc_cost(const struct bill_acc *a);
/* The price of meter for clock hour h of b's run (bill_hour_day's
   rows), its pick into *line (the line of kind of): a row line held
   before that differs is kept in b->earlier; a day without the row
   says so in b->why and gives 0 */
double bill_price(const struct pk_scenario *sc, struct pk_bill *b,
		  struct pk_price_pick *line, enum pk_bill_row_of of,
		  const char *meter, int64_t h);

/* bill_capacity.c: the fleet pool's line of Azure Cosmos DB variant v
   into b->pool (b->pooled 1) when v draws on a pool, its hours and
   weeks set; and a Fabric variant's throughput line, its CU hours at
   b->throughput.pick (bill.h) */
void bill_pool(const struct pk_scenario *sc, const struct pk_result_variant *v,
	       struct pk_bill *b);
void bill_fabric(const struct pk_scenario *sc,
		 const struct pk_result_variant *v, struct pk_bill *b);

/* bill_instant.c: the share of on-demand table x's (variant v of sc)
   demand on side write (1 writes, 0 reads) that its month serves with
   no client's retries: each second's demand (x->second_demand_mcu) up
   to the instant limit the workload repeated settles at (D12: max(warm,
   2 x P), P its highest peak_sustain_s average served, from the run's
   own P at its end), over all it asked; 0 .. 1. 1 when it does not
   apply: provisioned, no demand by second (phases longer than
   PK_METRICS_DETAIL_MAX_S), or no table spec. */
double bill_instant_share(const struct pk_scenario *sc,
			  const struct pk_result_variant *v,
			  const struct pk_snapshot_ddb *x, int write);

/* bill_autoscale.c: two months of auto scaling's replay whose bills
   differ by more than this share of the dearer have not settled */
#define PK_BILL_SCALE_SETTLED 0.005

/* What bill_ddb_autoscale gives a month */
struct bill_scaled {
	double cost;	   /* the month's provisioned units, less the free
			      tier's, currency: the dearer billed month */
	double other_cost; /* ... the other billed month */
	int settled;	   /* 1: the two within PK_BILL_SCALE_SETTLED */
	double held[2];	   /* read, write units a second held on average
			      in the first billed month, the indexes' too */
	int64_t last[2];   /* ... the most in its last clock hour */
	double over[2];	   /* read, write: of the table's own units asked
			      in the first billed month, the share its
			      minutes asked past the units held then,
			      0 .. 1 */
};

/* The month's provisioned units of Amazon DynamoDB variant v's table
   under auto scaling (D19), its run's workload repeated with auto
   scaling's state carried across repetitions (bill_autoscale.c): each
   clock hour at its most WCU and RCU, less free_u each, at wp and rp a
   unit-hour; each index that follows it replayed beside it, a client's
   RU budget pacing the run's demand. Returns 1 with *out filled, 0
   when it does not apply (no auto scaling, no demand by minute, or a
   phase that sets the units): nothing written then. */
int bill_ddb_autoscale(const struct pk_scenario *sc,
		       const struct pk_result_variant *v,
		       const struct pk_snapshot_ddb *x, double wp, double rp,
		       int64_t free_u, struct bill_scaled *out);

/* The bill of an Amazon DynamoDB variant v (v->ddb) by sc->pricing
   (bill.h), into *out, zeroed by the caller (bill_ddb.c) */
void bill_ddb_build(const struct pk_scenario *sc,
		    const struct pk_result_variant *v, struct pk_bill *out);

#endif
