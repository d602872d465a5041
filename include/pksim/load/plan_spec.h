/*
 * plan_spec: a PLAN.yaml file (the inputs of `pksim plan`, the
 * back-of-envelope estimate of seed 002's "Estimating cost") turned into
 * a validated struct. The format is documented in docs/plan-format.md.
 *
 * Like the scenario loader (scenario.h), every error carries
 * FILE:LINE:COL (1-based) and says what is wrong and what is allowed; up
 * to PK_DIAG_MAX_ERRORS errors are collected before it gives up. A
 * returned plan is complete and in range, so the arithmetic
 * (service/cosmos/plan.h) never re-validates.
 *
 * Units: item sizes in bytes (KB, MB, GB binary, as in scenarios),
 * volumes in entities (items) per year, charges in RU, throughput in RU/s.
 */
#ifndef PKSIM_LOAD_PLAN_SPEC_H
#define PKSIM_LOAD_PLAN_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"

/* What one path of a candidate key stands for, which decides how the
   key spreads the current writes (service/cosmos/plan.h). */
enum pk_plan_role {
	PK_PLAN_ROLE_VALUE = 0, /* the `per` path: the volumes' key value */
	PK_PLAN_ROLE_MONTH,	/* the month of the write, "%Y-%m" */
	PK_PLAN_ROLE_DAY,	/* the day of the write, "%Y-%m-%d" */
	PK_PLAN_ROLE_UNIQUE,	/* one value per entity (an id) */
};

/* One value of the `per` path and its volume. */
struct pk_plan_value {
	char *name;	 /* owned, non-empty, unique within the plan */
	double per_year; /* entities a year, >= 0; > 0 for at least one */
};

/* One candidate partition key: 1 to 3 paths (a hierarchical key when
   more than one, reference §6), each declared in the plan. */
struct pk_plan_key {
	char *display;	/* owned: "/officeId + /month" */
	char *paths[3]; /* owned: "/officeId", "/month" */
	enum pk_plan_role roles[3];
	size_t n_paths; /* 1..3 */
};

/* A property path declared under `properties:` with its role. */
struct pk_plan_prop {
	char *path; /* owned: "/month" */
	enum pk_plan_role role;
};

/* Most values a plan may list (a larger set belongs in a data file and
   a simulation, not in a table). */
#define PK_PLAN_MAX_VALUES 1000
/* Most candidate keys a plan may list. */
#define PK_PLAN_MAX_KEYS 16
/* Largest plan file read, in bytes (1 MiB). */
#define PK_PLAN_MAX_FILE_BYTES (1024u * 1024u)

struct pk_plan_spec {
	char *file;	   /* owned: the file as named */
	char *name;	   /* owned: `name`, default the file's base name */
	char *description; /* owned; NULL when not given */
	char *entity;	   /* owned: what an item is, "appointment";
			      default "item" */
	char *per;	   /* owned: the path the volumes are counted by,
			      "/officeId" (one level) */
	char *label;	   /* owned: the column head, default `per`
			      without its '/' */
	struct pk_plan_value *values; /* owned, in file order */
	size_t n_values;	      /* 1..PK_PLAN_MAX_VALUES */
	char *count_file;	      /* owned: the data file the values were
					 counted from (`count_from`), NULL if listed */
	uint64_t item_bytes;	      /* one item as sent, 1 .. 2 MB */
	double index_factor;	    /* stored bytes = item bytes x this, > 0 */
	double writes_per_entity;   /* writes an entity causes in its life */
	double ru_per_write;	    /* RU of one write, > 0 */
	int64_t years;		    /* storage horizon, 1..100 */
	int64_t max_ru_per_s;	    /* the container's RU/s maximum,
				       400..1,000,000 */
	int64_t working_days;	    /* working days a year, 1..366 */
	struct pk_plan_prop *props; /* owned: `properties`, file order */
	size_t n_props;
	struct pk_plan_key *keys; /* owned: `keys`, file order */
	size_t n_keys;		  /* 1..PK_PLAN_MAX_KEYS */
};

/*
 * Parse len bytes of plan text (file names it in messages and is the base
 * for a relative `count_from` file). Returns a plan owned by the caller
 * (plan_spec_free), or NULL with every error recorded in d: YAML syntax,
 * unknown keys (with the nearest allowed one), values out of range, a key
 * path that is not declared, a data file that cannot be read (an
 * environment error only when it exists but cannot be read).
 */
struct pk_plan_spec *plan_spec_parse(const char *file, const char *text,
				     size_t len, struct pk_diag *d);

/* Read the file at path and plan_spec_parse it; NULL with errors in d (a
   missing file is bad input, an unreadable one an environment error). */
struct pk_plan_spec *plan_spec_load(const char *path, struct pk_diag *d);

/* Free p and everything it owns; NULL is allowed. */
void plan_spec_free(struct pk_plan_spec *p);

/* "value", "month", "day" or "unique". */
const char *plan_role_name(enum pk_plan_role r);

#endif
