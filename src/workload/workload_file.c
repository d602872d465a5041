/*
 * workload_file: items from a data file.
 *
 * Items from a data file (sc->items_file, records read by the trace
 * module): arrivals are computed once at workload_new into one array of
 * (t_ms, record) in arrival order, 16 bytes per record; the stream walks
 * it. Property values are read from the record on demand (trace_value),
 * so the workload keeps no value of its own; property indexes name paths
 * in a table that grows as keys ask for paths.
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/sort.h"
#include "pksim/base/units.h"
#include "pksim/load/trace.h"

#include "workload_int.h"

static int arrival_cmp(const void *pa, const void *pb)
{
	const struct pk_wl_arrival *a = pa, *b = pb;

	if (a->t_ms != b->t_ms) {
		return a->t_ms < b->t_ms ? -1 : 1;
	}
	return a->rec < b->rec ? -1 : a->rec > b->rec;
}

/* Arrival times of the used records of sc->items_file, in arrival order
   (see the file header). */
void wl_file_init(struct pk_workload *w)
{
	const struct pk_items_file *f = w->sc->items_file;
	size_t n = trace_count(f->trace), i;
	int64_t earliest = INT64_MAX;
	struct pk_diag d;

	w->file = f;
	w->paths = xcalloc(1, sizeof(*w->paths));
	w->paths->id_prop = -1;
	w->id_path = -1;
	if (f->monitor) {
		wl_monitor_init(w);
		return;
	}
	if (f->limit && f->limit < n) {
		n = f->limit;
	}
	w->n_arr = n;
	w->arr = xcalloc(n, sizeof(*w->arr));
	w->id_path = trace_path_id(f->trace, "/id");
	w->file_has_ids = w->id_path >= 0;
	diag_init(&d);
	for (i = 0; i < n; i++) {
		w->arr[i].rec = i;
		switch (f->from) {
		case PK_FROM_TIME_FIELD:
			if (trace_time_ms(f->trace, i, f->time_field,
					  &w->arr[i].t_ms, &d) < 0) {
				/* the loader checks every used record */
				PK_BUG("workload: record %zu has no valid time "
				       "field %s",
				       i, f->time_field);
			}
			if (w->arr[i].t_ms < earliest) {
				earliest = w->arr[i].t_ms;
			}
			break;
		case PK_FROM_RATE:
			w->arr[i].t_ms = floor_robust((double)i * PK_MS_PER_S /
						      f->rate_per_s);
			break;
		case PK_FROM_AT_ONCE:
		case PK_FROM_MONITOR: /* wl_monitor_init */
			w->arr[i].t_ms = 0;
			break;
		}
	}
	diag_free(&d);
	w->file_earliest_ms = earliest;
	if (f->from == PK_FROM_TIME_FIELD) {
		for (i = 0; i < n; i++) {
			w->arr[i].t_ms =
			    floor_robust((double)(w->arr[i].t_ms - earliest) /
					 f->time_compression);
		}
		qsort(w->arr, n, sizeof(*w->arr), arrival_cmp);
	}
	if (n > 0 && w->arr[n - 1].t_ms > w->end_ms) {
		w->end_ms = w->arr[n - 1].t_ms;
	}
	if (f->n_queries) {
		double all = 0;

		for (i = 0; i < f->n_queries; i++) {
			all += f->queries[i].weight;
		}
		w->q_per_record = xcalloc(f->n_queries, sizeof(double));
		w->q_sent = xcalloc(f->n_queries, sizeof(uint64_t));
		for (i = 0; i < f->n_queries; i++) {
			w->q_per_record[i] = f->queries[i].weight / (1 - all);
		}
	}
}

/* A query the records so far owe (see wl_file_next), into op; 0 when
   none is owed. */
static int file_query(struct pk_workload *w, struct pk_op *op)
{
	size_t i;

	if (!w->q_sent || w->n_items == 0) {
		return 0;
	}
	for (i = 0; i < w->file->n_queries; i++) {
		uint64_t owed = (uint64_t)floor_robust((double)w->n_items *
						       w->q_per_record[i]);

		if (w->q_sent[i] >= owed) {
			continue;
		}
		w->q_sent[i]++;
		memset(op, 0, sizeof(*op));
		op->t_ms = w->arr[w->n_items - 1].t_ms;
		op->kind = PK_OP_QUERY;
		/* the filter's values: those of a record already sent */
		op->item = rng_below(&w->rng, w->n_items);
		op->query = (uint32_t)i;
		op->phase = w->sc->n_phases ? (uint32_t)w->phase : 0;
		op->seq = w->seq++;
		return 1;
	}
	return 0;
}

/*
 * The next operation of a file-backed stream (see the file header): the
 * next record's create, or first a query the records so far owe. After
 * record r (1-based) query i has been sent floor(r x share_i / (1 - all
 * shares)) times, each at record r's arrival time: N records with shares
 * summing to Q give N x Q / (1 - Q) queries, a share Q of all operations.
 */
int wl_file_next(struct pk_workload *w, struct pk_op *op)
{
	const struct pk_wl_arrival *a;
	size_t n_phases = w->sc->n_phases;

	if (w->file->monitor) {
		return wl_monitor_next(w, op);
	}
	if (file_query(w, op)) {
		return 1;
	}
	if (w->n_items >= w->n_arr) {
		return 0;
	}
	a = &w->arr[w->n_items];
	/* the phase in effect at t_ms: the last one started by then */
	while (w->phase + 1 < n_phases &&
	       w->phases[w->phase + 1].start_ms <= a->t_ms) {
		wl_phase_enter(w, w->phase + 1);
	}
	memset(op, 0, sizeof(*op));
	op->t_ms = a->t_ms;
	op->kind = PK_OP_CREATE;
	op->item = w->n_items;
	op->size_bytes = wl_file_size(w, a->rec);
	op->phase = n_phases ? (uint32_t)w->phase : 0;
	op->seq = w->seq++;
	w->n_items++;
	return 1;
}

/* The serialized size of an empty record, {} */
#define PK_WL_EMPTY_RECORD_BYTES 2

/* size serialized bytes with the id wl_file_value gives a record
   without one, as the service stores it */
static uint32_t with_new_id(uint32_t size)
{
	uint32_t add = PK_WORKLOAD_FILE_ID_BYTES +
		       (size > PK_WL_EMPTY_RECORD_BYTES ? 1 : 0);

	return size > UINT32_MAX - add ? UINT32_MAX : size + add;
}

/* workload_record_size, with id_path = trace_path_id(f->trace, "/id"). */
static uint32_t record_size(const struct pk_items_file *f, size_t rec,
			    long id_path)
{
	uint32_t size;
	struct pk_value id;

	if (f->size_bytes) {
		return (uint32_t)f->size_bytes;
	}
	size = trace_size_bytes(f->trace, rec);
	if (trace_value_id(f->trace, rec, id_path, &id, NULL, 0) !=
		PK_TRACE_OK ||
	    id.type != PK_VALUE_UNDEFINED) {
		return size; /* it has an id (or an object there: no new one) */
	}
	return with_new_id(size);
}

uint32_t workload_record_size(const struct pk_items_file *f, size_t rec)
{
	return record_size(f, rec, trace_path_id(f->trace, "/id"));
}

int workload_item_ddb_size(const struct pk_workload *w, uint64_t item,
			   uint32_t *size)
{
	if (!w->file || w->file->monitor || w->file->size_bytes ||
	    item >= w->n_items) {
		return 0;
	}
	*size = trace_ddb_size_bytes(w->file->trace, w->arr[item].rec);
	return 1;
}

uint32_t wl_file_size(const struct pk_workload *w, size_t rec)
{
	if (!w->file->size_bytes && !w->file_has_ids) {
		/* no record has an id: each gets one */
		return with_new_id(trace_size_bytes(w->file->trace, rec));
	}
	return record_size(w->file, rec, w->id_path);
}

/* workload_value for items from a data file (workload.h). */
int wl_file_value(const struct pk_workload *w, uint64_t item, int prop,
		  struct pk_value *out, char *buf, size_t cap)
{
	if (w->file->monitor) {
		return wl_monitor_value(w, item, prop, out, buf, cap);
	}
	if (item >= w->n_items || prop < 0 || (size_t)prop >= w->paths->n ||
	    cap == 0) {
		return -1;
	}
	if (trace_value_id(w->file->trace, w->arr[item].rec, w->paths->id[prop],
			   out, NULL, 0) == PK_TRACE_NOT_SCALAR) {
		memset(out, 0, sizeof(*out));
		out->type = PK_VALUE_UNDEFINED;
		return PK_WORKLOAD_NOT_SCALAR;
	}
	if (out->type == PK_VALUE_UNDEFINED && prop == w->paths->id_prop) {
		/* a record without an id gets one, as import tools add a
		   GUID: this one from its record number (workload.h) */
		int n = snprintf(buf, cap, PK_WORKLOAD_FILE_ID_FMT,
				 (unsigned long long)w->arr[item].rec + 1);

		out->type = PK_VALUE_STRING;
		out->str = buf;
		out->len = n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
		return 0;
	}
	if (out->type == PK_VALUE_STRING) {
		/* an empty string may point nowhere: copy nothing then */
		out->len = out->len ? copy_str(buf, cap, out->str, out->len)
				    : copy_str(buf, cap, "", 0);
		out->str = buf;
	}
	return 0;
}

/* --- whether the records' ids can meet ------------------------------------ */

/* Characters of a generated id (PK_WORKLOAD_FILE_ID_FMT) */
#define WL_FILE_ID_LEN 36

/* A 64-bit hash of s[0..len): FNV-1a, then splitmix64's finalizer, so
   every bit depends on every byte. */
static uint64_t id_hash(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	}
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
	return h ^ (h >> 31);
}

/* The explicit id of used record pos (arrival order): 1 and *s, *len
   when it is a string, 0 when it has none (workload_value gives it the
   GUID), -1 when it is anything else. */
static int file_id(const struct pk_workload *w, size_t pos, const char **s,
		   size_t *len)
{
	struct pk_value v;

	if (trace_value_id(w->file->trace, w->arr[pos].rec, w->id_path, &v,
			   NULL, 0) != PK_TRACE_OK) {
		return -1;
	}
	if (v.type == PK_VALUE_UNDEFINED) {
		return 0;
	}
	if (v.type != PK_VALUE_STRING) {
		return -1;
	}
	*s = v.str;
	*len = v.len;
	return 1;
}

/*
 * workload_file_ids_distinct's pass (workload.h): 1 or 0. The explicit
 * ids' 64-bit hashes are sorted (sequential passes: a hash table of a
 * million ids was a cache miss an id) and two equal hashes answer 0, a
 * repeat or (for n ids, with odds about n^2 / 2^65) two ids that share
 * a hash: tracking ids is then what the run does, exact either way.
 */
static int ids_distinct(const struct pk_workload *w, size_t max_bytes)
{
	static const char guid[] = PK_WORKLOAD_FILE_ID_FMT;
	/* the GUID's fixed part, up to its conversion */
	size_t guid_fixed = (size_t)(strchr(guid, '%') - guid);
	uint64_t *h;
	size_t i, m = 0, len;
	const char *s;
	int rc, ok = 1, some_generated = 0, some_guid_shaped = 0;

	h = xcalloc(w->n_arr ? w->n_arr : 1, sizeof(*h));
	for (i = 0; i < w->n_arr; i++) {
		rc = file_id(w, i, &s, &len);
		if (rc == 0) {
			some_generated = 1;
			continue;
		}
		if (rc < 0 || len > max_bytes || memchr(s, '/', len) ||
		    memchr(s, '\\', len)) {
			ok = 0;
			break;
		}
		if (len == WL_FILE_ID_LEN && memcmp(s, guid, guid_fixed) == 0) {
			some_guid_shaped = 1;
		}
		h[m++] = id_hash(s, len);
	}
	if (ok && m > 1) {
		sort_u64(h, m);
		for (i = 1; ok && i < m; i++) {
			ok = h[i] != h[i - 1];
		}
	}
	free(h);
	return ok && !(some_generated && some_guid_shaped);
}

int workload_file_ids_distinct(struct pk_workload *w, size_t max_bytes)
{
	if (!w->file || w->file->monitor) {
		return 0;
	}
	if (!w->ids_distinct) {
		w->ids_distinct = 1 + ids_distinct(w, max_bytes);
	}
	return w->ids_distinct - 1;
}

int workload_file_ids_known_distinct(const struct pk_workload *w)
{
	return w->ids_distinct == 2;
}

int64_t workload_data_epoch_ms(const struct pk_workload *w)
{
	const struct pk_items_file *f = w->file;

	return f && !f->monitor && f->from == PK_FROM_TIME_FIELD
		   ? w->file_earliest_ms
		   : 0;
}

int64_t workload_item_data_ms(const struct pk_workload *w, uint64_t item)
{
	const struct pk_items_file *f = w->file;
	int64_t t = 0;
	struct pk_diag d;

	if (f && !f->monitor && f->from == PK_FROM_TIME_FIELD &&
	    item < w->n_arr) {
		diag_init(&d);
		if (trace_time_ms(f->trace, w->arr[item].rec, f->time_field, &t,
				  &d) < 0) {
			PK_BUG("workload: record %zu has no valid time field",
			       w->arr[item].rec);
		}
		diag_free(&d);
		return t - w->file_earliest_ms;
	}
	if (f && item < w->n_arr) {
		return w->arr[item].t_ms;
	}
	if (!w->keep_created) {
		PK_BUG("workload: item %llu's creation time is not kept",
		       (unsigned long long)item);
	}
	return item < w->n_items ? w->created_ms[item] : 0;
}
