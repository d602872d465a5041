/*
 * money_caveat: what a priced bill's month stands for, or leaves out,
 * that the scenario says (money.h money_caveat_note): an on-demand
 * table's requests it never admits, its and its indexes' pre-warm, local
 * secondary indexes' 100 bytes an entry, auto scaling's settled month,
 * time_scale's seconds, a compressed data file's time, a monitor log's unknown
 * storage.
 */
#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/load/monitor.h"
#include "pksim/load/scenario.h"
#include "pksim/report/money.h"
#include "pksim/service/dynamodb/spec.h"
#include "pksim/service/snapshot.h"

#include "money_scaled.h"

/* Append to buf (cap bytes, n used) what a compressed data file's
   month is of (bill.h data_scale); returns the new n */
static size_t compression_note(const struct pk_bill *b, char *buf, size_t cap,
			       size_t n)
{
	int units = b->mode == PK_BILL_MANUAL || b->mode == PK_BILL_AUTOSCALE ||
		    b->mode == PK_BILL_FABRIC ||
		    b->mode == PK_BILL_DDB_PROVISIONED;

	n = fmt_append(buf, cap, n,
		       "%sthe data file is replayed compressed %.6gx: the "
		       "month is of the data's own time, what the replay "
		       "consumed%s at 1/%.6g of its rate (the run's lines "
		       "are the replay's)",
		       n ? "; " : "", b->data_scale,
		       b->mode == PK_BILL_DDB_PROVISIONED
			   ? " (the on-demand comparison, and its use)"
			   : "",
		       b->data_scale);
	if (units) {
		n = fmt_append(buf, cap, n,
			       "; the %s are priced as the replay held them, "
			       "for its compressed rate",
			       b->mode == PK_BILL_DDB_PROVISIONED
				   ? "table's provisioned units"
			       : b->mode == PK_BILL_MANUAL
				   ? "container's provisioned RU/s"
				   : "RU/s autoscale scaled to");
	}
	return n;
}

/* Append to buf (cap bytes, n used) why an on-demand table's bill
   holds none of its first attempts that asked more units than it
   admits in any one second (snapshot.h never_fit): the tightest of its
   quota and configured maximum (D12: neither grows with traffic; a
   request is never admitted into debt), which ddb_demand.c leaves out
   of the month's demand; returns the new n */
static size_t never_note(const struct pk_ddb_table_spec *t,
			 const struct pk_snapshot_ddb *x, char *buf, size_t cap,
			 size_t n)
{
	int w;

	for (w = 1; w >= 0; w--) {
		int64_t max = w ? t->max_wru : t->max_rru;
		int64_t most = t->quota_units;
		int is_max = max > 0 && (most <= 0 || max < most);
		char a[PK_FMT_BYTES], c[PK_FMT_BYTES];

		if (x->never_fit[w] == 0) {
			continue;
		}
		n = fmt_append(
		    buf, cap, n,
		    "%s%s %s each asked more units than the table admits "
		    "in any one second (its %s of %s %s a second; D12): on "
		    "demand never serves them, so neither the run nor a "
		    "month bills them",
		    n ? "; " : "", fmt_thousands((int64_t)x->never_fit[w], c),
		    w ? "writes" : "reads",
		    is_max ? (w ? "max_write_request_units"
				: "max_read_request_units")
			   : "quota, table_quota_units",
		    fmt_thousands(is_max ? max : most, a), w ? "WRU" : "RRU");
	}
	return n;
}

/* Append to buf (cap bytes, n used) the global secondary indexes of
   on-demand table t warmer than a new index's default (D13): a GSI's
   warm throughput is raised as a table's, and raising it is charged
   (reference §8 "a table or GSI"; pricing.md §4, A-WARM, rate not
   published); returns the new n */
static size_t gsi_warm_note(const struct pk_ddb_table_spec *t, char *buf,
			    size_t cap, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < t->n_gsis; i++) {
		const struct pk_ddb_gsi_spec *g = &t->gsis[i];

		if (g->warm_wru <= PK_DDB_OD_GSI_WARM_WRU &&
		    g->warm_rru <= PK_DDB_OD_GSI_WARM_RRU) {
			continue;
		}
		n = fmt_append(buf, cap, n, "%s%s",
			       k   ? ", "
			       : n ? "; "
				   : "",
			       k ? ""
				 : "warm throughput above a new index's "
				   "default is not priced for the "
				   "global secondary index ");
		n = fmt_append(buf, cap, n, "%s", g->name);
		k++;
	}
	if (k > 0) {
		n = fmt_append(buf, cap, n,
			       " (default %d WRU/s, %d RRU/s): its pre-warm is "
			       "charged as a table's (pricing.md §4, A-WARM; "
			       "its rate is not in the table)",
			       PK_DDB_OD_GSI_WARM_WRU, PK_DDB_OD_GSI_WARM_RRU);
	}
	return n;
}

const char *money_caveat_note(const struct pk_scenario *sc,
			      const struct pk_result_variant *v, char *buf,
			      size_t cap)
{
	const struct pk_ddb_table_spec *t = scenario_variant_table(sc, v->spec);
	const struct pk_monitor_log *log =
	    sc->items_file ? sc->items_file->monitor : NULL;
	size_t n = 0;

	if (!v->bill.priced) {
		return NULL;
	}
	if (v->bill.mode == PK_BILL_DDB_ON_DEMAND && t &&
	    (t->warm_wru > PK_DDB_OD_WARM_WRU ||
	     t->warm_rru > PK_DDB_OD_WARM_RRU)) {
		n = fmt_append(buf, cap, 0,
			       "warm throughput above a new table's default "
			       "(%d WRU/s, %d RRU/s) is not priced: past "
			       "traffic warms a table for free, but a pre-warm "
			       "is charged (pricing.md §4, A-WARM; its rate is "
			       "not in the table)",
			       PK_DDB_OD_WARM_WRU, PK_DDB_OD_WARM_RRU);
	}
	if (v->bill.mode == PK_BILL_DDB_ON_DEMAND && t) {
		n = gsi_warm_note(t, buf, cap, n);
	}
	if (v->bill.mode == PK_BILL_DDB_ON_DEMAND && t && v->ddb) {
		n = never_note(t, v->ddb, buf, cap, n);
	}
	if (t && t->n_lsis > 0) {
		/* their writes are billed with the table's, their entries'
		   bytes with the partitions' (D18); their entries are not
		   counted apart from the items they project */
		n = fmt_append(buf, cap, n,
			       "%sthe local secondary indexes' entries are in "
			       "the storage line by their bytes but not by "
			       "the 100 bytes each (pricing.md §8): the "
			       "storage is short by those",
			       n ? "; " : "");
	}
	if (v->bill.scaled) {
		n = money_scaled_note(&v->bill, buf, cap, n);
	}
	if (v->bill.time_scaled) {
		/* the replay's rates are in simulated seconds (the scale
		   is for days to full and growth alone) */
		n = fmt_append(buf, cap, n,
			       "%stime_scale (%s) is not applied to money: "
			       "every line prices the replay's simulated "
			       "seconds and hours, and a month is 720 h of "
			       "them at the simulated rates, not the real "
			       "time the scale stands for (days to full and "
			       "growth are in real time)",
			       n ? "; " : "",
			       sc->time_scale_text ? sc->time_scale_text
						   : "given");
	}
	if (v->bill.data_scale > 0 && v->bill.data_scale != 1) {
		n = compression_note(&v->bill, buf, cap, n);
	}
	if (n > 0) {
		return buf;
	}
	if (log && v->spec && v->spec->existing_bytes_total == 0 &&
	    v->spec->existing_bytes_per_pp == 0) {
		/* the log records no item sizes: what the container stores
		   is unknown, not nothing */
		n = (size_t)snprintf(
		    buf, cap,
		    "storage is not known: the monitor log records no item "
		    "sizes, so the storage line bills nothing stored; give "
		    "the container's storage_per_partition to price it");

		if (log->region && n < cap) {
			snprintf(buf + n, cap - n,
				 "; the log's rows are from %s, priced at %s's "
				 "rows",
				 log->region, v->bill.region);
		}
		return buf;
	}
	return NULL;
}
