/*
 * keycheck: does the partition key match the items?
 *
 * A key path that no item has (a typo: /tenantID for tenantId) sends every
 * item to the one undefined logical partition (D-PART), and the run then
 * answers a question nobody asked with exit status 0. So before a run,
 * each property the key reads (every path of a path or hierarchical key,
 * every property a template names) is looked for among the items:
 * - generated items: the scenario's generators say which properties exist
 *   (every generated item has every property, /id always); nothing runs;
 * - items from a data file: the used records (the first `limit`), counted
 *   one by one. /id is present in every record: a record without one gets
 *   one (workload.h, PK_WORKLOAD_FILE_ID_FMT).
 * A property held by no item is an error unless the container spec allows
 * the undefined partition on purpose (allow_undefined_key: the scenario
 * key, or the CLI's --allow-undefined-key). The error names the property
 * and the key's place (FILE:LINE:COL of its partition_key, or
 * "--key 'TEXT'"), says 0 of N items have it, suggests the nearest
 * property the items do have (suggest.h's rule), and a note lists the
 * properties with their share of the items.
 * When only some items lack a property, that is no error: the count is
 * returned for the reports' summary.
 */
#ifndef PKSIM_KEYCHECK_H
#define PKSIM_KEYCHECK_H

#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/pkey.h"

struct pk_keycheck {
	int from_file;	  /* 1: counted over a data file's records */
	uint64_t items;	  /* from_file: records checked (the used ones) */
	uint64_t missing; /* from_file: records without at least one
			     property the key reads */
	int absent;	  /* 1: some property the key reads is held by no
			     item (allowed: allow_undefined_key), so every
			     item lacks it */
};

/*
 * Check key k (of container spec cs, in scenario sc) against sc's items
 * as described above, filling *out. Returns 0, or -1 with one error (and
 * a note) in diag when a property is held by no item and
 * cs->allow_undefined_key is 0. A data file with 0 used records is no
 * error here (the loader refuses an empty file).
 */
int keycheck_run(const struct pk_pkey *k, const struct pk_container_spec *cs,
		 const struct pk_scenario *sc, struct pk_keycheck *out,
		 struct pk_diag *diag);

/*
 * The note of an item that lacks property path (given as JSON, e.g. to
 * `pksim locate`): 1 when the JSON object obj (a jansson json_t *,
 * borrowed) has no value at one of the paths k reads, with that path in
 * *path (borrowed from k); else 0.
 */
int keycheck_json_item(const struct pk_pkey *k, const void *obj,
		       const char **path);

#endif
