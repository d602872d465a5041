/*
 * pkey: the partition key definition and the value it takes from an item.
 *
 * A key is one JSON path ("/deviceId", "/address/city"). Its value is the
 * item's property at that path; an item without it has the undefined value
 * and goes to the single "undefined" logical partition, as in the service
 * (D-PART). A logical partition is identified by the typed encoding of
 * that value (epk_encode_v2), which is also what the hash consumes.
 * Left out here (issue 3): hierarchical and synthetic keys, length and
 * type rules.
 */
#ifndef PKSIM_PKEY_H
#define PKSIM_PKEY_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/diag.h"
#include "pksim/epk.h"
#include "pksim/workload.h"

struct pk_pkey {
	char *path; /* owned; "/deviceId" */
	int prop;   /* index of the item property at path, -1 if no item has
		       one (every item then has the undefined value) */
};

/*
 * A key for path over the items of w (which generates sc's items). Returns
 * NULL with an error in diag (at the container's place in sc->file) when
 * the path names an object (a property nested under it exists): a key
 * value must be a string, number, true/false or null. Caller frees.
 */
struct pk_pkey *pkey_new(const char *path, const struct pk_scenario *sc,
			 const struct pk_workload *w, struct pk_diag *diag);

/* Free k; NULL is allowed. */
void pkey_free(struct pk_pkey *k);

/*
 * Write the typed encoding of item's key value into buf (cap >=
 * PK_EPK_ENCODED_MAX bytes) and return its length.
 */
size_t pkey_encode(const struct pk_pkey *k, const struct pk_workload *w,
		   uint64_t item, unsigned char *buf, size_t cap);

/*
 * The typed value held in an encoding (pkey_encode output); a string's
 * str points into enc (borrowed, not NUL-terminated).
 */
void pkey_decode(const unsigned char *enc, size_t len, struct pk_value *out);

/*
 * Write the key value held in an encoding (pkey_encode output) as JSON
 * text ("dev-0042", 17, true, null, undefined) into buf of cap bytes,
 * NUL-terminated, truncated if needed.
 */
void pkey_format_encoded(const unsigned char *enc, size_t len, char *buf,
			 size_t cap);

#endif
