/*
 * mem: allocation wrappers that exit on out-of-memory (STYLE.md: callers
 * never check). Exit status 1: running out of memory is an environment
 * failure, not bad input.
 */
#include "pksim/base/mem.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

static _Noreturn void oom(void)
{
	fputs("pksim: out of memory\n", stderr);
	exit(1);
}

void mem_oom(void)
{
	oom();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		oom();
	}
	return p;
}

void *xaligned_alloc(size_t align, size_t n)
{
	void *p = NULL;

	if (posix_memalign(&p, align, n ? n : align) != 0) {
		oom();
	}
	return p;
}

#if defined(__linux__) && defined(MADV_HUGEPAGE) && !defined(__EMSCRIPTEN__)
/*
 * The block is mapped here rather than by posix_memalign: glibc's
 * aligned allocation of n bytes at a 2 MiB boundary maps n + 2 MiB and
 * keeps the whole mapping, and with MALLOC_PERTURB_ set (meson's tests
 * set it) fills all of it, so a block would hold 2 MiB more address
 * space than it uses and, perturbed, 2 MiB more resident than the
 * memory estimate counts (scenario.h: a block at its n bytes). Mapping
 * n + 2 MiB and unmapping the parts before the first boundary and after
 * the block's n bytes leaves exactly n.
 */
void *xhuge_alloc(size_t n)
{
	size_t span = n + PK_MEM_HUGE_BYTES, head;
	char *p, *a;

	p = mmap(NULL, span, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		oom();
	}
	a = p + ((PK_MEM_HUGE_BYTES - (uintptr_t)p % PK_MEM_HUGE_BYTES) %
		 PK_MEM_HUGE_BYTES);
	head = (size_t)(a - p);
	if (head > 0) {
		(void)munmap(p, head);
	}
	if (span - head - n > 0) {
		(void)munmap(a + n, span - head - n);
	}
	/* a hint: refused (EINVAL without THP), it changes nothing */
	(void)madvise(a, n, MADV_HUGEPAGE);
	return a;
}

void xhuge_free(void *p, size_t n)
{
	if (p) {
		(void)munmap(p, n);
	}
}
#else
/* Elsewhere an aligned allocation; wasm's linear memory has no pages
   to advise (emscripten would print a warning on stderr for each
   madvise call). */
void *xhuge_alloc(size_t n)
{
	return xaligned_alloc(PK_MEM_HUGE_BYTES, n);
}

void xhuge_free(void *p, size_t n)
{
	(void)n;
	free(p);
}
#endif

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (!p) {
		oom();
	}
	return p;
}

void *xreallocarray(void *p, size_t count, size_t size)
{
	void *q;

	if (size && count > SIZE_MAX / size) {
		oom();
	}
	q = realloc(p, count && size ? count * size : 1);
	if (!q) {
		oom();
	}
	return q;
}

char *xstrdup(const char *s)
{
	return s ? xstrndup(s, strlen(s)) : NULL;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	va_list cp;
	int n;
	char *p;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0) {
		/* only when the text would exceed INT_MAX bytes */
		oom();
	}
	p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void mem_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t c = *cap ? *cap : 16;

	if (need <= *cap) {
		return;
	}
	while (c < need) {
		c += c * elem < PK_MEM_GROW_FINE_BYTES ? c : c / 8;
	}
	*arr = xreallocarray(*arr, c, elem);
	*cap = c;
}

void mem_map_large_blocks(void)
{
#ifdef __GLIBC__
	/* setting the threshold also stops glibc from raising it */
	mallopt(M_MMAP_THRESHOLD, (int)PK_MEM_MAPPED_BYTES);
#endif
}
