/*
 * findings_ddb: Amazon DynamoDB's traps in its own words
 * (findings_ddb.h).
 */
#include "findings_ddb.h"

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/service/snapshot.h"

#define MCU_PER_UNIT 1000

char *findings_ddb_past_peak(const struct pk_result_variant *v, int write)
{
	const struct pk_ddb_past_peak *p;
	const char *u = write ? "WRU" : "RRU";
	char a[32], b[32], c[32], e[32], f[32];

	if (!v->ddb || !v->ddb->on_demand) {
		return NULL;
	}
	p = &v->ddb->past_peak[write != 0];
	if (p->seconds == 0) {
		return NULL;
	}
	return xasprintf(
	    "the on-demand table's %s met traffic above twice its previous "
	    "peak: %s %s asked at t = %llds against an instant limit of %s "
	    "%s a second (twice the peak it served 30 minutes before, at "
	    "least its warm throughput; D12, D13); %s second%s past the "
	    "limit in all (the most asked in one %s %s), %s request%s "
	    "throttled in them. On demand serves at once at most twice its "
	    "previous peak: grow the traffic over at least 30 minutes, or "
	    "raise the table's warm throughput before the peak (reference "
	    "§7, §8)",
	    write ? "writes" : "reads",
	    fmt_thousands(p->first_asked_mcu / MCU_PER_UNIT, a), u,
	    (long long)p->first_s,
	    fmt_thousands(p->first_limit_mcu / MCU_PER_UNIT, b), u,
	    fmt_thousands(p->seconds, c), p->seconds == 1 ? "" : "s",
	    fmt_thousands(p->peak_asked_mcu / MCU_PER_UNIT, e), u,
	    fmt_thousands((int64_t)p->throttled, f),
	    p->throttled == 1 ? " was" : "s were");
}
