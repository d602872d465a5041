/*
 * utf8: checking that bytes are UTF-8 text (RFC 3629), for the inputs
 * that must be: scenarios, plans and data files.
 */
#ifndef PKSIM_BASE_UTF8_H
#define PKSIM_BASE_UTF8_H

#include <stddef.h>

/*
 * Offset of the first byte of text[0..len) that does not start a
 * well-formed UTF-8 sequence (no overlongs, no surrogates, at most
 * U+10FFFF; a sequence cut by len counts as bad), or len when all of it
 * is UTF-8. NUL is a well-formed character here: callers that refuse it
 * look for it themselves.
 */
size_t utf8_invalid_at(const char *text, size_t len);

#endif
