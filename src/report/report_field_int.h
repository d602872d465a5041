/*
 * report_field_int: what the files of the field reader share
 * (report_field.c: measures, lists and conversions; report_field_table.c:
 * the table of readers; report_field_container.c: the figures the writer
 * computes; report_field_key.c: partition key values;
 * report_field_money.c and report_field_remedies.c: the readers of the
 * money and remedies groups). Not a public header.
 *
 * A reader is an entry of field_readers: the object its field lives in
 * (enum field_sel, chosen by the measure's indexes), the conditions under
 * which the JSON writer writes it (FW_* bits, all must hold), and how the
 * value is read: a member at an offset converted as the writer does (enum
 * field_conv), or a function for a figure the writer computes.
 */
#ifndef PKSIM_REPORT_FIELD_INT_H
#define PKSIM_REPORT_FIELD_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/report/report_field.h"
#include "pksim/report/scorecard.h"
#include "report_notes.h"

/* The object a field is read from; idx[0] picks the element of a list. */
enum field_sel {
	SEL_NONE = 0,	/* fn reads what it needs */
	SEL_RUN,	/* struct pk_result */
	SEL_VARIANT,	/* struct pk_result_variant */
	SEL_METRICS,	/* the variant's struct pk_metrics */
	SEL_TOTALS,	/* struct pk_totals of the variant's metrics */
	SEL_TTL,	/* struct pk_ttl_totals */
	SEL_TTL_MIN,	/* struct pk_ttl_minute [idx0] */
	SEL_RANGE,	/* struct pk_result_range [idx0] */
	SEL_QUERY,	/* struct pk_result_query [idx0] */
	SEL_HOT,	/* struct pk_result_lp top_ru[idx0] */
	SEL_LARGEST,	/* struct pk_result_lp top_storage[idx0] */
	SEL_SPLIT,	/* struct pk_split_event [idx0] */
	SEL_CHANGE,	/* struct pk_throughput_event [idx0] */
	SEL_ACTION,	/* struct pk_action [idx0] */
	SEL_MINUTE,	/* struct pk_second minutes[idx0] */
	SEL_STREAM,	/* struct pk_result_stream [idx0] */
	SEL_STREAM_OPS, /* its pk_result_stream_ops: all (arg -1) or kind[arg]
			 */
	SEL_CARD,	/* the variant's struct pk_scorecard */
	SEL_MONITOR,	/* the run's struct pk_monitor_log */
};

/* How a member is read, as the writer writes it. */
enum field_conv {
	CV_FN = 0,     /* entry.fn */
	CV_U64,	       /* uint64_t: an integer */
	CV_I64,	       /* int64_t: an integer */
	CV_I64_NULL,   /* int64_t: an integer, null when negative */
	CV_SIZE,       /* size_t: an integer */
	CV_MRU,	       /* int64_t mRU: a real of RU */
	CV_DOUBLE,     /* double: a real */
	CV_BOOL,       /* int: true or false */
	CV_STR,	       /* const char *: a string (absent when NULL) */
	CV_STR_NULL,   /* const char *: a string, null when NULL */
	CV_CHARS,      /* char[]: a string */
	CV_RANGE,      /* uint32_t: a range id, a string */
	CV_RANGE_NULL, /* ... null when PK_RESULT_NO_RANGE */
	CV_EPK,	       /* struct pk_epk: uppercase hex */
};

/* When the writer writes a field (report_json.c); 0: always */
#define FW_SPLIT_429 (1u << 0) /* a Low or bucketed client, or buckets */
#define FW_BATCHES (1u << 1)   /* some phase sends batches */
#define FW_CLOSED (1u << 2)    /* closed-loop workers: last_answer_ms */
#define FW_PRELOAD (1u << 3)   /* preload stored or refused items */
#define FW_UNDEF_KEY (1u << 4) /* some item lacks a key property */
#define FW_AUTOSCALE (1u << 5)
#define FW_SERVERLESS (1u << 6)
#define FW_POLICY (1u << 7)	    /* a custom throughput policy */
#define FW_TTL (1u << 8)	    /* the container has a default_ttl */
#define FW_STREAMS (1u << 9)	    /* `streams:` */
#define FW_STREAM_CLOSED (1u << 10) /* stream idx0 is closed-loop */
#define FW_KIND (1u << 11)	  /* stream idx0 sent or left unsent kind arg */
#define FW_MONITOR (1u << 12)	  /* the run replayed a monitor log */
#define FW_FINGERPRINT (1u << 13) /* the scenario has a fingerprint */
#define FW_UNFINISHED (1u << 14)  /* change idx0's splits were not done */
#define FW_KEY_RANDOM (1u << 15)  /* the variant's key has a random part */
#define FW_REMEDIES (1u << 16)	  /* remedies were replayed for it */
#define FW_COSMOS (1u << 17)	  /* the service is Azure Cosmos DB */
#define FW_FABRIC (1u << 18)	  /* profile fabric (rule 41) */
#define FW_MONEY (1u << 19)	  /* the variant's bill is priced */
#define FW_NO_MONEY (1u << 20)	  /* ... is not */
#define FW_FLEET (1u << 21)	  /* a fleet pool (rule 40) */
#define FW_DDB_MONEY (1u << 22)	  /* a priced Amazon DynamoDB bill */
#define FW_ONDEMAND (1u << 23)	  /* ... with its on-demand figures */
#define FW_REASONS (1u << 24)	  /* the service names its throttles */
#define FW_NOTES (1u << 25)	  /* a service note (report_notes.h) */
#define FW_DDB (1u << 26)	  /* the service is Amazon DynamoDB */
#define FW_DDB_INDEXES                                                         \
	(1u << 27) /* ... a table with global secondary                        \
		      indexes */
#define FW_DDB_TRANSACT                                                        \
	(1u << 28) /* ... a table that sends batches as                        \
		      TransactWriteItems */

/* What a reader reads with. */
struct field_ctx {
	struct pk_field_reader *rd;
	const struct pk_result *r;
	const struct pk_result_variant *v;
	const size_t *idx; /* the measure's indexes, in range */
	const char *id;	   /* range_429_rate[ID]'s ID, else NULL */
	const void *obj;   /* the entry's sel, resolved */
};

/* The variant's container notes (report_notes.h) into out (room for
   PK_REPORT_NOTES_MAX; NULL: only counted); returns how many */
size_t field_notes(const struct field_ctx *c, struct pk_report_note *out);

typedef void (*field_fn)(const struct field_ctx *c, struct pk_field_value *o);

struct field_reader {
	const char *path;   /* as load/report_fields.def */
	unsigned char sel;  /* enum field_sel */
	unsigned char conv; /* enum field_conv */
	unsigned int when;  /* FW_* */
	int arg;	    /* SEL_STREAM_OPS: the kind, -1 all */
	size_t off;	    /* the member's offset in sel's object */
	field_fn fn;	    /* CV_FN; for a LIST, its length */
};

/* A reader of a group kept in its own file: c's variant into o. */
typedef void field_group_fn(const struct field_ctx *c,
			    struct pk_field_value *o);

/* The figures the writer computes rather than copies
   (report_field_container.c), by the object they read: the variant's key,
   service, layout, notes, queries and ranges; a logical partition of top_ru
   or top_storage; a split, an action, the findings; the scorecard; the
   scenario and its monitor log. */
field_group_fn field_partition_key, field_service_of, field_capacity_mode_of,
    field_lps_live, field_lps_seen, field_range_lps, field_card_lps,
    field_layout_origin_of, field_layout_ru, field_layout_ru_each,
    field_layout_stored, field_undef_allowed, field_undef_text,
    field_serverless_max, field_billed, field_billed_classic,
    field_billed_dynamic, field_fabric_profile, field_fabric_cu, field_notes_n,
    field_note_at, field_autoscale_mode, field_policy, field_unusable,
    field_query_route, field_query_request, field_query_ru_mean,
    field_range_p99, field_default_ttl, field_first_403, field_range_429_rate;
field_group_fn field_lp_key, field_lp_key_level, field_lp_key_undefined,
    field_lp_range, field_lp_ru_share, field_lp_storage_share;
field_group_fn field_two, field_child_id, field_child_min, field_child_max,
    field_split_reason, field_action_what, field_findings_n, field_finding;
field_group_fn field_hottest_key, field_hottest_level, field_hottest_undefined,
    field_days_to_20gb, field_full_kind, field_full_basis, field_bound_bucket,
    field_full_text, field_full_key, field_full_level;
field_group_fn field_sc_name, field_sc_duration, field_sc_fingerprint,
    field_sc_rank_by, field_log_file, field_log_table, field_log_ru,
    field_log_split;

/* Throttles by reason: totals.throttled_by_reason*
   (report_field_service.c). */
field_group_fn field_reasons_n, field_reason_name, field_reason_count;
/* a table's heat splits (D7) and isolations (D11), report_field_service.c */
field_group_fn field_heat_on, field_heat_started, field_heat_done,
    field_heat_isolated, field_heat_refused, field_heat_whys_n, field_heat_why,
    field_heat_why_count, field_heat_why_first;
/* a table's canceled TransactWriteItems (report_field_service.c) */
field_group_fn field_tx_canceled, field_tx_codes_n, field_tx_code,
    field_tx_code_items;

/* A table's global secondary indexes: indexes[]* (report_field_service.c),
   as report_json_ddb.c writes them; index idx[0], its partition, reason
   or minute idx[1]. */
field_group_fn field_gsi_n, field_gsi_name, field_gsi_key, field_gsi_proj,
    field_gsi_rcu, field_gsi_wcu, field_gsi_parts, field_gsi_used,
    field_gsi_cap, field_gsi_util, field_gsi_rcu_used, field_gsi_read_pages,
    field_gsi_read_thr, field_gsi_throttled, field_gsi_reasons_n,
    field_gsi_reason, field_gsi_reason_count, field_gsi_first,
    field_gsi_part_ix, field_gsi_part_share, field_gsi_part_used,
    field_gsi_part_peak, field_gsi_part_peak_t, field_gsi_part_throttled,
    field_gsi_min_n, field_gsi_min_t, field_gsi_min_used, field_gsi_min_peak,
    field_gsi_min_thr, field_gsi_min_peak_thr;

/* The change feed: change_feed.* and a range's changes_per_s
   (report_field_cfeed.c). */
field_group_fn field_cfeed_consumers, field_cfeed_leases, field_cfeed_busy,
    field_cfeed_with_work, field_cfeed_changes, field_cfeed_retired,
    field_cfeed_busiest, field_cfeed_rate, field_cfeed_share,
    field_cfeed_sentence, field_cfeed_range_rate;

/* The fleet pool: fleet_pool.* (report_field_fleet.c). */
field_group_fn field_fleet_min, field_fleet_max, field_fleet_extra,
    field_fleet_cap, field_fleet_lent, field_fleet_peak, field_fleet_hours,
    field_fleet_billed;

/* The money group: money.* (report_field_money.c). */
field_group_fn field_money_priced, field_money_why, field_money_mode,
    field_money_date, field_money_from, field_money_prices_of,
    field_money_region, field_money_currency, field_money_table,
    field_money_table_date, field_money_hours, field_money_tp,
    field_money_storage, field_money_cost, field_money_hourly,
    field_money_month, field_money_n, field_money_line, field_money_meter,
    field_money_price, field_money_status, field_money_basis,
    field_money_month_720, field_money_reads, field_money_pool, field_money_cu,
    field_money_od_cost, field_money_od_month, field_money_od_wru,
    field_money_od_rru, field_money_even_w, field_money_even_r,
    field_money_use_w, field_money_use_r;

/* The remedies group: remedies.* (report_field_remedies.c). */
field_group_fn field_rem_replays, field_rem_max, field_rem_setting,
    field_rem_start, field_rem_cap, field_rem_429, field_rem_failed,
    field_rem_n, field_rem_kind, field_rem_status, field_rem_ru,
    field_rem_below, field_rem_hint, field_rem_merge_to, field_rem_merge_start,
    field_rem_merge_phase, field_rem_merge_from, field_rem_merge_left,
    field_rem_step, field_rem_item_replays, field_rem_month,
    field_rem_item_month, field_rem_item_month_change, field_rem_bulk,
    field_rem_item_inter, field_rem_item_429, field_rem_item_failed,
    field_rem_item_pp, field_rem_item_splits, field_rem_redist_n,
    field_rem_redist_id, field_rem_redist_before, field_rem_redist_after,
    field_rem_hours, field_rem_classic, field_rem_dynamic, field_rem_text,
    field_rem_not_replayed;

/* The table, in load/report_fields.def's order (report_field_table.c). */
extern const struct field_reader field_readers[];
extern const size_t field_n_readers;

/* Set o to an integer, a real (rounded as the writer prints it), a
   string (copied), true/false, null. */
void fv_int(struct pk_field_value *o, int64_t x);
void fv_real(struct pk_field_value *o, double x);
void fv_text(struct pk_field_value *o, const char *s);
void fv_bool(struct pk_field_value *o, int b);
void fv_null(struct pk_field_value *o);

/* x as the writer's reals read back: %.16g (report_json.c) */
double fv_round16(double x);

/* The variant's scorecard (made with every variant's on first use). */
const struct pk_scorecard *field_card(const struct field_ctx *c);

/* The variant's findings (made on first use); *n their count. */
char *const *field_findings(const struct field_ctx *c, size_t *n);

/* lp's key value (level < 0) or its level-th level (a hierarchical key;
   absent otherwise), as the report writes it for variant v
   (report_field_key.c). */
void field_key_lp(const struct pk_result_variant *v,
		  const struct pk_result_lp *lp, long level,
		  struct pk_field_value *o);

/* A scorecard's key, JSON text as result_key_text writes it ("" or have 0:
   null), whole (level < 0) or its level-th level. */
void field_key_text(const char *text, int have, long level,
		    struct pk_field_value *o);

#endif
