/*
 * json_alloc: the count of jansson's allocations that failed, one count
 * per thread (json_alloc.h). Per thread, as compare --jobs writes
 * reports in several threads at once: a thread's count is its own
 * jansson calls' and needs no lock. The same per thread for the count
 * of allocations asked for and the one a test makes fail.
 */
#include "pksim/load/json_alloc.h"

static _Thread_local unsigned long long failures;
/* allocations asked for; the one of that number to fail (0: none) */
static _Thread_local unsigned long long made, fail_at;

void json_alloc_failed(void)
{
	failures++;
}

unsigned long long json_alloc_failures(void)
{
	return failures;
}

int json_alloc_next(void)
{
	return ++made == fail_at;
}

unsigned long long json_alloc_made(void)
{
	return made;
}

void json_alloc_fail_at(unsigned long long n)
{
	fail_at = n ? made + n : 0;
}
