/*
 * workload_int: what the files of the workload module share and nothing
 * outside them uses. Not a public header: it stays beside the sources.
 *
 *   workload.c         lifetime (workload_new, workload_free) and counters
 *   workload_stream.c  phases, arrivals, operation kinds, queries, batches
 *   workload_items.c   the item table: creation times, sizes, value indexes
 *   workload_targets.c per-variant targets at the send (targets.h)
 *   workload_values.c  property values rebuilt on demand, clock text
 *   workload_file.c    items from a data file: arrivals, values
 */
#ifndef PKSIM_WORKLOAD_INT_H
#define PKSIM_WORKLOAD_INT_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pksim/base/rng.h"
#include "pksim/base/schedule.h"
#include "pksim/base/units.h"
#include "pksim/load/scenario.h"
#include "pksim/workload/workload.h"

#ifdef __clang__
/* Same stream at -O0 and -O2: no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF
#endif

/* Items are indexed by uint32 (48-byte budget); 4 billion items would
   need ~100 GB anyway. */
#define PK_WL_MAX_ITEMS ((uint64_t)UINT32_MAX - 1)
/* clock values kept for reuse are at most this long (NUL included) */
#define PK_WL_CLOCK_TEXT 64
/* An IN list longer than this finds repeats in a hash set of its items
   instead of by scanning the list (the same answers, in O(1)) */
#define PK_WL_IN_SCAN_MAX 16
/* Draws tried per IN slot for an item not yet in the list: a bound, not
   a guarantee. With n_live = K = 8 under zipfian 0.99 the last slot hits
   the one free item with p ~ 0.047, so 256 draws all miss with p ~ 5e-6;
   under hotspot with hot_ops near 1 a repeat is sometimes kept. */
#define PK_WL_IN_MAX_DRAWS 256

/* How a phase's arrivals are made (workload_stream.c). */
enum pk_wl_arrivals {
	PK_WL_ARRIVAL_UNIFORM = 0, /* evenly spaced, count of them */
	PK_WL_ARRIVAL_POISSON,	   /* exponential gaps */
	PK_WL_ARRIVAL_SCHEDULE,	   /* along ps->schedule (either kind) */
};

struct pk_wl_phase {
	int64_t start_ms; /* phase start, ms since t = 0 */
	enum pk_wl_arrivals arrival;
	uint64_t count; /* UNIFORM arrivals: ops in the phase; 0 with a
			   schedule */
	double cum_mix[PK_OP_KINDS];   /* cumulative mix, last ~ 1 */
	enum pk_op_kind last_kind;     /* last kind with mix > 0 (rounding) */
	double *cum_query;	       /* cumulative query weights / total,
					  n_queries entries, last ~ 1;
					  NULL without queries */
	struct pk_schedule_cursor cur; /* with a schedule (ps->schedule):
					  the walk of its pieces */
};

/* One record of a data file in the stream. */
struct pk_wl_arrival {
	int64_t t_ms; /* arrival, ms since t = 0 */
	size_t rec;   /* record index in the trace (file order) */
};

/* A row of a monitor log whose requests have begun: its next request. */
struct pk_wl_piece {
	int64_t t_ms; /* arrival of request j, ms since t = 0 */
	size_t pos;   /* the row's place in arrival order (w->arr) */
	uint64_t j;   /* request of the row, < its pieces */
};

/* Property paths of a file-backed workload, indexed by
   workload_prop_index. */
struct pk_wl_paths {
	char **path; /* owned strings, n entries */
	long *id;    /* owned, n entries: trace_path_id of each in the file's
			records (-1: none holds it, or a monitor log) */
	size_t n, cap, id_cap;
	int id_prop; /* the index of "/id", or -1 until it is asked for */
};

/* Formatted clock values, kept for the next items of the same spans: the
   seconds the format's text holds still (isotime_format_span_s). Items are
   read in any order (a run over a midnight reads both days' items), so
   a few spans are kept, span k in slot k mod PK_WL_CLOCK_SLOTS. */
#define PK_WL_CLOCK_SLOTS 8
struct pk_wl_clock {
	int64_t span_s; /* seconds in a span, >= 1 */
	struct {
		int64_t t;		     /* the span's first second;
						INT64_MIN = none */
		size_t len;		     /* bytes in text */
		char text[PK_WL_CLOCK_TEXT]; /* strftime output */
	} slot[PK_WL_CLOCK_SLOTS];
};

/* A stream's place in its phases while another stream is active
   (scenario with `streams:`; workload_stream.c swaps it in and out). */
struct pk_wl_stream {
	struct pk_rng rng; /* its own generator (workload_new) */
	size_t phase;	   /* current phase, a global index */
	size_t phase_end;  /* past its last phase */
	const struct pk_phase_spec *cur_ps;
	struct pk_wl_phase *cur_ph;
	uint64_t phase_op;
	double poisson_ms;
	size_t slot_lo, slot_hi; /* its drawn properties' slots */
	int id_slot;		 /* its /id's slot, or -1 */
	int64_t next_t;		 /* its next arrival, drawn ahead */
	int done;		 /* no arrival left */
};

struct pk_workload {
	const struct pk_scenario *sc; /* borrowed */
	/* items from a data file; NULL when generated */
	const struct pk_items_file *file; /* borrowed: sc->items_file */
	int64_t file_earliest_ms;	  /* by time field: the earliest used
					     record's time, ms since 1970 */
	struct pk_wl_arrival *arr;	  /* n_arr entries, arrival order */
	size_t n_arr;
	int file_has_ids;	   /* 1: some record has a property /id, so each
				      record is looked at (wl_file_size) */
	long id_path;		   /* trace_path_id of "/id" in the records,
				      or -1 */
	int ids_distinct;	   /* workload_file_ids_distinct's answer + 1; 0
				      before its first call */
	struct pk_wl_paths *paths; /* owned; file-backed only */
	/* file-backed queries (items_file->queries): per query, how many
	   each record owes (share / (1 - all shares)) and how many were
	   sent; owned, NULL without */
	double *q_per_record;
	uint64_t *q_sent;
	/* monitor log (file->monitor): the rows whose requests have begun,
	   a heap by (t_ms, pos); next_row: the next row of arr to begin */
	struct pk_wl_piece *heap;
	size_t n_heap, heap_cap, next_row;
	struct pk_rng rng;
	struct pk_wl_phase *phases; /* n_phases entries */
	int64_t end_ms;		    /* end of the last phase */

	/* position in the stream */
	size_t phase; /* current phase; n_phases when done */
	const struct pk_phase_spec *cur_ps; /* &sc->phases[phase], NULL
					       when done */
	struct pk_wl_phase *cur_ph;	    /* &phases[phase], NULL when
					       done */
	uint64_t phase_op; /* UNIFORM: next op index in phase */
	double poisson_ms; /* POISSON: offset of the last arrival; with a
			      schedule, the expected count S_k of the last
			      arrival (schedule.h) */
	uint64_t seq;	   /* ops emitted */
	uint64_t skipped;  /* arrivals not emitted */

	/* drawn properties (PATTERN, LIST) */
	int *prop_slot;		    /* per prop: slot in idx, or -1 */
	struct pk_dist **slot_dist; /* per slot: draw over spec.count */
	size_t n_slots;

	/* items, all arrays cap_items long */
	uint64_t n_items;
	size_t cap_items;
	int64_t *created_ms;	/* creation time, ms since t = 0; NULL
				   unless keep_created */
	int keep_created;	/* a clock property formats an item's
				   creation time: keep created_ms */
	uint32_t *size_bytes;	/* size at creation; NULL unless
				   keep_sizes */
	int keep_sizes;		/* a later operation can read an item
				   back (scenario_items_read_back): keep
				   size_bytes */
	uint32_t last_size;	/* the size wl_item_new last drew */
	uint32_t *idx;		/* n_slots value indexes per item */
	int batches;		/* some phase sends batches: keep
				   created_size */
	uint32_t *created_size; /* size at creation (a batch's retry
				   resends it); NULL unless batches */
	int id_slot;		/* slot in idx of a drawn /id, or -1 */
	/* the slots wl_item_new draws: the active stream's (all of them
	   with one stream) */
	size_t slot_lo, slot_hi;
	/* several streams (sc->n_streams > 1): each one's state, the one
	   whose state is in the fields above, per item its stream, and per
	   (stream, property) the stream's property at the same path or -1
	   (workload_value); NULL / 0 with one stream */
	struct pk_wl_stream *streams;
	size_t n_streams, active;
	uint8_t *item_stream;
	int *remap;
	/* several streams, per property p (sc->n_props entries; NULL with
	   one stream): the value-index positions (workload_value_indexes)
	   of the properties at p's path, one block per stream that has one
	   (pos_base: where p's own block starts), then one position for the
	   undefined value of the streams that have none (pos_undef); 0
	   positions (pos_total) when a stream's property there is not a
	   function of a value index (wl_streams_positions) */
	uint64_t *pos_base, *pos_total, *pos_undef;
	/* per prop: the last clock value formatted (CLOCK only): items
	   created in the same second share it, and strftime is costly */
	struct pk_wl_clock *clock;
};

/* Copy len bytes of s into buf (truncated to cap - 1), NUL-terminated;
   returns the bytes kept. */
static inline size_t copy_str(char *buf, size_t cap, const char *s, size_t len)
{
	if (len > cap - 1) {
		len = cap - 1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	return len;
}

/* ---- workload_items.c: the item table ---- */

/* A new live item created at t_ms; returns its seq. With like !=
   PK_ITEM_NONE (a batch's earlier item) it copies like's drawn values
   but /id's and draws only /id's and the size (workload_stream.c). */
uint64_t wl_item_new(struct pk_workload *w, int64_t t_ms,
		     const struct pk_phase_spec *ps, uint64_t like);

/* wl_item_new with no item to copy from: every drawn value is new. */
uint64_t wl_item_create(struct pk_workload *w, int64_t t_ms,
			const struct pk_phase_spec *ps);

/* A size in bytes drawn from s (1 .. PK_MAX_ITEM_BYTES for NORMAL). */
uint32_t wl_size_draw(struct pk_workload *w, const struct pk_size_spec *s);

/* ---- workload_stream.c: phases and the generated stream ---- */

/* Fill ph for phase spec ps starting at start_ms (cumulative mix and
   query weights, the select distribution; a schedule's cursor, whose
   clock is clock_start_s + start_ms / 1000, Unix seconds UTC). */
void wl_phase_init(struct pk_wl_phase *ph, const struct pk_phase_spec *ps,
		   int64_t start_ms, int64_t clock_start_s);

/* Make phase i the current one, at its first arrival. */
void wl_phase_enter(struct pk_workload *w, size_t i);

/* Several streams: set up each one's state and first arrival
   (workload_new), and the next operation of them all in time order. */
void wl_streams_init(struct pk_workload *w, uint64_t seed);
/* Several streams: w->pos_base, pos_total and pos_undef from w->remap
   (workload_values.c). */
void wl_streams_positions(struct pk_workload *w);
int wl_streams_next(struct pk_workload *w, struct pk_op *op);

/* ---- workload_file.c: items from a data file ---- */

/* Arrival times of the used records of sc->items_file, in arrival order;
   sets w->file, w->arr, w->paths and extends w->end_ms. */
void wl_file_init(struct pk_workload *w);

/* The stored size of record rec of the data file (workload.h): the
   file's size_bytes when set, else its serialized size plus
   PK_WORKLOAD_FILE_ID_BYTES (and a comma unless the record is empty) when
   it has no id and gets one. */
uint32_t wl_file_size(const struct pk_workload *w, size_t rec);

/* The next create of a file-backed stream; 0 after the last record. */
int wl_file_next(struct pk_workload *w, struct pk_op *op);

/* workload_value for items from a data file (workload.h). */
int wl_file_value(const struct pk_workload *w, uint64_t item, int prop,
		  struct pk_value *out, char *buf, size_t cap);

/* ---- workload_monitor.c: a monitor log's requests ---- */

/* Rows of file->monitor in arrival order into w->arr (t from the log's
   first second); extends w->end_ms to the last request. */
void wl_monitor_init(struct pk_workload *w);

/* The next request of the log; 0 after the last. */
int wl_monitor_next(struct pk_workload *w, struct pk_op *op);

/* workload_value for a monitor log: the row's key component at a path
   of the variants' key, undefined at any other path. */
int wl_monitor_value(const struct pk_workload *w, uint64_t item, int prop,
		     struct pk_value *out, char *buf, size_t cap);

#endif
