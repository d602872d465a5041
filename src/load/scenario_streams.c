/*
 * scenario_streams: `streams:`, several workloads that run at the same
 * time against the container and its variants.
 *
 * Each stream is read as the top level of a one-stream scenario is: its
 * `items:` (generated properties; /id added when it has none), `phases:`
 * and `client:`, with s->props and s->phases holding only that stream's
 * while it is read, so every check that looks at them (a query's
 * property, the ttl property, the phases' minimums) sees that stream
 * alone. Then the stream's properties and phases are appended to the
 * scenario's, and the stream records its slices. Container-level keys
 * (container, variants, cost, preload, clock, seed, expect) stay at the
 * top. Phase actions (throughput, autoscale_max, throughput_policy,
 * redistribute, merge) may be in any stream's phases: each happens at
 * its phase's start on that stream's timeline, all of them on the
 * container's one timeline in time order (sim_actions_order).
 */
#include "loader.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* Accumulated properties and phases of the streams read so far. */
struct acc {
	struct pk_prop_spec *props;
	size_t n_props, cap_props;
	struct pk_phase_spec *phases;
	size_t n_phases, cap_phases;
};

/* Appends k elements of size bytes from src to the array *dst of *n
   (capacity *cap), growing it. */
static void append(void **dst, size_t *n, size_t *cap, const void *src,
		   size_t k, size_t size)
{
	mem_grow(dst, cap, *n + k, size);
	if (k) {
		memcpy((char *)*dst + *n * size, src, k * size);
	}
	*n += k;
}

/* Read stream i (mapping m) into s's stream i, its properties and
   phases appended to a. */
static void load_stream(struct ld *ld, const struct yn *m, size_t i,
			struct acc *a)
{
	static const char *const keys[] = {"name", "items", "phases", "client",
					   NULL};
	struct pk_scenario *s = ld->s;
	struct pk_stream_spec *st = &s->streams[i];
	const struct yn *n;
	size_t k;

	st->line = m->line;
	st->col = m->col;
	ld_client_defaults(&st->client);
	ld_check_keys(ld, m, keys, "in a stream");
	if ((n = yn_get(m, "name"))) {
		ld_get_string(ld, n, "name", 0, &st->name);
		if (st->name && st->name[0] &&
		    (isspace((unsigned char)st->name[0]) ||
		     isspace((unsigned char)st->name[strlen(st->name) - 1]))) {
			/* 'a' and 'a ' would read as one name in a table */
			ld_err(
			    ld, n,
			    "stream name '%.*s' starts or ends with a space; "
			    "write the name without leading or trailing "
			    "spaces",
			    PK_SCENARIO_QUOTE_BYTES, st->name);
		}
		for (k = 0; st->name && k < i; k++) {
			if (s->streams[k].name &&
			    strcmp(s->streams[k].name, st->name) == 0) {
				ld_err(ld, n,
				       "stream name '%.*s' is given twice "
				       "(also at line %d); each stream needs "
				       "its own name",
				       PK_SCENARIO_QUOTE_BYTES, st->name,
				       s->streams[k].line);
			}
		}
	}
	if (!st->name) {
		st->name = xasprintf("stream-%zu", i + 1);
	}
	/* the stream alone in s while it is read */
	s->props = NULL;
	s->n_props = 0;
	ld->cap_props = 0;
	s->phases = NULL;
	s->n_phases = 0;
	ld->client = &st->client;
	if ((n = yn_get(m, "client")) &&
	    ld_need_kind(ld, n, YN_MAP, "client", "a mapping {retries: ...}") ==
		0) {
		ld_load_client(ld, n);
	}
	if ((n = yn_get(m, "items")) &&
	    ld_need_kind(ld, n, YN_MAP, "items",
			 "a mapping of property name to generator") == 0) {
		if (ld_is_items_file(n)) {
			ld_err(ld, n,
			       "a stream's items are generated (property: "
			       "generator); a data file (items: {file: ...}) "
			       "is a workload of its own: give it at the top "
			       "level, without streams");
		} else {
			ld_load_props(ld, n, "");
			ld_check_ttl_prop(ld);
		}
	}
	if (!scenario_find_prop(s, "/id")) {
		struct yn at = {.line = 0, .col = 0};
		struct pk_prop_spec *p = ld_prop_add(ld, "/id", &at);

		p->kind = PK_GEN_UNIQUE;
		free(p->prefix);
		p->prefix = xstrdup("item-");
	}
	if (!(n = yn_get(m, "phases"))) {
		ld_err(ld, m,
		       "stream '%.*s' has no phases; each stream needs "
		       "'phases' (a list of phases with duration and rate)",
		       PK_SCENARIO_QUOTE_BYTES, st->name);
	} else {
		ld_load_phases(ld, n);
		ld_check_phase_minimums(ld);
		ld_check_phase_actions(ld);
	}
	st->prop_first = a->n_props;
	st->n_props = s->n_props;
	st->phase_first = a->n_phases;
	st->n_phases = s->n_phases;
	append((void **)&a->props, &a->n_props, &a->cap_props, s->props,
	       s->n_props, sizeof(*a->props));
	append((void **)&a->phases, &a->n_phases, &a->cap_phases, s->phases,
	       s->n_phases, sizeof(*a->phases));
	free(s->props);
	free(s->phases);
	s->props = NULL;
	s->n_props = 0;
	s->phases = NULL;
	s->n_phases = 0;
	ld->client = NULL;
}

/* Whether n is items: {file: PATH} (a data file; a property named file
   is a map). */
static int data_file(const struct yn *n)
{
	const struct yn *f = n->kind == YN_MAP ? yn_get(n, "file") : NULL;

	return f && f->kind == YN_SCALAR;
}

void ld_load_streams(struct ld *ld, const struct yn *root, const struct yn *n)
{
	static const char *const beside[] = {"items", "phases", "client",
					     "monitor_log", NULL};
	struct pk_scenario *s = ld->s;
	struct acc a;
	const struct yn *b;
	size_t i;

	for (i = 0; beside[i]; i++) {
		if (!(b = yn_get(root, beside[i]))) {
			continue;
		}
		if (strcmp(beside[i], "monitor_log") == 0 || data_file(b)) {
			/* a stream refuses both: streams generate their items
			 */
			ld_err(ld, b,
			       "%s cannot be used with 'streams': streams "
			       "generate their items (items: {PROPERTY: "
			       "{values: ...}}) and phases; remove 'streams' "
			       "to replay a data file or monitor log",
			       strcmp(beside[i], "items") == 0
				   ? "a data file (items: {file: ...})"
				   : "a monitor log (monitor_log)");
		} else {
			ld_err(ld, b,
			       "'%s' cannot stand beside 'streams': each "
			       "stream has its own items, phases and client; "
			       "move it into a stream",
			       beside[i]);
		}
	}
	if (ld_need_kind(ld, n, YN_SEQ, "streams",
			 "a list of streams (- name: NAME, items: ..., "
			 "phases: ..., client: ...)") < 0) {
		return;
	}
	if (n->n_kids == 0 || n->n_kids > PK_MAX_STREAMS) {
		ld_err(ld, n,
		       "streams lists %zu stream%s; give 1 to %d (each a "
		       "mapping with name, items, phases and client)",
		       n->n_kids, n->n_kids == 1 ? "" : "s", PK_MAX_STREAMS);
		return;
	}
	memset(&a, 0, sizeof(a));
	for (i = 0; i < s->n_streams; i++) {
		free(s->streams[i].name);
	}
	free(s->streams);
	s->streams = xcalloc(n->n_kids, sizeof(*s->streams));
	s->n_streams = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		if (ld_need_kind(ld, n->kids[i], YN_MAP, "a stream",
				 "a mapping with name, items, phases and "
				 "client") < 0) {
			ld_client_defaults(&s->streams[i].client);
			s->streams[i].name = xasprintf("stream-%zu", i + 1);
			s->streams[i].prop_first = a.n_props;
			s->streams[i].phase_first = a.n_phases;
			continue;
		}
		load_stream(ld, n->kids[i], i, &a);
	}
	s->props = a.props;
	s->n_props = a.n_props;
	ld->cap_props = a.cap_props;
	s->phases = a.phases;
	s->n_phases = a.n_phases;
}

const struct pk_stream_spec *
scenario_stream_of_phase(const struct pk_scenario *s, size_t phase)
{
	size_t i;

	for (i = s->n_streams; i-- > 0;) {
		if (phase >= s->streams[i].phase_first) {
			return &s->streams[i];
		}
	}
	return &s->streams[0];
}
