/*
 * workload: the deterministic operation stream of a scenario.
 *
 * Phases run back to back from t = 0. Each phase offers operations at its
 * open arrival rate, or along its rate schedule (schedule.h: ramps, steps,
 * daily and weekly curves, holidays, spikes), throttling never slowing the
 * offered load; it picks each
 * operation's kind from the phase mix, and for a create draws a new item:
 * every property's value from its generator, a size from item_size. Reads,
 * upserts, replaces, deletes and queries with conditions come without a
 * target (item PK_ITEM_NONE, no IN list): the run draws it at the
 * operation's first send in each variant, among the items that variant
 * has written (targets.h). An upsert that arrives before any item was
 * created is made a CREATE. No generated operation is left out
 * (workload_skipped stays 0 for them).
 *
 * A batch creates the phase's batch_size new items at once, as one
 * operation: unless the batch is drawn "spanning", its items after the
 * first copy the first item's value of every drawn (PATTERN, LIST)
 * property but /id, so every key built from generated properties is the
 * same (the SDK builds a batch for one partition key value).
 *
 * Items are stored compactly (creation time, size, one value index per
 * drawn property), and property values are rebuilt on demand, so the
 * stream is the same for every container variant that consumes it.
 * Randomness only through one pk_rng seeded from the scenario seed.
 *
 * Items from a data file (sc->items_file): the stream is one CREATE per
 * used record, in arrival order (records sorted by arrival time, ties in
 * file order), so item number j is the j-th record to arrive. Arrival:
 * time_field: floor((ts_ms - earliest ts_ms) / time_compression); rate:
 * floor(j * 1000 / rate) in file order, as generated uniform arrivals;
 * at_once: 0. Size: items_file->size_bytes, else the record's serialized
 * size (trace_size_bytes) plus, for a record without an id, the
 * `"id":"<GUID>"` member it is stored with (PK_WORKLOAD_FILE_ID_BYTES:
 * the service stores the id as part of the item). Phases only carry
 * throughput changes; the run
 * ends at the later of the last arrival and the end of the phases. No
 * randomness is drawn.
 *
 * A monitor log (sc->items_file->monitor, `monitor_log:`): the stream is
 * each kept row's requests, kind PK_OP_CHARGE, in time order from the log's
 * first second (workload_monitor.c says how a row becomes requests); item
 * is the row's number, and workload_value gives, at each path of the
 * variants' key, that level of the row's recorded key value (undefined at
 * any other path). No item is created (workload_items is 0).
 */
#ifndef PKSIM_WORKLOAD_H
#define PKSIM_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/value.h"
#include "pksim/load/scenario.h"

struct pk_op {
	int64_t t_ms; /* arrival time, ms since t = 0, non-decreasing */
	enum pk_op_kind kind;
	uint32_t stream;	  /* index into scenario->streams (0 with
				     one stream) */
	uint64_t item;		  /* item sequence number (0-based, creation
				     order); valid for workload_value().
				     PK_ITEM_NONE for an operation whose
				     target is drawn at its send
				     (targets_needed, targets_pick) until
				     then, and for a full-scan QUERY */
	uint32_t size_bytes;	  /* bytes written (CREATE, UPSERT, REPLACE;
				     BATCH: the sum over its items); 0 for
				     READ and DELETE */
	uint32_t phase;		  /* index into scenario->phases */
	uint64_t seq;		  /* 0-based position in the stream */
	uint32_t query;		  /* QUERY: index into the phase's queries */
	uint32_t n_in;		  /* QUERY with an IN condition, or
				     BATCH_GET (its keys), once its
				     target is drawn (targets_pick): its
				     values are those of
				     in_items[0..n_in-1] (in_items[0] ==
				     item), 1 .. PK_QUERY_MAX_IN; else 0
				     (always 0 from workload_next) */
	const uint64_t *in_items; /* n_in item numbers; borrowed from the
				     variant's pk_targets and valid until
				     its next targets_pick (whoever keeps
				     the operation longer, as a queued
				     retry does, copies them); NULL when
				     n_in is 0 */
	uint32_t batch_n;	  /* BATCH: its items are the consecutive new
				     items item .. item + batch_n - 1 (1 ..
				     PK_MAX_BATCH_OPS); 0 for other kinds */
	union {
		uint32_t batch_done; /* BATCH: a resend's items written
					already, bit k for item + k (a
					batch that is not atomic:
					pk_outcome.unprocessed); 0 as
					emitted; read only for a BATCH */
		uint32_t pages_done; /* QUERY: a resend's pages served
					already (a query answered in pages:
					pk_outcome.pages_done); 0 as
					emitted; read only for a QUERY */
	};
	int64_t charge_mru; /* CHARGE: the RU it charges, recorded in
			       the log (replaces the cost model), mRU
			       >= 0 */
};

/* pk_op.item of a QUERY whose conditions need no item (no filter) */
#define PK_ITEM_NONE UINT64_MAX

struct pk_workload;

/*
 * A new stream over sc (borrowed: it must outlive the workload) with the
 * given seed (usually sc->seed; the CLI's --seed overrides). Never fails.
 */
struct pk_workload *workload_new(const struct pk_scenario *sc, uint64_t seed);

/* Free w; NULL is allowed. */
void workload_free(struct pk_workload *w);

/*
 * Fill *op with the next operation. Returns 1, or 0 when the last phase
 * has ended (op untouched). Operations come in non-decreasing t_ms.
 */
int workload_next(struct pk_workload *w, struct pk_op *op);

/*
 * Time (ms) at which phase i starts; i == n_phases gives the end of the
 * run. Phases start at whole seconds.
 */
int64_t workload_phase_start_ms(const struct pk_workload *w, size_t i);

/* Index of the property with this path in sc->props, or -1.
   With items from a data file any path may hold a value, so every path
   gets an index (registered on first use: a table the workload owns,
   which is why this takes a const workload yet may grow it); never -1. */
int workload_prop_index(const struct pk_workload *w, const char *path);

/* The id a data-file record without one gets (workload_value), from its
   1-based record number: a GUID-shaped string of 36 characters. */
#define PK_WORKLOAD_FILE_ID_FMT "00000000-0000-4000-8000-%012llx"
/* The bytes that id adds to the record's serialized size, as the stored
   item holds it: the member "id":"<36 characters>" is 4 + 1 + 38 = 43
   bytes, plus the comma that separates it from the record's first
   member (none in an empty record {}) */
#define PK_WORKLOAD_FILE_ID_BYTES 43

/*
 * 1 when the items are the records of a data file (not a monitor log) and
 * the ids workload_value gives the used records -- each record's "id", or
 * for a record without one the GUID PK_WORKLOAD_FILE_ID_FMT -- are all
 * strings of at most max_bytes bytes with no '/' or '\\' (D-LIMITS; the
 * caller passes the service's limit) and no two are equal. Then no create
 * of these items meets another item's id (rule: a repeated id in a
 * logical partition is a 409) nor is refused for its id (400), so a run
 * need not track ids. Else 0: an id repeats, is not a string, breaks the
 * limits, or an explicit id has the GUID's shape while some record has no
 * id (it might equal a generated one; not compared), or two ids share a
 * 64-bit hash (odds about n^2 / 2^65 for n ids; 0 only costs the
 * tracking). One pass over the records and a sort of their ids' hashes
 * (16 transient bytes a record); the answer is kept in w, so only the
 * first call costs (not thread safe: call it before threads share w).
 */
int workload_file_ids_distinct(struct pk_workload *w, size_t max_bytes);
/* 1 when a call of workload_file_ids_distinct on w answered 1 (the
   run's, which every Azure Cosmos DB replay of a data file makes), else
   0: not distinct, or not asked. For readers holding w read-only after
   the run. */
int workload_file_ids_known_distinct(const struct pk_workload *w);

/* workload_value's return for an object or array at the property (items
   from a data file only): not a key value, unlike a missing property,
   which is 0 with PK_VALUE_UNDEFINED. */
#define PK_WORKLOAD_NOT_SCALAR 1

/*
 * The value of property prop (index into sc->props) of item `item`, as a
 * typed value. String bytes are written into buf (cap bytes, at least
 * PK_VALUE_MAX_BYTES; the loader keeps every generated value shorter) and
 * out->str points there, so out is valid until buf is reused. Returns 0, or -1
 * if item was never created or prop is out of range. With items from a data
 * file: the record's value at the property's path (trace_value), a missing one
 * as PK_VALUE_UNDEFINED, except /id: a record without an id gets one
 * (ASSUMPTION: as import tools add a GUID), the GUID PK_WORKLOAD_FILE_ID_FMT of
 * its 1-based record number in file order
 * ("00000000-0000-4000-8000-000000000001" for the first record), unique within
 * the file and the same in every variant and report; a string longer than cap -
 * 1 bytes is cut to cap - 1 (still over the 2,048-byte key limit, so a key on
 * it is refused as too long); an object or array returns PK_WORKLOAD_NOT_SCALAR
 * with *out undefined.
 */
int workload_value(const struct pk_workload *w, uint64_t item, int prop,
		   struct pk_value *out, char *buf, size_t cap);

/*
 * When every value of property prop is a function of one value index
 * alone -- a generated PATTERN or LIST value (the index drawn for the
 * item, 0 .. count - 1) or a CONST (always 0) -- the number of indexes
 * (>= 1); else 0 (CLOCK, UNIQUE, items from a data file, prop out of
 * range). Two items with the same index have byte-identical values, so a
 * caller may cache what it derives from a value under its index (sim.c's
 * per-variant logical-partition cache). With several streams
 * an item's value is its own stream's property at prop's path
 * (workload_value): the indexes are then positions, a block per stream
 * with such a property (its value indexes) and one more for the
 * undefined value of items of streams without one; 0 when some stream's
 * property there is not a function of a value index.
 */
uint64_t workload_value_indexes(const struct pk_workload *w, int prop);

/* Value index of property prop (an index into sc->props, not a
   stream's position) as an item drawing it would hold: a PATTERN's
   prefix + (first + index) zero-padded + suffix, a LIST's index-th
   entry, a CONST's value (index 0), into *out with string bytes in buf
   (cap bytes, as workload_value). Returns 0, or -1 for another kind, an
   index >= its count or a workload of a data file. For a caller that
   derives something from every value a property can take, drawn or not
   (result/runway: the share of the values a hash part sends to one key
   value). */
int workload_value_at(const struct pk_workload *w, int prop, uint64_t index,
		      struct pk_value *out, char *buf, size_t cap);

/* Item's value index (several streams: position) of prop
   (workload_value_indexes(w, prop) > 0 and item created): 0 .. that
   count - 1. Items with the same one have byte-identical values. */
uint32_t workload_value_index(const struct pk_workload *w, uint64_t item,
			      int prop);

/* Item's own value as drawn (several streams too): the property of
   sc->props it was drawn from (its own stream's at prop's path; prop
   itself with one stream) into *own, -1 when its stream has none, and
   its value index among that property's own values into *index (0 for
   a property not drawn or a CONST; undefined with *own -1). For a
   projection of each value's share per stream (result/runway): pass
   both to dist_pmf over that property's own values. Generated items
   only (workload_value_indexes(w, prop) > 0, item created). */
void workload_own_value(const struct pk_workload *w, uint64_t item, int prop,
			int *own, uint32_t *index);

/* The stream (an index into sc->streams) that created item; 0 with one
   stream. */
size_t workload_item_stream(const struct pk_workload *w, uint64_t item);

/* Where the workload keeps one property's value indexes, for a caller
   that reads one for every operation (sim.c's per-value cache): item's
   index is (*idx)[item * stride + slot], or 0 when slot < 0. *idx moves
   as the item tables grow, so read it each time. */
struct pk_value_index_view {
	const uint32_t *const *idx; /* borrowed from the workload */
	size_t stride;
	long slot;
};

/* The view of prop's value indexes into *out and 1, when
   workload_value_index(w, item, prop) is exactly what it reads (one
   stream, generated items, workload_value_indexes(w, prop) > 0); else 0,
   *out untouched. Valid while w lives. */
int workload_value_index_view(const struct pk_workload *w, int prop,
			      struct pk_value_index_view *out);

/* The normaliser dist_pmf needs for prop's distribution over its
   workload_value_indexes(w, prop) values, as the workload's own draw
   computed it (dist_known_norm), into *norm and 1; 0 when it has none
   to give (several streams, a property not drawn, a distribution that
   keeps none): the caller sums dist_norm itself. */
int workload_value_norm(const struct pk_workload *w, int prop, double *norm);

/* Stored size in bytes the generator gave item at its create (an upsert
   or replace carries its own size in pk_op.size_bytes: its target is
   drawn at the send, per variant). */
uint32_t workload_item_size(const struct pk_workload *w, uint64_t item);

/* The bytes record rec of data file f (not a monitor log) is stored
   with, as a create of it stores it (above: f->size_bytes, else its
   serialized size plus PK_WORKLOAD_FILE_ID_BYTES and a comma when it has
   no id and gets one); a preload of f's records sizes them so too
   (src/service/cosmos/cosmos_preload.c). */
uint32_t workload_record_size(const struct pk_items_file *f, size_t rec);

/* Item item's size as Amazon DynamoDB measures it when it is a data
   file's record sized by its content (not items.item_size, not a
   monitor log's row): 1 with trace_ddb_size_bytes of its record in
   *size (no id added: a table adds no attribute); else 0, *size
   untouched. item < workload_items(w). */
int workload_item_ddb_size(const struct pk_workload *w, uint64_t item,
			   uint32_t *size);

/*
 * Size in bytes item had when it was created: what a batch that created
 * it sends again on a retry, whatever later writes did to the item. Kept
 * when some phase sends batches; otherwise the size at the last write
 * (workload_item_size).
 */
uint32_t workload_item_created_size(const struct pk_workload *w, uint64_t item);

/*
 * When item was written in the data's own time, ms: for the records of a
 * data file read by their time field, the record's time less the
 * earliest record's, not divided by time_compression (a compressed
 * replay is undone); otherwise its arrival on the run's clock (a rate's
 * file order, a generated item's creation). item < workload_items(w).
 * A generated item's creation time is kept only when a clock property
 * formats it (the workload keeps no 8 bytes an item for nothing):
 * asking without one is a bug (PK_BUG).
 */
int64_t workload_item_data_ms(const struct pk_workload *w, uint64_t item);

/*
 * The data's own clock at workload_item_data_ms 0, Unix ms (UTC): the
 * earliest record's time field, for a data file read by its time field;
 * 0 otherwise (a rate's file order, generated items: their times are
 * the run's clock). What a time key ({weekday(ts)}) reads at a data
 * time t is its bucket at this + t.
 */
int64_t workload_data_epoch_ms(const struct pk_workload *w);

/* Items created so far. */
uint64_t workload_items(const struct pk_workload *w);

/* Generated operations not emitted: none since targets are drawn at the
   send (targets.h; a variant counts what it could not send in
   pk_totals.not_sent_no_target). 0. */
uint64_t workload_skipped(const struct pk_workload *w);

#endif
