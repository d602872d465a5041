/*
 * scenario_phases: `phases:` (duration, rate (scenario_rate.c), arrival, ops,
 * item size, select, throughput, batch, redistribute, merge) and the
 * cross-check that needs the containers and every phase: the minimum RU/s a
 * phase may set (rule 8); the checks against each variant are in
 * scenario_phase_fit.c.
 */
#include "loader.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/service/cosmos/spec.h"
#include "pksim/service/dynamodb/spec.h"

/* Op mix fractions must sum to 1 within this tolerance. */
#define PK_SCENARIO_MIX_TOLERANCE 1e-6

const char ld_size_range[] =
    "between 1 byte and 2 MB (2097152 bytes), the item size limit";

/* The local secondary indexes of projection all of t whose sort key
   the items read so far have (the scenario's, or the stream being
   read): each holds a copy of the item, which counts in the item's 400
   KiB with it (D2, D18; docs/dynamodb.md: "an item and its projections
   must fit in 400 KiB"); keys_only ones count none (ASSUMPTION, as
   ddb_lsi.c counts their bytes) */
static uint64_t lsi_copies(const struct ld *ld,
			   const struct pk_ddb_table_spec *t)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < t->n_lsis; i++) {
		/* an index refused for a missing sort key (said at its
		   line) copies nothing */
		if (!t->lsis[i].keys_only && t->lsis[i].sort_key &&
		    scenario_find_prop(ld->s, t->lsis[i].sort_key)) {
			n++;
		}
	}
	return n;
}

/* Every item of size z (fixed, or a uniform's minimum) over DynamoDB's
   400 KB item limit (D2) where a variant is a table, alone or with the
   copies its local indexes of projection all hold: each write would be
   a 400 it cannot mean. A distribution that only reaches past it is
   run, its oversize writes refused and counted (ValidationException). */
static void ddb_item_size(struct ld *ld, const struct yn *n,
			  const struct pk_size_spec *z)
{
	uint64_t least = z->kind == PK_SIZE_FIXED     ? z->bytes
			 : z->kind == PK_SIZE_UNIFORM ? z->min_bytes
						      : 0;
	size_t v;

	if (least > PK_DDB_ITEM_MAX_BYTES && ld_any_table(ld->s)) {
		ld_err(ld, n,
		       "item_size is over DynamoDB's item limit of 400 KiB "
		       "(409,600 bytes, attribute names included): every "
		       "write would be refused; give at most 400KB");
		return;
	}
	for (v = 0; least > 0 && v < ld->s->n_variants; v++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(ld->s, &ld->s->variants[v]);
		const uint64_t k = t ? lsi_copies(ld, t) : 0;

		if (k > 0 && least * (k + 1) > PK_DDB_ITEM_MAX_BYTES) {
			char a[PK_FMT_BYTES], b[PK_FMT_BYTES],
			    most[PK_FMT_BYTES];

			ld_err(ld, n,
			       "item_size is over DynamoDB's item limit with "
			       "its local index projections: an item and its "
			       "projections must fit in 400 KiB (409,600 "
			       "bytes, D2), and table '%s' has %llu local "
			       "secondary index%s of projection all whose "
			       "sort key the items have, so each write "
			       "makes %s x %llu = %s bytes and would be "
			       "refused; give at most %s bytes, or project "
			       "the index%s keys_only",
			       t->name ? t->name : t->partition_key,
			       (unsigned long long)k, k > 1 ? "es" : "",
			       fmt_thousands((int64_t)least, a),
			       (unsigned long long)(k + 1),
			       fmt_thousands((int64_t)(least * (k + 1)), b),
			       fmt_thousands(
				   (int64_t)(PK_DDB_ITEM_MAX_BYTES / (k + 1)),
				   most),
			       k > 1 ? "es" : "");
			return;
		}
	}
}

static void load_item_size(struct ld *ld, const struct yn *n,
			   struct pk_size_spec *z)
{
	static const char *const keys[] = {"uniform", "normal", NULL};
	static const char *const normal_keys[] = {"mean", "stddev", NULL};
	const struct yn *u, *nm, *x;
	uint64_t v;

	if (n->kind == YN_SCALAR) {
		z->kind = PK_SIZE_FIXED;
		if (ld_get_size(ld, n, "item_size", 1, PK_MAX_ITEM_BYTES,
				ld_size_range, &z->bytes) == 0) {
			ddb_item_size(ld, n, z);
		}
		return;
	}
	if (n->kind != YN_MAP || yn_pairs(n) != 1) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, n,
		       "item_size must be a size (1KB), {uniform: [MIN, "
		       "MAX]} or {normal: {mean: M, stddev: S}} (got %s)",
		       yn_desc(n, buf, sizeof(buf)));
		return;
	}
	ld_check_keys(ld, n, keys, "in item_size");
	if ((u = yn_get(n, "uniform"))) {
		z->kind = PK_SIZE_UNIFORM;
		if (u->kind != YN_SEQ || u->n_kids != 2) {
			char buf[PK_YN_DESC_BYTES];

			ld_err(ld, u,
			       "uniform must be a list of two sizes [MIN, "
			       "MAX] (got %s)",
			       yn_desc(u, buf, sizeof(buf)));
			return;
		}
		if (ld_get_size(ld, u->kids[0], "uniform minimum", 1,
				PK_MAX_ITEM_BYTES, ld_size_range,
				&z->min_bytes) == 0 &&
		    ld_get_size(ld, u->kids[1], "uniform maximum", 1,
				PK_MAX_ITEM_BYTES, ld_size_range,
				&z->max_bytes) == 0 &&
		    z->min_bytes > z->max_bytes) {
			ld_err(ld, u,
			       "uniform minimum (%llu bytes) is greater "
			       "than maximum (%llu bytes)",
			       (unsigned long long)z->min_bytes,
			       (unsigned long long)z->max_bytes);
		} else {
			ddb_item_size(ld, u->kids[0], z);
		}
	} else if ((nm = yn_get(n, "normal"))) {
		z->kind = PK_SIZE_NORMAL;
		if (ld_need_kind(ld, nm, YN_MAP, "normal",
				 "a mapping {mean: SIZE, stddev: SIZE}") < 0) {
			return;
		}
		ld_check_keys(ld, nm, normal_keys, "in item_size normal");
		x = yn_get(nm, "mean");
		if (!x) {
			ld_err(ld, nm, "missing required key 'mean' in normal");
		} else if (ld_get_size(ld, x, "mean", 1, PK_MAX_ITEM_BYTES,
				       ld_size_range, &v) == 0) {
			z->mean_bytes = (double)v;
		}
		x = yn_get(nm, "stddev");
		if (!x) {
			ld_err(ld, nm,
			       "missing required key 'stddev' in normal");
		} else if (ld_get_size(ld, x, "stddev", 0, PK_MAX_ITEM_BYTES,
				       "between 0 and 2 MB", &v) == 0) {
			z->stddev_bytes = (double)v;
		}
	}
}

static void load_ops(struct ld *ld, const struct yn *m, double *mix)
{
	static const char *const ops[] = {
	    "create", "upsert", "read",	     "replace", "delete",
	    "query",  "batch",	"batch_get", NULL,
	};
	double sum = 0;
	int bad = 0;
	size_t i;

	if (ld_need_kind(
		ld, m, YN_MAP, "ops",
		"a mapping of operation to fraction, e.g. {create: 0.8, "
		"read: 0.2}") < 0) {
		return;
	}
	for (i = 0; i < PK_OP_KINDS; i++) {
		mix[i] = 0;
	}
	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);

		if (!ld_word_in(k->text, ops)) {
			ld_err_unknown(ld, k, "operation", k->text, "in ops",
				       ops);
			bad = 1;
		}
	}
	for (i = 0; ops[i]; i++) {
		const struct yn *n = yn_get(m, ops[i]);

		if (n &&
		    ld_get_number(ld, n, ops[i], 0, 0, 1, 0,
				  "a fraction between 0 and 1", &mix[i]) < 0) {
			bad = 1;
		}
		sum += mix[i];
	}
	if (!bad && fabs(sum - 1) > PK_SCENARIO_MIX_TOLERANCE) {
		ld_err(ld, m, "ops fractions must sum to 1 (got %g)", sum);
	}
}

/* Keys of a phase that generate operations: with items from a file the
   operations come from the file, so these are errors there. */
static const char *const generator_phase_keys[] = {
    "rate",	    "arrival",	 "ops",	       "item_size", "select",
    "queries",	    "batch",	 "upsert_new", "priority",  "throughput_bucket",
    "suffix_reads", "batch_get", NULL,
};

/* With items from a file: report every key of phase m that generates
   operations (rate, ops, ...). */
static void file_phase_keys(struct ld *ld, const struct yn *m,
			    const char *where)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);

		if (ld_word_in(k->text, generator_phase_keys) &&
		    ld->s->items_file->from == PK_FROM_MONITOR) {
			ld_err(ld, k,
			       "'%s' does not apply %s: the requests of a "
			       "monitor log (monitor_log) come from its rows; "
			       "a phase only sets throughput (and its "
			       "redistribute, merge, autoscale_max) for its "
			       "duration",
			       k->text, where);
		} else if (ld_word_in(k->text, generator_phase_keys)) {
			ld_err(
			    ld, k,
			    "'%s' does not apply %s: with items from a file "
			    "(items.file) every record is one create and its "
			    "arrival comes from items; a phase only sets "
			    "throughput for its duration",
			    k->text, where);
		}
	}
}

/* The `redistribute` mapping n: {RANGE_ID: RU/s, ...} (D-REDIST). */
static void load_redistribute(struct ld *ld, const struct yn *n,
			      struct pk_phase_spec *ph)
{
	char buf[PK_YN_DESC_BYTES];
	size_t i, j;

	if (ld_need_kind(ld, n, YN_MAP, "redistribute",
			 "a mapping of partition key range id to RU/s, e.g. "
			 "{\"0\": 2000, \"1\": 4000}") < 0) {
		return;
	}
	if (yn_pairs(n) == 0) {
		ld_err(ld, n,
		       "redistribute is empty; name at least one partition key "
		       "range and its RU/s");
		return;
	}
	ph->redistribute = xcalloc(yn_pairs(n), sizeof(*ph->redistribute));
	for (i = 0; i < yn_pairs(n); i++) {
		const struct yn *k = yn_key(n, i);
		struct pk_redist_spec *e =
		    &ph->redistribute[ph->n_redistribute];
		int64_t id;

		if (k->kind != YN_SCALAR || !units_int(k->text, &id) ||
		    id < 0 || id > UINT32_MAX) {
			ld_err(
			    ld, k,
			    "redistribute names partition key ranges by id, "
			    "a whole number >= 0 as the reports show it (got "
			    "%s)",
			    yn_desc(k, buf, sizeof(buf)));
			continue;
		}
		if (ld_get_int(
			ld, yn_val(n, i), "each RU/s in redistribute", 1,
			PK_REDIST_MAX_RU_PER_S,
			"a whole number of RU/s from 1 to 20,000 (D-REDIST: "
			"above 10,000 the range splits in two)",
			&e->ru_per_s) < 0) {
			continue;
		}
		for (j = 0; j < ph->n_redistribute; j++) {
			if (ph->redistribute[j].range_id == (uint32_t)id) {
				ld_err(ld, k,
				       "redistribute names range %lld twice",
				       (long long)id);
				break;
			}
		}
		if (j < ph->n_redistribute) {
			continue;
		}
		e->range_id = (uint32_t)id;
		e->line = k->line;
		e->col = k->col;
		ph->n_redistribute++;
	}
}

/* A phase's actions beyond throughput: `redistribute` or `merge`. */
static void load_phase_actions(struct ld *ld, const struct yn *m,
			       struct pk_phase_spec *ph)
{
	const struct yn *rn = yn_get(m, "redistribute");
	const struct yn *mn = yn_get(m, "merge");
	const struct yn *n;

	if (rn && mn) {
		ld_err(ld, mn,
		       "a phase may redistribute or merge, not both (a merge "
		       "re-divides RU/s evenly); use two phases");
		return;
	}
	if (rn) {
		ph->action_line = rn->line;
		ph->action_col = rn->col;
		load_redistribute(ld, rn, ph);
	}
	if ((n = yn_get(m, "throughput_policy"))) {
		if (n->kind == YN_SCALAR && strcmp(n->text, "equal") == 0) {
			ph->policy_equal = 1;
			ph->policy_line = n->line;
			ph->policy_col = n->col;
		} else {
			char buf[PK_YN_DESC_BYTES];

			ld_err(ld, n,
			       "throughput_policy must be equal (got %s): it "
			       "divides RU/s evenly again after a "
			       "redistribution, which makes the policy custom",
			       yn_desc(n, buf, sizeof(buf)));
		}
		if (rn) {
			ld_err(ld, n,
			       "a phase may redistribute or set "
			       "throughput_policy: equal, not both; use two "
			       "phases");
		}
	}
	if ((n = yn_get(m, "autoscale_max"))) {
		int64_t v;

		if (ld_get_int(ld, n, "autoscale_max", 1000, PK_MAX_RU_PER_S,
			       "a whole number of RU/s from 1,000 to "
			       "1,000,000, a multiple of 1,000",
			       &v) == 0) {
			if (v % 1000 != 0) {
				ld_err(ld, n,
				       "autoscale_max must be a multiple of "
				       "1,000 (got %lld); allowed: 1,000 to "
				       "1,000,000 in steps of 1,000",
				       (long long)v);
			} else {
				ph->autoscale_max_ru_per_s = v;
				ph->autoscale_max_line = n->line;
				ph->autoscale_max_col = n->col;
			}
		}
	}
	if (mn) {
		ph->action_line = mn->line;
		ph->action_col = mn->col;
		ld_get_int(
		    ld, mn, "merge", 1, UINT32_MAX,
		    "a whole number of physical partitions >= 1 to merge "
		    "down to",
		    &ph->merge_to);
	}
}

/* The `batch` mapping n of phase ph: {size: N, spanning: F}. Settings
   without ops.batch are allowed (and unused), like queries. */
static void load_batch(struct ld *ld, const struct yn *n,
		       struct pk_phase_spec *ph)
{
	static const char *const keys[] = {"size", "spanning", NULL};
	const struct yn *k;
	int64_t size;

	if (ld_need_kind(ld, n, YN_MAP, "batch",
			 "a mapping {size: N, spanning: F}") < 0) {
		return;
	}
	ld_check_keys(ld, n, keys, "in batch");
	if ((k = yn_get(n, "size")) &&
	    ld_get_int(ld, k, "batch size", 1, PK_MAX_BATCH_OPS,
		       "a whole number of operations from 1 to 100, the "
		       "service's limit per transactional batch",
		       &size) == 0) {
		ph->batch_size = (uint32_t)size;
	}
	if ((k = yn_get(n, "spanning"))) {
		ld_get_number(ld, k, "batch spanning", 0, 0, 1, 0,
			      "a fraction between 0 and 1",
			      &ph->batch_spanning);
	}
}

/* The `batch_get` mapping n of phase ph: {size: N}, the keys of each
   BatchGetItem (1 to 100, reference §14). Allowed without
   ops.batch_get (and unused), like batch. */
static void load_batch_get(struct ld *ld, const struct yn *n,
			   struct pk_phase_spec *ph)
{
	static const char *const keys[] = {"size", NULL};
	const struct yn *k;
	int64_t size;

	if (ld_need_kind(ld, n, YN_MAP, "batch_get", "a mapping {size: N}") <
	    0) {
		return;
	}
	ld_check_keys(ld, n, keys, "in batch_get");
	if ((k = yn_get(n, "size")) &&
	    ld_get_int(ld, k, "batch_get size", 1, PK_DDB_BATCH_GET_MAX,
		       "a whole number of keys from 1 to 100, DynamoDB's "
		       "limit per BatchGetItem",
		       &size) == 0) {
		ph->batch_get_size = (uint32_t)size;
	}
}

/* `suffix_reads` (rule 38): how a reader who cannot compute a random
   suffix finds a stored item, `in_list` (the default) or `fan_out` */
static void load_suffix_reads(struct ld *ld, const struct yn *m,
			      struct pk_phase_spec *ph)
{
	static const char *const ways[] = {"in_list", "fan_out", NULL};
	const struct yn *n = yn_get(m, "suffix_reads");

	if (!n) {
		return;
	}
	if (n->kind == YN_SCALAR && ld_word_in(n->text, ways)) {
		ph->suffix_fanout = strcmp(n->text, "fan_out") == 0;
	} else if (n->kind == YN_SCALAR) {
		ld_err_unknown(ld, n, "suffix_reads", n->text, "in phase",
			       ways);
	} else {
		ld_need_kind(ld, n, YN_SCALAR, "suffix_reads",
			     "in_list or fan_out (how a reader finds an item "
			     "under a random suffix)");
	}
}

/* A phase's request options (rules 30, 31): `priority` and
   `throughput_bucket`, what each of its requests is sent with. */
static void load_request_options(struct ld *ld, const struct yn *m,
				 struct pk_phase_spec *ph)
{
	static const char *const prios[] = {"high", "low", NULL};
	const struct yn *n;
	int64_t v;

	if (ld_cosmos_class_only(ld, m)) {
		load_suffix_reads(ld, m, ph);
		return;
	}
	if ((n = yn_get(m, "priority"))) {
		if (n->kind == YN_SCALAR && ld_word_in(n->text, prios)) {
			ph->req_priority = strcmp(n->text, "low") == 0
					       ? PK_REQ_LOW
					       : PK_REQ_HIGH;
		} else if (n->kind == YN_SCALAR) {
			ld_err_unknown(ld, n, "priority", n->text, "in phase",
				       prios);
		} else {
			ld_need_kind(ld, n, YN_SCALAR, "priority",
				     "high or low (each request's own)");
		}
	}
	n = yn_get(m, "throughput_bucket");
	if (n &&
	    ld_get_int(ld, n, "throughput_bucket", 1, PK_THROUGHPUT_BUCKETS,
		       "a bucket id from 1 to 5", &v) == 0) {
		ph->req_bucket = (int)v;
	}
	load_suffix_reads(ld, m, ph);
}

static void load_phase(struct ld *ld, const struct yn *m, size_t idx)
{
	static const char *const keys[] = {
	    "name",
	    "duration",
	    "rate",
	    "arrival",
	    "ops",
	    "item_size",
	    "select",
	    "throughput",
	    "queries",
	    "redistribute",
	    "merge",
	    "batch",
	    "batch_get",
	    "throughput_policy",
	    "autoscale_max",
	    "upsert_new",
	    "priority",
	    "throughput_bucket",
	    "suffix_reads",
	    "read_capacity_units",
	    "write_capacity_units",
	    "capacity",
	    NULL,
	};
	static const char *const arrivals[] = {"uniform", "poisson", NULL};
	struct pk_phase_spec *ph = &ld->s->phases[idx];
	const struct yn *n;
	char *where;

	ph->line = m->line;
	ph->col = m->col;
	n = yn_get(m, "name");
	if (n && n->kind == YN_SCALAR && n->len > 0) {
		ph->name = xstrdup(n->text);
	} else {
		if (n) {
			ld_get_string(ld, n, "name", 0, &ph->name);
		}
		ph->name = xasprintf("phase-%zu", idx + 1);
	}
	if (n) {
		where = xasprintf("in phase '%.*s'", PK_SCENARIO_QUOTE_BYTES,
				  ph->name);
	} else {
		where = xasprintf("in phase %zu", idx + 1);
	}
	ld_check_keys(ld, m, keys, where);
	n = yn_get(m, "duration");
	if (!n) {
		ld_err(ld, m, "missing required key 'duration' %s (e.g. 10m)",
		       where);
	} else {
		ld_get_duration(ld, n, "duration", 1, &ph->duration_ms);
	}
	if (ld->s->items_file) {
		file_phase_keys(ld, m, where);
		free(where);
		if ((n = yn_get(m, "throughput"))) {
			ld_get_int(ld, n, "throughput", 1, PK_MAX_RU_PER_S,
				   "a whole number of RU/s from 1 to 1,000,000 "
				   "(the service's limit per container)",
				   &ph->throughput_ru_per_s);
			ph->throughput_line = n->line;
			ph->throughput_col = n->col;
		}
		/* redistribute, merge, throughput_policy and autoscale_max
		   apply to a file's or a monitor log's requests as to
		   generated ones; a table's units too */
		load_phase_actions(ld, m, ph);
		ld_load_phase_units(ld, m, ph);
		return;
	}
	n = yn_get(m, "rate");
	if (!n) {
		ld_err(ld, m, "missing required key 'rate' %s (e.g. 2000/s)",
		       where);
	} else {
		ld_load_rate(ld, n, ph);
	}
	free(where);
	if ((n = yn_get(m, "arrival"))) {
		if (n->kind == YN_SCALAR && strcmp(n->text, "poisson") == 0) {
			ph->arrival = PK_ARRIVAL_POISSON;
		} else if (n->kind != YN_SCALAR ||
			   strcmp(n->text, "uniform") != 0) {
			ld_err_unknown(ld, n, "arrival", n->text, "in phase",
				       arrivals);
		}
	}
	if ((n = yn_get(m, "ops"))) {
		load_ops(ld, n, ph->mix);
	}
	if ((n = yn_get(m, "queries"))) {
		ld_load_queries(ld, n, ph);
	}
	if (ph->mix[PK_OP_QUERY] > 0 && ph->n_queries == 0) {
		n = yn_get(yn_get(m, "ops"), "query");
		ld_err(ld, n ? n : m,
		       "ops.query is %g but the phase lists no queries; add "
		       "queries: [{where: {deviceId: eq}}] or drop query from "
		       "ops",
		       ph->mix[PK_OP_QUERY]);
	}
	if ((n = yn_get(m, "batch"))) {
		load_batch(ld, n, ph);
	}
	/* where the batch size was asked for: batch.size, else ops.batch */
	if ((n = yn_get(yn_get(m, "batch"), "size")) ||
	    (n = yn_get(yn_get(m, "ops"), "batch"))) {
		ph->batch_line = n->line;
		ph->batch_col = n->col;
	}
	if ((n = yn_get(m, "batch_get"))) {
		load_batch_get(ld, n, ph);
	}
	if ((n = yn_get(yn_get(m, "ops"), "batch_get"))) {
		ph->batch_get_line = n->line;
		ph->batch_get_col = n->col;
	}
	if ((n = yn_get(m, "item_size"))) {
		load_item_size(ld, n, &ph->item_size);
	}
	if ((n = yn_get(m, "select"))) {
		ld_load_select(ld, n, &ph->select);
	}
	load_request_options(ld, m, ph);
	if ((n = yn_get(m, "upsert_new"))) {
		ld_get_number(ld, n, "upsert_new", 0, 0, 1, 0,
			      "a fraction between 0 and 1: the share of "
			      "upserts that write a new item (1, the default: "
			      "all; 0: every upsert rewrites a stored item)",
			      &ph->upsert_new);
	}
	if ((n = yn_get(m, "throughput"))) {
		ld_get_int(ld, n, "throughput", 1, PK_MAX_RU_PER_S,
			   "a whole number of RU/s from 1 to 1,000,000 (the "
			   "service's limit per container)",
			   &ph->throughput_ru_per_s);
		ph->throughput_line = n->line;
		ph->throughput_col = n->col;
	}
	load_phase_actions(ld, m, ph);
	ld_load_phase_units(ld, m, ph);
}

/* A phase setting throughput on a container that has none to set:
   serverless (its RU/s follow its partitions) or autoscale (pksim keeps
   the max a scenario starts with). */
static void refuse_phase_throughput(struct ld *ld, const struct pk_scenario *s,
				    const struct pk_phase_spec *ph, size_t v)
{
	const struct pk_container_spec *c = &s->variants[v];
	int named = s->n_variants > 1;

	ld_err_at(
	    ld, ph->throughput_line, ph->throughput_col,
	    "phase '%.*s' sets throughput, but container%s%.*s%s is %s",
	    PK_SCENARIO_QUOTE_BYTES, ph->name, named ? " '" : "",
	    PK_SCENARIO_QUOTE_BYTES, named ? c->name : "", named ? "'" : "",
	    c->serverless ? "serverless: it has no throughput to set"
			  : "autoscale: a manual throughput does not apply "
			    "to it; give the phase autoscale_max (the new "
			    "max, a multiple of 1,000) instead");
}

/*
 * The part of the minimum manual RU/s (rule 8, D-LIMITS) known before the
 * run: each phase's throughput against max(400, highest ever / 100) of
 * every variant, the highest counting the container's own and every
 * earlier phase's. The storage term is checked when the run reaches the
 * phase (sim.c). One error per phase.
 */
void ld_check_phase_minimums(struct ld *ld)
{
	struct pk_scenario *s = ld->s;
	unsigned char *reported = xcalloc(s->n_phases + 1, 1);
	size_t v, i;
	char msg[PK_PROVISION_MIN_MESSAGE_BYTES];
	char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];

	for (v = 0; v < s->n_variants; v++) {
		int64_t highest = s->variants[v].throughput_ru_per_s;

		for (i = 0; i < s->n_phases; i++) {
			struct pk_phase_spec *ph = &s->phases[i];
			enum pk_min_reason why;
			int64_t min, want = ph->throughput_ru_per_s;

			if (want <= 0) {
				continue;
			}
			if (s->variants[v].serverless ||
			    s->variants[v].autoscale_max_ru_per_s > 0) {
				if (!reported[i]) {
					reported[i] = 1;
					refuse_phase_throughput(ld, s, ph, v);
				}
				continue;
			}
			min = provision_min_manual(0, highest, &why);
			if (want < min && !reported[i]) {
				reported[i] = 1;
				ld_err_at(ld, ph->throughput_line,
					  ph->throughput_col, "%s",
					  provision_min_message(
					      msg, sizeof(msg), ph->name, want,
					      min, why, highest, 0, -1,
					      scenario_variant_suffix(
						  s->n_variants > 1,
						  s->variants[v].name, vn,
						  sizeof(vn))));
			}
			if (want > highest) {
				highest = want;
			}
		}
	}
	free(reported);
}

void ld_load_phases(struct ld *ld, const struct yn *n)
{
	struct pk_scenario *s = ld->s;
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "phases",
			 "a list of phases (- duration: 10m ...)") < 0) {
		return;
	}
	if (n->n_kids == 0) {
		ld_err(ld, n,
		       s->items_file
			   ? "phases is empty; give at least one phase with "
			     "duration and throughput, or leave phases out"
			   : "phases is empty; give at least one phase with "
			     "duration and rate");
		return;
	}
	s->phases = xcalloc(n->n_kids, sizeof(*s->phases));
	s->n_phases = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		struct pk_phase_spec *ph = &s->phases[i];

		ph->mix[PK_OP_CREATE] = 1;
		ph->batch_size = PK_DEFAULT_BATCH_OPS;
		ph->batch_get_size = PK_DEFAULT_BATCH_OPS;
		ph->upsert_new = 1;
		ph->item_size.kind = PK_SIZE_FIXED;
		ph->item_size.bytes = PK_KIB;
		ld_dist_defaults(&ph->select);
		ph->throughput_ru_per_s = -1;
		ph->arrival = PK_ARRIVAL_UNIFORM;
		if (ld_need_kind(ld, n->kids[i], YN_MAP, "a phase",
				 "a mapping with duration and rate") < 0) {
			ph->name = xasprintf("phase-%zu", i + 1);
			continue;
		}
		load_phase(ld, n->kids[i], i);
	}
}
