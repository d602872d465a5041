/*
 * hashtab: the one place that includes <uthash.h>. Out of memory inside
 * uthash is fatal, as everywhere in pksim (mem.h).
 */
#ifndef PKSIM_HASHTAB_H
#define PKSIM_HASHTAB_H

#include <stdio.h>
#include <stdlib.h>

#define uthash_fatal(msg)                                                      \
	do {                                                                   \
		fputs("pksim: out of memory\n", stderr);                       \
		exit(1);                                                       \
	} while (0)

#include <uthash.h>

#endif
