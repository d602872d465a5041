/*
 * json_alloc: the count of jansson's allocations that failed, one count
 * per thread (json_alloc.h). Per thread, as compare --jobs writes
 * reports in several threads at once: a thread's count is its own
 * jansson calls' and needs no lock.
 */
#include "pksim/load/json_alloc.h"

static _Thread_local unsigned long long failures;

void json_alloc_failed(void)
{
	failures++;
}

unsigned long long json_alloc_failures(void)
{
	return failures;
}
