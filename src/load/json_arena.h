/*
 * json_arena: jansson's memory for one parse at a time, taken from a
 * block the parse's thread owns and dropped whole (internal to src/load).
 *
 * jansson allocates through one process-wide pair of functions
 * (json_set_alloc_funcs). json_arena.c installs its pair once, before
 * main (a constructor, so before any thread exists and before any
 * jansson call): they read a thread-local pointer, the arena a parse of
 * this thread has switched on (json_arena_parse), and fall back to
 * malloc and free when there is none. So:
 * - a thread that parses with an arena takes memory only from its own
 *   arena while its json_loadb runs, and only there (the pointer is
 *   switched off before json_arena_parse returns);
 * - every other jansson call, in any thread (reports, monitor logs,
 *   tests), is plain malloc and free;
 * - a free of a pointer the current arena does not hold is free(); a
 *   free of one it holds is nothing (the arena is dropped whole).
 * The tree json_arena_parse returns lives in the arena until the arena's
 * next parse or json_arena_free: it must never reach json_decref (that
 * would free() arena memory) and nothing may keep a pointer into it.
 */
#ifndef PKSIM_LOAD_JSON_ARENA_H
#define PKSIM_LOAD_JSON_ARENA_H

#include <jansson.h>
#include <stddef.h>

struct json_arena_chunk;

/* Zero-initialised: an empty arena. Owned by one thread at a time. */
struct json_arena {
	struct json_arena_chunk *head; /* newest chunk first; owned */
};

/*
 * jansson's parse of s[0..len) with flags, its memory from a (what an
 * earlier parse of a held is dropped first). Integers are parsed as
 * integers, which jansson reads with strtoll where JSON_DECODE_INT_AS_REAL
 * costs a strtod (several times the work); json_number_value
 * gives the same double ((double) of an exact integer rounds to nearest,
 * as strtod does). Two texts differ and are parsed again with
 * JSON_DECODE_INT_AS_REAL: an integer past 64 bits (jansson's "too big
 * integer", a double with the flag) and -0 (the double -0.0 with the
 * flag, integer 0 without). Returns the tree (valid until a's next parse
 * or json_arena_free; never json_decref it), or NULL with *err set as
 * json_loadb sets it.
 */
json_t *json_arena_parse(struct json_arena *a, const char *s, size_t len,
			 size_t flags, json_error_t *err);

/* Free a's memory (a is empty again). */
void json_arena_free(struct json_arena *a);

#endif
