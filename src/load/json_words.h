/*
 * json_words: what jansson says of a JSON text it cannot parse, in
 * pksim's words where jansson's name its own flags (internal to
 * src/load).
 */
#ifndef PKSIM_LOAD_JSON_WORDS_H
#define PKSIM_LOAD_JSON_WORDS_H

#include <jansson.h>
#include <stddef.h>

/*
 * The message for err (from a failed jansson parse) into buf (cap bytes,
 * truncated to fit): a "\u0000" escape (jansson: "\u0000 is not allowed
 * without JSON_ALLOW_NUL", a flag no user can set) is "a NUL character
 * (\u0000); WHAT must be UTF-8 text, which has none", a byte that is not
 * UTF-8 (jansson: "unable to decode byte 0xff") "invalid UTF-8 (byte
 * 0xFF); WHAT must be UTF-8 text (save it as UTF-8)", as the CSV reader
 * says them; any other is jansson's text. what names the text ("a
 * JSON-lines data file"). Returns buf.
 */
const char *json_words(const json_error_t *err, const char *what, char *buf,
		       size_t cap);

#endif
