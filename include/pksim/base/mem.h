/*
 * mem: allocation wrappers. Out of memory is fatal: the wrappers print
 * `pksim: out of memory` and exit 1, so callers never check for NULL.
 */
#ifndef PKSIM_MEM_H
#define PKSIM_MEM_H

#include <stdarg.h>
#include <stddef.h>

/* Print `pksim: out of memory` and exit 1: for an allocation the C
   library made on pksim's behalf (a stream's) that failed. */
_Noreturn void mem_oom(void);
/* malloc(n); never returns NULL (n == 0 allocates 1 byte). */
void *xmalloc(size_t n);
/* calloc(count, size), overflow-checked; never returns NULL. */
void *xcalloc(size_t count, size_t size);
/* realloc(p, count * size), overflow-checked; never returns NULL. */
void *xreallocarray(void *p, size_t count, size_t size);
/* strdup(s); NULL gives NULL. */
char *xstrdup(const char *s);
/* A copy of the first n bytes of s, NUL-terminated. */
char *xstrndup(const char *s, size_t n);
/* asprintf into a fresh string owned by the caller. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* vasprintf into a fresh string owned by the caller; ap is consumed (the
   caller va_ends it). A text over INT_MAX bytes is out of memory. */
char *xvasprintf(const char *fmt, va_list ap)
    __attribute__((format(printf, 1, 0)));

/* n bytes (a multiple of align, a power of 2 at least sizeof(void *))
   starting at a multiple of align, owned by the caller (free). */
void *xaligned_alloc(size_t align, size_t n);
/* Bytes of a huge page (PK_MEM_HUGE_BYTES, 2 MiB on x86-64 Linux). */
#define PK_MEM_HUGE_BYTES ((size_t)2 << 20)
/* n bytes (a multiple of PK_MEM_HUGE_BYTES) starting at a multiple of
   it, owned by the caller (xhuge_free with the same n), with the system
   asked to back them with huge pages (Linux madvise MADV_HUGEPAGE; where
   transparent huge pages are off or missing, ordinary pages: only speed
   differs). On Linux the block is a mapping of its own of exactly n
   bytes: no address space or (with MALLOC_PERTURB_) resident memory
   beyond them. For a large table read at random that is filled from its
   start: each 2 MiB touched is resident whole, so a sparse table would
   cost memory. Contents are unspecified. */
void *xhuge_alloc(size_t n);
/* Release block p of n bytes from xhuge_alloc(n); NULL does nothing. */
void xhuge_free(void *p, size_t n);

/* Keep large blocks (PK_MEM_MAPPED_BYTES and up) mapped on their own
   for the rest of the process, so a freed one goes back to the system
   at once and a growing one moves by remapping. Call once, before the
   first allocation of a run. Without it glibc raises its mapping
   threshold to the largest block freed (up to 32 MiB on 64-bit), after
   which the remedy replays' arrays come from the heap and the pages
   they free stay resident: a 1,000-range run with its replays peaked
   at 243 MB resident on 146 MB allocated, above the memory estimate
   that let it start (scenario.h). Elsewhere than glibc it does
   nothing. */
#define PK_MEM_MAPPED_BYTES ((size_t)128 << 10)
void mem_map_large_blocks(void);

/* Grow *arr (element size elem) so it holds at least need elements.
   The capacity doubles up to PK_MEM_GROW_FINE_BYTES, then grows by an
   eighth: a block that large is mapped on its own and grows by
   remapping, without a copy (mem_map_large_blocks), so the finer steps
   cost little, and the address space a large array holds past its
   elements stays within an eighth of them, not up to as much again (a
   100-day series' 8,640,000 seconds' records, 553 MB, took a 1,074 MB
   block by doubling; an address-space limit counts the whole block). */
#define PK_MEM_GROW_FINE_BYTES ((size_t)64 << 20)
void mem_grow(void **arr, size_t *cap, size_t need, size_t elem);

#endif
