/*
 * report_json_out: a jansson tree written to a stream through a buffer of
 * its own. json_dumpf hands every token (a brace, a key, a comma, each
 * run of indent) to fwrite, whose locking and bookkeeping cost about as
 * much as the token: a 10,000-range report is some 2.6 million calls.
 * Here the tokens are copied into PK_JSON_OUT_BUF bytes and the stream
 * gets one fwrite per full buffer. The bytes are json_dumpf's: the same
 * json_dump_callback makes them, only where they wait differs.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "report_json_int.h"

/* Bytes gathered before one fwrite: large enough that the call is rare,
   small enough for the stack of a --jobs thread. */
#define PK_JSON_OUT_BUF 16384

struct json_out {
	FILE *out;   /* where the bytes go; borrowed */
	size_t used; /* bytes of buf not yet written, 0..PK_JSON_OUT_BUF */
	int failed;  /* 1 once an fwrite wrote less than asked */
	char buf[PK_JSON_OUT_BUF];
};

/* Write what o holds to its stream; 0, or -1 when the stream took less */
static int flush(struct json_out *o)
{
	if (o->used > 0 && fwrite(o->buf, 1, o->used, o->out) != o->used) {
		o->failed = 1;
	}
	o->used = 0;
	return o->failed ? -1 : 0;
}

/* json_dump_callback's callback: take size bytes of buffer. A piece
   larger than the buffer (a long string) goes straight to the stream
   after what waits before it. 0, or -1 to stop the dump. */
static int take(const char *buffer, size_t size, void *data)
{
	struct json_out *o = data;

	if (o->used + size > sizeof(o->buf) && flush(o)) {
		return -1;
	}
	if (size > sizeof(o->buf)) {
		if (fwrite(buffer, 1, size, o->out) != size) {
			o->failed = 1;
			return -1;
		}
		return 0;
	}
	memcpy(o->buf + o->used, buffer, size);
	o->used += size;
	return 0;
}

int report_json_dumpf(const json_t *root, FILE *out, size_t flags)
{
	struct json_out o;
	int rc;

	o.out = out;
	o.used = 0;
	o.failed = 0;
	rc = json_dump_callback(root, take, &o, flags);
	if (flush(&o)) {
		rc = -1;
	}
	return rc;
}
