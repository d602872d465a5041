/*
 * json_arena: jansson's memory for one parse at a time (json_arena.h).
 *
 * Why: parsing a data file's record with malloc and freeing its tree with
 * json_decref is a large share of a replayed record's cost (about an
 * eighth of its work); from a block dropped whole, a record's ~14 allocations
 * are a pointer bump each and its tree is never walked to be freed.
 *
 * Thread safety (compare --jobs runs variants in threads; reports and
 * monitor logs use jansson too): the only state shared between threads
 * is jansson's pair of allocation functions, set once by the constructor
 * below before main, while the process has one thread and has made no
 * jansson call; it is never written again. Everything else is per
 * thread: the active arena is a _Thread_local pointer, set only around
 * one json_loadb in the thread that owns the arena, so another thread's
 * jansson calls see NULL and use malloc and free, whatever this thread
 * does. A pointer is returned to malloc's free unless the calling
 * thread's active arena holds it; inside json_loadb jansson frees only
 * what that json_loadb allocated (its lexer's buffers, keys, a partial
 * tree after an error), which the arena holds. check_trace's
 * test_trace_arena_threads parses in four threads at once beside threads
 * that build and free jansson trees with malloc, under the sanitizers.
 */
#include "json_arena.h"

#include <jansson.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/json_alloc.h"

/* Bytes of the first chunk: a few dozen records' trees of a typical
   data file; a larger record gets a chunk of its own size */
#define JSON_ARENA_CHUNK 65536

/* Every allocation is aligned as malloc's are. */
#define JSON_ARENA_ALIGN alignof(max_align_t)

struct json_arena_chunk {
	struct json_arena_chunk *next; /* older, smaller */
	size_t cap, used;	       /* bytes of mem */
	max_align_t mem[];
};

/* The arena this thread's current json_loadb allocates from, or NULL. */
static _Thread_local struct json_arena *active;

static void *arena_take(struct json_arena *a, size_t n)
{
	struct json_arena_chunk *c = a->head;
	size_t cap;
	void *p;

	n = (n + JSON_ARENA_ALIGN - 1) & ~(size_t)(JSON_ARENA_ALIGN - 1);
	if (!c || c->cap - c->used < n) {
		cap = c ? 2 * c->cap : JSON_ARENA_CHUNK;
		if (cap < n) {
			cap = n;
		}
		c = malloc(sizeof(*c) + cap);
		if (!c) {
			return NULL; /* jansson reports it */
		}
		c->next = a->head;
		c->cap = cap;
		c->used = 0;
		a->head = c;
	}
	p = (char *)c->mem + c->used;
	c->used += n;
	return p;
}

/* 1 if p lies in one of a's chunks. */
static int arena_holds(const struct json_arena *a, const void *p)
{
	const struct json_arena_chunk *c;
	uintptr_t q = (uintptr_t)p, lo;

	for (c = a->head; c; c = c->next) {
		lo = (uintptr_t)c->mem;
		if (q >= lo && q < lo + c->cap) {
			return 1;
		}
	}
	return 0;
}

/* jansson's malloc: from this thread's active arena, else malloc, or
   NULL where a test makes it fail; a NULL returned is counted
   (json_alloc.h), as jansson does not always say it ran out of
   memory. */
static void *arena_malloc(size_t n)
{
	void *p = json_alloc_next() ? NULL
		  : active	    ? arena_take(active, n)
				    : malloc(n);

	if (!p) {
		json_alloc_failed();
	}
	return p;
}

static void arena_free(void *p)
{
	if (active && arena_holds(active, p)) {
		return; /* dropped with the arena */
	}
	free(p);
}

/* Installed before main: see the file's header. */
__attribute__((constructor)) static void arena_install(void)
{
	json_set_alloc_funcs(arena_malloc, arena_free);
}

/* Drop what a holds, keeping its newest (largest) chunk for reuse: the
   memory kept is bounded by the largest record's tree, not the file. */
static void arena_reset(struct json_arena *a)
{
	struct json_arena_chunk *c = a->head, *old, *next;

	if (!c) {
		return;
	}
	for (old = c->next; old; old = next) {
		next = old->next;
		free(old);
	}
	c->next = NULL;
	c->used = 0;
}

void json_arena_free(struct json_arena *a)
{
	arena_reset(a);
	free(a->head);
	a->head = NULL;
}

/* 1 if s[0..len) holds -0 as a number: '-', '0', and no digit, '.',
   'e' or 'E' after it (inside a string it only costs a second parse). */
static int has_minus_zero(const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	char c;

	while ((p = memchr(p, '-', (size_t)(end - p))) != NULL) {
		p++;
		if (p < end && *p == '0') {
			c = p + 1 < end ? p[1] : ' ';
			if (!(c >= '0' && c <= '9') && c != '.' && c != 'e' &&
			    c != 'E') {
				return 1;
			}
		}
	}
	return 0;
}

static json_t *parse_once(struct json_arena *a, const char *s, size_t len,
			  size_t flags, json_error_t *err)
{
	json_t *rec;

	arena_reset(a);
	active = a;
	rec = json_loadb(s, len, flags, err);
	active = NULL;
	return rec;
}

json_t *json_arena_parse(struct json_arena *a, const char *s, size_t len,
			 size_t flags, json_error_t *err)
{
	json_t *rec = parse_once(a, s, len, flags, err);
	size_t used;

	if (rec) {
		used = err->position >= 0 && (size_t)err->position < len
			   ? (size_t)err->position
			   : len;
		if (!has_minus_zero(s, used)) {
			return rec;
		}
	} else if (json_error_code(err) != json_error_numeric_overflow) {
		return NULL;
	}
	return parse_once(a, s, len, flags | JSON_DECODE_INT_AS_REAL, err);
}
