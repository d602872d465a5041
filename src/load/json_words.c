/*
 * json_words: jansson's parse errors in pksim's words (json_words.h).
 */
#include "json_words.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* jansson's texts (load.c) for the two it words by its own flags */
#define JANSSON_NUL "\\u0000 is not allowed without JSON_ALLOW_NUL"
#define JANSSON_BYTE "unable to decode byte 0x"

const char *json_words(const json_error_t *err, const char *what, char *buf,
		       size_t cap)
{
	if (strncmp(err->text, JANSSON_NUL, strlen(JANSSON_NUL)) == 0) {
		snprintf(buf, cap,
			 "a NUL character (\\u0000); %s must be UTF-8 text, "
			 "which has none",
			 what);
	} else if (strncmp(err->text, JANSSON_BYTE, strlen(JANSSON_BYTE)) ==
		   0) {
		unsigned long b =
		    strtoul(err->text + strlen(JANSSON_BYTE), NULL, 16);

		snprintf(buf, cap,
			 "invalid UTF-8 (byte 0x%02lX); %s must be UTF-8 "
			 "text (save it as UTF-8)",
			 b & 0xFF, what);
	} else {
		snprintf(buf, cap, "%s", err->text);
	}
	return buf;
}
