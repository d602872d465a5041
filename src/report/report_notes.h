/*
 * report_notes: the notes a report gives of a variant's container where
 * the service's newer rules change what its requests do: a unique last
 * level of a hierarchical key (rule 33) and each throughput bucket that
 * is the default or that requests name but the container does not
 * configure (rule 34). One sentence each, the same in the text report
 * (report_text.c) and the JSON report (service_notes). Not a public
 * header.
 */
#ifndef PKSIM_REPORT_NOTES_H
#define PKSIM_REPORT_NOTES_H

#include <stddef.h>

#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/spec.h"

/* Notes a container has at most: its key's and one a bucket */
#define PK_REPORT_NOTES_MAX (1 + PK_THROUGHPUT_BUCKETS)
#define PK_REPORT_NOTE_BYTES 320

struct pk_report_note {
	int rule;			 /* 33 or 34 */
	char text[PK_REPORT_NOTE_BYTES]; /* one sentence, no newline */
};

/* The notes of container cs in scenario sc into out (room for
   PK_REPORT_NOTES_MAX), the key's first, then the buckets by id;
   returns how many (0 for a container none applies to, and for a NULL
   cs: a service other than Azure Cosmos DB). */
size_t report_notes(const struct pk_scenario *sc,
		    const struct pk_container_spec *cs,
		    struct pk_report_note *out);

#endif
