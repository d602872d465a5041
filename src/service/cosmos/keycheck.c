/*
 * keycheck: the properties a partition key reads, looked for among the
 * items before a run (keycheck.h).
 */
#include "pksim/service/cosmos/keycheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/suggest.h"
#include "pksim/load/itemprops.h"
#include "pksim/load/monitor.h"
#include "pksim/load/trace.h"

/* Records of a data file without at least one of k's properties, and
   (in *objects, with the first such path in *obj_path) records holding an
   object or array at one of them, which no partition key value can be. */
static uint64_t file_missing(const struct pk_pkey *k,
			     const struct pk_scenario *sc, uint64_t items,
			     uint64_t *objects, const char **obj_path)
{
	const struct pk_trace *t = sc->items_file->trace;
	struct pk_value v;
	uint64_t i, missing = 0;
	size_t r;
	int rc;

	*objects = 0;
	for (i = 0; i < items; i++) {
		for (r = 0; r < k->n_refs; r++) {
			if (strcmp(k->refs[r], "/id") == 0) {
				continue; /* always present (workload.h) */
			}
			rc = trace_value(t, (size_t)i, k->refs[r], &v, NULL, 0);
			if (rc == PK_TRACE_OK && v.type == PK_VALUE_UNDEFINED) {
				missing++;
				break;
			}
			if (rc == PK_TRACE_NOT_SCALAR) {
				if ((*objects)++ == 0) {
					*obj_path = k->refs[r];
				}
				break;
			}
		}
	}
	return missing;
}

/* Error: no used record holds a value the key can use at obj_path (each
   has an object or array there, or nothing). */
static void object_error(const struct pk_pkey *k,
			 const struct pk_container_spec *cs,
			 const struct pk_scenario *sc,
			 const struct pk_itemprops *ps, uint64_t objects,
			 const char *obj_path, struct pk_diag *diag)
{
	const struct pk_key_spec *ks = &cs->key;
	char *where = ks->line > 0 ? xstrdup(sc->file)
				   : xasprintf("--key '%s'", cs->partition_key);
	const char *inside = itemprops_inside(ps, obj_path);
	char *hint =
	    inside ? xasprintf("; did you mean %s?", inside) : xstrdup("");
	char a[32], b[32];

	diag_error(diag, where, ks->line, ks->col,
		   "partition key %s matches no item: %s of %s items hold an "
		   "object or array at %s%s, and a partition key value must "
		   "be a string, number, boolean or null%s",
		   k->text, fmt_thousands((int64_t)objects, a),
		   fmt_thousands((int64_t)ps->items, b), obj_path,
		   objects < ps->items ? " and the others nothing" : "", hint);
	free(hint);
	free(where);
}

static void absent_error(const struct pk_pkey *k,
			 const struct pk_container_spec *cs,
			 const struct pk_scenario *sc, struct pk_itemprops *ps,
			 const char *path, struct pk_diag *diag)
{
	const struct pk_key_spec *ks = &cs->key;
	char *where = ks->line > 0 ? xstrdup(sc->file)
				   : xasprintf("--key '%s'", cs->partition_key);
	char *key = ks->kind == PK_KEY_SYNTHETIC
			? xasprintf("partition key '%s'", k->text)
			: xasprintf("partition key %s", k->text);
	const char *near = itemprops_nearest(ps, path);
	char *hint = near ? xasprintf("; did you mean %s?", near) : xstrdup("");
	char *list;
	char num[32];

	if (ps->from_file) {
		diag_error(diag, where, ks->line, ks->col,
			   "%s matches no item: 0 of %s items have %s%s", key,
			   fmt_thousands((int64_t)ps->items, num), path, hint);
	} else {
		diag_error(diag, where, ks->line, ks->col,
			   "%s matches no item: the items section generates "
			   "no property %s%s",
			   key, path, hint);
	}
	list = itemprops_list(ps);
	diag_note(diag,
		  "the items have %s; to study the undefined logical "
		  "partition on purpose, set allow_undefined_key: true in "
		  "the container (or pass --allow-undefined-key)",
		  ps->n ? list : "no properties");
	free(list);
	free(hint);
	free(key);
	free(where);
}

/* 1 if a and b name the same key (kind and paths). */
static int same_key(const struct pk_key_spec *a, const struct pk_key_spec *b)
{
	size_t i;

	if (a->kind != b->kind || a->n_paths != b->n_paths) {
		return 0;
	}
	for (i = 0; i < a->n_paths; i++) {
		if (strcmp(a->paths[i], b->paths[i]) != 0) {
			return 0;
		}
	}
	return 1;
}

/* A monitor log (monitor.h) holds key values only: cs must have the key
   the log was loaded for (the first variant's; the loader checks the
   scenario's own variants, this a variant added later, such as --key).
   The rows with an undefined component are the "missing" ones. */
static int keycheck_monitor(const struct pk_container_spec *cs,
			    const struct pk_scenario *sc,
			    struct pk_keycheck *out, struct pk_diag *diag)
{
	const struct pk_monitor_log *m = sc->items_file->monitor;
	const struct pk_container_spec *first = &sc->variants[0];
	const struct pk_key_spec *ks = &cs->key;
	struct pk_value v;
	size_t r, l;

	out->from_file = 1;
	out->items = m->n_rows;
	if (!same_key(ks, &first->key)) {
		char *where = ks->line > 0
				  ? xstrdup(sc->file)
				  : xasprintf("--key '%s'", cs->partition_key);

		diag_error(diag, where, ks->line, ks->col,
			   "partition key %s cannot be replayed: the monitor "
			   "log records each request's key value under %s "
			   "and nothing else of the items, so the log cannot "
			   "be re-keyed",
			   cs->partition_key, first->partition_key);
		free(where);
		return -1;
	}
	for (r = 0; r < m->n_rows; r++) {
		for (l = 0; l < m->levels; l++) {
			monitor_value(m, r, l, &v);
			if (v.type == PK_VALUE_UNDEFINED) {
				out->missing++;
				break;
			}
		}
	}
	out->absent = m->n_rows > 0 && out->missing == m->n_rows;
	return 0;
}

/* 1 if stream st of sc creates items (some phase's mix creates,
   upserts or batches) */
static int stream_creates(const struct pk_scenario *sc,
			  const struct pk_stream_spec *st)
{
	size_t i;

	for (i = st->phase_first; i < st->phase_first + st->n_phases; i++) {
		const double *m = sc->phases[i].mix;

		if (m[PK_OP_CREATE] > 0 || m[PK_OP_UPSERT] > 0 ||
		    m[PK_OP_BATCH] > 0) {
			return 1;
		}
	}
	return 0;
}

/* Several streams (scenario `streams:`): a stream that creates items
   without a property key k reads would put every one of them in the
   undefined logical partition. An error, as for one stream, unless cs
   allows an undefined key; 0 or -1. */
static int streams_check(const struct pk_pkey *k,
			 const struct pk_container_spec *cs,
			 const struct pk_scenario *sc, struct pk_diag *diag)
{
	size_t s, r, i;

	for (s = 0; s < sc->n_streams && !cs->allow_undefined_key; s++) {
		const struct pk_stream_spec *st = &sc->streams[s];

		if (!stream_creates(sc, st)) {
			continue;
		}
		for (r = 0; r < k->n_refs; r++) {
			int have = strcmp(k->refs[r], "/id") == 0;

			for (i = st->prop_first;
			     !have && i < st->prop_first + st->n_props; i++) {
				have =
				    strcmp(sc->props[i].path, k->refs[r]) == 0;
			}
			if (have) {
				continue;
			}
			diag_error(diag, sc->file, st->line, st->col,
				   "stream '%.*s' creates items without %s, "
				   "which partition key %s reads: they would "
				   "all go to the undefined logical partition; "
				   "give the stream's items a generator for "
				   "%s, or set allow_undefined_key: true in "
				   "the container",
				   64, st->name, k->refs[r], k->text,
				   k->refs[r]);
			return -1;
		}
	}
	return 0;
}

int keycheck_run(const struct pk_pkey *k, const struct pk_container_spec *cs,
		 const struct pk_scenario *sc, struct pk_keycheck *out,
		 struct pk_diag *diag)
{
	struct pk_itemprops ps;
	size_t r;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (sc->items_file && sc->items_file->monitor) {
		return keycheck_monitor(cs, sc, out, diag);
	}
	itemprops_collect(sc, &ps);
	out->from_file = ps.from_file;
	out->items = ps.items;
	for (r = 0; r < k->n_refs; r++) {
		if (itemprops_have(&ps, k->refs[r]) ||
		    (ps.from_file && ps.items == 0)) {
			continue;
		}
		out->absent = 1;
		if (!cs->allow_undefined_key) {
			absent_error(k, cs, sc, &ps, k->refs[r], diag);
			rc = -1;
		}
		break;
	}
	if (rc == 0 && !ps.from_file && !out->absent && sc->n_streams > 1) {
		rc = streams_check(k, cs, sc, diag);
	}
	if (rc == 0 && ps.from_file && out->absent) {
		out->missing = ps.items;
	} else if (rc == 0 && ps.from_file) {
		uint64_t objects;
		const char *obj_path = NULL;

		out->missing =
		    file_missing(k, sc, ps.items, &objects, &obj_path);
		if (objects > 0 && out->missing + objects == ps.items) {
			object_error(k, cs, sc, &ps, objects, obj_path, diag);
			rc = -1;
		}
	}
	itemprops_free(&ps);
	return rc;
}

int keycheck_json_item(const struct pk_pkey *k, const void *obj,
		       const char **path)
{
	char buf[PK_VALUE_MAX_BYTES];
	struct pk_value v;
	size_t r;

	for (r = 0; r < k->n_refs; r++) {
		if (trace_json_value(obj, k->refs[r], &v, buf, sizeof(buf)) ==
			0 &&
		    v.type == PK_VALUE_UNDEFINED) {
			*path = k->refs[r];
			return 1;
		}
	}
	return 0;
}
